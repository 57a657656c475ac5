"""`pytruco view`, `pytruco events` and `pytruco schema` (RECORDS.md views and events): what a client would receive,
from a record."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from pytruco import Record, replay
from pytruco.cli import main
from pytruco.frontend import replay_events
from pytruco.schema import schema
from pytruco.views import view

RECORD = {
    "format": "truco-record/1",
    "rules": "default",
    "first_mano": 0,
    "hands": [
        {
            "deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]],
            "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 timeout"],
        }
    ],
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def record_file(tmp_path: Path) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    return str(path)


def test_view_prints_the_seats_view_after_the_record(capsys: pytest.CaptureFixture[str], record_file: str) -> None:
    code, out, _ = run(capsys, "view", "--seat", "1", record_file)
    assert code == 0
    data = json.loads(out)
    assert data == view(replay(RECORD).state, 1).to_json()
    assert data["hand"] == ["5O", "4O", "3B"] and "7C" not in out
    assert data["envido"]["declarations"][-1] == {"seat": 1, "points": None, "timeout": True}
    code, out, _ = run(capsys, "view", "--seat", "spectator", record_file)
    assert code == 0 and json.loads(out)["hand"] == [] and json.loads(out)["seat"] is None


def test_events_prints_one_object_per_line_as_the_seat_receives_them(
    capsys: pytest.CaptureFixture[str], record_file: str
) -> None:
    code, out, _ = run(capsys, "events", "--seat", "0", record_file)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert lines[0] == {
        "kind": "dealt", "seat": 0, "team": None, "points": 0, "card": None, "detail": "", "hand": ["7C", "6C", "1E"],
    }  # fmt: skip
    expected = [step.seat_events(0) for step in replay_events(RECORD)]
    assert lines == [line for group in expected for line in group]
    assert [line["kind"] for line in lines][-3:] == ["declared", "envido-won", "points"]
    code, out, _ = run(capsys, "events", "--seat", "spectator", record_file)
    assert "hand" not in json.loads(out.splitlines()[0])


def test_events_with_lang_prints_the_text_beside_each_event(
    capsys: pytest.CaptureFixture[str], record_file: str
) -> None:
    """`pytruco events --lang es|en` (the event texts a front end shows): each line is {"event": ..., "text": ...}, as
    pytruco serve sends it."""
    code, out, _ = run(capsys, "events", "--seat", "1", "--lang", "es", record_file)
    lines = [json.loads(line) for line in out.splitlines()]
    expected = [line for step in replay_events(RECORD) for line in step.seat_events(1)]
    assert code == 0 and [line["event"] for line in lines] == expected
    assert lines[0]["text"] == "Se repartió; asiento 0 es mano"
    code, out, _ = run(capsys, "events", "--seat", "1", "--lang", "en", record_file)
    assert json.loads(out.splitlines()[0])["text"] == "The cards are dealt; seat 0 is mano"
    with pytest.raises(SystemExit) as exit_info:
        run(capsys, "events", "--seat", "1", "--lang", "fr", record_file)
    assert exit_info.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_bad_seats_and_records_get_one_line_and_no_traceback(
    capsys: pytest.CaptureFixture[str], record_file: str, tmp_path: Path
) -> None:
    for seat in ("2", "-1", "x", "1" * 50, "True"):
        code, out, err = run(capsys, "view", "--seat", seat, record_file)
        assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": [{"deal": '
                   '[["7C", "6C", "1E"], ["5O", "4O", "3B"]], "actions": ["1 truco"]}]}', encoding="utf-8")  # fmt: skip
    code, out, err = run(capsys, "events", "--seat", "0", str(bad))
    assert code == 1 and json.loads(out.splitlines()[-1])["error"]["kind"] == "illegal-action"
    assert "Traceback" not in err


def test_schema_prints_each_schema(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("record", "view", "event", "action"):
        code, out, _ = run(capsys, "schema", name)
        assert code == 0 and json.loads(out) == schema(name)


def test_view_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(Record.from_dict(RECORD).dumps()))
    code, out, _ = run(capsys, "view", "--seat", "0", "-")
    assert code == 0 and json.loads(out)["score"] == [2, 0]

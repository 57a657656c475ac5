"""The ``pytruco`` command: ``replay`` exactly as RECORDS.md says, and the other subcommands."""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytruco.cli import main
from pytruco.play import play_terminal

RECORD = {
    "format": "truco-record/1",
    "rules": {"preset": "classic", "players": 2, "target": 30},
    "first_mano": 0,
    "hands": [
        {
            "deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]],
            "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E", "1 3B", "0 7C", "1 5O"],
        }
    ],
}


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: object, *flags: str) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    code = main(["replay", *flags, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_prints_one_json_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md `pytruco replay FILE`: hands (points, score), score, chicos, winner, finished; exit 0."""
    code, out, err = run(tmp_path, capsys, RECORD)
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    assert json.loads(out) == {
        "hands": [{"points": [3, 0], "score": [3, 0]}],
        "score": [3, 0],
        "chicos": [0, 0],
        "winner": None,
        "finished": False,
    }


def test_replay_reads_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md: FILE `-` reads standard input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(RECORD)))
    assert main(["replay", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["score"] == [3, 0]


def test_trace_lines_before_each_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md --trace: one line per decision point with exactly hand, action, to_act, legal, score;
    legal sorted, timeout and rendirse never listed."""
    code, out, _ = run(tmp_path, capsys, RECORD, "--trace")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert len(lines) == 9  # eight actions, then the result (the record ends with the hand)
    first = lines[0]
    assert list(first) == ["hand", "action", "to_act", "legal", "score"]
    assert first == {
        "hand": 0,
        "action": 0,
        "to_act": [0],
        "legal": sorted(["0 7C", "0 6C", "0 1E", "0 envido", "0 real-envido", "0 falta-envido", "0 truco", "0 mazo"]),
        "score": [0, 0],
    }
    assert lines[2] == {"hand": 0, "action": 2, "to_act": [0], "legal": ["0 tengo 33"], "score": [0, 0]}
    assert lines[3]["legal"] == ["1 son-buenas", "1 tengo 29"]
    for line in lines[:8]:
        assert line["legal"] == sorted(line["legal"])
        assert not any(text.endswith((" timeout", " rendirse")) for text in line["legal"])
    assert "hands" in lines[8]


def test_trace_adds_a_line_when_the_record_stops_mid_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md --trace: a record that ends in the middle of a hand gets one more line for the next decision."""
    record = json.loads(json.dumps(RECORD))
    record["hands"][0]["actions"] = ["0 envido", "1 quiero"]
    code, out, _ = run(tmp_path, capsys, record, "--trace")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [(line["hand"], line["action"]) for line in lines[:3]] == [(0, 0), (0, 1), (0, 2)]
    assert lines[2]["legal"] == ["0 tengo 33"]
    assert lines[3]["hands"] == [{"points": [0, 0], "score": [0, 0]}]


def test_trace_before_any_choice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md --trace: an online record that stops before the draw's first choice still waits on it."""
    record = {"format": "truco-record/1", "rules": "online", "hands": []}
    code, out, _ = run(tmp_path, capsys, record, "--trace")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert lines[0] == {
        "hand": None,
        "action": 0,
        "to_act": [0, 1],
        "legal": sorted(f"{seat} rps {word}" for seat in (0, 1) for word in ("piedra", "papel", "tijera")),
        "score": [0, 0],
    }
    assert "hands" in lines[1]


def test_trace_of_rock_paper_scissors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md --trace: `hand` is null for pre actions; a record that stops in the draw gets one more line."""
    record = {"format": "truco-record/1", "rules": "online", "pre": ["1 rps piedra"], "hands": []}
    code, out, _ = run(tmp_path, capsys, record, "--trace")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert lines[0]["hand"] is None and lines[0]["to_act"] == [0, 1] and len(lines[0]["legal"]) == 6
    assert lines[1] == {
        "hand": None,
        "action": 1,
        "to_act": [0],
        "legal": ["0 rps papel", "0 rps piedra", "0 rps tijera"],
        "score": [0, 0],
    }


@pytest.mark.parametrize(
    ("change", "kind", "hand", "action"),
    [
        (lambda r: r["hands"][0]["actions"].insert(1, "1 retruco"), "illegal-action", 0, 1),
        (lambda r: r["hands"][0]["actions"].insert(1, "1 trucazo"), "bad-notation", 0, 1),
        (lambda r: r["hands"][0]["actions"].insert(0, "0 8E"), "bad-notation", 0, 0),
        (lambda r: r["hands"][0]["actions"].insert(0, "2 7C"), "illegal-action", 0, 0),
        (lambda r: r["hands"][0]["deal"][1].__setitem__(0, "7C"), "bad-deal", 0, None),
        (lambda r: r["hands"][0]["deal"][1].__setitem__(0, "9O"), "bad-deal", 0, None),
        (lambda r: r["hands"][0]["deal"][1].pop(), "bad-deal", 0, None),
        (lambda r: r.__setitem__("format", "truco-record/2"), "bad-record", None, None),
        (lambda r: r.__setitem__("rules", "uruguayo"), "bad-record", None, None),
        (lambda r: r.__setitem__("rules", {"preset": "classic", "colour": "red"}), "bad-record", None, None),
        (lambda r: r.__setitem__("rules", {"preset": "classic", "players": 3}), "bad-record", None, None),
        (lambda r: r.pop("first_mano"), "bad-record", None, None),
        (lambda r: r.pop("hands"), "bad-record", None, None),
        (lambda r: r.__setitem__("score", [30, 0]), "bad-record", None, None),
        (lambda r: r.__setitem__("pre", ["0 rps piedra"]), "bad-record", None, None),
        (lambda r: r["hands"].append(r["hands"][0]) or r["hands"][0]["actions"].pop(), "bad-record", None, None),
    ],
    ids=[
        "illegal-raise",
        "unknown-word",
        "unknown-card",
        "seat-beyond-table",
        "repeated-card",
        "card-9",
        "two-cards",
        "format",
        "preset",
        "option",
        "players",
        "first-mano",
        "hands",
        "score-at-target",
        "both-first-mano-and-pre",
        "new-hand-while-unfinished",
    ],
)
def test_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: object, kind: str, hand: int | None, action: int | None
) -> None:
    """RECORDS.md: an error prints {"error": ...} on stdout, one line on stderr, exit status 1."""
    record = json.loads(json.dumps(RECORD))
    change(record)  # type: ignore[operator]
    code, out, err = run(tmp_path, capsys, record)
    assert code == 1
    error = json.loads(out)["error"]
    assert error["kind"] == kind
    assert error["hand"] == hand
    assert error["action"] == action
    assert error["message"]
    assert err.count("\n") == 1 and kind in err


def test_illegal_action_error_names_the_text_and_stops(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md: `text` quotes the failing action; nothing after it is applied (the trace stops there)."""
    record = json.loads(json.dumps(RECORD))
    record["hands"][0]["actions"] = ["0 truco", "1 quiero", "0 retruco", "1 quiero"]
    code, out, _ = run(tmp_path, capsys, record, "--trace")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert len(lines) == 4  # three trace lines (the third before the failing action), then the error
    assert lines[-1]["error"]["text"] == "0 retruco"
    assert "holds the quiero" in lines[-1]["error"]["message"]


def test_invalid_json_and_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md: invalid JSON is a bad-record; so is a file that cannot be read."""
    code, out, err = run(tmp_path, capsys, "{not json")
    assert code == 1 and json.loads(out)["error"]["kind"] == "bad-record" and err
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["kind"] == "bad-record"


def test_action_after_the_match_is_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RECORDS.md: any action after the match is over is an illegal-action."""
    record = {
        "format": "truco-record/1",
        "rules": "default",
        "first_mano": 0,
        "score": [29, 0],
        "hands": [{"deal": [["1E", "3O", "4B"], ["7O", "2C", "5E"]], "actions": ["0 truco", "1 no-quiero", "0 1E"]}],
    }
    code, out, _ = run(tmp_path, capsys, record)
    assert code == 1
    assert json.loads(out)["error"] | {"message": ""} == {
        "kind": "illegal-action",
        "hand": 0,
        "action": 2,
        "text": "0 1E",
        "message": "",
    }


def test_random_prints_a_record_that_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pytruco random` prints a finished game's record; replaying it gives a winner."""
    assert main(["random", "--seed", "4", "--preset", "reglamento", "--players", "4"]) == 0
    text = capsys.readouterr().out
    record = json.loads(text)
    assert record["format"] == "truco-record/1"
    code, out, _ = run(tmp_path, capsys, text)
    assert code == 0 and json.loads(out)["finished"] is True


def test_bench_json_has_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md (bench): `pytruco bench --json` prints one object with hands per second per preset, 2v2 and replays.
    Only the shape is checked: speed is never asserted by a test."""
    assert main(["bench", "--json", "--seconds", "0.02"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for preset in ("default", "online", "classic", "ladder", "reglamento"):
        assert figures[f"{preset}/1v1/hands_per_s"] > 0
    assert figures["default/2v2/hands_per_s"] > 0
    assert figures["default/records_replayed_per_s"] > 0
    assert figures["build/compiled"] in (0, 1)
    # issue 21: observations per second and (OpenSpiel installed) its steps per second beside bare apply
    assert figures["research/apply_steps_per_s"] > 0 and figures["research/observations_per_s"] > 0
    assert ("research/openspiel_steps_per_s" in figures) == (importlib.util.find_spec("pyspiel") is not None)


def test_play_against_the_bot_until_the_end() -> None:
    """`pytruco play`: a whole game in the terminal; the player always takes the first listed option."""
    out = io.StringIO()
    code = play_terminal(
        preset="default", target=15, seed=2, bot="heuristic", lang="en", stdin=io.StringIO("1\n" * 2000), stdout=out
    )
    text = out.getvalue()
    assert code == 0
    assert "── Hand 1" in text
    assert "You win!" in text or "You lose." in text


def test_play_leaves_on_end_of_input_without_conceding() -> None:
    """`pytruco play`: closing the input leaves the table with a goodbye (no result is claimed)."""
    out = io.StringIO()
    assert play_terminal(preset="classic", seed=1, bot="heuristic", lang="en", stdin=io.StringIO(""), stdout=out) == 0
    assert "Goodbye" in out.getvalue()
    assert "You lose" not in out.getvalue()


def test_play_accepts_notation_and_explains_illegal_moves() -> None:
    """`pytruco play`: typed notation is accepted; an illegal or unknown one is explained and asked again."""
    out = io.StringIO()
    play_terminal(
        preset="default",
        seed=3,
        seat=0,
        bot="heuristic",
        lang="en",
        stdin=io.StringIO("vale-cuatro\nbogus\nq\n"),
        stdout=out,
    )
    text = out.getvalue()
    assert "Not allowed now: vale cuatro." in text
    assert "I did not understand 'bogus'" in text


def test_module_entry_point() -> None:
    """`python -m pytruco` runs the same command."""
    done = subprocess.run(
        [sys.executable, "-m", "pytruco", "replay", "-"],
        input=json.dumps(RECORD),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["score"] == [3, 0]


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "-1", "0", "1e309"])
def test_bench_refuses_seconds_that_never_end(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`pytruco bench --seconds` takes a finite time above zero: nan, infinite or negative is a usage error
    (exit 2, a sentence, no traceback), not a benchmark that never ends."""
    with pytest.raises(SystemExit) as stopped:
        main(["bench", "--seconds", seconds])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--seconds" in err and "Traceback" not in err

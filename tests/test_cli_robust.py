"""The project's standard (TEAM.md): the real `pytruco` command never prints a traceback.

For a corpus of bad records and files, `pytruco replay FILE` (and `--trace`) exits with status 1, prints one JSON
error object on standard output (after any trace lines) and one line on standard error, and what it echoes of the
input is bounded. The commands run in subprocesses, all at once, so the file takes a few seconds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pytruco.records import MAX_RECORD_SIZE

GOOD = {
    "format": "truco-record/1",
    "rules": "default",
    "first_mano": 0,
    "hands": [{"deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "actions": ["0 envido", "1 quiero"]}],
}


def good(**changes: object) -> bytes:
    data = json.loads(json.dumps(GOOD))
    data.update(changes)
    return json.dumps(data).encode()


def with_actions(*actions: str) -> bytes:
    return good(hands=[{"deal": GOOD["hands"][0]["deal"], "actions": list(actions)}])  # type: ignore[index]


# name -> (file contents, or None for a path that is not a readable file; the expected error kind)
CORPUS: dict[str, tuple[bytes | Callable[[Path], Path] | None, str]] = {
    "missing-file": (None, "bad-record"),
    "directory": (lambda tmp: tmp, "bad-record"),
    "empty": (b"", "bad-record"),
    "bad-utf8": (b'{"format": "truco-record/1", "x": "\xff\xfe"}', "bad-record"),
    "binary": (bytes(range(256)) * 64, "bad-record"),
    "utf16": (good().decode().encode("utf-16"), "bad-record"),
    "nul": (b"\x00" * 100, "bad-record"),
    "array": (b"[]", "bad-record"),
    "null": (b"null", "bad-record"),
    "nan": (good(meta={"x": 1}).replace(b'"x": 1', b'"x": NaN'), "bad-record"),
    "infinity": (good(meta={"x": 1}).replace(b'"x": 1', b'"x": -Infinity'), "bad-record"),
    "duplicate": (good().replace(b'"first_mano": 0', b'"first_mano": 0, "first_mano": 1'), "bad-record"),
    "deep": (b'{"meta": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "bad-record"),
    "huge-int": (good(meta={"x": 1}).replace(b'"x": 1', b'"x": ' + b"9" * 5000), "bad-record"),
    "too-large": (b" " * (MAX_RECORD_SIZE + 1), "bad-record"),
    "targets-5": (good(rules={"preset": "default", "targets": 5}), "bad-record"),
    "chicos-true": (good(rules={"preset": "reglamento", "chicos_to_win": True}), "bad-record"),
    "deal-text": (good(hands=[{"deal": "7C 6C 1E", "actions": []}]), "bad-record"),
    "unicode-card": (with_actions("0 ²E"), "bad-notation"),
    "unicode-seat": (with_actions("፩ mazo"), "bad-notation"),
    "unicode-deal": (good(hands=[{"deal": [["7C", "6C", "፩B"], ["5O", "4O", "3B"]], "actions": []}]), "bad-deal"),
    "huge-seat": (with_actions("9" * 5000 + " mazo"), "bad-notation"),
    "huge-tengo": (with_actions("0 envido", "1 quiero", "0 tengo " + "9" * 5000), "bad-notation"),
    "ten-megabyte-action": (with_actions("0 " + "envido" * 1_700_000), "bad-notation"),
    "illegal": (with_actions("0 retruco"), "illegal-action"),
}


# --trace changes nothing before the record is read; it is run for the errors found while replaying.
TRACED = ("bad-utf8", "deep", "unicode-card", "unicode-deal", "huge-tengo", "ten-megabyte-action", "illegal")


def command() -> list[str]:
    """The installed `pytruco` script next to this Python (the real command), else `python -m pytruco`."""
    script = Path(sys.executable).with_name("pytruco")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pytruco"]


@pytest.fixture(scope="module")
def corpus_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, bool], subprocess.CompletedProcess[str]]:
    tmp = tmp_path_factory.mktemp("corpus")
    procs = {}
    for name, (contents, _) in CORPUS.items():
        if contents is None:
            path = tmp / "does-not-exist.json"
        elif callable(contents):
            path = contents(tmp)
        else:
            path = tmp / f"{name}.json"
            path.write_bytes(contents)
        for trace in (False, True) if name in TRACED else (False,):
            args = [*command(), "replay", *(["--trace"] if trace else []), str(path)]
            procs[name, trace] = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    runs = {}
    for key, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        runs[key] = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    return runs


@pytest.mark.parametrize(
    ("name", "trace"), [(name, False) for name in CORPUS] + [(name, True) for name in TRACED], ids=str
)
def test_bad_record_gives_one_json_error_and_no_traceback(corpus_runs, name, trace):
    """RECORDS.md (errors): exit 1, {"error": ...} last on stdout, one stderr line, bounded output."""
    run = corpus_runs[name, trace]
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout
    lines = run.stdout.splitlines()
    error = json.loads(lines[-1])["error"]
    assert error["kind"] == CORPUS[name][1]
    assert all("error" not in json.loads(line) for line in lines[:-1])  # trace lines, if any
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("pytruco replay: ")
    assert len(lines[-1]) < 1000 and len(run.stderr) < 1000


def test_ten_megabyte_action_is_echoed_in_a_few_hundred_bytes(corpus_runs):
    """Bounded output (STYLE.md errors quote the input): a 10 MB action text once put 31 MB on stdout; the text
    member is cut to ~80 characters."""
    run = corpus_runs["ten-megabyte-action", False]
    assert len(run.stdout) < 500
    assert json.loads(run.stdout)["error"]["text"].endswith("…")


@pytest.mark.parametrize(
    "args",
    [
        ["random", "--players", "3"],
        ["random", "--preset", "x" * 10_000],
        ["random", "--preset", "online", "--players", "4"],
    ],
    ids=["players-3", "long-preset", "online-4"],
)
def test_random_refuses_bad_options_without_a_traceback(args):
    """No traceback (TEAM.md): `pytruco random` with impossible options exits 1 with one line on standard error."""
    run = subprocess.run([*command(), *args], capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1 and len(run.stderr) < 500


def test_an_internal_error_is_one_line_not_a_traceback(monkeypatch, capsys):
    """STYLE.md: the command line never prints a traceback, even for a bug (PYTRUCO_TRACEBACK=1 shows it)."""
    from pytruco import cli

    def broken(*args: object, **kwargs: object) -> int:
        raise KeyError("boom")

    monkeypatch.setattr(cli, "_replay", broken)
    monkeypatch.delenv("PYTRUCO_TRACEBACK", raising=False)
    assert cli.main(["replay", "x.json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error (KeyError" in err
    monkeypatch.setenv("PYTRUCO_TRACEBACK", "1")
    with pytest.raises(KeyError, match="boom"):  # the broken function's own error, re-raised as it is
        cli.main(["replay", "x.json"])

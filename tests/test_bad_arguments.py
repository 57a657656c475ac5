"""Bad arguments to the library's loaders and the command line's file arguments get a library error, never an
"internal error" (issue 36 item 14)."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytruco import ArgumentError
from pytruco.bots import load_bot
from pytruco.cli import main
from pytruco.play import play_terminal


@pytest.mark.parametrize("spec", ["..:x", ".:x", ".bots:RandomBot", "..bots:RandomBot"])
def test_load_bot_refuses_a_relative_module_with_its_own_error(spec: str) -> None:
    """Issue 36 item 14: a relative module name raised the import system's TypeError ("the 'package' argument is
    required"), which the command line reported as an internal error."""
    with pytest.raises(ArgumentError, match="relative module") as caught:
        load_bot(spec)
    assert repr(spec) in str(caught.value)


@pytest.mark.parametrize("spec", ["a\x00b:X", "bot\x00.py:X", "pytruco.bots:Random\x00Bot"])
def test_load_bot_refuses_a_nul_character(spec: str) -> None:
    """Issue 36 item 14: a NUL character names no module, file or class."""
    with pytest.raises(ArgumentError, match="NUL character"):
        load_bot(spec)


@pytest.mark.parametrize("command", [["replay"], ["view", "--seat", "0"], ["events", "--seat", "0"]])
def test_a_nul_byte_in_a_file_argument_is_a_bad_record_not_an_internal_error(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 36 item 14: open() raises ValueError ("embedded null byte") for such a path; the command says it cannot
    read the file, as for a missing one, with status 1."""
    assert main([*command, "game\x00.json"]) == 1
    out, err = capsys.readouterr()
    assert "internal error" not in out + err
    assert "a path cannot hold a NUL character" in out + err


def test_play_refuses_a_nul_byte_in_the_record_path_before_the_match(tmp_path: Path) -> None:
    """Issue 36 item 14: ``--record`` with a NUL character is refused before the first hand (as a folder that does
    not exist is), not after the match when the game would be lost."""
    out = io.StringIO()
    status = play_terminal(
        seed=1, lang="en", record_path=str(tmp_path / "a\x00b.json"), stdin=io.StringIO(""), stdout=out
    )
    assert status == 1
    assert "NUL character" in out.getvalue() and "Your cards" not in out.getvalue()


@pytest.mark.parametrize("command", [["play", "--bot", "..:x"], ["simulate", "..:x", "random", "--games", "1"]])
def test_the_command_line_says_why_a_relative_bot_is_refused(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 36 item 14: the CLI printed "internal error (TypeError: ...)" for ``..:x``."""
    status = main(command)
    out, err = capsys.readouterr()
    assert status != 0
    assert "internal error" not in out + err
    assert "relative module" in out + err


FUZZ_SCALE = int(os.environ.get("PYTRUCO_FUZZ_SCALE", "1"))


@settings(max_examples=150 * FUZZ_SCALE, deadline=None)
@given(spec=st.text(alphabet=".\x00:/ab_-", max_size=12))
def test_fuzzed_bot_specs_raise_only_argument_errors(spec: str) -> None:
    """Issue 36 item 14, fuzzed: specs of dots, colons, slashes, NULs and a few letters (which name no importable
    module, so nothing runs) are refused with ArgumentError and nothing else."""
    with pytest.raises(ArgumentError):
        load_bot(spec)


@settings(max_examples=60 * FUZZ_SCALE, deadline=None)
@given(path=st.text(alphabet="\x00ab/.", min_size=1, max_size=8), command=st.sampled_from(["replay", "view", "events"]))
def test_fuzzed_file_arguments_are_refused_as_bad_records(path: str, command: str) -> None:
    """Issue 36 item 14, fuzzed: a file argument that names no record (NULs, folders, missing files) is a bad-record
    refusal with status 1, never an internal error."""
    argv = [command, path] if command == "replay" else [command, "--seat", "0", path]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    assert status == 1, (argv, out.getvalue(), err.getvalue())
    assert "internal error" not in out.getvalue() + err.getvalue()

"""The README's example runs and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def run_readme_block(heading: str) -> tuple[str, list[str]]:
    """Run the first Python block under the README's *heading*: what it printed, and the lines its
    ``# `` comments say it prints."""
    text = README.read_text(encoding="utf-8")
    block = re.search(rf"## {re.escape(heading)}\n\n.*?```python\n(.*?)```", text, re.S)
    assert block is not None, heading
    code = block.group(1)
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), {})
    return out.getvalue(), expected


def test_readme_example_prints_what_it_says() -> None:
    printed, expected = run_readme_block("A hand in ten lines")
    assert printed.splitlines() == expected


def test_readme_opens_with_the_two_setup_commands() -> None:
    """The guide: the README opens with the command that runs the main job and the one that runs the tests."""
    lines = README.read_text(encoding="utf-8").splitlines()
    fence = lines.index("```sh")
    assert lines[fence + 1].endswith("pytruco play")
    assert lines[fence + 2].endswith("python -m pytest")
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/pip install -q -e '.[dev]'" in ci and ".venv/bin/python -m pytest" in ci


# -- Every command of the README's sh blocks works as written after the set-up --------------------------------
#
# The commands run from the checkout, through bash (they use pipes and redirections), with the checkout's
# .venv, as a reader who has run the set-up would run them. Five are changed so that a test can run them, and
# COMMANDS_RUN_DIFFERENTLY says how. (Installing from a wheel is a `text` block: it would replace the set-up's
# editable install; .ci/run installs the built wheel in a fresh environment.) A command the README gains later
# runs as written unless a rule below says otherwise.

ROOT = README.parent
SETUP = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]'"
NOT_RUN: dict[str, str] = {}
COMMANDS_RUN_DIFFERENTLY = {
    "pytruco play": "a scripted player: five answers of '1' on standard input, then end of input (it leaves)",
    "pytruco bench": "with --seconds 0.05 --repeats 1 added (as written it measures 14 figures for 2 s each)",
    "python -m pytest": "with --collect-only -q added (this test is part of that run)",
    "sphinx-build": "into a temporary directory instead of docs/_build, with the run's one doctree cache (-d)",
    "game.json": "the record is written to and read from a temporary directory, not the checkout",
}


def readme_commands() -> list[str]:
    """Every command line of the README's sh blocks, without its trailing comment."""
    blocks = re.findall(r"^```sh\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)
    commands = []
    for block in blocks:
        for line in block.splitlines():
            command = re.sub(r"\s+#\s.*$", "", line).strip()
            if command:
                commands.append(command)
    return commands


COMMANDS = readme_commands()


def test_the_readme_commands_are_found() -> None:
    assert len(COMMANDS) >= 12
    assert COMMANDS[0] == f"{SETUP} && .venv/bin/pytruco play"
    assert not any(command.startswith("pip install pytruco-ar") for command in COMMANDS), "not on PyPI yet"
    assert ".venv/bin/python examples/quickstart.py" in COMMANDS
    assert all(not command.startswith(("pytruco ", "python ")) for command in COMMANDS), "use .venv/bin/..."


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("readme")


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_works_as_written(command: str, scratch: Path, sphinx_doctrees: Path) -> None:
    if command in NOT_RUN:
        name = re.search(r'^name = "(.*)"$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
        assert name is not None and command == f"pip install {name[1]}"
        return
    if not (ROOT / ".venv" / "bin" / "pytruco").exists():
        pytest.skip("no .venv in the checkout: run the README's set-up first")
    if command.startswith(SETUP + " && "):
        # The set-up itself is what .ci/run does first (and what the fresh-clone check of the release does);
        # here the command after it runs.
        ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
        assert "python3 -m venv .venv\n" in ci and "\n.venv/bin/pip install -q -e '.[dev]'\n" in ci
        command = command.removeprefix(SETUP + " && ")
    stdin = None
    run = command.replace("game.json", str(scratch / "game.json"))
    if "pytruco play" in run:
        stdin = "1\n" * 5
    if "pytruco bench" in run:
        run += " --seconds 0.05 --repeats 1"
    if run.endswith("python -m pytest"):
        run += " --collect-only -q"
    if "sphinx-build" in run:
        run = re.sub(r"docs/_build/(\w+)", lambda m: str(scratch / "docs" / m[1]), run)
        run = run.replace(" -b ", f" -d {sphinx_doctrees} -b ", 1)
    result = subprocess.run(
        ["bash", "-c", run], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, f"{command!r} ran as {run!r}: exit {result.returncode}\n{result.stderr}"
    assert "Traceback" not in result.stderr, result.stderr
    out = result.stdout
    if "pytruco play" in command:
        assert "Tus cartas:" in out or "Your cards:" in out  # Spanish by default, English with --lang en
    elif "> game.json" in command:
        assert json.loads((scratch / "game.json").read_text(encoding="utf-8"))["format"] == "truco-record/1"
    elif "pytruco replay" in command:
        assert json.loads(out.splitlines()[-1])["score"]
        if "--trace" in command:
            assert json.loads(out.splitlines()[0])["legal"]
    elif "pytruco bench" in command:
        assert json.loads(out)["default/1v1/hands_per_s"] > 0
    elif "pytest" in command:
        assert re.search(r"^(\d+) tests collected", out, re.M), out[-500:]
    elif "sphinx-build" in command:
        builder = re.search(r"-b (\w+)", command)
        assert builder is not None and (scratch / "docs" / builder[1]).is_dir()
    elif "--help" in command:
        assert "replay" in out and "play" in out
    elif "quickstart" in command:
        assert "score after the hand" in out
    elif "random_game" in command:
        assert json.loads(out)["format"] == "truco-record/1"


def test_every_changed_command_has_a_rule() -> None:
    """Each rule of COMMANDS_RUN_DIFFERENTLY applies to a README command (none is stale)."""
    for key in COMMANDS_RUN_DIFFERENTLY:
        assert any(key in command for command in COMMANDS), key


# -- Each line of the README true (issue 36 item 18) ------------------------------------------------------------

README_TEXT = README.read_text(encoding="utf-8")


def test_the_readme_gives_no_pypi_install_while_it_says_pytruco_is_not_on_pypi() -> None:
    """Issue 36 item 18: ``pip install 'pytruco-ar[server]'`` stood beside "not on PyPI yet"."""
    assert "not on PyPI yet" in README_TEXT
    assert re.findall(r"pip\s+install\s+'?pytruco-ar", README_TEXT) == []  # a command may wrap


def test_the_readme_s_speed_figures_agree() -> None:
    """Issue 36 item 18: the intro said 26,000 random 1v1 hands a second and the table 37,000; the intro's figures
    are now the table's (rounded to the thousand), for the pure and the compiled build."""
    intro = re.search(r"Fast: about ([\d,]+) random 1v1 hands per second .*? about ([\d,]+) with", README_TEXT, re.S)
    row = re.search(r"^\| `default` 1v1 \| ([\d,]+)/s \| ([\d,]+)/s \|$", README_TEXT, re.M)
    assert intro is not None and row is not None
    for said, measured in zip(intro.groups(), row.groups(), strict=True):
        assert int(said.replace(",", "")) == round(int(measured.replace(",", "")), -3), (said, measured)


def test_the_readme_does_not_say_the_terminal_game_is_in_spanish_only() -> None:
    """Issue 36 item 18: "(Spanish)" beside ``pytruco play`` where the language follows the locale (English under an
    English one); the README says so, as the play command does."""
    from pytruco.play import detect_lang

    play_lines = [line for line in README_TEXT.splitlines() if "pytruco play --preset" in line]
    assert play_lines and all("Spanish" not in line for line in play_lines), play_lines
    assert "English where the locale's language is English" in README_TEXT
    assert detect_lang({"LANG": "en_US.UTF-8"}) == "en" and detect_lang({"LANG": "es_AR.UTF-8"}) == "es"


def test_the_readme_names_every_member_of_a_replay_error(tmp_path: Path) -> None:
    """Issue 36 item 18: a replay error carries a ``text`` member (the action that failed) the README left out; the
    members the README lists are those ``pytruco replay`` prints, in order."""
    from pytruco.cli import main

    listed = re.search(r'`\{"error": \{(.*?)\}\}`', README_TEXT)
    assert listed is not None
    said = re.findall(r'"(\w+)": \.\.\.', listed.group(1))
    record = json.loads(subprocess.run(
        [sys.executable, "-m", "pytruco", "random", "--seed", "1"], capture_output=True, text=True, check=True
    ).stdout)  # fmt: skip
    record["hands"][0]["actions"][0] = "0 envidx"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["replay", str(path)]) == 1
    assert said == list(json.loads(out.getvalue())["error"]), (said, out.getvalue())

"""The README's example runs and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_prints_what_it_says() -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## A hand in ten lines\n\n```python\n(.*?)```", text, re.S)
    assert block is not None
    code = block.group(1)
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), {})
    assert out.getvalue().splitlines() == expected


def test_readme_opens_with_the_two_setup_commands() -> None:
    """The guide: the README opens with the command that runs the main job and the one that runs the tests."""
    lines = README.read_text(encoding="utf-8").splitlines()
    fence = lines.index("```sh")
    assert lines[fence + 1].endswith("pytruco play")
    assert lines[fence + 2].endswith("python -m pytest")
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/pip install -q -e '.[dev]'" in ci and ".venv/bin/python -m pytest" in ci

"""The README's frontend example (issue 12: a view and an event in Spanish) runs and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_view_and_event_in_spanish() -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## A view and an event, in Spanish\n\n.*?```python\n(.*?)```", text, re.S)
    assert block is not None
    code = block.group(1)
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), {})
    assert out.getvalue().splitlines() == expected
    assert "Ana cantó envido" in out.getvalue()

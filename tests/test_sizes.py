"""Small modules (STYLE.md): no module of ``src/pytruco`` or its subpackages over 600 lines, no function over 60.

A function's length is counted with :mod:`ast` as ``end_lineno - lineno + 1`` of its ``def`` (docstring included;
decorators not). There is no allow-list: a piece over the limit is split before it lands.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "pytruco"
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60


def _sizes(paths: list[Path], root: Path) -> tuple[dict[str, int], dict[tuple[str, str], int]]:
    """Lines per module (by its path below *root*) and per function (the longest of that name in the module)."""
    modules: dict[str, int] = {}
    functions: dict[tuple[str, str], int] = {}
    for path in paths:
        text = path.read_text()
        name = path.relative_to(root).as_posix()
        modules[name] = len(text.splitlines())
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                key = (name, node.name)
                functions[key] = max(node.end_lineno - node.lineno + 1, functions.get(key, 0))
    return modules, functions


MODULE_LINES, FUNCTION_LINES = _sizes(sorted(SRC.rglob("*.py")), SRC)


def test_the_subpackages_are_measured() -> None:
    assert {"_engine/reducer.py", "views/__init__.py", "bots/_search.py", "cli.py"} <= MODULE_LINES.keys()


@pytest.mark.parametrize("name", sorted(MODULE_LINES))
def test_module_is_at_most_600_lines(name: str) -> None:
    assert MODULE_LINES[name] <= MAX_MODULE_LINES, f"{name} has {MODULE_LINES[name]} lines"


def test_no_function_is_over_60_lines() -> None:
    over = {key: length for key, length in FUNCTION_LINES.items() if length > MAX_FUNCTION_LINES}
    assert not over, f"functions over {MAX_FUNCTION_LINES} lines: {over}"


def test_the_measure_can_fail(tmp_path: Path) -> None:
    """A 61-line function and a 601-line module are measured as such (so the checks above can fail)."""
    sample = tmp_path / "pkg" / "sample.py"
    sample.parent.mkdir()
    body = "def long():\n" + "    x = 1\n" * 60 + "\n" * (601 - 61)
    sample.write_text(body)
    modules, functions = _sizes([sample], tmp_path)
    assert modules == {"pkg/sample.py": 601}
    assert functions == {("pkg/sample.py", "long"): 61}

"""Small modules (STYLE.md): no module of ``src/pytruco`` over 600 lines, no function over 60.

A function's length is counted with :mod:`ast` as ``end_lineno - lineno + 1`` of its ``def`` (docstring included;
decorators not). The allow-lists name what is still over and why; shrink them as pieces are split, never grow them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "pytruco"
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60

# What is still over, each to be removed by the split that fixes it (nothing is left).
MODULES_ALLOWED: set[str] = set()
FUNCTIONS_ALLOWED: set[tuple[str, str]] = set()


def _sizes() -> tuple[dict[str, int], dict[tuple[str, str], int]]:
    modules: dict[str, int] = {}
    functions: dict[tuple[str, str], int] = {}
    for path in sorted(SRC.glob("*.py")):
        text = path.read_text()
        modules[path.name] = len(text.splitlines())
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                key = (path.name, node.name)
                functions[key] = max(length, functions.get(key, 0))
    return modules, functions


MODULE_LINES, FUNCTION_LINES = _sizes()


@pytest.mark.parametrize("name", sorted(MODULE_LINES))
def test_module_is_at_most_600_lines(name: str) -> None:
    if name in MODULES_ALLOWED:
        pytest.skip(f"{name} is on the allow-list")
    assert MODULE_LINES[name] <= MAX_MODULE_LINES, f"{name} has {MODULE_LINES[name]} lines"


def test_no_function_is_over_60_lines() -> None:
    over = {
        key: length
        for key, length in FUNCTION_LINES.items()
        if length > MAX_FUNCTION_LINES and key not in FUNCTIONS_ALLOWED
    }
    assert not over, f"functions over {MAX_FUNCTION_LINES} lines: {over}"


def test_allow_lists_name_only_what_is_still_over() -> None:
    """An allow-list entry that is no longer over the limit must be removed, so the lists only shrink."""
    stale_modules = {name for name in MODULES_ALLOWED if MODULE_LINES.get(name, 0) <= MAX_MODULE_LINES}
    stale_functions = {key for key in FUNCTIONS_ALLOWED if FUNCTION_LINES.get(key, 0) <= MAX_FUNCTION_LINES}
    assert not stale_modules and not stale_functions, (stale_modules, stale_functions)

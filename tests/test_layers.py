"""Imports flow downward (docs/internals.md, "Layers"): a module imports only modules of lower layers.

The test parses every module of ``src/pytruco`` with :mod:`ast`, function-local imports included, and fails on an
import that runs upward or sideways, on any cycle, and on a function-local import outside the command line
(``cli.py`` imports its commands lazily so that ``pytruco --help`` starts fast). A module that is not in
:data:`LAYERS` yet is placed just above the highest module it imports; give it a layer here when it settles.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "pytruco"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "cardart", "version"),
    ("cards",),
    ("rules",),
    ("actions",),
    ("events", "history"),
    ("textwords",),
    ("textevents", "textrefusals"),
    ("text", "schema", "svg"),
    ("table",),
    ("rounds",),
    ("state",),
    ("refusals",),
    ("turns",),
    ("deal",),
    ("scoring",),
    ("tricks",),
    ("truco",),
    ("envido",),
    ("flor",),
    ("declarations",),
    ("mazo",),
    ("clock",),
    ("match",),
    ("engine",),
    ("encode", "worlds"),
    ("viewparts",),
    ("viewjson",),
    ("recordjson",),
    ("gamerecord",),
    ("views", "records", "partners"),
    ("botprotocol", "botreading"),
    ("botestimates",),
    ("botheuristic",),
    ("botsearch",),
    ("botismcts",),
    ("bots", "frontend"),
    ("openspiel", "pettingzoo"),
    ("playwords", "playinput"),
    ("playscreen",),
    ("playevents",),
    ("bench", "play", "simulate"),
    ("cli",),
    ("__init__", "__main__"),
)
LAZY_IMPORTS_ALLOWED = {"cli"}


def _imports(path: Path) -> list[tuple[str, int, bool]]:
    """``(module, line, local)`` for every import of a pytruco module in *path*."""
    tree = ast.parse(path.read_text(), str(path))
    local_lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    local_lines.add(inner.lineno)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                names = [node.module] if node.module else [alias.name for alias in node.names]
            elif node.module and node.module.split(".")[0] == "pytruco":
                rest = node.module.split(".")[1:]
                names = rest[:1] if rest else [alias.name for alias in node.names]
            else:
                continue
            found += [(name.split(".")[0], node.lineno, node.lineno in local_lines) for name in names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "pytruco" and len(parts) > 1:
                    found.append((parts[1], node.lineno, node.lineno in local_lines))
    return found


MODULES = {path.stem: _imports(path) for path in sorted(SRC.glob("*.py"))}


def _layer_of() -> dict[str, int]:
    layer = {name: index for index, group in enumerate(LAYERS) for name in group}
    pending = [name for name in MODULES if name not in layer]
    for _ in range(len(pending)):
        for name in list(pending):
            deps = {dep for dep, _, _ in MODULES[name]}
            if deps <= layer.keys():
                layer[name] = max((layer[dep] for dep in deps), default=-1) + 1
                pending.remove(name)
    assert not pending, f"modules in an import cycle: {pending}"
    return layer


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_run_downward(module: str) -> None:
    layer = _layer_of()
    for dep, line, local in MODULES[module]:
        assert dep in MODULES, f"{module}.py:{line} imports a missing module {dep!r}"
        assert layer[dep] < layer[module], (
            f"{module}.py:{line} imports {dep} from the same or a higher layer (see LAYERS in tests/test_layers.py)"
        )
        if module not in LAZY_IMPORTS_ALLOWED:
            assert not local, f"{module}.py:{line}: a function-local import of {dep} (only cli.py imports lazily)"


def test_no_import_cycle() -> None:
    """Depth-first search over every import, local ones included."""
    graph = {name: {dep for dep, _, _ in deps} for name, deps in MODULES.items()}
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(graph.get(name, ())):
            if state.get(dep) == 1:
                raise AssertionError("import cycle: " + " -> ".join([*path[path.index(dep) :], dep]))
            if dep not in state:
                visit(dep, [*path, dep])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_the_checker_sees_local_and_upward_imports(tmp_path: Path) -> None:
    """The parser finds a function-local import and names its module (so the checks above can fail)."""
    sample = tmp_path / "sample.py"
    sample.write_text("from .cards import Card\n\ndef f():\n    from .engine import apply\n    import pytruco.views\n")
    assert _imports(sample) == [("cards", 1, False), ("engine", 4, True), ("views", 5, True)]


def _private_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, name)`` for every underscore name *path* imports from a pytruco module (``__version__`` aside)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and (node.level == 1 or (node.module or "").startswith("pytruco")):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("_") and a.name != "__version__"]
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_name_crosses_modules(module: str) -> None:
    """Issue 8: a module uses another's public names only; a helper two modules need is public in the lower one."""
    assert not _private_imports(SRC / f"{module}.py")


def test_the_private_import_check_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from .cards import Card, _parse\nfrom pytruco.version import __version__\n")
    assert _private_imports(sample) == [(1, "_parse")]


def _drawn_layers() -> list[tuple[str, ...]]:
    """The layers as docs/internals.md draws them, top first: each line of the block under "## Layers"."""
    text = (SRC.parent.parent / "docs" / "internals.md").read_text()
    block = text.split("## Layers", 1)[1].split("```", 2)[1]
    rows = [line.split("  ", 1)[0] for line in block.strip().splitlines()]
    return [tuple(name.strip() for name in row.split(",")) for row in rows]


def test_internals_draws_the_layers_this_test_enforces() -> None:
    """docs/internals.md's drawing is LAYERS read top-down, and every module of src/pytruco is in LAYERS."""
    assert [tuple(sorted(group)) for group in _drawn_layers()] == [
        tuple(sorted(group)) for group in reversed(LAYERS) if group != ("__init__", "__main__")
    ]
    placed = {name for group in LAYERS for name in group}
    assert set(MODULES) <= placed, f"modules without a layer in LAYERS: {sorted(set(MODULES) - placed)}"

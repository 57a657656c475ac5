"""Imports flow downward (docs/internals.md, "Layers"): a module imports only modules of lower layers.

The test parses every module of ``src/pytruco`` and its subpackages with :mod:`ast`, function-local imports
included, and fails on an import that runs upward or sideways, on any cycle, on a function-local import outside the
command line (``cli.py`` imports its commands lazily so that ``pytruco --help`` starts fast), and on a private module
(``views/_parts.py``) imported from outside its package. Modules are named by their dotted path below ``pytruco``
(``_engine.state``; a package by its name, ``views`` for ``views/__init__.py``; ``__init__`` for the top one). A
module that is not in :data:`LAYERS` yet is placed just above the highest module it imports; give it a layer here
when it settles.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "pytruco"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "_cardart", "version", "_unchecked", "_engine.native"),
    ("cards", "_choices"),
    ("rules",),
    ("actions",),
    ("events", "_engine.history", "_engine.options"),
    ("text._words",),
    ("text._events", "text._refusals"),
    ("text", "schema", "svg"),
    ("_engine.stages",),
    ("_engine.parts",),
    ("_engine.round",),
    ("_engine.state",),
    ("_engine.refusals",),
    ("_engine.awaiting",),
    ("_engine.deal",),
    ("_engine.scoring",),
    ("_engine.tricks",),
    ("_engine.truco",),
    ("_engine.envido",),
    ("_engine.flor",),
    ("_engine.declarations",),
    ("_engine.mazo",),
    ("_engine.timeout",),
    ("_engine.match",),
    ("_engine.menus",),
    ("_engine.reducer",),
    ("_engine.recall",),
    ("_engine",),
    ("_layouts", "_seen", "_codes"),
    ("params",),
    ("encode", "worlds"),
    ("views._parts",),
    ("views._json",),
    ("records._json",),
    ("records._record",),
    ("views", "records", "partners"),
    ("bots._protocol", "bots._reading", "bots._external"),
    ("bots._worlds",),
    ("bots._estimates", "bots._openspiel", "bots._observed"),
    ("bots._heuristic",),
    ("bots._exploiters",),
    ("bots._search",),
    ("bots._ismcts",),
    ("bots", "frontend"),
    ("_spiel_params",),
    ("openspiel", "pettingzoo", "vector"),
    ("gym",),
    ("play._words", "play._input"),
    ("play._screen",),
    ("play._events",),
    ("bench", "play", "simulate", "solve"),
    ("arena",),
    ("train.mccfr",),
    ("train.nfsp", "train"),
    ("server._store", "server._protocol", "server._page", "server._options"),
    ("server._table",),
    ("server._connection",),
    ("server",),
    ("ppo",),
    ("cli",),
    ("__init__", "__main__"),
)
LAZY_IMPORTS_ALLOWED = {"cli"}


def module_name(path: Path) -> str:
    """The dotted name of *path* below ``pytruco`` (``views`` for ``views/__init__.py``, ``__init__`` for the top)."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _package(name: str, path: Path) -> list[str]:
    """The package a relative import in module *name* starts from (``[]`` for ``pytruco`` itself)."""
    parts = [] if name == "__init__" else name.split(".")
    return parts if path.name == "__init__.py" else parts[:-1]


def _target(parts: list[str]) -> str:
    return ".".join(parts) if parts else "__init__"


def _imports(path: Path, name: str | None = None) -> list[tuple[str, int, bool]]:
    """``(module, line, local)`` for every import of a pytruco module in *path*, read as module *name* (by default
    the name of *path* below ``src/pytruco``); ``from .pkg import sub`` names ``pkg.sub`` when that is a module."""
    name = module_name(path) if name is None else name
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
            if node.level:
                base = _package(name, path)
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                parts = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "pytruco":
                parts = node.module.split(".")[1:]
            else:
                continue
            targets = []
            for alias in node.names:
                sub = [*parts, alias.name]
                is_module = SRC.joinpath(*sub).with_suffix(".py").is_file() or SRC.joinpath(*sub).is_dir()
                targets.append(_target(sub) if is_module else _target(parts))
            found += [(target, node.lineno, node.lineno in local_lines) for target in dict.fromkeys(targets)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "pytruco" and len(parts) > 1:
                    found.append((_target(parts[1:]), node.lineno, node.lineno in local_lines))
    return found


MODULES = {module_name(path): _imports(path) for path in sorted(SRC.rglob("*.py"))}
PATHS = {module_name(path): path for path in sorted(SRC.rglob("*.py"))}


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
    where = PATHS[module].relative_to(SRC)
    for dep, line, local in MODULES[module]:
        assert dep in MODULES, f"{where}:{line} imports a missing module {dep!r}"
        assert layer[dep] < layer[module], (
            f"{where}:{line} imports {dep} from the same or a higher layer (see LAYERS in tests/test_layers.py)"
        )
        if module not in LAZY_IMPORTS_ALLOWED:
            assert not local, f"{where}:{line}: a function-local import of {dep} (only cli.py imports lazily)"


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
    sample.write_text(
        "from .cards import Card\n\ndef f():\n    from .engine import apply\n    import pytruco.views\n"
        "from ..views import _parts, view\nfrom . import state\nfrom .. import Card\n"
    )
    # Read as the module bots._sample: "." is pytruco.bots, ".." is pytruco.
    assert sorted(_imports(sample, "bots._sample"), key=lambda found: found[1:]) == [
        ("bots.cards", 1, False),
        ("bots.engine", 4, True),
        ("views", 5, True),
        ("views._parts", 6, False),
        ("views", 6, False),
        ("bots", 7, False),
        ("__init__", 8, False),
    ]


def _engine_imports(path: Path, name: str | None = None) -> list[tuple[int, str, str]]:
    """``(line, module, name)`` for every name *path* (read as module *name*) imports from ``pytruco._engine`` or
    one of its modules; ``name`` is empty for ``import pytruco._engine.x``."""
    name = module_name(path) if name is None else name
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package(name, path)
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                parts = base + (node.module.split(".") if node.module else [])
            elif (node.module or "").split(".")[0] == "pytruco":
                parts = (node.module or "").split(".")[1:]
            else:
                continue
            if parts[:1] == ["_engine"]:
                found += [(node.lineno, ".".join(parts), alias.name) for alias in node.names]
            elif not parts:
                found += [(node.lineno, alias.name, "") for alias in node.names if alias.name == "_engine"]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name[8:], "") for a in node.names if a.name.startswith("pytruco._engine")]
    return found


def _engine_all() -> list[str]:
    """The boundary: ``__all__`` of ``src/pytruco/_engine/__init__.py``, read without importing it."""
    for node in ast.parse((SRC / "_engine" / "__init__.py").read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", "") == "__all__" for target in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("_engine/__init__.py has no __all__")


@pytest.mark.parametrize("module", sorted(name for name in MODULES if name.split(".")[0] != "_engine"))
def test_the_engine_is_reached_through_its_boundary_only(module: str) -> None:
    """Outside ``_engine``, a module imports ``from .._engine import X`` with X in ``_engine.__all__``, never one
    of the engine's modules (docs/internals.md, "The engine's boundary")."""
    boundary = set(_engine_all())
    for line, target, name in _engine_imports(PATHS[module]):
        where = f"{PATHS[module].relative_to(SRC)}:{line}"
        assert target == "_engine" and name, f"{where} imports the engine's module {target} (import from _engine)"
        assert name in boundary, f"{where} imports {name} from _engine, which is not in _engine.__all__"


def test_the_boundary_check_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from .._engine.state import State\nfrom .._engine import apply, _copy\nimport pytruco._engine.round\n"
    )
    assert sorted(_engine_imports(sample, "views.sample")) == [
        (1, "_engine.state", "State"),
        (2, "_engine", "_copy"),
        (2, "_engine", "apply"),
        (3, "_engine.round", ""),
    ]
    assert "apply" in _engine_all() and "_copy" not in _engine_all()


def test_internals_lists_the_engines_boundary() -> None:
    """docs/internals.md names every boundary name that pytruco itself does not export, and no other."""
    import pytruco

    text = (SRC.parent.parent / "docs" / "internals.md").read_text()
    section = text.split("## The engine's boundary", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`(\w+)`", section.split("Boundary names:", 1)[1].split("\n\n", 1)[0]))
    assert listed == set(_engine_all()) - set(pytruco.__all__)


def _is_private(name: str) -> bool:
    """A private module (the ``_engine`` package has its own rule: the boundary above)."""
    return name.rpartition(".")[2].startswith("_") and name not in ("__init__", "__main__", "_engine")


SHARED_PRIVATE: dict[str, str] = {"_unchecked": "_engine", "_spiel_params": "train"}
"""The private top-level modules one subpackage may import too, and which: ``_unchecked`` holds the unchecked
constructors of Hand and Deal (``Hand._of``, ``Deal._of``), which ``_engine.deal.random_deal`` calls directly: in
the compiled build a C call, where the bound classmethods cost a few hundred instructions a hand (issue 34);
``_spiel_params.game_type`` declares every pytruco OpenSpiel game's type, ``train.mccfr``'s small game's too."""


@pytest.mark.parametrize("module", sorted(MODULES))
def test_private_modules_stay_in_their_package(module: str) -> None:
    """``views/_parts.py`` is imported only by ``views`` and its modules; ``_cardart`` only by top-level modules
    (and :data:`SHARED_PRIVATE`'s modules by the subpackage named there too)."""
    for dep, line, _ in MODULES[module]:
        if _is_private(dep):
            package = dep.rpartition(".")[0]
            inside = module.startswith(package + ".") or module == package if package else "." not in module
            inside = inside or module.partition(".")[0] == SHARED_PRIVATE.get(dep)
            assert inside, f"{PATHS[module].relative_to(SRC)}:{line} imports {dep}, private to its package"


def _private_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, name)`` for every underscore name *path* imports from a pytruco module (``__version__`` aside)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and (node.level >= 1 or (node.module or "").startswith("pytruco")):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("_") and a.name != "__version__"]
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_name_crosses_modules(module: str) -> None:
    """STYLE.md (small modules imported downward): a module uses another's public names only; a helper two modules
    need is public in the lower one."""
    assert not _private_imports(PATHS[module])


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


def _internals_text() -> str:
    return (SRC.parent.parent / "docs" / "internals.md").read_text()


def test_internals_names_only_functions_that_exist() -> None:
    """Each module of "Where each rule lives" (one of ``_engine``) has every function its row names, and every
    ``module.name`` or ``Class.member`` the page writes resolves (``awaiting.waiting``, ``Round.pending``, ...)."""
    import importlib

    import pytruco

    text = _internals_text()
    table = text.split("## Where each rule lives", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert len(rows) >= 8
    missing = []
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        stem = re.fullmatch(r"`(\w+)\.py`", cells[0])
        assert stem, f"the first cell of {row!r} is not a module"
        if not (SRC / "_engine" / f"{stem.group(1)}.py").is_file():
            missing.append(f"_engine/{stem.group(1)}.py")
            continue
        module = importlib.import_module(f"pytruco._engine.{stem.group(1)}")
        names = [name for cell in cells[1:4] for name in re.findall(r"`(\w+)`", cell)]
        missing += [f"{stem.group(1)}.{name}" for name in names if not hasattr(module, name)]
    engine = {path.stem for path in (SRC / "_engine").glob("*.py")}
    for owner, member in re.findall(r"`(\w+)\.(\w+)`", text):
        if member == "py" or owner in ("copy", "pytruco", "_engine"):
            continue
        if owner in engine:
            found = importlib.import_module(f"pytruco._engine.{owner}")
        elif hasattr(pytruco, owner):
            found = getattr(pytruco, owner)
        elif (SRC / f"{owner}.py").is_file() or (SRC / owner).is_dir():
            found = importlib.import_module(f"pytruco.{owner}")
        else:
            found = None
        if not hasattr(found, member):
            missing.append(f"{owner}.{member}")
    for stem in re.findall(r"`(\w+)\.py`", text):
        if stem not in engine and not (SRC / f"{stem}.py").is_file() and not (SRC.parents[1] / f"{stem}.py").is_file():
            missing.append(f"{stem}.py")
    assert not missing, f"docs/internals.md names what does not exist: {missing}"


def _slot_reads(path: Path) -> list[tuple[int, str]]:
    """``(line, name)`` for every read or write in *path* of a private slot of :class:`State` or :class:`Round`
    (an attribute named like one, on anything but ``self``, ``cls`` or a class: ``Narrator._dealt``)."""
    from pytruco._engine.round import ROUND_FIELDS
    from pytruco._engine.state import STATE_FIELDS

    slots = {name for name in (*STATE_FIELDS, *ROUND_FIELDS) if name.startswith("_")}
    return [
        (node.lineno, node.attr)
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, ast.Attribute)
        and node.attr in slots
        and not (isinstance(node.value, ast.Name) and (node.value.id in ("self", "cls") or node.value.id[0].isupper()))
    ]


@pytest.mark.parametrize("module", sorted(name for name in MODULES if not name.startswith("_engine")))
def test_no_module_outside_the_engine_touches_a_states_slots(module: str) -> None:
    """docs/internals.md, "The engine's boundary": outside ``_engine``, a state and its round are read through
    their properties and the boundary's functions (``round_start``, ``hand_items``, ...), never their slots."""
    assert not _slot_reads(PATHS[module])


def test_the_slot_check_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f(state, r, self):\n    r._held = state._history\n    return self._history, Narrator._dealt\n"
    )
    assert _slot_reads(sample) == [(2, "_held"), (2, "_history")]


def _member_names(paths: list[Path]) -> dict[str, list[tuple[str, str]]]:
    """Each enum member that a module-level assignment names (``KIND_FLOR: Final = Kind.FLOR``): the modules and
    names it is bound to, and each import that renames a name (``as``), listed under ``import as``."""
    found: dict[str, list[tuple[str, str]]] = {}
    for path in paths:
        for node in ast.parse(path.read_text(), str(path)).body:
            if isinstance(node, ast.ImportFrom):
                renamed = [(path.name, f"{a.name} as {a.asname}") for a in node.names if a.asname not in (None, a.name)]
                found.setdefault("import as", []).extend(renamed)
                continue
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            if not (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)):
                continue
            if not value.value.id[0].isupper():  # an enum's member, not a module's or an instance's attribute
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [(path.name, t.id) for t in targets if isinstance(t, ast.Name)]
            found.setdefault(f"{value.value.id}.{value.attr}", []).extend(names)
    return found


def _twice_named(found: dict[str, list[tuple[str, str]]]) -> dict[str, list[tuple[str, str]]]:
    return {
        member: places
        for member, places in found.items()
        if (member == "import as" and places) or len({name for _, name in places}) > 1
    }


def test_each_enum_member_has_one_name_in_the_engine() -> None:
    """Issue 34 ("one name per enum member", docs/internals.md "Speed"): the engine binds each enum member to one
    name (``stages.py``'s table: ``KIND_FLOR`` for ``Kind.FLOR``), and no engine import renames a name, so grep
    finds every use of a member by that name."""
    found = _member_names(sorted((SRC / "_engine").glob("*.py")))
    assert len(found) > 50  # the table is read: the members of Kind, Phase, Awaiting, the stages, ...
    assert _twice_named(found) == {}


def test_the_enum_name_check_can_fail(tmp_path: Path) -> None:
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    first.write_text("KIND_FLOR: Final = Kind.FLOR\nE = Kind.ENVIDO\nx = rules.flor\n")
    second.write_text("from .first import E as ENVIDO\n_FLOR = Kind.FLOR\n")
    assert _twice_named(_member_names([first, second])) == {
        "import as": [("second.py", "E as ENVIDO")],
        "Kind.FLOR": [("first.py", "KIND_FLOR"), ("second.py", "_FLOR")],
    }

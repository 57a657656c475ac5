"""pytruco's hatchling build hook: a clean sdist, and an opt-in compiled wheel.

pyproject.toml enables this hook for both targets; it does one job per target:

- **sdist**: hatchling always adds the ``.gitignore`` it reads its exclusions from to an sdist, whatever
  ``[tool.hatch.build.targets.sdist]`` says. A user or packager who unpacks the sdist has no use for it, so the hook
  takes it off the list of forced files. The exclusions themselves still apply: the hook only drops the file.
- **wheel**, only when the environment has ``PYTRUCO_COMPILE=1``: the rules engine (``src/pytruco/_engine``) and
  the encoders (``encode.py``, ``_seen.py``, ``_codes.py``) are compiled with mypyc into C extensions that sit beside
  the ``.py`` files (Python imports an extension before a source file of the same name), and the wheel is tagged for
  the platform. mypy (which holds mypyc) and setuptools (which drives the C compiler) are then build dependencies,
  pinned in :data:`COMPILE_REQUIRES`; without the variable the wheel is pure (``py3-none-any``) and the build needs
  neither, nor a compiler. mypyc compiles a copy of ``src/`` in which the engine's ``_engine/options.py`` is replaced
  by :func:`native_options`' module: a native class holding a copy of the rule options, with the fields written
  from :class:`~pytruco.RuleSet`'s own, so that they are declared once in the source. That module is also the
  wheel's ``options.py``.
"""

from __future__ import annotations

import ast
import builtins
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILE_REQUIRES = ["mypy==2.4.1", "setuptools>=61"]
"""What a compiled build needs besides hatchling; mypy is pinned so a release compiles with one known mypyc."""

COMPILED = (
    "src/pytruco/_engine",
    "src/pytruco/_unchecked.py",
    "src/pytruco/encode.py",
    "src/pytruco/_seen.py",
    "src/pytruco/_codes.py",
)
"""The sources mypyc compiles: folders (every module in them) or single files, relative to the project root."""


def compile_requested() -> bool:
    """Whether this build compiles: the environment has ``PYTRUCO_COMPILE=1``."""
    return os.environ.get("PYTRUCO_COMPILE", "") == "1"


def drop_gitignore(build_data: dict[str, Any]) -> None:
    """Take ``.gitignore`` off the files the sdist builder forces in."""
    forced: dict[str, str] = build_data["force_include"]
    for source in [source for source, target in forced.items() if target == ".gitignore"]:
        del forced[source]


def compiled_sources(root: Path) -> list[str]:
    """The files of :data:`COMPILED`, relative to *root*, sorted."""
    found: list[str] = []
    for entry in COMPILED:
        path = root / entry
        found.extend(str(p.relative_to(root)) for p in (sorted(path.glob("*.py")) if path.is_dir() else [path]))
    return found


RULES = "src/pytruco/rules.py"
"""The module that declares :class:`~pytruco.RuleSet`, whose fields :func:`native_options` copies."""
OPTIONS = "src/pytruco/_engine/options.py"
"""The engine's options module, which the compiled build replaces with :func:`native_options`' text."""


def ruleset_fields(rules_source: str) -> list[tuple[str, str]]:
    """The fields of the class ``RuleSet`` in *rules_source* (the text of rules.py), in order: (name, annotation)."""
    for node in ast.parse(rules_source).body:
        if isinstance(node, ast.ClassDef) and node.name == "RuleSet":
            return [
                (statement.target.id, ast.unparse(statement.annotation))
                for statement in node.body
                if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
            ]
    raise ValueError("rules.py declares no class RuleSet")


def native_options(rules_source: str) -> str:
    """The text of the compiled build's ``_engine/options.py``: the same names as the source's (``Options``,
    ``options_of``, ``as_options``), with ``Options`` a class of its own that declares every field of the
    ``RuleSet`` in *rules_source*, with its annotation, and copies a RuleSet's values (the source module explains).
    ``options_of`` keeps one copy per RuleSet object."""
    fields = ruleset_fields(rules_source)
    used = {
        node.id for _, annotation in fields for node in ast.walk(ast.parse(annotation)) if isinstance(node, ast.Name)
    }
    imported = sorted((used - set(dir(builtins))) | {"RuleSet"})
    declared = "\n".join(f"    {name}: {annotation}" for name, annotation in fields)
    names = ", ".join(repr(name) for name, _ in fields)
    return _NATIVE_OPTIONS.format(imports=", ".join(imported), names=names, fields=declared)


_NATIVE_OPTIONS = '''"""The rule options as the compiled engine reads them (written by hatch_build.native_options).

The source's ``_engine/options.py`` explains: here :class:`Options` is a class of its own, compiled to a native class,
holding a copy of a :class:`~pytruco.RuleSet`'s values, one per RuleSet object.
"""

from __future__ import annotations

from typing import Final

from ..rules import {imports}

__all__ = ["Options", "as_options", "options_of"]

_NAMES: Final[tuple[str, ...]] = ({names},)


class Options:
    """The values of every field of a RuleSet (build with :func:`options_of`)."""

{fields}

    def __init__(self, rules: RuleSet) -> None:
        for name in _NAMES:
            setattr(self, name, getattr(rules, name))


_ROOM: Final = 256
"""How many RuleSets :func:`options_of` remembers (a simulation or a server uses a handful)."""
_BY_ID: Final[dict[int, tuple[RuleSet, Options]]] = {{}}


def options_of(rules: RuleSet) -> Options:
    """The Options of *rules*: the same copy for the same RuleSet object while it is remembered (by identity:
    hashing a RuleSet reads all its fields), a new one otherwise."""
    found = _BY_ID.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    options = Options(rules)
    if len(_BY_ID) >= _ROOM:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, options)  # the RuleSet is kept alive with its id, which no other object then takes
    return options


def as_options(rules: RuleSet | Options) -> Options:
    """*rules* as Options: the boundary's functions take either (the views pass a RuleSet)."""
    return rules if isinstance(rules, Options) else options_of(rules)
'''


def compile_engine(root: Path, build_dir: Path) -> dict[str, str]:
    """Compile :data:`COMPILED` with mypyc under *build_dir*; returns {built file: its path in the wheel}.

    mypyc reads a copy of the project's ``src/`` and ``pyproject.toml`` (its mypy settings) in *build_dir*, with
    :data:`OPTIONS` replaced by :func:`native_options`' module, which the wheel also ships as that file."""
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    tree = build_dir / "tree"
    shutil.copytree(root / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy2(root / "pyproject.toml", tree / "pyproject.toml")
    (tree / OPTIONS).write_text(native_options((root / RULES).read_text(encoding="utf-8")), encoding="utf-8")
    here = Path.cwd()
    os.chdir(tree)  # mypy names the modules from paths relative to the project (src/ layout)
    try:
        extensions = mypycify(
            compiled_sources(tree), opt_level="3", target_dir=str(build_dir / "c"), group_name="pytruco"
        )
        command = build_ext(Distribution({"ext_modules": extensions}))
        command.build_lib = str(build_dir / "lib")
        command.build_temp = str(build_dir / "temp")
        command.parallel = os.cpu_count() or 1
        command.ensure_finalized()
        command.run()
    finally:
        os.chdir(here)
    lib = build_dir / "lib"
    built = {str(path): str(path.relative_to(lib)) for path in sorted(lib.rglob("*")) if path.is_file()}
    built[str(tree / OPTIONS)] = str(Path(OPTIONS).relative_to("src"))
    return built


class PytrucoBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Drops ``.gitignore`` from the sdist; compiles the engine into the wheel when ``PYTRUCO_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The compiled build's requirements, only when it is requested: :data:`COMPILE_REQUIRES` and the project's
        own dependencies (mypyc type-checks the engine against attrs)."""
        if self.target_name != "wheel" or not compile_requested():
            return []
        return [*COMPILE_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Per target: the sdist drops ``.gitignore``; a requested compiled wheel gets the engine's extensions."""
        if self.target_name == "sdist":
            drop_gitignore(build_data)
        elif self.target_name == "wheel" and compile_requested() and version != "editable":
            self._build_dir = tempfile.mkdtemp(prefix="pytruco-mypyc-")
            build_data["force_include"].update(compile_engine(Path(self.root), Path(self._build_dir)))
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the compiled build's scratch folder."""
        build_dir = getattr(self, "_build_dir", None)
        if build_dir is not None:
            shutil.rmtree(build_dir, ignore_errors=True)

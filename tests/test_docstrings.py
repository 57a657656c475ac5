"""Every exported name has a runnable example in its docstring, and it runs.

"Exported" means listed in ``__all__`` of ``pytruco`` or of one of the public
modules (``pytruco._PUBLIC_MODULES``, the one list that docs/api.md and
docs/stability.md follow too). Functions and
classes: their docstring has a ``>>>`` example, and pytest's
``--doctest-modules`` (pyproject.toml) collects it from the module that
defines it. Constants (``RECORD_FORMAT``, ``RANKS``, ...) have no ``__doc__`` of their
own: their docstring is the string literal after the assignment (the one
Sphinx shows), which doctest does not collect, so this test runs those
examples itself.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import itertools
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import pytruco

ROOT = Path(__file__).resolve().parents[1]
PUBLIC_MODULES = pytruco._PUBLIC_MODULES  # the one list (src/pytruco/__init__.py)


MISSING_EXTRAS: dict[str, str] = {}
"""Public modules that cannot be imported here because a package of their extra is missing (``pytruco.openspiel``
without pyspiel): module name -> the missing package. Their names are not checked, and their tests skip saying so."""


def public_module(module_name: str) -> ModuleType | None:
    """The public module, or ``None`` (noted in :data:`MISSING_EXTRAS`) when a package outside pytruco that it
    imports is missing; a missing pytruco module is an error."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is None or error.name.split(".")[0] == "pytruco":
            raise
        MISSING_EXTRAS[module_name] = error.name
        return None


def skip_without_extra(module_name: str) -> None:
    if module_name in MISSING_EXTRAS:
        pytest.skip(f"{module_name} needs its extra: {MISSING_EXTRAS[module_name]} is not installed")


def exported() -> list[tuple[str, str, Any]]:
    names = []
    for module_name in PUBLIC_MODULES:
        module = public_module(module_name)
        if module is not None:
            names.extend((module_name, name, getattr(module, name)) for name in module.__all__)
    return names


EXPORTED = exported()
ROUTINES_AND_CLASSES = [(m, n, obj) for m, n, obj in EXPORTED if inspect.isclass(obj) or inspect.isroutine(obj)]
CONSTANTS = [(m, n, obj) for m, n, obj in EXPORTED if not (inspect.isclass(obj) or inspect.isroutine(obj))]


def test_the_public_names_are_all_there() -> None:
    """The lists are not empty by accident: 45 top-level names and the submodules' own."""
    assert len({name for module, name, _ in EXPORTED if module == "pytruco"}) >= 45
    assert {name for module, name, _ in EXPORTED if module == "pytruco.bots"} >= {"Bot", "RandomBot", "play_match"}
    assert {"RECORD_FORMAT", "RANKS", "PRESET_NAMES", "__version__"} <= {name for _, name, _ in CONSTANTS}


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_module_imports_or_skips_for_its_extra(module_name: str) -> None:
    """Collection never stops at a module whose extra is missing (a plain ``pytest`` without the research extras):
    that module's checks skip with the package it lacks, and every other module is checked."""
    skip_without_extra(module_name)
    assert importlib.import_module(module_name).__all__


def test_pytest_collects_the_docstring_examples_of_src() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # no tomllib: Python 3.10 is supported
    options = text.split("[tool.pytest.ini_options]", 1)[1].split("\n[", 1)[0]
    testpaths = re.search(r"^testpaths = (.*)$", options, re.M)
    addopts = re.search(r"^addopts = (.*)$", options, re.M)
    assert testpaths is not None and '"src"' in testpaths.group(1)
    assert addopts is not None and "--doctest-modules" in addopts.group(1).split()


@pytest.mark.parametrize(("module", "name", "obj"), ROUTINES_AND_CLASSES, ids=lambda v: v if isinstance(v, str) else "")
def test_every_exported_class_and_function_has_a_collected_example(module: str, name: str, obj: Any) -> None:
    doc = inspect.getdoc(obj) or ""
    assert ">>>" in doc, f"{module}.{name} has no example in its docstring"
    # --doctest-modules runs the doctests that DocTestFinder finds in the defining module.
    home = sys.modules[obj.__module__]
    assert home.__name__.startswith("pytruco."), home
    found = {test.name: test for test in doctest.DocTestFinder().find(home)}
    test = found.get(f"{home.__name__}.{obj.__qualname__}")
    assert test is not None and test.examples, f"doctest does not collect the example of {module}.{name}"


def attribute_docstring(name: str, value: Any) -> tuple[ModuleType, str]:
    """The module that assigns *name* at its top level, and the string literal after it."""
    for path in sorted((ROOT / "src" / "pytruco").rglob("*.py")):
        parts = ("pytruco", *path.relative_to(ROOT / "src" / "pytruco").with_suffix("").parts)
        module_name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        module = sys.modules.get(module_name)
        if module is None or getattr(module, name, None) is not value:
            continue
        body = ast.parse(path.read_text(encoding="utf-8")).body
        for statement, following in itertools.pairwise(body):
            targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
            if any(isinstance(target, ast.Name) and target.id == name for target in targets):
                if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant):
                    return module, str(following.value.value)
                return module, ""
    raise AssertionError(f"no module of src/pytruco assigns {name}")


@pytest.mark.parametrize(("module", "name", "obj"), CONSTANTS, ids=lambda v: v if isinstance(v, str) else "")
def test_every_exported_constant_has_an_example_that_passes(module: str, name: str, obj: Any) -> None:
    home, doc = attribute_docstring(name, obj)
    assert ">>>" in doc, f"{module}.{name} has no example in its docstring (the string after the assignment)"
    test = doctest.DocTestParser().get_doctest(doc, dict(vars(home)), f"{home.__name__}.{name}", home.__file__, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    output: list[str] = []
    result = runner.run(test, out=output.append)
    assert result.attempted > 0
    assert result.failed == 0, "".join(output)


def _module_of(path: Path) -> str:
    parts = ("pytruco", *path.relative_to(ROOT / "src" / "pytruco").with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_the_public_modules_are_exactly_those_without_an_underscore() -> None:
    """Every module whose path has no underscore is public (and in the one list); no private module is listed."""
    on_disk = {
        _module_of(path)
        for path in (ROOT / "src" / "pytruco").rglob("*.py")
        if not any(part.startswith("_") for part in _module_of(path).split(".")) and path.name != "__main__.py"
    }
    assert set(PUBLIC_MODULES) == on_disk, (
        sorted(on_disk - set(PUBLIC_MODULES)),
        sorted(set(PUBLIC_MODULES) - on_disk),
    )
    assert list(PUBLIC_MODULES) == sorted(PUBLIC_MODULES)


def _documented_in_api_page() -> set[str]:
    """The names docs/api.md documents: each ``.. directive:: name`` and each ``:members:`` entry, qualified or not."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    names: set[str] = set()
    for target in re.findall(
        r"^\.\. (?:auto)?(?:class|function|exception|data|module|attribute)::\s*([\w.]+)", text, re.M
    ):
        names.add(target.rsplit(".", 1)[-1])
    for members in re.findall(r"^\s+:members:\s*(.+)$", text, re.M):
        names.update(name.strip() for name in members.split(","))
    return names


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_module_has_its_names_in_the_api_page(module_name: str) -> None:
    """A public module's names are all documented in docs/api.md (by the module, or by pytruco for the ones it
    re-exports), so a public module left out of the docs fails here; the page lists the modules from the one list."""
    skip_without_extra(module_name)
    module = importlib.import_module(module_name)
    documented = _documented_in_api_page()
    missing = [name for name in module.__all__ if name not in documented]
    assert not missing, f"{module_name}: {missing} not in docs/api.md"
    assert "{{ public_modules }}" in (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def test_the_api_page_check_can_fail() -> None:
    assert "apply" in _documented_in_api_page() and "_copy" not in _documented_in_api_page()


def test_stability_lists_the_public_modules_from_the_one_list() -> None:
    """docs/stability.md does not copy the list: docs/conf.py substitutes it from pytruco._PUBLIC_MODULES."""
    assert "{{ public_modules }}" in (ROOT / "docs" / "stability.md").read_text(encoding="utf-8")
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert "_PUBLIC_MODULES" in conf and '"public_modules"' in conf

"""Every exported name has a runnable example in its docstring, and it runs.

"Exported" means listed in ``__all__`` of ``pytruco`` or of one of the public
submodules (``views``, ``bots``, ``records``, ``partners``, ``text``,
``frontend``, ``schema``). Functions and
classes: their docstring has a ``>>>`` example, and pytest's
``--doctest-modules`` (pyproject.toml) collects it from the module that
defines it. Constants (``FORMAT``, ``RANKS``, ...) have no ``__doc__`` of their
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

ROOT = Path(__file__).resolve().parents[1]
PUBLIC_MODULES = (
    "pytruco",
    "pytruco.views",
    "pytruco.bots",
    "pytruco.records",
    "pytruco.partners",
    "pytruco.text",
    "pytruco.frontend",
    "pytruco.schema",
    "pytruco.encode",
    "pytruco.worlds",
)


def exported() -> list[tuple[str, str, Any]]:
    names = []
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        names.extend((module_name, name, getattr(module, name)) for name in module.__all__)
    return names


EXPORTED = exported()
ROUTINES_AND_CLASSES = [(m, n, obj) for m, n, obj in EXPORTED if inspect.isclass(obj) or inspect.isroutine(obj)]
CONSTANTS = [(m, n, obj) for m, n, obj in EXPORTED if not (inspect.isclass(obj) or inspect.isroutine(obj))]


def test_the_public_names_are_all_there() -> None:
    """The lists are not empty by accident: 45 top-level names and the submodules' own."""
    assert len({name for module, name, _ in EXPORTED if module == "pytruco"}) >= 45
    assert {name for module, name, _ in EXPORTED if module == "pytruco.bots"} >= {"Bot", "RandomBot", "play_match"}
    assert {"FORMAT", "RANKS", "PRESET_NAMES", "__version__"} <= {name for _, name, _ in CONSTANTS}


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
    for path in sorted((ROOT / "src" / "pytruco").glob("*.py")):
        module_name = "pytruco" if path.stem == "__init__" else f"pytruco.{path.stem}"
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

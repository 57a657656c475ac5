"""Sphinx configuration for the pytruco documentation.

Build the HTML pages and run every code example as a doctest::

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W -b doctest docs docs/_build/doctest

No extension here needs the network (so there is no intersphinx).
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
from pathlib import Path

from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docstrings import prepare_docstring

try:
    import pytruco
except ImportError:  # building from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import pytruco

# -- Project -----------------------------------------------------------------
project = "pytruco"
author = "The pytruco developers"
copyright = "2026, The pytruco developers"
release = pytruco.__version__
version = ".".join(release.split(".")[:2])

# -- General -----------------------------------------------------------------
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
language = "en"

# -- MyST --------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "substitution"]
# The one list of public modules (src/pytruco/__init__.py), written into docs/api.md and docs/stability.md.
myst_substitutions = {"public_modules": ", ".join(f"`{name}`" for name in pytruco._PUBLIC_MODULES)}
myst_heading_anchors = 3

# -- autodoc and napoleon (Google-style docstrings) --------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- doctest -----------------------------------------------------------------
# Every ``{doctest}`` block of the pages and every ``>>>`` example of the
# docstrings that autodoc pulls in runs with these names available.
# Long expected outputs are wrapped over several lines in the pages (no code
# line is longer than 88 characters, tests/test_docs_text.py), so whitespace
# differences do not count; the rest are Sphinx's defaults.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL | doctest.DONT_ACCEPT_TRUE_FOR_1 | doctest.NORMALIZE_WHITESPACE
)
doctest_global_setup = """
import random
import pytruco
from pytruco import *
"""

# -- HTML --------------------------------------------------------------------
html_theme = "furo"
html_title = f"pytruco {release}"
html_static_path = ["_static"]
html_css_files = ["custom.css"]


# -- Local hooks ---------------------------------------------------------------
# napoleon reads the first line of an attribute or property docstring as
# ``type: description``, so "Seats at the table: 2, 4 or 6" would come out as a
# type named "Seats at the table". Our attribute docstrings are plain sentences
# (the type comes from the annotation), so we keep them exactly as written: save
# them before napoleon runs (it handles the event at the default priority 500)
# and put them back after it.
_PLAIN_KINDS = ("attribute", "property")
_saved_docstrings: dict[str, list[str]] = {}


def _save_docstring(app, what, name, obj, options, lines):
    if what in _PLAIN_KINDS:
        _saved_docstrings[name] = list(lines)


def _restore_docstring(app, what, name, obj, options, lines):
    if what in _PLAIN_KINDS and name in _saved_docstrings:
        lines[:] = _saved_docstrings.pop(name)


# A constant that a public module re-exports (``pytruco.records.MAX_ACTIONS`` is
# assigned in ``pytruco.history``) has no docstring in the module autodoc reads,
# so autodoc would show the docstring of its type (``int``). Show the string
# written after its assignment in the pytruco module that assigns it instead.
def _assigned_docstring(app, what, name, obj, options, lines):
    if what != "data" or lines[:1] != prepare_docstring(type(obj).__doc__ or "")[:1]:
        return
    attribute = name.rpartition(".")[2]
    for module_name, module in sorted(sys.modules.items()):
        if module_name.startswith("pytruco.") and getattr(module, attribute, None) is obj:
            found = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", attribute))
            if found:
                lines[:] = list(found)
                return


# The API of pytruco.train.nfsp needs the rl extra (PyTorch, dm-tree) to import; where it is not installed, the
# API page says so instead of failing to import the module (a warning, an error under -W).
RL_EXTRA = all(importlib.util.find_spec(name) is not None for name in ("torch", "tree"))
RL_BLOCK = re.compile(r"<!-- rl extra -->.*?<!-- /rl extra -->", re.S)


def _without_missing_extras(app, docname, source):
    if docname == "api" and not RL_EXTRA:
        source[0] = RL_BLOCK.sub("(Built without the `rl` extra: `pytruco.train.nfsp` is not shown.)", source[0])


def setup(app):
    app.connect("source-read", _without_missing_extras)
    app.connect("autodoc-process-docstring", _assigned_docstring, priority=300)
    app.connect("autodoc-process-docstring", _save_docstring, priority=400)
    app.connect("autodoc-process-docstring", _restore_docstring, priority=600)

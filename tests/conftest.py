"""Test configuration: make the helper modules importable and set Hypothesis profiles."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# pytest runs with --import-mode=importlib, which does not put tests/ on sys.path.
sys.path.insert(0, str(Path(__file__).resolve().parent))

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def sphinx_doctrees(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One Sphinx doctree cache for every documentation build of the run (tests/test_docs.py and the README's
    sphinx-build commands): the pages are read and parsed once, then each builder only writes its output. Every
    build uses -W, so a warning fails whichever build reads the pages first."""
    return tmp_path_factory.mktemp("doctrees")

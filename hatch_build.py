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
  neither, nor a compiler.
"""

from __future__ import annotations

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


def compile_engine(root: Path, build_dir: Path) -> dict[str, str]:
    """Compile :data:`COMPILED` with mypyc under *build_dir*; returns {built file: its path in the wheel}."""
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    here = Path.cwd()
    os.chdir(root)  # mypy names the modules from paths relative to the project (src/ layout)
    try:
        extensions = mypycify(
            compiled_sources(root), opt_level="3", target_dir=str(build_dir / "c"), group_name="pytruco"
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
    return {str(built): str(built.relative_to(lib)) for built in sorted(lib.rglob("*")) if built.is_file()}


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

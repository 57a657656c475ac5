"""A hatchling build hook that keeps git's ``.gitignore`` out of the sdist.

Hatchling always adds the ``.gitignore`` it reads its exclusions from to an
sdist, whatever ``[tool.hatch.build.targets.sdist]`` says. A user or packager
who unpacks the sdist has no use for it, so this hook takes it off the list of
forced files (pyproject.toml enables the hook for the sdist only). The
exclusions themselves still apply: the hook only drops the file.
"""

from __future__ import annotations

from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class SdistWithoutGitFiles(BuildHookInterface):
    """Drops ``.gitignore`` from the files the sdist builder forces in."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        forced: dict[str, str] = build_data["force_include"]
        for source in [source for source, target in forced.items() if target == ".gitignore"]:
            del forced[source]

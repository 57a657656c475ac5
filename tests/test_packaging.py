"""The package metadata and the files that build and publish it say what the release needs.

The build itself (sdist and wheel, ``twine check``, an install of each into a fresh environment) runs in
``.ci/run``, which needs the network for the build backend; these checks read the configuration.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from helpers import build_hook

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def table(name: str) -> str:
    """The text of one ``[name]`` table of pyproject.toml (up to the next table)."""
    match = re.search(rf"^\[{re.escape(name)}\]\n(.*?)(?=^\[|\Z)", PYPROJECT, re.S | re.M)
    assert match is not None, f"pyproject.toml has no [{name}]"
    return match.group(1)


def test_project_urls_name_source_issues_changelog_and_documentation() -> None:
    urls = dict(re.findall(r'^(\w+) = "(https://[^"]+)"$', table("project.urls"), re.M))
    assert set(urls) >= {"Source", "Issues", "Changelog", "Documentation"}
    assert urls["Issues"].startswith(urls["Source"])
    assert urls["Changelog"].startswith(urls["Documentation"])


def test_the_sdist_leaves_out_the_repository_files() -> None:
    sdist = table("tool.hatch.build.targets.sdist")
    for excluded in ('"/.ci"', '"/.gitignore"'):
        assert excluded in sdist, excluded
    for included in ('"/src"', '"/tests"', '"/docs"', '"/README.md"', '"/CHANGELOG.md"', '"/LICENSE"'):
        assert included in sdist, included
    # hatchling adds .gitignore to every sdist by itself; the build hook takes it out again.
    assert 'path = "hatch_build.py"' in table("tool.hatch.build.targets.sdist.hooks.custom")


def test_the_build_hook_drops_only_the_gitignore() -> None:
    drop_gitignore = build_hook().drop_gitignore
    forced = {f"{ROOT}/.gitignore": ".gitignore", f"{ROOT}/README.md": "README.md"}
    build_data: dict[str, Any] = {"force_include": forced}
    drop_gitignore(build_data)
    assert build_data["force_include"] == {f"{ROOT}/README.md": "README.md"}


def test_the_release_extra_has_the_build_tools() -> None:
    extras = table("project.optional-dependencies")
    release = re.search(r"^release = \[(.*)\]$", extras, re.M)
    assert release is not None
    assert '"build' in release.group(1) and '"twine' in release.group(1)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-m build" in ci and "twine check --strict" in ci


def test_read_the_docs_builds_the_docs_as_the_tests_do() -> None:
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed")
    config = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    assert config["build"]["tools"]["python"] == "3.11"
    assert config["python"]["install"] == [{"method": "pip", "path": ".", "extra_requirements": ["docs"]}]
    assert config["sphinx"]["configuration"] == "docs/conf.py"
    assert config["sphinx"]["fail_on_warning"] is True
    assert (ROOT / config["sphinx"]["configuration"]).is_file()
    # The extensions and the theme that docs/conf.py uses are in the [docs] extra that RTD installs.
    docs_extra = re.search(r"^docs = \[(.*)\]$", table("project.optional-dependencies"), re.M)
    assert docs_extra is not None
    for requirement in ("sphinx", "furo", "myst-parser"):
        assert f'"{requirement}' in docs_extra.group(1), requirement


def test_the_compiled_build_is_opt_in_and_compared_in_ci() -> None:
    """hatch_build.py compiles only with PYTRUCO_COMPILE=1, and its requirements (mypy pinned) come only then;
    .ci/run builds that wheel, tests it and compares its records with the pure build's (tools/record_digest.py)."""
    hatch_build = build_hook()
    assert any(requirement.startswith("mypy==") for requirement in hatch_build.COMPILE_REQUIRES)
    assert 'path = "hatch_build.py"' in table("tool.hatch.build.targets.wheel.hooks.custom")
    assert "mypy" not in table("build-system")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "PYTRUCO_COMPILE=1 .venv/bin/python -m build --wheel" in ci and "tools/record_digest.py" in ci
    assert "tools/record_digest.py --house" in ci  # the house rules of PRESETS.md §9 too (issue 35)


def test_the_record_digest_names_the_build_and_every_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("record_digest", ROOT / "tools" / "record_digest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--games", "1", "--max-actions", "200"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] in ("build: pure", "build: compiled")
    assert len(lines) == 2 + len(module.configurations()) and lines[-1].startswith("digest ")

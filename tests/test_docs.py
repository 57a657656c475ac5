"""The documentation builds without a single warning, and its examples pass.

Builds docs/ with Sphinx twice into a temporary directory: the HTML pages with
warnings turned into errors (``-W``), and the doctest builder, which runs
every ``{doctest}`` block of the pages and every ``>>>`` example of the
docstrings that the API page pulls in. Skipped when Sphinx is not installed
(``pip install 'pytruco-ar[docs]'``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx", reason="Sphinx is not installed: pip install 'pytruco-ar[docs]'")
pytest.importorskip("myst_parser", reason="myst-parser is not installed: pip install 'pytruco-ar[docs]'")
pytest.importorskip("furo", reason="the furo theme is not installed: pip install 'pytruco-ar[docs]'")

DOCS = Path(__file__).resolve().parents[1] / "docs"


def sphinx(builder: str, out: Path, doctrees: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", builder, "-d", str(doctrees)]
    return subprocess.run(
        [*command, str(DOCS), str(out / builder)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def doctrees(sphinx_doctrees: Path) -> Path:
    return sphinx_doctrees


def test_html_builds_without_warnings(tmp_path: Path, doctrees: Path) -> None:
    result = sphinx("html", tmp_path, doctrees)
    assert result.returncode == 0, result.stderr + result.stdout
    assert not result.stderr.strip(), result.stderr
    assert (tmp_path / "html" / "index.html").exists()
    pages = (
        "tutorial",
        "records",
        "api",
        "stability",
        "changelog",
        "rules/basics",
        "rules/default",
        "rules/reglamento",
    )
    for page in pages:
        assert (tmp_path / "html" / f"{page}.html").exists(), page
    # Nothing a user reads cites the rules contract, a file users do not have (the rules pages say where each
    # rule comes from). This covers the docstrings that autodoc publishes, too.
    pages_html = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "html").rglob("*.html")}
    citing = [name for name, html in pages_html.items() if "PRESETS" in html or "§" in html]
    assert not citing, f"pages that cite PRESETS.md or its sections: {citing}"
    # Code blocks wrap instead of scrolling sideways.
    assert "white-space: pre-wrap" in (tmp_path / "html" / "_static" / "custom.css").read_text(encoding="utf-8")


def test_doctests_pass(tmp_path: Path, doctrees: Path) -> None:
    result = sphinx("doctest", tmp_path, doctrees)
    output = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8")
    assert result.returncode == 0, output + result.stderr
    assert "0 failures in tests" in output
    # The tutorial and the rules pages do have examples, and they ran.
    for document in ("tutorial", "records", "rules/basics", "rules/online", "rules/ladder", "api"):
        assert f"Document: {document}\n" in output, document

"""What the documentation pages show: code lines that fit, and citations users can open.

No Sphinx needed (tests/test_docs.py builds the pages). The pages are docs/**/*.md; code blocks are their fenced
blocks, except the ones Sphinx does not show as code (``{eval-rst}``, ``{toctree}``, ``{include}``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"


# The longest code line a page may show: about what fits the theme's code column without a scrollbar.
CODE_LINE_LIMIT = 88
# Fenced blocks that are not shown as code.
NOT_SHOWN = ("{eval-rst}", "{toctree}", "{include}")


def shown_code_lines(path: Path) -> list[tuple[int, str]]:
    """``(line number, line)`` of every line inside a fenced code block of a Markdown page."""
    lines: list[tuple[int, str]] = []
    fence: str | None = None
    shown = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if fence is None:
            if stripped.startswith(("```", "~~~")):
                marker = stripped[0] * (len(stripped) - len(stripped.lstrip(stripped[0])))
                fence, shown = marker, not stripped[len(marker) :].strip().startswith(NOT_SHOWN)
        elif stripped == fence:
            fence = None
        elif shown:
            lines.append((number, line))
    return lines


PAGES = sorted(DOCS.rglob("*.md"))


def test_the_line_check_sees_the_code_blocks() -> None:
    tutorial = dict(shown_code_lines(DOCS / "tutorial.md"))
    assert any(line.startswith(">>> from pytruco") for line in tutorial.values())
    assert not any(".. autoclass::" in line for _, line in shown_code_lines(DOCS / "api.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_no_code_line_is_too_long_to_show(page: Path) -> None:
    long = [
        f"{page.name}:{n}: {len(line)} characters" for n, line in shown_code_lines(page) if len(line) > CODE_LINE_LIMIT
    ]
    assert not long, f"code lines over {CODE_LINE_LIMIT} characters (wrap them): {long}"


@pytest.mark.parametrize(
    "page", [*PAGES, DOCS.parent / "README.md", DOCS.parent / "CHANGELOG.md"], ids=lambda p: p.name
)
def test_no_page_cites_the_rules_contract(page: Path) -> None:
    """Users have the documentation, not the project's PRESETS.md: pages cite the rules pages instead.

    The changelog is a page of the documentation too (docs/changelog.md includes it); tests may keep citing
    PRESETS.md sections in their names and docstrings, which are for developers.
    """
    text = page.read_text(encoding="utf-8")
    assert "PRESETS" not in text
    assert "§" not in text, "a section number of PRESETS.md: cite the rules page instead"

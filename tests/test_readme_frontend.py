"""The README's frontend example (a view and an event in Spanish) runs and prints what its comments say."""

from __future__ import annotations

from test_readme import run_readme_block


def test_readme_view_and_event_in_spanish() -> None:
    printed, expected = run_readme_block("A view and an event, in Spanish")
    assert printed.splitlines() == expected
    assert "Ana cantó envido" in printed

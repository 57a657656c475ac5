"""The research parameters (:func:`pytruco.params.research_rules`) and :func:`pytruco.encode.bounds` refuse bad input
with the library's own error and a short message (issue 36 item 5: ``research_rules(None)`` and ``bounds("default")``
raised TypeError/AttributeError; ``research_rules({"preset": "x" * 10**6})`` echoed a million characters)."""

from __future__ import annotations

import pytest

from pytruco import ArgumentError, RuleSet
from pytruco.encode import bounds
from pytruco.params import research_rules

HUGE = "x" * 10**6


@pytest.mark.parametrize("params", [None, 3, "preset=default", ["preset"], [("preset", "default")]])
def test_research_rules_needs_a_mapping(params: object) -> None:
    # Issue 36 item 5: research_rules(None) raised TypeError.
    with pytest.raises(ArgumentError, match=r"research_rules needs a mapping of parameters, not ") as caught:
        research_rules(params)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"preset": HUGE}, r"unknown preset 'xxx"),
        ({"preset": None}, r"unknown preset None"),
        ({"preset": ["default"]}, r"unknown preset \['default'\]"),
        ({"utility": HUGE}, r"utility must be 'win' or 'points', not 'xxx"),
        ({"utility": ["win"]}, r"utility must be 'win' or 'points', not \['win'\]"),
        ({"players": HUGE}, r"option 'players'"),
        ({"target": HUGE}, r"option 'target'"),
        ({HUGE: 1}, None),
    ],
)
def test_research_rules_quotes_a_shortened_input(params: dict[str, object], fragment: str | None) -> None:
    # Issue 36 item 5: a one-million-character preset came back whole in the message.
    if fragment is None:  # an unknown parameter name is not a rule option: ignored, as before
        assert research_rules(params)[0] == research_rules({})[0]
        return
    with pytest.raises(ArgumentError, match=fragment) as caught:
        research_rules(params)
    assert len(str(caught.value)) < 300


def test_research_rules_still_reads_its_parameters() -> None:
    rules, utility = research_rules({"preset": "classic", "players": 4, "target": 9, "utility": "points"})
    assert (rules.preset_name, rules.players, rules.target, rules.answer_in_turn, utility) == (
        "classic",
        4,
        9,
        True,
        "points",
    )


@pytest.mark.parametrize("rules", ["default", None, 2, ["default"]])
def test_bounds_needs_a_rule_set(rules: object) -> None:
    # Issue 36 item 5: bounds("default") raised AttributeError (and an unhashable argument TypeError).
    with pytest.raises(ArgumentError, match=r"bounds needs a RuleSet, not "):
        bounds(rules)  # type: ignore[arg-type]


def test_bounds_of_a_rule_set_are_unchanged() -> None:
    assert bounds(RuleSet.preset("reglamento")).max_actions_per_hand == 47

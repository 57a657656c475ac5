"""The engine's copy of the rule options (``_engine.options``): the same values as the RuleSet, for every preset.

The engine reads its rule options from :class:`~pytruco._engine.options.Options` (a native class in the compiled
build) instead of the attrs RuleSet, so a copy that missed or changed a field would play another game.
"""

from __future__ import annotations

import pickle

import attrs
import pytest

from pytruco import Deal, RuleSet, apply, new_game
from pytruco._engine import options
from pytruco.rules import PRESET_NAMES

PRESET_VARIANTS = [RuleSet.preset(name) for name in PRESET_NAMES] + [
    RuleSet.preset("default", players=4, target=15, flor=True),
    RuleSet.preset("classic", players=6, hands=3, answer_in_turn=True),
]


@pytest.mark.parametrize("rules", PRESET_VARIANTS, ids=lambda rules: f"{rules.preset_name}-{rules.players}")
def test_options_hold_every_field_of_the_ruleset(rules: RuleSet) -> None:
    copied = options.options_of(rules)
    expected = attrs.asdict(rules, recurse=False)
    assert {name: getattr(copied, name) for name in options.OPTION_NAMES} == expected


def test_option_names_are_the_ruleset_fields() -> None:
    assert tuple(field.name for field in attrs.fields(RuleSet)) == options.OPTION_NAMES


def test_options_are_kept_per_ruleset_object() -> None:
    rules = RuleSet.preset("classic")
    same = options.options_of(rules)
    assert options.options_of(rules) is same
    assert options.as_options(same) is same and options.as_options(rules) is same
    other = rules.with_options(target=15)
    assert options.options_of(other).target == 15 and same.target == 30


def test_the_memo_stays_within_its_room() -> None:
    kept = [RuleSet.preset("default", target=(15, 30)[i % 2]) for i in range(options._ROOM + 10)]
    for rules in kept:
        assert options.options_of(rules).target == rules.target
    assert len(options._BY_ID) <= options._ROOM


def test_every_state_reads_the_options_of_its_rules() -> None:
    rules = RuleSet.preset("reglamento")
    state, _ = apply(new_game(rules, first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    assert state._opts is options.options_of(rules)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again._opts.preset_name == "reglamento" and again._opts.flor

"""The engine's rule options (``_engine.options``): the same values as the RuleSet, for every preset, in both builds.

In the source (the pure build), ``Options`` is the RuleSet itself. The compiled build replaces the module with the
one that ``hatch_build.native_options`` writes from RuleSet's fields: a native class holding a copy. A copy that
missed or changed a field would play another game, so the tests below check the module the running build imported,
and the written module itself (run here as a module of the package).
"""

from __future__ import annotations

import ast
import pickle
import types
from pathlib import Path

import attrs
import pytest

from helpers import build_hook
from pytruco import Deal, RuleSet, apply, new_game
from pytruco._engine import options
from pytruco.rules import PRESET_NAMES

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "src" / "pytruco" / "rules.py"

PRESET_VARIANTS = [RuleSet.preset(name) for name in PRESET_NAMES] + [
    RuleSet.preset("default", players=4, target=15, flor=True),
    RuleSet.preset("classic", players=6, hands=3, answer_in_turn=True),
    RuleSet.preset("classic", flor_achico=True, falta_envido="malas-winner", flor_flor_value=4),
]
FIELD_NAMES = tuple(field.name for field in attrs.fields(RuleSet))


def values(copied: object) -> dict[str, object]:
    return {name: getattr(copied, name) for name in FIELD_NAMES}


@pytest.fixture(scope="module")
def native() -> types.ModuleType:
    """The compiled build's options module, as ``hatch_build.native_options`` writes it, run as a module of the
    package (pure Python here: the compiled build runs the same text through mypyc)."""
    text = build_hook().native_options(RULES.read_text(encoding="utf-8"))
    module = types.ModuleType("pytruco._engine._native_options")
    module.__package__ = "pytruco._engine"
    exec(compile(text, "<native_options>", "exec"), module.__dict__)
    return module


@pytest.mark.parametrize("rules", PRESET_VARIANTS, ids=lambda rules: f"{rules.preset_name}-{rules.players}")
def test_options_hold_every_field_of_the_ruleset(rules: RuleSet) -> None:
    assert values(options.options_of(rules)) == attrs.asdict(rules, recurse=False)


@pytest.mark.parametrize("rules", PRESET_VARIANTS, ids=lambda rules: f"{rules.preset_name}-{rules.players}")
def test_the_written_options_hold_every_field_of_the_ruleset(native: types.ModuleType, rules: RuleSet) -> None:
    copied = native.options_of(rules)
    assert type(copied) is native.Options and not isinstance(copied, RuleSet)
    assert values(copied) == attrs.asdict(rules, recurse=False)


def test_the_written_class_declares_the_ruleset_fields_with_their_annotations(native: types.ModuleType) -> None:
    """Declared in RuleSet alone: the written class has every field, in order, with the same annotation (mypyc
    compiles the engine against these), and nothing else."""
    assert tuple(native.Options.__annotations__) == FIELD_NAMES
    assert native.Options.__annotations__ == {field.name: field.type for field in attrs.fields(RuleSet)}
    assert native._NAMES == FIELD_NAMES


def test_the_fields_are_read_from_the_ruleset_class_only() -> None:
    """hatch_build.ruleset_fields reads the class RuleSet's annotated fields, not another class's or a method's."""
    hatch_build = build_hook()
    source = (
        "class Other:\n    stray: int = 1\n"
        "class RuleSet:\n    first: bool = True\n    second: tuple[int, ...] = (1,)\n"
        "    def method(self) -> None:\n        local: int = 2\n"
    )
    assert hatch_build.ruleset_fields(source) == [("first", "bool"), ("second", "tuple[int, ...]")]
    with pytest.raises(ValueError, match="declares no class RuleSet"):
        hatch_build.ruleset_fields("class Rules:\n    x: int = 1\n")
    written = hatch_build.native_options(source)
    ast.parse(written)
    assert "from ..rules import RuleSet\n" in written and "    second: tuple[int, ...]\n" in written


def test_options_are_kept_per_ruleset_object() -> None:
    rules = RuleSet.preset("classic")
    same = options.options_of(rules)
    assert options.options_of(rules) is same
    assert options.as_options(same) is same and options.as_options(rules) is same
    other = rules.with_options(target=15)
    assert options.options_of(other).target == 15 and same.target == 30


def test_the_written_options_are_kept_per_ruleset_object(native: types.ModuleType) -> None:
    rules = RuleSet.preset("classic")
    same = native.options_of(rules)
    assert native.options_of(rules) is same
    assert native.as_options(same) is same and native.as_options(rules) is same
    other = rules.with_options(target=15)
    assert native.options_of(other) is not same and native.options_of(other).target == 15 and same.target == 30


def test_the_written_memo_stays_within_its_room(native: types.ModuleType) -> None:
    kept = [RuleSet.preset("default", target=(15, 30)[i % 2]) for i in range(native._ROOM + 10)]
    for rules in kept:
        assert native.options_of(rules).target == rules.target
    assert 0 < len(native._BY_ID) <= native._ROOM
    assert all(native.options_of(rules).target == rules.target for rules in kept)


def test_every_state_reads_the_options_of_its_rules() -> None:
    rules = RuleSet.preset("reglamento")
    state, _ = apply(new_game(rules, first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    assert state._opts is options.options_of(rules)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again._opts.preset_name == "reglamento" and again._opts.flor

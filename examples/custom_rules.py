"""Custom rules: start from a preset, change options, and see invalid ones refused.

Shows that a rule variant is data: a ``RuleSet`` value. The script compares a
few options of the five presets, builds variants with ``RuleSet.preset(name,
**options)`` and ``with_options``, plays a hand under a variant (flor turned on
in ``default``), shows how a variant is written in a game record, and finally
shows the ``RuleSetError`` that an invalid option raises, naming the option.

Run it with ``python examples/custom_rules.py``.
"""

from __future__ import annotations

from pytruco import PRESET_NAMES, Action, Deal, Record, RuleSet, RuleSetError, apply, legal_actions, new_game

OPTIONS = ("max_players", "targets", "scoring", "envido_style", "flor", "flor_mandatory", "chicos_to_win")


def describe(value: object) -> str:
    """An option's value as short text (enums by their value)."""
    return str(getattr(value, "value", value))


def compare_presets() -> None:
    print("option".ljust(16) + "".join(name.ljust(13) for name in PRESET_NAMES))
    for option in OPTIONS:
        values = (describe(getattr(RuleSet.preset(name), option)) for name in PRESET_NAMES)
        print(option.ljust(16) + "".join(value.ljust(13) for value in values))


def main() -> None:
    compare_presets()

    # A variant: default for four players, to 15 points, with flor.
    rules = RuleSet.preset("default", players=4, target=15, flor=True)
    print(f"\nvariant: {rules.to_dict()}")
    # The same change, step by step, from an existing value (a new value each time):
    same = RuleSet.preset("default").with_options(players=4).with_options(target=15, flor=True)
    print(f"built step by step, it is equal: {same == rules}")

    # Under the variant a flor can be sung; under plain default it cannot.
    deal = Deal.parse([["7C", "6C", "1C"], ["5O", "4E", "3B"], ["12E", "11B", "2O"], ["1E", "7O", "4C"]])
    for label, variant in (("default", RuleSet.preset("default", players=4)), ("variant", rules)):
        state, _events = apply(new_game(variant, first_mano=0), deal)
        words = sorted({action.kind.value for action in legal_actions(state)})
        print(f"{label}: seat 0 may {', '.join(words)}")

    state, _events = apply(new_game(rules, first_mano=0), deal)
    state, events = apply(state, Action.parse("0 flor"))
    print("after '0 flor': " + "; ".join(str(event) for event in events))

    # A record stores the variant as its preset and the options that differ.
    print(f"rules member of the record: {Record.from_state(state).to_dict()['rules']}")

    # Invalid options are refused when the RuleSet is made, naming the option.
    print()
    attempts = {
        "players=3": lambda: RuleSet.preset("default", players=3),
        "target=20": lambda: RuleSet.preset("classic", target=20),
        "online with 4 players": lambda: RuleSet.preset("online").with_options(players=4),
        "a negative payout": lambda: RuleSet.preset("reglamento", achico_value=-4),
        "an unknown option": lambda: RuleSet.preset("default", flower=True),
        "an unknown preset": lambda: RuleSet.preset("uruguayo"),
    }
    for label, attempt in attempts.items():
        try:
            attempt()
        except RuleSetError as error:
            # RuleSetError is also a ValueError, so generic code can catch it too.
            print(f"{label}: RuleSetError: {error}")


if __name__ == "__main__":
    main()

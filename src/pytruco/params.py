"""The research parameters: what :mod:`pytruco.openspiel`, :mod:`pytruco.pettingzoo`, :mod:`pytruco.gym` and
:mod:`pytruco.vector` take by name (the game's own: ``preset``, ``players``, ``target``, ``hands``, ``utility``;
every option of a :class:`~pytruco.RuleSet` by its name; the first mano), turned into a rule set and a utility; and
the range of a game's utility; the length of a game and a rule set's game of another length.

>>> from pytruco.params import research_rules
>>> research_rules({"preset": "default"})[0].players
2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from ._layouts import bounds
from .errors import ArgumentError, quoted
from .rules import PRESET_NAMES, RuleSet

__all__ = [
    "GAME_PARAMETERS",
    "RULE_OPTIONS",
    "first_mano_of",
    "game_length",
    "game_rules",
    "research_rules",
    "utility_range",
    "with_hands",
]


def research_rules(params: Mapping[str, Any]) -> tuple[RuleSet, str]:
    """The rule set and the utility (``win`` or ``points``) of the research parameters of :mod:`pytruco.openspiel`,
    :mod:`pytruco.pettingzoo` and :mod:`pytruco.vector`: ``preset``, ``players``, ``target`` (0: the preset's; any
    other: that target), ``hands`` (0: a whole match) and ``utility``; partners answer in turn order (one actor per
    decision).

    Raises:
        ArgumentError: *params* is not a mapping, an unknown preset or utility, or an option the rules refuse; the
            message quotes the input shortened.

    >>> from pytruco.params import research_rules
    >>> rules, utility = research_rules({"preset": "classic", "players": 4, "target": 9, "hands": 0, "utility": "win"})
    >>> rules.players, rules.target, rules.answer_in_turn, utility
    (4, 9, True, 'win')
    """
    if not isinstance(params, Mapping):
        raise ArgumentError(f"research_rules needs a mapping of parameters, not {quoted(params)}")
    values = {"preset": "default", "players": 2, "target": 0, "hands": 0, "utility": "win", **params}
    preset, utility = values["preset"], values["utility"]
    if not isinstance(preset, str) or preset not in PRESET_NAMES:
        raise ArgumentError(f"unknown preset {quoted(preset)} (known: {', '.join(PRESET_NAMES)})")
    if not isinstance(utility, str) or utility not in ("win", "points"):
        raise ArgumentError(f"utility must be 'win' or 'points', not {quoted(utility)}")
    options: dict[str, Any] = {"players": values["players"], "hands": values["hands"], "answer_in_turn": True}
    if values["target"]:
        options["targets"] = (values["target"],)
        options["target"] = values["target"]
    try:
        rules = RuleSet.preset(preset, **options)
    except ValueError as error:
        raise ArgumentError(f"{error}") from None
    return rules, utility


GAME_PARAMETERS: Final = ("preset", "players", "target", "hands", "utility")
"""The parameters of the game itself, read by :func:`research_rules`; every other name is a rule option.

>>> from pytruco.params import GAME_PARAMETERS
>>> "preset" in GAME_PARAMETERS, "flor" in GAME_PARAMETERS
(True, False)
"""

_FIXED: Final = frozenset({"preset_name", "max_players", "targets", "answer_in_turn"})

RULE_OPTIONS: Final = tuple(
    field.name
    for field in attrs.fields(RuleSet)
    if field.name not in _FIXED and field.name not in GAME_PARAMETERS and field.name != "hands"
)
"""The :class:`~pytruco.RuleSet` options a research environment takes by name, beside :data:`GAME_PARAMETERS`
(``answer_in_turn`` stays on: one seat acts at a time; ``targets`` follows ``target``).

>>> from pytruco.params import RULE_OPTIONS
>>> "flor" in RULE_OPTIONS, "envido_primero" in RULE_OPTIONS, "answer_in_turn" in RULE_OPTIONS
(True, True, False)
"""


def game_rules(params: Mapping[str, Any]) -> tuple[RuleSet, str]:
    """The rule set and the utility of *params*: the game's parameters (:data:`GAME_PARAMETERS`, each with its
    default) and any :data:`RULE_OPTIONS`, applied to the preset with the option's own validation.

    Raises:
        ArgumentError: an unknown parameter, or a game parameter the rules refuse.
        RuleSetError: a rule option the rules refuse (its own message).

    >>> from pytruco.params import game_rules
    >>> game_rules({"preset": "classic", "players": 4, "envido_primero": False})[0].envido_primero
    False
    >>> game_rules({"flor": "yes"})
    Traceback (most recent call last):
    ...
    pytruco.errors.RuleSetError: option 'flor': must be true or false, not 'yes'
    """
    if not isinstance(params, Mapping):
        raise ArgumentError(f"the game's parameters are a mapping, not {quoted(params)}")
    base: dict[str, Any] = {}
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key in GAME_PARAMETERS:
            base[key] = value
        elif key in RULE_OPTIONS:
            options[key] = value
        else:
            known = ", ".join((*GAME_PARAMETERS, "first_mano", "the RuleSet options"))
            raise ArgumentError(f"unknown parameter {quoted(key)} (known: {known})")
    rules, utility = research_rules(base)
    return (rules.with_options(**options) if options else rules), utility


def first_mano_of(value: object, rules: RuleSet) -> int | None:
    """*value* as the first mano of a table of *rules*: ``None`` (drawn at each reset) or a seat.

    Raises:
        ArgumentError: neither.

    >>> from pytruco import RuleSet
    >>> from pytruco.params import first_mano_of
    >>> first_mano_of(1, RuleSet.preset("default")), first_mano_of(None, RuleSet.preset("default"))
    (1, None)
    """
    n = rules.players
    if value is None or (isinstance(value, int) and value.__class__ is int and 0 <= value < n):
        return value
    raise ArgumentError(f"first_mano must be None (drawn) or a seat from 0 to {n - 1}, not {quoted(value)}")


def utility_range(rules: RuleSet, utility: str) -> tuple[float, float]:
    """The lowest and the highest return of a seat in a game of *rules* with *utility*: ``win`` -1 and 1;
    ``points`` the most points a team can gain over the game's hands (a whole match: its chicos), either way.

    >>> from pytruco import RuleSet
    >>> from pytruco.params import utility_range
    >>> utility_range(RuleSet.preset("default"), "win")
    (-1.0, 1.0)
    >>> low, high = utility_range(RuleSet.preset("default", hands=1), "points")
    >>> low == -high and high > 0
    True
    """
    if utility == "win":
        return -1.0, 1.0
    limits = bounds(rules)
    if rules.hands:
        high = float(limits.max_hand_points * rules.hands)
    else:
        chicos = 2 * rules.chicos_to_win - 1
        high = float(chicos * (rules.target - 1 + limits.max_hand_points))
    return -high, high


def game_length(rules: RuleSet) -> str:
    """How long a game of *rules* is: ``1 hand``, ``3 hands`` (:attr:`RuleSet.hands <pytruco.RuleSet.hands>`) or,
    for whole matches, the target: ``30 points``.

    >>> from pytruco import RuleSet
    >>> from pytruco.params import game_length
    >>> game_length(RuleSet.preset("default", hands=1)), game_length(RuleSet.preset("default"))
    ('1 hand', '30 points')
    """
    hands = rules.hands
    return f"{hands} hand{'s' if hands != 1 else ''}" if hands else f"{rules.target} points"


def with_hands(rules: RuleSet, hands: int | None) -> RuleSet:
    """*rules* with *hands* hands a game (1: the one-hand game; 0: whole matches to the target), or as they are
    when *hands* is ``None``: the game a trained agent is evaluated in, its own or another.

    Raises:
        ArgumentError: *hands* is no whole number from 0.

    >>> from pytruco import RuleSet
    >>> from pytruco.params import with_hands
    >>> one_hand = RuleSet.preset("default", hands=1)
    >>> with_hands(one_hand, 0).hands, with_hands(one_hand, None) is one_hand
    (0, True)
    """
    if hands is None:
        return rules
    if hands.__class__ is not int or hands < 0:
        raise ArgumentError(f"hands a game must be a whole number, 0 for whole matches, not {quoted(hands)}")
    return attrs.evolve(rules, hands=hands)

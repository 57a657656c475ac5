"""The research parameters: what :mod:`pytruco.openspiel`, :mod:`pytruco.pettingzoo` and :mod:`pytruco.vector`
take by name, turned into a :class:`~pytruco.RuleSet` and a utility.

>>> from pytruco.params import research_rules
>>> research_rules({"preset": "default"})[0].players
2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import ArgumentError, quoted
from .rules import PRESET_NAMES, RuleSet

__all__ = ["research_rules"]


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

"""Envido chains: which calls may follow, and what a chain is worth.

The three styles of PRESETS.md §5 as small pure functions of the chain of
calls. The falta value depends on the score, so it is computed by
:func:`falta_value`.

>>> from pytruco.actions import Kind
>>> E, R, F = Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO
>>> from pytruco.rules import RuleSet
>>> rules = RuleSet.preset("default")
>>> accepted_value(rules, (E, E, R)), refused_value(rules, (E, E, R))
(7, 4)
>>> next_calls(rules, (E, R))
(<Kind.FALTA_ENVIDO: 'falta-envido'>,)
"""

from __future__ import annotations

from .actions import Kind
from .rules import EnvidoStyle, FaltaRule, RuleSet

__all__ = ["FALTA", "accepted_value", "falta_value", "next_calls", "opening_calls", "refused_value"]

E, R, F = Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO
FALTA = -1
"""Returned by :func:`accepted_value` for a chain worth the falta."""

_LADDER = (E, R, E, F)
_LADDER_ACCEPTED = (2, 3, 4, FALTA)
_CUMULATIVE_VALUE = {E: 2, R: 3}
_OPEN_ALL = (E, R, F)
_OPEN_ENVIDO = (E,)


def opening_calls(rules: RuleSet) -> tuple[Kind, ...]:
    """The calls that may open a chain: E, R or F, or envido alone."""
    return _OPEN_ALL if rules.envido_style is EnvidoStyle.CUMULATIVE else _OPEN_ENVIDO


def next_calls(rules: RuleSet, calls: tuple[Kind, ...]) -> tuple[Kind, ...]:
    """The raises allowed after *calls* (PRESETS.md §5, raises).

    ``cumulative``: envido at most twice, then real envido once, falta envido
    closes. ``ladder``: strictly E → R → E-E → F. ``per-word``: envido
    again while the accepted value stays within the target.
    """
    style = rules.envido_style
    if style is EnvidoStyle.CUMULATIVE:
        if F in calls:
            return ()
        if R in calls:
            return (F,)
        if len(calls) == 1:
            return (E, R, F)
        return (R, F)
    if style is EnvidoStyle.LADDER:
        return (_LADDER[len(calls)],) if len(calls) < len(_LADDER) else ()
    # per-word: each envido adds 2; a raise past the target is illegal (decided).
    return (E,) if 2 * (len(calls) + 1) <= rules.target else ()


def accepted_value(rules: RuleSet, calls: tuple[Kind, ...]) -> int:
    """What the chain is worth when accepted; :data:`FALTA` for the falta."""
    style = rules.envido_style
    if style is EnvidoStyle.CUMULATIVE:
        if F in calls:
            return FALTA
        return sum(_CUMULATIVE_VALUE[call] for call in calls)
    if style is EnvidoStyle.LADDER:
        return _LADDER_ACCEPTED[len(calls) - 1]
    return 2 * len(calls)


def refused_value(rules: RuleSet, calls: tuple[Kind, ...]) -> int:
    """What the last caller scores when the chain is refused.

    ``cumulative`` and ``per-word``: the accepted value without the last call,
    at least 1. ``ladder``: E 1, R 1, E-E 2, F :attr:`RuleSet.ladder_falta_refused`.
    """
    style = rules.envido_style
    if style is EnvidoStyle.LADDER:
        return (1, 1, 2, rules.ladder_falta_refused)[len(calls) - 1]
    if len(calls) == 1:
        return 1
    return max(1, accepted_value(rules, calls[:-1]))


def falta_value(rules: RuleSet, score: tuple[int, int], winner_team: int) -> int:
    """An accepted falta envido: the target minus the leader's score, or
    (``ladder``) minus the score of the team that loses the envido."""
    if rules.falta is FaltaRule.LOSER:
        return rules.target - score[1 - winner_team]
    return rules.target - max(score)

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
from .cards import _points
from .declarations import _start_declarations
from .events import _WORD, EventKind, _ev, _Events
from .rules import EnvidoStyle, FaltaRule, RuleSet
from .scoring import _award
from .state import CAT_ENVIDO, CAT_UNSHOWN, DECL_ENVIDO, ENV_DECLARING, ENV_SETTLED, Round, State

_QUIERO, _NO_QUIERO = Kind.QUIERO, Kind.NO_QUIERO

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


# --- the chain at the table -------------------------------------------------
def _envido_answer(st: State, r: Round, s: int, kind: Kind, events: _Events) -> None:
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    r._call_log = (*r._call_log, ("envido", s, kind))
    if kind is _QUIERO:
        r._env_state = ENV_DECLARING
        _start_declarations(r, DECL_ENVIDO, ~r._folded)
    elif kind is _NO_QUIERO:
        _refuse_envido(st, r, events)
    else:  # a raise
        r._env_calls = (*r._env_calls, kind)
        r._env_caller = s


def _refuse_envido(st: State, r: Round, events: _Events) -> None:
    r._env_state = ENV_SETTLED
    _award(st, r, r._env_caller & 1, refused_value(st._rules, r._env_calls), CAT_ENVIDO, events)


def _envido_shown(rules: RuleSet, r: Round, s: int) -> bool:
    """Whether the cards that make seat *s*'s envido points are face up (§8.12, §8.19):
    the cards it has played make those points by themselves (any one card for 0)."""
    held = r._held[s]
    played = [card for card in r._dealt[s].cards if card not in held]
    return bool(played) and _points(played, rules.envido_count_three) == r._env_pts[s]


def _resolve_envido(st: State, r: Round, winner: int, events: _Events) -> None:
    """The declarations are over: *winner*'s team wins the envido's value."""
    team = winner & 1
    rules = st._rules
    value = accepted_value(rules, r._env_calls)
    if value == FALTA:
        value = falta_value(rules, st._score, team)
    r._env_state = ENV_SETTLED
    r._env_winner = winner
    events.append(_ev(EventKind.ENVIDO_WON, winner, team, value))
    if rules.bluff or rules.show_rule:
        # settled when the cards are shown at the end of the hand
        r._env_deferred = (team, value, r._decl_best)
        if r._defer:
            r._pending = (*r._pending, (team, value, CAT_UNSHOWN))
    else:
        _award(st, r, team, value, CAT_ENVIDO, events)

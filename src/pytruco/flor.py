"""Flor: singing it, flor against flor, contraflor, contraflor al resto and
con flor me achico, and a flor lost by folding (PRESETS.md §6, §8.5-8.8, §8.17-8.24).
"""

from __future__ import annotations

from .actions import Kind
from .declarations import _start_declarations
from .events import _WORD, EventKind, _ev, _Events
from .rules import CfarRule
from .scoring import _add_points, _award, _chico_won
from .state import (
    CAT_FLOR,
    CAT_FLOR_LOST,
    DECL_FLOR,
    DECL_NONE,
    ENV_DECLARING,
    ENV_PENDING,
    ENV_VOID,
    FLOR_ANSWER,
    FLOR_CALL,
    FLOR_DECLARING,
    FLOR_DONE,
    FLOR_NONE,
    Round,
    State,
)
from .windows import _can_answer_flor

_FLOR, _CONTRAFLOR, _CFAR = Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO
_QUIERO, _NO_QUIERO = Kind.QUIERO, Kind.NO_QUIERO


def _sing_flor(st: State, r: Round, s: int, events: _Events) -> None:
    rules = st._rules
    team = s & 1
    r._flor_sung |= 1 << s
    events.append(_ev(EventKind.CALLED, s, team, 0, None, "flor"))
    r._call_log = (*r._call_log, ("flor", s, _FLOR))
    if r._env_state in (ENV_PENDING, ENV_DECLARING):
        # A flor voids an envido still pending or being declared (§6, §8.24).
        r._env_state = ENV_VOID
        r._decl_kind = DECL_NONE
        r._decl_queue = ()
        events.append(_ev(EventKind.ENVIDO_VOID))
    if r._flor_stage == FLOR_NONE:
        mask = 0
        for t in range(1 - team, r._n, 2):
            if _can_answer_flor(rules, r, t):
                mask |= 1 << t
        if mask:
            r._flor_stage = FLOR_ANSWER
            r._flor_first = s
            r._flor_answerers = mask
            return
        r._flor_stage = FLOR_DONE
    _award(st, r, team, rules.flor_value, CAT_FLOR, events)


def _flor_answer(st: State, r: Round, s: int, kind: Kind, events: _Events) -> None:
    """The second holder answers the first flor (§6)."""
    rules = st._rules
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    r._call_log = (*r._call_log, ("flor", s, kind))
    r._flor_answerers = 0
    if kind is _NO_QUIERO:
        r._flor_lost |= 1 << s
        r._flor_stage = FLOR_DONE
        _award(st, r, r._flor_first & 1, rules.flor_value, CAT_FLOR, events)
        return
    r._flor_sung |= 1 << s
    if kind is _FLOR and not rules.flor_flor_is_call:
        _accept_flor(r, rules.flor_flor_value)
        return
    r._flor_stage = FLOR_CALL
    r._flor_call = kind
    r._flor_caller = s
    r._flor_over = _FLOR


def _flor_call_answer(st: State, r: Round, s: int, kind: Kind, events: _Events) -> None:
    """An answer to a second flor (``reglamento``), a contraflor or a contraflor al resto."""
    rules = st._rules
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    r._call_log = (*r._call_log, ("flor", s, kind))
    call = r._flor_call
    caller_team = r._flor_caller & 1
    if kind is _QUIERO:
        if call is _FLOR:
            _accept_flor(r, rules.flor_flor_value)
        elif call is _CONTRAFLOR:
            _accept_flor(r, rules.contraflor_value)
        else:
            _accept_flor(r, -1)
    elif kind is _CFAR:
        r._flor_over = call
        r._flor_call = _CFAR
        r._flor_caller = s
    else:
        _refuse_flor_call(st, r, events)
    del caller_team


def _refuse_flor_call(st: State, r: Round, events: _Events) -> None:
    rules = st._rules
    call = r._flor_call
    caller_team = r._flor_caller & 1
    if call is _FLOR:
        points = rules.achico_value  # con flor me achico
    elif call is _CONTRAFLOR:
        points = rules.contraflor_refused
    elif r._flor_over is _CONTRAFLOR:
        points = rules.cfar_refused_over_contraflor
    else:
        points = rules.cfar_refused_over_flor
    r._flor_stage = FLOR_DONE
    r._flor_call = None
    _award(st, r, caller_team, points, CAT_FLOR, events)


def _accept_flor(r: Round, stake: int) -> None:
    r._flor_stage = FLOR_DECLARING
    r._flor_stake = stake
    r._flor_call = None
    _start_declarations(r, DECL_FLOR, r._flor_sung)


def _resolve_flor(st: State, r: Round, winner: int, events: _Events) -> None:
    rules = st._rules
    team = winner & 1
    r._flor_stage = FLOR_DONE
    stake = r._flor_stake
    events.append(_ev(EventKind.FLOR_WON, winner, team))
    if stake >= 0:
        _award(st, r, team, stake, CAT_FLOR, events)
    elif rules.cfar is CfarRule.FALTA:
        _award(st, r, team, rules.target - max(st._score), CAT_FLOR, events)
    else:
        _flor_wins_chico(st, r, team, events)


def _flor_wins_chico(st: State, r: Round, team: int, events: _Events) -> None:
    """An accepted contraflor al resto that wins the game (chico) at once (§6, §8.11).

    In presets that add a hand's points when it ends, no other point of the
    hand is added (§8.26): not a settled envido (§8.24), not the truco, not
    the points of the earlier duels of a pica hand. The best flor's score is
    raised to the target; the hand's points are that raise (§8.15).
    """
    target = st._rules.target
    raise_by = max(0, target - st._score[team])
    if not r._defer:
        _award(st, r, team, raise_by, CAT_FLOR, events)
        return
    r._pending = ()
    r._env_deferred = None
    if raise_by:
        _add_points(st, r, team, raise_by, CAT_FLOR, events)
    events.append(_ev(EventKind.HAND_ENDED))
    _chico_won(st, r, team, events)


def _lose_flor(r: Round, team: int, events: _Events) -> None:
    """``reglamento`` (§6, §8.22): the team's flor points in this hand go to
    the other team.

    Only the points its own flores scored move (§8.29): points it collected
    because the other team lost a flor stay where they are. In a pica hand
    each duel is its own hand (§8.28): the points carried from the earlier
    duels do not move.
    """
    moved = 0
    carried = r._carried
    pending = list(r._pending[:carried])
    for owner, points, category in r._pending[carried:]:
        if owner == team and category is CAT_FLOR:
            moved += points
            pending.append((1 - team, points, CAT_FLOR_LOST))
        else:
            pending.append((owner, points, category))
    r._pending = tuple(pending)
    r._flor_forfeit |= 1 << team  # and the team's later flor points in this hand too
    if moved:
        events.append(_ev(EventKind.POINTS_MOVED, None, 1 - team, moved, None, "flor lost by folding"))

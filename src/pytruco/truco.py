"""Truco, retruco and vale cuatro: calls, answers and refusals (PRESETS.md §4)."""

from __future__ import annotations

from .actions import TRUCO_CALLS, Kind
from .events import _WORD, EventKind, _ev, _Events
from .scoring import _finish, _win_hand
from .state import Round, State

_QUIERO = Kind.QUIERO


def _truco_call(r: Round, s: int, kind: Kind, events: _Events) -> None:
    if r._truco_call:  # a raise as the answer accepts the pending level ("quiero retruco")
        r._truco_level = r._truco_call
        r._quiero_team = s & 1
    r._truco_call = TRUCO_CALLS.index(kind) + 1
    r._truco_caller = s
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    r._call_log = (*r._call_log, ("truco", s, kind))


def _truco_answer(st: State, r: Round, s: int, kind: Kind, events: _Events) -> None:
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    r._call_log = (*r._call_log, ("truco", s, kind))
    if kind is _QUIERO:
        r._truco_level = r._truco_call
        r._quiero_team = s & 1
        r._truco_call = 0
    else:
        _refuse_truco(st, r, events)
        _finish(st, r, events)


def _refuse_truco(st: State, r: Round, events: _Events) -> None:
    """A refused truco, retruco or vale cuatro ends the hand: its caller's
    side scores the value before the call (§4)."""
    caller_team = r._truco_caller & 1
    r._truco_call = 0
    _win_hand(st, r, caller_team, events)

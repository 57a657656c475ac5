"""Truco, retruco and vale cuatro: who may raise (the quiero), why a truco call is refused, and calling,
answering and refusing them (PRESETS.md §4).

>>> from pytruco import Action, Deal, apply, new_game
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
>>> for text in ["0 truco", "1 quiero"]:
...     state, _ = apply(state, Action.parse(text))
>>> may_raise(state.round, 0), may_raise(state.round, 1)
(False, True)
"""

from __future__ import annotations

from ..actions import TRUCO_CALLS, Kind
from ..events import WORD_OF, EventKind, EventLog, new_event
from .refusals import Refusal
from .scoring import finish_round, win_round
from .stages import LEVEL_NAMES
from .state import Round, State

_QUIERO = Kind.QUIERO


# --- who may raise ------------------------------------------------------------
def holds_quiero(r: Round, s: int) -> bool:
    """Seat *s*'s team accepted the last truco level: only it may raise next (the quiero, §4)."""
    return r._truco_level > 0 and r._quiero_team == s & 1


def may_raise(r: Round, s: int) -> bool:
    """Whether seat *s* may call the next truco level on its turn (nothing pending)."""
    level = r._truco_level
    return level < 3 and (level == 0 or holds_quiero(r, s))


# --- why not ------------------------------------------------------------------
def truco_refusal(r: Round, s: int, kind: Kind, pending: str | None) -> Refusal:
    """Why seat *s*, which is to act, may not call *kind* (truco, retruco or vale cuatro) now."""
    params: dict[str, int | str | None] = {"seat": s, "call": kind.value}
    if pending is not None and pending not in LEVEL_NAMES:  # a flor, a declaration or an envido comes first
        params["pending"] = pending
        return Refusal("truco-while-pending", params)
    if r._truco_call:
        nxt = r._truco_call + 1
        if nxt > 3:
            return Refusal("truco-last-level", params)
        params.update(called=LEVEL_NAMES[r._truco_call - 1], answer=LEVEL_NAMES[nxt - 1])
        return Refusal("truco-answer-skips", params)
    level = r._truco_level
    if level == 3:
        return Refusal("truco-all-accepted", params)
    if level and not holds_quiero(r, s):
        params.update(team=r._quiero_team, players=r._n)
        return Refusal("raise-needs-quiero", params)
    if TRUCO_CALLS.index(kind) != level:
        if level == 0:
            return Refusal("truco-first-call", params)
        params.update(accepted=LEVEL_NAMES[level - 1], next=LEVEL_NAMES[level])
        return Refusal("truco-next-call", params)
    return Refusal("truco-not-now", params)


# --- doing it -------------------------------------------------------------------


def call_truco(r: Round, s: int, kind: Kind, events: EventLog) -> None:
    if r._truco_call:  # a raise as the answer accepts the pending level ("quiero retruco")
        r._truco_level = r._truco_call
        r._quiero_team = s & 1
    r._truco_call = TRUCO_CALLS.index(kind) + 1
    r._truco_caller = s
    events.append(new_event(EventKind.CALLED, s, s & 1, 0, None, WORD_OF[kind]))
    r._log = (("call", "truco", s, kind), r._log)


def answer_truco(st: State, r: Round, s: int, kind: Kind, events: EventLog) -> None:
    events.append(new_event(EventKind.CALLED, s, s & 1, 0, None, WORD_OF[kind]))
    r._log = (("call", "truco", s, kind), r._log)
    if kind is _QUIERO:
        r._truco_level = r._truco_call
        r._quiero_team = s & 1
        r._truco_call = 0
    else:
        refuse_truco(st, r, events)
        finish_round(st, r, events)


def refuse_truco(st: State, r: Round, events: EventLog) -> None:
    """A refused truco, retruco or vale cuatro ends the round: its caller's
    side scores the value before the call (§4)."""
    caller_team = r._truco_caller & 1
    r._truco_call = 0
    win_round(st, r, caller_team, events)

"""Truco, retruco and vale cuatro: who may raise (the quiero), why a truco call is refused, and calling,
answering and refusing them (PRESETS.md §4).

>>> from pytruco import Action, Deal, apply, new_game
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
>>> for text in ["0 truco", "1 quiero"]:
...     state, _ = apply(state, Action.parse(text))
>>> next_truco_call(state.round, 0), next_truco_call(state.round, 1)
(None, <Kind.RETRUCO: 'retruco'>)
"""

from __future__ import annotations

from typing import Final

from ..actions import TRUCO_CALLS, Kind
from ..events import EventLog
from .awaiting import blocker
from .refusals import Refusal
from .scoring import finish_round, win_round
from .stages import AWAIT_TRUCO, AWAIT_TURN, KIND_QUIERO, LEVEL_NAMES, TRUCO_VALUE, Awaiting, called_event
from .state import Round, State


# --- who may raise ------------------------------------------------------------
def holds_quiero(r: Round, s: int) -> bool:
    """Seat *s*'s team accepted the last truco level: only it may raise next (the quiero, §4)."""
    return r._truco.quiero_team == s & 1


def next_truco_call(r: Round, s: int) -> Kind | None:
    """The truco-level call seat *s* may make now, if any: the level after a pending call (a raise as the answer,
    "quiero retruco"), or on its turn the next level when nothing was accepted yet or its team holds the quiero
    (§4). The one statement of the next level, for the legal actions, the refusals and the views alike."""
    call = r._truco.call
    if call:
        return _TRUCO_CALLS[call] if call < 3 else None
    level = r._truco.level
    if level < 3 and (level == 0 or holds_quiero(r, s)):
        return _TRUCO_CALLS[level]
    return None


def truco_stakes(call: Kind) -> tuple[int, int]:
    """``(if accepted, if refused)`` of the truco-level *call*: what the round is worth once it is accepted, and
    what its caller's team scores when it is refused, the value of the level before it (§4). The one statement
    of a call's stakes, for the views.

    >>> truco_stakes(Kind.RETRUCO)
    (3, 2)
    """
    level = _TRUCO_LEVEL[call]
    return TRUCO_VALUE[level], TRUCO_VALUE[level - 1]


# --- why not ------------------------------------------------------------------
def truco_refusal(r: Round, s: int, kind: Kind, waits: Awaiting) -> Refusal:
    """Why seat *s*, which is to act, may not call *kind* (truco, retruco or vale cuatro), which the menu does not
    offer: a flor, a declaration or an envido comes first, or *kind* is not :func:`next_truco_call`."""
    params: dict[str, int | str | None] = {"seat": s, "call": kind.value}
    if waits is not AWAIT_TURN and waits is not AWAIT_TRUCO:  # a flor, a declaration or an envido comes first
        params["pending"] = blocker(r)
        return Refusal("truco-while-pending", params)
    nxt = next_truco_call(r, s)
    if r._truco.call:
        if nxt is None:
            return Refusal("truco-last-level", params)
        params.update(called=LEVEL_NAMES[r._truco.call - 1], answer=nxt.value)
        return Refusal("truco-answer-skips", params)
    level = r._truco.level
    if level == 3:
        return Refusal("truco-all-accepted", params)
    if nxt is None:
        params.update(team=r._truco.quiero_team, players=r._deal.n)
        return Refusal("raise-needs-quiero", params)
    if level == 0:
        return Refusal("truco-first-call", params)
    params.update(accepted=LEVEL_NAMES[level - 1], next=nxt.value)
    return Refusal("truco-next-call", params)


# --- doing it -------------------------------------------------------------------


def call_truco(r: Round, s: int, kind: Kind, events: EventLog) -> None:
    truco = r._edit_truco()
    if truco.call:  # a raise as the answer accepts the pending level ("quiero retruco")
        truco.level = truco.call
        truco.quiero_team = s & 1
    truco.call = _TRUCO_LEVEL[kind]
    truco.caller = s
    events.append(called_event(s, kind))
    r._log = (("call", "truco", s, kind), r._log)


def answer_truco(st: State, r: Round, s: int, kind: Kind, events: EventLog) -> None:
    truco = r._edit_truco()
    events.append(called_event(s, kind))
    r._log = (("call", "truco", s, kind), r._log)
    if kind is KIND_QUIERO:
        truco.level = truco.call
        truco.quiero_team = s & 1
        truco.call = 0
    else:
        refuse_truco(st, r, events)
        finish_round(st, r, events)


def refuse_truco(st: State, r: Round, events: EventLog) -> None:
    """A refused truco, retruco or vale cuatro ends the round: its caller's
    side scores the value before the call (§4)."""
    caller = r._truco.caller
    assert caller is not None
    r._edit_truco().call = 0
    win_round(st, r, caller & 1, events)


# Imported names the functions above read, as module-level Finals (C statics in the compiled build, where an
# imported name is a dictionary lookup).
# Typed as a tuple of any length: compiled, a fixed-length tuple is kept unboxed and built anew at each index.
_TRUCO_CALLS: Final[tuple[Kind, ...]] = TRUCO_CALLS
_TRUCO_LEVEL: Final[dict[Kind, int]] = {kind: level for level, kind in enumerate(TRUCO_CALLS, 1)}

"""Whose turn it is: who answers a call, the order of declaring, what the table waits for and what blocks play.

Pure functions over a round (and, for the seats to act, the state), shared by every rule family.

>>> from pytruco import Action, Deal, apply, new_game
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
>>> state, _ = apply(state, Action.parse("0 truco"))
>>> answerers(state.round, 0), blocker(state.round), waiting(state, state.round)["waiting_call"]
((1,), 'truco', 'truco')
"""

from __future__ import annotations

from typing import Final

from .refusals import Params
from .round import awaiting
from .stages import (
    AWAIT_DECLARING,
    AWAIT_FLOR,
    AWAIT_FLOR_CALL,
    AWAIT_NOTHING,
    AWAIT_TURN,
    ENV_PENDING,
    LEVEL_NAMES,
    Declaring,
)
from .state import Round, State

_TEAM_SEATS: Final = {n: (tuple(range(0, n, 2)), tuple(range(1, n, 2))) for n in (2, 4, 6)}


def answerers(r: Round, caller: int | None) -> tuple[int, ...]:
    """Seats of the other team than *caller*'s still in the round (any of them may answer a call; a call waits,
    so its *caller* is known)."""
    assert caller is not None
    seats = _TEAM_SEATS[r._deal.n][1 - (caller & 1)]
    folded = r._folded
    if not folded:
        return seats
    return tuple([s for s in seats if s not in folded])


def seats_of(seats: frozenset[int], n: int) -> tuple[int, ...]:
    """*seats* in order (of the *n* at the table)."""
    return tuple([s for s in range(n) if s in seats])


def start_declarations(r: Round, kind: Declaring, seats: frozenset[int] | None) -> None:
    """*seats* (``None``: every seat) still in the round declare, in playing order from the mano, once around
    (envido and flor points)."""
    n = r._deal.n
    mano = r._deal.mano
    folded = r._folded
    order = [(mano + step) % n for step in range(n)]
    decl = r._edit_decl()
    decl.kind = kind
    decl.queue = tuple([c for c in order if (seats is None or c in seats) and c not in folded])
    decl.best = None
    decl.best_seat = None
    decl.said = ()


def blocker(r: Round) -> str | None:
    """What blocks play now (what ``round.awaiting`` says, in words): ``"flor"``,
    ``"declaration"``, the pending call's word, or ``None``."""
    waits = awaiting(r)
    if waits is AWAIT_TURN or waits is AWAIT_NOTHING:
        return None
    if waits is AWAIT_FLOR or waits is AWAIT_FLOR_CALL:
        return "flor"
    if waits is AWAIT_DECLARING:
        return "declaration"
    call = r.pending
    assert call is not None
    return call[0].value


def own_pending(r: Round, s: int) -> str | None:
    """The word of the call pending from seat *s*'s own team (which it cannot answer), if any."""
    team = s & 1
    caller = r._envido.caller
    if r._envido.stage is ENV_PENDING and caller is not None and caller & 1 == team:
        return r.last_envido_call().value
    caller = r._truco.caller
    if r._truco.call and caller is not None and caller & 1 == team:
        return LEVEL_NAMES[r._truco.call - 1]
    return None


def waiting(state: State, r: Round) -> Params:
    """What the table waits for, as refusal parameters (``waiting``, ``waiting_seats``, ``waiting_call``, ``turn``)."""
    waits = awaiting(r)
    if waits is AWAIT_TURN or waits is AWAIT_NOTHING:
        return {"waiting": "turn", "turn": r._turn}
    seats = ",".join(str(seat) for seat in state.to_act)
    if waits is AWAIT_DECLARING:
        return {"waiting": "declare", "waiting_seats": seats}
    call = r.pending  # a flor-chain call not named yet is a flor
    return {"waiting": "answer", "waiting_seats": seats, "waiting_call": "flor" if call is None else call[0].value}

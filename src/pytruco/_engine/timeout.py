"""Timeouts: the seat that was to act is resolved against itself (PRESETS.md §7, §8.10, §8.20).

A clock is outside the rules; when it runs out, the caller applies ``<seat> timeout`` for a seat that is to
act (see :func:`pytruco.legal_actions` with ``meta=True``).

>>> from pytruco import Action, Deal, apply, new_game
>>> state = new_game("online", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> state, events = apply(state, Action.parse("0 timeout"))
>>> state.score
(0, 1)
"""

from __future__ import annotations

from ..events import EventLog
from .declarations import declare
from .mazo import fold, refuse_awaited
from .scoring import finish_round
from .stages import AWAIT_DECLARING, AWAIT_TRUCO, AWAIT_TURN, DECL_FLOR, EVENT_TIMED_OUT, simple_event
from .state import Round, State
from .truco import refuse_truco


def timeout(st: State, r: Round, s: int, events: EventLog) -> None:
    """Seat *s* ran out of time: what it had to answer is refused, a declaration due from it is made with its
    true points (or son buenas), and on its turn it goes to the mazo; an unsung flor is lost."""
    events.append(simple_event(EVENT_TIMED_OUT, s, s & 1))
    if st._opts.flor and r._deal.flor_points[s] is not None and s not in r._flor.sung:
        flor = r._edit_flor()
        flor.lost = flor.lost | {s}
    waits = refuse_awaited(st, r, s, events)  # a flor, a flor-chain call or an envido is refused
    if waits is AWAIT_DECLARING:
        if r._decl.best_seat is None:
            points = r._deal.flor_points[s] if r._decl.kind is DECL_FLOR else r._deal.envido_points[s]
            declare(st, r, s, points, events, True)
        else:
            declare(st, r, s, None, events, True)
    elif waits is AWAIT_TRUCO:
        refuse_truco(st, r, events)
        finish_round(st, r, events)
    elif waits is AWAIT_TURN:
        fold(st, r, s, events, timeout=True)

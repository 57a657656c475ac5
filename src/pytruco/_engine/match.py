"""The match around the rounds: rock-paper-scissors for the first mano, surrendering, and why an action is
refused by the table itself (the match is over, no such seat, not dealt yet). How a game may start is
:func:`pytruco.rules.check_start`.

>>> from pytruco import Action, new_game
>>> table_refusal(new_game("default", first_mano=0), Action.parse("3 mazo")).code
'no-such-seat'
"""

from __future__ import annotations

from typing import Final

from ..actions import Action, Rps
from ..events import EventLog
from .history import MAX_ACTIONS, actions_in_part
from .refusals import Refusal
from .stages import (
    EVENT_FIRST_MANO,
    EVENT_MATCH_OVER,
    EVENT_RPS_CHOSEN,
    EVENT_RPS_TIE,
    EVENT_SURRENDERED,
    EVENT_TIMED_OUT,
    KIND_RENDIRSE,
    KIND_RPS,
    KIND_TIMEOUT,
    PHASE_DEAL,
    PHASE_OVER,
    PHASE_RPS,
    new_event,
    simple_event,
)
from .state import State

RPS_ACTIONS: Final = [tuple(Action.rps(seat, choice) for choice in Rps) for seat in range(2)]
"""Each seat's shared rock-paper-scissors actions."""


def rps(st: State, s: int, choice: Rps | None, events: EventLog) -> None:
    """Seat *s* chooses (``None``: it timed out and loses the draw, §7); a tie repeats, a win picks the mano."""
    if choice is None:
        events.append(simple_event(EVENT_TIMED_OUT, s))
        _first_mano(st, 1 - s, events)
        return
    events.append(simple_event(EVENT_RPS_CHOSEN, s))
    choices = list(st._rps)
    choices[s] = choice
    first, second = choices
    if first is None or second is None:
        st._rps = (first, second)
        return
    if first is second:
        events.append(new_event(EVENT_RPS_TIE, None, None, 0, None, first.value))
        st._rps = (None, None)
        return
    st._rps = (first, second)
    _first_mano(st, 0 if first.beats(second) else 1, events)


def _first_mano(st: State, seat: int, events: EventLog) -> None:
    st._mano = seat
    st._start = (seat, *st._start[1:])
    st._phase = PHASE_DEAL
    events.append(simple_event(EVENT_FIRST_MANO, seat))


def surrender(st: State, s: int, events: EventLog) -> None:
    """Seat *s* concedes the match: the other team wins it."""
    team = s & 1
    events.append(simple_event(EVENT_SURRENDERED, s, team))
    if st._round is not None and not st._round._score.ended:
        r = st._round._copy()
        r._edit_score().ended = True
        st._round = r
    st._phase = PHASE_OVER
    st._winner = 1 - team
    events.append(simple_event(EVENT_MATCH_OVER, -1, 1 - team))


def table_refusal(state: State, action: Action) -> Refusal | None:
    """Why *action* (a well-formed action: the reducer's ``refusal`` has read deals and what is not an action) is
    refused before any round's rule is asked (the match is over, no such seat, rock-paper-scissors), or ``None``:
    outside a round that means legal (``rendirse``, a choice of rock-paper-scissors from a seat that is to
    choose), in a round that the round decides."""
    s = action.seat
    n = state._opts.players
    phase = state._phase
    kind = action.kind
    if phase is PHASE_OVER:
        return Refusal("match-over", _params(action, n))
    if not 0 <= s < n:
        return Refusal("no-such-seat", _params(action, n))
    if kind is KIND_RENDIRSE:
        return None
    if phase is PHASE_DEAL:
        return Refusal("before-deal", _params(action, n))
    count = actions_in_part(state._history)
    if count >= MAX_ACTIONS - 1:  # RECORDS limits: the last place of a hand (or the draw) is rendirse's
        part = "hand" if state._history[3] is not None else "draw"
        return Refusal("record-full", {**_params(action, n), "part": part, "count": count, "limit": MAX_ACTIONS})
    if phase is PHASE_RPS:
        if kind is not KIND_RPS and kind is not KIND_TIMEOUT:
            return Refusal("rps-before-deal", _params(action, n))
        return None if s in state._to_act else Refusal("rps-already-chosen", _params(action, n))
    if kind is KIND_RPS:
        return Refusal("rps-after-deal", _params(action, n))
    return None


def _params(action: Action, players: int) -> dict[str, int | str | None]:
    return {"seat": action.seat, "text": str(action), "players": players}

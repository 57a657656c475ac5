"""For servers behind a frontend: per-seat events, whose clock runs, and a replay that gives every action's events.

A server keeps the :class:`~pytruco.State` and sends each client only
:func:`pytruco.views.view` and :func:`seat_events`; it never sends the state.

>>> from pytruco import new_game, apply, Deal, Action
>>> from pytruco.frontend import clock, seat_events
>>> state = new_game("default", first_mano=0)
>>> state, events = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> [e["kind"] for e in seat_events(state, events, 1)], seat_events(state, events, 1)[0]["hand"]
(['dealt'], ['5O', '4O', '3B'])
>>> state, events = apply(state, Action.parse("0 truco"))
>>> clock(state).seats, str(clock(state).timeout)
((1,), '1 timeout')

**The per-seat form of an event.** No event of the engine carries a hidden
card or a hidden choice, so every event is the same for every seat (and for
a spectator) — with one addition: a seat's ``dealt`` event also lists that
seat's own cards in ``hand`` (a spectator's has none). In detail:
``rps-chosen`` says who chose, never what (the choices are shown by the
``rps-tie`` or ``first-mano`` that follow both); ``dealt`` and
``duel-started`` name the mano, never the cards; ``card-played`` is a card
face up; ``declared`` is a declaration said aloud (also when a timeout made
it: a timeout declares the true points only for the mano's forced first
declaration; see the timeouts of the rules pages); ``shown`` is a card the
rules show at the end of a hand (the envido winner's, in ``reglamento`` and
``classic``); ``envido-won``, ``flor-won`` and ``points-moved`` follow from
declarations and cards shown. Nothing else is hidden, so nothing else differs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from ._engine import Phase, State, require_state
from .actions import Action, Deal, Kind
from .errors import require
from .events import Event, EventKind
from .records import Record, replay_steps
from .views import check_seat

__all__ = ["Clock", "ReplayStep", "clock", "replay_events", "seat_event", "seat_events"]


def seat_event(state: State, event: Event, seat: int | None) -> dict[str, Any]:
    """The JSON form of *event* as *seat* receives it (``None``: a spectator).

    *state* is the state the event led to (the one :func:`pytruco.apply`
    returned with it); only a ``dealt`` event reads it, to add the seat's cards.

    >>> from pytruco import Deal, apply, new_game
    >>> from pytruco.frontend import seat_event
    >>> state, events = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> seat_event(state, events[0], 0)["hand"], "hand" in seat_event(state, events[0], None)
    (['7C', '6C', '1E'], False)
    """
    require_state(state, "seat_event")
    check_seat(seat, state.rules.players)
    require(event, Event, "seat_event", "an Event")
    data = event.to_json()
    if event.kind is EventKind.DEALT and seat is not None:
        r = state.round
        data["hand"] = [] if r is None else [str(card) for card in r.dealt[seat].cards]
    return data


def seat_events(state: State, events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    """The JSON forms of *events* (one action's, from :func:`pytruco.apply`) as *seat* receives them.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> from pytruco.frontend import seat_events
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, events = apply(state, Action.parse("0 mazo"))
    >>> [event["kind"] for event in seat_events(state, events, 1)]
    ['folded', 'hand-won', 'points', 'points', 'hand-ended']
    """
    require_state(state, "seat_events")
    check_seat(seat, state.rules.players)
    require(events, Iterable, "seat_events", "events (an iterable of Events)")
    return [seat_event(state, event, seat) for event in events]


@attrs.frozen
class Clock:
    """Whose clock runs, and what to apply when it runs out.

    Attributes:
        seats: the seats the table waits for (``state.to_act``); empty when
            no seat is to act (a deal is due, or the match is over).
        timeout: the action to apply when the time is up, or ``None``.

    >>> from pytruco import new_game
    >>> from pytruco.frontend import clock
    >>> clock(new_game("default", first_mano=0))  # a deal is due: no clock runs
    Clock(seats=(), timeout=None)
    """

    seats: tuple[int, ...]
    timeout: Action | None


def clock(state: State) -> Clock:
    """The one documented answer to "who is timed out?".

    The table waits for every seat in :attr:`~pytruco.State.to_act`, and a
    ``timeout`` is legal for each of them. Run **one clock per decision**,
    shown on every seat in :attr:`Clock.seats`; restart it after every
    action (each action makes a new decision, even for the same seat), and
    when it runs out apply :attr:`Clock.timeout`:
    the timeout of the first of those seats. In team play several seats of
    one team may answer a call; any answer (or the timeout, which refuses)
    settles it for the whole team, so the first seat's timeout is the team's.

    >>> from pytruco import new_game, apply, Deal, Action
    >>> from pytruco import RuleSet
    >>> from pytruco.frontend import clock
    >>> state = new_game(RuleSet.preset("default", players=4), first_mano=0)
    >>> deal = Deal.parse([["1E", "2E", "3E"], ["4E", "5E", "6E"], ["7E", "1B", "2B"], ["3B", "4B", "5B"]])
    >>> state, _ = apply(state, deal)
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> clock(state)
    Clock(seats=(1, 3), timeout=Action('1 timeout'))
    """
    require_state(state, "clock")
    if state.phase is not Phase.PLAY and state.phase is not Phase.RPS:
        return Clock((), None)
    seats = state.to_act
    if not seats:
        return Clock((), None)
    return Clock(seats, Action.call(seats[0], Kind.TIMEOUT))


@attrs.frozen
class ReplayStep:
    """One applied action of a replayed record.

    Attributes:
        hand: index of the record's hand, ``None`` for a ``pre`` action.
        index: the action's index in that hand (or in ``pre``); ``None`` for the deal.
        action: what was applied.
        state: the state after it.
        events: what it made happen.

    >>> from pytruco.frontend import replay_events
    >>> record = {"format": "truco-record/1", "rules": "online", "pre": ["0 rps piedra", "1 rps tijera"],
    ...           "hands": []}
    >>> [step.seat_events(1)[-1]["kind"] for step in replay_events(record)]
    ['rps-chosen', 'first-mano']
    """

    hand: int | None
    index: int | None
    action: Action | Deal
    state: State
    events: tuple[Event, ...]

    def seat_events(self, seat: int | None) -> list[dict[str, Any]]:
        """These events as *seat* receives them (:func:`seat_events`).

        >>> from pytruco.frontend import replay_events
        >>> record = {"format": "truco-record/1", "rules": "online", "pre": ["0 rps piedra"], "hands": []}
        >>> [step.seat_events(None) for step in replay_events(record)][0][0]["kind"]
        'rps-chosen'
        """
        return seat_events(self.state, self.events, seat)


def replay_events(record: Record | Mapping[str, Any] | str | bytes) -> Iterator[ReplayStep]:
    """Replay *record* step by step, with every action's events: a server
    rebuilds a client's event log from its stored record after a restart.
    The walk is :func:`pytruco.records.replay_steps`, the one that
    :func:`pytruco.replay` makes.

    Raises:
        RecordError: as :func:`pytruco.replay`, at the step that fails
            (the steps before it have been given).

    >>> from pytruco import Record
    >>> from pytruco.frontend import replay_events
    >>> record = Record.loads('''{"format": "truco-record/1", "rules": "default", "first_mano": 0,
    ...   "hands": [{"deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "actions": ["0 envido", "1 no-quiero"]}]}''')
    >>> [(step.index, [e.kind.value for e in step.events]) for step in replay_events(record)]
    [(None, ['dealt']), (0, ['called']), (1, ['called', 'points'])]
    """
    for hand, index, action, state, events in replay_steps(record):
        if action is not None:  # the first step is the starting state
            yield ReplayStep(hand, index, action, state, events)

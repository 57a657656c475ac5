"""Events: what an action made happen, for frontends to animate and log.

:func:`pytruco.apply` returns them with the new state, in the order they
happened.

>>> from pytruco import new_game, apply, Deal, Action
>>> state = new_game("default", first_mano=0)
>>> state, events = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
>>> state, events = apply(state, Action.parse("0 truco"))
>>> state, events = apply(state, Action.parse("1 no-quiero"))
>>> [str(event) for event in events]
['seat 1: no-quiero', 'team 0 wins the hand', 'team 0 scores 1 (truco)', 'hand-ended']
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, NamedTuple

from .actions import Kind
from .cards import Card
from .errors import EventError, NotationError, quoted
from .rules import MAX_OPTION

__all__ = ["EVENT_FORMAT", "Event", "EventError", "EventKind"]

EVENT_FORMAT = "truco-event/1"
"""The version of the events' JSON form (the ``$id`` of ``pytruco schema event``).

>>> from pytruco.events import EVENT_FORMAT
>>> from pytruco.schema import schema
>>> schema("event")["description"].startswith(EVENT_FORMAT)
True
"""


MAX_EVENT_POINTS = 4 * MAX_OPTION
"""The most points one event may carry in :meth:`Event.from_json`: more than any hand can score with the
largest target a :class:`~pytruco.RuleSet` allows (a falta is at most the target), so the engine's own
events always read back.

>>> from pytruco.events import MAX_EVENT_POINTS
>>> MAX_EVENT_POINTS
3999999996
"""


class EventKind(enum.Enum):
    """The kinds of :class:`Event`.

    One action's events come in the order things happen. A hand that ends
    gives ``hand-won`` (or a refusal's points first), then the ``points``
    events, then ``hand-ended``; in presets that add points at the end of
    the hand, the ``points`` come just before ``hand-ended``.

    >>> from pytruco import Action, Deal, EventKind, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, events = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, events = apply(state, Action.parse("0 mazo"))
    >>> [event.kind.value for event in events]
    ['folded', 'hand-won', 'points', 'points', 'hand-ended']
    >>> [event.detail for event in events if event.kind is EventKind.POINTS]
    ['truco', 'penalty']
    >>> events[-1].kind is EventKind.HAND_ENDED
    True
    """

    RPS_CHOSEN = "rps-chosen"
    """``seat`` chose in rock-paper-scissors (the choice itself stays hidden)."""
    RPS_TIE = "rps-tie"
    """Both chose the same (``detail``); the draw repeats."""
    FIRST_MANO = "first-mano"
    """Rock-paper-scissors is decided: ``seat`` is the first mano."""
    DEALT = "dealt"
    """A hand is dealt; ``seat`` is its mano; ``detail`` is ``"pica"`` for a pica hand."""
    DUEL_STARTED = "duel-started"
    """A duel of a pica hand starts (``detail``: 0-2; ``seat``: its mano)."""
    CARD_PLAYED = "card-played"
    """``seat`` played ``card``."""
    TRICK_WON = "trick-won"
    """The trick is complete: ``seat``'s card won it for ``team``."""
    TRICK_PARDA = "trick-parda"
    """The trick is complete and tied."""
    CALLED = "called"
    """``seat`` made a call or an answer (``detail`` is its word: ``truco``, ``quiero``, ...)."""
    DECLARED = "declared"
    """``seat`` declared: ``detail`` is ``tengo N`` (``points`` is N) or ``son-buenas``."""
    ENVIDO_WON = "envido-won"
    """The envido is decided: ``seat`` (of ``team``) wins ``points``."""
    ENVIDO_VOID = "envido-void"
    """A flor voided the envido chain: it scores nothing."""
    FLOR_WON = "flor-won"
    """A flor contest is decided in favour of ``seat``."""
    SHOWN = "shown"
    """The end of the hand shows ``card``, one of the cards that make ``seat``'s envido ``points`` (its true
    points; ``detail`` ``"envido"``): the ``reglamento`` bluff check and the ``classic`` show rule. One
    event per card, before the ``points-moved`` of a false or unshown envido."""
    FOLDED = "folded"
    """``seat`` went to the mazo."""
    TIMED_OUT = "timed-out"
    """``seat``'s time ran out; the events after it say how it was resolved."""
    POINTS = "points"
    """``team`` scores ``points``; ``detail`` says what for (``envido``, ``flor``, ``truco``, ``penalty``)."""
    POINTS_MOVED = "points-moved"
    """Points won earlier in the hand go to ``team`` instead (a false or unshown envido, a lost flor)."""
    HAND_WON = "hand-won"
    """``team`` wins the hand (its truco value follows as ``points``)."""
    HAND_ENDED = "hand-ended"
    """The hand is over (``detail``: ``duel N`` for a duel of a pica hand)."""
    CHICO_WON = "chico-won"
    """``team`` reached the target: it wins the game (a chico, in a partido)."""
    MATCH_OVER = "match-over"
    """The match is over; ``team`` won it."""
    SURRENDERED = "surrendered"
    """``seat`` conceded the match (``rendirse``)."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class Event(NamedTuple):
    """One thing that happened (an immutable named tuple: cheap to create).

    Attributes:
        kind: what happened.
        seat: the seat it concerns, if any.
        team: the team it concerns, if any.
        points: points involved (declared points, scored points).
        card: the card involved, if any.
        detail: a word that qualifies it (``"truco"``, ``"envido"``, …).

    >>> from pytruco import Action, Deal, EventKind, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, events = apply(state, Action.parse("0 1E"))
    >>> (event,) = events
    >>> event.kind is EventKind.CARD_PLAYED, event.seat, str(event.card), str(event)
    (True, 0, '1E', 'seat 0 plays 1E')
    """

    kind: EventKind
    seat: int | None = None
    team: int | None = None
    points: int = 0
    card: Card | None = None
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        """The event as JSON (format ``truco-event/1``): every member, always present.

        >>> from pytruco import Card, Event, EventKind
        >>> Event(EventKind.CARD_PLAYED, 1, card=Card.parse("7O")).to_json()
        {'kind': 'card-played', 'seat': 1, 'team': None, 'points': 0, 'card': '7O', 'detail': ''}
        """
        return {
            "kind": self.kind.value,
            "seat": self.seat,
            "team": self.team,
            "points": self.points,
            "card": None if self.card is None else str(self.card),
            "detail": self.detail,
        }

    @classmethod
    def from_json(cls, data: Any) -> Event:
        """Read an event back from :meth:`to_json` (extra members, such as the
        ``hand`` of a seat's ``dealt`` event, are ignored).

        Raises:
            EventError: *data* is not an event.

        >>> from pytruco import Event
        >>> Event.from_json({"kind": "folded", "seat": 0, "team": 0, "points": 0, "card": None, "detail": ""})
        Event(kind=<EventKind.FOLDED: 'folded'>, seat=0, team=0, points=0, card=None, detail='')
        """
        if not isinstance(data, Mapping):
            raise EventError("an event is a JSON object")
        try:
            kind = EventKind(data["kind"])
        except (KeyError, ValueError, TypeError):
            raise EventError(f"unknown event kind: {_short(data.get('kind'))}") from None
        out: list[Any] = [kind]
        for name, limit in (("seat", 6), ("team", 2)):
            value = data.get(name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limit):
                raise EventError(f"member {name!r} must be null or a {name} number, not {_short(value)}")
            out.append(value)
        points = data.get("points", 0)
        if (
            not isinstance(points, int)
            or isinstance(points, bool)
            or not -MAX_EVENT_POINTS <= points <= MAX_EVENT_POINTS
        ):
            raise EventError(f"member 'points' must be a whole number, not {_short(points)}")
        out.append(points)
        card = data.get("card")
        if card is not None:
            if not isinstance(card, str):
                raise EventError(f"member 'card' must be null or a card, not {_short(card)}")
            try:
                card = Card.parse(card)
            except NotationError as error:
                raise EventError(str(error)) from None
        out.append(card)
        detail = data.get("detail", "")
        if not isinstance(detail, str) or len(detail) > 100:
            raise EventError(f"member 'detail' must be a short text, not {_short(detail)}")
        out.append(detail)
        return _tuple_new(cls, tuple(out))

    def __str__(self) -> str:
        kind = self.kind
        sentence = _SENTENCES.get(kind)
        if sentence is not None:
            return sentence.format(seat=self.seat, team=self.team, points=self.points, card=self.card, d=self.detail)
        subject = ""  # who the event is about, if anyone
        if self.seat is not None or self.team is not None:
            subject = f": seat {self.seat}" if self.seat is not None else f": team {self.team}"
        return f"{kind.value}{subject}" + (f" ({self.detail})" if self.detail else "")


_SENTENCES: dict[EventKind, str] = {
    EventKind.POINTS: "team {team} scores {points} ({d})",
    EventKind.POINTS_MOVED: "team {team} collects {points} ({d})",
    EventKind.CARD_PLAYED: "seat {seat} plays {card}",
    EventKind.SHOWN: "seat {seat} shows {card} ({points} of envido)",
    EventKind.CALLED: "seat {seat}: {d}",
    EventKind.DECLARED: "seat {seat}: {d}",
    EventKind.TRICK_WON: "seat {seat} wins the trick for team {team}",
    EventKind.HAND_WON: "team {team} wins the hand",
    EventKind.ENVIDO_WON: "seat {seat} wins the envido ({points})",
    EventKind.FLOR_WON: "seat {seat} wins the flor",
    EventKind.FOLDED: "seat {seat} goes to the mazo",
}
"""The English sentence of an event of these kinds (``str(event)``); any other kind says its value and subject."""


def _short(value: object) -> str:
    return quoted(value, 40)  # safe for any value: a 5,000-digit number is named, not written out


# --- for the engine: events are built positionally on the hot path ---------
_tuple_new = tuple.__new__
WORD_OF = {kind: kind.value for kind in Kind}
"""The notation word of each action kind (the ``detail`` of a ``called`` event)."""


EventLog = list[Event]
"""The events of one action, in order, as the reducer collects them."""

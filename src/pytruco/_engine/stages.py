"""The small values a round is made of: the stages of its chains, award categories and completed tricks.

Stages are enums whose members hash by identity (like :class:`pytruco.Kind`), so the reducer's hot path
compares them as fast as integers; they are compared with ``is``, never by order or truthiness.

>>> EnvidoStage.PENDING is EnvidoStage("pending")
True
"""

from __future__ import annotations

import enum
from typing import Any, Final

from ..actions import Kind
from ..cards import ALL_CARDS, Card
from ..events import WORD_OF, Event, EventKind
from ..rules import (
    CfarRule,
    ContraflorAlResto,
    EnvidoStyle,
    EnvidoWindow,
    FaltaRule,
    MazoPenalty,
    PardaRule,
    PicaPicaSchedule,
    Scoring,
)
from .native import mypyc_attr

__all__ = ["Awaiting", "Declaring", "EnvidoStage", "FlorStage", "Phase", "Sing", "Trick"]


class Phase(enum.Enum):
    """What the table is waiting for.

    >>> from pytruco import Phase, new_game
    >>> new_game("default").phase
    <Phase.DEAL: 'deal'>
    >>> new_game("online").phase is Phase.RPS
    True
    """

    RPS = "rps"
    """Rock-paper-scissors for the first mano (``online``)."""
    DEAL = "deal"
    """A deal (the chance action :class:`pytruco.Deal`)."""
    PLAY = "play"
    """Actions of the seats in :attr:`State.to_act`."""
    OVER = "over"
    """The match is over."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class EnvidoStage(enum.Enum):
    """Where the round's envido chain is.

    >>> EnvidoStage.NONE.value
    'none'
    """

    NONE = "none"
    """No envido called yet."""
    PENDING = "pending"
    """A call of the chain waits for its answer."""
    DECLARING = "declaring"
    """Accepted: the seats declare their points."""
    SETTLED = "settled"
    """Won, refused or folded: the chain is over."""
    VOID = "void"
    """A flor voided it."""

    __hash__ = object.__hash__


class FlorStage(enum.Enum):
    """Where the round's flor chain is.

    >>> FlorStage.ANSWER.value
    'answer'
    """

    NONE = "none"
    """No flor sung yet."""
    ANSWER = "answer"
    """A first flor waits for the other team's holders (flor, contraflor, ... or no quiero)."""
    CALL = "call"
    """A second flor, a contraflor or a contraflor al resto waits for its answer."""
    DECLARING = "declaring"
    """Accepted: the holders declare their flor points."""
    DONE = "done"
    """Settled."""

    __hash__ = object.__hash__


class Declaring(enum.Enum):
    """What the seats are declaring points for, if anything.

    >>> Declaring.FLOR.value
    'flor'
    """

    NONE = "none"
    ENVIDO = "envido"
    FLOR = "flor"

    __hash__ = object.__hash__


class Awaiting(enum.Enum):
    """What a round waits for, first match wins: the answer to a first flor, the answer to a flor-chain call,
    declarations, the answer to an envido call, the answer to a truco call, or a seat's turn
    (``round.awaiting`` decides it, for every rule that asks).

    >>> Awaiting.TURN.value
    'turn'
    """

    NOTHING = "nothing"  # the round is over
    FLOR = "flor"  # the other team's holders answer a first flor
    FLOR_CALL = "flor-call"  # a second flor, contraflor or contraflor al resto waits for its answer
    DECLARING = "declaring"  # seats declare envido or flor points
    ENVIDO = "envido"  # an envido call waits for its answer
    TRUCO = "truco"  # a truco-level call waits for its answer
    TURN = "turn"  # nothing pending: the seat whose turn it is plays, calls or folds

    __hash__ = object.__hash__


class Sing(enum.Enum):
    """Whether a seat may sing its flor now, outside an answer to a first flor (``flor.sing_option`` decides
    it): it may not, it may (optional flor, PRESETS.md §8.7), or it must before anything else (mandatory flor,
    §8.6; ``flor.must_sing`` asks only that).

    >>> Sing.MUST.value
    'must'
    """

    NO = "no"
    MAY = "may"
    MUST = "must"

    __hash__ = object.__hash__


# The engine's one name for each enum member it reads: the enum's prefix (KIND_ Kind, EVENT_ EventKind, PHASE_ Phase,
# ENV_ EnvidoStage, FLOR_ FlorStage, DECL_ Declaring, AWAIT_ Awaiting, SING_ Sing, SCORING_ Scoring, STYLE_ EnvidoStyle,
# WINDOW_ EnvidoWindow, FALTA_ FaltaRule, CFAR_ CfarRule, PARDA_ PardaRule) and the member's own name, so that
# grep finds every use of a member. Engine modules import these and never spell `Kind.FLOR`: a module-level Final
# is a C static in the compiled build (a plain `Kind.FLOR` is a module-dict and a class lookup there) and one
# global read in the pure build (commit 1c462f0 measured the aliases: compiled 193,754 -> 165,500 instructions a
# 1v1 hand, pure 322,000 -> 292,200).
KIND_CONTRAFLOR: Final = Kind.CONTRAFLOR
KIND_CONTRAFLOR_AL_RESTO: Final = Kind.CONTRAFLOR_AL_RESTO
KIND_CON_FLOR_ME_ACHICO: Final = Kind.CON_FLOR_ME_ACHICO
KIND_ENVIDO: Final = Kind.ENVIDO
KIND_FALTA_ENVIDO: Final = Kind.FALTA_ENVIDO
KIND_FLOR: Final = Kind.FLOR
KIND_MAZO: Final = Kind.MAZO
KIND_NO_QUIERO: Final = Kind.NO_QUIERO
KIND_PLAY: Final = Kind.PLAY
KIND_QUIERO: Final = Kind.QUIERO
KIND_REAL_ENVIDO: Final = Kind.REAL_ENVIDO
KIND_RENDIRSE: Final = Kind.RENDIRSE
KIND_RPS: Final = Kind.RPS
KIND_SON_BUENAS: Final = Kind.SON_BUENAS
KIND_TENGO: Final = Kind.TENGO
KIND_TIMEOUT: Final = Kind.TIMEOUT
EVENT_CALLED: Final = EventKind.CALLED
EVENT_CARD_PLAYED: Final = EventKind.CARD_PLAYED
EVENT_CHICO_WON: Final = EventKind.CHICO_WON
EVENT_DEALT: Final = EventKind.DEALT
EVENT_DECLARED: Final = EventKind.DECLARED
EVENT_DUEL_STARTED: Final = EventKind.DUEL_STARTED
EVENT_ENVIDO_VOID: Final = EventKind.ENVIDO_VOID
EVENT_ENVIDO_WON: Final = EventKind.ENVIDO_WON
EVENT_FIRST_MANO: Final = EventKind.FIRST_MANO
EVENT_FLOR_WON: Final = EventKind.FLOR_WON
EVENT_FOLDED: Final = EventKind.FOLDED
EVENT_HAND_ENDED: Final = EventKind.HAND_ENDED
EVENT_HAND_WON: Final = EventKind.HAND_WON
EVENT_MATCH_OVER: Final = EventKind.MATCH_OVER
EVENT_POINTS: Final = EventKind.POINTS
EVENT_POINTS_MOVED: Final = EventKind.POINTS_MOVED
EVENT_RPS_CHOSEN: Final = EventKind.RPS_CHOSEN
EVENT_RPS_TIE: Final = EventKind.RPS_TIE
EVENT_SHOWN: Final = EventKind.SHOWN
EVENT_SURRENDERED: Final = EventKind.SURRENDERED
EVENT_TIMED_OUT: Final = EventKind.TIMED_OUT
EVENT_TRICK_PARDA: Final = EventKind.TRICK_PARDA
EVENT_TRICK_WON: Final = EventKind.TRICK_WON
PHASE_RPS: Final = Phase.RPS
PHASE_DEAL: Final = Phase.DEAL
PHASE_PLAY: Final = Phase.PLAY
PHASE_OVER: Final = Phase.OVER
ENV_NONE: Final = EnvidoStage.NONE
ENV_PENDING: Final = EnvidoStage.PENDING
ENV_DECLARING: Final = EnvidoStage.DECLARING
ENV_SETTLED: Final = EnvidoStage.SETTLED
ENV_VOID: Final = EnvidoStage.VOID
FLOR_NONE: Final = FlorStage.NONE
FLOR_ANSWER: Final = FlorStage.ANSWER
FLOR_CALL: Final = FlorStage.CALL
FLOR_DECLARING: Final = FlorStage.DECLARING
FLOR_DONE: Final = FlorStage.DONE
DECL_NONE: Final = Declaring.NONE
DECL_ENVIDO: Final = Declaring.ENVIDO
DECL_FLOR: Final = Declaring.FLOR
NO_SEATS: Final[frozenset[int]] = frozenset()
"""The empty set of seats (a round's records start with it: nobody folded, sang flor, ...)."""
AWAIT_NOTHING: Final = Awaiting.NOTHING
AWAIT_FLOR: Final = Awaiting.FLOR
AWAIT_FLOR_CALL: Final = Awaiting.FLOR_CALL
AWAIT_DECLARING: Final = Awaiting.DECLARING
AWAIT_ENVIDO: Final = Awaiting.ENVIDO
AWAIT_TRUCO: Final = Awaiting.TRUCO
AWAIT_TURN: Final = Awaiting.TURN
SING_NO: Final = Sing.NO
SING_MAY: Final = Sing.MAY
SING_MUST: Final = Sing.MUST
SCORING_END_OF_HAND: Final = Scoring.END_OF_HAND
STYLE_CUMULATIVE: Final = EnvidoStyle.CUMULATIVE
STYLE_LADDER: Final = EnvidoStyle.LADDER
WINDOW_FIRST_CARD_OF_HAND: Final = EnvidoWindow.FIRST_CARD_OF_HAND
WINDOW_OWN_FIRST_CARD: Final = EnvidoWindow.OWN_FIRST_CARD
FALTA_LOSER: Final = FaltaRule.LOSER
FALTA_MALAS_LEADER: Final = FaltaRule.MALAS_LEADER
FALTA_MALAS_WINNER: Final = FaltaRule.MALAS_WINNER
CFAR_FALTA: Final = CfarRule.FALTA
CFAR_NONE: Final = CfarRule.NONE
PARDA_NEXT_TRICK: Final = PardaRule.NEXT_TRICK
# PENALTY_ MazoPenalty (PRESETS.md §9.4), named in the same way.
PENALTY_NONE: Final = MazoPenalty.NONE
PENALTY_NO_TRUCO: Final = MazoPenalty.NO_TRUCO
# SCHEDULE_ PicaPicaSchedule (PRESETS.md §9.7), likewise.
SCHEDULE_AFTER_5: Final = PicaPicaSchedule.AFTER_5
# RESTO_ ContraflorAlResto (PRESETS.md §9.8), likewise.
RESTO_FALTA: Final = ContraflorAlResto.FALTA

# Award categories: envido points (ENVIDO_POINTS) are added before truco points.
CAT_ENVIDO: Final = "envido"
CAT_FLOR: Final = "flor"
CAT_TRUCO: Final = "truco"
CAT_UNSHOWN: Final = "envido-unshown"
"""An envido award waiting for the cards to be shown (bluff or show rule)."""
CAT_FLOR_LOST: Final = "flor-lost"
"""Flor points a team collected because the other team lost a flor: they are
not its own flor points and never move again."""
CAT_PENALTY: Final = "penalty"
"""The envido penalty of going to the mazo early: an envido point (PRESETS.md §8.33)."""
ENVIDO_POINTS: Final = frozenset((CAT_ENVIDO, CAT_UNSHOWN, CAT_FLOR, CAT_FLOR_LOST, CAT_PENALTY))
"""The categories added first when a round's points are added at its end, in
the order they were won, before the truco points (PRESETS.md §2, §8.23):
envido and flor points, and the mazo's envido penalty (§8.33)."""

TRUCO_VALUE: Final = (1, 2, 3, 4)
"""What a round is worth at each accepted truco level (none, truco, retruco, vale cuatro)."""
LEVEL_NAMES: Final = ("truco", "retruco", "vale-cuatro")
"""The truco calls' words, by level (1-3) minus one."""


@mypyc_attr(native_class=False)  # mypyc compiles no subclass of tuple as a native class
class Trick(tuple):  # type: ignore[type-arg]
    """A completed trick: the cards played (:attr:`plays`) and who won it (:attr:`team`, :attr:`seat`).
    Immutable (a tuple underneath), so states can share it.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> for text in ["0 1E", "1 3B"]:
    ...     state, _ = apply(state, Action.parse(text))
    >>> (trick,) = state.round.tricks
    >>> [(seat, str(card)) for seat, card in trick.plays]
    [(0, '1E'), (1, '3B')]
    >>> trick.team, trick.seat, trick.parda
    (0, 0, False)
    >>> from pytruco.cards import Card
    >>> trick = Trick(((0, Card.parse("3E")), (1, Card.parse("4O"))), 0, 0)
    >>> trick, trick.parda
    (Trick(0:3E 1:4O -> team 0), False)
    >>> trick.team = 1
    Traceback (most recent call last):
    ...
    AttributeError: Trick is immutable
    """

    __slots__ = ()

    def __new__(cls, plays: tuple[tuple[int, Card], ...], team: int | None, seat: int | None) -> Trick:
        return tuple.__new__(cls, (plays, team, seat))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` in playing order."""
        plays: tuple[tuple[int, Card], ...] = self[0]
        return plays

    @property
    def team(self) -> int | None:
        """The winning team, or ``None`` for a parda."""
        team: int | None = self[1]
        return team

    @property
    def seat(self) -> int | None:
        """The seat whose card won (the first partner to play it), or ``None`` for a parda."""
        seat: int | None = self[2]
        return seat

    @property
    def parda(self) -> bool:
        """The trick is tied."""
        return self[1] is None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Trick is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Trick is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return tuple.__ne__(self, other)

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        cards = " ".join(f"{seat}:{card}" for seat, card in self[0])
        result = "parda" if self[1] is None else f"team {self[1]}"
        return f"Trick({cards} -> {result})"


_tuple_new: Final = tuple.__new__
_EVENT: Final = Event


def new_event(
    kind: EventKind,
    seat: int | None = None,
    team: int | None = None,
    points: int = 0,
    card: Card | None = None,
    detail: str = "",
) -> Event:
    """An :class:`~pytruco.Event`, built positionally, without the named tuple's Python-level ``__new__`` (the
    hot path makes several per action; compiled, no interpreted frame either).

    Events are immutable values, so equal ones are shared: an event without a card is looked up in a memo of at
    most :data:`EVENT_MEMO_ROOM` events (hashing its fields costs a fraction of building a named tuple), and a
    played card's event in a table made at import."""
    fields = (kind, seat, team, points, card, detail)
    if card is None:
        found = _MEMO.get(fields)
        if found is not None:
            return found
        event: Event = _tuple_new(_EVENT, fields)
        if len(_MEMO) < EVENT_MEMO_ROOM:
            _MEMO[fields] = event
        return event
    return _tuple_new(_EVENT, fields)


def simple_event(kind: EventKind, seat: int = -1, team: int = -1) -> Event:
    """``new_event(kind, seat, team)`` with -1 for ``None`` (no points, card or detail), shared: one of the events
    of each kind made at import, so that the hot path builds no tuple and hashes nothing.

    >>> simple_event(EventKind.TRICK_WON, 1, 1) == new_event(EventKind.TRICK_WON, 1, 1)
    True
    >>> simple_event(EventKind.HAND_ENDED) is simple_event(EventKind.HAND_ENDED)
    True
    """
    return _SIMPLE[kind][(seat + 1) * 3 + team + 1]


def points_event(team: int, points: int, category: str) -> Event:
    """``new_event(EventKind.POINTS, None, team, points, None, category)``, shared where *points* is below
    :data:`POINTS_ROOM` (every score short of the largest targets): made at import.

    >>> points_event(1, 3, CAT_TRUCO) is points_event(1, 3, CAT_TRUCO)
    True
    >>> points_event(0, 99, CAT_ENVIDO) == new_event(EventKind.POINTS, None, 0, 99, None, CAT_ENVIDO)
    True
    """
    table = _POINTS_EVENTS.get(category)
    if table is not None and 0 <= points < POINTS_ROOM:
        return table[team][points]
    return new_event(EVENT_POINTS, None, team, points, None, category)


def card_played_event(seat: int, card: Card) -> Event:
    """``new_event(EventKind.CARD_PLAYED, seat, None, 0, card)``, shared: one of the 240 made at import."""
    return _PLAYED[seat * 40 + card.index]


def called_event(seat: int, kind: Kind) -> Event:
    """``new_event(EventKind.CALLED, seat, seat & 1, 0, None, WORD_OF[kind])``, shared: made at import."""
    return _CALLED[kind][seat]


EVENT_MEMO_ROOM: Final = 4096
"""How many distinct card-less events :func:`new_event` keeps (they repeat: a few hundred cover whole matches)."""

_MEMO: Final[dict[tuple[object, ...], Event]] = {}
_CALLED: Final[dict[Kind, tuple[Event, ...]]] = {
    kind: tuple([_tuple_new(_EVENT, (EVENT_CALLED, s, s & 1, 0, None, WORD_OF[kind])) for s in range(6)])
    for kind in Kind
}
POINTS_ROOM: Final = 64
"""Points events for fewer points than this are made at import (:func:`points_event`)."""

_SIMPLE: Final[dict[EventKind, tuple[Event, ...]]] = {
    kind: tuple(
        [
            _tuple_new(_EVENT, (kind, None if seat < 0 else seat, None if team < 0 else team, 0, None, ""))
            for seat in range(-1, 6)
            for team in range(-1, 2)
        ]
    )
    for kind in EventKind
}
_POINTS_EVENTS: Final[dict[str, tuple[tuple[Event, ...], ...]]] = {
    category: tuple(
        [
            tuple(
                [
                    _tuple_new(_EVENT, (EVENT_POINTS, None, team, points, None, category))
                    for points in range(POINTS_ROOM)
                ]
            )
            for team in (0, 1)
        ]
    )
    for category in (CAT_ENVIDO, CAT_FLOR, CAT_TRUCO, CAT_UNSHOWN, CAT_PENALTY)
}
_PLAYED: Final[tuple[Event, ...]] = tuple(
    [_tuple_new(_EVENT, (EVENT_CARD_PLAYED, seat, None, 0, card, "")) for seat in range(6) for card in ALL_CARDS]
)

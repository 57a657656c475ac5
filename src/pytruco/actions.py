"""Actions: what a seat does, as typed values and as record notation.

One action is ``<seat> <word> [<argument>]`` (RECORDS.md): ``"0 1E"``,
``"1 real-envido"``, ``"0 tengo 28"``, ``"1 rps papel"``. The deal is a
separate chance action, :class:`Deal`.

>>> from pytruco import Action, Kind
>>> action = Action.parse("1 Retruco")
>>> action.seat, action.kind
(1, <Kind.RETRUCO: 'retruco'>)
>>> str(action)
'1 retruco'
>>> Action.parse("0 tengo 28") == Action.tengo(0, 28)
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

import attrs

from ._unchecked import new_deal
from .cards import ALL_CARDS, Card, Hand, shared_card
from .errors import ArgumentError, NotationError, quoted, sequence_of
from .rules import NUM_ACTIONS as _SPACE_SIZE

__all__ = ["ACTION_SPACE", "MAX_DECLARED_POINTS", "NUM_ACTIONS", "Action", "Deal", "Kind", "Rps"]


class Kind(enum.Enum):
    """What an action does; the value is its word in the notation.

    >>> from pytruco import Action, Kind
    >>> Action.parse("1 real-envido").kind
    <Kind.REAL_ENVIDO: 'real-envido'>
    >>> Kind("no-quiero") is Kind.NO_QUIERO
    True
    """

    PLAY = "play"
    """Play a card (written as the card alone: ``0 1E``)."""
    ENVIDO = "envido"
    REAL_ENVIDO = "real-envido"
    FALTA_ENVIDO = "falta-envido"
    FLOR = "flor"
    CONTRAFLOR = "contraflor"
    CONTRAFLOR_AL_RESTO = "contraflor-al-resto"
    CON_FLOR_ME_ACHICO = "con-flor-me-achico"
    TRUCO = "truco"
    RETRUCO = "retruco"
    VALE_CUATRO = "vale-cuatro"
    QUIERO = "quiero"
    NO_QUIERO = "no-quiero"
    TENGO = "tengo"
    """Declare envido or flor points (``0 tengo 28``)."""
    SON_BUENAS = "son-buenas"
    MAZO = "mazo"
    TIMEOUT = "timeout"
    RENDIRSE = "rendirse"
    RPS = "rps"
    """Rock-paper-scissors choice before the first deal (``online``)."""

    # Members are singletons compared by identity: hash them by identity too,
    # which is much faster than Enum's name hash on the reducer's hot path.
    __hash__ = object.__hash__


class Rps(enum.Enum):
    """A rock-paper-scissors choice.

    >>> from pytruco import Rps
    >>> Rps.PIEDRA.beats(Rps.TIJERA), Rps.PIEDRA.beats(Rps.PAPEL)
    (True, False)
    >>> Rps("papel")
    <Rps.PAPEL: 'papel'>
    """

    PIEDRA = "piedra"
    PAPEL = "papel"
    TIJERA = "tijera"

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity

    def beats(self, other: Rps) -> bool:
        """Piedra beats tijera, tijera beats papel, papel beats piedra."""
        return _BEATS[self] is other


_BEATS = {Rps.PIEDRA: Rps.TIJERA, Rps.TIJERA: Rps.PAPEL, Rps.PAPEL: Rps.PIEDRA}

ENVIDO_CALLS = frozenset({Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO})
TRUCO_CALLS = (Kind.TRUCO, Kind.RETRUCO, Kind.VALE_CUATRO)
_WITH_ARGUMENT = frozenset({Kind.PLAY, Kind.TENGO, Kind.RPS})
_PLAIN_WORDS = {kind.value: kind for kind in Kind if kind not in _WITH_ARGUMENT}
MAX_SEATS = 6
MAX_DECLARED_POINTS = 38
"""The most points a ``tengo`` can declare: a flor (or, counting three cards, an envido) of 7, 6 and 5 of one suit.

>>> from pytruco.actions import MAX_DECLARED_POINTS
>>> MAX_DECLARED_POINTS
38
"""
MAX_ACTION_TEXT = 64
""":meth:`Action.parse` refuses longer text (the longest real action,
``"5 contraflor-al-resto"``, has 21 characters)."""
_MAX_NUMBER = 10**MAX_ACTION_TEXT
"""Seats and points of an :class:`Action` stay below this (more digits than
any action text can hold), so that every action can be written as text."""


def _problem(seat: object, kind: object, card: object, points: object, choice: object) -> str | None:
    """Why these are not the fields of an action, or ``None`` when they are."""
    if seat.__class__ is not int or not 0 <= seat < _MAX_NUMBER:
        return f"seat {quoted(seat)} is not a seat number (a whole number >= 0)"
    if kind.__class__ is not Kind:
        return f"kind {quoted(kind)} is not a Kind (such as Kind.MAZO)"
    for value, (owner, name, fits, needs) in zip((card, points, choice), _FIELDS, strict=True):
        if kind is owner:
            if not fits(value):
                return f"{needs}, not {quoted(value)}"
        elif value is not None:
            return f"{kind.value} takes no {name}, not {quoted(value)}"
    return None


_FIELDS: tuple[tuple[Kind, str, Callable[[object], bool], str], ...] = (
    (Kind.PLAY, "card", lambda card: card.__class__ is Card and shared_card(card) is card, "play needs a Card"),
    (
        Kind.TENGO,
        "points",
        lambda points: points.__class__ is int and 0 <= points < _MAX_NUMBER,
        "tengo needs points (a whole number >= 0)",
    ),
    (Kind.RPS, "rock-paper-scissors choice", lambda choice: choice.__class__ is Rps, "rps needs an Rps choice"),
)
"""The fields an action kind owns (card, points, choice): the kind that needs it, its name, its test, and what
the kind needs; every other kind takes none."""


def action_problem(action: object) -> str | None:
    """Why *action* is not a well-formed :class:`Action` (for objects that
    bypassed its constructor, such as ``object.__new__``), or ``None``."""
    if not isinstance(action, Action):
        return f"{quoted(action)} is not an Action"
    try:
        fields = (action.seat, action.kind, action.card, action.points, action.choice)
    except AttributeError:
        return "an Action without all its fields"
    return _problem(*fields)


@attrs.frozen(repr=False)
class Action:
    """One action of one seat.

    Build actions with the class methods (:meth:`play`, :meth:`call`,
    :meth:`tengo`, :meth:`rps`) or :meth:`parse`; they are shared values, so
    comparing and hashing them is cheap. The constructor refuses fields that
    do not make an action (a seat that is not a whole number >= 0, a kind
    that is not a :class:`Kind`, a missing or extra card, points or choice)
    with :class:`~pytruco.NotationError`, so an action built from untrusted
    JSON is either well formed or refused.

    Attributes:
        seat: the acting seat (0-based).
        kind: what it does.
        card: the card played (:attr:`Kind.PLAY` only).
        points: the points declared (:attr:`Kind.TENGO` only).
        choice: the rock-paper-scissors choice (:attr:`Kind.RPS` only).

    >>> Action.play(0, Card.parse("7O"))
    Action('0 7O')
    >>> Action.call(1, Kind.QUIERO)
    Action('1 quiero')
    >>> Action(True, Kind.ENVIDO)
    Traceback (most recent call last):
    ...
    pytruco.errors.NotationError: not an action: seat True is not a seat number (a whole number >= 0)
    """

    seat: int
    kind: Kind
    card: Card | None = None
    points: int | None = None
    choice: Rps | None = None

    def __attrs_post_init__(self) -> None:
        problem = _problem(self.seat, self.kind, self.card, self.points, self.choice)
        if problem is not None:
            raise NotationError(f"not an action: {problem}")

    @staticmethod
    def play(seat: int, card: Card) -> Action:
        """Seat *seat* plays *card*."""
        if seat.__class__ is int and 0 <= seat < MAX_SEATS and card.__class__ is Card:
            return PLAY_ACTIONS[seat][card.index]
        return Action(seat, Kind.PLAY, card=card)

    @staticmethod
    def call(seat: int, kind: Kind) -> Action:
        """Any action without an argument: a call, an answer, ``mazo``, …

        >>> Action.call(0, Kind.PLAY)
        Traceback (most recent call last):
        ...
        pytruco.errors.NotationError: not an action: play needs an argument (use Action.play, tengo or rps)
        """
        if kind.__class__ is Kind and kind in _WITH_ARGUMENT:
            raise NotationError(f"not an action: {kind.value} needs an argument (use Action.play, tengo or rps)")
        if seat.__class__ is int and 0 <= seat < MAX_SEATS and kind.__class__ is Kind:
            return CALL_ACTIONS[seat][kind]
        return Action(seat, kind)

    @staticmethod
    def tengo(seat: int, points: int) -> Action:
        """Seat *seat* declares *points* (``tengo N``)."""
        if (
            seat.__class__ is int
            and points.__class__ is int
            and 0 <= seat < MAX_SEATS
            and 0 <= points < len(TENGO_ACTIONS[0])
        ):
            return TENGO_ACTIONS[seat][points]
        return Action(seat, Kind.TENGO, points=points)

    @staticmethod
    def rps(seat: int, choice: Rps) -> Action:
        """Seat *seat* chooses piedra, papel or tijera."""
        if seat.__class__ is int and 0 <= seat < MAX_SEATS and choice.__class__ is Rps:
            return _RPS[seat][choice]
        return Action(seat, Kind.RPS, choice=choice)

    @staticmethod
    def parse(text: str) -> Action:
        """Read one action in record notation (case-insensitive).

        Raises:
            NotationError: not an action; the message quotes the text.

        >>> Action.parse("0 rps PIEDRA").choice
        <Rps.PIEDRA: 'piedra'>
        >>> Action.parse("0 envid")
        Traceback (most recent call last):
        ...
        pytruco.errors.NotationError: not an action: '0 envid' (unknown word 'envid')
        """
        if not isinstance(text, str):
            raise NotationError(f"not an action: {quoted(text)} (expected text)")
        if len(text) > MAX_ACTION_TEXT:
            raise NotationError(f"not an action: {quoted(text)} (longer than {MAX_ACTION_TEXT} characters)")
        parts = text.split(" ")
        if len(parts) < 2 or len(parts) > 3 or not all(parts):
            raise NotationError(
                f"not an action: {text!r} (expected '<seat> <word> [<argument>]' separated by single spaces)"
            )
        seat_text, word = parts[0], parts[1].lower()
        if not seat_text.isdigit() or not seat_text.isascii():
            raise NotationError(f"not an action: {text!r} (seat {seat_text!r} is not a number)")
        seat = int(seat_text)
        if len(parts) == 3:
            argument = parts[2]
            if word == "tengo":
                if not argument.isdigit() or not argument.isascii():
                    raise NotationError(f"not an action: {text!r} (points {argument!r} are not a number)")
                return Action.tengo(seat, int(argument))
            if word == "rps":
                try:
                    return Action.rps(seat, Rps(argument.lower()))
                except ValueError:
                    raise NotationError(
                        f"not an action: {text!r} (rps takes piedra, papel or tijera, not {argument!r})"
                    ) from None
            if word in _PLAIN_WORDS:
                raise NotationError(f"not an action: {text!r} ({word!r} takes no argument)")
            raise NotationError(f"not an action: {text!r} (unknown word {parts[1]!r})")
        kind = _PLAIN_WORDS.get(word)
        if kind is not None:
            return Action.call(seat, kind)
        if word in ("tengo", "rps"):
            raise NotationError(f"not an action: {text!r} ({word!r} needs an argument)")
        if word[:1].isdigit():
            try:
                card = Card.parse(parts[1])
            except NotationError as error:
                raise NotationError(f"not an action: {text!r} ({error})") from None
            return Action.play(seat, card)
        raise NotationError(f"not an action: {text!r} (unknown word {parts[1]!r})")

    def __str__(self) -> str:
        if self.kind is Kind.PLAY:
            return f"{self.seat} {self.card}"
        if self.kind is Kind.TENGO:
            return f"{self.seat} tengo {self.points}"
        if self.kind is Kind.RPS:
            assert self.choice is not None
            return f"{self.seat} rps {self.choice.value}"
        return f"{self.seat} {self.kind.value}"

    def __repr__(self) -> str:
        return f"Action('{self}')"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Pickling and deep copies give back the shared instance when there is one (the engine's legal
        # actions are shared, and membership is an identity test).
        return (_shared, (self.seat, self.kind, self.card, self.points, self.choice))

    @property
    def index(self) -> int:
        """The action's number in the seat-free action space :data:`ACTION_SPACE`
        (``0 <= index < NUM_ACTIONS``): the same number for every seat.

        Raises:
            ArgumentError: ``timeout`` and ``rendirse`` (meta actions, outside the
                space) or ``tengo`` with more than :data:`MAX_DECLARED_POINTS`.

        >>> from pytruco import Action
        >>> Action.parse("0 1E").index, Action.parse("1 truco").index, Action.parse("0 tengo 33").index
        (0, 47, 87)
        >>> Action.from_index(47, 0)
        Action('0 truco')
        """
        kind = self.kind
        if kind is Kind.PLAY:
            assert self.card is not None
            return self.card.index
        if kind is Kind.TENGO:
            assert self.points is not None
            if self.points <= MAX_DECLARED_POINTS:
                return _TENGO_BASE + self.points
            raise ArgumentError(
                f"{self} is outside the action space (declared points are at most {MAX_DECLARED_POINTS})"
            )
        if kind is Kind.RPS:
            assert self.choice is not None
            return _RPS_BASE + _RPS_ORDER.index(self.choice)
        found = _CALL_INDEX.get(kind)
        if found is None:
            raise ArgumentError(f"{self} is a meta action ({kind.value}), outside the action space")
        return found

    @staticmethod
    def from_index(index: int, seat: int) -> Action:
        """The action numbered *index* in :data:`ACTION_SPACE`, by *seat* (the inverse of :attr:`index`).

        Raises:
            ArgumentError: *index* is not a whole number in ``range(NUM_ACTIONS)``, or *seat* is not a seat.

        >>> from pytruco import Action
        >>> [str(Action.from_index(i, 1)) for i in (39, 40, 54, 95)]
        ['1 12C', '1 envido', '1 tengo 0', '1 rps tijera']
        >>> Action.from_index(96, 0)
        Traceback (most recent call last):
        ...
        pytruco.errors.ArgumentError: action index 96 is not in range(96)
        """
        if index.__class__ is not int or not 0 <= index < NUM_ACTIONS:
            raise ArgumentError(f"action index {quoted(index)} is not in range({NUM_ACTIONS})")
        if seat.__class__ is not int or not 0 <= seat < MAX_SEATS:
            raise ArgumentError(f"seat {quoted(seat)} is not a seat (0 to {MAX_SEATS - 1})")
        return _BY_INDEX[seat][index]


def _shared(seat: int, kind: Kind, card: Card | None, points: int | None, choice: Rps | None) -> Action:
    if 0 <= seat < MAX_SEATS and isinstance(seat, int) and choice is None:
        if kind is Kind.PLAY and card is not None and points is None:
            return PLAY_ACTIONS[seat][card.index]
        if kind is Kind.TENGO and card is None and points is not None and 0 <= points < len(TENGO_ACTIONS[seat]):
            return TENGO_ACTIONS[seat][points]
        if kind in CALL_ACTIONS[seat] and card is None and points is None:
            return CALL_ACTIONS[seat][kind]
    return Action(seat, kind, card, points, choice)


def _as_hands(hands: Iterable[Hand]) -> tuple[Hand, ...]:
    return sequence_of(hands, Hand, "a deal", "expected a sequence of Hands; Deal.parse reads card texts")


@attrs.frozen
class Deal:
    """The chance action that starts a hand: each seat's three cards, in seat order.

    >>> deal = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    >>> str(deal.hands[1])
    '5O 4O 3B'
    """

    hands: tuple[Hand, ...] = attrs.field(converter=_as_hands)
    _checked: bool = attrs.field(default=False, init=False, eq=False, repr=False)

    _of: ClassVar[Callable[..., Deal]] = classmethod(new_deal)  # type: ignore[assignment]
    """``Deal._of(hands, checked=False)``: wrap a tuple of hands without conversion (the engine's fast path:
    :func:`pytruco._unchecked.new_deal`, compiled in the compiled build); *checked*: the cards are known to be
    distinct (:func:`pytruco.random_deal`)."""

    @classmethod
    def parse(cls, cards: Sequence[Sequence[str]]) -> Deal:
        """Read a record's ``deal`` member: a list of card-text lists, one per
        seat (no check of counts or repeats; :func:`pytruco.apply` checks
        those against the rules).

        Raises:
            NotationError: not a list of lists of card texts, or a text that
                is not a card.

        >>> Deal.parse(None)
        Traceback (most recent call last):
        ...
        pytruco.errors.NotationError: not a deal: None (expected a list of card lists, one per seat)
        """
        if not _is_list_of(cards, (list, tuple)):
            raise NotationError(f"not a deal: {quoted(cards)} (expected a list of card lists, one per seat)")
        hands = []
        for seat in cards:
            if not _is_list_of(seat, str):
                raise NotationError(f"not a deal: {quoted(seat)} is not a list of card texts")
            hands.append(Hand._of(tuple(Card.parse(text) for text in seat)))
        return cls._of(tuple(hands))

    def canonical(self) -> Deal:
        """The same deal with each hand's cards in the canonical order (by :attr:`~pytruco.Card.index`).

        The order of the cards within a hand changes nothing in the game but
        the order of :func:`~pytruco.legal_actions` and the text of the deal:
        the chance outcomes of :mod:`pytruco.encode` deal canonical deals, so
        two orders of the same cards make one state. A record keeps the order
        it was written with.

        >>> str(Deal.parse([["7C", "1E", "6C"], ["5O", "4O", "3B"]]).canonical().hands[0])
        '1E 6C 7C'
        """
        return Deal._of(
            tuple(Hand._of(tuple(sorted(hand.cards, key=_card_index))) for hand in self.hands), checked=self._checked
        )

    def to_json(self) -> list[list[str]]:
        """The record's ``deal`` member."""
        return [[str(card) for card in hand] for hand in self.hands]


def _card_index(card: Card) -> int:
    return card.index


def _is_list_of(value: object, kind: type | tuple[type, ...]) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(item, kind) for item in value)


# Shared instances, so that legal_actions() allocates nothing and the reducer
# tests membership by identity. The rule modules read them; they are not part
# of the public API (not in __all__).
PLAY_ACTIONS = [[Action(seat, Kind.PLAY, card=card) for card in ALL_CARDS] for seat in range(MAX_SEATS)]
"""``PLAY_ACTIONS[seat][card.index]``: the shared action of *seat* playing *card*."""
CALL_ACTIONS: list[dict[Kind, Action]] = [
    {kind: Action(seat, kind) for kind in Kind if kind not in (Kind.PLAY, Kind.TENGO, Kind.RPS)}
    for seat in range(MAX_SEATS)
]
"""``CALL_ACTIONS[seat][kind]``: the shared action of *seat* for a word without argument."""
TENGO_ACTIONS = [[Action(seat, Kind.TENGO, points=points) for points in range(40)] for seat in range(MAX_SEATS)]
"""``TENGO_ACTIONS[seat][points]``: the shared ``tengo`` of *seat* for 0-39 points."""
_RPS = [{choice: Action(seat, Kind.RPS, choice=choice) for choice in Rps} for seat in range(MAX_SEATS)]


ACTION_SPACE = "truco-actions/1"
"""The version of the seat-free action space behind :attr:`Action.index` (docs/stability.md).

Version 1 numbers :data:`NUM_ACTIONS` = 96 actions, the same for every rule set (a preset without flor or
rock-paper-scissors simply never makes those legal):

- 0-39: play the card whose :attr:`~pytruco.Card.index` is the number;
- 40-53: the words without argument, in this order: envido, real-envido, falta-envido, flor, contraflor,
  contraflor-al-resto, con-flor-me-achico, truco, retruco, vale-cuatro, quiero, no-quiero, son-buenas, mazo;
- 54-92: ``tengo 0`` to ``tengo 38`` (:data:`MAX_DECLARED_POINTS`);
- 93-95: ``rps piedra``, ``rps papel``, ``rps tijera``.

``timeout`` and ``rendirse`` are meta actions of a clock or a button, outside the space.

>>> from pytruco.actions import ACTION_SPACE, NUM_ACTIONS
>>> ACTION_SPACE, NUM_ACTIONS
('truco-actions/1', 96)
"""
_CALL_ORDER = (
    Kind.ENVIDO,
    Kind.REAL_ENVIDO,
    Kind.FALTA_ENVIDO,
    Kind.FLOR,
    Kind.CONTRAFLOR,
    Kind.CONTRAFLOR_AL_RESTO,
    Kind.CON_FLOR_ME_ACHICO,
    Kind.TRUCO,
    Kind.RETRUCO,
    Kind.VALE_CUATRO,
    Kind.QUIERO,
    Kind.NO_QUIERO,
    Kind.SON_BUENAS,
    Kind.MAZO,
)
_CALL_INDEX = {kind: 40 + offset for offset, kind in enumerate(_CALL_ORDER)}
_TENGO_BASE = 40 + len(_CALL_ORDER)
_RPS_BASE = _TENGO_BASE + MAX_DECLARED_POINTS + 1
_RPS_ORDER = (Rps.PIEDRA, Rps.PAPEL, Rps.TIJERA)
NUM_ACTIONS = _RPS_BASE + len(_RPS_ORDER)
"""The size of :data:`ACTION_SPACE` (96): every index is in ``range(NUM_ACTIONS)``.

>>> from pytruco.actions import NUM_ACTIONS
>>> NUM_ACTIONS
96
"""
assert NUM_ACTIONS == _SPACE_SIZE
_BY_INDEX: list[tuple[Action, ...]] = [
    (
        *PLAY_ACTIONS[seat],
        *(CALL_ACTIONS[seat][kind] for kind in _CALL_ORDER),
        *TENGO_ACTIONS[seat][: MAX_DECLARED_POINTS + 1],
        *(_RPS[seat][choice] for choice in _RPS_ORDER),
    )
    for seat in range(MAX_SEATS)
]
assert NUM_ACTIONS == 96 and all(len(row) == NUM_ACTIONS for row in _BY_INDEX)

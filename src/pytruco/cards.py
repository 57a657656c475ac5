"""Spanish cards, the 40-card deck and a seat's three cards.

Cards are small immutable values. The 40 of them are created once and
shared, so ``Card.parse("1E") is Card.parse("1e")``; their trick strength
and envido value are computed once at import.

>>> from pytruco import Card
>>> ancho = Card.parse("1E")
>>> ancho.strength > Card.parse("7O").strength
True
>>> str(Card.parse("12c"))
'12C'
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from types import MappingProxyType
from typing import ClassVar, TypeVar

import attrs

from ._cardart import card_picture, cards_picture
from ._unchecked import new_hand
from .errors import NotationError, SetupError, quoted, sequence_of

__all__ = ["RANKS", "Card", "Deck", "Hand", "Suit"]

_T = TypeVar("_T")

RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
"""The ten ranks of the Spanish deck used in truco (no 8 or 9).

>>> from pytruco import RANKS, Card, Suit
>>> RANKS
(1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
>>> len([Card.of(rank, suit) for rank in RANKS for suit in Suit])
40
"""

MAX_HAND_TEXT = 1000
""":meth:`Hand.parse` refuses longer text (40 cards take at most 159 characters)."""


class Suit(enum.Enum):
    """The four suits, valued by their one-letter notation.

    >>> from pytruco import Card, Suit
    >>> Suit("E")
    <Suit.ESPADAS: 'E'>
    >>> Card.parse("7O").suit is Suit.OROS, str(Suit.COPAS)
    (True, 'C')
    """

    ESPADAS = "E"
    BASTOS = "B"
    OROS = "O"
    COPAS = "C"

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity

    def __str__(self) -> str:
        return self.value


_SUIT_BY_LETTER = {suit.value: suit for suit in Suit}

# Trick strength, high to low (PRESETS.md §1): 1E > 1B > 7E > 7O > 3s > 2s >
# 1O = 1C > 12s > 11s > 10s > 7C = 7B > 6s > 5s > 4s.
_SPECIAL_STRENGTH = {
    (1, Suit.ESPADAS): 14,
    (1, Suit.BASTOS): 13,
    (7, Suit.ESPADAS): 12,
    (7, Suit.OROS): 11,
}
_RANK_STRENGTH = {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1}


@attrs.frozen(repr=False, eq=False)
class Card:
    """One Spanish card.

    Args:
        rank: 1-7, 10 (sota), 11 (caballo) or 12 (rey).
        suit: the card's :class:`Suit`.

    Attributes:
        strength: trick strength, 1 (the fours) to 14 (1E); equal strength
            is a parda.
        envido_value: the card's value for envido and flor (10-12 count 0).
        index: 0-39, a stable number for tables and bit sets.

    There is one instance of each of the 40 cards: the constructor, like
    :meth:`parse` and :meth:`of`, returns the shared instance, so a card
    built by hand is the very card the engine deals (it tests cards by
    identity on its hot path).

    >>> Card.of(7, Suit.OROS)
    Card('7O')
    >>> Card(7, Suit.OROS) is Card.parse("7O")
    True
    >>> Card.parse("11B").envido_value
    0
    """

    rank: int
    suit: Suit
    strength: int = attrs.field(init=False)
    envido_value: int = attrs.field(init=False)
    index: int = attrs.field(init=False)

    def __new__(cls, rank: int, suit: Suit) -> Card:
        if cls is Card and rank.__class__ is int:
            try:
                shared = _BY_KEY.get((rank, suit))
            except TypeError:  # an unhashable suit: __init__ refuses it
                shared = None
            if shared is not None:
                return shared
        return super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        if self.__class__ is Card and _BY_KEY and _BY_KEY.get((self.rank, self.suit)) is self:
            return  # the shared card, already filled in (Card(...) returns it)
        if self.rank.__class__ is not int or self.rank not in RANKS:
            raise NotationError(f"not a card: rank {quoted(self.rank)} (rank must be 1-7, 10, 11 or 12)")
        if not isinstance(self.suit, Suit):
            raise NotationError(f"not a card: suit {quoted(self.suit)} (suit must be a Suit)")
        strength = _SPECIAL_STRENGTH.get((self.rank, self.suit), _RANK_STRENGTH[self.rank])
        object.__setattr__(self, "strength", strength)
        object.__setattr__(self, "envido_value", self.rank if self.rank <= 7 else 0)
        suit_index = "EBOC".index(self.suit.value)
        object.__setattr__(self, "index", suit_index * 10 + RANKS.index(self.rank))

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        """The shared card of this rank and suit."""
        if rank.__class__ is int:
            try:
                return _BY_KEY[rank, suit]
            except (KeyError, TypeError):
                pass
        return cls(rank, suit)  # raises the NotationError

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``<rank><suit>`` notation, case-insensitive (``"1E"``, ``"12c"``).

        Raises:
            NotationError: the text is not a card; the message quotes it.

        >>> Card.parse("7o")
        Card('7O')
        """
        card = _BY_TEXT.get(text.upper()) if isinstance(text, str) and len(text) <= 3 else None
        if card is None:
            raise NotationError(_card_error(text))
        return card

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def _repr_svg_(self) -> str:
        """The card as an SVG picture (Jupyter draws it; :mod:`pytruco.svg`)."""
        return card_picture(self.rank, self.suit.value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        """Cards sort by their index (suit E, B, O, C, then rank); ordering a card
        and anything else is a :class:`TypeError`, as Python's rules say."""
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Pickling and deep copies give back the shared instance: the engine compares cards by identity.
        return (_card_at, (self.index,))


def _card_at(index: int) -> Card:
    return ALL_CARDS[index]


def shared_card(card: object) -> Card | None:
    """The shared instance equal to *card* (a :class:`Card`, or a subclass of
    one), or ``None`` when *card* is no card or lacks its fields (made by
    ``object.__new__``)."""
    if not isinstance(card, Card):
        return None
    try:
        return _BY_KEY.get((card.rank, card.suit))
    except (AttributeError, TypeError):
        return None


def _card_error(text: object) -> str:
    if not isinstance(text, str):
        return f"not a card: {quoted(text)} (expected text such as '1E')"
    if not text:
        return "not a card: '' (empty)"
    suit_text = text[-1:].upper()
    if suit_text not in _SUIT_BY_LETTER:
        return f"not a card: {quoted(text)} (suit must be E, B, O or C)"
    # Any other text with a suit letter has a bad rank (the 40 good texts
    # are in the table); "²E" and "፩B" are digits to str.isdigit, not ranks.
    return f"not a card: {quoted(text)} (rank must be 1-7, 10, 11 or 12)"


_BY_KEY: dict[tuple[int, Suit], Card] = {}
ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)
"""The 40 cards in index order."""
_BY_KEY.update({(card.rank, card.suit): card for card in ALL_CARDS})
_BY_TEXT = {str(card): card for card in ALL_CARDS}


_HOLDINGS: dict[int, tuple[int, int, int]] = {}
HOLDING_POINTS: Mapping[int, tuple[int, int, int]] = MappingProxyType(_HOLDINGS)
"""What :func:`points_of` gives for every three-card holding, filled at import, keyed by the holding's bit set
(``1 << card.index`` of each card); read-only (the engine keeps its own copy and looks a dealt hand up there
without calling a function)."""


def points_of(cards: Sequence[Card]) -> tuple[int, int, int]:
    """``(envido on the best two, envido on all three, number of suits)`` of a
    holding. Every three-card holding is in a table made at import, so the
    engine's once-per-deal question is a dictionary lookup."""
    key = 0
    for card in cards:
        key |= 1 << card.index
    found = _HOLDINGS.get(key)  # three distinct cards only: every key there has three bits
    if found is None:
        suits = len({card.suit for card in cards})
        found = (envido_points_of(cards, False), envido_points_of(cards, True), suits)
    return found


def envido_points_of(cards: Sequence[Card], count_three: bool) -> int:
    """Envido points: two of a suit give 20 + both values, else the best value."""
    best = 0
    for card in cards:
        best = max(best, card.envido_value)
    for suit in Suit:
        values = sorted((c.envido_value for c in cards if c.suit is suit), reverse=True)
        if len(values) >= 2:
            used = values if count_three else values[:2]
            best = max(best, 20 + sum(used))
    return best


def _shared_cards(cards: tuple[Card, ...], what: str) -> tuple[Card, ...]:
    """*cards*, each the shared instance (the engine removes a played card by identity); a forged card
    (``object.__new__``, no fields) is a :class:`NotationError`."""
    for card in cards:
        if shared_card(card) is not card:
            raise NotationError(f"not {what}: {quoted(card)} is not one of the 40 cards (made without Card(...))")
    return cards


def _as_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    found = sequence_of(cards, Card, "a hand", "expected a sequence of cards; Hand.parse reads text")
    return _shared_cards(found, "a hand")


def _as_deck(cards: Iterable[Card]) -> tuple[Card, ...]:
    found = sequence_of(cards, Card, "a deck", "expected a sequence of cards; Hand.parse reads text")
    return _shared_cards(found, "a deck")


@attrs.frozen(repr=False)
class Hand:
    """The cards one seat holds (three when dealt).

    >>> hand = Hand.parse("7C 6C 1E")
    >>> hand.envido_points()
    33
    >>> hand.has_flor
    False
    >>> Hand.parse("7O 6O 5O").flor_points(count_three=True)
    38
    """

    cards: tuple[Card, ...] = attrs.field(converter=_as_cards)

    _of: ClassVar[Callable[[tuple[Card, ...]], Hand]] = classmethod(new_hand)  # type: ignore[assignment]
    """Wrap a tuple of shared cards without validation (the engine's fast path: :func:`pytruco._unchecked.new_hand`,
    compiled in the compiled build)."""

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read cards separated by spaces or commas.

        Raises:
            NotationError: not text, or a part that is not a card.

        >>> Hand.parse("1E, 7o 12C")
        Hand('1E 7O 12C')
        """
        if not isinstance(text, str):
            raise NotationError(f"not a hand: {quoted(text)} (expected text such as '1E 7O 12C')")
        if len(text) > MAX_HAND_TEXT:
            raise NotationError(f"not a hand: {quoted(text)} (longer than {MAX_HAND_TEXT} characters)")
        return cls(tuple(Card.parse(part) for part in text.replace(",", " ").split()))

    @property
    def has_flor(self) -> bool:
        """Three cards of one suit."""
        return len(self.cards) == 3 and len({card.suit for card in self.cards}) == 1

    def envido_points(self, count_three: bool = False) -> int:
        """Envido points (:doc:`/rules/basics`, "Envido points").

        Args:
            count_three: with three cards of one suit, count all three
                (``ladder``, ``reglamento``) instead of the best two.
        """
        return envido_points_of(self.cards, count_three)

    def flor_points(self, count_three: bool = False) -> int | None:
        """Flor points (20 + the best two or all three values), or ``None`` without flor."""
        if not self.has_flor:
            return None
        return envido_points_of(self.cards, count_three)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    def _repr_svg_(self) -> str:
        """The cards side by side as an SVG picture (Jupyter draws it; :mod:`pytruco.svg`)."""
        return cards_picture([(card.rank, card.suit.value) for card in self.cards])


@attrs.frozen
class Deck:
    """An ordered deck of Spanish cards.

    :meth:`shuffled` takes the random source from the caller; without one it
    uses :class:`random.SystemRandom`, an unpredictable system source, which
    is what an online table must use.

    >>> import random
    >>> deck = Deck.shuffled(random.Random(7))
    >>> len(deck.cards)
    40
    >>> hands = deck.deal(2)
    >>> [len(hand) for hand in hands]
    [3, 3]
    """

    cards: tuple[Card, ...] = attrs.field(default=ALL_CARDS, converter=_as_deck)

    @classmethod
    def shuffled(cls, rng: random.Random | None = None) -> Deck:
        """A new deck in random order."""
        cards = list(ALL_CARDS)
        shuffle_checked(random_source(rng), cards)
        return cls(tuple(cards))

    def deal(self, players: int) -> tuple[Hand, ...]:
        """Three cards to each seat, one at a time, starting with seat 0.

        Raises:
            SetupError: *players* is not a whole number from 1 to a third of the deck.
        """
        if players.__class__ is not int or not 1 <= players <= len(self.cards) // 3:
            raise SetupError(f"cannot deal three cards to {quoted(players)} players from {len(self.cards)} cards")
        return tuple(Hand(self.cards[seat : 3 * players : players]) for seat in range(players))

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)


def random_source(rng: object) -> random.Random:
    """*rng*, or an unpredictable system source (:class:`random.SystemRandom`)
    when it is ``None``: the one rule for every random choice the library makes.

    Raises:
        SetupError: *rng* is neither ``None`` nor a :class:`random.Random`.

    >>> isinstance(random_source(None), random.SystemRandom)
    True
    """
    if rng is None:
        return random.SystemRandom()
    if not isinstance(rng, random.Random):
        raise SetupError(f"a random source must be a random.Random or None, not {quoted(rng)}")
    return rng


def draw_below(source: random.Random, n: int) -> int:
    """``source.randrange(n)``, checked: a whole number from 0 to *n* - 1, or :class:`SetupError` (a
    ``random.Random`` subclass may return anything).

    >>> draw_below(random.Random(1), 2) in (0, 1)
    True
    """
    value = source.randrange(n)
    if value.__class__ is not int or not 0 <= value < n:
        raise SetupError(f"the random source gave {quoted(value)} for a number from 0 to {n - 1}")
    return value


def shuffle_checked(source: random.Random, items: list[_T]) -> None:
    """Shuffle *items* in place as :meth:`random.Random.shuffle` does (the same draws, so a seed gives the same
    order), every draw checked with :func:`draw_below`."""
    for i in reversed(range(1, len(items))):
        j = draw_below(source, i + 1)
        items[i], items[j] = items[j], items[i]


def _three_card_table() -> None:
    """Fill the points table for all 9,880 three-card holdings (a few ms)."""
    for a, b, c in combinations(ALL_CARDS, 3):
        va, vb, vc = a.envido_value, b.envido_value, c.envido_value
        best = max(va, vb, vc)
        if a.suit is b.suit is c.suit:
            two, three, suits = 20 + va + vb + vc - min(va, vb, vc), 20 + va + vb + vc, 1
        else:
            pair = 0
            if a.suit is b.suit:
                pair = 20 + va + vb
            elif a.suit is c.suit:
                pair = 20 + va + vc
            elif b.suit is c.suit:
                pair = 20 + vb + vc
            two = three = max(best, pair)
            suits = 2 if pair else 3
        _HOLDINGS[(1 << a.index) | (1 << b.index) | (1 << c.index)] = (two, three, suits)


_three_card_table()


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards; the first bad one raises :class:`NotationError`."""
    return tuple(Card.parse(text) for text in texts)

"""Pictures: SVG drawings of the Spanish cards, of a hand and of the table as one seat sees it.

Pure Python, no image library: each function returns the text of an SVG
document. The suit symbols are drawn here from simple shapes (a sword, a
club, a coin, a cup). In Jupyter, :class:`~pytruco.Card`,
:class:`~pytruco.Hand` and :class:`~pytruco.SeatView` draw themselves
(``_repr_svg_``).

>>> from pytruco import Card, Hand
>>> from pytruco.svg import card_svg, hand_svg
>>> card_svg(Card.parse("1E")).startswith("<svg")
True
>>> "7O" in hand_svg(Hand.parse("7O 3B 12C"))
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable
from xml.sax.saxutils import escape

from ._cardart import CARD_HEIGHT, CARD_WIDTH, back, card_body, card_picture, cards_picture, document
from .actions import Kind
from .cards import ALL_CARDS, Card
from .errors import ArgumentError, quoted, require

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "TableView", "back_svg", "card_svg", "hand_svg", "ranking_svg", "table_svg"]


class _Players(Protocol):
    @property
    def players(self) -> int: ...


class _Truco(Protocol):
    @property
    def level(self) -> int: ...


class _Trick(Protocol):
    @property
    def plays(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def team(self) -> int | None: ...


@runtime_checkable
class TableView(Protocol):
    """What :func:`table_svg` reads of a :class:`~pytruco.SeatView` (which has it
    all): pictures sit below the views in the module layers, so they take any
    value of this shape.

    >>> from pytruco import new_game, view
    >>> from pytruco.svg import TableView
    >>> seen: TableView = view(new_game("default", first_mano=0), 0)
    >>> seen.cards_left
    (0, 0)
    """

    @property
    def seat(self) -> int | None: ...
    @property
    def rules(self) -> _Players: ...
    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def mano(self) -> int: ...
    @property
    def truco(self) -> _Truco: ...
    @property
    def envido_calls(self) -> tuple[Kind, ...]: ...
    @property
    def cards_left(self) -> tuple[int, ...]: ...
    @property
    def folded(self) -> tuple[int, ...]: ...
    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def tricks(self) -> Sequence[_Trick]: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...


def card_svg(card: Card) -> str:
    """One card, face up.

    >>> from pytruco import Card
    >>> from pytruco.svg import card_svg
    >>> picture = card_svg(Card.parse("12C"))
    >>> "REY" in picture and "12 de copas" in picture
    True
    """
    require(card, Card, "card_svg", "a Card")
    return card_picture(card.rank, card.suit.value)


def back_svg() -> str:
    """One card, face down, the same size as :func:`card_svg`'s (what an opponent's hand shows).

    >>> from pytruco.svg import back_svg
    >>> back_svg().startswith("<svg") and "face down" in back_svg()
    True
    """
    return document(CARD_WIDTH + 4, CARD_HEIGHT + 4, back(2, 2), "a card, face down")


def hand_svg(cards: Iterable[Card], *, gap: float = 10) -> str:
    """Cards side by side, face up (a :class:`~pytruco.Hand` or any sequence of cards).

    >>> from pytruco import Hand
    >>> from pytruco.svg import hand_svg
    >>> hand_svg(Hand.parse("1E 7O")).count("<title>")  # the picture's, and one per card
    3
    """
    require(cards, Iterable, "hand_svg", "cards (a Hand or a sequence of Cards)")
    if isinstance(cards, str):
        raise ArgumentError(f"hand_svg needs cards, not the text {quoted(cards)} (parse it with Hand.parse)")
    if isinstance(gap, bool) or not isinstance(gap, (int, float)) or not 0 <= gap < math.inf:
        raise ArgumentError(f"hand_svg needs a gap (a finite number >= 0), not {quoted(gap)}")
    listed = list(cards)
    for card in listed:
        require(card, Card, "hand_svg", "Cards only")
    return cards_picture([(card.rank, card.suit.value) for card in listed], gap=gap)


def ranking_svg() -> str:
    """The trick ranking (see the rules' basics page) as a picture: one column per
    strength, highest first (left); cards of equal strength share a column.

    >>> from pytruco.svg import ranking_svg
    >>> ranking_svg().count("<text") > 40
    True
    """
    columns: dict[int, list[Card]] = {}
    for card in ALL_CARDS:
        columns.setdefault(card.strength, []).append(card)
    scale = 0.55
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    top = 26
    body: list[str] = []
    for col, strength in enumerate(sorted(columns, reverse=True)):
        x = 4 + col * (w + 6)
        body.append(
            f'<text x="{x + w / 2:.1f}" y="18" font-size="14" text-anchor="middle" fill="#333333">{col + 1}</text>'
        )
        for row, card in enumerate(columns[strength]):
            body.append(card_body(card.rank, card.suit.value, x, top + row * (h + 6), w, h))
    width = 4 + len(columns) * (w + 6)
    height = top + 4 * (h + 6)
    return document(width, height, "".join(body), "Truco card ranking, highest first")


def _names(seen: TableView) -> list[str]:
    n = seen.rules.players
    me = seen.seat
    names = []
    for seat in range(n):
        if me is None:
            names.append(f"seat {seat}")
        elif seat == me:
            names.append(f"seat {seat} (you)")
        else:
            names.append(f"seat {seat}" + (" (partner)" if seat & 1 == me & 1 else ""))
    return names


def table_svg(seen: TableView) -> str:
    """The table as *seen*'s seat sees it: its own cards face up at the
    bottom, the other seats' cards face down, the cards of the trick being
    played in the middle, the finished tricks of the hand at the side and
    the score at the top. Nothing hidden from the seat is drawn.

    >>> from pytruco import new_game, apply, Deal, Action, view
    >>> from pytruco.svg import table_svg
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 1E"))
    >>> picture = table_svg(view(state, 1))
    >>> "1E" in picture, "7C" in picture, "5O" in picture
    (True, False, True)
    """
    require(seen, TableView, "table_svg", "a seat's view (from pytruco.view)")
    bottom = seen.seat if seen.seat is not None else 0  # a spectator looks from seat 0's side
    names = _names(seen)
    body = [
        f'<rect width="{_WIDTH:g}" height="{_HEIGHT:g}" rx="18" fill="#1e6b3a"/>',
        *_header(seen, bottom),
        *_other_seats(seen, bottom, names),
        *_trick_in_play(seen),
        *_finished_tricks(seen),
        *_own_cards(seen, bottom, names),
    ]
    who = f"seat {seen.seat}" if seen.seat is not None else "a spectator"
    return document(_WIDTH, _HEIGHT, "".join(body), f"The table as {who} sees it")


_WIDTH, _HEIGHT = 720.0, 560.0  # the table
_SMALL_WIDTH, _SMALL_HEIGHT = CARD_WIDTH * 0.6, CARD_HEIGHT * 0.6  # the other seats' cards and the trick in play
_MINI_WIDTH, _MINI_HEIGHT = CARD_WIDTH * 0.38, CARD_HEIGHT * 0.38  # finished tricks


def _header(seen: TableView, bottom: int) -> list[str]:
    """The score (the bottom seat's team first), the mano, the truco and the envido calls, at the top."""
    team = bottom & 1
    you = " (you)" if seen.seat is not None else ""
    score = f"team {team}{you} {seen.score[team]} \u2013 team {1 - team} {seen.score[1 - team]}"
    truco = ("no truco", "truco accepted", "retruco accepted", "vale cuatro accepted")[min(seen.truco.level, 3)]
    calls = seen.envido_calls
    envido = "envido: " + (", ".join(k.value for k in calls) if calls else "none")
    return [
        f'<text x="20" y="32" font-size="20" fill="#ffffff">{escape(score)}</text>',
        f'<text x="20" y="56" font-size="14" fill="#d9f2e0">mano: seat {seen.mano} · {truco} · {escape(envido)}</text>',
    ]


def _other_seats(seen: TableView, bottom: int, names: Sequence[str]) -> list[str]:
    """The other seats around the table, their cards face down, each with its name."""
    n = seen.rules.players
    sw, sh = _SMALL_WIDTH, _SMALL_HEIGHT
    others = [(bottom + k) % n for k in range(1, n)]
    body = []
    for (px, py), seat in zip(_places(len(others), _WIDTH), others, strict=True):
        count = seen.cards_left[seat]
        span = max(1, count) * (sw * 0.55) + sw * 0.45
        x0 = px - span / 2
        for i in range(count):
            body.append(back(x0 + i * sw * 0.55, py, sw, sh))
        fold = " · folded" if seat in seen.folded else ""
        body.append(_label(f"{px:g}", f"{py + sh + 18:.1f}", 13, "middle", escape(names[seat] + fold)))
    return body


def _trick_in_play(seen: TableView) -> list[str]:
    """The cards of the trick being played, in the middle, each with its seat."""
    sw, sh = _SMALL_WIDTH, _SMALL_HEIGHT
    trick = seen.current_trick
    tx0 = _WIDTH / 2 - (len(trick) * (sw + 10) - 10) / 2
    body = []
    for i, (seat, card) in enumerate(trick):
        x = tx0 + i * (sw + 10)
        body.append(card_body(card.rank, card.suit.value, x, 250, sw, sh))
        body.append(_label(f"{x + sw / 2:.1f}", f"{250 + sh + 15:.1f}", 11, "middle", f"seat {seat}"))
    return body


def _finished_tricks(seen: TableView) -> list[str]:
    """The finished tricks of this hand, small, on the right, each with who won it."""
    mw, mh = _MINI_WIDTH, _MINI_HEIGHT
    body = []
    for row, finished in enumerate(seen.tricks):
        plays, winner = finished.plays, finished.team
        y = 90 + row * (mh + 26)
        result = "parda" if winner is None else f"team {winner}"
        body.append(_label(f"{_WIDTH - 20:g}", f"{y - 4:g}", 11, "end", f"trick {row + 1}: {result}"))
        for col, (_seat, card) in enumerate(plays):
            x = _WIDTH - 20 - (len(plays) - col) * (mw + 4)
            body.append(card_body(card.rank, card.suit.value, x, y, mw, mh))
    return body


def _own_cards(seen: TableView, bottom: int, names: Sequence[str]) -> list[str]:
    """The seat's own cards, face up, at the bottom, with its name (a spectator sees seat 0's face down)."""
    hand = seen.hand
    count = len(hand) if seen.seat is not None else seen.cards_left[bottom]
    hx0 = _WIDTH / 2 - (count * (CARD_WIDTH + 12) - 12) / 2
    body = []
    for i in range(count):
        x = hx0 + i * (CARD_WIDTH + 12)
        body.append(
            card_body(hand[i].rank, hand[i].suit.value, x, _HEIGHT - CARD_HEIGHT - 36)
            if seen.seat is not None
            else back(x, _HEIGHT - 148)
        )
    body.append(_label(f"{_WIDTH / 2:g}", f"{_HEIGHT - 14:g}", 14, "middle", escape(names[bottom])))
    return body


def _label(x: str, y: str, size: int, anchor: str, text: str) -> str:
    """A white label at (*x*, *y*), anchored at its *anchor* ("middle", "end"); *text* is escaped already."""
    return f'<text x="{x}" y="{y}" font-size="{size}" fill="#ffffff" text-anchor="{anchor}">{text}</text>'


def _places(count: int, width: float) -> Sequence[tuple[float, float]]:
    """Where the other seats sit: across the table (1), or around it (3, 5)."""
    if count == 1:
        return [(width / 2, 80)]
    if count == 3:
        return [(110, 230), (width / 2, 80), (width - 250, 230)]
    return [(100, 300), (150, 90), (width / 2, 80), (width - 290, 90), (width - 250, 300)]

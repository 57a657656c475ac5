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

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape

from .bots import _envido_calls, _tricks, _truco_level  # read the view whatever its shape
from .cards import ALL_CARDS, Card, Hand, Suit
from .views import SeatView

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "card_svg", "hand_svg", "ranking_svg", "table_svg"]

CARD_WIDTH = 72
"""Width of one card in SVG user units (its height is :data:`CARD_HEIGHT`)."""
CARD_HEIGHT = 112

_INK = {Suit.ESPADAS: "#1f4e9c", Suit.BASTOS: "#2e7d32", Suit.OROS: "#c28a00", Suit.COPAS: "#c62828"}
_FACE = {10: "SOTA", 11: "CABALLO", 12: "REY"}
_SUIT_WORD = {Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos", Suit.OROS: "oros", Suit.COPAS: "copas"}


def _document(width: float, height: float, body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}"'
        f' viewBox="0 0 {width:g} {height:g}" font-family="Georgia, \'DejaVu Serif\', serif">'
        f"<title>{escape(title)}</title>{body}</svg>"
    )


def _symbol(suit: Suit, cx: float, cy: float, size: float) -> str:
    """The suit's symbol centred on (cx, cy), about *size* tall."""
    ink = _INK[suit]
    s = size / 40  # the shapes are drawn on a 40-unit grid

    def p(x: float, y: float) -> str:
        return f"{cx + x * s:.1f},{cy + y * s:.1f}"

    if suit is Suit.ESPADAS:  # a sword, point up: blade, guard, grip, pommel
        blade = f'<polygon points="{p(0, -20)} {p(3.2, -14)} {p(3.2, 8)} {p(-3.2, 8)} {p(-3.2, -14)}" fill="{ink}"/>'
        ridge = f'<line x1="{cx:.1f}" y1="{cy - 15 * s:.1f}" x2="{cx:.1f}" y2="{cy + 7 * s:.1f}" stroke="#ffffff"'
        ridge += f' stroke-width="{0.8 * s:.2f}"/>'
        guard = f'<rect x="{cx - 10 * s:.1f}" y="{cy + 8 * s:.1f}" width="{20 * s:.1f}" height="{3 * s:.1f}"'
        guard += f' rx="{1.5 * s:.1f}" fill="{ink}"/>'
        grip = f'<rect x="{cx - 2 * s:.1f}" y="{cy + 11 * s:.1f}" width="{4 * s:.1f}" height="{6 * s:.1f}"'
        grip += ' fill="#7a4b1e"/>'
        pommel = f'<circle cx="{cx:.1f}" cy="{cy + 18.5 * s:.1f}" r="{2.5 * s:.1f}" fill="{ink}"/>'
        return blade + ridge + guard + grip + pommel
    if suit is Suit.BASTOS:  # a knotted club, thick end up
        club = f'<path d="M {p(-2.5, 19)} L {p(-5.5, -14)} Q {p(0, -23)} {p(5.5, -14)} L {p(2.5, 19)} Z"'
        club += f' fill="{ink}"/>'
        knots = "".join(
            f'<circle cx="{cx + x * s:.1f}" cy="{cy + y * s:.1f}" r="{1.8 * s:.1f}" fill="#a5d6a7"/>'
            for x, y in ((-3.5, -10), (3.2, -4), (-2.8, 3), (2.4, 10))
        )
        return club + knots
    if suit is Suit.OROS:  # a gold coin: rim, face, a small sun in the centre
        rim = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{16 * s:.1f}" fill="{ink}"/>'
        face = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{12.5 * s:.1f}" fill="#f6c945"/>'
        sun = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{5 * s:.1f}" fill="none" stroke="{ink}"'
        sun += f' stroke-width="{1.6 * s:.2f}"/>'
        return rim + face + sun
    # copas: a cup, bowl on a stem and a foot
    bowl = f'<path d="M {p(-13, -16)} L {p(13, -16)} Q {p(13, 0)} {p(0, 2)} Q {p(-13, 0)} {p(-13, -16)} Z"'
    bowl += f' fill="{ink}"/>'
    lip = f'<rect x="{cx - 14 * s:.1f}" y="{cy - 18 * s:.1f}" width="{28 * s:.1f}" height="{3 * s:.1f}"'
    lip += f' rx="{1.5 * s:.1f}" fill="{ink}"/>'
    stem = f'<rect x="{cx - 2 * s:.1f}" y="{cy + 1 * s:.1f}" width="{4 * s:.1f}" height="{12 * s:.1f}" fill="{ink}"/>'
    foot = f'<path d="M {p(-10, 19)} Q {p(0, 10)} {p(10, 19)} Z" fill="{ink}"/>'
    return bowl + lip + stem + foot


def _card_body(card: Card, x: float, y: float, w: float = CARD_WIDTH, h: float = CARD_HEIGHT) -> str:
    ink = _INK[card.suit]
    out = [
        f"<g><title>{card}</title>",
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{w * 0.09:.1f}" fill="#fffdf7"'
        f' stroke="#333333" stroke-width="1.2"/>',
        f'<rect x="{x + 4:g}" y="{y + 4:g}" width="{w - 8:g}" height="{h - 8:g}" rx="{w * 0.06:.1f}" fill="none"'
        f' stroke="{ink}" stroke-width="0.8" stroke-dasharray="3 2"/>',
    ]
    corner = w * 0.25
    for tx, ty, rotate in ((x + 9, y + 8 + corner * 0.8, ""), (x + w - 9, y + h - 8 - corner * 0.8, "180")):
        transform = f' transform="rotate({rotate} {tx:g} {ty - corner * 0.3:g})"' if rotate else ""
        out.append(
            f'<text x="{tx:g}" y="{ty:g}" font-size="{corner:.1f}" font-weight="bold" fill="{ink}"'
            f' text-anchor="middle"{transform}>{card.rank}</text>'
        )
    face = _FACE.get(card.rank)
    symbol_y = y + h * (0.47 if face else 0.55)
    out.append(_symbol(card.suit, x + w / 2, symbol_y, h * (0.36 if face else 0.42)))
    if face:
        out.append(
            f'<text x="{x + w / 2:g}" y="{y + h * 0.8:.1f}" font-size="{w * 0.115:.1f}" fill="{ink}"'
            f' text-anchor="middle">{face}</text>'
        )
    out.append("</g>")
    return "".join(out)


def _back(x: float, y: float, w: float = CARD_WIDTH, h: float = CARD_HEIGHT) -> str:
    """A card face down."""
    return (
        f'<g><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{w * 0.09:.1f}" fill="#7b1f24"'
        f' stroke="#333333" stroke-width="1.2"/>'
        f'<rect x="{x + 5:g}" y="{y + 5:g}" width="{w - 10:g}" height="{h - 10:g}" rx="{w * 0.06:.1f}" fill="none"'
        f' stroke="#e8c36a" stroke-width="1.5"/>'
        f'<circle cx="{x + w / 2:g}" cy="{y + h / 2:g}" r="{w * 0.18:.1f}" fill="none" stroke="#e8c36a"'
        f' stroke-width="1.5"/></g>'
    )


def card_svg(card: Card) -> str:
    """One card, face up.

    >>> from pytruco import Card
    >>> from pytruco.svg import card_svg
    >>> picture = card_svg(Card.parse("12C"))
    >>> "REY" in picture and "12 de copas" in picture
    True
    """
    title = f"{card.rank} de {_SUIT_WORD[card.suit]} ({card})"
    return _document(CARD_WIDTH + 4, CARD_HEIGHT + 4, _card_body(card, 2, 2), title)


def hand_svg(cards: Iterable[Card], *, gap: float = 10) -> str:
    """Cards side by side, face up (a :class:`~pytruco.Hand` or any sequence of cards).

    >>> from pytruco import Hand
    >>> from pytruco.svg import hand_svg
    >>> hand_svg(Hand.parse("1E 7O")).count("<title>")  # the picture's, and one per card
    3
    """
    shown = list(cards)
    width = 4 + max(1, len(shown)) * (CARD_WIDTH + gap) - gap
    body = "".join(_card_body(card, 2 + i * (CARD_WIDTH + gap), 2) for i, card in enumerate(shown))
    return _document(width, CARD_HEIGHT + 4, body, " ".join(str(card) for card in shown) or "no cards")


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
            body.append(_card_body(card, x, top + row * (h + 6), w, h))
    width = 4 + len(columns) * (w + 6)
    height = top + 4 * (h + 6)
    return _document(width, height, "".join(body), "Truco card ranking, highest first")


def _names(seen: SeatView) -> list[str]:
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


def table_svg(seen: SeatView) -> str:
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
    n = seen.rules.players
    names = _names(seen)
    small = 0.6
    sw, sh = CARD_WIDTH * small, CARD_HEIGHT * small
    width, height = 720.0, 560.0
    body = [f'<rect width="{width:g}" height="{height:g}" rx="18" fill="#1e6b3a"/>']
    bottom = seen.seat if seen.seat is not None else 0  # a spectator looks from seat 0's side
    team = bottom & 1
    you = " (you)" if seen.seat is not None else ""
    score = f"team {team}{you} {seen.score[team]} \u2013 team {1 - team} {seen.score[1 - team]}"
    body.append(f'<text x="20" y="32" font-size="20" fill="#ffffff">{escape(score)}</text>')
    truco = ("no truco", "truco accepted", "retruco accepted", "vale cuatro accepted")[min(_truco_level(seen), 3)]
    calls = _envido_calls(seen)
    envido = "envido: " + (", ".join(k.value for k in calls) if calls else "none")
    body.append(
        f'<text x="20" y="56" font-size="14" fill="#d9f2e0">mano: seat {seen.mano} · {truco} · {escape(envido)}</text>'
    )
    # the other seats around the table, face down
    others = [(bottom + k) % n for k in range(1, n)]
    places = _places(len(others), width)
    for (px, py), seat in zip(places, others, strict=True):
        count = seen.cards_left[seat]
        span = max(1, count) * (sw * 0.55) + sw * 0.45
        x0 = px - span / 2
        for i in range(count):
            body.append(_back(x0 + i * sw * 0.55, py, sw, sh))
        fold = " · folded" if seat in seen.folded else ""
        body.append(
            f'<text x="{px:g}" y="{py + sh + 18:.1f}" font-size="13" fill="#ffffff" text-anchor="middle">'
            f"{escape(names[seat] + fold)}</text>"
        )
    # the trick on the table
    trick = seen.current_trick
    tx0 = width / 2 - (len(trick) * (sw + 10) - 10) / 2
    for i, (seat, card) in enumerate(trick):
        x = tx0 + i * (sw + 10)
        body.append(_card_body(card, x, 250, sw, sh))
        body.append(
            f'<text x="{x + sw / 2:.1f}" y="{250 + sh + 15:.1f}" font-size="11" fill="#ffffff" text-anchor="middle">'
            f"seat {seat}</text>"
        )
    # finished tricks of this hand, small, on the right
    mini = 0.38
    mw, mh = CARD_WIDTH * mini, CARD_HEIGHT * mini
    for row, (plays, winner) in enumerate(_tricks(seen)):
        y = 90 + row * (mh + 26)
        result = "parda" if winner is None else f"team {winner}"
        body.append(
            f'<text x="{width - 20:g}" y="{y - 4:g}" font-size="11" fill="#ffffff" text-anchor="end">'
            f"trick {row + 1}: {result}</text>"
        )
        for col, (_seat, card) in enumerate(plays):
            body.append(_card_body(card, width - 20 - (len(plays) - col) * (mw + 4), y, mw, mh))
    # the seat's own cards, face up (a spectator sees seat 0's face down)
    hand = seen.hand
    count = len(hand) if seen.seat is not None else seen.cards_left[bottom]
    hx0 = width / 2 - (count * (CARD_WIDTH + 12) - 12) / 2
    for i in range(count):
        x = hx0 + i * (CARD_WIDTH + 12)
        body.append(
            _card_body(hand[i], x, height - CARD_HEIGHT - 36) if seen.seat is not None else _back(x, height - 148)
        )
    body.append(
        f'<text x="{width / 2:g}" y="{height - 14:g}" font-size="14" fill="#ffffff" text-anchor="middle">'
        f"{escape(names[bottom])}</text>"
    )
    who = f"seat {seen.seat}" if seen.seat is not None else "a spectator"
    return _document(width, height, "".join(body), f"The table as {who} sees it")


def _places(count: int, width: float) -> Sequence[tuple[float, float]]:
    """Where the other seats sit: across the table (1), or around it (3, 5)."""
    if count == 1:
        return [(width / 2, 80)]
    if count == 3:
        return [(110, 230), (width / 2, 80), (width - 250, 230)]
    return [(100, 300), (150, 90), (width / 2, 80), (width - 290, 90), (width - 250, 300)]


# Jupyter draws an object that has ``_repr_svg_``. The pictures live here, above the values they draw, so the
# methods are given to Card, Hand and SeatView when this module is imported (``import pytruco`` does it): the
# values' own modules import nothing from here (imports run downward, docs/internals.md).
def _card_repr_svg(self: Card) -> str:
    """The card as an SVG picture (Jupyter draws it)."""
    return card_svg(self)


def _hand_repr_svg(self: Hand) -> str:
    """The cards side by side as an SVG picture (Jupyter draws it)."""
    return hand_svg(self.cards)


def _view_repr_svg(self: SeatView) -> str:
    """The table as this seat sees it, as an SVG picture (Jupyter draws it)."""
    return table_svg(self)


setattr(Card, "_repr_svg_", _card_repr_svg)  # noqa: B010
setattr(Hand, "_repr_svg_", _hand_repr_svg)  # noqa: B010
setattr(SeatView, "_repr_svg_", _view_repr_svg)  # noqa: B010

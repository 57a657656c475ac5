"""Drawing the Spanish cards as SVG: the shapes alone, keyed by rank and suit letter.

This module imports nothing of pytruco, so that the cards themselves
(``Card._repr_svg_``, ``Hand._repr_svg_``) can draw with it from the lowest
layer; :mod:`pytruco.svg` builds the public pictures (cards, hands, the
ranking, a seat's table) on top of it.

>>> from pytruco._cardart import card_picture, cards_picture
>>> card_picture(1, "E").startswith("<svg") and "1 de espadas" in card_picture(1, "E")
True
>>> cards_picture([(7, "O"), (12, "C")]).count("<title>")  # the picture's, and one per card
3
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "SUIT_WORD", "back", "card_body", "card_picture", "cards_picture", "document"]

CARD_WIDTH = 72
"""Width of one card in SVG user units (its height is :data:`CARD_HEIGHT`).

>>> from pytruco import Card
>>> from pytruco.svg import CARD_WIDTH, card_svg
>>> f'width="{CARD_WIDTH}"' in card_svg(Card.parse("1E"))
True
"""
CARD_HEIGHT = 112
"""Height of one card in SVG user units.

>>> from pytruco import Card
>>> from pytruco.svg import CARD_HEIGHT, card_svg
>>> f'height="{CARD_HEIGHT}"' in card_svg(Card.parse("1E"))
True
"""

_INK = {"E": "#1f4e9c", "B": "#2e7d32", "O": "#c28a00", "C": "#c62828"}
_FACE = {10: "SOTA", 11: "CABALLO", 12: "REY"}
SUIT_WORD = {"E": "espadas", "B": "bastos", "O": "oros", "C": "copas"}
"""The Spanish name of each suit, by its letter."""


def document(width: float, height: float, body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}"'
        f' viewBox="0 0 {width:g} {height:g}" font-family="Georgia, \'DejaVu Serif\', serif">'
        f"<title>{escape(title)}</title>{body}</svg>"
    )


def _symbol(suit: str, cx: float, cy: float, size: float) -> str:
    """The suit's symbol centred on (cx, cy), about *size* tall."""
    ink = _INK[suit]
    s = size / 40  # the shapes are drawn on a 40-unit grid

    def p(x: float, y: float) -> str:
        return f"{cx + x * s:.1f},{cy + y * s:.1f}"

    if suit == "E":  # a sword, point up: blade, guard, grip, pommel
        blade = f'<polygon points="{p(0, -20)} {p(3.2, -14)} {p(3.2, 8)} {p(-3.2, 8)} {p(-3.2, -14)}" fill="{ink}"/>'
        ridge = f'<line x1="{cx:.1f}" y1="{cy - 15 * s:.1f}" x2="{cx:.1f}" y2="{cy + 7 * s:.1f}" stroke="#ffffff"'
        ridge += f' stroke-width="{0.8 * s:.2f}"/>'
        guard = f'<rect x="{cx - 10 * s:.1f}" y="{cy + 8 * s:.1f}" width="{20 * s:.1f}" height="{3 * s:.1f}"'
        guard += f' rx="{1.5 * s:.1f}" fill="{ink}"/>'
        grip = f'<rect x="{cx - 2 * s:.1f}" y="{cy + 11 * s:.1f}" width="{4 * s:.1f}" height="{6 * s:.1f}"'
        grip += ' fill="#7a4b1e"/>'
        pommel = f'<circle cx="{cx:.1f}" cy="{cy + 18.5 * s:.1f}" r="{2.5 * s:.1f}" fill="{ink}"/>'
        return blade + ridge + guard + grip + pommel
    if suit == "B":  # a knotted club, thick end up
        club = f'<path d="M {p(-2.5, 19)} L {p(-5.5, -14)} Q {p(0, -23)} {p(5.5, -14)} L {p(2.5, 19)} Z"'
        club += f' fill="{ink}"/>'
        knots = "".join(
            f'<circle cx="{cx + x * s:.1f}" cy="{cy + y * s:.1f}" r="{1.8 * s:.1f}" fill="#a5d6a7"/>'
            for x, y in ((-3.5, -10), (3.2, -4), (-2.8, 3), (2.4, 10))
        )
        return club + knots
    if suit == "O":  # a gold coin: rim, face, a small sun in the centre
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


def card_body(rank: int, suit: str, x: float, y: float, w: float = CARD_WIDTH, h: float = CARD_HEIGHT) -> str:
    """The card *rank* of *suit* (its letter), face up, with its top left corner at (x, y).

    Every offset is a share of the card's size, so a small card (the ranking's, a finished trick's) is the large one
    scaled down and its index stays inside the inner border as the large one's does.
    """
    ink = _INK[suit]
    k = w / CARD_WIDTH  # the border's inset and the index's offsets are drawn for the full-size card
    out = [
        f"<g><title>{rank}{suit}</title>",
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{w * 0.09:.1f}" fill="#fffdf7"'
        f' stroke="#333333" stroke-width="1.2"/>',
        f'<rect x="{x + 4 * k:g}" y="{y + 4 * k:g}" width="{w - 8 * k:g}" height="{h - 8 * k:g}" rx="{w * 0.06:.1f}"'
        f' fill="none" stroke="{ink}" stroke-width="0.8" stroke-dasharray="3 2"/>',
    ]
    corner = w * 0.25
    # The index in two corners, centred a fifth of the width in; a two-digit rank (10, 11, 12) in a smaller size, so
    # that it stays inside the card's inner border (issue 36 item 16).
    size = corner if rank < 10 else corner * 0.7
    inset, drop = w * 0.2, 8 * k + corner * 0.8
    for tx, ty, rotate in ((x + inset, y + drop, ""), (x + w - inset, y + h - drop, "180")):
        transform = f' transform="rotate({rotate} {tx:g} {ty - size * 0.35:g})"' if rotate else ""
        out.append(
            f'<text x="{tx:g}" y="{ty:g}" font-size="{size:.1f}" font-weight="bold" fill="{ink}"'
            f' text-anchor="middle"{transform}>{rank}</text>'
        )
    face = _FACE.get(rank)
    # A face card's symbol and word sit higher, so that the word ends above the lower corner's index.
    symbol_y = y + h * (0.42 if face else 0.55)
    out.append(_symbol(suit, x + w / 2, symbol_y, h * (0.32 if face else 0.42)))
    if face:
        out.append(
            f'<text x="{x + w / 2:g}" y="{y + h * 0.68:.1f}" font-size="{w * 0.11:.1f}" fill="{ink}"'
            f' text-anchor="middle">{face}</text>'
        )
    out.append("</g>")
    return "".join(out)


def back(x: float, y: float, w: float = CARD_WIDTH, h: float = CARD_HEIGHT) -> str:
    """A card face down."""
    return (
        f'<g><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{w * 0.09:.1f}" fill="#7b1f24"'
        f' stroke="#333333" stroke-width="1.2"/>'
        f'<rect x="{x + 5:g}" y="{y + 5:g}" width="{w - 10:g}" height="{h - 10:g}" rx="{w * 0.06:.1f}" fill="none"'
        f' stroke="#e8c36a" stroke-width="1.5"/>'
        f'<circle cx="{x + w / 2:g}" cy="{y + h / 2:g}" r="{w * 0.18:.1f}" fill="none" stroke="#e8c36a"'
        f' stroke-width="1.5"/></g>'
    )


def card_picture(rank: int, suit: str) -> str:
    """One card, face up, as a whole SVG document.

    >>> from pytruco._cardart import card_picture
    >>> "REY" in card_picture(12, "C")
    True
    """
    title = f"{rank} de {SUIT_WORD[suit]} ({rank}{suit})"
    return document(CARD_WIDTH + 4, CARD_HEIGHT + 4, card_body(rank, suit, 2, 2), title)


def cards_picture(cards: Iterable[tuple[int, str]], *, gap: float = 10) -> str:
    """Cards ``(rank, suit letter)`` side by side, face up, as a whole SVG document.

    >>> from pytruco._cardart import cards_picture
    >>> "no cards" in cards_picture([])
    True
    """
    shown = list(cards)
    width = 4 + max(1, len(shown)) * (CARD_WIDTH + gap) - gap
    body = "".join(card_body(rank, suit, 2 + i * (CARD_WIDTH + gap), 2) for i, (rank, suit) in enumerate(shown))
    return document(width, CARD_HEIGHT + 4, body, " ".join(f"{rank}{suit}" for rank, suit in shown) or "no cards")

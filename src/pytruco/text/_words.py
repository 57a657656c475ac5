"""The vocabulary of :mod:`pytruco.text`: languages, and the names of seats, teams, cards and calls.

Import the public names (:data:`~pytruco.text.Lang`, :func:`~pytruco.text.seat_name`,
:func:`~pytruco.text.card_name`, ...) from :mod:`pytruco.text`. The sentence makers
(:mod:`pytruco.text` for actions, :mod:`pytruco.text._events`, :mod:`pytruco.text._refusals`) build on the
words here.

>>> from pytruco import Card, Kind
>>> from pytruco.text._words import call_name, card_with_article, seat_name
>>> seat_name(0, "es", ["Ana"]), card_with_article(Card.parse("10C"), "es"), call_name(Kind.RETRUCO, "en")
('Ana', 'la sota de copas', 'retruco')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from ..actions import MAX_ACTION_TEXT, Kind
from ..cards import Card, Suit
from ..errors import ArgumentError, LanguageError, quoted, require

Lang = Literal["es", "en"]
"""A language code: ``"es"`` (Argentine Spanish, voseo) or ``"en"``.

>>> from pytruco.text import seat_name
>>> seat_name(1, "es"), seat_name(1, "en")
('asiento 1', 'seat 1')
"""
LANGS: tuple[str, ...] = ("es", "en")
"""The languages this module speaks.

>>> from pytruco import Card
>>> from pytruco.text import LANGS, card_name
>>> [card_name(Card.parse("7O"), lang) for lang in LANGS]
['siete de oros', 'seven of coins']
"""
_MAX_SEAT = 10**MAX_ACTION_TEXT  # as Action's: any seat an action can name
Names = Sequence[str] | Mapping[int, str] | None
"""Seat names given by the caller: ``["Ana", "Beto"]`` or ``{0: "Ana"}``.

>>> from pytruco.text import seat_name
>>> seat_name(1, "es", ["Ana", "Beto"]), seat_name(0, "en", {0: "Ana"}), seat_name(1, "en", {0: "Ana"})
('Beto', 'Ana', 'seat 1')
"""

_RANK_ES = {1: "uno", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis", 7: "siete"}
_RANK_ES.update({10: "sota", 11: "caballo", 12: "rey"})
_RANK_EN = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
_RANK_EN.update({10: "knave", 11: "knight", 12: "king"})
_SUIT_ES = {Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos", Suit.OROS: "oros", Suit.COPAS: "copas"}
_SUIT_EN = {Suit.ESPADAS: "swords", Suit.BASTOS: "clubs", Suit.OROS: "coins", Suit.COPAS: "cups"}

# What each call is called when said at the table.
_CALL_ES = {
    Kind.ENVIDO: "envido",
    Kind.REAL_ENVIDO: "real envido",
    Kind.FALTA_ENVIDO: "falta envido",
    Kind.FLOR: "flor",
    Kind.CONTRAFLOR: "contraflor",
    Kind.CONTRAFLOR_AL_RESTO: "contraflor al resto",
    Kind.TRUCO: "truco",
    Kind.RETRUCO: "retruco",
    Kind.VALE_CUATRO: "vale cuatro",
}
_CALL_EN = dict(_CALL_ES)  # the calls keep their Spanish names in English

_WORD_KIND = {kind.value: kind for kind in Kind}


def check_lang(lang: str) -> str:
    """*lang* itself when this module speaks it, else :class:`~pytruco.text.LanguageError`.

    >>> from pytruco.text._words import check_lang
    >>> check_lang("en")
    'en'
    """
    if lang not in LANGS:
        raise LanguageError(f"unknown language {quoted(lang)} (known: es, en)")
    return lang


def seat_name(seat: int | None, lang: Lang = "es", names: Names = None) -> str:
    """The name of *seat*: the caller's, else "asiento N" / "seat N".

    >>> from pytruco.text import seat_name
    >>> seat_name(1, "es", ["Ana", "Beto"]), seat_name(2, "en", ["Ana", "Beto"])
    ('Beto', 'seat 2')
    """
    check_lang(lang)
    if seat is None:
        return "nadie" if lang == "es" else "nobody"
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < _MAX_SEAT:
        raise ArgumentError(
            f"seat_name needs a seat number (a whole number >= 0 of at most {MAX_ACTION_TEXT} digits)"
            f" or None, not {quoted(seat)}"
        )
    if names is not None:
        _check_names(names)
        in_range = isinstance(names, Mapping) or 0 <= seat < len(names)
        name = names.get(seat) if isinstance(names, Mapping) else names[seat] if in_range else None
        if name:
            return name
    return f"asiento {seat}" if lang == "es" else f"seat {seat}"


def _check_names(names: object) -> None:
    """Raise :class:`~pytruco.ArgumentError` unless *names* is a list of names or a mapping of seat to name
    (a name is text; ``None`` or ``""`` leaves a seat unnamed)."""
    if isinstance(names, Mapping):
        fits = all(isinstance(s, int) and not isinstance(s, bool) for s in names) and all(
            name is None or isinstance(name, str) for name in names.values()
        )
    elif isinstance(names, Sequence) and not isinstance(names, str):
        fits = all(name is None or isinstance(name, str) for name in names)
    else:
        fits = False
    if not fits:
        raise ArgumentError(f"names must be a list of text or a mapping of seat number to text, not {quoted(names)}")


def team_name(team: int | None, lang: Lang = "es", names: Names = None) -> str:
    """A team named by its seats: "Ana y Carla" / "Ana and Carla" in 2v2; in 1v1, the player's name.

    Without names: "equipo 0" / "team 0".

    >>> from pytruco.text import team_name
    >>> team_name(0, "es", ["Ana", "Beto", "Carla", "Dani"]), team_name(1, "en")
    ('Ana y Carla', 'team 1')
    """
    check_lang(lang)
    if team is None:
        return "nadie" if lang == "es" else "nobody"
    if not isinstance(team, int) or isinstance(team, bool) or team not in (0, 1):
        raise ArgumentError(f"team_name needs a team (0 or 1) or None, not {quoted(team)}")
    if names is None:
        return f"equipo {team}" if lang == "es" else f"team {team}"
    _check_names(names)
    seats = sorted(names) if isinstance(names, Mapping) else list(range(len(names)))
    members = [seat_name(s, lang, names) for s in seats if s % 2 == team]
    if not members:
        return f"equipo {team}" if lang == "es" else f"team {team}"
    word = " y " if lang == "es" else " and "
    return members[0] if len(members) == 1 else ", ".join(members[:-1]) + word + members[-1]


def card_name(card: Card, lang: Lang = "es") -> str:
    """A card's name: "ancho de espadas", "siete de oros", "rey de copas";
    in English "ace of swords", "seven of coins", "king of cups".

    The two best aces are the *anchos* (ancho de espadas, ancho de bastos).

    >>> from pytruco import Card
    >>> from pytruco.text import card_name
    >>> card_name(Card.parse("1B")), card_name(Card.parse("1O")), card_name(Card.parse("12C"), "en")
    ('ancho de bastos', 'uno de oros', 'king of cups')
    """
    require(card, Card, "card_name", "a Card")
    check_lang(lang)
    if lang == "es":
        if card.rank == 1 and card.suit in (Suit.ESPADAS, Suit.BASTOS):
            return f"ancho de {_SUIT_ES[card.suit]}"
        return f"{_RANK_ES[card.rank]} de {_SUIT_ES[card.suit]}"
    return f"{_RANK_EN[card.rank]} of {_SUIT_EN[card.suit]}"


def card_with_article(card: Card, lang: str) -> str:
    """A card's name with its article, as a sentence says it: "el siete de oros", "la sota de copas".

    >>> from pytruco import Card
    >>> from pytruco.text._words import card_with_article
    >>> card_with_article(Card.parse("10C"), "es"), card_with_article(Card.parse("7O"), "en")
    ('la sota de copas', 'the seven of coins')
    """
    if lang == "es":
        return ("la " if card.rank == 10 else "el ") + card_name(card, "es")
    return "the " + card_name(card, "en")


def kind_of(word: str) -> Kind | None:
    """The action kind whose notation is *word* (``"real-envido"``), or ``None``.

    >>> from pytruco.text._words import kind_of
    >>> kind_of("real-envido"), kind_of("tute")
    (<Kind.REAL_ENVIDO: 'real-envido'>, None)
    """
    return _WORD_KIND.get(word)


def call_name(kind: Kind | None, lang: str) -> str | None:
    """What the call *kind* is called when said at the table, or ``None`` when *kind* is not a call.

    >>> from pytruco import Kind
    >>> from pytruco.text._words import call_name
    >>> call_name(Kind.VALE_CUATRO, "es"), call_name(Kind.QUIERO, "es")
    ('vale cuatro', None)
    """
    if kind is None or kind not in _CALL_ES:
        return None
    return _CALL_ES[kind] if lang == "es" else _CALL_EN[kind]

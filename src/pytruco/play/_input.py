"""Reading what the player of ``pytruco play`` types: menu numbers, words, phrases and cards, in Spanish or English.

:func:`parse_answer` turns a line into the action it means for a seat (without checking that it is legal), with
:func:`menu` numbering the options; :func:`leaves` and :func:`asks_help` read the lines that are not actions.

>>> from pytruco import new_game, apply, Deal, view
>>> from pytruco.play._input import parse_answer
>>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
>>> parse_answer("el ancho de espadas", view(state, 0)), parse_answer("1", view(state, 0))
(Action('0 1E'), Action('0 1E'))
"""

from __future__ import annotations

import unicodedata

from ..actions import Action, Kind, Rps
from ..bots import dealt_cards
from ..cards import Card, Hand, Suit
from ..errors import TrucoError
from ..views import SeatView

__all__ = ["asks_help", "leaves", "menu", "parse_answer", "same_rank", "true_declarations"]


def _plain(text: str) -> str:
    """Lower case, no accents, no punctuation, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    kept = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    cleaned = "".join(ch if ch.isascii() and (ch.isalnum() or ch in " -") else " " for ch in kept)
    return " ".join(cleaned.replace("-", " ").split())


# "El envido está primero": the envido answers a truco first (PRESETS.md, envido primero).
_ENVIDO_FIRST = ["el envido esta primero", "envido esta primero", "envido primero", "primero el envido"]
_ENVIDO_FIRST += ["the envido comes first", "envido first"]
_PHRASE_LISTS: dict[Kind, list[str]] = {
    Kind.QUIERO: ["quiero", "si", "si quiero", "acepto", "yes", "accept", "ok", "dale"],
    Kind.NO_QUIERO: ["no quiero", "no", "no acepto", "refuse", "decline", "no thanks", "paso"],
    Kind.TRUCO: ["truco", "quiero truco", "canto truco"],
    Kind.RETRUCO: ["retruco", "quiero retruco", "re truco"],
    Kind.VALE_CUATRO: ["vale cuatro", "vale 4", "quiero vale cuatro", "quiero vale 4", "vale4"],
    Kind.ENVIDO: ["envido", "canto envido", *_ENVIDO_FIRST],
    Kind.REAL_ENVIDO: ["real envido", "real"],
    Kind.FALTA_ENVIDO: ["falta envido", "falta", "la falta"],
    Kind.FLOR: ["flor", "canto flor", "tengo flor"],
    Kind.CONTRAFLOR: ["contraflor", "contra flor"],
    Kind.CONTRAFLOR_AL_RESTO: ["contraflor al resto", "contra flor al resto", "al resto"],
    Kind.CON_FLOR_ME_ACHICO: ["con flor me achico", "me achico", "achico", "give in", "back down"],
    Kind.SON_BUENAS: ["son buenas", "buenas", "good", "yours are better"],
    Kind.MAZO: ["mazo", "al mazo", "me voy al mazo", "me voy", "me voy a mazo", "fold", "go to the mazo"],
    Kind.RENDIRSE: ["me rindo", "rendirse", "concede", "surrender"],
}
_PHRASES = {word: kind for kind, words in _PHRASE_LISTS.items() for word in words}

_RANK_WORDS = {
    "ancho": 1, "as": 1, "uno": 1, "ace": 1, "one": 1, "dos": 2, "two": 2, "tres": 3, "three": 3,
    "cuatro": 4, "four": 4, "cinco": 5, "five": 5, "seis": 6, "six": 6, "siete": 7, "seven": 7,
    "sota": 10, "diez": 10, "ten": 10, "caballo": 11, "once": 11, "eleven": 11, "rey": 12, "doce": 12,
    "king": 12, "twelve": 12,
}  # fmt: skip
_SUIT_WORDS = {
    "espada": Suit.ESPADAS, "espadas": Suit.ESPADAS, "sword": Suit.ESPADAS, "swords": Suit.ESPADAS,
    "basto": Suit.BASTOS, "bastos": Suit.BASTOS, "club": Suit.BASTOS, "clubs": Suit.BASTOS,
    "oro": Suit.OROS, "oros": Suit.OROS, "coin": Suit.OROS, "coins": Suit.OROS, "gold": Suit.OROS,
    "copa": Suit.COPAS, "copas": Suit.COPAS, "cup": Suit.COPAS, "cups": Suit.COPAS,
}  # fmt: skip
_FILLER = {"el", "la", "los", "de", "del", "of", "the", "juego", "jugar", "tiro", "play", "i", "yo", "a", "un"}
_RPS_INPUT = {"piedra": "piedra", "rock": "piedra", "papel": "papel", "paper": "papel", "tijera": "tijera",
              "tijeras": "tijera", "scissors": "tijera"}  # fmt: skip


def _card_from_words(words: list[str], hand: tuple[Card, ...]) -> Card | None:
    cards = _cards_from_words(words, hand)
    return cards[0] if len(cards) == 1 else None


def _cards_from_words(words: list[str], hand: tuple[Card, ...]) -> list[Card]:
    """The cards *words* may name: one, or every card of *hand* of a rank named without its suit."""
    if len(words) == 1:
        try:
            return [Card.parse(words[0])]
        except ValueError:
            pass
    rank: int | None = None
    suit: Suit | None = None
    for word in words:
        if word in _FILLER:
            continue
        if word.isdigit() and len(word) <= 2 and int(word) in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12) and rank is None:
            rank = int(word)
        elif word in _RANK_WORDS and rank is None:
            rank = _RANK_WORDS[word]
        elif word in _SUIT_WORDS and suit is None:
            suit = _SUIT_WORDS[word]
        else:
            return []
    if rank is None:
        return []
    if suit is None:  # "el 3": fine when only one card of that rank is in the hand
        return [card for card in hand if card.rank == rank]
    return [Card.of(rank, suit)]


def same_rank(text: str, seen: SeatView) -> tuple[Card, ...]:
    """The cards of *seen*'s hand that *text* may mean when it names a rank they share without a suit ("el
    tres" with two threes), so that the player can be asked which; empty otherwise.

    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.play._input import same_rank
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["3E", "7E", "3C"], ["1B", "3O", "3B"]]))
    >>> same_rank("el tres", view(state, 0)), same_rank("el siete", view(state, 0))
    ((Card('3E'), Card('3C')), ())
    """
    words = _plain(text.strip()).split()
    cards = _cards_from_words(words, seen.hand) if words else []
    return tuple(cards) if len(cards) > 1 else ()


MAX_ANSWER = 200
"""Longer typed lines are not understood (the longest phrase has a few dozen characters)."""


def parse_answer(text: str, seen: SeatView) -> Action | None:
    """The action that *text* means for *seen*'s seat (a menu number, a
    word, a phrase in Spanish or English, a card, ``tengo N``), or ``None``.

    The action is not checked for legality.

    >>> from pytruco import new_game, apply, Deal, Action, view
    >>> from pytruco.play import parse_answer
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> seen = view(state, 1)
    >>> parse_answer("No quiero", seen), parse_answer("¡Quiero retruco!", seen), parse_answer("me voy al mazo", seen)
    (Action('1 no-quiero'), Action('1 retruco'), Action('1 mazo'))
    >>> parse_answer("tres de bastos", seen), parse_answer("²", seen)
    (Action('1 3B'), None)
    """
    seat = seen.seat
    if seat is None:
        return None  # a spectator says nothing
    stripped = text.strip()
    if len(stripped) > MAX_ANSWER:  # no answer is that long (and a 5,000-digit number is not one Python converts)
        return None
    try:
        return _answer(stripped, seen, seat)
    except TrucoError:  # "tengo" and 70 nines: not points any action holds
        return None


def _answer(stripped: str, seen: SeatView, seat: int) -> Action | None:
    options = menu(seen)
    if stripped.isdigit() and stripped.isascii() and 1 <= int(stripped) <= len(options):
        return options[int(stripped) - 1]
    words = _plain(stripped)
    if not words:
        return None
    if words in _PHRASES:
        return Action.call(seat, _PHRASES[words])
    if words in _RPS_INPUT:
        return Action.rps(seat, Rps(_RPS_INPUT[words]))
    parts = words.split()
    if parts[0] in ("tengo", "i have", "have") and len(parts) == 2 and parts[1].isdigit():
        return Action.tengo(seat, int(parts[1]))
    if words.isdigit() and any(a.kind is Kind.TENGO for a in seen.legal):
        return Action.tengo(seat, int(words))
    card = _card_from_words(parts, seen.hand)
    if card is not None:
        return Action.play(seat, card)
    try:
        return Action.parse(f"{seat} {stripped.lower()}")
    except ValueError:
        return None


def menu(seen: SeatView) -> list[Action]:
    """The numbered options: every legal action, but only the true points
    among bluffable declarations (any other is typed as ``tengo N``).

    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.play._input import menu
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> [str(action) for action in menu(view(state, 0))][:3]
    ['0 1E', '0 7E', '0 4C']
    """
    tengos = [a for a in seen.legal if a.kind is Kind.TENGO]
    if len(tengos) <= 2:
        return list(seen.legal)
    true = true_declarations(seen)
    return [a for a in seen.legal if a.kind is not Kind.TENGO or a.points in true]


def true_declarations(seen: SeatView) -> set[int]:
    """The points *seen*'s seat may truly declare: its envido and, if it holds one, its flor (empty before the
    deal).

    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.play._input import true_declarations
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> true_declarations(view(state, 0)), true_declarations(view(state, 1))
    ({28}, {24})
    """
    dealt = dealt_cards(seen)
    if len(dealt) != 3:
        return set()
    hand = Hand(dealt)
    true = {hand.envido_points(seen.rules.envido_count_three)}
    flor = hand.flor_points(seen.rules.flor_count_three)
    if flor is not None:
        true.add(flor)
    return true


_LEAVE = ("q", "quit", "salir", "exit", "chau")
_HELP = ("?", "help", "ayuda", "h")


def leaves(text: str) -> bool:
    """Whether *text* (a stripped line) says the player leaves the table.

    >>> from pytruco.play._input import leaves
    >>> leaves("Chau"), leaves("q"), leaves("quiero")
    (True, True, False)
    """
    return _plain(text) in _LEAVE


def asks_help(text: str) -> bool:
    """Whether *text* (a stripped line) asks for help.

    >>> from pytruco.play._input import asks_help
    >>> asks_help("?"), asks_help("ayuda"), asks_help("AYUDA")
    (True, True, False)
    """
    return text in _HELP

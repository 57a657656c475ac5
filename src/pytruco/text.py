"""Words for people: events, actions, cards and refusals in Spanish and English.

Frontends show what happened in the player's language. Every function takes
*lang* (``"es"``, Argentine Spanish with voseo, or ``"en"``) and, where seats
are named, *names*: the seat names to use (a sequence indexed by seat, or a
mapping from seat to name). Seats without a name are called "asiento N" /
"seat N".

>>> from pytruco import Action, Card, Event, EventKind
>>> from pytruco.text import action_label, card_name, describe_action, describe_event
>>> card_name(Card.parse("1E"), "es"), card_name(Card.parse("7O"), "en")
('ancho de espadas', 'seven of coins')
>>> describe_event(Event(EventKind.CALLED, 0, 0, detail="envido"), "es", ["Ana", "Beto"])
'Ana cantó envido'
>>> describe_event(Event(EventKind.CALLED, 0, 0, detail="envido"), "en", ["Ana", "Beto"])
'Ana called envido'
>>> describe_action(Action.parse("1 7O"), "es", ["Ana", "Beto"])
'Beto juega el siete de oros'
>>> action_label(Action.parse("1 no-quiero"), "es")
'No quiero'

This API is stable: the terminal game and the web table use it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from .actions import Action, Kind
from .cards import Card, Suit
from .errors import TrucoError
from .events import Event, EventKind

__all__ = [
    "LANGS",
    "Lang",
    "LanguageError",
    "Names",
    "action_label",
    "card_name",
    "describe_action",
    "describe_event",
    "describe_refusal",
    "seat_name",
    "team_name",
]

Lang = Literal["es", "en"]
"""A language code: ``"es"`` (Argentine Spanish, voseo) or ``"en"``."""
LANGS: tuple[str, ...] = ("es", "en")
"""The languages this module speaks."""
Names = Sequence[str] | Mapping[int, str] | None
"""Seat names given by the caller: ``["Ana", "Beto"]`` or ``{0: "Ana"}``."""

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


class LanguageError(TrucoError, ValueError):
    """A language this module does not speak (only ``"es"`` and ``"en"``)."""


def _check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise LanguageError(f"unknown language {lang!r} (known: es, en)")
    return lang


def seat_name(seat: int | None, lang: Lang = "es", names: Names = None) -> str:
    """The name of *seat*: the caller's, else "asiento N" / "seat N".

    >>> from pytruco.text import seat_name
    >>> seat_name(1, "es", ["Ana", "Beto"]), seat_name(2, "en", ["Ana", "Beto"])
    ('Beto', 'seat 2')
    """
    _check_lang(lang)
    if seat is None:
        return "nadie" if lang == "es" else "nobody"
    if names is not None:
        in_range = isinstance(names, Mapping) or 0 <= seat < len(names)
        name = names.get(seat) if isinstance(names, Mapping) else names[seat] if in_range else None
        if name:
            return str(name)
    return f"asiento {seat}" if lang == "es" else f"seat {seat}"


def team_name(team: int | None, lang: Lang = "es", names: Names = None) -> str:
    """A team named by its seats: "Ana y Carla" / "Ana and Carla" in 2v2; in 1v1, the player's name.

    Without names: "equipo 0" / "team 0".

    >>> from pytruco.text import team_name
    >>> team_name(0, "es", ["Ana", "Beto", "Carla", "Dani"]), team_name(1, "en")
    ('Ana y Carla', 'team 1')
    """
    _check_lang(lang)
    if team is None:
        return "nadie" if lang == "es" else "nobody"
    if names is None:
        return f"equipo {team}" if lang == "es" else f"team {team}"
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
    _check_lang(lang)
    if lang == "es":
        if card.rank == 1 and card.suit in (Suit.ESPADAS, Suit.BASTOS):
            return f"ancho de {_SUIT_ES[card.suit]}"
        return f"{_RANK_ES[card.rank]} de {_SUIT_ES[card.suit]}"
    return f"{_RANK_EN[card.rank]} of {_SUIT_EN[card.suit]}"


def _article(card: Card, lang: str) -> str:
    if lang == "es":
        return ("la " if card.rank == 10 else "el ") + card_name(card, "es")
    return "the " + card_name(card, "en")


def action_label(action: Action, lang: Lang = "es") -> str:
    """What a button for *action* says (what the player says at the table).

    >>> from pytruco import Action
    >>> from pytruco.text import action_label
    >>> action_label(Action.parse("0 real-envido"), "es"), action_label(Action.parse("0 mazo"), "en")
    ('Real envido', 'Go to the mazo')
    >>> action_label(Action.parse("0 1E"), "es"), action_label(Action.parse("0 tengo 27"), "en")
    ('Jugar el ancho de espadas', 'I have 27')
    """
    _check_lang(lang)
    kind = action.kind
    es = lang == "es"
    if kind is Kind.PLAY:
        assert action.card is not None
        return ("Jugar " if es else "Play ") + _article(action.card, lang)
    if kind in _CALL_ES:
        text = _CALL_ES[kind]
        return text[0].upper() + text[1:]
    if kind is Kind.TENGO:
        return f"Tengo {action.points}" if es else f"I have {action.points}"
    if kind is Kind.RPS:
        assert action.choice is not None
        word = action.choice.value
        return word.capitalize() if es else {"piedra": "Rock", "papel": "Paper", "tijera": "Scissors"}[word]
    labels = {
        Kind.QUIERO: ("Quiero", "Accept (quiero)"),
        Kind.NO_QUIERO: ("No quiero", "Refuse (no quiero)"),
        Kind.SON_BUENAS: ("Son buenas", "Yours are better (son buenas)"),
        Kind.CON_FLOR_ME_ACHICO: ("Con flor me achico", "Back down (con flor me achico)"),
        Kind.MAZO: ("Me voy al mazo", "Go to the mazo"),
        Kind.TIMEOUT: ("Se acabó el tiempo", "Time is up"),
        Kind.RENDIRSE: ("Me rindo", "Concede the match"),
    }
    return labels[kind][0 if es else 1]


def describe_action(action: Action, lang: Lang = "es", names: Names = None) -> str:
    """A sentence for *action*, in the present: "Ana canta envido" / "Ana calls envido".

    >>> from pytruco import Action
    >>> from pytruco.text import describe_action
    >>> describe_action(Action.parse("0 tengo 28"), "es", ["Ana"])
    'Ana dice: tengo 28'
    >>> describe_action(Action.parse("0 quiero"), "en", ["Ana"])
    'Ana accepts (quiero)'
    """
    _check_lang(lang)
    who = seat_name(action.seat, lang, names)
    kind = action.kind
    es = lang == "es"
    if kind is Kind.PLAY:
        assert action.card is not None
        return f"{who} juega {_article(action.card, lang)}" if es else f"{who} plays {_article(action.card, lang)}"
    if kind in _CALL_ES:
        return f"{who} canta {_CALL_ES[kind]}" if es else f"{who} calls {_CALL_EN[kind]}"
    if kind is Kind.TENGO:
        return f"{who} dice: tengo {action.points}" if es else f"{who} says: I have {action.points} (tengo)"
    if kind is Kind.RPS:
        assert action.choice is not None
        choice = action_label(action, lang).lower()
        return f"{who} elige {choice}" if es else f"{who} chooses {choice}"
    sentences = {
        Kind.QUIERO: ("{} dice: quiero", "{} accepts (quiero)"),
        Kind.NO_QUIERO: ("{} dice: no quiero", "{} refuses (no quiero)"),
        Kind.SON_BUENAS: ("{} dice: son buenas", "{} says: yours are better (son buenas)"),
        Kind.CON_FLOR_ME_ACHICO: ("{} dice: con flor me achico", "{} backs down (con flor me achico)"),
        Kind.MAZO: ("{} se va al mazo", "{} goes to the mazo"),
        Kind.TIMEOUT: ("A {} se le acaba el tiempo", "{} runs out of time"),
        Kind.RENDIRSE: ("{} se rinde", "{} concedes the match"),
    }
    return sentences[kind][0 if es else 1].format(who)


_WORD_KIND = {kind.value: kind for kind in Kind}

_POINTS_FOR = {
    "envido": ("por el envido", "for the envido"),
    "envido-unshown": ("por el envido", "for the envido"),
    "flor": ("por la flor", "for the flor"),
    "truco": ("por la mano", "for the hand"),
    "penalty": ("de castigo por irse al mazo", "as the mazo penalty"),
}
_MOVED_FOR = {
    "false envido": ("por un envido falso", "for a false envido"),
    "envido not shown": ("porque el envido no se mostró", "because the envido was not shown"),
    "flor lost by folding": ("por una flor perdida al irse al mazo", "for a flor lost by folding"),
}


def _points(n: int, lang: str) -> str:
    if lang == "es":
        return "1 punto" if n == 1 else f"{n} puntos"
    return "1 point" if n == 1 else f"{n} points"


def describe_event(event: Event, lang: Lang = "es", names: Names = None) -> str:
    """A sentence for *event*, in the past: "Ana cantó envido" / "Ana called envido".

    >>> from pytruco import Event, EventKind, Card
    >>> from pytruco.text import describe_event
    >>> describe_event(Event(EventKind.CARD_PLAYED, 1, card=Card.parse("7O")), "es", ["Ana", "Beto"])
    'Beto jugó el siete de oros'
    >>> describe_event(Event(EventKind.POINTS, team=0, points=2, detail="envido"), "en", ["Ana", "Beto"])
    'Ana scored 2 points for the envido'
    """
    _check_lang(lang)
    es = lang == "es"
    kind = event.kind
    who = seat_name(event.seat, lang, names)
    team = team_name(event.team, lang, names)
    detail = event.detail
    if kind is EventKind.CALLED:
        call = _WORD_KIND.get(detail)
        if call in _CALL_ES:
            return f"{who} cantó {_CALL_ES[call]}" if es else f"{who} called {_CALL_EN[call]}"
        said = {
            Kind.QUIERO: ("{} dijo: quiero", "{} accepted (quiero)"),
            Kind.NO_QUIERO: ("{} dijo: no quiero", "{} refused (no quiero)"),
            Kind.CON_FLOR_ME_ACHICO: ("{} dijo: con flor me achico", "{} backed down (con flor me achico)"),
        }
        if call in said:
            return said[call][0 if es else 1].format(who)
        return f"{who} dijo: {detail}" if es else f"{who} said: {detail}"
    if kind is EventKind.DECLARED:
        if detail == "son-buenas":
            return f"{who} dijo: son buenas" if es else f"{who} said: yours are better (son buenas)"
        return f"{who} dijo: tengo {event.points}" if es else f"{who} said: I have {event.points} (tengo)"
    if kind is EventKind.CARD_PLAYED:
        assert event.card is not None
        return f"{who} jugó {_article(event.card, lang)}" if es else f"{who} played {_article(event.card, lang)}"
    if kind is EventKind.RPS_CHOSEN:
        return f"{who} eligió" if es else f"{who} has chosen"
    if kind is EventKind.RPS_TIE:
        choice = {"piedra": "rock", "papel": "paper", "tijera": "scissors"}.get(detail, detail)
        return f"Empate: los dos eligieron {detail}; se repite" if es else f"A tie: both chose {choice}; again"
    if kind is EventKind.FIRST_MANO:
        return f"{who} es mano" if es else f"{who} is the first mano"
    if kind is EventKind.DEALT:
        if detail == "pica":
            return f"Se repartió una mano de pica-pica; {who} es mano" if es else f"A pica hand is dealt; {who} is mano"
        return f"Se repartió; {who} es mano" if es else f"The cards are dealt; {who} is mano"
    if kind is EventKind.DUEL_STARTED:
        number = int(detail) + 1 if detail.isdigit() else detail
        if es:
            return f"Empieza el duelo {number} de la pica-pica; {who} es mano"
        return f"Duel {number} of the pica hand starts; {who} is mano"
    if kind is EventKind.TRICK_WON:
        return f"{who} ganó la baza para {team}" if es else f"{who} won the trick for {team}"
    if kind is EventKind.TRICK_PARDA:
        return "La baza fue parda" if es else "The trick is tied (parda)"
    if kind is EventKind.ENVIDO_WON:
        return f"{who} ganó el envido" if es else f"{who} won the envido"
    if kind is EventKind.ENVIDO_VOID:
        return "La flor anuló el envido" if es else "The flor voided the envido"
    if kind is EventKind.FLOR_WON:
        return f"{who} ganó la flor" if es else f"{who} won the flor"
    if kind is EventKind.FOLDED:
        return f"{who} se fue al mazo" if es else f"{who} went to the mazo"
    if kind is EventKind.TIMED_OUT:
        return f"A {who} se le acabó el tiempo" if es else f"{who} ran out of time"
    if kind is EventKind.POINTS:
        why = _POINTS_FOR.get(detail, (detail, detail))[0 if es else 1]
        verb = "sumó" if es else "scored"
        return f"{team} {verb} {_points(event.points, lang)} {why}"
    if kind is EventKind.POINTS_MOVED:
        why = _MOVED_FOR.get(detail, (detail, detail))[0 if es else 1]
        return (
            f"{team} se lleva {_points(event.points, lang)} {why}"
            if es
            else (f"{team} collected {_points(event.points, lang)} {why}")
        )
    if kind is EventKind.HAND_WON:
        return f"{team} ganó la mano" if es else f"{team} won the hand"
    if kind is EventKind.HAND_ENDED:
        if detail.startswith("duel "):
            number = int(detail[5:]) + 1 if detail[5:].isdigit() else detail[5:]
            return f"Terminó el duelo {number}" if es else f"Duel {number} is over"
        return "Terminó la mano" if es else "The hand is over"
    if kind is EventKind.CHICO_WON:
        return f"{team} ganó el chico" if es else f"{team} won the game (chico)"
    if kind is EventKind.MATCH_OVER:
        return f"Terminó el partido: ganó {team}" if es else f"The match is over: {team} won"
    if kind is EventKind.SURRENDERED:
        return f"{who} se rindió" if es else f"{who} conceded the match"
    return str(event)  # pragma: no cover - every kind is handled above


# --- refusals -------------------------------------------------------------
# Keyed by IllegalActionError.code; the templates take the error's params
# (seat names are filled in from *names*). Until the engine gives codes, a
# refusal without one gets the generic sentence plus the engine's message.
_REFUSALS: dict[str, tuple[str, str]] = {}


def describe_refusal(error: Exception, lang: Lang = "es", names: Names = None) -> str:
    """The reason an action was refused, for the player who tried it (voseo in Spanish).

    *error* is the :class:`~pytruco.IllegalActionError` (or
    :class:`~pytruco.NotationError`) that :func:`pytruco.apply` or
    :meth:`pytruco.Action.parse` raised.

    >>> from pytruco import new_game, apply, Action, Deal, IllegalActionError
    >>> from pytruco.text import describe_refusal
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> try:
    ...     apply(state, Action.parse("1 3O"))
    ... except IllegalActionError as error:
    ...     print(describe_refusal(error, "en"))  # doctest: +ELLIPSIS
    seat 1 cannot ...
    """
    _check_lang(lang)
    from .errors import NotationError

    code = getattr(error, "code", None)
    params = getattr(error, "params", None)
    if isinstance(code, str) and code in _REFUSALS:
        values: dict[str, object] = dict(params) if isinstance(params, Mapping) else {}
        for key, value in list(values.items()):
            if key == "seat" or key.endswith("_seat"):
                values[key] = seat_name(value if isinstance(value, int) else None, lang, names)
        try:
            return _REFUSALS[code][0 if lang == "es" else 1].format(**values)
        except (KeyError, IndexError, ValueError):
            pass
    message = str(error)
    if lang == "en":
        return message
    if isinstance(error, NotationError):
        return f"No entiendo esa jugada ({message})"
    return f"No podés hacer eso ahora ({message})"

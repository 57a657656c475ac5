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
from .errors import NotationError, TrucoError
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


class LanguageError(TrucoError, ValueError):
    """A language this module does not speak (only ``"es"`` and ``"en"``).

    >>> from pytruco import Card
    >>> from pytruco.text import card_name
    >>> card_name(Card.parse("1E"), "fr")  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    pytruco.text.LanguageError: unknown language 'fr' (known: es, en)
    """


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


def _members(team: int | None, names: Names) -> int:
    """How many named players *team* is called by (0 when it is called "equipo N")."""
    if team is None or names is None:
        return 0
    seats = list(names) if isinstance(names, Mapping) else list(range(len(names)))
    return sum(1 for seat in seats if isinstance(seat, int) and seat % 2 == team)


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
    many = _members(event.team, names) > 1  # a team named by two or more players takes a plural verb
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
        verb = ("sumaron" if many else "sumó") if es else "scored"
        return f"{team} {verb} {_points(event.points, lang)} {why}"
    if kind is EventKind.POINTS_MOVED:
        why = _MOVED_FOR.get(detail, (detail, detail))[0 if es else 1]
        return (
            f"{team} se {'llevan' if many else 'lleva'} {_points(event.points, lang)} {why}"
            if es
            else (f"{team} collected {_points(event.points, lang)} {why}")
        )
    if kind is EventKind.HAND_WON:
        return f"{team} {'ganaron' if many else 'ganó'} la mano" if es else f"{team} won the hand"
    if kind is EventKind.HAND_ENDED:
        if detail.startswith("duel "):
            number = int(detail[5:]) + 1 if detail[5:].isdigit() else detail[5:]
            return f"Terminó el duelo {number}" if es else f"Duel {number} is over"
        return "Terminó la mano" if es else "The hand is over"
    if kind is EventKind.CHICO_WON:
        return f"{team} {'ganaron' if many else 'ganó'} el chico" if es else f"{team} won the game (chico)"
    if kind is EventKind.MATCH_OVER:
        return f"Terminó el partido: {'ganaron' if many else 'ganó'} {team}" if es else f"The match is over: {team} won"
    if kind is EventKind.SURRENDERED:
        return f"{who} se rindió" if es else f"{who} conceded the match"
    return str(event)  # pragma: no cover - every kind is handled above


# --- refusals -------------------------------------------------------------
# Keyed by IllegalActionError.code (pytruco.refusals lists the codes and their
# params). Said to the player who tried the action: second person, voseo in
# Spanish. The templates use the params and the *_text fields of _fields().
_REFUSALS: dict[str, tuple[str, str]] = {
    "not-an-action": ("Eso no es una jugada.", "That is not an action."),
    "deal-after-match": ("El partido terminó: no se reparte más.", "The match is over: no more deals."),
    "deal-not-now": ("Ahora no se reparte.", "This is not the time to deal."),
    "bad-deal": ("El reparto no vale ({problem}).", "That deal is not valid ({problem})."),
    "match-over": ("El partido ya terminó.", "The match is over."),
    "no-such-seat": ("No hay asiento {seat} en esta mesa.", "There is no seat {seat} at this table."),
    "cannot-concede": ("Ahora no te podés rendir.", "You cannot concede now."),
    "before-deal": ("Todavía no se repartió.", "The cards have not been dealt yet."),
    "rps-before-deal": (
        "Primero se juega piedra, papel o tijera para ver quién es mano.",
        "Rock-paper-scissors decides the first mano first.",
    ),
    "rps-already-chosen": ("Ya elegiste en esta ronda de piedra, papel o tijera.", "You have already chosen."),
    "rps-after-deal": (
        "Piedra, papel o tijera se juega solo antes del primer reparto.",
        "Rock-paper-scissors is only played before the first deal.",
    ),
    "waits-for-duel": (
        "Esperá tu duelo: ahora juegan {duel_seat} y {opponent_seat}.",
        "Wait for your duel: {duel_seat} and {opponent_seat} are playing now.",
    ),
    "duel-played": (
        "Ya jugaste tu duelo: ahora juegan {duel_seat} y {opponent_seat}.",
        "You have played your duel: {duel_seat} and {opponent_seat} are playing now.",
    ),
    "folded": ("Te fuiste al mazo: estás fuera de esta mano.", "You went to the mazo: you are out of this hand."),
    "answer-own-call": (
        "No podés contestar el {call_name} de tu propio equipo.",
        "You cannot answer your own team's {call_name}.",
    ),
    "raise-own-call": (
        "No podés subir el {call_name} de tu propio equipo: {waiting_text}.",
        "You cannot raise your own team's {call_name}: {waiting_text}.",
    ),
    "raise-out-of-turn": (
        "No podés cantar {call_name} ahora: se sube en tu turno o al contestar, y {waiting_text}.",
        "You cannot call {call_name} now: a raise is made on your turn or as an answer, and {waiting_text}.",
    ),
    "not-your-turn": ("No te toca: {waiting_text}.", "It is not your turn: {waiting_text}."),
    "timeout-not-to-act": ("No te toca, así que no se te puede acabar el tiempo.", "You are not to act."),
    "must-sing-flor": (
        "Tenés flor y la tenés que cantar antes que nada (en {preset} la flor es obligatoria).",
        "You hold flor and must sing it before anything else (flor is mandatory in {preset}).",
    ),
    "not-allowed": ("Eso no se puede ahora.", "That is not allowed now."),
    "play-while-pending": (
        "No se puede jugar una carta mientras {pending_text} espera respuesta.",
        "No card may be played while {pending_text} is pending.",
    ),
    "card-not-held": ("No tenés {card_name}.", "You do not hold {card_name}."),
    "truco-while-pending": (
        "El {call_name} no contesta {pending_text}: primero se termina el envido o la flor.",
        "{call_name} is not an answer to {pending_text}: the envido or flor is settled first.",
    ),
    "truco-last-level": (
        "Vale cuatro es lo más alto: contestá quiero o no quiero.",
        "Vale cuatro is the last level: answer quiero or no quiero.",
    ),
    "truco-answer-skips": (
        "No se saltea: al {called_name} se le contesta {answer_name}, no {call_name}.",
        "No level is skipped: the answer to {called_name} is {answer_name}, not {call_name}.",
    ),
    "truco-all-accepted": (
        "Ya se quiso el vale cuatro: no queda nada por subir.",
        "Vale cuatro was accepted: there is nothing left to raise.",
    ),
    "raise-needs-quiero": (
        "No podés cantar {call_name}: el quiero lo {tiene} {holder_text}.",
        "You cannot raise to {call_name}: {holder_text} {holds} the quiero.",
    ),
    "truco-first-call": (
        "No se saltea: primero se canta truco, no {call_name}.",
        "No level is skipped: the first call is truco, not {call_name}.",
    ),
    "truco-next-call": (
        "Ya se quiso el {accepted_name}: lo que sigue es {next_name}, no {call_name}.",
        "{accepted_name} was already accepted: the next call is {next_name}, not {call_name}.",
    ),
    "truco-not-now": ("Ahora no podés cantar {call_name}.", "You cannot call {call_name} now."),
    "envido-chain-closed": (
        "Eso ya no se puede subir: contestá quiero o no quiero.",
        "Nothing may raise that: answer quiero or no quiero.",
    ),
    "envido-raise-not-allowed": (
        "Después de eso no se puede cantar {call_name} en {preset}.",
        "{call_name} cannot follow that in {preset}.",
    ),
    "envido-after-flor": ("Con una flor cantada ya no hay envido.", "No envido once a flor is sung in the hand."),
    "envido-one-chain": ("En cada mano se canta envido una sola vez.", "A hand has at most one envido."),
    "envido-after-truco": ("Con el truco querido ya no hay envido.", "No envido once a truco was accepted."),
    "envido-not-truco-answer": (
        "En {preset} el {call_name} no contesta un truco.",
        "{call_name} is not an answer to a truco in {preset}.",
    ),
    "envido-primero-first-truco": (
        "El envido va primero solo contra el primer truco.",
        "Envido primero answers only the first truco.",
    ),
    "envido-opening-call": (
        "En {preset} se empieza con envido, no con {call_name}.",
        "The envido opens with envido in {preset}, not {call_name}.",
    ),
    "envido-first-trick": (
        "El envido se canta solo en la primera baza.",
        "The envido can only be called during the first trick.",
    ),
    "envido-card-played": (
        "Ya jugaste tu carta: no podés empezar el envido.",
        "You have played your card: you can no longer open the envido.",
    ),
    "envido-window-closed": (
        "El envido se canta antes de la primera carta de la mano y antes de cualquier truco.",
        "The envido can only be called before the first card of the hand and before any truco.",
    ),
    "envido-not-now": ("Ahora no podés cantar {call_name}.", "You cannot call {call_name} now."),
    "no-flor": ("En {preset} no se juega con flor.", "Flor is not in play in {preset}."),
    "flor-not-held": ("No tenés flor (tres cartas del mismo palo).", "You do not hold flor (three cards of one suit)."),
    "flor-already-sung": ("Ya cantaste tu flor.", "You have already sung your flor."),
    "flor-card-played": (
        "Ya jugaste tu primera carta: se te pasó la flor.",
        "You have played your first card: your flor window is closed.",
    ),
    "flor-before-first-card": (
        "En {preset} la flor se canta antes de la primera carta de la mano.",
        "In {preset} flor is sung before the first card of the hand.",
    ),
    "flor-envido-answered": (
        "La flor solo puede contestar el primer envido; ya se contestó de otra forma.",
        "The flor may answer only the first envido call, and it was answered another way.",
    ),
    "flor-no-longer": ("Ya no podés cantar flor en esta mano.", "You can no longer sing flor in this hand."),
    "flor-not-now": ("Ahora no podés cantar flor.", "You cannot sing flor now."),
    "no-contraflor": ("En {preset} no hay contraflor.", "There is no contraflor in {preset}."),
    "no-contraflor-al-resto": (
        "En {preset} no hay contraflor al resto.",
        "There is no contraflor al resto in {preset}.",
    ),
    "achico-answers-second-flor": (
        "Con flor me achico contesta solo una segunda flor, y lo dice quien cantó la primera.",
        "Con flor me achico answers a second flor only, from the seat that sang the first.",
    ),
    "answers-flor-only": ("{call_name} contesta solo una flor.", "{call_name} answers a flor only."),
    "not-a-flor-answer": (
        "{call_name} no contesta una flor en {preset}: contestá {answers_text}.",
        "{call_name} is not an answer to a flor in {preset}: answer {answers_text}.",
    ),
    "not-a-second-flor-answer": (
        "Eso no contesta una segunda flor: contestá quiero, con flor me achico o contraflor al resto.",
        "That is not an answer to a second flor: answer quiero, con flor me achico or contraflor al resto.",
    ),
    "no-declaration-due": ("Nadie tiene que decir los tantos ahora.", "There is no declaration due."),
    "son-buenas-first": (
        "Hablás primero: tenés que decir «tengo N», no «son buenas».",
        "You speak first: say tengo N, not son buenas.",
    ),
    "flor-points-untrue": (
        "La flor se canta con los puntos verdaderos: tenés {points}, no {declared}.",
        "Flor points are declared truly: you have {points}, not {declared}.",
    ),
    "envido-value-impossible": (
        "{declared} no es un tanto posible (0-7 o 20-38).",
        "{declared} is not a possible envido value (0-7 or 20-38).",
    ),
    "envido-points-untrue": (
        "Tenés que decir tus tantos verdaderos ({points}), no {declared}.",
        "You must declare your true envido points ({points}), not {declared}.",
    ),
    "declare-not-answer": (
        "Tenés que decir tus tantos, no contestar {call_name}.",
        "You must declare your points, not answer {call_name}.",
    ),
    "nothing-to-answer": ("No hay nada que contestar.", "There is no call for you to answer."),
    "mazo-while-declaring": (
        "No te podés ir al mazo mientras te toca decir los tantos.",
        "You cannot go to the mazo while a declaration is due from you.",
    ),
    "mazo-with-pending": (
        "No te podés ir al mazo con {pending_text} sin contestar: contestá primero.",
        "You cannot go to the mazo with {pending_text} pending in {preset}: answer first.",
    ),
    "mano-acts-first": (
        "Siendo mano, no te podés ir al mazo antes de jugar algo en la mano.",
        "The mano cannot go to the mazo before it has acted in the hand.",
    ),
    "mazo-not-now": ("Ahora no te podés ir al mazo.", "You cannot go to the mazo now."),
}


def _call_name(word: object, lang: str) -> str:
    kind = _WORD_KIND.get(str(word))
    if kind in _CALL_ES:
        return _CALL_ES[kind] if lang == "es" else _CALL_EN[kind]
    return {"quiero": "quiero", "no-quiero": "no quiero", "con-flor-me-achico": "con flor me achico"}.get(
        str(word), str(word).replace("-", " ")
    )


def _seat_list(text: object, lang: str, names: Names, joiner: str) -> list[str]:
    seats = [int(part) for part in str(text).split(",") if part.strip().isdigit()]
    return [seat_name(seat, lang, names) for seat in seats]  # type: ignore[arg-type]


def _join(items: list[str], lang: str, word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _fields(params: Mapping[str, object], lang: str, names: Names) -> dict[str, object]:
    """The template fields of a refusal's params, in *lang* (seat names, call names, derived texts)."""
    es = lang == "es"
    fields: dict[str, object] = dict(params)
    for key in ("call", "called", "answer", "accepted", "next", "chain"):
        if key in params:
            fields[f"{key}_name"] = _call_name(params[key], lang)
    for key in ("duel", "opponent", "turn"):
        value = params.get(key)
        if isinstance(value, int):
            fields[f"{key}_seat"] = seat_name(value, lang, names)  # type: ignore[arg-type]
    card = params.get("card")
    if isinstance(card, str):
        try:
            fields["card_name"] = _article(Card.parse(card), lang)
        except ValueError:
            fields["card_name"] = card
    waiting = params.get("waiting")
    seats = _seat_list(params.get("waiting_seats", ""), lang, names, "")
    or_word = "o" if es else "or"
    if waiting == "turn":
        turn = fields.get("turn_seat", "")
        fields["waiting_text"] = f"le toca a {turn}" if es else f"it is {turn}'s turn"
    elif waiting == "declare":
        fields["waiting_text"] = (
            f"{_join(seats, lang, or_word)} tiene que decir los tantos"
            if es
            else f"{_join(seats, lang, or_word)} must declare"
        )
    elif waiting == "answer":
        call = _call_name(params.get("waiting_call", ""), lang)
        fields["waiting_text"] = (
            f"{_join(seats, lang, or_word)} tiene que contestar el {call}"
            if es
            else f"{_join(seats, lang, or_word)} must answer the {call}"
        )
    pending = params.get("pending")
    if pending is not None:
        if pending == "flor":
            fields["pending_text"] = "una flor" if es else "a flor"
        elif pending == "declaration":
            fields["pending_text"] = "una declaración de tantos" if es else "a declaration"
        else:
            fields["pending_text"] = f"el {_call_name(pending, lang)}" if es else f"the {_call_name(pending, lang)}"
    team, players = params.get("team"), params.get("players")
    if isinstance(team, int) and isinstance(players, int):
        holders = [seat_name(s, lang, names) for s in range(team, players, 2)]  # type: ignore[arg-type]
        fields["holder_text"] = _join(holders, lang, "y" if es else "and")
        fields["holds"], fields["tiene"] = ("holds", "tiene") if len(holders) == 1 else ("hold", "tienen")
    if "answers" in params:
        answers = [_call_name(word, lang) for word in str(params["answers"]).split(",") if word]
        fields["answers_text"] = _join(answers, lang, or_word)
    return fields


def describe_refusal(error: Exception, lang: Lang = "es", names: Names = None) -> str:
    """The reason an action was refused, said to the player who tried it (voseo in Spanish).

    *error* is the :class:`~pytruco.IllegalActionError` (or
    :class:`~pytruco.NotationError`) that :func:`pytruco.apply` or
    :meth:`pytruco.Action.parse` raised. The sentence is chosen by the
    error's stable ``code`` and filled from its ``params``, with the seat
    names given; an error without a known code gets its own message (English)
    after a general sentence.

    >>> from pytruco import new_game, apply, Action, Deal, IllegalActionError
    >>> from pytruco.text import describe_refusal
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> try:
    ...     apply(state, Action.parse("1 3O"))
    ... except IllegalActionError as error:
    ...     spanish = describe_refusal(error, "es", ["Ana", "Beto"])
    >>> spanish.startswith("No")
    True
    """
    _check_lang(lang)
    code = getattr(error, "code", None)
    params = getattr(error, "params", None)
    if isinstance(code, str) and code in _REFUSALS:
        try:
            fields = _fields(params if isinstance(params, Mapping) else {}, lang, names)
            sentence = _REFUSALS[code][0 if lang == "es" else 1].format(**fields)
            return sentence[:1].upper() + sentence[1:]
        except (KeyError, IndexError, ValueError, AttributeError):
            pass  # params this version does not know: the general sentence below
    message = str(error)
    if isinstance(error, NotationError):
        return f"No entiendo esa jugada ({message})." if lang == "es" else f"Not an action ({message})."
    return f"No podés hacer eso ahora ({message})." if lang == "es" else message

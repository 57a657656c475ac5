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

The words live in :mod:`pytruco.text._words` (languages, seats, teams, cards, calls), the event sentences in
:mod:`pytruco.text._events` and the refusals in :mod:`pytruco.text._refusals`; the action sentences are here.
Import every name from this module. This API is stable: the terminal game and the web table use it.
"""

from __future__ import annotations

from ..actions import Action, Kind
from ..errors import LanguageError, require
from ._events import describe_event
from ._refusals import describe_refusal
from ._words import (
    LANGS,
    Lang,
    Names,
    call_name,
    card_name,
    card_with_article,
    check_lang,
    seat_name,
    team_name,
)

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


def action_label(action: Action, lang: Lang = "es") -> str:
    """What a button for *action* says (what the player says at the table).

    >>> from pytruco import Action
    >>> from pytruco.text import action_label
    >>> action_label(Action.parse("0 real-envido"), "es"), action_label(Action.parse("0 mazo"), "en")
    ('Real envido', 'Go to the mazo')
    >>> action_label(Action.parse("0 1E"), "es"), action_label(Action.parse("0 tengo 27"), "en")
    ('Jugar el ancho de espadas', 'I have 27')
    """
    require(action, Action, "action_label", "an Action")
    check_lang(lang)
    kind = action.kind
    es = lang == "es"
    if kind is Kind.PLAY:
        assert action.card is not None
        return ("Jugar " if es else "Play ") + card_with_article(action.card, lang)
    call = call_name(kind, lang)
    if call is not None:
        return call[0].upper() + call[1:]
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
    require(action, Action, "describe_action", "an Action")
    check_lang(lang)
    who = seat_name(action.seat, lang, names)
    kind = action.kind
    es = lang == "es"
    if kind is Kind.PLAY:
        assert action.card is not None
        return (
            f"{who} juega {card_with_article(action.card, lang)}"
            if es
            else f"{who} plays {card_with_article(action.card, lang)}"
        )
    call = call_name(kind, lang)
    if call is not None:
        return f"{who} canta {call}" if es else f"{who} calls {call}"
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

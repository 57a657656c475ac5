"""Sentences for events, in the past: "Ana cantó envido" / "Ana called envido".

Import :func:`~pytruco.text.describe_event` from :mod:`pytruco.text`. Here, the kinds of event whose sentence
is fixed have a template in each language; the others, whose sentence reads the event's ``detail``,
``points`` or ``card``, have a helper each. Both are found by the event's kind.

>>> from pytruco import Event, EventKind
>>> from pytruco.text import describe_event
>>> describe_event(Event(EventKind.HAND_WON, team=0), "es", ["Ana", "Beto", "Carla", "Dani"])
'Ana y Carla ganaron la mano'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from ..actions import Kind
from ..cards import shared_card
from ..errors import ArgumentError, quoted, require
from ..events import Event, EventKind
from ._words import Lang, Names, call_name, card_with_article, check_lang, kind_of, seat_name, team_name


class _Said(NamedTuple):
    """What the sentence for one event is made of: the event, its language, the names of its seat and team, and
    whether that team is named by two or more players (then its verb is plural)."""

    event: Event
    es: bool
    lang: str
    who: str
    team: str
    many: bool


def _members(team: int | None, names: Names) -> int:
    """How many named players *team* is called by (0 when it is called "equipo N")."""
    if team is None or names is None:
        return 0
    seats = list(names) if isinstance(names, Mapping) else list(range(len(names)))
    return sum(1 for seat in seats if isinstance(seat, int) and seat % 2 == team)


def _points(n: int, lang: str) -> str:
    if lang == "es":
        return "1 punto" if n == 1 else f"{n} puntos"
    return "1 point" if n == 1 else f"{n} points"


def _duel_number(text: str) -> int | str:
    """A duel's number as players count it (the event says 0-2): "0" is duel 1; other text as it is."""
    return int(text) + 1 if text.isdigit() else text


# The kinds whose sentence is fixed: (Spanish, English), with the seat's name as {who}, the team's as {team}
# and, in Spanish, the verb "won" in the team's number as {won} (a team named by two players takes a plural).
_TEMPLATES: dict[EventKind, tuple[str, str]] = {
    EventKind.RPS_CHOSEN: ("{who} eligió", "{who} has chosen"),
    EventKind.FIRST_MANO: ("{who} es mano", "{who} is the first mano"),
    EventKind.TRICK_PARDA: ("La baza fue parda", "The trick is tied (parda)"),
    EventKind.ENVIDO_WON: ("{who} ganó el envido", "{who} won the envido"),
    EventKind.ENVIDO_VOID: ("La flor anuló el envido", "The flor voided the envido"),
    EventKind.FLOR_WON: ("{who} ganó la flor", "{who} won the flor"),
    EventKind.FOLDED: ("{who} se fue al mazo", "{who} went to the mazo"),
    EventKind.TIMED_OUT: ("A {who} se le acabó el tiempo", "{who} ran out of time"),
    EventKind.HAND_WON: ("{team} {won} la mano", "{team} won the hand"),
    EventKind.CHICO_WON: ("{team} {won} el chico", "{team} won the game (chico)"),
    EventKind.MATCH_OVER: ("Terminó el partido: {won} {team}", "The match is over: {team} won"),
    EventKind.SURRENDERED: ("{who} se rindió", "{who} conceded the match"),
}

# The answers said aloud (CALLED events that are not calls).
_ANSWERED = {
    Kind.QUIERO: ("{} dijo: quiero", "{} accepted (quiero)"),
    Kind.NO_QUIERO: ("{} dijo: no quiero", "{} refused (no quiero)"),
    Kind.CON_FLOR_ME_ACHICO: ("{} dijo: con flor me achico", "{} backed down (con flor me achico)"),
}
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


def _called(s: _Said) -> str:
    detail = s.event.detail
    call = kind_of(detail)
    name = call_name(call, s.lang)
    if name is not None:
        return f"{s.who} cantó {name}" if s.es else f"{s.who} called {name}"
    if call in _ANSWERED:
        return _ANSWERED[call][0 if s.es else 1].format(s.who)
    return f"{s.who} dijo: {detail}" if s.es else f"{s.who} said: {detail}"


def _declared(s: _Said) -> str:
    if s.event.detail == "son-buenas":
        return f"{s.who} dijo: son buenas" if s.es else f"{s.who} said: yours are better (son buenas)"
    points = s.event.points
    return f"{s.who} dijo: tengo {points}" if s.es else f"{s.who} said: I have {points} (tengo)"


def _card_played(s: _Said) -> str:
    assert s.event.card is not None
    card = card_with_article(s.event.card, s.lang)
    return f"{s.who} jugó {card}" if s.es else f"{s.who} played {card}"


def _shown(s: _Said) -> str:
    assert s.event.card is not None
    card = card_with_article(s.event.card, s.lang)
    points = s.event.points
    return f"{s.who} mostró {card} ({points} de envido)" if s.es else f"{s.who} showed {card} ({points} of envido)"


def _rps_tie(s: _Said) -> str:
    detail = s.event.detail
    choice = {"piedra": "rock", "papel": "paper", "tijera": "scissors"}.get(detail, detail)
    return f"Empate: los dos eligieron {detail}; se repite" if s.es else f"A tie: both chose {choice}; again"


def _dealt(s: _Said) -> str:
    if s.event.detail == "pica":
        return (
            f"Se repartió una mano de pica-pica; {s.who} es mano" if s.es else f"A pica hand is dealt; {s.who} is mano"
        )
    return f"Se repartió; {s.who} es mano" if s.es else f"The cards are dealt; {s.who} is mano"


def _duel_started(s: _Said) -> str:
    number = _duel_number(s.event.detail)
    if s.es:
        return f"Empieza el duelo {number} de la pica-pica; {s.who} es mano"
    return f"Duel {number} of the pica hand starts; {s.who} is mano"


def _scored(s: _Said) -> str:
    detail = s.event.detail
    why = _POINTS_FOR.get(detail, (detail, detail))[0 if s.es else 1]
    verb = ("sumaron" if s.many else "sumó") if s.es else "scored"
    return f"{s.team} {verb} {_points(s.event.points, s.lang)} {why}"


def _moved(s: _Said) -> str:
    detail = s.event.detail
    why = _MOVED_FOR.get(detail, (detail, detail))[0 if s.es else 1]
    points = _points(s.event.points, s.lang)
    return (
        f"{s.team} se {'llevan' if s.many else 'lleva'} {points} {why}"
        if s.es
        else f"{s.team} collected {points} {why}"
    )


def _trick_won(s: _Said) -> str:
    """The trick's winner, and the team it wins for only where the team is more than that player (in 1v1 the team
    is named by its one player: "Beto won the trick", not "Beto won the trick for Beto"; issue 36 item 13)."""
    if s.team == s.who:
        return f"{s.who} ganó la baza" if s.es else f"{s.who} won the trick"
    return f"{s.who} ganó la baza para {s.team}" if s.es else f"{s.who} won the trick for {s.team}"


def _hand_ended(s: _Said) -> str:
    detail = s.event.detail
    if detail.startswith("duel "):
        number = _duel_number(detail[5:])
        return f"Terminó el duelo {number}" if s.es else f"Duel {number} is over"
    return "Terminó la mano" if s.es else "The hand is over"


# The kinds whose sentence reads the event's detail, points or card.
_SENTENCES: dict[EventKind, Callable[[_Said], str]] = {
    EventKind.CALLED: _called,
    EventKind.DECLARED: _declared,
    EventKind.CARD_PLAYED: _card_played,
    EventKind.SHOWN: _shown,
    EventKind.RPS_TIE: _rps_tie,
    EventKind.DEALT: _dealt,
    EventKind.DUEL_STARTED: _duel_started,
    EventKind.TRICK_WON: _trick_won,
    EventKind.POINTS: _scored,
    EventKind.POINTS_MOVED: _moved,
    EventKind.HAND_ENDED: _hand_ended,
}


def _event_problem(event: Event) -> str | None:
    """What is wrong with a hand-made *event* (an Event is a NamedTuple: its constructor checks nothing)."""
    if event.kind.__class__ is not EventKind:
        return f"kind is an EventKind, not {quoted(event.kind)}"
    if event.points.__class__ is not int:
        return f"points are a whole number, not {quoted(event.points)}"
    if not isinstance(event.detail, str):
        return f"detail is text, not {quoted(event.detail)}"
    card = event.card
    if (card is not None or event.kind is EventKind.CARD_PLAYED) and (card is None or shared_card(card) is not card):
        return f"card is a Card, not {quoted(card)}"
    return None


def describe_event(event: Event, lang: Lang = "es", names: Names = None) -> str:
    """A sentence for *event*, in the past: "Ana cantó envido" / "Ana called envido".

    >>> from pytruco import Event, EventKind, Card
    >>> from pytruco.text import describe_event
    >>> describe_event(Event(EventKind.CARD_PLAYED, 1, card=Card.parse("7O")), "es", ["Ana", "Beto"])
    'Beto jugó el siete de oros'
    >>> describe_event(Event(EventKind.POINTS, team=0, points=2, detail="envido"), "en", ["Ana", "Beto"])
    'Ana scored 2 points for the envido'
    """
    require(event, Event, "describe_event", "an Event")
    problem = _event_problem(event)
    if problem is not None:
        raise ArgumentError(f"describe_event needs an Event whose {problem}")
    check_lang(lang)
    who, team = seat_name(event.seat, lang, names), team_name(event.team, lang, names)
    said = _Said(event, lang == "es", lang, who, team, _members(event.team, names) > 1)
    if event.kind in _TEMPLATES:
        template = _TEMPLATES[event.kind][0 if said.es else 1]
        return template.format(who=who, team=team, won="ganaron" if said.many else "ganó")
    return _SENTENCES[event.kind](said)

"""``pytruco play``: a game against bots in the terminal, in Spanish or English.

Spanish (Argentine, with *vos*) by default; English with ``--lang en`` or an
English locale (``LANG``/``LC_ALL`` starting with ``en``). Type the number of
an option, its word (``truco``, ``quiero``, ``3E``) or a phrase (``no
quiero``, ``real envido``, ``me voy al mazo``, ``quiero retruco``, ``el 7 de
oros``); ``?`` shows the suits and the card ranking; ``q``, Ctrl-D or Ctrl-C
leave the table.

>>> import io
>>> from pytruco.play import play_terminal
>>> out = io.StringIO()
>>> play_terminal(seed=1, lang="en", stdin=io.StringIO("?\\nq\\n"), stdout=out)
0
>>> "Suits: E espadas (swords)" in out.getvalue(), "Goodbye" in out.getvalue()
(True, True)
"""

from __future__ import annotations

import os
import random
import sys
import unicodedata
from collections.abc import Mapping
from typing import TextIO

from .actions import TRUCO_CALLS, Action, Deal, Kind, Rps
from .bots import Bot, decide, finished_tricks, load_bot
from .cards import ALL_CARDS, Card, Hand, Suit
from .engine import apply, check, new_game, random_deal
from .errors import IllegalActionError, RuleSetError
from .events import Event, EventKind
from .records import Record
from .rules import RuleSet
from .state import State
from .views import SeatView, view

__all__ = ["detect_lang", "parse_answer", "play_terminal"]

# ---------------------------------------------------------------------------
# Words (a small table per language; the text module of the library can
# replace it)
# ---------------------------------------------------------------------------
_SUIT_NAMES = {
    "es": {Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos", Suit.OROS: "oros", Suit.COPAS: "copas"},
    "en": {Suit.ESPADAS: "swords", Suit.BASTOS: "clubs", Suit.OROS: "coins", Suit.COPAS: "cups"},
}
_KIND_WORDS = {
    "es": {
        Kind.ENVIDO: "envido", Kind.REAL_ENVIDO: "real envido", Kind.FALTA_ENVIDO: "falta envido",
        Kind.FLOR: "flor", Kind.CONTRAFLOR: "contraflor", Kind.CONTRAFLOR_AL_RESTO: "contraflor al resto",
        Kind.CON_FLOR_ME_ACHICO: "con flor me achico", Kind.TRUCO: "truco", Kind.RETRUCO: "quiero retruco",
        Kind.VALE_CUATRO: "quiero vale cuatro", Kind.QUIERO: "quiero", Kind.NO_QUIERO: "no quiero",
        Kind.SON_BUENAS: "son buenas", Kind.MAZO: "me voy al mazo", Kind.RENDIRSE: "me rindo",
        Kind.TIMEOUT: "tiempo",
    },
    "en": {
        Kind.ENVIDO: "envido", Kind.REAL_ENVIDO: "real envido", Kind.FALTA_ENVIDO: "falta envido",
        Kind.FLOR: "flor", Kind.CONTRAFLOR: "contraflor", Kind.CONTRAFLOR_AL_RESTO: "contraflor al resto",
        Kind.CON_FLOR_ME_ACHICO: "con flor me achico (give in)", Kind.TRUCO: "truco",
        Kind.RETRUCO: "retruco", Kind.VALE_CUATRO: "vale cuatro", Kind.QUIERO: "quiero (accept)",
        Kind.NO_QUIERO: "no quiero (refuse)", Kind.SON_BUENAS: "son buenas (yours are better)",
        Kind.MAZO: "go to the mazo (fold)", Kind.RENDIRSE: "concede", Kind.TIMEOUT: "timeout",
    },
}  # fmt: skip
_CALL_SHOUT = {"es": "¡{}!", "en": "{}!"}
_KINDS_BY_WORD = {kind.value: kind for kind in Kind}
_RPS_WORDS = {
    "es": {"piedra": "piedra", "papel": "papel", "tijera": "tijera"},
    "en": {"piedra": "piedra (rock)", "papel": "papel (paper)", "tijera": "tijera (scissors)"},
}

_T: dict[str, dict[str, str]] = {
    "es": {
        "you": "Vos",
        "you_lower": "vos",
        "bot": "Bot",
        "partner": "Compañero",
        "us": "Nosotros",
        "them": "Ellos",
        "welcome": "pytruco — reglas {preset}, a {target} puntos. Jugás contra {against}.",
        "help_line": "Escribí el número, la carta (3E, 3 de espadas) o lo que cantás (truco, no quiero...)."
        " ? ayuda y cartas, q salir.",
        "help": "Cómo jugar: escribí el número de una opción, una carta (3E, «3 de espadas», «el ancho») o lo que"
        " querés decir: truco, quiero, no quiero, quiero retruco, envido, real envido, falta envido, flor,"
        " son buenas, tengo 28, me voy al mazo. q sale de la mesa.",
        "suits": "Palos: E espadas, B bastos, O oros, C copas.",
        "ranking": "Cartas, de la más alta a la más baja:",
        "envido_rule": "Envido: dos cartas del mismo palo valen 20 más sus números (10, 11 y 12 valen 0);"
        " si no, vale tu carta más alta.",
        "new_hand": "── Mano {number} · es mano {who} ──",
        "new_hand_you": "── Mano {number} · sos mano ──",
        "pica": " (pica-pica)",
        "score": "{a} {x} \u2013 {b} {y}",
        "chicos": "Chicos: {a} {x} \u2013 {b} {y}",
        "malas": "malas",
        "buenas": "buenas",
        "in_buenas": "{who} en buenas",
        "your_cards": "Tus cartas: {cards}",
        "no_cards": "Tus cartas: (ninguna)",
        "table": "En la mesa: {cards}",
        "table_empty": "En la mesa: nada todavía",
        "tricks": "Bazas de esta mano:",
        "trick_line": "  {n}ª: {plays} → {result}",
        "trick_parda": "parda",
        "trick_won": "para {who}",
        "truco_none": "Truco: no cantado",
        "truco_pending": "Truco: {call} cantado por {who}, falta la respuesta",
        "truco_level": "Truco: {call} querido, la mano vale {value}",
        "envido_none": "Envido: no cantado",
        "envido_pending": "Envido: {calls}, falta la respuesta",
        "envido_declaring": "Envido: {calls} querido, se cantan los puntos",
        "envido_done": "Envido: {calls} — {result}",
        "envido_refused": "no querido",
        "envido_won": "para {who}, con {points}",
        "envido_void": "anulado por la flor",
        "flor_sung": "Flor: cantada por {who}",
        "options": "Podés:",
        "prompt": "> ",
        "your_turn": "Te toca.",
        "called_you": "Te cantaron {call}. ¿Querés?",
        "declare": "Cantá tus puntos.",
        "bluff_hint": "Tus puntos de verdad: {points}. Podés mentir (tengo N), pero al final se muestran las cartas.",
        "tengo_free": "tengo N (cualquier número de {range})",
        "actor_said": "{who}: {what}",
        "plays": "{who} juega {card}",
        "you_play": "Jugás {card}",
        "trick_won_ev": "Baza para {who}.",
        "trick_parda_ev": "Baza parda.",
        "hand_won": "Mano para {who}.",
        "points": "{who} +{points} ({reason}). {score}",
        "reason_envido": "envido",
        "reason_flor": "flor",
        "reason_truco": "truco",
        "reason_penalty": "por irse al mazo sin que se cantara envido",
        "reason_unshown": "envido",
        "moved_false": "Puntos falsos en el envido ({loser}): los puntos van para {winner}.",
        "moved_unshown": "Envido sin mostrar las cartas ({loser}): los puntos van para {winner}.",
        "moved_flor": "Al mazo con flor ({loser}): los puntos de la flor van para {winner}.",
        "moved_other": "Los puntos pasan a {winner} ({detail}).",
        "envido_won_ev": "Envido para {who}, con {points}.",
        "envido_won_nopoints": "Envido para {who}.",
        "flor_won_ev": "Flor para {who}.",
        "envido_void_ev": "La flor anula el envido.",
        "folded": "{who}: ¡me voy al mazo!",
        "timed_out": "Tiempo cumplido: {who}.",
        "rps_tie": "Empate en piedra, papel o tijera ({choice}): otra vez.",
        "rps_first": "Piedra, papel o tijera para {who}: empieza de mano.",
        "rps_ask": "Piedra, papel o tijera: el que gana es mano.",
        "chico_won": "Chico para {who}.",
        "match_you": "¡Ganaste! {score}",
        "match_us": "¡Ganamos! {score}",
        "match_them": "Perdiste. {score}",
        "surrendered": "{who}: me rindo.",
        "bye": "Te fuiste de la mesa. ¡Chau!",
        "unknown": "No entendí «{text}». Escribí el número de una opción, una carta o lo que querés cantar;"
        " ? para ayuda.",
        "not_now": "Ahora no se puede: {what}.",
        "record": "Partida guardada en {path}",
        "need_players": "pytruco play: el juego de terminal es de 2 o 4 jugadores, no {n}",
        "play_card": "jugar {card}",
        "tengo": "tengo {points}",
        "you_say": "decís",
        "truco_state_holder": " (puede subir: {who})",
        "rank_of": "{rank} de {suit}",
    },
    "en": {
        "you": "You",
        "you_lower": "you",
        "bot": "Bot",
        "partner": "Partner",
        "us": "We",
        "them": "They",
        "welcome": "pytruco — {preset} rules, {target} points. You play against {against}.",
        "help_line": "Type the number, a card (3E, 3 of swords) or your call (truco, no quiero...)."
        " ? help and cards, q quit.",
        "help": "How to play: type the number of an option, a card (3E, '3 of swords', '3 de espadas') or what"
        " you say: truco, quiero, no quiero, quiero retruco, envido, real envido, falta envido, flor,"
        " son buenas, tengo 28, mazo (fold). q leaves the table.",
        "suits": "Suits: E espadas (swords), B bastos (clubs), O oros (coins), C copas (cups).",
        "ranking": "Cards, highest first:",
        "envido_rule": "Envido: two cards of one suit are worth 20 plus their numbers (10, 11 and 12 count 0);"
        " otherwise your highest card.",
        "new_hand": "── Hand {number} · {who} is mano ──",
        "new_hand_you": "── Hand {number} · you are mano ──",
        "pica": " (pica-pica)",
        "score": "{a} {x} \u2013 {b} {y}",
        "chicos": "Chicos: {a} {x} \u2013 {b} {y}",
        "malas": "malas",
        "buenas": "buenas",
        "in_buenas": "{who} in buenas",
        "your_cards": "Your cards: {cards}",
        "no_cards": "Your cards: (none)",
        "table": "On the table: {cards}",
        "table_empty": "On the table: nothing yet",
        "tricks": "Tricks of this hand:",
        "trick_line": "  {n}: {plays} → {result}",
        "trick_parda": "parda (tie)",
        "trick_won": "to {who}",
        "truco_none": "Truco: not called",
        "truco_pending": "Truco: {call} called by {who}, waiting for the answer",
        "truco_level": "Truco: {call} accepted, the hand is worth {value}",
        "envido_none": "Envido: not called",
        "envido_pending": "Envido: {calls}, waiting for the answer",
        "envido_declaring": "Envido: {calls} accepted, points are being declared",
        "envido_done": "Envido: {calls} — {result}",
        "envido_refused": "refused",
        "envido_won": "to {who}, with {points}",
        "envido_void": "voided by the flor",
        "flor_sung": "Flor: sung by {who}",
        "options": "You may:",
        "prompt": "> ",
        "your_turn": "Your turn.",
        "called_you": "They called {call}. Do you accept (quiero)?",
        "declare": "Declare your points.",
        "bluff_hint": "Your true points: {points}. You may bluff (tengo N), but the cards are shown at the end.",
        "tengo_free": "tengo N (any number of {range})",
        "actor_said": "{who}: {what}",
        "plays": "{who} plays {card}",
        "you_play": "You play {card}",
        "trick_won_ev": "Trick to {who}.",
        "trick_parda_ev": "The trick is a parda (tie).",
        "hand_won": "Hand to {who}.",
        "points": "{who} +{points} ({reason}). {score}",
        "reason_envido": "envido",
        "reason_flor": "flor",
        "reason_truco": "truco",
        "reason_penalty": "went to the mazo before any envido was called",
        "reason_unshown": "envido",
        "moved_false": "False envido points ({loser}): the points go to {winner}.",
        "moved_unshown": "Envido cards not shown ({loser}): the points go to {winner}.",
        "moved_flor": "Folded with a flor ({loser}): the flor points go to {winner}.",
        "moved_other": "The points go to {winner} ({detail}).",
        "envido_won_ev": "Envido to {who}, with {points}.",
        "envido_won_nopoints": "Envido to {who}.",
        "flor_won_ev": "Flor to {who}.",
        "envido_void_ev": "The flor voids the envido.",
        "folded": "{who}: to the mazo (fold).",
        "timed_out": "Out of time: {who}.",
        "rps_tie": "Rock-paper-scissors tie ({choice}): again.",
        "rps_first": "Rock-paper-scissors to {who}, who leads as mano.",
        "rps_ask": "Rock, paper or scissors: the winner is mano.",
        "chico_won": "Chico to {who}.",
        "match_you": "You win! {score}",
        "match_us": "We win! {score}",
        "match_them": "You lose. {score}",
        "surrendered": "{who}: I concede.",
        "bye": "You leave the table. Goodbye!",
        "unknown": "I did not understand '{text}'. Type the number of an option, a card or your call; ? for help.",
        "not_now": "Not allowed now: {what}.",
        "record": "Game record written to {path}",
        "need_players": "pytruco play: the terminal game is for 2 or 4 players, not {n}",
        "play_card": "play {card}",
        "tengo": "tengo {points}",
        "you_say": "you say",
        "truco_state_holder": " ({who} may raise)",
        "rank_of": "{rank} of {suit}",
    },
}

_CALL_NAMES = {
    "es": {Kind.TRUCO: "truco", Kind.RETRUCO: "retruco", Kind.VALE_CUATRO: "vale cuatro"},
    "en": {Kind.TRUCO: "truco", Kind.RETRUCO: "retruco", Kind.VALE_CUATRO: "vale cuatro"},
}


def detect_lang(environ: Mapping[str, str] | None = None) -> str:
    """``"en"`` when the locale (``LC_ALL``, else ``LANG``) starts with ``en``, else ``"es"``.

    >>> from pytruco.play import detect_lang
    >>> detect_lang({"LANG": "en_US.UTF-8"}), detect_lang({"LANG": "es_AR.UTF-8"}), detect_lang({})
    ('en', 'es', 'es')
    """
    env = os.environ if environ is None else environ
    locale = env.get("LC_ALL") or env.get("LANG") or ""
    return "en" if locale.lower().startswith("en") else "es"


# ---------------------------------------------------------------------------
# Reading what the player types
# ---------------------------------------------------------------------------
def _plain(text: str) -> str:
    """Lower case, no accents, no punctuation, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    kept = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    cleaned = "".join(ch if ch.isascii() and (ch.isalnum() or ch in " -") else " " for ch in kept)
    return " ".join(cleaned.replace("-", " ").split())


_PHRASES: dict[str, Kind] = {}
for _kind, _words in {
    Kind.QUIERO: ["quiero", "si", "si quiero", "acepto", "yes", "accept", "ok", "dale"],
    Kind.NO_QUIERO: ["no quiero", "no", "no acepto", "refuse", "decline", "no thanks", "paso"],
    Kind.TRUCO: ["truco", "quiero truco", "canto truco"],
    Kind.RETRUCO: ["retruco", "quiero retruco", "re truco"],
    Kind.VALE_CUATRO: ["vale cuatro", "vale 4", "quiero vale cuatro", "quiero vale 4", "vale4"],
    Kind.ENVIDO: ["envido", "canto envido"],
    Kind.REAL_ENVIDO: ["real envido", "real"],
    Kind.FALTA_ENVIDO: ["falta envido", "falta", "la falta"],
    Kind.FLOR: ["flor", "canto flor", "tengo flor"],
    Kind.CONTRAFLOR: ["contraflor", "contra flor"],
    Kind.CONTRAFLOR_AL_RESTO: ["contraflor al resto", "contra flor al resto", "al resto"],
    Kind.CON_FLOR_ME_ACHICO: ["con flor me achico", "me achico", "achico"],
    Kind.SON_BUENAS: ["son buenas", "buenas", "good", "yours are better"],
    Kind.MAZO: ["mazo", "al mazo", "me voy al mazo", "me voy", "me voy a mazo", "fold", "go to the mazo"],
    Kind.RENDIRSE: ["me rindo", "rendirse", "concede", "surrender"],
}.items():
    for _word in _words:
        _PHRASES[_word] = _kind

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
    if len(words) == 1:
        try:
            return Card.parse(words[0])
        except ValueError:
            pass
    rank: int | None = None
    suit: Suit | None = None
    for word in words:
        if word in _FILLER:
            continue
        if word.isdigit() and int(word) in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12) and rank is None:
            rank = int(word)
        elif word in _RANK_WORDS and rank is None:
            rank = _RANK_WORDS[word]
        elif word in _SUIT_WORDS and suit is None:
            suit = _SUIT_WORDS[word]
        else:
            return None
    if rank is None:
        return None
    if suit is None:  # "el 3": fine when only one card of that rank is in the hand
        matches = [card for card in hand if card.rank == rank]
        return matches[0] if len(matches) == 1 else None
    return Card.of(rank, suit)


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
    menu = _menu(seen)
    stripped = text.strip()
    if stripped.isdigit() and stripped.isascii() and 1 <= int(stripped) <= len(menu):
        return menu[int(stripped) - 1]
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


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------
class _Screen:
    """Everything the player reads: names, words and colour."""

    def __init__(self, out: TextIO, lang: str, rules: RuleSet, seat: int, color: bool) -> None:
        self.out = out
        self.lang = lang
        self.t = _T[lang]
        self.rules = rules
        self.seat = seat
        self.color = color
        n = rules.players
        self.names: dict[int, str] = {}
        bots = [s for s in range(n) if s & 1 != seat & 1]
        for s in range(n):
            if s == seat:
                self.names[s] = self.t["you"]
            elif s & 1 == seat & 1:
                self.names[s] = self.t["partner"]
            else:
                self.names[s] = self.t["bot"] if len(bots) == 1 else f"{self.t['bot']} {bots.index(s) + 1}"

    def paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.color else text

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def team(self, team: int) -> str:
        if self.rules.players == 2:
            return self.names[self.seat if team == self.seat & 1 else 1 - self.seat]
        return self.t["us"] if team == self.seat & 1 else self.t["them"]

    def who(self, seat: int) -> str:
        return self.names[seat]

    def mid(self, name: str) -> str:
        """*name* inside a sentence ("vos", "you" in lower case)."""
        return self.t["you_lower"] if name == self.t["you"] else name

    def card(self, card: Card, *, long: bool = False) -> str:
        colour = {Suit.ESPADAS: "34", Suit.BASTOS: "32", Suit.OROS: "33", Suit.COPAS: "31"}[card.suit]
        text = str(card)
        if long:
            text += " (" + self.t["rank_of"].format(rank=card.rank, suit=_SUIT_NAMES[self.lang][card.suit]) + ")"
        return self.paint(text, colour + ";1")

    def score(self, score: tuple[int, int]) -> str:
        mine = self.seat & 1
        text = self.t["score"].format(a=self.team(mine), x=score[mine], b=self.team(1 - mine), y=score[1 - mine])
        half = self.rules.target // 2
        if self.rules.preset_name == "ladder" or (self.rules.preset_name == "online" and self.rules.target < 30):
            return text
        halves = [score[mine] >= half, score[1 - mine] >= half]
        if halves[0] == halves[1]:
            text += f" ({self.t['buenas'] if halves[0] else self.t['malas']})"
        else:
            text += " (" + self.t["in_buenas"].format(who=self.team(mine if halves[0] else 1 - mine)) + ")"
        return text

    def action(self, action: Action, *, answering: bool = False) -> str:
        if action.kind is Kind.PLAY:
            assert action.card is not None
            return self.t["play_card"].format(card=self.card(action.card, long=True))
        if action.kind is Kind.TENGO:
            return self.t["tengo"].format(points=action.points)
        if action.kind is Kind.RPS:
            assert action.choice is not None
            return _RPS_WORDS[self.lang][action.choice.value]
        if action.kind in TRUCO_CALLS and not answering:
            return _CALL_NAMES[self.lang][action.kind]
        return _KIND_WORDS[self.lang][action.kind]


def _menu(seen: SeatView) -> list[Action]:
    """The numbered options: every legal action, but only the true points
    among bluffable declarations (any other is typed as ``tengo N``)."""
    tengos = [a for a in seen.legal if a.kind is Kind.TENGO]
    if len(tengos) <= 2:
        return list(seen.legal)
    true = _true_declarations(seen)
    return [a for a in seen.legal if a.kind is not Kind.TENGO or a.points in true]


def _true_declarations(seen: SeatView) -> set[int]:
    dealt = list(seen.hand) + [c for plays, _t in finished_tricks(seen) for s, c in plays if s == seen.seat]
    dealt += [c for s, c in seen.current_trick if s == seen.seat]
    if len(dealt) != 3:
        return set()
    hand = Hand(tuple(dealt))
    true = {hand.envido_points(seen.rules.envido_count_three)}
    flor = hand.flor_points(seen.rules.flor_count_three)
    if flor is not None:
        true.add(flor)
    return true


class _Table:
    """A game in progress, from the human's chair."""

    def __init__(self, screen: _Screen, state: State, bots: dict[int, Bot], rng: random.Random) -> None:
        self.screen = screen
        self.state = state
        self.bots = bots
        self.rng = rng
        self.seat = screen.seat
        self.declared: dict[int, int] = {}
        self.envido_result = ""
        self.running = list(state.score)

    # -- showing --------------------------------------------------------
    def show_table(self, seen: SeatView) -> None:
        s, t = self.screen, self.screen.t
        s.say()
        s.say(s.paint(s.score(seen.score), "1"))
        if self.state.rules.chicos_to_win > 1:
            mine = self.seat & 1
            s.say(t["chicos"].format(a=s.team(mine), x=seen.chicos[mine], b=s.team(1 - mine), y=seen.chicos[1 - mine]))
        r = self.state.round
        if r is not None:
            s.say(self.truco_words())
            s.say(self.envido_words())
            if r.flor_sung:
                s.say(t["flor_sung"].format(who=", ".join(s.mid(s.who(x)) for x in sorted(r.flor_sung))))
        tricks = finished_tricks(seen)
        if tricks:
            s.say(t["tricks"])
            for number, (plays, team) in enumerate(tricks, 1):
                cards = ", ".join(f"{s.who(x)} {s.card(c)}" for x, c in plays)
                result = t["trick_parda"] if team is None else t["trick_won"].format(who=s.mid(s.team(team)))
                s.say(t["trick_line"].format(n=number, plays=cards, result=result))
        if seen.current_trick:
            s.say(t["table"].format(cards=", ".join(f"{s.who(x)} {s.card(c)}" for x, c in seen.current_trick)))
        elif seen.hand or tricks:
            s.say(t["table_empty"])
        if seen.hand:
            s.say(t["your_cards"].format(cards="  ".join(s.card(c, long=True) for c in seen.hand)))

    def truco_words(self) -> str:
        s, t = self.screen, self.screen.t
        r = self.state.round
        assert r is not None
        names = _CALL_NAMES[s.lang]
        pending = r.pending
        if pending is not None and pending[0] in TRUCO_CALLS:
            return t["truco_pending"].format(who=s.mid(s.who(pending[1])), call=names[pending[0]])
        if r.truco_level:
            text = t["truco_level"].format(call=names[TRUCO_CALLS[r.truco_level - 1]], value=r.truco_value)
            holder = r.quiero_team
            if holder is not None and r.truco_level < 3:
                text += t["truco_state_holder"].format(who=s.mid(s.team(holder)))
            return text
        return t["truco_none"]

    def envido_words(self) -> str:
        t = self.screen.t
        r = self.state.round
        assert r is not None
        if not r.envido_calls:
            return t["envido_none"]
        calls = ", ".join(_KIND_WORDS["es"][k] for k in r.envido_calls)
        pending = r.pending
        if pending is not None and pending[0] in (Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO):
            return t["envido_pending"].format(calls=calls)
        if r.declaring == "envido":
            return t["envido_declaring"].format(calls=calls)
        return t["envido_done"].format(calls=calls, result=self.envido_result or "—")

    def show_events(self, events: tuple[Event, ...]) -> None:
        s, t = self.screen, self.screen.t
        for event in events:
            kind = event.kind
            if kind is EventKind.DEALT:
                self.declared.clear()
                self.envido_result = ""
                number = self.state.hands_dealt
                mano = event.seat if event.seat is not None else 0
                line = (
                    t["new_hand_you"].format(number=number)
                    if mano == self.seat
                    else t["new_hand"].format(number=number, who=s.who(mano))
                )
                s.say()
                s.say(s.paint(line + (t["pica"] if event.detail == "pica" else ""), "1;36"))
            elif kind is EventKind.CARD_PLAYED and event.seat is not None and event.card is not None:
                if event.seat != self.seat:
                    s.say("  " + t["plays"].format(who=s.who(event.seat), card=s.card(event.card, long=True)))
                else:
                    s.say("  " + t["you_play"].format(card=s.card(event.card, long=True)))
            elif kind is EventKind.CALLED and event.seat is not None:
                called = _KINDS_BY_WORD.get(event.detail)
                word = _KIND_WORDS["es"].get(called, event.detail) if called is not None else event.detail
                if called in (Kind.RETRUCO, Kind.VALE_CUATRO):
                    word = _CALL_NAMES[s.lang][called]
                shout = _CALL_SHOUT[s.lang].format(word[:1].upper() + word[1:])
                s.say("  " + s.paint(t["actor_said"].format(who=s.who(event.seat), what=shout), "1;35"))
            elif kind is EventKind.DECLARED and event.seat is not None:
                if event.detail.startswith("tengo"):
                    self.declared[event.seat] = event.points
                    what = t["tengo"].format(points=event.points)
                else:
                    what = _KIND_WORDS[s.lang][Kind.SON_BUENAS]
                s.say("  " + t["actor_said"].format(who=s.who(event.seat), what=what))
            elif kind is EventKind.TRICK_WON and event.team is not None:
                s.say("  " + t["trick_won_ev"].format(who=s.mid(s.team(event.team))))
            elif kind is EventKind.TRICK_PARDA:
                s.say("  " + t["trick_parda_ev"])
            elif kind is EventKind.HAND_WON and event.team is not None:
                s.say("  " + t["hand_won"].format(who=s.mid(s.team(event.team))))
            elif kind is EventKind.ENVIDO_WON and event.seat is not None:
                points = self.declared.get(event.seat)
                if points is not None:
                    s.say("  " + t["envido_won_ev"].format(who=s.mid(s.who(event.seat)), points=points))
                    self.envido_result = t["envido_won"].format(who=s.mid(s.who(event.seat)), points=points)
                else:
                    s.say("  " + t["envido_won_nopoints"].format(who=s.mid(s.who(event.seat))))
                    self.envido_result = t["envido_refused"]
            elif kind is EventKind.ENVIDO_VOID:
                s.say("  " + t["envido_void_ev"])
                self.envido_result = t["envido_void"]
            elif kind is EventKind.FLOR_WON and event.seat is not None:
                s.say("  " + t["flor_won_ev"].format(who=s.mid(s.who(event.seat))))
            elif kind is EventKind.FOLDED and event.seat is not None:
                s.say("  " + t["folded"].format(who=s.who(event.seat)))
            elif kind is EventKind.TIMED_OUT and event.seat is not None:
                s.say("  " + t["timed_out"].format(who=s.who(event.seat)))
            elif kind is EventKind.POINTS and event.team is not None:
                reason = {
                    "envido": t["reason_envido"],
                    "flor": t["reason_flor"],
                    "truco": t["reason_truco"],
                    "penalty": t["reason_penalty"],
                }.get(event.detail, event.detail)
                if event.detail == "envido" and not self.envido_result:
                    self.envido_result = t["envido_refused"]
                self.running[event.team] += event.points
                line = t["points"].format(
                    who=s.team(event.team),
                    points=event.points,
                    reason=reason,
                    score=s.score((self.running[0], self.running[1])),
                )
                s.say("  " + s.paint(line, "1;32" if event.team == self.seat & 1 else "1;31"))
            elif kind is EventKind.POINTS_MOVED and event.team is not None:
                key = {
                    "false envido": "moved_false",
                    "envido not shown": "moved_unshown",
                    "flor lost by folding": "moved_flor",
                }.get(event.detail, "moved_other")
                s.say(
                    "  "
                    + t[key].format(
                        loser=s.mid(s.team(1 - event.team)), winner=s.mid(s.team(event.team)), detail=event.detail
                    )
                )
            elif kind is EventKind.RPS_TIE:
                s.say("  " + t["rps_tie"].format(choice=event.detail))
            elif kind is EventKind.FIRST_MANO and event.seat is not None:
                chosen = [a for a in self.state.history if isinstance(a, Action) and a.kind is Kind.RPS][-2:]
                if len(chosen) == 2:
                    s.say("  " + ", ".join(t["actor_said"].format(who=s.who(a.seat), what=s.action(a)) for a in chosen))
                s.say("  " + t["rps_first"].format(who=s.mid(s.who(event.seat))))
            elif kind is EventKind.CHICO_WON and event.team is not None and self.state.rules.chicos_to_win > 1:
                s.say("  " + s.paint(t["chico_won"].format(who=s.mid(s.team(event.team))), "1"))
            elif kind is EventKind.SURRENDERED and event.seat is not None:
                s.say("  " + t["surrendered"].format(who=s.who(event.seat)))

    def show_help(self) -> None:
        s, t = self.screen, self.screen.t
        s.say(t["help"])
        s.say(t["suits"])
        s.say(t["ranking"])
        by_strength: dict[int, list[Card]] = {}
        for card in ALL_CARDS:
            by_strength.setdefault(card.strength, []).append(card)
        for strength in sorted(by_strength, reverse=True):
            s.say("  " + " = ".join(s.card(c, long=True) for c in by_strength[strength]))
        s.say(t["envido_rule"])

    def show_options(self, seen: SeatView) -> list[Action]:
        s, t = self.screen, self.screen.t
        r = self.state.round
        pending = r.pending if r is not None else None
        answering = pending is not None and pending[1] & 1 != self.seat & 1
        if pending is not None and answering:
            name = _KIND_WORDS[s.lang][pending[0]] if pending[0] not in TRUCO_CALLS else None
            call = name if name is not None else _CALL_NAMES[s.lang][pending[0]]
            s.say(s.paint(t["called_you"].format(call=call, who=s.who(pending[1])), "1;35"))
        elif r is not None and r.declaring is not None:
            s.say(t["declare"])
        elif seen.legal and seen.legal[0].kind is Kind.RPS:
            s.say(t["rps_ask"])
        else:
            s.say(t["your_turn"])
        menu = _menu(seen)
        tengos = [a for a in seen.legal if a.kind is Kind.TENGO]
        if len(tengos) > 2:
            true = sorted(_true_declarations(seen))
            s.say(s.paint(t["bluff_hint"].format(points=" / ".join(str(p) for p in true)), "33"))
        s.say(t["options"])
        for number, action in enumerate(menu, 1):
            s.say(f"  {number}) {s.action(action, answering=answering)}")
        if len(tengos) > 2:
            values = sorted(a.points or 0 for a in tengos)
            s.say("     " + t["tengo_free"].format(range=f"{values[0]}-{values[-1]}"))
        return menu

    # -- playing ----------------------------------------------------------
    def ask(self, inp: TextIO) -> Action | None:
        s, t = self.screen, self.screen.t
        seen = view(self.state, self.seat)
        self.show_table(seen)
        self.show_options(seen)
        while True:
            s.out.write(t["prompt"])
            s.out.flush()
            line = inp.readline()
            if not line:
                return None
            text = line.strip()
            if _plain(text) in ("q", "quit", "salir", "exit", "chau"):
                return None
            if text in ("?", "help", "ayuda", "h"):
                self.show_help()
                continue
            if not text:
                continue
            action = parse_answer(text, seen)
            if action is None:
                s.say(t["unknown"].format(text=text))
                continue
            try:
                check(self.state, action)
            except IllegalActionError as error:
                s.say(t["not_now"].format(what=s.action(action)) + self.reason(error))
                continue
            return action

    def reason(self, error: IllegalActionError) -> str:
        """Why *error* refused the action, in the player's words, where the
        library's text module knows the refusal (``" "`` + a sentence), else ``""``."""
        if getattr(error, "code", None) in (None, "illegal"):  # no stable reason to translate
            return ""
        try:
            import importlib

            text = importlib.import_module("pytruco.text")
            names = [self.screen.names[seat] for seat in range(self.state.rules.players)]
            return " " + str(text.describe_refusal(error, self.screen.lang, names))
        except (ImportError, AttributeError, ValueError):
            return ""

    def step(self, action: Action | Deal) -> None:
        self.running = list(self.state.score)
        self.state, events = apply(self.state, action)
        if isinstance(action, Deal):
            self.running = list(self.state.score)
        self.show_events(events)


def play_terminal(
    *,
    preset: str = "default",
    target: int | None = None,
    flor: bool | None = None,
    seed: int | None = None,
    seat: int = 0,
    bot: str = "heuristic",
    record_path: str | None = None,
    lang: str | None = None,
    players: int = 2,
    color: bool | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play one match against bots; returns the exit status (0; 130 after Ctrl-C).

    Args:
        lang: ``"es"`` or ``"en"`` (``None``: from the locale, :func:`detect_lang`).
        players: 2 (you against a bot) or 4 (you and a bot partner against two bots).
        color: ANSI colours (``None``: when the output is a terminal and
            ``NO_COLOR`` is not set).
    """
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    language = lang if lang in _T else detect_lang()
    t = _T[language]
    options: dict[str, object] = {"players": players}
    if target is not None:
        options["target"] = target
    if flor is not None:
        options["flor"] = flor
    if players not in (2, 4):
        out.write(t["need_players"].format(n=players) + "\n")
        return 1
    try:
        rules = RuleSet.preset(preset, **options)
    except RuleSetError as error:
        out.write(f"pytruco play: {error}\n")
        return 1
    if not 0 <= seat < players:
        out.write(f"pytruco play: there is no seat {seat} at a table of {players}\n")
        return 1
    try:
        opponent = load_bot(bot)
    except ValueError as error:
        out.write(f"pytruco play: {error}\n")
        return 1
    if color is None:
        color = bool(getattr(out, "isatty", lambda: False)()) and "NO_COLOR" not in os.environ
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    screen = _Screen(out, language, rules, seat, color)
    state = new_game(rules, rng=rng) if not rules.rps_first_mano else new_game(rules)
    bots = {s: (opponent if s & 1 != seat & 1 else load_bot("heuristic")) for s in range(players) if s != seat}
    table = _Table(screen, state, bots, rng)
    against = " y ".join(sorted({screen.who(s) for s in bots if s & 1 != seat & 1}))
    if language == "en":
        against = " and ".join(sorted({screen.who(s) for s in bots if s & 1 != seat & 1}))
    if players == 4:
        against += f" ({t['partner']}: {screen.who((seat + 2) % 4)})"
    screen.say(screen.paint(t["welcome"].format(preset=rules.preset_name, target=rules.target, against=against), "1"))
    screen.say(t["help_line"])
    try:
        left = _loop(table, inp)
    except KeyboardInterrupt:
        screen.say()
        screen.say(t["bye"])
        return 130
    if left:
        screen.say()
        screen.say(t["bye"])
    else:
        final = table.state
        mine = seat & 1
        key = "match_them" if final.winner != mine else ("match_you" if players == 2 else "match_us")
        screen.say()
        score = screen.score(final.score)
        if rules.chicos_to_win > 1:
            mine_team = seat & 1
            score += " · " + t["chicos"].format(
                a=screen.team(mine_team), x=final.chicos[mine_team], b=screen.team(1 - mine_team),
                y=final.chicos[1 - mine_team],
            )  # fmt: skip
        screen.say(screen.paint(t[key].format(score=score), "1"))
    if record_path:
        with open(record_path, "w", encoding="utf-8") as handle:
            handle.write(Record.from_state(table.state).dumps(indent=1) + "\n")
        screen.say(t["record"].format(path=record_path))
    return 0


def _loop(table: _Table, inp: TextIO) -> bool:
    """Play until the match ends (``False``) or the player leaves (``True``)."""
    seat = table.seat
    while not table.state.is_over:
        state = table.state
        if state.is_chance:
            table.step(random_deal(state, table.rng))
            continue
        if seat in state.to_act:
            action = table.ask(inp)
            if action is None:
                return True
        else:
            acting = state.to_act
            other = acting[0] if len(acting) == 1 else table.rng.choice(acting)
            action = decide(table.bots[other], view(state, other), table.rng)
        table.step(action)
    return False

"""The words of ``pytruco play``, the terminal game: its sentences and names in Spanish and English.

Spanish is Argentine, with *vos*; English keeps the game's own words (truco, envido, quiero, mazo) and explains
them in brackets. Which language to speak comes from :func:`detect_lang` unless the player chooses. (The
library's own words for events and refusals are in :mod:`pytruco.text`.)

>>> from pytruco.play._words import SENTENCES, detect_lang
>>> SENTENCES[detect_lang({"LANG": "en_GB.UTF-8"})]["your_turn"]
'Your turn.'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..actions import Kind
from ..cards import Suit

__all__ = ["CALL_NAMES", "CALL_SHOUT", "KIND_WORDS", "RPS_WORDS", "SENTENCES", "SUIT_NAMES", "detect_lang"]

SUIT_NAMES = {
    "es": {Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos", Suit.OROS: "oros", Suit.COPAS: "copas"},
    "en": {Suit.ESPADAS: "swords", Suit.BASTOS: "clubs", Suit.OROS: "coins", Suit.COPAS: "cups"},
}
"""The suits' names in each language, by :class:`~pytruco.cards.Suit`.

>>> from pytruco.cards import Suit
>>> from pytruco.play._words import SUIT_NAMES
>>> SUIT_NAMES["es"][Suit.OROS], SUIT_NAMES["en"][Suit.OROS]
('oros', 'coins')
"""
KIND_WORDS = {
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
"""What a seat says for each kind of action, in each language (the menu's words; the game's own words in English
too, explained in brackets).

>>> from pytruco.actions import Kind
>>> from pytruco.play._words import KIND_WORDS
>>> KIND_WORDS["es"][Kind.MAZO], KIND_WORDS["en"][Kind.MAZO]
('me voy al mazo', 'go to the mazo (fold)')
"""
CALL_SHOUT = {"es": "¡{}!", "en": "{}!"}
"""How a call is shouted, in each language.

>>> from pytruco.play._words import CALL_SHOUT
>>> CALL_SHOUT["es"].format("Truco"), CALL_SHOUT["en"].format("Truco")
('¡Truco!', 'Truco!')
"""
RPS_WORDS = {
    "es": {"piedra": "piedra", "papel": "papel", "tijera": "tijera"},
    "en": {"piedra": "piedra (rock)", "papel": "papel (paper)", "tijera": "tijera (scissors)"},
}
"""Rock, paper and scissors in each language, by :class:`~pytruco.actions.Rps` value.

>>> from pytruco.play._words import RPS_WORDS
>>> RPS_WORDS["en"]["tijera"]
'tijera (scissors)'
"""

SENTENCES: dict[str, dict[str, str]] = {
    "es": {
        "you": "Vos",
        "you_lower": "vos",
        "bot": "Bot",
        "partner": "Compañero",
        "us": "Nosotros",
        "them": "Ellos",
        "us_mid": "nosotros",
        "them_mid": "ellos",
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
        "folded": "{who}: ¡Me voy al mazo!",
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
        "which_card": "¿Cuál? {cards}.",
        "record": "Partida guardada en {path}",
        "record_bad": "pytruco play: no se puede guardar la partida en {path}: {why}",
        "need_players": "pytruco play: el juego de terminal es de 2 o 4 jugadores, no {n}",
        "play_card": "jugar {card}",
        "tengo": "tengo {points}",
        "you_say": "decís",
        "holder_you": " (podés subir vos)",
        "holder_us": " (podemos subir nosotros)",
        "holder_bot": " (puede subir {who})",
        "holder_them": " (pueden subir ellos)",
        "with_partner": ", con tu compañero (un bot)",
    },
    "en": {
        "you": "You",
        "you_lower": "you",
        "bot": "Bot",
        "partner": "Partner",
        "us": "We",
        "them": "They",
        "us_mid": "us",
        "them_mid": "them",
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
        "which_card": "Which one? {cards}.",
        "record": "Game record written to {path}",
        "record_bad": "pytruco play: cannot write the game record to {path}: {why}",
        "need_players": "pytruco play: the terminal game is for 2 or 4 players, not {n}",
        "play_card": "play {card}",
        "tengo": "tengo {points}",
        "you_say": "you say",
        "holder_you": " (you may raise)",
        "holder_us": " (we may raise)",
        "holder_bot": " ({who} may raise)",
        "holder_them": " (they may raise)",
        "with_partner": ", with your partner (a bot)",
    },
}
"""Every sentence of the terminal game in each language, by key: templates for :meth:`str.format`.

>>> from pytruco.play._words import SENTENCES
>>> SENTENCES["es"]["hand_won"].format(who="vos"), SENTENCES["en"]["hand_won"].format(who="you")
('Mano para vos.', 'Hand to you.')
"""

CALL_NAMES = {
    "es": {Kind.TRUCO: "truco", Kind.RETRUCO: "retruco", Kind.VALE_CUATRO: "vale cuatro"},
    "en": {Kind.TRUCO: "truco", Kind.RETRUCO: "retruco", Kind.VALE_CUATRO: "vale cuatro"},
}
"""The truco calls' plain names in each language (the menu says "quiero retruco" for an answer, this "retruco").

>>> from pytruco.actions import Kind
>>> from pytruco.play._words import CALL_NAMES
>>> CALL_NAMES["en"][Kind.VALE_CUATRO]
'vale cuatro'
"""


def detect_lang(environ: Mapping[str, str] | None = None) -> str:
    """``"en"`` when the locale (``LC_ALL``, else ``LANG``) starts with ``en``, else ``"es"``.

    >>> from pytruco.play import detect_lang
    >>> detect_lang({"LANG": "en_US.UTF-8"}), detect_lang({"LANG": "es_AR.UTF-8"}), detect_lang({})
    ('en', 'es', 'es')
    """
    env = os.environ if environ is None else environ
    locale = env.get("LC_ALL") or env.get("LANG") or ""
    return "en" if locale.lower().startswith("en") else "es"

"""What `pytruco play` says about the events of a hand, in both languages: every score change
with its reason, names instead of seats, and natural phrases read as actions."""

from __future__ import annotations

import io
import random

import pytest

from pytruco import Action, Deal, RuleSet, apply, new_game, view
from pytruco.play import _Table, detect_lang, parse_answer
from pytruco.play._screen import Screen

DEAL = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])


def narrate(preset: str, lang: str, actions: list[str], seat: int = 0) -> str:
    out = io.StringIO()
    rules = RuleSet.preset(preset)
    state = new_game(rules, first_mano=0)
    table = _Table(Screen(out, lang, rules, seat, color=False), state, {}, random.Random(1))
    table.step(DEAL)
    for text in actions:
        table.step(Action.parse(text))
    return out.getvalue()


FALSE_ENVIDO = ["0 envido", "1 quiero", "0 tengo 20", "1 tengo 31", "0 1E", "1 3B", "0 7C", "1 4O"]


def test_a_false_tengo_in_reglamento_is_explained() -> None:
    """reglamento: seat 1 wins the envido with a false 31; when the cards are shown its points go to seat 0."""
    text = narrate("reglamento", "es", FALSE_ENVIDO)
    assert "Bot: tengo 31" in text
    assert "Envido para Bot, con 31." in text
    assert "Puntos falsos en el envido (Bot): los puntos van para vos." in text
    assert "Vos +2 (envido). Vos 2 \u2013 Bot 0 (malas)" in text  # the points as they are added, one by one
    assert "Vos +1 (truco). Vos 3 \u2013 Bot 0 (malas)" in text
    english = narrate("reglamento", "en", FALSE_ENVIDO)
    assert "Envido to Bot, with 31." in english
    assert "False envido points (Bot): the points go to you." in english


def test_the_score_puts_you_first_whatever_your_seat() -> None:
    """Seat 1 reads its own points first: "Bot" is seat 0 here."""
    text = narrate("default", "es", ["0 truco", "1 no-quiero"], seat=1)
    assert "Mano para Bot." in text
    assert "Bot +1 (truco). Vos 0 \u2013 Bot 1 (malas)" in text


def test_calls_are_shouted_with_names() -> None:
    text = narrate("default", "es", ["0 truco", "1 retruco", "0 quiero"])
    assert "Vos: ¡Truco!" in text and "Bot: ¡Retruco!" in text and "Vos: ¡Quiero!" in text


def test_refused_envido_and_the_mazo_penalty_have_their_reasons() -> None:
    """default: a refused envido scores 1 for envido; a fold in trick 1 with no envido called adds the penalty."""
    text = narrate("default", "en", ["0 envido", "1 no-quiero"])
    assert "You +1 (envido)." in text
    text = narrate("default", "en", ["0 mazo"])
    assert "Bot +1 (truco)." in text
    assert "Bot +1 (went to the mazo before any envido was called)." in text


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("no quiero", "1 no-quiero"),
        ("NO QUIERO", "1 no-quiero"),
        ("¡Quiero!", "1 quiero"),
        ("quiero retruco", "1 retruco"),
        ("quiero vale 4", "1 vale-cuatro"),
        ("real envido", "1 real-envido"),
        ("me voy al mazo", "1 mazo"),
        ("son buenas", "1 son-buenas"),
        ("tengo 29", "1 tengo 29"),
        ("3 de bastos", "1 3B"),
        ("el tres de bastos", "1 3B"),
        ("3 of clubs", "1 3B"),
        ("3b", "1 3B"),
        ("2", "1 no-quiero"),  # the menu number: quiero, no quiero, ...
        ("no-quiero", "1 no-quiero"),  # the notation still works
    ],
)
def test_natural_phrases(typed: str, meant: str) -> None:
    state, _ = apply(new_game("default", first_mano=0), DEAL)
    state, _ = apply(state, Action.parse("0 truco"))
    assert str(parse_answer(typed, view(state, 1))) == meant


@pytest.mark.parametrize("typed", ["²", "", "   ", "banana", "tengo", "13 de copas", "99"])
def test_nonsense_is_not_an_action(typed: str) -> None:
    state, _ = apply(new_game("default", first_mano=0), DEAL)
    assert parse_answer(typed, view(state, 0)) is None


def test_language_from_the_locale() -> None:
    assert detect_lang({"LC_ALL": "en_GB.UTF-8", "LANG": "es_AR.UTF-8"}) == "en"
    assert detect_lang({"LANG": "en"}) == "en"
    assert detect_lang({"LANG": "C.UTF-8"}) == "es"


def test_rock_paper_scissors_says_who_chose_what_and_who_won() -> None:
    """online (rock-paper-scissors for the first mano): both choices and the winner are said."""
    out = io.StringIO()
    rules = RuleSet.preset("online")
    table = _Table(Screen(out, "es", rules, 0, color=False), new_game(rules), {}, random.Random(1))
    for text in ["0 rps piedra", "1 rps piedra", "0 rps papel", "1 rps piedra"]:
        table.step(Action.parse(text))
    said = out.getvalue()
    assert "Empate en piedra, papel o tijera (piedra): otra vez." in said
    assert "Vos: papel, Bot: piedra" in said
    assert "Piedra, papel o tijera para vos: empieza de mano." in said


FLORES = Deal.parse([["7E", "6E", "5E"], ["1O", "2O", "3O"]])
ACHICO_HAND = ["1 con-flor-me-achico", "0 7E", "1 1O", "0 6E", "1 2O", "1 3O", "0 5E"]


@pytest.mark.parametrize(
    ("lang", "offered", "said", "scored"),
    [
        ("es", "con flor me achico", "Vos: ¡Con flor me achico!", "Bot +3 (flor). Vos 0 \u2013 Bot 3 (malas)"),
        ("en", "con flor me achico (give in)", "You: Con flor me achico!", "Bot +3 (flor). You 0 \u2013 Bot 3 (malas)"),
    ],
)
def test_con_flor_me_achico_in_classic_is_offered_understood_and_told(lang, offered, said, scored) -> None:
    """PRESETS.md §9.3 (``classic`` with ``flor_achico``) and issue 35: the player answering the first flor is offered
    con flor me achico, its words (and the English gloss) are understood, the table says it, and the first flor's
    team scores its 3 when the hand ends."""
    out = io.StringIO()
    rules = RuleSet.preset("classic", flor_achico=True)
    table = _Table(Screen(out, lang, rules, 1, color=False), new_game(rules, first_mano=0), {}, random.Random(1))
    table.step(FLORES)
    table.step(Action.parse("0 flor"))
    seen = view(table.state, 1)
    options = [table.screen.action(action, answering=True) for action in table.screen.show_options(table.state, seen)]
    assert offered in options
    typed = ["me achico", "con flor me achico", "give in", "back down"] if lang == "en" else ["me achico", "achico"]
    assert [str(parse_answer(text, seen)) for text in typed] == ["1 con-flor-me-achico"] * len(typed)
    for text in ACHICO_HAND:
        table.step(Action.parse(text))
    assert said in out.getvalue() and scored in out.getvalue()

"""Human text (pytruco.text): every event, action, card and refusal has words in Spanish and English."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from pytruco import Action, Card, Event, EventKind, IllegalActionError, Kind, TrucoError, apply
from pytruco.cards import ALL_CARDS
from pytruco.text import (
    LANGS,
    action_label,
    card_name,
    describe_action,
    describe_event,
    describe_refusal,
    seat_name,
    team_name,
)

from .helpers import play
from .strategies import GameSpec, games, random_playout

NAMES = ["Ana", "Beto", "Carla", "Dani", "Eva", "Fede"]


def test_card_names_follow_the_table() -> None:
    """The anchos have their own names; the rest are rank de suit (PRESETS.md §1 lists the suits)."""
    assert card_name(Card.parse("1E"), "es") == "ancho de espadas"
    assert card_name(Card.parse("1B"), "es") == "ancho de bastos"
    assert card_name(Card.parse("7O"), "es") == "siete de oros"
    assert card_name(Card.parse("10C"), "es") == "sota de copas"
    assert card_name(Card.parse("11B"), "en") == "knight of clubs"
    assert card_name(Card.parse("1E"), "en") == "ace of swords"
    for lang in LANGS:
        names = {card_name(card, lang) for card in ALL_CARDS}  # type: ignore[arg-type]
        assert len(names) == 40


def test_names_are_the_callers() -> None:
    event = Event(EventKind.CALLED, 0, 0, detail="envido")
    assert describe_event(event, "es", ["Ana", "Beto"]) == "Ana cantó envido"
    assert describe_event(event, "en", ["Ana", "Beto"]) == "Ana called envido"
    assert describe_event(event, "es", {0: "Ana"}) == "Ana cantó envido"
    assert describe_event(event, "en") == "seat 0 called envido"
    assert seat_name(5, "es", ["Ana"]) == "asiento 5"
    assert team_name(1, "es", NAMES[:4]) == "Beto y Dani"
    assert team_name(0, "en", NAMES) == "Ana, Carla and Eva"


def test_unknown_language_is_a_library_error() -> None:
    with pytest.raises(TrucoError) as caught:
        card_name(Card.parse("1E"), "fr")  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)


def test_every_action_kind_has_words() -> None:
    actions = [Action.call(0, kind) for kind in Kind if kind not in (Kind.PLAY, Kind.TENGO, Kind.RPS)]
    actions += [Action.parse("0 1E"), Action.parse("0 tengo 30"), Action.parse("0 rps papel")]
    for action in actions:
        for lang in LANGS:
            label = action_label(action, lang)  # type: ignore[arg-type]
            sentence = describe_action(action, lang, ["Ana"])  # type: ignore[arg-type]
            assert label and "{" not in label
            assert "Ana" in sentence and "{" not in sentence
    assert describe_action(Action.parse("0 mazo"), "es", ["Ana"]) == "Ana se va al mazo"


@settings(max_examples=40, deadline=None)
@given(spec=games())
def test_every_event_of_random_playouts_has_words(spec: GameSpec) -> None:
    """Every event the engine makes, in every preset, gets a sentence that names its seat or team."""
    for step in random_playout(spec):
        for event in step.events:
            for lang in LANGS:
                text = describe_event(event, lang, NAMES)  # type: ignore[arg-type]
                assert text and "{" not in text and "None" not in text
                if event.seat is not None and event.kind is not EventKind.RPS_TIE:
                    assert NAMES[event.seat] in text, (event, text)


def test_refusals_are_sentences_in_both_languages() -> None:
    state = play("default", [["1E", "7E", "4C"], ["1B", "3O", "3B"]])
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Action.parse("1 3O"))
    spanish = describe_refusal(caught.value, "es", ["Ana", "Beto"])
    english = describe_refusal(caught.value, "en", ["Ana", "Beto"])
    assert spanish.startswith("No") and english and english != spanish
    if getattr(caught.value, "code", None) == "not-your-turn":  # once the engine gives codes
        assert spanish == "No te toca: le toca a Ana."
        assert english == "It is not your turn: it is Ana's turn."
    else:
        assert english == str(caught.value) and spanish == f"No podés hacer eso ahora ({caught.value})."


def test_every_refusal_code_has_words_in_both_languages() -> None:
    """Each stable refusal code of pytruco._engine.refusals has a sentence in Spanish and English (skips until the
    engine gives codes)."""
    refusals = pytest.importorskip("pytruco._engine.refusals", reason="the engine gives no refusal codes yet")
    from pytruco.text._refusals import _REFUSALS

    assert set(refusals.MESSAGES) <= set(_REFUSALS), sorted(set(refusals.MESSAGES) - set(_REFUSALS))


@settings(max_examples=25, deadline=None)
@given(spec=games())
def test_refusals_of_random_playouts_read_well(spec: GameSpec) -> None:
    """Every refusal met in random playouts gets a sentence from its code, with the seats' names, in both languages."""
    from pytruco import legal_actions

    from .strategies import candidate_actions

    candidates = candidate_actions(spec.rules.players)
    rng = __import__("random").Random(spec.seed)
    for number, step in enumerate(random_playout(spec)):
        if number % 4 or step.after.is_over or step.after.is_chance:
            continue
        legal = set(legal_actions(step.after, meta=True))
        for action in rng.sample(candidates, 8):
            if action in legal:
                continue
            try:
                apply(step.after, action)
            except IllegalActionError as error:
                code = getattr(error, "code", None)
                for lang in LANGS:
                    text = describe_refusal(error, lang, NAMES)  # type: ignore[arg-type]
                    assert text and "{" not in text and "None" not in text
                    if code is not None and code != "illegal":  # from the table, not the general fallback
                        assert not text.startswith("No podés hacer eso ahora (") and text != str(error), (code, text)


def test_a_team_of_several_players_takes_a_plural_verb() -> None:
    names = ["Ana", "Beto", "Carla", "Dani"]
    assert describe_event(Event(EventKind.POINTS, team=1, points=3, detail="truco"), "es", names) == (
        "Beto y Dani sumaron 3 puntos por la mano"
    )
    assert describe_event(Event(EventKind.HAND_WON, team=0), "es", names[:2]) == "Ana ganó la mano"
    assert describe_event(Event(EventKind.HAND_WON, team=0), "en", names) == "Ana and Carla won the hand"

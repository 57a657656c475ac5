"""The cards shown at the end of a hand: PRESETS.md §5 decides envido points from cards nobody has
seen — the ``reglamento`` bluff check (a false winning declaration gives the points to the other team) and the
``classic`` show rule (the winner shows the cards it sang with). The ``shown`` events and the view's ``shown``
member carry those cards (§8.12, §8.19 say which), to every seat and to spectators alike; nothing is shown where
the rules show nothing."""

from __future__ import annotations

from typing import Any

import pytest

from pytruco import Action, EventKind, State, apply
from pytruco.frontend import seat_events
from pytruco.schema import schema
from pytruco.text import describe_event
from pytruco.views import ShownCards, view

from .helpers import play

DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]  # seat 0: 33 (7C 6C), seat 1: 29 (5O 4O)
ENVIDO = ("0 envido", "1 quiero")


def shown_events(state: State, *actions: str) -> tuple[State, list[tuple[int | None, str, int]]]:
    """Apply *actions*; the ``shown`` events they gave, as (seat, card, points)."""
    found = []
    for text in actions:
        state, events = apply(state, Action.parse(text))
        found += [(e.seat, str(e.card), e.points) for e in events if e.kind is EventKind.SHOWN]
    return state, found


def shown_json(state: State, seat: int | None) -> list[dict[str, Any]]:
    return view(state, seat).to_json()["shown"]


def test_reglamento_a_false_winning_declaration_is_shown_with_the_true_cards() -> None:
    """§5 (reglamento): seat 0 says 31 but holds 33; when the hand ends its cards are shown, the declaration is
    false and the envido goes to team 1. Both seats and a spectator see the same cards."""
    state = play("reglamento", DEAL, *ENVIDO)
    state, found = shown_events(state, "0 tengo 31", "1 son-buenas", "0 mazo")
    assert found == [(0, "6C", 33), (0, "7C", 33)]
    for seat in (0, 1, None):
        assert shown_json(state, seat) == [{"seat": 0, "cards": ["6C", "7C"], "points": 33}]
    assert view(state, 1).shown == (ShownCards(0, tuple(view(state, 0).shown[0].cards), 33),)
    assert state.score == (0, 3)  # the false envido's 2, and the truco's 1


def test_reglamento_a_true_declaration_is_shown_too() -> None:
    state = play("reglamento", DEAL, *ENVIDO)
    state, found = shown_events(state, "0 tengo 33", "1 son-buenas", "0 mazo")
    assert found == [(0, "6C", 33), (0, "7C", 33)]
    assert state.score == (2, 1)


def test_classic_the_winner_shows_at_the_end_of_the_hand() -> None:
    """§5 (classic show rule): seat 0 won the envido and did not fold, so the hand's end shows 7C 6C (7C
    was already face up; 6C was never played)."""
    state = play("classic", DEAL, *ENVIDO, "0 tengo 33", "1 son-buenas", players=2)
    assert view(state, 1).shown == ()
    state, found = shown_events(state, "0 1E", "1 3B", "0 7C", "1 5O")
    assert found == [(0, "6C", 33), (0, "7C", 33)]
    assert shown_json(state, 1) == [{"seat": 0, "cards": ["6C", "7C"], "points": 33}]


def test_classic_a_winner_who_folds_without_showing_shows_nothing() -> None:
    """§5: the winner who goes to the mazo before its cards were face up loses the envido; no card is shown."""
    state = play("classic", DEAL, *ENVIDO, "0 tengo 33", "1 son-buenas", players=2)
    state, found = shown_events(state, "0 mazo")
    assert found == [] and shown_json(state, 1) == []
    assert state.score == (0, 3)


@pytest.mark.parametrize(
    ("hand", "cards", "points"),
    [
        (["7C", "12O", "6C"], ["6C", "7C"], 33),  # §8.12: the pair that gives the points, in the deck's order
        (["10E", "5O", "12C"], ["5O"], 5),  # without a pair, the one card that gives them
        (["10E", "11O", "12C"], ["10E"], 0),  # 0 points: any one card (the first)
    ],
)
def test_the_cards_shown_are_those_that_make_the_points(hand: list[str], cards: list[str], points: int) -> None:
    """PRESETS.md §8.12, §8.19 (which cards make envido points)."""
    state = play("reglamento", [hand, ["4E", "4O", "4B"]], *ENVIDO, f"0 tengo {points}", "1 son-buenas")
    state, found = shown_events(state, "0 mazo")
    assert found == [(0, card, points) for card in cards]


def test_presets_without_a_check_show_nothing() -> None:
    """default, online, ladder: declarations must be true and nothing waits for the cards (§5)."""
    for preset in ("default", "online", "ladder"):
        state = play(preset, DEAL, *ENVIDO)
        state, found = shown_events(state, "0 tengo 33", "1 son-buenas", "0 mazo")
        assert found == [] and shown_json(state, 1) == [], preset


def test_shown_events_and_views_validate_and_read_back() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    state = play("reglamento", DEAL, *ENVIDO, "0 tengo 33", "1 son-buenas")
    after, events = apply(state, Action.parse("0 mazo"))
    for data in seat_events(after, events, 1):
        jsonschema.validate(data, schema("event"))
    jsonschema.validate(view(after, 1).to_json(), schema("view"))
    from pytruco.views import SeatView

    assert SeatView.from_json(view(after, 1).to_json()) == view(after, 1)
    shown = [e for e in events if e.kind is EventKind.SHOWN]
    assert describe_event(shown[0], "es", ["Ana", "Beto"]) == "Ana mostró el seis de copas (33 de envido)"
    assert describe_event(shown[1], "en", ["Ana", "Beto"]) == "Ana showed the seven of cups (33 of envido)"

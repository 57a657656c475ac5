"""The read-only API a user interface relies on: what is pending, who holds the quiero, declarations."""

from __future__ import annotations

import random

import pytest

import pytruco
from helpers import play
from pytruco import Kind, Record, RuleSet, apply, new_game, random_deal, replay
from pytruco.views import view


def test_pending_truco_and_quiero_team() -> None:
    """PRESETS.md §4: a truco waits for the other side; the side that accepts holds the quiero."""
    deal = [["1E", "7E", "4C"], ["1B", "3O", "3B"]]
    state = play("default", deal, "0 truco")
    assert state.round.pending == (Kind.TRUCO, 0)
    assert state.round.quiero_team is None
    state = play("default", deal, "0 truco", "1 retruco")
    assert state.round.pending == (Kind.RETRUCO, 1)
    assert state.round.quiero_team == 1  # "quiero retruco": team 1 accepted the truco
    state = play("default", deal, "0 truco", "1 retruco", "0 quiero")
    assert state.round.pending is None
    assert state.round.quiero_team == 0
    assert state.round.truco_level == 2 and state.round.truco_value == 3


def test_pending_envido_primero_over_a_truco() -> None:
    """PRESETS.md §5 envido primero: the envido is settled first, then the truco is answered."""
    deal = [["1E", "7E", "4O"], ["5C", "6C", "3O"]]
    state = play("default", deal, "0 truco", "1 envido")
    assert state.round.pending == (Kind.ENVIDO, 1)
    state = play("default", deal, "0 truco", "1 envido", "0 no-quiero")
    assert state.round.pending == (Kind.TRUCO, 0)
    assert state.to_act == (1,)


def test_declaring_and_declarations() -> None:
    """PRESETS.md §5 declarations: mano first, then the others; `son-buenas` shows as None."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    state = play("default", deal, "0 envido", "1 quiero")
    assert state.round.declaring == "envido" and state.round.pending is None
    state = play("default", deal, "0 envido", "1 quiero", "0 tengo 33")
    assert state.round.declarations == ((0, 33),)
    state = play("default", deal, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas")
    assert state.round.declaring is None
    assert state.round.declarations == ((0, 33), (1, None))


def test_pending_flor_answer() -> None:
    """PRESETS.md §6 (classic): the second holder answers the first flor."""
    state = play("classic", [["4C", "5C", "6C"], ["7B", "5B", "12B"]], "0 flor")
    assert state.round.pending == (Kind.FLOR, 0)
    assert state.round.flor_sung == frozenset({0})
    state = play("classic", [["4C", "5C", "6C"], ["7B", "5B", "12B"]], "0 flor", "1 contraflor")
    assert state.round.pending == (Kind.CONTRAFLOR, 1)


def test_records_keep_options_beyond_the_stable_ones() -> None:
    """RECORDS.md: the library may accept more option names, which it documents; they round-trip."""
    rules = RuleSet.preset("default", envido_primero=False, mazo_penalty="none", players=4)
    rng = random.Random(3)
    state = new_game(rules, first_mano=2)
    state = apply(state, random_deal(state, rng))[0]
    record = Record.from_state(state)
    assert record.to_dict()["rules"] == {
        "preset": "default",
        "players": 4,
        "envido_primero": False,
        "mazo_penalty": "none",
    }
    again = replay(Record.loads(record.dumps()))
    assert again.state == state and again.state.rules == rules


def test_view_of_a_finished_match() -> None:
    """A finished match still gives views; no seat may act."""
    state = play("default", [["1E", "3O", "4B"], ["7O", "2C", "5E"]], "0 truco", "1 no-quiero", "1 rendirse")
    seen = view(state, 0)
    assert state.is_over and state.winner == 0
    assert seen.legal == () and seen.to_act == () and seen.winner == 0


@pytest.mark.parametrize("cls", [pytruco.State, pytruco.Round])
def test_state_and_round_are_not_built_by_hand(cls: type) -> None:
    """State and Round are made by new_game only: State() and Round() built broken objects; now a clear ArgumentError
    points to new_game."""
    with pytest.raises(pytruco.ArgumentError, match=r"is not built by hand: .*pytruco\.new_game\(\)"):
        cls()
    with pytest.raises(pytruco.ArgumentError, match=r"is not built by hand: .*pytruco\.new_game\(\)"):
        cls(rules=pytruco.RuleSet.preset("default"))

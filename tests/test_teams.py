"""Team play, 2v2 and 3v3: PRESETS.md "Words", §3, §4, §5, §7 and §8.16."""

from __future__ import annotations

import pytest

from helpers import act, legal, play
from pytruco import IllegalActionError

DEAL_4 = [
    ["1E", "7O", "3B"],  # seat 0, team 0: 7
    ["4E", "5O", "6C"],  # seat 1, team 1: 6
    ["2E", "12E", "11C"],  # seat 2, team 0: 22
    ["5C", "7B", "4O"],  # seat 3, team 1: 5
]
DEAL_6 = [
    ["1E", "7O", "4B"],  # 0
    ["4E", "5O", "6C"],  # 1
    ["2E", "12O", "11C"],  # 2
    ["5C", "7B", "4O"],  # 3
    ["6E", "10B", "1O"],  # 4
    ["3C", "2O", "12B"],  # 5
]
TEAM_PRESETS = ["default", "classic", "reglamento"]


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_any_seat_of_the_other_team_answers(preset):
    """PRESETS.md §4: in team play a pending call may be answered by any seat of the other team."""
    state = play(preset, DEAL_4, "0 truco", players=4)
    assert state.to_act == (1, 3)
    for seat in (1, 3):
        after = act(state, f"{seat} quiero")
        assert after.round.truco_level == 1
        assert after.to_act == (0,)  # back to the seat whose turn it was
    state = play(preset, DEAL_6, "0 truco", players=6)
    assert state.to_act == (1, 3, 5)
    assert act(state, "5 quiero").to_act == (0,)


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_the_first_answer_counts(preset):
    """PRESETS.md §4: the first answer counts; the partner cannot answer again."""
    state = play(preset, DEAL_4, "0 truco", "3 quiero", players=4)
    with pytest.raises(IllegalActionError, match="seat 1"):
        act(state, "1 no-quiero")


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_partner_cannot_answer_its_own_teams_call(preset):
    """PRESETS.md §4 and §8.1: a call is answered by the other team, never by the caller's partner."""
    with pytest.raises(IllegalActionError, match="seat 2") as info:
        play(preset, DEAL_4, "0 truco", "2 quiero", players=4)
    assert "truco" in str(info.value)
    with pytest.raises(IllegalActionError, match="seat 2"):
        play(preset, DEAL_4, "0 envido", "2 quiero", players=4)
    with pytest.raises(IllegalActionError, match="seat 2"):
        play(preset, DEAL_4, "0 truco", "2 retruco", players=4)


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_raise_answered_by_the_other_team(preset):
    """PRESETS.md §4: a raise by one seat is answered by any seat of the other team (the first caller's partner
    included)."""
    state = play(preset, DEAL_4, "0 truco", "3 retruco", players=4)
    assert state.to_act == (0, 2)
    state = act(state, "2 quiero")
    assert state.round.truco_level == 2
    assert state.to_act == (0,)


def test_quiero_belongs_to_the_team():
    """PRESETS.md §4: the side that accepted holds the quiero: any of its seats may raise on its own turn."""
    state = play("default", DEAL_4, "0 truco", "1 quiero", "0 1E", "1 4E", "2 2E", players=4)
    assert state.to_act == (3,)
    assert "3 retruco" in legal(state)
    state = play("default", DEAL_4, "0 truco", "1 quiero", "0 1E", players=4)
    assert "1 retruco" in legal(state)
    state = play("default", DEAL_4, "0 truco", "1 quiero", "0 1E", "1 4E", players=4)
    assert "2 retruco" not in legal(state)


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_envido_window_per_seat(preset):
    """PRESETS.md §5 window: in trick 1 each seat may open before it has played its own card."""
    state = play(preset, DEAL_4, "0 1E", "1 4E", "2 2E", players=4)
    assert "3 envido" in legal(state)
    state = play(preset, DEAL_4, "0 1E", "1 4E", "2 2E", "3 envido", players=4)
    assert state.to_act == (0, 2)


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_envido_primero_by_a_seat_that_has_not_played(preset):
    """PRESETS.md §5 envido primero (team play): the answering seat must not have played its first card."""
    state = play(preset, DEAL_4, "0 1E", "1 4E", "2 truco", players=4)
    assert state.to_act == (1, 3)
    assert "1 envido" not in legal(state)
    assert "3 envido" in legal(state)


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_team_declarations_from_the_mano(preset):
    """PRESETS.md §5 declarations (team play): from the mano, once around, skipping seats whose team holds the best."""
    actions = ["1 envido", "2 quiero"]
    state = play(preset, DEAL_4, *actions, players=4, first_mano=1)
    assert state.to_act == (1,)
    state = act(state, "1 tengo 6")
    assert state.to_act == (2,)
    state = act(state, "2 tengo 22")
    assert state.to_act == (3,)  # team 1 no longer holds the best
    state = act(state, "3 son-buenas")
    assert state.to_act == (1,)  # seat 0 is skipped: team 0 holds the best; back to the mano's turn


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_six_seat_folds(preset):
    """PRESETS.md §7 team play (3v3): a seat that folds is out; the team loses when all three have folded."""
    state = play(preset, DEAL_6, "0 1E", "1 mazo", "2 2E", "3 mazo", players=6)
    assert state.round.folded == frozenset({1, 3})
    assert state.to_act == (4,)
    state = act(state, "4 6E", "5 mazo")
    assert state.round.ended
    assert state.round.points == (1 + 1, 0)  # the side folded during trick 1: the penalty


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_six_seat_rotation_and_team_of_a_seat(preset):
    """PRESETS.md "Words": team of a seat = seat mod 2; play passes from seat i to seat i + 1."""
    state = play(preset, DEAL_6, "0 4B", players=6)
    for seat in (1, 2, 3, 4, 5):
        assert state.to_act == (seat,)
        card = DEAL_6[seat][0]
        state = act(state, f"{seat} {card}")
    trick = state.round.tricks[0]
    assert trick.team == 1 and trick.seat == 5  # 3C beats the other first cards; seat 5 is team 1
    assert state.to_act == (5,)


def test_team_tie_in_a_won_trick_by_partners():
    """PRESETS.md §3 (team play): the best card played by two partners wins the trick for their team."""
    deal = [["3E", "4C", "5B"], ["3O", "6E", "7C"], ["4E", "5O", "12C"], ["3B", "5E", "10B"]]
    state = play("default", deal, "0 4C", "1 3O", "2 4E", "3 3B", players=4)
    trick = state.round.tricks[0]
    assert (trick.team, trick.seat) == (1, 1)
    assert state.to_act == (1,)

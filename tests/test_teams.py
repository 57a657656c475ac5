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


# --- 3v3 pica-pica (§2, §8.23) -------------------------------------------------------------------------------
PICA_DEAL_1 = DEAL_6
PICA_DEAL_2 = [
    ["4C", "5B", "6O"],  # 0
    ["7E", "1B", "3O"],  # 1
    ["2C", "12E", "11B"],  # 2
    ["1E", "7O", "3B"],  # 3
    ["4E", "5O", "6C"],  # 4
    ["2E", "12O", "11C"],  # 5
]


def pica_game(preset: str, **options):
    """A 3v3 game with pica-pica after a normal first hand (team 0 wins it by a refused truco)."""
    state = play(preset, PICA_DEAL_1, "0 truco", "1 no-quiero", players=6, pica_pica=True, **options)
    assert state.is_chance and state.mano == 1
    return act(state, PICA_DEAL_2)


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_pica_hand_follows_a_normal_hand(preset):
    """PRESETS.md §2 and §8.23 (pica-pica): after the first (normal) hand, while both teams are at least 5 points
    from the target, a pica hand follows: seat 0 against seat 3 first; in each duel the seat nearer the hand's
    mano (seat 1 here) is mano, so seat 3 leads the first duel."""
    state = pica_game(preset)
    assert state.to_act == (3,)
    state = act(state, "3 truco")
    assert state.to_act == (0,)  # a 1v1 duel: only the opposite seat answers


def test_pica_duels_in_order_and_points_at_once():
    """PRESETS.md §8.23: the three duels are played one after the other (0-3, then 1-4, then 2-5), each a 1v1 hand of
    the preset from the one deal; in presets that score at once the points are added as each duel ends."""
    state = pica_game("default")
    state = act(state, "3 truco", "0 no-quiero")
    assert state.score == (1, 1)
    assert state.to_act == (1,)  # duel 1 against 4: seat 1 is the hand's mano
    state = act(state, "1 truco", "4 no-quiero")
    assert state.score == (1, 2)
    assert state.to_act == (2,)  # duel 2 against 5: seat 2 is nearer the mano
    state = act(state, "2 truco", "5 no-quiero")
    assert state.score == (2, 2)
    assert state.is_chance  # the pica hand is over; a normal hand follows


def test_pica_points_all_together_at_the_end_in_classic():
    """PRESETS.md §8.23: in presets that add points at the end of a hand, the duels' points are added together
    when the pica hand ends."""
    state = pica_game("classic")
    state = act(state, "3 truco", "0 no-quiero", "1 truco", "4 no-quiero")
    assert state.score == (1, 0)
    state = act(state, "2 truco", "5 no-quiero")
    assert state.score == (2, 2)


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_no_pica_hand_near_the_target(preset):
    """PRESETS.md §8.23: when a team is less than 5 points from the target the next hand is normal."""
    state = play(preset, PICA_DEAL_1, "0 truco", "1 no-quiero", players=6, pica_pica=True, score=(25, 0))
    state = act(state, PICA_DEAL_2)
    assert state.to_act == (1,)
    assert act(state, "1 truco").to_act == (0, 2, 4)


@pytest.mark.parametrize("preset", TEAM_PRESETS)
def test_pica_pica_off_by_default(preset):
    """PRESETS.md §2: pica-pica is optional and off: every hand of 3v3 is normal."""
    state = play(preset, PICA_DEAL_1, "0 truco", "1 no-quiero", players=6)
    state = act(state, PICA_DEAL_2)
    assert state.to_act == (1,)
    assert act(state, "1 truco").to_act == (0, 2, 4)


def test_classic_show_rule_in_teams():
    """PRESETS.md §5 (classic show rule, team play): the envido winner who folds before showing loses the envido
    and the hand for its team, although its partner is still in the hand."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"], ["2E", "12O", "11C"], ["5C", "7B", "4E"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "3 son-buenas"]
    actions += ["0 7C", "1 3B", "2 2E", "3 5C", "1 4O", "2 12O", "3 7B", "0 mazo"]
    state = play("classic", deal, *actions, players=4)
    assert state.round.ended
    assert state.round.folded == frozenset({0})
    assert state.round.points == (0, 2 + 1)


def test_team_tie_goes_to_the_seat_nearer_the_mano_not_the_manos_team():
    """PRESETS.md §5 tie (team play): equal points go to the seat nearer the mano in playing order, whichever team
    it is on (seat 1 before seat 2 when seat 0 is mano)."""
    deal = [["4C", "5O", "1E"], ["7C", "6C", "3B"], ["7E", "6E", "12O"], ["10C", "11O", "4B"]]
    actions = ["0 envido", "1 quiero", "0 tengo 5", "1 tengo 33", "2 tengo 33"]
    state = play("default", deal, *actions, players=4)
    assert state.round.points == (0, 2)  # seat 3 is skipped: its team holds the best
    assert state.to_act == (0,)

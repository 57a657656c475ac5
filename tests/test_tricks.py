"""Tricks and who wins the hand: PRESETS.md §3 and §8.4."""

from __future__ import annotations

import pytest

from helpers import play
from pytruco import Phase

NOT_LADDER = ["default", "online", "classic", "reglamento"]
ALL = [*NOT_LADDER, "ladder"]


def ended(state) -> bool:
    return state.round.ended and state.phase is Phase.DEAL


@pytest.mark.parametrize("preset", ALL)
def test_mano_leads_and_trick_winner_leads_next(preset):
    """PRESETS.md §3: the mano leads trick 1; the winner of a trick leads the next."""
    deal = [["4C", "7O", "5B"], ["1E", "4E", "6B"]]
    state = play(preset, deal, first_mano=1)
    assert state.to_act == (1,)
    state = play(preset, deal, "1 4E", "0 7O", first_mano=1)
    assert state.to_act == (0,)  # seat 0 won trick 1 although seat 1 is mano
    assert state.round.tricks[0].team == 0


@pytest.mark.parametrize("preset", ALL)
def test_two_tricks_win_the_hand(preset):
    """PRESETS.md §3: two tricks win; a hand with no truco accepted is worth 1 point."""
    state = play(preset, [["1E", "7E", "4O"], ["4C", "5C", "3B"]], "0 1E", "1 4C", "0 7E", "1 5C")
    assert ended(state)
    assert state.round.points == (1, 0)
    assert state.score == (1, 0)
    assert len(state.round.tricks) == 2


@pytest.mark.parametrize("preset", ALL)
def test_lead_after_parda_is_the_mano(preset):
    """PRESETS.md §3 (decided): after a parda the mano of the hand leads."""
    deal = [["3E", "4E", "5O"], ["3B", "7O", "4C"]]
    state = play(preset, deal, "1 3B", "0 3E", first_mano=1)
    assert state.round.tricks[0].parda
    assert state.to_act == (1,)
    state = play(preset, deal, "0 3E", "1 3B", first_mano=0)
    assert state.to_act == (0,)


@pytest.mark.parametrize("preset", ALL)
def test_parda_in_trick_1_then_trick_2_decides(preset):
    """PRESETS.md §3: once a trick is a parda, the next trick that is won decides (all presets, ladder too)."""
    state = play(preset, [["3E", "4E", "5O"], ["3B", "7O", "4C"]], "0 3E", "1 3B", "0 4E", "1 7O")
    assert ended(state)
    assert state.round.points == (0, 1)


@pytest.mark.parametrize("preset", NOT_LADDER)
def test_trick_1_won_and_trick_2_parda_ends_the_hand(preset):
    """PRESETS.md §3: trick 1 won and trick 2 parda: the winner of trick 1 (trick 3 is not played)."""
    state = play(preset, [["4C", "3E", "7O"], ["1E", "3B", "5O"]], "0 4C", "1 1E", "1 3B", "0 3E")
    assert ended(state)
    assert state.round.points == (0, 1)
    assert len(state.round.tricks) == 2


@pytest.mark.parametrize("preset", NOT_LADDER)
@pytest.mark.parametrize(
    ("deal", "actions", "winner"),
    [
        # trick 1 to seat 0, trick 2 to seat 1, trick 3 parda: the winner of trick 1
        ([["1E", "4E", "3O"], ["4C", "7O", "3B"]], ["0 1E", "1 4C", "0 4E", "1 7O", "1 3B", "0 3O"], 0),
        ([["4C", "7O", "3O"], ["1E", "4E", "3B"]], ["0 4C", "1 1E", "1 4E", "0 7O", "0 3O", "1 3B"], 1),
    ],
)
def test_one_one_and_parda_in_trick_3(preset, deal, actions, winner):
    """PRESETS.md §3: 1-1 and a parda in trick 3: the winner of trick 1."""
    state = play(preset, deal, *actions)
    assert ended(state)
    assert state.round.winner == winner
    assert state.round.points == ((1, 0) if winner == 0 else (0, 1))


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize(
    ("deal", "winner"),
    [([["3E", "2O", "1E"], ["3B", "2C", "4O"]], 0), ([["3E", "2O", "4O"], ["3B", "2C", "1E"]], 1)],
)
def test_two_pardas_then_trick_3_decides(preset, deal, winner):
    """PRESETS.md §3: parda, parda, then the first trick that was not a parda decides."""
    third = deal[0][2], deal[1][2]
    state = play(preset, deal, "0 3E", "1 3B", "0 2O", "1 2C", f"0 {third[0]}", f"1 {third[1]}")
    assert ended(state)
    assert state.round.winner == winner


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize("mano", [0, 1])
def test_three_pardas_the_mano_wins(preset, mano):
    """PRESETS.md §3: three pardas: the mano wins the hand."""
    deal = [["3E", "2O", "12C"], ["3B", "2C", "12O"]]
    other = 1 - mano
    actions = []
    for index in range(3):
        actions += [f"{mano} {deal[mano][index]}", f"{other} {deal[other][index]}"]
    state = play(preset, deal, *actions, first_mano=mano)
    assert ended(state)
    assert all(trick.parda for trick in state.round.tricks)
    assert state.round.winner == mano


@pytest.mark.parametrize("preset", NOT_LADDER)
def test_three_tricks_two_to_one(preset):
    """PRESETS.md §3: two tricks win, also in three tricks."""
    actions = ["0 1E", "1 4C", "0 4E", "1 7O", "1 3B", "0 5O"]
    state = play(preset, [["1E", "4E", "5O"], ["4C", "7O", "3B"]], *actions)
    assert ended(state)
    assert state.round.winner == 1


# --- ladder: the literal parda rule -----------------------------------------------------------------------
def test_ladder_trick_1_won_trick_2_parda_trick_3_decides():
    """PRESETS.md §3 (ladder, decided): trick 1 won by A and trick 2 parda: trick 3 is played and decides."""
    deal = [["1E", "3E", "4O"], ["4C", "3B", "7O"]]
    state = play("ladder", deal, "0 1E", "1 4C", "0 3E", "1 3B")
    assert not state.round.ended
    assert state.to_act == (0,)
    state = play("ladder", deal, "0 1E", "1 4C", "0 3E", "1 3B", "0 4O", "1 7O")
    assert ended(state)
    assert state.round.winner == 1
    assert state.round.points == (0, 1)


def test_ladder_last_trick_parda_goes_to_trick_1_winner():
    """PRESETS.md §3 (ladder): trick 1 won by A, trick 2 parda, trick 3 parda: A wins."""
    deal = [["1E", "3E", "3O"], ["4C", "3B", "3C"]]
    state = play("ladder", deal, "0 1E", "1 4C", "0 3E", "1 3B", "0 3O", "1 3C")
    assert ended(state)
    assert state.round.winner == 0


def test_ladder_one_one_parda_in_trick_3_goes_to_trick_1_winner():
    """PRESETS.md §3 (ladder): a parda in the last trick goes to the winner of the first."""
    deal = [["4C", "7O", "3O"], ["1E", "4E", "3B"]]
    state = play("ladder", deal, "0 4C", "1 1E", "1 4E", "0 7O", "0 3O", "1 3B")
    assert ended(state)
    assert state.round.winner == 1


def test_ladder_lead_after_parda_in_trick_2_is_the_mano():
    """PRESETS.md §3 (ladder): after trick 1 to seat 1 and a parda, the mano (seat 0) leads trick 3,
    and trick 3 decides; under the other presets the hand is already seat 1's."""
    deal = [["4C", "3E", "7O"], ["1E", "3B", "5O"]]
    state = play("ladder", deal, "0 4C", "1 1E", "1 3B", "0 3E")
    assert not state.round.ended
    assert state.to_act == (0,)
    state = play("ladder", deal, "0 4C", "1 1E", "1 3B", "0 3E", "0 7O", "1 5O")
    assert state.round.winner == 0
    assert state.round.points == (1, 0)
    default = play("default", deal, "0 4C", "1 1E", "1 3B", "0 3E")
    assert default.round.winner == 1


def test_ladder_truco_value_goes_to_trick_3_winner():
    """PRESETS.md §3 and §4 (ladder): the accepted truco value goes to whoever the literal rule names."""
    deal = [["1E", "3E", "4O"], ["4C", "3B", "7O"]]
    actions = ["0 truco", "1 quiero", "0 1E", "1 4C", "0 3E", "1 3B", "0 4O", "1 7O"]
    state = play("ladder", deal, *actions)
    assert state.round.points == (0, 2)


# --- team play ---------------------------------------------------------------------------------------------
DEAL_4 = [
    ["3E", "5E", "6O"],  # seat 0, team 0
    ["4C", "6E", "7C"],  # seat 1, team 1
    ["3B", "4B", "5O"],  # seat 2, team 0
    ["5C", "6C", "4O"],  # seat 3, team 1
]


@pytest.mark.parametrize("preset", ["default", "classic", "reglamento"])
def test_partners_equal_best_cards_win_the_trick(preset):
    """PRESETS.md §3 and §8.4: partners' equal best cards: their team wins the trick (no parda) and the
    partner who played that card first leads the next trick."""
    state = play(preset, DEAL_4, "1 4C", "2 3B", "3 5C", "0 3E", players=4, first_mano=1)
    trick = state.round.tricks[0]
    assert not trick.parda
    assert trick.team == 0
    assert trick.seat == 2
    assert state.to_act == (2,)


@pytest.mark.parametrize("preset", ["default", "classic", "reglamento"])
def test_team_parda_needs_both_teams(preset):
    """PRESETS.md §3: a parda needs equal best cards on both teams; then the mano leads."""
    deal = [["3E", "5E", "6O"], ["3B", "6E", "7C"], ["4C", "4B", "5O"], ["5C", "6C", "4O"]]
    state = play(preset, deal, "1 3B", "2 4C", "3 5C", "0 3E", players=4, first_mano=1)
    assert state.round.tricks[0].parda
    assert state.to_act == (1,)


@pytest.mark.parametrize("preset", ["default", "classic", "reglamento"])
def test_team_parda_with_three_equal_cards(preset):
    """PRESETS.md §3: two partners and an opponent with equal best cards: still a parda."""
    deal = [["3E", "5E", "6O"], ["3O", "6E", "7C"], ["3B", "4B", "5O"], ["4C", "6C", "4O"]]
    state = play(preset, deal, "0 3E", "1 3O", "2 3B", "3 4C", players=4)
    assert state.round.tricks[0].parda
    assert state.to_act == (0,)


def test_six_seat_partners_tie_and_lead():
    """PRESETS.md §3 and §8.4 (3v3): seats 1 and 5 tie with the best card; seat 1 played it first and leads."""
    deal = [
        ["4C", "11C", "3O"],
        ["3B", "4O", "2C"],
        ["5E", "2E", "12B"],
        ["6O", "5B", "12O"],
        ["4E", "6E", "10B"],
        ["3C", "7C", "10O"],
    ]
    actions = ["0 4C", "1 3B", "2 5E", "3 6O", "4 4E", "5 3C"]
    state = play("default", deal, *actions, players=6)
    trick = state.round.tricks[0]
    assert (trick.team, trick.seat) == (1, 1)
    assert state.to_act == (1,)


def test_a_parda_trick_is_announced_as_parda():
    """PRESETS.md §3: equal best cards of both teams make a parda: the trick's event is trick-parda, with no
    seat or team."""
    from helpers import play as play_deal
    from pytruco import Action, apply

    state = play_deal("default", [["3E", "4C", "5C"], ["3B", "4O", "5O"]], "0 3E")
    _, events = apply(state, Action.parse("1 3B"))
    assert [(e.kind.value, e.seat, e.team) for e in events] == [("card-played", 1, None), ("trick-parda", None, None)]

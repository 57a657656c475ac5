"""The decisions of PRESETS.md §8.23 and §8.25-8.32, one test or more for each.

The records here are small and worked by hand; the comments say why each expected figure is what it is.
"""

from __future__ import annotations

import pytest

from helpers import act, legal, play, play_hands, record_result
from pytruco import Action, IllegalActionError, apply, check
from pytruco.events import EventKind

# A normal 6-seat deal without flores: the game (and every chico) starts with a normal hand (§8.23, §8.27).
NORMAL = [["1E", "2B", "3C"], ["4E", "5B", "6C"], ["7E", "10B", "11C"], ["12E", "1B", "2C"], ["3E", "4B", "5C"]]
NORMAL.append(["6E", "7B", "10C"])
FIRST_HAND = (NORMAL, ["0 truco", "1 no-quiero"])  # team 0 scores 1; the next hand (mano seat 1) is a pica hand
PICA = {"players": 6, "pica_pica": True}


# --- §8.23: a duel of a preset that scores at once scores like any hand -------------------------------------


def test_pica_duel_points_are_scored_when_won_in_presets_that_score_at_once() -> None:
    """§8.23: in `default` a duel's envido is added to the score as soon as it is settled, while the duel
    goes on (the pica hand's points no longer wait for the end of the duel)."""
    deal = [["1O", "2O", "3O"], ["1B", "7E", "11B"], ["2E", "3B", "12O"], ["1E", "7B", "10E"]]
    deal += [["4C", "5C", "6O"], ["4E", "5B", "6E"]]
    # duel 0 is seat 0 against seat 3; seat 3 is nearer the hand's mano (seat 1), so it is the duel's mano
    state = play_hands("default", [FIRST_HAND, (deal, ["3 envido", "0 quiero", "3 tengo 21", "0 tengo 25"])], **PICA)
    assert state.duel == 0
    assert state.score == (1 + 2, 0)  # seat 0's 25 beats 7: the envido's 2 points are on the score at once
    assert legal(state) == ["3 10E", "3 1E", "3 7B", "3 mazo", "3 truco"]


def test_pica_duel_ends_the_game_at_once_and_nothing_more_of_that_action_scores() -> None:
    """§8.23 with §8.14: a fold that refuses a falta envido in a duel gives team 0 the refused chain (E-E-R,
    7 points: 25 + 7 = 32, scores are not capped, §8.11) and the game ends there: the fold's truco point is
    not added (32-10, not 33-10)."""
    deal = [["1O", "2O", "3O"], ["1B", "7E", "11B"], ["2E", "3B", "12O"], ["1E", "7B", "10E"]]
    deal += [["4C", "5C", "6O"], ["4E", "5B", "6E"]]
    actions = ["3 envido", "0 envido", "3 real-envido", "0 falta-envido", "3 mazo"]
    result = record_result({"preset": "default", **PICA}, [FIRST_HAND, (deal, actions)], score=[24, 10], first_mano=0)
    assert result["hands"][1] == {"points": [7, 0], "score": [32, 10]}
    assert result["winner"] == 0 and result["finished"] is True


def test_pica_falta_envido_reaches_the_target_mid_duel() -> None:
    """§8.23 and §2 (the game ends at once, mid-hand): a falta envido won in duel 0 is worth 30 - 21 = 9 and
    ends the game at 30-10 at once; nothing waits for the end of the duel."""
    deal = [["7C", "6C", "1E"], ["4O", "5O", "12E"], ["10B", "11B", "3E"], ["4C", "5B", "6O"], ["2E", "3O", "7B"]]
    deal.append(["1B", "7E", "2O"])
    state = play_hands(
        "default",
        [FIRST_HAND, (deal, ["3 falta-envido", "0 quiero", "3 tengo 6", "0 tengo 33"])],
        score=(20, 10),
        **PICA,
    )
    assert state.is_over and state.winner == 0
    assert state.score == (30, 10)


def test_pica_duels_of_end_of_hand_presets_still_add_everything_when_the_pica_hand_ends() -> None:
    """§8.23: in `classic` (points at the end of the hand) the duels' points are added together when the
    pica hand ends, not as each duel is won."""
    deal = [["1O", "2O", "4E"], ["1B", "7E", "11B"], ["2E", "3B", "12O"], ["1E", "7B", "10E"]]
    deal += [["4C", "5C", "6O"], ["6E", "5B", "3C"]]
    state = play_hands("classic", [FIRST_HAND, (deal, ["3 envido", "0 quiero", "3 tengo 21", "0 tengo 23"])], **PICA)
    assert state.duel == 0
    assert state.score == (1, 0)  # seat 0's envido (23 beats 21) waits for the end of the pica hand


# --- §8.27: every chico starts with a normal hand ------------------------------------------------------------


def test_reglamento_every_chico_starts_with_a_normal_hand() -> None:
    """§8.27 (and §8.23): the chico that starts after 13-0 + 2 = 15 begins with a normal hand, although the
    hand before it was normal too; the alternation restarts there, so the hand after it is a pica hand."""
    second = [["7C", "6C", "1E"], ["4O", "5O", "12E"], ["10B", "11B", "3E"], ["4C", "5B", "6O"], ["2E", "3O", "7B"]]
    second.append(["1B", "7E", "2O"])
    hands = [(NORMAL, ["0 envido", "1 no-quiero", "0 truco", "1 no-quiero"]), (second, [])]
    state = play_hands("reglamento", hands, score=(13, 0), target=15, **PICA)
    assert state.chicos == (1, 0) and state.score == (0, 0)
    assert state.duel is None and state.round.mano == 1  # a normal hand; the mano keeps rotating (§8.11)
    state = act(state, "1 truco", "2 no-quiero", NORMAL)
    assert state.duel == 0  # now a pica hand follows the normal one


# --- §8.28 and §8.29: what a lost flor moves -----------------------------------------------------------------


def test_reglamento_flor_lost_in_a_duel_moves_only_that_duels_flor_points() -> None:
    """§8.28: duel 0's flor (seat 0, +3 to team 0) stays with team 0 when seat 4 sings a flor in duel 1 and
    folds before its three cards are played: only duel 1's +3 moves to team 1.

    Team 0: 3 (duel 0's flor) + 1 (duel 0's truco) + 1 (duel 2's truco) = 5; team 1: 3 (moved) + 1 (duel 1's
    truco, the fold) = 4. Before this decision team 0's flor of duel 0 moved too (2-7).
    """
    deal = [["1O", "2O", "3O"], ["1B", "7E", "11B"], ["2E", "3B", "12O"], ["1E", "7B", "10E"]]
    deal += [["4C", "5C", "6C"], ["4E", "5B", "6E"]]
    duel_0 = ["3 1E", "0 flor", "0 1O", "3 7B", "0 2O", "0 3O", "3 10E"]
    duel_1 = ["1 1B", "4 flor", "4 mazo"]
    duel_2 = ["2 12O", "5 4E", "2 2E", "5 5B"]
    result = record_result(
        {"preset": "reglamento", **PICA}, [FIRST_HAND, (deal, duel_0 + duel_1 + duel_2)], first_mano=0
    )
    assert result["hands"][1] == {"points": [5, 4], "score": [6, 4]}


def test_reglamento_points_collected_from_a_lost_flor_do_not_move_again() -> None:
    """§8.29: seat 0's con-flor-me-achico gives team 1 +4; seat 1 sang and folds, so those 4 go to team 0.
    When seat 0 then folds, only team 0's own flor points (seat 2's flor, +3) go to team 1, not the 4 it
    collected from team 1's lost flor. Team 0: 4; team 1: 3 + 1 (the hand)."""
    deal = [["1O", "2O", "3O"], ["1C", "2C", "3C"], ["4E", "5E", "6E"], ["1E", "10B", "4O"]]
    actions = [
        "0 flor", "1 flor", "0 con-flor-me-achico",  # the second flor is a call: achico gives team 1 +4
        "0 3O", "1 1C", "2 flor", "2 4E", "3 4O",  # seat 2's flor: +3 to team 0; trick 1 to team 0
        "0 2O", "1 mazo", "2 5E", "3 1E",  # seat 1 sang and folds: team 1's 4 go to team 0; trick 2 to team 1
        "3 10B", "0 mazo", "2 6E",  # seat 0 sang and folds: team 0's own 3 go to team 1; trick 3 to team 1
    ]  # fmt: skip
    result = record_result({"preset": "reglamento", "players": 4}, [(deal, actions)])
    assert result["hands"] == [{"points": [4, 4], "score": [4, 4]}]


def test_reglamento_both_teams_lose_a_flor() -> None:
    """§8.29 with §8.22 (the public vector reglamento-2v2-double-flor-forfeit): seat 0's con-flor-me-achico
    answer leaves team 0 the 4; seat 0 folds, so they go to team 1; when seat 3 folds, team 1 has no flor
    points of its own to give back. Team 1: 4 + 1 (the hand)."""
    deal = [["10O", "3O", "7O"], ["1C", "10B", "1O"], ["11O", "6B", "6O"], ["5B", "12B", "11B"]]
    actions = ["2 6B", "3 flor", "0 flor", "3 con-flor-me-achico", "3 12B", "0 mazo", "1 1C", "1 10B", "2 6O"]
    actions.append("3 mazo")
    result = record_result({"preset": "reglamento", "players": 4}, [(deal, actions)], first_mano=2)
    assert result["hands"] == [{"points": [0, 5], "score": [0, 5]}]


# --- §8.26: an accepted contraflor al resto that ends the chico ---------------------------------------------


def test_contraflor_al_resto_ending_the_chico_adds_nothing_else_of_the_hand() -> None:
    """§8.26 (the public vector reglamento-2v2-settled-envido-then-contraflor-al-resto-ends-chico): team 0's
    refused envido (+1) is not added; team 1's score is raised from 10 to the target: 20 points, 10-30."""
    deal = [["7C", "6C", "1E"], ["4C", "5B", "12O"], ["1C", "2C", "3C"], ["4O", "5O", "6O"]]
    actions = ["0 envido", "1 no-quiero", "0 7C", "1 4C", "2 flor", "3 flor", "2 contraflor-al-resto", "3 quiero"]
    actions += ["2 tengo 26", "3 tengo 35"]
    result = record_result({"preset": "reglamento", "players": 4}, [(deal, actions)], score=[10, 10])
    assert result["hands"] == [{"points": [0, 20], "score": [10, 30]}]
    assert result["chicos"] == [0, 1]


def test_contraflor_al_resto_ending_the_chico_in_a_pica_hand_drops_the_earlier_duels() -> None:
    """§8.26 in a pica hand (§8.23: `reglamento` adds the duels' points when the pica hand ends): team 1's
    refused truco of duel 0 (+1) is never added; team 0's 11 is raised to 30 (+19) by seat 4's best flor.
    The project reads "no other point of that hand" as the whole pica hand (a decision of the project)."""
    deal = [["4E", "7B", "12O"], ["1C", "2C", "3C"], ["1E", "10B", "4O"], ["5E", "6O", "7O"], ["5B", "6B", "11B"]]
    deal.append(["4C", "5C", "12E"])
    actions = ["3 truco", "0 no-quiero", "1 flor", "4 contraflor-al-resto", "1 quiero", "1 tengo 26", "4 tengo 31"]
    result = record_result({"preset": "reglamento", **PICA}, [FIRST_HAND, (deal, actions)], score=[10, 10])
    assert result["hands"][1] == {"points": [19, 0], "score": [30, 10]}
    assert result["chicos"] == [1, 0]


# --- §8.25: later calls of a flor chain in team play -------------------------------------------------------


def test_any_seat_of_the_other_team_answers_a_contraflor() -> None:
    """§8.25: seat 2, who holds no flor, may answer seat 1's contraflor for team 0 (the first answer counts);
    the flores compared are those sung in the chain (seats 0 and 1)."""
    deal = [["1O", "2O", "3O"], ["1C", "2C", "3C"], ["4E", "5E", "7B"], ["4B", "5B", "6E"]]
    state = play("classic", deal, "0 flor", "1 contraflor", players=4)
    assert {a.split()[0] for a in legal(state)} == {"0", "2"}
    assert "2 quiero" in legal(state) and "2 contraflor-al-resto" in legal(state)
    state = act(state, "2 quiero")
    assert state.round.declaring == "flor"
    assert legal(state) == ["0 tengo 25"]  # the mano's flor first; seat 2 declares nothing
    state = act(state, "0 tengo 25")
    assert legal(state) == ["1 son-buenas", "1 tengo 25"]


def test_a_partner_without_flor_answers_a_second_flor_with_con_flor_me_achico() -> None:
    """§8.25 (`reglamento`): a second `flor` is a call that any seat of the first singer's team may answer;
    seat 2's `con-flor-me-achico` is its team's answer."""
    deal = [["1O", "2O", "3O"], ["1C", "2C", "3C"], ["4E", "5E", "7B"], ["1E", "10B", "4O"]]
    state = play("reglamento", deal, "0 flor", "1 flor", players=4)
    assert "2 con-flor-me-achico" in legal(state) and "2 quiero" in legal(state)
    state = act(state, "2 con-flor-me-achico")
    assert state.round.pending is None
    assert legal(state) == ["0 1O", "0 2O", "0 3O", "0 mazo", "0 truco"]


def test_a_flor_sung_while_a_contraflor_waits_is_declared_with_the_others() -> None:
    """§8.25: seat 2's flor, sung while seat 1's contraflor waits (§8.6 makes it sing first), scores its +3 and,
    once the contraflor is accepted, is declared with the others: seat 0's 25 loses to seat 1's 29, and seat 2's
    33 wins the contraflor (6) for team 0 (`classic`, flor on the two best cards). Team 0: 3 + 6, then the
    refused truco 1."""
    deal = [["1C", "2C", "3C"], ["4O", "5O", "12O"], ["6E", "7E", "12E"], ["4B", "7B", "10C"]]
    state = play("classic", deal, "0 flor", "1 contraflor", "2 flor", players=4)
    assert state.round.unscored == ((0, 3, "flor"),)
    state = act(state, "0 quiero", "0 tengo 25", "1 tengo 29")
    assert legal(state) == ["2 son-buenas", "2 tengo 33"]
    state = act(state, "2 tengo 33")
    assert state.round.unscored == ((0, 3, "flor"), (0, 6, "flor"))
    state = act(state, "0 truco", "1 no-quiero")
    assert state.round.points == (3 + 6 + 1, 0)


# --- §8.30: timeouts and folds around a flor chain ----------------------------------------------------------


def test_first_singer_timing_out_against_a_second_flor_says_con_flor_me_achico() -> None:
    """§8.30: in `reglamento` a first singer who times out when a second `flor` answers it says
    con-flor-me-achico (team 1 +4): the hand then plays out identically. Team 0: seat 2's flor 3;
    team 1: 4 + 1 (the hand: tricks 2 and 3)."""
    deal = [["1O", "2O", "3O"], ["1C", "2C", "3C"], ["4E", "5E", "6E"], ["1E", "10B", "4O"]]
    rest = ["0 3O", "1 1C", "2 flor", "2 4E", "3 4O", "0 2O", "1 2C", "2 5E", "3 1E", "3 10B", "0 1O", "1 3C"]
    rest.append("2 6E")
    timed_out = record_result(
        {"preset": "reglamento", "players": 4}, [(deal, ["0 flor", "1 flor", "0 timeout", *rest])]
    )
    said = record_result(
        {"preset": "reglamento", "players": 4}, [(deal, ["0 flor", "1 flor", "0 con-flor-me-achico", *rest])]
    )
    assert timed_out == said
    assert said["hands"] == [{"points": [3, 5], "score": [3, 5]}]


def test_fold_answering_a_truco_still_triggers_the_classic_show_rule() -> None:
    """§8.30 and §5 (classic show rule): seat 0 won the envido with 7C 6C (33) and folds answering a truco
    before showing them: the refused truco gives team 1 its 1 and the envido's 2 go to team 1 as well."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E", "1 truco", "0 mazo"]
    assert record_result("classic", [(deal, actions)])["hands"] == [{"points": [0, 3], "score": [0, 3]}]


def test_fold_answering_a_truco_still_loses_a_sung_flor_in_reglamento() -> None:
    """§8.30 and §8.22: seat 0 sang flor (+3) and folds answering a truco with two cards in hand: the refused
    truco gives team 1 its 1, and the flor's 3 go to team 1."""
    deal = [["1O", "2O", "3O"], ["5E", "4B", "3B"]]
    result = record_result("reglamento", [(deal, ["0 flor", "0 1O", "1 truco", "0 mazo"])])
    assert result["hands"] == [{"points": [0, 4], "score": [0, 4]}]


# --- §8.31: a folded seat's card on the table ---------------------------------------------------------------


def test_a_folded_seats_card_stays_on_the_table_and_wins_the_trick() -> None:
    """§8.31 and §8.16: seat 0 plays the ancho de espadas, then folds answering an envido (refusing it: team 1
    +1). Its card still wins trick 1 for team 0, and seat 1, the next seat still in the hand, leads."""
    deal = [["1E", "2E", "3E"], ["4C", "5C", "6O"], ["4B", "5B", "7B"], ["4O", "5O", "7C"]]
    state = play("default", deal, "0 1E", "1 envido", "0 mazo", "1 4C", "2 4B", "3 4O", players=4)
    (trick,) = state.round.tricks
    assert trick.team == 0 and trick.seat == 0
    assert 0 in state.round.folded
    assert state.round.turn == 1
    assert state.round.points == (0, 1)


# --- §8.32: malas and buenas --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "points"),
    [
        ((20, 5), 10),  # the leader is in buenas: 30 - 20
        ((5, 8), 22),  # both in malas: 30 - 8, the leader's score, not 15 - 8
    ],
)
def test_falta_value_is_the_target_minus_the_leaders_score_in_malas_and_buenas(score, points) -> None:
    """§8.32: no rule depends on malas and buenas; the falta value is always the target minus the leader's
    score (`default`)."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    actions = ["1 falta-envido", "0 quiero", "1 tengo 29", "0 tengo 33"]
    result = record_result("default", [(deal, actions)], score=list(score), first_mano=1)
    assert result["hands"][0]["points"] == [points, 0]


@pytest.mark.parametrize(
    ("score", "points"),
    [
        ((20, 5), 25),  # 30 - 5, the loser's score: the leader's would give 10
        ((12, 3), 27),  # both in malas: 30 - 3, not 30 - 12 (the leader's) nor 15 - 3
    ],
)
def test_ladder_keeps_its_own_falta_in_malas_and_buenas(score, points) -> None:
    """§8.32 ("`ladder` keeps its own falta, §5"): in `ladder` the falta is the target minus the score of the side
    that loses the envido, in malas and buenas alike. Seat 0's 33 beats 29; the hand's truco point follows."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    actions = ["0 envido", "1 real-envido", "0 envido", "1 falta-envido", "0 quiero", "0 tengo 33", "1 son-buenas"]
    actions += ["0 1E", "1 3B", "0 7C", "1 5O"]
    result = record_result("ladder", [(deal, actions)], score=list(score))
    assert result["hands"][0]["points"] == [points + 1, 0]


# --- a clearer refusal in a pica hand -----------------------------------------------------------------------


def test_a_seat_outside_the_current_duel_waits_for_its_duel() -> None:
    """§8.23: in a pica hand an action by a seat that is not in the current duel is refused with a message
    that says the seat waits for (or has played) its duel, not that it went to the mazo."""
    deal = [["4E", "7B", "12O"], ["1C", "2C", "3C"], ["1E", "10B", "4O"], ["5E", "6O", "7O"], ["5B", "6B", "11B"]]
    deal.append(["4C", "5C", "12E"])
    state = play_hands("reglamento", [FIRST_HAND, (deal, [])], **PICA)
    with pytest.raises(IllegalActionError, match=r"^seat 1 waits for its duel: this is duel 0 of the pica hand"):
        check(state, Action.parse("1 flor"))
    state = act(state, "3 truco", "0 no-quiero")
    assert state.duel == 1
    with pytest.raises(IllegalActionError, match=r"^seat 0 has played its duel: this is duel 1"):
        check(state, Action.parse("0 4E"))


def test_pica_duel_events_score_inside_the_duel() -> None:
    """§8.23: in `default` the `points` event of a duel's envido comes with the action that settles it."""
    deal = [["1O", "2O", "3O"], ["1B", "7E", "11B"], ["2E", "3B", "12O"], ["1E", "7B", "10E"]]
    deal += [["4C", "5C", "6O"], ["4E", "5B", "6E"]]
    state = play_hands("default", [FIRST_HAND, (deal, ["3 envido", "0 quiero", "3 tengo 21"])], **PICA)
    _, events = apply(state, Action.parse("0 tengo 25"))
    kinds = [event.kind for event in events]
    assert kinds[-2:] == [EventKind.ENVIDO_WON, EventKind.POINTS]
    assert events[-1].team == 0 and events[-1].points == 2


# --- §8.6 with §8.25: an unsung mandatory flor comes before answering a later flor call ---------------------

UNSUNG = [["4C", "5C", "6C"], ["7O", "10O", "11O"], ["4B", "5B", "6B"], ["4E", "1B", "7E"]]


@pytest.mark.parametrize(
    ("preset", "options", "calls", "refused"),
    [
        (
            "reglamento",
            {},
            ["0 flor", "1 flor"],
            ["2 quiero", "2 mazo", "2 contraflor-al-resto", "2 con-flor-me-achico"],
        ),
        ("classic", {}, ["0 flor", "1 contraflor"], ["2 quiero", "2 no-quiero", "2 mazo"]),
        ("default", {"flor": True}, ["0 flor", "1 contraflor"], ["2 quiero", "2 contraflor-al-resto"]),
    ],
)
def test_an_unsung_mandatory_flor_is_sung_before_answering_a_flor_call(preset, options, calls, refused) -> None:
    """§8.6 ("until the holder has sung its flor, flor is its only legal action; this includes answering a call
    and going to the mazo") with §8.25: seat 2 holds an unsung flor when seat 1's second flor or contraflor
    waits for team 0's answer; it may only sing (found by an audit: it could answer, or fold, unsung)."""
    state = play(preset, UNSUNG, *calls, players=4, **options)
    assert [a for a in legal(state) if a.startswith("2 ")] == ["2 flor"]
    for text in refused:
        with pytest.raises(IllegalActionError, match="seat 2 holds flor and must sing it"):
            check(state, Action.parse(text))
    state = act(state, "2 flor")
    assert 2 in state.round.flor_sung and state.round.pending is not None  # the call still waits
    assert "2 quiero" in legal(state) and "0 quiero" in legal(state)


def test_a_flor_sung_while_a_flor_call_waits_joins_the_comparison() -> None:
    """§6 (partners both with flor: each +3), §8.25 (the flores compared are those sung in the chain): seat 2's
    flor, sung while seat 1's second flor waited, scores its 3 and is declared with the others when the chain
    is accepted (seat 2's 35 ties seat 0's, and seat 0 is nearer the mano: team 0 wins the 6)."""
    state = play("reglamento", UNSUNG, "0 flor", "1 flor", "2 flor", "0 quiero", players=4)
    assert state.round.declaring == "flor"
    assert legal(state) == ["0 tengo 35"]
    state = act(state, "0 tengo 35", "1 son-buenas")
    state = act(state, "0 4C", "1 7O", "2 4B", "3 4E", "1 truco", "0 no-quiero")
    assert state.round.points == (6 + 3, 1)


def test_six_seats_an_unsung_flor_of_the_answering_team_sings_first() -> None:
    """§8.6 with §8.25 in 3v3: seat 4 holds the bastos flor, unsung, when seat 1's second flor waits for team
    0: its only action is `flor`; a partner without flor (seat 2) may answer at once."""
    deal = [["4C", "5C", "6C"], ["7O", "10O", "11O"], ["1E", "2B", "3E"], ["4E", "5B", "6B"], ["4B", "7B", "12B"]]
    deal.append(["3O", "7E", "10C"])
    state = play("reglamento", deal, "0 flor", "1 flor", players=6)
    assert [a for a in legal(state) if a.startswith("4 ")] == ["4 flor"]
    assert "2 con-flor-me-achico" in legal(state)
    deal[4] = ["4B", "7B", "12C"]  # without a flor, seat 4 answers like any partner
    state = play("reglamento", deal, "0 flor", "1 flor", players=6)
    assert "4 con-flor-me-achico" in legal(state)

"""The interactions PRESETS.md §9 names for each house-rule option (teams, pica-pica, chicos, flor chains, the
show rule, timeouts) that tests/test_house_rules.py did not test yet (issue 35: "a test per option per
interaction named in §9, each naming its section"). Each test names its section and the interaction."""

from __future__ import annotations

import pytest

from helpers import act, legal, play, start
from pytruco import Deal, apply

FLORES = [["7E", "6E", "5E"], ["1O", "2O", "3O"]]  # both seats hold a flor (classic 33 and 25)
HOLDER_1 = [["7E", "6B", "5E"], ["1O", "2O", "3O"]]  # seat 1 holds a flor, seat 0 none
DEAL = [["1E", "7O", "3B"], ["4E", "5O", "6C"]]
ENVIDO = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]  # seat 0: 29, seat 1: 31
SIX = [h.split() for h in ["1E 4B 5O", "7E 4C 5C", "3O 6B 10E", "2B 6O 11C", "7O 10B 11O", "12E 4O 6C"]]
SIX_FLORES = [h.split() for h in ["1E 4B 5O", "1O 2O 3O", "3C 6B 10E", "2B 6O 11C", "7E 6E 5E", "12E 4O 6C"]]
PICA = {"players": 6, "pica_pica": True, "pica_pica_schedule": "after-5"}


# --- §9.1 falta_envido ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("preset", "falta"), [("default", 9), ("classic", 10)])
def test_the_falta_of_a_pica_duel(preset, falta):
    """PRESETS.md §9.1 with pica-pica: in a pica hand of a preset that scores at once the falta counts the duels
    already played (default: duel 0 took team 0 from 5 to 6, "malas-leader": 15 - 6 = 9); where points are added
    when the hand ends, the score before the hand (classic: 15 - 5 = 10)."""
    state = start(preset, score=(5, 0), falta_envido="malas-leader", **PICA)
    state = act(state, SIX, "0 truco", "3 no-quiero", "1 falta-envido", "4 quiero", "1 tengo 29", "4 son-buenas")
    assert state.duel == 1
    if preset == "default":
        assert state.round.points == (0, falta) and state.score == (6, falta)
    else:  # seat 1 won the falta; it folds before showing its cards: the show rule moves the same 10 to team 0
        state = act(state, "1 mazo", "2 mazo")
        assert state.round.ended and state.round.points == (1 + falta + 1, 2)


@pytest.mark.parametrize(("rule", "value"), [("malas-winner", 12), ("malas-leader", 5), ("leader", 20)])
def test_the_show_rule_moves_the_falta_fixed_for_its_winner(rule, value):
    """PRESETS.md §9.1 with the classic show rule (§5, §8.39): the falta is fixed when the declarations end, for the
    team that won it (seat 1 at 10-3: "malas-winner" 15 - 3 = 12); when seat 1 then folds before showing the cards
    that make its 31 (5O, 6O), team 0 scores that same number (not 15 - 10 = 5), and the hand's 1."""
    state = play("classic", ENVIDO, "0 falta-envido", "1 quiero", "0 tengo 29", "1 tengo 31", "0 4C", "1 mazo",
                 score=(10, 3), falta_envido=rule)  # fmt: skip
    assert state.round.ended and state.score == (10 + value + 1, 3)


def test_ladder_falta_level_scores_the_malas_falta_and_its_refusal_stays_7():
    """PRESETS.md §9.1 in ``ladder`` (the F level, points at the end of the hand): accepted, the falta of the option
    ("malas-leader" at 10-3: 5); refused, its §5 value 7."""
    chain = ("0 envido", "1 real-envido", "0 envido", "1 falta-envido")
    accepted = play("ladder", ENVIDO, *chain, "0 quiero", "0 tengo 29", "1 tengo 31", "0 mazo",
                    score=(10, 3), falta_envido="malas-leader")  # fmt: skip
    assert accepted.round.ended and accepted.score == (10, 3 + 5 + 1)
    refused = play("ladder", ENVIDO, *chain, "0 no-quiero", "0 mazo", score=(10, 3), falta_envido="malas-leader")
    assert refused.round.ended and refused.score == (10, 3 + 7 + 1)


# --- §9.2 flor_flor_value ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["online", "ladder"])
def test_a_declined_first_flor_stays_3_whatever_the_flor_flor_value(preset):
    """PRESETS.md §9.2: a declined first flor is +3 (``no-quiero`` or a timeout) whatever N is."""
    state = play(preset, FLORES, "0 flor", "1 no-quiero", flor_flor_value=6)
    assert state.round.flor_sung == frozenset({0})
    state = act(state, "0 mazo")
    assert state.round.points == (3, 1)
    timed_out = play(preset, FLORES, "0 flor", "1 timeout", "0 mazo", flor_flor_value=4)
    assert timed_out.round.points == (3, 1)


def test_an_accepted_contraflor_stays_6_whatever_the_flor_flor_value():
    """PRESETS.md §9.2: the contraflor keeps its value (classic: accepted 6, refused 4) with N = 4."""
    accepted = play("classic", FLORES, "0 flor", "1 contraflor", "0 quiero", "0 tengo 33", "1 son-buenas", "0 mazo",
                    flor_flor_value=4)  # fmt: skip
    assert accepted.round.points == (6, 1)
    refused = play("classic", FLORES, "0 flor", "1 contraflor", "0 no-quiero", "0 mazo", flor_flor_value=4)
    assert refused.round.points == (0, 4 + 1)


@pytest.mark.parametrize("value", [3, 4, 6])
def test_a_partners_late_flor_stays_3_with_the_flor_flor_value(value):
    """PRESETS.md §9.2 with §8.25 and §8.38 (team play, classic 4 seats): seat 3 answers seat 0's flor with its
    own (the first answer counts for team 1): the best flor (seat 0's 33) scores N; seat 1's flor, sung after the
    chain is over, +3 alone; team 0 then folds (the hand's 1, no penalty: flores were called)."""
    deal = [["7E", "6E", "5E"], ["1O", "2O", "3O"], ["4C", "5B", "12E"], ["1B", "2B", "3B"]]
    state = play("classic", deal, "0 flor", "3 flor", "0 tengo 33", "3 son-buenas", "0 mazo", players=4,
                 flor_flor_value=value)  # fmt: skip
    assert legal(state) == ["1 flor"]  # §8.6: seat 1 sings first
    state = act(state, "1 flor", "1 1O", "2 mazo")
    assert state.round.ended and state.round.points == (value, 3 + 1)


# --- §9.3 flor_achico -------------------------------------------------------------------------------------------
def test_a_timeout_of_the_answering_seat_is_the_achico():
    """PRESETS.md §9.3 (with §7): a timeout of the seat that may answer the first flor is already this refusal: the
    first flor's team +3, the timed-out seat's flor not sung (nothing for it), the hand goes on."""
    state = play("classic", FLORES, "0 flor", "1 timeout", flor_achico=True)
    assert not state.round.ended and state.round.flor_sung == frozenset({0})
    achico = play("classic", FLORES, "0 flor", "1 con-flor-me-achico", flor_achico=True)
    assert legal(state) == legal(achico)
    assert act(state, "0 mazo").round.points == act(achico, "0 mazo").round.points == (3, 1)


def test_the_achico_in_team_play_is_the_teams_answer():
    """PRESETS.md §9.3 with §8.16 and §8.25: the first answer of the other team counts for it: after seat 3's
    con-flor-me-achico seat 1 can no longer answer the flor, and seat 1's unsung flor is still mandatory (§8.6)."""
    deal = [["7E", "6E", "5E"], ["1O", "2O", "3O"], ["4C", "5B", "12E"], ["1B", "2B", "3B"]]
    state = play("classic", deal, "0 flor", players=4, flor_achico=True)
    assert {"1 con-flor-me-achico", "3 con-flor-me-achico"} <= set(legal(state))
    state = act(state, "3 con-flor-me-achico")
    assert legal(state) == ["0 5E", "0 6E", "0 7E", "0 mazo", "0 truco"]  # the chain is over: nobody answers
    state = act(state, "0 mazo")
    assert legal(state) == ["1 flor"]  # seat 1 must still sing its flor (§8.6): +3 alone (§8.38)
    state = act(state, "1 flor", "1 1O", "2 mazo")
    assert state.round.ended and state.round.points == (3, 3 + 1)


# --- §9.4 mazo_penalty ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("penalty", "at_once", "at_the_end"),
    [("none", (5, 2), (1, 3)), ("no-truco", (5, 2), (2, 4)), ("trick-1", (5, 3), (2, 5))],
)
def test_the_penalty_in_pica_duels(penalty, at_once, at_the_end):
    """PRESETS.md §9.4 with §8.23 and §8.33: each duel is its own hand for the penalty. Scoring at once (default):
    duel 0's ``0 truco``, ``3 quiero``, ``0 mazo`` gives 2, +1 with "trick-1" only. Added at the end (classic):
    the same duel, then duel 1's and duel 2's manos fold at once (+1 penalty each except with "none")."""
    state = act(start("default", score=(5, 0), mazo_penalty=penalty, **PICA), SIX, "0 truco", "3 quiero", "0 mazo")
    assert state.duel == 1 and state.score == at_once
    state = act(start("classic", score=(5, 0), mazo_penalty=penalty, **PICA), SIX, "0 truco", "3 quiero", "0 mazo",
                "1 mazo", "2 mazo")  # fmt: skip
    assert state.round.ended and state.round.points == at_the_end


# --- §9.5 mano_mazo_before_acting -------------------------------------------------------------------------------
def test_true_in_team_play_puts_only_the_mano_out():
    """PRESETS.md §9.5 ``true`` with §7 and §8.16: in team play the mano's opening fold only puts that seat out."""
    deal = [["1E", "7O", "3B"], ["4E", "5O", "6C"], ["4O", "5E", "6B"], ["7C", "10B", "11E"]]
    state = play("default", deal, "0 mazo", players=4, mano_mazo_before_acting=True)
    assert not state.round.ended and state.round.points == (0, 0) and state.to_act == (1,)
    assert state.round.folded == frozenset({0})


def test_true_does_not_free_an_unsung_mandatory_flor():
    """PRESETS.md §9.5 ``true``: the mano may fold at once, a holder of an unsung mandatory flor only under §9.6."""
    deal = [FLORES[1], FLORES[0]]
    assert legal(play("default", deal, flor=True), 0) == ["0 flor"]
    assert legal(play("default", deal, flor=True, mazo_before_flor=True), 0) == ["0 flor", "0 mazo"]


def test_a_flor_is_an_action_of_the_manos_own():
    """PRESETS.md §9.5 ``false`` (online): a flor is the mano's own action; after it the mano may fold."""
    deal = [["1O", "2O", "3O"], ["4E", "5B", "6C"]]
    assert "0 mazo" not in legal(play("online", deal), 0)
    assert "0 mazo" in legal(play("online", deal, "0 flor"), 0)


# --- §9.6 mazo_before_flor --------------------------------------------------------------------------------------
FOUR_DECLARING = [["4C", "5C", "12E"], ["5O", "6O", "1B"], ["7E", "6E", "5E"], ["4B", "10O", "11C"]]


def test_no_fold_before_the_flor_while_a_declaration_is_due():
    """PRESETS.md §9.6 with §8.2: not while a declaration is due from the holder (seat 2, whose flor is unsung,
    must declare after seat 1's 31): flor is its only action."""
    state = play("classic", FOUR_DECLARING, "0 envido", "1 quiero", "0 tengo 29", "1 tengo 31", players=4,
                 mazo_before_flor=True)  # fmt: skip
    assert state.round.declaring is not None and state.to_act == (2,)
    assert legal(state, 2) == ["2 flor"]


def test_in_team_play_the_holders_fold_puts_only_that_seat_out():
    """PRESETS.md §9.6 with §8.16: the holder's fold is an ordinary fold: in team play it only puts that seat out,
    and its flor scores nothing."""
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"], ["4B", "10O", "11C"], ["7E", "6E", "5E"]]
    state = play("classic", deal, "0 4C", "1 5O", "2 4B", "3 mazo", players=4, mazo_before_flor=True)
    assert not state.round.ended and state.round.folded == frozenset({3}) and state.to_act == (1,)
    assert state.round.flor_sung == frozenset()


@pytest.mark.parametrize(("sung", "points"), [(True, (3, 1)), (False, (0, 2))])
def test_a_flor_sung_by_another_seat_is_called_the_holders_own_is_not(sung, points):
    """PRESETS.md §9.6 with §9.4 and §8.3 (4 seats, default with flor): team 0's last seat (seat 2, holding an unsung
    flor) folds in trick 1. After seat 0's flor (+3) a flor was called: no penalty; with only seat 2's unsung flor,
    nothing was called: the hand's 1 and the penalty."""
    hands = [["1O", "2O", "3O"] if sung else ["4C", "5C", "12E"], ["5B", "6C", "1B"], ["7E", "6E", "5E"],
             ["4B", "10C", "11C"]]  # fmt: skip
    opening = ["0 flor"] if sung else []
    state = play("default", hands, *opening, "0 mazo", "1 5B", "2 mazo", players=4, flor=True, mazo_before_flor=True)
    assert state.round.ended and state.round.points == points


def test_a_fold_that_ends_the_hand_ends_every_unsung_flor():
    """PRESETS.md §9.6: the mano folds before singing; the hand is over, and the other seat's unsung flor scores
    nothing either (1v1 classic: the hand's 1 and the penalty)."""
    state = play("classic", FLORES, "0 mazo", mazo_before_flor=True)
    assert state.round.ended and state.round.points == (0, 2) and state.round.flor_sung == frozenset()


def test_reglamento_a_holders_fold_moves_no_flor_points():
    """PRESETS.md §9.6 with §8.22 (reglamento): the fold before singing is not a "flor lost by folding": nothing was
    sung, nothing moves (the hand's 1 and the penalty, added at the end)."""
    state = play("reglamento", HOLDER_1, "0 7E", "1 mazo", mazo_before_flor=True)
    assert state.round.ended and state.round.points == (2, 0) and state.score == (2, 0)


@pytest.mark.parametrize("option", [True, False])
def test_a_holders_timeout_is_resolved_as_before(option):
    """PRESETS.md §9.6 with §7 and §8.20: a timeout of an unsung flor's holder is resolved as before under either
    value: it becomes a mazo (the flor is lost) carrying the penalty."""
    state = play("classic", HOLDER_1, "0 7E", "1 timeout", mazo_before_flor=option)
    assert state.round.ended and state.round.points == (2, 0) and state.round.flor_sung == frozenset()


# --- §9.7 pica_pica_schedule ------------------------------------------------------------------------------------
def test_the_pica_hand_in_progress_is_finished():
    """PRESETS.md §9.7 "after-5": a team reaching target - 5 in duel 0 (24 + 1) does not stop the pica hand: duels 1
    and 2 are played; the next hand is normal, for good."""
    state = act(start("default", score=(24, 0), **PICA), SIX, "0 truco", "3 no-quiero")
    assert state.score == (25, 0) and state.duel == 1
    state = act(state, "1 mazo", "2 mazo")
    assert state.round.ended and state.score == (27, 2)
    state, _ = apply(state, Deal.parse(SIX))
    assert state.duel is None


def test_the_manos_keep_rotating_across_pica_hands():
    """PRESETS.md §9.7: the manos keep rotating by one seat per hand (a pica hand with mano 0, then a normal hand with
    mano 1)."""
    state = act(start("default", score=(5, 0), **PICA), SIX)
    assert state.duel == 0 and state.round.mano == 0
    state, _ = apply(act(state, "0 mazo", "1 mazo", "2 mazo"), Deal.parse(SIX))
    assert state.duel is None and state.round.mano == 1


@pytest.mark.parametrize(("schedule", "envido", "pica"), [
    ("after-5", ["1 envido", "2 envido", "1 envido", "2 no-quiero", "1 truco", "2 retruco", "1 no-quiero"], False),
    ("always", ["1 envido", "2 envido", "1 envido", "2 no-quiero", "1 truco", "2 retruco", "1 no-quiero"], True),
    ("after-5", ["1 envido", "2 envido", "1 envido", "2 no-quiero", "1 truco", "2 no-quiero"], True),  # 0-5
])  # fmt: skip
def test_each_reglamento_chico_restarts_the_schedule(schedule, envido, pica):
    """PRESETS.md §9.7 with §8.27 (reglamento chicos): the hand that ends a chico is followed by the next chico's
    normal first hand at 0-0; under "after-5" pica-pica then waits for a team to have 5 points again (2-4: normal;
    0-5: pica), while under "always" a pica hand follows that first hand."""
    state = start("reglamento", score=(29, 6), players=6, pica_pica=True, pica_pica_schedule=schedule)
    state = act(state, SIX, "0 truco", "1 no-quiero")
    assert state.chicos == (1, 0) and state.score == (30, 6)
    state = act(state, SIX)
    assert state.duel is None and state.score == (0, 0)
    state = act(state, *envido)
    assert state.round.ended
    state, _ = apply(state, Deal.parse(SIX))
    assert (state.duel is not None) is pica, state.score


# --- §9.8 contraflor_al_resto -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "options", "declarations", "score", "points"),
    [
        ("default", {"flor": True}, ["1 tengo 26", "4 tengo 38"], (30, 5), (19, 0)),  # duel 0's 1 stays
        ("classic", {}, ["1 tengo 25", "4 tengo 33"], (30, 5), (20, 0)),  # no other point of the hand
    ],
)
def test_game_in_a_pica_hand(preset, options, declarations, score, points):
    """PRESETS.md §9.8 "game" with pica-pica: the best flor's team wins the game at once and the remaining duels are
    not played; scoring at once, duel 0's point stays (10 + 1, then raised to 30); added at the end, no other point
    of the hand is added, earlier duels included (10 raised to 30)."""
    state = start(preset, score=(10, 5), contraflor_al_resto="game", **PICA, **options)
    state = act(state, SIX_FLORES, "0 truco", "3 no-quiero", "1 flor", "4 contraflor-al-resto", "1 quiero",
                *declarations)  # fmt: skip
    assert state.is_over and state.winner == 0 and state.duel == 1
    assert state.score == score and state.round.points == points


def test_falta_in_a_pica_hand_added_at_the_end():
    """PRESETS.md §9.8 "falta" with §9.1 and pica-pica (classic): the falta of the score before the hand (30 - 10 =
    20) to the best flor, added with the other duels' points when the hand ends."""
    state = start("classic", score=(10, 5), **PICA)
    state = act(state, SIX_FLORES, "0 truco", "3 no-quiero", "1 flor", "4 contraflor-al-resto", "1 quiero",
                "1 tengo 25", "4 tengo 33", "1 mazo", "2 mazo")  # fmt: skip
    assert state.round.ended and state.round.points == (20 + 1 + 1, 2) and state.score == (32, 7)


@pytest.mark.parametrize(("value", "score", "chicos"), [("falta", (21, 20), (0, 0)), ("game", (30, 20), (1, 0))])
def test_reglamento_falta_is_points_in_the_chico_not_the_chico(value, score, chicos):
    """PRESETS.md §9.8 with chicos (reglamento, points added when the hand ends): "falta" gives the best flor (seat
    0's 35) the falta of §9.1 (30 - 20 = 10) and the hand goes on (seat 1 folds: the hand's 1); "game" (its own
    value) wins the chico at once, the score raised to 30 (§8.26)."""
    actions = ["0 flor", "1 flor", "0 contraflor-al-resto", "1 quiero", "0 tengo 35", "1 son-buenas"]
    state = play("reglamento", [["4C", "5C", "6C"], ["7B", "5B", "12B"]], *actions, score=(10, 20),
                 contraflor_al_resto=value)  # fmt: skip
    if value == "falta":
        state = act(state, "0 4C", "1 mazo")
    assert state.round.ended and state.score == score and state.chicos == chicos

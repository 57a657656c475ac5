"""Flor: PRESETS.md §6 and §8.5-8.8, 8.10, 8.17, 8.18, 8.22, 8.24."""

from __future__ import annotations

import pytest

from helpers import act, legal, play, refused
from pytruco import Action, IllegalActionError, Kind, RuleSet, apply
from pytruco.events import EventKind

# Flor of copas: 31 on the best two (6 + 5), 35 on all three. Flor of bastos: 32 either way (12 counts 0).
F0 = ["4C", "5C", "6C"]
F1 = ["7B", "5B", "12B"]
NO = ["3E", "2O", "5O"]  # no flor; 27 envido (2O 5O)
# F0 against F1: seat 1 wins tricks 1 and 3 (7B > 4C, 6C > 5B, 12B > 5C): the hand is team 1's.
PLAY_OUT = ["0 4C", "1 7B", "1 5B", "0 6C", "0 5C", "1 12B"]
FLORES = [F0, F1]
FLOR_PRESETS = ["online", "classic", "ladder", "reglamento"]
MANDATORY = ["classic", "reglamento"]
OPTIONAL = ["online", "ladder"]
END_OF_HAND = ["classic", "ladder", "reglamento"]


# --- flor in play ----------------------------------------------------------------------------------------
def test_no_flor_in_default():
    """PRESETS.md §6 (default): flor is not in play; three of a suit are just envido points."""
    state = play("default", [F0, NO])
    assert "0 flor" not in legal(state)
    assert refused(state, "0 flor") == "no-flor"


@pytest.mark.parametrize("preset", FLOR_PRESETS)
def test_only_a_holder_may_sing(preset):
    """PRESETS.md §8.6: a flor can never be sung by a seat without three cards of one suit."""
    with pytest.raises(IllegalActionError, match="seat 0"):
        play(preset, [NO, F1], "0 flor")
    assert "0 flor" not in legal(play(preset, [NO, F1]))
    assert "1 flor" in legal(play(preset, [NO, F1], "0 truco"))


# --- only one flor ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", FLOR_PRESETS)
def test_single_flor_scores_three_without_answer(preset):
    """PRESETS.md §6: only one flor: +3 to its team, no answer possible."""
    state = play(preset, [F0, NO], "0 flor")
    assert state.to_act == (0,)
    assert "1 quiero" not in legal(state) and not legal(state, 1)
    if preset == "online":
        assert state.round.points == (3, 0)
    state = play(preset, [F0, NO], "0 flor", "0 4C", "1 mazo")
    assert state.round.points == (3 + 1, 0)


# --- mandatory flor (classic, reglamento, default with flor: true) ----------------------------------------
@pytest.mark.parametrize(("preset", "options"), [("classic", {}), ("reglamento", {}), ("default", {"flor": True})])
def test_mandatory_flor_is_the_only_action(preset, options):
    """PRESETS.md §6 and §8.6: until the holder has sung, flor is its only legal action (besides timeout and
    rendirse), also when answering a call or instead of going to the mazo."""
    state = play(preset, [F0, NO], **options)
    assert legal(state) == ["0 flor"]
    for text in ["0 4C", "0 mazo", "0 truco", "0 envido"]:
        assert refused(state, text) == "must-sing-flor"
    state = play(preset, [NO, F1], "0 truco", **options)
    assert legal(state) == ["1 flor"]
    state = play(preset, [NO, F1], "0 envido", **options)
    assert legal(state) == ["1 flor"]
    state = play(preset, [NO, F1], "0 3E", **options)
    assert legal(state) == ["1 flor"]
    assert refused(play(preset, [NO, F1], "0 truco", **options), "1 mazo") == "must-sing-flor"


@pytest.mark.parametrize("preset", MANDATORY)
def test_mandatory_flor_suspends_a_truco(preset):
    """PRESETS.md §6 (classic, reglamento): flor may be sung while a truco is pending, which it suspends."""
    state = play(preset, [NO, F1], "0 truco", "1 flor")
    assert state.to_act == (1,)
    assert legal(state) == ["1 mazo", "1 no-quiero", "1 quiero", "1 retruco"]
    state = play(preset, [NO, F1], "0 truco", "1 flor", "1 no-quiero")
    assert state.round.ended
    assert state.round.points == (1, 3)


@pytest.mark.parametrize(("preset", "options"), [("classic", {}), ("reglamento", {}), ("online", {}), ("ladder", {})])
def test_flor_annuls_a_pending_envido(preset, options):
    """PRESETS.md §6: a flor sung as the answer to an envido annuls it; envido calls already made are void
    and score nothing, and no envido may follow."""
    state = play(preset, [NO, F1], "0 envido", "1 flor", **options)
    assert state.to_act == (0,)
    assert not {"0 envido", "0 quiero", "0 no-quiero"} & set(legal(state))
    assert refused(state, "0 envido") == "envido-after-flor"
    state = play(preset, [NO, F1], "0 envido", "1 flor", "0 mazo", **options)
    assert state.round.points == (0, 3 + 1)


@pytest.mark.parametrize("preset", FLOR_PRESETS)
def test_no_envido_after_a_flor(preset):
    """PRESETS.md §6: no envido in a hand once a flor is sung."""
    state = play(preset, [F0, NO], "0 flor")
    assert "0 envido" not in legal(state)
    state = play(preset, [F0, NO], "0 flor", "0 4C")
    assert not {"1 envido", "1 real-envido", "1 falta-envido"} & set(legal(state))
    assert refused(state, "1 envido") == "envido-after-flor"


def test_classic_flor_answers_an_accepted_envido_chain_in_declarations():
    """PRESETS.md §6 and §8.24: a flor voids an envido chain that is still being declared."""
    deal = [["7E", "6E", "4O"], F1]
    state = play("classic", deal, "0 envido")
    assert legal(state) == ["1 flor"]  # mandatory: the holder sings before quiero
    state = play("classic", deal, "0 envido", "1 flor", "0 7E", "1 7B", "0 6E", "1 5B")
    assert state.round.ended
    assert state.round.points == (1, 3)  # the envido is void


# --- flor against flor -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "answers", "first", "second", "stake"),
    [
        ("online", ["1 flor"], 31, 32, 3),
        ("classic", ["1 flor"], 31, 32, 3),
        ("ladder", ["1 flor"], 35, 32, 6),
        ("reglamento", ["1 flor", "0 quiero"], 35, 32, 6),
    ],
)
def test_flor_against_flor(preset, answers, first, second, stake):
    """PRESETS.md §6 flor against flor: online/classic best +3, ladder best +6, reglamento (quiero) best +6;
    the flores are compared by declarations, mano first (§6, last line), truly (§8.8)."""
    state = play(preset, FLORES, "0 flor", *answers)
    assert legal(state) == [f"0 tengo {first}"]
    state = play(preset, FLORES, "0 flor", *answers, f"0 tengo {first}")
    assert legal(state) == ["1 son-buenas", f"1 tengo {second}"]
    assert refused(state, f"1 tengo {second - 1}") == "flor-points-untrue"
    state = play(preset, FLORES, "0 flor", *answers, f"0 tengo {first}", f"1 tengo {second}", *PLAY_OUT)
    winner = 0 if first > second else 1
    expected = [0, 1]  # seat 1 wins the hand
    expected[winner] += stake
    assert state.round.points == tuple(expected)


@pytest.mark.parametrize("preset", FLOR_PRESETS)
@pytest.mark.parametrize("mano", [0, 1])
def test_tie_between_flores_goes_to_the_seat_nearer_the_mano(preset, mano):
    """PRESETS.md §6: tie between flores: the seat nearer the mano."""
    deal = [["4C", "5C", "6C"], ["4B", "5B", "6B"]]  # 31 / 35 each
    other = 1 - mano
    points = 35 if preset in ("ladder", "reglamento") else 31
    answers = [f"{other} flor"] + ([f"{mano} quiero"] if preset == "reglamento" else [])
    actions = [f"{mano} flor", *answers, f"{mano} tengo {points}", f"{other} tengo {points}"]
    stake = {"online": 3, "classic": 3, "ladder": 6, "reglamento": 6}[preset]
    state = play(preset, deal, *actions, f"{mano} {deal[mano][0]}", f"{other} mazo", first_mano=mano)
    expected = [0, 0]
    expected[mano] = stake + 1
    assert state.round.points == tuple(expected)


@pytest.mark.parametrize("preset", ["online", "ladder"])
def test_optional_second_holder_may_refuse(preset):
    """PRESETS.md §6 and §8.7 (online, ladder): no-quiero to the first flor gives the first flor +3."""
    state = play(preset, FLORES, "0 flor", "1 no-quiero")
    assert state.to_act == (0,)
    state = play(preset, FLORES, "0 flor", "1 no-quiero", "0 4C", "1 mazo")
    assert state.round.points == (3 + 1, 0)


@pytest.mark.parametrize("preset", MANDATORY)
def test_mandatory_second_holder_cannot_refuse(preset):
    """PRESETS.md §6 (classic, reglamento): the second holder answers flor, contraflor or contraflor al resto."""
    assert "1 no-quiero" not in legal(play(preset, FLORES, "0 flor"))
    assert refused(play(preset, FLORES, "0 flor"), "1 no-quiero") == "not-a-flor-answer"


@pytest.mark.parametrize(
    ("preset", "answers"),
    [
        ("online", ["1 contraflor", "1 contraflor-al-resto", "1 flor", "1 no-quiero"]),
        ("classic", ["1 contraflor", "1 contraflor-al-resto", "1 flor"]),
        ("ladder", ["1 flor", "1 mazo", "1 no-quiero"]),
        ("reglamento", ["1 contraflor-al-resto", "1 flor"]),
    ],
)
def test_answers_to_a_flor(preset, answers):
    """PRESETS.md §6 and §8.7: the second holder's answers per preset (ladder and reglamento have no
    contraflor; the ladder holder may also go to the mazo, §7 decided)."""
    assert legal(play(preset, FLORES, "0 flor")) == answers


@pytest.mark.parametrize("preset", ["ladder", "reglamento"])
def test_no_contraflor(preset):
    """PRESETS.md §6 (ladder, reglamento): there is no contraflor."""
    assert refused(play(preset, FLORES, "0 flor"), "1 contraflor") == "no-contraflor"


def test_ladder_no_contraflor_al_resto():
    """PRESETS.md §6 (ladder): there is no contraflor al resto."""
    assert refused(play("ladder", FLORES, "0 flor"), "1 contraflor-al-resto") == "no-contraflor-al-resto"


# --- contraflor -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("preset", "refused"), [("online", 3), ("classic", 4)])
def test_contraflor(preset, refused):
    """PRESETS.md §6 contraflor: accepted, best flor +6; refused, its caller +3 (online) or +4 (classic)."""
    state = play(preset, FLORES, "0 flor", "1 contraflor")
    assert state.to_act == (0,)
    assert {"0 quiero", "0 no-quiero", "0 contraflor-al-resto"} <= set(legal(state))
    state = play(preset, FLORES, "0 flor", "1 contraflor", "0 quiero", "0 tengo 31", "1 tengo 32", "0 mazo")
    assert state.round.points == (0, 6 + 1)
    state = play(preset, FLORES, "0 flor", "1 contraflor", "0 no-quiero", "0 mazo")
    assert state.round.points == (0, refused + 1)


# --- contraflor al resto -----------------------------------------------------------------------------------
def test_online_contraflor_al_resto_accepted_wins_the_game():
    """PRESETS.md §6 (online) and §8.11: an accepted contraflor al resto: the best flor wins the game; the
    score is raised to the target."""
    actions = ["0 flor", "1 contraflor-al-resto", "0 quiero", "0 tengo 31", "1 tengo 32"]
    state = play("online", FLORES, *actions, score=(12, 4))
    assert state.is_over
    assert state.winner == 1
    assert state.score == (12, 30)
    assert state.round.points == (0, 26)


@pytest.mark.parametrize(("preset", "over_flor", "over_contraflor"), [("online", 3, 6), ("classic", 4, 6)])
def test_contraflor_al_resto_refused(preset, over_flor, over_contraflor):
    """PRESETS.md §6 contraflor al resto refused: its caller +3 (online) or +4 (classic) over a flor, +6 over a
    contraflor."""
    state = play(preset, FLORES, "0 flor", "1 contraflor-al-resto", "0 no-quiero", "0 mazo")
    assert state.round.points == (0, over_flor + 1)
    actions = ["0 flor", "1 contraflor", "0 contraflor-al-resto", "1 no-quiero", "0 4C", "1 mazo"]
    state = play(preset, FLORES, *actions)
    assert state.round.points == (over_contraflor + 1, 0)


def test_classic_contraflor_al_resto_accepted_is_the_falta():
    """PRESETS.md §6 (classic): accepted, the falta value (target minus the leader's score) to the best flor."""
    actions = ["0 flor", "1 contraflor-al-resto", "0 quiero", "0 tengo 31", "1 tengo 32", "0 mazo"]
    state = play("classic", FLORES, *actions, score=(18, 4))
    assert state.round.points == (0, 12 + 1)
    assert state.score == (18, 17)
    assert not state.is_over


def test_reglamento_second_flor_answers():
    """PRESETS.md §6 (reglamento): to a second flor the first answers quiero (best +6), con-flor-me-achico
    (the second's team +4) or contraflor-al-resto."""
    state = play("reglamento", FLORES, "0 flor", "1 flor")
    assert legal(state) == ["0 con-flor-me-achico", "0 contraflor-al-resto", "0 mazo", "0 quiero"]
    state = play("reglamento", FLORES, "0 flor", "1 flor", "0 con-flor-me-achico", *PLAY_OUT)
    assert state.round.points == (0, 4 + 1)
    state = play("reglamento", FLORES, "0 flor", "1 flor", "0 quiero", "0 tengo 35", "1 son-buenas", *PLAY_OUT)
    assert state.round.points == (6, 1)


def test_reglamento_achico_points_lost_when_their_singer_folds():
    """PRESETS.md §6 (reglamento folding) and §8.22: the con-flor-me-achico points are the second holder's
    team's flor points; if it folds before its three cards are played they go to the other team."""
    state = play("reglamento", FLORES, "0 flor", "1 flor", "0 con-flor-me-achico", "0 4C", "1 mazo")
    assert state.round.points == (4 + 1, 0)


def test_reglamento_achico_only_by_the_first_holder():
    """PRESETS.md §6 (reglamento): con-flor-me-achico answers a second flor; the second holder cannot say it."""
    assert refused(play("reglamento", FLORES, "0 flor"), "1 con-flor-me-achico") == "achico-answers-second-flor"


@pytest.mark.parametrize(
    "calls", [["1 contraflor-al-resto", "0 quiero"], ["1 flor", "0 contraflor-al-resto", "1 quiero"]]
)
def test_reglamento_contraflor_al_resto_accepted_wins_the_chico(calls):
    """PRESETS.md §6 (reglamento), §2 and §8.11/§8.15: an accepted contraflor al resto ends the chico at once;
    the best flor's score is raised to the target; the next hand starts at 0-0."""
    state = play("reglamento", FLORES, "0 flor", *calls, "0 tengo 35", "1 tengo 32", score=(10, 20))
    assert state.chicos == (1, 0)
    assert state.score == (30, 20)
    assert state.round.points == (20, 0)
    assert state.is_chance and not state.is_over
    assert state.mano == 1
    next_deal = [NO, ["4E", "5E", "6O"]]
    state = play("reglamento", FLORES, "0 flor", *calls, "0 tengo 35", "1 son-buenas", next_deal, score=(10, 20))
    assert state.score == (0, 0)


@pytest.mark.parametrize(
    ("calls", "points"),
    [(["1 contraflor-al-resto", "0 no-quiero"], (0, 4)), (["1 flor", "0 contraflor-al-resto", "1 no-quiero"], (4, 0))],
)
def test_reglamento_contraflor_al_resto_refused(calls, points):
    """PRESETS.md §6 (reglamento): contraflor al resto refused: its caller +4."""
    state = play("reglamento", FLORES, "0 flor", *calls)
    assert state.to_act == (0,)
    state = play("reglamento", FLORES, "0 flor", *calls, *PLAY_OUT)
    assert state.round.points == (points[0], points[1] + 1)


# --- partners both with flor --------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "options"), [("classic", {}), ("reglamento", {}), ("default", {"flor": True})])
def test_partners_both_with_flor_each_score(preset, options):
    """PRESETS.md §6 partners both with flor: each sung flor scores for the team (+3 each)."""
    deal = [F0, ["3E", "2O", "5E"], ["7O", "6O", "4O"], ["4E", "6B", "7C"]]
    # trick 1 goes to seat 2 (7O); then seats 3 and 1 fold: team 0 wins the hand
    actions = ["0 flor", "0 4C", "1 3E", "2 flor", "2 7O", "3 4E", "2 6O", "3 mazo", "0 5C", "1 mazo"]
    state = play(preset, deal, *actions, players=4, **options)
    assert state.round.ended
    assert state.round.points == (3 + 3 + 1, 0)


# --- windows -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["online", "classic", "reglamento"])
def test_flor_before_own_first_card(preset):
    """PRESETS.md §6 window: a seat sings before its own first card (after the other's card is fine)."""
    state = play(preset, [NO, F1], "0 3E")
    assert "1 flor" in legal(state)
    state = play(preset, [NO, F1], "0 3E", "1 flor")
    assert state.to_act == (1,)


def test_ladder_flor_only_before_the_first_card_of_the_hand():
    """PRESETS.md §6 and §8.7 (ladder): the window closes when the first card of the hand is played."""
    state = play("ladder", [NO, F1], "0 3E")
    assert "1 flor" not in legal(state)
    assert refused(state, "1 flor") == "flor-before-first-card"
    state = play("ladder", [NO, F1], "0 truco")
    assert "1 flor" in legal(state)  # also as the answer to a truco


@pytest.mark.parametrize("preset", OPTIONAL)
def test_unsung_optional_flor_is_lost(preset):
    """PRESETS.md §6 (online, ladder): an unsung flor is simply lost; once the holder has played, no flor."""
    state = play(preset, [F0, NO], "0 4C")
    assert "0 flor" not in legal(state)
    state = play(preset, [F0, NO], "0 4C", "1 3E", "1 mazo")
    assert state.round.points == (1, 0)


@pytest.mark.parametrize("preset", OPTIONAL)
def test_optional_flor_answers_a_truco(preset):
    """PRESETS.md §8.7 and §8.18: an optional flor may answer a truco, which it suspends."""
    state = play(preset, [NO, F1], "0 truco", "1 flor")
    assert state.to_act == (1,)
    assert {"1 quiero", "1 no-quiero", "1 retruco"} <= set(legal(state))
    state = play(preset, [NO, F1], "0 truco", "1 flor", "1 quiero", "0 3E", "1 7B", "0 2O", "1 5B")
    assert state.round.points == (2, 3)


def test_online_flor_answers_retruco_and_vale_cuatro():
    """PRESETS.md §8.18: an optional flor may answer any truco-level call while the window is open."""
    state = play("online", [F0, NO], "0 truco", "1 retruco")
    assert "0 flor" in legal(state)
    state = play("online", [F0, NO], "0 truco", "1 retruco", "0 flor")
    assert state.round.points == (3, 0)
    assert state.to_act == (0,)
    assert "0 vale-cuatro" in legal(state)
    state = play("online", [NO, F1], "0 truco", "1 retruco", "0 vale-cuatro")
    assert "1 flor" in legal(state)


@pytest.mark.parametrize("preset", OPTIONAL)
def test_optional_flor_answers_only_the_first_envido_call(preset):
    """PRESETS.md §8.7 and §8.18: a flor may answer the first envido call (which it annuls); once that call is
    answered any other way (accepted, refused or raised), no flor in the hand."""
    assert "1 flor" in legal(play(preset, [NO, F1], "0 envido"))
    raised = "1 real-envido" if preset == "ladder" else "1 envido"
    state = play(preset, [F0, NO], "0 envido", raised)
    assert "0 flor" not in legal(state)
    state = play(preset, [F0, NO], "0 envido", "1 quiero")
    assert "0 flor" not in legal(state)
    state = play(preset, [F0, NO], "0 envido", "1 no-quiero")
    assert "0 flor" not in legal(state)
    assert refused(state, "0 flor") == "flor-envido-answered"


def test_online_optional_holder_may_answer_envido_normally():
    """PRESETS.md §6 (online): singing is optional; the holder may answer an envido with quiero."""
    state = play("online", [NO, F1], "0 envido", "1 quiero", "0 tengo 27", "1 tengo 32")
    assert state.round.points == (0, 2)
    assert "1 flor" not in legal(play("online", [NO, F1], "0 envido", "1 quiero", "0 tengo 27", "1 tengo 32", "0 3E"))


def test_online_second_holder_who_played_cannot_answer():
    """PRESETS.md §8.7: a second holder who has already played its first card can no longer sing: the first
    flor scores alone (+3)."""
    state = play("online", FLORES, "0 4C", "1 flor")
    assert state.round.points == (0, 3)
    assert state.to_act == (1,)


# --- folding -------------------------------------------------------------------------------------------------
def test_reglamento_flor_lost_by_folding():
    """PRESETS.md §6 (reglamento folding) and §8.22: a seat that sang flor and goes to the mazo before its
    three cards are played loses the flor: the other team collects its points."""
    deal = [F0, ["3E", "2B", "5O"]]
    actions = ["0 flor", "0 4C", "1 3E", "1 2B", "0 mazo"]
    state = play("reglamento", deal, *actions)
    assert state.round.points == (0, 3 + 1)
    classic = play("classic", deal, *actions)
    assert classic.round.points == (3, 1)


def test_reglamento_team_flor_points_lost_by_a_fold():
    """PRESETS.md §8.22: the flor points that the folding seat's team would have scored in that hand (here both
    partners' flores, +3 each) go to the other team; the partner plays on."""
    deal = [F0, ["3E", "2O", "5E"], ["7O", "6O", "4O"], ["4E", "6B", "7C"]]
    actions = ["0 flor", "0 4C", "1 3E", "2 flor", "2 7O", "3 4E", "2 6O", "3 6B", "0 mazo"]
    state = play("reglamento", deal, *actions, players=4)
    assert not state.round.ended
    assert state.to_act == (1,)
    state = act(state, "1 2O", "1 5E", "2 4O", "3 7C")
    assert state.round.points == (0, 3 + 3 + 1)


def test_reglamento_flor_kept_when_the_hand_is_played_out():
    """PRESETS.md §6 (reglamento): a flor whose holder does not fold keeps its points."""
    state = play("reglamento", [F0, ["3E", "2B", "5O"]], "0 flor", "0 4C", "1 3E", "1 2B", "0 5C")
    assert state.round.points == (3, 1)


@pytest.mark.parametrize(
    ("preset", "actions", "points"),
    [
        # ladder: the fold refuses the flor (first +3), then the hand (1)
        ("ladder", ["0 flor", "1 mazo"], (3 + 1, 0)),
        # reglamento: the fold says con-flor-me-achico (+4), then the hand; seat 0's own flor is lost
        ("reglamento", ["0 flor", "1 flor", "0 mazo"], (0, 4 + 1)),
        ("reglamento", ["0 flor", "1 contraflor-al-resto", "0 mazo"], (0, 4 + 1)),
        ("classic", ["0 flor", "1 contraflor", "0 mazo"], (0, 4 + 1)),
        ("classic", ["0 flor", "1 contraflor-al-resto", "0 mazo"], (0, 4 + 1)),
    ],
)
def test_folding_while_a_flor_answer_is_due(preset, actions, points):
    """PRESETS.md §8.17: folding while a flor answer is due counts as that stage's refusal (no-quiero, or
    con-flor-me-achico in reglamento), then the fold."""
    state = play(preset, FLORES, *actions)
    assert state.round.ended
    assert state.round.points == points


def test_online_no_fold_while_a_flor_answer_is_due():
    """PRESETS.md §7 (online): no mazo with a call pending, flor calls included."""
    assert "1 mazo" not in legal(play("online", FLORES, "0 flor"))
    assert "0 mazo" not in legal(play("online", FLORES, "0 flor", "1 contraflor"))


# --- §8.10 timeouts on flor calls (online) ---------------------------------------------------------------------
def test_online_timeout_answering_a_flor():
    """PRESETS.md §7 and §8.10: a second flor holder who times out leaves the first flor its +3."""
    state = play("online", [["4C", "5C", "6C"], ["7B", "5B", "12B"]], "0 flor", "1 timeout")
    assert state.round.points == (3, 0)
    assert state.to_act == (0,)


@pytest.mark.parametrize(
    ("actions", "points"),
    [
        (["0 flor", "1 contraflor", "0 timeout"], (0, 3)),
        (["0 flor", "1 contraflor-al-resto", "0 timeout"], (0, 3)),
        (["0 flor", "1 contraflor", "0 contraflor-al-resto", "1 timeout"], (6, 0)),
    ],
)
def test_online_timeout_on_a_flor_call(actions, points):
    """PRESETS.md §8.10: a pending contraflor or contraflor al resto is refused like any call."""
    state = play("online", [["4C", "5C", "6C"], ["7B", "5B", "12B"]], *actions)
    assert state.round.points == points


# --- §8.24 a flor after a settled envido ----------------------------------------------------------------------
DEAL_4 = [
    ["7E", "6E", "4O"],  # seat 0: 33
    ["5O", "3O", "1C"],  # seat 1: 28
    ["2E", "12O", "4C"],  # seat 2: 4
    ["4B", "5B", "6B"],  # seat 3: flor
]


def test_flor_voids_an_envido_being_declared():
    """PRESETS.md §8.24 and §8.6: a flor voids an envido chain that is still being declared (seat 3 must
    sing instead of declaring)."""
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"]
    state = play("default", DEAL_4, *actions, players=4, flor=True)
    assert state.to_act == (3,)
    assert legal(state) == ["3 flor"]
    state = play("default", DEAL_4, *actions, "3 flor", players=4, flor=True)
    assert state.score == (0, 3)
    assert state.to_act == (0,)


def test_flor_after_a_refused_envido():
    """PRESETS.md §8.24: a refused envido stands (+1) and the flor scores as usual (+3)."""
    actions = ["0 envido", "1 no-quiero", "0 7E", "1 5O", "2 2E", "3 flor"]
    state = play("default", DEAL_4, *actions, players=4, flor=True)
    assert state.score == (1, 3)
    state = play("classic", DEAL_4, *actions, "3 4B", "0 6E", "1 mazo", "2 12O", "3 mazo", players=4)
    assert state.round.points == (1 + 1, 3)


def test_flor_after_a_settled_envido_skipped_seat():
    """PRESETS.md §8.24: the flor holder skipped in the declarations sings on its turn; the envido stands."""
    deal = [
        ["7E", "6E", "4O"],  # seat 0: 33
        ["5O", "3O", "1C"],  # seat 1: 28
        ["2E", "12O", "4C"],  # seat 2
        ["4B", "5B", "6B"],  # seat 3: flor (team 1)
    ]
    actions = ["1 envido", "2 quiero", "1 tengo 28", "2 tengo 4", "3 flor"]
    # mano 1; team 1 holds the best after seat 1, so seat 2 (team 0) speaks; seat 3 is skipped while team 1
    # holds the best, but here seat 2 declared lower so team 1 keeps it: declarations end after seat 0.
    state = play("default", deal, *actions[:4], players=4, flor=True, first_mano=1)
    assert state.to_act == (0,)
    state = play("default", deal, *actions[:4], "0 tengo 33", players=4, flor=True, first_mano=1)
    assert state.score == (2, 0)  # the envido is settled: seat 3 (team 1) is skipped, team 0 holds 33
    assert state.to_act == (1,)
    state = play(
        "default", deal, *actions[:4], "0 tengo 33", "1 5O", "2 2E", "3 flor", players=4, flor=True, first_mano=1
    )
    assert state.score == (2, 3)


def test_default_flor_option_uses_classic_payouts():
    """PRESETS.md §8.5: default with flor: true has classic's calls and payouts (contraflor refused +4,
    contraflor al resto refused +4 over a flor) and scores at once, default's way."""
    state = play("default", FLORES, "0 flor", "1 contraflor", "0 no-quiero", flor=True)
    assert state.score == (0, 4)
    state = play("default", FLORES, "0 flor", "1 contraflor-al-resto", "0 no-quiero", flor=True)
    assert state.score == (0, 4)
    state = play("default", FLORES, "0 flor", "1 contraflor", "0 quiero", "0 tengo 35", "1 son-buenas", flor=True)
    assert state.score == (6, 0)
    actions = ["0 flor", "1 contraflor-al-resto", "0 quiero", "0 tengo 35", "1 son-buenas"]
    state = play("default", FLORES, *actions, flor=True, score=(10, 18))
    assert state.score == (22, 18)  # the falta: 30 - 18


# --- who scores a refused first flor, and what a second fold moves ----------------------------------------
@pytest.mark.parametrize("preset", OPTIONAL)
@pytest.mark.parametrize("singer", [0, 1])
def test_a_refused_first_flor_scores_for_the_singer_s_team(preset, singer):
    """PRESETS.md §6 and §8.7 (online, ladder): no-quiero to the first flor gives the first singer's team +3,
    whichever seat sang it (the mano here, seat 0 or seat 1)."""
    other = 1 - singer
    deal = [F0, F1] if singer == 0 else [F1, F0]
    state = play(preset, deal, f"{singer} flor", first_mano=singer)
    state, events = apply(state, Action.parse(f"{other} no-quiero"))
    flor_points = [(e.team, e.points) for e in events if e.kind is EventKind.POINTS and e.detail == "flor"]
    if preset == "online":  # points are scored when won
        assert flor_points == [(singer, 3)]
    state = act(state, f"{singer} 4C", f"{other} mazo")
    expected = [0, 0]
    expected[singer] = 3 + 1
    assert state.round.points == tuple(expected)


def _flor_moves(events):
    return [(e.team, e.points, e.detail) for e in events if e.kind is EventKind.POINTS_MOVED]


def test_reglamento_a_lost_flor_moves_once_when_the_partner_folds_too():
    """PRESETS.md §8.22 and §8.29: seat 0 sang flor (+3 to team 0) and folds: the 3 move to team 1 (one
    points-moved event); when its partner seat 2 folds too, nothing moves again (team 1: 3 + 1 for the hand)."""
    deal = [["1O", "2O", "3O"], ["1C", "5B", "4E"], ["6E", "5E", "7B"], ["1E", "10B", "4O"]]
    state = play("reglamento", deal, "0 flor", players=4)
    state, events = apply(state, Action.parse("0 mazo"))
    assert _flor_moves(events) == [(1, 3, "flor lost by folding")]
    state, events = apply(act(state, "1 1C"), Action.parse("2 mazo"))
    assert _flor_moves(events) == []
    assert state.round.points == (0, 4)


def test_reglamento_moved_flor_points_stay_when_the_other_team_folds():
    """PRESETS.md §8.29: the 3 that team 1 collected from seat 0's lost flor are not team 1's flor points, so
    they do not move back when seat 1 (team 1, no flor sung) folds; team 1 also wins the hand: 0-4."""
    deal = [["1O", "2O", "3O"], ["1C", "5B", "4E"], ["6E", "5E", "7B"], ["1E", "10B", "4O"]]
    state = play("reglamento", deal, "0 flor", "0 mazo", players=4)
    state, events = apply(state, Action.parse("1 mazo"))
    assert _flor_moves(events) == []
    state = act(state, "2 7B", "3 1E", "3 4O", "2 6E", "2 5E", "3 10B")
    assert state.round.ended and state.round.points == (0, 4)


def test_a_flor_sung_after_its_team_lost_one_scores_for_the_other_team():
    """PRESETS.md §8.22: after a fold loses its team's flor, the team's later flor points of that hand go to
    the other team too, announced by a points-moved event."""
    deal = [F0, ["3E", "2O", "5E"], ["7O", "6O", "4O"], ["4E", "6B", "7C"]]
    state = play("reglamento", deal, "0 flor", "0 mazo", "1 3E", players=4)
    state, events = apply(state, Action.parse("2 flor"))
    assert _flor_moves(events) == [(1, 3, "flor lost by folding")]


def test_reglamento_an_unsung_flor_is_lost_by_a_timeout_answering_a_second_flor():
    """PRESETS.md §8.20 (and §8.25): seat 2 sings flor, seat 1 answers with a second flor (a call in
    reglamento); seat 0 holds an unsung flor and times out instead of answering: its flor is lost, so on its
    turn it may play, fold or call truco but no longer sing flor."""
    deal = [["1O", "2O", "3O"], ["4C", "5C", "6C"], ["7B", "5B", "12B"], ["1E", "10B", "4O"]]
    state = play("reglamento", deal, "2 flor", "1 flor", players=4, first_mano=2)
    assert "0 flor" in legal(state)
    state = act(state, "0 timeout", "2 7B", "3 4O")
    assert legal(state) == ["0 1O", "0 2O", "0 3O", "0 mazo", "0 truco"]
    with pytest.raises(IllegalActionError) as info:
        act(state, "0 flor")
    assert info.value.code == "flor-no-longer"


def test_contraflor_al_resto_ending_the_chico_leaves_no_point_of_the_hand_unscored():
    """PRESETS.md §8.26 (reglamento adds a round's points when it ends): team 0's refused envido (+1) waits in
    the round's unscored points until the accepted contraflor al resto ends the chico; then it is dropped, and
    the round holds only the raise of team 1's 10 to the target (20)."""
    deal = [["7C", "6C", "1E"], ["4C", "5B", "12O"], ["1C", "2C", "3C"], ["4O", "5O", "6O"]]
    actions = ["0 envido", "1 no-quiero", "0 7C", "1 4C", "2 flor", "3 flor", "2 contraflor-al-resto", "3 quiero"]
    state = play("reglamento", deal, *actions, "2 tengo 26", players=4, score=(10, 10))
    assert state.round.unscored == ((0, 1, "envido"),)
    state = act(state, "3 tengo 35")
    assert (state.round.ended, state.round.unscored, state.round.points, state.score) == (True, (), (0, 20), (10, 30))


def test_an_accepted_flor_scores_its_flor_flor_value() -> None:
    """PRESETS.md §6 and §9.2 flor_flor_value (3, 4 or 6): a flor answered by a flor and won scores that value,
    not the falta that an accepted contraflor al resto is worth."""
    deal = [["7E", "6E", "5E"], ["1O", "2O", "3O"]]
    for value in (3, 4, 6):
        rules = RuleSet.preset("classic", flor_flor_value=value)
        state = play(rules, deal, "0 flor", "1 flor", "0 tengo 33", "1 son-buenas", "0 mazo")
        assert state.score == (value, 1), value


def test_stakes_are_final_values_the_chico_none() -> None:
    """Issue 34 ("stakes functions that return final values"): PRESETS.md §6, §9.8 — an accepted contraflor al
    resto is the falta where the rules make it worth the falta (classic: 30 - 8 at 5-8) and ``None`` where it wins
    the chico (reglamento), never -1; §9.1: ``None`` too while a loser's-rule falta depends on who wins (ladder);
    §4: a truco-level call is worth its level accepted and the level before refused."""
    from pytruco._engine import envido_stakes, flor_stakes, truco_stakes

    resto, contraflor = Kind.CONTRAFLOR_AL_RESTO, Kind.CONTRAFLOR
    assert flor_stakes(RuleSet.preset("classic"), (5, 8), resto, contraflor) == (22, 6)
    assert flor_stakes(RuleSet.preset("reglamento"), (5, 8), resto, contraflor)[0] is None
    assert flor_stakes(RuleSet.preset("reglamento"), (5, 8), None) == (RuleSet.preset("reglamento").flor_flor_value, 3)
    e, r, f = Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO
    assert envido_stakes(RuleSet.preset("default"), (20, 5), (e, f)) == (10, 2)
    assert envido_stakes(RuleSet.preset("ladder"), (20, 5), (e, r, e, f))[0] is None
    assert [truco_stakes(kind) for kind in (Kind.TRUCO, Kind.RETRUCO, Kind.VALE_CUATRO)] == [(2, 1), (3, 2), (4, 3)]


def test_a_game_won_at_once_by_the_contraflor_al_resto_ends_as_any_game_won_at_once():
    """PRESETS.md §2 (a preset that scores at once adds the points as they are won, and reaching the target wins)
    and §6 (an accepted contraflor al resto: the best flor wins the game): in online the last declaration ends
    the game with the flor won, its points, the chico and the match, as an envido that reaches the target at
    once does; no hand-ended comes between (that event is the end-of-hand count of the presets that defer)."""
    cfar = ["0 flor", "1 contraflor-al-resto", "0 quiero", "0 tengo 31"]
    state = play("online", [["4C", "5C", "6C"], ["1E", "7E", "3E"]], *cfar, score=(10, 12))
    state, events = apply(state, "1 tengo 30")
    assert [event.kind.value for event in events] == ["declared", "flor-won", "points", "chico-won", "match-over"]
    assert state.score == (30, 12)
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]
    envido = play("default", deal, "0 envido", "1 quiero", "0 tengo 29", score=(3, 28))
    _, events = apply(envido, "1 tengo 31")
    assert [event.kind.value for event in events] == ["declared", "envido-won", "points", "chico-won", "match-over"]


def test_a_game_won_by_the_contraflor_al_resto_in_a_deferring_preset_ends_the_hand_first():
    """PRESETS.md §2 (reglamento counts the points at the end of the hand) and §6 (an accepted contraflor al resto
    in reglamento: the best flor wins the chico): the last declaration wins the flor, its points are added, the
    hand ends (the end-of-hand count), and only then is the chico won; the partido goes on to the second chico."""
    cfar = ["0 flor", "1 flor", "0 contraflor-al-resto", "1 quiero", "0 tengo 35"]
    state = play("reglamento", [["4C", "5C", "6C"], ["1E", "7E", "3E"]], *cfar, score=(10, 12))
    state, events = apply(state, "1 tengo 31")
    assert [event.kind.value for event in events] == ["declared", "flor-won", "points", "hand-ended", "chico-won"]
    assert state.score == (30, 12) and not state.is_over


def test_the_flor_declarations_start_afresh_after_a_flor_voids_the_envido_being_declared():
    """PRESETS.md §6 (flor comparisons use the declaration steps of the envido: the first to declare says tengo N)
    and §8.24 (a flor voids an envido chain that is being declared): in a reglamento 3v3 hand, seat 3 declared the
    best envido when seat 0 sang flor; the flor's first declarer, seat 5, must say its points, with no son buenas
    against the voided envido's best."""
    deal = [["2C", "4C", "7C"], ["6O", "12C", "10B"], ["6B", "5C", "2O"], ["11C", "6C", "6E"]]
    deal += [["10O", "3B", "1C"], ["7E", "10E", "12E"]]
    envido = ["2 mazo", "3 envido", "4 quiero", "3 tengo 29", "4 tengo 24"]
    state = play("reglamento", deal, *envido, "0 flor", "5 flor", "0 quiero", first_mano=2, players=6)
    assert state.to_act == (5,) and legal(state) == ["5 tengo 27"]
    assert refused(state, "5 son-buenas") == "son-buenas-first"

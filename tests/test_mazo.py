"""Mazo, timeouts and rendirse: PRESETS.md §7, §8.2, §8.3, §8.14, §8.16, §8.20, §8.21, §8.33; the classic show
rule (§5, §8.12, §8.19)."""

from __future__ import annotations

import pytest

from helpers import act, legal, play, record_result, refused, start
from pytruco import Action, IllegalActionError, apply, check, legal_actions
from pytruco.events import EventKind

DEAL = [["1E", "7O", "3B"], ["4E", "5O", "6C"]]  # no pairs: seat 0 7 points, seat 1 6
PENALTY = ["default", "classic", "reglamento"]
NO_PENALTY = ["online", "ladder"]
ALL = [*PENALTY, *NO_PENALTY]
MAZO_WITH_CALL = ["default", "classic", "reglamento", "ladder"]


# --- value -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL)
def test_mazo_gives_the_current_truco_value(preset):
    """PRESETS.md §7 value: the other team scores the hand's current truco value (1, or the accepted level)."""
    state = play(preset, DEAL, "0 1E", "1 4E", "0 7O", "1 mazo")
    assert state.round.points == (1, 0)
    state = play(preset, DEAL, "0 truco", "1 quiero", "0 1E", "1 4E", "0 7O", "1 mazo")
    assert state.round.points == (2, 0)
    state = play(preset, DEAL, "0 truco", "1 retruco", "0 quiero", "0 1E", "1 mazo")
    assert state.round.points == (3, 0)


# --- the envido penalty ----------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", PENALTY)
def test_envido_penalty_pie_folds_in_trick_1(preset):
    """PRESETS.md §7 and §8.3: +1 more when a side folds during trick 1 while no envido was called (no truco
    accepted)."""
    state = play(preset, DEAL, "0 1E", "1 mazo")
    assert state.round.points == (2, 0)


@pytest.mark.parametrize("preset", PENALTY)
def test_envido_penalty_mano_folds_first(preset):
    """PRESETS.md §7: the mano may fold before acting (default, classic, reglamento), with the penalty."""
    state = play(preset, DEAL, "0 mazo")
    assert state.round.points == (0, 2)
    assert state.mano == 1


@pytest.mark.parametrize("preset", NO_PENALTY)
def test_no_envido_penalty(preset):
    """PRESETS.md §7 envido penalty: none in online and ladder."""
    state = play(preset, DEAL, "0 1E", "1 mazo")
    assert state.round.points == (1, 0)


@pytest.mark.parametrize("preset", PENALTY)
@pytest.mark.parametrize(
    ("actions", "points"),
    [
        (["0 1E", "1 4E", "0 7O", "1 mazo"], (1, 0)),  # trick 2
        (["0 envido", "1 no-quiero", "0 1E", "1 mazo"], (2, 0)),  # an envido was called
        (["0 truco", "1 quiero", "0 1E", "1 mazo"], (2, 0)),  # a truco was accepted
        (["0 truco", "1 retruco", "0 mazo"], (0, 2)),  # retruco refused: truco accepted before
    ],
)
def test_no_envido_penalty_when(preset, actions, points):
    """PRESETS.md §8.3: no penalty after trick 1, once an envido was called, or once a truco was accepted."""
    state = play(preset, DEAL, *actions)
    assert state.round.ended
    assert state.round.points == points


@pytest.mark.parametrize(("preset", "options"), [("classic", {}), ("reglamento", {}), ("default", {"flor": True})])
def test_no_envido_penalty_after_a_flor(preset, options):
    """PRESETS.md §8.3: no penalty once a flor was called in the hand."""
    state = play(preset, [["4C", "5C", "6C"], ["3E", "2O", "5O"]], "0 flor", "0 4C", "1 mazo", **options)
    assert state.round.points == (3 + 1, 0)


@pytest.mark.parametrize("preset", PENALTY)
def test_penalty_on_top_of_a_refused_truco(preset):
    """PRESETS.md §8.3: the penalty is added on top of a refused truco when the fold answers a pending truco."""
    state = play(preset, DEAL, "0 truco", "1 mazo")
    assert state.round.ended
    assert state.round.points == (1 + 1, 0)


@pytest.mark.parametrize("preset", PENALTY)
def test_penalty_when_the_mano_folds_answering_a_truco_in_trick_1(preset):
    """PRESETS.md §8.3: the mano that played its card and folds answering a truco in trick 1 refuses it and pays
    the penalty on top (no envido called, no truco accepted)."""
    state = play(preset, DEAL, "0 1E", "1 truco", "0 mazo")
    assert state.round.points == (0, 1 + 1)


# --- the envido penalty is an envido point (§8.33) ---------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "details"),
    [
        ("classic", ["penalty", "truco"]),  # added at the end of the hand: the envido point first
        ("reglamento", ["penalty", "truco"]),
        ("default", ["truco", "penalty"]),  # scored at once: the fold's truco value first (§8.14)
    ],
)
@pytest.mark.parametrize("actions", [["0 1E", "1 mazo"], ["0 truco", "1 mazo"]])
def test_mazo_penalty_is_added_before_the_truco_points(preset, details, actions):
    """PRESETS.md §8.33: in presets that add a hand's points when it ends, the mazo's envido penalty is an envido
    point, added before the truco points (here the fold's hand, or the truco it refuses); presets that score at
    once keep §8.14's order. (Outside a pica hand the penalty and the truco points go to the same team, so the
    order shows in the points events.)"""
    state = play(preset, DEAL, *actions[:-1])
    state, events = apply(state, Action.parse(actions[-1]))
    points = [(event.detail, event.team, event.points) for event in events if event.kind is EventKind.POINTS]
    assert points == [(detail, 0, 1) for detail in details]
    assert state.score == (2, 0)


# A 6-seat pica game (§8.23): the first hand is normal (team 0 +1); the second is a pica hand, seat 1 its mano.
NORMAL_6 = [["1E", "2B", "3C"], ["4E", "5B", "6C"], ["7E", "10B", "11C"], ["12E", "1B", "2C"], ["3E", "4B", "5C"]]
NORMAL_6.append(["6E", "7B", "10C"])
FIRST_HAND_6 = (NORMAL_6, ["0 truco", "1 no-quiero"])


@pytest.mark.parametrize(
    ("preset", "start", "duel_2_chain", "points", "chicos"),
    [
        ("classic", 22, ["2 envido", "5 envido", "2 real-envido", "5 quiero"], [8, 7], [0, 0]),  # E-E-R: 7
        ("reglamento", 24, ["2 envido", "5 envido", "2 envido", "5 quiero"], [7, 7], [0, 1]),  # E-E-E: 6
    ],
)
def test_pica_mazo_penalty_is_added_with_the_envido_points_in_the_order_won(
    preset, start, duel_2_chain, points, chicos
):
    """PRESETS.md §8.33 with §8.23: in a pica hand of a preset that adds points at the end, the penalty of duel 1
    comes with the envido points, where its fold was made, and before every truco point. From (start + 1)-25:
    duel 0, team 1's envido-envido, 4 (29); duel 1, seat 4 folds in trick 1: the penalty (30, team 1 reaches the
    target first); duel 2, team 0's envido chain (30 or more); then the truco points (1 per duel). Added with the
    truco points, the penalty would come after team 0's envido and team 0 would win."""
    deal = [["4C", "5C", "12B"], ["4E", "5B", "6C"], ["7B", "6B", "3E"], ["7O", "6O", "1E"], ["7E", "6E", "2B"]]
    deal.append(["12C", "11C", "2O"])
    duel_0 = ["3 envido", "0 envido", "3 quiero", "3 tengo 33", "0 son-buenas", "3 truco", "0 no-quiero"]
    duel_1 = ["1 4E", "4 mazo"]
    duel_2 = [*duel_2_chain, "2 tengo 33", "5 son-buenas", "2 truco", "5 no-quiero"]
    rules = {"preset": preset, "players": 6, "pica_pica": True}
    result = record_result(rules, [FIRST_HAND_6, (deal, [*duel_0, *duel_1, *duel_2])], score=[start, 25])
    assert result["hands"][1]["points"] == points
    assert result["chicos"] == chicos
    if preset == "classic":
        assert (result["score"], result["winner"]) == ([31, 32], 1)


def test_pica_mazo_penalty_comes_after_an_envido_won_in_an_earlier_duel():
    """PRESETS.md §8.33 with §8.23 (`classic`): the penalty keeps its place in the order the points were won, not
    ahead of the other envido points. From 23-25: duel 0, team 1's envido-envido, 4 (29); duel 1, team 0's
    envido-envido-real envido, 7 (30: the target); duel 2, seat 2 (the duel's mano) folds first: team 1's
    penalty (30). Team 0 wins with 30 against 33."""
    deal = [["4C", "5C", "12B"], ["4E", "5B", "6C"], ["7E", "6E", "2B"], ["7O", "6O", "1E"], ["7B", "6B", "3E"]]
    deal.append(["12C", "11C", "2O"])
    duel_0 = ["3 envido", "0 envido", "3 quiero", "3 tengo 33", "0 son-buenas", "3 truco", "0 no-quiero"]
    duel_1 = ["1 envido", "4 envido", "1 real-envido", "4 quiero", "1 tengo 6", "4 tengo 33", "1 truco", "4 no-quiero"]
    rules = {"preset": "classic", "players": 6, "pica_pica": True}
    result = record_result(rules, [FIRST_HAND_6, (deal, [*duel_0, *duel_1, "2 mazo"])], score=[22, 25])
    assert result["hands"][1] == {"points": [7, 8], "score": [30, 33]}
    assert result["winner"] == 0


# --- folding with a call pending -------------------------------------------------------------------------
@pytest.mark.parametrize("preset", MAZO_WITH_CALL)
def test_fold_refuses_a_pending_envido_then_gives_the_hand(preset):
    """PRESETS.md §7 and §8.2: folding with a call pending counts as refusing it, then folding; a refused
    envido does not end the hand, so the fold then gives the hand's truco value as well."""
    state = play(preset, DEAL, "0 envido", "1 mazo")
    assert state.round.ended
    assert state.round.points == (1 + 1, 0)


@pytest.mark.parametrize("preset", MAZO_WITH_CALL)
def test_fold_refuses_a_pending_raise(preset):
    """PRESETS.md §8.2: a refused truco-level call ends the hand, so the fold adds nothing more."""
    state = play(preset, DEAL, "0 truco", "1 retruco", "0 mazo")
    assert state.round.points == (0, 2)
    state = play(preset, DEAL, "0 1E", "1 truco", "0 quiero", "1 4E", "0 retruco", "1 mazo")
    assert state.round.points == (2, 0)


def test_ladder_fold_with_a_pending_truco():
    """PRESETS.md §7 (ladder, decided): a fold with a call pending is allowed, as default (no penalty)."""
    state = play("ladder", DEAL, "0 truco", "1 mazo")
    assert state.round.points == (1, 0)


@pytest.mark.parametrize("actions", [["0 truco"], ["0 envido"], ["0 envido", "1 envido"], ["0 1E", "1 truco"]])
def test_online_no_fold_with_a_call_pending(actions):
    """PRESETS.md §7 (online): mazo with a call pending is illegal: answer first."""
    state = play("online", DEAL, *actions)
    assert not [a for a in legal(state) if a.endswith("mazo")]
    seat = state.to_act[0]
    with pytest.raises(IllegalActionError, match="answer first"):
        play("online", DEAL, *actions, f"{seat} mazo")


def test_online_mano_cannot_fold_before_acting():
    """PRESETS.md §7 (online): the mano may not fold until it has done something in the hand."""
    state = play("online", DEAL)
    assert "0 mazo" not in legal(state)
    assert refused(state, "0 mazo") == "mano-acts-first"
    state = play("online", DEAL, "0 envido", "1 no-quiero")
    assert "0 mazo" in legal(state)
    state = play("online", DEAL, "0 envido", "1 no-quiero", "0 mazo")
    assert state.round.points == (1, 1)


def test_online_pie_may_fold_before_acting():
    """PRESETS.md §7 (online): only the mano is restricted; the pie may fold on its turn (no penalty)."""
    state = play("online", DEAL, "0 1E", "1 mazo")
    assert state.round.points == (1, 0)


@pytest.mark.parametrize("preset", ["default", "ladder", "classic", "reglamento"])
def test_mano_may_fold_before_acting(preset):
    """PRESETS.md §7 "the mano before acting": allowed except in online."""
    assert "0 mazo" in legal(play(preset, DEAL))


# --- who may fold ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL)
def test_only_a_seat_to_act_folds(preset):
    """PRESETS.md §8.2: mazo is an action of a seat that is to act."""
    with pytest.raises(IllegalActionError, match="seat 1"):
        play(preset, DEAL, "1 mazo")


@pytest.mark.parametrize("preset", ["default", "classic", "ladder", "reglamento"])
def test_caller_cannot_fold_with_its_own_call_pending(preset):
    """PRESETS.md §8.2 and §8.1: the caller is not to act while its call is pending."""
    with pytest.raises(IllegalActionError, match="seat 0"):
        play(preset, DEAL, "0 truco", "0 mazo")


@pytest.mark.parametrize("preset", ALL)
def test_no_fold_while_a_declaration_is_due(preset):
    """PRESETS.md §8.2: never while a declaration is due from the seat."""
    state = play(preset, DEAL, "0 envido", "1 quiero")
    assert "0 mazo" not in legal(state)
    assert refused(state, "0 mazo") == "mazo-while-declaring"
    assert refused(play(preset, DEAL, "0 envido", "1 quiero", "0 tengo 7"), "1 mazo") == "mazo-while-declaring"


# --- §8.14 several awards ----------------------------------------------------------------------------------
def test_awards_in_order_stop_at_the_target():
    """PRESETS.md §8.14: the fold's truco value before the envido penalty; once a team reaches the target the
    game ends and the rest of that action scores nothing."""
    state = play("default", DEAL, "0 1E", "1 mazo", score=(29, 3))
    assert state.is_over and state.winner == 0
    assert state.score == (30, 3)
    assert state.round.points == (1, 0)


def test_penalty_not_scored_after_the_target():
    """PRESETS.md §8.14: a fold answering a truco at 29: the refusal reaches 30 and the penalty scores nothing."""
    state = play("default", DEAL, "0 truco", "1 mazo", score=(29, 0))
    assert state.is_over
    assert state.score == (30, 0)


def test_refusal_before_the_fold_stops_at_the_target():
    """PRESETS.md §8.14: a refusal before the fold that follows it; the game ends at the target."""
    state = play("default", DEAL, "0 envido", "1 mazo", score=(29, 3))
    assert state.is_over
    assert state.score == (30, 3)
    state = play("default", DEAL, "0 truco", "1 mazo", score=(28, 3))
    assert state.score == (30, 3)  # refused truco 1 + penalty 1


# --- team play (§7, §8.3, §8.16) -----------------------------------------------------------------------------
DEAL_4 = [
    ["1E", "7O", "3B"],  # 0
    ["4E", "5O", "6C"],  # 1
    ["2E", "12O", "11C"],  # 2
    ["5C", "7B", "4O"],  # 3
]


@pytest.mark.parametrize("preset", PENALTY)
def test_team_seat_that_folds_is_out(preset):
    """PRESETS.md §7 team play: a seat that folds is out of the hand; its team loses when all its seats folded."""
    state = play(preset, DEAL_4, "0 1E", "1 mazo", players=4)
    assert not state.round.ended
    assert state.round.folded == frozenset({1})
    assert state.to_act == (2,)
    state = play(preset, DEAL_4, "0 1E", "1 mazo", "2 2E", "3 mazo", players=4)
    assert state.round.ended
    assert state.round.points == (1 + 1, 0)  # the side folded during trick 1: penalty


@pytest.mark.parametrize("preset", PENALTY)
def test_team_penalty_judged_at_the_last_fold(preset):
    """PRESETS.md §8.3: in team play the penalty is judged when the last seat of the side folds."""
    actions = ["0 1E", "1 mazo", "2 2E", "3 5C", "0 7O", "2 12O", "3 mazo"]
    state = play(preset, DEAL_4, *actions, players=4)
    assert state.round.ended
    assert state.round.points == (1, 0)


@pytest.mark.parametrize("preset", PENALTY)
def test_team_fold_refusing_a_truco_with_a_partner_in_the_hand_pays_the_penalty(preset):
    """PRESETS.md §8.3 (with §8.16): seat 3 folds to refuse seat 2's truco in trick 1 while its partner, seat 1,
    is still in the hand: the refusal ends the side's hand, so the penalty is judged then and applies: the
    refused truco 1 and the penalty 1 (not the refused truco alone, as if the side were still in the hand)."""
    state = play(preset, DEAL_4, "0 1E", "1 4E", "2 truco", players=4)
    assert state.to_act == (1, 3)
    state = act(state, "3 mazo")
    assert state.round.ended
    assert state.round.folded == frozenset({3})  # seat 1 never folded
    assert state.round.points == (1 + 1, 0)
    assert state.score == (2, 0)


@pytest.mark.parametrize("preset", PENALTY)
def test_team_fold_refuses_for_the_whole_team(preset):
    """PRESETS.md §8.16: a seat that folds while answering a call refuses that call for its team."""
    state = play(preset, DEAL_4, "0 truco", "1 mazo", players=4)
    assert state.round.ended
    assert state.round.points == (1 + 1, 0)
    state = play(preset, DEAL_4, "0 envido", "3 mazo", players=4)
    assert not state.round.ended  # the refused envido does not end the hand; seat 1 plays on
    assert state.round.folded == frozenset({3})
    assert state.to_act == (0,)
    assert state.round.envido_calls and "0 envido" not in legal(state)


@pytest.mark.parametrize("preset", PENALTY)
def test_team_next_seat_leads_when_the_leader_folded(preset):
    """PRESETS.md §8.16: when the seat that should lead a trick has folded, the next seat in playing order still
    in the hand leads."""
    deal = [["3E", "4C", "5B"], ["3O", "6E", "7C"], ["4E", "5O", "12C"], ["6C", "5E", "10B"]]
    state = play(preset, deal, "0 mazo", "1 3O", "2 4E", "3 6C", players=4)
    assert state.round.tricks[0].team == 1
    assert state.to_act == (1,)
    # a parda after the mano folded: the mano (seat 0) would lead; seat 1 does
    deal = [["4C", "5C", "6E"], ["3O", "6O", "7C"], ["3E", "5O", "12C"], ["6C", "5E", "10B"]]
    state = play(preset, deal, "0 mazo", "1 3O", "2 3E", "3 6C", players=4)
    assert state.round.tricks[0].parda
    assert state.to_act == (1,)


# --- the classic show rule (§5, §8.12, §8.19) ----------------------------------------------------------------
def test_show_rule_winner_folds_before_showing():
    """PRESETS.md §5 (classic show rule): the envido winner who goes to the mazo before the cards that make its
    points were played loses the envido points and the hand."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 7C", "1 3B", "1 5O", "0 mazo"]
    state = play("classic", deal, *actions)
    assert state.round.points == (0, 2 + 1)  # only 7C of 7C-6C was shown


def test_show_rule_cards_shown_then_fold():
    """PRESETS.md §5 (classic): once both cards of the pair are face up, the envido stands."""
    deal = [["7C", "6C", "4B"], ["5O", "4O", "1E"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 7C", "1 1E", "1 4O", "0 6C", "0 mazo"]
    state = play("classic", deal, *actions)
    assert state.round.points == (2, 1)


def test_show_rule_hand_played_out_without_showing():
    """PRESETS.md §5 (classic): only folding loses the envido; a hand ended otherwise keeps it."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E", "1 3B", "0 7C", "1 5O"]
    state = play("classic", deal, *actions)
    assert state.round.points == (3, 0)


def test_show_rule_loser_folding_does_not_matter():
    """PRESETS.md §5 (classic): the rule binds the winner of the envido only."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E", "1 mazo"]
    state = play("classic", deal, *actions)
    assert state.round.points == (3, 0)


@pytest.mark.parametrize(("shown", "points"), [("7O", (2, 1)), ("7E", (2, 1)), ("4C", (0, 3))])
def test_show_rule_without_a_pair(shown, points):
    """PRESETS.md §8.12 and §8.19: without a pair, any one card of the value that gives the points shows them
    (7E or 7O for 7)."""
    deal = [["7E", "7O", "4C"], ["5B", "6O", "1E"]]
    actions = ["0 envido", "1 quiero", "0 tengo 7", "1 son-buenas", f"0 {shown}", "1 1E", "1 6O", "0 mazo"]
    state = play("classic", deal, *actions)
    assert state.round.points == points


def test_show_rule_zero_points_any_card():
    """PRESETS.md §8.12: with 0 points any one card shows them."""
    deal = [["10E", "11O", "12B"], ["4C", "5B", "6O"]]
    actions = ["0 envido", "1 quiero", "0 tengo 0", "1 son-buenas", "0 10E", "1 4C", "0 mazo"]
    state = play("classic", deal, *actions)
    assert state.round.points == (2, 1)


def test_show_rule_only_in_classic():
    """PRESETS.md §5: the show rule is classic's; in default the winner may fold and keep the envido."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E", "1 3B", "0 mazo"]
    assert play("default", deal, *actions).round.points == (2, 1)


# --- timeouts (§7, §8.10, §8.20) -------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL)
def test_timeout_is_listed_for_seats_to_act(preset):
    """PRESETS.md §7: timeout and rendirse exist in every preset; legal_actions(meta=True) lists timeout for the
    seats to act and rendirse for every seat."""
    state = play(preset, DEAL, "0 truco")
    meta = sorted(str(a) for a in legal_actions(state, meta=True))
    assert sorted(set(meta) - set(legal(state))) == ["0 rendirse", "1 rendirse", "1 timeout"]
    with pytest.raises(IllegalActionError, match="seat 0"):
        play(preset, DEAL, "0 truco", "0 timeout")


@pytest.mark.parametrize("preset", ALL)
def test_timeout_refuses_a_pending_call(preset):
    """PRESETS.md §7: a pending call is refused (no-quiero)."""
    state = play(preset, DEAL, "0 truco", "1 timeout")
    assert state.round.ended
    assert state.round.points == (1, 0)
    state = play(preset, DEAL, "0 envido", "1 timeout")
    assert not state.round.ended
    assert state.to_act == (0,)
    if preset in ("default", "online"):
        assert state.round.points == (1, 0)


@pytest.mark.parametrize("preset", ALL)
def test_timeout_in_declarations(preset):
    """PRESETS.md §7: a declaration becomes son-buenas; the mano's forced first declaration is its true points."""
    deal = [["5O", "4O", "3B"], ["7C", "6C", "1E"]]
    actions = ["0 envido", "1 quiero", "0 timeout", "1 timeout", "0 3B", "1 1E", "1 7C", "0 5O"]
    state = play(preset, deal, *actions)
    assert state.round.points == (2, 1)


@pytest.mark.parametrize("preset", PENALTY)
def test_timeout_becomes_a_mazo_with_the_penalty(preset):
    """PRESETS.md §7 and §8.20: otherwise the seat goes to the mazo; a timeout that becomes a mazo carries the
    envido penalty where the preset has one."""
    state = play(preset, DEAL, "0 timeout")
    assert state.round.points == (0, 2)


def test_online_timeout_ignores_mazo_restrictions():
    """PRESETS.md §7: mazo restrictions do not apply to a timeout (the online mano before acting)."""
    state = play("online", DEAL, "0 timeout")
    assert state.round.ended
    assert state.round.points == (0, 1)


@pytest.mark.parametrize(("preset", "options"), [("classic", {}), ("reglamento", {}), ("default", {"flor": True})])
def test_timeout_of_an_unsung_mandatory_flor(preset, options):
    """PRESETS.md §8.20: a timeout is resolved as §7 says even for a flor holder who has not sung (its flor is
    then lost); as a mazo it carries the penalty."""
    state = play(preset, [["4C", "5C", "6C"], ["3E", "2O", "5O"]], "0 timeout", **options)
    assert state.round.points == (0, 2)
    state = play(preset, [["3E", "2O", "5O"], ["4C", "5C", "6C"]], "0 truco", "1 timeout", **options)
    assert state.round.points == (1, 0)
    state = play(preset, [["3E", "2O", "5O"], ["4C", "5C", "6C"]], "0 envido", "1 timeout", "0 3E", **options)
    assert legal(state) == ["1 4C", "1 5C", "1 6C", "1 mazo", "1 truco"]  # the flor is lost, not sung


# --- rendirse (§7, §8.11, §8.21) -------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize("seat", [0, 1])
def test_rendirse_loses_the_match(preset, seat):
    """PRESETS.md §7 and §8.11: the seat's team loses the whole match at once; the score stays as it is."""
    state = play(preset, DEAL, "0 truco", f"{seat} rendirse", score=(7, 12))
    assert state.is_over
    assert state.winner == 1 - seat
    assert state.score == (7, 12)
    assert legal_actions(state, meta=True) == ()
    assert refused(play(preset, DEAL, "0 truco", f"{seat} rendirse", score=(7, 12)), "1 quiero") == "match-over"


def test_rendirse_any_seat_any_time():
    """PRESETS.md §7 and RECORDS.md: rendirse is legal for every seat until the match is over (before a deal
    too, and for a partner not to act)."""
    state = start("default", players=4)
    assert state.is_chance
    over = act(state, "3 rendirse")
    assert over.is_over and over.winner == 0
    state = play("default", DEAL_4, "0 1E", players=4)
    assert state.to_act == (1,)
    over = act(state, "2 rendirse")
    assert over.is_over and over.winner == 1
    with pytest.raises(IllegalActionError, match="seat 4"):
        act(state, Action.parse("4 rendirse"))


def test_reglamento_rendirse_ends_the_partido():
    """PRESETS.md §8.21: rendirse in reglamento ends the whole partido; chicos stay as they were."""
    state = play("reglamento", DEAL, "0 1E", "1 rendirse", score=(3, 20), chicos=(0, 1))
    assert state.is_over
    assert state.winner == 0
    assert state.chicos == (0, 1)
    assert state.score == (3, 20)


# --- what a timeout and a surrender leave behind (events, declarations, the round) -----------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_a_timeout_event_names_the_seat_and_its_team(seat):
    """PRESETS.md §7: the timed-out seat and its team are in the event (seat 1's team is 1)."""
    from pytruco import apply

    state = play("default", DEAL, "0 truco") if seat == 1 else play("default", DEAL)
    _, events = apply(state, Action.parse(f"{seat} timeout"))
    assert (events[0].kind.value, events[0].seat, events[0].team) == ("timed-out", seat, seat)


@pytest.mark.parametrize("preset", ALL)
def test_declarations_made_by_a_timeout_say_so(preset):
    """PRESETS.md §7: a declaration a timeout makes (the mano's true points, then son-buenas) is marked as made
    by the timeout; a declaration the seat makes itself is not."""
    deal = [["5O", "4O", "3B"], ["7C", "6C", "1E"]]
    state = play(preset, deal, "0 envido", "1 quiero", "0 timeout", "1 timeout")
    assert state.round.all_declarations == (("envido", 0, 29, True), ("envido", 1, None, True))
    state = play(preset, deal, "0 envido", "1 quiero", "0 tengo 29", "1 son-buenas")
    assert state.round.all_declarations == (("envido", 0, 29, False), ("envido", 1, None, False))


def test_rendirse_mid_hand_ends_the_round():
    """PRESETS.md §7: rendirse ends the match at once: the round in play is over and waits for nothing."""
    state = play("default", DEAL, "0 truco", "1 rendirse")
    assert state.round.ended
    assert state.round.pending is None


@pytest.mark.parametrize("seat", [0, 1])
def test_the_events_of_a_mazo_and_of_a_timeout_that_folds(seat):
    """PRESETS.md §7: a mazo says who folded (seat and team), then the hand's end; a timeout that becomes a mazo
    says timed-out instead of folded. The other team scores the truco value (1) and, in default, the envido
    penalty (§8.20), before the hand ends."""
    from pytruco import apply

    state = play("default", DEAL, "0 1E") if seat == 1 else play("default", DEAL)
    other = 1 - seat
    tail = [("hand-won", None, other), ("points", None, other), ("points", None, other), ("hand-ended", None, None)]
    _, events = apply(state, Action.parse(f"{seat} mazo"))
    assert [(e.kind.value, e.seat, e.team) for e in events] == [("folded", seat, seat), *tail]
    _, events = apply(state, Action.parse(f"{seat} timeout"))
    assert [(e.kind.value, e.seat, e.team) for e in events] == [("timed-out", seat, seat), *tail]


@pytest.mark.parametrize("seat", [0, 1])
def test_a_surrender_ends_the_match_for_the_other_team(seat):
    """PRESETS.md §7: rendirse concedes the match: the events name the seat and its team, then the other team
    as the match's winner."""
    state = play("default", DEAL, "0 1E") if seat == 1 else play("default", DEAL)
    _, events = apply(state, Action.parse(f"{seat} rendirse"))
    assert [(e.kind.value, e.seat, e.team) for e in events] == [
        ("surrendered", seat, seat),
        ("match-over", None, 1 - seat),
    ]


@pytest.mark.parametrize("preset", ["default", "classic", "reglamento"])
def test_check_passes_every_mazo_the_menu_lists(preset):
    """STYLE.md (ask, check, do): wherever the menu lists a mazo (on a seat's turn, answering a truco or an
    envido, §7), check accepts it too; its refusal is asked only for a mazo that is not listed (mutation sample
    seed 3434, issue 34)."""
    for actions in ([], ["0 truco"], ["0 envido"], ["0 1E"], ["0 1E", "1 truco"]):
        state = play(preset, DEAL, *actions)
        mazos = [a for a in legal(state) if a.endswith(" mazo")]
        assert mazos, actions
        for text in mazos:
            check(state, text)

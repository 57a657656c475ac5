"""The house-rule options of PRESETS.md §9 (issue 35): their values, the ``-`` rule, records, and what each
implemented option changes, one test per interaction that §9 names."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from helpers import act, legal, play, record_result, start
from pytruco import Deal, Record, RecordError, RuleSet, RuleSetError, apply, replay
from pytruco._engine.envido import falta_value
from pytruco.views import view
from strategies import GameSpec, candidate_actions, random_playout
from test_properties import check_playout, exhaustive_check

# --- values (PRESETS.md §9, the table) ----------------------------------------------------------------------
TABLE: dict[str, dict[str, Any]] = {
    "falta_envido": {"default": "leader", "online": "leader", "classic": "leader", "ladder": "loser",
                     "reglamento": "leader"},
    "flor_flor_value": {"default": 3, "online": 3, "classic": 3, "ladder": 6, "reglamento": 6},
    "flor_achico": {"default": False, "online": False, "classic": False, "ladder": False, "reglamento": False},
    "contraflor_al_resto": {"default": "falta", "online": "game", "classic": "falta", "ladder": "falta",
                            "reglamento": "game"},
    "mazo_penalty": {"default": "no-truco", "online": "none", "classic": "no-truco", "ladder": "none",
                     "reglamento": "no-truco"},
    "mano_mazo_before_acting": {"default": True, "online": False, "classic": True, "ladder": True,
                                "reglamento": True},
    "mazo_before_flor": {"default": False, "online": False, "classic": False, "ladder": False,
                         "reglamento": False},
    "pica_pica_schedule": {"default": "always", "online": "always", "classic": "always", "ladder": "always",
                           "reglamento": "always"},
}  # fmt: skip
PRESETS = ("default", "online", "classic", "ladder", "reglamento")


def _json(value: Any) -> Any:
    return getattr(value, "value", value)


@pytest.mark.parametrize("option", sorted(TABLE))
@pytest.mark.parametrize("preset", PRESETS)
def test_each_preset_has_its_listed_value(option, preset):
    """PRESETS.md §9 table: every preset's value of every option (so no preset changes), and a record that names
    that value replays as the preset itself (it round-trips to the bare preset)."""
    rules = RuleSet.preset(preset)
    assert _json(getattr(rules, option)) == TABLE[option][preset]
    base = {"preset": preset, "players": 6, "pica_pica": True} if option == "pica_pica_schedule" else {}
    if preset not in ("online", "ladder") and base:
        named = RuleSet.from_dict({**base, option: TABLE[option][preset]})
        assert named == RuleSet.from_dict(base)
    named = RuleSet.from_dict({"preset": preset, option: TABLE[option][preset]})
    assert named is rules or named == rules
    assert option not in named.to_dict()


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("flor_flor_value", 4.0),
        ("flor_flor_value", "4"),
        ("flor_flor_value", True),
        ("flor_flor_value", None),
        ("flor_flor_value", 5),
        ("mano_mazo_before_acting", 0),
        ("mano_mazo_before_acting", "true"),
        ("mano_mazo_before_acting", None),
        ("falta_envido", "malas"),
        ("falta_envido", 1),
        ("mazo_penalty", None),
        ("mazo_penalty", False),
    ],
)
def test_values_are_exact_json_values(option, value):
    """PRESETS.md §9: integers without fraction, booleans as true/false, strings from the list, never null;
    anything else is refused naming the option, as a RuleSet error and as bad-record in a record."""
    with pytest.raises(RuleSetError, match=f"option '{option}'"):
        RuleSet.from_dict({"preset": "classic", option: value})
    with pytest.raises(RecordError) as error:
        replay(
            {"format": "truco-record/1", "rules": {"preset": "classic", option: value}, "first_mano": 0, "hands": []}
        )
    assert error.value.kind == "bad-record" and option in str(error.value)


@pytest.mark.parametrize(
    ("rules", "option"),
    [
        ({"preset": "reglamento", "falta_envido": "loser"}, "falta_envido"),  # no falta envido
        ({"preset": "default", "flor_flor_value": 4}, "flor_flor_value"),  # flor off
        ({"preset": "classic", "flor": False, "flor_flor_value": 4}, "flor_flor_value"),
        ({"preset": "online", "flor_achico": True}, "flor_achico"),
        ({"preset": "ladder", "flor_achico": True}, "flor_achico"),
        ({"preset": "reglamento", "flor_achico": True}, "flor_achico"),
        ({"preset": "ladder", "contraflor_al_resto": "game"}, "contraflor_al_resto"),
        ({"preset": "online", "mazo_before_flor": True}, "mazo_before_flor"),
        ({"preset": "default", "players": 6, "pica_pica_schedule": "after-5"}, "pica_pica_schedule"),
    ],
)
def test_a_preset_without_the_rule_accepts_only_its_own_value(rules, option):
    """PRESETS.md §9 ``-``: only the preset's own listed value is accepted, any other is refused naming the
    option; the own value is accepted."""
    with pytest.raises(RuleSetError, match=f"option '{option}': .* has no such rule"):
        RuleSet.from_dict(rules)
    own = {**rules, option: TABLE[option][rules["preset"]]}
    assert _json(getattr(RuleSet.from_dict(own), option)) == TABLE[option][rules["preset"]]


def test_records_name_the_options_they_change():
    """PRESETS.md §9 and RECORDS.md: a record names an option that differs from its preset; one it does not
    name has the preset's value."""
    rules = RuleSet.preset("online", mazo_penalty="no-truco", mano_mazo_before_acting=True)
    assert rules.to_dict() == {"preset": "online", "mano_mazo_before_acting": True, "mazo_penalty": "no-truco"}
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet.from_dict({"preset": "ladder"}).falta_envido.value == "loser"


# --- §9.1 falta_envido -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("score", "values"),
    [
        ((10, 3), {"leader": 20, "malas-leader": 5, "malas-winner": 12}),
        ((16, 3), dict.fromkeys(("leader", "malas-leader", "malas-winner"), 14)),
    ],
)
def test_falta_values_of_the_examples(score, values):
    """PRESETS.md §9.1 examples (target 30): the trailing team wins the falta at 10-3 and at 16-3, in play."""
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]  # seat 1: 31, seat 0: 29
    for rule, value in values.items():
        state = play(
            "default", deal, "0 falta-envido", "1 quiero", "0 tengo 29", "1 tengo 31", score=score, falta_envido=rule
        )
        assert state.round.points == (0, value), rule


def test_malas_winner_leader_wins_and_both_in_the_malas():
    """PRESETS.md §9.1 "malas-winner": both below 15, the leader wins: 15 minus the winner's score; the falta of
    the other rules does not depend on who wins."""
    rules = RuleSet.preset("default", falta_envido="malas-winner")
    assert falta_value(rules, (10, 3), 0) == 5
    assert falta_value(rules, (10, 3), None) is None  # not known yet
    assert falta_value(RuleSet.preset("default", falta_envido="malas-leader"), (10, 3), None) == 5


def test_malas_rules_are_the_leader_rule_with_target_15():
    """PRESETS.md §9.1: with target 15, "malas-leader" and "malas-winner" are "leader"."""
    for rule in ("malas-leader", "malas-winner"):
        assert falta_value(RuleSet.preset("default", target=15, falta_envido=rule), (5, 3), 1) == 10


def test_a_refused_falta_keeps_its_chain_value():
    """PRESETS.md §9.1: only accepted values change; a refused E-F is worth 2."""
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]
    state = play(
        "default", deal, "0 envido", "1 falta-envido", "0 no-quiero", score=(10, 3), falta_envido="malas-leader"
    )
    assert state.round.points == (0, 2)


def test_falta_in_team_play_uses_team_scores():
    """PRESETS.md §9.1: team scores in team play (4 seats, "malas-leader": team 0 leads with 12: 15 - 12)."""
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"], ["4E", "7B", "10O"], ["6E", "2B", "11C"]]
    state = play(
        "default",
        deal,
        "0 falta-envido",
        "1 quiero",
        "0 tengo 29",
        "1 tengo 31",
        "2 son-buenas",
        players=4,
        score=(12, 3),
        falta_envido="malas-leader",
    )
    assert state.round.points == (0, 3)


def test_view_shows_the_falta_of_the_option():
    """PRESETS.md §9 and issue 35: ``call_values`` and the pending call's values show the §9.1 falta."""
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]
    state = play("default", deal, score=(10, 3), falta_envido="malas-leader")
    offered = {value.call.value: value.if_accepted for value in view(state, 0).call_values}
    assert offered["falta-envido"] == 5
    state = play("default", deal, "0 falta-envido", score=(10, 3), falta_envido="malas-leader")
    pending = view(state, 1).pending
    assert pending is not None and pending.if_accepted == 5
    winner = play("default", deal, "0 falta-envido", score=(10, 3), falta_envido="malas-winner")
    pending = view(winner, 1).pending
    assert pending is not None and pending.if_accepted is None  # it depends on who wins


def test_contraflor_al_resto_worth_the_falta_uses_the_option():
    """PRESETS.md §9.1 and §9.8 "falta": an accepted contraflor al resto is worth the falta of §9.1, shown before
    the call and scored to the best flor (classic at 10-3, "malas-leader": 5, not 20; then 1 for the mazo)."""
    deal = [["4C", "5C", "6C"], ["7B", "5B", "12B"]]  # classic flores: 31 and 32
    for rule, value in (("leader", 20), ("malas-leader", 5)):
        state = play("classic", deal, "0 flor", score=(10, 3), falta_envido=rule)
        offered = {v.call.value: v.if_accepted for v in view(state, 1).call_values}
        assert offered["contraflor-al-resto"] == value, rule
        state = play(
            "classic",
            deal,
            "0 flor",
            "1 contraflor-al-resto",
            "0 quiero",
            "0 tengo 31",
            "1 tengo 32",
            "0 mazo",
            score=(10, 3),
            falta_envido=rule,
        )
        assert state.round.points == (0, value + 1), rule


# --- §9.2 flor_flor_value --------------------------------------------------------------------------------------
FLORES = [["7E", "6E", "5E"], ["1O", "2O", "3O"]]


@pytest.mark.parametrize("value", [3, 4, 6])
@pytest.mark.parametrize(
    ("preset", "options", "answer", "best"),
    [
        ("online", {}, ["1 flor"], 33),
        ("classic", {}, ["1 flor"], 33),
        ("default", {"flor": True}, ["1 flor"], 38),
        ("ladder", {}, ["1 flor"], 38),
        ("reglamento", {}, ["1 flor", "0 quiero"], 38),
    ],
)
def test_an_accepted_flor_against_flor_is_worth_the_option(value, preset, options, answer, best):
    """PRESETS.md §9.2: the flor chain accepted without contraflor gives the best flor N (online, classic, default
    with flor: the second holder's flor; ladder: likewise; reglamento: quiero to the second flor)."""
    state = play(
        preset,
        FLORES,
        "0 flor",
        *answer,
        f"0 tengo {best}",
        "1 son-buenas",
        "0 7E",
        "1 1O",
        "0 6E",
        "1 2O",
        "1 3O",
        "0 5E",
        flor_flor_value=value,
        **options,
    )
    assert state.round.ended and state.round.points == (value, 1)


def test_a_flor_alone_and_the_reglamento_achico_keep_their_values():
    """PRESETS.md §9.2: nothing else changes: a flor alone +3, reglamento's con-flor-me-achico +4."""
    alone = play("classic", [["7E", "6E", "5E"], ["1O", "2B", "3C"]], "0 flor", "0 mazo", flor_flor_value=6)
    assert alone.round.points == (3, 1)
    achico = play(
        "reglamento",
        FLORES,
        "0 flor",
        "1 flor",
        "0 con-flor-me-achico",
        "0 7E",
        "1 1O",
        "0 6E",
        "1 2O",
        "1 3O",
        "0 5E",
        flor_flor_value=4,
    )
    assert achico.round.points == (0, 4 + 1)  # +4 to the second flor's team, then the hand's 1


# --- §9.4 mazo_penalty -----------------------------------------------------------------------------------------
DEAL = [["1E", "7O", "3B"], ["4E", "5O", "6C"]]


@pytest.mark.parametrize(
    ("penalty", "after_accepted", "at_once"),
    [("none", (0, 2), (0, 1)), ("no-truco", (0, 2), (0, 2)), ("trick-1", (0, 3), (0, 2))],
)
def test_mazo_penalty_values(penalty, after_accepted, at_once):
    """PRESETS.md §9.4: "none" never adds the penalty; "no-truco" is §8.3; "trick-1" also after an accepted truco
    (``0 truco``, ``1 quiero``, ``0 mazo``: 0-3)."""
    state = play("default", DEAL, "0 truco", "1 quiero", "0 mazo", mazo_penalty=penalty)
    assert state.round.points == after_accepted
    assert play("default", DEAL, "0 mazo", mazo_penalty=penalty).round.points == at_once


def test_trick_1_penalty_still_needs_no_envido_and_trick_1():
    """PRESETS.md §9.4 "trick-1": the rest of §8.3 holds: no penalty after an envido, nor after trick 1."""
    assert play("default", DEAL, "0 envido", "1 no-quiero", "0 mazo", mazo_penalty="trick-1").round.points == (1, 1)
    state = play("default", DEAL, "0 1E", "1 4E", "0 truco", "1 quiero", "0 mazo", mazo_penalty="trick-1")
    assert state.round.points == (0, 2)


def test_trick_1_penalty_in_team_play_and_on_a_refused_truco():
    """PRESETS.md §9.4 with §8.16: judged when the last seat of the side folds; on top of a refused truco when
    the fold answers it."""
    deal = [["1E", "7O", "3B"], ["4E", "5O", "6C"], ["4O", "5E", "6B"], ["7C", "10B", "11E"]]
    state = play("default", deal, "0 truco", "1 quiero", "0 mazo", "1 4E", "2 mazo", players=4, mazo_penalty="trick-1")
    assert state.round.points == (0, 3)
    for penalty, points in (("no-truco", (0, 2)), ("trick-1", (0, 3))):
        refused = play("default", DEAL, "0 truco", "1 retruco", "0 mazo", mazo_penalty=penalty)
        assert refused.round.points == points, penalty


def test_trick_1_penalty_is_an_envido_point_when_scored_at_the_end():
    """PRESETS.md §9.4 with §8.33: in presets that add a hand's points when it ends, the penalty is an envido
    point (classic: 2 + 1 at the end of the hand)."""
    state = play("classic", DEAL, "0 truco", "1 quiero", "0 1E", "1 mazo", mazo_penalty="trick-1")
    assert state.round.ended and state.score == (3, 0)


def test_a_timeout_that_becomes_a_mazo_carries_the_penalty():
    """PRESETS.md §9.4 with §8.20: a timeout that becomes a mazo carries the penalty ("trick-1": 2 + 1)."""
    state = play("default", DEAL, "0 truco", "1 quiero", "0 timeout", mazo_penalty="trick-1")
    assert state.round.points == (0, 3)


# --- §9.5 mano_mazo_before_acting ------------------------------------------------------------------------------
def test_mano_may_not_fold_before_acting_with_false():
    """PRESETS.md §9.5 ``false``: the mano may not fold before an action of its own; a timeout is not
    restricted; after acting it may."""
    state = play("default", DEAL, mano_mazo_before_acting=False)
    assert "0 mazo" not in legal(state, 0)
    with pytest.raises(RecordError):
        record_result({"preset": "default", "mano_mazo_before_acting": False}, [(DEAL, ["0 mazo"])])
    assert play("default", DEAL, "0 timeout", mano_mazo_before_acting=False).round.ended
    state = play("default", DEAL, "0 truco", "1 quiero", mano_mazo_before_acting=False)
    assert "0 mazo" in legal(state, 0)


@pytest.mark.parametrize(("penalty", "points"), [("none", (0, 1)), ("no-truco", (0, 2)), ("trick-1", (0, 2))])
def test_mano_opening_mazo_with_true(penalty, points):
    """PRESETS.md §9.5 ``true`` with §9.4: online's opening mazo is 1 with "none", 2 with a penalty."""
    state = play("online", DEAL, mano_mazo_before_acting=True, mazo_penalty=penalty)
    assert "0 mazo" in legal(state, 0)
    assert play("online", DEAL, "0 mazo", mano_mazo_before_acting=True, mazo_penalty=penalty).round.points == points


def test_only_the_hands_mano_is_restricted_in_team_play():
    """PRESETS.md §9.5: in team play only the hand's mano seat is restricted; the others fold freely."""
    deal = [["1E", "7O", "3B"], ["4E", "5O", "6C"], ["4O", "5E", "6B"], ["7C", "10B", "11E"]]
    state = play("default", deal, players=4, mano_mazo_before_acting=False)
    assert "0 mazo" not in legal(state, 0)
    state = play("default", deal, "0 1E", players=4, mano_mazo_before_acting=False)
    assert "1 mazo" in legal(state, 1)


def test_the_duels_mano_is_restricted_in_a_pica_duel():
    """PRESETS.md §9.5 ``false``: in a pica duel, the duel's mano (seat 3, nearer the hand's mano seat 1) may not
    fold before acting; with ``true`` it may."""
    for allowed in (False, True):
        state = start("default", players=6, pica_pica=True, pica_pica_schedule="after-5", score=(5, 0),
                      first_mano=1, mano_mazo_before_acting=allowed)  # fmt: skip
        state, _ = apply(state, Deal.parse(SIX))
        assert state.duel == 0 and state.to_act == (3,)
        assert ("3 mazo" in legal(state, 3)) is allowed


# --- §9.7 pica_pica_schedule -----------------------------------------------------------------------------------
SIX = [h.split() for h in ["1E 4B 5O", "7E 4C 5C", "3O 6B 10E", "2B 6O 11C", "7O 10B 11O", "12E 4O 6C"]]


@pytest.mark.parametrize(
    ("target", "score", "pica"),
    [
        (30, (0, 0), False),
        (30, (4, 4), False),
        (30, (5, 0), True),  # even the first hand of a game that starts at 5
        (30, (0, 24), True),
        (30, (25, 3), False),  # target - 5: no pica hand (unlike "always", §9.7 "Decided")
        (15, (4, 0), False),
        (15, (5, 0), True),
        (15, (9, 9), True),
        (15, (10, 0), False),
    ],
)
def test_after_5_pica_hands_between_5_and_target_minus_5(target, score, pica):
    """PRESETS.md §9.7 "after-5": a hand is pica when the previous one was not, a team has at least 5 points
    and every team fewer than target - 5 (25 with target 30, 10 with target 15)."""
    state = start("default", players=6, pica_pica=True, pica_pica_schedule="after-5", target=target, score=score)
    state, _ = apply(state, Deal.parse(SIX))
    assert (state.duel is not None) is pica


def test_after_5_alternates_and_always_is_unchanged():
    """PRESETS.md §9.7: "after-5" alternates pica and normal hands; "always" keeps §8.23 (at 5-0 the game's
    first hand is normal there)."""
    state = start("default", players=6, pica_pica=True, pica_pica_schedule="after-5", score=(5, 0))
    state = act(state, SIX, "0 mazo", "1 mazo", "2 mazo")  # the three duels: the pica hand is over
    state, _ = apply(state, Deal.parse(SIX))
    assert state.duel is None
    always = start("default", players=6, pica_pica=True, score=(5, 0))
    assert apply(always, Deal.parse(SIX))[0].duel is None


# --- §9.6 mazo_before_flor -------------------------------------------------------------------------------------
HOLDER_1 = [["7E", "6B", "5E"], ["1O", "2O", "3O"]]  # seat 1 holds a flor, seat 0 none


@pytest.mark.parametrize(
    ("actions", "points"),
    [
        ([], (0, 2)),  # here the mano holds the flor and folds at once: the hand (1) + the penalty
        (["0 truco"], (2, 0)),  # refuses the truco (1) + the penalty: its unsung flor is not "called"
        (["0 envido"], (2, 0)),  # refuses the envido (1) + the hand (1); an envido was called: no penalty
        (["0 7E"], (2, 0)),  # the hand (1) + the penalty
    ],
)
def test_a_holder_may_fold_before_singing(actions, points):
    """PRESETS.md §9.6 ``true``: an unsung mandatory flor's holder may also go to the mazo where §7 allows a
    mazo to it; the fold is ordinary (it refuses a pending call first, carries the §9.4 penalty) and its flor is
    lost (nobody scores a flor)."""
    deal = [HOLDER_1[1], HOLDER_1[0]] if not actions else HOLDER_1
    holder = 0 if not actions else 1
    state = play("classic", deal, *actions, mazo_before_flor=True)
    assert legal(state, holder) == [f"{holder} flor", f"{holder} mazo"]
    assert legal(play("classic", deal, *actions), holder) == [f"{holder} flor"]  # false: §8.6 as written
    state = play("classic", deal, *actions, f"{holder} mazo", mazo_before_flor=True)
    assert state.round.ended and state.round.points == points


def test_no_fold_while_a_flor_call_waits():
    """PRESETS.md §9.6: not while a flor call waits for its answer (a first flor: §8.17 and §8.25 unchanged)."""
    state = play("classic", [["7E", "6E", "5E"], ["1O", "2O", "3O"]], "0 flor", mazo_before_flor=True)
    assert "1 mazo" not in legal(state, 1)


def test_reglamento_holder_may_fold_and_the_option_is_refused_where_flor_is_optional():
    """PRESETS.md §9.6: reglamento's mandatory flor too; ``-`` in online and ladder and wherever flor is off."""
    state = play("reglamento", HOLDER_1, "0 7E", mazo_before_flor=True)
    assert legal(state, 1) == ["1 flor", "1 mazo"]
    for preset in ("online", "ladder"):
        with pytest.raises(RuleSetError, match="'mazo_before_flor'"):
            RuleSet.preset(preset, mazo_before_flor=True)


# --- §9.8 contraflor_al_resto ----------------------------------------------------------------------------------
CFAR_DEAL = [["4C", "5C", "6C"], ["7B", "5B", "12B"]]  # classic flores: 31 and 32


def test_classic_game_raises_the_best_flor_to_the_target():
    """PRESETS.md §9.8 "game" (classic, end of hand): the best flor's team wins the game at once, its score raised
    to the target (20-10: 20 points, not the falta's 10)."""
    actions = ("0 flor", "1 contraflor-al-resto", "0 quiero", "0 tengo 31", "1 tengo 32")
    state = play("classic", CFAR_DEAL, *actions, score=(20, 10), contraflor_al_resto="game")
    assert state.is_over and state.winner == 1 and state.score == (20, 30)
    state = play("classic", CFAR_DEAL, *actions, "0 mazo", score=(20, 10))
    assert not state.is_over and state.score == (20, 21)


def test_falta_value_in_a_preset_whose_own_value_is_game():
    """PRESETS.md §9.8 "falta" in online (scores at once) and reglamento (added when the hand ends): the falta
    value of §9.1 to the best flor (online 30 - 20 = 10)."""
    state = play("online", CFAR_DEAL, "0 flor", "1 contraflor-al-resto", "0 quiero", "0 tengo 31", "1 tengo 32",
                 score=(20, 10), contraflor_al_resto="falta")  # fmt: skip
    assert not state.is_over and state.score == (20, 20)


def test_refusals_and_the_calls_are_unchanged():
    """PRESETS.md §9.8: refusals are unchanged (classic +4 over a flor, then the hand's 1) and so are the calls."""
    for value in ("falta", "game"):
        state = play("classic", CFAR_DEAL, "0 flor", "1 contraflor-al-resto", "0 no-quiero", "0 mazo",
                     contraflor_al_resto=value)  # fmt: skip
        assert state.round.points == (0, 4 + 1), value
        state = play("classic", CFAR_DEAL, "0 flor", contraflor_al_resto=value)
        assert legal(state, 1) == ["1 contraflor", "1 contraflor-al-resto", "1 flor"], value


def test_the_view_shows_what_the_contraflor_al_resto_wins():
    """PRESETS.md §9.8 and issue 35: ``call_values`` shows the falta (classic at 20-10: 10) or ``None`` (the
    game)."""
    for value, shown in (("falta", 10), ("game", None)):
        state = play("classic", CFAR_DEAL, "0 flor", score=(20, 10), contraflor_al_resto=value)
        offered = {v.call.value: v.if_accepted for v in view(state, 1).call_values}
        assert offered["contraflor-al-resto"] == shown, value


def test_cfar_and_the_option_agree():
    """PRESETS.md §9.8: setting the option also sets what the older ``cfar`` says, and the two may not disagree."""
    assert RuleSet.preset("classic", contraflor_al_resto="game").cfar.value == "wins"
    assert RuleSet.preset("classic", cfar="wins").contraflor_al_resto.value == "game"
    with pytest.raises(RuleSetError, match="'contraflor_al_resto'"):
        RuleSet.preset("classic", cfar="wins", contraflor_al_resto="falta")


# --- §9.3 flor_achico ------------------------------------------------------------------------------------------
FOUR = [["7E", "6B", "5E"], ["1O", "2O", "3O"], ["4C", "5C", "6C"], ["1B", "2B", "3B"]]  # seats 1, 2, 3: flores


@pytest.mark.parametrize(("preset", "options"), [("classic", {}), ("default", {"flor": True})])
def test_achico_declines_the_first_flor(preset, options):
    """PRESETS.md §9.3 ``true``: a seat that may answer the first flor may also answer con-flor-me-achico: the
    first flor's team scores +3, the chain is over, the answering seat's flor is not sung (it scores nothing and
    is free of §8.6: it may play); ``false``: not an answer."""
    state = play(preset, FLORES, "0 flor", flor_achico=True, **options)
    assert "1 con-flor-me-achico" in legal(state, 1)
    assert "1 con-flor-me-achico" not in legal(play(preset, FLORES, "0 flor", **options), 1)
    state = play(preset, FLORES, "0 flor", "1 con-flor-me-achico", "0 7E", "1 1O", flor_achico=True, **options)
    assert state.round.flor_sung == frozenset({0})
    state = play(preset, FLORES, "0 flor", "1 con-flor-me-achico", "0 mazo", flor_achico=True, **options)
    assert state.round.points == (3, 1)  # the flor, then the hand's 1 (no penalty: a flor was sung)


def test_achico_lets_a_suspended_truco_wait_again_and_a_partner_sings_alone():
    """PRESETS.md §9.3 with §8.25 and §8.38: the truco the first flor suspended waits again for its answer; the
    declining seat's flor can no longer be sung; seat 3's unsung flor must still be sung (+3 alone)."""
    state = play("classic", FOUR, "0 truco", "1 flor", "2 con-flor-me-achico", players=4, flor_achico=True)
    assert legal(state) == ["1 mazo", "1 no-quiero", "1 quiero", "1 retruco", "3 flor"]
    assert "2 flor" not in legal(state)
    state = act(state, "3 flor", "1 no-quiero")
    assert state.round.ended and state.round.points == (1, 6)  # the first flor's +3, seat 3's +3 alone, the truco


def test_achico_answers_only_the_first_flor():
    """PRESETS.md §9.3: a contraflor is still refused with no-quiero (classic +4), not with con-flor-me-achico."""
    state = play("classic", FLORES, "0 flor", "1 contraflor", flor_achico=True)
    assert "0 con-flor-me-achico" not in legal(state, 0) and "0 no-quiero" in legal(state, 0)


def test_achico_is_shown_in_the_views_and_the_pending_value():
    """PRESETS.md §9.3 and issue 35: the legal answer appears in the seat's view; declining scores +3."""
    state = play("classic", FLORES, "0 flor", flor_achico=True)
    seen = view(state, 1)
    assert "1 con-flor-me-achico" in [str(action) for action in seen.legal]
    assert seen.pending is not None and seen.pending.if_refused == 3


# --- what the views show (issue 35: call_values, the pending call, legal) ----------------------------------------
def _offered(state, seat):
    """``{call: (if_accepted, if_refused)}`` of the seat's ``call_values``, as its view's JSON says them."""
    return {v["call"]: (v["if_accepted"], v["if_refused"]) for v in view(state, seat).to_json()["call_values"]}


def _pending(state, seat):
    pending = view(state, seat).to_json()["pending"]
    return pending["call"], pending["if_accepted"], pending["if_refused"]


@pytest.mark.parametrize(
    ("preset", "options", "score", "value"),
    [
        ("default", {"falta_envido": "malas-winner"}, (5, 5), 10),  # 15 - 5 whichever team wins
        ("default", {"falta_envido": "malas-winner"}, (3, 10), None),  # 12 or 5: it depends on who wins
        ("ladder", {}, (0, 0), 30),  # "loser": 30 - 0 whichever team loses
        ("ladder", {}, (4, 0), None),
    ],
)
def test_a_falta_that_depends_on_the_winner_is_shown_once_it_does_not(preset, options, score, value):
    """PRESETS.md §9.1: the falta of "malas-winner" (both in the malas) and of "loser" depends on who wins it,
    except at equal scores, where it is the same for both teams: the views then show it (``None`` only when it
    really depends on the winner)."""
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]
    # ladder reaches its F level after E, R, E-E; the others open with the falta
    chain = ["0 envido", "1 real-envido", "0 envido"] if preset == "ladder" else []
    caller = 1 if chain else 0
    state = play(preset, deal, *chain, score=score, **options)
    assert _offered(state, caller)["falta-envido"][0] == value
    state = play(preset, deal, *chain, f"{caller} falta-envido", score=score, **options)
    assert _pending(state, 1 - caller)[:2] == ("falta-envido", value)


def test_the_ladder_falta_level_shows_the_falta_option():
    """PRESETS.md §9.1 in ``ladder`` (the F level): accepted worth the falta of the option ("malas-leader" at
    10-3: 5), refused its §5 value 7, before and after the call."""
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]
    chain = ("0 envido", "1 real-envido", "0 envido")
    state = play("ladder", deal, *chain, score=(10, 3), falta_envido="malas-leader")
    assert _offered(state, 1) == {"falta-envido": (5, 7)}
    state = play("ladder", deal, *chain, "1 falta-envido", score=(10, 3), falta_envido="malas-leader")
    assert _pending(state, 0) == ("falta-envido", 5, 7)


@pytest.mark.parametrize("value", [3, 4, 6])
@pytest.mark.parametrize(
    ("preset", "options", "answer", "refused"),
    [
        ("classic", {}, [], 3),  # the first flor: answered by a flor (N) or declined (+3)
        ("default", {"flor": True}, [], 3),
        ("online", {}, [], 3),
        ("ladder", {}, [], 3),
        ("reglamento", {}, ["1 flor"], 4),  # the second flor: quiero (N) or con-flor-me-achico (+4)
    ],
)
def test_the_pending_flor_shows_the_flor_flor_value(value, preset, options, answer, refused):
    """PRESETS.md §9.2 and issue 35: the pending flor's ``if_accepted`` is the option's N (what the chain accepted
    without contraflor gives the best flor), its refusal unchanged, in every seat's view."""
    state = play(preset, FLORES, "0 flor", *answer, flor_flor_value=value, **options)
    answering = 0 if answer else 1
    for seat in (0, 1, None):
        pending = view(state, seat).to_json()["pending"]
        assert (pending["call"], pending["if_accepted"], pending["if_refused"]) == ("flor", value, refused), seat
    assert state.to_act == (answering,)


@pytest.mark.parametrize(
    ("score", "value"),
    [((10, 3), None), ((16, 3), 14), ((5, 5), 10)],
)
def test_a_contraflor_al_resto_worth_the_malas_winner_falta(score, value):
    """PRESETS.md §9.8 "falta" with §9.1 "malas-winner" (classic): before and after the call the views show the
    falta (``None`` while it depends on which flor wins), and the best flor scores it (seat 1's 32 at 10-3:
    15 - 3 = 12, then the hand's 1)."""
    state = play("classic", CFAR_DEAL, "0 flor", score=score, falta_envido="malas-winner")
    assert _offered(state, 1)["contraflor-al-resto"] == (value, 4)
    state = play("classic", CFAR_DEAL, "0 flor", "1 contraflor-al-resto", score=score, falta_envido="malas-winner")
    assert _pending(state, 0) == ("contraflor-al-resto", value, 4)
    state = act(state, "0 quiero", "0 tengo 31", "1 tengo 32", "0 mazo")
    assert state.round.points == (0, 15 - score[1] + 1 if max(score) < 15 else 30 - max(score) + 1)


def test_online_contraflor_al_resto_worth_the_falta_over_a_contraflor():
    """PRESETS.md §9.8 "falta" in ``online``: over a contraflor too the accepted value is the falta (20-10: 10) and
    the refusal keeps online's +6."""
    state = play("online", CFAR_DEAL, "0 flor", "1 contraflor", score=(20, 10), contraflor_al_resto="falta")
    assert _offered(state, 0) == {"contraflor-al-resto": (10, 6)}
    state = act(state, "0 contraflor-al-resto")
    assert _pending(state, 1) == ("contraflor-al-resto", 10, 6)


def test_the_events_carry_and_say_what_the_option_made_it_worth():
    """PRESETS.md §9.1 and §9.8 and issue 35 (events): the accepted falta under "malas-leader" (10-3: 5) and the
    contraflor al resto under "game" (classic at 20-10: the raise to 30, 20) are the events' points and sentences."""
    from pytruco import Action
    from pytruco.text import describe_event

    names = ["Ana", "Beto"]
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]
    state = play(
        "default", deal, "0 falta-envido", "1 quiero", "0 tengo 29", score=(10, 3), falta_envido="malas-leader"
    )
    _, events = apply(state, Action.parse("1 tengo 31"))
    assert [(e.kind.value, e.points) for e in events][1:] == [("envido-won", 5), ("points", 5)]
    assert describe_event(events[-1], "en", names) == "Beto scored 5 points for the envido"
    state = play("classic", CFAR_DEAL, "0 flor", "1 contraflor-al-resto", "0 quiero", "0 tengo 31", score=(20, 10),
                 contraflor_al_resto="game")  # fmt: skip
    _, events = apply(state, Action.parse("1 tengo 32"))
    points = [e for e in events if e.kind.value == "points"]
    assert [(e.team, e.points, e.detail) for e in points] == [(1, 20, "flor")]
    assert describe_event(points[0], "es", names) == "Beto sumó 20 puntos por la flor"


@pytest.mark.parametrize(
    ("preset", "deal", "actions", "options", "seat", "shown"),
    [
        ("online", DEAL, [], {"mano_mazo_before_acting": True}, 0, True),  # §9.5: the mano's opening mazo
        ("online", DEAL, [], {}, 0, False),
        ("default", DEAL, [], {"mano_mazo_before_acting": False}, 0, False),
        ("classic", HOLDER_1, ["0 7E"], {"mazo_before_flor": True}, 1, True),  # §9.6: the holder's fold
        ("classic", HOLDER_1, ["0 7E"], {}, 1, False),
        ("reglamento", HOLDER_1, ["0 7E"], {"mazo_before_flor": True}, 1, True),
    ],
)
def test_the_views_and_the_trace_list_the_new_mazos(preset, deal, actions, options, seat, shown, capsys, monkeypatch):
    """PRESETS.md §9 ("replay --trace lists it in legal like any other legal action"), §9.5 and §9.6: the seat's
    view and ``pytruco replay --trace`` list the mazo an option makes legal, and not the one it makes illegal."""
    from pytruco.cli import main

    state = play(preset, deal, *actions, **options)
    assert (f"{seat} mazo" in view(state, seat).to_json()["legal"]) is shown
    record = {"format": "truco-record/1", "rules": {"preset": preset, **options}, "first_mano": 0,
              "hands": [{"deal": deal, "actions": list(actions)}]}  # fmt: skip
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(record)))
    assert main(["replay", "--trace", "-"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert (f"{seat} mazo" in lines[len(actions)]["legal"]) is shown


@pytest.mark.parametrize(
    ("lang", "label", "said", "scored", "refused"),
    [
        ("es", "Con flor me achico", "Beto dijo: con flor me achico", "Ana sumó 3 puntos por la flor",
         "Con flor me achico contesta solo la primera flor: a una contraflor (al resto) se le dice no quiero."),
        ("en", "Back down (con flor me achico)", "Beto backed down (con flor me achico)",
         "Ana scored 3 points for the flor",
         "Con flor me achico answers the first flor only: refuse a contraflor (al resto) with no quiero."),
    ],
)  # fmt: skip
def test_achico_in_classic_has_its_notation_and_words(lang, label, said, scored, refused):
    """PRESETS.md §9.3 and issue 35: in ``classic`` with ``flor_achico`` the answer is written
    ``con-flor-me-achico`` (it round-trips through a record), has its button label and event sentence in Spanish
    and English, the first flor's +3 is told when the hand ends, and con flor me achico against a contraflor is
    refused with a sentence of §9.3 (not reglamento's "answers a second flor")."""
    from pytruco import Action, IllegalActionError, check
    from pytruco.text import action_label, describe_event, describe_refusal

    names = ["Ana", "Beto"]
    achico = Action.parse("1 con-flor-me-achico")
    assert str(achico) == "1 con-flor-me-achico" and action_label(achico, lang) == label
    state, events = apply(play("classic", FLORES, "0 flor", flor_achico=True), achico)
    assert [describe_event(event, lang, names) for event in events] == [said]
    state, events = apply(state, Action.parse("0 mazo"))
    assert scored in [describe_event(event, lang, names) for event in events]
    record = Record.from_state(state)
    assert record.hands[0].actions[1] == "1 con-flor-me-achico"
    assert replay(Record.loads(record.dumps())).state == state
    with pytest.raises(IllegalActionError) as error:
        check(play("classic", FLORES, "0 flor", "1 contraflor", flor_achico=True), Action.parse("0 con-flor-me-achico"))
    assert error.value.code == "achico-answers-first-flor" and describe_refusal(error.value, lang) == refused


# --- random play with option sets (issue 35 "Done means") -------------------------------------------------------
OPTION_SETS = [
    ("classic", {"players": 4, "flor_achico": True, "flor_flor_value": 4, "contraflor_al_resto": "game",
                 "mazo_before_flor": True}),
    ("default", {"flor": True, "falta_envido": "malas-winner", "flor_achico": True, "mazo_penalty": "trick-1"}),
    ("default", {"falta_envido": "malas-leader", "mano_mazo_before_acting": False}),
    ("online", {"mano_mazo_before_acting": True, "mazo_penalty": "no-truco", "contraflor_al_resto": "falta",
                "flor_flor_value": 6}),
    ("ladder", {"falta_envido": "malas-leader", "flor_flor_value": 4}),
    ("reglamento", {"players": 6, "pica_pica": True, "pica_pica_schedule": "after-5", "mazo_before_flor": True,
                    "contraflor_al_resto": "falta"}),
    ("default", {"players": 6, "pica_pica": True, "pica_pica_schedule": "after-5", "mazo_penalty": "none"}),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "options"), OPTION_SETS)
def test_random_games_with_options_keep_the_invariants(preset, options):
    """PRESETS.md §9 with STYLE.md "Ask, check, do" and RECORDS.md: under every option set, legal_actions lists
    exactly what apply accepts (checked on sampled states) and a finished match's record replays to an equal
    state."""
    rules = RuleSet.preset(preset, **options)
    candidates = candidate_actions(rules.players)
    for seed in range(3):
        spec = GameSpec(rules, seed, timeouts=seed == 2)
        check_playout(spec)
        steps = list(random_playout(spec))
        for step in steps[:: max(1, len(steps) // 15)]:
            exhaustive_check(step.before, candidates)
        final = steps[-1].after
        assert final.is_over
        assert replay(Record.loads(Record.from_state(final).dumps())).state == final


def _record_digest() -> Any:
    """tools/record_digest.py, whose ``--house`` option sets CI compares between the pure and the compiled build."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "record_digest", Path(__file__).parent.parent / "tools" / "record_digest.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DIGEST = _record_digest()


@pytest.mark.parametrize("options", DIGEST.HOUSE_SETS, ids=lambda options: "-".join(map(str, options.values())))
def test_seeded_random_matches_with_house_rules_replay_step_by_step(options):
    """Issue 35 "Done means" (classic 4 seats with the flor options, default with flor and the falta options, online
    with the opening mazo, reglamento and default 6 seats with pica_pica_schedule; tools/record_digest.py --house):
    every seeded random match's record names its options and replays to the same state, step by step, with the
    same events."""
    from pytruco.frontend import replay_events

    rules = RuleSet.from_dict(options)
    for seed in range(4):
        steps = list(DIGEST.game_steps(rules, 35_000 + seed, 4000))
        final = steps[-1][1]
        assert final.is_over, (options, seed)
        record = Record.loads(Record.from_state(final).dumps())
        assert record.to_dict()["rules"] == options
        played = [(item, state, events) for item, state, events in steps[1:]]
        replayed = [(step.action, step.state, tuple(step.events)) for step in replay_events(record)]
        assert len(replayed) == len(played), (options, seed)
        for n, (step, again) in enumerate(zip(played, replayed, strict=True)):
            assert again == step, (options, seed, n)
        assert replay(record).state == final


# --- the command line (issue 35: pytruco random/simulate --option NAME=VALUE) -----------------------------------
def test_random_names_its_options_in_the_record(capsys):
    """Issue 35: ``pytruco random --option`` plays under the options and its record names them; a wrong value is
    refused naming the option, without a traceback."""
    from pytruco.cli import main

    assert main(["random", "--preset", "classic", "--seed", "3", "--option", "flor_achico=true",
                 "--option", "flor_flor_value=4"]) == 0  # fmt: skip
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert rules == {"preset": "classic", "flor_flor_value": 4, "flor_achico": True}
    assert main(["random", "--option", "flor_flor_value=4.0"]) == 1
    assert "option 'flor_flor_value'" in capsys.readouterr().err
    assert main(["random", "--option", "falta_envido"]) == 1
    assert "NAME=VALUE" in capsys.readouterr().err


def test_play_takes_house_rules_and_its_record_names_them(tmp_path):
    """Issue 35: ``pytruco play --option NAME=VALUE`` plays under the option (its record's ``rules`` names it, as
    ``pytruco random``'s does), together with ``--flor``; a value the option refuses is one line
    naming the option, before any hand."""
    from pytruco.cli import main
    from pytruco.play import play_terminal

    path = tmp_path / "game.json"
    out = io.StringIO()
    status = play_terminal(
        preset="default", flor=True, seed=3, bot="heuristic", lang="en", stdin=io.StringIO("q\n"), stdout=out,
        record_path=str(path), options={"falta_envido": "malas-leader", "flor_flor_value": 4},
    )  # fmt: skip
    assert status == 0, out.getvalue()
    rules = json.loads(path.read_text(encoding="utf-8"))["rules"]
    assert rules == {"preset": "default", "flor": True, "falta_envido": "malas-leader", "flor_flor_value": 4}
    out = io.StringIO()
    assert play_terminal(stdin=io.StringIO("q\n"), stdout=out, options={"flor_flor_value": 5}) == 1
    assert "option 'flor_flor_value'" in out.getvalue() and "Hand 1" not in out.getvalue()
    assert main(["play", "--option", "falta_envido"]) == 1

"""Scoring, the target, chicos and the hand rotation: PRESETS.md §2, §8.11, §8.14, §8.15."""

from __future__ import annotations

import random

import pytest

from helpers import act, finish_hand, legal, play, play_hands, refused, start, won
from pytruco import Phase, random_deal

DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]  # 33 against 29; seat 0 wins the tricks
ENVIDO = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"]
PLAY_OUT = ["0 1E", "1 3B", "0 7C", "1 5O"]
OTHER_DEAL = [["4E", "5O", "6C"], ["1B", "7E", "2O"]]


# --- immediate scoring (default, online) -------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["default", "online"])
def test_immediate_game_ends_mid_hand(preset):
    """PRESETS.md §2 (default, online): every point is scored when won; the game ends at once, mid-hand."""
    state = play(preset, DEAL, *ENVIDO, score=(28, 5))
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.winner == 0
    assert state.score == (30, 5)
    assert legal(state) == []
    assert state.to_act == ()
    assert refused(play(preset, DEAL, *ENVIDO, score=(28, 5)), "0 1E") == "match-over"


@pytest.mark.parametrize("preset", ["default", "online"])
def test_immediate_never_capped(preset):
    """PRESETS.md §8.11: scores are never capped: 29 + 2 is 31."""
    state = play(preset, DEAL, *ENVIDO, score=(29, 5))
    assert state.score == (31, 5)
    assert state.winner == 0


def test_online_flor_ends_the_game_at_once():
    """PRESETS.md §2 and §6 (online): a flor's +3 is scored at once and may end the game."""
    state = play("online", [["4C", "5C", "6C"], ["3E", "2O", "5O"]], "0 flor", score=(28, 0))
    assert state.is_over
    assert state.score == (31, 0)


def test_target_15():
    """PRESETS.md §2: target 15 is allowed; the game ends at 15."""
    state = play("default", DEAL, *ENVIDO, score=(13, 14), target=15)
    assert state.is_over and state.winner == 0
    assert state.score == (15, 14)


# --- end of hand (classic, ladder, reglamento) ---------------------------------------------------------------
@pytest.mark.parametrize("preset", ["classic", "ladder", "reglamento"])
def test_end_of_hand_points_wait_for_the_end(preset):
    """PRESETS.md §2: the hand's points are added when it ends; reaching the target mid-hand ends nothing."""
    state = play(preset, DEAL, *ENVIDO, score=(29, 5))
    assert not state.is_over
    assert state.score == (29, 5)
    state = play(preset, DEAL, *ENVIDO, *PLAY_OUT, score=(29, 5))
    assert state.score == (32, 5)
    assert state.round.points == (3, 0)
    assert won(state, 0)


@pytest.mark.parametrize("preset", ["classic", "ladder", "reglamento"])
def test_end_of_hand_envido_before_truco(preset):
    """PRESETS.md §2: envido or flor first, then truco; whoever reaches the target first in that order wins."""
    deal = [["7C", "6C", "4B"], ["1B", "7O", "3E"]]
    actions = [*ENVIDO, "0 truco", "1 quiero", "0 4B", "1 1B", "1 7O", "0 7C"]
    state = play(preset, deal, *actions, score=(28, 29))
    assert state.score == (30, 31)
    assert won(state, 0)


@pytest.mark.parametrize("preset", ["classic", "ladder", "reglamento"])
def test_end_of_hand_flor_before_truco(preset):
    """PRESETS.md §2: flor points come before the truco points of the same hand."""
    deal = [["4C", "5C", "6C"], ["3E", "2B", "5O"]]
    actions = ["0 flor", "0 4C", "1 3E", "1 truco", "0 quiero", "1 2B", "0 5C"]
    state = play(preset, deal, *actions, score=(28, 28))
    assert state.score == (31, 30)
    assert won(state, 0)


@pytest.mark.parametrize("preset", ["classic", "ladder", "reglamento"])
def test_end_of_hand_truco_alone_reaches_the_target(preset):
    """PRESETS.md §2: the truco points at the end of the hand win when nobody reached the target before."""
    state = play(preset, DEAL, "0 truco", "1 quiero", *PLAY_OUT, score=(28, 29))
    assert won(state, 0)
    assert state.score == (30, 29)


# --- rotation -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("preset", ["default", "classic", "reglamento"])
def test_next_hands_mano_is_seat_plus_one(preset, players):
    """PRESETS.md §2: the next hand's mano is seat + 1 (default, classic, reglamento)."""
    state = start(preset, players=players, first_mano=players - 1)
    rng = random.Random(4)
    manos = []
    for _ in range(players + 1):
        state = act(state, random_deal(state, rng))
        manos.append(state.round.mano)
        state = finish_hand(state)
    assert manos == [(players - 1 + i) % players for i in range(players + 1)]


@pytest.mark.parametrize("preset", ["online", "ladder"])
def test_next_hands_mano_is_the_other_player(preset):
    """PRESETS.md §2 (online, ladder): the next hand's mano is the other player."""
    state = play_hands(preset, [(DEAL, ["0 1E", "1 mazo"]), (OTHER_DEAL, ["1 1B", "0 mazo"])], first_mano=0)
    assert state.mano == 0
    assert state.score == (1 + 0, 1)


# --- reglamento: chicos and partido (§2, §8.11, §8.15) --------------------------------------------------------
def test_reglamento_chico_ends_and_scores_restart():
    """PRESETS.md §2 and §8.15 (reglamento): a chico is one game to the target; score shows the chico's final score
    until the next hand starts at 0-0; chicos counts the chicos won; the mano keeps rotating."""
    state = play("reglamento", DEAL, "0 truco", "1 quiero", *PLAY_OUT, score=(28, 12))
    assert state.chicos == (1, 0)
    assert state.score == (30, 12)
    assert state.round.points == (2, 0)
    assert not state.is_over
    assert state.winner is None
    assert state.is_chance
    assert state.mano == 1
    state = act(state, OTHER_DEAL)
    assert state.score == (0, 0)
    assert state.round.mano == 1
    state = act(state, "1 1B", "0 mazo")
    assert state.score == (0, 2)


def test_reglamento_partido_is_two_chicos():
    """PRESETS.md §2 (reglamento): the partido goes to the first team to win 2 chicos."""
    state = play("reglamento", DEAL, *PLAY_OUT, score=(29, 12), chicos=(1, 1))
    assert state.is_over
    assert state.winner == 0
    assert state.chicos == (2, 1)
    assert state.score == (30, 12)
    state = play("reglamento", DEAL, *PLAY_OUT, score=(29, 12), chicos=(0, 1))
    assert not state.is_over
    assert state.chicos == (1, 1)


def test_reglamento_chico_never_capped():
    """PRESETS.md §8.11 and §8.15: 29 + 3 is 32; the chico's final score is shown."""
    state = play("reglamento", DEAL, *ENVIDO, *PLAY_OUT, score=(29, 3))
    assert state.score == (32, 3)
    assert state.chicos == (1, 0)


def test_reglamento_contraflor_al_resto_raises_to_the_target():
    """PRESETS.md §8.11 and §8.15: when a flor wins the chico the score is raised to the target and the hand's
    points are the size of that raise."""
    flores = [["4C", "5C", "6C"], ["7B", "5B", "12B"]]
    actions = ["0 flor", "1 contraflor-al-resto", "0 quiero", "0 tengo 35", "1 son-buenas"]
    state = play("reglamento", flores, *actions, score=(3, 27))
    assert state.score == (30, 27)
    assert state.round.points == (27, 0)
    assert state.chicos == (1, 0)


@pytest.mark.parametrize("preset", ["default", "online", "classic", "ladder"])
def test_one_game_presets_have_no_chicos(preset):
    """PRESETS.md §2: outside reglamento the match is one game; chicos stay 0-0."""
    state = play(preset, DEAL, "0 truco", "1 quiero", *PLAY_OUT, score=(28, 0))
    assert state.is_over
    assert state.chicos == (0, 0)
    assert state.score == (30, 0)


def test_no_deal_after_the_match():
    """RECORDS.md: any action after the match is over is illegal (deals too)."""
    state = play("default", DEAL, *ENVIDO, score=(28, 0))
    assert refused(state, OTHER_DEAL) == "deal-after-match"


@pytest.mark.parametrize(
    ("preset", "events", "over"),
    [
        # default scores at once: the game ends with the truco point, before the penalty and the hand's end
        ("default", [("chico-won", 1), ("match-over", 1)], True),
        # end of hand: truco, then the penalty, the hand ends, then the chico (reglamento plays on: a partido)
        ("classic", [("points", 1), ("hand-ended", None), ("chico-won", 1), ("match-over", 1)], True),
        ("reglamento", [("points", 1), ("hand-ended", None), ("chico-won", 1)], False),
    ],
)
def test_reaching_the_target_announces_the_chico_for_the_team_that_reached_it(preset, events, over):
    """PRESETS.md §2 "points and the target" (and §8.14): at 0-29 seat 0's mazo gives team 1 the target; the
    events say hand-won and truco point for team 1, then (in the preset's order) chico-won and match-over."""
    from pytruco import Action, apply

    state = play(preset, DEAL, score=(0, 29))
    after, emitted = apply(state, Action.parse("0 mazo"))
    got = [(e.kind.value, e.team) for e in emitted]
    assert got == [("folded", 0), ("hand-won", 1), ("points", 1), *events]
    assert (after.is_over, after.winner) == ((True, 1) if over else (False, None))
    assert after.chicos == ((0, 0) if over else (0, 1))


# --- the research option: a match of a set number of hands ----------------------------------------------------
def _one_hand_match(*actions: str, first_mano: int = 0):  # type: ignore[no-untyped-def]
    from pytruco import Action, Deal, RuleSet, apply, new_game

    state = new_game(RuleSet.preset("default", hands=1), first_mano=first_mano)
    state, _ = apply(state, Deal.parse(DEAL))
    for text in actions:
        state, _ = apply(state, Action.parse(text))
    return state


def test_a_match_of_hands_goes_to_the_team_ahead_on_points() -> None:
    """RuleSet.hands (docs/training.md, research options): after the last hand the team ahead on points wins,
    whoever won that hand: team 0 takes the envido (2), team 1 the hand's truco point when seat 0 folds."""
    state = _one_hand_match(*ENVIDO, "0 mazo")
    assert state.is_over and state.score == (2, 1) and state.winner == 0
    state = _one_hand_match("0 1E", "1 mazo")  # the truco point and the envido penalty of a fold
    assert state.is_over and state.score == (2, 0) and state.winner == 0
    state = _one_hand_match("0 mazo")
    assert state.is_over and state.score == (0, 2) and state.winner == 1


def test_a_match_of_hands_on_equal_points_goes_to_the_last_hands_winner() -> None:
    """RuleSet.hands: on equal points the team that won the last hand's truco points wins (team 0's envido, 2,
    against team 1's accepted truco, 2, when seat 0 folds)."""
    state = _one_hand_match(*ENVIDO, "0 truco", "1 quiero", "0 mazo")
    assert state.is_over and state.score == (2, 2) and state.winner == 1


def test_the_cards_shown_depend_on_the_count_three_option_whatever_was_asked_first() -> None:
    """PRESETS.md §5 (envido with three cards of a suit, where a preset counts them): the cards that make the
    points are the best two, or all three when the option counts three; asking one way first does not change
    what the other way answers (each holding is worked out once per option)."""
    from pytruco import Hand
    from pytruco._engine.scoring import shown_cards

    for text, first in (("4E 6E 5E", False), ("4B 6B 5B", True)):
        cards = Hand.parse(text).cards
        two, three = sorted(str(card) for card in cards if card.rank != 4), sorted(map(str, cards))
        answers = {first: shown_cards(cards, first), not first: shown_cards(cards, not first)}
        assert sorted(map(str, answers[False])) == two, text
        assert sorted(map(str, answers[True])) == three, text


def test_a_partido_of_fixed_hands_goes_to_the_side_ahead_in_chicos_first() -> None:
    """RuleSet.hands (research; the last hand's decision in scoring.py): when the last hand of a partido ends, the
    side ahead in chicos wins the match even when the other side is ahead in points; at equal chicos the points
    decide (mutation sample, issue 34: the chicos were never compared)."""
    ahead_in_chicos = play("reglamento", DEAL, "0 mazo", hands=1, chicos=(1, 0))
    assert ahead_in_chicos.is_over and ahead_in_chicos.score[1] > ahead_in_chicos.score[0]
    assert ahead_in_chicos.winner == 0
    level = play("reglamento", DEAL, "0 mazo", hands=1, chicos=(0, 0))
    assert level.is_over and level.winner == 1


@pytest.mark.parametrize(
    ("preset", "deal", "options", "actions", "reported"),
    [
        # default with flor scores at once: a flor nobody can answer is worth flor_value, here 0
        ("default", [["7C", "6C", "5C"], ["5O", "4O", "3B"]], {"flor": True, "flor_value": 0}, ["0 flor"], []),
        # ladder adds a hand's points when it ends: a refused falta envido is worth ladder_falta_refused, here 0
        (
            "ladder",
            DEAL,
            {"ladder_falta_refused": 0},
            ["0 envido", "1 real-envido", "0 envido", "1 falta-envido", "0 no-quiero", *PLAY_OUT],
            [(0, 1, "truco")],
        ),
    ],
)
def test_a_payout_of_no_points_scores_nothing(preset, deal, options, actions, reported):
    """PRESETS.md preamble (only a payout table with a negative value is refused: 0 is a payout) and EventKind.POINTS
    ("team scores points"): a payout of 0 changes no score and reports no points, whether points are scored at
    once or when the hand ends (§2); only the truco point of the ladder hand is reported (mutation sample seed
    7707, issue 34)."""
    from pytruco import Action, apply
    from pytruco.events import EventKind

    state = play(preset, deal, **options)
    got = []
    for text in actions:
        state, events = apply(state, Action.parse(text))
        got += [(e.team, e.points, e.detail) for e in events if e.kind is EventKind.POINTS]
    assert got == reported
    assert list(state.score) == [sum(points for team, points, _ in reported if team == t) for t in (0, 1)]

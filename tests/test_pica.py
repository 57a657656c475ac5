"""Pica-pica (6 seats) and tirar reyes: PRESETS.md §2 (pica-pica row, decided duel mano) and §8.23."""

from __future__ import annotations

import random
import re

import pytest

from helpers import refused
from pytruco import (
    Action,
    Deal,
    Record,
    RuleSet,
    apply,
    legal_actions,
    new_game,
    random_deal,
    replay,
)
from pytruco.events import EventKind
from pytruco.partners import tirar_reyes

NORMAL = [h.split() for h in ["1E 2B 3O", "1B 2O 3C", "1O 2C 3E", "1C 2E 3B", "4E 5B 6O", "4B 5O 6C"]]
PICA = [h.split() for h in ["1E 4B 5O", "7E 4C 5C", "3O 6B 10E", "2B 6O 11C", "7O 10B 11O", "12E 4O 6C"]]
PICA_ACTIONS = [
    # duel 0: seat 0 against seat 3; seat 3 is nearer the hand's mano (seat 1), so it is mano
    "3 2B", "0 1E", "0 4B", "3 6O", "3 11C", "0 5O",
    # duel 1: seat 1 (the hand's mano) against seat 4
    "1 7E", "4 7O", "1 4C", "4 10B", "4 11O", "1 5C",
    # duel 2: seat 2 against seat 5, seat 2 is mano; envido tie goes to the mano
    "2 envido", "5 quiero", "2 tengo 6", "5 son-buenas", "2 3O", "5 12E", "2 6B", "5 6C",
]  # fmt: skip


def record(
    preset: str, score: tuple[int, int] = (0, 0), hands: list[dict[str, object]] | None = None
) -> dict[str, object]:
    return {
        "format": "truco-record/1",
        "rules": {"preset": preset, "players": 6, "pica_pica": True},
        "first_mano": 0,
        "score": list(score),
        "hands": hands
        if hands is not None
        else [
            {"deal": NORMAL, "actions": ["0 truco", "1 no-quiero"]},
            {"deal": PICA, "actions": PICA_ACTIONS},
            {"deal": NORMAL, "actions": ["2 truco", "3 no-quiero"]},
        ],
    }


def test_pica_hand_follows_a_normal_hand_and_duels_score_for_teams() -> None:
    """§8.23: a normal hand first, then a pica hand (three 1v1 duels from one deal), then a normal one;
    duel points go to the duelists' teams, added as each duel ends in a preset that scores at once."""
    result = replay(record("default")).to_json()
    assert result["hands"] == [
        {"points": [1, 0], "score": [1, 0]},
        {"points": [4, 1], "score": [5, 1]},
        {"points": [1, 0], "score": [6, 1]},
    ]


def test_duel_order_and_duel_mano() -> None:
    """§2 (decided): duels 0v3, 1v4, 2v5 in order; in each the seat dealt first (nearer the mano) is mano."""
    state = new_game(RuleSet.preset("default", players=6, pica_pica=True), first_mano=0)
    for text in ["0 truco", "1 no-quiero"]:
        state = apply(state, Deal.parse(NORMAL))[0] if state.is_chance else state
        state = apply(state, Action.parse(text))[0]
    state, events = apply(state, Deal.parse(PICA))
    assert state.duel == 0
    assert [e.seat for e in events if e.kind is EventKind.DUEL_STARTED] == [3]
    assert state.to_act == (3,)
    assert sorted({a.seat for a in legal_actions(state)}) == [3]
    manos = [3]
    for index, text in enumerate(PICA_ACTIONS):
        state, events = apply(state, Action.parse(text))
        manos += [e.seat for e in events if e.kind is EventKind.DUEL_STARTED]
        if index == 5:  # duel 0 is over: its cards stay played while duel 1 starts
            assert state.duel == 1
            assert state.round.held[0].cards == () and state.round.held[3].cards == ()
            assert len(state.round.held[1].cards) == 3
    assert manos == [3, 1, 2]
    assert state.duel is None
    assert state.mano == 2  # the mano still moves one seat per hand


def test_seats_outside_the_duel_cannot_act() -> None:
    """§8.23: each duel is a 1v1 hand; the other four seats sit out."""
    state = replay(record("default", hands=[{"deal": NORMAL, "actions": ["0 truco", "1 no-quiero"]}])).state
    state, _ = apply(state, Deal.parse(PICA))
    assert refused(state, "1 7E") == "waits-for-duel"
    state, _ = apply(state, Action.parse("3 truco"))
    assert state.to_act == (0,)  # only the opponent in the duel answers
    assert refused(state, "2 quiero") == "waits-for-duel"


def test_end_of_hand_preset_adds_duel_points_when_the_pica_hand_ends() -> None:
    """§8.23: in presets that add points at the end of the hand, the duels' points are added together."""
    state = replay(record("classic", hands=[{"deal": NORMAL, "actions": ["0 truco", "1 no-quiero"]}])).state
    state, _ = apply(state, Deal.parse(PICA))
    for text in PICA_ACTIONS[:12]:  # duels 0 and 1 are over
        state, _ = apply(state, Action.parse(text))
    assert state.duel == 2
    assert state.score == (1, 0)
    result = replay(record("classic")).to_json()
    assert result["hands"][1] == {"points": [4, 1], "score": [5, 1]}


def test_no_pica_hand_near_the_target() -> None:
    """§8.23: pica hands are played only while both teams are at least 5 points from the target."""
    near = replay(record("default", score=(25, 0), hands=[{"deal": NORMAL, "actions": ["0 truco", "1 no-quiero"]}]))
    state, _ = apply(near.state, Deal.parse(PICA))
    assert state.duel is None  # 26 is 4 points from 30
    far = replay(record("default", score=(24, 0), hands=[{"deal": NORMAL, "actions": ["0 truco", "1 no-quiero"]}]))
    state, _ = apply(far.state, Deal.parse(PICA))
    assert state.duel == 0  # 25 is 5 points from 30


def test_pica_alternates_with_normal_hands() -> None:
    """§8.23: while far from the target, a pica hand follows every normal hand (never two pica hands in a row)."""
    result = replay(record("default"))
    state, _ = apply(result.state, Deal.parse(NORMAL))
    assert state.duel == 0  # hand 3 is pica again
    first_hand = [{"deal": NORMAL, "actions": ["0 truco", "1 no-quiero"]}]
    with_pica_off = replay({**record("default", hands=first_hand), "rules": {"preset": "default", "players": 6}})
    state, _ = apply(with_pica_off.state, Deal.parse(NORMAL))
    assert state.duel is None


@pytest.mark.parametrize("preset", ["default", "classic", "reglamento"])
def test_random_pica_games_finish_and_round_trip(preset: str) -> None:
    """§2: pica-pica is an option of default, classic and reglamento; random games end and replay exactly."""
    rules = RuleSet.preset(preset, players=6, pica_pica=True)
    for seed in range(5):
        rng = random.Random(seed)
        state = new_game(rules, first_mano=seed % 6)
        duels = 0
        while not state.is_over:
            if state.is_chance:
                state, events = apply(state, random_deal(state, rng))
            else:
                state, events = apply(state, rng.choice(legal_actions(state)))
            duels += sum(e.kind is EventKind.DUEL_STARTED for e in events)
        assert state.winner in (0, 1)
        again = replay(Record.loads(Record.from_state(state).dumps()))
        assert again.state == state


def test_pica_pica_needs_six_players() -> None:
    """§2: pica-pica is for 6 seats; the RuleSet refuses it otherwise, naming the option."""
    with pytest.raises(ValueError, match=re.escape("option 'pica_pica': needs 6 players, not 4")):
        RuleSet.preset("default", players=4, pica_pica=True)
    with pytest.raises(ValueError, match=re.escape("option 'players': online allows 2 seats at most, not 6")):
        RuleSet.preset("online", players=6)


def test_tirar_reyes_seats_king_holders_as_partners() -> None:
    """PRESETS.md (tirar reyes): tirar reyes deals one card at a time until the kings appear; their holders are
    partners."""
    for seed in range(20):
        names = ["a", "b", "c", "d", "e", "f"]
        result = tirar_reyes(names, random.Random(seed))
        assert sorted(result.seating) == names
        team0 = result.kings_order[:3]
        assert {result.seating.index(name) % 2 for name in team0} == {0}
        kings = [player for player, card in result.dealt if card.rank == 12]
        assert kings == list(result.kings_order)
        # a player who received a king gets no more cards
        for player in result.kings_order:
            cards = [card for who, card in result.dealt if who == player]
            assert cards[-1].rank == 12
    with pytest.raises(
        ValueError, match=re.escape("tirar reyes needs 4 or 6 distinct player names, not ['a', 'b', 'c']")
    ):
        tirar_reyes(["a", "b", "c"])


@pytest.mark.parametrize(("preset", "after_duel_0"), [("default", (1, 1)), ("classic", (1, 0))])
def test_a_duel_scores_when_it_ends_where_points_are_scored_at_once(preset: str, after_duel_0: tuple[int, int]) -> None:
    """§8.23: in a preset that scores at once, each duel's point is on the score as soon as the duel ends (duel 0:
    seat 3 wins tricks 2 and 3, +1 to team 1); where points wait for the end of the hand, it waits for the whole
    pica hand."""
    state = new_game(RuleSet.preset(preset, players=6, pica_pica=True), first_mano=0)
    state = apply(state, Deal.parse(NORMAL))[0]
    for text in ["0 truco", "1 no-quiero"]:
        state = apply(state, Action.parse(text))[0]
    state = apply(state, Deal.parse(PICA))[0]
    for text in PICA_ACTIONS[:6]:
        state = apply(state, Action.parse(text))[0]
    assert state.duel == 1
    assert state.score == after_duel_0


@pytest.mark.parametrize(("target", "last_pica"), [(30, 24), (15, 9)])
def test_after_5_plays_no_pica_hand_once_a_team_has_target_minus_5(target: int, last_pica: int) -> None:
    """PRESETS.md §9.7 "after-5" (decided): a hand is a pica hand only while every team has fewer than target - 5
    points, so a game that starts at target - 6 begins with the duels and one that starts at target - 5 (either
    team) with a normal hand (unlike "always", test_no_pica_hand_near_the_target) (mutation sample seed 7707,
    issue 34)."""
    rules = RuleSet.preset("default", players=6, pica_pica=True, pica_pica_schedule="after-5", target=target)
    starts = [((last_pica, 0), 0), ((0, last_pica), 0), ((last_pica + 1, 0), None), ((5, last_pica + 1), None)]
    for score, duel in starts:
        state, _ = apply(new_game(rules, first_mano=0, score=score), Deal.parse(PICA))
        assert state.duel == duel, f"target {target}, starting score {score}: duel {state.duel}, not {duel}"

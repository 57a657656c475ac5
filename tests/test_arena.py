"""The arena (issue 38): games of N hands, duplicate deals, intervals, round robins with ratings."""

from __future__ import annotations

import json
import math

import pytest

from pytruco import ArgumentError, RuleSet
from pytruco.arena import PRIOR_WINS, bradley_terry, round_robin
from pytruco.cli import main
from pytruco.simulate import GameResult, Summary, play_game, ratio_interval, simulate, wilson_interval


def _summary(results: list[GameResult], duplicate: bool) -> Summary:
    return Summary(("a", "b"), RuleSet.preset("default", hands=1), 0, tuple(results), 1.0, duplicate=duplicate)


def test_hands_limits_each_game() -> None:
    """`--hands 1` is the one-hand game (RuleSet.hands): every game is one hand, won by the side that scored
    more; `--hands 3` stops a game after at most three hands."""
    one = simulate(["heuristic", "random"], games=8, seed=4, hands=1)
    assert [r.hands for r in one.results] == [1] * 8
    assert one.rules.hands == 1 and one.to_json()["hands_per_game"] == 1
    for result in one.results:
        assert result.winner is not None and result.points[result.winner] > result.points[1 - result.winner]
    three = simulate(["heuristic", "random"], games=6, seed=4, hands=3)
    assert all(r.hands <= 3 for r in three.results) and any(r.hands == 3 for r in three.results)
    whole = simulate(["heuristic", "random"], games=2, seed=4)
    assert all(max(r.points) >= 30 for r in whole.results)


def test_bad_hands_and_odd_duplicate_games_are_refused() -> None:
    with pytest.raises(ArgumentError, match="--hands must be a whole number"):
        simulate(["random", "random"], games=2, hands=-1)
    with pytest.raises(ArgumentError, match="--games must be even"):
        simulate(["random", "random"], games=3, duplicate=True)


def test_plain_games_are_dealt_anew() -> None:
    """Without --duplicate, games 0 and 1 have their own deals: a deterministic bot on both sides plays two
    different games (with duplicate deals, the same game: test_simulate's pairs test)."""
    rules = RuleSet.preset("default", hands=1)
    games = [play_game(["truco-always", "truco-always"], rules, 3, i).actions for i in range(6)]
    paired = [play_game(["truco-always", "truco-always"], rules, 3, i, duplicate=True).actions for i in range(6)]
    assert paired[0::2] == paired[1::2]
    assert games[0::2] != games[1::2]


def test_ratio_interval_is_the_ratio_estimate_and_its_normal_interval() -> None:
    """Points per hand 3, 1, 2, 2 over 1, 1, 2, 2 hands: r = 8/6; residuals v - r*w = 5/3, -1/3, -2/3, -2/3;
    their squares sum to 34/9; variance 4/3 * 34/9 / 36; half-width 1.96 times its square root."""
    r, interval = ratio_interval([3, 1, 2, 2], [1, 1, 2, 2])
    assert r == pytest.approx(8 / 6)
    half = 1.959964 * math.sqrt(4 / 3 * (34 / 9) / 36)
    assert interval == pytest.approx((8 / 6 - half, 8 / 6 + half))
    assert ratio_interval([], []) == (0.0, None)


def test_points_per_hand_and_margin_are_reported_with_intervals() -> None:
    summary = simulate(["heuristic", "random"], games=10, seed=2, hands=2)
    data = summary.to_json(timing=False)
    hands = summary.hands
    for i, key in enumerate(("heuristic", "random")):
        value = sum(r.points[i] for r in summary.results) / hands
        assert data["points_per_hand"][key] == pytest.approx(value)
        low, high = data["points_per_hand_ci95"][key]
        assert low < value < high
    margin = data["margin_per_hand"]
    assert margin["value"] == pytest.approx(data["points_per_hand"]["heuristic"] - data["points_per_hand"]["random"])
    assert margin["ci95"][0] < margin["value"] < margin["ci95"][1]


def test_duplicate_intervals_are_taken_over_the_pairs() -> None:
    """Ten deals, each won once by each bot (the cards decided): a duplicate run sees no spread between deals,
    so its win rate's interval is Wilson's over four times the games (the design effect's floor, 1/4), narrower
    than Wilson's over the 20 games of a plain run. Each pair scored 3-0 and 0-1 for the first bot: its margin
    is +1 a hand in every pair."""
    results = []
    for pair in range(10):
        results.append(GameResult(2 * pair, 0, (3, 0), 1, 5))
        results.append(GameResult(2 * pair + 1, 1, (0, 1), 1, 5))
    duplicate = _summary(results, duplicate=True)
    plain = _summary(results, duplicate=False)
    assert duplicate.win_interval(0) == pytest.approx(wilson_interval(40, 80))
    assert plain.win_interval(0) == pytest.approx(wilson_interval(10, 20))
    assert duplicate.per_hand(lambda r: r.points[0] - r.points[1]) == (1.0, (1.0, 1.0))
    value, interval = plain.per_hand(lambda r: r.points[0] - r.points[1])
    assert value == pytest.approx(1.0) and interval is not None and interval[1] - interval[0] > 1


def test_duplicate_win_interval_uses_the_design_effect_of_the_pairs() -> None:
    """Pairs won 2-0, 1-1 and 0-2 by the first bot, 4 of each: rate 1/2; the pairs' variance of the rate,
    12/11 * (4 * 1 + 4 * 1) / 24 ** 2 = 1/66, against 1/4 / 24 = 1/96 for independent games: a design effect of
    96/66, so Wilson's interval over 24 * 66/96 = 16.5 games. A run where one bot won every game: Wilson's over
    the games."""
    results = []
    for pair, winners in enumerate([(0, 0)] * 4 + [(0, 1)] * 4 + [(1, 1)] * 4):  # the winning bot of each game
        for half, winner in enumerate(winners):
            results.append(GameResult(2 * pair + half, winner, (1, 0) if winner == 0 else (0, 1), 1, 5))
    wins = [sum(1 for r in results[2 * k : 2 * k + 2] if r.winner == 0) for k in range(12)]
    assert sorted(wins) == [0] * 4 + [1] * 4 + [2] * 4
    assert _summary(results, duplicate=True).win_interval(0) == pytest.approx(wilson_interval(8.25, 16.5))
    sweep = [GameResult(i, 0, (1, 0), 1, 5) for i in range(8)]
    assert _summary(sweep, duplicate=True).win_interval(0) == pytest.approx(wilson_interval(8, 8))


def test_bradley_terry_solves_its_likelihood_equations() -> None:
    """Maximum likelihood: for every bot, its wins (with the prior's half win each way) equal the wins the model
    expects, the sum over its opponents of games * P(win) with P(a beats b) = 1 / (1 + 10 ** ((Rb - Ra) / 400))."""
    wins = {(0, 1): 7.0, (1, 0): 3.0, (0, 2): 9.0, (2, 0): 1.0, (1, 2): 3.0, (2, 1): 7.0}
    ratings = bradley_terry(3, wins)
    assert sum(ratings) == pytest.approx(0.0, abs=1e-9)
    for a in range(3):
        observed = sum(wins[(a, b)] + PRIOR_WINS for b in range(3) if b != a)
        expected = sum(
            (wins[(a, b)] + wins[(b, a)] + 2 * PRIOR_WINS) / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
            for b in range(3)
            if b != a
        )
        assert observed == pytest.approx(expected, rel=1e-8)
    assert ratings[0] > ratings[2] > ratings[1]


def test_bradley_terry_keeps_a_clean_sweep_finite() -> None:
    """10-0 with half a win each way: odds 10.5 to 0.5, 400 * log10(21) apart."""
    a, b = bradley_terry(2, {(0, 1): 10.0, (1, 0): 0.0})
    assert a - b == pytest.approx(400 * math.log10(21))


def test_round_robin_rates_every_bot_with_an_interval() -> None:
    table = round_robin(["heuristic", "random", "truco-always"], games=6, seed=2, hands=1, resamples=100)
    assert [p.bots for p in table.pairings] == [
        ("heuristic", "random"),
        ("heuristic", "truco-always"),
        ("random", "truco-always"),
    ]
    for bot, rating in table.ratings.items():
        low, high = table.intervals[bot]
        assert low <= rating <= high, bot
    again = round_robin(["heuristic", "random", "truco-always"], games=6, seed=2, hands=1, resamples=100)
    assert again.to_json(timing=False) == table.to_json(timing=False)
    with pytest.raises(ArgumentError, match="two bots or more"):
        round_robin(["random"], games=2)


def test_round_robin_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "random", "truco-always", "heuristic", "--games", "4", "--hands", "1", "--seed", "1"]
    assert main([*argv, "--duplicate", "--json", "--resamples", "50"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["ratings"]) == {"random", "truco-always", "heuristic"}
    assert data["duplicate"] is True and data["hands_per_game"] == 1 and len(data["pairings"]) == 3
    for rating in data["ratings"].values():
        assert rating["ci95"][0] <= rating["elo"] <= rating["ci95"][1] and rating["games"] == 8
    assert main([*argv, "--resamples", "50"]) == 0
    out = capsys.readouterr().out
    assert "round robin of 3 bots" in out and "95% CI" in out and "ms/decision" in out

"""`pytruco simulate` and the bots behind it: determinism, seats, summaries; never win rates."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from pytruco import Deal, RuleSet, apply, legal_actions, new_game, view
from pytruco.bots import (
    BOT_NAMES,
    HeuristicBot,
    RandomBot,
    SearchBot,
    SimpleBot,
    TrucoAlwaysBot,
    load_bot,
    pending_call,
    play_match,
)
from pytruco.cli import main
from pytruco.simulate import play_game, simulate, wilson_interval


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    """The same seed gives the same games with 1 and 2 worker processes."""
    one = simulate(["heuristic", "random"], games=12, seed=5, workers=1)
    two = simulate(["heuristic", "random"], games=12, seed=5, workers=2)
    assert one.results == two.results
    assert one.to_json(timing=False) == two.to_json(timing=False)


def test_a_seed_repeats_and_another_seed_differs() -> None:
    first = simulate(["random", "random"], games=6, seed=1)
    assert first.results == simulate(["random", "random"], games=6, seed=1).results
    assert first.results != simulate(["random", "random"], games=6, seed=2).results


@pytest.mark.parametrize("seed", range(4))
def test_pairs_of_games_share_the_deals_with_the_seats_swapped(seed: int) -> None:
    """Games 2k and 2k+1 have the same deals and first mano, with the bots' seats swapped. With one deterministic
    bot on both sides (truco-always ignores its random source) the two games are then the same game seen from the
    other side: same hands and actions, the winner and the points swapped between the two bot labels. Different
    deals would change the game; unswapped seats would keep the winner's label."""
    rules = RuleSet.preset("default")
    even = play_game(["truco-always", "truco-always"], rules, seed, 0)
    odd = play_game(["truco-always", "truco-always"], rules, seed, 1)
    assert even.winner is not None and odd.winner is not None
    assert (odd.hands, odd.actions) == (even.hands, even.actions)
    assert (odd.winner, odd.points) == (1 - even.winner, (even.points[1], even.points[0]))
    later = play_game(["truco-always", "truco-always"], rules, seed, 2)  # the next pair deals anew
    assert (later.points, later.actions) != (even.points, even.actions)


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson_interval(30, 50)
    assert low < 0.6 < high
    assert wilson_interval(50, 50)[1] == pytest.approx(1.0)


def test_json_summary_has_the_wins_under_the_names_given(capsys: pytest.CaptureFixture[str]) -> None:
    """`--json`: one object; "wins" keyed by the bots as written on the command line."""
    assert main(["simulate", "--games", "4", "--seed", "2", "--json", "heuristic", "pytruco.bots:RandomBot"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary["wins"]) == {"heuristic", "pytruco.bots:RandomBot"}
    assert sum(summary["wins"].values()) == 4
    for key in ("ci95", "points_per_hand", "win_rate"):
        assert set(summary[key]) == {"heuristic", "pytruco.bots:RandomBot"}
    assert summary["hands_per_second"] > 0


def test_the_same_bot_twice_gets_two_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "2", "--json", "random", "random"]) == 0
    assert set(json.loads(capsys.readouterr().out)["wins"]) == {"random", "random (2)"}


def test_text_summary_and_other_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "3", "--preset", "reglamento", "--players", "4",
                 "heuristic", "truco-always"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "95% CI" in out and "points/hand" in out and "hands/s" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "nobody", "random"], "unknown bot 'nobody'"),
        (["simulate", "random", "no_such_module:Bot"], "cannot load bot"),
        (["simulate", "--games", "0", "random", "random"], "--games must be at least 1"),
        (["simulate", "--players", "3", "random", "random"], "players"),
    ],
)
def test_bad_arguments_are_explained(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_no_progress_bar_off_a_terminal() -> None:
    """The progress bar goes to a terminal only: piped output is the summary alone."""
    done = subprocess.run(
        [sys.executable, "-m", "pytruco", "simulate", "--games", "2", "--seed", "1", "--json", "random", "random"],
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0
    assert done.stderr == ""
    json.loads(done.stdout)


def test_every_named_bot_plays_every_preset_legally() -> None:
    """Each bot returns one of its legal actions, in every preset (a whole game each)."""
    for name in BOT_NAMES:
        for preset in ("default", "online", "classic", "ladder", "reglamento"):
            players = 2 if preset in ("online", "ladder") else 4
            rules = RuleSet.preset(preset, players=players, target=15 if preset != "ladder" else 30)
            bots = [load_bot(name if seat % 2 == 0 else "random") for seat in range(players)]
            if name == "search":
                bots = [SearchBot(playouts=6) if seat % 2 == 0 else RandomBot() for seat in range(players)]
            final = play_match(rules, bots, rng=random.Random(11))
            assert final.is_over, (name, preset)


def test_old_names_still_work() -> None:
    """SimpleBot(rng).choose(view) and RandomBot(rng).choose(view) are the old interface."""
    rng = random.Random(1)
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    assert SimpleBot is HeuristicBot
    assert SimpleBot(rng).choose(view(state, 0)) in legal_actions(state)
    assert RandomBot(rng).choose(view(state, 0)) in legal_actions(state)


def test_truco_always_calls_truco_and_never_folds() -> None:
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1B", "3O", "3B"]]))
    bot = TrucoAlwaysBot()
    assert str(bot.act(view(state, 0), random.Random(1))) == "0 truco"
    state, _ = apply(state, bot.act(view(state, 0), random.Random(1)))
    state, _ = apply(state, bot.act(view(state, 1), random.Random(1)))  # the other seat raises
    assert str(state.history[-1]) == "1 retruco"
    answer = bot.act(view(state, 0), random.Random(1))
    assert answer.kind.value in ("quiero", "vale-cuatro")


def test_pending_call_reads_envido_primero() -> None:
    """An envido answering a truco (envido primero, PRESETS.md §5) is the call pending; then the truco again."""
    from pytruco import Action, Kind

    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    state, _ = apply(state, Action.parse("0 truco"))
    assert pending_call(view(state, 1)) is Kind.TRUCO
    state, _ = apply(state, Action.parse("1 envido"))
    assert pending_call(view(state, 0)) is Kind.ENVIDO
    state, _ = apply(state, Action.parse("0 no-quiero"))
    assert pending_call(view(state, 1)) is Kind.TRUCO


def test_search_bot_decides_from_the_view_only() -> None:
    """Two states that look the same to seat 0 (other cards differ) get the same decision from the same rng."""
    deal_a = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    deal_b = Deal.parse([["7C", "6C", "1E"], ["12B", "11B", "2E"]])
    a, _ = apply(new_game("default", first_mano=0), deal_a)
    b, _ = apply(new_game("default", first_mano=0), deal_b)
    bot = SearchBot(playouts=30)
    assert view(a, 0).legal == view(b, 0).legal
    assert bot.act(view(a, 0), random.Random(4)) == bot.act(view(b, 0), random.Random(4))


def test_ray_backend_gives_the_local_result() -> None:
    """`--backend ray` on a local Ray (2 CPUs) plays exactly the games the local backend plays."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'pytruco-ar[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = simulate(["heuristic", "random"], games=8, seed=9, backend="ray")
    finally:
        ray.shutdown()
    local = simulate(["heuristic", "random"], games=8, seed=9)
    assert remote.results == local.results
    assert remote.backend == "ray"

"""`pytruco simulate` and the bots behind it: determinism, seats, summaries; never win rates."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
import types
from typing import Any

import attrs
import pytest

from pytruco import Action, ArgumentError, Deal, Kind, RuleSet, SeatView, State, apply, new_game, view
from pytruco.bots import (
    BOT_NAMES,
    HeuristicBot,
    ISMCTSBot,
    RandomBot,
    SearchBot,
    TrucoAlwaysBot,
    call_to_answer,
    load_bot,
    play_match,
)
from pytruco.bots._ismcts import _Node
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
    """Duplicate (issue 38): games 2k and 2k+1 have the same deals and first mano, with the bots' seats swapped.
    With one deterministic
    bot on both sides (truco-always ignores its random source) the two games are then the same game seen from the
    other side: same hands and actions, the winner and the points swapped between the two bot labels. Different
    deals would change the game; unswapped seats would keep the winner's label."""
    rules = RuleSet.preset("default")
    even = play_game(["truco-always", "truco-always"], rules, seed, 0, duplicate=True)
    odd = play_game(["truco-always", "truco-always"], rules, seed, 1, duplicate=True)
    assert even.winner is not None and odd.winner is not None
    assert (odd.hands, odd.actions) == (even.hands, even.actions)
    assert (odd.winner, odd.points) == (1 - even.winner, (even.points[1], even.points[0]))
    later = play_game(["truco-always", "truco-always"], rules, seed, 2, duplicate=True)  # the next pair deals anew
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


def test_each_bots_decisions_and_time_per_decision_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """GameResult.decisions counts each bot's choices (the bot, not the seat: they swap every other game), and the
    summary gives each bot's milliseconds a decision; the times take no part in comparing results."""

    class Slow(RandomBot):
        def act(self, seen: SeatView, rng: random.Random) -> Action:
            time.sleep(0.002)
            return super().act(seen, rng)

    module = types.ModuleType("test_simulate_slow")
    module.Slow = Slow  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "test_simulate_slow", module)
    summary = simulate(["random", "test_simulate_slow:Slow"], games=2, seed=5)
    for result in summary.results:
        assert min(result.decisions) > 0 and sum(result.decisions) < result.actions  # the deals are not decisions
        assert result.thinking[1] >= 0.002 * result.decisions[1] > result.thinking[0], result
        assert attrs.evolve(result, thinking=(9.0, 9.0)) == result
    data = summary.to_json()
    assert data["ms_per_decision"]["test_simulate_slow:Slow"] >= 2.0 > data["ms_per_decision"]["random"]
    assert "ms_per_decision" not in summary.to_json(timing=False)
    assert " ms a decision" in summary.text()


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
    assert call_to_answer(view(state, 1)) is Kind.TRUCO
    state, _ = apply(state, Action.parse("1 envido"))
    assert call_to_answer(view(state, 0)) is Kind.ENVIDO
    state, _ = apply(state, Action.parse("0 no-quiero"))
    assert call_to_answer(view(state, 1)) is Kind.TRUCO


def test_search_bot_decides_from_the_view_only() -> None:
    """Two states that look the same to seat 0 (other cards differ) get the same decision from the same rng."""
    deal_a = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    deal_b = Deal.parse([["7C", "6C", "1E"], ["12B", "11B", "2E"]])
    a, _ = apply(new_game("default", first_mano=0), deal_a)
    b, _ = apply(new_game("default", first_mano=0), deal_b)
    bot = SearchBot(playouts=30)
    assert view(a, 0).legal == view(b, 0).legal
    assert bot.act(view(a, 0), random.Random(4)) == bot.act(view(b, 0), random.Random(4))


def test_ismcts_bot_decides_from_the_view_only() -> None:
    """After a call of the other side (the worlds weighed by it), two states that look the same to seat 0 get the
    same decision from the same rng; and the same view and seed give the same decision twice."""
    states = []
    for theirs in (["5O", "4O", "3B"], ["12B", "11B", "2E"]):
        state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], theirs]))
        for text in ("0 7C", "1 envido"):
            state, _ = apply(state, Action.parse(text))
        states.append(state)
    a, b = states
    bot = ISMCTSBot(iterations=40, deals=16)
    assert view(a, 0) == view(b, 0)
    choice = bot.act(view(a, 0), random.Random(4))
    assert choice == bot.act(view(b, 0), random.Random(4)) == bot.act(view(a, 0), random.Random(4))
    assert choice in view(a, 0).legal


def test_ismcts_bot_compares_its_choices_on_the_same_worlds_and_luck(monkeypatch: pytest.MonkeyPatch) -> None:
    """Common random numbers at the root: each drawn world is played once for every root choice, with the same
    playout seed, so that the choices are compared on the same cards and luck (a world drawn per iteration, the
    earlier bot, compared them on different worlds)."""
    calls: list[tuple[tuple[object, ...], str, object]] = []
    descend = ISMCTSBot._iterate

    def spy(self: ISMCTSBot, state: State, *args: Any) -> float:
        calls.append((state.history[:-1], str(state.history[-1]), args[-1].getstate()))
        return descend(self, state, *args)

    monkeypatch.setattr(ISMCTSBot, "_iterate", spy)
    table, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    values = ISMCTSBot(iterations=40, deals=10).values(view(table, 0), random.Random(2))
    choices = [str(action) for action in values]
    assert sorted(choices) == sorted(str(a) for a in view(table, 0).legal if a.kind is not Kind.RENDIRSE)
    assert len(calls) == (40 // len(choices)) * len(choices)
    worlds = [calls[i : i + len(choices)] for i in range(0, len(calls), len(choices))]
    for world in worlds:
        assert [choice for _, choice, _ in world] == choices
        assert all(history == world[0][0] and luck == world[0][2] for history, _, luck in world)
    assert len({str(world[0][0]) for world in worlds}) > 1  # the worlds drawn differ (the other seat's cards)


class _LastLegal:
    """A playout policy anyone can predict: the last card it may play (else its first legal action)."""

    name = "last-card"

    def act(self, seen: SeatView, rng: random.Random) -> Action:
        plays = [action for action in seen.legal if action.kind is Kind.PLAY]
        return plays[-1] if plays else seen.legal[0]


def test_ismcts_bot_grows_its_tree_first_where_the_playout_policy_goes() -> None:
    """``guided``: below a root choice, the first child added is the playout policy's choice there (else one at
    random among those not tried: over ten seeds, not always that one)."""
    table, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    after, _ = apply(table, Action.parse("0 4C"))  # seat 1 answers as the policy does; then seat 0 decides
    policy = _LastLegal()
    firsts: dict[bool, set[int]] = {True: set(), False: set()}
    for guided in (True, False):
        bot = ISMCTSBot(rollout=policy, guided=guided)
        for seed in range(10):
            root = _Node()
            bot._iterate(after, root, table.rounds_dealt, table.score, 0, (policy, policy), random.Random(seed))
            (visited,) = [index for index, child in root.children.items() if child.visits]
            firsts[guided].add(visited)
    answered = after
    while answered.to_act != (0,):  # the other seat plays as the policy does, until seat 0 decides
        answered, _ = apply(answered, policy.act(view(answered, answered.to_act[0]), random.Random(0)))
    assert firsts[True] == {policy.act(view(answered, 0), random.Random(0)).index}
    assert len(firsts[False]) > 1


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


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("os:abort", "is not a class"),
        ("sys:exit", "is not a class"),
        ("os:sep", "is not a class"),
        ("pytruco:Card", r"has no act\(view, rng\) method"),
        ("pytruco:RuleSet", r"has no act\(view, rng\) method"),
    ],
)
def test_load_bot_calls_only_bot_classes(spec: str, message: str) -> None:
    """A module:Class spec names a class with act(view, rng): anything else is refused with ArgumentError
    before it is called (os:abort would abort the process, sys:exit end it, pytruco:Card raise TypeError)."""
    from pytruco import ArgumentError

    with pytest.raises(ArgumentError, match=message):
        load_bot(spec)


def test_simulate_refuses_a_spec_that_is_not_a_bot_class() -> None:
    """`pytruco simulate os:abort random` says what is wrong and exits 2, without aborting (the command line never
    prints a traceback)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytruco", "simulate", "os:abort", "random", "--games", "1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "is not a class" in done.stderr and "Traceback" not in done.stderr


def test_ctrl_c_stops_simulate_with_workers_at_once() -> None:
    """`pytruco simulate --workers 2` on a terminal: Ctrl-C (SIGINT to the whole process group, as a terminal
    sends it) stops the run long before its 10**6 games are played, with exit status 130 and no traceback."""
    import os
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "pytruco", "simulate", "heuristic", "heuristic", "--games", "1000000", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        time.sleep(3)  # the workers are playing
        assert proc.poll() is None
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)  # a hang guard: before the fix it ran until every game was done
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "Traceback" not in out


class _Stop(Exception):
    pass


def test_simulate_submits_games_as_workers_free_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """10**6 games on 2 workers: a few tasks are submitted ahead, not all 20,000 before any game is played
    (memory does not grow with --games)."""
    from concurrent.futures import ProcessPoolExecutor

    submitted = []
    real_submit = ProcessPoolExecutor.submit

    def counting_submit(self: ProcessPoolExecutor, *args: object, **kwargs: object) -> object:
        submitted.append(1)
        return real_submit(self, *args, **kwargs)  # type: ignore[arg-type]

    def stop_at_first_result(_games: int) -> None:
        raise _Stop

    monkeypatch.setattr(ProcessPoolExecutor, "submit", counting_submit)
    with pytest.raises(_Stop):
        simulate(["random", "random"], games=10**6, seed=1, workers=2, progress=stop_at_first_result)
    assert 1 <= len(submitted) <= 4


def test_one_game_forks_no_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """--workers 4 for one game plays it here: no process is started for nothing, and the summary says 1."""
    from concurrent.futures import ProcessPoolExecutor

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process pool was started for one game")

    monkeypatch.setattr(ProcessPoolExecutor, "__init__", no_pool)
    summary = simulate(["random", "random"], games=1, seed=1, workers=4)
    assert len(summary.results) == 1 and summary.workers == 1


def test_round_win_chance_when_the_other_side_has_fewer_cards_left() -> None:
    """Six seats, after four went to the mazo: a seat may hold more cards
    than the other side has left, and the estimate is still a chance (found by tests/test_fuzz.py)."""
    from pytruco import Action
    from pytruco.bots import round_win_chance

    state = new_game(RuleSet.preset("default", players=6), first_mano=0)
    deal = [["2O", "4O", "5C"], ["7C", "6C", "10B"], ["11C", "1O", "6E"], ["2B", "6O", "6B"], ["12B", "12O", "3E"]]
    state, _ = apply(state, Deal.parse([*deal, ["4C", "11B", "7B"]]))
    for text in ("0 envido", "5 mazo", "0 2O", "1 truco", "0 retruco", "3 quiero", "1 10B", "2 mazo", "3 6B"):
        state, _ = apply(state, Action.parse(text))
    for text in ("4 12O", "0 4O", "1 mazo", "3 6O", "4 mazo"):
        state, _ = apply(state, Action.parse(text))
    assert all(0.0 <= round_win_chance(view(state, seat)) <= 1.0 for seat in range(6))


def test_workers_are_capped_at_the_processors_and_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36 item 14: `--workers 1000` started one process per task (1000 for 1000 games). The pool is now
    at most the processors this process may use, and at most the games."""
    from concurrent.futures import ProcessPoolExecutor

    from pytruco.simulate import available_processors

    asked: list[object] = []

    def record(self: ProcessPoolExecutor, *args: object, **kwargs: object) -> None:
        asked.append(kwargs.get("max_workers", args[0] if args else None))
        raise _Stop

    monkeypatch.setattr(ProcessPoolExecutor, "__init__", record)
    monkeypatch.setattr("pytruco.simulate.available_processors", lambda: 3)
    with pytest.raises(_Stop):
        simulate(["random", "random"], games=1000, seed=1, workers=1000)
    assert asked == [3]
    with pytest.raises(_Stop):
        simulate(["random", "random"], games=2, seed=1, workers=1000)
    assert asked == [3, 2]
    assert available_processors() >= 1


@pytest.mark.parametrize("workers", ["0", "-3"])
def test_nonsense_workers_are_refused_in_one_line(workers: str) -> None:
    """Issue 36 item 14: a worker count that is not a positive whole number gets one line and exit status 2."""
    done = subprocess.run(
        [sys.executable, "-m", "pytruco", "simulate", "random", "random", "--games", "1", "--workers", workers],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert "--workers" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_bot_object_plays_as_its_spec_would() -> None:
    """Issue 38 (a trained policy sits at a table): simulate takes a bot object beside a spec, names it by its
    ``name``, and its games are the games of the same bot named by its spec (same seeds, same results)."""
    by_object = simulate([HeuristicBot(), "random"], games=6, seed=4, hands=1, duplicate=True)
    by_name = simulate(["heuristic", "random"], games=6, seed=4, hands=1, duplicate=True)
    assert by_object.bots == ("heuristic", "random")
    assert [(r.winner, r.points) for r in by_object.results] == [(r.winner, r.points) for r in by_name.results]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"workers": 2}, "plays in this process only"), ({"backend": "ray"}, "plays in this process only")],
)
def test_a_bot_object_is_refused_in_other_processes(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        simulate([HeuristicBot(), "random"], games=2, seed=1, **kwargs)
    with pytest.raises(ArgumentError, match="two bot names or bots"):
        simulate([object(), "random"], games=2, seed=1)

"""The vectorised environment (issue 37, "pytruco.vector.TrucoVectorEnv"): Gymnasium's vector API with next-step
auto-reset, observations and masks equal to :mod:`pytruco.encode`'s for the same states, reproducible seeding, an
opponent or self-play, and the library's errors for bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode  # noqa: E402

from pytruco import ArgumentError, State, legal_actions  # noqa: E402
from pytruco.bots import RandomBot  # noqa: E402
from pytruco.encode import legal_mask, observation  # noqa: E402
from pytruco.vector import TrucoVectorEnv  # noqa: E402


def _choose(obs: dict[str, Any], rng: random.Random) -> Any:
    """A random legal action per table, from the masks (0 at a table whose match ended: ignored)."""
    return np.array([rng.choice(np.flatnonzero(row).tolist() or [0]) for row in obs["action_mask"]])


def _assert_rows_are_encode(tables: TrucoVectorEnv, obs: dict[str, Any], seats: Any) -> None:
    for i in range(tables.num_envs):
        table, seat = tables.table(i), int(seats[i])
        expected = np.asarray(observation(table, seat), dtype=np.float32)
        assert np.array_equal(obs["observation"][i], expected), f"table {i}, seat {seat}"
        assert obs["action_mask"][i].tolist() == legal_mask(table, seat), f"table {i}, seat {seat}"


@pytest.mark.parametrize(
    "options",
    [{}, {"preset": "classic", "players": 4}, {"preset": "online"}, {"preset": "default", "players": 6}],
    ids=["default", "classic-4", "online", "default-6"],
)
@pytest.mark.parametrize("opponent", ["random", None], ids=["against-random", "self-play"])
def test_observations_and_masks_equal_encode(options: dict[str, Any], opponent: str | None) -> None:
    tables = TrucoVectorEnv(5, opponent=opponent, **options)
    obs, infos = tables.reset(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        _assert_rows_are_encode(tables, obs, infos["seat"])
        for i in range(tables.num_envs):
            table = tables.table(i)
            if not table.is_over:
                seat = int(infos["seat"][i])
                assert seat == table.to_act[0], "the row is the seat that acts next"
                assert (
                    sorted(a.index for a in legal_actions(table) if a.seat == seat)
                    == np.flatnonzero(obs["action_mask"][i]).tolist()
                )
                if opponent is not None:
                    assert seat == tables.learner(i)
        obs, _, _, _, infos = tables.step(_choose(obs, rng))


def test_the_spaces_hold_the_observations_and_the_metadata_names_next_step_autoreset() -> None:
    tables = TrucoVectorEnv(3)
    obs, _ = tables.reset(seed=1)
    assert tables.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert tables.observation_space.contains(obs)
    assert tables.single_observation_space["observation"].shape == (337,)
    assert tables.action_space.shape == (3,)


def _trajectory(seed: int, steps: int) -> list[tuple[Any, ...]]:
    tables = TrucoVectorEnv(4, opponent="random", hands=2)
    obs, _ = tables.reset(seed=seed)
    rng = random.Random(0)
    out = []
    for _ in range(steps):
        obs, rewards, ended, _, infos = tables.step(_choose(obs, rng))
        out.append((obs["observation"].tobytes(), rewards.tolist(), ended.tolist(), infos["seat"].tolist()))
    return out


def test_seeding_is_reproducible() -> None:
    assert _trajectory(11, 40) == _trajectory(11, 40)
    assert _trajectory(11, 40) != _trajectory(12, 40)


def test_a_finished_table_starts_a_new_match_at_the_next_step() -> None:
    # Gymnasium's next-step auto-reset: the step after the end resets that table, ignores its action, reward 0.
    tables = TrucoVectorEnv(3, opponent="random", hands=1)
    obs, _ = tables.reset(seed=5)
    rng = random.Random(5)
    for _ in range(200):
        obs, rewards, ended, truncated, _ = tables.step(_choose(obs, rng))
        assert not truncated.any()
        if ended.any():
            break
    else:
        pytest.fail("no match ended")
    done = int(np.flatnonzero(ended)[0])
    assert tables.table(done).is_over and rewards[done] in (-1.0, 1.0)
    actions = _choose(obs, rng) if not ended.all() else np.zeros(3, dtype=np.int64)
    actions[done] = 95  # not legal anywhere in a dealt hand: ignored, the table restarts
    obs, rewards, ended_now, _, infos = tables.step(actions)
    fresh = tables.table(done)
    assert (rewards[done], bool(ended_now[done])) == (0.0, False)
    assert fresh.rounds_dealt == 1 and not fresh.is_over and fresh.score == (0, 0)
    assert np.array_equal(obs["observation"][done], np.asarray(observation(fresh, int(infos["seat"][done])), "f"))


def test_win_rewards_are_the_learners_team_result() -> None:
    tables = TrucoVectorEnv(2, opponent="random", hands=1, seat=1)
    obs, _ = tables.reset(seed=8)
    rng = random.Random(8)
    seen = 0
    for _ in range(300):
        obs, rewards, ended, _, _ = tables.step(_choose(obs, rng))
        for i in np.flatnonzero(ended):
            table = tables.table(int(i))
            assert rewards[i] == (1.0 if table.winner == 1 else -1.0)
            seen += 1
    assert seen >= 5


def test_points_rewards_add_up_to_the_score_difference() -> None:
    tables = TrucoVectorEnv(2, opponent="random", hands=3, utility="points")
    obs, _ = tables.reset(seed=4)
    rng = random.Random(4)
    totals = [0.0, 0.0]
    checked = 0
    for _ in range(400):
        learners = [tables.learner(i) for i in range(2)]
        obs, rewards, ended, _, _ = tables.step(_choose(obs, rng))
        for i in range(2):
            totals[i] += rewards[i]
            if ended[i]:
                table, team = tables.table(i), learners[i] & 1
                assert totals[i] == table.score[team] - table.score[1 - team]
                totals[i] = 0.0
                checked += 1
    assert checked >= 3


def test_self_play_rows_follow_the_seat_to_act() -> None:
    tables = TrucoVectorEnv(3, opponent=None, preset="classic", players=4)
    obs, infos = tables.reset(seed=2)
    rng = random.Random(2)
    seats = set()
    for _ in range(30):
        for i in range(3):
            if not tables.table(i).is_over:
                assert int(infos["seat"][i]) == tables.table(i).to_act[0]
                seats.add(int(infos["seat"][i]))
        obs, _, _, _, infos = tables.step(_choose(obs, rng))
    assert seats == {0, 1, 2, 3}


def test_an_illegal_action_is_refused_and_nothing_is_stepped() -> None:
    tables = TrucoVectorEnv(2, opponent="random")
    obs, _ = tables.reset(seed=1)
    before = [tables.table(i) for i in range(2)]
    actions = _choose(obs, random.Random(1))
    actions[1] = next(i for i in range(96) if not obs["action_mask"][1][i])
    with pytest.raises(ArgumentError, match=rf"action {actions[1]} is not legal at table 1"):
        tables.step(actions)
    assert [tables.table(i) for i in range(2)] == before


@pytest.mark.parametrize("actions", [None, "x", [1], [1.5, 2.0], [True, False], [[1, 2]], [1, 2, 3]])
def test_actions_of_the_wrong_shape_or_kind_are_refused(actions: object) -> None:
    tables = TrucoVectorEnv(2)
    tables.reset(seed=1)
    with pytest.raises(ArgumentError, match=r"actions must be 2 whole action indices \(one per table\)"):
        tables.step(actions)


def test_bad_arguments_are_refused_with_the_library_error() -> None:
    with pytest.raises(ArgumentError, match="num_envs must be a whole number"):
        TrucoVectorEnv(0)
    with pytest.raises(ArgumentError, match="seat must be None or a seat from 0 to 1, not 2"):
        TrucoVectorEnv(1, seat=2)
    with pytest.raises(ArgumentError, match="opponent must be a bot name, a bot, a callable or None, not 3"):
        TrucoVectorEnv(1, opponent=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="unknown preset"):
        TrucoVectorEnv(1, preset="nope")
    tables = TrucoVectorEnv(1)
    with pytest.raises(ArgumentError, match="step before reset"):
        tables.step([0])
    with pytest.raises(ArgumentError, match="seed must be None or a whole number, not 'x'"):
        tables.reset(seed="x")  # type: ignore[arg-type]


def test_a_callable_opponent_gets_its_seats_observation_and_mask() -> None:
    calls: list[int] = []

    def first_legal(values: Any, mask: Any) -> int:
        assert values.dtype == np.float32 and values.shape == (337,) and mask.dtype == np.int8
        calls.append(1)
        return int(np.flatnonzero(mask)[0])

    tables = TrucoVectorEnv(2, opponent=first_legal, seat=0)
    obs, _ = tables.reset(seed=6)
    rng = random.Random(6)
    for _ in range(20):
        obs, *_ = tables.step(_choose(obs, rng))
    assert calls


def test_a_bot_opponent_plays_from_its_policy() -> None:
    tables = TrucoVectorEnv(2, opponent=RandomBot(), hands=1)
    obs, _ = tables.reset(seed=9)
    rng = random.Random(9)
    for _ in range(30):
        obs, *_ = tables.step(_choose(obs, rng))
    assert all(isinstance(tables.table(i), State) for i in range(2))
    heuristic = TrucoVectorEnv(1, opponent="heuristic", hands=1)
    obs, _ = heuristic.reset(seed=1)
    obs, *_ = heuristic.step(_choose(obs, rng))


def test_the_random_opponent_spreads_its_choices() -> None:
    # Issue 36 item 4 was a "random" opponent that always took the first legal action: here the opponent's first
    # action of a match, as mano (history[0] is the deal), takes many values over seeds.
    firsts = set()
    for seed in range(40):
        tables = TrucoVectorEnv(1, opponent="random", seat=1)
        tables.reset(seed=seed)
        table = tables.table(0)
        if table.round is not None and table.round.mano == 0:
            firsts.add(str(table.history[1]))
    assert len(firsts) >= 4, firsts


def test_bench_prints_the_encoders_cost_in_applies_and_the_vector_env_figure() -> None:
    # Issue 37: `pytruco bench` prints what an observation and an information state cost in applies, and the
    # vectorised environment's agent steps per second (the shape only: speed is never asserted).
    from pytruco.bench import research_figures

    figures = research_figures(0.02, 1, 1)
    for name in (
        "observation",
        "information_state",
        "information_state_into",
        "information_state_string",
        "legal_mask",
    ):
        assert figures[f"research/{name}_per_apply"] > 0
    assert figures["research/vector_agent_steps_per_s"] > 0

"""pytruco.pettingzoo (the research adapters): the AEC environment passes PettingZoo's api_test and seed_test.

Skipped, with a message, where the ``pettingzoo`` extra is not installed; CI installs it (.ci/run, extras)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="no pettingzoo extra: pip install 'pytruco-ar[pettingzoo]'")
pytest.importorskip("gymnasium", reason="no pettingzoo extra: pip install 'pytruco-ar[pettingzoo]'")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from pytruco import ArgumentError  # noqa: E402
from pytruco.pettingzoo import env, raw_env  # noqa: E402

OPTIONS = [
    {"preset": "default", "hands": 1},
    {"preset": "classic", "players": 4, "target": 15},
    {"preset": "reglamento", "players": 2, "hands": 3, "utility": "points"},
    {"preset": "online"},
    {"preset": "ladder", "hands": 2},
    {"preset": "default", "players": 6, "hands": 2},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_api_test(options: dict) -> None:
    api_test(env(**options), num_cycles=300)


@pytest.mark.parametrize("options", OPTIONS[:3], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_seed_test(options: dict) -> None:
    seed_test(lambda: env(**options), num_cycles=200)


def test_the_observation_and_the_mask() -> None:
    table = raw_env(preset="classic", players=4)
    table.reset(seed=2)
    agent = table.agent_selection
    observation = table.observe(agent)
    assert observation["observation"].dtype == np.float32 and observation["action_mask"].dtype == np.int8
    assert table.observation_space(agent).contains(observation)
    others = [name for name in table.agents if name != agent]
    assert all(table.observe(name)["action_mask"].sum() == 0 for name in others)


@pytest.mark.parametrize("utility", ["win", "points"])
def test_rewards_are_zero_sum_and_match_the_result(utility: str) -> None:
    table = raw_env(preset="default", players=4, hands=2, utility=utility)
    table.reset(seed=8)
    rng = random.Random(1)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert sum(totals.values()) == pytest.approx(0.0)
    assert totals["seat_0"] == totals["seat_2"] == -totals["seat_1"]
    if utility == "win":
        assert totals["seat_0"] in (-1.0, 1.0)


# Issue 36 item 3: misuse of the AEC environment gets the library's errors, wrapped or raw.

MAKERS = [raw_env, env]


@pytest.mark.parametrize("make", MAKERS, ids=["raw_env", "env"])
def test_a_step_before_reset_is_refused(make: object) -> None:
    table = make(hands=1)  # type: ignore[operator]
    with pytest.raises(ArgumentError, match="reset the environment"):
        table.step(0)


@pytest.mark.parametrize("make", MAKERS, ids=["raw_env", "env"])
@pytest.mark.parametrize("action", [None, "x", float("inf"), [1], True, 0.9, 2.0, -1, 96, np.array([1])], ids=repr)
def test_an_action_that_is_no_index_is_refused_and_changes_nothing(make: object, action: object) -> None:
    """None before the end, text, a float (``legal + 0.9`` was cut to the legal action), a bool (True was 1)."""
    table = make(hands=1)  # type: ignore[operator]
    table.reset(seed=1)
    agent = table.agent_selection
    before = table.unwrapped.table
    legal = int(np.flatnonzero(table.observe(agent)["action_mask"])[0])
    wrong = legal + action if isinstance(action, float) and action < 1 else action
    with pytest.raises(ArgumentError, match="an action is a whole number from 0 to 95"):
        table.step(wrong)
    assert table.unwrapped.table is before and table.agent_selection == agent


@pytest.mark.parametrize("make", MAKERS, ids=["raw_env", "env"])
def test_numpy_whole_numbers_are_actions(make: object) -> None:
    table = make(hands=1)  # type: ignore[operator]
    table.reset(seed=1)
    legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]  # a numpy int64
    table.step(legal)
    assert len(table.unwrapped.table.history) > 0


@pytest.mark.parametrize("make", MAKERS, ids=["raw_env", "env"])
def test_an_unknown_agent_and_a_bad_seed_are_refused(make: object) -> None:
    table = make(hands=1)  # type: ignore[operator]
    table.reset(seed=1)
    with pytest.raises(ArgumentError, match="no agent 'seat_9'"):
        table.observe("seat_9")
    for seed in ([1], -1, 1.5, "3", True):
        with pytest.raises(ArgumentError, match="a seed is None or a whole number"):
            table.reset(seed=seed)


def test_a_done_agent_takes_only_none() -> None:
    table = raw_env(hands=1)
    table.reset(seed=2)
    for _ in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            with pytest.raises(ArgumentError, match="only action is None"):
                table.step(0)
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.unwrapped.table.is_over


# Issue 37: every RuleSet option a parameter of env()/raw_env(), and the first mano.


@pytest.mark.parametrize(
    "options",
    [{"preset": "default", "flor": True, "hands": 2}, {"preset": "classic", "players": 4, "envido_primero": False}],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_api_test_with_rule_options(options: dict) -> None:
    """Issue 37: PettingZoo's api_test passes with options set."""
    table = env(**options)
    api_test(table, num_cycles=300)
    for key, value in options.items():
        if key not in ("preset", "hands", "players"):
            assert getattr(table.unwrapped.rules, key) == value


def test_rule_options_are_checked_by_the_rule_set() -> None:
    from pytruco import RuleSetError

    with pytest.raises(RuleSetError, match="option 'flor': must be true or false"):
        raw_env(flor="yes")
    with pytest.raises(ArgumentError, match="unknown parameter 'answer_in_turn'"):
        raw_env(answer_in_turn=False)
    with pytest.raises(ArgumentError, match="first_mano must be"):
        raw_env(first_mano=2)


def test_the_first_mano_is_drawn_unless_fixed() -> None:
    drawn = set()
    for seed in range(12):
        table = raw_env(players=4)
        table.reset(seed=seed)
        drawn.add(table.unwrapped.table.mano)
        fixed = raw_env(players=4, first_mano=3)
        fixed.reset(seed=seed)
        assert fixed.table.mano == 3
    assert drawn == {0, 1, 2, 3}

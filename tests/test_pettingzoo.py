"""pytruco.pettingzoo (the research adapters): the AEC environment passes PettingZoo's api_test and seed_test.

Skipped, with a message, where the ``pettingzoo`` extra is not installed; CI installs it (.ci/run, extras)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="no pettingzoo extra: pip install 'pytruco-ar[pettingzoo]'")
pytest.importorskip("gymnasium", reason="no pettingzoo extra: pip install 'pytruco-ar[pettingzoo]'")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

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

"""pytruco.gym (the research adapters): the Gymnasium environment plays whole matches against a library bot.

Skipped, with a message, where the ``pettingzoo`` extra is not installed; CI installs it (.ci/run, extras)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="no pettingzoo extra: pip install 'pytruco-ar[pettingzoo]'")
np = pytest.importorskip("numpy")

from pytruco import ArgumentError  # noqa: E402
from pytruco.gym import TrucoEnv  # noqa: E402


def test_the_gymnasium_environment_plays_against_a_bot() -> None:
    game = TrucoEnv(opponent="heuristic", preset="classic", hands=2)
    for seed in range(5):
        observation, _ = game.reset(seed=seed)
        done = False
        total = 0.0
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, done, truncated, _ = game.step(int(legal[seed % len(legal)]))
            total += reward
            assert not truncated
        table = game.aec.table
        assert table.is_over and total == (1.0 if table.winner == 0 else -1.0)  # "win": +1 when seat 0's team won
    with pytest.raises(ArgumentError):
        game.step(0)


def test_the_gymnasium_environment_refuses_an_illegal_action() -> None:
    game = TrucoEnv(opponent="random", hands=1)
    observation, _ = game.reset(seed=4)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ArgumentError, match="not legal"):
        game.step(illegal)

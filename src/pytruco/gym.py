"""pytruco as a Gymnasium single-agent environment: :class:`TrucoEnv`, one seat learning against a library bot.

Install the extra (``pip install 'pytruco-ar[pettingzoo]'``, which brings Gymnasium). The table is
:func:`pytruco.pettingzoo.raw_env`'s, with its options and observations.

>>> from pytruco.gym import TrucoEnv
>>> obs, info = TrucoEnv(hands=1).reset(seed=1)
>>> sorted(obs)
['action_mask', 'observation']
"""

from __future__ import annotations

from typing import Any

import gymnasium

from ._engine import legal_actions
from .actions import Action
from .bots import Bot, load_bot, policy
from .errors import ArgumentError, quoted
from .pettingzoo import raw_env
from .views import view

__all__ = ["TrucoEnv"]


class TrucoEnv(gymnasium.Env):
    """A Gymnasium single-agent environment: the agent plays seat *seat*, a library bot every other seat.

    Args:
        opponent: a bot name (:data:`pytruco.bots.BOT_NAMES`), ``module:Class``, or a bot.
        seat: the agent's seat.
        **options: the game's options, as :func:`raw_env` takes them.

    The observation is :func:`raw_env`'s dict; the reward is the agent's team's (``win``: at the end; ``points``:
    per hand). An action that is not legal raises :class:`~pytruco.ArgumentError`: mask it out with
    ``observation["action_mask"]``.

    >>> import numpy as np
    >>> from pytruco.gym import TrucoEnv
    >>> game = TrucoEnv(opponent="heuristic", hands=1)
    >>> obs, info = game.reset(seed=1)
    >>> done = False
    >>> while not done:
    ...     obs, reward, done, truncated, info = game.step(int(np.flatnonzero(obs["action_mask"])[0]))
    >>> reward in (-1.0, 1.0)
    True
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (gymnasium.Env declares it an instance variable)

    def __init__(self, opponent: str | Bot = "heuristic", seat: int = 0, **options: Any) -> None:
        self.aec = raw_env(**options)
        n = self.aec.rules.players
        if seat.__class__ is not int or not 0 <= seat < n:
            raise ArgumentError(f"seat must be a seat from 0 to {n - 1}, not {quoted(seat)}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.opponent: Bot = load_bot(opponent) if isinstance(opponent, str) else opponent
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.render_mode = options.get("render_mode")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new match; the bots play until it is the agent's turn."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self._reward = 0.0
        self._others()
        return self.aec.observe(self.agent), {}

    def _others(self) -> None:
        aec = self.aec
        while not aec.table.is_over and aec.agent_selection != self.agent:
            table = aec.table
            seat = table.to_act[0]
            action = max(policy(self.opponent, view(table, seat), aec.rng).items(), key=lambda kv: kv[1])[0]
            if action not in legal_actions(table):
                raise ArgumentError(f"the opponent bot chose {action}, which is not legal")
            aec.step(action.index)
            self._reward += aec.rewards[self.agent]

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The agent plays *action*; the bots answer until the agent acts again or the match ends."""
        aec = self.aec
        if aec.table.is_over:
            raise ArgumentError("the match is over: reset the environment")
        chosen = Action.from_index(int(action), self.seat)
        if chosen not in legal_actions(aec.table):
            raise ArgumentError(f"{chosen} is not legal now (mask actions with observation['action_mask'])")
        self._reward = 0.0
        aec.step(int(action))
        self._reward += aec.rewards[self.agent]
        self._others()
        return aec.observe(self.agent), self._reward, aec.table.is_over, False, {}

    def render(self) -> str | None:
        """The table as text."""
        return str(self.aec.table)

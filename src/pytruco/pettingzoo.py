"""pytruco as a PettingZoo AEC environment, and a Gymnasium single-agent environment against a library bot.

Install the extra (``pip install 'pytruco-ar[pettingzoo]'``). :func:`env` and :func:`raw_env` take the options of
the OpenSpiel game (:mod:`pytruco.openspiel`): ``preset``, ``players``, ``target`` (0: the preset's), ``hands``
(0: a whole match; 1: the one-hand game) and ``utility`` (``win``: +1 or -1 to every seat at the end of the
match; ``points``: at the end of every hand, each seat's team's points in it minus the other team's), and
``render_mode`` (``"ansi"`` or ``"human"``).

The agents are ``seat_0`` to ``seat_{n-1}``; one acts at a time (partners answer in turn order, the rule option
``answer_in_turn``), the deals and the first mano are drawn from the seed of ``reset``. An observation is a dict:
``observation``, the ``truco-obs/1`` vector (:func:`pytruco.encode.observation`, float32), and ``action_mask``,
the legal actions over the 96 action indices (:func:`pytruco.encode.legal_mask`, int8); actions are
:attr:`pytruco.Action.index` values.

>>> from pytruco.pettingzoo import env
>>> table = env(preset="default", hands=1)
>>> table.reset(seed=3)
>>> observation, reward, termination, truncation, info = table.last()
>>> table.agent_selection, int(observation["action_mask"].sum()) > 0, termination
('seat_0', True, False)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._engine import State, apply, legal_actions, new_game, random_deal
from .actions import NUM_ACTIONS, Action
from .bots import Bot, load_bot, policy
from .encode import legal_mask, observation, observation_layout, research_rules
from .errors import ArgumentError, quoted
from .views import view

__all__ = ["TrucoEnv", "env", "raw_env"]


def env(**options: Any) -> AECEnv:
    """The AEC environment of :func:`raw_env`, wrapped as PettingZoo's convention has it (an illegal action ends the
    game with a penalty for the agent that made it; acting out of order is refused).

    >>> from pytruco.pettingzoo import env
    >>> env(preset="classic", players=4).possible_agents
    ['seat_0', 'seat_1', 'seat_2', 'seat_3']
    """
    table = raw_env(**options)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment of a truco match (see the module for its options).

    >>> from pytruco.pettingzoo import raw_env
    >>> table = raw_env(preset="default", hands=1)
    >>> table.reset(seed=1)
    >>> table.agent_selection in table.possible_agents
    True
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "truco_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str = "default",
        players: int = 2,
        target: int = 0,
        hands: int = 0,
        utility: str = "win",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules, self.utility = research_rules(
            {"preset": preset, "players": players, "target": target, "hands": hands, "utility": utility}
        )
        if render_mode not in (None, "ansi", "human"):
            raise ArgumentError(f"render_mode must be None, 'ansi' or 'human', not {quoted(render_mode)}")
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"seat_{seat}" for seat in range(n)]
        size = observation_layout(self.rules).size
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}
        self.rng = random.Random()
        self.table: State = new_game(self.rules, first_mano=0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The dict space of *agent*'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(96)``: the action indices."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; *seed* draws its first mano and its deals."""
        self.rng = random.Random(seed)
        n = self.rules.players
        self.table = new_game(self.rules, first_mano=self.rng.randrange(n))
        self._deal()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_act[0]]

    def _deal(self) -> None:
        while self.table.is_chance:
            self.table, _ = apply(self.table, random_deal(self.table, self.rng))

    def observe(self, agent: str) -> dict[str, Any]:
        """*agent*'s observation: ``truco-obs/1`` and its action mask."""
        seat = self.possible_agents.index(agent)
        return {
            "observation": np.asarray(observation(self.table, seat), dtype=np.float32),
            "action_mask": np.asarray(legal_mask(self.table, seat), dtype=np.int8),
        }

    def step(self, action: int | None) -> None:
        """The selected agent plays action index *action* (``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        before = self.table
        chosen = Action.from_index(int(action), seat)  # type: ignore[arg-type]
        self.table, _ = apply(before, chosen)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.utility == "points" and self.table.round_over:
            points = self.table.round_points
            for index, name in enumerate(self.possible_agents):
                self.rewards[name] = float(points[index & 1] - points[1 - (index & 1)])
        if self.table.is_over:
            if self.utility == "win":
                for index, name in enumerate(self.possible_agents):
                    self.rewards[name] = 1.0 if index & 1 == self.table.winner else -1.0
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._deal()
            self.agent_selection = self.possible_agents[self.table.to_act[0]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode")
            return None
        text = str(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


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
    >>> from pytruco.pettingzoo import TrucoEnv
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

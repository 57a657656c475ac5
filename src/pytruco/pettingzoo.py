"""pytruco as a PettingZoo AEC environment (the Gymnasium single-agent environment is :mod:`pytruco.gym`).

Install the extra (``pip install 'pytruco-ar[pettingzoo]'``). :func:`env` and :func:`raw_env` take the parameters
of the OpenSpiel game (:mod:`pytruco.openspiel`): ``preset``, ``players``, ``target`` (0: the preset's), ``hands``
(0: a whole match; 1: the one-hand game) and ``utility`` (``win``: +1 or -1 to every seat at the end of the
match; ``points``: at the end of every hand, each seat's team's points in it minus the other team's); every option
of a :class:`~pytruco.RuleSet` by its name (``flor=True``, ``envido_primero=False``; left out: the preset's),
checked as the rule set checks it; ``first_mano`` (``None``, the default: drawn at each ``reset``; a seat: that
seat); and ``render_mode`` (``"ansi"`` or ``"human"``).

The agents are ``seat_0`` to ``seat_{n-1}``; one acts at a time (partners answer in turn order, the rule option
``answer_in_turn``), the deals and the first mano are drawn from the seed of ``reset``. An observation is a dict:
``observation``, the ``truco-obs/1`` vector (:func:`pytruco.encode.observation`, float32), and ``action_mask``,
the legal actions over the 96 action indices (:func:`pytruco.encode.legal_mask`, int8); actions are
:attr:`pytruco.Action.index` values. A step before ``reset``, an action that is not a whole number from 0 to 95
(a float, a bool, text, a list), an unknown agent or a seed that is not a whole number is refused with
:class:`~pytruco.ArgumentError`.

>>> from pytruco.pettingzoo import env
>>> table = env(preset="default", hands=1, flor=True)
>>> table.reset(seed=3)
>>> observation, reward, termination, truncation, info = table.last()
>>> table.agent_selection, int(observation["action_mask"].sum()) > 0, termination
('seat_0', True, False)
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._engine import State, apply, new_game, random_deal
from .actions import NUM_ACTIONS, Action
from .encode import legal_mask, observation, observation_layout
from .errors import ArgumentError, quoted
from .params import first_mano_of, game_rules

__all__ = ["action_index", "env", "raw_env", "seed_of"]


def _whole_number(value: object) -> int | None:
    """*value* as an int when it is a whole number (Python's or NumPy's, not a bool), else None."""
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def action_index(action: object) -> int:
    """*action* as an action index: a whole number (Python's or NumPy's, not a bool) from 0 to 95.

    Raises:
        ArgumentError: anything else (a float, even a whole one, is refused rather than cut).

    >>> import numpy as np
    >>> from pytruco.pettingzoo import action_index
    >>> action_index(np.int64(7))
    7
    >>> action_index(7.9)
    Traceback (most recent call last):
    ...
    pytruco.errors.ArgumentError: an action is a whole number from 0 to 95 (an Action.index), not 7.9
    """
    index = _whole_number(action)
    if index is not None and 0 <= index < NUM_ACTIONS:
        return index
    raise ArgumentError(
        f"an action is a whole number from 0 to {NUM_ACTIONS - 1} (an Action.index), not {quoted(action)}"
    )


def seed_of(seed: object) -> int | None:
    """*seed* as the seed of a ``reset``: ``None`` or a whole number from 0 (Gymnasium's seeds).

    Raises:
        ArgumentError: anything else.

    >>> from pytruco.pettingzoo import seed_of
    >>> seed_of(3), seed_of(None)
    (3, None)
    """
    if seed is None:
        return None
    value = _whole_number(seed)
    if value is not None and value >= 0:
        return value
    raise ArgumentError(f"a seed is None or a whole number from 0, not {quoted(seed)}")


def env(**options: Any) -> AECEnv:
    """The AEC environment of :func:`raw_env`, wrapped as PettingZoo's convention has it (an illegal action ends the
    game with a penalty for the agent that made it; acting out of order is refused) and with its misuse refused by
    the library's errors before any wrapper sees it.

    >>> from pytruco.pettingzoo import env
    >>> env(preset="classic", players=4).possible_agents
    ['seat_0', 'seat_1', 'seat_2', 'seat_3']
    """
    table = raw_env(**options)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.OrderEnforcingWrapper(table)
    return _Checked(table)


class _Checked(wrappers.BaseWrapper):  # type: ignore[misc]
    """Refuses what :func:`raw_env` refuses (a step before ``reset``, an action that is no index, an unknown agent,
    a seed that is not one) before the wrappers below, which would raise ``AssertionError`` or ``IndexError``."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.env.reset(seed=seed_of(seed), options=options)

    def step(self, action: Any) -> None:
        self.env.step(self.unwrapped.checked_action(action))

    def observe(self, agent: str) -> Any:
        self.unwrapped.seat_of(agent)
        return self.env.observe(agent)


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment of a truco match (see the module for its parameters).

    >>> from pytruco.pettingzoo import raw_env
    >>> table = raw_env(preset="default", hands=1, first_mano=1)
    >>> table.reset(seed=1)
    >>> table.agent_selection
    'seat_1'
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
        first_mano: int | None = None,
        render_mode: str | None = None,
        **rule_options: Any,
    ) -> None:
        super().__init__()
        self.rules, self.utility = game_rules(
            {"preset": preset, "players": players, "target": target, "hands": hands, "utility": utility, **rule_options}
        )
        self.first_mano = first_mano_of(first_mano, self.rules)
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
        self.table: State = new_game(self.rules, first_mano=0 if self.first_mano is None else self.first_mano)
        self.started = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The dict space of *agent*'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(96)``: the action indices."""
        return self.action_spaces[agent]

    def seat_of(self, agent: object) -> int:
        """The seat of agent name *agent* (``seat_0``, ...).

        Raises:
            ArgumentError: not an agent of this table.

        >>> from pytruco.pettingzoo import raw_env
        >>> raw_env(players=4).seat_of("seat_3")
        3
        """
        agents: list[str] = self.possible_agents
        if isinstance(agent, str) and agent in agents:
            return agents.index(agent)
        raise ArgumentError(f"no agent {quoted(agent)} at this table (agents: {', '.join(agents)})")

    def checked_action(self, action: object) -> int | None:
        """*action* as :meth:`step` takes it: ``None`` for an agent that is done, else an action index.

        Raises:
            ArgumentError: before ``reset``, or not such a value.

        >>> from pytruco.pettingzoo import raw_env
        >>> table = raw_env(hands=1)
        >>> table.reset(seed=1)
        >>> table.checked_action(True)
        Traceback (most recent call last):
        ...
        pytruco.errors.ArgumentError: an action is a whole number from 0 to 95 (an Action.index), not True
        """
        if not self.started:
            raise ArgumentError("reset the environment before its first step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ArgumentError(f"{agent} is done: its only action is None, not {quoted(action)}")
            return None
        return action_index(action)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; *seed* draws its first mano (unless fixed) and its deals."""
        self.rng = random.Random(seed_of(seed))
        n = self.rules.players
        first = self.rng.randrange(n) if self.first_mano is None else self.first_mano
        self.table = new_game(self.rules, first_mano=first)
        self._deal()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_act[0]]
        self.started = True

    def _deal(self) -> None:
        while self.table.is_chance:
            self.table, _ = apply(self.table, random_deal(self.table, self.rng))

    def observe(self, agent: str) -> dict[str, Any]:
        """*agent*'s observation: ``truco-obs/1`` and its action mask."""
        seat = self.seat_of(agent)
        return {
            "observation": np.asarray(observation(self.table, seat), dtype=np.float32),
            "action_mask": np.asarray(legal_mask(self.table, seat), dtype=np.int8),
        }

    def step(self, action: int | None) -> None:
        """The selected agent plays action index *action* (``None`` once it is terminated).

        Raises:
            ArgumentError: before ``reset``, or *action* is not an action index (:func:`action_index`).
            IllegalActionError: the action is not legal now.
        """
        index = self.checked_action(action)
        agent = self.agent_selection
        if index is None:
            self._was_dead_step(None)
            return
        seat = self.possible_agents.index(agent)
        self.table, _ = apply(self.table, Action.from_index(index, seat))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.utility == "points" and self.table.round_over:
            points = self.table.round_points
            for at, name in enumerate(self.possible_agents):
                self.rewards[name] = float(points[at & 1] - points[1 - (at & 1)])
        if self.table.is_over:
            if self.utility == "win":
                for at, name in enumerate(self.possible_agents):
                    self.rewards[name] = 1.0 if at & 1 == self.table.winner else -1.0
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

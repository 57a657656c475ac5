"""pytruco as a Gymnasium single-agent environment: :class:`TrucoEnv`, one seat learning against an opponent.

Install the extra (``pip install 'pytruco-ar[pettingzoo]'``, which brings Gymnasium). The table is
:func:`pytruco.pettingzoo.raw_env`'s, with its parameters (every rule option, ``first_mano``) and its
observations: a dict of ``observation`` (``truco-obs/1``) and ``action_mask``.

>>> from pytruco.gym import TrucoEnv
>>> obs, info = TrucoEnv(hands=1, seat=1).reset(seed=1)
>>> sorted(obs), info["seat"]
(['action_mask', 'observation'], 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium

from ._engine import legal_actions
from .actions import Action
from .bots import load_bot, policy
from .errors import ArgumentError, quoted
from .params import utility_range
from .pettingzoo import action_index, raw_env, seed_of
from .views import view

__all__ = ["TrucoEnv"]

_ILLEGAL = ("raise", "lose")
_DEALS = 100
"""How many matches in a row :meth:`TrucoEnv.reset` deals before it gives up on an opponent that ends each one
before the agent's first decision."""


class TrucoEnv(gymnasium.Env):  # type: ignore[type-arg]
    """A Gymnasium single-agent environment: the agent plays one seat, an opponent every other seat.

    Args:
        opponent: who plays the other seats: a bot name (:data:`pytruco.bots.BOT_NAMES`) or ``module:Class``; a
            bot (anything with ``act``; one with ``policy`` is sampled from it, with the environment's random
            source); a callable from an observation (the dict this environment returns, for the seat to act) to an
            action index; or ``None``, self-play: the agent acts for every seat in turn.
        seat: the agent's seat, or ``None`` (the default): drawn at each :meth:`reset`. Ignored in self-play.
        illegal_action: ``"raise"`` (the default): an action that is not legal raises
            :class:`~pytruco.IllegalActionError` and changes nothing; ``"lose"``: it ends the episode with the
            worst reward (-1 for ``win``; for ``points``, minus the most a match can give).
        **options: the table's parameters, as :func:`pytruco.pettingzoo.raw_env` takes them (``preset``,
            ``players``, ``target``, ``hands``, ``utility``, ``first_mano``, every rule option, ``render_mode``).

    A match that the opponent ends before the agent's first decision is not an episode: :meth:`reset` deals
    another; points of hands the opponent ends before the agent acts are part of the agent's next reward.

    The observation is :func:`~pytruco.pettingzoo.raw_env`'s dict for the agent's seat (in self-play, the seat to
    act); ``info["seat"]`` names that seat. The reward is the agent's team's (``win``: at the end; ``points``: per
    hand); in self-play, that of the seat that acted. A step before :meth:`reset`, after the end, or with an action
    that is no index gets :class:`~pytruco.ArgumentError`.

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

    def __init__(
        self, opponent: object = "heuristic", seat: int | None = None, illegal_action: str = "raise", **options: Any
    ) -> None:
        self.aec = raw_env(**options)
        n = self.aec.rules.players
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < n):
            raise ArgumentError(f"seat must be None (drawn) or a seat from 0 to {n - 1}, not {quoted(seat)}")
        if illegal_action not in _ILLEGAL:
            raise ArgumentError(f"illegal_action must be 'raise' or 'lose', not {quoted(illegal_action)}")
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal_action = illegal_action
        self.opponent = _opponent(opponent)
        self.worst = utility_range(self.aec.rules, self.aec.utility)[0]
        agent = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(agent)
        self.action_space = self.aec.action_space(agent)
        self.render_mode = options.get("render_mode")
        self.rng = random.Random()
        self.pending = 0.0
        self.over = True
        self.started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new match (its deals, first mano and, unless fixed, the agent's seat drawn from *seed*; ``None``
        continues the random source of the last seed); the opponent plays until it is the agent's turn.

        Raises:
            ArgumentError: *seed* is not ``None`` or a whole number from 0.
        """
        seed = seed_of(seed)
        super().reset(seed=seed)
        if seed is not None:
            self.rng = random.Random(seed)
        for _ in range(_DEALS):  # a match that ends before the agent's first decision is no episode: deal another
            self.aec.reset(seed=self.rng.getrandbits(64))
            if self.fixed_seat is None:
                self.seat = self.rng.randrange(self.aec.rules.players)
            self.pending = self._others()  # points of hands the opponent ended: the first step's reward
            if not self.aec.table.is_over:
                break
        else:
            raise ArgumentError(f"the opponent ended {_DEALS} matches in a row before the agent's first decision")
        self.over = False
        self.started = True
        return self._observe(), {"seat": self._acting()}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The agent plays *action* (an action index); the opponent answers until the agent acts again or the match
        ends.

        Raises:
            ArgumentError: before :meth:`reset`, after the end, or *action* is no action index.
            IllegalActionError: the action is not legal now (with ``illegal_action="raise"``).
        """
        if not self.started or self.over:
            raise ArgumentError("the match is over: reset the environment" if self.started else "reset first")
        aec = self.aec
        index = action_index(action)
        seat = self._acting()
        chosen = Action.from_index(index, seat)
        if self.illegal_action == "lose" and chosen not in legal_actions(aec.table):
            self.over = True
            return self._observe(), self.worst, True, False, {"seat": seat, "illegal": True}
        aec.step(index)
        reward = self.pending + aec.rewards[aec.possible_agents[seat]]
        self.pending = 0.0
        reward += self._others()
        self.over = aec.table.is_over
        return self._observe(), reward, self.over, False, {"seat": self._acting()}

    def _acting(self) -> int:
        """The seat whose observation the agent gets: its own, or in self-play the seat to act."""
        table = self.aec.table
        if self.opponent is None and not table.is_over:
            return table.to_act[0]
        return self.seat

    def _observe(self) -> dict[str, Any]:
        return self.aec.observe(self.aec.possible_agents[self._acting()])  # type: ignore[no-any-return]

    def _others(self) -> float:
        """The opponent's turns until the agent's or the end; the agent's reward meanwhile."""
        aec = self.aec
        opponent = self.opponent
        if opponent is None:
            return 0.0
        reward = 0.0
        agent = aec.possible_agents[self.seat]
        while not aec.table.is_over and aec.agent_selection != agent:
            seat = aec.table.to_act[0]
            aec.step(_choice(opponent, aec, seat, self.rng).index)
            reward += aec.rewards[agent]
        return reward

    def render(self) -> str | None:
        """The table as text."""
        return str(self.aec.table)


def _opponent(opponent: object) -> object:
    """*opponent* as :class:`TrucoEnv` plays it: ``None``, a bot, or a callable from observations."""
    if opponent is None:
        return None
    if isinstance(opponent, str):
        return load_bot(opponent)
    if callable(getattr(opponent, "act", None)) or callable(opponent):
        return opponent
    raise ArgumentError(f"opponent must be a bot name, a bot, a callable or None, not {quoted(opponent)}")


def _choice(opponent: object, aec: raw_env, seat: int, rng: random.Random) -> Action:
    """The opponent's action for *seat*: sampled from a bot's policy, or the index a callable returns; checked."""
    table = aec.table
    if callable(getattr(opponent, "act", None)):
        chances = policy(opponent, view(table, seat), rng)
        actions = list(chances)
        action = actions[0] if len(actions) == 1 else rng.choices(actions, [chances[a] for a in actions])[0]
    else:
        assert callable(opponent)
        call: Callable[[dict[str, Any]], object] = opponent
        action = Action.from_index(action_index(call(aec.observe(aec.possible_agents[seat]))), seat)
    if action not in legal_actions(table):
        raise ArgumentError(f"the opponent chose {action}, which is not legal")
    return action

"""A vectorised Gymnasium environment: many truco tables stepped in one call (the ``pettingzoo`` extra: NumPy and
Gymnasium).

:class:`TrucoVectorEnv` follows Gymnasium's :class:`gymnasium.vector.VectorEnv`: ``reset(seed=...)`` returns
``(observations, infos)`` and ``step(actions)`` returns ``(observations, rewards, terminations, truncations,
infos)``, with Gymnasium's default next-step auto-reset (``metadata["autoreset_mode"]``: the step after a table's
match ended starts a new match there, ignores that table's action and returns its first observation, with reward 0).

The observations are a dict of NumPy arrays: ``"observation"``, float32 ``(num_envs, n)``, each row the
``truco-obs/1`` vector (:func:`pytruco.encode.observation`) of the seat that acts next, and ``"action_mask"``, int8
``(num_envs, 96)``, its legal actions (:func:`pytruco.encode.legal_mask`). Each table's observation and mask are
written by :func:`pytruco.encode.observation_into` straight into one buffer that NumPy reads: no Python object per
table per step but the engine's own.

Two ways to play:

- **Against an opponent** (``opponent`` a bot name, a :class:`~pytruco.bots.Bot`, or a callable): one learning
  seat per table (random at each new match, or *seat*); every other seat is the opponent, who plays until the
  learning seat acts again or the match ends. A bot's action is drawn from its policy
  (:func:`pytruco.bots.policy`); ``"random"`` picks uniformly among the legal actions without building a view. A
  callable gets ``(observation, action_mask)`` of the seat to act (NumPy arrays) and returns an action index.
- **Self-play** (``opponent=None``): every seat learns; each step, each table's row is the observation of the seat
  that acts next (``infos["seat"]``), and the action is that seat's.

The reward of a step is the learning team's (self-play: the team of the seat that made the step's action; the
other team's is its negative): ``utility="win"``, +1 or -1 when the match ends; ``"points"``, per hand, its points
less the other team's. A match ends when the rules say (``hands`` limits it); truncation never happens.

>>> import numpy as np
>>> from pytruco.vector import TrucoVectorEnv
>>> tables = TrucoVectorEnv(4, opponent="random", hands=1)
>>> obs, infos = tables.reset(seed=7)
>>> obs["observation"].shape, obs["action_mask"].shape, obs["observation"].dtype
((4, 337), (4, 96), dtype('float32'))
>>> actions = np.array([np.flatnonzero(row)[0] for row in obs["action_mask"]])
>>> obs, rewards, terminations, truncations, infos = tables.step(actions)
>>> rewards.shape, terminations.dtype
((4,), dtype('bool'))
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ._engine import State, apply, legal_actions, new_game, random_deal
from .actions import NUM_ACTIONS, Action
from .bots import Bot, load_bot, policy
from .encode import observation_into, observation_layout
from .errors import ArgumentError, quoted
from .params import game_rules
from .views import view

__all__ = ["TrucoVectorEnv"]

Opponent = Callable[[np.ndarray, np.ndarray], int]
"""A callable opponent: ``(observation, action_mask)`` of the seat to act, NumPy arrays, to an action index."""


class TrucoVectorEnv(gymnasium.vector.VectorEnv):
    """*num_envs* truco tables stepped together (see the module).

    Args:
        num_envs: how many tables.
        opponent: a bot name (:data:`pytruco.bots.BOT_NAMES`, ``"random"`` the fastest), a bot, a callable
            ``(observation, action_mask) -> index``, or ``None`` for self-play.
        seat: the learning seat against an opponent (``None``: random at each new match).
        copy: return new arrays at each call (``False``: the same arrays, overwritten by the next call).
        **options: the research parameters (:func:`pytruco.params.game_rules`: ``preset``, ``players``,
            ``target``, ``hands``, ``utility``, and every rule option by its name, ``flor=True``).

    Raises:
        ArgumentError: a bad count, opponent, seat or option.

    >>> from pytruco.vector import TrucoVectorEnv
    >>> tables = TrucoVectorEnv(2, opponent=None, preset="classic", players=4)
    >>> obs, infos = tables.reset(seed=1)
    >>> obs["observation"].shape, list(infos["seat"]) == [tables.table(i).to_act[0] for i in range(2)]
    ((2, 443), True)
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012  (Gymnasium's own)

    def __init__(
        self,
        num_envs: int,
        *,
        opponent: str | Bot | Opponent | None = "random",
        seat: int | None = None,
        copy: bool = True,
        **options: Any,
    ) -> None:
        if num_envs.__class__ is not int or not 1 <= num_envs <= 1_000_000:
            raise ArgumentError(f"num_envs must be a whole number from 1 to 1000000, not {quoted(num_envs)}")
        self.rules, self.utility = game_rules(options)
        players = self.rules.players
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < players):
            raise ArgumentError(f"seat must be None or a seat from 0 to {players - 1}, not {quoted(seat)}")
        self.num_envs = num_envs
        self.seat = seat
        self.copy = copy
        self._opponent = _opponent(opponent)
        self._bot = isinstance(self._opponent, Bot)
        self._size = size = observation_layout(self.rules).size
        self._values = array("f", bytes(4 * num_envs * size))
        self._masks = bytearray(num_envs * NUM_ACTIONS)
        self._obs = np.frombuffer(self._values, dtype=np.float32).reshape(num_envs, size)
        self._mask = np.frombuffer(self._masks, dtype=np.int8).reshape(num_envs, NUM_ACTIONS)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._ended = np.zeros(num_envs, dtype=np.bool_)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._tables: list[State] = []
        self._rngs: list[random.Random] = []
        self._learners: list[int] = []
        self._restart: list[bool] = []
        self._carried: list[float] = []
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (num_envs, size), np.float32),
                "action_mask": spaces.Box(0, 1, (num_envs, NUM_ACTIONS), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.action_space = spaces.MultiDiscrete([NUM_ACTIONS] * num_envs)

    def table(self, index: int) -> State:
        """The engine's state of table *index* now (for inspection; the environment keeps its own).

        >>> from pytruco.vector import TrucoVectorEnv
        >>> tables = TrucoVectorEnv(1)
        >>> _ = tables.reset(seed=2)
        >>> tables.table(0).is_over
        False
        """
        if not self._tables:
            raise ArgumentError("the environment has no tables yet: call reset first")
        if index.__class__ is not int or not 0 <= index < self.num_envs:
            raise ArgumentError(f"table must be from 0 to {self.num_envs - 1}, not {quoted(index)}")
        return self._tables[index]

    def learner(self, index: int) -> int:
        """The learning seat of table *index* in the match being played (self-play: the seat to act).

        >>> from pytruco.vector import TrucoVectorEnv
        >>> tables = TrucoVectorEnv(1, seat=1)
        >>> _ = tables.reset(seed=2)
        >>> tables.learner(0)
        1
        """
        table = self.table(index)
        learner = self._learners[index]
        return learner if learner >= 0 else (table.to_act[0] if table.to_act else 0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new match at every table; *seed* (a whole number) makes the tables' deals, first manos, learning
        seats and opponents' choices reproducible (``None``: unpredictable).

        Raises:
            ArgumentError: *seed* is not ``None`` or a whole number.
        """
        if seed is not None and seed.__class__ is not int:
            raise ArgumentError(f"seed must be None or a whole number, not {quoted(seed)}")
        self._rngs = [random.Random(None if seed is None else f"{seed}/{i}") for i in range(self.num_envs)]
        self._tables = [new_game(self.rules)] * self.num_envs
        self._learners = [-1] * self.num_envs
        self._restart = [False] * self.num_envs
        self._carried = [0.0] * self.num_envs
        self._obs.fill(0.0)
        self._mask.fill(0)
        for i in range(self.num_envs):
            self._start(i)
            self._observe(i)
        return self._observations(), {"seat": self._seats.copy()}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Each table's acting seat plays its action index of *actions* (one per table); against an opponent, the
        opponent answers until the learning seat acts again. A table whose match ended at the last step starts a
        new one instead (its action is ignored).

        Raises:
            ArgumentError: *actions* is not one whole number per table, or an action is not legal at its table
                (nothing is stepped then).
        """
        chosen = self._checked(actions)
        self._obs.fill(0.0)
        self._mask.fill(0)
        rewards = self._rewards
        for i, index in enumerate(chosen):
            if self._restart[i]:
                self._start(i)
                rewards[i] = 0.0
            else:
                rewards[i] = self._play(i, index)
            self._observe(i)
        ended = self._ended.copy()
        self._restart = ended.tolist()
        return (
            self._observations(),
            rewards.copy(),
            ended,
            np.zeros(self.num_envs, dtype=np.bool_),
            {"seat": self._seats.copy()},
        )

    def _checked(self, actions: Any) -> list[int]:
        """*actions* as one legal index per table (a restarting table's is not read)."""
        if not self._tables:
            raise ArgumentError("step before reset: call reset first")
        try:
            values = np.asarray(actions)
        except (TypeError, ValueError):
            values = np.asarray(None)
        if values.shape != (self.num_envs,) or values.dtype.kind not in "iu":
            raise ArgumentError(
                f"actions must be {self.num_envs} whole action indices (one per table), not {quoted(actions)}"
            )
        chosen: list[int] = values.tolist()
        masks = self._masks
        for i, index in enumerate(chosen):
            if self._restart[i]:
                continue
            if not 0 <= index < NUM_ACTIONS or not masks[i * NUM_ACTIONS + index]:
                raise ArgumentError(
                    f"action {index} is not legal at table {i} (mask actions with observations['action_mask'])"
                )
        return chosen

    def _observations(self) -> dict[str, np.ndarray]:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
        return {"observation": self._obs, "action_mask": self._mask}

    def _start(self, i: int) -> None:
        """A new match at table *i*: its first mano, its learning seat, the deal and the opponent's first turns (a
        match the opponent ends before the learning seat acts is played again: an episode has a decision). What
        the learning team scores before its first decision is added to the reward of that decision."""
        rng = self._rngs[i]
        rules = self.rules
        players = rules.players
        while True:
            self._tables[i] = new_game(rules, first_mano=None if rules.rps_first_mano else rng.randrange(players))
            learner = -1 if self._opponent is None else rng.randrange(players) if self.seat is None else self.seat
            self._learners[i] = learner
            self._carried[i] = self._advance(i, learner & 1)
            if not self._tables[i].is_over:
                return

    def _play(self, i: int, index: int) -> float:
        """Table *i*'s acting seat plays *index*, then the opponent: the step's reward."""
        table = self._tables[i]
        learner = self._learners[i]
        seat = table.to_act[0] if learner < 0 else learner
        team = seat & 1
        table = apply(table, Action.from_index(index, seat))[0]
        self._tables[i] = table
        reward = self._reward(table, team) + self._carried[i]
        self._carried[i] = 0.0
        return reward + self._advance(i, team)

    def _reward(self, table: State, team: int) -> float:
        """What *team* gets from the action that made *table*."""
        if self.utility == "points":
            if table.round_over:
                points = table.round_points
                return float(points[team] - points[1 - team])
            return 0.0
        if table.is_over:
            return 1.0 if table.winner == team else -1.0
        return 0.0

    def _advance(self, i: int, team: int = 0) -> float:
        """Deal when the table waits for a deal and let the opponent act until the learning seat acts or the match
        ends: the reward *team* gets on the way."""
        table = self._tables[i]
        rng = self._rngs[i]
        learner = self._learners[i]
        reward = 0.0
        while not table.is_over:
            if table.is_chance:
                table = apply(table, random_deal(table, rng))[0]
                continue
            seat = table.to_act[0]
            if learner < 0 or seat == learner:
                break
            table = apply(table, self._opponent_action(table, seat, rng))[0]
            reward += self._reward(table, team)
        self._tables[i] = table
        self._ended[i] = table.is_over
        return reward

    def _opponent_action(self, table: State, seat: int, rng: random.Random) -> Action:
        """The opponent's action for *seat* at *table*."""
        opponent = self._opponent
        if opponent == "random":
            legal = [action for action in legal_actions(table) if action.seat == seat]
            return legal[int(rng.random() * len(legal))]
        if self._bot:
            return _sampled(policy(opponent, view(table, seat), rng), rng)
        assert callable(opponent)
        values = array("f", bytes(4 * self._size))
        mask = bytearray(NUM_ACTIONS)
        observation_into(table, seat, values, 0, mask, 0)
        index = opponent(np.array(values, dtype=np.float32), np.frombuffer(mask, dtype=np.int8).copy())
        if index.__class__ is not int and not isinstance(index, np.integer):
            raise ArgumentError(f"the opponent returned {quoted(index)}, not an action index")
        if not 0 <= int(index) < NUM_ACTIONS or not mask[int(index)]:
            raise ArgumentError(f"the opponent chose action {int(index)}, which is not legal for seat {seat}")
        return Action.from_index(int(index), seat)

    def _observe(self, i: int) -> None:
        """Write table *i*'s observation and mask (the learning seat's; self-play: the seat to act)."""
        table = self._tables[i]
        learner = self._learners[i]
        if learner < 0:
            learner = table.to_act[0] if table.to_act else self._seats[i].item()
        self._seats[i] = learner
        observation_into(table, learner, self._values, i * self._size, self._masks, i * NUM_ACTIONS)


def _opponent(opponent: object) -> str | Bot | Opponent | None:
    """The opponent as :class:`TrucoVectorEnv` keeps it: ``"random"``, a bot, a callable or ``None``."""
    if opponent is None or opponent == "random":
        return opponent
    if isinstance(opponent, str):
        return load_bot(opponent)
    if isinstance(opponent, Bot):
        return opponent
    if callable(opponent):
        return opponent
    raise ArgumentError(f"opponent must be a bot name, a bot, a callable or None, not {quoted(opponent)}")


def _sampled(probabilities: dict[Action, float], rng: random.Random) -> Action:
    """An action drawn from *probabilities* with *rng*."""
    draw = rng.random() * sum(probabilities.values())
    last = None
    for action, probability in probabilities.items():
        last = action
        draw -= probability
        if draw < 0:
            return action
    if last is None:
        raise ArgumentError("the opponent's policy is empty")
    return last

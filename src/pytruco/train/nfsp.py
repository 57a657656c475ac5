"""Neural Fictitious Self-Play through OpenSpiel's PyTorch NFSP, seeded and checkpointed.

:class:`NFSPTrainer` trains two ``open_spiel.python.pytorch.nfsp.NFSP`` agents (one per seat, each a DQN best
response and an average-policy network) by self-play on a ``python_truco`` game or a preset's own game
(:mod:`pytruco.openspiel`; the one-hand game ``python_truco(hands=1)`` by default) through OpenSpiel's
``rl_environment``. The input is the ``truco-obs/1`` observation tensor (337 numbers for two seats; not perfect
recall: it keeps the current hand's public state, not the order of every action) or, with
``tensor="information_state"``, the perfect-recall ``truco-info/1`` tensor (3,709 numbers: eleven times the
network's first layer and the buffers).

Needs the ``rl`` extra (PyTorch, and ``dm-tree``, which OpenSpiel's PyTorch NFSP imports) beside ``openspiel``.

**Seeding.** OpenSpiel's NFSP draws from NumPy's and PyTorch's global random generators. The trainer keeps its own
states of both and installs them only while it works (:meth:`NFSPTrainer.run`, building the agents, evaluating),
restoring the caller's afterwards; the deals come from the environment's own seeded sampler. PyTorch runs on one
thread while the trainer works. The same seed gives the same networks.

**Checkpoints.** OpenSpiel 2.0.2's ``NFSP.save`` and ``NFSP.restore`` do not round-trip (``save`` writes the keys
``model`` and ``optimiser``, ``restore`` reads ``model_state_dict`` and ``optimizer_state_dict``; ``save`` writes
the network to the path it also uses as the inner DQN's directory), and neither keeps the buffers or the random
generators. :meth:`NFSPTrainer.save` writes everything a run depends on, between two episodes: every network and
optimiser, the filled part of each reservoir and replay buffer, the counters, each agent's mode for the next
episode, and the three random generators' states, as tensors in one ``torch.save`` file that
:meth:`NFSPTrainer.load` reads with ``weights_only=True`` (no pickle is run). A resumed run gives the same networks
as an uninterrupted one.

>>> from pytruco.train.nfsp import NFSPTrainer
>>> trainer = NFSPTrainer(seed=3, hidden=(16,), min_buffer=32, batch=16)
>>> trainer.run(5)
>>> trainer.episodes, trainer.steps > 10
(5, True)
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import pyspiel
import torch
from open_spiel.python import policy as openspiel_policy
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import dqn as dqn_module
from open_spiel.python.pytorch import nfsp

from .. import openspiel
from ..bots import Bot, OpenSpielBot
from ..errors import ArgumentError, quoted
from ..params import with_hands
from ..simulate import Summary, simulate
from .mccfr import GAME_SHORTCUTS, save_and_evaluate

__all__ = ["CHECKPOINT_FORMAT", "TENSORS", "NFSPPolicy", "NFSPTrainer", "train_command"]

CHECKPOINT_FORMAT = "pytruco-nfsp/1"
"""The format named in every checkpoint that :meth:`NFSPTrainer.save` writes.

>>> from pytruco.train.nfsp import CHECKPOINT_FORMAT
>>> CHECKPOINT_FORMAT
'pytruco-nfsp/1'
"""

TENSORS = ("observation", "information_state")
"""The inputs NFSP may learn from: ``truco-obs/1`` (the default) or the perfect-recall ``truco-info/1``.

>>> from pytruco.train.nfsp import TENSORS
>>> TENSORS
('observation', 'information_state')
"""

_SETTINGS: dict[str, Any] = {
    "hidden": (128,),
    "anticipatory": 0.1,
    "reservoir": 30_000,
    "replay": 30_000,
    "batch": 128,
    "rl_learning_rate": 0.01,
    "sl_learning_rate": 0.01,
    "learn_every": 64,
    "min_buffer": 1000,
    "epsilon_start": 0.06,
    "epsilon_end": 0.001,
    "epsilon_decay": 200_000,
    "update_target_every": 19_200,
}


@contextlib.contextmanager
def _generators(owner: NFSPTrainer) -> Iterator[None]:
    """Install *owner*'s NumPy and PyTorch generator states (and one PyTorch thread) while the block runs."""
    caller_numpy, caller_torch, caller_threads = np.random.get_state(), torch.get_rng_state(), torch.get_num_threads()
    np.random.set_state(owner._numpy_state)
    torch.set_rng_state(owner._torch_state)
    torch.set_num_threads(1)
    try:
        yield
    finally:
        owner._numpy_state, owner._torch_state = np.random.get_state(), torch.get_rng_state()
        np.random.set_state(caller_numpy)
        torch.set_rng_state(caller_torch)
        torch.set_num_threads(caller_threads)


class NFSPTrainer:
    """Two OpenSpiel NFSP agents learning *game* (a ``python_truco`` or preset's game string) by self-play from *tensor*
    (:data:`TENSORS`), seeded by *seed*; *settings* override the hyperparameters (``hidden``, ``anticipatory``,
    ``reservoir``, ``replay``, ``batch``, ``rl_learning_rate``, ``sl_learning_rate``, ``learn_every``,
    ``min_buffer``, ``epsilon_start``, ``epsilon_end``, ``epsilon_decay``, ``update_target_every``).

    Raises:
        ArgumentError: not a two-seat ``python_truco`` or preset's game, an unknown tensor or setting, or a bad seed.

    >>> from pytruco.train.nfsp import NFSPTrainer
    >>> NFSPTrainer(seed=1, hidden=(8,)).settings["hidden"]
    (8,)
    """

    def __init__(
        self, game: str = "python_truco(hands=1)", *, tensor: str = "observation", seed: int = 0, **settings: Any
    ) -> None:
        if tensor not in TENSORS:
            raise ArgumentError(f"unknown tensor {quoted(tensor)} (observation or information_state)")
        if seed.__class__ is not int or not 0 <= seed < 2**31:
            raise ArgumentError(f"the seed must be a whole number from 0 to 2**31 - 1, not {quoted(seed)}")
        unknown = sorted(set(settings) - set(_SETTINGS))
        if unknown:
            raise ArgumentError(f"unknown NFSP setting {quoted(unknown[0])} (known: {', '.join(_SETTINGS)})")
        names = (openspiel.GAME_NAME, *openspiel.PRESET_GAMES.values())
        if not isinstance(game, str) or game.partition("(")[0] not in names or "(" not in game:
            raise ArgumentError(f"NFSP trains on {openspiel.GAME_NAME}(...) or a preset's game, not {quoted(game)}")
        try:
            self.game = pyspiel.load_game(game)
        except pyspiel.SpielError as error:
            raise ArgumentError(f"cannot load the game {quoted(game)}: {error}") from None
        if self.game.num_players() != 2:
            raise ArgumentError("NFSP here trains two seats, one agent each")
        self.game_string = str(self.game)
        self.tensor = tensor
        self.seed = seed
        self.settings = {**_SETTINGS, **settings, "hidden": tuple(settings.get("hidden", _SETTINGS["hidden"]))}
        self.episodes = 0
        self.steps = 0
        kind = rl_environment.ObservationType
        self._env = rl_environment.Environment(
            self.game,
            chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
            observation_type=kind.OBSERVATION if tensor == "observation" else kind.INFORMATION_STATE,
        )
        self._numpy_state: Any = np.random.RandomState(seed).get_state()
        self._torch_state = torch.Generator().manual_seed(seed).get_state()
        with _generators(self):
            self.agents = [self._agent(player) for player in (0, 1)]

    def _agent(self, player: int) -> Any:
        s = self.settings
        size = self._env.observation_spec()["info_state"][0]
        return nfsp.NFSP(
            player, size, self.game.num_distinct_actions(), list(s["hidden"]), s["reservoir"], s["anticipatory"],
            batch_size=s["batch"], rl_learning_rate=s["rl_learning_rate"], sl_learning_rate=s["sl_learning_rate"],
            min_buffer_size_to_learn=s["min_buffer"], learn_every=s["learn_every"], seed=self.seed + 10 * player,
            replay_buffer_capacity=s["replay"], epsilon_start=s["epsilon_start"], epsilon_end=s["epsilon_end"],
            epsilon_decay_duration=s["epsilon_decay"], update_target_network_every=s["update_target_every"],
        )  # fmt: skip

    def run(self, episodes: int, *, every: int = 0, report: Callable[[NFSPTrainer], None] | None = None) -> None:
        """Play and learn from *episodes* more episodes (matches of the game); with *every* and *report*, call
        ``report(self)`` after each multiple of *every* episodes (outside the trainer's generators)."""
        if episodes.__class__ is not int or episodes < 0:
            raise ArgumentError(f"episodes must be a whole number, not {quoted(episodes)}")
        for _ in range(episodes):
            with _generators(self):
                self._episode()
            if report is not None and every and self.episodes % every == 0:
                report(self)

    def _episode(self) -> None:
        step = self._env.reset()
        while not step.last():
            player = step.observations["current_player"]
            output = self.agents[player].step(step)
            step = self._env.step([output.action])
            self.steps += 1
        for agent in self.agents:
            agent.step(step)
        self.episodes += 1

    def average_policy(self) -> NFSPPolicy:
        """The agents' average-policy networks as an OpenSpiel policy (each seat's own network)."""
        return NFSPPolicy(self)

    def bot(self, name: str = "nfsp") -> OpenSpielBot:
        """The average policy as a bot (:func:`pytruco.bots.from_openspiel`)."""
        return OpenSpielBot(self.game, self.average_policy(), name=name)

    def evaluate(
        self, opponent: str | Bot = "heuristic", *, games: int = 200, seed: int = 1, hands: int | None = None
    ) -> Summary:
        """The average policy against *opponent* over *games* games with duplicate deals
        (:func:`pytruco.simulate.simulate`), its draws from the policy seeded by the game (the bot's own source).
        The games are the trained game's, or of *hands* hands (0: whole matches,
        :func:`~pytruco.params.with_hands`); at a match's table each later hand is, to the policy, the first of a
        game of its own begun at that hand's score (:func:`pytruco.bots.from_openspiel`)."""
        return simulate(
            [self.bot(), opponent], games=games, seed=seed, rules=with_hands(self.game.rules, hands), duplicate=True
        )

    # ------------------------------------------------------------------ checkpoints
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write a checkpoint to *path* (one ``torch.save`` file, tensors only), whole or not at all."""
        data = {
            "format": CHECKPOINT_FORMAT,
            "game": self.game_string,
            "tensor": self.tensor,
            "seed": self.seed,
            "settings": {k: list(v) if isinstance(v, tuple) else v for k, v in self.settings.items()},
            "episodes": self.episodes,
            "steps": self.steps,
            "numpy": _generator_tensors(self._numpy_state),
            "torch": self._torch_state,
            "chance": _generator_tensors(self._env._chance_event_sampler._rng.get_state()),
            "agents": [_agent_state(agent) for agent in self.agents],
        }
        temporary = f"{os.fspath(path)}.partial"
        torch.save(data, temporary)
        os.replace(temporary, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> NFSPTrainer:
        """The trainer saved in *path* by :meth:`save`, ready to :meth:`run` on.

        Raises:
            ArgumentError: *path* is no checkpoint of this format.
        """
        where = os.fspath(path)
        try:
            data = torch.load(where, weights_only=True)
        except Exception as error:  # torch raises many kinds (unpickling, zip, OS errors)
            raise ArgumentError(f"not an NFSP checkpoint: {quoted(where)} ({type(error).__name__})") from None
        if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT:
            raise ArgumentError(f"not an NFSP checkpoint: {quoted(where)} (no format {CHECKPOINT_FORMAT})")
        try:
            settings = {k: tuple(v) if k == "hidden" else v for k, v in data["settings"].items()}
            trainer = cls(data["game"], tensor=data["tensor"], seed=data["seed"], **settings)
            trainer.episodes, trainer.steps = data["episodes"], data["steps"]
            trainer._numpy_state = _generator_of(data["numpy"])
            trainer._torch_state = data["torch"]
            trainer._env._chance_event_sampler._rng.set_state(_generator_of(data["chance"]))
            for agent, state in zip(trainer.agents, data["agents"], strict=True):
                _restore_agent(agent, state)
        except (KeyError, TypeError, ValueError, RuntimeError) as error:
            raise ArgumentError(f"the NFSP checkpoint {quoted(where)} does not load: {error!r}") from None
        return trainer


class NFSPPolicy(openspiel_policy.Policy):  # type: ignore[misc]
    """A trainer's average-policy networks as an OpenSpiel policy: the acting seat's network on its tensor, its
    softmax over the legal actions.

    >>> import pyspiel
    >>> from pytruco.train.nfsp import NFSPTrainer
    >>> trainer = NFSPTrainer(seed=1, hidden=(8,))
    >>> state = trainer.game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> probabilities = trainer.average_policy().action_probabilities(state)
    >>> sorted(probabilities) == state.legal_actions(), round(sum(probabilities.values()), 6)
    (True, 1.0)
    """

    def __init__(self, trainer: NFSPTrainer) -> None:
        super().__init__(trainer.game, [0, 1])
        self.trainer = trainer

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        """The acting seat's average policy at *state*."""
        player = state.current_player() if player_id is None else player_id
        legal = state.legal_actions(player)
        tensor = (
            state.observation_tensor(player)
            if self.trainer.tensor == "observation"
            else state.information_state_tensor(player)
        )
        network = self.trainer.agents[player]._avg_network
        with torch.no_grad():
            logits = network(torch.tensor(np.asarray(tensor, np.float32)).unsqueeze(0)).squeeze(0)
        chosen = torch.softmax(logits[legal], dim=0).tolist()
        return dict(zip(legal, chosen, strict=True))


# ---------------------------------------------------------------------- what a checkpoint holds
def _generator_tensors(state: tuple[Any, ...]) -> dict[str, Any]:
    """A NumPy ``RandomState`` state as tensors and numbers (``torch.load(weights_only=True)`` reads them)."""
    _name, keys, position, has_gauss, cached = state
    return {"keys": torch.from_numpy(np.asarray(keys, np.int64)), "position": int(position),
            "has_gauss": int(has_gauss), "cached": float(cached)}  # fmt: skip


def _generator_of(data: dict[str, Any]) -> tuple[Any, ...]:
    keys = data["keys"].numpy().astype(np.uint32)
    return ("MT19937", keys, data["position"], data["has_gauss"], data["cached"])


def _buffer_state(buffer: Any, count: Any) -> dict[str, Any] | None:
    """The filled rows of an OpenSpiel buffer (a NamedTuple of arrays) and its counter, as tensors."""
    if buffer is None:
        return None
    filled = len(buffer)
    rows = {name: torch.from_numpy(np.ascontiguousarray(getattr(buffer.experience, name)[:filled]))
            for name in buffer.experience._fields}  # fmt: skip
    return {"rows": rows, "count": int(count), "capacity": int(buffer.capacity)}


def _restore_buffer(cls: Any, kind: Any, data: dict[str, Any] | None) -> Any:
    if data is None:
        return None
    capacity = data["capacity"]
    arrays = {}
    for name, rows in data["rows"].items():
        values = rows.numpy()
        full = np.empty((capacity, *values.shape[1:]), values.dtype)
        full[: len(values)] = values
        arrays[name] = full
    buffer = cls(np.array(capacity), kind(**arrays))
    return buffer


def _agent_state(agent: Any) -> dict[str, Any]:
    """Everything of one OpenSpiel NFSP agent that the next episodes read (between episodes)."""
    dqn = agent._rl_agent
    reservoir = agent._reservoir_buffer
    replay = dqn._replay_buffer
    return {
        "average": agent._avg_network.state_dict(),
        "average_optimizer": agent._optimizer.state_dict(),
        "iteration": agent._iteration,
        "best_response_mode": agent._mode is nfsp.MODE.BEST_RESPONSE,
        "reservoir": _buffer_state(reservoir, reservoir.add_calls if reservoir is not None else 0),
        "q": dqn._q_network.state_dict(),
        "target_q": dqn._target_q_network.state_dict(),
        "q_optimizer": dqn._optimizer.state_dict(),
        "dqn_iteration": dqn._iteration,
        "replay": _buffer_state(replay, replay.entry_index if replay is not None else 0),
    }


def _restore_agent(agent: Any, data: dict[str, Any]) -> None:
    dqn = agent._rl_agent
    agent._avg_network.load_state_dict(data["average"])
    agent._optimizer.load_state_dict(data["average_optimizer"])
    agent._iteration = data["iteration"]
    agent._mode = nfsp.MODE.BEST_RESPONSE if data["best_response_mode"] else nfsp.MODE.AVERAGE_POLICY
    agent._reservoir_buffer = _restore_buffer(nfsp.ReservoirBuffer, nfsp.Transition, data["reservoir"])
    if agent._reservoir_buffer is not None:
        agent._reservoir_buffer.add_calls = np.array(data["reservoir"]["count"])
    dqn._q_network.load_state_dict(data["q"])
    dqn._target_q_network.load_state_dict(data["target_q"])
    dqn._optimizer.load_state_dict(data["q_optimizer"])
    dqn._iteration = data["dqn_iteration"]
    dqn._replay_buffer = _restore_buffer(dqn_module.ReplayBuffer, dqn_module.Transition, data["replay"])
    if dqn._replay_buffer is not None:
        dqn._replay_buffer.entry_index = np.array(data["replay"]["count"])


def train_command(
    *,
    game: str = "one-hand",
    tensor: str = "observation",
    episodes: int = 1000,
    seed: int = 0,
    resume: str | None = None,
    save: str | None = None,
    every: int = 0,
    opponents: Sequence[str] = (),
    games: int = 200,
    eval_hands: int | None = None,
    out: Callable[[str], object] = print,
) -> int:
    """``pytruco train nfsp``: train (or resume from *resume* and train on) up to *episodes* episodes in all, report
    every *every* episodes, save to *save*, then evaluate the average policy against each of *opponents* (*games*
    duplicate games, seed 1, of the trained game or of *eval_hands* hands a game: 0 whole matches,
    :meth:`NFSPTrainer.evaluate`).

    >>> from pytruco.train.nfsp import train_command
    >>> train_command(episodes=4, every=2, out=lambda line: print(line.split(",")[0]))
    episode 2
    episode 4
    0
    """
    if resume is not None:
        trainer = NFSPTrainer.load(resume)
        out(f"resumed {trainer.game_string} ({trainer.tensor} tensor, seed {trainer.seed}) at episode "
            f"{trainer.episodes} from {resume}")  # fmt: skip
    else:
        trainer = NFSPTrainer(GAME_SHORTCUTS.get(game, game), tensor=tensor, seed=seed)
    rules = with_hands(trainer.game.rules, eval_hands)  # checked before training
    started = time.process_time()

    def report(done: NFSPTrainer) -> None:
        losses = "; ".join(
            " ".join("-" if loss is None else f"{loss:.3f}" for loss in agent.loss) for agent in done.agents
        )
        out(f"episode {done.episodes}, {done.steps} steps, {time.process_time() - started:.1f} processor seconds, "
            f"losses (average network, best response) by seat: {losses}")  # fmt: skip

    trainer.run(max(0, episodes - trainer.episodes), every=every, report=report)
    save_and_evaluate(
        trainer, "episode", trainer.episodes, save=save, opponents=opponents, games=games, rules=rules,
        hands=eval_hands, out=out,
    )  # fmt: skip
    return 0

"""A reference trainer: masked-action PPO on :class:`~pytruco.vector.TrucoVectorEnv` against a fixed bot (the ``rl``
extra: PyTorch on the CPU), and ``pytruco exploit``, which uses it to measure how far a bot can be beaten.

The network reads the ``truco-obs/1`` observation of the learning seat (:mod:`pytruco.encode`) and gives a logit per
action and a value; illegal actions are masked out of the logits, so the policy never picks one and its entropy is
over the legal actions. Each update plays a rollout of :attr:`PPOConfig.steps` decisions at each of
:attr:`PPOConfig.envs` tables, then takes :attr:`PPOConfig.epochs` passes of clipped PPO over it in
:attr:`PPOConfig.minibatches` shuffled minibatches (generalised advantage estimation, advantages normalised per
minibatch, gradients clipped).

**Seeded.** The weights start from the seed; every rollout starts from fresh tables reset with a seed made of the
trainer's seed and the update's number (a match still running when a rollout ends is dropped; its last step's value
stands for the rest), and the trainer's actions and minibatches are drawn from its own ``torch.Generator``. So the
same seed and the same number of updates give the same weights, on the same machine with the same number of PyTorch
threads (``pytruco exploit`` uses one; floating-point sums may round otherwise with another count).

**Resumable.** :meth:`PPOTrainer.save` writes a checkpoint (format :data:`FORMAT`: weights, optimizer, counters,
the generator's state, the opponent, the seed and the game's options); :meth:`PPOTrainer.load` restores it, and the
updates that follow are those an uninterrupted run would have made (``tests/test_ppo.py``).

**Evaluated** in the arena: :meth:`PPOTrainer.bot` seats the policy at a table (an
:class:`~pytruco.bots.ObservationBot`), and :func:`evaluate` plays it against a bot with
:func:`~pytruco.simulate.simulate` on fresh deals, duplicate by default (each deal twice, the seats swapped), with
95% intervals for the win rate and the points per hand.

>>> from pytruco.ppo import PPOConfig, PPOTrainer
>>> trainer = PPOTrainer("random", seed=1, config=PPOConfig(envs=2, steps=8, hidden=16), hands=1)
>>> trainer.train(updates=2)
2
>>> trainer.updates, trainer.steps
(2, 32)
"""

from __future__ import annotations

import io
import math
import os
import pickle
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import torch
from torch import nn

from .actions import NUM_ACTIONS
from .bots import BOT_NAMES, ObservationBot
from .encode import observation_layout
from .errors import ArgumentError, quoted
from .params import game_length, with_hands
from .simulate import Summary, simulate
from .vector import TrucoVectorEnv

__all__ = ["FORMAT", "ExploitResult", "PPOConfig", "PPOTrainer", "PolicyNetwork", "evaluate", "exploit"]

FORMAT = "pytruco-ppo/1"
"""The checkpoint format :meth:`PPOTrainer.save` writes (a ``torch.save`` dict; read with ``weights_only=True``).

>>> from pytruco.ppo import FORMAT
>>> FORMAT
'pytruco-ppo/1'
"""


@attrs.frozen
class PPOConfig:
    """The trainer's hyperparameters (the defaults are those ``pytruco exploit`` uses).

    Attributes:
        envs: tables stepped together.
        steps: decisions a table in each rollout.
        epochs: passes over a rollout.
        minibatches: minibatches a pass.
        learning_rate: Adam's step size.
        gamma: discount (1: a match is short, its result is all that counts).
        lam: GAE's lambda.
        clip: PPO's ratio clip.
        entropy: the entropy bonus's weight.
        value_weight: the value loss's weight.
        max_grad_norm: the gradient's norm is clipped to this.
        hidden: units of each of the network's two hidden layers.

    >>> from pytruco.ppo import PPOConfig
    >>> PPOConfig().envs * PPOConfig().steps
    512
    """

    envs: int = 16
    steps: int = 32
    epochs: int = 4
    minibatches: int = 4
    learning_rate: float = 1e-3
    gamma: float = 1.0
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_weight: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 128


class PolicyNetwork(nn.Module):
    """Two hidden tanh layers shared by a policy head (a logit per action) and a value head.

    >>> import torch
    >>> from pytruco.ppo import PolicyNetwork
    >>> network = PolicyNetwork(337, 16)
    >>> mask = torch.zeros(1, 96, dtype=torch.bool)
    >>> mask[0, 3] = True
    >>> logits, value = network(torch.zeros(1, 337), mask)
    >>> torch.softmax(logits, -1)[0, 3].item(), value.shape
    (1.0, torch.Size([1]))
    """

    def __init__(self, size: int, hidden: int) -> None:
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.policy = nn.Linear(hidden, NUM_ACTIONS)
        self.value = nn.Linear(hidden, 1)

    def forward(self, observations: torch.Tensor, masks: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """The masked logits (illegal actions at the lowest float) and the values of a batch."""
        hidden = self.trunk(observations)
        logits = self.policy(hidden).masked_fill(~masks, torch.finfo(torch.float32).min)
        return logits, self.value(hidden).squeeze(-1)


@attrs.define
class _Rollout:
    """One rollout, ``(steps, envs)`` a tensor; ``live`` is false where a table was starting a new match (the step's
    action was ignored: no sample)."""

    observations: torch.Tensor
    masks: torch.Tensor
    actions: torch.Tensor
    log_probs: torch.Tensor
    values: torch.Tensor
    rewards: torch.Tensor
    ended: torch.Tensor
    live: torch.Tensor
    last_value: torch.Tensor
    last_live: torch.Tensor


class PPOTrainer:
    """PPO against *opponent* (a name of :data:`pytruco.bots.BOT_NAMES`) at the tables of *options* (the research
    parameters of :class:`~pytruco.vector.TrucoVectorEnv`: ``hands=1`` the one-hand game; see the module).

    Attributes:
        updates: updates made.
        steps: decisions of the learning seat played (dropped restarts included).
        episodes: matches finished.
        cpu_seconds: processor time spent in :meth:`update`.

    Raises:
        ArgumentError: an unknown opponent, a bad seed or option.

    >>> from pytruco.ppo import PPOConfig, PPOTrainer
    >>> trainer = PPOTrainer("heuristic", seed=3, config=PPOConfig(envs=1, steps=4, hidden=8), hands=1)
    >>> trainer.opponent, trainer.env.rules.hands
    ('heuristic', 1)
    """

    def __init__(
        self, opponent: str = "random", *, seed: int = 0, config: PPOConfig | None = None, **options: Any
    ) -> None:
        if opponent not in BOT_NAMES:
            raise ArgumentError(f"unknown bot {quoted(opponent)} (known: {', '.join(sorted(BOT_NAMES))})")
        if seed.__class__ is not int or not 0 <= seed < 2**63:
            raise ArgumentError(f"seed must be a whole number from 0 to 2**63 - 1, not {quoted(seed)}")
        self.opponent = opponent
        self.seed = seed
        self.config = config = PPOConfig() if config is None else config
        self.options = dict(options)
        self.env = TrucoVectorEnv(config.envs, opponent=opponent, **options)
        size = observation_layout(self.env.rules).size
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(seed)
            self.network = PolicyNetwork(size, config.hidden)
        self.optimizer = torch.optim.Adam(self.network.parameters(), lr=config.learning_rate, eps=1e-5)
        self.generator = torch.Generator().manual_seed(seed)
        self.updates = 0
        self.steps = 0
        self.episodes = 0
        self.cpu_seconds = 0.0
        self.last: dict[str, float] = {}

    def train(self, *, updates: int | None = None, cpu_seconds: float | None = None) -> int:
        """Update *updates* times, or until *cpu_seconds* of processor time are spent (the update under way ends
        first); the updates made.

        Raises:
            ArgumentError: neither or both limits, or a negative one.
        """
        if (updates is None) == (cpu_seconds is None):
            raise ArgumentError("train needs updates or cpu_seconds (one of them)")
        if (updates is not None and updates < 0) or (cpu_seconds is not None and not cpu_seconds >= 0):
            raise ArgumentError(f"train needs a limit of 0 or more, not {quoted(updates or cpu_seconds)}")
        started = time.process_time()
        made = 0
        while True:
            if updates is not None and made >= updates:
                return made
            if cpu_seconds is not None and time.process_time() - started >= cpu_seconds:
                return made
            self.update()
            made += 1

    def update(self) -> dict[str, float]:
        """One rollout and the PPO passes over it; its figures (also kept in :attr:`last`): the mean reward of the
        matches it finished, their count, the losses and the policy's entropy."""
        started = time.process_time()
        rollout = self._rollout()
        advantages, returns = self._advantages(rollout)
        figures = self._optimize(rollout, advantages, returns)
        finished = rollout.ended & rollout.live
        figures["matches"] = float(finished.sum().item())
        figures["mean_reward"] = float(rollout.rewards[finished].mean().item()) if finished.any() else 0.0
        self.updates += 1
        self.steps += self.config.envs * self.config.steps
        self.episodes += int(figures["matches"])
        self.cpu_seconds += time.process_time() - started
        self.last = figures
        return figures

    def _rollout(self) -> _Rollout:
        """Play :attr:`PPOConfig.steps` decisions at each table from a fresh reset."""
        steps, envs = self.config.steps, self.config.envs
        obs, _ = self.env.reset(seed=self.seed * 1_000_003 + self.updates)
        seen: dict[str, list[torch.Tensor]] = {key: [] for key in ("o", "m", "a", "p", "v", "r", "e", "l")}
        live = torch.ones(envs, dtype=torch.bool)
        with torch.no_grad():
            for _ in range(steps):
                observations = torch.from_numpy(obs["observation"])
                masks = torch.from_numpy(obs["action_mask"]).bool()
                logits, values = self.network(observations, masks)
                actions = torch.multinomial(torch.softmax(logits, -1), 1, generator=self.generator).squeeze(1)
                log_probs = torch.log_softmax(logits, -1).gather(1, actions.unsqueeze(1)).squeeze(1)
                obs, rewards, ended, _, _ = self.env.step(actions.numpy())
                for key, value in zip("omapv", (observations, masks, actions, log_probs, values), strict=True):
                    seen[key].append(value)
                seen["r"].append(torch.from_numpy(rewards).float())
                seen["e"].append(torch.from_numpy(ended))
                seen["l"].append(live)
                live = ~torch.from_numpy(ended)  # a table that ended restarts at the next step
            last_value = self.network(
                torch.from_numpy(obs["observation"]), torch.from_numpy(obs["action_mask"]).bool()
            )[1]
        o, m, a, p, v, r, e, lv = (torch.stack(seen[key]) for key in "omapvrel")
        return _Rollout(o, m, a, p, v, r, e, lv, last_value, live)

    def _advantages(self, rollout: _Rollout) -> tuple[torch.Tensor, torch.Tensor]:
        """GAE's advantages and the returns (advantage + value) of every step, 0 at the dropped ones."""
        gamma, lam = self.config.gamma, self.config.lam
        advantages = torch.zeros_like(rollout.rewards)
        carried = torch.zeros(self.config.envs)
        next_value = torch.where(rollout.last_live, rollout.last_value, torch.zeros(self.config.envs))
        for t in range(self.config.steps - 1, -1, -1):
            going = (~rollout.ended[t]).float()
            delta = rollout.rewards[t] + gamma * next_value * going - rollout.values[t]
            carried = delta + gamma * lam * going * carried
            carried = torch.where(rollout.live[t], carried, torch.zeros_like(carried))
            advantages[t] = carried
            next_value = torch.where(rollout.live[t], rollout.values[t], torch.zeros_like(carried))
        return advantages, advantages + rollout.values

    def _optimize(self, rollout: _Rollout, advantages: torch.Tensor, returns: torch.Tensor) -> dict[str, float]:
        """The PPO passes over the live steps of *rollout*."""
        config = self.config
        live = rollout.live.reshape(-1)
        flat = [
            x.reshape(-1, *x.shape[2:])[live]
            for x in (rollout.observations, rollout.masks, rollout.actions, rollout.log_probs, advantages, returns)
        ]
        count = flat[0].shape[0]
        size = max(1, math.ceil(count / config.minibatches))
        totals = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0}
        passes = 0
        for _ in range(config.epochs):
            order = torch.randperm(count, generator=self.generator)
            for start in range(0, count, size):
                batch = [x[order[start : start + size]] for x in flat]
                for key, value in zip(totals, self._step(*batch), strict=True):
                    totals[key] += value
                passes += 1
        return {key: value / max(1, passes) for key, value in totals.items()}

    def _step(
        self,
        observations: torch.Tensor,
        masks: torch.Tensor,
        actions: torch.Tensor,
        old_log_probs: torch.Tensor,
        advantages: torch.Tensor,
        returns: torch.Tensor,
    ) -> tuple[float, float, float]:
        """One gradient step on a minibatch: its policy loss, value loss and entropy."""
        config = self.config
        logits, values = self.network(observations, masks)
        log_all = torch.log_softmax(logits, -1)
        log_probs = log_all.gather(1, actions.unsqueeze(1)).squeeze(1)
        entropy = -(log_all.exp() * log_all.clamp(min=-1e4)).sum(-1).mean()
        if advantages.numel() > 1:
            advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        ratio = (log_probs - old_log_probs).exp()
        clipped = ratio.clamp(1 - config.clip, 1 + config.clip)
        policy_loss = -torch.min(ratio * advantages, clipped * advantages).mean()
        value_loss = 0.5 * ((values - returns) ** 2).mean()
        loss = policy_loss + config.value_weight * value_loss - config.entropy * entropy
        self.optimizer.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(self.network.parameters(), config.max_grad_norm)
        self.optimizer.step()
        return float(policy_loss.item()), float(value_loss.item()), float(entropy.item())

    def probabilities(self, observation: Sequence[float], mask: Sequence[int]) -> list[float]:
        """The policy's probability of each action index for one seat's *observation* and legal *mask*.

        >>> from pytruco import new_game
        >>> from pytruco.encode import legal_mask, observation
        >>> from pytruco.ppo import PPOConfig, PPOTrainer
        >>> trainer = PPOTrainer(config=PPOConfig(hidden=8))
        >>> state = new_game("default", first_mano=0)
        >>> sum(trainer.probabilities(observation(state, 0), legal_mask(state, 0)))  # no legal action yet
        0.0
        """
        if not any(mask):
            return [0.0] * NUM_ACTIONS
        with torch.no_grad():
            logits, _ = self.network(
                torch.tensor([observation], dtype=torch.float32), torch.tensor([mask], dtype=torch.bool)
            )
            return [float(p) for p in torch.softmax(logits, -1)[0].tolist()]

    def bot(self, *, greedy: bool = False) -> ObservationBot:
        """The policy as a bot (:class:`~pytruco.bots.ObservationBot`; *greedy*: its likeliest action always),
        named ``ppo``."""
        return ObservationBot(self.probabilities, name="ppo", greedy=greedy)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write a checkpoint (:data:`FORMAT`) to *path*, written whole or not at all (a new file renamed)."""
        data = {
            "format": FORMAT,
            "opponent": self.opponent,
            "seed": self.seed,
            "options": self.options,
            "config": attrs.asdict(self.config),
            "updates": self.updates,
            "steps": self.steps,
            "episodes": self.episodes,
            "cpu_seconds": self.cpu_seconds,
            "network": self.network.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "generator": self.generator.get_state(),
        }
        buffer = io.BytesIO()
        torch.save(data, buffer)
        partial = f"{os.fspath(path)}.partial"
        with open(partial, "wb") as handle:
            handle.write(buffer.getvalue())
        os.replace(partial, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> PPOTrainer:
        """The trainer a checkpoint at *path* holds, ready to go on where it stopped.

        Raises:
            ArgumentError: the file cannot be read, or is not a checkpoint of :data:`FORMAT`.
        """
        try:
            data = torch.load(path, weights_only=True)
        except (OSError, RuntimeError, ValueError, EOFError, pickle.UnpicklingError) as error:
            raise ArgumentError(f"cannot read the checkpoint {quoted(os.fspath(path))}: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ArgumentError(f"{quoted(os.fspath(path))} is not a checkpoint of {FORMAT}")
        trainer = cls(data["opponent"], seed=data["seed"], config=PPOConfig(**data["config"]), **data["options"])
        trainer.network.load_state_dict(data["network"])
        trainer.optimizer.load_state_dict(data["optimizer"])
        trainer.generator.set_state(data["generator"])
        trainer.updates, trainer.steps, trainer.episodes = data["updates"], data["steps"], data["episodes"]
        trainer.cpu_seconds = data["cpu_seconds"]
        return trainer


def evaluate(
    trainer: PPOTrainer,
    opponent: str,
    *,
    games: int = 1000,
    seed: int = 0,
    duplicate: bool = True,
    greedy: bool = False,
    progress: Callable[[int], None] | None = None,
    hands: int | None = None,
) -> Summary:
    """*trainer*'s policy (:meth:`PPOTrainer.bot`) against *opponent* in *games* games of its tables' rules (or of
    *hands* hands a game: 1 the one-hand game, 0 whole matches), on deals of the arena's master *seed*
    (:func:`~pytruco.simulate.simulate`; *duplicate*: each deal twice, the seats swapped). Bot 0 of the summary is
    the policy. In another game than its own the policy reads that game's observations (at a match's table its
    ``hand_number`` slot and the score move as they never did in the one-hand game it may have learnt).

    Raises:
        ArgumentError: *hands* is no whole number from 0.

    >>> from pytruco.ppo import PPOConfig, PPOTrainer, evaluate
    >>> trainer = PPOTrainer(config=PPOConfig(hidden=8), hands=1)
    >>> summary = evaluate(trainer, "random", games=4, seed=2)
    >>> summary.bots, len(summary.results), summary.duplicate
    (('ppo', 'random'), 4, True)
    >>> evaluate(trainer, "random", games=2, seed=2, hands=0).length  # whole matches
    '30 points'
    """
    return simulate(
        [trainer.bot(greedy=greedy), opponent], games=games, seed=seed, rules=with_hands(trainer.env.rules, hands),
        duplicate=duplicate, progress=progress,
    )  # fmt: skip


@attrs.frozen
class ExploitResult:
    """What :func:`exploit` found: the trained policy's record against the bot.

    Attributes:
        bot: the bot exploited.
        trainer: the trainer at the end (save it with :meth:`PPOTrainer.save`).
        summary: the evaluation (bot 0 is the policy).
        cpu_seconds: processor time of this run's training.
        wall_seconds: wall time of this run's training.

    >>> from pytruco.ppo import PPOConfig, exploit
    >>> result = exploit("random", updates=0, games=2, config=PPOConfig(hidden=8))
    >>> sorted(result.to_json())[:4], result.text().splitlines()[3]
    (['bot', 'ci95', 'cpu_seconds', 'duplicate'], '  evaluated on 2 fresh games (duplicate deals), 2 hands, seed 0:')
    """

    bot: str
    trainer: PPOTrainer
    summary: Summary
    cpu_seconds: float
    wall_seconds: float

    @property
    def win_rate(self) -> tuple[float, tuple[float, float]]:
        """The policy's rate of wins among the decided games and its 95% interval."""
        wins = self.summary.wins[self.summary.keys[0]]
        decided = sum(1 for r in self.summary.results if r.winner is not None)
        return (wins / decided if decided else 0.0), self.summary.win_interval(0)

    def to_json(self) -> dict[str, Any]:
        """The result as one JSON-ready dict."""
        trainer = self.trainer
        rate, (low, high) = self.win_rate
        data = self.summary.to_json(timing=False)
        key = self.summary.keys[0]
        return {
            "bot": self.bot,
            "trained_against": trainer.opponent,
            "seed": trainer.seed,
            "hands_per_game": data["hands_per_game"],
            "trained_hands_per_game": trainer.env.rules.hands,
            "updates": trainer.updates,
            "steps": trainer.steps,
            "matches_trained": trainer.episodes,
            "cpu_seconds": round(self.cpu_seconds, 3),
            "wall_seconds": round(self.wall_seconds, 3),
            "total_cpu_seconds": round(trainer.cpu_seconds, 3),
            "games": data["games"],
            "hands": data["hands"],
            "duplicate": data["duplicate"],
            "eval_seed": data["seed"],
            "win_rate": rate,
            "ci95": [low, high],
            "points_per_hand": data["points_per_hand"][key],
            "points_per_hand_ci95": data["points_per_hand_ci95"][key],
            "margin_per_hand": data["margin_per_hand"],
            "ms_per_decision": self.summary.to_json()["ms_per_decision"],
        }

    def text(self) -> str:
        """A short report for people."""
        data = self.to_json()
        low, high = data["ci95"]
        margin = data["margin_per_hand"]
        span = "" if margin["ci95"] is None else f" (95% CI {margin['ci95'][0]:+.3f} to {margin['ci95'][1]:+.3f})"
        length = self.summary.length
        trained = game_length(self.trainer.env.rules)
        timing = ", ".join(f"{who} {ms:.3g}" for who, ms in data["ms_per_decision"].items() if ms is not None)
        return "\n".join(
            [
                f"exploit {self.bot}: a PPO policy trained against {data['trained_against']} (seed {data['seed']}),"
                f" {trained} a game",
                f"  training: {data['total_cpu_seconds']:.0f} CPU s in all; this run {data['cpu_seconds']:.0f} CPU s,"
                f" {data['wall_seconds']:.0f} s wall",
                f"  {data['updates']} updates, {data['steps']} decisions, {data['matches_trained']} matches",
                f"  evaluated on {data['games']} fresh games"
                + (" (duplicate deals)" if data["duplicate"] else "")
                + ("" if length == trained else f" of {length}")
                + f", {data['hands']} hands, seed {data['eval_seed']}:",
                f"  ppo wins {100 * data['win_rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%),"
                f" {margin['value']:+.3f} points/hand{span}",
                f"  ms a decision (wall time): {timing}",
                f"  {self.bot}'s exploitability, a lower bound: beaten in at least {100 * low:.1f}% of games (95%)",
            ]
        )


def exploit(
    bot: str,
    *,
    cpu_seconds: float | None = None,
    updates: int | None = None,
    seed: int = 0,
    games: int = 1000,
    hands: int | None = None,
    resume: PPOTrainer | None = None,
    config: PPOConfig | None = None,
    progress: Callable[[int], None] | None = None,
) -> ExploitResult:
    """Train PPO against *bot* for *cpu_seconds* of processor time (or *updates* updates), then :func:`evaluate`
    it on *games* duplicate games of the arena's master seed *seed* (the arena's deals are drawn from sources of its
    own, never those of a training rollout); *resume* goes on with a trainer (its bot and game) instead of a new one
    of *seed*, *hands* (1 when not given: the one-hand game; 0: whole matches) and *config*, or with a budget of 0
    evaluates it against any *bot*, in its own game or in that of *hands* (its one-hand policy in whole matches).

    Raises:
        ArgumentError: an unknown bot, a bad number, or a *resume* trained against another bot or in another game.

    >>> from pytruco.ppo import PPOConfig, exploit
    >>> result = exploit("random", updates=1, games=4, config=PPOConfig(envs=2, steps=8, hidden=8))
    >>> result.trainer.updates, result.summary.bots
    (1, ('ppo', 'random'))
    >>> exploit("heuristic", updates=0, games=2, hands=0, resume=result.trainer).summary.length
    '30 points'
    """
    if games.__class__ is not int or games < 2 or games % 2:
        raise ArgumentError(f"games must be an even whole number of at least 2, not {quoted(games)}")
    if resume is None:
        trainer = PPOTrainer(bot, seed=seed, config=config, hands=1 if hands is None else hands)
    elif updates or cpu_seconds:
        trainer = _resumed(resume, bot, hands)
    else:
        trainer = resume
    wall, cpu = time.perf_counter(), time.process_time()
    trainer.train(updates=updates, cpu_seconds=cpu_seconds)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    summary = evaluate(trainer, bot, games=games, seed=seed, progress=progress, hands=hands)
    return ExploitResult(bot, trainer, summary, cpu, wall)


def _resumed(trainer: PPOTrainer, bot: str, hands: int | None) -> PPOTrainer:
    """*trainer*, to train on against *bot* in a game of *hands* hands: refused unless they are its own."""
    if trainer.opponent != bot:
        raise ArgumentError(
            f"the checkpoint was trained against {quoted(trainer.opponent)}, not {quoted(bot)} (a budget of 0 only"
            " evaluates it against another bot)"
        )
    if hands is not None and hands != trainer.env.rules.hands:
        raise ArgumentError(
            f"the checkpoint was trained in games of {game_length(trainer.env.rules)}, not of"
            f" {game_length(with_hands(trainer.env.rules, hands))} (a budget of 0 only evaluates it in another game)"
        )
    return trainer

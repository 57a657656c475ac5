"""Monte Carlo CFR with checkpoints: OpenSpiel's MCCFR solvers on ``python_truco``, seeded, saved and resumed.

:class:`MCCFRTrainer` runs OpenSpiel's C++ external-sampling or outcome-sampling MCCFR
(``pyspiel.ExternalSamplingMCCFRSolver``, ``pyspiel.OutcomeSamplingMCCFRSolver``) on a game of this library:

- ``python_truco(...)`` (:mod:`pytruco.openspiel`), the one-hand game ``python_truco(hands=1)`` above all, or a
  preset's own game (``python_truco_classic(flor=False,hands=1)``, :data:`pytruco.openspiel.PRESET_GAMES`);
- ``python_truco_small(...)`` (:data:`SMALL_GAME`, registered by this module): the small game of
  :mod:`pytruco.solve` (7 cards, one hand, truco only by default) as an OpenSpiel game, whose exploitability
  :meth:`MCCFRTrainer.exploitability` computes exactly with :meth:`pytruco.solve.SmallGame.exploitability`.

The solver's own random source is seeded (*seed*), so the same seed gives the same average policy.
:meth:`MCCFRTrainer.save` writes a checkpoint (gzip-compressed JSON, format :data:`CHECKPOINT_FORMAT`): the game,
the sampling, the seed, the iterations run and the solver's own text (its regret and policy tables, floats in
hexadecimal, and its random generator's state), so :meth:`MCCFRTrainer.load` and more iterations give exactly the
average policy of an uninterrupted run. A checkpoint holds no pickle: loading one runs no code from it.

>>> from pytruco.train.mccfr import MCCFRTrainer
>>> trainer = MCCFRTrainer("python_truco_small(deals=1E 1B 7E/7O 3C 2B;4C 5O 6B/7O 3C 2B)", seed=1)
>>> trainer.exploitability()  # the uniform policy: nothing learned yet
0.46875
>>> trainer.run(1000)
>>> trainer.iterations, round(trainer.exploitability(), 3)
(1000, 0.025)
"""

from __future__ import annotations

import functools
import gzip
import json
import os
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np
import pyspiel
from open_spiel.python import policy as openspiel_policy

from .. import openspiel
from .._spiel_params import game_type
from ..bots import Bot, OpenSpielBot
from ..errors import ArgumentError, quoted
from ..params import game_length, with_hands
from ..rules import RuleSet
from ..simulate import Summary, simulate
from ..solve import InfoKey, Policy, SmallGame

__all__ = [
    "CHECKPOINT_FORMAT",
    "GAME_SHORTCUTS",
    "SAMPLINGS",
    "SMALL_GAME",
    "AveragePolicy",
    "MCCFRTrainer",
    "evaluation_lines",
    "info_state_text",
    "save_and_evaluate",
    "small_game",
    "train_command",
]

CHECKPOINT_FORMAT = "pytruco-mccfr/1"
"""The format named in every checkpoint that :meth:`MCCFRTrainer.save` writes.

>>> from pytruco.train.mccfr import CHECKPOINT_FORMAT
>>> CHECKPOINT_FORMAT
'pytruco-mccfr/1'
"""

SAMPLINGS = ("external", "outcome")
"""The MCCFR variants: external sampling (every action of the updating player, one of each other's and of chance)
and outcome sampling (one history an iteration, explored with probability 0.6).

>>> from pytruco.train.mccfr import SAMPLINGS
>>> SAMPLINGS
('external', 'outcome')
"""

SMALL_GAME = "python_truco_small"
"""The OpenSpiel name of the small game of :mod:`pytruco.solve`, registered when this module is imported.

Parameters: ``calls`` (the calls kept, joined by ``+``: ``truco`` by default, ``truco+envido``...) and ``deals``
(empty: every deal of the small deck; else deals joined by ``;``, each two hands joined by ``/``). Chance picks a
deal (all equally likely); an action is the position of a move in its information set's menu
(:meth:`pytruco.solve.SmallGame.actions`); the utility is seat 0's points minus seat 1's.

>>> import pyspiel
>>> from pytruco.train.mccfr import SMALL_GAME
>>> game = pyspiel.load_game(f"{SMALL_GAME}(deals=1E 1B 7E/7O 3C 2B;4C 5O 6B/7O 3C 2B)")
>>> state = game.new_initial_state()
>>> state.chance_outcomes()
[(0, 0.5), (1, 0.5)]
>>> state.apply_action(0)
>>> state.information_state_string(0), [state.action_to_string(a) for a in state.legal_actions()]
('seat 0 | deal 1E 7E 1B', ['0 1E', '0 7E', '0 1B', '0 truco'])
"""

_SMALL_DEFAULTS: dict[str, Any] = {"calls": "truco", "deals": ""}


@functools.lru_cache(maxsize=4)
def small_game(calls: str = "truco", deals: str = "") -> SmallGame:
    """The tree of the small game with OpenSpiel parameters *calls* and *deals* (see :data:`SMALL_GAME`), built
    once per process (the whole deck: a few seconds).

    Raises:
        ArgumentError: an unknown call or a malformed deal.

    >>> from pytruco.train.mccfr import small_game
    >>> small_game(deals="1E 1B 7E/7O 3C 2B").num_deals
    1
    """
    names = [name for name in calls.split("+") if name]
    if not deals:
        return SmallGame.build(calls=names)
    listed = [[hand.split() for hand in deal.split("/")] for deal in deals.split(";")]
    if any(len(deal) != 2 or any(len(hand) != 3 for hand in deal) for deal in listed):
        raise ArgumentError(f"a small game's deals are 'c c c/c c c' joined by ';', not {quoted(deals)}")
    return SmallGame.build(calls=names, deals=listed)


def info_state_text(key: InfoKey) -> str:
    """The information-state string of the small game's information set *key* (its seat and view's history).

    >>> from pytruco.train.mccfr import info_state_text
    >>> info_state_text((1, ("deal 3B 5O 7O", "0 1B", "1 truco")))
    'seat 1 | deal 3B 5O 7O | 0 1B | 1 truco'
    """
    seat, history = key
    return " | ".join((f"seat {seat}", *history))


_SMALL_TYPE = game_type(
    SMALL_GAME, "pytruco's small solved game (pytruco.solve)", _SMALL_DEFAULTS, max_players=2, tensors=False
)


class _Tree:
    """The small game's tree and its information-state strings, shared by every state: OpenSpiel clones a Python
    state by deep-copying its attributes, and this one is never copied."""

    __slots__ = ("keys", "tree")

    def __init__(self, tree: SmallGame) -> None:
        self.tree = tree
        self.keys = [info_state_text(key) for key in tree.infosets]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Tree:
        return self


class _SmallSpielGame(pyspiel.Game):  # type: ignore[misc]
    """The small game's tree (:func:`small_game`) as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_SMALL_DEFAULTS, **dict(params or {})}
        tree = small_game(str(values["calls"]), str(values["deals"]))
        self.tree = tree
        self.shared = _Tree(tree)
        depth = [0] * tree.num_histories
        for node, kids in enumerate(tree.children):
            for child in kids:
                depth[child] = depth[node] + 1
        ends = [u for u, actor in zip(tree.utility, tree.actor, strict=True) if actor < 0]
        info = pyspiel.GameInfo(
            num_distinct_actions=max(len(kids) for kids in tree.children),
            max_chance_outcomes=tree.num_deals,
            num_players=2,
            min_utility=min(ends),
            max_utility=max(ends),
            utility_sum=0.0,
            max_game_length=max(depth) + 1,
        )
        super().__init__(_SMALL_TYPE, info, values)

    def new_initial_state(self) -> _SmallSpielState:
        return _SmallSpielState(self, self.shared)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _SmallObserver:
        """The information-state strings (the game has no tensors)."""
        return _SmallObserver()


class _SmallObserver:
    """OpenSpiel's observer protocol for the small game: strings only, the tensor empty."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: _SmallSpielState, player: int) -> None:
        """Nothing: the small game has no tensor."""

    def string_from(self, state: _SmallSpielState, player: int) -> str:
        return state.information_state_string(player)


class _SmallSpielState(pyspiel.State):  # type: ignore[misc]
    """A node of the small game's tree (-1: the chance root)."""

    def __init__(self, game: _SmallSpielGame, shared: _Tree) -> None:
        super().__init__(game)
        self.shared = shared
        self.node = -1

    def current_player(self) -> int:
        tree = self.shared.tree
        if self.node < 0:
            return int(pyspiel.PlayerId.CHANCE)
        if not tree.children[self.node]:
            return int(pyspiel.PlayerId.TERMINAL)
        return tree.actor[self.node]

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.shared.tree.children[self.node])))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.shared.tree.num_deals
        return [(deal, 1 / deals) for deal in range(deals)]

    def _apply_action(self, action: int) -> None:
        tree = self.shared.tree
        self.node = tree.roots[action] if self.node < 0 else tree.children[self.node][action]

    def _action_to_string(self, player: int, action: int) -> str:
        tree = self.shared.tree
        if self.node < 0:
            return f"deal {action}"
        return tree.label[tree.children[self.node][action]]

    def is_terminal(self) -> bool:
        return self.node >= 0 and not self.shared.tree.children[self.node]

    def returns(self) -> list[float]:
        utility = self.shared.tree.utility[self.node] if self.is_terminal() else 0.0
        return [utility, -utility]

    def information_state_string(self, player: int | None = None) -> str:
        tree = self.shared.tree
        if self.node < 0 or not tree.children[self.node]:
            raise ArgumentError("the small game has information states at its decisions only")
        return self.shared.keys[tree.info[self.node]]

    def __str__(self) -> str:
        return f"node {self.node}"


pyspiel.register_game(_SMALL_TYPE, _SmallSpielGame)


class AveragePolicy(openspiel_policy.Policy):  # type: ignore[misc]
    """An MCCFR solver's average policy as an OpenSpiel Python policy: ``action_probabilities(state, player)``
    (a state it never visited: uniform among the legal actions).

    >>> import pyspiel
    >>> from pytruco.train.mccfr import MCCFRTrainer
    >>> trainer = MCCFRTrainer("python_truco_small(deals=1E 1B 7E/7O 3C 2B)", seed=1)
    >>> state = trainer.game.new_initial_state()
    >>> state.apply_action(0)
    >>> trainer.average_policy().action_probabilities(state)
    {0: 0.25, 1: 0.25, 2: 0.25, 3: 0.25}
    """

    def __init__(self, game: Any, solver_policy: Any) -> None:
        super().__init__(game, list(range(game.num_players())))
        self.solver_policy = solver_policy

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        """The average policy at *state* for its player to act."""
        if player_id is not None and player_id != state.current_player():
            raise ArgumentError(f"the average policy answers for the player to act, not player {player_id}")
        return dict(sorted(self.solver_policy.action_probabilities(state).items()))


def _solver_table(text: str) -> dict[str, list[float]]:
    """The average policy in an MCCFR solver's text: for each information state it visited, its cumulative
    policy normalised (uniform where nothing has accumulated). Each entry of the table is the key, then
    ``actions;regrets;cumulative policy;current policy``, floats in hexadecimal."""
    body = text.partition("[SolverValuesTable]\n")[2].strip()
    items = body.split("<~>") if body else []
    table = {}
    for key, values in zip(items[0::2], items[1::2], strict=True):
        total = [float.fromhex(x) for x in values.split(";")[2].split(",")]
        mass = sum(total)
        table[key] = [x / mass for x in total] if mass > 0 else [1 / len(total)] * len(total)
    return table


def _new_solver(game: Any, sampling: str, seed: int) -> Any:
    if sampling == "external":
        return pyspiel.ExternalSamplingMCCFRSolver(game, seed, pyspiel.MCCFRAverageType.SIMPLE)
    return pyspiel.OutcomeSamplingMCCFRSolver(game, 0.6, seed)


_TRUCO_GAMES = (openspiel.GAME_NAME, *openspiel.PRESET_GAMES.values())
"""The games of :mod:`pytruco.openspiel`: ``python_truco`` and each preset's own."""


def _checked_game(text: object) -> Any:
    """The game named *text*, a game of this library, else :class:`~pytruco.ArgumentError`."""
    if not isinstance(text, str) or text.partition("(")[0] not in (*_TRUCO_GAMES, SMALL_GAME):
        raise ArgumentError(
            f"MCCFR trains on {openspiel.GAME_NAME}(...), a preset's game ({openspiel.PRESET_GAMES['classic']}(...), "
            f"...) or {SMALL_GAME}(...), not {quoted(text)}"
        )
    try:
        return pyspiel.load_game(text)
    except pyspiel.SpielError as error:
        raise ArgumentError(f"cannot load the game {quoted(text)}: {error}") from None


class MCCFRTrainer:
    """OpenSpiel's MCCFR (*sampling*: ``external`` or ``outcome``, :data:`SAMPLINGS`) on *game*, an OpenSpiel game
    string of this library, with its solver seeded by *seed*.

    Raises:
        ArgumentError: a game of another library, a bad game string, an unknown sampling or a seed that is no
            whole number from 0 to 2**31 - 1.

    >>> from pytruco.train.mccfr import MCCFRTrainer
    >>> trainer = MCCFRTrainer("python_truco(hands=1)", seed=7)
    >>> trainer.run(3)
    >>> trainer.iterations, trainer.info_states() > 10
    (3, True)
    """

    def __init__(self, game: str = "python_truco(hands=1)", *, sampling: str = "external", seed: int = 0) -> None:
        if sampling not in SAMPLINGS:
            raise ArgumentError(f"unknown sampling {quoted(sampling)} (external or outcome)")
        if seed.__class__ is not int or not 0 <= seed < 2**31:
            raise ArgumentError(f"the seed must be a whole number from 0 to 2**31 - 1, not {quoted(seed)}")
        self.game = _checked_game(game)
        self.game_string = str(self.game)
        self.sampling = sampling
        self.seed = seed
        self.iterations = 0
        self._solver = _new_solver(self.game, sampling, seed)

    def run(self, iterations: int, *, every: int = 0, report: Callable[[MCCFRTrainer], None] | None = None) -> None:
        """Run *iterations* more iterations; with *every* and *report*, call ``report(self)`` after each multiple of
        *every* iterations (counted from the first iteration of the trainer, so a resumed run reports at the same
        points as an uninterrupted one)."""
        if iterations.__class__ is not int or iterations < 0:
            raise ArgumentError(f"iterations must be a whole number, not {quoted(iterations)}")
        for _ in range(iterations):
            self._solver.run_iteration()
            self.iterations += 1
            if report is not None and every and self.iterations % every == 0:
                report(self)

    def average_policy(self) -> AveragePolicy:
        """The average policy of the iterations so far."""
        return AveragePolicy(self.game, self._solver.average_policy())

    def info_states(self) -> int:
        """The information states the solver holds (every one it has visited; from its text, so not cheap)."""
        table = self._solver.__getstate__().partition("[SolverValuesTable]\n")[2].strip()
        return (table.count("<~>") + 1) // 2 if table else 0

    # ------------------------------------------------------------------ evaluation
    def small_policy(self) -> Policy:
        """The average policy as a policy of :func:`small_game`'s tree (the small game only)."""
        tree = self._tree()
        table = _solver_table(self._solver.__getstate__())
        return {
            key: tuple(table.get(info_state_text(key)) or [1 / len(labels)] * len(labels))
            for key, labels in zip(tree.infosets, tree.labels, strict=True)
        }

    def exploitability(self) -> float:
        """The average policy's exact exploitability in the small game, in points a hand
        (:meth:`pytruco.solve.SmallGame.exploitability`; the small game only)."""
        return self._tree().exploitability(self.small_policy())

    def _tree(self) -> SmallGame:
        tree = getattr(self.game, "tree", None)
        if not isinstance(tree, SmallGame):
            raise ArgumentError(f"exact exploitability needs the small game ({SMALL_GAME}), not {self.game_string}")
        return tree

    def bot(self, name: str = "mccfr") -> OpenSpielBot:
        """The average policy as a bot (:func:`pytruco.bots.from_openspiel`; a ``python_truco`` game or a preset's
        game only)."""
        if self.game_string.partition("(")[0] not in _TRUCO_GAMES:
            raise ArgumentError(f"a bot plays {openspiel.GAME_NAME} or a preset's game, not {self.game_string}")
        return OpenSpielBot(self.game, self.average_policy(), name=name)

    def evaluate(
        self, opponent: str | Bot = "heuristic", *, games: int = 200, seed: int = 1, hands: int | None = None
    ) -> Summary:
        """The average policy against *opponent* over *games* games with duplicate deals
        (:func:`pytruco.simulate.simulate`): win rate and points a hand, each with its 95% interval. The games are
        the trained game's, or of *hands* hands (0: whole matches, :func:`~pytruco.params.with_hands`). An agent of
        the one-hand game sits at a match's table as :func:`pytruco.bots.from_openspiel` seats it: each later hand is,
        to its policy, the first of a one-hand game begun at that hand's score."""
        return simulate(
            [self.bot(), opponent], games=games, seed=seed, rules=with_hands(self.game.rules, hands),
            duplicate=True,
        )  # fmt: skip

    # ------------------------------------------------------------------ checkpoints
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write a checkpoint to *path* (gzip-compressed JSON, :data:`CHECKPOINT_FORMAT`), whole or not at all."""
        data = {
            "format": CHECKPOINT_FORMAT,
            "game": self.game_string,
            "sampling": self.sampling,
            "seed": self.seed,
            "iterations": self.iterations,
            "solver": self._solver.__getstate__(),
        }
        temporary = f"{os.fspath(path)}.partial"
        with gzip.GzipFile(temporary, "wb", mtime=0) as file:
            file.write(json.dumps(data).encode())
        os.replace(temporary, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> MCCFRTrainer:
        """The trainer saved in *path* by :meth:`save`, ready to :meth:`run` on.

        Raises:
            ArgumentError: *path* is no checkpoint of this format, or its game is not of this library.
        """
        try:
            with gzip.open(path, "rb") as file:
                data = json.loads(file.read())
        except (OSError, EOFError, ValueError) as error:
            raise ArgumentError(f"not an MCCFR checkpoint: {quoted(os.fspath(path))} ({error})") from None
        return cls._restored(data, os.fspath(path))

    @classmethod
    def _restored(cls, data: Any, where: str) -> MCCFRTrainer:
        fields = {"format": str, "game": str, "sampling": str, "seed": int, "iterations": int, "solver": str}
        if not isinstance(data, dict) or any(data.get(k).__class__ is not t for k, t in fields.items()):
            raise ArgumentError(f"not an MCCFR checkpoint: {quoted(where)} (fields {', '.join(fields)})")
        if data["format"] != CHECKPOINT_FORMAT:
            raise ArgumentError(f"{quoted(where)} is {quoted(data['format'])}, not {CHECKPOINT_FORMAT}")
        trainer = cls(data["game"], sampling=data["sampling"], seed=data["seed"])
        if f"\n[Game]\n{trainer.game_string}\n" not in data["solver"] or data["iterations"] < 0:
            raise ArgumentError(f"the solver in {quoted(where)} is not of its game {trainer.game_string}")
        solver_class: Any = type(trainer._solver)
        solver = solver_class.__new__(solver_class)
        try:
            solver.__setstate__(data["solver"])
        except (pyspiel.SpielError, ValueError, RuntimeError) as error:
            raise ArgumentError(f"the solver in {quoted(where)} does not load: {error}") from None
        trainer._solver = solver
        trainer.iterations = data["iterations"]
        return trainer


GAME_SHORTCUTS = {"small": f"{SMALL_GAME}()", "one-hand": f"{openspiel.GAME_NAME}(hands=1)"}
"""The names ``pytruco train`` takes for its games: ``small`` (:data:`SMALL_GAME`) and ``one-hand``
(``python_truco(hands=1)``); any other text is an OpenSpiel game string.

>>> from pytruco.train.mccfr import GAME_SHORTCUTS
>>> GAME_SHORTCUTS["one-hand"]
'python_truco(hands=1)'
"""


def evaluation_lines(summaries: Sequence[Summary]) -> list[str]:
    """One line per evaluation (:func:`pytruco.simulate.simulate` summaries whose first bot is the trained one):
    its win rate and points a hand against the other bot, each with its 95% interval, and the milliseconds a
    decision of each (wall time, ``"ms_per_decision"`` of :meth:`~pytruco.simulate.Summary.to_json`).

    >>> from pytruco.simulate import simulate
    >>> from pytruco.train.mccfr import evaluation_lines
    >>> evaluation_lines([simulate(["random", "random"], games=4, seed=1, hands=1, duplicate=True)])[0][:21]
    '  vs random (2): wins'
    """
    lines = []
    for summary in summaries:
        decided = sum(summary.wins.values())
        rate = summary.wins[summary.keys[0]] / max(1, decided)
        low, high = summary.win_interval(0)
        margin, interval = summary.per_hand(lambda r: r.points[0] - r.points[1])
        span = f" ({interval[0]:+.2f} to {interval[1]:+.2f})" if interval is not None else ""
        timing = "; ".join("-" if ms is None else f"{ms:.3g}" for ms in summary.to_json()["ms_per_decision"].values())
        lines.append(
            f"  vs {summary.keys[1]}: wins {100 * rate:.1f}% ({100 * low:.1f} to {100 * high:.1f}) of "
            f"{len(summary.results)} games ({summary.hands} hands), margin {margin:+.2f} a hand{span}, "
            f"ms a decision {timing} (wall)"
        )
    return lines


class _Trained(Protocol):
    """What :func:`save_and_evaluate` asks of a trainer (:class:`MCCFRTrainer`, ``NFSPTrainer``)."""

    def save(self, path: str) -> None:
        """Write a checkpoint to *path*."""

    def evaluate(self, opponent: str, *, games: int, seed: int, hands: int | None) -> Summary:
        """The average policy against *opponent* over *games* duplicate games of arena seed *seed*, of *hands*
        hands a game (``None``: the trained game's)."""


def save_and_evaluate(
    trainer: _Trained,
    unit: str,
    count: int,
    *,
    save: str | None,
    opponents: Sequence[str],
    games: int,
    rules: RuleSet | None = None,
    hands: int | None = None,
    out: Callable[[str], object] = print,
) -> None:
    """The end of ``pytruco train``: save *trainer* to *save* (when not None), then evaluate its average policy
    against each of *opponents* (*games* duplicate games, seed 1, of *hands* hands a game: ``None`` the trained
    game's, 0 whole matches) and report it by :func:`evaluation_lines`; *rules* are the evaluation games' rules,
    which the heading names (no evaluation without them); *unit* and *count* say how far it trained
    (``"iteration"``, 20).

    >>> from pytruco.train.mccfr import GAME_SHORTCUTS, MCCFRTrainer, save_and_evaluate
    >>> trainer = MCCFRTrainer(GAME_SHORTCUTS["one-hand"])
    >>> rules = trainer.game.rules
    >>> save_and_evaluate(trainer, "iteration", 0, save=None, opponents=["random"], games=2, rules=rules)
    ... # doctest: +ELLIPSIS
    the average policy after 0 iterations, 2 duplicate games each of 1 hand (seed 1):
      vs random: ...
    """
    if save is not None:
        trainer.save(save)
        out(f"saved {unit} {count} to {save}")
    if opponents and rules is not None:
        summaries = [trainer.evaluate(opponent, games=games, seed=1, hands=hands) for opponent in opponents]
        out(f"the average policy after {count} {unit}s, {games} duplicate games each of {game_length(rules)} (seed 1):")
        for line in evaluation_lines(summaries):
            out(line)


def train_command(
    *,
    game: str = "small",
    sampling: str = "external",
    iterations: int = 1000,
    seed: int = 0,
    resume: str | None = None,
    save: str | None = None,
    every: int = 0,
    opponents: Sequence[str] = (),
    games: int = 200,
    eval_hands: int | None = None,
    out: Callable[[str], object] = print,
) -> int:
    """``pytruco train mccfr``: train (or resume from *resume* and train on) up to *iterations* iterations in all,
    report every *every* iterations, save to *save*, then evaluate: the exact exploitability in the small game,
    and the win rate against each of *opponents* in ``python_truco`` (*games* duplicate games, seed 1, of the
    trained game or of *eval_hands* hands a game: 0 whole matches, :meth:`MCCFRTrainer.evaluate`).

    >>> from pytruco.train.mccfr import train_command
    >>> train_command(game="python_truco_small(deals=1E 1B 7E/7O 3C 2B)", iterations=20, every=10)
    iteration 10: 155 information states, exploitability 0.5233 (17.44% of the range 3)
    iteration 20: 160 information states, exploitability 0.4127 (13.76% of the range 3)
    0
    """
    if resume is not None:
        trainer = MCCFRTrainer.load(resume)
        out(f"resumed {trainer.game_string} ({trainer.sampling} sampling, seed {trainer.seed}) at iteration "
            f"{trainer.iterations} from {resume}")  # fmt: skip
    else:
        trainer = MCCFRTrainer(GAME_SHORTCUTS.get(game, game), sampling=sampling, seed=seed)
    small = isinstance(getattr(trainer.game, "tree", None), SmallGame)
    rules = None if small or not opponents else with_hands(trainer.game.rules, eval_hands)  # checked before training
    started = time.process_time()

    def report(done: MCCFRTrainer) -> None:
        line = f"iteration {done.iterations}: {done.info_states()} information states"
        if small:
            value = done.exploitability()
            spread = done._tree().utility_range
            line += f", exploitability {value:.4f} ({100 * value / spread:.2f}% of the range {spread:g})"
        else:
            line += f", {time.process_time() - started:.1f} processor seconds"
        out(line)

    trainer.run(max(0, iterations - trainer.iterations), every=every, report=report)
    save_and_evaluate(
        trainer, "iteration", trainer.iterations, save=save, opponents=opponents, games=games, rules=rules,
        hands=eval_hands, out=out,
    )  # fmt: skip
    return 0

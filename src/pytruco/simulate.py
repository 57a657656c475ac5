"""``pytruco simulate``: many games between two bots, with a summary you can trust.

Each game's random sources come from the master seed and the game's index
only, so the results are the same whatever the number of worker processes
(or Ray workers) that play them. The bots change seats every game, so neither
always sits first. A plain run deals every game anew; with ``duplicate=True``
games go in pairs: both games of a pair see the same deals with the bots' seats
swapped (duplicate deals, as in duplicate bridge), and the intervals are
computed over the pairs, so the luck of the cards cancels out of the comparison.

Every rate and mean comes with a 95% interval. The win rate's is Wilson's,
over the games of a plain run and over the effective number of games of a
duplicate run (:meth:`Summary.win_interval`). The points per hand's is the
normal interval of a ratio estimate whose variance is taken from the
independent units (games, or pairs of games): :func:`ratio_interval`.

>>> from pytruco.simulate import simulate
>>> summary = simulate(["heuristic", "random"], games=4, seed=1)
>>> sorted(summary.wins), sum(summary.wins.values())
(['heuristic', 'random'], 4)
>>> summary.to_json()["games"]
4
"""

from __future__ import annotations

import math
import os
import random
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from ._engine import apply, new_game, random_deal
from .bots import Bot, load_bot
from .errors import ArgumentError, quoted
from .params import game_length
from .rules import RuleSet
from .views import view

__all__ = [
    "GameResult",
    "Summary",
    "available_processors",
    "play_game",
    "ratio_interval",
    "simulate",
    "wilson_interval",
]

MAX_ACTIONS = 100_000


def wilson_interval(successes: float, trials: float, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion (*trials* may be an effective number of
    trials, not a whole one).

    >>> from pytruco.simulate import wilson_interval
    >>> low, high = wilson_interval(80, 100)
    >>> round(low, 3), round(high, 3)
    (0.711, 0.867)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratio_interval(
    values: Sequence[float], weights: Sequence[float], z: float = 1.959964
) -> tuple[float, tuple[float, float] | None]:
    """The ratio ``sum(values) / sum(weights)`` and its normal 95% interval (by default), each pair
    ``(values[i], weights[i])`` one independent unit (a game, or a pair of duplicate games): the variance is the
    usual one of a ratio estimate, ``k / (k - 1) * sum((v - r * w) ** 2) / sum(w) ** 2`` over the *k* units. The
    interval is ``None`` with fewer than two units (no variance to estimate) or no weight.

    Points per hand: *values* the points of each game, *weights* its hands. A win rate: *values* the wins of each
    unit, *weights* its decided games.

    >>> from pytruco.simulate import ratio_interval
    >>> rate, (low, high) = ratio_interval([3, 1, 2, 2], [2, 2, 2, 2])
    >>> rate, round(low, 3), round(high, 3)
    (1.0, 0.6, 1.4)
    >>> ratio_interval([5], [2])
    (2.5, None)
    """
    total = math.fsum(weights)
    if total <= 0:
        return (0.0, None)
    ratio = math.fsum(values) / total
    k = len(values)
    if k < 2:
        return (ratio, None)
    spread = math.fsum((v - ratio * w) ** 2 for v, w in zip(values, weights, strict=True))
    half = z * math.sqrt(k / (k - 1) * spread) / total
    return (ratio, (ratio - half, ratio + half))


@attrs.frozen
class GameResult:
    """One simulated game.

    Attributes:
        index: the game's number (0-based).
        winner: which bot won, 0 or 1 (the order given), or ``None`` if the
            game did not end within the action limit.
        points: points scored by each bot's team.
        hands: hands dealt.
        actions: actions applied (deals included).
        decisions: actions each bot chose (the order given).
        thinking: seconds each bot spent choosing them (wall time: it varies
            between runs, so it takes no part in comparing results).

    >>> from pytruco import RuleSet
    >>> from pytruco.simulate import play_game
    >>> result = play_game(["heuristic", "random"], RuleSet.preset("default", target=15), seed=1, index=0)
    >>> result.index, result.winner in (0, 1), max(result.points) >= 15
    (0, True, True)
    """

    index: int
    winner: int | None
    points: tuple[int, int]
    hands: int
    actions: int
    decisions: tuple[int, int] = (0, 0)
    thinking: tuple[float, float] = attrs.field(default=(0.0, 0.0), eq=False)


def _seeds(seed: int, index: int, duplicate: bool) -> tuple[str, str]:
    deals = f"pytruco-simulate/{seed}/{index // 2}/deals" if duplicate else f"pytruco-simulate/{seed}/game-{index}"
    return deals, f"pytruco-simulate/{seed}/{index}/bots"


def play_game(
    specs: Sequence[str | Bot], rules: RuleSet, seed: int, index: int, *, duplicate: bool = False
) -> GameResult:
    """Play game *index* of a simulation with master *seed*.

    Bot 0 takes the even seats in even games and the odd seats in odd games.
    With *duplicate*, games ``2k`` and ``2k + 1`` have the same deals and first
    mano; otherwise every game is dealt from its own source. A bot named by a spec is made for the game (and
    closed at its end if it has a ``close()``); a bot object plays as it is, keeping nothing between games.

    >>> from pytruco import RuleSet
    >>> from pytruco.simulate import play_game
    >>> play_game(["heuristic", "random"], RuleSet.preset("default"), 7, 0).winner in (0, 1)
    True
    """
    first = 0 if index % 2 == 0 else 1  # the bot on the even seats
    loaded = [load_bot(spec) if isinstance(spec, str) else spec for spec in specs]
    try:
        return _play(loaded, first, rules, _seeds(seed, index, duplicate), index)
    finally:
        for bot in [bot for spec, bot in zip(specs, loaded, strict=True) if isinstance(spec, str)]:
            _closed(bot)


def _play(loaded: list[Any], first: int, rules: RuleSet, seeds: tuple[str, str], index: int) -> GameResult:
    """One game between the *loaded* bots, the one of index *first* on the even seats."""
    deal_seed, bot_seed = seeds
    deals = random.Random(deal_seed)
    chance = random.Random(bot_seed)
    n = rules.players
    bot_of_seat = [loaded[(seat + first) % 2] for seat in range(n)]
    rngs = [random.Random(f"{bot_seed}/{seat}") for seat in range(n)]
    state = new_game(rules, rng=deals) if not rules.rps_first_mano else new_game(rules)
    scored = [0, 0]
    decided = [0, 0]  # by team
    thinking = [0.0, 0.0]
    actions = 0
    clock = time.perf_counter
    while not state.is_over and actions < MAX_ACTIONS:
        before = state.score
        if state.is_chance:
            state, _ = apply(state, random_deal(state, deals))
        else:
            acting = state.to_act
            seat = acting[0] if len(acting) == 1 else chance.choice(acting)
            seen = view(state, seat)
            started = clock()
            action = bot_of_seat[seat].act(seen, rngs[seat])
            thinking[seat & 1] += clock() - started
            decided[seat & 1] += 1
            state, _ = apply(state, action)
        actions += 1
        for team in (0, 1):
            gained = state.score[team] - before[team]
            if gained > 0:
                scored[team] += gained
    winner = None if state.winner is None else (state.winner + first) % 2
    points = (scored[first], scored[1 - first])
    decisions = (decided[first], decided[1 - first])  # by bot, as the points
    return GameResult(
        index, winner, points, state.rounds_dealt, actions, decisions, (thinking[first], thinking[1 - first])
    )


def _play_chunk(
    specs: Sequence[str | Bot], rules: RuleSet, seed: int, indices: Sequence[int], duplicate: bool = False
) -> list[GameResult]:
    return [play_game(specs, rules, seed, index, duplicate=duplicate) for index in indices]


def _keys(specs: Sequence[str]) -> tuple[str, str]:
    first, second = specs
    return (first, second) if first != second else (first, f"{second} (2)")


@attrs.frozen
class Summary:
    """What a simulation found.

    Attributes:
        bots: the two bots as given.
        rules: the rules played (``rules.hands``: hands a game, 0 for whole matches).
        seed: the master seed.
        results: every game, in index order.
        seconds: wall time.
        workers: processes used.
        backend: ``"local"`` or ``"ray"``.
        duplicate: games ``2k`` and ``2k + 1`` had the same deals, the seats swapped.

    >>> from pytruco.simulate import simulate
    >>> summary = simulate(["heuristic", "random"], games=4, seed=1, rules="classic")
    >>> summary.bots, len(summary.results), sum(summary.wins.values()) <= 4
    (('heuristic', 'random'), 4, True)
    """

    bots: tuple[str, str]
    rules: RuleSet
    seed: int
    results: tuple[GameResult, ...]
    seconds: float
    workers: int = 1
    backend: str = "local"
    duplicate: bool = False

    @property
    def keys(self) -> tuple[str, str]:
        """The bots' names as keys (a second copy of the same bot gets `` (2)``)."""
        return _keys(self.bots)

    @property
    def wins(self) -> dict[str, int]:
        """Games won by each bot."""
        counts = [0, 0]
        for result in self.results:
            if result.winner is not None:
                counts[result.winner] += 1
        return dict(zip(self.keys, counts, strict=True))

    @property
    def hands(self) -> int:
        """Hands dealt in all games."""
        return sum(result.hands for result in self.results)

    @property
    def length(self) -> str:
        """How long a game was: ``1 hand``, ``3 hands`` or ``30 points`` (:func:`~pytruco.params.game_length`)."""
        return game_length(self.rules)

    def units(self) -> list[list[GameResult]]:
        """The independent units of the statistics: each game of a plain run, each pair of a duplicate run."""
        if not self.duplicate:
            return [[result] for result in self.results]
        pairs: dict[int, list[GameResult]] = {}
        for result in self.results:
            pairs.setdefault(result.index // 2, []).append(result)
        return list(pairs.values())

    def win_interval(self, bot: int) -> tuple[float, float]:
        """The 95% interval of bot *bot*'s (0 or 1) rate of wins among the decided games: Wilson's. In a
        duplicate run the games of a pair are not independent, so Wilson's interval is taken over the effective
        number of games (Kish's): the games divided by the design effect, the variance of the rate measured over
        the pairs (:func:`ratio_interval`'s) over the variance of independent games. The design effect is
        floored at 1/4 (a run whose pairs all split alike claims no certainty) and is 1 when every game went one
        way (nothing measures it then)."""
        units = self.units()
        wins = [sum(1 for r in unit if r.winner == bot) for unit in units]
        decided = [sum(1 for r in unit if r.winner is not None) for unit in units]
        won, games = sum(wins), sum(decided)
        rate, interval = ratio_interval(wins, decided)
        if not self.duplicate or interval is None or won in (0, games):
            return wilson_interval(won, games)
        spread = (interval[1] - rate) / 1.959964
        effect = max(0.25, spread * spread / (rate * (1 - rate) / games))
        return wilson_interval(won / effect, games / effect)

    def per_hand(self, points: Callable[[GameResult], float]) -> tuple[float, tuple[float, float] | None]:
        """The mean of *points* (read from each game) a hand, with its :func:`ratio_interval` over the units."""
        units = self.units()
        values = [math.fsum(points(r) for r in unit) for unit in units]
        return ratio_interval(values, [sum(r.hands for r in unit) for unit in units])

    def to_json(self, *, timing: bool = True) -> dict[str, Any]:
        """The summary as one JSON-ready dict (*timing*: include the wall time
        and speed, the only members that vary between runs)."""
        games = len(self.results)
        decided = sum(1 for result in self.results if result.winner is not None)
        wins = self.wins
        keys = self.keys
        per_hand = [self.per_hand(lambda r: r.points[0]), self.per_hand(lambda r: r.points[1])]
        margin = self.per_hand(lambda r: r.points[0] - r.points[1])
        out: dict[str, Any] = {
            "bots": list(self.bots),
            "preset": self.rules.preset_name,
            "players": self.rules.players,
            "target": self.rules.target,
            "hands_per_game": self.rules.hands,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "games": games,
            "unfinished": games - decided,
            "wins": wins,
            "win_rate": {key: (wins[key] / decided if decided else 0.0) for key in keys},
            "ci95": {key: list(self.win_interval(i)) for i, key in enumerate(keys)},
            "points_per_hand": {key: per_hand[i][0] for i, key in enumerate(keys)},
            "points_per_hand_ci95": {key: _listed(per_hand[i][1]) for i, key in enumerate(keys)},
            "margin_per_hand": {"value": margin[0], "ci95": _listed(margin[1])},
            "hands": self.hands,
            "actions": sum(result.actions for result in self.results),
        }
        if timing:
            out.update(self._timing())
        return out

    def _timing(self) -> dict[str, Any]:
        decisions = [sum(result.decisions[i] for result in self.results) for i in (0, 1)]
        thought = [sum(result.thinking[i] for result in self.results) for i in (0, 1)]
        return {
            "ms_per_decision": {
                key: (round(1000 * thought[i] / decisions[i], 3) if decisions[i] else None)
                for i, key in enumerate(self.keys)
            },
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds > 0 else None,
            "workers": self.workers,
            "backend": self.backend,
        }

    def text(self) -> str:
        """A short report for people."""
        data = self.to_json()
        length = self.length
        lines = [
            f"{data['games']} games of {data['preset']} ({data['players']} players, {length}),"
            f" seed {data['seed']}" + (", duplicate deals" if self.duplicate else ""),
        ]
        for key in self.keys:
            low, high = data["ci95"][key]
            ms = data["ms_per_decision"][key]
            lines.append(
                f"  {key:>14}: {data['wins'][key]:5} wins  {100 * data['win_rate'][key]:5.1f}%"
                f"  (95% CI {100 * low:.1f}-{100 * high:.1f}%)  {data['points_per_hand'][key]:.2f} points/hand"
                + _interval_text(data["points_per_hand_ci95"][key])
                + (f"  {ms:.3g} ms a decision" if ms else "")
            )
        margin = data["margin_per_hand"]
        lines.append(f"  {self.keys[0]} minus {self.keys[1]}: {margin['value']:+.3f} points/hand"
                     + _interval_text(margin["ci95"], "+.3f"))  # fmt: skip
        if data["unfinished"]:
            lines.append(f"  {data['unfinished']} games did not finish")
        lines.append(
            f"  {data['hands']} hands in {data['seconds']:.2f} s: {data['hands_per_second']} hands/s"
            f" ({data['workers']} worker{'s' if data['workers'] != 1 else ''}, {data['backend']})"
        )
        return "\n".join(lines)


def _listed(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [interval[0], interval[1]]


def _interval_text(interval: list[float] | None, spec: str = ".2f") -> str:
    return "" if interval is None else f" (95% CI {interval[0]:{spec}} to {interval[1]:{spec}})"


def available_processors() -> int:
    """The processors this process may run on (its CPU affinity where the system has one), at least 1: the most
    worker processes :func:`simulate` starts.

    >>> from pytruco.simulate import available_processors
    >>> available_processors() >= 1
    True
    """
    affinity = getattr(os, "sched_getaffinity", None)
    count = len(affinity(0)) if affinity is not None else os.cpu_count()
    return max(1, count or 1)


def _chunk_size(games: int, parts: int) -> int:
    """Games per task: about four tasks per worker, at most 50 games each."""
    return max(1, min(50, math.ceil(games / max(1, parts * 4))))


def _chunks(games: int, size: int) -> Iterator[range]:
    """The games' indices in tasks of *size*, made one at a time (10**7 games are not listed up front)."""
    return (range(start, min(games, start + size)) for start in range(0, games, size))


def _check_arguments(
    bots: object, games: object, seed: object, workers: object, backend: object, hands: object, duplicate: bool
) -> None:
    """Each argument of :func:`simulate`, checked before any game is played."""
    if (
        isinstance(bots, str)
        or not isinstance(bots, Sequence)
        or not all(isinstance(b, str) or callable(getattr(b, "act", None)) for b in bots)
    ):
        raise ArgumentError(f"simulate needs two bot names or bots, not {quoted(bots)}")
    if len(bots) != 2:
        raise ArgumentError(f"simulate needs two bots, not {len(bots)}")
    if not all(isinstance(b, str) for b in bots) and (workers != 1 or backend != "local"):
        raise ArgumentError("a bot given as an object plays in this process only: workers=1, backend='local'")
    for name, value in (("games", games), ("workers", workers)):
        if value.__class__ is not int:
            raise ArgumentError(f"--{name} must be a whole number, not {quoted(value)}")
        if value < 1:
            raise ArgumentError(f"--{name} must be at least 1, not {quoted(value)}")
    if seed is not None and seed.__class__ is not int:
        raise ArgumentError(f"--seed must be a whole number or None, not {quoted(seed)}")
    if not isinstance(hands, int) or hands.__class__ is bool or hands < 0:
        raise ArgumentError(f"--hands must be a whole number, 0 for whole matches, not {quoted(hands)}")
    if backend not in ("local", "ray"):
        raise ArgumentError(f"unknown backend {quoted(backend)} (local or ray)")
    if duplicate and games % 2:  # type: ignore[operator]
        raise ArgumentError(f"--duplicate plays each deal twice: --games must be even, not {games}")


def simulate(
    bots: Sequence[str | Bot],
    *,
    games: int = 100,
    seed: int | None = None,
    rules: RuleSet | str = "default",
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    hands: int = 0,
    duplicate: bool = False,
) -> Summary:
    """Play *games* games between two bots (any spec :func:`~pytruco.bots.load_bot` reads, or a bot object).

    Args:
        bots: two specs, or bot objects (named by their ``name``; *workers* 1 and *backend* ``"local"`` only).
        games: how many games (with *duplicate*: an even number, two games a deal).
        seed: master seed (``None``: drawn from an unpredictable source and reported in the summary).
        rules: a :class:`RuleSet` or a preset name.
        workers: processes to use (``backend="local"``: at most :func:`available_processors` and at most the
            number of tasks); with Ray, the games are split into about four tasks per worker.
        backend: ``"local"`` or ``"ray"`` (needs the ``ray`` extra).
        progress: called with the number of games just finished.
        hands: each game is this many hands (1: the one-hand game), won by the side ahead
            (:attr:`RuleSet.hands <pytruco.RuleSet.hands>`); 0: whole matches to the target.
        duplicate: games ``2k`` and ``2k + 1`` have the same deals with the seats swapped.

    Raises:
        ArgumentError: not two bots, an unknown bot, a bad number or an unknown backend.

    >>> from pytruco.simulate import simulate
    >>> summary = simulate(["random", "random"], games=2, seed=7)
    >>> [result.index for result in summary.results], summary.seed
    ([0, 1], 7)
    """
    _check_arguments(bots, games, seed, workers, backend, hands, duplicate)
    specs = (bots[0], bots[1])
    for spec in [spec for spec in specs if isinstance(spec, str)]:
        _closed(load_bot(spec))  # fail early with a clear message
    rule_set = RuleSet.preset(rules) if isinstance(rules, str) else rules
    rule_set = attrs.evolve(rule_set, hands=hands) if hands else rule_set
    master = seed if seed is not None else random.SystemRandom().randrange(2**32)
    started = time.perf_counter()
    report = progress if progress is not None else (lambda _n: None)
    size = _chunk_size(games, workers)
    chunks = _chunks(games, size)
    if backend == "local":  # no more processes than processors, nor than tasks (one game: no fork)
        workers = min(workers, available_processors(), math.ceil(games / size))
    results: list[GameResult] = []
    if backend == "ray":
        results = _run_ray(specs, rule_set, master, chunks, report, duplicate)
    elif workers == 1:
        for chunk in chunks:
            results.extend(_play_chunk(specs, rule_set, master, chunk, duplicate))
            report(len(chunk))
    else:
        results = _run_processes(specs, rule_set, master, chunks, workers, report, duplicate)
    results.sort(key=lambda result: result.index)
    elapsed = time.perf_counter() - started
    return Summary(_names(specs), rule_set, master, tuple(results), elapsed, workers, backend, duplicate)


def _names(bots: tuple[str | Bot, str | Bot]) -> tuple[str, str]:
    """Specs as given, bot objects by their ``name`` (their class's name when they have none)."""
    a, b = (bot if isinstance(bot, str) else str(getattr(bot, "name", type(bot).__name__)) for bot in bots)
    return a, b


def _closed(bot: object) -> None:
    """Close *bot* if it has a ``close()`` (an external program)."""
    close = getattr(bot, "close", None)
    if callable(close):
        close()


def _ignore_sigint() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops them (no traceback from each worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_processes(
    specs: tuple[str | Bot, str | Bot], rules: RuleSet, seed: int, chunks: Iterable[Sequence[int]], workers: int,
    report: Callable[[int], None], duplicate: bool = False,
) -> list[GameResult]:  # fmt: skip
    """Play the chunks in *workers* processes. At most two tasks per worker are submitted at a time, so memory
    does not grow with the number of games; Ctrl-C (or any error) cancels what is queued and stops the workers
    at once instead of waiting for every game."""
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    results: list[GameResult] = []
    running: set[Future[list[GameResult]]] = set()

    def collect(block: bool) -> None:
        nonlocal running
        done, running = wait(running, return_when=FIRST_COMPLETED) if block else (set(), running)
        for future in done:
            finished = future.result()
            results.extend(finished)
            report(len(finished))

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        for chunk in chunks:
            if len(running) >= 2 * workers:
                collect(True)
            running.add(pool.submit(_play_chunk, specs, rules, seed, chunk, duplicate))
        while running:
            collect(True)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return results


def _stop(pool: Any) -> None:
    """Cancel the queued tasks and end the worker processes now (a game in progress is abandoned)."""
    pool.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):  # earlier Pythons: no public way
        process.terminate()


_RAY_IN_FLIGHT = 256
"""Ray tasks submitted and not yet collected, at most."""


class RayMissingError(ImportError):
    """``--backend ray`` without Ray installed."""


def _run_ray(
    specs: tuple[str | Bot, str | Bot], rules: RuleSet, seed: int, chunks: Iterable[Sequence[int]],
    report: Callable[[int], None], duplicate: bool = False,
) -> list[GameResult]:  # fmt: skip
    try:
        import ray
    except ImportError:
        raise RayMissingError("--backend ray needs Ray: pip install 'pytruco-ar[ray]'") from None
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote: Any = ray.remote(_play_chunk)  # its typed overloads stop at four arguments
    queued = iter(chunks)
    pending: list[Any] = []
    results: list[GameResult] = []
    while True:
        for chunk in queued:  # a bounded number of tasks in flight: memory does not grow with the games
            pending.append(remote.remote(specs, rules, seed, chunk, duplicate))
            if len(pending) >= _RAY_IN_FLIGHT:
                break
        if not pending:
            return results
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            done = ray.get(ref)
            results.extend(done)
            report(len(done))

"""A round robin of several bots, rated by a Bradley-Terry model fitted by maximum likelihood.

Every two bots play one :func:`~pytruco.simulate.simulate` run (the same master seed for every pairing, so
every pairing is dealt the same cards). The model gives each bot a strength ``s``; bot ``a`` beats bot ``b``
with probability ``s_a / (s_a + s_b)``. The strengths are fitted to the won games by Hunter's MM algorithm,
with half a win added each way to every pairing that was played (so that a bot that won every game still gets
a finite rating), and shown on the Elo scale: ``400 * log10(s)``, centred on the bots' mean (a difference of
400 is 10 to 1 odds). The 95% interval of each rating is a percentile bootstrap: the units of every pairing
(games, or pairs of duplicate games) drawn again with replacement, the model fitted again, 1,000 times by
default, from a source seeded by the master seed (the intervals repeat with the seed).

>>> from pytruco.arena import round_robin
>>> table = round_robin(["heuristic", "random", "truco-always"], games=4, seed=1, hands=1, resamples=50)
>>> [pairing.bots for pairing in table.pairings]
[('heuristic', 'random'), ('heuristic', 'truco-always'), ('random', 'truco-always')]
>>> round(sum(table.ratings.values()), 6)
0.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .errors import ArgumentError, quoted
from .rules import RuleSet
from .simulate import Summary, simulate

__all__ = ["PRIOR_WINS", "RoundRobin", "bradley_terry", "round_robin"]

PRIOR_WINS = 0.5
"""Wins added each way to every pairing played, so that no rating is infinite.

>>> from pytruco.arena import PRIOR_WINS
>>> PRIOR_WINS
0.5
"""


def bradley_terry(bots: int, wins: dict[tuple[int, int], float], *, tolerance: float = 1e-10) -> list[float]:
    """Elo-scale ratings (centred on 0) of *bots* bots from ``wins[(a, b)]``, the games ``a`` won against ``b``,
    by maximum likelihood (Hunter's MM iterations) with :data:`PRIOR_WINS` added each way to every pairing that
    appears in *wins*. A bot that played nobody gets 0.

    >>> from pytruco.arena import bradley_terry
    >>> a, b = bradley_terry(2, {(0, 1): 9.5, (1, 0): 0.5})  # 10 to 1 with the prior: 400 points apart
    >>> round(a - b, 6), round(a + b, 6)
    (400.0, 0.0)
    """
    won = [[0.0] * bots for _ in range(bots)]
    for (a, b), count in wins.items():
        won[a][b] += count
    for a in range(bots):
        for b in range(a + 1, bots):
            if (a, b) in wins or (b, a) in wins:
                won[a][b] += PRIOR_WINS
                won[b][a] += PRIOR_WINS
    strength = [1.0] * bots
    for _ in range(100_000):
        new = []
        for a in range(bots):
            total = sum(won[a])
            denominator = sum((won[a][b] + won[b][a]) / (strength[a] + strength[b]) for b in range(bots) if b != a)
            new.append(total / denominator if denominator > 0 else 1.0)
        centre = math.exp(math.fsum(math.log(s) for s in new) / bots)
        new = [s / centre for s in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True))
        strength = new
        if change < tolerance:
            break
    return [400 * math.log10(s) for s in strength]


def _unit_wins(summary: Summary) -> list[tuple[int, int]]:
    """Per independent unit of *summary* (a game, or a duplicate pair): the wins of its first and second bot."""
    return [(sum(1 for r in unit if r.winner == 0), sum(1 for r in unit if r.winner == 1)) for unit in summary.units()]


@attrs.frozen
class RoundRobin:
    """What a round robin found.

    Attributes:
        bots: the bots as given (a repeated name gets `` (2)``, `` (3)``...).
        pairings: one summary per pairing, in the order ``(0, 1), (0, 2), ..., (1, 2), ...``.
        ratings: each bot's Elo-scale rating (:func:`bradley_terry`).
        intervals: each bot's 95% bootstrap interval.
        resamples: bootstrap resamples drawn.

    >>> from pytruco.arena import round_robin
    >>> table = round_robin(["heuristic", "random"], games=2, seed=3, hands=1, resamples=20)
    >>> sorted(table.to_json(timing=False)["ratings"])
    ['heuristic', 'random']
    """

    bots: tuple[str, ...]
    pairings: tuple[Summary, ...]
    ratings: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    resamples: int

    def to_json(self, *, timing: bool = True) -> dict[str, Any]:
        """The table as one JSON-ready dict: the ratings with their intervals, and every pairing's summary."""
        first = self.pairings[0].to_json(timing=False)
        games: dict[str, int] = dict.fromkeys(self.bots, 0)
        for pairing in self.pairings:
            for key in pairing.keys:
                games[key] += len(pairing.results)
        out: dict[str, Any] = {
            "bots": list(self.bots),
            **{key: first[key] for key in ("preset", "players", "target", "hands_per_game", "duplicate", "seed")},
            "games_per_pairing": len(self.pairings[0].results),
            "resamples": self.resamples,
            "ratings": {
                bot: {"elo": self.ratings[bot], "ci95": list(self.intervals[bot]), "games": games[bot]}
                for bot in self.bots
            },
            "pairings": [pairing.to_json(timing=timing) for pairing in self.pairings],
        }
        if timing:
            out["ms_per_decision"] = self._ms_per_decision()
        return out

    def _ms_per_decision(self) -> dict[str, float | None]:
        thought: dict[str, float] = dict.fromkeys(self.bots, 0.0)
        decided: dict[str, int] = dict.fromkeys(self.bots, 0)
        for pairing in self.pairings:
            for i, key in enumerate(pairing.keys):
                thought[key] += sum(r.thinking[i] for r in pairing.results)
                decided[key] += sum(r.decisions[i] for r in pairing.results)
        return {bot: (round(1000 * thought[bot] / decided[bot], 3) if decided[bot] else None) for bot in self.bots}

    def text(self) -> str:
        """The ratings as a table, best first, then each pairing's result."""
        data = self.to_json()
        length = self.pairings[0].length
        lines = [
            f"round robin of {len(self.bots)} bots, {data['games_per_pairing']} games a pairing of {data['preset']}"
            f" ({data['players']} players, {length}), seed {data['seed']}"
            + (", duplicate deals" if data["duplicate"] else ""),
            f"  {'bot':>20}  {'Elo':>6}  {'95% CI':>15}  {'ms/decision':>11}",
        ]
        for bot in sorted(self.bots, key=lambda b: -self.ratings[b]):
            low, high = self.intervals[bot]
            ms = data["ms_per_decision"][bot]
            lines.append(
                f"  {bot:>20}  {self.ratings[bot]:+6.0f}  {low:+6.0f} to {high:+5.0f}  "
                + (f"{ms:11.3g}" if ms is not None else f"{'-':>11}")
            )
        for pairing in self.pairings:
            a, b = pairing.keys
            share = pairing.to_json(timing=False)
            lines.append(
                f"  {a} vs {b}: {share['wins'][a]}-{share['wins'][b]}"
                f" ({share['margin_per_hand']['value']:+.2f} points/hand)"
            )
        return "\n".join(lines)


def _names(bots: Sequence[str]) -> tuple[str, ...]:
    """The bots' keys: a name given again gets `` (2)``, `` (3)``..."""
    seen: dict[str, int] = {}
    out = []
    for bot in bots:
        seen[bot] = seen.get(bot, 0) + 1
        out.append(bot if seen[bot] == 1 else f"{bot} ({seen[bot]})")
    return tuple(out)


def _bootstrap(
    count: int, pairs: list[tuple[int, int, list[tuple[int, int]]]], resamples: int, seed: int
) -> list[tuple[float, float]]:
    """Each bot's 95% percentile interval over *resamples* refits, each pairing's units drawn again."""
    rng = random.Random(f"pytruco-arena/{seed}/bootstrap")
    drawn: list[list[float]] = [[] for _ in range(count)]
    for _ in range(resamples):
        wins: dict[tuple[int, int], float] = {}
        for a, b, units in pairs:
            picked = [units[rng.randrange(len(units))] for _ in units]
            wins[(a, b)] = float(sum(u[0] for u in picked))
            wins[(b, a)] = float(sum(u[1] for u in picked))
        for bot, rating in enumerate(bradley_terry(count, wins, tolerance=1e-7)):
            drawn[bot].append(rating)
    out = []
    for values in drawn:
        values.sort()
        out.append((values[int(0.025 * (resamples - 1))], values[math.ceil(0.975 * (resamples - 1))]))
    return out


def round_robin(
    bots: Sequence[str],
    *,
    games: int = 100,
    seed: int | None = None,
    rules: RuleSet | str = "default",
    hands: int = 0,
    duplicate: bool = False,
    workers: int = 1,
    backend: str = "local",
    resamples: int = 1000,
    progress: Callable[[int], None] | None = None,
) -> RoundRobin:
    """Every two of *bots* (two or more) play *games* games (:func:`~pytruco.simulate.simulate`, with the same
    *seed*, *rules*, *hands*, *duplicate*, *workers* and *backend*); the bots are rated by :func:`bradley_terry` with
    percentile bootstrap intervals of *resamples* refits.

    Raises:
        ArgumentError: fewer than two bots, a bad bot or number (as :func:`~pytruco.simulate.simulate`).

    >>> from pytruco.arena import round_robin
    >>> table = round_robin(["random", "random"], games=2, seed=1, resamples=10)
    >>> table.bots, len(table.pairings)
    (('random', 'random (2)'), 1)
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) < 2:
        raise ArgumentError(f"a round robin needs two bots or more, not {quoted(bots)}")
    if resamples.__class__ is not int or resamples < 10:
        raise ArgumentError(f"resamples must be a whole number of at least 10, not {quoted(resamples)}")
    master = seed if seed is not None else random.SystemRandom().randrange(2**32)
    names = _names(bots)
    pairings: list[Summary] = []
    pairs: list[tuple[int, int, list[tuple[int, int]]]] = []
    wins: dict[tuple[int, int], float] = {}
    for a in range(len(bots)):
        for b in range(a + 1, len(bots)):
            summary = simulate(
                [bots[a], bots[b]], games=games, seed=master, rules=rules, workers=workers, backend=backend,
                progress=progress, hands=hands, duplicate=duplicate,
            )  # fmt: skip
            summary = attrs.evolve(summary, bots=(names[a], names[b]))
            pairings.append(summary)
            units = _unit_wins(summary)
            pairs.append((a, b, units))
            wins[(a, b)] = float(sum(u[0] for u in units))
            wins[(b, a)] = float(sum(u[1] for u in units))
    ratings = bradley_terry(len(bots), wins)
    intervals = _bootstrap(len(bots), pairs, resamples, master)
    return RoundRobin(
        names, tuple(pairings), dict(zip(names, ratings, strict=True)), dict(zip(names, intervals, strict=True)),
        resamples,
    )  # fmt: skip

"""The picture of docs/rules/small.md: CFR+'s exploitability against iterations in the small solved game.

Runs :meth:`pytruco.solve.SmallGame.cfr`, measures the exact exploitability of the average policy at a few
iterations (a logarithmic spread), prints them as the page's table rows and draws them with matplotlib (the
``plot`` extra: ``pip install -e '.[plot]'``) on log-log axes, with 1% of the game's utility range marked.

usage: python tools/plot_small_cfr.py [--iterations 1000] [--out docs/_static/small_cfr.svg]

About five minutes of one core for 1,000 iterations, and the measurements beside them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pytruco.solve import Policy, SmallGame

ROOT = Path(__file__).resolve().parent.parent
MEASURED = (1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 700, 1000)
"""The iterations measured (those up to ``--iterations``)."""


def measure(game: SmallGame, iterations: int) -> list[tuple[int, float, float]]:
    """``(iteration, exploitability, processor seconds of CFR+ alone)`` at each measured iteration, the uniform
    policy as iteration 0."""
    rows = [(0, game.exploitability(game.uniform_policy()), 0.0)]
    spent = 0.0
    started = time.process_time()

    def on_iteration(t: int, average: Policy) -> None:
        nonlocal spent, started
        if t in MEASURED:
            spent += time.process_time() - started
            rows.append((t, game.exploitability(average), spent))
            print(f"| {t} | {rows[-1][1]:.4g} | {100 * rows[-1][1] / game.utility_range:.2f}% | {spent:.1f} |")
            started = time.process_time()

    game.cfr(iterations, on_iteration=on_iteration)
    return rows


def draw(rows: list[tuple[int, float, float]], one_percent: float, out: Path) -> None:
    """The log-log picture of *rows* (iteration 0 left out: a log axis has no 0), written as SVG to *out*."""
    try:
        import matplotlib

        matplotlib.use("svg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("the picture needs matplotlib: pip install -e '.[plot]'")
    matplotlib.rcParams["svg.hashsalt"] = "pytruco"  # the same ids at every run: a diff shows only what moved
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    shown = [(t, value) for t, value, _ in rows if t > 0]
    axes.loglog([t for t, _ in shown], [value for _, value in shown], marker="o", label="CFR+ average policy")
    axes.axhline(rows[0][1], color="grey", linestyle=":", label="uniform policy")
    axes.axhline(one_percent, color="tab:red", linestyle="--", label="1% of the utility range")
    axes.set_xlabel("CFR+ iterations")
    axes.set_ylabel("exploitability (points a hand)")
    axes.set_title("The small game: exploitability against iterations")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(out, format="svg", metadata={"Date": None})
    print(f"wrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static" / "small_cfr.svg")
    args = parser.parse_args()
    if args.iterations < 1:
        sys.exit(f"--iterations must be at least 1, not {args.iterations}")
    game = SmallGame.build()
    print("| iterations | exploitability | % of the range | processor seconds |")
    print(f"| 0 (uniform policy) | {game.exploitability(game.uniform_policy()):.4g} | | |")
    rows = measure(game, args.iterations)
    draw(rows, game.utility_range / 100, args.out)


if __name__ == "__main__":
    main()

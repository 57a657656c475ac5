"""A bot tournament: every bot meets every other one, each pair plays the same seeded games.

Prints a table of win rates with 95% confidence intervals (Wilson), row bot against column bot.
``--games N`` sets the games per pairing (even: games go in pairs with the same deals, seats swapped).
"""

import argparse
from itertools import combinations

from pytruco.bots import SearchBot
from pytruco.simulate import simulate


class QuickSearch(SearchBot):
    """The search bot with a small budget, so that the tournament is quick."""

    def __init__(self) -> None:
        super().__init__(playouts=12)


BOTS = {"random": "random", "truco-always": "truco-always", "heuristic": "heuristic", "search": "__main__:QuickSearch"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = list(BOTS)
    rate: dict[tuple[str, str], str] = {}
    total = dict.fromkeys(names, 0)
    for first, second in combinations(names, 2):
        summary = simulate([BOTS[first], BOTS[second]], games=args.games, seed=args.seed, duplicate=True)
        data = summary.to_json()
        for me, other in ((first, second), (second, first)):
            key = BOTS[me]
            low, high = data["ci95"][key]
            rate[me, other] = f"{100 * data['win_rate'][key]:3.0f}% ({100 * low:.0f}-{100 * high:.0f})"
            total[me] += data["wins"][key]
    width = 16
    print(f"{args.games} games per pairing, seed {args.seed}: row's win rate against column (95% CI)")
    print(" " * 14 + "".join(f"{name:>{width}}" for name in names))
    for me in names:
        cells = "".join(f"{rate.get((me, other), '-'):>{width}}" for other in names)
        print(f"{me:>14}{cells}")
    ranking = sorted(names, key=lambda name: -total[name])
    print("ranking by games won:", ", ".join(f"{name} {total[name]}" for name in ranking))


if __name__ == "__main__":
    main()

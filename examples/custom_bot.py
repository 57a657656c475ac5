"""A custom bot in twenty lines: it plays its strongest card and never folds, then meets the random bot.

A bot is any object with ``act(view, rng) -> Action``; it sees only its seat's view. Run it with
``python examples/custom_bot.py`` (or ``pytruco simulate examples/custom_bot.py:HighCard random`` from the checkout:
a bot is named by a file and its class, as well as by ``module:Class``).
"""

import random

from pytruco import Action, Kind, SeatView
from pytruco.simulate import simulate


class HighCard:
    """Accepts every call, sings nothing, and plays its strongest card."""

    def act(self, view: SeatView, rng: random.Random) -> Action:
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        if plays:
            return max(plays, key=lambda a: a.card.strength if a.card else 0)
        for kind in (Kind.QUIERO, Kind.TENGO, Kind.SON_BUENAS, Kind.FLOR):
            chosen = [a for a in view.legal if a.kind is kind]
            if chosen:
                return chosen[0]
        return rng.choice([a for a in view.legal if a.kind is not Kind.MAZO] or list(view.legal))


if __name__ == "__main__":
    summary = simulate(["__main__:HighCard", "random"], games=40, seed=1)
    print(summary.text())
    print("wins:", summary.wins)

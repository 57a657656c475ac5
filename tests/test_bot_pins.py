"""Bots are deterministic for a seed (issue 8): long seeded games pin every bot's choices.

Each bot plays 20 whole games against :class:`~pytruco.bots.HeuristicBot` (five presets; two, four and six
seats), and the SHA-256 of the games' histories is compared with the one the code gave before the bots were split
into modules. A change to any bot's choice, to its estimates or to the order in which it draws from its random
source changes the hash. When a bot is meant to play differently, regenerate the hashes and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

import pytest

from pytruco import RuleSet
from pytruco.bots import Bot, HeuristicBot, RandomBot, SearchBot, TrucoAlwaysBot, play_match

PRESETS = ("default", "online", "classic", "ladder", "reglamento")

FACTORIES: dict[str, tuple[Callable[[], Bot], int]] = {
    "heuristic": (HeuristicBot, 20),
    "random": (RandomBot, 20),
    "search": (lambda: SearchBot(playouts=8), 20),
    "search-default": (SearchBot, 2),
    "truco-always": (TrucoAlwaysBot, 20),
}

PINNED = {
    "heuristic": "3eb20c898155164833270608822771669aaa5c17821bd2ae74933f20484c2f77",
    "random": "d409bb160b06da93433ef4cc893c048aad0822316ac58f852a2c950de00585de",
    "search": "a780fed4f486fe21b126efe93f5f1594a262fd0bbef9955b2ce34c6ada3260e1",
    "search-default": "76854639eb197324f2096f0b304abb99d0435c46eab7564aa0d8fe2fe79304f0",
    "truco-always": "38008b023fd0be9a66c48f5566291dcbda1f470b00d70d116506b305590206a9",
}


def _rules(index: int) -> RuleSet:
    preset = PRESETS[index % len(PRESETS)]
    players = 2 if preset in ("online", "ladder") else (2, 4, 2, 6)[index % 4]
    return RuleSet.preset(preset, players=players, target=30 if preset == "ladder" else 15)


def games_digest(name: str) -> str:
    """The SHA-256 of the histories of the seeded games of bot *name* (its team alternates between the seats)."""
    make, games = FACTORIES[name]
    digest = hashlib.sha256()
    for index in range(games):
        rules = _rules(index)
        bots = [make() if seat % 2 == index % 2 else HeuristicBot() for seat in range(rules.players)]
        final = play_match(rules, bots, rng=random.Random(f"pin/{name}/{index}"))
        assert final.is_over
        digest.update("\n".join(str(item) for item in final.history).encode() + b"\n\n")
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_seeded_games_of_each_bot_are_pinned(name: str) -> None:
    assert games_digest(name) == PINNED[name]


if __name__ == "__main__":  # print the hashes to pin
    for bot_name in sorted(FACTORIES):
        print(f'    "{bot_name}": "{games_digest(bot_name)}",')

"""Choosing partners the traditional way: *tirar reyes*.

Cards are dealt face up, one at a time, around the players in order; a
player who receives a king (a 12) gets no more cards. The first half of the
players to receive kings form one team, the others the second team. Partners
then sit alternately, so the seats follow the rule "team = seat mod 2".

>>> import random
>>> result = tirar_reyes(["Ana", "Beto", "Caro", "Dani"], random.Random(4))
>>> sorted(result.seating) == ["Ana", "Beto", "Caro", "Dani"]
True
>>> [result.seating.index(name) % 2 for name in result.kings_order[:2]]
[0, 0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from .cards import ALL_CARDS, Card, random_source, shuffle_checked
from .errors import SetupError, quoted

__all__ = ["TirarReyes", "tirar_reyes"]


@attrs.frozen
class TirarReyes:
    """The outcome of :func:`tirar_reyes`.

    Attributes:
        seating: the players by seat (seat 0 first); team = seat mod 2.
        kings_order: the players in the order they received their king.
        dealt: every card dealt, as ``(player, card)`` in order.

    >>> import random
    >>> from pytruco import tirar_reyes
    >>> drawn = tirar_reyes(["Ana", "Beto", "Caro", "Dani"], random.Random(7))
    >>> sorted(drawn.seating) == ["Ana", "Beto", "Caro", "Dani"]
    True
    >>> drawn.seating[0::2] == drawn.kings_order[:2]
    True
    >>> sum(card.rank == 12 for _, card in drawn.dealt)
    2
    """

    seating: tuple[str, ...]
    kings_order: tuple[str, ...]
    dealt: tuple[tuple[str, Card], ...]


def tirar_reyes(players: Sequence[str], rng: random.Random | None = None) -> TirarReyes:
    """Draw partners for 4 or 6 players by dealing until the kings appear.

    The first ``len(players) // 2`` players to receive a king are team 0 and
    sit at seats 0, 2, 4 in that order; the others keep their order and sit
    at seats 1, 3, 5. *rng* shuffles the deck (an unpredictable system
    source when ``None``).

    Raises:
        SetupError: not 4 or 6 distinct player names (strings).

    >>> import random
    >>> from pytruco import tirar_reyes
    >>> drawn = tirar_reyes(["Ana", "Beto", "Caro", "Dani"], random.Random(7))
    >>> drawn.seating[0::2] == drawn.kings_order[:2]  # the first two kings: team 0
    True
    >>> str(drawn.dealt[-1][1])[:2]  # dealing stops at the second king
    '12'
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError(f"tirar reyes needs a list of 4 or 6 player names, not {quoted(players)}")
    names = tuple(players)
    if len(names) not in (4, 6) or not all(isinstance(name, str) for name in names) or len(set(names)) != len(names):
        raise SetupError(f"tirar reyes needs 4 or 6 distinct player names, not {quoted(list(names))}")
    source = random_source(rng)
    deck = list(ALL_CARDS)
    shuffle_checked(source, deck)
    half = len(names) // 2
    kings: list[str] = []
    dealt: list[tuple[str, Card]] = []
    turn = 0
    for card in deck:
        while names[turn % len(names)] in kings:
            turn += 1
        player = names[turn % len(names)]
        turn += 1
        dealt.append((player, card))
        if card.rank == 12:
            kings.append(player)
            if len(kings) == half:
                break
    first = kings[:half]
    second = [name for name in names if name not in first]
    seating = tuple(name for pair in zip(first, second, strict=True) for name in pair)
    return TirarReyes(seating, tuple(kings), tuple(dealt))

"""The estimates a bot plays by: how likely its cards are to win the round's tricks, its envido and its flor.

All read only what a seat sees: :func:`round_win_chance` pits the seat's
cards against the unseen ones trick by trick; :func:`envido_chance` compares
envido points with every three-card holding, :func:`flor_chance` flor points with every flor.

>>> from pytruco import new_game, apply, Deal, view
>>> from pytruco.bots._estimates import envido_chance, round_win_chance
>>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1E", "1B", "7E"]]))
>>> round_win_chance(view(state, 0)) < 0.2, round(envido_chance(33, mano=True), 3)
(True, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

from ..cards import ALL_CARDS, Hand, points_of
from ..errors import require
from ..views import SeatView
from ._reading import finished_tricks, seat_of, unseen_cards

__all__ = ["envido_chance", "flor_chance", "round_win_chance"]


def _prob_below(strength: int, order: int, pool: Sequence[int], drawn: int) -> float:
    """Chance that the *order*-th best (1-based) of *drawn* cards taken from
    *pool* (strengths) is weaker than *strength*; a tie counts half."""
    n = len(pool)
    if drawn <= 0 or n < drawn:
        return 1.0
    total = math.comb(n, drawn)
    at_least = sum(1 for s in pool if s >= strength)
    above = sum(1 for s in pool if s > strength)

    def at_most(count: int) -> float:
        # j of the drawn cards at least as strong: never more than drawn (the seat may hold more cards than the
        # other side has left, at six seats)
        return sum(math.comb(count, j) * math.comb(n - count, drawn - j) for j in range(min(order, drawn + 1))) / total

    return 0.5 * (at_most(at_least) + at_most(above))


def _decided(results: Sequence[str], mano: bool) -> bool | None:
    """Whether results ``W``/``L``/``P`` (for this side) win the hand (PRESETS.md §3)."""
    if results.count("W") >= 2:
        return True
    if results.count("L") >= 2:
        return False
    if len(results) >= 2:
        if results[0] == "P":
            for result in results[1:]:
                if result != "P":
                    return result == "W"
            return mano if len(results) == 3 else None
        if results[1] == "P":
            return results[0] == "W"
    if len(results) == 3:
        return results[0] == "W" if results[2] == "P" else results.count("W") >= 2
    return None


def round_win_chance(seen: SeatView) -> float:
    """An estimate, from *seen* only, of the chance that the seat's team wins
    the tricks of this round: each coming trick pits the seat's i-th best card
    against the i-th best of the other side's unseen cards.

    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import round_win_chance
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "1B", "7E"], ["4C", "5O", "6B"]]))
    >>> round_win_chance(view(state, 0)) > 0.95
    True
    """
    require(seen, SeatView, "round_win_chance", "a seat's view (from pytruco.view)")
    n = seen.rules.players
    team = seat_of(seen) & 1
    opponents = [s for s in range(n) if s & 1 != team and s not in seen.folded]
    if not opponents:
        return 1.0
    if not [s for s in range(n) if s & 1 == team and s not in seen.folded]:
        return 0.0
    mine = sorted((card.strength for card in seen.hand), reverse=True)
    pool = [card.strength for card in unseen_cards(seen)]
    opp_left = max(seen.cards_left[s] for s in opponents)
    chances: list[float] = []
    if seen.current_trick:
        chances, opp_left = _table_chance(seen, team, opponents, mine, pool, opp_left)
    chances += [_prob_below(s, i + 1, pool, opp_left) for i, s in enumerate(mine)]
    partners = n // 2 - 1
    if partners:  # a partner's unseen cards help: pull each chance up a little
        chances = [1 - (1 - p) * 0.7 for p in chances]
    return _round_chance(_results(seen, team), chances, (seen.mano & 1) == team)


def _results(seen: SeatView, team: int) -> list[str]:
    """The finished tricks as ``W``, ``L`` or ``P`` (parda) for *team*."""
    return ["P" if winner is None else ("W" if winner == team else "L") for _plays, winner in finished_tricks(seen)]


def _table_chance(
    seen: SeatView, team: int, opponents: Sequence[int], mine: list[int], pool: Sequence[int], opp_left: int
) -> tuple[list[float], int]:
    """The chance of winning the trick on the table (none when the seat has no
    card to play into it) and how many cards the other side keeps for the
    tricks after it; takes from *mine* the card the seat plays into it."""
    table = seen.current_trick
    top = max(card.strength for _s, card in table)
    ours = any(card.strength == top and s & 1 == team for s, card in table)
    theirs = any(card.strength == top and s & 1 != team for s, card in table)
    contested = any(all(s != t for t, _c in table) for s in opponents)  # an opponent has still to play
    alone = ours and not theirs  # our card on the table is the only best
    if any(s == seen.seat for s, _c in table):  # answering a call after playing
        if alone:
            chance = _holds(top, pool, opp_left, contested)
        elif ours:
            chance = 0.5
        else:
            n = seen.rules.players
            chance = 0.35 if n // 2 - 1 and len(table) < n else 0.0  # a partner may still win it
    elif mine:
        chance = _play_into(mine, top, alone, pool, opp_left, contested)
    else:
        return [], opp_left
    return [chance], opp_left - 1 if contested else opp_left


def _play_into(mine: list[int], top: int, alone: bool, pool: Sequence[int], opp_left: int, contested: bool) -> float:
    """Plays (takes from *mine*) the card the seat would play into a trick
    whose best card is *top*, and gives its chance of winning the trick: the
    weakest when our card is alone on top, else the cheapest that beats
    *top*, else one that ties it, else the weakest."""
    winners = [s for s in mine if s > top]
    if alone:
        mine.pop()
        return _holds(top, pool, opp_left, contested)
    if winners:
        mine.remove(min(winners))
        return _holds(min(winners), pool, opp_left, contested)
    if top in mine:
        mine.remove(top)
        return 0.5
    mine.pop()
    return 0.0


def _holds(strength: int, pool: Sequence[int], drawn: int, contested: bool) -> float:
    """Chance that the best card of a trick, of *strength*, stays the best:
    sure when no opponent is left to play, else it must beat the best of the
    *drawn* cards an opponent holds."""
    return _prob_below(strength, 1, pool, drawn) if contested else 1.0


def _round_chance(done: list[str], chances: Sequence[float], mano: bool, index: int = 0) -> float:
    """Chance of winning the round after the tricks *done* when the coming
    tricks are won with *chances* from *index* on (an undecided end counts half)."""
    verdict = _decided(done, mano)
    if verdict is not None:
        return 1.0 if verdict else 0.0
    if index >= len(chances) or len(done) >= 3:
        return 0.5
    p = chances[index]
    won = _round_chance([*done, "W"], chances, mano, index + 1)
    lost = _round_chance([*done, "L"], chances, mano, index + 1)
    return p * won + (1 - p) * lost


def _envido_table() -> list[float]:
    """``below[p]``: the share of three-card holdings with fewer envido points than *p*."""
    counts = [0] * 40
    for cards in combinations(ALL_CARDS, 3):
        counts[points_of(cards)[0]] += 1
    total = sum(counts)
    below = [0.0] * 41
    for p in range(1, 41):
        below[p] = below[p - 1] + counts[p - 1] / total
    return below


_ENVIDO_BELOW = _envido_table()


def envido_chance(points: int, mano: bool) -> float:
    """Chance that *points* beat one unknown holding (a tie goes to the mano).

    >>> from pytruco.bots._estimates import envido_chance
    >>> round(envido_chance(33, mano=False), 3), round(envido_chance(20, mano=False), 2), envido_chance(0, mano=False)
    (0.985, 0.4, 0.0)
    """
    points = max(0, min(points, 33))
    tie = _ENVIDO_BELOW[points + 1] - _ENVIDO_BELOW[points]
    return _ENVIDO_BELOW[points] + (tie if mano else 0.0)


def _flor_table(count_three: bool) -> list[float]:
    """``below[p]``: the share of flores (three cards of a suit) with fewer flor points than *p*."""
    counts = [0] * 40
    for cards in combinations(ALL_CARDS, 3):
        points = Hand(cards).flor_points(count_three)
        if points is not None:
            counts[points] += 1
    total = sum(counts)
    below = [0.0] * 41
    for p in range(1, 41):
        below[p] = below[p - 1] + counts[p - 1] / total
    return below


_FLOR_BELOW = (_flor_table(False), _flor_table(True))


def flor_chance(points: int, mano: bool, count_three: bool = False) -> float:
    """Chance that a flor of *points* beats one unknown flor (a tie goes to the seat nearer the mano, PRESETS.md §6),
    with flor points counted on the best two cards or, *count_three*, on all three (:attr:`RuleSet.flor_count_three
    <pytruco.RuleSet.flor_count_three>`). What a flor is worth against another is the rules' (§9.2): this is only
    the chance of winning the comparison.

    >>> from pytruco.bots._estimates import flor_chance
    >>> flor_chance(20, mano=False), round(flor_chance(29, mano=False), 2), flor_chance(33, mano=True)
    (0.0, 0.55, 1.0)
    """
    below = _FLOR_BELOW[count_three]
    points = max(0, min(points, 39))
    tie = below[points + 1] - below[points]
    return below[points] + (tie if mano else 0.0)

"""Bots: players that decide from a seat's view only, so they cannot cheat.

Every bot follows one small protocol, :class:`Bot`: ``act(view, rng)``
returns one of ``view.legal``. The view is a
:class:`~pytruco.views.SeatView`, never the full state; the random source
is passed in, so a seeded game is repeatable.

- :class:`RandomBot`: uniform among its legal actions.
- :class:`HeuristicBot`: sings envido, flor and truco by its cards, the score
  and what it has seen of the other side's calls; answers calls by their
  expected value; bluffs now and then; wins tricks with its cheapest card.
- :class:`SearchBot`: samples the unseen cards consistently with its view and
  plays each choice out many times with the engine (heuristic continuations).
- :class:`TrucoAlwaysBot`: calls truco at every chance and never folds (a
  bully, to check that the others are not bullied).

>>> import random
>>> from pytruco import RuleSet
>>> from pytruco.bots import HeuristicBot, RandomBot, play_match
>>> final = play_match(RuleSet.preset("classic"), [HeuristicBot(), RandomBot()], rng=random.Random(5))
>>> final.is_over
True
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Protocol, runtime_checkable

from .actions import ENVIDO_CALLS, TRUCO_CALLS, Action, Deal, Kind
from .cards import ALL_CARDS, Card, Hand, points_of, random_source
from .engine import apply, new_game, random_deal
from .errors import SetupError, TrucoError, quoted
from .rules import RuleSet
from .state import Phase, State
from .views import SeatView, view

__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "SimpleBot",
    "TrucoAlwaysBot",
    "hand_win_chance",
    "load_bot",
    "pending_call",
    "play_match",
]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for its seat from what the seat sees.

    >>> import random
    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import Bot, RandomBot
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> action = RandomBot().act(view(state, 0), random.Random(1))
    >>> action in view(state, 0).legal
    True

    Any class with this method is a bot; no base class is needed:

    >>> from pytruco import Action, RuleSet, SeatView
    >>> from pytruco.bots import play_match
    >>> class FirstLegal:
    ...     def act(self, view: SeatView, rng: random.Random) -> Action:
    ...         return view.legal[0]
    >>> players: list[Bot] = [FirstLegal(), RandomBot()]
    >>> play_match(RuleSet.preset("default"), players, rng=random.Random(2)).is_over
    True
    """

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """One of ``view.legal``, drawn with *rng* where the bot needs chance."""


# ---------------------------------------------------------------------------
# What a view says, read the way a player reads the table
# ---------------------------------------------------------------------------
def _hand_history(seen: SeatView) -> list[Action]:
    """The public actions of the current hand (after its last deal)."""
    history = seen.history
    start = 0
    for index in range(len(history) - 1, -1, -1):
        if history[index].startswith("deal "):
            start = index + 1
            break
    return [Action.parse(text) for text in history[start:]]


def _me(seen: SeatView) -> int:
    """The seat of *seen* (a bot plays a seat; a spectator's view has none)."""
    if seen.seat is None:
        raise ValueError("a bot decides from a seat's view, not a spectator's")
    return seen.seat


def finished_tricks(seen: SeatView) -> list[tuple[tuple[tuple[int, Card], ...], int | None]]:
    """The finished tricks of the hand as ``(plays, winning team or None)``."""
    return [(trick.plays, trick.team) for trick in seen.tricks]


def _truco_level(seen: SeatView) -> int:
    """The accepted truco level, 0-3."""
    return seen.truco.level


def _envido_calls(seen: SeatView) -> tuple[Kind, ...]:
    """The envido calls of the hand."""
    return seen.envido_calls


def _flor_sung(seen: SeatView) -> tuple[int, ...]:
    """The seats that sang flor in the hand."""
    return seen.flor_sung


def pending_call(seen: SeatView) -> Kind | None:
    """The call that waits for an answer in *seen*'s hand, read from its public
    history; ``None`` when nothing is pending.

    >>> from pytruco import new_game, apply, Deal, Action, view
    >>> from pytruco.bots import pending_call
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> state, _ = apply(state, Action.parse("1 envido"))
    >>> pending_call(view(state, 0))
    <Kind.ENVIDO: 'envido'>
    """
    if not any(a.kind in (Kind.QUIERO, Kind.NO_QUIERO, Kind.CON_FLOR_ME_ACHICO) for a in seen.legal):
        flor_answers = [a for a in seen.legal if a.kind in (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO)]
        if not flor_answers:
            return None
    given = getattr(seen, "pending", None)  # views that name the pending call
    if given is not None and isinstance(getattr(given, "call", None), Kind):
        return given.call  # type: ignore[no-any-return]
    stack: list[Kind] = []
    for action in _hand_history(seen):
        kind = action.kind
        if kind in ENVIDO_CALLS:
            if stack and stack[-1] in ENVIDO_CALLS:
                stack.pop()
            stack.append(kind)
        elif kind in TRUCO_CALLS:
            if stack and stack[-1] in TRUCO_CALLS:
                stack.pop()
            stack.append(kind)
        elif kind in (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO):
            while stack and stack[-1] in ENVIDO_CALLS:  # a flor annuls a pending envido
                stack.pop()
            if stack and stack[-1] in (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO):
                stack.pop()
            stack.append(kind)
        elif kind in (Kind.QUIERO, Kind.NO_QUIERO, Kind.CON_FLOR_ME_ACHICO) and stack:
            stack.pop()
        elif kind in (Kind.TENGO, Kind.SON_BUENAS):
            while stack and stack[-1] in (Kind.FLOR,):
                stack.pop()
    return stack[-1] if stack else None


def _team_cards_played(seen: SeatView) -> list[Card]:
    played = [card for plays, _team in finished_tricks(seen) for _seat, card in plays]
    played.extend(card for _seat, card in seen.current_trick)
    return played


def _unseen(seen: SeatView) -> list[Card]:
    known = {card.index for card in seen.hand}
    known.update(card.index for card in _team_cards_played(seen))
    return [card for card in ALL_CARDS if card.index not in known]


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
        return sum(math.comb(count, j) * math.comb(n - count, drawn - j) for j in range(order)) / total

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


def hand_win_chance(seen: SeatView) -> float:
    """An estimate, from *seen* only, of the chance that the seat's team wins
    the tricks of this hand: each coming trick pits the seat's i-th best card
    against the i-th best of the other side's unseen cards.

    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import hand_win_chance
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "1B", "7E"], ["4C", "5O", "6B"]]))
    >>> hand_win_chance(view(state, 0)) > 0.95
    True
    """
    n = seen.rules.players
    team = _me(seen) & 1
    results: list[str] = []
    for _plays, winner in finished_tricks(seen):
        results.append("P" if winner is None else ("W" if winner == team else "L"))
    mano = (seen.mano & 1) == team
    mine = sorted((card.strength for card in seen.hand), reverse=True)
    pool = [card.strength for card in _unseen(seen)]
    opponents = [s for s in range(n) if s & 1 != team and s not in seen.folded]
    if not opponents:
        return 1.0
    if not [s for s in range(n) if s & 1 == team and s not in seen.folded]:
        return 0.0
    opp_left = max(seen.cards_left[s] for s in opponents)
    partners = n // 2 - 1
    table = seen.current_trick
    chances: list[float] = []
    if table:
        top = max(card.strength for _s, card in table)
        ours = any(card.strength == top and s & 1 == team for s, card in table)
        theirs = any(card.strength == top and s & 1 != team for s, card in table)
        opponents_to_play = [s for s in opponents if all(s != t for t, _c in table)]
        if any(s == seen.seat for s, _c in table):  # answering a call after playing
            if ours and not theirs:
                chances.append(_prob_below(top, 1, pool, opp_left) if opponents_to_play else 1.0)
            elif ours:
                chances.append(0.5)
            else:
                chances.append(0.35 if partners and len(table) < n else 0.0)
            if opponents_to_play:
                opp_left -= 1
        elif mine:
            winners = [s for s in mine if s > top]
            if ours and not theirs:
                mine.pop()
                chances.append(_prob_below(top, 1, pool, opp_left) if opponents_to_play else 1.0)
            elif winners:
                mine.remove(min(winners))
                chances.append(_prob_below(min(winners), 1, pool, opp_left) if opponents_to_play else 1.0)
            elif top in mine:
                mine.remove(top)
                chances.append(0.5)
            else:
                mine.pop()
                chances.append(0.0)
            if opponents_to_play:
                opp_left -= 1
    chances += [_prob_below(s, i + 1, pool, opp_left) for i, s in enumerate(mine)]
    if partners:  # a partner's unseen cards help: pull each chance up a little
        chances = [1 - (1 - p) * 0.7 for p in chances]

    def walk(done: list[str], index: int) -> float:
        verdict = _decided(done, mano)
        if verdict is not None:
            return 1.0 if verdict else 0.0
        if index >= len(chances) or len(done) >= 3:
            return 0.5
        p = chances[index]
        return p * walk([*done, "W"], index + 1) + (1 - p) * walk([*done, "L"], index + 1)

    return walk(results, 0)


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


def _envido_chance(points: int, mano: bool) -> float:
    """Chance that *points* beat one unknown holding (a tie goes to the mano)."""
    points = max(0, min(points, 33))
    tie = _ENVIDO_BELOW[points + 1] - _ENVIDO_BELOW[points]
    return _ENVIDO_BELOW[points] + (tie if mano else 0.0)


def _true_points(seen: SeatView) -> int:
    """The seat's envido points on the cards it was dealt this hand."""
    dealt = list(seen.hand) + [card for plays, _t in finished_tricks(seen) for s, card in plays if s == seen.seat]
    dealt += [card for s, card in seen.current_trick if s == seen.seat]
    if len(dealt) < 2:
        return max((card.envido_value for card in dealt), default=0)
    return Hand(tuple(dealt)).envido_points(seen.rules.envido_count_three)


def _rates(seen: SeatView) -> tuple[float, float]:
    """How often the other side called truco and envido per hand so far
    (with a prior of an honest player), read from the public history."""
    return _side_rates(seen.history, _me(seen) & 1)


def _side_rates(history: Sequence[str], team: int) -> tuple[float, float]:
    """:func:`_rates` as *team* sees the other team."""
    hands = truco = envido = 0
    called_truco = called_envido = False
    for text in history:
        if text.startswith("deal "):
            hands += 1
            truco += called_truco
            envido += called_envido
            called_truco = called_envido = False
            continue
        seat_text, _, word = text.partition(" ")
        if not seat_text.isdigit() or int(seat_text) & 1 == team:
            continue
        if word == "truco":
            called_truco = True
        elif word in ("envido", "real-envido", "falta-envido"):
            called_envido = True
    truco += called_truco
    envido += called_envido
    prior = 4.0
    return (truco + 0.3 * prior) / (hands + prior), (envido + 0.25 * prior) / (hands + prior)


def _side_flags(history: Sequence[str], team: int) -> tuple[bool, bool]:
    """Whether the other team called truco, and envido, in the last hand of *history*."""
    start = max((i for i, text in enumerate(history) if text.startswith("deal")), default=-1)
    truco = envido = False
    for text in history[start + 1 :]:
        seat_text, _, word = text.partition(" ")
        if seat_text.isdigit() and int(seat_text) & 1 != team:
            truco = truco or word == "truco"
            envido = envido or word in ("envido", "real-envido", "falta-envido")
    return truco, envido


def _by_kind(legal: Sequence[Action]) -> dict[Kind, list[Action]]:
    found: dict[Kind, list[Action]] = {}
    for action in legal:
        found.setdefault(action.kind, []).append(action)
    return found


# ---------------------------------------------------------------------------
# The bots
# ---------------------------------------------------------------------------
class RandomBot:
    """Picks uniformly among its legal actions.

    *rng* is only for the old :meth:`choose` (when ``None``: an unpredictable
    system source).

    >>> import random
    >>> from pytruco import new_game, view
    >>> from pytruco.bots import RandomBot
    >>> RandomBot().act(view(new_game("online"), 0), random.Random(2))
    Action('0 rps piedra')
    """

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random_source(rng)

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal)

    def choose(self, seen: SeatView) -> Action:
        """The old interface: :meth:`act` with the bot's own random source."""
        return self.act(seen, self.rng)


class HeuristicBot:
    """A sensible player built from a few estimates of the table.

    It sings flor whenever it may; calls envido on good points (and now and
    then on bad ones, a bluff); calls truco on a strong hand (and bluffs
    sometimes); accepts or refuses a call by its expected value, judging the
    caller by how often that side has called before (a side that calls truco
    every hand gets its truco accepted); wins a trick with its cheapest card
    that does and otherwise throws its worst; declares its true points.

    Args:
        rng: only for the old :meth:`choose`.
        bluff: the chance of a bluff where one is possible.
        rates: how often the other side calls truco and envido per hand
            (``None``: counted from the view's history).

    >>> import random
    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import HeuristicBot
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> HeuristicBot(bluff=0).act(view(state, 0), random.Random(1))  # 33 points
    Action('0 real-envido')
    """

    name = "heuristic"

    def __init__(
        self, rng: random.Random | None = None, *, bluff: float = 0.08, rates: tuple[float, float] | None = None
    ) -> None:
        self.bluff = bluff
        self.rates = rates
        self._memory: dict[tuple[int, int], list[bool]] = {}
        self.rng = random_source(rng)

    def _judge(self, seen: SeatView) -> tuple[float, float]:
        """How often the other side calls truco and envido: as given, or as
        seen (in the view's history when it holds the whole game, else in the
        hands this bot has seen so far)."""
        if self.rates is not None:
            return self.rates
        history = seen.history
        deals = sum(1 for text in history if text.startswith("deal"))
        if deals > 1:
            return _rates(seen)
        number = getattr(seen, "hand_number", None)
        key = (_me(seen), int(number) if number is not None else deals)
        truco, envido = _side_flags(history, _me(seen) & 1)
        flags = self._memory.setdefault(key, [False, False])
        flags[0] = flags[0] or truco
        flags[1] = flags[1] or envido
        mine = [value for (seat, _hand), value in self._memory.items() if seat == _me(seen)]
        prior = 4.0
        calls = sum(value[0] for value in mine), sum(value[1] for value in mine)
        return (calls[0] + 0.3 * prior) / (len(mine) + prior), (calls[1] + 0.25 * prior) / (len(mine) + prior)

    def choose(self, seen: SeatView) -> Action:
        """The old interface: :meth:`act` with the bot's own random source."""
        return self.act(seen, self.rng)

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """Pick an action by the estimates above."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        kinds = _by_kind(legal)
        if Kind.RPS in kinds:
            return rng.choice(kinds[Kind.RPS])
        if Kind.TENGO in kinds or (Kind.SON_BUENAS in kinds and Kind.QUIERO not in kinds):
            return self._declare(view, kinds)
        pending = pending_call(view)
        if pending is not None and pending in (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO):
            return self._answer_flor(view, kinds, pending)
        if Kind.FLOR in kinds:
            return kinds[Kind.FLOR][0]
        if pending is not None and pending in ENVIDO_CALLS:
            return self._answer_envido(view, kinds, pending, rng)
        if pending is not None and pending in TRUCO_CALLS:
            envido = self._open_envido(view, kinds, rng)  # envido primero
            if envido is not None:
                return envido
            return self._answer_truco(view, kinds, pending, rng)
        envido = self._open_envido(view, kinds, rng)
        if envido is not None:
            return envido
        truco = self._call_truco(view, kinds, rng)
        if truco is not None:
            return truco
        if Kind.PLAY in kinds:
            return self._play(view, kinds[Kind.PLAY])
        safe = [a for a in legal if a.kind not in (Kind.MAZO, Kind.RENDIRSE)]
        return rng.choice(safe or list(legal))

    # -- envido and flor --------------------------------------------------
    def _mano(self, seen: SeatView) -> bool:
        return (seen.mano & 1) == (_me(seen) & 1)

    def _open_envido(self, seen: SeatView, kinds: dict[Kind, list[Action]], rng: random.Random) -> Action | None:
        calls = [kinds[k][0] for k in (Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO) if k in kinds]
        if not calls:
            return None
        points = _true_points(seen)
        chance = _envido_chance(points, self._mano(seen))
        mine, theirs = seen.score[_me(seen) & 1], seen.score[1 - (_me(seen) & 1)]
        target = seen.rules.target
        if Kind.FALTA_ENVIDO in kinds and chance > 0.8 and theirs > target - 6 and mine < theirs:
            return kinds[Kind.FALTA_ENVIDO][0]
        if Kind.REAL_ENVIDO in kinds and chance > 0.9:
            return kinds[Kind.REAL_ENVIDO][0]
        if chance > 0.7 or (chance < 0.3 and rng.random() < self.bluff):
            return calls[0]
        return None

    def _answer_envido(
        self, seen: SeatView, kinds: dict[Kind, list[Action]], pending: Kind, rng: random.Random
    ) -> Action:
        points = _true_points(seen)
        _truco_rate, envido_rate = self._judge(seen)
        # The caller's points are better than one in (1 - rate) holdings.
        chance = _envido_chance(points, self._mano(seen))
        conditional = max(0.0, (chance - (1 - envido_rate)) / envido_rate) if envido_rate < 1 else chance
        conditional = 0.5 * conditional + 0.5 * chance**2 if envido_rate > 0.45 else conditional
        mine, theirs = seen.score[_me(seen) & 1], seen.score[1 - (_me(seen) & 1)]
        target = seen.rules.target
        stake_high = pending is Kind.FALTA_ENVIDO or len(_envido_calls(seen)) >= 3
        need = 0.45 if stake_high else 0.25
        if theirs + 3 >= target:  # refusing may hand them the game anyway
            need -= 0.15
        if mine + 2 >= target:
            need -= 0.1
        raises = [kinds[k][0] for k in (Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO) if k in kinds]
        if raises and chance > 0.93 and not stake_high:
            return raises[-1] if theirs > target - 6 and Kind.FALTA_ENVIDO in kinds else raises[0]
        if raises and chance < 0.2 and rng.random() < self.bluff / 2:
            return raises[0]
        if Kind.QUIERO in kinds and (conditional > need or chance > 0.85):
            return kinds[Kind.QUIERO][0]
        refuse = kinds.get(Kind.NO_QUIERO) or kinds.get(Kind.QUIERO) or list(seen.legal)
        return refuse[0]

    def _answer_flor(self, seen: SeatView, kinds: dict[Kind, list[Action]], pending: Kind) -> Action:
        dealt = list(seen.hand) + [c for plays, _t in finished_tricks(seen) for s, c in plays if s == seen.seat]
        points = Hand(tuple(dealt)).flor_points(seen.rules.flor_count_three) if len(dealt) == 3 else None
        if points is None:
            refuse = kinds.get(Kind.NO_QUIERO) or kinds.get(Kind.CON_FLOR_ME_ACHICO) or kinds.get(Kind.QUIERO)
            return (refuse or list(seen.legal))[0]
        if points >= 35 and Kind.CONTRAFLOR_AL_RESTO in kinds:
            return kinds[Kind.CONTRAFLOR_AL_RESTO][0]
        if points >= 31 and Kind.CONTRAFLOR in kinds:
            return kinds[Kind.CONTRAFLOR][0]
        if points >= 29 and Kind.QUIERO in kinds:
            return kinds[Kind.QUIERO][0]
        for kind in (Kind.FLOR, Kind.CON_FLOR_ME_ACHICO, Kind.NO_QUIERO, Kind.QUIERO):
            if kind in kinds:
                return kinds[kind][0]
        return seen.legal[0]

    def _declare(self, seen: SeatView, kinds: dict[Kind, list[Action]]) -> Action:
        dealt = list(seen.hand) + [c for plays, _t in finished_tricks(seen) for s, c in plays if s == seen.seat]
        dealt += [c for s, c in seen.current_trick if s == seen.seat]
        flor = Hand(tuple(dealt)).flor_points(seen.rules.flor_count_three) if len(dealt) == 3 else None
        true = {_true_points(seen)}
        if flor is not None:
            true.add(flor)
        best = -1
        for action in _hand_history(seen):
            if action.kind is Kind.TENGO and action.points is not None and action.seat & 1 != _me(seen) & 1:
                best = max(best, action.points)
        options = kinds.get(Kind.TENGO, [])
        honest = [a for a in options if a.points in true]
        if Kind.SON_BUENAS in kinds and honest and max(a.points or 0 for a in honest) < best:
            return kinds[Kind.SON_BUENAS][0]
        if honest:
            return max(honest, key=lambda a: a.points or 0)
        if Kind.SON_BUENAS in kinds:
            return kinds[Kind.SON_BUENAS][0]
        return options[0] if options else seen.legal[0]

    # -- truco -------------------------------------------------------------
    def _call_truco(self, seen: SeatView, kinds: dict[Kind, list[Action]], rng: random.Random) -> Action | None:
        calls = [kinds[k][0] for k in TRUCO_CALLS if k in kinds]
        if not calls:
            return None
        chance = hand_win_chance(seen)
        threshold = (0.7, 0.78, 0.85)[TRUCO_CALLS.index(calls[0].kind)]
        if chance > threshold:
            return calls[0]
        if chance < 0.35 and calls[0].kind is Kind.TRUCO and rng.random() < self.bluff:
            return calls[0]
        return None

    def _answer_truco(
        self, seen: SeatView, kinds: dict[Kind, list[Action]], pending: Kind, rng: random.Random
    ) -> Action:
        chance = hand_win_chance(seen)
        truco_rate, _envido_rate = self._judge(seen)
        level = TRUCO_CALLS.index(pending)  # 0 truco, 1 retruco, 2 vale cuatro
        # Judge the caller: a side that calls on a share *rate* of its hands
        # holds one of its better hands when it calls.
        rate = min(1.0, truco_rate * (1.0, 0.8, 0.65)[level])
        conditional = chance ** (1.0 / max(rate, 0.15))
        if truco_rate > 0.6:
            conditional = max(conditional, chance * 0.9)
        refused, accepted = level + 1, level + 2
        need = (1 - refused / accepted) / 2 + 0.05
        mine, theirs = seen.score[_me(seen) & 1], seen.score[1 - (_me(seen) & 1)]
        if theirs + refused >= seen.rules.target:
            need = 0.0  # refusing loses the game: play it out
        raises = [kinds[k][0] for k in TRUCO_CALLS if k in kinds]
        if raises and (conditional > 0.7 or (chance > 0.85 and truco_rate > 0.5)):
            return raises[0]
        if Kind.QUIERO in kinds and (conditional > need or (mine + 1 >= seen.rules.target and chance > 0.4)):
            return kinds[Kind.QUIERO][0]
        if raises and chance < 0.2 and rng.random() < self.bluff / 3:
            return raises[0]
        refuse = kinds.get(Kind.NO_QUIERO) or kinds.get(Kind.QUIERO) or list(seen.legal)
        return refuse[0]

    # -- cards -------------------------------------------------------------
    def _play(self, seen: SeatView, plays: list[Action]) -> Action:
        def strength(action: Action) -> int:
            assert action.card is not None
            return action.card.strength

        ordered = sorted(plays, key=strength)
        team = _me(seen) & 1
        table = seen.current_trick
        if not table:
            if len(ordered) == 3:
                return ordered[1]
            tricks = finished_tricks(seen)
            won_first = bool(tricks) and tricks[0][1] == team
            return ordered[0] if won_first and hand_win_chance(seen) < 0.5 else ordered[-1]
        top = max(card.strength for _seat, card in table)
        ours = any(card.strength == top and s & 1 == team for s, card in table)
        if ours:
            return ordered[0]
        winners = [a for a in ordered if strength(a) > top]
        if winners:
            return winners[0]
        ties = [a for a in ordered if strength(a) == top]
        tricks = finished_tricks(seen)
        if ties and (not tricks or tricks[0][1] == team):
            return ties[0]
        return ordered[0]


SimpleBot = HeuristicBot
"""The old name of :class:`HeuristicBot`."""


class TrucoAlwaysBot(HeuristicBot):
    """Calls truco (and raises) at every chance and never folds: it never says
    ``no-quiero`` nor goes to the mazo. Otherwise it plays like
    :class:`HeuristicBot` (without bluffs).

    >>> import random
    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import TrucoAlwaysBot
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1B", "3O", "3B"]]))
    >>> TrucoAlwaysBot().act(view(state, 0), random.Random(1))
    Action('0 truco')
    """

    name = "truco-always"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, bluff=0.0)

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """A truco call when there is one, else ``quiero``, else the heuristic."""
        kinds = _by_kind(view.legal)
        for kind in TRUCO_CALLS:
            if kind in kinds:
                return kinds[kind][0]
        if Kind.QUIERO in kinds:
            return kinds[Kind.QUIERO][0]
        action = super().act(view, rng)
        if action.kind in (Kind.NO_QUIERO, Kind.MAZO, Kind.CON_FLOR_ME_ACHICO):
            others = [a for a in view.legal if a.kind not in (Kind.NO_QUIERO, Kind.MAZO, Kind.CON_FLOR_ME_ACHICO)]
            return others[0] if others else action
        return action


# ---------------------------------------------------------------------------
# Search
# ---------------------------------------------------------------------------
_FIXED = random.Random(0)  # the opponent model's (unused) chance: it never bluffs
_PRIOR_RATES = (0.3, 0.25)  # an honest player's calls per hand, for players whose judgement we cannot see


def _hand_start(
    rules: RuleSet, seen: SeatView, deal: Deal, actions: Sequence[Action]
) -> tuple[State, tuple[int, int]] | None:
    """A state of the current hand built from *deal*, with the score the hand
    started with (the view's score less what the hand scored so far), and
    that score; ``None`` when the actions are not legal with this deal."""
    for guess in (seen.score, (0, 0)):
        score = guess
        for _ in range(3):
            try:
                state = new_game(rules, first_mano=seen.mano, score=score, chicos=seen.chicos)
                state, _ = apply(state, deal)
                for action in actions:
                    state, _ = apply(state, action)
            except (TrucoError, ValueError):
                break
            gained = (state.score[0] - score[0], state.score[1] - score[1])
            wanted = (seen.score[0] - gained[0], seen.score[1] - gained[1])
            if wanted == score:
                return state, score
            if min(wanted) < 0 or max(wanted) >= rules.target:
                break
            score = wanted
    return None


class SearchBot:
    """Tries each of its legal actions in sampled worlds and keeps the best.

    A world deals the unseen cards to the other seats consistently with the
    view (the cards they played, their flor, their declared points where the
    rules make declarations true): a sample for which the hand's public
    history would not be legal is thrown away. Each action is then played
    out to the end of the hand with :class:`HeuristicBot` continuations for
    every seat, and scored by the points it gains (a won game counts extra).
    All actions are tried in the same worlds.

    Args:
        playouts: playouts per decision, shared among the actions
            (the default keeps ``pytruco play`` instant).
        rollout: the continuation policy of every seat (``None``: heuristic
            players, that judge the other side by how often it has called so
            far; against a side that calls truco nearly every hand, that
            side plays out as :class:`TrucoAlwaysBot`).
        mismatch: how much less likely a world is for each call of the
            other side that a heuristic player would not have made with
            the cards of that world (1: calls tell nothing).
        prior: points a playout by which the heuristic's own choice starts
            ahead of the others (0: none).
        lead: points in all by which it starts ahead.

    >>> import random
    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import SearchBot
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> SearchBot(playouts=24).act(view(state, 0), random.Random(3)) in view(state, 0).legal
    True
    """

    name = "search"

    def __init__(
        self,
        playouts: int = 120,
        rollout: Bot | None = None,
        mismatch: float = 0.15,
        prior: float = 0.3,
        lead: float = 2.0,
    ) -> None:
        self.playouts = playouts
        self.rollout = rollout
        self.fallback = HeuristicBot()
        self.model = HeuristicBot(bluff=0.0, rates=_PRIOR_RATES)
        self.mismatch = mismatch
        self.prior = prior
        self.lead = lead

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """The action with the best average playout."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if view.phase is not Phase.PLAY or kinds & {Kind.TENGO, Kind.SON_BUENAS, Kind.RPS}:
            return self.fallback.act(view, rng)
        if Kind.FLOR in kinds and view.rules.flor_mandatory:
            return self.fallback.act(view, rng)
        candidates = [a for a in legal if a.kind is not Kind.RENDIRSE]
        team = _me(view) & 1
        seen_rates = self.fallback._judge(view)
        bully = seen_rates[0] > 0.75  # the other side calls truco nearly every hand
        if self.rollout is not None:
            policies: tuple[Bot, Bot] = (self.rollout, self.rollout)
        else:
            theirs: Bot = TrucoAlwaysBot() if bully else HeuristicBot(bluff=0.05, rates=_PRIOR_RATES)
            policies = (HeuristicBot(bluff=0.05, rates=seen_rates), theirs)
        model: Bot = TrucoAlwaysBot() if bully else self.model
        mismatch = 1.0 if bully else self.mismatch
        worlds = max(1, self.playouts // len(candidates))
        totals = [0.0] * len(candidates)
        made = 0
        for _ in range(worlds * 8):
            if made >= worlds:
                break
            start = self._world(view, rng, model, mismatch)
            if start is None:
                continue
            made += 1
            seed = rng.random()
            for index, action in enumerate(candidates):
                totals[index] += self._playout(start, action, team, policies, random.Random(seed))
        if not made:
            return self.fallback.act(view, rng)
        # The heuristic's own choice starts ahead by *prior* points a playout
        # and *lead* points in all: a few noisy playouts should not overturn it.
        usual = self.fallback.act(view, rng)
        for index, action in enumerate(candidates):
            if action == usual:
                totals[index] += self.prior * made + self.lead
        best = max(range(len(candidates)), key=lambda i: totals[i])
        return candidates[best]

    def _likely(self, seen: SeatView, state: State, score: tuple[int, int], model: Bot, mismatch: float) -> float:
        """How well the other side's calls in this world match what a heuristic
        player would have done with those cards (1: all of them)."""
        history = state.history
        start = next(i for i in range(len(history) - 1, -1, -1) if isinstance(history[i], Deal))
        team = _me(seen) & 1
        rules = state.rules
        weight = 1.0
        replayed = new_game(rules, first_mano=seen.mano, score=score, chicos=seen.chicos)
        replayed, _ = apply(replayed, history[start])
        for action in history[start + 1 :]:
            assert isinstance(action, Action)
            if action.seat & 1 != team and action.kind is not Kind.PLAY:
                guess = model.act(view(replayed, action.seat), _FIXED)
                if guess != action:
                    weight *= mismatch
            replayed, _ = apply(replayed, action)
        return weight

    def _world(self, seen: SeatView, rng: random.Random, model: Bot, mismatch: float) -> State | None:
        n = seen.rules.players
        deal_line = next((t for t in reversed(seen.history) if t.startswith("deal ")), None)
        if deal_line is None:
            return None
        try:
            actions = _hand_history(seen)
        except TrucoError:
            return None
        mine = Hand.parse(deal_line[5:])
        played: dict[int, list[Card]] = {s: [] for s in range(n)}
        declared: dict[int, int] = {}
        for action in actions:
            if action.kind is Kind.PLAY and action.card is not None:
                played[action.seat].append(action.card)
            elif action.kind is Kind.TENGO and action.points is not None:
                declared[action.seat] = action.points
        pool = _unseen(seen)
        rules = seen.rules
        sung = _flor_sung(seen)
        for _ in range(20):
            rng.shuffle(pool)
            at = 0
            hands: list[Hand] = []
            ok = True
            for seat in range(n):
                if seat == seen.seat:
                    hands.append(mine)
                    continue
                need = 3 - len(played[seat])
                cards = (*played[seat], *pool[at : at + need])
                at += need
                hand = Hand(cards)
                if (
                    seat in declared
                    and not rules.bluff
                    and seat not in sung
                    and hand.envido_points(rules.envido_count_three) != declared[seat]
                ):
                    ok = False
                    break
                if rules.flor and (seat in sung) != hand.has_flor and rules.flor_mandatory:
                    ok = False
                    break
                hands.append(hand)
            if not ok:
                continue
            found = _hand_start(rules, seen, Deal._of(tuple(hands)), actions)
            if found is not None and (mismatch >= 1 or rng.random() < self._likely(seen, *found, model, mismatch)):
                return found[0]
        return None

    def _playout(self, start: State, action: Action, team: int, policies: tuple[Bot, Bot], rng: random.Random) -> float:
        before = start.score
        hands = start.hands_dealt
        state, _ = apply(start, action)
        for _ in range(200):
            if state.is_over or state.is_chance or state.hands_dealt != hands:
                break
            acting = state.to_act
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            policy = policies[0] if seat & 1 == team else policies[1]
            state, _ = apply(state, policy.act(view(state, seat), rng))
        gained = (state.score[team] - before[team]) - (state.score[1 - team] - before[1 - team])
        if state.is_over:
            gained += 15 if state.winner == team else -15
        return float(gained)


# ---------------------------------------------------------------------------
# By name, and whole matches
# ---------------------------------------------------------------------------
BOT_NAMES: dict[str, Callable[[], Bot]] = {
    "heuristic": HeuristicBot,
    "random": RandomBot,
    "search": SearchBot,
    "simple": HeuristicBot,
    "truco-always": TrucoAlwaysBot,
}
"""The bots known by name to ``pytruco simulate`` and ``pytruco play``
(each value makes a new bot).

>>> from pytruco.bots import BOT_NAMES
>>> sorted(BOT_NAMES)
['heuristic', 'random', 'search', 'simple', 'truco-always']
"""


def load_bot(spec: str) -> Bot:
    """A new bot from a name in :data:`BOT_NAMES` or ``module:Class``
    (the class is called without arguments).

    Raises:
        ValueError: no such bot, or the object has no ``act`` method.

    >>> from pytruco.bots import load_bot
    >>> load_bot("heuristic").name
    'heuristic'
    >>> load_bot("pytruco.bots:RandomBot").name
    'random'
    >>> load_bot("nobody")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nobody' (known: heuristic, random, search, simple, truco-always, or module:Class)
    """
    if spec in BOT_NAMES:
        return BOT_NAMES[spec]()
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        known = ", ".join(sorted(BOT_NAMES))
        raise ValueError(f"unknown bot {spec!r} (known: {known}, or module:Class)")
    try:
        module = importlib.import_module(module_name)
        factory = getattr(module, attribute)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot load bot {spec!r}: {error}") from None
    bot = factory()
    if not callable(getattr(bot, "act", None)):
        raise ValueError(f"bot {spec!r} has no act(view, rng) method")
    return bot  # type: ignore[no-any-return]


def decide(bot: object, seen: SeatView, rng: random.Random) -> Action:
    act = getattr(bot, "act", None)
    if act is not None:
        return act(seen, rng)  # type: ignore[no-any-return]
    return bot.choose(seen)  # type: ignore[attr-defined,no-any-return]


def play_match(
    rules: RuleSet,
    bots: Sequence[Bot],
    *,
    rng: random.Random | None = None,
    first_mano: int | None = None,
    max_actions: int = 100_000,
) -> State:
    """Play a whole match between *bots* (one per seat) and return the final state.

    Deals, the first mano and the bots' chances come from *rng* (an
    unpredictable system source when ``None``). Bots with only the old
    ``choose(view)`` method still play.

    >>> import random
    >>> from pytruco import RuleSet
    >>> from pytruco.bots import RandomBot, SimpleBot, play_match
    >>> bots = [SimpleBot(random.Random(1)), RandomBot(random.Random(2))]
    >>> final = play_match(RuleSet.preset("default", target=15), bots, rng=random.Random(3))
    >>> final.is_over, final.winner in (0, 1), max(final.score) >= final.rules.target
    (True, True, True)
    """
    if not isinstance(rules, RuleSet):
        raise SetupError(f"play_match needs a RuleSet, not {quoted(rules)}")
    if not isinstance(bots, Sequence) or len(bots) != rules.players:
        raise SetupError(f"{rules.players} seats need a list of {rules.players} bots, not {quoted(bots)}")
    source = random_source(rng)
    state = new_game(rules, first_mano=first_mano, rng=source) if not rules.rps_first_mano else new_game(rules)
    for _ in range(max_actions):
        if state.is_over:
            return state
        if state.is_chance:
            state, _events = apply(state, random_deal(state, source))
            continue
        seat = state.to_act[0] if len(state.to_act) == 1 else source.choice(state.to_act)
        action = decide(bots[seat], view(state, seat), source)
        state, _events = apply(state, action)
    raise RuntimeError(f"the match did not end within {max_actions} actions")

"""Bots: a uniformly random player and a simple heuristic one.

A bot sees only a :class:`~pytruco.views.SeatView`, never the full state,
so it cannot cheat.

>>> import random
>>> from pytruco import RuleSet
>>> from pytruco.bots import RandomBot, SimpleBot, play_match
>>> rng = random.Random(5)
>>> final = play_match(RuleSet.preset("classic"), [SimpleBot(rng), RandomBot(rng)], rng=rng)
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .actions import ENVIDO_CALLS, TRUCO_CALLS, Action, Kind
from .cards import Hand, random_source
from .engine import apply, new_game, random_deal
from .errors import SetupError, quoted
from .rules import RuleSet
from .state import State
from .views import SeatView, view

__all__ = ["Bot", "RandomBot", "SimpleBot", "play_match"]


class Bot(Protocol):
    """Anything that picks an action for its seat from what the seat sees.

    >>> import random
    >>> from pytruco import Action, RuleSet
    >>> from pytruco.bots import Bot, RandomBot, play_match
    >>> from pytruco.views import SeatView
    >>> class FirstLegal:  # a Bot by its shape alone: no base class needed
    ...     def choose(self, seen: SeatView) -> Action:
    ...         return seen.legal[0]
    >>> players: list[Bot] = [FirstLegal(), RandomBot(random.Random(1))]
    >>> play_match(RuleSet.preset("default"), players, rng=random.Random(2)).is_over
    True
    """

    def choose(self, seen: SeatView) -> Action:
        """One of ``seen.legal``."""


class RandomBot:
    """Picks uniformly among its legal actions.

    >>> import random
    >>> from pytruco import Deal, apply, new_game
    >>> from pytruco.bots import RandomBot
    >>> from pytruco.views import view
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> seen = view(state, 0)
    >>> RandomBot(random.Random(4)).choose(seen) in seen.legal
    True
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random_source(rng)

    def choose(self, seen: SeatView) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(seen.legal)


class SimpleBot:
    """A plain heuristic player: sings flor, calls and accepts envido on good
    points, calls truco on strong cards, wins tricks cheaply, and declares
    truthfully. Good enough to learn the game against.

    >>> import random
    >>> from pytruco import Deal, apply, new_game
    >>> from pytruco.bots import SimpleBot
    >>> from pytruco.views import view
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> seen = view(state, 0)
    >>> SimpleBot(random.Random(4)).choose(seen) in seen.legal
    True
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random_source(rng)

    def choose(self, seen: SeatView) -> Action:
        """Pick an action by a few simple rules."""
        legal = seen.legal
        by_kind: dict[Kind, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        rules = seen.rules
        points = Hand(seen.hand).envido_points(rules.envido_count_three) if len(seen.hand) == 3 else 0
        strength = sum(card.strength for card in seen.hand)
        best = max((card.strength for card in seen.hand), default=0)

        if Kind.FLOR in by_kind:
            return by_kind[Kind.FLOR][0]
        if Kind.TENGO in by_kind:
            options = by_kind[Kind.TENGO]
            true = [a for a in options if a.points == points]
            if Kind.SON_BUENAS in by_kind and len(options) > 1:
                return true[0] if true else options[0]
            return true[0] if true else options[0]
        if Kind.SON_BUENAS in by_kind:
            return by_kind[Kind.SON_BUENAS][0]
        pending_envido = Kind.QUIERO in by_kind and bool(seen.envido_calls) and not seen.current_trick
        if Kind.QUIERO in by_kind:
            return self._answer(seen, by_kind, points, strength, best, pending_envido)
        for kind in (Kind.REAL_ENVIDO, Kind.ENVIDO):
            if kind in by_kind and points >= (30 if kind is Kind.REAL_ENVIDO else 27):
                return by_kind[kind][0]
        truco = [a for a in legal if a.kind in TRUCO_CALLS]
        if truco and (best >= 12 or strength >= 30) and self.rng.random() < 0.6:
            return truco[0]
        plays = by_kind.get(Kind.PLAY, [])
        if plays:
            return self._play(seen, plays)
        non_fold = [a for a in legal if a.kind is not Kind.MAZO]
        return self.rng.choice(non_fold or list(legal))

    def _answer(
        self,
        seen: SeatView,
        by_kind: dict[Kind, list[Action]],
        points: int,
        strength: int,
        best: int,
        pending_envido: bool,
    ) -> Action:
        raises = [a for a in seen.legal if a.kind in ENVIDO_CALLS or a.kind in TRUCO_CALLS]
        envido_answer = any(a.kind in ENVIDO_CALLS for a in raises) and not any(a.kind in TRUCO_CALLS for a in raises)
        if envido_answer or (pending_envido and not any(a.kind in TRUCO_CALLS for a in raises)):
            if points >= 31 and raises:
                return raises[0]
            return by_kind[Kind.QUIERO][0] if points >= 26 else by_kind[Kind.NO_QUIERO][0]
        if best >= 13 and raises and self.rng.random() < 0.5:
            return raises[0]
        if best >= 10 or strength >= 24:
            return by_kind[Kind.QUIERO][0]
        refuse = by_kind.get(Kind.NO_QUIERO) or by_kind.get(Kind.CON_FLOR_ME_ACHICO) or by_kind[Kind.QUIERO]
        return refuse[0]

    def _play(self, seen: SeatView, plays: list[Action]) -> Action:
        def strength(action: Action) -> int:
            assert action.card is not None
            return action.card.strength

        ordered = sorted(plays, key=strength)
        table = seen.current_trick
        if not table:
            return ordered[len(ordered) // 2]
        top = max(card.strength for _seat, card in table)
        top_team = {seat & 1 for seat, card in table if card.strength == top}
        if seen.seat is not None and top_team == {seen.seat & 1}:
            return ordered[0]
        winners = [a for a in ordered if strength(a) > top]
        return winners[0] if winners else ordered[0]


def play_match(
    rules: RuleSet,
    bots: Sequence[Bot],
    *,
    rng: random.Random | None = None,
    first_mano: int | None = None,
    max_actions: int = 100_000,
) -> State:
    """Play a whole match between *bots* (one per seat) and return the final state.

    Deals and the first mano come from *rng* (an unpredictable source when
    ``None``).

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
        action = bots[seat].choose(view(state, seat))
        state, _events = apply(state, action)
    raise RuntimeError(f"the match did not end within {max_actions} actions")

"""The IS-MCTS bot: information-set Monte Carlo tree search over worlds drawn by the library's exact sampler.

Each decision deals the cards the seat has not seen into worlds consistent with its view (the public sampler of
:mod:`pytruco.worlds`, through ``bots._worlds.seat_worlds``), each weighed once by how well the other side's
calls fit its cards there (as :class:`~pytruco.bots.SearchBot` weighs them). Each iteration draws one of those
worlds by its weight, walks one tree of its own team's action sequences shared by all the worlds (children
chosen by UCB with availability counts), adds one node, and plays the hand out with SearchBot's heuristic
players; in the tree the other team plays each world as the heuristic would with its cards there
(``model_opponents``; plain single-observer IS-MCTS, where it searches too, won a third of its matches against
the heuristic). The value is the points the seat's team gains in the hand (a won match counts extra).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from .._engine import State, apply, legal_actions
from ..actions import Action
from ..views import SeatView, view
from ._heuristic import HeuristicBot
from ._protocol import Bot, OneHotPolicy
from ._reading import left_to_heuristic, seat_of
from ._search import play_out, playout_policies
from ._worlds import calls_fit, seat_worlds

__all__ = ["ISMCTSBot"]


class _Node:
    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[int, _Node] = {}  # by Action.index (the actor is the same in every world)


class ISMCTSBot(OneHotPolicy):
    """Information-set MCTS over sampled worlds, with heuristic playouts.

    Args:
        iterations: tree iterations per decision, each in a world drawn from the deals by its weight.
        deals: deals of the unseen cards per decision (each weighed once by the other side's calls).
        exploration: the UCB constant, in points.
        rollout: the playout policy of every seat (``None``: heuristic players, as
            :class:`~pytruco.bots.SearchBot` plays out: its own side judges the other by how often it has called,
            a side that calls truco nearly every hand plays as :class:`~pytruco.bots.TrucoAlwaysBot`).
        mismatch: how much less likely a world is for each call of the other side that an honest heuristic player
            would not have made with its cards there (1: calls tell nothing; SearchBot's weighting).
        lead: points by which the heuristic's own choice starts ahead at the root.
        model_opponents: the other team plays each world as the rollout policy would (else by UCB in the tree,
            as plain single-observer IS-MCTS does).

    Declarations (``tengo``, ``son-buenas``), rock-paper-scissors and a mandatory flor are left to the heuristic.

    >>> import random
    >>> from pytruco import Deal, apply, new_game, view
    >>> from pytruco.bots import ISMCTSBot
    >>> table = new_game("online", first_mano=1)
    >>> table, _ = apply(table, Deal.parse([["4C", "5E", "6B"], ["1E", "7E", "3O"]]))
    >>> seen = view(table, 1)
    >>> choice = ISMCTSBot(iterations=20).act(seen, random.Random(5))
    >>> choice.seat, choice in seen.legal
    (1, True)
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 250,
        exploration: float = 3.0,
        rollout: Bot | None = None,
        lead: float = 1.0,
        model_opponents: bool = True,
        mismatch: float = 0.15,
        deals: int = 80,
    ) -> None:
        self.iterations = iterations
        self.deals = deals
        self.model_opponents = model_opponents
        self.exploration = exploration
        self.lead = lead
        self.fallback = HeuristicBot()
        self.rollout = rollout
        self.mismatch = mismatch
        self.model = HeuristicBot(bluff=0.0, rates="hand")

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """The root action of the best average value (the heuristic's choice starts :attr:`lead` points ahead)."""
        if left_to_heuristic(view):  # a single legal action too: the heuristic plays it
            return self.fallback.act(view, rng)
        seat = seat_of(view)
        legal = view.legal
        policies, weigh = self._policies(view, rng)
        worlds = seat_worlds(view, rng, weigh, self.deals)
        total = sum(weight for _, weight in worlds)
        if not total:
            return self.fallback.act(view, rng)
        # Each iteration plays a world drawn by its weight: a deal is weighed once, not dealt again until one fits.
        drawn = rng.choices([world for world, _ in worlds], [weight for _, weight in worlds], k=self.iterations)
        root = _Node()
        for world in drawn:
            self._iterate(world, root, seat & 1, policies, rng)
        usual = self.fallback.act(view, rng)
        best, choice = -math.inf, usual
        for index, node in root.children.items():
            action = Action.from_index(index, seat)
            if node.visits < 3 or action not in legal:
                continue
            # The heuristic's own choice starts *lead* points ahead: a few noisy worlds should not overturn it.
            value = node.total / node.visits + (self.lead if action == usual else 0.0)
            if value > best:
                best, choice = value, action
        return choice

    def _policies(
        self, seen: SeatView, rng: random.Random
    ) -> tuple[tuple[Bot, Bot], Callable[[State, tuple[int, int]], float]]:
        """The playout policies of the seat's team and of the other, and the weight of a world's deal."""
        policies, bully = playout_policies(self.fallback, seen, self.rollout)
        if bully or self.mismatch >= 1:
            return policies, lambda state, score: 1.0
        model, mismatch = self.model, self.mismatch

        def weight(state: State, score: tuple[int, int]) -> float:
            return calls_fit(seen, state, score, model, mismatch)

        return policies, weight

    def _iterate(self, world: State, root: _Node, team: int, policies: tuple[Bot, Bot], rng: random.Random) -> None:
        before = world.score
        hands = world.rounds_dealt
        state = world
        node = root
        path: list[tuple[_Node, int]] = []  # (child visited, acting team)
        expanded = False
        while not (state.is_over or state.is_chance or state.rounds_dealt != hands):
            acting = state.to_act
            actor = acting[0] if len(acting) == 1 else rng.choice(acting)
            if self.model_opponents and actor & 1 != team:
                # The other side plays as the heuristic would with its cards in this world: the tree holds
                # the seat's own team's decisions only (a world's omniscient opponents would fold too often).
                state, _ = apply(state, policies[1].act(view(state, actor), rng))
                continue
            moves = [a for a in legal_actions(state) if a.seat == actor]
            children = node.children
            fresh = []
            for a in moves:
                child = children.get(a.index)
                if child is None:
                    child = children[a.index] = _Node()
                child.available += 1
                if not child.visits:
                    fresh.append(a)
            if fresh:
                action = rng.choice(fresh)
                expanded = True
            else:
                sign = 1.0 if actor & 1 == team else -1.0
                c = self.exploration
                best = -math.inf
                action = moves[0]
                for a in moves:
                    child = children[a.index]
                    score = sign * child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                    if score > best:
                        best, action = score, a
            node = children[action.index]
            path.append((node, actor & 1))
            state, _ = apply(state, action)
            if expanded:
                break
        value = play_out(state, hands, team, before, policies, rng)
        for visited, _acting in path:
            visited.visits += 1
            visited.total += value

"""The search bot: it deals the cards it has not seen into sampled worlds and plays each of its choices out.

A world is thrown away when the round's public history would not be legal
with its cards, and kept less often the less the other side's calls fit
them; each choice is played out to the end of the round in the same worlds
with heuristic players at every seat (see :class:`SearchBot`).
"""

from __future__ import annotations

import random

from .._engine import State, apply, is_legal
from ..actions import Action, Kind
from ..views import SeatView, view
from ._heuristic import HeuristicBot, TrucoAlwaysBot
from ._protocol import Bot, OneHotPolicy
from ._reading import left_to_heuristic, seat_of
from ._worlds import calls_fit, seat_world

__all__ = ["SearchBot", "play_out", "playout_policies"]

WIN_VALUE = 15.0
"""What a match won (lost) in a playout is worth, in points, beside the points the hand gained."""


def play_out(
    state: State, hands: int, team: int, before: tuple[int, int], policies: tuple[Bot, Bot], rng: random.Random
) -> float:
    """Play *state* to the end of hand number *hands* (or of the match), *team*'s side by ``policies[0]`` and the
    other by ``policies[1]``: the points *team* gained over the other since the score *before*, and
    :data:`WIN_VALUE` more (less) if the match ended won (lost). SearchBot's and ISMCTSBot's playout.

    >>> import random
    >>> from pytruco import Deal, apply, new_game
    >>> start, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> players = (HeuristicBot(), HeuristicBot())
    >>> play_out(start, start.rounds_dealt, 0, start.score, players, random.Random(1)) != 0
    True
    """
    for _ in range(200):
        if state.is_over or state.is_chance or state.rounds_dealt != hands:
            break
        acting = state.to_act
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        policy = policies[0] if seat & 1 == team else policies[1]
        state, _ = apply(state, policy.act(view(state, seat), rng))
    gained = float((state.score[team] - before[team]) - (state.score[1 - team] - before[1 - team]))
    if state.is_over:
        gained += WIN_VALUE if state.winner == team else -WIN_VALUE
    return gained


def playout_policies(judge: HeuristicBot, seen: SeatView, rollout: Bot | None) -> tuple[tuple[Bot, Bot], bool]:
    """The playout players of the seat's side and of the other, for SearchBot and ISMCTSBot alike, and whether the
    other side is a bully (calls truco nearly every hand, as *judge* reads *seen*): *rollout* for both when given,
    else heuristic players, the seat's side judging the other by its call rates and the other side an honest
    heuristic that judges the seat's side by the calls of the hand played out (it never saw the earlier hands),
    or a TrucoAlwaysBot when it is a bully.

    >>> from pytruco import Deal, apply, new_game, view
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> (ours, theirs), bully = playout_policies(HeuristicBot(), view(state, 0), None)
    >>> type(ours).__name__, type(theirs).__name__, bully
    ('HeuristicBot', 'HeuristicBot', False)
    """
    seen_rates = judge.judge(seen)
    bully = seen_rates[0] > 0.75
    if rollout is not None:
        return (rollout, rollout), bully
    theirs: Bot = TrucoAlwaysBot() if bully else HeuristicBot(bluff=0.05, rates="hand")
    return (HeuristicBot(bluff=0.05, rates=seen_rates), theirs), bully


class SearchBot(OneHotPolicy):
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
        self.model = HeuristicBot(bluff=0.0, rates="hand")
        self.mismatch = mismatch
        self.prior = prior
        self.lead = lead

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """The action with the best average playout."""
        if left_to_heuristic(view):  # a single legal action too: the heuristic plays it
            return self.fallback.act(view, rng)
        legal = view.legal
        candidates = [a for a in legal if a.kind is not Kind.RENDIRSE]
        team = seat_of(view) & 1
        policies, bully = playout_policies(self.fallback, view, self.rollout)
        model: Bot = TrucoAlwaysBot() if bully else self.model
        mismatch = 1.0 if bully else self.mismatch
        worlds = max(1, self.playouts // len(candidates))
        totals = [0.0] * len(candidates)
        made = 0
        for _ in range(worlds * 8):
            if made >= worlds:
                break
            start = self._world(view, rng, model, mismatch)
            if start is None or not all(is_legal(start, action) for action in candidates):
                continue  # no world, or one where this seat could not choose as its view lets it
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

    def _world(self, seen: SeatView, rng: random.Random, model: Bot, mismatch: float) -> State | None:
        def likely(state: State, score: tuple[int, int]) -> bool:
            return mismatch >= 1 or rng.random() < calls_fit(seen, state, score, model, mismatch)

        return seat_world(seen, rng, likely, 20)

    def _playout(self, start: State, action: Action, team: int, policies: tuple[Bot, Bot], rng: random.Random) -> float:
        return play_out(apply(start, action)[0], start.rounds_dealt, team, start.score, policies, rng)

"""The worlds a searching bot plays in: the current hand rebuilt with the unseen cards dealt again.

:func:`seat_world` (one world, for :class:`~pytruco.bots.SearchBot`) and :func:`seat_worlds` (many, each
with a weight, for :class:`~pytruco.bots.ISMCTSBot`) are the one way the search bots deal a world: the seat's
own cards, the cards the others have shown, and a deal of the rest by :func:`pytruco.worlds.deal_world`,
replayed through the hand's public actions (:func:`world_start`) and kept only when the same seats are to act
as in the seat's view.

>>> import random
>>> from pytruco import Deal, apply, new_game, view
>>> from pytruco.bots._worlds import seat_world
>>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> world = seat_world(view(state, 0), random.Random(1))
>>> world is not None and view(world, 0) == view(state, 0)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .._engine import State, apply, new_game
from ..actions import Action, Deal, Kind
from ..cards import Hand
from ..errors import TrucoError
from ..rules import PicaPicaSchedule, RuleSet
from ..views import SeatView, view
from ..worlds import deal_world
from ._protocol import Bot
from ._reading import round_actions, seat_of, unseen_cards

__all__ = ["calls_fit", "seat_world", "seat_worlds", "world_start"]


_MODEL_SEED = 0  # the model's chance: a fresh source each guess, so a guess depends on its view alone


def world_start(
    rules: RuleSet, seen: SeatView, deal: Deal, actions: Sequence[Action], first: tuple[int, int] | None = None
) -> tuple[State, tuple[int, int]] | None:
    """A state of the current hand built from *deal*, with the score the hand
    started with (the view's score less what the hand scored so far), and
    that score; ``None`` when the actions are not legal with this deal.
    *first* is a score to try first (the one another deal of the hand found). The view's score less the points
    the hand has added to it (``round_points``) is tried before any other: a falta envido's value depends on the
    score it was sung at, so no guess from the score alone need lead to it."""
    before = (seen.score[0] - seen.round_points[0], seen.score[1] - seen.round_points[1])
    guesses = (seen.score, (0, 0)) if first is None else (first, seen.score, (0, 0))
    for guess in (before, *guesses) if min(before) >= 0 else guesses:
        score = guess
        for _ in range(3):
            try:
                state = new_game(rules, first_mano=seen.mano, score=score, chicos=seen.chicos)
                state, _ = apply(state, deal)
                for action in actions:
                    state, _ = apply(state, action)
            except TrucoError:
                break
            gained = (state.score[0] - score[0], state.score[1] - score[1])
            wanted = (seen.score[0] - gained[0], seen.score[1] - gained[1])
            if wanted == score:
                return state, score
            if min(wanted) < 0 or max(wanted) >= rules.target:
                break
            score = wanted
    return None


def _as_dealt(rules: RuleSet, seen: SeatView) -> RuleSet:
    """*rules* under which a new game's first hand is a pica hand exactly when *seen*'s hand is one, as far as the
    schedule allows (PRESETS.md §9.7): under ``"after-5"`` a game that starts with a team at 5 points or more
    starts with a pica hand, so the world of a normal hand at such a score is dealt under ``"always"`` (whose
    first hand is normal). The schedule says only which hand is a pica hand, not how one is played.

    >>> from pytruco import PicaPicaSchedule, RuleSet, new_game, view
    >>> rules = RuleSet.preset("default", players=6, pica_pica=True, pica_pica_schedule="after-5")
    >>> _as_dealt(rules, view(new_game(rules, score=(5, 0)), 0)).pica_pica_schedule
    <PicaPicaSchedule.ALWAYS: 'always'>
    """
    if rules.pica_pica and rules.pica_pica_schedule is PicaPicaSchedule.AFTER_5 and seen.duel is None:
        return rules.with_options(pica_pica_schedule=PicaPicaSchedule.ALWAYS)
    return rules


def seat_world(
    seen: SeatView,
    rng: random.Random,
    accept: Callable[[State, tuple[int, int]], bool] | None = None,
    tries: int = 40,
) -> State | None:
    """A state of the current hand that *seen*'s seat cannot tell from the real one, the unseen cards dealt at
    random, or ``None`` when *tries* deals are refused (or the view shows no deal): a deal is refused when the
    hand's public actions are not legal with it, when other seats than the view's would be to act (a flor that
    can answer), or when *accept* (given the state and the score the hand started with) says no."""
    kept: list[State] = []

    def keep(state: State, score: tuple[int, int]) -> bool:
        if accept is not None and not accept(state, score):
            return False
        kept.append(state)
        return True

    _deal(seen, rng, keep, tries)
    return kept[0] if kept else None


def seat_worlds(
    seen: SeatView, rng: random.Random, weigh: Callable[[State, tuple[int, int]], float], deals: int
) -> list[tuple[State, float]]:
    """The worlds of *deals* random deals of the unseen cards (less those :func:`seat_world` refuses before
    asking *accept*), each with its weight by *weigh* (given the state and the score the hand started with):
    a deal of a low weight is kept with it, not dealt again, so each deal costs one replay and one weighing.

    >>> import random
    >>> from pytruco import Deal, apply, new_game, view
    >>> from pytruco.bots._worlds import seat_worlds
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> [weight for _, weight in seat_worlds(view(state, 0), random.Random(1), lambda state, score: 0.5, 3)]
    [0.5, 0.5, 0.5]
    """
    kept: list[tuple[State, float]] = []

    def keep(state: State, score: tuple[int, int]) -> bool:
        kept.append((state, weigh(state, score)))
        return False  # deal again, until *deals* are dealt

    _deal(seen, rng, keep, deals)
    return kept


def _deal(seen: SeatView, rng: random.Random, keep: Callable[[State, tuple[int, int]], bool], tries: int) -> None:
    """Deal the unseen cards of *seen* until *keep* says yes to a world (or *tries* deals are done)."""
    deal_line = next((t for t in reversed(seen.history) if t.startswith("deal ")), None)
    if deal_line is None:
        return
    try:
        actions = round_actions(seen)
    except TrucoError:
        return
    rules = _as_dealt(seen.rules, seen)  # a pica hand or a normal one, as the view's
    start: list[tuple[int, int]] = []  # the score the hand started with, as the last deal found it

    def build(deal: Deal) -> bool | None:
        found = world_start(rules, seen, deal, actions, start[-1] if start else None)
        if found is None or found[0].to_act != seen.to_act:
            return None
        start.append(found[1])
        return True if keep(*found) else None

    mine = Hand.parse(deal_line[5:])
    deal_world(rules, seat_of(seen), mine, actions, unseen_cards(seen), rng, build, tries)


def calls_fit(seen: SeatView, state: State, score: tuple[int, int], model: Bot, mismatch: float) -> float:
    """How well the other side's calls in the world *state* (whose hand started at *score*) match what *model*
    would have done with the cards of that world: *mismatch* to the power of the calls it would not have made
    (1: all of them fit)."""
    history = state.history
    start = next(i for i in range(len(history) - 1, -1, -1) if isinstance(history[i], Deal))
    team = seat_of(seen) & 1
    weight = 1.0
    replayed = new_game(state.rules, first_mano=seen.mano, score=score, chicos=seen.chicos)
    replayed, _ = apply(replayed, history[start])
    for action in history[start + 1 :]:
        assert isinstance(action, Action)
        theirs = action.seat & 1 != team and action.kind is not Kind.PLAY
        if theirs and model.act(view(replayed, action.seat), random.Random(_MODEL_SEED)) != action:
            weight *= mismatch
        replayed, _ = apply(replayed, action)
    return weight

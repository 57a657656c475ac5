"""Train a small truco agent in about a minute: Monte Carlo control on the one-hand game against HeuristicBot.

The agent (seat 0 or 1, alternately) keeps a table of action values, keyed by a few features of what it sees
(its cards' strength, the trick, the truco level, the pending call, the envido points it holds) and by the action's
index in the seat-free action space (``Action.index``; ``legal_mask`` says which are legal). It plays the one-hand
research game (``RuleSet`` option ``hands=1``), epsilon-greedy, and learns from the points each hand gives its
team (``State.round_points``). Where its table knows no action yet it plays uniformly at random, so before training
it is the random bot. It prints, on the same seeded deals against the heuristic bot, the points per hand of the
untrained agent (random play), of the trained greedy agent, and of the heuristic bot itself in its place (the
mirror match, about 0): the two baselines the trained table sits between. Only pytruco is needed.

    python examples/train_agent.py [--seconds 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from pytruco import Action, Kind, RuleSet, State, apply, new_game, random_deal, view
from pytruco.bots import HeuristicBot
from pytruco.encode import legal_mask

RULES = RuleSet.preset("default", hands=1)
Key = tuple[int, int, int, int, int]


def features(state: State, seat: int) -> Key:
    """What the agent keys its table by: all of it is in the seat's view."""
    r = state.round
    assert r is not None
    strength = sum(card.strength for card in r.held_by(seat)) // 6
    call = 1 + list(Kind).index(r.pending[0]) if r.pending is not None and r.pending[1] % 2 != seat % 2 else 0
    return (strength, len(r.tricks), r.truco_level, call, r.envido_points[seat] // 7)


def choose(
    values: dict[tuple[Key, int], list[float]], key: Key, legal: list[int], rng: random.Random, epsilon: float
) -> int:
    """Epsilon-greedy over the actions the table has tried here; uniform where it has tried none."""
    tried = [i for i in legal if (key, i) in values]
    if not tried or rng.random() < epsilon:
        return rng.choice(legal)
    return max(tried, key=lambda i: values[key, i][0] / values[key, i][1])


def play_hand(
    values: dict[tuple[Key, int], list[float]] | None, seat: int, rng: random.Random, epsilon: float, learn: bool
) -> int:
    """One hand against the heuristic (the heuristic plays the agent's seat too when *values* is None); returns the
    points the agent's team won minus the other team's."""
    state = new_game(RULES, first_mano=rng.randrange(2))
    state, _ = apply(state, random_deal(state, rng))
    other = HeuristicBot()
    seen: list[tuple[Key, int]] = []
    while not state.is_over:
        actor = state.to_act[0]
        if actor != seat or values is None:
            state, _ = apply(state, other.act(view(state, actor), rng))
            continue
        key = features(state, seat)
        index = choose(values, key, [i for i, on in enumerate(legal_mask(state, seat)) if on], rng, epsilon)
        seen.append((key, index))
        state, _ = apply(state, Action.from_index(index, seat))
    points = state.round_points
    result = points[seat % 2] - points[1 - seat % 2]
    if learn and values is not None:
        for pair in seen:
            values[pair][0] += result
            values[pair][1] += 1
    return result


def evaluate(values: dict[tuple[Key, int], list[float]] | None, hands: int, seed: int) -> float:
    """Points per hand of the greedy policy (None: the heuristic in its place), on *hands* seeded hands."""
    rng = random.Random(seed)
    return sum(play_hand(values, n % 2, rng, 0.0, False) for n in range(hands)) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="training time (default: 60)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    values: dict[tuple[Key, int], list[float]] = defaultdict(lambda: [0.0, 0])
    before = evaluate(values, 400, args.seed)
    rng = random.Random(args.seed + 1)
    deadline = time.perf_counter() + args.seconds
    hands = 0
    while time.perf_counter() < deadline:
        play_hand(values, hands % 2, rng, 0.2, True)
        hands += 1
    after = evaluate(values, 400, args.seed)
    mirror = evaluate(None, 400, args.seed)
    print(f"trained on {hands} hands ({len(values)} table entries)")
    print(
        f"points per hand against the heuristic: {before:+.3f} before (random play), {after:+.3f} after; "
        f"the heuristic itself in the agent's seat: {mirror:+.3f}"
    )


if __name__ == "__main__":
    main()

"""Train a small truco agent in about a minute: Monte Carlo control on the one-hand game against HeuristicBot.

The agent (seat 0 or 1, alternately) keeps a table of action values, keyed by a few features of what it sees
(its cards' strength, the trick, the truco level, the pending call, the envido points it holds) and by the action's
index in the seat-free action space (``Action.index``; ``legal_mask`` says which are legal). It plays the one-hand
research game (``RuleSet`` option ``hands=1``), epsilon-greedy, and learns from the points each hand gives its
team (``State.round_points``). It prints the greedy policy's points per hand against the heuristic bot before and
after training, on the same seeded deals. Only pytruco is needed.

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


def play_hand(
    values: dict[tuple[Key, int], list[float]], seat: int, rng: random.Random, epsilon: float, learn: bool
) -> int:
    """One hand against the heuristic; returns the points the agent's team won minus the other team's."""
    state = new_game(RULES, first_mano=rng.randrange(2))
    state, _ = apply(state, random_deal(state, rng))
    other = HeuristicBot()
    seen: list[tuple[Key, int]] = []
    while not state.is_over:
        actor = state.to_act[0]
        if actor != seat:
            state, _ = apply(state, other.act(view(state, actor), rng))
            continue
        key = features(state, seat)
        legal = [i for i, on in enumerate(legal_mask(state, seat)) if on]
        if rng.random() < epsilon:
            index = rng.choice(legal)
        else:
            index = max(legal, key=lambda i: values[key, i][0] / values[key, i][1] if values[key, i][1] else 0.0)
        seen.append((key, index))
        state, _ = apply(state, Action.from_index(index, seat))
    points = state.round_points
    result = points[seat % 2] - points[1 - seat % 2]
    if learn:
        for pair in seen:
            values[pair][0] += result
            values[pair][1] += 1
    return result


def evaluate(values: dict[tuple[Key, int], list[float]], hands: int, seed: int) -> float:
    """Points per hand of the greedy policy, on *hands* seeded hands (both seats)."""
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
    print(f"trained on {hands} hands ({len(values)} table entries)")
    print(f"points per hand against the heuristic: {before:+.3f} before, {after:+.3f} after")


if __name__ == "__main__":
    main()

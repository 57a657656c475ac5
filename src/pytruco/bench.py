"""``pytruco bench``: random legal playouts, replays and views per second.

Each figure is measured on one core: a uniformly random choice among
:func:`~pytruco.legal_actions` at every step, with every rule enforced, from
a seeded :class:`random.Random`. Like :mod:`timeit`, each figure is the best
of several repeats, the one least disturbed by other work on the machine.
Views are measured early and late in one match (hand 1 and hand 28):
the two figures should be about equal. Speed is reported, never asserted.
"""

from __future__ import annotations

import json
import random
import time
from typing import TextIO

from .engine import apply, legal_actions, new_game, random_deal
from .records import Record, replay
from .rules import RuleSet
from .state import State

__all__ = ["playout_hands", "run_bench"]

CONFIGS: tuple[tuple[str, int], ...] = (
    ("default", 2),
    ("online", 2),
    ("classic", 2),
    ("ladder", 2),
    ("reglamento", 2),
    ("default", 4),
    ("default", 6),
)


def playout_hands(rules: RuleSet, seconds: float, seed: int) -> tuple[int, float]:
    """Play random games for about *seconds*; returns (hands played, seconds taken)."""
    rng = random.Random(seed)
    uniform = rng.random
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_game(rules, first_mano=0) if not rules.rps_first_mano else new_game(rules)
        while not state.is_over:
            if state.is_chance:
                state = apply(state, random_deal(state, rng))[0]
                hands += 1
            else:
                legal = legal_actions(state)
                state = apply(state, legal[int(uniform() * len(legal))])[0]
        if time.perf_counter() >= deadline:
            return hands, time.perf_counter() - start


def _sample_record(seed: int) -> Record:
    """A 10-hand default record from a seeded random game."""
    rng = random.Random(seed)
    rules = RuleSet.preset("default")
    while True:
        state: State = new_game(rules, first_mano=0)
        while not state.is_over and state.hands_dealt <= 10:
            if state.is_chance:
                if state.hands_dealt == 10:
                    break
                state = apply(state, random_deal(state, rng))[0]
            else:
                state = apply(state, rng.choice(legal_actions(state)))[0]
        if state.hands_dealt == 10:
            return Record.from_state(state)


def replays_per_second(seconds: float, seed: int) -> float:
    """Load a 10-hand record from JSON and replay it, repeatedly."""
    text = _sample_record(seed).dumps()
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        replay(Record.from_json(text))
        count += 1
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def match_positions(seed: int, late_hand: int = 28) -> tuple[State, State]:
    """Two positions of one seeded default match: early (the first hand, after
    a card) and late (the same moment of hand *late_hand*). Seats play cards
    only, so every hand is worth 1 point and the match lasts long enough."""
    rng = random.Random(seed)
    state: State = new_game(RuleSet.preset("default"), first_mano=0)
    early: State | None = None
    while True:
        if state.is_chance:
            state = apply(state, random_deal(state, rng))[0]
        legal = legal_actions(state)
        plays = [a for a in legal if a.card is not None] or list(legal)
        state = apply(state, rng.choice(plays))[0]
        if state.round is not None and len(state.round.current_trick) == 1 and not state.round.tricks:
            if state.hands_dealt == 1 and early is None:
                early = state
            elif state.hands_dealt == late_hand and early is not None:
                return early, state


def views_per_second(state: State, seconds: float) -> float:
    """Views of *state* for each seat (and a spectator), as JSON, per second."""
    from .views import view

    seats = [*range(state.rules.players), None]
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for seat in seats:
            view(state, seat).to_json()
        count += len(seats)
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def run_bench(*, seconds: float = 1.0, as_json: bool = False, seed: int = 1, repeats: int = 5, out: TextIO) -> int:
    """Measure and print every figure: the best of *repeats* runs of *seconds* / *repeats* each."""
    figures: dict[str, float] = {}
    share = seconds / repeats
    for preset, players in CONFIGS:
        rules = RuleSet.preset(preset, players=players)
        best = 0.0
        for _ in range(repeats):
            hands, taken = playout_hands(rules, share, seed)
            best = max(best, hands / taken)
        team = {2: "1v1", 4: "2v2", 6: "3v3"}[players]
        figures[f"{preset}/{team}/hands_per_s"] = round(best, 1)
    replays = max(replays_per_second(share, seed) for _ in range(repeats))
    figures["default/records_replayed_per_s"] = round(replays, 1)
    early, late = match_positions(seed)
    figures["default/views_per_s/hand_1"] = round(max(views_per_second(early, share) for _ in range(repeats)), 1)
    figures["default/views_per_s/hand_28"] = round(max(views_per_second(late, share) for _ in range(repeats)), 1)
    if as_json:
        out.write(json.dumps(figures) + "\n")
    else:
        width = max(len(key) for key in figures)
        for key, value in figures.items():
            out.write(f"{key:<{width}}  {value:>10,.0f}\n")
    return 0

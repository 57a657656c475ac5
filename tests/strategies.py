"""Hypothesis strategies for pytruco: presets, seat counts, targets, seeds and random legal playouts.

>>> import random
>>> spec = GameSpec(RuleSet.preset("classic", players=4), seed=7)
>>> steps = list(random_playout(spec))
>>> steps[-1].after.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import strategies as st

from pytruco import (
    PRESET_NAMES,
    Action,
    Deal,
    Event,
    Kind,
    Record,
    Rps,
    RuleSet,
    State,
    apply,
    legal_actions,
    new_game,
    random_deal,
)
from pytruco.cards import ALL_CARDS

# PRESETS.md §2: seats and targets each preset allows.
PLAYERS: dict[str, tuple[int, ...]] = {
    "default": (2, 4, 6),
    "online": (2,),
    "classic": (2, 4, 6),
    "ladder": (2,),
    "reglamento": (2, 4, 6),
}
TARGETS: dict[str, tuple[int, ...]] = {
    "default": (30, 15),
    "online": (30, 15),
    "classic": (30, 15),
    "ladder": (30,),
    "reglamento": (30, 15),
}
COMBOS: list[tuple[str, int]] = [(name, n) for name in PRESET_NAMES for n in PLAYERS[name]]

presets = st.sampled_from(PRESET_NAMES)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def rulesets(draw: st.DrawFn, preset: str | None = None, players: int | None = None) -> RuleSet:
    """A preset with an allowed seat count and target; flor switched on or off now and then (§8.5);
    pica-pica on or off with 6 seats (§2)."""
    name = draw(presets) if preset is None else preset
    n = draw(st.sampled_from(PLAYERS[name])) if players is None else players
    options: dict[str, Any] = {"players": n, "target": draw(st.sampled_from(TARGETS[name]))}
    if n == 6:
        options["pica_pica"] = draw(st.booleans())
    if name == "default":
        options["flor"] = draw(st.booleans())
    elif draw(st.integers(0, 5)) == 0:
        options["flor"] = False
    return RuleSet.preset(name, **options)


@attrs.frozen
class GameSpec:
    """Everything that decides a random playout."""

    rules: RuleSet
    seed: int
    timeouts: bool = False
    """Also choose ``timeout`` (for the seats to act) now and then."""
    rps: bool = True
    """For rules with rock-paper-scissors: draw the first mano by it (else it is given)."""


@st.composite
def games(draw: st.DrawFn, preset: str | None = None, players: int | None = None) -> GameSpec:
    """A random game: rules, seed, and whether timeouts are chosen too."""
    rules = draw(rulesets(preset, players))
    return GameSpec(rules, draw(seeds), timeouts=draw(st.booleans()), rps=draw(st.booleans()))


@attrs.frozen
class Step:
    """One applied action of a playout."""

    before: State
    action: Action | Deal
    after: State
    events: tuple[Event, ...]


def start_state(spec: GameSpec, rng: random.Random) -> State:
    rules = spec.rules
    if rules.rps_first_mano and spec.rps:
        return new_game(rules)
    return new_game(rules, first_mano=rng.randrange(rules.players))


def choose(state: State, rng: random.Random, timeouts: bool) -> Action:
    """Uniformly among the legal actions (with ``timeout`` in the pool when *timeouts*)."""
    pool = legal_actions(state, meta=timeouts)
    if timeouts:
        pool = tuple(a for a in pool if a.kind is not Kind.RENDIRSE)
    return rng.choice(pool)


def random_playout(spec: GameSpec, max_steps: int = 20_000) -> Iterator[Step]:
    """Play a whole match at random; deals come from ``random_deal(state, random.Random(seed))``."""
    rng = random.Random(spec.seed)
    deal_rng = random.Random(spec.seed ^ 0x5EED)
    state = start_state(spec, rng)
    for _ in range(max_steps):
        if state.is_over:
            return
        action: Action | Deal
        if state.is_chance:
            action = random_deal(state, deal_rng)
        else:
            action = choose(state, rng, spec.timeouts and rng.random() < 0.1)
        after, events = apply(state, action)
        yield Step(state, action, after, events)
        state = after
    raise AssertionError(f"the game did not end in {max_steps} steps")


WORDS = [kind for kind in Kind if kind not in (Kind.PLAY, Kind.TENGO, Kind.RPS)]


def candidate_actions(players: int) -> list[Action]:
    """Well-formed actions to try: every card, call word, ``tengo 0..40`` and rps choice for every seat
    (and for one seat beyond the table)."""
    out: list[Action] = []
    for seat in range(players + 1):
        out += [Action.play(seat, card) for card in ALL_CARDS]
        out += [Action.call(seat, kind) for kind in WORDS]
        out += [Action.tengo(seat, points) for points in range(41)]
        out += [Action.rps(seat, choice) for choice in Rps]
    return out


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a caller can observe of a state (to prove that apply does not change its input)."""
    r = state.round
    hand = None
    if r is not None:
        hand = (
            r.mano,
            r.dealt,
            r.held,
            r.tricks,
            r.current_trick,
            r.turn,
            r.folded,
            r.truco_level,
            r.truco_value,
            r.envido_calls,
            r.flor_sung,
            r.points,
            r.ended,
            r.winner,
        )
    return (
        state.rules,
        state.phase,
        state.score,
        state.chicos,
        state.mano,
        state.winner,
        state.is_over,
        state.is_chance,
        state.rounds_dealt,
        state.history,
        state.to_act,
        legal_actions(state, meta=True),
        hand,
    )


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
"""JSON values (no NaN or infinity, which a record refuses), nested at most a few levels: a record's ``meta``."""


@st.composite
def records(draw: st.DrawFn, max_steps: int = 150) -> Record:
    """The record of a random game cut after up to *max_steps* random legal actions (deals included), started
    from a random score (and chicos, under partido rules) with a random ``meta`` object (RECORDS.md "The
    record")."""
    rules = draw(rulesets())
    score = (draw(st.integers(0, rules.target - 1)), draw(st.integers(0, rules.target - 1)))
    chicos = (draw(st.integers(0, rules.chicos_to_win - 1)), draw(st.integers(0, rules.chicos_to_win - 1)))
    rng = random.Random(draw(seeds))
    first_mano = None if rules.rps_first_mano and draw(st.booleans()) else rng.randrange(rules.players)
    state = new_game(rules, first_mano=first_mano, score=score, chicos=chicos)
    for _ in range(draw(st.integers(0, max_steps))):
        if state.is_over:
            break
        state, _ = apply(state, random_deal(state, rng) if state.is_chance else choose(state, rng, False))
    meta = draw(st.dictionaries(st.text(max_size=6), json_values, max_size=3))
    return Record.from_state(state, meta=meta)

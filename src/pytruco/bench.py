"""``pytruco bench``: random legal playouts and replays per second.

Each figure is measured on one core: a uniformly random choice among
:func:`~pytruco.legal_actions` at every step, with every rule enforced, from
a seeded :class:`random.Random`. Like :mod:`timeit`, each figure is the best
of several repeats, the one least disturbed by other work on the machine.
Speed is reported, never asserted. The first line names the build that runs:
``compiled`` (the engine compiled with mypyc, ``PYTRUCO_COMPILE=1``) or ``pure``.
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import json
import random
import time
from array import array
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from ._engine import State, apply, legal_actions, new_game, random_deal
from .encode import (
    information_state,
    information_state_into,
    information_state_layout,
    information_state_string,
    legal_mask,
    observation,
)
from .records import Record, replay
from .rules import RuleSet
from .views import view

__all__ = ["encode_ratios", "engine_build", "playout_hands", "run_bench", "vector_steps_per_second"]

CONFIGS: tuple[tuple[str, int], ...] = (
    ("default", 2),
    ("online", 2),
    ("classic", 2),
    ("ladder", 2),
    ("reglamento", 2),
    ("default", 4),
    ("default", 6),
)


def engine_build() -> str:
    """Which build of the engine runs: ``"compiled"`` (its modules are C extensions, from a wheel built with
    ``PYTRUCO_COMPILE=1``) or ``"pure"`` (Python source).

    >>> from pytruco.bench import engine_build
    >>> engine_build() in ("compiled", "pure")
    True
    """
    reducer = importlib.import_module("pytruco._engine.reducer")
    return "pure" if str(reducer.__file__).endswith(".py") else "compiled"


def playout_hands(rules: RuleSet, seconds: float, seed: int) -> tuple[int, float]:
    """Play random games for about *seconds*; returns (hands played, seconds taken).

    >>> from pytruco import RuleSet
    >>> from pytruco.bench import playout_hands
    >>> hands, taken = playout_hands(RuleSet.preset("default"), 0.01, seed=1)
    >>> hands >= 1 and taken > 0
    True
    """
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
        while not state.is_over and state.rounds_dealt <= 10:
            if state.is_chance:
                if state.rounds_dealt == 10:
                    break
                state = apply(state, random_deal(state, rng))[0]
            else:
                state = apply(state, rng.choice(legal_actions(state)))[0]
        if state.rounds_dealt == 10:
            return Record.from_state(state)


def replays_per_second(seconds: float, seed: int) -> float:
    """Load a 10-hand record from JSON and replay it, repeatedly."""
    text = _sample_record(seed).dumps()

    def once() -> int:
        replay(Record.loads(text))
        return 1

    return _per_second(once, seconds)


def _per_second(work: Callable[[], int], seconds: float) -> float:
    """Call *work* (which returns how many things it did) for about *seconds*; things done per second."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        count += work()
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def _random_walk(rules: RuleSet, rng: random.Random) -> Iterator[State]:
    """Every state of seeded random games of *rules* (a uniform legal choice, a new match when one ends)."""
    state = new_game(rules, first_mano=0)
    while True:
        if state.is_over:
            state = new_game(rules, first_mano=0)
        yield state
        item = random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        state = apply(state, item)[0]


def _scale_state(actions: int, seed: int) -> State:
    """A seeded random ``reglamento`` game (a new one when a match ends) after *actions* actions (deals count)."""
    walk = _random_walk(RuleSet.preset("reglamento"), random.Random(seed))
    return next(itertools.islice(walk, actions, None))


def _cost_us(work: Callable[[], object], seconds: float) -> float:
    """Microseconds per call of *work*, over about *seconds*."""

    def twenty() -> int:
        for _ in range(20):
            work()
        return 20

    return 1e6 / _per_second(twenty, seconds)


def _scale_costs(state: State, seconds: float) -> dict[str, float]:
    """What a server pays per action at *state*: one apply, then hashing, recording and viewing the new
    state (the view of the seat that acts next, or of seat 0)."""
    legal = legal_actions(state) if not state.is_chance else ()
    item = legal[0] if legal else random_deal(state, random.Random(0))

    def step() -> State:
        return apply(state, item)[0]

    def hashed() -> int:
        return hash(apply(state, item)[0])

    def recorded() -> Record:
        return Record.from_state(apply(state, item)[0])

    def viewed() -> object:
        after = apply(state, item)[0]
        return view(after, after.to_act[0] if after.to_act else 0)

    share = seconds / 4
    apply_us = _cost_us(step, share)
    return {
        "apply_us": apply_us,
        "hash_us": max(0.0, _cost_us(hashed, share) - apply_us),
        "from_state_us": max(0.0, _cost_us(recorded, share) - apply_us),
        "view_us": max(0.0, _cost_us(viewed, share) - apply_us),
    }


def scale_figures(seconds: float, seed: int, repeats: int) -> dict[str, float]:
    """The cost of apply, hash, Record.from_state and view of the next state, early in a match and after 1,000
    actions (microseconds per call, best of *repeats*): it should not grow as a game gets longer.

    Each is measured on a fresh successor, as a server does after every action: hash starts from the parent's
    cached hash when there is one, and from_state from the finished hands the state keeps.
    """
    figures: dict[str, float] = {}
    for label, actions in (("early", 20), ("after_1000", 1000)):
        state = _scale_state(actions, seed)
        hash(state)
        Record.from_state(state)  # as a server that records every state has done before
        best: dict[str, float] = {}
        for _ in range(repeats):
            for name, value in _scale_costs(state, seconds / 2 / repeats).items():
                best[name] = min(best.get(name, value), value)
        for name, value in best.items():
            figures[f"scale/{name}/{label}"] = round(value, 2)
    return figures


def playout_figures(seconds: float, seed: int, repeats: int) -> dict[str, float]:
    """Hands per second of random playouts per preset and table size."""
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
    return figures


def record_figures(seconds: float, seed: int, repeats: int) -> dict[str, float]:
    """10-hand default records loaded from JSON and replayed per second."""
    share = seconds / repeats
    return {"default/records_replayed_per_s": round(max(replays_per_second(share, seed) for _ in range(repeats)), 1)}


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
            if state.rounds_dealt == 1 and early is None:
                early = state
            elif state.rounds_dealt == late_hand and early is not None:
                return early, state


def views_per_second(state: State, seconds: float) -> float:
    """Views of *state* for each seat (and a spectator), as JSON, per second."""
    seats = [*range(state.rules.players), None]

    def each() -> int:
        for seat in seats:
            view(state, seat).to_json()
        return len(seats)

    return _per_second(each, seconds)


def view_figures(seconds: float, seed: int, repeats: int) -> dict[str, float]:
    """Views per second early in a match (hand 1) and late (hand 28): they should not drop as it gets longer."""
    share = seconds / repeats
    early, late = match_positions(seed)
    return {
        "default/views_per_s/hand_1": round(max(views_per_second(early, share) for _ in range(repeats)), 1),
        "default/views_per_s/hand_28": round(max(views_per_second(late, share) for _ in range(repeats)), 1),
    }


def _playout_states(seed: int, count: int = 400) -> list[State]:
    """*count* states of seeded random default 1v1 playouts (new matches as they end), chance states left out."""
    walk = _random_walk(RuleSet.preset("default"), random.Random(seed))
    return list(itertools.islice((state for state in walk if not state.is_chance), count))


def research_figures(seconds: float, seed: int, repeats: int) -> dict[str, float]:
    """For learning: bare steps (``apply`` of a random legal action) per second, ``truco-obs/1`` observations
    (:func:`pytruco.encode.observation`) per second of the same states, the cost of an observation and of an
    information-state tensor in applies (:func:`encode_ratios`), and, with the extras installed, the vectorised
    environment's agent steps per second (:func:`vector_steps_per_second`) and ``python_truco``'s steps per second
    (``apply_action`` and ``legal_actions``, chance included) bare and with each tensor."""
    states = _playout_states(seed)
    moves = [legal_actions(state)[0] for state in states]
    share = seconds / repeats

    def steps() -> int:
        for state, move in zip(states, moves, strict=True):
            apply(state, move)
        return len(states)

    def observations() -> int:
        for state in states:
            observation(state, state.to_act[0])
        return len(states)

    figures = {
        "research/apply_steps_per_s": round(max(_per_second(steps, share) for _ in range(repeats)), 1),
        "research/observations_per_s": round(max(_per_second(observations, share) for _ in range(repeats)), 1),
    }
    figures.update(encode_ratios(states, repeats))
    if importlib.util.find_spec("gymnasium") is not None and importlib.util.find_spec("numpy") is not None:
        figures["research/vector_agent_steps_per_s"] = round(
            max(vector_steps_per_second(share, seed) for _ in range(repeats)), 1
        )
    if importlib.util.find_spec("pyspiel") is not None:
        for tensor in ("", "observation", "information_state"):
            key = f"research/openspiel_steps_per_s{'/' + tensor if tensor else ''}"
            figures[key] = round(max(_openspiel_steps_per_second(share, seed, tensor) for _ in range(repeats)), 1)
    return figures


def encode_ratios(states: list[State], repeats: int) -> dict[str, float]:
    """What an observation, an information-state tensor (a new list, or written into a buffer zeroed for each call)
    and string and a legal mask cost in applies, on *states* (each for its first seat to act, all of one rule set):
    each is timed (processor time) against ``apply`` of a legal action of the same states, interleaved in one
    process, best of *repeats*, so that the machine's load cancels.

    >>> from pytruco import RuleSet, new_game
    >>> from pytruco.bench import encode_ratios
    >>> "research/observation_per_apply" in encode_ratios([new_game(RuleSet.preset("default"), first_mano=0)], 1)
    True
    """
    pairs = [(state, state.to_act[0]) for state in states if state.to_act]
    moves = [legal_actions(state)[0] for state, _ in pairs]

    def applies() -> None:
        for (state, _), move in zip(pairs, moves, strict=True):
            apply(state, move)

    def each(encoder: Callable[[State, int], object]) -> Callable[[], None]:
        def run() -> None:
            for state, seat in pairs:
                encoder(state, seat)

        return run

    size = information_state_layout(pairs[0][0].rules).size if pairs else 0
    buffer, zeros = array("f", bytes(4 * size)), array("f", bytes(4 * size))

    def into() -> None:
        for state, seat in pairs:
            buffer[:] = zeros
            information_state_into(state, seat, buffer)

    works = {
        "apply": applies,
        "observation": each(observation),
        "information_state": each(information_state),
        "information_state_into": into,
        "information_state_string": each(information_state_string),
        "legal_mask": each(legal_mask),
    }
    best = dict.fromkeys(works, float("inf"))
    for _ in range(max(1, repeats)):
        for name, work in works.items():
            start = time.process_time()
            work()
            best[name] = min(best[name], time.process_time() - start)
    base = max(best["apply"], 1e-9)
    return {f"research/{name}_per_apply": round(best[name] / base, 2) for name in works if name != "apply"}


def vector_steps_per_second(seconds: float, seed: int, num_envs: int = 64) -> float:
    """Agent steps per second of :class:`pytruco.vector.TrucoVectorEnv` (*num_envs* 1v1 ``default`` tables against
    the ``random`` opponent, observations and masks), the agent choosing uniformly among its legal actions with
    NumPy (the ``pettingzoo`` extra).

    >>> import importlib.util
    >>> from pytruco.bench import vector_steps_per_second
    >>> importlib.util.find_spec("gymnasium") is None or vector_steps_per_second(0.01, 1, num_envs=2) > 0
    True
    """
    numpy: Any = importlib.import_module("numpy")
    vector: Any = importlib.import_module("pytruco.vector")
    tables = vector.TrucoVectorEnv(num_envs, opponent="random", copy=False)
    obs, _ = tables.reset(seed=seed)
    generator = numpy.random.default_rng(seed)

    def batch() -> int:
        nonlocal obs
        for _ in range(10):
            choice = (obs["action_mask"] * generator.random(obs["action_mask"].shape)).argmax(axis=1)
            obs = tables.step(choice)[0]
        return 10 * num_envs

    return _per_second(batch, seconds)


def _openspiel_steps_per_second(seconds: float, seed: int, tensor: str = "") -> float:
    """Random playouts of ``python_truco`` (the ``openspiel`` extra), steps per second; with *tensor*
    (``observation`` or ``information_state``), each step also asks the player to act for that tensor."""
    importlib.import_module("pytruco.openspiel")  # registers python_truco
    pyspiel: Any = importlib.import_module("pyspiel")
    game = pyspiel.load_game("python_truco")
    rng = random.Random(seed)

    def match() -> int:
        steps = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                if tensor:
                    getattr(state, f"{tensor}_tensor")(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return _per_second(match, seconds)


Section = Callable[[float, int, int], dict[str, float]]

SECTIONS: tuple[tuple[str, Section], ...] = (
    ("playouts", playout_figures),
    ("records", record_figures),
    ("views", view_figures),
    ("scale", scale_figures),
    ("research", research_figures),
)
"""The bench's sections: a name and a function of (seconds per figure, seed, repeats) that returns its figures
(named ``"<section-ish key>/..."``). A new section adds its line here."""


def run_bench(*, seconds: float = 1.0, as_json: bool = False, seed: int = 1, repeats: int = 5, out: TextIO) -> int:
    """Measure and print every figure, section by section: each figure is the best of *repeats* runs.

    The JSON object is flat (``"default/1v1/hands_per_s"``, ``"scale/apply_us/after_1000"``, ...), with
    ``"build/compiled"`` 1 or 0 (:func:`engine_build`); the text names the build first, then shows each section
    under its name.

    >>> import io, json
    >>> from pytruco.bench import run_bench
    >>> out = io.StringIO()
    >>> run_bench(seconds=0.001, as_json=True, repeats=1, out=out)
    0
    >>> "default/1v1/hands_per_s" in json.loads(out.getvalue())
    True
    """
    build = engine_build()
    sections = [(name, figure(seconds, seed, repeats)) for name, figure in SECTIONS]
    if as_json:
        flat = {"build/compiled": float(build == "compiled")}
        flat.update((key, value) for _, figures in sections for key, value in figures.items())
        out.write(json.dumps(flat) + "\n")
        return 0
    width = max(len(key) for _, figures in sections for key in figures)
    out.write(f"build: {build} ({'the engine compiled with mypyc' if build == 'compiled' else 'pure Python'})\n")
    for name, figures in sections:
        out.write(f"[{name}]\n")
        for key, value in figures.items():
            shown = f"{value:>10,.0f}" if value >= 100 else f"{value:>10,.2f}"
            out.write(f"{key:<{width}}  {shown}\n")
    return 0

"""Issue 36 ("the fuzz targets extended to these surfaces"): Hypothesis fuzzing of the research adapters.

A state's text (random, and mutated from a real one), chance and player actions of any value, and the
environments' actions, agents and seeds of any type: only the library's errors (TrucoError) escape, and a text
that reads back is the state it names. Bounded like tests/test_fuzz.py (PYTRUCO_FUZZ_SCALE fuzzes longer); the
engine under these adapters is the compiled one when the compiled build is installed.
"""

from __future__ import annotations

import contextlib
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytruco import TrucoError

pyspiel = pytest.importorskip("pyspiel", reason="no openspiel extra: pip install 'pytruco-ar[openspiel]'")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo", reason="no pettingzoo extra: pip install 'pytruco-ar[pettingzoo]'")

import pytruco.openspiel  # noqa: E402, F401  (registers python_truco)
from pytruco.gym import TrucoEnv  # noqa: E402
from pytruco.pettingzoo import raw_env  # noqa: E402

SCALE = float(os.environ.get("PYTRUCO_FUZZ_SCALE", "1"))
FAST = settings(max_examples=max(1, int(120 * SCALE)), deadline=None)
GAME = pyspiel.load_game("python_truco(hands=2,flor=True)")
ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(0, 100), max_size=3),
)


def _real_text(seed: int) -> str:
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    for _ in range(rng.randrange(40)):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return str(state.serialize())


@FAST
@given(st.text(alphabet="0123456789\n,:-=historymove_numbr_dict", max_size=200))
def test_random_state_text_raises_only_library_errors(text: str) -> None:
    try:
        state = GAME.deserialize_state(text)
    except TrucoError:
        return
    assert state.serialize() == "".join(f"{action}\n" for action in state.history())


@FAST
@given(st.integers(0, 10**6), st.integers(0, 400), st.text(alphabet="0123456789\n-x", max_size=4))
def test_mutated_state_text_reads_back_or_is_refused(seed: int, at: int, insert: str) -> None:
    text = _real_text(seed)
    at = min(at, len(text))
    mutated = text[:at] + insert + text[at + len(insert) :]
    try:
        state = GAME.deserialize_state(mutated)
    except TrucoError:
        return
    assert state.serialize() == mutated


@FAST
@given(st.integers(0, 10**6), st.integers(-(2**40), 2**40))
def test_any_action_number_is_applied_or_refused_without_change(seed: int, action: int) -> None:
    state = GAME.deserialize_state(_real_text(seed))
    if state.is_terminal():
        return
    before = state.history()
    try:
        state.apply_action(action)
    except TrucoError:
        assert state.history() == before
        return
    assert state.history() == [*before, action]


@FAST
@given(ANY, ANY, ANY)
def test_the_environments_take_any_value_or_refuse_it(action: object, agent: object, seed: object) -> None:
    table = raw_env(hands=1)
    for call in (lambda: table.reset(seed=seed), lambda: table.observe(agent), lambda: table.step(action)):
        with contextlib.suppress(TrucoError):
            call()
    game = TrucoEnv(hands=1, illegal_action="lose")
    for call in (lambda: game.reset(seed=seed), lambda: game.step(action)):
        with contextlib.suppress(TrucoError):
            call()

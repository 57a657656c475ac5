"""Small helpers that let rule tests read like game records.

One way to start a game: :func:`play` (rules, the deal, the actions); :func:`start` only where a test needs the
table before its first deal. :func:`refused` names why an action is not legal, by its stable code.

>>> state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "0 envido", "1 quiero", "0 tengo 33")
>>> legal(state)
['1 son-buenas', '1 tengo 29']
>>> refused(state, "1 tengo 30")
'envido-points-untrue'
"""

from __future__ import annotations

import os
import sys
import types
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pytruco import (
    Action,
    Deal,
    IllegalActionError,
    RuleSet,
    State,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    replay,
)
from pytruco.bots import BOT_NAMES, Bot, ISMCTSBot, SearchBot, load_bot

DealCards = Sequence[Sequence[str]]

LONG_TESTS = os.environ.get("PYTRUCO_LONG_TESTS", "") not in ("", "0")
"""``PYTRUCO_LONG_TESTS=1``: the slowest property tests run all their examples (README, "Tests")."""

_LITTLE_SEARCH: dict[str, Callable[[], Bot]] = {
    "search": lambda: SearchBot(playouts=4),
    "ismcts": lambda: ISMCTSBot(iterations=30, deals=12),
}
QUICK_BOTS: dict[str, Callable[[], Bot]] = {
    name: _LITTLE_SEARCH.get(name, lambda name=name: load_bot(name))  # type: ignore[misc]
    for name in BOT_NAMES
}
"""A new bot by each library name, the searching bots with little search, so that whole games stay quick."""


def build_hook() -> types.ModuleType:
    """The project's ``hatch_build.py`` (the build hook), imported from the checkout; skips the test where
    hatchling, which it imports, is missing (the compiled build's test run)."""
    pytest.importorskip("hatchling", reason="hatchling (the build backend, which hatch_build.py imports) is missing")
    root = str(Path(__file__).resolve().parents[1])
    sys.path.insert(0, root)
    try:
        import hatch_build
    finally:
        sys.path.remove(root)
    return hatch_build


def examples(count: int) -> int:
    """How many Hypothesis examples a slow property test runs: *count* in the long run
    (``PYTRUCO_LONG_TESTS=1``), a quarter of it (at least 10) in the default run.

    >>> examples(60) in (15, 60)
    True
    """
    return count if LONG_TESTS else max(10, count // 4)


def rules_of(rules: str | RuleSet, **options: Any) -> RuleSet:
    """A RuleSet from a preset name (with options) or a RuleSet (options applied)."""
    if isinstance(rules, RuleSet):
        return rules.with_options(**options) if options else rules
    return RuleSet.preset(rules, **options)


def _item(item: str | Action | Deal | DealCards) -> Action | Deal:
    """An action or a deal: record notation, an Action or a Deal as it is, a deal as lists of card texts."""
    if isinstance(item, (Action, Deal)):
        return item
    if isinstance(item, str):
        return Action.parse(item)
    return Deal.parse(item)


def refused(state: State, *items: str | Action | Deal | DealCards) -> str:
    """Apply every item but the last (they must be legal), then return the stable code
    (:attr:`IllegalActionError.code`) of the last one's refusal: the test states the rule it breaks.

    Fails when the last item is legal, when ``is_legal`` says otherwise than ``check``, or when ``apply`` refuses
    it with another code or sentence than ``check``, and checks that the refused ``apply`` changed nothing.

    >>> state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    >>> refused(state, "0 envido", "1 quiero", "0 real-envido")
    'envido-one-chain'
    """
    assert items, "refused needs the action to refuse"
    state = act(state, *items[:-1])
    last = _item(items[-1])
    before = (state.history, state.score, legal_actions(state, meta=True))
    assert not is_legal(state, last), f"{last} is legal here: no refusal to name"
    with pytest.raises(IllegalActionError) as checked:
        check(state, last)
    with pytest.raises(IllegalActionError) as applied:
        apply(state, last)
    assert (applied.value.code, str(applied.value)) == (checked.value.code, str(checked.value))
    assert (state.history, state.score, legal_actions(state, meta=True)) == before
    return checked.value.code


def start(
    rules: str | RuleSet,
    *,
    first_mano: int = 0,
    score: tuple[int, int] = (0, 0),
    chicos: tuple[int, int] = (0, 0),
    **options: Any,
) -> State:
    """A new game of *rules* (a preset name and options, or a RuleSet), before its first deal: for the tests
    that need the table undealt (rock-paper-scissors, a first deal refused); every other test starts with
    :func:`play`."""
    return new_game(rules_of(rules, **options), first_mano=first_mano, score=score, chicos=chicos)


def act(state: State, *actions: str | Action | DealCards) -> State:
    """Apply actions in record notation (or a deal as lists of card texts) in order."""
    for item in actions:
        state, _ = apply(state, _item(item))
    return state


def play(
    rules: str | RuleSet,
    deal: DealCards,
    *actions: str,
    first_mano: int = 0,
    score: tuple[int, int] = (0, 0),
    chicos: tuple[int, int] = (0, 0),
    **options: Any,
) -> State:
    """Start a game, deal *deal* and apply *actions*; the state after the last one."""
    state = start(rules, first_mano=first_mano, score=score, chicos=chicos, **options)
    return act(state, deal, *actions)


def play_hands(
    rules: str | RuleSet,
    hands: Iterable[tuple[DealCards, Sequence[str]]],
    *,
    first_mano: int = 0,
    score: tuple[int, int] = (0, 0),
    chicos: tuple[int, int] = (0, 0),
    **options: Any,
) -> State:
    """Several hands: ``[(deal, [actions...]), ...]``."""
    state = start(rules, first_mano=first_mano, score=score, chicos=chicos, **options)
    for deal, actions in hands:
        state = act(state, deal, *actions)
    return state


def finish_hand(state: State) -> State:
    """End the current hand with timeouts (each refuses, concedes or folds) until it is over."""
    hands = state.rounds_dealt
    while not state.is_over and not state.is_chance and state.rounds_dealt == hands:
        state = act(state, f"{state.to_act[0]} timeout")
    return state


def won(state: State, team: int) -> bool:
    """Whether *team* has just won the game (in reglamento: a chico, starting from 0-0 chicos)."""
    if state.rules.chicos_to_win > 1:
        return state.chicos[team] == 1 and state.chicos[1 - team] == 0
    return state.is_over and state.winner == team


def legal(state: State, seat: int | None = None) -> list[str]:
    """The legal actions (without timeout and rendirse) as sorted strings."""
    return sorted(str(a) for a in legal_actions(state) if seat is None or a.seat == seat)


def points(state: State) -> tuple[int, int]:
    """The points each team has scored in the current (or last) hand."""
    assert state.round is not None
    return state.round.points


def record_result(
    rules: str | dict[str, Any],
    hands: Sequence[tuple[DealCards, Sequence[str]]],
    **members: Any,
) -> dict[str, Any]:
    """Replay an inline record and return replay's JSON output."""
    record: dict[str, Any] = {"format": "truco-record/1", "rules": rules, **members}
    record.setdefault("first_mano", 0)
    record["hands"] = [{"deal": [list(s) for s in deal], "actions": list(actions)} for deal, actions in hands]
    return replay(record).to_json()


def differences(expected: Any, got: Any, where: str = "", limit: int = 8) -> list[str]:
    """Where two JSON values differ, one line per differing member (at most *limit*), for a readable failure.

    >>> expected = {"score": [1, 2], "legal": ["0 truco"]}
    >>> for line in differences(expected, {"score": [1, 3], "legal": ["0 mazo", "0 truco"]}):
    ...     print(line)
    score[1]: expected 2, got 3
    legal: extra '0 mazo'
    """
    out: list[str] = []
    _differ(expected, got, where, out)
    return out[:limit] + ([f"... and {len(out) - limit} more"] if len(out) > limit else [])


def _differ(expected: Any, got: Any, where: str, out: list[str]) -> None:
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in [*expected, *(k for k in got if k not in expected)]:
            name = f"{where}.{key}" if where else str(key)
            if key not in got:
                out.append(f"{name}: missing (expected {expected[key]!r})")
            elif key not in expected:
                out.append(f"{name}: unexpected member ({got[key]!r})")
            else:
                _differ(expected[key], got[key], name, out)
    elif (
        isinstance(expected, list)
        and isinstance(got, list)
        and all(isinstance(x, str) for x in [*expected, *got])
        and expected != got
        and sorted(expected) == expected
        and sorted(got) == got
    ):
        # A sorted list of names (the legal actions): say which are missing and which are extra.
        missing = [x for x in expected if x not in got]
        extra = [x for x in got if x not in expected]
        out.extend(f"{where}: missing {x!r}" for x in missing)
        out.extend(f"{where}: extra {x!r}" for x in extra)
    elif isinstance(expected, list) and isinstance(got, list):
        for index, (a, b) in enumerate(zip(expected, got, strict=False)):
            _differ(a, b, f"{where}[{index}]", out)
        if len(expected) != len(got):
            out.append(f"{where}: expected {len(expected)} items, got {len(got)}")
    elif expected != got or type(expected) is not type(got):
        out.append(f"{where}: expected {expected!r}, got {got!r}")

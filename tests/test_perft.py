"""Perft: the number of legal action sequences from fixed deals, pinned in ``golden/perft.json``.

Like chess perft counts, these numbers catch any change in what is legal, anywhere in the tree: a sequence
of *d* actions counts once when it reaches depth *d* or ends the hand earlier. The counts are data checked in;
if a rule change alters them on purpose, ``python tests/test_perft.py`` proposes new counts (read the diff, say why
in the commit). The test itself never writes them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytruco import Deal, Phase, RuleSet, State, apply, legal_actions, new_game

GOLDEN = Path(__file__).resolve().parent / "golden" / "perft.json"

CASES: dict[str, dict[str, Any]] = {
    "default": {"preset": "default", "deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "depth": 8},
    "default-flor": {
        "preset": "default",
        "options": {"flor": True},
        "deal": [["4C", "5C", "6C"], ["7B", "5B", "12B"]],
        "depth": 8,
    },
    "online": {"preset": "online", "deal": [["4C", "5C", "6C"], ["7B", "5B", "12B"]], "depth": 8},
    "classic": {"preset": "classic", "deal": [["4C", "5C", "6C"], ["7B", "5B", "12B"]], "depth": 8},
    "ladder": {"preset": "ladder", "deal": [["4C", "5C", "6C"], ["7B", "5B", "12B"]], "depth": 8},
    "reglamento": {"preset": "reglamento", "deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "depth": 5},
    "default-2v2": {
        "preset": "default",
        "options": {"players": 4},
        "deal": [["3O", "12O", "4E"], ["7C", "10C", "2E"], ["6B", "5B", "1O"], ["4C", "3C", "11E"]],
        "depth": 6,
    },
}


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.phase is not Phase.PLAY:
        return 1
    return sum(perft(apply(state, action)[0], depth - 1) for action in legal_actions(state))


def start(case: dict[str, Any]) -> State:
    rules = RuleSet.preset(case["preset"], **case.get("options", {}))
    state = new_game(rules, first_mano=0)
    return apply(state, Deal.parse(case["deal"]))[0]


def counts(name: str) -> list[int]:
    case = CASES[name]
    state = start(case)
    return [perft(state, depth) for depth in range(1, case["depth"] + 1)]


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft split by the first action (chess's "divide"): which subtree a changed count comes from."""
    return {str(action): perft(apply(state, action)[0], depth - 1) for action in legal_actions(state)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_perft_counts(name: str) -> None:
    """Every preset's legal action tree from a fixed deal matches the counts checked in (PRESETS.md, per preset).

    A failure names the first depth that differs and, below it, the first actions whose subtrees changed.
    """
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[name]
    got = counts(name)
    for depth, (expected, count) in enumerate(zip(golden, got, strict=True), 1):
        if expected != count:
            state = start(CASES[name])
            split = divide(state, depth)
            pytest.fail(
                f"perft {name}: depth {depth} counts {count} action sequences, the checked-in count is {expected}"
                f" (counts by depth: got {got}, expected {golden}); at depth {depth}, by first action: {split}",
                pytrace=False,
            )


if __name__ == "__main__":
    # A proposal, never run by the test: write the counts the engine gives now, then read the diff.
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps({name: counts(name) for name in sorted(CASES)}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}; read `git diff` before committing")

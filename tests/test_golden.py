"""Golden playthroughs: fixed records in ``tests/golden/playthroughs/*.json``, replayed and compared.

Each file is data, checked in: the rules, the first mano and every action of one game, and for every state the
events of the action that led there, the phase, score, duel, seats to act, legal actions, the refusal (message,
code, params) of a few illegal actions, and (member ``views``) each seat's view. The test replays the file's own
actions against the engine under test and compares member by member; nothing here chooses an action or writes a
file, so a wrong rule cannot regenerate its own expectations. A failure names the game, the state (with the action
that led to it), the seat and the member that differ.

``tests/golden_gen.py`` only *proposes* a file (for a new game, or after a rule changed on purpose); read its diff
before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from golden_gen import events, observe, parse, refusal, start, views
from helpers import differences
from pytruco import IllegalActionError, RuleSet, State, apply, check

DIR = Path(__file__).resolve().parent / "golden" / "playthroughs"
FILES = sorted(DIR.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def replay_golden(golden: dict[str, Any]) -> list[tuple[State, list[dict[str, Any]]]]:
    """Each state of the golden game, with the events of the action that led to it, replayed from the file."""
    state = start(RuleSet.from_dict(golden["rules"]), golden["first_mano"])
    out: list[tuple[State, list[dict[str, Any]]]] = [(state, [])]
    for index, step in enumerate(golden["states"][1:], 1):
        item = parse(step["after"])
        try:
            check(state, item)
        except IllegalActionError as error:
            pytest.fail(f"{golden['game']} state {index}: the recorded {step['after']!r} is refused: {error}")
        state, emitted = apply(state, item)
        out.append((state, events(emitted)))
    return out


@pytest.fixture(scope="module", params=FILES, ids=[f.stem for f in FILES])
def game(request: pytest.FixtureRequest) -> tuple[dict[str, Any], list[tuple[State, list[dict[str, Any]]]]]:
    golden = load(request.param)
    return golden, replay_golden(golden)


def _fail(golden: dict[str, Any], index: int, what: str, lines: list[str]) -> None:
    after = golden["states"][index]["after"]
    head = f"{golden['game']} state {index} (after {after!r}): {what} not as in the golden file:"
    pytest.fail("\n  ".join([head, *lines]), pytrace=False)


def test_golden_states_replay_the_same(game: tuple[dict[str, Any], list[tuple[State, Any]]]) -> None:
    """Every state's phase, score, duel, seats to act and legal actions are the file's (PRESETS.md, all presets)."""
    golden, replayed = game
    for index, (step, (state, _)) in enumerate(zip(golden["states"], replayed, strict=True)):
        expected = {key: step[key] for key in ("phase", "score", "duel", "to_act", "legal")}
        lines = differences(expected, observe(state))
        if lines:
            _fail(golden, index, "the state", lines)


def test_golden_events_replay_the_same(game: tuple[dict[str, Any], list[tuple[State, Any]]]) -> None:
    """Every action's events (kind, seat, team, points, card, detail) are the file's."""
    golden, replayed = game
    for index, (step, (_, emitted)) in enumerate(zip(golden["states"], replayed, strict=True)):
        lines = differences({"events": step["events"]}, {"events": emitted})
        if lines:
            _fail(golden, index, "the events", lines)


def test_golden_refusals_replay_the_same(game: tuple[dict[str, Any], list[tuple[State, Any]]]) -> None:
    """The illegal actions the file lists are refused with the file's message, code and params."""
    golden, replayed = game
    for index, (step, (state, _)) in enumerate(zip(golden["states"], replayed, strict=True)):
        got = [refusal(state, parse(entry["action"])) for entry in step["refusals"]]
        lines = differences({"refusals": step["refusals"]}, {"refusals": got})
        if lines:
            _fail(golden, index, "a refusal", lines)


def test_golden_views_replay_the_same(game: tuple[dict[str, Any], list[tuple[State, Any]]]) -> None:
    """Each seat's view of every state is the file's (a failure names the seat and the member)."""
    golden, replayed = game
    for index, (seen, (state, _)) in enumerate(zip(golden["views"], replayed, strict=True)):
        for seat, (expected, got) in enumerate(zip(seen, views(state), strict=True)):
            lines = differences(expected, got)
            if lines:
                _fail(golden, index, f"seat {seat}'s view", lines)


def test_golden_files_are_records_not_seeds() -> None:
    """The files hold their actions (every state after the first names one) and one view per seat per state."""
    assert [f.stem for f in FILES], "no golden files"
    for path in FILES:
        golden = load(path)
        states = golden["states"]
        assert states[0]["after"] is None and states[0]["events"] == [], path.name
        assert all(isinstance(step["after"], str) for step in states[1:]), path.name
        players = RuleSet.from_dict(golden["rules"]).players
        assert [len(seen) for seen in golden["views"]] == [players] * len(states), path.name


def test_golden_games_cover_the_rules() -> None:
    """The files are worth keeping: between them they call every family and reach a pica hand."""
    seen: set[str] = set()
    kinds: set[str] = set()
    for path in FILES:
        for step in load(path)["states"]:
            after = step["after"]
            if after and not after.startswith("deal"):
                seen.add(after.split(" ")[1])
            kinds.update(event["kind"] for event in step["events"])
    words = "envido real-envido falta-envido truco retruco quiero no-quiero flor contraflor tengo son-buenas rps"
    assert sorted(set(words.split()) - seen) == []
    assert {"card-played", "trick-won", "hand-won", "points", "hand-ended", "dealt"} <= kinds
    pica = load(DIR / "default-3v3-pica.json")
    assert {step["duel"] for step in pica["states"]} == {None, 0, 1, 2}

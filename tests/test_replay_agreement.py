"""One replay loop (RECORDS.md "pytruco replay"): ``replay``, ``frontend.replay_events`` and the command line
walk a record the same way and fail with the same error (kind, hand, action) at the same place."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytruco import Record, RecordError, replay
from pytruco.cli import main
from pytruco.frontend import replay_events
from strategies import candidate_actions, games, random_playout, seeds

_DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
_DEAL2 = [["1E", "7E", "4C"], ["1B", "3O", "3B"]]


def _record(hands, **extra):
    return {"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": hands, **extra}


def _failure(run):
    with pytest.raises(RecordError) as info:
        run()
    error = info.value
    return error.kind, error.hand, error.action


def test_replay_events_reads_a_record_given_as_bytes() -> None:
    """RECORDS.md: a record is JSON text; replay and replay_events both take it as str or bytes."""
    record = _record([{"deal": _DEAL, "actions": ["0 mazo"]}])
    data = json.dumps(record).encode()
    steps = list(replay_events(data))
    assert steps[-1].state == replay(data).state
    assert [step.index for step in steps] == [None, 0]


def test_a_hand_listed_while_the_previous_is_unfinished_is_bad_record_for_both() -> None:
    """RECORDS.md: "a new hand listed while the previous one is unfinished" is bad-record, with hand and
    action null, in replay and replay_events alike (replay_events said bad-deal)."""
    record = _record([{"deal": _DEAL, "actions": ["0 envido"]}, {"deal": _DEAL2, "actions": []}])
    assert _failure(lambda: replay(record)) == ("bad-record", None, None)
    assert _failure(lambda: list(replay_events(record))) == ("bad-record", None, None)


def _outcome_of_replay(data):
    try:
        return ("ok", replay(data).state)
    except RecordError as error:
        return ("error", error.kind, error.hand, error.action)


def _outcome_of_replay_events(data):
    state = None
    try:
        for step in replay_events(data):
            state = step.state
    except RecordError as error:
        return ("error", error.kind, error.hand, error.action)
    return ("ok", state)


def _break(record: dict, how: str, rng: random.Random, candidates: list[str]) -> dict | bytes:
    """*record* broken one way (or kept whole): the places a replay can fail."""
    hands = record["hands"]
    spots = [(h, i) for h, hand in enumerate(hands) for i in range(len(hand["actions"]))]
    if how == "bytes":
        return json.dumps(record).encode()
    if how in ("bad-action", "bad-notation") and spots:
        h, i = rng.choice(spots)
        text = rng.choice(candidates) if how == "bad-action" else "0 banana"
        hands[h]["actions"][i] = text
    elif how == "truncated" and spots:
        h, i = rng.choice(spots)
        hands[h]["actions"] = hands[h]["actions"][:i]
        del hands[h + 1 :]
    elif how == "hand-after-unfinished" and spots:
        h, i = rng.choice(spots)
        hands[h]["actions"] = hands[h]["actions"][:i]
        hands.insert(h + 1, {"deal": hands[h]["deal"], "actions": []})
    elif how == "bad-deal" and hands:
        h = rng.randrange(len(hands))
        deal = [list(seat) for seat in hands[h]["deal"]]
        deal[-1][-1] = deal[0][0]
        hands[h]["deal"] = deal
    elif how == "hand-after-match":
        hands.append({"deal": hands[-1]["deal"] if hands else [], "actions": []})
    return record


BREAKS = [
    "whole",
    "bytes",
    "bad-action",
    "bad-notation",
    "truncated",
    "hand-after-unfinished",
    "bad-deal",
    "hand-after-match",
]


@settings(max_examples=80, deadline=None)
@given(games(), st.sampled_from(BREAKS), st.floats(min_value=0.0, max_value=1.0), seeds)
def test_replay_and_replay_events_agree_on_every_record(spec, how, stop, seed) -> None:
    """RECORDS.md "pytruco replay": over random records, whole, cut anywhere or broken (bytes, an illegal
    action, text that is not notation, a truncated hand, a hand listed after an unfinished one or after the
    match, a bad deal), replay and replay_events end in the same state or fail with the same kind, hand and
    action."""
    steps = list(random_playout(spec))
    cut = steps[: max(1, round(stop * len(steps)))]
    record = Record.from_state(cut[-1].after).to_dict()
    rng = random.Random(seed)
    candidates = [str(action) for action in candidate_actions(spec.rules.players)]
    data = _break(record, how, rng, candidates)
    assert _outcome_of_replay(data) == _outcome_of_replay_events(data)


@pytest.mark.parametrize(
    "command", [["replay"], ["replay", "--trace"], ["events", "--seat", "0"], ["view", "--seat", "1"]]
)
def test_the_command_line_reports_the_replay_error(command, tmp_path, capsys) -> None:
    """RECORDS.md "pytruco replay": pytruco replay, replay --trace, events and view print the same error
    object as the library raises (a hand listed while the previous is unfinished: bad-record)."""
    record = _record([{"deal": _DEAL, "actions": ["0 envido"]}, {"deal": _DEAL2, "actions": []}])
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main([*command, str(path)]) == 1
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    with pytest.raises(RecordError) as info:
        replay(record)
    assert last == {"error": info.value.to_json()}

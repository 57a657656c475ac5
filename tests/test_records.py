"""Game records through the Python API: RECORDS.md "The record", "`pytruco replay FILE`" (errors) and §8.13."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

from helpers import examples, play, record_result, refused
from pytruco import PRESET_NAMES, Record, RecordError, replay
from strategies import records

DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]


def record(**members: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "truco-record/1", "rules": "default", "first_mano": 0}
    data["hands"] = [{"deal": DEAL, "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"]}]
    data.update(members)
    return {key: value for key, value in data.items() if value is not None}


@pytest.mark.parametrize(
    ("changes", "kind", "hand", "action"),
    [
        ({"format": "truco-record/2"}, "bad-record", None, None),
        ({"format": None}, "bad-record", None, None),
        ({"rules": "truco-uruguayo"}, "bad-record", None, None),
        ({"rules": {"preset": "default", "colour": "red"}}, "bad-record", None, None),
        ({"rules": {"preset": "online", "players": 4}}, "bad-record", None, None),
        ({"first_mano": None}, "bad-record", None, None),
        ({"score": [30, 0]}, "bad-record", None, None),
        ({"rules": "online", "pre": ["0 rps piedra", "1 rps papel"]}, "bad-record", None, None),
        ({"hands": [{"deal": [["7C", "6C"], ["5O", "4O", "3B"]], "actions": []}]}, "bad-deal", 0, None),
        ({"hands": [{"deal": [["7C", "6C", "1E"], ["7C", "4O", "3B"]], "actions": []}]}, "bad-deal", 0, None),
        ({"hands": [{"deal": [["7C", "6C", "1E"], ["8O", "4O", "3B"]], "actions": []}]}, "bad-deal", 0, None),
        ({"hands": [{"deal": DEAL, "actions": ["0 envido", "1 quiero", "0 tengo trece"]}]}, "bad-notation", 0, 2),
        ({"hands": [{"deal": DEAL, "actions": ["0 envido", "1 quiero", "0 tengo 31"]}]}, "illegal-action", 0, 2),
        ({"hands": [{"deal": DEAL, "actions": ["2 truco"]}]}, "illegal-action", 0, 0),
        ({"hands": [{"deal": DEAL, "actions": ["0 5O"]}]}, "illegal-action", 0, 0),
        (
            {"hands": [{"deal": DEAL, "actions": ["0 1E"]}, {"deal": DEAL, "actions": []}]},
            "bad-record",
            None,
            None,
        ),
    ],
)
def test_replay_errors(changes, kind, hand, action):
    """RECORDS.md: replay fails with kind bad-record, bad-deal, bad-notation or illegal-action, and says where."""
    with pytest.raises(RecordError) as info:
        replay(record(**changes))
    error = info.value
    assert (error.kind, error.hand, error.action) == (kind, hand, action)
    assert error.to_json()["kind"] == kind
    assert str(error)


def test_invalid_json():
    """RECORDS.md: invalid JSON is a bad-record."""
    with pytest.raises(RecordError) as info:
        Record.loads("{not json")
    assert info.value.kind == "bad-record"


def test_illegal_action_error_quotes_the_text():
    """RECORDS.md: the error of an illegal action carries its text; nothing after it is applied."""
    with pytest.raises(RecordError) as info:
        replay(record(hands=[{"deal": DEAL, "actions": ["0 truco", "0 retruco", "1 quiero"]}]))
    error = info.value
    assert error.text == "0 retruco"
    assert error.to_json()["text"] == "0 retruco"
    assert "seat 0" in error.message


def test_action_after_the_match_is_over():
    """RECORDS.md: any action after the match is over is an illegal-action (an action of the hand in which the
    match ended)."""
    with pytest.raises(RecordError) as info:
        replay(
            record(
                score=[29, 0],
                hands=[{"deal": DEAL, "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E"]}],
            )
        )
    assert (info.value.kind, info.value.hand, info.value.action) == ("illegal-action", 0, 4)


ENDS_THE_MATCH = {"deal": DEAL, "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"]}  # 28 + 2


@pytest.mark.parametrize(
    "listed",
    [
        {"deal": DEAL, "actions": []},
        {"deal": DEAL, "actions": ["1 truco"]},  # what the next hand's mano could do, were it dealt
        {"deal": DEAL, "actions": ["1 rendirse"]},
        {"deal": DEAL, "actions": ["x y"]},  # not notation
    ],
    ids=["no-actions", "an-action", "rendirse", "not-notation"],
)
def test_a_hand_listed_after_the_match_is_over_is_a_bad_record(listed):
    """RECORDS.md: a hand listed after the match is over is a bad-record (hand and action null), whether or not
    that hand has actions, and whatever they are: the listing itself is the error, before any of its actions is
    read (the trace has no line for it)."""
    lines: list[dict[str, Any]] = []
    with pytest.raises(RecordError) as info:
        replay(record(score=[28, 0], hands=[ENDS_THE_MATCH, listed]), trace=lines.append)
    assert (info.value.kind, info.value.hand, info.value.action) == ("bad-record", None, None)
    assert str(info.value) == "hand 1 is listed after the match is over"
    assert [(line["hand"], line["action"]) for line in lines] == [(0, 0), (0, 1), (0, 2), (0, 3)]


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("pre", [["0 rps piedra", "1 rps tijera"], ["0 rps piedra"], ["0 truco"]])
def test_first_mano_with_a_non_empty_pre_is_a_bad_record_whatever_the_rules(preset, pre):
    """RECORDS.md: a record that gives both first_mano and a non-empty pre is a bad-record, whatever its rules
    (also where no rock-paper-scissors draw is played) and whatever pre holds; an empty pre is no pre."""
    with pytest.raises(RecordError) as info:
        replay(record(rules=preset, pre=pre))
    assert (info.value.kind, info.value.hand, info.value.action) == ("bad-record", None, None)
    assert "not both" in str(info.value)
    assert replay(record(rules=preset, pre=[])).to_json() == replay(record(rules=preset)).to_json()


def test_meta_is_ignored_and_kept():
    """RECORDS.md: metadata under "meta" is ignored by replay."""
    data = record(meta={"table": "mesa 4", "players": ["Ana", "Beto"]})
    assert replay(data).to_json() == replay(record()).to_json()
    assert Record.from_dict(data).meta["table"] == "mesa 4"


def test_unfinished_hand_gets_an_entry():
    """RECORDS.md: a hand whose actions stop before it ends still gets an entry with the points so far."""
    out = record_result("default", [(DEAL, ["0 envido", "1 no-quiero", "0 1E"])])
    assert out == {
        "hands": [{"points": [1, 0], "score": [1, 0]}],
        "score": [1, 0],
        "chicos": [0, 0],
        "winner": None,
        "finished": False,
    }


def test_end_of_hand_presets_show_only_what_was_added():
    """RECORDS.md --trace and hands: in presets that add a hand's points when it ends, score and points show only
    what has been added so far."""
    out = record_result("classic", [(DEAL, ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"])])
    assert out["hands"] == [{"points": [0, 0], "score": [0, 0]}]


def test_record_from_state_round_trip():
    """RECORDS.md: the library writes records that replay exactly; JSON text round-trips."""
    state = play("classic", DEAL, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E", players=2, score=(3, 4))
    rec = Record.from_state(state, meta={"id": 7})
    data = json.loads(rec.dumps())
    assert data["rules"] == "classic"
    assert data["score"] == [3, 4]
    assert data["first_mano"] == 0
    assert data["hands"] == [{"deal": DEAL, "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E"]}]
    assert data["meta"] == {"id": 7}
    assert replay(rec).state == state
    state = play("reglamento", DEAL, "0 1E", target=15)
    data = json.loads(Record.from_state(state).dumps())
    assert data["rules"] == {"preset": "reglamento", "target": 15}


def _mazo_game(hands: int, *, unpickled: bool = True) -> Any:
    """A state after *hands* hands, each folded at once (a long match: a target far away), unpickled."""
    import pickle
    import random

    from pytruco import Action, Kind, RuleSet, apply, new_game, random_deal

    state = new_game(RuleSet.preset("default", targets=(999_999,), target=999_999), first_mano=0)
    rng = random.Random(18)
    for _ in range(hands):
        state, _ = apply(state, random_deal(state, rng))
        state, _ = apply(state, Action.call(state.to_act[0], Kind.MAZO))
    return pickle.loads(pickle.dumps(state)) if unpickled else state


def _python_calls(function: Any) -> int:
    """How many Python-level calls (generator steps included) *function* makes: a count, not a clock."""
    import sys

    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        count += event == "call"

    import gc

    gc.disable()  # a collection's callbacks are calls too
    sys.setprofile(profile)
    try:
        function()
    finally:
        sys.setprofile(None)
        gc.enable()
    return count


def test_record_from_state_again_costs_the_same_at_any_length():
    """Record.from_state after every action costs the current hand only (RECORDS.md "The record"): a record of
    400 hands takes as many Python steps as one of 20 (the finished hands are not checked again)."""
    from pytruco import Record

    short, long = _mazo_game(20), _mazo_game(400)
    Record.from_state(short), Record.from_state(long)  # the first time makes every finished hand's record
    # The same few dozen steps (a handful more may come from the interpreter's own caches); checking each of
    # the 400 hands again took a step per hand.
    assert _python_calls(lambda: Record.from_state(long)) <= _python_calls(lambda: Record.from_state(short)) + 10
    assert len(Record.from_state(long).hands) == 400
    assert replay(Record.from_state(long)).state == long


def test_record_from_state_the_first_time_is_linear():
    """The first Record.from_state of an unpickled state makes each hand's record once: twice the hands, twice
    the steps (no step that grows with the hands before it)."""
    from pytruco import Record

    small, large = _mazo_game(200), _mazo_game(400)
    assert _python_calls(lambda: Record.from_state(large)) <= 2 * _python_calls(lambda: Record.from_state(small))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ({"n": 1}, {"n": True}),
        ({"n": 1}, {"n": 1.0}),
        ({"n": True}, {"n": 1.0}),
        ({"n": 0.0}, {"n": -0.0}),
        ({"n": [1, {"m": 0}]}, {"n": [True, {"m": False}]}),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
    ],
)
def test_records_are_equal_exactly_when_written_the_same(first, second):
    """Two records are equal exactly when they dump to the same text (RECORDS.md: meta is free JSON): meta
    values 1, true and 1.0 are different JSON, so the records differ, and so do their hashes' inputs."""
    from pytruco import RuleSet

    rules = RuleSet.preset("default")
    a, b = Record(rules, first_mano=0, meta=first), Record(rules, first_mano=0, meta=second)
    assert a.dumps() != b.dumps()
    assert a != b
    assert a == Record.loads(a.dumps()) and hash(a) == hash(Record.loads(a.dumps()))
    assert a.meta == first  # a frozen meta still equals the plain object it was made from


def test_a_match_that_fills_the_record_deals_no_more() -> None:
    """RECORDS.md limits (MAX_HANDS): legal play never makes a game that cannot be recorded. After 50,000 hands
    of a match to a far target the next deal is refused (record-hands-full), the state is no chance node, and
    only rendirse ends the match; the record reads back."""
    from pytruco import Deal, IllegalActionError, apply, is_legal, legal_actions, random_deal
    from pytruco.records import MAX_HANDS

    state = _mazo_game(MAX_HANDS, unpickled=False)
    assert state.rounds_dealt == MAX_HANDS and not state.is_chance and not state.is_over
    deal = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    assert not is_legal(state, deal)
    with pytest.raises(IllegalActionError) as caught:
        apply(state, deal)
    assert caught.value.code == "record-hands-full"
    assert refused(state, random_deal(state)) == "record-hands-full"
    assert [str(a) for a in legal_actions(state, meta=True)] == ["0 rendirse", "1 rendirse"]
    over, _ = apply(state, legal_actions(state, meta=True)[0])
    record = Record.from_state(over)
    assert over.is_over and len(record.hands) == MAX_HANDS
    assert Record.loads(record.dumps()) == record  # the reader takes it: within its limits


@settings(max_examples=examples(60), deadline=None)
@given(records())
def test_record_pairs_invert_each_other(record: Record) -> None:
    """Issue 34 (symmetric names): ``from_dict`` reads what ``to_dict`` writes and ``loads`` what ``dumps`` writes,
    to an equal record with the same hash, on records of random games (meta, starting score and chicos included);
    ``to_dict`` is the object ``dumps`` writes."""
    assert Record.from_dict(record.to_dict()) == record
    assert Record.loads(record.dumps()) == record
    assert hash(Record.loads(record.dumps())) == hash(record)
    assert json.loads(record.dumps()) == record.to_dict()
    assert Record.loads(record.dumps().encode()) == record


def test_record_has_no_asymmetric_json_pair() -> None:
    """Issue 34: ``Record.to_json()`` returned a dict while ``Record.from_json`` read text (and was ``loads`` again);
    the pairs are ``to_dict``/``from_dict`` and ``dumps``/``loads``, and the lopsided names are gone."""
    assert not hasattr(Record, "to_json")
    assert not hasattr(Record, "from_json")

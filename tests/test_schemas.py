"""The JSON formats (RECORDS.md, the shipped schemas): every view, event, action and record validates against its
shipped schema,
JSON round trips are exact, the TypeScript declarations are current, and loaders raise only library errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytruco import Action, Event, Record, TrucoError
from pytruco.frontend import replay_events, seat_events
from pytruco.schema import SCHEMA_NAMES, SchemaError, schema
from pytruco.views import SeatView, view

from .strategies import GameSpec, games, random_playout

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent
VALIDATORS = {name: jsonschema.Draft202012Validator(schema(name)) for name in SCHEMA_NAMES}


def valid(name: str, data: Any) -> None:
    errors = sorted(VALIDATORS[name].iter_errors(data), key=str)
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"


def test_the_schemas_are_draft_2020_12_and_versioned() -> None:
    for name in SCHEMA_NAMES:
        data = schema(name)
        jsonschema.Draft202012Validator.check_schema(data)
        assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert data["$id"].endswith(f"truco-{name}-1.json")
    with pytest.raises(
        SchemaError, match=re.escape("unknown schema 'state' (known: record, view, event, action, protocol)")
    ):
        schema("state")


def test_the_typescript_declarations_are_current() -> None:
    """tools/schema_to_ts.py generates truco.d.ts from the schemas; a stale file fails here."""
    script = str(ROOT / "tools" / "schema_to_ts.py")
    done = subprocess.run([sys.executable, script, "--check"], check=False, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()


@settings(max_examples=15, deadline=None)
@given(spec=games())
def test_views_events_actions_and_records_validate_and_round_trip(spec: GameSpec) -> None:
    """Random playouts of every preset, 2, 4 and 6 seats, pica-pica included (tests/strategies.py)."""
    state = None
    seats: list[int | None] = [*range(spec.rules.players), None]
    for number, step in enumerate(random_playout(spec)):
        state = step.after
        for event in step.events:
            data = json.loads(json.dumps(event.to_json()))
            assert Event.from_json(data) == event
            if number % 3 == 0:
                valid("event", data)
        if number % 5 == 0:
            for seat in seats:
                for data in seat_events(state, step.events, seat):
                    valid("event", data)
        if isinstance(step.action, Action):
            valid("action", str(step.action))
        if number % 13 == 0 or state.is_over:
            for seat in seats:
                seen = view(state, seat)
                data = json.loads(json.dumps(seen.to_json()))
                valid("view", data)
                assert SeatView.from_json(data) == seen
                assert SeatView.from_json(data).to_json() == data
                for text in data["legal"]:
                    valid("action", text)
    assert state is not None
    record = Record.from_state(state)
    data = json.loads(record.dumps())
    valid("record", data)
    assert Record.loads(json.dumps(data)).to_dict() == record.to_dict()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def _mutations() -> st.SearchStrategy[Any]:
    """A real view or event with one member replaced by random JSON (or removed)."""
    from pytruco import Deal, apply, new_game

    state = new_game("classic", first_mano=0)
    state, events = apply(state, Deal.parse([["1E", "2E", "3E"], ["4C", "5O", "6B"]]))
    state, more = apply(state, Action.parse("0 flor"))
    base_view = view(state, 1).to_json()
    base_event = (events + more)[0].to_json()

    @st.composite
    def mutate(draw: st.DrawFn) -> Any:
        base = dict(draw(st.sampled_from([base_view, base_event])))
        key = draw(st.sampled_from(sorted(base)))
        if draw(st.booleans()):
            del base[key]
        else:
            base[key] = draw(JSON)
        return base

    return mutate()


@settings(max_examples=300, deadline=None)
@given(data=JSON | _mutations())
def test_random_and_malformed_json_raises_only_library_errors(data: Any) -> None:
    for load in (SeatView.from_json, Event.from_json, lambda d: list(replay_events(d))):
        try:
            load(data)
        except TrucoError as error:
            assert isinstance(error, ValueError)


def test_the_engines_events_round_trip_at_the_largest_target() -> None:
    """A falta envido to the largest target (RuleSet's limit, 999,999,999) scores that many points in one event:
    the event's JSON reads back (EVENT_FORMAT), and its points validate against the schema."""
    from pytruco import Deal, RuleSet, apply, new_game
    from pytruco.rules import MAX_OPTION

    rules = RuleSet.preset("default", targets=(MAX_OPTION,), target=MAX_OPTION)
    state, _ = apply(new_game(rules, first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    emitted = []
    for text in ("0 falta-envido", "1 quiero", "0 tengo 33", "1 son-buenas"):
        state, events = apply(state, Action.parse(text))
        emitted.extend(events)
    assert max(event.points for event in emitted) == MAX_OPTION
    for event in emitted:
        data = json.loads(json.dumps(event.to_json()))
        valid("event", data)
        assert Event.from_json(data) == event


@pytest.mark.parametrize("name", ["seat", "team", "points"])
def test_event_members_with_huge_numbers_are_event_errors(name: str) -> None:
    """A 5,000-digit number (more than Python's repr limit) is quoted safely: an EventError, never ValueError."""
    from pytruco.events import EventError

    with pytest.raises(EventError, match=rf"^member '{name}' must be .*, not <a whole number of about 5001 digits>$"):
        Event.from_json({"kind": "folded", name: 10**5000})


_DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
_RECORD_CASES = [
    {"format": "truco-record/1", "rules": "default", "first_mano": 0},  # no hands
    {"format": "truco-record/1", "rules": "default", "hands": []},  # no first mano outside rps
    {"format": "truco-record/1", "rules": "default", "first_mano": None, "hands": []},
    {"format": "truco-record/1", "rules": {"preset": "online", "rps_first_mano": False}, "hands": []},
    {"format": "truco-record/1", "rules": "default", "first_mano": 2, "hands": []},  # no seat 2 at two seats
    {"format": "truco-record/1", "rules": {"preset": "default", "players": 4}, "first_mano": 4, "hands": []},
    {"format": "truco-record/1", "rules": "online", "first_mano": 0, "pre": ["0 rps piedra"], "hands": []},
    {"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": [{"deal": _DEAL}]},
    {"format": "truco-record/1", "rules": "default", "first_mano": 0, "pre": ["0 mazo"] * 10_001, "hands": []},
    {"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": [{"deal": _DEAL, "actions": []}]},
    {"format": "truco-record/1", "rules": "online", "hands": []},
    {"format": "truco-record/1", "rules": "online", "pre": ["0 rps piedra", "1 rps papel"], "hands": []},
    {"format": "truco-record/1", "rules": {"preset": "default", "rps_first_mano": True}, "hands": []},
    {"format": "truco-record/1", "rules": {"preset": "default", "players": 4}, "first_mano": 3, "hands": []},
]


@pytest.mark.parametrize("data", _RECORD_CASES, ids=range(len(_RECORD_CASES)))
def test_the_record_schema_is_as_strict_as_the_reader(data: dict[str, Any]) -> None:
    """RECORDS.md "The record": the shipped schema accepts a record exactly when Record.from_dict reads it
    (hands required, first_mano required and a seat of the table outside rock-paper-scissors, not both
    first_mano and pre, the reader's size limits)."""
    from pytruco import RecordError

    try:
        Record.from_dict(data)
        read = True
    except RecordError:
        read = False
    assert VALIDATORS["record"].is_valid(data) is read, f"schema {'refuses' if read else 'accepts'} what Record reads"


def test_the_refusal_codes_are_an_enum_in_the_schema_and_in_the_api_docs() -> None:
    """A client need not hard-code the refusal codes (the frontend guide). Every code a refusal can carry (the
    engine's list) is in the protocol schema's ``RefusalCode`` enum and in docs/api.md; the server's own codes are
    ``ServerCode``; an error's ``code`` must be one of them."""
    from pytruco._engine.refusals import MESSAGES
    from pytruco.server._protocol import CODES

    defs = schema("protocol")["$defs"]
    assert defs["RefusalCode"]["enum"] == list(MESSAGES)
    assert defs["ServerCode"]["enum"] == list(CODES)
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    missing = [code for code in MESSAGES if f"| `{code}` |" not in api]
    assert not missing, f"refusal codes not in docs/api.md: {missing}"
    validator = jsonschema.Draft202012Validator({**schema("protocol"), "$ref": "#/$defs/Error"})
    assert validator.is_valid({"type": "error", "code": "not-your-turn", "message": "..."})
    assert not validator.is_valid({"type": "error", "code": "no-such-code", "message": "..."})


def test_the_view_schema_gives_the_card_strength_order() -> None:
    """PRESETS.md §1: 1E > 1B > 7E > 7O > 3s > 2s > 1O = 1C > 12s > 11s > 10s > 7C = 7B > 6s > 5s > 4s."""
    ranking = schema("view")["$defs"]["CardRanking"]["const"]
    suits = ["E", "B", "O", "C"]

    def every(rank: str) -> list[str]:
        return [rank + suit for suit in suits]

    expected = [["1E"], ["1B"], ["7E"], ["7O"], every("3"), every("2"), ["1O", "1C"], every("12"), every("11")]
    expected += [every("10"), ["7B", "7C"], every("6"), every("5"), every("4")]
    assert ranking == expected
    from pytruco import Card

    strengths = [{Card.parse(code).strength for code in tier} for tier in ranking]
    assert all(len(s) == 1 for s in strengths) and [s.pop() for s in strengths] == list(range(14, 0, -1))


def test_the_protocol_schema_holds_the_current_schemas_it_refers_to() -> None:
    """tools/bundle_schemas.py embeds view, event and action in protocol.schema.json; a stale copy fails here."""
    script = str(ROOT / "tools" / "bundle_schemas.py")
    done = subprocess.run([sys.executable, script, "--check"], check=False, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()


def _update(state: Any, seat: int) -> dict[str, Any]:
    """An ``update`` message as pytruco serve sends one (the view and an event of *seat*)."""
    seen = view(state, seat)
    return {
        "type": "update",
        "table": "t1",
        "decision": 0,
        "view": seen.to_json(),
        "events": [{"event": Event.from_json({"kind": "dealt", "seat": 0}).to_json(), "text": "Se repartió"}],
        "labels": {str(action): str(action) for action in seen.legal},
        "names": ["Ana", "Beto"],
        "concede": f"{seat} rendirse",
        "clock": {"seats": [0], "deadline_ms": 1_700_000_000_000, "left_ms": 14_250, "seconds": 15},
    }


def _all_messages(errors: Any) -> list[str]:
    """The messages of *errors* and of the errors under them (an ``anyOf``'s branches)."""
    return [message for error in errors for message in (error.message, *_all_messages(error.context))]


def test_the_protocol_schema_validates_alone_without_a_registry() -> None:
    """Issue 36 item 13: the protocol's ``$ref``s to the view, event and action schemas (relative to its ``$id``) did
    not resolve in a validator given the protocol schema alone (jsonschema raised ``Unresolvable``). They resolve now,
    and they are followed: a message whose view or concede action is wrong is refused by the embedded schemas."""
    from pytruco import Deal, new_game
    from pytruco import apply as apply_action

    alone = jsonschema.Draft202012Validator(schema("protocol"))  # no registry
    state, _ = apply_action(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    message = _update(state, 0)
    assert [error.message for error in alone.iter_errors(message)] == []
    bad_view = {**message, "view": {**message["view"], "format": "truco-view/9"}}
    assert "'truco-view/1' was expected" in _all_messages(alone.iter_errors(bad_view))
    bad_action = {**message, "concede": "0 rendirte"}
    assert list(alone.iter_errors(bad_action)) != []
    act = {"type": "act", "action": "0 truco", "decision": 3}
    assert list(alone.iter_errors(act)) == []
    assert list(alone.iter_errors({**act, "action": "0 trucazo"})) != []


def test_every_close_code_of_the_server_is_in_the_schema_and_the_docs() -> None:
    """Issue 36 item 13: the server closed connections with 4001, 4009 and 1009 (message too big, the WebSocket
    layer's) that neither the protocol schema nor docs/frontend.md named. Every 4xxx code in a close call of
    src/pytruco/server, and 1009, is in ``$defs/CloseCode`` and in the docs' close-code table."""
    import re

    used = {1009}  # websockets closes with it past MAX_MESSAGE (serve(..., max_size=MAX_MESSAGE))
    for source in (ROOT / "src" / "pytruco" / "server").glob("*.py"):
        for line in source.read_text(encoding="utf-8").splitlines():
            if "close(" in line:
                used |= {int(code) for code in re.findall(r"\b(4\d{3})\b", line)}
    assert used >= {1009, 4001, 4008, 4009}
    in_schema = {branch["const"] for branch in schema("protocol")["$defs"]["CloseCode"]["anyOf"]}
    assert used == in_schema, f"used {sorted(used)}, in the schema {sorted(in_schema)}"
    docs = (ROOT / "docs" / "frontend.md").read_text(encoding="utf-8")
    table = docs.split("### Close codes", 1)[1].split("###", 1)[0]
    assert {int(code) for code in re.findall(r"^\| (\d{4}) \|", table, flags=re.MULTILINE)} == used

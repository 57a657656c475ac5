"""Bad input gets a clear library error and changes nothing (STYLE.md "Errors are values"): one regression test
per defect found by fuzzing the public API.

Hostile or careless input (Unicode digits, huge numbers, wrong types, malformed actions, strict JSON, limits)
gets a clear TrucoError that quotes a bounded part of the input, and records the library writes read back equal.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import attrs
import pytest

from pytruco import (
    Action,
    ArgumentError,
    Card,
    Deal,
    Deck,
    Hand,
    IllegalActionError,
    Kind,
    NotationError,
    Record,
    RecordError,
    Rps,
    RuleSet,
    RuleSetError,
    SetupError,
    Suit,
    TrucoError,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    replay,
    tirar_reyes,
)
from pytruco.bots import RandomBot, play_match
from pytruco.records import MAX_ACTIONS, MAX_HANDS, MAX_JSON_DEPTH, MAX_RECORD_SIZE

DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
HUGE = "9" * 5000


def base_record(**members: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "truco-record/1", "rules": "default", "first_mano": 0}
    data["hands"] = [{"deal": DEAL, "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"]}]
    data.update(members)
    return data


def replay_error(data: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(data if isinstance(data, (str, bytes)) else json.loads(json.dumps(data)))
    return info.value


# --- the hierarchy and bounded messages --------------------------------------------------------------------
def test_every_error_is_a_value_error():
    """STYLE.md (errors): TrucoError itself is a ValueError, so `except ValueError` catches every library error."""
    assert issubclass(TrucoError, ValueError)
    with pytest.raises(ValueError, match=re.escape("not a card: '8E' (rank must be 1-7, 10, 11 or 12)")):
        Card.parse("8E")


@pytest.mark.parametrize("parse", [Card.parse, Action.parse, Hand.parse])
def test_messages_quote_a_bounded_part_of_the_input(parse):
    """STYLE.md (errors): a 10 MB text is quoted in at most ~80 characters, with an ellipsis."""
    with pytest.raises(NotationError) as info:
        parse("x" * 10_000_000)
    assert len(str(info.value)) < 200
    assert "…" in str(info.value)


# --- Unicode digits and numbers of more than 4,300 digits -------------------------------------------------
@pytest.mark.parametrize("text", ["²E", "፩B", "\u0661\u0662C", "\U0001d7d5O", "\u2166O"])
def test_card_parse_refuses_unicode_digits(text):
    """STYLE.md (errors): "²E" passes str.isdigit() but is no rank; Card.parse raised a plain ValueError from int()."""
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(text)


@pytest.mark.parametrize("text", ["0 ²E", "0 ፩B", "² mazo", "0 tengo ²", "0 tengo ፩"])
def test_action_parse_refuses_unicode_digits(text):
    """STYLE.md (errors): the same through Action.parse (a card, a seat and tengo's points)."""
    with pytest.raises(NotationError, match="not an action"):
        Action.parse(text)


def test_hand_and_deal_parse_refuse_unicode_digits():
    """STYLE.md (errors): the same through Hand.parse and Deal.parse."""
    with pytest.raises(NotationError, match=re.escape("not a card: '²E' (rank must be 1-7, 10, 11 or 12)")):
        Hand.parse("1E ²E 3E")
    with pytest.raises(NotationError, match=re.escape("not a card: '²E' (rank must be 1-7, 10, 11 or 12)")):
        Deal.parse([["7C", "6C", "²E"], ["5O", "4O", "3B"]])


def test_record_with_unicode_digits_is_a_bad_deal_or_bad_notation():
    """RECORDS.md (bad-deal, bad-notation): in a record the same texts are bad-deal and bad-notation at their place."""
    error = replay_error(base_record(hands=[{"deal": [["7C", "6C", "²E"], ["5O", "4O", "3B"]], "actions": []}]))
    assert (error.kind, error.hand, error.action) == ("bad-deal", 0, None)
    error = replay_error(base_record(hands=[{"deal": DEAL, "actions": ["0 ፩B"]}]))
    assert (error.kind, error.hand, error.action) == ("bad-notation", 0, 0)


@pytest.mark.parametrize("text", [f"{HUGE} mazo", f"0 tengo {HUGE}", f"0 {HUGE}E", f"{HUGE}E"])
def test_numbers_of_more_than_4300_digits(text):
    """STYLE.md (errors): int() of more than 4,300 digits raises a plain ValueError; the parsers refuse such text
    first."""
    parse = Card.parse if " " not in text else Action.parse
    with pytest.raises(NotationError) as info:
        parse(text)
    assert len(str(info.value)) < 200


def test_long_seat_numbers_within_the_text_limit_are_illegal_not_notation():
    """RECORDS.md: a seat number beyond the table is an illegal action (and stays one for long numbers)."""
    action = Action.parse("9" * 40 + " mazo")
    assert action.seat == int("9" * 40)
    error = replay_error(base_record(hands=[{"deal": DEAL, "actions": ["9" * 40 + " mazo"]}]))
    assert (error.kind, error.hand, error.action) == ("illegal-action", 0, 0)


# --- None and wrong types ----------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [None, 5, b"1E", ["1E"], object()])
def test_parsers_refuse_wrong_types(value):
    """STYLE.md (errors): Card/Hand/Action.parse of None (or another non-text) raised AttributeError or TypeError."""
    for parse in (Card.parse, Hand.parse, Action.parse):
        if parse is Hand.parse and isinstance(value, list):
            continue
        with pytest.raises(NotationError, match=r"^not (a card|a hand|an action): .* \(expected text"):
            parse(value)


@pytest.mark.parametrize("value", [None, 5, "7C 6C 1E", [None], [["7C", 5]], [[["7C"]]], [("7C", "6C", "1E"), "x"]])
def test_deal_parse_refuses_wrong_shapes(value):
    """STYLE.md (errors): Deal.parse(None) raised TypeError."""
    with pytest.raises(NotationError, match="not a deal"):
        Deal.parse(value)


def test_typed_constructors_refuse_wrong_types():
    """STYLE.md (errors): Card(True, ...), Hand(["1E"]) and Deal(["x"]) were accepted or raised TypeError."""
    with pytest.raises(NotationError, match=re.escape("not a card: rank True (rank must be 1-7, 10, 11 or 12)")):
        Card(True, Suit.ESPADAS)
    with pytest.raises(NotationError, match=re.escape("not a card: rank 1.0 (rank must be 1-7, 10, 11 or 12)")):
        Card(1.0, Suit.ESPADAS)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=re.escape("not a card: rank '1' (rank must be 1-7, 10, 11 or 12)")):
        Card.of("1", Suit.ESPADAS)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=re.escape("not a hand: '1E' is not a Card")):
        Hand(["1E", "2E", "3E"])  # type: ignore[list-item]
    with pytest.raises(
        NotationError, match=re.escape("not a hand: None (expected a sequence of cards; Hand.parse reads text)")
    ):
        Hand(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=re.escape("not a deal: '7C 6C 1E' is not a Hand")):
        Deal(["7C 6C 1E"])  # type: ignore[list-item]


# --- constructors and setup ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fields",
    [
        {"seat": True, "kind": Kind.ENVIDO},
        {"seat": 0.0, "kind": Kind.MAZO},
        {"seat": -1, "kind": Kind.MAZO},
        {"seat": "0", "kind": Kind.MAZO},
        {"seat": 0, "kind": "mazo"},
        {"seat": 0, "kind": Kind.TENGO, "points": True},
        {"seat": 0, "kind": Kind.TENGO},
        {"seat": 0, "kind": Kind.PLAY, "card": "7C"},
        {"seat": 0, "kind": Kind.PLAY},
        {"seat": 0, "kind": Kind.MAZO, "card": Card.parse("7C")},
        {"seat": 0, "kind": Kind.RPS, "choice": "piedra"},
        {"seat": 0, "kind": Kind.ENVIDO, "choice": Rps.PIEDRA},
        {"seat": 10**70, "kind": Kind.MAZO},
    ],
)
def test_action_constructor_refuses_malformed_fields(fields):
    """STYLE.md (errors): a server that builds actions from JSON gets a NotationError, not an action recorded as
    "True envido"."""
    with pytest.raises(NotationError, match="not an action"):
        Action(**fields)
    with pytest.raises(NotationError, match=r"^not an action: (seat|kind|\w+ needs|\w+ takes no) "):
        attrs.evolve(Action.call(0, Kind.MAZO), **fields)


def test_action_factories_refuse_what_the_constructor_refuses():
    """STYLE.md (errors): Action.call(0, Kind.PLAY) raised a plain ValueError; Action.play(True, ...) gave seat 1's
    action."""
    card = Card.parse("7C")
    with pytest.raises(NotationError, match="needs an argument"):
        Action.call(0, Kind.PLAY)
    for bad in (lambda: Action.play(True, card), lambda: Action.call(True, Kind.MAZO)):
        with pytest.raises(
            NotationError, match=re.escape("not an action: seat True is not a seat number (a whole number >= 0)")
        ):
            bad()
    with pytest.raises(
        NotationError, match=re.escape("not an action: tengo needs points (a whole number >= 0), not True")
    ):
        Action.tengo(0, True)
    with pytest.raises(NotationError, match=re.escape("not an action: play needs a Card, not '7C'")):
        Action.play(0, "7C")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=re.escape("not an action: rps needs an Rps choice, not 'piedra'")):
        Action.rps(0, "piedra")  # type: ignore[arg-type]
    assert Action.rps(1, Rps.PAPEL) is Action.rps(1, Rps.PAPEL)  # shared, like the others


@pytest.mark.parametrize(
    "kwargs",
    [
        {"first_mano": 2},
        {"first_mano": -1},
        {"first_mano": True},
        {"first_mano": "0"},
        {"score": None},
        {"score": (30, 0)},
        {"score": (1, 2, 3)},
        {"score": (-1, 0)},
        {"score": "ab"},
        {"score": (True, 0)},
        {"chicos": (1, 0)},
        {"chicos": None},
    ],
)
def test_new_game_refuses_impossible_setups(kwargs):
    """STYLE.md (errors): new_game raised plain ValueError (bad seat, score, chicos) or TypeError (score=None)."""
    with pytest.raises(
        SetupError, match=r"^(first_mano must be a seat|score must be|chicos must be|starting (score|chicos))"
    ):
        new_game("default", **kwargs)


def test_new_game_refuses_chicos_that_already_win():
    """PRESETS.md §2 (reglamento partido): starting chicos that win the match are refused."""
    with pytest.raises(SetupError, match="already win"):
        new_game("reglamento", first_mano=0, chicos=(2, 0))
    with pytest.raises(SetupError, match=re.escape("a random source must be a random.Random or None, not 'seed'")):
        new_game("default", rng="seed")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [0, 14, -1, "2", 2.0, None, True])
def test_deck_deal_refuses_impossible_counts(players):
    """STYLE.md (errors): Deck.deal raised a plain ValueError (or TypeError for a text)."""
    with pytest.raises(
        SetupError, match=rf"^cannot deal three cards to {re.escape(repr(players))} players from 40 cards"
    ):
        Deck().deal(players)


@pytest.mark.parametrize(
    "players", [["a", "b"], ["a", "a", "b", "c"], "abcd", None, [1, 2, 3, 4], [["a"], "b", "c", "d"]]
)
def test_tirar_reyes_refuses_bad_players(players):
    """STYLE.md (errors): tirar_reyes raised a plain ValueError (or TypeError for unhashable names)."""
    with pytest.raises(
        SetupError, match=r"^tirar reyes needs (4 or 6 distinct player names|a list of 4 or 6 player names), not "
    ):
        tirar_reyes(players)


# --- apply with actions that bypassed the constructor ----------------------------------------------------
def forged(seat: object, kind: object, card: object = None, points: object = None, choice: object = None) -> Action:
    """An Action made without its constructor, as a careless deserializer could."""
    action = object.__new__(Action)
    for name, value in (("seat", seat), ("kind", kind), ("card", card), ("points", points), ("choice", choice)):
        object.__setattr__(action, name, value)
    return action


@pytest.mark.parametrize(
    "action",
    [
        forged(True, Kind.ENVIDO),
        forged(0.0, Kind.MAZO),
        forged(0, "mazo"),
        forged(0, Kind.TENGO, points=True),
        forged(0, Kind.PLAY, card="7C"),
        forged(True, Kind.PLAY, card=Card.parse("7C")),
        forged("0", Kind.RENDIRSE),
        forged(0.0, Kind.TIMEOUT),
        forged(None, Kind.TRUCO),
        forged(0, None),
    ],
    ids=lambda a: f"{a.seat!r}-{getattr(a.kind, 'name', a.kind)!r}-{a.card or a.points!r}",
)
def test_apply_refuses_forged_actions(action):
    """STYLE.md (errors): apply accepted seat True (recorded as "True envido") or raised
    TypeError/KeyError/AssertionError;
    now apply and check raise IllegalActionError, is_legal says False, and nothing changes."""
    state, _ = apply(new_game("default", first_mano=0), Deal.parse(DEAL))
    before = (state.history, legal_actions(state, meta=True), state.score)
    assert is_legal(state, action) is False
    with pytest.raises(IllegalActionError, match="not an action"):
        apply(state, action)
    with pytest.raises(IllegalActionError, match="not an action"):
        check(state, action)
    assert (state.history, legal_actions(state, meta=True), state.score) == before


def test_apply_records_the_shared_action():
    """RECORDS.md (round trip): what goes into the history is the well-formed shared instance, so records always read
    back."""
    start, _ = apply(new_game("default", first_mano=0), Deal.parse(DEAL))
    state, _ = apply(start, Action(0, Kind.ENVIDO))
    assert state.history[-1] is Action.call(0, Kind.ENVIDO)
    assert Record.from_state(state).hands[0].actions == ("0 envido",)
    for kind in (Kind.RENDIRSE, Kind.TIMEOUT):
        state, _ = apply(start, forged(0, kind))
        assert state.history[-1] is Action.call(0, kind)


def test_apply_refuses_non_actions_with_a_bounded_message():
    """STYLE.md (errors): anything that is not an Action, a Deal or action text is an ArgumentError (issue 34)
    quoting at most ~80 characters; text that is not one action is a NotationError as short (apply reads text)."""
    state = new_game("default", first_mano=0)
    with pytest.raises(ArgumentError, match=r"apply needs an Action, a Deal or an action in record notation") as info:
        apply(state, ["0 envido"] * 1000)  # type: ignore[call-overload]
    assert len(str(info.value)) < 200
    with pytest.raises(NotationError) as notation:
        apply(state, "0 envido" * 1000)
    assert len(str(notation.value)) < 200


# --- rules: chicos_to_win and targets ----------------------------------------------------------------------
def test_chicos_to_win_is_read_as_a_number():
    """RECORDS.md (rules options): `chicos_to_win` was validated as a boolean, so every record with it was refused."""
    rules = RuleSet.preset("reglamento", chicos_to_win=3)
    record = Record(rules, first_mano=0)
    assert Record.loads(record.dumps()) == record
    assert RuleSet.from_dict({"preset": "reglamento", "chicos_to_win": 3}).chicos_to_win == 3
    for bad in (True, 1.5, "3"):
        with pytest.raises(
            RuleSetError, match=rf"option 'chicos_to_win': must be a whole number, not {re.escape(repr(bad))}"
        ):
            RuleSet.from_dict({"preset": "reglamento", "chicos_to_win": bad})


def test_targets_become_a_tuple():
    """RECORDS.md (rules options): `targets` stayed a JSON list after loading: unequal, unhashable, and a frozen
    RuleSet could change."""
    rules = RuleSet.from_dict({"preset": "default", "targets": [30, 15, 40], "target": 40})
    assert rules.targets == (30, 15, 40)
    hash(rules)
    assert rules == RuleSet.preset("default", targets=(30, 15, 40), target=40)
    assert rules.to_dict()["targets"] == [30, 15, 40]
    with pytest.raises(AttributeError, match=re.escape("'tuple' object has no attribute 'append'")):
        rules.targets.append(5)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "rules",
    [
        {"preset": "default", "targets": 5},
        {"preset": "default", "targets": []},
        {"preset": "default", "targets": [True]},
        {"preset": "default", "targets": [[30]]},
        {"preset": "default", "targets": ["30"]},
        {"preset": "default", "target": 10**20},
        {"preset": "default", "flor_value": -1},
        {"preset": "default", "scoring": ["immediate"]},
        {"preset": ["default"]},
        {"preset": "default", "preset_name": "classic"},
    ],
)
def test_bad_rule_options_are_bad_records(rules):
    """RECORDS.md (rules options): {"preset": "default", "targets": 5} raised TypeError; every bad option is a
    bad-record."""
    error = replay_error(base_record(rules=rules))
    assert (error.kind, error.hand, error.action) == ("bad-record", None, None)


def test_ruleset_refuses_a_preset_name_it_cannot_write():
    """Records the library writes it reads back: a RuleSet names one of the five presets."""
    with pytest.raises(
        RuleSetError, match=re.escape("unknown preset 'custom' (known: default, online, classic, ladder, reglamento)")
    ):
        RuleSet(preset_name="custom")
    with pytest.raises(RuleSetError, match=re.escape("unknown option 5")):
        RuleSet.from_dict({"preset": "default", 5: 1})  # type: ignore[dict-item]


# --- Record: frozen, hashable, strict --------------------------------------------------------------------
def test_record_meta_is_a_copy_and_the_record_is_hashable():
    """RECORDS.md (meta): Record.meta kept the caller's dict by reference and hash(Record) raised."""
    meta = {"players": ["Ana", "Beto"], "table": {"id": 17}}
    state = new_game("default", first_mano=0)
    record = Record.from_state(state, meta=meta)
    meta["players"].append("Caro")
    meta["table"]["id"] = 18
    assert record.meta["players"] == ("Ana", "Beto")
    assert record.meta["table"]["id"] == 17
    with pytest.raises(TypeError, match=re.escape("'FrozenMeta' object does not support item assignment")):
        record.meta["x"] = 1  # type: ignore[index]
    assert hash(record) == hash(Record.loads(record.dumps()))
    assert record == Record.loads(record.dumps())


def test_record_output_is_unchanged_by_the_frozen_meta():
    """RECORDS.md (JSON form): to_dict/dumps give plain JSON objects and lists, exactly as before."""
    text = json.dumps(base_record(meta={"players": ["Ana", "Beto"], "when": {"day": 1, "x": [1.5, None, True]}}))
    record = Record.loads(text)
    assert record.to_dict()["meta"] == {"players": ["Ana", "Beto"], "when": {"day": 1, "x": [1.5, None, True]}}
    assert type(record.to_dict()["meta"]["players"]) is list
    assert json.loads(record.dumps()) == json.loads(text)


@pytest.mark.parametrize(
    "meta",
    [{"x": float("nan")}, {"x": float("inf")}, {1: "a"}, {"x": object()}, {"x": {1, 2}}, "meta", [1]],
    ids=["nan", "inf", "int-key", "object", "set", "text", "list"],
)
def test_record_refuses_meta_that_is_not_json(meta):
    """RECORDS.md (JSON form): never write NaN/Infinity; meta must be a JSON object."""
    with pytest.raises(
        RecordError,
        match=r"^'meta' (holds .*, which (is not JSON|JSON cannot represent)|keys must be text|must be an object)",
    ):
        Record(RuleSet.preset("default"), first_mano=0, meta=meta)


def test_record_constructor_checks_its_fields():
    """A Record built in Python is checked like one read from JSON (replay then never meets a TypeError)."""
    rules = RuleSet.preset("default")
    for kwargs, message in (
        ({"rules": "default", "first_mano": 0}, "'rules' must be a RuleSet, not 'default'"),
        ({"rules": rules}, "missing member 'first_mano'"),
        ({"rules": rules, "first_mano": 5}, "first_mano must be a seat from 0 to 1, not 5"),
        ({"rules": rules, "first_mano": 0, "score": (40, 0)}, "starting score [40, 0] already reaches the target 30"),
        ({"rules": rules, "first_mano": 0, "pre": ("0 rps piedra",)}, "a record gives 'first_mano' or rock-paper"),
        ({"rules": rules, "first_mano": 0, "hands": ("x",)}, "'hands' must be a list of RecordHands, not ('x',)"),
        ({"rules": rules, "first_mano": 0, "pre": [1]}, "'pre' must be a list of action texts, not (1,)"),
    ):
        with pytest.raises(RecordError, match=re.escape(message)):
            Record(**kwargs)
    with pytest.raises(RecordError, match=re.escape("'hands' must be a list of RecordHands, not")):
        Record(
            rules,
            first_mano=0,
            hands=(attrs.evolve(Record.loads(json.dumps(base_record())).hands[0]),) * 0 + (object(),),
        )  # type: ignore[arg-type]


# --- JSON ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        '{"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": [], "meta": {"x": NaN}}',
        '{"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": [], "meta": {"x": Infinity}}',
        '{"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": [], "meta": {"x": -Infinity}}',
        '{"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": [], "meta": {"x": 1e999}}',
        '{"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": [], "meta": {"x": ' + HUGE + "}}",
    ],
    ids=["nan", "infinity", "minus-infinity", "overflow", "huge-int"],
)
def test_json_numbers_that_are_not_numbers_are_refused(text):
    """RECORDS.md (JSON form): NaN and Infinity are not JSON; Python's json accepted them."""
    error = replay_error(text)
    assert error.kind == "bad-record" and "invalid JSON" in error.message


def test_duplicate_members_are_a_bad_record():
    """docs/records.md (JSON): an object with the same member twice is an error, at any depth."""
    text = '{"format": "truco-record/1", "rules": "default", "first_mano": 0, "first_mano": 1, "hands": []}'
    error = replay_error(text)
    assert error.kind == "bad-record" and "'first_mano' appears twice" in error.message
    nested = json.dumps(base_record()).replace('"actions"', '"actions": [], "actions"', 1)
    assert replay_error(nested).kind == "bad-record"


def test_byte_order_mark_is_the_same_in_str_bytes_and_files(tmp_path):
    """RECORDS.md (UTF-8 text): a UTF-8 byte-order mark was accepted in bytes but refused in str and files."""
    text = json.dumps(base_record())
    expected = replay(text).to_json()
    assert replay("\ufeff" + text).to_json() == expected
    assert replay(b"\xef\xbb\xbf" + text.encode()).to_json() == expected
    assert replay(text.encode()).to_json() == expected
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert Record.loads(path.read_bytes()) == Record.loads(text)


def test_only_utf8_bytes_are_read():
    """RECORDS.md (UTF-8 text): bytes are UTF-8 (json.loads also guessed UTF-16 and UTF-32); anything else is a
    bad-record."""
    text = json.dumps(base_record())
    for data in (text.encode("utf-16"), b"\xff\xfe\x00", b"\x80abc", bytes(range(256))):
        assert replay_error(data).kind == "bad-record"


def test_deep_nesting_is_a_bad_record():
    """STYLE.md (errors): Record.loads of deeply nested JSON raised RecursionError."""
    for depth in (MAX_JSON_DEPTH, 5000, 200_000):
        text = (
            json.dumps(base_record()).replace('"meta"', '"m"')[:-1]
            + ', "meta": {"x": '
            + "[" * depth
            + "]" * depth
            + "}}"
        )
        error = replay_error(text)
        assert error.kind == "bad-record" and "deeper" in error.message
    shallow = json.dumps(base_record(meta={"x": [[[["fine"]]]]}))
    assert Record.loads(shallow).meta["x"] == (((("fine",),),),)


# --- limits ----------------------------------------------------------------------------------------------
def test_size_limits_are_bad_records():
    """docs/records.md "Limits": too large a text, too many hands or actions are bad-records."""
    assert replay_error(" " * (MAX_RECORD_SIZE + 1)).kind == "bad-record"
    assert replay_error(b" " * (MAX_RECORD_SIZE + 1)).kind == "bad-record"
    hand = {"deal": DEAL, "actions": []}
    assert "more than" in replay_error(base_record(hands=[hand] * (MAX_HANDS + 1))).message
    assert (
        "more than"
        in replay_error(base_record(hands=[{"deal": DEAL, "actions": ["0 mazo"] * (MAX_ACTIONS + 1)}])).message
    )
    assert (
        "more than"
        in replay_error(base_record(rules="online", first_mano=None, pre=["0 rps piedra"] * (MAX_ACTIONS + 1))).message
    )


def test_a_ten_megabyte_action_is_echoed_in_80_characters():
    """STYLE.md (errors): a 10 MB action text put 31 MB on stdout; the error quotes about 80 characters of it."""
    error = replay_error(base_record(hands=[{"deal": DEAL, "actions": ["0 " + "envido" * 1_700_000]}]))
    assert (error.kind, error.hand, error.action) == ("bad-notation", 0, 0)
    assert len(json.dumps(error.to_json())) < 400


# --- replay reads ahead but reports the first failure in order -----------------------------------------------
def test_illegal_action_before_a_later_notation_error():
    """RECORDS.md: the first failure in record order is reported, even though replay reads every text first."""
    hands = [
        {"deal": DEAL, "actions": ["0 retruco"]},  # illegal: the first call is truco
        {"deal": DEAL, "actions": ["0 trucazo"]},  # not notation, later
    ]
    error = replay_error(base_record(hands=hands))
    assert (error.kind, error.hand, error.action) == ("illegal-action", 0, 0)
    hands[1] = {"deal": [["7C", "6C", "1E"], ["5O", "4O", "8B"]], "actions": []}  # a bad deal, later
    error = replay_error(base_record(hands=hands))
    assert (error.kind, error.hand, error.action) == ("illegal-action", 0, 0)


def test_notation_error_before_a_later_illegal_action():
    """RECORDS.md: a notation error comes first when it is earlier, and the trace stops at it."""
    record = base_record(hands=[{"deal": DEAL, "actions": ["0 envido", "1 kiero", "0 retruco"]}])
    lines: list[dict[str, Any]] = []
    with pytest.raises(RecordError) as info:
        replay(record, trace=lines.append)
    assert (info.value.kind, info.value.hand, info.value.action) == ("bad-notation", 0, 1)
    assert [(line["hand"], line["action"]) for line in lines] == [(0, 0), (0, 1)]


def test_match_over_before_a_bad_action_of_the_next_hand():
    """RECORDS.md: a hand listed after the match is over is a bad-record, whatever its actions' text (checked
    before notation)."""
    record = base_record(
        score=[0, 29], hands=[{"deal": DEAL, "actions": ["0 mazo"]}, {"deal": DEAL, "actions": ["x y"]}]
    )
    error = replay_error(record)
    assert (error.kind, error.hand, error.action) == ("bad-record", None, None)


def test_rps_pre_notation_error():
    """RECORDS.md: a pre action that is not notation has hand null and its index in pre."""
    record = {"format": "truco-record/1", "rules": "online", "pre": ["0 rps piedra", "1 rps pedra"], "hands": []}
    error = replay_error(record)
    assert (error.kind, error.hand, error.action) == ("bad-notation", None, 1)


def test_wrong_json_types_are_bad_records():
    """docs/records.md: a member of the wrong JSON type is a bad-record with hand and action null (RECORDS.md:
    every bad-record has both null)."""
    for hands in (
        [{"deal": "7C 6C 1E", "actions": []}],
        [{"deal": [["7C", 5]], "actions": []}],
        [{"deal": DEAL, "actions": "0 mazo"}],
        [{"deal": DEAL}],
        [5],
    ):
        error = replay_error(base_record(hands=hands))
        assert (error.kind, error.hand, error.action) == ("bad-record", None, None)


# --- randomness ------------------------------------------------------------------------------------------
def test_bots_default_to_an_unpredictable_source():
    """STYLE.md (randomness injected): without a seed, a match's deals and bots use random.SystemRandom (like the
    deck)."""
    final = play_match(RuleSet.preset("default", target=15), [RandomBot(), RandomBot()])
    assert final.is_over


def test_cli_random_without_seed_uses_the_system_source(monkeypatch, capsys):
    """STYLE.md (randomness injected): `pytruco random` without --seed used random.Random() (seeded from the clock)."""
    from pytruco import cli

    made: list[random.Random] = []

    class Recording(random.SystemRandom):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(cli.random, "SystemRandom", Recording)
    assert cli.main(["random", "--preset", "default"]) == 0
    assert made
    assert Record.loads(capsys.readouterr().out).rules.preset_name == "default"


def test_misuse_of_other_public_functions_raises_truco_errors():
    """STYLE.md (errors): wrong types elsewhere in the public API raise TrucoErrors too (they raised TypeError or
    AttributeError, or a ValueError from printing a 5,000-digit number)."""
    from pytruco import random_deal

    state = new_game("default", first_mano=0)
    for call in (
        lambda: Deck(5),  # type: ignore[arg-type]
        lambda: Deck(["1E", "2E", "3E"]),  # type: ignore[list-item]
        lambda: Deck.shuffled("seed"),  # type: ignore[arg-type]
        lambda: Record.from_state(None),  # type: ignore[arg-type]
        lambda: random_deal(state, "seed"),  # type: ignore[arg-type]
        lambda: play_match(RuleSet.preset("default"), 5),  # type: ignore[arg-type]
        lambda: play_match("default", [RandomBot(), RandomBot()]),  # type: ignore[arg-type]
        lambda: new_game(10**5000),  # type: ignore[arg-type]
        lambda: RuleSet.preset("default", target=10**5000),
    ):
        with pytest.raises(TrucoError) as info:
            call()
        assert len(str(info.value)) < 300


def test_a_view_of_a_seat_with_thousands_of_digits_is_a_seat_error() -> None:
    """A seat number too long for ``repr`` (Python refuses 4,300+ digits) still gets the library's own error."""
    from pytruco.views import SeatError, view

    with pytest.raises(SeatError, match="about 5001 digits"):
        view(new_game(), seat=10**5000)


def test_the_frontend_helpers_check_a_seat_as_view_does() -> None:
    """One seat check (views.check_seat) serves the views and the frontend helpers, with the same messages."""
    from pytruco import random_deal
    from pytruco.frontend import seat_event, seat_events
    from pytruco.views import SeatError

    start = new_game()
    state, events = apply(start, random_deal(start, random.Random(1)))
    for call in (lambda seat: seat_events(state, events, seat), lambda seat: seat_event(state, events[0], seat)):
        with pytest.raises(SeatError, match="about 5001 digits"):
            call(10**5000)
        with pytest.raises(SeatError, match="a seat is a whole number or None, not '0'"):
            call("0")
        with pytest.raises(SeatError, match="there is no seat 2 at a table of 2"):
            call(2)


def _state_takers() -> list[tuple[str, Any]]:
    from pytruco import Action, check, is_legal, legal_actions, random_deal, view
    from pytruco.frontend import clock, seat_event, seat_events

    mazo = Action.parse("0 mazo")
    return [
        ("apply", lambda s: apply(s, mazo)),
        ("legal_actions", legal_actions),
        ("is_legal", lambda s: is_legal(s, mazo)),
        ("check", lambda s: check(s, mazo)),
        ("random_deal", lambda s: random_deal(s, random.Random(1))),
        ("view", lambda s: view(s, 0)),
        ("clock", clock),
        ("seat_event", lambda s: seat_event(s, None, 0)),  # type: ignore[arg-type]
        ("seat_events", lambda s: seat_events(s, [], 0)),
    ]


@pytest.mark.parametrize("name,call", _state_takers(), ids=[name for name, _ in _state_takers()])
@pytest.mark.parametrize(
    "value", [None, "default", 10**5000, [new_game()], new_game().rules], ids=["none", "text", "huge", "list", "rules"]
)
def test_a_function_given_something_that_is_not_a_state_raises_argument_error(name: str, call: Any, value: Any) -> None:
    """The guide: a badly typed argument gets a clear error (a ValueError of the library), not AttributeError."""
    from pytruco import ArgumentError

    with pytest.raises(ArgumentError, match=f"^{name} needs a State, not "):
        call(value)


def test_the_frontend_helpers_name_an_event_that_is_not_one() -> None:
    from pytruco import ArgumentError
    from pytruco.frontend import seat_event, seat_events

    state = new_game()
    with pytest.raises(ArgumentError, match="seat_event needs an Event, not 'dealt'"):
        seat_event(state, "dealt", 0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"seat_events needs events \(an iterable of Events\), not 7"):
        seat_events(state, 7, 0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="seat_event needs an Event, not 7"):
        seat_events(state, [7], 0)  # type: ignore[list-item]


def test_seat_events_takes_any_iterable_of_events() -> None:
    """As before the type checks: a generator of events is as good as a tuple."""
    from pytruco import random_deal
    from pytruco.frontend import seat_events

    start = new_game()
    state, events = apply(start, random_deal(start, random.Random(3)))
    assert seat_events(state, (e for e in events), 1) == seat_events(state, events, 1)


def test_check_seat_refuses_a_number_of_players_that_is_not_one() -> None:
    from pytruco import ArgumentError
    from pytruco.views import check_seat

    for players in (0, -(10**5000), "2", 2.0, True):
        with pytest.raises(ArgumentError, match="check_seat needs a number of players"):
            check_seat(0, players)  # type: ignore[arg-type]


def test_an_unknown_schema_name_is_quoted_safely() -> None:
    from pytruco.schema import SchemaError, schema

    for name in (10**5000, [10**5000], "x" * 10_000):
        with pytest.raises(SchemaError, match="unknown schema"):
            schema(name)  # type: ignore[arg-type]


def _word_and_picture_calls() -> list[tuple[str, Any, str]]:
    from pytruco import Hand
    from pytruco.svg import card_svg, hand_svg, table_svg
    from pytruco.text import action_label, card_name, describe_action, describe_event, describe_refusal

    return [
        ("action_label", action_label, "action_label needs an Action, not "),
        ("describe_action", describe_action, "describe_action needs an Action, not "),
        ("describe_event", describe_event, "describe_event needs an Event, not "),
        ("describe_refusal", describe_refusal, "describe_refusal needs an exception"),
        ("card_name", card_name, "card_name needs a Card, not "),
        ("card_svg", card_svg, "card_svg needs a Card, not "),
        ("table_svg", table_svg, "table_svg needs a seat's view"),
        ("hand_svg", lambda value: hand_svg([Hand.parse("1E").cards[0], value]), "hand_svg needs Cards only, not "),
    ]


@pytest.mark.parametrize("name,call,message", _word_and_picture_calls(), ids=[c[0] for c in _word_and_picture_calls()])
@pytest.mark.parametrize("value", [None, "0 mazo", 10**5000, [1]], ids=["none", "text", "huge", "list"])
def test_words_and_pictures_name_an_argument_of_the_wrong_type(name: str, call: Any, message: str, value: Any) -> None:
    """Text and SVG helpers given the wrong type raise ArgumentError, never AttributeError or repr's ValueError."""
    from pytruco import ArgumentError

    with pytest.raises(ArgumentError, match=f"^{message}"):
        call(value)


def test_seat_and_team_names_refuse_what_is_not_a_seat_or_a_team() -> None:
    from pytruco import ArgumentError
    from pytruco.text import LanguageError, seat_name, team_name

    assert (seat_name(3, "en"), team_name(1, "es"), seat_name(None, "en")) == ("seat 3", "equipo 1", "nobody")
    for seat in (10**5000, -1, "0", True, 1.0):
        with pytest.raises(ArgumentError, match="seat_name needs a seat number"):
            seat_name(seat, "es")  # type: ignore[arg-type]
    for team in (2, -1, "0", 10**5000):
        with pytest.raises(ArgumentError, match=r"team_name needs a team \(0 or 1\)"):
            team_name(team, "en")  # type: ignore[arg-type]
    for names in ([7], "Ana", 5, {"0": "Ana"}, {0: 7}):
        with pytest.raises(ArgumentError, match="names must be a list of text or a mapping of seat number to text"):
            seat_name(0, "es", names)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="names must be a list of text or a mapping of seat number to text"):
            team_name(0, "es", names)  # type: ignore[arg-type]
    assert seat_name(1, "en", ["Ana", None]) == "seat 1" and team_name(0, "es", {0: "Ana", 2: ""}) == "Ana y asiento 2"
    with pytest.raises(LanguageError, match="unknown language <a whole number of about 5001 digits>"):
        seat_name(0, 10**5000)  # type: ignore[arg-type]


def test_hand_svg_refuses_card_text_and_non_iterables() -> None:
    from pytruco import ArgumentError, Hand
    from pytruco.svg import hand_svg

    with pytest.raises(ArgumentError, match=r"not the text '1E 7O' \(parse it with Hand.parse\)"):
        hand_svg("1E 7O")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="hand_svg needs cards"):
        hand_svg(5)  # type: ignore[arg-type]
    for gap in ("x", -1, float("nan"), float("inf"), True):
        with pytest.raises(ArgumentError, match=r"hand_svg needs a gap \(a finite number >= 0\)"):
            hand_svg(Hand.parse("1E 7O"), gap=gap)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"bots": "random"}, "simulate needs two bot names or bots, not 'random'"),
        ({"bots": ["random", 3]}, "simulate needs two bot names"),
        ({"bots": ["random"]}, "simulate needs two bots, not 1"),
        ({"games": 0}, "--games must be at least 1, not 0"),
        ({"games": 2.5}, "--games must be a whole number, not 2.5"),
        ({"games": -(10**5000)}, "--games must be a whole number|--games must be at least 1, not <a whole number"),
        ({"workers": True}, "--workers must be a whole number, not True"),
        ({"seed": "7"}, "--seed must be a whole number or None, not '7'"),
        ({"backend": "x" * 1000}, "unknown backend 'xxxx"),
    ],
)
def test_simulate_refuses_bad_arguments_before_playing(kwargs: dict[str, Any], message: str) -> None:
    from pytruco import ArgumentError
    from pytruco.simulate import simulate

    arguments: dict[str, Any] = {"bots": ["random", "random"], "games": 1, **kwargs}
    with pytest.raises(ArgumentError, match=message):
        simulate(**arguments)


def test_bot_helpers_name_an_argument_of_the_wrong_type() -> None:
    from pytruco import ArgumentError, view
    from pytruco.bots import call_to_answer, load_bot, round_win_chance
    from pytruco.bots._reading import seat_of

    for call, name in ((round_win_chance, "round_win_chance"), (call_to_answer, "call_to_answer")):
        for value in (None, "view", 10**5000, new_game()):
            with pytest.raises(ArgumentError, match=f"^{name} needs a seat's view"):
                call(value)
    with pytest.raises(ArgumentError, match="not a spectator's"):
        seat_of(view(new_game(), None))
    for spec in (None, 3, 10**5000, ["random"]):
        with pytest.raises(ArgumentError, match=r"^load_bot needs a bot name or module:Class, not "):
            load_bot(spec)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^unknown bot 'x{80}'… \(known: always-call, bluff-weak, "):
        load_bot("x" * 10_000)
    with pytest.raises(ArgumentError, match=r"^cannot load bot 'no_such_module:Bot'"):
        load_bot("no_such_module:Bot")
    with pytest.raises(ArgumentError, match=r"^bot 'pytruco.cards:Deck' has no act\(view, rng\) method"):
        load_bot("pytruco.cards:Deck")


@pytest.mark.parametrize(
    "make,message",
    [
        (lambda: Hand(["1E"]), "not a hand: '1E' is not a Card"),
        (lambda: Hand("1E 7O"), "not a hand: '1E 7O' (expected a sequence of cards; Hand.parse reads text)"),
        (lambda: Deck(["1E"]), "not a deck: '1E' is not a Card"),
        (lambda: Deck("x"), "not a deck: 'x' (expected a sequence of cards; Hand.parse reads text)"),
        (lambda: Deal([Card.parse("1E")]), "not a deal: Card('1E') is not a Hand"),
        (lambda: Deal(None), "not a deal: None (expected a sequence of Hands; Deal.parse reads card texts)"),
    ],
)
def test_hands_decks_and_deals_check_their_items_with_one_mechanism(make: Any, message: str) -> None:
    """errors.sequence_of serves Hand, Deck and Deal alike, with the messages each had."""
    with pytest.raises(NotationError) as caught:
        make()
    assert str(caught.value) == message

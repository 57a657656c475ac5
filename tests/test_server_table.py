"""The table authority of ``pytruco serve`` (:class:`pytruco.server._table.Table`) without a socket (issue 34): it
checks an ``act`` and computes its step without changing anything, puts a stored step in memory, and builds the
messages to send; the transport (:mod:`pytruco.server`) stores the step in between and does the sending."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("websockets", reason="websockets is not installed (pip install 'pytruco-ar[server]')")

import pytruco.server._table as module  # (after the skip: the server package needs websockets)
from pytruco import RuleSet, TrucoError
from pytruco.server._options import bounded
from pytruco.server._table import CLOCK_RANGE, Step, Table, advance, table_spec


def dealt(players: int = 2) -> Table:
    """A table after its first deal (seat 0 is mano, to act), with a seeded deck."""
    table = Table("t1", RuleSet.preset("default", players=players), ["Ana", "Beto", "Carla", "Dani"][:players], 15.0)
    table.commit(advance(table.state, None, random.Random(7)), actor=None)
    return table


def snapshot(table: Table) -> tuple[Any, ...]:
    return table.state, table.decision, list(table.log), table.previous, {s: list(e) for s, e in table.logs.items()}


@pytest.mark.parametrize(
    ("seat", "text", "decision", "confirm", "code"),
    [
        (None, "0 envido", 0, False, "spectator"),
        (0, "0 nonsense", 0, False, "not-an-action"),
        (1, "0 envido", 0, False, "not-your-seat"),
        (0, "0 envido", 3, False, "stale"),
        (0, "0 rendirse", 0, False, "confirm-needed"),
        (0, "0 quiero", 0, False, "nothing-to-answer"),
    ],
)
def test_prepare_refuses_with_the_protocol_code_and_changes_nothing(
    seat: int | None, text: str, decision: int, confirm: bool, code: str
) -> None:
    """Each refusal of an ``act`` (the protocol's codes; the rules' own code for an illegal action) names the action
    and its decision, and leaves the table as it was."""
    table = dealt()
    before = snapshot(table)
    refused = table.prepare(seat, text, decision, confirm, "en")
    assert isinstance(refused, dict), f"{text!r} by seat {seat} was accepted"
    assert (refused["type"], refused["code"], refused["action"], refused["decision"]) == ("error", code, text, decision)
    assert snapshot(table) == before


def test_prepare_computes_the_step_and_only_commit_changes_the_table() -> None:
    """Write, then apply: the prepared step is what the transport stores; the table moves only at commit."""
    table = dealt()
    before = snapshot(table)
    step = table.prepare(0, "0 envido", 0, False, "es")
    assert isinstance(step, Step) and step.items == ["0 envido"]
    assert snapshot(table) == before
    fresh = table.commit(step, actor=0)
    assert table.decision == 1 and table.log[-1] == "0 envido" and table.state.to_act == (1,)
    assert [event["kind"] for event in fresh[1]] == ["called"]


def test_the_second_partner_to_answer_hears_that_the_first_did() -> None:
    """Partners answering at once: once seat 1 has answered the truco, seat 3's answer to the same decision is
    ``answered-by-partner``; an opponent's late answer is plain ``stale``."""
    table = dealt(players=4)
    table.commit(table.prepare(0, "0 truco", 0, False, "en"), actor=0)  # type: ignore[arg-type]
    assert table.state.to_act == (1, 3)
    table.commit(table.prepare(1, "1 quiero", 1, False, "en"), actor=1)  # type: ignore[arg-type]
    late = table.prepare(3, "3 no-quiero", 1, False, "en")
    assert isinstance(late, dict) and late["code"] == "answered-by-partner"
    other = table.prepare(2, "2 truco", 0, False, "en")
    assert isinstance(other, dict) and other["code"] == "stale"


def test_timeout_is_the_clock_seat_losing_the_decision() -> None:
    """PRESETS.md §7: a timeout of the mano before any call goes to the mazo; the next round is dealt with it."""
    table = dealt()
    step = table.timeout()
    assert step is not None and step.items[0] == "0 timeout" and step.items[1].startswith("[")
    fresh = table.commit(step, actor=None)
    assert table.previous is None, "a timeout is not a partner's answer"
    assert fresh[1][0]["kind"] == "timed-out"
    assert table.state.rounds_dealt == 2 and table.state.score[0] == 0 and table.state.score[1] > 0


def test_updates_make_one_view_per_seat_and_one_text_per_seat_and_language(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int | None] = []
    real = module.view

    def counting(state: Any, seat: int | None) -> Any:
        calls.append(seat)
        return real(state, seat)

    monkeypatch.setattr(module, "view", counting)
    table = dealt()
    fresh = table.commit(table.prepare(0, "0 envido", 0, False, "en"), actor=0)  # type: ignore[arg-type]
    audience = [(0, "en"), (0, "en"), (0, "es"), (1, "en"), (None, "es"), (None, "es")]
    texts = table.updates(fresh, audience, 0.0)
    assert sorted(calls, key=str) == [0, 1, None]
    assert set(texts) == {(0, "en"), (0, "es"), (1, "en"), (None, "es")}
    beto = json.loads(texts[1, "en"])
    assert beto["decision"] == 1 and beto["view"]["seat"] == 1 and beto["events"][0]["event"]["kind"] == "called"
    assert beto["events"][0]["text"] != json.loads(texts[0, "es"])["events"][0]["text"], "each language its text"
    watcher = json.loads(texts[None, "es"])
    assert watcher["view"]["hand"] == [] and watcher["concede"] is None


# --- fuzzing the server's readers (issue 36 items 9 and 10): only the library's errors come out ----------------------
SPEC_TEXT = st.text(alphabet=st.sampled_from(list("defaultclsic:=,.0123456789²٣ -eEnaifptrgo")), max_size=40)
ODD_ITEMS = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=20),
    st.integers(),
    st.floats(allow_nan=True),
    st.none(),
    st.integers(1, 5000).map(lambda depth: "[" * depth + "]" * depth),
)


@settings(max_examples=300, deadline=None)
@given(SPEC_TEXT | st.text(max_size=40))
def test_table_spec_raises_only_truco_errors(spec: str) -> None:
    """``pytruco serve --new SPEC``: any text is a table or a :class:`TrucoError` (one line), never another error."""
    try:
        rules, seconds = table_spec(spec)
    except TrucoError:
        return
    assert rules.players in (2, 4, 6)
    assert seconds is None or CLOCK_RANGE[0] <= seconds <= CLOCK_RANGE[1]


@settings(max_examples=300, deadline=None)
@given(ODD_ITEMS)
def test_a_stored_log_line_of_any_kind_raises_only_truco_errors(item: Any) -> None:
    """A damaged log line (issue 36 item 9) is a :class:`TrucoError`, whatever it holds."""
    table = Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0)
    with contextlib.suppress(TrucoError):
        table.restore([item])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30), st.sampled_from([(int, 0, 65535), (float, 0.1, 604_800.0), (float, 0.001, 1e12)]))
def test_option_readers_give_a_number_in_range_or_refuse(text: str, reader: tuple[Any, float, float]) -> None:
    """``pytruco serve``'s numeric options (issue 36 item 10): a value in range, or a refusal; nan and the
    infinities never pass."""
    kind, low, high = reader
    try:
        value = bounded(kind, low, high)(text)
    except argparse.ArgumentTypeError:
        return
    assert low <= value <= high and math.isfinite(value)

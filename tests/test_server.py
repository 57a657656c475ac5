"""``pytruco serve`` (pytruco.server) over real loopback WebSockets: the eight defects the front end found (the timer
race, the clock, limits, decision ids, the log, deep JSON, links, partners answering at once), one test each (or a few),
and every message checked against the protocol's schema (``pytruco schema protocol``).

The server runs in the test's own event loop with fake timers (:class:`FakeTimers`): time only moves when a test
moves it, so no test depends on the machine's speed or asserts a wall-clock bound. Clients are the websockets
library's own client.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets", reason="websockets is not installed (pip install 'pytruco-ar[server]')")
jsonschema = pytest.importorskip("jsonschema")
referencing = pytest.importorskip("referencing")

from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.asyncio.server import serve  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402

from pytruco import Record, RuleSet  # noqa: E402
from pytruco.schema import SCHEMA_NAMES, schema  # noqa: E402
from pytruco.server import MAX_MESSAGE, Limits, Server  # noqa: E402
from pytruco.server._store import Store  # noqa: E402

_REGISTRY = referencing.Registry().with_resources(
    (schema(name)["$id"], referencing.Resource.from_contents(schema(name))) for name in SCHEMA_NAMES
)
_BASE = schema("protocol")["$id"]
SERVER_MESSAGE = jsonschema.Draft202012Validator({"$ref": _BASE + "#/$defs/ServerMessage"}, registry=_REGISTRY)
CLIENT_MESSAGE = jsonschema.Draft202012Validator({"$ref": _BASE + "#/$defs/ClientMessage"}, registry=_REGISTRY)


def valid(validator: Any, message: dict[str, Any]) -> None:
    """The protocol's schema accepts *message* (the error names the member that breaks it)."""
    errors = sorted(validator.iter_errors(message), key=str)
    assert not errors, f"{errors[0].message} at {list(errors[0].absolute_path)} in {json.dumps(message)[:300]}"


class FakeHandle:
    def __init__(self, when: float, callback: Callable[[], None]) -> None:
        self.when, self.callback = when, callback
        self.cancelled = self.fired = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeTimers:
    """Time that moves only when :meth:`advance` moves it; the timers it runs are kept to be counted."""

    def __init__(self) -> None:
        self.time = 1_800_000_000.0
        self.handles: list[FakeHandle] = []

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> FakeHandle:
        handle = FakeHandle(self.time + delay, callback)
        self.handles.append(handle)
        return handle

    def live(self) -> list[FakeHandle]:
        return [h for h in self.handles if not h.cancelled and not h.fired]

    def advance(self, seconds: float) -> None:
        self.time += seconds
        for handle in sorted(self.live(), key=lambda h: h.when):
            if handle.when <= self.time and not handle.cancelled:
                handle.fired = True
                handle.callback()


class Seat:
    """A client connection; every message it receives is checked against the protocol's schema."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.last: dict[str, Any] | None = None

    async def recv(self, kind: str | None = None) -> dict[str, Any]:
        while True:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout=10))
            valid(SERVER_MESSAGE, message)
            if message["type"] == "update":
                self.last = message
            if kind is None or message["type"] == kind:
                return message

    async def act(self, action: str, decision: int | None = None, **extra: Any) -> None:
        assert self.last is not None or decision is not None
        message = {"type": "act", "action": action, "decision": self.last["decision"] if decision is None else decision}
        message.update(extra)
        valid(CLIENT_MESSAGE, message)
        await self.ws.send(json.dumps(message))


Scenario = Callable[[Server, FakeTimers, Callable[..., Any]], Coroutine[Any, Any, None]]


def run(scenario: Scenario, *, store: Store | None = None, limits: Limits | None = None, **options: Any) -> Server:
    """Serve on a free loopback port and run *scenario(server, timers, join)*; ``await join(link)`` connects."""
    timers = FakeTimers()
    server = Server(store or Store(":memory:"), 15.0, limits or Limits(), timers, **options)  # type: ignore[arg-type]

    async def main() -> None:
        async with serve(server.handle, "127.0.0.1", 0, process_request=server.http, max_size=MAX_MESSAGE) as up:
            port = next(iter(up.sockets)).getsockname()[1]
            server.port = port  # type: ignore[attr-defined]
            server.start_clocks()
            opened: list[ClientConnection] = []

            async def join(token: str, lang: str = "en", welcome: bool = True) -> Seat:
                ws = await connect(f"ws://127.0.0.1:{port}/ws?t={token}&lang={lang}")
                opened.append(ws)
                seat = Seat(ws)
                if welcome:
                    assert (await seat.recv())["type"] == "join"
                    await seat.recv("update")
                return seat

            try:
                await scenario(server, timers, join)
            finally:
                for ws in opened:
                    await ws.close()

    asyncio.run(main())
    return server


def new(server: Server, preset: str = "default", clock_s: float = 2.0, **options: Any) -> tuple[Any, list[str], str]:
    return server.new_table(RuleSet.preset(preset, **options), clock_s=clock_s)


async def settle() -> None:
    """Let the server's writer tasks run."""
    for _ in range(5):
        await asyncio.sleep(0.01)


# --- defect 1: the timer race -------------------------------------------------------------------------------------
def test_an_action_at_the_deadline_leaves_one_timer_and_an_old_timer_never_acts() -> None:
    """The timer race: a timer that fires as an action lands (here: called after the action) must not time out
    the next decision, and the table keeps exactly one timer."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server)
        ana, beto = await join(tokens[0]), await join(tokens[1])
        [first] = timers.live()
        await ana.act("0 envido")
        assert (await ana.recv("ack"))["decision"] == 0
        update = await beto.recv("update")
        assert update["decision"] == 1 and update["view"]["to_act"] == [1]
        first.callback()  # the old timer fires at the deadline, just after the action
        await settle()
        assert table.decision == 1 and [e["event"]["kind"] for e in update["events"]] == ["called"]
        assert timers.live() == [table.timer], "one timer per table"
        timers.advance(2.0)  # Beto's clock runs out: one timeout, for his decision
        kinds = [e["event"]["kind"] for e in (await beto.recv("update"))["events"]]
        assert kinds[0] == "timed-out" and table.decision == 2
        assert len(timers.live()) == 1

    run(scenario)


# --- defect 2: the clock waits for the seat to act -----------------------------------------------------------------
def test_the_clock_starts_only_when_the_seat_to_act_has_joined() -> None:
    """The clock of an unjoined table: a table nobody joined never plays itself out; the seat that is not to act joining
    does not start the clock either."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server)
        server.start_clocks()  # as pytruco serve does once it listens
        timers.advance(3600)
        assert table.decision == 0 and table.timer is None
        beto = await join(tokens[1])
        assert beto.last is not None and beto.last["clock"]["deadline_ms"] is None
        timers.advance(3600)
        assert table.decision == 0 and table.timer is None
        ana = await join(tokens[0])  # the mano, to act: the clock starts, and Beto hears of it
        assert ana.last is not None and [e["event"]["kind"] for e in ana.last["events"]] == ["dealt"]
        assert ana.last["clock"]["deadline_ms"] == int((timers.time + 2.0) * 1000)
        started = await beto.recv("update")
        assert started["clock"]["deadline_ms"] == int((timers.time + 2.0) * 1000)
        assert started["clock"]["seats"] == [0]

    run(scenario)


def test_a_disconnect_does_not_stop_the_clock_and_reconnecting_wins_no_time() -> None:
    """The clock on disconnect (issue 36 item 8): it runs on; a seat that comes back gets the same deadline."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server, clock_s=10.0)
        beto, ana = await join(tokens[1]), await join(tokens[0])
        deadline = (await beto.recv("update"))["clock"]["deadline_ms"]
        await ana.ws.close()
        await settle()
        timers.advance(4.0)
        assert table.deadline is not None and table.timer is not None
        ana = await join(tokens[0])  # back: the same deadline, not a fresh clock
        assert ana.last is not None and ana.last["clock"]["deadline_ms"] == deadline
        timers.advance(6.0)
        assert next(e["event"]["kind"] for e in (await beto.recv("update"))["events"]) == "timed-out"

    run(scenario)


def test_a_player_who_left_still_loses_each_decision_on_the_clock(tmp_path: Path) -> None:
    """Issue 36 item 8, an abandoned table: a player who closed the page loses each of its decisions when its clock
    runs out (a timeout, PRESETS.md section 7), so the other side is never held for ever, also after a restart
    (a seat that has acted at the table counts as joined)."""
    path = str(tmp_path / "t.sqlite")
    seen: dict[str, Any] = {}

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server, clock_s=10.0)
        beto, ana = await join(tokens[1]), await join(tokens[0])
        await beto.recv("update")  # Ana's clock started
        await ana.ws.close()
        await settle()
        timers.advance(3600)  # long after she left: her decision was lost on the clock, once
        kinds = [e["event"]["kind"] for e in (await beto.recv("update"))["events"]]
        assert kinds[0] == "timed-out" and table.decision == 1
        assert table.state.to_act == (1,)  # Beto is mano of the next round
        await beto.act("1 envido")
        await beto.recv("ack")
        waiting = await beto.recv("update")
        assert waiting["clock"]["seats"] == [0] and waiting["clock"]["deadline_ms"] is not None, "her clock runs"
        timers.advance(10.0)
        assert next(e["event"]["kind"] for e in (await beto.recv("update"))["events"]) == "timed-out"
        assert table.decision == 3
        await beto.act("1 truco")  # Ana is to answer again when the server stops
        await beto.recv("ack")
        seen["id"], seen["tokens"] = table.id, tokens

    run(scenario, store=Store(path))

    async def restarted(server: Server, timers: FakeTimers, join: Any) -> None:
        table = server.tables[seen["id"]]
        assert table.state.to_act == (0,) and table.decision == 4
        beto = await join(seen["tokens"][1])  # only Beto comes back: Ana's clock runs all the same
        assert beto.last is not None and beto.last["clock"]["deadline_ms"] is not None
        timers.advance(10.0)
        assert next(e["event"]["kind"] for e in (await beto.recv("update"))["events"]) == "timed-out"

    run(restarted, store=Store(path))


def test_a_table_every_player_left_stops_its_clock_until_one_returns() -> None:
    """Issue 36 item 8, the other side of it: with no player connected (both closed the page, or the server's
    network went down) nobody is held and nobody can claim the decision, so the clock stops with the time left,
    instead of timing the table out to its end; the first player back, either one, starts it again with that time
    (no fresh clock). A spectator does not keep it running."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, spectator = new(server, clock_s=10.0)
        watcher, ana, beto = await join(spectator), await join(tokens[0]), await join(tokens[1])
        assert (await watcher.recv("update"))["clock"]["deadline_ms"] is not None
        timers.advance(4.0)
        await ana.ws.close()
        await beto.ws.close()
        await settle()
        stopped = await watcher.recv("update")
        assert stopped["clock"]["deadline_ms"] is None and table.timer is None
        timers.advance(3600)
        assert table.decision == 0, "nobody at the table: no timeout"
        beto = await join(tokens[1])  # the player not to act comes back: Ana's clock runs on with 6 s
        assert beto.last is not None and beto.last["clock"]["deadline_ms"] == int((timers.time + 6.0) * 1000)
        timers.advance(6.0)
        assert next(e["event"]["kind"] for e in (await beto.recv("update"))["events"]) == "timed-out"

    run(scenario)


# --- defect 3: limits, and one view per seat per action ------------------------------------------------------------
def test_a_link_has_at_most_so_many_connections() -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, _ = new(server)
        await join(tokens[0])
        await join(tokens[0])
        third = await join(tokens[0], welcome=False)
        refused = await third.recv()
        assert refused["code"] == "too-many-connections"
        with pytest.raises(ConnectionClosed) as closed:
            await third.ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4008
        await join(tokens[1])  # the other seat's link is not affected

    run(scenario, limits=Limits(connections_per_link=2))


def test_a_connection_that_floods_is_rate_limited_and_recovers() -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, _ = new(server)
        ana = await join(tokens[0])
        for _ in range(7):
            await ana.act("0 mazo", decision=99)
        replies = [await ana.recv("error") for _ in range(7)]
        assert [r["code"] for r in replies] == ["stale"] * 5 + ["rate-limited"] * 2
        assert all(r["action"] == "0 mazo" for r in replies), "every refusal names its action"
        timers.advance(1.0)  # one message's worth of allowance
        await ana.act("0 mazo", decision=99)
        assert (await ana.recv("error"))["code"] == "stale"
        for _ in range(4 * 5 + 1):  # past four bursts refused in a row: the connection is closed
            await ana.act("0 mazo", decision=99)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await ana.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4008

    run(scenario, limits=Limits(rate=1.0, burst=5))


def test_failed_connections_are_rate_limited_per_address() -> None:
    """Issue 36 item 12: connections with a bad token cost the server a handshake each; past a burst of them, an
    address gets HTTP 429 before any WebSocket work, until its bucket refills. A valid link from the same address
    still joins: only failures are counted and limited."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, _ = new(server)
        for _ in range(3):
            refused = await join("nonsense", welcome=False)
            assert (await refused.recv())["code"] == "unknown-link"
        port = server.port  # type: ignore[attr-defined]
        with pytest.raises(InvalidStatus) as limited:
            await connect(f"ws://127.0.0.1:{port}/ws?t=nonsense")
        assert limited.value.response.status_code == 429
        assert limited.value.response.headers["X-Frame-Options"] == "DENY"
        ana = await join(tokens[0])  # a good link is never limited
        assert ana.last is not None
        timers.advance(1.0)  # one failure's worth refilled
        refused = await join("other-nonsense", welcome=False)
        assert (await refused.recv())["code"] == "unknown-link"
        with pytest.raises(InvalidStatus):
            await connect(f"ws://127.0.0.1:{port}/ws?t=nonsense")

    run(scenario, limits=Limits(failed_rate=1.0, failed_burst=3))


def test_a_table_admits_many_spectators_up_to_its_own_cap() -> None:
    """Issue 36 item 12: the spectator link is not held to a seat link's four connections; it has its own bound
    (``--max-spectators``), and every spectator hears every action."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, spectator = new(server)
        ana = await join(tokens[0])
        watchers = [await join(spectator) for _ in range(12)]
        extra = await join(spectator, welcome=False)
        assert (await extra.recv())["code"] == "too-many-connections"
        await ana.act("0 envido")
        for watcher in watchers:
            assert [e["event"]["kind"] for e in (await watcher.recv("update"))["events"]] == ["called"]

    run(scenario, limits=Limits(connections_per_link=4, spectators=12))


def test_one_view_per_seat_per_action_whatever_the_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    import pytruco.server._table as module

    calls: list[int | None] = []
    real = module.view

    def counting(state: Any, seat: int | None) -> Any:
        calls.append(seat)
        return real(state, seat)

    monkeypatch.setattr(module, "view", counting)

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, _ = new(server)
        anas = [await join(tokens[0]) for _ in range(4)]
        betos = [await join(tokens[1], lang) for lang in ("es", "en", "en")]
        calls.clear()
        await anas[0].act("0 envido")
        for seat in anas + betos:
            assert (await seat.recv("update"))["decision"] == 1
        assert sorted(calls) == [0, 1], "one view for seat 0 and one for seat 1, not one per connection"

    run(scenario)


# --- defect 4: decision ids and acks --------------------------------------------------------------------------------
def test_an_action_in_flight_is_refused_as_stale_not_applied_to_the_next_decision() -> None:
    """Decision ids (a stale answer): "1 no-quiero" then "1 mazo" back to back, both answering the envido: the mazo is
    stale and the hand goes on."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server, clock_s=60.0)
        ana, beto = await join(tokens[0]), await join(tokens[1])
        await ana.act("0 envido")
        assert await ana.recv("ack") == {"type": "ack", "action": "0 envido", "decision": 0}
        await beto.recv("update")
        await beto.act("1 no-quiero")
        await beto.act("1 mazo", decision=1)
        assert await beto.recv("ack") == {"type": "ack", "action": "1 no-quiero", "decision": 1}
        stale = await beto.recv("error")
        assert (stale["code"], stale["action"], stale["decision"]) == ("stale", "1 mazo", 1)
        assert table.decision == 2 and table.state.rounds_dealt == 1 and table.state.to_act == (0,)
        await beto.act("1 mazo", decision=7)
        assert (await beto.recv("error"))["code"] == "stale"
        await ana.ws.send(json.dumps({"type": "act", "action": "0 truco"}))  # no decision: not an act
        assert (await ana.recv("error"))["code"] == "malformed"

    run(scenario)


# --- defect 5: write, then apply; bad rows skipped; the log rebuilds the record ------------------------------------
def test_a_failed_write_is_an_error_to_the_sender_and_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server, clock_s=60.0)
        ana, beto = await join(tokens[0]), await join(tokens[1])
        before = (table.state, table.decision, list(table.log))

        def failing(*args: Any) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(server.store, "append", failing)
        await ana.act("0 envido")
        error = await ana.recv("error")
        assert (error["code"], error["action"], error["decision"]) == ("storage", "0 envido", 0)
        assert (table.state, table.decision, table.log) == before
        monkeypatch.undo()
        await ana.act("0 truco")
        assert (await ana.recv("ack"))["action"] == "0 truco"
        update = await beto.recv()  # Beto heard nothing of the failed envido: his next message is the truco
        assert update["type"] == "update" and [e["event"]["detail"] for e in update["events"]] == ["truco"]
        stored = [row[0] for row in server.store.db.execute("SELECT item FROM serve_log ORDER BY n")]
        assert stored == table.log

    run(scenario)


def test_a_bad_stored_table_is_reported_and_skipped(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "t.sqlite"))
    good = Server(store).new_table(RuleSet.preset("default"))[0]
    store.db.execute("INSERT INTO serve_tables VALUES ('broken', '{', '[]', 15)")
    store.db.execute('INSERT INTO serve_tables VALUES (\'refused\', \'{"preset": "default"}\', \'["A", "B"]\', 15)')
    store.db.execute("INSERT INTO serve_log VALUES ('refused', 0, '1 quiero')")
    reports: list[str] = []
    restored = Server(Store(str(tmp_path / "t.sqlite")), report=reports.append)
    assert list(restored.tables) == [good.id]
    assert [line.split(":")[1].strip() for line in reports] == ["table broken skipped", "table refused skipped"]


def test_a_stored_table_damaged_in_any_way_is_reported_and_skipped(tmp_path: Path) -> None:
    """Issue 36 item 9: deeply nested ``rules`` (RecursionError in the JSON reader), a deeply nested log item, a BLOB
    log item (bytes, not text), a number as a log item, rules of the wrong types: each table is reported and
    skipped, and the good table is served."""
    path = str(tmp_path / "t.sqlite")
    store = Store(path)
    good = Server(store).new_table(RuleSet.preset("default"))[0]
    deep = "[" * 100_000 + "]" * 100_000
    names = '["A", "B"]'
    rows = {
        "deep-rules": ('{"preset": ' + deep + "}", []),
        "deep-item": ('{"preset": "default"}', [deep]),
        "blob-item": ('{"preset": "default"}', [b"0 truco"]),
        "number-item": ('{"preset": "default"}', [7]),
        "odd-rules": ('{"preset": "default", "players": [2]}', []),
    }
    for table_id, (rules, items) in rows.items():
        store.db.execute("INSERT INTO serve_tables VALUES (?, ?, ?, 15)", (table_id, rules, names))
        store.db.executemany("INSERT INTO serve_log VALUES (?, ?, ?)", [(table_id, n, i) for n, i in enumerate(items)])
    reports: list[str] = []
    restored = Server(Store(path), report=reports.append)
    assert list(restored.tables) == [good.id]
    assert [line.split(":")[1].strip() for line in reports] == [f"table {table_id} skipped" for table_id in rows]
    assert all(line.endswith("\n") and line.count("\n") == 1 for line in reports), "one line per table"


def test_the_append_only_log_rebuilds_the_same_record(tmp_path: Path) -> None:
    """The table's log (write, then apply): each action appends rows (earlier rows never change), and a restarted server
    rebuilds exactly the record the live table had."""
    path = str(tmp_path / "t.sqlite")
    rng = random.Random(20)
    seen: dict[str, Any] = {}

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server, target=15)
        seats = [await join(token) for token in tokens]
        rows: list[tuple[int, str]] = []
        for _ in range(400):
            if table.state.is_over:
                break
            actor = table.state.to_act[0]
            legal = [a for a in seats[actor].last["view"]["legal"] if not a.endswith(("rendirse", "timeout"))]  # type: ignore[index]
            await seats[actor].act(rng.choice(legal))
            await seats[actor].recv("ack")
            for seat in seats:
                while seat.last is None or seat.last["decision"] != table.decision:
                    await seat.recv("update")
            now = list(server.store.db.execute("SELECT n, item FROM serve_log WHERE table_id = ? ORDER BY n",
                                               (table.id,)))  # fmt: skip
            assert now[: len(rows)] == rows, "rows already stored never change"
            rows = now
        assert table.state.is_over
        seen["id"], seen["record"] = table.id, Record.from_state(table.state).to_dict()
        seen["logs"], seen["decision"] = table.logs, table.decision

    run(scenario, store=Store(path))
    restored = Server(Store(path)).tables[seen["id"]]
    assert Record.from_state(restored.state).to_dict() == seen["record"]
    # a client that reconnects after the restart gets the same recent events, and the same decision id
    assert restored.logs == seen["logs"] and restored.decision == seen["decision"]


def test_a_locked_database_blocks_no_other_table_and_the_write_waits_for_the_lock(tmp_path: Path) -> None:
    """Issue 36 item 7: another process holding the database (here a second connection in a write transaction, as
    a ``sqlite3`` shell or a backup does) must not freeze the event loop: while one table's write waits for the lock,
    another table still answers; once the lock is released the waiting action is stored and acknowledged (write,
    then apply: not in memory before)."""
    path = str(tmp_path / "t.sqlite")

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server, clock_s=60.0)
        other, others, _ = new(server, clock_s=60.0)
        ana, carla = await join(tokens[0]), await join(others[0])
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # the write lock, held by another connection
        try:
            await ana.act("0 envido")
            await carla.act("0 envido", decision=5)  # the other table answers while Ana's write waits
            assert (await carla.recv("error"))["code"] == "stale"
            dani = await join(others[1])  # and a connection joins it
            assert dani.last is not None and dani.last["decision"] == 0
            assert table.decision == 0 and table.log[-1] != "0 envido", "not in memory before it is stored"
        finally:
            holder.execute("COMMIT")
            holder.close()
        assert await ana.recv("ack") == {"type": "ack", "action": "0 envido", "decision": 0}
        assert table.decision == 1 and other.decision == 0
        stored = [row[0] for row in server.store.db.execute("SELECT item FROM serve_log WHERE table_id = ? ORDER BY n",
                                                             (table.id,))]  # fmt: skip
        assert stored == table.log

    run(scenario, store=Store(path))


# --- defect 6: deep JSON -------------------------------------------------------------------------------------------
def test_deeply_nested_json_gets_a_protocol_error_and_the_connection_stays() -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, _ = new(server)
        ana = await join(tokens[0])
        await ana.ws.send("[" * 2000 + "]" * 2000)
        assert (await ana.recv("error"))["code"] == "too-deep"
        await ana.ws.send('{"type": "act", "action": ' + "[" * 30 + "]" * 30 + ', "decision": 0}')
        assert (await ana.recv("error"))["code"] == "too-deep"
        await ana.act("0 envido")
        assert (await ana.recv("ack"))["action"] == "0 envido"

    run(scenario)


# --- defect 7: links, headers, rendirse ----------------------------------------------------------------------------
def test_only_a_hash_of_each_token_is_stored(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    _, tokens, spectator = Server(Store(str(path))).new_table(RuleSet.preset("default"))
    data = path.read_bytes()
    for token in [*tokens, spectator]:
        assert token.encode() not in data
    assert len({*tokens, spectator}) == 3


def test_a_revoked_link_is_closed_and_refused_and_an_expired_one_refused() -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, _ = new(server)
        ana = await join(tokens[0])
        assert server.revoke(f"http://127.0.0.1:1/?t={tokens[0]}")
        with pytest.raises(ConnectionClosed) as closed:
            await ana.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
        again = await join(tokens[0], welcome=False)
        assert (await again.recv())["code"] == "revoked-link"
        assert not server.revoke("no-such-token")
        beto = await join(tokens[1])  # the other link still works until it expires
        assert beto.last is not None
        timers.advance(61)
        late = await join(tokens[1], welcome=False)
        assert (await late.recv())["code"] == "expired-link"
        unknown = await join("nonsense", welcome=False)
        assert (await unknown.recv())["code"] == "unknown-link"

    run(scenario, expires=60.0)


def test_expiry_closes_the_open_connections_of_a_link() -> None:
    """Issue 36 item 11: a link's expiry reaches its open connections (closed with 4001 ``expired-link``), not only
    the next join; a link made later expires later."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, _ = new(server, clock_s=600.0)
        ana = await join(tokens[0])
        timers.advance(30)
        _, later, _ = new(server, clock_s=600.0)
        carla = await join(later[0])
        timers.advance(31)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await ana.recv()
        assert closed.value.rcvd is not None and (closed.value.rcvd.code, closed.value.rcvd.reason) == (
            4001,
            "expired-link",
        )
        await carla.act("0 envido")
        assert (await carla.recv("ack"))["action"] == "0 envido", "the later link still works"

    run(scenario, expires=60.0)


def test_a_revocation_file_reread_while_serving_closes_the_links_connections(tmp_path: Path) -> None:
    """Issue 36 item 11: the revocation file (``--revoke-file``, read again on SIGHUP) revokes each link it lists
    while the server runs: the link's open connections are closed (4001 ``revoked-link``), it is refused from then
    on, the database remembers it, and a line that names no link is reported, not fatal."""
    path = tmp_path / "revoked.txt"
    reports: list[str] = []

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, spectator = new(server)
        ana, watchers = await join(tokens[0]), [await join(spectator) for _ in range(2)]
        beto = await join(tokens[1])
        port = server.port  # type: ignore[attr-defined]
        path.write_text(f"# leaked on the 3rd\nhttp://127.0.0.1:{port}/?t={tokens[0]}\n\n{spectator}\nno-such-link\n")
        await server.reread_revocations(str(path))
        for seat in (ana, *watchers):
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await seat.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
            assert closed.value.rcvd.reason == "revoked-link"
        again = await join(tokens[0], welcome=False)
        assert (await again.recv())["code"] == "revoked-link"
        await beto.act("1 mazo", decision=99)
        assert (await beto.recv("error"))["code"] == "stale", "another link of the table is untouched"
        revoked = sorted(row[0] for row in server.store.db.execute("SELECT revoked FROM serve_links"))
        assert revoked == [0, 1, 1]
        assert reports == [f"pytruco serve: {path}: line 5: no such link\n"]
        await server.reread_revocations(
            str(path)
        )  # read again: the same links stay revoked, the bad line is named again
        assert len(reports) == 2 and reports[1].endswith("line 5: no such link\n")

    run(scenario, report=reports.append)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="SIGHUP is POSIX")
def test_pytruco_serve_rereads_its_revocation_file_on_sighup(tmp_path: Path) -> None:
    """Issue 36 item 11, the command: ``pytruco serve --revoke-file F`` revokes what F lists on ``kill -HUP``,
    closing the link's open connection, without a restart."""
    listed = tmp_path / "revoked.txt"
    listed.write_text("# nothing yet\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    command = [sys.executable, "-m", "pytruco", "serve", "--db", str(tmp_path / "t.sqlite"), "--port", "0",
               "--new", "default:clock=600", "--revoke-file", str(listed)]  # fmt: skip
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        ana_link, beto_link = info["tables"][0]["links"]

        async def scenario() -> tuple[int | None, str | None]:
            port = info["port"]
            async with connect(f"ws://127.0.0.1:{port}/ws?t={ana_link.split('t=')[1]}") as ana:
                assert json.loads(await ana.recv())["type"] == "join"
                listed.write_text(f"{ana_link}\n")
                proc.send_signal(signal.SIGHUP)
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(ana.recv(), timeout=20)
            async with connect(f"ws://127.0.0.1:{port}/ws?t={beto_link.split('t=')[1]}") as beto:
                assert json.loads(await beto.recv())["type"] == "join", "the other link still joins"
            rcvd = closed.value.rcvd
            return (rcvd.code, rcvd.reason) if rcvd is not None else (None, None)

        assert asyncio.run(scenario()) == (4001, "revoked-link")
        assert proc.poll() is None, "the server still runs"
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()


def test_a_spectator_link_sees_no_hand_and_cannot_act() -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        _, tokens, spectator = new(server)
        ana, watcher = await join(tokens[0]), await join(spectator)
        assert watcher.last is not None and watcher.last["view"]["seat"] is None and watcher.last["view"]["hand"] == []
        await watcher.act("0 envido")
        assert (await watcher.recv("error"))["code"] == "spectator"
        await ana.act("0 envido")
        assert [e["event"]["kind"] for e in (await watcher.recv("update"))["events"]] == ["called"]

    run(scenario)


def test_the_page_has_its_security_headers() -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        port = server.port  # type: ignore[attr-defined]
        for path in ("/", "/table.js", "/table.css"):
            with await asyncio.to_thread(urllib.request.urlopen, f"http://127.0.0.1:{port}{path}") as response:
                headers = response.headers
                assert response.status == 200 and response.read()
            assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
            assert "script-src 'self'" in headers["Content-Security-Policy"]
            assert headers["X-Frame-Options"] == "DENY" and headers["Referrer-Policy"] == "no-referrer"
        with pytest.raises(urllib.error.HTTPError) as missing:
            await asyncio.to_thread(urllib.request.urlopen, f"http://127.0.0.1:{port}/nothing")
        assert missing.value.code == 404 and missing.value.headers["X-Frame-Options"] == "DENY"

    run(scenario)


def test_rendirse_needs_a_confirmation() -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server)
        ana = await join(tokens[0])
        assert ana.last is not None and ana.last["concede"] == "0 rendirse"
        await ana.act("0 rendirse")
        assert (await ana.recv("error"))["code"] == "confirm-needed"
        assert not table.state.is_over
        await ana.act("0 rendirse", confirm=True)
        assert (await ana.recv("ack"))["action"] == "0 rendirse"
        assert table.state.is_over

    run(scenario)


# --- defect 8: partners answering at once --------------------------------------------------------------------------
def test_the_second_partner_to_answer_hears_that_the_first_did() -> None:
    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server, players=4)
        seats = [await join(token) for token in tokens]
        await seats[0].act("0 truco")
        for seat in seats:
            await seat.recv("update")
        assert table.state.to_act == (1, 3)
        await seats[1].act("1 quiero")
        await seats[3].act("3 no-quiero")
        first, second = await seats[1].recv(), await seats[3].recv()
        while first["type"] == "update":
            first = await seats[1].recv()
        while second["type"] == "update":
            second = await seats[3].recv()
        replies = sorted([first["type"], second.get("code", second["type"])])
        assert replies == ["ack", "answered-by-partner"]
        late = second if second["type"] == "error" else first
        assert late["message"] == "Already answered by your partner."

    run(scenario)


# --- the command and the package -----------------------------------------------------------------------------------
def test_websockets_is_the_server_extra_and_no_core_dependency() -> None:
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    core = text.split("dependencies = [", 1)[1].split("]", 1)[0]
    assert "websockets" not in core
    assert 'server = ["websockets>=13"]' in text


def test_pytruco_serve_without_websockets_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pytruco.cli import main

    monkeypatch.setitem(sys.modules, "pytruco.server", None)  # import fails as without the extra
    assert main(["serve", "--db", ":memory:"]) == 2
    assert "pip install 'pytruco-ar[server]'" in capsys.readouterr().err


def test_pytruco_serve_refuses_a_bad_table_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from pytruco.cli import main

    assert main(["serve", "--db", ":memory:", "--new", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pytruco serve: ") and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "options",
    [
        ["--port", "70000"],
        ["--port", "-1"],
        ["--port", "http"],
        ["--new", "default:clock=abc"],
        ["--new", ":clock="],
        ["--new", "default:clock=0"],
        ["--new", "default:clock=inf"],
        ["--new", "default:target=\u00b2"],
        ["--rate", "nan"],
        ["--rate", "0"],
        ["--expires", "nan"],
        ["--expires", "-5"],
        ["--clock", "inf"],
        ["--clock", "nan"],
        ["--clock", "0"],
        ["--burst", "-1"],
        ["--max-connections", "0"],
        ["--max-spectators", "-3"],
        ["--failed-rate", "nan"],
        ["--failed-burst", "0"],
        ["--no-such-option"],
    ],
)
def test_pytruco_serve_refuses_a_bad_option_in_one_line(options: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 36 item 10: every bad option is one line on standard error, no traceback, exit status 2, and nothing
    is served."""
    from pytruco.cli import main

    assert main(["serve", "--db", ":memory:", *options]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("pytruco serve: ") and captured.err.count("\n") == 1, captured.err
    assert "Traceback" not in captured.err


HOUSE_TABLE = "classic:players=4,flor_achico=true,falta_envido=malas-winner,flor_flor_value=4,clock=600"


def test_pytruco_serve_new_starts_a_table_with_house_rules(tmp_path: Path) -> None:
    """Issue 35: ``pytruco serve --new PRESET:NAME=VALUE,...`` takes the house-rule options of PRESETS.md §9, each
    item read as ``--option NAME=VALUE`` reads it; the table plays under them and what it stores (its rules and
    the record a restarted server rebuilds) names them."""
    path = tmp_path / "t.sqlite"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    command = [sys.executable, "-m", "pytruco", "serve", "--db", str(path), "--port", "0", "--new", HOUSE_TABLE]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()
    expected = RuleSet.preset("classic", players=4, flor_achico=True, falta_envido="malas-winner", flor_flor_value=4)
    table = Server(Store(str(path))).tables[info["tables"][0]["id"]]
    assert table.rules == expected and table.state.rules == expected and table.clock_s == 600
    named = {"preset": "classic", "players": 4, "falta_envido": "malas-winner", "flor_flor_value": 4,
             "flor_achico": True}  # fmt: skip
    assert Record.from_state(table.state).to_dict()["rules"] == named
    stored = sqlite3.connect(path).execute("SELECT rules FROM serve_tables").fetchone()[0]
    assert json.loads(stored) == named


@pytest.mark.parametrize(
    ("spec", "option"),
    [
        ("classic:flor_flor_value=5", "flor_flor_value"),  # not 3, 4 or 6
        ("classic:flor_flor_value=4.0", "flor_flor_value"),  # exact JSON: 4.0 is not 4
        ("classic:flor_achico=1", "flor_achico"),  # true or false, not 1
        ("classic:falta_envido=malas", "falta_envido"),
        ("default:flor_achico=true", "flor_achico"),  # "-": default has no flor
        ("online:mano_mazo_before_acting=null", "mano_mazo_before_acting"),
        ("default:players=6,pica_pica_schedule=after-5", "pica_pica_schedule"),  # "-" without pica-pica
    ],
)
def test_pytruco_serve_refuses_a_house_rule_value_in_one_line(
    spec: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 35 and PRESETS.md §9: a value an option refuses is one line naming the option (and the ``--new``
    spec), exit status 2, no traceback, nothing served."""
    from pytruco.cli import main

    assert main(["serve", "--db", ":memory:", "--new", "default", "--new", spec]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.startswith(f"pytruco serve: --new '{spec}': option '{option}'"), captured.err
    assert captured.err.count("\n") == 1, captured.err


def test_pytruco_schema_protocol_prints_the_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    from pytruco.cli import main

    assert main(["schema", "protocol"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["$id"].endswith("truco-protocol-1.json")
    assert set(printed["$defs"]) >= {"Act", "Join", "Update", "EventEntry", "Ack", "Error"}

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
import random
import sqlite3
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
from websockets.exceptions import ConnectionClosed  # noqa: E402

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


def test_a_disconnect_keeps_the_clock_for_the_grace_period_then_stops_it_with_the_time_left() -> None:
    """The clock on disconnect: the grace period; a seat cannot win time by reconnecting."""

    async def scenario(server: Server, timers: FakeTimers, join: Any) -> None:
        table, tokens, _ = new(server, clock_s=10.0)
        beto, ana = await join(tokens[1]), await join(tokens[0])
        deadline = (await beto.recv("update"))["clock"]["deadline_ms"]
        await ana.ws.close()
        await settle()
        timers.advance(1.0)  # within the grace period (3 s): the clock runs on
        assert table.deadline is not None
        ana = await join(tokens[0])  # back in time: the same deadline, not a fresh clock
        assert ana.last is not None and ana.last["clock"]["deadline_ms"] == deadline
        await ana.ws.close()
        await settle()
        timers.advance(3.0)  # the grace period is over: the clock stops with 6 s left
        stopped = await beto.recv("update")
        assert stopped["clock"]["deadline_ms"] is None and table.timer is None
        timers.advance(3600)
        assert table.decision == 0
        await join(tokens[0])
        resumed = await beto.recv("update")
        assert resumed["clock"]["deadline_ms"] == int((timers.time + 6.0) * 1000)
        timers.advance(6.0)
        assert next(e["event"]["kind"] for e in (await beto.recv("update"))["events"]) == "timed-out"

    run(scenario, limits=Limits(grace=3.0))


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


def test_one_view_per_seat_per_action_whatever_the_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    import pytruco.server as module

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


def test_pytruco_schema_protocol_prints_the_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    from pytruco.cli import main

    assert main(["schema", "protocol"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["$id"].endswith("truco-protocol-1.json")
    assert set(printed["$defs"]) >= {"Act", "Join", "Update", "EventEntry", "Ack", "Error"}

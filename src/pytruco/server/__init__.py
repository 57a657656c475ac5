"""``pytruco serve``: the reference game server, an asyncio WebSocket server with a page (``pip install
'pytruco-ar[server]'``).

- **Secret links.** Each seat joins with its own link (``/?t=TOKEN``), and every table has a spectator link; the
  database keeps only each token's SHA-256. A link can expire (``--expires``) and be revoked (``--revoke``). A
  connection only ever receives its seat's :func:`pytruco.views.view` and events.
- **The protocol** (``truco-protocol/1``, ``pytruco schema protocol``): the socket is ``/ws?t=TOKEN``; updates
  carry a decision id, an action names the decision it answers, and every action gets an ``ack`` or an
  ``error`` that names it (:mod:`pytruco.server._protocol`).
- **One clock per table**, started when a seat to act has joined; when its last connection goes, the clock runs
  on for a grace period and then stops with the time left, until the seat joins again.
- **Write, then apply:** an action's log lines are stored in one transaction before memory changes; a failed
  write is an error to the sender and changes nothing (:mod:`pytruco.server._store`). A stored table that does not
  replay is reported and skipped.
- **Limits:** connections per link, messages per second per connection (a token bucket), and outgoing messages
  queued per connection; one view is computed per seat per action, whatever the number of connections.

Run::

    pytruco serve --db tables.sqlite --new default --new classic:players=4

It prints one JSON line (``port``, and ``tables`` with every new table's seat ``links`` and ``spectator`` link;
links are printed once, at creation), then serves on ``--host`` (127.0.0.1) until stopped.

>>> from pytruco.server import Limits
>>> Limits().connections_per_link
4
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import secrets
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from http import HTTPStatus
from importlib import resources
from typing import Any, NamedTuple, Protocol
from urllib.parse import parse_qs, urlparse

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..actions import Action, Kind
from ..cards import Card
from ..errors import IllegalActionError, NotationError, TrucoError
from ..events import Event
from ..frontend import clock
from ..rules import RuleSet
from ..svg import back_svg, card_svg
from ..text import action_label, describe_event, describe_refusal
from ..views import view
from ._protocol import CODES, ProtocolError, error_message, join_message, read_act, time_left_ms
from ._store import Link, Store, StoredTable
from ._table import NAMES, Table, advance, hash_token, new_token, table_spec

__all__ = ["Limits", "Server", "Timers", "main"]

MAX_MESSAGE = 4096  # bytes: an action is a few words
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
    "/table.css": ("table.css", "text/css; charset=utf-8"),
}
SECURITY_HEADERS = [
    (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
        " base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),  # a link's token is in its URL
    ("X-Content-Type-Options", "nosniff"),
    ("Cache-Control", "no-store"),
]


class Limits(NamedTuple):
    """What one link and one connection may do.

    Attributes:
        connections_per_link: open connections one link may have at once.
        rate: messages per second a connection may send, on average.
        burst: messages a connection may send at once (the bucket's size); past it every message gets a
            ``rate-limited`` error (naming it) and is not acted on; after four bursts' worth in a row the
            connection is closed (4008).
        grace: seconds the clock runs on after the seat to act's last connection closed.
        queue: messages waiting to be sent to a connection before it is closed as too slow.

    >>> from pytruco.server import Limits
    >>> Limits(rate=5.0).burst
    40
    """

    connections_per_link: int = 4
    rate: float = 20.0
    burst: int = 40
    grace: float = 10.0
    queue: int = 256


class Handle(Protocol):
    """A timer that can be cancelled (``asyncio.TimerHandle``)."""

    def cancel(self) -> None: ...


class Timers:
    """The time and the timers of a server: the wall clock and the event loop's; a test passes a fake one.

    >>> from pytruco.server import Timers
    >>> Timers().now() > 1.7e9
    True
    """

    def now(self) -> float:
        """Seconds since the epoch."""
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle:
        """Run *callback* after *delay* seconds."""
        return asyncio.get_running_loop().call_later(delay, callback)


class Client:
    """One connection: its table, seat (``None``: a spectator), language, link and outgoing queue."""

    def __init__(self, ws: ServerConnection, table: Table, seat: int | None, lang: str, digest: str) -> None:
        self.ws = ws
        self.table = table
        self.seat = seat
        self.lang = lang
        self.digest = digest
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.allowance = 0.0
        self.stamp = 0.0
        self.dropped = 0  # messages refused in a row by the rate limit

    def send(self, text: str, limit: int) -> bool:
        """Queue *text*; False (nothing queued) when *limit* messages already wait: the connection is too slow."""
        if self.queue.qsize() >= limit:
            return False
        self.queue.put_nowait(text)
        return True


class Server:
    """Every table, the database, the clocks and the connections.

    >>> from pytruco import RuleSet
    >>> from pytruco.server import Server
    >>> from pytruco.server._store import Store
    >>> server = Server(Store(":memory:"))
    >>> table, links, spectator = server.new_table(RuleSet.preset("default"))
    >>> len(links), table.state.is_chance, table.decision
    (2, False, 0)
    """

    def __init__(
        self,
        store: Store,
        clock_s: float = 15.0,
        limits: Limits | None = None,
        timers: Timers | None = None,
        expires: float | None = None,
        report: Callable[[str], object] | None = None,
    ) -> None:
        self.store = store
        self.clock_s = clock_s
        self.limits = limits or Limits()
        self.timers = timers or Timers()
        self.expires = expires
        self.report = report or sys.stderr.write
        self.tables: dict[str, Table] = {}
        self.by_link: dict[str, set[Client]] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        for row in store.tables():
            if not isinstance(row, StoredTable):
                self.report(f"pytruco serve: table {row[0]} skipped: {row[1]}\n")
                continue
            try:
                table = Table(row.id, RuleSet.from_dict(row.rules), row.names, row.clock)
                table.restore(row.log)
            except TrucoError as error:
                self.report(f"pytruco serve: table {row.id} skipped: {error}\n")
                continue
            self.tables[table.id] = table

    # --- tables -------------------------------------------------------------
    def new_table(
        self, rules: RuleSet, names: Sequence[str] | None = None, clock_s: float | None = None
    ) -> tuple[Table, list[str], str]:
        """Create and store a table, dealt; returns it with its seats' tokens and its spectator token."""
        table = Table(secrets.token_hex(4), rules, names or NAMES[: rules.players], clock_s or self.clock_s)
        step = advance(table.state, None, table.rng)
        tokens = [new_token() for _ in range(rules.players)]
        spectator = new_token()
        expires = None if self.expires is None else self.timers.now() + self.expires
        links: list[tuple[str, int | None, float | None]] = [
            (hash_token(t), seat, expires) for seat, t in enumerate(tokens)
        ]
        links.append((hash_token(spectator), None, expires))
        self.store.create(table.id, rules.to_dict(), table.names, table.clock_s, links, step.items)
        table.commit(step, actor=None)
        self.tables[table.id] = table
        return table, tokens, spectator

    def revoke(self, token: str) -> bool:
        """Revoke a link (its token, or the whole link) and close its connections; ``False`` for an unknown one."""
        token = parse_qs(urlparse(token).query).get("t", [token])[0]
        digest = hash_token(token)
        if not self.store.revoke(digest):
            return False
        for client in list(self.by_link.get(digest, ())):
            self._close(client, 4001, "revoked-link")
        return True

    def _link_problem(self, link: Link | None) -> str | None:
        if link is None or link.table_id not in self.tables:
            return "unknown-link"
        if link.revoked:
            return "revoked-link"
        if link.expires is not None and self.timers.now() >= link.expires:
            return "expired-link"
        return None

    # --- acting -------------------------------------------------------------
    def on_message(self, client: Client, message: str | bytes) -> dict[str, Any] | None:
        """Handle one message of *client*; the reply to send it, if any (an applied action is acked in the push)."""
        allowed = self._allow(client)
        lang, table = client.lang, client.table
        try:
            text, decision, confirm = read_act(message)
        except ProtocolError as error:
            return self._refuse_flood(client) if not allowed else error_message(error.code, CODES[error.code][lang])
        if not allowed:  # still an answer that names the action: a client never waits for one that never comes
            return self._refuse_flood(client, text, decision)
        client.dropped = 0
        if client.seat is None:
            return error_message("spectator", CODES["spectator"][lang], text, decision)
        try:
            action = Action.parse(text)
        except NotationError as error:
            return error_message("not-an-action", describe_refusal(error, lang, table.names), text, decision)  # type: ignore[arg-type]
        if action.seat != client.seat:
            return error_message("not-your-seat", CODES["not-your-seat"][lang], text, decision)
        if decision != table.decision:
            code = "answered-by-partner" if self._partner_answered(table, client.seat, decision) else "stale"
            return error_message(code, CODES[code][lang], text, decision)
        if action.kind is Kind.RENDIRSE and not confirm:
            return error_message("confirm-needed", CODES["confirm-needed"][lang], text, decision)
        try:
            fresh = self._store_and_apply(table, action)
        except IllegalActionError as error:
            message_text = describe_refusal(error, lang, table.names)  # type: ignore[arg-type]
            return error_message(error.code, message_text, text, decision)
        except sqlite3.Error as error:
            self.report(f"pytruco serve: table {table.id}: write failed: {error}\n")
            return error_message("storage", CODES["storage"][lang], text, decision)
        client.send(json.dumps({"type": "ack", "action": text, "decision": decision}), self.limits.queue)
        self._restart(table)
        self.push(table, fresh)
        return None

    def _store_and_apply(
        self, table: Table, action: Action, *, by_seat: bool = True
    ) -> dict[int | None, list[dict[str, Any]]]:
        """Write, then apply: the step is computed (apply is pure), stored, and only then put in memory.
        *by_seat* is False for a timeout: the clock, not a partner, settled the decision."""
        step = advance(table.state, action, table.rng)
        self.store.append(table.id, len(table.log), step.items)
        return table.commit(step, actor=action.seat if by_seat else None)

    @staticmethod
    def _partner_answered(table: Table, seat: int, decision: int) -> bool:
        """The decision *seat* answered was taken by its partner, who could answer it too."""
        if table.previous is None:
            return False
        answered, actor, to_act = table.previous
        return answered == decision and actor != seat and actor % 2 == seat % 2 and seat in to_act

    def _refuse_flood(self, client: Client, text: str | None = None, decision: int | None = None) -> dict[str, Any]:
        """The ``rate-limited`` error; a connection that keeps flooding past four bursts is closed."""
        client.dropped += 1
        if client.dropped > 4 * self.limits.burst:
            self._close(client, 4008, "rate-limited")
        return error_message("rate-limited", CODES["rate-limited"][client.lang], text, decision)

    def _allow(self, client: Client) -> bool:
        """The token bucket: *rate* messages a second on average, *burst* at once."""
        now = self.timers.now()
        client.allowance = min(self.limits.burst, client.allowance + (now - client.stamp) * self.limits.rate)
        client.stamp = now
        if client.allowance < 1:
            return False
        client.allowance -= 1
        return True

    # --- messages -----------------------------------------------------------
    def _update(self, table: Table, seat: int | None, seen: Any, events: list[dict[str, Any]], lang: str) -> str:
        entries = [
            {"event": data, "text": describe_event(Event.from_json(data), lang, table.names)}  # type: ignore[arg-type]
            for data in events
        ]
        concede = None if seat is None or table.state.is_over else Action.parse(f"{seat} rendirse")
        labels = {str(a): action_label(a, lang) for a in (*seen.legal, *([concede] if concede else []))}  # type: ignore[arg-type]
        return json.dumps(
            {
                "type": "update",
                "table": table.id,
                "decision": table.decision,
                "view": seen.to_json(),
                "events": entries,
                "labels": labels,
                "names": table.names,
                "concede": None if concede is None else str(concede),
                "clock": {
                    "seats": list(clock(table.state).seats),
                    "deadline_ms": None if table.deadline is None else int(table.deadline * 1000),
                    "left_ms": time_left_ms(table.deadline, self.timers.now()),
                    "seconds": table.clock_s,
                },
            }
        )

    def push(self, table: Table, fresh: dict[int | None, list[dict[str, Any]]], skip: Client | None = None) -> None:
        """Queue an update for every connection (but *skip*): one view per seat, one message per seat and language."""
        for seat, connected in table.clients.items():
            clients = [client for client in connected if client is not skip]
            if not clients:
                continue
            seen = view(table.state, seat)
            texts: dict[str, str] = {}
            for client in clients:
                if client.lang not in texts:
                    texts[client.lang] = self._update(table, seat, seen, fresh.get(seat, []), client.lang)
                if not client.send(texts[client.lang], self.limits.queue):
                    self._close(client, 4009, "too slow")

    # --- the clock ----------------------------------------------------------
    def start_clocks(self) -> None:
        """Arm every table's clock (it runs only where a seat to act has joined); call it once serving."""
        for table in self.tables.values():
            self._restart(table)

    def _connected(self, table: Table, seats: Sequence[int]) -> bool:
        return any(table.clients[seat] for seat in seats)

    def _restart(self, table: Table) -> None:
        """A new decision: a full clock."""
        table.remaining = table.clock_s
        self._arm(table)

    def _arm(self, table: Table) -> None:
        """The table's one timer: set for the decision now, if a seat to act has joined; else none runs."""
        for name in ("timer", "grace_timer"):
            handle = getattr(table, name)
            if handle is not None:
                handle.cancel()
                setattr(table, name, None)
        table.deadline = None
        ticking = clock(table.state)
        if ticking.timeout is None or not self._connected(table, ticking.seats):
            return
        table.deadline = self.timers.now() + table.remaining
        decision = table.decision
        table.timer = self.timers.call_later(table.remaining, lambda: self._expire(table, decision))

    def _expire(self, table: Table, decision: int) -> None:
        if decision != table.decision:  # the timer of a decision already answered never acts
            return
        table.timer = None
        ticking = clock(table.state)
        if ticking.timeout is None:
            return
        try:
            fresh = self._store_and_apply(table, ticking.timeout, by_seat=False)
        except (TrucoError, sqlite3.Error) as error:  # a failed write: try again after a full clock
            self.report(f"pytruco serve: table {table.id}: timeout not applied: {error}\n")
            self._restart(table)
            return
        self._restart(table)
        self.push(table, fresh)

    def _joined(self, table: Table, seat: int | None) -> bool:
        """A connection joined: a clock waiting for *seat* starts; True when every seat must hear of it."""
        if table.grace_timer is not None and seat in clock(table.state).seats:
            table.grace_timer.cancel()
            table.grace_timer = None
        if table.timer is None and seat in clock(table.state).seats:
            self._arm(table)
            return table.timer is not None
        return False

    def _left(self, table: Table, seat: int | None) -> None:
        """A connection left: when no seat to act is connected any more, the clock stops after the grace period."""
        seats = clock(table.state).seats
        if table.timer is None or seat not in seats or self._connected(table, seats) or table.grace_timer:
            return
        decision = table.decision
        table.grace_timer = self.timers.call_later(self.limits.grace, lambda: self._pause(table, decision))

    def _pause(self, table: Table, decision: int) -> None:
        table.grace_timer = None
        if decision != table.decision or table.timer is None or table.deadline is None:
            return
        if self._connected(table, clock(table.state).seats):
            return
        table.remaining = max(0.0, table.deadline - self.timers.now())
        table.timer.cancel()
        table.timer = None
        table.deadline = None
        self.push(table, {})

    # --- connections --------------------------------------------------------
    def _close(self, client: Client, code: int, reason: str) -> None:
        task = asyncio.ensure_future(client.ws.close(code, reason))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _write(self, client: Client) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (text := await client.queue.get()) is not None:
                await client.ws.send(text)

    async def handle(self, ws: ServerConnection) -> None:
        """One connection, joined by its link's token; nothing it sends can stop the server."""
        assert ws.request is not None
        query = parse_qs(urlparse(ws.request.path).query)
        lang = "en" if query.get("lang", ["es"])[0] == "en" else "es"
        digest = hash_token(query.get("t", [""])[0])
        link = self.store.link(digest)
        problem = self._link_problem(link)
        if problem is None and len(self.by_link.get(digest, ())) >= self.limits.connections_per_link:
            problem = "too-many-connections"
        if problem is not None or link is None:
            problem = problem or "unknown-link"
            await ws.send(json.dumps(error_message(problem, CODES[problem][lang])))
            await ws.close(code=4008 if problem == "too-many-connections" else 4001, reason=problem)
            return
        table = self.tables[link.table_id]
        client = Client(ws, table, link.seat, lang, digest)
        client.stamp, client.allowance = self.timers.now(), float(self.limits.burst)
        table.clients[link.seat].add(client)
        self.by_link.setdefault(digest, set()).add(client)
        writer = asyncio.ensure_future(self._write(client))
        try:
            client.send(json.dumps(join_message(table.id, link.seat, table.names, table.decision)), self.limits.queue)
            started = self._joined(table, link.seat)
            seen = view(table.state, link.seat)  # the joining connection gets its seat's recent events
            client.send(self._update(table, link.seat, seen, table.logs[link.seat], lang), self.limits.queue)
            if started:
                self.push(table, {}, skip=client)  # the others see the clock start
            async for message in ws:
                reply = self.on_message(client, message)
                if reply is not None:
                    client.send(json.dumps(reply), self.limits.queue)
        except ConnectionClosed:
            pass
        finally:
            table.clients[link.seat].discard(client)
            self.by_link[digest].discard(client)
            client.queue.put_nowait(None)
            writer.cancel()
            self._left(table, link.seat)

    def http(self, connection: ServerConnection, request: Request) -> Response | None:
        """The page, with its security headers; WebSocket upgrades at ``/ws`` go on to :meth:`handle`."""
        path = urlparse(request.path).path
        if path == "/ws":
            return None
        if path == "/truco.d.ts":  # the TypeScript types the page's JSDoc refers to
            body = (resources.files("pytruco") / "schemas" / "truco.d.ts").read_bytes()
            kind = "text/plain; charset=utf-8"
        elif path.startswith("/cards/") and path.endswith(".svg"):  # the library's card art, one card a file
            picture = _card_picture(path[len("/cards/") : -len(".svg")])
            if picture is None:
                response = connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
                response.headers.update(SECURITY_HEADERS)
                return response
            body, kind = picture.encode("utf-8"), "image/svg+xml"
        elif path in STATIC:
            name, kind = STATIC[path]
            body = (resources.files("pytruco") / "web" / name).read_bytes()
        else:
            response = connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
            response.headers.update(SECURITY_HEADERS)
            return response
        return Response(200, "OK", Headers([("Content-Type", kind), *SECURITY_HEADERS]), body)


def _card_picture(code: str) -> str | None:
    """``/cards/7O.svg``: a card face up (:func:`pytruco.svg.card_svg`); ``back``: face down; else ``None``."""
    if code == "back":
        return back_svg()
    if not (0 < len(code) <= 3 and code.isalnum()):
        return None
    try:
        return card_svg(Card.parse(code))
    except NotationError:
        return None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pytruco serve", description="The reference game server (WebSocket).")
    parser.add_argument("--db", required=True, help="SQLite file (created if missing)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port (default: %(default)s)")
    parser.add_argument("--clock", type=float, default=15.0, help="seconds per decision (default: %(default)s)")
    parser.add_argument("--new", action="append", default=[], help="create a table: preset[:option=value,...]")
    parser.add_argument("--expires", type=float, default=None, help="new tables' links expire after N seconds")
    parser.add_argument("--fsync", action="store_true", help="wait for the disk at every commit (power-cut safe)")
    parser.add_argument("--revoke", action="append", default=[], help="revoke a link (or its token); repeatable")
    defaults = Limits()
    parser.add_argument("--grace", type=float, default=defaults.grace, help="seconds the clock runs on after the"
                        " seat to act left (default: %(default)s)")  # fmt: skip
    parser.add_argument("--max-connections", type=int, default=defaults.connections_per_link,
                        help="open connections per link (default: %(default)s)")  # fmt: skip
    parser.add_argument("--rate", type=float, default=defaults.rate,
                        help="messages per second per connection (default: %(default)s)")  # fmt: skip
    parser.add_argument("--burst", type=int, default=defaults.burst,
                        help="messages at once per connection (default: %(default)s)")  # fmt: skip
    return parser


async def _serve(server: Server, host: str, port: int, created: list[tuple[Table, list[str], str]]) -> None:
    async with serve(server.handle, host, port, process_request=server.http, max_size=MAX_MESSAGE) as running:
        port = next(iter(running.sockets)).getsockname()[1]
        base = f"http://{host}:{port}/"
        server.start_clocks()
        info = {
            "port": port,
            "tables": [
                {"id": t.id, "links": [f"{base}?t={token}" for token in tokens], "spectator": f"{base}?t={watch}"}
                for t, tokens, watch in created
            ],
            "restored": [t.id for t in server.tables.values() if all(t is not c[0] for c in created)],
        }
        sys.stdout.write(json.dumps(info) + "\n")
        sys.stdout.flush()
        await asyncio.Future()  # serve until stopped


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``pytruco serve``; returns the exit status (errors are one line on standard error, never a traceback).

    >>> from pytruco.server import main
    >>> main(["--db", ":memory:", "--new", "no-such-preset"])
    2
    """
    args = _parser().parse_args(argv)
    limits = Limits(args.max_connections, args.rate, args.burst, args.grace)
    try:
        specs = [table_spec(spec) for spec in args.new]
        server = Server(Store(args.db, fsync=args.fsync), args.clock, limits, expires=args.expires)
        for token in args.revoke:
            if not server.revoke(token):
                sys.stderr.write("pytruco serve: --revoke: no such link\n")
                return 2
        created = [server.new_table(rules, clock_s=clock_s) for rules, clock_s in specs]
        asyncio.run(_serve(server, args.host, args.port, created))
    except TrucoError as error:
        sys.stderr.write(f"pytruco serve: {error}\n")
        return 2
    except (OSError, sqlite3.Error) as error:
        sys.stderr.write(f"pytruco serve: {error}\n")
        return 1
    except KeyboardInterrupt:
        return 130
    return 0

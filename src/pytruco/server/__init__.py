"""``pytruco serve``: the reference game server, an asyncio WebSocket server with a page (``pip install
'pytruco-ar[server]'``).

The authority of a table is :class:`pytruco.server._table.Table`: it checks an action and computes its step
without changing anything, takes the stored step into memory and builds the messages to send, with no socket in
it. :class:`Server` is what wraps it: the WebSocket and HTTP transport, the database's thread, the limits and the
clocks.

- **Secret links.** Each seat joins with its own link (``/?t=TOKEN``), and every table has a spectator link; the
  database keeps only each token's SHA-256. A link can expire (``--expires``) and be revoked (``--revoke`` at
  startup, ``--revoke-file`` also on SIGHUP while serving); either closes its open connections. A connection
  only ever receives its seat's :func:`pytruco.views.view` and events.
- **The protocol** (``truco-protocol/1``, ``pytruco schema protocol``): the socket is ``/ws?t=TOKEN``; updates
  carry a decision id, an action names the decision it answers, and every action gets an ``ack`` or an
  ``error`` that names it (:mod:`pytruco.server._protocol`).
- **One clock per table**, running for every decision once a seat to act has joined the table (connected, or
  acted at it before a restart) while some player is connected; a player who left loses each of its decisions on
  the clock (a ``timeout``), so nobody can hold a table by closing the page. With no player left it stops with
  the time it has left, until one comes back.
- **Write, then apply:** an action's log lines are stored in one transaction before memory changes, from the
  database's own thread, so a lock another process holds delays that table's action and nothing else; a failed
  write is an error to the sender and changes nothing (:mod:`pytruco.server._store`). A stored table that cannot
  be restored, whatever its damage, is reported and skipped.
- **Limits:** connections per seat link and per spectator link, messages per second per connection (a token
  bucket), failed connections (a bad link) per second per address, and outgoing messages queued per connection;
  one view is computed per seat per action, whatever the number of connections.

Run::

    pytruco serve --db tables.sqlite --new default --new classic:players=4,flor_achico=true

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
import functools
import json
import math
import secrets
import signal
import sqlite3
import sys
import time
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from pathlib import Path
from typing import Any, NamedTuple, Protocol
from urllib.parse import parse_qs, urlparse

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..errors import TrucoError
from ..frontend import clock
from ..rules import RuleSet
from ._connection import Client, client_address, link_digest
from ._options import OptionParser, bounded
from ._page import not_found, page_response
from ._protocol import CODES, ProtocolError, error_message, join_message, read_act
from ._store import Link, Store, StoredTable
from ._table import CLOCK_RANGE, NAMES, Step, Table, advance, hash_token, new_token, table_spec

__all__ = ["Limits", "Server", "Timers", "main"]

MAX_MESSAGE = 4096  # bytes: an action is a few words
MAX_ADDRESSES = 10_000  # addresses whose failed connections are remembered (the oldest are forgotten)


class Limits(NamedTuple):
    """What one link and one connection may do.

    Attributes:
        connections_per_link: open connections one seat's link may have at once.
        spectators: open connections a table's spectator link may have at once (each costs a send per update; the
            view and the message are made once per language).
        failed_rate: connections with a bad link (unknown, revoked, expired) one address may make per second, on
            average; past *failed_burst* of them at once, the address's next connections with a bad link get
            HTTP 429 before the WebSocket handshake (a good link always gets in).
        rate: messages per second a connection may send, on average.
        burst: messages a connection may send at once (the bucket's size); past it every message gets a
            ``rate-limited`` error (naming it) and is not acted on; after four bursts' worth in a row the
            connection is closed (4008).
        queue: messages waiting to be sent to a connection before it is closed as too slow.

    >>> from pytruco.server import Limits
    >>> Limits(rate=5.0).burst
    40
    >>> Limits().spectators, Limits().failed_burst
    (200, 20)
    """

    connections_per_link: int = 4
    rate: float = 20.0
    burst: int = 40
    spectators: int = 200
    failed_rate: float = 1.0
    failed_burst: int = 20
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


class Server:
    """What wraps the tables (:class:`~pytruco.server._table.Table`): the connections and the page, the database
    and its thread, the limits and the clocks.

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
        self.seated: dict[str, dict[int | None, set[Client]]] = {}  # a table's connections, by seat
        self.locks: dict[str, asyncio.Lock] = {}  # a table's actions, one at a time
        self.links: dict[str, Link] = store.links()  # every link, by its token's digest: a join reads no disk
        self.failures: dict[str, tuple[float, float]] = {}  # an address's failed connections: allowance, time
        self.writer = ThreadPoolExecutor(1, "pytruco-db")  # the database's thread: no write blocks the event loop
        self.by_link: dict[str, set[Client]] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        for row in store.tables():
            if not isinstance(row, StoredTable):
                self._skip(row[0], row[1])
                continue
            try:
                table = Table(row.id, RuleSet.from_dict(row.rules), row.names, row.clock)
                table.restore(row.log)
            except Exception as error:  # whatever the damage, one table never stops the others
                self._skip(row.id, error)
                continue
            self._add(table)

    def _skip(self, table_id: str, error: BaseException) -> None:
        """Report a stored table that cannot be restored, in one line whatever its id and error hold."""
        detail = " ".join(str(error).split())[:200] or type(error).__name__
        self.report(f"pytruco serve: table {' '.join(table_id.split())[:80]} skipped: {detail}\n")

    # --- tables -------------------------------------------------------------
    def new_table(
        self, rules: RuleSet, names: Sequence[str] | None = None, clock_s: float | None = None
    ) -> tuple[Table, list[str], str]:
        """Create and store a table, dealt; returns it with its seats' tokens and its spectator token. The database is
        written in the caller's thread: call it before serving, as ``pytruco serve --new`` does."""
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
        self.links.update((digest, Link(table.id, seat, until, False)) for digest, seat, until in links)
        table.commit(step, actor=None)
        self._add(table)
        return table, tokens, spectator

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.seated[table.id] = {seat: set() for seat in [*range(table.rules.players), None]}
        self.locks[table.id] = asyncio.Lock()

    def revoke(self, token: str) -> bool:
        """Revoke a link (its token, or the whole link) and close its connections; ``False`` for an unknown one.
        The database is written here, in the caller's thread: for startup (``--revoke``); while serving, use
        :meth:`reread_revocations`."""
        digest = link_digest(token)
        if not self.store.revoke(digest):
            return False
        self._revoked(digest)
        return True

    async def reread_revocations(self, path: str) -> None:
        """Revoke every link listed in the file *path* (a link or its token a line; ``#`` starts a comment) that is
        not revoked yet, closing its connections; a line that names no link is reported. ``pytruco serve
        --revoke-file`` runs this at startup and on each SIGHUP; the database is written in its own thread."""
        try:
            lines = Path(path).read_text("utf-8").splitlines()
        except (OSError, UnicodeError) as error:
            self.report(f"pytruco serve: {path}: cannot read it: {error}\n")
            return
        for number, line in enumerate(lines, 1):
            text = line.split("#", 1)[0].strip()
            digest = link_digest(text)
            link = self.links.get(digest) if text else None
            if text and link is None:
                self.report(f"pytruco serve: {path}: line {number}: no such link\n")
            if link is None or link.revoked:
                continue
            self._revoked(digest)  # at once: no connection gets in while the write waits
            try:
                await asyncio.get_running_loop().run_in_executor(self.writer, self.store.revoke, digest)
            except sqlite3.Error as error:
                self.report(f"pytruco serve: {path}: line {number}: revoked, but not stored: {error}\n")

    def _revoked(self, digest: str) -> None:
        self.links[digest] = self.links[digest]._replace(revoked=True)
        for client in list(self.by_link.get(digest, ())):
            self._close(client, 4001, "revoked-link")

    def _link_problem(self, link: Link | None) -> str | None:
        if link is None or link.table_id not in self.tables:
            return "unknown-link"
        if link.revoked:
            return "revoked-link"
        if link.expires is not None and self.timers.now() >= link.expires:
            return "expired-link"
        return None

    # --- acting -------------------------------------------------------------
    async def on_message(self, client: Client, message: str | bytes) -> dict[str, Any] | None:
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
        async with self.locks[table.id]:  # one action of a table at a time, from its check to its commit
            step = table.prepare(client.seat, text, decision, confirm, lang)
            if isinstance(step, dict):
                return step
            try:
                fresh = await self._store_and_commit(table, step, client.seat)
            except sqlite3.Error as error:
                self.report(f"pytruco serve: table {table.id}: write failed: {error}\n")
                return error_message("storage", CODES["storage"][lang], text, decision)
            client.send(json.dumps({"type": "ack", "action": text, "decision": decision}), self.limits.queue)
            self._restart(table)
            self.push(table, fresh)
        return None

    async def _store_and_commit(
        self, table: Table, step: Step, actor: int | None
    ) -> dict[int | None, list[dict[str, Any]]]:
        """Write, then apply: the step (computed by the table, which apply leaves as it was) is stored, and only
        then put in memory. *actor* is ``None`` for a timeout: the clock, not a partner, settled the decision.

        The write runs in the database's own thread, so the event loop (every other table) goes on while it waits,
        for instance for a lock another process holds; the caller holds the table's lock meanwhile."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.writer, self.store.append, table.id, len(table.log), step.items)
        return table.commit(step, actor=actor)

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
    def push(self, table: Table, fresh: dict[int | None, list[dict[str, Any]]], skip: Client | None = None) -> None:
        """Queue an update for every connection (but *skip*): one view per seat, one message per seat and language."""
        clients = [client for connected in self.seated[table.id].values() for client in connected if client is not skip]
        texts = table.updates(fresh, [(client.seat, client.lang) for client in clients], self.timers.now())
        for client in clients:
            if not client.send(texts[client.seat, client.lang], self.limits.queue):
                self._close(client, 4009, "too slow")

    # --- the clock ----------------------------------------------------------
    def start_clocks(self) -> None:
        """Arm every table's clock (it runs only where a seat to act has joined); call it once serving."""
        for table in self.tables.values():
            self._restart(table)

    def _restart(self, table: Table) -> None:
        """A new decision: a full clock."""
        table.remaining = table.clock_s
        self._arm(table)

    def _arm(self, table: Table) -> None:
        """The table's one timer, for the decision now with the time it has left, when a seat to act has joined the
        table and some player is connected; else none runs.

        A seat has joined once it has connected since the server started or acted at the table (its actions are in
        the log). Which player is connected does not matter: one who left loses each of its decisions on the clock,
        as long as another is there to wait for it."""
        if table.timer is not None:
            table.timer.cancel()
        table.timer, table.deadline = None, None
        ticking = clock(table.state)
        if ticking.timeout is None or table.joined.isdisjoint(ticking.seats) or not self._anyone(table):
            return
        table.deadline = self.timers.now() + table.remaining
        decision = table.decision
        table.timer = self.timers.call_later(table.remaining, lambda: self._expire(table, decision))

    def _anyone(self, table: Table) -> bool:
        """Some player (not a spectator) is connected to *table*."""
        return any(clients for seat, clients in self.seated[table.id].items() if seat is not None)

    def _expire(self, table: Table, decision: int) -> None:
        if decision != table.decision:  # the timer of a decision already answered never acts
            return
        table.timer = None
        self._spawn(self._time_out(table, decision))

    async def _time_out(self, table: Table, decision: int) -> None:
        """Apply the clock's timeout to *decision*, unless an action answered it while the write lock was awaited."""
        async with self.locks[table.id]:
            step = table.timeout() if decision == table.decision else None
            if step is None:
                return
            try:
                fresh = await self._store_and_commit(table, step, None)
            except sqlite3.Error as error:  # a failed write: try again after a full clock
                self.report(f"pytruco serve: table {table.id}: timeout not applied: {error}\n")
                self._restart(table)
                return
            self._restart(table)
            self.push(table, fresh)

    def _joined(self, table: Table, seat: int | None) -> bool:
        """A connection joined: a clock that was not running starts; True when every seat must hear of it."""
        if seat is None:
            return False
        table.joined.add(seat)
        if table.timer is None:
            self._arm(table)
            return table.timer is not None
        return False

    def _left(self, table: Table, seat: int | None) -> None:
        """A connection left: when no player is connected any more, the clock stops with the time it has left."""
        if seat is None or table.timer is None or table.deadline is None or self._anyone(table):
            return
        table.remaining = max(0.0, table.deadline - self.timers.now())
        table.timer.cancel()
        table.timer, table.deadline = None, None
        self.push(table, {})  # the spectators see it stop

    # --- connections --------------------------------------------------------
    def _failure_allowance(self, address: str) -> float:
        """How many failed connections *address* may make now (a token bucket per address)."""
        now = self.timers.now()
        allowance, stamp = self.failures.get(address, (float(self.limits.failed_burst), now))
        return min(float(self.limits.failed_burst), allowance + (now - stamp) * self.limits.failed_rate)

    def _count_failure(self, address: str) -> None:
        """A connection from *address* came with a bad link; the oldest addresses are forgotten past a bound."""
        allowance = self._failure_allowance(address) - 1
        self.failures.pop(address, None)
        self.failures[address] = (allowance, self.timers.now())
        while len(self.failures) > MAX_ADDRESSES:
            del self.failures[next(iter(self.failures))]

    def _refuse_failing(self, connection: ServerConnection, request: Request) -> Response | None:
        """HTTP 429, before any WebSocket work, for an address past its failed connections, unless its link is good."""
        if self._failure_allowance(client_address(connection)) >= 1:
            return None
        digest = hash_token(parse_qs(urlparse(request.path).query).get("t", [""])[0])
        if self._link_problem(self.links.get(digest)) is None:
            return None
        response = not_found(connection, HTTPStatus.TOO_MANY_REQUESTS, "too many failed connections")
        response.headers["Retry-After"] = str(math.ceil(1 / self.limits.failed_rate))
        return response

    def _close(self, client: Client, code: int, reason: str) -> None:
        self._spawn(client.ws.close(code, reason))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run *work* as a task the server keeps until it is done."""
        task = asyncio.ensure_future(work)
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
        link = self.links.get(digest)
        problem = self._link_problem(link)
        cap = self.limits.connections_per_link if link is None or link.seat is not None else self.limits.spectators
        if problem is None and len(self.by_link.get(digest, ())) >= cap:
            problem = "too-many-connections"
        if problem is not None or link is None:
            problem = problem or "unknown-link"
            if problem != "too-many-connections":
                self._count_failure(client_address(ws))
            await ws.send(json.dumps(error_message(problem, CODES[problem][lang])))
            await ws.close(code=4008 if problem == "too-many-connections" else 4001, reason=problem)
            return
        table = self.tables[link.table_id]
        client = Client(ws, table, link.seat, lang, digest)
        client.stamp, client.allowance = self.timers.now(), float(self.limits.burst)
        self.seated[table.id][link.seat].add(client)
        self.by_link.setdefault(digest, set()).add(client)
        writer = asyncio.ensure_future(self._write(client))
        expiry = None
        if link.expires is not None:  # the link's expiry closes this connection too
            expiry = self.timers.call_later(
                link.expires - self.timers.now(), lambda: self._close(client, 4001, "expired-link")
            )
        try:
            client.send(json.dumps(join_message(table.id, link.seat, table.names, table.decision)), self.limits.queue)
            started = self._joined(table, link.seat)
            recent = {link.seat: table.logs[link.seat]}  # the joining connection gets its seat's recent events
            texts = table.updates(recent, [(link.seat, lang)], self.timers.now())
            client.send(texts[link.seat, lang], self.limits.queue)
            if started:
                self.push(table, {}, skip=client)  # the others see the clock start
            async for message in ws:
                reply = await self.on_message(client, message)
                if reply is not None:
                    client.send(json.dumps(reply), self.limits.queue)
        except ConnectionClosed:
            pass
        finally:
            self.seated[table.id][link.seat].discard(client)
            self.by_link[digest].discard(client)
            self._left(table, link.seat)
            client.queue.put_nowait(None)
            writer.cancel()
            if expiry is not None:
                expiry.cancel()

    def http(self, connection: ServerConnection, request: Request) -> Response | None:
        """The page, with its security headers; WebSocket upgrades at ``/ws`` go on to :meth:`handle`."""
        path = urlparse(request.path).path
        if path == "/ws":
            return self._refuse_failing(connection, request)
        return page_response(connection, path)


def _parser() -> argparse.ArgumentParser:
    parser = OptionParser(prog="pytruco serve", description="The reference game server (WebSocket).")
    parser.add_argument("--db", required=True, help="SQLite file (created if missing)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    parser.add_argument("--port", type=bounded(int, 0, 65535), default=8765,
                        help="0 picks a free port (default: %(default)s)")  # fmt: skip
    parser.add_argument("--clock", type=bounded(float, *CLOCK_RANGE), default=15.0,
                        help="seconds per decision (default: %(default)s)")  # fmt: skip
    parser.add_argument("--new", action="append", default=[], metavar="PRESET[:NAME=VALUE,...]",
                        help="create a table, e.g. classic:players=4,flor_achico=true (each NAME=VALUE as"
                        " --option reads it; clock=S: its seconds per decision)")  # fmt: skip
    parser.add_argument("--expires", type=bounded(float, 1, 1e10), default=None,
                        help="new tables' links expire after N seconds")  # fmt: skip
    parser.add_argument("--fsync", action="store_true", help="wait for the disk at every commit (power-cut safe)")
    parser.add_argument("--revoke", action="append", default=[], help="revoke a link (or its token); repeatable")
    parser.add_argument("--revoke-file", metavar="FILE", help="revoke the links FILE lists (one a line), at startup"
                        " and again on each SIGHUP, closing their connections")  # fmt: skip
    defaults = Limits()
    parser.add_argument("--max-connections", type=bounded(int, 1, 10**9), default=defaults.connections_per_link,
                        help="open connections per seat link (default: %(default)s)")  # fmt: skip
    parser.add_argument("--max-spectators", type=bounded(int, 1, 10**6), default=defaults.spectators,
                        help="open connections per spectator link (default: %(default)s)")  # fmt: skip
    parser.add_argument("--failed-rate", type=bounded(float, 0.001, 1e12), default=defaults.failed_rate,
                        help="connections with a bad link per second per address (default: %(default)s)")  # fmt: skip
    parser.add_argument("--failed-burst", type=bounded(int, 1, 10**12), default=defaults.failed_burst,
                        help="connections with a bad link at once per address (default: %(default)s)")  # fmt: skip
    parser.add_argument("--rate", type=bounded(float, 0.001, 1e12), default=defaults.rate,
                        help="messages per second per connection (default: %(default)s)")  # fmt: skip
    parser.add_argument("--burst", type=bounded(int, 1, 10**12), default=defaults.burst,
                        help="messages at once per connection (default: %(default)s)")  # fmt: skip
    return parser


async def _serve(
    server: Server, host: str, port: int, created: list[tuple[Table, list[str], str]], revoke_file: str | None
) -> None:
    if revoke_file is not None:
        await server.reread_revocations(revoke_file)
        if hasattr(signal, "SIGHUP"):  # POSIX: "kill -HUP PID" reads the file again
            reread = functools.partial(server.reread_revocations, revoke_file)
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, lambda: server._spawn(reread()))
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
    try:
        args = _parser().parse_args(argv)
        limits = Limits(
            args.max_connections, args.rate, args.burst, args.max_spectators, args.failed_rate, args.failed_burst
        )
        specs = [table_spec(spec) for spec in args.new]
        server = Server(Store(args.db, fsync=args.fsync), args.clock, limits, expires=args.expires)
        for token in args.revoke:
            if not server.revoke(token):
                sys.stderr.write("pytruco serve: --revoke: no such link\n")
                return 2
        created = [server.new_table(rules, clock_s=clock_s) for rules, clock_s in specs]
        asyncio.run(_serve(server, args.host, args.port, created, args.revoke_file))
    except TrucoError as error:
        sys.stderr.write(f"pytruco serve: {error}\n")
        return 2
    except (OSError, sqlite3.Error) as error:
        sys.stderr.write(f"pytruco serve: {error}\n")
        return 1
    except KeyboardInterrupt:
        return 130
    return 0

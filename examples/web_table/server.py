"""A reference web table for pytruco: an asyncio WebSocket server and a static page.

Copy this to start a game server. What it shows:

- **Secret seat links.** Each seat joins with its own link (``/?t=<token>``);
  the token names the table and the seat. A connection can neither see nor act
  for another seat: the server only sends that seat's :func:`pytruco.views.view`
  and per-seat events, and refuses an action of any other seat.
- **Pushed views and events**, after every action, to every seat of the table;
  events come with their text in the player's language (``&lang=es|en``) and
  refusals with the reason in that language.
- **A turn clock** (15 seconds by default, ``--clock``): :func:`pytruco.frontend.clock`
  says whose clock runs; when it runs out the server applies ``timeout``.
- **SQLite storage, one transaction per action**: the table's record is written
  after every action (``sqlite3``, standard library), so a crash never leaves
  half a record, and a restarted server restores every table (clients reconnect).
- **Malformed messages** get an error reply and never stop the server; several
  tables run at once. The server never sends the ``State``.

Run::

    pip install 'pytruco-ar[examples]'
    python examples/web_table/server.py --db tables.sqlite --new default --new classic:players=4

It prints one JSON line with the port and every seat's link, then serves on
127.0.0.1 until stopped. Run it again with the same ``--db`` (and ``--port``)
to restore the tables.

Messages (JSON): the client sends ``{"type": "act", "action": "0 truco"}``;
the server sends ``{"type": "update", "view": ..., "events": [...], "labels": {...},
"clock": {...}}`` and ``{"type": "error", "code": ..., "message": ...}`` (the
refusal's stable code, and its sentence in the player's language).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import secrets
import sqlite3
import sys
import time
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from pytruco import (
    Action,
    Event,
    IllegalActionError,
    NotationError,
    Record,
    RuleSet,
    State,
    TrucoError,
    apply,
    new_game,
    random_deal,
)
from pytruco.frontend import clock, replay_events, seat_events
from pytruco.text import action_label, describe_event, describe_refusal
from pytruco.views import view

HERE = Path(__file__).resolve().parent
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
    "/table.css": ("table.css", "text/css; charset=utf-8"),
}
MAX_MESSAGE = 4096  # bytes: an action is a few words
LOG_KEPT = 60  # events kept per seat for a client that (re)connects


class Table:
    """One table: its state, seats' tokens and names, clock and connections."""

    def __init__(self, table_id: str, rules: RuleSet, tokens: list[str], names: list[str], clock_s: float) -> None:
        self.id = table_id
        self.rules = rules
        self.tokens = tokens
        self.names = names
        self.clock_s = clock_s
        self.state: State = new_game(rules) if rules.rps_first_mano else new_game(rules, first_mano=0)
        self.rng = random.SystemRandom()  # deals nobody can predict
        self.logs: list[list[dict[str, Any]]] = [[] for _ in range(rules.players)]
        self.clients: dict[int, set[ServerConnection]] = {seat: set() for seat in range(rules.players)}
        self.deadline: float | None = None
        self.clock_seats: tuple[int, ...] = ()
        self.timer: asyncio.TimerHandle | None = None


class Server:
    """Every table, the database and the connections."""

    def __init__(self, db_path: str, clock_s: float) -> None:
        self.db = sqlite3.connect(db_path, isolation_level=None)  # explicit transactions below
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, rules TEXT NOT NULL, tokens TEXT NOT NULL,"
            " names TEXT NOT NULL, clock REAL NOT NULL, record TEXT NOT NULL)"
        )
        self.clock_s = clock_s
        self.tables: dict[str, Table] = {}
        self.by_token: dict[str, tuple[Table, int]] = {}
        for row in self.db.execute("SELECT id, rules, tokens, names, clock, record FROM tables"):
            self._restore(*row)

    # --- tables -------------------------------------------------------------
    def _restore(self, table_id: str, rules: str, tokens: str, names: str, clock_s: float, record: str) -> None:
        """Rebuild a table from its stored record, with every seat's event log."""
        table = Table(table_id, RuleSet.from_dict(json.loads(rules)), json.loads(tokens), json.loads(names), clock_s)
        for step in replay_events(record):
            table.state = step.state
            self._log(table, step.state, step.events)
        self._register(table)

    def new_table(self, rules: RuleSet, names: list[str] | None = None, clock_s: float | None = None) -> Table:
        """Create and store a table; its seats' tokens are its secret links."""
        table_id = secrets.token_hex(4)
        tokens = [secrets.token_urlsafe(16) for _ in range(rules.players)]
        default = ["Ana", "Beto", "Carla", "Dani", "Eva", "Fede"]
        table = Table(table_id, rules, tokens, names or default[: rules.players], clock_s or self.clock_s)
        self._register(table)
        self._deal_if_needed(table)
        with self.db:  # one transaction
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    json.dumps(rules.to_dict()),
                    json.dumps(tokens),
                    json.dumps(table.names),
                    table.clock_s,
                    Record.from_state(table.state).dumps(),
                ),
            )
        return table

    def _register(self, table: Table) -> None:
        self.tables[table.id] = table
        for seat, token in enumerate(table.tokens):
            self.by_token[token] = (table, seat)

    def _log(self, table: Table, state: State, events: tuple[Any, ...]) -> list[list[dict[str, Any]]]:
        """Add one action's events to every seat's log; returns each seat's new events."""
        fresh = []
        for seat in range(table.rules.players):
            mine = seat_events(state, events, seat)
            table.logs[seat] = (table.logs[seat] + mine)[-LOG_KEPT:]
            fresh.append(mine)
        return fresh

    def _deal_if_needed(self, table: Table) -> list[list[dict[str, Any]]]:
        fresh: list[list[dict[str, Any]]] = [[] for _ in range(table.rules.players)]
        while table.state.is_chance:
            table.state, events = apply(table.state, random_deal(table.state, table.rng))
            for seat, mine in enumerate(self._log(table, table.state, events)):
                fresh[seat] += mine
        return fresh

    def act(self, table: Table, action: Action) -> list[list[dict[str, Any]]]:
        """Apply *action* (already checked to be the seat's), deal what follows,
        and store the record in one transaction. Raises IllegalActionError."""
        table.state, events = apply(table.state, action)
        fresh = self._log(table, table.state, events)
        for seat, mine in enumerate(self._deal_if_needed(table)):
            fresh[seat] += mine
        record = Record.from_state(table.state).dumps()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE tables SET record = ? WHERE id = ?", (record, table.id))
        return fresh

    # --- the clock ----------------------------------------------------------
    def restart_clock(self, table: Table, *, new_decision: bool = True) -> None:
        """One clock per decision: restarted after every action (a new decision, even
        for the same seat); a client that connects leaves a running clock alone."""
        ticking = clock(table.state)
        if not new_decision and table.timer is not None:
            return
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        table.clock_seats = ticking.seats
        if ticking.timeout is None:
            table.deadline = None
            return
        table.deadline = time.time() + table.clock_s
        loop = asyncio.get_running_loop()
        table.timer = loop.call_later(table.clock_s, lambda: asyncio.ensure_future(self._expire(table)))

    async def _expire(self, table: Table) -> None:
        table.timer = None
        ticking = clock(table.state)
        if ticking.timeout is None:
            return
        table.clock_seats = ()
        try:
            fresh = self.act(table, ticking.timeout)
        except TrucoError as error:  # cannot happen: timeout is legal for every seat to act
            sys.stderr.write(f"table {table.id}: timeout refused: {error}\n")
            return
        await self.push(table, fresh)

    # --- messages -----------------------------------------------------------
    def update(self, table: Table, seat: int, events: list[dict[str, Any]], lang: str) -> dict[str, Any]:
        """What one seat is sent: its view, its new events with their text, labels for its actions, the clock."""
        seen = view(table.state, seat)
        names = table.names
        texts = []
        for data in events:
            texts.append({**data, "text": describe_event(Event.from_json(data), lang, names)})  # type: ignore[arg-type]
        return {
            "type": "update",
            "view": seen.to_json(),
            "events": texts,
            "labels": {str(a): action_label(a, lang) for a in seen.legal},  # type: ignore[arg-type]
            "names": names,
            "clock": {
                "seats": list(table.clock_seats),
                "deadline_ms": None if table.deadline is None else int(table.deadline * 1000),
                "seconds": table.clock_s,
            },
        }

    async def push(self, table: Table, fresh: list[list[dict[str, Any]]]) -> None:
        self.restart_clock(table)
        for seat, connections in table.clients.items():
            for ws in list(connections):
                lang = getattr(ws, "lang", "es")
                try:
                    await ws.send(json.dumps(self.update(table, seat, fresh[seat], lang)))
                except ConnectionClosed:
                    connections.discard(ws)

    async def handle(self, ws: ServerConnection) -> None:
        """One client: joined by its seat's token; every message is checked, none can stop the server."""
        assert ws.request is not None
        query = parse_qs(urlparse(ws.request.path).query)
        token = query.get("t", [""])[0]
        lang = query.get("lang", ["es"])[0]
        lang = lang if lang in ("es", "en") else "es"
        found = self.by_token.get(token)
        if found is None:
            await ws.send(json.dumps({"type": "error", "message": _UNKNOWN_LINK[lang]}))
            await ws.close(code=4001, reason="unknown link")
            return
        table, seat = found
        ws.lang = lang  # type: ignore[attr-defined]
        table.clients[seat].add(ws)
        try:
            self.restart_clock(table, new_decision=False)
            await ws.send(json.dumps(self.update(table, seat, table.logs[seat], lang)))
            async for message in ws:
                try:
                    reply = await self.on_message(table, seat, message, lang)
                except TrucoError as error:  # nothing a client sends may stop the server
                    reply = {"type": "error", "message": describe_refusal(error, lang, table.names)}  # type: ignore[arg-type]
                if reply is not None:
                    await ws.send(json.dumps(reply))
        except ConnectionClosed:
            pass
        finally:
            table.clients[seat].discard(ws)

    async def on_message(self, table: Table, seat: int, message: str | bytes, lang: str) -> dict[str, Any] | None:
        """Handle one message; an error reply for anything malformed or refused."""
        try:
            data = json.loads(message)
        except (ValueError, UnicodeDecodeError):
            return {"type": "error", "code": "malformed", "message": _MALFORMED[lang]}
        if not isinstance(data, dict) or data.get("type") != "act" or not isinstance(data.get("action"), str):
            return {"type": "error", "code": "malformed", "message": _MALFORMED[lang]}
        text = data["action"]
        try:
            action = Action.parse(text)
        except NotationError as error:
            return {"type": "error", "code": "not-an-action", "message": describe_refusal(error, lang, table.names)}  # type: ignore[arg-type]
        if action.seat != seat:
            return {"type": "error", "code": "not-your-seat", "message": _NOT_YOUR_SEAT[lang]}
        try:
            fresh = self.act(table, action)
        except IllegalActionError as error:
            # the stable code lets a client translate the refusal itself; the message is in its language
            code = getattr(error, "code", "illegal")
            return {"type": "error", "code": code, "message": describe_refusal(error, lang, table.names)}  # type: ignore[arg-type]
        await self.push(table, fresh)
        return None

    def http(self, connection: ServerConnection, request: Request) -> Response | None:
        """The static page; WebSocket upgrades go on to :meth:`handle`."""
        path = urlparse(request.path).path
        if path == "/ws":
            return None
        if path == "/truco.d.ts":  # the TypeScript types the page's JSDoc refers to
            body = (HERE.parent.parent / "src" / "pytruco" / "schemas" / "truco.d.ts").read_bytes()
            return Response(200, "OK", Headers([("Content-Type", "text/plain; charset=utf-8")]), body)
        if path not in STATIC:
            return connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
        name, kind = STATIC[path]
        body = (HERE / name).read_bytes()
        headers = Headers([("Content-Type", kind), ("Cache-Control", "no-store")])
        return Response(200, "OK", headers, body)


_UNKNOWN_LINK = {"es": "Ese enlace no es de ninguna mesa.", "en": "That link is not a seat at any table."}
_MALFORMED = {
    "es": 'No entendí el mensaje: mandá {"type": "act", "action": "<jugada>"}.',
    "en": 'Malformed message: send {"type": "act", "action": "<action>"}.',
}
_NOT_YOUR_SEAT = {"es": "Solo podés jugar por tu asiento.", "en": "You can only act for your own seat."}


def _table_spec(spec: str) -> tuple[RuleSet, float | None]:
    """``preset[:option=value,...]``, e.g. ``classic:players=4,target=15``; ``clock=N``
    sets this table's seconds per decision."""
    preset, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    clock_s = None
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        parsed: Any = value == "true" if value in ("true", "false") else value
        if value.replace(".", "", 1).isdigit():
            parsed = float(value) if "." in value else int(value)
        if key == "clock":
            clock_s = float(parsed)
        else:
            options[key] = parsed
    return RuleSet.preset(preset, **options), clock_s


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--db", required=True, help="SQLite file (created if missing)")
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--clock", type=float, default=15.0, help="seconds per decision (default 15)")
    parser.add_argument("--new", action="append", default=[], help="create a table: preset[:option=value,...]")
    args = parser.parse_args(argv)
    server = Server(args.db, args.clock)
    created = []
    for spec in args.new:
        rules, clock_s = _table_spec(spec)
        created.append(server.new_table(rules, clock_s=clock_s))
    async with serve(
        server.handle, "127.0.0.1", args.port, process_request=server.http, max_size=MAX_MESSAGE
    ) as running:
        port = next(iter(running.sockets)).getsockname()[1]
        base = f"http://127.0.0.1:{port}/"
        for table in server.tables.values():
            server.restart_clock(table)
        info = {
            "port": port,
            "tables": [
                {"id": t.id, "links": [f"{base}?t={token}" for token in t.tokens]}
                for t in (created or server.tables.values())
            ],
        }
        sys.stdout.write(json.dumps(info) + "\n")
        sys.stdout.flush()
        await asyncio.Future()  # serve until stopped


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())

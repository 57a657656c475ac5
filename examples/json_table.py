"""A game table behind any frontend: JSON in, JSON out.

A server keeps one ``State`` per table. Each client receives only its seat's
view (never the other cards) and sends actions as notation; every reply is a
JSON object. Each seat has its own secret token: a client proves its seat
with it, so it can neither see nor act for another seat. The table is stored
as a game record after every action, so a crashed or restarted server
restores it exactly (a reconnect). With ``--serve`` it runs as a tiny HTTP
server on 127.0.0.1 (standard library only): ``GET /view?token=...`` and
``POST /act`` with ``{"token": "...", "action": "0 truco"}``.

For a complete table (WebSocket pushes, a turn clock, SQLite, a browser page)
see examples/web_table/.

Run: ``python examples/json_table.py`` (a scripted demo) or
``python examples/json_table.py --serve 8080``.
"""

from __future__ import annotations

import json
import random
import secrets
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

from pytruco import (
    Action,
    IllegalActionError,
    NotationError,
    Record,
    State,
    apply,
    new_game,
    random_deal,
    replay,
    view,
)


class Table:
    """One table: a state, a random source for the deals and a saved record."""

    def __init__(self, preset: str = "default", seed: int | None = None) -> None:
        self.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.state: State = new_game(preset, first_mano=0)
        self.tokens = [secrets.token_urlsafe(16) for _ in range(self.state.rules.players)]
        self.saved = ""
        self._deal_if_needed()

    def seat_of(self, token: str) -> int | None:
        """The seat a secret token belongs to, or ``None``."""
        for seat, known in enumerate(self.tokens):
            if secrets.compare_digest(known, token):
                return seat
        return None

    def _deal_if_needed(self) -> None:
        while self.state.is_chance:
            self.state, _ = apply(self.state, random_deal(self.state, self.rng))
        self.saved = Record.from_state(self.state).dumps()  # what a server writes to its database

    def view(self, token: str) -> dict[str, Any]:
        """What the seat of *token* may see, as JSON."""
        seat = self.seat_of(token)
        if seat is None:
            return {"ok": False, "error": "unknown token"}
        return view(self.state, seat).to_json()

    def act(self, token: str, text: str) -> dict[str, Any]:
        """Apply one action of the seat of *token*; the events, or an error that changes nothing."""
        seat = self.seat_of(token)
        if seat is None:
            return {"ok": False, "error": "unknown token"}
        try:
            action = Action.parse(text)
            if action.seat != seat:
                return {"ok": False, "error": f"you are seat {seat}: you cannot act for seat {action.seat}"}
            self.state, events = apply(self.state, action)
        except (NotationError, IllegalActionError) as error:
            return {"ok": False, "error": str(error)}
        self._deal_if_needed()
        return {"ok": True, "events": [str(event) for event in events], "score": list(self.state.score)}

    @classmethod
    def restore(cls, saved: str, tokens: list[str], seed: int | None = None) -> Table:
        """Rebuild a table from its saved record and seat tokens (after a restart or a reconnect)."""
        table = cls.__new__(cls)
        table.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        table.state = replay(saved).state
        table.tokens = tokens
        table.saved = saved
        table._deal_if_needed()
        return table


def demo() -> None:
    table = Table("default", seed=7)
    me, you = table.tokens  # each client gets only its own token
    seen = table.view(me)
    print("my cards:", seen["hand"], "| I may:", seen["legal"])
    print("bad move:", table.act(me, "0 vale-cuatro"))
    print("typo:", table.act(me, "0 trucoo"))
    print("seat 0 acting for seat 1:", table.act(me, "1 mazo"))
    print("unknown token:", table.act("guess", "1 mazo"))
    first = seen["legal"][0]
    print(f"play {first!r}:", table.act(me, first))
    # The server restarts: the table comes back from its saved record, identical.
    restored = Table.restore(table.saved, table.tokens)
    print("restored identical:", restored.state == table.state)
    hidden = set(restored.view(you)["hand"]) & set(restored.view(me)["hand"])
    print("seat 1's view shows seat 0's cards:", bool(hidden))


def serve(port: int) -> None:  # pragma: no cover - interactive
    table = Table()

    class Handler(BaseHTTPRequestHandler):
        def _send(self, body: dict[str, Any], status: int = 200) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            query = parse_qs(urlparse(self.path).query)
            reply = table.view(query.get("token", [""])[0])
            self._send(reply, 403 if reply.get("ok") is False else 200)

        def do_POST(self) -> None:
            try:
                length = min(int(self.headers.get("Content-Length", "0")), 4096)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not isinstance(body, dict):
                    raise ValueError("not an object")
            except ValueError:
                self._send({"ok": False, "error": 'send {"token": ..., "action": ...}'}, 400)
                return
            reply = table.act(str(body.get("token", "")), str(body.get("action", "")))
            self._send(reply, 200 if reply["ok"] else 400)

    for seat, token in enumerate(table.tokens):
        print(f"seat {seat}: http://127.0.0.1:{port}/view?token={token}")
    HTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]))
    else:
        demo()

"""A game table behind any frontend: JSON in, JSON out.

A server keeps one ``State`` per table. Each client receives only its seat's
view (never the other cards) and sends actions as notation; every reply is a
JSON object. The table is stored as a game record after every action, so a
crashed or restarted server restores it exactly (a reconnect). With
``--serve`` it runs as a tiny HTTP server on 127.0.0.1 (standard library
only): ``GET /view?seat=0`` and ``POST /act`` with ``{"action": "0 truco"}``.

Run: ``python examples/json_table.py`` (a scripted demo) or
``python examples/json_table.py --serve 8080``.
"""

from __future__ import annotations

import json
import random
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
        self.rng = random.Random(seed)
        self.state: State = new_game(preset, first_mano=0)
        self.saved = ""
        self._deal_if_needed()

    def _deal_if_needed(self) -> None:
        while self.state.is_chance:
            self.state, _ = apply(self.state, random_deal(self.state, self.rng))
        self.saved = Record.from_state(self.state).dumps()  # what a server writes to its database

    def view(self, seat: int) -> dict[str, Any]:
        """What seat *seat* may see, as JSON."""
        return view(self.state, seat).to_json()

    def act(self, text: str) -> dict[str, Any]:
        """Apply one action in notation; the events, or an error that changes nothing."""
        try:
            action = Action.parse(text)
            self.state, events = apply(self.state, action)
        except (NotationError, IllegalActionError) as error:
            return {"ok": False, "error": str(error)}
        self._deal_if_needed()
        return {"ok": True, "events": [str(event) for event in events], "score": list(self.state.score)}

    @classmethod
    def restore(cls, saved: str, seed: int | None = None) -> Table:
        """Rebuild a table from its saved record (after a restart or a reconnect)."""
        table = cls.__new__(cls)
        table.rng = random.Random(seed)
        table.state = replay(saved).state
        table.saved = saved
        table._deal_if_needed()
        return table


def demo() -> None:
    table = Table("default", seed=7)
    me = 0
    seen = table.view(me)
    print("my cards:", seen["hand"], "| I may:", seen["legal"])
    print("bad move:", table.act(f"{me} vale-cuatro"))
    print("typo:", table.act(f"{me} trucoo"))
    first = seen["legal"][0]
    print(f"play {first!r}:", table.act(first))
    # The server restarts: the table comes back from its saved record, identical.
    restored = Table.restore(table.saved)
    print("restored identical:", restored.state == table.state)
    hidden = set(restored.view(1)["hand"]) & set(restored.view(0)["hand"])
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
            seat = int(query.get("seat", ["0"])[0])
            self._send(table.view(seat))

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            reply = table.act(str(body.get("action", "")))
            self._send(reply, 200 if reply["ok"] else 400)

    print(f"serving one table on http://127.0.0.1:{port}/view?seat=0")
    HTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]))
    else:
        demo()

"""One connection of ``pytruco serve``: its table, seat, language, link and outgoing queue, and how the server
names where it comes from (its address) and what it came with (its link's digest).

>>> from pytruco.server._connection import link_digest
>>> link_digest("http://127.0.0.1:8765/?t=abc") == link_digest("abc")
True
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import parse_qs, urlparse

from ._table import Table, hash_token

__all__ = ["Client", "client_address", "link_digest"]


class Client:
    """One connection: its table, seat (``None``: a spectator), language, link and outgoing queue.

    >>> from pytruco import RuleSet
    >>> client = Client(None, Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0), 0, "en", "h0")
    >>> client.send("a", limit=1), client.send("b", limit=1)
    (True, False)
    """

    def __init__(self, ws: Any, table: Table, seat: int | None, lang: str, digest: str) -> None:
        self.ws = ws  # the websockets library's ServerConnection
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


def client_address(connection: Any) -> str:
    """The address a connection comes from: its host, without the port.

    >>> class Connection:
    ...     remote_address = ("127.0.0.1", 50123)
    >>> client_address(Connection())
    '127.0.0.1'
    """
    remote = connection.remote_address
    return str(remote[0]) if isinstance(remote, tuple) and remote else str(remote)


def link_digest(link: str) -> str:
    """The digest of a link's token (what the database keeps); *link* is the whole link or the token alone.

    >>> link_digest("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hash_token(parse_qs(urlparse(link).query).get("t", [link])[0])

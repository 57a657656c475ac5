"""The SQLite storage of ``pytruco serve`` (standard library ``sqlite3``): tables, links and an append-only log.

Three tables: ``serve_tables`` (a table's rules, names and clock), ``serve_links`` (the SHA-256 of each link's
token, never the token; its seat, or ``NULL`` for a spectator link; an optional expiry; a revoked flag) and
``serve_log`` (one row per log line of :mod:`pytruco.server._table`, numbered from 0). An action appends its lines
in one transaction; nothing is ever rewritten, so a table moves to another database with its rows.

>>> from pytruco.server._store import Store
>>> store = Store(":memory:")
>>> store.create("t1", {"preset": "default"}, ["Ana", "Beto"], 15.0, [("h0", 0, None), ("h1", 1, None)])
>>> store.append("t1", 0, ["0 truco"])
>>> [(row.id, row.log) for row in store.tables()]
[('t1', ['0 truco'])]
>>> store.link("h1")
Link(table_id='t1', seat=1, expires=None, revoked=False)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

__all__ = ["Link", "Store", "StoredTable"]

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS serve_tables (id TEXT PRIMARY KEY, rules TEXT NOT NULL, names TEXT NOT NULL,"
    " clock REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS serve_links (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER,"
    " expires REAL, revoked INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS serve_log (table_id TEXT NOT NULL, n INTEGER NOT NULL, item TEXT NOT NULL,"
    " PRIMARY KEY (table_id, n))",
)


class Link(NamedTuple):
    """A stored link: its table, its seat (``None``: a spectator), its expiry (Unix seconds) and whether it is revoked.

    >>> Link("t1", None, None, False).seat is None
    True
    """

    table_id: str
    seat: int | None
    expires: float | None
    revoked: bool


class StoredTable(NamedTuple):
    """One stored table as read back: its rules (a dict), names, seconds per decision and log lines.

    >>> StoredTable("t1", {"preset": "default"}, ["Ana", "Beto"], 15.0, []).clock
    15.0
    """

    id: str
    rules: dict[str, Any]
    names: list[str]
    clock: float
    log: list[str]


class Store:
    """The database of a server; *path* is a file (created if missing) or ``":memory:"``.

    The file is in write-ahead-log mode. By default a commit does not wait for the disk (``synchronous=NORMAL``):
    a crash of the process (``kill -9``) loses nothing committed, a power cut may lose the last actions (never
    corrupting a table, since each action is one transaction). *fsync* waits for the disk at every commit
    (``synchronous=FULL``): safe against a power cut, and about ten times slower per action on a plain disk.
    A write waits up to *busy_timeout* seconds for a lock another connection holds (a backup, a ``sqlite3`` shell),
    then fails. The connection may be used from another thread than its creator's: the server writes from its
    database thread, one statement at a time.

    >>> Store(":memory:").link("nothing") is None
    True
    """

    def __init__(self, path: str, *, fsync: bool = False, busy_timeout: float = 5.0) -> None:
        # explicit transactions below; the server writes from its database thread (one at a time)
        self.db = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
        for statement in _SCHEMA:
            self.db.execute(statement)

    def create(
        self,
        table_id: str,
        rules: dict[str, Any],
        names: Sequence[str],
        clock_s: float,
        links: Sequence[tuple[str, int | None, float | None]],
        log: Sequence[str] = (),
    ) -> None:
        """Store a new table with its links ``(hash, seat, expires)`` and first log lines, in one transaction.

        >>> Store(":memory:").create("t1", {"preset": "default"}, ["Ana", "Beto"], 15.0, [])
        """
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO serve_tables VALUES (?, ?, ?, ?)",
                (table_id, json.dumps(rules), json.dumps(list(names)), clock_s),
            )
            self.db.executemany(
                "INSERT INTO serve_links (hash, table_id, seat, expires) VALUES (?, ?, ?, ?)",
                [(digest, table_id, seat, expires) for digest, seat, expires in links],
            )
            self._insert(table_id, 0, log)

    def append(self, table_id: str, start: int, items: Sequence[str]) -> None:
        """Append log lines numbered from *start*, in one transaction; a line already there fails the whole write.

        Raises:
            sqlite3.Error: the write failed (nothing was written).

        >>> store = Store(":memory:")
        >>> store.append("t1", 0, ["0 mazo"])
        >>> store.append("t1", 0, ["1 mazo"])
        Traceback (most recent call last):
        ...
        sqlite3.IntegrityError: UNIQUE constraint failed: serve_log.table_id, serve_log.n
        """
        with self.db:
            self.db.execute("BEGIN")
            self._insert(table_id, start, items)

    def _insert(self, table_id: str, start: int, items: Sequence[str]) -> None:
        self.db.executemany(
            "INSERT INTO serve_log VALUES (?, ?, ?)", [(table_id, start + i, item) for i, item in enumerate(items)]
        )

    def tables(self) -> Iterator[StoredTable | tuple[str, Exception]]:
        """Every stored table, or ``(id, error)`` for one whose rows do not read (the caller reports and skips it).

        >>> store = Store(":memory:")
        >>> _ = store.db.execute("INSERT INTO serve_tables VALUES ('bad', '{', '[]', 1)")
        >>> [type(row).__name__ for row in store.tables()]
        ['tuple']
        """
        rows = self.db.execute("SELECT id, rules, names, clock FROM serve_tables ORDER BY rowid").fetchall()
        for table_id, rules, names, clock_s in rows:
            try:
                log = [
                    item
                    for (item,) in self.db.execute(
                        "SELECT item FROM serve_log WHERE table_id = ? ORDER BY n", (table_id,)
                    )
                ]
                parsed_rules, parsed_names = json.loads(rules), json.loads(names)
                if not isinstance(parsed_rules, dict) or not isinstance(parsed_names, list):
                    raise ValueError("rules must be an object and names a list")
                yield StoredTable(str(table_id), parsed_rules, [str(n) for n in parsed_names], float(clock_s), log)
            except Exception as error:  # any damage (deep JSON is a RecursionError): reported, skipped
                yield (str(table_id), error)

    def link(self, digest: str) -> Link | None:
        """The link whose token hashes to *digest*, or ``None``.

        >>> Store(":memory:").link("0" * 64) is None
        True
        """
        row = self.db.execute(
            "SELECT table_id, seat, expires, revoked FROM serve_links WHERE hash = ?", (digest,)
        ).fetchone()
        if row is None:
            return None
        return Link(row[0], row[1], row[2], bool(row[3]))

    def links(self) -> dict[str, Link]:
        """Every link, by the digest of its token.

        >>> store = Store(":memory:")
        >>> store.create("t1", {"preset": "default"}, ["Ana", "Beto"], 15.0, [("h0", 0, None), ("h9", None, 9.5)])
        >>> store.links()["h9"]
        Link(table_id='t1', seat=None, expires=9.5, revoked=False)
        """
        rows = self.db.execute("SELECT hash, table_id, seat, expires, revoked FROM serve_links").fetchall()
        return {row[0]: Link(row[1], row[2], row[3], bool(row[4])) for row in rows}

    def revoke(self, digest: str) -> bool:
        """Revoke the link whose token hashes to *digest*; ``False`` when there is no such link.

        >>> store = Store(":memory:")
        >>> store.create("t1", {"preset": "default"}, ["Ana", "Beto"], 15.0, [("h0", 0, None)])
        >>> store.revoke("h0"), store.link("h0").revoked, store.revoke("h9")
        (True, True, False)
        """
        with self.db:
            self.db.execute("BEGIN")
            done = self.db.execute("UPDATE serve_links SET revoked = 1 WHERE hash = ?", (digest,))
        return done.rowcount > 0

"""A small, bounded load figure for ``pytruco serve`` over loopback (issue 20). Run once, not in CI::

    .venv/bin/python tools/load_server.py [--tables 40] [--seconds 8] [--flooders 200]

1. **Throughput:** one server process with ``--tables`` tables; this script plays random legal actions at every
   table at once (both seats of each table connected) for ``--seconds``, and counts the actions acknowledged
   (limits off: a seat here acts faster than 20 times a second).
2. **Latency under a flood:** one table plays ``PROBE`` actions one at a time (the time from sending an action to
   its ``ack``), first alone, then (a fresh game at a third table) while ``--flooders`` connections on one seat
   link of another table send actions the rules refuse as fast as they can: once with the limits switched off
   (``--max-connections``, ``--rate`` and ``--burst`` huge), once with the default limits (4 connections per
   link, 20 messages a second, bursts of 40). The server's CPU time is read from /proc.

3. **Latency while another process holds the database** (``--locked``, issue 36 item 7): a second process takes
   the database's write lock for ``HOLD`` seconds, lets it go for as long, and again, while one table plays on
   (its writes wait for the lock) and a quiet table is timed: an action the rules refuse (no write: the reply needs
   only the event loop) and an action applied (its write waits for the lock like any other).
4. **Latency under failed connections** (``--failed``, issue 36 item 12): another process opens ``--failed-rate``
   connections a second with unknown tokens while the quiet table plays ``PROBE`` actions, once with the default
   limits; ``--src DIR`` runs the server from another source tree (the code before a change, for a comparison).

It prints one JSON object. The client runs on the same machine as the server, so the figures are what one core
of each gives; they are not a benchmark of the hardware. Every loop here is bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

ROOT = Path(__file__).resolve().parent.parent
PROBE = 60  # actions timed at the probe table, alone and under the flood (the same seed: the same game)
NO_LIMITS = ["--max-connections", "1000000", "--rate", "1e9", "--burst", "1000000000"]
HOLD = 1.0  # seconds the other process holds the database's write lock at a time (and then lets it go as long)
SOURCE = [ROOT / "src"]  # the source tree the server runs from (--src)


class Seat:
    """One connection: a reader task keeps the last update and queues acks and errors."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.last: dict[str, Any] | None = None
        self.replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.changed = asyncio.Event()
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in self.ws:
                message = json.loads(text)
                if message["type"] == "update":
                    self.last = message
                    self.changed.set()
                elif message["type"] in ("ack", "error"):
                    self.replies.put_nowait(message)

    async def past(self, decision: int) -> None:
        """Wait for an update after *decision*."""
        while self.last is None or self.last["decision"] <= decision:
            self.changed.clear()
            await self.changed.wait()

    def to_act(self) -> list[str]:
        if self.last is None or self.last["view"]["phase"] == "over":
            return []
        # no falta-envido, so that a game lasts long enough to time
        return [a for a in self.last["view"]["legal"] if not a.endswith(("rendirse", "timeout", "falta-envido"))]

    async def act(self, action: str) -> dict[str, Any]:
        assert self.last is not None
        await self.ws.send(json.dumps({"type": "act", "action": action, "decision": self.last["decision"]}))
        return await self.replies.get()


def start_server(db: str, tables: int, extra: list[str]) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(SOURCE[0])}
    command = [sys.executable, "-m", "pytruco", "serve", "--db", db, "--port", "0", "--clock", "600"]
    command += [arg for _ in range(tables) for arg in ("--new", "default:target=30")] + extra
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    return proc, json.loads(proc.stdout.readline())


async def join(port: int, link: str) -> Seat:
    token = link.split("?t=", 1)[1]
    seat = Seat(await connect(f"ws://127.0.0.1:{port}/ws?t={token}", max_queue=None))
    while seat.last is None:
        await asyncio.sleep(0.001)
    return seat


async def play(
    seats: list[Seat],
    until: float,
    rng: random.Random,
    latencies: list[float] | None = None,
    most: int = 10**9,
    pause: float = 0.0,
) -> int:
    """Play random legal actions at one table until *until*, its end or *most* actions, *pause* seconds apart;
    returns those acknowledged."""
    done = 0
    while time.monotonic() < until and done < most:
        await asyncio.sleep(pause)
        movers = [s for s in seats if s.to_act()]
        if not movers:
            if all(s.last is not None and s.last["view"]["phase"] == "over" for s in seats):
                return done
            seats[0].changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(seats[0].changed.wait(), 1)
            continue
        mover = movers[0]
        decision = mover.last["decision"] if mover.last else 0
        start = time.perf_counter()
        reply = await mover.act(rng.choice(mover.to_act()))
        if latencies is not None:
            latencies.append(time.perf_counter() - start)
        if reply["type"] == "ack":
            done += 1
            for seat in seats:
                await seat.past(decision)
    return done


async def throughput(tables: int, seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        proc, info = start_server(f"{tmp}/t.sqlite", tables, NO_LIMITS)  # the capacity, not the rate limit
        try:
            port = info["port"]
            boards = [[await join(port, link) for link in table["links"]] for table in info["tables"]]
            until = time.monotonic() + seconds
            cpu = cpu_seconds(proc.pid)
            counts = await asyncio.gather(*(play(s, until, random.Random(i)) for i, s in enumerate(boards)))
            cpu = cpu_seconds(proc.pid) - cpu
            for seats in boards:
                for seat in seats:
                    await seat.ws.close()
            return {"tables": tables, "seconds": seconds, "actions": sum(counts),
                    "actions_per_second": round(sum(counts) / seconds, 1), "server_cpu_seconds": round(cpu, 2),
                    "actions_per_server_cpu_second": round(sum(counts) / max(cpu, 0.01), 1)}  # fmt: skip
        finally:
            proc.kill()
            proc.wait()


async def flood_one(port: int, link: str, until: float, sent: list[int]) -> None:
    token = link.split("?t=", 1)[1]
    try:
        ws = await connect(f"ws://127.0.0.1:{port}/ws?t={token}", max_queue=None)
    except (InvalidStatus, OSError):
        return
    decision = [0]
    reader = asyncio.ensure_future(_drain(ws, decision))
    with contextlib.suppress(ConnectionClosed):
        while time.monotonic() < until:
            # an action the rules refuse, naming the decision now: the server's most expensive refusal
            await ws.send(json.dumps({"type": "act", "action": "0 vale-cuatro", "decision": decision[0]}))
            sent[0] += 1
            if sent[0] % 50 == 0:
                await asyncio.sleep(0)
    reader.cancel()
    await ws.close()


async def _drain(ws: ClientConnection, decision: list[int]) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for text in ws:
            if text.startswith('{"type": "update"'):
                decision[0] = json.loads(text)["decision"]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process *pid* so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def latency(seconds: float, flooders: int, limits: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        proc, info = start_server(f"{tmp}/t.sqlite", 3, [] if limits else NO_LIMITS)
        try:
            port = info["port"]
            quiet = [await join(port, link) for link in info["tables"][0]["links"]]
            calm: list[float] = []
            await play(quiet, time.monotonic() + seconds, random.Random(1), calm, PROBE)
            # the flood comes from another process, so that it does not starve this one's probe
            link = info["tables"][1]["links"][0]
            command = [sys.executable, __file__, "--flood", str(port), link, str(seconds), str(flooders)]
            cpu = cpu_seconds(proc.pid)
            flood = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
            await asyncio.sleep(0.5)  # its connections are open
            loaded: list[float] = []
            probe = [await join(port, link) for link in info["tables"][2]["links"]]  # a fresh game
            await play(probe, time.monotonic() + seconds - 1, random.Random(1), loaded, PROBE)
            sent = [int(flood.communicate(timeout=60)[0])]
            cpu = cpu_seconds(proc.pid) - cpu
            return {
                "limits": "default" if limits else "off",
                "flooding_connections": flooders,
                "flood_messages_sent": sent[0],
                "server_cpu_seconds_in_flood": round(cpu, 2),
                "quiet_ms_median": round(statistics.median(calm) * 1000, 2),
                "flooded_ms_median": round(statistics.median(loaded) * 1000, 2),
                "flooded_ms_p95": round(statistics.quantiles(loaded, n=20)[-1] * 1000, 2),
                "timed_actions": [len(calm), len(loaded)],
            }
        finally:
            proc.kill()
            proc.wait()


def hold_lock(db: str, seconds: float) -> None:
    """The other process of the ``--locked`` figure: hold the write lock HOLD seconds, let go HOLD, until *seconds*."""
    import sqlite3

    holder = sqlite3.connect(db, isolation_level=None)
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        holder.execute("BEGIN IMMEDIATE")
        time.sleep(HOLD)
        holder.execute("COMMIT")
        time.sleep(HOLD)


async def refusals(seat: Seat, until: float, timed: list[float]) -> None:
    """Time *seat*'s refused actions (no write) until *until*, 20 a second."""
    while time.monotonic() < until:
        assert seat.last is not None
        start = time.perf_counter()
        await seat.ws.send(json.dumps({"type": "act", "action": "9 vale-cuatro", "decision": seat.last["decision"]}))
        await seat.replies.get()
        timed.append(time.perf_counter() - start)
        await asyncio.sleep(0.05)


def summary(timed: list[float]) -> dict[str, Any]:
    if len(timed) < 2:
        return {"count": len(timed)}
    cut = statistics.quantiles(timed, n=20)
    return {"count": len(timed), "median_ms": round(statistics.median(timed) * 1000, 2),
            "p95_ms": round(cut[-1] * 1000, 2), "max_ms": round(max(timed) * 1000, 2)}  # fmt: skip


async def locked(seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"{tmp}/t.sqlite"
        proc, info = start_server(db, 3, NO_LIMITS)
        holder = subprocess.Popen([sys.executable, __file__, "--hold", db, str(seconds)])
        try:
            port = info["port"]
            busy = [await join(port, link) for link in info["tables"][0]["links"]]
            quiet = [await join(port, link) for link in info["tables"][1]["links"]]
            idle = await join(port, info["tables"][2]["links"][1])  # a table that only gets refusals: no write
            refused: list[float] = []
            applied: list[float] = []
            until = time.monotonic() + seconds
            await asyncio.gather(
                play(busy, until, random.Random(2)),
                refusals(idle, until, refused),
                play(quiet, until, random.Random(1), applied, pause=0.1),
            )
            return {"source": str(SOURCE[0]), "hold_s": HOLD, "idle_table_refused_action": summary(refused),
                    "quiet_table_applied_action": summary(applied)}  # fmt: skip
        finally:
            holder.kill()
            holder.wait()
            proc.kill()
            proc.wait()


async def fail_connections(port: int, per_second: float, seconds: float) -> list[int]:
    """The other process of the ``--failed`` figure: *per_second* connections with an unknown token for *seconds*;
    returns ``[refused with a WebSocket error, refused with HTTP 429]``."""
    counts = [0, 0]

    async def one(n: int) -> None:
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws?t=unknown-{n}") as ws:
                with contextlib.suppress(ConnectionClosed):
                    await ws.recv()
                counts[0] += 1
        except InvalidStatus:
            counts[1] += 1
        except OSError:
            pass

    tasks = []
    start = time.monotonic()
    for n in range(int(per_second * seconds)):
        await asyncio.sleep(max(0.0, start + n / per_second - time.monotonic()))
        tasks.append(asyncio.ensure_future(one(n)))
    await asyncio.gather(*tasks)
    return counts


async def failed(seconds: float, per_second: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        proc, info = start_server(f"{tmp}/t.sqlite", 2, [])
        try:
            port = info["port"]
            calm: list[float] = []
            await play([await join(port, link) for link in info["tables"][0]["links"]], time.monotonic() + seconds,
                       random.Random(1), calm, PROBE)  # fmt: skip
            command = [sys.executable, __file__, "--fail", str(port), str(per_second), str(seconds)]
            cpu = cpu_seconds(proc.pid)
            flood = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
            await asyncio.sleep(0.5)
            loaded: list[float] = []
            probe = [await join(port, link) for link in info["tables"][1]["links"]]  # the same game, fresh
            await play(probe, time.monotonic() + seconds - 1, random.Random(1), loaded, PROBE)
            refused = json.loads(flood.communicate(timeout=60)[0])
            return {"source": str(SOURCE[0]), "failed_per_second": per_second, "quiet": summary(calm),
                    "during_failed_connections": summary(loaded), "refused_websocket_and_429": refused,
                    "server_cpu_seconds": round(cpu_seconds(proc.pid) - cpu, 2)}  # fmt: skip
        finally:
            proc.kill()
            proc.wait()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--flooders", type=int, default=200)
    parser.add_argument("--flood", nargs=4, metavar=("PORT", "LINK", "SECONDS", "CONNECTIONS"), help=argparse.SUPPRESS)
    parser.add_argument("--hold", nargs=2, metavar=("DB", "SECONDS"), help=argparse.SUPPRESS)
    parser.add_argument("--fail", nargs=3, metavar=("PORT", "RATE", "SECONDS"), help=argparse.SUPPRESS)
    parser.add_argument("--locked", action="store_true", help="only the figure with the database locked")
    parser.add_argument("--failed", action="store_true", help="only the figure under failed connections")
    parser.add_argument("--failed-rate", type=float, default=100.0, help="failed connections a second (--failed)")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the source tree the server runs from")
    args = parser.parse_args()
    SOURCE[0] = args.src
    if args.hold:
        hold_lock(args.hold[0], float(args.hold[1]))
        return
    if args.fail:
        counts = await fail_connections(int(args.fail[0]), float(args.fail[1]), float(args.fail[2]))
        sys.stdout.write(json.dumps(counts) + "\n")
        return
    if args.locked or args.failed:
        figure = await locked(args.seconds) if args.locked else await failed(args.seconds, args.failed_rate)
        sys.stdout.write(json.dumps(figure, indent=1) + "\n")
        return
    if args.flood:  # the flooding process of the latency figure
        port, link, seconds, connections = args.flood
        sent = [0]
        until = time.monotonic() + float(seconds)
        await asyncio.gather(*(flood_one(int(port), link, until, sent) for _ in range(int(connections))))
        sys.stdout.write(f"{sent[0]}\n")
        return
    figures = {
        "throughput": await throughput(args.tables, args.seconds),
        "latency": [await latency(args.seconds, args.flooders, limits) for limits in (False, True)],
    }
    sys.stdout.write(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    asyncio.run(main())

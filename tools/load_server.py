"""A small, bounded load figure for ``pytruco serve`` over loopback (issue 20). Run once, not in CI::

    .venv/bin/python tools/load_server.py [--tables 40] [--seconds 8] [--flooders 40]

1. **Throughput:** one server process with ``--tables`` tables; this script plays random legal actions at every
   table at once (both seats of each table connected) for ``--seconds``, and counts the actions acknowledged
   (limits off: a seat here acts faster than 20 times a second).
2. **Latency under a flood:** one table plays actions one at a time, first alone, then (a fresh game at another
   table) (the time from sending an action to
   its ``ack``) while ``--flooders`` connections on one seat link of another table send refused actions as fast as
   they can; once with the limits switched off (``--max-connections``, ``--rate`` and ``--burst`` huge) and once
   with the default limits (4 connections per link, 20 messages a second, bursts of 40).

It prints one JSON object. The client runs on the same machine as the server, so the figures are what one core
of each gives; they are not a benchmark of the hardware.
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
NO_LIMITS = ["--max-connections", "1000000", "--rate", "1e9", "--burst", "1000000000"]


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
        return [a for a in self.last["view"]["legal"] if not a.endswith(("rendirse", "timeout"))]

    async def act(self, action: str) -> dict[str, Any]:
        assert self.last is not None
        await self.ws.send(json.dumps({"type": "act", "action": action, "decision": self.last["decision"]}))
        return await self.replies.get()


def start_server(db: str, tables: int, extra: list[str]) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
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


async def play(seats: list[Seat], until: float, rng: random.Random, latencies: list[float] | None = None) -> int:
    """Play random legal actions at one table until *until* (or its end); returns the actions acknowledged."""
    done = 0
    while time.monotonic() < until:
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
            counts = await asyncio.gather(*(play(s, until, random.Random(i)) for i, s in enumerate(boards)))
            for seats in boards:
                for seat in seats:
                    await seat.ws.close()
            return {"tables": tables, "seconds": seconds, "actions": sum(counts),
                    "actions_per_second": round(sum(counts) / seconds, 1)}  # fmt: skip
        finally:
            proc.kill()
            proc.wait()


async def flood_one(port: int, link: str, until: float, sent: list[int]) -> None:
    token = link.split("?t=", 1)[1]
    try:
        ws = await connect(f"ws://127.0.0.1:{port}/ws?t={token}", max_queue=None)
    except (InvalidStatus, OSError):
        return
    reader = asyncio.ensure_future(_drain(ws))
    message = json.dumps({"type": "act", "action": "0 mazo", "decision": 10**9})
    with contextlib.suppress(ConnectionClosed):
        while time.monotonic() < until:
            await ws.send(message)
            sent[0] += 1
            if sent[0] % 50 == 0:
                await asyncio.sleep(0)
    reader.cancel()
    await ws.close()


async def _drain(ws: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


async def latency(seconds: float, flooders: int, limits: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        proc, info = start_server(f"{tmp}/t.sqlite", 3, [] if limits else NO_LIMITS)
        try:
            port = info["port"]
            quiet = [await join(port, link) for link in info["tables"][0]["links"]]
            calm: list[float] = []
            await play(quiet, time.monotonic() + seconds / 2, random.Random(1), calm)
            # the flood comes from another process, so that it does not starve this one's probe
            link = info["tables"][1]["links"][0]
            command = [sys.executable, __file__, "--flood", str(port), link, str(seconds), str(flooders)]
            flood = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
            await asyncio.sleep(0.5)  # its connections are open
            loaded: list[float] = []
            probe = [await join(port, link) for link in info["tables"][2]["links"]]  # a fresh game
            await play(probe, time.monotonic() + seconds - 1, random.Random(2), loaded)
            sent = [int(flood.communicate(timeout=60)[0])]
            return {
                "limits": "default" if limits else "off",
                "flooding_connections": flooders,
                "flood_messages_sent": sent[0],
                "quiet_ms_median": round(statistics.median(calm) * 1000, 2),
                "flooded_ms_median": round(statistics.median(loaded) * 1000, 2),
                "flooded_ms_p95": round(statistics.quantiles(loaded, n=20)[-1] * 1000, 2),
                "flooded_actions": len(loaded),
            }
        finally:
            proc.kill()
            proc.wait()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--flooders", type=int, default=40)
    parser.add_argument("--flood", nargs=4, metavar=("PORT", "LINK", "SECONDS", "CONNECTIONS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
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

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
PROBE = 60  # actions timed at the probe table, alone and under the flood (the same seed: the same game)
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
        # no falta-envido, so that a game lasts long enough to time
        return [a for a in self.last["view"]["legal"] if not a.endswith(("rendirse", "timeout", "falta-envido"))]

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


async def play(
    seats: list[Seat], until: float, rng: random.Random, latencies: list[float] | None = None, most: int = 10**9
) -> int:
    """Play random legal actions at one table until *until*, its end or *most* actions; returns those acknowledged."""
    done = 0
    while time.monotonic() < until and done < most:
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


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--flooders", type=int, default=200)
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

"""A digest of seeded random games: the pure and the compiled build must write the same bytes.

Standard library and the installed pytruco only. For every preset and table size, *games* seeded random matches
(a uniform legal choice at every step, :func:`pytruco.random_deal` for the deals, one ``random.Random`` per game)
are played to the end or to *max-actions* actions; each game contributes its record's JSON text
(:meth:`pytruco.Record.dumps`) and the text of every event ``apply`` returned. The script prints the build it ran
(``compiled`` or ``pure``, :func:`pytruco.bench.engine_build`), one line per configuration and the SHA-256 of it
all; ``--out`` also writes the records, one JSON line per game, for a ``cmp`` or ``diff`` when digests differ.

Usage (one run per build; .ci/run compares the two last lines)::

    .venv/bin/python tools/record_digest.py --games 40
    /tmp/venv-compiled/bin/python tools/record_digest.py --games 40 --out /tmp/compiled.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from typing import TextIO

from pytruco import Record, RuleSet, apply, legal_actions, new_game, random_deal
from pytruco.bench import engine_build
from pytruco.rules import PRESET_NAMES

SEATS = (2, 4, 6)


def configurations() -> list[tuple[str, int]]:
    """Every preset at every table size it allows (``online`` is 1v1 only)."""
    return [(p, n) for p in PRESET_NAMES for n in SEATS if n <= RuleSet.preset(p).max_players]


def game_text(rules: RuleSet, seed: int, max_actions: int) -> str:
    """One seeded random game: its record's JSON, then one line per event."""
    rng = random.Random(seed)
    state = new_game(rules, rng=rng)
    lines: list[str] = []
    for _ in range(max_actions):
        if state.is_over:
            break
        item = random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        state, events = apply(state, item)
        lines.extend(repr(event) for event in events)
    return "\n".join([Record.from_state(state).dumps(), *lines])


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Play the games, print one line per configuration and the digest of all."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per preset and table size")
    parser.add_argument("--seed", type=int, default=22, help="the first game's seed (the others follow)")
    parser.add_argument("--max-actions", type=int, default=4000, help="actions at most per game")
    parser.add_argument("--out", help="also write every game's record, one JSON line each")
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    written = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115 - closed below
    try:
        out.write(f"build: {engine_build()}\n")
        for preset, seats in configurations():
            rules = RuleSet.preset(preset, players=seats)
            digest = hashlib.sha256()
            for game in range(args.games):
                text = game_text(rules, args.seed + game, args.max_actions)
                digest.update(text.encode() + b"\0")
                if written is not None:
                    written.write(text.split("\n", 1)[0] + "\n")
            total.update(digest.digest())
            out.write(f"{preset} {seats} seats: {args.games} games, sha256 {digest.hexdigest()[:16]}\n")
    finally:
        if written is not None:
            written.close()
    out.write(f"digest {total.hexdigest()} ({args.games * len(configurations())} games)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A digest of seeded random games: the pure and the compiled build must write the same bytes.

Standard library and the installed pytruco only. For every preset and table size, *games* seeded random matches
(a uniform legal choice at every step, :func:`pytruco.random_deal` for the deals, one ``random.Random`` per game)
are played to the end or to *max-actions* actions; each game contributes its record's JSON text
(:meth:`pytruco.Record.dumps`) and the text of every event ``apply`` returned. The script prints the build it ran
(``compiled`` or ``pure``, :func:`pytruco.bench.engine_build`), one line per configuration and the SHA-256 of it
all; ``--out`` also writes the records, one JSON line per game, for a ``cmp`` or ``diff`` when digests differ.

``--house`` plays the house-rule option sets of PRESETS.md §9 (:data:`HOUSE_SETS`) instead of the bare presets,
whose digest it leaves as it was.

Usage (one run per build; .ci/run compares the two last lines, for the presets and for ``--house``)::

    .venv/bin/python tools/record_digest.py --games 40
    /tmp/venv-compiled/bin/python tools/record_digest.py --games 40 --out /tmp/compiled.jsonl
    .venv/bin/python tools/record_digest.py --house --games 40
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from pytruco import Action, Deal, Event, Record, RuleSet, State, apply, legal_actions, new_game, random_deal
from pytruco.bench import engine_build
from pytruco.rules import PRESET_NAMES

SEATS = (2, 4, 6)
HOUSE_SETS: tuple[dict[str, Any], ...] = (
    {"preset": "classic", "players": 4, "flor_achico": True, "flor_flor_value": 4, "contraflor_al_resto": "game",
     "mazo_before_flor": True, "falta_envido": "malas-leader"},
    {"preset": "classic", "players": 4, "flor_achico": True, "flor_flor_value": 6, "mazo_penalty": "trick-1",
     "falta_envido": "malas-winner"},
    {"preset": "default", "flor": True, "falta_envido": "malas-winner", "flor_achico": True, "mazo_penalty": "trick-1",
     "mazo_before_flor": True},
    {"preset": "default", "players": 4, "flor": True, "falta_envido": "malas-leader", "flor_flor_value": 4,
     "contraflor_al_resto": "game"},
    {"preset": "default", "falta_envido": "malas-leader", "mano_mazo_before_acting": False, "mazo_penalty": "none"},
    {"preset": "online", "mano_mazo_before_acting": True, "mazo_penalty": "no-truco", "contraflor_al_resto": "falta",
     "flor_flor_value": 4, "falta_envido": "malas-winner"},
    {"preset": "online", "mano_mazo_before_acting": True},
    {"preset": "ladder", "falta_envido": "malas-winner", "flor_flor_value": 4, "mazo_penalty": "trick-1"},
    {"preset": "reglamento", "players": 6, "pica_pica": True, "pica_pica_schedule": "after-5", "mazo_before_flor": True,
     "contraflor_al_resto": "falta", "flor_flor_value": 4},
    {"preset": "default", "players": 6, "pica_pica": True, "pica_pica_schedule": "after-5", "mazo_penalty": "none",
     "mano_mazo_before_acting": False},
    {"preset": "default", "players": 6, "flor": True, "pica_pica": True, "pica_pica_schedule": "after-5",
     "flor_achico": True, "falta_envido": "malas-winner"},
)  # fmt: skip
"""The house-rule option sets of ``--house`` (PRESETS.md §9, issue 35's "Done means"): ``classic`` at 4 seats with
the flor options, ``default`` with ``flor: true`` and the falta options, ``online`` with the mano's opening mazo,
``reglamento`` and ``default`` at 6 seats with ``pica_pica_schedule``, and every option in at least one set."""


def configurations(house: bool = False) -> list[tuple[str, RuleSet]]:
    """Every preset at every table size it allows (``online`` is 1v1 only), or with *house* the option sets of
    :data:`HOUSE_SETS`; each with the label its line prints."""
    if house:
        return [(json.dumps(options, separators=(",", ":")), RuleSet.from_dict(options)) for options in HOUSE_SETS]
    return [
        (f"{p} {n} seats", RuleSet.preset(p, players=n))
        for p in PRESET_NAMES
        for n in SEATS
        if n <= RuleSet.preset(p).max_players
    ]


def game_steps(
    rules: RuleSet, seed: int, max_actions: int
) -> Iterator[tuple[Action | Deal | None, State, tuple[Event, ...]]]:
    """One seeded random game, step by step: the state it starts from (``None``, no events), then each deal or
    action with the state after it and its events."""
    rng = random.Random(seed)
    state = new_game(rules, rng=rng)
    yield None, state, ()
    for _ in range(max_actions):
        if state.is_over:
            break
        item = random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        state, events = apply(state, item)
        yield item, state, tuple(events)


def game_text(rules: RuleSet, seed: int, max_actions: int) -> str:
    """One seeded random game: its record's JSON, then one line per event."""
    steps = list(game_steps(rules, seed, max_actions))
    lines = [repr(event) for _, _, events in steps for event in events]
    return "\n".join([Record.from_state(steps[-1][1]).dumps(), *lines])


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Play the games, print one line per configuration and the digest of all."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per preset and table size")
    parser.add_argument("--seed", type=int, default=22, help="the first game's seed (the others follow)")
    parser.add_argument("--max-actions", type=int, default=4000, help="actions at most per game")
    parser.add_argument("--out", help="also write every game's record, one JSON line each")
    parser.add_argument("--house", action="store_true", help="play the house-rule option sets instead (HOUSE_SETS)")
    args = parser.parse_args(argv)
    configured = configurations(args.house)
    total = hashlib.sha256()
    written = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115 - closed below
    try:
        out.write(f"build: {engine_build()}\n")
        for label, rules in configured:
            digest = hashlib.sha256()
            for game in range(args.games):
                text = game_text(rules, args.seed + game, args.max_actions)
                digest.update(text.encode() + b"\0")
                if written is not None:
                    written.write(text.split("\n", 1)[0] + "\n")
            total.update(digest.digest())
            out.write(f"{label}: {args.games} games, sha256 {digest.hexdigest()[:16]}\n")
    finally:
        if written is not None:
            written.close()
    out.write(f"digest {total.hexdigest()} ({args.games * len(configured)} games)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Propose golden playthroughs (OpenSpiel's idea): seeded games written out action by action.

This is a **tool**, never run by the tests. ``tests/test_golden.py`` reads the files it wrote
(``tests/golden/playthroughs/*.json``) as fixed records: it replays each file's actions one by one and compares
what the engine under test does with what the file says. A golden file holds, for its game:

- ``rules`` and ``first_mano`` (``null`` when rock-paper-scissors decides it): how the game starts;
- ``states``: for every state, ``after`` (the action or deal that led to it, in record notation; ``null`` for the
  first), ``events`` (each event of that action: kind, seat, team, points, card, detail), ``phase``, ``score``,
  ``duel``, ``to_act``, ``legal`` (sorted notation) and ``refusals`` (a few illegal actions with the message,
  code and params of their refusal);
- ``views``: for every state, each seat's ``view(state, seat).to_json()``.

A new golden file, or a rule changed on purpose, is proposed with::

    .venv/bin/python tests/golden_gen.py NAME...     # or no name: every game of GAMES

and then **read** before it is committed (``git diff tests/golden``): the diff is the behaviour that changed, and
the commit says why. Nothing regenerates the files behind the tests' back.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from pytruco import (
    Action,
    Deal,
    Event,
    IllegalActionError,
    Kind,
    RuleSet,
    State,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    random_deal,
    view,
)

DIR = Path(__file__).resolve().parent / "golden" / "playthroughs"

# name: (preset, options, seed, hands). The games choose at random (seeded), going to the mazo rarely; the
# flor presets start from stacked deals (flor against flor, then one flor) so that flor is sung; the 3v3 game
# reaches a pica hand.
GAMES: dict[str, tuple[str, dict[str, Any], int, int]] = {
    "default-1v1": ("default", {}, 13, 4),
    "online-1v1": ("online", {}, 12, 4),
    "classic-1v1": ("classic", {}, 13, 4),
    "ladder-1v1": ("ladder", {}, 14, 4),
    "reglamento-1v1": ("reglamento", {}, 15, 4),
    "default-2v2": ("default", {"players": 4}, 16, 2),
    "classic-2v2-flor": ("classic", {"players": 4}, 19, 2),
    "default-3v3-pica": ("default", {"players": 6, "pica_pica": True}, 19, 2),
}

FLOR_DEALS = {
    2: (
        [["4C", "5C", "6C"], ["7B", "5B", "12B"]],
        [["1E", "7O", "3C"], ["3E", "6E", "11E"]],
    ),
    4: (
        [["4C", "5C", "6C"], ["7B", "5B", "12B"], ["1E", "7O", "3O"], ["2E", "6O", "11B"]],
        [["1E", "4O", "3C"], ["3E", "6E", "11E"], ["7B", "7C", "2O"], ["1O", "4B", "10C"]],
    ),
}
MAZO_ODDS = 0.1
"""How often a random choice may go to the mazo (keeps the hands long enough to show the calls)."""

REFUSALS_PER_STATE = 3


# ---------------------------------------------------------------------------------------------------------------
# What a golden file records of a state: shared by the proposer and by tests/test_golden.py (which reads the
# engine through these functions and compares with the file; it never chooses an action with them).
# ---------------------------------------------------------------------------------------------------------------


def text(item: Action | Deal) -> str:
    """*item* in the notation of a golden file's ``after`` and ``refusals[].action``."""
    if isinstance(item, Deal):
        return "deal " + " | ".join(" ".join(str(card) for card in hand) for hand in item.hands)
    return str(item)


def parse(notation: str) -> Action | Deal:
    """The action or deal written as *notation* by :func:`text`."""
    if notation.startswith("deal "):
        return Deal.parse([hand.split() for hand in notation[len("deal ") :].split(" | ")])
    return Action.parse(notation)


def refusal(state: State, item: Action | Deal) -> dict[str, Any]:
    """The refusal of *item* as a golden file keeps it (``legal: true`` when the engine accepts it)."""
    try:
        check(state, item)
    except IllegalActionError as error:
        out: dict[str, Any] = {"action": text(item), "message": str(error)}
        code = getattr(error, "code", None)
        if code is not None:
            out["code"] = code
            out["params"] = error.params
        return out
    return {"action": text(item), "legal": True}


def events(emitted: tuple[Event, ...] | list[Event]) -> list[dict[str, Any]]:
    """The events of one action, every member (``Event.to_json``)."""
    return [event.to_json() for event in emitted]


def observe(state: State) -> dict[str, Any]:
    """The members of a golden state read from the engine (all but ``after``, ``events`` and ``refusals``)."""
    return {
        "phase": state.phase.value,
        "score": list(state.score),
        "duel": state.duel,
        "to_act": list(state.to_act),
        "legal": sorted(str(a) for a in legal_actions(state)),
    }


def views(state: State) -> list[dict[str, Any]]:
    """Each seat's view of *state* as JSON."""
    return [view(state, seat).to_json() for seat in range(state.rules.players)]


def start(rules: RuleSet, first_mano: int | None) -> State:
    """The first state of a golden game."""
    return new_game(rules) if first_mano is None else new_game(rules, first_mano=first_mano)


# ---------------------------------------------------------------------------------------------------------------
# The proposer: plays a seeded game and writes what the engine does now.
# ---------------------------------------------------------------------------------------------------------------


def _candidates(state: State) -> list[Action]:
    """Actions of every kind for every seat (and one seat too many), legal or not."""
    n = state.rules.players
    out: list[Action] = []
    cards = []
    r = state.round
    if r is not None:
        cards = [hand.cards[0] for hand in r.dealt]
    for seat in range(n + 1):
        for kind in Kind:
            if kind is Kind.PLAY:
                out.extend(Action(seat, kind, card=card) for card in cards)
            elif kind is Kind.TENGO:
                out.extend(Action(seat, kind, points=points) for points in (0, 27, 33, 39))
            elif kind is Kind.RPS:
                out.append(Action.parse(f"{seat} rps piedra"))
            elif kind is not Kind.RENDIRSE:
                out.append(Action(seat, kind))
    return out


def _refusals(state: State, chooser: random.Random) -> list[dict[str, Any]]:
    illegal = [a for a in _candidates(state) if not is_legal(state, a)]
    picked = chooser.sample(illegal, min(REFUSALS_PER_STATE, len(illegal)))
    out = [refusal(state, a) for a in sorted(picked, key=str)]
    if not state.is_chance and state.rules.players == 2:
        out.append(refusal(state, Deal.parse([["1E", "2E", "3E"], ["4E", "5E", "6E"]])))
    return out


def play(name: str) -> dict[str, Any]:
    """Propose the golden record of game *name*: its actions, states, events and views as the engine gives them."""
    preset, options, seed, hands = GAMES[name]
    rules = RuleSet.preset(preset, **options)
    rng = random.Random(seed)
    chooser = random.Random(seed * 1000)  # picks the refusals; never steers the game
    first_mano = None if rules.rps_first_mano else seed % rules.players
    state = start(rules, first_mano)
    states: list[dict[str, Any]] = []
    seen: list[list[dict[str, Any]]] = []
    applied: str | None = None
    emitted: list[dict[str, Any]] = []
    while True:
        states.append({"after": applied, "events": emitted, **observe(state), "refusals": _refusals(state, chooser)})
        seen.append(views(state))
        if state.is_over or (state.is_chance and state.rounds_dealt == hands):
            break
        if state.is_chance:
            stacked = FLOR_DEALS.get(rules.players, ()) if rules.flor else ()
            dealt = state.rounds_dealt
            item: Action | Deal = Deal.parse(stacked[dealt]) if dealt < len(stacked) else random_deal(state, rng)
            if state.rounds_dealt == 0 and rules.players == 2:
                bad = Deal.parse([["1E", "1E", "3E"], ["4E", "5E", "6E"]])
                states[-1]["refusals"].append(refusal(state, bad))
        else:
            legal = legal_actions(state)
            if rng.random() >= MAZO_ODDS:
                legal = tuple(a for a in legal if a.kind is not Kind.MAZO) or legal
            item = legal[rng.randrange(len(legal))]
        state, out = apply(state, item)
        applied = text(item)
        emitted = events(out)
    return {
        "game": name,
        "rules": rules.to_dict(),
        "first_mano": first_mano,
        "proposed_by": f"tests/golden_gen.py (seed {seed}, {hands} hands)",
        "states": states,
        "views": seen,
    }


def path(name: str) -> Path:
    """The golden file of game *name*."""
    return DIR / f"{name}.json"


def dump(data: dict[str, Any]) -> str:
    """A golden file's text."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    DIR.mkdir(parents=True, exist_ok=True)
    for name in argv or list(GAMES):
        fresh = play(name)
        path(name).write_text(dump(fresh), encoding="utf-8")
        print(f"proposed {path(name)}: {len(fresh['states'])} states; read `git diff` before committing")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

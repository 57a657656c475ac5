"""Golden playthroughs (OpenSpiel's idea): fixed games written out state by state.

For each game in :data:`GAMES`, every state lists the legal actions (sorted notation), the refusal of a few
illegal actions (message, code and params) and, in a separate member, each seat's ``view(state, seat).to_json()``.
``tests/test_golden.py`` replays the same games and compares, so a change of behaviour shows up as a diff.

Regenerate everything (after a rule change made on purpose; say why in the commit)::

    .venv/bin/python tests/golden_gen.py

or only the ``views`` members (after a change of the view JSON), keeping the rest checked::

    .venv/bin/python tests/golden_gen.py --views
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


def refusal(state: State, action: Action | Deal) -> dict[str, Any]:
    """The refusal of *action* as the golden file keeps it."""
    try:
        check(state, action)
    except IllegalActionError as error:
        out: dict[str, Any] = {"action": _text(action), "message": str(error)}
        code = getattr(error, "code", None)
        if code is not None:
            out["code"] = code
            out["params"] = error.params
        return out
    raise AssertionError(f"{action} is legal")


def _text(item: Action | Deal) -> str:
    if isinstance(item, Deal):
        return "deal " + " | ".join(" ".join(str(card) for card in hand) for hand in item.hands)
    return str(item)


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


def _snapshot(state: State, chooser: random.Random) -> dict[str, Any]:
    illegal = [a for a in _candidates(state) if not is_legal(state, a)]
    picked = chooser.sample(illegal, min(REFUSALS_PER_STATE, len(illegal)))
    refusals = [refusal(state, a) for a in sorted(picked, key=str)]
    if not state.is_chance and state.rules.players == 2:
        refusals.append(refusal(state, Deal.parse([["1E", "2E", "3E"], ["4E", "5E", "6E"]])))
    return {
        "phase": state.phase.value,
        "score": list(state.score),
        "duel": state.duel,
        "to_act": list(state.to_act),
        "legal": sorted(str(a) for a in legal_actions(state)),
        "refusals": refusals,
    }


def play(name: str) -> dict[str, Any]:
    """The golden record of game *name*: its states and views."""
    preset, options, seed, hands = GAMES[name]
    rules = RuleSet.preset(preset, **options)
    rng = random.Random(seed)
    chooser = random.Random(seed * 1000)  # picks the refusals; never steers the game
    state = new_game(rules) if rules.rps_first_mano else new_game(rules, first_mano=seed % rules.players)
    states = []
    views = []
    applied: str | None = None
    while True:
        snap = _snapshot(state, chooser)
        states.append({"after": applied, **snap})
        views.append([view(state, seat).to_json() for seat in range(rules.players)])
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
        state, _ = apply(state, item)
        applied = _text(item)
    return {
        "game": name,
        "rules": rules.to_dict(),
        "seed": seed,
        "hands": hands,
        "states": states,
        "views": views,
    }


def path(name: str) -> Path:
    return DIR / f"{name}.json"


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    views_only = "--views" in argv
    DIR.mkdir(parents=True, exist_ok=True)
    for name in GAMES:
        fresh = play(name)
        if views_only and path(name).exists():
            old = json.loads(path(name).read_text())
            old["views"] = fresh["views"]
            fresh = old
        path(name).write_text(dump(fresh))
        print(
            f"{path(name).relative_to(Path.cwd()) if path(name).is_relative_to(Path.cwd()) else path(name)}: "
            f"{len(fresh['states'])} states"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""``pytruco play``: a game against a bot in the terminal.

Type the number of an action, or the action in notation without the seat
(``truco``, ``1E``, ``tengo 28``), ``?`` for help, ``q`` to quit.
"""

from __future__ import annotations

import random
import sys
from typing import TextIO

from .actions import Action, Kind
from .bots import Bot, RandomBot, SimpleBot
from .engine import apply, new_game, random_deal
from .errors import IllegalActionError, NotationError, RuleSetError
from .events import Event, EventKind
from .records import Record
from .rules import RuleSet
from .views import SeatView, view

__all__ = ["play_terminal"]

_HELP = """Type the number of an action, or its word: 1E, truco, quiero, envido, tengo 28, mazo...
  ?  this help      s  the score      q  quit (you concede)"""


def play_terminal(
    *,
    preset: str = "default",
    target: int | None = None,
    flor: bool | None = None,
    seed: int | None = None,
    seat: int = 0,
    bot: str = "simple",
    record_path: str | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play one match against a bot; returns the exit status."""
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    options: dict[str, object] = {}
    if target is not None:
        options["target"] = target
    if flor is not None:
        options["flor"] = flor
    try:
        rules = RuleSet.preset(preset, **options)
    except RuleSetError as error:
        out.write(f"pytruco play: {error}\n")
        return 1
    if rules.players != 2:
        out.write("pytruco play: the terminal game is 1v1\n")
        return 1
    rng = random.Random(seed) if seed is not None else random.Random()
    opponent: Bot = SimpleBot(rng) if bot == "simple" else RandomBot(rng)
    state = new_game(rules, rng=rng) if not rules.rps_first_mano else new_game(rules)
    out.write(f"pytruco: {rules.preset_name} rules, {rules.target} points. You are seat {seat}.\n{_HELP}\n")
    while not state.is_over:
        if state.is_chance:
            state, events = apply(state, random_deal(state, rng))
            _show_events(events, seat, out)
            continue
        if seat in state.to_act:
            seen = view(state, seat)
            _show_table(seen, out)
            action = _ask(seen, inp, out)
            if action is None:
                out.write("You leave the table.\n")
                action = Action.call(seat, Kind.RENDIRSE)
        else:
            other = next(s for s in state.to_act if s != seat)
            action = opponent.choose(view(state, other))
        try:
            state, events = apply(state, action)
        except IllegalActionError as error:
            out.write(f"  Not allowed: {error}\n")
            continue
        who = "You" if action.seat == seat else "Bot"
        out.write(f"  {who}: {_words(action)}\n")
        _show_events(events, seat, out)
    winner = state.winner
    out.write(f"Game over: {'you win' if winner == seat & 1 else 'the bot wins'} {state.score[0]}-{state.score[1]}.\n")
    if record_path:
        with open(record_path, "w", encoding="utf-8") as handle:
            handle.write(Record.from_state(state).dumps(indent=1) + "\n")
        out.write(f"Record written to {record_path}\n")
    return 0


def _words(action: Action) -> str:
    text = str(action)
    return text.split(" ", 1)[1]


def _show_table(seen: SeatView, out: TextIO) -> None:
    trick = "  ".join(f"{s}:{card}" for s, card in seen.current_trick) or "-"
    out.write(
        f"\nScore {seen.score[0]}-{seen.score[1]} | mano: seat {seen.mano} | truco level {seen.truco_level}"
        f" | on the table: {trick}\nYour cards: {' '.join(str(c) for c in seen.hand) or '-'}\n"
    )


def _ask(seen: SeatView, inp: TextIO, out: TextIO) -> Action | None:
    legal = seen.legal
    while True:
        for number, action in enumerate(legal, 1):
            out.write(f"  {number:2}) {_words(action)}\n")
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            return None
        text = line.strip()
        if text in ("q", "quit"):
            return None
        if text in ("?", "help"):
            out.write(_HELP + "\n")
            continue
        if text == "s":
            out.write(f"Score {seen.score[0]}-{seen.score[1]}\n")
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        try:
            return Action.parse(f"{seen.seat} {text}")
        except NotationError as error:
            out.write(f"  {error}\n")


def _show_events(events: tuple[Event, ...], seat: int, out: TextIO) -> None:
    for event in events:
        if event.kind in (EventKind.POINTS, EventKind.TRICK_WON, EventKind.HAND_WON, EventKind.CHICO_WON):
            out.write(f"  * {event}\n")
        elif event.kind is EventKind.DEALT:
            out.write(f"\n--- New hand (mano: seat {event.seat}) ---\n")

"""The tables of ``pytruco serve``: a table's log of actions, its decision counter and its seats' event logs.

Nothing here touches the network or the database: :mod:`pytruco.server` stores a step (:func:`advance`) and only
then puts it in memory (:meth:`Table.commit`), so memory is never ahead of the database.

A table's **log** is what the database keeps of it: one line per applied item, in order, either an action in
record notation (``"0 truco"``) or a deal as a JSON array of hands (``[["7C","6C","1E"],["5O","4O","3B"]]``).
Replaying the log from :func:`start_state` rebuilds the table exactly (:func:`rebuild`), so a table can move to
another process with its log alone.

>>> import random
>>> from pytruco.actions import Action
>>> from pytruco.rules import RuleSet
>>> from pytruco.server._table import Table, advance, rebuild, start_state
>>> rules = RuleSet.preset("default")
>>> table = Table("t1", rules, ["Ana", "Beto"], 15.0)
>>> step = advance(table.state, None, random.Random(1))  # the first deal
>>> _ = table.commit(step, actor=None)
>>> table.decision, len(table.log)
(0, 1)
>>> step = advance(table.state, Action.parse("0 envido"), random.Random(1))
>>> step.items
['0 envido']
>>> _ = table.commit(step, actor=0)
>>> table.decision
1
>>> rebuild(rules, table.log).state == table.state
True
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .._engine import State, apply, new_game, random_deal
from ..actions import Action, Deal, Kind
from ..errors import ArgumentError, IllegalActionError, NotationError, RuleSetError, quoted
from ..events import Event
from ..frontend import clock, seat_events
from ..rules import RuleSet, option_pairs
from ..text import action_label, describe_event, describe_refusal
from ..views import SeatView, view
from ._protocol import CODES, error_message, time_left_ms

__all__ = [
    "CLOCK_RANGE",
    "LOG_KEPT",
    "Step",
    "Table",
    "advance",
    "hash_token",
    "new_token",
    "parse_item",
    "rebuild",
    "start_state",
    "table_spec",
]

LOG_KEPT = 60
"""Events kept per seat for a client that (re)connects.

>>> LOG_KEPT
60
"""

NAMES = ("Ana", "Beto", "Carla", "Dani", "Eva", "Fede")

CLOCK_RANGE = (0.1, 604_800.0)
"""The seconds a table's clock may give a decision: a tenth of a second to a week.

>>> CLOCK_RANGE
(0.1, 604800.0)
"""


def hash_token(token: str) -> str:
    """What the database keeps of a seat link's token: its SHA-256, never the token.

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A fresh secret token for a link (128 bits, URL-safe).

    >>> len(new_token()) >= 22
    True
    """
    return secrets.token_urlsafe(16)


def start_state(rules: RuleSet) -> State:
    """The state a table starts from: seat 0 is first mano unless the rules draw it with rps.

    >>> start_state(RuleSet.preset("default")).is_chance
    True
    """
    return new_game(rules) if rules.rps_first_mano else new_game(rules, first_mano=0)


def parse_item(item: str) -> Action | Deal:
    """One line of a table's log: a deal (a JSON array of hands) or an action in record notation.

    >>> parse_item("0 truco")
    Action('0 truco')
    >>> parse_item('[["7C", "6C", "1E"], ["5O", "4O", "3B"]]').hands[0]
    Hand('7C 6C 1E')
    """
    if not isinstance(item, str):
        raise ArgumentError(f"a log line that is not text: {quoted(item)}")
    if item.startswith("["):
        try:
            return Deal.parse(json.loads(item))
        except (ValueError, RecursionError) as error:
            raise ArgumentError(f"a bad deal in the log: {quoted(item[:80])}") from error
    return Action.parse(item)


def _deal_item(deal: Deal) -> str:
    return json.dumps([[str(card) for card in hand] for hand in deal.hands])


class Step(NamedTuple):
    """What one action (and the deals that follow it) make: the log lines to store, the state after, the events.

    >>> Step([], start_state(RuleSet.preset("default")), []).items
    []
    """

    items: list[str]
    state: State
    events: list[Event]


def advance(state: State, action: Action | None, rng: random.Random) -> Step:
    """Apply *action* (``None``: none) to *state*, then every deal that is due; *state* is left as it was.

    Raises:
        IllegalActionError: the rules refuse *action*.

    >>> step = advance(start_state(RuleSet.preset("default")), None, random.Random(3))
    >>> len(step.items), step.state.is_chance
    (1, False)
    """
    items: list[str] = []
    events: list[Event] = []
    if action is not None:
        state, done = apply(state, action)
        items.append(str(action))
        events += done
    while state.is_chance:
        deal = random_deal(state, rng)
        state, done = apply(state, deal)
        items.append(_deal_item(deal))
        events += done
    return Step(items, state, events)


def rebuild(rules: RuleSet, log: Iterable[str]) -> Step:
    """Replay a table's *log* from :func:`start_state`; the step holds every line, the last state and no events.

    Raises:
        TrucoError: a line does not parse or the rules refuse it.

    >>> rebuild(RuleSet.preset("default"), ['[["7C", "6C", "1E"], ["5O", "4O", "3B"]]', "0 mazo"]).state.score
    (0, 2)
    """
    state = start_state(rules)
    items = list(log)
    for item in items:
        state, _ = apply(state, parse_item(item))
    return Step(items, state, [])


class Table:
    """One table in memory: its state, log, decision counter, seats' names and event logs, clock and clients.

    ``decision`` counts the actions applied (deals aside): every update names it, and an action must name the
    decision it answers. ``previous`` remembers who answered the last one, to tell a partner that it was taken.

    >>> table = Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0)
    >>> table.decision, table.state.is_chance
    (0, True)
    """

    def __init__(self, table_id: str, rules: RuleSet, names: Sequence[str], clock_s: float) -> None:
        self.id = table_id
        self.rules = rules
        self.names = list(names)
        self.clock_s = clock_s
        self.state = start_state(rules)
        self.log: list[str] = []
        self.decision = 0
        self.previous: tuple[int, int, tuple[int, ...]] | None = None
        self.logs: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in [*range(rules.players), None]}
        self.rng: random.Random = random.SystemRandom()  # deals nobody can predict
        # the clock (pytruco.server runs it and sets these): the one expiry timer, its deadline, the time left
        self.timer: Any = None
        self.deadline: float | None = None
        self.remaining = clock_s
        self.joined: set[int] = set()  # seats that have connected since the server started, or acted (the log)

    def prepare(self, seat: int | None, text: str, decision: int, confirm: bool, lang: str) -> Step | dict[str, Any]:
        """Check an ``act`` of *seat* (``None``: a spectator) and compute its step, changing nothing: the
        :class:`Step` to store and then :meth:`commit`, or the ``error`` message for the sender (in *lang*).

        >>> table = Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0)
        >>> _ = table.commit(advance(table.state, None, random.Random(1)), actor=None)
        >>> table.prepare(1, "0 envido", 0, False, "en")["code"]
        'not-your-seat'
        >>> table.prepare(0, "0 envido", 0, False, "en").items
        ['0 envido']
        """
        if seat is None:
            return error_message("spectator", CODES["spectator"][lang], text, decision)
        try:
            action = Action.parse(text)
        except NotationError as error:
            return error_message("not-an-action", describe_refusal(error, lang, self.names), text, decision)  # type: ignore[arg-type]
        if action.seat != seat:
            return error_message("not-your-seat", CODES["not-your-seat"][lang], text, decision)
        if decision != self.decision:
            code = "answered-by-partner" if self._partner_answered(seat, decision) else "stale"
            return error_message(code, CODES[code][lang], text, decision)
        if action.kind is Kind.RENDIRSE and not confirm:
            return error_message("confirm-needed", CODES["confirm-needed"][lang], text, decision)
        try:
            return advance(self.state, action, self.rng)
        except IllegalActionError as error:
            return error_message(error.code, describe_refusal(error, lang, self.names), text, decision)  # type: ignore[arg-type]

    def _partner_answered(self, seat: int, decision: int) -> bool:
        """The decision *seat* answered was taken by its partner, who could answer it too."""
        if self.previous is None:
            return False
        answered, actor, to_act = self.previous
        return answered == decision and actor != seat and actor % 2 == seat % 2 and seat in to_act

    def timeout(self) -> Step | None:
        """The step of the clock running out on the decision now (``None``: no clock runs), changing nothing.

        >>> table = Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0)
        >>> _ = table.commit(advance(table.state, None, random.Random(1)), actor=None)
        >>> table.timeout().items[0]
        '0 timeout'
        """
        action = clock(self.state).timeout
        return None if action is None else advance(self.state, action, self.rng)

    def commit(self, step: Step, actor: int | None) -> dict[int | None, list[dict[str, Any]]]:
        """Put a stored *step* in memory (*actor*: the seat that acted, ``None`` for a deal or a restore);
        returns each seat's new events (``None``: a spectator's).

        >>> table = Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0)
        >>> fresh = table.commit(advance(table.state, None, random.Random(1)), actor=None)
        >>> [event["kind"] for event in fresh[0]]
        ['dealt']
        """
        if actor is not None:
            self.previous = (self.decision, actor, self.state.to_act)
        actions = [item for item in step.items if not item.startswith("[")]
        self.decision += len(actions)
        self.joined.update(int(item.split(" ", 1)[0]) for item in actions)
        self.state = step.state
        self.log += step.items
        fresh: dict[int | None, list[dict[str, Any]]] = {}
        for seat in self.logs:
            mine = seat_events(step.state, step.events, seat)
            self.logs[seat] = (self.logs[seat] + mine)[-LOG_KEPT:]
            fresh[seat] = mine
        return fresh

    def update(self, seat: int | None, seen: SeatView, events: list[dict[str, Any]], lang: str, now: float) -> str:
        """The ``update`` message for *seat* (``None``: a spectator) in *lang*: its view *seen*, its new *events*
        each with its text, the labels of its actions and the clock (``truco-protocol/1``; its ``left_ms`` counted
        from *now*, the server's clock in seconds).

        >>> from pytruco.views import view
        >>> table = Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0)
        >>> fresh = table.commit(advance(table.state, None, random.Random(1)), actor=None)
        >>> message = json.loads(table.update(0, view(table.state, 0), fresh[0], "en", 0.0))
        >>> message["type"], message["decision"], message["concede"], message["clock"]["seats"]
        ('update', 0, '0 rendirse', [0])
        """
        entries = [{"event": data, "text": describe_event(Event.from_json(data), lang, self.names)} for data in events]  # type: ignore[arg-type]
        concede = None if seat is None or self.state.is_over else Action.parse(f"{seat} rendirse")
        labels = {str(a): action_label(a, lang) for a in (*seen.legal, *([concede] if concede else []))}  # type: ignore[arg-type]
        return json.dumps(
            {
                "type": "update",
                "table": self.id,
                "decision": self.decision,
                "view": seen.to_json(),
                "events": entries,
                "labels": labels,
                "names": self.names,
                "concede": None if concede is None else str(concede),
                "clock": {
                    "seats": list(clock(self.state).seats),
                    "deadline_ms": None if self.deadline is None else int(self.deadline * 1000),
                    "left_ms": time_left_ms(self.deadline, now),
                    "seconds": self.clock_s,
                },
            }
        )

    def updates(
        self, fresh: dict[int | None, list[dict[str, Any]]], audience: Iterable[tuple[int | None, str]], now: float
    ) -> dict[tuple[int | None, str], str]:
        """The ``update`` text for each ``(seat, language)`` of *audience*, with each seat's *fresh* events: one view
        per seat and one message per seat and language, whatever the number of connections (*now*: the server's
        clock, for the clock's ``left_ms``).

        >>> table = Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0)
        >>> fresh = table.commit(advance(table.state, None, random.Random(1)), actor=None)
        >>> list(table.updates(fresh, [(0, "en"), (0, "en"), (None, "es")], 0.0))
        [(0, 'en'), (None, 'es')]
        """
        texts: dict[tuple[int | None, str], str] = {}
        seen: dict[int | None, SeatView] = {}
        for seat, lang in audience:
            if (seat, lang) not in texts:
                if seat not in seen:
                    seen[seat] = view(self.state, seat)
                texts[seat, lang] = self.update(seat, seen[seat], fresh.get(seat, []), lang, now)
        return texts

    def restore(self, log: Iterable[str]) -> None:
        """Replay a stored *log* into this fresh table, line by line, so that every seat's recent events come back.

        Raises:
            TrucoError: a line does not parse or the rules refuse it.

        >>> table = Table("t1", RuleSet.preset("default"), ["Ana", "Beto"], 15.0)
        >>> table.restore(['[["7C", "6C", "1E"], ["5O", "4O", "3B"]]', "0 envido"])
        >>> table.decision, [event["kind"] for event in table.logs[1]]
        (1, ['dealt', 'called'])
        """
        for item in log:
            state, events = apply(self.state, parse_item(item))
            self.commit(Step([item], state, list(events)), actor=None)


def table_spec(spec: str) -> tuple[RuleSet, float | None]:
    """``PRESET[:NAME=VALUE,...]``, e.g. ``classic:players=4,target=15`` or ``classic:flor_achico=true,falta_envido=
    malas-winner``: each item is read as ``pytruco play --option NAME=VALUE`` reads it
    (:func:`pytruco.rules.option_pairs`) and the table's rules are what a record's ``rules`` naming those options
    would be (:meth:`RuleSet.from_dict`: exact JSON values, so ``flor_flor_value=4.0`` is refused); ``clock=N`` sets
    this table's seconds per decision.

    Raises:
        RuleSetError: an unknown preset or option, or a value the option refuses (the message names it).
        ArgumentError: a clock that is not a number of seconds in :data:`CLOCK_RANGE`.

    >>> rules, seconds = table_spec("classic:players=4,clock=2.5")
    >>> rules.players, seconds
    (4, 2.5)
    >>> table_spec("classic:flor_achico=true,falta_envido=malas-winner")[0].to_dict()
    {'preset': 'classic', 'falta_envido': 'malas-winner', 'flor_achico': True}
    >>> table_spec("classic:flor_flor_value=5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pytruco.errors.RuleSetError: --new 'classic:flor_flor_value=5': option 'flor_flor_value': must be 3, 4 or 6, not 5
    """
    preset, _, rest = spec.partition(":")
    items = [item for item in rest.split(",") if item]
    clocks = [item.partition("=")[2] for item in items if item.partition("=")[0] == "clock"]
    try:
        options = option_pairs(item for item in items if item.partition("=")[0] != "clock")
        rules = RuleSet.from_dict({**options, "preset": preset})
    except RuleSetError as error:
        raise RuleSetError(f"--new {quoted(spec)}: {error}") from None
    return rules, (_clock_seconds(clocks[-1]) if clocks else None)


def _clock_seconds(text: str) -> float:
    low, high = CLOCK_RANGE
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not low <= seconds <= high:  # nan and the infinities too
        raise ArgumentError(f"clock must be a number of seconds from {low:g} to {high:g}, not {quoted(text)}")
    return seconds

"""Game records (``truco-record/1``): read, write and replay them.

A record says everything needed to replay a game exactly: the rules, the
first mano, the cards dealt and every action in order (RECORDS.md).
Frontends store one to restore a table after a reconnect.

>>> from pytruco import Record, replay
>>> record = Record.loads('''{"format": "truco-record/1", "rules": "default",
...   "first_mano": 0, "hands": [{"deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]],
...   "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"]}]}''')
>>> result = replay(record)
>>> result.to_json()
{'hands': [{'points': [2, 0], 'score': [2, 0]}], 'score': [2, 0], 'chicos': [0, 0], 'winner': None, 'finished': False}
>>> Record.from_state(result.state).to_dict()["hands"][0]["actions"][:2]
['0 envido', '1 quiero']
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping
from typing import Any

import attrs

from .._engine import MAX_ACTIONS, Phase, RecordHand, State, apply, legal_actions, new_game
from ..actions import Action, Deal
from ..cards import ALL_CARDS, Card, Hand
from ..errors import IllegalActionError, NotationError, RecordError, TrucoError
from ..events import Event, EventKind
from ._json import MAX_JSON_DEPTH, MAX_RECORD_SIZE, bad_record
from ._record import MAX_HANDS, RECORD_FORMAT, Record

__all__ = [
    "MAX_ACTIONS",
    "MAX_HANDS",
    "MAX_JSON_DEPTH",
    "MAX_RECORD_SIZE",
    "RECORD_FORMAT",
    "HandSummary",
    "Record",
    "RecordHand",
    "ReplayResult",
    "replay",
]


@attrs.frozen
class HandSummary:
    """What one hand of a record scored: ``points`` per team and the ``score`` after it.

    >>> from pytruco import Action, Deal, Record, apply, new_game, replay
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 mazo"))
    >>> (summary,) = replay(Record.from_state(state)).hands
    >>> summary.points, summary.score, summary.to_json()
    ((0, 2), (0, 2), {'points': [0, 2], 'score': [0, 2]})
    """

    points: tuple[int, int]
    score: tuple[int, int]

    def to_json(self) -> dict[str, list[int]]:
        """``{"points": [...], "score": [...]}``."""
        return {"points": list(self.points), "score": list(self.score)}


@attrs.frozen
class ReplayResult:
    """The outcome of :func:`replay`: the final state and a summary per hand.

    >>> import random
    >>> from pytruco import Record, RuleSet, replay
    >>> from pytruco.bots import RandomBot, play_match
    >>> bots = [RandomBot(), RandomBot()]
    >>> final = play_match(RuleSet.preset("default"), bots, rng=random.Random(3))
    >>> result = replay(Record.from_state(final))
    >>> result.finished, result.state == final, result.to_json()["winner"] == final.winner
    (True, True, True)
    """

    state: State
    hands: tuple[HandSummary, ...]

    @property
    def finished(self) -> bool:
        """The match is over."""
        return self.state.is_over

    def to_json(self) -> dict[str, Any]:
        """The object that ``pytruco replay`` prints."""
        return {
            "hands": [hand.to_json() for hand in self.hands],
            "score": list(self.state.score),
            "chicos": list(self.state.chicos),
            "winner": self.state.winner,
            "finished": self.state.is_over,
        }


TraceLine = dict[str, Any]


def trace_line(state: State, hand: int | None, action: int) -> TraceLine:
    """One ``--trace`` line: the decision point before applying an action."""
    return {
        "hand": hand,
        "action": action,
        "to_act": list(state.to_act),
        "legal": sorted(str(a) for a in legal_actions(state)),
        "score": list(state.score),
    }


Step = tuple["int | None", "int | None", "Action | Deal | None", State, "tuple[Event, ...]"]
"""One step of :func:`replay_steps`: ``(hand, index, action, state after it, its events)``."""


def replay(
    record: Record | Mapping[str, Any] | str | bytes, *, trace: Callable[[TraceLine], None] | None = None
) -> ReplayResult:
    """Replay a record to its final state.

    Each deal and action text is read just before it is applied, so the
    error reported is the first failure in record order: an illegal action
    in hand 29 is reported before a notation error in hand 40. The walk is
    :func:`replay_steps`, which :func:`pytruco.frontend.replay_events` and
    the command line share.

    Args:
        record: a :class:`Record`, its JSON text (``str`` or ``bytes``) or
            its parsed object.
        trace: called with each decision point (the ``--trace`` lines).

    Raises:
        RecordError: the record cannot be replayed; ``kind``, ``hand`` and
            ``action`` say where (nothing after that point is applied).

    >>> import json
    >>> from pytruco import replay
    >>> record = {"format": "truco-record/1", "rules": "default", "first_mano": 0,
    ...           "hands": [{"deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]],
    ...                      "actions": ["0 truco", "1 no-quiero"]}]}
    >>> result = replay(json.dumps(record))
    >>> result.state.score, result.finished
    ((1, 0), False)
    """
    record = read_record(record)
    before = None if trace is None else (lambda state, hand, index: trace(trace_line(state, hand, index)))
    summaries: list[HandSummary] = []
    points = [0, 0]
    state: State | None = None
    for hand, index, _action, after, events in replay_steps(record, before=before):
        if index is None and hand is not None:  # a deal: the hand before it is over
            if state is not None and state.rounds_dealt:
                summaries.append(HandSummary((points[0], points[1]), state.score))
            points = [0, 0]
        for event in events:
            if event.kind is EventKind.POINTS and event.team is not None:
                points[event.team] += event.points
        state = after
    assert state is not None
    if state.rounds_dealt:
        summaries.append(HandSummary((points[0], points[1]), state.score))
    if trace is not None:
        _trace_end(state, record, trace)
    return ReplayResult(state, tuple(summaries))


def read_record(record: Record | Mapping[str, Any] | str | bytes) -> Record:
    """*record* as a :class:`Record`: given as one, as its JSON text (``str`` or ``bytes``) or its parsed object.

    >>> read_record(b'{"format": "truco-record/1", "rules": "default", "first_mano": 1, "hands": []}').first_mano
    1
    """
    if isinstance(record, Record):
        return record
    if isinstance(record, (str, bytes, bytearray)):
        return Record.loads(record)
    return Record.from_dict(record)


def replay_steps(
    record: Record | Mapping[str, Any] | str | bytes, *, before: Callable[[State, int | None, int], None] | None = None
) -> Iterator[Step]:
    """Walk *record* step by step: the one replay loop, behind :func:`replay`, :func:`pytruco.frontend.replay_events`
    and ``pytruco replay``, ``events`` and ``view``.

    The first step is the starting state (its action ``None``); then each
    deal (index ``None``) and each action, with the state after it and its
    events. *before* is called with the state, hand and index before each
    action is read and applied (the ``--trace`` decision points).

    Raises:
        RecordError: where the record cannot be replayed, as :func:`replay` says.

    >>> record = {"format": "truco-record/1", "rules": "default", "first_mano": 0,
    ...           "hands": [{"deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "actions": ["0 mazo"]}]}
    >>> [(hand, index, [event.kind.value for event in events]) for hand, index, _, _, events in replay_steps(record)]
    [(None, None, []), (0, None, ['dealt']), (0, 0, ['folded', 'hand-won', 'points', 'points', 'hand-ended'])]
    """
    record = read_record(record)
    try:
        state = new_game(record.rules, first_mano=record.first_mano, score=record.score, chicos=record.chicos)
    except TrucoError as error:
        raise bad_record(str(error)) from None
    yield None, None, None, state, ()
    known: dict[str, Action] = {}  # texts repeat a lot: each distinct one is parsed once
    state = yield from _action_steps(state, record.pre, None, known, before)
    players = record.rules.players
    for h, hand in enumerate(record.hands):
        deal = _read_deal(hand.deal, players, h)
        _check_dealable(state, h)  # the one place for a hand listed at the wrong time
        state, events = apply(state, deal)
        yield h, None, deal, state, events
        state = yield from _action_steps(state, hand.actions, h, known, before)


def _action_steps(
    state: State,
    texts: tuple[str, ...],
    hand: int | None,
    known: dict[str, Action],
    before: Callable[[State, int | None, int], None] | None,
) -> Generator[Step, None, State]:
    """The steps of the actions *texts* of *hand* (``None``: ``pre``), each read just before it is applied;
    returns the state after the last."""
    for index, text in enumerate(texts):
        if before is not None:
            before(state, hand, index)
        action = _read_action(text, known, hand, index)
        state, events = _step(state, action, text, hand, index)
        yield hand, index, action, state, events
    return state


def _trace_end(state: State, record: Record, trace: Callable[[TraceLine], None]) -> None:
    """The last decision point of a replay that stops mid-draw or mid-hand."""
    if state.phase is Phase.RPS:  # the draw is waiting for a choice
        trace(trace_line(state, None, len(record.pre)))
    elif state.phase is Phase.PLAY and record.hands:
        trace(trace_line(state, len(record.hands) - 1, len(record.hands[-1].actions)))


def _check_dealable(state: State, h: int) -> None:
    """Refuse hand *h* of a record unless the table waits for a deal: a hand
    listed after the match is over, or while the previous one is unfinished,
    is a ``bad-record`` whether or not it has actions (RECORDS.md)."""
    if state.phase is Phase.OVER:
        raise bad_record(f"hand {h} is listed after the match is over")
    if state.phase is not Phase.DEAL:
        where = "the rock-paper-scissors draw" if state.phase is Phase.RPS else f"hand {h - 1}"
        raise bad_record(f"hand {h} is listed while {where} is unfinished")


def _read_action(text: str, known: dict[str, Action], hand: int | None, index: int) -> Action:
    """The action of *text* (a ``bad-notation`` error of that place when it is not notation)."""
    action = known.get(text)
    if action is None:
        try:
            action = known[text] = Action.parse(text)
        except NotationError as error:
            raise RecordError("bad-notation", str(error), hand=hand, action=index, text=text) from None
    return action


_CARD_TEXTS: dict[str, Card] = {
    text: card for card in ALL_CARDS for text in (str(card), str(card).lower())
}  # the two spellings of every card (only the suit letter has a case)


def _read_deal(texts: tuple[tuple[str, ...], ...], players: int, h: int) -> Deal:
    """A record's deal, checked against the table: one hand of three
    distinct cards per seat (else a ``bad-deal`` of hand *h*, with the
    message :meth:`Deal.parse` and :func:`apply` would give)."""
    hands = [tuple(map(_CARD_TEXTS.get, seat)) for seat in texts]
    if not all(map(all, hands)):  # a text that is not a card (a Card is always true)
        try:
            Deal.parse(texts)
        except NotationError as error:
            raise RecordError("bad-deal", f"hand {h}: {error}", hand=h) from None
    problem = None
    if len(hands) != players:
        problem = f"the deal gives cards to {len(hands)} seats, the table has {players}"
    else:
        seen = 0  # a bit per card index
        for seat, hand in enumerate(hands):
            if len(hand) != 3:
                problem = f"seat {seat} is dealt {len(hand)} cards, not 3"
                break
            for card in hand:
                bit = 1 << card.index  # type: ignore[union-attr]
                if seen & bit:
                    problem = f"card {card} is dealt twice"
                    break
                seen |= bit
            if problem:
                break
    if problem:
        raise RecordError("bad-deal", f"hand {h}: {problem}", hand=h)
    return Deal._of(tuple(Hand._of(hand) for hand in hands))  # type: ignore[arg-type]


def _step(state: State, action: Action, text: str, hand: int | None, index: int) -> tuple[State, tuple[Event, ...]]:
    try:
        return apply(state, action)
    except IllegalActionError as error:
        raise RecordError("illegal-action", str(error), hand=hand, action=index, text=text) from None

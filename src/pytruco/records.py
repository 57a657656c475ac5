"""Game records (``truco-record/1``): read, write and replay them.

A record says everything needed to replay a game exactly: the rules, the
first mano, the cards dealt and every action in order (RECORDS.md).
Frontends store one to restore a table after a reconnect.

>>> from pytruco import Record, replay
>>> record = Record.from_json('''{"format": "truco-record/1", "rules": "default",
...   "first_mano": 0, "hands": [{"deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]],
...   "actions": ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"]}]}''')
>>> result = replay(record)
>>> result.to_json()
{'hands': [{'points': [2, 0], 'score': [2, 0]}], 'score': [2, 0], 'chicos': [0, 0], 'winner': None, 'finished': False}
>>> Record.from_state(result.state).to_json()["hands"][0]["actions"][:2]
['0 envido', '1 quiero']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .actions import Action, Deal
from .cards import ALL_CARDS, Card, Hand
from .engine import apply, legal_actions, new_game
from .errors import IllegalActionError, NotationError, RecordError, TrucoError
from .events import Event, EventKind
from .gamerecord import FORMAT, MAX_HANDS, Record
from .history import MAX_ACTIONS, RecordHand
from .recordjson import MAX_JSON_DEPTH, MAX_RECORD_SIZE, FrozenMeta, bad_record
from .state import Phase, State

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_HANDS",
    "MAX_JSON_DEPTH",
    "MAX_RECORD_SIZE",
    "HandSummary",
    "Record",
    "RecordHand",
    "ReplayResult",
    "replay",
]

# A record's meta is pickled as pytruco.records.FrozenMeta (see recordjson.py); pickles made before the split name
# it _FrozenMeta, so that name stays here for them to load.
_FrozenMeta = FrozenMeta


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
    >>> bots = [RandomBot(random.Random(1)), RandomBot(random.Random(2))]
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


def replay(
    record: Record | Mapping[str, Any] | str | bytes, *, trace: Callable[[TraceLine], None] | None = None
) -> ReplayResult:
    """Replay a record to its final state.

    Before applying anything, one cheap pass reads every deal and every
    action text of the record (stopping at the first that is not a deal or
    not notation); then the actions are applied in order. The error
    reported is the first failure in record order, exactly as if each item
    were read just before it is applied: an illegal action in hand 29 is
    reported before a notation error in hand 40.

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
    if isinstance(record, (str, bytes, bytearray)):
        record = Record.from_json(record)
    elif not isinstance(record, Record):
        record = Record.from_dict(record)
    try:
        state = new_game(record.rules, first_mano=record.first_mano, score=record.score, chicos=record.chicos)
    except TrucoError as error:
        raise bad_record(str(error)) from None
    pre, plan, failure = _read_ahead(record)
    state = _play_pre(state, pre, record.pre, trace)
    if failure is not None and failure.hand is None:  # a pre action that is not notation
        if trace is not None and failure.action is not None:
            trace(trace_line(state, None, failure.action))
        raise failure
    summaries: list[HandSummary] = []
    for h, (deal, actions) in enumerate(plan):
        texts = record.hands[h].actions
        _check_dealable(state, h)
        state, points = _play_hand(state, deal, actions, texts, h, trace)
        if failure is not None and failure.hand == h and failure.action is not None:
            if trace is not None:
                trace(trace_line(state, h, failure.action))
            raise failure  # the first action of this hand that is not notation
        summaries.append(HandSummary((points[0], points[1]), state.score))
    if failure is not None:  # the first deal that is not a deal, after the hands before it
        raise failure
    if trace is not None:
        _trace_end(state, record, trace)
    return ReplayResult(state, tuple(summaries))


def _play_pre(
    state: State, pre: list[Action], texts: tuple[str, ...], trace: Callable[[TraceLine], None] | None
) -> State:
    """Apply the record's actions before the first deal (the rock-paper-scissors draw)."""
    for index, action in enumerate(pre):
        if trace is not None:
            trace(trace_line(state, None, index))
        state = _step(state, action, texts[index], None, index)[0]
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


def _play_hand(
    state: State,
    deal: Deal,
    actions: list[Action],
    texts: tuple[str, ...],
    h: int,
    trace: Callable[[TraceLine], None] | None,
) -> tuple[State, list[int]]:
    """Deal hand *h* and apply its actions; the state after them and the points each team won."""
    state, events = apply(state, deal)
    points = [0, 0]
    for index, action in enumerate(actions):
        if trace is not None:
            trace(trace_line(state, h, index))
        state, events = _step(state, action, texts[index], h, index)
        for event in events:
            if event.kind is EventKind.POINTS and event.team is not None:
                points[event.team] += event.points
    return state, points


_Plan = list[tuple[Deal, list[Action]]]


def _read_ahead(record: Record) -> tuple[list[Action], _Plan, RecordError | None]:
    """Read every action and deal of *record* in order, up to the first that
    is not notation or not a deal: ``(pre actions, [(deal, actions)], that
    failure or None)``. Nothing is applied here, so the failure is only
    reported once replay reaches it (an earlier illegal action comes first).
    Texts repeat a lot, so each distinct one is parsed once."""
    players = record.rules.players
    known: dict[str, Action] = {}
    pre, failure = _read_texts(record.pre, known, None)
    plan: _Plan = []
    if failure is not None:
        return pre, plan, failure
    for h, hand in enumerate(record.hands):
        try:
            deal = _read_deal(hand.deal, players, h)
        except RecordError as bad_deal:
            return pre, plan, bad_deal
        actions, failure = _read_texts(hand.actions, known, h)
        plan.append((deal, actions))
        if failure is not None:
            return pre, plan, failure
    return pre, plan, None


def _read_texts(
    texts: tuple[str, ...], known: dict[str, Action], hand: int | None
) -> tuple[list[Action], RecordError | None]:
    """The actions of *texts*, up to the first that is not notation (and that failure)."""
    found = list(map(known.get, texts))  # texts seen before: one dictionary lookup each
    if all(found):  # an Action is always true
        return found, None  # type: ignore[return-value]
    for index, seen in enumerate(found):
        if seen is None:
            text = texts[index]
            try:
                action = Action.parse(text)
            except NotationError as error:
                failure = RecordError("bad-notation", str(error), hand=hand, action=index, text=text)
                return found[:index], failure  # type: ignore[return-value]
            known[text] = found[index] = action
    return found, None  # type: ignore[return-value]


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

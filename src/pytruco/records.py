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

import json
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .actions import Action, Deal
from .engine import apply, legal_actions, new_game
from .errors import IllegalActionError, NotationError, RecordError, RuleSetError
from .events import Event, EventKind
from .rules import RuleSet
from .state import Phase, State

__all__ = ["FORMAT", "HandSummary", "Record", "RecordHand", "ReplayResult", "replay"]

FORMAT = "truco-record/1"
"""The value of a record's ``format`` member.

>>> from pytruco import FORMAT, Record, new_game
>>> FORMAT
'truco-record/1'
>>> Record.from_state(new_game("default", first_mano=0)).to_dict()["format"] == FORMAT
True
"""


@attrs.frozen
class RecordHand:
    """One hand of a record: the deal (card texts per seat) and the action texts.

    >>> from pytruco import Action, Deal, Record, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> (hand,) = Record.from_state(state).hands
    >>> hand.deal, hand.actions
    ((('7C', '6C', '1E'), ('5O', '4O', '3B')), ('0 truco',))
    """

    deal: tuple[tuple[str, ...], ...]
    actions: tuple[str, ...]


@attrs.frozen
class Record:
    """A game record. Actions are kept as text, so that replay can say
    exactly which one is wrong; build one with :meth:`from_json`,
    :meth:`from_dict` or :meth:`from_state`.

    >>> from pytruco import Action, Deal, Record, apply, new_game, replay
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 envido"))
    >>> text = Record.from_state(state).dumps()
    >>> record = Record.from_json(text)
    >>> record.hands[0].actions, replay(record).state == state
    (('0 envido',), True)
    """

    rules: RuleSet
    first_mano: int | None = None
    score: tuple[int, int] = (0, 0)
    chicos: tuple[int, int] = (0, 0)
    pre: tuple[str, ...] = ()
    hands: tuple[RecordHand, ...] = ()
    meta: Mapping[str, Any] = attrs.field(factory=dict)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record from JSON text.

        Raises:
            RecordError: kind ``bad-record`` for invalid JSON or members.
        """
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as error:
            raise RecordError("bad-record", f"invalid JSON: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record from its parsed JSON object (see :meth:`from_json`)."""
        if not isinstance(data, dict):
            raise _bad("a record is a JSON object")
        if "format" not in data:
            raise _bad("missing member 'format'")
        if data["format"] != FORMAT:
            raise _bad(f"unknown format {data['format']!r} (expected {FORMAT!r})")
        if "rules" not in data:
            raise _bad("missing member 'rules'")
        try:
            rules = RuleSet.from_dict(data["rules"])
        except RuleSetError as error:
            raise _bad(f"rules: {error}") from None
        first_mano = data.get("first_mano")
        pre = data.get("pre", [])
        if not isinstance(pre, list) or not all(isinstance(t, str) for t in pre):
            raise _bad("'pre' must be a list of action texts")
        if first_mano is not None:
            if not isinstance(first_mano, int) or isinstance(first_mano, bool) or not 0 <= first_mano < rules.players:
                raise _bad(f"'first_mano' must be a seat from 0 to {rules.players - 1}, not {first_mano!r}")
            if pre:
                raise _bad("a record gives 'first_mano' or rock-paper-scissors 'pre' actions, not both")
        elif not rules.rps_first_mano:
            raise _bad("missing member 'first_mano'")
        score = _pair(data, "score")
        chicos = _pair(data, "chicos")
        if max(score) >= rules.target:
            raise _bad(f"the starting score {list(score)} already reaches the target {rules.target}")
        if rules.chicos_to_win == 1 and chicos != (0, 0):
            raise _bad(f"'chicos' {list(chicos)}: {rules.preset_name} plays one game, not a partido of chicos")
        if rules.chicos_to_win > 1 and max(chicos) >= rules.chicos_to_win:
            raise _bad(f"the starting chicos {list(chicos)} already win the match")
        if "hands" not in data:
            raise _bad("missing member 'hands'")
        raw_hands = data["hands"]
        if not isinstance(raw_hands, list):
            raise _bad("'hands' must be a list")
        hands = []
        for index, hand in enumerate(raw_hands):
            if not isinstance(hand, dict) or "deal" not in hand or "actions" not in hand:
                raise _bad(f"hand {index} must be an object with 'deal' and 'actions'")
            deal, actions = hand["deal"], hand["actions"]
            if not isinstance(actions, list) or not all(isinstance(t, str) for t in actions):
                raise _bad(f"hand {index}: 'actions' must be a list of action texts")
            if not isinstance(deal, list) or not all(
                isinstance(seat, list) and all(isinstance(c, str) for c in seat) for seat in deal
            ):
                raise RecordError("bad-deal", f"hand {index}: 'deal' must be a list of card lists", hand=index)
            hands.append(RecordHand(tuple(tuple(seat) for seat in deal), tuple(actions)))
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise _bad("'meta' must be an object")
        return cls(rules, first_mano, score, chicos, tuple(pre), tuple(hands), meta)

    @classmethod
    def from_state(cls, state: State, meta: Mapping[str, Any] | None = None) -> Record:
        """The record of everything that happened to reach *state*."""
        pre: list[str] = []
        hands: list[RecordHand] = []
        current: list[str] | None = None
        deal: Deal | None = None
        for item in state.history:
            if isinstance(item, Deal):
                if deal is not None and current is not None:
                    hands.append(RecordHand(_deal_texts(deal), tuple(current)))
                deal, current = item, []
            elif current is None:
                pre.append(str(item))
            else:
                current.append(str(item))
        if deal is not None and current is not None:
            hands.append(RecordHand(_deal_texts(deal), tuple(current)))
        # The first mano is written unless rock-paper-scissors chooses (or is choosing) it.
        by_rps = state.rules.rps_first_mano and (bool(pre) or state.phase is Phase.RPS)
        first_mano = None if by_rps else state._start_mano
        return cls(
            state.rules,
            first_mano,
            state._start_score,
            state._start_chicos,
            tuple(pre),
            tuple(hands),
            dict(meta or {}),
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready object."""
        rules = self.rules.to_dict()
        out: dict[str, Any] = {
            "format": FORMAT,
            "rules": rules["preset"] if len(rules) == 1 else rules,
        }
        if self.first_mano is not None:
            out["first_mano"] = self.first_mano
        if self.score != (0, 0):
            out["score"] = list(self.score)
        if self.chicos != (0, 0):
            out["chicos"] = list(self.chicos)
        if self.pre:
            out["pre"] = list(self.pre)
        out["hands"] = [{"deal": [list(seat) for seat in h.deal], "actions": list(h.actions)} for h in self.hands]
        if self.meta:
            out["meta"] = dict(self.meta)
        return out

    def to_json(self) -> dict[str, Any]:
        """Alias of :meth:`to_dict`."""
        return self.to_dict()

    def dumps(self, **kwargs: Any) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), **kwargs)


def _deal_texts(deal: Deal) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(str(card) for card in hand) for hand in deal.hands)


def _bad(message: str) -> RecordError:
    return RecordError("bad-record", message)


def _pair(data: Mapping[str, Any], name: str) -> tuple[int, int]:
    value = data.get(name, [0, 0])
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise _bad(f"{name!r} must be a list of two whole numbers >= 0, not {value!r}")
    return (value[0], value[1])


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
    record: Record | Mapping[str, Any] | str, *, trace: Callable[[TraceLine], None] | None = None
) -> ReplayResult:
    """Replay a record to its final state.

    Args:
        record: a :class:`Record`, its JSON text or its parsed object.
        trace: called with each decision point (the ``--trace`` lines).

    Raises:
        RecordError: the record cannot be replayed; ``kind``, ``hand`` and
            ``action`` say where (nothing after that point is applied).

    >>> import json
    >>> from pytruco import replay
    >>> record = {"format": "truco-record/1", "rules": {"preset": "default"}, "first_mano": 0,
    ...           "hands": [{"deal": [["7C", "6C", "1E"], ["5O", "4O", "3B"]],
    ...                      "actions": ["0 truco", "1 no-quiero"]}]}
    >>> result = replay(json.dumps(record))
    >>> result.state.score, result.finished
    ((1, 0), False)
    """
    if isinstance(record, str):
        record = Record.from_json(record)
    elif not isinstance(record, Record):
        record = Record.from_dict(record)
    try:
        state = new_game(record.rules, first_mano=record.first_mano, score=record.score, chicos=record.chicos)
    except ValueError as error:
        raise _bad(str(error)) from None
    for index, text in enumerate(record.pre):
        if trace is not None:
            trace(trace_line(state, None, index))
        state = _step(state, text, None, index)[0]
    summaries: list[HandSummary] = []
    for h, hand in enumerate(record.hands):
        try:
            deal = Deal.parse(hand.deal)
        except NotationError as error:
            raise RecordError("bad-deal", f"hand {h}: {error}", hand=h) from None
        problem = _deal_shape(state, deal)
        if problem:
            raise RecordError("bad-deal", f"hand {h}: {problem}", hand=h)
        if state.phase is Phase.OVER:
            if hand.actions:
                raise RecordError(
                    "illegal-action",
                    f"the match is over: {hand.actions[0]!r} cannot be played",
                    hand=h,
                    action=0,
                    text=hand.actions[0],
                )
            raise _bad(f"hand {h} is listed after the match is over")
        if state.phase is not Phase.DEAL:
            where = "the rock-paper-scissors draw" if state.phase is Phase.RPS else f"hand {h - 1}"
            raise _bad(f"hand {h} is listed while {where} is unfinished")
        state, events = apply(state, deal)
        points = [0, 0]
        for index, text in enumerate(hand.actions):
            if trace is not None:
                trace(trace_line(state, h, index))
            state, events = _step(state, text, h, index)
            for event in events:
                if event.kind is EventKind.POINTS and event.team is not None:
                    points[event.team] += event.points
        summaries.append(HandSummary((points[0], points[1]), state.score))
    if trace is not None:
        if state.phase is Phase.RPS:  # the draw is waiting for a choice
            trace(trace_line(state, None, len(record.pre)))
        elif state.phase is Phase.PLAY and record.hands:
            trace(trace_line(state, len(record.hands) - 1, len(record.hands[-1].actions)))
    return ReplayResult(state, tuple(summaries))


def _deal_shape(state: State, deal: Deal) -> str | None:
    from .deal import _deal_problem

    return _deal_problem(state, deal)


def _step(state: State, text: str, hand: int | None, index: int) -> tuple[State, tuple[Event, ...]]:
    try:
        action = Action.parse(text)
    except NotationError as error:
        raise RecordError("bad-notation", str(error), hand=hand, action=index, text=text) from None
    try:
        return apply(state, action)
    except IllegalActionError as error:
        raise RecordError("illegal-action", str(error), hand=hand, action=index, text=text) from None

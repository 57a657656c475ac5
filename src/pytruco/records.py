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
import math
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from .actions import Action, Deal
from .cards import ALL_CARDS, Card, Hand
from .engine import apply, legal_actions, new_game
from .errors import IllegalActionError, NotationError, RecordError, RuleSetError, TrucoError, quoted
from .events import Event, EventKind
from .history import MAX_ACTIONS, RecordHand, all_text, as_tuple
from .rules import RuleSet, check_start
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

FORMAT = "truco-record/1"
"""The value of a record's ``format`` member.

>>> from pytruco import FORMAT, Record, new_game
>>> FORMAT
'truco-record/1'
>>> Record.from_state(new_game("default", first_mano=0)).to_dict()["format"] == FORMAT
True
"""

MAX_RECORD_SIZE = 16 * 1024 * 1024
"""The longest record :meth:`Record.from_json` reads: 16 MiB (bytes, or
characters of a ``str``). A whole ``reglamento`` partido takes a few dozen KB.

>>> from pytruco.records import MAX_RECORD_SIZE, Record
>>> Record.from_json(" " * (MAX_RECORD_SIZE + 1))
Traceback (most recent call last):
...
pytruco.errors.RecordError: the record is larger than 16777216 characters
"""
MAX_HANDS = 50_000
"""The most hands a record may list (a real match has a few hundred at most).

>>> from pytruco.records import MAX_HANDS
>>> MAX_HANDS
50000
"""
MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects in a record (``meta`` included);
the record itself needs 5.

>>> from pytruco.records import Record
>>> text = '{"format": "truco-record/1", "meta": {"x": ' + "[" * 40 + "]" * 40 + "}}"
>>> Record.from_json(text)
Traceback (most recent call last):
...
pytruco.errors.RecordError: invalid JSON: nested deeper than 32 levels
"""
_MAX_DIGITS = 4300
"""JSON numbers with more digits are refused (Python's own limit for ``int``)."""


class _FrozenMeta(Mapping[str, Any]):
    """A read-only, hashable copy of a record's ``meta`` object: objects
    become read-only mappings and lists become tuples."""

    __slots__ = ("_hash", "_items")

    def __init__(self, items: dict[str, Any]) -> None:
        self._items = items
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __repr__(self) -> str:
        return repr(self._items)

    def thaw(self) -> dict[str, Any]:
        """A plain ``dict`` (with lists) equal to the JSON it was read from."""
        return {key: _thaw(value) for key, value in self._items.items()}


def _thaw(value: Any) -> Any:
    if isinstance(value, _FrozenMeta):
        return value.thaw()
    if isinstance(value, tuple):
        return [_thaw(item) for item in value]
    return value


def _freeze_meta(meta: Any) -> _FrozenMeta:
    """Copy *meta* into a :class:`_FrozenMeta`, refusing what JSON cannot say
    (non-text keys, NaN, other types) and nesting deeper than the limit."""
    if isinstance(meta, _FrozenMeta):
        return meta
    if not isinstance(meta, Mapping):
        raise _bad(f"'meta' must be an object, not {quoted(meta)}")
    return _freeze(meta, 2)  # type: ignore[no-any-return]


def _freeze(value: Any, depth: int) -> Any:
    # Recursion is bounded by MAX_JSON_DEPTH, far below Python's limit.
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        if value.bit_length() > _MAX_DIGITS * 3:
            raise _bad(f"'meta' holds a number of more than {_MAX_DIGITS} digits")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _bad(f"'meta' holds {value!r}, which JSON cannot represent")
        return value
    if depth > MAX_JSON_DEPTH:
        raise _bad(f"'meta' is nested deeper than {MAX_JSON_DEPTH} levels")
    if isinstance(value, Mapping):
        items = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise _bad(f"'meta' keys must be text, not {quoted(key)}")
            items[key] = _freeze(item, depth + 1)
        return _FrozenMeta(items)
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(item, depth + 1) for item in value)
    raise _bad(f"'meta' holds {quoted(value)}, which is not JSON")


def _check_texts(name: str, texts: Any) -> None:
    if not isinstance(texts, tuple) or not all_text(texts):
        raise _bad(f"{name!r} must be a list of action texts, not {quoted(texts)}")
    if len(texts) > MAX_ACTIONS:
        raise _bad(f"{name!r} lists {len(texts)} actions, more than {MAX_ACTIONS}")


@attrs.frozen
class Record:
    """A game record. Actions are kept as text, so that replay can say
    exactly which one is wrong; build one with :meth:`from_json`,
    :meth:`from_dict` or :meth:`from_state`.

    A record is a frozen, hashable value: ``meta`` is a read-only copy of
    the object given (objects become read-only mappings, lists tuples;
    :meth:`to_dict` gives plain JSON back). Every field is checked when the
    record is built; a bad one raises a ``bad-record`` :class:`~pytruco.RecordError`.

    >>> record = Record(RuleSet.preset("default"), first_mano=0, meta={"players": ["Ana", "Beto"]})
    >>> record.meta["players"]
    ('Ana', 'Beto')
    >>> hash(record) == hash(Record.from_json(record.dumps()))
    True

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
    score: tuple[int, int] = attrs.field(default=(0, 0), converter=as_tuple)
    chicos: tuple[int, int] = attrs.field(default=(0, 0), converter=as_tuple)
    pre: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    hands: tuple[RecordHand, ...] = attrs.field(default=(), converter=as_tuple)
    meta: Mapping[str, Any] = attrs.field(factory=dict, converter=_freeze_meta)

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        if not isinstance(rules, RuleSet):
            raise _bad(f"'rules' must be a RuleSet, not {quoted(rules)}")
        _check_texts("pre", self.pre)
        if self.first_mano is not None and self.pre:
            raise _bad("a record gives 'first_mano' or rock-paper-scissors 'pre' actions, not both")
        if self.first_mano is None and not rules.rps_first_mano:
            raise _bad("missing member 'first_mano'")
        try:
            _, score, chicos = check_start(rules, self.first_mano, self.score, self.chicos)
        except TrucoError as error:
            raise _bad(str(error)) from None
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "chicos", chicos)
        hands = self.hands
        if not isinstance(hands, tuple) or not all(hand.__class__ is RecordHand for hand in hands):
            raise _bad(f"'hands' must be a list of RecordHands, not {quoted(hands)}")
        if len(hands) > MAX_HANDS:
            raise _bad(f"the record lists {len(hands)} hands, more than {MAX_HANDS}")

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record from JSON text (a ``str``, or UTF-8 ``bytes``).

        The reader is strict: a leading UTF-8 byte-order mark is skipped
        (in ``str`` and ``bytes`` alike), but ``NaN`` and ``Infinity``,
        numbers of more than 4,300 digits, an object with the same member
        twice, nesting deeper than :data:`MAX_JSON_DEPTH` and text longer
        than :data:`MAX_RECORD_SIZE` are refused.

        Raises:
            RecordError: kind ``bad-record`` for invalid JSON or members.

        >>> Record.from_json('{"format": "truco-record/1", "format": "x"}')
        Traceback (most recent call last):
        ...
        pytruco.errors.RecordError: invalid JSON: member 'format' appears twice in one object
        """
        if isinstance(text, (bytes, bytearray)):
            if len(text) > MAX_RECORD_SIZE:
                raise _bad(f"the record is larger than {MAX_RECORD_SIZE} bytes")
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as error:
                raise _bad(f"the record is not UTF-8 text (byte {error.start} is not UTF-8)") from None
        elif not isinstance(text, str):
            raise _bad(f"a record is JSON text (str or bytes), not {quoted(text)}")
        if len(text) > MAX_RECORD_SIZE:
            raise _bad(f"the record is larger than {MAX_RECORD_SIZE} characters")
        if text.startswith("\ufeff"):
            text = text[1:]
        try:
            data = json.loads(
                text,
                object_pairs_hook=_json_object,
                parse_constant=_json_constant,
                parse_float=_json_float,
                parse_int=_json_int,
            )
        except _JsonProblem as problem:
            raise _bad(f"invalid JSON: {problem}") from None
        except RecursionError:
            raise _bad(f"invalid JSON: nested deeper than {MAX_JSON_DEPTH} levels") from None
        except ValueError as error:  # json.JSONDecodeError: the message has no input text
            raise _bad(f"invalid JSON: {error}") from None
        if _too_deep(data):
            raise _bad(f"invalid JSON: nested deeper than {MAX_JSON_DEPTH} levels")
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record from its parsed JSON object (see :meth:`from_json`).

        Members of the wrong JSON type anywhere (a deal that is not a list of
        card-text lists, actions that are not a list of texts, ...) are a
        ``bad-record``, found before anything is replayed.
        """
        if not isinstance(data, dict):
            raise _bad(f"a record is a JSON object, not {quoted(data)}")
        if "format" not in data:
            raise _bad("missing member 'format'")
        if data["format"] != FORMAT:
            raise _bad(f"unknown format {quoted(data['format'])} (expected {FORMAT!r})")
        if "rules" not in data:
            raise _bad("missing member 'rules'")
        try:
            rules = RuleSet.from_dict(data["rules"])
        except RuleSetError as error:
            raise _bad(f"rules: {error}") from None
        first_mano = data.get("first_mano")
        pre = data.get("pre", [])
        if not isinstance(pre, list):
            raise _bad(f"'pre' must be a list of action texts, not {quoted(pre)}")
        if first_mano is not None and (first_mano.__class__ is not int or not 0 <= first_mano < rules.players):
            raise _bad(f"'first_mano' must be a seat from 0 to {rules.players - 1}, not {quoted(first_mano)}")
        score = _pair(data, "score")
        chicos = _pair(data, "chicos")
        if "hands" not in data:
            raise _bad("missing member 'hands'")
        raw_hands = data["hands"]
        if not isinstance(raw_hands, list):
            raise _bad(f"'hands' must be a list, not {quoted(raw_hands)}")
        if len(raw_hands) > MAX_HANDS:
            raise _bad(f"the record lists {len(raw_hands)} hands, more than {MAX_HANDS}")
        hands = []
        for index, hand in enumerate(raw_hands):
            if not isinstance(hand, dict) or "deal" not in hand or "actions" not in hand:
                raise _bad(f"hand {index} must be an object with 'deal' and 'actions'")
            deal, actions = hand["deal"], hand["actions"]
            if not isinstance(actions, list):
                raise _bad(f"hand {index}: 'actions' must be a list of action texts, not {quoted(actions)}")
            if not isinstance(deal, list) or not all(isinstance(seat, list) for seat in deal):
                raise _bad(f"hand {index}: 'deal' must be a list of card-text lists, one per seat, not {quoted(deal)}")
            try:
                hands.append(RecordHand(deal, actions))
            except RecordError as error:
                raise _bad(f"hand {index}: {error}") from None
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise _bad(f"'meta' must be an object, not {quoted(meta)}")
        return cls(rules, first_mano, score, chicos, tuple(pre), tuple(hands), meta)

    @classmethod
    def from_state(cls, state: State, meta: Mapping[str, Any] | None = None) -> Record:
        """The record of everything that happened to reach *state*.

        Raises:
            RecordError: ``bad-record`` when *state* is not a :class:`~pytruco.State`
                or *meta* is not a JSON object.
        """
        if not isinstance(state, State):
            raise _bad(f"Record.from_state needs a State, not {quoted(state)}")
        # The state keeps its finished hands' record data, so this costs the current hand only.
        pre = tuple(str(action) for action in state.opening_actions)
        # The first mano is written unless rock-paper-scissors chooses (or is choosing) it.
        by_rps = state.rules.rps_first_mano and (bool(pre) or state.phase is Phase.RPS)
        first_mano = None if by_rps else state.first_mano
        return cls(
            state.rules,
            first_mano,
            state.starting_score,
            state.starting_chicos,
            pre,
            state.record_hands,
            meta if meta is not None else {},
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
            meta = self.meta
            out["meta"] = meta.thaw() if isinstance(meta, _FrozenMeta) else dict(meta)
        return out

    def to_json(self) -> dict[str, Any]:
        """Alias of :meth:`to_dict`."""
        return self.to_dict()

    def dumps(self, **kwargs: Any) -> str:
        """The record as JSON text (``kwargs`` go to :func:`json.dumps`;
        ``NaN`` and ``Infinity`` are never written)."""
        kwargs["allow_nan"] = False
        return json.dumps(self.to_dict(), **kwargs)


class _JsonProblem(Exception):
    """Raised by the JSON hooks; becomes a ``bad-record``."""


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _JsonProblem(f"member {quoted(key)} appears twice in one object")
            seen.add(key)
    return out


def _too_deep(data: Any) -> bool:
    """Whether *data* nests arrays and objects deeper than :data:`MAX_JSON_DEPTH`.
    Without recursion; a record's hands are not walked (their deals and
    actions are checked for type, any other member of a hand is)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            items = value.items()
        elif isinstance(value, list):
            items = enumerate(value)  # type: ignore[assignment]
        else:
            continue
        if depth > MAX_JSON_DEPTH:
            return True
        for key, item in items:
            if depth == 1 and key == "hands" and isinstance(item, list):
                for hand in item:
                    if isinstance(hand, dict):
                        stack.extend((v, 4) for k, v in hand.items() if k not in ("deal", "actions"))
            elif isinstance(item, (dict, list)):
                stack.append((item, depth + 1))
    return False


def _json_constant(name: str) -> Any:
    raise _JsonProblem(f"{name} is not a JSON number")


def _json_float(text: str) -> float:
    if len(text) > _MAX_DIGITS:
        raise _JsonProblem(f"a number of more than {_MAX_DIGITS} digits")
    value = float(text)
    if not math.isfinite(value):
        raise _JsonProblem(f"the number {quoted(text)} is too large")
    return value


def _json_int(text: str) -> int:
    if len(text) > _MAX_DIGITS:
        raise _JsonProblem(f"a number of more than {_MAX_DIGITS} digits")
    return int(text)


def _bad(message: str) -> RecordError:
    return RecordError("bad-record", message)


def _pair(data: Mapping[str, Any], name: str) -> tuple[int, int]:
    value = data.get(name, [0, 0])
    if not isinstance(value, list) or len(value) != 2 or not all(v.__class__ is int and v >= 0 for v in value):
        raise _bad(f"{name!r} must be a list of two whole numbers >= 0, not {quoted(value)}")
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
        raise _bad(str(error)) from None
    pre, plan, failure = _read_ahead(record)
    state = _play_pre(state, pre, record.pre, trace)
    if failure is not None and failure.hand is None:  # a pre action that is not notation
        if trace is not None and failure.action is not None:
            trace(trace_line(state, None, failure.action))
        raise failure
    summaries: list[HandSummary] = []
    for h, (deal, actions) in enumerate(plan):
        texts = record.hands[h].actions
        _check_dealable(state, texts, h)
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


def _check_dealable(state: State, texts: tuple[str, ...], h: int) -> None:
    """Refuse hand *h* of a record unless the table waits for a deal."""
    if state.phase is Phase.OVER:
        if texts:
            raise RecordError(
                "illegal-action",
                f"the match is over: {quoted(texts[0])} cannot be played",
                hand=h,
                action=0,
                text=texts[0],
            )
        raise _bad(f"hand {h} is listed after the match is over")
    if state.phase is not Phase.DEAL:
        where = "the rock-paper-scissors draw" if state.phase is Phase.RPS else f"hand {h - 1}"
        raise _bad(f"hand {h} is listed while {where} is unfinished")


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

"""The game record (``truco-record/1``) as a value: :class:`Record`, its checks and its JSON form.

A :class:`Record` holds the rules, how the game starts (first mano or the rock-paper-scissors draw, score,
chicos), each hand's deal and action texts, and a free ``meta`` object. Every member is checked when a record is
built, read (:meth:`Record.loads`, :meth:`Record.from_dict`) or written from a state
(:meth:`Record.from_state`); playing one is :func:`pytruco.replay` (in :mod:`pytruco.records`, where every name
here is imported from).

>>> from pytruco.records import Record
>>> record = Record.loads('{"format": "truco-record/1", "rules": "default", "first_mano": 1, "hands": []}')
>>> record.first_mano, record.to_dict()
(1, {'format': 'truco-record/1', 'rules': 'default', 'first_mano': 1, 'hands': []})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from .._engine import MAX_ACTIONS, MAX_HANDS, Phase, RecordHand, State, all_text, as_tuple, is_made
from ..errors import RecordError, RuleSetError, TrucoError, quoted
from ..rules import RuleSet, check_start
from ._json import FrozenMeta, bad_record, freeze_meta, read_record_json

__all__ = ["MAX_HANDS", "RECORD_FORMAT", "Record"]

RECORD_FORMAT = "truco-record/1"
"""The value of a record's ``format`` member.

>>> from pytruco import RECORD_FORMAT, Record, new_game
>>> RECORD_FORMAT
'truco-record/1'
>>> Record.from_state(new_game("default", first_mano=0)).to_dict()["format"] == RECORD_FORMAT
True
"""


def _check_texts(name: str, texts: Any) -> None:
    if not isinstance(texts, tuple) or not all_text(texts):
        raise bad_record(f"{name!r} must be a list of action texts, not {quoted(texts)}")
    if len(texts) > MAX_ACTIONS:
        raise bad_record(f"{name!r} lists {len(texts)} actions, more than {MAX_ACTIONS}")


@attrs.frozen
class Record:
    """A game record. Actions are kept as text, so that replay can say
    exactly which one is wrong; build one with :meth:`loads` (JSON text),
    :meth:`from_dict` (its parsed object) or :meth:`from_state`; :meth:`dumps` and :meth:`to_dict` write it.

    A record is a frozen, hashable value: ``meta`` is a read-only copy of
    the object given (objects become read-only mappings, lists tuples;
    :meth:`to_dict` gives plain JSON back). Every field is checked when the
    record is built; a bad one raises a ``bad-record`` :class:`~pytruco.RecordError`.

    >>> from pytruco import Record, RuleSet
    >>> record = Record(RuleSet.preset("default"), first_mano=0, meta={"players": ["Ana", "Beto"]})
    >>> record.meta["players"]
    ('Ana', 'Beto')
    >>> hash(record) == hash(Record.loads(record.dumps()))
    True

    >>> from pytruco import Action, Deal, Record, apply, new_game, replay
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 envido"))
    >>> text = Record.from_state(state).dumps()
    >>> record = Record.loads(text)
    >>> record.hands[0].actions, replay(record).state == state
    (('0 envido',), True)
    """

    rules: RuleSet
    first_mano: int | None = None
    score: tuple[int, int] = attrs.field(default=(0, 0), converter=as_tuple)
    chicos: tuple[int, int] = attrs.field(default=(0, 0), converter=as_tuple)
    pre: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    hands: tuple[RecordHand, ...] = attrs.field(default=(), converter=as_tuple)
    meta: Mapping[str, Any] = attrs.field(factory=dict, converter=freeze_meta)

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        if not isinstance(rules, RuleSet):
            raise bad_record(f"'rules' must be a RuleSet, not {quoted(rules)}")
        _check_texts("pre", self.pre)
        if self.first_mano is not None and self.pre:
            raise bad_record("a record gives 'first_mano' or rock-paper-scissors 'pre' actions, not both")
        if self.first_mano is None and not rules.rps_first_mano:
            raise bad_record("missing member 'first_mano'")
        try:
            _, score, chicos = check_start(rules, self.first_mano, self.score, self.chicos)
        except TrucoError as error:
            raise bad_record(str(error)) from None
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "chicos", chicos)
        hands = self.hands
        if not isinstance(hands, tuple) or not all(hand.__class__ is RecordHand for hand in hands):
            raise bad_record(f"'hands' must be a list of RecordHands, not {quoted(hands)}")
        if len(hands) > MAX_HANDS:
            raise bad_record(f"the record lists {len(hands)} hands, more than {MAX_HANDS}")

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record from its parsed JSON object: the pair of :meth:`to_dict` (the reader of :meth:`loads`).

        Members of the wrong JSON type anywhere (a deal that is not a list of
        card-text lists, actions that are not a list of texts, ...) are a
        ``bad-record``, found before anything is replayed.
        """
        if not isinstance(data, dict):
            raise bad_record(f"a record is a JSON object, not {quoted(data)}")
        if "format" not in data:
            raise bad_record("missing member 'format'")
        if data["format"] != RECORD_FORMAT:
            raise bad_record(f"unknown format {quoted(data['format'])} (expected {RECORD_FORMAT!r})")
        if "rules" not in data:
            raise bad_record("missing member 'rules'")
        try:
            rules = RuleSet.from_dict(data["rules"])
        except RuleSetError as error:
            raise bad_record(f"rules: {error}") from None
        first_mano = data.get("first_mano")
        pre = data.get("pre", [])
        if not isinstance(pre, list):
            raise bad_record(f"'pre' must be a list of action texts, not {quoted(pre)}")
        if first_mano is not None and (first_mano.__class__ is not int or not 0 <= first_mano < rules.players):
            raise bad_record(f"'first_mano' must be a seat from 0 to {rules.players - 1}, not {quoted(first_mano)}")
        score = _pair(data, "score")
        chicos = _pair(data, "chicos")
        hands = _hands_from(data)
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise bad_record(f"'meta' must be an object, not {quoted(meta)}")
        return cls(rules, first_mano, score, chicos, tuple(pre), hands, meta)

    @classmethod
    def from_state(cls, state: State, meta: Mapping[str, Any] | None = None) -> Record:
        """The record of everything that happened to reach *state*.

        Raises:
            RecordError: ``bad-record`` when *state* is not a :class:`~pytruco.State`
                or *meta* is not a JSON object.
        """
        if not isinstance(state, State) or not is_made(state):
            raise bad_record(f"Record.from_state needs a State made by new_game or apply, not {quoted(state)}")
        # The state keeps its finished hands' record data, so this costs the current hand only.
        pre = tuple(str(action) for action in state.opening_actions)
        # The first mano is written unless rock-paper-scissors chooses (or is choosing) it.
        by_rps = state.rules.rps_first_mano and (bool(pre) or state.phase is Phase.RPS)
        first_mano = None if by_rps else state.first_mano
        hands = state.record_hands
        if len(hands) > MAX_HANDS:  # apply refuses the deal past the limit; a forged state may not have
            raise bad_record(f"the state has {len(hands)} hands, more than a record holds ({MAX_HANDS})")
        record = cls(
            state.rules,
            first_mano,
            state.starting_score,
            state.starting_chicos,
            pre,
            (),
            meta if meta is not None else {},
        )
        # The state's record hands were each checked when made (once per hand, and kept): the hands are not
        # checked again, so that a record after every action costs the same at hand 10 and hand 10,000.
        object.__setattr__(record, "hands", hands)
        return record

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready object; :meth:`from_dict` reads it back.

        >>> from pytruco import Record, new_game
        >>> record = Record.from_state(new_game("default", first_mano=0))
        >>> record.to_dict()
        {'format': 'truco-record/1', 'rules': 'default', 'first_mano': 0, 'hands': []}
        >>> Record.from_dict(record.to_dict()) == record
        True
        """
        rules = self.rules.to_dict()
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
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
            out["meta"] = meta.thaw() if isinstance(meta, FrozenMeta) else dict(meta)
        return out

    def dumps(self, **kwargs: Any) -> str:
        """The record as JSON text (``kwargs`` go to :func:`json.dumps`;
        ``NaN`` and ``Infinity`` are never written); :meth:`loads` reads it back.

        >>> from pytruco import Record, new_game
        >>> Record.from_state(new_game("default", first_mano=0)).dumps()
        '{"format": "truco-record/1", "rules": "default", "first_mano": 0, "hands": []}'
        """
        kwargs["allow_nan"] = False
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        """Read a record from JSON text (a ``str``, or UTF-8 ``bytes``): the pair of :meth:`dumps`.

        The reader is strict: a leading UTF-8 byte-order mark is skipped
        (in ``str`` and ``bytes`` alike), but ``NaN`` and ``Infinity``,
        numbers of more than 4,300 digits, an object with the same member
        twice, nesting deeper than :data:`MAX_JSON_DEPTH` and text longer
        than :data:`MAX_RECORD_SIZE` are refused.

        Raises:
            RecordError: kind ``bad-record`` for invalid JSON or members.

        >>> from pytruco import Record, new_game
        >>> record = Record.from_state(new_game("classic", first_mano=1))
        >>> Record.loads(record.dumps()) == record
        True
        >>> Record.loads('{"format": "truco-record/1", "format": "x"}')
        Traceback (most recent call last):
        ...
        pytruco.errors.RecordError: invalid JSON: member 'format' appears twice in one object
        """
        return cls.from_dict(read_record_json(text))


def _pair(data: Mapping[str, Any], name: str) -> tuple[int, int]:
    value = data.get(name, [0, 0])
    if not isinstance(value, list) or len(value) != 2 or not all(v.__class__ is int and v >= 0 for v in value):
        raise bad_record(f"{name!r} must be a list of two whole numbers >= 0, not {quoted(value)}")
    return (value[0], value[1])


def _hands_from(data: Mapping[str, Any]) -> tuple[RecordHand, ...]:
    """The ``hands`` member of a record's JSON object, checked for type and size."""
    if "hands" not in data:
        raise bad_record("missing member 'hands'")
    raw_hands = data["hands"]
    if not isinstance(raw_hands, list):
        raise bad_record(f"'hands' must be a list, not {quoted(raw_hands)}")
    if len(raw_hands) > MAX_HANDS:
        raise bad_record(f"the record lists {len(raw_hands)} hands, more than {MAX_HANDS}")
    return tuple(_hand_from(index, hand) for index, hand in enumerate(raw_hands))


def _hand_from(index: int, hand: Any) -> RecordHand:
    """Hand *index* of a record's JSON object: an object with a deal (card-text lists) and action texts."""
    if not isinstance(hand, dict) or "deal" not in hand or "actions" not in hand:
        raise bad_record(f"hand {index} must be an object with 'deal' and 'actions'")
    deal, actions = hand["deal"], hand["actions"]
    if not isinstance(actions, list):
        raise bad_record(f"hand {index}: 'actions' must be a list of action texts, not {quoted(actions)}")
    if not isinstance(deal, list) or not all(isinstance(seat, list) for seat in deal):
        raise bad_record(f"hand {index}: 'deal' must be a list of card-text lists, one per seat, not {quoted(deal)}")
    try:
        return RecordHand(deal, actions)
    except RecordError as error:
        raise bad_record(f"hand {index}: {error}") from None

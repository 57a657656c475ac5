"""The JSON under a game record: its strict, bounded reader and the frozen ``meta`` object.

A record comes from the network or a file, so its text is read strictly and within limits
(:data:`MAX_RECORD_SIZE`, :data:`MAX_JSON_DEPTH`, numbers of at most 4,300 digits, no member twice, no
``NaN``), and its free-form ``meta`` object is copied into a read-only, hashable :class:`FrozenMeta`. Every
refusal is a ``bad-record`` :class:`~pytruco.RecordError`. :class:`pytruco.Record` (in
:mod:`pytruco.records._record`) builds on this; import the limits from :mod:`pytruco.records`.

>>> from pytruco.records._json import freeze_meta, read_record_json
>>> read_record_json(b'\\xef\\xbb\\xbf{"format": "truco-record/1"}')
{'format': 'truco-record/1'}
>>> freeze_meta({"players": ["Ana", "Beto"]})["players"]
('Ana', 'Beto')
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import RecordError, quoted

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_RECORD_SIZE",
    "FrozenMeta",
    "bad_record",
    "freeze_meta",
    "read_record_json",
]

MAX_RECORD_SIZE = 16 * 1024 * 1024
"""The longest record :meth:`Record.loads` reads: 16 MiB (bytes, or
characters of a ``str``). A whole ``reglamento`` partido takes a few dozen KB.

>>> from pytruco.records import MAX_RECORD_SIZE, Record
>>> Record.loads(" " * (MAX_RECORD_SIZE + 1))
Traceback (most recent call last):
...
pytruco.errors.RecordError: the record is larger than 16777216 characters
"""
MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects in a record (``meta`` included);
the record itself needs 5.

>>> from pytruco.records import Record
>>> text = '{"format": "truco-record/1", "meta": {"x": ' + "[" * 40 + "]" * 40 + "}}"
>>> Record.loads(text)
Traceback (most recent call last):
...
pytruco.errors.RecordError: invalid JSON: nested deeper than 32 levels
"""
_MAX_DIGITS = 4300
"""JSON numbers with more digits are refused (Python's own limit for ``int``)."""


def bad_record(message: str) -> RecordError:
    """The ``bad-record`` error with *message* (to raise): a record that is not one.

    >>> error = bad_record("missing member 'hands'")
    >>> error.kind, str(error), error.hand
    ('bad-record', "missing member 'hands'", None)
    """
    return RecordError("bad-record", message)


class FrozenMeta(Mapping[str, Any]):
    """A read-only, hashable copy of a record's ``meta`` object: objects
    become read-only mappings and lists become tuples (see :func:`freeze_meta`).

    >>> from pytruco.records._json import freeze_meta
    >>> meta = freeze_meta({"players": ["Ana", "Beto"], "table": {"id": 7}})
    >>> meta["table"]["id"], hash(meta) == hash(freeze_meta(meta.thaw()))
    (7, True)
    """

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

    def __eq__(self, other: object) -> bool:
        """Equal when written the same: JSON types stay distinct (``1``, ``1.0`` and ``true`` differ, as do
        ``0.0`` and ``-0.0``) and so does the order of members, as :meth:`pytruco.Record.dumps` keeps it.

        >>> freeze_meta({"n": 1}) == freeze_meta({"n": 1.0}), freeze_meta({"n": 1}) == {"n": 1}
        (False, True)
        """
        if not isinstance(other, Mapping):
            return NotImplemented
        if not isinstance(other, FrozenMeta):
            try:
                other = freeze_meta(other)
            except RecordError:
                return False
        return bool(_canonical(self) == _canonical(other))

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(_canonical(self))
        return self._hash

    def __repr__(self) -> str:
        return repr(self._items)

    def thaw(self) -> dict[str, Any]:
        """A plain ``dict`` (with lists) equal to the JSON it was read from.

        >>> freeze_meta({"players": ["Ana", "Beto"]}).thaw()
        {'players': ['Ana', 'Beto']}
        """
        return {key: _thaw(value) for key, value in self._items.items()}


def _canonical(value: Any) -> Any:
    """*value* (frozen meta) as nested tuples that tell JSON types apart: equal exactly when written the same."""
    if isinstance(value, FrozenMeta):
        return (dict, tuple((key, _canonical(item)) for key, item in value._items.items()))
    if isinstance(value, tuple):
        return (list, tuple(_canonical(item) for item in value))
    if isinstance(value, float):
        return (float, repr(value))  # json.dumps writes float.__repr__: 0.0 and -0.0 differ
    return (value.__class__, value)


def _thaw(value: Any) -> Any:
    if isinstance(value, FrozenMeta):
        return value.thaw()
    if isinstance(value, tuple):
        return [_thaw(item) for item in value]
    return value


def freeze_meta(meta: Any) -> FrozenMeta:
    """Copy *meta* into a :class:`FrozenMeta`, refusing what JSON cannot say
    (non-text keys, NaN, other types) and nesting deeper than the limit.

    >>> freeze_meta({"score": float("nan")})
    Traceback (most recent call last):
    ...
    pytruco.errors.RecordError: 'meta' holds nan, which JSON cannot represent
    """
    if isinstance(meta, FrozenMeta):
        return meta
    if not isinstance(meta, Mapping):
        raise bad_record(f"'meta' must be an object, not {quoted(meta)}")
    return _freeze(meta, 2)  # type: ignore[no-any-return]


def _freeze(value: Any, depth: int) -> Any:
    # Recursion is bounded by MAX_JSON_DEPTH, far below Python's limit.
    if value is None or value.__class__ is bool:
        return value
    if isinstance(value, str):
        return str(value)  # a str subclass is written as text: keep the text
    if isinstance(value, int):
        if value.bit_length() > _MAX_DIGITS * 3:
            raise bad_record(f"'meta' holds a number of more than {_MAX_DIGITS} digits")
        return int(value)  # an int subclass (an IntEnum) is written as its number
    if isinstance(value, float):
        if not math.isfinite(value):
            raise bad_record(f"'meta' holds {value!r}, which JSON cannot represent")
        return float(value)
    if depth > MAX_JSON_DEPTH:
        raise bad_record(f"'meta' is nested deeper than {MAX_JSON_DEPTH} levels")
    if isinstance(value, Mapping):
        items = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise bad_record(f"'meta' keys must be text, not {quoted(key)}")
            items[key] = _freeze(item, depth + 1)
        return FrozenMeta(items)
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(item, depth + 1) for item in value)
    raise bad_record(f"'meta' holds {quoted(value)}, which is not JSON")


def read_record_json(text: str | bytes) -> Any:
    """The parsed JSON of a record's *text* (a ``str``, or UTF-8 ``bytes``), read as
    strictly as :meth:`pytruco.Record.loads` says; anything refused is a
    ``bad-record``. The members are not checked here (:meth:`pytruco.Record.from_dict` does that).

    >>> read_record_json('{"hands": [NaN]}')
    Traceback (most recent call last):
    ...
    pytruco.errors.RecordError: invalid JSON: NaN is not a JSON number
    """
    text = _record_text(text)
    try:
        data = json.loads(
            text,
            object_pairs_hook=_json_object,
            parse_constant=_json_constant,
            parse_float=_json_float,
            parse_int=_json_int,
        )
    except _JsonProblem as problem:
        raise bad_record(f"invalid JSON: {problem}") from None
    except RecursionError:
        raise bad_record(f"invalid JSON: nested deeper than {MAX_JSON_DEPTH} levels") from None
    except ValueError as error:  # json.JSONDecodeError: the message has no input text
        raise bad_record(f"invalid JSON: {error}") from None
    if _too_deep(data):
        raise bad_record(f"invalid JSON: nested deeper than {MAX_JSON_DEPTH} levels")
    return data


def _record_text(text: str | bytes) -> str:
    """*text* as a ``str`` without its byte-order mark, after the size and UTF-8 checks."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_RECORD_SIZE:
            raise bad_record(f"the record is larger than {MAX_RECORD_SIZE} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise bad_record(f"the record is not UTF-8 text (byte {error.start} is not UTF-8)") from None
    elif not isinstance(text, str):
        raise bad_record(f"a record is JSON text (str or bytes), not {quoted(text)}")
    if len(text) > MAX_RECORD_SIZE:
        raise bad_record(f"the record is larger than {MAX_RECORD_SIZE} characters")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


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

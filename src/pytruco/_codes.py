"""The seat and :attr:`~pytruco.Action.index` of an action as one number, ``seat << 8 | index``, found by the action's
address: what the encoders (:mod:`pytruco.encode`) read of every legal action and of every action of a hand.

The engine's legal actions and histories hold the shared instances of the action space (:meth:`Action.from_index
<pytruco.Action.from_index>`), so a table of those instances by address answers in a probe or two: an action's hash
is its fields', a Python-level call, and a dictionary keyed by ``id`` boxes the address as a new integer at every
lookup. Compiled with the encoders (``hatch_build.py``).

>>> from pytruco import Action
>>> from pytruco._codes import OUTSIDE, code
>>> code(Action.parse("1 truco")) == 1 << 8 | Action.parse("1 truco").index, code(Action.parse("0 rendirse")) == OUTSIDE
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import MAX_SEATS, NUM_ACTIONS, Action, Deal, Kind

__all__ = ["OUTSIDE", "Identities", "code"]


class Identities:
    """A table from values that live as long as the program (the shared actions) to small numbers, by address:
    open addressing over ``id(value) >> 4`` (objects are 16-byte aligned), at most a quarter full.

    >>> from pytruco._codes import Identities
    >>> first, second = object(), object()
    >>> table = Identities([(first, 7), (second, 9)])
    >>> table.find(first, -1), table.find(second, -1), table.find(object(), -1)
    (7, 9, -1)
    """

    def __init__(self, pairs: Sequence[tuple[object, int]]) -> None:
        size = 1 << (4 * len(pairs)).bit_length()
        self.mask = size - 1
        self.keys: list[object] = [None] * size
        self.values: list[int] = [0] * size
        for key, value in pairs:
            slot = id(key) >> 4 & self.mask
            while self.keys[slot] is not None:
                slot = slot + 1 & self.mask
            self.keys[slot] = key
            self.values[slot] = value

    def find(self, key: object, missing: int) -> int:
        """The number of *key* (the very object put in the table), or *missing*."""
        mask = self.mask
        keys = self.keys
        slot = id(key) >> 4 & mask
        while True:
            found = keys[slot]
            if found is key:
                return self.values[slot]
            if found is None:
                return missing
            slot = slot + 1 & mask


OUTSIDE: Final = -1
"""The code of what is outside the action space: ``timeout`` and ``rendirse`` (meta actions) and a deal."""

_UNKNOWN: Final = -2
_ACTION: Final = Action  # a Final alias: a C static when compiled (a plain name is a module-dictionary lookup there)
_TIMEOUT: Final = Kind.TIMEOUT
_RENDIRSE: Final = Kind.RENDIRSE

_CODES: Final = Identities(
    [(Action.from_index(index, seat), seat << 8 | index) for seat in range(MAX_SEATS) for index in range(NUM_ACTIONS)]
    + [(Action.call(seat, kind), OUTSIDE) for seat in range(MAX_SEATS) for kind in (_TIMEOUT, _RENDIRSE)]
)
"""Every shared action: ``seat << 8 | index``, or :data:`OUTSIDE` for the meta actions."""


def code(item: Action | Deal) -> int:
    """``seat << 8 | index`` of *item*, an action or a deal (:data:`OUTSIDE`: a deal, ``timeout``, ``rendirse``);
    an action built by its constructor rather than shared is read field by field.

    >>> from pytruco import Action, Kind
    >>> from pytruco._codes import code
    >>> code(Action(1, Kind.TRUCO)) == code(Action.parse("1 truco"))
    True
    """
    found = _CODES.find(item, _UNKNOWN)
    if found != _UNKNOWN:
        return found
    if type(item) is not _ACTION:
        return OUTSIDE
    assert isinstance(item, Action)
    if item.kind is _TIMEOUT or item.kind is _RENDIRSE:
        return OUTSIDE
    return item.seat << 8 | item.index

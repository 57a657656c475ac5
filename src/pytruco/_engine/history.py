"""What a state remembers of its past: the actions applied and the hands of its record.

The history is a persistent list: each :func:`pytruco.apply` adds one node, a tuple ``(item, previous node,
size, hand entry)``, so adding is O(1) and successor states share their past. What is worked out from it is kept
the first time it is asked for:

- a state keeps the ``(hash, size)`` of its history once hashed, and a successor starts from its parent's, so
  ``hash(state)`` costs only the actions added since the last hash (a server that hashes every state does
  linear work, not quadratic);
- for every finished hand its :class:`RecordHand`, and the tuple of all the record hands so far, so that
  :meth:`pytruco.Record.from_state` after every action costs the current hand only.

Every walk here is a loop, never a recursion, so a history of any length can be hashed, compared and pickled.

>>> from pytruco import new_game, apply, Deal, Action
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> state, _ = apply(state, Action.parse("0 mazo"))
>>> [hand.actions for hand in state.record_hands]
[('0 mazo',)]
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attr

from ..actions import Action, Deal
from ..errors import RecordError, quoted
from .native import mypyc_attr

__all__ = ["MAX_ACTIONS", "MAX_HANDS", "RecordHand"]


Node: TypeAlias = tuple[object, object, int, object]
"""A history node: ``(item, previous node, size, hand entry)``; the root is ``(None, None, 0, None)``. States
hold their node as ``Any``: read through a local of this type, the compiled build unpacks it natively."""


def _bad(message: str) -> RecordError:
    return RecordError("bad-record", message)


MAX_ACTIONS: Final = 10_000
"""The most actions one hand, or ``pre``, may list (a real hand has fewer than 100).

:func:`pytruco.apply` keeps every game recordable: once a hand (or the draw before the first deal) holds
``MAX_ACTIONS - 1`` actions, only ``rendirse`` is accepted there (refusal code ``record-full``).

>>> from pytruco.records import MAX_ACTIONS
>>> MAX_ACTIONS
10000
"""

MAX_HANDS: Final = 50_000
"""The most hands a record may list (a real match has a few hundred at most).

:func:`pytruco.apply` refuses the deal of hand ``MAX_HANDS + 1`` (refusal code ``record-hands-full``); only
``rendirse`` ends such a match.

>>> from pytruco.records import MAX_HANDS
>>> MAX_HANDS
50000
"""


def actions_in_part(node: Any) -> int:
    """How many actions the record lists in the part that *node* ends: the current hand's actions after its
    deal, or, before the first deal, the ``pre`` actions (constant time: the sizes are in the nodes)."""
    entry = node[3]
    return int(node[2] if entry is None else node[2] - entry[1][2] - 1)


def _as_deal_texts(deal: Any) -> Any:
    if isinstance(deal, (list, tuple)) and all(isinstance(seat, (list, tuple)) for seat in deal):
        return tuple(tuple(seat) for seat in deal)
    return deal


def as_tuple(texts: Any) -> Any:
    return tuple(texts) if isinstance(texts, list) else texts


def all_text(items: tuple[Any, ...] | list[Any]) -> bool:
    return not items or set(map(type, items)) == {str}  # at C speed: records hold millions of texts


# attrs.frozen, spelled so that mypyc (the compiled build) knows the attributes are attrs' own, in a Python class
@mypyc_attr(native_class=False)
@attr.s(auto_attribs=True, frozen=True, slots=True, weakref_slot=True)
class RecordHand:
    """One hand of a record: the deal (card texts per seat) and the action texts.

    Lists are turned into tuples; anything that is not text there is refused
    with a ``bad-record`` :class:`~pytruco.RecordError`.

    >>> RecordHand([["7C", "6C", "1E"], ["5O", "4O", "3B"]], ["0 mazo"]).actions
    ('0 mazo',)
    >>> from pytruco import Action, Deal, Record, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> (hand,) = Record.from_state(state).hands
    >>> hand.deal, hand.actions
    ((('7C', '6C', '1E'), ('5O', '4O', '3B')), ('0 truco',))
    """

    deal: tuple[tuple[str, ...], ...] = attr.ib(converter=_as_deal_texts)
    actions: tuple[str, ...] = attr.ib(converter=as_tuple)

    def __attrs_post_init__(self) -> None:
        deal = self.deal
        if not isinstance(deal, tuple) or not all(isinstance(seat, tuple) and all_text(seat) for seat in deal):
            raise _bad(f"a hand's 'deal' must be a list of card-text lists, one per seat, not {quoted(deal)}")
        actions = self.actions
        if not isinstance(actions, tuple) or not all_text(actions):
            raise _bad(f"a hand's 'actions' must be a list of action texts, not {quoted(actions)}")
        if len(actions) > MAX_ACTIONS:
            raise _bad(f"a hand lists {len(actions)} actions, more than {MAX_ACTIONS}")


ROOT: Final[Any] = (None, None, 0, None)
"""The empty history: every history's first node points to it."""


def items(node: Any) -> list[Action | Deal]:
    """The items up to *node*, oldest first."""
    out: list[Action | Deal] = []
    while node[2]:
        out.append(node[0])
        node = node[1]
    out.reverse()
    return out


def history_hash(node: Any, known: tuple[int, int]) -> tuple[int, int]:
    """``(hash, size)`` of the history ending at *node*, from *known*, the ``(hash, size)`` of an earlier point
    of the same history: only the items added since are hashed."""
    value, size = known
    todo: list[Action | Deal] = []
    while node[2] > size:
        todo.append(node[0])
        node = node[1]
    for item in reversed(todo):
        value = hash((value, item))
    return value, size + len(todo)


def same_history(a: Any, b: Any) -> bool:
    """Whether two histories hold equal items, by a loop: shared tails stop the walk early."""
    if a[2] != b[2]:
        return False
    while a is not b:
        if a[0] != b[0]:
            return False
        a, b = a[1], b[1]
    return True


# A node is ``(item, previous node, size, hand)``; *hand* is the entry of the hand the node belongs to (``None``
# before the first deal): ``(previous hand's entry, last node before this hand's deal, memo, last node before the
# first deal)``. The memo is a two-cell cache, ``[record hands of every hand before this one, record hand of the
# hand before this one]``, filled when asked for.
HandEntry = tuple[Any, Any, list[Any], Any]


def deal_entry(before: Any) -> HandEntry:
    """The entry of a hand dealt after node *before* (the reducer makes one per deal)."""
    prev = before[3]
    return (prev, before, [None, None], before if prev is None else prev[3])


def record_hand(last: Any) -> RecordHand:
    """The record hand that *last* belongs to, played up to *last*: its deal and its action texts."""
    texts: list[str] = []
    node = last
    while type(node[0]) is not Deal:
        texts.append(str(node[0]))
        node = node[1]
    texts.reverse()
    deal: Deal = node[0]
    return RecordHand(tuple(tuple(str(card) for card in hand) for hand in deal.hands), tuple(texts))


def finished_hands(entry: HandEntry) -> tuple[RecordHand, ...]:
    """The record hands of every hand before the one of *entry*.

    Each hand's record is made once. The tuple of all of them is kept on the newest entry asked for only (so
    memory stays linear): the next hand's tuple extends it, and an older state's walks the entries once.
    """
    memo = entry[2]
    if memo[0] is not None:
        known: tuple[RecordHand, ...] = memo[0]
        return known
    todo = []  # entries whose tuple is not known, newest first
    cursor = entry
    while cursor[0] is not None and cursor[2][0] is None:
        todo.append(cursor)
        cursor = cursor[0]
    known_before: tuple[RecordHand, ...] = cursor[2][0] or ()  # the first hand's entry has nothing before it
    if todo:
        cursor[2][0] = None
    done = list(known_before)  # one list, extended: linear in the hands, never a tuple rebuilt per hand
    for later in reversed(todo):
        cell = later[2]
        if cell[1] is None:
            cell[1] = record_hand(later[1])
        done.append(cell[1])
    found = tuple(done)
    memo[0] = found
    return found

"""What a state remembers of its past: the actions applied and the hands of its record.

The history is a persistent list: each :func:`pytruco.apply` adds one :class:`Node` that points to the one
before, so adding is O(1) and successor states share their past. Two things are cached on the nodes the first
time they are asked for and never change afterwards (a node's value is fixed when it is made):

- the running hash of the history up to a node, so that ``hash(state)`` costs only the actions added since the
  last hash (a server that hashes every state does linear work, not quadratic);
- for every finished hand (a :class:`HandLog`), its :class:`RecordHand`, and the tuple of all the record hands so
  far, so that :meth:`pytruco.Record.from_state` after every action costs the current hand only.

Every walk here is a loop, never a recursion, so a history of any length can be hashed, compared and pickled.

>>> from pytruco import new_game, apply, Deal, Action
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> state, _ = apply(state, Action.parse("0 mazo"))
>>> [hand.actions for hand in state.record_hands]
[('0 mazo',)]
"""

from __future__ import annotations

import attrs

from .actions import Action, Deal

__all__ = ["RecordHand"]


@attrs.frozen
class RecordHand:
    """One hand of a record: the deal (card texts per seat) and the action texts.

    >>> RecordHand((("7C", "6C", "1E"), ("5O", "4O", "3B")), ("0 mazo",)).actions
    ('0 mazo',)
    """

    deal: tuple[tuple[str, ...], ...]
    actions: tuple[str, ...]


class Node:
    """One item of a history (an action or a deal) and the node before it."""

    __slots__ = ("_hash", "item", "prev", "size")

    item: Action | Deal
    prev: Node | None
    size: int
    _hash: int | None


_new = object.__new__


def push(item: Action | Deal, prev: Node | None) -> Node:
    """A new node for *item* after *prev* (the reducer's O(1) append)."""
    node: Node = _new(Node)
    node.item = item
    node.prev = prev
    node.size = 1 if prev is None else prev.size + 1
    node._hash = None
    return node


def items(node: Node | None) -> list[Action | Deal]:
    """The items up to *node*, oldest first."""
    out: list[Action | Deal] = []
    while node is not None:
        out.append(node.item)
        node = node.prev
    out.reverse()
    return out


def history_hash(node: Node | None) -> int:
    """The hash of the history ending at *node*, computing only what was not cached before."""
    if node is None:
        return 0
    todo: list[Node] = []
    cursor: Node | None = node
    while cursor is not None and cursor._hash is None:
        todo.append(cursor)
        cursor = cursor.prev
    value = 0 if cursor is None else cursor._hash
    assert value is not None
    for item in reversed(todo):
        value = hash((value, item.item))
        item._hash = value
    return value


def same_history(a: Node | None, b: Node | None) -> bool:
    """Whether two histories hold equal items: shared tails stop the walk early."""
    if a is b:
        return True
    if a is None or b is None or a.size != b.size:
        return False
    if a._hash is not None and b._hash is not None and a._hash != b._hash:
        return False
    while a is not b:
        assert a is not None and b is not None
        if a.item != b.item:
            return False
        a, b = a.prev, b.prev
    return True


class HandLog:
    """A finished hand of the record: from its deal node to its last node (the one before the next deal)."""

    __slots__ = ("_all", "_record", "deal", "first", "last", "prev")

    deal: Node
    last: Node
    prev: HandLog | None
    first: Node
    _record: RecordHand | None
    _all: tuple[RecordHand, ...] | None


def close_hand(deal: Node, last: Node, prev: HandLog | None) -> HandLog:
    """The log entry of the hand dealt at *deal* that ended at *last* (made when the next hand is dealt)."""
    log: HandLog = _new(HandLog)
    log.deal = deal
    log.last = last
    log.prev = prev
    log.first = deal if prev is None else prev.first
    log._record = None
    log._all = None
    return log


def record_hand(deal: Node, last: Node) -> RecordHand:
    """The record hand dealt at *deal* and played up to *last*."""
    texts: list[str] = []
    node: Node | None = last
    while node is not deal:
        assert node is not None
        texts.append(str(node.item))
        node = node.prev
    texts.reverse()
    item = deal.item
    assert isinstance(item, Deal)
    return RecordHand(tuple(tuple(str(card) for card in hand) for hand in item.hands), tuple(texts))


def finished_hands(log: HandLog | None) -> tuple[RecordHand, ...]:
    """The record hands of every finished hand up to *log*.

    Each hand's record is made once. The tuple of all of them is kept on the newest log asked for only (so memory
    stays linear): the next hand's tuple extends it, and asking for an older state's hands walks the logs once.
    """
    if log is None:
        return ()
    if log._all is not None:
        return log._all
    prev = log.prev
    if prev is not None and prev._all is not None:
        done = (*prev._all, _record_of(log))
        prev._all = None
    else:
        records: list[RecordHand] = []
        cursor: HandLog | None = log
        while cursor is not None:
            records.append(_record_of(cursor))
            cursor = cursor.prev
        records.reverse()
        done = tuple(records)
    log._all = done
    return done


def _record_of(log: HandLog) -> RecordHand:
    if log._record is None:
        log._record = record_hand(log.deal, log.last)
    return log._record

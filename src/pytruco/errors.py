"""The exceptions that pytruco raises.

Every error is a :class:`TrucoError`; the ones caused by bad input are also
:class:`ValueError` so that generic code can catch them the usual way.

>>> from pytruco import Card, NotationError
>>> try:
...     Card.parse("8E")
... except NotationError as error:
...     print(error)
not a card: '8E' (rank must be 1-7, 10, 11 or 12)
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "RuleSetError",
    "TrucoError",
]


class TrucoError(Exception):
    """The root of every error raised by pytruco.

    >>> from pytruco import Action, RuleSet, TrucoError
    >>> for attempt in (lambda: Action.parse("0 trucoo"), lambda: RuleSet.preset("poker")):
    ...     try:
    ...         attempt()
    ...     except TrucoError as error:
    ...         print(type(error).__name__, isinstance(error, ValueError))
    NotationError True
    RuleSetError True
    """


class NotationError(TrucoError, ValueError):
    """Text that is not a card or an action at all (``"8E"``, ``"0 trucoo"``).

    >>> from pytruco import Card, NotationError
    >>> try:
    ...     Card.parse("8E")
    ... except NotationError as error:
    ...     print(error)
    not a card: '8E' (rank must be 1-7, 10, 11 or 12)
    """


class RuleSetError(TrucoError, ValueError):
    """An invalid rule option or preset; the message names the option.

    >>> from pytruco import RuleSet
    >>> RuleSet.preset("default", players=3)
    Traceback (most recent call last):
    ...
    pytruco.errors.RuleSetError: option 'players': must be 2, 4 or 6, not 3
    """


class IllegalActionError(TrucoError, ValueError):
    """A well-formed action that the rules do not allow now.

    The message is a full sentence that says why, for example
    ``"seat 0 cannot raise to retruco: seat 1 holds the quiero"``.

    >>> from pytruco import Action, Deal, IllegalActionError, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> try:
    ...     apply(state, Action.parse("1 truco"))
    ... except IllegalActionError as error:
    ...     print(error)
    seat 1 cannot act now: it is seat 0's turn
    """


class RecordError(TrucoError, ValueError):
    """A game record that cannot be read or replayed.

    Attributes:
        kind: ``"bad-record"``, ``"bad-deal"``, ``"bad-notation"`` or
            ``"illegal-action"`` (the kinds of RECORDS.md).
        hand: index into the record's ``hands``, or ``None``.
        action: index into that hand's ``actions`` (or into ``pre`` when
            *hand* is ``None``), or ``None``.
        text: the offending action text, when there is one.

    >>> from pytruco import RecordError, replay
    >>> try:
    ...     replay('{"format": "truco-record/2"}')
    ... except RecordError as error:
    ...     print(error.kind, error.hand, error.action)
    bad-record None None
    """

    def __init__(
        self,
        kind: str,
        message: str,
        *,
        hand: int | None = None,
        action: int | None = None,
        text: str | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.hand = hand
        self.action = action
        self.text = text

    def to_json(self) -> dict[str, object]:
        """The ``error`` member that ``pytruco replay`` prints."""
        out: dict[str, object] = {"kind": self.kind, "hand": self.hand, "action": self.action}
        if self.text is not None:
            out["text"] = self.text
        out["message"] = self.message
        return out

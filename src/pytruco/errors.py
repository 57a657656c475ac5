"""The exceptions that pytruco raises.

Every error is a :class:`TrucoError`, and :class:`TrucoError` is a
:class:`ValueError`, so generic code can catch them the usual way. Bad input
to the public API (text, JSON, records, arguments of the wrong type or
value) raises one of these and nothing else; the message is a sentence that
quotes the input, shortened to about 80 characters.

>>> from pytruco import Card, NotationError
>>> try:
...     Card.parse("8E")
... except NotationError as error:
...     print(error)
not a card: '8E' (rank must be 1-7, 10, 11 or 12)
>>> issubclass(NotationError, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

_T = TypeVar("_T")

__all__ = [
    "ArgumentError",
    "EventError",
    "IllegalActionError",
    "LanguageError",
    "NotationError",
    "RecordError",
    "RuleSetError",
    "SchemaError",
    "SeatError",
    "SetupError",
    "TrucoError",
    "ViewError",
]

QUOTE_LIMIT = 80
"""At most this many characters of an input are quoted in a message."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to about *limit* characters with an ellipsis.

    Safe for any value: a huge number or a broken ``__repr__`` still gives
    a short text, so a message never echoes megabytes of hostile input.

    >>> quoted("0 envido")
    "'0 envido'"
    >>> quoted("x" * 1000)[-6:]
    "xxxx'…"
    >>> quoted(10**5000)
    '<a whole number of about 5001 digits>'
    """
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "…"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"<a whole number of about {int(value.bit_length() * 0.30103) + 1} digits>"
    try:
        text = repr(value)
    except Exception:  # a hostile or broken __repr__: say what it is instead
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[:limit] + "…"


def require(value: object, kind: type | tuple[type, ...], where: str, what: str) -> None:
    """Raise :class:`ArgumentError` ("*where* needs *what*, not …") unless *value* is an instance of *kind*.

    >>> from pytruco import ArgumentError, Card
    >>> from pytruco.errors import require
    >>> require(Card.parse("1E"), Card, "card_name", "a Card")
    >>> try:
    ...     require("1E", Card, "card_name", "a Card")
    ... except ArgumentError as error:
    ...     print(error)
    card_name needs a Card, not '1E'
    """
    if not isinstance(value, kind):
        raise ArgumentError(f"{where} needs {what}, not {quoted(value)}")


def sequence_of(values: Iterable[_T], kind: type[_T], what: str, hint: str) -> tuple[_T, ...]:
    """*values* as a tuple, when it is a sequence (not text) of exactly *kind*; else :class:`NotationError`
    ("not *what*: …", with *hint* when *values* is not a sequence at all).

    >>> from pytruco import Card, NotationError
    >>> from pytruco.errors import sequence_of
    >>> sequence_of([Card.parse("1E")], Card, "a hand", "expected cards")
    (Card('1E'),)
    >>> try:
    ...     sequence_of(["1E"], Card, "a hand", "expected cards")
    ... except NotationError as error:
    ...     print(error)
    not a hand: '1E' is not a Card
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise NotationError(f"not {what}: {quoted(values)} ({hint})")
    out = tuple(values)
    for value in out:
        if value.__class__ is not kind:
            raise NotationError(f"not {what}: {quoted(value)} is not a {kind.__name__}")
    return out


class TrucoError(ValueError):
    """The root of every error raised by pytruco (a :class:`ValueError`).

    >>> from pytruco import Action, RuleSet, TrucoError
    >>> for attempt in (lambda: Action.parse("0 trucoo"), lambda: RuleSet.preset("poker")):
    ...     try:
    ...         attempt()
    ...     except TrucoError as error:
    ...         print(type(error).__name__, isinstance(error, ValueError))
    NotationError True
    RuleSetError True
    """


class NotationError(TrucoError):
    """Something that is not a card, a hand, a deal or an action at all:
    text (``"8E"``, ``"0 trucoo"``) or a typed value (``Action(True, Kind.MAZO)``).

    >>> from pytruco import Card, NotationError
    >>> try:
    ...     Card.parse("8E")
    ... except NotationError as error:
    ...     print(error)
    not a card: '8E' (rank must be 1-7, 10, 11 or 12)
    """


class RuleSetError(TrucoError):
    """An invalid rule option or preset; the message names the option.

    >>> from pytruco import RuleSet
    >>> RuleSet.preset("default", players=3)
    Traceback (most recent call last):
    ...
    pytruco.errors.RuleSetError: option 'players': must be 2, 4 or 6, not 3
    """


class SetupError(TrucoError):
    """An impossible start: a first mano that is not a seat, a starting
    score or chicos that cannot be, a deal or a draw of partners for a
    number of players that does not fit.

    >>> from pytruco import new_game
    >>> new_game("default", score=(30, 0))
    Traceback (most recent call last):
    ...
    pytruco.errors.SetupError: starting score [30, 0] already reaches the target 30
    """


class ArgumentError(TrucoError):
    """An argument of the wrong type or value that no more specific error
    covers, such as something that is not a :class:`~pytruco.State` given to
    :func:`~pytruco.apply`; the message names the function and what it needs.

    >>> from pytruco import ArgumentError, legal_actions
    >>> try:
    ...     legal_actions("default")
    ... except ArgumentError as error:
    ...     print(error)
    legal_actions needs a State, not 'default'
    """


class IllegalActionError(TrucoError):
    """A well-formed action that the rules do not allow now.

    The message is a full sentence that says why, for example
    ``"seat 0 cannot raise to retruco: seat 1 holds the quiero"``.

    Attributes:
        code: a stable machine-readable reason, such as ``"not-your-turn"`` or
            ``"raise-needs-quiero"`` (docs/internals.md, "Refusals", lists them).
        params: what the sentence is made of: a dict of str to int, str or
            ``None`` (``{"seat": 1, "waiting": "turn", "turn": 0}``).

    >>> from pytruco import Action, Deal, IllegalActionError, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> try:
    ...     apply(state, Action.parse("1 truco"))
    ... except IllegalActionError as error:
    ...     print(error, "/", error.code)
    seat 1 cannot act now: it is seat 0's turn / not-your-turn
    """

    def __init__(
        self, message: str, *, code: str = "illegal", params: dict[str, int | str | None] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, int | str | None] = dict(params or {})


class RecordError(TrucoError):
    """A game record that cannot be read or replayed.

    Attributes:
        kind: ``"bad-record"``, ``"bad-deal"``, ``"bad-notation"`` or
            ``"illegal-action"`` (the kinds of RECORDS.md).
        hand: index into the record's ``hands``, or ``None``.
        action: index into that hand's ``actions`` (or into ``pre`` when
            *hand* is ``None``), or ``None``.
        text: the offending action text, when there is one (shortened to
            about 80 characters).

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
        self.text = text if text is None or len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"

    def to_json(self) -> dict[str, object]:
        """The ``error`` member that ``pytruco replay`` prints."""
        out: dict[str, object] = {"kind": self.kind, "hand": self.hand, "action": self.action}
        if self.text is not None:
            out["text"] = self.text
        out["message"] = self.message
        return out


class LanguageError(TrucoError):
    """A language this module does not speak (only ``"es"`` and ``"en"``).

    >>> from pytruco import Card
    >>> from pytruco.text import card_name
    >>> card_name(Card.parse("1E"), "fr")  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    pytruco.errors.LanguageError: unknown language 'fr' (known: es, en)
    """


class SeatError(TrucoError):
    """A seat that is not at the table (out of range, or not a whole number).

    >>> from pytruco import new_game
    >>> from pytruco.views import SeatView, view
    >>> view(new_game("default", first_mano=0), 2)
    Traceback (most recent call last):
    ...
    pytruco.errors.SeatError: there is no seat 2 at a table of 2 (seats are 0-1, or None for a spectator)
    """


class ViewError(TrucoError):
    """JSON that is not a view (:meth:`~pytruco.views.SeatView.from_json`).

    >>> from pytruco.views import SeatView
    >>> SeatView.from_json({"format": "truco-view/0"})
    Traceback (most recent call last):
    ...
    pytruco.errors.ViewError: format must be 'truco-view/1'
    """


class SchemaError(TrucoError):
    """An unknown schema name.

    >>> from pytruco.schema import schema
    >>> schema("state")
    Traceback (most recent call last):
    ...
    pytruco.errors.SchemaError: unknown schema 'state' (known: record, view, event, action, protocol)
    """


class EventError(TrucoError):
    """JSON that is not an event (:meth:`~pytruco.Event.from_json`).

    >>> from pytruco import Event
    >>> Event.from_json({"kind": "sneezed"})
    Traceback (most recent call last):
    ...
    pytruco.errors.EventError: unknown event kind: 'sneezed'
    """

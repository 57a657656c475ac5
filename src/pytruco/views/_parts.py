"""The parts of a seat's view (calls, declarations, the pending call, chains, tricks).

Import these classes from :mod:`pytruco.views`. :mod:`pytruco.views._json` puts them together into a
:class:`~pytruco.views.SeatView` and reads them back from JSON.

>>> from pytruco.views import ChainView
>>> ChainView("none", (), (), None).to_json()["stage"]
'none'
"""

from __future__ import annotations

from typing import Any

import attrs

from ..actions import Kind
from ..cards import Card

VIEW_FORMAT = "truco-view/1"
"""The ``format`` member of a view's JSON.

>>> from pytruco import new_game
>>> from pytruco.views import VIEW_FORMAT, view
>>> view(new_game("default", first_mano=0), 0).to_json()["format"] == VIEW_FORMAT
True
"""


@attrs.frozen
class Call:
    """One call of a chain: who made it and what it was.

    >>> from pytruco import Kind
    >>> from pytruco.views import Call
    >>> Call(0, Kind.ENVIDO).to_json()
    {'seat': 0, 'call': 'envido'}
    """

    seat: int
    call: Kind

    def to_json(self) -> dict[str, Any]:
        """``{"seat": 0, "call": "envido"}``."""
        return {"seat": self.seat, "call": self.call.value}


@attrs.frozen
class Declaration:
    """One declaration: ``tengo N`` (*points* N) or ``son-buenas`` (*points* ``None``).

    *timeout*: a timeout made it (the seat's true points, or son-buenas).

    >>> from pytruco.views import Declaration
    >>> Declaration(1, None, timeout=True).to_json()
    {'seat': 1, 'points': None, 'timeout': True}
    """

    seat: int
    points: int | None
    timeout: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"seat": 1, "points": 28, "timeout": false}``."""
        return {"seat": self.seat, "points": self.points, "timeout": self.timeout}


@attrs.frozen
class PendingCall:
    """The call waiting for an answer.

    Attributes:
        call: what was called (a flor waiting for the second holder's answer is ``flor``).
        seat: who called it.
        answerers: the seats that may answer it (their clocks run).
        if_accepted: what accepting makes it worth: the hand's truco value, the
            envido's or flor's points; ``None`` when it depends on who wins
            (a falta envido that counts the loser's score) or wins the chico.
        if_refused: the points the caller's team scores if it is refused.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> from pytruco.views import SeatView, view
    >>> state, _ = apply(state, Action.parse("0 real-envido"))
    >>> view(state, 1).pending
    PendingCall(call=<Kind.REAL_ENVIDO: 'real-envido'>, seat=0, answerers=(1,), if_accepted=3, if_refused=1)
    """

    call: Kind
    seat: int
    answerers: tuple[int, ...]
    if_accepted: int | None
    if_refused: int

    def to_json(self) -> dict[str, Any]:
        """The ``pending`` member of the view's JSON."""
        return {
            "call": self.call.value,
            "seat": self.seat,
            "answerers": list(self.answerers),
            "if_accepted": self.if_accepted,
            "if_refused": self.if_refused,
        }


@attrs.frozen
class TrucoView:
    """The truco chain: accepted level (0-3), what the hand is worth now, the
    team that holds the quiero (may raise), every call made, in order, and the
    truco-level call still waiting for an answer (*waiting*; also while an
    envido it allowed is played first), if any.

    >>> from pytruco import new_game
    >>> from pytruco.views import SeatView, view
    >>> view(new_game("default", first_mano=0), 0).truco
    TrucoView(level=0, value=1, quiero_team=None, calls=(), waiting=None)
    """

    level: int
    value: int
    quiero_team: int | None
    calls: tuple[Call, ...]
    waiting: Call | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``truco`` member of the view's JSON."""
        return {
            "level": self.level,
            "value": self.value,
            "quiero_team": self.quiero_team,
            "calls": [call.to_json() for call in self.calls],
            "waiting": None if self.waiting is None else self.waiting.to_json(),
        }


@attrs.frozen
class ChainView:
    """The envido or the flor chain of this hand.

    Attributes:
        stage: envido: ``none``, ``pending``, ``declaring``, ``settled``, ``void``;
            flor: ``none``, ``answer``, ``call``, ``declaring``, ``done``.
        calls: every call and answer of the chain, in order, with who made it.
        sung: flor only: the seats that sang flor.
        declarations: every ``tengo N`` / ``son-buenas`` said for it.
        winner: the seat whose declaration won, once known.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> from pytruco.views import SeatView, view
    >>> for text in ("0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"):
    ...     state, _ = apply(state, Action.parse(text))
    >>> chain = view(state, 1).envido
    >>> chain.stage, chain.winner, [d.points for d in chain.declarations]
    ('settled', 0, [33, None])
    """

    stage: str
    calls: tuple[Call, ...]
    declarations: tuple[Declaration, ...]
    winner: int | None
    sung: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``envido`` / ``flor`` member of the view's JSON."""
        out: dict[str, Any] = {
            "stage": self.stage,
            "calls": [call.to_json() for call in self.calls],
            "declarations": [d.to_json() for d in self.declarations],
            "winner": self.winner,
        }
        out["sung"] = list(self.sung)
        return out


@attrs.frozen
class TrickView:
    """A completed trick: the cards in playing order, the winning seat and team (``None``: parda).

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> from pytruco.views import SeatView, view
    >>> for text in ("0 1E", "1 3B"):
    ...     state, _ = apply(state, Action.parse(text))
    >>> view(state, 1).tricks[0].to_json()
    {'plays': [[0, '1E'], [1, '3B']], 'seat': 0, 'team': 0}
    """

    plays: tuple[tuple[int, Card], ...]
    seat: int | None
    team: int | None

    def to_json(self) -> dict[str, Any]:
        """``{"plays": [[0, "1E"], [1, "3O"]], "seat": 0, "team": 0}``."""
        return {"plays": [[s, str(card)] for s, card in self.plays], "seat": self.seat, "team": self.team}


@attrs.frozen
class ShownCards:
    """Cards the rules showed at the end of the hand: *seat*'s cards that make its true envido *points*
    (the ``reglamento`` bluff check and the ``classic`` show rule: the pair, or the one card, that gives them).

    >>> from pytruco import Action, Deal, apply, new_game
    >>> from pytruco.views import view
    >>> state, _ = apply(new_game("reglamento", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> for text in ("0 envido", "1 quiero", "0 tengo 31", "1 son-buenas", "0 mazo"):
    ...     state, _ = apply(state, Action.parse(text))
    >>> (shown,) = view(state, 1).shown
    >>> shown.to_json()
    {'seat': 0, 'cards': ['6C', '7C'], 'points': 33}
    """

    seat: int
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        """``{"seat": 0, "cards": ["6C", "7C"], "points": 33}``."""
        return {"seat": self.seat, "cards": [str(card) for card in self.cards], "points": self.points}


@attrs.frozen
class CallValue:
    """What one of the seat's legal calls would be worth: the points accepting it would make it worth
    (*if_accepted*; ``None`` when that depends on who wins, or it wins the chico) and the points the seat's team
    would score if it were refused (*if_refused*), as :class:`PendingCall` says once the call is made.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> from pytruco.views import view
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> view(state, 1).call_values[0].to_json()
    {'call': 'retruco', 'if_accepted': 3, 'if_refused': 2}
    """

    call: Kind
    if_accepted: int | None
    if_refused: int

    def to_json(self) -> dict[str, Any]:
        """``{"call": "retruco", "if_accepted": 3, "if_refused": 2}``."""
        return {"call": self.call.value, "if_accepted": self.if_accepted, "if_refused": self.if_refused}

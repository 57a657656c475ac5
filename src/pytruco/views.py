"""What one seat may see: a view of the table that never leaks a hidden card.

Give each player :func:`view` of the state, never the state itself: the
state knows every card dealt. A view shows the seat's own cards, the cards
played face up, the calls and declarations (all public), and the seat's own
rock-paper-scissors choice only.

>>> from pytruco import new_game, apply, Deal, Action
>>> from pytruco.views import view
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> state, _ = apply(state, Action.parse("0 1E"))
>>> seen = view(state, 1)
>>> [str(card) for card in seen.hand], seen.cards_left
(['5O', '4O', '3B'], (2, 3))
>>> "7C" in str(seen.to_json())
False
"""

from __future__ import annotations

from typing import Any

import attrs

from .actions import Action, Deal, Kind
from .cards import Card
from .engine import legal_actions
from .rules import RuleSet
from .state import Phase, State

__all__ = ["SeatView", "view"]


@attrs.frozen
class SeatView:
    """The table as seat :attr:`seat` sees it.

    Attributes:
        seat: whose view this is.
        rules: the rules of the game.
        phase: what the table waits for.
        score: points per team.
        chicos: chicos per team.
        mano: the mano of the current (or next) hand.
        winner: the winning team once the match is over.
        hand: the seat's cards not yet played.
        cards_left: how many cards each seat still holds.
        current_trick: ``(seat, card)`` played in the trick being played.
        tricks: completed tricks, each ``((seat, card), ...)`` and the winning team (``None``: parda).
        truco_level: accepted truco level (0-3).
        envido_calls: the envido calls made in this hand.
        flor_sung: seats that sang flor.
        folded: seats out of this hand.
        to_act: seats that may act now.
        legal: this seat's legal actions now.
        history: the public history: every action as notation; a deal shows
            only this seat's cards (``"deal 7C 6C 1E"``); another seat's
            rock-paper-scissors choice shows as ``"<seat> rps ?"``.

    >>> from pytruco import Deal, apply, new_game
    >>> from pytruco.views import view
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> seen = view(state, 1)
    >>> [str(card) for card in seen.hand], seen.cards_left, seen.to_act
    (['5O', '4O', '3B'], (3, 3), (0,))
    >>> seen.to_json()["seat"]
    1
    """

    seat: int
    rules: RuleSet
    phase: Phase
    score: tuple[int, int]
    chicos: tuple[int, int]
    mano: int
    winner: int | None
    hand: tuple[Card, ...]
    cards_left: tuple[int, ...]
    current_trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[tuple[int, Card], ...], int | None], ...]
    truco_level: int
    envido_calls: tuple[Kind, ...]
    flor_sung: tuple[int, ...]
    folded: tuple[int, ...]
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    history: tuple[str, ...]

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as an SVG picture (Jupyter draws it; :mod:`pytruco.svg`)."""
        from .svg import table_svg

        return table_svg(self)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, for sending to a client."""
        return {
            "seat": self.seat,
            "preset": self.rules.preset_name,
            "phase": self.phase.value,
            "score": list(self.score),
            "chicos": list(self.chicos),
            "mano": self.mano,
            "winner": self.winner,
            "hand": [str(card) for card in self.hand],
            "cards_left": list(self.cards_left),
            "current_trick": [[seat, str(card)] for seat, card in self.current_trick],
            "tricks": [
                {"plays": [[seat, str(card)] for seat, card in plays], "team": team} for plays, team in self.tricks
            ],
            "truco_level": self.truco_level,
            "envido_calls": [kind.value for kind in self.envido_calls],
            "flor_sung": list(self.flor_sung),
            "folded": list(self.folded),
            "to_act": list(self.to_act),
            "legal": [str(action) for action in self.legal],
            "history": list(self.history),
        }


def view(state: State, seat: int) -> SeatView:
    """The view of *state* for *seat* (0-based).

    Raises:
        ValueError: no such seat.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> from pytruco.views import view
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 1E"))
    >>> seen = view(state, 1)
    >>> seen.history
    ('deal 5O 4O 3B', '0 1E')
    >>> sorted(str(action) for action in seen.legal)[:3]
    ['1 3B', '1 4O', '1 5O']
    """
    n = state.rules.players
    if not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat} at a table of {n}")
    r = state.round
    history: list[str] = []
    hidden: dict[int, tuple[int, str]] = {}  # rps choices not yet revealed: seat -> (index, text)
    for item in state.history:
        if isinstance(item, Deal):
            history.append("deal " + " ".join(str(card) for card in item.hands[seat]))
        elif item.kind is Kind.RPS:
            hidden[item.seat] = (len(history), str(item))
            history.append(str(item) if item.seat == seat else f"{item.seat} rps ?")
            if len(hidden) == 2:  # both have chosen: the choices are shown
                for index, text in hidden.values():
                    history[index] = text
                hidden.clear()
        else:
            history.append(str(item))
    legal = tuple(a for a in legal_actions(state) if a.seat == seat)
    if r is None:
        return SeatView(
            seat, state.rules, state.phase, state.score, state.chicos, state.mano, state.winner,
            (), (0,) * n, (), (), 0, (), (), (), state.to_act, legal, tuple(history),
        )  # fmt: skip
    return SeatView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        score=state.score,
        chicos=state.chicos,
        mano=r.mano,
        winner=state.winner,
        hand=r._held[seat],
        cards_left=tuple(len(cards) for cards in r._held),
        current_trick=r._trick,
        tricks=tuple((trick.plays, trick.team) for trick in r._tricks),
        truco_level=r._truco_level,
        envido_calls=r._env_calls,
        flor_sung=tuple(sorted(r.flor_sung)),
        folded=tuple(sorted(r.folded)),
        to_act=state.to_act,
        legal=legal,
        history=tuple(history),
    )

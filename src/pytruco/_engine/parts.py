"""The records a round is made of, one per concern: what the deal fixed, the truco, envido and flor chains, the
declarations and the round's score (:class:`~pytruco.Round` holds one of each, beside the play).

Each field is declared once, in its record's class body, with its type and its value at the deal. Each record
that changes during a round has a ``_copy`` written out beside it (the compiled build cannot generate one;
``tests/test_state_internals.py`` fails on a field a copy forgets). A record is never changed once a state holds
it: a rule writes the round's own copy for the action being applied, which ``Round._edit_<record>()`` makes at
the first write of the step.

A record copied during a round keeps its last freed instance for the next copy in the compiled build
(``free_list_len=1``): a round replaces a record at most once per action and the state it replaced is soon dropped, so
a copy then allocates nothing and adds nothing to the count that runs Python's cyclic garbage collector.

>>> chain = start(TrucoChain)
>>> chain.level, chain.quiero_team, chain == chain._copy()
(0, None, True)
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from ..actions import Kind
from ..cards import Hand
from .native import mypyc_attr
from .stages import DECL_NONE, ENV_NONE, FLOR_NONE, NO_SEATS, Declaring, EnvidoStage, FlorStage

__all__ = ["Dealt", "Declarations", "EnvidoChain", "FlorChain", "RoundPart", "RoundScore", "TrucoChain", "start"]


class RoundPart:
    """What every record of a round shares: equality, hashing and a repr over its fields (``fields()``)."""

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        """The record's field names (a compiled class lists them in ``__mypyc_attrs__``)."""
        names: tuple[str, ...] | None = vars(cls).get("__mypyc_attrs__")
        return tuple(vars(cls)["__annotations__"]) if names is None else names

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self.fields()])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields())
        return f"{type(self).__name__}({values})"


class Dealt(RoundPart):
    """What the deal fixed for the whole round: never written after it."""

    n: int = 0
    """Seats at the table."""
    mano: int = 0
    """The seat that leads the first trick."""
    hands: tuple[Hand, ...] = ()
    """Every seat's three cards as dealt."""
    envido_points: tuple[int, ...] = ()
    """Every seat's envido points (counted as the rules say)."""
    flor_points: tuple[int | None, ...] = ()
    """Every seat's flor points, ``None`` without a flor (or without flor in the rules)."""
    defer: bool = False
    """Points won are added to the score when the round ends (end-of-round scoring), not at once."""


@mypyc_attr(free_list_len=1)
class TrucoChain(RoundPart):
    """Truco, retruco and vale cuatro: the accepted level, who holds the quiero, the call waiting for its answer."""

    level: int = 0
    """Accepted level: 0 none, 1 truco, 2 retruco, 3 vale cuatro."""
    quiero_team: int | None = None
    """The team that accepted the last level (the only one that may raise next), ``None`` before any."""
    call: int = 0
    """The level of the call waiting for its answer, 0 for none."""
    caller: int | None = None
    """The seat that made the last call, ``None`` before any."""

    def _copy(self) -> TrucoChain:
        new = TrucoChain()
        new.level = self.level
        new.quiero_team = self.quiero_team
        new.call = self.call
        new.caller = self.caller
        return new


@mypyc_attr(free_list_len=1)
class EnvidoChain(RoundPart):
    """The envido chain: its calls, where it stands and who won it."""

    stage: EnvidoStage = ENV_NONE
    calls: tuple[Kind, ...] = ()
    """The chain's calls (a long per-word chain keeps its first ``CHAIN_HEAD`` calls and a count)."""
    count: int = 0
    """How many calls the chain has."""
    caller: int | None = None
    """The seat that made the last call, ``None`` before any."""
    unshown: tuple[int, int, int] | None = None
    """An envido won by declaration, waiting for the cards to be shown: ``(team, value, points declared)``."""
    forfeit: bool = False
    """The envido winner folded before showing its cards (the show rule)."""
    winner: int | None = None
    """The seat whose declaration won, ``None`` until known."""

    def _copy(self) -> EnvidoChain:
        new = EnvidoChain()
        new.stage = self.stage
        new.calls = self.calls
        new.count = self.count
        new.caller = self.caller
        new.unshown = self.unshown
        new.forfeit = self.forfeit
        new.winner = self.winner
        return new


@mypyc_attr(free_list_len=1)
class FlorChain(RoundPart):
    """Flor, contraflor, contraflor al resto and con flor me achico: who sang, the call waiting, the stake."""

    stage: FlorStage = FLOR_NONE
    sung: frozenset[int] = NO_SEATS
    """Seats that sang flor."""
    lost: frozenset[int] = NO_SEATS
    """Seats whose flor was lost (folded, or refused by their team)."""
    first: int | None = None
    """The seat that sang the first flor, ``None`` before any."""
    forfeit: frozenset[int] = NO_SEATS
    """Teams that lost their later flor points by folding."""
    answerers: frozenset[int] = NO_SEATS
    """Holders of the other team still to answer a first flor."""
    call: Kind | None = None
    """The flor-chain call waiting for its answer."""
    caller: int | None = None
    """Its caller, ``None`` before any."""
    over: Kind | None = None
    """The call it raised (contraflor over flor, ...)."""
    stake: int | None = 0
    """What the accepted chain is worth; ``None`` for a contraflor al resto (the falta or the chico)."""

    def _copy(self) -> FlorChain:
        new = FlorChain()
        new.stage = self.stage
        new.sung = self.sung
        new.lost = self.lost
        new.first = self.first
        new.forfeit = self.forfeit
        new.answerers = self.answerers
        new.call = self.call
        new.caller = self.caller
        new.over = self.over
        new.stake = self.stake
        return new


@mypyc_attr(free_list_len=1)
class Declarations(RoundPart):
    """A round of declaring envido or flor points around the table."""

    kind: Declaring = DECL_NONE
    """What is declared (``DECL_NONE`` when nobody declares)."""
    queue: tuple[int, ...] = ()
    """The seats still to declare, in order."""
    best: int | None = None
    """The best points declared so far, ``None`` before any."""
    best_seat: int | None = None
    """The seat that declared them, ``None`` before any."""
    said: tuple[tuple[int, int | None], ...] = ()
    """``(seat, points)`` declared so far, ``None`` for son buenas."""

    def _copy(self) -> Declarations:
        new = Declarations()
        new.kind = self.kind
        new.queue = self.queue
        new.best = self.best
        new.best_seat = self.best_seat
        new.said = self.said
        return new


@mypyc_attr(free_list_len=1)
class RoundScore(RoundPart):
    """The round's points: added to the score or waiting for its end, and whether (and by whom) it is won."""

    points: tuple[int, int] = (0, 0)
    """Points each team has had added to the score from this round."""
    deferred: tuple[tuple[int, int, str], ...] = ()
    """Points won and not yet added: ``(team, points, category)`` (end-of-round scoring)."""
    carried: int = 0
    """How many of them a pica hand's earlier duels carried in."""
    ended: bool = False
    winner: int | None = None
    """The team that won the truco points, ``None`` until known."""

    def _copy(self) -> RoundScore:
        new = RoundScore()
        new.points = self.points
        new.deferred = self.deferred
        new.carried = self.carried
        new.ended = self.ended
        new.winner = self.winner
        return new


_R = TypeVar("_R", bound=RoundPart)


def _starting_values(cls: type[RoundPart]) -> dict[str, Any]:
    """The value each field of *cls* takes at the deal, as its class body declares it. In the pure build the
    class attributes that declare them are then removed: Python specializes a read of an instance's attribute
    only when its class has no attribute of that name (a compiled class keeps them as its fields' defaults)."""
    blank = cls()  # read from a record: a compiled class's attribute of a field's name is its descriptor
    values = {name: getattr(blank, name) for name in cls.fields()}
    if "__mypyc_attrs__" not in vars(cls):
        for name in values:
            delattr(cls, name)
    return values


_STARTS: Final[dict[type, dict[str, Any]]] = {
    cls: _starting_values(cls) for cls in (Dealt, TrucoChain, EnvidoChain, FlorChain, Declarations, RoundScore)
}


def start(cls: type[_R]) -> _R:
    """A record of *cls* at its start (every field at the value its class declares).

    >>> start(RoundScore).points
    (0, 0)
    """
    record = cls()
    for name, value in _STARTS[cls].items():
        setattr(record, name, value)
    return record

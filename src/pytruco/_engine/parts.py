"""The records a round is made of, one per concern: what the deal fixed, the truco, envido and flor chains, the
declarations and the round's score (:class:`~pytruco.Round` holds one of each, beside the play).

Each field is declared once, on one line of its record's ``__init__``: its name, its type, its value at the deal
and how a copy takes it. ``Record()`` is a record at the start of a round, ``Record(source)`` a copy of *source*:
the compiled build's copy, a native call (a copy by the field names, ``getattr``/``setattr`` over
:meth:`RoundPart.fields`, costs it 2,300 instructions a record instead of 190). In the pure build, where calling a
class costs some 600 instructions more than calling a method, :meth:`RoundPart._copy` is generated for each record
at import from its fields (as :mod:`dataclasses` generates its methods). A record is never changed once a state
holds it: a rule writes the round's own copy for the action being applied, which ``Round._edit_<record>()`` makes
at the first write of the step.

A record copied during a round keeps its last freed instance for the next copy in the compiled build
(``free_list_len=1``): a round replaces a record at most once per action and the state it replaced is soon dropped, so
a copy then allocates nothing and adds nothing to the count that runs Python's cyclic garbage collector.

>>> chain = TrucoChain()
>>> chain.level, chain.quiero_team, chain == TrucoChain(chain), chain.fields() == TrucoChain.fields()
(0, None, True, True)
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from ..actions import Kind
from ..cards import Hand
from .native import mypyc_attr
from .stages import DECL_NONE, ENV_NONE, FLOR_NONE, NO_SEATS, Declaring, EnvidoStage, FlorStage

__all__ = [
    "BLANK",
    "NATIVE",
    "Dealt",
    "Declarations",
    "EnvidoChain",
    "FlorChain",
    "RoundPart",
    "RoundScore",
    "TrucoChain",
]

_R = TypeVar("_R", bound="RoundPart")


class RoundPart:
    """What every record of a round shares: equality, hashing and a repr over its fields (``fields()``), and a
    copy."""

    def _copy(self: _R) -> _R:
        """A copy of this record, ``type(self)(self)`` (the pure build generates each record's own at import)."""
        return type(self)(self)  # type: ignore[call-arg]  # every record but Dealt takes its source

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        """The record's field names, in the order its ``__init__`` declares them (a compiled class lists them in
        ``__mypyc_attrs__``).

        >>> TrucoChain.fields()
        ('level', 'quiero_team', 'call', 'caller')
        """
        names: tuple[str, ...] | None = vars(cls).get("__mypyc_attrs__")
        if names is None:  # Dealt's fields are its annotations; the other records declare them in __init__
            names = tuple(vars(cls).get("__annotations__") or vars(cls()))
        return names

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
    """What the deal fixed for the whole round: the deal sets every field, and nothing writes one after it."""

    n: int
    """Seats at the table."""
    mano: int
    """The seat that leads the first trick."""
    hands: tuple[Hand, ...]
    """Every seat's three cards as dealt."""
    envido_points: tuple[int, ...]
    """Every seat's envido points (counted as the rules say)."""
    flor_points: tuple[int | None, ...]
    """Every seat's flor points, ``None`` without a flor (or without flor in the rules)."""
    defer: bool
    """Points won are added to the score when the round ends (end-of-round scoring), not at once."""


@mypyc_attr(free_list_len=1)
class TrucoChain(RoundPart):
    """Truco, retruco and vale cuatro: the accepted level, who holds the quiero, the call waiting for its answer."""

    def __init__(self, source: TrucoChain | None = None) -> None:
        """At the start of a round, or a copy of *source* (the round's own, to write)."""
        self.level: int = 0 if source is None else source.level
        """Accepted level: 0 none, 1 truco, 2 retruco, 3 vale cuatro."""
        self.quiero_team: int | None = None if source is None else source.quiero_team
        """The team that accepted the last level (the only one that may raise next), ``None`` before any."""
        self.call: int = 0 if source is None else source.call
        """The level of the call waiting for its answer, 0 for none."""
        self.caller: int | None = None if source is None else source.caller
        """The seat that made the last call, ``None`` before any."""


@mypyc_attr(free_list_len=1)
class EnvidoChain(RoundPart):
    """The envido chain: its calls, where it stands and who won it."""

    def __init__(self, source: EnvidoChain | None = None) -> None:
        """At the start of a round, or a copy of *source* (the round's own, to write)."""
        self.stage: EnvidoStage = ENV_NONE if source is None else source.stage
        self.calls: tuple[Kind, ...] = () if source is None else source.calls
        """The chain's calls (a long per-word chain keeps its first ``CHAIN_HEAD`` calls and a count)."""
        self.count: int = 0 if source is None else source.count
        """How many calls the chain has."""
        self.caller: int | None = None if source is None else source.caller
        """The seat that made the last call, ``None`` before any."""
        self.unshown: tuple[int, int, int] | None = None if source is None else source.unshown
        """An envido won by declaration, waiting for the cards to be shown: ``(team, value, points declared)``."""
        self.forfeit: bool = False if source is None else source.forfeit
        """The envido winner folded before showing its cards (the show rule)."""
        self.winner: int | None = None if source is None else source.winner
        """The seat whose declaration won, ``None`` until known."""


@mypyc_attr(free_list_len=1)
class FlorChain(RoundPart):
    """Flor, contraflor, contraflor al resto and con flor me achico: who sang, the call waiting, the stake."""

    def __init__(self, source: FlorChain | None = None) -> None:
        """At the start of a round, or a copy of *source* (the round's own, to write)."""
        self.stage: FlorStage = FLOR_NONE if source is None else source.stage
        self.sung: frozenset[int] = NO_SEATS if source is None else source.sung
        """Seats that sang flor."""
        self.lost: frozenset[int] = NO_SEATS if source is None else source.lost
        """Seats whose flor was lost (folded, or refused by their team)."""
        self.first: int | None = None if source is None else source.first
        """The seat that sang the first flor, ``None`` before any."""
        self.forfeit: frozenset[int] = NO_SEATS if source is None else source.forfeit
        """Teams that lost their later flor points by folding."""
        self.answerers: frozenset[int] = NO_SEATS if source is None else source.answerers
        """Holders of the other team still to answer a first flor."""
        self.call: Kind | None = None if source is None else source.call
        """The flor-chain call waiting for its answer."""
        self.caller: int | None = None if source is None else source.caller
        """Its caller, ``None`` before any."""
        self.over: Kind | None = None if source is None else source.over
        """The call it raised (contraflor over flor, ...)."""
        self.stake: int | None = 0 if source is None else source.stake
        """What the accepted chain is worth; ``None`` for a contraflor al resto (the falta or the chico)."""


@mypyc_attr(free_list_len=1)
class Declarations(RoundPart):
    """A round of declaring envido or flor points around the table."""

    def __init__(self, source: Declarations | None = None) -> None:
        """At the start of a round, or a copy of *source* (the round's own, to write)."""
        self.kind: Declaring = DECL_NONE if source is None else source.kind
        """What is declared (``DECL_NONE`` when nobody declares)."""
        self.queue: tuple[int, ...] = () if source is None else source.queue
        """The seats still to declare, in order."""
        self.best: int | None = None if source is None else source.best
        """The best points declared so far, ``None`` before any."""
        self.best_seat: int | None = None if source is None else source.best_seat
        """The seat that declared them, ``None`` before any."""
        self.said: tuple[tuple[int, int | None], ...] = () if source is None else source.said
        """``(seat, points)`` declared so far, ``None`` for son buenas."""


@mypyc_attr(free_list_len=1)
class RoundScore(RoundPart):
    """The round's points: added to the score or waiting for its end, and whether (and by whom) it is won."""

    def __init__(self, source: RoundScore | None = None) -> None:
        """At the start of a round, or a copy of *source* (the round's own, to write)."""
        self.points: tuple[int, int] = (0, 0) if source is None else source.points
        """Points each team has had added to the score from this round."""
        self.deferred: tuple[tuple[int, int, str], ...] = () if source is None else source.deferred
        """Points won and not yet added: ``(team, points, category)`` (end-of-round scoring)."""
        self.carried: int = 0 if source is None else source.carried
        """How many of them a pica hand's earlier duels carried in."""
        self.ended: bool = False if source is None else source.ended
        self.winner: int | None = None if source is None else source.winner
        """The team that won the truco points, ``None`` until known."""


def _native() -> bool:
    """Whether the records are compiled (native) classes: those refuse ``object.__new__``."""
    try:
        object.__new__(TrucoChain)
    except TypeError:
        return True
    return False


NATIVE: Final = _native()
"""Whether the engine's classes are compiled. A copy there is a native call (``TrucoChain(source)``,
``Round(MADE)``); the pure build uses :data:`BLANK`, which skips ``__init__``, and fills the fields itself."""

BLANK: Final[Any] = object.__new__
"""``BLANK(cls)``: a value with no fields set, for the pure build's copies to fill."""


def _generated_copy(cls: type[RoundPart]) -> Any:
    """The pure build's ``cls._copy``: one assignment a field of :meth:`RoundPart.fields`, as written by hand."""
    body = "".join(f"\n    new.{name} = self.{name}" for name in cls.fields())
    namespace: dict[str, Any] = {"BLANK": BLANK, "cls": cls}
    exec(f"def _copy(self):\n    new = BLANK(cls){body}\n    return new", namespace)
    return namespace["_copy"]


if not NATIVE:
    for _record in (TrucoChain, EnvidoChain, FlorChain, Declarations, RoundScore):
        setattr(_record, "_copy", _generated_copy(_record))  # noqa: B010

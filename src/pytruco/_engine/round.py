"""One round: a deal of three cards each and its up to three tricks (a *hand* in records and events).

:class:`Round` is read-only; the reducer's modules fill its underscored slots. ``str(round)`` draws the table.

>>> from pytruco import Action, Deal, apply, new_game
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> state, _ = apply(state, Action.parse("0 1E"))
>>> print(state.round)
round: mano seat 0, turn seat 1, truco level 0 (worth 1)
  seat 0: 7C 6C       played 1E
  seat 1: 5O 4O 3B
"""

from __future__ import annotations

from typing import Any, Final

from ..actions import TRUCO_CALLS, Kind
from ..cards import Card, Hand
from ..errors import ArgumentError
from .native import mypyc_attr
from .parts import BLANK, NATIVE, Dealt, Declarations, EnvidoChain, FlorChain, RoundScore, TrucoChain
from .stages import (
    AWAIT_DECLARING,
    AWAIT_ENVIDO,
    AWAIT_FLOR,
    AWAIT_FLOR_CALL,
    AWAIT_NOTHING,
    AWAIT_TRUCO,
    AWAIT_TURN,
    DECL_NONE,
    ENV_PENDING,
    FLOR_ANSWER,
    FLOR_CALL,
    KIND_ENVIDO,
    KIND_FLOR,
    TRUCO_VALUE,
    Awaiting,
    EnvidoStage,
    FlorStage,
    Trick,
)

__all__ = ["Round"]

MADE: Final = object()
"""The engine's key to the private constructor: ``Round(MADE)`` and ``State(MADE)`` make a blank value (any other
call is refused); the compiled build cannot skip ``__init__`` with ``object.__new__``."""


STAGE_NAMES: Final[dict[EnvidoStage | FlorStage, str]] = {stage: stage.value for stage in (*EnvidoStage, *FlorStage)}
"""The name of each chain stage: :attr:`Round.envido_stage` and :attr:`Round.flor_stage` read it here, a lookup by
identity, rather than through the enum's ``value`` property, a Python-level call in either build."""


# Bits of Round._edited: the records copied for the action being applied.
_EDITED_TRUCO: Final = 1
_EDITED_ENVIDO: Final = 2
_EDITED_FLOR: Final = 4
_EDITED_DECL: Final = 8
_EDITED_SCORE: Final = 16


# Compiled, a freed round is kept for the next one (``free_list_len=1``): the reducer copies one round per action
# and the caller soon drops the state before, so a copy allocates nothing and adds nothing to the count that runs
# Python's cyclic garbage collector.
@mypyc_attr(free_list_len=1)
class Round:
    """One deal of three cards each and its up to three tricks (a *hand*).

    Read-only. The public properties describe what a table shows; hidden
    cards are visible here, so give players a :func:`pytruco.views.view` instead.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 1E"))
    >>> hand = state.round
    >>> hand.mano, hand.turn, [str(card) for card in hand.held[0].cards]
    (0, 1, ['7C', '6C'])
    """

    def __init__(self, made: object = None, /, *args: object, **kwargs: object) -> None:
        """Refused: a Round is made by pytruco.apply (read it as state.round), never by hand.

        >>> from pytruco import Round
        >>> Round()
        Traceback (most recent call last):
        ...
        pytruco.errors.ArgumentError: Round() is not built by hand: read state.round (pytruco.new_game(), then apply())
        """
        if made is MADE and not args and not kwargs:  # the engine's own blank round
            return
        raise ArgumentError("Round() is not built by hand: read state.round (pytruco.new_game(), then apply())")

    _deal: Dealt
    """What the deal fixed (seats, mano, cards, points)."""
    _held: tuple[tuple[Card, ...], ...]
    """Every seat's cards not yet played."""
    _trick: tuple[tuple[int, Card], ...]
    """``(seat, card)`` played so far in the trick being played."""
    _tricks: tuple[Trick, ...]
    _cards_played: int
    _turn: int
    _folded: frozenset[int]
    """Seats out of the round (gone to the mazo, or not in a pica duel)."""
    _mano_acted: bool
    """The mano has played a card or made a call in this round (it may go to the mazo then, §8.2)."""
    _truco: TrucoChain
    _envido: EnvidoChain
    _flor: FlorChain
    _decl: Declarations
    _score: RoundScore
    _log: Any
    """What was called and declared in the round, newest first, as a linked list ``(entry, previous)`` (adding
    is O(1) however long a chain grows): ``("call", chain, seat, kind)`` or ``("decl", what, seat, points,
    timeout)``."""
    _edited: int
    """The records this round has copied since ``_copy`` made it (``_EDITED_*`` bits): while its action is
    applied, the records it may write; meaningless once a state holds it, since it is never written again."""

    def _copy(self) -> Round:
        """A copy that shares every record (the reducer copies one round per action; a rule that writes a
        record copies it first, with ``_edit_<record>``)."""
        new: Round = Round(MADE) if NATIVE else BLANK(Round)
        new._deal = self._deal
        new._held = self._held
        new._trick = self._trick
        new._tricks = self._tricks
        new._cards_played = self._cards_played
        new._turn = self._turn
        new._folded = self._folded
        new._mano_acted = self._mano_acted
        new._truco = self._truco
        new._envido = self._envido
        new._flor = self._flor
        new._decl = self._decl
        new._score = self._score
        new._log = self._log
        new._edited = 0
        return new

    def _edit_truco(self) -> TrucoChain:
        """This round's own truco chain, to write (copied at the first write of the action being applied)."""
        if not self._edited & _EDITED_TRUCO:
            self._edited |= _EDITED_TRUCO
            self._truco = TrucoChain(self._truco) if NATIVE else self._truco._copy()
        return self._truco

    def _edit_envido(self) -> EnvidoChain:
        """This round's own envido chain, to write."""
        if not self._edited & _EDITED_ENVIDO:
            self._edited |= _EDITED_ENVIDO
            self._envido = EnvidoChain(self._envido) if NATIVE else self._envido._copy()
        return self._envido

    def _edit_flor(self) -> FlorChain:
        """This round's own flor chain, to write."""
        if not self._edited & _EDITED_FLOR:
            self._edited |= _EDITED_FLOR
            self._flor = FlorChain(self._flor) if NATIVE else self._flor._copy()
        return self._flor

    def _edit_decl(self) -> Declarations:
        """This round's own declarations, to write."""
        if not self._edited & _EDITED_DECL:
            self._edited |= _EDITED_DECL
            self._decl = Declarations(self._decl) if NATIVE else self._decl._copy()
        return self._decl

    def _edit_score(self) -> RoundScore:
        """This round's own score, to write."""
        if not self._edited & _EDITED_SCORE:
            self._edited |= _EDITED_SCORE
            self._score = RoundScore(self._score) if NATIVE else self._score._copy()
        return self._score

    def _key(self) -> tuple[Any, ...]:
        """Every field but the log (compared by a loop and left out of the hash: a long log would recurse)."""
        return tuple(getattr(self, name) for name in _KEY_SLOTS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        if self is other:
            return True
        if self._key() != other._key():
            return False
        a, b = self._log, other._log
        while a is not b:
            if a is None or b is None or a[0] != b[0]:
                return False
            a, b = a[1], b[1]
        return True

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> Round:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # The log is written flat (a loop, not the linked entries, which would recurse once per call).
        fields = {name: getattr(self, name) for name in _KEY_SLOTS}
        entries = []
        node = self._log
        while node is not None:
            entries.append(node[0])
            node = node[1]
        return (_restore_round, (fields, tuple(reversed(entries))))

    def _entries(self, tag: str) -> list[tuple[Any, ...]]:
        found = []
        node = self._log
        while node is not None:
            entry = node[0]
            if entry[0] == tag:
                found.append(entry[1:])
            node = node[1]
        found.reverse()
        return found

    def __repr__(self) -> str:
        return (
            f"<Round mano={self._deal.mano} turn={self._turn} tricks={len(self._tricks)} "
            f"truco_level={self._truco.level} ended={self._score.ended}>"
        )

    def __str__(self) -> str:
        """The table as text: who leads and plays, what is pending, each seat's cards and the tricks."""
        lines = [
            f"round: mano seat {self._deal.mano}, turn seat {self._turn}, "
            f"truco level {self._truco.level} (worth {TRUCO_VALUE[self._truco.level]})"
        ]
        pending = self.pending
        if pending is not None:
            lines.append(f"  pending: {pending[0].value} from seat {pending[1]}")
        if self.declaring is not None:
            said = (
                ", ".join(f"seat {s} {'son buenas' if p is None else p}" for s, p in self._decl.said) or "nothing yet"
            )
            lines.append(f"  declaring {self.declaring}: {said}")
        if self._envido.count:
            lines.append(f"  envido: {'-'.join(call.value for call in self.envido_calls)} ({self._envido.stage.value})")
        if self._flor.sung:
            lines.append(f"  flor sung by: {', '.join(f'seat {s}' for s in sorted(self._flor.sung))}")
        played: dict[int, list[str]] = {}
        for trick in (*self._tricks, (self._trick, None, None)):
            for seat, card in trick[0]:
                played.setdefault(seat, []).append(str(card))
        for seat in range(self._deal.n):
            held = " ".join(str(card) for card in self._held[seat])
            line = f"  seat {seat}: {held}"
            if seat in played:
                line = f"{line:<22}played {' '.join(played[seat])}"
            if seat in self._folded:
                line += " (out)"
            lines.append(line)
        for index, trick in enumerate(self._tricks, 1):
            lines.append(f"  trick {index}: {trick!r}")
        if self._score.ended:
            lines.append(
                "  over" + ("" if self._score.winner is None else f": team {self._score.winner} won the truco points")
            )
        return "\n".join(lines)

    def __deepcopy__(self, memo: dict[int, Any]) -> Round:
        return self

    # --- public, read-only -------------------------------------------------
    @property
    def mano(self) -> int:
        """The seat that leads the first trick."""
        return self._deal.mano

    @property
    def dealt(self) -> tuple[Hand, ...]:
        """Every seat's three cards as dealt (hidden information)."""
        return self._deal.hands

    @property
    def held(self) -> tuple[Hand, ...]:
        """Every seat's cards not yet played (hidden information)."""
        return tuple([Hand._of(cards) for cards in self._held])

    @property
    def cards_left(self) -> tuple[int, ...]:
        """How many cards each seat still holds (public: the backs of the cards show)."""
        return tuple([len(cards) for cards in self._held])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return self._tricks

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` played so far in the trick being played."""
        return self._trick

    @property
    def turn(self) -> int:
        """The seat whose turn it is to play a card (calls aside)."""
        return self._turn

    @property
    def folded(self) -> frozenset[int]:
        """Seats that went to the mazo (out of this round)."""
        return self._folded

    @property
    def truco_level(self) -> int:
        """Accepted truco level: 0 none, 1 truco, 2 retruco, 3 vale cuatro."""
        return self._truco.level

    @property
    def truco_value(self) -> int:
        """What the round is worth now: 1, 2, 3 or 4."""
        return TRUCO_VALUE[self._truco.level]

    @property
    def envido_calls(self) -> tuple[Kind, ...]:
        """The envido chain called in this round, in order."""
        calls = self._envido.calls
        extra = self._envido.count - len(calls)  # a long per-word chain keeps its first calls and a count
        return calls + (KIND_ENVIDO,) * extra if extra else calls

    @property
    def envido_count(self) -> int:
        """``len(round.envido_calls)``, without building it."""
        return self._envido.count

    def last_envido_call(self) -> Kind:
        """The last call of the envido chain (the one pending while the chain waits for an answer)."""
        return self._envido.calls[-1] if self._envido.count <= len(self._envido.calls) else KIND_ENVIDO

    @property
    def flor_sung(self) -> frozenset[int]:
        """Seats that have sung flor in this round."""
        return self._flor.sung

    @property
    def points(self) -> tuple[int, int]:
        """Points each team has had added to the score from this round so far."""
        return self._score.points

    @property
    def ended(self) -> bool:
        """The round is over."""
        return self._score.ended

    @property
    def quiero_team(self) -> int | None:
        """The team that accepted the last truco level and may raise it, if any."""
        return self._truco.quiero_team

    @property
    def pending(self) -> tuple[Kind, int] | None:
        """The call waiting for an answer, and the seat that made it; ``None``
        when nothing is pending. A flor waiting for the second holder's answer
        shows as ``(Kind.FLOR, first singer)``; declarations are not calls (see
        :attr:`declaring`).

        >>> from pytruco import new_game, apply, Deal, Action
        >>> state = new_game("default", first_mano=0)
        >>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
        >>> state, _ = apply(state, Action.parse("0 truco"))
        >>> state.round.pending
        (<Kind.TRUCO: 'truco'>, 0)
        """
        waits = awaiting(self)
        if waits is AWAIT_TRUCO:
            return self.truco_call
        if waits is AWAIT_ENVIDO:
            seat = self._envido.caller
            call = self.last_envido_call()
        elif waits is AWAIT_FLOR:
            seat = self._flor.first
            call = KIND_FLOR
        elif waits is AWAIT_FLOR_CALL and self._flor.call is not None:
            seat = self._flor.caller
            call = self._flor.call
        else:
            return None
        assert seat is not None  # a call waits: its caller is known
        return (call, seat)

    @property
    def declaring(self) -> str | None:
        """``"envido"`` or ``"flor"`` while seats are declaring their points, else ``None``."""
        kind = self._decl.kind
        return None if kind is DECL_NONE or self._score.ended else kind.value

    @property
    def declarations(self) -> tuple[tuple[int, int | None], ...]:
        """The declarations made so far in the current round of declaring:
        ``(seat, points)``, with ``None`` for ``son-buenas``."""
        return self._decl.said

    @property
    def winner(self) -> int | None:
        """The team that won the round's truco points, once known."""
        return self._score.winner

    # --- public, read-only: what a table shows (for views; added by "front") ---
    @property
    def all_declarations(self) -> tuple[tuple[str, int, int | None, bool], ...]:
        """Every declaration of this round (or duel): ``(what, seat, points, timeout)``
        with *what* ``"envido"`` or ``"flor"``, ``None`` points for ``son-buenas``
        and *timeout* true when a timeout made it."""
        return tuple(self._entries("decl"))

    @property
    def shown(self) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
        """The cards the rules showed at the end of this round (the ``reglamento`` bluff check, the
        ``classic`` show rule): ``(seat, cards, points)``, the envido winner's cards that make its true points."""
        return tuple(self._entries("shown"))

    @property
    def calls(self) -> tuple[tuple[str, int, Kind], ...]:
        """Every call and answer of this round (or duel) in order: ``(chain, seat, kind)``
        with *chain* ``"truco"``, ``"envido"`` or ``"flor"``."""
        return tuple(self._entries("call"))

    def held_by(self, seat: int) -> tuple[Card, ...]:
        """The cards *seat* has not played yet (hidden from the other seats)."""
        return self._held[seat]

    @property
    def envido_points(self) -> tuple[int, ...]:
        """Every seat's envido points (hidden information)."""
        return self._deal.envido_points

    @property
    def flor_points(self) -> tuple[int | None, ...]:
        """Every seat's flor points, ``None`` without a flor (hidden information)."""
        return self._deal.flor_points

    @property
    def envido_stage(self) -> str:
        """``"none"``, ``"pending"``, ``"declaring"``, ``"settled"`` or ``"void"`` (voided by a flor)."""
        return STAGE_NAMES[self._envido.stage]

    @property
    def envido_caller(self) -> int | None:
        """The seat that made the last call of the envido chain."""
        return self._envido.caller

    @property
    def envido_winner(self) -> int | None:
        """The seat whose declaration won the envido, once the declarations are over."""
        return self._envido.winner

    @property
    def flor_stage(self) -> str:
        """``"none"``, ``"answer"`` (waiting for the second holder), ``"call"`` (a
        contraflor, contraflor al resto or second flor waits for an answer),
        ``"declaring"`` or ``"done"``."""
        return STAGE_NAMES[self._flor.stage]

    @property
    def flor_call(self) -> tuple[Kind, int, Kind | None] | None:
        """The flor-chain call waiting for an answer: ``(call, caller, call it raised)``."""
        flor = self._flor
        if flor.stage is not FLOR_CALL or flor.call is None or flor.caller is None:
            return None
        return (flor.call, flor.caller, flor.over)

    @property
    def flor_stake(self) -> int | None:
        """What the accepted flor chain is worth; ``None`` for a contraflor al resto (the falta or the chico)."""
        return self._flor.stake

    @property
    def truco_call(self) -> tuple[Kind, int] | None:
        """The truco-level call waiting for an answer (also while an envido it
        allowed is being played), and its caller."""
        truco = self._truco
        if not truco.call or truco.caller is None:
            return None
        return (TRUCO_CALLS[truco.call - 1], truco.caller)

    @property
    def unscored(self) -> tuple[tuple[int, int, str], ...]:
        """Points won in this round and not yet added to the score (end-of-round
        presets): ``(team, points, category)``."""
        return self._score.deferred


def awaiting(r: Round) -> Awaiting:
    """What round *r* waits for: the one statement of the order flor answer > flor call > declaring > envido >
    truco > turn, for legality, refusals, the mazo, timeouts, views and :attr:`Round.pending`.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> awaiting(state.round).value, awaiting(apply(state, Action.parse("0 truco"))[0].round).value
    ('turn', 'truco')
    """
    if r._score.ended:
        return AWAIT_NOTHING
    stage = r._flor.stage
    if stage is FLOR_ANSWER:
        return AWAIT_FLOR
    if stage is FLOR_CALL:
        return AWAIT_FLOR_CALL
    if r._decl.kind is not DECL_NONE:
        return AWAIT_DECLARING
    if r._envido.stage is ENV_PENDING:
        return AWAIT_ENVIDO
    if r._truco.call:
        return AWAIT_TRUCO
    return AWAIT_TURN


def _round_fields() -> tuple[str, ...]:
    names: tuple[str, ...] | None = vars(Round).get("__mypyc_attrs__")
    return tuple(vars(Round)["__annotations__"]) if names is None else names


ROUND_FIELDS: Final = _round_fields()
"""The fields of a :class:`Round` (a compiled class lists them in ``__mypyc_attrs__``)."""
_KEY_SLOTS: Final = tuple(name for name in ROUND_FIELDS if name not in ("_log", "_edited"))


def _restore_round(fields: dict[str, Any], entries: tuple[tuple[Any, ...], ...]) -> Round:
    """Unpickle a round: its fields and its log, rebuilt as linked entries."""
    r = Round(MADE)
    for name, value in fields.items():
        setattr(r, name, value)
    log: Any = None
    for entry in entries:
        log = (entry, log)
    r._log = log
    r._edited = 0
    return r

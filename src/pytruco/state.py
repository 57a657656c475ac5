"""Game and hand states: immutable values that the reducer builds.

A :class:`State` is the whole table: the rules, the score, the phase and the
current :class:`Round` (one deal, called a *hand* in records). States are
never changed in place: :func:`pytruco.apply` returns a new one. Their
attributes are read-only properties; the underscored slots are the engine's.

>>> from pytruco import new_game
>>> state = new_game("default", first_mano=1)
>>> state.phase, state.score, state.mano
(<Phase.DEAL: 'deal'>, (0, 0), 1)
"""

from __future__ import annotations

import enum
from typing import Any

from .actions import TRUCO_CALLS, Action, Deal, Kind
from .cards import Card, Hand
from .rules import RuleSet

__all__ = ["Phase", "Round", "State", "Trick"]


class Phase(enum.Enum):
    """What the table is waiting for.

    >>> from pytruco import Phase, new_game
    >>> new_game("default").phase
    <Phase.DEAL: 'deal'>
    >>> new_game("online").phase is Phase.RPS
    True
    """

    RPS = "rps"
    """Rock-paper-scissors for the first mano (``online``)."""
    DEAL = "deal"
    """A deal (the chance action :class:`pytruco.Deal`)."""
    PLAY = "play"
    """Actions of the seats in :attr:`State.to_act`."""
    OVER = "over"
    """The match is over."""


# Stages of the envido chain.
ENV_NONE, ENV_PENDING, ENV_DECLARING, ENV_SETTLED, ENV_VOID = range(5)
# Stages of the flor chain.
FLOR_NONE, FLOR_ANSWER, FLOR_CALL, FLOR_DECLARING, FLOR_DONE = range(5)
# What the declarations are for.
DECL_NONE, DECL_ENVIDO, DECL_FLOR = range(3)
# Award categories: envido and flor points are added before truco points.
CAT_ENVIDO, CAT_FLOR, CAT_TRUCO = "envido", "flor", "truco"
CAT_UNSHOWN = "envido-unshown"
"""An envido award waiting for the cards to be shown (bluff or show rule)."""
CAT_FLOR_LOST = "flor-lost"
"""Flor points a team collected because the other team lost a flor (§8.22):
they are not its own flor points and never move again (§8.29)."""

TRUCO_VALUE = (1, 2, 3, 4)
_ENV_STAGES = ("none", "pending", "declaring", "settled", "void")
_FLOR_STAGES = ("none", "answer", "call", "declaring", "done")


class Trick:
    """A completed trick: the cards played and who won it.

    Attributes:
        plays: ``(seat, card)`` in playing order.
        team: the winning team, or ``None`` for a parda.
        seat: the seat whose card won (the first partner to play it), or ``None``.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> for text in ["0 1E", "1 3B"]:
    ...     state, _ = apply(state, Action.parse(text))
    >>> (trick,) = state.round.tricks
    >>> [(seat, str(card)) for seat, card in trick.plays]
    [(0, '1E'), (1, '3B')]
    >>> trick.team, trick.seat, trick.parda
    (0, 0, False)
    """

    __slots__ = ("plays", "seat", "team")

    def __init__(self, plays: tuple[tuple[int, Card], ...], team: int | None, seat: int | None) -> None:
        self.plays = plays
        self.team = team
        self.seat = seat

    @property
    def parda(self) -> bool:
        """The trick is tied."""
        return self.team is None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.plays, self.team, self.seat) == (other.plays, other.team, other.seat)

    def __hash__(self) -> int:
        return hash((self.plays, self.team, self.seat))

    def __repr__(self) -> str:
        cards = " ".join(f"{seat}:{card}" for seat, card in self.plays)
        result = "parda" if self.team is None else f"team {self.team}"
        return f"Trick({cards} -> {result})"


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

    __slots__ = (
        "_acted",
        "_call_log",
        "_cards_played",
        "_carried",
        "_dealt",
        "_decl_best",
        "_decl_best_seat",
        "_decl_kind",
        "_decl_log",
        "_decl_queue",
        "_decls",
        "_defer",
        "_ended",
        "_env_any",
        "_env_caller",
        "_env_calls",
        "_env_deferred",
        "_env_forfeit",
        "_env_pts",
        "_env_state",
        "_env_winner",
        "_flor_answerers",
        "_flor_call",
        "_flor_caller",
        "_flor_first",
        "_flor_forfeit",
        "_flor_lost",
        "_flor_over",
        "_flor_pts",
        "_flor_stage",
        "_flor_stake",
        "_flor_sung",
        "_folded",
        "_held",
        "_mano",
        "_n",
        "_pending",
        "_points",
        "_quiero_team",
        "_trick",
        "_tricks",
        "_truco_call",
        "_truco_caller",
        "_truco_level",
        "_turn",
        "_winner",
    )

    _acted: int
    _call_log: tuple[tuple[str, int, Kind], ...]
    _cards_played: int
    _carried: int
    _decl_best: int
    _decl_best_seat: int
    _decl_kind: int
    _decl_log: tuple[tuple[str, int, int | None, bool], ...]
    _decl_queue: tuple[int, ...]
    _decls: tuple[tuple[int, int | None], ...]
    _dealt: tuple[Hand, ...]
    _defer: bool
    _ended: bool
    _env_any: bool
    _env_caller: int
    _env_calls: tuple[Kind, ...]
    _env_deferred: tuple[int, int, int] | None
    _env_forfeit: bool
    _env_pts: tuple[int, ...]
    _env_state: int
    _env_winner: int
    _flor_answerers: int
    _flor_call: Kind | None
    _flor_caller: int
    _flor_first: int
    _flor_forfeit: int
    _flor_lost: int
    _flor_over: Kind | None
    _flor_pts: tuple[int | None, ...]
    _flor_stage: int
    _flor_stake: int
    _flor_sung: int
    _folded: int
    _held: tuple[tuple[Card, ...], ...]
    _mano: int
    _n: int
    _pending: tuple[tuple[int, int, str], ...]
    _points: tuple[int, int]
    _quiero_team: int
    _trick: tuple[tuple[int, Card], ...]
    _tricks: tuple[Trick, ...]
    _truco_call: int
    _truco_caller: int
    _truco_level: int
    _turn: int
    _winner: int

    def _copy(self) -> Round:  # replaced below by a generated straight-line copy
        raise NotImplementedError

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in Round.__slots__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # --- public, read-only -------------------------------------------------
    @property
    def mano(self) -> int:
        """The seat that leads the first trick."""
        return self._mano

    @property
    def dealt(self) -> tuple[Hand, ...]:
        """Every seat's three cards as dealt (hidden information)."""
        return self._dealt

    @property
    def held(self) -> tuple[Hand, ...]:
        """Every seat's cards not yet played (hidden information)."""
        return tuple(Hand(cards) for cards in self._held)

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
        """Seats that went to the mazo (out of this hand)."""
        return frozenset(s for s in range(self._n) if self._folded >> s & 1)

    @property
    def truco_level(self) -> int:
        """Accepted truco level: 0 none, 1 truco, 2 retruco, 3 vale cuatro."""
        return self._truco_level

    @property
    def truco_value(self) -> int:
        """What the hand is worth now: 1, 2, 3 or 4."""
        return TRUCO_VALUE[self._truco_level]

    @property
    def envido_calls(self) -> tuple[Kind, ...]:
        """The envido chain called in this hand, in order."""
        return self._env_calls

    @property
    def flor_sung(self) -> frozenset[int]:
        """Seats that have sung flor in this hand."""
        return frozenset(s for s in range(self._n) if self._flor_sung >> s & 1)

    @property
    def points(self) -> tuple[int, int]:
        """Points each team has had added to the score from this hand so far."""
        return self._points

    @property
    def ended(self) -> bool:
        """The hand is over."""
        return self._ended

    @property
    def quiero_team(self) -> int | None:
        """The team that accepted the last truco level and may raise it, if any."""
        return None if self._quiero_team < 0 else self._quiero_team

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
        if self._ended:
            return None
        if self._flor_stage == FLOR_ANSWER:
            return (Kind.FLOR, self._flor_first)
        if self._flor_stage == FLOR_CALL and self._flor_call is not None:
            return (self._flor_call, self._flor_caller)
        if self._decl_kind:
            return None
        if self._env_state == ENV_PENDING:
            return (self._env_calls[-1], self._env_caller)
        if self._truco_call:
            return (TRUCO_CALLS[self._truco_call - 1], self._truco_caller)
        return None

    @property
    def declaring(self) -> str | None:
        """``"envido"`` or ``"flor"`` while seats are declaring their points, else ``None``."""
        return (None, "envido", "flor")[self._decl_kind] if not self._ended else None

    @property
    def declarations(self) -> tuple[tuple[int, int | None], ...]:
        """The declarations made so far in the current round of declaring:
        ``(seat, points)``, with ``None`` for ``son-buenas``."""
        return self._decls

    @property
    def winner(self) -> int | None:
        """The team that won the hand's truco points, once known."""
        return None if self._winner < 0 else self._winner

    # --- public, read-only: what a table shows (for views; added by "front") ---
    @property
    def hand_declarations(self) -> tuple[tuple[str, int, int | None, bool], ...]:
        """Every declaration of this hand (or duel): ``(what, seat, points, timeout)``
        with *what* ``"envido"`` or ``"flor"``, ``None`` points for ``son-buenas``
        and *timeout* true when a timeout made it."""
        return self._decl_log

    @property
    def hand_calls(self) -> tuple[tuple[str, int, Kind], ...]:
        """Every call and answer of this hand (or duel) in order: ``(chain, seat, kind)``
        with *chain* ``"truco"``, ``"envido"`` or ``"flor"``."""
        return self._call_log

    @property
    def cards_left(self) -> tuple[int, ...]:
        """How many cards each seat still holds."""
        return tuple([len(cards) for cards in self._held])

    def held_by(self, seat: int) -> tuple[Card, ...]:
        """The cards *seat* has not played yet (hidden from the other seats)."""
        return self._held[seat]

    @property
    def envido_points(self) -> tuple[int, ...]:
        """Every seat's envido points (hidden information)."""
        return self._env_pts

    @property
    def flor_points(self) -> tuple[int | None, ...]:
        """Every seat's flor points, ``None`` without a flor (hidden information)."""
        return self._flor_pts

    @property
    def envido_stage(self) -> str:
        """``"none"``, ``"pending"``, ``"declaring"``, ``"settled"`` or ``"void"`` (voided by a flor)."""
        return _ENV_STAGES[self._env_state]

    @property
    def envido_caller(self) -> int | None:
        """The seat that made the last call of the envido chain."""
        return None if self._env_caller < 0 else self._env_caller

    @property
    def envido_winner(self) -> int | None:
        """The seat whose declaration won the envido, once the declarations are over."""
        return None if self._env_winner < 0 else self._env_winner

    @property
    def flor_stage(self) -> str:
        """``"none"``, ``"answer"`` (waiting for the second holder), ``"call"`` (a
        contraflor, contraflor al resto or second flor waits for an answer),
        ``"declaring"`` or ``"done"``."""
        return _FLOR_STAGES[self._flor_stage]

    @property
    def flor_call(self) -> tuple[Kind, int, Kind | None] | None:
        """The flor-chain call waiting for an answer: ``(call, caller, call it raised)``."""
        if self._flor_stage != FLOR_CALL or self._flor_call is None:
            return None
        return (self._flor_call, self._flor_caller, self._flor_over)

    @property
    def flor_stake(self) -> int:
        """What the accepted flor chain is worth (-1: the falta or the chico)."""
        return self._flor_stake

    @property
    def truco_call(self) -> tuple[Kind, int] | None:
        """The truco-level call waiting for an answer (also while an envido it
        allowed is being played), and its caller."""
        if not self._truco_call:
            return None
        return (TRUCO_CALLS[self._truco_call - 1], self._truco_caller)

    @property
    def unscored(self) -> tuple[tuple[int, int, str], ...]:
        """Points won in this hand and not yet added to the score (end-of-hand
        presets): ``(team, points, category)``."""
        return self._pending


class State:
    """The whole table. Build with :func:`pytruco.new_game`; advance with
    :func:`pytruco.apply`. Read-only and hashable; two states are equal when
    they have the same rules and history.

    >>> from pytruco import Deal, apply, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state.phase.value, state.score, state.is_chance
    ('deal', (0, 0), True)
    >>> after, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> after.phase.value, after.to_act, after.hands_dealt, state.hands_dealt
    ('play', (0,), 1, 0)
    """

    __slots__ = (
        "_chicos",
        "_hands_dealt",
        "_history",
        "_legal",
        "_mano",
        "_phase",
        "_pica",
        "_pica_last",
        "_reset_score",
        "_round",
        "_rps",
        "_rules",
        "_score",
        "_start_chicos",
        "_start_mano",
        "_start_score",
        "_to_act",
        "_winner",
    )

    _chicos: tuple[int, int]
    _hands_dealt: int
    _history: tuple[Any, ...] | None
    _legal: tuple[Action, ...] | None
    _mano: int
    _phase: Phase
    _pica: tuple[int, int] | None
    _pica_last: bool
    _reset_score: bool
    _round: Round | None
    _rps: tuple[Any, ...]
    _rules: RuleSet
    _score: tuple[int, int]
    _start_chicos: tuple[int, int]
    _start_mano: int
    _start_score: tuple[int, int]
    _to_act: tuple[int, ...] | None
    _winner: int | None

    def _copy(self) -> State:  # replaced below by a generated straight-line copy
        raise NotImplementedError

    def _key(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._phase,
            self._score,
            self._chicos,
            self._mano,
            self._round,
            self._rps,
            self._winner,
            self._hands_dealt,
            self._reset_score,
            self._pica,
            self._pica_last,
            self.history,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<State {self._rules.preset_name} {self._rules.players}p phase={self._phase.value} "
            f"score={self._score[0]}-{self._score[1]} hands={self._hands_dealt}>"
        )

    # --- public, read-only -------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        """The rules of this game."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """What the table waits for."""
        return self._phase

    @property
    def score(self) -> tuple[int, int]:
        """Points of team 0 and team 1 (in the current chico)."""
        return self._score

    @property
    def chicos(self) -> tuple[int, int]:
        """Chicos won by each team (zeros outside partido rules)."""
        return self._chicos

    @property
    def mano(self) -> int:
        """The mano of the current hand, or of the next one to be dealt."""
        return self._mano

    @property
    def round(self) -> Round | None:
        """The current (or last finished) hand, ``None`` before the first deal."""
        return self._round

    @property
    def hands_dealt(self) -> int:
        """How many deals there have been."""
        return self._hands_dealt

    @property
    def winner(self) -> int | None:
        """The winning team once the match is over."""
        return self._winner

    @property
    def duel(self) -> int | None:
        """In a pica hand (pica-pica, 6 seats): the duel being played, 0-2
        (seat *k* against seat *k* + 3); ``None`` in a normal hand."""
        return None if self._pica is None else self._pica[0]

    @property
    def is_over(self) -> bool:
        """The match is over."""
        return self._phase is Phase.OVER

    @property
    def is_chance(self) -> bool:
        """The next action is a :class:`pytruco.Deal`."""
        return self._phase is Phase.DEAL

    @property
    def history(self) -> tuple[Action | Deal, ...]:
        """Every action applied since :func:`pytruco.new_game`, deals included."""
        items: list[Action | Deal] = []
        node = self._history
        while node is not None:
            items.append(node[0])
            node = node[1]
        items.reverse()
        return tuple(items)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now, in increasing order."""
        if self._to_act is None:
            from .engine import _compute_legal

            _compute_legal(self)
        assert self._to_act is not None
        return self._to_act


def _make_copier(cls: type, reset: tuple[str, ...] = ()) -> Any:
    """A straight-line ``_copy`` for a slotted class: the reducer copies one
    state and one hand per action, so this is on the hot path."""
    lines = ["def _copy(self):", f"    new = _new({cls.__name__})"]
    for name in cls.__dict__["__slots__"]:
        value = "None" if name in reset else f"self.{name}"
        lines.append(f"    new.{name} = {value}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, cls.__name__: cls}
    exec("\n".join(lines), namespace)
    return namespace["_copy"]


Round._copy = _make_copier(Round)  # type: ignore[method-assign]
State._copy = _make_copier(State, reset=("_legal", "_to_act"))  # type: ignore[method-assign]

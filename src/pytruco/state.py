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
from .history import (
    ROOT,
    RecordHand,
    deal_entry,
    finished_hands,
    history_hash,
    items,
    record_hand,
    same_history,
)
from .rules import RuleSet
from .table import (  # noqa: F401  (the stage names, re-exported for the modules that read them here)
    CAT_ENVIDO,
    CAT_FLOR,
    CAT_FLOR_LOST,
    CAT_TRUCO,
    CAT_UNSHOWN,
    DECL_ENVIDO,
    DECL_FLOR,
    DECL_NONE,
    ENV_DECLARING,
    ENV_NONE,
    ENV_PENDING,
    ENV_SETTLED,
    ENV_VOID,
    FLOR_ANSWER,
    FLOR_CALL,
    FLOR_DECLARING,
    FLOR_DONE,
    FLOR_NONE,
    TRUCO_VALUE,
    Declaring,
    EnvidoStage,
    FlorStage,
    Trick,
)

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
        "_cards_played",
        "_carried",
        "_dealt",
        "_decl_best",
        "_decl_best_seat",
        "_decl_kind",
        "_decl_queue",
        "_decls",
        "_defer",
        "_deferred",
        "_ended",
        "_env_caller",
        "_env_calls",
        "_env_count",
        "_env_forfeit",
        "_env_pts",
        "_env_state",
        "_env_unshown",
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
    _cards_played: int
    _carried: int
    _decl_best: int
    _decl_best_seat: int
    _decl_kind: Declaring
    _decl_queue: tuple[int, ...]
    _decls: tuple[tuple[int, int | None], ...]
    _dealt: tuple[Hand, ...]
    _defer: bool
    _ended: bool
    _env_caller: int
    _env_calls: tuple[Kind, ...]
    _env_count: int
    _env_unshown: tuple[int, int, int] | None
    _env_forfeit: bool
    _env_pts: tuple[int, ...]
    _env_state: EnvidoStage
    _env_winner: int
    _flor_answerers: int
    _flor_call: Kind | None
    _flor_caller: int
    _flor_first: int
    _flor_forfeit: int
    _flor_lost: int
    _flor_over: Kind | None
    _flor_pts: tuple[int | None, ...]
    _flor_stage: FlorStage
    _flor_stake: int
    _flor_sung: int
    _folded: int
    _held: tuple[tuple[Card, ...], ...]
    _mano: int
    _n: int
    _deferred: tuple[tuple[int, int, str], ...]
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

    def __copy__(self) -> Round:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Round:
        return self

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
        calls = self._env_calls
        extra = self._env_count - len(calls)  # a long per-word chain keeps its first calls and a count
        return calls + (Kind.ENVIDO,) * extra if extra else calls

    @property
    def envido_count(self) -> int:
        """``len(round.envido_calls)``, without building it."""
        return self._env_count

    def last_envido_call(self) -> Kind:
        """The last call of the envido chain (the one pending while the chain waits for an answer)."""
        return self._env_calls[-1] if self._env_count <= len(self._env_calls) else Kind.ENVIDO

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
        if self._flor_stage is FLOR_ANSWER:
            return (Kind.FLOR, self._flor_first)
        if self._flor_stage is FLOR_CALL and self._flor_call is not None:
            return (self._flor_call, self._flor_caller)
        if self._decl_kind is not DECL_NONE:
            return None
        if self._env_state is ENV_PENDING:
            return (self.last_envido_call(), self._env_caller)
        if self._truco_call:
            return (TRUCO_CALLS[self._truco_call - 1], self._truco_caller)
        return None

    @property
    def declaring(self) -> str | None:
        """``"envido"`` or ``"flor"`` while seats are declaring their points, else ``None``."""
        kind = self._decl_kind
        return None if kind is DECL_NONE or self._ended else kind.value

    @property
    def declarations(self) -> tuple[tuple[int, int | None], ...]:
        """The declarations made so far in the current round of declaring:
        ``(seat, points)``, with ``None`` for ``son-buenas``."""
        return self._decls

    @property
    def winner(self) -> int | None:
        """The team that won the hand's truco points, once known."""
        return None if self._winner < 0 else self._winner


class State:
    """The whole table. Build with :func:`pytruco.new_game`; advance with
    :func:`pytruco.apply`. Read-only and hashable; two states are equal when
    they have the same rules, the same start (first mano, score, chicos) and the
    same history. ``copy.copy`` and ``copy.deepcopy`` return the state itself
    (it is an immutable value); ``pickle`` works at any length of game.

    >>> import pickle
    >>> from pytruco import new_game, apply, Deal
    >>> state = new_game("default", first_mano=1, score=(4, 7))
    >>> state.first_mano, state.starting_score, state.starting_chicos
    (1, (4, 7), (0, 0))
    >>> pickle.loads(pickle.dumps(state)) == state
    True
    >>> after, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> after.phase.value, after.to_act, after.hands_dealt, state.hands_dealt
    ('play', (1,), 1, 0)
    """

    __slots__ = (
        "_chicos",
        "_hands_dealt",
        "_hashed",
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
        "_start",
        "_to_act",
        "_winner",
    )

    _chicos: tuple[int, int]
    _hands_dealt: int
    _hashed: tuple[int, int]
    _history: Any
    _legal: tuple[Action, ...]
    _mano: int
    _phase: Phase
    _pica: tuple[int, int] | None
    _pica_last: bool
    _reset_score: bool
    _round: Round | None
    _rps: tuple[Any, ...]
    _rules: RuleSet
    _score: tuple[int, int]
    _start: tuple[int | None, tuple[int, int], tuple[int, int]]
    """How the game started: first mano (``None`` until rock-paper-scissors chooses), score, chicos."""
    _to_act: tuple[int, ...]
    _winner: int | None

    def _copy(self) -> State:  # replaced below by a generated straight-line copy
        raise NotImplementedError

    def _key(self) -> tuple[Any, ...]:
        """Everything but the history (compared and hashed apart, without materializing it)."""
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
            self._start,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        if self is other:
            return True
        return same_history(self._history, other._history) and self._key() == other._key()

    def __hash__(self) -> int:
        # _hashed is (hash, size) of this state's history or of an ancestor's (a successor starts from its
        # parent's), so only the actions added since the last hash are hashed.
        hashed = self._hashed
        if hashed[1] != self._history[2]:
            hashed = self._hashed = history_hash(self._history, hashed)
        return hash((self._key(), hashed[0]))

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # The history is written flat (a loop, not the linked nodes, which would recurse once per item).
        fields = {name: getattr(self, name) for name in State.__slots__ if name not in _REBUILT}
        return (_restore, (fields, tuple(items(self._history))))

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
    def first_mano(self) -> int | None:
        """The mano of the first hand; ``None`` while rock-paper-scissors has not chosen it."""
        return self._start[0]

    @property
    def starting_score(self) -> tuple[int, int]:
        """The score the game started from (:func:`pytruco.new_game`'s *score*)."""
        return self._start[1]

    @property
    def starting_chicos(self) -> tuple[int, int]:
        """The chicos the game started from (:func:`pytruco.new_game`'s *chicos*)."""
        return self._start[2]

    @property
    def round(self) -> Round | None:
        """The current (or last finished) hand, ``None`` before the first deal."""
        return self._round

    @property
    def rounds_dealt(self) -> int:
        """How many rounds (deals) there have been.

        >>> from pytruco import new_game
        >>> new_game("default", first_mano=0).rounds_dealt
        0
        """
        return self._hands_dealt

    @property
    def hands_dealt(self) -> int:
        """How many deals there have been (the older name of :attr:`rounds_dealt`, kept)."""
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
        return tuple(items(self._history))

    @property
    def history_length(self) -> int:
        """``len(state.history)``, without building it."""
        return int(self._history[2])

    @property
    def opening_actions(self) -> tuple[Action, ...]:
        """The actions applied before the first deal (rock-paper-scissors, a timeout or a surrender then)."""
        entry = self._history[3]
        found = items(self._history if entry is None else entry[3])
        return tuple(item for item in found if isinstance(item, Action))

    @property
    def record_hands(self) -> tuple[RecordHand, ...]:
        """Every hand dealt so far as a record hand (deal and action texts), the current one last.

        Finished hands are made once and kept, so asking after every action costs the current hand only.
        """
        node = self._history
        if node[3] is None:
            return ()
        return (*finished_hands(node[3]), record_hand(node))

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now, in increasing order."""
        return self._to_act


_REBUILT = frozenset({"_history", "_hashed"})


def _restore(fields: dict[str, Any], history: tuple[Action | Deal, ...]) -> State:
    """Unpickle a state: its fields and its history, rebuilt as linked nodes."""
    st: State = State.__new__(State)
    for name, value in fields.items():
        setattr(st, name, value)
    node = ROOT
    for item in history:
        node = (item, node, node[2] + 1, deal_entry(node) if isinstance(item, Deal) else node[3])
    st._history, st._hashed = node, (0, 0)
    return st


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
State._copy = _make_copier(State)  # type: ignore[method-assign]

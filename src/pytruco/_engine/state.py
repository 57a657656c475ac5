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

from typing import Any, Final, NoReturn

from ..actions import Action, Deal
from ..errors import ArgumentError, require
from ..rules import RuleSet
from .history import (
    MAX_HANDS,
    ROOT,
    RecordHand,
    deal_entry,
    finished_hands,
    history_hash,
    items,
    record_hand,
    same_history,
)
from .native import mypyc_attr
from .options import Options, options_of
from .parts import BLANK, NATIVE
from .round import MADE, Round
from .stages import PHASE_DEAL, PHASE_OVER, PHASE_PLAY, Phase, Trick

__all__ = ["Phase", "Round", "State", "Trick"]


STATE_FIELDS: Final = (
    "_chicos",
    "_hand_score",
    "_hand_start",
    "_hands_dealt",
    "_hashed",
    "_history",
    "_legal",
    "_mano",
    "_opts",
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
"""The fields of a :class:`State` (its slots; a compiled class has no ``__slots__`` to read back)."""


# Compiled, a freed state is kept for the next one (``free_list_len=1``): the reducer copies one state per action and
# the caller soon drops the state before (as Round, round.py).
@mypyc_attr(free_list_len=1)
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
    >>> print(state)
    default 1v1 to 30: score 4-7, deal, mano seat 1
    >>> after, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> after.phase.value, after.to_act, after.rounds_dealt, state.rounds_dealt
    ('play', (1,), 1, 0)
    """

    def __init__(self, made: object = None, /, *args: object, **kwargs: object) -> None:
        """Refused: a State is made by pytruco.new_game (then apply or replay), never by hand.

        >>> from pytruco import State
        >>> State()
        Traceback (most recent call last):
        ...
        pytruco.errors.ArgumentError: State() is not built by hand: start a game with pytruco.new_game(), then apply()
        """
        if made is MADE and not args and not kwargs:  # the engine's own blank state
            return
        raise ArgumentError("State() is not built by hand: start a game with pytruco.new_game(), then apply()")

    __slots__ = STATE_FIELDS

    _chicos: tuple[int, int]
    _hand_score: tuple[int, int]
    """The score when the current hand was dealt (the starting score before the first deal)."""
    _hand_start: State | None
    """The state just before the current hand's deal (``None`` before the first deal and after unpickling)."""
    _hands_dealt: int
    _hashed: tuple[int, int]
    _history: Any
    _legal: tuple[Action, ...]
    _mano: int
    _opts: Options
    """The options of ``_rules`` as the engine reads them (:func:`~pytruco._engine.options.options_of`)."""
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

    def _copy(self) -> State:
        """A copy of every field (the reducer copies one state per action: straight-line, on the hot path)."""
        new: State = State(MADE) if NATIVE else BLANK(State)
        new._chicos = self._chicos
        new._hand_score = self._hand_score
        new._hand_start = self._hand_start
        new._hands_dealt = self._hands_dealt
        new._hashed = self._hashed
        new._history = self._history
        new._legal = self._legal
        new._mano = self._mano
        new._opts = self._opts
        new._phase = self._phase
        new._pica = self._pica
        new._pica_last = self._pica_last
        new._reset_score = self._reset_score
        new._round = self._round
        new._rps = self._rps
        new._rules = self._rules
        new._score = self._score
        new._start = self._start
        new._to_act = self._to_act
        new._winner = self._winner
        return new

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
        fields = {name: getattr(self, name) for name in STATE_FIELDS if name not in _REBUILT}
        return (_restore, (fields, tuple(items(self._history))))

    def __repr__(self) -> str:
        return (
            f"<State {self._rules.preset_name} {self._rules.players}p phase={self._phase.value} "
            f"score={self._score[0]}-{self._score[1]} hands={self._hands_dealt}>"
        )

    def __str__(self) -> str:
        """The table as text: the match line, then the current round (see :class:`Round`)."""
        rules = self._rules
        line = (
            f"{rules.preset_name} {rules.players // 2}v{rules.players // 2} to {rules.target}: "
            f"score {self._score[0]}-{self._score[1]}"
        )
        if rules.chicos_to_win > 1:
            line += f", chicos {self._chicos[0]}-{self._chicos[1]}"
        line += f", {self._phase.value}"
        if self._phase is PHASE_OVER:
            line += f", team {self._winner} won"
        else:
            line += f", mano seat {self._mano}"
            if self._to_act:
                line += f", to act: {', '.join(f'seat {s}' for s in self._to_act)}"
        if self.duel is not None:
            line += f", pica duel {self.duel}"
        if self._round is None or self._phase is PHASE_DEAL:
            return line
        return f"{line}\n{self._round}"

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
    def winner(self) -> int | None:
        """The winning team once the match is over."""
        return self._winner

    @property
    def duel(self) -> int | None:
        """In a pica hand (pica-pica, 6 seats): the duel being played, 0-2
        (seat *k* against seat *k* + 3); ``None`` in a normal round."""
        return None if self._pica is None else self._pica[0]

    @property
    def is_over(self) -> bool:
        """The match is over."""
        return self._phase is PHASE_OVER

    @property
    def is_chance(self) -> bool:
        """The next action is a :class:`pytruco.Deal` (not once the record holds :data:`~pytruco.records.MAX_HANDS`
        hands: then only ``rendirse`` is accepted)."""
        return self._phase is PHASE_DEAL and self._hands_dealt < MAX_HANDS

    @property
    def history(self) -> tuple[Action | Deal, ...]:
        """Every action applied since :func:`pytruco.new_game`, deals included."""
        return tuple(items(self._history))

    @property
    def history_length(self) -> int:
        """``len(state.history)``, without building it."""
        return int(self._history[2])

    @property
    def round_history(self) -> tuple[Action | Deal, ...]:
        """The items of the current round, from its deal (before the first deal: the whole history).

        >>> from pytruco import Action, Deal, apply, new_game
        >>> state = new_game("default", first_mano=0)
        >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
        >>> [str(item) for item in apply(state, Action.parse("0 truco"))[0].round_history][1:]
        ['0 truco']
        """
        found: list[Action | Deal] = []
        node = self._history
        while node[2]:
            item = node[0]
            found.append(item)
            if type(item) is Deal:
                break
            node = node[1]
        found.reverse()
        return tuple(found)

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
        return finished_hands(node[3]) + (record_hand(node),)  # noqa: RUF005 - concatenation copies at C speed

    @property
    def round_over(self) -> bool:
        """The current round (deal) is over: the last action ended it, and the table waits for the next deal or
        the match is over. ``False`` before the first deal and while a round (any duel of a pica round) runs.

        >>> from pytruco import Action, Deal, apply, new_game
        >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
        >>> state.round_over, apply(state, Action.parse("0 mazo"))[0].round_over
        (False, True)
        """
        r = self._round
        return r is not None and r._score.ended and self._phase is not PHASE_PLAY

    @property
    def round_points(self) -> tuple[int, int]:
        """The per-round result: the points each team has scored in the current round (the last one once
        :attr:`round_over`), envido, flor and truco together; ``(0, 0)`` before the first deal.

        >>> from pytruco import Action, Deal, apply, new_game
        >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
        >>> apply(state, Action.parse("0 mazo"))[0].round_points
        (0, 2)
        """
        base = getattr(self, "_hand_score", self._start[1])
        return (self._score[0] - base[0], self._score[1] - base[1])

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now, in increasing order."""
        return self._to_act


_REBUILT: Final = frozenset({"_history", "_hashed", "_hand_start", "_opts"})


def _restore(fields: dict[str, Any], history: tuple[Action | Deal, ...]) -> State:
    """Unpickle a state: its fields and its history, rebuilt as linked nodes."""
    st = State(MADE)
    for name, value in fields.items():
        setattr(st, name, value)
    node = ROOT
    for item in history:
        node = (item, node, node[2] + 1, deal_entry(node) if isinstance(item, Deal) else node[3])
    st._history, st._hashed, st._hand_start = node, (0, 0), None
    st._opts = options_of(st._rules)
    return st


def require_state(value: object, where: str) -> None:
    """Raise :class:`~pytruco.ArgumentError` unless *value* is a :class:`State`; *where* names the caller.

    >>> from pytruco import ArgumentError, new_game
    >>> from pytruco._engine.state import require_state
    >>> require_state(new_game(), "view")
    >>> try:
    ...     require_state(None, "view")
    ... except ArgumentError as error:
    ...     print(error)
    view needs a State, not None
    """
    require(value, State, where, "a State")
    if not is_made(value):  # made by object.__new__, not new_game
        raise ArgumentError(f"{where} needs a State made by new_game or apply, not one without its fields")


def not_a_state(value: object, where: str) -> NoReturn:
    """Raise :func:`require_state`'s :class:`~pytruco.ArgumentError` for *value*, which is no :class:`State`: the
    public entry points narrow their argument with it (``if not isinstance(state, State): not_a_state(...)``)."""
    require_state(value, where)
    raise ArgumentError(f"{where} needs a State made by new_game or apply, not {type(value).__name__}")


def is_made(state: object) -> bool:
    """Whether *state* was made by :func:`pytruco.new_game`, :func:`pytruco.apply` or unpickling, which set its
    history first and its legal actions last (``object.__new__(State)`` has neither): two cheap tests."""
    return hasattr(state, "_history") and hasattr(state, "_legal")

"""The reducer: ``apply(state, action)``, ``legal_actions(state)`` and friends.

One pure function advances the game: it never changes its input and returns
the new state with the events that happened. Legality has one source, the
generator behind :func:`legal_actions`; :func:`apply` accepts exactly those
actions (plus the always-available ``timeout`` and ``rendirse``), and
:func:`check` explains any other with a sentence that names the rule.

>>> from pytruco import new_game, apply, legal_actions, Action, Deal
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> sorted(str(a) for a in legal_actions(state))
['0 1E', '0 6C', '0 7C', '0 envido', '0 falta-envido', '0 mazo', '0 real-envido', '0 truco']
>>> state, _ = apply(state, Action.parse("0 envido"))
>>> state.to_act
(1,)
"""

from __future__ import annotations

import random
from typing import Any, Final, overload

import attrs

from ..actions import (
    CALL_ACTIONS,
    ENVIDO_CALLS,
    PLAY_ACTIONS,
    TENGO_ACTIONS,
    TRUCO_CALLS,
    Action,
    Deal,
    Kind,
    action_problem,
)
from ..cards import Card, draw_below, random_source
from ..errors import ArgumentError, RuleSetError, quoted
from ..events import Event, EventLog
from ..rules import RuleSet, check_start
from .awaiting import own_pending, waiting
from .deal import apply_deal, deal_refusal, random_deal
from .declarations import answer_refusal, declaration_refusal, declare
from .envido import answer_envido, envido_refusal, open_chain
from .flor import (
    answer_first_flor,
    answer_flor_call,
    flor_answer_refusal,
    flor_call_refusal,
    flor_refusal,
    may_fold_unsung,
    must_sing,
    sing_flor,
)
from .history import ROOT, Node
from .match import RPS_ACTIONS, rps, surrender, table_refusal
from .mazo import fold, mazo_refusal
from .menus import compute_legal
from .options import options_of
from .refusals import Refusal, error
from .round import MADE, awaiting
from .stages import (
    AWAIT_ENVIDO,
    AWAIT_FLOR,
    AWAIT_FLOR_CALL,
    AWAIT_TRUCO,
    KIND_CON_FLOR_ME_ACHICO,
    KIND_CONTRAFLOR,
    KIND_CONTRAFLOR_AL_RESTO,
    KIND_FLOR,
    KIND_MAZO,
    KIND_NO_QUIERO,
    KIND_PLAY,
    KIND_QUIERO,
    KIND_RENDIRSE,
    KIND_RPS,
    KIND_SON_BUENAS,
    KIND_TENGO,
    KIND_TIMEOUT,
    PHASE_DEAL,
    PHASE_PLAY,
    PHASE_RPS,
)
from .state import Phase, Round, State, not_a_state, require_state
from .timeout import timeout
from .tricks import play_card, play_refusal
from .truco import answer_truco, call_truco, holds_quiero, truco_refusal

__all__ = ["apply", "check", "is_legal", "legal_actions", "new_game", "random_deal"]

_ANSWERS: Final = (KIND_QUIERO, KIND_NO_QUIERO)
_FLOR_CALLS: Final = (KIND_CONTRAFLOR, KIND_CONTRAFLOR_AL_RESTO, KIND_CON_FLOR_ME_ACHICO)
"""Ordinary actions stop when a hand (or the draw) lists this many: the last place is rendirse's (RECORDS limits)."""
_RPS_CACHE: Final = {(a.seat, a.choice): a for seats in RPS_ACTIONS for a in seats}


# --- starting a game -------------------------------------------------------
# The public entry points are typed by their overloads; each implementation takes ``object`` and narrows it, so
# that the compiled build (mypyc checks an implementation's argument types) refuses hostile input with the same
# library errors as the pure one, never with a bare TypeError.
@overload
def new_game(
    rules: RuleSet,
    *,
    first_mano: int | None = None,
    score: tuple[int, int] = (0, 0),
    chicos: tuple[int, int] = (0, 0),
    rng: random.Random | None = None,
) -> State: ...
@overload
def new_game(
    rules: str = "default",
    *,
    first_mano: int | None = None,
    score: tuple[int, int] = (0, 0),
    chicos: tuple[int, int] = (0, 0),
    rng: random.Random | None = None,
    **options: Any,
) -> State: ...
def new_game(
    rules: object = "default",
    *,
    first_mano: object = None,
    score: object = (0, 0),
    chicos: object = (0, 0),
    rng: object = None,
    **options: Any,
) -> State:
    """A new match, waiting for its first deal (or for rock-paper-scissors).

    Args:
        rules: a :class:`RuleSet` or a preset name.
        options: rule options of the named preset, as :meth:`RuleSet.preset` takes them (``players=4``); with a
            :class:`RuleSet` an :class:`ArgumentError` (change it with :meth:`RuleSet.with_options`).
        first_mano: the mano of the first hand. When ``None`` it is drawn
            with *rng* (an unpredictable system source if that is ``None``),
            except under rules that choose it by rock-paper-scissors.
        score: starting score per team (below the target).
        chicos: chicos already won per team (partido rules).
        rng: random source for drawing the first mano.

    Raises:
        RuleSetError: unknown preset or option, or an invalid option value.
        ValueError: an impossible seat or score.

    >>> new_game("online").phase
    <Phase.RPS: 'rps'>
    >>> new_game("classic", first_mano=1).mano
    1
    >>> new_game("default", players=4, target=15, first_mano=0).rules.players
    4
    """
    rules = _rules_of(rules, options)
    start = check_start(rules, first_mano, score, chicos)
    st = State(MADE)
    st._rules = rules
    st._opts = options_of(rules)
    st._score = start[1]
    st._chicos = start[2]
    st._round = None
    st._rps = (None, None)
    st._winner = None
    st._hands_dealt = 0
    st._reset_score = False
    st._pica = None
    st._pica_last = False
    st._history = ROOT
    st._hashed = (0, 0)
    st._hand_start = None
    st._hand_score = start[1]
    st._phase, st._mano = _first_phase(rules, start[0], rng)
    st._start = (None if st._phase is PHASE_RPS else st._mano, start[1], start[2])
    compute_legal(st)
    return st


def _first_phase(rules: RuleSet, first_mano: int | None, rng: object) -> tuple[Phase, int]:
    """A new match's phase and mano: rock-paper-scissors first where the rules choose the first mano so (and no
    mano is given), else the deal, with the given mano or one drawn with *rng*."""
    if first_mano is None and rules.rps_first_mano:
        return PHASE_RPS, 0
    return PHASE_DEAL, draw_below(random_source(rng), rules.players) if first_mano is None else first_mano


def _rules_of(rules: object, options: dict[str, Any]) -> RuleSet:
    """new_game's rules: a RuleSet as it is, or the named preset with *options* (each a rule option, else a
    :class:`RuleSetError` that also names new_game's own keywords)."""
    if isinstance(rules, str):
        known = attrs.fields_dict(RuleSet)
        for key in options:
            if key not in known or key == "preset_name":
                raise RuleSetError(
                    f"unknown option {quoted(key)} (new_game takes first_mano, score, chicos, rng and the rule"
                    " options of RuleSet.preset)"
                )
        return RuleSet.preset(rules, **options) if options else RuleSet.preset(rules)
    if options:
        names = ", ".join(options)
        raise ArgumentError(
            f"new_game takes rule options ({names}) only with a preset name;"
            f" change a RuleSet with rules.with_options({names.replace(', ', '=..., ')}=...)"
        )
    if not isinstance(rules, RuleSet):
        raise RuleSetError(f"rules must be a RuleSet or a preset name, not {quoted(rules)}")
    return rules


# --- legal actions: the one source of legality -----------------------------
@overload
def legal_actions(state: State, *, meta: bool = False) -> tuple[Action, ...]: ...
@overload
def legal_actions(state: State, seat: int | None, *, meta: bool = False) -> tuple[Action, ...]: ...
def legal_actions(state: object, seat: object = None, *, meta: object = False) -> tuple[Action, ...]:
    """Every action that :func:`apply` accepts now, for every seat that may act (or for *seat* alone).

    ``timeout`` and ``rendirse`` are always available to a clock or a
    "surrender" button and are left out unless *meta* is true. A deal is a
    chance action, never listed (see :attr:`State.is_chance`).

    >>> from pytruco import new_game
    >>> legal_actions(new_game("online"))[:3]
    (Action('0 rps piedra'), Action('0 rps papel'), Action('0 rps tijera'))
    >>> legal_actions(new_game("online"), 1)[:1], legal_actions(new_game("default", first_mano=0), 1)
    ((Action('1 rps piedra'),), ())
    """
    if not isinstance(state, State):
        not_a_state(state, "legal_actions")
    try:
        legal = state._legal
    except AttributeError:
        require_state(state, "legal_actions")  # a State made without new_game: ArgumentError
        raise
    if meta:
        legal = legal + _meta_actions(state)
    if seat is None:
        return legal
    return _of_seat(state, legal, seat)


def _of_seat(state: State, legal: tuple[Action, ...], seat: object) -> tuple[Action, ...]:
    """The actions of *legal* that *seat* makes (a seat of the table, else :class:`ArgumentError`)."""
    # The class first: once narrowed to int, the compiled build reads True as the int 1.
    if type(seat) is not int or not isinstance(seat, int) or not 0 <= seat < state._opts.players:
        raise ArgumentError(
            f"legal_actions needs a seat of the table (0-{state._opts.players - 1}) or None, not {quoted(seat)}"
        )
    return tuple(action for action in legal if action.seat == seat)


def _meta_actions(state: State) -> tuple[Action, ...]:
    """Every seat's ``timeout``, then every seat's ``rendirse``, that :func:`refusal` accepts now (a timeout for
    a seat that is to act, rendirse until the match is over): the candidates kept by the one decision."""
    seats = range(state._opts.players)
    candidates = [CALL_ACTIONS[s][KIND_TIMEOUT] for s in seats] + [CALL_ACTIONS[s][KIND_RENDIRSE] for s in seats]
    return tuple([action for action in candidates if refusal(state, action) is None])


@overload
def is_legal(state: State, action: Action | Deal) -> bool: ...
@overload
def is_legal(state: State, action: str) -> bool: ...
def is_legal(state: object, action: object) -> bool:
    """Whether :func:`apply` would accept *action* now.

    *action* is what :func:`apply` takes (an :class:`Action`, a :class:`Deal` or one action in record notation),
    with the same errors for what is none of them (:func:`read_action`).

    >>> from pytruco import Action, Deal, apply, is_legal, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> is_legal(state, Action.parse("0 truco")), is_legal(state, "1 truco")
    (True, False)
    """
    if not isinstance(state, State):
        not_a_state(state, "is_legal")
    try:  # bots ask this in their search loops: a listed shared instance is an identity test, no call
        for candidate in state._legal:
            if candidate is action:
                return True
        return refusal(state, read_action(action, "is_legal")) is None
    except AttributeError:
        require_state(state, "is_legal")  # a State made without new_game: ArgumentError
        raise


def _canonical(action: Action) -> Action:
    """The shared instance equal to *action* (legal actions are shared
    instances, so membership is an identity test). A malformed action (one
    that bypassed the constructor) is returned as it is, so it matches none."""
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < 6:
        return action
    kind = action.kind
    if kind is KIND_PLAY:
        card = action.card
        if type(card) is Card and action.points is None and action.choice is None:
            assert card is not None
            return PLAY_ACTIONS[seat][card.index]
        return action
    if kind is KIND_TENGO:
        points = action.points
        well_formed = action.card is None and action.choice is None
        if well_formed and type(points) is int and 0 <= points < len(TENGO_ACTIONS[seat]):
            return TENGO_ACTIONS[seat][points]
        return action
    if kind is KIND_RPS:
        if seat < 2 and action.card is None and action.points is None:
            return _RPS_CACHE.get((seat, action.choice), action)
        return action
    if type(kind) is Kind and action.card is None and action.points is None and action.choice is None:
        return CALL_ACTIONS[seat][kind]
    return action


@overload
def check(state: State, action: Action | Deal) -> None: ...
@overload
def check(state: State, action: str) -> None: ...
def check(state: object, action: object) -> None:
    """Raise :class:`IllegalActionError` saying why *action* is not legal now.

    ``check`` raises what :func:`refusal` says: an action the legal menu lists (or a ``timeout`` or ``rendirse``
    the table and the turn allow) passes, any other is refused with the reason of the rule that leaves it out.
    :func:`is_legal` and :func:`legal_actions` say exactly what it accepts, and :func:`apply` refuses
    with exactly what it raises, by construction. *action* is what :func:`apply` takes, with the same errors for what is
    not one (:func:`read_action`).

    >>> from pytruco import new_game, apply, Action, Deal
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> for text in ["0 truco", "1 quiero", "0 retruco"]:
    ...     state, _ = apply(state, Action.parse(text))
    Traceback (most recent call last):
    ...
    pytruco.errors.IllegalActionError: seat 0 cannot raise to retruco: seat 1 holds the quiero
    """
    if not isinstance(state, State):
        not_a_state(state, "check")
    found = refusal(state, read_action(action, "check"))
    if found is not None:
        raise error(found)


def refusal(state: State, action: Action | Deal) -> Refusal | None:
    """Why *action* is not legal in *state*, or ``None`` when it is: the one decision behind :func:`check`,
    :func:`is_legal` and :func:`apply`.

    An ordinary action is legal exactly when the state's legal menu lists it (``menus.compute_legal``, built from
    each rule family's one statement of what it allows); ``rendirse`` and ``timeout``, never listed, when the table
    and the turn allow them. Anything else gets its reason: the table's (a deal, the phase, the seat), whose turn
    it is, then the rule family of the action's kind (:func:`_reason`)."""
    if isinstance(action, Deal):
        return deal_refusal(state, action)
    problem = action_problem(action)
    if problem is not None:
        return Refusal("not-an-action", {"action": problem})
    canonical = _canonical(action)
    for candidate in state._legal:
        if candidate is canonical:
            return None
    found = table_refusal(state, action)
    kind = action.kind
    if found is not None or kind is KIND_RENDIRSE:
        return found
    if state._phase is not PHASE_PLAY:  # rock-paper-scissors: table_refusal has accepted a timeout only
        return None if kind is KIND_TIMEOUT else _not_allowed(state, action)
    r = state._round
    assert r is not None
    found = _turn_refusal(state, r, action)
    if found is not None or kind is KIND_TIMEOUT:  # a timeout is for a seat that is to act
        return found
    return _reason(state, r, action)


def _reason(state: State, r: Round, action: Action) -> Refusal:
    """Why *action*, which the menu does not list, is refused for a seat that is to act: an unsung mandatory flor
    (:func:`must_sing`), else the reason of the rule family of its kind (each family's ``*_refusal``)."""
    rules = state._opts
    waits = awaiting(r)
    s = action.seat
    kind = action.kind
    if kind is not KIND_FLOR and must_sing(rules, r, s) and not (kind is KIND_MAZO and may_fold_unsung(rules, waits)):
        return Refusal("must-sing-flor", {"seat": s, "preset": rules.preset_name})
    if kind is KIND_PLAY:
        return play_refusal(r, s, action.card, waits)
    if kind in _TRUCO_CALLS:
        return truco_refusal(r, s, kind, waits)
    if kind in _ENVIDO_CALLS:
        return envido_refusal(rules, r, s, kind)
    if kind is KIND_FLOR:
        return flor_refusal(rules, r, s)
    if kind in _FLOR_CALLS:
        return flor_call_refusal(rules, kind)
    if kind is KIND_TENGO or kind is KIND_SON_BUENAS:
        return declaration_refusal(rules, r, s, action)
    if kind is KIND_MAZO:
        return mazo_refusal(rules, r, s, waits)
    if kind in _ANSWERS:
        if waits is AWAIT_FLOR or waits is AWAIT_FLOR_CALL:
            return flor_answer_refusal(rules, kind, waits)
        if waits is not AWAIT_ENVIDO and waits is not AWAIT_TRUCO:
            return answer_refusal(r, s, kind)
    return _not_allowed(state, action)  # no family's reason: the menu is the authority


def _not_allowed(state: State, action: Action) -> Refusal:
    """The refusal of an action the menu does not list and no rule family explains (a kind no family owns)."""
    mine = sorted(str(a) for a in state._legal if a.seat == action.seat)
    return Refusal("not-allowed", {"seat": action.seat, "text": str(action), "legal": ",".join(mine)})


def _turn_refusal(state: State, r: Round, action: Action) -> Refusal | None:
    """Why a seat that is out of the round or not to act is refused, or ``None`` when it is to act."""
    s = action.seat
    kind = action.kind
    if s in r._folded:
        duel = state.duel
        half = state._opts.players // 2
        if duel is not None and s % half != duel:
            code = "waits-for-duel" if s % half > duel else "duel-played"
            return Refusal(code, {"seat": s, "duel": duel, "opponent": duel + half})
        return Refusal("folded", {"seat": s})
    if s in state._to_act:
        return None
    params: dict[str, int | str | None] = {"seat": s, "call": kind.value, **waiting(state, r)}
    if kind in _ANSWERS or kind in _ENVIDO_CALLS or kind in _TRUCO_CALLS:
        own = own_pending(r, s)
        if own is not None:
            params["call"] = own
            return Refusal("answer-own-call" if kind in _ANSWERS else "raise-own-call", params)
    if kind in _TRUCO_CALLS and not r._truco.call and holds_quiero(r, s):
        return Refusal("raise-out-of-turn", params)
    return Refusal("not-your-turn", params)


# --- apply -----------------------------------------------------------------
@overload
def apply(state: State, action: Action | Deal) -> tuple[State, tuple[Event, ...]]: ...
@overload
def apply(state: State, action: str) -> tuple[State, tuple[Event, ...]]: ...
def apply(state: object, action: object) -> tuple[State, tuple[Event, ...]]:
    """Apply *action* to *state*: the new state and the events that happened.

    *state* is never changed. An action that is not legal now raises
    :class:`IllegalActionError` with the reason, and nothing is applied.
    Text is read as one action in record notation by :meth:`Action.parse`
    (``"0 truco"``; a :class:`NotationError` when it is not one); a deal is
    always given as a :class:`Deal`.

    >>> from pytruco import new_game, Deal, Action
    >>> s0 = new_game("default", first_mano=0)
    >>> s1, events = apply(s0, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> s2, events = apply(s1, Action.parse("0 mazo"))
    >>> s2.score, s1.score
    ((0, 2), (0, 0))
    >>> apply(s1, "0 truco")[0].to_act
    (1,)
    """
    if not isinstance(state, State):
        not_a_state(state, "apply")
    try:  # one body, no inner call: this is the hot path of every simulation
        if type(action) is not _ACTION:
            if type(action) is _DEAL or isinstance(action, Deal):  # the class test first: no call for a Deal
                st, dealt = apply_deal(state, action)
                compute_legal(st)
                return st, dealt
            if not isinstance(action, Action):
                return apply(state, read_action(action))
        # Legal actions are shared instances (Action.parse and legal_actions give them), so an identity test usually
        # suffices; any other action (timeout and rendirse, never listed, included) is checked and mapped to one.
        for candidate in state._legal:
            if candidate is action:
                break
        else:
            action = _shared_legal(state, action)
        kind = action.kind
        st = state._copy()
        history = state._history
        node: Node = history  # typed, the compiled build reads the node's fields without generic lookups
        st._history = (action, history, node[2] + 1, node[3])
        events: EventLog = []
        s = action.seat
        if kind is KIND_RENDIRSE:
            surrender(st, s, events)
        elif st._phase is PHASE_RPS:
            rps(st, s, action.choice, events)
        else:
            old = state._round
            assert old is not None
            r = old._copy()
            st._round = r
            if s == r._deal.mano:
                r._mano_acted = True
            _act(st, r, s, action, kind, events)
        compute_legal(st)
        return st, tuple(events)
    except AttributeError:
        require_state(state, "apply")  # a State made without new_game: ArgumentError
        raise


def read_action(action: object, where: str = "apply") -> Action | Deal:
    """*action* as :func:`apply`, :func:`check` and :func:`is_legal` take it: an :class:`Action` or a
    :class:`Deal` as it is, text as :meth:`Action.parse` reads it (a :class:`NotationError` when it is not one
    action), anything else an :class:`ArgumentError` that names *where*.

    >>> read_action("0 truco")
    Action('0 truco')
    >>> read_action(42, "check")
    Traceback (most recent call last):
    ...
    pytruco.errors.ArgumentError: check needs an Action, a Deal or an action in record notation, not 42
    """
    if isinstance(action, (Action, Deal)):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    raise ArgumentError(f"{where} needs an Action, a Deal or an action in record notation, not {quoted(action)}")


def _shared_legal(state: State, action: Action) -> Action:
    """The shared legal instance equal to *action* (the one that goes into the history); refuses it with
    :func:`refusal`'s reason when it is not legal."""
    found = refusal(state, action)
    if found is not None:
        raise error(found)
    return _canonical(action)


def _act(st: State, r: Round, s: int, action: Action, kind: Kind, events: EventLog) -> None:
    """Dispatch a legal action in the round to its rule family's transition, by its *kind* (read once, by
    :func:`apply`) and what the round waits for."""
    if kind is KIND_PLAY:
        assert action.card is not None
        play_card(st, r, s, action.card, events)
        return
    if kind is KIND_TIMEOUT:
        timeout(st, r, s, events)
        return
    if kind is KIND_MAZO:
        fold(st, r, s, events)
        return
    if kind in _TRUCO_CALLS:  # a call on its turn or a raise as the answer: legal only then
        call_truco(r, s, kind, events)
        return
    if kind is KIND_TENGO or kind is KIND_SON_BUENAS:  # legal only while declaring
        declare(st, r, s, action.points, events)
        return
    waits = awaiting(r)
    if waits is AWAIT_FLOR:
        answer_first_flor(st, r, s, kind, events)
    elif waits is AWAIT_FLOR_CALL and kind is not KIND_FLOR:
        answer_flor_call(st, r, s, kind, events)
    elif kind is KIND_FLOR:
        sing_flor(st, r, s, events)
    elif waits is AWAIT_ENVIDO:
        answer_envido(st, r, s, kind, events)
    elif kind in _ENVIDO_CALLS:
        open_chain(r, s, kind, events)
    else:  # quiero / no-quiero to a truco-level call
        answer_truco(st, r, s, kind, events)


# Imported names the functions above read, as module-level Finals (C statics in the compiled build, where an
# imported name is a dictionary lookup).
_ACTION: Final = Action
_DEAL: Final = Deal
_ENVIDO_CALLS: Final = ENVIDO_CALLS
_TRUCO_CALLS: Final = frozenset(TRUCO_CALLS)  # a set test hashes once; a tuple's compares each member

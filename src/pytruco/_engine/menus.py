"""What each seat may do now: the legal menus that every state the reducer returns carries.

:func:`compute_legal` asks what the round waits for (:func:`~pytruco._engine.round.awaiting`), then the rule
families' legal actions in a fixed order, which is the order :func:`pytruco.legal_actions` lists. The menu is
the one statement of legality: the reducer's ``refusal`` (behind ``check``, ``is_legal`` and ``apply``) accepts
exactly what it lists, and asks a family only why an action it leaves out is refused.
"""

from __future__ import annotations

from typing import Final

from ..actions import CALL_ACTIONS, Action, Kind
from .awaiting import answerers, seats_of
from .declarations import declaration_actions
from .envido import envido_window, opening_actions, raise_actions
from .flor import first_flor_menu, flor_call_menu, may_fold_unsung, must_sing, sing_option
from .history import MAX_ACTIONS, Node, actions_in_part
from .match import RPS_ACTIONS
from .mazo import may_fold
from .options import Options
from .round import awaiting
from .stages import (
    AWAIT_DECLARING,
    AWAIT_ENVIDO,
    AWAIT_FLOR,
    AWAIT_FLOR_CALL,
    AWAIT_TRUCO,
    AWAIT_TURN,
    ENV_NONE,
    KIND_FLOR,
    KIND_MAZO,
    KIND_NO_QUIERO,
    KIND_QUIERO,
    PHASE_PLAY,
    PHASE_RPS,
    SING_MAY,
    Awaiting,
)
from .state import Round, State
from .tricks import play_actions
from .truco import next_truco_call

__all__ = ["compute_legal"]

_RECORD_ROOM: Final = MAX_ACTIONS - 1  # RECORDS limits: a hand (or the draw) lists at most MAX_ACTIONS actions


def compute_legal(st: State) -> None:
    """Fill the state's legal actions and seats to act: every state the reducer returns has them."""
    phase = st._phase
    acts: list[Action] = []
    to_act: tuple[int, ...] = ()
    if phase is PHASE_PLAY:
        r = st._round
        assert r is not None
        to_act = _round_legal(st._opts, r, acts)
        if len(to_act) > 1 and st._opts.answer_in_turn:
            to_act = _first_in_turn(st, r, to_act, acts)
    elif phase is PHASE_RPS:
        to_act = tuple(s for s in (0, 1) if st._rps[s] is None)
        for s in to_act:
            acts.extend(RPS_ACTIONS[s])
    node: Node = st._history  # typed: compiled, the size is read without a generic item lookup
    if node[2] >= _RECORD_ROOM and actions_in_part(node) >= _RECORD_ROOM:
        # The record of this hand (or of the draw) holds one more action: only rendirse (never listed) fits.
        to_act, acts = (), []
    st._to_act = to_act
    st._legal = tuple(acts)


def _first_in_turn(st: State, r: Round, seats: tuple[int, ...], acts: list[Action]) -> tuple[int, ...]:
    """The rule option ``answer_in_turn``: of the seats that could answer, only the first in playing order after
    the seat that acted last (the caller, or the singer) acts; *acts* keeps that seat's actions only."""
    n = r._deal.n
    last = st._history[0]
    after = last.seat if type(last) is _ACTION else r._deal.mano - 1
    first = min(seats, key=lambda seat: (seat - after - 1) % n)
    acts[:] = [action for action in acts if action.seat == first]
    return (first,)


def _round_legal(rules: Options, r: Round, acts: list[Action]) -> tuple[int, ...]:
    """Compose the rule families' actions for what the round waits for; returns the seats that may act."""
    waits = awaiting(r)
    if waits is AWAIT_TURN:
        return _turn_legal(rules, r, acts)
    if waits is AWAIT_TRUCO:
        return _answer_menu(rules, r, answerers(r, r._truco.caller), acts, waits)
    if waits is AWAIT_ENVIDO:
        return _answer_menu(rules, r, answerers(r, r._envido.caller), acts, waits)
    if waits is AWAIT_DECLARING:
        d = r._decl.queue[0]
        if not (r._deal.flor_points[d] is not None and _sings_first(rules, r, d, waits, acts)):
            declaration_actions(rules, r, d, acts)
        return (d,)
    if waits is AWAIT_FLOR:
        return _flor_menu(rules, r, seats_of(r._flor.answerers, r._deal.n), first_flor_menu(rules), acts, waits)
    if waits is AWAIT_FLOR_CALL:
        return _flor_menu(rules, r, answerers(r, r._flor.caller), flor_call_menu(rules, r._flor.call), acts, waits)
    return ()


def _sings_first(rules: Options, r: Round, s: int, waits: Awaiting, acts: list[Action]) -> bool:
    """Mandatory flor (§8.6, :func:`must_sing`): when seat *s* must sing, its flor is its only action, with the
    mazo where ``mazo_before_flor`` and §7 allow one (:func:`may_fold_unsung`); adds them and says so. The one
    place every menu asks it, before any family's actions."""
    if not must_sing(rules, r, s):
        return False
    acts.append(_CALL_ACTIONS[s][KIND_FLOR])
    if may_fold_unsung(rules, waits) and may_fold(rules, r, s, waits):
        acts.append(_CALL_ACTIONS[s][KIND_MAZO])
    return True


def _flor_menu(
    rules: Options, r: Round, seats: tuple[int, ...], kinds: tuple[Kind, ...], acts: list[Action], waits: Awaiting
) -> tuple[int, ...]:
    """The answers to a first flor or a flor-chain call, seat by seat: an unsung mandatory flor first and alone
    (:func:`_sings_first`), else the flor family's answers and the mazo where folding answers."""
    fold = may_fold(rules, r, None, waits)
    for a in seats:
        if _sings_first(rules, r, a, waits, acts):
            continue
        p = _CALL_ACTIONS[a]
        acts.extend([p[kind] for kind in kinds])
        if fold:
            acts.append(p[KIND_MAZO])
    return seats


def _answer_menu(
    rules: Options, r: Round, seats: tuple[int, ...], acts: list[Action], waits: Awaiting
) -> tuple[int, ...]:
    """The answers to a pending envido or truco call, for every seat that may answer: an unsung mandatory flor
    first and alone (:func:`_sings_first`); else quiero, no quiero, the family's raises (the next envido calls;
    the next truco level and, envido primero, an envido), an optional flor (§8.7) and the mazo where folding
    answers."""
    fold = may_fold(rules, r, None, waits)
    for a in seats:
        flor = r._deal.flor_points[a] is not None  # a seat without a flor has nothing to ask about singing one
        if flor and _sings_first(rules, r, a, waits, acts):
            continue
        p = _CALL_ACTIONS[a]
        acts.append(p[KIND_QUIERO])
        acts.append(p[KIND_NO_QUIERO])
        if waits is AWAIT_ENVIDO:
            acts.extend(raise_actions(rules, r, a))
        else:
            nxt = next_truco_call(r, a)
            if nxt is not None:
                acts.append(p[nxt])
            if envido_window(rules, r, a) is None:
                acts.extend(opening_actions(rules, a))
        if flor and sing_option(rules, r, a) is SING_MAY:
            acts.append(p[KIND_FLOR])
        if fold:
            acts.append(p[KIND_MAZO])
    return seats


def _turn_legal(rules: Options, r: Round, acts: list[Action]) -> tuple[int, ...]:
    """Nothing is pending: the seat whose turn it is plays, calls or folds (an unsung mandatory flor first and
    alone, :func:`_sings_first`)."""
    t = r._turn
    flor = r._deal.flor_points[t] is not None  # a seat without a flor has nothing to ask about singing one
    if flor and _sings_first(rules, r, t, AWAIT_TURN, acts):
        return (t,)
    p = _CALL_ACTIONS[t]
    play_actions(r, t, acts)
    nxt = next_truco_call(r, t)
    if nxt is not None:
        acts.append(p[nxt])
    if r._envido.stage is ENV_NONE and envido_window(rules, r, t) is None:
        acts.extend(opening_actions(rules, t))
    if flor and sing_option(rules, r, t) is SING_MAY:
        acts.append(p[KIND_FLOR])
    if may_fold(rules, r, t, AWAIT_TURN):
        acts.append(p[KIND_MAZO])
    return (t,)


# Imported names the functions above read, as module-level Finals (C statics in the compiled build, where an
# imported name is a dictionary lookup).
_ACTION: Final = Action
_CALL_ACTIONS: Final = CALL_ACTIONS

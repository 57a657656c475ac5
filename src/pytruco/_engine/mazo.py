"""Going to the mazo (folding): when a seat may, why it may not, and what it does: refusing what the seat
had to answer, the round's truco value, the envido penalty, the show rule and a lost flor
(PRESETS.md §7, §8.2, §8.3, §8.16, §8.17, §8.22).

>>> from pytruco import Deal, apply, new_game
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> may_fold(state.rules, state.round, 0, awaiting(state.round))
True
"""

from __future__ import annotations

from ..events import EventLog
from .awaiting import blocker
from .envido import envido_shown, refuse_envido
from .flor import lose_flor, refuse_first_flor, refuse_flor_call
from .options import Options
from .refusals import Refusal
from .round import awaiting
from .scoring import finish_round, mazo_penalty, win_round
from .stages import (
    AWAIT_DECLARING,
    AWAIT_ENVIDO,
    AWAIT_FLOR,
    AWAIT_FLOR_CALL,
    AWAIT_NOTHING,
    AWAIT_TRUCO,
    AWAIT_TURN,
    EVENT_FOLDED,
    Awaiting,
    simple_event,
)
from .state import Round, State
from .tricks import complete_trick, next_in_trick
from .truco import refuse_truco


def may_fold(rules: Options, r: Round, s: int | None, waits: Awaiting) -> bool:
    """Whether seat *s*, which is to act (``None``: any seat answering a call), may go to the mazo now: on its
    turn, unless the mano must act first (§8.2); instead of answering a call where the rules allow it
    (:attr:`RuleSet.mazo_with_pending_call`; a first flor only where it may be refused); never while declaring.
    The one statement of the mazo, for the legal actions and the refusals alike."""
    if waits is AWAIT_TURN:
        return not (not rules.mano_mazo_before_acting and s == r._deal.mano and not r._mano_acted)
    if waits is AWAIT_DECLARING or waits is AWAIT_NOTHING:
        return False
    return rules.mazo_with_pending_call and (waits is not AWAIT_FLOR or rules.flor_refusable)


def mazo_refusal(rules: Options, r: Round, s: int, waits: Awaiting) -> Refusal:
    """Why seat *s*, which is to act, may not go to the mazo now (:func:`may_fold` says no)."""
    params: dict[str, int | str | None] = {"seat": s, "preset": rules.preset_name}
    if waits is AWAIT_DECLARING:
        return Refusal("mazo-while-declaring", params)
    if waits is not AWAIT_TURN and not rules.mazo_with_pending_call:
        params["pending"] = blocker(r)
        return Refusal("mazo-with-pending", params)
    if waits is AWAIT_TURN:
        return Refusal("mano-acts-first", params)
    return Refusal("mazo-not-now", params)


def refuse_awaited(st: State, r: Round, s: int, events: EventLog) -> Awaiting:
    """Seat *s*, which is to act, refuses the flor, flor-chain call or envido call it was due to answer (by the
    mazo or a timeout, §7); returns what the round was waiting for (a truco or a declaration is the caller's)."""
    waits = awaiting(r)
    if waits is AWAIT_FLOR:
        refuse_first_flor(st, r, s, events)
    elif waits is AWAIT_FLOR_CALL:
        refuse_flor_call(st, r, events)
    elif waits is AWAIT_ENVIDO:
        refuse_envido(st, r, events)
    return waits


def fold(st: State, r: Round, s: int, events: EventLog, *, timeout: bool = False) -> None:
    """Seat *s* goes to the mazo (§7, §8.2, §8.16, §8.17)."""
    rules = st._opts
    team = s & 1
    other = 1 - team
    if not timeout:
        events.append(simple_event(EVENT_FOLDED, s, team))
    forfeit = (
        rules.show_rule and r._envido.unshown is not None and r._envido.winner == s and not envido_shown(rules, r, s)
    )
    if forfeit:
        r._edit_envido().forfeit = True
    if rules.flor_lost_on_fold and s in r._flor.sung and r._held[s]:
        lose_flor(r, team, events)
    # The fold first refuses the call this seat was due to answer (a truco once the seat is out).
    truco_refused = refuse_awaited(st, r, s, events) is AWAIT_TRUCO
    r._folded = r._folded | {s}
    if r._score.ended:
        return
    if truco_refused:
        refuse_truco(st, r, events)
        mazo_penalty(st, r, other, events)
        finish_round(st, r, events)
        return
    team_out = r._deal.n == 2 or all(t in r._folded for t in range(team, r._deal.n, 2))
    if team_out or forfeit:
        win_round(st, r, other, events)
        mazo_penalty(st, r, other, events)
        finish_round(st, r, events)
        return
    if r._turn == s:
        nxt = next_in_trick(r, s)
        if nxt is None:  # the others of this trick have played: it is complete
            complete_trick(st, r, events)
        else:  # the next seat plays (or leads, §8.16)
            r._turn = nxt

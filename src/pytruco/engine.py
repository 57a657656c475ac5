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

from .actions import (
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
from .cards import Card, random_source
from .clock import timeout, timeout_refusal
from .deal import apply_deal, deal_problem, random_deal
from .declarations import answer_refusal, declaration_actions, declaration_refusal, declare
from .envido import answer_envido, envido_refusal, envido_window, open_chain, opening_actions, raise_actions
from .errors import RuleSetError, quoted
from .events import Event, EventLog
from .flor import (
    answer_first_flor,
    answer_flor_call,
    first_flor_answers,
    flor_answer_refusal,
    flor_call_answers,
    flor_call_refusal,
    flor_refusal,
    may_sing,
    must_sing,
    sing_flor,
)
from .history import ROOT
from .match import RPS_ACTIONS, rps, surrender, table_refusal
from .mazo import fold, may_fold, mazo_refusal
from .refusals import Refusal, error
from .rules import RuleSet, check_start
from .state import Phase, Round, State, require_state
from .table import DECL_NONE, ENV_NONE, ENV_PENDING, FLOR_ANSWER, FLOR_CALL
from .tricks import play_actions, play_card, play_refusal
from .truco import answer_truco, call_truco, holds_quiero, may_raise, truco_refusal
from .turns import answerers, own_pending, pending, waiting

__all__ = ["apply", "check", "is_legal", "legal_actions", "new_game", "random_deal"]

_FLOR, _CONTRAFLOR, _CFAR, _ACHICO = Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO, Kind.CON_FLOR_ME_ACHICO
_QUIERO, _NO_QUIERO, _MAZO = Kind.QUIERO, Kind.NO_QUIERO, Kind.MAZO
_TIMEOUT, _RENDIRSE, _PLAYK = Kind.TIMEOUT, Kind.RENDIRSE, Kind.PLAY
_ANSWERS = (_QUIERO, _NO_QUIERO)
_FLOR_CALLS = (_CONTRAFLOR, _CFAR, _ACHICO)
_RPS_CACHE = {(a.seat, a.choice): a for seats in RPS_ACTIONS for a in seats}


# ---------------------------------------------------------------------------
# Starting a game
# ---------------------------------------------------------------------------
def new_game(
    rules: RuleSet | str = "default",
    *,
    first_mano: int | None = None,
    score: tuple[int, int] = (0, 0),
    chicos: tuple[int, int] = (0, 0),
    rng: random.Random | None = None,
) -> State:
    """A new match, waiting for its first deal (or for rock-paper-scissors).

    Args:
        rules: a :class:`RuleSet` or a preset name.
        first_mano: the mano of the first hand. When ``None`` it is drawn
            with *rng* (an unpredictable system source if that is ``None``),
            except under rules that choose it by rock-paper-scissors.
        score: starting score per team (below the target).
        chicos: chicos already won per team (partido rules).
        rng: random source for drawing the first mano.

    Raises:
        RuleSetError: unknown preset.
        ValueError: an impossible seat or score.

    >>> new_game("online").phase
    <Phase.RPS: 'rps'>
    >>> new_game("classic", first_mano=1).mano
    1
    """
    if isinstance(rules, str):
        rules = RuleSet.preset(rules)
    if not isinstance(rules, RuleSet):
        raise RuleSetError(f"rules must be a RuleSet or a preset name, not {quoted(rules)}")
    n = rules.players
    first_mano, score, chicos = check_start(rules, first_mano, score, chicos)
    st = State.__new__(State)
    st._rules = rules
    st._score = score
    st._chicos = chicos
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
    st._hand_score = score
    if first_mano is None and rules.rps_first_mano:
        st._phase = Phase.RPS
        st._mano = 0
    else:
        if first_mano is None:
            first_mano = random_source(rng).randrange(n)
        st._phase = Phase.DEAL
        st._mano = first_mano
    st._start = (None if st._phase is Phase.RPS else st._mano, score, chicos)
    _compute_legal(st)
    return st


# ---------------------------------------------------------------------------
# Legal actions: the one source of legality
# ---------------------------------------------------------------------------
def legal_actions(state: State, *, meta: bool = False) -> tuple[Action, ...]:
    """Every action that :func:`apply` accepts now, for every seat that may act.

    ``timeout`` and ``rendirse`` are always available to a clock or a
    "surrender" button and are left out unless *meta* is true. A deal is a
    chance action, never listed (see :attr:`State.is_chance`).

    >>> from pytruco import new_game
    >>> legal_actions(new_game("online"))[:3]
    (Action('0 rps piedra'), Action('0 rps papel'), Action('0 rps tijera'))
    """
    if state.__class__ is not State:
        require_state(state, "legal_actions")
    legal = state._legal
    if not meta:
        return legal
    return legal + _meta_actions(state)


def _meta_actions(state: State) -> tuple[Action, ...]:
    if state._phase is Phase.OVER:
        return ()
    timeouts = tuple(CALL_ACTIONS[s][_TIMEOUT] for s in state.to_act)
    return timeouts + tuple(CALL_ACTIONS[s][_RENDIRSE] for s in range(state._rules.players))


def is_legal(state: State, action: Action | Deal) -> bool:
    """Whether :func:`apply` would accept *action* now.

    >>> from pytruco import Action, Deal, apply, is_legal, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> is_legal(state, Action.parse("0 truco")), is_legal(state, Action.parse("1 truco"))
    (True, False)
    """
    if state.__class__ is not State:
        require_state(state, "is_legal")
    if isinstance(action, Deal):
        return state._phase is Phase.DEAL and deal_problem(state, action) is None
    if not isinstance(action, Action):
        return False
    kind = action.kind
    if kind is _RENDIRSE or kind is _TIMEOUT:
        if action_problem(action) is not None:
            return False
        if kind is _RENDIRSE:
            return state._phase is not Phase.OVER and 0 <= action.seat < state._rules.players
        return state._phase is not Phase.OVER and action.seat in state.to_act
    canonical = _canonical(action)
    # Legal actions are shared instances: an identity test, so that a malformed
    # action (seat True, which equals 1) is never taken for a legal one.
    return any(candidate is canonical for candidate in state._legal)


def _canonical(action: Action) -> Action:
    """The shared instance equal to *action* (legal actions are shared
    instances, so membership is an identity test). A malformed action (one
    that bypassed the constructor) is returned as it is, so it matches none."""
    seat = action.seat
    if seat.__class__ is not int or not 0 <= seat < 6:
        return action
    kind = action.kind
    if kind is _PLAYK:
        card = action.card
        if card.__class__ is Card and action.points is None and action.choice is None:
            assert card is not None
            return PLAY_ACTIONS[seat][card.index]
        return action
    if kind is Kind.TENGO:
        points = action.points
        well_formed = action.card is None and action.choice is None
        if well_formed and points.__class__ is int and 0 <= points < len(TENGO_ACTIONS[seat]):
            return TENGO_ACTIONS[seat][points]
        return action
    if kind is Kind.RPS:
        if seat < 2 and action.card is None and action.points is None:
            return _RPS_CACHE.get((seat, action.choice), action)
        return action
    if kind.__class__ is Kind and action.card is None and action.points is None and action.choice is None:
        return CALL_ACTIONS[seat][kind]
    return action


def check(state: State, action: Action | Deal) -> None:
    """Raise :class:`IllegalActionError` saying why *action* is not legal now.

    >>> from pytruco import new_game, apply, Action, Deal
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> for text in ["0 truco", "1 quiero", "0 retruco"]:
    ...     state, _ = apply(state, Action.parse(text))
    Traceback (most recent call last):
    ...
    pytruco.errors.IllegalActionError: seat 0 cannot raise to retruco: seat 1 holds the quiero
    """
    if state.__class__ is not State:
        require_state(state, "check")
    if not is_legal(state, action):
        problem = None if isinstance(action, Deal) else action_problem(action)
        if problem is not None:
            raise error(Refusal("not-an-action", {"action": problem}))
        raise error(refusal(state, action))


def refusal(state: State, action: object) -> Refusal:
    """Why *action* is not legal in *state*: the table asks first, then whose turn it is, then the rule
    family of the action's kind. Only called for refused actions, so it may take its time."""
    found = table_refusal(state, action)
    if found is not None:
        return found
    assert isinstance(action, Action)
    r = state._round
    assert r is not None
    rules = state._rules
    s = action.seat
    kind = action.kind
    found = _turn_refusal(state, r, action)
    if found is not None:
        return found
    if kind is _TIMEOUT:
        return timeout_refusal(s)
    if kind is not _FLOR and must_sing(rules, r, s):
        return Refusal("must-sing-flor", {"seat": s, "preset": rules.preset_name})
    blocked = pending(r)
    if kind is _PLAYK:
        return play_refusal(s, action.card, blocked)
    if kind in TRUCO_CALLS:
        return truco_refusal(r, s, kind, blocked)
    if kind in ENVIDO_CALLS:
        return envido_refusal(rules, r, s, kind)
    if kind is _FLOR:
        return flor_refusal(rules, r, s)
    if kind in _FLOR_CALLS:
        return flor_call_refusal(rules, kind)
    if kind is Kind.TENGO or kind is Kind.SON_BUENAS:
        return declaration_refusal(rules, r, s, action)
    if kind is _MAZO:
        return mazo_refusal(rules, r, s, blocked)
    if kind in _ANSWERS:
        return (
            answer_refusal(r, s, kind)
            or flor_answer_refusal(rules, r, s, kind, state._legal)
            or Refusal("nothing-to-answer", {"seat": s, "call": kind.value})
        )
    mine = sorted(str(a) for a in state._legal if a.seat == s)
    return Refusal("not-allowed", {"seat": s, "text": str(action), "legal": ",".join(mine)})


def _turn_refusal(state: State, r: Round, action: Action) -> Refusal | None:
    """Why a seat that is out of the round or not to act is refused, or ``None`` when it is to act."""
    s = action.seat
    kind = action.kind
    if r._folded >> s & 1:
        duel = state.duel
        half = state._rules.players // 2
        if duel is not None and s % half != duel:
            code = "waits-for-duel" if s % half > duel else "duel-played"
            return Refusal(code, {"seat": s, "duel": duel, "opponent": duel + half})
        return Refusal("folded", {"seat": s})
    if s in state._to_act:
        return None
    params: dict[str, int | str | None] = {"seat": s, "call": kind.value, **waiting(state, r)}
    if kind in _ANSWERS or kind in ENVIDO_CALLS or kind in TRUCO_CALLS:
        own = own_pending(r, s)
        if own is not None:
            params["call"] = own
            return Refusal("answer-own-call" if kind in _ANSWERS else "raise-own-call", params)
    if kind in TRUCO_CALLS and not r._truco_call and holds_quiero(r, s):
        return Refusal("raise-out-of-turn", params)
    return Refusal("not-your-turn", params)


def _compute_legal(st: State) -> None:
    """Fill the state's legal actions and seats to act: every state the reducer returns has them."""
    phase = st._phase
    acts: list[Action] = []
    to_act: tuple[int, ...] = ()
    if phase is Phase.PLAY:
        r = st._round
        assert r is not None
        to_act = _round_legal(st._rules, r, acts)
        if len(to_act) > 1 and st._rules.answer_in_turn:
            to_act = _first_in_turn(st, r, to_act, acts)
    elif phase is Phase.RPS:
        to_act = tuple(s for s in (0, 1) if st._rps[s] is None)
        for s in to_act:
            acts.extend(RPS_ACTIONS[s])
    st._to_act = to_act
    st._legal = tuple(acts)


def _first_in_turn(st: State, r: Round, seats: tuple[int, ...], acts: list[Action]) -> tuple[int, ...]:
    """The rule option ``answer_in_turn``: of the seats that could answer, only the first in playing order after
    the seat that acted last (the caller, or the singer) acts; *acts* keeps that seat's actions only."""
    n = r._n
    last = st._history[0]
    after = last.seat if last.__class__ is Action else r._mano - 1
    first = min(seats, key=lambda seat: (seat - after - 1) % n)
    acts[:] = [action for action in acts if action.seat == first]
    return (first,)


def _round_legal(rules: RuleSet, r: Round, acts: list[Action]) -> tuple[int, ...]:
    """Compose the rule families' actions for what the round waits for; returns the seats that may act."""
    if r._ended:
        return ()
    stage = r._flor_stage
    if stage is FLOR_ANSWER:
        return first_flor_answers(rules, r, acts)
    if stage is FLOR_CALL:
        return flor_call_answers(rules, r, acts)
    if r._decl_kind is not DECL_NONE:
        return declaration_actions(rules, r, acts)
    if r._env_state is ENV_PENDING:
        return _answer_menu(rules, r, answerers(r, r._env_caller), acts, True)
    if r._truco_call:
        return _answer_menu(rules, r, answerers(r, r._truco_caller), acts, False)
    return _turn_legal(rules, r, acts)


def _answer_menu(rules: RuleSet, r: Round, seats: tuple[int, ...], acts: list[Action], envido: bool) -> tuple[int, ...]:
    """The answers to a pending envido (*envido*) or truco call, for every seat that may answer: an unsung
    mandatory flor first and alone (§8.6); else quiero, no quiero, the family's raises (the next envido calls; the
    next truco level and, envido primero, an envido), an optional flor (§8.7) and the mazo where folding answers."""
    truco_call = r._truco_call
    for a in seats:
        p = CALL_ACTIONS[a]
        flor = rules.flor and r._flor_pts[a] is not None and may_sing(rules, r, a)
        if flor and rules.flor_mandatory:
            acts.append(p[_FLOR])
            continue
        acts.append(p[_QUIERO])
        acts.append(p[_NO_QUIERO])
        if envido:
            acts.extend(raise_actions(rules, r, a))
        else:
            if truco_call < 3:
                acts.append(p[TRUCO_CALLS[truco_call]])
            if rules.envido_primero and envido_window(rules, r, a) is None:
                acts.extend(opening_actions(rules, a))
        if flor:
            acts.append(p[_FLOR])
        if rules.mazo_with_pending_call:
            acts.append(p[_MAZO])
    return seats


def _turn_legal(rules: RuleSet, r: Round, acts: list[Action]) -> tuple[int, ...]:
    """Nothing is pending: the seat whose turn it is plays, calls or folds."""
    t = r._turn
    p = CALL_ACTIONS[t]
    flor = rules.flor and r._flor_pts[t] is not None and may_sing(rules, r, t)
    if flor and rules.flor_mandatory:
        acts.append(p[_FLOR])
        return (t,)
    play_actions(r, t, acts)
    if may_raise(r, t):
        acts.append(p[TRUCO_CALLS[r._truco_level]])
    if r._env_state is ENV_NONE and envido_window(rules, r, t) is None:
        acts.extend(opening_actions(rules, t))
    if flor:
        acts.append(p[_FLOR])
    if may_fold(rules, r, t):
        acts.append(p[_MAZO])
    return (t,)


# ---------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------
def apply(state: State, action: Action | Deal) -> tuple[State, tuple[Event, ...]]:
    """Apply *action* to *state*: the new state and the events that happened.

    *state* is never changed. An action that is not legal now raises
    :class:`IllegalActionError` with the reason, and nothing is applied.

    >>> from pytruco import new_game, Deal, Action
    >>> s0 = new_game("default", first_mano=0)
    >>> s1, events = apply(s0, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> s2, events = apply(s1, Action.parse("0 mazo"))
    >>> s2.score, s1.score
    ((0, 2), (0, 0))
    """
    if state.__class__ is not State:
        require_state(state, "apply")
    if action.__class__ is not Action:
        if isinstance(action, Deal):
            st, dealt = apply_deal(state, action)
            _compute_legal(st)
            return st, dealt
        if not isinstance(action, Action):
            raise error(Refusal("not-an-action", {"action": quoted(action)}))
    kind = action.kind
    if kind is _RENDIRSE or kind is _TIMEOUT:
        if not is_legal(state, action):
            check(state, action)
        action = _canonical(action)  # the shared instance goes into the history
    else:
        # Legal actions are shared instances, and so are the ones Action.parse and legal_actions give, so an
        # identity test usually suffices; any other equal action is first mapped to its shared instance.
        for candidate in state._legal:
            if candidate is action:
                break
        else:
            action = _shared_legal(state, action)
    st = state._copy()
    history = state._history
    st._history = (action, history, history[2] + 1, history[3])
    events: EventLog = []
    s = action.seat
    if kind is _RENDIRSE:
        surrender(st, s, events)
    elif st._phase is Phase.RPS:
        rps(st, s, action.choice, events)
    else:
        old = state._round
        assert old is not None
        r = old._copy()
        st._round = r
        r._acted |= 1 << s
        _act(st, r, s, action, events)
    _compute_legal(st)
    return st, tuple(events)


def _shared_legal(state: State, action: Action) -> Action:
    """The shared legal instance equal to *action*; refuses it when there is none or it has stray fields."""
    canonical = _canonical(action)
    for candidate in state._legal:
        if candidate is canonical:
            break
    else:
        check(state, action)
    problem = action_problem(action)  # not a shared instance: refuse stray fields (choice on a play, ...)
    if problem is not None:
        raise error(Refusal("not-an-action", {"action": problem}))
    return canonical  # the shared, well-formed instance goes into the history


def _act(st: State, r: Round, s: int, action: Action, events: EventLog) -> None:
    """Dispatch a legal action in the round to its rule family's transition."""
    kind = action.kind
    if kind is _PLAYK:
        assert action.card is not None
        play_card(st, r, s, action.card, events)
    elif kind is _TIMEOUT:
        timeout(st, r, s, events)
    elif kind is _MAZO:
        fold(st, r, s, events)
    elif r._flor_stage is FLOR_ANSWER:
        answer_first_flor(st, r, s, kind, events)
    elif r._flor_stage is FLOR_CALL and kind is not _FLOR:
        answer_flor_call(st, r, s, kind, events)
    elif kind is Kind.TENGO or kind is Kind.SON_BUENAS:
        declare(st, r, s, action.points, events)
    elif kind is _FLOR:
        sing_flor(st, r, s, events)
    elif r._env_state is ENV_PENDING:
        answer_envido(st, r, s, kind, events)
    elif kind in ENVIDO_CALLS:
        open_chain(r, s, kind, events)
    elif kind in TRUCO_CALLS:
        call_truco(r, s, kind, events)
    else:  # quiero / no-quiero to a truco-level call
        answer_truco(st, r, s, kind, events)

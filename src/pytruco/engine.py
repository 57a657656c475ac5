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

from .actions import _PLAIN, _PLAY, _TENGO, ENVIDO_CALLS, TRUCO_CALLS, Action, Deal, Kind, Rps, action_problem
from .cards import Card, random_source
from .deal import _apply_deal, _deal_problem, random_deal
from .declarations import _record_declaration
from .envido import _envido_answer, _refuse_envido, _resolve_envido, next_calls, opening_calls
from .errors import IllegalActionError, RuleSetError, quoted
from .events import _WORD, Event, EventKind, _ev, _Events
from .flor import _flor_answer, _flor_call_answer, _refuse_flor_call, _resolve_flor, _sing_flor
from .mazo import _fold
from .rules import CfarRule, RuleSet, check_start
from .scoring import _award, _finish
from .state import CAT_FLOR, DECL_ENVIDO, DECL_FLOR, ENV_PENDING, FLOR_ANSWER, FLOR_CALL, FLOR_DONE, Phase, Round, State
from .tricks import _play
from .truco import _refuse_truco, _truco_answer, _truco_call
from .windows import _answerers, _envido_open, _may_sing, _must_sing

__all__ = ["apply", "check", "is_legal", "legal_actions", "new_game", "random_deal"]

BLUFF_VALUES: tuple[int, ...] = (*range(8), *range(20, 39))
"""Every value an envido declaration can have: 0-7 and 20-38."""

_FLOR, _CONTRAFLOR, _CFAR, _ACHICO = Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO, Kind.CON_FLOR_ME_ACHICO
_QUIERO, _NO_QUIERO, _MAZO = Kind.QUIERO, Kind.NO_QUIERO, Kind.MAZO
_TIMEOUT, _RENDIRSE, _PLAYK = Kind.TIMEOUT, Kind.RENDIRSE, Kind.PLAY
_RPS_ACTIONS = [tuple(Action.rps(seat, choice) for choice in Rps) for seat in range(2)]
_RPS_CACHE = {(a.seat, a.choice): a for seats in _RPS_ACTIONS for a in seats}


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
        SetupError: an impossible first mano, score or chicos
            (:func:`pytruco.rules.check_start`).

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
    st._history = None
    st._legal = None
    st._to_act = None
    if first_mano is None and rules.rps_first_mano:
        st._phase = Phase.RPS
        st._mano = 0
    else:
        if first_mano is None:
            first_mano = random_source(rng).randrange(n)
        st._phase = Phase.DEAL
        st._mano = first_mano
    st._start_mano = st._mano
    st._start_score = score
    st._start_chicos = chicos
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
    legal = state._legal
    if legal is None:
        legal = _compute_legal(state)
    if not meta:
        return legal
    return legal + _meta_actions(state)


def _meta_actions(state: State) -> tuple[Action, ...]:
    if state._phase is Phase.OVER:
        return ()
    timeouts = tuple(_PLAIN[s][_TIMEOUT] for s in state.to_act)
    return timeouts + tuple(_PLAIN[s][_RENDIRSE] for s in range(state._rules.players))


def is_legal(state: State, action: Action | Deal) -> bool:
    """Whether :func:`apply` would accept *action* now.

    >>> from pytruco import Action, Deal, apply, is_legal, new_game
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> is_legal(state, Action.parse("0 truco")), is_legal(state, Action.parse("1 truco"))
    (True, False)
    """
    if isinstance(action, Deal):
        return state._phase is Phase.DEAL and _deal_problem(state, action) is None
    if not isinstance(action, Action):
        return False
    kind = action.kind
    if kind is _RENDIRSE or kind is _TIMEOUT:
        if action_problem(action) is not None:
            return False
        if kind is _RENDIRSE:
            return state._phase is not Phase.OVER and 0 <= action.seat < state._rules.players
        return state._phase is not Phase.OVER and action.seat in state.to_act
    legal = state._legal
    if legal is None:
        legal = _compute_legal(state)
    canonical = _canonical(action)
    # Legal actions are shared instances: an identity test, so that a malformed
    # action (seat True, which equals 1) is never taken for a legal one.
    return any(candidate is canonical for candidate in legal)


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
            return _PLAY[seat][card.index]
        return action
    if kind is Kind.TENGO:
        points = action.points
        if isinstance(points, int) and 0 <= points < len(_TENGO[seat]) and action.choice is None:
            return _TENGO[seat][points]
        return action
    if kind is Kind.RPS:
        return _RPS_CACHE.get((seat, action.choice), action) if seat < 2 else action
    if kind.__class__ is Kind and action.card is None and action.points is None and action.choice is None:
        return _PLAIN[seat][kind]
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
    if not is_legal(state, action):
        problem = None if isinstance(action, Deal) else action_problem(action)
        if problem is not None:
            raise IllegalActionError(f"not an action: {problem}")
        from .explain import explain

        raise IllegalActionError(explain(state, action))


def _compute_legal(st: State) -> tuple[Action, ...]:
    """Fill the state's cache of legal actions and seats to act; returns the actions."""
    phase = st._phase
    acts: list[Action] = []
    to_act: tuple[int, ...] = ()
    if phase is Phase.PLAY:
        r = st._round
        assert r is not None
        to_act = _round_legal(st._rules, r, acts)
    elif phase is Phase.RPS:
        to_act = tuple(s for s in (0, 1) if st._rps[s] is None)
        for s in to_act:
            acts.extend(_RPS_ACTIONS[s])
    st._to_act = to_act
    legal = st._legal = tuple(acts)
    return legal


def _seats(mask: int, n: int) -> tuple[int, ...]:
    return tuple(s for s in range(n) if mask >> s & 1)


def _calls(seat: int, kinds: tuple[Kind, ...]) -> tuple[Action, ...]:
    """The shared actions of *seat* for *kinds* (memoized: a handful of combinations)."""
    key = (seat, kinds)
    found = _CALLS_CACHE.get(key)
    if found is None:
        found = _CALLS_CACHE[key] = tuple(_PLAIN[seat][kind] for kind in kinds)
    return found


_CALLS_CACHE: dict[tuple[int, tuple[Kind, ...]], tuple[Action, ...]] = {}


def _round_legal(rules: RuleSet, r: Round, acts: list[Action]) -> tuple[int, ...]:
    if r._ended:
        return ()
    stage = r._flor_stage
    if stage == FLOR_ANSWER:
        seats = _seats(r._flor_answerers, r._n)
        for a in seats:
            p = _PLAIN[a]
            acts.append(p[_FLOR])
            if rules.contraflor:
                acts.append(p[_CONTRAFLOR])
            if rules.cfar is not CfarRule.NONE:
                acts.append(p[_CFAR])
            if rules.flor_refusable:
                acts.append(p[_NO_QUIERO])
                if rules.mazo_with_pending_call:
                    acts.append(p[_MAZO])
        return seats
    if stage == FLOR_CALL:
        # A contraflor, a contraflor al resto or a second flor is a call: any
        # seat of the other team still in the hand may answer it (§4).
        seats = _answerers(r, r._flor_caller)
        call = r._flor_call
        for a in seats:
            p = _PLAIN[a]
            if rules.flor_mandatory and _must_sing(rules, r, a):
                acts.append(p[_FLOR])  # §8.6: an unsung mandatory flor comes first
                continue
            acts.append(p[_QUIERO])
            if call is _FLOR:
                acts.append(p[_ACHICO])
            else:
                acts.append(p[_NO_QUIERO])
            if call is not _CFAR and rules.cfar is not CfarRule.NONE:
                acts.append(p[_CFAR])
            if rules.mazo_with_pending_call:
                acts.append(p[_MAZO])
        return seats
    if r._decl_kind:
        d = r._decl_queue[0]
        if r._decl_kind == DECL_ENVIDO and _must_sing(rules, r, d):
            acts.append(_PLAIN[d][_FLOR])
            return (d,)
        tengo = _TENGO[d]
        if r._decl_kind == DECL_FLOR:
            points = r._flor_pts[d]
            assert points is not None
            acts.append(tengo[points])
        elif rules.bluff:
            acts.extend(tengo[v] for v in BLUFF_VALUES)
        else:
            acts.append(tengo[r._env_pts[d]])
        if r._decl_best_seat >= 0:
            acts.append(_PLAIN[d][Kind.SON_BUENAS])
        return (d,)
    if r._env_state == ENV_PENDING:
        seats = _answerers(r, r._env_caller)
        raises = next_calls(rules, r._env_calls)
        for a in seats:
            p = _PLAIN[a]
            flor = rules.flor and r._flor_pts[a] is not None and _may_sing(rules, r, a)
            if flor and rules.flor_mandatory:
                acts.append(p[_FLOR])
                continue
            acts.append(p[_QUIERO])
            acts.append(p[_NO_QUIERO])
            acts.extend(_calls(a, raises))
            if flor:
                acts.append(p[_FLOR])
            if rules.mazo_with_pending_call:
                acts.append(p[_MAZO])
        return seats
    truco_call = r._truco_call
    if truco_call:
        seats = _answerers(r, r._truco_caller)
        primero = rules.envido_primero and truco_call == 1 and not r._truco_level
        for a in seats:
            p = _PLAIN[a]
            flor = rules.flor and r._flor_pts[a] is not None and _may_sing(rules, r, a)
            if flor and rules.flor_mandatory:
                acts.append(p[_FLOR])
                continue
            acts.append(p[_QUIERO])
            acts.append(p[_NO_QUIERO])
            if truco_call < 3:
                acts.append(p[TRUCO_CALLS[truco_call]])
            if primero and _envido_open(rules, r, a):
                acts.extend(_calls(a, opening_calls(rules)))
            if flor:
                acts.append(p[_FLOR])
            if rules.mazo_with_pending_call:
                acts.append(p[_MAZO])
        return seats
    t = r._turn
    p = _PLAIN[t]
    flor = rules.flor and r._flor_pts[t] is not None and _may_sing(rules, r, t)
    if flor and rules.flor_mandatory:
        acts.append(p[_FLOR])
        return (t,)
    plays = _PLAY[t]
    for card in r._held[t]:
        acts.append(plays[card.index])
    level = r._truco_level
    if level < 3 and (level == 0 or r._quiero_team == t & 1):
        acts.append(p[TRUCO_CALLS[level]])
    if not r._env_state and _envido_open(rules, r, t):
        acts.extend(_calls(t, opening_calls(rules)))
    if flor:
        acts.append(p[_FLOR])
    if not (rules.mano_must_act_before_mazo and t == r._mano and not r._acted >> t & 1):
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
    if action.__class__ is not Action:
        if isinstance(action, Deal):
            return _apply_deal(state, action)
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {quoted(action)}")
    kind = action.kind
    if kind is _RENDIRSE or kind is _TIMEOUT:
        if not is_legal(state, action):
            check(state, action)
        action = _canonical(action)  # the shared instance goes into the history
    else:
        legal = state._legal
        if legal is None:
            legal = _compute_legal(state)
        card = action.card
        seat = action.seat
        if (
            kind is _PLAYK
            and card.__class__ is Card
            and seat.__class__ is int
            and 0 <= seat < 6
            and action.points is None
        ):
            assert card is not None
            canonical = _PLAY[seat][card.index]
        else:
            canonical = _canonical(action)
        for candidate in legal:  # shared instances: an identity test suffices
            if candidate is canonical:
                break
        else:
            check(state, action)
        if canonical is not action:  # not a shared instance: refuse stray fields (choice on a play, ...)
            problem = action_problem(action)
            if problem is not None:
                raise IllegalActionError(f"not an action: {problem}")
            action = canonical  # the shared, well-formed instance goes into the history
    st = state._copy()
    st._history = (action, state._history)
    events: _Events = []
    s = action.seat
    if kind is _RENDIRSE:
        _surrender(st, s, events)
    elif st._phase is Phase.RPS:
        _rps(st, s, action.choice, events)
    else:
        old = state._round
        assert old is not None
        r = old._copy()
        st._round = r
        r._acted |= 1 << s
        if kind is _PLAYK:
            assert action.card is not None
            _play(st, r, s, action.card, events)
        elif kind is _TIMEOUT:
            _timeout(st, r, s, events)
        elif kind is _MAZO:
            _fold(st, r, s, events)
        elif r._flor_stage == FLOR_ANSWER:
            _flor_answer(st, r, s, kind, events)
        elif r._flor_stage == FLOR_CALL and kind is not _FLOR:
            _flor_call_answer(st, r, s, kind, events)
        elif kind is Kind.TENGO or kind is Kind.SON_BUENAS:
            _declare(st, r, s, action.points, events)
        elif kind is _FLOR:
            _sing_flor(st, r, s, events)
        elif r._env_state == ENV_PENDING:
            _envido_answer(st, r, s, kind, events)
        elif kind in ENVIDO_CALLS:
            events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
            r._call_log = (*r._call_log, ("envido", s, kind))
            r._env_state = ENV_PENDING
            r._env_calls = (kind,)
            r._env_caller = s
            r._env_any = True
        elif kind in TRUCO_CALLS:
            _truco_call(r, s, kind, events)
        else:  # quiero / no-quiero to a truco-level call
            _truco_answer(st, r, s, kind, events)
    return st, tuple(events)


# --- rock-paper-scissors, deal, surrender -----------------------------------
def _rps(st: State, s: int, choice: Rps | None, events: _Events) -> None:
    if choice is None:  # timeout: it loses the draw (§7)
        events.append(_ev(EventKind.TIMED_OUT, s))
        _first_mano(st, 1 - s, events)
        return
    events.append(_ev(EventKind.RPS_CHOSEN, s))
    choices = list(st._rps)
    choices[s] = choice
    first, second = choices
    if first is None or second is None:
        st._rps = (first, second)
        return
    if first is second:
        events.append(_ev(EventKind.RPS_TIE, None, None, 0, None, first.value))
        st._rps = (None, None)
        return
    st._rps = (first, second)
    _first_mano(st, 0 if first.beats(second) else 1, events)


def _first_mano(st: State, seat: int, events: _Events) -> None:
    st._mano = seat
    st._start_mano = seat
    st._phase = Phase.DEAL
    events.append(_ev(EventKind.FIRST_MANO, seat))


def _surrender(st: State, s: int, events: _Events) -> None:
    team = s & 1
    events.append(_ev(EventKind.SURRENDERED, s, team))
    if st._round is not None and not st._round._ended:
        r = st._round._copy()
        r._ended = True
        st._round = r
    st._phase = Phase.OVER
    st._winner = 1 - team
    events.append(_ev(EventKind.MATCH_OVER, None, 1 - team))


# --- scoring ------------------------------------------------------------------


# --- cards and tricks -------------------------------------------------------


# --- truco ------------------------------------------------------------------


# --- envido -----------------------------------------------------------------


# --- flor -------------------------------------------------------------------


# --- mazo and timeout -------------------------------------------------------


# --- declarations and timeouts ----------------------------------------------
def _declare(st: State, r: Round, s: int, points: int | None, events: _Events, timeout: bool = False) -> None:
    """A declaration; the last one settles the envido or the flor."""
    kind = r._decl_kind
    winner = _record_declaration(r, s, points, events, timeout)
    if winner >= 0:
        if kind == DECL_ENVIDO:
            _resolve_envido(st, r, winner, events)
        else:
            _resolve_flor(st, r, winner, events)


def _timeout(st: State, r: Round, s: int, events: _Events) -> None:
    """The seat that was to act is resolved against itself (§7, §8.10, §8.20)."""
    rules = st._rules
    events.append(_ev(EventKind.TIMED_OUT, s, s & 1))
    team = s & 1
    if rules.flor and r._flor_pts[s] is not None and not r._flor_sung >> s & 1:
        r._flor_lost |= 1 << s
    stage = r._flor_stage
    if stage == FLOR_ANSWER:
        r._flor_answerers = 0
        r._flor_stage = FLOR_DONE
        _award(st, r, r._flor_first & 1, rules.flor_value, CAT_FLOR, events)
    elif stage == FLOR_CALL:
        _refuse_flor_call(st, r, events)
    elif r._decl_kind:
        if r._decl_best_seat < 0:
            points = r._flor_pts[s] if r._decl_kind == DECL_FLOR else r._env_pts[s]
            _declare(st, r, s, points, events, True)
        else:
            _declare(st, r, s, None, events, True)
    elif r._env_state == ENV_PENDING:
        _refuse_envido(st, r, events)
    elif r._truco_call:
        _refuse_truco(st, r, events)
        _finish(st, r, events)
    else:
        _fold(st, r, s, events, timeout=True)
    del team

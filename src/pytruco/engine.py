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
from collections.abc import Sequence

from .actions import _PLAIN, _PLAY, _TENGO, ENVIDO_CALLS, TRUCO_CALLS, Action, Deal, Kind, Rps
from .cards import ALL_CARDS, Card, Hand, _points, points_of
from .envido import FALTA, accepted_value, falta_value, next_calls, opening_calls, refused_value
from .errors import IllegalActionError, RuleSetError
from .events import Event, EventKind
from .rules import CfarRule, EnvidoStyle, EnvidoWindow, RuleSet, Scoring
from .state import (
    CAT_ENVIDO,
    CAT_FLOR,
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
    Phase,
    Round,
    State,
    Trick,
)
from .tricks import hand_winner, trick_result

__all__ = ["apply", "check", "is_legal", "legal_actions", "new_game", "random_deal"]

CAT_PENALTY = "penalty"
BLUFF_VALUES: tuple[int, ...] = (*range(8), *range(20, 39))
"""Every value an envido declaration can have: 0-7 and 20-38."""

_K = Kind
_FLOR, _CONTRAFLOR, _CFAR, _ACHICO = Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO, Kind.CON_FLOR_ME_ACHICO
_QUIERO, _NO_QUIERO, _MAZO = Kind.QUIERO, Kind.NO_QUIERO, Kind.MAZO
_TIMEOUT, _RENDIRSE, _PLAYK = Kind.TIMEOUT, Kind.RENDIRSE, Kind.PLAY
_OPENING = (
    tuple(tuple(_PLAIN[seat][k] for k in (Kind.ENVIDO,)) for seat in range(6)),
    tuple(tuple(_PLAIN[seat][k] for k in (Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO)) for seat in range(6)),
)
_RPS_ACTIONS = [tuple(Action.rps(seat, choice) for choice in Rps) for seat in range(2)]
_RPS_CACHE = {(a.seat, a.choice): a for seats in _RPS_ACTIONS for a in seats}

_Events = list[Event]
_tuple_new = tuple.__new__
_WORD = {kind: kind.value for kind in Kind}


def _ev(
    kind: EventKind,
    seat: int | None = None,
    team: int | None = None,
    points: int = 0,
    card: Card | None = None,
    detail: str = "",
) -> Event:
    """A new :class:`Event`, built positionally (the hot path makes several per action)."""
    return _tuple_new(Event, (kind, seat, team, points, card, detail))


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
        raise RuleSetError(f"rules must be a RuleSet or a preset name, not {rules!r}")
    n = rules.players
    score = _pair("score", score)
    chicos = _pair("chicos", chicos)
    if max(score) >= rules.target:
        raise ValueError(f"starting score {list(score)} already reaches the target {rules.target}")
    if rules.chicos_to_win == 1 and chicos != (0, 0):
        raise ValueError(f"starting chicos {list(chicos)}: {rules.preset_name} plays one game, not a partido of chicos")
    if max(chicos) >= rules.chicos_to_win and rules.chicos_to_win > 1:
        raise ValueError(f"starting chicos {list(chicos)} already win the match")
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
            first_mano = (rng if rng is not None else random.SystemRandom()).randrange(n)
        if not isinstance(first_mano, int) or not 0 <= first_mano < n:
            raise ValueError(f"first_mano must be a seat from 0 to {n - 1}, not {first_mano!r}")
        st._phase = Phase.DEAL
        st._mano = first_mano
    st._start_mano = st._mano
    st._start_score = score
    st._start_chicos = chicos
    return st


def _pair(name: str, value: Sequence[int]) -> tuple[int, int]:
    if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value) or min(value) < 0:
        raise ValueError(f"{name} must be two whole numbers >= 0, not {value!r}")
    return (value[0], value[1])


def random_deal(state: State, rng: random.Random | None = None) -> Deal:
    """A random :class:`Deal` for the next hand of *state*.

    *rng* is the caller's random source; without one an unpredictable system
    source shuffles, which is what an online table must use.

    >>> import random
    >>> from pytruco import new_game
    >>> deal = random_deal(new_game("default", first_mano=0), random.Random(1))
    >>> len(deal.hands)
    2
    """
    uniform = (rng if rng is not None else random.SystemRandom()).random
    n = state._rules.players
    # A partial Fisher-Yates shuffle of the 40 cards: the first 3n are dealt.
    cards = _ALL_CARDS.copy()
    for i in range(3 * n):
        j = i + int(uniform() * (40 - i))
        cards[i], cards[j] = cards[j], cards[i]
    of = Hand._of
    if n == 2:
        return Deal._of((of((cards[0], cards[1], cards[2])), of((cards[3], cards[4], cards[5]))), checked=True)
    return Deal._of(tuple(of(tuple(cards[3 * seat : 3 * seat + 3])) for seat in range(n)), checked=True)


_ALL_CARDS = list(ALL_CARDS)


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
    """Whether :func:`apply` would accept *action* now."""
    if isinstance(action, Deal):
        return state._phase is Phase.DEAL and _deal_problem(state, action) is None
    if not isinstance(action, Action):
        return False
    kind = action.kind
    if kind is _RENDIRSE:
        return state._phase is not Phase.OVER and 0 <= action.seat < state._rules.players
    if kind is _TIMEOUT:
        return state._phase is not Phase.OVER and action.seat in state.to_act
    legal = state._legal
    if legal is None:
        legal = _compute_legal(state)
    return _canonical(action) in legal


def _canonical(action: Action) -> Action:
    """The shared instance equal to *action* (legal actions are shared
    instances, so membership is an identity test)."""
    seat = action.seat
    if not 0 <= seat < 6:
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
    if action.card is None and action.points is None and action.choice is None:
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


_TEAM_SEATS = {n: (tuple(range(0, n, 2)), tuple(range(1, n, 2))) for n in (2, 4, 6)}


def _answerers(r: Round, caller: int) -> tuple[int, ...]:
    """Seats of the other team than *caller*'s still in the hand."""
    seats = _TEAM_SEATS[r._n][1 - (caller & 1)]
    folded = r._folded
    if not folded:
        return seats
    return tuple([s for s in seats if not folded >> s & 1])


def _calls(seat: int, kinds: tuple[Kind, ...]) -> tuple[Action, ...]:
    """The shared actions of *seat* for *kinds* (memoized: a handful of combinations)."""
    key = (seat, kinds)
    found = _CALLS_CACHE.get(key)
    if found is None:
        found = _CALLS_CACHE[key] = tuple(_PLAIN[seat][kind] for kind in kinds)
    return found


_CALLS_CACHE: dict[tuple[int, tuple[Kind, ...]], tuple[Action, ...]] = {}


def _may_sing(rules: RuleSet, r: Round, s: int) -> bool:
    """Whether seat *s* may sing flor now (outside an answer to another flor)."""
    if not rules.flor or r._flor_pts[s] is None:
        return False
    if (r._flor_sung | r._flor_lost | r._folded) >> s & 1 or len(r._held[s]) != 3:
        return False
    if rules.flor_window is EnvidoWindow.FIRST_CARD_OF_HAND and r._cards_played:
        return False
    if FLOR_ANSWER <= r._flor_stage <= FLOR_DECLARING:
        return False
    if not rules.flor_mandatory:
        # Optional flor (§8.7, §8.18): it may answer only the first envido call;
        # once that call is answered any other way, no flor in the hand.
        state = r._env_state
        if state == ENV_PENDING:
            return len(r._env_calls) == 1
        if state != ENV_NONE:
            return False
    return True


def _must_sing(rules: RuleSet, r: Round, s: int) -> bool:
    """Mandatory flor (§8.6): until the holder sings, flor is its only action."""
    return rules.flor_mandatory and _may_sing(rules, r, s)


def _can_answer_flor(rules: RuleSet, r: Round, s: int) -> bool:
    """Whether seat *s* holds a flor that can still answer another (§8.7)."""
    if r._flor_pts[s] is None or (r._flor_sung | r._flor_lost | r._folded) >> s & 1:
        return False
    if len(r._held[s]) != 3:
        return False
    return not (rules.flor_window is EnvidoWindow.FIRST_CARD_OF_HAND and r._cards_played)


def _envido_open(rules: RuleSet, r: Round, s: int) -> bool:
    """Whether seat *s* may open the envido chain (§5 window)."""
    if r._env_state != ENV_NONE or r._flor_sung or r._truco_level:
        return False
    if rules.envido_window is EnvidoWindow.OWN_FIRST_CARD:
        return not r._tricks and len(r._held[s]) == 3
    return not r._cards_played and not r._truco_call


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
    if not r._env_state and not level and not r._flor_sung:
        window = rules.envido_window is EnvidoWindow.OWN_FIRST_CARD
        if (not r._tricks and len(r._held[t]) == 3) if window else (not r._cards_played and not r._truco_call):
            acts.extend(_OPENING[rules.envido_style is EnvidoStyle.CUMULATIVE][t])
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
            raise IllegalActionError(f"not an action: {action!r}")
    kind = action.kind
    if kind is _RENDIRSE or kind is _TIMEOUT:
        if not is_legal(state, action):
            check(state, action)
    else:
        legal = state._legal
        if legal is None:
            legal = _compute_legal(state)
        card = action.card
        if kind is _PLAYK and card.__class__ is Card and 0 <= action.seat < 6 and action.points is None:
            assert card is not None
            canonical = _PLAY[action.seat][card.index]
        else:
            canonical = _canonical(action)
        for candidate in legal:  # shared instances: an identity test suffices
            if candidate is canonical:
                break
        else:
            check(state, action)
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
        elif r._flor_stage == FLOR_CALL:
            _flor_call_answer(st, r, s, kind, events)
        elif kind is Kind.TENGO or kind is Kind.SON_BUENAS:
            _declare(st, r, s, action.points, events)
        elif kind is _FLOR:
            _sing_flor(st, r, s, events)
        elif r._env_state == ENV_PENDING:
            _envido_answer(st, r, s, kind, events)
        elif kind in ENVIDO_CALLS:
            events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
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


def _deal_problem(st: State, deal: Deal) -> str | None:
    n = st._rules.players
    hands = deal.hands
    if len(hands) != n:
        return f"the deal gives cards to {len(hands)} seats, the table has {n}"
    seen = 0
    for seat, hand in enumerate(hands):
        if len(hand.cards) != 3:
            return f"seat {seat} is dealt {len(hand.cards)} cards, not 3"
        for card in hand.cards:
            bit = 1 << card.index
            if seen & bit:
                return f"card {card} is dealt twice"
            seen |= bit
    return None


def _apply_deal(state: State, deal: Deal) -> tuple[State, tuple[Event, ...]]:
    if state._phase is not Phase.DEAL:
        if state._phase is Phase.OVER:
            raise IllegalActionError("the match is over: no more deals")
        raise IllegalActionError(f"cannot deal now: the table is waiting for {state._phase.value}")
    # A deal made by random_deal has distinct cards by construction.
    trusted = deal._checked and len(deal.hands) == state._rules.players
    problem = None if trusted else _deal_problem(state, deal)
    if problem is not None:
        raise IllegalActionError(f"bad deal: {problem}")
    st = state._copy()
    st._history = (deal, state._history)
    if st._reset_score:
        st._score = (0, 0)
        st._reset_score = False
    rules = st._rules
    pica = (
        rules.pica_pica
        and st._hands_dealt > 0
        and not st._pica_last
        and all(rules.target - points >= rules.pica_pica_margin for points in st._score)
    )
    st._hands_dealt += 1
    st._phase = Phase.PLAY
    st._pica_last = pica
    events = [_ev(EventKind.DEALT, st._mano, None, 0, None, "pica" if pica else "")]
    if pica:
        st._pica = (0, st._mano)
        st._round = _duel_round(rules, deal.hands, st._mano, 0, ())
        events.append(_ev(EventKind.DUEL_STARTED, st._round._mano, None, 0, None, "0"))
    else:
        st._round = _new_round(rules, deal.hands, st._mano, 0)
    return st, tuple(events)


def _duel_round(
    rules: RuleSet,
    hands: tuple[Hand, ...],
    hand_mano: int,
    duel: int,
    pending: tuple[tuple[int, int, str], ...],
    held: tuple[tuple[Card, ...], ...] | None = None,
) -> Round:
    """Duel *duel* of a pica hand: seat *duel* against seat *duel* + 3, with
    the one dealt first (nearer the hand's mano) as mano (§2, §8.23)."""
    n = rules.players
    a, b = duel, duel + n // 2
    mano = a if (a - hand_mano) % n < (b - hand_mano) % n else b
    absent = ((1 << n) - 1) & ~((1 << a) | (1 << b))
    r = _new_round(rules, hands, mano, absent)
    r._defer = True
    r._pending = pending
    if held is not None:  # the earlier duels' cards stay played
        r._held = held
    return r


def _new_round(rules: RuleSet, hands: tuple[Hand, ...], mano: int, absent: int) -> Round:
    r = _BLANK_ROUND._copy()
    n = rules.players
    r._n = n
    r._mano = mano
    r._turn = mano
    r._folded = absent
    r._dealt = hands
    r._held = tuple([hand.cards for hand in hands])
    points = [points_of(hand.cards) for hand in hands]
    r._env_pts = tuple([p[1] if rules.envido_count_three else p[0] for p in points])
    if rules.flor:
        flor = 1 if rules.flor_count_three else 0
        pairs = zip(points, hands, strict=True)
        r._flor_pts = tuple([p[flor] if p[2] == 1 and len(h.cards) == 3 else None for p, h in pairs])
    else:
        r._flor_pts = (None,) * n
    r._defer = rules.scoring is Scoring.END_OF_HAND
    return r


def _blank_round() -> Round:
    """A round with every field at its starting value; deals copy it."""
    r = Round.__new__(Round)
    r._n = 0
    r._mano = 0
    r._dealt = ()
    r._held = ()
    r._env_pts = ()
    r._flor_pts = ()
    r._trick = ()
    r._tricks = ()
    r._turn = 0
    r._folded = 0
    r._acted = 0
    r._cards_played = 0
    r._truco_level = 0
    r._quiero_team = -1
    r._truco_call = 0
    r._truco_caller = -1
    r._env_state = ENV_NONE
    r._env_calls = ()
    r._env_caller = -1
    r._env_any = False
    r._env_deferred = None
    r._env_forfeit = False
    r._env_winner = -1
    r._decl_kind = DECL_NONE
    r._decl_queue = ()
    r._decl_best = -1
    r._decl_best_seat = -1
    r._decls = ()
    r._flor_stage = FLOR_NONE
    r._flor_sung = 0
    r._flor_lost = 0
    r._flor_first = -1
    r._flor_forfeit = 0
    r._flor_answerers = 0
    r._flor_call = None
    r._flor_caller = -1
    r._flor_over = None
    r._flor_stake = 0
    r._points = (0, 0)
    r._pending = ()
    r._defer = False
    r._ended = False
    r._winner = -1
    return r


_BLANK_ROUND = _blank_round()


# --- scoring ------------------------------------------------------------------
def _award(st: State, r: Round, team: int, points: int, category: str, events: _Events) -> None:
    """Give *points* to *team*: at once, or when the hand ends (§2)."""
    if points <= 0 or r._ended:
        return
    if r._flor_forfeit and category is CAT_FLOR and r._flor_forfeit >> team & 1:
        team = 1 - team  # §8.22: this team's flor points in the hand go to the other team
        events.append(_ev(EventKind.POINTS_MOVED, None, team, points, None, "flor lost by folding"))
    if not r._defer:
        score = list(st._score)
        score[team] += points
        st._score = (score[0], score[1])
        got = list(r._points)
        got[team] += points
        r._points = (got[0], got[1])
        events.append(_ev(EventKind.POINTS, None, team, points, None, category))
        if score[team] >= st._rules.target:
            _chico_won(st, r, team, events)
    else:
        r._pending = (*r._pending, (team, points, category))


def _flush(st: State, r: Round, events: _Events) -> int:
    """Add the hand's pending points, envido and flor first (§2; in the
    order won for a pica duel of a preset that scores at once). Returns the
    first team to reach the target in that order, or -1."""
    if not r._pending:
        return -1
    target = st._rules.target
    if st._rules.scoring is Scoring.END_OF_HAND:
        first = (CAT_ENVIDO, CAT_FLOR, CAT_UNSHOWN)
        ordered = [p for p in r._pending if p[2] in first]
        ordered += [p for p in r._pending if p[2] not in first]
    else:
        ordered = list(r._pending)
    score = list(st._score)
    got = list(r._points)
    reached = -1
    for team, points, category in ordered:
        score[team] += points
        got[team] += points
        events.append(_ev(EventKind.POINTS, None, team, points, None, category))
        if reached < 0 and score[team] >= target:
            reached = team
    st._score = (score[0], score[1])
    r._points = (got[0], got[1])
    r._pending = ()
    return reached


def _chico_won(st: State, r: Round, team: int, events: _Events) -> None:
    rules = st._rules
    r._ended = True
    events.append(_ev(EventKind.CHICO_WON, None, team))
    if rules.chicos_to_win > 1:
        chicos = list(st._chicos)
        chicos[team] += 1
        st._chicos = (chicos[0], chicos[1])
        if chicos[team] < rules.chicos_to_win:
            st._reset_score = True
            _next_hand(st)
            return
    st._phase = Phase.OVER
    st._winner = team
    events.append(_ev(EventKind.MATCH_OVER, None, team))


def _next_hand(st: State) -> None:
    st._phase = Phase.DEAL
    if st._pica is not None:
        st._mano = st._pica[1]
        st._pica = None
    st._mano = (st._mano + 1) % st._rules.players


def _win_hand(st: State, r: Round, team: int, events: _Events) -> None:
    """*team* wins the hand: it scores the hand's truco value."""
    r._winner = team
    events.append(_ev(EventKind.HAND_WON, None, team))
    _award(st, r, team, TRUCO_VALUE[r._truco_level], CAT_TRUCO, events)


def _finish(st: State, r: Round, events: _Events) -> None:
    """The hand is over: shown cards settle a deferred envido, pending
    points are added, and the next hand (or the end) follows."""
    if r._ended:
        return
    if r._env_deferred is not None:
        _show_envido(st, r, events)
        if r._ended:
            return
    pica = st._pica
    more_duels = pica is not None and pica[0] < 2
    carry = more_duels and st._rules.scoring is Scoring.END_OF_HAND
    reached = _flush(st, r, events) if r._defer and not carry else -1
    events.append(_ev(EventKind.HAND_ENDED, None, None, 0, None, "" if pica is None else f"duel {pica[0]}"))
    if reached >= 0:
        _chico_won(st, r, reached, events)
    elif more_duels and pica is not None:
        # The next duel of the pica hand starts from the same deal (§8.23).
        r._ended = True
        duel = pica[0] + 1
        st._pica = (duel, pica[1])
        nxt = _duel_round(st._rules, r._dealt, pica[1], duel, r._pending if carry else (), r._held)
        st._round = nxt
        events.append(_ev(EventKind.DUEL_STARTED, nxt._mano, None, 0, None, str(duel)))
    else:
        r._ended = True
        _next_hand(st)


def _show_envido(st: State, r: Round, events: _Events) -> None:
    """The cards are shown: settle the envido that waited for them (§5).

    A false winning declaration (``reglamento``) or a winner who folded
    before showing (``classic``) gives the points to the other team. The
    award keeps its place among the hand's points, before any later flor.
    """
    deferred = r._env_deferred
    assert deferred is not None
    r._env_deferred = None
    team, points, declared = deferred
    if st._rules.bluff and declared != r._env_pts[r._env_winner]:
        team = 1 - team
        events.append(_ev(EventKind.POINTS_MOVED, None, team, points, None, "false envido"))
    elif r._env_forfeit:
        team = 1 - team
        events.append(_ev(EventKind.POINTS_MOVED, None, team, points, None, "envido not shown"))
    if r._defer:
        r._pending = tuple(
            (team, points, CAT_ENVIDO) if category is CAT_UNSHOWN else (owner, value, category)
            for owner, value, category in r._pending
        )
    else:
        _award(st, r, team, points, CAT_ENVIDO, events)


def _penalty(st: State, r: Round, team: int, events: _Events) -> None:
    """The envido penalty of the mazo (§7, §8.3)."""
    if st._rules.mazo_envido_penalty and not r._tricks and not r._env_any and not r._flor_sung and not r._truco_level:
        _award(st, r, team, 1, CAT_PENALTY, events)


# --- cards and tricks -------------------------------------------------------
def _play(st: State, r: Round, s: int, card: Card, events: _Events) -> None:
    held = list(r._held)
    held[s] = tuple([c for c in held[s] if c is not card])
    r._held = tuple(held)
    r._cards_played += 1
    r._trick = (*r._trick, (s, card))
    events.append(_ev(EventKind.CARD_PLAYED, s, None, 0, card))
    nxt = _next_in_trick(r, s)
    if nxt < 0:
        _complete_trick(st, r, events)
    else:
        r._turn = nxt


def _next_in_trick(r: Round, s: int) -> int:
    """The next seat still in the hand that has not played in this trick, or -1."""
    n = r._n
    if n == 2:  # 1v1: a fold ends the hand, so the other seat is still in
        return -1 if len(r._trick) == 2 else s ^ 1
    folded = r._folded
    for step in range(1, n):
        c = (s + step) % n
        if folded >> c & 1:
            continue
        for seat, _card in r._trick:
            if seat == c:
                return -1
        return c
    return -1


def _first_in_hand(r: Round, s: int) -> int:
    """*s*, or the next seat in playing order still in the hand (§8.16)."""
    n = r._n
    for step in range(n):
        c = (s + step) % n
        if not r._folded >> c & 1:
            return c
    return s


def _complete_trick(st: State, r: Round, events: _Events) -> None:
    team, seat = trick_result(r._trick)
    r._tricks = (*r._tricks, Trick(r._trick, team, seat))
    r._trick = ()
    if team is None:
        events.append(_ev(EventKind.TRICK_PARDA))
    else:
        events.append(_ev(EventKind.TRICK_WON, seat, team))
    winner = hand_winner([t.team for t in r._tricks], r._mano & 1, st._rules.parda)
    if winner is not None:
        _win_hand(st, r, winner, events)
        _finish(st, r, events)
        return
    # The winner of a trick leads the next; after a parda, the mano (§3).
    leader = _first_in_hand(r, r._mano if seat is None else seat)
    r._turn = leader


# --- truco ------------------------------------------------------------------
def _truco_call(r: Round, s: int, kind: Kind, events: _Events) -> None:
    if r._truco_call:  # a raise as the answer accepts the pending level ("quiero retruco")
        r._truco_level = r._truco_call
        r._quiero_team = s & 1
    r._truco_call = TRUCO_CALLS.index(kind) + 1
    r._truco_caller = s
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))


def _truco_answer(st: State, r: Round, s: int, kind: Kind, events: _Events) -> None:
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    if kind is _QUIERO:
        r._truco_level = r._truco_call
        r._quiero_team = s & 1
        r._truco_call = 0
    else:
        _refuse_truco(st, r, events)
        _finish(st, r, events)


def _refuse_truco(st: State, r: Round, events: _Events) -> None:
    """A refused truco, retruco or vale cuatro ends the hand: its caller's
    side scores the value before the call (§4)."""
    caller_team = r._truco_caller & 1
    r._truco_call = 0
    _win_hand(st, r, caller_team, events)


# --- envido -----------------------------------------------------------------
def _envido_answer(st: State, r: Round, s: int, kind: Kind, events: _Events) -> None:
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    if kind is _QUIERO:
        r._env_state = ENV_DECLARING
        _start_declarations(r, DECL_ENVIDO, ~r._folded)
    elif kind is _NO_QUIERO:
        _refuse_envido(st, r, events)
    else:  # a raise
        r._env_calls = (*r._env_calls, kind)
        r._env_caller = s


def _refuse_envido(st: State, r: Round, events: _Events) -> None:
    r._env_state = ENV_SETTLED
    _award(st, r, r._env_caller & 1, refused_value(st._rules, r._env_calls), CAT_ENVIDO, events)


def _start_declarations(r: Round, kind: int, mask: int) -> None:
    """Seats in *mask* speak in playing order from the mano, once around (§5)."""
    n = r._n
    mano = r._mano
    folded = r._folded
    order = [(mano + step) % n for step in range(n)]
    r._decl_kind = kind
    r._decl_queue = tuple(c for c in order if mask >> c & 1 and not folded >> c & 1)
    r._decl_best = -1
    r._decl_best_seat = -1
    r._decls = ()


def _declare(st: State, r: Round, s: int, points: int | None, events: _Events) -> None:
    detail = "son-buenas" if points is None else f"tengo {points}"
    events.append(_ev(EventKind.DECLARED, s, s & 1, points or 0, None, detail))
    r._decls = (*r._decls, (s, points))
    if points is not None and (r._decl_best_seat < 0 or points > r._decl_best):
        r._decl_best = points
        r._decl_best_seat = s
    best_team = r._decl_best_seat & 1
    queue = r._decl_queue[1:]
    while queue and queue[0] & 1 == best_team:
        queue = queue[1:]  # a seat whose team holds the best is skipped
    r._decl_queue = queue
    if queue:
        return
    winner = r._decl_best_seat
    team = winner & 1
    kind = r._decl_kind
    r._decl_kind = DECL_NONE
    if kind == DECL_ENVIDO:
        rules = st._rules
        value = accepted_value(rules, r._env_calls)
        if value == FALTA:
            value = falta_value(rules, st._score, team)
        r._env_state = ENV_SETTLED
        r._env_winner = winner
        events.append(_ev(EventKind.ENVIDO_WON, winner, team, value))
        if rules.bluff or rules.show_rule:
            # settled when the cards are shown at the end of the hand
            r._env_deferred = (team, value, r._decl_best)
            if r._defer:
                r._pending = (*r._pending, (team, value, CAT_UNSHOWN))
        else:
            _award(st, r, team, value, CAT_ENVIDO, events)
    else:
        _resolve_flor(st, r, winner, events)


def _envido_shown(rules: RuleSet, r: Round, s: int) -> bool:
    """Whether the cards that make seat *s*'s envido points are face up (§8.12, §8.19):
    the cards it has played make those points by themselves (any one card for 0)."""
    held = r._held[s]
    played = [card for card in r._dealt[s].cards if card not in held]
    return bool(played) and _points(played, rules.envido_count_three) == r._env_pts[s]



# --- flor -------------------------------------------------------------------
def _sing_flor(st: State, r: Round, s: int, events: _Events) -> None:
    rules = st._rules
    team = s & 1
    r._flor_sung |= 1 << s
    events.append(_ev(EventKind.CALLED, s, team, 0, None, "flor"))
    if r._env_state in (ENV_PENDING, ENV_DECLARING):
        # A flor voids an envido still pending or being declared (§6, §8.24).
        r._env_state = ENV_VOID
        r._decl_kind = DECL_NONE
        r._decl_queue = ()
        events.append(_ev(EventKind.ENVIDO_VOID))
    if r._flor_stage == FLOR_NONE:
        mask = 0
        for t in range(1 - team, r._n, 2):
            if _can_answer_flor(rules, r, t):
                mask |= 1 << t
        if mask:
            r._flor_stage = FLOR_ANSWER
            r._flor_first = s
            r._flor_answerers = mask
            return
        r._flor_stage = FLOR_DONE
    _award(st, r, team, rules.flor_value, CAT_FLOR, events)


def _flor_answer(st: State, r: Round, s: int, kind: Kind, events: _Events) -> None:
    """The second holder answers the first flor (§6)."""
    rules = st._rules
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    r._flor_answerers = 0
    if kind is _NO_QUIERO:
        r._flor_lost |= 1 << s
        r._flor_stage = FLOR_DONE
        _award(st, r, r._flor_first & 1, rules.flor_value, CAT_FLOR, events)
        return
    r._flor_sung |= 1 << s
    if kind is _FLOR and not rules.flor_flor_is_call:
        _accept_flor(r, rules.flor_flor_value)
        return
    r._flor_stage = FLOR_CALL
    r._flor_call = kind
    r._flor_caller = s
    r._flor_over = _FLOR


def _flor_call_answer(st: State, r: Round, s: int, kind: Kind, events: _Events) -> None:
    """An answer to a second flor (``reglamento``), a contraflor or a contraflor al resto."""
    rules = st._rules
    events.append(_ev(EventKind.CALLED, s, s & 1, 0, None, _WORD[kind]))
    call = r._flor_call
    caller_team = r._flor_caller & 1
    if kind is _QUIERO:
        if call is _FLOR:
            _accept_flor(r, rules.flor_flor_value)
        elif call is _CONTRAFLOR:
            _accept_flor(r, rules.contraflor_value)
        else:
            _accept_flor(r, -1)
    elif kind is _CFAR:
        r._flor_over = call
        r._flor_call = _CFAR
        r._flor_caller = s
    else:
        _refuse_flor_call(st, r, events)
    del caller_team


def _refuse_flor_call(st: State, r: Round, events: _Events) -> None:
    rules = st._rules
    call = r._flor_call
    caller_team = r._flor_caller & 1
    if call is _FLOR:
        points = rules.achico_value  # con flor me achico
    elif call is _CONTRAFLOR:
        points = rules.contraflor_refused
    elif r._flor_over is _CONTRAFLOR:
        points = rules.cfar_refused_over_contraflor
    else:
        points = rules.cfar_refused_over_flor
    r._flor_stage = FLOR_DONE
    r._flor_call = None
    _award(st, r, caller_team, points, CAT_FLOR, events)


def _accept_flor(r: Round, stake: int) -> None:
    r._flor_stage = FLOR_DECLARING
    r._flor_stake = stake
    r._flor_call = None
    _start_declarations(r, DECL_FLOR, r._flor_sung)


def _resolve_flor(st: State, r: Round, winner: int, events: _Events) -> None:
    rules = st._rules
    team = winner & 1
    r._flor_stage = FLOR_DONE
    stake = r._flor_stake
    events.append(_ev(EventKind.FLOR_WON, winner, team))
    if stake >= 0:
        _award(st, r, team, stake, CAT_FLOR, events)
    elif rules.cfar is CfarRule.FALTA:
        _award(st, r, team, rules.target - max(st._score), CAT_FLOR, events)
    else:
        _flor_wins_chico(st, r, team, events)


def _flor_wins_chico(st: State, r: Round, team: int, events: _Events) -> None:
    """An accepted contraflor al resto that wins the game (chico) at once (§6, §8.11)."""
    target = st._rules.target
    if not r._defer:
        _award(st, r, team, max(0, target - st._score[team]), CAT_FLOR, events)
        return
    if r._env_deferred is not None:
        _show_envido(st, r, events)  # a settled envido stands (§8.24); the cards are shown
    _flush(st, r, events)
    raise_by = max(0, target - st._score[team])
    if raise_by:
        score = list(st._score)
        score[team] += raise_by
        st._score = (score[0], score[1])
        got = list(r._points)
        got[team] += raise_by
        r._points = (got[0], got[1])
        events.append(_ev(EventKind.POINTS, None, team, raise_by, None, CAT_FLOR))
    events.append(_ev(EventKind.HAND_ENDED))
    _chico_won(st, r, team, events)


# --- mazo and timeout -------------------------------------------------------
def _fold(st: State, r: Round, s: int, events: _Events, *, timeout: bool = False) -> None:
    """Seat *s* goes to the mazo (§7, §8.2, §8.16, §8.17)."""
    rules = st._rules
    team = s & 1
    other = 1 - team
    bit = 1 << s
    if not timeout:
        events.append(_ev(EventKind.FOLDED, s, team))
    forfeit = rules.show_rule and r._env_deferred is not None and r._env_winner == s and not _envido_shown(rules, r, s)
    if forfeit:
        r._env_forfeit = True
    if rules.flor_lost_on_fold and r._flor_sung & bit and r._held[s]:
        _lose_flor(r, team, events)
    # The fold first refuses the call this seat was due to answer.
    truco_refused = False
    stage = r._flor_stage
    if stage == FLOR_ANSWER and r._flor_answerers & bit:
        r._flor_answerers = 0
        r._flor_lost |= bit
        r._flor_stage = FLOR_DONE
        _award(st, r, r._flor_first & 1, rules.flor_value, CAT_FLOR, events)
    elif stage == FLOR_CALL and (r._flor_caller & 1) != team:
        _refuse_flor_call(st, r, events)
    elif r._env_state == ENV_PENDING and (r._env_caller & 1) != team:
        _refuse_envido(st, r, events)
    elif r._truco_call and (r._truco_caller & 1) != team:
        truco_refused = True
    r._folded |= bit
    if r._ended:
        return
    if truco_refused:
        _refuse_truco(st, r, events)
        _penalty(st, r, other, events)
        _finish(st, r, events)
        return
    team_out = r._n == 2 or all(r._folded >> t & 1 for t in range(team, r._n, 2))
    if team_out or forfeit:
        _win_hand(st, r, other, events)
        _penalty(st, r, other, events)
        _finish(st, r, events)
        return
    if r._turn == s:
        nxt = _next_in_trick(r, s)
        if nxt < 0:
            if r._trick:
                _complete_trick(st, r, events)
            else:
                r._turn = _first_in_hand(r, s)
        else:
            r._turn = nxt


def _lose_flor(r: Round, team: int, events: _Events) -> None:
    """``reglamento`` (§6, §8.22): the team's flor points go to the other team."""
    moved = 0
    pending = []
    for owner, points, category in r._pending:
        if owner == team and category == CAT_FLOR:
            moved += points
            pending.append((1 - team, points, category))
        else:
            pending.append((owner, points, category))
    r._pending = tuple(pending)
    r._flor_forfeit |= 1 << team  # and the team's later flor points in this hand too
    if moved:
        events.append(_ev(EventKind.POINTS_MOVED, None, 1 - team, moved, None, "flor lost by folding"))


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
            _declare(st, r, s, points, events)
        else:
            _declare(st, r, s, None, events)
    elif r._env_state == ENV_PENDING:
        _refuse_envido(st, r, events)
    elif r._truco_call:
        _refuse_truco(st, r, events)
        _finish(st, r, events)
    else:
        _fold(st, r, s, events, timeout=True)
    del team

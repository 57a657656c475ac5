"""Dealing: random deals, checking a deal, and starting a round (or a pica duel)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, overload

from .._unchecked import new_deal, new_hand
from ..actions import Deal
from ..cards import ALL_CARDS, HOLDING_POINTS, Card, Hand, points_of, random_source, shared_card
from ..errors import SetupError, quoted
from ..events import Event
from .history import MAX_HANDS, Node, deal_entry
from .options import Options
from .parts import Dealt, Declarations, EnvidoChain, FlorChain, RoundScore, TrucoChain
from .refusals import Refusal, error
from .round import MADE
from .stages import (
    EVENT_DEALT,
    EVENT_DUEL_STARTED,
    NO_SEATS,
    PHASE_DEAL,
    PHASE_OVER,
    PHASE_PLAY,
    SCHEDULE_AFTER_5,
    SCORING_END_OF_HAND,
    new_event,
    simple_event,
)
from .state import Round, State, not_a_state, require_state

__all__ = ["random_deal"]


@overload  # typed by its overloads; the implementation narrows objects (reducer.py says why)
def random_deal(state: State) -> Deal: ...
@overload
def random_deal(state: State, rng: random.Random | None) -> Deal: ...
def random_deal(state: object, rng: object = None) -> Deal:
    """A random :class:`Deal` for the next round of *state*.

    *rng* is the caller's random source; without one an unpredictable system
    source shuffles, which is what an online table must use.

    Raises:
        SetupError: *rng* is not a random source, or its ``random()`` gave a
            number outside [0, 1) (each draw is checked).

    >>> import random
    >>> from pytruco import new_game
    >>> deal = random_deal(new_game("default", first_mano=0), random.Random(1))
    >>> len(deal.hands)
    2
    """
    if not isinstance(state, State):
        not_a_state(state, "random_deal")
    try:
        n = state._opts.players
    except AttributeError:  # a State made by object.__new__: ArgumentError
        require_state(state, "random_deal")
        raise
    # random_source states the rule; a plain random.Random passes it as it is.
    source = rng if type(rng) is _RANDOM else random_source(rng)
    uniform = source.random
    # random.Random's own random() (C) and SystemRandom's give floats in [0, 1); a subclass may return anything,
    # so each of its draws is checked.
    if type(source) is not _RANDOM and type(source) is not _SYSTEM_RANDOM:
        uniform = _checked_draws(uniform)
    # A partial Fisher-Yates shuffle of the 40 cards: the first 3n are dealt.
    cards = _ALL_CARDS.copy()
    for i in range(3 * n):
        j = i + int(uniform() * (40 - i))
        cards[i], cards[j] = cards[j], cards[i]
    if n == 2:
        hands: tuple[Hand, ...] = (
            new_hand(Hand, (cards[0], cards[1], cards[2])),
            new_hand(Hand, (cards[3], cards[4], cards[5])),
        )
    else:
        hands = tuple([new_hand(Hand, (cards[3 * s], cards[3 * s + 1], cards[3 * s + 2])) for s in range(n)])
    return new_deal(Deal, hands, True)  # checked: distinct cards by construction


_ALL_CARDS: Final = list(ALL_CARDS)


def _checked_draws(uniform: Callable[[], float]) -> Callable[[], float]:
    """*uniform*, refusing a draw that is not a float in [0, 1) (a subclass of random.Random may return
    anything; random.Random's own random() and SystemRandom's need no check)."""

    def checked() -> float:
        u: object = uniform()
        if type(u) is not float or not 0.0 <= u < 1.0:
            raise SetupError(f"the random source's random() gave {quoted(u)}, not a number in [0, 1)")
        return u

    return checked


def deal_problem(st: State, deal: Deal) -> str | None:
    """What is wrong with *deal* for the table of *st* (seats, three cards each, no card twice), or ``None``."""
    n = st._opts.players
    hands = getattr(deal, "hands", None)  # a Deal made by object.__new__ has none
    if not isinstance(hands, tuple) or not all(type(hand) is Hand for hand in hands):
        return "the deal has no tuple of Hands (it was made without its constructor)"
    if len(hands) != n:
        return f"the deal gives cards to {len(hands)} seats, the table has {n}"
    seen = 0
    for seat, hand in enumerate(hands):
        cards = getattr(hand, "cards", None)
        if not isinstance(cards, tuple):
            return f"seat {seat}'s hand has no cards (it was made without its constructor)"
        if len(cards) != 3:
            return f"seat {seat} is dealt {len(cards)} cards, not 3"
        for card in cards:
            shared = shared_card(card)
            if shared is not card or shared is None:
                return f"seat {seat} is dealt {quoted(card)}, which is not one of the 40 cards"
            bit = 1 << shared.index
            if seen & bit:
                return f"card {card} is dealt twice"
            seen |= bit
    return None


def deal_refusal(state: State, deal: Deal) -> Refusal | None:
    """Why *deal* is refused now (the match is over, the table waits for something else, a bad deal), or
    ``None`` when it is legal: the one decision behind ``check``, ``is_legal`` and ``apply`` for a deal."""
    phase = state._phase
    if phase is not PHASE_DEAL:
        if phase is PHASE_OVER:
            return Refusal("deal-after-match", {})
        return Refusal("deal-not-now", {"phase": phase.value})
    if state._hands_dealt >= MAX_HANDS:  # a record lists at most MAX_HANDS hands: keep the game recordable
        return Refusal("record-hands-full", {"limit": MAX_HANDS})
    # A deal made by random_deal has distinct cards by construction.
    try:
        checked = deal._checked
    except AttributeError:  # a Deal made by object.__new__: deal_problem names what it lacks
        checked = False
    if checked is True and len(deal.hands) == state._opts.players:
        return None
    problem = deal_problem(state, deal)
    return None if problem is None else Refusal("bad-deal", {"problem": problem})


def _is_pica_hand(rules: Options, st: State) -> bool:
    """Whether the hand being dealt is a pica hand, as ``pica_pica_schedule`` says (§9.7). ``"always"``: the game,
    and every chico of a partido, starts with a normal hand; then a pica hand follows every normal hand while both
    teams are at least the margin from the target (§8.23, §8.27). ``"after-5"``: a pica hand when the previous
    hand was not one, a team has at least 5 points and every team fewer than target - 5 (a chico starts at 0-0)."""
    if st._pica_last:
        return False
    if rules.pica_pica_schedule is SCHEDULE_AFTER_5:
        score = (0, 0) if st._reset_score else st._score
        return max(score) >= 5 and max(score) < rules.target - 5
    if st._hands_dealt == 0 or st._reset_score:
        return False
    return all(rules.target - points >= rules.pica_pica_margin for points in st._score)


def apply_deal(state: State, deal: Deal) -> tuple[State, tuple[Event, ...]]:
    """Deal *deal*: a new round (or the first duel of a pica hand); refuses it as :func:`deal_refusal` says."""
    refused = deal_refusal(state, deal)
    if refused is not None:
        raise error(refused)
    st = state._copy()
    history = state._history
    node: Node = history
    st._history = (deal, history, node[2] + 1, deal_entry(history))
    st._hand_start = state
    rules = st._opts
    pica = rules.pica_pica and _is_pica_hand(rules, st)
    if st._reset_score:
        st._score = (0, 0)
        st._reset_score = False
    st._hand_score = st._score
    st._hands_dealt += 1
    st._phase = PHASE_PLAY
    st._pica_last = pica
    if pica:
        st._pica = (0, st._mano)
        st._round = duel_round(rules, deal.hands, st._mano, 0, ())
        dealt = new_event(EVENT_DEALT, st._mano, None, 0, None, "pica")
        return st, (dealt, new_event(EVENT_DUEL_STARTED, st._round._deal.mano, None, 0, None, "0"))
    st._round = _new_round(rules, deal.hands, st._mano, NO_SEATS)
    return st, (simple_event(EVENT_DEALT, st._mano),)


def duel_round(
    rules: Options,
    hands: tuple[Hand, ...],
    hand_mano: int,
    duel: int,
    deferred: tuple[tuple[int, int, str], ...],
    held: tuple[tuple[Card, ...], ...] | None = None,
) -> Round:
    """Duel *duel* of a pica hand: seat *duel* against seat *duel* + 3, with
    the one dealt first (nearer the round's mano) as mano (§2, §8.23).

    A duel scores like any round of the preset (§8.23): at once, or, in
    presets that score at the end of the round, into the pica round's points
    still to be added (*deferred*, carried from the earlier duels)."""
    n = rules.players
    a, b = duel, duel + n // 2
    mano = a if (a - hand_mano) % n < (b - hand_mano) % n else b
    r = _new_round(rules, hands, mano, frozenset([s for s in range(n) if s not in (a, b)]))
    score = r._edit_score()
    score.deferred = deferred
    score.carried = len(deferred)
    if held is not None:  # the earlier duels' cards stay played
        r._held = held
    return r


def _new_round(rules: Options, hands: tuple[Hand, ...], mano: int, absent: frozenset[int]) -> Round:
    """A round of *hands* led by *mano*, with the seats in *absent* out of it; its records at their start."""
    n = rules.players
    held = tuple([hand.cards for hand in hands])
    points = [_points(cards) for cards in held]
    envido = 1 if rules.envido_count_three else 0
    dealt = Dealt()
    dealt.n = n
    dealt.mano = mano
    dealt.hands = hands
    dealt.envido_points = tuple([p[envido] for p in points])
    if rules.flor:
        flor = 1 if rules.flor_count_three else 0
        pairs = zip(points, held, strict=True)
        dealt.flor_points = tuple([p[flor] if p[2] == 1 and len(cards) == 3 else None for p, cards in pairs])
    else:
        dealt.flor_points = (None,) * n
    dealt.defer = rules.scoring is SCORING_END_OF_HAND
    r = Round(MADE)
    r._deal = dealt
    r._held = held
    r._trick = ()
    r._tricks = ()
    r._cards_played = 0
    r._turn = mano
    r._folded = absent
    r._mano_acted = False
    r._truco = _TRUCO_START  # records at their start, shared: a rule copies one before its first write
    r._envido = _ENVIDO_START
    r._flor = _FLOR_START
    r._decl = _DECL_START
    r._score = _SCORE_START
    r._log = None
    r._edited = 0
    return r


_TRUCO_START: Final = TrucoChain()
_ENVIDO_START: Final = EnvidoChain()
_FLOR_START: Final = FlorChain()
_DECL_START: Final = Declarations()
_SCORE_START: Final = RoundScore()


def _points(cards: tuple[Card, ...]) -> tuple[int, int, int]:
    """``points_of(cards)``, looked up by card indices for three distinct cards (every dealt hand)."""
    if len(cards) == 3:
        a, b, c = cards[0].index, cards[1].index, cards[2].index
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
        if a > b:
            a, b = b, a
        found = _POINTS_BY_KEY[a * 1600 + b * 40 + c]  # a tuple index: no key to hash (or, compiled, to box)
        if found is not None:
            return found
    return points_of(cards)


def _points_by_key() -> tuple[tuple[int, int, int] | None, ...]:
    """HOLDING_POINTS keyed by the holding's card indices in ascending order, ``a * 1600 + b * 40 + c``, as a
    tuple of 64,000 (``None`` where no three distinct cards give that key)."""
    table: list[tuple[int, int, int] | None] = [None] * 64_000
    for bits, points in HOLDING_POINTS.items():
        a, b, c = [index for index in range(40) if bits >> index & 1]
        table[a * 1600 + b * 40 + c] = points
    return tuple(table)


# Imported names the functions above read, as module-level Finals (C statics in the compiled build, where an
# imported name is a dictionary lookup).
_POINTS_BY_KEY: Final = _points_by_key()
_RANDOM: Final = random.Random
_SYSTEM_RANDOM: Final = random.SystemRandom

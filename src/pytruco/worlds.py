"""Chance and worlds: a deal dealt card by card with its probabilities, and worlds that a seat cannot tell from
the real one.

A deal is one chance action (:class:`~pytruco.Deal`); search and learning libraries want it as a sequence of
enumerable outcomes instead. :func:`chance_outcomes` gives the next card of a deal dealt card by card (seat 0's
three cards, then seat 1's, ...) with its probability, and :func:`deal_from_cards` makes the canonical deal from
those cards (each hand sorted, :meth:`~pytruco.Deal.canonical`), so that the order in which a hand's cards came
does not matter.

:func:`sample_world` is the other side of hidden information: a state that the seat cannot tell from the real
one (the same public history and the seat's own cards), with the other seats' unseen cards dealt again at random,
exactly consistent with what the seat has seen (the cards played, a flor sung, true declarations, who may act).

>>> import random
>>> from pytruco import Action, Deal, apply, new_game, view
>>> from pytruco.worlds import chance_outcomes, sample_world
>>> state = new_game("default", first_mano=0)
>>> outcomes = chance_outcomes(state)
>>> len(outcomes), round(sum(p for _, p in outcomes), 9)
(40, 1.0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> state, _ = apply(state, Action.parse("0 envido"))
>>> world = sample_world(state, 1, random.Random(2))
>>> world.round.dealt[1] == state.round.dealt[1], view(world, 1) == view(state, 1)
(True, True)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from ._engine import Phase, State, apply, is_made, require_state, round_start
from .actions import MAX_SEATS, Action, Deal, Kind
from .cards import ALL_CARDS, Card, Hand, random_source, shared_card
from .errors import ArgumentError, TrucoError, quoted
from .rules import RuleSet

__all__ = ["chance_outcomes", "deal_from_cards", "round_start", "sample_world"]

_T = TypeVar("_T")


def chance_outcomes(state: State, dealt: Sequence[Card] = ()) -> tuple[tuple[Card, float], ...]:
    """The next card of *state*'s deal dealt card by card, after the cards *dealt* so far: every card not yet
    dealt, each with probability ``1 / (40 - len(dealt))`` (the probabilities sum to 1), in the deck's order.

    A deal takes ``3 * players`` cards: seat 0's three, then seat 1's, and so on (:func:`deal_from_cards`).

    Raises:
        ArgumentError: *state* does not wait for a deal, or *dealt* repeats a card or already holds the deal.

    >>> from pytruco.worlds import chance_outcomes
    >>> from pytruco import Card, new_game
    >>> outcomes = chance_outcomes(new_game("default", first_mano=0), [Card.parse("1E")])
    >>> len(outcomes), outcomes[0][0], outcomes[0][1] == 1 / 39
    (39, Card('2E'), True)
    """
    if state.__class__ is not State or not is_made(state):  # a State made by object.__new__ has no fields
        require_state(state, "chance_outcomes")
    if state.phase is not Phase.DEAL:
        raise ArgumentError(f"chance_outcomes needs a state that waits for a deal, not phase {state.phase.value!r}")
    return without_dealt(_OUTCOMES[len(dealt)], _card_bits(dealt, 3 * state.rules.players - 1))


_OUTCOMES: Final = tuple(tuple((card, 1.0 / (40 - k)) for card in ALL_CARDS) for k in range(3 * MAX_SEATS))
"""The outcomes of the next card of a deal after *k* cards, the dealt ones included (row *k*: every card of the
deck, each with probability ``1 / (40 - k)``), made once for every table size: :func:`chance_outcomes` takes the
dealt cards out."""


def without_dealt(row: tuple[_T, ...], dealt: int) -> tuple[_T, ...]:
    """*row*, one entry per card of the deck in the deck's order, without the entries of the cards in *dealt* (a bit
    per card index): a few slices, one per dealt card, rather than a test per card. For :func:`chance_outcomes` and
    :mod:`pytruco.openspiel`, which keep a row per number of cards dealt.

    >>> from pytruco.worlds import without_dealt
    >>> without_dealt(tuple(range(6)), 0b010010)
    (0, 2, 3, 5)
    """
    kept: tuple[_T, ...] = ()
    start = 0
    while dealt:
        index = (dealt & -dealt).bit_length() - 1  # the lowest card dealt
        kept += row[start:index]
        start = index + 1
        dealt &= dealt - 1
    return kept + row[start:] if start else row


def deal_from_cards(state: State, cards: Sequence[Card]) -> Deal:
    """The canonical :class:`~pytruco.Deal` of ``3 * players`` *cards* dealt in that order (seat 0's three
    first), each hand sorted.

    Raises:
        ArgumentError: not the right number of distinct cards (each one of the 40, made by :class:`~pytruco.Card`).

    >>> from pytruco.worlds import deal_from_cards
    >>> from pytruco import Card, new_game
    >>> cards = [Card.parse(text) for text in "7C 6C 1E 5O 4O 3B".split()]
    >>> deal_from_cards(new_game("default"), cards).to_json()
    [['1E', '6C', '7C'], ['3B', '4O', '5O']]
    """
    if state.__class__ is not State or not is_made(state):  # a State made by object.__new__ has no fields
        require_state(state, "deal_from_cards")
    n = state.rules.players
    _card_bits(cards, 3 * n)
    if len(cards) != 3 * n:
        raise ArgumentError(f"a deal of {n} seats takes {3 * n} cards, not {len(cards)}")
    return Deal._of(tuple(Hand._of(tuple(cards[3 * s : 3 * s + 3])) for s in range(n)), checked=True).canonical()


def _card_bits(cards: Sequence[Card], most: int) -> int:
    # Only the shared cards: the deal is marked checked, so apply takes its cards as they are (a copy of a card
    # made without Card(...) would sit in a hand that the engine searches by identity).
    if not isinstance(cards, Sequence) or len(cards) > most or any(shared_card(card) is not card for card in cards):
        raise ArgumentError(f"expected a list of at most {most} cards, not {quoted(cards)}")
    bits = 0
    for card in cards:
        if bits >> card.index & 1:
            raise ArgumentError(f"card {card} is dealt twice")
        bits |= 1 << card.index
    return bits


def deal_world(
    rules: RuleSet,
    seat: int,
    mine: Hand,
    actions: Sequence[Action],
    pool: list[Card],
    rng: random.Random,
    build: Callable[[Deal], _T | None],
    tries: int,
) -> _T | None:
    """Deal *pool* (the cards *seat* has not seen) to the other seats, keeping the cards each played in *actions*
    and *seat*'s hand *mine*, until *build* accepts a deal (returns something else than ``None``) or *tries* are
    refused. A seat that sang flor, or made a true declaration (no bluff), draws among the completions that fit;
    every consistent deal stays as likely as any other. The deals are not marked checked: their cards come from the
    caller (*mine*, *pool*, *actions*), so :func:`~pytruco.apply` checks them as it checks any deal.

    >>> import random
    >>> from pytruco import Hand, RuleSet
    >>> from pytruco.worlds import deal_world
    >>> from pytruco.cards import ALL_CARDS
    >>> mine = Hand.parse("1E 7E 4C")
    >>> pool = [card for card in ALL_CARDS if card not in mine.cards]
    >>> deal = deal_world(RuleSet.preset("default"), 0, mine, [], pool, random.Random(1), lambda deal: deal, 5)
    >>> deal.hands[0] == mine, len(set(deal.hands[1].cards) & set(mine.cards))
    (True, 0)
    """
    n = rules.players
    played: list[list[Card]] = [[] for _ in range(n)]
    declared: dict[int, int] = {}
    sung = 0
    for action in actions:
        if action.kind is Kind.PLAY and action.card is not None:
            played[action.seat].append(action.card)
        elif action.kind is Kind.TENGO and action.points is not None:
            declared[action.seat] = action.points
        elif action.kind is Kind.FLOR:
            sung |= 1 << action.seat

    constrained = [s for s in range(n) if s != seat and (sung >> s & 1 or (s in declared and not rules.bluff))]
    if constrained:
        fitting: dict[int, tuple[tuple[int, tuple[Card, ...]], ...]] = {}
        key = tuple(sorted(card.index for card in pool))
        for s in constrained:
            flor = bool(sung >> s & 1)
            wanted = -1 if flor or s not in declared else declared[s]
            fitting[s] = _fitting(key, tuple(c.index for c in played[s]), flor, wanted, rules.envido_count_three)
        if not all(fitting.values()):
            return None
        return _fitted_worlds(seat, mine, played, pool, fitting, rng, build, tries)
    for _ in range(tries):
        rng.shuffle(pool)
        at, hands = 0, []
        for s in range(n):
            need = 0 if s == seat else 3 - len(played[s])
            hands.append(mine if s == seat else Hand._of((*played[s], *pool[at : at + need])))
            at += need
        found = build(Deal._of(tuple(hands)))
        if found is not None:
            return found
    return None


def _fitted_worlds(
    seat: int,
    mine: Hand,
    played: list[list[Card]],
    pool: list[Card],
    fitting: dict[int, tuple[tuple[int, tuple[Card, ...]], ...]],
    rng: random.Random,
    build: Callable[[Deal], _T | None],
    tries: int,
) -> _T | None:
    # Seats with a constraint draw their unseen cards from the completions that fit it (each equally likely; a
    # draw whose completions overlap is refused), the others from what is left: every consistent deal is as
    # likely as any other.
    constrained = list(fitting)
    n = len(played)
    for _ in range(tries):
        taken = 0
        chosen: dict[int, tuple[Card, ...]] = {}
        for s in constrained:
            bits, extra = rng.choice(fitting[s])
            if taken & bits:
                break
            taken |= bits
            chosen[s] = extra
        else:
            rest = [card for card in pool if not taken >> card.index & 1]
            rng.shuffle(rest)
            at = 0
            hands = []
            for s in range(n):
                if s == seat:
                    hands.append(mine)
                    continue
                if s in chosen:
                    hands.append(Hand._of((*played[s], *chosen[s])))
                    continue
                need = 3 - len(played[s])
                hands.append(Hand._of((*played[s], *rest[at : at + need])))
                at += need
            found = build(Deal._of(tuple(hands)))
            if found is not None:
                return found
    return None


@functools.lru_cache(maxsize=256)
def _fitting(
    pool: tuple[int, ...], played: tuple[int, ...], flor: bool, declared: int, count_three: bool
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The completions of a seat's played cards from *pool* (card indices, in the deck's order) that hold a flor
    (*flor*) or the *declared* envido points (-1: any), with their card bits; kept, as a search asks many times."""
    cards = [ALL_CARDS[index] for index in pool]
    held = tuple(ALL_CARDS[index] for index in played)
    found = []
    for extra in itertools.combinations(cards, 3 - len(held)):
        hand = Hand._of((*held, *extra))
        if hand.has_flor if flor else hand.envido_points(count_three) == declared or declared < 0:
            found.append((_bits(extra), extra))
    return tuple(found)


def _bits(cards: Sequence[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def _check_sample(state: State, seat: int, tries: int) -> None:
    """:func:`sample_world`'s arguments checked: a state made by the engine, one of its seats, a positive *tries*."""
    if state.__class__ is not State or not is_made(state):  # a State made by object.__new__ has no fields
        require_state(state, "sample_world")
    n = state.rules.players
    if seat.__class__ is not int or not 0 <= seat < n:
        raise ArgumentError(f"sample_world needs a seat from 0 to {n - 1}, not {quoted(seat)}")
    if tries.__class__ is not int or tries < 1:
        raise ArgumentError(f"sample_world needs tries, a positive whole number, not {quoted(tries)}")


def sample_world(state: State, seat: int, rng: random.Random | None = None, *, tries: int = 100_000) -> State:
    """A state that *seat* cannot tell from *state*: the same history but for the current hand's deal, in which
    the cards *seat* has not seen are dealt again among the other seats. The world is exact (the hand's actions
    are legal in it, each seat keeps the cards it played, a flor sung is held, true declarations match, the same
    seats are to act: ``view(world, seat) == view(state, seat)``), and every consistent deal is equally likely.
    Before the first deal, or between hands, the state itself is returned.

    Raises:
        ArgumentError: not a state, *seat* is not a seat of the table, *tries* is not a positive whole number, or
            no consistent deal was found in *tries* deals.

    >>> from pytruco.worlds import sample_world
    >>> import random
    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("classic", first_mano=0), Deal.parse([["1E", "7E", "4E"], ["1B", "3O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 flor"))
    >>> world = sample_world(state, 1, random.Random(4))
    >>> world.round.dealt[0].has_flor, world.round.dealt[1] == state.round.dealt[1]
    (True, True)
    """
    _check_sample(state, seat, tries)
    r = state.round
    if r is None or state.round_over:
        return state
    start = round_start(state)
    history = state.round_history
    deal, actions = history[0], history[1:]
    assert isinstance(deal, Deal)
    mine = deal.hands[seat]
    seen = {card.index for card in mine.cards}
    for action in actions:
        assert isinstance(action, Action)
        if action.kind is Kind.PLAY and action.card is not None:
            seen.add(action.card.index)
    pool = [card for card in ALL_CARDS if card.index not in seen]
    to_act = state.to_act

    def build(candidate: Deal) -> State | None:
        try:
            world, _ = apply(start, candidate)
            for action in actions:
                assert isinstance(action, Action)
                world, _ = apply(world, action)
        except TrucoError:
            return None
        if world.to_act != to_act or world.score != state.score or world.phase is not state.phase:
            return None
        # A flor that can answer makes the table wait (the one thing a view shows of a card it cannot see).
        assert world.round is not None
        if world.round.pending != r.pending or world.round.unscored != r.unscored:
            return None
        return world

    found = deal_world(state.rules, seat, mine, actions, pool, random_source(rng), build, tries)  # type: ignore[arg-type]
    if found is None:
        raise ArgumentError(f"no world consistent with seat {seat}'s view was found in {tries} deals")
    return found

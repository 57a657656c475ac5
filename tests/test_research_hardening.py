"""Issue 36 (items 5 and 6), the research surfaces that need no extra: a forged State and a bad argument get the
library's error, as ``apply`` and ``view`` do."""

from __future__ import annotations

import random

import pytest

from pytruco import ArgumentError, Card, State, new_game
from pytruco.worlds import chance_outcomes, deal_from_cards, sample_world


def forged_state() -> State:
    """A State without its fields, as ``object.__new__`` makes one in the pure build; the compiled build's native
    class refuses that call itself (TypeError from Python, before any pytruco code runs), so there is nothing to
    forge there."""
    try:
        return object.__new__(State)
    except TypeError:
        pytest.skip("object.__new__(State) is refused by the compiled build's native class")


def test_sample_world_refuses_a_forged_state() -> None:
    """Issue 36 item 6: ``object.__new__(State)`` has no fields; sample_world says so instead of AttributeError."""
    forged = forged_state()
    with pytest.raises(ArgumentError, match="sample_world needs a State made by new_game"):
        sample_world(forged, 0, random.Random(1))


@pytest.mark.parametrize("where", [chance_outcomes, deal_from_cards])
def test_the_chance_helpers_refuse_a_forged_state(where: object) -> None:
    forged = forged_state()
    with pytest.raises(ArgumentError, match="needs a State made by new_game"):
        where(forged, [])  # type: ignore[operator]


@pytest.mark.parametrize("tries", [None, 0, -1, 1.5, True, "9"])
def test_sample_world_refuses_a_tries_that_is_not_a_positive_whole_number(tries: object) -> None:
    """Issue 36 item 5: ``tries=None`` raised TypeError inside the sampler."""
    with pytest.raises(ArgumentError, match="tries"):
        sample_world(new_game("default", first_mano=0), 0, random.Random(1), tries=tries)  # type: ignore[arg-type]


def _copy_of(text: str) -> Card:
    """A copy of the card *text*, every field set, made without Card(...) (so not the shared card)."""
    real = Card.parse(text)
    copy = object.__new__(Card)
    for name in ("rank", "suit", "strength", "envido_value", "index"):
        object.__setattr__(copy, name, getattr(real, name))
    return copy


@pytest.mark.parametrize("odd", ["copy", "fieldless"])
def test_deal_from_cards_takes_the_forty_cards_only(odd: str) -> None:
    """Issue 34 (a mutation sample found the checked-deal shortcut trusting its callers): deal_from_cards marks its
    deal checked, so apply takes its cards as they are; a copy of a card made without Card(...), or a Card
    without fields, is refused with ArgumentError (it would sit in a hand the engine searches by identity)."""
    card = _copy_of("1E") if odd == "copy" else object.__new__(Card)
    cards = [card, *(Card.parse(text) for text in ["4C", "5C", "6O", "4O", "5B"])]
    with pytest.raises(ArgumentError, match="expected a list of at most 6 cards"):
        deal_from_cards(new_game("default", first_mano=0), cards)


def test_a_world_dealt_from_a_pool_that_repeats_a_card_is_refused_by_apply() -> None:
    """Issue 34: deal_world deals the caller's cards (its hand, its pool, the cards played); a pool that repeats
    the seat's own cards gives a deal with cards dealt twice, and apply refuses it as any such deal (bad-deal),
    instead of taking it on trust as a deal made by random_deal."""
    from pytruco import Hand, IllegalActionError, RuleSet, apply
    from pytruco.cards import ALL_CARDS
    from pytruco.worlds import deal_world

    mine = Hand.parse("1E 7E 4C")
    pool = [card for card in ALL_CARDS if card in mine.cards]  # the seat's own cards, nothing else
    deal = deal_world(RuleSet.preset("default"), 0, mine, [], pool, random.Random(3), lambda deal: deal, 1)
    assert deal is not None and sorted(map(str, deal.hands[1])) == ["1E", "4C", "7E"]
    with pytest.raises(IllegalActionError) as caught:
        apply(new_game("default", first_mano=0), deal)
    assert caught.value.code == "bad-deal" and "is dealt twice" in str(caught.value)

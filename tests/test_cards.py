"""Cards, points and notation: PRESETS.md §1 and RECORDS.md "Cards" and "Actions"."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from helpers import legal, play, refused
from pytruco import (
    RANKS,
    Action,
    Card,
    Deal,
    Deck,
    Hand,
    IllegalActionError,
    Kind,
    NotationError,
    RecordError,
    Rps,
    RuleSetError,
    SetupError,
    Suit,
    TrucoError,
)
from pytruco.cards import ALL_CARDS

# PRESETS.md §1, high to low; cards in one group are equal (a parda).
STRENGTH_GROUPS = [
    ["1E"],
    ["1B"],
    ["7E"],
    ["7O"],
    ["3E", "3B", "3O", "3C"],
    ["2E", "2B", "2O", "2C"],
    ["1O", "1C"],
    ["12E", "12B", "12O", "12C"],
    ["11E", "11B", "11O", "11C"],
    ["10E", "10B", "10O", "10C"],
    ["7C", "7B"],
    ["6E", "6B", "6O", "6C"],
    ["5E", "5B", "5O", "5C"],
    ["4E", "4B", "4O", "4C"],
]
ALL_TEXTS = [f"{rank}{suit}" for suit in "EBOC" for rank in RANKS]


# --- the deck -------------------------------------------------------------------------------------------
def test_forty_spanish_cards():
    """PRESETS.md §1: 40 cards, ranks 1-7, 10, 11, 12 in four suits E, B, O, C."""
    assert RANKS == (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
    deck = Deck()
    assert len(deck.cards) == 40
    assert len(set(deck.cards)) == 40
    assert sorted(str(card) for card in deck) == sorted(ALL_TEXTS)
    assert {suit.value for suit in Suit} == {"E", "B", "O", "C"}


def test_strength_groups_cover_the_deck():
    """PRESETS.md §1: the strength list names every card exactly once."""
    listed = [text for group in STRENGTH_GROUPS for text in group]
    assert sorted(listed) == sorted(ALL_TEXTS)


@pytest.mark.parametrize(("high", "low"), list(itertools.combinations(range(len(STRENGTH_GROUPS)), 2)))
def test_strength_order(high, low):
    """PRESETS.md §1: 1E > 1B > 7E > 7O > 3s > 2s > 1O = 1C > 12s > 11s > 10s > 7C = 7B > 6s > 5s > 4s."""
    for a in STRENGTH_GROUPS[high]:
        for b in STRENGTH_GROUPS[low]:
            assert Card.parse(a).strength > Card.parse(b).strength, (a, b)


@pytest.mark.parametrize("group", [g for g in STRENGTH_GROUPS if len(g) > 1], ids="=".join)
def test_equal_strength_within_group(group):
    """PRESETS.md §1: equal strength is a parda (1O = 1C, 7C = 7B, all 3s, ...)."""
    assert len({Card.parse(text).strength for text in group}) == 1


def test_deck_shuffle_uses_the_callers_random_source():
    """STYLE.md: the random source lives outside the rules, so a seed gives the same deck."""
    first = Deck.shuffled(random.Random(11))
    again = Deck.shuffled(random.Random(11))
    assert first == again
    assert sorted(first.cards) == sorted(Deck().cards)
    hands = first.deal(2)
    assert [len(hand) for hand in hands] == [3, 3]
    assert not set(hands[0]) & set(hands[1])


# --- envido points --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("7C 6C 1E", 33),  # two of a suit: 20 + 7 + 6
        ("5O 4O 3B", 29),
        ("12E 11E 1B", 20),  # figures count 0
        ("12E 1E 4B", 21),
        ("10O 11B 12C", 0),  # no pair, figures only
        ("7E 1B 3O", 7),  # no pair: the highest single value
        ("1E 2B 3O", 3),
        ("6B 10B 5C", 26),
    ],
)
def test_envido_points(cards, points):
    """PRESETS.md §1: two of a suit = 20 + both values (10-12 count 0); else the highest single value."""
    hand = Hand.parse(cards)
    assert hand.envido_points() == points
    assert hand.envido_points(count_three=True) == points


@pytest.mark.parametrize(
    ("cards", "best_two", "all_three"),
    [("7O 6O 5O", 33, 38), ("12C 11C 10C", 20, 20), ("7E 12E 1E", 28, 28), ("1B 2B 3B", 25, 26)],
)
def test_three_of_a_suit_points(cards, best_two, all_three):
    """PRESETS.md §1: three of a suit count the best two (20-33), or all three (20-38) in ladder and reglamento."""
    hand = Hand.parse(cards)
    assert hand.envido_points() == best_two
    assert hand.envido_points(count_three=True) == all_three
    assert hand.has_flor
    assert hand.flor_points() == best_two
    assert hand.flor_points(count_three=True) == all_three


def test_no_flor_without_three_of_a_suit():
    """PRESETS.md §1: flor is three cards of one suit."""
    hand = Hand.parse("7O 6O 5C")
    assert not hand.has_flor
    assert hand.flor_points() is None


THREE_OF_OROS = [["7O", "6O", "5O"], ["1E", "2B", "3C"]]


@pytest.mark.parametrize(
    ("preset", "options", "points"),
    [
        ("default", {}, 33),
        ("online", {}, 33),  # optional flor: the holder may call envido instead
        ("classic", {"flor": False}, 33),
        ("ladder", {}, 38),  # optional flor; all three count
        ("ladder", {"flor": False}, 38),
    ],
)
def test_three_card_envido_declaration_per_preset(preset, options, points):
    """PRESETS.md §1: three of a suit count the best two for envido, all three in ladder (20-38)."""
    state = play(preset, THREE_OF_OROS, "0 envido", "1 quiero", **options)
    assert legal(state) == [f"0 tengo {points}"]


def test_three_card_envido_reglamento_counts_all_three():
    """PRESETS.md §1 and §5 (reglamento): with flor off, 7O 6O 5O is 38; a true 38 keeps the envido,
    a declared 33 is false and gives it away when the cards are shown."""
    actions = ["0 envido", "1 quiero"]
    end = ["0 7O", "1 1E", "1 2B", "0 6O"]
    true = play("reglamento", THREE_OF_OROS, *actions, "0 tengo 38", "1 son-buenas", *end, flor=False)
    assert true.round.points == (2, 1)
    false = play("reglamento", THREE_OF_OROS, *actions, "0 tengo 33", "1 son-buenas", *end, flor=False)
    assert false.round.points == (0, 3)


@pytest.mark.parametrize(
    ("preset", "options", "answer", "points"),
    [
        ("online", {}, [], 33),
        ("classic", {}, [], 33),
        ("ladder", {}, [], 38),
        ("reglamento", {}, ["0 quiero"], 38),
        ("default", {"flor": True}, [], 38),
    ],
)
def test_flor_points_per_preset(preset, options, answer, points):
    """PRESETS.md §1 and §8.5: flor points are 20 + the best two (online, classic) or all three
    (ladder, reglamento, default with flor: true); they are declared truly (§8.8)."""
    flores = [["7O", "6O", "5O"], ["1C", "2C", "3C"]]
    state = play(preset, flores, "0 flor", "1 flor", *answer, **options)
    assert legal(state) == [f"0 tengo {points}"]


# --- card notation --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ALL_TEXTS)
def test_card_round_trip(text):
    """RECORDS.md "Cards": ``<rank><suit>``; reading is case-insensitive, writing upper case."""
    card = Card.parse(text)
    assert str(card) == text
    assert Card.parse(text.lower()) == card
    assert Card.parse(text.lower()) is card
    assert Card.of(card.rank, card.suit) is card


@pytest.mark.parametrize("text", ["8E", "9B", "1X", "E1", "", "13O", "0C", "1", "E", "1EE", " 1E"])
def test_card_notation_errors_quote_the_text(text):
    """RECORDS.md "Cards": anything else (8E, 1X, E1, empty) is an error that quotes the text."""
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


def test_hand_and_deal_parse():
    """RECORDS.md "The record": a deal gives each seat's three cards in seat order."""
    deal = Deal.parse([["7c", "6C", "1e"], ["5O", "4O", "3B"]])
    assert deal.to_json() == [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    assert str(Hand.parse("7c, 6c 1E")) == "7C 6C 1E"
    with pytest.raises(NotationError, match=re.escape("not a card: '8O' (rank must be 1-7, 10, 11 or 12)")):
        Deal.parse([["7C", "6C", "1E"], ["8O", "4O", "3B"]])


# --- action notation ------------------------------------------------------------------------------------
ACTION_TEXTS = [
    "0 1E",
    "1 12C",
    "1 envido",
    "1 real-envido",
    "1 falta-envido",
    "0 truco",
    "1 retruco",
    "0 vale-cuatro",
    "0 flor",
    "1 contraflor",
    "1 contraflor-al-resto",
    "0 con-flor-me-achico",
    "1 quiero",
    "1 no-quiero",
    "0 tengo 28",
    "5 tengo 0",
    "1 son-buenas",
    "0 mazo",
    "0 timeout",
    "0 rendirse",
    "0 rps piedra",
    "1 rps papel",
    "1 rps tijera",
]


@pytest.mark.parametrize("text", ACTION_TEXTS)
def test_action_round_trip(text):
    """RECORDS.md "Actions": ``<seat> <word> [<argument>]``; ``str`` writes the notation back."""
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(text.upper()) == action


def test_action_fields():
    """RECORDS.md "Actions": the typed form carries seat, word and argument."""
    assert Action.parse("3 7o") == Action.play(3, Card.parse("7O"))
    assert Action.parse("1 Retruco") == Action.call(1, Kind.RETRUCO)
    assert Action.parse("0 tengo 33") == Action.tengo(0, 33)
    assert Action.parse("0 tengo 33").points == 33
    assert Action.parse("1 RPS Tijera") == Action.rps(1, Rps.TIJERA)
    assert Action.parse("2 son-buenas").kind is Kind.SON_BUENAS


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0",
        "truco",
        "0  truco",
        " 0 truco",
        "0 truco ",
        "a truco",
        "-1 truco",
        "0 trucoo",
        "0 envid",
        "0 truco 2",
        "0 tengo",
        "0 tengo x",
        "0 tengo -3",
        "0 rps",
        "0 rps lagarto",
        "0 8E",
        "0 1X",
        "0 quiero ya",
        "0 son buenas",
    ],
)
def test_action_notation_errors_quote_the_text(text):
    """RECORDS.md "Actions" and STYLE.md: text that is not an action raises NotationError quoting it."""
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    assert repr(text) in str(info.value)


# --- errors ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("error", [NotationError, IllegalActionError, RuleSetError, RecordError, SetupError])
def test_error_hierarchy(error):
    """STYLE.md (errors): one TrucoError root, itself a ValueError, so every error is a ValueError."""
    assert issubclass(error, TrucoError)
    assert issubclass(error, ValueError)
    assert issubclass(TrucoError, ValueError)


def _built(text: str) -> Card:
    """The card of *text* built with the public constructor, not looked up."""
    shared = Card.parse(text)
    return Card(shared.rank, shared.suit)


def test_constructed_cards_are_the_shared_cards():
    """A card built with Card(rank, suit) is the shared card: the engine tests cards by identity (PRESETS.md §1)."""
    for shared in (Card.parse(text) for text in ("1E", "7O", "12C")):
        assert Card(shared.rank, shared.suit) is shared
    assert Hand((_built("1E"), _built("2E"))).cards[0] is Card.parse("1E")
    assert Action(0, Kind.PLAY, card=_built("1E")).card is Card.parse("1E")
    assert Deck((_built("3B"),)).cards[0] is Card.parse("3B")


def test_a_constructed_card_leaves_the_hand_when_played():
    """A card played leaves its seat's hand (PRESETS.md §3): a Hand of constructed cards cannot play 1E twice."""
    from pytruco import Record, apply, legal_actions, new_game, replay

    hands = (Hand(tuple(_built(t) for t in ("1E", "4C", "5C"))), Hand(tuple(_built(t) for t in ("6O", "4O", "5B"))))
    state, _ = apply(new_game("default", first_mano=0), Deal(hands))
    state, _ = apply(state, Action(0, Kind.PLAY, card=_built("1E")))
    state, _ = apply(state, Action.parse("1 4O"))
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Action(0, Kind.PLAY, card=_built("1E")))
    assert caught.value.code == "card-not-held"
    assert sorted(str(a) for a in legal_actions(state) if a.kind is Kind.PLAY) == ["0 4C", "0 5C"]
    assert replay(Record.from_state(state)).state == state


def test_cards_compare_with_cards_only():
    """Card < 5 is a TypeError (Python's rule for unordered types), not an AttributeError."""
    with pytest.raises(TypeError, match=re.escape("'<' not supported between instances of 'Card' and 'int'")):
        Card.parse("1E") < 5  # noqa: B015
    with pytest.raises(TypeError, match=re.escape("'>' not supported between instances of 'Card' and 'str'")):
        Card.parse("1E") > "1E"  # noqa: B015
    assert Card.parse("4E") < Card.parse("5E")


def test_forged_cards_are_refused_by_hands_and_actions():
    """A Card made without its constructor (object.__new__) is refused with NotationError, never AttributeError."""
    forged = object.__new__(Card)
    with pytest.raises(
        NotationError, match=re.escape("not a hand: <Card object> is not one of the 40 cards (made without Card(...))")
    ):
        Hand((forged,))
    with pytest.raises(NotationError, match=re.escape("not an action: play needs a Card, not <Card object>")):
        Action(0, Kind.PLAY, card=forged)


class _Liar(random.Random):
    """A random source whose every draw is out of range (a subclass that overrides the primitives)."""

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        return 99

    def random(self) -> float:
        return 1.5

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        return n + 5

    def getrandbits(self, k: int) -> int:
        return 2**k + 1


def test_random_sources_are_checked_not_trusted():
    """A random source that returns numbers out of range is refused with SetupError (the first mano is a seat,
    PRESETS.md §2; a deal is 3 distinct cards per seat, §1), never a mano 99, an IndexError or a bad deal."""
    from pytruco import new_game, random_deal, tirar_reyes

    with pytest.raises(SetupError, match="random source"):
        new_game("default", rng=_Liar())
    state = new_game("default", first_mano=0)
    with pytest.raises(SetupError, match="random source"):
        random_deal(state, _Liar())
    with pytest.raises(SetupError, match="random source"):
        Deck.shuffled(_Liar())
    with pytest.raises(SetupError, match="random source"):
        tirar_reyes(["Ana", "Beto", "Caro", "Dani"], _Liar())


def test_checked_shuffles_draw_as_random_shuffle_does():
    """Checking the draws changes nothing for a good source: the same seed shuffles as random.shuffle (every
    swap, the last one included: 30 seeds)."""
    for seed in range(30):
        expected = list(Deck().cards)
        random.Random(seed).shuffle(expected)
        assert list(Deck.shuffled(random.Random(seed)).cards) == expected, f"seed {seed}"


@pytest.mark.parametrize("suit", [5, "X", None, "espadas"])
def test_a_card_of_no_suit_is_refused(suit):
    """PRESETS.md §1: the four suits are espadas, bastos, oros and copas (the Suit members); Card refuses anything
    else as its suit."""
    with pytest.raises(NotationError, match="suit must be a Suit"):
        Card(1, suit)


@pytest.mark.parametrize("rank", [0, 8, 9, 13, -1])
def test_a_card_of_no_rank_is_refused(rank):
    """PRESETS.md §1: the Spanish deck of 40 cards has ranks 1-7 and 10-12; Card refuses any other int."""
    with pytest.raises(NotationError, match="rank must be 1-7, 10, 11 or 12"):
        Card(rank, Suit.ESPADAS)


def test_hand_text_length_limit_is_exact():
    """Hand.parse reads at most MAX_HAND_TEXT (1000) characters: one more is refused before any card is read."""
    from pytruco.cards import MAX_HAND_TEXT

    assert MAX_HAND_TEXT == 1000
    assert Hand.parse("1E" + " " * 998) == Hand.parse("1E")
    with pytest.raises(NotationError, match="longer than 1000 characters"):
        Hand.parse("1E" + " " * 999)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("8E", "rank must be 1-7, 10, 11 or 12"),
        ("100E", "rank must be 1-7, 10, 11 or 12"),
        ("E", "rank must be 1-7, 10, 11 or 12"),
        ("1X", "suit must be E, B, O or C"),
        ("10", "suit must be E, B, O or C"),
        ("", "empty"),
    ],
)
def test_a_bad_card_text_says_which_part_is_wrong(text, why):
    """RECORDS.md card notation (rank then suit letter): the message names the part that is wrong."""
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert str(info.value) == f"not a card: {text!r} ({why})"


@pytest.mark.parametrize("players", [1, 2, 13])
def test_a_deck_deals_three_cards_to_one_to_thirteen_seats(players):
    """PRESETS.md §1 (40 cards, three each): Deck.deal serves 1 to 13 seats, one card at a time."""
    deck = Deck(tuple(Card.parse(f"{rank}{suit}") for suit in "EBOC" for rank in RANKS))
    hands = deck.deal(players)
    assert [len(hand.cards) for hand in hands] == [3] * players
    assert hands[0].cards[1] == deck.cards[players]  # the second round of dealing


@pytest.mark.parametrize("players", [0, 14, True, "2"], ids=repr)
def test_a_deck_refuses_to_deal_to_no_seat_or_too_many(players):
    """PRESETS.md §1: no seat, or more seats than a third of the deck, is a SetupError."""
    deck = Deck(tuple(Card.parse(f"{rank}{suit}") for suit in "EBOC" for rank in RANKS))
    with pytest.raises(SetupError, match="cannot deal three cards to"):
        deck.deal(players)


def test_cards_order_strictly_by_deck_order():
    """RECORDS.md "Cards": cards order by their place in the deck (PRESETS.md §1's forty cards); a card is
    not less or greater than itself, and is less-or-equal and greater-or-equal to itself."""
    four, same, five = Card.parse("4E"), Card.parse("4e"), Card.parse("5E")
    assert (four < same, four > same, four <= same, four >= same) == (False, False, True, True)
    assert (four < five, five < four, five >= four, four >= five) == (True, False, True, False)


def test_a_hand_repr_reads_as_its_notation():
    """RECORDS.md "Cards": a hand's repr is its cards in record notation, the way Hand.parse reads them."""
    hand = Hand.parse("1E 7O 3B")
    assert repr(hand) == "Hand('1E 7O 3B')"


@pytest.mark.parametrize("players", [2, 6])
def test_random_deal_gives_every_card_to_every_seat_alike(players):
    """PRESETS.md §1 (three cards each from the shuffled 40-card deck): over 4,000 seeded deals each card lands in
    each seat's hand about 3 times in 40 (300 times); a shuffle that skipped draws or favoured a card would put a
    card in one seat far more often (the bound is over 6 standard deviations from 300, so a fair shuffle never
    crosses it)."""
    from collections import Counter

    from pytruco import RuleSet, new_game, random_deal

    state = new_game(RuleSet.preset("default", players=players), first_mano=0)
    rng = random.Random(40)
    counts: Counter[tuple[int, str]] = Counter()
    for _ in range(4000):
        for seat, hand in enumerate(random_deal(state, rng).hands):
            counts.update((seat, str(card)) for card in hand)
    expected = 4000 * 3 / 40
    worst = max(
        ((seat, card) for seat in range(players) for card in map(str, Deck().cards)),
        key=lambda key: abs(counts[key] - expected),
    )
    assert abs(counts[worst] - expected) < 110, f"seat {worst[0]} got {worst[1]} {counts[worst]} times, not about 300"


# --- what a mutation sample found unpinned (issue 34) ------------------------------------------------------
def test_a_card_is_in_the_hand_that_holds_it() -> None:
    """``card in hand`` asks the hand's cards (a seat's cards, docs/internals.md "Words")."""
    hand = Hand.parse("7C 6C 1E")
    assert [Card.parse(text) in hand for text in ("7C", "6C", "1E", "1B", "7O")] == [True, True, True, False, False]
    assert "7C" not in hand  # text is not a card


def test_a_suit_is_written_as_its_letter() -> None:
    """RECORDS.md "Cards": a suit is written E, B, O, C (str of the member), as in a card's text."""
    assert [str(suit) for suit in Suit] == ["E", "B", "O", "C"]
    assert f"{Suit.OROS}" == "O" and str(Card.parse("12C")) == "12C"


def test_a_seeded_match_reproduces_every_deal_not_only_the_first() -> None:
    """STYLE.md (the random source lives outside the rules): the same seed gives the same whole match, every deal
    of it, and the deals of one match differ from each other (the source is drawn on, not restarted)."""
    from pytruco import apply, legal_actions, new_game, random_deal

    def matches(seed: int) -> list[tuple[Action | Deal, ...]]:
        """The histories of random matches of one seeded source (a new match when one ends), up to 6 deals."""
        rng = random.Random(seed)
        played: list[tuple[Action | Deal, ...]] = []
        while sum(isinstance(item, Deal) for history in played for item in history) < 6:
            state = new_game("default", players=4, rng=rng)
            while not state.is_over and state.rounds_dealt < 6:
                state, _ = apply(
                    state, random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state))
                )
            played.append(state.history)
        return played

    first = matches(11)
    assert matches(11) == first
    deals = [str(item) for history in first for item in history if isinstance(item, Deal)]
    assert len(deals) >= 6 and len(set(deals)) == len(deals)
    assert matches(12) != first


def test_random_deals_put_every_card_in_every_dealt_place() -> None:
    """The deal is a uniform draw of the 40 cards (PRESETS.md §1 deals three to each seat): over 3,000 seeded deals
    of 4 seats every card lands in each of the 12 dealt places, none more than twice as often as the 75 a uniform
    deal gives on average (a shuffle that leaves part of the deck in order fails here)."""
    from pytruco import new_game, random_deal

    state = new_game("default", players=4, first_mano=0)
    rng = random.Random(5)
    counts = [dict.fromkeys(ALL_CARDS, 0) for _ in range(12)]
    for _ in range(3000):
        deal = random_deal(state, rng)
        for seat, hand in enumerate(deal.hands):
            for index, card in enumerate(hand.cards):
                counts[3 * seat + index][card] += 1
    for place, seen in enumerate(counts):
        assert min(seen.values()) > 0, f"place {place}: a card never dealt there"
        assert max(seen.values()) < 150, f"place {place}: {max(seen, key=seen.__getitem__)} {max(seen.values())} times"


@pytest.mark.parametrize("value", [5, None, b"1E", ["1E"]], ids=repr)
def test_a_card_from_what_is_not_text_is_a_notation_error_that_names_it(value):
    """The guide's error rule (a bad input gets the library's ValueError, naming it) for card notation: a value
    that is not text, even one whose parts look like a card's (b"1E", ["1E"]), is not a card."""
    with pytest.raises(NotationError) as caught:
        Card.parse(value)
    assert str(caught.value) == f"not a card: {value!r} (expected text such as '1E')"


@pytest.mark.parametrize("value", [5, None, b"1E 7O 12C", ["1E", "7O", "12C"]], ids=repr)
def test_a_hand_from_what_is_not_text_is_a_notation_error_that_names_it(value):
    """Hand.parse's documented error ("Raises: NotationError: not text"): a value that is not text, even one whose
    parts look like cards (bytes, a list of card texts), is not a hand, never a TypeError or AttributeError from
    reading it (mutation sample seed 7707, issue 34)."""
    with pytest.raises(NotationError) as caught:
        Hand.parse(value)
    assert str(caught.value) == f"not a hand: {value!r} (expected text such as '1E 7O 12C')"


class _LookAlike:
    """A random source in all but its type: the methods of random.Random without being one."""

    def random(self) -> float:
        return 0.5

    def randrange(self, *args: object, **kwargs: object) -> int:
        return 0

    def _randbelow(self, n: int) -> int:
        return 0

    def getrandbits(self, k: int) -> int:
        return 0


@pytest.mark.parametrize("rng", [7, "seed", _LookAlike()], ids=["int", "str", "look-alike"])
def test_a_random_source_is_a_random_random_or_none(rng):
    """STYLE.md ("the caller passes a random.Random, or nothing") and random_source's documented SetupError ("rng
    is neither None nor a random.Random"): a seed or an object with the right methods is refused, naming it, by
    every function that draws (mutation sample seed 7707, issue 34)."""
    from pytruco import new_game, random_deal

    state = new_game("default", first_mano=0)
    for draw in (lambda: new_game("default", rng=rng), lambda: random_deal(state, rng), lambda: Deck.shuffled(rng)):
        with pytest.raises(SetupError) as caught:
            draw()
        assert str(caught.value) == f"a random source must be a random.Random or None, not {rng!r}"


def _refused_as_first_card(card: object) -> str:
    """The refusal of a deal whose seat 0 holds *card* first, its hand made without Hand's check (so that *card*
    reaches the engine's deal check); asserts the stable code ``bad-deal`` and returns the sentence."""
    from pytruco import check, new_game

    hand = object.__new__(Hand)
    object.__setattr__(hand, "cards", (card, Card.parse("4C"), Card.parse("5C")))
    state = new_game("default", first_mano=0)
    deal = Deal((hand, Hand.parse("6O 4O 5B")))
    assert refused(state, deal) == "bad-deal"
    with pytest.raises(IllegalActionError) as caught:
        check(state, deal)
    return str(caught.value)


def test_a_deal_holding_a_copy_of_a_card_is_refused_as_no_card_of_the_deck() -> None:
    """PRESETS.md §1 (the 40 cards) and test_constructed_cards_are_the_shared_cards (the engine tells cards apart by
    identity): a deal whose hand was made without Hand's check and holds a copy of 1E made without Card(...), all
    its fields set, is a bad-deal naming the card, like a value that is no card (mutation sample seed 7707,
    issue 34)."""
    real = Card.parse("1E")
    copy = object.__new__(Card)
    for name in ("rank", "suit", "strength", "envido_value", "index"):
        object.__setattr__(copy, name, getattr(real, name))
    assert copy == real and copy is not real
    assert _refused_as_first_card(copy) == "bad deal: seat 0 is dealt Card('1E'), which is not one of the 40 cards"


@pytest.mark.parametrize("rank", [True, 1.0, 7.0], ids=repr)
def test_card_of_takes_an_int_rank_as_card_does(rank):
    """PRESETS.md §1 (ranks 1-7, 10, 11, 12) as test_a_card_of_no_rank_is_refused states it for Card(...): Card.of
    refuses a rank that only equals one (True, 1.0) rather than reading it as that rank's card (mutation sample
    seed 7707, issue 34)."""
    for make in (Card.of, Card):
        with pytest.raises(NotationError) as caught:
            make(rank, Suit.ESPADAS)
        assert str(caught.value) == f"not a card: rank {rank!r} (rank must be 1-7, 10, 11 or 12)"
    assert Card.of(int(rank), Suit.ESPADAS) is Card.parse(f"{int(rank)}E")


class _Unreadable:
    """No card: reading its rank or suit fails as a broken object's attribute might (not an AttributeError)."""

    @property
    def rank(self) -> int:
        raise RuntimeError("rank read")

    @property
    def suit(self) -> Suit:
        raise RuntimeError("suit read")

    def __repr__(self) -> str:
        return "<unreadable>"


def test_a_deal_holding_what_is_no_card_is_refused_whatever_it_is() -> None:
    """The guide's error rule (bad input gets the library's ValueError) and PRESETS.md §1: a deal whose hand was
    made without Hand's check and holds an object that is no Card is a bad-deal naming it, even when that object
    fails on being read (mutation sample seed 7707, issue 34)."""

    assert (
        _refused_as_first_card(_Unreadable())
        == "bad deal: seat 0 is dealt <unreadable>, which is not one of the 40 cards"
    )


def test_points_of_fewer_than_three_cards_counts_what_is_held():
    """PRESETS.md §5 (envido points: two cards of one suit are 20 plus their values, figures 0; cards of different
    suits, the highest value): points_of also counts a holding of one or two cards, as (best two, all three,
    suits), the one case that the table of three-card holdings does not list."""
    from pytruco.cards import points_of

    seven, six, one, twelve = (Card.parse(text) for text in ("7C", "6C", "1E", "12O"))
    assert points_of([seven, six]) == (33, 33, 1)
    assert points_of([seven, one]) == (7, 7, 2)
    assert points_of([twelve]) == (0, 0, 1)
    assert points_of([]) == (0, 0, 0)

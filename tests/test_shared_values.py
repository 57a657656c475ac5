"""Values the engine shares instead of building again (STYLE.md: nothing a state shares is mutable).

The reducer hands out shared events, looks dealt hands up in a table of points and hashes enum members by
identity. Each of these is a speed measure that must not change a result: these tests pin that the shared value
is the value the slow way gives, on both builds (the compiled one runs this file too).
"""

from __future__ import annotations

import enum
import pickle
import random
import re
from itertools import permutations

import pytest

from pytruco import Card, Event, EventKind, actions, apply, cards, events, legal_actions, new_game, random_deal, rules
from pytruco._engine import stages, state
from pytruco.cards import ALL_CARDS, HOLDING_POINTS, envido_points_of

ENUMS = [
    member_type
    for module in (actions, cards, events, rules, stages, state)
    for member_type in vars(module).values()
    if isinstance(member_type, type) and issubclass(member_type, enum.Enum) and member_type is not enum.Enum
]


def test_holding_points_is_points_of_for_every_holding() -> None:
    """PRESETS.md §4-§6: envido on two cards of a suit, on all three, and the suits (flor is one suit)."""
    assert len(HOLDING_POINTS) == 9880  # 40 choose 3
    for key, found in HOLDING_POINTS.items():
        held = tuple(card for card in ALL_CARDS if key >> card.index & 1)
        suits = len({card.suit for card in held})
        assert found == (envido_points_of(held, False), envido_points_of(held, True), suits), held


def test_the_engine_table_gives_points_of_for_every_dealt_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """PRESETS.md §4-§6: the engine looks a dealt hand's points up by its card indices in ascending order; every
    holding, in all six orders its cards can be dealt in, is found in the table (never counted again) with what
    ``points_of`` counts card by card, and a holding with a repeated card is counted card by card."""
    from itertools import permutations

    from pytruco._engine import deal
    from pytruco._engine.deal import _points

    def not_in_table(held: object) -> tuple[int, int, int]:
        raise AssertionError(f"{held} missed the table")

    with monkeypatch.context() as patched:
        patched.setattr(deal, "points_of", not_in_table)
        for key, found in HOLDING_POINTS.items():
            held = tuple(card for card in ALL_CARDS if key >> card.index & 1)
            for order in permutations(held):
                assert _points(order) == found, order
    seven, six = cards.parse_cards(["7e", "6e"])
    assert _points((seven, seven, six)) == cards.points_of((seven, seven, six)) == (34, 40, 1)


def test_points_of_never_writes_the_shared_table() -> None:
    """PRESETS.md §4: a holding with a repeated card (a caller's list, not a deal) is counted card by card and
    leaves the table alone; it once stored its count under the two-card key, so that ``points_of`` of the two
    distinct cards then answered with the repeated holding's points."""
    seven, six = cards.parse_cards(["7e", "6e"])
    before = dict(HOLDING_POINTS)
    assert cards.points_of((seven, seven, six)) == (34, 40, 1)
    assert cards.points_of((seven, six)) == (33, 33, 1)
    assert dict(HOLDING_POINTS) == before
    with pytest.raises(TypeError, match=re.escape("'mappingproxy' object does not support item assignment")):
        HOLDING_POINTS[0] = (0, 0, 0)  # type: ignore[index]


def test_a_dealt_round_has_the_points_of_its_hands() -> None:
    """PRESETS.md §4-§6: the engine's table lookup gives every seat's envido and flor as counted card by card
    (envido and flor on two or on all three cards, flor only in one suit and only where the preset has it)."""
    rng = random.Random(7)
    flor_seen = 0
    tables = [(preset, n) for preset in ("default", "reglamento") for n in (2, 4, 6)] + [("online", 2), ("ladder", 2)]
    for preset, players in tables:
        for _ in range(30):
            st = new_game(preset, players=players, first_mano=0)
            st, _ = apply(st, random_deal(st, rng))
            r = st.round
            assert r is not None
            rules = st.rules
            for seat, hand in enumerate(r.dealt):
                assert r.envido_points[seat] == envido_points_of(hand.cards, rules.envido_count_three), hand
                one_suit = len({card.suit for card in hand.cards}) == 1
                flor = envido_points_of(hand.cards, rules.flor_count_three) if rules.flor and one_suit else None
                assert r.flor_points[seat] == flor, (preset, hand)
                flor_seen += flor is not None
    assert flor_seen > 0


@pytest.mark.parametrize("kind", list(EventKind))
def test_a_shared_event_is_the_event_built_by_hand(kind: EventKind) -> None:
    """An event the engine shares equals, field by field, the named tuple built with its constructor."""
    for seat, team, points, detail in [(None, None, 0, ""), (1, 1, 3, "envido"), (5, 1, 30, "duel 2")]:
        shared = stages.new_event(kind, seat, team, points, None, detail)
        again = stages.new_event(kind, seat, team, points, None, detail)
        built = Event(kind, seat, team, points, None, detail)
        assert shared == built and again == built and type(shared) is Event
        assert shared._asdict() == built._asdict()
        assert pickle.loads(pickle.dumps(shared)) == built


def test_a_played_card_event_is_the_event_built_by_hand() -> None:
    """Each seat's event for each of the 40 cards (the table made at import)."""
    for seat in range(6):
        for card in ALL_CARDS:
            built = Event(EventKind.CARD_PLAYED, seat, None, 0, card, "")
            assert stages.card_played_event(seat, card) == built
            assert stages.new_event(EventKind.CARD_PLAYED, seat, None, 0, card) == built


@pytest.mark.parametrize("kind", list(EventKind))
def test_a_simple_event_is_the_event_built_by_hand(kind: EventKind) -> None:
    """The table of events without points, card or detail: -1 stands for None, every seat and team of 6 seats."""
    for seat in range(-1, 6):
        for team in range(-1, 2):
            built = Event(kind, None if seat < 0 else seat, None if team < 0 else team)
            event = stages.simple_event(kind, seat, team)
            assert (event, type(event)) == (built, Event)
            assert stages.simple_event(kind, seat, team) is event


def test_a_points_event_is_the_event_built_by_hand() -> None:
    """Points events of every category, both teams, inside the table and past it."""
    for category in ("envido", "flor", "truco", "envido-unshown", "penalty", "uncommon"):
        for team in (0, 1):
            for points in (0, 1, stages.POINTS_ROOM - 1, stages.POINTS_ROOM, 500):
                built = Event(EventKind.POINTS, None, team, points, None, category)
                assert stages.points_event(team, points, category) == built


def test_the_event_memo_stays_within_its_room() -> None:
    """Events that do not repeat (every points value) are still built, but the memo never grows past its room."""
    for points in range(stages.EVENT_MEMO_ROOM + 100):
        event = stages.new_event(EventKind.POINTS, None, 0, points, None, "truco")
        assert event.points == points
    assert len(stages._MEMO) <= stages.EVENT_MEMO_ROOM


def test_events_of_a_game_equal_fresh_named_tuples() -> None:
    """Every event of seeded random games equals the named tuple rebuilt from its fields."""
    rng = random.Random(3)
    for preset in ("default", "reglamento"):
        st = new_game(preset, first_mano=0)
        for _ in range(400):
            if st.is_over:
                st = new_game(preset, first_mano=0)
            action = random_deal(st, rng) if st.is_chance else rng.choice(legal_actions(st))
            st, found = apply(st, action)
            for event in found:
                assert type(event) is Event and event == Event(*event)


@pytest.mark.parametrize("enum_type", ENUMS, ids=lambda t: t.__name__)
def test_enum_members_hash_consistently_with_equality(enum_type: type[enum.Enum]) -> None:
    """An identity hash (C-level, unlike Enum's name hash): equal members hash alike, and dictionaries and sets
    of members keep working (members are singletons, compared by identity)."""
    members = list(enum_type)
    for a, b in permutations(members, 2):
        assert a != b
    for member in members:
        assert hash(member) == hash(enum_type(member.value)) and member is enum_type(member.value)
        assert pickle.loads(pickle.dumps(member)) is member
    assert {member: i for i, member in enumerate(members)}[members[-1]] == len(members) - 1
    assert len(set(members)) == len(members)


def test_cards_still_hash_by_index() -> None:
    """Cards keep their index as hash, so sets of cards iterate in the same order in every process."""
    assert [hash(card) for card in ALL_CARDS] == list(range(40))
    assert Card.parse("7O") in {Card.parse("7o")}

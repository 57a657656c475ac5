"""Hidden information stays hidden (STYLE.md, RECORDS.md views): two states that differ only in cards a seat cannot
see give that
seat identical views and identical per-seat events — over random playouts of every preset, 2, 4 and 6 seats,
pica-pica included.

How: for each hand of a random playout and a random seat, the cards that seat never sees in the hand (the other
seats' cards that are never played, and the undealt deck) are shuffled into a second deal; the same actions are
replayed on it. While the two games make the same (public) events — an event that differs is the game itself
revealing a card, such as a declaration by a timeout — the seat's view and per-seat events must be identical.

When the events differ, the difference must be one of the rules' reveals (docs/frontend.md, "Hidden information
and its three exceptions"): the cards shown at the end of a hand (``shown``: the ``reglamento`` bluff check and the
``classic`` show rule, PRESETS.md §5) or a timed-out mano's forced declaration of its true points (§7, §8.20);
anything else fails the test.

The third exception (pytruco.views): while a flor waits for a second holder's answer, the view shows that it
waits (``to_act``, ``pending``, ``flor.stage``, the singer's empty ``legal`` and so its ``call_values``, and in
end-of-hand presets the flor's points not yet in ``unscored``), so it shows that another seat holds a flor. Those
members are left out there, and only there.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings

from pytruco import Action, Deal, Event, EventKind, Hand, State, apply
from pytruco.cards import ALL_CARDS
from pytruco.frontend import seat_events
from pytruco.views import view

from .strategies import GameSpec, Step, games, random_playout


def hands_of(steps: list[Step]) -> list[list[Step]]:
    """The playout cut into hands, each from its deal."""
    hands: list[list[Step]] = []
    for step in steps:
        if isinstance(step.action, Deal):
            hands.append([])
        if hands:
            hands[-1].append(step)
    return hands


def alternative_deal(hand: list[Step], seat: int, rng: random.Random) -> Deal:
    """The hand's deal with every card *seat* never sees in it shuffled (with the undealt cards)."""
    deal = hand[0].action
    assert isinstance(deal, Deal)
    played = {step.action.card for step in hand if isinstance(step.action, Action) and step.action.card is not None}
    dealt = {card for h in deal.hands for card in h.cards}
    unseen_slots = [
        (s, i) for s, h in enumerate(deal.hands) if s != seat for i, c in enumerate(h.cards) if c not in played
    ]
    pool = [deal.hands[s].cards[i] for s, i in unseen_slots] + [c for c in ALL_CARDS if c not in dealt]
    rng.shuffle(pool)
    cards = [list(h.cards) for h in deal.hands]
    for (s, i), card in zip(unseen_slots, pool, strict=False):
        cards[s][i] = card
    return Deal(tuple(Hand(tuple(c)) for c in cards))


WAITING = ("to_act", "pending", "legal", "call_values", "unscored")
"""What shows that a flor waits for a second holder's answer (the documented exception)."""


def seen_by(state: State, seat: int, waiting: bool) -> dict[str, Any]:
    data = view(state, seat).to_json()
    if waiting:
        for name in WAITING:
            del data[name]
        del data["flor"]["stage"]
    return data


def revealed(mine: list[Event], theirs: list[Event]) -> bool:
    """Whether the first difference between two worlds' events of one action is a reveal the rules make
    (docs/frontend.md, "Hidden information and its three exceptions"): the cards shown at the end of a hand
    (``shown``), or a timed-out mano's forced declaration of its true points (``timed-out``, ``declared``).
    (The flor wait is the third: the test sees it in the states, as one world waits and the other does not.)
    What follows a reveal (the points it moves) may differ too."""
    first = next(i for i, (a, b) in enumerate(zip([*mine, None], [*theirs, None], strict=False)) if a != b)
    for events in (mine, theirs):
        if first < len(events) and events[first].kind is EventKind.SHOWN:
            return True
        if (
            0 < first < len(events)
            and events[first].kind is EventKind.DECLARED
            and events[first - 1].kind is EventKind.TIMED_OUT
        ):
            return True
    return False


def flor_waits(state: State) -> bool:
    return state.round is not None and state.round.flor_stage == "answer"


@settings(max_examples=40, deadline=None)
@given(spec=games())
def test_a_seat_sees_nothing_of_the_cards_it_cannot_see(spec: GameSpec) -> None:
    rng = random.Random(spec.seed)
    compared = reveals = 0
    for hand in hands_of(list(random_playout(spec))):
        seat = rng.randrange(spec.rules.players)
        deal = alternative_deal(hand, seat, rng)
        other: State = hand[0].before
        for index, step in enumerate(hand):
            action = deal if index == 0 else step.action
            try:
                other, events = apply(other, action)
            except ValueError:
                break  # the other cards make this action illegal: the games part here
            if events != step.events and index > 0:
                # the game itself showed a difference: it must be one of the rules' reveals
                waits = flor_waits(other) or flor_waits(step.after)  # the flor wait: one world waits
                assert waits or revealed(step.events, events), (str(step.action), step.events, events)
                reveals += 1
                break
            assert seat_events(other, events, seat) == seat_events(step.after, step.events, seat)
            waiting = flor_waits(other) or flor_waits(step.after)
            assert seen_by(other, seat, waiting) == seen_by(step.after, seat, waiting), (str(step.action), seat)
            compared += 1
    assert compared > 0


def test_the_documented_exception_a_flor_waiting_for_its_answer() -> None:
    """PRESETS.md §6, §8.6 (classic, mandatory flor): after seat 0 sings flor, the table waits for seat 3, the one
    other holder, so seat 2 sees in ``to_act`` and ``pending`` that seat 3 holds a flor before it sings it — the one
    exception to hidden information (pytruco.views). If seat 3 times out, its flor was never sung."""
    from .helpers import act, play

    state = play(
        "classic", [["1E", "2E", "3E"], ["4O", "5B", "6B"], ["7O", "1B", "2B"], ["4C", "5C", "6C"]], "0 flor", players=4
    )
    seen = view(state, 2)
    assert seen.flor.stage == "answer" and seen.to_act == (3,)
    assert seen.pending is not None and seen.pending.answerers == (3,)
    state = act(state, "3 timeout")
    seen = view(state, 2)
    assert seen.flor.sung == (0,) and seen.flor.stage == "done"
    # without a second holder the flor scores at once and nothing waits
    state = play(
        "classic", [["1E", "2E", "3E"], ["4O", "5B", "6B"], ["7O", "1B", "2B"], ["4C", "5C", "6O"]], "0 flor", players=4
    )
    assert view(state, 2).pending is None and view(state, 2).flor.stage == "done"


def test_a_timed_out_mano_declares_its_true_points_and_nothing_else_differs() -> None:
    """PRESETS.md §7: the mano's declaration is forced, so its timeout declares its true points; two worlds that
    differ only in the mano's unseen cards differ, for seat 1, in that declaration (the second reveal), and only
    from there on."""
    from .helpers import play

    worlds = [[["7C", "6C", "1E"], ["5O", "4O", "3B"]], [["7E", "5E", "1C"], ["5O", "4O", "3B"]]]
    seen = []
    for deal in worlds:
        state = play("default", deal, "0 envido", "1 quiero")
        before = view(state, 1).to_json()
        state, events = apply(state, Action.parse("0 timeout"))
        declared = [e for e in events if e.kind is EventKind.DECLARED]
        seen.append((before, declared[0].points, events))
    assert seen[0][0] == seen[1][0]  # before the timeout, seat 1 sees the same table
    assert (seen[0][1], seen[1][1]) == (33, 32)
    assert revealed(seen[0][2], seen[1][2])

"""Metamorphic tests: a game and its mirror image must give the mirrored result.

The rules never name a seat or a team, only positions relative to the mano (PRESETS.md §2: the mano, "next
hand's mano: seat + 1"; teams alternate seats; §3: the mano leads trick 1, a parda is decided by the mano; §5 and
§6: ties of envido and flor go to the seat nearer the mano). So for a seeded random game *G* (its deals and its
actions, chosen once from the engine's legal actions) and a relabelling of the seats, the relabelled game *G'* is
replayed and compared step by step:

- **rotate by two** (4 and 6 seats; team-preserving): seat ``s`` plays as ``s + 2``, the first mano moves by two,
  each seat's cards move with it. At every step the legal actions of *G'* are those of *G* with their seats moved,
  every event is the same with its seat moved (team unchanged), and the score is the same.
- **move the mano by one** (every table; teams swap): seat ``s`` plays as ``s + 1``, the first mano moves by one,
  the starting score and chicos swap. Legal actions and events map as above with team ``t`` becoming ``1 - t``,
  and the score (and chicos, and the winner) are mirrored.
- **card order within a hand**: each hand's three cards dealt in another order give the same legal action sets
  (as sets), the same events and the same score.

A rule written for "team 0" or "seat 0" instead of "the mano's team" or "the seat that sang" breaks the relation.
One rule does name seats: the duels of a pica hand are played in the order seat 0 against 3, 1 against 4, 2
against 5 (PRESETS.md §8.23), whoever is mano; so pica-pica tables take part in the card-order relation only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pytruco import Action, Deal, Event, Kind, RuleSet, State, apply, legal_actions, new_game, random_deal

Item = Action | Deal

# (preset, options): every preset at every table size it allows, and a pica-pica table.
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("default", {}),
    ("default", {"flor": True}),
    ("online", {}),
    ("classic", {}),
    ("ladder", {}),
    ("reglamento", {}),
    ("default", {"players": 4}),
    ("classic", {"players": 4}),
    ("reglamento", {"players": 4}),
    ("default", {"players": 6}),
    ("classic", {"players": 6}),
]
PICA: list[tuple[str, dict[str, Any]]] = [("default", {"players": 6, "pica_pica": True})]
SEEDS = range(4)
STEPS = 140
"""Actions per random game: several hands, often to the end of the game."""


def _ids(table: tuple[str, dict[str, Any]]) -> str:
    preset, options = table
    return "-".join([preset, *(f"{k}={v}" for k, v in sorted(options.items()))])


SUITS = "EBOC"


def flor_deal(players: int, rng: random.Random) -> Deal:
    """A deal where each seat holds flor (three cards of a suit) with odds one half: flor is rare in random deals,
    and the flor rules (who sings, who refuses, who scores) are where a fixed seat or team would hide."""
    left = [f"{rank}{suit}" for suit in SUITS for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
    hands: list[list[str]] = []
    for _ in range(players):
        suit = rng.choice(SUITS)
        pool = [card for card in left if card.endswith(suit)] if rng.random() < 0.5 else left
        if len(pool) < 3:
            pool = left
        hand = rng.sample(pool, 3)
        left = [card for card in left if card not in hand]
        hands.append(hand)
    return Deal.parse(hands)


def random_game(rules: RuleSet, first_mano: int | None, score: tuple[int, int], seed: int) -> list[Item]:
    """The deals and actions of a seeded random game (never a surrender: the relation is about the rules' play).
    With flor, every other deal is a :func:`flor_deal`."""
    rng = random.Random(seed)
    state = new_game(rules, first_mano=first_mano, score=score)
    items: list[Item] = []
    for _ in range(STEPS):
        if state.is_over:
            break
        if state.is_chance:
            flor = rules.flor and state.rounds_dealt % 2 == 0
            item: Item = flor_deal(rules.players, rng) if flor else random_deal(state, rng)
        else:
            choices = [a for a in legal_actions(state) if a.kind is not Kind.RENDIRSE]
            item = rng.choice(choices)
        items.append(item)
        state, _ = apply(state, item)
    return items


def moved(action: Action, seat: Callable[[int], int]) -> Action:
    """*action* played by ``seat(action.seat)`` instead."""
    head, _, rest = str(action).partition(" ")
    assert int(head) == action.seat
    return Action.parse(f"{seat(action.seat)} {rest}")


def moved_deal(deal: Deal, seat: Callable[[int], int], order: Callable[[list[str]], list[str]] | None = None) -> Deal:
    """*deal* with seat ``s``'s hand given to ``seat(s)`` (its cards in ``order``)."""
    hands: list[list[str]] = [[] for _ in deal.hands]
    for s, hand in enumerate(deal.hands):
        cards = [str(card) for card in hand]
        hands[seat(s)] = order(cards) if order else cards
    return Deal.parse(hands)


def event_moved(event: Event, seat: Callable[[int], int], team: Callable[[int], int]) -> dict[str, Any]:
    out = event.to_json()
    if event.seat is not None:
        out["seat"] = seat(event.seat)
    if event.team is not None:
        out["team"] = team(event.team)
    return out


def compare(
    rules: RuleSet,
    first: tuple[int | None, int | None],
    scores: tuple[tuple[int, int], tuple[int, int]],
    items: list[Item],
    mapped: Callable[[Item], Item],
    seat: Callable[[int], int],
    team: Callable[[int], int],
) -> None:
    """Replay *items* and their images side by side; at every step the relation holds (or the failure says where)."""
    a = new_game(rules, first_mano=first[0], score=scores[0])
    b = new_game(rules, first_mano=first[1], score=scores[1])
    for step, item in enumerate(items):
        where = f"step {step} ({item} / {mapped(item)})"
        expected_legal = sorted(str(moved(x, seat)) for x in legal_actions(a))
        assert expected_legal == sorted(str(x) for x in legal_actions(b)), f"{where}: the legal actions differ"
        a, events_a = apply(a, item)
        b, events_b = apply(b, mapped(item))
        assert [event_moved(e, seat, team) for e in events_a] == [
            event_moved(e, lambda s: s, lambda t: t) for e in events_b
        ], f"{where}: the events differ"
        assert _mirror(a.score, team) == b.score, f"{where}: score {a.score} should map to {b.score}"
    assert _mirror(a.chicos, team) == b.chicos
    assert (a.is_over, None if a.winner is None else team(a.winner)) == (b.is_over, b.winner)


def _mirror(pair: tuple[int, int], team: Callable[[int], int]) -> tuple[int, int]:
    out = [0, 0]
    for t in (0, 1):
        out[team(t)] = pair[t]
    return (out[0], out[1])


def _start(rules: RuleSet, seed: int) -> tuple[int | None, tuple[int, int]]:
    rng = random.Random(seed)
    first_mano = None if rules.rps_first_mano else rng.randrange(rules.players)
    target = rules.target
    score = (rng.randrange(target - 2), rng.randrange(target - 2)) if seed % 2 else (0, 0)
    return first_mano, score


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_moving_the_mano_by_one_mirrors_the_game(table: tuple[str, dict[str, Any]], seed: int) -> None:
    """PRESETS.md §2-§6: seats relabelled s -> s + 1 (the mano moves, the teams swap) mirror legal actions, events,
    score, chicos and winner."""
    rules = RuleSet.preset(table[0], **table[1])
    n = rules.players
    first_mano, score = _start(rules, seed)
    items = random_game(rules, first_mano, score, seed)

    def seat(s: int) -> int:
        return (s + 1) % n

    def team(t: int) -> int:
        return 1 - t

    def mapped(item: Item) -> Item:
        return moved_deal(item, seat) if isinstance(item, Deal) else moved(item, seat)

    other = None if first_mano is None else seat(first_mano)
    compare(rules, (first_mano, other), (score, (score[1], score[0])), items, mapped, seat, team)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("table", [t for t in TABLES if t[1].get("players", 2) > 2], ids=_ids)
def test_rotating_the_seats_by_two_gives_the_same_game(table: tuple[str, dict[str, Any]], seed: int) -> None:
    """PRESETS.md §2-§3: seats relabelled s -> s + 2 (teams kept) give the same legal actions (moved), the same
    events (seats moved) and the same score."""
    rules = RuleSet.preset(table[0], **table[1])
    n = rules.players
    first_mano, score = _start(rules, seed)
    items = random_game(rules, first_mano, score, seed)

    def seat(s: int) -> int:
        return (s + 2) % n

    def mapped(item: Item) -> Item:
        return moved_deal(item, seat) if isinstance(item, Deal) else moved(item, seat)

    other = None if first_mano is None else seat(first_mano)
    compare(rules, (first_mano, other), (score, score), items, mapped, seat, lambda t: t)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("table", TABLES + PICA, ids=_ids)
def test_the_order_of_the_cards_in_a_hand_changes_nothing(table: tuple[str, dict[str, Any]], seed: int) -> None:
    """PRESETS.md §1, §5, §6: a hand is a set of cards; envido, flor and legality do not depend on their order."""
    rules = RuleSet.preset(table[0], **table[1])
    first_mano, score = _start(rules, seed)
    items = random_game(rules, first_mano, score, seed)
    shuffle = random.Random(seed + 100)

    def order(cards: list[str]) -> list[str]:
        return shuffle.sample(cards, len(cards))

    images = {id(item): moved_deal(item, lambda s: s, order) for item in items if isinstance(item, Deal)}

    def mapped(item: Item) -> Item:
        return images[id(item)] if isinstance(item, Deal) else item

    compare(rules, (first_mano, first_mano), (score, score), items, mapped, lambda s: s, lambda t: t)


def test_the_relations_are_not_empty() -> None:
    """The random games do reach calls, flor and the end of a game (else the relations above say little)."""
    kinds: set[Kind] = set()
    ended = 0
    for table in TABLES + PICA:
        rules = RuleSet.preset(table[0], **table[1])
        for seed in SEEDS:
            first_mano, score = _start(rules, seed)
            items = random_game(rules, first_mano, score, seed)
            kinds.update(item.kind for item in items if isinstance(item, Action))
            state: State = new_game(rules, first_mano=first_mano, score=score)
            for item in items:
                state, _ = apply(state, item)
            ended += state.is_over
    assert {Kind.TRUCO, Kind.ENVIDO, Kind.FLOR, Kind.QUIERO, Kind.NO_QUIERO, Kind.MAZO, Kind.PLAY} <= kinds
    assert ended >= len(TABLES)

"""Pictures of cards, hands and a seat's table (issue 10): valid SVG, legible, and hiding what the seat cannot see."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pytruco import Action, Card, Deal, Hand, apply, new_game, view
from pytruco.cards import ALL_CARDS
from pytruco.svg import card_svg, hand_svg, ranking_svg, table_svg

SVG = "{http://www.w3.org/2000/svg}"


def texts(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return [element.text or "" for element in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_is_valid_svg_with_its_rank_and_suit(card: Card) -> None:
    picture = card_svg(card)
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert str(card.rank) in texts(picture)
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None and str(card) in title.text


def test_face_cards_are_named() -> None:
    assert "SOTA" in texts(card_svg(Card.parse("10O")))
    assert "CABALLO" in texts(card_svg(Card.parse("11B")))
    assert "REY" in texts(card_svg(Card.parse("12E")))


def test_the_four_suits_are_drawn_differently() -> None:
    bodies = {card_svg(Card.parse(f"4{suit}")).split("</title>")[1].replace("4", "") for suit in "EBOC"}
    assert len(bodies) == 4


def test_a_hand_draws_each_card_side_by_side() -> None:
    picture = hand_svg(Hand.parse("1E 7O 12C"))
    assert texts(picture).count("1") == 2 and texts(picture).count("12") == 2
    assert float(ET.fromstring(picture).get("width", "0")) > 3 * 70


def test_the_ranking_has_fourteen_columns_and_all_forty_cards() -> None:
    """PRESETS.md §1: fourteen strengths; every card once."""
    picture = ranking_svg()
    root = ET.fromstring(picture)
    labels = [e.text for e in root.iter(f"{SVG}text") if e.get("font-size") == "14"]
    assert labels == [str(n) for n in range(1, 15)]
    cards = list(root.iter(f"{SVG}g"))
    assert len(cards) == 40


def test_repr_svg_draws_cards_hands_and_views() -> None:
    """Jupyter's `_repr_svg_` on Card, Hand and SeatView."""
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    for thing in (Card.parse("1E"), Hand.parse("1E 7O"), view(state, 0)):
        ET.fromstring(thing._repr_svg_())


def test_the_table_hides_the_other_seats_cards() -> None:
    """A seat's picture depends only on its view: other hands drawn face down (PRESETS.md words: hidden cards)."""
    a, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    b, _ = apply(new_game("default", first_mano=0), Deal.parse([["12B", "2O", "1E"], ["5O", "4O", "3B"]]))
    a, _ = apply(a, Action.parse("0 1E"))
    b, _ = apply(b, Action.parse("0 1E"))
    assert table_svg(view(a, 1)) == table_svg(view(b, 1))
    assert table_svg(view(a, 0)) != table_svg(view(b, 0))
    shown = texts(table_svg(view(a, 1)))
    assert "seat 1 (you)" in shown and "seat 0" in shown


@pytest.mark.parametrize("players", [4, 6])
def test_tables_of_four_and_six(players: int) -> None:
    import random

    from pytruco import RuleSet, random_deal

    state = new_game(RuleSet.preset("default", players=players), first_mano=0)
    state, _ = apply(state, random_deal(state, random.Random(1)))
    ET.fromstring(table_svg(view(state, 2)))


def test_the_pictures_in_the_docs_are_current() -> None:
    """docs/_static/*.svg are what pytruco.svg draws now (regenerate them with the code in this test)."""
    static = Path(__file__).resolve().parents[1] / "docs" / "_static"
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    for text in ("0 1E", "1 3B", "0 7C"):
        state, _ = apply(state, Action.parse(text))
    expected = {
        "ranking.svg": ranking_svg(),
        "hand.svg": hand_svg(Hand.parse("7C 6C 1E")),
        "table.svg": table_svg(view(state, 1)),
    }
    for name, picture in expected.items():
        assert (static / name).read_text(encoding="utf-8") == picture + "\n", name


def test_view_svg_draws_a_seat_s_table_after_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pytruco view --svg --seat N FILE`: the table after the record, as seat N (or a spectator) sees it."""
    from pytruco import Record
    from pytruco.cli import main

    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    state, _ = apply(state, Action.parse("0 1E"))
    path = tmp_path / "game.json"
    path.write_text(Record.from_state(state).dumps(), encoding="utf-8")
    assert main(["view", "--svg", "--seat", "1", str(path)]) == 0
    assert capsys.readouterr().out == table_svg(view(state, 1)) + "\n"
    assert main(["view", "--svg", "--seat", "spectator", str(path)]) == 0
    spectator = capsys.readouterr().out
    assert "a spectator" in spectator and "<title>7C</title>" not in spectator and "<title>1E</title>" in spectator
    assert main(["view", "--svg", "--seat", "5", str(path)]) == 2
    assert "there is no seat 5" in capsys.readouterr().err


def table_pictures(players: int, seed: int) -> str:
    """Every seat's and a spectator's table_svg after every action of a seeded random playout (some hands)."""
    import random

    from pytruco import Kind, RuleSet, legal_actions, random_deal

    rng = random.Random(seed)
    state = new_game(RuleSet.preset("default", players=players), first_mano=0)
    pictures = []
    for _ in range(60 * players):
        if state.is_over:
            break
        unending = [a for a in legal_actions(state) if a.kind is not Kind.FALTA_ENVIDO]  # a falta ends the game
        action = random_deal(state, rng) if state.is_chance else rng.choice(unending)
        state, _ = apply(state, action)
        pictures += [table_svg(view(state, seat)) for seat in [*range(players), None]]
    return "\n".join(pictures)


TABLE_PICTURES = {
    (2, 1): "232cf8437e464061258964676f443ce513fa9d72467938bc6b8b96f6afe23bc4",
    (4, 2): "616301d451cda917e469b07b2aa8f03354ca44cf91072ff2e6334245e4b22816",
    (6, 3): "bc6efb4abff9d8e1a2823c7ad363363cac93859b40f063bd58b753bcd1122970",
}


@pytest.mark.parametrize(("players", "seed"), sorted(TABLE_PICTURES))
def test_table_pictures_are_exactly_as_they_were(players: int, seed: int) -> None:
    """The whole SVG text of a table, pinned by its SHA-256 (issue 8: table_svg split into helpers)."""
    digest = hashlib.sha256(table_pictures(players, seed).encode()).hexdigest()
    assert digest == TABLE_PICTURES[players, seed]

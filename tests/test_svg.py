"""Pictures of cards, hands and a seat's table: valid SVG, legible, and hiding what the seat cannot see.

The table pictures are read back with ``xml.etree`` into what they draw (:func:`drawn`): the header, each seat's
label with its cards face up or the number face down, the trick in play and the finished tricks. The tests compare
that with readable expectations and with the seat's view, so a failure says which seat, which card, which label.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from helpers import differences
from pytruco import Action, Card, Deal, Hand, RuleSet, State, apply, new_game, view
from pytruco._cardart import card_body
from pytruco.cards import ALL_CARDS
from pytruco.svg import CARD_HEIGHT, CARD_WIDTH, card_svg, hand_svg, ranking_svg, table_svg

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
    """A seat's picture depends only on its view: other hands drawn face down (RECORDS.md views: hidden cards)."""
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


_FULL, _SMALL, _MINI = f"{CARD_WIDTH:g}", f"{CARD_WIDTH * 0.6:g}", f"{CARD_WIDTH * 0.38:g}"


def drawn(picture: str) -> dict[str, Any]:
    """What a table picture draws, read back from its SVG elements in drawing order.

    ``seats`` maps each seat's label to ``{"face up": [cards]}`` or ``{"face down": count}``; ``trick in play``
    lists ``[label, card]``; ``finished tricks`` lists ``[label, [cards]]``.
    """
    root = ET.fromstring(picture)
    title = root.find(f"{SVG}title")
    out: dict[str, Any] = {
        "title": None if title is None else title.text,
        "header": [],
        "seats": {},
        "trick in play": [],
        "finished tricks": [],
    }
    backs = {_SMALL: 0, _FULL: 0}
    faces: list[str] = []
    played: str | None = None
    for element in root:
        tag = element.tag.removeprefix(SVG)
        if tag == "g":
            card = element.find(f"{SVG}title")
            rect = element.find(f"{SVG}rect")
            width = "" if rect is None else rect.get("width", "")
            if card is None:
                backs[width] = backs.get(width, 0) + 1
            elif width == _SMALL:
                played = card.text
            elif width == _MINI:
                out["finished tricks"][-1][1].append(card.text)
            else:
                assert width == _FULL, f"a card {card.text} of unknown size {width}"
                faces.append(str(card.text))
        elif tag == "text":
            text, size = element.text or "", element.get("font-size")
            if size in ("20",) or (size == "14" and element.get("text-anchor") is None):
                out["header"].append(text)
            elif size == "13":  # another seat's label, after its cards face down
                out["seats"][text] = {"face down": backs[_SMALL]}
                backs[_SMALL] = 0
            elif size == "11" and element.get("text-anchor") == "end":
                out["finished tricks"].append([text, []])
            elif size == "11":
                out["trick in play"].append([text, played])
                played = None
            elif size == "14":  # the bottom seat's label, after its cards
                out["seats"][text] = {"face up": faces} if "(you)" in text else {"face down": backs[_FULL]}
    return out


def _expect(got: dict[str, Any], expected: dict[str, Any]) -> None:
    lines = differences(expected, got)
    assert not lines, "the table draws something else:\n  " + "\n  ".join(lines)


def _docs_state() -> State:
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    for text in ("0 1E", "1 3B", "0 7C"):
        state, _ = apply(state, Action.parse(text))
    return state


def test_a_seat_sees_its_cards_face_up_and_the_others_face_down() -> None:
    """Seat 1 after 0 1E, 1 3B, 0 7C: its two cards up, seat 0's one card down, the 7C in play, trick 1 to team 0."""
    _expect(
        drawn(table_svg(view(_docs_state(), 1))),
        {
            "title": "The table as seat 1 sees it",
            "header": ["team 1 (you) 0 \u2013 team 0 0", "mano: seat 0 \u00b7 no truco \u00b7 envido: none"],
            "seats": {"seat 0": {"face down": 1}, "seat 1 (you)": {"face up": ["5O", "4O"]}},
            "trick in play": [["seat 0", "7C"]],
            "finished tricks": [["trick 1: team 0", ["1E", "3B"]]],
        },
    )


def test_the_seat_that_played_sees_its_remaining_cards() -> None:
    """Seat 0 of the same table: 6C still in hand, seat 1's two cards face down, the score from its team's side."""
    _expect(
        drawn(table_svg(view(_docs_state(), 0))),
        {
            "title": "The table as seat 0 sees it",
            "header": ["team 0 (you) 0 \u2013 team 1 0", "mano: seat 0 \u00b7 no truco \u00b7 envido: none"],
            "seats": {"seat 1": {"face down": 2}, "seat 0 (you)": {"face up": ["6C"]}},
            "trick in play": [["seat 0", "7C"]],
            "finished tricks": [["trick 1: team 0", ["1E", "3B"]]],
        },
    )


def test_a_spectator_sees_every_hand_face_down() -> None:
    """A spectator looks from seat 0's side: seat 0's card face down too, the played cards face up."""
    _expect(
        drawn(table_svg(view(_docs_state(), None))),
        {
            "title": "The table as a spectator sees it",
            "header": ["team 0 0 \u2013 team 1 0", "mano: seat 0 \u00b7 no truco \u00b7 envido: none"],
            "seats": {"seat 1": {"face down": 2}, "seat 0": {"face down": 1}},
            "trick in play": [["seat 0", "7C"]],
            "finished tricks": [["trick 1: team 0", ["1E", "3B"]]],
        },
    )


def test_a_table_of_four_labels_partners_and_calls() -> None:
    """2v2 after an accepted truco and a fold: seat 2 sees its partner marked, the folded seat (cards still down)."""
    state = new_game(RuleSet.preset("default", players=4), first_mano=0)
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"], ["12B", "2O", "1O"], ["4E", "5E", "6E"]]
    state, _ = apply(state, Deal.parse(deal))
    for text in ("0 truco", "1 quiero", "0 1E", "1 mazo"):
        state, _ = apply(state, Action.parse(text))
    _expect(
        drawn(table_svg(view(state, 2))),
        {
            "title": "The table as seat 2 sees it",
            "header": [
                "team 0 (you) 0 \u2013 team 1 0",
                "mano: seat 0 \u00b7 truco accepted \u00b7 envido: none",
            ],
            "seats": {
                "seat 3": {"face down": 3},
                "seat 0 (partner)": {"face down": 2},
                "seat 1 \u00b7 folded": {"face down": 3},
                "seat 2 (you)": {"face up": ["12B", "2O", "1O"]},
            },
            "trick in play": [["seat 0", "1E"]],
            "finished tricks": [],
        },
    )


def _visible(seen_json: Any) -> set[str]:
    """Every card named anywhere in a view's JSON."""
    if isinstance(seen_json, dict):
        return set().union(*(_visible(v) for v in seen_json.values())) if seen_json else set()
    if isinstance(seen_json, list):
        return set().union(*(_visible(v) for v in seen_json)) if seen_json else set()
    return {seen_json} if isinstance(seen_json, str) and seen_json in CARD_NAMES else set()


CARD_NAMES = {str(card) for card in ALL_CARDS}


def _playout(players: int, seed: int, steps: int) -> list[State]:
    import random

    from pytruco import Kind, legal_actions, random_deal

    rng = random.Random(seed)
    state = new_game(RuleSet.preset("default", players=players), first_mano=0)
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        unending = [a for a in legal_actions(state) if a.kind is not Kind.FALTA_ENVIDO]  # a falta ends the game
        state, _ = apply(state, random_deal(state, rng) if state.is_chance else rng.choice(unending))
        out.append(state)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_every_table_picture_draws_the_view_and_nothing_hidden(players: int, seed: int) -> None:
    """Over a seeded playout, for every seat and a spectator: well-formed SVG that draws exactly the view (own cards
    face up, each other seat's cards left face down, the trick in play, the finished tricks) and never names a card
    the view does not show (RECORDS.md views: hidden information stays hidden)."""
    for index, state in enumerate(_playout(players, seed, 25 * players)):
        if state.round is None:
            continue
        for seat in [*range(players), None]:
            seen = view(state, seat)
            picture = table_svg(seen)
            got = drawn(picture)
            where = f"{players} players, state {index}, seat {seat}"
            bottom = 0 if seat is None else seat
            own = [label for label in got["seats"] if label.startswith(f"seat {bottom}")]
            assert len(got["seats"]) == players and len(own) == 1, f"{where}: labels {list(got['seats'])}"
            for label, cards in got["seats"].items():
                number = int(label.split()[1])
                if number == seat:
                    assert cards == {"face up": [str(c) for c in seen.hand]}, f"{where}: own hand {cards}"
                else:
                    assert cards == {"face down": seen.cards_left[number]}, f"{where}: {label} {cards}"
            trick = [[f"seat {s}", str(card)] for s, card in seen.current_trick]
            assert got["trick in play"] == trick, f"{where}: trick in play"
            tricks = [
                [f"trick {n}: {'parda' if t.team is None else f'team {t.team}'}", [str(c) for _, c in t.plays]]
                for n, t in enumerate(seen.tricks, 1)
            ]
            assert got["finished tricks"] == tricks, f"{where}: finished tricks"
            hidden = CARD_NAMES - _visible(seen.to_json())
            named = {card for card in CARD_NAMES if f">{card}<" in picture}
            assert not named & hidden, f"{where}: the picture names hidden cards {sorted(named & hidden)}"


DIGIT_ADVANCE = 0.7
"""A digit's width as a share of its font size, a little over the serif fonts' (Georgia's bold digits are about
0.64 em): enough to tell an index that crosses the card's inner border."""
CAP_HEIGHT = 0.72
"""A capital's or a digit's height as a share of its font size (about 0.7 em in Georgia and DejaVu Serif)."""


@pytest.mark.parametrize("scale", [1, 0.6, 0.55, 0.38])  # a card, the table's small ones, the ranking's, a trick's
@pytest.mark.parametrize("card", [Card.parse(text) for text in ("1E", "7O", "10B", "11E", "12C", "12O")], ids=str)
def test_the_corner_index_stays_inside_the_card_and_clear_of_the_face_word(card: Card, scale: float) -> None:
    """Issue 36 item 16: "11" and "12" overflowed the card's edge (centred 9 units in, at 18 units), and the lower
    corner's index overlapped the face word ("CABALLO"), worse on the small cards. Each index, its width estimated by
    DIGIT_ADVANCE, stays inside the inner border; a face word ends above the lower index, which is turned 180
    degrees."""
    picture = card_body(card.rank, card.suit.value, 2, 2, CARD_WIDTH * scale, CARD_HEIGHT * scale)
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{picture}</svg>')
    inner = list(root.iter(f"{SVG}rect"))[1]
    left, width = float(inner.get("x", "0")), float(inner.get("width", "0"))
    drawn = list(root.iter(f"{SVG}text"))
    indexes = [t for t in drawn if t.text == str(card.rank)]
    assert len(indexes) == 2
    for index in indexes:
        size = float(index.get("font-size", "0"))
        half = len(str(card.rank)) * DIGIT_ADVANCE * size / 2
        centre = float(index.get("x", "0"))
        assert left <= centre - half and centre + half <= left + width, (card, centre, half, left, width)
    words = [t for t in drawn if t.text in ("SOTA", "CABALLO", "REY")]
    if card.rank >= 10:
        (word,) = words
        lower = indexes[1]
        pivot_y = float(lower.get("transform", "").split()[-1].rstrip(")"))
        index_top = 2 * pivot_y - float(lower.get("y", "0"))  # its baseline, turned about the pivot
        assert float(word.get("y", "0")) <= index_top, (card, word.get("y"), index_top)
    else:
        assert words == []

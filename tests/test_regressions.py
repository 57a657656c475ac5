"""Regressions found by a rules audit, each pinned to the PRESETS.md text that decides it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pytruco import ArgumentError, RecordError, new_game, replay

TEAM_DEAL = [["7B", "3B", "12O"], ["4O", "5C", "1E"], ["4C", "6C", "11C"], ["7O", "6O", "2E"]]
LATE_FLOR = [
    "0 envido", "1 quiero", "0 tengo 30", "1 son-buenas", "3 tengo 33",  # team 1 wins the envido (+2)
    "0 12O", "1 1E", "2 flor",  # seat 2 first acts after the envido was settled, and sings (+3, §8.24)
    "2 4C", "3 2E", "1 4O", "2 6C", "3 7O", "0 3B",  # team 1 wins the hand (+1)
]  # fmt: skip


def record(rules: Any, hands: list[dict[str, Any]], **members: Any) -> dict[str, Any]:
    return {"format": "truco-record/1", "rules": rules, "first_mano": 0, "hands": hands, **members}


@pytest.mark.parametrize(("preset", "winner", "chicos"), [("classic", 1, [0, 0]), ("reglamento", None, [0, 1])])
def test_envido_settled_before_a_later_flor_counts_first(preset: str, winner: int | None, chicos: list[int]) -> None:
    """§2 (end of hand: envido or flor first, then truco; whoever reaches the target first in that order wins)
    and §8.24 (the settled envido stands): team 1's earlier envido reaches 30 before team 0's later flor."""
    result = replay(
        record({"preset": preset, "players": 4}, [{"deal": TEAM_DEAL, "actions": LATE_FLOR}], score=[27, 28])
    ).to_json()
    assert result["hands"] == [{"points": [3, 3], "score": [30, 31]}]
    assert result["winner"] == winner
    assert result["chicos"] == chicos


FLOR_DEAL = [["4C", "5C", "6C"], ["1E", "7B", "3B"], ["7O", "6O", "5O"], ["2E", "3E", "4B"]]


@pytest.mark.parametrize(
    "actions",
    [
        ["0 flor", "0 mazo", "1 1E", "2 flor", "2 7O", "3 2E", "1 7B", "2 6O", "3 3E"],
        ["0 flor", "0 4C", "1 1E", "2 flor", "2 7O", "3 2E", "1 7B", "2 6O", "3 3E", "0 mazo"],
    ],
    ids=["fold-before-partner-sings", "fold-after-partner-sang"],
)
def test_reglamento_fold_gives_away_every_flor_of_the_team_in_the_hand(actions: list[str]) -> None:
    """§8.22: the flor points that the folding seat's team would have scored in that hand go to the other
    team, whether the partner sang before or after the fold."""
    result = replay(record({"preset": "reglamento", "players": 4}, [{"deal": FLOR_DEAL, "actions": actions}]))
    assert result.to_json()["hands"] == [{"points": [0, 7], "score": [0, 7]}]


def test_contraflor_al_resto_that_ends_the_chico_adds_no_settled_envido() -> None:
    """§8.26 (decided this round; it replaces the earlier reading of §8.24 here): an accepted contraflor al
    resto that ends the chico gives it to the best flor at once and adds no other point of the hand, not
    even the envido that team 1 won and settled before the flor; the final score is the score before the
    hand plus the flor's raise to the target (§8.15)."""
    deal = [*TEAM_DEAL, ["1B", "2B", "10O"], ["4E", "5E", "10E"]]
    actions = [
        "0 envido", "1 quiero", "0 tengo 30", "1 son-buenas", "3 tengo 33", "4 son-buenas",
        "0 12O", "1 1E", "2 flor", "5 contraflor-al-resto", "2 quiero", "2 tengo 30", "5 son-buenas",
    ]  # fmt: skip
    result = replay(
        record({"preset": "reglamento", "players": 6}, [{"deal": deal, "actions": actions}], score=[10, 12])
    ).to_json()
    assert result["hands"] == [{"points": [20, 0], "score": [30, 12]}]
    assert result["chicos"] == [1, 0]


def test_chicos_only_in_a_partido() -> None:
    """RECORDS.md: `chicos` are starting values for partido presets (zeros elsewhere): a non-zero value in a
    one-game preset is a bad record, and new_game refuses it too."""
    hand = {"deal": [["1E", "3O", "4B"], ["7O", "2C", "5E"]], "actions": ["0 truco", "1 no-quiero"]}
    with pytest.raises(RecordError) as caught:
        replay(record("classic", [hand], chicos=[1, 0]))
    assert caught.value.kind == "bad-record" and "chicos" in str(caught.value)
    assert replay(record("classic", [hand], chicos=[0, 0])).to_json()["chicos"] == [0, 0]
    assert replay(record("reglamento", [hand], chicos=[1, 0])).to_json()["chicos"] == [1, 0]
    with pytest.raises(
        ValueError, match=re.escape("starting chicos [1, 0]: default plays one game, not a partido of chicos")
    ):
        new_game("default", first_mano=0, chicos=(1, 0))


def test_refusing_a_flor_names_the_presets_own_answers() -> None:
    """§6 reglamento: the second holder answers flor or contraflor-al-resto (there is no contraflor there)."""
    hand = {"deal": [["4C", "5C", "6C"], ["7B", "5B", "12B"]], "actions": ["0 flor", "1 no-quiero"]}
    with pytest.raises(RecordError) as caught:
        replay(record("reglamento", [hand]))
    message = str(caught.value)
    assert "contraflor-al-resto or flor" in message and "contraflor or" not in message


@pytest.mark.parametrize("preset", ["classic", {"preset": "default", "flor": True}])
def test_any_seat_of_the_other_team_answers_a_contraflor(preset: Any) -> None:
    """§4: in team play a pending call may be answered by any seat of the other team (the contraflor is a
    call, "Words"); seat 2 has no flor and refuses for its team: the contraflor's caller scores 4."""
    rules = {"preset": "classic", "players": 4} if preset == "classic" else {**preset, "players": 4}
    deal = [["4C", "5C", "6C"], ["7O", "10O", "11O"], ["1E", "2B", "3E"], ["4E", "12E", "6B"]]
    actions = [
        "0 flor",
        "1 contraflor",
        "2 no-quiero",
        "0 4C",
        "1 7O",
        "2 1E",
        "3 4E",
        "2 3E",
        "3 12E",
        "0 5C",
        "1 10O",
    ]
    result = replay(record(rules, [{"deal": deal, "actions": actions}])).to_json()
    assert result["hands"] == [{"points": [1, 4], "score": [1, 4]}]


@pytest.mark.parametrize("order", [["5E", "12E", "11E"], ["5E", "11E", "12E"]])
def test_show_rule_accepts_either_figure(order: list[str]) -> None:
    """§8.12 (classic show rule): the played 5E and 11E make the declared 25, whichever figure was dealt
    first, so the envido is shown and the later fold costs only the hand."""
    deal = [order, ["1E", "1B", "4O"]]
    actions = ["0 envido", "1 quiero", "0 tengo 25", "1 son-buenas", "0 5E", "1 4O", "0 11E", "1 1E", "1 1B", "0 mazo"]
    result = replay(record({"preset": "classic", "flor": False}, [{"deal": deal, "actions": actions}]))
    assert result.to_json()["hands"] == [{"points": [2, 1], "score": [2, 1]}]


def test_bluff_option_on_a_preset_that_scores_at_once() -> None:
    """§5 (reglamento's bluff as an option on default): a false winning declaration gives the points to the
    other team when the cards are shown at the end of the hand, even where points are scored at once."""
    deal = [["5O", "4O", "3B"], ["6C", "5C", "1E"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"]
    mid = replay(record({"preset": "default", "bluff": True}, [{"deal": deal, "actions": actions}]))
    assert mid.to_json()["score"] == [0, 0]  # waiting for the cards to be shown
    done = replay(record({"preset": "default", "bluff": True}, [{"deal": deal, "actions": [*actions, "0 mazo"]}]))
    assert done.to_json()["hands"] == [{"points": [0, 3], "score": [0, 3]}]


def test_show_rule_option_on_a_preset_that_scores_at_once_can_end_the_game() -> None:
    """§5 show rule as an option on default: the hand's point scores at once (29), the shown envido when the
    hand ends (31), and the game is won then."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    actions = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 7C", "1 5O", "0 6C", "1 4O"]
    result = replay(
        record({"preset": "default", "show_rule": True}, [{"deal": deal, "actions": actions}], score=[28, 0])
    )
    assert result.to_json()["hands"] == [{"points": [3, 0], "score": [31, 0]}]
    assert result.to_json()["winner"] == 0


def test_a_hand_listed_after_the_match_is_over() -> None:
    """RECORDS.md: a hand listed after the match is over is a bad-record (hand and action null), whether or not
    it has actions."""
    over = {"deal": [["1E", "3O", "4B"], ["7O", "2C", "5E"]], "actions": ["0 truco", "1 no-quiero"]}
    extra = {"deal": [["1B", "3E", "5C"], ["4O", "6B", "7C"]], "actions": ["1 4O"]}
    for listed in (extra, {**extra, "actions": []}):
        with pytest.raises(RecordError) as caught:
            replay(record("default", [over, listed], score=[29, 0]))
        assert (caught.value.kind, caught.value.hand, caught.value.action) == ("bad-record", None, None)


def test_apply_refuses_what_is_not_an_action() -> None:
    """Bad input gets a clear error: apply takes an Action, a Deal or action text (read by Action.parse),
    nothing else (a badly typed argument is an ArgumentError, issue 34)."""
    from pytruco import NotationError, apply

    with pytest.raises(ArgumentError, match="apply needs an Action, a Deal or an action in record notation, not 42"):
        apply(new_game("default", first_mano=0), 42)  # type: ignore[call-overload]
    with pytest.raises(NotationError, match="not an action: 'truco'"):
        apply(new_game("default", first_mano=0), "truco")

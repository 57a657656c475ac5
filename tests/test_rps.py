"""Rock-paper-scissors for the first mano (online): PRESETS.md §2 and §7 (timeout)."""

from __future__ import annotations

import itertools
import re

import pytest

from helpers import act, legal, refused
from pytruco import Action, Deal, IllegalActionError, Phase, Record, apply, new_game, replay

CHOICES = ["piedra", "papel", "tijera"]
BEATS = {("piedra", "tijera"), ("tijera", "papel"), ("papel", "piedra")}
DEAL = [["1E", "3O", "4B"], ["7O", "2C", "5E"]]


def test_online_starts_with_rock_paper_scissors():
    """PRESETS.md §2 (online): rock-paper-scissors before the first deal; both seats choose."""
    state = new_game("online")
    assert state.phase is Phase.RPS
    assert not state.is_chance
    assert state.to_act == (0, 1)
    assert legal(state) == sorted(f"{s} rps {c}" for s in (0, 1) for c in CHOICES)
    assert refused(state, Deal.parse(DEAL)) == "deal-not-now"


@pytest.mark.parametrize(("first", "second"), list(itertools.product(CHOICES, CHOICES)))
@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_winner_is_the_first_mano(first, second, order):
    """PRESETS.md §2: piedra beats tijera, tijera papel, papel piedra; the winner is the first mano; a tie repeats;
    the choices may come in either order."""
    choice = {0: first, 1: second}
    state = new_game("online")
    for seat in order:
        state = act(state, f"{seat} rps {choice[seat]}")
    if first == second:
        assert state.phase is Phase.RPS
        assert state.to_act == (0, 1)
        return
    winner = 0 if (first, second) in BEATS else 1
    assert state.phase is Phase.DEAL
    assert state.mano == winner
    state = act(state, DEAL)
    assert state.round.mano == winner
    assert state.to_act == (winner,)


def test_one_choice_each():
    """PRESETS.md §2: after choosing, a seat waits for the other; it cannot choose again."""
    state = act(new_game("online"), "1 rps papel")
    assert state.to_act == (0,)
    assert legal(state) == [f"0 rps {c}" for c in sorted(CHOICES)]
    with pytest.raises(IllegalActionError, match="seat 1"):
        act(state, "1 rps tijera")


def test_choices_are_hidden_until_both_have_chosen():
    """PRESETS.md §2: choices are hidden from the other seat until both have chosen."""
    state = new_game("online")
    after, events = apply(state, Action.parse("0 rps tijera"))
    text = " ".join(str(event) for event in events) + " ".join(event.detail for event in events)
    assert "tijera" not in text
    assert legal(after) == legal(act(new_game("online"), "0 rps papel"))  # nothing about the choice leaks


@pytest.mark.parametrize("seat", [0, 1])
def test_timeout_loses_the_draw(seat):
    """PRESETS.md §7: in rock-paper-scissors a timeout loses the draw."""
    state = act(new_game("online"), f"{seat} timeout")
    assert state.phase is Phase.DEAL
    assert state.mano == 1 - seat
    state = act(new_game("online"), f"{1 - seat} rps piedra", f"{seat} timeout")
    assert state.mano == 1 - seat


def test_rps_after_a_tie_repeats():
    """PRESETS.md §2: a tie repeats the draw."""
    state = act(new_game("online"), "0 rps piedra", "1 rps piedra", "1 rps papel", "0 rps tijera")
    assert state.mano == 0


@pytest.mark.parametrize("preset", ["default", "classic", "ladder", "reglamento"])
def test_rps_only_in_online(preset):
    """PRESETS.md §2: only online draws the first mano by rock-paper-scissors."""
    state = new_game(preset, first_mano=0)
    assert state.phase is Phase.DEAL
    assert refused(state, "0 rps piedra") == "before-deal"  # the table waits for the first deal, not a draw


def test_no_rps_after_the_deal():
    """PRESETS.md §2: rock-paper-scissors is before the first deal only."""
    state = act(new_game("online"), "0 rps piedra", "1 rps tijera", DEAL)
    assert refused(state, "0 rps piedra") == "rps-after-deal"


def test_online_given_first_mano_skips_the_draw():
    """RECORDS.md: first_mano is required unless the rules choose it with pre actions; given, there is no draw."""
    state = new_game("online", first_mano=1)
    assert state.phase is Phase.DEAL
    assert state.mano == 1


def test_rps_record_round_trip():
    """RECORDS.md "The record": pre actions replay; a record with both first_mano and pre is a bad-record."""
    state = act(new_game("online"), "0 rps piedra", "1 rps piedra", "1 rps papel", "0 rps tijera", DEAL, "0 1E")
    record = Record.from_state(state)
    assert record.pre == ("0 rps piedra", "1 rps piedra", "1 rps papel", "0 rps tijera")
    assert record.first_mano is None
    assert replay(Record.loads(record.dumps())).state == state
    data = record.to_dict() | {"first_mano": 0}
    with pytest.raises(
        ValueError, match=re.escape("a record gives 'first_mano' or rock-paper-scissors 'pre' actions")
    ) as info:
        Record.from_dict(data)
    assert info.value.kind == "bad-record"


@pytest.mark.parametrize("seat", [0, 1])
def test_rendirse_during_the_draw(seat):
    """PRESETS.md §7: rendirse is legal for every seat until the match is over, also during the draw."""
    state = act(new_game("online"), "0 rps piedra", f"{seat} rendirse")
    assert state.is_over
    assert state.winner == 1 - seat
    assert state.score == (0, 0)


def test_a_tie_is_told_with_the_choice_and_nothing_else():
    """PRESETS.md §2 (rock-paper-scissors): equal choices repeat the draw; the tie's event names the choice (both
    chose it) and carries no seat, team or points (mutation sample seed 3434, issue 34)."""
    from pytruco import Event, EventKind

    state = act(new_game("online"), "0 rps piedra")
    state, events = apply(state, "1 rps piedra")
    assert events[-1] == Event(EventKind.RPS_TIE, detail="piedra")
    assert events[-1].to_json() == {
        "kind": "rps-tie",
        "seat": None,
        "team": None,
        "points": 0,
        "card": None,
        "detail": "piedra",
    }
    assert state.phase is Phase.RPS and state.to_act == (0, 1)

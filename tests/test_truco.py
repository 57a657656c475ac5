"""Truco, retruco and vale cuatro: PRESETS.md §4 and §8.1."""

from __future__ import annotations

import pytest

from helpers import legal, play, refused
from pytruco import IllegalActionError, Phase

ALL = ["default", "online", "classic", "ladder", "reglamento"]
# seat 0 wins tricks 1 and 2 when it plays 1E then 7E against 1B/3O
DEAL = [["1E", "7E", "4C"], ["1B", "3O", "3B"]]
WIN_0 = ["0 1E", "1 3B", "0 7E", "1 3O"]


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize(
    ("calls", "value"),
    [
        ([], 1),
        (["0 truco", "1 quiero"], 2),
        (["0 truco", "1 retruco", "0 quiero"], 3),
        (["0 truco", "1 retruco", "0 vale-cuatro", "1 quiero"], 4),
    ],
)
def test_accepted_truco_values(preset, calls, value):
    """PRESETS.md §4: truco 2, retruco 3, vale cuatro 4 when accepted (no truco: 1, §3)."""
    state = play(preset, DEAL, *calls, *WIN_0)
    assert state.round.ended
    assert state.round.points == (value, 0)
    assert state.score == (value, 0)


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize(
    ("calls", "points"),
    [
        (["0 truco", "1 no-quiero"], (1, 0)),
        (["0 truco", "1 retruco", "0 no-quiero"], (0, 2)),
        (["0 truco", "1 retruco", "0 vale-cuatro", "1 no-quiero"], (3, 0)),
    ],
)
def test_refused_truco_values_end_the_hand(preset, calls, points):
    """PRESETS.md §4: refused, the caller's side scores 1, 2, 3; a refused call ends the hand at once."""
    state = play(preset, DEAL, *calls)
    assert state.round.ended
    assert state.phase is Phase.DEAL
    assert state.round.points == points
    assert state.round.tricks == ()
    assert state.mano == 1  # the next hand is due


@pytest.mark.parametrize("preset", ALL)
def test_refusal_mid_hand(preset):
    """PRESETS.md §4: a truco refused in trick 2 ends the hand at once, worth the level before it."""
    actions = ["0 1E", "1 3B", "0 truco", "1 quiero", "0 7E", "1 retruco", "0 no-quiero"]
    state = play(preset, DEAL, *actions)
    assert state.round.ended
    assert state.round.points == (0, 2)


@pytest.mark.parametrize(
    ("actions", "words"),
    [
        (["0 retruco"], ["truco", "retruco"]),
        (["0 vale-cuatro"], ["truco", "vale-cuatro"]),
        (["0 truco", "1 vale-cuatro"], ["retruco", "vale-cuatro"]),
        (["0 truco", "1 quiero", "0 4C", "1 vale-cuatro"], ["retruco", "vale-cuatro"]),
        (["0 truco", "1 quiero", "0 4C", "1 truco"], ["retruco"]),
    ],
)
def test_no_level_is_skipped(actions, words):
    """PRESETS.md §4: no level is skipped (the only truco call is the next level)."""
    state = play("default", DEAL, *actions[:-1])
    with pytest.raises(IllegalActionError) as info:
        play("default", DEAL, *actions)
    for word in words:
        assert word in str(info.value)
    assert state.to_act  # the state before is still usable


def test_only_the_quiero_holder_raises():
    """PRESETS.md §4: after an accepted level only the side that accepted it may raise."""
    with pytest.raises(IllegalActionError, match="seat 1 holds the quiero"):
        play("default", DEAL, "0 truco", "1 quiero", "0 retruco")
    state = play("default", DEAL, "0 truco", "1 quiero")
    assert legal(state) == ["0 1E", "0 4C", "0 7E", "0 mazo"]


def test_quiero_holder_raises_later_on_its_own_turn():
    """PRESETS.md §4: the side holding the quiero may raise later, on its own turn."""
    state = play("default", DEAL, "0 truco", "1 quiero", "0 4C")
    assert "1 retruco" in legal(state)
    state = play("default", DEAL, "0 truco", "1 quiero", "0 4C", "1 retruco")
    assert state.to_act == (0,)
    assert legal(state) == ["0 mazo", "0 no-quiero", "0 quiero", "0 vale-cuatro"]
    state = play("default", DEAL, "0 truco", "1 quiero", "0 4C", "1 retruco", "0 quiero")
    assert state.round.truco_level == 2
    assert state.to_act == (1,)  # back to the seat whose turn it was
    assert "1 vale-cuatro" not in legal(state)  # seat 0 now holds the quiero
    assert (
        refused(play("default", DEAL, "0 truco", "1 quiero", "0 4C", "1 retruco", "0 quiero"), "1 vale-cuatro")
        == "raise-needs-quiero"
    )


def test_raise_as_answer_accepts_the_lower_level():
    """PRESETS.md §4: "quiero retruco" is written as the raise itself; refusing it pays the accepted truco + 0."""
    state = play("default", DEAL, "0 truco", "1 retruco")
    assert state.round.truco_level == 1
    assert state.to_act == (0,)
    assert legal(state) == ["0 mazo", "0 no-quiero", "0 quiero", "0 vale-cuatro"]


def test_nobody_raises_their_own_pending_call():
    """PRESETS.md §4: nobody raises their own pending call."""
    with pytest.raises(IllegalActionError, match="seat 0") as info:
        play("default", DEAL, "0 truco", "0 retruco")
    assert "truco" in str(info.value)
    with pytest.raises(IllegalActionError, match="seat 1"):
        play("default", DEAL, "0 truco", "1 retruco", "1 vale-cuatro")


def test_caller_cannot_answer_its_own_call():
    """PRESETS.md §4 and §8.1: a pending call is answered by the other side."""
    with pytest.raises(IllegalActionError, match="seat 0"):
        play("default", DEAL, "0 truco", "0 quiero")


def test_call_only_on_ones_turn():
    """PRESETS.md §4: a call is made by the seat whose turn it is (or by one answering a call)."""
    with pytest.raises(IllegalActionError, match="seat 1") as info:
        play("default", DEAL, "1 truco")
    assert "seat 0" in str(info.value)
    with pytest.raises(IllegalActionError, match="seat 0"):
        play("default", DEAL, "0 4C", "0 truco")


@pytest.mark.parametrize("preset", ALL)
def test_no_card_while_a_call_is_pending(preset):
    """PRESETS.md §8.1: while a call is pending no card may be played."""
    state = play(preset, DEAL, "0 truco")
    assert not [a for a in legal(state) if a.endswith(("E", "B", "O", "C"))]
    assert refused(state, "1 3B") == "play-while-pending"
    assert refused(state, "0 1E") == "not-your-turn"


@pytest.mark.parametrize("preset", ALL)
def test_turn_returns_after_the_chain(preset):
    """PRESETS.md §4: when a chain is settled, the turn goes back to the seat whose turn it was."""
    state = play(preset, DEAL, "0 1E", "1 truco", "0 quiero")
    assert state.to_act == (1,)
    state = play(preset, DEAL, "0 1E", "1 truco", "0 retruco", "1 quiero")
    assert state.to_act == (1,)
    assert state.round.truco_level == 2


def test_either_side_may_call_the_first_truco():
    """PRESETS.md §4: the first truco may be called by either side (the pie included)."""
    state = play("default", DEAL, "0 4C")
    assert "1 truco" in legal(state)
    state = play("default", DEAL, "0 4C", "1 truco", "0 quiero", "1 3B")
    assert state.round.tricks[0].team == 1
    assert state.to_act == (1,)  # seat 1 won trick 1 and leads
    assert "1 retruco" not in legal(state)  # seat 0 accepted: it holds the quiero


def test_vale_cuatro_is_the_last_level():
    """PRESETS.md §4: after vale cuatro there is nothing to raise."""
    state = play("default", DEAL, "0 truco", "1 retruco", "0 vale-cuatro", "1 quiero")
    assert state.round.truco_level == 3
    assert state.to_act == (0,)
    assert legal(state) == ["0 1E", "0 4C", "0 7E", "0 mazo"]


def test_a_refused_truco_leaves_no_call_waiting():
    """PRESETS.md §4: no quiero ends the hand for the caller's team; the round then has no truco call waiting,
    and its level stays the one accepted before the call."""
    deal = [["1E", "7E", "4C"], ["1B", "3O", "3B"]]
    state = play("default", deal, "0 truco")
    assert state.round.truco_call is not None and state.round.truco_call[1] == 0
    state = play("default", deal, "0 truco", "1 no-quiero")
    assert (state.round.ended, state.round.truco_call, state.round.truco_level) == (True, None, 0)

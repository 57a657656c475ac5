"""Envido: PRESETS.md §5, §8.1 and §8.9 (chains, values, falta, windows, envido primero, declarations)."""

from __future__ import annotations

import pytest

from helpers import legal, play, refused
from pytruco import IllegalActionError, Phase

# seat 0: 33 (7C 6C), seat 1: 29 (5O 4O); seat 0 wins tricks 1 and 2 with 1E then 7C.
DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
# the same cards the other way round: seat 1 has the 33.
DEAL_1 = [["5O", "4O", "3B"], ["7C", "6C", "1E"]]
PLAY_OUT = ["0 1E", "1 3B", "0 7C", "1 5O"]  # after the envido: seat 0 wins the hand (1 point)
E, R, F = "envido", "real-envido", "falta-envido"


def chain(calls: list[str]) -> list[str]:
    """The calls alternate between seat 0 (the mano, first) and seat 1."""
    return [f"{i % 2} {call}" for i, call in enumerate(calls)]


def answerer(calls: list[str]) -> int:
    return len(calls) % 2


# --- cumulative chains: default / online / classic ---------------------------------------------------------
CUMULATIVE = ["default", "online", "classic"]
ACCEPTED = [([E], 2), ([E, E], 4), ([R], 3), ([E, R], 5), ([E, E, R], 7)]
REFUSED = [
    ([E], 1),
    ([E, E], 2),
    ([R], 1),
    ([E, R], 2),
    ([E, E, R], 4),
    ([F], 1),
    ([E, F], 2),
    ([E, E, F], 4),
    ([R, F], 3),
    ([E, R, F], 5),
    ([E, E, R, F], 7),
]
FALTA_CHAINS = [[F], [E, F], [E, E, F], [R, F], [E, R, F], [E, E, R, F]]


def truco_point(preset: str) -> tuple[int, int]:
    """What PLAY_OUT adds in the same hand (seat 0 wins the hand, no truco)."""
    return (1, 0)


@pytest.mark.parametrize("preset", CUMULATIVE)
@pytest.mark.parametrize(("calls", "value"), ACCEPTED, ids=lambda v: "-".join(v) if isinstance(v, list) else str(v))
def test_cumulative_accepted_value(preset, calls, value):
    """PRESETS.md §5 (default/online/classic): the accepted value is the sum of the calls (E 2, R 3)."""
    a = answerer(calls)
    actions = [*chain(calls), f"{a} quiero", "0 tengo 33", "1 son-buenas", *PLAY_OUT]
    state = play(preset, DEAL, *actions)
    assert state.round.points == (value + 1, 0)


@pytest.mark.parametrize("preset", CUMULATIVE)
@pytest.mark.parametrize(("calls", "value"), REFUSED, ids=lambda v: "-".join(v) if isinstance(v, list) else str(v))
def test_cumulative_refused_value(preset, calls, value):
    """PRESETS.md §5 refused-value list: E 1, E-E 2, R 1, E-R 2, E-E-R 4, F 1, E-F 2, E-E-F 4, R-F 3,
    E-R-F 5, E-E-R-F 7 (the chain without its last call, at least 1), to the last caller."""
    a = answerer(calls)
    caller = 1 - a
    state = play(preset, DEAL, *chain(calls), f"{a} no-quiero", *PLAY_OUT)
    expected = [0, 0]
    expected[caller] += value
    expected[0] += 1  # the hand
    assert state.round.points == tuple(expected)


@pytest.mark.parametrize("preset", CUMULATIVE)
@pytest.mark.parametrize("calls", FALTA_CHAINS, ids="-".join)
def test_accepted_falta_replaces_the_chain(preset, calls):
    """PRESETS.md §5: an accepted falta replaces the whole chain; falta = target minus the leader's score."""
    a = answerer(calls)
    actions = [*chain(calls), f"{a} quiero", "0 tengo 6", "1 tengo 32"]
    deal = [["4E", "6O", "11B"], ["7C", "5C", "12E"]]
    state = play(preset, deal, *actions, "0 11B", "1 12E", "1 5C", "0 6O", "0 4E", "1 7C", score=(12, 5))
    assert state.round.points == (0, 18 + 1)  # 30 - 12, whoever wins the envido
    assert state.score == (12, 24)


@pytest.mark.parametrize("preset", ["default", "online"])
def test_falta_won_by_the_leader_ends_the_game_at_once(preset):
    """PRESETS.md §5 and §2: the leader winning the falta reaches the target; the game ends at once."""
    state = play(preset, DEAL, "0 falta-envido", "1 quiero", "0 tengo 33", "1 son-buenas", score=(20, 10))
    assert state.is_over
    assert state.winner == 0
    assert state.score == (30, 10)


@pytest.mark.parametrize("preset", CUMULATIVE)
def test_falta_with_equal_scores(preset):
    """PRESETS.md §5: falta = target minus the leader's score; equal scores: either (the winner reaches the
    target)."""
    actions = ["0 falta-envido", "1 quiero", "0 tengo 29", "1 tengo 33"]
    if preset == "classic":
        actions.append("0 mazo")  # end of hand: the envido first, then the fold's point
    state = play(preset, DEAL_1, *actions, score=(9, 9))
    assert state.is_over
    assert state.winner == 1
    assert state.score == ((9, 31) if preset == "classic" else (9, 30))


@pytest.mark.parametrize("preset", ["default", "online", "classic"])
def test_falta_target_15(preset):
    """PRESETS.md §5 and §2: with target 15 the falta is 15 minus the leader's score."""
    actions = ["0 falta-envido", "1 quiero", "0 tengo 29", "1 tengo 33", "0 3B", "1 1E", "1 7C", "0 5O"]
    state = play(preset, DEAL_1, *actions, score=(10, 4), target=15)
    assert state.round.points == (0, 5 + 1)
    assert state.score == (10, 10)


@pytest.mark.parametrize("preset", CUMULATIVE)
@pytest.mark.parametrize(
    ("calls", "raises"),
    [
        ([E], [E, R, F]),
        ([E, E], [R, F]),
        ([R], [F]),
        ([E, R], [F]),
        ([E, E, R], [F]),
        ([F], []),
        ([E, F], []),
        ([E, E, R, F], []),
    ],
    ids=lambda v: "-".join(v) if v else "none",
)
def test_cumulative_raises(preset, calls, raises):
    """PRESETS.md §5 raises: envido at most twice, then real envido once, falta envido closes the chain."""
    state = play(preset, DEAL, *chain(calls))
    a = answerer(calls)
    words = {text.split(" ", 1)[1] for text in legal(state, a)}
    assert words & {E, R, F} == set(raises)
    assert {"quiero", "no-quiero"} <= words
    for word in {E, R, F} - set(raises):
        with pytest.raises(IllegalActionError) as info:
            play(preset, DEAL, *chain(calls), f"{a} {word}")
        assert word in str(info.value) or calls[-1] in str(info.value)


@pytest.mark.parametrize("preset", CUMULATIVE)
@pytest.mark.parametrize("call", [E, R, F])
def test_cumulative_opening_calls(preset, call):
    """PRESETS.md §5: envido, real envido and falta envido may open (default/online/classic)."""
    state = play(preset, DEAL, f"0 {call}")
    assert state.to_act == (1,)
    assert state.round.envido_calls[0].value == call


# --- ladder -------------------------------------------------------------------------------------------------
LADDER_CHAIN = [E, R, E, F]


@pytest.mark.parametrize(("level", "value"), [(1, 2), (2, 3), (3, 4)])
def test_ladder_accepted_value(level, value):
    """PRESETS.md §5 (ladder): the value of the level reached: E 2, R 3, E-E 4."""
    calls = LADDER_CHAIN[:level]
    a = answerer(calls)
    state = play("ladder", DEAL, *chain(calls), f"{a} quiero", "0 tengo 33", "1 son-buenas", *PLAY_OUT)
    assert state.round.points == (value + 1, 0)


@pytest.mark.parametrize(("level", "value"), [(1, 1), (2, 1), (3, 2), (4, 7)])
def test_ladder_refused_value(level, value):
    """PRESETS.md §5 (ladder): refused E 1, R 1, E-E 2, F 7 to the last caller."""
    calls = LADDER_CHAIN[:level]
    a = answerer(calls)
    state = play("ladder", DEAL, *chain(calls), f"{a} no-quiero", *PLAY_OUT)
    expected = [1, 0]
    expected[1 - a] += value
    assert state.round.points == tuple(expected)


def test_ladder_falta_is_target_minus_the_losers_score():
    """PRESETS.md §5 (ladder, decided): an accepted falta is the target minus the score of the side that
    loses the envido."""
    full = [*chain(LADDER_CHAIN), "0 quiero", "0 tengo 33", "1 son-buenas", *PLAY_OUT]
    state = play("ladder", DEAL, *full, score=(20, 10))
    assert state.round.points == (20 + 1, 0)  # team 1 loses the envido: 30 - 10
    assert state.is_over and state.winner == 0
    trailing = [*chain(LADDER_CHAIN), "0 quiero", "0 tengo 29", "1 tengo 33", "0 3B", "1 1E", "1 7C", "0 5O"]
    state = play("ladder", DEAL_1, *trailing, score=(10, 20))
    assert state.round.points == (0, 20 + 1)  # team 0 loses: 30 - 10
    state = play("ladder", DEAL_1, *trailing, score=(20, 10))
    assert state.round.points == (0, 10 + 1)  # team 0 loses: 30 - 20
    assert state.score == (20, 21)


@pytest.mark.parametrize(
    ("calls", "bad"),
    [
        ([], R),
        ([], F),
        ([E], E),
        ([E], F),
        ([E, R], R),
        ([E, R], F),
        ([E, R, E], E),
        ([E, R, E], R),
        ([*LADDER_CHAIN], E),
    ],
)
def test_ladder_strict_order(calls, bad):
    """PRESETS.md §5 (ladder): only envido opens; raises strictly E -> R -> E-E -> F."""
    seat = answerer(calls)
    expected = (
        "envido-opening-call" if not calls else "envido-chain-closed" if len(calls) == 4 else "envido-raise-not-allowed"
    )
    assert refused(play("ladder", DEAL, *chain(calls)), f"{seat} {bad}") == expected
    if len(calls) < 4:
        state = play("ladder", DEAL, *chain(calls))
        nxt = LADDER_CHAIN[len(calls)]
        assert f"{seat} {nxt}" in legal(state)


def test_ladder_window_closes_with_the_first_card():
    """PRESETS.md §5 (ladder): envido only before the first card of the hand."""
    state = play("ladder", DEAL, "0 1E")
    assert "1 envido" not in legal(state)
    assert refused(state, "1 envido") == "envido-window-closed"


def test_ladder_truco_call_ends_the_envido_phase():
    """PRESETS.md §5 (ladder): a truco call ends the envido phase; no envido primero."""
    state = play("ladder", DEAL, "0 truco")
    assert legal(state) == ["1 mazo", "1 no-quiero", "1 quiero", "1 retruco"]
    state = play("ladder", DEAL, "0 truco", "1 quiero")
    assert "0 envido" not in legal(state)
    assert refused(play("ladder", DEAL, "0 truco"), "1 envido") == "envido-not-truco-answer"


# --- reglamento ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("words", [1, 2, 3, 4, 5])
def test_reglamento_accepted_two_per_envido(words):
    """PRESETS.md §5 (reglamento): envido again any number of times; accepted: 2 per envido said."""
    calls = [E] * words
    a = answerer(calls)
    state = play("reglamento", DEAL, *chain(calls), f"{a} quiero", "0 tengo 33", "1 son-buenas", *PLAY_OUT)
    assert state.round.points == (2 * words + 1, 0)


@pytest.mark.parametrize(("words", "value"), [(1, 1), (2, 2), (3, 4), (4, 6), (5, 8)])
def test_reglamento_refused_value(words, value):
    """PRESETS.md §5 (reglamento): refused, the accepted value without the last call, at least 1
    (E 1, E-E 2, E-E-E 4, ...)."""
    calls = [E] * words
    a = answerer(calls)
    state = play("reglamento", DEAL, *chain(calls), f"{a} no-quiero", *PLAY_OUT)
    expected = [1, 0]
    expected[1 - a] += value
    assert state.round.points == tuple(expected)


@pytest.mark.parametrize("call", [R, F])
def test_reglamento_only_envido(call):
    """PRESETS.md §5 (reglamento): envido only; real envido and falta envido do not exist."""
    assert refused(play("reglamento", DEAL), f"0 {call}") == "envido-opening-call"
    assert refused(play("reglamento", DEAL, "0 envido"), f"1 {call}") == "envido-raise-not-allowed"


@pytest.mark.parametrize(("target", "most"), [(15, 7), (30, 15)])
def test_reglamento_raise_cap(target, most):
    """PRESETS.md §5 (reglamento, decided): a raise is illegal once its accepted value would exceed the target."""
    calls = [E] * most
    state = play("reglamento", DEAL, *chain(calls), target=target)
    a = answerer(calls)
    assert f"{a} envido" not in legal(state)
    assert refused(state, f"{a} envido") == "envido-chain-closed"
    shorter = play("reglamento", DEAL, *chain(calls[:-1]), target=target)
    assert f"{1 - a} envido" in legal(shorter)


def test_reglamento_window_as_default():
    """PRESETS.md §8.9: the reglamento window is default's: open before the seat's own first card in trick 1,
    answer or raise after playing, none once a truco is accepted."""
    state = play("reglamento", DEAL, "0 1E")
    assert "1 envido" in legal(state)
    state = play("reglamento", DEAL, "0 1E", "1 envido")
    assert "0 envido" in legal(state)  # a raise after its own card
    state = play("reglamento", DEAL, "0 1E", "1 3B")
    assert "0 envido" not in legal(state)
    state = play("reglamento", DEAL, "0 truco", "1 quiero")
    assert "0 envido" not in legal(state)


# --- windows (default / online / classic) ------------------------------------------------------------------
@pytest.mark.parametrize("preset", CUMULATIVE)
def test_pie_may_open_after_the_manos_card(preset):
    """PRESETS.md §5 window: a seat may open while trick 1 is on and it has not played its own card."""
    state = play(preset, DEAL, "0 1E")
    assert {"1 envido", "1 real-envido", "1 falta-envido"} <= set(legal(state))


@pytest.mark.parametrize("preset", CUMULATIVE)
def test_answer_and_raise_after_playing(preset):
    """PRESETS.md §5 window: a seat may still answer or raise after playing its card."""
    state = play(preset, DEAL, "0 1E", "1 envido")
    assert {"0 quiero", "0 no-quiero", "0 envido", "0 real-envido", "0 falta-envido"} <= set(legal(state))
    state = play(preset, DEAL, "0 1E", "1 envido", "0 real-envido", "1 quiero", "0 tengo 33", "1 son-buenas")
    assert state.to_act == (1,)  # back to the seat whose turn it was


@pytest.mark.parametrize("preset", [*CUMULATIVE, "reglamento"])
def test_no_envido_after_trick_1(preset):
    """PRESETS.md §5 window: only while trick 1 is on."""
    state = play(preset, DEAL, "0 1E", "1 3B")
    assert not {"0 envido", "0 real-envido", "0 falta-envido"} & set(legal(state))
    assert refused(state, "0 envido") == "envido-first-trick"


@pytest.mark.parametrize("preset", CUMULATIVE)
def test_no_envido_once_a_truco_is_accepted(preset):
    """PRESETS.md §5 window: no envido once a truco was accepted."""
    state = play(preset, DEAL, "0 truco", "1 quiero")
    assert "0 envido" not in legal(state)
    assert refused(state, "0 envido") == "envido-after-truco"
    state = play(preset, DEAL, "0 1E", "1 truco", "0 quiero")
    assert "1 envido" not in legal(state)


@pytest.mark.parametrize("preset", [*CUMULATIVE, "ladder", "reglamento"])
def test_one_envido_chain_per_hand(preset):
    """PRESETS.md §8.1: a hand has at most one envido chain."""
    state = play(preset, DEAL, "0 envido", "1 no-quiero")
    assert "0 envido" not in legal(state)
    assert refused(state, "0 envido") == "envido-one-chain"


@pytest.mark.parametrize("preset", [*CUMULATIVE, "ladder", "reglamento"])
def test_truco_is_not_an_answer_to_an_envido(preset):
    """PRESETS.md §8.1: truco is not an answer to an envido (it is illegal then)."""
    state = play(preset, DEAL, "0 envido")
    assert "1 truco" not in legal(state)
    assert refused(state, "1 truco") == "truco-while-pending"


@pytest.mark.parametrize("preset", [*CUMULATIVE, "ladder", "reglamento"])
def test_nobody_raises_or_answers_their_own_envido(preset):
    """PRESETS.md §4 and §8.1: a pending call is answered by the other side; nobody raises their own."""
    with pytest.raises(IllegalActionError, match="seat 0"):
        play(preset, DEAL, "0 envido", "0 quiero")
    with pytest.raises(IllegalActionError, match="seat 0"):
        play(preset, DEAL, "0 envido", "0 real-envido" if preset != "reglamento" else "0 envido")


# --- envido primero --------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", [*CUMULATIVE, "reglamento"])
def test_envido_primero(preset):
    """PRESETS.md §5 envido primero: a seat called truco before playing its first card may answer with an
    envido; the envido chain is settled, then the truco is answered."""
    state = play(preset, DEAL_1, "0 truco", "1 envido")
    assert state.to_act == (0,)
    state = play(preset, DEAL_1, "0 truco", "1 envido", "0 quiero", "0 tengo 29", "1 tengo 33")
    assert state.to_act == (1,)
    assert "1 quiero" in legal(state)
    assert "1 retruco" in legal(state)
    assert not [a for a in legal(state) if a.endswith(("E", "B", "O", "C"))]
    state = play(preset, DEAL_1, "0 truco", "1 envido", "0 quiero", "0 tengo 29", "1 tengo 33", "1 no-quiero")
    assert state.round.ended
    assert state.round.points == (1, 2)


@pytest.mark.parametrize("preset", [*CUMULATIVE, "reglamento"])
def test_envido_primero_only_against_the_first_truco(preset):
    """PRESETS.md §5 envido primero: only against the first truco (not a retruco)."""
    state = play(preset, DEAL, "0 truco", "1 retruco")
    assert not {"0 envido", "0 real-envido", "0 falta-envido"} & set(legal(state))
    assert refused(state, "0 envido") == "envido-after-truco"


@pytest.mark.parametrize("preset", [*CUMULATIVE, "reglamento"])
def test_envido_primero_needs_the_seat_not_to_have_played(preset):
    """PRESETS.md §5 envido primero: the seat answering must not have played its first card."""
    state = play(preset, DEAL, "0 1E", "1 truco")
    assert "0 envido" not in legal(state)
    assert "0 quiero" in legal(state)


def test_online_envido_primero():
    """PRESETS.md §5: online shares default's envido primero."""
    state = play("online", DEAL, "0 truco")
    assert {"1 envido", "1 real-envido", "1 falta-envido"} <= set(legal(state))


# --- declarations ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["default", "online", "classic", "ladder", "reglamento"])
def test_mano_must_say_tengo(preset):
    """PRESETS.md §5 declarations: the mano must say tengo N (son-buenas is illegal for it)."""
    state = play(preset, DEAL, "0 envido", "1 quiero")
    assert state.to_act == (0,)
    assert "0 son-buenas" not in legal(state)
    assert refused(state, "0 son-buenas") == "son-buenas-first"


@pytest.mark.parametrize("preset", ["default", "online", "classic", "ladder", "reglamento"])
def test_declarations_start_with_the_mano(preset):
    """PRESETS.md §5 declarations: seats speak in playing order from the mano, whoever called."""
    state = play(preset, DEAL, "0 1E", "1 envido", "0 quiero") if preset != "ladder" else None
    if state is not None:
        assert state.to_act == (0,)
    state = play(preset, DEAL_1, "1 envido", "0 quiero", first_mano=1)
    assert state.to_act == (1,)
    assert "1 tengo 33" in legal(state)


@pytest.mark.parametrize("preset", ["default", "online", "classic", "ladder"])
def test_true_points_only(preset):
    """PRESETS.md §5: in default, online, classic and ladder N must be the seat's true points."""
    state = play(preset, DEAL, "0 envido", "1 quiero")
    assert legal(state) == ["0 tengo 33"]
    assert refused(state, "0 tengo 30") == "envido-points-untrue"
    state = play(preset, DEAL, "0 envido", "1 quiero", "0 tengo 33")
    assert legal(state) == ["1 son-buenas", "1 tengo 29"]
    assert refused(state, "1 tengo 33") == "envido-points-untrue"


@pytest.mark.parametrize("preset", ["default", "online"])
def test_pie_declares_lower_or_concedes_with_more(preset):
    """PRESETS.md §5: a later seat says tengo N whether or not N beats the best, or son-buenas; the best wins."""
    state = play(preset, DEAL, "0 envido", "1 quiero", "0 tengo 33", "1 tengo 29")
    assert state.round.points == (2, 0)
    state = play(preset, DEAL_1, "0 envido", "1 quiero", "0 tengo 29", "1 son-buenas")
    assert state.round.points == (2, 0)  # seat 1 had 33 but conceded
    state = play(preset, DEAL_1, "0 envido", "1 quiero", "0 tengo 29", "1 tengo 33")
    assert state.round.points == (0, 2)


@pytest.mark.parametrize("preset", ["default", "online", "classic", "ladder", "reglamento"])
@pytest.mark.parametrize("mano", [0, 1])
def test_tie_goes_to_the_seat_nearer_the_mano(preset, mano):
    """PRESETS.md §5 tie: equal points go to the seat nearer the mano."""
    deal = [["7C", "6C", "4B"], ["7E", "6E", "5O"]]  # 33 each
    other = 1 - mano
    actions = [f"{mano} envido", f"{other} quiero", f"{mano} tengo 33", f"{other} tengo 33"]
    state = play(preset, deal, *actions, f"{mano} {deal[mano][2]}", f"{other} mazo", first_mano=mano)
    expected = [0, 0]
    expected[mano] += 2 + 1  # the envido and the fold
    assert state.round.points == tuple(expected)


@pytest.mark.parametrize("preset", ["default", "online"])
def test_envido_scores_at_once(preset):
    """PRESETS.md §2 (default, online): every point is scored when it is won."""
    state = play(preset, DEAL, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas")
    assert state.score == (2, 0)
    assert not state.round.ended


@pytest.mark.parametrize("preset", ["classic", "ladder", "reglamento"])
def test_envido_scores_at_the_end_of_the_hand(preset):
    """PRESETS.md §2 (classic, ladder, reglamento): the hand's points are added when it ends."""
    state = play(preset, DEAL, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas")
    assert state.score == (0, 0)
    assert state.round.points == (0, 0)
    state = play(preset, DEAL, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", *PLAY_OUT)
    assert state.score == (3, 0)


# --- reglamento declarations: bluffs ----------------------------------------------------------------------
BLUFF_VALUES = [*range(8), *range(20, 39)]


def test_reglamento_any_possible_value():
    """PRESETS.md §5 and §8.8 (reglamento): N may be any possible value, 0-7 or 20-38 (a bluff is legal)."""
    state = play("reglamento", DEAL, "0 envido", "1 quiero")
    assert legal(state) == sorted(f"0 tengo {v}" for v in BLUFF_VALUES)
    state = play("reglamento", DEAL, "0 envido", "1 quiero", "0 tengo 20")
    assert legal(state) == sorted(["1 son-buenas", *(f"1 tengo {v}" for v in BLUFF_VALUES)])


@pytest.mark.parametrize("value", [8, 10, 19, 39, 40])
def test_reglamento_impossible_values(value):
    """PRESETS.md §8.8: envido declarations are 0-7 or 20-38; anything else is illegal."""
    assert refused(play("reglamento", DEAL, "0 envido", "1 quiero"), f"0 tengo {value}") == "envido-value-impossible"


def test_reglamento_false_winner_gives_the_points_away():
    """PRESETS.md §5 (reglamento): when the hand ends the cards are shown; a false winning declaration
    gives the envido points to the other team."""
    state = play("reglamento", DEAL_1, "0 envido", "1 quiero", "0 tengo 35", "1 son-buenas")
    assert state.round.points == (0, 0)
    state = play(
        "reglamento", DEAL_1, "0 envido", "1 quiero", "0 tengo 35", "1 son-buenas", "0 3B", "1 1E", "1 7C", "0 5O"
    )
    assert state.round.points == (0, 2 + 1)


def test_reglamento_true_winner_keeps_the_points():
    """PRESETS.md §5 (reglamento): a true winning declaration keeps its points."""
    state = play("reglamento", DEAL, "0 envido", "1 quiero", "0 tengo 33", "1 tengo 38", *PLAY_OUT)
    assert state.round.points == (2 + 1, 0)  # seat 1's 38 was false
    state = play("reglamento", DEAL, "0 envido", "1 quiero", "0 tengo 21", "1 tengo 29", *PLAY_OUT)
    assert state.round.points == (1, 2)  # seat 1's 29 is true and wins; seat 0's 21 was a losing bluff


def test_reglamento_false_winner_after_a_fold():
    """PRESETS.md §5 (reglamento): a hand that ends by a fold shows the cards too."""
    state = play("reglamento", DEAL_1, "0 envido", "1 quiero", "0 tengo 35", "1 son-buenas", "0 mazo")
    assert state.round.points == (0, 2 + 1)


# --- team declarations --------------------------------------------------------------------------------------
DEAL_4 = [
    ["7C", "6C", "4B"],  # seat 0: 33
    ["5O", "4O", "3B"],  # seat 1: 29
    ["1E", "12E", "2B"],  # seat 2: 21
    ["10C", "11O", "5E"],  # seat 3: 5
]


@pytest.mark.parametrize("preset", ["default", "classic"])
def test_team_seat_whose_team_holds_the_best_is_skipped(preset):
    """PRESETS.md §5 declarations: a seat whose team holds the best declaration so far is skipped."""
    state = play(preset, DEAL_4, "0 envido", "1 quiero", "0 tengo 33", players=4)
    assert state.to_act == (1,)
    state = play(preset, DEAL_4, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", players=4)
    assert state.to_act == (3,)  # seat 2 is skipped: its team holds the 33
    assert legal(state) == ["3 son-buenas", "3 tengo 5"]
    with pytest.raises(IllegalActionError, match="seat 2"):
        play(preset, DEAL_4, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "2 tengo 21", players=4)
    state = play(preset, DEAL_4, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "3 son-buenas", players=4)
    assert state.to_act == (0,)  # declarations over: back to the mano's turn
    assert not state.round.ended


def test_team_declarations_change_hands():
    """PRESETS.md §5 declarations (team): once the other team holds the best, the mano's partner speaks."""
    deal = [["4C", "5O", "1E"], ["7C", "6C", "3B"], ["5B", "4B", "12O"], ["10C", "11O", "6E"]]
    state = play("default", deal, "0 envido", "1 quiero", "0 tengo 5", "1 tengo 33", players=4)
    assert state.to_act == (2,)
    assert legal(state) == ["2 son-buenas", "2 tengo 29"]
    state = play("default", deal, "0 envido", "1 quiero", "0 tengo 5", "1 tengo 33", "2 tengo 29", players=4)
    assert state.round.points == (0, 2)  # seat 3 is skipped: its team holds the best
    assert state.to_act == (0,)


def test_three_v_three_tie_goes_nearer_the_mano():
    """PRESETS.md §5 tie (3v3): equal points go to the seat nearer the mano."""
    deal = [
        ["4C", "5O", "1E"],  # 0: 5
        ["10C", "11O", "12B"],  # 1: 0
        ["5B", "4B", "12O"],  # 2: 29
        ["6E", "3E", "10O"],  # 3: 29
        ["2C", "3C", "7B"],  # 4: 25
        ["1O", "2O", "6C"],  # 5: 23
    ]
    actions = ["1 envido", "2 quiero", "1 tengo 0", "2 tengo 29", "3 tengo 29"]
    state = play("default", deal, *actions, players=6, first_mano=1)
    # order from the mano 1: 1, 2, 3, 4, 5, 0; seat 2 is nearer than seat 3, so team 0 keeps the best
    assert state.to_act == (5,)
    state = play("default", deal, *actions, "5 son-buenas", players=6, first_mano=1)
    assert state.round.points == (2, 0)


def test_envido_points_score_before_hand_and_not_a_phase_change():
    """PRESETS.md §5: after a settled envido the hand goes on (it is not over)."""
    state = play("default", DEAL, "0 envido", "1 no-quiero")
    assert state.phase is Phase.PLAY
    assert state.to_act == (0,)
    assert state.round.points == (1, 0)


def test_the_points_table_agrees_with_the_rule_for_every_three_card_holding():
    """PRESETS.md §1 envido and flor points: the table built at import for all 9,880 three-card holdings gives
    what the rule gives (two of a suit: 20 + both values, else the best value; all three: 20 + the best two, or
    + all three) and the number of suits, in any order of the cards."""
    from itertools import combinations

    from pytruco.cards import ALL_CARDS, envido_points_of, points_of

    checked = 0
    for cards in combinations(ALL_CARDS, 3):
        expected = (envido_points_of(cards, False), envido_points_of(cards, True), len({c.suit for c in cards}))
        assert points_of(cards) == expected, cards
        assert points_of(cards[::-1]) == expected, cards
        checked += 1
    assert checked == 9880


def test_the_envido_caller_is_the_seat_of_the_last_call():
    """PRESETS.md §5: Round.envido_caller is None before any call, then the seat of the chain's last call."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    state = play("default", deal, first_mano=1)
    assert state.round.envido_caller is None
    state = play("default", deal, "1 envido", first_mano=1)
    assert state.round.envido_caller == 1
    state = play("default", deal, "1 envido", "0 real-envido", first_mano=1)
    assert state.round.envido_caller == 0


def test_an_envido_shown_at_the_end_that_reaches_the_target_ends_the_game_there():
    """PRESETS.md §2 (default scores at once) with the show rule (§5, §8.12): the envido waits for the cards to
    be shown at the end of the hand; when it then reaches the target, the game is over at once, with nothing after
    chico-won and match-over (no hand-ended)."""
    from pytruco import Action, RuleSet, apply

    rules = RuleSet.preset("default", show_rule=True)
    deal = [["5O", "4O", "3B"], ["7C", "6C", "1E"]]
    actions = ["0 envido", "1 quiero", "0 tengo 29", "1 tengo 33", "0 3B", "1 1E", "1 7C"]
    state = play(rules, deal, *actions, score=(0, 28))
    assert state.score == (0, 28)  # the envido waits for the cards
    state, events = apply(state, Action.parse("0 5O"))
    assert [(e.kind.value, e.team, e.points, e.detail) for e in events[2:]] == [
        ("hand-won", 1, 0, ""),
        ("points", 1, 1, "truco"),
        ("shown", 1, 33, "envido"),  # 7C and 6C: the cards that make seat 1's 33 (§8.12)
        ("shown", 1, 33, "envido"),
        ("points", 1, 2, "envido"),
        ("chico-won", 1, 0, ""),
        ("match-over", 1, 0, ""),
    ]
    assert [str(e.card) for e in events if e.kind.value == "shown"] == ["6C", "7C"]  # in the deck's order
    assert state.is_over and state.score == (0, 31)


@pytest.mark.parametrize("preset", ["default", "classic", "reglamento"])
def test_without_envido_primero_no_envido_answers_a_truco(preset):
    """PRESETS.md §5 "envido primero" (the option off, as in ladder): a truco call closes the envido, so the
    answering seat has only quiero, no quiero, a raise or the mazo; with the option on (the preset) envido is one
    of its answers (issue 34: the option off was never tested)."""
    state = play(preset, DEAL, "0 truco")
    assert "1 envido" in legal(state)
    state = play(preset, DEAL, "0 truco", envido_primero=False)
    assert not {"1 envido", "1 real-envido", "1 falta-envido"} & set(legal(state))
    assert refused(state, "1 envido") == "envido-not-truco-answer"
    # A truco accepted before any envido closes it either way (§5 window).
    assert refused(play(preset, DEAL, "0 truco", "1 quiero", envido_primero=False), "0 envido") == "envido-after-truco"


def test_declarations_made_by_the_seats_are_not_timeouts():
    """PRESETS.md §5 (declaring): a seat's own ``tengo`` and ``son-buenas`` are recorded as said by it, not as a
    timeout's, in the round's declarations and in the view."""
    from pytruco import view

    state = play("default", DEAL, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas")
    assert state.round.all_declarations == (("envido", 0, 33, False), ("envido", 1, None, False))
    assert [d.timeout for d in view(state, 1).envido.declarations] == [False, False]


@pytest.mark.parametrize(
    ("score", "values"),
    [
        ((15, 3), dict.fromkeys(("leader", "malas-leader", "malas-winner"), 15)),
        ((14, 3), {"leader": 16, "malas-leader": 1, "malas-winner": 12}),
    ],
)
def test_the_malas_end_below_half_the_target(score, values):
    """PRESETS.md §9.1 falta_envido (target 30): "malas-leader" counts to the buenas only "while the leader has
    fewer than 15 points", "malas-winner" only "while both teams have fewer than 15"; a leader with exactly 15 is
    in the buenas, so the trailing team's falta is 30 - 15 under every rule; one point less, each rule its own."""
    deal = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]  # seat 1: 31, seat 0: 29
    got = {}
    for rule in values:
        state = play(
            "default", deal, "0 falta-envido", "1 quiero", "0 tengo 29", "1 tengo 31", score=score, falta_envido=rule
        )
        got[rule] = state.round.points[1]
    assert got == values


@pytest.mark.parametrize(
    ("options", "score", "expected"),
    [
        ({"preset": "ladder"}, (10, 10), 20),
        ({"preset": "ladder"}, (10, 12), None),
        ({"preset": "default", "falta_envido": "malas-winner"}, (5, 5), 10),
        ({"preset": "default", "falta_envido": "malas-winner"}, (5, 7), None),
        ({"preset": "default"}, (10, 12), 18),
    ],
)
def test_a_falta_whose_worth_depends_on_its_winner_is_known_at_equal_scores(options, score, expected):
    """PRESETS.md §5 and §9.1 (falta_envido): ladder's falta is the target minus the loser's score, malas-winner's
    15 minus the winner's; before the winner is known its worth is None unless the scores are equal, where it is
    the same for either team. The leader's falta never depends on the winner."""
    from pytruco import RuleSet
    from pytruco._engine import falta_value

    rules = RuleSet.from_dict(options)
    assert falta_value(rules, score) == expected
    if expected is not None:
        assert falta_value(rules, score, 0) == falta_value(rules, score, 1) == expected

"""pytruco.openspiel (the research adapters): the python_truco game passes OpenSpiel's own checks; MCCFR and IS-MCTS run
on it.

Skipped, with a message, where the ``openspiel`` extra is not installed; CI installs it (.ci/run, extras)."""

from __future__ import annotations

import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="no openspiel extra: pip install 'pytruco-ar[openspiel]'")
np = pytest.importorskip("numpy")

import pytruco.openspiel as truco_openspiel  # noqa: E402  (registers python_truco)
from pytruco import PRESET_NAMES, RuleSet  # noqa: E402

TABLES = [
    (preset, players) for preset in PRESET_NAMES for players in (2, 4) if players <= RuleSet.preset(preset).max_players
]


@pytest.mark.parametrize("serialize", [False, True], ids=["plain", "serialized"])
@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_random_sim_test_of_a_match(preset: str, players: int, serialize: bool) -> None:
    game = pyspiel.load_game(f"python_truco(preset={preset},players={players},target=15)")
    pyspiel.random_sim_test(game, num_sims=2, serialize=serialize, verbose=False)


@pytest.mark.parametrize("serialize", [False, True], ids=["plain", "serialized"])
@pytest.mark.parametrize(("preset", "players"), [*TABLES, ("default", 6)])
def test_random_sim_test_of_the_one_hand_game(preset: str, players: int, serialize: bool) -> None:
    game = pyspiel.load_game(f"python_truco(preset={preset},players={players},hands=1,utility=points)")
    pyspiel.random_sim_test(game, num_sims=8, serialize=serialize, verbose=False)


def test_the_parameters() -> None:
    game = pyspiel.load_game("python_truco(preset=classic,players=4,target=15)")
    assert game.num_players() == 4 and game.num_distinct_actions() == 96 and game.max_chance_outcomes() == 40
    state = game.new_initial_state()
    assert state.table.rules.target == 15 and state.table.rules.preset_name == "classic"
    with pytest.raises(Exception, match="unknown preset"):
        pyspiel.load_game("python_truco(preset=uruguayo)")
    with pytest.raises(Exception, match=re.escape("utility must be 'win' or 'points', not 'money'")):
        pyspiel.load_game("python_truco(utility=money)")


def test_the_one_hand_game_is_one_hand_and_zero_sum() -> None:
    game = pyspiel.load_game("python_truco(hands=1,utility=points)")
    rng = random.Random(3)
    for _ in range(20):
        state = game.new_initial_state()
        deals = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                deals += len(state.dealing) == 0
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert deals == 1 and sum(state.returns()) == 0
        assert state.returns()[0] == state.table.round_points[0] - state.table.round_points[1]


def test_serialisation_round_trips() -> None:
    game = pyspiel.load_game("python_truco(preset=reglamento,players=4,hands=2)")
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    for player in range(4):
        assert again.information_state_string(player) == state.information_state_string(player)


def test_information_state_strings_hide_the_other_hands() -> None:
    game = pyspiel.load_game("python_truco(hands=1)")
    state = game.new_initial_state()
    for card in range(6):
        state.apply_action(card)
    text = state.information_state_string(1)
    assert "deal 4E 5E 6E" in text and "1E" not in text
    tensor = state.information_state_tensor(1)
    assert len(tensor) == game.information_state_tensor_size() and min(tensor) >= 0 and max(tensor) <= 1


def test_outcome_sampling_mccfr_runs_on_the_one_hand_game() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("python_truco(hands=1)")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    state = game.new_initial_state()
    for card in range(6):
        state.apply_action(card)
    policy = solver.average_policy().action_probabilities(state)
    assert set(policy) == set(state.legal_actions()) and sum(policy.values()) == pytest.approx(1.0)


def test_ismcts_plays_through_with_the_library_world_sampler() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_truco(preset=classic,hands=2)")
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 20, random_state=rng)
    bot.set_resampler(truco_openspiel.resampler)
    random.seed(4)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert moves > 0 and sorted(state.returns()) == [-1.0, 1.0]


def test_resampled_states_keep_the_information_state() -> None:
    game = pyspiel.load_game("python_truco(preset=default,players=4,hands=1)")
    rng = random.Random(6)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        player = state.current_player()
        world = truco_openspiel.resampled(state, player, rng)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))

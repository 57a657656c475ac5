"""pytruco.openspiel (the research adapters): the python_truco game passes OpenSpiel's own checks; MCCFR and IS-MCTS run
on it.

Skipped, with a message, where the ``openspiel`` extra is not installed; CI installs it (.ci/run, extras)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="no openspiel extra: pip install 'pytruco-ar[openspiel]'")
np = pytest.importorskip("numpy")

import pytruco.openspiel as truco_openspiel  # noqa: E402  (registers python_truco)
from pytruco import PRESET_NAMES, RuleSet, TrucoError  # noqa: E402
from pytruco.encode import information_state, observation  # noqa: E402
from pytruco.openspiel import PRESET_GAMES  # noqa: E402
from pytruco.params import RULE_OPTIONS  # noqa: E402
from pytruco.worlds import chance_outcomes  # noqa: E402

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


def test_chance_nodes_offer_every_card_not_dealt_in_deck_order() -> None:
    # Issue 37: a chance node's outcomes come from a table made once, with the cards of the deal so far taken out;
    # they are exactly worlds.chance_outcomes, by card index.
    for players in (2, 6):
        game = pyspiel.load_game(f"python_truco(players={players},hands=1)")
        rng = random.Random(players)
        state = game.new_initial_state()
        while state.is_chance_node():
            expected = [(card.index, p) for card, p in chance_outcomes(state.table, state.dealing)]
            assert state.chance_outcomes() == expected and state.legal_actions() == [i for i, _ in expected]
            state.apply_action(rng.choice(expected)[0])
        assert not state.dealing and state.table.rounds_dealt == 1


def _decisions(game: Any, rng: random.Random) -> Iterator[Any]:
    """Every decision state of one game of *game* played at random by *rng*: chance outcomes drawn, each decision
    yielded, then a random legal action applied (after the caller's checks, which may draw from *rng* too)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


def test_tensors_are_the_encoders_values() -> None:
    # Issue 37: the observer writes the encoders' entries into its zeroed tensor in place (no list converted per
    # step); every tensor equals encode's list in single precision, for every player, at every decision.
    game = pyspiel.load_game("python_truco(players=4,hands=2)")
    for state in _decisions(game, random.Random(6)):
        for player in range(4):
            info = np.asarray(information_state(state.table, player), np.float32).tolist()
            seen = np.asarray(observation(state.table, player), np.float32).tolist()
            assert state.information_state_tensor(player) == info and state.observation_tensor(player) == seen


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
    for state in _decisions(game, rng):
        player = state.current_player()
        world = truco_openspiel.resampled(state, player, rng)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()


# Issue 36, item 1: a state's text is its action history alone, and reading one replays it.


class _Hostile:
    """Unpickling this runs code: the test fails if a deserialiser ever unpickles what it is given."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, ("import pytruco.openspiel as m; m._HOSTILE_RAN = True",))


def _dealt_state(seed: int = 5, steps: int = 12) -> object:
    game = pyspiel.load_game("python_truco(hands=2)")
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_state_serialises_as_its_history_alone() -> None:
    """Issue 36 item 1: OpenSpiel's default form, one action a line; nothing pickled."""
    state = _dealt_state()
    text = state.serialize()
    assert text == "".join(f"{action}\n" for action in state.history())
    again = state.get_game().deserialize_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    assert again.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize(
    "text",
    [
        "python_truco(preset=classic,first_mano=1,utility=points,target=15)",
        "python_truco_classic(flor=False,players=4)",
    ],
)
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_game_pickles_and_copies_as_itself(text: str, how: str) -> None:
    """A pickled or deep-copied game is the same game, its rules, first mano and utility included (OpenSpiel's own
    pickling of a Python game skips its constructor, and the copy had no rules), and its states play."""
    import copy
    import pickle

    game = pyspiel.load_game(text)
    again = pickle.loads(pickle.dumps(game)) if how == "pickle" else copy.deepcopy(game)
    assert type(again) is type(game) and str(again) == str(game)
    assert (again.rules, again.first_mano, again.utility) == (game.rules, game.first_mano, game.utility)
    pyspiel.random_sim_test(again, num_sims=1, serialize=False, verbose=False)


def test_minus_one_is_refused_as_any_other_number_that_is_no_action() -> None:
    """Only the library's errors escape: OpenSpiel's own check refuses -1 (its kInvalidAction) with a SpielError
    before a Python game sees it, so the state refuses it first, with the error that -2 gets, and changes nothing
    (found by tests/test_research_fuzz.py)."""
    game = pyspiel.load_game("python_truco(hands=1,first_mano=0)")
    chance = game.new_initial_state()
    decision = game.deserialize_state("".join(f"{card}\n" for card in range(6)))
    assert chance.is_chance_node() and not decision.is_chance_node()
    for state in (chance, decision):
        before = state.history()
        refused = []
        for action in (-1, -2):
            with pytest.raises(TrucoError) as caught:
                state.apply_action(action)
            refused.append(str(caught.value).replace(str(action), "N"))
        assert refused[0] == refused[1] and state.history() == before
    decision.apply_action(decision.legal_actions()[0])
    assert len(decision.history()) == 7


def test_a_pickled_game_is_loaded_only_as_a_pytruco_game() -> None:
    with pytest.raises(TrucoError, match="'tic_tac_toe' is no pytruco game"):
        truco_openspiel._load_game("tic_tac_toe")


def test_deserialising_never_unpickles() -> None:
    """Issue 36 item 1: a hostile ``__dict__`` blob is never decoded; the history alone rebuilds the state."""
    import base64
    import pickle

    state = _dealt_state()
    blob = base64.b64encode(pickle.dumps({"table": _Hostile()})).decode()
    history = ",".join(f"{-1 if i < 6 else 0}:{a}" for i, a in enumerate(state.history()[:6]))
    text = f"history={history}\nmove_number=6\n__dict__={blob}"
    again = state.get_game().deserialize_state(text)
    assert not getattr(truco_openspiel, "_HOSTILE_RAN", False)
    assert again.history() == state.history()[:6] and not again.is_chance_node()


@pytest.mark.parametrize(
    "text",
    [
        "garbage",
        "1\n1\n",
        "0\n1\n2\n3\n4\n5\n999\n",
        "-2\n",
        "0\nx\n",
        "history=-1:0\nmove_number=2\n__dict__=",
        "\n" * 5,
        "06\n",
    ],
)
def test_a_malformed_state_text_gets_the_library_error(text: str) -> None:
    """Issue 36 item 1: a repeated card, an unknown or illegal action, a wrong move number: ArgumentError."""
    from pytruco import TrucoError

    game = pyspiel.load_game("python_truco(hands=1)")
    with pytest.raises(TrucoError):
        game.deserialize_state(text)


def test_the_cpp_round_trip_rebuilds_from_the_history() -> None:
    """Issue 36 item 1: OpenSpiel's own SerializeGameAndState keeps a pickled ``__dict__`` for Python games; ours
    holds no table in it, so what pyspiel restores is the history, replayed (a blob that says otherwise is refused)."""
    import base64
    import pickle

    state = _dealt_state()
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    head, _, _ = text.rpartition("__dict__=")
    forged = head + "__dict__=" + base64.b64encode(pickle.dumps({"totals": [99, 0]})).decode()
    with pytest.raises(Exception, match="state text holds"):
        pyspiel.deserialize_game_and_state(forged)


# Issue 36, item 2: chance actions are validated.


@pytest.mark.parametrize("action", [-2, 40, 10**6])
def test_a_chance_action_that_is_no_card_is_refused(action: int) -> None:
    from pytruco import ArgumentError

    state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
    with pytest.raises(ArgumentError, match="not a card"):
        state.apply_action(action)
    assert state.history() == [] and len(state.chance_outcomes()) == 40
    with pytest.raises(ArgumentError, match="not a card"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, action)


def test_a_card_dealt_twice_is_refused() -> None:
    from pytruco import ArgumentError

    state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
    state.apply_action(7)
    with pytest.raises(ArgumentError, match="dealt"):
        state.apply_action(7)
    assert state.history() == [7] and len(state.chance_outcomes()) == 39


# Issue 37: every RuleSet option a parameter of python_truco, and the first mano.


OPTION_GAMES = [
    "python_truco(preset=default,flor=True,target=15)",
    "python_truco(preset=classic,players=4,target=15,envido_primero=False,scoring=immediate)",
    "python_truco(preset=default,hands=2,first_mano=1,flor=True,flor_value=4,utility=points)",
    "python_truco_default(flor=True,target=15,first_mano=1)",
    "python_truco_online(flor=False,mazo_with_pending_call=True,target=15)",
    "python_truco_classic(players=4,target=15,flor=False,envido_primero=False,flor_value=0)",
    "python_truco_ladder(envido_primero=True,envido_count_three=False,hands=3,utility=points)",
    "python_truco_reglamento(players=6,pica_pica=True,bluff=False,hands=2)",
]


@pytest.mark.parametrize("serialize", [False, True], ids=["plain", "serialized"])
@pytest.mark.parametrize("text", OPTION_GAMES)
def test_random_sim_test_with_rule_options(text: str, serialize: bool) -> None:
    """Issue 37: OpenSpiel's random_sim_test passes with options set, in python_truco and in each preset's own game
    (a yes/no option set against the preset's value in each: every registered name is here)."""
    assert {game.partition("(")[0] for game in OPTION_GAMES} == {"python_truco", *PRESET_GAMES.values()}
    game = pyspiel.load_game(text)
    pyspiel.random_sim_test(game, num_sims=2, serialize=serialize, verbose=False)


def test_rule_options_reach_the_rules() -> None:
    game = pyspiel.load_game("python_truco(preset=default,flor=True,envido_primero=False,scoring=end-of-hand)")
    rules = game.new_initial_state().table.rules
    assert rules.flor and not rules.envido_primero and rules.scoring.value == "end-of-hand"
    assert rules.answer_in_turn  # one seat acts at a time, whatever the options
    assert "flor=True" in str(game) and "envido_primero=False" in str(game)
    classic = pyspiel.load_game("python_truco(preset=classic)").new_initial_state().table.rules
    assert classic.flor and classic.show_rule  # options left out keep the preset's values


def test_python_truco_reads_a_yes_no_option_against_the_default_preset() -> None:
    """Issue 37: in ``python_truco`` ``preset=classic,flor=False`` cannot be told from ``preset=classic`` (the
    Python-game bridge fills every parameter left out with its declared default, and pyspiel refuses ``flor=False``
    for a parameter declared as text or a number), so the classic table keeps its flor, as documented; the preset's
    own game, python_truco_classic, turns it off."""
    kept = pyspiel.load_game("python_truco(preset=classic,flor=False)").new_initial_state().table.rules
    assert kept.flor
    assert not pyspiel.load_game("python_truco_classic(flor=False)").new_initial_state().table.rules.flor
    assert pyspiel.load_game("python_truco(preset=default,flor=True)").new_initial_state().table.rules.flor


YES_NO = [option for option in RULE_OPTIONS if isinstance(getattr(RuleSet.preset("default"), option), bool)]


def _expected_rules(preset: str, players: int, **options: object) -> RuleSet | str:
    """What a preset's game with *options* must hold: the rule set with them, or the rule set's refusal."""
    try:
        return RuleSet.preset(preset, players=players, answer_in_turn=True).with_options(**options)
    except TrucoError as error:
        return str(error)


@pytest.mark.parametrize("option", YES_NO)
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_yes_no_option_is_set_either_way_on_every_preset(preset: str, option: str) -> None:
    """Issue 37 ("every RuleSet option a parameter ... with the option's own validation and error"): in the preset's
    own game a yes/no option given either way reaches the table's rules, the preset's own value included, or gets
    the rule set's own error (``pica_pica`` needs 6 seats; ``flor_achico`` and ``mazo_before_flor`` exist only where
    the preset has that rule)."""
    assert len(YES_NO) == 17
    for value in (True, False):
        players = 6 if option == "pica_pica" and value and RuleSet.preset(preset).max_players == 6 else 2
        text = f"{PRESET_GAMES[preset]}({option}={value},players={players})"
        expected = _expected_rules(preset, players, **{option: value})
        if isinstance(expected, str):
            assert getattr(RuleSet.preset(preset), option) is not value
            with pytest.raises(TrucoError, match=re.escape(expected)):
                pyspiel.load_game(text)
            continue
        rules = pyspiel.load_game(text).new_initial_state().table.rules
        assert getattr(rules, option) is value, text
        assert rules == expected, text


def test_each_preset_sets_each_yes_no_option_its_other_way_but_the_refused() -> None:
    """Issue 37: the refusals above are the rule set's few, named here, so the test cannot pass by refusing."""
    refused = {
        (preset, option)
        for preset in PRESET_NAMES
        for option in YES_NO
        for value in (True, False)
        if isinstance(
            _expected_rules(preset, 6 if option == "pica_pica" else 2, **{option: value}),
            str,
        )
    }
    assert refused == {
        ("online", "pica_pica"),
        ("ladder", "pica_pica"),
        *((preset, "flor_achico") for preset in ("default", "online", "ladder", "reglamento")),
        *((preset, "mazo_before_flor") for preset in ("default", "online", "ladder")),
    }


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_preset_game_declares_the_preset_values(preset: str) -> None:
    """Issue 37: the parameter specification of python_truco_<preset> is the preset's own value of every option (a
    choice by its text), and the game parameters but ``preset``; left out, every option keeps the preset's value."""
    kind = next(game for game in pyspiel.registered_games() if game.short_name == PRESET_GAMES[preset])
    rules = RuleSet.preset(preset)
    declared = {
        option: getattr(rules, option).value if hasattr(getattr(rules, option), "value") else getattr(rules, option)
        for option in RULE_OPTIONS
    }
    game = {"players": 2, "target": 0, "hands": 0, "utility": "win", "first_mano": 0}
    assert kind.parameter_specification == {**game, **declared}
    loaded = pyspiel.load_game(PRESET_GAMES[preset]).new_initial_state().table.rules
    assert loaded == RuleSet.preset(preset, answer_in_turn=True)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_python_truco_keeps_what_its_preset_parameter_can_say(preset: str) -> None:
    """Issue 37: each option that ``python_truco(preset=...)`` sees (a yes/no option given against the ``default``
    preset's value, a number other than 0, a choice other than "") gives the rules of the preset's own game."""
    base = RuleSet.preset("default")
    compared = 0
    for option in RULE_OPTIONS:
        value = getattr(base, option)
        if isinstance(value, bool):
            other: object = not value
        elif isinstance(value, int):
            other = value + 1
        else:
            other = next(member for member in type(value) if member is not value)
        expected = _expected_rules(preset, 2, **{option: other})
        if isinstance(expected, str):
            continue  # refused by both games (pica_pica with 2 seats, a flor option without that rule)
        text = f"{option}={getattr(other, 'value', other)}"
        old = pyspiel.load_game(f"python_truco(preset={preset},{text})").new_initial_state().table.rules
        new = pyspiel.load_game(f"{PRESET_GAMES[preset]}({text})").new_initial_state().table.rules
        assert old == new == expected, text
        compared += 1
    assert compared >= len(RULE_OPTIONS) - 6  # the rule set refuses at most 6 of these values on a preset


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("python_truco_classic(flor_value=-1)", "option 'flor_value': must be a whole number"),
        ("python_truco_classic(pica_pica=True)", "option 'pica_pica': needs 6 players, not 2"),
        ("python_truco_ladder(scoring=sometimes)", "option 'scoring': must be one of"),
        ("python_truco_ladder(scoring=)", "option 'scoring': must be one of"),
        ("python_truco_online(flor_achico=True)", "option 'flor_achico': online has no such rule"),
        ("python_truco_ladder(players=4)", "option 'players': ladder allows 2 seats at most"),
        ("python_truco_reglamento(chicos_to_win=0)", "option 'chicos_to_win': must be at least 1"),
        ("python_truco_default(first_mano=2)", "first_mano must be"),
        ("python_truco_classic(flor=0)", "Wrong type for parameter flor. Expected type: kBool, got kInt"),
        ("python_truco_classic(preset=default)", "Unknown parameter 'preset'"),
    ],
)
def test_a_bad_value_in_a_preset_game_gets_its_own_error(text: str, message: str) -> None:
    """Issue 37: the option's own error (OpenSpiel's own for a value of the wrong kind, or an unknown name)."""
    with pytest.raises(Exception, match=re.escape(message)):
        pyspiel.load_game(text)


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("python_truco_classic", {"flor": 1}, "option 'flor': must be true or false, not 1"),
        ("python_truco", {"flor": 0}, "option 'flor': must be true or false, not 0"),
        ("python_truco_classic", {"preset": "default"}, "unknown parameter 'preset' of python_truco_classic"),
        ("python_truco_x", {}, "no game 'python_truco_x'"),
        ("python_truco", ["flor"], "the game's parameters are a mapping"),
    ],
)
def test_a_game_made_in_python_checks_its_parameters(name: str, params: object, message: str) -> None:
    """Issue 37: made without pyspiel's type check, a yes/no option given as 1 (equal to True) or 0 (equal to
    False) is a value given, so the rule set refuses it rather than reading it as the declared default."""
    with pytest.raises(TrucoError, match=re.escape(message)):
        truco_openspiel.TrucoGame(params, name)


def test_a_preset_game_keeps_a_number_set_to_0_and_says_what_was_set() -> None:
    """Issue 37: python_truco reads 0 as "the preset's"; the preset's game keeps 0, and its text (what
    ``str(game)`` and ``get_parameters()`` give: the game's parameters and each option that differs from the preset)
    loads the same game again."""
    game = pyspiel.load_game("python_truco_classic(flor_value=0,flor=False,envido_primero=True,players=4)")
    rules = game.new_initial_state().table.rules
    assert (rules.flor_value, rules.flor, rules.envido_primero, rules.show_rule) == (0, False, True, True)
    assert pyspiel.load_game("python_truco(preset=classic,flor_value=0)").rules.flor_value == 3
    assert game.get_parameters() == {
        "first_mano": 0,
        "flor": False,
        "flor_value": 0,
        "hands": 0,
        "players": 4,
        "target": 0,
        "utility": "win",
    }
    assert (
        str(game) == "python_truco_classic(first_mano=0,flor=False,flor_value=0,hands=0,players=4,target=0,utility=win)"
    )
    assert pyspiel.load_game(str(game)).rules == rules


def test_the_first_mano_parameter() -> None:
    for seat in range(4):
        state = pyspiel.load_game(f"python_truco(players=4,first_mano={seat})").new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        assert state.table.mano == seat and state.current_player() == seat


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("python_truco(flor_value=-1)", "flor_value"),
        ("python_truco(scoring=sometimes)", "option 'scoring': must be one of"),
        ("python_truco(first_mano=2)", "first_mano must be"),
        ("python_truco(preset=default,pica_pica=True)", "option 'pica_pica': needs 6 players"),
    ],
)
def test_a_bad_rule_option_gets_its_own_error(text: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(text)


def test_an_unknown_parameter_is_refused() -> None:
    with pytest.raises(Exception, match="Unknown parameter 'answer_in_turn'"):
        pyspiel.load_game("python_truco(answer_in_turn=False)")

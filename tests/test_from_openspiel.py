"""Issue 38: an OpenSpiel policy sits at a table (bots.from_openspiel): the state it is asked about is the one
OpenSpiel's game would show its seat, with the seats turned so that the mano is player 0."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra")
policy_module = pytest.importorskip("open_spiel.python.policy")

import pytruco.openspiel  # noqa: E402  (registers python_truco)
from pytruco import Action, Card, Deal, RuleSet, apply, new_game, view  # noqa: E402
from pytruco.bots import BotError, TrucoAlwaysBot, from_openspiel  # noqa: E402
from pytruco.simulate import simulate  # noqa: E402

RULES = RuleSet.preset("default", hands=1)
DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]  # seat 0, seat 1 at the table


def _game() -> Any:
    assert pytruco.openspiel.GAME_NAME == "python_truco"
    return pyspiel.load_game("python_truco(hands=1)")


def _turned(state: Any) -> Any:
    """The table of an OpenSpiel state with the seats turned: seat s of OpenSpiel sits at seat s + 1, so the
    mano (OpenSpiel's seat 0) is the table's seat 1."""
    table = state.table
    items = list(table.round_history)
    deal = items[0]
    assert isinstance(deal, Deal)
    turned = new_game(RULES, first_mano=1)
    turned, _ = apply(
        turned, Deal.parse([[str(c) for c in deal.hands[1].cards], [str(c) for c in deal.hands[0].cards]])
    )
    for item in items[1:]:
        assert isinstance(item, Action)
        turned, _ = apply(turned, Action.from_index(item.index, (item.seat + 1) % 2))
    return turned


@pytest.mark.parametrize("seed", range(6))
def test_the_bot_rebuilds_the_information_state_of_its_seat(seed: int) -> None:
    """Along random playouts of the one-hand game, at every decision: the table seen by the acting seat gives
    back OpenSpiel's information state string and legal actions, both with the table's seats as OpenSpiel's
    and with them turned (the mano at seat 1)."""
    game = _game()
    bot = from_openspiel(game, policy_module.UniformRandomPolicy(game))
    rng = random.Random(seed)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))
            continue
        player = state.current_player()
        for table, seat in ((state.table, player), (_turned(state), (player + 1) % 2)):
            rebuilt, as_player = bot.state(view(table, seat))
            assert as_player == player
            assert rebuilt.information_state_string(player) == state.information_state_string(player)
            assert rebuilt.legal_actions(player) == state.legal_actions(player)
            mine = sorted(state.history()[3 * player : 3 * player + 3])  # its own cards; the others' are dealt anew
            assert sorted(rebuilt.history()[3 * player : 3 * player + 3]) == mine
            assert rebuilt.history()[6:] == state.history()[6:]
        checked += 1
        legal = state.legal_actions()
        calm = [a for a in legal if not state.action_to_string(player, a).endswith(("mazo", "rendirse"))]
        state.apply_action(rng.choice(calm or legal))
    assert checked >= 2


def _tabular_line(game: Any) -> tuple[Any, list[int]]:
    """A TabularPolicy for OpenSpiel's player 0 (the mano) over the states it meets against truco-always when
    it always takes its lowest-numbered action, with the table's seat 1 cards (DEAL turned); the policy is
    one-hot on that action."""
    state = game.new_initial_state()
    for hand in (DEAL[1], DEAL[0]):
        for card in hand:
            state.apply_action(Card.parse(card).index)
    states: dict[str, Any] = {}
    chosen = []
    bully = TrucoAlwaysBot()
    while not state.is_terminal():
        if state.current_player() == 0:
            states[state.history_str()] = state.clone()
            chosen.append(min(state.legal_actions()))
            state.apply_action(chosen[-1])
        else:
            state.apply_action(bully.act(view(state.table, 1), random.Random(0)).index)
    tabular = policy_module.TabularPolicy(game, players=[0], states=states)
    for key in tabular.states_per_player[0]:
        row = tabular.policy_for_key(key)
        row[:] = 0.0
        row[min(i for i, legal in enumerate(tabular.legal_actions_mask[tabular.state_lookup[key]]) if legal)] = 1.0
    return tabular, chosen


def test_a_tabular_policy_sits_at_a_table() -> None:
    """A TabularPolicy plays seat 1 (the mano) of a table against truco-always: it finds its information state at
    every decision (a wrong key raises) and plays its one-hot choices, the same as in OpenSpiel's own game."""
    game = _game()
    tabular, chosen = _tabular_line(game)
    assert len(chosen) >= 2
    bot = from_openspiel(game, tabular, name="tabular")
    table = new_game(RULES, first_mano=1)
    table, _ = apply(table, Deal.parse(DEAL))
    played = []
    bully = TrucoAlwaysBot()
    rng = random.Random(1)
    while not table.is_over:
        seat = table.to_act[0]
        action = (bot if seat == 1 else bully).act(view(table, seat), rng)
        if seat == 1:
            played.append(action.index)
        table, _ = apply(table, action)
    assert played == chosen


def test_a_policy_without_the_state_is_a_clear_error() -> None:
    game = _game()
    tabular, _ = _tabular_line(game)
    bot = from_openspiel(game, tabular, name="tabular")
    table = new_game(RULES, first_mano=0)
    table, _ = apply(table, Deal.parse(DEAL))  # the same cards, the other seat leads: not in the table
    with pytest.raises(BotError, match="bot 'tabular': its OpenSpiel policy has no entry for this information state"):
        bot.act(view(table, 0), random.Random(1))


def test_an_openspiel_policy_plays_in_simulate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`pytruco simulate path/to/file.py:Class heuristic --hands 1` with OpenSpiel's UniformRandomPolicy."""
    (tmp_path / "uniform_bot.py").write_text(
        "import pyspiel\n"
        "import pytruco.openspiel\n"
        "from open_spiel.python.policy import UniformRandomPolicy\n"
        "from pytruco.bots import OpenSpielBot\n\n"
        "class Uniform(OpenSpielBot):\n"
        "    def __init__(self):\n"
        "        game = pyspiel.load_game('python_truco(hands=1)')\n"
        "        super().__init__(game, UniformRandomPolicy(game), name='uniform')\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    summary = simulate(["uniform_bot.py:Uniform", "heuristic"], games=6, seed=2, hands=1)
    assert sum(summary.wins.values()) == 6 and all(r.decisions[0] >= 1 for r in summary.results)


def test_a_one_hand_policy_plays_the_later_hands_of_a_match() -> None:
    """Issue 38 (the leaderboard's full-match rows of the trained agents): a policy of the one-hand game sits at a
    match to 30. From the second hand on its state is the hand as the first of a one-hand game begun at the hand's
    score (OpenSpielBot's documented rebuild, broken when issue 36 made a state's table settable by replay only):
    the score is the table's, seats turned, and its legal actions are the view's."""
    game = _game()
    bot = from_openspiel(game, policy_module.UniformRandomPolicy(game))
    table = new_game(RuleSet.preset("default"), first_mano=0)
    rng = random.Random(3)
    later = 0
    while not table.is_over:
        if table.is_chance:
            table, _ = apply(table, pytruco.random_deal(table, rng))
            continue
        seat = table.to_act[0]
        seen = view(table, seat)
        if table.rounds_dealt > 1:
            state, player = bot.state(seen)
            mano = seen.mano
            assert state.history() == [] and player == (seat - mano) % 2
            assert state.table.score == (table.score if mano == 0 else table.score[::-1])
            assert state.legal_actions(player) == sorted(action.index for action in seen.legal)
            later += 1
        table, _ = apply(table, bot.act(seen, rng))
    assert later >= 10 and table.rounds_dealt >= 3


def test_state_at_refuses_a_table_of_other_rules() -> None:
    from pytruco import ArgumentError

    with pytest.raises(ArgumentError, match="state_at needs a state of this game's rules"):
        _game().state_at(new_game(RuleSet.preset("default"), first_mano=0))


def test_from_openspiel_refuses_what_is_not_a_game_or_a_policy() -> None:
    from pytruco import ArgumentError

    game = _game()
    with pytest.raises(ArgumentError, match=r"needs a game of pytruco\.openspiel"):
        from_openspiel(pyspiel.load_game("kuhn_poker"), policy_module.UniformRandomPolicy(game))
    with pytest.raises(ArgumentError, match="needs an OpenSpiel policy"):
        from_openspiel(game, object())

"""The research surface (docs, research modules): the action index, bounds, canonical deals, chance outcomes, the hand
result, the research options, exact world sampling, bot policies and the observation encoding."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from helpers import play
from pytruco import (
    PRESET_NAMES,
    Action,
    ArgumentError,
    Deal,
    Kind,
    RuleSet,
    SeatView,
    State,
    apply,
    legal_actions,
    new_game,
    random_deal,
    view,
)
from pytruco.actions import ACTION_SPACE, NUM_ACTIONS
from pytruco.bots import BOT_NAMES, HeuristicBot, RandomBot, load_bot, policy
from pytruco.cards import ALL_CARDS
from pytruco.encode import (
    bounds,
    information_state,
    information_state_layout,
    information_state_string,
    legal_mask,
    observation,
    observation_layout,
    observation_string,
)
from pytruco.worlds import chance_outcomes, deal_from_cards, round_start, sample_world


def _tables() -> Iterator[RuleSet]:
    for preset in PRESET_NAMES:
        for players in (2, 4, 6):
            base = RuleSet.preset(preset)
            if players <= base.max_players:
                yield base.with_options(players=players)
    yield RuleSet.preset("default", players=6, pica_pica=True)


TABLES = list(_tables())
IDS = [f"{rules.preset_name}-{rules.players}{'-pica' if rules.pica_pica else ''}" for rules in TABLES]


def _states(rules: RuleSet, games: int, seed: int) -> Iterator[State]:
    """Every state of *games* random games of *rules* (random legal actions)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = new_game(rules, first_mano=rng.randrange(rules.players) if not rules.rps_first_mano else None)
        yield state
        while not state.is_over:
            if state.is_chance:
                state, _ = apply(state, random_deal(state, rng))
            else:
                state, _ = apply(state, rng.choice(legal_actions(state)))
            yield state


# --- the action index (docs/stability.md: truco-actions/1) ----------------------------------------------------
def test_the_action_space_is_versioned_and_seat_free() -> None:
    assert ACTION_SPACE == "truco-actions/1"
    assert NUM_ACTIONS == 96 and all(rules.num_actions == 96 for rules in TABLES)
    for index in range(NUM_ACTIONS):
        actions = [Action.from_index(index, seat) for seat in range(6)]
        assert [a.seat for a in actions] == list(range(6))
        assert len({(a.kind, a.card, a.points, a.choice) for a in actions}) == 1, actions
        assert all(a.index == index for a in actions)


def test_the_documented_numbers() -> None:
    """docs/stability.md lists the layout: cards 0-39, the words 40-53, tengo 0-38 at 54-92, rps 93-95."""
    assert Action.parse("0 1E").index == 0 and Action.parse("0 12C").index == 39
    assert [Action.from_index(i, 0).kind for i in (40, 47, 50, 51, 52, 53)] == [
        Kind.ENVIDO,
        Kind.TRUCO,
        Kind.QUIERO,
        Kind.NO_QUIERO,
        Kind.SON_BUENAS,
        Kind.MAZO,
    ]
    assert Action.parse("1 tengo 0").index == 54 and Action.parse("1 tengo 38").index == 92
    assert [str(Action.from_index(i, 1)) for i in (93, 94, 95)] == ["1 rps piedra", "1 rps papel", "1 rps tijera"]


@pytest.mark.parametrize("text", ["0 timeout", "0 rendirse", "0 tengo 39"])
def test_actions_outside_the_space_are_refused(text: str) -> None:
    with pytest.raises(
        ArgumentError, match=rf"^{re.escape(text)} is (a meta action \(\w+\), )?outside the action space"
    ):
        _ = Action.parse(text).index


@pytest.mark.parametrize("bad", [-1, 96, True, 1.0, "3"])
def test_from_index_refuses_what_is_not_an_index(bad: object) -> None:
    with pytest.raises(ArgumentError, match=re.escape(f"action index {bad!r} is not in range(96)")):
        Action.from_index(bad, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_every_legal_action_round_trips_and_the_mask_matches(rules: RuleSet) -> None:
    for state in _states(rules, 4, seed=21):
        for seat in range(rules.players):
            mine = [a for a in legal_actions(state) if a.seat == seat]
            for action in mine:
                assert 0 <= action.index < rules.num_actions
                assert Action.from_index(action.index, seat) is action
            mask = legal_mask(state, seat)
            assert len(mask) == rules.num_actions
            assert sorted(i for i, on in enumerate(mask) if on) == sorted(a.index for a in mine)


# --- bounds -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_random_games_stay_within_the_documented_bounds(rules: RuleSet) -> None:
    rules = rules.with_options(target=15) if 15 in rules.targets else rules
    rng = random.Random(5)
    for _ in range(6):
        state = new_game(rules, first_mano=0)
        per_hand = 0
        while not state.is_over:
            if state.is_chance:
                state, _ = apply(state, random_deal(state, rng))
                per_hand = 0
                continue
            action = rng.choice(legal_actions(state))
            if action.kind is Kind.TENGO:
                assert action.points is not None and action.points <= 38
            state, _ = apply(state, action)
            per_hand += 1
            assert per_hand <= bounds(rules).max_actions_per_hand
            if state.round_over:
                assert sum(state.round_points) <= bounds(rules).max_hand_points
        assert state.rounds_dealt <= bounds(rules).max_hands


# --- canonical deals and chance outcomes ------------------------------------------------------------------------
def test_chance_outcomes_sum_to_one_card_by_card() -> None:
    rng = random.Random(3)
    for players in (2, 4, 6):
        state = new_game(RuleSet.preset("default", players=players), first_mano=0)
        dealt: list = []
        for _ in range(3 * players):
            outcomes = chance_outcomes(state, dealt)
            assert len(outcomes) == 40 - len(dealt)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert not {card for card, _ in outcomes} & set(dealt)
            dealt.append(rng.choice(outcomes)[0])
        deal = deal_from_cards(state, dealt)
        assert [list(h.cards) for h in deal.hands] == [sorted(dealt[3 * s : 3 * s + 3]) for s in range(players)]
        apply(state, deal)


def test_chance_outcomes_from_the_table_are_every_card_not_dealt_in_deck_order() -> None:
    # Issue 37 ("chance outcomes of a deal from a table made once"): the outcomes are a row made once with the dealt
    # cards taken out; they are exactly every card not dealt, in the deck's order, each 1 / (40 - dealt).
    rng = random.Random(8)
    for players in (2, 4, 6):
        state = new_game(RuleSet.preset("default", players=players), first_mano=0)
        for first in (None, ALL_CARDS[0], ALL_CARDS[39]):  # the first and the last card of the deck dealt first
            dealt = [] if first is None else [first]
            while len(dealt) < 3 * players:
                expected = tuple((card, 1.0 / (40 - len(dealt))) for card in ALL_CARDS if card not in dealt)
                assert chance_outcomes(state, dealt) == expected
                dealt.append(rng.choice([card for card in ALL_CARDS if card not in dealt]))


def test_chance_outcomes_refuse_outside_a_deal() -> None:
    state = new_game("default", first_mano=0)
    with pytest.raises(ArgumentError, match=re.escape("card 1E is dealt twice")):
        chance_outcomes(state, [Deal.parse([["1E"]]).hands[0].cards[0]] * 2)
    after, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    with pytest.raises(
        ArgumentError, match=re.escape("chance_outcomes needs a state that waits for a deal, not phase 'play'")
    ):
        chance_outcomes(after)


def test_card_order_within_a_hand_does_not_change_what_a_seat_observes() -> None:
    """Information sets: the same cards in another order are one information set (the encoders are order-free); the
    record keeps the order it was dealt in."""
    start = new_game("classic", first_mano=0)
    one, _ = apply(start, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    two, _ = apply(start, Deal.parse([["1E", "7C", "6C"], ["3B", "5O", "4O"]]))
    for seat in (0, 1):
        assert observation(one, seat) == observation(two, seat)
        assert information_state(one, seat) == information_state(two, seat)
        assert information_state_string(one, seat) == information_state_string(two, seat)
    assert str(one.history[0].hands[0]) == "7C 6C 1E"
    assert Deal.parse([["7C", "6C", "1E"]]).canonical() == Deal.parse([["1E", "6C", "7C"]])


# --- the hand result and the research options --------------------------------------------------------------
def test_hand_over_and_hand_points() -> None:
    state = new_game("default", first_mano=0)
    assert not state.round_over and state.round_points == (0, 0)
    state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    for text in ("0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"):
        state, _ = apply(state, Action.parse(text))
        assert not state.round_over
    assert state.round_points == (2, 0)
    state, _ = apply(state, Action.parse("0 mazo"))
    assert state.round_over and state.round_points == (2, 1)
    state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    assert not state.round_over and state.round_points == (0, 0)


def test_a_match_of_one_hand_ends_after_it() -> None:
    """RuleSet.hands: the match ends after that many hands; the team ahead wins."""
    state = new_game(RuleSet.preset("default", hands=1), first_mano=0)
    state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    state, _ = apply(state, Action.parse("0 mazo"))
    assert state.is_over and state.winner == 1 and state.round_over and state.round_points == (0, 2)


_HANDS_DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]


@pytest.mark.parametrize(
    ("mano", "texts", "winner"),
    [
        (0, ("0 envido", "1 no-quiero", "0 mazo"), 1),  # team 0 scores the envido, team 1 the hand
        (0, ("0 7C", "1 envido", "0 no-quiero", "1 mazo"), 0),  # the other way round
        (1, ("1 envido", "0 no-quiero", "1 mazo"), 0),  # the hand's winner, not the mano (seat 1)
    ],
)
def test_equal_points_after_the_last_hand_go_to_the_last_truco_winner(
    mano: int, texts: tuple[str, ...], winner: int
) -> None:
    # RuleSet.hands (research option, its docstring): on equal points after the last hand, the team that won
    # that hand's truco points wins.
    state = play("default", _HANDS_DEAL, *texts, first_mano=mano, hands=1)
    assert (state.score, state.is_over, state.winner) == ((1, 1), True, winner)


def test_after_the_last_hand_the_team_ahead_wins() -> None:
    # RuleSet.hands: the team ahead on points wins, whoever won the last hand (here team 1, by the mazo).
    state = play("default", _HANDS_DEAL, "0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 mazo", hands=1)
    assert (state.score, state.is_over, state.winner) == ((2, 1), True, 0)


def test_hands_option_is_validated() -> None:
    with pytest.raises(
        ValueError, match=re.escape("option 'hands': must be a whole number from 0 to 999999999, not -1")
    ):
        RuleSet.preset("default", hands=-1)
    assert bounds(RuleSet.preset("default", hands=3, targets=(9,), target=9)).max_hands == 3
    assert all(RuleSet.preset(name).hands == 0 and not RuleSet.preset(name).answer_in_turn for name in PRESET_NAMES)


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("preset", ["default", "classic", "reglamento"])
def test_answer_in_turn_gives_one_actor_per_decision(preset: str, players: int) -> None:
    rules = RuleSet.preset(preset, players=players, answer_in_turn=True)
    plain = RuleSet.preset(preset, players=players)
    several = 0
    for state in _states(plain, 10, seed=7):
        several += len(state.to_act) > 1
    assert several, "the plain rules let partners answer together"
    for state in _states(rules, 10, seed=7):
        assert len(state.to_act) <= 1, state


def test_answer_in_turn_picks_the_first_seat_after_the_caller() -> None:
    state = new_game(RuleSet.preset("default", players=4, answer_in_turn=True), first_mano=0)
    deal = Deal.parse([["1E", "2E", "3E"], ["4E", "5E", "6E"], ["7E", "1B", "2B"], ["3B", "4B", "5B"]])
    state, _ = apply(state, deal)
    state, _ = apply(state, Action.parse("0 truco"))
    assert state.to_act == (1,)
    state, _ = apply(state, Action.parse("1 retruco"))
    assert state.to_act == (2,)


# --- worlds --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_sampled_worlds_are_indistinguishable_for_the_seat(rules: RuleSet) -> None:
    rng = random.Random(11)
    for number, state in enumerate(_states(rules, 2, seed=4)):
        if number % 3 or state.round is None:
            continue
        seat = rng.randrange(rules.players)
        world = sample_world(state, seat, rng)
        assert world.round is not None and state.round is not None
        assert world.round.dealt[seat] == state.round.dealt[seat]
        assert view(world, seat) == view(state, seat)
        assert observation(world, seat) == observation(state, seat)
        assert information_state(world, seat) == information_state(state, seat)
        assert information_state_string(world, seat) == information_state_string(state, seat)
        assert observation_string(world, seat) == observation_string(state, seat)


def test_sampled_worlds_vary_the_hidden_cards() -> None:
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    rng = random.Random(1)
    others = {sample_world(state, 0, rng).round.dealt[1] for _ in range(20)}  # type: ignore[union-attr]
    assert len(others) > 15


def test_sampled_worlds_keep_true_declarations() -> None:
    """A world is exact: without bluff, a declared envido is the seat's envido in every world."""
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    for text in ("0 envido", "1 quiero", "0 tengo 33"):
        state, _ = apply(state, Action.parse(text))
    rng = random.Random(2)
    for _ in range(10):
        world = sample_world(state, 1, rng)
        assert world.round is not None and world.round.envido_points[0] == 33


def test_hand_start_is_the_state_before_the_deal_even_after_pickling() -> None:
    import pickle

    start = new_game("default", first_mano=0)
    state, _ = apply(start, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    assert round_start(state) is start
    assert round_start(pickle.loads(pickle.dumps(state))) == start


# --- bot policies --------------------------------------------------------------------------------------------
def test_policies_are_distributions_over_legal_actions() -> None:
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    seen = view(state, 0)
    for bot in (RandomBot(), HeuristicBot()):
        policy = bot.policy(seen, random.Random(1))
        assert set(policy) <= set(seen.legal) and sum(policy.values()) == pytest.approx(1.0)
    assert set(RandomBot().policy(seen, random.Random(1))) == set(seen.legal)


@pytest.mark.parametrize("name", sorted(BOT_NAMES))
def test_every_library_bot_gives_a_policy_that_agrees_with_its_act(name: str) -> None:
    # Bot.policy (issue 21): probabilities over legal actions summing to 1; a deterministic bot's is one-hot on
    # the action its act picks from the same random source.
    seen = view(play("classic", _HANDS_DEAL, first_mano=1), 1)
    bot = load_bot(name)
    probabilities = policy(bot, seen, random.Random(3))
    assert set(probabilities) <= set(seen.legal), probabilities
    assert sum(probabilities.values()) == pytest.approx(1.0)
    if name != "random":
        assert probabilities == {load_bot(name).act(seen, random.Random(3)): 1.0}


class _ActOnly:
    def act(self, seen: SeatView, rng: random.Random) -> Action:
        return seen.legal[-1]


def test_policy_of_a_bot_without_one_is_its_act() -> None:
    seen = view(play("default", _HANDS_DEAL), 0)
    assert len(seen.legal) > 1 and policy(_ActOnly(), seen) == {seen.legal[-1]: 1.0}


# --- observations ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_observations_are_in_bounds_and_the_slices_cover_them(rules: RuleSet) -> None:
    layout = observation_layout(rules)
    info = information_state_layout(rules)
    covered = [i for part in layout.slices for i in range(part.start, part.start + part.size)]
    assert covered == list(range(layout.size)) and all(part.doc for part in layout.slices)
    for number, state in enumerate(_states(rules, 2, seed=9)):
        if number % 2:
            continue
        for seat in range(rules.players):
            obs = observation(state, seat)
            tensor = information_state(state, seat)
            assert len(obs) == layout.size and len(tensor) == info.size
            assert all(0.0 <= x <= 1.0 for x in obs) and all(0.0 <= x <= 1.0 for x in tensor)
            legal = [obs[i] for i in layout.slice("legal")]
            assert legal == [float(x) for x in legal_mask(state, seat)]


def test_the_observation_is_seat_relative() -> None:
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    layout = observation_layout(state.rules)
    assert [observation(state, 0)[i] for i in layout.slice("to_act")] == [1.0, 0.0]
    assert [observation(state, 1)[i] for i in layout.slice("to_act")] == [0.0, 1.0]
    assert [observation(state, 1)[i] for i in layout.slice("mano")] == [0.0, 1.0]
    for text in ("0 envido", "1 no-quiero"):  # team 0 scores 1: the score slice lists the seat's own team first
        state, _ = apply(state, Action.parse(text))
    point = 1 / state.rules.target
    assert state.score == (1, 0)
    assert [observation(state, 0)[i] for i in layout.slice("score")] == pytest.approx([point, 0.0])
    assert [observation(state, 1)[i] for i in layout.slice("score")] == pytest.approx([0.0, point])


def test_the_hidden_cards_never_show() -> None:
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    assert "5O" not in information_state_string(state, 0) and "7C" in information_state_string(state, 0)
    layout = observation_layout(state.rules)
    hand = [i - layout.start("hand") for i in layout.slice("hand") if observation(state, 0)[i]]
    assert sorted(hand) == sorted(c.index for c in state.round.dealt[0].cards)  # type: ignore[union-attr]


def test_rps_choices_stay_hidden_until_both_are_made() -> None:
    state = new_game("online")
    state, _ = apply(state, Action.parse("0 rps piedra"))
    assert information_state_string(state, 1).splitlines()[-1] == "0 rps ?"
    state, _ = apply(state, Action.parse("1 rps papel"))
    assert information_state_string(state, 1).splitlines()[-2:] == ["0 rps piedra", "1 rps papel"]

"""bots.ObservationBot: a policy over observation vectors at a table (issue 38: a NumPy policy or a trained network
sits where bots sit), and the arena's simulate with bot objects beside specs.

The bot rebuilds a state from its seat's view and encodes it: its observation must be the table's own, slot for
slot, at every decision of every hand of whole matches (the hand's number written from the view), or a policy
trained on :class:`pytruco.vector.TrucoVectorEnv` would be evaluated on inputs it never saw.
"""

from __future__ import annotations

import random

import pytest

from pytruco import Deal, RuleSet, apply, new_game, random_deal, view
from pytruco.bots import BotError, HeuristicBot, ObservationBot, RandomBot, play_match
from pytruco.encode import legal_mask, observation
from pytruco.errors import ArgumentError
from pytruco.simulate import simulate


def uniform(observation: list[float], mask: list[int]) -> list[float]:
    return [float(on) for on in mask]


@pytest.mark.parametrize(("preset", "players"), [("default", 2), ("classic", 2), ("classic", 4)])
def test_the_bot_observes_what_the_table_encodes(preset: str, players: int) -> None:
    """At every decision of whole matches (later hands included: the score, the chicos and the hand's number), the
    bot's observation and mask equal :func:`~pytruco.encode.observation` and :func:`~pytruco.encode.legal_mask` of
    the real state for the seat to act."""
    bot = ObservationBot(uniform)
    rng = random.Random(f"observed/{preset}/{players}")
    checked = later = 0
    for _ in range(10):
        state = new_game(RuleSet.preset(preset, players=players, target=15), first_mano=rng.randrange(players))
        while not state.is_over:
            if state.is_chance:
                state, _ = apply(state, random_deal(state, rng))
                continue
            seat = state.to_act[0]
            seen = bot.observe(view(state, seat))
            assert seen is not None
            assert seen == (observation(state, seat), legal_mask(state, seat)), (str(state), seat)
            checked += 1
            later += state.rounds_dealt > 1
            state, _ = apply(state, rng.choice(view(state, seat).legal))
    assert checked > 200 and later > 150, (checked, later)


def test_greedy_takes_the_heaviest_legal_action_and_sampling_follows_the_weights() -> None:
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    seen = view(state, 0)
    legal = sorted(a.index for a in seen.legal)
    favourite = legal[2]

    def policy(observation: list[float], mask: list[int]) -> list[float]:
        return [3.0 if i == favourite else 1.0 if i == legal[0] else 0.0 for i in range(96)]

    assert ObservationBot(policy, greedy=True).act(seen, random.Random(1)).index == favourite
    chances = ObservationBot(policy).policy(seen)
    assert {a.index: p for a, p in chances.items() if p} == {favourite: 0.75, legal[0]: 0.25}
    drawn = [ObservationBot(policy).act(seen, random.Random(i)).index for i in range(400)]
    assert set(drawn) == {favourite, legal[0]} and 240 < drawn.count(favourite) < 360


@pytest.mark.parametrize(
    ("weights", "said"),
    [([1.0] * 95, "gave 95 weights"), ([float("nan")] * 96, "finite"), ([0.0] * 96, "no weight to any legal")],
)
def test_bad_weights_are_a_bot_error_naming_the_bot(weights: list[float], said: str) -> None:
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    bot = ObservationBot(lambda obs, mask: weights, name="broken")
    with pytest.raises(BotError, match=said) as info:
        bot.act(view(state, 0), random.Random(1))
    assert "'broken'" in str(info.value)


def test_a_policy_must_be_callable() -> None:
    with pytest.raises(ArgumentError, match="needs a function"):
        ObservationBot("uniform")  # type: ignore[arg-type]


def test_before_the_first_deal_it_plays_rock_paper_scissors_uniformly() -> None:
    seen = view(new_game("online"), 0)
    bot = ObservationBot(uniform)
    assert bot.observe(seen) is None
    assert sorted(bot.policy(seen).values()) == [pytest.approx(1 / 3)] * 3
    assert play_match(RuleSet.preset("online"), [bot, RandomBot()], rng=random.Random(3)).is_over


def test_simulate_seats_a_bot_object_by_its_name() -> None:
    """The arena takes a bot object beside a spec (issue 38): the summary names it, and the games are the same as
    with the spec of the same bot (the object is played as it is)."""
    by_object = simulate([HeuristicBot(), "random"], games=6, seed=4, hands=1, duplicate=True)
    by_name = simulate(["heuristic", "random"], games=6, seed=4, hands=1, duplicate=True)
    assert by_object.bots == ("heuristic", "random")
    assert by_object.results == by_name.results
    nameless = simulate([ObservationBot(uniform, name="net"), RandomBot()], games=2, seed=1, hands=1)
    assert nameless.keys == ("net", "random")


def test_simulate_refuses_what_is_no_bot() -> None:
    with pytest.raises(ArgumentError, match="two bot names"):
        simulate([object(), "random"], games=2)  # type: ignore[list-item]

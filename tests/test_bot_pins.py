"""What the bots do, as properties and a few readable choices (they replace the SHA-256 pins of their games).

- Every choice of every named bot is one of the legal actions of its view, in every preset and at two, four and
  six seats.
- A seeded game is deterministic: the same seed gives the same game, move for move; a bot plays the same game
  twice (fresh bots, or the same bot shown the same views with the same random source, choose alike).
- The heuristic bot's envido is mixed (its envido policy): at the same points, as pie, it both accepts and refuses an
  envido, and as mano both calls and keeps quiet, while a strong hand always accepts and a hopeless one rarely.
- A few choices a person can check by eye (33 points sing real envido; the bully calls truco at once).

A failing property says which bot, preset and seed; a failing choice shows the choice made and the one expected.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from helpers import QUICK_BOTS
from pytruco import Action, ArgumentError, Deal, RuleSet, SeatView, apply, new_game, random_deal, view
from pytruco.bots import BOT_NAMES, Bot, HeuristicBot, ISMCTSBot, SearchBot, TrucoAlwaysBot, play_match
from pytruco.bots._search import playout_policies

PRESETS = ("default", "online", "classic", "ladder", "reglamento")


def _rules(index: int) -> RuleSet:
    """The rules of game *index*: the five presets in turn, at two, four and six seats where they allow it."""
    preset = PRESETS[index % len(PRESETS)]
    players = 2 if preset in ("online", "ladder") else (2, 4, 6)[index % 3]
    return RuleSet.preset(preset, players=players, target=30 if preset == "ladder" else 15)


class _Checked:
    """A bot whose every choice is checked against its view's legal actions (and logged)."""

    def __init__(self, bot: Bot, label: str) -> None:
        self.bot = bot
        self.label = label
        self.name = getattr(bot, "name", "bot")
        self.choices: list[str] = []

    def act(self, seen: SeatView, rng: random.Random) -> Action:
        action = self.bot.act(seen, rng)
        assert action in seen.legal, f"{self.label}: {action} is not legal (legal: {[str(a) for a in seen.legal]})"
        self.choices.append(str(action))
        return action


def _game(name: str, index: int) -> tuple[list[str], list[str]]:
    """The history of game *index* of bot *name* (its team alternating between the seats) and the bot's choices."""
    rules = _rules(index)
    label = f"{name}, {rules.preset_name} at {rules.players} seats, seed bots/{name}/{index}"
    seats = [
        _Checked(QUICK_BOTS[name]() if seat % 2 == index % 2 else HeuristicBot(), label)
        for seat in range(rules.players)
    ]
    final = play_match(rules, seats, rng=random.Random(f"bots/{name}/{index}"))
    assert final.is_over, label
    return [str(item) for item in final.history], [c for bot in seats for c in bot.choices]


@pytest.mark.parametrize("name", sorted(BOT_NAMES))
def test_every_choice_of_every_bot_is_legal(name: str) -> None:
    """Five games each (every preset; two, four and six seats): each choice is in the view's legal actions."""
    for index in range(5):
        _game(name, index)


@pytest.mark.parametrize("name", sorted(BOT_NAMES))
def test_a_seeded_game_is_played_the_same_twice(name: str) -> None:
    """The same seed and fresh bots: the same game, move for move (the first differing move is shown)."""
    first, second = _game(name, 1), _game(name, 1)
    assert first[0] == second[0]
    assert first[1] == second[1]


@pytest.mark.parametrize("name", sorted(BOT_NAMES))
def test_a_bot_shown_the_same_views_chooses_alike(name: str) -> None:
    """A second bot of the same kind, shown the views of a game in the same order with the random source the
    first had at each, makes the same choices: a bot's choice depends on what it was shown and its random
    source only."""
    rng = random.Random(f"again/{name}")
    bot, twin = QUICK_BOTS[name](), QUICK_BOTS[name]()
    state = new_game(RuleSet.preset("classic", target=15), first_mano=0, rng=rng)
    moments: list[tuple[SeatView, object, Action]] = []
    while not state.is_over and len(moments) < 60:
        if state.is_chance:
            state, _ = apply(state, random_deal(state, rng))
            continue
        seat = state.to_act[0]
        seen, saved = view(state, seat), rng.getstate()
        action = bot.act(seen, rng)
        moments.append((seen, saved, action))
        state, _ = apply(state, action)
    again = random.Random()
    for seen, saved, action in moments:
        again.setstate(saved)  # type: ignore[arg-type]
        assert twin.act(seen, again) == action, seen.history


def _facing_envido(hand: str) -> SeatView:
    """Seat 1 (pie, the mano is seat 0) holding *hand*, asked to answer seat 0's envido at 0-0."""
    state = new_game("default", first_mano=0)
    state, _ = apply(state, Deal.parse([["4B", "5B", "6C"], hand.split()]))
    state, _ = apply(state, "0 envido")
    return view(state, 1)


def _answers(seen: SeatView, seeds: int = 200) -> Counter[str]:
    """How often a fresh heuristic bot gives each answer to *seen*, over *seeds* seeded random sources."""
    return Counter(HeuristicBot().act(seen, random.Random(seed)).kind.value for seed in range(seeds))


@pytest.mark.parametrize("hand", ["2O 10O 4E", "4O 10O 4E", "5O 10O 4E", "6O 10O 4E"])
def test_the_heuristic_bot_answers_an_envido_of_middling_points_both_ways(hand: str) -> None:
    """22 to 26 points as pie (the bot's mixed envido: it used to refuse every envido of 20-24): over 200 seeds it both
    accepts and refuses, so that its answer does not give its points away."""
    seen = _facing_envido(hand)
    assert 22 <= (seen.envido_points or 0) <= 26
    answers = _answers(seen)
    assert answers["quiero"] > 0 and answers["no-quiero"] > 0, (seen.envido_points, answers)


def test_the_heuristic_bot_always_accepts_good_points_and_rarely_hopeless_ones() -> None:
    """Mixing is near the threshold: 28 points always accept; 6 points refuse at least nine times in ten."""
    assert _answers(_facing_envido("7O 1O 4E")) == Counter({"quiero": 200})
    hopeless = _answers(_facing_envido("4E 5C 6O"))
    assert hopeless["no-quiero"] >= 180, hopeless


def test_the_heuristic_bot_as_mano_sometimes_calls_envido_on_25() -> None:
    """As mano with 25 points it calls envido on some seeds and plays on others: its call is mixed too."""
    state, _ = apply(new_game("default", first_mano=1), Deal.parse([["4B", "5B", "6C"], ["5O", "10O", "4E"]]))
    chosen = Counter(HeuristicBot().act(view(state, 1), random.Random(seed)).kind.value for seed in range(200))
    assert chosen["envido"] > 0 and chosen["play"] > 0, chosen


def test_choices_a_person_can_check() -> None:
    """33 points (7C 6C) sing real envido; the bully calls truco with a poor hand."""
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    assert str(HeuristicBot(bluff=0).act(view(state, 0), random.Random(1))) == "0 real-envido"
    poor, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1B", "3O", "3B"]]))
    assert str(TrucoAlwaysBot().act(view(poor, 0), random.Random(1))) == "0 truco"


def _quiet_hands(bot: HeuristicBot, hands: int) -> SeatView:
    """Seat 1's view at the start of hand *hands* + 1 of a game in which *bot* plays seat 1 and seat 0 never calls
    (it plays its cards and accepts what it is asked)."""
    rng = random.Random(4)
    state = new_game(RuleSet.preset("default", target=30), first_mano=0)
    while state.rounds_dealt <= hands:
        if state.is_chance:
            state, _ = apply(state, random_deal(state, rng))
            continue
        seat = state.to_act[0]
        seen = view(state, seat)
        if seat == 1:
            action = bot.act(seen, rng)
        else:
            quiet = [a for a in seen.legal if a.kind.value in ("play", "quiero", "flor", "tengo", "son-buenas")]
            action = quiet[0] if quiet else seen.legal[0]
        state, _ = apply(state, action)
    assert not state.is_chance and not state.is_over
    return view(state, 1)


def test_the_heuristic_counts_every_hand_it_played_not_only_those_it_answered() -> None:
    """A bot that judges by call rates (HeuristicBot.judge) counts the hands with no call too: after six hands in
    which seat 0 never called, its truco rate falls from the prior 0.24 to 1.2 / 11 (a bot that counted only the
    hands in which it answered a call would still see 0.24)."""
    bot = HeuristicBot(bluff=0)
    seen = _quiet_hands(bot, 6)
    truco_rate, envido_rate = bot.judge(seen)
    assert round(truco_rate, 3) == round(1.2 / 11, 3), (truco_rate, envido_rate)
    assert round(envido_rate, 3) == round(1.0 / 11, 3), (truco_rate, envido_rate)


def test_a_hand_judge_reads_the_hand_alone() -> None:
    """``rates="hand"``: the calls of the hand being played, with an honest player's prior, whatever came before
    (the playout opponents of the search bots, which never saw the earlier hands)."""
    bot = HeuristicBot(bluff=0, rates="hand")
    seen = _quiet_hands(bot, 6)
    assert [round(rate, 2) for rate in bot.judge(seen)] == [0.24, 0.2]
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1B", "3O", "3B"]]))
    called, _ = apply(state, Action.parse("0 truco"))
    assert [round(rate, 2) for rate in bot.judge(view(called, 1))] == [0.44, 0.2]


def test_the_playout_opponent_judges_the_searcher_by_the_hand_played_out() -> None:
    """The cause of the search bot's drop from 80% to 57% (issue 21): its playout opponent judged the searcher by
    fixed rates, so a truco called in a playout was answered as from a player who seldom calls. It now reads the
    calls of the hand played out: after the searcher's truco its truco rate is 0.44, not 0.3."""
    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1B", "3O", "3B"]]))
    (_ours, theirs), bully = playout_policies(HeuristicBot(), view(state, 0), None)
    assert isinstance(theirs, HeuristicBot) and not bully
    called, _ = apply(state, Action.parse("0 truco"))
    assert round(theirs.judge(view(called, 1))[0], 2) == 0.44
    assert SearchBot().model.rates == ISMCTSBot().model.rates == "hand"


@pytest.mark.parametrize("rates", [(0.5,), (0.2, 1.5), ("a", "b"), (True, 0.1), "game", [0.3, 0.2]])
def test_bad_rates_are_refused(rates: object) -> None:
    with pytest.raises(ArgumentError, match="rates must be"):
        HeuristicBot(rates=rates)  # type: ignore[arg-type]

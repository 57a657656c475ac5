"""The bots under the house-rule options of PRESETS.md §9 (issue 35, "the bots play every option well enough").

- Every named bot plays whole seeded games under each option with legal actions only (a bot that returned an
  illegal action would make ``play_match`` raise), one option set per §9 section.
- Choices a person can check, built with the engine, where an option changes what a call is worth: a weak flor
  declines a first flor worth 4 or 6 (§9.2, §9.3: ``con-flor-me-achico``, ``no-quiero``), never declines a flor
  call whose refusal gives as much as losing it (§9.2 ``flor_flor_value`` 3 or 4 in ``reglamento``, §9.8 a
  contraflor al resto worth a small falta or whose refusal hands over the game), answers a falta worth 3 points
  (§9.1 ``malas-leader``) as an envido, not as the game, and the searching bots find worlds in the hands
  ``"after-5"`` makes normal (§9.7).
- Folds that an option makes worthless are never made (§9.4, §9.5, §9.6). A fold is *worthless* where it
  cannot save a point: what it gives the other team (the truco value at stake and the §9.4 penalty, as the engine
  scores it) is at least the most the folding team can lose by playing on and refusing every later call; and,
  for §9.6, where it throws away an unsung flor besides.

A failing choice shows the choice made and the one expected.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

from helpers import QUICK_BOTS
from pytruco import Action, Deal, RuleSet, SeatView, apply, new_game, random_deal, view
from pytruco.bots import BOT_NAMES, Bot, HeuristicBot, ISMCTSBot, play_match
from pytruco.bots._heuristic import _high_falta
from pytruco.bots._worlds import seat_world

OPTION_SETS: dict[str, tuple[str, dict[str, Any]]] = {  # §9 section: (preset, options)
    "9.1 falta_envido=malas-leader": ("default", {"falta_envido": "malas-leader", "target": 30}),
    "9.1 falta_envido=malas-winner": ("default", {"falta_envido": "malas-winner", "target": 30}),
    "9.2 flor_flor_value=6": ("classic", {"flor_flor_value": 6}),
    "9.2 flor_flor_value=3 reglamento": ("reglamento", {"flor_flor_value": 3, "target": 15}),
    "9.3 flor_achico=true": ("classic", {"flor_achico": True, "flor_flor_value": 4}),
    "9.4 mazo_penalty=trick-1": ("default", {"mazo_penalty": "trick-1"}),
    "9.5 mano_mazo_before_acting=true": ("online", {"mano_mazo_before_acting": True}),
    "9.6 mazo_before_flor=true": ("classic", {"mazo_before_flor": True}),
    "9.7 pica_pica_schedule=after-5": ("default", {"players": 6, "pica_pica": True, "pica_pica_schedule": "after-5"}),
    "9.8 contraflor_al_resto=game": ("classic", {"contraflor_al_resto": "game"}),
}
"""One option set per section of §9, at target 15 unless the option needs 30 (the malas of §9.1)."""


def _rules(preset: str, options: dict[str, Any]) -> RuleSet:
    return RuleSet.preset(preset, **{"target": 15, **options})


@pytest.mark.parametrize("section", sorted(OPTION_SETS))
@pytest.mark.parametrize("name", sorted(BOT_NAMES))
def test_every_bot_plays_every_option_to_the_end(section, name):
    """PRESETS.md §9 (each section): a seeded match of the named bot against the heuristic (every seat of a
    6-seat table alternating) under the section's option ends, every choice legal (``play_match`` applies each
    one, so an illegal choice raises)."""
    preset, options = OPTION_SETS[section]
    rules = _rules(preset, options)
    bots = [QUICK_BOTS[name]() if seat % 2 == 0 else HeuristicBot() for seat in range(rules.players)]
    final = play_match(rules, bots, rng=random.Random(35), max_actions=20_000)
    assert final.is_over


# --- choices ---------------------------------------------------------------------------------------------------
STRONG, WEAK = ["7E", "6E", "5E"], ["10C", "11C", "12C"]  # flores of 33 (38 on three cards) and 20 points


def _seen(rules: RuleSet, hands: list[list[str]], actions: list[str], seat: int, score=(0, 0)) -> SeatView:
    state, _ = apply(new_game(rules, first_mano=0, score=score), Deal.parse(hands))
    for text in actions:
        state, _ = apply(state, Action.parse(text))
    return view(state, seat)


def _choices(bot: Bot, seen: SeatView, seeds: int = 8) -> set[str]:
    return {str(bot.act(seen, random.Random(seed))) for seed in range(seeds)}


JUDGING = sorted(set(BOT_NAMES) - {"random", "truco-always"})
"""The bots that answer a flor by their cards (the bully never declines anything, the random bot anything)."""


@pytest.mark.parametrize(
    ("value", "expected"), [(6, "1 con-flor-me-achico"), (4, "1 con-flor-me-achico"), (3, "1 flor")]
)
@pytest.mark.parametrize("name", JUDGING)
def test_weak_flor_takes_the_achico_when_flor_against_flor_is_worth_more(name, value, expected):
    """PRESETS.md §9.3 ``flor_achico`` with §9.2 ``flor_flor_value``: a 20-point flor facing the first flor gives
    3 points for sure by ``con-flor-me-achico`` and loses *value* points nearly always by answering ``flor``: at 4
    or 6 every judging bot takes the achico (main's heuristic answered ``flor`` at any value); at 3 the achico
    saves nothing and it answers ``flor``."""
    rules = RuleSet.preset("classic", flor_achico=True, flor_flor_value=value)
    seen = _seen(rules, [STRONG, WEAK], ["0 flor"], 1)
    assert "1 con-flor-me-achico" in [str(a) for a in seen.legal]
    assert _choices(QUICK_BOTS[name](), seen) == {expected}


def test_strong_flor_answers_a_flor_under_the_achico():
    """PRESETS.md §9.3: the achico is for a weak flor; 33 points answer the first flor (a contraflor, here)."""
    rules = RuleSet.preset("classic", flor_achico=True, flor_flor_value=6)
    seen = _seen(rules, [WEAK, STRONG], ["0 flor"], 1)
    assert _choices(HeuristicBot(), seen) == {"1 contraflor"}


@pytest.mark.parametrize(("value", "expected"), [(6, "1 no-quiero"), (4, "1 no-quiero"), (3, "1 flor")])
def test_weak_flor_declines_a_first_flor_worth_more_than_its_refusal(value, expected):
    """PRESETS.md §9.2 in ``online`` (optional flor, ``no-quiero`` to a first flor gives 3): a 20-point flor
    declines a flor against flor worth 4 or 6, and answers ``flor`` at 3 (main's heuristic answered ``flor``)."""
    rules = RuleSet.preset("online", flor_flor_value=value)
    seen = _seen(rules, [STRONG, WEAK], ["0 flor"], 1)
    assert _choices(HeuristicBot(), seen) == {expected}


@pytest.mark.parametrize(("value", "expected"), [(3, "0 quiero"), (4, "0 quiero"), (6, "0 con-flor-me-achico")])
@pytest.mark.parametrize("name", ["heuristic", "bluff-weak", "envido-always", "truco-bluff"])
def test_reglamento_weak_flor_accepts_a_second_flor_worth_no_more_than_the_achico(name, value, expected):
    """PRESETS.md §9.2 in ``reglamento``: ``con-flor-me-achico`` to the second flor gives 4; with
    ``flor_flor_value`` 3 or 4 ``quiero`` loses no more even with the worse flor, so a 20-point flor accepts
    (main's heuristic took the achico below 29 points); at the preset's 6 it still takes the achico."""
    rules = RuleSet.preset("reglamento", flor_flor_value=value)
    seen = _seen(rules, [WEAK, STRONG], ["0 flor", "1 flor"], 0)
    assert _choices(QUICK_BOTS[name](), seen) == {expected}


@pytest.mark.parametrize(
    ("resto", "score", "expected"),
    [
        ("falta", (26, 20), "0 quiero"),  # the falta is worth 4, its refusal 4
        ("falta", (10, 20), "0 no-quiero"),  # worth 10
        ("game", (10, 27), "0 quiero"),  # refusing gives the other team 4: 31 of 30
        ("game", (10, 20), "0 no-quiero"),
    ],
)
def test_contraflor_al_resto_is_answered_by_what_it_wins(resto, score, expected):
    """PRESETS.md §9.8 ``contraflor_al_resto`` (and §9.1's falta): a 20-point flor facing a contraflor al resto
    accepts it where refusing gives at least as much as losing it, a falta of 4 against a refusal of 4, or where
    refusing already gives the other team the game; otherwise it declines (main's heuristic always declined)."""
    rules = RuleSet.preset("classic", contraflor_al_resto=resto)
    seen = _seen(rules, [WEAK, STRONG], ["0 flor", "1 contraflor-al-resto"], 0, score)
    assert _choices(HeuristicBot(), seen) == {expected}


@pytest.mark.parametrize(("falta", "expected"), [("malas-leader", "1 quiero"), ("leader", "1 no-quiero")])
def test_a_falta_worth_three_is_answered_as_an_envido(falta, expected):
    """PRESETS.md §9.1 ``falta_envido``: at 12-10 (target 30) the falta of ``malas-leader`` is worth 3 points (15
    minus the leader's 12), no more than a real envido, so 27 points accept it as they would an envido; the
    ``leader`` falta is worth 18 (and takes the leader to the target) and 27 points refuse it (main's heuristic
    refused both)."""
    rules = RuleSet.preset("default", falta_envido=falta)
    seen = _seen(rules, [["4O", "5O", "6B"], ["5C", "2C", "4E"]], ["0 falta-envido"], 1, (12, 10))
    assert seen.pending is not None and seen.pending.if_accepted == (3 if falta == "malas-leader" else 18)
    assert _choices(HeuristicBot(bluff=0), seen) == {expected}


def _normal_hand_after_five() -> SeatView:
    """A view in a normal hand of a 6-seat ``"after-5"`` game at 5 points or more (after a pica hand)."""
    rules = RuleSet.preset("default", players=6, pica_pica=True, pica_pica_schedule="after-5")
    rng = random.Random(7)
    state = new_game(rules, first_mano=0, rng=rng)
    bots = [HeuristicBot() for _ in range(6)]
    while not state.is_over:
        if state.is_chance:
            state, _ = apply(state, random_deal(state, rng))
            continue
        seat = state.to_act[0]
        seen = view(state, seat)
        if seen.duel is None and 5 <= max(seen.score) < 25 and len(seen.legal) > 1:
            return seen
        state, _ = apply(state, bots[seat].act(seen, rng))
    raise AssertionError("the game had no normal hand between 5 and 25 points")


def test_search_finds_worlds_in_a_normal_hand_of_after_5():
    """PRESETS.md §9.7 ``"after-5"``: a game started at 5 points or more starts with a pica hand, so a world of a
    normal hand at such a score must be dealt as a normal hand; the searching bots find worlds there (on main
    every deal was refused and ISMCTS fell back to the heuristic)."""
    seen = _normal_hand_after_five()
    assert seat_world(seen, random.Random(1)) is not None
    assert ISMCTSBot(iterations=12, deals=6).values(seen, random.Random(1)) != {}


# --- folds -------------------------------------------------------------------------------------------------------
FOLDING_SPOTS: dict[str, tuple[RuleSet, list[list[str]], list[str], int]] = {
    # §9.4 trick-1: after an accepted truco in trick 1, the fold gives 2 + 1; playing on loses at most 2
    "9.4 trick-1 after an accepted truco": (
        RuleSet.preset("default", mazo_penalty="trick-1"),
        [["4C", "5O", "6B"], ["1E", "1B", "7E"]],
        ["0 truco", "1 quiero"],
        0,
    ),
    # §9.5: the mano's fold before acting gives 1 + 1; playing on and refusing every call loses at most 2
    "9.5 the mano before acting": (
        RuleSet.preset("online", mano_mazo_before_acting=True, mazo_penalty="no-truco"),
        [["4C", "5O", "6B"], ["1E", "1B", "7E"]],
        [],
        0,
    ),
    # §9.6: the fold gives 1 + 1 and throws away the flor that singing scores
    "9.6 before a mandatory flor": (
        RuleSet.preset("classic", mazo_before_flor=True),
        [WEAK, ["1E", "1B", "7O"]],
        [],
        0,
    ),
}


@pytest.mark.parametrize("spot", sorted(FOLDING_SPOTS))
@pytest.mark.parametrize("name", sorted(set(BOT_NAMES) - {"random"}))
def test_no_bot_makes_a_worthless_fold(spot, name):
    """PRESETS.md §9.4, §9.5, §9.6: where the option makes the mazo legal but worthless (see the module's
    docstring), no bot but the random one goes to the mazo."""
    rules, hands, actions, seat = FOLDING_SPOTS[spot]
    seen = _seen(rules, hands, actions, seat)
    assert f"{seat} mazo" in [str(a) for a in seen.legal]
    assert f"{seat} mazo" not in _choices(QUICK_BOTS[name](), seen, seeds=4)


@pytest.mark.parametrize("falta", ["leader", "loser"])
@pytest.mark.parametrize("target", [15, 30])
def test_the_presets_falta_is_always_a_high_stake(falta, target):
    """PRESETS.md §5, §9.1: the falta of the presets (the leader's, ``ladder``'s loser's) takes a team to the
    target at every score, so the heuristic answers it as the high stake it always did (no preset changes)."""
    rules = RuleSet.preset("default", target=target, falta_envido=falta)
    state, _ = apply(new_game(rules, first_mano=0), Deal.parse([["4O", "5O", "6B"], ["5C", "2C", "4E"]]))
    for score in itertools.product(range(target), repeat=2):
        assert _high_falta(attrs.evolve(view(state, 1), score=score)), score

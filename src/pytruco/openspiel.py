"""pytruco as an OpenSpiel game: ``python_truco``, registered with :mod:`pyspiel` on import.

Install the extra (``pip install 'pytruco-ar[openspiel]'``), import this module, then load the game by name::

    import pyspiel
    import pytruco.openspiel  # registers python_truco
    game = pyspiel.load_game("python_truco(preset=classic,players=4,target=15)")

Parameters:

- ``preset``: a preset name (default ``default``);
- ``players``: 2, 4 or 6 (default 2);
- ``target``: the points of a game, any whole number (0, the default: the preset's);
- ``hands``: the match ends after this many hands (0, the default: a whole match; 1: the one-hand research game);
- ``utility``: ``win`` (+1 for the winning team's seats, -1 for the others) or ``points`` (each seat's team's
  points minus the other team's, added up over the hands).

The first mano is seat 0 (there is no rock-paper-scissors), partners answer in turn order (the rule option
``answer_in_turn``: one player per decision), and a deal is dealt card by card as explicit chance (40 outcomes,
each card not yet dealt equally likely; :func:`pytruco.worlds.chance_outcomes`), seat 0's three cards first. The
hands are applied canonically (:meth:`pytruco.Deal.canonical`). Actions are :attr:`pytruco.Action.index` values
(96 distinct actions, ``truco-actions/1``); observations are ``truco-obs/1`` and information states
``truco-info/1`` (:mod:`pytruco.encode`), as strings and as tensors. Serialisation is OpenSpiel's own (the
action history). :func:`resampler` gives OpenSpiel's Python IS-MCTS bot the library's exact world sampler
(:func:`pytruco.worlds.sample_world`).

>>> import pyspiel
>>> game = pyspiel.load_game("python_truco(preset=default,hands=1)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), game.num_distinct_actions()
(True, 40, 96)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ._engine import State, apply, legal_actions, new_game
from .actions import NUM_ACTIONS, Action
from .cards import ALL_CARDS, Card
from .encode import (
    bounds,
    information_state,
    information_state_layout,
    information_state_string,
    observation,
    observation_layout,
    observation_string,
    research_rules,
)
from .rules import RuleSet
from .worlds import chance_outcomes, deal_from_cards, sample_world

__all__ = ["GAME_NAME", "TrucoGame", "TrucoState", "resampled", "resampler"]

GAME_NAME = "python_truco"
"""The name the game is registered under.

>>> import pyspiel
>>> from pytruco.openspiel import GAME_NAME
>>> pyspiel.load_game(f"{GAME_NAME}(preset=classic,players=4,target=15)").num_players()
4
"""

_DEFAULTS: dict[str, Any] = {"preset": "default", "players": 2, "target": 0, "hands": 0, "utility": "win"}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Argentine truco (pytruco)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class TrucoGame(pyspiel.Game):
    """The OpenSpiel game of a rule set (see the module's parameters).

    >>> import pyspiel
    >>> import pytruco.openspiel
    >>> game = pyspiel.load_game("python_truco(hands=1)")
    >>> type(game).__name__, game.num_distinct_actions()
    ('TrucoGame', 96)
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules, self.utility = research_rules({**_DEFAULTS, **dict(params or {})})
        rules = self.rules
        n = rules.players
        limits = bounds(rules)
        length = limits.max_hands * (3 * n + limits.max_actions_per_hand)
        if self.utility == "win":
            low, high = -1.0, 1.0
        else:
            chicos = 2 * rules.chicos_to_win - 1
            most = limits.max_hand_points * (rules.hands if rules.hands else 1)
            high = float(most if rules.hands else chicos * (rules.target - 1 + limits.max_hand_points))
            low = -high
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=40,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_GAME_TYPE, info, {**_DEFAULTS, **dict(params or {})})

    def new_initial_state(self) -> TrucoState:
        """A match waiting for its first card."""
        return TrucoState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """Observations (``truco-obs/1``) or, for perfect recall, information states (``truco-info/1``)."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.rules, perfect_recall)


class TrucoState(pyspiel.State):
    """A pytruco :class:`~pytruco.State` (:attr:`table`) with the cards of a deal being dealt.

    >>> import pyspiel
    >>> import pytruco.openspiel
    >>> state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
    >>> type(state).__name__, state.is_chance_node()
    ('TrucoState', True)
    """

    def __init__(self, game: TrucoGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.utility = game.utility
        self.table: State = new_game(game.rules, first_mano=0)
        self.dealing: list[Card] = []
        self.totals = [0, 0]

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player."""
        table = self.table
        if table.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if table.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return table.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(action.index for action in legal_actions(self.table) if action.seat == player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card (its index) with its probability."""
        return [(card.index, p) for card, p in chance_outcomes(self.table, self.dealing)]

    def _apply_action(self, action: int) -> None:
        table = self.table
        if table.is_chance:
            self.dealing.append(ALL_CARDS[action])
            if len(self.dealing) == 3 * self.rules.players:
                self.table, _ = apply(table, deal_from_cards(table, self.dealing))
                self.dealing = []
            return
        self.table, _ = apply(table, Action.from_index(action, table.to_act[0]))
        if self.table.round_over:
            points = self.table.round_points
            self.totals = [self.totals[0] + points[0], self.totals[1] + points[1]]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {ALL_CARDS[action]}"
        return str(Action.from_index(action, player))

    def is_terminal(self) -> bool:
        """The match is over."""
        return self.table.is_over

    def returns(self) -> list[float]:
        """Per seat: the match's utility for its team (zeros until the end)."""
        n = self.rules.players
        table = self.table
        if not table.is_over:
            return [0.0] * n
        if self.utility == "win":
            return [1.0 if seat & 1 == table.winner else -1.0 for seat in range(n)]
        diff = self.totals[0] - self.totals[1]
        return [float(diff if seat & 1 == 0 else -diff) for seat in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TrucoState:
        """A state that *player_id* cannot tell from this one (:func:`pytruco.worlds.sample_world`), rebuilt
        through the game's actions so that its history is OpenSpiel's."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return resampled(self, player_id, rng)

    def __str__(self) -> str:
        text = str(self.table)
        if self.dealing:
            text += "\ndealing: " + " ".join(str(card) for card in self.dealing)
        return text


def resampled(state: TrucoState, player: int, rng: random.Random) -> TrucoState:
    """*state* with the current hand's unseen cards dealt again for *player* (the cards of the hands before stay
    as they were: they change nothing that follows).

    >>> import random
    >>> import pyspiel
    >>> from pytruco.openspiel import resampled
    >>> state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> other = resampled(state, 0, random.Random(1))
    >>> other.information_state_string(0) == state.information_state_string(0)
    True
    """
    world = sample_world(state.table, player, rng)
    game = state.get_game()
    new = game.new_initial_state()
    if world is state.table:
        for action in state.history():
            new.apply_action(action)
        return new  # type: ignore[no-any-return]
    history = state.history()
    n = state.rules.players
    round_ = world.round
    assert round_ is not None
    # Replay up to the current hand's deal, deal the world's cards instead of the real ones, then the hand.
    before = state.table.rounds_dealt - 1
    at = 0
    while not (new.is_chance_node() and not new.dealing and new.table.rounds_dealt == before):
        new.apply_action(history[at])
        at += 1
    for hand in round_.dealt:
        for card in sorted(hand.cards):
            new.apply_action(card.index)
    for action in history[at + 3 * n :]:
        new.apply_action(action)
    return new  # type: ignore[no-any-return]


def resampler(state: Any, player: int) -> Any:
    """A resampler for OpenSpiel's Python ``ISMCTSBot.set_resampler``: the library's exact world sampler, with a
    random source drawn from Python's :mod:`random` (seed it for repeatable searches).

    >>> import pyspiel
    >>> from pytruco.openspiel import resampler
    >>> state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> resampler(state, 1).current_player() == state.current_player()
    True
    """
    return resampled(state, player, random.Random(random.getrandbits(64)))


class _Observer:
    """OpenSpiel's observer protocol: a float tensor with named parts, filled from a state for a player."""

    def __init__(self, rules: RuleSet, perfect_recall: bool) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        self.layout = information_state_layout(rules) if perfect_recall else observation_layout(rules)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = {part.name: self.tensor[part.start : part.start + part.size] for part in self.layout.slices}

    def set_from(self, state: TrucoState, player: int) -> None:
        table = state.table
        self.tensor[:] = information_state(table, player) if self.perfect_recall else observation(table, player)

    def string_from(self, state: TrucoState, player: int) -> str:
        table = state.table
        text = information_state_string(table, player) if self.perfect_recall else observation_string(table, player)
        mine = state.dealing[3 * player : 3 * player + 3]
        if mine:
            text += "\ndealing " + " ".join(str(card) for card in sorted(mine))
        return text


pyspiel.register_game(_GAME_TYPE, TrucoGame)

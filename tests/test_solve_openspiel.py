"""OpenSpiel's exploitability agrees with :mod:`pytruco.solve` (issue 38, "A small game solved exactly").

The small game's tree (:class:`pytruco.solve.SmallGame`) is wrapped as an OpenSpiel game here, node by node, and
OpenSpiel's own best response (``open_spiel.python.algorithms.exploitability``) measures the same policies.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytruco.solve import Policy, SmallGame

pyspiel = pytest.importorskip("pyspiel", reason="no openspiel extra: pip install 'pytruco-ar[openspiel]'")
exploitability = pytest.importorskip("open_spiel.python.algorithms.exploitability")
policy_module = pytest.importorskip("open_spiel.python.policy")

TWO_DEALS = [
    [["1E", "1B", "7E"], ["7O", "3C", "2B"]],
    [["4C", "5O", "6B"], ["7O", "3C", "2B"]],
]


class _TreeGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, small: SmallGame) -> None:
        self.small = small
        kind = pyspiel.GameType(
            short_name="pytruco_small_test",
            long_name="pytruco small game (test)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=False,
            parameter_specification={},
        )
        width = max([len(kids) for kids in small.children] + [small.num_deals])
        info = pyspiel.GameInfo(
            num_distinct_actions=width,
            max_chance_outcomes=small.num_deals,
            num_players=2,
            min_utility=-4.0,
            max_utility=4.0,
            utility_sum=0.0,
            max_game_length=40,
        )
        super().__init__(kind, info, {})

    def new_initial_state(self) -> _TreeState:
        return _TreeState(self)


class _TreeState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: _TreeGame) -> None:
        super().__init__(game)
        self.small = game.small
        self.node = -1  # the chance root

    def __deepcopy__(self, memo: dict[int, Any]) -> _TreeState:
        """OpenSpiel clones a Python state with deepcopy: share the tree, copy only the node."""
        clone = _TreeState(self.get_game())
        clone.node = self.node
        return clone

    def current_player(self) -> int:
        if self.node < 0:
            return int(pyspiel.PlayerId.CHANCE)
        if not self.small.children[self.node]:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.small.actor[self.node]

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.small.children[self.node])))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, 1 / self.small.num_deals) for i in range(self.small.num_deals)]

    def _apply_action(self, action: int) -> None:
        self.node = self.small.roots[action] if self.node < 0 else self.small.children[self.node][action]

    def _action_to_string(self, player: int, action: int) -> str:
        return str(action)

    def is_terminal(self) -> bool:
        return self.node >= 0 and not self.small.children[self.node]

    def returns(self) -> list[float]:
        u = self.small.utility[self.node] if self.is_terminal() else 0.0
        return [u, -u]

    def information_state_string(self, player: int | None = None) -> str:
        return repr(self.small.infosets[self.small.info[self.node]])

    def __str__(self) -> str:
        return f"node {self.node}"


def _openspiel_nash_conv(small: SmallGame, policy: Policy) -> float:
    game = _TreeGame(small)
    table = policy_module.TabularPolicy(game)
    for key, probs in policy.items():
        row = table.state_lookup[repr(key)]
        table.action_probability_array[row, : len(probs)] = probs
    return float(exploitability.nash_conv(game, table))


def test_openspiel_measures_the_same_nash_conv() -> None:
    """The two-deal bluffing game of tests/test_solve.py and CFR+'s average after 5 iterations (a policy with no
    zero and no uniform row): NashConv by OpenSpiel's best response equals ours. (OpenSpiel's Python best response
    over a Python game is slow: one small case.)"""
    small = SmallGame.build(deals=TWO_DEALS)
    policy = small.cfr(5)
    ours = small.nash_conv(policy)
    assert 0.05 < ours < 1.0
    assert _openspiel_nash_conv(small, policy) == pytest.approx(ours, abs=1e-9)

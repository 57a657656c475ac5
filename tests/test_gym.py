"""pytruco.gym (the research adapters): the Gymnasium environment plays whole matches against a library bot.

Skipped, with a message, where the ``pettingzoo`` extra is not installed; CI installs it (.ci/run, extras)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="no pettingzoo extra: pip install 'pytruco-ar[pettingzoo]'")
np = pytest.importorskip("numpy")

from pytruco import ArgumentError  # noqa: E402
from pytruco.gym import TrucoEnv  # noqa: E402


def test_the_gymnasium_environment_plays_against_a_bot() -> None:
    game = TrucoEnv(opponent="heuristic", preset="classic", hands=2)
    for seed in range(5):
        observation, _ = game.reset(seed=seed)
        done = False
        total = 0.0
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, done, truncated, _ = game.step(int(legal[seed % len(legal)]))
            total += reward
            assert not truncated
        table = game.aec.table
        assert table.is_over and total == (1.0 if table.winner == game.seat & 1 else -1.0)  # "win": +1 when won
    with pytest.raises(ArgumentError):
        game.step(0)


def _chi_square_bound(df: int) -> float:
    """The chi-square value that *df* degrees of freedom exceed with probability 0.001 (Wilson-Hilferty)."""
    z = 3.0902  # the standard normal's upper 0.001 point
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


class _Skewed:
    """A stochastic bot: the i-th legal action (of k) with probability (i + 1) / (k (k + 1) / 2)."""

    def __init__(self) -> None:
        self.asked: list[dict] = []

    def policy(self, seen, rng):  # type: ignore[no-untyped-def]
        k = len(seen.legal)
        chances = {action: (i + 1) / (k * (k + 1) / 2) for i, action in enumerate(seen.legal)}
        self.asked.append(chances)
        return chances

    def act(self, seen, rng):  # type: ignore[no-untyped-def]
        return seen.legal[0]


class _Uniform(_Skewed):
    def policy(self, seen, rng):  # type: ignore[no-untyped-def]
        chances = {action: 1 / len(seen.legal) for action in seen.legal}
        self.asked.append(chances)
        return chances


@pytest.mark.parametrize("bot", [_Uniform, _Skewed])
def test_a_stochastic_opponent_plays_by_its_policy(bot: type) -> None:
    """Issue 36 item 4 / issue 37: the opponent's actions follow its policy (a chi-square over its decisions, per
    number of choices); the old opponent took the most probable action, the first legal one on ties."""
    opponent = bot()
    game = TrucoEnv(opponent=opponent, seat=0, hands=1)
    chosen: list[tuple[dict, int]] = []
    step = game.aec.step

    def spy(action: int) -> None:
        if game.aec.agent_selection != "seat_0":
            chosen.append((opponent.asked[-1], action))
        step(action)

    game.aec.step = spy  # type: ignore[method-assign]
    rng = np.random.default_rng(0)
    observation, _ = game.reset(seed=11)
    while len(chosen) < 3000:
        observation, _, done, _, _ = game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        if done:
            observation, _ = game.reset()
    groups: dict[int, list[tuple[list[float], int]]] = {}
    for chances, action in chosen:
        indices = [a.index for a in chances]
        groups.setdefault(len(indices), []).append(([chances[a] for a in chances], indices.index(action)))
    statistic, df = 0.0, 0
    for k, rows in groups.items():
        expected = np.sum([p for p, _ in rows], axis=0)
        if k < 2 or expected.min() < 5:
            continue
        observed = np.bincount([at for _, at in rows], minlength=k)
        statistic += float(((observed - expected) ** 2 / expected).sum())
        df += k - 1
    assert df >= 3
    assert statistic < _chi_square_bound(df), (statistic, df, _chi_square_bound(df))


# Issue 36 item 3: misuse gets the library's errors.


def test_misuse_of_the_gymnasium_environment_is_refused() -> None:
    game = TrucoEnv(hands=1)
    with pytest.raises(ArgumentError, match="reset first"):
        game.step(0)
    observation, _ = game.reset(seed=3)
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    for action in (None, "x", float("inf"), [1], True, legal + 0.9, -1, 96):
        with pytest.raises(ArgumentError, match="an action is a whole number"):
            game.step(action)
    for seed in ([1], -1, "3", 1.5):
        with pytest.raises(ArgumentError, match="a seed is None or a whole number"):
            game.reset(seed=seed)
    for wrong in ({"opponent": 5}, {"seat": 2}, {"seat": True}, {"illegal_action": "ignore"}, {"first_mano": 7}):
        with pytest.raises(ArgumentError):
            TrucoEnv(**wrong)


# Issue 37: the opponent as people give it, the seat and the first mano drawn, an illegal action that loses.


def _play_out(game: TrucoEnv, seed: int) -> tuple[float, dict]:
    observation, info = game.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        observation, reward, done, truncated, info = game.step(int(np.flatnonzero(observation["action_mask"])[0]))
        total += reward
        assert not truncated
    return total, info


@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_the_opponent_by_name_or_as_a_bot(opponent: str) -> None:
    from pytruco.bots import load_bot

    for given in (opponent, load_bot(opponent)):
        game = TrucoEnv(opponent=given, hands=1)
        total, _ = _play_out(game, 2)
        assert total in (-1.0, 1.0) and game.aec.table.is_over


def test_a_callable_opponent_gets_its_seat_observation() -> None:
    seen: list[dict] = []

    def last_legal(observation: dict) -> int:
        seen.append(observation)
        return int(np.flatnonzero(observation["action_mask"])[-1])

    game = TrucoEnv(opponent=last_legal, seat=0, hands=1)
    _play_out(game, 4)
    assert seen and all(observation["action_mask"].sum() > 0 for observation in seen)
    with pytest.raises(ArgumentError, match="the opponent chose"):
        game = TrucoEnv(opponent=lambda observation: int(np.flatnonzero(observation["action_mask"] == 0)[0]), seat=1)
        game.reset(seed=1)


def test_self_play_acts_for_every_seat() -> None:
    game = TrucoEnv(opponent=None, players=4, hands=1, utility="points")
    observation, info = game.reset(seed=5)
    seats, done = set(), False
    while not done:
        seat = info["seat"]
        assert seat == game.aec.table.to_act[0] and observation["action_mask"].sum() > 0
        seats.add(seat)
        observation, _, done, _, info = game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert len(seats) >= 2


def test_the_seat_and_the_first_mano_are_drawn_unless_fixed() -> None:
    seats, manos = set(), set()
    for seed in range(16):
        _, info = TrucoEnv(players=4, hands=1).reset(seed=seed)
        seats.add(info["seat"])
        game = TrucoEnv(players=4, hands=1)
        game.reset(seed=seed)
        manos.add(game.aec.table.mano)
        fixed = TrucoEnv(players=4, hands=1, seat=2, first_mano=1)
        _, info = fixed.reset(seed=seed)
        assert info["seat"] == 2 and fixed.aec.table.mano == 1
    assert seats == {0, 1, 2, 3} and manos == {0, 1, 2, 3}


def test_the_same_seed_gives_the_same_episode() -> None:
    first = _play_out(TrucoEnv(opponent="random", hands=2), 9)
    again = _play_out(TrucoEnv(opponent="random", hands=2), 9)
    assert first == again


@pytest.mark.parametrize(("utility", "worst"), [("win", -1.0), ("points", None)])
def test_an_illegal_action_loses_when_asked(utility: str, worst: float | None) -> None:
    from pytruco.params import utility_range

    game = TrucoEnv(illegal_action="lose", hands=2, utility=utility)
    observation, _ = game.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, done, truncated, info = game.step(illegal)
    expected = worst if worst is not None else utility_range(game.aec.rules, utility)[0]
    assert done and not truncated and reward == expected and info["illegal"]
    assert expected < 0
    with pytest.raises(ArgumentError, match="reset"):
        game.step(0)


def test_an_illegal_action_raises_by_default_and_changes_nothing() -> None:
    from pytruco import IllegalActionError

    game = TrucoEnv(hands=1)
    observation, _ = game.reset(seed=1)
    before = game.aec.table
    with pytest.raises(IllegalActionError):
        game.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert game.aec.table is before


def test_check_env_passes_when_an_illegal_action_loses() -> None:
    """Issue 37: Gymnasium's own checker, which plays unmasked random actions."""
    from gymnasium.utils.env_checker import check_env

    check_env(TrucoEnv(illegal_action="lose", hands=1), skip_render_check=True)
    check_env(TrucoEnv(illegal_action="lose", preset="classic", players=4, flor=True), skip_render_check=True)


def test_rule_options_reach_the_table() -> None:
    game = TrucoEnv(preset="default", flor=True, envido_primero=False, hands=1)
    assert game.aec.rules.flor and not game.aec.rules.envido_primero


def test_an_opponent_that_always_ends_the_match_first_is_reported() -> None:
    """A match the opponent ends before the agent acts is dealt again, but not for ever."""
    from pytruco import Action

    mazo = Action.parse("1 mazo").index
    game = TrucoEnv(opponent=lambda observation: mazo, seat=0, first_mano=1, hands=1)
    with pytest.raises(ArgumentError, match="ended 100 matches in a row"):
        game.reset(seed=1)

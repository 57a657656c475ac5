"""The reference trainers (issue 38, "Reference trainers, seeded and resumable"): MCCFR and NFSP, seeded, saved,
resumed and evaluated, each on a budget of seconds.

MCCFR needs the ``openspiel`` extra, NFSP the ``rl`` extra too; without them these tests skip saying so.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from pytruco import ArgumentError
from pytruco.cli import main

pytest.importorskip("pyspiel", reason="no openspiel extra: pip install 'pytruco-ar[openspiel]'")
mccfr = pytest.importorskip("pytruco.train.mccfr")

# The two-deal bluffing game of tests/test_solve.py, solved by hand there: seat 0 holds unbeatable or hopeless
# cards; at the equilibrium it always calls truco with the first, bluffs a third of the time with the second,
# seat 1 accepts two thirds of the trucos, and the mano's value is 1/3.
TWO_DEALS = "python_truco_small(deals=1E 1B 7E/7O 3C 2B;4C 5O 6B/7O 3C 2B)"
ONE_HAND = "python_truco(hands=1)"


def _solver(trainer: object) -> tuple[str, dict[str, str]]:
    """A solver's text as its header (game, random generator...) and its table of information states (the solver
    keeps them in a hash map: the order of the entries in its text is no part of its state)."""
    head, _, table = trainer._solver.__getstate__().partition("[SolverValuesTable]\n")  # type: ignore[attr-defined]
    items = table.strip().split("<~>")
    return head, dict(zip(items[0::2], items[1::2], strict=True))


def _torch_or_skip() -> object:
    pytest.importorskip("torch", reason="no rl extra: pip install 'pytruco-ar[rl]'")
    pytest.importorskip("tree", reason="no rl extra (dm-tree): pip install 'pytruco-ar[rl]'")
    return pytest.importorskip("pytruco.train.nfsp")


# ---------------------------------------------------------------------- MCCFR
@pytest.mark.parametrize("sampling", mccfr.SAMPLINGS)
def test_mccfr_same_seed_same_average_policy(sampling: str) -> None:
    """Seeded: two trainers of one seed hold the same average policy; another seed holds another."""
    first, second, other = (mccfr.MCCFRTrainer(TWO_DEALS, sampling=sampling, seed=s) for s in (5, 5, 6))
    for trainer in (first, second, other):
        trainer.run(50)
    assert first.small_policy() == second.small_policy()
    assert first.small_policy() != other.small_policy()


@pytest.mark.parametrize(
    ("game", "sampling"), [(TWO_DEALS, "external"), (TWO_DEALS, "outcome"), (ONE_HAND, "external")]
)
def test_mccfr_resumed_run_equals_an_uninterrupted_one(game: str, sampling: str, tmp_path: Path) -> None:
    """Checkpoints: 20 iterations, save, load, 20 more give exactly the solver of 40 uninterrupted iterations
    (its regrets, average policy and random generator, compared as the solver's own text)."""
    whole = mccfr.MCCFRTrainer(game, sampling=sampling, seed=3)
    whole.run(40)
    half = mccfr.MCCFRTrainer(game, sampling=sampling, seed=3)
    half.run(20)
    half.save(tmp_path / "half.ckpt")
    resumed = mccfr.MCCFRTrainer.load(tmp_path / "half.ckpt")
    assert (resumed.iterations, resumed.sampling, resumed.seed) == (20, sampling, 3)
    resumed.run(20)
    assert resumed.iterations == 40
    assert _solver(resumed) == _solver(whole)
    half.run(20)  # and the trainer that saved goes on unchanged by saving
    assert _solver(half) == _solver(whole)


def test_mccfr_checkpoint_is_json_and_names_its_game(tmp_path: Path) -> None:
    trainer = mccfr.MCCFRTrainer(TWO_DEALS, seed=1)
    trainer.run(3)
    trainer.save(tmp_path / "c.ckpt")
    data = json.loads(gzip.decompress((tmp_path / "c.ckpt").read_bytes()))
    assert {k: data[k] for k in ("format", "sampling", "seed", "iterations")} == {
        "format": "pytruco-mccfr/1", "sampling": "external", "seed": 1, "iterations": 3,
    }  # fmt: skip
    assert data["game"] == trainer.game_string and data["game"].startswith("python_truco_small(")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not gzip", "not an MCCFR checkpoint"),
        (gzip.compress(b"[1, 2]"), "not an MCCFR checkpoint"),
        (gzip.compress(json.dumps({"format": "other/1", "game": "python_truco(hands=1)", "sampling": "external",
                                   "seed": 0, "iterations": 0, "solver": ""}).encode()), "not pytruco-mccfr/1"),
        (gzip.compress(json.dumps({"format": "pytruco-mccfr/1", "game": "kuhn_poker()", "sampling": "external",
                                   "seed": 0, "iterations": 0, "solver": ""}).encode()), "MCCFR trains on"),
        (gzip.compress(json.dumps({"format": "pytruco-mccfr/1", "game": "python_truco(hands=1)",
                                   "sampling": "external", "seed": 0, "iterations": 0, "solver": "x"}).encode()),
         "is not of its game"),
    ],
)  # fmt: skip
def test_mccfr_refuses_what_is_no_checkpoint(content: bytes, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.ckpt"
    path.write_bytes(content)
    with pytest.raises(ArgumentError, match=message):
        mccfr.MCCFRTrainer.load(path)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "kuhn_poker"}, "MCCFR trains on"),
        ({"sampling": "chance"}, "unknown sampling 'chance'"),
        ({"seed": -1}, "the seed must be"),
        ({"seed": 1.5}, "the seed must be"),
    ],
)
def test_mccfr_refuses_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        mccfr.MCCFRTrainer(**kwargs)  # type: ignore[arg-type]


def test_mccfr_exploitability_of_nothing_learned_is_the_uniform_policys() -> None:
    """Before any iteration the average policy is uniform: its exploitability is pytruco.solve's of the uniform
    policy, computed by hand for this game in tests/test_solve.py's terms (0.46875 points a hand)."""
    trainer = mccfr.MCCFRTrainer(TWO_DEALS, seed=1)
    tree = mccfr.small_game(deals="1E 1B 7E/7O 3C 2B;4C 5O 6B/7O 3C 2B")
    assert trainer.small_policy() == tree.uniform_policy()
    assert trainer.exploitability() == pytest.approx(tree.exploitability(tree.uniform_policy()))
    assert trainer.exploitability() == pytest.approx(0.46875)


def test_mccfr_finds_the_hand_solved_bluff() -> None:
    """A hand-checkable evaluation: after 3,000 iterations of external sampling the average policy is within 0.02
    points of the equilibrium's value 1/3 and 0.015 of exploitability, and seat 0 bluffs (calls truco with the
    hopeless cards, at its first decision) about a third of the time, as tests/test_solve.py solves it."""
    trainer = mccfr.MCCFRTrainer(TWO_DEALS, seed=1)
    trainer.run(3000)
    tree = trainer._tree()
    policy = trainer.small_policy()
    assert trainer.exploitability() < 0.015
    assert tree.value(policy) == pytest.approx(1 / 3, abs=0.02)
    first = {key[1][0]: key for key in tree.infosets if key[0] == 0 and len(key[1]) == 1}  # by the cards dealt
    hopeless, unbeatable = (next(key for deal, key in first.items() if card in deal) for card in ("4C", "1E"))
    bluff = policy[hopeless][tree.actions(hopeless).index("0 truco")]
    assert bluff == pytest.approx(1 / 3, abs=0.08)
    assert policy[unbeatable][tree.actions(unbeatable).index("0 truco")] > 0.5


def test_mccfr_small_game_is_the_solved_trees() -> None:
    """python_truco_small is pytruco.solve's tree: every information state string is one information set, and
    the default game has the documented size (docs/rules/small.md: 140 deals, 15,570 information sets)."""
    tree = mccfr.small_game()
    keys = {mccfr.info_state_text(key) for key in tree.infosets}
    assert (tree.num_deals, len(tree.infosets), len(keys)) == (140, 15570, 15570)


def test_mccfr_bot_plays_the_one_hand_game_and_is_evaluated_with_intervals() -> None:
    """The average policy sits at a table (bots.from_openspiel) and the arena measures it: duplicate games, a win
    rate and a margin each with a 95% interval. A policy of 2 iterations is nearly uniform, so against the
    uniform random bot it wins neither always nor never."""
    trainer = mccfr.MCCFRTrainer(ONE_HAND, seed=1)
    trainer.run(2)
    summary = trainer.evaluate("random", games=20, seed=2)
    assert summary.bots == ("mccfr", "random") and summary.duplicate and len(summary.results) == 20
    low, high = summary.win_interval(0)
    assert 0.0 < low < high < 1.0
    line = mccfr.evaluation_lines([summary])[0]
    assert line.startswith("  vs random: wins ") and " of 20 games (20 hands), margin " in line


def test_mccfr_small_game_has_no_bot_and_one_hand_no_exploitability() -> None:
    with pytest.raises(ArgumentError, match="a bot plays python_truco"):
        mccfr.MCCFRTrainer(TWO_DEALS).bot()
    with pytest.raises(ArgumentError, match="exact exploitability needs the small game"):
        mccfr.MCCFRTrainer(ONE_HAND).exploitability()


def test_mccfr_trains_on_a_presets_own_game_and_its_bot_keeps_the_option() -> None:
    """Issue 37: a preset's own OpenSpiel game (python_truco_classic, a yes/no option set to the other value than
    the preset's) trains, checkpoints by its name and sits at a table with its rules."""
    trainer = mccfr.MCCFRTrainer("python_truco_classic(hands=1,flor=False)", seed=1)
    trainer.run(2)
    assert trainer.game_string.startswith("python_truco_classic(") and "flor=False" in trainer.game_string
    bot = trainer.bot()
    assert not bot.rules.flor and bot.rules.show_rule  # classic's other options kept
    summary = trainer.evaluate("random", games=4, seed=2)
    assert len(summary.results) == 4


def test_cli_train_mccfr_saves_resumes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``pytruco train mccfr``: a run of 20 iterations in two commands reports what one command of 20 reports."""
    game = "python_truco_small(deals=1E 1B 7E/7O 3C 2B)"
    assert main(["train", "mccfr", "--game", game, "--iterations", "20", "--every", "10", "--seed", "4"]) == 0
    whole = capsys.readouterr().out.splitlines()
    path = str(tmp_path / "m.ckpt")
    assert main(["train", "mccfr", "--game", game, "--iterations", "10", "--every", "10", "--seed", "4",
                 "--save", path]) == 0  # fmt: skip
    first = capsys.readouterr().out.splitlines()
    assert main(["train", "mccfr", "--resume", path, "--iterations", "20", "--every", "10"]) == 0
    second = capsys.readouterr().out.splitlines()
    assert first[0] == whole[0] and first[1] == f"saved iteration 10 to {path}"
    assert second[0].startswith("resumed python_truco_small(") and second[1] == whole[1]


def test_cli_train_evaluates_a_one_hand_agent_in_whole_matches(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 38 (the leaderboard's full-match rows): ``--eval-hands 0`` seats the one-hand agent in matches to 30;
    each line gives the hands played and both sides' milliseconds a decision."""
    assert main(["train", "mccfr", "--game", "one-hand", "--iterations", "2", "--seed", "1", "--opponent", "random",
                 "--games", "2", "--eval-hands", "0"]) == 0  # fmt: skip
    heading, line = capsys.readouterr().out.splitlines()
    assert heading == "the average policy after 2 iterations, 2 duplicate games each of 30 points (seed 1):"
    hands = int(line.split(" games (")[1].split(" hands)")[0])
    assert line.startswith("  vs random: wins ") and hands > 2 and " ms a decision " in line
    assert main(["train", "mccfr", "--game", "one-hand", "--iterations", "1", "--opponent", "random",
                 "--games", "2"]) == 0  # fmt: skip
    assert "duplicate games each of 1 hand (seed 1):" in capsys.readouterr().out
    assert main(["train", "mccfr", "--game", "one-hand", "--opponent", "random", "--eval-hands", "-1"]) == 1
    err = capsys.readouterr().err
    assert "hands a game must be a whole number, 0 for whole matches, not -1" in err and err.count("\n") == 1


def test_cli_train_refuses_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "mccfr", "--resume", str(tmp_path / "none.ckpt")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pytruco train: not an MCCFR checkpoint:") and err.count("\n") == 1


# ---------------------------------------------------------------------- NFSP
def _nfsp_parameters(trainer: object) -> list[object]:
    agents = trainer.agents  # type: ignore[attr-defined]
    return [p.detach().clone() for a in agents for net in (a._avg_network, a._rl_agent._q_network)
            for p in net.parameters()]  # fmt: skip


TINY = {"hidden": (16,), "min_buffer": 32, "batch": 16, "learn_every": 8}


def test_nfsp_same_seed_same_networks_and_resume_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    """Seeded and resumable: 60 episodes, save, load, 60 more give bit for bit the networks of 120 uninterrupted
    episodes (both learners have learned by then: their buffers passed min_buffer); another seed differs."""
    nfsp = _torch_or_skip()
    import torch

    whole = nfsp.NFSPTrainer(seed=2, **TINY)  # type: ignore[attr-defined]
    whole.run(120)
    assert all(agent.loss[0] is not None for agent in whole.agents)  # the average networks have learned
    half = nfsp.NFSPTrainer(seed=2, **TINY)  # type: ignore[attr-defined]
    half.run(60)
    half.save(tmp_path / "n.pt")
    resumed = nfsp.NFSPTrainer.load(tmp_path / "n.pt")  # type: ignore[attr-defined]
    resumed.run(60)
    other = nfsp.NFSPTrainer(seed=3, **TINY)  # type: ignore[attr-defined]
    other.run(120)
    assert (resumed.episodes, resumed.steps) == (whole.episodes, whole.steps)
    expected = _nfsp_parameters(whole)
    assert all(torch.equal(a, b) for a, b in zip(_nfsp_parameters(resumed), expected, strict=True))
    assert not all(torch.equal(a, b) for a, b in zip(_nfsp_parameters(other), expected, strict=True))


def test_nfsp_leaves_the_callers_random_generators_alone() -> None:
    """The trainer draws from its own NumPy and PyTorch states: the caller's global generators are as before."""
    nfsp = _torch_or_skip()
    import numpy as np
    import torch

    np.random.seed(11)
    torch.manual_seed(11)
    expected = (np.random.random(), float(torch.rand(1)))
    np.random.seed(11)
    torch.manual_seed(11)
    nfsp.NFSPTrainer(seed=2, **TINY).run(10)  # type: ignore[attr-defined]
    assert (np.random.random(), float(torch.rand(1))) == expected


def test_nfsp_policy_sits_at_a_table_and_is_evaluated(tmp_path: Path) -> None:
    """The average policy as a bot, measured by the arena with intervals; probabilities over the legal actions."""
    nfsp = _torch_or_skip()
    trainer = nfsp.NFSPTrainer(seed=1, **TINY)  # type: ignore[attr-defined]
    trainer.run(5)
    summary = trainer.evaluate("random", games=10, seed=3)
    assert summary.bots == ("nfsp", "random") and len(summary.results) == 10
    state = trainer.game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    probabilities = trainer.average_policy().action_probabilities(state)
    assert sorted(probabilities) == state.legal_actions()
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_nfsp_evaluated_in_whole_matches(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 38: ``pytruco train nfsp --eval-hands 0`` plays the average policy in matches to 30."""
    nfsp = _torch_or_skip()
    trainer = nfsp.NFSPTrainer(seed=1, **TINY)  # type: ignore[attr-defined]
    trainer.run(3)
    summary = trainer.evaluate("random", games=2, seed=3, hands=0)
    assert summary.rules.hands == 0 and all(max(r.points) >= 30 for r in summary.results)
    assert summary.hands > len(summary.results)  # a falta envido may end a match in one hand, not every match
    assert main(["train", "nfsp", "--episodes", "2", "--opponent", "random", "--games", "2", "--eval-hands", "0"]) == 0
    assert "2 duplicate games each of 30 points (seed 1):" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "python_truco_small()"}, "NFSP trains on python_truco"),
        ({"tensor": "pixels"}, "unknown tensor 'pixels'"),
        ({"learning_rate": 1}, "unknown NFSP setting 'learning_rate'"),
        ({"game": "python_truco(players=4)"}, "two seats"),
        ({"game": "python_truco_classic(players=4)"}, "two seats"),  # issue 37: a preset's game is read, then refused
        ({"game": "python_truco_classic"}, "NFSP trains on python_truco"),
    ],
)
def test_nfsp_refuses_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    nfsp = _torch_or_skip()
    with pytest.raises(ArgumentError, match=message):
        nfsp.NFSPTrainer(**kwargs)  # type: ignore[attr-defined]


def test_nfsp_refuses_what_is_no_checkpoint(tmp_path: Path) -> None:
    nfsp = _torch_or_skip()
    path = tmp_path / "bad.pt"
    path.write_bytes(b"nothing")
    with pytest.raises(ArgumentError, match="not an NFSP checkpoint"):
        nfsp.NFSPTrainer.load(path)  # type: ignore[attr-defined]

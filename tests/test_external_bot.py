"""Issue 38: a bot in another language sits at a table over the JSON-lines protocol pytruco-bot/1
(docs/players.md, "External programs"); a bot that breaks the protocol gets an error that names it."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytruco import ArgumentError, RuleSet, new_game, view
from pytruco.bots import BotError, ExternalBot, HeuristicBot, load_bot, play_match
from pytruco.simulate import simulate

BOT = Path(__file__).resolve().parent / "external" / "bot.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js for the external bot")


def test_a_node_bot_plays_full_matches() -> None:
    """Two whole matches to 30 between the JavaScript bot and the heuristic, through pytruco simulate: every
    decision of the Node bot went over the protocol and was legal (the reducer refuses any other)."""
    summary = simulate([f"exec:node {BOT}", "heuristic"], games=2, seed=3)
    assert [r.winner is not None for r in summary.results] == [True, True]
    assert all(max(r.points) >= 30 for r in summary.results)
    assert all(r.decisions[0] > 10 for r in summary.results)


def test_an_external_bot_plays_repeatably_in_play_match() -> None:
    """An ExternalBot made by hand plays a whole match through play_match (every answer legal, or apply would
    refuse it) and, the Node program being seeded, the same match twice."""
    rules = RuleSet.preset("default", target=15)
    finals = []
    for _ in range(2):
        bot = ExternalBot(f"node {BOT}")
        try:
            finals.append(play_match(rules, [bot, HeuristicBot()], rng=random.Random(8)).history)
        finally:
            bot.close()
    assert finals[0] == finals[1]


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("illegal", r"answered '0 vale-cuatro', which is not legal here \(legal: "),
        ("garbage", "answered 'I fold', which is not JSON"),
        ("die", r"ended \(exit status 7\) without answering"),
    ],
)
def test_a_broken_external_bot_is_named_in_a_clear_error(mode: str, message: str) -> None:
    spec = f"exec:node {BOT} {mode}"
    bot = load_bot(spec)
    seen = view(new_game("default", first_mano=0), 0)
    with pytest.raises(BotError, match=f"external bot '{spec}' {message}"):
        bot.act(seen, random.Random(1))
    with pytest.raises(BotError, match=f"external bot '{spec}' {message}"):
        simulate([spec, "heuristic"], games=1, seed=1)


def test_a_silent_external_bot_times_out() -> None:
    """No answer within the timeout: an error naming the bot, and the program is stopped."""
    bot = ExternalBot(f"node {BOT} silent", timeout=0.5)
    seen = view(new_game("default", first_mano=0), 0)
    with pytest.raises(BotError, match=r"external bot 'exec:node .*bot.js silent' did not answer within 0.5 s"):
        bot.act(seen, random.Random(1))


def test_a_missing_program_is_refused_before_any_game() -> None:
    with pytest.raises(ArgumentError, match=r"cannot run external bot 'exec:\./no-such-bot': no program"):
        load_bot("exec:./no-such-bot")
    with pytest.raises(ArgumentError, match="exec: needs a command"):
        load_bot("exec:")


def test_the_command_line_reports_a_broken_bot_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytruco", "simulate", f"exec:node {BOT} illegal", "heuristic", "--games", "1"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("pytruco simulate: external bot ") and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1

"""What `pytruco play` says, read and checked (they replace the SHA-256 pins of its output).

- Two short seeded sessions, one per language, are compared line by line with the transcripts in
  ``tests/transcripts/`` (written out by hand-checked runs; a failing test shows the differing lines). After an
  intended change of wording, read the new output and update the transcript in the same commit.
- The refusals of bad options are exact sentences.
- For the rest, properties over long seeded games with typed answers drawn from a mix of menu numbers, words,
  phrases, bluffs, help and nonsense (both languages, colour, two and four seats, flor, chicos and
  rock-paper-scissors presets), and over narrated random playouts with timeouts and a concession: a seeded game
  says the same twice; nothing is left unformatted; no traceback; every point told adds up to the final score.
- The terminal's past defects (what it said wrong), each with the sentence the player now reads.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from pytruco import Action, Deal, RuleSet, apply, is_legal, legal_actions, new_game, random_deal, view
from pytruco.bots import DEFAULT_OPPONENT
from pytruco.cli import _parser
from pytruco.play import _Table, play_terminal
from pytruco.play._events import Narrator
from pytruco.play._screen import Screen

TRANSCRIPTS = Path(__file__).parent / "transcripts"
SESSION = "1\n2\nquiero\n1\nq\n"  # play a card, another, accept the truco, play the last one, leave

WORDS = [
    "1", "1", "1", "2", "3", "4", "?", "", "²", "no quiero", "quiero", "truco", "quiero retruco", "vale 4",
    "envido", "real envido", "falta", "flor", "contraflor", "me achico", "son buenas", "tengo 33", "tengo 20",
    "me voy al mazo", "el ancho", "3 de bastos", "piedra", "papel", "scissors", "0 envido", "el tres",
    "el envido está primero",
]  # fmt: skip

GAMES = {
    "es-default": {"seed": 1, "lang": "es", "target": 15},
    "en-default-colour": {"seed": 2, "lang": "en", "target": 15, "color": True},
    "es-flor-seat1": {"seed": 3, "lang": "es", "flor": True, "seat": 1, "target": 15},
    "en-reglamento-chicos": {"seed": 4, "lang": "en", "preset": "reglamento"},
    "es-online-rps": {"seed": 6, "lang": "es", "preset": "online", "target": 15},
    "es-classic-four": {"seed": 8, "lang": "es", "preset": "classic", "players": 4, "target": 15},
    "en-default-four-seat3": {"seed": 9, "lang": "en", "players": 4, "seat": 3, "target": 15},
    "en-ladder": {"seed": 10, "lang": "en", "preset": "ladder"},
}

REFUSED = {
    "es-three-players": ({"players": 3}, "pytruco play: el juego de terminal es de 2 o 4 jugadores, no 3\n"),
    "en-no-such-seat": ({"lang": "en", "players": 4, "seat": 4}, "pytruco play: there is no seat 4 at a table of 4\n"),
    "es-bad-preset": (
        {"preset": "nonsense"},
        "pytruco play: unknown preset 'nonsense' (known: default, online, classic, ladder, reglamento)\n",
    ),
    "en-bad-bot": (
        {"lang": "en", "bot": "nobody"},
        "pytruco play: unknown bot 'nobody' (known: always-call, bluff-weak, envido-always, heuristic, ismcts,"
        " never-accept, random, search, truco-always, truco-bluff, or module:Class, path/to/file.py:Class or"
        " exec:COMMAND)\n",
    ),
    "en-bad-target": ({"lang": "en", "target": 0}, "pytruco play: option 'target': default allows 30 or 15, not 0\n"),
}


def played(options: dict[str, object], typed: str) -> tuple[int, str]:
    """The exit status and the whole output of a game with *options*, the player typing *typed*. The opponent is
    the heuristic bot unless *options* name another: these tests check what the terminal says, and the heuristic
    keeps whole games quick (the default opponent, the searching ``ismcts``, has its own test below)."""
    out = io.StringIO()
    options = {"bot": "heuristic", **options}
    status = play_terminal(stdin=io.StringIO(typed), stdout=out, **options)  # type: ignore[arg-type]
    return status, out.getvalue()


def typed_for(name: str, answers: int = 20000) -> str:
    """A seeded mix of answers for game *name*."""
    pick = random.Random(name)
    return "".join(pick.choice(WORDS) + "\n" for _ in range(answers))


@pytest.mark.parametrize(
    ("transcript", "options"),
    [("play-es-seed1.txt", {"seed": 1, "lang": "es", "target": 15}),
     ("play-en-seed2.txt", {"seed": 2, "lang": "en", "target": 15})],
)  # fmt: skip
def test_a_short_session_says_what_its_transcript_says(transcript: str, options: dict[str, object]) -> None:
    """The whole output of a seeded session of five answers, line by line."""
    status, text = played(options, SESSION)
    assert status == 0
    assert text.splitlines() == (TRANSCRIPTS / transcript).read_text(encoding="utf-8").splitlines()


def test_the_default_opponent_is_the_strongest_bot() -> None:
    """Issue 38: `pytruco play` seats ``ismcts`` unless ``--bot`` names another (its figures against every
    exploiter are in docs/players.md). The command line's default, the function's, and a seeded session with
    no ``bot`` plays exactly as one with ``bot="ismcts"`` (and not as one against the heuristic)."""
    assert DEFAULT_OPPONENT == "ismcts"
    assert _parser().parse_args(["play"]).bot == DEFAULT_OPPONENT
    out = io.StringIO()
    assert play_terminal(seed=1, lang="es", target=15, stdin=io.StringIO(SESSION), stdout=out) == 0
    assert out.getvalue() == played({"seed": 1, "lang": "es", "target": 15, "bot": "ismcts"}, SESSION)[1]
    assert out.getvalue() != played({"seed": 1, "lang": "es", "target": 15}, SESSION)[1]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_bad_options_are_refused_in_one_sentence(name: str) -> None:
    options, said = REFUSED[name]
    assert played(options, "") == (1, said)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_long_seeded_game_is_told_the_same_twice_and_ends_well(name: str) -> None:
    """A whole game with mixed typed answers: exit status 0, the same output for the same seed, the match's
    end told, every template filled in and every prompt answered."""
    options = GAMES[name]
    status, text = played(options, typed_for(name))
    assert status == 0
    assert played(options, typed_for(name)) == (0, text)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
    ending = plain.rstrip().splitlines()[-1]
    assert re.search(r"(¡Ganaste!|¡Ganamos!|Perdiste\.|You win!|We win!|You lose\.)", ending), ending
    assert "{" not in plain and "}" not in plain and "None" not in plain
    assert "Traceback" not in plain
    assert ("\x1b[" in text) == bool(options.get("color"))


def test_leaving_and_running_out_of_input_say_goodbye() -> None:
    """`chau` after some answers, end of input, and Ctrl-C: a goodbye, with status 0, 0 and 130."""
    status, text = played({"seed": 11, "lang": "es", "bot": "random"}, typed_for("leaves", 40) + "chau\n")
    assert status == 0 and text.endswith("\nTe fuiste de la mesa. ¡Chau!\n")
    status, text = played({"seed": 12, "lang": "en"}, typed_for("runs out", 30))
    assert status == 0 and text.endswith("\nYou leave the table. Goodbye!\n")

    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            line = super().readline()
            if not line:
                raise KeyboardInterrupt
            return line

    out = io.StringIO()
    assert play_terminal(seed=13, bot="heuristic", stdin=Interrupted(typed_for("ctrl-c", 25)), stdout=out) == 130
    assert out.getvalue().endswith("> \nTe fuiste de la mesa. ¡Chau!\n")


def test_a_record_is_written_where_asked(tmp_path: Path) -> None:
    status, text = played({"seed": 14, "lang": "en", "target": 15, "record_path": str(tmp_path / "g.json")}, "q\n")
    assert status == 0
    assert text.endswith(f"Game record written to {tmp_path / 'g.json'}\n")
    assert (tmp_path / "g.json").read_text(encoding="utf-8").startswith('{\n "format": "truco-record/1"')


NARRATED = [
    ("default", 2, "es", 1), ("default", 2, "en", 2), ("online", 2, "es", 3), ("classic", 4, "en", 4),
    ("ladder", 2, "en", 1), ("classic", 2, "es", 5),
]  # fmt: skip
FLORES = Deal.parse([["1E", "7E", "4E"], ["1B", "3B", "5B"]])  # from seed 5 every deal: flor against flor
POINTS = re.compile(r"^  (Vos|Bot|Nosotros|Ellos|You|We|They) \+(\d+) \(")


def narrated(preset: str, players: int, lang: str, seed: int) -> tuple[str, tuple[int, int]]:
    """What seat 0 hears of a seeded random playout of *preset* (with timeouts and a concession), and the final
    score."""
    rules = RuleSet.preset(preset, players=players)
    rng = random.Random(seed)
    out = io.StringIO()
    state = new_game(rules, rng=rng) if not rules.rps_first_mano else new_game(rules)
    table = _Table(Screen(out, lang, rules, 0, color=False), state, {}, rng)
    for step in range(5000):
        state = table.state
        if state.is_over:
            break
        if state.is_chance:
            table.step(random_deal(state, rng) if seed < 5 else FLORES)
            continue
        actions = list(legal_actions(state))
        timeout = Action.parse(f"{state.to_act[0]} timeout")
        if rng.random() < 0.05 and is_legal(state, timeout):
            actions = [timeout]
        if step == 300:
            actions = [Action.parse(f"{state.to_act[0]} rendirse")]
        table.step(rng.choice(actions))
    return out.getvalue(), table.state.score


@pytest.mark.parametrize(("preset", "players", "lang", "seed"), NARRATED)
def test_every_point_told_adds_up_to_the_score(preset: str, players: int, lang: str, seed: int) -> None:
    """Each "+N (reason)" line is a team's gain; their sums are the final score (the seat's own team first
    in the words), and the telling is the same twice."""
    text, score = narrated(preset, players, lang, seed)
    assert narrated(preset, players, lang, seed)[0] == text
    mine = {"Vos", "Nosotros", "You", "We"}
    gained = [0, 0]
    for line in text.splitlines():
        found = POINTS.match(line)
        if found:
            gained[0 if found.group(1) in mine else 1] += int(found.group(2))
    assert tuple(gained) == score, text[-1500:]
    assert "{" not in text and "None" not in text


# --- the terminal's past defects, each with what the player reads now --------------------------------------------
def _table(preset: str, deal: list[list[str]], *moves: str, lang: str = "es", seat: int = 0, mano: int = 0,
           **options: object) -> tuple[_Table, io.StringIO]:  # fmt: skip
    rules = RuleSet.preset(preset, **options)
    out = io.StringIO()
    table = _Table(Screen(out, lang, rules, seat, color=False), new_game(rules, first_mano=mano), {}, random.Random(1))
    table.step(Deal.parse(deal))
    for move in moves:
        table.step(Action.parse(move))
    return table, out


@pytest.mark.parametrize("target", [15, 30])
def test_the_screen_names_the_halves_as_the_view_does(target: int) -> None:
    """PRESETS.md §8.32: malas below half the target, buenas from half of it; at 15 the half is 7.5, so 7 is
    malas and 8 buenas (the malas/buenas line: the screen said buenas at 7). The screen and the view agree at every
    score."""
    rules = RuleSet.preset("default", target=target)
    screen = Screen(io.StringIO(), "en", rules, 0, color=False)
    for ours in range(target):
        for theirs in range(target):
            state = new_game(rules, first_mano=0, score=(ours, theirs))
            halves = view(state, 0).halves
            assert halves is not None
            said = screen.score((ours, theirs))
            if halves[0] == halves[1]:
                assert said.endswith(f"({halves[0]})"), said
            else:
                assert said.endswith(f"({'You' if halves[0] == 'buenas' else 'Bot'} in buenas)"), said
    seven = Screen(io.StringIO(), "es", RuleSet.preset("default", target=15), 0, color=False)
    assert seven.score((7, 0)) == "Vos 7 \u2013 Bot 0 (malas)"
    assert seven.score((8, 7)) == "Vos 8 \u2013 Bot 7 (Vos en buenas)"


def test_a_refused_envido_in_classic_says_no_querido() -> None:
    """classic adds the envido's points at the end of the hand: the table still says how it ended (it used to say
    "envido — —")."""
    table, out = _table("classic", [["4C", "5O", "6B"], ["1B", "3O", "3B"]], "0 envido", "1 no-quiero")
    table.ask(io.StringIO("1\n"))
    assert "Envido: envido — no querido\n" in out.getvalue()


def test_envido_primero_is_understood() -> None:
    """Answering a truco with "el envido está primero" calls envido (it used to say "No entendí")."""
    table, out = _table("default", [["3E", "7E", "3C"], ["1B", "3O", "3B"]], "1 truco", mano=1)
    assert table.ask(io.StringIO("el envido está primero\n")) == Action.parse("0 envido")
    assert "No entendí" not in out.getvalue()


def test_a_rank_held_twice_asks_which_card() -> None:
    """ "el tres" holding two threes asks which (it used to say "No entendí"); the answer is then played."""
    table, out = _table("default", [["3E", "7E", "3C"], ["1B", "3O", "3B"]])
    assert table.ask(io.StringIO("el tres\nel tres de copas\n")) == Action.parse("0 3C")
    assert "> ¿Cuál? 3E (tres de espadas) o 3C (tres de copas).\n" in out.getvalue()
    table, out = _table("default", [["3E", "7E", "3C"], ["1B", "3O", "3B"]], lang="en")
    assert table.ask(io.StringIO("the three\n3E\n")) == Action.parse("0 3E")
    assert "> Which one? 3E (three of swords) or 3C (three of cups).\n" in out.getvalue()


def test_going_to_the_mazo_is_shouted_like_the_other_calls() -> None:
    _, out = _table("default", [["3E", "7E", "3C"], ["1B", "3O", "3B"]], "0 truco", "1 quiero", "0 mazo")
    assert "  Vos: ¡Truco!\n  Bot: ¡Quiero!\n  Vos: ¡Me voy al mazo!\n" in out.getvalue()


@pytest.mark.parametrize(
    ("lang", "players", "seat", "said"),
    [("es", 2, 0, " (podés subir vos)"), ("es", 2, 1, " (puede subir Bot)"), ("es", 4, 0, " (podemos subir nosotros)"),
     ("es", 4, 1, " (pueden subir ellos)"), ("en", 2, 0, " (you may raise)"), ("en", 4, 1, " (they may raise)")],
)  # fmt: skip
def test_who_may_raise_the_truco_reads_well(lang: str, players: int, seat: int, said: str) -> None:
    """After "1 truco, 0 quiero" seat 0's side holds the quiero (it used to say "(puede subir: vos)")."""
    deal = [["3E", "7E", "3C"], ["1B", "3O", "3B"], ["4E", "5E", "6E"], ["4B", "5B", "6B"]][:players]
    table, out = _table("default", deal, "0 3E", "1 truco", "0 quiero", lang=lang, seat=seat, players=players)
    table.screen.show_table(table.state, view(table.state, seat), "")
    assert f"la mano vale 2{said}\n" in out.getvalue() or f"the hand is worth 2{said}\n" in out.getvalue()


def test_two_against_two_tells_tricks_and_hands_to_us_and_them() -> None:
    """English 2v2 (it used to say "Hand to We.", "Hand to They.")."""
    rules = RuleSet.preset("default", players=4)
    state = new_game(rules, first_mano=0)
    narrator = Narrator(Screen(io.StringIO(), "en", rules, 0, color=False))
    state, events = apply(state, Deal.parse([["1E", "7E", "3C"], ["4O", "5O", "6O"], ["4E", "5E", "6E"],
                                            ["4B", "5B", "6B"]]))  # fmt: skip
    for move in ["0 mazo", "1 4O", "2 mazo"]:
        before = state.score
        state, events = apply(state, Action.parse(move))
        narrator.tell(state, events, before)
    said = narrator.screen.out.getvalue()  # type: ignore[attr-defined]
    assert "  Hand to them.\n" in said
    assert "They +1 (truco). We 0 \u2013 They 1 (malas)" in said

"""`pytruco play` driven through a real pseudo-terminal, as a person would play it.

Each test starts the installed command under a pty (standard library ``pty``), types seeded input, and
reads what the terminal shows. The waits are hang guards of ten minutes, not time limits: a read ends as soon as
the pattern shows or the process exits, and a loaded machine only makes it later (issue 36 item 17).
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX only", allow_module_level=True)

ANSI = re.compile(r"\x1b\[[0-9;]*m")
HANG = 600.0
"""Seconds after which a read or a wait gives up: only a hung process gets there."""


def _interruptible() -> None:
    """In the child: Ctrl-C interrupts, as at a person's terminal, even when the test run itself was started with
    SIGINT ignored (a shell's background job), which the child would otherwise inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """One `pytruco play` process on a pseudo-terminal, against the heuristic bot unless *args* name another (the
    tests check the terminal; the heuristic keeps whole games quick)."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.master, slave = pty.openpty()
        environ = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "NO_COLOR")}
        environ.update(env or {})
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pytruco", "play", *(() if "--bot" in args else ("--bot", "heuristic")), *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environ,
            start_new_session=True,
            preexec_fn=_interruptible,  # noqa: PLW1509  (the tests start no threads)
        )
        os.close(slave)
        self.seen = ""

    def read_until(self, pattern: str, timeout: float = HANG) -> str:
        """Read until *pattern* (a regex) appears in the output since the last call."""
        deadline = time.monotonic() + timeout
        start = len(self.seen)
        while time.monotonic() < deadline:
            text = ANSI.sub("", self.seen[start:])
            if re.search(pattern, text):
                return text
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.seen += chunk.decode("utf-8", "replace")
        raise AssertionError(f"{pattern!r} not shown; the terminal shows:\n{ANSI.sub('', self.seen[start:])[-3000:]}")

    def type(self, text: str) -> None:
        os.write(self.master, text.encode("utf-8"))

    def finish(self, timeout: float = HANG) -> int:
        try:
            while True:  # drain, so the process never blocks on a full pty
                ready, _, _ = select.select([self.master], [], [], 0.2)
                if ready:
                    chunk = os.read(self.master, 65536)
                    if not chunk:
                        break
                    self.seen += chunk.decode("utf-8", "replace")
                elif self.proc.poll() is not None:
                    break
        except OSError:
            pass
        code = self.proc.wait(timeout=timeout)
        os.close(self.master)
        return code

    @property
    def plain(self) -> str:
        return ANSI.sub("", self.seen)


def play_to_the_end(term: Terminal, prompt_tail: str) -> None:
    """Answer every prompt with the first option until the game is over (a prompt is waiting)."""
    for _ in range(3000):
        term.type("1\n")
        text = term.read_until(rf"(> $|{prompt_tail})")
        if re.search(prompt_tail, text):
            return
    raise AssertionError("the game did not end")


def test_a_whole_game_in_spanish_with_help_a_phrase_and_a_bad_input() -> None:
    """Spanish by default: voseo, the score with "Vos" first, `?`, a natural phrase, "²", to the end."""
    term = Terminal("--seed", "3", "--target", "15")
    text = term.read_until("> $")
    assert "Jugás contra Bot" in text
    assert "Vos 0 \u2013 Bot 0 (malas)" in text
    assert "Truco: no cantado" in text and "Envido: no cantado" in text
    assert "Tus cartas:" in text and "sos mano" in text
    term.type("?\n")
    text = term.read_until("> $")
    assert "Palos: E espadas, B bastos, O oros, C copas." in text
    assert "1E (ancho de espadas)" in text and "1O (uno de oros) = 1C (uno de copas)" in text
    term.type("²\n")
    assert "No entendí «²»" in term.read_until("> $")
    term.type("no quiero\n")  # nothing to refuse yet: explained, asked again
    assert "Ahora no se puede: no quiero." in term.read_until("> $")
    term.type("real envido\n")
    assert "Vos: ¡Real envido!" in term.read_until("> $")
    play_to_the_end(term, r"(¡Ganaste!|Perdiste\.) Vos \d+ \u2013 Bot \d+")
    assert term.finish() == 0
    assert "Traceback" not in term.plain
    assert re.search(r"Bot \+\d+ \((envido|truco)", term.plain)  # every score change with its reason


def test_a_whole_game_in_english_from_the_locale() -> None:
    """LANG=en_US: English words, "You" first in the score, a whole game to its end."""
    term = Terminal("--seed", "5", "--target", "15", env={"LANG": "en_US.UTF-8"})
    text = term.read_until("> $")
    assert "You play against Bot" in text
    assert "You 0 \u2013 Bot 0 (malas)" in text
    assert "Your cards:" in text
    term.type("?\n")
    assert "Suits: E espadas (swords), B bastos (clubs), O oros (coins), C copas (cups)." in term.read_until("> $")
    play_to_the_end(term, r"(You win!|You lose\.) You \d+ \u2013 Bot \d+")
    assert term.finish() == 0
    assert "Traceback" not in term.plain
    assert "Tricks of this hand:" in term.plain
    assert re.search(r"(You|Bot) \+\d+ \(truco\)", term.plain)


def test_lang_flag_and_quitting_with_q() -> None:
    """`--lang en` wins over the locale; `q` leaves with a goodbye and exit status 0."""
    term = Terminal("--seed", "1", "--lang", "en", env={"LANG": "es_AR.UTF-8"})
    term.read_until("> $")
    term.type("q\n")
    term.read_until("Goodbye")
    assert term.finish() == 0


def test_ctrl_d_leaves_cleanly() -> None:
    """Ctrl-D (end of input) leaves the table: a goodbye line, no traceback, exit status 0."""
    term = Terminal("--seed", "2")
    term.read_until("> $")
    term.type("\x04")
    term.read_until("Chau")
    assert term.finish() == 0
    assert "Traceback" not in term.plain


def test_ctrl_c_leaves_cleanly() -> None:
    """Ctrl-C: a goodbye line, no traceback, exit status 130."""
    term = Terminal("--seed", "2")
    term.read_until("> $")
    os.killpg(term.proc.pid, signal.SIGINT)
    term.read_until("Chau")
    assert term.finish() == 130
    assert "Traceback" not in term.plain


def test_colour_on_a_terminal_unless_no_color() -> None:
    """ANSI colour on a terminal; NO_COLOR turns it off."""
    term = Terminal("--seed", "2")
    term.read_until("> $")
    term.type("q\n")
    term.finish()
    assert "\x1b[" in term.seen
    plain = Terminal("--seed", "2", env={"NO_COLOR": "1"})
    plain.read_until("> $")
    plain.type("q\n")
    plain.finish()
    assert "\x1b[" not in plain.seen


def test_two_against_two_with_a_bot_partner() -> None:
    """`--players 4`: you and a bot partner against two bots; the score says "Nosotros" first; the welcome names
    the partner once (the partner's name: it said "(Compañero: Compañero)")."""
    term = Terminal("--seed", "4", "--players", "4", "--target", "15")
    text = term.read_until("> $")
    assert "Jugás contra Bot 1 y Bot 2, con tu compañero (un bot)." in text
    assert "(Compañero: Compañero)" not in text
    assert "Nosotros 0 \u2013 Ellos 0" in text
    play_to_the_end(term, r"(¡Ganamos!|Perdiste\.) Nosotros \d+ \u2013 Ellos \d+")
    assert term.finish() == 0
    assert re.search(r"Mano para (nosotros|ellos)\.", term.plain)
    assert "Mano para Nosotros" not in term.plain and "Mano para Ellos" not in term.plain


def test_two_against_two_in_english_says_us_and_them() -> None:
    """2v2 in English (the partner's and the team's names): "with your partner (a bot)", not "(Partner: Partner)"; "Hand
    to us." and "Trick to them.", never "Hand to We." or "Hand to They."."""
    term = Terminal("--seed", "6", "--players", "4", "--target", "15", "--lang", "en")
    text = term.read_until("> $")
    assert "You play against Bot 1 and Bot 2, with your partner (a bot)." in text
    assert "(Partner: Partner)" not in text
    play_to_the_end(term, r"(We win!|You lose\.) We \d+ \u2013 They \d+")
    assert term.finish() == 0
    plain = term.plain
    assert re.search(r"(Hand|Trick) to (us|them)\.", plain), plain[-2000:]
    for wrong in ("to We.", "to They.", "Hand to We", "Hand to They"):
        assert wrong not in plain


def test_reglamento_hints_the_true_points_where_a_bluff_is_legal() -> None:
    """In `reglamento` a declaration may be false (PRESETS.md §5): the menu shows the true points and a hint."""
    term = Terminal("--seed", "8", "--preset", "reglamento", "--lang", "en")
    for _ in range(400):
        text = term.read_until("> $")
        if "Declare your points." in text:
            assert "Your true points:" in text
            assert "tengo N (any number of 0-38)" in text
            break
        term.type("envido\n" if "envido" in text.split("You may:")[-1] else "1\n")
    else:
        raise AssertionError("no declaration in 400 prompts")
    term.type("q\n")
    assert term.finish() == 0


def test_version() -> None:
    """`pytruco --version` prints the version."""
    from pytruco import __version__

    done = subprocess.run(
        [sys.executable, "-m", "pytruco", "--version"], capture_output=True, text=True, check=False, timeout=HANG
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"pytruco {__version__}"


def test_simulate_draws_a_progress_bar_on_a_terminal() -> None:
    """`pytruco simulate` on a terminal draws a tqdm bar (the `sim` extra) on standard error."""
    pytest.importorskip("tqdm", reason="tqdm is not installed (pip install 'pytruco-ar[sim]')")
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytruco", "simulate", "--games", "30", "--seed", "1", "heuristic", "random"],
        stdin=slave, stdout=slave, stderr=slave,
    )  # fmt: skip
    os.close(slave)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        elif proc.poll() is not None:
            break
    assert proc.wait(timeout=HANG) == 0
    os.close(master)
    text = seen.decode("utf-8", "replace")
    assert "game/s" in text or "30/30" in text  # tqdm's counter
    assert "30 games of default" in text


def test_a_huge_number_or_points_typed_get_a_message_not_an_abort() -> None:
    """Typed `tengo` and 70 nines, and a line of 4,000 digits (a terminal line holds at most 4,095 characters):
    the prompt explains and asks again; the game goes on to a clean goodbye."""
    term = Terminal("--seed", "3", "--lang", "en")
    term.read_until("> $")
    term.type("tengo " + "9" * 70 + "\n")
    assert "I did not understand" in term.read_until("> $")
    term.type("7" * 4000 + "\n")
    text = term.read_until("> $")
    assert re.search("I did not understand '7{40}…'", text)  # the message quotes it cut short
    term.type("q\n")
    term.read_until("Goodbye")
    assert term.finish() == 0
    assert "internal error" not in term.plain and "Traceback" not in term.plain


def test_a_5000_digit_line_gets_a_message_not_an_abort() -> None:
    """A 5,000-digit line (more than a terminal line; a pipe delivers it) is not a number Python may convert:
    it is an answer not understood, never an internal error."""
    import io

    from pytruco.play import play_terminal

    out = io.StringIO()
    assert play_terminal(seed=3, bot="heuristic", lang="en", stdin=io.StringIO("5" * 5000 + "\nq\n"), stdout=out) == 0
    assert "I did not understand" in out.getvalue() and "Goodbye" in out.getvalue()


def test_a_bad_record_path_is_refused_before_the_match() -> None:
    """`--record` into a folder that does not exist: said before the first hand, exit status 1, no game lost."""
    term = Terminal("--seed", "3", "--lang", "en", "--record", "/nonexistent-folder-of-pytruco/game.json")
    text = term.read_until(r"record")
    assert term.finish() == 1
    assert "Your cards" not in term.plain and "internal error" not in term.plain
    assert "/nonexistent-folder-of-pytruco/game.json" in text


def test_the_record_is_written_when_the_player_leaves(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`--record FILE` and `q`: the record of the game so far is written, and reads back."""
    from pytruco import Record

    path = tmp_path / "game.json"
    term = Terminal("--seed", "3", "--lang", "en", "--record", str(path))
    term.read_until("> $")
    term.type("q\n")
    term.read_until("Goodbye")
    assert term.finish() == 0
    assert Record.loads(path.read_text(encoding="utf-8")).rules.preset_name == "default"


def test_the_record_is_written_when_the_player_leaves_with_ctrl_c(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 36 item 15: Ctrl-C leaves as q and Ctrl-D do, so `--record FILE` is written (with the move already
    made) before the goodbye; the exit status stays 130, the shell's for an interrupt."""
    from pytruco import Record

    path = tmp_path / "game.json"
    term = Terminal("--seed", "3", "--lang", "en", "--record", str(path))
    term.read_until("> $")
    term.type("1\n")
    term.read_until("> $")
    os.killpg(term.proc.pid, signal.SIGINT)
    term.read_until("Goodbye")
    assert term.finish() == 130
    assert "Traceback" not in term.plain
    assert path.exists(), f"no record written; the terminal shows:\n{term.plain[-1500:]}"
    record = Record.loads(path.read_text(encoding="utf-8"))
    assert record.rules.preset_name == "default"
    assert record.hands and record.hands[0].actions, record.hands  # the move typed before Ctrl-C


def test_an_ascii_terminal_plays_without_an_internal_error() -> None:
    """PYTHONIOENCODING=ascii: what ASCII cannot show is replaced, never an internal error."""
    term = Terminal("--seed", "3", env={"PYTHONIOENCODING": "ascii"})
    term.read_until("> $")
    term.type("1\n")
    term.read_until("> $")
    term.type("q\n")
    term.read_until("Chau")
    assert term.finish() == 0
    assert "internal error" not in term.plain and "Traceback" not in term.plain

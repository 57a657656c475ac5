"""A bot that is another program: a view in, an action out, one JSON line each (protocol ``pytruco-bot/1``).

The way UCI lets any chess engine play, this lets a bot written in any language sit at a table
(``pytruco simulate 'exec:./mybot' heuristic``); docs/players.md describes the protocol. The program is started
at its first decision (so naming it checks only that it can be run) and stays for the game: each decision,
pytruco writes one line, ``{"protocol": "pytruco-bot/1", "view": VIEW}`` with the seat's ``truco-view/1`` view
(:meth:`~pytruco.views.SeatView.to_json`, whose ``legal`` lists the allowed actions), and reads one line,
``{"action": ACTION}`` with one of them. At the end of the game its standard input is closed and it should exit.

>>> import sys
>>> from pytruco.bots import ExternalBot
>>> bot = ExternalBot(f"{sys.executable} -c pass")
>>> bot.name.startswith("exec:"), bot.timeout
(True, 30.0)
"""

from __future__ import annotations

import json
import queue
import random
import shlex
import shutil
import subprocess
import threading
from typing import IO, Any

from ..actions import Action
from ..errors import QUOTE_LIMIT, ArgumentError, TrucoError, quoted
from ..views import SeatView

__all__ = ["PROTOCOL", "BotError", "ExternalBot"]

PROTOCOL = "pytruco-bot/1"
"""The name and version of the protocol, sent in every request.

>>> from pytruco.bots import PROTOCOL
>>> PROTOCOL
'pytruco-bot/1'
"""

MAX_LINE = 1 << 20
"""The longest answer line read, in characters."""


class BotError(TrucoError):
    """A bot broke its protocol: an external program that answered an illegal action or something that is not
    an answer, took too long, or ended. The message names the bot.

    >>> from pytruco.bots import BotError
    >>> issubclass(BotError, ValueError)
    True
    """


def _reader(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Read *stream* line by line into *lines*, then ``None`` at its end."""
    try:
        while True:
            line = stream.readline(MAX_LINE)
            if not line:
                break
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)


class ExternalBot:
    """The program *command* (split as a shell would, run without a shell) as a bot; each answer within
    *timeout* seconds.

    Raises:
        ArgumentError: *command* is empty or names no program that can be run.

    >>> from pytruco.bots import ExternalBot
    >>> from pytruco import ArgumentError
    >>> try:
    ...     ExternalBot("./no-such-bot --fast")
    ... except ArgumentError as error:
    ...     print(error)
    cannot run external bot 'exec:./no-such-bot --fast': no program './no-such-bot'
    """

    def __init__(self, command: str, timeout: float = 30.0) -> None:
        self.name = f"exec:{command}"
        self.timeout = timeout
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise ArgumentError(f"cannot run external bot {quoted(self.name)}: {error}") from None
        if not self.argv:
            raise ArgumentError("exec: needs a command, as in exec:./mybot")
        if shutil.which(self.argv[0]) is None:
            raise ArgumentError(f"cannot run external bot {quoted(self.name)}: no program {quoted(self.argv[0])}")
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()

    def _start(self) -> subprocess.Popen[str]:
        self._lines = queue.Queue()
        try:
            process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1
            )
        except OSError as error:
            raise BotError(f"cannot start external bot {quoted(self.name)}: {error}") from None
        assert process.stdout is not None
        threading.Thread(target=_reader, args=(process.stdout, self._lines), daemon=True).start()
        self._process = process
        return process

    def _fail(self, what: str) -> BotError:
        """The error for a broken answer: the program is stopped (its game cannot go on)."""
        self.close()
        return BotError(f"external bot {quoted(self.name)} {what}")

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """Send *view* to the program, read its action (*rng* is not used: the program has its own chance).

        Raises:
            BotError: the program answered an action that is not legal here or something that is not an
                answer, did not answer within :attr:`timeout` seconds, or ended.
        """
        process = self._process if self._process is not None else self._start()
        request = json.dumps({"protocol": PROTOCOL, "view": view.to_json()}, separators=(",", ":"))
        try:
            assert process.stdin is not None
            process.stdin.write(request + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._fail(f"ended (exit status {process.poll()}) before it was asked") from None
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fail(f"did not answer within {self.timeout:g} s") from None
        if line is None:
            status = _status(process)
            raise self._fail(f"ended (exit status {status}) without answering")
        return self._action(line, view)

    def _action(self, line: str, view: SeatView) -> Action:
        """The action *line* answers, if it is a legal one."""
        try:
            answer: Any = json.loads(line)
        except ValueError:
            raise self._fail(f"answered {quoted(line.strip())}, which is not JSON") from None
        text = answer.get("action") if isinstance(answer, dict) else None
        if not isinstance(text, str):
            raise self._fail(f'answered {quoted(line.strip())}, not {{"action": "..."}}')
        legal = {str(action): action for action in view.legal}
        if text not in legal:
            shown = ", ".join(legal)
            shown = shown if len(shown) <= QUOTE_LIMIT else shown[:QUOTE_LIMIT] + "..."
            raise self._fail(f"answered {quoted(text)}, which is not legal here (legal: {shown})")
        return legal[text]

    def close(self) -> None:
        """End the game for the program: close its standard input, give it a second to exit, then stop it."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


def _status(process: subprocess.Popen[str]) -> int | None:
    """The exit status of a program whose output ended (``None`` if it is still running a second later)."""
    try:
        return process.wait(timeout=1)
    except subprocess.TimeoutExpired:
        return None

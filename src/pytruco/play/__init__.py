"""``pytruco play``: a game against bots in the terminal, in Spanish or English.

Spanish (Argentine, with *vos*) by default; English with ``--lang en`` or an
English locale (``LANG``/``LC_ALL`` starting with ``en``). Type the number of
an option, its word (``truco``, ``quiero``, ``3E``) or a phrase (``no
quiero``, ``real envido``, ``me voy al mazo``, ``quiero retruco``, ``el 7 de
oros``); ``?`` shows the suits and the card ranking; ``q``, Ctrl-D or Ctrl-C
leave the table.

>>> import io
>>> from pytruco.play import play_terminal
>>> out = io.StringIO()
>>> play_terminal(seed=1, lang="en", stdin=io.StringIO("?\\nq\\n"), stdout=out)
0
>>> "Suits: E espadas (swords)" in out.getvalue(), "Goodbye" in out.getvalue()
(True, True)
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Mapping
from typing import TextIO, cast

from .._engine import State, apply, check, new_game, random_deal
from ..actions import Action, Deal
from ..bots import DEFAULT_OPPONENT, Bot, load_bot
from ..errors import IllegalActionError, RuleSetError
from ..records import Record
from ..rules import RuleSet
from ..text import Lang, describe_refusal
from ..views import view
from ._events import Narrator
from ._input import asks_help, leaves, parse_answer, same_rank
from ._screen import Screen
from ._words import SENTENCES, detect_lang

__all__ = ["detect_lang", "parse_answer", "play_terminal"]


class _Table:
    """A game in progress, from the human's chair."""

    def __init__(self, screen: Screen, state: State, bots: dict[int, Bot], rng: random.Random) -> None:
        self.screen = screen
        self.state = state
        self.bots = bots
        self.rng = rng
        self.seat = screen.seat
        self.narrator = Narrator(screen)

    def ask(self, inp: TextIO) -> Action | None:
        """Show the table and the options, then read lines until one is a legal action (``None``: the player
        leaves)."""
        s, t = self.screen, self.screen.t
        seen = view(self.state, self.seat)
        s.show_table(self.state, seen, self.narrator.envido_result)
        s.show_options(self.state, seen)
        while True:
            s.out.write(t["prompt"])
            s.out.flush()
            line = inp.readline()
            if not line:
                return None
            text = line.strip()
            if leaves(text):
                return None
            if asks_help(text):
                s.show_help()
                continue
            if not text:
                continue
            action = parse_answer(text, seen)
            if action is None:
                which = same_rank(text, seen)
                if which:
                    word = " o " if s.lang == "es" else " or "
                    s.say(t["which_card"].format(cards=word.join(s.card(card, long=True) for card in which)))
                else:
                    s.say(t["unknown"].format(text=text if len(text) <= 40 else text[:40] + "…"))
                continue
            try:
                check(self.state, action)
            except IllegalActionError as error:
                s.say(t["not_now"].format(what=s.action(action)) + self.reason(error))
                continue
            return action

    def reason(self, error: IllegalActionError) -> str:
        """Why *error* refused the action, in the player's words, where the
        library's text module knows the refusal (``" "`` + a sentence), else ``""``."""
        if getattr(error, "code", None) in (None, "illegal"):  # no stable reason to translate
            return ""
        names = [self.screen.names[seat] for seat in range(self.state.rules.players)]
        return " " + describe_refusal(error, cast(Lang, self.screen.lang), names)

    def step(self, action: Action | Deal) -> None:
        """Apply *action* and tell what happened."""
        score = self.state.score
        self.state, events = apply(self.state, action)
        if isinstance(action, Deal):
            score = self.state.score
        self.narrator.tell(self.state, events, score)


def play_terminal(
    *,
    preset: str = "default",
    target: int | None = None,
    flor: bool | None = None,
    seed: int | None = None,
    seat: int = 0,
    bot: str = DEFAULT_OPPONENT,
    record_path: str | None = None,
    lang: str | None = None,
    players: int = 2,
    color: bool | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    options: Mapping[str, object] | None = None,
) -> int:
    """Play one match against bots; returns the exit status (0; 130 after Ctrl-C; 1 when the record cannot be
    written). Leaving early (``q``, Ctrl-D or Ctrl-C) still writes *record_path*: the game so far.

    Args:
        lang: ``"es"`` or ``"en"`` (``None``: from the locale, :func:`detect_lang`).
        bot: the other side's bot (:func:`~pytruco.bots.load_bot`; a partner is the heuristic).
        players: 2 (you against a bot) or 4 (you and a bot partner against two bots).
        color: ANSI colours (``None``: when the output is a terminal and ``NO_COLOR`` is not set).
        options: more rule options, as a record's ``rules`` names them (``{"falta_envido": "malas-leader"}``).

    >>> import io
    >>> from pytruco.play import play_terminal
    >>> out = io.StringIO()
    >>> play_terminal(seed=1, lang="en", stdin=io.StringIO("quit\\n"), stdout=out)
    0
    >>> "quit" in out.getvalue().lower() or "bye" in out.getvalue().lower()
    True
    """
    inp = stdin if stdin is not None else _tolerant(sys.stdin)
    out = stdout if stdout is not None else _tolerant(sys.stdout)
    language = lang if lang in SENTENCES else detect_lang()
    chosen = _rules_and_bot(
        out, language, preset, {**(options or {}), "target": target, "flor": flor}, players, seat, bot
    )
    if chosen is None or (record_path and _refuse_record_path(out, language, record_path)):
        return 1
    rules, opponent = chosen
    if color is None:
        color = bool(getattr(out, "isatty", lambda: False)()) and "NO_COLOR" not in os.environ
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    screen = Screen(out, language, rules, seat, color)
    state = new_game(rules, rng=rng) if not rules.rps_first_mano else new_game(rules)
    bots = {s: (opponent if s & 1 != seat & 1 else load_bot("heuristic")) for s in range(players) if s != seat}
    table = _Table(screen, state, bots, rng)
    _welcome(screen, bots)
    interrupted = False
    try:
        left = _loop(table, inp)
    except KeyboardInterrupt:  # Ctrl-C leaves as q and Ctrl-D do (the record is written), with the shell's 130
        left = interrupted = True
    _last_words(screen, table.state, left)
    written = _write_record(screen, table.state, record_path) if record_path else 0
    return 130 if interrupted and written == 0 else written


def _write_record(screen: Screen, state: State, record_path: str) -> int:
    """Write the match's record to *record_path*; the exit status (1 when the write fails)."""
    try:
        with open(record_path, "w", encoding="utf-8") as handle:
            handle.write(Record.from_state(state).dumps(indent=1) + "\n")
    except OSError as error:  # the disk filled up, or the folder went away during the match
        screen.say(screen.t["record_bad"].format(path=record_path, why=error.strerror or type(error).__name__))
        return 1
    screen.say(screen.t["record"].format(path=record_path))
    return 0


def _tolerant(stream: TextIO) -> TextIO:
    """*stream* (standard input or output) with what its encoding cannot hold replaced, not an error: with
    ``PYTHONIOENCODING=ascii`` the game's Spanish words and dashes show as ``?``."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    return stream


def _record_path_problem(path: str) -> str | None:
    """Why the record cannot be written to *path* at the end of the match, or ``None`` (checked before it)."""
    if "\x00" in path:
        return "a path cannot hold a NUL character"
    if os.path.isdir(path):
        return "it is a folder"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"there is no folder {folder}"
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return "permission denied"
    return None


def _refuse_record_path(out: TextIO, language: str, record_path: str) -> bool:
    """Say why *record_path* cannot be written, if it cannot: refused before the match, not after it (when the game
    would be lost)."""
    problem = _record_path_problem(record_path)
    if problem is not None:
        out.write(SENTENCES[language]["record_bad"].format(path=record_path, why=problem) + "\n")
    return problem is not None


def _rules_and_bot(
    out: TextIO, language: str, preset: str, options: Mapping[str, object], players: int, seat: int, bot: str
) -> tuple[RuleSet, Bot] | None:
    """The rules and the opponents' bot that the options ask for, or ``None`` after saying why there are none.
    *options* name rule options as a record's ``rules`` does; a ``None`` value (``target``, ``flor`` not given)
    keeps the preset's."""
    if players not in (2, 4):
        out.write(SENTENCES[language]["need_players"].format(n=players) + "\n")
        return None
    named = {name: value for name, value in options.items() if value is not None}
    try:
        rules = RuleSet.from_dict({**named, "players": players, "preset": preset})
    except RuleSetError as error:
        out.write(f"pytruco play: {error}\n")
        return None
    if not 0 <= seat < players:
        out.write(f"pytruco play: there is no seat {seat} at a table of {players}\n")
        return None
    try:
        return rules, load_bot(bot)
    except ValueError as error:
        out.write(f"pytruco play: {error}\n")
        return None


def _welcome(screen: Screen, bots: dict[int, Bot]) -> None:
    """The rules, who the player plays against (and with) and how to type."""
    t, seat, rules = screen.t, screen.seat, screen.rules
    opponents = sorted({screen.who(s) for s in bots if s & 1 != seat & 1})
    against = (" and " if screen.lang == "en" else " y ").join(opponents)
    if rules.players == 4:
        against += t["with_partner"]
    screen.say(screen.paint(t["welcome"].format(preset=rules.preset_name, target=rules.target, against=against), "1"))
    screen.say(t["help_line"])


def _last_words(screen: Screen, final: State, left: bool) -> None:
    """Goodbye when the player *left*, else who won the match and its score (and chicos)."""
    t, rules = screen.t, screen.rules
    if left:
        screen.say()
        screen.say(t["bye"])
        return
    mine = screen.seat & 1
    key = "match_them" if final.winner != mine else ("match_you" if rules.players == 2 else "match_us")
    screen.say()
    score = screen.score(final.score)
    if rules.chicos_to_win > 1:
        score += " · " + t["chicos"].format(
            a=screen.team(mine), x=final.chicos[mine], b=screen.team(1 - mine), y=final.chicos[1 - mine]
        )
    screen.say(screen.paint(t[key].format(score=score), "1"))


def _loop(table: _Table, inp: TextIO) -> bool:
    """Play until the match ends (``False``) or the player leaves (``True``)."""
    seat = table.seat
    while not table.state.is_over:
        state = table.state
        if state.is_chance:
            table.step(random_deal(state, table.rng))
            continue
        if seat in state.to_act:
            action = table.ask(inp)
            if action is None:
                return True
        else:
            acting = state.to_act
            other = acting[0] if len(acting) == 1 else table.rng.choice(acting)
            action = table.bots[other].act(view(state, other), table.rng)
        table.step(action)
    return False

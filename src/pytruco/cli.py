"""The ``pytruco`` command: replay records, play against a bot, benchmark.

``pytruco replay [--trace] FILE`` prints one JSON object (RECORDS.md);
``pytruco play`` plays a game in the terminal against a bot;
``pytruco random`` prints the record of a game between two random players;
``pytruco bench`` measures random playouts per second;
``pytruco simulate BOT BOT [BOT...]`` plays many games between two bots and
summarizes them (three or more: a round robin with ratings).
``pytruco exploit BOT`` trains a PPO policy against a bot and reports how often it beats it (the ``rl`` extra).
``pytruco view --seat N|spectator FILE`` prints a seat's view after a record,
``pytruco events --seat N|spectator FILE`` the events as that seat receives them (``--lang es|en``: with their text)
(one JSON object per line) and ``pytruco schema record|view|event|action|protocol`` a JSON Schema;
``pytruco train mccfr|nfsp`` trains a reference agent (the research extras);
``pytruco serve`` runs the reference game server (the ``server`` extra; ``pytruco serve --help``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .errors import RecordError, TrucoError, quoted
from .records import MAX_RECORD_SIZE, Record, replay
from .version import __version__

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    """The ``pytruco`` argument parser with every command."""
    parser = argparse.ArgumentParser(prog="pytruco", description="Argentine truco rules engine.")
    parser.add_argument("--version", action="version", version=f"pytruco {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    _add_replay_and_play(commands)
    _add_random_and_bench(commands)
    _add_exploit(commands)
    _add_simulate(commands)
    _add_train(commands)
    _add_client_commands(commands)
    # `pytruco serve ...` goes to pytruco.server's own parser (see main); listed here for --help.
    commands.add_parser(
        "serve", help="run the reference game server (pip install 'pytruco-ar[server]')", add_help=False
    )
    return parser


def _add_replay_and_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``pytruco replay`` and ``pytruco play``."""
    p_replay = commands.add_parser("replay", help="replay a game record and print the result as JSON")
    p_replay.add_argument("--trace", action="store_true", help="print every decision point first")
    p_replay.add_argument("file", help="the record (JSON); - reads standard input")

    p_play = commands.add_parser("play", help="play against a bot in the terminal")
    p_play.add_argument("--preset", default="default", help="rules preset (default: %(default)s)")
    p_play.add_argument("--target", type=int, default=None, help="points to win (15 or 30)")
    p_play.add_argument("--flor", action=argparse.BooleanOptionalAction, default=None, help="play with flor")
    p_play.add_argument("--seed", type=int, default=None, help="seed the deck and the bot (default: unpredictable)")
    p_play.add_argument("--seat", type=int, default=0, choices=(0, 1, 2, 3), help="your seat (default: 0)")
    p_play.add_argument("--players", type=int, default=2, choices=(2, 4), help="2, or 4 for 2v2 with a bot partner")
    p_play.add_argument("--lang", default=None, choices=("es", "en"), help="language (default: from the locale)")
    p_play.add_argument("--bot", default=_default_opponent(), help=f"opponent: {_bot_choices()} (default: %(default)s)")
    p_play.add_argument("--record", default=None, help="write the game record to this file at the end")
    p_play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=_OPTION_HELP)


MAX_BENCH_SECONDS = 3600.0
"""``pytruco bench --seconds`` takes at most this (an hour per figure)."""


def _seconds(text: str) -> float:
    """A ``--seconds`` value: a finite number of seconds above zero (nan, infinite or negative never end)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {quoted(text)}") from None
    if not 0 < value <= MAX_BENCH_SECONDS:  # also false for nan
        raise argparse.ArgumentTypeError(f"must be above 0 and at most {MAX_BENCH_SECONDS:g}, not {quoted(text)}")
    return value


def _add_random_and_bench(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``pytruco random`` and ``pytruco bench``."""
    p_random = commands.add_parser(
        "random", help="print the record of a game between random players", description="Play one game between"
        " random players (one per seat) and print its record (JSON, truco-record/1) on standard output."
    )  # fmt: skip
    p_random.add_argument("--preset", default="default", help="rules preset (default: %(default)s)")
    p_random.add_argument("--players", type=int, default=2, help="seats: 2, 4 or 6 (default: %(default)s)")
    p_random.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=_OPTION_HELP)
    p_random.add_argument(
        "--seed", type=int, default=None, help="seed the deals and the players (default: unpredictable)"
    )

    p_bench = commands.add_parser("bench", help="measure random playouts and replays per second")
    p_bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p_bench.add_argument("--seconds", type=_seconds, default=2.0, help="time per figure (default: %(default)s)")
    p_bench.add_argument(
        "--repeats", type=int, default=5, help="report the best of this many runs (default: %(default)s)"
    )
    p_bench.add_argument("--seed", type=int, default=1)


def _add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``pytruco simulate``."""
    p_sim = commands.add_parser(
        "simulate", help="play many games between two bots and summarize them (three or more: a round robin)"
    )
    p_sim.add_argument("bots", nargs="+", metavar="BOT", help=f"a bot: {_bot_choices()}")
    p_sim.add_argument("--games", type=int, default=100, help="games to play, a pairing (default: %(default)s)")
    p_sim.add_argument("--hands", type=int, default=0, help="hands a game (1: the one-hand game; 0: whole matches)")
    p_sim.add_argument("--duplicate", action="store_true", help="each deal played twice, the seats swapped")
    p_sim.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples of a round robin's ratings")
    p_sim.add_argument("--seed", type=int, default=None, help="master seed (default: unpredictable, reported)")
    p_sim.add_argument("--preset", default="default", help="rules preset (default: %(default)s)")
    p_sim.add_argument("--players", type=int, default=None, help="seats: 2, 4 or 6 (default: the preset's)")
    p_sim.add_argument("--target", type=int, default=None, help="points to win")
    p_sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=_OPTION_HELP)
    p_sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p_sim.add_argument("--workers", type=int, default=1, help="parallel processes (default: %(default)s)")
    p_sim.add_argument("--backend", default="local", choices=("local", "ray"), help="where games run")


def _add_train(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``pytruco train mccfr|nfsp``: the reference trainers (docs/training.md)."""
    p_train = commands.add_parser("train", help="train a reference agent: mccfr or nfsp (the openspiel/rl extras)")
    trainers = p_train.add_subparsers(dest="trainer", required=True)
    p_mccfr = trainers.add_parser("mccfr", help="OpenSpiel's Monte Carlo CFR, seeded, with checkpoints")
    p_mccfr.add_argument("--game", default="small", help="small, one-hand or an OpenSpiel game string (default: small)")
    p_mccfr.add_argument("--sampling", default="external", choices=("external", "outcome"))
    p_mccfr.add_argument("--iterations", type=int, default=1000, help="iterations in all, resumed ones included")
    p_nfsp = trainers.add_parser("nfsp", help="OpenSpiel's PyTorch NFSP by self-play, seeded, with checkpoints")
    p_nfsp.add_argument("--game", default="one-hand", help="one-hand or a python_truco game string")
    p_nfsp.add_argument("--tensor", default="observation", choices=("observation", "information_state"))
    p_nfsp.add_argument("--episodes", type=int, default=1000, help="episodes in all, resumed ones included")
    for p_one in (p_mccfr, p_nfsp):
        p_one.add_argument("--seed", type=int, default=0, help="seed of the trainer's random sources (default: 0)")
        p_one.add_argument("--resume", default=None, metavar="PATH", help="start from this checkpoint")
        p_one.add_argument("--save", default=None, metavar="PATH", help="write a checkpoint here at the end")
        p_one.add_argument("--every", type=int, default=0, help="report every this many iterations or episodes")
        p_one.add_argument("--opponent", action="append", default=[], metavar="BOT", help="evaluate against it")
        p_one.add_argument("--games", type=int, default=200, help="evaluation games a bot, duplicate (even)")
        p_one.add_argument(
            "--eval-hands", type=int, default=None, metavar="H",
            help="hands a game of the evaluation (0: whole matches; default: the trained game's)",
        )  # fmt: skip


def _train(args: argparse.Namespace) -> int:
    """``pytruco train mccfr|nfsp``: one line and status 2 when the trainer's extra is missing."""
    extra = "openspiel" if args.trainer == "mccfr" else "openspiel,rl"
    try:
        if args.trainer == "mccfr":
            from .train.mccfr import train_command
        else:
            from .train.nfsp import train_command as train_nfsp
    except ImportError as error:
        sys.stderr.write(f"pytruco train {args.trainer}: needs pip install 'pytruco-ar[{extra}]' ({error})\n")
        return 2
    common = {
        "game": args.game, "seed": args.seed, "resume": args.resume, "save": args.save, "every": args.every,
        "opponents": args.opponent, "games": args.games, "eval_hands": args.eval_hands,
        "out": lambda line: print(line, flush=True),
    }  # fmt: skip
    if args.trainer == "mccfr":
        return train_command(sampling=args.sampling, iterations=args.iterations, **common)
    return train_nfsp(tensor=args.tensor, episodes=args.episodes, **common)


def _bot_choices() -> str:
    """The ways to name a bot, for the help: every name of :data:`pytruco.bots.BOT_NAMES`, then the other forms."""
    from .bots import BOT_NAMES, BOT_SPECS

    return ", ".join(sorted(BOT_NAMES)) + ", or " + BOT_SPECS


def _default_opponent() -> str:
    """The bot ``pytruco play`` seats when ``--bot`` is not given: :data:`pytruco.bots.DEFAULT_OPPONENT`."""
    from .bots import DEFAULT_OPPONENT

    return DEFAULT_OPPONENT


MAX_EXPLOIT_MINUTES = 24 * 60.0
"""``pytruco exploit --minutes`` takes at most this (a day of processor time)."""


def _minutes(text: str) -> float:
    """A ``--minutes`` value: a finite number of minutes from 0 (evaluate only) to :data:`MAX_EXPLOIT_MINUTES`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of minutes: {quoted(text)}") from None
    if not 0 <= value <= MAX_EXPLOIT_MINUTES:  # also false for nan
        raise argparse.ArgumentTypeError(f"must be from 0 to {MAX_EXPLOIT_MINUTES:g}, not {quoted(text)}")
    return value


def _add_exploit(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``pytruco exploit``."""
    from .bots import BOT_NAMES

    p_exploit = commands.add_parser(
        "exploit", help="train PPO against a bot, then report how often it beats it (pip install 'pytruco-ar[rl]')",
        description="Train a policy (PPO, pytruco.ppo) against a fixed bot for a budget of processor time, then"
        " play it against that bot on fresh duplicate deals and print its win rate with a 95%% interval: a lower"
        " bound on the bot's exploitability. Needs the rl extra (PyTorch on the CPU); runs on one thread.",
    )  # fmt: skip
    p_exploit.add_argument("bot", choices=sorted(BOT_NAMES), metavar="BOT", help="the bot: " + ", ".join(BOT_NAMES))
    p_exploit.add_argument(
        "--minutes", type=_minutes, default=1.0, help="processor minutes of training (default: %(default)s)"
    )
    p_exploit.add_argument(
        "--updates", type=int, default=None, help="train this many PPO updates instead of --minutes (repeatable)"
    )
    p_exploit.add_argument("--hands", type=int, default=None, help="hands a game (1, the default: the one-hand game;"
                           " 0: whole matches); with --resume and a budget of 0, the game to evaluate in (default:"
                           " the checkpoint's)")  # fmt: skip
    p_exploit.add_argument("--games", type=int, default=1000, help="evaluation games, even (default: %(default)s)")
    p_exploit.add_argument("--seed", type=int, default=0, help="seed of a new policy and of the evaluation's deals")
    p_exploit.add_argument("--save", default=None, metavar="PATH", help="write the trained checkpoint here")
    p_exploit.add_argument(
        "--resume", default=None, metavar="PATH", help="go on training a checkpoint (--minutes 0: evaluate it, any BOT)"
    )
    p_exploit.add_argument("--json", action="store_true", help="print the result as one JSON object")


def _add_client_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``pytruco view``, ``events`` and ``schema``, for debugging a client (issue 12)."""
    # --- for debugging a client (issue 12) ---
    for name, text in (
        ("view", "print a seat's view (JSON) after replaying a record"),
        ("events", "print the events of a replay as one seat receives them, one JSON object per line"),
    ):
        p_seat = commands.add_parser(name, help=text)
        p_seat.add_argument("--seat", required=True, help="a seat number, or 'spectator'")
        p_seat.add_argument("file", help="the record (JSON); - reads standard input")
        if name == "events":
            p_seat.add_argument(
                "--lang",
                choices=("es", "en"),
                help='print each event as {"event": ..., "text": ...}, with its sentence in this language',
            )
        if name == "view":
            p_seat.add_argument("--svg", action="store_true", help="draw the table as that seat sees it (SVG)")
    p_schema = commands.add_parser("schema", help="print the JSON Schema of a format")
    p_schema.add_argument("name", choices=("record", "view", "event", "action", "protocol"))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> from pytruco.cli import main
    >>> main(["replay", "no-such-file.json"])  # doctest: +ELLIPSIS
    {"error": {"kind": "bad-record", "hand": null, "action": null, "message": "cannot read 'no-such-file.json': ..."}}
    1
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["serve"]:
        return _serve(argv[1:])
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except BrokenPipeError:  # the reader went away (``pytruco replay --trace f | head``)
        sys.stderr.close()
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("\npytruco: interrupted\n")
        return 130
    except TrucoError as error:  # never a traceback (a record's errors are handled in _replay)
        sys.stderr.write(f"pytruco {args.command}: {error}\n")
        return 1
    except Exception as error:  # a bug in pytruco: one line, not a traceback (PYTRUCO_TRACEBACK=1 shows it)
        if os.environ.get("PYTRUCO_TRACEBACK"):
            raise
        detail = quoted(str(error))[1:-1]
        name = type(error).__name__
        sys.stderr.write(f"pytruco {args.command}: internal error ({name}: {detail}); please report it\n")
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "replay":
        return _replay(args.file, args.trace, sys.stdout, sys.stderr)
    if args.command == "play":
        from .play import play_terminal
        from .rules import option_pairs

        return play_terminal(
            preset=args.preset,
            target=args.target,
            flor=args.flor,
            seed=args.seed,
            seat=args.seat,
            bot=args.bot,
            record_path=args.record,
            lang=args.lang,
            players=args.players,
            options=option_pairs(args.option),
        )
    if args.command == "exploit":
        return _exploit(args)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "train":
        return _train(args)
    if args.command == "random":
        return _random(args.preset, args.players, args.seed, sys.stdout, args.option)
    if args.command in ("view", "events"):
        svg = getattr(args, "svg", False)
        lang = getattr(args, "lang", None)
        return _seat_command(args.command, args.seat, args.file, sys.stdout, sys.stderr, svg=svg, lang=lang)
    if args.command == "schema":
        from .schema import schema_text

        sys.stdout.write(schema_text(args.name))
        return 0
    from .bench import run_bench

    return run_bench(
        seconds=args.seconds, as_json=args.json, seed=args.seed, repeats=max(1, args.repeats), out=sys.stdout
    )


_OPTION_HELP = "a rule option, e.g. falta_envido=malas-leader or flor_flor_value=4 (repeatable; see House rules)"


def _serve(argv: list[str]) -> int:
    """``pytruco serve``: imported only here, so that the rest of the command line needs no websockets."""
    try:
        from .server import main as serve_main
    except ImportError as error:
        sys.stderr.write(f"pytruco serve: needs the server extra: pip install 'pytruco-ar[server]' ({error})\n")
        return 2
    return serve_main(argv)


def _simulate(args: argparse.Namespace) -> int:
    from .errors import RuleSetError
    from .rules import RuleSet, option_pairs
    from .simulate import RayMissingError, simulate

    options: dict[str, object] = {}
    if args.players is not None:
        options["players"] = args.players
    if args.target is not None:
        options["target"] = args.target
    try:
        rules = RuleSet.from_dict({**option_pairs(args.option), **options, "preset": args.preset})
    except RuleSetError as error:
        sys.stderr.write(f"pytruco simulate: {error}\n")
        return 2
    n = len(args.bots)
    update, close = _progress_bar(args.games * n * (n - 1) // 2)
    try:
        if n > 2:
            from .arena import round_robin

            summary: Any = round_robin(
                args.bots, games=args.games, seed=args.seed, rules=rules, hands=args.hands,
                duplicate=args.duplicate, workers=args.workers, backend=args.backend, resamples=args.resamples,
                progress=update,
            )  # fmt: skip
        else:
            summary = simulate(
                args.bots, games=args.games, seed=args.seed, rules=rules, workers=args.workers,
                backend=args.backend, progress=update, hands=args.hands, duplicate=args.duplicate,
            )  # fmt: skip
    except (ValueError, RayMissingError) as error:
        sys.stderr.write(f"pytruco simulate: {error}\n")
        return 2
    finally:
        close()
    sys.stdout.write((json.dumps(summary.to_json()) if args.json else summary.text()) + "\n")
    return 0


def _exploit(args: argparse.Namespace) -> int:
    """``pytruco exploit``: imports PyTorch only here; without it, one line that names the extra."""
    try:
        import torch

        from .ppo import PPOTrainer, exploit
    except ImportError as error:
        sys.stderr.write(f"pytruco exploit: needs the rl extra: pip install 'pytruco-ar[rl]' ({error})\n")
        return 2
    from .errors import ArgumentError

    torch.set_num_threads(1)  # the budget is one processor's time, and the weights repeat with the seed
    try:
        if args.updates is not None and args.updates < 0:
            raise ArgumentError(f"--updates must be 0 or more, not {args.updates}")
        if args.hands is not None and args.hands < 0:
            raise ArgumentError(f"--hands must be a whole number, 0 for whole matches, not {args.hands}")
        resume = PPOTrainer.load(args.resume) if args.resume is not None else None
        budget = None if args.updates is not None else 60.0 * args.minutes
        update, close = _progress_bar(args.games)
        try:
            result = exploit(
                args.bot, cpu_seconds=budget, updates=args.updates, seed=args.seed, games=args.games,
                hands=args.hands, resume=resume, progress=update,
            )  # fmt: skip
        finally:
            close()
        if args.save is not None:
            result.trainer.save(args.save)
    except (ArgumentError, OSError) as error:
        sys.stderr.write(f"pytruco exploit: {error}\n")
        return 2
    sys.stdout.write((json.dumps(result.to_json()) if args.json else result.text()) + "\n")
    return 0


def _progress_bar(total: int) -> tuple[Callable[[int], None], Callable[[], None]]:
    """A progress callback and a closer: a tqdm bar when tqdm is installed
    (the ``sim`` extra) and standard error is a terminal; otherwise nothing."""
    if not sys.stderr.isatty():
        return (lambda _n: None), (lambda: None)
    try:
        from tqdm import tqdm
    except ImportError:
        return (lambda _n: None), (lambda: None)
    import shutil

    size = shutil.get_terminal_size((80, 24))  # a new pseudo-terminal may report 0 x 0: tqdm then hides the bar
    bar = tqdm(
        total=total, unit="game", file=sys.stderr, leave=False, ncols=min(size.columns or 80, 100),
        nrows=size.lines or 24,
    )  # fmt: skip
    return bar.update, bar.close


def _read_record(path: str) -> bytes:
    """The bytes of the record at *path* (``-``: standard input), at most one
    more than :data:`~pytruco.records.MAX_RECORD_SIZE` (so a huge file is
    refused without reading it all)."""
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)
            if stdin is None:  # a text stream put in place of standard input
                return sys.stdin.read(MAX_RECORD_SIZE + 1).encode("utf-8", "surrogatepass")
            return bytes(stdin.read(MAX_RECORD_SIZE + 1))
        with open(path, "rb") as handle:
            return handle.read(MAX_RECORD_SIZE + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise RecordError("bad-record", f"cannot read {quoted(path)}: {reason}") from None
    except ValueError:  # open() refuses a path with a NUL character (no file can be named so)
        raise RecordError("bad-record", f"cannot read {quoted(path)}: a path cannot hold a NUL character") from None


def _replay(path: str, trace: bool, out: TextIO, err: TextIO) -> int:
    def emit(line: dict[str, object]) -> None:
        out.write(json.dumps(line) + "\n")

    try:
        record = Record.loads(_read_record(path))
        result = replay(record, trace=emit if trace else None)
    except RecordError as failure:
        return _fail(failure, out, err)
    except TrucoError as error:  # not expected from a Record, but never a traceback
        return _fail(RecordError("bad-record", str(error)), out, err)
    out.write(json.dumps(result.to_json()) + "\n")
    return 0


def _seat_command(
    command: str, seat_text: str, path: str, out: TextIO, err: TextIO, *, svg: bool = False, lang: str | None = None
) -> int:
    """``pytruco view`` / ``pytruco events``: replay FILE and print what *seat* sees
    (``view --svg``: as a picture; ``events --lang``: each event with its sentence, as ``pytruco serve`` sends it)."""
    from .frontend import seat_events
    from .records import replay_steps
    from .text import describe_event
    from .views import view

    seat: int | None
    if seat_text == "spectator":
        seat = None
    elif seat_text.isascii() and seat_text.isdigit() and len(seat_text) <= 2:
        seat = int(seat_text)
    else:
        err.write(f"pytruco {command}: --seat must be a seat number or 'spectator', not {seat_text[:20]!r}\n")
        return 2
    try:
        record = Record.loads(_read_record(path))
        if seat is not None and not seat < record.rules.players:
            err.write(f"pytruco {command}: there is no seat {seat} at a table of {record.rules.players}\n")
            return 2
        players = record.meta.get("players")
        names = (
            list(players) if isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players) else None
        )
        for _hand, _index, action, state, events in replay_steps(record):
            if command == "events" and action is not None:
                for event, line in zip(events, seat_events(state, events, seat), strict=True):
                    data = line if lang is None else {"event": line, "text": describe_event(event, lang, names)}  # type: ignore[arg-type]
                    out.write(json.dumps(data, ensure_ascii=lang is None) + "\n")
        if command == "view":
            if svg:
                from .svg import table_svg

                out.write(table_svg(view(state, seat)) + "\n")
            else:
                out.write(json.dumps(view(state, seat).to_json()) + "\n")
    except RecordError as failure:
        return _fail(failure, out, err, command)
    except TrucoError as error:  # a start the rules refuse
        return _fail(RecordError("bad-record", str(error)), out, err, command)
    return 0


def _fail(failure: RecordError, out: TextIO, err: TextIO, command: str = "replay") -> int:
    out.write(json.dumps({"error": failure.to_json()}) + "\n")
    where = ""
    if failure.hand is not None:
        where = f" (hand {failure.hand}"
        where += f", action {failure.action})" if failure.action is not None else ")"
    elif failure.action is not None:
        where = f" (pre action {failure.action})"
    err.write(f"pytruco {command}: {failure.kind}{where}: {failure.message}\n")
    return 1


def _random(preset: str, players: int, seed: int | None, out: TextIO, option: list[str] | None = None) -> int:
    from .bots import RandomBot, play_match
    from .errors import RuleSetError
    from .rules import RuleSet, option_pairs

    try:
        rules = RuleSet.from_dict({**option_pairs(option or []), "players": players, "preset": preset})
    except RuleSetError as error:
        sys.stderr.write(f"pytruco random: {error}\n")
        return 1
    # Without a seed, an unpredictable system source (like the deck's).
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    state = play_match(rules, [RandomBot() for _ in range(players)], rng=rng)
    out.write(Record.from_state(state).dumps(indent=1) + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

"""Bots: players that decide from a seat's view only, so they cannot cheat.

Every bot follows one small protocol, :class:`Bot`: ``act(view, rng)``
returns one of ``view.legal``. The view is a
:class:`~pytruco.views.SeatView`, never the full state; the random source
is passed in, so a seeded game is repeatable.

- :class:`RandomBot`: uniform among its legal actions.
- :class:`HeuristicBot`: sings envido, flor and truco by its cards, the score
  and what it has seen of the other side's calls; answers calls by their
  expected value; bluffs now and then; wins tricks with its cheapest card.
- :class:`SearchBot`: samples the unseen cards consistently with its view and
  plays each choice out many times with the engine (heuristic continuations).
- :class:`ISMCTSBot`: information-set Monte Carlo tree search over the same exact worlds, with heuristic
  playouts.
- :class:`TrucoAlwaysBot`: calls truco at every chance and never folds (a
  bully, to check that the others are not bullied).
- :class:`ExternalBot`: another program, in any language, over the JSON-lines protocol ``pytruco-bot/1``
  (``exec:COMMAND``).
- :func:`from_openspiel`: an OpenSpiel policy of :mod:`pytruco.openspiel`'s game.
- :class:`ObservationBot`: a policy over observation vectors (:mod:`pytruco.encode`), such as a trained network.

The protocol and :class:`RandomBot` are in :mod:`pytruco.bots._protocol`, what
a bot reads from a view in :mod:`pytruco.bots._reading`, its estimates in
:mod:`pytruco.bots._estimates`, the heuristic bots in
:mod:`pytruco.bots._heuristic` and the search bot in :mod:`pytruco.bots._search`;
every name still imports from here. This module names the bots and plays
whole matches.

>>> import random
>>> from pytruco import RuleSet
>>> from pytruco.bots import HeuristicBot, RandomBot, play_match
>>> final = play_match(RuleSet.preset("classic"), [HeuristicBot(), RandomBot()], rng=random.Random(5))
>>> final.is_over
True
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

from .._engine import State, apply, new_game, random_deal
from ..cards import random_source
from ..errors import QUOTE_LIMIT, ArgumentError, SetupError, quoted, require
from ..rules import RuleSet
from ..views import view
from ._estimates import round_win_chance
from ._exploiters import AlwaysCallBot, BluffWeakBot, EnvidoAlwaysBot, NeverAcceptBot, TrucoBluffBot
from ._external import PROTOCOL, BotError, ExternalBot
from ._heuristic import HeuristicBot, TrucoAlwaysBot
from ._ismcts import ISMCTSBot
from ._observed import ObservationBot, ObservationPolicy
from ._openspiel import OpenSpielBot, from_openspiel
from ._protocol import Bot, OneHotPolicy, RandomBot, policy
from ._reading import call_to_answer
from ._reading import dealt_cards as dealt_cards  # the terminal game reads these two
from ._reading import finished_tricks as finished_tricks
from ._search import SearchBot

__all__ = [
    "BOT_NAMES",
    "BOT_SPECS",
    "DEFAULT_OPPONENT",
    "PROTOCOL",
    "AlwaysCallBot",
    "BluffWeakBot",
    "Bot",
    "BotError",
    "EnvidoAlwaysBot",
    "ExternalBot",
    "HeuristicBot",
    "ISMCTSBot",
    "NeverAcceptBot",
    "ObservationBot",
    "ObservationPolicy",
    "OneHotPolicy",
    "OpenSpielBot",
    "RandomBot",
    "SearchBot",
    "TrucoAlwaysBot",
    "TrucoBluffBot",
    "call_to_answer",
    "from_openspiel",
    "load_bot",
    "play_match",
    "policy",
    "round_win_chance",
]


BOT_NAMES: dict[str, Callable[[], Bot]] = {
    "always-call": AlwaysCallBot,
    "bluff-weak": BluffWeakBot,
    "envido-always": EnvidoAlwaysBot,
    "heuristic": HeuristicBot,
    "ismcts": ISMCTSBot,
    "never-accept": NeverAcceptBot,
    "random": RandomBot,
    "search": SearchBot,
    "truco-always": TrucoAlwaysBot,
    "truco-bluff": TrucoBluffBot,
}
"""The bots known by name (each value makes a new bot): the one list that ``pytruco play --bot``,
``pytruco simulate``, their ``--help`` and :func:`load_bot` (and its error message) use.

>>> from pytruco.bots import BOT_NAMES
>>> sorted(BOT_NAMES)  # doctest: +NORMALIZE_WHITESPACE
['always-call', 'bluff-weak', 'envido-always', 'heuristic', 'ismcts', 'never-accept', 'random', 'search',
 'truco-always', 'truco-bluff']
"""

BOT_SPECS = "module:Class, path/to/file.py:Class or exec:COMMAND"
"""The other ways of naming a bot than :data:`BOT_NAMES` (as :func:`load_bot` reads them).

>>> from pytruco.bots import BOT_SPECS
>>> BOT_SPECS
'module:Class, path/to/file.py:Class or exec:COMMAND'
"""


DEFAULT_OPPONENT = "ismcts"
"""The bot ``pytruco play`` seats against the player unless ``--bot`` names another: the library's strongest bot
at no more than 100 ms a decision on one core, which none of the rule-of-thumb exploiters (``truco-always``,
``always-call``, ``never-accept``, ``bluff-weak``, ``envido-always``, ``truco-bluff``) beats (docs/players.md has
the figures).

>>> from pytruco.bots import DEFAULT_OPPONENT, load_bot
>>> load_bot(DEFAULT_OPPONENT).name
'ismcts'
"""


def _check_module_name(spec: str, module_name: str) -> None:
    """Refuse the *module_name* of a ``module:Class`` *spec* that names no module or file before anything is loaded.

    >>> _check_module_name("..:x", "..")
    Traceback (most recent call last):
    ...
    pytruco.errors.ArgumentError: bot '..:x' names a relative module; give its full name (package.module:Class)
    """
    if "\x00" in spec:
        raise ArgumentError(f"bot {quoted(spec)} holds a NUL character (no module or file is named so)")
    if module_name.startswith("."):  # a relative import needs a package to be relative to: there is none here
        raise ArgumentError(f"bot {quoted(spec)} names a relative module; give its full name (package.module:Class)")
    if not module_name.endswith(".py") and not all(part.isidentifier() for part in module_name.split(".")):
        raise ArgumentError(f"bot {quoted(spec)} names no module: a module name is dotted identifiers (package.module)")


def load_bot(spec: str) -> Bot:
    """A new bot from a name in :data:`BOT_NAMES`, ``module:Class`` (an importable module),
    ``path/to/file.py:Class`` (a Python file, loaded as a module; relative to the working directory)
    or ``exec:COMMAND`` (another program: :class:`ExternalBot`). The class is called without arguments.

    A ``module:Class`` spec runs code: the module is imported (its top-level
    code runs) and the class is called, so load only specs you trust. The
    named attribute must be a class with an ``act`` method; anything else
    (a function such as ``os:abort``, a value, a class that is no bot) is
    refused before it is called.

    Raises:
        ArgumentError: not a name, no such bot, a relative module (``..:x``), a NUL character, or the object
            has no ``act`` method.

    >>> from pytruco.bots import load_bot
    >>> load_bot("heuristic").name
    'heuristic'
    >>> load_bot("pytruco.bots:RandomBot").name
    'random'
    >>> from pytruco import ArgumentError
    >>> try:
    ...     load_bot("nobody")
    ... except ArgumentError as error:
    ...     print(error)  # doctest: +NORMALIZE_WHITESPACE
    unknown bot 'nobody' (known: always-call, bluff-weak, envido-always, heuristic, ismcts, never-accept,
      random, search, truco-always, truco-bluff, or module:Class, path/to/file.py:Class or exec:COMMAND)
    """
    require(spec, str, "load_bot", "a bot name or module:Class")
    if spec in BOT_NAMES:
        return BOT_NAMES[spec]()
    if spec.startswith("exec:"):
        return ExternalBot(spec[5:])
    module_name, colon, attribute = spec.rpartition(":")
    if not colon or not module_name or not attribute:
        known = ", ".join(sorted(BOT_NAMES))
        raise ArgumentError(f"unknown bot {quoted(spec)} (known: {known}, or {BOT_SPECS})")
    _check_module_name(spec, module_name)
    try:
        module = _bot_file(module_name) if module_name.endswith(".py") else importlib.import_module(module_name)
        factory = getattr(module, attribute)
    except (ImportError, AttributeError, OSError, SyntaxError, ValueError) as error:  # ValueError: an import hook's
        raise ArgumentError(f"cannot load bot {quoted(spec)}: {str(error)[:QUOTE_LIMIT]}") from None
    # Only a class with an act method is called: a spec such as os:abort or sys:exit names a function that
    # would run here (importing the module already ran its top-level code).
    if not isinstance(factory, type):
        raise ArgumentError(f"bot {quoted(spec)} is not a class (module:Class names a class with an act method)")
    if not callable(getattr(factory, "act", None)):
        raise ArgumentError(f"bot {quoted(spec)} has no act(view, rng) method")
    try:
        bot = factory()
    except TypeError as error:  # a constructor that needs arguments
        raise ArgumentError(f"cannot make bot {quoted(spec)}: {str(error)[:QUOTE_LIMIT]}") from None
    if not callable(getattr(bot, "act", None)):
        raise ArgumentError(f"bot {quoted(spec)} has no act(view, rng) method")
    return bot  # type: ignore[no-any-return]


def _bot_file(path: str) -> ModuleType:
    """The Python file at *path* run as a module (named after the file, kept in :data:`sys.modules`)."""
    name = "pytruco_bot_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None or not os.path.isfile(path):
        raise ImportError(f"no Python file {path}")
    if name in sys.modules:
        return sys.modules[name]
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def play_match(
    rules: RuleSet,
    bots: Sequence[Bot],
    *,
    rng: random.Random | None = None,
    first_mano: int | None = None,
    max_actions: int = 100_000,
) -> State:
    """Play a whole match between *bots* (one per seat) and return the final state.

    Deals, the first mano and the bots' chances come from *rng* (an
    unpredictable system source when ``None``).

    >>> import random
    >>> from pytruco import RuleSet
    >>> from pytruco.bots import HeuristicBot, RandomBot, play_match
    >>> bots = [HeuristicBot(), RandomBot()]
    >>> final = play_match(RuleSet.preset("default", target=15), bots, rng=random.Random(3))
    >>> final.is_over, final.winner in (0, 1), max(final.score) >= final.rules.target
    (True, True, True)
    """
    if not isinstance(rules, RuleSet):
        raise SetupError(f"play_match needs a RuleSet, not {quoted(rules)}")
    if not isinstance(bots, Sequence) or len(bots) != rules.players:
        raise SetupError(f"{rules.players} seats need a list of {rules.players} bots, not {quoted(bots)}")
    source = random_source(rng)
    state = new_game(rules, first_mano=first_mano, rng=source) if not rules.rps_first_mano else new_game(rules)
    for _ in range(max_actions):
        if state.is_over:
            return state
        if state.is_chance:
            state, _events = apply(state, random_deal(state, source))
            continue
        seat = state.to_act[0] if len(state.to_act) == 1 else source.choice(state.to_act)
        action = bots[seat].act(view(state, seat), source)
        state, _events = apply(state, action)
    raise RuntimeError(f"the match did not end within {max_actions} actions")

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

The protocol and :class:`RandomBot` are in :mod:`pytruco.botprotocol`, what
a bot reads from a view in :mod:`pytruco.botreading`, its estimates in
:mod:`pytruco.botestimates`, the heuristic bots in
:mod:`pytruco.botheuristic` and the search bot in :mod:`pytruco.botsearch`;
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
import random
from collections.abc import Callable, Sequence

from .botestimates import hand_win_chance
from .botheuristic import HeuristicBot, SimpleBot, TrucoAlwaysBot
from .botismcts import ISMCTSBot
from .botprotocol import Bot, OneHotPolicy, RandomBot, policy
from .botprotocol import decide as decide  # noqa: PLC0414  (re-exported for simulate.py and play.py: mypy's form)
from .botreading import finished_tricks as finished_tricks  # noqa: PLC0414  (re-exported for the terminal game)
from .botreading import pending_call
from .botsearch import SearchBot
from .cards import random_source
from .engine import apply, new_game, random_deal
from .errors import QUOTE_LIMIT, ArgumentError, SetupError, quoted, require
from .rules import RuleSet
from .state import State
from .views import view

__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "OneHotPolicy",
    "RandomBot",
    "SearchBot",
    "SimpleBot",
    "TrucoAlwaysBot",
    "hand_win_chance",
    "load_bot",
    "pending_call",
    "play_match",
    "policy",
]


BOT_NAMES: dict[str, Callable[[], Bot]] = {
    "heuristic": HeuristicBot,
    "ismcts": ISMCTSBot,
    "random": RandomBot,
    "search": SearchBot,
    "simple": HeuristicBot,
    "truco-always": TrucoAlwaysBot,
}
"""The bots known by name to ``pytruco simulate`` and ``pytruco play``
(each value makes a new bot).

>>> from pytruco.bots import BOT_NAMES
>>> sorted(BOT_NAMES)
['heuristic', 'ismcts', 'random', 'search', 'simple', 'truco-always']
"""


def load_bot(spec: str) -> Bot:
    """A new bot from a name in :data:`BOT_NAMES` or ``module:Class``
    (the class is called without arguments).

    Raises:
        ArgumentError: not a name, no such bot, or the object has no ``act`` method.

    >>> from pytruco.bots import load_bot
    >>> load_bot("heuristic").name
    'heuristic'
    >>> load_bot("pytruco.bots:RandomBot").name
    'random'
    >>> from pytruco import ArgumentError
    >>> try:
    ...     load_bot("nobody")
    ... except ArgumentError as error:
    ...     print(error)
    unknown bot 'nobody' (known: heuristic, ismcts, random, search, simple, truco-always, or module:Class)
    """
    require(spec, str, "load_bot", "a bot name or module:Class")
    if spec in BOT_NAMES:
        return BOT_NAMES[spec]()
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        known = ", ".join(sorted(BOT_NAMES))
        raise ArgumentError(f"unknown bot {quoted(spec)} (known: {known}, or module:Class)")
    try:
        module = importlib.import_module(module_name)
        factory = getattr(module, attribute)
    except (ImportError, AttributeError) as error:
        raise ArgumentError(f"cannot load bot {quoted(spec)}: {str(error)[:QUOTE_LIMIT]}") from None
    bot = factory()
    if not callable(getattr(bot, "act", None)):
        raise ArgumentError(f"bot {quoted(spec)} has no act(view, rng) method")
    return bot  # type: ignore[no-any-return]


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
    unpredictable system source when ``None``). Bots with only the old
    ``choose(view)`` method still play.

    >>> import random
    >>> from pytruco import RuleSet
    >>> from pytruco.bots import RandomBot, SimpleBot, play_match
    >>> bots = [SimpleBot(random.Random(1)), RandomBot(random.Random(2))]
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
        action = decide(bots[seat], view(state, seat), source)
        state, _events = apply(state, action)
    raise RuntimeError(f"the match did not end within {max_actions} actions")


# The bot classes are documented, imported and shown as pytruco.bots.X (where they lived first and are imported
# from): keep that name, so reprs, tracebacks and pickles do not depend on the module that defines them.
OneHotPolicy.__module__ = policy.__module__ = "pytruco.bots"
Bot.__module__ = RandomBot.__module__ = HeuristicBot.__module__ = TrucoAlwaysBot.__module__ = "pytruco.bots"
SearchBot.__module__ = ISMCTSBot.__module__ = "pytruco.bots"

"""The bot protocol: what a bot is, the simplest one, and how a table asks a bot for its action.

A bot is anything with ``act(view, rng)`` that returns one of ``view.legal``
(:class:`Bot`); :class:`RandomBot` is the simplest. The other bots and
:func:`~pytruco.bots.play_match` are in :mod:`pytruco.bots`.

>>> import random
>>> from pytruco import new_game, view
>>> from pytruco.bots import RandomBot
>>> RandomBot().act(view(new_game("online"), 0), random.Random(2))
Action('0 rps piedra')
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..views import SeatView

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for its seat from what the seat sees.

    >>> import random
    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import Bot, RandomBot
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> action = RandomBot().act(view(state, 0), random.Random(1))
    >>> action in view(state, 0).legal
    True

    Any class with this method is a bot; no base class is needed:

    >>> from pytruco import Action, RuleSet, SeatView
    >>> from pytruco.bots import play_match
    >>> class FirstLegal:
    ...     def act(self, view: SeatView, rng: random.Random) -> Action:
    ...         return view.legal[0]
    >>> players: list[Bot] = [FirstLegal(), RandomBot()]
    >>> play_match(RuleSet.preset("default"), players, rng=random.Random(2)).is_over
    True
    """

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """One of ``view.legal``, drawn with *rng* where the bot needs chance."""


class RandomBot:
    """Picks uniformly among its legal actions.

    >>> import random
    >>> from pytruco import new_game, view
    >>> from pytruco.bots import RandomBot
    >>> RandomBot().act(view(new_game("online"), 0), random.Random(2))
    Action('0 rps piedra')
    """

    name = "random"

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal)

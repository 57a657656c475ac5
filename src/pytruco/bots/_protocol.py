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

__all__ = ["Bot", "OneHotPolicy", "RandomBot", "policy"]


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


class OneHotPolicy:
    """Gives a bot the default :meth:`policy`: probability 1 on the action :meth:`act` picks.

    >>> import random
    >>> from pytruco import new_game, view
    >>> from pytruco.bots import HeuristicBot
    >>> HeuristicBot().policy(view(new_game("online"), 0), random.Random(1))
    {Action('0 rps piedra'): 1.0}
    """

    def act(self, view: SeatView, rng: random.Random) -> Action:  # pragma: no cover - every bot defines it
        raise NotImplementedError

    def policy(self, view: SeatView, rng: random.Random | None = None) -> dict[Action, float]:
        """The probability of each action the bot may choose in *view* (absent actions: 0). The default puts
        probability 1 on ``act(view, rng)`` (*rng* ``None``: a fixed source, so the answer is repeatable)."""
        return {self.act(view, random.Random(0) if rng is None else rng): 1.0}


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

    def policy(self, view: SeatView, rng: random.Random | None = None) -> dict[Action, float]:
        """Uniform over ``view.legal``."""
        legal = view.legal
        return {action: 1.0 / len(legal) for action in legal}


def policy(bot: object, seen: SeatView, rng: random.Random | None = None) -> dict[Action, float]:
    """*bot*'s action probabilities for *seen*: its ``policy(seen, rng)`` when it has one, else probability 1 on
    the action its ``act`` picks (*rng* ``None``: a fixed source).

    >>> from pytruco import new_game, view
    >>> from pytruco.bots import RandomBot, policy
    >>> sorted(policy(RandomBot(), view(new_game("online"), 0)).values())
    [0.3333333333333333, 0.3333333333333333, 0.3333333333333333]
    """
    method = getattr(bot, "policy", None)
    if method is not None:
        return method(seen, rng)  # type: ignore[no-any-return]
    return {bot.act(seen, random.Random(0) if rng is None else rng): 1.0}  # type: ignore[attr-defined]

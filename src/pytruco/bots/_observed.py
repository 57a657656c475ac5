"""A policy over observation vectors at a table: :class:`ObservationBot` makes a bot of any function from a seat's
``truco-obs/1`` observation and legal mask (:mod:`pytruco.encode`, the vectors that
:class:`pytruco.vector.TrucoVectorEnv` gives a learner) to weights over the action space, so that a trained network
(PyTorch, NumPy or anything else) plays where bots play: ``pytruco simulate``'s arena, :func:`~pytruco.bots.play_match`
or the terminal game.

A bot sees a :class:`~pytruco.views.SeatView`, the encoders read a state: the bot rebuilds a state of the current
hand that its seat cannot tell from the table (the unseen cards dealt again consistently with the view, as the
search bots do: they change nothing the seat observes) and encodes it. That state starts the hand at the view's
score and chicos, so its observation is the table's in every slot but ``hand_number`` (the rebuilt match has dealt one
hand), which is written from the view. Before the first deal (a rock-paper-scissors choice of the ``online`` preset)
there is no hand to rebuild: the bot chooses uniformly, which is the equilibrium of that game.

>>> import random
>>> from pytruco import RuleSet
>>> from pytruco.bots import HeuristicBot, ObservationBot, play_match
>>> def first_legal(observation: list[float], mask: list[int]) -> list[float]:
...     return [float(on) for on in mask]  # uniform over the legal actions
>>> bot = ObservationBot(first_legal, name="uniform")
>>> play_match(RuleSet.preset("default", hands=1), [bot, HeuristicBot()], rng=random.Random(4)).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..actions import NUM_ACTIONS, Action
from ..encode import bounds, legal_mask, observation, observation_layout
from ..errors import ArgumentError, quoted
from ..views import SeatView
from ._external import BotError
from ._worlds import seat_world

__all__ = ["ObservationBot", "ObservationPolicy"]

ObservationPolicy = Callable[[list[float], list[int]], Sequence[float]]
"""A function from a seat's observation and legal mask (lists, :func:`pytruco.encode.observation` and
:func:`~pytruco.encode.legal_mask`) to a weight for each of the action space's indices (only the legal ones are
read; they need not add up to 1).

>>> from pytruco.bots import ObservationBot, ObservationPolicy
>>> uniform: ObservationPolicy = lambda observation, mask: [float(on) for on in mask]
>>> ObservationBot(uniform).name
'observations'
"""

_WORLD_SEED = 0  # the unseen cards change nothing the seat observes: one fixed source is enough


class ObservationBot:
    """*policy* (:data:`ObservationPolicy`) as a bot (see the module): it draws an action in proportion to the
    policy's weights of the legal actions, or with *greedy* takes the heaviest (the lowest index among equals).

    >>> import random
    >>> from pytruco import Deal, apply, new_game, view
    >>> from pytruco.bots import ObservationBot
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> bot = ObservationBot(lambda obs, mask: [float(i) for i in range(96)], greedy=True)
    >>> bot.act(view(state, 0), random.Random(1)) == max(view(state, 0).legal, key=lambda a: a.index)
    True
    """

    def __init__(self, policy: ObservationPolicy, *, name: str = "observations", greedy: bool = False) -> None:
        if not callable(policy):
            raise ArgumentError(f"ObservationBot needs a function (observation, mask) -> weights, not {quoted(policy)}")
        self.observation_policy = policy
        self.name = name
        self.greedy = greedy

    def observe(self, view: SeatView) -> tuple[list[float], list[int]] | None:
        """The seat's observation and legal mask at the table *view* shows (``None`` before the first deal).

        Raises:
            BotError: no deal of the unseen cards fits the view.

        >>> from pytruco import Deal, apply, new_game, view
        >>> from pytruco.bots import ObservationBot
        >>> from pytruco.encode import observation
        >>> state, _ = apply(new_game("default", first_mano=1), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
        >>> bot = ObservationBot(lambda obs, mask: mask)
        >>> bot.observe(view(state, 1))[0] == observation(state, 1)
        True
        """
        seat = view.seat
        if seat is None or not any(line.startswith("deal ") for line in view.history):
            return None
        world = seat_world(view, random.Random(_WORLD_SEED))
        if world is None:
            raise BotError(f"bot {quoted(self.name)} found no deal of the unseen cards that fits its view")
        values = observation(world, seat)
        rules = view.rules
        values[observation_layout(rules).start("hand_number")] = min(1.0, view.rounds_dealt / bounds(rules).max_hands)
        return values, legal_mask(world, seat)

    def policy(self, view: SeatView, rng: random.Random | None = None) -> dict[Action, float]:
        """The probability of each legal action (*greedy*: 1 on the one :meth:`act` takes).

        Raises:
            BotError: the policy gave no weight of the right kind to the legal actions (or no world fits).
        """
        seen = self.observe(view)
        legal = view.legal
        if seen is None:
            return {action: 1.0 / len(legal) for action in legal}
        weights = self._weights(seen, legal)
        if self.greedy:
            return {max(legal, key=lambda a: (weights[a.index], -a.index)): 1.0}
        total = sum(weights[action.index] for action in legal)
        return {action: weights[action.index] / total for action in legal}

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """An action drawn from :meth:`policy` with *rng*."""
        chances = self.policy(view, rng)
        if len(chances) == 1:
            return next(iter(chances))
        pick = rng.random()
        for action, chance in chances.items():
            pick -= chance
            if pick < 0:
                return action
        return next(reversed(chances))

    def _weights(self, seen: tuple[list[float], list[int]], legal: Sequence[Action]) -> list[float]:
        """The policy's weights, checked: one finite, non-negative number per index, some legal one above 0."""
        weights = [float(w) for w in self.observation_policy(*seen)]
        if len(weights) != NUM_ACTIONS or not all(0.0 <= w < float("inf") for w in weights):
            raise BotError(f"bot {quoted(self.name)} gave {len(weights)} weights, not {NUM_ACTIONS} finite ones >= 0")
        if not any(weights[action.index] > 0 for action in legal):
            raise BotError(f"bot {quoted(self.name)} gave no weight to any legal action")
        return weights

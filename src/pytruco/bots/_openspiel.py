"""An OpenSpiel policy at a table: :func:`from_openspiel` makes a bot of a policy of :mod:`pytruco.openspiel`'s
game.

A bot sees a :class:`~pytruco.views.SeatView`; an OpenSpiel policy reads an OpenSpiel state
(``action_probabilities(state, player)``, keyed by ``information_state_string`` for a tabular policy). The bot
rebuilds, from its view, an OpenSpiel state of the game that its seat cannot tell from the real one: the unseen
cards dealt again consistently with the view (:mod:`pytruco.bots._worlds`; they change no information state of
the seat), and the seats turned so that the hand's mano is OpenSpiel's seat 0, as in every game of
:mod:`pytruco.openspiel`. In the first hand of a match (all of the one-hand game, ``hands=1``) the state is
replayed through the game's own actions, so its history and every information state are exactly those the game
would show. In a later hand of a longer match the view holds the current hand only, so the state is that hand
played as the first of a match begun at the hand's score: a perfect-recall policy is then asked about a history
it may never have seen.

This module does not import :mod:`pyspiel`: it uses the game and the policy it is given.

>>> import random
>>> import pyspiel
>>> import pytruco.openspiel
>>> from open_spiel.python.policy import UniformRandomPolicy
>>> from pytruco import RuleSet
>>> from pytruco.bots import HeuristicBot, from_openspiel, play_match
>>> game = pyspiel.load_game("python_truco(hands=1)")
>>> bot = from_openspiel(game, UniformRandomPolicy(game))
>>> final = play_match(RuleSet.preset("default", hands=1), [bot, HeuristicBot()], rng=random.Random(4))
>>> final.is_over
True
"""

from __future__ import annotations

import random
from typing import Any

from .._engine import State, apply, new_game
from ..actions import Action, Deal
from ..cards import Hand
from ..errors import ArgumentError, quoted
from ..rules import RuleSet
from ..views import SeatView
from ._external import BotError
from ._worlds import seat_world

__all__ = ["OpenSpielBot", "from_openspiel"]

_WORLD_SEED = 0  # the unseen cards change no information state of the seat: one fixed source is enough


class OpenSpielBot:
    """An OpenSpiel *policy* of *game* (a game of :mod:`pytruco.openspiel`) as a bot; see
    :func:`from_openspiel`. To name it on the command line (``file.py:Class``), subclass it with an
    ``__init__`` that takes no arguments.

    >>> import pyspiel
    >>> import pytruco.openspiel
    >>> from open_spiel.python.policy import UniformRandomPolicy
    >>> from pytruco.bots import OpenSpielBot
    >>> class Uniform(OpenSpielBot):
    ...     def __init__(self) -> None:
    ...         game = pyspiel.load_game("python_truco(hands=1)")
    ...         super().__init__(game, UniformRandomPolicy(game), name="uniform")
    >>> Uniform().name
    'uniform'
    """

    def __init__(self, game: Any, policy: Any, name: str = "openspiel") -> None:
        rules = getattr(game, "rules", None)
        if not isinstance(rules, RuleSet) or not callable(getattr(game, "new_initial_state", None)):
            raise ArgumentError(
                f"from_openspiel needs a game of pytruco.openspiel (pyspiel.load_game('python_truco(...)')), "
                f"not {quoted(game)}"
            )
        if not callable(getattr(policy, "action_probabilities", None)):
            raise ArgumentError(f"from_openspiel needs an OpenSpiel policy, not {quoted(policy)}")
        self.game = game
        self.rules: RuleSet = rules
        self.openspiel_policy = policy
        self.name = name

    def state(self, view: SeatView) -> tuple[Any, int]:
        """An OpenSpiel state of :attr:`game` that *view*'s seat cannot tell from the table, and the seat's
        player number in it (the seats turned so that the hand's mano is player 0).

        Raises:
            BotError: the view is not the seat's turn, or no world of :attr:`game`'s rules fits it.
        """
        seat = view.seat
        n = self.rules.players
        if seat is None or not view.legal or view.rules.players != n:
            raise BotError(f"bot {quoted(self.name)} was asked about a view where it does not act in a {n}-seat game")
        world = seat_world(view, random.Random(_WORLD_SEED))
        if world is None:
            raise BotError(f"bot {quoted(self.name)} found no deal of the unseen cards that fits its view")
        items = world.round_history
        deal, actions = items[0], items[1:]
        assert isinstance(deal, Deal)
        mano = view.mano
        hands = [deal.hands[(s + mano) % n] for s in range(n)]
        moved = [Action.from_index(a.index, (a.seat - mano) % n) for a in actions if isinstance(a, Action)]
        if view.rounds_dealt != 1 or world.starting_score != (0, 0):
            return self.game.state_at(self._later_hand(world, hands, moved, mano)), (seat - mano) % n
        state = self.game.new_initial_state()
        for hand in hands:
            for card in hand.cards:
                state.apply_action(card.index)
        for action in moved:
            state.apply_action(action.index)
        return state, (seat - mano) % n

    def _later_hand(self, world: State, hands: list[Hand], moved: list[Action], mano: int) -> State:
        """A later hand as the first of a match of :attr:`game`'s rules begun at the hand's score."""
        swap = mano % 2 == 1  # the teams change sides when an odd seat becomes seat 0
        start = world.starting_score
        chicos = world.chicos
        state = new_game(
            self.rules, first_mano=0, score=(start[1], start[0]) if swap else start,
            chicos=(chicos[1], chicos[0]) if swap else chicos,
        )  # fmt: skip
        state, _ = apply(state, Deal.parse([[str(card) for card in hand.cards] for hand in hands]))
        for action in moved:
            state, _ = apply(state, action)
        return state

    def policy(self, view: SeatView, rng: random.Random | None = None) -> dict[Action, float]:
        """The OpenSpiel policy's probability of each legal action of *view*.

        Raises:
            BotError: as :meth:`state`, or the policy knows no such information state or gives probability to
                an action that is not legal here.
        """
        state, player = self.state(view)
        try:
            probabilities = self.openspiel_policy.action_probabilities(state, player)
        except LookupError as error:
            raise BotError(
                f"bot {quoted(self.name)}: its OpenSpiel policy has no entry for this information state ({error!r})"
            ) from None
        legal = {action.index: action for action in view.legal}
        out: dict[Action, float] = {}
        for index, probability in probabilities.items():
            if probability <= 0:
                continue
            if index not in legal:
                raise BotError(f"bot {quoted(self.name)}: its OpenSpiel policy chose action {index}, not legal here")
            out[legal[index]] = float(probability)
        if not out:
            raise BotError(f"bot {quoted(self.name)}: its OpenSpiel policy gives no legal action any probability")
        return out

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """An action drawn with *rng* from :meth:`policy`."""
        chances = self.policy(view, rng)
        actions = sorted(chances, key=lambda action: action.index)
        return rng.choices(actions, weights=[chances[action] for action in actions])[0]


def from_openspiel(game: Any, policy: Any, name: str = "openspiel") -> OpenSpielBot:
    """A bot that plays OpenSpiel *policy* (anything with ``action_probabilities(state, player)``: a
    ``TabularPolicy``, ``UniformRandomPolicy``, CFR's average policy...) of *game*, a game of
    :mod:`pytruco.openspiel` with the table's number of players. It is exact in the one-hand game (``hands=1``)
    and in the first hand of any match; see :mod:`pytruco.bots._openspiel` for later hands.

    Raises:
        ArgumentError: *game* is not a game of :mod:`pytruco.openspiel`, or *policy* is no policy.

    >>> import pyspiel
    >>> import pytruco.openspiel
    >>> from open_spiel.python.policy import UniformRandomPolicy
    >>> from pytruco import Deal, RuleSet, apply, new_game, view
    >>> from pytruco.bots import from_openspiel
    >>> game = pyspiel.load_game("python_truco(hands=1)")
    >>> bot = from_openspiel(game, UniformRandomPolicy(game))
    >>> table = new_game(RuleSet.preset("default", hands=1), first_mano=1)
    >>> table, _ = apply(table, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, player = bot.state(view(table, 1))
    >>> player, state.information_state_string(player).splitlines()[1]
    (0, 'deal 3B 4O 5O')
    """
    return OpenSpielBot(game, policy, name)

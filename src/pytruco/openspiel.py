"""pytruco as an OpenSpiel game: ``python_truco`` and each preset's own game (``python_truco_classic``, ...),
registered with :mod:`pyspiel` on import.

Install the extra (``pip install 'pytruco-ar[openspiel]'``), import this module, then load a game by name::

    import pyspiel
    import pytruco.openspiel  # registers python_truco and the presets' games
    game = pyspiel.load_game("python_truco(preset=classic,players=4,target=15)")
    no_flor = pyspiel.load_game("python_truco_classic(flor=False,players=4,target=15)")

Parameters:

- ``preset``: a preset name (default ``default``; ``python_truco`` only);
- ``players``: 2, 4 or 6 (default 2);
- ``target``: the points of a game, any whole number (0, the default: the preset's);
- ``hands``: the match ends after this many hands (0, the default: a whole match; 1: the one-hand research game);
- ``utility``: ``win`` (+1 for the winning team's seats, -1 for the others) or ``points`` (each seat's team's
  points minus the other team's, added up over the hands);
- ``first_mano``: the mano of the first hand (default 0);
- every option of a :class:`~pytruco.RuleSet` by its name (``flor=True``, ``envido_primero=False``,
  ``scoring=end-of-hand``), checked as the rule set checks it: a bad value gets the option's own error. OpenSpiel
  checks the kind of a value first (``True``/``true``, ``False``/``false`` a yes/no, digits a number, other text a
  choice): ``flor=0`` gets OpenSpiel's "Wrong type for parameter flor. Expected type: kBool, got kInt".

Each preset's own game (:data:`PRESET_GAMES`, ``python_truco_<preset>``) declares every option with that preset's
value, so every value given is seen and kept: ``python_truco_classic(flor=False)`` has no flor,
``python_truco_ladder(envido_primero=True)`` sings envido first. ``python_truco`` declares its options once for all
presets: a number or a choice left out (or ``0``, ``""``) keeps the chosen preset's value, and a yes/no option
declares the ``default`` preset's value. OpenSpiel hands a Python game every parameter, those left out with their
declared default, and nothing that says which were given (a yes/no parameter must be declared true or false: one
declared as text or a number refuses ``flor=False``), so on another preset a yes/no option given with the
``default`` preset's value cannot be told from one left out and keeps the preset's (``python_truco(preset=classic,
flor=False)`` keeps classic's flor), and a number option given as 0 keeps the preset's number: take the preset's own
game for those.

>>> import pyspiel
>>> game = pyspiel.load_game("python_truco(preset=default,flor=True,first_mano=1)")
>>> game.rules.flor, game.new_initial_state().table.mano
(True, 1)
>>> pyspiel.load_game("python_truco_classic(flor=False)").rules.flor
False

Partners answer in turn order (the rule option
``answer_in_turn``: one player per decision), and a deal is dealt card by card as explicit chance (40 outcomes,
each card not yet dealt equally likely; :func:`pytruco.worlds.chance_outcomes`), seat 0's three cards first. The
hands are applied canonically (:meth:`pytruco.Deal.canonical`). Actions are :attr:`pytruco.Action.index` values
(96 distinct actions, ``truco-actions/1``); observations are ``truco-obs/1`` and information states
``truco-info/1`` (:mod:`pytruco.encode`), as strings and as tensors. Every action is checked: a chance action
that is no card (an index from 0 to 39) or a card already dealt is refused with :class:`~pytruco.ArgumentError`.

A state's text is its action history alone, one action a line (:meth:`TrucoState.serialize`, OpenSpiel's default
form), and :meth:`TrucoGame.deserialize_state` replays it, each action checked: nothing is unpickled. OpenSpiel's
own ``pyspiel.serialize_game_and_state`` adds a pickled ``__dict__`` for every Python game; a state of this game
keeps no table in it, so what ``pyspiel.deserialize_game_and_state`` restores is the history, replayed. That
function still unpickles the text it is given before this module sees it: read a text you do not trust with
``game.deserialize_state`` only. :func:`resampler` gives OpenSpiel's Python IS-MCTS bot the library's exact world
sampler (:func:`pytruco.worlds.sample_world`).

>>> import pyspiel
>>> game = pyspiel.load_game("python_truco(preset=default,hands=1)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), game.num_distinct_actions()
(True, 40, 96)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, Final, cast

import numpy as np
import pyspiel

from ._codes import code
from ._engine import Phase, State, apply, legal_actions, new_game
from ._spiel_params import GAME_TYPES, PARAMETERS, PRESET_GAME_NAMES, PRESET_OF, TRUCO_GAME, parameters_set
from .actions import MAX_SEATS, NUM_ACTIONS, Action
from .cards import ALL_CARDS, Card
from .encode import (
    bounds,
    information_state_into,
    information_state_layout,
    information_state_string,
    observation_into,
    observation_layout,
    observation_string,
)
from .errors import ArgumentError, TrucoError, quoted
from .params import first_mano_of, game_rules, utility_range
from .rules import RuleSet
from .worlds import chance_outcomes, deal_from_cards, sample_world, without_dealt

__all__ = ["GAME_NAME", "PRESET_GAMES", "TrucoGame", "TrucoState", "resampled", "resampler"]

GAME_NAME: Final = TRUCO_GAME
"""The name the game is registered under.

>>> import pyspiel
>>> from pytruco.openspiel import GAME_NAME
>>> pyspiel.load_game(f"{GAME_NAME}(preset=classic,players=4,target=15)").num_players()
4
"""

PRESET_GAMES: Final[Mapping[str, str]] = PRESET_GAME_NAMES
"""Each preset's own game, by preset name (``python_truco_classic`` for ``classic``, and so on), registered on import
beside ``python_truco``. Its parameters are ``python_truco``'s but ``preset``, and each rule option's declared default
is that preset's own value, so a yes/no option given either way is seen (``python_truco_classic(flor=False)`` has no
flor), as is any number or choice.

>>> import pyspiel
>>> from pytruco.openspiel import PRESET_GAMES
>>> PRESET_GAMES["classic"]
'python_truco_classic'
>>> game = pyspiel.load_game("python_truco_classic(flor=False,players=4)")
>>> game.rules.flor, game.rules.show_rule, game.num_players()
(False, True, 4)
"""

_DEAL = Phase.DEAL
_OUTCOMES = tuple(tuple((index, 1.0 / (40 - k)) for index in range(40)) for k in range(3 * MAX_SEATS))
"""A chance node's outcomes after *k* cards of a deal, the dealt ones included (row *k*: every card index with
probability ``1 / (40 - k)``), made once for every table size: a chance node takes the dealt cards out
(``without_dealt``)."""


class TrucoGame(pyspiel.Game):
    """The OpenSpiel game of a rule set (see the module's parameters): the game *name*, ``python_truco`` or a
    preset's own game (:data:`PRESET_GAMES`, whose games are of a subclass), of *params*.

    Raises:
        ArgumentError: an unknown game or parameter, or a game parameter the rules refuse.
        RuleSetError: a rule option the rules refuse (its own message).

    >>> import pyspiel
    >>> import pytruco.openspiel
    >>> game = pyspiel.load_game("python_truco(hands=1)")
    >>> type(game).__name__, game.num_distinct_actions()
    ('TrucoGame', 96)
    >>> isinstance(pyspiel.load_game("python_truco_ladder(hands=1)"), pytruco.openspiel.TrucoGame)
    True
    """

    def __init__(self, params: Mapping[str, Any] | None = None, name: str = GAME_NAME) -> None:
        if name not in PARAMETERS:
            raise ArgumentError(f"no game {quoted(name)} (known: {', '.join(PARAMETERS)})")
        if params is not None and not isinstance(params, Mapping):
            raise ArgumentError(f"the game's parameters are a mapping, not {quoted(params)}")
        given = parameters_set(name, params or {})
        first_mano = given.pop("first_mano")
        preset = PRESET_OF.get(name)
        self.rules, self.utility = game_rules(given if preset is None else {"preset": preset, **given})
        self.first_mano = first_mano_of(first_mano, self.rules)
        new_game(self.rules, first_mano=self.first_mano)  # the engine's own check of a first mano
        n = self.rules.players
        limits = bounds(self.rules)
        low, high = utility_range(self.rules, self.utility)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=40,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=limits.max_hands * (3 * n + limits.max_actions_per_hand),
        )
        super().__init__(GAME_TYPES[name], info, {**given, "first_mano": first_mano})

    def new_initial_state(self) -> TrucoState:
        """A match waiting for its first card."""
        return TrucoState(self)

    def state_at(self, table: State) -> TrucoState:
        """A state of this game at *table* (a pytruco state of the game's rules, past any deal being dealt), with
        no history: a position the game's own actions do not reach from its start, for a policy to read, such as a
        later hand of a match played as the first of a game begun at its score (:func:`pytruco.bots.from_openspiel`).
        Its text (:meth:`TrucoState.serialize`) is empty: it is not read back.

        Raises:
            ArgumentError: *table* is no state of this game's rules.

        >>> import pyspiel
        >>> from pytruco import Deal, apply, new_game
        >>> game = pyspiel.load_game("python_truco(hands=1)")
        >>> table = new_game(game.rules, first_mano=0, score=(12, 20))
        >>> table, _ = apply(table, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
        >>> state = game.state_at(table)
        >>> state.current_player(), state.history(), state.information_state_string(0).splitlines()[1]
        (0, [], 'deal 1E 6C 7C')
        """
        if not isinstance(table, State) or table.rules != self.rules:
            raise ArgumentError(f"state_at needs a state of this game's rules, not {quoted(table)}")
        state = self.new_initial_state()
        state.__dict__["_progress"] = _Progress(table, self.utility)  # past __setattr__'s guard of deserialised text
        return state

    def deserialize_state(self, text: str) -> TrucoState:
        """The state whose text is *text* (:meth:`TrucoState.serialize`): its history replayed, each action
        checked. OpenSpiel's Python-game form (``history=…``, ``move_number=…``, ``__dict__=…``) is read too, by
        its history alone: the pickled part is never decoded.

        Raises:
            ArgumentError: *text* is not such a text, or an action in it is not legal where it stands.

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_truco(hands=1)")
        >>> game.deserialize_state("0\\n1\\n2\\n").history()
        [0, 1, 2]
        """
        actions = _history_of(text, self.max_game_length())
        try:
            return _replayed(self, actions)
        except TrucoError as error:
            raise ArgumentError(f"not a state of this game: {error}") from None

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled (or deep-copied), a game is its text, loaded again by OpenSpiel with this module's games
        registered: the same game, rules and all (OpenSpiel's own pickling would skip this class's constructor).

        >>> import pickle, pyspiel
        >>> game = pyspiel.load_game("python_truco_classic(flor=False,players=4)")
        >>> again = pickle.loads(pickle.dumps(game))
        >>> type(again) is type(game), again.rules == game.rules, again.rules.flor
        (True, True, False)
        """
        return (_load_game, (str(self),))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """Observations (``truco-obs/1``) or, for perfect recall, information states (``truco-info/1``)."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.rules, perfect_recall)


def _load_game(text: str) -> TrucoGame:
    """The game whose text is *text* (``str(game)``): how a pickled :class:`TrucoGame` is restored, once importing
    this module has registered its games."""
    game = pyspiel.load_game(text)
    if not isinstance(game, TrucoGame):
        raise ArgumentError(f"{quoted(text)} is no pytruco game")
    return game


class _Progress:
    """What a :class:`TrucoState` holds beside OpenSpiel's history: the table, the cards of the deal being dealt
    (in order, and as a bit per card index) and the points of the hands so far. Never changed once made, so a clone
    shares it (``__deepcopy__``); pickled, it keeps nothing (``__reduce__``), so that what OpenSpiel's Python-game
    serialisation writes is the history alone and a state it restores is that history replayed
    (:meth:`TrucoState.__setattr__`)."""

    __slots__ = ("dealing", "dealt", "table", "totals", "utility")

    def __init__(
        self,
        table: State | None = None,
        utility: str = "win",
        dealing: tuple[Card, ...] = (),
        totals: tuple[int, int] = (0, 0),
        dealt: int = 0,
    ) -> None:
        self.table = table
        self.utility = utility
        self.dealing = dealing
        self.totals = totals
        self.dealt = dealt

    def __deepcopy__(self, memo: dict[int, Any]) -> _Progress:
        return self

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (_Progress, ())


class TrucoState(pyspiel.State):
    """A pytruco :class:`~pytruco.State` (:attr:`table`) with the cards of a deal being dealt.

    Its text (:meth:`serialize`) is its action history, one action a line, and
    :meth:`TrucoGame.deserialize_state` replays such a text, each action checked.

    >>> import pyspiel
    >>> import pytruco.openspiel
    >>> state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
    >>> type(state).__name__, state.is_chance_node()
    ('TrucoState', True)
    """

    _progress: _Progress

    def __init__(self, game: TrucoGame) -> None:
        super().__init__(game)
        self._progress = _Progress(new_game(game.rules, first_mano=game.first_mano), game.utility)

    def apply_action(self, action: int) -> None:
        """Apply *action* (a card index while a deal is dealt, else an action index), checked.

        Raises:
            ArgumentError: a number that is no card or action, or a card already dealt.
            IllegalActionError: an action that is not legal here.

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
        >>> state.apply_action(-1)
        Traceback (most recent call last):
        ...
        pytruco.errors.ArgumentError: a chance action is a card index from 0 to 39, not a card: -1
        """
        if action == pyspiel.INVALID_ACTION:  # -1: OpenSpiel's own check would refuse it with its SpielError
            self._apply_action(action)  # raises as for any other number that is no card or action
        super().apply_action(action)

    def __setattr__(self, name: str, value: object) -> None:
        # OpenSpiel's Python-game deserialiser sets the pickled __dict__'s items after the history: only our own
        # record of progress may be set, and one restored from text (no table) is rebuilt from the history.
        if name != "_progress" or value.__class__ is not _Progress:
            raise ArgumentError(f"a python_truco state text holds its history only, not {quoted(name)}")
        assert isinstance(value, _Progress)
        if value.table is None:
            value = _replayed(self.get_game(), self.history())._progress
        super().__setattr__(name, value)

    @property
    def table(self) -> State:
        """The pytruco state (before the deal being dealt)."""
        table = self._progress.table
        assert table is not None
        return table

    @property
    def rules(self) -> RuleSet:
        """The game's rule set."""
        return self.table.rules

    @property
    def utility(self) -> str:
        """The game's utility, ``win`` or ``points``."""
        return self._progress.utility

    @property
    def dealing(self) -> tuple[Card, ...]:
        """The cards of the deal being dealt, in the order dealt."""
        return self._progress.dealing

    @property
    def totals(self) -> tuple[int, int]:
        """Each team's points in the hands played so far."""
        return self._progress.totals

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player."""
        table = self._progress.table
        assert table is not None
        if table.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if table.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return table.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        table = self._progress.table
        assert table is not None
        return sorted([found & 255 for found in map(code, legal_actions(table)) if found >> 8 == player])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card (its index) with its probability (:func:`pytruco.worlds.chance_outcomes`), from a table
        made once."""
        progress = self._progress
        table = progress.table
        assert table is not None
        if table.phase is not _DEAL:  # the library's refusal
            return [(card.index, p) for card, p in chance_outcomes(table, progress.dealing)]
        return list(without_dealt(_OUTCOMES[len(progress.dealing)], progress.dealt))

    def _apply_action(self, action: int) -> None:
        # Straight into the instance dict: __setattr__ guards what OpenSpiel's deserialiser sets, not our own steps.
        self.__dict__["_progress"] = _advanced(self._progress, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {_card(action)}"
        return str(Action.from_index(action, player))

    def is_terminal(self) -> bool:
        """The match is over."""
        table = self._progress.table
        assert table is not None
        return table.is_over

    def returns(self) -> list[float]:
        """Per seat: the match's utility for its team (zeros until the end)."""
        n = self.rules.players
        table = self.table
        if not table.is_over:
            return [0.0] * n
        if self.utility == "win":
            return [1.0 if seat & 1 == table.winner else -1.0 for seat in range(n)]
        diff = self.totals[0] - self.totals[1]
        return [float(diff if seat & 1 == 0 else -diff) for seat in range(n)]

    def serialize(self) -> str:
        """The state as text: its action history, one action a line (OpenSpiel's default form).

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
        >>> for card in (0, 1, 2):
        ...     state.apply_action(card)
        >>> state.serialize()
        '0\\n1\\n2\\n'
        """
        return "".join(f"{action}\n" for action in self.history())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TrucoState:
        """A state that *player_id* cannot tell from this one (:func:`pytruco.worlds.sample_world`), rebuilt
        through the game's actions so that its history is OpenSpiel's."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return resampled(self, player_id, rng)

    def __str__(self) -> str:
        text = str(self.table)
        if self.dealing:
            text += "\ndealing: " + " ".join(str(card) for card in self.dealing)
        return text


def _card(action: object) -> Card:
    """The card a chance action deals (its index), else :class:`~pytruco.ArgumentError`."""
    if action.__class__ is not int or not 0 <= action < 40:  # type: ignore[operator]
        raise ArgumentError(f"a chance action is a card index from 0 to 39, not a card: {quoted(action)}")
    return ALL_CARDS[action]  # type: ignore[index]


def _advanced(progress: _Progress, action: int) -> _Progress:
    """*progress* after *action* (a card while a deal is dealt, else an :attr:`~pytruco.Action.index`), checked."""
    table = progress.table
    assert table is not None
    if table.is_chance:
        card = _card(action)
        if progress.dealt >> card.index & 1:
            raise ArgumentError(f"card {card} is already dealt in this deal")
        dealing = (*progress.dealing, card)
        if len(dealing) < 3 * table.rules.players:
            return _Progress(table, progress.utility, dealing, progress.totals, progress.dealt | 1 << card.index)
        table, _ = apply(table, deal_from_cards(table, dealing))
        return _Progress(table, progress.utility, (), progress.totals)
    if table.is_over:
        raise ArgumentError(f"the match is over: no action {quoted(action)} follows")
    table, _ = apply(table, Action.from_index(action, table.to_act[0]))
    totals = progress.totals
    if table.round_over:
        points = table.round_points
        totals = (totals[0] + points[0], totals[1] + points[1])
    return _Progress(table, progress.utility, (), totals)


def _replayed(game: Any, actions: Sequence[int]) -> TrucoState:
    """A new state of *game* after *actions*, each checked (ArgumentError or IllegalActionError)."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state  # type: ignore[no-any-return]


def _history_of(text: str, longest: int) -> list[int]:
    """The actions of a state's text: one action a line, or the ``history=`` line of OpenSpiel's Python-game
    form (whose ``__dict__`` part is never read)."""
    if not isinstance(text, str):
        raise ArgumentError(f"a python_truco state text is a string, not {quoted(text)}")
    if text.startswith("history="):
        lines = text.split("\n", 2)
        if len(lines) < 2 or not lines[1].startswith("move_number="):
            raise ArgumentError(f"not a python_truco state text: {quoted(text)}")
        items = lines[0][len("history=") :].split(",") if lines[0] != "history=" else []
        actions = [_whole(item.rpartition(":")[2], text) for item in items[: longest + 1]]
        if _whole(lines[1][len("move_number=") :], text) != len(actions):
            raise ArgumentError(f"the move number does not match the history in {quoted(text)}")
    else:
        lines = text.split("\n", longest + 1)
        if lines[-1] != "":
            raise ArgumentError(f"not a python_truco state text (one action a line, each ended): {quoted(text)}")
        actions = [_whole(line, text) for line in lines[:-1]]
    if len(actions) > longest:
        raise ArgumentError(f"a python_truco state text holds at most {longest} actions")
    return actions


def _whole(item: str, text: str) -> int:
    if not (item.isascii() and item.isdigit()) or len(item) > 6 or (item[0] == "0" and item != "0"):
        raise ArgumentError(f"not an action {quoted(item)} in the state text {quoted(text)}")
    return int(item)


def resampled(state: TrucoState, player: int, rng: random.Random) -> TrucoState:
    """*state* with the current hand's unseen cards dealt again for *player* (the cards of the hands before stay
    as they were: they change nothing that follows).

    >>> import random
    >>> import pyspiel
    >>> from pytruco.openspiel import resampled
    >>> state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> other = resampled(state, 0, random.Random(1))
    >>> other.information_state_string(0) == state.information_state_string(0)
    True
    """
    world = sample_world(state.table, player, rng)
    game = state.get_game()
    new = game.new_initial_state()
    if world is state.table:
        for action in state.history():
            new.apply_action(action)
        return new  # type: ignore[no-any-return]
    history = state.history()
    n = state.rules.players
    round_ = world.round
    assert round_ is not None
    # Replay up to the current hand's deal, deal the world's cards instead of the real ones, then the hand.
    before = state.table.rounds_dealt - 1
    at = 0
    while not (new.is_chance_node() and not new.dealing and new.table.rounds_dealt == before):
        new.apply_action(history[at])
        at += 1
    for hand in round_.dealt:
        for card in sorted(hand.cards):
            new.apply_action(card.index)
    for action in history[at + 3 * n :]:
        new.apply_action(action)
    return new  # type: ignore[no-any-return]


def resampler(state: Any, player: int) -> Any:
    """A resampler for OpenSpiel's Python ``ISMCTSBot.set_resampler``: the library's exact world sampler, with a
    random source drawn from Python's :mod:`random` (seed it for repeatable searches).

    >>> import pyspiel
    >>> from pytruco.openspiel import resampler
    >>> state = pyspiel.load_game("python_truco(hands=1)").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> resampler(state, 1).current_player() == state.current_player()
    True
    """
    return resampled(state, player, random.Random(random.getrandbits(64)))


class _Observer:
    """OpenSpiel's observer protocol: a float tensor with named parts, filled from a state for a player."""

    def __init__(self, rules: RuleSet, perfect_recall: bool) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        self.layout = information_state_layout(rules) if perfect_recall else observation_layout(rules)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = {part.name: self.tensor[part.start : part.start + part.size] for part in self.layout.slices}

    def set_from(self, state: TrucoState, player: int) -> None:
        # Written in place, the entries that are not zero only: a list of a few thousand floats converted by NumPy
        # at every step cost more than the encoding.
        self.tensor.fill(0.0)
        tensor = cast("MutableSequence[float]", self.tensor)  # a NumPy vector takes item assignment as a list does
        if self.perfect_recall:
            information_state_into(state.table, player, tensor)
        else:
            observation_into(state.table, player, tensor)

    def string_from(self, state: TrucoState, player: int) -> str:
        table = state.table
        text = information_state_string(table, player) if self.perfect_recall else observation_string(table, player)
        mine = state.dealing[3 * player : 3 * player + 3]
        if mine:
            text += "\ndealing " + " ".join(str(card) for card in sorted(mine))
        return text


def _preset_game(name: str) -> type[TrucoGame]:
    """The class of the games *name* (a preset's own game). OpenSpiel keeps a game's maker until the process ends and
    lets go of it after Python has stopped: a class, which Python never frees alone, is safe there (a maker freed
    then, such as a ``functools.partial`` nothing else holds, aborts the exit)."""

    class PresetTrucoGame(TrucoGame):
        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            super().__init__(params, name)

    return PresetTrucoGame


pyspiel.register_game(GAME_TYPES[GAME_NAME], TrucoGame)
for _name in PRESET_GAMES.values():
    pyspiel.register_game(GAME_TYPES[_name], _preset_game(_name))

"""The layouts of :mod:`pytruco.encode` (its slices, their sizes and meanings) and the bounds of a game, which
:mod:`pytruco.encode` exports.

>>> from pytruco import RuleSet
>>> from pytruco._layouts import layout_of
>>> layout_of(RuleSet.preset("default")).size
337
"""

from __future__ import annotations

import functools

import attrs

from .actions import ACTION_SPACE, MAX_DECLARED_POINTS, NUM_ACTIONS
from .errors import ArgumentError, quoted
from .rules import EnvidoStyle, RuleSet

__all__ = [
    "INFO_FORMAT",
    "OBS_FORMAT",
    "Bounds",
    "ObservationLayout",
    "Slice",
    "bounds",
    "bounds_of",
    "info_layout",
    "layout_of",
]

OBS_FORMAT = "truco-obs/1"
"""The version of the observation layout (docs/stability.md): a slice keeps its name, size and meaning within it.

>>> from pytruco.encode import OBS_FORMAT, observation_layout
>>> from pytruco import RuleSet
>>> observation_layout(RuleSet.preset("default")).format == OBS_FORMAT
True
"""
INFO_FORMAT = "truco-info/1"
"""The version of the information-state tensor and string.

>>> from pytruco.encode import INFO_FORMAT, information_state_string
>>> from pytruco import new_game
>>> information_state_string(new_game("default", first_mano=0), 0).startswith(INFO_FORMAT)
True
"""


@attrs.frozen
class Bounds:
    """Upper bounds of a game of some rules (docs/stability.md): what a learner sizes its buffers by.

    Attributes:
        num_actions: the size of the action space (``truco-actions/1``).
        max_declared_points: the most a ``tengo`` declares.
        max_actions_per_hand: the actions of a hand (the deal and ``timeout``/``rendirse`` aside; every duel of a
            pica hand counted; a per-word envido chain grows with the target).
        max_hand_points: the points both teams score in one hand.
        max_hands: the hands of a match: each scores a point at least, so a chico ends within ``2 * target - 1``
            hands, a partido within ``2 * chicos_to_win - 1`` chicos (or the option ``hands``).

    >>> from pytruco import RuleSet
    >>> from pytruco.encode import bounds
    >>> bounds(RuleSet.preset("default"))
    Bounds(num_actions=96, max_declared_points=38, max_actions_per_hand=34, max_hand_points=138, max_hands=59)
    >>> bounds(RuleSet.preset("default", players=6)).max_actions_per_hand
    66
    >>> bounds(RuleSet.preset("classic", hands=1)).max_hands
    1
    """

    num_actions: int
    max_declared_points: int
    max_actions_per_hand: int
    max_hand_points: int
    max_hands: int


def bounds(rules: RuleSet) -> Bounds:
    """The :class:`Bounds` of a game of *rules*.

    Raises:
        ArgumentError: *rules* is not a :class:`~pytruco.RuleSet`.

    >>> from pytruco import RuleSet
    >>> from pytruco.encode import bounds
    >>> bounds(RuleSet.preset("reglamento")).max_actions_per_hand
    47
    """
    if not isinstance(rules, RuleSet):
        raise ArgumentError(f"bounds needs a RuleSet, not {quoted(rules)}")
    return bounds_of(rules)


@functools.lru_cache(maxsize=64)
def bounds_of(rules: RuleSet) -> Bounds:
    """:func:`bounds` of a rule set the caller has checked, kept for 64 rule sets.

    >>> from pytruco import RuleSet
    >>> bounds_of(RuleSet.preset("default")).max_hands
    59
    """
    chain = rules.target // 2 + 2 if rules.envido_style is EnvidoStyle.PER_WORD else 4
    full = 8 * rules.players + 14 + chain
    per_hand = max(3 * (16 + 14 + chain), full) if rules.pica_pica else full
    stakes = max(rules.flor_flor_value, rules.contraflor_value, rules.achico_value, 4)
    hands = (2 * rules.target - 1) * (2 * rules.chicos_to_win - 1)
    return Bounds(
        num_actions=NUM_ACTIONS,
        max_declared_points=MAX_DECLARED_POINTS,
        max_actions_per_hand=per_hand,
        max_hand_points=3 * rules.target + 6 * stakes + 12,
        max_hands=min(hands, rules.hands) if rules.hands else hands,
    )


@attrs.frozen
class Slice:
    """One named part of a layout: ``values[start : start + size]``.

    >>> from pytruco.encode import observation_layout
    >>> from pytruco import RuleSet
    >>> observation_layout(RuleSet.preset("default")).slices[0]
    Slice(name='phase', start=0, size=4, doc='one-hot: rps, deal, play, over')
    """

    name: str
    start: int
    size: int
    doc: str


@attrs.frozen
class ObservationLayout:
    """The slices of an observation (or, with :attr:`history`, of an information-state tensor) for one rule set.

    Attributes:
        format: :data:`OBS_FORMAT` (or :data:`INFO_FORMAT`).
        players: the seats of the table (seat slices have one entry per seat, the seat itself first).
        slices: every slice in order; they cover ``range(size)`` without gaps.
        size: the length of the vector.

    >>> from pytruco.encode import observation_layout
    >>> from pytruco import RuleSet
    >>> layout = observation_layout(RuleSet.preset("default", players=4))
    >>> layout.slice("to_act"), layout.describe("to_act")
    (range(13, 17), 'per seat (this seat first, then in playing order): may act now')
    """

    format: str
    players: int
    slices: tuple[Slice, ...]
    size: int

    def slice(self, name: str) -> range:
        """The indices of slice *name*.

        Raises:
            ArgumentError: no such slice.
        """
        for part in self.slices:
            if part.name == name:
                return range(part.start, part.start + part.size)
        raise ArgumentError(f"no slice {quoted(name)} in {self.format} (slices: {', '.join(self.names)})")

    def start(self, name: str) -> int:
        """Where slice *name* starts."""
        return self.slice(name).start

    def describe(self, name: str) -> str:
        """What slice *name* holds."""
        self.slice(name)
        return next(part.doc for part in self.slices if part.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        """The slice names in order."""
        return tuple(part.name for part in self.slices)


def _slices(rules: RuleSet) -> list[tuple[str, int, str]]:
    n = rules.players
    seats = "per seat (this seat first, then in playing order)"
    teams = "per team (this seat's first)"
    return [
        ("phase", 4, "one-hot: rps, deal, play, over"),
        ("score", 2, f"{teams}: points / target (at most 1)"),
        ("chicos", 2, f"{teams}: chicos won / chicos to win"),
        ("hand_number", 1, "hands dealt / bounds(rules).max_hands"),
        ("mano", n, f"{seats}: one-hot, the mano of the hand"),
        ("to_act", n, f"{seats}: may act now"),
        ("folded", n, f"{seats}: out of the hand (mazo, or not in the pica duel)"),
        ("hand", 40, "this seat's cards not yet played, by Card.index"),
        ("own_points", 3, "this seat's envido points / 38, flor points / 38 (0 without), holds a flor"),
        ("played", n * 40, f"{seats}: 40 each, the cards played in this hand (or duel), by Card.index"),
        ("trick", 40, "the cards of the trick being played, by Card.index"),
        ("tricks", 9, f"per finished trick 1-3: one-hot {teams.replace('per team ', '')} won it, or parda"),
        ("truco_level", 4, "one-hot: accepted truco level 0 (none), truco, retruco, vale cuatro"),
        ("quiero", 2, f"{teams}: holds the quiero (may raise the truco)"),
        ("truco_call", 3, "one-hot: a truco, retruco or vale cuatro waits for its answer"),
        ("truco_caller", n, f"{seats}: one-hot, who made that call"),
        ("envido_calls", 3, "envido calls / their most, real-envido called, falta-envido called"),
        ("envido_stage", 5, "one-hot: none, pending, declaring, settled, void"),
        ("envido_caller", n, f"{seats}: one-hot, who made the last envido call"),
        ("flor_stage", 5, "one-hot: none, answer, call, declaring, done"),
        ("flor_sung", n, f"{seats}: sang flor in this hand"),
        ("flor_call", 3, "one-hot: a second flor, a contraflor or a contraflor al resto waits for its answer"),
        ("flor_caller", n, f"{seats}: one-hot, who made that call"),
        ("declaring", 2, "one-hot: envido, flor declarations are due"),
        ("envido_declared", 3 * n, f"{seats}: 3 each, declared, points / 38, son-buenas"),
        ("flor_declared", 3 * n, f"{seats}: 3 each, declared, points / 38, son-buenas"),
        ("unscored", 2, f"{teams}: points won in the hand not yet scored / bounds(rules).max_hand_points"),
        ("hand_points", 2, f"{teams}: points scored in the hand / bounds(rules).max_hand_points"),
        ("rps", 3, "one-hot: this seat's rock-paper-scissors choice, while the other's is unknown"),
        ("legal", NUM_ACTIONS, f"this seat's legal actions by Action.index ({ACTION_SPACE})"),
    ]


def _layout(fmt: str, rules: RuleSet, parts: list[tuple[str, int, str]]) -> ObservationLayout:
    slices = []
    at = 0
    for name, size, doc in parts:
        slices.append(Slice(name, at, size, doc))
        at += size
    return ObservationLayout(fmt, rules.players, tuple(slices), at)


def layout_of(rules: RuleSet) -> ObservationLayout:
    """The ``truco-obs/1`` layout of *rules*, made anew (:func:`pytruco.encode.observation_layout` keeps it).

    >>> from pytruco import RuleSet
    >>> layout_of(RuleSet.preset("default", players=4)).size
    443
    """
    return _layout(OBS_FORMAT, rules, _slices(rules))


def info_layout(rules: RuleSet) -> ObservationLayout:
    """The ``truco-info/1`` layout of *rules*, made anew (:func:`pytruco.encode.information_state_layout`).

    >>> from pytruco import RuleSet
    >>> info_layout(RuleSet.preset("default")).size
    3709
    """
    n = rules.players
    rows = bounds_of(rules).max_actions_per_hand
    parts = [
        *_slices(rules),
        ("dealt", 40, "this seat's cards as dealt in this hand, by Card.index"),
        ("history", rows * (n + NUM_ACTIONS), "per action of the hand: who acted (per seat) and Action.index"),
    ]
    return _layout(INFO_FORMAT, rules, parts)

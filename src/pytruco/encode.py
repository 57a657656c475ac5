"""Observations for learning and search: the legal mask, a versioned observation layout and information states.

Everything here is seat-relative and team-relative: seat slices list the seat itself first, then the others in
playing order after it; team slices list the seat's own team first. Every value is in ``[0, 1]``, and everything
is computed from what the seat may see, so two states the seat cannot tell apart (the same
:func:`~pytruco.view`) give the same observation (``tests/test_research.py``). The encoders read the state directly
rather than building a :class:`~pytruco.SeatView`.

- :func:`legal_mask`: the seat's legal actions as ``0``/``1`` over the action space (:attr:`pytruco.Action.index`).
- :func:`observation` (layout :data:`OBS_FORMAT`, ``truco-obs/1``; :func:`observation_layout` names its slices)
  and :func:`observation_string`: what the seat sees now.
- :func:`information_state` and :func:`information_state_string`: with the seat's perfect-recall history: the
  string holds every item of the match as the seat saw it (its own cards of every deal, the public actions; a
  rock-paper-scissors choice hidden until both are made); the tensor adds to the observation the seat's cards as
  dealt and the current hand's actions in order (the hands before enter through the score, the chicos and the hand
  number), which is perfect recall for the one-hand game (``hands=1``).

Card order within a hand never matters: hands are encoded as sets and written sorted.

>>> from pytruco import Action, Deal, apply, new_game
>>> from pytruco.encode import legal_mask, observation, observation_layout
>>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> layout = observation_layout(state.rules)
>>> layout.format, layout.size, len(observation(state, 0)) == layout.size
('truco-obs/1', 337, True)
>>> obs = observation(state, 0)
>>> [i for i in layout.slice("hand") if obs[i]] == [layout.start("hand") + c for c in (0, 35, 36)]
True
>>> sum(legal_mask(state, 0)), sum(legal_mask(state, 1))
(8, 0)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from ._engine import Phase, Round, State, legal_actions, require_state, rps_choices
from .actions import ACTION_SPACE, MAX_DECLARED_POINTS, NUM_ACTIONS, TRUCO_CALLS, Action, Deal, Kind
from .errors import ArgumentError, quoted
from .rules import PRESET_NAMES, EnvidoStyle, RuleSet

__all__ = [
    "INFO_FORMAT",
    "OBS_FORMAT",
    "Bounds",
    "ObservationLayout",
    "Slice",
    "bounds",
    "information_state",
    "information_state_string",
    "legal_mask",
    "observation",
    "observation_layout",
    "observation_string",
    "research_rules",
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

_PHASES = (Phase.RPS, Phase.DEAL, Phase.PLAY, Phase.OVER)
_ENVIDO_STAGES = ("none", "pending", "declaring", "settled", "void")
_FLOR_STAGES = ("none", "answer", "call", "declaring", "done")
_FLOR_CALLS = (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO)
_RPS = ("piedra", "papel", "tijera")


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


@functools.lru_cache(maxsize=64)
def bounds(rules: RuleSet) -> Bounds:
    """The :class:`Bounds` of a game of *rules*.

    >>> from pytruco import RuleSet
    >>> from pytruco.encode import bounds
    >>> bounds(RuleSet.preset("reglamento")).max_actions_per_hand
    47
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


@functools.lru_cache(maxsize=64)
def observation_layout(rules: RuleSet) -> ObservationLayout:
    """The ``truco-obs/1`` layout for *rules* (its size depends on the number of seats only).

    >>> from pytruco.encode import observation_layout
    >>> from pytruco import RuleSet
    >>> [observation_layout(RuleSet.preset("default", players=n)).size for n in (2, 4, 6)]
    [337, 443, 549]
    """
    if not isinstance(rules, RuleSet):
        raise ArgumentError(f"observation_layout needs a RuleSet, not {quoted(rules)}")
    return _layout(OBS_FORMAT, rules, _slices(rules))


@functools.lru_cache(maxsize=64)
def information_state_layout(rules: RuleSet) -> ObservationLayout:
    """The ``truco-info/1`` tensor layout: the observation's slices, then ``dealt`` (this seat's cards as dealt)
    and ``history``: per action of the current hand in order (at most :func:`bounds`), one
    row of ``players`` (one-hot, who acted, this seat first) and ``num_actions`` (one-hot, the action's index).

    >>> from pytruco.encode import information_state_layout
    >>> from pytruco import RuleSet
    >>> information_state_layout(RuleSet.preset("default")).slice("history")
    range(377, 3709)
    """
    n = rules.players
    rows = bounds(rules).max_actions_per_hand
    parts = [
        *_slices(rules),
        ("dealt", 40, "this seat's cards as dealt in this hand, by Card.index"),
        ("history", rows * (n + NUM_ACTIONS), "per action of the hand: who acted (per seat) and Action.index"),
    ]
    return _layout(INFO_FORMAT, rules, parts)


def _check(state: State, seat: object, where: str) -> int:
    if state.__class__ is not State:
        require_state(state, where)
    n = state.rules.players
    if not isinstance(seat, int) or seat.__class__ is not int or not 0 <= seat < n:
        raise ArgumentError(f"{where} needs a seat from 0 to {n - 1}, not {quoted(seat)}")
    return seat


def legal_mask(state: State, seat: int) -> list[int]:
    """``1`` at the :attr:`~pytruco.Action.index` of every legal action of *seat* now, ``0`` elsewhere
    (``rules.num_actions`` entries; all zeros when the seat may not act).

    Raises:
        ArgumentError: not a state, or not a seat of its table.

    >>> from pytruco.encode import legal_mask
    >>> from pytruco import Action, new_game
    >>> mask = legal_mask(new_game("online"), 1)
    >>> [Action.from_index(i, 1) for i, on in enumerate(mask) if on]
    [Action('1 rps piedra'), Action('1 rps papel'), Action('1 rps tijera')]
    """
    seat = _check(state, seat, "legal_mask")
    mask = [0] * NUM_ACTIONS
    for action in legal_actions(state):
        if action.seat == seat:
            mask[action.index] = 1
    return mask


def observation(state: State, seat: int) -> list[float]:
    """What *seat* sees of *state* in the ``truco-obs/1`` layout (:func:`observation_layout`).

    Raises:
        ArgumentError: not a state, or not a seat of its table.

    >>> from pytruco.encode import observation, observation_layout
    >>> from pytruco import new_game
    >>> obs = observation(new_game("default", first_mano=1), 0)
    >>> layout = observation_layout(new_game("default").rules)
    >>> [obs[i] for i in layout.slice("phase")], [obs[i] for i in layout.slice("mano")]
    ([0.0, 1.0, 0.0, 0.0], [0.0, 1.0])
    """
    seat = _check(state, seat, "observation")
    layout = observation_layout(state.rules)
    values = [0.0] * layout.size
    _fill(state, seat, layout, values)
    return values


def _fill(state: State, seat: int, layout: ObservationLayout, v: list[float]) -> None:
    rules = state.rules
    n = rules.players
    team = seat & 1
    at = {part.name: part.start for part in layout.slices}

    def rel(s: int) -> int:
        return (s - seat) % n

    v[at["phase"] + _PHASES.index(state.phase)] = 1.0
    score = state.score
    v[at["score"]] = min(1.0, score[team] / rules.target)
    v[at["score"] + 1] = min(1.0, score[1 - team] / rules.target)
    chicos = state.chicos
    v[at["chicos"]] = chicos[team] / rules.chicos_to_win
    v[at["chicos"] + 1] = chicos[1 - team] / rules.chicos_to_win
    v[at["hand_number"]] = min(1.0, state.rounds_dealt / bounds(rules).max_hands)
    for s in state.to_act:
        v[at["to_act"] + rel(s)] = 1.0
    if state.phase is Phase.RPS:
        choices = rps_choices(state)
        own, other = choices[seat], choices[1 - seat]
        if own is not None and other is None:
            v[at["rps"] + _RPS.index(own.value)] = 1.0
    for action in legal_actions(state):
        if action.seat == seat:
            v[at["legal"] + action.index] = 1.0
    r = state.round
    if r is None:
        if state.phase is not Phase.RPS:
            v[at["mano"] + rel(state.mano)] = 1.0
        return
    v[at["mano"] + rel(r.mano)] = 1.0
    for s in r.folded:
        v[at["folded"] + rel(s)] = 1.0
    for card in r.held_by(seat):
        v[at["hand"] + card.index] = 1.0
    dealt = r.dealt[seat]
    v[at["own_points"]] = r.envido_points[seat] / MAX_DECLARED_POINTS
    flor = dealt.flor_points(rules.flor_count_three) if rules.flor else None
    if flor is not None:
        v[at["own_points"] + 1] = flor / MAX_DECLARED_POINTS
        v[at["own_points"] + 2] = 1.0
    played = at["played"]
    for number, trick in enumerate(r.tricks):
        for s, card in trick.plays:
            v[played + 40 * rel(s) + card.index] = 1.0
        winner = trick.team
        v[at["tricks"] + 3 * number + (2 if winner is None else (0 if winner == team else 1))] = 1.0
    for s, card in r.current_trick:
        v[played + 40 * rel(s) + card.index] = 1.0
        v[at["trick"] + card.index] = 1.0
    _fill_chains(state, r, seat, at, v)


def _fill_chains(state: State, r: Round, seat: int, at: dict[str, int], v: list[float]) -> None:
    """The truco, envido and flor chains, the declarations and the hand's points (see :func:`_fill`)."""
    rules = state.rules
    n = rules.players
    team = seat & 1

    def rel(s: int) -> int:
        return (s - seat) % n

    v[at["truco_level"] + r.truco_level] = 1.0
    quiero = r.quiero_team
    if quiero is not None:
        v[at["quiero"] + (0 if quiero == team else 1)] = 1.0
    call = r.truco_call
    if call is not None and not r.ended:
        v[at["truco_call"] + TRUCO_CALLS.index(call[0])] = 1.0
        v[at["truco_caller"] + rel(call[1])] = 1.0
    count = r.envido_count
    if count:
        calls = r.envido_calls
        most = rules.target // 2 + 1 if rules.envido_style is EnvidoStyle.PER_WORD else 2
        v[at["envido_calls"]] = min(1.0, calls.count(Kind.ENVIDO) / most)
        v[at["envido_calls"] + 1] = 1.0 if Kind.REAL_ENVIDO in calls else 0.0
        v[at["envido_calls"] + 2] = 1.0 if Kind.FALTA_ENVIDO in calls else 0.0
    v[at["envido_stage"] + _ENVIDO_STAGES.index(r.envido_stage)] = 1.0
    caller = r.envido_caller
    if caller is not None:
        v[at["envido_caller"] + rel(caller)] = 1.0
    v[at["flor_stage"] + _FLOR_STAGES.index(r.flor_stage)] = 1.0
    for s in r.flor_sung:
        v[at["flor_sung"] + rel(s)] = 1.0
    flor_call = r.flor_call
    if flor_call is not None and flor_call[0] in _FLOR_CALLS:
        v[at["flor_call"] + _FLOR_CALLS.index(flor_call[0])] = 1.0
        v[at["flor_caller"] + rel(flor_call[1])] = 1.0
    declaring = r.declaring
    if declaring is not None:
        v[at["declaring"] + (0 if declaring == "envido" else 1)] = 1.0
    for what, s, points, _timeout in r.all_declarations:
        base = at["envido_declared" if what == "envido" else "flor_declared"] + 3 * rel(s)
        v[base] = 1.0
        if points is None:
            v[base + 2] = 1.0
        else:
            v[base + 1] = min(1.0, points / MAX_DECLARED_POINTS)
    most_points = bounds(rules).max_hand_points
    pending = [0, 0]
    for owner, points, _category in r.unscored:
        pending[0 if owner == team else 1] += points
    v[at["unscored"]] = min(1.0, pending[0] / most_points)
    v[at["unscored"] + 1] = min(1.0, pending[1] / most_points)
    got = state.round_points
    v[at["hand_points"]] = min(1.0, max(0, got[team]) / most_points)
    v[at["hand_points"] + 1] = min(1.0, max(0, got[1 - team]) / most_points)


def _hand_items(state: State) -> list[Action | Deal]:
    """The current hand's items, its deal first (the whole history before the first deal)."""
    return list(state.round_history)


def information_state(state: State, seat: int) -> list[float]:
    """The ``truco-info/1`` tensor of *seat* (:func:`information_state_layout`): the observation, the seat's cards
    as dealt, and the hand's actions in order.

    >>> from pytruco.encode import information_state, information_state_layout
    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> tensor = information_state(state, 1)
    >>> layout = information_state_layout(state.rules)
    >>> row = layout.start("history")
    >>> tensor[row + 1], tensor[row + 2 + Action.parse("0 truco").index]
    (1.0, 1.0)
    """
    seat = _check(state, seat, "information_state")
    rules = state.rules
    layout = information_state_layout(rules)
    values = [0.0] * layout.size
    _fill(state, seat, layout, values)
    r = state.round
    if r is None:
        return values
    for card in r.dealt[seat].cards:
        values[layout.start("dealt") + card.index] = 1.0
    n = rules.players
    width = n + NUM_ACTIONS
    at = layout.start("history")
    rows = bounds(rules).max_actions_per_hand
    count = 0
    for item in _hand_items(state):
        if item.__class__ is not Action:
            continue
        assert isinstance(item, Action)
        if item.kind is Kind.TIMEOUT or item.kind is Kind.RENDIRSE or count >= rows:
            continue  # meta actions: their effect shows in the observation
        values[at + (item.seat - seat) % n] = 1.0
        values[at + n + item.index] = 1.0
        at += width
        count += 1
    return values


def _seen_items(state: State, seat: int) -> Iterator[str]:
    """Every item of the match's history as *seat* saw it."""
    history = state.history
    shown = []
    for item in history:
        if isinstance(item, Deal):
            shown.append("deal " + " ".join(str(card) for card in sorted(item.hands[seat].cards)))
        elif item.kind is Kind.RPS and item.seat != seat:
            shown.append(f"{item.seat} rps ?")
        else:
            shown.append(str(item))
    # Rock-paper-scissors choices come in pairs (one of each seat); a pair is shown once both are made.
    rps_at = [i for i, item in enumerate(history) if isinstance(item, Action) and item.kind is Kind.RPS]
    for i in rps_at[: len(rps_at) // 2 * 2]:
        shown[i] = str(history[i])
    yield from shown


def information_state_string(state: State, seat: int) -> str:
    """*seat*'s perfect-recall history as text: the rules, the seat, then every item of the match as the seat saw
    it, one a line (its own cards of each deal, sorted; an opponent's rock-paper-scissors choice as ``?`` until
    both are made).

    >>> from pytruco.encode import information_state_string
    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> print(information_state_string(state, 1))
    truco-info/1 default 2 seats, target 30, seat 1, first mano 0, score 0-0
    deal 3B 4O 5O
    0 truco
    """
    seat = _check(state, seat, "information_state_string")
    rules = state.rules
    start = state.starting_score
    head = (
        f"{INFO_FORMAT} {rules.preset_name} {rules.players} seats, target {rules.target}, seat {seat}, "
        f"first mano {state.first_mano}, score {start[0]}-{start[1]}"
    )
    changed = {key: value for key, value in rules.to_dict().items() if key not in ("preset", "players", "target")}
    if changed:
        head += ", " + ", ".join(f"{key}={value}" for key, value in sorted(changed.items()))
    return "\n".join([head, *_seen_items(state, seat)])


def observation_string(state: State, seat: int) -> str:
    """The observation as text: each slice that is not all zeros, with its non-zero entries (index=value).

    >>> from pytruco.encode import observation_string
    >>> from pytruco import new_game
    >>> observation_string(new_game("default", first_mano=0), 1)
    'truco-obs/1 seat 1 | phase 1=1 | mano 1=1'
    """
    seat = _check(state, seat, "observation_string")
    layout = observation_layout(state.rules)
    values = observation(state, seat)
    parts = [f"{OBS_FORMAT} seat {seat}"]
    for part in layout.slices:
        entries = [f"{i}={_number(values[part.start + i])}" for i in range(part.size) if values[part.start + i]]
        if entries:
            parts.append(f"{part.name} " + " ".join(entries))
    return " | ".join(parts)


def _number(value: float) -> str:
    return "1" if value == 1.0 else f"{value:.4g}"


def research_rules(params: Mapping[str, Any]) -> tuple[RuleSet, str]:
    """The rule set and the utility (``win`` or ``points``) of the research parameters of :mod:`pytruco.openspiel`
    and :mod:`pytruco.pettingzoo`: ``preset``, ``players``, ``target`` (0: the preset's; any other: that target),
    ``hands`` (0: a whole match) and ``utility``; partners answer in turn order (one actor per decision).

    Raises:
        ArgumentError: an unknown preset or utility, or an option the rules refuse.

    >>> from pytruco.encode import research_rules
    >>> rules, utility = research_rules({"preset": "classic", "players": 4, "target": 9, "hands": 0, "utility": "win"})
    >>> rules.players, rules.target, rules.answer_in_turn, utility
    (4, 9, True, 'win')
    """
    values = {"preset": "default", "players": 2, "target": 0, "hands": 0, "utility": "win", **params}
    if values["preset"] not in PRESET_NAMES:
        raise ArgumentError(f"unknown preset {values['preset']!r} (known: {', '.join(PRESET_NAMES)})")
    if values["utility"] not in ("win", "points"):
        raise ArgumentError(f"utility must be 'win' or 'points', not {values['utility']!r}")
    options: dict[str, Any] = {"players": values["players"], "hands": values["hands"], "answer_in_turn": True}
    if values["target"]:
        options["targets"] = (values["target"],)
        options["target"] = values["target"]
    try:
        rules = RuleSet.preset(values["preset"], **options)
    except ValueError as error:
        raise ArgumentError(f"{error}") from None
    return rules, values["utility"]

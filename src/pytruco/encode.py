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

from collections.abc import MutableSequence
from typing import Any, Final

from ._codes import code as _code
from ._engine import Phase, Round, State, legal_actions, require_state, rps_choices
from ._layouts import (
    INFO_FORMAT,
    OBS_FORMAT,
    Bounds,
    ObservationLayout,
    Slice,
    bounds,
    bounds_of,
    info_layout,
    layout_of,
)
from ._seen import recalled
from .actions import MAX_DECLARED_POINTS, NUM_ACTIONS, TRUCO_CALLS, Kind, Rps
from .errors import ArgumentError, quoted
from .rules import EnvidoStyle, RuleSet

__all__ = [
    "INFO_FORMAT",
    "OBS_FORMAT",
    "Bounds",
    "ObservationLayout",
    "Slice",
    "bounds",
    "information_state",
    "information_state_into",
    "information_state_string",
    "legal_mask",
    "observation",
    "observation_into",
    "observation_layout",
    "observation_string",
]

_ONE: Final[Any] = float(1)
"""The ``1.0`` the encoders write: one shared float object (compiled, a literal ``1.0`` written into a list is a new
float object per write, made and then freed with the list; a value that is not a literal is kept as one object)."""
_RPS_PHASE: Final = Phase.RPS
_DEAL: Final = Phase.DEAL
_PLAY: Final = Phase.PLAY
_ENVIDO_STAGES: Final = {name: i for i, name in enumerate(("none", "pending", "declaring", "settled", "void"))}
_FLOR_STAGES: Final = {name: i for i, name in enumerate(("none", "answer", "call", "declaring", "done"))}
_FLOR_CALLS: Final = {kind: i for i, kind in enumerate((Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO))}
_TRUCO_CALLS: Final = {kind: i for i, kind in enumerate(TRUCO_CALLS)}
_RPS_ORDER: Final = {choice: i for i, choice in enumerate((Rps.PIEDRA, Rps.PAPEL, Rps.TIJERA))}
# Kinds and choices hash by identity: a lookup here is cheaper than tuple.index, a method call.
_ENVIDO: Final = Kind.ENVIDO
_REAL_ENVIDO: Final = Kind.REAL_ENVIDO
_FALTA_ENVIDO: Final = Kind.FALTA_ENVIDO


class _Plan:
    """What the encoders derive from one :class:`~pytruco.RuleSet`, made once per rule-set object (looked up by
    identity, never by hashing the rule set's fields): the slice offsets, the divisors and the string's head."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.layout = layout_of(rules)
        self.info = info_layout(rules)
        at = {part.name: part.start for part in self.info.slices}
        self.players, self.target, self.chicos_to_win = rules.players, rules.target, rules.chicos_to_win
        self.phase, self.score, self.chicos, self.hand_number = (
            at["phase"],
            at["score"],
            at["chicos"],
            at["hand_number"],
        )
        self.mano, self.to_act, self.folded, self.hand = at["mano"], at["to_act"], at["folded"], at["hand"]
        self.own_points, self.played, self.trick, self.tricks = (
            at["own_points"],
            at["played"],
            at["trick"],
            at["tricks"],
        )
        self.truco_level, self.quiero, self.truco_call = at["truco_level"], at["quiero"], at["truco_call"]
        self.truco_caller, self.envido_calls, self.envido_stage = (
            at["truco_caller"],
            at["envido_calls"],
            at["envido_stage"],
        )
        self.envido_caller, self.flor_stage, self.flor_sung = at["envido_caller"], at["flor_stage"], at["flor_sung"]
        self.flor_call, self.flor_caller, self.declaring = at["flor_call"], at["flor_caller"], at["declaring"]
        self.envido_declared, self.flor_declared = at["envido_declared"], at["flor_declared"]
        self.unscored, self.hand_points, self.rps, self.legal = (
            at["unscored"],
            at["hand_points"],
            at["rps"],
            at["legal"],
        )
        self.dealt, self.history = at["dealt"], at["history"]
        limits = bounds_of(rules)
        self.rows, self.max_hands, self.max_hand_points = (
            limits.max_actions_per_hand,
            limits.max_hands,
            limits.max_hand_points,
        )
        self.envido_most = rules.target // 2 + 1 if rules.envido_style is EnvidoStyle.PER_WORD else 2
        self.flor, self.flor_count_three = rules.flor, rules.flor_count_three
        self.head = f"{INFO_FORMAT} {rules.preset_name} {rules.players} seats, target {rules.target}, seat "
        changed = {key: value for key, value in rules.to_dict().items() if key not in ("preset", "players", "target")}
        self.suffix = "".join(f", {key}={value}" for key, value in sorted(changed.items()))


_PLANS: dict[int, _Plan] = {}
"""The plans made so far, by ``id`` of their rule set (each plan holds its rule set, so the id stays its own)."""


_LAST_PLAN: Final[list[_Plan]] = []
"""The plan asked for last (a table, or many of one rule set, asks for the same plan call after call)."""


def _plan(rules: RuleSet) -> _Plan:
    if _LAST_PLAN and _LAST_PLAN[0].rules is rules:
        return _LAST_PLAN[0]
    plan = _PLANS.get(id(rules))
    if plan is None or plan.rules is not rules:
        if not isinstance(rules, RuleSet):
            raise ArgumentError(f"an encoding needs a RuleSet, not {quoted(rules)}")
        plan = _Plan(rules)
        if len(_PLANS) >= 256:
            _PLANS.clear()
        _PLANS[id(rules)] = plan
    _LAST_PLAN[:] = [plan]
    return plan


def observation_layout(rules: RuleSet) -> ObservationLayout:
    """The ``truco-obs/1`` layout for *rules* (its size depends on the number of seats only).

    Raises:
        ArgumentError: *rules* is not a :class:`~pytruco.RuleSet`.

    >>> from pytruco.encode import observation_layout
    >>> from pytruco import RuleSet
    >>> [observation_layout(RuleSet.preset("default", players=n)).size for n in (2, 4, 6)]
    [337, 443, 549]
    """
    if not isinstance(rules, RuleSet):
        raise ArgumentError(f"observation_layout needs a RuleSet, not {quoted(rules)}")
    return _plan(rules).layout


def information_state_layout(rules: RuleSet) -> ObservationLayout:
    """The ``truco-info/1`` tensor layout: the observation's slices, then ``dealt`` (this seat's cards as dealt)
    and ``history``: per action of the current hand in order (at most :func:`bounds`), one
    row of ``players`` (one-hot, who acted, this seat first) and ``num_actions`` (one-hot, the action's index).

    Raises:
        ArgumentError: *rules* is not a :class:`~pytruco.RuleSet`.

    >>> from pytruco.encode import information_state_layout
    >>> from pytruco import RuleSet
    >>> information_state_layout(RuleSet.preset("default")).slice("history")
    range(377, 3709)
    """
    if not isinstance(rules, RuleSet):
        raise ArgumentError(f"information_state_layout needs a RuleSet, not {quoted(rules)}")
    return _plan(rules).info


_NUM_ACTIONS: Final = NUM_ACTIONS
_MAX_POINTS: Final = MAX_DECLARED_POINTS
# Final aliases of names of modules that are not compiled: a C static each in the compiled build (a plain name there
# is a lookup in the module's dictionary at every use).


def _check(state: State, seat: object, where: str) -> int:
    if type(state) is not State:
        require_state(state, where)
    legal_actions(state)  # a State forged with object.__new__: the engine's ArgumentError
    n = state.rules.players
    if not isinstance(seat, int) or type(seat) is not int or not 0 <= seat < n:
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
    mask = [0] * _NUM_ACTIONS
    for action in legal_actions(state):
        code = _code(action)
        if code >> 8 == seat:
            mask[code & 255] = 1
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
    plan = _plan(state.rules)
    values = [0.0] * plan.layout.size
    _fill(state, seat, plan, values, 0, None, 0)
    return values


def observation_into(
    state: State,
    seat: int,
    values: MutableSequence[float],
    at: int = 0,
    mask: MutableSequence[int] | None = None,
    mask_at: int = 0,
) -> None:
    """Write *seat*'s :func:`observation` of *state* into *values* from index *at*, and, given a *mask*, its
    :func:`legal_mask` into *mask* from *mask_at*: only the entries that are not zero are written, so the slots must
    hold zeros. For a buffer of many tables (:mod:`pytruco.vector` writes into one ``array`` that NumPy reads).

    Raises:
        ArgumentError: not a state, or not a seat of its table.

    >>> from array import array
    >>> from pytruco import new_game
    >>> from pytruco.encode import legal_mask, observation, observation_into
    >>> state = new_game("online")
    >>> values, mask = array("f", bytes(4 * 2 * 337)), bytearray(2 * 96)
    >>> observation_into(state, 1, values, 337, mask, 96)
    >>> list(values[337:]) == observation(state, 1), list(mask[96:]) == legal_mask(state, 1)
    (True, True)
    """
    seat = _check(state, seat, "observation_into")
    _fill(state, seat, _plan(state.rules), values, at, mask, mask_at)


def _fill(
    state: State,
    seat: int,
    plan: _Plan,
    v: MutableSequence[float],
    at: int,
    mask: MutableSequence[int] | None,
    mask_at: int,
) -> None:
    """Write *seat*'s observation into *v* from *at* (and its legal mask into *mask* from *mask_at*); see
    :func:`observation_into`."""
    n = plan.players
    team = seat & 1
    phase = state.phase
    v[at + plan.phase + (0 if phase is _RPS_PHASE else 1 if phase is _DEAL else 2 if phase is _PLAY else 3)] = _ONE
    first, second = state.score  # unpacked: a pair indexed by a variable is a new tuple in the compiled build
    ours, theirs = (first, second) if team == 0 else (second, first)
    if ours:
        v[at + plan.score] = _capped(ours / plan.target)
    if theirs:
        v[at + plan.score + 1] = _capped(theirs / plan.target)
    first, second = state.chicos
    ours, theirs = (first, second) if team == 0 else (second, first)
    if ours:
        v[at + plan.chicos] = ours / plan.chicos_to_win
    if theirs:
        v[at + plan.chicos + 1] = theirs / plan.chicos_to_win
    dealt = state.rounds_dealt
    if dealt:
        v[at + plan.hand_number] = _capped(dealt / plan.max_hands)
    for s in state.to_act:
        v[at + plan.to_act + (s - seat) % n] = _ONE
    if phase is _RPS_PHASE:
        choices = rps_choices(state)
        own, other = choices[seat], choices[1 - seat]
        if own is not None and other is None:
            v[at + plan.rps + _RPS_ORDER[own]] = _ONE
    legal = at + plan.legal
    for action in legal_actions(state):
        code = _code(action)
        if code >> 8 == seat:
            v[legal + (code & 255)] = _ONE
            if mask is not None:
                mask[mask_at + (code & 255)] = 1
    r = state.round
    if r is None:
        if phase is not _RPS_PHASE:
            v[at + plan.mano + (state.mano - seat) % n] = _ONE
        return
    _fill_round(state, r, seat, plan, v, at)
    _fill_chains(state, r, seat, plan, v, at)


def _fill_round(state: State, r: Round, seat: int, plan: _Plan, v: MutableSequence[float], at: int) -> None:
    """The hand's seats, cards and tricks (see :func:`_fill`)."""
    n = plan.players
    team = seat & 1
    v[at + plan.mano + (r.mano - seat) % n] = _ONE
    folded = r.folded
    if folded:
        for s in folded:
            v[at + plan.folded + (s - seat) % n] = _ONE
    hand = at + plan.hand
    for card in r.held_by(seat):
        v[hand + card.index] = _ONE
    own = at + plan.own_points
    points = r.envido_points[seat]
    if points:
        v[own] = points / _MAX_POINTS
    if plan.flor:
        flor = r.dealt[seat].flor_points(plan.flor_count_three)
        if flor is not None:
            v[own + 1] = flor / _MAX_POINTS
            v[own + 2] = _ONE
    played = at + plan.played
    tricks = at + plan.tricks
    for number, trick in enumerate(r.tricks):
        for s, card in trick.plays:
            v[played + 40 * ((s - seat) % n) + card.index] = _ONE
        winner = trick.team
        v[tricks + 3 * number + (2 if winner is None else (0 if winner == team else 1))] = _ONE
    current = at + plan.trick
    for s, card in r.current_trick:
        v[played + 40 * ((s - seat) % n) + card.index] = _ONE
        v[current + card.index] = _ONE


def _fill_chains(state: State, r: Round, seat: int, plan: _Plan, v: MutableSequence[float], at: int) -> None:
    """The truco, envido and flor chains, the declarations and the hand's points (see :func:`_fill`)."""
    n = plan.players
    team = seat & 1
    v[at + plan.truco_level + r.truco_level] = _ONE
    quiero = r.quiero_team
    if quiero is not None:
        v[at + plan.quiero + (0 if quiero == team else 1)] = _ONE
    call = r.truco_call
    if call is not None and not r.ended:
        v[at + plan.truco_call + _TRUCO_CALLS[call[0]]] = _ONE
        v[at + plan.truco_caller + (call[1] - seat) % n] = _ONE
    if r.envido_count:
        calls = r.envido_calls
        envidos = calls.count(_ENVIDO)
        if envidos:
            v[at + plan.envido_calls] = _capped(envidos / plan.envido_most)
        if _REAL_ENVIDO in calls:
            v[at + plan.envido_calls + 1] = _ONE
        if _FALTA_ENVIDO in calls:
            v[at + plan.envido_calls + 2] = _ONE
    envido_stage = _ENVIDO_STAGES[r.envido_stage]
    v[at + plan.envido_stage + envido_stage] = _ONE
    caller = r.envido_caller
    if caller is not None:
        v[at + plan.envido_caller + (caller - seat) % n] = _ONE
    flor_stage = _FLOR_STAGES[r.flor_stage]
    v[at + plan.flor_stage + flor_stage] = _ONE
    if flor_stage:  # nobody has sung flor while its stage is "none"
        for s in r.flor_sung:
            v[at + plan.flor_sung + (s - seat) % n] = _ONE
    flor_call = r.flor_call
    if flor_call is not None:
        at_call = _FLOR_CALLS.get(flor_call[0], -1)
        if at_call >= 0:
            v[at + plan.flor_call + at_call] = _ONE
            v[at + plan.flor_caller + (flor_call[1] - seat) % n] = _ONE
    declaring = r.declaring
    if declaring is not None:
        v[at + plan.declaring + (0 if declaring == "envido" else 1)] = _ONE
    if envido_stage > 1 or flor_stage:  # no declaration before an envido is accepted or a flor sung
        _fill_declarations(r, seat, plan, v, at)
    _fill_points(state, r, seat, plan, v, at)


def _fill_declarations(r: Round, seat: int, plan: _Plan, v: MutableSequence[float], at: int) -> None:
    """The envido and flor declarations of the hand (see :func:`_fill`)."""
    n = plan.players
    for what, s, points, _timeout in r.all_declarations:
        base = at + (plan.envido_declared if what == "envido" else plan.flor_declared) + 3 * ((s - seat) % n)
        v[base] = _ONE
        if points is None:
            v[base + 2] = _ONE
        elif points:
            v[base + 1] = _capped(points / _MAX_POINTS)


def _fill_points(state: State, r: Round, seat: int, plan: _Plan, v: MutableSequence[float], at: int) -> None:
    """The hand's points, scored and not yet scored (see :func:`_fill`)."""
    team = seat & 1
    most = plan.max_hand_points
    ours = theirs = 0
    for owner, points, _category in r.unscored:
        if owner == team:
            ours += points
        else:
            theirs += points
    if ours:
        v[at + plan.unscored] = _capped(ours / most)
    if theirs:
        v[at + plan.unscored + 1] = _capped(theirs / most)
    first, second = state.round_points
    ours, theirs = (first, second) if team == 0 else (second, first)
    if ours > 0:
        v[at + plan.hand_points] = _capped(ours / most)
    if theirs > 0:
        v[at + plan.hand_points + 1] = _capped(theirs / most)


def _capped(value: float) -> float:
    """*value*, at most 1."""
    return value if value < 1.0 else 1.0


def information_state(state: State, seat: int) -> list[float]:
    """The ``truco-info/1`` tensor of *seat* (:func:`information_state_layout`): the observation, the seat's cards
    as dealt, and the hand's actions in order.

    A new list of a few thousand floats costs about two applies to make and free:
    :func:`information_state_into` writes into a buffer kept by the caller instead.

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
    plan = _plan(state.rules)
    values = [0.0] * plan.info.size
    _fill(state, seat, plan, values, 0, None, 0)
    _fill_recall(state, seat, plan, values, 0)
    return values


def information_state_into(state: State, seat: int, values: MutableSequence[float], at: int = 0) -> None:
    """Write *seat*'s :func:`information_state` of *state* into *values* from index *at*: only the entries that are
    not zero are written, so the slots must hold zeros (an OpenSpiel observer's tensor, zeroed, or an ``array``
    that NumPy reads).

    Raises:
        ArgumentError: not a state, or not a seat of its table.

    >>> from array import array
    >>> from pytruco import new_game
    >>> from pytruco.encode import information_state, information_state_into
    >>> state = new_game("default", first_mano=0)
    >>> values = array("f", bytes(4 * 3709))
    >>> information_state_into(state, 1, values)
    >>> list(values) == information_state(state, 1)
    True
    """
    seat = _check(state, seat, "information_state_into")
    plan = _plan(state.rules)
    _fill(state, seat, plan, values, at, None, 0)
    _fill_recall(state, seat, plan, values, at)


def _fill_recall(state: State, seat: int, plan: _Plan, v: MutableSequence[float], at: int) -> None:
    """The information state's own slices: the seat's cards as dealt and the hand's actions in order."""
    r = state.round
    if r is None:
        return
    dealt = at + plan.dealt
    for card in r.dealt[seat].cards:
        v[dealt + card.index] = _ONE
    n = plan.players
    width = n + _NUM_ACTIONS
    row = at + plan.history
    end = row + plan.rows * width
    for item in state.round_history:
        if row == end:
            break
        code = _code(item)
        if code < 0:
            continue  # the deal, and meta actions: their effect shows in the observation
        v[row + ((code >> 8) - seat) % n] = _ONE
        v[row + n + (code & 255)] = _ONE
        row += width


def information_state_string(state: State, seat: int) -> str:
    """*seat*'s perfect-recall history as text: the rules, the seat, then every item of the match as the seat saw
    it, one a line (its own cards of each deal, sorted; an opponent's rock-paper-scissors choice as ``?`` until
    both are made).

    The text of the hands before the current one is kept (for the states at the start of each hand, by identity),
    so a call costs the current hand's items and a copy of the text, not a walk of the whole match. During a
    rock-paper-scissors draw the draw is walked at each call.

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
    plan = _plan(state.rules)
    start = state.starting_score
    head = f"{plan.head}{seat}, first mano {state.first_mano}, score {start[0]}-{start[1]}{plan.suffix}"
    return head + recalled(state, seat)


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

"""Envido: when a chain may open, which calls may follow, what a chain is worth, why an envido call is
refused, and calling, answering and settling it.

The three styles of PRESETS.md §5 as small pure functions of the chain of
calls. The falta value depends on the score, so it is computed by
:func:`falta_value`.

>>> from pytruco.actions import Kind
>>> E, R, F = Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO
>>> from pytruco.rules import RuleSet
>>> from pytruco._engine.options import options_of
>>> rules = options_of(RuleSet.preset("default"))
>>> accepted_value(rules, (E, E, R)), refused_value(rules, (E, E, R))
(7, 4)
>>> next_calls(rules, (E, R))
(<Kind.FALTA_ENVIDO: 'falta-envido'>,)
"""

from __future__ import annotations

from typing import Final

from ..actions import CALL_ACTIONS, Action, Kind
from ..cards import envido_points_of
from ..events import EventLog
from ..rules import RuleSet
from .awaiting import start_declarations
from .options import Options, as_options
from .refusals import Refusal
from .scoring import award
from .stages import (
    CAT_ENVIDO,
    CAT_UNSHOWN,
    DECL_ENVIDO,
    ENV_DECLARING,
    ENV_NONE,
    ENV_PENDING,
    ENV_SETTLED,
    EVENT_ENVIDO_WON,
    FALTA_LOSER,
    FALTA_MALAS_LEADER,
    FALTA_MALAS_WINNER,
    KIND_ENVIDO,
    KIND_FALTA_ENVIDO,
    KIND_NO_QUIERO,
    KIND_QUIERO,
    KIND_REAL_ENVIDO,
    STYLE_CUMULATIVE,
    STYLE_LADDER,
    WINDOW_OWN_FIRST_CARD,
    called_event,
    new_event,
)
from .state import Round, State

__all__ = [
    "FALTA",
    "accepted_value",
    "envido_stakes",
    "falta_value",
    "next_calls",
    "opening_calls",
    "refused_value",
]

FALTA: Final = None
"""Returned by :func:`accepted_value` for a chain worth the falta (``None``: its value depends on the score)."""

_LADDER: Final = (KIND_ENVIDO, KIND_REAL_ENVIDO, KIND_ENVIDO, KIND_FALTA_ENVIDO)
_LADDER_ACCEPTED: Final[tuple[int | None, ...]] = (2, 3, 4, FALTA)
_CUMULATIVE_VALUE: Final = {KIND_ENVIDO: 2, KIND_REAL_ENVIDO: 3}
_OPEN_ALL: Final = (KIND_ENVIDO, KIND_REAL_ENVIDO, KIND_FALTA_ENVIDO)
_OPEN_ENVIDO: Final = (KIND_ENVIDO,)


def opening_calls(rules: Options) -> tuple[Kind, ...]:
    """The calls that may open a chain: E, R or F, or envido alone."""
    return _OPEN_ALL if _opens_with_any(rules) else _OPEN_ENVIDO


def _opens_with_any(rules: Options) -> bool:
    """Whether a chain may open with envido, real envido or falta envido (cumulative envido), not envido alone
    (PRESETS.md §5, "calls that may open")."""
    return rules.envido_style is STYLE_CUMULATIVE


def next_calls(rules: Options, calls: tuple[Kind, ...]) -> tuple[Kind, ...]:
    """The raises allowed after *calls* (PRESETS.md §5, raises).

    ``cumulative``: envido at most twice, then real envido once, falta envido
    closes. ``ladder``: strictly E → R → E-E → F. ``per-word``: envido
    again while the accepted value stays within the target.
    """
    return chain_next(rules, calls, len(calls))


def accepted_value(rules: RuleSet | Options, calls: tuple[Kind, ...]) -> int | None:
    """What the chain is worth when accepted; :data:`FALTA` for the falta."""
    return chain_accepted(as_options(rules), calls, len(calls))


def refused_value(rules: RuleSet | Options, calls: tuple[Kind, ...]) -> int:
    """What the last caller scores when the chain is refused.

    ``cumulative`` and ``per-word``: the accepted value without the last call,
    at least 1. ``ladder``: E 1, R 1, E-E 2, F :attr:`RuleSet.ladder_falta_refused`.
    """
    return chain_refused(as_options(rules), calls, len(calls))


# A round keeps its chain as the first calls (at most CHAIN_HEAD) and a count: every style's chain but per-word's
# is at most four calls long, and per-word chains are envido only, so nothing is lost, and a raise costs O(1)
# however long a per-word chain grows under a high target.
CHAIN_HEAD: Final = 4


def chain_next(rules: Options, head: tuple[Kind, ...], count: int) -> tuple[Kind, ...]:
    """:func:`next_calls` of a chain of *count* calls that starts with *head* (the rest is envido)."""
    style = rules.envido_style
    if style is STYLE_CUMULATIVE:
        if KIND_FALTA_ENVIDO in head:
            return ()
        if KIND_REAL_ENVIDO in head:
            return (KIND_FALTA_ENVIDO,)
        if count == 1:
            return (KIND_ENVIDO, KIND_REAL_ENVIDO, KIND_FALTA_ENVIDO)
        return (KIND_REAL_ENVIDO, KIND_FALTA_ENVIDO)
    if style is STYLE_LADDER:
        return (_LADDER[count],) if count < len(_LADDER) else ()
    # per-word: each envido adds 2; a raise past the target is illegal (decided).
    return (KIND_ENVIDO,) if 2 * (count + 1) <= rules.target else ()


def chain_accepted(rules: Options, head: tuple[Kind, ...], count: int) -> int | None:
    """:func:`accepted_value` of a chain of *count* calls that starts with *head*."""
    style = rules.envido_style
    if style is STYLE_CUMULATIVE:
        if KIND_FALTA_ENVIDO in head:
            return FALTA
        return sum(_CUMULATIVE_VALUE[call] for call in head)
    if style is STYLE_LADDER:
        return _LADDER_ACCEPTED[count - 1]
    return 2 * count


def chain_refused(rules: Options, head: tuple[Kind, ...], count: int) -> int:
    """:func:`refused_value` of a chain of *count* calls that starts with *head*."""
    style = rules.envido_style
    if style is STYLE_LADDER:
        return (1, 1, 2, rules.ladder_falta_refused)[count - 1]
    if count == 1:
        return 1
    before = chain_accepted(rules, head[:-1] if count <= len(head) else head, count - 1)
    return 1 if before is FALTA else max(1, before)


def falta_value(rules: RuleSet | Options, score: tuple[int, int], winner_team: int | None = None) -> int | None:
    """An accepted falta (§5, §9.1 ``falta_envido``): the target minus the leader's score; under :attr:`FaltaRule.LOSER`
    (``ladder``) the target minus the score of the team that loses it; under :attr:`FaltaRule.MALAS_LEADER`, with
    target 30 while the leader is in the malas, 15 minus the leader's score; under :attr:`FaltaRule.MALAS_WINNER`,
    with target 30 while both teams are in the malas, 15 minus the winner's score. *winner_team* is the team that
    wins it (``None`` while not known: then ``None`` where the value depends on it, which it does not at equal
    scores). The one statement of the
    falta, for the envido, the contraflor al resto worth the falta and the views alike.

    >>> falta_value(RuleSet.preset("default"), (20, 5)), falta_value(RuleSet.preset("ladder"), (20, 5), 0)
    (10, 25)
    >>> [falta_value(RuleSet.preset("default", falta_envido=f), (10, 3), 1) for f in ("malas-leader", "malas-winner")]
    [5, 12]
    """
    options = as_options(rules)
    rule, target, leader = options.falta_envido, options.target, max(score)
    if rule is FALTA_LOSER or (rule is FALTA_MALAS_WINNER and target == 30 and leader < 15):
        if winner_team is None:
            if score[0] != score[1]:
                return None
            winner_team = 0  # equal scores: the same value whichever team wins
        if rule is FALTA_LOSER:
            return target - score[1 - winner_team]
        return 15 - score[winner_team]
    if rule is FALTA_MALAS_LEADER and target == 30 and leader < 15:
        return 15 - leader
    return target - leader


def envido_stakes(rules: RuleSet | Options, score: tuple[int, int], calls: tuple[Kind, ...]) -> tuple[int | None, int]:
    """``(if accepted, if refused)`` of the envido chain *calls* at *score*: what it is worth accepted (a falta as
    :func:`falta_value` says, ``None`` while that depends on who wins it) and what its last caller scores when it
    is refused. The one statement of a chain's stakes, for the views.

    >>> E, F = Kind.ENVIDO, Kind.FALTA_ENVIDO
    >>> envido_stakes(RuleSet.preset("default"), (20, 5), (E, F)), envido_stakes(RuleSet.preset("ladder"), (0, 0), (E,))
    ((10, 2), (2, 1))
    """
    options = as_options(rules)
    return accepted_points(options, score, calls, len(calls)), chain_refused(options, calls, len(calls))


def accepted_points(
    rules: Options, score: tuple[int, int], head: tuple[Kind, ...], count: int, winner_team: int | None = None
) -> int | None:
    """The points a chain of *count* calls that starts with *head* is worth accepted, at *score*, for
    *winner_team* (``None`` while not known): a falta's value by :func:`falta_value`, else the chain's value."""
    value = chain_accepted(rules, head, count)
    return falta_value(rules, score, winner_team) if value is FALTA else value


# --- when ---------------------------------------------------------------------
def envido_window(rules: Options, r: Round, s: int, kind: Kind | None = None) -> str | None:
    """Why seat *s* may not open the envido chain now (a refusal code), or ``None`` when it may (§5 window,
    envido primero). With *kind*, also whether that call may open it. The one statement of the envido window,
    for legality and refusals alike."""
    if r._flor.sung:
        return "envido-after-flor"
    if r._envido.stage is not ENV_NONE:
        return "envido-one-chain"
    if r._truco.level:
        return "envido-after-truco"
    if r._truco.call and not rules.envido_primero:  # only a first truco waits here: a retruco follows a quiero
        return "envido-not-truco-answer"
    if kind is not None and kind not in opening_calls(rules):
        return "envido-opening-call"
    if rules.envido_window is WINDOW_OWN_FIRST_CARD:
        if r._tricks:
            return "envido-first-trick"
        if len(r._held[s]) != 3:
            return "envido-card-played"
        return None
    if r._cards_played or r._truco.call:
        return "envido-window-closed"
    return None


def opening_actions(rules: Options, s: int) -> tuple[Action, ...]:
    """Seat *s*'s shared actions that open a chain."""
    return (_OPENING_ALL if _opens_with_any(rules) else _OPENING_ENVIDO)[s]


def raise_actions(rules: Options, r: Round, s: int) -> tuple[Action, ...]:
    """Seat *s*'s shared actions that raise the pending chain."""
    raises = chain_next(rules, r._envido.calls, r._envido.count)
    found = _RAISES.get((s, raises))
    if found is None:
        found = _RAISES[s, raises] = tuple(CALL_ACTIONS[s][kind] for kind in raises)
    return found


# opening_actions by seat, for each answer of opening_calls: made at import, so the menus look nothing up.
_OPENING_ALL: Final[tuple[tuple[Action, ...], ...]] = tuple(
    [tuple([actions[kind] for kind in _OPEN_ALL]) for actions in CALL_ACTIONS]
)
_OPENING_ENVIDO: Final[tuple[tuple[Action, ...], ...]] = tuple(
    [tuple([actions[kind] for kind in _OPEN_ENVIDO]) for actions in CALL_ACTIONS]
)
_RAISES: Final[dict[tuple[int, tuple[Kind, ...]], tuple[Action, ...]]] = {}


# --- why not ---------------------------------------------------------------------
def envido_refusal(rules: Options, r: Round, s: int, kind: Kind) -> Refusal:
    """Why seat *s*, which is to act, may not call *kind* (envido, real envido or falta envido), which the menu does
    not offer: not a raise of the pending chain (:func:`raise_actions`), or outside the envido window
    (:func:`envido_window`)."""
    if r._envido.stage is ENV_PENDING:
        allowed = chain_next(rules, r._envido.calls, r._envido.count)
        params: dict[str, int | str | None] = {"seat": s, "call": kind.value, "preset": rules.preset_name}
        params["chain"] = "-".join(call.value for call in r.envido_calls)
        if not allowed:
            return Refusal("envido-chain-closed", params)
        params["allowed"] = ",".join(call.value for call in allowed)
        return Refusal("envido-raise-not-allowed", params)
    code = envido_window(rules, r, s, kind) or "envido-not-now"
    return Refusal(code, {"seat": s, "call": kind.value, "preset": rules.preset_name})


# --- doing it -------------------------------------------------------------------
def open_chain(r: Round, s: int, kind: Kind, events: EventLog) -> None:
    """Seat *s* opens the envido chain with *kind*."""
    events.append(called_event(s, kind))
    r._log = (("call", "envido", s, kind), r._log)
    envido = r._edit_envido()
    envido.stage = ENV_PENDING
    envido.calls = (kind,)
    envido.count = 1
    envido.caller = s


def answer_envido(st: State, r: Round, s: int, kind: Kind, events: EventLog) -> None:
    envido = r._edit_envido()
    events.append(called_event(s, kind))
    r._log = (("call", "envido", s, kind), r._log)
    if kind is KIND_QUIERO:
        envido.stage = ENV_DECLARING
        start_declarations(r, DECL_ENVIDO, None)
    elif kind is KIND_NO_QUIERO:
        refuse_envido(st, r, events)
    else:  # a raise
        if envido.count < CHAIN_HEAD:
            envido.calls = (*envido.calls, kind)
        envido.count += 1
        envido.caller = s


def refuse_envido(st: State, r: Round, events: EventLog) -> None:
    r._edit_envido().stage = ENV_SETTLED
    caller = r._envido.caller
    assert caller is not None
    award(st, r, caller & 1, chain_refused(st._opts, r._envido.calls, r._envido.count), CAT_ENVIDO, events)


def envido_shown(rules: Options, r: Round, s: int) -> bool:
    """Whether the cards that make seat *s*'s envido points are face up (§8.12, §8.19):
    the cards it has played make those points by themselves (any one card for 0)."""
    held = r._held[s]
    played = [card for card in r._deal.hands[s].cards if card not in held]
    return bool(played) and envido_points_of(played, rules.envido_count_three) == r._deal.envido_points[s]


def resolve_envido(st: State, r: Round, winner: int, events: EventLog) -> None:
    """The declarations are over: *winner*'s team wins the envido's value."""
    team = winner & 1
    rules = st._opts
    value = accepted_points(rules, st._score, r._envido.calls, r._envido.count, team)
    assert value is not None  # known: the winner's team is
    envido = r._edit_envido()
    envido.stage = ENV_SETTLED
    envido.winner = winner
    events.append(new_event(EVENT_ENVIDO_WON, winner, team, value))
    if rules.bluff or rules.show_rule:
        # settled when the cards are shown at the end of the round
        best = r._decl.best
        assert best is not None
        envido.unshown = (team, value, best)
        if r._deal.defer:
            r._edit_score().deferred = (*r._score.deferred, (team, value, CAT_UNSHOWN))
    else:
        award(st, r, team, value, CAT_ENVIDO, events)

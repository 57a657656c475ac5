"""Declarations of envido or flor points around the table (PRESETS.md §5): what a seat may declare, why a
declaration is refused, and making one (the last one settles the envido or the flor).

From the mano in playing order, once around; a seat whose team holds the best declaration so far is skipped;
equal points go to the seat nearer the mano.

>>> from pytruco import Action, Deal, apply, legal_actions, new_game
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> for text in ["0 envido", "1 quiero", "0 tengo 33"]:
...     state, _ = apply(state, Action.parse(text))
>>> [str(action) for action in legal_actions(state)]
['1 tengo 29', '1 son-buenas']
"""

from __future__ import annotations

from typing import Final

from ..actions import CALL_ACTIONS, TENGO_ACTIONS, Action, Kind
from ..events import EventLog
from .envido import resolve_envido
from .flor import resolve_flor
from .options import Options
from .refusals import Refusal
from .stages import DECL_ENVIDO, DECL_FLOR, DECL_NONE, EVENT_DECLARED, KIND_SON_BUENAS, Declaring, new_event
from .state import Round, State

BLUFF_VALUES: Final[tuple[int, ...]] = (*range(8), *range(20, 39))
"""Every value an envido declaration can have: 0-7 and 20-38."""

_DECL_WORD: Final = {kind: kind.value for kind in Declaring}  # an enum's .value is a Python-level property


def declarable(rules: Options, r: Round, d: int) -> tuple[int, ...]:
    """The points seat *d* may declare now: its true flor points, any possible envido value where bluffing is
    allowed, else its true envido points (§5, §8.12)."""
    if r._decl.kind is DECL_FLOR:
        points = r._deal.flor_points[d]
        assert points is not None
        return (points,)
    if rules.bluff:
        return BLUFF_VALUES
    return (r._deal.envido_points[d],)


def declaration_actions(rules: Options, r: Round, d: int, acts: list[Action]) -> None:
    """What seat *d*, the next to declare, may say: its points (:func:`declarable`), and ``son-buenas`` once
    there is a best declaration (the menus ask about an unsung mandatory flor first)."""
    tengo = TENGO_ACTIONS[d]
    acts.extend([tengo[v] for v in declarable(rules, r, d)])
    if r._decl.best_seat is not None:
        acts.append(CALL_ACTIONS[d][KIND_SON_BUENAS])


def declaration_refusal(rules: Options, r: Round, s: int, action: Action) -> Refusal:
    """Why seat *s*, which is to act, may not make the declaration *action* (which
    :func:`declaration_actions` does not offer)."""
    params: dict[str, int | str | None] = {"seat": s, "declared": action.points}
    if r._decl.kind is DECL_NONE:
        return Refusal("no-declaration-due", params)
    if action.kind is KIND_SON_BUENAS:
        return Refusal("son-buenas-first", params)
    if r._decl.kind is DECL_FLOR:
        params["points"] = r._deal.flor_points[s]
        return Refusal("flor-points-untrue", params)
    if rules.bluff:
        return Refusal("envido-value-impossible", params)
    params["points"] = r._deal.envido_points[s]
    return Refusal("envido-points-untrue", params)


def answer_refusal(r: Round, s: int, kind: Kind) -> Refusal:
    """Why quiero or no quiero is refused for seat *s* when no call waits for its answer: it must declare, or
    there is nothing to answer."""
    code = "nothing-to-answer" if r._decl.kind is DECL_NONE else "declare-not-answer"
    return Refusal(code, {"seat": s, "call": kind.value})


def declare(st: State, r: Round, s: int, points: int | None, events: EventLog, timeout: bool = False) -> None:
    """Seat *s* declares *points* (``None``: son buenas; *timeout*: made by a timeout); the last declaration
    settles the envido or the flor."""
    kind = r._decl.kind
    winner = _record_declaration(r, s, points, events, timeout)
    if winner is not None:
        if kind is DECL_ENVIDO:
            resolve_envido(st, r, winner, events)
        else:
            resolve_flor(st, r, winner, events)


def _record_declaration(r: Round, s: int, points: int | None, events: EventLog, timeout: bool = False) -> int | None:
    """Seat *s* says ``tengo points`` (or ``son-buenas`` for ``None``). Returns the
    winning seat once everyone has spoken (the declarations are then over), else ``None``."""
    detail = "son-buenas" if points is None else f"tengo {points}"
    events.append(new_event(EVENT_DECLARED, s, s & 1, points or 0, None, detail))
    decl = r._edit_decl()
    decl.said = (*decl.said, (s, points))
    r._log = (("decl", _DECL_WORD[decl.kind], s, points, timeout), r._log)
    best = decl.best
    if points is not None and (best is None or points > best):
        decl.best = points
        decl.best_seat = s
    best_seat = decl.best_seat
    assert best_seat is not None  # the first to declare says its points (son buenas needs a best)
    best_team = best_seat & 1
    queue = decl.queue[1:]
    while queue and queue[0] & 1 == best_team:
        queue = queue[1:]  # a seat whose team holds the best is skipped
    decl.queue = queue
    if queue:
        return None
    decl.kind = DECL_NONE
    return best_seat

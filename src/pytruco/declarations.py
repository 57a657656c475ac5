"""Declarations of envido or flor points around the table (PRESETS.md §5).

From the mano in playing order, once around; a seat whose team holds the best
declaration so far is skipped; equal points go to the seat nearer the mano.
"""

from __future__ import annotations

from .events import EventKind, _ev, _Events
from .state import DECL_FLOR, DECL_NONE, Round


def _start_declarations(r: Round, kind: int, mask: int) -> None:
    """Seats in *mask* speak in playing order from the mano, once around (§5)."""
    n = r._n
    mano = r._mano
    folded = r._folded
    order = [(mano + step) % n for step in range(n)]
    r._decl_kind = kind
    r._decl_queue = tuple(c for c in order if mask >> c & 1 and not folded >> c & 1)
    r._decl_best = -1
    r._decl_best_seat = -1
    r._decls = ()


def _record_declaration(r: Round, s: int, points: int | None, events: _Events, timeout: bool = False) -> int:
    """Seat *s* says ``tengo points`` (or ``son-buenas`` for ``None``). Returns the
    winning seat once everyone has spoken (the declarations are then over), else -1."""
    detail = "son-buenas" if points is None else f"tengo {points}"
    events.append(_ev(EventKind.DECLARED, s, s & 1, points or 0, None, detail))
    r._decls = (*r._decls, (s, points))
    r._decl_log = (*r._decl_log, ("flor" if r._decl_kind == DECL_FLOR else "envido", s, points, timeout))
    if points is not None and (r._decl_best_seat < 0 or points > r._decl_best):
        r._decl_best = points
        r._decl_best_seat = s
    best_team = r._decl_best_seat & 1
    queue = r._decl_queue[1:]
    while queue and queue[0] & 1 == best_team:
        queue = queue[1:]  # a seat whose team holds the best is skipped
    r._decl_queue = queue
    if queue:
        return -1
    r._decl_kind = DECL_NONE
    return r._decl_best_seat

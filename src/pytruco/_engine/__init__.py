"""The rules engine: a private package; import its public names from :mod:`pytruco`.

Nothing outside this package imports its modules. The public modules import from here, and only the names of
:data:`__all__` (``tests/test_layers.py`` enforces it): the public API (the reducer, :class:`State`,
:class:`Round`, :class:`Phase`, :class:`Trick`), which :mod:`pytruco` exports, and a short boundary for what the
views and records genuinely read of the engine's internals (docs/internals.md, "The engine's boundary"):

- ``views``: the stakes of a call, ``truco_stakes``, ``envido_stakes`` and ``flor_stakes`` (what answering it is
  worth, as final values), what the round waits for (``awaiting``, and its ``AWAIT_FLOR`` and
  ``AWAIT_FLOR_CALL``: the engine's one answer, which the views show), ``hand_items`` (the items of the hand a
  view lists) and ``require_state`` (also ``frontend``);
- ``bots``: ``falta_value`` (a falta's worth for a given winner, PRESETS.md §9.1: the heuristic weighs it);
- ``worlds`` and ``encode``: ``round_start`` (the state before the current round's deal, public as
  :func:`pytruco.worlds.round_start`) and ``rps_choices`` (the draw's choices, for an observation);
- ``records``: ``RecordHand`` (public too), ``MAX_ACTIONS`` and ``MAX_HANDS`` (the limits a record and the
  engine share), the record's text checks ``all_text``, ``as_tuple``, and ``is_made`` (a State built by the
  engine, not forged with ``object.__new__``).
"""

from __future__ import annotations

from .envido import envido_stakes, falta_value
from .flor import flor_stakes
from .history import MAX_ACTIONS, MAX_HANDS, RecordHand, all_text, as_tuple
from .recall import hand_items, round_start, rps_choices
from .reducer import apply, check, is_legal, legal_actions, new_game, random_deal
from .round import awaiting
from .stages import AWAIT_FLOR, AWAIT_FLOR_CALL, Trick
from .state import Phase, Round, State, is_made, require_state
from .truco import truco_stakes

__all__ = [
    "AWAIT_FLOR",
    "AWAIT_FLOR_CALL",
    "MAX_ACTIONS",
    "MAX_HANDS",
    "Phase",
    "RecordHand",
    "Round",
    "State",
    "Trick",
    "all_text",
    "apply",
    "as_tuple",
    "awaiting",
    "check",
    "envido_stakes",
    "falta_value",
    "flor_stakes",
    "hand_items",
    "is_legal",
    "is_made",
    "legal_actions",
    "new_game",
    "random_deal",
    "require_state",
    "round_start",
    "rps_choices",
    "truco_stakes",
]

"""pytruco: the rules of Argentine truco as a pure, typed Python library.

>>> import random
>>> from pytruco import new_game, apply, legal_actions, random_deal
>>> rng = random.Random(3)
>>> state = new_game("default", first_mano=0)
>>> while not state.is_over:
...     if state.is_chance:
...         state, _ = apply(state, random_deal(state, rng))
...     else:
...         state, _ = apply(state, rng.choice(legal_actions(state)))
>>> state.winner in (0, 1) and max(state.score) >= 30
True
"""

from __future__ import annotations

from ._engine import Phase, Round, State, Trick, apply, check, is_legal, legal_actions, new_game, random_deal
from .actions import Action, Deal, Kind, Rps
from .cards import RANKS, Card, Deck, Hand, Suit
from .errors import (
    ArgumentError,
    EventError,
    IllegalActionError,
    LanguageError,
    NotationError,
    RecordError,
    RuleSetError,
    SchemaError,
    SeatError,
    SetupError,
    TrucoError,
    ViewError,
)
from .events import Event, EventKind
from .partners import TirarReyes, tirar_reyes
from .records import RECORD_FORMAT, HandSummary, Record, RecordHand, ReplayResult, replay
from .rules import (
    PRESET_NAMES,
    CfarRule,
    ContraflorAlResto,
    EnvidoStyle,
    EnvidoWindow,
    FaltaRule,
    MazoPenalty,
    PardaRule,
    PicaPicaSchedule,
    RuleSet,
    Scoring,
)
from .version import __version__
from .views import SeatView, view

__all__ = [
    "PRESET_NAMES",
    "RANKS",
    "RECORD_FORMAT",
    "Action",
    "ArgumentError",
    "Card",
    "CfarRule",
    "ContraflorAlResto",
    "Deal",
    "Deck",
    "EnvidoStyle",
    "EnvidoWindow",
    "Event",
    "EventError",
    "EventKind",
    "FaltaRule",
    "Hand",
    "HandSummary",
    "IllegalActionError",
    "Kind",
    "LanguageError",
    "MazoPenalty",
    "NotationError",
    "PardaRule",
    "Phase",
    "PicaPicaSchedule",
    "Record",
    "RecordError",
    "RecordHand",
    "ReplayResult",
    "Round",
    "Rps",
    "RuleSet",
    "RuleSetError",
    "SchemaError",
    "Scoring",
    "SeatError",
    "SeatView",
    "SetupError",
    "State",
    "Suit",
    "TirarReyes",
    "Trick",
    "TrucoError",
    "ViewError",
    "__version__",
    "apply",
    "check",
    "is_legal",
    "legal_actions",
    "new_game",
    "random_deal",
    "replay",
    "tirar_reyes",
    "view",
]

# The public modules: every module of the package whose path has no underscore. docs/api.md documents their
# names, docs/stability.md lists them (docs/conf.py fills the list in) and tests/test_docstrings.py runs their
# names' examples; tests/test_docstrings.py fails when a module is public on disk but missing here, or when one of
# its names is missing from docs/api.md. The others (``_engine``, ``views/_parts.py``, ...) are private.
_PUBLIC_MODULES = (
    "pytruco",
    "pytruco.actions",
    "pytruco.arena",
    "pytruco.bench",
    "pytruco.bots",
    "pytruco.cards",
    "pytruco.cli",
    "pytruco.encode",
    "pytruco.errors",
    "pytruco.events",
    "pytruco.frontend",
    "pytruco.gym",
    "pytruco.openspiel",
    "pytruco.params",
    "pytruco.partners",
    "pytruco.pettingzoo",
    "pytruco.play",
    "pytruco.ppo",
    "pytruco.records",
    "pytruco.rules",
    "pytruco.schema",
    "pytruco.server",
    "pytruco.simulate",
    "pytruco.solve",
    "pytruco.svg",
    "pytruco.text",
    "pytruco.train",
    "pytruco.train.mccfr",
    "pytruco.train.nfsp",
    "pytruco.vector",
    "pytruco.version",
    "pytruco.views",
    "pytruco.worlds",
)

"""The rule options as the engine reads them: :class:`Options`, a plain copy of a :class:`~pytruco.RuleSet`.

A :class:`~pytruco.RuleSet` is an attrs class, the public and validated value; the compiled build reads its fields
through Python's generic attribute lookup, a few dozen times a hand. :class:`Options` holds the same values in a
class of its own, which mypyc compiles to a native one (a field read is a C struct read). Every state keeps the
options of its rules (``State._opts``, one copy per :class:`~pytruco.RuleSet` by :func:`options_of`), and the
engine's rule modules take an :class:`Options` where they read rule options. Nothing outside the engine sees one.

>>> from pytruco import RuleSet
>>> options = options_of(RuleSet.preset("classic"))
>>> options.preset_name, options.players, options.flor, options_of(RuleSet.preset("classic")) is options
('classic', 2, True, True)
"""

from __future__ import annotations

from typing import Final

import attrs

from ..rules import (
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

__all__ = ["OPTION_NAMES", "Options", "as_options", "options_of"]

OPTION_NAMES: Final[tuple[str, ...]] = tuple(field.name for field in attrs.fields(RuleSet))
"""Every field of :class:`~pytruco.RuleSet`, which :class:`Options` copies."""


class Options:
    """The values of every field of a :class:`~pytruco.RuleSet` (build with :func:`options_of`)."""

    preset_name: str
    players: int
    max_players: int
    target: int
    targets: tuple[int, ...]
    chicos_to_win: int
    scoring: Scoring
    rps_first_mano: bool
    pica_pica: bool
    pica_pica_margin: int
    hands: int
    answer_in_turn: bool
    parda: PardaRule
    envido_style: EnvidoStyle
    envido_window: EnvidoWindow
    falta_envido: FaltaRule
    ladder_falta_refused: int
    envido_primero: bool
    envido_count_three: bool
    bluff: bool
    show_rule: bool
    flor: bool
    flor_mandatory: bool
    flor_count_three: bool
    flor_window: EnvidoWindow
    flor_value: int
    flor_flor_value: int
    flor_achico: bool
    flor_refusable: bool
    flor_flor_is_call: bool
    achico_value: int
    contraflor: bool
    contraflor_value: int
    contraflor_refused: int
    cfar: CfarRule
    contraflor_al_resto: ContraflorAlResto
    cfar_refused_over_flor: int
    cfar_refused_over_contraflor: int
    flor_lost_on_fold: bool
    mazo_with_pending_call: bool
    mano_mazo_before_acting: bool
    mazo_penalty: MazoPenalty
    mazo_before_flor: bool
    pica_pica_schedule: PicaPicaSchedule

    def __init__(self, rules: RuleSet) -> None:
        for name in OPTION_NAMES:
            setattr(self, name, getattr(rules, name))


_ROOM: Final = 256
"""How many RuleSets :func:`options_of` remembers (a simulation or a server uses a handful)."""
_BY_ID: Final[dict[int, tuple[RuleSet, Options]]] = {}


def options_of(rules: RuleSet) -> Options:
    """The :class:`Options` of *rules*: the same copy for the same RuleSet object while it is remembered (by
    identity: hashing a RuleSet reads its 40 fields), a new one otherwise."""
    found = _BY_ID.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    options = Options(rules)
    if len(_BY_ID) >= _ROOM:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, options)  # the RuleSet is kept alive with its id, which no other object then takes
    return options


def as_options(rules: RuleSet | Options) -> Options:
    """*rules* as :class:`Options`: the boundary's functions take either (the views pass a RuleSet).

    >>> from pytruco import RuleSet
    >>> ladder = RuleSet.preset("ladder")
    >>> as_options(ladder).falta_envido is as_options(options_of(ladder)).falta_envido
    True
    """
    return rules if isinstance(rules, Options) else options_of(rules)

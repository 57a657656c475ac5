"""The rules of a game as one frozen, validated value, and the five presets.

Truco variants differ in switches and payout tables, so a :class:`RuleSet`
is data, not a subclass. Each rule in the engine reads its option where the
rule is decided.

>>> from pytruco import RuleSet
>>> rules = RuleSet.preset("classic")
>>> rules.flor, rules.scoring
(True, <Scoring.END_OF_HAND: 'end-of-hand'>)
>>> rules.with_options(target=15).target
15
>>> RuleSet.preset("online").with_options(players=4)
Traceback (most recent call last):
...
pytruco.errors.RuleSetError: option 'players': online allows 2 seats at most, not 4
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from ._choices import (
    HOUSE_RULES,
    CfarRule,
    ContraflorAlResto,
    EnvidoStyle,
    EnvidoWindow,
    FaltaRule,
    MazoPenalty,
    PardaRule,
    PicaPicaSchedule,
    Scoring,
    agree_on_the_resto,
    check_house_rules,
)
from .errors import RuleSetError, SetupError, quoted

__all__ = [
    "HOUSE_RULES",
    "PRESET_NAMES",
    "CfarRule",
    "ContraflorAlResto",
    "EnvidoStyle",
    "EnvidoWindow",
    "FaltaRule",
    "MazoPenalty",
    "PardaRule",
    "PicaPicaSchedule",
    "RuleSet",
    "Scoring",
    "option_pairs",
]


MAX_OPTION = 999_999_999
"""The largest value of a number option (points, target, chicos): far above
any real game, and small enough that every record stays readable JSON."""

PRESET_NAMES: tuple[str, ...] = ("default", "online", "classic", "ladder", "reglamento")
"""The names of the five presets.

>>> from pytruco import PRESET_NAMES, RuleSet
>>> PRESET_NAMES
('default', 'online', 'classic', 'ladder', 'reglamento')
>>> [RuleSet.preset(name).target for name in PRESET_NAMES]
[30, 30, 30, 30, 30]
"""
NUM_ACTIONS = 96
"""The size of the action space ``truco-actions/1`` (:data:`pytruco.actions.ACTION_SPACE`)."""


def _is_whole(value: object) -> bool:
    return value.__class__ is int and 0 <= value <= MAX_OPTION


def _positive(name: str) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if not _is_whole(value):
            raise RuleSetError(
                f"option {name!r}: must be a whole number of points from 0 to {MAX_OPTION}, not {quoted(value)}"
            )

    return check


def _bool(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise RuleSetError(f"option {attribute.name!r}: must be true or false, not {quoted(value)}")


def _enum(kind: type[enum.Enum]) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind):
            names = ", ".join(repr(member.value) for member in kind)
            raise RuleSetError(f"option {attribute.name!r}: must be one of {names}, not {quoted(value)}")

    return check


def _as_targets(value: Any) -> Any:
    """A list of targets (as JSON gives it) becomes a tuple, so the rule set
    stays frozen and hashable; anything else is refused after conversion."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _positive_attr(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    _positive(attribute.name)(instance, attribute, value)


@attrs.frozen(kw_only=True)
class RuleSet:
    """Every rule option of a game. Build one with :meth:`preset`, change it
    with :meth:`with_options`; invalid values raise :class:`RuleSetError`
    naming the option.

    >>> RuleSet.preset("default").with_options(flor=True).flor_count_three
    True
    >>> RuleSet.preset("default").with_options(target=20)
    Traceback (most recent call last):
    ...
    pytruco.errors.RuleSetError: option 'target': default allows 30 or 15, not 20
    """

    preset_name: str = "default"
    """The preset this rule set was built from."""

    # --- the game ---------------------------------------------------------
    players: int = 2
    """Seats at the table: 2, 4 or 6 (teams alternate: team = seat mod 2)."""
    max_players: int = 6
    """The most seats this preset allows (``online`` and ``ladder``: 2)."""
    target: int = 30
    """Points that win the game (a chico in a partido)."""
    targets: tuple[int, ...] = attrs.field(default=(30, 15), converter=_as_targets)
    """The targets this preset allows."""
    chicos_to_win: int = 1
    """Chicos that win the match: 1 for one game, 2 for the ``reglamento`` partido."""
    scoring: Scoring = attrs.field(default=Scoring.IMMEDIATE, validator=_enum(Scoring))
    """When won points reach the score."""
    rps_first_mano: bool = attrs.field(default=False, validator=_bool)
    """Rock-paper-scissors before the first deal chooses the first mano (``online``)."""
    pica_pica: bool = attrs.field(default=False, validator=_bool)
    """With 6 seats, pica hands (three 1v1 duels) alternate with normal hands."""
    pica_pica_margin: int = attrs.field(default=5, validator=_positive_attr)
    """Pica hands are played while both teams are at least this far from the target."""

    hands: int = 0
    """Research: the match ends after this many hands, won by the team ahead (on equal points, by the last
    hand's truco winner); 0 (every preset): no limit. See :doc:`/training`."""
    answer_in_turn: bool = attrs.field(default=False, validator=_bool)
    """Partners answer in turn order: only the first that could answer after the last actor does (one actor per
    decision); off in every preset, where any partner may answer. See :doc:`/training`."""

    # --- tricks and truco ---------------------------------------------------
    parda: PardaRule = attrs.field(default=PardaRule.FIRST_DECISIVE, validator=_enum(PardaRule))
    """How tied tricks decide the hand."""

    # --- envido -------------------------------------------------------------
    envido_style: EnvidoStyle = attrs.field(default=EnvidoStyle.CUMULATIVE, validator=_enum(EnvidoStyle))
    """Which envido calls exist and their values."""
    envido_window: EnvidoWindow = attrs.field(default=EnvidoWindow.OWN_FIRST_CARD, validator=_enum(EnvidoWindow))
    """When an envido may be opened."""
    falta_envido: FaltaRule = attrs.field(default=FaltaRule.LEADER, validator=_enum(FaltaRule))
    """What an accepted falta envido is worth (:doc:`/rules/house`)."""
    ladder_falta_refused: int = attrs.field(default=7, validator=_positive_attr)
    """``ladder``: what a refused falta envido gives its caller."""
    envido_primero: bool = attrs.field(default=True, validator=_bool)
    """A seat called the first truco before playing its card may answer with an envido."""
    envido_count_three: bool = attrs.field(default=False, validator=_bool)
    """Three cards of one suit count all three for envido (else the best two)."""
    bluff: bool = attrs.field(default=False, validator=_bool)
    """Envido declarations may be false; a false winner gives the points away at the hand's end."""
    show_rule: bool = attrs.field(default=False, validator=_bool)
    """The envido winner who folds before showing its cards loses the envido and the hand."""

    # --- flor ---------------------------------------------------------------
    flor: bool = attrs.field(default=False, validator=_bool)
    """Flor is in play."""
    flor_mandatory: bool = attrs.field(default=True, validator=_bool)
    """A holder must sing flor before any other action of its own."""
    flor_count_three: bool = attrs.field(default=True, validator=_bool)
    """Flor points count all three cards (else the best two)."""
    flor_window: EnvidoWindow = attrs.field(default=EnvidoWindow.OWN_FIRST_CARD, validator=_enum(EnvidoWindow))
    """Until when a flor may be sung."""
    flor_value: int = attrs.field(default=3, validator=_positive_attr)
    """A flor that nobody answers."""
    flor_flor_value: int = attrs.field(default=3, validator=_positive_attr)
    """Flor against flor, accepted without contraflor: to the best flor (:doc:`/rules/house`)."""
    flor_achico: bool = attrs.field(default=False, validator=_bool)
    """The first flor may be declined with ``con-flor-me-achico`` (:doc:`/rules/house`)."""
    flor_refusable: bool = attrs.field(default=False, validator=_bool)
    """The second holder may answer ``no-quiero`` (the first flor scores alone)."""
    flor_flor_is_call: bool = attrs.field(default=False, validator=_bool)
    """A second flor is a call the first answers (``quiero``, ``con-flor-me-achico``, …)."""
    achico_value: int = attrs.field(default=4, validator=_positive_attr)
    """``con-flor-me-achico``: what the second flor's team scores."""
    contraflor: bool = attrs.field(default=True, validator=_bool)
    """The contraflor call exists."""
    contraflor_value: int = attrs.field(default=6, validator=_positive_attr)
    """Contraflor accepted: to the best flor."""
    contraflor_refused: int = attrs.field(default=4, validator=_positive_attr)
    """Contraflor refused: to its caller."""
    cfar: CfarRule = attrs.field(default=CfarRule.FALTA, validator=_enum(CfarRule))
    """Whether the contraflor al resto exists and what it is worth when accepted."""
    contraflor_al_resto: ContraflorAlResto = attrs.field(
        default=ContraflorAlResto.FALTA, validator=_enum(ContraflorAlResto)
    )
    """What an accepted contraflor al resto wins (:doc:`/rules/house`)."""
    cfar_refused_over_flor: int = attrs.field(default=4, validator=_positive_attr)
    """Contraflor al resto refused when it was raised over a flor: to its caller."""
    cfar_refused_over_contraflor: int = attrs.field(default=6, validator=_positive_attr)
    """Contraflor al resto refused when it was raised over a contraflor: to its caller."""
    flor_lost_on_fold: bool = attrs.field(default=False, validator=_bool)
    """A seat that sang flor and folds before playing its cards gives its team's flor points away."""

    # --- mazo ---------------------------------------------------------------
    mazo_with_pending_call: bool = attrs.field(default=True, validator=_bool)
    """A seat may fold while it must answer a call (folding refuses it)."""
    mano_mazo_before_acting: bool = attrs.field(default=True, validator=_bool)
    """The mano may fold before it has done something in the hand (:doc:`/rules/house`)."""
    mazo_penalty: MazoPenalty = attrs.field(default=MazoPenalty.NO_TRUCO, validator=_enum(MazoPenalty))
    """When a fold in trick 1 also gives +1 to the other team (:doc:`/rules/house`)."""
    mazo_before_flor: bool = attrs.field(default=False, validator=_bool)
    """A holder of an unsung mandatory flor may fold (:doc:`/rules/house`)."""
    pica_pica_schedule: PicaPicaSchedule = attrs.field(
        default=PicaPicaSchedule.ALWAYS, validator=_enum(PicaPicaSchedule)
    )
    """Which hands are pica hands (:doc:`/rules/house`)."""

    def __attrs_post_init__(self) -> None:
        name = self.preset_name
        if name not in PRESET_NAMES:
            raise RuleSetError(f"unknown preset {quoted(name)} (known: {', '.join(PRESET_NAMES)})")
        for option in ("players", "max_players", "target", "chicos_to_win", "hands"):
            value = getattr(self, option)
            if not _is_whole(value):
                raise RuleSetError(
                    f"option {option!r}: must be a whole number from 0 to {MAX_OPTION}, not {quoted(value)}"
                )
        if self.players not in (2, 4, 6):
            raise RuleSetError(f"option 'players': must be 2, 4 or 6, not {self.players!r}")
        if self.players > self.max_players:
            raise RuleSetError(f"option 'players': {name} allows {self.max_players} seats at most, not {self.players}")
        targets = self.targets
        if (
            not isinstance(targets, tuple)
            or not targets
            or len(targets) > 100
            or any(not _is_whole(t) or t < 1 for t in targets)
        ):
            raise RuleSetError(
                f"option 'targets': must list 1 to 100 targets from 1 to {MAX_OPTION}, not {quoted(targets)}"
            )
        if self.target not in targets:
            allowed = " or ".join(str(t) for t in targets)
            raise RuleSetError(f"option 'target': {name} allows {quoted(allowed)[1:-1]}, not {self.target!r}")
        if self.chicos_to_win < 1:
            raise RuleSetError(f"option 'chicos_to_win': must be at least 1, not {self.chicos_to_win}")
        if self.pica_pica and self.players != 6:
            raise RuleSetError(f"option 'pica_pica': needs 6 players, not {self.players}")
        if self.rps_first_mano and self.players != 2:
            raise RuleSetError("option 'rps_first_mano': rock-paper-scissors is for 2 players")
        check_house_rules(self, _PRESETS_BY_NAME.get(self.preset_name))

    @property
    def num_actions(self) -> int:
        """The size (96) of the action space ``truco-actions/1``; other bounds: :func:`pytruco.encode.bounds`.

        >>> RuleSet.preset("reglamento").num_actions
        96
        """
        return NUM_ACTIONS

    # ------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str, **options: Any) -> RuleSet:
        """The named preset (``default``, ``online``, ``classic``, ``ladder``,
        ``reglamento``), with any options changed.

        Raises:
            RuleSetError: unknown preset or option, or an invalid value.

        >>> RuleSet.preset("reglamento").chicos_to_win
        2
        >>> RuleSet.preset("truco-uruguayo")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pytruco.errors.RuleSetError: unknown preset 'truco-uruguayo' (known: default, ...)
        """
        try:
            base = _PRESETS[name]
        except (KeyError, TypeError):
            known = ", ".join(PRESET_NAMES)
            raise RuleSetError(f"unknown preset {quoted(name)} (known: {known})") from None
        return base.with_options(**options) if options else base

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with the named options changed, validated.

        ``flor`` is special on ``default``: ``flor=True`` gives the flor of
        ``classic`` with points counted on all three cards (:doc:`/rules/default`, "Flor").
        Enum options also accept their string values (``scoring="end-of-hand"``).
        """
        fields = attrs.fields_dict(RuleSet)
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in fields or key == "preset_name":
                raise RuleSetError(f"unknown option {quoted(key)}")
            enum_type = _ENUM_OPTIONS.get(key)
            if enum_type is not None and not isinstance(value, enum_type):
                try:
                    changes[key] = enum_type(value)
                except (ValueError, TypeError):
                    names = ", ".join(repr(member.value) for member in enum_type)
                    raise RuleSetError(f"option {key!r}: must be one of {names}, not {quoted(value)}") from None
            else:
                changes[key] = value
        return attrs.evolve(self, **agree_on_the_resto(self.cfar, changes))

    @property
    def teams(self) -> int:
        """Always 2: team of a seat = seat mod 2."""
        return 2

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the preset, with ``preset``, for records. ``cfar`` is left out where it
        only follows ``contraflor_al_resto`` (:doc:`/rules/house`), so a record names that option once.

        >>> RuleSet.preset("classic", contraflor_al_resto="game").to_dict()
        {'preset': 'classic', 'contraflor_al_resto': 'game'}
        """
        base = _PRESETS.get(self.preset_name)
        out: dict[str, Any] = {"preset": self.preset_name}
        for field in attrs.fields(RuleSet):
            if field.name == "preset_name" or (field.name == "cfar" and base is not None and _follows(self, base)):
                continue
            value = getattr(self, field.name)
            if base is None or getattr(base, field.name) != value:
                if isinstance(value, enum.Enum):
                    value = value.value
                elif isinstance(value, tuple):
                    value = list(value)
                out[field.name] = value
        return out

    @classmethod
    def from_dict(cls, data: str | Mapping[str, Any]) -> RuleSet:
        """Read the ``rules`` member of a record: a preset name or an object
        with ``preset`` and options.

        >>> RuleSet.from_dict({"preset": "default", "players": 4}).players
        4
        """
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, Mapping):
            raise RuleSetError(f"rules must be a preset name or an object, not {quoted(data)}")
        if "preset" not in data:
            raise RuleSetError("rules object has no 'preset' member")
        options = {key: value for key, value in data.items() if key != "preset"}
        for key, value in options.items():
            if not isinstance(key, str) or key not in _FIELD_NAMES:
                raise RuleSetError(f"unknown option {quoted(key)}")
            if key in _ENUM_OPTIONS:
                if not isinstance(value, str):
                    names = ", ".join(repr(member.value) for member in _ENUM_OPTIONS[key])
                    raise RuleSetError(f"option {key!r}: must be one of {names}, not {quoted(value)}")
                continue
            if key == "targets":
                if not isinstance(value, list):
                    raise RuleSetError(f"option 'targets': must be a list of whole numbers, not {quoted(value)}")
                continue
            expected = _BOOL_OR_INT_OPTIONS.get(key)
            if expected is bool and not isinstance(value, bool):
                raise RuleSetError(f"option {key!r}: must be true or false, not {quoted(value)}")
            if expected is int and (not isinstance(value, int) or isinstance(value, bool)):
                raise RuleSetError(f"option {key!r}: must be a whole number, not {quoted(value)}")
        return cls.preset(data["preset"], **options)


def _follows(rules: RuleSet, base: RuleSet) -> bool:
    """Whether a record need not name *rules*' ``cfar``: the call exists in *rules* and in its preset *base*, so its
    value is the one ``contraflor_al_resto`` gives it (they agree, and the record names that option if it differs)."""
    return base.cfar is not CfarRule.NONE and rules.cfar is not CfarRule.NONE


_ENUM_OPTIONS: dict[str, type[enum.Enum]] = {
    "scoring": Scoring,
    "parda": PardaRule,
    "envido_style": EnvidoStyle,
    "envido_window": EnvidoWindow,
    "falta_envido": FaltaRule,
    "flor_window": EnvidoWindow,
    "cfar": CfarRule,
    "contraflor_al_resto": ContraflorAlResto,
    "mazo_penalty": MazoPenalty,
    "pica_pica_schedule": PicaPicaSchedule,
}
# The type of each plain option, from its default (``bool`` before ``int``:
# a bool is an int, and ``chicos_to_win``'s default 1 equals True).
_BOOL_OR_INT_OPTIONS: dict[str, type] = {
    field.name: (bool if isinstance(field.default, bool) else int)
    for field in attrs.fields(RuleSet)
    if isinstance(field.default, (bool, int)) and not isinstance(field.default, enum.Enum)
}
_PRESETS_BY_NAME: dict[str, RuleSet] = {}
"""The presets, once built (empty while they are being built, so their own values are not checked)."""
_FIELD_NAMES = frozenset(field.name for field in attrs.fields(RuleSet)) - {"preset_name"}

_DEFAULT = RuleSet(
    preset_name="default",
    # flor is off; ``flor=True`` turns on the flor of classic on three cards.
    flor=False,
    flor_count_three=True,
)
_ONLINE = RuleSet(
    preset_name="online",
    max_players=2,
    rps_first_mano=True,
    flor=True,
    flor_mandatory=False,
    flor_count_three=False,
    flor_refusable=True,
    contraflor_refused=3,
    cfar=CfarRule.WINS,
    contraflor_al_resto=ContraflorAlResto.GAME,
    cfar_refused_over_flor=3,
    cfar_refused_over_contraflor=6,
    mazo_with_pending_call=False,
    mano_mazo_before_acting=False,
    mazo_penalty=MazoPenalty.NONE,
)
_CLASSIC = RuleSet(
    preset_name="classic",
    scoring=Scoring.END_OF_HAND,
    show_rule=True,
    flor=True,
    flor_count_three=False,
    contraflor_refused=4,
    cfar=CfarRule.FALTA,
)
_LADDER = RuleSet(
    preset_name="ladder",
    max_players=2,
    targets=(30,),
    scoring=Scoring.END_OF_HAND,
    parda=PardaRule.NEXT_TRICK,
    envido_style=EnvidoStyle.LADDER,
    envido_window=EnvidoWindow.FIRST_CARD_OF_HAND,
    falta_envido=FaltaRule.LOSER,
    envido_primero=False,
    envido_count_three=True,
    flor=True,
    flor_mandatory=False,
    flor_count_three=True,
    flor_window=EnvidoWindow.FIRST_CARD_OF_HAND,
    flor_flor_value=6,
    flor_refusable=True,
    contraflor=False,
    cfar=CfarRule.NONE,
    mazo_penalty=MazoPenalty.NONE,
)
_REGLAMENTO = RuleSet(
    preset_name="reglamento",
    chicos_to_win=2,
    scoring=Scoring.END_OF_HAND,
    envido_style=EnvidoStyle.PER_WORD,
    envido_count_three=True,
    bluff=True,
    flor=True,
    flor_count_three=True,
    flor_flor_value=6,
    flor_flor_is_call=True,
    achico_value=4,
    contraflor=False,
    cfar=CfarRule.WINS,
    contraflor_al_resto=ContraflorAlResto.GAME,
    cfar_refused_over_flor=4,
    cfar_refused_over_contraflor=4,
    flor_lost_on_fold=True,
)
_PRESETS: dict[str, RuleSet] = dict(zip(PRESET_NAMES, (_DEFAULT, _ONLINE, _CLASSIC, _LADDER, _REGLAMENTO), strict=True))
_PRESETS_BY_NAME.update(_PRESETS)


def option_pairs(pairs: Iterable[str]) -> dict[str, Any]:
    """Options written ``NAME=VALUE`` on the command line (``pytruco play --option``, the items of ``pytruco serve
    --new PRESET:NAME=VALUE,...``) as a record's ``rules`` object names them: each VALUE read as JSON (``4``,
    ``true``, ``"leader"``), or else as the text it is (``malas-leader``). The values are checked when the
    :class:`RuleSet` is made (:meth:`RuleSet.from_dict`), exactly as a record's are: ``4.0`` is not ``4``.

    Raises:
        RuleSetError: an item without ``=`` or without a name, or one that names ``preset``.

    >>> from pytruco.rules import RuleSet, option_pairs
    >>> option_pairs(["falta_envido=malas-leader", "flor_flor_value=4", "flor=true"])
    {'falta_envido': 'malas-leader', 'flor_flor_value': 4, 'flor': True}
    >>> RuleSet.from_dict({**option_pairs(["flor_achico=true"]), "preset": "classic"}).flor_achico
    True
    >>> option_pairs(["flor_achico"])
    Traceback (most recent call last):
    ...
    pytruco.errors.RuleSetError: an option is written NAME=VALUE, not 'flor_achico'
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise RuleSetError(f"an option is written NAME=VALUE, not {quoted(pair)}")
        if name == "preset":
            raise RuleSetError(f"'preset' is not an option: the preset is named on its own, not {quoted(pair)}")
        try:
            options[name] = json.loads(text)
        except (ValueError, RecursionError):  # not JSON (or nested past the reader's depth): the text itself
            options[name] = text
    return options


def check_start(
    rules: RuleSet, first_mano: object, score: object, chicos: object
) -> tuple[int | None, tuple[int, int], tuple[int, int]]:
    """Validate how a game of *rules* starts (:func:`pytruco.new_game` and
    records): the first mano (``None`` or a seat), the starting score (below
    the target) and chicos (zeros outside a partido, not already the match).
    Returns them as ``(first_mano, score, chicos)`` with tuples.

    Raises:
        SetupError: the message quotes the value.

    >>> check_start(RuleSet.preset("default"), 1, [3, 4], (0, 0))
    (1, (3, 4), (0, 0))
    >>> check_start(RuleSet.preset("default"), None, None, (0, 0))
    Traceback (most recent call last):
    ...
    pytruco.errors.SetupError: score must be two whole numbers >= 0, not None
    """
    n = rules.players
    if first_mano is not None and (first_mano.__class__ is not int or not 0 <= first_mano < n):
        raise SetupError(f"first_mano must be a seat from 0 to {n - 1}, not {quoted(first_mano)}")
    score_pair = _pair("score", score)
    chicos_pair = _pair("chicos", chicos)
    if max(score_pair) >= rules.target:
        raise SetupError(f"starting score {list(score_pair)} already reaches the target {rules.target}")
    if rules.chicos_to_win == 1 and chicos_pair != (0, 0):
        raise SetupError(
            f"starting chicos {list(chicos_pair)}: {rules.preset_name} plays one game, not a partido of chicos"
        )
    if rules.chicos_to_win > 1 and max(chicos_pair) >= rules.chicos_to_win:
        raise SetupError(f"starting chicos {list(chicos_pair)} already win the match")
    return first_mano, score_pair, chicos_pair


def _pair(name: str, value: object) -> tuple[int, int]:
    # Unpacked, without a generator: new_game runs this twice per game, and simulations start millions of games.
    if isinstance(value, (tuple, list)) and len(value) == 2:
        first, second = value
        if (
            first.__class__ is int
            and second.__class__ is int
            and 0 <= first <= MAX_OPTION
            and 0 <= second <= MAX_OPTION
        ):
            return (first, second)
    raise SetupError(f"{name} must be two whole numbers >= 0, not {quoted(value)}")

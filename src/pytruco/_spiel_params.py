"""The parameters of pytruco's OpenSpiel games (:mod:`pytruco.openspiel`): ``python_truco``'s and each preset's own
game's, their declared defaults, their ``pyspiel.GameType`` and which parameters a game's values set.

>>> from pytruco._spiel_params import PARAMETERS
>>> PARAMETERS["python_truco"]["preset"], PARAMETERS["python_truco_classic"]["flor"]
('default', True)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import pyspiel

from .errors import ArgumentError, quoted
from .params import RULE_OPTIONS
from .rules import PRESET_NAMES, RuleSet

__all__ = [
    "DEFAULTS",
    "GAME_TYPES",
    "PARAMETERS",
    "PRESET_GAME_NAMES",
    "PRESET_OF",
    "TRUCO_GAME",
    "game_type",
    "parameters_set",
]

TRUCO_GAME: Final = "python_truco"
"""The name ``python_truco`` is registered under (:data:`pytruco.openspiel.GAME_NAME`)."""

PRESET_GAME_NAMES: Final[Mapping[str, str]] = MappingProxyType({name: f"{TRUCO_GAME}_{name}" for name in PRESET_NAMES})
"""Each preset's own game by preset name (:data:`pytruco.openspiel.PRESET_GAMES`)."""

DEFAULTS: dict[str, Any] = {
    "preset": "default",
    "players": 2,
    "target": 0,
    "hands": 0,
    "utility": "win",
    "first_mano": 0,
}

PRESET_OF: dict[str, str | None] = {TRUCO_GAME: None, **{game: preset for preset, game in PRESET_GAME_NAMES.items()}}
"""The preset of each registered game (``None``: ``python_truco``, whose ``preset`` is a parameter)."""


def _declared(option: str, preset: str | None) -> bool | int | str:
    """The declared default of a rule option's parameter: in *preset*'s own game the preset's value (a choice by its
    text); in ``python_truco`` (*preset* ``None``) ``0`` or ``""`` (the chosen preset's value) for a number or a
    choice, and the ``default`` preset's value for a yes/no option (OpenSpiel fills every parameter not given with its
    default, of the option's own type, so there a yes/no option given with that value keeps the chosen preset's)."""
    value = getattr(RuleSet.preset(preset or "default"), option)
    if isinstance(value, enum.Enum):
        return "" if preset is None else str(value.value)
    return 0 if preset is None and not isinstance(value, bool) else value


PARAMETERS: dict[str, dict[str, Any]] = {
    name: {
        **{key: value for key, value in DEFAULTS.items() if preset is None or key != "preset"},
        **{option: _declared(option, preset) for option in RULE_OPTIONS},
    }
    for name, preset in PRESET_OF.items()
}
"""Each registered game's parameter specification, by its name."""


def game_type(name: str, long_name: str, parameters: dict[str, Any], *, max_players: int, tensors: bool) -> Any:
    """The ``pyspiel.GameType`` of a pytruco game: sequential, with explicit chance, imperfect information,
    zero-sum and rewarded at the end, for 2 to *max_players* players; an information-state string always, and
    the observation string and both tensors when *tensors* (``python_truco``'s games; not the small solved game).

    >>> game_type("python_truco", "Argentine truco", {}, max_players=6, tensors=True).max_num_players
    6
    """
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=tensors,
        provides_observation_tensor=tensors,
        parameter_specification=parameters,
    )


def _long_name(name: str) -> str:
    preset = PRESET_OF.get(name)
    return f"Argentine truco (pytruco{f', the {preset} preset' if preset else ''})"


GAME_TYPES: dict[str, Any] = {
    name: game_type(name, _long_name(name), parameters, max_players=6, tensors=True)
    for name, parameters in PARAMETERS.items()
}


def parameters_set(name: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of game *name* that *params* sets: every game parameter, and each rule option whose value is
    not its declared default (a value of another type counts as set, so that the rule set refuses it)."""
    declared = PARAMETERS[name]
    unknown = [key for key in params if key not in declared]
    if unknown:
        known = ", ".join(key for key in declared if key not in RULE_OPTIONS)
        raise ArgumentError(f"unknown parameter {quoted(unknown[0])} of {name} (known: {known}, the RuleSet options)")
    values = {**declared, **params}
    return {
        key: value
        for key, value in values.items()
        if key not in RULE_OPTIONS or value.__class__ is not declared[key].__class__ or value != declared[key]
    }

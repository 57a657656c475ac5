"""The named values of the rule options (re-exported by :mod:`pytruco.rules`), and the checks of the house-rule
options of PRESETS.md §9 that :class:`~pytruco.RuleSet` runs (each preset's own value and the ``-`` rule).

>>> from pytruco import MazoPenalty
>>> MazoPenalty("trick-1")
<MazoPenalty.TRICK_1: 'trick-1'>
"""

from __future__ import annotations

import enum
import json
from typing import Any

from .errors import RuleSetError, quoted

__all__ = [
    "HOUSE_RULES",
    "CfarRule",
    "ContraflorAlResto",
    "EnvidoStyle",
    "EnvidoWindow",
    "FaltaRule",
    "MazoPenalty",
    "PardaRule",
    "PicaPicaSchedule",
    "Scoring",
    "check_house_rules",
]


class Scoring(enum.Enum):
    """When won points reach the score (each preset's page in :doc:`/rules/index` says which).

    >>> from pytruco import RuleSet, Scoring
    >>> RuleSet.preset("classic").scoring
    <Scoring.END_OF_HAND: 'end-of-hand'>
    >>> RuleSet.preset("default", scoring="end-of-hand").scoring is Scoring.END_OF_HAND
    True
    """

    IMMEDIATE = "immediate"
    """Every point is scored when it is won; the game ends at once at the target."""
    END_OF_HAND = "end-of-hand"
    """A hand's points are added when it ends, envido and flor first, then truco."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class EnvidoStyle(enum.Enum):
    """Which envido calls exist and what they are worth (see each preset's page in :doc:`/rules/index`).

    >>> from pytruco import RuleSet
    >>> RuleSet.preset("default").envido_style, RuleSet.preset("reglamento").envido_style.value
    (<EnvidoStyle.CUMULATIVE: 'cumulative'>, 'per-word')
    """

    CUMULATIVE = "cumulative"
    """E, E-E, R, F; accepted value is the sum (E 2, R 3), a falta replaces it."""
    LADDER = "ladder"
    """Strictly E → R → E-E → F, worth the level reached: 2, 3, 4, falta."""
    PER_WORD = "per-word"
    """Only "envido", any number of times, 2 points each."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class EnvidoWindow(enum.Enum):
    """When an envido may be opened (see each preset's page in :doc:`/rules/index`).

    >>> from pytruco import EnvidoWindow, RuleSet
    >>> RuleSet.preset("ladder").envido_window
    <EnvidoWindow.FIRST_CARD_OF_HAND: 'first-card-of-hand'>
    >>> RuleSet.preset("default").envido_window is EnvidoWindow.OWN_FIRST_CARD
    True
    """

    OWN_FIRST_CARD = "own-first-card"
    """During trick 1, before the seat plays its own card."""
    FIRST_CARD_OF_HAND = "first-card-of-hand"
    """Before the first card of the hand, and not after a truco call."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class FaltaRule(enum.Enum):
    """What an accepted falta envido is worth (see each preset's page in :doc:`/rules/index`).

    >>> from pytruco import FaltaRule, RuleSet
    >>> RuleSet.preset("default").falta_envido
    <FaltaRule.LEADER: 'leader'>
    >>> RuleSet.preset("ladder").falta_envido is FaltaRule.LOSER
    True
    """

    LEADER = "leader"
    """The target minus the score of the side ahead."""
    LOSER = "loser"
    """The target minus the score of the side that loses the envido."""
    MALAS_LEADER = "malas-leader"
    """Target 30: while the leader is in the malas, 15 minus its score; else as :attr:`LEADER`
    (:doc:`/rules/house`)."""
    MALAS_WINNER = "malas-winner"
    """Target 30: while both sides are in the malas, 15 minus the winner's score; else as :attr:`LEADER`
    (:doc:`/rules/house`)."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class CfarRule(enum.Enum):
    """What an accepted contraflor al resto is worth (see each preset's page in :doc:`/rules/index`).

    >>> from pytruco import CfarRule, RuleSet
    >>> RuleSet.preset("classic").cfar
    <CfarRule.FALTA: 'falta'>
    >>> RuleSet.preset("classic", cfar=CfarRule.NONE).cfar.value
    'none'
    """

    NONE = "none"
    """The call does not exist."""
    FALTA = "falta"
    """The falta value (target minus the leader's score) to the best flor."""
    WINS = "wins"
    """The best flor wins the game (the chico, in a partido) at once."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class PardaRule(enum.Enum):
    """How tied tricks decide a hand (:doc:`/rules/basics`, "Tricks and pardas").

    >>> from pytruco import PardaRule, RuleSet
    >>> RuleSet.preset("ladder").parda
    <PardaRule.NEXT_TRICK: 'next-trick'>
    >>> RuleSet.preset("default").parda is PardaRule.FIRST_DECISIVE
    True
    """

    FIRST_DECISIVE = "first-decisive"
    """Once a trick is a parda, the first trick that was not decides."""
    NEXT_TRICK = "next-trick"
    """A parda sends the decision to the next trick (``ladder``)."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class ContraflorAlResto(enum.Enum):
    """What an accepted contraflor al resto wins (option ``contraflor_al_resto``, :doc:`/rules/house`).

    >>> from pytruco import ContraflorAlResto, RuleSet
    >>> RuleSet.preset("online").contraflor_al_resto
    <ContraflorAlResto.GAME: 'game'>
    >>> RuleSet.preset("classic").contraflor_al_resto is ContraflorAlResto.FALTA
    True
    """

    FALTA = "falta"
    """The falta value of ``falta_envido`` to the best flor."""
    GAME = "game"
    """The best flor's team wins the game (the chico, in a partido) at once."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class MazoPenalty(enum.Enum):
    """When a fold also gives the envido penalty of the mazo (option ``mazo_penalty``, :doc:`/rules/house`).

    >>> from pytruco import MazoPenalty, RuleSet
    >>> RuleSet.preset("online").mazo_penalty, RuleSet.preset("default").mazo_penalty.value
    (<MazoPenalty.NONE: 'none'>, 'no-truco')
    """

    NONE = "none"
    """Never: a fold gives only the hand's truco value."""
    NO_TRUCO = "no-truco"
    """During trick 1, before any envido or flor, and while no truco has been accepted."""
    TRICK_1 = "trick-1"
    """Likewise, but an accepted truco does not cancel the penalty."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


class PicaPicaSchedule(enum.Enum):
    """Which hands of a 6-seat pica-pica game are pica hands (option ``pica_pica_schedule``, :doc:`/rules/house`).

    >>> from pytruco import PicaPicaSchedule, RuleSet
    >>> RuleSet.preset("default", players=6, pica_pica=True).pica_pica_schedule
    <PicaPicaSchedule.ALWAYS: 'always'>
    """

    ALWAYS = "always"
    """A pica hand after every normal hand (not the first) while both teams are far enough from the target."""
    AFTER_5 = "after-5"
    """Pica hands alternate only while a team has at least 5 points and every team fewer than target - 5."""

    __hash__ = object.__hash__  # as Kind's: members are singletons compared by identity


HOUSE_RULES: tuple[str, ...] = (
    "falta_envido",
    "flor_flor_value",
    "flor_achico",
    "contraflor_al_resto",
    "mazo_penalty",
    "mano_mazo_before_acting",
    "mazo_before_flor",
    "pica_pica_schedule",
)
"""The eight options of PRESETS.md §9 (house rules), in its order.

>>> from pytruco.rules import HOUSE_RULES  # also here
>>> len(HOUSE_RULES), HOUSE_RULES[0]
(8, 'falta_envido')
"""


def _json(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


def _without_rule(rules: Any, option: str) -> str | None:
    """Why *rules* has no such rule as *option* (the ``-`` of PRESETS.md §9), or None when it has."""
    name = rules.preset_name
    if option == "falta_envido" and name == "reglamento":
        return "reglamento has no falta envido"
    if option == "pica_pica_schedule" and not rules.pica_pica:
        return "it needs pica_pica: true"
    flor_options = ("flor_flor_value", "flor_achico", "contraflor_al_resto", "mazo_before_flor")
    if option in flor_options and not rules.flor:
        return "flor is off"
    if option in ("flor_achico", "mazo_before_flor") and name in ("online", "ladder"):
        return f"{name}'s flor is optional" if option == "mazo_before_flor" else f"{name} declines a flor otherwise"
    if option == "flor_achico" and name == "reglamento":
        return "reglamento's con-flor-me-achico answers a second flor"
    if option == "contraflor_al_resto" and name == "ladder":
        return "ladder has no contraflor al resto"
    return None


def agree_on_the_resto(cfar: CfarRule, changes: dict[str, Any]) -> dict[str, Any]:
    """The *changes* of :meth:`~pytruco.RuleSet.with_options`, with ``cfar`` (whether the contraflor al resto
    exists, and its value) and ``contraflor_al_resto`` (its value, §9.8) made to agree when only one is named
    and the call exists (*cfar*, the current value, or the one named).

    >>> agree_on_the_resto(CfarRule.FALTA, {"contraflor_al_resto": ContraflorAlResto.GAME})["cfar"]
    <CfarRule.WINS: 'wins'>
    """
    resto = changes.get("contraflor_al_resto")
    named = changes.get("cfar")
    if resto is not None and named is None and cfar is not CfarRule.NONE:
        return {**changes, "cfar": CfarRule.WINS if resto is ContraflorAlResto.GAME else CfarRule.FALTA}
    if named is not None and named is not CfarRule.NONE and resto is None:
        wins = named is CfarRule.WINS
        return {**changes, "contraflor_al_resto": ContraflorAlResto.GAME if wins else ContraflorAlResto.FALTA}
    return changes


def check_house_rules(rules: Any, base: Any) -> None:
    """PRESETS.md §9: each house rule's value of the RuleSet *rules* is one of its listed values; where its preset
    (the RuleSet *base*) has no such rule (``-``), only the preset's own value; ``cfar`` and ``contraflor_al_resto``
    agree. *base* is None while the presets themselves are built.

    >>> from pytruco import RuleSet
    >>> check_house_rules(RuleSet.preset("online"), RuleSet.preset("online"))
    """
    if rules.flor_flor_value not in (3, 4, 6):
        raise RuleSetError(f"option 'flor_flor_value': must be 3, 4 or 6, not {quoted(rules.flor_flor_value)}")
    if rules.cfar is not CfarRule.NONE and (rules.cfar is CfarRule.WINS) != (
        rules.contraflor_al_resto is ContraflorAlResto.GAME
    ):
        raise RuleSetError(
            f"option 'contraflor_al_resto': {json.dumps(_json(rules.contraflor_al_resto))} disagrees with option "
            f"'cfar' {json.dumps(_json(rules.cfar))}"
        )
    if base is None:  # building the presets themselves
        return
    for option in HOUSE_RULES:
        value, own = getattr(rules, option), getattr(base, option)
        why = None if value == own else _without_rule(rules, option)
        if why is not None:
            shown, listed = json.dumps(_json(value)), json.dumps(_json(own))
            raise RuleSetError(
                f"option {option!r}: {rules.preset_name} has no such rule ({why}): only {listed} is "
                f"accepted, not {shown}"
            )

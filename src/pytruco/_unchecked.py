"""The unchecked constructors of :class:`~pytruco.Hand` and :class:`~pytruco.Deal` (``Hand._of``, ``Deal._of``):
the engine's fast path, which skips the validating ``__init__`` for values it built itself.

They live in a module of their own, below ``cards`` and ``actions``, so that the compiled build (mypyc,
``hatch_build.COMPILED``) makes them C functions: ``random_deal`` then builds a deal's hands without an
interpreted frame, while ``cards`` and ``actions`` stay Python (attrs makes their classes). ``random_deal`` calls
:func:`new_hand` and :func:`new_deal` themselves, not the bound classmethods (a C call, with no method lookup):
the one import of a private top-level module that ``tests/test_layers.py`` lets the engine make.

>>> from pytruco import Card, Hand
>>> Hand._of((Card.parse("1E"), Card.parse("7O"), Card.parse("4C")))
Hand('1E 7O 4C')
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

__all__ = ["new_deal", "new_hand"]

_T = TypeVar("_T")

_new: Final[Any] = object.__new__  # compiled, a C static: `object.__new__` written out is two lookups a call


def new_hand(cls: type[_T], cards: tuple[object, ...]) -> _T:
    """A *cls* (:class:`~pytruco.Hand`) holding *cards*, shared cards the caller vouches for, unchecked."""
    hand: _T = _new(cls)
    object.__setattr__(hand, "cards", cards)
    return hand


def new_deal(cls: type[_T], hands: tuple[object, ...], checked: bool = False) -> _T:
    """A *cls* (:class:`~pytruco.Deal`) of *hands*, unconverted; *checked*: the cards are known to be distinct
    (:func:`pytruco.random_deal`)."""
    deal: _T = _new(cls)
    object.__setattr__(deal, "hands", hands)
    object.__setattr__(deal, "_checked", checked)
    return deal

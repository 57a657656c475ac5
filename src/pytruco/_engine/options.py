"""The rule options as the engine reads them: :class:`Options`, which is the :class:`~pytruco.RuleSet` itself.

The engine's rule modules take an ``Options`` where they read rule options, and every state keeps the options of its
rules (``State._opts``, made by :func:`options_of`). Nothing outside the engine sees one.

In this source, and so in the pure build, ``Options`` is another name for :class:`~pytruco.RuleSet` and
:func:`options_of` returns the RuleSet it is given. **The compiled build replaces this module** with one written from
RuleSet's own field list (``hatch_build.native_options``, when ``PYTRUCO_COMPILE=1``). There ``Options`` is a class of
its own holding a copy of the RuleSet's values, which mypyc compiles to a native class: a field read is then a C
struct read, where an attrs RuleSet's goes through Python's attribute lookup (4,156 instructions more a hand). The
fields are declared once, in :class:`~pytruco.RuleSet`; a new rule option needs nothing here.

So code written against this module must hold for both: treat an ``Options`` as read-only RuleSet values, and turn a
RuleSet into one with :func:`options_of` or :func:`as_options`, never the other way round.

>>> from pytruco import RuleSet
>>> options = options_of(RuleSet.preset("classic"))
>>> options.preset_name, options.players, options.flor, options_of(RuleSet.preset("classic")) is options
('classic', 2, True, True)
"""

from __future__ import annotations

from typing import TypeAlias

from ..rules import RuleSet

__all__ = ["Options", "as_options", "options_of"]

Options: TypeAlias = RuleSet
"""The rule options as the engine reads them (the compiled build: a native copy of a RuleSet's fields)."""


def options_of(rules: RuleSet) -> Options:
    """The :class:`Options` of *rules*, the same object for the same RuleSet (here *rules* itself).

    >>> from pytruco import RuleSet
    >>> ladder = RuleSet.preset("ladder")
    >>> options_of(ladder).falta_envido.value, options_of(ladder) is options_of(ladder)
    ('loser', True)
    """
    return rules


def as_options(rules: RuleSet | Options) -> Options:
    """*rules* as :class:`Options`: the boundary's functions take either (the views pass a RuleSet).

    >>> from pytruco import RuleSet
    >>> ladder = RuleSet.preset("ladder")
    >>> as_options(ladder).falta_envido is as_options(options_of(ladder)).falta_envido
    True
    """
    return rules

"""What the compiled build (mypyc, ``PYTRUCO_COMPILE=1``) needs told about the engine's classes.

mypyc compiles a class to a native one unless told otherwise: ``@mypyc_attr(native_class=False)`` keeps a class
that subclasses a builtin (:class:`~pytruco.Trick`, a tuple) or is made by a class decorator (attrs) a Python
class; ``@mypyc_attr(free_list_len=1)`` keeps a freed instance for the next one (the states, rounds and records
the reducer copies once per action). ``mypy_extensions`` is no runtime dependency, so where it is missing
:func:`mypyc_attr` does nothing: only the compiler reads it.

>>> @mypyc_attr(native_class=False)
... class Pair(tuple): ...
>>> Pair((1, 2))
(1, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["mypyc_attr"]

_T = TypeVar("_T")


def _attrs_ignored(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
    """``mypy_extensions.mypyc_attr`` without mypy_extensions: the class as it is."""
    return lambda cls: cls


try:
    from mypy_extensions import mypyc_attr
except ImportError:
    mypyc_attr = _attrs_ignored

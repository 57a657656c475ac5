"""Reading the options of ``pytruco serve``: a parser whose every refusal is one line, and readers of numbers that
must lie in a range (``nan`` and the infinities never do).

>>> from pytruco.server._options import bounded
>>> bounded(int, 0, 65535)("8765")
8765
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any, NoReturn

from ..errors import ArgumentError, quoted

__all__ = ["OptionParser", "bounded"]


class OptionParser(argparse.ArgumentParser):
    """An argument parser whose refusals are an :class:`~pytruco.errors.ArgumentError` (the command prints it in one
    line and exits with status 2), not a usage text and ``SystemExit``.

    >>> parser = OptionParser(prog="pytruco serve")
    >>> _ = parser.add_argument("--port", type=bounded(int, 0, 65535))
    >>> parser.parse_args(["--port", "70000"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pytruco.errors.ArgumentError: argument --port: must be a whole number from 0 to 65,535, not '70000' (see ...)
    """

    def error(self, message: str) -> NoReturn:
        """Refuse the command line: raise :class:`~pytruco.errors.ArgumentError` with *message*."""
        raise ArgumentError(f"{message} (see {self.prog} --help)")


def bounded(kind: Callable[[str], float], low: float, high: float) -> Callable[[str], Any]:
    """An option's reader: a number of *kind* (``int`` or ``float``) from *low* to *high*.

    >>> bounded(float, 0.1, 10)("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number from 0.1 to 10, not 'nan'
    """
    noun = "a whole number" if kind is int else "a number"
    span = f"{int(low):,} to {int(high):,}" if kind is int else f"{low:g} to {high:g}"

    def read(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            value = math.nan
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {noun} from {span}, not {quoted(text)}")
        return value

    return read

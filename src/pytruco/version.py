"""The version of the package, in one module that imports nothing, so that
every layer (the command line's ``--version`` among them) and the build read it
from one place.

>>> from pytruco.version import __version__
>>> __version__.count(".") >= 2
True
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
"""The version of the installed package (see :doc:`/stability` for what it promises).

>>> import pytruco
>>> pytruco.__version__.count(".") >= 2
True
"""

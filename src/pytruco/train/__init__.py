"""Reference trainers (the ``openspiel`` extra; NFSP also the ``rl`` extra): seeded, checkpointed, evaluated.

- :mod:`pytruco.train.mccfr`: OpenSpiel's Monte Carlo CFR (external or outcome sampling) on ``python_truco`` or on
  the small solved game of :mod:`pytruco.solve` (``python_truco_small``), whose exploitability it computes exactly.
- :mod:`pytruco.train.nfsp`: OpenSpiel's PyTorch NFSP on ``python_truco``'s information-state tensors.

This package imports neither: import the trainer you need (each needs its extra). ``pytruco train mccfr|nfsp``
runs them from the command line (docs/training.md).

>>> import pytruco.train
>>> pytruco.train.__name__
'pytruco.train'
"""

from __future__ import annotations

__all__ = ["TRAINERS"]

TRAINERS: dict[str, str] = {"mccfr": "pytruco.train.mccfr", "nfsp": "pytruco.train.nfsp"}
"""The reference trainers by the name ``pytruco train`` takes, each with its module.

>>> from pytruco.train import TRAINERS
>>> sorted(TRAINERS)
['mccfr', 'nfsp']
"""

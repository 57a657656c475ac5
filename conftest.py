"""Collection for the whole checkout: the doctests of the research modules need their extras.

``pytruco.openspiel`` and ``pytruco.train.mccfr`` need the ``openspiel`` extra (pyspiel), ``pytruco.train.nfsp``
the ``rl`` extra too (PyTorch, dm-tree), ``pytruco.pettingzoo`` and ``pytruco.gym`` the
``pettingzoo`` extra; where one is not installed its module is not collected for doctests (tests/test_openspiel.py,
tests/test_pettingzoo.py and tests/test_gym.py then skip with a message). CI installs both (.ci/run, extras).
"""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if importlib.util.find_spec("pyspiel") is None or importlib.util.find_spec("numpy") is None:
    collect_ignore.append("src/pytruco/openspiel.py")
    collect_ignore.append("src/pytruco/bots/_openspiel.py")  # from_openspiel's examples load the game
    collect_ignore.append("src/pytruco/train/mccfr.py")  # the reference trainers need OpenSpiel too
if any(importlib.util.find_spec(name) is None for name in ("pyspiel", "numpy", "torch", "tree")):
    collect_ignore.append("src/pytruco/train/nfsp.py")  # and NFSP PyTorch and dm-tree (the rl extra)
if any(importlib.util.find_spec(name) is None for name in ("pettingzoo", "gymnasium", "numpy")):
    collect_ignore.append("src/pytruco/pettingzoo.py")
    collect_ignore.append("src/pytruco/gym.py")
# pytruco.ppo (PPO, pytruco exploit) needs the rl extra: PyTorch, NumPy and Gymnasium (tests/test_ppo.py skips too).
if any(importlib.util.find_spec(name) is None for name in ("torch", "gymnasium", "numpy")):
    collect_ignore.append("src/pytruco/ppo.py")

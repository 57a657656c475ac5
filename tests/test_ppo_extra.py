"""``pytruco exploit`` without the ``rl`` extra (issue 38): runs where PyTorch is installed too (its import is made
to fail)."""

from __future__ import annotations

import sys

import pytest

from pytruco.cli import main


def test_exploit_without_the_rl_extra_names_it_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 38: without PyTorch, one line naming the extra, exit status 2, no traceback."""
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch raises ImportError
    monkeypatch.delitem(sys.modules, "pytruco.ppo", raising=False)
    assert main(["exploit", "random", "--minutes", "0.1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.err.startswith("pytruco exploit: needs the rl extra: pip install 'pytruco-ar[rl]'")

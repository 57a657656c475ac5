"""The README's and the tutorial's examples type-check with ``mypy --strict``, as a user's code would.

The public types are part of what pytruco offers (it ships ``py.typed``): code written the way the docs show
must pass a strict type checker without casts or ignores. This test copies the examples into a temporary
directory as user modules and runs ``mypy --strict`` there, outside the checkout (so the project's own mypy
settings do not apply), against the pytruco installed in the environment that runs the tests:

- ``readme_N.py``: each ``python`` block of README.md, as it is;
- ``tutorial.py``: every ``{doctest}`` block of docs/tutorial.md in page order (they build on each other), the
  ``>>>`` and ``...`` lines only, after the lines that the docs' doctest set-up runs first (docs/conf.py,
  ``doctest_global_setup``).

It takes a few seconds (marked ``mypy``; ``-m 'not mypy'`` leaves it out).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy", reason="mypy is not installed: pip install 'pytruco-ar[lint]'")

ROOT = Path(__file__).resolve().parents[1]


def doctest_source(block: str) -> str:
    """The Python source of a doctest block: its ``>>>`` and ``...`` lines without the prompts."""
    lines = [line[4:] for line in block.splitlines() if line.startswith((">>> ", "... ")) or line in (">>>", "...")]
    return "\n".join(lines) + "\n"


def user_modules() -> dict[str, str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    modules = {
        f"readme_{n}.py": block for n, block in enumerate(re.findall(r"^```python\n(.*?)^```", readme, re.S | re.M))
    }
    tutorial = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```\{doctest\}\n(.*?)^```", tutorial, re.S | re.M)
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    setup = re.search(r'^doctest_global_setup = """\n(.*?)"""', conf, re.S | re.M)
    assert setup is not None, "docs/conf.py has no doctest_global_setup"
    modules["tutorial.py"] = setup[1] + "".join(doctest_source(block) for block in blocks)
    return modules


def test_the_examples_are_extracted() -> None:
    modules = user_modules()
    assert len([name for name in modules if name.startswith("readme_")]) >= 2
    assert "new_game" in modules["readme_0.py"]
    assert modules["tutorial.py"].count("apply(") >= 15
    assert "def controls(state: State, seat: int)" in modules["tutorial.py"]


@pytest.mark.mypy
def test_readme_and_tutorial_examples_pass_mypy_strict(tmp_path: Path) -> None:
    for name, source in user_modules().items():
        (tmp_path / name).write_text(source, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / ".mypy_cache"), "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found in" in result.stdout
    # The package the examples were checked against is the installed one, with its own types.
    where = subprocess.run(
        [sys.executable, "-c", "import pytruco, pathlib; print(pathlib.Path(pytruco.__file__).parent)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert (Path(where) / "py.typed").is_file()

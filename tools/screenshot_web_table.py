"""Take docs/_static/web_table.png and web_table_phone.png: ``pytruco serve``'s page in headless chromium, a few
moves into a game, on a desktop's screen (1280x800) and on a phone's (390x844).

The real-browser test takes them (tests/test_web_table.py, the whole-game test, which also checks both layouts);
this runs that test with PYTRUCO_DOCS_SCREENSHOT=1 so that the pictures land in the docs. Run
``.venv/bin/python tools/screenshot_web_table.py`` (needs the ``browser`` extra and Debian's chromium).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    env = {**os.environ, "PYTRUCO_DOCS_SCREENSHOT": "1"}
    test = "tests/test_web_table.py::test_two_browsers_play_a_whole_game_through_a_server_crash"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", test], cwd=ROOT, env=env, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())

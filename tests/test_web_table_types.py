"""The page of pytruco serve (plain JavaScript, typed with JSDoc) type-checks against the TypeScript declarations
generated from the JSON Schemas: ``tsc --checkJs --strict``. Skips where TypeScript is not installed
(``.ci/run`` installs it with npm and sets PYTRUCO_TSC)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TSC = os.environ.get("PYTRUCO_TSC") or shutil.which("tsc")


@pytest.mark.skipif(not TSC, reason="TypeScript's tsc is not installed (npm install typescript; set PYTRUCO_TSC)")
def test_the_page_type_checks_against_the_generated_declarations() -> None:
    assert TSC is not None
    command = [TSC, "--noEmit", "--allowJs", "--checkJs", "--strict", "--target", "es2020", "--lib", "es2020,dom"]
    command += ["--module", "commonjs", str(ROOT / "src" / "pytruco" / "server" / "web" / "table.js")]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr

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
    command += ["--module", "commonjs", str(ROOT / "src" / "pytruco" / "web" / "table.js")]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


GOOD = """
const card: TrucoCard = "12E";
const actions: TrucoAction[] = ["0 tengo 33", "1 rps piedra", "0 7O", "1 no-quiero"];
function cardOf(event: TrucoEvent): TrucoCard | null {
  if (event.kind === "card-played" || event.kind === "shown") {
    const played: TrucoCard = event.card;
    return played;
  }
  const none: null = event.card;
  return none;
}
const code: TrucoProtocolRefusalCode = "not-your-turn";
const ranking: TrucoViewCardRanking[0] = ["1E"];
export { card, actions, cardOf, code, ranking };
"""

BAD = [
    'const a: TrucoCard = "8E";',
    'const b: TrucoAction = "0 trucazo";',
    'const c: TrucoAction = "0 tengo";',
    'function d(event: TrucoEvent): TrucoCard { return event.kind === "folded" ? event.card : "1E"; }',
    'const e: TrucoEvent = {kind: "card-played", seat: 0, team: 0, points: 0, card: null, detail: ""};',
    'const f: TrucoProtocolRefusalCode = "no-such-code";',
]


@pytest.mark.skipif(not TSC, reason="TypeScript's tsc is not installed (npm install typescript; set PYTRUCO_TSC)")
def test_the_declarations_type_cards_actions_events_and_codes(tmp_path: Path) -> None:
    """The TypeScript declarations (tools/schema_to_ts.py) are not plain strings: a card and an action are template
    literal types, an event is a union discriminated by ``kind`` (a card where the kind has one, else null), refusal
    codes an enum. Each line of BAD must be a type error, and GOOD must compile."""
    assert TSC is not None
    names = "TrucoCard, TrucoAction, TrucoEvent, TrucoProtocolRefusalCode, TrucoViewCardRanking"
    header = f'import type {{ {names} }} from "{ROOT / "src" / "pytruco" / "schemas" / "truco"}";\n'
    good = tmp_path / "good.ts"
    good.write_text(header + GOOD, encoding="utf-8")
    bad = tmp_path / "bad.ts"
    bad.write_text(header + "\n".join(BAD) + "\nexport {};\n", encoding="utf-8")
    command = [TSC, "--noEmit", "--strict", "--target", "es2020", "--module", "commonjs", "good.ts", "bad.ts"]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300, cwd=tmp_path)
    lines = done.stdout.splitlines()
    assert not [line for line in lines if line.startswith("good.ts")], done.stdout
    failing = {int(line.split("(")[1].split(",")[0]) for line in lines if line.startswith("bad.ts(")}
    assert failing == set(range(2, 2 + len(BAD))), done.stdout

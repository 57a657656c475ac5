"""Every conformance vector of the shared folder (RECORDS.md "Conformance vectors").

The vectors live beside the repository, in ``../shared/conformance`` (override the
location with the environment variable ``PYTRUCO_CONFORMANCE``). A vector passes
when replay gives exactly the members named in ``expect``, or, for
``expect.illegal``, when replay fails with kind ``illegal-action`` at exactly that
hand and action.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from pytruco import Record, RecordError, replay

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / "shared" / "conformance"
ROOT = Path(os.environ.get("PYTRUCO_CONFORMANCE", str(DEFAULT_ROOT)))
VECTORS = sorted(ROOT.rglob("*.json")) if ROOT.is_dir() else []


def _check(path: Path) -> None:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    expect = data["expect"]
    if "illegal" in expect:
        where = expect["illegal"]
        with pytest.raises(RecordError) as info:
            replay(Record.from_dict(data))
        error = info.value
        assert (error.kind, error.hand, error.action) == ("illegal-action", where["hand"], where["action"]), (
            f"{path.name}: expected illegal-action at hand {where['hand']} action {where['action']}, "
            f"got {error.kind} at hand {error.hand} action {error.action}: {error}"
        )
        return
    try:
        result = replay(Record.from_dict(data)).to_json()
    except RecordError as error:
        pytest.fail(f"{path.name}: replay failed with {error.kind} at hand {error.hand} action {error.action}: {error}")
    got = {key: result.get(key) for key in expect}
    assert got == expect, f"{path.name} ({data.get('source', 'no source')})"


if VECTORS:

    @pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
    def test_conformance_vector(path: Path) -> None:
        """RECORDS.md "Conformance vectors": replay matches the vector's ``expect``."""
        _check(path)

else:

    def test_conformance_vectors_missing() -> None:
        """RECORDS.md "Conformance vectors": the shared folder must be present to run them."""
        reason = "the folder does not exist" if not ROOT.is_dir() else "the folder holds no .json vectors"
        pytest.skip(
            f"conformance vectors not found at {ROOT}: {reason} "
            "(clone the repository next to the shared/ folder or set PYTRUCO_CONFORMANCE)"
        )

"""Every conformance vector of the shared folder (RECORDS.md "Conformance vectors").

The vectors live beside the repository, in ``../shared/conformance`` (override the
location with the environment variable ``PYTRUCO_CONFORMANCE``). A vector passes
when replay gives exactly the members named in ``expect``, or, for
``expect.illegal``, when replay fails with kind ``illegal-action`` at exactly that
hand and action, or, for ``expect.error`` (``kind``, ``hand``, ``action``), when
replay fails with exactly that error (conformance/README.md).

The house-rule vectors (PRESETS.md §9, issue 35) live beside them in ``../house-rules`` (override with
``PYTRUCO_HOUSE_RULES``) and run the same way.
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
HOUSE_ROOT = Path(os.environ.get("PYTRUCO_HOUSE_RULES", str(ROOT.parent / "house-rules")))
HOUSE_VECTORS = sorted(HOUSE_ROOT.rglob("*.json")) if HOUSE_ROOT.is_dir() else []

_Where = tuple[str, int | None, int | None]


def _expected_error(expect: dict[str, Any]) -> _Where | None:
    """The error a vector expects, as ``(kind, hand, action)``, or None when it expects a result."""
    if "illegal" in expect:
        return ("illegal-action", expect["illegal"]["hand"], expect["illegal"]["action"])
    if "error" in expect:
        return (expect["error"]["kind"], expect["error"]["hand"], expect["error"]["action"])
    return None


def _describe(where: _Where) -> str:
    kind, hand, action = where
    return f"{kind} at hand {hand} action {action}"


def check_vector(data: dict[str, Any], name: str) -> None:
    """Fail (``pytest.fail`` or an assertion) unless replaying *data* gives what its ``expect`` says."""
    expect = data["expect"]
    wanted = _expected_error(expect)
    try:
        result = replay(Record.from_dict(data)).to_json()
    except RecordError as error:
        got = (error.kind, error.hand, error.action)
        if wanted is None:
            pytest.fail(f"{name}: replay failed with {_describe(got)}: {error}")
        if got != wanted:
            pytest.fail(f"{name}: expected {_describe(wanted)}, replay failed with {_describe(got)}: {error}")
        return
    if wanted is not None:
        pytest.fail(f"{name}: expected {_describe(wanted)}, replay succeeded with {result}")
    got = {key: result.get(key) for key in expect}
    assert got == expect, f"{name} ({data.get('source', 'no source')})"


def _check(path: Path) -> None:
    check_vector(json.loads(path.read_text(encoding="utf-8")), path.name)


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


if HOUSE_VECTORS:

    @pytest.mark.parametrize("path", HOUSE_VECTORS, ids=[p.stem for p in HOUSE_VECTORS])
    def test_house_rule_vector(path: Path) -> None:
        """PRESETS.md §9 (issue 35): replay matches the house-rule vector's ``expect``."""
        _check(path)

else:

    def test_house_rule_vectors_missing() -> None:
        """PRESETS.md §9: the house-rule folder must be present to run its vectors."""
        pytest.skip(
            f"house-rule vectors not found at {HOUSE_ROOT} "
            "(place the house-rules folder beside the conformance folder or set PYTRUCO_HOUSE_RULES)"
        )


# The checker itself (conformance/README.md): fake vectors, built here, that it must pass or refuse. Their
# replays are plain: a record that scores, one that starts at the target (a bad-record, hand and action null),
# and one whose action 1 is illegal (seat 0 answers its own truco).
_DEAL = [["4C", "5C", "12E"], ["5O", "6O", "1B"]]
_SCORES = ([{"deal": _DEAL, "actions": ["0 truco", "1 no-quiero"]}], [0, 0])
_AT_TARGET = ([], [30, 0])
_ILLEGAL = ([{"deal": _DEAL, "actions": ["0 truco", "0 quiero"]}], [0, 0])


def _fake(record: tuple[list[dict[str, Any]], list[int]], expect: dict[str, Any]) -> dict[str, Any]:
    hands, score = record
    return {
        "format": "truco-record/1",
        "rules": "default",
        "first_mano": 0,
        "score": score,
        "hands": hands,
        "expect": expect,
    }


def _error(kind: str, hand: int | None, action: int | None) -> dict[str, Any]:
    return {"error": {"kind": kind, "hand": hand, "action": action}}


@pytest.mark.parametrize(
    ("record", "expect"),
    [
        (_AT_TARGET, _error("bad-record", None, None)),
        (_ILLEGAL, _error("illegal-action", 0, 1)),
        (_ILLEGAL, {"illegal": {"hand": 0, "action": 1}}),
        (_SCORES, {"score": [1, 0], "winner": None}),
    ],
)
def test_checker_passes_exactly_the_expected_outcome(record, expect) -> None:
    """conformance/README.md: a vector passes when replay fails with exactly its ``expect.error`` (or
    ``expect.illegal``), or gives the members its ``expect`` names."""
    check_vector(_fake(record, expect), "fake")


@pytest.mark.parametrize(
    ("record", "expect", "message"),
    [
        # An expected error that never comes: the replay succeeds.
        (_SCORES, _error("bad-record", None, None), "fake: expected bad-record at hand None action None, replay "),
        # Another kind.
        (
            _AT_TARGET,
            _error("illegal-action", None, None),
            "fake: expected illegal-action at hand None action None, replay failed with bad-record at hand None",
        ),
        # The same kind, elsewhere.
        (
            _ILLEGAL,
            _error("illegal-action", 0, 0),
            "fake: expected illegal-action at hand 0 action 0, replay failed with illegal-action at hand 0 action 1",
        ),
        (
            _ILLEGAL,
            {"illegal": {"hand": 1, "action": 1}},
            "fake: expected illegal-action at hand 1 action 1, replay failed with illegal-action at hand 0 action 1",
        ),
        # An expected result, and the replay fails.
        (_AT_TARGET, {"winner": 0}, "fake: replay failed with bad-record at hand None action None"),
    ],
)
def test_checker_refuses_any_other_outcome(record, expect, message) -> None:
    """conformance/README.md: a vector with ``expect.error`` (or ``expect.illegal``) does not pass when replay
    succeeds or fails with another error; one that expects a result does not pass when replay fails."""
    with pytest.raises(pytest.fail.Exception) as failed:
        check_vector(_fake(record, expect), "fake")
    assert str(failed.value).startswith(message)


def test_checker_refuses_a_wrong_result() -> None:
    """conformance/README.md: the members named in ``expect`` must be exactly what replay gives."""
    with pytest.raises(AssertionError, match=r"^fake \(") as failed:
        check_vector(_fake(_SCORES, {"score": [0, 1]}), "fake")
    assert "'score'" in str(failed.value)

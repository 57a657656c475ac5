"""Issue 36 (items 5 and 6), the research surfaces that need no extra: a forged State and a bad argument get the
library's error, as ``apply`` and ``view`` do."""

from __future__ import annotations

import random

import pytest

from pytruco import ArgumentError, State, new_game
from pytruco.worlds import chance_outcomes, deal_from_cards, sample_world


def forged_state() -> State:
    """A State without its fields, as ``object.__new__`` makes one in the pure build; the compiled build's native
    class refuses that call itself (TypeError from Python, before any pytruco code runs), so there is nothing to
    forge there."""
    try:
        return object.__new__(State)
    except TypeError:
        pytest.skip("object.__new__(State) is refused by the compiled build's native class")


def test_sample_world_refuses_a_forged_state() -> None:
    """Issue 36 item 6: ``object.__new__(State)`` has no fields; sample_world says so instead of AttributeError."""
    forged = forged_state()
    with pytest.raises(ArgumentError, match="sample_world needs a State made by new_game"):
        sample_world(forged, 0, random.Random(1))


@pytest.mark.parametrize("where", [chance_outcomes, deal_from_cards])
def test_the_chance_helpers_refuse_a_forged_state(where: object) -> None:
    forged = forged_state()
    with pytest.raises(ArgumentError, match="needs a State made by new_game"):
        where(forged, [])  # type: ignore[operator]


@pytest.mark.parametrize("tries", [None, 0, -1, 1.5, True, "9"])
def test_sample_world_refuses_a_tries_that_is_not_a_positive_whole_number(tries: object) -> None:
    """Issue 36 item 5: ``tries=None`` raised TypeError inside the sampler."""
    with pytest.raises(ArgumentError, match="tries"):
        sample_world(new_game("default", first_mano=0), 0, random.Random(1), tries=tries)  # type: ignore[arg-type]

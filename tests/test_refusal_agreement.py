"""check, is_legal, legal_actions and apply decide from the same refusal functions (refusals.py; PRESETS.md §7
for the table's refusals, RECORDS.md for the refusal codes a record reports).

One decision, asked four ways: ``check`` raises the refusal, ``is_legal`` is ``check`` not raising, ``apply``
refuses with exactly that refusal, and ``legal_actions`` lists exactly the candidates ``check`` accepts
(``timeout`` and ``rendirse`` are meta actions, listed only with ``meta=True``).
"""

from __future__ import annotations

import pytest

from pytruco import Action, Deal, IllegalActionError, apply, check, is_legal, new_game


def _refusal(call, *args):
    try:
        call(*args)
    except IllegalActionError as error:
        return error.code, error.params
    return None


def test_a_deal_after_a_surrendered_match_is_refused_alike_by_check_and_apply() -> None:
    """refusals.py "deal-after-match": once the match is over (here by rendirse), a deal is refused with
    deal-after-match by check and by apply alike (not deal-not-now, which is for a table waiting for play)."""
    state = new_game("default", first_mano=0)
    state, _ = apply(state, Action.parse("1 rendirse"))
    deal = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    assert _refusal(apply, state, deal) == ("deal-after-match", {})
    assert _refusal(check, state, deal) == ("deal-after-match", {})
    assert not is_legal(state, deal)


def test_a_deal_while_a_round_is_played_is_deal_not_now_for_check_and_apply() -> None:
    """refusals.py "deal-not-now": a deal while the table waits for play names the phase, for both."""
    state = new_game("default", first_mano=0)
    deal = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    state, _ = apply(state, deal)
    expected = ("deal-not-now", {"phase": "play"})
    assert _refusal(apply, state, deal) == expected
    assert _refusal(check, state, deal) == expected
    rps = new_game("online")
    assert _refusal(apply, rps, deal) == _refusal(check, rps, deal) == ("deal-not-now", {"phase": "rps"})


def test_a_bad_deal_is_bad_deal_for_check_and_apply() -> None:
    """refusals.py "bad-deal": a card dealt twice is refused with the same problem by both."""
    state = new_game("default", first_mano=0)
    deal = Deal.parse([["7C", "6C", "1E"], ["7C", "4O", "3B"]])
    expected = ("bad-deal", {"problem": "card 7C is dealt twice"})
    assert _refusal(apply, state, deal) == _refusal(check, state, deal) == expected

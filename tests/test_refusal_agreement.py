"""check, is_legal, legal_actions and apply decide from the same refusal functions (refusals.py; PRESETS.md §7
for the table's refusals, RECORDS.md for the refusal codes a record reports).

One decision, asked four ways: ``check`` raises the refusal, ``is_legal`` is ``check`` not raising, ``apply``
refuses with exactly that refusal, and ``legal_actions`` lists exactly the candidates ``check`` accepts
(``timeout`` and ``rendirse`` are meta actions, listed only with ``meta=True``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from pytruco import (
    Action,
    Deal,
    Hand,
    IllegalActionError,
    Kind,
    RuleSet,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    random_deal,
)
from strategies import COMBOS, GameSpec, candidate_actions, random_playout, seeds


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


def _outcome(call, state, action):
    """``None`` when *call* accepts *action*, else the refusal's code and params."""
    try:
        call(state, action)
    except IllegalActionError as error:
        return error.code, error.params
    return None


def _candidates(state, players: int) -> list:
    """Every card, call word (timeout and rendirse included), tengo 0..40 and rps choice for every seat and
    one beyond the table; a random deal and a deal with a card twice; a malformed action."""
    out: list = candidate_actions(players)
    deal = random_deal(state, random.Random(len(out)))
    hands = [list(hand.cards) for hand in deal.hands]
    hands[-1][-1] = hands[0][0]
    out += [deal, Deal(tuple(Hand(cards) for cards in hands)), _forged(True, Kind.ENVIDO), _forged(0, Kind.MAZO, 3)]
    return out


def _forged(seat: object, kind: object, points: object = None) -> Action:
    """An Action made without its constructor (a seat True, a mazo with points)."""
    action = object.__new__(Action)
    for name, value in (("seat", seat), ("kind", kind), ("card", None), ("points", points), ("choice", None)):
        object.__setattr__(action, name, value)
    return action


def assert_one_decision(state, players: int) -> None:
    accepted = set()
    for action in _candidates(state, players):
        checked = _outcome(check, state, action)
        assert _outcome(apply, state, action) == checked, f"{action}: apply and check disagree"
        assert is_legal(state, action) is (checked is None), f"{action}: is_legal and check disagree"
        if checked is None and isinstance(action, Action):
            accepted.add(action)
    assert set(legal_actions(state, meta=True)) == accepted
    meta = (Kind.TIMEOUT, Kind.RENDIRSE)  # listed only with meta=True (engine.legal_actions)
    assert set(legal_actions(state)) == {action for action in accepted if action.kind not in meta}


PICA = [("default", 6, True), ("classic", 6, True), ("reglamento", 6, True)]


@pytest.mark.parametrize(("preset", "players", "pica"), [(p, n, False) for p, n in COMBOS] + PICA)
@settings(max_examples=4, deadline=None)
@given(seed=seeds)
def test_check_is_legal_legal_actions_and_apply_are_one_decision(preset, players, pica, seed) -> None:
    """refusals.py: over random states of every preset and seat count (pica-pica too, PRESETS.md §2), and every
    candidate action (every card, word and tengo for every seat and one beyond, deals good and bad, a malformed
    action), apply refuses with exactly the code and params check gives, is_legal is check not raising, and
    legal_actions(meta=True) lists exactly the actions check accepts."""
    options = {"players": players, "pica_pica": True} if pica else {"players": players}
    spec = GameSpec(RuleSet.preset(preset, **options), seed, timeouts=seed % 3 == 0)
    rng = random.Random(seed)
    last = None
    checked = 0
    for index, step in enumerate(random_playout(spec)):
        last = step.after
        if index < 3 or rng.random() < 0.1:
            assert_one_decision(step.before, players)
            checked += 1
            if checked >= 12:
                break
    if last is not None and last.is_over:
        assert_one_decision(last, players)


def test_the_menu_is_the_one_statement_check_is_legal_and_apply_follow_it(monkeypatch) -> None:
    """Issue 34 ("each rule's legality stated once"): an action is legal when the menu lists it, so a family's
    legal actions that leave one out (here the truco family offers no call) make check, is_legal and apply refuse
    it alike, with no second statement of the rule to disagree. Pure build only (compiled globals are fixed)."""
    from pytruco._engine import menus
    from pytruco.bench import engine_build

    if engine_build() != "pure":
        pytest.skip("the compiled engine's functions cannot be replaced")
    deal = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    start = new_game("default", first_mano=0)
    assert is_legal(apply(start, deal)[0], "0 truco")
    monkeypatch.setattr(menus, "next_truco_call", lambda r, s: None)
    state, _ = apply(start, deal)
    assert Action.parse("0 truco") not in legal_actions(state)
    assert not is_legal(state, "0 truco")
    checked = _outcome(check, state, Action.parse("0 truco"))
    assert checked is not None
    assert _outcome(apply, state, Action.parse("0 truco")) == checked

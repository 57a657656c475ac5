"""When a call may be made and who answers it: the envido and flor windows.

Pure predicates over a hand, shared by the legal-action generator, the flor
rules and the explanations of illegal actions.
"""

from __future__ import annotations

from .rules import EnvidoWindow, RuleSet
from .state import ENV_NONE, ENV_PENDING, FLOR_ANSWER, FLOR_CALL, FLOR_DECLARING, Round

_TEAM_SEATS = {n: (tuple(range(0, n, 2)), tuple(range(1, n, 2))) for n in (2, 4, 6)}


def _answerers(r: Round, caller: int) -> tuple[int, ...]:
    """Seats of the other team than *caller*'s still in the hand."""
    seats = _TEAM_SEATS[r._n][1 - (caller & 1)]
    folded = r._folded
    if not folded:
        return seats
    return tuple([s for s in seats if not folded >> s & 1])


def _may_sing(rules: RuleSet, r: Round, s: int) -> bool:
    """Whether seat *s* may sing flor now (outside an answer to another flor)."""
    if not rules.flor or r._flor_pts[s] is None:
        return False
    if (r._flor_sung | r._flor_lost | r._folded) >> s & 1 or len(r._held[s]) != 3:
        return False
    if rules.flor_window is EnvidoWindow.FIRST_CARD_OF_HAND and r._cards_played:
        return False
    if FLOR_ANSWER <= r._flor_stage <= FLOR_DECLARING:
        return False
    if not rules.flor_mandatory:
        # Optional flor (§8.7, §8.18): it may answer only the first envido call;
        # once that call is answered any other way, no flor in the hand.
        state = r._env_state
        if state == ENV_PENDING:
            return len(r._env_calls) == 1
        if state != ENV_NONE:
            return False
    return True


def _must_sing(rules: RuleSet, r: Round, s: int) -> bool:
    """Mandatory flor (§8.6): until the holder sings, flor is its only action,
    also when it may answer a later call of a flor chain (§8.25: a contraflor,
    a contraflor al resto or a second flor)."""
    if not rules.flor_mandatory:
        return False
    if r._flor_stage == FLOR_CALL:
        return _can_answer_flor(rules, r, s)
    return _may_sing(rules, r, s)


def _can_answer_flor(rules: RuleSet, r: Round, s: int) -> bool:
    """Whether seat *s* holds a flor that can still answer another (§8.7)."""
    if r._flor_pts[s] is None or (r._flor_sung | r._flor_lost | r._folded) >> s & 1:
        return False
    if len(r._held[s]) != 3:
        return False
    return not (rules.flor_window is EnvidoWindow.FIRST_CARD_OF_HAND and r._cards_played)


def _envido_open(rules: RuleSet, r: Round, s: int) -> bool:
    """Whether seat *s* may open the envido chain (§5 window)."""
    if r._env_state != ENV_NONE or r._flor_sung or r._truco_level:
        return False
    if rules.envido_window is EnvidoWindow.OWN_FIRST_CARD:
        return not r._tricks and len(r._held[s]) == 3
    return not r._cards_played and not r._truco_call

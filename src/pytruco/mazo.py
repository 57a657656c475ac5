"""Going to the mazo (folding): refusing what the seat had to answer, the
hand's truco value, the envido penalty, the show rule and a lost flor
(PRESETS.md §7, §8.2, §8.3, §8.16, §8.17, §8.22).
"""

from __future__ import annotations

from .envido import _envido_shown, _refuse_envido
from .events import EventKind, _ev, _Events
from .flor import _lose_flor, _refuse_flor_call
from .scoring import _award, _finish, _penalty, _win_hand
from .state import CAT_FLOR, ENV_PENDING, FLOR_ANSWER, FLOR_CALL, FLOR_DONE, Round, State
from .tricks import _complete_trick, _next_in_trick
from .truco import _refuse_truco


def _fold(st: State, r: Round, s: int, events: _Events, *, timeout: bool = False) -> None:
    """Seat *s* goes to the mazo (§7, §8.2, §8.16, §8.17)."""
    rules = st._rules
    team = s & 1
    other = 1 - team
    bit = 1 << s
    if not timeout:
        events.append(_ev(EventKind.FOLDED, s, team))
    forfeit = rules.show_rule and r._env_deferred is not None and r._env_winner == s and not _envido_shown(rules, r, s)
    if forfeit:
        r._env_forfeit = True
    if rules.flor_lost_on_fold and r._flor_sung & bit and r._held[s]:
        _lose_flor(r, team, events)
    # The fold first refuses the call this seat was due to answer.
    truco_refused = False
    stage = r._flor_stage
    if stage == FLOR_ANSWER and r._flor_answerers & bit:
        r._flor_answerers = 0
        r._flor_lost |= bit
        r._flor_stage = FLOR_DONE
        _award(st, r, r._flor_first & 1, rules.flor_value, CAT_FLOR, events)
    elif stage == FLOR_CALL and (r._flor_caller & 1) != team:
        _refuse_flor_call(st, r, events)
    elif r._env_state == ENV_PENDING and (r._env_caller & 1) != team:
        _refuse_envido(st, r, events)
    elif r._truco_call and (r._truco_caller & 1) != team:
        truco_refused = True
    r._folded |= bit
    if r._ended:
        return
    if truco_refused:
        _refuse_truco(st, r, events)
        _penalty(st, r, other, events)
        _finish(st, r, events)
        return
    team_out = r._n == 2 or all(r._folded >> t & 1 for t in range(team, r._n, 2))
    if team_out or forfeit:
        _win_hand(st, r, other, events)
        _penalty(st, r, other, events)
        _finish(st, r, events)
        return
    if r._turn == s:
        nxt = _next_in_trick(r, s)
        if nxt < 0:  # the others of this trick have played: it is complete
            _complete_trick(st, r, events)
        else:  # the next seat plays (or leads, §8.16)
            r._turn = nxt

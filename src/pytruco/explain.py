"""Why an action is illegal: the sentences behind :class:`IllegalActionError`.

Only called for actions that :func:`pytruco.legal_actions` does not list, so
it may take its time. Each message names the seat and the rule.
"""

from __future__ import annotations

from .actions import ENVIDO_CALLS, TRUCO_CALLS, Action, Deal, Kind
from .deal import _deal_problem
from .engine import legal_actions
from .envido import next_calls, opening_calls
from .rules import CfarRule, EnvidoWindow
from .state import ENV_DECLARING, ENV_PENDING, ENV_SETTLED, ENV_VOID, FLOR_ANSWER, FLOR_CALL, Phase, Round, State
from .windows import _can_answer_flor, _envido_open, _may_sing, _must_sing

__all__ = ["explain"]

_LEVEL_NAMES = ("truco", "retruco", "vale-cuatro")


def explain(state: State, action: Action | Deal) -> str:
    """A sentence saying why *action* is not legal in *state*."""
    if isinstance(action, Deal):
        if state.phase is not Phase.DEAL:
            return f"cannot deal now: the table is waiting for {state.phase.value}"
        return f"bad deal: {_deal_problem(state, action)}"
    if not isinstance(action, Action):
        return f"not an action: {action!r}"
    text = str(action)
    s = action.seat
    n = state.rules.players
    if state.phase is Phase.OVER:
        return f"the match is over: {text!r} cannot be played"
    if not 0 <= s < n:
        return f"there is no seat {s} at a table of {n}"
    if action.kind is Kind.RENDIRSE:
        return f"seat {s} cannot concede now"
    if state.phase is Phase.DEAL:
        return f"seat {s} cannot act before the hand is dealt ({text!r})"
    if state.phase is Phase.RPS:
        if action.kind not in (Kind.RPS, Kind.TIMEOUT):
            return f"rock-paper-scissors decides the first mano before the deal: {text!r} is not allowed"
        return f"seat {s} has already chosen in this round of rock-paper-scissors"
    if action.kind is Kind.RPS:
        return "rock-paper-scissors is only played before the first deal"
    r = state.round
    assert r is not None
    return _explain_round(state, r, action, text)


def _who(state: State, r: Round) -> str:
    """What the table is waiting for, as a clause."""
    to_act = state.to_act
    seats = " or ".join(f"seat {seat}" for seat in to_act)
    if r._flor_stage == FLOR_ANSWER:
        return f"{seats} must answer the flor"
    if r._flor_stage == FLOR_CALL:
        word = r._flor_call.value if r._flor_call else "flor"
        return f"{seats} must answer the {word}"
    if r._decl_kind:
        return f"{seats} must declare"
    if r._env_state == ENV_PENDING:
        return f"{seats} must answer the {r._env_calls[-1].value}"
    if r._truco_call:
        return f"{seats} must answer the {_LEVEL_NAMES[r._truco_call - 1]}"
    return f"it is seat {r._turn}'s turn"


def _explain_round(state: State, r: Round, action: Action, text: str) -> str:
    rules = state.rules
    s = action.seat
    kind = action.kind
    to_act = state.to_act
    if r._folded >> s & 1:
        duel = state.duel
        half = rules.players // 2
        if duel is not None and s % half != duel:
            when = "waits for its duel" if s % half > duel else "has played its duel"
            return f"seat {s} {when}: this is duel {duel} of the pica hand, seat {duel} against seat {duel + half}"
        return f"seat {s} went to the mazo and is out of this hand"
    if s not in to_act:
        if kind in (Kind.QUIERO, Kind.NO_QUIERO) or kind in ENVIDO_CALLS or kind in TRUCO_CALLS:
            own = _own_pending(r, s)
            if own:
                if kind in (Kind.QUIERO, Kind.NO_QUIERO):
                    return f"seat {s} cannot answer its own team's {own}"
                return f"seat {s} cannot raise its own team's {own}: {_who(state, r)}"
        if kind in TRUCO_CALLS and not r._truco_call and r._truco_level and r._quiero_team == s & 1:
            return (
                f"seat {s} cannot raise to {kind.value} now: a raise is made on one's own turn "
                f"or as an answer, and {_who(state, r)}"
            )
        return f"seat {s} cannot act now: {_who(state, r)}"
    if kind is Kind.TIMEOUT:
        return f"seat {s} is not to act"
    if _must_sing(rules, r, s) and kind is not Kind.FLOR:
        return (
            f"seat {s} holds flor and must sing it before any other action (flor is mandatory in {rules.preset_name})"
        )
    pending = _pending_name(r)
    if kind is Kind.PLAY:
        if pending:
            return f"no card may be played while {pending} is pending"
        return f"seat {s} does not hold {action.card}"
    if kind in TRUCO_CALLS:
        return _explain_truco(r, s, kind, pending)
    if kind in ENVIDO_CALLS:
        return _explain_envido(state, r, s, kind)
    if kind is Kind.FLOR:
        return _explain_flor(state, r, s)
    if kind in (Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO, Kind.CON_FLOR_ME_ACHICO):
        if kind is Kind.CONTRAFLOR and not rules.contraflor:
            return f"there is no contraflor in {rules.preset_name}"
        if kind is Kind.CONTRAFLOR_AL_RESTO and rules.cfar is CfarRule.NONE:
            return f"there is no contraflor al resto in {rules.preset_name}"
        if kind is Kind.CON_FLOR_ME_ACHICO:
            return f"{kind.value} answers a second flor only, from the seat that sang the first"
        return f"{kind.value} answers a flor only"
    if kind is Kind.TENGO or kind is Kind.SON_BUENAS:
        return _explain_declaration(state, r, s, action)
    if kind is Kind.MAZO:
        if r._decl_kind:
            return f"seat {s} cannot go to the mazo while a declaration is due from it"
        if pending and not rules.mazo_with_pending_call:
            return f"seat {s} cannot go to the mazo with {pending} pending in {rules.preset_name}: answer first"
        if rules.mano_must_act_before_mazo and s == r._mano:
            return f"the mano cannot go to the mazo before it has acted in the hand ({rules.preset_name})"
        return f"seat {s} cannot go to the mazo now"
    if kind in (Kind.QUIERO, Kind.NO_QUIERO):
        if r._decl_kind:
            return f"seat {s} must declare its points, not answer {kind.value}"
        if r._flor_stage == FLOR_ANSWER:
            answers = sorted({a.kind.value for a in legal_actions(state) if a.seat == s and a.kind is not Kind.MAZO})
            return f"{kind.value} is not an answer to a flor in {rules.preset_name}: answer {' or '.join(answers)}"
        if r._flor_stage == FLOR_CALL:
            return (
                f"{kind.value} is not an answer to a second flor: "
                "answer quiero, con-flor-me-achico or contraflor-al-resto"
            )
        return f"there is no call for seat {s} to answer"
    return _fallback(state, s, text)


def _own_pending(r: Round, s: int) -> str:
    team = s & 1
    if r._env_state == ENV_PENDING and r._env_caller & 1 == team:
        return r._env_calls[-1].value
    if r._truco_call and r._truco_caller & 1 == team:
        return _LEVEL_NAMES[r._truco_call - 1]
    return ""


def _pending_name(r: Round) -> str:
    if r._flor_stage in (FLOR_ANSWER, FLOR_CALL):
        return "a flor"
    if r._decl_kind:
        return "a declaration"
    if r._env_state == ENV_PENDING:
        return f"the {r._env_calls[-1].value}"
    if r._truco_call:
        return f"the {_LEVEL_NAMES[r._truco_call - 1]}"
    return ""


def _explain_truco(r: Round, s: int, kind: Kind, pending: str) -> str:
    wanted = TRUCO_CALLS.index(kind) + 1
    if r._flor_stage in (FLOR_ANSWER, FLOR_CALL) or r._decl_kind or r._env_state == ENV_PENDING:
        return f"{kind.value} is not an answer to {pending}: the envido or flor is settled first"
    if r._truco_call:
        nxt = r._truco_call + 1
        if nxt > 3:
            return "vale-cuatro is the last level: answer quiero or no-quiero"
        called, answer = _LEVEL_NAMES[r._truco_call - 1], _LEVEL_NAMES[nxt - 1]
        return f"no level is skipped: the answer to {called} is {answer}, not {kind.value}"
    level = r._truco_level
    if level == 3:
        return "vale-cuatro was accepted: there is nothing left to raise"
    if level and r._quiero_team != s & 1:
        holder = " and ".join(f"seat {t}" for t in range(r._quiero_team, r._n, 2))
        return f"seat {s} cannot raise to {kind.value}: {holder} holds the quiero"
    if wanted != level + 1:
        if level == 0:
            return f"no level is skipped: the first call is truco, not {kind.value}"
        return (
            f"{_LEVEL_NAMES[level - 1]} was already accepted: the next call is {_LEVEL_NAMES[level]}, not {kind.value}"
        )
    return f"seat {s} cannot call {kind.value} now"


def _explain_envido(state: State, r: Round, s: int, kind: Kind) -> str:
    rules = state.rules
    if r._env_state == ENV_PENDING:
        allowed = next_calls(rules, r._env_calls)
        chain = "-".join(call.value for call in r._env_calls)
        if not allowed:
            return f"nothing may raise {chain}: answer quiero or no-quiero"
        names = ", ".join(call.value for call in allowed)
        return f"{kind.value} cannot follow {chain} in {rules.preset_name} (allowed: {names})"
    if r._flor_sung:
        return "no envido once a flor is sung in the hand"
    if r._env_state in (ENV_DECLARING, ENV_SETTLED, ENV_VOID):
        return "a hand has at most one envido chain"
    if r._truco_level:
        return "no envido once a truco was accepted"
    if r._truco_call:
        if not rules.envido_primero:
            return f"{kind.value} is not an answer to a truco in {rules.preset_name}"
        if r._truco_call > 1:
            return "envido primero answers only the first truco"
    if kind not in opening_calls(rules):
        return f"the envido opens with envido in {rules.preset_name}, not {kind.value}"
    if rules.envido_window is EnvidoWindow.OWN_FIRST_CARD:
        if r._tricks:
            return "the envido can only be called during the first trick"
        return f"seat {s} has played its card: it can no longer open the envido"
    if not _envido_open(rules, r, s):
        return (
            "the envido can only be called before the first card of the hand "
            f"and before any truco ({rules.preset_name})"
        )
    return f"seat {s} cannot call {kind.value} now"


def _explain_flor(state: State, r: Round, s: int) -> str:
    rules = state.rules
    if not rules.flor:
        return f"flor is not in play in {rules.preset_name}"
    if r._flor_pts[s] is None:
        return f"seat {s} does not hold flor (three cards of one suit)"
    if r._flor_sung >> s & 1:
        return f"seat {s} has already sung its flor"
    if len(r._held[s]) != 3:
        return f"seat {s} has played its first card: its flor window is closed"
    if rules.flor_window is EnvidoWindow.FIRST_CARD_OF_HAND and r._cards_played:
        return f"in {rules.preset_name} flor is sung before the first card of the hand"
    if not rules.flor_mandatory and r._env_state != 0:
        return "the flor may answer only the first envido call; once that call is answered any other way, no flor"
    if not _may_sing(rules, r, s) and not _can_answer_flor(rules, r, s):
        return f"seat {s} can no longer sing flor in this hand"
    return f"seat {s} cannot sing flor now"


def _explain_declaration(state: State, r: Round, s: int, action: Action) -> str:
    rules = state.rules
    if not r._decl_kind:
        return "there is no declaration due"
    if action.kind is Kind.SON_BUENAS:
        return f"seat {s} speaks first and must say tengo N: son-buenas is not allowed"
    points = action.points
    if r._decl_kind == 2:
        return f"flor points are declared truly: seat {s} has {r._flor_pts[s]}, not {points}"
    if rules.bluff:
        return f"{points} is not a possible envido value (0-7 or 20-38)"
    return f"seat {s} must declare its true envido points ({r._env_pts[s]}), not {points}"


def _fallback(state: State, s: int, text: str) -> str:
    legal = sorted(str(a) for a in legal_actions(state) if a.seat == s)
    return f"{text!r} is not allowed now (seat {s} may: {', '.join(legal)})"

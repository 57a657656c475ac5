"""Flor: when it may be sung, what answers it, why a flor action is refused, and singing it, flor against
flor, contraflor, contraflor al resto, con flor me achico and a flor lost by folding
(PRESETS.md §6, §8.5-8.8, §8.17-8.32).

>>> from pytruco import Deal, apply, new_game
>>> state = new_game("classic", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["4C", "5C", "6C"], ["7B", "5O", "12B"]]))
>>> must_sing(state.rules, state.round, 0), flor_window(state.rules, state.round, 1)
(True, 'flor-not-held')
"""

from __future__ import annotations

from ..actions import Kind
from ..events import EventLog
from ..rules import RuleSet
from .awaiting import start_declarations
from .envido import falta_value
from .options import Options, as_options
from .refusals import Refusal
from .scoring import add_points, award, chico_won
from .stages import (
    AWAIT_FLOR,
    AWAIT_FLOR_CALL,
    CAT_FLOR,
    CAT_FLOR_LOST,
    CFAR_NONE,
    DECL_FLOR,
    DECL_NONE,
    ENV_DECLARING,
    ENV_NONE,
    ENV_PENDING,
    ENV_VOID,
    EVENT_CALLED,
    EVENT_ENVIDO_VOID,
    EVENT_FLOR_WON,
    EVENT_HAND_ENDED,
    EVENT_POINTS_MOVED,
    FLOR_ANSWER,
    FLOR_CALL,
    FLOR_DECLARING,
    FLOR_DONE,
    FLOR_NONE,
    KIND_CON_FLOR_ME_ACHICO,
    KIND_CONTRAFLOR,
    KIND_CONTRAFLOR_AL_RESTO,
    KIND_FLOR,
    KIND_NO_QUIERO,
    KIND_QUIERO,
    NO_SEATS,
    RESTO_FALTA,
    SING_MAY,
    SING_MUST,
    SING_NO,
    WINDOW_FIRST_CARD_OF_HAND,
    Awaiting,
    Sing,
    called_event,
    new_event,
    simple_event,
)
from .state import Round, State


# --- when ------------------------------------------------------------------
def flor_window(rules: Options, r: Round, s: int, *, answer: bool = False) -> str | None:
    """Why seat *s* may not sing flor now (a refusal code), or ``None`` when it may (outside an answer to
    another flor). With *answer*, whether its flor can still answer another one (§8.7: a flor it still holds,
    unsung, not lost, inside the flor window; the envido and the flor chain's stage do not matter then). The one
    statement of the flor window, for the menus, the refusals and who answers a first flor alike."""
    if not rules.flor:
        return "no-flor"
    if r._deal.flor_points[s] is None:
        return "flor-not-held"
    if s in r._flor.sung:
        return "flor-already-sung"
    if len(r._held[s]) != 3:
        return "flor-card-played"
    if rules.flor_window is WINDOW_FIRST_CARD_OF_HAND and r._cards_played:
        return "flor-before-first-card"
    if not answer and not rules.flor_mandatory:
        # Optional flor (§8.7, §8.18): it may answer only the first envido call;
        # once that call is answered any other way, no flor in the round.
        env = r._envido.stage
        if (env is not ENV_NONE and env is not ENV_PENDING) or (env is ENV_PENDING and r._envido.count != 1):
            return "flor-envido-answered"
    if s in r._flor.lost or s in r._folded:
        return "flor-no-longer"
    stage = r._flor.stage
    if not answer and (stage is FLOR_ANSWER or stage is FLOR_CALL or stage is FLOR_DECLARING):
        return "flor-not-now"
    return None


def sing_option(rules: Options, r: Round, s: int) -> Sing:
    """Whether seat *s* may sing flor now, outside an answer to a first flor: :attr:`Sing.MUST` under mandatory
    flor (§8.6: until the holder sings, flor is its only action, also when it may answer a later call of a flor
    chain, §8.25), :attr:`Sing.MAY` under optional flor (§8.7), else :attr:`Sing.NO`. The one statement of when a
    flor is sung; ask :func:`must_sing` whether it is mandatory now."""
    if r._flor.stage is FLOR_CALL:
        return SING_MUST if rules.flor_mandatory and flor_window(rules, r, s, answer=True) is None else SING_NO
    if flor_window(rules, r, s) is not None:
        return SING_NO
    return SING_MUST if rules.flor_mandatory else SING_MAY


def must_sing(rules: Options, r: Round, s: int) -> bool:
    """Mandatory flor (§8.6): seat *s* holds an unsung flor that is its only action now (:func:`sing_option`).
    The one question about mandatory flor, for the menus and the refusals alike."""
    return r._deal.flor_points[s] is not None and sing_option(rules, r, s) is SING_MUST


def may_fold_unsung(rules: Options, waits: Awaiting) -> bool:
    """§9.6 ``mazo_before_flor``: whether a seat that must sing its flor (:func:`must_sing`) may go to the mazo
    instead, where §7 allows a mazo to it (:func:`~pytruco._engine.mazo.may_fold`); never while a first flor or a
    later call of the flor chain waits for its answer. The one statement of the option, for the legal actions
    and the refusals alike."""
    return rules.mazo_before_flor and waits is not AWAIT_FLOR and waits is not AWAIT_FLOR_CALL


# --- what answers it ---------------------------------------------------------
def first_flor_menu(rules: Options) -> tuple[Kind, ...]:
    """What each holder of the other team may answer to a first flor (§6): flor, contraflor, contraflor al resto,
    no quiero and (§9.3 ``flor_achico``) con flor me achico, as the rules have them (the mazo is
    ``mazo.may_fold``'s to say)."""
    kinds = [KIND_FLOR]
    if rules.contraflor:
        kinds.append(KIND_CONTRAFLOR)
    if rules.cfar is not CFAR_NONE:
        kinds.append(KIND_CONTRAFLOR_AL_RESTO)
    if rules.flor_refusable:
        kinds.append(KIND_NO_QUIERO)
    if rules.flor_achico:
        kinds.append(KIND_CON_FLOR_ME_ACHICO)
    return tuple(kinds)


def flor_call_menu(rules: Options, call: Kind | None) -> tuple[Kind, ...]:
    """What any seat of the other team still in the round may answer to *call*, a second flor, a contraflor or
    a contraflor al resto (§4, §6): quiero, con flor me achico (to a second flor) or no quiero, and the
    contraflor al resto above it; an unsung mandatory flor comes first (:func:`must_sing`)."""
    raises = (KIND_CONTRAFLOR_AL_RESTO,) if call is not KIND_CONTRAFLOR_AL_RESTO and rules.cfar is not CFAR_NONE else ()
    return (KIND_QUIERO, KIND_CON_FLOR_ME_ACHICO if call is KIND_FLOR else KIND_NO_QUIERO, *raises)


def flor_stakes(
    rules: RuleSet | Options, score: tuple[int, int], call: Kind | None, over: Kind | None = None
) -> tuple[int | None, int]:
    """``(if accepted, if refused)`` of a flor-chain *call* at *score* (``None``: a first flor, answered by a
    second flor or refused), *over* the call it raised: what the chain is worth accepted and what the caller's
    team scores when it is refused. An accepted contraflor al resto is :func:`cfar_value` (``None`` when it wins
    the chico, or while its falta depends on who wins it). The one statement of the flor chain's stakes, for
    the views.

    >>> rules = RuleSet.preset("classic")
    >>> flor_stakes(rules, (5, 8), Kind.CONTRAFLOR_AL_RESTO, Kind.CONTRAFLOR), flor_stakes(rules, (5, 8), None)
    ((22, 6), (3, 3))
    """
    options = as_options(rules)
    accepted, refused = _call_stakes(options, call, over)
    return (cfar_value(options, score) if accepted is None else accepted), refused


def cfar_value(rules: Options, score: tuple[int, int], winner_team: int | None = None) -> int | None:
    """What an accepted contraflor al resto is worth (§6, §9.8 ``contraflor_al_resto``): the falta of §9.1 for
    *winner_team* (:func:`falta_value`; ``None`` while it depends on who wins), or ``None`` where it wins the
    chico. The one statement of "al resto", for scoring and the stakes alike."""
    if rules.contraflor_al_resto is RESTO_FALTA:
        return falta_value(rules, score, winner_team)
    return None


def _call_stakes(options: Options, call: Kind | None, over: Kind | None) -> tuple[int | None, int]:
    """:func:`flor_stakes` before the score: ``None`` if accepted for a contraflor al resto (:func:`cfar_value`
    says what it is worth once the score and its winner are known)."""
    if call is None:
        return options.flor_flor_value, options.flor_value
    if call is KIND_FLOR:
        return options.flor_flor_value, options.achico_value
    if call is KIND_CONTRAFLOR:
        return options.contraflor_value, options.contraflor_refused
    if over is KIND_CONTRAFLOR:
        return None, options.cfar_refused_over_contraflor
    return None, options.cfar_refused_over_flor


# --- why not ------------------------------------------------------------------
def flor_refusal(rules: Options, r: Round, s: int) -> Refusal:
    """Why seat *s*, which is to act, may not sing flor now (the menu does not offer it): the flor window's
    code (:func:`flor_window`), or ``flor-not-now``."""
    return Refusal(flor_window(rules, r, s) or "flor-not-now", {"seat": s, "preset": rules.preset_name})


def flor_call_refusal(rules: Options, kind: Kind) -> Refusal:
    """Why a contraflor, a contraflor al resto or a con flor me achico is refused (the menu does not offer it as
    an answer to the flor or flor-chain call that waits, if any)."""
    params: dict[str, int | str | None] = {"call": kind.value, "preset": rules.preset_name}
    if kind is KIND_CONTRAFLOR and not rules.contraflor:
        return Refusal("no-contraflor", params)
    if kind is KIND_CONTRAFLOR_AL_RESTO and rules.cfar is CFAR_NONE:
        return Refusal("no-contraflor-al-resto", params)
    if kind is KIND_CON_FLOR_ME_ACHICO:  # §9.3 flor_achico: it declines the first flor, not a later call
        return Refusal("achico-answers-first-flor" if rules.flor_achico else "achico-answers-second-flor", params)
    return Refusal("answers-flor-only", params)


def flor_answer_refusal(rules: Options, kind: Kind, waits: Awaiting) -> Refusal:
    """Why quiero or no quiero is refused as the answer to the flor or flor-chain call that waits (the menu does
    not offer it)."""
    if waits is AWAIT_FLOR:
        answers = ",".join(sorted(k.value for k in first_flor_menu(rules)))
        return Refusal("not-a-flor-answer", {"call": kind.value, "preset": rules.preset_name, "answers": answers})
    return Refusal("not-a-second-flor-answer", {"call": kind.value})


# --- doing it -----------------------------------------------------------------
def sing_flor(st: State, r: Round, s: int, events: EventLog) -> None:
    decl = r._edit_decl()
    rules = st._opts
    team = s & 1
    flor = r._edit_flor()
    flor.sung = flor.sung | {s}
    events.append(new_event(EVENT_CALLED, s, team, 0, None, "flor"))
    r._log = (("call", "flor", s, KIND_FLOR), r._log)
    if r._envido.stage is ENV_PENDING or r._envido.stage is ENV_DECLARING:
        # A flor voids an envido still pending or being declared (§6, §8.24).
        r._edit_envido().stage = ENV_VOID
        decl.kind = DECL_NONE
        decl.queue = ()
        events.append(simple_event(EVENT_ENVIDO_VOID))
    if flor.stage is FLOR_NONE:
        answering = frozenset(
            [t for t in range(1 - team, r._deal.n, 2) if flor_window(rules, r, t, answer=True) is None]
        )
        if answering:
            flor.stage = FLOR_ANSWER
            flor.first = s
            flor.answerers = answering
            return
        flor.stage = FLOR_DONE
    award(st, r, team, rules.flor_value, CAT_FLOR, events)


def answer_first_flor(st: State, r: Round, s: int, kind: Kind, events: EventLog) -> None:
    """The second holder answers the first flor (§6)."""
    rules = st._opts
    events.append(called_event(s, kind))
    r._log = (("call", "flor", s, kind), r._log)
    if kind is KIND_NO_QUIERO or kind is KIND_CON_FLOR_ME_ACHICO:  # §9.3: con flor me achico declines it so
        refuse_first_flor(st, r, s, events)
        return
    flor = r._edit_flor()
    flor.answerers = NO_SEATS
    flor.sung = flor.sung | {s}
    if kind is KIND_FLOR and not rules.flor_flor_is_call:
        _accept_flor(r, _call_stakes(rules, None, None)[0])
        return
    flor.stage = FLOR_CALL
    flor.call = kind
    flor.caller = s
    flor.over = KIND_FLOR


def answer_flor_call(st: State, r: Round, s: int, kind: Kind, events: EventLog) -> None:
    """An answer to a second flor (``reglamento``), a contraflor or a contraflor al resto."""
    flor = r._edit_flor()
    rules = st._opts
    events.append(called_event(s, kind))
    r._log = (("call", "flor", s, kind), r._log)
    call = flor.call
    if kind is KIND_QUIERO:
        _accept_flor(r, _call_stakes(rules, call, flor.over)[0])
    elif kind is KIND_CONTRAFLOR_AL_RESTO:
        flor.over = call
        flor.call = KIND_CONTRAFLOR_AL_RESTO
        flor.caller = s
    else:
        refuse_flor_call(st, r, events)


def refuse_first_flor(st: State, r: Round, s: int, events: EventLog) -> None:
    """Seat *s* refuses the first flor (no quiero, the mazo or a timeout): its flor is lost and the first
    singer's team scores the flor (PRESETS.md §6, §7)."""
    flor = r._edit_flor()
    flor.answerers = NO_SEATS
    flor.lost = flor.lost | {s}
    flor.stage = FLOR_DONE
    first = flor.first
    assert first is not None
    award(st, r, first & 1, _call_stakes(st._opts, None, None)[1], CAT_FLOR, events)


def refuse_flor_call(st: State, r: Round, events: EventLog) -> None:
    """The flor-chain call is refused (no quiero, con flor me achico, the mazo or a timeout): its caller's team
    scores what refusing it is worth (:func:`flor_stakes`)."""
    points = _call_stakes(st._opts, r._flor.call, r._flor.over)[1]
    caller = r._flor.caller
    assert caller is not None
    flor = r._edit_flor()
    flor.stage = FLOR_DONE
    flor.call = None
    award(st, r, caller & 1, points, CAT_FLOR, events)


def _accept_flor(r: Round, stake: int | None) -> None:
    """The flor chain is accepted, worth *stake* (``None``: al resto, :func:`cfar_value` at its end)."""
    flor = r._edit_flor()
    flor.stage = FLOR_DECLARING
    flor.stake = stake
    flor.call = None
    start_declarations(r, DECL_FLOR, flor.sung)


def resolve_flor(st: State, r: Round, winner: int, events: EventLog) -> None:
    rules = st._opts
    team = winner & 1
    r._edit_flor().stage = FLOR_DONE
    stake = r._flor.stake
    events.append(simple_event(EVENT_FLOR_WON, winner, team))
    value = stake if stake is not None else cfar_value(rules, st._score, team)
    if value is None:
        _flor_wins_chico(st, r, team, events)
    else:
        award(st, r, team, value, CAT_FLOR, events)


def _flor_wins_chico(st: State, r: Round, team: int, events: EventLog) -> None:
    """An accepted contraflor al resto that wins the game (chico) at once (§6, §8.11).

    In presets that add a round's points when it ends, no other point of the
    hand is added (§8.26): not a settled envido (§8.24), not the truco, not
    the points of the earlier duels of a pica hand. The best flor's score is
    raised to the target; the round's points are that raise (§8.15).
    """
    target = st._opts.target
    raise_by = max(0, target - st._score[team])
    if not r._deal.defer:
        award(st, r, team, raise_by, CAT_FLOR, events)
        return
    r._edit_score().deferred = ()
    r._edit_envido().unshown = None
    if raise_by:
        add_points(st, r, team, raise_by, CAT_FLOR, events)
    events.append(simple_event(EVENT_HAND_ENDED))
    chico_won(st, r, team, events)


def lose_flor(r: Round, team: int, events: EventLog) -> None:
    """``reglamento`` (§6, §8.22): the team's flor points in this round go to
    the other team.

    Only the points its own flores scored move (§8.29): points it collected
    because the other team lost a flor stay where they are. In a pica hand
    each duel is its own hand (§8.28): the points carried from the earlier
    duels do not move.
    """
    moved = 0
    carried = r._score.carried
    pending = list(r._score.deferred[:carried])
    for owner, points, category in r._score.deferred[carried:]:
        if owner == team and category is CAT_FLOR:
            moved += points
            pending.append((1 - team, points, CAT_FLOR_LOST))
        else:
            pending.append((owner, points, category))
    r._edit_score().deferred = tuple(pending)
    flor = r._edit_flor()
    flor.forfeit = flor.forfeit | {team}  # and the team's later flor points in this round too
    if moved:
        events.append(new_event(EVENT_POINTS_MOVED, None, 1 - team, moved, None, "flor lost by folding"))

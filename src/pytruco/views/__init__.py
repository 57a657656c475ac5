"""What one seat may see: a view of the table that never leaks a hidden card.

Give each player :func:`view` of the state, never the state itself: the
state knows every card dealt. A view holds everything a client shows — the
full rules, the score, the hand being played, the pending call and what
answering it is worth, the envido and flor chains with every declaration,
who is to act and the seat's legal actions — and only the seat's own cards.
``view(state, None)`` is a spectator's view: no hand at all.

>>> from pytruco import new_game, apply, Deal, Action
>>> from pytruco.views import view
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> state, _ = apply(state, Action.parse("0 1E"))
>>> state, _ = apply(state, Action.parse("1 truco"))
>>> seen = view(state, 0)
>>> [str(card) for card in seen.hand], seen.cards_left
(['7C', '6C'], (2, 3))
>>> seen.pending.call, seen.pending.seat, seen.pending.answerers, seen.pending.if_accepted, seen.pending.if_refused
(<Kind.TRUCO: 'truco'>, 1, (0,), 2, 1)
>>> "5O" in str(view(state, 0).to_json())
False

The JSON form (:meth:`SeatView.to_json`, format ``truco-view/1``) is
described by the JSON Schema that ``pytruco schema view`` prints.

**The rules' reveals** (documented in docs/frontend.md, tested): a view shows
what the rules reveal and nothing else of a card the seat cannot see. (1) When
a flor waits for the answer of a second flor holder (``flor.stage`` is
``"answer"``), :attr:`SeatView.to_act` and :attr:`SeatView.pending` name every
seat that holds a flor able to answer, before it is sung; the singer's
:attr:`SeatView.legal` is empty; and in end-of-hand presets the flor's points
are not yet in :attr:`SeatView.unscored` — the table has to wait for those
seats. (2) A timed-out mano's forced declaration declares its true points.
(3) At the end of a hand in ``reglamento`` and ``classic``, the envido
winner's cards are shown (:attr:`SeatView.shown`). Nothing else in a view
depends on a card the seat cannot see (``tests/test_hidden.py``).
"""

from __future__ import annotations

from typing import NamedTuple

from .._engine import (
    AWAIT_FLOR,
    AWAIT_FLOR_CALL,
    Phase,
    Round,
    State,
    awaiting,
    envido_stakes,
    flor_stakes,
    hand_items,
    legal_actions,
    require_state,
    truco_stakes,
)
from ..actions import ENVIDO_CALLS, TRUCO_CALLS, Action, Deal, Kind
from ..errors import ArgumentError, SeatError, ViewError, quoted
from ..rules import RuleSet
from ._json import SeatView
from ._parts import VIEW_FORMAT, Call, CallValue, ChainView, Declaration, PendingCall, ShownCards, TrickView, TrucoView

__all__ = [
    "VIEW_FORMAT",
    "Call",
    "CallValue",
    "ChainView",
    "Declaration",
    "PendingCall",
    "SeatError",
    "SeatView",
    "ShownCards",
    "TrickView",
    "TrucoView",
    "ViewError",
    "check_seat",
    "halves",
    "view",
]


def halves(rules: RuleSet, score: tuple[int, int]) -> tuple[str, str] | None:
    """Per team, ``"malas"`` or ``"buenas"``: the half of the score it is in (below half
    the target, and from half of it), or ``None`` where the preset has no halves (``ladder``). ``online`` at 15
    has malas only. Half of an odd target is not a whole point: at 15, 0-7 is malas and 8-15 buenas. The views
    and the terminal game both say what this says.

    >>> from pytruco import RuleSet
    >>> from pytruco.views import halves
    >>> halves(RuleSet.preset("default", target=15), (7, 8)), halves(RuleSet.preset("default"), (14, 15))
    (('malas', 'buenas'), ('malas', 'buenas'))
    >>> halves(RuleSet.preset("online", target=15), (3, 9)), halves(RuleSet.preset("ladder"), (0, 0))
    (('malas', 'malas'), None)
    """
    if rules.preset_name == "ladder":
        return None  # PRESETS.md §2: no malas / buenas
    if rules.preset_name == "online" and rules.target == 15:
        return ("malas", "malas")  # §2: 15 points are malas only
    a, b = score
    return ("malas" if 2 * a < rules.target else "buenas", "malas" if 2 * b < rules.target else "buenas")


def _halves(state: State) -> tuple[str, str] | None:
    return halves(state.rules, state.score)


def _pie(mano: int, seats: tuple[int, ...], n: int) -> tuple[int, int]:
    """Per team, its last seat to play from *mano* among *seats* (PRESETS.md, Words)."""
    order = [(mano + step) % n for step in range(n)]
    last = [-1, -1]
    for s in order:
        if s in seats:
            last[s & 1] = s
    return (last[0], last[1])


def _public_history(items: list[Action | Deal], seat: int | None) -> tuple[str, ...]:
    history: list[str] = []
    hidden: dict[int, tuple[int, str]] = {}  # rps choices not yet revealed: seat -> (index, text)
    for item in items:
        if isinstance(item, Deal):
            if seat is None:
                history.append("deal")
            else:
                history.append("deal " + " ".join(str(card) for card in item.hands[seat]))
        elif item.kind is Kind.RPS:
            hidden[item.seat] = (len(history), str(item))
            history.append(str(item) if item.seat == seat else f"{item.seat} rps ?")
            if len(hidden) == 2:  # both have chosen: the choices are shown
                for index, text in hidden.values():
                    history[index] = text
                hidden.clear()
        else:
            history.append(str(item))
    return tuple(history)


def _worth(
    state: State, call: Kind, chain: tuple[Kind, ...], flor: tuple[Kind | None, Kind | None]
) -> tuple[int | None, int]:
    """``(if accepted, if refused)`` of *call*: of the envido chain *chain* that ends with it, or of the flor
    chain's call ``flor`` = (call, the call it raised; ``(None, None)``: a first flor). ``None`` if accepted: it
    depends on who wins (the falta under the loser's rule) or it is the chico (a contraflor al resto)."""
    if call in TRUCO_CALLS:
        return truco_stakes(call)
    if call in ENVIDO_CALLS:
        return envido_stakes(state.rules, state.score, chain)
    return flor_stakes(state.rules, state.score, *flor)


def _pending(state: State, r: Round) -> PendingCall | None:
    pending = r.pending
    if pending is None:
        return None
    call, caller = pending
    waits = awaiting(r)
    if waits is AWAIT_FLOR or waits is AWAIT_FLOR_CALL:
        flor_call = r.flor_call  # None: a first flor, whose refusal leaves the first singer its flor
        flor = (None, None) if flor_call is None else (flor_call[0], flor_call[2])
        return PendingCall(call, caller, state.to_act, *_worth(state, call, (), flor))
    return PendingCall(call, caller, state.to_act, *_worth(state, call, r.envido_calls, (None, None)))


def _call_values(state: State, r: Round, legal: tuple[Action, ...]) -> tuple[CallValue, ...]:
    """What each legal call of the seat would be worth, as :func:`_pending` will say once it is made."""
    out: list[CallValue] = []
    over = Kind.FLOR if r.flor_call is None else r.flor_call[0]  # what a contraflor (al resto) would raise
    for action in legal:
        call = action.kind
        if call in TRUCO_CALLS or call in ENVIDO_CALLS or call is Kind.CONTRAFLOR or call is Kind.CONTRAFLOR_AL_RESTO:
            out.append(CallValue(call, *_worth(state, call, (*r.envido_calls, call), (call, over))))
    return tuple(out)


def check_seat(seat: int | None, players: int) -> None:
    """Raise :class:`SeatError` unless *seat* is a seat of a table of *players*, or ``None`` (a spectator).

    >>> from pytruco.views import SeatError, check_seat
    >>> check_seat(1, 2), check_seat(None, 2)
    (None, None)
    >>> try:
    ...     check_seat(2, 2)
    ... except SeatError as error:
    ...     print(error)
    there is no seat 2 at a table of 2 (seats are 0-1, or None for a spectator)
    """
    if players.__class__ is not int or players < 1:
        raise ArgumentError(f"check_seat needs a number of players (a whole number >= 1), not {quoted(players)}")
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise SeatError(f"a seat is a whole number or None, not {quoted(seat, 40)}")
        if not 0 <= seat < players:
            raise SeatError(
                f"there is no seat {quoted(seat, 40)} at a table of {players}"
                f" (seats are 0-{players - 1}, or None for a spectator)"
            )


def _flor_winner(flor_decls: tuple[Declaration, ...]) -> int | None:
    """The seat with the best flor declared (the first of equals), or ``None``."""
    best: Declaration | None = None
    for d in flor_decls:
        if d.points is not None and (best is None or best.points is None or d.points > best.points):
            best = d
    return None if best is None else best.seat


def _chains(r: Round, round_over: bool) -> tuple[TrucoView, ChainView, ChainView]:
    """The truco, envido and flor chains of round *r*, with their calls and declarations."""
    chains: dict[str, list[Call]] = {"truco": [], "envido": [], "flor": []}
    for chain, s, kind in r.calls:
        chains[chain].append(Call(s, kind))
    called = r.truco_call
    truco_waiting = None if called is None or round_over else Call(called[1], called[0])
    declared = r.all_declarations
    env_decls = tuple(Declaration(s, p, t) for what, s, p, t in declared if what == "envido")
    flor_decls = tuple(Declaration(s, p, t) for what, s, p, t in declared if what == "flor")
    flor_winner = _flor_winner(flor_decls) if r.declaring != "flor" else None
    return (
        TrucoView(r.truco_level, r.truco_value, r.quiero_team, tuple(chains["truco"]), truco_waiting),
        ChainView(r.envido_stage, tuple(chains["envido"]), env_decls, r.envido_winner),
        ChainView(r.flor_stage, tuple(chains["flor"]), flor_decls, flor_winner, tuple(sorted(r.flor_sung))),
    )


class _Seat(NamedTuple):
    """What a seat's view has whether or not a round was dealt: the seat, the teams, its partners, its legal
    actions and its history."""

    seat: int | None
    teams: tuple[tuple[int, ...], tuple[int, ...]]
    partners: tuple[int, ...]
    legal: tuple[Action, ...]
    history: tuple[str, ...]


def _view_before_deal(state: State, c: _Seat) -> SeatView:
    """The view before the first deal: no hand, no chains (the rock-paper-scissors draw, or the first deal)."""
    n = state.rules.players
    empty = ChainView("none", (), (), None)
    return SeatView(
        c.seat, state.rules, state.phase, state.score, state.chicos, _halves(state), state.rounds_dealt, state.mano,
        _pie(state.mano, tuple(range(n)), n), c.teams, c.partners, None, None, False, state.winner, (), None, None,
        (0,) * n, (), (), TrucoView(0, 1, None, ()), None, None, empty, empty, (0, 0), (), (), state.to_act, c.legal,
        c.history,
    )  # fmt: skip


def view(state: State, seat: int | None) -> SeatView:
    """The view of *state* for *seat* (0-based), or a spectator's for ``None``.

    Its cost does not grow with the match: it reads the current hand only.

    Raises:
        SeatError: no such seat (out of range, or not a whole number: ``"0"``, ``True``).

    >>> from pytruco import Action, Deal, apply, new_game
    >>> from pytruco.views import view
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 1E"))
    >>> seen = view(state, 1)
    >>> seen.history
    ('deal 5O 4O 3B', '0 1E')
    >>> view(state, None).history, view(state, None).hand
    (('deal', '0 1E'), ())
    """
    require_state(state, "view")
    n = state.rules.players
    check_seat(seat, n)
    items = hand_items(state)
    history = _public_history(items, seat)
    teams = (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
    partners = () if seat is None else tuple(s for s in teams[seat & 1] if s != seat)
    legal = () if seat is None else tuple(a for a in legal_actions(state) if a.seat == seat)
    r = state.round
    common = _Seat(seat, teams, partners, legal, history)
    return _view_before_deal(state, common) if r is None else _view_in_round(state, r, common)


def _view_in_round(state: State, r: Round, c: _Seat) -> SeatView:
    """The view once a round has been dealt (being played, between rounds, or the match over)."""
    seat = c.seat
    n = state.rules.players
    rules = state.rules
    to_act = state.to_act
    round_over = r.ended or state.phase is not Phase.PLAY
    duel = state.duel
    if duel is not None:
        in_hand: tuple[int, ...] = (duel, duel + n // 2)
    else:
        in_hand = tuple(range(n))
    truco, envido, flor = _chains(r, round_over)
    playing = state.phase is Phase.PLAY  # else between hands or over: the next hand's mano and pie, no cards
    own = seat is not None and playing
    flor_points = r.flor_points[seat] if own and seat is not None and rules.flor else None
    return SeatView(
        seat=seat,
        rules=rules,
        phase=state.phase,
        score=state.score,
        chicos=state.chicos,
        halves=_halves(state),
        rounds_dealt=state.rounds_dealt,
        mano=state.mano,
        pie=_pie(r.mano, in_hand, n) if playing else _pie(state.mano, in_hand, n),
        teams=c.teams,
        partners=c.partners,
        duel=duel,
        duel_mano=None if duel is None else r.mano,
        round_over=round_over,
        winner=state.winner,
        hand=r.held_by(seat) if own and seat is not None else (),
        envido_points=r.envido_points[seat] if own and seat is not None else None,
        flor_points=flor_points,
        cards_left=r.cards_left,
        current_trick=r.current_trick,
        tricks=tuple(TrickView(t.plays, t.seat, t.team) for t in r.tricks),
        truco=truco,
        pending=_pending(state, r),
        declaring=r.declaring,
        envido=envido,
        flor=flor,
        round_points=r.points,
        unscored=r.unscored,
        folded=tuple(sorted(r.folded)),
        to_act=to_act,
        legal=c.legal,
        history=c.history,
        shown=tuple(ShownCards(s, cards, points) for s, cards, points in r.shown),
        call_values=_call_values(state, r, c.legal),
    )

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

**The one exception** (documented, tested): when a flor waits for the answer
of a second flor holder (``flor.stage`` is ``"answer"``), the view shows that
the table waits — :attr:`SeatView.to_act` and :attr:`SeatView.pending` name
every seat that holds a flor able to answer, before it is sung; the singer's
:attr:`SeatView.legal` is empty; and in end-of-hand presets the flor's points
are not yet in :attr:`SeatView.unscored` — because the table has to wait for
those seats, and their clocks run. If such a seat then times out, its flor
was never sung, but the others have seen that it had one. Nothing else in a
view depends on a card the seat cannot see (``tests/test_hidden.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .actions import ENVIDO_CALLS, TRUCO_CALLS, Action, Deal, Kind
from .cards import Card
from .engine import legal_actions
from .envido import FALTA, accepted_value, falta_value, refused_value
from .errors import NotationError, TrucoError
from .rules import CfarRule, FaltaRule, RuleSet
from .state import Phase, Round, State
from .svg import table_svg
from .table import TRUCO_VALUE

__all__ = [
    "VIEW_FORMAT",
    "Call",
    "ChainView",
    "Declaration",
    "PendingCall",
    "SeatError",
    "SeatView",
    "TrickView",
    "TrucoView",
    "ViewError",
    "view",
]

VIEW_FORMAT = "truco-view/1"
"""The ``format`` member of a view's JSON.

>>> from pytruco import new_game
>>> from pytruco.views import VIEW_FORMAT, view
>>> view(new_game("default", first_mano=0), 0).to_json()["format"] == VIEW_FORMAT
True
"""


class SeatError(TrucoError, ValueError):
    """A seat that is not at the table (out of range, or not a whole number).

    >>> from pytruco import new_game
    >>> from pytruco.views import SeatView, view
    >>> view(new_game("default", first_mano=0), 2)
    Traceback (most recent call last):
    ...
    pytruco.views.SeatError: there is no seat 2 at a table of 2 (seats are 0-1, or None for a spectator)
    """


class ViewError(TrucoError, ValueError):
    """JSON that is not a view (:meth:`SeatView.from_json`).

    >>> from pytruco.views import SeatView
    >>> SeatView.from_json({"format": "truco-view/0"})
    Traceback (most recent call last):
    ...
    pytruco.views.ViewError: format must be 'truco-view/1'
    """


@attrs.frozen
class Call:
    """One call of a chain: who made it and what it was.

    >>> from pytruco import Kind
    >>> from pytruco.views import Call
    >>> Call(0, Kind.ENVIDO).to_json()
    {'seat': 0, 'call': 'envido'}
    """

    seat: int
    call: Kind

    def to_json(self) -> dict[str, Any]:
        """``{"seat": 0, "call": "envido"}``."""
        return {"seat": self.seat, "call": self.call.value}


@attrs.frozen
class Declaration:
    """One declaration: ``tengo N`` (*points* N) or ``son-buenas`` (*points* ``None``).

    *timeout*: a timeout made it (the seat's true points, or son-buenas).

    >>> from pytruco.views import Declaration
    >>> Declaration(1, None, timeout=True).to_json()
    {'seat': 1, 'points': None, 'timeout': True}
    """

    seat: int
    points: int | None
    timeout: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"seat": 1, "points": 28, "timeout": false}``."""
        return {"seat": self.seat, "points": self.points, "timeout": self.timeout}


@attrs.frozen
class PendingCall:
    """The call waiting for an answer.

    Attributes:
        call: what was called (a flor waiting for the second holder's answer is ``flor``).
        seat: who called it.
        answerers: the seats that may answer it (their clocks run).
        if_accepted: what accepting makes it worth: the hand's truco value, the
            envido's or flor's points; ``None`` when it depends on who wins
            (a falta envido that counts the loser's score) or wins the chico.
        if_refused: the points the caller's team scores if it is refused.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> from pytruco.views import SeatView, view
    >>> state, _ = apply(state, Action.parse("0 real-envido"))
    >>> view(state, 1).pending
    PendingCall(call=<Kind.REAL_ENVIDO: 'real-envido'>, seat=0, answerers=(1,), if_accepted=3, if_refused=1)
    """

    call: Kind
    seat: int
    answerers: tuple[int, ...]
    if_accepted: int | None
    if_refused: int

    def to_json(self) -> dict[str, Any]:
        """The ``pending`` member of the view's JSON."""
        return {
            "call": self.call.value,
            "seat": self.seat,
            "answerers": list(self.answerers),
            "if_accepted": self.if_accepted,
            "if_refused": self.if_refused,
        }


@attrs.frozen
class TrucoView:
    """The truco chain: accepted level (0-3), what the hand is worth now, the
    team that holds the quiero (may raise), every call made, in order, and the
    truco-level call still waiting for an answer (*waiting*; also while an
    envido it allowed is played first), if any.

    >>> from pytruco import new_game
    >>> from pytruco.views import SeatView, view
    >>> view(new_game("default", first_mano=0), 0).truco
    TrucoView(level=0, value=1, quiero_team=None, calls=(), waiting=None)
    """

    level: int
    value: int
    quiero_team: int | None
    calls: tuple[Call, ...]
    waiting: Call | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``truco`` member of the view's JSON."""
        return {
            "level": self.level,
            "value": self.value,
            "quiero_team": self.quiero_team,
            "calls": [call.to_json() for call in self.calls],
            "waiting": None if self.waiting is None else self.waiting.to_json(),
        }


@attrs.frozen
class ChainView:
    """The envido or the flor chain of this hand.

    Attributes:
        stage: envido: ``none``, ``pending``, ``declaring``, ``settled``, ``void``;
            flor: ``none``, ``answer``, ``call``, ``declaring``, ``done``.
        calls: every call and answer of the chain, in order, with who made it.
        sung: flor only: the seats that sang flor.
        declarations: every ``tengo N`` / ``son-buenas`` said for it.
        winner: the seat whose declaration won, once known.

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> from pytruco.views import SeatView, view
    >>> for text in ("0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"):
    ...     state, _ = apply(state, Action.parse(text))
    >>> chain = view(state, 1).envido
    >>> chain.stage, chain.winner, [d.points for d in chain.declarations]
    ('settled', 0, [33, None])
    """

    stage: str
    calls: tuple[Call, ...]
    declarations: tuple[Declaration, ...]
    winner: int | None
    sung: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``envido`` / ``flor`` member of the view's JSON."""
        out: dict[str, Any] = {
            "stage": self.stage,
            "calls": [call.to_json() for call in self.calls],
            "declarations": [d.to_json() for d in self.declarations],
            "winner": self.winner,
        }
        out["sung"] = list(self.sung)
        return out


@attrs.frozen
class TrickView:
    """A completed trick: the cards in playing order, the winning seat and team (``None``: parda).

    >>> from pytruco import Action, Deal, apply, new_game
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> from pytruco.views import SeatView, view
    >>> for text in ("0 1E", "1 3B"):
    ...     state, _ = apply(state, Action.parse(text))
    >>> view(state, 1).tricks[0].to_json()
    {'plays': [[0, '1E'], [1, '3B']], 'seat': 0, 'team': 0}
    """

    plays: tuple[tuple[int, Card], ...]
    seat: int | None
    team: int | None

    def to_json(self) -> dict[str, Any]:
        """``{"plays": [[0, "1E"], [1, "3O"]], "seat": 0, "team": 0}``."""
        return {"plays": [[s, str(card)] for s, card in self.plays], "seat": self.seat, "team": self.team}


@attrs.frozen
class SeatView:
    """The table as seat :attr:`seat` sees it (``None``: a spectator).

    Attributes:
        seat: whose view this is; ``None`` for a spectator.
        rules: the rules of the game (every option).
        phase: what the table waits for.
        score: points per team (in the current chico).
        chicos: chicos won per team.
        halves: per team, ``"malas"`` or ``"buenas"`` (the halves of the
            score: below half the target and from half of it), or ``None`` where
            the preset has none (``ladder``; ``online`` at 15 has malas only).
        hand_number: how many hands have been dealt (the current hand's number, from 1).
        mano: the mano of the current hand, or of the next one between hands.
        pie: per team, its seat that plays last in the hand (the next hand's between hands).
        teams: the seats of team 0 and of team 1.
        partners: this seat's partners (the other seats of its team).
        duel: in a pica hand, the duel being played (0-2), else ``None``.
        duel_mano: the mano of that duel.
        hand_over: the last hand dealt is finished (between hands, or the match is over).
        winner: the team that won the match, once it is over.
        hand: the seat's cards not yet played (empty for a spectator, and
            between hands or once the match is over).
        envido_points: the seat's own envido points (``None`` for a spectator,
            between hands or once the match is over).
        flor_points: the seat's own flor points, ``None`` without a flor (or when
            *envido_points* is ``None``).
        cards_left: how many cards each seat still holds.
        current_trick: ``(seat, card)`` played in the trick being played.
        tricks: the completed tricks of this hand (or duel), with their winners.
        truco: the truco chain.
        pending: the call waiting for an answer, or ``None``.
        declaring: ``"envido"`` or ``"flor"`` while declarations are due, else ``None``.
        envido: the envido chain.
        flor: the flor chain (stage ``none`` without flor rules).
        hand_points: points each team has had added to the score from this hand.
        unscored: end-of-hand presets: ``(team, points, category)`` won in this
            hand and still to be added when it ends.
        folded: seats out of this hand (in a pica duel: every seat not in the duel).
        to_act: seats that may act now (every one may ``timeout``).
        legal: this seat's legal actions now (empty for a spectator).
        history: this hand's public history as notation, from its deal (which
            shows only this seat's cards: ``"deal 7C 6C 1E"``; ``"deal"`` for a
            spectator); before the first deal, the rock-paper-scissors draw, with
            another seat's choice as ``"<seat> rps ?"`` until both have chosen.

    >>> from pytruco import Deal, apply, new_game
    >>> from pytruco.views import view
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> seen = view(state, 1)
    >>> [str(card) for card in seen.hand], seen.cards_left, seen.to_act
    (['5O', '4O', '3B'], (3, 3), (0,))
    >>> seen.to_json()["seat"]
    1
    """

    seat: int | None
    rules: RuleSet
    phase: Phase
    score: tuple[int, int]
    chicos: tuple[int, int]
    halves: tuple[str, str] | None
    hand_number: int
    mano: int
    pie: tuple[int, int]
    teams: tuple[tuple[int, ...], tuple[int, ...]]
    partners: tuple[int, ...]
    duel: int | None
    duel_mano: int | None
    hand_over: bool
    winner: int | None
    hand: tuple[Card, ...]
    envido_points: int | None
    flor_points: int | None
    cards_left: tuple[int, ...]
    current_trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickView, ...]
    truco: TrucoView
    pending: PendingCall | None
    declaring: str | None
    envido: ChainView
    flor: ChainView
    hand_points: tuple[int, int]
    unscored: tuple[tuple[int, int, str], ...]
    folded: tuple[int, ...]
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    history: tuple[str, ...]

    # --- shorthands kept from the first views ---
    @property
    def truco_level(self) -> int:
        """Accepted truco level (0-3): ``truco.level``."""
        return self.truco.level

    @property
    def envido_calls(self) -> tuple[Kind, ...]:
        """The envido calls of this hand, in order (answers left out)."""
        return tuple(c.call for c in self.envido.calls if c.call in ENVIDO_CALLS)

    @property
    def flor_sung(self) -> tuple[int, ...]:
        """Seats that sang flor: ``flor.sung``."""
        return self.flor.sung

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as an SVG picture (Jupyter draws it; :mod:`pytruco.svg`)."""
        return table_svg(self)

    def to_json(self) -> dict[str, Any]:
        """The view as JSON (format ``truco-view/1``), for sending to a client.

        >>> from pytruco import new_game
        >>> from pytruco.views import SeatView, view
        >>> data = view(new_game("default", first_mano=1), 0).to_json()
        >>> data["format"], data["phase"], data["mano"], data["rules"]["target"]
        ('truco-view/1', 'deal', 1, 30)
        """
        return {
            "format": VIEW_FORMAT,
            "seat": self.seat,
            "rules": _rules_json(self.rules),
            "phase": self.phase.value,
            "score": list(self.score),
            "chicos": list(self.chicos),
            "halves": None if self.halves is None else list(self.halves),
            "hand_number": self.hand_number,
            "mano": self.mano,
            "pie": list(self.pie),
            "teams": [list(self.teams[0]), list(self.teams[1])],
            "partners": list(self.partners),
            "duel": self.duel,
            "duel_mano": self.duel_mano,
            "hand_over": self.hand_over,
            "winner": self.winner,
            "hand": [str(card) for card in self.hand],
            "envido_points": self.envido_points,
            "flor_points": self.flor_points,
            "cards_left": list(self.cards_left),
            "current_trick": [[seat, str(card)] for seat, card in self.current_trick],
            "tricks": [trick.to_json() for trick in self.tricks],
            "truco": self.truco.to_json(),
            "pending": None if self.pending is None else self.pending.to_json(),
            "declaring": self.declaring,
            "envido": self.envido.to_json(),
            "flor": self.flor.to_json(),
            "hand_points": list(self.hand_points),
            "unscored": [{"team": t, "points": p, "category": c} for t, p, c in self.unscored],
            "folded": list(self.folded),
            "to_act": list(self.to_act),
            "legal": [str(action) for action in self.legal],
            "history": list(self.history),
        }

    @classmethod
    def from_json(cls, data: Any) -> SeatView:
        """Read a view back from its JSON form (what a client or a test receives).

        Raises:
            ViewError: *data* is not a ``truco-view/1`` object.

        >>> from pytruco import new_game
        >>> from pytruco.views import SeatView, view
        >>> seen = view(new_game("online"), 1)
        >>> SeatView.from_json(seen.to_json()) == seen
        True
        """
        try:
            return _view_from_json(data)
        except ViewError:
            raise
        except (TrucoError, KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as error:
            raise ViewError(f"not a view: {_describe(error)}") from None


def _describe(error: BaseException) -> str:
    text = str(error)
    return text if len(text) <= 200 else text[:200] + "…"


def _rules_json(rules: RuleSet) -> dict[str, Any]:
    out: dict[str, Any] = {"preset": rules.preset_name}
    for field in attrs.fields(RuleSet):
        if field.name == "preset_name":
            continue
        value = getattr(rules, field.name)
        if isinstance(value, tuple):
            value = list(value)
        elif hasattr(value, "value") and not isinstance(value, (bool, int)):
            value = value.value
        out[field.name] = value
    return out


def _halves(state: State) -> tuple[str, str] | None:
    rules = state.rules
    if rules.preset_name == "ladder":
        return None  # PRESETS.md §2: no malas / buenas
    half = rules.target / 2
    if rules.preset_name == "online" and rules.target == 15:
        return ("malas", "malas")  # §2: 15 points are malas only
    a, b = state.score
    return ("malas" if a < half else "buenas", "malas" if b < half else "buenas")


def _pie(mano: int, seats: tuple[int, ...], n: int) -> tuple[int, int]:
    """Per team, its last seat to play from *mano* among *seats* (PRESETS.md, Words)."""
    order = [(mano + step) % n for step in range(n)]
    last = [-1, -1]
    for s in order:
        if s in seats:
            last[s & 1] = s
    return (last[0], last[1])


def _hand_history(state: State) -> list[Action | Deal]:
    """The items of the current hand, from its deal (or the whole draw before the first deal)."""
    return list(state.round_history)


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


def _pending(state: State, r: Round) -> PendingCall | None:
    rules = state.rules
    pending = r.pending
    if pending is None:
        return None
    call, caller = pending
    answerers = state.to_act
    flor_call = r.flor_call
    if r.flor_stage == "answer":
        # the second holder answers the first flor: refusing leaves the first its flor
        return PendingCall(call, caller, answerers, rules.flor_flor_value, rules.flor_value)
    if flor_call is not None:
        kind, _, over = flor_call
        if kind is Kind.FLOR:
            return PendingCall(call, caller, answerers, rules.flor_flor_value, rules.achico_value)
        if kind is Kind.CONTRAFLOR:
            return PendingCall(call, caller, answerers, rules.contraflor_value, rules.contraflor_refused)
        refused = rules.cfar_refused_over_contraflor if over is Kind.CONTRAFLOR else rules.cfar_refused_over_flor
        if rules.cfar is CfarRule.FALTA:
            return PendingCall(call, caller, answerers, rules.target - max(state.score), refused)
        return PendingCall(call, caller, answerers, None, refused)  # it wins the chico
    if call in ENVIDO_CALLS:
        calls = r.envido_calls
        value = accepted_value(rules, calls)
        worth: int | None = value
        if value == FALTA:  # LOSER counts the loser's score: it depends on who wins
            worth = falta_value(rules, state.score, 0) if rules.falta is FaltaRule.LEADER else None
        return PendingCall(call, caller, answerers, worth, refused_value(rules, calls))
    level = TRUCO_CALLS.index(call) + 1
    return PendingCall(call, caller, answerers, TRUCO_VALUE[level], TRUCO_VALUE[level - 1])


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
    n = state.rules.players
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise SeatError(f"a seat is a whole number or None, not {_short(seat)}")
        if not 0 <= seat < n:
            raise SeatError(f"there is no seat {seat} at a table of {n} (seats are 0-{n - 1}, or None for a spectator)")
    rules = state.rules
    items = _hand_history(state)
    history = _public_history(items, seat)
    teams = (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
    partners = () if seat is None else tuple(s for s in teams[seat & 1] if s != seat)
    to_act = state.to_act
    legal = () if seat is None else tuple(a for a in legal_actions(state) if a.seat == seat)
    r = state.round
    if r is None:
        empty = ChainView("none", (), (), None)
        return SeatView(
            seat, rules, state.phase, state.score, state.chicos, _halves(state), state.hands_dealt, state.mano,
            _pie(state.mano, tuple(range(n)), n), teams, partners, None, None, False, state.winner, (), None, None,
            (0,) * n, (), (), TrucoView(0, 1, None, ()), None, None, empty, empty, (0, 0), (), (), to_act, legal,
            history,
        )  # fmt: skip
    hand_over = r.ended or state.phase is not Phase.PLAY
    duel = state.duel
    if duel is not None:
        in_hand: tuple[int, ...] = (duel, duel + n // 2)
    else:
        in_hand = tuple(range(n))
    chains: dict[str, list[Call]] = {"truco": [], "envido": [], "flor": []}
    for chain, s, kind in r.hand_calls:
        chains[chain].append(Call(s, kind))
    called = r.truco_call
    truco_waiting = None if called is None or hand_over else Call(called[1], called[0])
    declared = r.hand_declarations
    env_decls = tuple(Declaration(s, p, t) for what, s, p, t in declared if what == "envido")
    flor_decls = tuple(Declaration(s, p, t) for what, s, p, t in declared if what == "flor")
    flor_winner = None
    if flor_decls and r.declaring != "flor":
        best: Declaration | None = None
        for d in flor_decls:
            if d.points is not None and (best is None or best.points is None or d.points > best.points):
                best = d
        flor_winner = None if best is None else best.seat
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
        hand_number=state.hands_dealt,
        mano=state.mano,
        pie=_pie(r.mano, in_hand, n) if playing else _pie(state.mano, in_hand, n),
        teams=teams,
        partners=partners,
        duel=duel,
        duel_mano=None if duel is None else r.mano,
        hand_over=hand_over,
        winner=state.winner,
        hand=r.held_by(seat) if own and seat is not None else (),
        envido_points=r.envido_points[seat] if own and seat is not None else None,
        flor_points=flor_points,
        cards_left=r.cards_left,
        current_trick=r.current_trick,
        tricks=tuple(TrickView(t.plays, t.seat, t.team) for t in r.tricks),
        truco=TrucoView(r.truco_level, r.truco_value, r.quiero_team, tuple(chains["truco"]), truco_waiting),
        pending=_pending(state, r),
        declaring=r.declaring,
        envido=ChainView(r.envido_stage, tuple(chains["envido"]), env_decls, r.envido_winner),
        flor=ChainView(r.flor_stage, tuple(chains["flor"]), flor_decls, flor_winner, tuple(sorted(r.flor_sung))),
        hand_points=r.points,
        unscored=r.unscored,
        folded=tuple(sorted(r.folded)),
        to_act=to_act,
        legal=legal,
        history=history,
    )


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


# --- reading a view back ---------------------------------------------------
def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ViewError(f"member {name!r} must be a whole number, not {_short(value)}")
    return value


def _opt_int(value: Any, name: str) -> int | None:
    return None if value is None else _int(value, name)


def _ints(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ViewError(f"member {name!r} must be a list")
    return tuple(_int(v, name) for v in value)


def _pair(value: Any, name: str) -> tuple[int, int]:
    items = _ints(value, name)
    if len(items) != 2:
        raise ViewError(f"member {name!r} must have two numbers")
    return (items[0], items[1])


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise ViewError(f"a card is text, not {_short(value)}")
    try:
        return Card.parse(value)
    except NotationError as error:
        raise ViewError(str(error)) from None


def _plays(value: Any) -> tuple[tuple[int, Card], ...]:
    if not isinstance(value, list):
        raise ViewError("plays must be a list")
    out = []
    for play in value:
        if not isinstance(play, list) or len(play) != 2:
            raise ViewError("a play is [seat, card]")
        out.append((_int(play[0], "seat"), _card(play[1])))
    return tuple(out)


def _kind(value: Any) -> Kind:
    try:
        return Kind(value)
    except (ValueError, TypeError):
        raise ViewError(f"not a call: {_short(value)}") from None


def _calls_from(value: Any) -> tuple[Call, ...]:
    if not isinstance(value, list):
        raise ViewError("calls must be a list")
    return tuple(Call(_int(c["seat"], "seat"), _kind(c["call"])) for c in value)


def _chain_from(data: Any) -> ChainView:
    if not isinstance(data, Mapping):
        raise ViewError("a chain is an object")
    decls = data["declarations"]
    if not isinstance(decls, list):
        raise ViewError("declarations must be a list")
    stage = data["stage"]
    if not isinstance(stage, str):
        raise ViewError("stage must be text")
    timeout_values = [d["timeout"] for d in decls]
    if any(not isinstance(t, bool) for t in timeout_values):
        raise ViewError("timeout must be true or false")
    return ChainView(
        stage,
        _calls_from(data["calls"]),
        tuple(Declaration(_int(d["seat"], "seat"), _opt_int(d["points"], "points"), d["timeout"]) for d in decls),
        _opt_int(data["winner"], "winner"),
        _ints(data["sung"], "sung"),
    )


def _rules_from_json(data: Any) -> RuleSet:
    """The full rules object of a view (every option) back to a RuleSet."""
    if not isinstance(data, Mapping):
        raise ViewError("rules must be an object")
    base = RuleSet.preset(data["preset"])
    known = _rules_json(base)
    if set(data) != set(known):
        raise ViewError("rules must list every option")
    changes = {}
    for key, value in data.items():
        if key != "preset" and value != known[key]:
            changes[key] = tuple(value) if isinstance(value, list) else value
    return base.with_options(**changes) if changes else base


def _view_from_json(data: Any) -> SeatView:
    if not isinstance(data, Mapping):
        raise ViewError("a view is a JSON object")
    if data.get("format") != VIEW_FORMAT:
        raise ViewError(f"format must be {VIEW_FORMAT!r}")
    rules = _rules_from_json(data["rules"])
    pending_data = data["pending"]
    pending = None
    if pending_data is not None:
        pending = PendingCall(
            _kind(pending_data["call"]),
            _int(pending_data["seat"], "seat"),
            _ints(pending_data["answerers"], "answerers"),
            _opt_int(pending_data["if_accepted"], "if_accepted"),
            _int(pending_data["if_refused"], "if_refused"),
        )
    truco = data["truco"]
    halves = data["halves"]
    if halves is not None and (
        not isinstance(halves, list) or len(halves) != 2 or any(h not in ("malas", "buenas") for h in halves)
    ):
        raise ViewError("halves must be null or two of 'malas', 'buenas'")
    teams = data["teams"]
    if not isinstance(teams, list) or len(teams) != 2:
        raise ViewError("teams must list two teams")
    declaring = data["declaring"]
    if declaring not in (None, "envido", "flor"):
        raise ViewError("declaring must be null, 'envido' or 'flor'")
    hand_over = data["hand_over"]
    if not isinstance(hand_over, bool):
        raise ViewError("hand_over must be true or false")
    unscored = tuple(
        (_int(u["team"], "team"), _int(u["points"], "points"), str(u["category"])) for u in data["unscored"]
    )
    legal: list[Action] = []
    for text in data["legal"]:
        try:
            legal.append(Action.parse(text))
        except NotationError as error:
            raise ViewError(str(error)) from None
    history = data["history"]
    if not isinstance(history, list) or any(not isinstance(h, str) for h in history):
        raise ViewError("history must be a list of texts")
    return SeatView(
        seat=_opt_int(data["seat"], "seat"),
        rules=rules,
        phase=Phase(data["phase"]),
        score=_pair(data["score"], "score"),
        chicos=_pair(data["chicos"], "chicos"),
        halves=None if halves is None else (halves[0], halves[1]),
        hand_number=_int(data["hand_number"], "hand_number"),
        mano=_int(data["mano"], "mano"),
        pie=_pair(data["pie"], "pie"),
        teams=(_ints(teams[0], "teams"), _ints(teams[1], "teams")),
        partners=_ints(data["partners"], "partners"),
        duel=_opt_int(data["duel"], "duel"),
        duel_mano=_opt_int(data["duel_mano"], "duel_mano"),
        hand_over=hand_over,
        winner=_opt_int(data["winner"], "winner"),
        hand=tuple(_card(c) for c in data["hand"]),
        envido_points=_opt_int(data["envido_points"], "envido_points"),
        flor_points=_opt_int(data["flor_points"], "flor_points"),
        cards_left=_ints(data["cards_left"], "cards_left"),
        current_trick=_plays(data["current_trick"]),
        tricks=tuple(
            TrickView(_plays(t["plays"]), _opt_int(t["seat"], "seat"), _opt_int(t["team"], "team"))
            for t in data["tricks"]
        ),
        truco=TrucoView(
            _int(truco["level"], "level"),
            _int(truco["value"], "value"),
            _opt_int(truco["quiero_team"], "quiero_team"),
            _calls_from(truco["calls"]),
            None if truco["waiting"] is None else _calls_from([truco["waiting"]])[0],
        ),
        pending=pending,
        declaring=declaring,
        envido=_chain_from(data["envido"]),
        flor=_chain_from(data["flor"]),
        hand_points=_pair(data["hand_points"], "hand_points"),
        unscored=unscored,
        folded=_ints(data["folded"], "folded"),
        to_act=_ints(data["to_act"], "to_act"),
        legal=tuple(legal),
        history=tuple(history),
    )

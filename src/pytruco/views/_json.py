"""The data of a seat's view and its JSON form (``truco-view/1``): writing it and reading it back.

The classes here are those of :mod:`pytruco.views` (import them from there); :func:`pytruco.views.view` builds
them from a state. This module holds what a view *is* — its parts, :meth:`SeatView.to_json` and
:meth:`SeatView.from_json`, with the strict reading of every member — and nothing that looks at a state.

>>> from pytruco import new_game
>>> from pytruco.views import SeatView, view
>>> seen = view(new_game("default", first_mano=0), 0)
>>> SeatView.from_json(seen.to_json()) == seen
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .._engine import Phase
from ..actions import ENVIDO_CALLS, Action, Kind
from ..cards import Card
from ..errors import NotationError, TrucoError, ViewError, quoted
from ..rules import RuleSet
from ..svg import table_svg
from ._parts import VIEW_FORMAT, Call, CallValue, ChainView, Declaration, PendingCall, ShownCards, TrickView, TrucoView

__all__ = ["SeatView"]


# Strict readers of a view's JSON members: each raises ViewError naming the member.
MAX_VIEW_NUMBER = 10**12
"""Every number of a view read by :meth:`SeatView.from_json` is within this (scores and points stay below
four times a RuleSet's largest option; seats and counts far below)."""

_ENVIDO_STAGES = frozenset({"none", "pending", "declaring", "settled", "void"})
_FLOR_STAGES = frozenset({"none", "answer", "call", "declaring", "done"})
_MAX_HISTORY = 20_000  # a hand's public history: its actions (at most MAX_ACTIONS) and the deal
_MAX_TEXT = 200  # one history entry ("deal 10E 11B 12C" is the longest)


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not -MAX_VIEW_NUMBER <= value <= MAX_VIEW_NUMBER:
        raise ViewError(f"member {name!r} must be a whole number, not {quoted(value, 40)}")
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
        raise ViewError(f"a card is text, not {quoted(value, 40)}")
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
        raise ViewError(f"not a call: {quoted(value, 40)}") from None


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
        rounds_dealt: how many rounds have been dealt (the current round's number, from 1), as
            :attr:`State.rounds_dealt <pytruco.State.rounds_dealt>`; the JSON form calls it ``hand_number``.
        mano: the mano of the current round, or of the next one between rounds.
        pie: per team, its seat that plays last in the round (the next round's between rounds).
        teams: the seats of team 0 and of team 1.
        partners: this seat's partners (the other seats of its team).
        duel: in a pica round, the duel being played (0-2), else ``None``.
        duel_mano: the mano of that duel.
        round_over: the last round dealt is finished (between rounds, or the match is over); the JSON form calls
            it ``hand_over``.
        winner: the team that won the match, once it is over.
        hand: the seat's cards not yet played (empty for a spectator, and
            between rounds or once the match is over).
        envido_points: the seat's own envido points (``None`` for a spectator,
            between rounds or once the match is over).
        flor_points: the seat's own flor points, ``None`` without a flor (or when
            *envido_points* is ``None``).
        cards_left: how many cards each seat still holds.
        current_trick: ``(seat, card)`` played in the trick being played.
        tricks: the completed tricks of this round (or duel), with their winners.
        truco: the truco chain.
        pending: the call waiting for an answer, or ``None``.
        declaring: ``"envido"`` or ``"flor"`` while declarations are due, else ``None``.
        envido: the envido chain.
        flor: the flor chain (stage ``none`` without flor rules).
        round_points: points each team has had added to the score from this round; the JSON form calls it
            ``hand_points``.
        unscored: end-of-round presets: ``(team, points, category)`` won in this
            round and still to be added when it ends.
        folded: seats out of this round (in a pica duel: every seat not in the duel).
        to_act: seats that may act now (every one may ``timeout``).
        legal: this seat's legal actions now (empty for a spectator).
        history: this round's public history as notation, from its deal (which
            shows only this seat's cards: ``"deal 7C 6C 1E"``; ``"deal"`` for a
            spectator); before the first deal, the rock-paper-scissors draw, with
            another seat's choice as ``"<seat> rps ?"`` until both have chosen.
        call_values: what each of this seat's legal calls (truco, envido and contraflor families) would be
            worth, accepted and refused, in the order of :attr:`legal`.
        shown: the cards the rules showed at the end of this round (the envido winner's, in ``reglamento``
            and ``classic``), also between rounds until the next deal.

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
    rounds_dealt: int
    mano: int
    pie: tuple[int, int]
    teams: tuple[tuple[int, ...], tuple[int, ...]]
    partners: tuple[int, ...]
    duel: int | None
    duel_mano: int | None
    round_over: bool
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
    round_points: tuple[int, int]
    unscored: tuple[tuple[int, int, str], ...]
    folded: tuple[int, ...]
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    history: tuple[str, ...]
    shown: tuple[ShownCards, ...] = ()
    call_values: tuple[CallValue, ...] = ()

    # --- shorthands kept from the first views ---
    @property
    def truco_level(self) -> int:
        """Accepted truco level (0-3): ``truco.level``."""
        return self.truco.level

    @property
    def envido_calls(self) -> tuple[Kind, ...]:
        """The envido calls of this round, in order (answers left out)."""
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
            "hand_number": self.rounds_dealt,
            "mano": self.mano,
            "pie": list(self.pie),
            "teams": [list(self.teams[0]), list(self.teams[1])],
            "partners": list(self.partners),
            "duel": self.duel,
            "duel_mano": self.duel_mano,
            "hand_over": self.round_over,
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
            "hand_points": list(self.round_points),
            "unscored": [{"team": t, "points": p, "category": c} for t, p, c in self.unscored],
            "folded": list(self.folded),
            "to_act": list(self.to_act),
            "legal": [str(action) for action in self.legal],
            "history": list(self.history),
            "shown": [shown.to_json() for shown in self.shown],
            "call_values": [value.to_json() for value in self.call_values],
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


_RESEARCH_OPTIONS = {"hands": 0, "answer_in_turn": False}
"""Research options (issue 21): listed in a view's rules only when they are not at these defaults (as in no
preset), so that the views of every preset stay what they were."""


def _rules_json(rules: RuleSet) -> dict[str, Any]:
    out: dict[str, Any] = {"preset": rules.preset_name}
    for field in attrs.fields(RuleSet):
        if field.name == "preset_name":
            continue
        value = getattr(rules, field.name)
        if field.name in _RESEARCH_OPTIONS and value == _RESEARCH_OPTIONS[field.name]:
            continue
        if isinstance(value, tuple):
            value = list(value)
        elif hasattr(value, "value") and not isinstance(value, (bool, int)):
            value = value.value
        out[field.name] = value
    return out


def _rules_from_json(data: Any) -> RuleSet:
    """The full rules object of a view (every option) back to a RuleSet."""
    if not isinstance(data, Mapping):
        raise ViewError("rules must be an object")
    base = RuleSet.preset(data["preset"])
    known = {**_rules_json(base), **_RESEARCH_OPTIONS}
    if not set(known) - set(_RESEARCH_OPTIONS) <= set(data) <= set(known):
        raise ViewError("rules must list every option")
    changes = {}
    for key, value in data.items():
        if key != "preset" and value != known[key]:
            changes[key] = tuple(value) if isinstance(value, list) else value
    return base.with_options(**changes) if changes else base


def _pending_from(data: Any) -> PendingCall | None:
    if data is None:
        return None
    return PendingCall(
        _kind(data["call"]),
        _int(data["seat"], "seat"),
        _ints(data["answerers"], "answerers"),
        _opt_int(data["if_accepted"], "if_accepted"),
        _int(data["if_refused"], "if_refused"),
    )


def _checked(data: Mapping[str, Any]) -> None:
    """Check the members read as they are (halves, teams, declaring, hand_over), in that order."""
    halves = data["halves"]
    if halves is not None and (
        not isinstance(halves, list) or len(halves) != 2 or any(h not in ("malas", "buenas") for h in halves)
    ):
        raise ViewError("halves must be null or two of 'malas', 'buenas'")
    teams = data["teams"]
    if not isinstance(teams, list) or len(teams) != 2:
        raise ViewError("teams must list two teams")
    if data["declaring"] not in (None, "envido", "flor"):
        raise ViewError("declaring must be null, 'envido' or 'flor'")
    if not isinstance(data["hand_over"], bool):
        raise ViewError("hand_over must be true or false")


def _legal_from(value: Any) -> tuple[Action, ...]:
    legal: list[Action] = []
    for text in value:
        try:
            legal.append(Action.parse(text))
        except NotationError as error:
            raise ViewError(str(error)) from None
    return tuple(legal)


def _truco_from(truco: Any) -> TrucoView:
    return TrucoView(
        _int(truco["level"], "level"),
        _int(truco["value"], "value"),
        _opt_int(truco["quiero_team"], "quiero_team"),
        _calls_from(truco["calls"]),
        None if truco["waiting"] is None else _calls_from([truco["waiting"]])[0],
    )


def _history_from(history: Any) -> tuple[str, ...]:
    if not isinstance(history, list) or any(not isinstance(h, str) for h in history):
        raise ViewError("history must be a list of texts")
    if len(history) > _MAX_HISTORY or any(len(h) > _MAX_TEXT for h in history):
        raise ViewError(f"history must list at most {_MAX_HISTORY} texts of at most {_MAX_TEXT} characters")
    return tuple(history)


def _view_from_json(data: Any) -> SeatView:
    if not isinstance(data, Mapping):
        raise ViewError("a view is a JSON object")
    if data.get("format") != VIEW_FORMAT:
        raise ViewError(f"format must be {VIEW_FORMAT!r}")
    rules = _rules_from_json(data["rules"])
    pending = _pending_from(data["pending"])
    truco = data["truco"]
    _checked(data)
    halves, teams = data["halves"], data["teams"]
    unscored = tuple(
        (_int(u["team"], "team"), _int(u["points"], "points"), str(u["category"])) for u in data["unscored"]
    )
    legal = _legal_from(data["legal"])
    history = _history_from(data["history"])
    seen = SeatView(
        seat=_opt_int(data["seat"], "seat"),
        rules=rules,
        phase=Phase(data["phase"]),
        score=_pair(data["score"], "score"),
        chicos=_pair(data["chicos"], "chicos"),
        halves=None if halves is None else (halves[0], halves[1]),
        rounds_dealt=_int(data["hand_number"], "hand_number"),
        mano=_int(data["mano"], "mano"),
        pie=_pair(data["pie"], "pie"),
        teams=(_ints(teams[0], "teams"), _ints(teams[1], "teams")),
        partners=_ints(data["partners"], "partners"),
        duel=_opt_int(data["duel"], "duel"),
        duel_mano=_opt_int(data["duel_mano"], "duel_mano"),
        round_over=data["hand_over"],
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
        truco=_truco_from(truco),
        pending=pending,
        declaring=data["declaring"],
        envido=_chain_from(data["envido"]),
        flor=_chain_from(data["flor"]),
        round_points=_pair(data["hand_points"], "hand_points"),
        unscored=unscored,
        folded=_ints(data["folded"], "folded"),
        to_act=_ints(data["to_act"], "to_act"),
        legal=legal,
        history=history,
        shown=_shown_from(data["shown"]),
        call_values=_call_values_from(data["call_values"]),
    )
    problem = _view_problem(seen)
    if problem is not None:
        raise ViewError(f"not a view a table can show: {problem}")
    return seen


def _seats_problem(name: str, seats: Any, n: int) -> str | None:
    for seat in seats:
        if seat is not None and not 0 <= seat < n:
            return f"{name} names seat {seat}, and the table has seats 0 to {n - 1}"
    return None


def _cards_problem(name: str, cards: tuple[Card, ...], most: int) -> str | None:
    if len(cards) > most:
        return f"{name} lists {len(cards)} cards, more than {most}"
    if len(set(cards)) != len(cards):
        return f"{name} lists a card twice"
    return None


def _plays_problem(name: str, plays: tuple[tuple[int, Card], ...], n: int) -> str | None:
    seats = [seat for seat, _ in plays]
    if len(set(seats)) != len(seats):
        return f"{name} has two cards of one seat"
    return _seats_problem(name, seats, n) or _cards_problem(name, tuple(card for _, card in plays), n)


def _chain_problem(name: str, chain: ChainView, stages: frozenset[str], n: int) -> str | None:
    if chain.stage not in stages:
        return f"{name}.stage is not one of {', '.join(sorted(stages))}"
    seats = [call.seat for call in chain.calls] + [d.seat for d in chain.declarations] + [chain.winner]
    if any(d.points is not None and not 0 <= d.points <= 99 for d in chain.declarations):
        return f"{name} declares points that are not 0-99"
    return _seats_problem(name, [*seats, *chain.sung], n)


def _view_problem(seen: SeatView) -> str | None:
    """What no table could show in *seen* (ranges and consistency), or ``None``; what the library's consumers of
    a view (table_svg, round_win_chance, the bots, the text helpers) rely on."""
    n = seen.rules.players
    seat = seen.seat
    teams = (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
    checks: list[str | None] = [
        _seats_problem("seat", [seat, seen.mano, seen.duel_mano], n),
        None if seen.teams == teams else f"teams must be {[list(t) for t in teams]} at a table of {n}",
        _seats_problem("pie", [p for p in seen.pie if p != -1], n),
        _seats_problem("to_act", seen.to_act, n) or _seats_problem("folded", seen.folded, n),
        None if len(seen.cards_left) == n else f"cards_left must list one count per seat ({n})",
        None if all(0 <= c <= 3 for c in seen.cards_left) else "cards_left must be counts from 0 to 3",
        _cards_problem("hand", seen.hand, 3),
        _plays_problem("current_trick", seen.current_trick, n),
        None if len(seen.tricks) <= 3 else "a hand has at most three tricks",
        None if seen.winner in (None, 0, 1) else "winner must be null, 0 or 1",
        None if seen.truco.level in (0, 1, 2, 3) else "truco.level must be 0 to 3",
        None if seen.truco.quiero_team in (None, 0, 1) else "truco.quiero_team must be null, 0 or 1",
        _seats_problem("truco.calls", [c.seat for c in seen.truco.calls], n),
        _chain_problem("envido", seen.envido, _ENVIDO_STAGES, n),
        _chain_problem("flor", seen.flor, _FLOR_STAGES, n),
        None if seen.duel is None or 0 <= seen.duel < n // 2 else f"duel must be null or 0 to {n // 2 - 1}",
        None if 0 <= seen.rounds_dealt <= 50_000 else "hand_number must be 0 to 50,000 (a record's hands)",
        None if min(*seen.score, *seen.chicos, *seen.round_points) >= 0 else "scores and points are never negative",
        None
        if all(u[0] in (0, 1) and u[1] >= 0 for u in seen.unscored)
        else "unscored lists a team or points that cannot be",
        None
        if all(0 <= p <= 99 for p in (seen.envido_points, seen.flor_points) if p is not None)
        else "points must be 0-99",
    ]
    if seen.pending is not None:
        checks.append(_seats_problem("pending", [seen.pending.seat, *seen.pending.answerers], n))
    for trick in seen.tricks:
        checks.append(_plays_problem("tricks", trick.plays, n) or _seats_problem("tricks", [trick.seat], n))
        checks.append(None if trick.team in (None, 0, 1) else "a trick's team must be null, 0 or 1")
    if seat is None:
        checks.append(
            None
            if not seen.legal and not seen.hand and not seen.partners
            else "a spectator has no cards, partners or actions"
        )
    else:
        partners = tuple(s for s in teams[seat & 1] if s != seat)
        checks.append(None if seen.partners == partners else f"seat {seat}'s partners are {list(partners)}")
        checks.append(None if all(a.seat == seat for a in seen.legal) else "legal lists another seat's action")
        if seat in seen.to_act and not seen.legal:
            checks.append(f"seat {seat} is to act and has no legal action")
        if seat not in seen.to_act and seen.legal:
            checks.append(f"seat {seat} is not to act and has legal actions")
    return next((problem for problem in checks if problem is not None), None)


def _call_values_from(value: Any) -> tuple[CallValue, ...]:
    if not isinstance(value, list) or any(not isinstance(item, Mapping) for item in value):
        raise ViewError("member 'call_values' must be a list of {call, if_accepted, if_refused}")
    return tuple(
        CallValue(_kind(v["call"]), _opt_int(v["if_accepted"], "if_accepted"), _int(v["if_refused"], "if_refused"))
        for v in value
    )


def _shown_from(value: Any) -> tuple[ShownCards, ...]:
    if not isinstance(value, list):
        raise ViewError("member 'shown' must be a list")
    out = []
    for item in value:
        if not isinstance(item, Mapping) or not isinstance(item.get("cards"), list):
            raise ViewError("a shown entry is {seat, cards, points}")
        cards = tuple(_card(c) for c in item["cards"])
        out.append(ShownCards(_int(item["seat"], "seat"), cards, _int(item["points"], "points")))
    return tuple(out)

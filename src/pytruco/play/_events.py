"""What ``pytruco play`` tells the player as the game goes: one line (or two) per event, in the player's words.

A :class:`Narrator` keeps what the telling needs to remember within a hand (the points each seat declared, how the
envido ended, the score as the points are added one by one) and tells each event with the teller of its kind.

>>> import io
>>> from pytruco import Action, Deal, RuleSet, apply, new_game
>>> from pytruco.play._events import Narrator
>>> from pytruco.play._screen import Screen
>>> state = new_game("default", first_mano=0)
>>> narrator = Narrator(Screen(io.StringIO(), "en", state.rules, 0, color=False))
>>> state, events = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> narrator.tell(state, events, state.score)  # a deal: the score the hand starts from
>>> before = state.score
>>> state, events = apply(state, Action.parse("0 truco"))
>>> narrator.tell(state, events, before)
>>> print(narrator.screen.out.getvalue(), end="")
<BLANKLINE>
── Hand 1 · you are mano ──
  You: Truco!
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .._engine import State
from ..actions import Action, Kind
from ..events import Event, EventKind
from ._screen import Screen
from ._words import CALL_NAMES, CALL_SHOUT, KIND_WORDS

__all__ = ["Narrator"]

_KINDS_BY_WORD = {kind.value: kind for kind in Kind}
_MOVED = {"false envido": "moved_false", "envido not shown": "moved_unshown", "flor lost by folding": "moved_flor"}


class Narrator:
    """Tells the events of a game on *screen*, as its seat hears them.

    >>> import io
    >>> from pytruco import Action, Deal, apply, new_game
    >>> from pytruco.play._events import Narrator
    >>> from pytruco.play._screen import Screen
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> narrator = Narrator(Screen(io.StringIO(), "es", state.rules, 1, color=False))
    >>> before = state.score
    >>> state, events = apply(state, Action.parse("0 mazo"))
    >>> narrator.tell(state, events, before)
    >>> print(*narrator.screen.out.getvalue().splitlines()[:3], sep="\\n")
      Bot: ¡Me voy al mazo!
      Mano para vos.
      Vos +1 (truco). Vos 1 \u2013 Bot 0 (malas)
    """

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.declared: dict[int, int] = {}
        self.envido_result = ""
        """How the envido of this hand ended, in the player's words ("" while it has not)."""
        self.running = [0, 0]

    def tell(self, state: State, events: Iterable[Event], score: tuple[int, int]) -> None:
        """Tell *events*, which led to *state*; *score* is the score they start from."""
        self.running = list(score)
        for event in events:
            teller = _TELLERS.get(event.kind)
            if teller is not None:
                teller(self, state, event)

    def _line(self, text: str) -> None:
        self.screen.say("  " + text)

    def _dealt(self, state: State, event: Event) -> None:
        s, t = self.screen, self.screen.t
        self.declared.clear()
        self.envido_result = ""
        number = state.rounds_dealt
        mano = event.seat if event.seat is not None else 0
        line = (
            t["new_hand_you"].format(number=number)
            if mano == s.seat
            else t["new_hand"].format(number=number, who=s.who(mano))
        )
        s.say()
        s.say(s.paint(line + (t["pica"] if event.detail == "pica" else ""), "1;36"))

    def _card_played(self, state: State, event: Event) -> None:
        s, t = self.screen, self.screen.t
        if event.seat is None or event.card is None:
            return
        if event.seat != s.seat:
            self._line(t["plays"].format(who=s.who(event.seat), card=s.card(event.card, long=True)))
        else:
            self._line(t["you_play"].format(card=s.card(event.card, long=True)))

    def _called(self, state: State, event: Event) -> None:
        s, t = self.screen, self.screen.t
        if event.seat is None:
            return
        called = _KINDS_BY_WORD.get(event.detail)
        word = KIND_WORDS["es"].get(called, event.detail) if called is not None else event.detail
        if called in (Kind.RETRUCO, Kind.VALE_CUATRO):
            word = CALL_NAMES[s.lang][called]
        shout = CALL_SHOUT[s.lang].format(word[:1].upper() + word[1:])
        self._line(s.paint(t["actor_said"].format(who=s.who(event.seat), what=shout), "1;35"))

    def _declared(self, state: State, event: Event) -> None:
        s, t = self.screen, self.screen.t
        if event.seat is None:
            return
        if event.detail.startswith("tengo"):
            self.declared[event.seat] = event.points
            what = t["tengo"].format(points=event.points)
        else:
            what = KIND_WORDS[s.lang][Kind.SON_BUENAS]
        self._line(t["actor_said"].format(who=s.who(event.seat), what=what))

    def _trick_won(self, state: State, event: Event) -> None:
        s = self.screen
        if event.team is not None:
            self._line(s.t["trick_won_ev"].format(who=s.mid(s.team(event.team))))

    def _trick_parda(self, state: State, event: Event) -> None:
        self._line(self.screen.t["trick_parda_ev"])

    def _hand_won(self, state: State, event: Event) -> None:
        s = self.screen
        if event.team is not None:
            self._line(s.t["hand_won"].format(who=s.mid(s.team(event.team))))

    def _envido_won(self, state: State, event: Event) -> None:
        s, t = self.screen, self.screen.t
        if event.seat is None:
            return
        points = self.declared.get(event.seat)
        if points is not None:
            self._line(t["envido_won_ev"].format(who=s.mid(s.who(event.seat)), points=points))
            self.envido_result = t["envido_won"].format(who=s.mid(s.who(event.seat)), points=points)
        else:
            self._line(t["envido_won_nopoints"].format(who=s.mid(s.who(event.seat))))
            self.envido_result = t["envido_refused"]

    def _envido_void(self, state: State, event: Event) -> None:
        self._line(self.screen.t["envido_void_ev"])
        self.envido_result = self.screen.t["envido_void"]

    def _flor_won(self, state: State, event: Event) -> None:
        s = self.screen
        if event.seat is not None:
            self._line(s.t["flor_won_ev"].format(who=s.mid(s.who(event.seat))))

    def _folded(self, state: State, event: Event) -> None:
        self._seat_said("folded", event)

    def _timed_out(self, state: State, event: Event) -> None:
        self._seat_said("timed_out", event)

    def _surrendered(self, state: State, event: Event) -> None:
        self._seat_said("surrendered", event)

    def _seat_said(self, key: str, event: Event) -> None:
        if event.seat is not None:
            self._line(self.screen.t[key].format(who=self.screen.who(event.seat)))

    def _points(self, state: State, event: Event) -> None:
        s, t = self.screen, self.screen.t
        if event.team is None:
            return
        reason = {
            "envido": t["reason_envido"],
            "flor": t["reason_flor"],
            "truco": t["reason_truco"],
            "penalty": t["reason_penalty"],
        }.get(event.detail, event.detail)
        if event.detail == "envido" and not self.envido_result:
            self.envido_result = t["envido_refused"]
        self.running[event.team] += event.points
        line = t["points"].format(
            who=s.team(event.team),
            points=event.points,
            reason=reason,
            score=s.score((self.running[0], self.running[1])),
        )
        self._line(s.paint(line, "1;32" if event.team == s.seat & 1 else "1;31"))

    def _points_moved(self, state: State, event: Event) -> None:
        s, t = self.screen, self.screen.t
        if event.team is None:
            return
        key = _MOVED.get(event.detail, "moved_other")
        self._line(
            t[key].format(loser=s.mid(s.team(1 - event.team)), winner=s.mid(s.team(event.team)), detail=event.detail)
        )

    def _rps_tie(self, state: State, event: Event) -> None:
        self._line(self.screen.t["rps_tie"].format(choice=event.detail))

    def _first_mano(self, state: State, event: Event) -> None:
        s, t = self.screen, self.screen.t
        if event.seat is None:
            return
        chosen = [a for a in state.history if isinstance(a, Action) and a.kind is Kind.RPS][-2:]
        if len(chosen) == 2:
            self._line(", ".join(t["actor_said"].format(who=s.who(a.seat), what=s.action(a)) for a in chosen))
        self._line(t["rps_first"].format(who=s.mid(s.who(event.seat))))

    def _chico_won(self, state: State, event: Event) -> None:
        s = self.screen
        if event.team is not None and state.rules.chicos_to_win > 1:
            self._line(s.paint(s.t["chico_won"].format(who=s.mid(s.team(event.team))), "1"))


_TELLERS: dict[EventKind, Callable[[Narrator, State, Event], None]] = {
    EventKind.DEALT: Narrator._dealt,
    EventKind.CARD_PLAYED: Narrator._card_played,
    EventKind.CALLED: Narrator._called,
    EventKind.DECLARED: Narrator._declared,
    EventKind.TRICK_WON: Narrator._trick_won,
    EventKind.TRICK_PARDA: Narrator._trick_parda,
    EventKind.HAND_WON: Narrator._hand_won,
    EventKind.ENVIDO_WON: Narrator._envido_won,
    EventKind.ENVIDO_VOID: Narrator._envido_void,
    EventKind.FLOR_WON: Narrator._flor_won,
    EventKind.FOLDED: Narrator._folded,
    EventKind.TIMED_OUT: Narrator._timed_out,
    EventKind.POINTS: Narrator._points,
    EventKind.POINTS_MOVED: Narrator._points_moved,
    EventKind.RPS_TIE: Narrator._rps_tie,
    EventKind.FIRST_MANO: Narrator._first_mano,
    EventKind.CHICO_WON: Narrator._chico_won,
    EventKind.SURRENDERED: Narrator._surrendered,
}
"""The teller of each kind of event; the other kinds are not told."""

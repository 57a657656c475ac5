"""What the player of ``pytruco play`` reads: names, colour, the table, the options and the help.

:class:`Screen` knows the player's seat, language and whether to colour; it says a card, an action, a team or the
score in the player's words, and draws the table and the numbered options of a turn. (What happens, event by
event, is told by :mod:`pytruco.play._events`.)

>>> import io
>>> from pytruco import RuleSet, new_game, view
>>> from pytruco.play._screen import Screen
>>> screen = Screen(io.StringIO(), "es", RuleSet.preset("online"), 0, color=False)
>>> [screen.action(a) for a in screen.show_options(new_game("online"), view(new_game("online"), 0))]
['piedra', 'papel', 'tijera']
>>> print(screen.out.getvalue(), end="")
Piedra, papel o tijera: el que gana es mano.
Podés:
  1) piedra
  2) papel
  3) tijera
"""

from __future__ import annotations

from typing import TextIO

from .._engine import Round, State
from ..actions import TRUCO_CALLS, Action, Kind
from ..bots import finished_tricks
from ..cards import ALL_CARDS, Card, Suit
from ..rules import RuleSet
from ..text import card_name
from ..views import SeatView, halves
from ._input import menu, true_declarations
from ._words import CALL_NAMES, KIND_WORDS, RPS_WORDS, SENTENCES

__all__ = ["Screen"]


class Screen:
    """Everything the player reads: the seats' names, the words of the player's language and colour; what it
    writes goes to *out*.

    >>> import io
    >>> from pytruco import Card, RuleSet
    >>> from pytruco.play._screen import Screen
    >>> screen = Screen(io.StringIO(), "en", RuleSet.preset("default"), 0, color=False)
    >>> screen.who(1), screen.team(0), screen.mid(screen.who(0)), screen.card(Card.parse("1E"), long=True)
    ('Bot', 'You', 'you', '1E (ace of swords)')
    >>> screen.score((16, 3)).endswith("Bot 3 (You in buenas)")
    True
    >>> screen.say(screen.paint("Hello", "1")); screen.out.getvalue()
    'Hello\\n'
    """

    def __init__(self, out: TextIO, lang: str, rules: RuleSet, seat: int, color: bool) -> None:
        self.out = out
        self.lang = lang
        self.t = SENTENCES[lang]
        self.rules = rules
        self.seat = seat
        self.color = color
        n = rules.players
        self.names: dict[int, str] = {}
        bots = [s for s in range(n) if s & 1 != seat & 1]
        for s in range(n):
            if s == seat:
                self.names[s] = self.t["you"]
            elif s & 1 == seat & 1:
                self.names[s] = self.t["partner"]
            else:
                self.names[s] = self.t["bot"] if len(bots) == 1 else f"{self.t['bot']} {bots.index(s) + 1}"

    def paint(self, text: str, code: str) -> str:
        """*text* in the ANSI colour *code*, when colour is on."""
        return f"\x1b[{code}m{text}\x1b[0m" if self.color else text

    def say(self, text: str = "") -> None:
        """Write a line."""
        self.out.write(text + "\n")

    def team(self, team: int) -> str:
        """A team's name: the seat's own name at a table of two, "us" or "them" at four."""
        if self.rules.players == 2:
            return self.names[self.seat if team == self.seat & 1 else 1 - self.seat]
        return self.t["us"] if team == self.seat & 1 else self.t["them"]

    def who(self, seat: int) -> str:
        """A seat's name."""
        return self.names[seat]

    def mid(self, name: str) -> str:
        """*name* inside a sentence: "vos", "you", "us", "them" in lower case (and "we", "they" as objects:
        "Hand to us.")."""
        t = self.t
        return {t["you"]: t["you_lower"], t["us"]: t["us_mid"], t["them"]: t["them_mid"]}.get(name, name)

    def card(self, card: Card, *, long: bool = False) -> str:
        """A card in its suit's colour; *long* adds its name as :func:`pytruco.text.card_name` says it
        ("1E (ancho de espadas)")."""
        colour = {Suit.ESPADAS: "34", Suit.BASTOS: "32", Suit.OROS: "33", Suit.COPAS: "31"}[card.suit]
        text = str(card)
        if long:
            text += f" ({card_name(card, self.lang)})"  # type: ignore[arg-type]
        return self.paint(text, colour + ";1")

    def score(self, score: tuple[int, int]) -> str:
        """The score, the player's team first, with malas and buenas where the preset has them."""
        mine = self.seat & 1
        text = self.t["score"].format(a=self.team(mine), x=score[mine], b=self.team(1 - mine), y=score[1 - mine])
        named = halves(self.rules, score)  # the view's answer (PRESETS.md §8.32)
        if named is None:
            return text
        buenas = [named[mine] == "buenas", named[1 - mine] == "buenas"]
        if buenas[0] == buenas[1]:
            text += f" ({self.t['buenas'] if buenas[0] else self.t['malas']})"
        else:
            text += " (" + self.t["in_buenas"].format(who=self.team(mine if buenas[0] else 1 - mine)) + ")"
        return text

    def action(self, action: Action, *, answering: bool = False) -> str:
        """What *action* is called in a menu (a truco call *answering* one is "quiero retruco")."""
        if action.kind is Kind.PLAY:
            assert action.card is not None
            return self.t["play_card"].format(card=self.card(action.card, long=True))
        if action.kind is Kind.TENGO:
            return self.t["tengo"].format(points=action.points)
        if action.kind is Kind.RPS:
            assert action.choice is not None
            return RPS_WORDS[self.lang][action.choice.value]
        if action.kind in TRUCO_CALLS and not answering:
            return CALL_NAMES[self.lang][action.kind]
        return KIND_WORDS[self.lang][action.kind]

    # -- the table and the options ------------------------------------------
    def show_table(self, state: State, seen: SeatView, envido_result: str) -> None:
        """The score, the calls of the round (*envido_result*: how its envido ended, if it did), the tricks, the
        cards on the table and the player's cards."""
        t = self.t
        self.say()
        self.say(self.paint(self.score(seen.score), "1"))
        if state.rules.chicos_to_win > 1:
            mine = self.seat & 1
            self.say(
                t["chicos"].format(
                    a=self.team(mine), x=seen.chicos[mine], b=self.team(1 - mine), y=seen.chicos[1 - mine]
                )
            )
        r = state.round
        if r is not None:
            self.say(self._truco_words(r))
            refused = bool(seen.envido.calls) and seen.envido.calls[-1].call is Kind.NO_QUIERO
            self.say(self._envido_words(r, envido_result or (t["envido_refused"] if refused else "")))
            if r.flor_sung:
                self.say(t["flor_sung"].format(who=", ".join(self.mid(self.who(x)) for x in sorted(r.flor_sung))))
        tricks = finished_tricks(seen)
        if tricks:
            self.say(t["tricks"])
            for number, (plays, team) in enumerate(tricks, 1):
                cards = ", ".join(f"{self.who(x)} {self.card(c)}" for x, c in plays)
                result = t["trick_parda"] if team is None else t["trick_won"].format(who=self.mid(self.team(team)))
                self.say(t["trick_line"].format(n=number, plays=cards, result=result))
        if seen.current_trick:
            self.say(t["table"].format(cards=", ".join(f"{self.who(x)} {self.card(c)}" for x, c in seen.current_trick)))
        elif seen.hand or tricks:
            self.say(t["table_empty"])
        if seen.hand:
            self.say(t["your_cards"].format(cards="  ".join(self.card(c, long=True) for c in seen.hand)))

    def _truco_words(self, r: Round) -> str:
        t = self.t
        names = CALL_NAMES[self.lang]
        pending = r.pending
        if pending is not None and pending[0] in TRUCO_CALLS:
            return t["truco_pending"].format(who=self.mid(self.who(pending[1])), call=names[pending[0]])
        if r.truco_level:
            text = t["truco_level"].format(call=names[TRUCO_CALLS[r.truco_level - 1]], value=r.truco_value)
            holder = r.quiero_team
            if holder is not None and r.truco_level < 3:
                text += self._may_raise(holder)
            return text
        return t["truco_none"]

    def _may_raise(self, team: int) -> str:
        """Who may raise the truco (the team that holds the quiero): "(podés subir vos)", "(Bot may raise)"."""
        if team == self.seat & 1:
            key = "holder_you" if self.rules.players == 2 else "holder_us"
        else:
            key = "holder_bot" if self.rules.players == 2 else "holder_them"
        return self.t[key].format(who=self.team(team))

    def _envido_words(self, r: Round, envido_result: str) -> str:
        t = self.t
        if not r.envido_calls:
            return t["envido_none"]
        calls = ", ".join(KIND_WORDS["es"][k] for k in r.envido_calls)
        pending = r.pending
        if pending is not None and pending[0] in (Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO):
            return t["envido_pending"].format(calls=calls)
        if r.declaring == "envido":
            return t["envido_declaring"].format(calls=calls)
        return t["envido_done"].format(calls=calls, result=envido_result or "—")

    def show_help(self) -> None:
        """How to play, the suits, the ranking of the cards and how the envido counts."""
        t = self.t
        self.say(t["help"])
        self.say(t["suits"])
        self.say(t["ranking"])
        by_strength: dict[int, list[Card]] = {}
        for card in ALL_CARDS:
            by_strength.setdefault(card.strength, []).append(card)
        for strength in sorted(by_strength, reverse=True):
            self.say("  " + " = ".join(self.card(c, long=True) for c in by_strength[strength]))
        self.say(t["envido_rule"])

    def show_options(self, state: State, seen: SeatView) -> list[Action]:
        """What the player is asked (an answer, points, rock-paper-scissors or a move) and the numbered options;
        returns the options in their numbers' order (:func:`~pytruco.play._input.menu`)."""
        t = self.t
        r = state.round
        pending = r.pending if r is not None else None
        answering = pending is not None and pending[1] & 1 != self.seat & 1
        if pending is not None and answering:
            name = KIND_WORDS[self.lang][pending[0]] if pending[0] not in TRUCO_CALLS else None
            call = name if name is not None else CALL_NAMES[self.lang][pending[0]]
            self.say(self.paint(t["called_you"].format(call=call, who=self.who(pending[1])), "1;35"))
        elif r is not None and r.declaring is not None:
            self.say(t["declare"])
        elif seen.legal and seen.legal[0].kind is Kind.RPS:
            self.say(t["rps_ask"])
        else:
            self.say(t["your_turn"])
        options = menu(seen)
        tengos = [a for a in seen.legal if a.kind is Kind.TENGO]
        if len(tengos) > 2:
            true = sorted(true_declarations(seen))
            self.say(self.paint(t["bluff_hint"].format(points=" / ".join(str(p) for p in true)), "33"))
        self.say(t["options"])
        for number, action in enumerate(options, 1):
            self.say(f"  {number}) {self.action(action, answering=answering)}")
        if len(tengos) > 2:
            values = sorted(a.points or 0 for a in tengos)
            self.say("     " + t["tengo_free"].format(range=f"{values[0]}-{values[-1]}"))
        return options

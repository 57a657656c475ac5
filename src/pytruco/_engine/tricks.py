"""Tricks: who wins a trick, and who wins the round from its tricks.

>>> from pytruco.cards import Card
>>> from pytruco.rules import PardaRule
>>> trick_result(((0, Card.parse("3E")), (1, Card.parse("3O"))))
(None, None)
>>> hand_winner((0, None), mano_team=1, rule=PardaRule.FIRST_DECISIVE)
0
>>> hand_winner((0, None), mano_team=1, rule=PardaRule.NEXT_TRICK) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..actions import PLAY_ACTIONS, Action
from ..cards import Card
from ..events import EventLog
from ..rules import PardaRule
from .awaiting import blocker
from .refusals import Refusal
from .scoring import finish_round, win_round
from .stages import (
    AWAIT_TURN,
    EVENT_TRICK_PARDA,
    EVENT_TRICK_WON,
    PARDA_NEXT_TRICK,
    Awaiting,
    Trick,
    card_played_event,
    simple_event,
)
from .state import Round, State

__all__ = ["hand_winner", "trick_result"]

_new_trick = tuple.__new__  # Trick(...) without the Python-level __new__ (the reducer's hot path)


def trick_result(plays: Sequence[tuple[int, Card]]) -> tuple[int | None, int | None]:
    """``(team, seat)`` winning a complete trick, or ``(None, None)`` for a parda.

    The best card wins. When the best cards were played by partners, their
    team wins and the partner who played first leads next; a parda needs
    equal best cards on both teams (PRESETS.md §3, §8.4).
    """
    best = -1
    seat = -1
    teams = 0
    for player, card in plays:
        strength = card.strength
        if strength > best:
            best, seat, teams = strength, player, 1 << (player & 1)
        elif strength == best:
            teams |= 1 << (player & 1)
    if teams == 3:
        return None, None
    return seat & 1, seat


def hand_winner(results: Sequence[int | None], mano_team: int, rule: PardaRule) -> int | None:
    """The team that wins the round after the tricks *results* (team or
    ``None`` for a parda, in order), or ``None`` while undecided.

    ``first-decisive`` (PRESETS.md §3): two tricks win; once a trick is a
    parda the first trick that was not decides; three pardas: the mano.
    ``next-trick`` (``ladder``, literal reading of its seed): a parda sends
    the decision to the next trick; a parda in the last trick goes to the
    winner of the first; three pardas: the mano.
    """
    count = len(results)
    if rule is PARDA_NEXT_TRICK:
        if count < 2:
            return None
        first, second = results[0], results[1]
        if count == 2:
            if first is not None and first == second:
                return first
            if first is None and second is not None:
                return second
            return None
        third = results[2]
        if third is not None:
            return third
        if first is not None:
            return first
        return second if second is not None else mano_team
    wins = [0, 0]
    parda = False
    decided: int | None = None
    for result in results:
        if result is None:
            parda = True
        else:
            wins[result] += 1
            if decided is None:
                decided = result
    if wins[0] >= 2:
        return 0
    if wins[1] >= 2:
        return 1
    if parda:
        if decided is not None:
            return decided
        if count == 3:
            return mano_team
    return None


# --- cards on the table -----------------------------------------------------
def play_actions(r: Round, t: int, acts: list[Action]) -> None:
    """Seat *t* may play any card it holds, on its turn with nothing pending."""
    plays = _PLAY_ACTIONS[t]
    for card in r._held[t]:
        acts.append(plays[card.index])


def play_refusal(r: Round, s: int, card: Card | None, waits: Awaiting) -> Refusal:
    """Why seat *s*, which is to act, may not play *card* (:func:`play_actions` does not offer it): something is
    pending, or it does not hold the card."""
    if waits is not AWAIT_TURN:
        return Refusal("play-while-pending", {"seat": s, "card": str(card), "pending": blocker(r)})
    return Refusal("card-not-held", {"seat": s, "card": str(card)})


def play_card(st: State, r: Round, s: int, card: Card, events: EventLog) -> None:
    held = list(r._held)
    held[s] = tuple([c for c in held[s] if c is not card])
    r._held = tuple(held)
    r._cards_played += 1
    r._trick = (*r._trick, (s, card))
    events.append(card_played_event(s, card))
    nxt = next_in_trick(r, s)
    if nxt is None:
        complete_trick(st, r, events)
    else:
        r._turn = nxt


def next_in_trick(r: Round, s: int) -> int | None:
    """The next seat still in the round that has not played in this trick, or ``None``."""
    n = r._deal.n
    if n == 2:  # 1v1: a fold ends the round, so the other seat is still in
        return None if len(r._trick) == 2 else s ^ 1
    folded = r._folded
    for step in range(1, n):
        c = (s + step) % n
        if c in folded:
            continue
        for seat, _card in r._trick:
            if seat == c:
                return None
        return c
    return None


def _first_in_hand(r: Round, s: int) -> int:
    """*s*, or the next seat in playing order still in the round (§8.16)."""
    n = r._deal.n
    for step in range(n):
        c = (s + step) % n
        if c not in r._folded:
            return c
    return s


def complete_trick(st: State, r: Round, events: EventLog) -> None:
    team, seat = trick_result(r._trick)
    r._tricks = (*r._tricks, _new_trick(Trick, (r._trick, team, seat)))
    r._trick = ()
    if team is None:
        events.append(simple_event(EVENT_TRICK_PARDA))
    else:
        assert seat is not None  # a won trick has its winning seat
        events.append(simple_event(EVENT_TRICK_WON, seat, team))
    winner = hand_winner([t[1] for t in r._tricks], r._deal.mano & 1, st._opts.parda)  # t[1]: the team
    if winner is not None:
        win_round(st, r, winner, events)
        finish_round(st, r, events)
        return
    # The winner of a trick leads the next; after a parda, the mano (§3).
    leader = _first_in_hand(r, r._deal.mano if seat is None else seat)
    r._turn = leader


# Imported names the functions above read, as module-level Finals (C statics in the compiled build, where an
# imported name is a dictionary lookup).
_PLAY_ACTIONS: Final = PLAY_ACTIONS

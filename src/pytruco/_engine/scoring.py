"""Scoring: points won, when they reach the score, the end of a round, a chico and the match.

Presets that score at once add points as they are won; the others keep them
pending and add them when the round ends, envido points first: envido, flor and
the mazo's envido penalty (PRESETS.md §2, §8.33).
"""

from __future__ import annotations

from typing import Final

from ..cards import Card, envido_points_of
from ..events import EventLog
from .deal import duel_round
from .stages import (
    CAT_ENVIDO,
    CAT_FLOR,
    CAT_FLOR_LOST,
    CAT_PENALTY,
    CAT_TRUCO,
    CAT_UNSHOWN,
    ENVIDO_POINTS,
    EVENT_CHICO_WON,
    EVENT_DUEL_STARTED,
    EVENT_HAND_ENDED,
    EVENT_HAND_WON,
    EVENT_MATCH_OVER,
    EVENT_POINTS_MOVED,
    EVENT_SHOWN,
    PENALTY_NO_TRUCO,
    PENALTY_NONE,
    PHASE_DEAL,
    PHASE_OVER,
    SCORING_END_OF_HAND,
    TRUCO_VALUE,
    new_event,
    points_event,
    simple_event,
)
from .state import Round, State


def award(st: State, r: Round, team: int, points: int, category: str, events: EventLog) -> None:
    """Give *points* to *team*: at once, or when the round ends (§2)."""
    if points <= 0 or r._score.ended:
        return
    if category is CAT_FLOR and team in r._flor.forfeit:
        # §8.22: this team's flor points in the round go to the other team, as
        # points that never move again (§8.29).
        team = 1 - team
        category = CAT_FLOR_LOST
        events.append(new_event(EVENT_POINTS_MOVED, None, team, points, None, "flor lost by folding"))
    if not r._deal.defer:
        if add_points(st, r, team, points, category, events) >= st._opts.target:
            chico_won(st, r, team, events)
    else:
        r._edit_score().deferred = (*r._score.deferred, (team, points, category))


def add_points(st: State, r: Round, team: int, points: int, category: str, events: EventLog) -> int:
    """Add *points* to *team*'s score and to the round's points; returns the team's new score."""
    # Native ints, no list: compiled, a (int, int) field is a C pair that a list would box.
    score = r._edit_score()
    score0, score1 = st._score
    round0, round1 = score.points
    if team:
        st._score = (score0, score1 + points)
        score.points = (round0, round1 + points)
    else:
        st._score = (score0 + points, score1)
        score.points = (round0 + points, round1)
    events.append(points_event(team, points, CAT_FLOR if category is CAT_FLOR_LOST else category))
    return st._score[team]


def _flush(st: State, r: Round, events: EventLog) -> int | None:
    """Add the round's pending points: its envido points first (envido, flor
    and the mazo's envido penalty, in the order won), then its truco points
    (§2, §8.23, §8.33; all in the order won for a pica duel of a preset that
    scores at once). Returns the first team to reach the target in that
    order, or ``None``."""
    if not r._score.deferred:
        return None
    target = st._opts.target
    if st._opts.scoring is SCORING_END_OF_HAND:
        ordered = [p for p in r._score.deferred if p[2] in ENVIDO_POINTS]
        ordered += [p for p in r._score.deferred if p[2] not in ENVIDO_POINTS]
    else:
        ordered = list(r._score.deferred)
    reached = None
    for team, points, category in ordered:
        if add_points(st, r, team, points, category, events) >= target and reached is None:
            reached = team
    r._edit_score().deferred = ()
    return reached


def chico_won(st: State, r: Round, team: int, events: EventLog) -> None:
    rules = st._opts
    r._edit_score().ended = True
    events.append(simple_event(EVENT_CHICO_WON, -1, team))
    if rules.chicos_to_win > 1:
        chicos = list(st._chicos)
        chicos[team] += 1
        st._chicos = (chicos[0], chicos[1])
        if chicos[team] < rules.chicos_to_win and not _last_hand(st):
            st._reset_score = True
            _next_hand(st)
            return
    _match_over(st, team, events)


def _match_over(st: State, team: int, events: EventLog) -> None:
    st._phase = PHASE_OVER
    st._winner = team
    events.append(simple_event(EVENT_MATCH_OVER, -1, team))


def _last_hand(st: State) -> bool:
    """The research option ``hands``: the match has had all its hands."""
    hands = st._opts.hands
    return hands > 0 and st._hands_dealt >= hands


def _hands_played(st: State, r: Round, events: EventLog) -> None:
    """The last hand of a match of ``hands`` hands is over: the team ahead wins it (on equal points, the team that
    won the last hand's truco points; in a partido, the one ahead in chicos first)."""
    ahead = (st._chicos[0] - st._chicos[1], st._score[0] - st._score[1])
    if ahead[0]:
        team = 0 if ahead[0] > 0 else 1
    elif ahead[1]:
        team = 0 if ahead[1] > 0 else 1
    else:
        winner = r._score.winner
        team = winner if winner is not None else st._mano & 1
    _match_over(st, team, events)


def _next_hand(st: State) -> None:
    st._phase = PHASE_DEAL
    if st._pica is not None:
        st._mano = st._pica[1]
        st._pica = None
    st._mano = (st._mano + 1) % st._opts.players


def win_round(st: State, r: Round, team: int, events: EventLog) -> None:
    """*team* wins the round: it scores the round's truco value."""
    r._edit_score().winner = team
    events.append(simple_event(EVENT_HAND_WON, -1, team))
    award(st, r, team, TRUCO_VALUE[r._truco.level], CAT_TRUCO, events)


def finish_round(st: State, r: Round, events: EventLog) -> None:
    """The round is over: shown cards settle a deferred envido, pending
    points are added, and the next round (or the end) follows."""
    score = r._edit_score()
    if score.ended:
        return
    if r._envido.unshown is not None:
        _show_envido(st, r, events)
        if score.ended:
            return
    pica = st._pica
    more_duels = pica is not None and pica[0] < 2
    carry = more_duels and st._opts.scoring is SCORING_END_OF_HAND
    reached = _flush(st, r, events) if r._deal.defer and not carry else None
    events.append(
        simple_event(EVENT_HAND_ENDED)
        if pica is None
        else new_event(EVENT_HAND_ENDED, None, None, 0, None, f"duel {pica[0]}")
    )
    if reached is not None:
        chico_won(st, r, reached, events)
    elif more_duels and pica is not None:
        # The next duel of the pica hand starts from the same deal (§8.23).
        score.ended = True
        duel = pica[0] + 1
        st._pica = (duel, pica[1])
        nxt = duel_round(st._opts, r._deal.hands, pica[1], duel, score.deferred if carry else (), r._held)
        st._round = nxt
        events.append(new_event(EVENT_DUEL_STARTED, nxt._deal.mano, None, 0, None, str(duel)))
    else:
        score.ended = True
        if _last_hand(st):
            _hands_played(st, r, events)
        else:
            _next_hand(st)


def _deck_order(card: Card) -> int:
    return card.index


_SHOWN: Final[dict[int, tuple[Card, ...]]] = {}  # a hand's cards as a bit set (bit 40: three count) -> the cards shown


def shown_cards(cards: tuple[Card, ...], count_three: bool) -> tuple[Card, ...]:
    """The cards of a hand that make its envido points (:func:`envido_cards`), in the deck's order, so that
    the cards shown do not depend on the order they were dealt in (§1); each hand is worked out once.

    >>> from pytruco import Hand
    >>> [str(c) for c in shown_cards(Hand.parse("7E 12O 6E").cards, False)]
    ['6E', '7E']
    """
    key = 1 << 40 if count_three else 0
    for card in cards:
        key |= 1 << card.index
    shown = _SHOWN.get(key)
    if shown is None:
        shown = _SHOWN[key] = envido_cards(tuple(sorted(cards, key=_deck_order)), count_three)
    return shown


def _show_envido(st: State, r: Round, events: EventLog) -> None:
    """The cards are shown: settle the envido that waited for them (§5).

    A false winning declaration (``reglamento``) or a winner who folded
    before showing (``classic``) gives the points to the other team. The
    award keeps its place among the round's points, before any later flor.
    """
    deferred = r._envido.unshown
    assert deferred is not None
    r._edit_envido().unshown = None
    team, points, declared = deferred
    rules = st._opts
    seat = r._envido.winner
    assert seat is not None  # an unshown envido has its winner
    if rules.bluff or not r._envido.forfeit:
        # The winner shows the cards that make its points; a classic winner who folded without showing them
        # has forfeited, from cards already face up, and shows nothing more.
        true_points = r._deal.envido_points[seat]
        cards = shown_cards(r._deal.hands[seat].cards, rules.envido_count_three)
        for card in cards:
            events.append(new_event(EVENT_SHOWN, seat, seat & 1, true_points, card, "envido"))
        r._log = (("shown", seat, cards, true_points), r._log)
    if st._opts.bluff and declared != r._deal.envido_points[seat]:
        team = 1 - team
        events.append(new_event(EVENT_POINTS_MOVED, None, team, points, None, "false envido"))
    elif r._envido.forfeit:
        team = 1 - team
        events.append(new_event(EVENT_POINTS_MOVED, None, team, points, None, "envido not shown"))
    if r._deal.defer:
        r._edit_score().deferred = tuple(
            (team, points, CAT_ENVIDO) if category is CAT_UNSHOWN else (owner, value, category)
            for owner, value, category in r._score.deferred
        )
    else:
        award(st, r, team, points, CAT_ENVIDO, events)


def envido_cards(cards: tuple[Card, ...], count_three: bool) -> tuple[Card, ...]:
    """The cards that make the envido points of *cards* (§8.12, §8.19), in the order given: the suit's
    best two (all three where three count), else the one card of the best value (the first such card for 0).

    >>> from pytruco import Hand
    >>> [str(c) for c in envido_cards(Hand.parse("7E 12O 6E").cards, False)]
    ['7E', '6E']
    >>> [str(c) for c in envido_cards(Hand.parse("10E 5O 12C").cards, False)]
    ['5O']
    """
    best = envido_points_of(cards, count_three)
    for suit in dict.fromkeys(card.suit for card in cards):
        same = [card for card in cards if card.suit is suit]
        if len(same) >= 2:
            if not count_three:
                same = sorted(same, key=lambda card: -card.envido_value)[:2]
            if envido_points_of(same, count_three) == best:
                return tuple(card for card in cards if card in same)
    return next((card,) for card in cards if card.envido_value == best)


def mazo_penalty(st: State, r: Round, team: int, events: EventLog) -> None:
    """The envido penalty of the mazo (§7, §8.3) as ``mazo_penalty`` decides it (§9.4: never, §8.3 as written,
    or also after an accepted truco); its category makes it an envido point (§8.33)."""
    rule = st._opts.mazo_penalty
    if (
        rule is not PENALTY_NONE
        and not r._tricks
        and not r._envido.count
        and not r._flor.sung
        and not (rule is PENALTY_NO_TRUCO and r._truco.level)
    ):
        award(st, r, team, 1, CAT_PENALTY, events)

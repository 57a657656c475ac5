"""What a bot reads from its seat's view, the way a player reads the table.

The seat it plays, the actions of the round so far, the finished tricks, the
cards it has not seen and the call that waits for an answer: all from a
:class:`~pytruco.views.SeatView`, never from the full state.

>>> from pytruco import new_game, apply, Deal, Action, view
>>> from pytruco.bots._reading import round_actions, seat_of, unseen_cards
>>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
>>> state, _ = apply(state, Action.parse("0 4C"))
>>> seen = view(state, 1)
>>> seat_of(seen), round_actions(seen), len(unseen_cards(seen))
(1, [Action('0 4C')], 36)
"""

from __future__ import annotations

from collections.abc import Sequence

from .._engine import Phase
from ..actions import ENVIDO_CALLS, TRUCO_CALLS, Action, Kind
from ..cards import ALL_CARDS, Card, Hand
from ..errors import ArgumentError, require
from ..views import SeatView

__all__ = [
    "by_kind",
    "call_to_answer",
    "dealt_cards",
    "dealt_envido_points",
    "finished_tricks",
    "left_to_heuristic",
    "round_actions",
    "seat_of",
    "unseen_cards",
]

_ROUTINE = frozenset({Kind.TENGO, Kind.SON_BUENAS, Kind.RPS})


def left_to_heuristic(seen: SeatView) -> bool:
    """Whether a searching bot leaves this decision to the heuristic: no choice, a table not in play, a
    declaration (``tengo``, ``son-buenas``), rock-paper-scissors, or a flor the rules make mandatory.

    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots._reading import left_to_heuristic
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> left_to_heuristic(view(state, 0)), left_to_heuristic(view(new_game("default"), 0))
    (False, True)
    """
    legal = seen.legal
    if len(legal) <= 1 or seen.phase is not Phase.PLAY:
        return True
    kinds = {a.kind for a in legal}
    return bool(kinds & _ROUTINE) or (Kind.FLOR in kinds and seen.rules.flor_mandatory)


def round_actions(seen: SeatView) -> list[Action]:
    """The public actions of the current round (after its last deal).

    >>> from pytruco import new_game, apply, Deal, Action, view
    >>> from pytruco.bots._reading import round_actions
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 envido"))
    >>> round_actions(view(state, 1))
    [Action('0 envido')]
    """
    history = seen.history
    start = 0
    for index in range(len(history) - 1, -1, -1):
        if history[index].startswith("deal "):
            start = index + 1
            break
    return [Action.parse(text) for text in history[start:]]


def seat_of(seen: SeatView) -> int:
    """The seat of *seen* (a bot plays a seat; a spectator's view has none).

    Raises:
        ArgumentError: *seen* is a spectator's view.

    >>> from pytruco import new_game, view
    >>> from pytruco.bots._reading import seat_of
    >>> seat_of(view(new_game("default"), 1))
    1
    >>> seat_of(view(new_game("default"), None))
    Traceback (most recent call last):
    ...
    pytruco.errors.ArgumentError: a bot decides from a seat's view, not a spectator's
    """
    if seen.seat is None:
        raise ArgumentError("a bot decides from a seat's view, not a spectator's")
    return seen.seat


def finished_tricks(seen: SeatView) -> list[tuple[tuple[tuple[int, Card], ...], int | None]]:
    """The finished tricks of the round as ``(plays, winning team or None)``.

    >>> from pytruco import new_game, apply, Deal, Action, view
    >>> from pytruco.bots._reading import finished_tricks
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> for text in ("0 4C", "1 3O"):  # seat 1's three wins the first trick for team 1
    ...     state, _ = apply(state, Action.parse(text))
    >>> finished_tricks(view(state, 0))
    [(((0, Card('4C')), (1, Card('3O'))), 1)]
    """
    return [(trick.plays, trick.team) for trick in seen.tricks]


def dealt_cards(seen: SeatView) -> tuple[Card, ...]:
    """The cards *seen*'s seat was dealt this round: those it holds and those it has played, in this trick too.

    >>> from pytruco import new_game, apply, Deal, Action, view
    >>> from pytruco.bots._reading import dealt_cards
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> for text in ("0 4C", "1 3O", "1 1B"):
    ...     state, _ = apply(state, Action.parse(text))
    >>> sorted(str(card) for card in dealt_cards(view(state, 1)))
    ['1B', '3B', '3O']
    """
    me = seen.seat
    played = [card for trick in seen.tricks for seat, card in trick.plays if seat == me]
    return (*seen.hand, *played, *(card for seat, card in seen.current_trick if seat == me))


def dealt_envido_points(seen: SeatView) -> int:
    """*seen*'s seat's envido points on the cards it was dealt this round (:func:`dealt_cards`).

    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots._reading import dealt_envido_points
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> dealt_envido_points(view(state, 0)), dealt_envido_points(view(state, 1))
    (28, 24)
    """
    dealt = dealt_cards(seen)
    if len(dealt) < 2:
        return max((card.envido_value for card in dealt), default=0)
    return Hand(dealt).envido_points(seen.rules.envido_count_three)


def by_kind(legal: Sequence[Action]) -> dict[Kind, list[Action]]:
    """The actions of *legal* grouped by their kind, each group in *legal*'s order.

    >>> from pytruco import Action
    >>> from pytruco.bots._reading import by_kind
    >>> by_kind([Action.parse("0 1E"), Action.parse("0 truco"), Action.parse("0 4C")])[Kind.PLAY]
    [Action('0 1E'), Action('0 4C')]
    """
    found: dict[Kind, list[Action]] = {}
    for action in legal:
        found.setdefault(action.kind, []).append(action)
    return found


def call_to_answer(seen: SeatView) -> Kind | None:
    """The call that *seen*'s seat is to answer now (quiero, no quiero, a raise or a flor answer), read from
    its legal actions and the round's public history; ``None`` when the seat has no call to answer, even while
    a call waits for another seat (that is :attr:`SeatView.pending <pytruco.views.SeatView.pending>`).

    >>> from pytruco import new_game, apply, Deal, Action, view
    >>> from pytruco.bots import call_to_answer
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> state, _ = apply(state, Action.parse("0 truco"))
    >>> state, _ = apply(state, Action.parse("1 envido"))
    >>> call_to_answer(view(state, 0)), call_to_answer(view(state, 1))
    (<Kind.ENVIDO: 'envido'>, None)
    """
    require(seen, SeatView, "call_to_answer", "a seat's view (from pytruco.view)")
    if not any(a.kind in (Kind.QUIERO, Kind.NO_QUIERO, Kind.CON_FLOR_ME_ACHICO) for a in seen.legal):
        flor_answers = [a for a in seen.legal if a.kind in (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO)]
        if not flor_answers:
            return None
    if seen.pending is not None:
        return seen.pending.call
    stack: list[Kind] = []
    for action in round_actions(seen):
        kind = action.kind
        if kind in ENVIDO_CALLS:
            if stack and stack[-1] in ENVIDO_CALLS:
                stack.pop()
            stack.append(kind)
        elif kind in TRUCO_CALLS:
            if stack and stack[-1] in TRUCO_CALLS:
                stack.pop()
            stack.append(kind)
        elif kind in (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO):
            while stack and stack[-1] in ENVIDO_CALLS:  # a flor annuls a pending envido
                stack.pop()
            if stack and stack[-1] in (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO):
                stack.pop()
            stack.append(kind)
        elif kind in (Kind.QUIERO, Kind.NO_QUIERO, Kind.CON_FLOR_ME_ACHICO) and stack:
            stack.pop()
        elif kind in (Kind.TENGO, Kind.SON_BUENAS):
            while stack and stack[-1] in (Kind.FLOR,):
                stack.pop()
    return stack[-1] if stack else None


def _cards_played(seen: SeatView) -> list[Card]:
    """The cards played in the round so far, by any seat."""
    played = [card for plays, _team in finished_tricks(seen) for _seat, card in plays]
    played.extend(card for _seat, card in seen.current_trick)
    return played


def unseen_cards(seen: SeatView) -> list[Card]:
    """The cards *seen* has not seen: neither in its hand nor played in the round (in the deck's order).

    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots._reading import unseen_cards
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> unseen = unseen_cards(view(state, 0))
    >>> len(unseen), any(str(card) in ("1E", "7E", "4C") for card in unseen)
    (37, False)
    """
    known = {card.index for card in seen.hand}
    known.update(card.index for card in _cards_played(seen))
    return [card for card in ALL_CARDS if card.index not in known]

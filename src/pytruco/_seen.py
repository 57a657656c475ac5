"""What a seat saw of a match, as the lines of :func:`pytruco.encode.information_state_string`: the text of the
hands before the current one is kept for the states that start a hand (by identity), so that a call costs the
current hand's items and a copy of the text, not a walk of the whole match.

>>> from pytruco import Deal, apply, new_game
>>> from pytruco._seen import recalled
>>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> recalled(apply(state, "0 truco")[0], 1)
'\\ndeal 3B 4O 5O\\n0 truco'
"""

from __future__ import annotations

from typing import Final

from ._engine import State, round_start
from .actions import MAX_SEATS, NUM_ACTIONS, Action, Deal, Kind
from .cards import ALL_CARDS
from .errors import TrucoError

__all__ = ["recalled"]

_CARD_TEXTS: Final = tuple(str(card) for card in ALL_CARDS)
_TEXTS: dict[int, str] = {
    id(Action.from_index(index, seat)): str(Action.from_index(index, seat))
    for seat in range(MAX_SEATS)
    for index in range(NUM_ACTIONS)
}
"""The notation of every shared action, by ``id``, made once."""


_RECALLED: dict[tuple[int, int], tuple[State, str]] = {}
"""The recalled text of states that start a hand, by ``(id(state), seat)`` (each entry holds its state)."""


def recalled(state: State, seat: int) -> str:
    """Every line of *state*'s history as *seat* saw it, each after a newline: the kept text of the hand's start,
    then the hand's items."""
    chain: list[State] = []
    node = state
    while True:
        try:
            start = round_start(node)
        except TrucoError:  # the engine could not rebuild an unpickled state's hand start: walk the history
            return _opening_text(state, seat)
        if start is node:  # before the first deal: the opening items (a draw), walked
            text = _opening_text(node, seat)
            if node is not state:
                _keep(node, seat, text)
            break
        chain.append(node)
        kept = _RECALLED.get((id(start), seat))
        if kept is not None and kept[0] is start:
            text = kept[1]
            break
        node = start
    for i in range(len(chain) - 1, -1, -1):
        node = chain[i]
        lines = _hand_text(node.round_history, seat)
        if lines is None:  # a draw after a deal: not a rule of any preset, but walk it rather than guess
            return _opening_text(state, seat)
        text += lines
        if i:
            _keep(node, seat, text)
    return text


def _keep(state: State, seat: int, text: str) -> None:
    if len(_RECALLED) >= 4096:
        _RECALLED.clear()
    _RECALLED[(id(state), seat)] = (state, text)


def _hand_text(items: tuple[Action | Deal, ...], seat: int) -> str | None:
    """The lines of a hand's *items* as *seat* saw them, each after a newline (``None`` on a draw's choice)."""
    parts: list[str] = []
    for item in items:
        if isinstance(item, Deal):
            parts.append("\ndeal " + " ".join([_CARD_TEXTS[card.index] for card in sorted(item.hands[seat].cards)]))
            continue
        if item.kind is Kind.RPS:
            return None
        text = _TEXTS.get(id(item))
        parts.append("\n" + (str(item) if text is None else text))
    return "".join(parts)


def _opening_text(state: State, seat: int) -> str:
    """Every item of *state*'s history as *seat* saw it, each after a newline, walked."""
    history = state.history
    shown = []
    for item in history:
        if isinstance(item, Deal):
            shown.append("deal " + " ".join(str(card) for card in sorted(item.hands[seat].cards)))
        elif item.kind is Kind.RPS and item.seat != seat:
            shown.append(f"{item.seat} rps ?")
        else:
            shown.append(str(item))
    # Rock-paper-scissors choices come in pairs (one of each seat); a pair is shown once both are made.
    rps_at = [i for i, item in enumerate(history) if isinstance(item, Action) and item.kind is Kind.RPS]
    for i in rps_at[: len(rps_at) // 2 * 2]:
        shown[i] = str(history[i])
    return "".join(["\n" + line for line in shown])

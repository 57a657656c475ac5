"""What the public modules recall of a state's past, read here so that no module outside the engine reads a
state's slots: the state at the start of the current hand (the worlds), the items a seat's view lists (the
views) and the draw's choices so far (the observations).

>>> from pytruco import Deal, apply, new_game
>>> from pytruco._engine.recall import hand_items
>>> start = new_game("default", first_mano=0)
>>> state, _ = apply(start, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
>>> hand_items(apply(state, "0 1E")[0])
[Deal(hands=(Hand('7C 6C 1E'), Hand('5O 4O 3B'))), Action('0 1E')]
"""

from __future__ import annotations

from ..actions import Action, Deal, Rps
from .reducer import apply, new_game
from .stages import KIND_RPS
from .state import State, require_state

__all__ = ["hand_items", "round_start", "rps_choices"]


def round_start(state: State) -> State:
    """The state just before the current round's deal (*state* itself before the first deal).

    >>> from pytruco.worlds import round_start
    >>> from pytruco import Deal, apply, new_game
    >>> start = new_game("default", first_mano=0)
    >>> state, _ = apply(start, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> round_start(state) is start
    True
    """
    if type(state) is not State:
        require_state(state, "round_start")
    start = state._hand_start
    if start is not None:
        return start
    if state._hands_dealt == 0:
        return state
    # After unpickling: replay the history up to the last deal, and keep it (a memo of a derived value, as the
    # hash is: what the state is does not change).
    history = state.history
    rps = any(item.kind is KIND_RPS for item in state.opening_actions)
    start = new_game(
        state._rules,
        first_mano=None if rps else state.first_mano,
        score=state.starting_score,
        chicos=state.starting_chicos,
    )
    last_deal = max(i for i, item in enumerate(history) if isinstance(item, Deal))
    for item in history[:last_deal]:
        start, _ = apply(start, item)
    state._hand_start = start
    return start


def hand_items(state: State) -> list[Action | Deal]:
    """The items of the current hand, from its deal; before the first deal, the draw being played and the
    pair of choices before it (a tie, or the winning pair), so that a long draw gives a view of the same size.

    >>> from pytruco import new_game, apply
    >>> state = apply(apply(new_game("online"), "0 rps piedra")[0], "1 rps piedra")[0]
    >>> [str(item) for item in hand_items(apply(state, "1 rps papel")[0])]
    ['0 rps piedra', '1 rps piedra', '1 rps papel']
    """
    if state._round is not None:
        return list(state.round_history)
    node = state._history  # walked back a few steps only: a draw of 5,000 ties is not read
    chosen = sum(choice is not None for choice in state._rps)  # choices of the draw being played
    wanted = chosen + 2 if chosen < 2 else 4  # ... plus the pair before it (or the winning pair and the one before)
    found: list[Action | Deal] = []
    seen = 0
    while node[2] and seen < wanted:
        item = node[0]
        found.append(item)
        seen += item.kind is KIND_RPS
        node = node[1]
    found.reverse()
    return found


def rps_choices(state: State) -> tuple[Rps | None, ...]:
    """Each seat's rock-paper-scissors choice in the draw being played (``None``: not chosen yet).

    >>> from pytruco import new_game, apply
    >>> rps_choices(apply(new_game("online"), "1 rps papel")[0])
    (None, <Rps.PAPEL: 'papel'>)
    """
    return tuple(state._rps)

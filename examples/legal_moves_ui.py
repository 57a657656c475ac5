"""How a user interface enables its buttons from ``legal_actions``.

A truco screen has a fixed row of buttons (truco, envido, quiero, mazo, ...)
and clickable cards. This script draws, in text, the screen of one player at
several moments of a scripted hand:

- a button is enabled when the action it stands for is legal for that seat
  now (``is_legal``, or membership in ``legal_actions``);
- a disabled button shows the reason as a tooltip, taken from the message of
  the ``IllegalActionError`` that ``check`` raises;
- the cards come from the seat's view (``pytruco.views.view``), which never
  shows the other players' cards, and a card is clickable when playing it is
  legal;
- declarations (``tengo N``) are offered as the numbers that are legal now.

Run it with ``python examples/legal_moves_ui.py``.
"""

from __future__ import annotations

from pytruco import Action, Deal, IllegalActionError, Kind, State, apply, check, is_legal, new_game
from pytruco.views import view

# The fixed row of buttons of the screen, in display order.
BUTTONS = (
    Kind.TRUCO,
    Kind.RETRUCO,
    Kind.VALE_CUATRO,
    Kind.ENVIDO,
    Kind.REAL_ENVIDO,
    Kind.FALTA_ENVIDO,
    Kind.QUIERO,
    Kind.NO_QUIERO,
    Kind.SON_BUENAS,
    Kind.MAZO,
)


def button_state(state: State, seat: int, kind: Kind) -> tuple[bool, str]:
    """Whether the button for *kind* is enabled for *seat*, and its tooltip."""
    action = Action.call(seat, kind)
    if is_legal(state, action):
        return True, ""
    try:
        check(state, action)
    except IllegalActionError as error:
        return False, str(error)
    return True, ""  # not reached: check() raises for every illegal action


def draw_screen(state: State, seat: int) -> None:
    """Print what *seat*'s screen shows now."""
    seen = view(state, seat)
    cards = []
    for card in seen.hand:
        clickable = is_legal(state, Action.play(seat, card))
        cards.append(f"[{card}]" if clickable else f" {card} ")
    table = " ".join(f"{player}:{card}" for player, card in seen.current_trick) or "-"
    print(f"  score {seen.score[0]}-{seen.score[1]}   on the table: {table}")
    print(f"  your cards: {' '.join(cards)}   ([..] = clickable)")
    declarations = [str(action.points) for action in seen.legal if action.kind is Kind.TENGO]
    if declarations:
        print(f"  declare your points: tengo {' / '.join(declarations)}")
    for kind in BUTTONS:
        enabled, tooltip = button_state(state, seat, kind)
        mark = "[x]" if enabled else "[ ]"
        print(f"  {mark} {kind.value}" if enabled else f"  {mark} {kind.value:<13} {tooltip}")


def main() -> None:
    me = 1  # this screen belongs to the player at seat 1
    state = new_game("default", first_mano=0)
    state, _events = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))

    script = ["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 truco", "1 quiero", "0 1E"]
    moments = {"0 envido", "0 tengo 33", "0 truco", "0 1E"}

    print(f"seat {me}'s screen at the start of the hand (seat 0 is mano and plays first):")
    draw_screen(state, me)
    for text in script:
        state, _events = apply(state, Action.parse(text))
        if text in moments:
            print(f"\nafter '{text}':")
            draw_screen(state, me)


if __name__ == "__main__":
    main()

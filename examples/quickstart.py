"""Quickstart: one scripted hand of truco, with the events printed.

Shows the core loop of pytruco: create a game with ``new_game``, apply the deal
(a chance action) and then the seats' actions with ``apply``, and read the
events that each action caused. The deal and the actions are fixed, so the
output is always the same.

Run it with ``python examples/quickstart.py``.
"""

from __future__ import annotations

from pytruco import Action, Deal, apply, legal_actions, new_game

# Seat 0 holds 7C 6C 1E (33 points of envido, and the best card of the deck);
# seat 1 holds 5O 4O 3B (29 points).
DEAL = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
ACTIONS = [
    "0 envido",  # seat 0 (the mano) calls envido
    "1 quiero",  # seat 1 accepts
    "0 tengo 33",  # the mano declares its points first
    "1 son-buenas",  # seat 1 concedes: 29 does not beat 33
    "0 truco",  # now the truco: the hand is worth 2 if accepted
    "1 quiero",
    "0 1E",  # first trick: the ancho de espadas ...
    "1 3B",  # ... beats the three
    "0 7C",  # seat 0 won the trick, so it leads the second one
    "1 5O",  # seat 0 wins the second trick, and with two tricks the hand
]


def main() -> None:
    state = new_game("default", first_mano=0)
    print(f"new game: {state}")

    state, events = apply(state, Deal.parse(DEAL))
    for seat, hand in enumerate(state.round.dealt):
        print(f"seat {seat} is dealt {hand}")

    for text in ACTIONS:
        choices = ", ".join(str(action) for action in legal_actions(state))
        print(f"\nseats {list(state.to_act)} may play: {choices}")
        state, events = apply(state, Action.parse(text))
        print(f"> {text}")
        for event in events:
            print(f"    {event}")

    print(f"\nscore after the hand: team 0 {state.score[0]}, team 1 {state.score[1]}")
    print(f"next hand: seat {state.mano} is mano; waiting for a deal: {state.is_chance}")


if __name__ == "__main__":
    main()

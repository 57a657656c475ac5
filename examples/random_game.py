"""Two random players play a whole game; then the game's record is printed.

Shows the loop that drives any game to its end: when the state waits for a
deal (``state.is_chance``), deal with ``random_deal``; otherwise apply one of
``legal_actions(state)``. Both the deals and the players' choices come from one
seeded ``random.Random``, so the same seed always plays the same game. (A real
table would deal with ``random_deal(state)``, without a seed, so that nobody
can predict the cards.)

At the end the script prints a summary on standard error and the game as a
``truco-record/1`` JSON record on standard output, which ``pytruco replay``
(or ``pytruco.replay``) turns back into the same game::

    python examples/random_game.py --seed 7 | pytruco replay -

Run it with ``python examples/random_game.py [--seed N] [--preset NAME] [--players N]``.
"""

from __future__ import annotations

import argparse
import random
import sys

from pytruco import PRESET_NAMES, Record, RuleSet, State, apply, legal_actions, new_game, random_deal


def play_random_game(rules: RuleSet, rng: random.Random) -> tuple[State, int]:
    """Play one game between random players; return the final state and the number of actions."""
    state = new_game(rules, first_mano=None if rules.rps_first_mano else 0)
    actions = 0
    while not state.is_over:
        # A deal is a chance action; everything else is a choice among the legal actions.
        action = random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        state, _events = apply(state, action)
        actions += 1
    return state, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the random source (default: %(default)s)")
    parser.add_argument("--preset", default="default", choices=PRESET_NAMES, help="rules (default: %(default)s)")
    parser.add_argument("--players", type=int, default=2, help="2, 4 or 6 (default: %(default)s)")
    args = parser.parse_args(argv)

    rules = RuleSet.preset(args.preset, players=args.players)
    state, actions = play_random_game(rules, random.Random(args.seed))

    print(
        f"{args.preset}, {rules.players} players, seed {args.seed}: team {state.winner} wins "
        f"{state.score[0]}-{state.score[1]} after {state.rounds_dealt} hands and {actions} actions",
        file=sys.stderr,
    )
    record = Record.from_state(state, meta={"example": "random_game.py", "seed": args.seed})
    print(record.dumps())
    return 0


if __name__ == "__main__":
    sys.exit(main())

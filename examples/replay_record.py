"""Save a game as a record, load it back, and replay it.

Shows how a server keeps a table alive across restarts and reconnects: after
every action it can store ``Record.from_state(state)`` as JSON; to restore the
table it reads the JSON with ``Record.loads`` and replays it with
``replay``, which rebuilds a state equal to the one that was saved. Play then
simply continues from the restored state.

It also shows what happens with a record that cannot be replayed: ``replay``
raises ``RecordError``, which says what kind of problem it is and where.

Run it with ``python examples/replay_record.py``.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from pytruco import Action, Deal, Record, RecordError, State, apply, new_game, replay


def play_some(actions: list[str]) -> State:
    """A classic 2-player game with a fixed deal, after the given actions."""
    state = new_game("classic", first_mano=0)
    state, _events = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    for text in actions:
        state, _events = apply(state, Action.parse(text))
    return state


def main() -> None:
    # 1. A game in progress: an envido was played, and the first trick.
    state = play_some(["0 envido", "1 quiero", "0 tengo 33", "1 son-buenas", "0 1E", "1 3B"])
    record = Record.from_state(state, meta={"table": "example", "players": ["Ana", "Beto"]})

    with tempfile.TemporaryDirectory() as directory:
        # 2. Save it as JSON ...
        path = Path(directory) / "game.json"
        path.write_text(record.dumps(indent=2), encoding="utf-8")
        print(f"saved {path.name}:")
        print(path.read_text(encoding="utf-8"))

        # 3. ... and load it back, as a restarted server would.
        loaded = Record.loads(path.read_text(encoding="utf-8"))

    result = replay(loaded)
    print(f"\nreplayed: {json.dumps(result.to_json())}")
    print(f"the restored state equals the saved one: {result.state == state}")
    print(f"table metadata kept in the record: {loaded.meta}")

    # 4. Play goes on from the restored state. In classic the points of a hand
    #    are added when it ends, so the envido shows up on the score only then.
    restored = result.state
    print(f"\nscore before the hand ends: {restored.score}")
    for text in ["0 7C", "1 5O"]:
        restored, events = apply(restored, Action.parse(text))
        for event in events:
            print(f"  {text}: {event}")
    print(f"score after the hand: {restored.score}")

    # 5. A record that cannot be replayed: the fourth action is not allowed.
    data = record.to_dict()
    data["hands"][0]["actions"][3] = "1 tengo 31"
    try:
        replay(data)
    except RecordError as error:
        print(f"\nbroken record: {error.kind} at hand {error.hand}, action {error.action} ({error.text!r})")
        print(f"  {error}")
        print(f"  as 'pytruco replay' prints it: {json.dumps({'error': error.to_json()})}")


if __name__ == "__main__":
    main()

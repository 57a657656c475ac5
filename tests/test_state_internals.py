"""What states share and remember, at any length of game (STYLE.md: immutability, copies, equality, cost).

None of these tests is timed (speed is reported by ``pytruco bench``); they pin the behaviour that makes the
costs flat: a frozen Trick, a history that copies and pickles without recursion, equality that includes how the
game started, cached hashes and record hands, and an envido chain kept as a count.
"""

from __future__ import annotations

import copy
import pickle
import random
import re

import pytest

from helpers import act, play
from pytruco import (
    Action,
    Deal,
    Kind,
    Record,
    RecordHand,
    RuleSet,
    State,
    apply,
    legal_actions,
    new_game,
    random_deal,
    replay,
)
from pytruco._engine.envido import accepted_value, next_calls, refused_value
from pytruco._engine.options import options_of


def random_game(rules: RuleSet, seed: int, actions: int) -> list[State]:
    """Every state of a seeded random game (a new game starts when one ends) until *actions* are applied."""
    rng = random.Random(seed)
    states = [new_game(rules, first_mano=0) if not rules.rps_first_mano else new_game(rules)]
    while len(states) <= actions:
        state = states[-1]
        if state.is_over:
            state = new_game(rules, first_mano=0) if not rules.rps_first_mano else new_game(rules)
            states.append(state)
            continue
        item = random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        states.append(apply(state, item)[0])
    return states


@pytest.fixture(scope="module")
def long_state() -> State:
    """A reglamento game of more than 3,000 history items: the target is raised (STYLE.md: no step slower as a game
    grows)."""
    rules = RuleSet.preset("reglamento", targets=(30, 15, 1500), target=1500)
    rng = random.Random(5)
    state = new_game(rules, first_mano=0)
    while state.history_length < 3000:
        item = random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        state = apply(state, item)[0]
    return state


def test_trick_is_immutable_and_shared_tricks_stay_put() -> None:
    """STYLE.md (immutable values): assigning a Trick attribute raised nothing and rewrote every later state."""
    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "0 1E", "1 3B")
    later = act(state, "0 7C")
    trick = state.round.tricks[0]
    assert later.round.tricks[0] is trick  # successor states share it: so it must not change
    before = hash(later)
    for name in ("team", "seat", "plays", "other"):
        with pytest.raises(AttributeError, match=re.escape("Trick is immutable")):
            setattr(trick, name, 1)
    with pytest.raises(AttributeError, match=re.escape("Trick is immutable")):
        del trick.team
    assert trick.team == 0 and trick.seat == 0 and hash(later) == before


def test_deepcopy_and_pickle_at_any_length(long_state: State) -> None:
    """STYLE.md (immutable values): deepcopy raised RecursionError from ~330 history items, pickle from ~990."""
    assert long_state.history_length >= 3000
    assert copy.deepcopy(long_state) is long_state  # an immutable value copies to itself
    assert copy.copy(long_state) is long_state
    restored = pickle.loads(pickle.dumps(long_state))
    assert restored == long_state and hash(restored) == hash(long_state)
    assert restored.history == long_state.history
    assert Record.from_state(restored) == Record.from_state(long_state)
    # The copy plays on: its legal actions are the shared instances again.
    assert legal_actions(restored) == legal_actions(long_state)
    action = legal_actions(restored)[0] if not restored.is_chance else random_deal(restored, random.Random(1))
    assert apply(restored, action)[0] == apply(long_state, action)[0]


def test_games_that_started_differently_differ_after_a_chico_reset() -> None:
    """STYLE.md (immutable values): two reglamento games started at 29-0 and 28-0 both win the chico in the same
    hand; the
    next hand starts at 0-0 with chicos 1-0 in both, but they are different games (PRESETS.md §2, partido)."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    moves = ("0 envido", "1 no-quiero", "0 truco", "1 no-quiero", [["1E", "2E", "3E"], ["4E", "5E", "6E"]])
    a = play("reglamento", deal, *moves, score=(29, 0))
    b = play("reglamento", deal, *moves, score=(28, 0))
    assert a.rounds_dealt == 2
    assert (
        (a.score, a.chicos, a.mano, a.history)
        == (b.score, b.chicos, b.mano, b.history)
        == (
            (0, 0),
            (1, 0),
            1,
            a.history,
        )
    )
    assert a != b
    assert a.starting_score == (29, 0) and b.starting_score == (28, 0)
    assert Record.from_state(a).score == (29, 0)
    c = play("reglamento", deal, *moves, score=(29, 0))
    assert a == c and hash(a) == hash(c)


def test_hash_and_equality_cost_only_what_is_new(long_state: State) -> None:
    """STYLE.md (no step slower as a game grows): hash(state) walked the whole history each call, so a server that
    hashes every state was
    quadratic. The running hash is cached on the history nodes; equal states of separate games compare equal."""
    hash(long_state)
    assert long_state._hashed[1] == long_state.history_length  # the hash covers the whole history
    action = random_deal(long_state, random.Random(2)) if long_state.is_chance else legal_actions(long_state)[0]
    nxt = apply(long_state, action)[0]
    assert nxt._history[1] is long_state._history  # the successor shares the history
    assert nxt._hashed == long_state._hashed  # and starts from its parent's hash: one new item to hash
    hash(nxt)
    assert nxt._hashed[1] == long_state.history_length + 1
    # Two separate replays of one record: equal, same hash (compared by a loop, not a recursion).
    record = Record.from_state(long_state)
    one, two = replay(record).state, replay(record).state
    assert one is not two and one._history is not two._history
    assert one == two and hash(one) == hash(two) == hash(long_state) and one == long_state
    other = apply(one, Action.call(0, Kind.RENDIRSE))[0]
    assert other != two and two != other


def test_a_long_per_word_chain_is_a_count() -> None:
    """STYLE.md (no step slower as a game grows): with a raised target a reglamento envido chain grows without
    limit, and each raise copied the whole chain (100,000 calls took 26 s). PRESETS.md §5 per-word: each envido
    adds 2 while within the target. The chain stays below the record's MAX_ACTIONS per hand (apply keeps every
    game recordable)."""
    calls = 9_000
    rules = RuleSet.preset("reglamento", targets=(30, 15, 2 * calls + 10), target=2 * calls + 10)
    state = play(rules, [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "0 envido")
    for index in range(1, calls):
        state = apply(state, Action.call(index % 2, Kind.ENVIDO))[0]
    r = state.round
    assert r is not None and r.envido_count == calls and len(r.envido_calls) == calls
    assert r.pending == (Kind.ENVIDO, (calls - 1) % 2)
    assert set(r.envido_calls) == {Kind.ENVIDO}
    assert accepted_value(rules, r.envido_calls) == 2 * calls
    assert next_calls(options_of(rules), r.envido_calls) == (Kind.ENVIDO,)
    refused = apply(state, Action.call(calls % 2, Kind.NO_QUIERO))[0]
    assert refused.round is not None and refused.round.points == (0, 0)  # end-of-hand scoring: deferred
    assert refused_value(rules, r.envido_calls) == 2 * (calls - 1)
    assert "0 tengo 33" in {str(a) for a in legal_actions(apply(state, Action.call(calls % 2, Kind.QUIERO))[0])}
    assert len(r.calls) == calls  # the round's log of calls is linked too: O(1) per call
    restored = pickle.loads(pickle.dumps(state))  # and it pickles flat, without recursion
    assert restored == state and restored.round is not None and restored.round.calls == r.calls


@pytest.mark.parametrize("preset", ["online", "reglamento", "default"])
def test_record_from_state_reuses_finished_hands(preset: str) -> None:
    """STYLE.md (no step slower as a game grows): Record.from_state re-read the whole history. The state keeps its
    finished hands' record data:
    records written after every action equal the record of the history, and finished hands are shared."""
    rules = RuleSet.preset(preset, players=4) if preset == "default" else RuleSet.preset(preset)
    states = random_game(rules, 3, 400)
    previous = None
    for state in states:
        record = Record.from_state(state)
        assert replay(record).state == state
        assert record.hands == tuple(_record_hands_of(state))
        if previous is not None and len(previous.hands) > 1 and len(record.hands) >= len(previous.hands):
            assert record.hands[0] is previous.hands[0]
        previous = record


def _record_hands_of(state: State) -> list[RecordHand]:
    """The record hands read from the whole history (what from_state did before)."""
    hands: list[RecordHand] = []
    for item in state.history:
        if isinstance(item, Deal):
            hands.append(RecordHand(tuple(tuple(str(c) for c in hand) for hand in item.hands), ()))
        elif hands:
            hands[-1] = RecordHand(hands[-1].deal, (*hands[-1].actions, str(item)))
    return hands


def test_bench_reports_the_scale_figures() -> None:
    """STYLE.md (performance is measured): `pytruco bench` reports apply, hash, Record.from_state and view early in a
    match and after
    1,000 actions (only the shape is checked: speed is never asserted)."""
    from pytruco.bench import SECTIONS, scale_figures

    assert "scale" in [name for name, _ in SECTIONS]
    figures = scale_figures(0.03, 1, 1)
    for name in ("apply_us", "hash_us", "from_state_us", "view_us"):
        for label in ("early", "after_1000"):
            assert figures[f"scale/{name}/{label}"] >= 0
    assert figures["scale/apply_us/early"] > 0


def test_state_and_round_draw_the_table() -> None:
    """docs/internals.md (state): str(state) and str(round) show the table as text (like a python-chess Board)."""
    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "0 1E", "1 envido")
    text = str(state)
    assert text.splitlines()[0] == "default 1v1 to 30: score 0-0, play, mano seat 0, to act: seat 0"
    assert "  pending: envido from seat 1" in text
    assert "  seat 0: 7C 6C       played 1E" in text and "  seat 1: 5O 4O 3B" in text
    assert repr(state.round) == "<Round mano=0 turn=1 tricks=0 truco_level=0 ended=False>"
    assert str(state.round) in text


def test_no_public_minus_one() -> None:
    """docs/stability.md (public values): ``None``, not -1, on public surfaces: a falta chain's value (PRESETS.md
    §5), no winner yet, no
    quiero, no first mano while rock-paper-scissors chooses."""
    rules = RuleSet.preset("default")
    assert accepted_value(rules, (Kind.ENVIDO, Kind.FALTA_ENVIDO)) is None
    assert refused_value(rules, (Kind.ENVIDO, Kind.FALTA_ENVIDO)) == 2
    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    assert state.round is not None and state.round.winner is None and state.round.quiero_team is None
    assert new_game("online").first_mano is None


def test_copies_carry_every_field_and_only_the_engine_builds_blank_values() -> None:
    # _copy is written out field by field (the compiled build cannot generate it): a new field that it forgets
    # fails here. Round(MADE) and State(MADE) are the engine's private constructor; any other call is refused.
    from pytruco import ArgumentError, Round
    from pytruco._engine.round import MADE, ROUND_FIELDS
    from pytruco._engine.state import STATE_FIELDS

    state = random_game(RuleSet.preset("reglamento"), 7, 60)[-1]
    assert state.round is not None
    for value, fields in ((state, STATE_FIELDS), (state.round, ROUND_FIELDS)):
        copied = value._copy()
        assert copied is not value and type(copied) is type(value)
        for name in fields:
            new, old = getattr(copied, name, "unset"), getattr(value, name, "unset")
            if name == "_edited":  # which records this step has copied: a copy starts with none
                assert new == 0
                continue
            # The compiled build stores a fixed-size tuple unboxed and reads it as a new tuple each time.
            assert new is old or (type(old) is tuple and type(new) is tuple and new == old), name
    # The records a round is made of copy every field they declare (``Record(source)``, each field's line in
    # __init__): each field holds its own marker (the pure build; a compiled field takes only its declared type),
    # and the copy has it.
    from pytruco._engine.parts import NATIVE

    r = state.round
    for record in (r._truco, r._envido, r._flor, r._decl, r._score):
        cls = type(record)
        copied = cls(record)  # type: ignore[call-arg]
        assert copied is not record and copied == record and type(copied) is type(record)
        if NATIVE:
            continue
        marked = cls(record)  # type: ignore[call-arg]  # not the state's own record, shared with other states
        markers = {name: object() for name in cls.fields()}
        for name, marker in markers.items():
            setattr(marked, name, marker)
        assert {name: getattr(cls(marked), name) for name in markers} == markers  # type: ignore[call-arg]
        assert {name: getattr(marked._copy(), name) for name in markers} == markers  # the pure build's copy
    for cls in (State, Round):
        assert not hasattr(cls(MADE), "_history")
        for args in ((), (None,), (MADE, MADE)):
            with pytest.raises(ArgumentError, match="not built by hand"):
                cls(*args)
        with pytest.raises(ArgumentError, match="not built by hand"):
            cls(MADE, extra=1)


def test_round_stage_and_seat_reads_name_each_stage() -> None:
    """``Round.envido_stage``, ``flor_stage``, ``folded`` and ``flor_sung`` are read from tables made once (issue 37,
    encoders at the engine's speed): each stage of both chains, and the seats out or sung, by their public names
    (PRESETS.md §5 envido, §6 flor, §7 mazo)."""
    default = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]
    state = play("default", default)
    assert (state.round.envido_stage, state.round.flor_stage) == ("none", "none")
    assert state.round.folded == frozenset() and state.round.flor_sung == frozenset()
    stages = []
    for action in ("0 envido", "1 quiero", "0 tengo 33", "1 son-buenas"):
        state = act(state, action)
        stages.append(state.round.envido_stage)
    assert stages == ["pending", "declaring", "declaring", "settled"]
    flor = [["1E", "7E", "4E"], ["1B", "3B", "4B"]]
    stages = []
    for actions in (("0 flor",), ("0 flor", "1 contraflor"), ("0 flor", "1 contraflor", "0 quiero")):
        stages.append(play("classic", flor, *actions).round.flor_stage)
    assert stages == ["answer", "call", "declaring"]
    assert play("classic", flor, "0 flor", "1 contraflor").round.flor_sung == frozenset({0, 1})
    assert play("classic", [["1E", "7C", "4O"], ["1B", "3B", "4B"]], "0 envido", "1 flor").round.envido_stage == "void"
    assert play("classic", [["1E", "7E", "4E"], ["1O", "3B", "4C"]], "0 flor").round.flor_stage == "done"
    four = [["7C", "6C", "1E"], ["5O", "4O", "3B"], ["1O", "2O", "3O"], ["1C", "2C", "3C"]]
    assert play("default", four, "0 mazo", players=4).round.folded == frozenset({0})


def test_a_round_holds_at_most_fifteen_fields_of_its_own() -> None:
    """Issue 34 ("Round itself holds at most 15 fields"): the per-hand state is a few records by concern
    (docs/internals.md, "A round's records"), so a copy of a round touches a handful of references."""
    from pytruco._engine.round import ROUND_FIELDS

    records = {"_deal", "_truco", "_envido", "_flor", "_decl", "_score"}
    assert len(ROUND_FIELDS) <= 15 and records <= set(ROUND_FIELDS), ROUND_FIELDS

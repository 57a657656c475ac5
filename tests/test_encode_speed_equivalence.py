"""The encoders at the engine's speed give exactly the values of the first implementation (issue 37, "Encodings at
the engine's speed"): that implementation is kept here as the slow reference (it rebuilt every derived value per
call), and the fast :mod:`pytruco.encode` must equal it on the states of seeded random walks of every preset with 2, 4
and 6 seats (and pica-pica), for every seat: the observation, the legal mask, the information-state tensor and
string."""

from __future__ import annotations

import random
import struct
from array import array
from collections.abc import Iterator

import pytest

from pytruco import (
    PRESET_NAMES,
    Action,
    ArgumentError,
    Deal,
    Kind,
    Phase,
    Round,
    RuleSet,
    State,
    apply,
    legal_actions,
    new_game,
    random_deal,
)
from pytruco._engine import rps_choices
from pytruco.actions import MAX_DECLARED_POINTS, NUM_ACTIONS, TRUCO_CALLS
from pytruco.encode import (
    INFO_FORMAT,
    ObservationLayout,
    bounds,
    information_state,
    information_state_into,
    information_state_layout,
    information_state_string,
    legal_mask,
    observation,
    observation_into,
    observation_layout,
)
from pytruco.rules import EnvidoStyle

_PHASES = (Phase.RPS, Phase.DEAL, Phase.PLAY, Phase.OVER)
_ENVIDO_STAGES = ("none", "pending", "declaring", "settled", "void")
_FLOR_STAGES = ("none", "answer", "call", "declaring", "done")
_FLOR_CALLS = (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO)
_RPS = ("piedra", "papel", "tijera")


def reference_observation(state: State, seat: int) -> list[float]:
    layout = observation_layout(state.rules)
    values = [0.0] * layout.size
    _fill(state, seat, layout, values)
    return values


def reference_legal_mask(state: State, seat: int) -> list[int]:
    mask = [0] * NUM_ACTIONS
    for action in legal_actions(state):
        if action.seat == seat:
            mask[action.index] = 1
    return mask


def _fill(state: State, seat: int, layout: ObservationLayout, v: list[float]) -> None:
    rules = state.rules
    n = rules.players
    team = seat & 1
    at = {part.name: part.start for part in layout.slices}

    def rel(s: int) -> int:
        return (s - seat) % n

    v[at["phase"] + _PHASES.index(state.phase)] = 1.0
    score = state.score
    v[at["score"]] = min(1.0, score[team] / rules.target)
    v[at["score"] + 1] = min(1.0, score[1 - team] / rules.target)
    chicos = state.chicos
    v[at["chicos"]] = chicos[team] / rules.chicos_to_win
    v[at["chicos"] + 1] = chicos[1 - team] / rules.chicos_to_win
    v[at["hand_number"]] = min(1.0, state.rounds_dealt / bounds(rules).max_hands)
    for s in state.to_act:
        v[at["to_act"] + rel(s)] = 1.0
    if state.phase is Phase.RPS:
        choices = rps_choices(state)
        own, other = choices[seat], choices[1 - seat]
        if own is not None and other is None:
            v[at["rps"] + _RPS.index(own.value)] = 1.0
    for action in legal_actions(state):
        if action.seat == seat:
            v[at["legal"] + action.index] = 1.0
    r = state.round
    if r is None:
        if state.phase is not Phase.RPS:
            v[at["mano"] + rel(state.mano)] = 1.0
        return
    v[at["mano"] + rel(r.mano)] = 1.0
    for s in r.folded:
        v[at["folded"] + rel(s)] = 1.0
    for card in r.held_by(seat):
        v[at["hand"] + card.index] = 1.0
    dealt = r.dealt[seat]
    v[at["own_points"]] = r.envido_points[seat] / MAX_DECLARED_POINTS
    flor = dealt.flor_points(rules.flor_count_three) if rules.flor else None
    if flor is not None:
        v[at["own_points"] + 1] = flor / MAX_DECLARED_POINTS
        v[at["own_points"] + 2] = 1.0
    played = at["played"]
    for number, trick in enumerate(r.tricks):
        for s, card in trick.plays:
            v[played + 40 * rel(s) + card.index] = 1.0
        winner = trick.team
        v[at["tricks"] + 3 * number + (2 if winner is None else (0 if winner == team else 1))] = 1.0
    for s, card in r.current_trick:
        v[played + 40 * rel(s) + card.index] = 1.0
        v[at["trick"] + card.index] = 1.0
    _fill_chains(state, r, seat, at, v)


def _fill_chains(state: State, r: Round, seat: int, at: dict[str, int], v: list[float]) -> None:
    rules = state.rules
    n = rules.players
    team = seat & 1

    def rel(s: int) -> int:
        return (s - seat) % n

    v[at["truco_level"] + r.truco_level] = 1.0
    quiero = r.quiero_team
    if quiero is not None:
        v[at["quiero"] + (0 if quiero == team else 1)] = 1.0
    call = r.truco_call
    if call is not None and not r.ended:
        v[at["truco_call"] + TRUCO_CALLS.index(call[0])] = 1.0
        v[at["truco_caller"] + rel(call[1])] = 1.0
    count = r.envido_count
    if count:
        calls = r.envido_calls
        most = rules.target // 2 + 1 if rules.envido_style is EnvidoStyle.PER_WORD else 2
        v[at["envido_calls"]] = min(1.0, calls.count(Kind.ENVIDO) / most)
        v[at["envido_calls"] + 1] = 1.0 if Kind.REAL_ENVIDO in calls else 0.0
        v[at["envido_calls"] + 2] = 1.0 if Kind.FALTA_ENVIDO in calls else 0.0
    v[at["envido_stage"] + _ENVIDO_STAGES.index(r.envido_stage)] = 1.0
    caller = r.envido_caller
    if caller is not None:
        v[at["envido_caller"] + rel(caller)] = 1.0
    v[at["flor_stage"] + _FLOR_STAGES.index(r.flor_stage)] = 1.0
    for s in r.flor_sung:
        v[at["flor_sung"] + rel(s)] = 1.0
    flor_call = r.flor_call
    if flor_call is not None and flor_call[0] in _FLOR_CALLS:
        v[at["flor_call"] + _FLOR_CALLS.index(flor_call[0])] = 1.0
        v[at["flor_caller"] + rel(flor_call[1])] = 1.0
    declaring = r.declaring
    if declaring is not None:
        v[at["declaring"] + (0 if declaring == "envido" else 1)] = 1.0
    for what, s, points, _timeout in r.all_declarations:
        base = at["envido_declared" if what == "envido" else "flor_declared"] + 3 * rel(s)
        v[base] = 1.0
        if points is None:
            v[base + 2] = 1.0
        else:
            v[base + 1] = min(1.0, points / MAX_DECLARED_POINTS)
    most_points = bounds(rules).max_hand_points
    pending = [0, 0]
    for owner, points, _category in r.unscored:
        pending[0 if owner == team else 1] += points
    v[at["unscored"]] = min(1.0, pending[0] / most_points)
    v[at["unscored"] + 1] = min(1.0, pending[1] / most_points)
    got = state.round_points
    v[at["hand_points"]] = min(1.0, max(0, got[team]) / most_points)
    v[at["hand_points"] + 1] = min(1.0, max(0, got[1 - team]) / most_points)


def reference_information_state(state: State, seat: int) -> list[float]:
    rules = state.rules
    layout = information_state_layout(rules)
    values = [0.0] * layout.size
    _fill(state, seat, layout, values)
    r = state.round
    if r is None:
        return values
    for card in r.dealt[seat].cards:
        values[layout.start("dealt") + card.index] = 1.0
    n = rules.players
    width = n + NUM_ACTIONS
    at = layout.start("history")
    rows = bounds(rules).max_actions_per_hand
    count = 0
    for item in list(state.round_history):
        if item.__class__ is not Action:
            continue
        assert isinstance(item, Action)
        if item.kind is Kind.TIMEOUT or item.kind is Kind.RENDIRSE or count >= rows:
            continue  # meta actions: their effect shows in the observation
        values[at + (item.seat - seat) % n] = 1.0
        values[at + n + item.index] = 1.0
        at += width
        count += 1
    return values


def _seen_items(state: State, seat: int) -> Iterator[str]:
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
    yield from shown


def reference_information_state_string(state: State, seat: int) -> str:
    rules = state.rules
    start = state.starting_score
    head = (
        f"{INFO_FORMAT} {rules.preset_name} {rules.players} seats, target {rules.target}, seat {seat}, "
        f"first mano {state.first_mano}, score {start[0]}-{start[1]}"
    )
    changed = {key: value for key, value in rules.to_dict().items() if key not in ("preset", "players", "target")}
    if changed:
        head += ", " + ", ".join(f"{key}={value}" for key, value in sorted(changed.items()))
    return "\n".join([head, *_seen_items(state, seat)])


def _tables() -> Iterator[RuleSet]:
    for preset in PRESET_NAMES:
        for players in (2, 4, 6):
            base = RuleSet.preset(preset)
            if players <= base.max_players:
                yield base.with_options(players=players)
    yield RuleSet.preset("default", players=6, pica_pica=True)
    yield RuleSet.preset("default", flor=True, hands=3)


TABLES = list(_tables())
IDS = [
    f"{rules.preset_name}-{rules.players}{'-pica' if rules.pica_pica else ''}{'-flor' if rules.flor else ''}"
    for rules in TABLES
]


def _walk(rules: RuleSet, seed: int, steps: int) -> Iterator[State]:
    """*steps* states of seeded random matches of *rules* (a new match when one ends), meta actions now and then."""
    rng = random.Random(seed)
    state = new_game(rules, first_mano=None if rules.rps_first_mano else rng.randrange(rules.players))
    for _ in range(steps):
        yield state
        if state.is_over:
            state = new_game(rules, first_mano=None if rules.rps_first_mano else rng.randrange(rules.players))
        elif state.is_chance:
            state = apply(state, random_deal(state, rng))[0]
        else:
            legal = legal_actions(state, meta=rng.random() < 0.02)
            state = apply(state, rng.choice(legal))[0]


@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_fast_encoders_equal_the_reference(rules: RuleSet) -> None:
    checked = 0
    size = observation_layout(rules).size
    for state in _walk(rules, seed=37, steps=700):
        for seat in range(rules.players):
            where = f"{rules.preset_name} {rules.players} seats, seat {seat}, after {state.history_length} items"
            assert observation(state, seat) == reference_observation(state, seat), where
            assert legal_mask(state, seat) == reference_legal_mask(state, seat), where
            values, mask = array("f", bytes(4 * (size + 3))), bytearray(NUM_ACTIONS + 5)
            observation_into(state, seat, values, 3, mask, 5)
            assert list(values[3:]) == [float(numpy_float32(x)) for x in reference_observation(state, seat)], where
            assert list(mask[5:]) == reference_legal_mask(state, seat), where
            info = reference_information_state(state, seat)
            assert information_state(state, seat) == info, where
            buffer = array("f", bytes(4 * (len(info) + 2)))
            information_state_into(state, seat, buffer, 2)
            assert list(buffer[2:]) == [numpy_float32(x) for x in info], where
            assert information_state_string(state, seat) == reference_information_state_string(state, seat), where
            checked += 1
    assert checked == 700 * rules.players


def test_information_state_string_of_a_long_match_equals_the_reference() -> None:
    # A match of many hands: the string is built from the hands before (kept) and the current hand's items.
    rules = RuleSet.preset("default", targets=(40,), target=40)
    states = list(_walk(rules, seed=5, steps=3000))
    assert max(state.rounds_dealt for state in states) > 20
    for state in states[::7]:
        for seat in (0, 1):
            assert information_state_string(state, seat) == reference_information_state_string(state, seat)


def test_unpickled_states_encode_alike() -> None:
    # An unpickled state has no kept hand start: the engine replays it; the string is the same.
    import pickle

    for state in list(_walk(RuleSet.preset("online"), seed=3, steps=400))[::25]:
        copy = pickle.loads(pickle.dumps(state))
        assert information_state_string(copy, 1) == reference_information_state_string(state, 1)
        assert information_state(copy, 0) == reference_information_state(state, 0)


def test_actions_built_by_hand_have_the_codes_of_the_shared_ones() -> None:
    # The encoders find an action's seat and index by the shared instance's address (issue 37, encoders at the
    # engine's speed); an equal action built by the constructor is not that instance and takes the slow way.
    from pytruco._codes import code as _code

    for seat in range(6):
        for index in range(NUM_ACTIONS):
            shared = Action.from_index(index, seat)
            by_hand = Action(shared.seat, shared.kind, shared.card, shared.points, shared.choice)
            assert by_hand is not shared
            assert _code(by_hand) == _code(shared) == seat << 8 | index
        for kind in (Kind.TIMEOUT, Kind.RENDIRSE):
            assert _code(Action(seat, kind)) == _code(Action.call(seat, kind)) == -1
    assert _code(Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])) == -1


def numpy_float32(value: float) -> float:
    """*value* rounded to single precision, as ``array("f")`` stores it."""
    return float(struct.unpack("f", struct.pack("f", value))[0])


@pytest.mark.parametrize(
    "encoder",
    [observation, legal_mask, information_state, information_state_string, observation_into, information_state_into],
)
def test_a_forged_state_is_refused_with_the_library_error(encoder: object) -> None:
    # Issue 36 item 6: object.__new__(State) reached legal_mask with an AttributeError in the pure build.
    try:
        forged = object.__new__(State)
    except TypeError:  # the compiled build's State is a native class: object.__new__ refuses to make one
        pytest.skip("object.__new__(State) is refused in the compiled build")
    with pytest.raises(ArgumentError, match="needs a State made by new_game or apply"):
        if encoder is observation_into or encoder is information_state_into:
            encoder(forged, 0, [0.0] * 3709)  # type: ignore[operator]
        else:
            encoder(forged, 0)  # type: ignore[operator]

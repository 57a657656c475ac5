"""STYLE.md (errors): Hypothesis fuzzing of every parser and loader.

Random and mutated text, bytes, JSON and records, and typed misuse of the API: only the library's own errors
(TrucoError subclasses) ever escape, records the library writes read back equal, and replay reports exactly
the error that a plain one-item-at-a-time replay reports (RECORDS.md: the first failure in order).
Each target runs a bounded number of examples, so the whole file takes a few seconds; set
PYTRUCO_FUZZ_SCALE (a factor, say 20) to fuzz longer.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from pytruco import (
    Action,
    Card,
    Deal,
    Hand,
    IllegalActionError,
    Kind,
    NotationError,
    Phase,
    Record,
    RecordError,
    Rps,
    RuleSet,
    RuleSetError,
    State,
    TrucoError,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    random_deal,
    replay,
)
from pytruco.cards import ALL_CARDS
from pytruco.rules import CfarRule, EnvidoStyle, EnvidoWindow, FaltaRule, PardaRule, Scoring
from strategies import GameSpec, candidate_actions, random_playout, rulesets

SCALE = float(os.environ.get("PYTRUCO_FUZZ_SCALE", "1"))


def examples(count: int) -> settings:
    return settings(max_examples=max(1, int(count * SCALE)))


FAST = examples(150)

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
# Text built from the pieces of real notation, so that near misses are common.
notation_pieces = st.sampled_from(
    ["0", "1", "2", "7", "12", "40", "99", "-1", " ", "  ", "E", "b", "O", "c", "X", "envido", "truco", "tengo",
     "rps", "piedra", "mazo", "quiero", "no-quiero", "²", "፩", "\u00a0", "\t", "\n", "ß", "ǅ", "9" * 70, ""]
)  # fmt: skip
near_notation = st.lists(notation_pieces, max_size=6).map("".join)
any_text = st.text(max_size=30) | near_notation
odd_values = json_values | st.sampled_from([object(), b"1E", 1.5, float("nan"), Kind.MAZO, Card.parse("1E"), ...])


def game_record(seed: int, rules: RuleSet, hands: int = 3) -> Record:
    """The record of a random game of *rules*, cut after about *hands* hands (ends mid-hand now and then)."""
    steps = list(random_playout(GameSpec(rules, seed)))
    rng = random.Random(seed)
    deals = [i for i, step in enumerate(steps) if isinstance(step.action, Deal)]
    cut = len(steps) if len(deals) <= hands else deals[hands] + rng.randrange(0, 4)
    state = steps[min(cut, len(steps)) - 1].after if steps else new_game(rules, first_mano=0)
    return Record.from_state(state)


# --- the notation parsers --------------------------------------------------------------------------------
@FAST
@given(any_text | odd_values)
def test_text_parsers_raise_only_notation_errors(value):
    """Card.parse, Hand.parse and Action.parse: a NotationError or a value that writes back to equal text."""
    for parse in (Card.parse, Hand.parse, Action.parse):
        try:
            parsed = parse(value)
        except NotationError:
            continue
        assert parse(str(parsed)) == parsed


@FAST
@given(json_values | st.lists(st.lists(any_text, max_size=4), max_size=7))
def test_deal_parse_raises_only_notation_errors(value):
    """Deal.parse of anything: a Deal or a NotationError."""
    try:
        deal = Deal.parse(value)
    except NotationError:
        return
    assert Deal.parse(deal.to_json()) == deal


@FAST
@given(odd_values, odd_values, odd_values, odd_values, odd_values)
def test_action_constructor_raises_only_notation_errors(seat, kind, card, points, choice):
    """Action(...) of any field values: a well-formed action (its text parses back to it) or a NotationError."""
    for fields in (
        (seat, kind, card, points, choice),
        (seat, Kind.MAZO, None, None, None),
        (0, kind, None, None, None),
    ):
        try:
            action = Action(*fields)
        except NotationError:
            continue
        assert Action.parse(str(action)) == action


def forged(fields: tuple[Any, ...]) -> Action:
    action = object.__new__(Action)
    for name, value in zip(("seat", "kind", "card", "points", "choice"), fields, strict=True):
        object.__setattr__(action, name, value)
    return action


field_values = st.one_of(
    st.sampled_from([0, 1, 2, 7, -1, True, False, 0.0, 1.0, "0", None, 10**80]),
    st.sampled_from([*Kind, "mazo", "play", None, 3]),
    st.sampled_from([*ALL_CARDS[:3], "7C", 7, None]),
    st.sampled_from([0, 27, 33, 40, True, -5, "33", None]),
    st.sampled_from([*Rps, "piedra", None]),
)


@FAST
@given(
    st.integers(0, 2**32 - 1),
    st.lists(field_values, min_size=5, max_size=5),
    st.integers(0, 40),
    st.integers(-1, 5),
)
def test_apply_of_forged_actions_raises_only_illegal_action_errors(seed, fields, steps, keep):
    """apply/check/is_legal with an Action that bypassed its constructor: applied as its well-formed twin, or
    refused with IllegalActionError; the input state never changes. With *keep* >= 0 the forged action copies
    a legal one (timeout and rendirse included) except for at most one field."""
    state = _state_after(seed, steps)
    legal_now = legal_actions(state, meta=True)
    if keep >= 0 and legal_now:
        model = legal_now[seed % len(legal_now)]
        copied = [model.seat, model.kind, model.card, model.points, model.choice]
        if keep < 5:
            copied[keep] = fields[keep]
        fields = copied
    action = forged(tuple(fields))
    before = (state.history, state.score, legal_actions(state, meta=True))
    legal = is_legal(state, action)
    try:
        after, _ = apply(state, action)
    except IllegalActionError:
        assert not legal
        try:
            check(state, action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError("check accepted what apply refused")
    else:
        assert legal
        recorded = after.history[-1]
        assert Action.parse(str(recorded)) is recorded  # the shared, well-formed instance
    assert (state.history, state.score, legal_actions(state, meta=True)) == before


def _state_after(seed: int, steps: int) -> State:
    rng = random.Random(seed)
    state = new_game("default", first_mano=0)
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state = apply(state, random_deal(state, rng))[0]
        else:
            state = apply(state, rng.choice(legal_actions(state)))[0]
    return state


@FAST
@given(odd_values | st.sampled_from(["default", "online", "classic"]), odd_values, odd_values, odd_values, odd_values)
def test_new_game_raises_only_truco_errors(rules, first_mano, score, chicos, rng):
    """new_game of any arguments: a state or a TrucoError."""
    try:
        state = new_game(rules, first_mano=first_mano, score=score, chicos=chicos, rng=rng)
    except TrucoError:
        return
    assert state.phase in (Phase.DEAL, Phase.RPS)


# --- rules ----------------------------------------------------------------------------------------------
option_names = st.sampled_from([field.name for field in attrs.fields(RuleSet)] + ["colour", "", "__class__"])


@FAST
@given(
    json_values
    | st.dictionaries(option_names, json_values, max_size=4).map(lambda d: {"preset": "default", **d})
    | st.dictionaries(option_names, json_values | json_scalars, max_size=3).map(lambda d: {"preset": "classic", **d})
)
def test_ruleset_from_dict_raises_only_rule_errors(data):
    """RuleSet.from_dict of any JSON: a hashable RuleSet that round-trips, or a RuleSetError."""
    try:
        rules = RuleSet.from_dict(data)
    except RuleSetError:
        return
    hash(rules)
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


ENUMS: dict[str, type] = {
    "scoring": Scoring,
    "parda": PardaRule,
    "envido_style": EnvidoStyle,
    "envido_window": EnvidoWindow,
    "flor_window": EnvidoWindow,
}
# PRESETS.md §9 (and cfar, which must agree with contraflor_al_resto): each listed value; a preset without the
# rule refuses all but its own.
HOUSE_VALUES: dict[str, list[Any]] = {
    "cfar": list(CfarRule),
    "falta_envido": list(FaltaRule),
    "flor_flor_value": [3, 4, 6],
    "flor_achico": [True, False],
    "contraflor_al_resto": ["falta", "game"],
    "mazo_penalty": ["none", "no-truco", "trick-1"],
    "mano_mazo_before_acting": [True, False],
    "mazo_before_flor": [True, False],
    "pica_pica_schedule": ["always", "after-5"],
}


@st.composite
def random_rulesets(draw: st.DrawFn) -> RuleSet:
    """A preset with random options of every kind (not only the preset values): the round trip must hold."""
    base = draw(rulesets())
    changes: dict[str, Any] = {}
    for field in attrs.fields(RuleSet):
        name = field.name
        skip = name in ("preset_name", "players", "max_players", "pica_pica", "rps_first_mano", *HOUSE_VALUES)
        if skip or draw(st.integers(0, 3)):
            continue
        if name in ENUMS:
            changes[name] = draw(st.sampled_from(list(ENUMS[name])))
        elif name == "targets":
            changes["targets"] = tuple(draw(st.lists(st.integers(1, 40), min_size=1, max_size=3, unique=True)))
        elif name == "target":
            continue  # chosen below, among the final targets
        elif name == "chicos_to_win":
            changes[name] = draw(st.integers(1, 3))
        elif isinstance(field.default, bool):
            changes[name] = draw(st.booleans())
        else:
            changes[name] = draw(st.integers(0, 12))
    targets = changes.get("targets", base.targets)
    changes["target"] = draw(st.sampled_from(targets))
    rules = base.with_options(**changes)
    for name, values in HOUSE_VALUES.items():
        if not draw(st.integers(0, 2)):
            with contextlib.suppress(RuleSetError):  # the '-' of §9: this preset has no such rule
                rules = rules.with_options(**{name: draw(st.sampled_from(values))})
    return rules


@examples(60)
@given(random_rulesets(), st.integers(0, 2**32 - 1))
def test_records_round_trip_over_random_rule_options(rules, seed):
    """RECORDS.md (round trip): records the library writes, it reads back equal and with the same hash, for any rule
    options
    (chicos_to_win and targets included), and they replay to the same score."""
    record = game_record(seed, rules, hands=2)
    again = Record.loads(record.dumps())
    assert again == record
    assert hash(again) == hash(record)
    assert again.rules == rules
    assert Record.loads(record.dumps(indent=2).encode()) == record


# --- JSON text, bytes and records ------------------------------------------------------------------------------
VALID = game_record(7, RuleSet.preset("classic"), hands=2).dumps()
VALID_RPS = game_record(3, RuleSet.preset("online"), hands=1).dumps()
JSON_CHARS = st.sampled_from([*'[]{}",:0123456789-+.eE tnfalsrueNI\\/\ufeff\x00', "\ud800", "é", "NaN", "1e999"])


@st.composite
def mutated_text(draw: st.DrawFn) -> str:
    """A valid record's JSON with a few characters inserted, deleted or replaced."""
    text = draw(st.sampled_from([VALID, VALID_RPS]))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.integers(0, 2))
        piece = draw(JSON_CHARS)
        if how == 0:
            text = text[:at] + piece + text[at:]
        elif how == 1:
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        else:
            text = text[:at] + piece + text[at + 1 :]
    return text


def load_and_replay(data: Any) -> None:
    """Read and replay; only a RecordError may escape."""
    try:
        record = Record.loads(data) if isinstance(data, (str, bytes)) else Record.from_dict(data)
        result = replay(record)
    except RecordError as error:
        assert error.kind in ("bad-record", "bad-deal", "bad-notation", "illegal-action")
        assert len(json.dumps(error.to_json())) < 2000
        return
    json.dumps(result.to_json(), allow_nan=False)


@FAST
@given(st.text(max_size=60) | mutated_text())
def test_record_from_json_of_random_and_mutated_text(text):
    """Record.loads and replay of random or mutated text raise only RecordError."""
    load_and_replay(text)


@FAST
@given(st.binary(max_size=60) | mutated_text().map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_record_from_json_of_random_and_mutated_bytes(data):
    """The same for bytes (bad UTF-8, binary)."""
    load_and_replay(data)


MEMBER_NAMES = st.sampled_from(
    ["format", "rules", "first_mano", "score", "chicos", "pre", "hands", "meta", "deal", "actions", "x"]
)


@st.composite
def mutated_json(draw: st.DrawFn) -> Any:
    """A valid record's parsed JSON with a few of its nodes replaced by random JSON values."""
    data = json.loads(draw(st.sampled_from([VALID, VALID_RPS])))
    for _ in range(draw(st.integers(1, 3))):
        node, key = data, None
        path_len = draw(st.integers(0, 4))
        for _ in range(path_len):
            children = (
                list(node.items())
                if isinstance(node, dict)
                else list(enumerate(node))
                if isinstance(node, list)
                else []
            )
            if not children:
                break
            key, child = draw(st.sampled_from(children))
            if not isinstance(child, (dict, list)):
                break
            node = child
            key = None
        if key is None:
            if isinstance(node, dict):
                node[draw(MEMBER_NAMES)] = draw(json_values)
            elif isinstance(node, list):
                node.append(draw(json_values))
        else:
            node[key] = draw(json_values)
    return data


@FAST
@given(json_values | mutated_json())
def test_record_from_dict_of_random_and_mutated_json(data):
    """Record.from_dict and replay of random JSON or a record with random nodes raise only RecordError."""
    load_and_replay(data)


# --- replay reports the first failure in order -------------------------------------------------------------
GOOD_TEXTS = [str(a) for a in candidate_actions(2)]
BAD_TEXTS = ["0 trucazo", "x", "0  mazo", "0 8E", "1 tengo ²", "", "9" * 70, "0 rps", "1 quiero 2"]
TEXT_POOL = st.sampled_from(GOOD_TEXTS) | st.sampled_from(BAD_TEXTS)
CARD_POOL = st.sampled_from([str(card) for card in ALL_CARDS]) | st.sampled_from(["8E", "1X", "", "²E"])


@st.composite
def mutated_record(draw: st.DrawFn) -> Record:
    """A real game's record with a few action texts or deal cards changed, actions dropped or hands repeated."""
    rules = draw(st.sampled_from([RuleSet.preset("default"), RuleSet.preset("online"), RuleSet.preset("classic")]))
    record = game_record(draw(st.integers(0, 2**32 - 1)), rules, hands=3)
    pre = list(record.pre)
    hands = [[list(map(list, hand.deal)), list(hand.actions)] for hand in record.hands]
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.integers(0, 4))
        if how == 0 and pre:
            pre[draw(st.integers(0, len(pre) - 1))] = draw(TEXT_POOL)
        elif how == 1 and hands:
            actions = hands[draw(st.integers(0, len(hands) - 1))][1]
            if actions:
                actions[draw(st.integers(0, len(actions) - 1))] = draw(TEXT_POOL)
        elif how == 2 and hands:
            actions = hands[draw(st.integers(0, len(hands) - 1))][1]
            if actions:
                del actions[draw(st.integers(0, len(actions) - 1))]
        elif how == 3 and hands:
            deal = hands[draw(st.integers(0, len(hands) - 1))][0]
            seat = deal[draw(st.integers(0, len(deal) - 1))]
            if draw(st.booleans()):
                seat[draw(st.integers(0, len(seat) - 1))] = draw(CARD_POOL)
            else:
                seat.pop()
        elif hands:
            hands.append(draw(st.sampled_from(hands)))
    data = record.to_dict()
    if pre:
        data["pre"] = pre
    data["hands"] = [{"deal": deal, "actions": actions} for deal, actions in hands]
    return Record.from_dict(data)


def reference_replay(record: Record) -> tuple[str, int | None, int | None] | None:
    """A plain replay that reads each item just before applying it (what RECORDS.md describes)."""
    state = new_game(record.rules, first_mano=record.first_mano, score=record.score, chicos=record.chicos)
    for index, text in enumerate(record.pre):
        try:
            state = apply(state, Action.parse(text))[0]
        except NotationError:
            return ("bad-notation", None, index)
        except IllegalActionError:
            return ("illegal-action", None, index)
    for h, hand in enumerate(record.hands):
        try:
            deal = Deal.parse(hand.deal)
        except NotationError:
            return ("bad-deal", h, None)
        cards = [card for seat in deal.hands for card in seat]
        if (
            len(deal.hands) != record.rules.players
            or any(len(seat) != 3 for seat in deal.hands)
            or len(set(cards)) != len(cards)
        ):
            return ("bad-deal", h, None)
        if state.phase is not Phase.DEAL:  # after the match is over (RECORDS.md), or while a hand is unfinished
            return ("bad-record", None, None)
        state = apply(state, deal)[0]
        for index, text in enumerate(hand.actions):
            try:
                state = apply(state, Action.parse(text))[0]
            except NotationError:
                return ("bad-notation", h, index)
            except IllegalActionError:
                return ("illegal-action", h, index)
    return None


@examples(120)
@given(mutated_record())
def test_replay_reports_the_same_error_as_a_plain_replay(record):
    """RECORDS.md: reading the whole record ahead never changes which error is reported, nor the trace."""
    expected = reference_replay(record)
    lines: list[dict[str, Any]] = []
    try:
        replay(record, trace=lines.append)
    except RecordError as error:
        assert (error.kind, error.hand, error.action) == expected
        if error.kind == "bad-notation":  # the trace line of the failing action was printed
            assert (lines[-1]["hand"], lines[-1]["action"]) == (error.hand, error.action)
    else:
        assert expected is None


def test_hands_of_deals_are_hashable_values():
    """Deal.parse gives real Hands (equal to Hand.parse of the same text)."""
    deal = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    assert deal.hands[0] == Hand.parse("7C 6C 1E")
    hash(deal)


# --- objects built through the public constructors (Card, Hand, Deal, Action, RuleSet) -------------------------
from pytruco import Suit  # noqa: E402

ranks = st.sampled_from([1, 2, 3, 4, 5, 6, 7, 10, 11, 12]) | st.sampled_from([0, 8, 9, 13, -1, True, 1.0, "1", None])
suits = st.sampled_from([*Suit]) | st.sampled_from(["E", "espadas", None, 0])


@FAST
@given(ranks, suits)
def test_card_constructor_gives_the_shared_card_or_a_notation_error(rank, suit):
    """Card(rank, suit): the one shared card (the engine tests cards by identity, PRESETS.md §1) or NotationError."""
    try:
        card = Card(rank, suit)
    except NotationError:
        return
    assert card is Card.parse(str(card)) and card is Card.of(rank, suit)


@examples(60)
@given(st.integers(0, 2**32 - 1), st.integers(2, 3), st.booleans())
def test_deals_of_constructed_cards_play_each_card_once(seed, players_half, spectate):
    """A Deal of Hands of Card(rank, suit) cards (never looked up): a random playout plays every dealt card at
    most once, its record replays to the same state, and Hand/Deal refuse what is not a card."""
    rng = random.Random(seed)
    players = 2 * (players_half - 1)
    rules = RuleSet.preset("default", players=players)
    state = new_game(rules, first_mano=0)
    cards = rng.sample(ALL_CARDS, 3 * players)
    hands = [Hand(tuple(Card(c.rank, c.suit) for c in cards[3 * s : 3 * s + 3])) for s in range(players)]
    state, _ = apply(state, Deal(tuple(hands)))
    played = []
    while not state.is_over and state.rounds_dealt == 1 and not state.is_chance:
        action = rng.choice(legal_actions(state))
        if action.kind is Kind.PLAY:
            played.append(action.card)
        state, _ = apply(state, Action(action.seat, action.kind, action.card, action.points, action.choice))
    assert len(played) == len(set(played))
    assert replay(Record.from_state(state)).state == state
    for bad in ([object()], ["1E"], [object.__new__(Card)], [Card.parse("1E")] * 2 if spectate else [None]):
        try:
            Deal((Hand(bad),) * players)  # type: ignore[arg-type]
        except NotationError:
            continue
        # two equal cards make a Hand (a hand is a holding); apply refuses the deal
        try:
            apply(new_game(rules, first_mano=0), Deal((Hand(bad),) * players))  # type: ignore[arg-type]
        except IllegalActionError as error:
            assert error.code == "bad-deal"


rule_fields = st.sampled_from([field.name for field in attrs.fields(RuleSet) if field.name != "preset_name"])


@FAST
@given(st.dictionaries(rule_fields, odd_values | st.integers(-3, 40) | st.booleans(), max_size=4))
def test_ruleset_constructor_raises_only_rule_errors(options):
    """RuleSet(**options) of random values: a RuleSetError, or rules a game can start and a record can hold."""
    try:
        rules = RuleSet(**options)
    except RuleSetError:
        return
    assert RuleSet.from_dict(rules.to_dict()) == rules
    state = new_game(rules, first_mano=0)
    assert replay(Record.from_state(state)).state == state


# --- views read back from JSON, fed to every consumer --------------------------------------------------------
def _consumers(seen: Any) -> None:
    """Everything the library does with a view: draw it, estimate the hand, let every bot act, say its actions."""
    from pytruco.bots import BOT_NAMES, round_win_chance
    from pytruco.svg import table_svg
    from pytruco.text import action_label, describe_action

    assert table_svg(seen).startswith("<svg")
    if seen.seat is None:
        return
    assert 0.0 <= round_win_chance(seen) <= 1.0
    for action in seen.legal:
        assert describe_action(action, "es") and action_label(action, "en")
    if seen.legal:
        for name in sorted(BOT_NAMES):
            if name != "search":  # the search bot samples worlds: slow, and tested on real views elsewhere
                assert BOT_NAMES[name]().act(seen, random.Random(0)) in seen.legal


@st.composite
def views_of_games(draw: st.DrawFn) -> Any:
    """The JSON of a seat's (or a spectator's) view at a random point of a random game of any preset."""
    from pytruco.views import view

    spec = draw(st.builds(GameSpec, rulesets(), st.integers(0, 2**32 - 1)))
    steps = list(random_playout(spec))
    state = steps[draw(st.integers(0, len(steps) - 1))].after if steps else new_game(spec.rules, first_mano=0)
    seat = draw(st.sampled_from([*range(spec.rules.players), None]))
    return json.loads(json.dumps(view(state, seat).to_json()))


@st.composite
def mutated_views(draw: st.DrawFn) -> Any:
    """A real view's JSON with one number or list somewhere replaced by a near miss."""
    data = draw(views_of_games())
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            if isinstance(value, (int, list)) and not isinstance(value, bool):
                paths.append((node, key))
            if isinstance(value, (dict, list)):
                walk(value)

    walk(data)
    if paths:
        node, key = draw(st.sampled_from(paths))
        old = node[key]
        if isinstance(old, list):
            choices = [old[:-1], [*old, *old[-1:]], old * 3, []] if old else [[0], [3, 3, 3], [-1]]
            node[key] = draw(st.sampled_from(choices))
        else:
            node[key] = draw(st.sampled_from([-1, 0, 1, 2, 3, 5, 6, 39, 10**6, 10**13, old + 1, old - 1]))
    return data


@examples(40)
@given(views_of_games())
def test_views_read_back_from_json_feed_every_consumer(data):
    """view -> JSON -> SeatView.from_json gives the same view, and every consumer takes it."""
    from pytruco.views import SeatView

    seen = SeatView.from_json(data)
    assert seen.to_json() == data
    _consumers(seen)


@examples(150)
@given(mutated_views())
def test_a_view_from_json_works_everywhere_or_is_refused(data):
    """A mutated view's JSON: SeatView.from_json refuses it with ViewError, or every consumer works with it."""
    from pytruco.views import SeatView, ViewError

    try:
        seen = SeatView.from_json(data)
    except ViewError:
        return
    _consumers(seen)


# --- long games: replayed, unpickled, branched ------------------------------------------------------------------
@examples(5)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["default", "online", "reglamento"]))
def test_long_games_replay_unpickle_and_branch(seed, preset):
    """A 300-hand match to a far target: its record replays to it, the unpickled state equals it and goes on
    the same way, and two branches from one state each record and replay to themselves."""
    import pickle

    rules = RuleSet.preset(preset, targets=(10**6,), target=10**6)
    rng = random.Random(seed)
    state = new_game(rules, first_mano=0) if not rules.rps_first_mano else new_game(rules)
    while not state.is_over and (state.rounds_dealt < 300 or state.is_chance):
        if state.is_chance:
            state, _ = apply(state, random_deal(state, rng))
        else:
            # no falta envido or contraflor al resto: either wins the match at once
            acts = [a for a in legal_actions(state) if a.kind not in (Kind.FALTA_ENVIDO, Kind.CONTRAFLOR_AL_RESTO)]
            folds = [a for a in acts if a.kind is Kind.MAZO]
            state, _ = apply(state, rng.choice(folds if folds and rng.random() < 0.7 else acts))
    assert state.rounds_dealt >= 300 or state.is_over
    assert replay(Record.from_state(state)).state == state
    restored = pickle.loads(pickle.dumps(state))
    assert restored == state and Record.from_state(restored) == Record.from_state(state)
    branches = []
    for branch_seed in (seed, seed + 1):
        branch_rng = random.Random(branch_seed)
        here, there = state, restored
        for _ in range(30):
            if here.is_over:
                break
            item = random_deal(here, branch_rng) if here.is_chance else branch_rng.choice(legal_actions(here))
            here, there = apply(here, item)[0], apply(there, item)[0]
        assert here == there
        branches.append(here)
        assert replay(Record.from_state(here)).state == here
    assert Record.from_state(state) == Record.from_state(restored)  # the branches changed neither

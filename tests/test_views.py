"""Per-seat views never leak a hidden card (the guide's game-developer contract), and bots only see views."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytruco import Action, Deal, Kind, RuleSet, TrucoError, apply, legal_actions, new_game, random_deal
from pytruco.bots import HeuristicBot, RandomBot, play_match
from pytruco.cards import ALL_CARDS
from pytruco.views import Declaration, SeatError, SeatView, view

from .helpers import act, play
from .strategies import GameSpec, games, random_playout

CARD_TEXTS = {str(card) for card in ALL_CARDS}


def card_tokens(value: object) -> set[str]:
    """Every card notation that appears anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(value, str):
        found |= {token for token in value.split() if token in CARD_TEXTS}
    elif isinstance(value, dict):
        for item in value.values():
            found |= card_tokens(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_tokens(item)
    return found


CONFIGS = [
    ("default", 2),
    ("online", 2),
    ("classic", 2),
    ("ladder", 2),
    ("reglamento", 2),
    ("default", 4),
    ("classic", 6),
]


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6))
def test_views_show_only_own_and_played_cards(config: tuple[str, int], seed: int) -> None:
    """A seat's view shows its own cards and the cards played face up, nothing else, at every step."""
    preset, players = config
    rng = random.Random(seed)
    state = (
        new_game(RuleSet.preset(preset, players=players), first_mano=0) if preset != "online" else new_game("online")
    )
    played: set[str] = set()  # every card played so far, and each seat's cards of every deal (kept as it goes)
    own: list[set[str]] = [set() for _ in range(players)]
    for _ in range(300):
        if state.is_over:
            break
        if state.is_chance:
            deal = random_deal(state, rng)
            for seat in range(players):
                own[seat].update(str(card) for card in deal.hands[seat])
            state, _ = apply(state, deal)
            continue
        for seat in range(players):
            seen = view(state, seat)
            shown = card_tokens(json.loads(json.dumps(seen.to_json())))
            assert shown <= own[seat] | played, (seat, shown - own[seat] - played)
            assert all(a.seat == seat for a in seen.legal)
        action = rng.choice(legal_actions(state))
        if action.card is not None:
            played.add(str(action.card))
        state, _ = apply(state, action)


def test_view_hides_the_other_rock_paper_scissors_choice() -> None:
    """PRESETS.md §2 (online): choices are hidden from the other seat until both have chosen."""
    state, _ = apply(new_game("online"), Action.parse("0 rps tijera"))
    assert view(state, 1).history == ("0 rps ?",)
    assert view(state, 0).history == ("0 rps tijera",)
    assert "0 rps tijera" not in json.dumps(view(state, 1).to_json())
    state, _ = apply(state, Action.parse("1 rps piedra"))
    assert view(state, 1).history == ("0 rps tijera", "1 rps piedra")


def test_view_of_a_hand() -> None:
    """The view lists what a table shows: own cards, cards left per seat, the trick, calls and legal actions."""
    state = new_game("default", first_mano=0)
    state, _ = apply(state, Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    state, _ = apply(state, Action.parse("0 envido"))
    seen = view(state, 1)
    assert [str(card) for card in seen.hand] == ["5O", "4O", "3B"]
    assert seen.cards_left == (3, 3)
    assert seen.envido_calls == (Kind.ENVIDO,)
    assert seen.to_act == (1,)
    assert sorted(str(a) for a in seen.legal) == [
        "1 envido",
        "1 falta-envido",
        "1 mazo",
        "1 no-quiero",
        "1 quiero",
        "1 real-envido",
    ]
    assert view(state, 0).legal == ()
    assert seen.history == ("deal 5O 4O 3B", "0 envido")


def test_view_rejects_unknown_seat() -> None:
    state = new_game("default", first_mano=0)
    try:
        view(state, 2)
    except ValueError as error:
        assert "seat 2" in str(error)
    else:
        raise AssertionError("seat 2 accepted at a 2-seat table")


def test_bots_finish_games_in_every_preset() -> None:
    """Bots play whole games from views only, in every preset and team size."""
    for preset, players in CONFIGS:
        rng = random.Random(players)
        rules = RuleSet.preset(preset, players=players)
        bots = [HeuristicBot() if seat % 2 == 0 else RandomBot() for seat in range(players)]
        final = play_match(rules, bots, rng=rng)
        assert final.is_over and final.winner in (0, 1)


def test_simple_bot_beats_random_bot_more_often_than_not() -> None:
    """HeuristicBot is a sensible opponent for `pytruco play`: it wins most games against a random player."""
    wins = 0
    for seed in range(30):
        rng = random.Random(seed)
        final = play_match(RuleSet.preset("default", target=15), [HeuristicBot(), RandomBot()], rng=rng)
        wins += final.winner == 0
    assert wins >= 18


# --- RECORDS.md views: the complete view ------------------------------------------------

DEAL_2 = [["7C", "6C", "1E"], ["5O", "4O", "3B"]]


def test_view_shows_the_pending_truco_and_what_answering_is_worth() -> None:
    """PRESETS.md §4: an accepted truco makes the hand worth 2, a refused one gives the caller 1."""
    state = play("default", DEAL_2, "0 1E", "1 truco")
    seen = view(state, 0)
    assert seen.pending is not None
    assert (seen.pending.call, seen.pending.seat, seen.pending.answerers) == (Kind.TRUCO, 1, (0,))
    assert (seen.pending.if_accepted, seen.pending.if_refused) == (2, 1)
    state = act(state, "0 retruco")
    seen = view(state, 1)
    assert seen.truco.level == 1 and seen.truco.value == 2 and seen.truco.quiero_team == 0
    assert seen.pending is not None and (seen.pending.if_accepted, seen.pending.if_refused) == (3, 2)
    assert [(c.seat, c.call) for c in seen.truco.calls] == [(1, Kind.TRUCO), (0, Kind.RETRUCO)]


def test_view_shows_envido_chain_declarations_and_points() -> None:
    """PRESETS.md §5: E-R accepted is worth 5, refused 2; declarations are public, mano first."""
    state = play("default", DEAL_2, "0 envido", "1 real-envido")
    seen = view(state, 0)
    assert seen.pending is not None and (seen.pending.if_accepted, seen.pending.if_refused) == (5, 2)
    assert seen.envido_points == 33 and view(state, 1).envido_points == 29
    state = act(state, "0 quiero", "0 tengo 33")
    seen = view(state, 1)
    assert seen.declaring == "envido" and seen.to_act == (1,)
    assert seen.envido.declarations == (Declaration(0, 33),)
    state = act(state, "1 timeout")
    seen = view(state, 1)
    assert seen.envido.declarations == (Declaration(0, 33), Declaration(1, None, timeout=True))
    assert seen.envido.winner == 0 and seen.envido.stage == "settled"
    assert seen.round_points == (5, 0) and seen.score == (5, 0)
    assert [c.call for c in seen.envido.calls] == [Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.QUIERO]


def test_end_of_hand_presets_show_what_is_still_to_be_added() -> None:
    """PRESETS.md §2 (classic): the hand's points are added when it ends."""
    state = play("classic", DEAL_2, "0 envido", "1 no-quiero")
    seen = view(state, 0)
    assert seen.round_points == (0, 0) and seen.unscored == ((0, 1, "envido"),)


def test_mano_is_not_stale_between_hands() -> None:
    """The view's mano is the next hand's mano once a hand is over (PRESETS.md §2: seat + 1)."""
    state = play("default", DEAL_2, "0 mazo")
    seen = view(state, 1)
    assert seen.round_over and seen.phase.value == "deal"
    assert seen.mano == 1 and state.mano == 1
    assert seen.hand == () and seen.envido_points is None and seen.pie == (0, 1)


def test_spectator_view_shows_no_hand() -> None:
    state = play("default", DEAL_2, "0 envido")
    seen = view(state, None)
    assert seen.hand == () and seen.legal == () and seen.envido_points is None
    assert seen.history == ("deal", "0 envido")
    assert card_tokens(seen.to_json()) == set()


def test_view_teams_pie_and_partners_in_team_play() -> None:
    state = play(
        "default",
        [["1E", "2E", "3E"], ["4E", "5E", "6E"], ["7E", "1B", "2B"], ["3B", "4B", "5B"]],
        players=4,
        first_mano=1,
    )
    seen = view(state, 2)
    assert seen.teams == ((0, 2), (1, 3)) and seen.partners == (0,)
    assert seen.mano == 1 and seen.pie == (0, 3)


def test_view_rejects_bad_seats_with_a_library_error() -> None:
    """STYLE.md (errors): a bad seat is a TrucoError (and a ValueError), never a TypeError."""
    state = new_game("default", first_mano=0)
    for bad in (2, -1, "0", True, 0.0, None.__class__):
        try:
            view(state, bad)  # type: ignore[arg-type]
        except SeatError as error:
            assert isinstance(error, TrucoError) and isinstance(error, ValueError)
        else:
            raise AssertionError(f"seat {bad!r} accepted")


def test_view_json_round_trips_exactly() -> None:
    state = play("reglamento", DEAL_2, "0 envido", "1 quiero")
    for seat in (0, 1, None):
        seen = view(state, seat)
        data = json.loads(json.dumps(seen.to_json()))
        assert SeatView.from_json(data) == seen
        assert SeatView.from_json(data).to_json() == data


def test_a_truco_waits_under_the_envido_primero() -> None:
    """Envido primero (the rules pages, truco): an envido answers the first truco, which waits meanwhile."""
    state = play("default", DEAL_2, "0 truco", "1 envido")
    seen = view(state, 0)
    assert seen.pending is not None and seen.pending.call is Kind.ENVIDO and seen.pending.if_accepted == 2
    assert seen.truco.waiting is not None and (seen.truco.waiting.seat, seen.truco.waiting.call) == (0, Kind.TRUCO)
    state = act(state, "0 quiero", "0 tengo 33", "1 son-buenas")
    seen = view(state, 1)
    assert seen.pending is not None and seen.pending.call is Kind.TRUCO and seen.pending.answerers == (1,)
    assert SeatView.from_json(seen.to_json()) == seen


def test_a_view_reads_the_current_hand_only() -> None:
    """STYLE.md (no step slower as a game grows): a view's size (and work) does not grow with the match: late in a
    long match it carries the
    current hand's history only (the bench reports the time, at hand 1 and hand 28)."""
    from pytruco.bench import match_positions

    early, late = match_positions(seed=3)
    assert late.rounds_dealt == 28 and len(late.history) > 100
    assert len(view(late, 0).history) == len(view(early, 0).history) == 2  # the deal and one card
    assert len(json.dumps(view(late, 0).to_json())) < 2 * len(json.dumps(view(early, 0).to_json()))


def _tied_draw(ties: int) -> Any:
    """An online game after *ties* rock-paper-scissors ties (PRESETS.md §2: a tie repeats the draw)."""
    state = new_game("online")
    for _ in range(ties):
        state, _ = apply(state, Action.parse("0 rps piedra"))
        state, _ = apply(state, Action.parse("1 rps piedra"))
    return state


def test_the_view_before_the_deal_shows_the_current_draw_and_the_one_before() -> None:
    """PRESETS.md §2: the view before the deal holds the draw being played and the tie before it, however long
    the draw has gone on (a view is the same size at 2 ties and at 2,000)."""
    short, long = _tied_draw(2), _tied_draw(2000)
    for state in (short, long):
        after, _ = apply(state, Action.parse("1 rps papel"))
        assert view(after, 0).history == ("0 rps piedra", "1 rps piedra", "1 rps ?")
        assert view(after, 1).history == ("0 rps piedra", "1 rps piedra", "1 rps papel")
        won, _ = apply(after, Action.parse("0 rps tijera"))
        assert view(won, None).history == ("0 rps piedra", "1 rps piedra", "1 rps papel", "0 rps tijera")
    assert view(long, 0).to_json() == view(short, 0).to_json()


def test_a_draw_that_fills_the_record_leaves_only_rendirse() -> None:
    """RECORDS.md limits (MAX_ACTIONS per hand and for pre): legal play never makes a game that cannot be
    recorded. After 9,998 tied choices and one more, only rendirse is accepted (record-full), and the record of
    the game reads back."""
    from pytruco import IllegalActionError, Record, is_legal, replay
    from pytruco.records import MAX_ACTIONS

    state = _tied_draw((MAX_ACTIONS - 2) // 2)
    state, _ = apply(state, Action.parse("0 rps papel"))
    assert state.history_length == MAX_ACTIONS - 1
    assert legal_actions(state) == () and state.to_act == ()
    assert [str(a) for a in legal_actions(state, meta=True)] == ["0 rendirse", "1 rendirse"]
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Action.parse("1 rps tijera"))
    assert caught.value.code == "record-full" and caught.value.params["limit"] == MAX_ACTIONS
    assert not is_legal(state, Action.parse("1 timeout"))
    assert replay(Record.from_state(state)).state == state
    over, _ = apply(state, Action.parse("1 rendirse"))
    assert over.is_over and replay(Record.from_state(over)).state == over


def _mid_hand_view_json() -> dict[str, Any]:
    """Seat 1's view after 0 envido: a call pending, seat 1 to act (tests/test_views.py's standard deal)."""
    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "0 1E", "1 envido")
    return json.loads(json.dumps(view(state, 0).to_json()))


def _changed(path: str, value: Any) -> dict[str, Any]:
    data = _mid_hand_view_json()
    *parents, last = path.split(".")
    node: Any = data
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    node[int(last) if isinstance(node, list) else last] = value
    return data


_IMPOSSIBLE_VIEWS: list[tuple[str, Any]] = [
    ("cards_left", [3, 10**6]),  # table_svg drew a million cards
    ("cards_left", [3]),  # IndexError in table_svg, round_win_chance and the bots
    ("cards_left", [3, 3, 3]),
    ("cards_left", [3, -1]),
    ("seat", 2),  # a seat beyond the table
    ("seat", 10**5000),  # repr's ValueError
    ("mano", 5),
    ("legal", []),  # the seat is to act: the bots had nothing to choose from
    ("legal", ["1 mazo"]),  # another seat's action
    ("to_act", [7]),
    ("hand", ["1E", "1E"]),
    ("hand", ["1E", "2E", "3E", "4E"]),
    ("current_trick", [[9, "1E"]]),
    ("current_trick", [[0, "1E"], [1, "2E"], [0, "3E"]]),
    ("teams", [[0, 1], []]),
    ("partners", [1]),
    ("score", [-1, 0]),
    ("score", [10**13, 0]),
    ("winner", 2),
    ("envido_points", 10**6),
    ("hand_number", -1),
    ("truco.level", 9),
    ("truco.quiero_team", 3),
    ("pending.seat", 4),
    ("pending.answerers", [0, 6]),
    ("envido.stage", "sideways"),
    ("envido.calls", [{"seat": 8, "call": "envido"}]),
    ("folded", [3]),
    ("duel", 4),
    ("history", ["x" * 10_000]),
]


@pytest.mark.parametrize(
    ("path", "value"), _IMPOSSIBLE_VIEWS, ids=[f"{path}-{n}" for n, (path, _) in enumerate(_IMPOSSIBLE_VIEWS)]
)
def test_a_view_read_from_json_is_checked_for_what_a_table_can_show(path: str, value: Any) -> None:
    """SeatView.from_json checks ranges and consistency, not only types (truco-view/1): seats within the table,
    one count of cards left per seat (0-3), at most three cards in a hand, legal actions of this seat, and some
    when it is to act... so that every consumer of a view it returns (table_svg, the bots, round_win_chance)
    works, and JSON that no table could show is a ViewError."""
    from pytruco.views import ViewError

    with pytest.raises(ViewError, match=r"^(not a view a table can show: |member '\w+' must be |history must list)"):
        SeatView.from_json(_changed(path, value))


def test_every_consumer_takes_a_view_read_back_from_json() -> None:
    """The view JSON the library writes reads back, and table_svg, round_win_chance, the bots and the text
    helpers take it."""
    from pytruco.bots import BOT_NAMES, round_win_chance
    from pytruco.svg import table_svg
    from pytruco.text import describe_action

    seen = SeatView.from_json(_mid_hand_view_json())
    assert table_svg(seen).startswith("<svg")
    assert 0.0 <= round_win_chance(seen) <= 1.0
    for name in sorted(BOT_NAMES):
        assert BOT_NAMES[name]().act(seen, random.Random(1)) in seen.legal
    assert all(describe_action(action, "en") for action in seen.legal)


@settings(max_examples=30, deadline=None)
@given(spec=games())
def test_call_values_say_what_the_pending_call_will_say(spec: GameSpec) -> None:
    """What a raise would be worth (SeatView's call_values): each legal call's ``call_values`` entry is what ``pending``
    says once the call is made (PRESETS.md §4 truco values, §5 envido values, §6 contraflor values), so a client never
    computes a chain's value itself."""
    for step in itertools.islice(random_playout(spec), 300):
        state = step.before
        if state.is_chance or state.is_over:
            continue
        seat = state.to_act[0]
        seen = view(state, seat)
        calls = [a for a in seen.legal if a.kind in {v.call for v in seen.call_values}]
        assert [a.kind for a in calls] == [v.call for v in seen.call_values]
        for action, value in zip(calls, seen.call_values, strict=True):
            after, _ = apply(state, action)
            pending = view(after, seat).pending
            if pending is not None and pending.call is action.kind and pending.seat == seat:
                assert (pending.if_accepted, pending.if_refused) == (value.if_accepted, value.if_refused), str(action)


def test_call_values_of_a_raise() -> None:
    """§4: after an accepted truco, retruco would be worth 3 (2 refused); §5: over an envido, real envido would
    make the chain 5 (2 refused)."""
    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "0 envido")
    values = {v.call: (v.if_accepted, v.if_refused) for v in view(state, 1).call_values}
    assert values[Kind.REAL_ENVIDO] == (5, 2) and values[Kind.ENVIDO] == (4, 2)
    state = act(state, "1 quiero", "0 tengo 33", "1 son-buenas", "0 truco", "1 quiero", "0 1E")
    values = {v.call: (v.if_accepted, v.if_refused) for v in view(state, 1).call_values}
    assert values == {Kind.RETRUCO: (3, 2)}
    assert view(state, 0).call_values == ()  # team 1 holds the quiero
    assert view(state, 1).to_json()["call_values"] == [{"call": "retruco", "if_accepted": 3, "if_refused": 2}]

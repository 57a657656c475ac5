"""The API a new user reaches for (the conveniences of the API guide): each convenience, its errors, and the names that
go in pairs."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from pytruco import (
    Action,
    ArgumentError,
    Deal,
    Hand,
    IllegalActionError,
    NotationError,
    Record,
    RecordError,
    RuleSet,
    RuleSetError,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    random_deal,
    view,
)
from pytruco.bots import BOT_NAMES, load_bot
from pytruco.text import card_name

DEAL = Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]])


def test_new_game_takes_a_preset_name_with_options() -> None:
    """new_game("default", players=4, ...) is new_game(RuleSet.preset("default", players=4, ...))."""
    state = new_game("default", players=4, target=15, first_mano=2)
    assert state.rules == RuleSet.preset("default", players=4, target=15)
    assert state.mano == 2
    assert new_game("classic", flor=False, first_mano=0).rules == RuleSet.preset("classic", flor=False)
    assert new_game(RuleSet.preset("online")).rules == RuleSet.preset("online")  # a RuleSet still works


def test_new_game_options_that_conflict_are_explained() -> None:
    with pytest.raises(ArgumentError, match=r"only with a preset name; change a RuleSet with rules\.with_options"):
        new_game(RuleSet.preset("default"), players=4)
    with pytest.raises(RuleSetError, match=r"unknown option 'first_man' \(new_game takes first_mano, score"):
        new_game("default", first_man=0)
    with pytest.raises(RuleSetError, match="unknown option 'preset_name'"):
        new_game("default", preset_name="classic")
    with pytest.raises(RuleSetError, match="option 'players': must be 2, 4 or 6, not 3"):
        new_game("default", players=3)


def test_apply_reads_action_text_as_action_parse_does() -> None:
    state, _ = apply(new_game("default", first_mano=0), DEAL)
    by_text, events_text = apply(state, "0 truco")
    by_action, events_action = apply(state, Action.parse("0 truco"))
    assert by_text == by_action and events_text == events_action
    assert by_text.history[-1] is legal_actions(state)[3]  # the shared instance goes into the history
    with pytest.raises(NotationError, match="not an action: '0 trucoo'"):
        apply(state, "0 trucoo")
    with pytest.raises(IllegalActionError, match="seat 1 cannot act now"):
        apply(state, "1 truco")


def _outcome(call: Any, state: Any, action: object) -> object:
    """What *call* does with *action*: its answer, or the class, code and message of its error."""
    try:
        answer = call(state, action)
        return ("answer", answer if call is is_legal else None)
    except IllegalActionError as error:
        return ("refused", error.code, str(error))
    except (ArgumentError, NotationError) as error:
        return (type(error).__name__, str(error))


@pytest.mark.parametrize("text", ["0 truco", "1 truco", "0 quiero", "0 7C", "0 5O", "1 rendirse", "0 timeout"])
def test_apply_check_and_is_legal_read_notation_alike(text: str) -> None:
    """Issue 34 (every entry point takes the same inputs): notation is read by apply, check and is_legal as
    Action.parse reads it; is_legal is True exactly when check passes, and a refusal is the same from check and
    apply, whether the action came as text or as an Action."""
    state, _ = apply(new_game("default", first_mano=0), DEAL)
    parsed = Action.parse(text)
    assert is_legal(state, text) is is_legal(state, parsed) is (parsed in legal_actions(state, meta=True))
    for call in (check, apply):
        assert _outcome(call, state, text) == _outcome(call, state, parsed)
    assert (_outcome(check, state, text) == ("answer", None)) is is_legal(state, text)
    if not is_legal(state, text):
        assert _outcome(apply, state, text) == _outcome(check, state, text)


@pytest.mark.parametrize(
    ("bad", "error", "message"),
    [
        ("0 trucoo", NotationError, "not an action: '0 trucoo'"),
        ("truco", NotationError, "not an action: 'truco'"),
        (42, ArgumentError, "needs an Action, a Deal or an action in record notation, not 42"),
        (None, ArgumentError, "needs an Action, a Deal or an action in record notation, not None"),
        (b"0 truco", ArgumentError, "needs an Action, a Deal or an action in record notation, not b'0 truco'"),
        ([["7C", "6C", "1E"], ["5O", "4O", "3B"]], ArgumentError, "needs an Action, a Deal or an action in record"),
    ],
)
def test_apply_check_and_is_legal_refuse_bad_input_alike(bad: object, error: type[Exception], message: str) -> None:
    """Issue 34: what is neither an Action, a Deal nor action notation gets the same library error from apply,
    check and is_legal (is_legal answered False and check raised "not an action" for text before); the message
    names the function."""
    state, _ = apply(new_game("default", first_mano=0), DEAL)
    for call in (apply, check, is_legal):
        with pytest.raises(error, match=re.escape(message)) as caught:
            call(state, bad)
        if error is ArgumentError:
            assert str(caught.value).startswith(f"{call.__name__} needs")


def test_a_deal_is_taken_alike_by_apply_check_and_is_legal() -> None:
    """Issue 34: a Deal is an input of all three; a deal when none is due is refused alike."""
    dealing = new_game("default", first_mano=0)
    assert is_legal(dealing, DEAL) is True
    assert _outcome(check, dealing, DEAL) == ("answer", None)
    state, _ = apply(dealing, DEAL)
    assert is_legal(state, DEAL) is False
    assert _outcome(check, state, DEAL) == _outcome(apply, state, DEAL)
    assert _outcome(check, state, DEAL)[:2] == ("refused", "deal-not-now")


def test_record_loads_is_the_pair_of_dumps() -> None:
    rng = random.Random(4)
    state = new_game("reglamento", players=4, first_mano=1)
    for _ in range(40):
        state, _ = apply(state, random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state)))
    record = Record.from_state(state)
    assert Record.loads(record.dumps()) == record
    assert Record.loads(record.dumps().encode()) == record
    with pytest.raises(RecordError, match="invalid JSON"):
        Record.loads("{")


def test_legal_actions_of_one_seat() -> None:
    state, _ = apply(new_game("default", first_mano=0), DEAL)
    state, _ = apply(state, "0 envido")
    everyone = legal_actions(state)
    assert legal_actions(state, 1) == tuple(a for a in everyone if a.seat == 1) == everyone
    assert legal_actions(state, 0) == ()
    assert legal_actions(state, 0, meta=True) == (Action.parse("0 rendirse"),)
    assert legal_actions(state, None) is everyone  # no filtering, no copy
    for bad in (2, -1, True, "1", 1.0):
        with pytest.raises(ArgumentError, match="legal_actions needs a seat of the table"):
            legal_actions(state, bad)  # type: ignore[arg-type]


def test_the_view_counts_rounds_as_the_state_does() -> None:
    """docs/internals.md, Words: a *round* is a deal; the view's rounds_dealt is the state's (its JSON keeps the
    wire name hand_number)."""
    state = new_game("default", first_mano=0)
    assert view(state, 0).rounds_dealt == state.rounds_dealt == 0
    state, _ = apply(state, DEAL)
    seen = view(state, 1)
    assert seen.rounds_dealt == state.rounds_dealt == 1
    assert seen.to_json()["hand_number"] == 1
    assert not hasattr(seen, "hand_number")


@pytest.mark.parametrize("preset", ["default", "ladder", "reglamento"])
def test_the_views_envido_points_are_the_hands_method_under_the_rules(preset: str) -> None:
    """docs/internals.md: Hand.envido_points(count_three) computes; SeatView.envido_points is that value for the
    seat's dealt hand under the game's rules (three of a suit: ladder and reglamento count all three)."""
    state, _ = apply(new_game(preset, first_mano=0), Deal.parse([["7C", "6C", "5C"], ["5O", "4O", "3B"]]))
    rules = state.rules
    for seat, cards in ((0, "7C 6C 5C"), (1, "5O 4O 3B")):
        assert view(state, seat).envido_points == Hand.parse(cards).envido_points(rules.envido_count_three)
    assert view(state, 0).envido_points == (38 if rules.envido_count_three else 33)


def test_bot_names_are_one_list() -> None:
    """The loader's names are BOT_NAMES (no `simple`), and its error lists exactly them."""
    assert sorted(BOT_NAMES) == [
        "always-call",
        "bluff-weak",
        "envido-always",
        "heuristic",
        "ismcts",
        "never-accept",
        "random",
        "search",
        "truco-always",
        "truco-bluff",
    ]
    for name in BOT_NAMES:
        assert load_bot(name).name == name
    with pytest.raises(ArgumentError) as info:
        load_bot("simple")
    known = (
        "known: always-call, bluff-weak, envido-always, heuristic, ismcts, never-accept, random, search, truco-always,"
        " truco-bluff, or module:Class, path/to/file.py:Class or exec:COMMAND"
    )
    assert known in str(info.value)


def test_a_bot_can_be_named_by_its_file(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "mine.py").write_text(
        "class First:\n    name = 'first'\n    def act(self, view, rng):\n        return view.legal[0]\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert load_bot("mine.py:First").name == "first"
    assert load_bot(str(tmp_path / "mine.py") + ":First").name == "first"
    with pytest.raises(ArgumentError, match=r"cannot load bot 'nowhere\.py:First'"):
        load_bot("nowhere.py:First")
    with pytest.raises(ArgumentError, match=r"cannot load bot 'mine\.py:Second'"):
        load_bot("mine.py:Second")


def test_one_card_naming_in_every_surface() -> None:
    """A refusal, an event and the terminal name a card as card_name does (Spanish card names: "rey de bastos" in a
    refusal against "12 de bastos" on the screen)."""
    import io

    from pytruco.play._screen import Screen
    from pytruco.text import describe_event, describe_refusal

    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["12B", "11E", "10C"], ["5O", "4O", "3B"]]))
    screen = Screen(io.StringIO(), "es", state.rules, 0, color=False)
    for card in state.round.held[0]:  # type: ignore[union-attr]
        assert screen.card(card, long=True) == f"{card} ({card_name(card, 'es')})"
    played, events = apply(state, "0 11E")
    assert "caballo de espadas" in describe_event(events[0], "es")
    with pytest.raises(IllegalActionError) as info:
        apply(played, Action.parse("1 12B"))
    assert "el rey de bastos" in describe_refusal(info.value, "es")


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_help_names_every_bot_of_the_one_list(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    from pytruco.cli import main

    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    said = "".join(capsys.readouterr().out.split())  # argparse wraps the help, also at a hyphen
    assert (
        "always-call,bluff-weak,envido-always,heuristic,ismcts,never-accept,random,search,truco-always,truco-bluff,"
        "ormodule:Class,path/to/file.py:Classorexec:COMMAND"
    ) in said
    assert "simple" not in said


def test_random_help_describes_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    from pytruco.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["random", "--help"])
    assert exited.value.code == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "print its record (JSON, truco-record/1)" in said
    for described in ("--preset PRESET rules preset", "--players PLAYERS seats: 2, 4 or 6", "--seed SEED seed the"):
        assert described in said, said

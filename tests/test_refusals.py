"""Refusal codes: every IllegalActionError carries a stable code and params, and the English sentence is the
code's template over the params (so a frontend can write its own sentence from them)."""

from __future__ import annotations

import random
import re

import pytest

from helpers import play, refused
from pytruco import (
    Action,
    Card,
    Deal,
    IllegalActionError,
    Kind,
    RuleSet,
    State,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    random_deal,
)
from pytruco._engine.refusals import MESSAGES, english
from pytruco.text import describe_refusal

# The published list: a code is never renamed or reused (front-ends key translations by it). Add new ones here.
STABLE_CODES = (
    "achico-answers-first-flor",
    "achico-answers-second-flor",
    "answer-own-call",
    "answers-flor-only",
    "bad-deal",
    "before-deal",
    "cannot-concede",
    "card-not-held",
    "declare-not-answer",
    "deal-after-match",
    "deal-not-now",
    "duel-played",
    "envido-after-flor",
    "envido-after-truco",
    "envido-card-played",
    "envido-chain-closed",
    "envido-first-trick",
    "envido-not-now",
    "envido-not-truco-answer",
    "envido-one-chain",
    "envido-opening-call",
    "envido-points-untrue",
    "envido-primero-first-truco",
    "envido-raise-not-allowed",
    "envido-value-impossible",
    "envido-window-closed",
    "flor-already-sung",
    "flor-before-first-card",
    "flor-card-played",
    "flor-envido-answered",
    "flor-no-longer",
    "flor-not-held",
    "flor-not-now",
    "flor-points-untrue",
    "folded",
    "mano-acts-first",
    "match-over",
    "mazo-not-now",
    "mazo-while-declaring",
    "mazo-with-pending",
    "must-sing-flor",
    "no-contraflor",
    "no-contraflor-al-resto",
    "no-declaration-due",
    "no-flor",
    "no-such-seat",
    "not-a-flor-answer",
    "not-a-second-flor-answer",
    "not-allowed",
    "not-an-action",
    "not-your-turn",
    "nothing-to-answer",
    "play-while-pending",
    "raise-needs-quiero",
    "raise-own-call",
    "raise-out-of-turn",
    "rps-after-deal",
    "rps-already-chosen",
    "rps-before-deal",
    "record-full",
    "record-hands-full",
    "son-buenas-first",
    "timeout-not-to-act",
    "truco-all-accepted",
    "truco-answer-skips",
    "truco-first-call",
    "truco-last-level",
    "truco-next-call",
    "truco-not-now",
    "truco-while-pending",
    "waits-for-duel",
)


def test_the_code_list_is_stable() -> None:
    assert sorted(MESSAGES) == sorted(STABLE_CODES)


def _refusal(state, action) -> IllegalActionError:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        check(state, action)
    return info.value


def test_codes_and_params_of_well_known_refusals() -> None:
    """PRESETS.md §4: only the team holding the quiero raises; seats act in turn."""
    deal = [["1E", "7E", "4C"], ["1B", "3O", "3B"]]
    state = play("default", deal, "0 truco", "1 quiero")
    error = _refusal(state, Action.parse("0 retruco"))
    assert (error.code, error.params) == ("raise-needs-quiero", {"seat": 0, "call": "retruco", "team": 1, "players": 2})
    assert str(error) == "seat 0 cannot raise to retruco: seat 1 holds the quiero"
    error = _refusal(play("default", deal), Action.parse("1 1B"))
    assert error.code == "not-your-turn" and error.params["waiting"] == "turn" and error.params["turn"] == 0
    error = _refusal(play("default", deal), Action.parse("0 3B"))
    assert (error.code, error.params) == ("card-not-held", {"seat": 0, "card": "3B"})
    with pytest.raises(IllegalActionError) as info:
        apply(play("default", deal), Deal.parse(deal))
    assert info.value.code == "deal-not-now" and info.value.params == {"phase": "play"}


@pytest.mark.parametrize("preset", ["default", "online", "classic", "ladder", "reglamento"])
def test_every_refusal_has_a_code_and_its_sentence(preset: str) -> None:
    """Random playouts; at each state every illegal action of a sample is refused with a listed code, params
    of plain JSON types, and the message that english() makes from them."""
    rules = RuleSet.preset(preset)
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(6):
        state = new_game(rules) if rules.rps_first_mano else new_game(rules, first_mano=0)
        while not state.is_over:
            candidates = [Action(seat, kind) for seat in range(3) for kind in Kind if kind not in _ARGUMENT_KINDS]
            candidates += [Action.tengo(seat, rng.choice((0, 25, 33, 39))) for seat in range(2)]
            for action in rng.sample(candidates, 8):
                if is_legal(state, action):
                    continue
                error = _refusal(state, action)
                assert error.code in MESSAGES
                assert all(isinstance(v, (int, str)) or v is None for v in error.params.values())
                assert english(error.code, error.params) == str(error)
                seen.add(error.code)
            item = random_deal(state, rng) if state.is_chance else rng.choice(legal_actions(state))
            state = apply(state, item)[0]
    assert len(seen) >= 8


_ARGUMENT_KINDS = (Kind.PLAY, Kind.TENGO, Kind.RPS)


def test_a_forged_tengo_with_a_card_is_not_legal() -> None:
    """Found by the fuzz test: an Action that bypassed its constructor, a legal ``tengo`` plus a card (or a
    ``True`` for its points), was listed as legal by is_legal and then refused by apply. Both refuse it now."""
    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "0 envido", "1 quiero")
    for card, points in ((Card.parse("7C"), 33), (None, True)):
        forged = object.__new__(Action)
        fields = (0, Kind.TENGO, card, points, None)
        for name, value in zip(("seat", "kind", "card", "points", "choice"), fields, strict=True):
            object.__setattr__(forged, name, value)
        assert not is_legal(state, forged)
        assert refused(state, forged) == "not-an-action"


def test_a_team_that_holds_the_quiero_takes_a_plural_verb() -> None:
    """§4 (only the side that holds the quiero may raise): in team play the refusal names the whole team,
    "seat 1 and seat 3 hold the quiero", in English and in Spanish (found by an audit: "holds")."""
    deal = [["4C", "5C", "7E"], ["7O", "10O", "1E"], ["4B", "5B", "6E"], ["4E", "1B", "7B"]]
    state = play("default", deal, "0 truco", "1 quiero", players=4)
    with pytest.raises(IllegalActionError) as caught:
        check(state, Action.parse("0 retruco"))
    assert str(caught.value) == "seat 0 cannot raise to retruco: seat 1 and seat 3 hold the quiero"
    spanish = describe_refusal(caught.value, "es", None)
    assert spanish == "No podés cantar retruco: el quiero lo tienen asiento 1 y asiento 3."


def _forged_state() -> State | None:
    """A State without its fields, made by ``State.__new__``; ``None`` on the compiled build, whose native class
    refuses to be made so (with the library's ArgumentError: no forged State reaches its engine)."""
    from pytruco import ArgumentError

    try:
        return State.__new__(State)
    except ArgumentError as error:
        assert "not built by hand" in str(error)
        return None


def test_values_made_without_their_constructors_get_library_errors() -> None:
    """object.__new__(Action), a forged Deal, Hand or State: apply, check and is_legal answer with the library's
    errors (not-an-action, bad-deal, ArgumentError), never AttributeError."""
    from pytruco import ArgumentError, Hand, TrucoError

    state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    forged_action = object.__new__(Action)
    assert is_legal(state, forged_action) is False
    for call in (apply, check):
        with pytest.raises(IllegalActionError) as caught:
            call(state, forged_action)
        assert caught.value.code == "not-an-action"
    dealing = new_game("default", first_mano=0)
    forged_hand = object.__new__(Hand)
    for deal in (object.__new__(Deal), Deal._of((forged_hand, forged_hand)), Deal._of(("1E", "2E"))):  # type: ignore[arg-type]
        assert is_legal(dealing, deal) is False
        for call in (apply, check):
            with pytest.raises(IllegalActionError) as caught:
                call(dealing, deal)
            assert caught.value.code == "bad-deal"
    forged_state = _forged_state()
    if forged_state is None:
        return
    for use in (
        legal_actions,
        lambda s: apply(s, Action.parse("0 mazo")),
        lambda s: is_legal(s, Action.parse("0 mazo")),
    ):
        with pytest.raises(ArgumentError, match="needs a State made by new_game or apply, not one without its fields"):
            use(forged_state)
    with pytest.raises(
        TrucoError, match=re.escape("random_deal needs a State made by new_game or apply, not one without")
    ):
        random_deal(forged_state)


@pytest.mark.parametrize("name", ["apply", "check", "is_legal", "legal_actions", "random_deal"])
def test_a_stand_in_with_every_attribute_is_not_taken_for_a_state(name: str) -> None:
    """The API guide: a badly typed argument gets the library's ArgumentError, never an error from deep inside. A
    mock answers every attribute a State has, so only the type test can refuse it (random_deal read the table size
    from it, then failed with a TypeError)."""
    from unittest.mock import Mock

    from pytruco import ArgumentError

    mazo = Action.parse("0 mazo")
    calls = {
        "apply": lambda s: apply(s, mazo),
        "check": lambda s: check(s, mazo),
        "is_legal": lambda s: is_legal(s, mazo),
        "legal_actions": legal_actions,
        "random_deal": lambda s: random_deal(s, random.Random(1)),
    }
    with pytest.raises(ArgumentError, match=f"^{name} needs a State, not <Mock "):
        calls[name](Mock())


def test_a_forged_state_is_an_argument_error_for_views_and_records() -> None:
    """view and Record.from_state of a State made by State.__new__ without its fields: library errors, never
    AttributeError."""
    from pytruco import ArgumentError, Record, RecordError, view

    forged_state = _forged_state()
    if forged_state is None:
        return
    with pytest.raises(
        ArgumentError, match=re.escape("view needs a State made by new_game or apply, not one without its")
    ):
        view(forged_state, 0)
    with pytest.raises(
        RecordError, match=re.escape("Record.from_state needs a State made by new_game or apply, not <State")
    ):
        Record.from_state(forged_state)


def _codes(state, texts):  # type: ignore[no-untyped-def]
    return {
        text: (_refusal(state, Action.parse(text)).code, _refusal(state, Action.parse(text)).params) for text in texts
    }


def test_refusals_while_a_first_flor_waits_for_its_answer() -> None:
    """PRESETS.md §6 (online): while seat 0's flor waits for seat 1's answer, every other action is refused with
    the code that names the flor: a card or a truco call is blocked by it, the envido is gone, quiero is no
    answer to it, the mazo waits (online keeps no mazo with a pending call), and seat 0 waits for seat 1."""
    state = play("online", [["4C", "5C", "6C"], ["7B", "5B", "12B"]], "0 flor")
    waiting = {"waiting": "answer", "waiting_seats": "1", "waiting_call": "flor"}
    assert _codes(state, ["1 7B", "1 truco", "1 envido", "1 quiero", "1 tengo 30", "1 mazo", "0 truco"]) == {
        "1 7B": ("play-while-pending", {"seat": 1, "card": "7B", "pending": "flor"}),
        "1 truco": ("truco-while-pending", {"seat": 1, "call": "truco", "pending": "flor"}),
        "1 envido": ("envido-after-flor", {"seat": 1, "call": "envido", "preset": "online"}),
        "1 quiero": (
            "not-a-flor-answer",
            {"call": "quiero", "preset": "online", "answers": "contraflor,contraflor-al-resto,flor,no-quiero"},
        ),
        "1 tengo 30": ("no-declaration-due", {"seat": 1, "declared": 30}),
        "1 mazo": ("mazo-with-pending", {"seat": 1, "preset": "online", "pending": "flor"}),
        "0 truco": ("not-your-turn", {"seat": 0, "call": "truco", **waiting}),
    }


def test_a_folded_seat_is_refused_every_action_as_folded() -> None:
    """PRESETS.md §7 (team play): a seat that went to the mazo is out of the hand; whatever it tries, even on
    what would be its turn, the refusal is ``folded``."""
    deal = [["7C", "6C", "1E"], ["5O", "4O", "3B"], ["12B", "2O", "1O"], ["4E", "5E", "6E"]]
    state = play("default", deal, "0 mazo", players=4)
    texts = ["0 7C", "0 truco", "0 envido", "0 quiero", "0 mazo", "0 tengo 33", "0 timeout"]
    assert _codes(state, texts) == dict.fromkeys(texts, ("folded", {"seat": 0}))


def test_apply_checks_every_deal_it_is_given() -> None:
    """RECORDS.md (bad-deal): apply checks a deal against the table whoever made it: a deal from
    ``random_deal`` of another table (trusted as distinct cards, but for four seats), a parsed deal that repeats
    a card, or a seat given two cards."""
    state = new_game("default", first_mano=0)
    other = random_deal(new_game(RuleSet.preset("default", players=4), first_mano=0), random.Random(1))
    cases = {
        other: "the deal gives cards to 4 seats, the table has 2",
        Deal.parse([["1E", "2E", "3E"], ["4E", "5E", "1E"]]): "card 1E is dealt twice",
        Deal.parse([["1E", "2E"], ["4E", "5E", "6E"]]): "seat 0 is dealt 2 cards, not 3",
    }
    for deal, problem in cases.items():
        with pytest.raises(IllegalActionError) as info:
            apply(state, deal)
        assert (info.value.code, info.value.params) == ("bad-deal", {"problem": problem})


def test_check_accepts_a_timeout_of_the_seat_to_act() -> None:
    """PRESETS.md §7: the seat the round waits for may time out (check accepts it); the other seat is refused as
    not to act."""
    deal = [["1E", "7E", "4C"], ["1B", "3O", "3B"]]
    state = play("default", deal)
    assert check(state, Action.parse("0 timeout")) is None
    assert _refusal(state, Action.parse("1 timeout")).code == "not-your-turn"


def test_a_full_draw_is_refused_as_record_full_naming_the_draw() -> None:
    """RECORDS.md limits (MAX_ACTIONS for the draw before the first deal): after 9,998 tied rock-paper-scissors
    choices and one more, the next choice is refused as record-full, with the draw ("pre") as the part that is
    full, its count and the limit."""
    from pytruco.records import MAX_ACTIONS

    state = new_game("online")
    for _ in range((MAX_ACTIONS - 2) // 2):
        state, _ = apply(state, Action.parse("0 rps piedra"))
        state, _ = apply(state, Action.parse("1 rps piedra"))
    state, _ = apply(state, Action.parse("0 rps papel"))
    error = _refusal(state, Action.parse("1 rps tijera"))
    assert error.code == "record-full"
    assert (error.params["part"], error.params["count"], error.params["limit"]) == (
        "draw",
        MAX_ACTIONS - 1,
        MAX_ACTIONS,
    )


def test_a_truco_call_after_vale_cuatro_is_accepted_is_refused_as_all_accepted() -> None:
    """PRESETS.md §4: vale cuatro is the top of the truco ladder; once it is accepted no truco call is left, and
    the seat to play is told so (``truco-all-accepted``), not that it lacks the quiero."""
    deal = [["1E", "7E", "4C"], ["1B", "3O", "3B"]]
    state = play("default", deal, "0 truco", "1 retruco", "0 vale-cuatro", "1 quiero")
    assert state.to_act == (0,)
    for call in ("truco", "retruco", "vale-cuatro"):
        error = _refusal(state, Action.parse(f"0 {call}"))
        assert error.code == "truco-all-accepted", (call, error.code)


def test_nothing_blocks_play_when_a_seat_is_to_play_a_card() -> None:
    """PRESETS.md §4, §5 (a call waits for its answer): the word of what blocks play is ``None`` while a seat is
    simply to play, and names the call once one waits."""
    from pytruco._engine.awaiting import blocker

    deal = [["1E", "7E", "4C"], ["1B", "3O", "3B"]]
    assert blocker(play("default", deal).round) is None
    assert blocker(play("default", deal, "0 1E").round) is None
    assert blocker(play("default", deal, "0 truco").round) == "truco"
    assert blocker(play("default", deal, "0 envido").round) == "envido"


def test_random_deal_refuses_what_only_looks_like_a_state() -> None:
    """STYLE.md (bad input gets a library error): random_deal deals for a State alone; an object that merely has a
    state's fields (a forged ``_rules``) gets an ArgumentError, never a deal."""
    import types

    from pytruco import ArgumentError, RuleSet, random_deal

    forged = types.SimpleNamespace(_rules=RuleSet.preset("default"))
    with pytest.raises(ArgumentError, match="random_deal needs a State"):
        random_deal(forged)  # type: ignore[arg-type]


# --- what a mutation sample found unpinned (issue 34) ------------------------------------------------------
def test_tengo_and_rps_built_with_the_constructor_are_the_shared_actions() -> None:
    """STYLE.md (ask, check, do): an Action built with ``Action(...)`` (not parse, not the class methods) is a fresh
    instance, yet is_legal, check and apply take it as the shared legal action it equals, for a tengo and a
    rock-paper-scissors choice alike, and the history holds the shared instance."""
    from pytruco import Rps

    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]], "0 envido", "1 quiero")
    tengo = Action(0, Kind.TENGO, points=33)
    assert tengo is not Action.parse("0 tengo 33") and is_legal(state, tengo)
    check(state, tengo)
    assert apply(state, tengo)[0].history[-1] is Action.parse("0 tengo 33")
    assert refused(state, Action(0, Kind.TENGO, points=30)) == "envido-points-untrue"
    online = new_game("online")
    piedra = Action(1, Kind.RPS, choice=Rps.PIEDRA)
    assert piedra is not Action.parse("1 rps piedra") and is_legal(online, piedra)
    check(online, piedra)
    assert apply(online, piedra)[0].history[-1] is Action.parse("1 rps piedra")
    assert refused(apply(online, piedra)[0], Action(1, Kind.RPS, choice=Rps.PAPEL)) == "rps-already-chosen"


class _Said(Action):
    """An Action subclass, as a caller may write one (to carry its own methods)."""


def test_an_action_subclass_is_taken_as_the_action_it_equals() -> None:
    """STYLE.md (every entry point takes the same inputs): is_legal, check and apply take an instance of an Action
    subclass as the action it equals; what goes into the history is the shared Action itself."""
    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]])
    said = _Said(0, Kind.TRUCO)
    assert is_legal(state, said) is True
    check(state, said)
    after, _ = apply(state, said)
    assert type(after.history[-1]) is Action and after.history[-1] is Action.call(0, Kind.TRUCO)
    assert is_legal(state, _Said(1, Kind.TRUCO)) is False
    assert refused(state, _Said(1, Kind.TRUCO)) == "not-your-turn"


def test_apply_lets_an_internal_error_through() -> None:
    """STYLE.md (errors): apply turns an AttributeError into an ArgumentError only for a State made without
    new_game (test_values_made_without_their_constructors_get_library_errors); an AttributeError of the engine
    itself on a well-made state is a bug, raised as it is, never swallowed into a None result. Pure build only
    (the compiled engine's globals cannot be patched)."""
    from pytruco._engine import reducer
    from pytruco.bench import engine_build

    if engine_build() != "pure":
        pytest.skip("the compiled engine's functions cannot be replaced")
    state = play("default", [["7C", "6C", "1E"], ["5O", "4O", "3B"]])

    def broken(_state: State) -> None:
        raise AttributeError("an engine bug")

    patched = pytest.MonkeyPatch()
    patched.setattr(reducer, "compute_legal", broken)
    try:
        with pytest.raises(AttributeError, match="an engine bug"):
            apply(state, "0 truco")
    finally:
        patched.undo()
    assert apply(state, "0 truco")[0].to_act == (1,)


@pytest.mark.parametrize("chain", [["0 flor"], ["0 flor", "1 contraflor"]], ids=["flor", "contraflor"])
def test_a_card_or_a_truco_while_the_flor_chain_waits_names_the_flor(chain):
    """The refusals' parameters (docs/api.md, "pending": "flor", "declaration" or a call's word): while the flor
    chain waits for an answer, a first flor or a contraflor alike, what blocks play is the flor."""
    deal = [["4C", "5C", "6C"], ["1E", "7E", "3E"]]
    state = play("online", deal, *chain)
    seat = state.to_act[0]
    card = deal[seat][0]
    for action, code in ((f"{seat} {card}", "play-while-pending"), (f"{seat} truco", "truco-while-pending")):
        with pytest.raises(IllegalActionError) as caught:
            check(state, action)
        assert (caught.value.code, caught.value.params["pending"]) == (code, "flor")

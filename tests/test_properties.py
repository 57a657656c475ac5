"""Properties of random legal playouts of every preset (STYLE.md "Tests say where a rule comes from").

Each example plays a whole match, choosing uniformly among ``legal_actions`` and dealing with
``random_deal(state, random.Random(seed))``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import examples
from pytruco import (
    Action,
    Deal,
    IllegalActionError,
    Kind,
    Phase,
    Record,
    RuleSet,
    Scoring,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    random_deal,
    replay,
)
from pytruco.events import EventKind
from strategies import COMBOS, GameSpec, candidate_actions, games, random_playout, rulesets, seeds, snapshot

ENVIDO_WORDS = {Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO}
TRUCO_WORDS = {Kind.TRUCO, Kind.RETRUCO, Kind.VALE_CUATRO}
BLUFF_VALUES = {*range(8), *range(20, 39)}


def counts_three(rules) -> tuple[bool, bool]:
    """PRESETS.md §1 and §8.5: (envido, flor) count all three cards of one suit."""
    name = rules.preset_name
    return name in ("ladder", "reglamento"), name in ("ladder", "reglamento", "default")


def check_declarations(rules, state, legal) -> None:
    """PRESETS.md §5 and §8.8: declared points are the seat's true points (envido bluffs only in reglamento)."""
    r = state.round
    envido_three, flor_three = counts_three(rules)
    for a in legal:
        if a.kind is not Kind.TENGO:
            continue
        hand = r.dealt[a.seat]
        if r.flor_sung:
            assert a.points == hand.flor_points(count_three=flor_three), (a, hand)
        elif rules.preset_name == "reglamento":
            assert a.points in BLUFF_VALUES
        else:
            assert a.points == hand.envido_points(count_three=envido_three), (a, hand)


def check_playout(spec: GameSpec) -> None:
    """The invariants checked on every step of a playout."""
    rules = spec.rules
    played: set[str] = set()
    timed_out: set[int] = set()
    chico_over = False
    final = None
    last_mano = None
    mandatory_flor = rules.flor and rules.preset_name in ("classic", "reglamento", "default")
    for step in random_playout(spec):
        before, action, after = step.before, step.action, step.after
        final = after
        if isinstance(action, Deal):
            played = set()
            timed_out = set()
            # PRESETS.md §2: the next hand's mano is seat + 1 (the other player in 1v1); in a pica hand
            # the hand's mano still moves one seat, while each duel has its own mano (state.duel)
            if last_mano is not None:
                assert after.mano == (last_mano + 1) % rules.players
            last_mano = after.mano
            if after.duel is None:
                assert after.round.mano == after.mano
            assert len({card for hand in action.hands for card in hand}) == 3 * rules.players
            if chico_over:  # PRESETS.md §8.11: after a chico the next hand starts at 0-0
                assert after.score == (0, 0)
                chico_over = False
            else:
                assert after.score == before.score
            continue
        # to_act is sorted; every legal action's seat is in to_act (RECORDS.md --trace)
        to_act = before.to_act
        assert list(to_act) == sorted(set(to_act))
        legal = legal_actions(before)
        assert legal, "a state that waits for a seat must offer it something"
        assert {a.seat for a in legal} <= set(to_act)
        assert set(to_act) <= {a.seat for a in legal_actions(before, meta=True) if a.kind is Kind.TIMEOUT}
        # the notation round-trips (RECORDS.md "Actions")
        for a in legal:
            assert Action.parse(str(a)) == a
        assert is_legal(before, action)
        assert not [a for a in legal if a.kind in (Kind.TIMEOUT, Kind.RENDIRSE)]
        if before.phase is Phase.PLAY:
            r = before.round
            check_declarations(rules, before, legal)
            # PRESETS.md §6 and §8.6: only a holder of three cards of one suit sings, and only where flor is in play
            for a in legal:
                if a.kind is Kind.FLOR:
                    assert rules.flor and r.dealt[a.seat].has_flor
                # PRESETS.md §5 window: envido calls only in trick 1, never after an accepted truco or a flor
                if a.kind in ENVIDO_WORDS and not r.envido_calls:
                    assert r.tricks == () and r.truco_level == 0 and not r.flor_sung
                # PRESETS.md §8.1: no card while a call is pending or a declaration is due
                if a.kind is Kind.PLAY:
                    assert a.seat == r.turn
                    assert not [b for b in legal if b.kind in (Kind.QUIERO, Kind.TENGO)]
            # PRESETS.md §8.6: a mandatory flor is sung before the holder's first card
            first_card = action.kind is Kind.PLAY and len(r.held[action.seat]) == 3
            if mandatory_flor and first_card and r.dealt[action.seat].has_flor and action.seat not in timed_out:
                assert action.seat in r.flor_sung
            if action.kind is Kind.TIMEOUT:
                timed_out.add(action.seat)
        # PRESETS.md §2: immediate presets end the game at once at the target; the others add points at the end
        if rules.preset_name in ("default", "online"):
            if max(after.score) >= rules.target:
                assert after.is_over
        elif after.score != before.score:
            assert after.round.ended
        # no card is played twice, and only a card the seat holds
        if action.kind is Kind.PLAY:
            text = str(action.card)
            assert text not in played
            played.add(text)
            assert action.card in before.round.dealt[action.seat]
            assert action.card not in after.round.held[action.seat]
        # scores never go down within a chico (PRESETS.md §8.11)
        assert after.score[0] >= before.score[0] and after.score[1] >= before.score[1]
        if after.chicos != before.chicos:
            assert sum(after.chicos) == sum(before.chicos) + 1
            chico_over = True
    assert final is not None
    # every playout ends with a winner (PRESETS.md §2)
    assert final.is_over
    assert final.winner in (0, 1)
    assert final.phase is Phase.OVER
    assert final.score[final.winner] >= rules.target
    if rules.chicos_to_win > 1:
        assert final.chicos[final.winner] == rules.chicos_to_win
    assert legal_actions(final, meta=True) == ()


@settings(max_examples=150, deadline=None)
@given(games())
def test_random_playouts(spec):
    """PRESETS.md §2, §8.11 and RECORDS.md: random legal playouts of every preset end with a winner; scores never
    go down within a chico; no card is played twice; to_act is sorted and holds every legal action's seat;
    every legal action's notation round-trips."""
    check_playout(spec)


@pytest.mark.parametrize(("preset", "players"), COMBOS, ids=[f"{p}-{n}" for p, n in COMBOS])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_random_playouts_every_table(preset, players, data):
    """The same invariants for every preset and every seat count it allows (4 and 6 seats included)."""
    check_playout(data.draw(games(preset, players)))


@settings(max_examples=examples(150), deadline=None)
@given(games())
def test_apply_never_changes_its_input(spec):
    """STYLE.md "One reducer, pure": apply returns a new state and never changes its input."""
    for step in random_playout(spec):
        before = step.before
        image = snapshot(before)
        again, _ = apply(before, step.action)
        assert snapshot(before) == image
        assert again == step.after
        assert snapshot(again) == snapshot(step.after)


def exhaustive_check(state, candidates) -> None:
    """Every action in legal_actions(meta=True) applies; every other well-formed action raises
    IllegalActionError with a message and leaves the input unchanged."""
    image = snapshot(state)
    legal = set(legal_actions(state, meta=True))
    assert len(legal) == len(legal_actions(state, meta=True)), "legal actions are listed once"
    for action in candidates:
        if action in legal:
            assert is_legal(state, action)
            apply(state, action)
            check(state, action)
        else:
            assert not is_legal(state, action), action
            with pytest.raises(IllegalActionError) as info:
                apply(state, action)
            assert str(info.value)
            assert info.value.code not in ("illegal", "not-allowed"), f"{action}: {info.value.code}: {info.value}"
            with pytest.raises(IllegalActionError) as checked:
                check(state, action)
            assert (checked.value.code, str(checked.value)) == (info.value.code, str(info.value))
    if not state.is_chance:
        with pytest.raises(IllegalActionError) as dealt:
            apply(state, random_deal(state, random.Random(0)))
        assert dealt.value.code in ("deal-not-now", "deal-after-match"), dealt.value.code
    assert snapshot(state) == image


@settings(max_examples=examples(60), deadline=None)
@given(games())
def test_legal_actions_are_exactly_what_apply_accepts(spec):
    """STYLE.md "Ask, check, do": legal_actions(meta=True) lists exactly the actions apply accepts; candidates:
    every card, call word and tengo 0..40 for every seat (and one seat beyond the table)."""
    candidates = candidate_actions(spec.rules.players)
    rng = random.Random(spec.seed)
    checked = 0
    last = None
    for index, step in enumerate(random_playout(spec)):
        last = step.after
        if index < 12 or rng.random() < 0.08:
            exhaustive_check(step.before, candidates)
            checked += 1
            if checked >= 25:
                break
    if last is not None and last.is_over:
        exhaustive_check(last, candidates)


@settings(max_examples=examples(100), deadline=None)
@given(games(), st.floats(min_value=0.0, max_value=1.0))
def test_records_replay_to_an_equal_state(spec, stop):
    """RECORDS.md: a generated record replays to an equal state and round-trips through JSON; a record may stop
    anywhere."""
    steps = list(random_playout(spec))
    cut = steps[: max(1, round(stop * len(steps)))]
    for state in (cut[-1].after, steps[-1].after):
        record = Record.from_state(state)
        again = Record.loads(record.dumps())
        assert again == record
        result = replay(again)
        assert result.state == state
        assert result.state.score == state.score
        out = result.to_json()
        assert out["score"] == list(state.score)
        assert out["chicos"] == list(state.chicos)
        assert out["winner"] == state.winner
        assert out["finished"] is state.is_over
        assert len(out["hands"]) == len(record.hands) == state.rounds_dealt
        assert replay(record.dumps()).state == state


@settings(max_examples=40, deadline=None)
@given(games())
def test_replay_trace_lines(spec):
    """RECORDS.md "--trace": one line before each action with exactly five members; legal in sorted order; the
    action that follows is listed (timeout and rendirse are never listed)."""
    final = list(random_playout(spec))[-1].after
    record = Record.from_state(final)
    lines: list[dict] = []
    replay(record, trace=lines.append)
    texts = list(record.pre) + [text for hand in record.hands for text in hand.actions]
    assert len(lines) == len(texts)
    for line, text in zip(lines, texts, strict=True):
        assert set(line) == {"hand", "action", "to_act", "legal", "score"}
        assert line["legal"] == sorted(line["legal"])
        assert line["to_act"] == sorted(line["to_act"])
        if text.split(" ")[1] not in ("timeout", "rendirse"):
            assert text in line["legal"]
        assert not any(item.endswith((" timeout", " rendirse")) for item in line["legal"])


@settings(max_examples=50, deadline=None)
@given(rulesets(), seeds)
def test_random_deal_is_reproducible(rules, seed):
    """STYLE.md: the random source lives outside the rules; a seed gives the same deal of distinct cards."""
    state = new_game(rules, first_mano=0)
    deal = random_deal(state, random.Random(seed))
    assert deal == random_deal(state, random.Random(seed))
    assert len(deal.hands) == rules.players
    cards = [card for hand in deal.hands for card in hand]
    assert len(cards) == len(set(cards)) == 3 * rules.players
    assert Deal.parse(deal.to_json()) == deal


PICA_TABLES = [("default", 15), ("default", 30), ("reglamento", 15)]


def check_pica_order(spec: GameSpec) -> None:
    """PRESETS.md §8.23 and §8.27: the game and every chico start with a normal hand; later, a pica hand
    follows every normal hand while both teams are at least 5 points from the target; in presets that score
    at once the game ends at the target mid-duel, and a duel's envido scores in the action that settles it."""
    rules = spec.rules
    last_was_pica: bool | None = None  # None: the next deal starts the game or a chico
    for step in random_playout(spec):
        before, action, after = step.before, step.action, step.after
        if isinstance(action, Deal):
            pica = after.duel is not None
            if last_was_pica is None:
                assert not pica, "the game and every chico start with a normal hand"
            else:
                margins = all(rules.target - points >= 5 for points in before.score)
                assert pica == (margins and not last_was_pica)
            last_was_pica = pica
        elif rules.scoring is Scoring.IMMEDIATE:
            kinds = [event.kind for event in step.events]
            if EventKind.ENVIDO_WON in kinds and not after.is_over:
                assert EventKind.POINTS in kinds[kinds.index(EventKind.ENVIDO_WON) :]
            if max(after.score) >= rules.target:
                assert after.is_over
        if after.chicos != before.chicos:
            last_was_pica = None


@pytest.mark.parametrize(("preset", "target"), PICA_TABLES, ids=[f"{p}-{t}" for p, t in PICA_TABLES])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_pica_pica_playouts(preset, target, data):
    """PRESETS.md §8.23, §8.27 (and every playout invariant): random 6-seat pica-pica games of `default`
    at 15 and 30 points, and `reglamento` partidos of chicos at 15."""
    flor = data.draw(st.booleans()) if preset == "default" else True
    rules = RuleSet.preset(preset, players=6, target=target, pica_pica=True, flor=flor)
    spec = GameSpec(rules, data.draw(seeds), timeouts=data.draw(st.booleans()))
    check_playout(spec)
    check_pica_order(spec)

"""RuleSet presets and options: PRESETS.md (preamble and §2), §8.5 and §8.13."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from helpers import legal, play
from pytruco import (
    PRESET_NAMES,
    ContraflorAlResto,
    FaltaRule,
    MazoPenalty,
    Phase,
    Record,
    RuleSet,
    RuleSetError,
    Scoring,
    new_game,
    replay,
)

ALLOWED_PLAYERS = {
    "default": (2, 4, 6),
    "online": (2,),
    "classic": (2, 4, 6),
    "ladder": (2,),
    "reglamento": (2, 4, 6),
}
ALLOWED_TARGETS = {
    "default": (30, 15),
    "online": (30, 15),
    "classic": (30, 15),
    "ladder": (30,),
    "reglamento": (30, 15),
}


def test_five_presets():
    """PRESETS.md: five named presets must exist."""
    assert set(PRESET_NAMES) == {"default", "online", "classic", "ladder", "reglamento"}
    for name in PRESET_NAMES:
        rules = RuleSet.preset(name)
        assert isinstance(rules, RuleSet)
        assert rules.preset_name == name


@pytest.mark.parametrize("name", sorted(ALLOWED_PLAYERS))
def test_preset_defaults(name):
    """PRESETS.md §2: every preset starts 1v1 with target 30 (the default first)."""
    rules = RuleSet.preset(name)
    assert rules.players == 2
    assert rules.target == 30


@pytest.mark.parametrize(("name", "players"), [(n, p) for n, ps in ALLOWED_PLAYERS.items() for p in ps])
def test_allowed_seats(name, players):
    """PRESETS.md §2 "seats": default, classic, reglamento 2, 4, 6; online and ladder 2."""
    rules = RuleSet.preset(name, players=players)
    assert rules.players == players
    state = new_game(rules, first_mano=players - 1)
    assert state.mano == players - 1


@pytest.mark.parametrize(
    ("name", "players"),
    [(n, p) for n, ps in ALLOWED_PLAYERS.items() for p in (1, 3, 4, 5, 6, 8) if p not in ps],
)
def test_refused_seats_name_the_option(name, players):
    """PRESETS.md preamble: players=3 (or more seats than the preset allows) is refused naming the option."""
    allows = r"must be 2, 4 or 6" if players not in (2, 4, 6) else rf"{name} allows 2 seats at most"
    with pytest.raises(RuleSetError, match=rf"^option 'players': {allows}, not {players}$"):
        RuleSet.preset(name, players=players)


@pytest.mark.parametrize(("name", "target"), [(n, t) for n, ts in ALLOWED_TARGETS.items() for t in ts])
def test_allowed_targets(name, target):
    """PRESETS.md §2 "target": 30; 15 allowed, except in ladder (30 only)."""
    assert RuleSet.preset(name, target=target).target == target


@pytest.mark.parametrize(
    ("name", "target"),
    [(n, t) for n, ts in ALLOWED_TARGETS.items() for t in (0, 14, 15, 20, 31, -30) if t not in ts],
)
def test_refused_targets_name_the_option(name, target):
    """PRESETS.md §2 "target" and preamble: any other target is refused with an error naming 'target'."""
    allows = "must be a whole number from 0 to 999999999" if target < 0 else rf"{name} allows 30( or 15)?"
    with pytest.raises(RuleSetError, match=rf"^option 'target': {allows}, not {target}$"):
        RuleSet.preset(name, target=target)


@pytest.mark.parametrize(
    "option",
    [
        "flor_value",
        "flor_flor_value",
        "achico_value",
        "contraflor_value",
        "contraflor_refused",
        "cfar_refused_over_flor",
        "cfar_refused_over_contraflor",
        "ladder_falta_refused",
    ],
)
def test_negative_payout_refused(option):
    """PRESETS.md preamble: a payout table with a negative value is refused; the error names the option."""
    with pytest.raises(RuleSetError, match=f"'{option}'"):
        RuleSet.preset("classic", **{option: -1})


@pytest.mark.parametrize(
    ("option", "value"),
    [("players", "4"), ("players", True), ("target", 30.0), ("flor", "yes"), ("flor", 1), ("scoring", "nope")],
)
def test_wrong_types_refused(option, value):
    """PRESETS.md preamble: invalid values are refused when the RuleSet is made, naming the option."""
    with pytest.raises(RuleSetError, match=f"'{option}'"):
        RuleSet.preset("default", **{option: value})


def test_unknown_option_refused():
    """PRESETS.md preamble and RECORDS.md "The record": an unknown option name is an error naming it."""
    with pytest.raises(RuleSetError, match=re.escape("unknown option 'bogus'")):
        RuleSet.preset("default", bogus=1)
    with pytest.raises(RuleSetError, match=re.escape("unknown option 'bogus'")):
        RuleSet.preset("default").with_options(bogus=True)


@pytest.mark.parametrize("name", ["truco-uruguayo", "Default", "", "clasico"])
def test_unknown_preset(name):
    """PRESETS.md: only the five presets exist; the error lists them."""
    with pytest.raises(RuleSetError, match="unknown preset") as info:
        RuleSet.preset(name)
    assert repr(name) in str(info.value)
    assert "reglamento" in str(info.value)
    with pytest.raises(
        RuleSetError, match=re.escape(f"unknown preset {name!r} (known: default, online, classic, ladder")
    ):
        new_game(name, first_mano=0)


def test_pica_pica_needs_six_seats():
    """PRESETS.md §2: pica-pica is an option of 3v3 (off by default)."""
    for name in ("default", "classic", "reglamento"):
        assert RuleSet.preset(name, players=6).pica_pica is False
        assert RuleSet.preset(name, players=6, pica_pica=True).pica_pica is True
        with pytest.raises(RuleSetError, match=re.escape("option 'pica_pica': needs 6 players, not 4")):
            RuleSet.preset(name, players=4, pica_pica=True)


def test_with_options_returns_a_new_value():
    """PRESETS.md preamble: a user starts from a preset and changes single options; the preset stays as it was."""
    base = RuleSet.preset("classic")
    changed = base.with_options(target=15, players=4)
    assert (changed.target, changed.players) == (15, 4)
    assert (base.target, base.players) == (30, 2)
    assert RuleSet.preset("classic") == base
    assert changed.flor is base.flor
    assert changed.scoring is Scoring.END_OF_HAND
    with pytest.raises(attrs.exceptions.FrozenInstanceError, match=re.escape("can't set attribute")):
        base.target = 15  # type: ignore[misc]


def test_with_options_validates():
    """PRESETS.md preamble: with_options refuses invalid combinations too."""
    with pytest.raises(RuleSetError, match=re.escape("option 'players': online allows 2 seats at most, not 4")):
        RuleSet.preset("online").with_options(players=4)
    with pytest.raises(RuleSetError, match=re.escape("option 'target': ladder allows 30, not 15")):
        RuleSet.preset("ladder").with_options(target=15)


def test_flor_option_on_default():
    """PRESETS.md §8.5: flor: true on default is classic's mandatory flor with flor points on all three cards."""
    assert RuleSet.preset("default").flor is False
    rules = RuleSet.preset("default", flor=True)
    assert rules.flor is True
    state = play(rules, [["7O", "6O", "5O"], ["1E", "2B", "3C"]])
    assert legal(state) == ["0 flor"]  # mandatory
    state = play(rules, [["7O", "6O", "5O"], ["1C", "2C", "3C"]], "0 flor", "1 flor")
    assert legal(state) == ["0 tengo 38"]  # all three cards


@pytest.mark.parametrize("name", ["online", "classic", "ladder", "reglamento"])
def test_flor_false_removes_flor(name):
    """PRESETS.md §8.5: flor: false on any preset removes flor entirely."""
    state = play(name, [["7O", "6O", "5O"], ["1E", "2B", "3C"]], flor=False)
    assert "0 flor" not in legal(state)
    assert "0 7O" in legal(state)


@pytest.mark.parametrize(
    ("rules", "players", "target", "flor"),
    [
        ("classic", 2, 30, True),
        ({"preset": "default", "players": 4}, 4, 30, False),
        ({"preset": "reglamento", "target": 15, "players": 6}, 6, 15, True),
        ({"preset": "default", "flor": True}, 2, 30, True),
        ({"preset": "online", "flor": False}, 2, 30, False),
    ],
)
def test_stable_record_options(rules, players, target, flor):
    """PRESETS.md §8.13 and RECORDS.md: players, target, flor and pica_pica are stable record options."""
    record = Record.from_dict({"format": "truco-record/1", "rules": rules, "first_mano": 0, "hands": []})
    assert (record.rules.players, record.rules.target, record.rules.flor) == (players, target, flor)
    again = Record.loads(record.dumps())
    assert again.rules == record.rules
    assert replay(record).state.phase is Phase.DEAL


def test_record_pica_pica_option():
    """RECORDS.md "The record": pica_pica (true, false; 6 players) is a stable option."""
    rules = {"preset": "classic", "players": 6, "pica_pica": True}
    record = Record.from_dict({"format": "truco-record/1", "rules": rules, "first_mano": 0, "hands": []})
    assert record.rules.pica_pica is True
    assert Record.loads(record.dumps()).rules == record.rules


def test_first_mano_given_or_drawn():
    """PRESETS.md §2 "first mano": given by the caller or drawn (with the caller's random source)."""
    assert new_game("default", first_mano=1).mano == 1
    rules = RuleSet.preset("classic", players=4)
    manos = {new_game(rules, rng=random.Random(seed)).mano for seed in range(40)}
    assert manos == {0, 1, 2, 3}
    assert new_game(rules, rng=random.Random(5)).mano == new_game(rules, rng=random.Random(5)).mano


def test_new_game_refuses_impossible_starts():
    """RECORDS.md: a starting score that already reaches the target is refused; seats are 0..n-1."""
    with pytest.raises(ValueError, match=re.escape("first_mano must be a seat from 0 to 1, not 2")):
        new_game("default", first_mano=2)
    with pytest.raises(ValueError, match="first_mano must be a seat from 0 to 1, not -1"):
        new_game("default", first_mano=-1)
    with pytest.raises(ValueError, match=re.escape("starting score [30, 0] already reaches the target 30")):
        new_game("default", first_mano=0, score=(30, 0))
    with pytest.raises(ValueError, match=re.escape("starting score [0, 15] already reaches the target 15")):
        new_game(RuleSet.preset("default", target=15), first_mano=0, score=(0, 15))


@pytest.mark.parametrize(
    "targets",
    [(), (0,), (30, -1), tuple(range(1, 102)), (30, "15"), (30, True), (30, 1.5), 30, (30, 10**9)],
    ids=repr,
)
def test_bad_targets_refused(targets):
    """PRESETS.md preamble and §2 "target": `targets` lists 1 to 100 whole targets from 1 up; anything else is
    refused naming the option."""
    with pytest.raises(RuleSetError, match="option 'targets'"):
        RuleSet.preset("default", targets=targets, target=30)


def test_targets_at_their_limits_accepted():
    """PRESETS.md §2 "target": 100 targets, the smallest target 1 and the largest option value are allowed."""
    from pytruco.rules import MAX_OPTION

    assert len(RuleSet.preset("default", targets=tuple(range(1, 101)), target=1).targets) == 100
    assert RuleSet.preset("default", targets=(MAX_OPTION,), target=MAX_OPTION).target == MAX_OPTION


@pytest.mark.parametrize(
    "option", ["parda", "scoring", "envido_style", "envido_window", "falta_envido", "cfar", "mazo_penalty"]
)
@pytest.mark.parametrize("value", [5, None, "nope"], ids=repr)
def test_enum_options_refuse_other_values(option, value):
    """PRESETS.md preamble: an option with named values refuses anything else, listing the names, whether the
    RuleSet comes from a preset or is made field by field (attrs.evolve runs the field validators)."""
    with pytest.raises(RuleSetError, match=f"option '{option}': must be one of '"):
        RuleSet.preset("default", **{option: value})
    with pytest.raises(RuleSetError, match=f"option '{option}': must be one of '"):
        attrs.evolve(RuleSet.preset("default"), **{option: value})


def test_a_match_needs_at_least_one_chico():
    """PRESETS.md §2 "match": a partido is won by winning chicos; no chico at all is refused."""
    with pytest.raises(RuleSetError, match="option 'chicos_to_win': must be at least 1, not 0"):
        RuleSet.preset("reglamento", chicos_to_win=0)
    assert RuleSet.preset("reglamento", chicos_to_win=1).chicos_to_win == 1


@pytest.mark.parametrize("name", sorted(PRESET_NAMES))
def test_every_table_has_two_teams(name):
    """PRESETS.md §2 "seats": two teams at every table size, seat s on team s mod 2."""
    for players in (2, 4, 6):
        try:
            rules = RuleSet.preset(name, players=players)
        except RuleSetError:
            continue
        assert rules.teams == 2


def test_to_dict_writes_changed_options_as_plain_json():
    """RECORDS.md "rules": the preset and only the options that differ from it, as JSON values (a list of
    targets, an enum option by its name)."""
    rules = RuleSet.preset("default", targets=(30, 15, 40), target=40, parda="next-trick")
    data = rules.to_dict()
    assert data == {"preset": "default", "targets": [30, 15, 40], "target": 40, "parda": "next-trick"}
    assert type(data["targets"]) is list
    assert RuleSet.from_dict(data) == rules


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("target", True, "option 'target': must be a whole number, not True"),
        ("players", 4.0, "option 'players': must be a whole number, not 4.0"),
        ("flor", 1, "option 'flor': must be true or false, not 1"),
        ("targets", (30,), "option 'targets': must be a list of whole numbers, not (30,)"),
        ("targets", "30", "option 'targets': must be a list of whole numbers, not '30'"),
    ],
)
def test_a_records_rules_option_of_the_wrong_json_type_is_refused_by_name(option, value, message):
    """RECORDS.md "rules": `players` and `target` are numbers, `flor` is true or false and `targets` a list; a
    record's option of another JSON type (true for a number, 4.0, 1 for true, a text or a tuple for a list) is
    refused for its type, not for a range."""
    with pytest.raises(RuleSetError) as caught:
        RuleSet.from_dict({"preset": "default", option: value})
    assert str(caught.value) == message


@pytest.mark.parametrize("member", ["score", "chicos"])
@pytest.mark.parametrize("value", [(1, 2, 3), (0,), (-1, 0), (0, 1.0), "00", None, (0, True)], ids=repr)
def test_new_game_refuses_a_start_that_is_not_two_whole_numbers(member, value):
    """RECORDS.md "score", "chicos": a starting score or chicos is two whole numbers >= 0, one per team."""
    from pytruco import SetupError

    with pytest.raises(SetupError, match=f"{member} must be two whole numbers >= 0"):
        new_game("reglamento", first_mano=0, **{member: value})


@pytest.mark.parametrize("data", [5, None, ["default"], b"default"], ids=repr)
def test_rules_that_are_neither_a_name_nor_an_object_are_refused(data):
    """RECORDS.md "rules": a preset name or an object with "preset"; anything else is a RuleSetError."""
    with pytest.raises(RuleSetError, match="rules must be a preset name or an object"):
        RuleSet.from_dict(data)


def test_the_largest_start_is_refused_for_the_rule_it_breaks():
    """RECORDS.md "score", "chicos": the largest whole number is a well-formed start, so it is refused for what
    it breaks (the target, the partido), not as malformed."""
    from pytruco import SetupError
    from pytruco.rules import MAX_OPTION

    with pytest.raises(SetupError, match=r"starting score \[999999999, 0\] already reaches the target 30"):
        new_game("default", first_mano=0, score=(MAX_OPTION, 0))
    with pytest.raises(SetupError, match=r"starting chicos \[999999999, 0\] already win the match"):
        new_game("reglamento", first_mano=0, chicos=(MAX_OPTION, 0))


@pytest.mark.parametrize("players", [4, 6])
def test_rock_paper_scissors_is_for_two_players_only(players):
    """PRESETS.md §2 (online: the first mano is drawn by rock-paper-scissors, a 1v1 preset): a RuleSet that draws
    the mano so at a table of more than two is refused, naming the option."""
    with pytest.raises(RuleSetError, match="option 'rps_first_mano': rock-paper-scissors is for 2 players"):
        RuleSet(rps_first_mano=True, players=players)


# --- what a mutation sample found unpinned (issue 34) ------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "options", "written"),
    [
        ("classic", {"contraflor_al_resto": "game"}, {"contraflor_al_resto": "game"}),
        ("classic", {"cfar": "wins"}, {"contraflor_al_resto": "game"}),
        ("online", {"contraflor_al_resto": "falta"}, {"contraflor_al_resto": "falta"}),
        ("default", {"flor": True, "contraflor_al_resto": "game"}, {"flor": True, "contraflor_al_resto": "game"}),
    ],
)
def test_a_record_names_what_the_contraflor_al_resto_wins_once(preset, options, written):
    """PRESETS.md §9 (a record names an option in `rules`) and §9.8: what an accepted contraflor al resto wins is
    the option `contraflor_al_resto`; the RuleSet's `cfar` follows it wherever the call exists (RuleSet.to_dict),
    so a record writes the preset and that option alone, and reads back the same rules (mutation sample seed
    7707, issue 34)."""
    rules = RuleSet.preset(preset, **options)
    assert rules.to_dict() == {"preset": preset, **written}
    assert RuleSet.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("option", "member"),
    [
        ("falta_envido", FaltaRule.LOSER),
        ("contraflor_al_resto", ContraflorAlResto.GAME),
        ("mazo_penalty", MazoPenalty.NONE),
    ],
)
def test_a_records_named_option_is_its_json_name_not_the_python_member(option, member):
    """PRESETS.md §9 ("values are exactly the JSON values listed ... anything else is refused when the RuleSet is
    made, with an error that names the option"): a record's option with named values is its name as text; the
    Python member (which with_options accepts) is no JSON value and is refused, naming the option and its
    names (mutation sample seed 7707, issue 34)."""
    preset = "classic"  # every option above has more than one value there
    names = ", ".join(repr(m.value) for m in type(member))
    with pytest.raises(RuleSetError) as caught:
        RuleSet.from_dict({"preset": preset, option: member})
    assert str(caught.value) == f"option {option!r}: must be one of {names}, not {member!r}"
    assert RuleSet.from_dict({"preset": preset, option: member.value}) == RuleSet.preset(preset, **{option: member})


def test_options_written_name_equals_value_are_read_as_a_records_rules_name_them():
    """RECORDS.md "rules" (an option's value is JSON): `pytruco play --option NAME=VALUE` and `serve --new
    PRESET:NAME=VALUE` read each VALUE as JSON, or else as its text; an item without a name or without "=" is
    refused with the item quoted."""
    from pytruco.rules import option_pairs

    pairs = option_pairs(["flor=true", "target=15", "falta_envido=malas-leader", "flor_flor_value=4"])
    assert pairs == {"flor": True, "target": 15, "falta_envido": "malas-leader", "flor_flor_value": 4}
    for item in ("=4", "flor", ""):
        with pytest.raises(RuleSetError) as caught:
            option_pairs([item])
        assert str(caught.value) == f"an option is written NAME=VALUE, not {item!r}"

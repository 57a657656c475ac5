"""Golden playthroughs: fixed games, state by state, against ``tests/golden/playthroughs/*.json``.

Each file lists, for every state of one seeded game, the legal actions, the refusal (message, code, params) of a
few illegal actions, and in the separate member ``views`` each seat's ``view(state, seat).to_json()``. A refactor
that changes behaviour shows up here as a diff. When a change is made on purpose, regenerate and say why in the
commit::

    .venv/bin/python tests/golden_gen.py          # everything
    .venv/bin/python tests/golden_gen.py --views  # only the views (after a change of the view JSON)
"""

from __future__ import annotations

import json

import pytest

from golden_gen import GAMES, path, play


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> tuple[dict, dict]:
    name = request.param
    return json.loads(path(name).read_text()), play(name)


def test_states_match_golden(game: tuple[dict, dict]) -> None:
    golden, fresh = game
    assert fresh["rules"] == golden["rules"]
    assert len(fresh["states"]) == len(golden["states"]), "the game took another path"
    for index, (new, old) in enumerate(zip(fresh["states"], golden["states"], strict=True)):
        assert new == old, f"{golden['game']} state {index} (after {old['after']!r})"


def test_views_match_golden(game: tuple[dict, dict]) -> None:
    golden, fresh = game
    assert len(fresh["views"]) == len(golden["views"])
    for index, (new, old) in enumerate(zip(fresh["views"], golden["views"], strict=True)):
        assert new == old, f"{golden['game']} views of state {index}"


def test_golden_games_cover_the_rules() -> None:
    """The files are worth keeping: between them they call every family and reach a pica hand."""
    seen: set[str] = set()
    for name in GAMES:
        for state in json.loads(path(name).read_text())["states"]:
            after = state["after"]
            if after and not after.startswith("deal"):
                seen.add(after.split(" ")[1])
    words = "envido real-envido falta-envido truco retruco quiero no-quiero flor contraflor tengo son-buenas rps"
    for word in words.split():
        assert word in seen, word
    pica = json.loads(path("default-3v3-pica").read_text())
    assert {state["duel"] for state in pica["states"]} == {None, 0, 1, 2}

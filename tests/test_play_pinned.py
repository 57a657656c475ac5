"""The whole output of `pytruco play` for seeded games, pinned (issue 8): splitting play.py must not change a byte.

Each game is played by :func:`pytruco.play.play_terminal` on text streams, with typed answers drawn from a seeded
mix of menu numbers, words, phrases, bluffs, help and nonsense, in both languages, with and without colour, at
tables of two and four and under presets with flor, chicos and rock-paper-scissors. The test compares each
output's SHA-256 with the one the code printed before the split; print them again with
``python tests/test_play_pinned.py`` after an intended change of wording.
"""

from __future__ import annotations

import hashlib
import io
import random
import tempfile
from pathlib import Path

import pytest

from pytruco import Action, Deal, RuleSet, is_legal, legal_actions, new_game, random_deal
from pytruco.play import _Table, play_terminal
from pytruco.playscreen import Screen

WORDS = [
    "1", "1", "1", "2", "3", "4", "?", "", "²", "no quiero", "quiero", "truco", "quiero retruco", "vale 4",
    "envido", "real envido", "falta", "flor", "contraflor", "me achico", "son buenas", "tengo 33", "tengo 20",
    "me voy al mazo", "el ancho", "3 de bastos", "piedra", "papel", "scissors", "0 envido",
]  # fmt: skip

GAMES = {
    "es-default": {"seed": 1, "lang": "es", "target": 15},
    "en-default-colour": {"seed": 2, "lang": "en", "target": 15, "color": True},
    "es-flor-seat1": {"seed": 3, "lang": "es", "flor": True, "seat": 1, "target": 15},
    "en-reglamento-chicos": {"seed": 4, "lang": "en", "preset": "reglamento"},
    "es-reglamento-colour": {"seed": 5, "lang": "es", "preset": "reglamento", "color": True},
    "es-online-rps": {"seed": 6, "lang": "es", "preset": "online", "target": 15},
    "en-online-rps-colour": {"seed": 7, "lang": "en", "preset": "online", "color": True},
    "es-classic-four": {"seed": 8, "lang": "es", "preset": "classic", "players": 4, "target": 15},
    "en-default-four-seat3": {"seed": 9, "lang": "en", "players": 4, "seat": 3, "target": 15},
    "en-ladder": {"seed": 10, "lang": "en", "preset": "ladder"},
    "es-random-bot-leaves": {"seed": 11, "lang": "es", "bot": "random", "answers": 40, "last": "chau"},
    "en-runs-out-of-input": {"seed": 12, "lang": "en", "answers": 30},
    "es-three-players": {"players": 3},
    "en-no-such-seat": {"lang": "en", "players": 4, "seat": 4},
    "es-bad-preset": {"preset": "nonsense"},
    "en-bad-bot": {"lang": "en", "bot": "nobody"},
    "en-bad-target": {"lang": "en", "target": 0},
    "es-ctrl-c": {"seed": 13, "answers": 25, "interrupted": True},
    "record-en": {"seed": 14, "lang": "en", "target": 15},
}
PRESETS = ("default", "online", "classic", "reglamento", "ladder")

STATUS = {
    "es-three-players": 1,
    "en-no-such-seat": 1,
    "es-bad-preset": 1,
    "en-bad-bot": 1,
    "en-bad-target": 1,
    "es-ctrl-c": 130,
}

DIGESTS = {
    "es-default": "6f774c3820debae2467513428f27c4fb1300a1374f6b4565c27435b97eccc48b",
    "en-default-colour": "3c30e20206fdf8238dff32c3ee88502891519adc7baba47d27b0c45b5f276e03",
    "es-flor-seat1": "61484838ec9d2ff5cff18c64f8653f31c7faf8ef0dbb72c96a3d861fcb49ff21",
    "en-reglamento-chicos": "e9d1781467ff6cb10872cc5735029194efb9d27ba3e6bbdbe037082569a95098",
    "es-reglamento-colour": "081d79ef9de9b494c863e754de7349451e45786e85c20dfdde6f25326836aada",
    "es-online-rps": "3ecea1b61dc518385c7ce3c3b293e9764641e77db0e9d59ed1a64a79fb8507d2",
    "en-online-rps-colour": "32d076bba9f3e5bbbb0ca7be5bb4710bf58f0e966c6980a9595e646172d6b0e3",
    "es-classic-four": "975929866f0488371291b68339d25f592a1b2338847027297c4a334a3efbb5be",
    "en-default-four-seat3": "efcbd96a58b5e6ffe0dbb22449298e504b6dc4919b5a1204b543e270017268f6",
    "en-ladder": "c142186a17c7a1203146d10352bee3e8167464f581cbd794040e582939f1d89d",
    "es-random-bot-leaves": "e169ac62779a427325908d68333ccd65ccbaa83ef76d71aa2041071290497ef3",
    "en-runs-out-of-input": "8daa17ace5be6d12e18c8ce0d3fd3e92722ceedd330451c0fb050c28befaec6a",
    "es-three-players": "435d9b430ac025b8b86ee0ec21c4868c9400599840d92cbcacb94c0d69ca5981",
    "en-no-such-seat": "8c43c4982fe736b27239ad614ca2406bc70addd294f284aaf42cf22bbbc71695",
    "es-bad-preset": "8a1493a10d3189bfff2c1de3c28935a8185228d66d9fb6bbf2efa56d4c79f093",
    "en-bad-bot": "5c103577b9e28c6328e1ed6dc8151eaf5480eaf223cca1ea64f9d5ab75a4fe27",
    "en-bad-target": "a0cf8b25f8725bf187ccbc70cd7bd7922a1be5cda5b9411b76bfd4612d774522",
    "es-ctrl-c": "873610612d94bebdbf34655c5c3de6700e41657245787e467081da39bd94bb1a",
    "record-en": "e46b525cb3413e3986621d8de2f4bc09da3b829c9b840fece20aacb2efa234a1",
}

NARRATED = [
    (preset, players, lang, seed)
    for preset in PRESETS
    for players in ((2, 4) if preset in ("classic", "reglamento") else (2,))
    for lang in ("es", "en")
    for seed in (1, 2, 3, 4)
] + [
    (preset, 2, lang, seed)
    for preset in ("online", "classic", "reglamento")
    for lang in ("es", "en")
    for seed in (5, 6)
]
FLORES = Deal.parse([["1E", "7E", "4E"], ["1B", "3B", "5B"]])  # seeds 5 and 6 deal these every time: flor against flor
NARRATED_DIGESTS = {
    "default-2-es-1": "57f7e1a29aac116df460c2262718971e7bd0a376958f15e6eefeb2611bf1e4e2",
    "default-2-es-2": "7c920e05c59e229622fb485d89bddc546d3c1e2c6e7af7654ef46c91dc46fbee",
    "default-2-es-3": "3088f84d3557ea90197e8379ab5e288e4ced237a55562ca4e11f08e82d57e827",
    "default-2-es-4": "e76847b15108c6b749ff36d1d2927cce0d4d790a64e2f6737903f427b07c6320",
    "default-2-en-1": "d7575b399d79a52c8a4c2915adabf88fdf305c4b13b8ca753e6212d6b01159fa",
    "default-2-en-2": "45243570e9c7ce1fcd42ecb50a524106ae8ac2e605216fb253c7296b131f60be",
    "default-2-en-3": "f6bd46fb64192577fb3f0c097f0bdabd92902fae00deb4eba5764ccf3d49a2e2",
    "default-2-en-4": "8f31185d2434c610a3b84444aafc724180c3d4f1cd475a657e121839a21bd876",
    "online-2-es-1": "2144bc3fb34f358b56aaa072ed541dc464f5163fbde410290cf030e75c1e94ee",
    "online-2-es-2": "fda81206bcf8c423df3f8d3eca7f15bc93e48fec2094a078adb6b6306eb36dc2",
    "online-2-es-3": "d61ac5641dec5d01dac1c170969ecdd4bfce63352aea5cdb65f4beb2c8f336bc",
    "online-2-es-4": "1d645753c2e1de34e915face683a2be9ebd211fd2770ccdb1f35683fd115343a",
    "online-2-en-1": "8d0b263f8912a28d458663df80f1278b41f1b50a40f4eecccb0c6c4fac7044ca",
    "online-2-en-2": "d62214814d7206ca8937e0e562cec7e01ed870c97a8dba52e5d4d265427ae918",
    "online-2-en-3": "c7d5ca8b97986485f5578e9cecfc44522824ddee9ebe12922d8e7753d3a4d716",
    "online-2-en-4": "99ee2bb33b47c528cd8ded0a1a52415bac56bb08398f9ebf04a33ec654022ce3",
    "classic-2-es-1": "cfc0f5014903bc4ebc971f67379d71aceff07279f169406c44dd42e81f9e300e",
    "classic-2-es-2": "709d40de237890233bb2b35dbc5c5bf97919e2af9e109aec49233bd6e6f161ad",
    "classic-2-es-3": "3a84aab125e9e44357872430df3c799e787057338e13dbdc12ac0b83fcee4bd8",
    "classic-2-es-4": "22051143821ba3ddfcc1d7277c2fce63c18ae97dbabc326dcc2ac480fc20bfaa",
    "classic-2-en-1": "1d05f72243fdf1d3d251c182fc24fe3d4cfb54b4cab1f48f50c912f3b80d719c",
    "classic-2-en-2": "e9650972e7c02e048d0e6de0ff37ed83ee977473c1635a2c77e330f9f9c71201",
    "classic-2-en-3": "545e14dd99f7d6f4775adda92161e789559482776a6503fa62ea33d29a765cb6",
    "classic-2-en-4": "a8237f4f57256ed2bf0b24816851d4de2552545d8aa28d88bb8368cc72dbcd9c",
    "classic-4-es-1": "3e104c5350731de5f9d8cded0449c56f34c99b78d4f0a389de6fb6eb06bb2480",
    "classic-4-es-2": "f68db268db745964cc646cdfa95b1322ade6fd26214480d40058b6dc241a8852",
    "classic-4-es-3": "835a9c1a6c5191e00ba9ef179a120883bc06902928499378c9804a1041ccf06f",
    "classic-4-es-4": "5ac8786c39d5793afcd704c7ade4403c9b5c0bee3b13ac2c7c21ab65923a39b1",
    "classic-4-en-1": "a66f5c19b9685c5dd5463022becc6ae2474e896aa1f89d5c27ab8c9cdc32f157",
    "classic-4-en-2": "45971b8727afe48b9b7c37be1c2e9c2ead0bd8561671d38d8a84730f0d62ad97",
    "classic-4-en-3": "2cd19d638673d003bd0c9a157e7c2e9d9e7364ba12bdc7efc3f5ec48eddc8003",
    "classic-4-en-4": "e462f9eb9dbf0d4e0560e05f81a8d69c0e0af3ccd19bbde4e748b30040463520",
    "reglamento-2-es-1": "af068510158417ceef5523a4d98d322e2afcb791b152fba4e4a19d2c4c9b109e",
    "reglamento-2-es-2": "6db206af5f6509283fc45c301eb324938ad22fbd19c0726eeaa2bbe4d8acf77f",
    "reglamento-2-es-3": "760fedd12cdbf4d6cabb32de75b27467b66991538ce78595f1c9e47b5c0fafc9",
    "reglamento-2-es-4": "028780201549b31479c25d3a6c4d9c26dc86de04e372309e2218154ea4d2d5f4",
    "reglamento-2-en-1": "31bde81649e347819a0e9db1255c574e01af3c988ec4dc673598ce6d0422bbd8",
    "reglamento-2-en-2": "0aa525635df0acfc3604765ba860cb0a7301e26b13e0b35223075b138d77359b",
    "reglamento-2-en-3": "34efc019f26f4203e243383a9c2d49d2f977f9cefedd58c7e638adcd9d03062c",
    "reglamento-2-en-4": "8eb755cad14cf3ab0676a522adac5e8c3814674b1b6e71fd76c85500a8ca2847",
    "reglamento-4-es-1": "fe821125c099e0e7559035ceabb4a32e14364c544815087d431918eaf4bfa415",
    "reglamento-4-es-2": "047f69dc66b30dd9d77f27af9547ed06730219304311c99630c7a11c28af794c",
    "reglamento-4-es-3": "8f88af25033dad74db9276e92f21f37782e4da489a11418337184ae1ceda718d",
    "reglamento-4-es-4": "f8ed2ff8b7a2aed48016ec8c1aab86ca74788b3c86c0b53171dd1f569395cb2f",
    "reglamento-4-en-1": "1e3edaaed9ac83294937876b8e8187ab2dd5b64ac857df8de85f77d61371dbd1",
    "reglamento-4-en-2": "cfaf861d32883316c426efc8de054cfc26305e290574f0136f084b52c70dbd6d",
    "reglamento-4-en-3": "8beaf8a34ea533f9cfd4be5e59ff1970f40856d9daae12f76f4de5c36704ecd3",
    "reglamento-4-en-4": "b469c05ee250e91959feb1be889268c5df687d11cde5022bda5acc06b80794ff",
    "ladder-2-es-1": "c7d353a9c0f6eaecf3cad1b7091390171421a640eac6f5bd9ba0138a1f3407d0",
    "ladder-2-es-2": "29b83ea8dc249bc3b18bf765fd43255445d8d8fa672fb6149e93f980fc8e4c02",
    "ladder-2-es-3": "248175d1cfcd57147bb666e825f301a666b2ee24d845ca8d887328dcf16bd88b",
    "ladder-2-es-4": "0da5f3f7de0cd22e2969950b4eb41979b51376a0b2ff0d64d3a3b1a0bbb8369e",
    "ladder-2-en-1": "a2a7f0b5153b9e8f947e07e5e8661a0ba1eae5fe02c66c0664a06ae7618b642b",
    "ladder-2-en-2": "1e5a9f5a720dd7e133e5f95959a7369cbc6e6fb9216e8f3111a6c3e00ebbce8c",
    "ladder-2-en-3": "acb60e000df5519187d636dc63f26054d5d6272e8e924ee7af41126d273096af",
    "ladder-2-en-4": "566776a7a6be43145ef62ccf99de39889d3da15244c756283cf56ee99e800093",
    "online-2-es-5": "251cd41ab9349448a8cd67443cf32cda6157404140033f592c39a9822827b6b5",
    "online-2-es-6": "8503332a9df45304e69c4ea783aab11a3de61c08b335c5b7f6e0661266f3d00a",
    "online-2-en-5": "523b83f14f984d6479ade00cbf61a11fcfbb3e6e2ba67c2f8b97d310a67dc39b",
    "online-2-en-6": "89ce0f21043a352d0be0f44cee1b96016d9b6c4a852023dda1e56114862672a2",
    "classic-2-es-5": "d9ed62fd62a5dc79825e607ad9122ed15650a567fbcac86dedd43b1cec269588",
    "classic-2-es-6": "3257b6b587d7ff269c354264cf3bec6ce7963a8641d3689628e7fcc67c5ef3da",
    "classic-2-en-5": "0e944ec1e20756e68f45904309d4713ce80fc95aec28bc4dd217793b637b0995",
    "classic-2-en-6": "92cfd0c51d34a3a919fdaaa6d11e8c2ea6bc25180774929fd5f6c88a81ea62cf",
    "reglamento-2-es-5": "a4db3a02a993ebbf120a315cbd6cc26d9538f830aba0a860b8f3da5cf2740d02",
    "reglamento-2-es-6": "bba16821ce4f136f0e9e1d1428f3a5b3079b8544be95ac21fc874d24e0d83f15",
    "reglamento-2-en-5": "6b6a0787418141893aec6bb50f4ac4d459ed4ebdf56ccd0e0c568cfe3a1961f1",
    "reglamento-2-en-6": "e9f7893f5c8f02c911f10708b1d671c120277da50f7b21bf4cf7ea5eb6cf7938",
}


RPS_TOLD = (
    "  Rock-paper-scissors tie (piedra): again.\n"
    "  Rock-paper-scissors tie (tijera): again.\n"
    "  You: papel (paper), Bot: piedra (rock)\n"
    "  Rock-paper-scissors to you, who leads as mano.\n"
)


class _Interrupted(io.StringIO):
    """Typed answers, then Ctrl-C."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def played(name: str, record: Path | None = None) -> tuple[int, str]:
    """The exit status and the whole output of game *name* (a record written to *record*, if given)."""
    options: dict[str, object] = dict(GAMES[name])
    answers = int(options.pop("answers", 20000))  # type: ignore[call-overload]
    last = str(options.pop("last", ""))
    interrupted = bool(options.pop("interrupted", False))
    pick = random.Random(name)
    typed = "".join(pick.choice(WORDS) + "\n" for _ in range(answers)) + last
    out = io.StringIO()
    stdin = _Interrupted(typed) if interrupted else io.StringIO(typed)
    if record is not None:
        options["record_path"] = str(record)
    status = play_terminal(stdin=stdin, stdout=out, **options)  # type: ignore[arg-type]
    text = out.getvalue()
    return status, text.replace(str(record), "RECORD") if record is not None else text


def narrated(preset: str, players: int, lang: str, seed: int) -> str:
    """What the table says about every event of a seeded random playout (with timeouts and a concession), as seat
    0 of *preset* hears it: the events a person at the terminal rarely meets."""
    rules = RuleSet.preset(preset, players=players)
    rng = random.Random(seed)
    out = io.StringIO()
    state = new_game(rules, rng=rng) if not rules.rps_first_mano else new_game(rules)
    table = _Table(Screen(out, lang, rules, 0, color=seed == 2), state, {}, rng)
    for step in range(5000):
        state = table.state
        if state.is_over:
            break
        if state.is_chance:
            table.step(random_deal(state, rng) if seed < 5 else FLORES)
            continue
        actions = list(legal_actions(state))
        timeout = Action.parse(f"{state.to_act[0]} timeout")
        if rng.random() < 0.05 and is_legal(state, timeout):
            actions = [timeout]
        if step == 100 * seed:
            actions = [Action.parse(f"{state.to_act[0]} rendirse")]
        table.step(rng.choice(actions))
    return out.getvalue()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_terminal_game_says_exactly_what_it_said(name: str, tmp_path: Path) -> None:
    status, text = played(name, tmp_path / "game.json" if name.startswith("record") else None)
    assert status == STATUS.get(name, 0)
    assert hashlib.sha256(text.encode()).hexdigest() == DIGESTS[name], text[-2000:]


def test_rock_paper_scissors_ties_are_told_exactly() -> None:
    out = io.StringIO()
    rules = RuleSet.preset("online")
    table = _Table(Screen(out, "en", rules, 0, color=True), new_game(rules), {}, random.Random(1))
    for text in ["0 rps piedra", "1 rps piedra", "1 rps tijera", "0 rps tijera", "0 rps papel", "1 rps piedra"]:
        table.step(Action.parse(text))
    assert out.getvalue() == RPS_TOLD


@pytest.mark.parametrize(("preset", "players", "lang", "seed"), NARRATED)
def test_the_events_are_told_exactly_as_they_were(preset: str, players: int, lang: str, seed: int) -> None:
    text = narrated(preset, players, lang, seed)
    key = f"{preset}-{players}-{lang}-{seed}"
    assert hashlib.sha256(text.encode()).hexdigest() == NARRATED_DIGESTS[key], text[-2000:]


if __name__ == "__main__":  # pragma: no cover
    with tempfile.TemporaryDirectory() as folder:
        for game in GAMES:
            record = Path(folder) / "game.json" if game.startswith("record") else None
            print(f'    "{game}": "{hashlib.sha256(played(game, record)[1].encode()).hexdigest()}",')
    for preset, players, lang, seed in NARRATED:
        digest = hashlib.sha256(narrated(preset, players, lang, seed).encode()).hexdigest()
        print(f'    "{preset}-{players}-{lang}-{seed}": "{digest}",')

"""``pytruco serve`` and its page in a real headless browser.

Debian's chromium driven by Playwright (``executable_path``; never ``playwright install``).
Two browser contexts play a whole game by clicking; the server is killed and restarted
mid-game and the game goes on; an action naming a past decision is refused as stale; a
seat that waits past the clock is timed out (its clock starts only once it has joined);
a link of seat 0 cannot act for seat 1; malformed messages get an error and the server
keeps going; conceding asks for a confirmation. What a player sees (the web table): the cards
as the library's card art (served SVGs, named in the page's language), the other seat's
cards face down, the completed tricks with their winners, the last hand after the next
deal, the seat's envido points, and no record notation. One of the two plays on a phone's
screen (390x844) and the other on a desktop's (1280x800): on the phone the log is under the
table and nothing is cut. The whole-game test also takes the docs' screenshots, one of each
(written to docs/_static/web_table.png and web_table_phone.png when PYTRUCO_DOCS_SCREENSHOT=1,
as tools/screenshot_web_table.py does). Skips where chromium, Playwright or websockets are
missing.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOT = ROOT / "docs" / "_static" / "web_table.png"
PHONE_SCREENSHOT = ROOT / "docs" / "_static" / "web_table_phone.png"
PHONE = {"width": 390, "height": 844}
"""A phone's screen in CSS pixels (issue 36 item 13)."""
DESKTOP = {"width": 1280, "height": 800}
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
pytest.importorskip("websockets", reason="websockets is not installed (pip install 'pytruco-ar[server]')")


class Server:
    """``pytruco serve`` as a separate process, so that the test can kill it."""

    def __init__(self, db: Path, *args: str, port: int = 0) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pytruco", "serve", "--db", str(db), "--port", str(port), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise AssertionError("the server did not start: " + (self.proc.stderr.read() if self.proc.stderr else ""))
        self.info: dict[str, Any] = json.loads(line)
        self.port: int = self.info["port"]

    def kill(self) -> None:
        """A crash: no chance to clean up."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def alive(self) -> bool:
        return self.proc.poll() is None


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        # Playwright gives every launch a fresh, empty profile (user data) directory.
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


def updates(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.updates || '0'"))


def wait_update(page: Any, before: int) -> None:
    # a function, not an expression string: the page's CSP forbids eval, which Playwright uses for strings
    page.wait_for_function("(n) => Number(document.body.dataset.updates || '0') > n", arg=before, timeout=15_000)


def my_cards(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("#hand [data-card]", "nodes => nodes.map(n => n.dataset.card)"))


def play_one(pages: list[Any], rng: random.Random) -> bool:
    """The seat to act clicks one of its buttons (never 'me rindo'); False when no page has one."""
    for page in pages:
        buttons = [
            b
            for b in page.query_selector_all("#hand button[data-action]:not([disabled]), #actions button[data-action]")
            if not b.get_attribute("data-action").endswith(" rendirse")
        ]
        if buttons:
            counts = [updates(p) for p in pages]
            rng.choice(buttons).click()
            for p, count in zip(pages, counts, strict=True):
                wait_update(p, count)
            return True
    return False


def raw(page: Any, message: dict[str, Any]) -> str:
    """Send *message* as it is and return the error code the page shows."""
    page.evaluate("document.getElementById('error').textContent = ''")
    page.evaluate(f"trucoSendRaw({json.dumps(json.dumps(message))})")
    page.wait_for_function("() => document.getElementById('error').textContent.length > 0")
    return str(page.get_attribute("#error", "data-code"))


def decision(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.decision"))


NOTATION = re.compile(
    r"\b(1[0-2]|[1-7])[EBOC]\b|real-envido|falta-envido|vale-cuatro|no-quiero|son-buenas|con-flor|contraflor-al"
)
"""Record notation a player should never read on the table (cards are pictures and names, calls are words)."""


def box(page: Any, selector: str) -> tuple[float, float, float, float]:
    """The element's left, top, right and bottom on the page."""
    left, top, right, bottom = page.eval_on_selector(
        selector, "n => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
    )
    return left, top, right, bottom


CLIPPED = """() => Array.from(document.querySelectorAll(
        '#log, #log li, #scoreboard > *, #status, #actions button, .who'
    )).filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)"""
"""The texts wider than their box (a word cut at the box's edge, as "Termin" was on a phone)."""


def check_layout(page: Any) -> None:
    """Issue 36 item 13: on a phone the log is under the table and the player's cards, in the one column, and no text
    is cut or wider than the screen; on a desktop the log is beside the table."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page is wider than the screen"
    assert page.evaluate(CLIPPED) == []
    table, me, log = box(page, "#table"), box(page, "#me"), box(page, "#log")
    if width <= PHONE["width"]:
        assert log[1] >= me[3] - 1 and log[1] >= table[3] - 1, (table, me, log)
        assert abs(log[0] - table[0]) <= 1 and log[2] - log[0] >= width * 0.8, (table, log)
    else:
        assert log[0] >= table[2], (table, log)


def check_table(page: Any, seen: set[str]) -> None:
    """What a player sees at the web table: no raw notation; the other seat's cards face down, one back per card it
    holds; and, noted in *seen*, the completed tricks with their winners and the last hand after the next deal."""
    text = page.inner_text("#table") + page.inner_text("#me")
    assert not NOTATION.search(text), text
    left = page.evaluate(
        "Array.from(document.querySelectorAll('#seats .seat')).map(s => s.querySelectorAll('img.back').length)"
    )
    assert len(left) == 1 and 0 <= left[0] <= 3
    if page.query_selector("#tricks .winner"):
        seen.add("winner")
    if page.query_selector("#lasthand .trick-done [data-card]"):
        seen.add("last hand")


def test_two_browsers_play_a_whole_game_through_a_server_crash(browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    server = Server(db, "--clock", "60", "--new", "default:target=15")
    links = server.info["tables"][0]["links"]
    pages = []
    errors: list[str] = []  # what the browser reports as errors: a /favicon.ico the server has not (a 404) was one
    for seat, link in enumerate(links):
        context = browser.new_context(viewport=PHONE if seat == 1 else DESKTOP)
        page = context.new_page()
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("response", lambda response: response.status >= 400 and errors.append(response.url))
        page.goto(link + ("&lang=en" if seat == 1 else ""))
        page.wait_for_selector("#status[data-status=online]")
        pages.append(page)
    try:
        # the cards are the library's card art, one SVG per card, named in the page's language; the other seat
        # shows three backs; the seat's own envido points are on the table
        for page, lang in zip(pages, ("es", "en"), strict=True):
            loaded = page.evaluate(
                "Array.from(document.querySelectorAll('#hand img')).map(i => [i.getAttribute('src'), i.alt,"
                " i.complete && i.naturalWidth > 0])"
            )
            assert len(loaded) == 3 and all(src.startswith("/cards/") and ok for src, _, ok in loaded), loaded
            suits = ("espadas", "bastos", "oros", "copas") if lang == "es" else ("swords", "clubs", "coins", "cups")
            assert all(alt.rsplit(" ", 1)[1] in suits for _, alt, _ in loaded), loaded
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.evaluate("document.querySelectorAll('#seats img.back').length") == 3
            assert page.inner_text("#points").startswith("Tu envido: " if lang == "es" else "Your envido: ")
        base = links[0].split("/?")[0].split("?")[0].rstrip("/")
        picture = pages[0].request.get(base + "/cards/12C.svg")
        assert picture.status == 200 and picture.headers["content-type"] == "image/svg+xml"
        assert "REY" in picture.text()
        assert pages[0].request.get(base + "/cards/8X.svg").status == 404
        # the page declares its icon (a card's back), so the browser asks for no /favicon.ico (issue 36 item 13)
        for page in pages:
            page.wait_for_load_state("load")
            page.wait_for_timeout(500)  # the icon is fetched after the load event
        assert errors == [], errors
        # each page shows its own three cards, never the other seat's
        mine = [my_cards(page) for page in pages]
        assert all(len(cards) == 3 for cards in mine) and not mine[0] & mine[1]
        for page, other in ((pages[0], mine[1]), (pages[1], mine[0])):
            html = page.content()
            assert not any(f'data-card="{card}"' in html for card in other)

        # a link of seat 0 cannot act for seat 1, and malformed messages get an error reply
        before = pages[0].inner_text("#scoreboard")
        to_act = pages[1].evaluate("document.body.dataset.toAct")
        assert raw(pages[0], {"type": "act", "action": "1 mazo", "decision": decision(pages[0])}) == "not-your-seat"
        assert pages[0].inner_text("#error") == "Solo podés jugar por tu asiento."
        envid = '{"type": "act", "action": "0 envid", "decision": 0}'
        for bad in ("{{{", '{"type": "act", "action": 7}', '"hola"', "[" * 100 + "]" * 100, envid):
            pages[0].evaluate("document.getElementById('error').textContent = ''")
            pages[0].evaluate(f"trucoSendRaw({json.dumps(bad)})")
            pages[0].wait_for_function("() => document.getElementById('error').textContent.length > 0")
        assert "envid" in pages[0].inner_text("#error")
        assert pages[0].inner_text("#scoreboard") == before and server.alive()
        assert pages[1].evaluate("document.body.dataset.toAct") == to_act

        # an illegal action comes back with the reason in the player's language
        raw(pages[1], {"type": "act", "action": "1 vale-cuatro", "decision": decision(pages[1])})
        assert "cannot" in pages[1].inner_text("#error") or "not" in pages[1].inner_text("#error")

        # conceding asks first: dismissed, nothing is sent
        dialogs: list[str] = []
        pages[0].once("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        count = updates(pages[0])
        pages[0].click("#actions button.concede")
        assert dialogs == ["¿Rendirte? Tu equipo pierde el partido."]
        assert updates(pages[0]) == count and pages[0].get_attribute("#status", "data-status") == "online"

        rng = random.Random(12)
        clicks = 0
        restarted = False
        seen: set[str] = set()
        shot: Path | None = None
        while pages[0].get_attribute("#status", "data-status") != "over":
            past = decision(pages[0])
            assert play_one(pages, rng), "nobody can act, but the match is not over"
            clicks += 1
            for page in pages:
                check_table(page, seen)
            if clicks == 6:
                # an action that answers a decision already past is refused, and names itself
                acting = next(p for p in pages if p.evaluate("document.body.dataset.toAct") == "me")
                action = acting.get_attribute("#actions button[data-action], #hand button[data-action]", "data-action")
                assert raw(acting, {"type": "act", "action": action, "decision": past}) == "stale"
                assert decision(acting) == past + 1
            if clicks >= 6 and not shot and pages[0].query_selector("#tricks .winner"):
                # the docs' picture: a hand with a completed trick and its winner on the table
                docs = bool(os.environ.get("PYTRUCO_DOCS_SCREENSHOT"))
                shot = SCREENSHOT if docs else tmp_path / "web_table.png"
                phone = PHONE_SCREENSHOT if docs else tmp_path / "web_table_phone.png"
                pages[0].screenshot(path=str(shot))
                pages[1].screenshot(path=str(phone), full_page=True)
                for picture in (shot, phone):
                    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
                for page in pages:
                    check_layout(page)
            if clicks == 12 and not restarted:
                board = pages[0].inner_text("#scoreboard")
                cards = my_cards(pages[0])
                server.kill()
                for page in pages:
                    page.wait_for_selector("#status[data-status=offline]")
                counts = [updates(p) for p in pages]
                server = Server(db, "--clock", "60", port=server.port)
                for page, count in zip(pages, counts, strict=True):
                    wait_update(page, count)  # reconnected and restored
                    page.wait_for_selector("#status[data-status=online]")
                assert pages[0].inner_text("#scoreboard") == board and my_cards(pages[0]) == cards
                restarted = True
            assert clicks < 400
        assert restarted
        assert seen == {"winner", "last hand"} and shot is not None
        assert "Terminó el partido" in pages[0].inner_text("#status")
        assert "The match is over" in pages[1].inner_text("#status")
        for page in pages:  # the longest status and the longest log
            check_layout(page)
        assert pages[0].query_selector("li[data-kind=match-over]") is not None
        teams = pages[0].inner_text("#scoreboard").split("\n")[:2]
        scores = [int(part.rsplit(": ", 1)[1].split()[0]) for part in teams]
        assert max(scores) >= 15
    finally:
        server.kill()


def test_a_seat_that_waits_past_the_clock_is_timed_out(browser: Any, tmp_path: Path) -> None:
    """PRESETS.md §7: the seat to act that lets its clock run out is resolved against itself; its clock starts
    only once it has joined (the clock waits for the seat to act)."""
    server = Server(tmp_path / "tables.sqlite", "--new", "default:clock=2", "--new", "classic")
    try:
        beto = browser.new_context().new_page()
        beto.goto(server.info["tables"][0]["links"][1])  # seat 1 is not to act: no clock runs for it
        beto.wait_for_selector("#status[data-status=online]")
        assert beto.inner_text("#clock") == "Reloj: esperando que entre Ana"
        assert beto.query_selector("li[data-kind=timed-out]") is None
        link = server.info["tables"][0]["links"][0]  # seat 0 is mano: its clock starts when it joins
        page = browser.new_context().new_page()
        page.goto(link)
        page.wait_for_selector("#status[data-status=online]")
        page.wait_for_selector("li[data-kind=timed-out]", timeout=15_000)
        assert "se le acabó el tiempo" in page.inner_text("#events")
        # several tables at once: the other table is untouched
        other = browser.new_context().new_page()
        other.goto(server.info["tables"][1]["links"][1] + "&lang=en")
        other.wait_for_selector("#status[data-status=online]")
        assert other.query_selector("li[data-kind=timed-out]") is None
    finally:
        server.kill()


PREFERRED = (" envido", " quiero", " son-buenas", " flor", " mazo")
"""What the reglamento test clicks first, in this order: an envido accepted and declared, then the mazo."""


def test_the_cards_shown_at_the_end_of_a_hand_are_on_the_table(browser: Any, tmp_path: Path) -> None:
    """PRESETS.md §5 (reglamento, the bluff check): when a hand with an accepted envido ends, the winner's cards
    are shown; the page shows them (as pictures, with the true points) beside the last hand (the cards shown, PRESETS.md
    §5)."""
    server = Server(tmp_path / "tables.sqlite", "--clock", "60", "--new", "reglamento")
    pages = []
    try:
        for link in server.info["tables"][0]["links"]:
            page = browser.new_context().new_page()
            page.goto(link)
            page.wait_for_selector("#status[data-status=online]")
            pages.append(page)
        for _ in range(120):
            if any(page.query_selector("#lasthand .shown [data-card]") for page in pages):
                break
            acting = [p for p in pages if p.query_selector("#actions button[data-action]:not(.concede)")]
            assert acting, "nobody can act"
            page = acting[0]
            actions = [b.get_attribute("data-action") for b in page.query_selector_all("#actions button[data-action]")]
            actions = [a for a in actions if not a.endswith(" rendirse")]
            choice = next((a for word in PREFERRED for a in actions if a.endswith(word)), None)
            choice = choice or next((a for a in actions if " tengo " in a), actions[0])
            counts = [updates(p) for p in pages]
            page.click(f'#actions button[data-action="{choice}"]')
            for p, count in zip(pages, counts, strict=True):
                wait_update(p, count)
        shown = pages[0].query_selector("#lasthand .shown")
        assert shown is not None, "no hand ended with its cards shown"
        assert re.search(r"mostró \(\d+\)", shown.inner_text()), shown.inner_text()
        assert shown.query_selector("img[src^='/cards/']") is not None
        # one row per seat that showed, with all its cards (issue 36 item 13: a row per card repeated the seat)
        rows = pages[0].eval_on_selector_all(
            "#lasthand .shown", "rows => rows.map(r => [r.dataset.seat, r.querySelectorAll('[data-card]').length])"
        )
        shown_events = len(pages[0].query_selector_all("li[data-kind=shown]"))
        assert len({seat for seat, _ in rows}) == len(rows), rows
        assert sum(cards for _, cards in rows) == shown_events, (rows, shown_events)
    finally:
        server.kill()


def frames(page: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The messages the page sends and receives on its socket, as they pass (register before ``goto``)."""
    sent: list[dict[str, Any]] = []
    received: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        socket.on("framesent", lambda payload: sent.append(json.loads(payload)))
        socket.on("framereceived", lambda payload: received.append(json.loads(payload)))

    page.on("websocket", watch)
    return sent, received


def test_a_double_click_sends_one_act(browser: Any, tmp_path: Path) -> None:
    """Issue 36 item 13: two clicks before the answer sent two acts for one decision, and the second came back as
    "That action answered a decision that is already past". The buttons are disabled from the act to its answer."""
    server = Server(tmp_path / "tables.sqlite", "--clock", "60", "--new", "default")
    try:
        page = browser.new_context().new_page()
        sent, received = frames(page)
        page.goto(server.info["tables"][0]["links"][0] + "&lang=en")  # seat 0 is mano: to act
        page.wait_for_selector("#status[data-status=online]")
        before = updates(page)
        button = page.query_selector('#actions button[data-action="0 truco"]')
        assert button is not None
        page.evaluate("b => { b.click(); b.click(); }", button)  # both clicks in one task, before any answer
        wait_update(page, before)
        assert raw(page, {"type": "nonsense"}) == "malformed"  # answered after anything the two clicks caused
        acts = [message for message in sent if message.get("type") == "act"]
        assert acts == [{"type": "act", "action": "0 truco", "decision": 0}], acts
        errors = [message["code"] for message in received if message["type"] == "error"]
        assert errors == ["malformed"], errors
        assert page.evaluate("document.body.dataset.awaiting") == "0"
    finally:
        server.kill()


def test_the_clock_counts_down_from_the_time_left_not_the_browser_s_date(browser: Any, tmp_path: Path) -> None:
    """Issue 36 item 13: the page compared the server's deadline_ms with the browser's Date.now(), so a browser whose
    clock ran ten minutes ahead showed 0 s at once. It counts down from the update's left_ms, from its arrival."""
    server = Server(tmp_path / "tables.sqlite", "--clock", "60", "--new", "default")
    try:
        page = browser.new_context().new_page()
        page.add_init_script("(() => { const real = Date.now; Date.now = () => real.call(Date) + 600000; })()")
        page.goto(server.info["tables"][0]["links"][0] + "&lang=en")
        page.wait_for_selector("#status[data-status=online]")
        assert page.evaluate("Date.now() - new Date().getTime()") >= 599_000  # the skew is in place
        page.wait_for_function("() => /Clock: \\d+ s/.test(document.getElementById('clock').textContent)")
        text = page.inner_text("#clock")
        left = int(re.search(r"Clock: (\d+) s", text).group(1))  # type: ignore[union-attr]
        assert 30 <= left <= 60, text
    finally:
        server.kill()


def test_a_table_of_six_colours_each_seat_by_its_team(browser: Any, tmp_path: Path) -> None:
    """Issue 36 item 13: at six seats the names had no team colour, so partners could not be told from opponents.
    Each seat's name takes its team's colour (partners sit two apart), the colour of its team on the scoreboard."""
    server = Server(tmp_path / "tables.sqlite", "--clock", "60", "--new", "classic:players=6")
    try:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(server.info["tables"][0]["links"][0])
        page.wait_for_selector("#status[data-status=online]")
        seats = page.eval_on_selector_all(
            "#seats .seat",
            "nodes => nodes.map(n => [Number(n.dataset.seat), n.dataset.team,"
            " getComputedStyle(n.querySelector('.who')).color])",
        )
        assert [seat for seat, _, _ in seats] == [1, 2, 3, 4, 5]
        assert all(team == str(seat % 2) for seat, team, _ in seats), seats
        board = page.eval_on_selector_all(
            "#scoreboard [data-team]", "nodes => nodes.map(n => getComputedStyle(n).color)"
        )
        assert len(board) == 2 and board[0] != board[1], board
        assert all(colour == board[seat % 2] for seat, _, colour in seats), (seats, board)
        check_layout(page)
    finally:
        server.kill()


def _stored_table(path: Path, table_id: str, rules: dict[str, Any], log: list[str]) -> list[str]:
    """A table written to the database as ``pytruco serve`` stores one, dealt *log*'s deal; its seats' tokens."""
    from pytruco.server._store import Store
    from pytruco.server._table import hash_token, new_token

    tokens = [new_token(), new_token()]
    links: list[tuple[str, int | None, float | None]] = [(hash_token(t), seat, None) for seat, t in enumerate(tokens)]
    Store(str(path)).create(table_id, rules, ["Ana", "Beto"], 60.0, links, log)
    return tokens


def test_con_flor_me_achico_has_a_button_where_it_is_legal(browser: Any, tmp_path: Path) -> None:
    """PRESETS.md §9.3 and issue 35: in ``classic`` with ``flor_achico`` the seat answering the first flor has a
    "con flor me achico" button beside the flor answers, and the pending flor shows its values (§9.2's 4 with
    ``flor_flor_value``); clicking the button declines the flor (the log says so, the flor answers and the pending
    call are gone); without the option there is no such button."""
    db = tmp_path / "tables.sqlite"
    log = ['[["7E", "6E", "5E"], ["1O", "2O", "3O"]]', "0 flor"]
    tokens = _stored_table(db, "achico", {"preset": "classic", "flor_achico": True, "flor_flor_value": 4}, log)
    plain = _stored_table(db, "plain", {"preset": "classic"}, log)
    server = Server(db, "--clock", "60")
    try:
        assert sorted(server.info["restored"]) == ["achico", "plain"]
        base = f"http://127.0.0.1:{server.port}/?t="
        page = browser.new_context().new_page()
        page.goto(base + plain[1] + "&lang=en")
        page.wait_for_selector("#status[data-status=online]")
        offered = page.eval_on_selector_all("#actions button[data-action]", "bs => bs.map(b => b.dataset.action)")
        assert "1 flor" in offered and "1 con-flor-me-achico" not in offered, offered
        page = browser.new_context().new_page()
        page.goto(base + tokens[1] + "&lang=en")
        page.wait_for_selector("#status[data-status=online]")
        button = page.query_selector('#actions button[data-action="1 con-flor-me-achico"]')
        assert button is not None and button.inner_text() == "Back down (con flor me achico)"
        # the first flor's values: answered by a flor, flor_flor_value (§9.2); declined, its +3
        assert page.inner_text("#pending") == "pending: flor (Ana) · accepted it is worth 4 · refused 3"
        before = updates(page)
        button.click()
        wait_update(page, before)
        assert page.inner_text("#events").splitlines()[-1] == "Beto backed down (con flor me achico)"
        left = page.eval_on_selector_all("#actions button[data-action]", "bs => bs.map(b => b.dataset.action)")
        assert not [a for a in left if a.split(" ")[1] in ("flor", "contraflor", "con-flor-me-achico")], left
        assert page.inner_text("#pending") == ""
        playable = page.eval_on_selector_all("#hand button[data-action]", "bs => bs.map(b => b.dataset.action)")
        assert playable == [], "seat 0 leads: seat 1 waits"  # seat 0 is mano and plays first
        assert server.alive()
    finally:
        server.kill()

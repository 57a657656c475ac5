"""Take docs/_static/web_table.png: the reference web table in headless chromium, a few moves into a game.

Run: ``.venv/bin/python tools/screenshot_web_table.py`` (needs the ``browser`` extra and Debian's chromium).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        server = subprocess.Popen(
            [sys.executable, str(ROOT / "examples/web_table/server.py"), "--db", f"{tmp}/t.sqlite", "--port", "0",
             "--new", "default:target=15"],
            stdout=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        assert server.stdout is not None
        links = json.loads(server.stdout.readline())["tables"][0]["links"]
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
                pages = []
                for link in links:
                    page = browser.new_context(viewport={"width": 1000, "height": 620}).new_page()
                    page.goto(link)
                    page.wait_for_selector("#status[data-status=online]")
                    pages.append(page)
                # seat 0 calls envido, seat 1 accepts, both declare; seat 0 plays a card, seat 1 calls truco
                for seat, choose in ((0, "envido"), (1, "quiero"), (0, "tengo"), (1, "tengo|son-buenas"),
                                     (0, "card"), (1, "truco")):  # fmt: skip
                    page = pages[seat]
                    count = int(page.evaluate("document.body.dataset.updates"))
                    if choose == "card":
                        page.click("#hand button[data-action]:not([disabled])")
                    else:
                        selector = ", ".join(f'#actions button[data-action^="{seat} {w}"]' for w in choose.split("|"))
                        page.click(selector)
                    page.wait_for_function(f"Number(document.body.dataset.updates) > {count}")
                pages[0].screenshot(path=str(ROOT / "docs" / "_static" / "web_table.png"))
                browser.close()
        finally:
            server.kill()


if __name__ == "__main__":
    main()

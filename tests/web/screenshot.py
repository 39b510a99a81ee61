"""Retake the page's screenshot (``examples/web/screenshot.png``) in headless Chromium.

Run from the repository root with the ``web`` and ``browser`` extras installed and
Debian's Chromium::

    python -m tests.web.screenshot [path]

It starts ``cardrules serve`` on a temporary database, creates a Spoil Five table for two
people and three bots with seed 3, and plays Ann's seat until a trick has been won and a
card of her hand cannot be played; then it points at that card so its reason shows, and
saves the page at 1200 × 820.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> int:
    """Take the screenshot; the path defaults to ``examples/web/screenshot.png``."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch
    from tests.web.process import ServerProcess

    target = Path(argv[0]) if argv else ROOT / "examples" / "web" / "screenshot.png"
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = ServerProcess(Path(folder) / "tables.db", "--bot-delay", "0")
        server.start()
        try:
            created = server.post(
                "/api/tables",
                {"game": "spoil-five", "preset": "peel", "players": 5, "bots": [2, 3, 4],
                 "names": ["Ann", "Bob"], "name": "Friday cards", "seed": 3},
            )  # fmt: skip
            browser = launch(playwright)
            bob = browser.new_context().new_page()  # Bob is at the table too
            bob.goto(server.base + created["seats"][1]["link"])
            context = browser.new_context(viewport={"width": 1200, "height": 820})
            page = context.new_page()
            page.goto(server.base + created["creator_link"])
            page.wait_for_selector("body[data-counter][data-connection=open]")
            for _ in range(60):
                for side in (page, bob):  # each person plays his first legal card in turn
                    if side.get_attribute("body", "data-your-turn") == "true":
                        side.locator("#hand [data-action], #actions [data-action]").first.click()
                        time.sleep(0.4)
                won = page.locator("#log li.won").count()
                if won and page.locator("#hand .card.dim[data-rule]").count():
                    break
                time.sleep(0.2)
            page.locator("#hand .card.dim[data-rule]").first.hover()
            page.wait_for_timeout(400)  # the last card has landed
            page.screenshot(path=str(target))
            browser.close()
        finally:
            server.stop()
    print(f"saved {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

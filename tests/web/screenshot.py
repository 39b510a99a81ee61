"""Retake the web example's screenshot (``examples/web/screenshot.png``) in headless Chromium.

Run from the repository root with the ``web`` and ``browser`` extras installed and
Debian's Chromium::

    python -m tests.web.screenshot [path]

It serves the example as the browser tests do, starts a five-player game of Spoil Five
with seed 3, plays until a trick has been won and a card of the hand cannot be played,
taps that card so its reason shows, and saves the page at 1200 × 820.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = str(ROOT / "examples")
if EXAMPLES not in sys.path:
    sys.path.insert(0, EXAMPLES)


def main(argv: list[str]) -> int:
    """Take the screenshot; the path defaults to ``examples/web/screenshot.png``."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch
    from tests.web.test_browser import _Server, _settle

    target = Path(argv[0]) if argv else ROOT / "examples" / "web" / "screenshot.png"
    with _Server() as server, sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(viewport={"width": 1200, "height": 820}, bypass_csp=True)
        page = context.new_page()
        page.goto(f"{server.url}/?fast=1&game=spoil-five")
        page.wait_for_selector("body[data-state=ready]")
        page.select_option("#f-players", "5")
        page.fill("#f-seed", "3")
        _settle(page, lambda: page.click("#f-start"))
        for _ in range(20):
            if page.is_visible("#next-trick"):
                _settle(page, lambda: page.click("#next-trick"))
            elif page.locator("#hand .card.dim").count() and page.locator("#log li.won").count():
                break
            else:
                _settle(page, page.locator("#hand .card.legal").first.click)
        page.locator("#hand .card.dim").first.click(force=True)
        page.mouse.move(0, 0)
        page.wait_for_timeout(400)  # the last card has landed
        page.screenshot(path=str(target))
        browser.close()
    print(f"saved {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

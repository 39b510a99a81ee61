"""Open the built site in headless Chromium: pages are not blank and pictures load.

Needs Debian's ``chromium`` (``apt-get install chromium``) and the ``playwright`` Python
package (``pip install -e '.[browser]'``); playwright drives the system browser and never
downloads one. Set ``CARDRULES_SCREENSHOTS=<folder>`` to keep the screenshots.
"""

from __future__ import annotations

import base64
import functools
import http.server
import importlib.util
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import CHROMIUM, MISSING, launch

FELT = (0x1F, 0x6F, 0x43)  # the green table of the charts (cardrules.svg._draw.FELT)


_COUNT_COLOURS = """async (dataUrl) => {
    const img = new Image();
    img.src = dataUrl;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(img, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = {};
    for (let i = 0; i < pixels.length; i += 4) {
        const key = pixels[i] + ',' + pixels[i + 1] + ',' + pixels[i + 2];
        counts[key] = (counts[key] || 0) + 1;
    }
    return counts;
}"""


def _colours(page: Any, png: bytes) -> dict[tuple[int, int, int], int]:
    """How many pixels of each colour the screenshot has (counted by the browser itself)."""
    data_url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    counts = page.evaluate(_COUNT_COLOURS, data_url)
    assert isinstance(counts, dict)
    result: dict[tuple[int, int, int], int] = {}
    for key, count in counts.items():
        r, g, b = (int(part) for part in str(key).split(","))
        result[(r, g, b)] = int(count)
    return result


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """Serve the built site on 127.0.0.1 (a free port) from a thread."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def browser_page(server: str) -> Iterator[Any]:
    """A Chromium page driven by playwright (skips when either is not installed)."""
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("playwright is not installed: pip install -e '.[browser]'")
    if CHROMIUM is None:
        pytest.skip(MISSING)
    # imported by name so that type checking does not need playwright installed
    sync_api = importlib.import_module("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            yield page
        finally:
            browser.close()


def _shoot(page: Any, url: str, name: str) -> bytes:
    response = page.goto(url, wait_until="load")
    assert response is not None
    assert response.ok, url
    png: bytes = page.screenshot(full_page=True)
    keep = os.environ.get("CARDRULES_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / name).write_bytes(png)
    return png


def _images(page: Any) -> list[dict[str, object]]:
    result = page.evaluate(
        """() => Array.from(document.images).map(img => ({
            src: img.getAttribute('src'), complete: img.complete,
            width: img.naturalWidth, height: img.naturalHeight}))"""
    )
    assert isinstance(result, list)
    return result


def test_rank_order_page_shows_its_four_pictures(server: str, browser_page: Any) -> None:
    """The rank-order page loads its four SVG charts (non-zero natural size) and the
    screenshot is a real page with the charts' green table painted, not one colour."""
    png = _shoot(browser_page, f"{server}/rank-orders.html", "rank-orders.png")
    charts = [img for img in _images(browser_page) if "rank-order-" in str(img["src"])]
    assert len(charts) == 4
    for img in charts:
        assert img["complete"], img
        assert isinstance(img["width"], int)
        assert isinstance(img["height"], int)
        assert img["width"] > 0, img
        assert img["height"] > 0, img
    colours = _colours(browser_page, png)
    assert len(colours) > 50, "the page is (nearly) a single colour"
    felt = sum(
        n for c, n in colours.items() if all(abs(a - b) <= 3 for a, b in zip(c, FELT, strict=True))
    )
    assert felt > 0.05 * sum(colours.values()), "the charts' green table is not painted"


def test_pictures_page_and_api_reference_are_not_blank(server: str, browser_page: Any) -> None:
    """The pictures guide shows its pictures; the API reference page has text on it."""
    png = _shoot(browser_page, f"{server}/pictures.html", "pictures.png")
    images = [img for img in _images(browser_page) if str(img["src"]).startswith("images/")]
    assert len(images) >= 2
    assert all(img["complete"] and img["width"] for img in images), images
    assert len(_colours(browser_page, png)) > 50
    png = _shoot(browser_page, f"{server}/reference/cards.html", "reference-cards.png")
    assert len(_colours(browser_page, png)) > 20

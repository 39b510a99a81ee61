"""The static play page (docs/play.md) in Chromium, served as a static host serves it.

The page is assembled by the docs build's own step (docs/hooks/mkdocs_play.py) into a
temporary folder, served by Python's ``http.server`` on the loopback, and opened in
Debian's Chromium with every request to any other address refused: the engine runs in
the page (Pyodide in a Web Worker), nothing comes from a CDN. A person plays a whole
deal of each game through the page, has a dimmed card explained, reloads in the middle
of a deal and finds it again, and saves the game as a record that replays in Python to
the position the page showed.
"""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules import games, records
from tests.chromium import require_browser
from tests.docs.hooks import load_hook

require_browser()

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file():
    pytest.skip(
        "the npm package pyodide is not installed: run `npm ci` (see docs/play.md)",
        allow_module_level=True,
    )

WAIT_MS = 120_000
"""Loading Python into a page takes seconds on a busy two-core machine: wait long."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The play page built by the docs step and served on the loopback: its base URL."""
    folder = tmp_path_factory.mktemp("site")
    load_hook("mkdocs_play").build_play_page(folder)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "/play/index.html", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.kill()
        server.wait()


class Player:
    """A person at the play page, in a browser context of his own with no network."""

    def __init__(self, browser: Any, base: str) -> None:
        self.base = base
        self.context = browser.new_context(
            viewport={"width": 1024, "height": 820}, bypass_csp=True, accept_downloads=True
        )
        self.context.add_init_script("localStorage.setItem('cardrules.speed', 'instant');")
        self.elsewhere: list[str] = []
        self.context.route("**/*", self._only_the_site)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _only_the_site(self, route: Any) -> None:
        url = str(route.request.url)
        if url.startswith((self.base + "/", "blob:", "data:")):
            route.continue_()
        else:
            self.elsewhere.append(url)
            route.abort()

    def create(self, game: str, preset: str, players: int) -> None:
        self.page.goto(self.base + "/play/index.html?new")
        self.page.wait_for_selector("#f-seat-0", timeout=WAIT_MS)
        self.page.select_option("#f-game", game)
        self.page.select_option("#f-preset", preset)
        self.page.select_option("#f-players", str(players))
        for seat in range(1, players):  # the page seats you against the library's bots
            assert self.page.locator(f"#f-seat-{seat}").input_value() == "bot"
        self.page.click("#f-create")
        self.settle()

    def settle(self) -> None:
        """Wait until the page offers the person a move, or the deal is over."""
        self.page.wait_for_function(
            """() => {
                const body = document.body.dataset;
                return body.state === "ready" && body.connection === "open"
                    && (body.yourTurn === "true" || body.dealOver === "true");
            }""",
            timeout=WAIT_MS,
        )

    def python_from(self) -> str:
        """How the page's Python started: ``boot``, or ``snapshot`` (the boot kept)."""
        self.page.wait_for_selector("body[data-python='ready']", timeout=WAIT_MS)
        return str(self.page.get_attribute("body", "data-python-from"))

    def wait_until_boot_kept(self) -> None:
        """Wait until the worker has kept Python's boot in the browser's storage."""
        self.page.wait_for_selector("body[data-python-kept]", timeout=WAIT_MS)
        assert self.page.get_attribute("body", "data-python-kept") == "true"

    def wait_until_files_kept(self) -> None:
        """Wait until the page's service worker keeps its files (play-offline.js)."""
        self.page.wait_for_selector("body[data-offline='ready']", timeout=WAIT_MS)

    def kept_boots(self) -> list[str]:
        """The addresses of the boots kept in the browser's Cache Storage."""
        return list(
            self.page.evaluate(
                """async () => {
                    const cache = await caches.open("cardrules-play-python");
                    return (await cache.keys()).map((request) => request.url);
                }"""
            )
        )

    def spoil_kept_boot(self, how: str) -> None:
        """Replace the kept boot by bytes of another shape, or by another build's boot."""
        self.page.evaluate(
            """async (how) => {
                const cache = await caches.open("cardrules-play-python");
                const [request] = await cache.keys();
                let bytes = new Uint8Array(4096);
                if (how === "another build") {
                    bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
                    for (let i = 16; i < 48; i++) bytes[i] ^= 0xff;  // its build id
                }
                await cache.put(request, new Response(bytes));
            }""",
            how,
        )

    @property
    def counter(self) -> int:
        return int(self.page.get_attribute("body", "data-counter") or -1)

    def deal_over(self) -> bool:
        return str(self.page.get_attribute("body", "data-deal-over")) == "true"

    def actions(self) -> list[str]:
        found = self.page.locator("[data-action]")
        return [str(found.nth(i).get_attribute("data-action")) for i in range(found.count())]

    def hand(self) -> list[str]:
        cards = self.page.locator("#hand .card")
        return [str(cards.nth(i).get_attribute("data-card")) for i in range(cards.count())]

    def do(self, action: str) -> None:
        before = self.counter
        self.page.locator(f'[data-action="{action}"]').first.click()
        self.page.wait_for_function(
            "(before) => Number(document.body.dataset.counter) > before",
            arg=before,
            timeout=WAIT_MS,
        )
        self.settle()

    def suggested(self) -> str:
        """Ask "Suggest a move": the move the page then highlights (the table's answer)."""
        self.page.click("#suggest")
        chosen = self.page.locator('[data-suggested="true"]')
        chosen.first.wait_for(timeout=WAIT_MS)
        assert self.page.locator("#suggestion").is_visible()
        return str(chosen.first.get_attribute("data-action"))

    def explain_a_dimmed_card(self) -> bool:
        """Tap a dimmed card, if one is shown: the page says why, with the rule's id."""
        dimmed = self.page.locator("#hand .card.dim[data-rule]")
        if not dimmed.count():
            return False
        card = dimmed.first
        reason = str(card.get_attribute("data-tip"))
        assert reason
        card.click(force=True)
        hint = self.page.locator("#hint")
        assert hint.is_visible()
        assert reason in hint.inner_text()
        rule = str(card.get_attribute("data-rule")).split()[0]
        link = hint.locator(f'a.rule:text-is("{rule}")')
        assert link.count() == 1
        assert "/rules/" in str(link.get_attribute("href"))  # the site's own rules pages
        return True

    def save(self, folder: Path, button: str = "#save-record") -> Path:
        with self.page.expect_download() as download:
            self.page.click(button)
        path = folder / "saved.json"
        download.value.save_as(path)
        return path

    def close(self) -> None:
        assert not self.errors, self.errors
        assert not self.elsewhere, f"the page asked for more than its site: {self.elsewhere}"
        self.context.close()


def _replayed(path: Path) -> Any:
    """The last position of a saved record, replayed by the library."""
    record = records.loads(path.read_bytes())
    *_, state = records.replay(record)
    return record, state


def test_spoil_five_deal_played_with_a_dimmed_card_explained(
    site: str, browser: Any, tmp_path: Path
) -> None:
    """A Spoil Five deal played to its end through the page (its first move the one the
    page suggests), robbing when offered; a dimmed card says why (its rule linked to the
    site's rules page); the result shows; over the deals a dimmed card is met and the
    saved game replays to the page's end."""
    player = Player(browser, site)
    player.create("spoil-five", "peel", 3)
    suggestion = player.suggested()  # the page's own table answers "suggest" too
    assert suggestion in player.actions()
    player.do(suggestion)
    explained = False
    for deal in range(1, 5):
        for _ in range(60):
            if player.deal_over():
                break
            explained = explained or player.explain_a_dimmed_card()
            offered = player.actions()
            assert offered, "the page whose turn it is offers something to do"
            robs = [action for action in offered if action.startswith("rob ")]
            player.do(robs[0] if robs else offered[0])
        assert player.deal_over()
        assert player.page.locator("#result").is_visible()
        assert player.page.locator("#result-lines li").count() >= 1
        if explained:
            break
        player.page.locator("#next-deal, #next-deal-bar").first.click()
        player.page.wait_for_selector(f"body[data-deal='{deal + 1}']", timeout=WAIT_MS)
        player.settle()
    assert explained, "no dimmed card in four deals"
    record, state = _replayed(player.save(tmp_path, "#save-game"))  # in the result dialog
    entry = games.lookup("spoil-five")
    assert record.game == "spoil-five"
    assert entry.module.is_deal_over(state)
    decisions = len(record.deals) - 1 + sum(len(deal.actions) for deal in record.deals)
    assert decisions == player.counter
    player.close()


def test_my_bird_sings_deal_resumed_after_a_reload_and_saved(
    site: str, browser: Any, tmp_path: Path
) -> None:
    """A My Bird Sings deal: two moves, a reload in the middle (the same position comes
    back from the browser's storage), a saved record that replays in Python to the hand
    the page shows, then the deal played to its end."""
    player = Player(browser, site)
    player.create("my-bird-sings", "peel", 4)
    for _ in range(2):
        if not player.deal_over():
            player.do(player.actions()[0])
    deal = 1
    while player.deal_over():  # a bird sang already: play on into the next deal
        assert deal < 10, "every deal ended at once"
        player.page.locator("#next-deal, #next-deal-bar").first.click()
        deal += 1
        player.page.wait_for_selector(f"body[data-deal='{deal}']", timeout=WAIT_MS)
        player.settle()
    counter, hand = player.counter, player.hand()
    assert player.python_from() == "boot"
    player.wait_until_boot_kept()
    player.page.reload()
    player.page.wait_for_selector("body[data-counter]", timeout=WAIT_MS)
    player.settle()
    assert (player.counter, player.hand()) == (counter, hand)
    assert player.python_from() == "snapshot"  # Python restored from the boot kept

    saved = player.save(tmp_path)
    record, state = _replayed(saved)
    if importlib.util.find_spec("click") is not None:  # the command line's extra
        shown = subprocess.run(
            [sys.executable, "-m", "cardrules", "replay", str(saved), "--plain"],
            capture_output=True, text=True, check=False, timeout=120,
        )  # fmt: skip
        assert shown.returncode == 0, shown.stderr
    module = games.lookup("my-bird-sings").module
    assert sorted(str(card) for card in module.view(state, 0).hand) == sorted(hand)
    decisions = len(record.deals) - 1 + sum(len(deal.actions) for deal in record.deals)
    assert decisions == counter

    for _ in range(200):
        if player.deal_over():
            break
        player.do(player.actions()[0])
    assert player.deal_over()
    assert player.page.locator("#result").is_visible()
    player.close()


def test_python_restored_from_its_kept_boot_deals_afresh_and_a_bad_one_is_dropped(
    site: str, browser: Any
) -> None:
    """Python's boot, kept after the first visit, starts the next ones; each table it
    starts deals its own cards (the memory restored is the same, the randomness is
    not); a kept boot of another build, or bytes of another shape, is dropped: Python
    boots as on a first visit and keeps a new boot."""
    player = Player(browser, site)
    player.create("spoil-five", "peel", 3)
    assert player.python_from() == "boot"
    player.wait_until_boot_kept()
    assert len(player.kept_boots()) == 1
    hands = []
    for _ in range(2):
        player.create("spoil-five", "peel", 3)
        assert player.python_from() == "snapshot"
        hands.append(player.hand())
    assert hands[0] != hands[1]
    for how in ("another build", "another shape"):
        player.spoil_kept_boot(how)
        player.create("my-bird-sings", "peel", 3)
        assert player.python_from() == "boot", how
        assert player.actions() or player.deal_over()
        player.wait_until_boot_kept()
        assert len(player.kept_boots()) == 1
    player.create("spoil-five", "peel", 3)
    assert player.python_from() == "snapshot"
    player.close()


def test_the_page_plays_with_no_network_once_visited(site: str, browser: Any) -> None:
    """After one visit the page opens with the browser offline: the game kept resumes
    (Python restored from its kept boot, every file from the page's service worker), a
    move is answered, and a new table can be set up and played."""
    player = Player(browser, site)
    player.create("spoil-five", "peel", 4)
    player.wait_until_boot_kept()
    player.wait_until_files_kept()
    counter, hand = player.counter, player.hand()
    player.context.set_offline(True)
    try:
        player.page.reload()
        player.page.wait_for_selector("body[data-counter]", timeout=WAIT_MS)
        player.settle()
        assert (player.counter, player.hand()) == (counter, hand)
        assert player.python_from() == "snapshot"
        player.do(player.actions()[0])
        assert player.counter > counter
        player.create("my-bird-sings", "peel", 3)
        assert player.actions() or player.deal_over()
    finally:
        player.context.set_offline(False)
    player.close()

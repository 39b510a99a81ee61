"""End to end: a real server (uvicorn on 127.0.0.1) and headless Chromium play whole games.

The browser clicks only what the page offers; the test checks that the page offers
exactly the server's legal actions, and that no response the browser ever received
(JSON, pages, card pictures) contained a card the human seat may not know, judged
against the server's full state at that moment (:mod:`tests.web.leaks`).

Needs Debian's ``chromium`` (``apt-get install -y chromium``) and the Python packages of
the ``web`` and ``browser`` extras; Playwright never downloads a browser here.
"""

from __future__ import annotations

import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import CHROMIUM, MISSING, launch

pytest.importorskip("starlette", reason="the web example needs its extra: pip install '.[web]'")
uvicorn = pytest.importorskip("uvicorn", reason="the server needs uvicorn: pip install '.[web]'")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser test needs playwright: pip install '.[browser]'"
)
if CHROMIUM is None:
    pytest.skip(MISSING, allow_module_level=True)

from starlette.applications import Starlette  # noqa: E402

from cardrules import records, spoil_five  # noqa: E402
from tests.web.leaks import Knowledge, card_tokens  # noqa: E402
from web.app import create_app  # noqa: E402
from web.session import SessionStore  # noqa: E402


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class _Server:
    """uvicorn serving a fresh application in a background thread."""

    def __init__(self) -> None:
        self.app: Starlette = create_app()
        self.store: SessionStore = self.app.state.store
        self.port = _free_port()
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="off",
            ws="none",
            http="h11",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> _Server:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


@pytest.fixture(scope="module")
def server() -> Iterator[_Server]:
    with _Server() as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = launch(playwright)
        yield launched
        launched.close()


class _Watcher:
    """Records every response the page receives with the server state at that moment."""

    def __init__(self, server: _Server, game: str) -> None:
        self.server = server
        self.knowledge = Knowledge(game, 0)
        self.game_id: str | None = None
        self.seen: list[tuple[Any, Any]] = []

    def state(self) -> Any:
        if self.game_id is None:
            return None
        session = self.server.store.get(self.game_id)
        return None if session is None else session.state

    def on_response(self, response: Any) -> None:
        # States are immutable, and the server changes the state only while answering
        # a click, which waits for the previous answer: this is the state it answered.
        self.seen.append((response, self.state()))

    def adopt(self) -> str:
        """Learn the id of the game the page just started (no request has changed it yet)."""
        created = [r for r, _ in self.seen if r.request.method == "POST" and r.status == 201]
        assert len(created) == 1
        self.game_id = str(created[0].json()["id"])
        self.seen = [(response, self.state()) for response, _ in self.seen]
        return self.game_id

    def check(self) -> int:
        """Check every response recorded so far; return how many card strings were seen."""
        knowledge = self.knowledge
        cards_seen = 0
        for response, state in self.seen:
            url: str = response.url
            if url.endswith("/record"):
                continue  # a deliberate download between deals (see examples/web/README.md)
            text = response.body().decode("utf-8", errors="replace")
            cards_seen += len(card_tokens(text))
            if state is None:
                assert card_tokens(text) == set(), url
                continue
            leaked = knowledge.leaked(text, state, game_id=self.game_id)
            name = url.rsplit("/", 1)[-1]
            if url.endswith(".svg") and name != "back.svg":
                leaked |= {name.removesuffix(".svg")} & knowledge.forbidden(state)
            assert not leaked, f"{url} sent hidden cards {sorted(leaked)}"
        self.seen.clear()
        return cards_seen


def _settle(page: Any, action: Any) -> None:
    """Run ``action`` (a click) and wait until the page has finished handling it."""
    before = int(page.get_attribute("body", "data-moves"))
    action()
    page.wait_for_function(f"document.body.dataset.moves === '{before + 1}'", timeout=20_000)
    # every card picture requested so far has arrived (so its response was recorded)
    page.wait_for_function("Array.from(document.images).every((img) => img.complete)")


def _play(
    server: _Server,
    browser: Any,
    tmp_path: Path,
    *,
    game: str,
    preset: str,
    players: int,
    deals: int,
    viewport: dict[str, int],
) -> dict[str, int]:
    # Playwright's wait_for_function evaluates strings, which the page's Content Security
    # Policy forbids; test_the_page_runs_under_its_content_security_policy covers the CSP.
    context = browser.new_context(viewport=viewport, accept_downloads=True, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    watcher = _Watcher(server, game)
    page.on("response", watcher.on_response)
    rng = random.Random(f"{game}-{preset}")
    counts = {"clicks": 0, "deals": 0, "cards": 0, "tricks": 0, "reasons": 0}
    try:
        page.goto(f"{server.url}/?fast=1&game={game}")
        page.wait_for_selector("body[data-state=ready]")
        page.select_option("#f-preset", preset)
        page.select_option("#f-players", str(players))
        page.fill("#f-seed", "2024")
        _settle(page, lambda: page.click("#f-start"))
        session = server.store.get(watcher.adopt())
        assert session is not None
        counts["cards"] += watcher.check()
        while True:
            if page.is_visible("#result"):
                counts["deals"] += 1
                assert session.deal_over
                assert page.inner_text("#result-text").strip()
                if counts["deals"] == 1:
                    with page.expect_download() as download:
                        page.click("#save-game")
                    saved = tmp_path / f"{game}.json"
                    download.value.save_as(saved)
                    records.loads(saved.read_text(encoding="utf-8"))
                if session.game_over or counts["deals"] >= deals:
                    break
                _settle(page, lambda: page.click("#next-deal"))
                counts["cards"] += watcher.check()
                continue
            if page.is_visible("#next-trick"):  # a completed trick waits for the player
                assert page.locator("#trick .played.win").count() == 1
                _settle(page, lambda: page.click("#next-trick"))
                counts["tricks"] += 1
                counts["cards"] += watcher.check()
                continue
            offered = page.locator("[data-action]")
            actions = [offered.nth(i).get_attribute("data-action") for i in range(offered.count())]
            assert sorted(a for a in actions if a) == sorted(session.legal_texts())
            dimmed = page.locator("#hand .card.dim")
            for i in range(dimmed.count()):  # every card that cannot be used says why
                card = dimmed.nth(i)
                assert card.get_attribute("aria-disabled") == "true"
                assert card.get_attribute("data-rule")
                assert (card.get_attribute("title") or "").endswith(")")
                counts["reasons"] += 1
            choice = offered.nth(rng.randrange(len(actions)))
            _settle(page, choice.click)
            counts["clicks"] += 1
            counts["cards"] += watcher.check()
            assert counts["clicks"] < 1_000, "the game did not end"
        page.screenshot(path=str(tmp_path / f"{game}.png"))
    finally:
        context.close()
    assert errors == [], errors
    return counts


def test_a_complete_game_of_twenty_five_on_a_phone(
    server: _Server, browser: Any, tmp_path: Path
) -> None:
    """Spoil Five's points game (Twenty-Five) ends: play it to the end on a phone screen."""
    counts = _play(
        server,
        browser,
        tmp_path,
        game="spoil-five",
        preset="twenty-five",
        players=3,
        deals=50,
        viewport={"width": 390, "height": 844},
    )
    assert counts["deals"] >= 2
    assert counts["cards"] > 20


def test_two_deals_of_my_bird_sings_on_a_desktop(
    server: _Server, browser: Any, tmp_path: Path
) -> None:
    """My Bird Sings is played for a pool each deal: play two whole deals."""
    counts = _play(
        server,
        browser,
        tmp_path,
        game="my-bird-sings",
        preset="peel",
        players=4,
        deals=2,
        viewport={"width": 1280, "height": 800},
    )
    assert counts["deals"] == 2
    assert counts["cards"] > 8


def test_two_deals_of_spoil_five_for_the_pool(
    server: _Server, browser: Any, tmp_path: Path
) -> None:
    """Peel's Spoil Five with five players, two deals, clicking only legal cards."""
    counts = _play(
        server,
        browser,
        tmp_path,
        game="spoil-five",
        preset="peel",
        players=5,
        deals=2,
        viewport={"width": 1024, "height": 768},
    )
    assert counts["deals"] == 2
    assert counts["tricks"] > 0  # completed tricks waited for a "next" click
    assert counts["reasons"] > 0  # and cards that could not be played said why


def test_the_page_runs_under_its_content_security_policy(server: _Server, browser: Any) -> None:
    """With its strict CSP in force, the page starts a game and plays a card without errors."""
    context = browser.new_context(viewport={"width": 800, "height": 700})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    try:
        response = page.goto(f"{server.url}/?fast=1&game=spoil-five")
        assert response is not None
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_selector("body[data-moves='0']")
        page.fill("#f-seed", "5")
        page.click("#f-start")
        page.wait_for_selector("body[data-moves='1']")
        page.locator("#hand .card.legal").first.click()
        page.wait_for_selector("body[data-moves='2']")
        assert page.locator("#log li").count() >= 2
        hand = page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
        page.reload()  # the page picks the game up again from the server
        page.wait_for_selector("body[data-moves='0']")
        assert page.is_hidden("#start")
        again = page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
        assert again == hand
    finally:
        context.close()
    assert problems == [], problems


# -- the page explains itself and stays in step with the server ---------------------------


def _page(browser: Any, width: int = 1024, height: int = 768) -> tuple[Any, Any, list[str]]:
    """A fresh browser context and page (CSP bypassed for wait_for_function), and its errors."""
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def _start(page: Any, server: _Server, game: str, *, players: int, seed: int) -> str:
    """Start a game from the form; return its id (read from the page's address)."""
    page.goto(f"{server.url}/?fast=1&game={game}")
    page.wait_for_selector("body[data-state=ready]")
    page.select_option("#f-players", str(players))
    page.fill("#f-seed", str(seed))
    _settle(page, lambda: page.click("#f-start"))
    match = re.search(r"[?&]id=([^&]+)", page.url)
    assert match, page.url
    return match.group(1)


def _hand(page: Any) -> list[str]:
    cards: list[str] = page.locator("#hand .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    return cards


def _log(page: Any) -> list[str]:
    return [line.strip() for line in page.locator("#log li").all_inner_texts()]


def _click_first_legal(page: Any) -> str:
    card = page.locator("#hand .card.legal").first
    name = str(card.get_attribute("data-card"))
    _settle(page, card.click)
    return name


def test_dimmed_cards_say_why_on_hover_and_tap_and_tricks_wait_with_their_winner(
    server: _Server, browser: Any
) -> None:
    """Seed 3, three players: the human leads, a bot wins trick 1 and leads again. The
    completed trick stays on the table with its winner until "Next"; the log says who won
    it and why; then a card the human may not play says why on hover (title) and on tap."""
    context, page, errors = _page(browser)
    try:
        game_id = _start(page, server, "spoil-five", players=3, seed=3)
        played = _click_first_legal(page)
        assert page.is_visible("#next-trick")
        trick = page.locator("#trick .played")
        assert trick.count() == 3
        assert played in trick.evaluate_all("plays => plays.map(p => p.dataset.card)")
        assert page.locator("#trick .played.win").count() == 1
        session = server.store.get(game_id)
        assert session is not None
        (explained,) = spoil_five.explain_tricks(spoil_five.view(session.state, 0))
        assert explained.reason in page.inner_text("#trick-caption")  # the engine's words
        assert "trick 1" in page.inner_text("#status")
        lines = [line for line in _log(page) if line.startswith("Trick 1 goes to ")]
        assert len(lines) == 1
        assert "SF-17" in lines[0]
        assert lines[0].endswith(")")
        assert not page.locator("#hand .card.legal").count()  # nothing to click meanwhile
        _settle(page, lambda: page.click("#next-trick"))
        assert page.is_hidden("#next-trick")
        dimmed = page.locator("#hand .card.dim")
        assert dimmed.count() >= 1
        card = dimmed.first
        title = str(card.get_attribute("title"))
        rule = str(card.get_attribute("data-rule"))
        assert title.endswith(f"({rule})")
        assert title.count(rule) == 1
        assert page.is_hidden("#hint")
        card.click(force=True)  # a tap (aria-disabled: playwright would wait for "enabled")
        assert page.is_visible("#hint")
        hint = page.inner_text("#hint")
        assert str(card.get_attribute("data-card")) in hint
        assert rule in hint
        assert title.removesuffix(f" ({rule})").lower() in hint.lower()
    finally:
        context.close()
    assert errors == [], errors


def test_a_trick_completed_by_the_players_own_card_stays_on_the_table(
    server: _Server, browser: Any
) -> None:
    """Seed 3, two players: the bot wins trick 1 and leads trick 2; the human's card
    completes trick 2, which then stays on the table, won and explained, until "Next"."""
    context, page, errors = _page(browser)
    try:
        _start(page, server, "spoil-five", players=2, seed=3)
        _click_first_legal(page)
        _settle(page, lambda: page.click("#next-trick"))
        played = _click_first_legal(page)  # the second card of trick 2: it completes it
        cards = page.locator("#trick .played").evaluate_all(
            "plays => plays.map(p => p.dataset.card)"
        )
        assert len(cards) == 2
        assert cards[-1] == played
        assert page.locator("#trick .played.win").count() == 1
        assert page.is_visible("#next-trick")
        assert any(line.startswith("Trick 2 goes to ") for line in _log(page))
        _settle(page, lambda: page.click("#next-trick"))
        assert page.locator("#trick .played").count() == 1  # the bot's lead to trick 3
    finally:
        context.close()
    assert errors == [], errors


def test_a_stale_tab_resyncs_instead_of_misreporting(server: _Server, browser: Any) -> None:
    """Two tabs on one game: one plays; a click in the other is refused as stale (409),
    and that tab reloads the position and says so, showing the cards actually held."""
    context, page, errors = _page(browser)
    try:
        game_id = _start(page, server, "spoil-five", players=3, seed=5)
        other = context.new_page()
        other.on("pageerror", lambda exc: errors.append(str(exc)))
        other.goto(f"{server.url}/?fast=1&id={game_id}")
        other.wait_for_selector("body[data-state=ready]")
        assert _hand(other) == _hand(page)
        stale = _click_first_legal(page)
        if page.is_visible("#next-trick"):
            _settle(page, lambda: page.click("#next-trick"))
        session = server.store.get(game_id)
        assert session is not None
        assert stale in _hand(other)  # the stale tab still shows the card played elsewhere
        _settle(other, lambda: other.locator(f'#hand .card[data-card="{stale}"]').click())
        toast = other.inner_text("#toast")
        assert "moved on" in toast
        assert "do not hold" not in toast
        assert sorted(_hand(other)) == sorted(str(c) for c in session.state.hands[0])
        assert stale not in _hand(other)
        assert any("moved on" in line for line in _log(other))
        assert session.legal_texts() == [] or other.locator("#hand .card.legal").count() > 0
    finally:
        context.close()
    assert errors == [], errors


def test_the_result_shows_the_singing_cards_and_can_be_dismissed(
    server: _Server, browser: Any
) -> None:
    """Seed 6, three players of My Bird Sings: a bird sings after the human's first pass.
    The result names the singer, shows the four singing cards and the settlement; it closes
    with Escape or its close button, and the table offers it again and the next deal."""
    context, page, errors = _page(browser)
    try:
        game_id = _start(page, server, "my-bird-sings", players=3, seed=6)
        _click_first_legal(page)
        assert page.is_visible("#result")
        session = server.store.get(game_id)
        assert session is not None
        outcome = session.state.outcome
        assert outcome is not None
        shown = page.locator("#result-cards img").evaluate_all("imgs => imgs.map(i => i.alt)")
        assert shown == [str(card) for card in outcome.shown]
        assert "singing cards" in page.inner_text("#result-cards-caption")
        lines = page.locator("#result-lines li").all_inner_texts()
        assert any("(MBS-12)" in line for line in lines)
        assert "sings" in page.inner_text("#result-text")
        page.keyboard.press("Escape")
        assert page.is_hidden("#result")
        assert page.locator("#trick .played").count() == len(outcome.shown)  # the table shows
        page.click("#show-result")
        assert page.is_visible("#result")
        page.click("#result-close")
        assert page.is_hidden("#result")
        _settle(page, lambda: page.click("#next-deal-bar"))
        assert page.is_hidden("#result")
        assert any(line.startswith("Deal 2 — You deal") for line in _log(page))
    finally:
        context.close()
    assert errors == [], errors


def test_the_game_id_is_in_the_address_and_an_unknown_one_is_explained(
    server: _Server, browser: Any
) -> None:
    """The address names the game: a new tab on it shows the same game; a wrong id shows
    a clear message and a button that opens the new-game form."""
    context, page, errors = _page(browser)
    try:
        game_id = _start(page, server, "my-bird-sings", players=4, seed=9)
        assert f"id={game_id}" in page.url
        hand = _hand(page)
        again = context.new_page()
        again.goto(page.url)
        again.wait_for_selector("body[data-state=ready]")
        assert again.is_hidden("#start")
        assert _hand(again) == hand
        again.goto(f"{server.url}/?fast=1&id=no-such-game")
        again.wait_for_selector("body[data-state=ready]")
        assert again.is_visible("#missing")
        assert "no-such-game" in again.inner_text("#missing")
        again.click("#missing-new")
        assert again.is_visible("#start")
        assert again.is_hidden("#missing")
    finally:
        context.close()
    assert errors == [], errors


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_the_page_fits_a_phone(server: _Server, browser: Any, game: str) -> None:
    """At 390 px wide the title stays, nothing scrolls sideways and every card of the hand
    (five in My Bird Sings after a pass) is on screen, wrapping if need be."""
    context, page, errors = _page(browser, width=390, height=844)
    try:
        _start(page, server, game, players=5, seed=1)
        if game == "my-bird-sings" and page.is_hidden("#result"):
            _click_first_legal(page)
            while page.is_visible("#next-trick"):
                _settle(page, lambda: page.click("#next-trick"))
        page.keyboard.press("Escape")
        assert page.is_visible("#game-title")
        assert page.inner_text("#game-title").strip()
        assert page.is_visible(".brand")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        boxes = [card.bounding_box() for card in page.locator("#hand .card").all()]
        assert len(boxes) >= 4
        for box in boxes:
            assert box is not None
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= 390
    finally:
        context.close()
    assert errors == [], errors

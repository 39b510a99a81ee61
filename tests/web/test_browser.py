"""People at one table: ``cardrules serve`` as a process, several Chromium contexts.

The server is started the way a user starts it (``python -m cardrules serve --port ...
--database FILE``) and killed and started again on the same database in the middle of a
deal. Each person is a browser context of its own, which opens the invite link of his
seat; a spectator opens the spectator link. The test clicks only what the page offers and
reads only what the page shows; it asks the server's public summary (``GET
/api/tables/<table>``) only to know when every page has caught up with the table.

Needs Debian's ``chromium`` (``apt-get install -y chromium``) and the Python packages of
the ``web`` and ``browser`` extras; Playwright never downloads a browser here.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import require_browser
from tests.web.process import ServerProcess

pytest.importorskip("starlette", reason="the server needs its extra: pip install '.[web]'")
pytest.importorskip("uvicorn", reason="the server needs uvicorn: pip install '.[web]'")
require_browser()

ROOT = Path(__file__).resolve().parents[2]

CAPS = (
    # Every context of the test shares one client address: lift the per-address caps a
    # server puts on strangers, so the test is never slowed down as an abuser would be.
    "--frames-per-second", "1000",
    "--creations-per-minute", "1000",
    "--tables-per-client", "1000",
)  # fmt: skip

WAIT_MS = 20_000
"""The longest a page may take to show a change (a generous bound, not a timing test)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module's tests (each test has tables of its own)."""
    running = ServerProcess(tmp_path_factory.mktemp("serve") / "tables.db", *CAPS)
    running.start()
    Person.server_url = running.base
    try:
        yield running
    finally:
        running.stop()


_NOT_THIS_DEAL = "#order"
"""What :meth:`Person.cards_shown` does not read, besides the log of earlier deals."""


class Person:
    """One browser context at the table: a person at his seat, or a spectator."""

    server_url = ""
    """The server's address, for links the API gives relative to it."""

    def __init__(self, browser: Any, *, language: str = "en", width: int = 1024) -> None:
        # Playwright's wait_for_function evaluates strings, which the page's Content
        # Security Policy forbids; test_the_page_runs_under_its_content_security_policy
        # covers the policy itself.
        self.context = browser.new_context(
            viewport={"width": width, "height": 820}, bypass_csp=True, locale=language
        )
        # the moves shown at once: the test waits for positions, not for the eye. The
        # script runs again on every load: the language is only a first choice, so that a
        # choice made on the page outlives a reload, as it does for a person.
        self.context.add_init_script(
            f"if (!localStorage.getItem('cardrules.language')) "
            f"localStorage.setItem('cardrules.language', '{language}');"
            "localStorage.setItem('cardrules.speed', 'instant');"
        )
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def open(self, link: str) -> Person:
        self.page.goto(link if "://" in link else self.server_url + link)
        self.page.wait_for_selector("body[data-counter]", timeout=WAIT_MS)
        return self

    def close(self) -> None:
        self.context.close()

    @property
    def counter(self) -> int:
        return int(self.page.get_attribute("body", "data-counter") or -1)

    def caught_up(self, counter: int) -> bool:
        body = self.page.locator("body")
        return (
            self.counter == counter
            and body.get_attribute("data-state") == "ready"
            and body.get_attribute("data-connection") == "open"
        )

    def flag(self, name: str) -> bool:
        """A yes/no the page writes on its body (``data-your-turn``, ``data-deal-over``)."""
        return str(self.page.get_attribute("body", f"data-{name}")) == "true"

    def my_turn(self) -> bool:
        return self.flag("your-turn")

    def deal_over(self) -> bool:
        return self.flag("deal-over")

    def actions(self) -> list[str]:
        found = self.page.locator("[data-action]")
        return [str(found.nth(i).get_attribute("data-action")) for i in range(found.count())]

    def hand(self) -> list[str]:
        cards = self.page.locator("#hand .card")
        return [str(cards.nth(i).get_attribute("data-card")) for i in range(cards.count())]

    def log(self) -> list[str]:
        return [text.strip() for text in self.page.locator("#log li").all_inner_texts()]

    def tricks(self) -> int:
        return int(self.page.get_attribute("#my-seat", "data-tricks") or 0)

    def do(self, action: str) -> None:
        before = self.counter
        self.page.locator(f'[data-action="{action}"]').first.click()
        self.page.wait_for_function(
            "(before) => Number(document.body.dataset.counter) > before",
            arg=before,
            timeout=WAIT_MS,
        )

    def cards_shown(self) -> set[str]:
        """Every card the page shows of this deal: in pictures, and named in its text
        (``10♣``). Not read: the card order chart (``#order``: every card of the pack in
        its order for the trump, the same for every reader, which tells of no hand) and
        the log of earlier deals (the game's log is kept; a card played then may lie in
        anybody's hand now)."""
        sources: list[str] = self.page.evaluate(
            "() => Array.from(document.images).map((img) => img.getAttribute('src'))"
        )
        shown = {src.rsplit("/", 1)[-1].removesuffix(".svg") for src in sources}
        faces = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
        text = "\n".join(self.texts(outside=_NOT_THIS_DEAL))
        for rank, suit in re.findall(r"(10|[2-9AJQK])([♠♥♦♣])", text):
            shown.add(rank + faces[suit])
        return shown

    def texts_naming(self, cards: set[str]) -> list[str]:
        """The strings of :meth:`cards_shown` that name one of ``cards`` (for a failure)."""
        faces = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
        named = [card[:-1] + faces[card[-1]] for card in cards]
        return [
            text
            for text in self.texts(outside=_NOT_THIS_DEAL)
            if any(re.search(rf"(?<![0-9]){re.escape(face)}", text) for face in named)
        ]

    def order_chart(self) -> list[list[str]]:
        """The card order chart's rows, each the cards it shows (notation), best first."""
        rows: list[list[str]] = self.page.evaluate(
            """() => Array.from(document.querySelectorAll("#order .order-row")).map((row) =>
                Array.from(row.querySelectorAll(".mini")).map((chip) => chip.textContent))"""
        )
        faces = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
        return [[face[:-1] + faces.get(face[-1], face[-1]) for face in row] for row in rows]

    def texts(self, outside: str | None = None) -> list[str]:
        """Every string the page shows a person: the text, and what assistive technology
        and tooltips read out (labels, descriptions, alternative texts, titles); with
        ``outside``, none of the elements that CSS selector finds (and their children),
        nor the log entries before this deal's first one."""
        found: list[str] = self.page.evaluate(
            """(outside) => {
                // with ``outside``, the log entries before this deal's first one too
                const entries = Array.from(document.querySelectorAll("#log li"));
                const starts = entries.filter((li) => li.classList.contains("deal"));
                const start = starts.length ? entries.indexOf(starts[starts.length - 1]) : 0;
                const earlier = new Set(entries.slice(0, start));
                const skip = (node) =>
                    outside !== null &&
                    (node.closest(outside) !== null || earlier.has(node.closest("#log li")));
                const out = [];
                if (outside === null) {
                    out.push(document.body.innerText);
                } else {  // the rendered text of every visible text node outside it
                    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                        const parent = node.parentElement;
                        if (!parent || skip(parent) || !parent.checkVisibility()) continue;
                        if (parent.closest("script, style")) continue;
                        out.push(node.textContent);
                    }
                }
                const names = ["aria-label", "aria-description", "title", "alt", "data-tip",
                               "placeholder"];
                for (const node of document.querySelectorAll("*")) {
                    if (skip(node)) continue;
                    for (const name of names) {
                        const value = node.getAttribute(name);
                        if (value) out.push(value);
                    }
                }
                return out;
            }""",
            outside,
        )
        return found


def _settle(server: ServerProcess, table: str, people: list[Person]) -> dict[str, Any]:
    """Wait until the table stands still and every page shows where it stands."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        summary: dict[str, Any] = server.get(f"/api/tables/{table}")
        counter = summary["counter"]
        if all(person.caught_up(counter) for person in people):
            time.sleep(0.05)
            again: dict[str, Any] = server.get(f"/api/tables/{table}")
            if again["counter"] == counter:
                return again
        if time.monotonic() > deadline:
            shown = [person.counter for person in people]
            raise AssertionError(f"pages at {shown}, table at {counter}")
        time.sleep(0.05)


def _create_in_lobby(
    person: Person, server: ServerProcess, *, game: str, preset: str, players: int,
    people: dict[int, str], seed: int | None = None,
) -> dict[str, str]:  # fmt: skip
    """Create a table through the lobby form; the links it shows, by seat and 'spectator'."""
    page = person.page
    page.goto(f"{server.base}/")
    page.wait_for_selector("#f-seat-0")
    page.select_option("#f-game", game)
    page.select_option("#f-preset", preset)
    page.select_option("#f-players", str(players))
    for seat in range(players):
        page.select_option(f"#f-seat-{seat}", "person" if seat in people else "bot")
        if seat in people:
            page.fill(f"#f-name-{seat}", people[seat])
    page.fill("#f-name", "Friday cards")
    if seed is not None:
        page.fill("#f-seed", str(seed))
    page.click("#f-create")
    page.wait_for_selector("#invites:not([hidden])")
    links: dict[str, str] = {}
    for seat in range(players):
        row = page.locator(f'#invite-list [data-invite="seat-{seat}"] input')
        if row.count():
            links[str(seat)] = str(row.input_value())
    links["spectator"] = str(
        page.locator('#invite-list [data-invite="spectator"] input').input_value()
    )
    links["creator"] = str(page.get_attribute("#sit-down", "href"))
    return links


def _table_of(link: str) -> str:
    match = re.search(r"/t/([A-Za-z0-9_-]+)", link)
    assert match, link
    return match.group(1)


def _play_deal(
    server: ServerProcess, table: str, seated: dict[int, Person], watchers: list[Person],
    choose: Callable[[Person, list[str]], str], *, between: Callable[[int], None] | None = None,
) -> int:  # fmt: skip
    """Play the current deal to its end through the pages; return the clicks made.

    ``choose`` picks one of the actions a page offers; ``between`` runs before each click
    with the number of clicks so far (a reload, a restart...).
    """
    everyone = [*seated.values(), *watchers]
    clicks = 0
    while True:
        _settle(server, table, everyone)
        if all(person.deal_over() for person in everyone):
            return clicks
        movers = [person for person in seated.values() if person.my_turn()]
        assert len(movers) == 1, "exactly one page offers a move while the deal goes on"
        mover = movers[0]
        offered = mover.actions()
        assert offered, "the page whose turn it is offers something to do"
        if between is not None:
            between(clicks)
            _settle(server, table, everyone)
            offered = mover.actions()
        mover.do(choose(mover, offered))
        clicks += 1
        assert clicks < 400, "the deal did not end"


def _next_deal(server: ServerProcess, table: str, person: Person, everyone: list[Person]) -> None:
    """Ask for the next deal on ``person``'s page; every page shows the new deal."""
    deal = int(person.page.get_attribute("body", "data-deal") or 0)
    person.page.locator("#next-deal, #next-deal-bar").first.click()
    for other in everyone:
        other.page.wait_for_selector(f"body[data-deal='{deal + 1}']", timeout=WAIT_MS)
    _settle(server, table, everyone)


# -- the tests ------------------------------------------------------------------------------


def test_spoil_five_with_two_people_bots_a_spectator_a_reload_and_a_restart(
    server: ServerProcess, browser: Any
) -> None:
    """Two people and two bots play Spoil Five deals to their end, watched by a spectator.

    Over the deals (as many as it takes, each to its end): a person robs, a dimmed card
    says why it cannot be played (hover and tap, with its rule as a link), each person
    wins a trick. In the first deal one page is reloaded and the server is killed and
    started again on its database; every page resumes where the table stands.
    """
    ann, bob, watcher = Person(browser), Person(browser, width=390), Person(browser)
    rng = random.Random(11)
    seen = {"rob": 0, "explained": 0, "reload": 0, "restart": 0}
    tricks = {0: 0, 1: 0}
    try:
        links = _create_in_lobby(
            ann, server, game="spoil-five", preset="peel", players=4,
            people={0: "Ann", 1: "Bob"}, seed=7,  # Ann holds the ace of trumps in the first deal
        )  # fmt: skip
        assert set(links) == {"0", "1", "spectator", "creator"}
        assert "key=" not in links["spectator"]
        assert "#" not in links["spectator"]
        table = _table_of(links["creator"])
        ann.open(links["creator"])
        bob.open(links["1"])
        watcher.open(links["spectator"])
        seated = {0: ann, 1: bob}
        everyone = [ann, bob, watcher]

        def choose(person: Person, offered: list[str]) -> str:
            other = bob if person is ann else ann
            seen_here = person.cards_shown()
            turn_up = person.page.locator('[data-pile="turn-up"] img').first.get_attribute("src")
            hidden = set(other.hand()) - {str(turn_up).rsplit("/", 1)[-1].removesuffix(".svg")}
            assert not seen_here & hidden, "a page shows no card of another person's hand: " + repr(
                [text[:200] for text in person.texts_naming(seen_here & hidden)]
            )
            # a card to play is clicked on the card; so is a discard to rob, unless the
            # card also has a play (then robbing is a button)
            verbs = {"play"} if any(a.startswith("play ") for a in offered) else {"rob"}
            for action in offered:
                if action.split()[0] in verbs:
                    assert person.page.locator(f'#hand [data-action="{action}"]').count() == 1
            robs = [action for action in offered if action.startswith("rob ")]
            if robs:
                seen["rob"] += 1
                return robs[0]
            dimmed = person.page.locator("#hand .card.dim[data-rule]")
            if dimmed.count() and seen["explained"] < 2:
                card = dimmed.first
                reason = str(card.get_attribute("data-tip"))
                assert reason
                assert str(card.get_attribute("aria-label")).endswith(reason)
                card.hover()  # the fast tooltip shows the reason at once
                person.page.wait_for_selector("#tip:not([hidden])", timeout=2000)
                assert person.page.inner_text("#tip") == reason
                card.click(force=True)  # a tap says it too (aria-disabled is no obstacle)
                hint = person.page.locator("#hint")
                assert hint.is_visible()
                assert reason in hint.inner_text()
                rule = str(card.get_attribute("data-rule")).split()[0]
                assert hint.locator(f'a.rule:text-is("{rule}")').count() == 1
                seen["explained"] += 1
            return rng.choice(offered)

        def interrupt(clicks: int) -> None:
            # Mid-deal, once: Bob reloads his page; then the server dies and comes back.
            if clicks == 3 and not seen["reload"]:
                log, hand = bob.log(), bob.hand()
                bob.page.reload()
                bob.page.wait_for_selector("body[data-counter]", timeout=WAIT_MS)
                _settle(server, table, everyone)
                assert bob.hand() == hand
                assert bob.log()[: len(log)] == log, "the log outlives a reload"
                seen["reload"] += 1
            if clicks == 5 and not seen["restart"]:
                counter = server.get(f"/api/tables/{table}")["counter"]
                hands = {seat: person.hand() for seat, person in seated.items()}
                server.kill()
                for person in everyone:
                    person.page.wait_for_selector(
                        "body:not([data-connection=open])", timeout=WAIT_MS
                    )
                server.start()
                assert server.get(f"/api/tables/{table}")["counter"] == counter
                _settle(server, table, everyone)
                assert {seat: person.hand() for seat, person in seated.items()} == hands
                seen["restart"] += 1

        for deal in range(40):
            _play_deal(server, table, seated, [watcher], choose, between=interrupt)
            for seat, person in seated.items():
                tricks[seat] += person.tricks()
                assert person.page.locator("#result").is_visible()
                assert person.page.locator("#result-lines li").count() >= 1
            assert watcher.page.locator("#hand .card").count() == 0
            if seen["rob"] and seen["explained"] and all(tricks.values()):
                break
            _next_deal(server, table, ann if deal % 2 else bob, everyone)
        assert seen["rob"] >= 1, "a person robbed"
        assert seen["explained"] >= 1
        assert seen["reload"] == 1
        assert seen["restart"] == 1
        assert all(tricks.values()), tricks
        for person in (ann, bob):
            assert person.page.locator("#log li.won").count() >= 1
    finally:
        for person in (ann, bob, watcher):
            person.close()
    assert ann.errors == bob.errors == watcher.errors == []


def test_the_spectator_sees_no_hand_and_no_hidden_card(server: ServerProcess, browser: Any) -> None:
    """A spectator's page holds no hand, and no card that lies in a person's hand."""
    created = server.post(
        "/api/tables",
        {
            "game": "spoil-five",
            "preset": "peel",
            "players": 3,
            "bots": [2],
            "names": ["Ann", "Bob", ""],
        },
    )
    ann = Person(browser).open(created["creator_link"])
    bob = Person(browser).open(created["seats"][1]["link"])
    watcher = Person(browser).open(created["spectator_link"])
    try:
        everyone = [ann, bob, watcher]
        _settle(server, created["table"], everyone)
        held = set(ann.hand()) | set(bob.hand())
        assert len(held) == 10
        assert watcher.page.locator("#hand .card").count() == 0
        assert watcher.page.locator("#me.spectator").count() == 1
        order = ann.page.locator("#order")  # the card order is at hand beside the turn-up
        assert order.is_visible()
        assert order.locator("li").count() >= 1
        for person in everyone:  # the same chart for all: the whole pack, trumps first
            chart = person.order_chart()
            assert len(chart) == 4
            assert len({card for row in chart for card in row}) == 52
            assert {card[-1] for card in chart[0]} <= {"H", chart[0][-1][-1]}
        assert not (watcher.cards_shown() & held), "a spectator sees no card of a hand"
        assert not watcher.actions(), "a spectator is offered nothing to do"
        bob.page.click("#leave-seat")  # Bob gets up: his seat shows empty, then he is back
        ann.page.wait_for_selector('.seat[data-seat="1"] [data-presence=empty]', timeout=WAIT_MS)
        ann.page.click('[data-hand-to-bot="1"]')  # the creator lets a bot keep it warm
        ann.page.wait_for_selector('.seat[data-seat="1"] [data-presence=bot]', timeout=WAIT_MS)
        bob.page.click("#take-seat")
        ann.page.wait_for_selector('.seat[data-seat="1"] [data-presence=online]', timeout=WAIT_MS)
        ann.page.click("#new-table")  # leaving for the lobby asks first, and can be cancelled
        assert ann.page.locator("#confirm-leave").is_visible()
        ann.page.click("#confirm-cancel")
        assert ann.page.locator("#confirm-leave").is_hidden()
        assert ann.page.url.startswith(f"{server.base}/t/")
    finally:
        for person in (ann, bob, watcher):
            person.close()


def test_my_bird_sings_deal_with_two_people(server: ServerProcess, browser: Any) -> None:
    """A whole deal of My Bird Sings: passes in the log, the card just received marked."""
    created = server.post(
        "/api/tables",
        {"game": "my-bird-sings", "preset": "peel", "players": 4, "bots": [2, 3],
         "names": ["Ann", "Bob", "", ""]},
    )  # fmt: skip
    ann = Person(browser).open(created["creator_link"])
    bob = Person(browser, width=390).open(created["seats"][1]["link"])
    rng = random.Random(5)
    marked: list[str] = []
    said: list[str] = []

    def choose(person: Person, offered: list[str]) -> str:
        received = person.page.locator("#hand .card.received")
        if received.count():
            marked.append(str(received.first.get_attribute("data-card")))
            assert "(" in str(received.first.get_attribute("aria-label"))
        said.extend(person.page.locator(".seat .said").all_inner_texts())  # passes shown
        sings = [action for action in offered if action.startswith("sing")]
        return sings[0] if sings else rng.choice(offered)

    try:
        for _ in range(6):  # a deal can end at once, when a bird sings on the deal
            _play_deal(server, created["table"], {0: ann, 1: bob}, [], choose)
            if marked:
                break
            _next_deal(server, created["table"], ann, [ann, bob])
        assert marked, "a card passed to a person is marked as just received"
        assert said, "the others' moves are shown at their places"
        assert ann.page.locator("#result").is_visible()
        assert any(line for line in ann.log())
        for card in ann.page.locator("#hand .card").all():  # the deal is over: names only
            label = str(card.get_attribute("aria-label"))
            assert ":" not in label, label
        ann.page.click("#rematch")  # a new game at the same table, for both
        for person in (ann, bob):
            person.page.wait_for_selector("body[data-game='2']", timeout=WAIT_MS)
    finally:
        ann.close()
        bob.close()
    assert ann.errors == bob.errors == []


def test_the_language_switch_reaches_the_page_and_the_table(
    server: ServerProcess, browser: Any
) -> None:
    """Choosing French redraws the page's words and asks the table for French texts."""
    created = server.post("/api/tables", {"game": "spoil-five", "players": 3, "bots": [1, 2]})
    ann = Person(browser).open(created["creator_link"])
    try:
        assert ann.page.get_attribute("body", "data-payload-language") == "en"
        ann.page.select_option("#language", "fr")
        ann.page.wait_for_selector("body[data-payload-language=fr]", timeout=WAIT_MS)
        assert ann.page.evaluate("() => document.documentElement.lang") == "fr"
        assert ann.page.inner_text("#log-box summary") == "Ce qui s'est passé"
        ann.page.reload()  # the choice is remembered
        ann.page.wait_for_selector("body[data-payload-language=fr]", timeout=WAIT_MS)
    finally:
        ann.close()
    assert ann.errors == []


def _ann_and_a_bot(server: ServerProcess, browser: Any) -> tuple[str, Person]:
    """A Spoil Five table of Ann and a bot (seed 4), and Ann's page open at it."""
    created = server.post(
        "/api/tables",
        {"game": "spoil-five", "preset": "peel", "players": 2, "bots": [1], "names": ["Ann"],
         "seed": 4},
    )  # fmt: skip
    return created["table"], Person(browser).open(created["creator_link"])


def test_a_forced_card_is_played_for_you_if_you_ask(server: ServerProcess, browser: Any) -> None:
    """With "play a forced card for me" on, the page plays the only card it may play."""
    table, ann = _ann_and_a_bot(server, browser)
    forced = 0
    try:
        ann.page.locator("#settings-box summary").click()
        ann.page.check("#autoplay")
        for _ in range(12):  # deals, until one has offered a single card
            for _ in range(40):
                still = _settle(server, table, [ann])["counter"]  # Ann's turn, or the end
                if ann.deal_over():
                    break
                offered = ann.actions()
                if ann.counter != still:
                    # the page played while the actions were read (it waits 300 ms): only
                    # a forced card is played without a click
                    forced += 1
                elif len(offered) == 1 and offered[0].startswith("play "):
                    ann.page.wait_for_function(  # nobody clicks: the page plays it
                        "(before) => Number(document.body.dataset.counter) > before",
                        arg=still,
                        timeout=WAIT_MS,
                    )
                    forced += 1
                else:
                    ann.do(sorted(offered)[0])
            if forced:
                break
            _next_deal(server, table, ann, [ann])
    finally:
        ann.close()
    assert forced >= 1, "a card was forced, and played for Ann"
    assert ann.errors == []


# Player-facing words must never carry an engine identifier, a seat number or a hole.
_SEAT_NUMBER = re.compile(r"\b[Ss]eat \d+\b")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}|%\([A-Za-z_]+\)[sd]|\{\d+\}|\$\{")


def _option_identifiers() -> set[str]:
    """Every option name and value of both games written as an identifier (``draw_blind``)."""
    from cardrules import my_bird_sings, records, spoil_five

    found: set[str] = set()
    for module in (spoil_five, my_bird_sings):
        for options in module.PRESETS.values():
            data = json.loads(records.to_json(options))
            for name, value in data.items():
                for word in (name, value):
                    if isinstance(word, str) and "_" in word:
                        found.add(word)
    return found


def _presets() -> list[tuple[str, str, int]]:
    """Every preset of both games, with the fewest players it allows (bots are quick)."""
    from cardrules import games

    found = []
    for game in ("spoil-five", "my-bird-sings"):
        entry = games.lookup(game)
        for preset in entry.module.PRESETS:
            found.append((game, preset, min(entry.player_counts(preset))))
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_identifier_seat_number_or_placeholder_reaches_a_player(
    server: ServerProcess, browser: Any, language: str
) -> None:
    """One full deal of every preset of both games, one person and bots, in each language."""
    identifiers = _option_identifiers()
    rng = random.Random(language)
    person = Person(browser, language=language)
    problems: list[str] = []

    def check(where: str) -> None:
        for text in person.texts():
            for word in identifiers:
                if re.search(rf"\b{re.escape(word)}\b", text):
                    problems.append(f"{where}: option identifier {word!r} in {text[:160]!r}")
            for pattern, what in ((_SEAT_NUMBER, "a seat number"), (_PLACEHOLDER, "a hole")):
                found = pattern.search(text)
                if found:
                    around = text[max(0, found.start() - 60) : found.end() + 60]
                    problems.append(f"{where}: {what} in {around!r}")

    def choose(person_: Person, offered: list[str]) -> str:
        check(where)
        return rng.choice(offered)

    try:
        for game, preset, players in _presets():
            where = f"{game}/{preset}"
            created = server.post(
                "/api/tables",
                {"game": game, "preset": preset, "players": players,
                 "bots": list(range(1, players)), "names": ["Ann"] + [""] * (players - 1)},
            )  # fmt: skip
            person.open(created["creator_link"])
            assert person.page.evaluate("() => document.documentElement.lang") == language
            assert person.page.get_attribute("body", "data-payload-language") == language
            _play_deal(server, created["table"], {0: person}, [], choose)
            check(where + " (result)")
    finally:
        person.close()
    assert not problems, "\n".join(sorted(set(problems))[:40])
    assert person.errors == []


def test_the_page_runs_under_its_content_security_policy(
    server: ServerProcess, browser: Any
) -> None:
    """Without bypassing the server's Content Security Policy, the lobby and a table work."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    try:
        page.goto(f"{server.base}/")
        page.wait_for_selector("#f-seat-0")
        assert page.locator("#f-game option").count() == 2
        page.select_option("#f-game", "spoil-five")
        page.select_option("#f-preset", "two-handed")  # players as the rules allow
        assert page.locator("#f-players option").all_inner_texts() == ["2"]
        page.select_option("#f-preset", "peel")
        page.click("#f-create")
        page.wait_for_selector("#invites:not([hidden])")
        page.click("#sit-down")
        page.wait_for_selector("body[data-counter][data-connection=open]", timeout=WAIT_MS)
        assert page.locator("#hand .card").count() >= 1
    finally:
        context.close()
    assert errors == []


def test_the_lobby_offers_declared_singing_and_the_table_teaches(
    server: ServerProcess, browser: Any
) -> None:
    """My Bird Sings from the lobby with declared singing: what the hand lacks, and one
    sentence on each move; Spoil Five: the card order, the trump row first."""
    ann = Person(browser)
    try:
        ann.page.goto(f"{server.base}/")
        ann.page.wait_for_selector("#f-seat-0")
        ann.page.select_option("#f-game", "spoil-five")
        assert ann.page.locator("#f-singing-box").is_hidden()  # Spoil Five has no singing
        ann.page.select_option("#f-game", "my-bird-sings")
        assert ann.page.locator("#f-singing-box").is_visible()
        ann.page.select_option("#f-singing", "declared")
        ann.page.click("#f-create")
        ann.page.wait_for_selector("#invites:not([hidden])")
        ann.page.click("#sit-down")
        ann.page.wait_for_selector("body[data-counter][data-connection=open]", timeout=WAIT_MS)
        table = ann.page.url.split("/t/", 1)[1].split("#", 1)[0]
        public = server.post(f"/api/tables/{table}/view", {})["payload"]
        assert public["table"]["options"]["auto_sing"] is False
        advice = ann.page.locator("#advice")
        assert advice.is_visible()
        # the hint names the chance of singing, or, when the deal already sings, the suit
        # that sings: which of the two depends on the table's random seed
        text = advice.inner_text()
        assert "%" in text or text.startswith("Your hand sings with"), text
        assert advice.locator("a.rule").count() >= 1  # the hint's rule, as a link
        _settle(server, table, [ann])
        assert ann.my_turn()  # the eldest hand passes first
        card = ann.page.locator("#hand .card.legal").first
        assert str(card.get_attribute("aria-description")).startswith("Pass this card")

        created = server.post("/api/tables", {"game": "spoil-five", "players": 2, "bots": [1]})
        ann.open(created["creator_link"])
        rows = ann.page.locator("#order .order-row")
        assert rows.count() == 4
        assert rows.first.inner_text().startswith("Trumps, best first (")
        assert rows.first.locator("a.rule").count() == 1
        _settle(server, created["table"], [ann])
        assert ann.my_turn()  # the eldest hand leads, or robs first
        card = ann.page.locator("#hand .card.legal").first
        assert str(card.get_attribute("aria-description")).startswith(("Play a card", "Rob: "))
    finally:
        ann.close()
    assert ann.errors == []


def test_the_ui_strings_are_complete_in_every_language() -> None:
    """Each language of the page's own strings has exactly the keys of English."""
    source = (ROOT / "src/cardrules/web/static/strings.js").read_text(encoding="utf-8")
    tables = re.findall(r"\n  (\w+): \{\n(.*?)\n  \},", source, re.S)
    keys = {name: set(re.findall(r"^    (\w+):", body, re.M)) for name, body in tables}
    assert set(keys) >= {"en", "fr"}
    for name, found in keys.items():
        assert found == keys["en"], (name, sorted(found ^ keys["en"]))


def test_suggest_a_move_highlights_a_legal_card_and_says_it(
    server: ServerProcess, browser: Any
) -> None:
    """The button shows on your turn only, answers the keyboard, and names a legal move."""
    table, ann = _ann_and_a_bot(server, browser)
    try:
        _settle(server, table, [ann])
        assert ann.my_turn()
        assert ann.page.locator("[data-suggested]").count() == 0
        button = ann.page.locator("#suggest")
        assert button.is_visible()
        button.focus()  # a keyboard user reaches it and presses Enter
        ann.page.keyboard.press("Enter")
        chosen = ann.page.locator('#hand .card.legal.suggested[data-suggested="true"]')
        chosen.wait_for(timeout=WAIT_MS)
        assert chosen.count() == 1
        action = str(chosen.get_attribute("data-action"))
        assert action in ann.actions()
        said = ann.page.locator("#suggestion").inner_text()
        assert said.startswith("Suggested move:")
        assert str(chosen.get_attribute("aria-label")) in said  # "Play 10♣", in words
        ann.do(action)  # the suggestion is a move the table takes
        _settle(server, table, [ann])
        assert ann.page.locator("[data-suggested]").count() == 0  # it was for that position
        if not ann.my_turn():
            assert not button.is_visible()
    finally:
        ann.close()
    assert ann.errors == []

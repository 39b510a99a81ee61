"""How heavy and how quick the static play page is (docs/play.md), in headless Chromium.

The play page is assembled by the docs build's step (docs/hooks/mkdocs_play.py; it needs
``npm ci`` first) and served from the loopback by a static file server that sends
``Cache-Control: max-age=600``, as GitHub Pages does, and counts the bytes it sends.
Debian's Chromium (through Playwright) then, for each run, in a fresh browser profile:

1. *first visit*: opens the page, creates a table from the lobby as it comes (Spoil Five,
   Peel's rules, 4 players, you against three bots) and waits for the first legal move
   offered to the person (the page's default pace of the moves shown); bytes sent by the
   server until then; then waits until the worker has kept Python's boot and the page's
   service worker its files (bytes sent by then: ``first_visit_all_mb``);
2. *second visit*: opens the page again in the same profile (its HTTP cache warm, Python's
   boot and the page's files kept); the game kept in the browser's storage resumes; time
   to the first legal move, bytes, and when each step of Python's start ended;
3. *offline visit*: opens the page a third time with the browser offline (the page's
   files from its service worker); time to the first legal move;
4. *bots' pace*: with the moves shown at once, plays a few cards and times each answer
   (from the click to the table frame after the bots' moves), per bot move, to compare
   with the page's pacing of the moves it shows (600 ms a move at the default pace, the
   same for the server's page).

    python benchmarks/play_page.py [--runs 3] [--site DIR] [--json PATH]

These are benchmarks, never tests: no test asserts a time.
"""

from __future__ import annotations

import argparse
import http.server
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.chromium import CHROMIUM, launch_persistent  # noqa: E402  (the project's Chromium)
from tests.docs.hooks import load_hook  # noqa: E402  (the docs build's steps)

PAGE_PACE_MS = 600
"""The page's default pause between two moves shown (table.js ``SPEEDS.normal``)."""

WAIT_MS = 180_000

READY = """() => {
    const body = document.body.dataset;
    return body.state === "ready" && body.connection === "open" && body.yourTurn === "true";
}"""


class Counted(http.server.SimpleHTTPRequestHandler):
    """A static file server's handler that says how long to cache and counts what it sends."""

    sent = 0
    lock = threading.Lock()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        del format, args

    def setup(self) -> None:
        super().setup()
        raw = self.wfile
        handler = type(self)

        class Writer:
            def write(self, data: bytes) -> int:
                with handler.lock:
                    handler.sent += len(data)
                return raw.write(data)

            def flush(self) -> None:
                raw.flush()

            def close(self) -> None:
                raw.close()

            @property
            def closed(self) -> bool:
                return bool(raw.closed)

        self.wfile = Writer()  # type: ignore[assignment]


class Server(http.server.ThreadingHTTPServer):
    """The static server; a browser that closes while a file is sent is no error here."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def python_start(page: Any, visit: str) -> dict[str, float]:
    """When the worker started, how Python started in it and how long each step took.

    In seconds from opening the page: ``worker`` (the page starts its worker),
    ``python`` (Python ready, the table's modules imported), and each step the worker
    reports (``kept boot read``, ``python restored`` or ``python booted``, ``wheels
    unpacked``, ``modules imported``, ``snapshot taken``, ``table ready``); ``restored``
    is 1 when Python was restored from the boot kept by an earlier visit, 0 when booted.
    """
    body = page.evaluate("({...document.body.dataset})")
    worker = float(body.get("workerAt") or 0) / 1000
    figures = {
        f"{visit}_worker_s": worker,
        f"{visit}_python_s": worker + float(body.get("pythonMs") or 0) / 1000,
        f"{visit}_restored": float(body.get("pythonFrom") == "snapshot"),
    }
    for name, ms in json.loads(body.get("pythonSteps") or "{}").items():
        figures[f"{visit}: {name}"] = worker + ms / 1000
    return figures


def one_run(playwright: Any, base: str, profile: Path) -> dict[str, float]:
    """One first visit, one second visit and the bots' pace, in a fresh profile.

    A profile on disk, as a person's browser has: an incognito context's cache, held in
    memory, keeps no file as large as Pyodide's WebAssembly module.
    """
    context = launch_persistent(
        playwright, profile, viewport={"width": 1024, "height": 820}, bypass_csp=True
    )
    outside: list[str] = []

    def only_the_site(request: Any) -> None:
        # watched, not routed: routing requests in Playwright turns the HTTP cache off
        if not str(request.url).startswith((base + "/", "blob:", "data:")):
            outside.append(str(request.url))

    context.on("request", only_the_site)
    page = context.pages[0] if context.pages else context.new_page()
    figures: dict[str, float] = {}

    Counted.sent = 0
    start = time.perf_counter()
    page.goto(base + "/play/index.html")
    page.wait_for_selector("#f-seat-0", timeout=WAIT_MS)
    figures["lobby_s"] = time.perf_counter() - start
    page.select_option("#f-game", "spoil-five")
    page.select_option("#f-preset", "peel")
    page.select_option("#f-players", "4")
    page.click("#f-create")
    page.wait_for_function(READY, timeout=WAIT_MS)
    figures["first_visit_s"] = time.perf_counter() - start
    figures["first_visit_mb"] = Counted.sent / 1e6
    figures.update(python_start(page, "first"))
    page.wait_for_selector("body[data-python-kept]", timeout=WAIT_MS)
    figures["boot_kept"] = float(page.get_attribute("body", "data-python-kept") == "true")
    figures["boot_kept_mb"] = float(page.get_attribute("body", "data-python-kept-bytes") or 0) / 1e6
    page.wait_for_selector("body[data-offline='ready']", timeout=WAIT_MS)  # the files kept
    figures["first_visit_all_mb"] = Counted.sent / 1e6

    page.close()
    page = context.new_page()
    Counted.sent = 0
    start = time.perf_counter()
    page.goto(base + "/play/index.html")
    page.wait_for_function(READY, timeout=WAIT_MS)
    figures["second_visit_s"] = time.perf_counter() - start
    figures["second_visit_mb"] = Counted.sent / 1e6
    figures.update(python_start(page, "second"))

    page.close()
    page = context.new_page()
    context.set_offline(True)
    start = time.perf_counter()
    page.goto(base + "/play/index.html")
    page.wait_for_function(READY, timeout=WAIT_MS)
    figures["offline_visit_s"] = time.perf_counter() - start
    context.set_offline(False)

    page.evaluate("localStorage.setItem('cardrules.speed', 'instant')")
    page.reload()
    page.wait_for_function(READY, timeout=WAIT_MS)
    per_bot_move: list[float] = []
    for _ in range(4):
        if page.get_attribute("body", "data-deal-over") == "true":
            break
        before = int(page.get_attribute("body", "data-counter") or 0)
        action = str(page.locator("[data-action]").first.get_attribute("data-action"))
        start = time.perf_counter()
        page.locator(f'[data-action="{action}"]').first.click()
        page.wait_for_function(
            """(before) => {
                const body = document.body.dataset;
                return Number(body.counter) > before && body.state === "ready"
                    && (body.yourTurn === "true" || body.dealOver === "true");
            }""",
            arg=before,
            timeout=WAIT_MS,
        )
        elapsed = time.perf_counter() - start
        moves = int(page.get_attribute("body", "data-counter") or 0) - before
        per_bot_move.append(1000 * elapsed / max(1, moves))
    figures["answer_ms_per_move"] = statistics.median(per_bot_move) if per_bot_move else 0.0
    figures["outside_requests"] = float(len(outside))
    figures["load_average"] = os.getloadavg()[0]
    context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="a site already built (else built here)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()
    if CHROMIUM is None:
        raise SystemExit("Debian's chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        site = args.site or Path(scratch) / "site"
        if args.site is None:
            load_hook("mkdocs_play").build_play_page(site)
        size = sum(p.stat().st_size for p in (site / "play").rglob("*") if p.is_file())
        server = Server(("127.0.0.1", 0), partial(Counted, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        runs = []
        with sync_playwright() as playwright:
            for number in range(args.runs):
                figures = one_run(playwright, base, Path(scratch) / f"profile-{number}")
                runs.append(figures)
                print(f"run {number + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()))
        server.shutdown()
    summary = {
        key: statistics.median(run[key] for run in runs if key in run)
        for key in dict.fromkeys(key for run in runs for key in run)
    }
    print(f"play/ on disk: {size / 1e6:.1f} MB")
    print(
        f"first visit:  {summary['first_visit_mb']:.1f} MB sent, first legal move after "
        f"{summary['first_visit_s']:.1f} s (lobby after {summary['lobby_s']:.1f} s)"
    )
    seconds = ", ".join(f"{run['second_visit_s']:.1f}" for run in runs)
    print(
        f"second visit: {summary['second_visit_mb']:.2f} MB sent, first legal move after "
        f"{summary['second_visit_s']:.1f} s (runs {seconds}; "
        f"Python restored from the kept boot in {sum(r['second_restored'] for r in runs):.0f} "
        f"of {len(runs)})"
    )
    seconds = ", ".join(f"{run['offline_visit_s']:.1f}" for run in runs)
    print(
        f"offline visit: first legal move after {summary['offline_visit_s']:.1f} s "
        f"(runs {seconds}; the browser offline, the files from the page's service worker)"
    )
    for visit in ("first", "second"):
        steps = ", ".join(
            f"{key.split(': ')[1]} {value:.2f}"
            for key, value in summary.items()
            if key.startswith(f"{visit}: ")
        )
        print(
            f"  {visit} visit, seconds from opening the page: worker started "
            f"{summary[f'{visit}_worker_s']:.2f}, {steps}"
        )
    print(f"Python's boot kept in the browser's storage: {summary['boot_kept_mb']:.1f} MB")
    print(f"load average (1 min) at the end of the runs: {summary['load_average']:.1f} (median)")
    print(
        f"bots: {summary['answer_ms_per_move']:.0f} ms a move (median), "
        f"against the page's {PAGE_PACE_MS} ms pace"
    )
    if args.json:
        args.json.write_text(json.dumps({"runs": runs, "median": summary}, indent=1))


if __name__ == "__main__":
    main()

"""MkDocs hook: put the play page (a table held in the browser) into the built site.

``npm ci`` then ``mkdocs build`` builds the whole static site; this hook adds ``play/``
to it after the docs are written (see docs/play.md):

* the tables page of ``cardrules serve`` (``src/cardrules/web/static/``), the same files,
  with its ``index.html`` marked ``data-transport="local"`` so that it reaches its table
  through ``transport-local.js`` and the Web Worker ``play-worker.js`` instead of a
  WebSocket, and its paths made relative (the site may be served from any folder);
* the lobby's catalogue of games (``games.json``, what ``GET /api/games`` answers) and
  the card pictures, drawn by :mod:`cardrules.svg` (the server draws them on request);
* Pyodide's core files, copied from the npm package ``pyodide`` that ``npm ci``
  installed in ``node_modules/`` at the version ``package-lock.json`` pins (nothing is
  loaded from a CDN);
* the wheels the worker unpacks: cardrules' own (``pip wheel --no-deps``) and, at the
  versions installed here, those of attrs and of the ``json`` extra (cattrs, which reads
  records, and typing_extensions, which cattrs needs), from ``pip download``, listed
  in ``wheels/wheels.json`` with the build's key (under which the worker keeps Python's
  boot) and a table of each game the worker resumes once before keeping it;
* the page's service worker ``play-offline.js``, written with the list of every file
  above, which keeps them in the browser for later visits, online or not.

Without ``node_modules/pyodide`` the play page is left out and the build says so (set
``CARDRULES_PLAY_PAGE=required`` to make that an error, as the publishing workflow does).
``python docs/hooks/mkdocs_play.py OUT`` builds the play page alone into ``OUT/play``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # mkdocs is only needed when the site is built
    from mkdocs.config.defaults import MkDocsConfig

LOG = logging.getLogger("mkdocs.plugins.cardrules.play")

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "cardrules" / "web" / "static"
PYODIDE = ROOT / "node_modules" / "pyodide"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the npm package the page loads: Pyodide's core, nothing else."""

OFFLINE = "play-offline.js"
"""The page's service worker, written with the list of the page's files (see below)."""

DEPENDENCIES = ("attrs", "cattrs", "typing_extensions")
"""The wheels besides cardrules': attrs, and what cardrules.records needs (the json extra)."""


class PlayPageError(RuntimeError):
    """The play page could not be built (a missing npm package, a wheel not built)."""


def build_play_page(site: Path, *, wheels: Path | None = None) -> Path:
    """Write the play page into ``site/play`` and return that folder.

    ``wheels``: a folder already holding the wheels to ship (else they are built).

    Raises:
        PlayPageError: without ``node_modules/pyodide`` (run ``npm ci``), or when a wheel
            cannot be built or downloaded.
    """
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        raise PlayPageError("node_modules/pyodide is missing: run `npm ci` first")
    play = site / "play"
    if play.exists():
        shutil.rmtree(play)
    play.mkdir(parents=True)
    for source in STATIC.iterdir():
        if source.is_file() and source.name not in ("index.html", OFFLINE):
            shutil.copy2(source, play / source.name)
    (play / "index.html").write_text(local_index(), encoding="utf-8")
    from cardrules.web.lobby import catalogue

    (play / "games.json").write_text(json.dumps(catalogue()), encoding="utf-8")
    draw_cards(play / "cards")
    (play / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE / name, play / "pyodide" / name)
    (play / "wheels").mkdir()
    with tempfile.TemporaryDirectory() as scratch:
        found = wheels if wheels is not None else build_wheels(Path(scratch))
        names = sorted(path.name for path in found.glob("*.whl"))
        for name in names:
            shutil.copy2(found / name, play / "wheels" / name)
    listing = {"wheels": names, "key": build_key(play), "warm_up": warm_up_tables()}
    (play / "wheels" / "wheels.json").write_text(json.dumps(listing), encoding="utf-8")
    write_service_worker(play)
    return play


def write_service_worker(play: Path) -> None:
    """Write ``play-offline.js``, the page's service worker, naming every file of ``play/``.

    Its ``FILES`` are the page's files (and ``./``, the folder's address, which is the
    page too); its ``BUILD`` a digest of them, so that a new build is a new service worker.
    """
    files = sorted(path.relative_to(play).as_posix() for path in play.rglob("*") if path.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(f"{name}\n".encode())
        digest.update(hashlib.sha256((play / name).read_bytes()).digest())
    text = (STATIC / OFFLINE).read_text(encoding="utf-8")
    for before, after in (
        ('"__BUILD__"', json.dumps(digest.hexdigest()[:20])),
        ('["__FILES__"]', json.dumps(["./", *files])),
    ):
        if before not in text:
            raise PlayPageError(f"{OFFLINE} no longer holds {before}")
        text = text.replace(before, after)
    (play / OFFLINE).write_text(text, encoding="utf-8")


def build_key(play: Path) -> str:
    """What the Python the page boots is made of: a digest of Pyodide's files and the wheels.

    The worker keeps Python's memory snapshot under this key in the browser's storage and
    restores it on the next visit only while the key is the same (see play-worker.js).
    """
    digest = hashlib.sha256()
    for folder, names in (
        ("pyodide", PYODIDE_FILES),
        ("wheels", sorted(p.name for p in (play / "wheels").glob("*.whl"))),
    ):
        for name in names:
            digest.update(f"{folder}/{name}\n".encode())
            digest.update(hashlib.sha256((play / folder / name).read_bytes()).digest())
    return digest.hexdigest()[:20]


def warm_up_tables() -> list[str]:
    """A table of each game as the page keeps it (JSON text), the person to play.

    Before the worker takes Python's snapshot on a first visit, it resumes these tables
    once (their records read and replayed, a table frame and a record written), so the
    snapshot holds what resuming a table runs first (the functions cattrs generates, the
    modules imported on the way) and the next visit resumes its own table at once.
    """
    from cardrules.web.local import LocalTable

    async def held(game: str) -> str:
        saved: list[str] = []
        local = LocalTable(lambda frame: None, saved.append)
        body = {"game": game, "players": 4, "bots": [1, 2, 3], "seed": 1}
        await local.create(json.dumps(body))
        for _ in range(1000):  # the bots play their moves, up to the person's turn
            table = local.room.table if local.room is not None else None
            if table is None or table.to_act is None or not table.seats[table.to_act].is_bot:
                break
            await asyncio.sleep(0)
        return saved[-1]

    return [asyncio.run(held(game)) for game in ("spoil-five", "my-bird-sings")]


def local_index() -> str:
    """The server's ``index.html``, marked for the local transport, its paths relative."""
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    for before, after in (
        ('<html lang="en">', '<html lang="en" data-transport="local">'),
        ('href="/static/', 'href="'),
        ('src="/static/', 'src="'),
    ):
        if before not in text:
            raise PlayPageError(f"the page's index.html no longer holds {before!r}")
        text = text.replace(before, after)
    return text


def draw_cards(folder: Path) -> None:
    """Every card's picture and the back, as the server's ``/cards/<card>.svg`` draws them."""
    from cardrules import Card, Rank, Suit, svg

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "back.svg").write_text(str(svg.card_back()), encoding="utf-8")
    for suit in Suit:
        for rank in Rank:
            card = Card(rank, suit)
            (folder / f"{card}.svg").write_text(str(svg.card(card)), encoding="utf-8")


def build_wheels(folder: Path) -> Path:
    """Build cardrules' wheel, and fetch its dependencies' as installed here, into ``folder``."""
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    pinned = [f"{name}=={metadata.version(name)}" for name in DEPENDENCIES]
    for command in (
        [*pip, "wheel", "--no-deps", "--wheel-dir", str(folder), str(ROOT)],
        [*pip, "download", "--no-deps", "--only-binary", ":all:", "--dest", str(folder), *pinned],
    ):
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise PlayPageError(f"{' '.join(command[3:5])} failed: {result.stderr.strip()[-800:]}")
    return folder


def on_post_build(config: MkDocsConfig) -> None:
    """Add ``play/`` to the site just built (see the module notes)."""
    site = Path(config["site_dir"])
    try:
        play = build_play_page(site)
    except PlayPageError as exc:
        if os.environ.get("CARDRULES_PLAY_PAGE") == "required":
            raise
        LOG.info("the play page is left out of the site: %s", exc)
        return
    size = sum(path.stat().st_size for path in play.rglob("*") if path.is_file())
    LOG.info("play page written to %s (%.1f MB)", play, size / 1e6)


if __name__ == "__main__":
    out = build_play_page(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site")
    print(out)

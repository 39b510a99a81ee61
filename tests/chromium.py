"""How the browser tests find and start Debian's Chromium (one place for every suite).

Playwright drives the system browser (``apt-get install chromium``) and never downloads
one. The flags keep a headless Chromium quiet on a machine without a display, a sandbox
or outside network: without the background-networking ones it keeps trying to reach
services it cannot reach.

A browser test module calls :func:`require_browser` at its top (it is skipped when
Playwright or Chromium is missing) and asks for the :func:`browser` fixture, which the
conftest of its folder imports from here (tests/site, tests/web). Nothing here needs
an extra of the project besides ``browser``.
"""

from __future__ import annotations

import importlib
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM: str | None = shutil.which("chromium") or shutil.which("chromium-browser")
"""Path of the system Chromium, or ``None`` when it is not installed."""

CHROMIUM_ARGS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""Command-line flags every browser test starts Chromium with."""

MISSING = "Debian's chromium is not installed (apt-get install -y chromium)"
"""The skip reason when :data:`CHROMIUM` is ``None``."""

NO_PLAYWRIGHT = "the browser tests need playwright: pip install '.[browser]'"
"""The skip reason when the ``playwright`` package is not installed."""


def require_browser() -> None:
    """Skip the calling test module unless Playwright and Debian's Chromium are both here."""
    pytest.importorskip("playwright.sync_api", reason=NO_PLAYWRIGHT)
    if CHROMIUM is None:
        pytest.skip(MISSING, allow_module_level=True)


def launch(playwright: Any) -> Any:
    """Start the system Chromium through a running ``sync_playwright()`` object."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))


def launch_persistent(playwright: Any, profile: Path, **options: Any) -> Any:
    """Start the system Chromium with a profile kept on disk (its HTTP cache and storage).

    ``options`` go to Playwright's ``launch_persistent_context`` (viewport and the like);
    the result is a browser context whose pages share that profile.
    """
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=list(CHROMIUM_ARGS), **options
    )


@contextmanager
def running_browser() -> Iterator[Any]:
    """Playwright started and Chromium launched through it; both stopped on leaving."""
    # imported by name so that type checking does not need playwright installed
    sync_api = importlib.import_module("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the tests of a module; each test opens contexts of its own."""
    with running_browser() as launched:
        yield launched

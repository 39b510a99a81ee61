"""How the browser tests find and start Debian's Chromium (one place for both suites).

Playwright drives the system browser (``apt-get install chromium``) and never downloads
one. The flags keep a headless Chromium quiet on a machine without a display, a sandbox
or outside network: without the background-networking ones it keeps trying to reach
services it cannot reach.
"""

from __future__ import annotations

import shutil
from typing import Any

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


def launch(playwright: Any) -> Any:
    """Start the system Chromium through a running ``sync_playwright()`` object."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))

"""Fixtures of the play page's tests: the project's one Chromium launcher (tests/chromium.py)."""

from __future__ import annotations

from tests.chromium import browser  # noqa: F401  (the fixture, shared with tests/web)

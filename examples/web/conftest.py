"""Leave the web example's server modules out of collection when the ``web`` extra is missing.

``app.py`` and ``__main__.py`` import Starlette; without it pytest's doctest collection
would fail on import, so they are skipped here (the tests in ``tests/web`` skip too).
"""

from __future__ import annotations

import importlib.util

collect_ignore = ["app.py", "__main__.py"] if importlib.util.find_spec("starlette") is None else []

"""Make the web example importable as the package ``web`` (it lives in ``examples/``), and
the ``api`` fixture every API test drives it with."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

EXAMPLES = str(Path(__file__).resolve().parents[2] / "examples")
if EXAMPLES not in sys.path:
    sys.path.insert(0, EXAMPLES)

from tests.web.harness import Harness  # noqa: E402  (after the path to the example is set)


@pytest.fixture
def api() -> Iterator[Harness]:
    """The web example's application with a test client, and the harness that drives it."""
    pytest.importorskip("starlette", reason="the web example needs its extra: pip install '.[web]'")
    pytest.importorskip("httpx2", reason="the TestClient needs httpx2: pip install '.[web]'")
    from starlette.testclient import TestClient

    from web.app import create_app

    app = create_app()
    with TestClient(app) as client:
        yield Harness(app, client)

"""Fixtures of the server's tests: the application in-process, a real server process, Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server needs its extra: pip install '.[web]'")
pytest.importorskip("websockets", reason="the server needs its extra: pip install '.[web]'")

from tests.chromium import browser  # noqa: F401  (the fixture, shared with tests/site)
from tests.web.process import ServerProcess


@pytest.fixture
def client() -> Iterator[Any]:
    """A Starlette test client of the application, tables in memory, bots without delay."""
    pytest.importorskip("httpx2", reason="the TestClient needs httpx2: pip install '.[web]'")
    from starlette.testclient import TestClient

    from cardrules.web.app import create_app
    from cardrules.web.settings import Settings

    app = create_app(Settings(allowed_hosts=("testserver",), bot_delay=0.0))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def server(tmp_path: Any) -> Iterator[ServerProcess]:
    """``python -m cardrules serve`` on a free loopback port with a database in ``tmp_path``."""
    process = ServerProcess(tmp_path / "tables.db")
    process.start()
    try:
        yield process
    finally:
        process.stop()

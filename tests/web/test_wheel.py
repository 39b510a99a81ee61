"""The built wheel carries the page and the protocol's schema, and serves outside a clone.

The wheel is built from this source as `pip install` would build it, unpacked into a
folder of its own, and `python -m cardrules serve` is started from an empty folder with
only that copy of cardrules on the path (the web extra's libraries come from the
environment): the page, its script and the schema must be served from the package.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

from tests.web.process import free_port

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DATA = (
    "cardrules/web/static/index.html",
    "cardrules/web/static/app.js",
    "cardrules/web/static/style.css",
    "cardrules/web/schemas/protocol-v1.json",
)


def test_the_wheel_holds_the_page_and_the_schema_and_serves_them_outside_a_clone(
    tmp_path: Path,
) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("cardrules-*.whl")
    target = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(target)
    assert set(PACKAGE_DATA) <= names, sorted(set(PACKAGE_DATA) - names)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(target)}
    log = tmp_path / "server.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "cardrules", "serve", "--port", str(port), "--memory",
             "--log-level", "warning"],
            cwd=elsewhere, env=env, stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                with urllib.request.urlopen(base + "/", timeout=5) as answer:
                    page = answer.read().decode()
                break
            except OSError:
                assert server.poll() is None, log.read_text()
                time.sleep(0.1)
        else:
            raise AssertionError("the server from the wheel did not answer")
        assert "<html" in page.lower()
        with urllib.request.urlopen(base + "/static/app.js", timeout=5) as answer:
            assert answer.status == 200
        with urllib.request.urlopen(base + "/api/games", timeout=5) as answer:
            assert json.loads(answer.read())["protocol"] == 1
        where = subprocess.run(
            [sys.executable, "-c", "import cardrules.web; print(cardrules.web.__file__); "
             "print(cardrules.web.protocol_schema()['title'])"],
            cwd=elsewhere, env=env, capture_output=True, text=True, check=True,
        ).stdout.split("\n")  # fmt: skip
        assert where[0].startswith(str(target))
        assert "version 1" in where[1]
    finally:
        server.terminate()
        server.wait(10)

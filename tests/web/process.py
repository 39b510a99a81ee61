"""A real ``cardrules serve`` process for the tests: started as a user starts it, then killed."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

SRC = str(Path(__file__).resolve().parents[2] / "src")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``python -m cardrules serve --port P --database DB`` on the loopback."""

    def __init__(self, database: Path, *extra: str) -> None:
        self.database = database
        self.extra = extra
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = database.with_suffix(".log")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def socket_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
        command = [
            sys.executable, "-m", "cardrules", "serve", "--port", str(self.port),
            "--database", str(self.database), "--bot-delay", "0", "--log-level", "warning",
            *self.extra,
        ]  # fmt: skip
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                self.get("/api/games")
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as answer:
            return json.loads(answer.read())

    def post(self, path: str, body: object) -> Any:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

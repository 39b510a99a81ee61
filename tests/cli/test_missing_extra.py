"""Without the ``cli`` extra, ``cardrules`` says in one line what to install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import cli

BLOCK = "import sys; sys.modules[{name!r}] = None; "
"""Python code that makes ``import <name>`` fail, as if the package were not installed."""


@pytest.mark.parametrize("missing", ["click", "rich"])
def test_cardrules_help_without_the_extra_prints_one_line(missing: str) -> None:
    code = BLOCK.format(name=missing) + "from cardrules.cli import main; main(['--help'])"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60,
        check=False,
    )  # fmt: skip
    assert run.returncode == 1
    assert run.stdout == ""
    assert run.stderr == cli.MISSING_EXTRA + "\n"
    assert "pip install 'cardrules[cli]'" in run.stderr


def test_main_in_process_without_click(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "click", None)
    monkeypatch.delitem(sys.modules, "cardrules._commands", raising=False)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--help"])
    assert stopped.value.code == 1
    assert capsys.readouterr().err == cli.MISSING_EXTRA + "\n"


def test_another_missing_module_is_not_blamed_on_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cardrules._commands", None)
    with pytest.raises(ModuleNotFoundError, match=r"cardrules\._commands"):
        cli.main(["--help"])

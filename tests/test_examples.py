"""Every example program runs to completion (smoke tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


def test_there_are_examples() -> None:
    assert SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_example_runs(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_random_deals_settles_both_games() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "random_deals.py"), "3"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Spoil Five" in result.stdout
    assert "My Bird Sings" in result.stdout
    assert result.stdout.count("balances") == 2

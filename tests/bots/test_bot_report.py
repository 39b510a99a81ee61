"""Smoke test of the evidence report script: it runs on a tiny budget and writes its tables."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from benchmarks import bot_report


def test_bot_report_writes_both_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "BOTS.md"
    argv = ["bot_report.py", "--deals", "10", "--iterations", "2", "--mbs-deals", "10"]
    monkeypatch.setattr(sys, "argv", [*argv, "--workers", "1", "--out", str(out)])
    bot_report.main()
    text = out.read_text(encoding="utf-8")
    assert "| heuristic | random | 10 |" in text
    assert "| search | heuristic | 10 |" in text
    for preset in ("peel", "flushes-only", "short-pack", "three-cards"):
        assert f"| {preset} | 10 | 50 |" in text
    assert "2417/20825" in text

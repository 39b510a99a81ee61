"""Smoke test of the evidence report script: it runs on a tiny budget and writes its tables."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks import bot_report, strength


def test_bot_report_writes_both_tables(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    heuristic = strength.contender("spoil-five", "heuristic")
    row, _ = strength.measure(
        "spoil-five", heuristic, strength.contender("spoil-five", "random"),
        players=3, sessions=2, seed=1, progress=False,
    )  # fmt: skip
    rows.write_text(json.dumps({**row.as_json(), "load": 1.0}) + "\n", encoding="utf-8")
    out = tmp_path / "BOTS.md"
    bot_report.main(
        [
            "--strength",
            str(rows),
            "--mbs-deals",
            "10",
            "--workers",
            "1",
            "--out",
            str(out),
            "--timing",
            "my-bird-sings=heuristic",
        ]
    )
    text = out.read_text(encoding="utf-8")
    assert "| spoil-five | heuristic | random | 6 |" in text
    for preset in ("peel", "flushes-only", "short-pack", "three-cards"):
        assert f"| {preset} | 10 | 50 |" in text
    assert "2417/20825" in text
    assert "| my-bird-sings | heuristic |" in text.split("## Thinking time", 1)[1]

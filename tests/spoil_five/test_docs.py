"""The Spoil Five rules page agrees with the code."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from cardrules import spoil_five as sf

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "spoil-five.md"


def test_order_table_in_the_rules_page_is_generated_from_the_code() -> None:
    """The rank-order tables in docs/rules/spoil-five.md are exactly the generated ones."""
    assert sf.order_table_markdown() in DOC.read_text(encoding="utf-8")


def test_rules_page_has_the_fixed_sections_and_every_rule_id() -> None:
    """Fixed sections in order (how to play and a worked deal first, then the rules), every
    rule id SF-1 … SF-25 and every option mentioned."""
    text = DOC.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    assert headings == [
        "How to play",
        "A worked example deal",
        "Pack and players",
        "Deal",
        "Play",
        "Scoring",
        "Variants",
        "Decisions",
        "References",
    ]
    for number in range(1, 26):
        assert re.search(rf"\bSF-{number}\b", text), number
    for field in attrs.fields(sf.Options):
        assert f"`{field.name}`" in text, field.name
    for name in sf.PRESETS:
        assert f"`{name}`" in text, name

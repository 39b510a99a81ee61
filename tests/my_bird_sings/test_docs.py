"""The rules page's tables agree with the code."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import attrs

from cardrules.my_bird_sings import PRESETS, Options, dealt_hand_sings, holding_sings

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "my-bird-sings.md"


def test_probability_table_matches_the_code() -> None:
    """Every row of the probability table is the exact value the code computes."""
    rows = re.findall(
        r"^\| `([a-z-]+)`[^|]*\| (\d+)/(\d+) ≈ ([\d.]+) \| (\d+)/(\d+) ≈ ([\d.]+) \|$",
        PAGE.read_text(encoding="utf-8"),
        flags=re.MULTILINE,
    )
    assert {row[0] for row in rows} == {"peel", "flushes-only", "three-cards", "short-pack"}
    for name, a, b, approx, c, d, approx_more in rows:
        options = PRESETS[name]
        dealt = dealt_hand_sings(options)
        more = holding_sings(options, options.hand_size + 1)
        assert dealt == Fraction(int(a), int(b))
        assert more == Fraction(int(c), int(d))
        assert round(float(dealt), 4) == float(approx)
        assert round(float(more), 4) == float(approx_more)


def test_option_table_lists_every_field_with_its_default() -> None:
    """The variants table names every option field."""
    text = PAGE.read_text(encoding="utf-8")
    for field in attrs.fields(Options):
        assert f"`{field.name}`" in text, field.name

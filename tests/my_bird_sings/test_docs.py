"""The rules page's tables agree with the code."""

from __future__ import annotations

import collections
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


def _claims(root: Path) -> collections.Counter[str]:
    """How many functions under ``root`` claim each rule id (``Implements MBS-n ...``)."""
    claimed: collections.Counter[str] = collections.Counter()
    for path in sorted(root.rglob("*.py")):
        for claim in re.findall(r"Implements[^.:;]*", path.read_text(encoding="utf-8")):
            claimed.update(re.findall(r"\b(?:SF|MBS|C)-\d+\b", claim))
    return claimed


def test_every_rule_of_the_page_is_claimed_once_and_named_by_a_test() -> None:
    """Each MBS-n of the rules page has one function saying "Implements MBS-n", and a test.

    The C-n rules shared with Spoil Five are claimed in the shared modules, never here.
    """
    ids = sorted(set(re.findall(r"\bMBS-\d+\b", PAGE.read_text(encoding="utf-8"))))
    assert ids == [f"MBS-{n}" for n in sorted(range(1, 16), key=str)]
    source = Path(__file__).resolve().parents[2] / "src" / "cardrules"
    claimed = _claims(source)
    assert {rule: claimed[rule] for rule in ids} == dict.fromkeys(ids, 1)
    package = _claims(source / "my_bird_sings")
    assert not [rule for rule in package if not rule.startswith("MBS-")]
    tests = Path(__file__).resolve().parent
    names = set(re.findall(r"^def (test_mbs_\d+)_", _read_all(tests), flags=re.MULTILINE))
    assert names == {f"test_mbs_{rule.split('-')[1]}" for rule in ids}


def _read_all(folder: Path) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py")))

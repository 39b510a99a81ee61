"""The rules pages define every rule and decision id that the project cites.

The game rules (SF-n, MBS-n) are checked against the code by ``tests/test_rule_claims.py``;
here the common conventions (C-n) and the decisions (D-n): each id cited anywhere in the
code, the tests, the examples or the docs must be defined in bold on one page of
``docs/rules`` (``**C-1 — Seats.**``, ``- **D-3** ...``, ``**Stakes (D-13).**``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
CITED = re.compile(r"\b([CD])-(\d+)\b")
BOLD = re.compile(r"\*\*([^*\n]+)\*\*")
MADE_UP = {ROOT / "tests" / "test_rule_claims.py"}  # the checker's own made-up examples


def _defined() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for page in sorted(RULES.glob("*.md")):
        for span in BOLD.findall(page.read_text(encoding="utf-8")):
            for family, number in CITED.findall(span):
                found.setdefault(f"{family}-{number}", []).append(page.name)
    return found


def _cited() -> dict[str, set[str]]:
    paths = [
        *(ROOT / "src").rglob("*.py"),
        *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "examples").rglob("*.py"),
        *(ROOT / "examples").rglob("*.js"),
        *(ROOT / "docs").rglob("*.md"),
        ROOT / "README.md",
    ]
    found: dict[str, set[str]] = {}
    for path in paths:
        if path in MADE_UP:
            continue
        for family, number in CITED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(f"{family}-{number}", set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_cited_common_rule_and_decision_is_defined_once() -> None:
    defined = _defined()
    missing = {rule: sorted(where) for rule, where in _cited().items() if rule not in defined}
    assert not missing, f"cited but defined on no rules page: {missing}"
    twice = {rule: pages for rule, pages in defined.items() if len(set(pages)) > 1}
    assert not twice, f"defined on more than one page: {twice}"


def test_the_common_rules_page_defines_c_1_to_c_7_and_the_shared_decisions() -> None:
    """C-1 … C-7 (the conventions every module cites) and D-1, D-2 are on the common page."""
    text = (RULES / "common.md").read_text(encoding="utf-8")
    spans = " ".join(BOLD.findall(text))
    for rule in [*(f"C-{n}" for n in range(1, 8)), "D-1", "D-2"]:
        assert re.search(rf"\b{rule}\b", spans), rule


def test_each_rules_page_opens_with_how_to_play_and_a_worked_example() -> None:
    """A newcomer reads how to play and a deal played through before the reference."""
    for name in ("spoil-five.md", "my-bird-sings.md"):
        text = (RULES / name).read_text(encoding="utf-8")
        headings = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
        assert headings[:3] == ["How to play", "A worked example deal", "Pack and players"]
        how_to_play = text[text.index("## How to play") : text.index("## Pack and players")]
        assert "](../images/" in how_to_play  # drawn pictures
        assert ">>> " in how_to_play  # the example deal, doctested
        # the play rules speak of cards and players, not of option fields
        rules = text[text.index("## Pack and players") : text.index("## Variants")]
        assert not re.findall(r"`[a-z]+_[a-z_]+ ?=", rules), name

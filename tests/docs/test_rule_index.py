"""The rule index page: built from the scan of ``tools/rule_claims.py``, every rule on it.

``docs/hooks/mkdocs_rule_index.py`` writes ``rule-index.md`` when the site is built; the
page can only be stale if the hook stopped running or dropped a rule, and these tests
check both against the same scan that ``tests/test_rule_claims.py`` checks.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from tools.rule_claims import project, rule_index

from tests.docs.hooks import load_hook

ROOT = Path(__file__).resolve().parents[2]


def test_the_index_has_a_row_per_rule_with_its_claim_and_tests() -> None:
    """Every rule the pages define has a row: its link, its claiming function, its tests."""
    page = load_hook("mkdocs_rule_index").page()
    entries = rule_index(*project())
    rules = {entry.rule for entry in entries}
    assert {f"SF-{n}" for n in range(1, 26)} | {f"MBS-{n}" for n in range(1, 16)} <= rules
    for entry in entries:
        assert entry.page is not None, entry.rule  # every claimed rule has an anchor
        link = f"({Path(entry.page).relative_to('docs').as_posix()}#{entry.anchor})"
        (row,) = [line for line in page.splitlines() if f"[{entry.rule}]{link}" in line]
        for claim in entry.claims:
            assert f".{claim.name}` (`{claim.path}`, line {claim.line})" in row, entry.rule
        for test in entry.tests:
            assert f"`{test.partition('::')[2]}`" in row, (entry.rule, test)
        assert entry.claims, entry.rule
        assert entry.tests, entry.rule


def test_the_built_index_links_each_rule_to_its_paragraph(site: Path) -> None:
    """The site has the index page, linked from the home page with the anatomy page, and
    each rule's link lands on the anchor of its rules page (the strict build fails on a
    missing one too)."""
    built = (site / "rule-index.html").read_text(encoding="utf-8")
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "(rule-index.md)" in home
    assert "(anatomy.md)" in home
    links = re.findall(r'<a href="(rules/[a-z-]+\.html)#([a-z]+-\d+)">([A-Z]+-\d+)</a>', built)
    entries = rule_index(*project())
    assert sorted(rule for _, _, rule in links) == sorted(entry.rule for entry in entries)
    for target, anchor, rule in links:
        assert anchor == rule.lower()
        assert f'id="{anchor}"' in (site / target).read_text(encoding="utf-8"), rule
    text = html.unescape(re.sub(r"<[^>]+>", "", built))
    for entry in entries:
        for claim in entry.claims:
            assert claim.name in text, entry.rule

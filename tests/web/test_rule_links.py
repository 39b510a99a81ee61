"""The page's rule links land on the rule: each id is an anchor on the page it links to.

The rules pages give every rule and decision id an anchor (``**SF-3**{#sf-3}``, an
``attr_list`` attribute, or a ``<span id>`` beside it when one bold heading names several
ids); the page (``static/dom.js``) links an id to ``<page>.html#<id>``, choosing the page
by the id's family and, for a decision, by its table of the decisions each game's page
defines. Both are read here as they are shipped.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
DOM = ROOT / "src" / "cardrules" / "web" / "static" / "dom.js"

_ANCHOR = re.compile(r'\{#((?:sf|mbs|c|d)-\d+)\}|<span id="((?:sf|mbs|c|d)-\d+)"></span>')
_DEFINED = re.compile(r"^(?:- )?\*\*([^*\n]+)\*\*", re.MULTILINE)
_ID = re.compile(r"\b(SF|MBS|C|D)-(\d+)\b")


def _anchors() -> dict[str, str]:
    """Each anchor of the rules pages, with the page (its stem) that holds it."""
    found: dict[str, str] = {}
    for page in sorted(RULES.glob("*.md")):
        for first, other in _ANCHOR.findall(page.read_text(encoding="utf-8")):
            anchor = first or other
            assert anchor not in found, f"{anchor} is an anchor twice"
            found[anchor] = page.stem
    return found


def _table(name: str, text: str) -> str:
    """The body of the object literal ``const <name> = { ... }`` in ``text``."""
    found = re.search(rf"const {name} = \{{([^}}]*)\}}", text)
    assert found is not None, f"dom.js has no {name}"
    return found[1]


def _page_for(rule: str) -> str:
    """The page dom.js links ``rule`` to, by the tables it ships."""
    text = DOM.read_text(encoding="utf-8")
    families: dict[str, str] = dict(re.findall(r'(\w+): "([\w-]+)"', _table("RULE_PAGES", text)))
    decisions: dict[str, set[int]] = {
        game: {int(n) for n in numbers.split(",")}
        for game, numbers in re.findall(
            r'"([\w-]+)": \[([\d, ]+)\]', _table("DECISION_PAGES", text)
        )
    }
    family, number = rule.split("-")
    if family == "D":
        for game, numbers in decisions.items():
            if int(number) in numbers:
                return game
    return families[family]


def test_every_defined_rule_id_is_an_anchor_of_its_page() -> None:
    anchors = _anchors()
    for page in sorted(RULES.glob("*.md")):
        for span in _DEFINED.findall(page.read_text(encoding="utf-8")):
            for family, number in _ID.findall(span):
                rule = f"{family}-{number}".lower()
                assert rule in anchors, f"{rule} has no anchor"
    assert {"sf-1", "sf-25", "mbs-15", "c-7", "d-1", "d-28"} <= set(anchors)


def test_the_page_links_each_rule_id_to_the_page_that_anchors_it() -> None:
    anchors = _anchors()
    for anchor, page in anchors.items():
        assert _page_for(anchor.upper()) == page, f"{anchor.upper()} links to another page"

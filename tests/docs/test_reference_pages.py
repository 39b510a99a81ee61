"""The engines' API reference pages put what a newcomer needs first and miss nothing.

Each page documents its module object by object (``::: cardrules.spoil_five.new_game``),
in sections: playing a game first (``new_game``, ``legal_actions``, ``apply_action``,
``check_action``, ``view``, the ``explain_*`` functions, ``next_deal``), then notation, then
the options, then types and constants. Listing objects one by one could silently drop a
new export, so every name of the module's ``__all__`` must appear exactly once.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

from cardrules import my_bird_sings, spoil_five

ROOT = Path(__file__).resolve().parents[2]
PAGES = {
    spoil_five: ROOT / "docs" / "reference" / "spoil-five.md",
    my_bird_sings: ROOT / "docs" / "reference" / "my-bird-sings.md",
}
FIRST = ["new_game", "legal_actions", "apply_action", "check_action"]


def _documented(module: ModuleType, page: Path) -> list[tuple[str, str]]:
    """``(section, name)`` for every object the page documents, in page order."""
    section = ""
    found: list[tuple[str, str]] = []
    prefix = f"::: {module.__name__}."
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        elif line.startswith(prefix):
            found.append((section, line.removeprefix(prefix).strip()))
    return found


@pytest.mark.parametrize("module", list(PAGES), ids=lambda m: m.__name__)
def test_every_export_is_documented_once(module: ModuleType) -> None:
    names = [name for _, name in _documented(module, PAGES[module])]
    assert sorted(names) == sorted(module.__all__)


@pytest.mark.parametrize("module", list(PAGES), ids=lambda m: m.__name__)
def test_the_functions_a_newcomer_needs_come_first(module: ModuleType) -> None:
    documented = _documented(module, PAGES[module])
    sections = list(dict.fromkeys(section for section, _ in documented))
    assert sections[:3] == ["Playing a game", "Notation", "Options and presets"]
    first = [name for section, name in documented if section == "Playing a game"]
    assert first[: len(FIRST)] == FIRST
    wanted = {"view", "next_deal", *(n for n in module.__all__ if n.startswith("explain_"))}
    assert wanted <= set(first)
    notation = [name for section, name in documented if section == "Notation"]
    assert notation == ["parse_action", "format_action"]
    text = PAGES[module].read_text(encoding="utf-8")
    assert text.index(f"{module.__name__}.new_game") < text.index(f"{module.__name__}.Options")
    assert text.index(f"{module.__name__}.Options") < text.index(f"{module.__name__}.NAME")


def _members(page: Path) -> tuple[str, list[str]] | None:
    """The module a page documents with an explicit ``members:`` list, and that list."""
    text = page.read_text(encoding="utf-8")
    block = re.search(
        r"^::: (cardrules[\w.]*)\n    options:\n      members:\n((?:        - \w+\n)+)", text, re.M
    )
    if block is None:
        return None
    return block.group(1), re.findall(r"- (\w+)", block.group(2))


LISTED = [
    "bots", "cards", "dealing", "games", "messages", "playouts", "records", "simulation",
    "stakes", "svg",
]  # fmt: skip


@pytest.mark.parametrize("name", LISTED)
def test_the_other_reference_pages_list_every_export_most_used_first(name: str) -> None:
    """Pages that order their module's members explicitly list each export exactly once
    (so a new one cannot vanish), starting with a function a newcomer calls."""
    found = _members(ROOT / "docs" / "reference" / f"{name}.md")
    assert found is not None, name
    module_name, members = found
    module = importlib.import_module(module_name)
    assert sorted(members) == sorted(module.__all__)
    assert callable(getattr(module, members[0]))
    assert not isinstance(getattr(module, members[0]), type)

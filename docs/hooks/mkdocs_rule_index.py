"""MkDocs hook: the rule index page, generated from the code each time the site is built.

``rule-index.md`` lists every rule id of the rules pages with a link to its paragraph, the
function or class that claims it (``Implements SF-15.``) and the tests that name it. It
is built from the same scan that ``tests/test_rule_claims.py`` checks
(``tools/rule_claims.py``), so it can never disagree with the code; the strict build
fails on a link to an anchor the rules pages lost, and ``tests/docs/test_rule_index.py``
checks the built page against the scan.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `mkdocs build` as a command; mkdocs restores sys.path after
    sys.path.insert(0, str(ROOT))

from tools.rule_claims import Claim, IndexEntry, project, rule_index  # noqa: E402

if TYPE_CHECKING:  # mkdocs is only needed when the site is built
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

PAGE = "rule-index.md"
"""Where the index goes in the site (``rule-index.html``)."""

INTRO = """\
# Rule index

Every rule of the rules pages, where its paragraph is, the one function or class of the
engine that implements it (its docstring says `Implements` and the rule id) and the tests
that name it (in the test's name, such as `test_sf_15_...`, or in its docstring). This page
is generated from the code each time the site is built, by the same scan with which the
test suite checks that every rule is claimed by exactly one function and named by a test
(`tools/rule_claims.py`, run by `tests/test_rule_claims.py`). The
[engine's anatomy](anatomy.md) says how the functions fit together.
"""


def module_name(path: str) -> str:
    """The dotted module of a source path.

    >>> module_name("src/cardrules/spoil_five/following.py")
    'cardrules.spoil_five.following'
    >>> module_name("src/cardrules/spoil_five/__init__.py")
    'cardrules.spoil_five'
    """
    parts = Path(path).with_suffix("").parts
    parts = parts[1:] if parts[0] == "src" else parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def claim_cell(claim: Claim) -> str:
    """A claim as the index shows it: the qualified name, then the file and line.

    >>> claim_cell(Claim("src/cardrules/stakes.py", 36, "split_pool"))
    '`cardrules.stakes.split_pool` (`src/cardrules/stakes.py`, line 36)'
    """
    return f"`{module_name(claim.path)}.{claim.name}` (`{claim.path}`, line {claim.line})"


def naming_test_cell(test: str) -> str:
    """A test as the index shows it: its name, then its file.

    >>> naming_test_cell("tests/spoil_five/test_rules.py::test_sf_17_trick_winners")
    '`test_sf_17_trick_winners` (`tests/spoil_five/test_rules.py`)'
    """
    path, _, name = test.partition("::")
    return f"`{name}` (`{path}`)"


def _title(text: str, page: str) -> str:
    """The first heading of a page, or its file name."""
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return page


def index_markdown(entries: Sequence[IndexEntry], pages: Mapping[str, str]) -> str:
    """The index page: one section per rules page, one table row per rule.

    ``pages`` maps each rules page (``docs/rules/spoil-five.md``) to its text; links are
    relative to the docs folder.
    """
    out = [INTRO]
    section: str | None = ""
    for entry in entries:
        if entry.page != section:
            section = entry.page
            heading = _title(pages[section], section) if section else "Not on a rules page"
            out += [f"\n## {heading}\n", "| rule | implemented by | tests |", "|---|---|---|"]
        rule = entry.rule
        if entry.page:
            link = Path(entry.page).relative_to("docs").as_posix()
            rule = f"[{entry.rule}]({link}#{entry.anchor})"
        claimed = "<br>".join(claim_cell(claim) for claim in entry.claims) or "(none)"
        tests = "<br>".join(naming_test_cell(test) for test in entry.tests) or "(none)"
        out.append(f"| {rule} | {claimed} | {tests} |")
    return "\n".join(out) + "\n"


ORDER = ("docs/rules/spoil-five.md", "docs/rules/my-bird-sings.md", "docs/rules/common.md")
"""The rules pages in the order of the site's navigation (any other page follows)."""


def page() -> str:
    """The index of the project as it stands."""
    pages, sources, tests = project(ROOT)
    rank = {name: position for position, name in enumerate(ORDER)}
    pages = dict(sorted(pages.items(), key=lambda item: (rank.get(item[0], len(ORDER)), item[0])))
    return index_markdown(rule_index(pages, sources, tests), pages)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated index to the site's files."""
    from mkdocs.structure.files import File

    files.append(File.generated(config, PAGE, content=page()))
    return files

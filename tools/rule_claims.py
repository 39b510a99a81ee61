"""Where each rule lives: the rules pages, the function that claims it, the tests that name it.

One scan of the project serves two readers: ``tests/test_rule_claims.py`` checks it (every
rule claimed once and tested), and ``docs/hooks/mkdocs_rule_index.py`` turns it into the
docs' rule index (rule id → claiming function → tests → rules page anchor).

A rule id is *defined* by a list item of ``docs/rules/*.md`` that opens with it in bold
(``- **SF-15** ...``, ``- **SF-3, SF-4** ...``, ``- **MBS-4 / MBS-5 / MBS-6 — singing.**``);
ids merely mentioned elsewhere on a page define nothing. An id is *claimed* by a function
or class in ``src/`` whose docstring says ``Implements`` followed by the id, up to the end
of that sentence or clause (``Implements SF-15 and SF-16.``; in ``Implements C-6 for Spoil
Five: ... (SF-10)`` only C-6 is claimed). An id is *named* by a test function in
``tests/`` whose name contains it (``test_sf_15_...``, ``test_mbs_3_...``) or whose
docstring does. A rule's *anchor* is its id in lower case (``sf-15``), set on its rules
page (``{#sf-15}`` or ``<span id="sf-15">``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULE_ID = re.compile(r"\b(SF|MBS|C)-(\d+)\b")
DEFINITION = re.compile(r"^\s*[-*]\s+\*\*((?:SF|MBS|C)-\d+[^*]*)\*\*", re.MULTILINE)
CLAIM = re.compile(r"\bImplements\b([^.:;]*)")
TEST_NAME_ID = re.compile(r"(?<![a-z0-9])(sf|mbs|c)_(\d+)(?![0-9])")

_DEFINITIONS = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


@dataclass(frozen=True)
class Claim:
    """A function or class whose docstring claims a rule: where it is and its name."""

    path: str
    line: int
    name: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.name}"


@dataclass(frozen=True)
class IndexEntry:
    """One row of the rule index: a rule, its page and anchor, its claims and its tests."""

    rule: str
    page: str | None
    anchor: str
    claims: tuple[Claim, ...]
    tests: tuple[str, ...]


def ids(text: str) -> list[str]:
    """The rule ids (SF-n, MBS-n, C-n) in ``text``, in order."""
    return [f"{family}-{number}" for family, number in RULE_ID.findall(text)]


def rule_order(rule: str) -> tuple[str, int]:
    """A sort key: the family, then the number (SF-9 before SF-10)."""
    family, _, number = rule.partition("-")
    return family, int(number)


def defined_ids(pages: Mapping[str, str]) -> dict[str, str]:
    """The ids the pages define, each with the page that defines it first."""
    found: dict[str, str] = {}
    for page, text in pages.items():
        for span in DEFINITION.findall(text):
            for rule in ids(span):
                found.setdefault(rule, page)
    return found


def _definitions(tree: ast.Module) -> Iterable[tuple[str, _DEFINITIONS]]:
    """Every function and class of a module with its qualified name (``Options.check``)."""
    pending: list[tuple[str, ast.AST]] = [("", tree)]
    while pending:
        prefix, node = pending.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _DEFINITIONS):
                name = prefix + child.name
                yield name, child
                pending.append((name + ".", child))
            else:
                pending.append((prefix, child))


def claims(sources: Mapping[str, str]) -> tuple[dict[str, list[Claim]], list[str]]:
    """Who claims each id, and the module docstrings that claim one."""
    claimed: dict[str, list[Claim]] = {}
    in_modules: list[str] = []
    for path, text in sources.items():
        tree = ast.parse(text)
        module_doc = ast.get_docstring(tree) or ""
        for clause in CLAIM.findall(module_doc):
            in_modules += [f"{path}: module docstring claims {rule}" for rule in ids(clause)]
        for name, node in _definitions(tree):
            for clause in CLAIM.findall(ast.get_docstring(node) or ""):
                for rule in ids(clause):
                    claimed.setdefault(rule, []).append(Claim(path, node.lineno, name))
    for where in claimed.values():
        where.sort(key=lambda claim: (claim.path, claim.line))
    return claimed, in_modules


def naming_tests(tests: Mapping[str, str]) -> dict[str, list[str]]:
    """For each id, the tests (``path::name``) that name it, in their name or docstring."""
    found: dict[str, list[str]] = {}
    for path, text in tests.items():
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not node.name.startswith("test"):
                continue
            named = {f"{f.upper()}-{n}" for f, n in TEST_NAME_ID.findall(node.name)}
            named |= set(ids(ast.get_docstring(node) or ""))
            for rule in named:
                found.setdefault(rule, []).append(f"{path}::{node.name}")
    for where in found.values():
        where.sort()
    return found


def problems(
    pages: Mapping[str, str], sources: Mapping[str, str], tests: Mapping[str, str]
) -> list[str]:
    """Everything wrong with the claims and the tests of the rules, one line each."""
    defined = defined_ids(pages)
    claimed, in_modules = claims(sources)
    tested = naming_tests(tests)
    families = {rule.partition("-")[0] for rule in defined}
    found: list[str] = []
    for rule in sorted(defined, key=rule_order):
        if not claimed.get(rule):
            found.append(f"{rule} ({defined[rule]}): claimed by no function or class")
        if rule not in tested:
            found.append(f"{rule} ({defined[rule]}): named by no test")
    for rule in sorted(claimed, key=rule_order):
        where = ", ".join(str(claim) for claim in claimed[rule])
        if len(claimed[rule]) > 1:
            found.append(f"{rule}: claimed {len(claimed[rule])} times: {where}")
        if rule not in defined and rule.partition("-")[0] in families:
            found.append(f"{rule}: claimed by {where} but defined on no rules page")
    return found + in_modules


def anchor_page(rule: str, pages: Mapping[str, str]) -> str | None:
    """The page that sets the anchor of ``rule`` (``{#sf-15}`` or ``id="sf-15"``), if any."""
    anchor = rule.lower()
    for page, text in pages.items():
        if f"{{#{anchor}}}" in text or f'id="{anchor}"' in text:
            return page
    return None


def rule_index(
    pages: Mapping[str, str], sources: Mapping[str, str], tests: Mapping[str, str]
) -> list[IndexEntry]:
    """The rule index: every rule the pages define or the code claims, in page order.

    The rules of the first page come first (pages in the order given), each family in
    number order; a claimed id without an anchor on any page comes last, with no page.
    """
    defined = defined_ids(pages)
    claimed, _ = claims(sources)
    tested = naming_tests(tests)
    order = {page: position for position, page in enumerate(pages)}
    entries = []
    for rule in set(defined) | set(claimed):
        page = anchor_page(rule, pages)
        entries.append(
            IndexEntry(
                rule=rule,
                page=page,
                anchor=rule.lower(),
                claims=tuple(claimed.get(rule, ())),
                tests=tuple(tested.get(rule, ())),
            )
        )
    return sorted(
        entries,
        key=lambda entry: (
            order.get(entry.page, len(order)) if entry.page else len(order),
            rule_order(entry.rule),
        ),
    )


def read(paths: Iterable[Path], root: Path = ROOT) -> dict[str, str]:
    """The text of each file, keyed by its path relative to ``root``."""
    return {str(path.relative_to(root)): path.read_text(encoding="utf-8") for path in paths}


def project(root: Path = ROOT) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The project's rules pages, sources and tests, as the checks and the index read them."""
    pages = read(sorted((root / "docs" / "rules").glob("*.md")), root)
    sources = read(sorted((root / "src").rglob("*.py")), root)
    tests = read(sorted((root / "tests").rglob("*.py")), root)
    return pages, sources, tests

"""Every rule of the rules pages lives in one place and is tested.

A rule id is *defined* by a list item of ``docs/rules/*.md`` that opens with it in bold
(``- **SF-15** ...``, ``- **SF-3, SF-4** ...``, ``- **MBS-4 / MBS-5 / MBS-6 — singing.**``);
ids merely mentioned elsewhere on a page define nothing. Each defined id must be

* *claimed* by exactly one function or class in ``src/``: its docstring says
  ``Implements`` followed by the id, up to the end of that sentence or clause
  (``Implements SF-15 and SF-16.``; in ``Implements C-6 for Spoil Five: ... (SF-10)``
  only C-6 is claimed). Other docstrings may mention a rule (``see SF-12``); a module
  docstring may not claim one, and no id, defined or not, may be claimed twice;
* *named* by at least one test in ``tests/``: a test function whose name contains the
  id (``test_sf_15_...``, ``test_mbs_3_...``), or whose docstring contains it.

An id claimed in ``src/`` of a family the pages define (SF, MBS) but defined on no page is
an error too (a typo, or a rule the pages lost).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULE_ID = re.compile(r"\b(SF|MBS|C)-(\d+)\b")
DEFINITION = re.compile(r"^\s*[-*]\s+\*\*((?:SF|MBS|C)-\d+[^*]*)\*\*", re.MULTILINE)
CLAIM = re.compile(r"\bImplements\b([^.:;]*)")
TEST_NAME_ID = re.compile(r"(?<![a-z0-9])(sf|mbs|c)_(\d+)(?![0-9])")


def _ids(text: str) -> list[str]:
    return [f"{family}-{number}" for family, number in RULE_ID.findall(text)]


def _order(rule: str) -> tuple[str, int]:
    family, _, number = rule.partition("-")
    return family, int(number)


def defined_ids(pages: Mapping[str, str]) -> dict[str, str]:
    """The ids the pages define, each with the page that defines it first."""
    found: dict[str, str] = {}
    for page, text in pages.items():
        for span in DEFINITION.findall(text):
            for rule in _ids(span):
                found.setdefault(rule, page)
    return found


def claims(sources: Mapping[str, str]) -> tuple[dict[str, list[str]], list[str]]:
    """Who claims each id (``path:line name``), and the module docstrings that claim one."""
    claimed: dict[str, list[str]] = {}
    in_modules: list[str] = []
    for path, text in sources.items():
        tree = ast.parse(text)
        module_doc = ast.get_docstring(tree) or ""
        for clause in CLAIM.findall(module_doc):
            in_modules += [f"{path}: module docstring claims {rule}" for rule in _ids(clause)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            doc = ast.get_docstring(node) or ""
            for clause in CLAIM.findall(doc):
                for rule in _ids(clause):
                    claimed.setdefault(rule, []).append(f"{path}:{node.lineno} {node.name}")
    return claimed, in_modules


def named_ids(tests: Mapping[str, str]) -> set[str]:
    """The ids that some test names, in its function name or in its docstring."""
    found: set[str] = set()
    for text in tests.values():
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not node.name.startswith("test"):
                continue
            found |= {f"{f.upper()}-{n}" for f, n in TEST_NAME_ID.findall(node.name)}
            found |= set(_ids(ast.get_docstring(node) or ""))
    return found


def problems(
    pages: Mapping[str, str], sources: Mapping[str, str], tests: Mapping[str, str]
) -> list[str]:
    """Everything wrong with the claims and the tests of the rules, one line each."""
    defined = defined_ids(pages)
    claimed, in_modules = claims(sources)
    tested = named_ids(tests)
    families = {rule.partition("-")[0] for rule in defined}
    found: list[str] = []
    for rule in sorted(defined, key=_order):
        where = claimed.get(rule, [])
        if not where:
            found.append(f"{rule} ({defined[rule]}): claimed by no function or class")
        if rule not in tested:
            found.append(f"{rule} ({defined[rule]}): named by no test")
    for rule in sorted(claimed, key=_order):
        where = claimed[rule]
        if len(where) > 1:
            found.append(f"{rule}: claimed {len(where)} times: {', '.join(where)}")
        if rule not in defined and rule.partition("-")[0] in families:
            found.append(f"{rule}: claimed by {', '.join(where)} but defined on no rules page")
    return found + in_modules


def _read(paths: Iterable[Path]) -> dict[str, str]:
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in paths}


def _project() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    pages = _read(sorted((ROOT / "docs" / "rules").glob("*.md")))
    sources = _read(sorted((ROOT / "src").rglob("*.py")))
    tests = _read(sorted((ROOT / "tests").rglob("*.py")))
    return pages, sources, tests


def test_the_rules_pages_define_the_rule_ids() -> None:
    pages, _, _ = _project()
    defined = defined_ids(pages)
    assert {f"SF-{n}" for n in range(1, 26)} <= set(defined)
    assert {f"MBS-{n}" for n in range(1, 16)} <= set(defined)


def test_every_rule_is_claimed_by_one_function_and_named_by_a_test() -> None:
    found = problems(*_project())
    assert not found, "rule claims and tests:\n" + "\n".join(found)


# --- the checker itself, on made-up texts --------------------------------------------------

PAGE = """\
# Made-up rules

- **SF-1** The pack.
- **SF-2, SF-3** Trumps and their order.
- **MBS-4 / MBS-5 — singing.** A flush sings.
- **MBS-6.** Four suits sing.

Not a definition: **See SF-9** in a paragraph, nor a list item that only mentions SF-7,
nor a bold note:
- **Fiving needs cards (SF-8).** A decision, not a rule.
"""

SOURCE = '''\
"""A made-up engine."""


def deal():
    """Implements SF-1."""


def order():
    """Implements SF-2 and SF-3: trumps (see MBS-6)."""


class Singing:
    """Implements MBS-4, MBS-5 and MBS-6."""
'''

TESTS = '''\
def test_sf_1_the_pack():
    pass


def test_sf_2_and_sf_3_trumps():
    pass


def test_a_flush_sings():
    """MBS-4 and MBS-5: a flush sings."""


def test_mbs_6_four_suits():
    pass
'''


def test_the_checker_passes_a_consistent_project() -> None:
    assert defined_ids({"page.md": PAGE}) == dict.fromkeys(
        ["SF-1", "SF-2", "SF-3", "MBS-4", "MBS-5", "MBS-6"], "page.md"
    )
    assert problems({"page.md": PAGE}, {"engine.py": SOURCE}, {"test.py": TESTS}) == []


def test_the_checker_catches_a_missing_claim() -> None:
    source = SOURCE.replace('"""Implements SF-1."""', '"""Deals (see SF-1)."""')
    assert problems({"page.md": PAGE}, {"engine.py": source}, {"test.py": TESTS}) == [
        "SF-1 (page.md): claimed by no function or class"
    ]


def test_the_checker_catches_a_double_claim() -> None:
    twice = SOURCE + '\n\ndef rob():\n    """Implements SF-3; robbing."""\n'
    assert problems({"page.md": PAGE}, {"engine.py": twice}, {"test.py": TESTS}) == [
        "SF-3: claimed 2 times: engine.py:8 order, engine.py:16 rob"
    ]


def test_the_checker_catches_an_untested_rule() -> None:
    tests = TESTS.replace("def test_mbs_6_four_suits", "def test_mbs_16_four_suits")
    assert problems({"page.md": PAGE}, {"engine.py": SOURCE}, {"test.py": tests}) == [
        "MBS-6 (page.md): named by no test"
    ]


def test_the_checker_catches_claims_of_unknown_rules_and_in_module_docstrings() -> None:
    source = SOURCE.replace('"""A made-up engine."""', '"""Implements SF-1 for the lot."""')
    source += '\n\ndef stray():\n    """Implements SF-26 and C-9."""\n'
    assert problems({"page.md": PAGE}, {"engine.py": source}, {"test.py": TESTS}) == [
        "SF-26: claimed by engine.py:16 stray but defined on no rules page",
        "engine.py: module docstring claims SF-1",
    ]

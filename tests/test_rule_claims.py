"""Every rule of the rules pages lives in one place and is tested.

The scan is ``tools/rule_claims.py`` (the docs' rule index is built from it too): each id
defined on a rules page must be *claimed* by exactly one function or class in ``src/``
(its docstring says ``Implements`` followed by the id; a module docstring may not claim
one, and no id, defined or not, may be claimed twice) and *named* by at least one test in
``tests/`` (in the test function's name, ``test_sf_15_...``, or in its docstring).

An id claimed in ``src/`` of a family the pages define (SF, MBS) but defined on no page is
an error too (a typo, or a rule the pages lost).
"""

from __future__ import annotations

from tools.rule_claims import claims, defined_ids, problems, project, rule_index


def test_the_rules_pages_define_the_rule_ids() -> None:
    pages, _, _ = project()
    defined = defined_ids(pages)
    assert {f"SF-{n}" for n in range(1, 26)} <= set(defined)
    assert {f"MBS-{n}" for n in range(1, 16)} <= set(defined)


def test_every_rule_is_claimed_by_one_function_and_named_by_a_test() -> None:
    found = problems(*project())
    assert not found, "rule claims and tests:\n" + "\n".join(found)


def test_each_game_claims_its_own_rules() -> None:
    """An SF rule is implemented in the Spoil Five package, an MBS rule in My Bird Sings'."""
    _, sources, _ = project()
    claimed, _ = claims(sources)
    packages = {"SF": "src/cardrules/spoil_five/", "MBS": "src/cardrules/my_bird_sings/"}
    for rule, where in claimed.items():
        package = packages.get(rule.partition("-")[0])
        if package is not None:
            assert all(claim.path.startswith(package) for claim in where), (rule, where)


def test_the_shared_rules_live_outside_the_games() -> None:
    """A C-n rule, shared by both games, is claimed outside both game packages."""
    _, sources, _ = project()
    claimed, _ = claims(sources)
    games = ("src/cardrules/spoil_five/", "src/cardrules/my_bird_sings/")
    for rule, where in claimed.items():
        if rule.startswith("C-"):
            assert not any(claim.path.startswith(games) for claim in where), (rule, where)


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


def test_the_index_gives_each_rule_its_page_claim_and_tests() -> None:
    page = PAGE.replace("- **SF-1**", "- **SF-1**{#sf-1}").replace(
        "- **SF-2, SF-3**", '- **SF-2, SF-3**{#sf-2}<span id="sf-3"></span>'
    )
    index = rule_index({"page.md": page}, {"engine.py": SOURCE}, {"test.py": TESTS})
    assert [entry.rule for entry in index] == ["SF-1", "SF-2", "SF-3", "MBS-4", "MBS-5", "MBS-6"]
    first, second, third = index[:3]
    assert (first.page, first.anchor, [str(c) for c in first.claims], first.tests) == (
        "page.md",
        "sf-1",
        ["engine.py:4 deal"],
        ("test.py::test_sf_1_the_pack",),
    )
    assert [str(c) for c in third.claims] == ["engine.py:8 order"]
    assert second.tests == third.tests == ("test.py::test_sf_2_and_sf_3_trumps",)
    assert index[3].page is None  # MBS-4 has no anchor on the made-up page
    assert index[3].tests == ("test.py::test_a_flush_sings",)


def test_the_index_names_methods_by_their_class() -> None:
    source = 'class Options:\n    def check(self):\n        """Implements SF-1."""\n'
    (entry,) = rule_index({}, {"options.py": source}, {})
    assert (entry.page, [str(c) for c in entry.claims], entry.tests) == (
        None,
        ["options.py:2 Options.check"],
        (),
    )

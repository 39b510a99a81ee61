"""SplitMix64 on 64-bit words: one source, the same outputs in both builds.

``cardrules._shuffle`` runs its arithmetic on words that are native signed 64-bit
integers compiled and plain ints interpreted. The vectors below sit where the two
representations differ (the sign bit, all bits set, seeds and labels outside 0 to
``2**64 - 1``, refused Lemire draws); this directory also runs on the compiled build, so
they hold in both. The module must import in an environment without ``mypy_extensions``
(not a dependency): the word type is named for the type checker only.
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import _shuffle
from cardrules._shuffle import derive, derived_index, mix64, pick, seeded_top, splitmix64, top

MASK = 2**64 - 1
GAMMA = 0x9E3779B97F4A7C15


def reference_mix64(z: int) -> int:
    """SplitMix64's output function as published, on unbounded ints reduced mod 2**64."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


EDGES = [0, 1, 2**32 - 1, 2**32, 2**62, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 1, GAMMA]


def test_mix64_is_the_published_function_at_the_edges_and_on_random_words() -> None:
    rng = random.Random(64)
    words = EDGES + [rng.getrandbits(64) for _ in range(2000)]
    assert [mix64(word) for word in words] == [reference_mix64(word) for word in words]
    assert [mix64(word) for word in (0, 2**63 - 1, 2**63, 2**64 - 1)] == [
        0,
        6514504133438201533,  # 2**63 - 1
        2720858781877447050,  # 2**63
        13029008266876403067,  # 2**64 - 1
    ]


def test_splitmix64_wraps_its_state_at_2_to_the_64() -> None:
    assert splitmix64(2**63, 2) == (5196802822362493915, 14154714916085338130)
    assert splitmix64(2**64 - 1, 2) == (16490336266968443936, 16834447057089888969)
    state = 2**64 - 1
    for output in splitmix64(2**64 - 1, 20):
        state = (state + GAMMA) & MASK
        assert output == reference_mix64(state)


def test_shuffles_and_draws_from_states_with_the_sign_bit_set() -> None:
    assert top(list(range(13)), 2**64 - 1, 13) == (11, 8, 7, 3, 4, 9, 1, 5, 12, 6, 2, 0, 10)
    assert top(list(range(52)), 2**63, 5) == (14, 34, 7, 50, 1)
    assert seeded_top(tuple(range(52)), 2**63, 5) == (14, 34, 7, 50, 1)
    assert pick(2**64 - 1, 3) == 2
    assert pick(2**63, 2**56) == 20300011024853491
    assert pick(0, 1) == 0


def test_a_refused_draw_takes_the_next_output() -> None:
    """States whose first output Lemire's method refuses for this bound (2**64 % P large)."""
    bound = 3 * 2**54 + 1
    threshold = 2**64 % bound
    for state in (891, 1209, 1508):
        assert reference_mix64((state + GAMMA) & MASK) * bound & MASK < threshold
    assert [pick(state, bound) for state in (891, 1209, 1508)] == [
        20249445723781027,
        18190587720416434,
        3704246959562743,
    ]


@pytest.mark.parametrize(
    ("seed", "labels", "derived"),
    [
        (2**64 - 1, (), 6755974106381971767),
        (-(2**64), (2**64 - 1, -1), 17575198779310401836),
        (2**70 + 3, (0x5348,), 2477154787055577837),
        (0, (-(2**100),), 3400964856525257824),
    ],
)
def test_derivations_of_seeds_and_labels_outside_one_word(
    seed: int, labels: tuple[int, ...], derived: int
) -> None:
    assert derive(seed, labels) == derived
    assert derived_index(seed, labels, 7, False) == pick(derived, 7)


def test_the_word_type_is_imported_for_the_type_checker_only() -> None:
    """Every import of mypy_extensions in the module sits under ``if TYPE_CHECKING:``."""
    source = (Path(__file__).resolve().parents[2] / "src/cardrules/_shuffle.py").read_text()
    tree = ast.parse(source)
    guarded = {
        id(node)
        for branch in ast.walk(tree)
        if isinstance(branch, ast.If) and ast.unparse(branch.test) == "TYPE_CHECKING"
        for node in ast.walk(branch)
    }
    imports = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "mypy_extensions"
    ]
    assert imports
    assert all(id(node) in guarded for node in imports)


def test_the_module_deals_where_mypy_extensions_cannot_be_imported() -> None:
    script = (
        "import sys; sys.modules['mypy_extensions'] = None\n"  # any import of it now fails
        "from cardrules import _shuffle, spoil_five, my_bird_sings\n"
        "spoil_five.new_game(seed=1); my_bird_sings.new_game(seed=2)\n"
        "print(_shuffle.derive(-7, (1,)), _shuffle.seeded_top(tuple(range(52)), 2**63, 5))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.split(" ", 1) == [
        "12432842107395311874",
        "(14, 34, 7, 50, 1)\n",
    ]
    assert _shuffle.derive(-7, (1,)) == 12432842107395311874

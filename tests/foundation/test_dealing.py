"""Seeded shuffling: the same seed gives the same pack order everywhere."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import FULL_PACK, SHORT_PACK, OptionsError, format_cards
from cardrules.dealing import derive_seed, seed_key, shuffled

SCRIPT = (
    "from cardrules.dealing import shuffled, derive_seed;"
    "from cardrules import FULL_PACK, format_cards;"
    "print(format_cards(shuffled(FULL_PACK, 2026)), derive_seed(2026, 3, 4))"
)


def test_same_seed_same_order_in_processes_with_different_hash_seeds() -> None:
    outputs = set()
    for hash_seed in ("0", "1", "12345", "random"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
    here = f"{format_cards(shuffled(FULL_PACK, 2026))} {derive_seed(2026, 3, 4)}\n"
    assert outputs == {here}


def test_known_order_is_pinned() -> None:
    """A golden value: changing the shuffle would silently change every recorded game."""
    assert format_cards(shuffled(FULL_PACK, 0, count=6)) == format_cards(shuffled(FULL_PACK, 0)[:6])
    assert format_cards(shuffled(FULL_PACK, 7, count=5)) == "4H 9S 9D 7S 4D"


@given(st.integers(), st.integers(min_value=0, max_value=32))
def test_a_partial_deal_is_the_top_of_the_full_shuffle(seed: int, count: int) -> None:
    assert shuffled(SHORT_PACK, seed, count=count) == shuffled(SHORT_PACK, seed)[:count]


@given(st.integers())
def test_a_shuffle_is_a_permutation(seed: int) -> None:
    assert sorted(shuffled(FULL_PACK, seed)) == list(FULL_PACK)


def test_a_callers_random_is_used_and_advanced() -> None:
    rng = random.Random(5)
    first = shuffled(FULL_PACK, rng)
    second = shuffled(FULL_PACK, rng)
    assert first != second
    assert first == shuffled(FULL_PACK, random.Random(5))


@pytest.mark.parametrize("seed", [1.5, "7", None, True])
def test_bad_seeds_are_options_errors(seed: object) -> None:
    with pytest.raises(OptionsError, match="seed"):
        shuffled(FULL_PACK, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [-1, 53, 2.0, True])
def test_bad_counts_are_options_errors(count: object) -> None:
    with pytest.raises(OptionsError, match="count"):
        shuffled(FULL_PACK, 1, count=count)  # type: ignore[arg-type]


def test_derived_seeds_differ_by_label_and_fit_64_bits() -> None:
    seeds = {derive_seed(1, deal) for deal in range(1000)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**64 for s in seeds)
    assert derive_seed(1, 2, 3) != derive_seed(1, 23)


def test_every_seed_deals_its_own_cards() -> None:
    """Seeds s and -s, and s and s + 2**64, deal different packs and derive different seeds.

    Seeds from 0 to 2**64 - 1 deal as they always have (their key is themselves).
    """
    for seed in [1, 2, 7, 99, 2**31, 2**63, 2**64 - 1]:
        assert shuffled(FULL_PACK, seed) != shuffled(FULL_PACK, -seed)
        assert shuffled(FULL_PACK, seed) != shuffled(FULL_PACK, seed + 2**64)
        assert derive_seed(seed, 1) != derive_seed(-seed, 1)
        assert derive_seed(seed, 1) != derive_seed(seed + 2**64, 1)
        assert shuffled(FULL_PACK, seed) == shuffled(FULL_PACK, random.Random(seed))
    assert derive_seed(-1, 5) != derive_seed(2**64 - 1, 5)
    keys = {seed_key(seed) for seed in range(-3000, 3000)}
    keys |= {seed_key(2**64 + k) for k in range(-3000, 3000)}
    assert len(keys) == 12000  # one key per seed
    assert all(key >= 0 for key in keys)


def test_an_int_seed_gives_the_stream_of_a_fresh_random_whatever_came_before() -> None:
    """Int seeds reuse a scratch generator per thread: it must hold nothing between calls."""

    def reference(seed: int, count: int) -> tuple[int, ...]:
        return shuffled(tuple(range(52)), random.Random(seed_key(seed)), count=count)

    rng = random.Random(3)
    for _ in range(200):
        seed = rng.choice([rng.randrange(2**70) - 2**69, rng.randrange(100)])
        count = rng.randrange(53)
        shuffled(FULL_PACK, rng.randrange(10**6), count=rng.randrange(53))  # disturb it
        assert shuffled(tuple(range(52)), seed, count=count) == reference(seed, count)
    results: list[bool] = []

    def worker(offset: int) -> None:
        results.extend(
            shuffled(tuple(range(52)), offset + i, count=24) == reference(offset + i, 24)
            for i in range(300)
        )

    threads = [threading.Thread(target=worker, args=(1000 * k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [True] * 1200

"""Seeded shuffling: one generator (SplitMix64), the same seed the same order everywhere.

The test vectors below pin the generator, the shuffle and the derivation; this directory
also runs on the compiled build (``.ci/run``), so they hold in both builds. Changing any
of them changes how every seed deals: a new record version (see ``cardrules.records``).
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import FULL_PACK, SHORT_PACK, OptionsError, format_cards
from cardrules._shuffle import mix64, pick, splitmix64, top
from cardrules.dealing import (
    derive_seed,
    legacy_derive_seed,
    legacy_shuffled,
    seed_key,
    shuffled,
)

SCRIPT = (
    "from cardrules.dealing import shuffled, derive_seed;"
    "from cardrules import FULL_PACK, format_cards;"
    "print(format_cards(shuffled(FULL_PACK, 2026)), derive_seed(2026, 3, 4))"
)


def test_splitmix64_gives_its_reference_outputs() -> None:
    """The published outputs of SplitMix64 (seeds 1234567 and 0)."""
    assert splitmix64(1234567, 5) == (
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    )
    assert splitmix64(0, 1) == (0xE220A8397B1DCDAF,)


@pytest.mark.parametrize(
    ("seed", "top_eight", "one", "three_four"),
    [
        (0, "7C 10C 4D 4S 9D QC 3C 10H", 5067554077270220563, 17831583596749392719),
        (7, "8H 2H 5C JH 4C 2C 8S AC", 14574897457539200646, 16720282609869059740),
        (2026, "6C 7D 4S AD 6S 10H 4D 7H", 4848694390328384548, 15504826674081928699),
        (-7, "3C 5C 2D 7H JC 8D 2C KH", 12432842107395311874, 4790165182055671697),
        (2**64 + 5, "8H KC 2C JS KS 8C 9C 2S", 6221289097759712007, 16641888586739215213),
    ],
)
def test_seeds_deal_and_derive_as_pinned(
    seed: int, top_eight: str, one: int, three_four: int
) -> None:
    """Golden values: changing the mapping would silently change every game from a seed."""
    assert format_cards(shuffled(FULL_PACK, seed, count=8)) == top_eight
    assert (derive_seed(seed, 1), derive_seed(seed, 3, 4)) == (one, three_four)


def test_the_short_pack_order_is_pinned() -> None:
    assert format_cards(shuffled(SHORT_PACK, 1)) == (
        "8D JS 8S 10C 10H 7D 8H JC JD 10S 9H 8C 7C 7S 10D AD AC QC 9S KC KD AS KS KH JH 9C "
        "9D QS AH QH 7H QD"
    )


def _outputs(state: int) -> Iterator[int]:
    while True:
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        yield mix64(state)


def _reference_top(items: list[int], state: int, count: int) -> tuple[tuple[int, ...], int]:
    """The shuffle as its documentation states it, written independently of ``top``.

    Bounds n, n-1, ... are grouped greedily while their product stays at most 2**56; one
    accepted SplitMix64 output x gives the batch's number x * P // 2**64 (Lemire), whose
    digits in the mixed radix of the bounds (first bound most significant) are the draws.
    Returns the top ``count`` cards and the number of outputs refused.
    """
    n = len(items)
    pool = list(items)
    position = 0
    refused = 0
    outputs = _outputs(state)
    while position < min(count, n - 1):
        bounds = [n - position]
        while (
            position + len(bounds) < n - 1
            and bounds_product(bounds) * (n - position - len(bounds)) <= 2**56
        ):
            bounds.append(n - position - len(bounds))
        product = bounds_product(bounds)
        x = next(outputs)
        while x * product % 2**64 < 2**64 % product:
            x = next(outputs)
            refused += 1
        number = x * product // 2**64
        digits = []
        for bound in reversed(bounds):
            number, digit = divmod(number, bound)
            digits.append(digit)
        for offset, digit in enumerate(reversed(digits)):
            i = position + offset
            pool[i], pool[i + digit] = pool[i + digit], pool[i]
        position += len(bounds)
    return tuple(pool[:count]), refused


def bounds_product(bounds: list[int]) -> int:
    product = 1
    for bound in bounds:
        product *= bound
    return product


def test_the_shuffle_is_the_documented_batched_lemire_fisher_yates() -> None:
    """2,000 states and several pack sizes: the shuffle matches the written-out algorithm.

    Among them are batches whose first output is refused (Lemire's rejection), counted to
    show that the path is taken.
    """
    refused = 0
    for state in range(2000):
        for n in (2, 5, 13, 32, 52):
            expected, outputs_refused = _reference_top(list(range(n)), state, n)
            assert top(list(range(n)), state, n) == expected
            refused += outputs_refused
    assert refused > 0


def test_bounded_draws_are_uniform() -> None:
    """Every order of four cards comes up equally often (chi-square, 23 degrees of freedom)."""
    counts = Counter(shuffled("abcd", seed) for seed in range(48_000))
    assert len(counts) == 24
    chi_square = sum((count - 2000) ** 2 / 2000 for count in counts.values())
    assert chi_square < 60  # p < 0.0001 for a fair shuffle
    # A bound that refuses a quarter of the outputs still draws exactly and uniformly.
    bound = 3 * 2**62
    draws = [pick(state, bound) for state in range(4000)]
    assert all(0 <= draw < bound for draw in draws)
    thirds = Counter(draw * 3 // bound for draw in draws)
    assert all(1200 < thirds[k] < 1467 for k in range(3))


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


@given(st.integers(), st.integers(min_value=0, max_value=32))
def test_a_partial_deal_is_the_top_of_the_full_shuffle(seed: int, count: int) -> None:
    assert shuffled(SHORT_PACK, seed, count=count) == shuffled(SHORT_PACK, seed)[:count]
    assert (
        legacy_shuffled(SHORT_PACK, seed, count=count) == legacy_shuffled(SHORT_PACK, seed)[:count]
    )


@given(st.integers())
def test_a_shuffle_is_a_permutation(seed: int) -> None:
    assert sorted(shuffled(FULL_PACK, seed)) == list(FULL_PACK)


def test_a_callers_random_stands_for_the_64_bits_it_draws() -> None:
    rng = random.Random(5)
    first = shuffled(FULL_PACK, rng)
    second = shuffled(FULL_PACK, rng)
    assert first != second
    drawn = random.Random(5)
    assert first == shuffled(FULL_PACK, drawn.getrandbits(64))
    assert second == shuffled(FULL_PACK, drawn.getrandbits(64))


@pytest.mark.parametrize("seed", [1.5, "7", None, True])
def test_bad_seeds_are_options_errors(seed: object) -> None:
    with pytest.raises(OptionsError, match="seed"):
        shuffled(FULL_PACK, seed)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="seed"):
        legacy_shuffled(FULL_PACK, seed)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="seed"):
        derive_seed(seed)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="label"):
        derive_seed(1, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [-1, 53, 2.0, True])
def test_bad_counts_are_options_errors(count: object) -> None:
    with pytest.raises(OptionsError, match="count"):
        shuffled(FULL_PACK, 1, count=count)  # type: ignore[arg-type]


def test_derived_seeds_differ_by_label_and_fit_64_bits() -> None:
    seeds = {derive_seed(1, deal) for deal in range(1000)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**64 for s in seeds)
    assert derive_seed(1, 2, 3) != derive_seed(1, 23)
    assert derive_seed(1, 2) != derive_seed(1, 2, 0) != derive_seed(1)


def test_the_collisions_of_the_old_derivation_are_gone() -> None:
    """Issue 25's examples: the old derivation depended only on ``seed ^ label``."""
    for a, b in [((0, 1), (1, 0)), ((6, 3), (7, 2)), ((7, 3, 9), (4, 0, 9))]:
        assert legacy_derive_seed(*a) == legacy_derive_seed(*b)
        assert derive_seed(*a) != derive_seed(*b)


def test_no_two_distinct_keys_on_a_grid_derive_one_seed() -> None:
    """Base seeds and labels as simulations and sessions use them, and their neighbours.

    Seeds -300..300 and around 2**64, with one label 0..299 (deal numbers), two labels
    0..39 (deal, seat) and the in-deal labels (turn, 0x5348): 280,000 keys, all distinct
    seeds.
    """
    bases = [*range(-300, 301), *(2**64 + k for k in range(-20, 20))]
    keys: list[tuple[int, ...]] = [(base, label) for base in bases for label in range(300)]
    keys += [(base, a, b) for base in range(-50, 51) for a in range(40) for b in range(40)]
    keys += [(base, turn, 0x5348) for base in range(200) for turn in range(60)]
    keys += [(base,) for base in bases]
    assert len(set(keys)) == len(keys)
    seeds = {derive_seed(*key) for key in keys}
    assert len(seeds) == len(keys)


def test_ten_base_seeds_give_ten_runs_of_distinct_deals() -> None:
    """Ten simulations of 10,000 deals, base seeds 0-9, hold 100,000 distinct deals.

    Deal ``i`` of a simulation with base seed ``s`` is dealt from ``derive_seed(s, i)``
    (see ``cardrules.simulation``); the top 26 cards (a five-player Spoil Five deal and
    its turn-up) already differ. The bots' seeds ``derive_seed(s, i, seat + 1)`` differ
    from each other too. (The old derivation gave 1,008 distinct deals in ten runs of
    1,000.)
    """
    deals: set[tuple[object, ...]] = set()
    bot_seeds: set[int] = set()
    for base in range(10):
        for index in range(10_000):
            deals.add(shuffled(FULL_PACK, derive_seed(base, index), count=26))
            if index < 1000:
                bot_seeds.update(derive_seed(base, index, seat + 1) for seat in range(5))
    assert len(deals) == 100_000
    assert len(bot_seeds) == 50_000


def test_every_seed_deals_its_own_cards() -> None:
    """Seeds s and -s, and s and s + 2**64, deal different packs and derive different seeds."""
    for seed in [1, 2, 7, 99, 2**31, 2**63, 2**64 - 1]:
        assert shuffled(FULL_PACK, seed) != shuffled(FULL_PACK, -seed)
        assert shuffled(FULL_PACK, seed) != shuffled(FULL_PACK, seed + 2**64)
        assert derive_seed(seed, 1) != derive_seed(-seed, 1)
        assert derive_seed(seed, 1) != derive_seed(seed + 2**64, 1)
    assert derive_seed(-1, 5) != derive_seed(2**64 - 1, 5)
    keys = {seed_key(seed) for seed in range(-3000, 3000)}
    keys |= {seed_key(2**64 + k) for k in range(-3000, 3000)}
    assert len(keys) == 12000  # one key per seed
    assert all(key >= 0 for key in keys)
    packs = {shuffled(FULL_PACK, seed, count=10) for seed in range(-3000, 3000)}
    assert len(packs) == 6000


def test_mix64_is_a_bijection_on_a_sample_of_words() -> None:
    words = [*range(5000), *(2**64 - 1 - k for k in range(5000)), *(k << 40 for k in range(5000))]
    assert len({mix64(word) for word in words}) == len(set(words))


def test_the_legacy_mapping_is_pinned() -> None:
    """Record versions 1 and 2 dealt with Python's Mersenne Twister and the old derivation."""
    assert format_cards(legacy_shuffled(FULL_PACK, 7, count=5)) == "4H 9S 9D 7S 4D"
    assert legacy_shuffled("abcde", 1) == ("a", "e", "b", "d", "c")
    assert [
        legacy_derive_seed(0, 1),
        legacy_derive_seed(7, 3, 9),
        legacy_derive_seed(-5, 2),
        legacy_derive_seed(2**70, 1, 2),
    ] == [16860738450190168606, 9595351331149850955, 17376341630169383703, 12647665173227751764]


def test_the_legacy_shuffle_is_a_fresh_random_whatever_came_before() -> None:
    """It reuses a scratch generator per thread: the generator must hold nothing between calls."""

    def reference(seed: int, count: int) -> tuple[int, ...]:
        rand = random.Random(seed_key(seed)).random
        pool = list(range(52))
        for i in range(count):
            j = i + int(rand() * (52 - i))
            pool[i], pool[j] = pool[j], pool[i]
        return tuple(pool[:count])

    rng = random.Random(3)
    for _ in range(200):
        seed = rng.choice([rng.randrange(2**70) - 2**69, rng.randrange(100)])
        count = rng.randrange(53)
        legacy_shuffled(FULL_PACK, rng.randrange(10**6), count=rng.randrange(53))  # disturb it
        assert legacy_shuffled(tuple(range(52)), seed, count=count) == reference(seed, count)
    results: list[bool] = []

    def worker(offset: int) -> None:
        results.extend(
            legacy_shuffled(tuple(range(52)), offset + i, count=24) == reference(offset + i, 24)
            for i in range(300)
        )

    threads = [threading.Thread(target=worker, args=(1000 * k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [True] * 1200


def test_all_orders_of_a_small_pack_are_reachable() -> None:
    """Every one of the 120 orders of five cards is dealt by some seed below 2,000."""
    orders = {shuffled("abcde", seed) for seed in range(2000)}
    assert orders == set(itertools.permutations("abcde"))

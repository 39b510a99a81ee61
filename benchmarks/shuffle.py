"""The seed mapping's cost: SplitMix64 against the Mersenne Twister mapping it replaced.

Times, in interleaved rounds in one process, the engines' shuffle of a deal
(``_shuffle.seeded_top``: the top cards of a pack from an int seed) against the
version-2 shuffle kept for old records (``_shuffle.legacy_top``: a Mersenne Twister
reseeded per deal), the two seed derivations and a draw inside a deal (the shown set's
``derived_index``). Run it under the pure build, and under the compiled build, where
``_shuffle`` is compiled::

    PYTHONPATH=src python benchmarks/shuffle.py --rounds 15

Prints the best and the median cost per call over the rounds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from cardrules import _shuffle
from cardrules._shuffle import derive, derived_index, legacy_derive, legacy_top, seeded_top
from cardrules.cards import FULL_PACK

CALLS = 1000
SEEDS = range(10**12, 10**12 + CALLS)


def _cases() -> dict[str, Callable[[], object]]:
    pack = FULL_PACK
    return {
        "deal 26 of 52 cards, SplitMix64": lambda: [seeded_top(pack, s, 26) for s in SEEDS],
        "deal 26 of 52 cards, Mersenne Twister": lambda: [legacy_top(pack, s, 26) for s in SEEDS],
        "deal 24 of 52 cards, SplitMix64": lambda: [seeded_top(pack, s, 24) for s in SEEDS],
        "deal 24 of 52 cards, Mersenne Twister": lambda: [legacy_top(pack, s, 24) for s in SEEDS],
        "derive_seed(seed, n), every word mixed": lambda: [derive(s, (7,)) for s in SEEDS],
        "derive_seed(seed, n), version 2": lambda: [legacy_derive(s, (7,)) for s in SEEDS],
        "derived_index(seed, (turn, label), 2)": lambda: [
            derived_index(s, (3, 0x5348), 2, False) for s in SEEDS
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    cases = _cases()
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(rounds):
        for name, case in cases.items():
            start = time.perf_counter()
            case()
            times[name].append((time.perf_counter() - start) / CALLS * 1e6)
    compiled = not _shuffle.__file__.endswith(".py")
    print(
        f"cardrules._shuffle {'compiled' if compiled else 'interpreted'}, "
        f"{rounds} interleaved rounds of {CALLS} calls"
    )
    for name, values in times.items():
        print(
            f"  {name:<42} best {min(values):6.2f} us   median {statistics.median(values):6.2f} us"
        )


if __name__ == "__main__":
    main()

"""The generator behind every seed: SplitMix64, its shuffle and its derivation (internal).

One well-known 64-bit generator deals every game: **SplitMix64** (Steele, Lea and Flood,
"Fast splittable pseudorandom number generators", OOPSLA 2014; the generator that seeds
Java's ``SplittableRandom`` and the xoshiro family). Its state is one 64-bit word; each
output adds the odd constant ``0x9E3779B97F4A7C15`` to the state and returns the state
passed through the mixing function :func:`mix64`. Its reference outputs (the same in
every implementation) pin it:

>>> for output in splitmix64(1234567, 5):
...     print(output)
6457827717110365317
3203168211198807973
9817491932198370423
4593380528125082431
16408922859458223821

Everything is plain integer arithmetic modulo ``2**64``, so it is the same on every
platform and in every process, and it costs nothing to start (no table to seed). The
module is compiled in the compiled build; :mod:`cardrules.dealing`, whose public
functions check their arguments and raise the documented ``OptionsError``, stays
interpreted and calls it with checked values, and so do the engines with values they
computed themselves.

The shuffle (:func:`top`) is a Fisher-Yates shuffle, top card first: position ``i`` of a
pack of ``n`` takes the card at a uniform position from ``i`` to ``n - 1``. The draws are
exact (no bias at all): consecutive bounds ``n - i`` are taken in batches whose product
``P`` is at most ``2**56``, and each batch is one 64-bit output ``x`` read as Lemire's
method reads a number below ``P`` (``x * P // 2**64``, the output refused and the next
one taken when ``x * P % 2**64 < 2**64 % P``, which happens less than once in 256
batches), the number written in the mixed radix of the batch's bounds. The batches
depend only on ``n``, so the top ``k`` cards of a shuffle are the first ``k`` of the full
shuffle.

The derivation (:func:`derive`) turns a seed and integer labels into a new 64-bit seed:
every word of the key, the labels' count last, is combined into a state by XOR and the
state mixed by one SplitMix64 output before the next word is combined. Each step is a
bijection of the state, so two keys of the same length that differ in one word, or that
agree after the first word where they differ, never derive the same seed:
``derive(s, (n,))`` differs from ``derive(s, (m,))`` and from ``derive(t, (n,))`` for
``m != n`` and ``t != s``. Any other two keys collide only as two random 64-bit numbers
do (about once in ``2**64``).

The mapping of record versions 1 and 2 (Python's Mersenne Twister, seeded with the seed's
key, and a derivation that combined every word before mixing, so that
``derive(0, 1) == derive(1, 0)``) is kept here only to replay those records
(:func:`legacy_top`, :func:`legacy_derive`).

>>> top(list("abcde"), 1, 5)
('c', 'e', 'a', 'b', 'd')
>>> legacy_top(list("abcde"), 1, 5)
('a', 'e', 'b', 'd', 'c')
"""

from __future__ import annotations

import _random
import random
import threading
from math import floor
from typing import Final, TypeVar

__all__ = [
    "derive",
    "derived_index",
    "derived_order",
    "key_of",
    "legacy_derive",
    "legacy_top",
    "mix64",
    "pack_top",
    "pick",
    "seeded_top",
    "splitmix64",
    "state_of",
    "top",
]

T = TypeVar("T")

_WIDTH: Final = 1 << 64
_MASK64: Final = _WIDTH - 1
_GAMMA: Final = 0x9E3779B97F4A7C15  # SplitMix64's increment: 2**64 over the golden ratio
_BATCH_LIMIT: Final = 1 << 56  # the largest product of bounds one output draws

# The batches of a pack of n cards: (first position, product of the bounds, Lemire's
# threshold 2**64 % product, segments), computed once per pack size. A batch's number is
# read in segments of consecutive positions whose bounds multiply to less than 2**30 (one
# digit of CPython's integers, where its arithmetic is quickest): a segment is (its first
# position, place value of its last digit in the batch's number, product of its bounds,
# and per position the position, the place value of its digit inside the segment and its
# bound).
_Segment = tuple[int, int, int, tuple[tuple[int, int, int], ...]]
_Batch = tuple[int, int, int, tuple[_Segment, ...]]
_PLANS: Final[dict[int, tuple[_Batch, ...]]] = {}
_SEGMENT_LIMIT: Final = 1 << 30


def mix64(z: int) -> int:
    """SplitMix64's output function: a bijection of 64-bit words that mixes every bit.

    >>> mix64(0), mix64(1) == mix64(2)
    (0, False)
    """
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def splitmix64(state: int, count: int) -> tuple[int, ...]:
    """The first ``count`` outputs of SplitMix64 from the 64-bit ``state`` (for reference)."""
    outputs: list[int] = []
    for _ in range(count):
        state = (state + _GAMMA) & _MASK64
        outputs.append(mix64(state))
    return tuple(outputs)


def _plan(n: int) -> tuple[_Batch, ...]:
    """The batches of bounds that shuffle a pack of ``n`` cards (see the module docs)."""
    plan = _PLANS.get(n)
    if plan is None:
        batches: list[_Batch] = []
        start = 0
        while start < n - 1:  # the last position has one choice: it draws nothing
            product = n - start
            end = start + 1
            while end < n - 1 and product * (n - end) <= _BATCH_LIMIT:
                product *= n - end
                end += 1
            batches.append((start, product, _WIDTH % product, _segments(n, start, end)))
            start = end
        plan = _PLANS[n] = tuple(batches)
    return plan


def _segments(n: int, start: int, end: int) -> tuple[_Segment, ...]:
    """Positions ``start`` to ``end - 1`` of a pack of ``n`` read as digits, in segments."""
    groups: list[list[int]] = [[]]  # the positions of each segment
    size = 1
    for i in range(start, end):
        if size * (n - i) >= _SEGMENT_LIMIT:
            groups.append([])
            size = 1
        groups[-1].append(i)
        size *= n - i
    segments: list[_Segment] = []
    below = 1  # the product of the bounds after the segment
    for positions in reversed(groups):
        steps: list[tuple[int, int, int]] = []
        place = 1
        for i in reversed(positions):
            steps.append((i, place, n - i))
            place *= n - i
        segments.append((positions[0], below, place, tuple(reversed(steps))))
        below *= place
    return tuple(reversed(segments))


def top(pool: list[T], state: int, count: int) -> tuple[T, ...]:
    """Shuffle ``pool`` in place with SplitMix64 from ``state``; return its top ``count``.

    ``state`` is a 64-bit word and ``count`` lies between 0 and ``len(pool)`` (trusted).
    It stops once the top ``count`` positions are drawn: the rest of ``pool`` is left
    partly shuffled.
    """
    for start, product, threshold, segments in _plan(len(pool)):
        if start >= count:
            break
        while True:  # Lemire: refuse the few outputs that would favour small numbers
            state = (state + _GAMMA) & _MASK64
            scaled = mix64(state) * product
            if scaled & _MASK64 >= threshold:
                break
        number = scaled >> 64  # below 2**56; its digits in the mixed radix of the bounds
        for first, below, size, steps in segments:
            if first >= count:
                break
            digits = number // below % size  # below 2**30: one-digit arithmetic from here
            for i, place, bound in steps:  # first bound first
                j = i + digits // place % bound
                pool[i], pool[j] = pool[j], pool[i]
    return tuple(pool[:count])


def pick(state: int, bound: int) -> int:
    """A uniform number from 0 to ``bound - 1`` (``bound >= 1``), SplitMix64 from ``state``.

    The first number :func:`top` would draw for a pack of ``bound`` cards.

    >>> pick(1, 3) == top([0, 1, 2], 1, 1)[0]
    True
    """
    threshold = _WIDTH % bound
    while True:
        state = (state + _GAMMA) & _MASK64
        x = mix64(state) * bound
        if x & _MASK64 >= threshold:
            return x >> 64


def key_of(seed: int) -> int:
    """The implementation of :func:`cardrules.dealing.seed_key`: one key per integer."""
    if 0 <= seed < _WIDTH:
        return seed
    if seed >= _WIDTH:
        return _WIDTH + 2 * (seed - _WIDTH)
    return _WIDTH + 2 * -seed - 1


def _key_words(key: int) -> list[int]:
    """The 64-bit words of a non-negative key, lowest first (one word for 0)."""
    words = [key & _MASK64]
    key >>= 64
    while key:
        words.append(key & _MASK64)
        key >>= 64
    return words


def derive(seed: int, labels: tuple[int, ...]) -> int:
    """The implementation of :func:`cardrules.dealing.derive_seed` (see the module docs).

    The words are the seed's key (lowest 64 bits first), each label modulo ``2**64``, and
    the number of labels; the state starts at 0 and takes each word as
    ``state = mix64(((state ^ word) + GAMMA) % 2**64)``, the first SplitMix64 output from
    ``state ^ word``.

    >>> derive(0, (1,)) == derive(1, (0,)), derive(7, (3, 9)) == derive(4, (0, 9))
    (False, False)
    >>> derive(7, ()) == splitmix64(mix64(7 + 0x9E3779B97F4A7C15), 1)[0]
    True
    """
    state = 0
    if 0 <= seed < _WIDTH:
        state = mix64((seed + _GAMMA) & _MASK64)
    else:
        for word in _key_words(key_of(seed)):
            state = mix64(((state ^ word) + _GAMMA) & _MASK64)
    for label in labels:
        state = mix64(((state ^ (label & _MASK64)) + _GAMMA) & _MASK64)
    return mix64(((state ^ len(labels)) + _GAMMA) & _MASK64)


def state_of(seed: int) -> int:
    """The SplitMix64 state a seed starts from: the seed itself from 0 to ``2**64 - 1``.

    Any other seed starts from the seed its key derives with no label
    (:func:`derive`), a state of its own.
    """
    return seed if 0 <= seed < _WIDTH else derive(seed, ())


def seeded_top(pack: tuple[T, ...] | list[T], seed: int, count: int) -> tuple[T, ...]:
    """The top ``count`` cards of ``pack`` shuffled from the int ``seed`` (trusted arguments).

    The same as :func:`cardrules.dealing.shuffled` (``pack, seed, count=count``), for the
    engines, which compute the seed and the count themselves.
    """
    return top(list(pack), seed if 0 <= seed < _WIDTH else derive(seed, ()), count)


def derived_order(
    items: list[T], seed: int, labels: tuple[int, ...], legacy: bool
) -> tuple[T, ...]:
    """``items`` shuffled from the seed derived from ``seed`` and ``labels`` (in place).

    The randomness inside a deal (the order a blind-drawn hand is offered in): the deal's
    seed and the step's labels derive the seed of one shuffle. ``legacy`` deals as record
    versions 1 and 2 did.
    """
    if legacy:
        return legacy_top(items, legacy_derive(seed, labels), len(items))
    return top(items, derive(seed, labels), len(items))


def derived_index(seed: int, labels: tuple[int, ...], bound: int, legacy: bool) -> int:
    """A uniform number below ``bound`` drawn from the seed ``seed`` and ``labels`` derive.

    The other randomness inside a deal (which of several sets a bird shows). ``legacy``
    draws as record versions 1 and 2 did (the derived seed modulo ``bound``).
    """
    if legacy:
        return legacy_derive(seed, labels) % bound
    return pick(derive(seed, labels), bound)


def pack_top(pack: tuple[T, ...], seed: int, count: int, legacy: bool) -> tuple[T, ...]:
    """The top ``count`` cards of ``pack`` shuffled from ``seed``; ``legacy`` as versions 1-2."""
    return legacy_top(pack, seed, count) if legacy else seeded_top(pack, seed, count)


# The mapping of record versions 1 and 2, kept only to replay those records.

_SCRATCH: Final = threading.local()
_SEED: Final = _random.Random.seed  # the C seeding that random.Random.seed(int) ends in


def legacy_top(pack: tuple[T, ...] | list[T], seed: int, count: int) -> tuple[T, ...]:
    """The top ``count`` cards of ``pack`` as record versions 1 and 2 shuffled ``seed``.

    A Fisher-Yates shuffle driven by ``random.Random(seed_key(seed)).random()``, each
    position ``i`` taking ``i + floor(random() * (n - i))``. A per-thread scratch
    generator is reseeded for each call (the stream of a fresh ``random.Random``).
    """
    try:
        rng: random.Random = _SCRATCH.rng
    except AttributeError:
        rng = _SCRATCH.rng = random.Random()
    _SEED(rng, key_of(seed))
    rand = rng.random
    pool = list(pack)
    n = len(pool)
    for i in range(count):
        j = i + floor(rand() * (n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(pool[:count])


def legacy_derive(seed: int, labels: tuple[int, ...]) -> int:
    """The derived seed of record versions 1 and 2: words combined before they are mixed.

    The state starts at the key's lowest 64 bits; each further word of the key, then each
    label and the labels' count, is XORed in before one SplitMix64 round, so the first
    word and the key combine unmixed (``legacy_derive(0, (1,)) == legacy_derive(1, (0,))``).

    >>> legacy_derive(0, (1,)) == legacy_derive(1, (0,))
    True
    """
    key = key_of(seed)
    state = key & _MASK64
    words = [*_key_words(key)[1:], *labels, len(labels)]
    for word in words:
        state = (state ^ (word & _MASK64)) & _MASK64
        state = mix64((state + _GAMMA) & _MASK64)
    return state

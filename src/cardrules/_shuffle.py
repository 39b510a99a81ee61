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

Everything is integer arithmetic modulo ``2**64``, so it is the same on every platform
and in every process, and it costs nothing to start (no table to seed). The module is
compiled in the compiled build; :mod:`cardrules.dealing`, whose public functions check
their arguments and raise the documented ``OptionsError``, stays interpreted and calls
it with checked values, and so do the engines with values they computed themselves.

The generator is written once, on 64-bit **words** (annotated ``i64``, a name only the
type checker sees), and the one source is exact in both builds. Compiled, a word is a
native signed 64-bit machine integer: sums and products wrap modulo ``2**64`` (C with
``-fwrapv``, which extensions take from CPython's own build flags) and stay in
registers. Interpreted, a word is a plain ``int`` whose low 64 bits are the word, and
it may hold more. Both are exact because the low 64 bits of a sum, a product or an
exclusive or depend only on the low 64 bits of the operands, and every right shift is
masked to the bits it keeps (``(z >> 30) & (2**34 - 1)``), so that it reads only the
low 64 bits too. The constants are words built at import from their halves
(``high * 2**32 + low``): the signed word compiled, the number itself interpreted; so
the mask of all 64 bits is ``-1`` compiled (one machine instruction) and ``2**64 - 1``
interpreted, where it keeps the words short. A word leaves as the int of its low 64
bits. Lemire's product (below) is taken on ints: it needs the high half of a 120-bit
product.

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
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # a native 64-bit word compiled; only annotations name it (see above)
    from mypy_extensions import i64

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
_BATCH_LIMIT: Final = 1 << 56  # the largest product of bounds one output draws


def _word(value: int) -> i64:
    """The low 64 bits of the int ``value`` as a word (see the module docs).

    A value below ``2**63`` is its own word; any other is built from its two 32-bit
    halves, so that the product wraps to the signed word compiled and is ``value %
    2**64`` itself interpreted.
    """
    if 0 <= value <= 0x7FFFFFFFFFFFFFFF:
        word: i64 = value
        return word
    high: i64 = (value >> 32) & 0xFFFFFFFF
    low: i64 = value & 0xFFFFFFFF
    return high * 0x100000000 + low


def _unsigned(word: i64) -> int:
    """The int from 0 to ``2**64 - 1`` whose bits are the low 64 bits of ``word``."""
    value: int = word
    return value & _MASK64


_MASK: Final[i64] = _word(_MASK64)  # every bit of a word: -1 compiled, 2**64 - 1 interpreted
_GAMMA64: Final = 0x9E3779B97F4A7C15  # SplitMix64's increment: 2**64 over the golden ratio
_GAMMA: Final[i64] = _word(_GAMMA64)
_MIX1: Final[i64] = _word(0xBF58476D1CE4E5B9)
_MIX2: Final[i64] = _word(0x94D049BB133111EB)

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


def _mix(z: i64) -> i64:
    """SplitMix64's output function on a word; the low 64 bits of the result are the output.

    Every right shift is masked to the bits it keeps, so that it reads only the low 64
    bits of ``z``; the result is left unreduced (its readers take its low 64 bits).
    """
    z = ((z ^ ((z >> 30) & 0x3FFFFFFFF)) * _MIX1) & _MASK
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def mix64(z: int) -> int:
    """SplitMix64's output function: a bijection of 64-bit words that mixes every bit.

    >>> mix64(0), mix64(1) == mix64(2)
    (0, False)
    """
    return _unsigned(_mix(_word(z)))


def splitmix64(state: int, count: int) -> tuple[int, ...]:
    """The first ``count`` outputs of SplitMix64 from the 64-bit ``state`` (for reference)."""
    word = _word(state)
    outputs: list[int] = []
    for _ in range(count):
        word = (word + _GAMMA) & _MASK
        outputs.append(_unsigned(_mix(word)))
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


def _top(pool: list[T], state: i64, count: int) -> tuple[T, ...]:
    """:func:`top` from the word ``state``."""
    for start, product, threshold, segments in _plan(len(pool)):
        if start >= count:
            break
        while True:  # Lemire: refuse the few outputs that would favour small numbers
            state = (state + _GAMMA) & _MASK
            output: int = _mix(state)
            scaled = (output & _MASK64) * product
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


def top(pool: list[T], state: int, count: int) -> tuple[T, ...]:
    """Shuffle ``pool`` in place with SplitMix64 from ``state``; return its top ``count``.

    ``state`` is a 64-bit word and ``count`` lies between 0 and ``len(pool)`` (trusted).
    It stops once the top ``count`` positions are drawn: the rest of ``pool`` is left
    partly shuffled.
    """
    return _top(pool, _word(state), count)


def _pick(state: i64, bound: int) -> int:
    """:func:`pick` from the word ``state``."""
    threshold = _WIDTH % bound
    while True:
        state = (state + _GAMMA) & _MASK
        output: int = _mix(state)
        x = (output & _MASK64) * bound
        if x & _MASK64 >= threshold:
            return x >> 64


def pick(state: int, bound: int) -> int:
    """A uniform number from 0 to ``bound - 1`` (``bound >= 1``), SplitMix64 from ``state``.

    The first number :func:`top` would draw for a pack of ``bound`` cards.

    >>> pick(1, 3) == top([0, 1, 2], 1, 1)[0]
    True
    """
    return _pick(_word(state), bound)


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


def _derived(seed: int, labels: tuple[int, ...]) -> i64:
    """:func:`derive` as a word."""
    if 0 <= seed < _WIDTH:
        state = _mix(_word(seed) + _GAMMA)
    else:
        state = 0
        for word in _key_words(key_of(seed)):
            state = _mix((state ^ _word(word)) + _GAMMA)
    for label in labels:
        state = _mix((state ^ _word(label)) + _GAMMA)
    return _mix((state ^ len(labels)) + _GAMMA)


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
    derived: int = _derived(seed, labels)
    return derived & _MASK64


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
    state = _word(seed) if 0 <= seed < _WIDTH else _derived(seed, ())
    return _top(list(pack), state, count)


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
    return _top(items, _derived(seed, labels), len(items))


def derived_index(seed: int, labels: tuple[int, ...], bound: int, legacy: bool) -> int:
    """A uniform number below ``bound`` drawn from the seed ``seed`` and ``labels`` derive.

    The other randomness inside a deal (which of several sets a bird shows). ``legacy``
    draws as record versions 1 and 2 did (the derived seed modulo ``bound``).
    """
    if legacy:
        return legacy_derive(seed, labels) % bound
    return _pick(_derived(seed, labels), bound)


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
        state = mix64((state + _GAMMA64) & _MASK64)
    return state

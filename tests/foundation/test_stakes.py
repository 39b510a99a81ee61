"""Dividing a pool (C-5, D-2): counters are never created or destroyed."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardrules.stakes import SplitRemainder, split_pool


@given(
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=2, max_value=13).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.sets(st.integers(0, n - 1)),
            st.integers(0, n - 1),
            st.sampled_from(list(SplitRemainder)),
        )
    ),
)
def test_c_5_a_split_conserves_counters(pool: int, setup: tuple[int, set[int], int, str]) -> None:
    """C-5: what the winners receive plus what stays in the pool is the pool."""
    players, winners, dealer, mode = setup
    payout, carried = split_pool(
        pool, sorted(winners), players=players, dealer=dealer, remainder=mode
    )
    assert sum(payout) + carried == pool
    assert len(payout) == players
    assert all(p == 0 for seat, p in enumerate(payout) if seat not in winners and seat != dealer)
    if winners:
        assert carried < len(winners)
        assert carried == (pool % len(winners) if mode == "carry" else 0)


def test_split_remainder_values_are_the_rules_strings() -> None:
    assert [m.value for m in SplitRemainder] == ["carry", "first_from_eldest", "dealer"]
    carry: object = SplitRemainder.CARRY
    assert carry == "carry"

"""The simulation runner: reproducible, executor-independent, and safe on long games."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest

from cardrules import my_bird_sings, spoil_five
from cardrules.errors import OptionsError
from cardrules.simulation import Estimate, simulate, singing_probability


def test_results_do_not_depend_on_the_executor_or_the_block_size() -> None:
    base = simulate("spoil-five", ("heuristic", "random", "search"), 12, seed=3, iterations=2)
    with ThreadPoolExecutor(3) as pool:
        other = simulate(
            "spoil-five", ("heuristic", "random", "search"), 12, seed=3, iterations=2,
            executor=pool, chunk_sessions=1,
        )  # fmt: skip
    assert other == base
    assert [d.index for d in base.deals] == list(range(12))
    assert [d.dealer for d in base.deals] == [i % 3 for i in range(12)]


def test_a_different_seed_gives_different_deals() -> None:
    one = simulate("spoil-five", "heuristic", 10, seed=1)
    two = simulate("spoil-five", "heuristic", 10, seed=2)
    assert one.deals != two.deals


def test_net_counters_include_the_antes_and_nothing_is_created() -> None:
    result = simulate("spoil-five", "heuristic", 15, seed=4, session_length=5)
    for session in range(3):
        deals = result.deals[session * 5 : session * 5 + 5]
        paid_in = -sum(sum(d.net) for d in deals)
        assert paid_in == deals[-1].carried  # what the players lost is still in the pool


def test_points_games_start_again_once_won() -> None:
    result = simulate("spoil-five", "heuristic", 30, preset="twenty-five")
    assert set(result.kinds()) == {"hand_scored", "game_won"}


def test_my_bird_sings_deals_that_could_go_on_for_ever_are_abandoned() -> None:
    result = simulate("my-bird-sings", "heuristic", 60, preset="to-exhaustion")
    assert result.kinds()["abandoned"] >= 1
    assert len(result.deals) == 60


def test_dealt_hands_sing_about_as_often_as_the_exact_probability() -> None:
    result = simulate("my-bird-sings", "heuristic", 1000, seed=8)
    rate = result.dealt_singing_rate()
    assert rate is not None
    exact = singing_probability(result.options)
    assert exact == Fraction(2417, 20825)
    standard_error = (rate.high - rate.low) / (2 * 1.96)
    assert abs(rate.value - float(exact)) < 4 * standard_error  # fails 1 time in 15,000


@pytest.mark.parametrize(
    ("preset", "exact"),
    [
        ("peel", Fraction(2417, 20825)),
        ("flushes-only", Fraction(44, 4165)),
        ("short-pack", Fraction(547, 4495)),
        ("three-cards", Fraction(22, 425)),
    ],
)
def test_singing_probability_matches_rules_4_5(preset: str, exact: Fraction) -> None:
    assert singing_probability(my_bird_sings.PRESETS[preset]) == exact


def test_estimates_have_sensible_intervals() -> None:
    assert Estimate.proportion(0, 10).low == 0.0
    assert Estimate.proportion(10, 10).high == 1.0
    wide, narrow = Estimate.proportion(5, 10), Estimate.proportion(500, 1000)
    assert wide.high - wide.low > narrow.high - narrow.low


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(OptionsError, match="unknown game"):
        simulate("whist", "random", 1)
    with pytest.raises(OptionsError, match="unknown preset"):
        simulate("spoil-five", "random", 1, preset="poker")
    with pytest.raises(OptionsError, match="2 bots for 5 players"):
        simulate("spoil-five", ("random", "random"), 1, options=spoil_five.Options(players=5))
    with pytest.raises(OptionsError, match="deals"):
        simulate("spoil-five", "random", -1)

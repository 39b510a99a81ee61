"""The simulation runner: reproducible, executor-independent, and safe on long games."""

from __future__ import annotations

import io
import json
import queue
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import pytest

from cardrules import my_bird_sings, spoil_five
from cardrules.errors import CardrulesError, OptionsError, RecordError
from cardrules.simulation import (
    DealResult,
    DealsNotKeptError,
    Estimate,
    SimulationInterrupted,
    SimulationResult,
    Tally,
    read_deals,
    simulate,
    singing_probability,
)

P = ParamSpec("P")
T = TypeVar("T")

BOTS = ("heuristic", "random", "search")


class LastInFirstOut(Executor):
    """One thread that always runs the most recently submitted call first.

    Calls submitted while it is busy finish in reverse order, so blocks of a simulation
    finish out of order.
    """

    def __init__(self) -> None:
        self._jobs: queue.LifoQueue[tuple[Callable[[], object], Future[object]] | None] = (
            queue.LifoQueue()
        )
        self._thread = threading.Thread(target=self._work, daemon=True)
        self._thread.start()

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            call, future = job
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(call())
                except Exception as err:
                    future.set_exception(err)

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        self._jobs.put((lambda: fn(*args, **kwargs), future))  # type: ignore[arg-type]
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._jobs.put(None)
        if wait:
            self._thread.join()


class Recording(Executor):
    """Runs calls on another executor and records what was submitted and what came back."""

    def __init__(self, inner: Executor, events: list[str] | None = None) -> None:
        self.inner = inner
        self.events = [] if events is None else events
        self.results: list[object] = []
        self.outstanding = 0
        self.most_outstanding = 0
        self._lock = threading.Lock()

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        with self._lock:
            self.events.append("submit")
            self.outstanding += 1
            self.most_outstanding = max(self.most_outstanding, self.outstanding)
        future = self.inner.submit(fn, *args, **kwargs)
        future.add_done_callback(self._done)
        return future

    def _done(self, future: Future[Any]) -> None:
        with self._lock:
            self.outstanding -= 1
            self.results.append(future.result())


@pytest.fixture
def lifo() -> Iterator[LastInFirstOut]:
    executor = LastInFirstOut()
    yield executor
    executor.shutdown()


def test_results_do_not_depend_on_the_executor_or_the_block_size(lifo: LastInFirstOut) -> None:
    base = simulate("spoil-five", BOTS, 12, seed=3, iterations=2, keep_deals=True)
    with ThreadPoolExecutor(3) as pool:
        threads = simulate(
            "spoil-five", BOTS, 12, seed=3, iterations=2, executor=pool, chunk_sessions=1,
            keep_deals=True,
        )  # fmt: skip
    reversed_order = simulate(
        "spoil-five", BOTS, 12, seed=3, iterations=2, executor=lifo, chunk_sessions=1,
        in_flight=4, keep_deals=True,
    )  # fmt: skip
    big_blocks = simulate(
        "spoil-five", BOTS, 12, seed=3, iterations=2, chunk_sessions=3, keep_deals=True
    )
    assert threads == base
    assert reversed_order == base
    assert big_blocks == base
    assert [d.index for d in base.deals] == list(range(12))
    assert [d.dealer for d in base.deals] == [i % 3 for i in range(12)]


def test_processes_give_the_serial_result() -> None:
    base = simulate("my-bird-sings", "heuristic", 40, seed=6, keep_deals=True)
    with ProcessPoolExecutor(2) as pool:
        parallel = simulate(
            "my-bird-sings", "heuristic", 40, seed=6, executor=pool, chunk_sessions=1,
            keep_deals=True,
        )  # fmt: skip
    assert parallel == base


def test_the_statistics_are_exact_sums_over_the_deals() -> None:
    kept = simulate("spoil-five", "heuristic", 200, seed=5, keep_deals=True)
    alone = simulate("spoil-five", "heuristic", 200, seed=5)
    assert alone.tally == kept.tally == Tally.of(kept.deals, 5)
    deals = kept.deals
    for seat in range(5):
        wins = sum(1 for d in deals if seat in d.winners)
        assert alone.win_rate(seat) == Estimate.proportion(wins, 200)
        net = Estimate.mean([float(d.net[seat]) for d in deals])
        assert alone.net_per_deal(seat).value == pytest.approx(net.value)
        assert alone.net_per_deal(seat).low == pytest.approx(net.low)
    assert alone.mean_pool() == sum(d.pool for d in deals) / 200
    first_seen = list(dict.fromkeys(d.kind for d in deals))
    assert list(alone.kinds()) == first_seen
    assert sum(alone.kinds().values()) == alone.deal_count == 200


def test_tallies_add_up_in_any_order() -> None:
    deals = simulate("my-bird-sings", "heuristic", 60, seed=2, keep_deals=True).deals
    parts = [Tally.of(deals[i : i + 7], 5) for i in range(0, 60, 7)]
    forwards = Tally.empty(5)
    for part in parts:
        forwards = forwards + part
    backwards = Tally.empty(5)
    for part in reversed(parts):
        backwards = part + backwards
    assert forwards == backwards == Tally.of(deals, 5)
    assert forwards.singing_deals == 60


def test_tallies_of_different_tables_are_not_added() -> None:
    with pytest.raises(OptionsError, match="a tally of 4 players to one of 5"):
        Tally.empty(5) + Tally.empty(4)


def test_deals_are_kept_only_when_asked_for() -> None:
    result = simulate("spoil-five", "random", 10)
    assert result.kept is None
    with pytest.raises(DealsNotKeptError, match="keep_deals=True") as refused:
        _ = result.deals
    assert isinstance(refused.value, CardrulesError)
    assert isinstance(refused.value, AttributeError)
    assert not hasattr(result, "deals")


def test_workers_send_no_per_deal_results_unless_asked() -> None:
    with ThreadPoolExecutor(2) as pool:
        recording = Recording(pool)
        simulate("spoil-five", "random", 40, executor=recording, chunk_sessions=1)
    assert len(recording.results) == 8
    assert all(getattr(block, "deals", "missing") is None for block in recording.results)


def test_blocks_are_submitted_a_few_at_a_time() -> None:
    events: list[str] = []
    with ThreadPoolExecutor(2) as pool:
        recording = Recording(pool, events)
        simulate(
            "spoil-five", "random", 100, executor=recording, chunk_sessions=1, in_flight=3,
            progress=lambda done: events.append("progress"),
        )  # fmt: skip
    assert events.count("submit") == 20
    assert events.index("progress") <= 3  # no more than three before the first finished
    assert recording.most_outstanding <= 3


def test_progress_advances_as_blocks_finish_not_in_submission_order() -> None:
    """The first block waits until progress has been reported for a later one."""
    release = threading.Event()
    reported: list[int] = []
    released: list[bool] = []

    def report(done: int) -> None:
        reported.append(done)
        release.set()

    class FirstBlockWaits(Executor):
        def __init__(self, inner: Executor) -> None:
            self.inner = inner
            self.first = True

        def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
            if not self.first:
                return self.inner.submit(fn, *args, **kwargs)
            self.first = False

            def after_release() -> T:
                # Reported in submission order, progress would wait for this block: the
                # wait would time out.
                released.append(release.wait(timeout=60))
                return fn(*args, **kwargs)

            return self.inner.submit(after_release)

    base = simulate("spoil-five", "random", 30, seed=4, keep_deals=True)
    with ThreadPoolExecutor(2) as pool:
        result = simulate(
            "spoil-five", "random", 30, seed=4, executor=FirstBlockWaits(pool),
            chunk_sessions=1, in_flight=2, progress=report, keep_deals=True,
        )  # fmt: skip
    assert released == [True]  # progress was reported while the first block was waiting
    assert reported == sorted(reported)
    assert reported[-1] == 30
    assert result == base


def test_deals_file_holds_every_deal_in_deal_order(lifo: LastInFirstOut, tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    base = simulate("my-bird-sings", "heuristic", 45, seed=7, keep_deals=True)
    result = simulate(
        "my-bird-sings", "heuristic", 45, seed=7, executor=lifo, chunk_sessions=1,
        deals_file=path,
    )  # fmt: skip
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 45
    assert [json.loads(line)["index"] for line in lines] == list(range(45))
    assert tuple(read_deals(path)) == base.deals
    assert Tally.of(read_deals(path), 5) == result.tally == base.tally
    assert result.kept is None


def test_deals_file_may_be_an_open_text_file() -> None:
    out = io.StringIO()
    result = simulate("spoil-five", "random", 12, seed=1, deals_file=out, keep_deals=True)
    assert tuple(read_deals(io.StringIO(out.getvalue()))) == result.deals
    assert DealResult.from_json(out.getvalue().splitlines()[3]) == result.deals[3]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "line 2: a deal result is not valid JSON"),
        ("[1, 2]", "line 2: a deal result is a JSON object, not list"),
        ('{"index": 1}', "line 2: a deal result needs the fields dealer, winners"),
        ("EXTRA", "line 2: a deal result has unknown fields colour"),
        ("BOOL", "line 2: a deal result's pool must be an int, not True"),
    ],
)
def test_read_deals_refuses_what_is_not_a_deal(line: str, message: str) -> None:
    good = simulate("spoil-five", "random", 1, keep_deals=True).deals[0]
    data = json.loads(good.to_json())
    if line == "EXTRA":
        line = json.dumps({**data, "colour": "red"})
    elif line == "BOOL":
        line = json.dumps({**data, "pool": True})
    with pytest.raises(RecordError, match=message):
        list(read_deals(io.StringIO(good.to_json() + "\n" + line + "\n")))


def _stop_after(deals: int) -> Callable[[int], None]:
    def progress(done: int) -> None:
        if done >= deals:
            raise KeyboardInterrupt

    return progress


@pytest.mark.parametrize("threads", [0, 2])
def test_an_interrupted_simulation_keeps_the_deals_it_finished(
    threads: int, tmp_path: Path
) -> None:
    path = tmp_path / "deals.jsonl"
    pool = ThreadPoolExecutor(threads) if threads else None
    try:
        with pytest.raises(SimulationInterrupted) as stopped:
            simulate(
                "spoil-five", "heuristic", 500, seed=2, executor=pool, chunk_sessions=2,
                progress=_stop_after(100), deals_file=path, keep_deals=True,
            )  # fmt: skip
    finally:
        if pool is not None:
            pool.shutdown()
    partial = stopped.value.result
    assert isinstance(stopped.value, KeyboardInterrupt)
    assert 0 < partial.deal_count < 500
    assert partial.deal_count % 10 == 0  # whole blocks of two sessions
    assert not partial.is_complete
    assert partial.requested == 500
    assert str(stopped.value) == f"interrupted after {partial.deal_count} of 500 deals"
    again = simulate("spoil-five", "heuristic", partial.deal_count, seed=2, keep_deals=True)
    assert partial.tally == again.tally
    assert partial.deals == again.deals
    assert tuple(read_deals(path)) == again.deals


class InterruptedWrite(io.StringIO):
    """A file whose third write stops half way with a Ctrl-C."""

    writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        if self.writes == 3:
            super().write(text[: len(text) // 2])
            raise KeyboardInterrupt
        return super().write(text)


def test_a_block_cut_short_by_an_interruption_is_not_left_in_the_file() -> None:
    out = InterruptedWrite()
    with pytest.raises(SimulationInterrupted) as stopped:
        simulate("spoil-five", "random", 100, chunk_sessions=1, deals_file=out)
    assert stopped.value.result.deal_count == 10
    assert [d.index for d in read_deals(io.StringIO(out.getvalue()))] == list(range(10))


def test_a_different_seed_gives_different_deals() -> None:
    one = simulate("spoil-five", "heuristic", 10, seed=1, keep_deals=True)
    two = simulate("spoil-five", "heuristic", 10, seed=2, keep_deals=True)
    assert one.deals != two.deals


def test_net_counters_include_the_antes_and_nothing_is_created() -> None:
    result = simulate("spoil-five", "heuristic", 15, seed=4, session_length=5, keep_deals=True)
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
    assert result.deal_count == 60
    assert result.is_complete


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
    values = [3.0, -1.0, 4.0, 1.0, -5.0]
    exact = Estimate.from_sums(5, 2, 52)
    assert exact.value == pytest.approx(Estimate.mean(values).value)
    assert exact.low == pytest.approx(Estimate.mean(values).low)


def test_an_empty_simulation_has_no_figures() -> None:
    result: SimulationResult = simulate("spoil-five", "random", 0, keep_deals=True)
    assert result.deals == ()
    assert result.is_complete
    assert result.mean_pool() != result.mean_pool()  # nan
    assert result.summary()["deals"] == 0


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(OptionsError, match="unknown game"):
        simulate("whist", "random", 1)
    with pytest.raises(OptionsError, match="unknown preset"):
        simulate("spoil-five", "random", 1, preset="poker")
    with pytest.raises(OptionsError, match="2 bots for 5 players"):
        simulate("spoil-five", ("random", "random"), 1, options=spoil_five.Options(players=5))
    with pytest.raises(OptionsError, match="deals must be a non-negative int, not -1"):
        simulate("spoil-five", "random", -1)
    with pytest.raises(OptionsError, match="deals must be a non-negative int, not True"):
        simulate("spoil-five", "random", True)
    with pytest.raises(OptionsError, match="chunk_sessions must be a positive int, not 0"):
        simulate("spoil-five", "random", 1, chunk_sessions=0)
    with pytest.raises(OptionsError, match="in_flight must be a positive int, not 0"):
        simulate("spoil-five", "random", 1, in_flight=0)
    with pytest.raises(OptionsError, match="keep_deals must be True or False, not 'yes'"):
        simulate("spoil-five", "random", 1, keep_deals="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_random_seats_play_in_the_compiled_loop_exactly_as_random_bots_do(game: str) -> None:
    import random as _random

    from cardrules import games
    from cardrules.dealing import derive_seed
    from cardrules.playouts import random_bots_playout
    from cardrules.simulation import _blocks

    entry = games.lookup(game)
    options = entry.options(None, 4)
    spec = _blocks.Spec(entry.name, options, ("random",) * 4, 9, 12, 4, 1, "random")
    for index in range(12):
        state = entry.module.new_game(options, seed=derive_seed(9, index))

        def rngs(index: int = index) -> list[_random.Random]:
            return [_random.Random(derive_seed(9, index, seat + 1)) for seat in range(4)]

        bots = _blocks._play_among_bots(entry, entry.module, spec, state, rngs())
        assert random_bots_playout(entry.module, state, rngs(), _blocks._MAX_ACTIONS) == bots
    deals = simulate(game, "random", 12, seed=9, keep_deals=True).deals
    assert deals is not None
    assert sum(deal.actions for deal in deals) >= sum(deal.choices for deal in deals) > 0


@pytest.mark.parametrize("bots", [("random",) * 3, ("random", "heuristic", "random")])
def test_a_deal_that_outlasts_the_action_limit_is_refused(
    bots: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardrules.simulation import _blocks

    monkeypatch.setattr(_blocks, "_MAX_ACTIONS", 4)
    with pytest.raises(CardrulesError, match="deal 0 did not end after 4 actions"):
        simulate("spoil-five", bots, 3)

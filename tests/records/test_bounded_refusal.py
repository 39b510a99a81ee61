"""Refusal is bounded: a hostile input with 100,000 bad items costs what one with six costs.

Each reader stops examining an array or object after the first few bad items, keeps no
tracebacks, and reports the first few problems with their paths and "(and more)". These
budgets (one second of CPU, 50 MB of allocations) are far above what a bounded refusal
needs and far below what an unbounded one took (about 47 µs and 2.2 KB per bad item).
"""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Callable

import pytest

from cardrules import my_bird_sings, records, spoil_five
from cardrules.errors import RecordError

BAD_ITEMS = 100_000


def _budgeted_refusal(read: Callable[[], object]) -> str:
    """Run ``read``, which must raise RecordError, within one CPU second and 50 MB.

    Time and memory are measured in two runs: tracing allocations slows the reader down.
    """
    start = time.process_time()
    with pytest.raises(RecordError) as info:
        read()
    spent = time.process_time() - start
    tracemalloc.start()
    try:
        with pytest.raises(RecordError):
            read()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert spent < 1.0, f"refusal took {spent:.2f} s of CPU"
    assert peak < 50 * 2**20, f"refusal allocated {peak / 2**20:.1f} MB at its peak"
    return str(info.value)


def _record(game: object) -> dict[str, object]:
    module = spoil_five if game == "spoil-five" else my_bird_sings
    state = module.new_game(module.PRESETS["peel"], seed=3)
    data: dict[str, object] = json.loads(records.dumps(records.record(state)))
    return data


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_a_record_with_100_000_bad_actions_is_refused_within_budget(game: str) -> None:
    data = _record(game)
    deals = data["deals"]
    assert isinstance(deals, list)
    deals[0]["actions"] = [0] * BAD_ITEMS
    message = _budgeted_refusal(lambda: records.loads(json.dumps(data)))
    assert message.count("deals[0].actions[") == 5
    assert message.endswith("(and more)")


def test_a_record_with_100_000_bad_metadata_entries_is_refused_within_budget() -> None:
    data = _record("spoil-five")
    data["metadata"] = {f"key{i}": i for i in range(BAD_ITEMS)}
    message = _budgeted_refusal(lambda: records.loads(json.dumps(data)))
    assert "metadata" in message
    assert message.endswith("(and more)")


@pytest.mark.parametrize("game", [spoil_five, my_bird_sings])
def test_a_view_with_100_000_bad_cards_is_refused_within_budget(game: object) -> None:
    module = spoil_five if game is spoil_five else my_bird_sings
    state = module.new_game(module.PRESETS["peel"], seed=3)
    data = json.loads(records.to_json(module.view(state, 0)))
    data["hand"] = ["ZZ"] * BAD_ITEMS
    message = _budgeted_refusal(lambda: records.from_json(json.dumps(data), module.View))
    assert message.count("hand[") == 5
    assert message.endswith("(and more)")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"format": "cardrules-record", "version": 1, "version": 1}', "(at version, line 1"),
        ('{"deals": [{"seed": NaN}]}', "(at deals[0].seed, line 1 column 21)"),
        ('{"deals": [\n  {"seed": 1' + "0" * 30 + "}]}", "(at deals[0].seed, line 2 column 12)"),
    ],
)
def test_refusals_inside_the_json_reader_say_where(text: str, where: str) -> None:
    with pytest.raises(RecordError, match="invalid JSON") as info:
        records.loads(text)
    assert where in str(info.value)

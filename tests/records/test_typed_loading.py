"""``loads``/``load`` given the game module: a record of another game is refused.

The type side (``records.replay`` of such a record yields the game's own ``State`` for
mypy --strict and pyright) is checked in tests/typing with the docs' code blocks.
"""

from __future__ import annotations

import io

import pytest

from cardrules import RecordError, my_bird_sings, records, spoil_five


def test_a_record_of_the_named_game_loads_and_replays_to_its_states() -> None:
    state = spoil_five.new_game(spoil_five.Options(players=3), seed=4)
    state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[0])
    text = records.dumps(records.record(state))
    rec = records.loads(text, game=spoil_five)
    assert records.restore(rec) == state
    assert records.load(io.StringIO(text), game=spoil_five) == rec
    assert all(isinstance(s, spoil_five.State) for s in records.replay(rec))


def test_a_record_of_another_game_is_refused_by_name() -> None:
    text = records.dumps(records.record(my_bird_sings.new_game(my_bird_sings.PEEL, seed=2)))
    with pytest.raises(
        RecordError, match=r"^invalid record: game: expected 'spoil-five', got 'my-bird-sings'$"
    ):
        records.loads(text, game=spoil_five)
    with pytest.raises(RecordError, match="expected 'spoil-five'"):
        records.load(io.BytesIO(text.encode()), game=spoil_five)


def test_a_game_that_is_no_game_module_is_a_type_error() -> None:
    text = records.dumps(records.record(spoil_five.new_game(spoil_five.PEEL, seed=2)))
    with pytest.raises(TypeError, match="expected a game module"):
        records.loads(text, game="spoil-five")  # type: ignore[call-overload]

"""Properties: random legal play through the table API is play through the engine."""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import games
from cardrules.errors import StaleMoveError, TableNotFoundError
from cardrules.tables import (
    Key,
    SeatPlan,
    SQLiteTableStore,
    TableHost,
    act,
    create_table,
    next_deal,
    rematch,
    seat_payload,
)
from tests.tables.fixtures import key, new_table


@settings(max_examples=25, deadline=None)
@given(
    game=st.sampled_from(games.NAMES),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**63 - 1),
    data=st.data(),
)
def test_random_legal_play_through_a_table_equals_play_through_the_engine(
    game: str, players: int, seed: int, data: st.DataObject
) -> None:
    entry = games.lookup(game)
    module = entry.module
    seats = [SeatPlan.person(f"P{seat}") for seat in range(players)]
    new = create_table(game, seats, name="Same", now=0.0, seed=seed)
    keys = [Key.for_seat(seat, credential) for seat, credential in enumerate(new.seat_credentials)]
    table = new.table
    state = module.new_game(entry.options(None, players), seed=seed, dealer=players - 1)
    assert table.state == state
    decisions = 0
    for deal in range(data.draw(st.integers(1, 3), label="deals")):
        while (seat := state.to_act) is not None and decisions < 120:
            payload = seat_payload(table, seat)
            legal = module.legal_actions(state)
            assert [entry["action"] for entry in payload["legal"]] == [
                module.format_action(action) for action in legal
            ]
            index = data.draw(st.integers(0, len(legal) - 1), label="action")
            table, step = act(
                table, keys[seat], payload["legal"][index]["action"], counter=table.counter, now=1
            )
            state = module.apply_action(state, legal[index])
            decisions += 1
            assert table.state == state
            assert step.counter == table.counter
        if state.to_act is not None:
            break
        deal_seed = data.draw(st.integers(0, 2**63 - 1), label="deal seed")
        if module.is_game_over(state) or deal == 2:
            table, _ = rematch(table, keys[0], counter=table.counter, now=1, seed=deal_seed)
            state = module.new_game(
                state.options, seed=deal_seed, dealer=(state.dealer + 1) % players
            )
        else:
            table, _ = next_deal(table, keys[0], counter=table.counter, now=1, seed=deal_seed)
            state = module.next_deal(state, seed=deal_seed)
        assert table.state == state
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteTableStore(Path(folder) / "t.db")
        store.add(table)
        assert store.load(table.id) == table
        store.close()


def test_of_many_racing_requests_at_one_counter_exactly_one_acts(tmp_path: Path) -> None:
    """Threads race the same move through a host with a store: one wins, the rest are stale."""
    host = TableHost(SQLiteTableStore(tmp_path / "t.db"))
    new = new_table()
    host.adopt(new.table)
    action = new.table.module.legal_actions(new.table.state)[0]
    outcomes: list[str] = []
    start = threading.Barrier(16)

    def attempt() -> None:
        start.wait()
        try:
            host.act(new.table.id, key(new, 0), action, counter=0, now=1.0)
            outcomes.append("acted")
        except StaleMoveError:
            outcomes.append("stale")

    threads = [threading.Thread(target=attempt) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["acted"] + ["stale"] * 15
    assert host.get(new.table.id).counter == 1
    with SQLiteTableStore(tmp_path / "t.db") as store:
        assert store.load(new.table.id).counter == 1


def test_asking_for_tables_that_do_not_exist_leaves_nothing_behind(tmp_path: Path) -> None:
    with SQLiteTableStore(tmp_path / "t.db") as store:
        host = TableHost(store)
        for number in range(100):
            with pytest.raises(TableNotFoundError):
                host.get(f"nothing-{number}")
        assert len(host) == 0
        assert host.locks_held() == 0

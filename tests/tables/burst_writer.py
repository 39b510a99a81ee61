"""A process that writes decisions through a table store as fast as it can, for kill -9 tests.

Run as ``python -m tests.tables.burst_writer DB_PATH`` (with ``src`` on the path): it
creates :data:`TABLES` seeded bot tables in a new store and then steps them in turn
forever, printing ``<table id> <counter>`` after each decision the store has saved (the
store's :meth:`save` has returned: the decision is committed). The test kills it with
SIGKILL in the middle of this burst and checks what the file holds.
"""

from __future__ import annotations

import functools
import sys

from cardrules.tables import (
    Key,
    NewTable,
    SeatPlan,
    SQLiteTableStore,
    Step,
    Table,
    TableHost,
    create_table,
    next_deal,
    rematch,
    step_bot,
)

TABLES = ("sf-a", "mbs-b", "sf-c")
"""The tables' ids; each id says its game."""


def build(table_id: str) -> NewTable:
    """The table ``table_id`` as the writer (and the test's reference) creates it."""
    game = "spoil-five" if table_id.startswith("sf") else "my-bird-sings"
    seats = [SeatPlan.robot(), SeatPlan.robot("random"), SeatPlan.robot()]
    seed = sum(map(ord, table_id))
    return create_table(game, seats, name=table_id, now=0.0, seed=seed, table_id=table_id)


def advance(table: Table, creator: Key) -> tuple[Table, Step]:
    """The next decision at an all-bot table: a bot's move, a new deal, or a rematch."""
    moved = step_bot(table, now=0.0)
    if moved is not None:
        return moved
    if table.is_game_over or table.deal_number >= 4:
        return rematch(table, creator, counter=table.counter, now=0.0)
    return next_deal(table, creator, counter=table.counter, now=0.0)


def main(path: str) -> None:
    """Create the tables, then write decisions until killed."""
    host = TableHost(SQLiteTableStore(path))
    keys: dict[str, Key] = {}
    for table_id in TABLES:
        new = build(table_id)
        host.adopt(new.table)
        keys[table_id] = Key.for_creator(new.creator_credential)
    print("ready", flush=True)
    while True:
        for table_id in TABLES:
            table, _ = host.change(table_id, functools.partial(advance, creator=keys[table_id]))
            print(table_id, table.counter, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])

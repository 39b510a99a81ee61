"""The tables of one process: held in memory, changed under a lock, saved before answered.

A :class:`TableHost` is the small mutable part around the pure tables of
:mod:`cardrules.tables.table`: a registry of the tables this process holds, one lock per
table, and a :class:`~cardrules.tables.store.TableStore` where every change is written
before the host returns it. If the store refuses (a full disk, another writer), the change
is not made in memory either: what a caller was told happened is what is stored.

Threading: every method may be called from any thread; two requests at one table are
taken one after the other (its lock), requests at different tables do not wait for each
other (but share the store's single writer). The methods block on the store: call them
from worker threads in an ``asyncio`` server.

A table lives in one process. To spread tables over several processes, give each process
its own store (or its own share of the table ids) and route a table's requests by its id.

>>> from cardrules.tables.seats import SeatPlan
>>> from cardrules.tables.table import Key
>>> host = TableHost()
>>> new = host.create("spoil-five", [SeatPlan.person("Ann"), SeatPlan.robot()],
...                   name="Tuesday", now=0.0, seed=7)
>>> ann = Key.for_seat(0, new.seat_credentials[0])
>>> lead = new.table.module.legal_actions(new.table.state)[0]
>>> table, step = host.act(new.table.id, ann, lead, counter=0, now=1.0)
>>> steps = host.play_bots(table.id, now=2.0)
>>> steps[0].seat, host.get(table.id).counter == 1 + len(steps)
(1, True)
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Final, TypeVar

from cardrules.errors import StoreError, TableNotFoundError
from cardrules.protocol import GameOptions
from cardrules.tables import table as tables
from cardrules.tables.payload import seat_payload, spectator_payload
from cardrules.tables.seats import SeatPlan
from cardrules.tables.store import TableStore
from cardrules.tables.table import Key, NewTable, SeatChange, Step, Table

__all__ = ["TableHost"]

LOG: Final = logging.getLogger("cardrules.tables")

C = TypeVar("C")
"""What a transition says changed (a Step, a SeatChange, or whatever a program's own says)."""


class TableHost:
    """The tables one process holds, with their locks and their store.

    Args:
        store: where tables are kept (``None``: in memory only, lost on exit). The tables
            stored there are loaded when first asked for.
    """

    def __init__(self, store: TableStore | None = None) -> None:
        self.store = store
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._registry = threading.Lock()
        self.unloadable: dict[str, StoreError] = {}
        """The stored tables :meth:`load_all` could not resume, by id, with why."""

    def __len__(self) -> int:
        """The number of tables held in memory."""
        return len(self._tables)

    def locks_held(self) -> int:
        """How many tables have a lock (those held, and those being loaded or created)."""
        return len(self._locks)

    def lock(self, table_id: str) -> threading.RLock:
        """The lock of one table (held while it changes; hold it to read several things)."""
        with self._registry:
            return self._locks.setdefault(table_id, threading.RLock())

    def load_all(self) -> int:
        """Load every table of the store into memory; return how many are held.

        A stored table that cannot be resumed (a damaged row, a record that no longer
        replays) does not stop the others: it is logged (logger ``cardrules.tables``, the
        error naming the table and what is wrong) and kept in :attr:`unloadable`.
        """
        if self.store is not None:
            for table_id in self.store.table_ids():
                try:
                    self.get(table_id)
                except TableNotFoundError:  # removed meanwhile
                    continue
                except StoreError as err:
                    self._drop_lock(table_id)
                    self.unloadable[table_id] = err
                    LOG.error("a stored table cannot be resumed: %s", err)
                else:
                    self.unloadable.pop(table_id, None)
        return len(self._tables)

    def get(self, table_id: str) -> Table:
        """The table with this id (loaded from the store the first time).

        Raises:
            TableNotFoundError: if neither memory nor the store holds it.
        """
        found = self._tables.get(table_id) if type(table_id) is str else None
        if found is not None:
            return found
        if self.store is None or type(table_id) is not str:
            raise TableNotFoundError(f"no table {table_id!r:.40}")
        with self.lock(table_id):
            found = self._tables.get(table_id)
            if found is None:
                try:
                    found = self.store.load(table_id)
                except TableNotFoundError:
                    self._drop_lock(table_id)  # ids that name no table leave nothing behind
                    raise
                self._tables[table_id] = found
            return found

    def _drop_lock(self, table_id: str) -> None:
        with self._registry:
            self._locks.pop(table_id, None)

    def create(
        self,
        game: str,
        seats: Sequence[SeatPlan],
        *,
        name: str,
        now: float,
        preset: str | None = None,
        options: GameOptions | None = None,
        seed: int | None = None,
        changes: Mapping[str, object] | None = None,
    ) -> NewTable:
        """Create a table (see :func:`cardrules.tables.create_table`), store it, hold it."""
        new = tables.create_table(
            game, seats, name=name, now=now, preset=preset, options=options, seed=seed,
            changes=changes,
        )  # fmt: skip
        self.adopt(new.table)
        return new

    def adopt(self, table: Table) -> None:
        """Hold (and store) a table created elsewhere, such as by :func:`create_table`.

        Raises:
            StoreError: if the store holds a table with its id already.
        """
        with self.lock(table.id):
            if self.store is not None:
                self.store.add(table)
            self._tables[table.id] = table

    def change(
        self, table_id: str, transition: Callable[[Table], tuple[Table, C]]
    ) -> tuple[Table, C]:
        """Apply ``transition`` to the table under its lock, store the result, hold it.

        Every method below is this with one of the transitions of
        :mod:`cardrules.tables.table`; a program can pass its own.
        """
        with self.lock(table_id):
            before = self.get(table_id)
            after, change = transition(before)
            if self.store is not None:
                self.store.save(after, counter_before=before.counter)
            self._tables[table_id] = after
            return after, change

    def act(
        self, table_id: str, key: Key, action: object, *, counter: int, now: float
    ) -> tuple[Table, Step]:
        """:func:`cardrules.tables.act` at the table with this id."""
        return self.change(table_id, lambda t: tables.act(t, key, action, counter=counter, now=now))

    def step_bot(self, table_id: str, *, now: float) -> Step | None:
        """:func:`cardrules.tables.step_bot` at the table: the step taken, or ``None``."""
        with self.lock(table_id):
            moved = tables.step_bot(self.get(table_id), now=now)
            if moved is None:
                return None
            return self.change(table_id, lambda _: moved)[1]

    def play_bots(self, table_id: str, *, now: float) -> tuple[Step, ...]:
        """Every bot step up to a person's decision or the end of the deal (each stored)."""
        steps: list[Step] = []
        while (step := self.step_bot(table_id, now=now)) is not None:
            steps.append(step)
        return tuple(steps)

    def next_deal(self, table_id: str, key: Key, *, counter: int, now: float) -> tuple[Table, Step]:
        """:func:`cardrules.tables.next_deal` at the table with this id."""
        return self.change(table_id, lambda t: tables.next_deal(t, key, counter=counter, now=now))

    def rematch(self, table_id: str, key: Key, *, counter: int, now: float) -> tuple[Table, Step]:
        """:func:`cardrules.tables.rematch` at the table with this id."""
        return self.change(table_id, lambda t: tables.rematch(t, key, counter=counter, now=now))

    def take_seat(
        self, table_id: str, key: Key, *, now: float, name: str | None = None
    ) -> tuple[Table, SeatChange]:
        """:func:`cardrules.tables.take_seat` at the table with this id."""
        return self.change(table_id, lambda t: tables.take_seat(t, key, now=now, name=name))

    def leave_seat(self, table_id: str, key: Key, *, now: float) -> tuple[Table, SeatChange]:
        """:func:`cardrules.tables.leave_seat` at the table with this id."""
        return self.change(table_id, lambda t: tables.leave_seat(t, key, now=now))

    def hand_to_bot(
        self,
        table_id: str,
        key: Key,
        seat: int,
        *,
        now: float,
        bot: str = "heuristic",
        idle_seconds: float = tables.IDLE_SECONDS,
    ) -> tuple[Table, SeatChange]:
        """:func:`cardrules.tables.hand_to_bot` at the table with this id."""
        return self.change(
            table_id,
            lambda t: tables.hand_to_bot(t, key, seat, now=now, bot=bot, idle_seconds=idle_seconds),
        )

    def payload(
        self, table_id: str, seat: int | None, *, since: int | None = None
    ) -> dict[str, Any]:
        """The payload of ``seat`` (``None``: a spectator's) at the table with this id."""
        table = self.get(table_id)
        if seat is None:
            return spectator_payload(table, since=since)
        return seat_payload(table, seat, since=since)

    def purge(self, changed_before: float, *, keep: Collection[str] = ()) -> tuple[str, ...]:
        """Forget finished and abandoned tables, in memory and in the store; return their ids.

        That is every table with no decision since ``changed_before`` (the tables'
        clock) but those of ``keep``: a finished game nobody went on with, a game left
        half played. See :meth:`TableStore.purge`.
        """
        kept = set(keep)
        with self._registry:
            held = dict(self._tables)
        gone = {
            table_id
            for table_id, table in held.items()
            if table.changed_at < changed_before and table_id not in kept
        }
        if self.store is not None:
            gone.update(self.store.purge(changed_before, keep=kept))
        for table_id in gone:
            self.forget(table_id)
        return tuple(sorted(gone))

    def forget(self, table_id: str) -> None:
        """Drop a table from memory (it stays in the store, and is loaded again if asked for)."""
        with self.lock(table_id):
            self._tables.pop(table_id, None)
        self._drop_lock(table_id)

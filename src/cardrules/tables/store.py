"""Where tables are kept between restarts: the :class:`TableStore` interface and SQLite.

A store keeps, for every table, its *setup* (name, seats with their credentials'
digests, the creator's digest, seeds, times) and the :mod:`cardrules.records` record of
its current game, with the decision counter beside them. :meth:`TableStore.save` writes a
changed table in one transaction guarded by the counter the caller last saw, so of two
writers that raced only one succeeds, and a decision is either stored with its counter or
not at all. Loading replays each record and checks the counter against it
(:func:`cardrules.tables.table.resume_table`): every accepted decision is there, none
twice.

:class:`SQLiteTableStore` is the embedded default, on the standard library's
:mod:`sqlite3`, in WAL mode with ``synchronous=FULL`` (a decision survives a crash of the
process or of the machine once :meth:`~SQLiteTableStore.save` returns).

Threading: a :class:`SQLiteTableStore` holds one connection, shared by every thread that
uses the store and guarded by a lock, so there is one writer at a time; call it from
worker threads (``asyncio.to_thread``), not from an event loop. A second process may open
the same file (SQLite locks it), but two processes should not hold the same table: a
table lives in one process (see :class:`cardrules.tables.host.TableHost`).

Files that are not a store, another application's SQLite database, a store written by a
newer version of this library, a damaged file and a table that no longer replays all give
a :class:`~cardrules.errors.StoreError` naming the file and what is wrong.

>>> import pathlib, tempfile
>>> from cardrules.tables.seats import SeatPlan
>>> from cardrules.tables.table import create_table
>>> folder = tempfile.mkdtemp()
>>> store = SQLiteTableStore(pathlib.Path(folder) / "tables.db")
>>> table = create_table("spoil-five", [SeatPlan.person("Ann"), SeatPlan.robot()],
...                      name="Tuesday", now=0.0, seed=7, table_id="t1").table
>>> store.add(table)
>>> store.table_ids(), store.load("t1") == table
(('t1',), True)
>>> store.close()
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, Protocol, runtime_checkable

from cardrules import records
from cardrules.errors import CardrulesError, StoreError, TableNotFoundError
from cardrules.records import GameRecord
from cardrules.tables.resume import game_record, resume_table
from cardrules.tables.seats import Seat, SeatKind
from cardrules.tables.table import Table

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "SQLiteTableStore", "TableStore"]

SCHEMA_VERSION: Final = 1
"""The version of the store's tables this library writes (SQLite's ``user_version``).

A file with a higher version was written by a newer library and is refused, not changed.
"""

APPLICATION_ID: Final = 0x43525442
"""SQLite's ``application_id`` of a cardrules table store (``"CRTB"``): tells it apart
from every other application's SQLite database."""

_SCHEMA: Final = (
    """CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        counter INTEGER NOT NULL,
        setup TEXT NOT NULL,
        record TEXT NOT NULL
    ) STRICT""",
    """CREATE TABLE past_games (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        game_number INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (table_id, game_number)
    ) STRICT""",
)


@runtime_checkable
class TableStore(Protocol):
    """Where a :class:`~cardrules.tables.host.TableHost` keeps its tables.

    Implementations keep a table's setup, counter and current game's record together,
    and write them in one transaction.
    """

    def add(self, table: Table) -> None:
        """Store a new table.

        Raises:
            StoreError: if a table with its id is stored already, or the store fails.
        """

    def save(self, table: Table, *, counter_before: int) -> None:
        """Store ``table`` in place of its stored version, stored at ``counter_before``.

        A new game (a rematch) moves the previous game's record to the table's past games
        in the same transaction.

        Raises:
            StoreError: if the stored table is not at ``counter_before`` (another writer
                changed it) or the store fails; then nothing is written.
            TableNotFoundError: if no such table is stored.
        """

    def load(self, table_id: str) -> Table:
        """The stored table, resumed exactly (its record replayed, its counter checked).

        Raises:
            TableNotFoundError: if no such table is stored.
            StoreError: if it is stored but cannot be resumed.
        """

    def table_ids(self) -> tuple[str, ...]:
        """The ids of every stored table, oldest first."""

    def past_records(self, table_id: str) -> tuple[GameRecord, ...]:
        """The records of the table's finished games (before rematches), oldest first."""

    def remove(self, table_id: str) -> None:
        """Forget a table and its past games (nothing happens for an unknown id)."""

    def close(self) -> None:
        """Release the store's resources; it may not be used afterwards."""


# -- the setup as JSON ----------------------------------------------------------------------


def _setup_json(table: Table) -> str:
    return json.dumps(
        {
            "name": table.name,
            "preset": table.preset,
            "seats": [
                {
                    "kind": seat.kind.value,
                    "name": seat.name,
                    "bot": seat.bot,
                    "credential": seat.credential,
                    "active_at": seat.active_at,
                    "language": seat.language,
                }
                for seat in table.seats
            ],
            "creator": table.creator,
            "seed": table.seed,
            "bot_seed": table.bot_seed,
            "game_number": table.game_number,
            "game_start": table.game_start,
            "created_at": table.created_at,
            "changed_at": table.changed_at,
        },
        sort_keys=True,
    )


def _seat_from(data: Any) -> Seat:
    if not isinstance(data, dict):
        raise TypeError("a seat is not an object")
    return Seat(
        kind=SeatKind(data["kind"]),
        name=str(data["name"]),
        bot=None if data["bot"] is None else str(data["bot"]),
        credential=str(data["credential"]),
        active_at=float(data["active_at"]),
        language=str(data["language"]),
    )


def _table_from(table_id: str, counter: int, setup_text: str, record_text: str) -> Table:
    """Resume a stored table (every failure a CardrulesError, KeyError, TypeError, ValueError)."""
    setup = json.loads(setup_text)
    if not isinstance(setup, dict):
        raise TypeError("the setup is not an object")
    record = records.loads(record_text)
    return resume_table(
        id=table_id,
        name=str(setup["name"]),
        preset=setup["preset"],
        seats=tuple(_seat_from(seat) for seat in setup["seats"]),
        creator=str(setup["creator"]),
        counter=counter,
        game_number=int(setup["game_number"]),
        game_start=int(setup["game_start"]),
        record=record,
        seed=setup["seed"],
        bot_seed=int(setup["bot_seed"]),
        created_at=float(setup["created_at"]),
        changed_at=float(setup["changed_at"]),
    )


# -- SQLite ---------------------------------------------------------------------------------


class SQLiteTableStore:
    """A :class:`TableStore` in one SQLite file (standard library :mod:`sqlite3`, WAL mode).

    Args:
        path: the database file; created (with its folder) if missing. Use a setting for
            it (``cardrules serve --db PATH`` passes it here).
        durable: ``True`` (default) for ``synchronous=FULL``: a saved decision survives a
            power cut. ``False`` for ``synchronous=NORMAL``: it survives a crash of the
            process (even ``kill -9``) but the last decisions may be lost if the machine
            itself stops; writes are faster.
        timeout: seconds to wait for another process's lock before failing.

    See the module for the threading model.

    Raises:
        StoreError: for a file that cannot be a store (see the module), naming the path.
    """

    def __init__(self, path: str | os.PathLike[str], *, durable: bool = True,
                 timeout: float = 5.0) -> None:  # fmt: skip
        self.path = Path(path)
        self._lock = threading.Lock()
        self._connection = self._open(durable, timeout)

    def __repr__(self) -> str:
        return f"SQLiteTableStore({str(self.path)!r})"

    def __enter__(self) -> SQLiteTableStore:
        """``with SQLiteTableStore(path) as store``: the store, closed on leaving."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _error(self, problem: str) -> StoreError:
        return StoreError(f"{self.path}: {problem}")

    def _open(self, durable: bool, timeout: float) -> sqlite3.Connection:
        if self.path.is_dir():
            raise self._error("is a folder, not a table store file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(
                self.path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as err:
            raise self._error(f"cannot be opened: {err}") from err
        try:
            self._prepare(connection, durable)
        except BaseException:
            connection.close()
            raise
        return connection

    def _prepare(self, connection: sqlite3.Connection, durable: bool) -> None:
        try:
            application = connection.execute("PRAGMA application_id").fetchone()[0]
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            objects = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        except sqlite3.DatabaseError as err:
            raise self._error(
                f"is not a cardrules table store (not an SQLite database: {err})"
            ) from err
        if objects and application != APPLICATION_ID:
            raise self._error(
                "is another application's SQLite database, not a cardrules table store "
                f"(application id {application:#x}); give another path"
            )
        if application == APPLICATION_ID and version > SCHEMA_VERSION:
            raise self._error(
                f"was written by a newer cardrules (store schema {version}; this one reads "
                f"up to {SCHEMA_VERSION}); upgrade cardrules to open it"
            )
        try:
            check = connection.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                detail = "; ".join(str(row[0]) for row in check[:3])
                raise self._error(f"is damaged ({detail}); restore it from a backup")
            mode = connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise self._error(f"cannot use write-ahead logging (journal mode {mode})")
            connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            connection.execute("PRAGMA foreign_keys=ON")
            if not objects:
                connection.execute("BEGIN IMMEDIATE")
                for statement in _SCHEMA:
                    connection.execute(statement)
                connection.execute(f"PRAGMA application_id={APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                connection.execute("COMMIT")
        except sqlite3.Error as err:
            raise self._error(f"cannot be used as a table store: {err}") from err

    def _transaction(self) -> _Transaction:
        return _Transaction(self)

    # -- the interface ---------------------------------------------------------------------

    def add(self, table: Table) -> None:
        """Store a new table (see :meth:`TableStore.add`)."""
        record = records.dumps(game_record(table))
        with self._transaction() as connection:
            try:
                connection.execute(
                    "INSERT INTO tables (id, counter, setup, record) VALUES (?, ?, ?, ?)",
                    (table.id, table.counter, _setup_json(table), record),
                )
            except sqlite3.IntegrityError:
                raise self._error(f"a table with id {table.id!r} is stored already") from None

    def save(self, table: Table, *, counter_before: int) -> None:
        """Store a changed table in one transaction (see :meth:`TableStore.save`)."""
        record = records.dumps(game_record(table))
        with self._transaction() as connection:
            row = connection.execute(
                "SELECT counter, setup, record FROM tables WHERE id = ?", (table.id,)
            ).fetchone()
            if row is None:
                raise TableNotFoundError(f"no table {table.id!r} in {self.path}")
            if row[0] != counter_before:
                raise self._error(
                    f"table {table.id!r} is stored at counter {row[0]}, not {counter_before}: "
                    "another writer changed it; reload it"
                )
            stored_game = self._stored_game_number(table.id, row[1])
            if stored_game != table.game_number:
                connection.execute(
                    "INSERT INTO past_games (table_id, game_number, record) VALUES (?, ?, ?)",
                    (table.id, stored_game, row[2]),
                )
            connection.execute(
                "UPDATE tables SET counter = ?, setup = ?, record = ? WHERE id = ?",
                (table.counter, _setup_json(table), record, table.id),
            )

    def _stored_game_number(self, table_id: str, setup: str) -> int:
        try:
            number = json.loads(setup)["game_number"]
        except (ValueError, KeyError, TypeError) as err:
            raise self._error(f"table {table_id!r} is damaged: its setup cannot be read") from err
        if type(number) is not int:
            raise self._error(f"table {table_id!r} is damaged: its game number is not a number")
        return number

    def load(self, table_id: str) -> Table:
        """The stored table, resumed (see :meth:`TableStore.load`)."""
        with self._transaction() as connection:
            row = connection.execute(
                "SELECT counter, setup, record FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        if row is None:
            raise TableNotFoundError(f"no table {table_id!r} in {self.path}")
        try:
            return _table_from(table_id, *row)
        except (CardrulesError, KeyError, TypeError, ValueError) as err:
            raise self._error(f"table {table_id!r} cannot be resumed: {err}") from err

    def table_ids(self) -> tuple[str, ...]:
        """The ids of every stored table, oldest first."""
        with self._transaction() as connection:
            rows = connection.execute("SELECT id FROM tables ORDER BY rowid").fetchall()
        return tuple(str(row[0]) for row in rows)

    def load_all(self) -> Iterator[Table]:
        """Every stored table, resumed, oldest first.

        Raises:
            StoreError: at the first table that cannot be resumed.
        """
        for table_id in self.table_ids():
            yield self.load(table_id)

    def past_records(self, table_id: str) -> tuple[GameRecord, ...]:
        """The records of the table's finished games, oldest first."""
        with self._transaction() as connection:
            rows = connection.execute(
                "SELECT record FROM past_games WHERE table_id = ? ORDER BY game_number",
                (table_id,),
            ).fetchall()
        try:
            return tuple(records.loads(row[0]) for row in rows)
        except CardrulesError as err:
            raise self._error(f"a past game of table {table_id!r} cannot be read: {err}") from err

    def remove(self, table_id: str) -> None:
        """Forget a table and its past games."""
        with self._transaction() as connection:
            connection.execute("DELETE FROM past_games WHERE table_id = ?", (table_id,))
            connection.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def close(self) -> None:
        """Close the connection (a checkpoint folds the write-ahead log into the file)."""
        with self._lock:
            self._connection.close()


class _Transaction:
    """``with store._transaction() as connection``: the lock, BEGIN IMMEDIATE, then COMMIT.

    Any error rolls back; SQLite's own errors become a StoreError naming the file.
    """

    def __init__(self, store: SQLiteTableStore) -> None:
        self.store = store

    def __enter__(self) -> sqlite3.Connection:
        self.store._lock.acquire()
        try:
            self.store._connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            self.store._lock.release()
            raise self.store._error(f"cannot start a transaction: {err}") from err
        return self.store._connection

    def __exit__(self, kind: object, error: object, traceback: object) -> None:
        connection = self.store._connection
        try:
            if error is None:
                connection.execute("COMMIT")
            else:
                connection.execute("ROLLBACK")
        except sqlite3.Error as err:
            raise self.store._error(f"cannot write: {err}") from err
        finally:
            self.store._lock.release()
        if isinstance(error, sqlite3.Error):
            raise self.store._error(f"cannot read or write: {error}") from error

"""Where tables are kept between restarts: the :class:`TableStore` interface and SQLite.

A store keeps, for every table, its *setup* (name, seats with their credentials'
digests, the creator's digest, seeds, times: :func:`cardrules.tables.resume.table_setup`)
and the :mod:`cardrules.records` record of its current game, with the decision counter
beside them. :meth:`TableStore.save` writes a changed table in one transaction guarded by
the counter the caller last saw, so of two writers that raced only one succeeds, and a
decision is either stored with its counter or not at all. Loading replays each record and
checks the counter against it (:func:`cardrules.tables.resume.table_from_setup`): every
accepted decision is there, none twice. :meth:`TableStore.purge` forgets the tables
nobody has played at for a while.

:class:`SQLiteTableStore` appends: within a deal each accepted action is one new row,
written in the transaction that moves the counter, and the record is reassembled from
the game's record and those rows when the table is loaded; only a new deal or a new game
writes the game's record again.

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
import logging
import os
import sqlite3
import threading
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Final, Protocol, runtime_checkable

import attrs

from cardrules import games, records
from cardrules.errors import CardrulesError, StoreError, TableNotFoundError
from cardrules.records import GameRecord
from cardrules.tables.resume import decisions_in, game_record, table_from_setup, table_setup
from cardrules.tables.table import Table

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "SQLiteTableStore", "TableStore"]

LOG: Final = logging.getLogger("cardrules.tables")

SCHEMA_VERSION: Final = 2
"""The version of the store's tables this library writes (SQLite's ``user_version``).

A file with a higher version was written by a newer library and is refused, not changed.
A file of version 1 (which rewrote a table's whole record at every decision) is brought
to version 2 when it is opened.
"""

APPLICATION_ID: Final = 0x43525442
"""SQLite's ``application_id`` of a cardrules table store (``"CRTB"``): tells it apart
from every other application's SQLite database."""

_ACTIONS_TABLE: Final = """CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        counter INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, counter)
    ) STRICT, WITHOUT ROWID"""
"""Version 2: the actions taken since ``tables.record`` was written, one row each, by the
counter each brought its table to. ``tables.record`` holds the current game's record as
it was when its current deal was dealt (or later, in a file brought from version 1)."""

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
    _ACTIONS_TABLE,
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

    def purge(self, changed_before: float, *, keep: Collection[str] = ()) -> tuple[str, ...]:
        """Forget finished and abandoned tables; return their ids.

        That is every table with no decision since ``changed_before`` (on the clock of
        the ``now`` the tables were given) but those of ``keep``: finished games nobody
        went on with, games left half played.
        """

    def close(self) -> None:
        """Release the store's resources; it may not be used afterwards."""


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
            elif version == 1:  # the whole record at every decision: add the actions' table
                connection.execute("BEGIN IMMEDIATE")
                connection.execute(_ACTIONS_TABLE)
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
                    (table.id, table.counter, _setup_text(table), record),
                )
            except sqlite3.IntegrityError:
                raise self._error(f"a table with id {table.id!r} is stored already") from None

    def save(self, table: Table, *, counter_before: int) -> None:
        """Store a changed table in one transaction (see :meth:`TableStore.save`).

        Within a deal, each action taken since ``counter_before`` is one new row (with
        the counter and the setup beside it): nothing already stored is rewritten. A new
        deal or a new game writes the game's record afresh (and, for a new game, moves
        the finished game's record to the table's past games).
        """
        with self._transaction() as connection:
            row = connection.execute(
                "SELECT counter, setup FROM tables WHERE id = ?", (table.id,)
            ).fetchone()
            if row is None:
                raise TableNotFoundError(f"no table {table.id!r} in {self.path}")
            if row[0] != counter_before:
                raise self._error(
                    f"table {table.id!r} is stored at counter {row[0]}, not {counter_before}: "
                    "another writer changed it; reload it"
                )
            stored_game = self._stored_game_number(table.id, row[1])
            if stored_game == table.game_number and table.deal_start <= counter_before:
                format_action = table.module.format_action
                connection.executemany(
                    "INSERT INTO actions (table_id, counter, action) VALUES (?, ?, ?)",
                    [
                        (table.id, step.counter, str(format_action(step.action)))
                        for step in table.trail
                        if step.counter > counter_before
                    ],
                )
                connection.execute(
                    "UPDATE tables SET counter = ?, setup = ? WHERE id = ?",
                    (table.counter, _setup_text(table), table.id),
                )
                return
            if stored_game != table.game_number:
                finished = self._finished_game(connection, table.id)
                connection.execute(
                    "INSERT INTO past_games (table_id, game_number, record) VALUES (?, ?, ?)",
                    (table.id, stored_game, finished),
                )
            connection.execute("DELETE FROM actions WHERE table_id = ?", (table.id,))
            connection.execute(
                "UPDATE tables SET counter = ?, setup = ?, record = ? WHERE id = ?",
                (table.counter, _setup_text(table), records.dumps(game_record(table)), table.id),
            )

    def _stored_game_number(self, table_id: str, setup: str) -> int:
        try:
            number = json.loads(setup)["game_number"]
        except (ValueError, KeyError, TypeError) as err:
            raise self._error(f"table {table_id!r} is damaged: its setup cannot be read") from err
        if type(number) is not int:
            raise self._error(f"table {table_id!r} is damaged: its game number is not a number")
        return number

    def _finished_game(self, connection: sqlite3.Connection, table_id: str) -> str:
        """The stored table's game as a whole record (its deals' results included)."""
        stored = self._resumed(table_id, *self._rows(connection, table_id))
        return records.dumps(game_record(stored))

    def _rows(
        self, connection: sqlite3.Connection, table_id: str
    ) -> tuple[int, str, str, list[tuple[int, str]]]:
        """The stored counter, setup, record and actions since the record, of a table."""
        row = connection.execute(
            "SELECT counter, setup, record FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            raise TableNotFoundError(f"no table {table_id!r} in {self.path}")
        actions = connection.execute(
            "SELECT counter, action FROM actions WHERE table_id = ? ORDER BY counter",
            (table_id,),
        ).fetchall()
        return row[0], row[1], row[2], actions

    def _resumed(
        self, table_id: str, counter: int, setup: str, record: str, actions: list[tuple[int, str]]
    ) -> Table:
        """The table the rows hold: the record, the actions since appended, replayed."""
        try:
            return _table_from_rows(table_id, counter, setup, record, actions)
        except (CardrulesError, KeyError, TypeError, ValueError) as err:
            raise self._error(f"table {table_id!r} cannot be resumed: {err}") from err

    def load(self, table_id: str) -> Table:
        """The stored table, resumed (see :meth:`TableStore.load`)."""
        with self._transaction() as connection:
            rows = self._rows(connection, table_id)
        return self._resumed(table_id, *rows)

    def table_ids(self) -> tuple[str, ...]:
        """The ids of every stored table, oldest first."""
        with self._transaction() as connection:
            rows = connection.execute("SELECT id FROM tables ORDER BY rowid").fetchall()
        return tuple(str(row[0]) for row in rows)

    def load_all(self) -> Iterator[Table]:
        """Every stored table that resumes, oldest first.

        A table that cannot be resumed does not hide the others: it is skipped and logged
        (logger ``cardrules.tables``, naming it and what is wrong); :meth:`load` raises
        its :class:`StoreError`.
        """
        for table_id in self.table_ids():
            try:
                yield self.load(table_id)
            except StoreError as err:
                LOG.error("a stored table cannot be resumed: %s", err)
            except TableNotFoundError:  # removed meanwhile
                continue

    def purge(self, changed_before: float, *, keep: Collection[str] = ()) -> tuple[str, ...]:
        """Remove every table without a decision since ``changed_before``; return their ids.

        ``changed_before`` is on the tables' clock (the ``now`` their changes were given).
        That takes finished games nobody went on with as well as games left half played.
        The tables of ``keep`` (those a server holds in use, say) stay.
        """
        with self._transaction() as connection:
            rows = connection.execute(
                "SELECT id FROM tables"  # a damaged setup is load's to report, not purged
                " WHERE json_valid(setup) AND json_extract(setup, '$.changed_at') < ?",
                (changed_before,),
            ).fetchall()
            kept = set(keep)
            gone = tuple(str(row[0]) for row in rows if row[0] not in kept)
            for table_id in gone:
                self._delete(connection, table_id)
        return gone

    @staticmethod
    def _delete(connection: sqlite3.Connection, table_id: str) -> None:
        connection.execute("DELETE FROM actions WHERE table_id = ?", (table_id,))
        connection.execute("DELETE FROM past_games WHERE table_id = ?", (table_id,))
        connection.execute("DELETE FROM tables WHERE id = ?", (table_id,))

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
            self._delete(connection, table_id)

    def close(self) -> None:
        """Close the connection (a checkpoint folds the write-ahead log into the file)."""
        with self._lock:
            self._connection.close()


def _setup_text(table: Table) -> str:
    return json.dumps(table_setup(table), sort_keys=True)


def _table_from_rows(
    table_id: str, counter: int, setup: str, record_text: str, actions: list[tuple[int, str]]
) -> Table:
    """Resume a stored table (every failure a CardrulesError, KeyError, TypeError, ValueError).

    The actions must follow the record's decisions one counter after another.
    """
    settings = json.loads(setup)
    record = records.loads(record_text)
    if actions:
        game_start = settings["game_start"] if isinstance(settings, dict) else None
        if type(game_start) is not int:
            raise TypeError("the setup has no game start")
        first = game_start + decisions_in(record) + 1
        counters = [row[0] for row in actions]
        if counters != list(range(first, first + len(actions))):
            raise ValueError(
                f"the actions stored after the record are at counters {counters[0]} to "
                f"{counters[-1]} (with gaps or repeats), not from {first} on"
            )
        module = games.lookup(record.game).module
        last = record.deals[-1]
        taken = tuple(module.parse_action(row[1]) for row in actions)
        deal = attrs.evolve(last, actions=(*last.actions, *taken), result=None)
        record = attrs.evolve(record, deals=(*record.deals[:-1], deal))
    return table_from_setup(table_id, counter, settings, record)


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

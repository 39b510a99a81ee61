"""SQLiteTableStore on real files: reopening resumes exactly, kill -9 loses nothing, bad files
are refused with a clear error."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardrules import records
from cardrules.errors import StoreError, TableNotFoundError
from cardrules.tables import (
    SCHEMA_VERSION,
    Key,
    SeatPlan,
    SQLiteTableStore,
    Table,
    TableHost,
    TableStore,
    act,
)
from cardrules.tables.store import APPLICATION_ID
from tests.tables import burst_writer
from tests.tables.fixtures import creator, first_legal, key, new_table

ROOT = Path(__file__).resolve().parents[2]


def play_some(host: TableHost, table_id: str, keys: list[Key], decisions: int) -> Table:
    """Take ``decisions`` decisions at the table through the host (first legal action)."""
    for _ in range(decisions):
        table = host.get(table_id)
        if table.to_act is None:
            host.next_deal(table_id, keys[0], counter=table.counter, now=2.0)
            continue
        seat = table.to_act
        action = table.module.legal_actions(table.state)[0]
        host.act(table_id, keys[seat], action, counter=table.counter, now=1.0)
    return host.get(table_id)


def test_sqlite_store_is_a_table_store(tmp_path: Path) -> None:
    store = SQLiteTableStore(tmp_path / "t.db")
    assert isinstance(store, TableStore)
    store.close()


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_reopening_the_file_resumes_every_table_exactly(tmp_path: Path, game: str) -> None:
    path = tmp_path / "nested" / "tables.db"
    store = SQLiteTableStore(path)
    host = TableHost(store)
    new = new_table(game, seed=None)
    host.adopt(new.table)
    keys = [key(new, 0), key(new, 1)]
    before = play_some(host, new.table.id, keys, 60)
    store.close()

    reopened = SQLiteTableStore(path)
    resumed = TableHost(reopened)
    assert resumed.load_all() == 1
    after = resumed.get(new.table.id)
    assert after == before
    assert after.state == before.state
    assert [(s.counter, s.kind, s.seat, s.action) for s in after.trail] == [
        (s.counter, s.kind, s.seat, s.action) for s in before.trail
    ]
    assert [s.after for s in after.trail] == [s.after for s in before.trail]
    # the old credentials still open the seats, and play goes on from the same counter
    continued = play_some(resumed, new.table.id, keys, 5)
    assert continued.counter == before.counter + 5
    reopened.close()


def test_a_rematch_keeps_the_finished_game_among_the_past_records(tmp_path: Path) -> None:
    store = SQLiteTableStore(tmp_path / "t.db")
    host = TableHost(store)
    new = new_table(seats=[SeatPlan.robot(), SeatPlan.robot()])
    host.adopt(new.table)
    host.play_bots(new.table.id, now=1.0)
    finished = host.get(new.table.id)
    host.rematch(new.table.id, creator(new), counter=finished.counter, now=2.0)
    (past,) = store.past_records(new.table.id)
    assert records.restore(past) == finished.state
    with SQLiteTableStore(tmp_path / "t.db") as other:
        again = other.load(new.table.id)
    assert again.game_number == 2
    assert again.game_start == finished.counter + 1
    store.remove(new.table.id)
    assert store.table_ids() == ()
    assert store.past_records(new.table.id) == ()
    with pytest.raises(TableNotFoundError):
        store.load(new.table.id)


def test_a_save_at_the_wrong_counter_writes_nothing(tmp_path: Path) -> None:
    store = SQLiteTableStore(tmp_path / "t.db")
    new = new_table()
    store.add(new.table)
    moved, _ = act(new.table, key(new, 0), first_legal(new.table), counter=0, now=1.0)
    with pytest.raises(StoreError, match="another writer"):
        store.save(moved, counter_before=5)
    assert store.load(new.table.id) == new.table
    store.save(moved, counter_before=0)
    with pytest.raises(StoreError, match="another writer"):  # the same decision again
        store.save(moved, counter_before=0)
    assert store.load(new.table.id) == moved
    with pytest.raises(StoreError, match="stored already"):
        store.add(new.table)
    with pytest.raises(TableNotFoundError):
        store.save(new_table(seed=1).table, counter_before=0)


def test_the_store_keeps_digests_not_credentials(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SQLiteTableStore(path)
    new = new_table()
    store.add(new.table)
    store.close()
    content = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    for credential in (*new.seat_credentials, new.creator_credential):
        assert credential.encode() not in content
    assert new.table.creator.encode() in content


def test_a_host_that_fails_to_store_changes_nothing_in_memory(tmp_path: Path) -> None:
    store = SQLiteTableStore(tmp_path / "t.db")
    host = TableHost(store)
    new = new_table()
    host.adopt(new.table)
    store.remove(new.table.id)  # the store has lost the table behind the host's back
    with pytest.raises(TableNotFoundError):
        host.act(new.table.id, key(new, 0), first_legal(new.table), counter=0, now=1.0)
    assert host.get(new.table.id) == new.table


# -- files that are not a store -------------------------------------------------------------


def test_a_text_file_is_refused_naming_the_path(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes, not a database\n" * 100)
    with pytest.raises(StoreError, match=r"notes\.txt.*not an SQLite database"):
        SQLiteTableStore(path)
    assert path.read_text().startswith("these are my notes")


def test_another_applications_sqlite_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE tables (id TEXT, counter INTEGER)")
    other.execute("INSERT INTO tables VALUES ('x', 1)")
    other.commit()
    other.close()
    with pytest.raises(StoreError, match=r"other\.db.*another application's SQLite database"):
        SQLiteTableStore(path)
    check = sqlite3.connect(path)
    assert check.execute("SELECT * FROM tables").fetchall() == [("x", 1)]
    check.close()


def test_a_store_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    SQLiteTableStore(path).close()
    newer = sqlite3.connect(path)
    newer.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    newer.close()
    with pytest.raises(StoreError, match=r"new\.db.*newer cardrules"):
        SQLiteTableStore(path)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="folder"):
        SQLiteTableStore(tmp_path)


def test_a_damaged_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SQLiteTableStore(path)
    for number in range(40):  # enough pages to damage some beyond the header
        store.add(new_table(seed=number).table)
    store.close()
    data = bytearray(path.read_bytes())
    assert len(data) > 8192
    for offset in range(4096, len(data), 7):  # overwrite every page after the first
        data[offset] = 0xA5
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=r"t\.db: (is damaged|is not a cardrules table store)"):
        SQLiteTableStore(path)


def tampered(path: Path, record: Callable[[dict[str, Any]], object], counter: int) -> str:
    """Store a new table at ``path``, then change its stored record and counter behind the
    store's back; return the table's id."""
    with SQLiteTableStore(path) as store:
        new = new_table()
        store.add(new.table)
    raw = sqlite3.connect(path)
    (text,) = raw.execute("SELECT record FROM tables").fetchone()
    data = json.loads(text)
    record(data)
    raw.execute("UPDATE tables SET record = ?, counter = ?", (json.dumps(data), counter))
    raw.commit()
    raw.close()
    return new.table.id


def test_a_tampered_counter_is_refused_when_the_table_is_loaded(tmp_path: Path) -> None:
    table_id = tampered(tmp_path / "t.db", lambda record: None, counter=3)
    with (
        pytest.raises(StoreError, match=r"t\.db: table .* cannot be resumed: the counter is 3"),
        SQLiteTableStore(tmp_path / "t.db") as reopened,
    ):
        reopened.load(table_id)


def test_a_tampered_record_is_refused_when_the_table_is_loaded(tmp_path: Path) -> None:
    def illegal(record: dict[str, Any]) -> None:
        record["deals"][0]["actions"] = ["play AS"]

    def foreign(record: dict[str, Any]) -> None:
        record["format"] = "something else"

    for change in (illegal, foreign):
        table_id = tampered(tmp_path / f"{change.__name__}.db", change, counter=1)
        with (
            pytest.raises(StoreError, match="cannot be resumed"),
            SQLiteTableStore(tmp_path / f"{change.__name__}.db") as reopened,
        ):
            reopened.load(table_id)


def test_the_file_is_marked_as_a_cardrules_store_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    SQLiteTableStore(path).close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


# -- kill -9 in the middle of a burst of writes ---------------------------------------------


def reference_at(table_id: str, counter: int) -> Table:
    """The table ``table_id`` of the burst writer, played in memory up to ``counter``."""
    new = burst_writer.build(table_id)
    table = new.table
    boss = Key.for_creator(new.creator_credential)
    while table.counter < counter:
        table, _ = burst_writer.advance(table, boss)
    return table


def test_kill_9_in_a_burst_of_writes_loses_no_committed_decision_and_repeats_none(
    tmp_path: Path,
) -> None:
    path = tmp_path / "burst.db"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.tables.burst_writer", str(path)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    acknowledged: dict[str, int] = {}
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "ready"
        for _ in range(150):  # about half a second of writes, then the kill mid-burst
            table_id, counter = writer.stdout.readline().split()
            acknowledged[table_id] = int(counter)
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
        if writer.stdout is not None:
            for line in writer.stdout:  # decisions acknowledged between our read and the kill
                table_id, counter = line.split()
                acknowledged[table_id] = int(counter)
            writer.stdout.close()
    assert writer.returncode == -signal.SIGKILL

    store = SQLiteTableStore(path)
    ahead = 0
    for table_id in burst_writer.TABLES:
        table = store.load(table_id)  # replays the record and checks the counter
        committed = acknowledged.get(table_id, 0)
        # every acknowledged decision is there; at most one committed but not yet printed
        assert committed <= table.counter <= committed + 1
        ahead += table.counter - committed
        assert table.state == reference_at(table_id, table.counter).state
    assert ahead <= 1  # one writer: only the decision in flight can be unacknowledged
    # the recovered file takes new writes
    host = TableHost(store)
    new = new_table()
    host.adopt(new.table)
    host.act(new.table.id, key(new, 0), first_legal(new.table), counter=0, now=1.0)
    store.close()
    with SQLiteTableStore(path) as reopened:
        assert reopened.load(new.table.id).counter == 1


def test_a_damaged_setup_is_refused_when_the_table_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with SQLiteTableStore(path) as store:
        new = new_table()
        store.add(new.table)
        raw = sqlite3.connect(path)
        raw.execute("UPDATE tables SET setup = 'not json'")
        raw.commit()
        raw.close()
        moved, _ = act(new.table, key(new, 0), first_legal(new.table), counter=0, now=1.0)
        with pytest.raises(StoreError, match="is damaged"):
            store.save(moved, counter_before=0)


# -- one row per action ---------------------------------------------------------------------


def stored_rows(path: Path) -> tuple[str, list[tuple[int, str]]]:
    """The stored record text of the file's one table, and its action rows."""
    raw = sqlite3.connect(path)
    try:
        (record,) = raw.execute("SELECT record FROM tables").fetchone()
        actions = raw.execute("SELECT counter, action FROM actions ORDER BY counter").fetchall()
    finally:
        raw.close()
    return record, actions


def test_an_action_is_one_new_row_and_a_new_deal_writes_the_record_again(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SQLiteTableStore(path)
    host = TableHost(store)
    new = new_table()
    host.adopt(new.table)
    dealt, _ = stored_rows(path)
    keys = [key(new, 0), key(new, 1)]
    table = play_some(host, new.table.id, keys, 3)
    record, actions = stored_rows(path)
    assert record == dealt  # not rewritten
    assert actions == [(step.counter, str(step.action)) for step in table.trail[1:]]
    while not host.get(new.table.id).is_deal_over:
        play_some(host, new.table.id, keys, 1)
    finished = host.get(new.table.id)
    host.next_deal(new.table.id, keys[0], counter=finished.counter, now=3.0)
    record, actions = stored_rows(path)
    assert actions == []
    assert records.loads(record) == records.record(host.get(new.table.id).state, metadata={
        "seat 0": "P0", "seat 1": "P1", "table": "Test"})  # fmt: skip
    store.close()
    with SQLiteTableStore(path) as reopened:
        assert reopened.load(new.table.id).state == host.get(new.table.id).state


def test_action_rows_with_a_gap_are_refused_when_the_table_is_loaded(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with SQLiteTableStore(path) as store:
        host = TableHost(store)
        new = new_table()
        host.adopt(new.table)
        play_some(host, new.table.id, [key(new, 0), key(new, 1)], 3)
    raw = sqlite3.connect(path)
    raw.execute("DELETE FROM actions WHERE counter = 2")
    raw.commit()
    raw.close()
    with (
        pytest.raises(StoreError, match=r"cannot be resumed: .*counters 1 to 3 .*not from 1 on"),
        SQLiteTableStore(path) as reopened,
    ):
        reopened.load(new.table.id)


def test_a_store_of_version_1_is_brought_to_version_2_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    new = new_table()
    with SQLiteTableStore(path) as store:
        store.add(new.table)
    moved, _ = act(new.table, key(new, 0), first_legal(new.table), counter=0, now=1.0)
    raw = sqlite3.connect(path)  # as version 1 kept it: the whole record at every decision
    raw.execute("DROP TABLE actions")
    raw.execute(
        "UPDATE tables SET counter = 1, record = ?",
        (records.dumps(records.record(moved.state, metadata={"table": "Test"})),),
    )
    raw.execute("PRAGMA user_version = 1")
    raw.commit()
    raw.close()
    with SQLiteTableStore(path) as store:
        assert store.load(new.table.id).state == moved.state
        host = TableHost(store)
        after = play_some(host, new.table.id, [key(new, 0), key(new, 1)], 2)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    raw.close()
    with SQLiteTableStore(path) as reopened:
        assert reopened.load(new.table.id).state == after.state


# -- loading everything, purging ------------------------------------------------------------


def test_one_table_that_does_not_resume_hides_no_other(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "t.db"
    with SQLiteTableStore(path) as store:
        made = [new_table(seed=seed).table for seed in (1, 2, 3)]
        for table in made:
            store.add(table)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE tables SET record = 'not a record' WHERE id = ?", (made[1].id,))
    raw.commit()
    raw.close()
    with SQLiteTableStore(path) as store:
        host = TableHost(store)
        assert host.load_all() == 2
        assert list(host.unloadable) == [made[1].id]
        assert "cannot be resumed" in str(host.unloadable[made[1].id])
        assert [table.id for table in store.load_all()] == [made[0].id, made[2].id]
    logged = [r.getMessage() for r in caplog.records if r.name == "cardrules.tables"]
    assert logged
    assert all(made[1].id in line for line in logged)


def test_tables_without_a_decision_for_a_while_are_purged(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SQLiteTableStore(path)
    host = TableHost(store)
    old, kept, recent = (new_table(seed=seed, now=0.0) for seed in (1, 2, 3))
    for new in (old, kept, recent):
        host.adopt(new.table)
    for new, now in ((old, 10.0), (recent, 900.0)):
        seat = new.table.to_act
        assert seat is not None
        host.act(new.table.id, key(new, seat), first_legal(new.table), counter=0, now=now)
    assert host.purge(500.0, keep=[kept.table.id]) == (old.table.id,)
    assert set(store.table_ids()) == {kept.table.id, recent.table.id}
    with pytest.raises(TableNotFoundError):
        host.get(old.table.id)
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT count(*) FROM actions WHERE table_id = ?", (old.table.id,)
                       ).fetchone() == (0,)  # fmt: skip
    raw.close()
    damaged = new_table(seed=4).table
    store.add(damaged)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE tables SET setup = 'not json' WHERE id = ?", (damaged.id,))
    raw.commit()
    raw.close()
    assert store.purge(1000.0) == (kept.table.id, recent.table.id)  # the damaged one stays
    assert store.table_ids() == (damaged.id,)
    store.close()

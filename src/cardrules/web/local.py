"""One table held inside a page: the server's frames, answered with no server.

The documentation site's play page (docs/play.md) runs this module in Pyodide, in a Web
Worker: it needs no web library (Starlette is not there), only what :mod:`cardrules.web`
holds besides the application. A :class:`LocalTable` answers the client frames of the
tables protocol (docs/front-end.md) for one person against the library's bots, with the
server's own pieces: frames are read by :func:`~cardrules.web.frames.read_frame`, a
request to create a table by :class:`~cardrules.web.lobby.TableRequest`, every change
goes through :class:`~cardrules.web.rooms.Room` (saved, pushed, bots played at the
server's pace) and refusals are the server's ``error`` frames. So the page cannot tell it
from a server, and a custom front-end can hold a table the same way.

Every change is handed to ``save`` as a *snapshot*: JSON text holding the table's setup
and its current game as a :mod:`cardrules.records` record, which the page keeps in the
browser's storage; :meth:`LocalTable.restore` resumes the table from it, exactly (the
record replayed, the counter checked).

>>> import asyncio, json
>>> sent, snapshots = [], []
>>> async def game():
...     local = LocalTable(sent.append, snapshots.append)
...     body = '{"game": "spoil-five", "players": 2, "bots": [1], "seed": 7}'
...     seat = json.loads(await local.create(body))
...     del seat["table"]
...     await local.receive(json.dumps({"type": "hello", "protocol": 1, **seat}))
...     await local.receive('{"type": "act", "counter": 0, "action": "play XX"}')
...     return local
>>> local = asyncio.run(game())
>>> [json.loads(text)["type"] for text in sent]
['welcome', 'presence', 'table', 'error']
>>> json.loads(sent[-1])["code"], json.loads(snapshots[-1])["format"]
('illegal', 'cardrules-page-table')
>>> LocalTable(sent.append, snapshots.append).restore(snapshots[-1]) == local.table_id
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Collection
from typing import Final

from cardrules import records, tables
from cardrules.errors import CardrulesError, RecordError, StoreError, TableNotFoundError
from cardrules.records import GameRecord
from cardrules.tables.resume import game_record, table_from_setup, table_setup
from cardrules.web.frames import PROTOCOL, Frame, FrameError, read_frame, read_object
from cardrules.web.lobby import TableRequest, catalogue
from cardrules.web.rooms import Room, Rooms, dumps, resolve_key
from cardrules.web.settings import Settings

__all__ = ["SNAPSHOT_FORMAT", "LocalTable", "PageStore"]

SNAPSHOT_FORMAT: Final = "cardrules-page-table"
"""The ``format`` of a snapshot (see the module notes)."""

_CLIENT: Final = "127.0.0.1"
"""The client address the server's caps see: the page's only player."""


class PageStore:
    """A :class:`~cardrules.tables.TableStore` of the one table of a page.

    It keeps the table in memory and hands every version of it to ``save`` as a snapshot
    (the setup and the current game's record, as a server's SQLite store keeps them), so
    the page can keep it in the browser's storage.
    """

    def __init__(self, save: Callable[[str], None]) -> None:
        self._save = save
        self._tables: dict[str, tables.Table] = {}

    def add(self, table: tables.Table) -> None:
        """Keep a new table (replacing the page's previous one)."""
        self._tables = {table.id: table}
        self._save(snapshot(table))

    def save(self, table: tables.Table, *, counter_before: int) -> None:
        """Keep the table's new version (see :meth:`cardrules.tables.TableStore.save`)."""
        kept = self._tables.get(table.id)
        if kept is None:
            raise TableNotFoundError(f"no table {table.id!r:.40}")
        if kept.counter != counter_before:
            raise StoreError(f"the table is at {kept.counter}, not {counter_before}")
        self._tables[table.id] = table
        self._save(snapshot(table))

    def load(self, table_id: str) -> tables.Table:
        """The table kept (see :meth:`cardrules.tables.TableStore.load`)."""
        found = self._tables.get(table_id)
        if found is None:
            raise TableNotFoundError(f"no table {table_id!r:.40}")
        return found

    def table_ids(self) -> tuple[str, ...]:
        """The id of the table kept, if any."""
        return tuple(self._tables)

    def past_records(self, table_id: str) -> tuple[GameRecord, ...]:
        """None: a page keeps only the current game."""
        del table_id
        return ()

    def remove(self, table_id: str) -> None:
        """Forget the table."""
        self._tables.pop(table_id, None)

    def purge(self, changed_before: float, *, keep: Collection[str] = ()) -> tuple[str, ...]:
        """Nothing: the page's one table stays until the page replaces it."""
        del changed_before, keep
        return ()

    def close(self) -> None:
        """Nothing to release."""


def snapshot(table: tables.Table) -> str:
    """The table as JSON text: its setup, its counter and its current game's record."""
    return json.dumps(
        {
            "format": SNAPSHOT_FORMAT,
            "version": 1,
            "id": table.id,
            "counter": table.counter,
            "setup": table_setup(table),
            "record": json.loads(records.dumps(game_record(table))),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def table_from_snapshot(text: str) -> tables.Table:
    """The table a snapshot holds, resumed exactly.

    Raises:
        RecordError: for text that is not a snapshot, or one that does not resume.
    """
    try:
        data = records.parse_json(text)
        if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
            raise RecordError("not a table kept by the play page")
        if data.get("version") != 1:
            raise RecordError(f"a table kept in version {data.get('version')!r}, not 1")
        return table_from_setup(
            str(data["id"]),
            int(data["counter"]),
            data["setup"],
            records.loads(json.dumps(data["record"])),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"the kept table does not resume: {exc}") from None


class _Page:
    """The page's connection, as a room sees it (a :class:`~cardrules.web.rooms.Listener`)."""

    def __init__(self, send: Callable[[str], None], seat: int | None, language: str) -> None:
        self.send = send
        self.seat = seat
        self.language = language

    def push(self, kind: str, text: str) -> None:
        del kind
        self.send(text)


class LocalTable:
    """The one table of a page, answering the protocol's client frames.

    Args:
        send: called with each server frame, as JSON text.
        save: called with a snapshot of the table after each change (see the module).
        now: wall-clock seconds, the ``now`` the table records.
    """

    def __init__(
        self,
        send: Callable[[str], None],
        save: Callable[[str], None],
        *,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.settings = Settings()
        self.rooms = Rooms(self.settings, PageStore(save), clock=time.monotonic, now=now)
        self.send = send
        self.room: Room | None = None
        self.page: _Page | None = None
        self._key: tables.Key | None = None

    @property
    def table_id(self) -> str | None:
        """The id of the table held, if any."""
        return None if self.room is None else self.room.id

    @staticmethod
    def games() -> str:
        """The lobby's catalogue (what ``GET /api/games`` answers), as JSON text."""
        return dumps(catalogue())

    async def create(self, body: str) -> str:
        """Create the table a create request asks for (the body of ``POST /api/tables``).

        Returns JSON text ``{"table": id, "seat": s, "key": k}``: the table's id, the first
        seat that is not a bot and its credential (the page's player says hello with them).

        Raises:
            FrameError: ``bad-frame`` naming the field at fault.
        """
        request = TableRequest.read(read_object(body, max_size=self.settings.max_frame))
        self.rooms.forget(self.table_id or "")
        room, new = await self.rooms.create(request, _CLIENT)
        self.room, self.page = room, None
        seat = next(n for n, kept in enumerate(new.table.seats) if not kept.is_bot)
        return dumps({"table": room.id, "seat": seat, "key": new.seat_credentials[seat]})

    def restore(self, text: str) -> str:
        """Hold the table of a snapshot (after a reload); return its id.

        Raises:
            RecordError: for a snapshot that does not resume.
        """
        table = table_from_snapshot(text)
        self.rooms.forget(self.table_id or "")
        self.rooms.host.adopt(table)
        room = self.rooms.rooms[table.id] = Room(self.rooms, table, owner=_CLIENT)
        self.room, self.page = room, None
        room.start_bots()
        return table.id

    def record(self) -> str:
        """The record of the current game (every card of it), for ``cardrules replay``.

        Raises:
            TableNotFoundError: before a table is held.
        """
        if self.room is None:
            raise TableNotFoundError("no table is held yet")
        return records.dumps(game_record(self.room.table), indent=1)

    async def receive(self, text: str) -> None:
        """Answer one client frame; what it changes is pushed through ``send``."""
        try:
            frame = read_frame(text, max_size=self.settings.max_frame)
            room, page = self.room, self.page
            if room is None:
                raise FrameError("not-found", "no table is held yet")
            if frame.type == "hello":
                await self._hello(room, frame)
                since = frame.get("since")
                table_frame = room.table_frame(
                    self.page.seat if self.page else None,
                    since=since if isinstance(since, int) else None,
                    language=self.page.language if self.page else "en",
                )
                self.send(dumps(table_frame))
            elif page is None:
                raise FrameError("hello", "the first frame must be a hello")
            elif frame.type == "ping":
                self.send(dumps({"type": "pong"}))
            elif frame.type == "hand-to-bot":
                raise FrameError("forbidden", "only the table's creator may hand a seat to a bot")
            elif frame.type == "suggest":
                key = None if page.seat is None else self._key
                self.send(dumps(room.suggestion_frame(frame, key, page.language)))
            else:
                key = None if page.seat is None else self._key
                await room.change(frame, key)
        except FrameError as exc:
            self.send(dumps(exc.frame()))
            if exc.code == "stale" and self.room is not None and self.page is not None:
                frame_back = self.room.table_frame(self.page.seat, language=self.page.language)
                self.send(dumps(frame_back))
        except CardrulesError as exc:  # a snapshot or a store that failed: say so
            self.send(dumps(FrameError("forbidden", str(exc)).frame()))

    async def _hello(self, room: Room, frame: Frame) -> None:
        """Welcome the page (again): its seat, if the key opens it, and its language."""
        seat, key, language = frame.get("seat"), frame.get("key"), frame.get("language")
        if self.page is not None:
            room.leave(self.page)
        sitting: int | None = None
        if seat is not None:
            self._key = resolve_key(room, seat, key)
            sitting = self._key.seat
        self.send(dumps({
            "type": "welcome",
            "protocol": PROTOCOL,
            "table": room.id,
            "seat": sitting,
            "creator": False,
            "limits": self.settings.limits(),
        }))  # fmt: skip
        self.page = _Page(self.send, sitting, language if isinstance(language, str) else "en")
        if self._key is not None and sitting is not None:  # the seat's first hello: sit down
            name = frame.get("name")
            await room.sit(
                self._key, name if isinstance(name, str) else None, language=self.page.language
            )
        room.join(self.page)

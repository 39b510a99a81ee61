"""The live tables of a server process, and the sockets connected to each.

A :class:`Room` holds one table of :mod:`cardrules.tables` and the :class:`Listener`
objects of the sockets watching it. Every change is saved in the store first (through
the process's :class:`~cardrules.tables.TableHost`), then pushed to every listener as
*its own* payload: a seat's from :func:`~cardrules.tables.seat_payload`, a spectator's from
:func:`~cardrules.tables.spectator_payload`. A listener never receives a frame built for
another seat.

:class:`Rooms` decides which tables are kept in memory (docs/cli.md, "What is kept"; a
forgotten table stays in the store and is loaded again when its link is opened):

* a table is *in use* while a socket of one of its seats is open, and for ``table_idle``
  seconds after its last change (an action, a deal, a seat taken or left); reading its
  summary or watching it as a spectator does not keep it;
* creations are capped per client address prefix: per minute, and in tables in use;
* when the server holds ``max_tables`` tables, a creation forgets a table that is not in
  use (the one idle longest); if every table is in use the creation is refused with
  ``full``, so a table in use, such as a game waiting between deals, is never forgotten
  for a newcomer, and since no prefix may hold more than ``tables_per_client`` of them,
  no one client can fill the server.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections.abc import Callable, Iterable
from typing import Final, Protocol, TypeVar

from cardrules import tables
from cardrules.errors import (
    CardrulesError,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    SeatError,
    StaleMoveError,
    StoreError,
    TableNotFoundError,
    WrongCredentialError,
    WrongMomentError,
)
from cardrules.tables import credentials
from cardrules.tables.table import check_counter, check_turn, person_at
from cardrules.web.frames import Frame, FrameError
from cardrules.web.limits import Window, prefix
from cardrules.web.lobby import TableRequest
from cardrules.web.settings import Settings

__all__ = ["Listener", "Room", "Rooms", "dumps", "refusal", "resolve_creator", "resolve_key"]

LOG: Final = logging.getLogger("cardrules.web")

JSONObject = dict[str, object]
T = TypeVar("T")


def _fast_writer() -> Callable[[object], bytes] | None:
    """The ``dumps`` of orjson, or None where orjson is not installed.

    The server's ``web`` extra brings orjson; the play page's Pyodide, which runs
    :mod:`cardrules.web.local` in the browser, has no wheel of it and writes its frames
    with the standard library.
    """
    try:
        import orjson
    except ImportError:
        return None
    return orjson.dumps


_FAST_DUMPS: Final = _fast_writer()


def dumps(frame: JSONObject) -> str:
    """A frame as compact JSON text (UTF-8 kept: names may hold any letter).

    Written by orjson where it is installed, byte for byte what ``json.dumps(frame,
    ensure_ascii=False, separators=(",", ":"))`` writes, about eight times faster (a
    table frame is a few kilobytes, written once per reader at every move). What orjson
    refuses (a string that is not valid Unicode, an integer beyond 64 bits), and every
    frame where orjson is not installed, is written by the standard library.

    >>> dumps({"name": "Zoë", "cards": ["10C", "AH"], "to_act": None})
    '{"name":"Zoë","cards":["10C","AH"],"to_act":null}'
    """
    if _FAST_DUMPS is not None:
        try:
            return _FAST_DUMPS(frame).decode()
        except TypeError:  # orjson.JSONEncodeError, a TypeError: the standard library's turn
            pass
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def refusal(exc: CardrulesError) -> FrameError:
    """The protocol's error for a refusal of :mod:`cardrules.tables` or of the engine."""
    message = str(exc)
    if isinstance(exc, FrameError):
        return exc
    if isinstance(exc, StaleMoveError):
        return FrameError("stale", message)
    if isinstance(exc, IllegalActionError):
        return FrameError("illegal", message, rule=exc.rule)
    if isinstance(exc, NotationError):
        return FrameError("illegal", message, field="action")
    if isinstance(exc, NotYourTurnError):
        return FrameError("not-your-turn", message)
    if isinstance(exc, WrongMomentError):
        return FrameError("not-now", message)
    if isinstance(exc, WrongCredentialError):
        return FrameError("credential", message)
    if isinstance(exc, TableNotFoundError):
        return FrameError("not-found", message)
    if isinstance(exc, SeatError | OptionsError):
        return FrameError("forbidden", message)
    return FrameError("forbidden", message)


def resolve_key(room: Room, seat: object, key: object) -> tables.Key:
    """The seat key of a hello (or an HTTP request), checked against the table.

    Raises:
        FrameError: ``credential`` for a seat that does not exist or a key that is not its.
    """
    table = room.table
    if (
        not isinstance(seat, int)
        or not 0 <= seat < table.players
        or not credentials.matches(key, table.seats[seat].credential)
    ):
        raise FrameError("credential", "that link's seat and key do not open a seat here")
    return tables.Key.for_seat(seat, str(key))


def resolve_creator(room: Room, creator: object) -> tables.Key | None:
    """The creator's key, if ``creator`` is the table's creator credential.

    Raises:
        FrameError: ``credential`` for a credential given that is not the creator's.
    """
    if creator is None:
        return None
    if not credentials.matches(creator, room.table.creator):
        raise FrameError("credential", "that is not this table's creator credential")
    return tables.Key.for_creator(str(creator))


class Listener(Protocol):
    """A socket watching a room: a seat's (``seat`` set) or a spectator's (``seat`` None)."""

    seat: int | None
    language: str

    def push(self, kind: str, text: str) -> None:
        """Queue a frame of type ``kind``, serialised as ``text``, never waiting."""


class Room:
    """One live table and the sockets watching it.

    Every change goes through :meth:`change`, one at a time (an :class:`asyncio.Lock`):
    it is saved, then pushed; then, while a bot is to act, the bots play, paced by
    ``bot_delay`` seconds, each of their decisions saved and pushed the same way.
    """

    def __init__(self, rooms: Rooms, table: tables.Table, owner: str) -> None:
        self.rooms = rooms
        self.table = table
        self.owner = owner
        self.listeners: set[Listener] = set()
        self.changed = rooms.clock()
        self.lock = asyncio.Lock()
        self.bots: asyncio.Task[None] | None = None
        self.suggested: tuple[int, tables.Suggestion] | None = None
        """The suggestion at a counter, kept until the counter moves (see
        :meth:`suggestion_frame`)."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.table.id

    # -- who is here --------------------------------------------------------------------

    def seated_sockets(self) -> bool:
        """Whether a socket of a seat is open."""
        return any(listener.seat is not None for listener in self.listeners)

    def in_use(self, now: float) -> bool:
        """Whether the table may not be forgotten (see the module notes)."""
        return self.seated_sockets() or now - self.changed < self.rooms.settings.table_idle

    def presence(self) -> JSONObject:
        """The ``presence`` frame: who sits where, who is connected, how long each is idle."""
        connected = {listener.seat for listener in self.listeners}
        now = self.rooms.now()
        seats: list[JSONObject] = []
        for number, seat in enumerate(self.table.seats):
            idle = None if not seat.is_person else int(tables.idle_for(self.table, number, now))
            seats.append({
                "seat": number,
                "name": seat.name,
                "occupant": seat.kind.value,
                "connected": number in connected,
                "idle": idle,
            })  # fmt: skip
        spectators = sum(1 for listener in self.listeners if listener.seat is None)
        return {"type": "presence", "seats": seats, "spectators": spectators}

    def summary(self) -> JSONObject:
        """The public summary of the table (``$defs.summary``)."""
        table = self.table
        if table.is_game_over:
            status = "over"
        elif table.is_deal_over:
            status = "between-deals"
        else:
            status = "playing"
        presence = self.presence()
        return {
            "table": table.id,
            "name": table.name,
            "game": table.game,
            "preset": table.preset or "",
            "players": table.players,
            "counter": table.counter,
            "deal": table.deal_number,
            "status": status,
            "seats": presence["seats"],
            "spectators": presence["spectators"],
        }

    # -- frames -------------------------------------------------------------------------

    def table_frame(
        self,
        seat: int | None,
        *,
        resync: bool = False,
        since: int | None = None,
        language: str = "en",
    ) -> JSONObject:
        """The ``table`` frame for ``seat`` (``None``: a spectator), its texts in ``language``.

        ``since``: the counter of the last table frame the client holds; the payload's
        narration then starts after it (by default it tells the whole current deal).
        """
        if since is not None and since > self.table.counter:
            since = None
        if seat is None:
            payload = tables.spectator_payload(self.table, since=since, language=language)
        else:
            payload = tables.seat_payload(self.table, seat, since=since, language=language)
        frame: JSONObject = {"type": "table", "counter": self.table.counter, "payload": payload}
        if resync:
            frame["resync"] = True
        return frame

    def broadcast(
        self, *, table: bool = True, presence: bool = False, since: int | None = None
    ) -> None:
        """Push the table (each listener its own) and/or the presence to every listener.

        ``since``: the counter before the change, so that the payloads narrate the
        change's steps only (every listener held the table frame of that counter).
        """
        texts: dict[tuple[int | None, str], str] = {}
        presence_text = dumps(self.presence()) if presence else ""
        for listener in tuple(self.listeners):
            if table:
                reader = (listener.seat, listener.language)
                text = texts.get(reader)
                if text is None:
                    frame = self.table_frame(reader[0], since=since, language=reader[1])
                    text = texts[reader] = dumps(frame)
                listener.push("table", text)
            if presence:
                listener.push("presence", presence_text)

    def join(self, listener: Listener) -> None:
        """Add a socket, and tell everyone who is here."""
        self.listeners.add(listener)
        self.broadcast(table=False, presence=True)

    def leave(self, listener: Listener) -> None:
        """Remove a socket, and tell everyone who is here."""
        self.listeners.discard(listener)
        self.broadcast(table=False, presence=True)

    def suggestion_frame(
        self, frame: Frame, key: tables.Key | None, language: str = "en"
    ) -> JSONObject:
        """The ``suggestion`` frame answering a ``suggest`` frame of ``key``'s seat.

        The game's strongest bot chooses from the seat's view (:func:`tables.suggest`),
        in the event loop: it thinks for tens of milliseconds at most, as a bot's turn
        does, and once a position: the same position gives the same suggestion, so it is
        kept until the counter moves (asking again, or from another device, costs no
        search). Nothing changes at the table, so nothing is saved or pushed.

        Raises:
            FrameError: ``forbidden`` for a spectator or a seat no person holds, else the
                protocol's refusal (``stale``, ``not-your-turn``).
        """
        if key is None:
            raise FrameError("forbidden", "a spectator is not offered suggestions")
        table = self.table
        counter = frame.get("counter")
        try:
            seat = person_at(table, key)
            check_counter(table, counter)
            check_turn(table, seat)
            kept = self.suggested
            if kept is None or kept[0] != table.counter:  # one seat decides at a counter
                found = tables.suggest(table, key, counter=table.counter)
                kept = self.suggested = (table.counter, found)
            found = kept[1]
            reader = tables.Reader.of(table, seat, language=language)
        except CardrulesError as exc:
            raise refusal(exc) from None
        entry = tables.suggestion_entry(table, found, reader)
        return {"type": "suggestion", "counter": table.counter, "suggestion": entry}

    # -- changes ------------------------------------------------------------------------

    async def change(self, frame: Frame, key: tables.Key | None) -> None:
        """Apply a client frame that changes the table, for ``key``; save, push, run bots.

        Raises:
            FrameError: the protocol's refusal (nothing changed).
        """
        async with self.lock:
            now = self.rooms.now()
            seats_changed = frame.type in ("leave", "take-seat", "hand-to-bot")
            before = self.table.counter
            try:
                await self.rooms.change(
                    self, lambda table: (self._apply(table, frame, key, now), None)
                )
            except CardrulesError as exc:
                raise refusal(exc) from None
            self.broadcast(presence=seats_changed, since=before)
            self.start_bots()

    def _apply(
        self, table: tables.Table, frame: Frame, key: tables.Key | None, now: float
    ) -> tables.Table:
        """The table after ``frame`` (a pure transition of :mod:`cardrules.tables`)."""
        if key is None:
            raise FrameError("forbidden", "a spectator cannot change the table")
        kind = frame.type
        counter = frame.get("counter")
        if kind == "act":
            return tables.act(table, key, frame.get("action"), counter=counter, now=now)[0]  # type: ignore[arg-type]
        if kind == "next-deal":
            return tables.next_deal(table, key, counter=counter, now=now)[0]  # type: ignore[arg-type]
        if kind == "rematch":
            return tables.rematch(table, key, counter=counter, now=now)[0]  # type: ignore[arg-type]
        if kind == "leave":
            return tables.leave_seat(table, key, now=now)[0]
        if kind == "take-seat":
            return self._take_seat(table, key, frame.get("name"), now)
        if kind == "hand-to-bot":
            seat = frame.get("seat")
            wait = self.rooms.settings.hand_to_bot_after
            return tables.hand_to_bot(table, key, seat, now=now, idle_seconds=wait)[0]  # type: ignore[arg-type]
        raise FrameError("bad-frame", f"a {kind} frame does not change the table", field="type")

    @staticmethod
    def _take_seat(
        table: tables.Table, key: tables.Key, name: object, now: float, language: str | None = None
    ) -> tables.Table:
        seat = table.seats[key.seat] if key.seat is not None else None
        if isinstance(name, str):
            given: str | None = name
        elif seat is not None and seat.is_bot:  # back from a bot: the seat's own name
            given = seat.name.removesuffix(" (bot)")
        else:
            given = None
        return tables.take_seat(table, key, now=now, name=given, language=language)[0]

    async def sit(self, key: tables.Key, name: str | None, language: str | None = None) -> None:
        """Seat the holder of ``key`` if nobody occupies the seat (a hello from a link)."""
        async with self.lock:
            seat = self.table.seats[key.seat] if key.seat is not None else None
            if seat is None or seat.is_person or seat.is_bot:
                return
            now = self.rooms.now()
            try:
                await self.rooms.change(
                    self, lambda table: (self._take_seat(table, key, name, now, language), None)
                )
            except CardrulesError as exc:
                raise refusal(exc) from None
            self.broadcast(presence=True)

    def start_bots(self) -> None:
        """Let the bots play, in the background, if a bot is to act."""
        if self.bots is not None and not self.bots.done():
            return
        if not self._bot_to_act():
            return
        self.bots = asyncio.get_running_loop().create_task(self._play_bots())

    def _bot_to_act(self) -> bool:
        seat = self.table.to_act
        return seat is not None and self.table.seats[seat].is_bot

    async def _play_bots(self) -> None:
        try:
            await self._bot_turns()
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not leave the table stuck: say so, keep serving
            LOG.exception("the bots of table %s stopped", self.id)

    async def _bot_turns(self) -> None:
        delay = self.rooms.settings.bot_delay
        while True:
            if delay > 0:
                await asyncio.sleep(delay)
            async with self.lock:
                if not self._bot_to_act():
                    return
                before = self.table.counter
                await self.rooms.change(
                    self, functools.partial(_bots_play, self.rooms.now(), delay)
                )
                self.broadcast(since=before)
            if delay <= 0:
                await asyncio.sleep(0)


def _bots_play(now: float, delay: float, table: tables.Table) -> tuple[tables.Table, None]:
    """The table after its bots' next decision, or all of them (``delay`` 0).

    Without a delay every bot decision up to a person's, or the end of the deal, is saved
    in one transaction: they are the bots' deterministic choices.
    """
    while (moved := tables.step_bot(table, now=now)) is not None:
        table = moved[0]
        if delay > 0:
            break
    return table, None


class Rooms:
    """The tables of this process, by id, with the caps on creating them.

    Args:
        settings: the server's settings.
        host: where tables are kept and saved (a :class:`~cardrules.tables.TableHost`).
        clock: monotonic seconds, for idleness and rates (tests pass their own).
        now: wall-clock seconds, the ``now`` the tables record.
    """

    def __init__(
        self,
        settings: Settings,
        store: tables.TableStore | None,
        *,
        clock: Callable[[], float] = time.monotonic,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.store = store
        self.host = tables.TableHost(store)
        self.clock = clock
        self.now = now
        self.rooms: dict[str, Room] = {}
        self.creations = Window(settings.creations_per_minute, 60.0)

    def __len__(self) -> int:
        return len(self.rooms)

    async def _store_call(self, function: Callable[..., T], *args: object) -> T:
        """Call ``function`` (which writes to the store), in the event loop or in a thread.

        A commit of SQLite in WAL mode with ``synchronous=NORMAL`` takes a millisecond or
        so, less than handing the call to a worker thread costs once the event loop is
        busy (the threads then queue for the interpreter lock, several milliseconds a
        turn): so it runs here. With ``power_safe`` each commit waits for the disk's
        flush, and runs in a worker thread so the other tables go on meanwhile.
        """
        if self.settings.power_safe:
            return await asyncio.to_thread(function, *args)
        return function(*args)

    async def change(
        self, room: Room, transition: Callable[[tables.Table], tuple[tables.Table, None]]
    ) -> None:
        """Apply ``transition`` to ``room``'s table through the host, which saves it first."""
        table, _ = await self._store_call(self.host.change, room.id, transition)
        room.table = table
        room.changed = self.clock()

    async def get(self, table_id: str) -> Room:
        """The room of ``table_id``, loaded from the store if it is not live.

        Raises:
            FrameError: ``not-found``.
        """
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        table = None
        if self.store is not None and _plausible_id(table_id):
            try:
                table = await self._store_call(self.host.get, table_id)
            except TableNotFoundError:
                table = None
            except StoreError as exc:  # stored, but it no longer resumes: say so, go on
                LOG.error("table %s cannot be resumed: %s", table_id, exc)
                raise FrameError("not-found", f"that table cannot be resumed: {exc}") from None
        if table is None:
            raise FrameError(
                "not-found", "no table has that id (or it was closed after a long idle)"
            )
        room = self.rooms.get(table_id)
        if room is not None:  # loaded meanwhile by another request
            return room
        if len(self.rooms) >= self.settings.max_tables and not self._make_room(exclude=""):
            raise FrameError("full", "the server is full of tables in use; try again later")
        room = self.rooms[table_id] = Room(self, table, owner="")
        room.changed = self.clock() - self.settings.table_idle  # loaded: not in use until changed
        room.start_bots()
        return room

    async def create(self, request: TableRequest, client: str) -> tuple[Room, tables.NewTable]:
        """Keep a table just created by ``client`` (an address), within the caps.

        Raises:
            FrameError: ``rate`` past the creations per minute or the tables in use of the
                client's prefix; ``full`` when every table of the server is in use.
        """
        owner = prefix(client)
        now = self.clock()
        own = sum(1 for room in self.rooms.values() if room.owner == owner and room.in_use(now))
        if own >= self.settings.tables_per_client:
            raise FrameError(
                "rate",
                f"your network already holds {own} tables in use; close one or try later",
            )
        if not self.creations.allow(owner, now):
            raise FrameError("rate", "too many tables created from your network in a minute")
        if len(self.rooms) >= self.settings.max_tables and not self._make_room(exclude=""):
            raise FrameError("full", "the server is full of tables in use; try again later")
        try:
            new = await self._store_call(request.create, self.host, self.now())
        except CardrulesError as exc:
            raise FrameError("bad-frame", str(exc), field=request.field_of(exc)) from None
        room = self.rooms[new.table.id] = Room(self, new.table, owner)
        room.start_bots()
        return room, new

    def _make_room(self, exclude: str) -> bool:
        """Forget the table idle longest that is not in use; False if every table is."""
        now = self.clock()
        idle = [room for room in self.rooms.values() if not room.in_use(now) and room.id != exclude]
        if not idle:
            return False
        victim = min(idle, key=lambda room: room.changed)
        self.forget(victim.id)
        return True

    def forget(self, table_id: str) -> None:
        """Drop a table from memory (it stays in the store; its spectators are closed)."""
        room = self.rooms.pop(table_id, None)
        self.host.forget(table_id)
        if room is None:
            return
        if room.bots is not None:
            room.bots.cancel()
        for listener in tuple(room.listeners):
            close = getattr(listener, "close", None)
            if close is not None:
                close("idle", "the table was closed after a long idle")

    def sweep(self) -> None:
        """Drop from memory the tables that nobody watches and nobody changed lately."""
        now = self.clock()
        for room in tuple(self.rooms.values()):
            if not room.listeners and not room.in_use(now) and self.store is not None:
                self.forget(room.id)

    async def purge(self) -> tuple[str, ...]:
        """Remove old tables from memory and the store; return their ids.

        Those are the tables without a decision for ``keep_tables`` seconds, but those
        in use (a finished game nobody went on with, a game left half played).
        """
        now = self.clock()
        keep = [room.id for room in self.rooms.values() if room.in_use(now)]
        cutoff = self.now() - self.settings.keep_tables
        gone = await asyncio.to_thread(self.host.purge, cutoff, keep=keep)
        for table_id in gone:
            self.forget(table_id)
        if gone:
            LOG.info("removed %d tables without a decision for a while", len(gone))
        return gone

    def all(self) -> Iterable[Room]:
        """Every live room."""
        return tuple(self.rooms.values())


def _plausible_id(text: str) -> bool:
    return 8 <= len(text) <= 64 and all(ch.isalnum() or ch in "-_" for ch in text)

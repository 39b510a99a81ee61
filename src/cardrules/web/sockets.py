"""The WebSocket of a table, ``/ws/{table}``: a seat's or a spectator's connection.

The protocol is docs/front-end.md's "Tables protocol". A :class:`Connection` reads the
client's frames (at most ``max_frame`` bytes, ``frames_per_second`` of them, none after
``idle_timeout`` seconds of silence) and writes the server's from a bounded queue: when
a client reads too slowly to keep ``send_queue`` frames, its queued frames are dropped
and the latest table and presence are sent instead (``"resync": true``), so a slow
consumer never holds up a table or the other sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from typing import TYPE_CHECKING, Final

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from cardrules import tables
from cardrules.web.frames import PROTOCOL, Frame, FrameError, read_frame
from cardrules.web.limits import Bucket
from cardrules.web.rooms import Room, dumps, resolve_creator, resolve_key

if TYPE_CHECKING:
    from cardrules.web.app import Server

__all__ = ["Connection", "table_socket"]

LOG: Final = logging.getLogger("cardrules.web")

POLICY: Final = 1008
"""The WebSocket close code after a closing error (RFC 6455: policy violation)."""

_MAX_REFUSED: Final = 50
"""Frames refused for rate in a row after which a socket is closed."""


class Connection:
    """One accepted socket: its seat (or none), its queue of frames, its limits."""

    def __init__(self, server: Server, websocket: WebSocket, client: str) -> None:
        self.server = server
        self.websocket = websocket
        self.client = client
        self.seat: int | None = None
        self.language = "en"
        self.room: Room | None = None
        self.key: tables.Key | None = None
        self.creator: tables.Key | None = None
        settings = server.settings
        self.bucket = Bucket(
            rate=settings.frames_per_second, burst=settings.burst, now=server.rooms.clock()
        )
        self._queue: deque[tuple[str, str]] = deque()
        self._wake = asyncio.Event()
        self._resync = False
        self._closing: tuple[str, str] | None = None

    # -- writing ------------------------------------------------------------------------

    def push(self, kind: str, text: str) -> None:
        """Queue a frame; past ``send_queue`` frames, resync instead (see the module)."""
        if self._closing is not None:
            return
        limit = self.server.settings.send_queue
        if len(self._queue) >= 4 * limit:  # errors and pongs it never reads: a flood
            self._queue.clear()
            self.close("rate", "frames are sent faster than they are read; closing")
            return
        if len(self._queue) >= limit and kind in ("table", "presence"):
            self._queue = deque(
                item for item in self._queue if item[0] not in ("table", "presence")
            )
            self._resync = True
        elif not self._resync or kind not in ("table", "presence"):
            self._queue.append((kind, text))
        self._wake.set()

    def send(self, frame: dict[str, object]) -> None:
        """Queue a frame built here (welcome, error, pong)."""
        self.push(str(frame["type"]), dumps(frame))

    def close(self, code: str, message: str) -> None:
        """Send an error frame, then close the socket (after what is queued)."""
        if self._closing is None:
            self.send(FrameError(code, message).frame())
            self._closing = (code, message)
            self._wake.set()

    async def writer(self) -> None:
        """Send queued frames until the socket closes."""
        websocket = self.websocket
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue or self._resync:
                if self._resync and self.room is not None and not self._queue:
                    self._resync = False
                    frame = self.room.table_frame(self.seat, resync=True, language=self.language)
                    await websocket.send_text(dumps(frame))
                    await websocket.send_text(dumps(self.room.presence()))
                    continue
                if not self._queue:
                    self._resync = False
                    continue
                _, text = self._queue.popleft()
                await websocket.send_text(text)
            if self._closing is not None:
                with contextlib.suppress(RuntimeError, OSError):
                    await websocket.close(POLICY)
                return

    # -- reading ------------------------------------------------------------------------

    async def receive(self, timeout: float) -> str | None:
        """The next text frame, or None when the client went away.

        Raises:
            FrameError: ``bad-json`` for a binary frame; ``idle`` after ``timeout``.
        """
        try:
            message = await asyncio.wait_for(self.websocket.receive(), timeout)
        except TimeoutError:
            raise FrameError("idle", f"nothing was heard for {timeout:g} s") from None
        if message["type"] == "websocket.disconnect":
            return None
        text = message.get("text")
        if text is None:
            raise FrameError("bad-json", "frames must be text frames holding JSON")
        return str(text)

    async def hello(self) -> Frame | None:
        """Read the first frame, which must be a hello."""
        settings = self.server.settings
        text = await self.receive(settings.hello_timeout)
        if text is None:
            return None
        frame = read_frame(text, max_size=settings.max_frame)
        if frame.type != "hello":
            raise FrameError("hello", "the first frame must be a hello")
        return frame

    async def serve(self, table_id: str) -> None:
        """Run the connection: hello, welcome, then frames until it closes."""
        settings = self.server.settings
        frame = await self.hello()
        if frame is None:
            return
        room = await self.server.rooms.get(table_id)
        seat = frame.get("seat")
        if seat is not None:
            self.key = resolve_key(room, seat, frame.get("key"))
            self.seat = self.key.seat
        self.creator = resolve_creator(room, frame.get("creator"))
        language = frame.get("language")
        if isinstance(language, str):
            self.language = language
        self.room = room
        self.send({
            "type": "welcome",
            "protocol": PROTOCOL,
            "table": room.id,
            "seat": self.seat,
            "creator": self.creator is not None,
            "limits": settings.limits(),
        })  # fmt: skip
        if self.key is not None:  # a link to a seat nobody occupies: sit down
            name = frame.get("name")
            await room.sit(
                self.key, name if isinstance(name, str) else None, language=self.language
            )
        room.join(self)
        since = frame.get("since")
        first = room.table_frame(
            self.seat, since=since if isinstance(since, int) else None, language=self.language
        )
        self.send(first)
        refused = 0
        while self._closing is None:
            try:
                text = await self.receive(settings.idle_timeout)
                if text is None:
                    return
                if not self.bucket.take(self.server.rooms.clock()):
                    refused += 1
                    if refused >= _MAX_REFUSED:
                        raise FrameError("rate", "too many frames; closing")
                    raise FrameError("rate", "too many frames; slow down")
                refused = 0
                await self.handle(read_frame(text, max_size=settings.max_frame))
            except FrameError as exc:
                if exc.code == "rate" and refused >= _MAX_REFUSED:
                    raise
                if exc.code in ("credential", "not-found", "full", "idle"):
                    raise
                self.send(exc.frame())
                if exc.code == "stale" and self.room is not None:
                    self.send(self.room.table_frame(self.seat, language=self.language))

    async def handle(self, frame: Frame) -> None:
        """Answer one frame after the hello."""
        room = self.room
        if room is None:  # pragma: no cover - serve sets it before the loop
            raise FrameError("hello", "the first frame must be a hello")
        kind = frame.type
        if kind == "ping":
            self.send({"type": "pong"})
        elif kind == "hello":
            raise FrameError("hello", "this socket already said hello")
        elif kind == "suggest":
            self.send(room.suggestion_frame(frame, self.key, self.language))
        elif kind == "hand-to-bot":
            if self.creator is None:
                raise FrameError("forbidden", "only the table's creator may hand a seat to a bot")
            await room.change(frame, self.creator)
        else:
            await room.change(frame, self.key)


async def table_socket(websocket: WebSocket) -> None:
    """The ``/ws/{table}`` endpoint (see the module notes)."""
    server: Server = websocket.app.state.server
    client = server.client_of(websocket)
    if not server.origin_allowed(websocket):
        await websocket.close(POLICY)  # before accepting: the browser sees 403
        return
    if not server.sockets.acquire(client):
        await websocket.accept()
        await websocket.send_text(
            dumps(FrameError("full", "too many sockets from your address").frame())
        )
        await websocket.close(POLICY)
        return
    connection = Connection(server, websocket, client)
    try:
        await websocket.accept()
        writer = asyncio.get_running_loop().create_task(connection.writer())
        try:
            await connection.serve(str(websocket.path_params["table_id"]))
        except FrameError as exc:
            connection.close(exc.code, exc.message)
        except WebSocketDisconnect:
            pass
        finally:
            if connection.room is not None:
                connection.room.leave(connection)
            if connection._closing is None:
                writer.cancel()
            with contextlib.suppress(
                asyncio.CancelledError, WebSocketDisconnect, RuntimeError, OSError
            ):
                await asyncio.wait_for(writer, server.settings.idle_timeout)
    finally:
        server.sockets.release(client)
        if websocket.client_state is WebSocketState.CONNECTED and connection._closing is None:
            with contextlib.suppress(RuntimeError, OSError):
                await websocket.close()

"""The ASGI application of ``cardrules serve``: the page, the JSON API and the tables' sockets.

Routes (the protocol is docs/front-end.md's "Tables protocol"):

- ``GET /`` and ``GET /t/{table}``: the page (the lobby; a table), package data of
  ``cardrules.web``.
- ``GET /api/games``: the games, presets and player counts, for the lobby.
- ``POST /api/tables``: create a table; 201 with one link per seat, a spectator link and
  the creator credential.
- ``GET /api/tables/{table}``: the public summary of a table.
- ``POST /api/tables/{table}/view``: a seat's (or a spectator's) table frame.
- ``POST /api/tables/{table}/frames``: one client frame over HTTP (the fallback).
- ``WS /ws/{table}``: a seat's or a spectator's socket (:mod:`cardrules.web.sockets`).
- ``GET /cards/{card}.svg``: card pictures from :mod:`cardrules.svg`.

Every answer carries ``X-Content-Type-Options: nosniff``; a request whose ``Host`` is not
an allowed host gets 400, and a WebSocket upgrade from a page of another origin is
refused. Every refusal is an ``error`` object with a 4xx status; no input gives a 5xx.

>>> app = create_app(Settings())
>>> [route.path for route in app.routes][:4]
['/', '/t/{table_id}', '/api/games', '/api/tables']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardrules import parse_card, svg, tables
from cardrules.errors import CardrulesError, NotationError
from cardrules.web.frames import FrameError, language_of, read_frame, read_object
from cardrules.web.limits import Buckets, Counter, client_address
from cardrules.web.lobby import TableRequest, catalogue, only_fields
from cardrules.web.rooms import Rooms, resolve_creator, resolve_key
from cardrules.web.settings import Settings
from cardrules.web.sockets import table_socket

__all__ = ["STATIC", "Server", "create_app"]

LOG: Final = logging.getLogger("cardrules.web")

STATIC: Final = Path(str(resources.files("cardrules.web") / "static"))
"""The page: its HTML, style sheet and script (package data of ``cardrules.web``)."""

STATUS: Final[Mapping[str, int]] = {
    "bad-json": 400, "bad-frame": 400, "hello": 400, "protocol": 400, "credential": 403,
    "forbidden": 403, "not-found": 404, "stale": 409, "not-your-turn": 409, "not-now": 409,
    "too-large": 413, "illegal": 422, "rate": 429, "full": 429, "idle": 408,
}  # fmt: skip
"""The HTTP status of each error code of the protocol."""

_NO_STORE: Final = {"Cache-Control": "no-store"}
_PAGE_HEADERS: Final = {
    **_NO_STORE,
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "Referrer-Policy": "no-referrer",
}


def _answer(body: object, status: int = 200) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers=_NO_STORE)


def _refused(exc: FrameError) -> JSONResponse:
    return _answer(exc.frame(), STATUS.get(exc.code, 400))


class Server:
    """What the routes share: settings, rooms, the caps on clients."""

    def __init__(self, settings: Settings, store: tables.TableStore | None) -> None:
        self.settings = settings
        self.rooms = Rooms(settings, store)
        self.store = store
        self.sockets = Counter(settings.sockets_per_client)
        self.requests = Buckets(rate=settings.frames_per_second, burst=settings.burst)
        self._origins = {origin.rstrip("/") for origin in settings.allowed_origins}

    def client_of(self, connection: HTTPConnection) -> str:
        """The client address a request counts against (see :func:`client_address`)."""
        peer = connection.client.host if connection.client is not None else None
        return client_address(peer, connection.headers, self.settings.trusted_proxies)

    def origin_allowed(self, connection: HTTPConnection) -> bool:
        """Whether a WebSocket upgrade's ``Origin`` is the server's own or an allowed one.

        A client that sends no ``Origin`` (a program, not a browser page) is let through:
        its credential is what authenticates it. A browser always sends one.
        """
        origin = connection.headers.get("origin")
        if origin is None:
            return True
        origin = origin.rstrip("/").lower()
        host = connection.headers.get("host", "").lower()
        if origin in (f"http://{host}", f"https://{host}"):
            return True
        return origin in self._origins

    async def read_body(self, request: Request) -> dict[str, object]:
        """A request body: one strict JSON object of at most ``max_frame`` bytes, in time.

        Raises:
            FrameError: ``rate``, ``too-large``, ``bad-json``.
        """
        if not self.requests.take(self.client_of(request), self.rooms.clock()):
            raise FrameError("rate", "too many requests; slow down")
        media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media_type != "application/json":
            raise FrameError("bad-json", "the body must be JSON (Content-Type: application/json)")
        limit = self.settings.max_frame
        declared = request.headers.get("content-length", "0")
        if not declared.isdigit() or int(declared) > limit:
            raise FrameError("too-large", f"a request body may hold at most {limit} bytes")
        try:
            body = await asyncio.wait_for(self._body(request, limit), self.settings.header_timeout)
        except TimeoutError:
            raise FrameError("bad-json", "the request body was not sent in time") from None
        except ClientDisconnect:
            raise FrameError("bad-json", "the upload was not finished") from None
        return read_object(body, max_size=limit)

    @staticmethod
    async def _body(request: Request, limit: int) -> bytes:
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise FrameError("too-large", f"a request body may hold at most {limit} bytes")
        return bytes(body)

    # -- routes -------------------------------------------------------------------------

    async def catalogue(self, request: Request) -> Response:
        """``GET /api/games``."""
        return _answer(catalogue())

    async def create(self, request: Request) -> Response:
        """``POST /api/tables``."""
        try:
            data = await self.read_body(request)
            room, new = await self.rooms.create(TableRequest.read(data), self.client_of(request))
        except FrameError as exc:
            return _refused(exc)
        table = room.table
        base = f"/t/{table.id}"
        seats = []
        for number, seat in enumerate(table.seats):
            key = None if seat.is_bot else new.seat_credentials[number]
            seats.append({
                "seat": number,
                "name": seat.name,
                "bot": seat.is_bot,
                "key": key,
                "link": None if key is None else f"{base}#seat={number}&key={key}",
            })  # fmt: skip
        first = next((s for s in seats if not s["bot"]), None)
        creator_link = f"{base}#creator={new.creator_credential}"
        if first is not None:
            creator_link = f"{first['link']}&creator={new.creator_credential}"
        body = {
            "table": table.id,
            "seats": seats,
            "spectator_link": base,
            "creator_key": new.creator_credential,
            "creator_link": creator_link,
        }
        LOG.info("table %s created: %s, %d seats", table.id, table.game, table.players)
        return _answer(body, 201)

    async def summary(self, request: Request) -> Response:
        """``GET /api/tables/{table}``: reading it does not keep the table in use."""
        try:
            if not self.requests.take(self.client_of(request), self.rooms.clock()):
                raise FrameError("rate", "too many requests; slow down")
            room = await self.rooms.get(str(request.path_params["table_id"]))
        except FrameError as exc:
            return _refused(exc)
        return _answer(room.summary())

    async def view(self, request: Request) -> Response:
        """``POST /api/tables/{table}/view``."""
        try:
            data = await self.read_body(request)
            only_fields(data, ("seat", "key", "language", "name"))
            room = await self.rooms.get(str(request.path_params["table_id"]))
            seat = None
            language = _language(data)
            if "seat" in data or "key" in data:
                key = resolve_key(room, data.get("seat"), data.get("key"))
                seat = key.seat
                name = data.get("name")
                await room.sit(key, name if isinstance(name, str) else None, language=language)
        except FrameError as exc:
            return _refused(exc)
        return _answer(room.table_frame(seat, language=language))

    async def frames(self, request: Request) -> Response:
        """``POST /api/tables/{table}/frames``: one client frame over HTTP."""
        try:
            data = await self.read_body(request)
            only_fields(data, ("seat", "key", "creator", "language", "frame"))
            raw = data.get("frame")
            if not isinstance(raw, dict):
                raise FrameError(
                    "bad-frame", "missing field 'frame' (a client frame)", field="frame"
                )
            frame = read_frame(json.dumps(raw), max_size=self.settings.max_frame)
            if frame.type in ("hello", "ping"):
                raise FrameError("bad-frame", f"a {frame.type} frame is for sockets", field="type")
            room = await self.rooms.get(str(request.path_params["table_id"]))
            key = None
            if "seat" in data or "key" in data:
                key = resolve_key(room, data.get("seat"), data.get("key"))
            creator = resolve_creator(room, data.get("creator"))
            if frame.type == "suggest":
                return _answer(room.suggestion_frame(frame, key, _language(data)))
            if frame.type == "hand-to-bot":
                if creator is None:
                    raise FrameError(
                        "forbidden", "only the table's creator may hand a seat to a bot"
                    )
                await room.change(frame, creator)
            else:
                await room.change(frame, key)
        except FrameError as exc:
            return _refused(exc)
        seat = None if key is None else key.seat
        return _answer(room.table_frame(seat, language=_language(data)))

    async def card_picture(self, request: Request) -> Response:
        """``GET /cards/{card}.svg`` (a picture of a card is no secret)."""
        name = str(request.path_params["name"])
        if name == "back":
            picture = svg.card_back()
        else:
            try:
                picture = svg.card(parse_card(name))
            except NotationError:
                return _refused(FrameError("not-found", f"no such card: {name[:20]}"))
        return Response(
            str(picture),
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    async def page(self, request: Request) -> Response:
        """``GET /`` and ``GET /t/{table}``: the page (it reads the table from its path)."""
        return FileResponse(STATIC / "index.html", headers=_PAGE_HEADERS)

    async def sweep(self) -> None:
        """Every minute, drop unused tables from memory and old ones from the store.

        A table nobody uses stays stored; one without a decision for ``keep_tables``
        seconds (and not in use) is removed (:meth:`Rooms.purge`).
        """
        while True:
            await asyncio.sleep(60.0)
            self.rooms.sweep()
            try:
                await self.rooms.purge()
            except CardrulesError as exc:  # a busy or failing store: say so, try again later
                LOG.error("old tables could not be removed: %s", exc)


def _language(data: Mapping[str, object]) -> str:
    """The language a request body asks for (``language``; English by default)."""
    tag = data.get("language", "en")
    if not isinstance(tag, str) or not 0 < len(tag) <= 16:
        raise FrameError(
            "bad-frame", "field 'language' must be a tag such as 'en'", field="language"
        )
    return language_of(tag)


class _Guard:
    """ASGI middleware: the ``Host`` check and ``nosniff`` on every answer.

    A request for a host not in ``allowed_hosts`` gets 400 (a WebSocket upgrade, 403
    before it is accepted): that stops DNS-rebinding pages from reaching a server on the
    loopback. Every HTTP answer, error pages included, gets ``X-Content-Type-Options:
    nosniff``. An exception a route did not expect becomes a logged 400, never a 5xx.
    """

    def __init__(self, app: ASGIApp, allowed_hosts: tuple[str, ...]) -> None:
        self.app = app
        self.any_host = "*" in allowed_hosts
        self.allowed = {host.lower() for host in allowed_hosts}

    def _host_allowed(self, scope: Scope) -> bool:
        if self.any_host:
            return True
        host = ""
        for name, value in scope.get("headers", ()):
            if name == b"host":
                host = value.decode("latin-1").lower()
                break
        if host in self.allowed:
            return True
        bare = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return bare in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if not self._host_allowed(scope):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "host"})
                return
            response = _refused(FrameError("forbidden", "this server does not answer that host"))
            response.status_code = 400
            response.headers["X-Content-Type-Options"] = "nosniff"
            await response(scope, receive, send)
            return
        started = False

        async def send_guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [
                    (k, v) for k, v in message.get("headers", ()) if k != b"x-content-type-options"
                ]
                headers.append((b"x-content-type-options", b"nosniff"))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_guarded)
        except Exception:
            LOG.exception("unexpected error answering %s", scope.get("path", "")[:100])
            if scope["type"] == "http" and not started:
                await _refused(FrameError("bad-frame", "the request could not be answered"))(
                    scope, receive, send_guarded
                )


async def _http_error(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 400
    detail = exc.detail if isinstance(exc, HTTPException) else "bad request"
    code = "not-found" if status == 404 else "bad-frame"
    return _answer(FrameError(code, str(detail)).frame(), status if status < 500 else 400)


def create_app(settings: Settings, store: tables.TableStore | None = None) -> Starlette:
    """The application for ``settings``, keeping its tables in ``store`` (or in memory).

    The store is the caller's to open and close (``cardrules serve`` opens
    :class:`~cardrules.tables.SQLiteTableStore` on ``settings.database``).
    """
    server = Server(settings, store)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.get_running_loop().create_task(server.sweep())
        try:
            yield
        finally:
            sweeper.cancel()

    routes = [
        Route("/", server.page),
        Route("/t/{table_id}", server.page),
        Route("/api/games", server.catalogue, methods=["GET"]),
        Route("/api/tables", server.create, methods=["POST"]),
        Route("/api/tables/{table_id}", server.summary, methods=["GET"]),
        Route("/api/tables/{table_id}/view", server.view, methods=["POST"]),
        Route("/api/tables/{table_id}/frames", server.frames, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Route("/cards/{name}.svg", server.card_picture),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(_Guard, allowed_hosts=settings.allowed_hosts)],
        exception_handlers={HTTPException: _http_error},
        lifespan=lifespan,
    )
    app.state.server = server
    return app

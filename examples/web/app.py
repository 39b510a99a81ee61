"""The web example's ASGI application: one page and a small JSON API (Starlette).

Routes:

- ``GET /`` — the page (plain HTML, CSS and JavaScript from ``static/``, no build step).
- ``GET /api/games`` — the games, their presets and player counts, for the start form.
- ``POST /api/games`` — start a game: ``{"game": "spoil-five", "players": 4,
  "preset": "peel", "seed": 7}`` (``seed`` optional). Answers 201 with the game's
  ``id`` and the human's payload.
- ``GET /api/games/{id}`` — the human's payload: view, legal actions, table, steps.
- ``POST /api/games/{id}/actions`` — ``{"action": "play 10C", "move": 3}``: an action in
  the games' notation, made at the payload's ``move``. An action the rules forbid
  answers 422 ``{"error": "cannot play 7C: ... (SF-16)", "rule": "SF-16"}`` and changes
  nothing; a request made at an older move answers 409 ``{"stale": true, "current":
  payload}`` (a second tab, a double click), so of simultaneous requests exactly one acts.
- ``POST /api/games/{id}/deal`` — ``{"move": 7}``: the next deal, once the current one is
  over.
- ``GET /api/games/{id}/record`` — the saved game as a ``cardrules.records`` JSON file
  (between deals only: a record shows the hidden cards of the deals it covers).
- ``GET /cards/{card}.svg`` and ``GET /cards/back.svg`` — card pictures from
  :mod:`cardrules.svg` (a picture of a card is no secret; the page asks only for cards
  it has been shown).

Every refusal is a JSON body ``{"error": ...}`` with a 4xx status: 400 for a body that is
not a JSON object (read strictly: duplicate keys, ``NaN`` and huge integers are refused),
404 for an unknown game, 408 for a body not sent within :data:`BODY_TIMEOUT` seconds, 409
for a request out of turn or from a stale move, 413 for a body over :data:`MAX_BODY`
bytes, 415 for a body that is not ``application/json``, 422 for wrong fields or an illegal
action; 503 when the store is full of games in play (see :class:`~web.session.SessionStore`:
each client may keep a few games, and a full store makes room only from finished or idle
ones). A client that goes away in the middle of its upload is logged in one line.

>>> [route.path for route in create_app().routes][:3]
['/', '/api/games', '/api/games']
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import cardrules
from cardrules import NotationError, RecordError, parse_card, records, svg
from web.session import MAX_SEED, ApiError, Session, SessionStore, new_game_id
from web.tables import JSON, KINDS, kind_named

__all__ = ["BODY_TIMEOUT", "MAX_BODY", "create_app", "main"]

MAX_BODY: Final = 4096
"""The largest request body accepted, in bytes (an action is a few dozen)."""

BODY_TIMEOUT: Final = 10.0
"""Seconds a client has to send its whole request body; a slower one gets 408."""

LOG: Final = logging.getLogger("web")

STATIC: Final = Path(cardrules.__file__).resolve().parent / "web" / "static"
"""The folder holding the page, its style sheet and its script (package data of ``cardrules``)."""

_NO_STORE: Final = {"Cache-Control": "no-store"}
_PAGE_HEADERS: Final = {
    **_NO_STORE,
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _error(exc: ApiError, game_id: str | None = None) -> JSONResponse:
    body = exc.body()
    current = body.get("current")
    if game_id is not None and isinstance(current, dict):  # a stale request: where it stands
        body["current"] = {"id": game_id, **current}
    return JSONResponse(body, status_code=exc.status, headers=_NO_STORE)


async def _read_object(request: Request, timeout: float) -> dict[str, object]:
    """Read the request body: a JSON object of at most :data:`MAX_BODY` bytes, in time.

    Only ``application/json`` bodies are read (a cross-site form cannot send one without
    the browser asking first), within ``timeout`` seconds, and strictly, with the
    library's reader for untrusted JSON (:func:`cardrules.records.parse_json`).
    """
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        raise ApiError(415, "the request body must be JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise ApiError(400, "bad Content-Length header")
        if int(declared) > MAX_BODY:
            raise ApiError(413, f"request body too large (limit {MAX_BODY} bytes)")
    try:
        body = await asyncio.wait_for(_body(request), timeout)
    except TimeoutError:
        raise ApiError(408, f"the request body took longer than {timeout:g} s") from None
    except ClientDisconnect:
        LOG.info("client went away during the upload of %s %s", request.method, request.url.path)
        raise ApiError(400, "the upload was not finished") from None
    try:
        data = records.parse_json(body, max_size=MAX_BODY)
    except RecordError as exc:
        raise ApiError(400, f"the request body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return data


async def _body(request: Request) -> bytes:
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ApiError(413, f"request body too large (limit {MAX_BODY} bytes)")
    return bytes(body)


def _fields(data: Mapping[str, object], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ApiError(422, f"unknown field {unknown[0]!r}", field=unknown[0])


def _string(data: Mapping[str, object], name: str, *, default: str | None = None) -> str:
    value = data.get(name, default)
    if value is None:
        raise ApiError(422, f"missing field {name!r}", field=name)
    if not isinstance(value, str) or len(value) > 200:
        raise ApiError(422, f"field {name!r} must be a short string", field=name)
    return value


def _integer(data: Mapping[str, object], name: str, low: int, high: int) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApiError(422, f"field {name!r} must be a whole number from {low} to {high}")
    return value


def _move(data: Mapping[str, object]) -> int:
    """The ``move`` a request was made at (every request that changes a game names one)."""
    move = _integer(data, "move", 0, 2**53)
    if move is None:
        raise ApiError(422, "missing field 'move' (the payload's move number)", field="move")
    return move


class _Api:
    """The request handlers, sharing one :class:`SessionStore`."""

    def __init__(self, store: SessionStore, body_timeout: float) -> None:
        self.store = store
        self.body_timeout = body_timeout

    def _session(self, request: Request) -> tuple[str, Session]:
        game_id = str(request.path_params["game_id"])
        session = self.store.get(game_id)
        if session is None:
            raise ApiError(404, f"no game with id {game_id[:40]}")
        return game_id, session

    @staticmethod
    def _answer(game_id: str, session: Session, status: int = 200) -> JSONResponse:
        body: dict[str, JSON] = {"id": game_id, **session.payload()}
        return JSONResponse(body, status_code=status, headers=_NO_STORE)

    async def catalogue(self, request: Request) -> Response:
        return JSONResponse({"games": [kind.catalogue() for kind in KINDS.values()]})

    async def start(self, request: Request) -> Response:
        try:
            data = await _read_object(request, self.body_timeout)
            _fields(data, ("game", "players", "preset", "seed"))
            name = _string(data, "game")
            kind = kind_named(name)
            if kind is None:
                raise ApiError(422, f"unknown game {name!r}", field="game")
            preset = _string(data, "preset", default=kind.default_preset)
            players = _integer(data, "players", 2, 13)
            seed = _integer(data, "seed", 0, MAX_SEED)
            session = Session.start(
                kind,
                players=kind.default_players if players is None else players,
                preset=preset,
                seed=seed,
            )
            client = request.client.host if request.client is not None else ""
            game_id = self.store.add(session, client)
        except ApiError as exc:
            return _error(exc)
        return self._answer(game_id, session, status=201)

    async def show(self, request: Request) -> Response:
        try:
            game_id, session = self._session(request)
        except ApiError as exc:
            return _error(exc)
        return self._answer(game_id, session)

    async def act(self, request: Request) -> Response:
        try:
            game_id, session = self._session(request)
            data = await _read_object(request, self.body_timeout)
            _fields(data, ("action", "move"))
            session.act(_string(data, "action"), _move(data))
        except ApiError as exc:
            return _error(exc, str(request.path_params["game_id"]))
        return self._answer(game_id, session)

    async def deal(self, request: Request) -> Response:
        try:
            game_id, session = self._session(request)
            data = await _read_object(request, self.body_timeout)
            _fields(data, ("move",))
            session.next_deal(_move(data))
        except ApiError as exc:
            return _error(exc, str(request.path_params["game_id"]))
        return self._answer(game_id, session)

    async def record(self, request: Request) -> Response:
        try:
            game_id, session = self._session(request)
            text = session.record_json()
        except ApiError as exc:
            return _error(exc)
        filename = f"{session.kind.name}-{game_id}.json"
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"', **_NO_STORE},
        )


async def _card_picture(request: Request) -> Response:
    name = str(request.path_params["name"])
    if name == "back":
        picture = svg.card_back()
    else:
        try:
            picture = svg.card(parse_card(name))
        except NotationError:
            return JSONResponse({"error": f"no such card: {name[:20]}"}, status_code=404)
    return Response(
        str(picture),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400"},
    )


async def _page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers=_PAGE_HEADERS)


async def _http_error(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
    return JSONResponse({"error": detail}, status_code=status)


def create_app(
    *,
    capacity: int = 500,
    per_client: int = 20,
    new_id: Callable[[], str] = new_game_id,
    clock: Callable[[], float] | None = None,
    body_timeout: float = BODY_TIMEOUT,
) -> Starlette:
    """Build the application with an empty store of at most ``capacity`` live games.

    ``per_client``, ``new_id`` and ``clock`` go to the store (see
    :class:`~web.session.SessionStore`); ``body_timeout`` bounds each upload.
    """
    store = SessionStore(capacity=capacity, new_id=new_id, per_client=per_client)
    if clock is not None:
        store.clock = clock
    api = _Api(store, body_timeout)
    routes = [
        Route("/", _page),
        Route("/api/games", api.catalogue, methods=["GET"]),
        Route("/api/games", api.start, methods=["POST"]),
        Route("/api/games/{game_id}", api.show, methods=["GET"]),
        Route("/api/games/{game_id}/actions", api.act, methods=["POST"]),
        Route("/api/games/{game_id}/deal", api.deal, methods=["POST"]),
        Route("/api/games/{game_id}/record", api.record, methods=["GET"]),
        Route("/cards/{name}.svg", _card_picture),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error})
    app.state.store = api.store
    return app


app = create_app()
"""The application that ``uvicorn web.app:app`` serves."""


def main() -> None:
    """Serve the example on ``http://127.0.0.1:8000`` (``HOST``/``PORT`` override)."""
    import uvicorn

    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    print(f"cardrules web example: open http://{host}:{port}/ in a browser")
    uvicorn.run(app, host=host, port=port, log_level="warning")


if __name__ == "__main__":
    main()

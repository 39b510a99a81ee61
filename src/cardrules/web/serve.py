"""Running the server: the store opened, uvicorn configured with the settings' timeouts.

uvicorn is told: no proxy headers unless ``trusted_proxies`` lists proxies (then only
theirs), a keep-alive timeout of ``header_timeout`` seconds (an idle connection is closed
after it), no ``Server`` header, WebSocket frames of at most ``max(16 * max_frame, 64 KiB)``
bytes (bigger ones close the socket with 1009; from ``max_frame`` up to that, the server
answers an ``error`` frame ``too-large``), compression as ``compress`` says (zlib's
fastest level, see :func:`_fast_deflate_protocol`), and its own pings every 20 s. The access log
shows paths only: a credential lives in a link's fragment, which never reaches a server.
The garbage collector runs in steps (:func:`collect_in_steps`).
"""

from __future__ import annotations

import contextlib
import gc
import logging
import threading
from collections.abc import Iterator
from typing import Any, Final

from cardrules.web.settings import Settings

__all__ = ["collect_in_steps", "run", "uvicorn_config"]

LOG = logging.getLogger("cardrules.web")


def _header_timeout_protocol(seconds: float) -> type:
    """The HTTP/1.1 protocol of uvicorn (h11) with a timeout on request headers.

    It closes a connection whose request headers are not all in within ``seconds`` of its
    opening or of its previous answer. uvicorn's own keep-alive timer stops at the first
    byte of a request, so a client sending its headers a byte at a time would hold the
    connection for ever.
    """
    import asyncio

    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeoutProtocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(seconds, self._headers_late)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_late(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def handle_events(self) -> None:
            headers = self.headers
            super().handle_events()
            if self.headers is not headers:  # a request's headers are all in
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return HeaderTimeoutProtocol


DEFLATE_LEVEL: Final = 1
"""The zlib level the sockets compress their frames at (permessage-deflate).

uvicorn compresses at zlib's default, 6: a table frame (4.6 KB of JSON on average) then
costs about 190 us to compress and goes out as a quarter of its size; at level 1 it costs
half that and goes out as 29%. Every frame is compressed once per socket, four or more a
move, so the server's CPU matters more than a few hundred bytes on a table's sockets.
"""


def _fast_deflate_protocol() -> type:
    """The WebSocket protocol of uvicorn (websockets, sans-I/O) at :data:`DEFLATE_LEVEL`.

    The same protocol and the same negotiation as uvicorn's (windows of 2**12 bytes,
    ``memLevel`` 5); only the compression level differs, which no client sees.
    """
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    from websockets.server import ServerProtocol

    class FastDeflateProtocol(WebSocketsSansIOProtocol):
        def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(config, *args, **kwargs)
            if config.ws_per_message_deflate:
                factory = ServerPerMessageDeflateFactory(
                    server_max_window_bits=12,
                    client_max_window_bits=12,
                    compress_settings={"memLevel": 5, "level": DEFLATE_LEVEL},
                )
                self.conn = ServerProtocol(
                    extensions=[factory], max_size=config.ws_max_size, logger=self.logger
                )

    return FastDeflateProtocol


def uvicorn_config(settings: Settings, app: object) -> object:
    """The :class:`uvicorn.Config` for ``app`` under ``settings``."""
    import uvicorn

    trusted = [str(network) for network in settings.trusted_proxies]
    return uvicorn.Config(
        app,  # type: ignore[arg-type]
        host=settings.host,
        port=settings.port,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or None,
        http=_header_timeout_protocol(settings.header_timeout),
        timeout_keep_alive=int(max(1, settings.header_timeout)),
        h11_max_incomplete_event_size=16 * 1024,
        server_header=False,
        date_header=True,
        ws=_fast_deflate_protocol(),
        ws_per_message_deflate=settings.compress,
        ws_max_size=max(16 * settings.max_frame, 64 * 1024),
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        limit_concurrency=None,
        timeout_graceful_shutdown=5,
        log_level=settings.log_level,
        lifespan="on",
    )


@contextlib.contextmanager
def opened_store(settings: Settings) -> Iterator[object]:
    """The store of ``settings.database`` (or ``None``), closed on leaving.

    Raises:
        StoreError: for a file that is not a tables store (named, with what is wrong).
    """
    if settings.database is None:
        yield None
        return
    from cardrules.tables import SQLiteTableStore

    store = SQLiteTableStore(settings.database, durable=settings.power_safe)
    try:
        yield store
    finally:
        store.close()


FREEZE_EVERY: Final = 1.0
"""Seconds between two freezes of the collector (see :func:`collect_in_steps`)."""

FULL_COLLECTION_EVERY: Final = 3600.0
"""Seconds between two full collections of everything frozen (see :func:`collect_in_steps`)."""


def collect_in_steps(stop: threading.Event) -> None:
    """Keep the garbage collector's pauses short while the server runs (a thread's loop).

    A server holding hundreds of tables holds hundreds of thousands of objects (the
    states of every deal in play); Python's full collection walks all of them, and stops
    every table meanwhile: a few hundred milliseconds, the slowest moves of the
    benchmark. So every :data:`FREEZE_EVERY` seconds the young generations are collected
    (a short pause: they hold only the last moments' objects) and what survived is frozen
    (:func:`gc.freeze`): the automatic collections then walk only what is younger. Frozen
    objects are still freed when nothing refers to them; only garbage held in reference
    cycles among them waits, for the full collection of everything every
    :data:`FULL_COLLECTION_EVERY` seconds (one pause an hour).
    """
    gc.collect()
    gc.freeze()
    since_full = 0.0
    while not stop.wait(FREEZE_EVERY):
        since_full += FREEZE_EVERY
        if since_full >= FULL_COLLECTION_EVERY:
            since_full = 0.0
            gc.unfreeze()
            gc.collect()
        else:
            gc.collect(1)
        gc.freeze()


def run(settings: Settings) -> None:
    """Serve until interrupted (``cardrules serve``).

    Raises:
        StoreError: for a database file that cannot be used (before anything listens).
    """
    import uvicorn

    from cardrules.web.app import create_app

    with opened_store(settings) as store:
        app = create_app(settings, store)  # type: ignore[arg-type]
        config = uvicorn_config(settings, app)
        stop = threading.Event()
        collector = threading.Thread(
            target=collect_in_steps, args=(stop,), name="collector", daemon=True
        )
        collector.start()
        try:
            uvicorn.Server(config).run()  # type: ignore[arg-type]
        finally:
            stop.set()
            gc.unfreeze()

"""The settings of ``cardrules serve``: where it listens, what it stores, whom it trusts, its caps.

Every cap of the server is a field here, with a default fit for a table among friends on
one machine; ``cardrules serve --help`` shows each as an option.

>>> settings = Settings()
>>> settings.host, settings.port, settings.allowed_hosts
('127.0.0.1', 8000, ('127.0.0.1', 'localhost', '[::1]'))
>>> Settings(port=70000)
Traceback (most recent call last):
...
cardrules.errors.OptionsError: port must be from 0 to 65535, not 70000
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any, Final

import attrs

from cardrules.errors import OptionsError
from cardrules.tables.table import IDLE_SECONDS

__all__ = ["LOOPBACK_HOSTS", "Settings"]

LOOPBACK_HOSTS: Final = ("127.0.0.1", "localhost", "[::1]")
"""The ``Host`` names a server listening on the loopback answers by default."""


def _positive(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    del instance
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise OptionsError(f"{attribute.name} must be a positive number, not {value!r}")


def _not_negative(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    del instance
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
        raise OptionsError(f"{attribute.name} must be a number of 0 or more, not {value!r}")


def _port(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    del instance
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 65535:
        raise OptionsError(f"{attribute.name} must be from 0 to 65535, not {value!r}")


def _networks(value: object) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    if isinstance(value, str):
        value = tuple(part for part in value.split(",") if part.strip())
    if not isinstance(value, tuple | list):
        raise OptionsError(f"trusted_proxies must be addresses or networks, not {value!r}")
    try:
        return tuple(ipaddress.ip_network(str(item).strip(), strict=False) for item in value)
    except ValueError as exc:
        raise OptionsError(f"trusted_proxies: {exc}") from None


def _names(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, tuple | list):
        raise OptionsError(f"expected a list of names, not {value!r}")
    return tuple(str(item).strip().lower() for item in value if str(item).strip())


@attrs.frozen(kw_only=True)
class Settings:
    """How a server runs (all keyword arguments; every number is positive).

    Attributes:
        host: the address to listen on (the loopback by default: only this machine).
        port: the TCP port (0: any free port).
        database: the SQLite file of the tables (created if missing; WAL mode); ``None``
            keeps tables in memory only, lost on a restart.
        power_safe: ``False`` (default): a saved move survives any crash of the server
            process, ``kill -9`` included (SQLite ``synchronous=NORMAL``); ``True``: it
            also survives a power cut (``synchronous=FULL``: a disk flush per move).
        compress: whether the WebSockets may compress their frames (permessage-deflate,
            when the client offers it): a table frame of 5 KB goes out as about 1.6 KB, for
            about a fifth of a millisecond of the server's CPU per frame; ``False`` saves
            that CPU where bandwidth is plenty (a local network).
        allowed_hosts: the ``Host`` header values answered (names, with or without a port:
            ``example.org`` allows ``example.org:8443`` too); others get 400. ``*`` allows
            any (only behind a proxy that checks it).
        allowed_origins: origins, besides the server's own host, whose pages may open the
            WebSocket (``https://cards.example.org``).
        trusted_proxies: addresses or networks of reverse proxies whose
            ``X-Forwarded-For`` is believed. Empty (the default): every client is told
            apart by the address of its TCP connection, and a forwarded header is ignored.
            With a proxy listed, the client is the last address of ``X-Forwarded-For``
            not itself a trusted proxy.
        max_frame: the largest WebSocket frame or request body accepted, in bytes.
        frames_per_second: the sustained rate of frames (and API requests) per socket and
            per client address; ``burst`` more are allowed at once.
        burst: see ``frames_per_second``.
        sockets_per_client: open WebSockets per client address.
        tables_per_client: live tables created by one client address prefix (a /24 of IPv4
            or a /56 of IPv6) that are not yet idle.
        creations_per_minute: tables one client address prefix may create in a minute.
        max_tables: tables held in memory. A full server still creates: it forgets (from
            memory; a stored table is loaded again when its link is opened) the table idle
            longest among those not in use; only if every table is in use does a creation
            get 429 (``full``).
        table_idle: a table is *in use* while a socket of one of its seats is open and for
            this many seconds after its last change (a move, a deal, a seat taken or
            left); reads and spectators don't count. A table in use is never forgotten
            for a newcomer, so a game waiting between deals stays.
        hand_to_bot_after: seconds a person's seat must be idle before the table's creator
            may hand it to a bot (:func:`cardrules.tables.hand_to_bot`); the page offers it
            from then on (the ``welcome`` frame's ``limits`` tell it).
        keep_tables: seconds a stored table is kept after its last decision: a finished
            game nobody went on with, or a game left half played, is then removed from
            the store (a table in use stays).
        hello_timeout: seconds a new socket has to send its ``hello``.
        idle_timeout: seconds a socket may stay silent before it is closed (clients ping).
        send_queue: table frames queued for one socket; a socket that falls further
            behind has its queue replaced by the latest frame (a resync).
        bot_delay: seconds between a bot's moves (0: at once, as the benchmark runs).
        header_timeout: uvicorn's keep-alive timeout, also the time a client has to send
            its request headers.
        log_level: uvicorn's log level.
    """

    host: str = "127.0.0.1"
    port: int = attrs.field(default=8000, validator=_port)
    database: Path | None = attrs.field(default=None, converter=attrs.converters.optional(Path))
    power_safe: bool = False
    compress: bool = True
    allowed_hosts: tuple[str, ...] = attrs.field(default=LOOPBACK_HOSTS, converter=_names)
    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_names)
    trusted_proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = attrs.field(
        default=(), converter=_networks
    )
    max_frame: int = attrs.field(default=4096, validator=_positive)
    frames_per_second: float = attrs.field(default=10.0, validator=_positive)
    burst: int = attrs.field(default=30, validator=_positive)
    sockets_per_client: int = attrs.field(default=64, validator=_positive)
    tables_per_client: int = attrs.field(default=50, validator=_positive)
    creations_per_minute: int = attrs.field(default=20, validator=_positive)
    max_tables: int = attrs.field(default=5000, validator=_positive)
    table_idle: float = attrs.field(default=6 * 3600.0, validator=_positive)
    hand_to_bot_after: float = attrs.field(default=IDLE_SECONDS, validator=_not_negative)
    keep_tables: float = attrs.field(default=30 * 86400.0, validator=_positive)
    hello_timeout: float = attrs.field(default=10.0, validator=_positive)
    idle_timeout: float = attrs.field(default=120.0, validator=_positive)
    send_queue: int = attrs.field(default=16, validator=_positive)
    bot_delay: float = attrs.field(default=0.0, validator=_not_negative)
    header_timeout: float = attrs.field(default=10.0, validator=_positive)
    log_level: str = "info"

    def limits(self) -> dict[str, float]:
        """The ``limits`` of the ``welcome`` frame: the caps and waits a client should know."""
        return {
            "max_frame": self.max_frame,
            "frames_per_second": self.frames_per_second,
            "idle_timeout": self.idle_timeout,
            "hand_to_bot_after": self.hand_to_bot_after,
        }

    @property
    def origin(self) -> str:
        """The address a browser opens for this server (``http://127.0.0.1:8000``)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

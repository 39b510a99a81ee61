"""The server's caps: who a client is, and how much each client may ask.

A *client* is an IP address: the peer of the TCP connection, or, only when that peer is a
configured trusted proxy, the address that proxy reports in ``X-Forwarded-For``
(:func:`client_address`). Creations are counted per address *prefix* (a /24 of IPv4, a
/56 of IPv6), since one person easily holds many addresses of one block.

>>> bucket = Bucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(0.0) for _ in range(3)], bucket.take(1.0)
([True, True, False], True)
>>> prefix("203.0.113.77"), prefix("2001:db8:1:2:3::9")
('203.0.113.0/24', '2001:db8:1::/56')
"""

from __future__ import annotations

import ipaddress
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Final

__all__ = ["Bucket", "Counter", "Window", "client_address", "prefix"]

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network

UNKNOWN: Final = "unknown"
"""The client of a connection whose peer address the server was not told."""


def client_address(
    peer: str | None, headers: Mapping[str, str], trusted: Iterable[_Network]
) -> str:
    """The address a request is counted against.

    Args:
        peer: the TCP peer's address (``None`` when the server was not told).
        headers: the request headers (lower-case names).
        trusted: the networks of trusted reverse proxies.

    Only when ``peer`` lies in a trusted network is ``X-Forwarded-For`` read, from the
    right: the first address that is not itself a trusted proxy is the client. Anything
    unreadable counts as the proxy itself (one client), never as a free pass.

    >>> trusted = [ipaddress.ip_network("10.0.0.0/8")]
    >>> client_address("203.0.113.9", {"x-forwarded-for": "1.2.3.4"}, trusted)
    '203.0.113.9'
    >>> client_address("10.0.0.2", {"x-forwarded-for": "1.2.3.4, 198.51.100.7"}, trusted)
    '198.51.100.7'
    >>> client_address("10.0.0.2", {"x-forwarded-for": "junk"}, trusted)
    '10.0.0.2'
    """
    if peer is None:
        return UNKNOWN
    networks = tuple(trusted)
    if not networks or not _within(peer, networks):
        return peer
    forwarded = headers.get("x-forwarded-for", "")
    for part in reversed(forwarded.split(",")):
        text = part.strip()
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            return peer
        if not any(address in network for network in networks):
            return str(address)
    return peer


def _within(text: str, networks: tuple[_Network, ...]) -> bool:
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    return any(address in network for network in networks)


def prefix(address: str) -> str:
    """The block ``address`` is counted in for creations: its /24 (IPv4) or /56 (IPv6)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    bits = 24 if parsed.version == 4 else 56
    return str(ipaddress.ip_network(f"{parsed}/{bits}", strict=False))


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    __slots__ = ("_at", "_tokens", "burst", "rate")

    def __init__(self, *, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._tokens = float(burst)
        self._at = now

    def take(self, now: float) -> bool:
        """Spend a token if one is left (then True), else False."""
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


class Buckets:
    """One :class:`Bucket` per key (a client address), forgotten once full again."""

    def __init__(self, *, rate: float, burst: int, limit: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.limit = limit
        self._buckets: dict[str, Bucket] = {}

    def take(self, key: str, now: float) -> bool:
        """Spend one of ``key``'s tokens; False when it has none left."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.limit:
                self._forget_full(now)
            bucket = self._buckets[key] = Bucket(rate=self.rate, burst=self.burst, now=now)
        return bucket.take(now)

    def _forget_full(self, now: float) -> None:
        full = [key for key, b in self._buckets.items() if b.take(now) and b.take(now)]
        for key in full or list(self._buckets)[: len(self._buckets) // 2]:
            del self._buckets[key]


class Counter:
    """Open things (sockets) per key, capped."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._counts: dict[str, int] = {}

    def acquire(self, key: str) -> bool:
        """Count one more for ``key``; False (and nothing counted) at the cap."""
        count = self._counts.get(key, 0)
        if count >= self.cap:
            return False
        self._counts[key] = count + 1
        return True

    def release(self, key: str) -> None:
        """Count one less for ``key``."""
        count = self._counts.get(key, 0) - 1
        if count > 0:
            self._counts[key] = count
        else:
            self._counts.pop(key, None)


class Window:
    """Events per key within a sliding window of ``seconds`` (creations per minute)."""

    def __init__(self, cap: int, seconds: float = 60.0) -> None:
        self.cap = cap
        self.seconds = seconds
        self._events: dict[str, deque[float]] = {}

    def allow(self, key: str, now: float) -> bool:
        """Record an event for ``key`` at ``now`` unless ``cap`` happened in the window."""
        events = self._events.setdefault(key, deque())
        while events and now - events[0] >= self.seconds:
            events.popleft()
        if len(events) >= self.cap:
            return False
        events.append(now)
        if len(self._events) > 100_000:
            self._events = {
                k: v for k, v in self._events.items() if v and now - v[-1] < self.seconds
            }
        return True

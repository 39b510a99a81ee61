"""A client of the tables protocol that is not the page: ``cardrules join URL``.

It opens a seat's (or a spectator's) link over the same WebSocket as the page, prints
what the payloads narrate, and either asks the person at the terminal for each decision
(``hint`` asks the table for a suggested move: a ``suggest`` frame) or, with
``bot=True``, lets the game's rule-of-thumb bot decide from the seat's view (read back
from the payload's JSON with :func:`cardrules.records.from_json`, as any program in
another process would). A dropped connection is resumed with ``since``.

>>> link = parse_link("http://127.0.0.1:8000/t/Tq3sG8Wn0aBcDeFg#seat=2&key=" + "k" * 32)
>>> link.socket_url, link.seat, link.creator
('ws://127.0.0.1:8000/ws/Tq3sG8Wn0aBcDeFg', 2, None)
"""

from __future__ import annotations

import asyncio
import json
import random
import urllib.parse
from collections.abc import Awaitable, Callable
from typing import Any, Final

import attrs

from cardrules import games, records
from cardrules.errors import CardrulesError, OptionsError

__all__ = ["Link", "TableClient", "parse_link", "play"]

PROTOCOL: Final = 1

Say = Callable[[str], None]
Ask = Callable[[str], Awaitable[str | None]]


@attrs.frozen
class Link:
    """A table link taken apart: where its socket is, and the credentials of its fragment."""

    socket_url: str
    table: str
    seat: int | None = None
    key: str | None = attrs.field(default=None, repr=False)
    creator: str | None = attrs.field(default=None, repr=False)


def parse_link(url: str) -> Link:
    """Read a table link (``http(s)://HOST/t/<table>#seat=<n>&key=<key>``).

    Raises:
        OptionsError: for anything else, naming what is missing.
    """
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise OptionsError(f"not a table link (http://HOST/t/TABLE#seat=N&key=KEY): {url[:80]!r}")
    path = parts.path.rstrip("/").split("/")
    if len(path) < 3 or path[-2] != "t" or not path[-1]:
        raise OptionsError(f"a table link's path is /t/<table>, not {parts.path[:80]!r}")
    fragment = urllib.parse.parse_qs(parts.fragment)
    seat_text = fragment.get("seat", [None])[0]
    if seat_text is not None and not seat_text.isdigit():
        raise OptionsError("the link's seat must be a number")
    scheme = "wss" if parts.scheme == "https" else "ws"
    prefix = "/".join(path[:-2])
    return Link(
        socket_url=f"{scheme}://{parts.netloc}{prefix}/ws/{path[-1]}",
        table=path[-1],
        seat=None if seat_text is None else int(seat_text),
        key=fragment.get("key", [None])[0],
        creator=fragment.get("creator", [None])[0],
    )


class TableClient:
    """One socket at a table: :meth:`connect` says hello; :meth:`frames` yields frames.

    Args:
        link: the table's link.
        name: the name to sit down under (a seat nobody occupies yet).
        language: the language of the payloads' texts.
    """

    def __init__(self, link: Link, *, name: str | None = None, language: str = "en") -> None:
        self.link = link
        self.name = name
        self.language = language
        self.counter: int | None = None
        self.payload: dict[str, Any] | None = None
        self._socket: Any = None

    async def connect(self) -> None:
        """Open the socket and say hello (with ``since`` when resuming)."""
        from websockets.asyncio.client import connect

        self._socket = await connect(self.link.socket_url, max_size=2**24, open_timeout=10)
        hello: dict[str, object] = {
            "type": "hello",
            "protocol": PROTOCOL,
            "language": self.language,
        }
        if self.link.seat is not None:
            hello.update(seat=self.link.seat, key=self.link.key)
        if self.link.creator is not None:
            hello["creator"] = self.link.creator
        if self.name is not None:
            hello["name"] = self.name
        if self.counter is not None:
            hello["since"] = self.counter
        await self.send(hello)

    async def send(self, frame: dict[str, object]) -> None:
        """Send one frame."""
        await self._socket.send(json.dumps(frame))

    async def receive(self) -> dict[str, Any]:
        """The next frame (a table frame also updates :attr:`payload` and :attr:`counter`)."""
        frame: dict[str, Any] = json.loads(await self._socket.recv())
        if frame.get("type") == "table":
            self.counter = frame["counter"]
            self.payload = frame["payload"]
        return frame

    async def close(self) -> None:
        """Close the socket."""
        if self._socket is not None:
            await self._socket.close()


def _choose_by_bot(payload: dict[str, Any], rng: random.Random) -> str:
    """The rule-of-thumb bot's choice from the seat's view in ``payload``."""
    entry = games.lookup(payload["table"]["game"])
    view = records.from_json(json.dumps(payload["view"]), entry.module.View)
    bot_class = entry.load_bot()
    if bot_class is None:  # pragma: no cover - both games have one
        return str(payload["legal"][0]["action"])
    action = bot_class(rng).choose(view, view.legal_actions)
    return str(entry.module.format_action(action))


def _text(entry: object) -> str:
    if isinstance(entry, dict):
        text = entry.get("text")
        if isinstance(text, dict):
            return str(text.get("text", ""))
        if isinstance(text, str):
            return text
    return ""


def _show(payload: dict[str, Any], say: Say, told: set[int]) -> None:
    for step in payload.get("narration", ()):
        counter = step.get("counter")
        if counter in told:
            continue
        told.add(counter)
        say(_text(step))
        if step.get("trick"):
            say("  " + _text(step["trick"]))
        if step.get("settlement"):
            settlement = step["settlement"]
            lines = settlement.get("lines") if isinstance(settlement, dict) else None
            if _text(settlement):
                say("  " + _text(settlement))
            for line in lines or ():
                say("    " + (_text(line) if isinstance(line, dict) else str(line)))


async def play(
    link: Link,
    *,
    say: Say,
    ask: Ask | None = None,
    name: str | None = None,
    deals: int = 1,
    seed: int | None = None,
    reconnects: int = 5,
) -> int:
    """Sit at the table of ``link`` and play until ``deals`` deals are over.

    Args:
        link: a seat's link (or a spectator's, to watch).
        say: where lines for the reader go.
        ask: reads a decision from a person (``None``: the rule-of-thumb bot decides).
        name: the name to sit down under.
        deals: deals to see to their end before leaving.
        seed: the bot's random seed.
        reconnects: how many times a dropped connection is resumed.

    Returns:
        the number of decisions this client made.
    """
    client = TableClient(link, name=name)
    rng = random.Random(seed)
    told: set[int] = set()
    decided = 0
    finished: set[tuple[object, object]] = set()
    asked_at: int | None = None
    tries = 0
    while True:
        try:
            await client.connect()
            tries = 0
            while True:
                frame = await client.receive()
                kind = frame.get("type")
                if kind == "error":
                    say(f"refused: {frame.get('message')}")
                    if frame.get("code") in ("credential", "not-found", "full", "protocol"):
                        return decided
                    if frame.get("code") == "stale":
                        continue  # the table frame of where it stands follows
                    asked_at = None  # ask again
                    payload = client.payload
                    if payload is None or not payload.get("your_turn"):
                        continue
                elif kind == "suggestion":
                    suggested = frame.get("suggestion") or {}
                    say(f"Suggested move: {_text(suggested)} (type {suggested.get('action')})")
                    asked_at = None  # ask again
                    payload = client.payload
                    if payload is None or not payload.get("your_turn"):
                        continue
                elif kind != "table":
                    continue
                payload = client.payload
                assert payload is not None
                _show(payload, say, told)
                counter = client.counter
                if payload.get("deal_over"):
                    finished.add((payload.get("game_number"), payload.get("deal_number")))
                    if len(finished) >= deals or payload.get("game_over") or link.seat is None:
                        await client.close()
                        return decided
                    if asked_at != counter:
                        asked_at = counter
                        await client.send({"type": "next-deal", "counter": counter})
                    continue
                if not payload.get("your_turn") or asked_at == counter:
                    continue
                asked_at = counter
                if ask is None:
                    action = _choose_by_bot(payload, rng)
                else:
                    hand = " ".join(payload.get("hand", ()))
                    say(f"Your hand: {hand}")
                    say("You may: " + ", ".join(entry["action"] for entry in payload["legal"]))
                    answer = await ask("Your move (or hint): ")
                    if answer is None:
                        await client.close()
                        return decided
                    if answer.strip().lower() == "hint":
                        await client.send({"type": "suggest", "counter": counter})
                        continue
                    action = answer
                await client.send({"type": "act", "counter": counter, "action": action})
                decided += 1
        except (OSError, EOFError, CardrulesError) as exc:
            error: Exception = exc
        except Exception as exc:  # websockets' ConnectionClosed and friends
            if type(exc).__module__.split(".")[0] != "websockets":
                raise
            error = exc
        tries += 1
        if tries > reconnects:
            say(f"connection lost: {error}")
            return decided
        asked_at = None
        await asyncio.sleep(min(5.0, 0.2 * 2**tries))

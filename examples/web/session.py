"""Server-side game sessions for the web example: one human seat, bots in the others.

A :class:`Session` owns the full game state and never hands it out. Everything it returns
for the page (:meth:`Session.payload`) is built from the human seat's view
(``game.view(state, seat)``) and from public facts (whose turn it is, whether the deal is
over), so nothing hidden can reach the browser. Bots move inside :meth:`Session.act` until
the human has a decision again or the deal ends; each of their moves is reported as a
*step* holding a public description and the human's view right after it, so the page can
show the bots' cards one at a time.

Seeds: when the player gives one, the whole session is reproducible (deals use the
library's derived seeds, bots are seeded from it). Without one, the server draws a secret
seed for every deal, so a record saved after a deal reveals nothing about later deals.

>>> from web.tables import kind_named
>>> session = Session.start(kind_named("spoil-five"), players=4, preset="peel", seed=7)
>>> session.human, session.deal_number, session.payload()["game"]
(0, 1, 'spoil-five')
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from cardrules import CardrulesError, IllegalActionError, NotationError, OptionsError, records
from cardrules.bots import GameBot
from cardrules.dealing import derive_seed
from web.tables import JSON, GameKind

__all__ = [
    "HUMAN_SEAT",
    "MAX_SEED",
    "ApiError",
    "Session",
    "SessionStore",
    "StoreFullError",
    "new_game_id",
]

HUMAN_SEAT: Final = 0
"""The seat the person in the browser plays (the bots take every other seat)."""

MAX_SEED: Final = 2**63 - 1
"""The largest seed the API accepts (seeds run from 0 to this)."""

_BOT_LABEL: Final = 1_000
"""Added to a seat number to derive that seat's bot seed, apart from any deal seed."""


class ApiError(Exception):
    """A request the server refuses; becomes a JSON error response with ``status``.

    Args:
        status: the HTTP status code (4xx).
        message: a sentence for the player.
        extra: more JSON fields for the response, such as ``{"rule": "SF-16"}``.
    """

    def __init__(self, status: int, message: str, **extra: JSON) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, JSON]:
        """The JSON body of the error response: ``{"error": message, ...extra}``."""
        return {"error": self.message, **self.extra}


class Session:
    """One game in progress: the full state, the bots, and what the human has been told.

    Create sessions with :meth:`start`. Every method that changes the session either
    succeeds completely or raises :class:`ApiError` and leaves the session as it was.
    """

    def __init__(
        self,
        kind: GameKind,
        preset: str,
        state: Any,
        bots: Mapping[int, GameBot],
        seed: int | None,
    ) -> None:
        self.kind = kind
        self.preset = preset
        self.state = state
        self.bots = dict(bots)
        self.seed = seed
        self.human = HUMAN_SEAT
        self.deal_number = 1
        self.move = 0
        self.steps: list[dict[str, JSON]] = []
        self._lock = threading.Lock()

    @classmethod
    def start(cls, kind: GameKind, *, players: int, preset: str, seed: int | None) -> Session:
        """Start a game of ``kind`` with ``players`` seats under the named preset.

        The human (seat 0) is the eldest hand of the first deal; the bots play at once
        if the first decision is theirs.

        Raises:
            ApiError: 422 for an unknown preset or a player count the rules refuse.
        """
        presets = kind.module.PRESETS
        if preset not in presets:
            names = ", ".join(sorted(presets))
            raise ApiError(422, f"unknown preset {preset!r} (choose one of {names})")
        try:
            options = kind.game.options(preset, players)
        except OptionsError as exc:
            raise ApiError(422, str(exc), field="players") from exc
        deal_seed = secrets.randbelow(MAX_SEED + 1) if seed is None else seed
        bot_root = secrets.randbelow(MAX_SEED + 1) if seed is None else seed
        bots = {
            s: kind.make_bot(random.Random(derive_seed(bot_root, _BOT_LABEL + s)))
            for s in range(players)
            if s != HUMAN_SEAT
        }
        try:
            state = kind.module.new_game(options, seed=deal_seed, dealer=players - 1)
        except CardrulesError as exc:  # pragma: no cover - options were validated above
            raise ApiError(422, str(exc)) from exc
        session = cls(kind, preset, state, bots, seed)
        session._run_bots()
        return session

    # -- public facts -------------------------------------------------------------------

    @property
    def deal_over(self) -> bool:
        """Whether the current deal has ended."""
        return bool(self.kind.module.is_deal_over(self.state))

    @property
    def game_over(self) -> bool:
        """Whether the whole game has ended (points games only)."""
        return bool(self.kind.module.is_game_over(self.state))

    def legal_texts(self) -> list[str]:
        """The human's legal actions in notation (empty unless it is the human's turn)."""
        if self.state.to_act != self.human:
            return []
        module = self.kind.module
        return [module.format_action(a) for a in module.legal_actions(self.state)]

    # -- changes ------------------------------------------------------------------------

    def check_move(self, move: int) -> None:
        """Refuse a request made from an older payload than the current one.

        Every payload carries :attr:`move`, the number of changes the session has been
        through; a request names the move it was made at. A tab left behind (a second
        tab, a repeated click, a request that crossed another) is told where the game
        stands instead of acting on a position its player never saw.

        Raises:
            ApiError: 409 with ``stale`` and the ``current`` payload.
        """
        if move != self.move:
            raise ApiError(
                409,
                f"the game has moved on since that page was drawn (move {move}, now "
                f"{self.move}); here is where it stands",
                stale=True,
                current=self.payload(),
            )

    def act(self, text: str, move: int | None = None) -> None:
        """Apply the human's action given in notation, then let the bots move.

        With ``move`` the action is accepted only at that move (see :meth:`check_move`);
        the check and the change are one step, so of several requests made at the same
        move exactly one acts.

        Raises:
            ApiError: 409 when it is not the human's turn or the move is stale; 422 for
                text that is not an action (``rule`` is ``None``) or an action the rules
                forbid (``rule`` is the rule id, e.g. ``"SF-16"``). The session is
                unchanged.
        """
        with self._lock:
            if move is not None:
                self.check_move(move)
            self._act(text)

    def _act(self, text: str) -> None:
        module = self.kind.module
        if self.state.to_act != self.human:
            raise ApiError(409, "it is not your turn", rule=None)
        try:
            action = module.parse_action(text)
        except NotationError as exc:
            raise ApiError(422, str(exc), rule=None) from exc
        try:
            new_state = module.apply_action(self.state, action)
        except IllegalActionError as exc:
            raise ApiError(422, str(exc), rule=exc.rule) from exc
        except CardrulesError as exc:
            raise ApiError(422, str(exc), rule=None) from exc
        self.steps = []
        self._record_step(self.human, action, self.state, new_state)
        self.state = new_state
        self.move += 1
        self._run_bots()

    def next_deal(self, move: int | None = None) -> None:
        """Deal again after a finished deal (the deal passes to the left).

        With ``move``, only at that move (see :meth:`check_move`).

        Raises:
            ApiError: 409 while the deal is still being played, once the game is over, or
                for a stale move.
        """
        with self._lock:
            if move is not None:
                self.check_move(move)
            self._next_deal()

    def _next_deal(self) -> None:
        if not self.deal_over:
            raise ApiError(409, "the deal is still in progress")
        if self.game_over:
            raise ApiError(409, "the game is over; start a new one")
        module = self.kind.module
        if self.seed is None:
            state = module.next_deal(self.state, seed=secrets.randbelow(MAX_SEED + 1))
        else:
            state = module.next_deal(self.state)
        self.state = state
        self.deal_number += 1
        self.move += 1
        self.steps = []
        self._run_bots()

    def record_json(self) -> str:
        """The saved game as a ``cardrules.records`` JSON document.

        A record replays every deal exactly, so it shows the hidden cards of the deals
        it covers: it is only given out between deals.

        Raises:
            ApiError: 409 while a deal is being played.
        """
        if not self.deal_over:
            raise ApiError(409, "a game can be saved only between deals")
        return str(records.dumps(records.record(self.state)))

    # -- what the page sees -------------------------------------------------------------

    def payload(self) -> dict[str, JSON]:
        """Everything the page needs, built from the human's view and public facts only."""
        module = self.kind.module
        view = module.view(self.state, self.human)
        names = self.names()
        outcome = view.outcome if self.deal_over else None
        your_turn = self.state.to_act == self.human
        dealer: int = self.state.dealer
        deals = "deal" if dealer == self.human else "deals"
        return {
            "game": self.kind.name,
            "title": self.kind.title,
            "preset": self.preset,
            "preset_label": self.preset.replace("-", " ").capitalize(),
            "players": len(names),
            "seat": self.human,
            "deal": self.deal_number,
            "deal_line": f"Deal {self.deal_number} — {names[dealer]} {deals}",
            "move": self.move,
            "names": list(names),
            "your_turn": your_turn,
            "deal_over": self.deal_over,
            "game_over": self.game_over,
            "legal": [self.kind.legal_entry(a) for a in view.legal_actions],
            "prompt": self.kind.prompt(view, names) if your_turn else "",
            "table": self.kind.table(view),
            "view": json.loads(records.to_json(view)),
            "unavailable": self.kind.unavailable(view),
            "tricks": self.kind.tricks(view, names),
            "settlement": self.kind.settlement(view, names) if self.deal_over else None,
            "outcome": None if outcome is None else self.kind.outcome(outcome, view, names),
            "steps": list(self.steps),
            "can_save": self.deal_over,
        }

    def names(self) -> tuple[str, ...]:
        """Display names of the seats: ``You`` for the human, bot names for the rest."""
        bots = self.kind.bot_names
        return tuple(
            "You" if s == self.human else bots[s % len(bots)]
            for s in range(len(self.state.balances))
        )

    # -- internals ----------------------------------------------------------------------

    def _record_step(self, seat: int, action: Any, before: Any, after: Any) -> None:
        """Report one move as the human may see it.

        A move that completed a trick carries that trick with the engine's reason for its
        winner (``trick``).
        """
        module = self.kind.module
        view = module.view(after, self.human)
        names = self.names()
        step: dict[str, JSON] = {
            "seat": seat,
            "text": self.kind.describe(action, seat, self.human, names, view),
            "table": self.kind.table(view),
            "trick": None,
        }
        tricks = self.kind.tricks(view, names)
        if len(tricks) > len(self.kind.tricks(module.view(before, self.human), names)):
            step["trick"] = tricks[-1]
        self.steps.append(step)

    def _run_bots(self) -> None:
        module = self.kind.module
        state = self.state
        while (seat := state.to_act) is not None and seat != self.human:
            legal = module.legal_actions(state)
            action = self.bots[seat].choose(module.view(state, seat), legal)
            after = module.apply_action(state, action)
            self._record_step(seat, action, state, after)
            state = after
        self.state = state


def new_game_id() -> str:
    """A fresh unguessable game id: 16 URL-safe characters from :mod:`secrets`.

    The id is random text with no link to any card; by chance it may hold something
    that reads like a card (``"AH-E25kFg7VyGK3f"``), which tells nothing about the game.
    """
    return secrets.token_urlsafe(12)


class StoreFullError(ApiError):
    """No room for a new game: every stored game is in play and recently used."""

    def __init__(self) -> None:
        super().__init__(503, "the server is full of games in play; try again later")


@attrs.define
class _Entry:
    session: Session
    client: str
    used: float


@attrs.define
class SessionStore:
    """The live sessions, by id, bounded overall and per client.

    Every game belongs to the client that started it (its address). A client may hold
    ``per_client`` games; starting one more forgets that client's own oldest game,
    finished ones first. When the whole store holds ``capacity`` games, a new one takes
    the place of a finished game, else of one idle for ``idle_after`` seconds (least
    recently used first), and if every game is in play and recent it is refused (503):
    no client can push another client's game in play out of the store.

    ``new_id`` makes the ids (unguessable :func:`new_game_id` by default; tests pass a
    fixed sequence to replay a game exactly, and must keep the ids distinct); ``clock``
    gives the time in seconds.

    >>> store = SessionStore(capacity=2)
    >>> len(store), store.get("nope") is None
    (0, True)
    >>> from web.tables import kind_named
    >>> session = Session.start(kind_named("spoil-five"), players=2, preset="peel", seed=1)
    >>> ids = iter(["AH-E25kFg7VyGK3f", "second"])
    >>> SessionStore(new_id=lambda: next(ids)).add(session)
    'AH-E25kFg7VyGK3f'
    """

    capacity: int = 500
    new_id: Callable[[], str] = new_game_id
    per_client: int = 20
    idle_after: float = 600.0
    clock: Callable[[], float] = time.monotonic
    _entries: dict[str, _Entry] = attrs.field(factory=dict, init=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, init=False)

    def __len__(self) -> int:
        return len(self._entries)

    def add(self, session: Session, client: str = "") -> str:
        """Store ``session`` for ``client`` under a new unguessable id and return the id.

        Raises:
            StoreFullError: if the store is full of games in play (see the class).
        """
        with self._lock:
            now = self.clock()
            own = [key for key, entry in self._entries.items() if entry.client == client]
            if len(own) >= self.per_client:
                victim = self._evictable(own, now, idle_only=False)
                assert victim is not None  # the client's own games are never all kept
                del self._entries[victim]
            elif len(self._entries) >= self.capacity:
                victim = self._evictable(list(self._entries), now, idle_only=True)
                if victim is None:
                    raise StoreFullError
                del self._entries[victim]
            game_id = self.new_id()
            self._entries[game_id] = _Entry(session, client, now)
            return game_id

    def _evictable(self, keys: list[str], now: float, *, idle_only: bool) -> str | None:
        """The key among ``keys`` to forget: finished first, then the least recently used.

        With ``idle_only``, a game still in play qualifies only once idle; None if none.
        """
        entries = [(self._entries[key], key) for key in keys]
        finished = [item for item in entries if item[0].session.deal_over]
        if finished:
            return min(finished, key=lambda item: item[0].used)[1]
        idle = [item for item in entries if now - item[0].used >= self.idle_after]
        pool = idle if idle_only else entries
        if not pool:
            return None
        return min(pool, key=lambda item: item[0].used)[1]

    def get(self, game_id: str) -> Session | None:
        """The session with this id (marked as used now), or ``None``."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None:
                return None
            entry.used = self.clock()
            return entry.session

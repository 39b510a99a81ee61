"""The My Bird Sings state: one immutable value per decision point.

A :class:`State` holds what changes from step to step (hands, turn, whose decision,
the legal actions, the action log) and shares everything fixed for the whole deal in one
:class:`DealInfo` value, and everything that changes rarely (stock, dead pile, tricks,
pool, balances) in one :class:`Table` value, so building a successor is cheap.

States are created by :func:`~cardrules.my_bird_sings.deal.new_game`,
:func:`~cardrules.my_bird_sings.deal.next_deal` and
:func:`~cardrules.my_bird_sings.rules.apply_action`; never build one yourself.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Final, TypeVar, cast

import attrs

from cardrules._fastattrs import fast_constructor
from cardrules.cards import Card
from cardrules.dealing import shuffled
from cardrules.history import DealHistory, Log, log_items
from cardrules.my_bird_sings.actions import Action
from cardrules.my_bird_sings.options import Options

__all__ = [
    "DealInfo",
    "Event",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "State",
    "Table",
    "fast_constructor",
]


class Phase(enum.StrEnum):
    """What kind of decision is pending."""

    PASS = "pass"
    """The player on turn throws a card to his left neighbour (MBS-8 ``throw``)."""
    DRAW = "draw"
    """The left neighbour of the player on turn draws from his offered hand (``draw_blind``)."""
    EXCHANGE = "exchange"
    """The player on turn may exchange with the stock, or decline (MBS-11)."""
    SING = "sing"
    """A player whose holding sings chooses a singing set (or, if allowed, stays silent)."""
    OVER = "over"
    """The deal is over; see :attr:`State.outcome`."""


class OutcomeKind(enum.StrEnum):
    """How a deal ended."""

    SANG = "sang"
    """A bird sang and its owner took the pool (MBS-12)."""
    ROUND_LIMIT = "round_limit"
    """The round limit was reached (MBS-13): void, or settled by tricks (MBS-15)."""
    ABANDONED = "abandoned"
    """The deal was abandoned (MBS-13): void, or settled by tricks (MBS-15)."""
    EXHAUSTED = "exhausted"
    """Play to exhaustion: the stock could not replenish a singer (MBS-15)."""


@attrs.frozen(slots=True, weakref_slot=False)
class Outcome:
    """The settlement of a finished deal (public).

    Attributes:
        kind: how the deal ended.
        winners: the seats that took (a share of) the pool; ``()`` when it was carried.
        payouts: counters each seat received.
        carried: counters left in the pool for the next deal.
        singer: the seat whose bird sang and won (``kind`` SANG), else ``None``.
        shown: the singing cards the winner showed (``kind`` SANG), else ``()``.
        tricks: tricks laid by each seat (play-to-exhaustion variant; zeros otherwise).
    """

    kind: OutcomeKind
    winners: tuple[int, ...]
    payouts: tuple[int, ...]
    carried: int
    singer: int | None
    shown: tuple[Card, ...]
    tricks: tuple[int, ...]


Event = tuple[object, ...]
"""An internal record of what happened (who passed what, exchanges, tricks) for views."""

E_PASS: Final = 0  # (E_PASS, giver, receiver, card, turn)
E_EXCHANGE: Final = 1  # (E_EXCHANGE, seat, discard, taken or -1, turn, *rejects)
E_TRICK: Final = 2  # (E_TRICK, seat, turn, *cards)
E_REPLENISH: Final = 3  # (E_REPLENISH, seat, turn, *cards)
E_KNOWN: Final = 4  # (E_KNOWN, seat, view): a sampled state's past, as that seat knew it

L = TypeVar("L")


def _relink(items: Iterable[L]) -> Log[L]:
    """Rebuild a log from its items, oldest first (the inverse of ``log_items``)."""
    log: Log[L] = None
    for item in items:
        log = (log, item)
    return log


def _log_summary(log: Log[object]) -> str:
    """A log's repr: its length, not its nested pairs (a deep log would overflow repr)."""
    return f"<{len(log_items(log))} entries>"


@attrs.frozen(slots=True, weakref_slot=False)
class DealInfo:
    """Everything fixed for one deal, shared by all its states (internal).

    ``exchange_from`` is the first turn on which an exchange may be open (a huge number when
    nobody exchanges); before turn ``fast_until`` the plain turn applies (throw passing,
    automatic sings at own-turn checkpoints, no tricks, no exchange open, no round limit
    reached), so a silent checkpoint goes straight to the pass; it is 0 for other options.
    """

    options: Options
    players: int
    dealer: int
    eldest: int
    seed: int
    deck: tuple[Card, ...] | None
    number: int
    first_seed: int
    previous: Log[DealHistory[Action]] = attrs.field(eq=log_items, repr=_log_summary)
    pack: tuple[Card, ...]
    dealt: int
    keys: frozenset[int]
    limit_turn: int | None
    exchange_from: int
    fast_until: int
    _cache: list[tuple[Card, ...]] = attrs.field(eq=False, repr=False, factory=list)

    def __reduce__(self) -> tuple[Callable[..., DealInfo], tuple[object, ...]]:
        """Pickle (and copy) with the earlier deals as a flat tuple: no deep recursion."""
        fields = [getattr(self, field.name) for field in attrs.fields(DealInfo)[:-1]]
        fields[_PREVIOUS] = log_items(self.previous)
        return _restore_deal_info, tuple(fields)

    def remainder(self) -> tuple[Card, ...]:
        """The undealt cards in pack order, top first (computed once, on demand)."""
        cache = self._cache
        if not cache:
            order = self.deck if self.deck is not None else shuffled(self.pack, self.seed)
            cache.append(order[self.dealt :])
        return cache[0]


@attrs.frozen(slots=True, weakref_slot=False)
class Table:
    """What changes rarely: stock, dead pile, tricks, pool and balances (internal).

    ``stock`` is ``None`` while it is still the untouched rest of the pack.
    """

    stock: tuple[Card, ...] | None
    stock_count: int
    dead: tuple[Card, ...]
    tricks: tuple[int, ...]
    trick_cards: tuple[tuple[Card, ...], ...]
    pool: int
    balances: tuple[int, ...]


@attrs.frozen(slots=True, weakref_slot=False)
class State:
    """A My Bird Sings session at one decision point (or at the end of a deal).

    Full information: show players only :func:`~cardrules.my_bird_sings.views.view`.

    Attributes:
        hands: every seat's holding, in the order the cards arrived; a card passed at the
            end of the last turn is already in its receiver's hand (MBS-10).
        turn: the turn number ``t`` (MBS-7).
        to_act: the seat whose decision is pending, ``None`` when the deal is over.
        phase: the kind of decision pending.
        outcome: the settlement once the deal is over, else ``None``.
    """

    _deal: DealInfo
    hands: tuple[tuple[Card, ...], ...]
    turn: int
    to_act: int | None
    phase: Phase
    _legal: tuple[Action, ...]
    _table: Table
    outcome: Outcome | None
    _pre: int
    _exchanged: bool
    _log: Log[Action] = attrs.field(eq=log_items, repr=_log_summary)
    _events: Log[Event] = attrs.field(eq=log_items, repr=_log_summary)

    def __reduce__(self) -> tuple[Callable[..., State], tuple[object, ...]]:
        """Pickle (and copy) with the action and event logs as flat tuples.

        The logs are nested pairs, one level per step: pickling them as they are would
        recurse once per action and overflow the stack on a long deal. Simulations send
        states between processes, so a state pickles its logs flattened and
        :func:`_restore_state` links them up again; the copy equals the original.
        """
        return _restore_state, (
            self._deal,
            self.hands,
            self.turn,
            self.to_act,
            self.phase,
            self._legal,
            self._table,
            self.outcome,
            self._pre,
            self._exchanged,
            log_items(self._log),
            log_items(self._events),
        )

    @property
    def options(self) -> Options:
        """The options the game is played under."""
        return self._deal.options

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._deal.players

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self._deal.dealer

    @property
    def eldest(self) -> int:
        """The eldest hand (original leader) of the current deal: the dealer's left."""
        return self._deal.eldest

    @property
    def deal_number(self) -> int:
        """How many deals came before this one in the session (0 for the first)."""
        return self._deal.number

    @property
    def round(self) -> int:
        """The round of the current turn, counting from 1. Implements MBS-7."""
        return self.turn // self._deal.players + 1

    @property
    def on_turn(self) -> int:
        """The seat that owns the current turn; in ``draw`` it is not ``to_act``.

        Implements MBS-7: turn ``t`` belongs to the seat ``t`` places after the eldest hand.
        """
        return (self._deal.eldest + self.turn) % self._deal.players

    @property
    def pool(self) -> int:
        """Counters in the pool."""
        return self._table.pool

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's counters won minus paid since the session began (start: 0)."""
        return self._table.balances

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (hidden from players)."""
        stock = self._table.stock
        return self._deal.remainder() if stock is None else stock

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile: exchange discards and rejects, out of play (hidden)."""
        return self._table.dead

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks laid by each seat in this deal (play-to-exhaustion variant, MBS-15)."""
        return self._table.tricks

    @property
    def trick_cards(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat laid face down as tricks (hidden)."""
        return self._table.trick_cards


new_state = fast_constructor(State)
"""Build a :class:`State` from its fields in order (internal, no validation)."""
new_table = fast_constructor(Table)
"""Build a :class:`Table` from its fields in order (internal, no validation)."""
new_outcome = fast_constructor(Outcome)
"""Build an :class:`Outcome` from its fields in order (internal, no validation)."""
new_deal_info = fast_constructor(DealInfo)
"""Build a :class:`DealInfo` from its fields in order (internal, no validation)."""


_PREVIOUS: Final = [field.name for field in attrs.fields(DealInfo)].index("previous")


def _restore_state(*fields: object) -> State:
    """Rebuild a pickled :class:`State` (see ``State.__reduce__``)."""
    *head, log, events = fields
    return new_state(
        *head,
        _relink(cast("tuple[Action, ...]", log)),
        _relink(cast("tuple[Event, ...]", events)),
    )


def _restore_deal_info(*fields: object) -> DealInfo:
    """Rebuild a pickled :class:`DealInfo` (see ``DealInfo.__reduce__``)."""
    values = list(fields)
    values[_PREVIOUS] = _relink(cast("tuple[DealHistory[Action], ...]", values[_PREVIOUS]))
    return new_deal_info(*values, [])

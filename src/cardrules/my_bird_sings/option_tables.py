"""The option tables: all a deal under one options value needs, built once: :func:`tables_for`.

The tables here are built by calling the rule functions themselves (the antes of MBS-2,
the deal of MBS-3, the turn order of MBS-7, the singing rule of MBS-4 to MBS-6, the first
exchange turn of MBS-11, the turn starts of MBS-13), so the engine reads the very values the
rules define.

>>> from cardrules.my_bird_sings.options import Options
>>> rules = tables_for(Options(players=3))
>>> rules is tables_for(Options(players=3)), rules.antes[0], rules.stock_size
(True, (2, 1, 1), 40)
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable

from cardrules.cards import FULL_PACK, Card
from cardrules.my_bird_sings.combinations import singing_keys
from cardrules.my_bird_sings.deal import ante, deal_positions, turn_order
from cardrules.my_bird_sings.exchange import first_exchange_turn
from cardrules.my_bird_sings.options import Options, Passing, SingTiming
from cardrules.my_bird_sings.settlement import Start, turn_start
from cardrules.my_bird_sings.state import Board, Event, EventKind, Hands
from cardrules.my_bird_sings.turn import plain_until

__all__ = ["OptionTables", "tables_for"]


class OptionTables:
    """The tables of one :class:`Options` value, shared by every deal under it.

    Compared by identity (there is one per options value); a plain slotted class with
    read-only fields, compiled with the engine in the compiled build.

    Attributes:
        options: the options tabled.
        players: the number of seats.
        hand_size: the cards dealt to each player.
        pack: the pack, in pack order (52 or 32 cards, MBS-1).
        dealt: how many cards the deal gives out.
        stock_size: how many are left for the stock.
        keys: the suit keys of the holdings that sing (MBS-4 to MBS-6).
        exchange_from: the first turn on which an exchange may be open (MBS-11).
        antes: by dealer, what each seat puts in the pool (MBS-2).
        orders: by dealer, the seats in turn order, the eldest hand first (MBS-7).
        starts: by turn, what MBS-13 says as the turn begins, for the first rounds (all
            the turns a round limit allows); later turns ask ``turn_start``.
        dealing: by dealer, the getter of every seat's hand from the dealt cards, top
            card first (MBS-3).
        first_boards: by dealer, the table a session's first deal starts from (nothing
            carried, balances 0 before the antes).
        passes: by seat and card, the shared event of that seat passing that card.
        plain_until: the turn before which every turn after the first is a plain turn
            (a check, then the thrown pass: see ``turn.plain_turn``).
        auto_sing: whether a holding that sings sings at once (``Options.auto_sing``, D-5).
        after_deal_checks: whether every dealt hand is checked before turn 0 goes on
            (``sing_timing="any_after_deal"``, D-6).
        to_exhaustion: whether the deal is played to exhaustion (MBS-15).
        throw: whether the player on turn throws his pass (``passing="throw"``, MBS-8).
    """

    __slots__ = (
        "_after_deal_checks", "_antes", "_auto_sing", "_dealing", "_dealt", "_exchange_from",
        "_first_boards", "_hand_size", "_keys", "_options", "_orders", "_pack", "_passes",
        "_plain_until", "_players", "_starts", "_stock_size", "_throw", "_to_exhaustion",
    )  # fmt: skip

    def __init__(
        self,
        *,
        options: Options,
        players: int,
        hand_size: int,
        pack: tuple[Card, ...],
        dealt: int,
        stock_size: int,
        keys: frozenset[int],
        exchange_from: int,
        antes: tuple[tuple[int, ...], ...],
        orders: tuple[tuple[int, ...], ...],
        starts: tuple[Start, ...],
        dealing: tuple[Callable[[tuple[Card, ...]], Hands], ...],
        first_boards: tuple[Board, ...],
        passes: tuple[tuple[Event, ...], ...],
        plain_until: int,
    ) -> None:
        self._options = options
        self._players = players
        self._hand_size = hand_size
        self._pack = pack
        self._dealt = dealt
        self._stock_size = stock_size
        self._keys = keys
        self._exchange_from = exchange_from
        self._antes = antes
        self._orders = orders
        self._starts = starts
        self._dealing = dealing
        self._first_boards = first_boards
        self._passes = passes
        self._plain_until = plain_until
        # The option flags the engine tests at every turn, read natively in the compiled build.
        self._auto_sing = options.auto_sing
        self._after_deal_checks = options.sing_timing is SingTiming.ANY_AFTER_DEAL
        self._to_exhaustion = options.play_to_exhaustion
        self._throw = options.passing is Passing.THROW

    def __repr__(self) -> str:
        return f"OptionTables(options={self._options!r})"

    def __reduce__(self) -> tuple[Callable[[Options], OptionTables], tuple[Options]]:
        """Unpickle as the tables of the same options."""
        return (tables_for, (self._options,))

    @property
    def options(self) -> Options:
        """The options tabled."""
        return self._options

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def hand_size(self) -> int:
        """The cards dealt to each player."""
        return self._hand_size

    @property
    def pack(self) -> tuple[Card, ...]:
        """The pack, in pack order (MBS-1)."""
        return self._pack

    @property
    def dealt(self) -> int:
        """How many cards the deal gives out."""
        return self._dealt

    @property
    def stock_size(self) -> int:
        """How many are left for the stock."""
        return self._stock_size

    @property
    def keys(self) -> frozenset[int]:
        """The suit keys of the holdings that sing (MBS-4 to MBS-6)."""
        return self._keys

    @property
    def exchange_from(self) -> int:
        """The first turn on which an exchange may be open (MBS-11)."""
        return self._exchange_from

    @property
    def antes(self) -> tuple[tuple[int, ...], ...]:
        """By dealer, what each seat puts in the pool (MBS-2)."""
        return self._antes

    @property
    def orders(self) -> tuple[tuple[int, ...], ...]:
        """By dealer, the seats in turn order (MBS-7)."""
        return self._orders

    @property
    def starts(self) -> tuple[Start, ...]:
        """By turn, what MBS-13 says as the turn begins (first rounds)."""
        return self._starts

    @property
    def dealing(self) -> tuple[Callable[[tuple[Card, ...]], Hands], ...]:
        """By dealer, the getter of every seat's hand (MBS-3)."""
        return self._dealing

    @property
    def first_boards(self) -> tuple[Board, ...]:
        """By dealer, the table a session's first deal starts from."""
        return self._first_boards

    @property
    def passes(self) -> tuple[tuple[Event, ...], ...]:
        """By seat and card, the shared event of that pass."""
        return self._passes

    @property
    def plain_until(self) -> int:
        """The turn before which every turn after the first is a plain turn."""
        return self._plain_until

    @property
    def auto_sing(self) -> bool:
        """Whether a holding that sings sings at once (D-5)."""
        return self._auto_sing

    @property
    def after_deal_checks(self) -> bool:
        """Whether every dealt hand is checked before turn 0 goes on (D-6)."""
        return self._after_deal_checks

    @property
    def to_exhaustion(self) -> bool:
        """Whether the deal is played to exhaustion (MBS-15)."""
        return self._to_exhaustion

    @property
    def throw(self) -> bool:
        """Whether the player on turn throws his pass (MBS-8)."""
        return self._throw


def _horizon(options: Options) -> int:
    """How many turns ``OptionTables.starts`` covers: to the round limit, but at most 64 rounds.

    Later turns ask :func:`~cardrules.my_bird_sings.settlement.turn_start` itself, so a huge
    ``round_limit`` costs no memory.
    """
    limit = options.round_limit
    return (64 if limit is None else min(limit, 64)) * options.players + 1


def _hands_getter(places: tuple[tuple[int, ...], ...]) -> Callable[[tuple[Card, ...]], Hands]:
    """A getter of every seat's hand from the dealt cards, given each seat's places in them.

    Board builder (places in the pack, top card 0). Dealt one card at a time, every seat's
    places are evenly spaced, so one slice per seat picks them and one C-level getter
    deals the whole table; with batches each seat gets its own getter.
    """
    slices = []
    for seat in places:
        first, last = seat[0], seat[-1]
        step = seat[1] - first
        if seat != tuple(range(first, last + 1, step)):
            getters = [operator.itemgetter(*seat) for seat in places]
            return lambda dealt: tuple([get(dealt) for get in getters])
        slices.append(slice(first, last + 1, step))
    return operator.itemgetter(*slices)


_last: tuple[Options, OptionTables] | None = None
"""The options last tabled and their tables: a batch of deals asks for the same ones."""


def tables_for(options: Options) -> OptionTables:
    """Compile ``options`` into the tables every deal under them reads (cached).

    The one cache of the game: a session or a batch of playouts asks for the same options
    deal after deal. The options asked for last are recognised by identity, before the
    cache hashes them.
    """
    global _last
    last = _last
    if last is not None and last[0] is options:
        return last[1]
    rules = _compile(options)
    _last = (options, rules)
    return rules


@functools.lru_cache(maxsize=256)
def _compile(options: Options) -> OptionTables:
    """Build the option tables of ``options`` (behind the cache of :func:`tables_for`)."""
    n = options.players
    pack = options.cards
    dealt = n * options.hand_size
    antes = tuple(ante(options, dealer) for dealer in range(n))
    dealing = tuple(_hands_getter(deal_positions(options, dealer)) for dealer in range(n))
    first_boards = tuple(
        Board(
            stock=None,
            stock_count=len(pack) - dealt,
            dead=(),
            tricks=(0,) * n,
            trick_cards=((),) * n,
            pool=sum(paid),
            balances=tuple(-amount for amount in paid),
        )
        for paid in antes
    )
    passes = tuple(
        tuple(Event(seat, EventKind.PASS, card) for card in FULL_PACK) for seat in range(n)
    )
    exchange_from = first_exchange_turn(options)
    starts = tuple(turn_start(options, turn) for turn in range(_horizon(options)))
    return OptionTables(
        options=options,
        players=n,
        hand_size=options.hand_size,
        pack=pack,
        dealt=dealt,
        stock_size=len(pack) - dealt,
        keys=singing_keys(options),
        exchange_from=exchange_from,
        antes=antes,
        orders=tuple(turn_order(options, dealer) for dealer in range(n)),
        starts=starts,
        dealing=dealing,
        first_boards=first_boards,
        passes=passes,
        plain_until=plain_until(options, exchange_from, starts),
    )

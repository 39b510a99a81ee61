"""Spoil Five state values: the session state, tricks, public events and deal outcomes.

States are immutable. A state holds the per-step facts (hands, the trick in progress, the
tricks taken, whose turn it is and the legal actions, precomputed once) and refers to two
shared objects: :class:`DealInfo`, the constants of the current deal, and :class:`Board`,
the facts that change only a few times a deal (pool, balances, robbing, jinking,
settlement). Successor states share both with their predecessor.

Build states with :func:`cardrules.spoil_five.new_game`, never by hand.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final, TypeAlias, cast

import attrs

from cardrules._fastattrs import fast_constructor, fast_replacer
from cardrules.cards import FULL_PACK, Card, Suit
from cardrules.history import DealHistory, Log, log_items
from cardrules.spoil_five.actions import Action, Play
from cardrules.spoil_five.options import Options
from cardrules.spoil_five.ranking import TrumpTable

__all__ = [
    "Board",
    "DealInfo",
    "Event",
    "EventKind",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "State",
    "Trick",
]


class Phase(enum.StrEnum):
    """What kind of decision is pending (RULES.md §2, "Phases and legal actions")."""

    FIVING_ASK = "fiving_ask"
    """An opponent of the dealer may ask him to five the hand (SF-9)."""
    FIVING_ANSWER = "fiving_answer"
    """The dealer accepts or refuses a request to five (SF-9)."""
    DEALER_ROB = "dealer_rob"
    """The dealer of a turned-up ace discards before the lead (SF-10)."""
    ROB = "rob"
    """The holder of the ace of trumps must rob at his first turn in trick 1 (SF-11).

    Only under compulsory, enforced robbing, where the rob follows at once and is public.
    Where the rob may be declined it is offered within ``PLAY`` (``Rob`` actions beside
    the plays), so that a declining holder's turn looks like anybody else's.
    """
    PLAY = "play"
    """The player on turn plays a card to the trick (SF-14 to SF-16)."""
    JINK = "jink"
    """The winner of the first three tricks stops or goes on for a jink (SF-21)."""
    DEAL_OVER = "deal_over"
    """The deal is settled; call ``next_deal`` for the next one."""
    GAME_OVER = "game_over"
    """A points game has been won (SF-24); no further deals."""


class OutcomeKind(enum.StrEnum):
    """How a deal ended."""

    WON = "won"
    """A player (side) took the tricks needed and the pool (SF-19, SF-20)."""
    SPOILT = "spoilt"
    """Nobody took the tricks needed; the pool stays (SF-18)."""
    BARRED = "barred"
    """A barred player (side) took the tricks needed: a spoil (SF-13)."""
    JINK = "jink"
    """A player (side) won all five tricks after going on: pool plus bonus (SF-21)."""
    JINK_FAILED = "jink_failed"
    """A player (side) went on for a jink and lost a trick: a spoil (SF-21)."""
    HAND_SCORED = "hand_scored"
    """A points-game hand was played out without ending the game (SF-24)."""
    GAME_WON = "game_won"
    """A player (side) won a points game and took the stakes (SF-24)."""


SPOIL_KINDS: Final = frozenset((OutcomeKind.SPOILT, OutcomeKind.BARRED, OutcomeKind.JINK_FAILED))
"""Outcomes after which the next deal is anted at the spoil rate (SF-7)."""


class EventKind(enum.StrEnum):
    """Public events of a deal other than plays (plays are in the tricks)."""

    ASK_FIVE = "ask_five"
    DECLINE_FIVE = "decline_five"
    ACCEPT_FIVE = "accept_five"
    REFUSE_FIVE = "refuse_five"
    ROB = "rob"
    """A seat discarded face down to rob the turn-up (the card is private to that seat)."""
    DECLINE_ROB = "decline_rob"
    """A seat let its rob pass (SF-12): public for the dealer of a turned-up ace; for the
    holder of the ace of trumps (who declines by playing) only in his own view."""
    TAKE_TURN_UP = "take_turn_up"
    """A robbing dealer's turned-up ace joins his hand (SF-10)."""
    STOP = "stop"
    GO_ON = "go_on"


@attrs.frozen(slots=True)
class Event:
    """Something a seat did or that happened, outside the tricks.

    Attributes:
        seat: the seat concerned.
        kind: what happened.
        card: for ``ROB`` the card discarded (``None`` in other seats' views); for
            ``TAKE_TURN_UP`` the turned-up card; otherwise ``None``.
        trick: the number of tricks completed when it happened (0 … 5).

    """

    seat: int
    kind: EventKind
    card: Card | None = None
    trick: int = 0


@attrs.frozen(slots=True, weakref_slot=False)
class Trick:
    """A completed trick: who led, the cards in play order, and who won it.

    The card at position ``i`` was played by seat ``(leader + i) % players``.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int


@attrs.frozen(slots=True, weakref_slot=False)
class Outcome:
    """How a deal was settled.

    Attributes:
        kind: what happened (:class:`OutcomeKind`).
        winners: seats that received a share of the pool (``()`` for a spoil).
        payouts: counters each seat received at settlement (pool shares and jink bonus).
        carried: counters left in the pool for the next deal.
        tricks_won: tricks taken by each seat in this deal.

    """

    kind: OutcomeKind
    winners: tuple[int, ...]
    payouts: tuple[int, ...]
    carried: int
    tricks_won: tuple[int, ...]


@attrs.frozen(slots=True, weakref_slot=False)
class DealInfo:
    """Constants of one deal, shared by every state of the deal.

    Attributes:
        options: the game options.
        n: number of players.
        dealer: the dealer's seat.
        eldest: the eldest hand (the dealer's left neighbour).
        number: deals played before this one in the session.
        seed: this deal's seed.
        deck: the explicit pack given for this deal, top card first, or ``None``.
        drawn: the cards taken from the top of the pack so far, in order (all 52 when the
            whole order is known).
        dealt: each seat's five cards as dealt.
        turn_up: the card turned up for trumps (after fiving, the new one).
        trump: the trump suit.
        table: the strength tables for this trump suit and ranking.
        holder: the seat dealt the ace of trumps when the turn-up is not an ace, else None.
        sides: each seat's side number (its own seat number without partnerships).
        members: the seats of each side.
        first_seed: the seed of the session's first deal.
        past: the history of the session's earlier deals, as a persistent list (see
            :mod:`cardrules.history`).
        strength: per led card, every card's strength in that trick: its power if it is
            a trump or of the suit led, else 0 (SF-17, hoisted for speed).
        oblige: per led card, the ``Play`` actions of the held cards that restrict the
            play (SF-15, SF-16).
        allowed: per led card, the ``Play`` actions then allowed.
        rob_watch: seats whose first turn in trick 1 may involve robbing.
        decliner: the holder of the ace of trumps if he may let his rob pass by playing
            (``robbing="optional"`` or ``rob_enforcement="penalize"``), else None.
        need: tricks that win the hand (``win_tricks``).
        plain_end: whether the end of the hand depends only on one seat's trick count
            (pool scoring, no partnerships, no jinking, no early spoils).

    """

    options: Options
    n: int
    dealer: int
    eldest: int
    number: int
    seed: int
    deck: tuple[Card, ...] | None
    drawn: tuple[Card, ...]
    dealt: tuple[tuple[Card, ...], ...]
    turn_up: Card
    trump: Suit
    table: TrumpTable = attrs.field(repr=False)
    holder: int | None
    sides: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    first_seed: int
    past: Log[DealHistory[Action]] = attrs.field(repr=False, eq=log_items)
    strength: tuple[tuple[int, ...], ...] = attrs.field(repr=False)
    oblige: tuple[frozenset[Play], ...] = attrs.field(repr=False)
    allowed: tuple[frozenset[Play], ...] = attrs.field(repr=False)
    rob_watch: frozenset[int] = attrs.field(repr=False)
    decliner: int | None = attrs.field(repr=False)
    need: int = attrs.field(repr=False)
    plain_end: bool = attrs.field(repr=False)

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        """Pickle with the session history flattened (see :func:`_reduce_flat`)."""
        return _reduce_flat(self, ("past",))


@attrs.frozen(slots=True, weakref_slot=False)
class Board:
    """Facts of a deal that change only a few times: counters, robbing, jinking, result.

    Attributes:
        pool: counters in the pool.
        balances: each seat's counters won minus paid since the game began.
        scores: points per seat in a points game (partners share their side's score).
        turn_up_taker: the seat that took the turn-up into his hand, or None.
        dealer_robbed: whether the dealer discarded to rob a turned-up ace (SF-10).
        discards: ``(seat, card)`` for each face-down rob discard.
        resolved: seats whose robbing duty or chance is settled (robbed or declined).
        barred: seats that may not win this hand (SF-12, SF-13), sorted (full
            information; views show a bar only to the barred seat until it matters).
        events: the events of the deal, in order.
        set_aside: cards set aside face up by fiving (SF-9), in order.
        five_declined: opponents who declined to ask for fiving.
        jinker: the side going for a jink, or None (SF-21).
        outcome: the settlement once the deal is over.

    """

    pool: int
    balances: tuple[int, ...]
    scores: tuple[int, ...]
    turn_up_taker: int | None = None
    dealer_robbed: bool = False
    discards: tuple[tuple[int, Card], ...] = ()
    resolved: frozenset[int] = frozenset()
    barred: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()
    set_aside: tuple[Card, ...] = ()
    five_declined: tuple[int, ...] = ()
    jinker: int | None = None
    outcome: Outcome | None = None


Held: TypeAlias = tuple[tuple[Play, ...], ...]
"""Hands held as the shared ``Play`` action of each card (see :attr:`State.held`)."""


@attrs.frozen(slots=True, weakref_slot=False)
class State:
    """A Spoil Five session at one moment: the current deal and the counters so far.

    Attributes:
        deal: the constants of the current deal (shared).
        board: counters, robbing, jinking and settlement facts (shared until they change).
        held: every seat's hand as the shared ``Play`` actions of its cards, sorted by
            card (full information: never show it to players). A hand that may play any
            card is its own tuple of legal actions, shared rather than rebuilt.
        phase: what kind of decision is pending.
        to_act: the seat whose decision is pending, or None.
        trick: the cards of the trick in progress, in play order.
        tricks: the completed tricks of this deal.
        tricks_won: tricks taken by each seat in this deal.
        legal: the legal actions of ``to_act``, computed once.
        log: the actions of this deal so far (a persistent list, see
            :mod:`cardrules.history`).

    """

    deal: DealInfo
    board: Board
    held: Held
    phase: Phase
    to_act: int | None
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    legal: tuple[Action, ...] = attrs.field(repr=False)
    log: Log[Action] = attrs.field(repr=False, eq=log_items)

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        """Pickle with the action log flattened (see :func:`_reduce_flat`)."""
        return _reduce_flat(self, ("log",))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, sorted (full information: never show it to players)."""
        return tuple([tuple([play.card for play in hand]) for hand in self.held])

    @property
    def options(self) -> Options:
        """The options of the game."""
        return self.deal.options

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self.deal.dealer

    @property
    def eldest(self) -> int:
        """The eldest hand of the current deal (the dealer's left neighbour)."""
        return self.deal.eldest

    @property
    def trump(self) -> Suit:
        """The trump suit of the current deal."""
        return self.deal.trump

    @property
    def turn_up(self) -> Card:
        """The card turned up for trumps (after fiving, the new one)."""
        return self.deal.turn_up

    @property
    def pool(self) -> int:
        """Counters in the pool."""
        return self.board.pool

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's counters won minus counters paid since the game began."""
        return self.board.balances

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat in a points game (SF-24); zeros in a pool game."""
        return self.board.scores

    @property
    def barred(self) -> tuple[int, ...]:
        """Seats barred from winning this hand (SF-12, SF-13)."""
        return self.board.barred

    @property
    def outcome(self) -> Outcome | None:
        """The settlement of the current deal once it is over, else None."""
        return self.board.outcome

    @property
    def leader(self) -> int | None:
        """The seat that led (or is to lead) the trick in progress, or None."""
        if self.to_act is None or self.phase not in (Phase.PLAY, Phase.ROB):
            return None
        return (self.to_act - len(self.trick)) % self.deal.n

    @property
    def discards(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` for every face-down rob discard (hidden information)."""
        return self.board.discards

    @property
    def turn_up_on_table(self) -> bool:
        """Whether the turn-up is still on the table (not taken into a hand, not fived)."""
        return self.board.turn_up_taker is None

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards never dealt nor turned: in pack order if known, else sorted."""
        drawn = self.deal.drawn
        if len(drawn) == 52:
            return drawn[len(self.deal.dealt) * 5 + 1 + len(self.board.set_aside) :]
        used = set(drawn)
        return tuple(card for card in FULL_PACK if card not in used)


def _reduce_flat(
    obj: object, logs: tuple[str, ...]
) -> tuple[Callable[..., object], tuple[object, ...]]:
    """Return a ``__reduce__`` value for ``obj`` with its persistent logs as flat tuples.

    A log (:mod:`cardrules.history`) is a cons list nested as deep as it is long, which
    the pickle module would walk recursively; a long session's history of deals would
    exceed the recursion limit. Flattened with ``log_items`` it pickles iteratively and
    is rebuilt by :func:`_restore_flat`.
    """
    cls: type[Any] = type(obj)
    values = tuple(
        [
            log_items(getattr(obj, field.name)) if field.name in logs else getattr(obj, field.name)
            for field in attrs.fields(cls)
        ]
    )
    return _restore_flat, (cls, logs, values)


def _restore_flat(cls: type[Any], logs: tuple[str, ...], values: tuple[object, ...]) -> object:
    """Rebuild an object pickled by :func:`_reduce_flat`, relinking its logs."""
    obj = object.__new__(cls)
    for field, value in zip(attrs.fields(cls), values, strict=True):
        if field.name in logs:
            log: object = None
            for item in cast(tuple[object, ...], value):
                log = (log, item)
            value = log
        object.__setattr__(obj, field.name, value)
    return obj


make_state: Final[Callable[..., State]] = fast_constructor(State)
"""Build a :class:`State` from its ten fields in order (hot-path constructor)."""
make_trick: Final[Callable[[int, tuple[Card, ...], int], Trick]] = fast_constructor(Trick)
"""Build a :class:`Trick` from leader, cards and winner (hot-path constructor)."""
make_board: Final[Callable[..., Board]] = fast_constructor(Board)
"""Build a :class:`Board` from its fields in order (hot-path constructor)."""
make_outcome: Final[Callable[..., Outcome]] = fast_constructor(Outcome)
"""Build an :class:`Outcome` from its fields in order (hot-path constructor)."""
make_deal_info: Final[Callable[..., DealInfo]] = fast_constructor(DealInfo)
"""Build a :class:`DealInfo` from its fields in order (hot-path constructor)."""
replace_board: Final[Callable[..., Board]] = fast_replacer(Board)
"""Return a copy of a :class:`Board` with the given fields changed (fast ``evolve``)."""

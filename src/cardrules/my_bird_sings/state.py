"""The My Bird Sings state: one immutable value per decision point.

The values users see beside a state (phases, events, outcomes) are in
:mod:`cardrules.my_bird_sings.events`, and named here too.

A :class:`State` holds what changes from step to step: the hands, the turn, the pending
:class:`Decision` (who decides, and between which actions), the action and event logs.
Everything fixed for the whole deal sits in one :class:`Deal`
shared by all its states, and what changes rarely (stock, dead pile, tricks, pool and
balances) in one :class:`Board`, so building a successor is cheap.

States are created by :func:`~cardrules.my_bird_sings.session.new_game`,
:func:`~cardrules.my_bird_sings.session.next_deal` and
:func:`~cardrules.my_bird_sings.rules.apply_action`; never build one yourself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, Final, TypeAlias

from cardrules._brief import brief
from cardrules._engine import Decision as _Decision
from cardrules._engine import Position
from cardrules._shuffle import pack_top
from cardrules._value import Value
from cardrules.cards import Card
from cardrules.history import DealHistory, Log, log_items, relink
from cardrules.my_bird_sings.actions import Action
from cardrules.my_bird_sings.events import Event, EventKind, Known, Outcome, OutcomeKind, Phase
from cardrules.my_bird_sings.options import Options

if TYPE_CHECKING:
    from cardrules.my_bird_sings.option_tables import OptionTables

__all__ = [
    "Board",
    "Deal",
    "Decision",
    "Event",
    "EventKind",
    "Hands",
    "Known",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "State",
    "TurnStep",
]

Hands: TypeAlias = "tuple[tuple[Card, ...], ...]"
"""Every seat's holding, by seat, each in the order its cards arrived."""


class Board(Value):
    """What changes rarely: stock, dead pile, tricks, pool and balances (internal).

    The stock is ``None`` while it is still the untouched rest of the pack (see
    :meth:`Deal.remainder`); ``stock_count`` counts it either way. Build one with keyword
    arguments; only the table's own methods, on the engine's hot path, pass them in order.
    """

    __slots__ = ("_balances", "_dead", "_pool", "_stock", "_stock_count", "_trick_cards", "_tricks")

    def __init__(
        self,
        stock: tuple[Card, ...] | None,
        stock_count: int,
        dead: tuple[Card, ...],
        tricks: tuple[int, ...],
        trick_cards: Hands,
        pool: int,
        balances: tuple[int, ...],
    ) -> None:
        self._stock = stock
        self._stock_count = stock_count
        self._dead = dead
        self._tricks = tricks
        self._trick_cards = trick_cards
        self._pool = pool
        self._balances = balances

    def _key(self) -> tuple[object, ...]:
        return (
            self._stock,
            self._stock_count,
            self._dead,
            self._tricks,
            self._trick_cards,
            self._pool,
            self._balances,
        )

    @property
    def stock_count(self) -> int:
        """Cards in the stock."""
        return self._stock_count

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile, oldest first."""
        return self._dead

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks laid by each seat."""
        return self._tricks

    @property
    def trick_cards(self) -> Hands:
        """The cards each seat laid as tricks."""
        return self._trick_cards

    @property
    def pool(self) -> int:
        """Counters in the pool."""
        return self._pool

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's counters won minus paid since the session began."""
        return self._balances

    def with_piles(
        self,
        stock: tuple[Card, ...],
        dead: tuple[Card, ...],
        tricks: tuple[int, ...],
        trick_cards: Hands,
    ) -> Board:
        """This table with a new stock, dead pile and tricks (counters unchanged)."""
        return Board(stock, len(stock), dead, tricks, trick_cards, self._pool, self._balances)

    def with_counters(self, pool: int, balances: tuple[int, ...]) -> Board:
        """This table with a new pool and balances (piles unchanged)."""
        return Board(
            self._stock,
            self._stock_count,
            self._dead,
            self._tricks,
            self._trick_cards,
            pool,
            balances,
        )


class Deal(Value):
    """Everything fixed for one deal, shared by all its states (internal).

    Attributes:
        rules: the option tables (:func:`~cardrules.my_bird_sings.option_tables.tables_for`).
        dealer: the dealer; the eldest hand (original leader) is the seat to his left.
        seed: the deal's seed (the shuffle, unless ``deck`` is given, and the draw order).
        deck: the explicit pack order, top card first, or ``None``.
        number: deals played before this one in the session.
        first_seed: the seed of the session's first deal.
        previous: the earlier deals of the session.
        legacy: dealt by the seed mapping of record versions 1 and 2 (the replay of a
            version-2 record, see :mod:`cardrules.records`), not by SplitMix64.
    """

    __slots__ = (
        "_dealer",
        "_deck",
        "_eldest",
        "_first_seed",
        "_legacy",
        "_number",
        "_order",
        "_previous",
        "_remainder",
        "_rules",
        "_seed",
    )

    def __init__(
        self,
        rules: OptionTables,
        dealer: int,
        seed: int,
        deck: tuple[Card, ...] | None,
        number: int,
        first_seed: int,
        previous: Log[DealHistory[Action]],
        legacy: bool = False,
    ) -> None:
        self._rules = rules
        self._dealer = dealer
        self._order = order = rules._orders[dealer]  # the seats in turn order (MBS-7)
        self._eldest = order[0]
        self._seed = seed
        self._deck = deck
        self._number = number
        self._first_seed = first_seed
        self._previous = previous
        self._legacy = legacy
        self._remainder: tuple[Card, ...] | None = None

    def _key(self) -> tuple[object, ...]:
        return (
            self._rules.options,
            self._dealer,
            self._seed,
            self._deck,
            self._number,
            self._first_seed,
            log_items(self._previous),
            self._legacy,
        )

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle (and copy) with the earlier deals as a flat tuple: no deep recursion."""
        return (_rebuild_deal, self._key())

    @property
    def rules(self) -> OptionTables:
        """The option tables."""
        return self._rules

    @property
    def options(self) -> Options:
        """The options the deal is played under."""
        return self._rules.options

    @property
    def dealer(self) -> int:
        """The dealer."""
        return self._dealer

    @property
    def eldest(self) -> int:
        """The eldest hand, the original leader."""
        return self._eldest

    @property
    def seed(self) -> int:
        """The deal's seed."""
        return self._seed

    @property
    def deck(self) -> tuple[Card, ...] | None:
        """The explicit pack order, or ``None``."""
        return self._deck

    @property
    def number(self) -> int:
        """Deals played before this one in the session."""
        return self._number

    @property
    def first_seed(self) -> int:
        """The seed of the session's first deal."""
        return self._first_seed

    @property
    def previous(self) -> Log[DealHistory[Action]]:
        """The earlier deals of the session."""
        return self._previous

    @property
    def legacy(self) -> bool:
        """Whether the deal is dealt by the seed mapping of record versions 1 and 2."""
        return self._legacy

    def on_turn(self, turn: int) -> int:
        """The seat that owns turn ``turn``: ``turn`` places after the eldest hand (see MBS-7)."""
        order = self._order
        return order[turn % len(order)]

    def stock_of(self, table: Board) -> tuple[Card, ...]:
        """The stock of ``table``, top card first (the rest of the pack while untouched)."""
        stock = table._stock
        return self.remainder() if stock is None else stock

    def remainder(self) -> tuple[Card, ...]:
        """The undealt cards in pack order, top first (worked out once, on demand)."""
        remainder = self._remainder
        if remainder is None:
            rules = self._rules
            deck, pack = self._deck, rules._pack
            order = pack_top(pack, self._seed, len(pack), self._legacy) if deck is None else deck
            remainder = self._remainder = order[rules._dealt :]
        return remainder


def _rebuild_deal(
    options: Options,
    dealer: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    number: int,
    first_seed: int,
    previous: tuple[DealHistory[Action], ...],
    legacy: bool = False,
) -> Deal:
    """Unpickle a :class:`Deal` through its constructor."""
    from cardrules.my_bird_sings.option_tables import tables_for

    return Deal(
        rules=tables_for(options),
        dealer=dealer,
        seed=seed,
        deck=deck,
        number=number,
        first_seed=first_seed,
        previous=relink(previous),
        legacy=legacy,
    )


class TurnStep(Value):
    """Where its turn stands at a pending decision: the turn's flags, carried by the decision.

    ``pre`` is the after-deal check it belongs to (the seat ``pre`` places after the eldest
    hand, ``sing_timing="any_after_deal"``, D-6), 0 at the player on turn's own checks;
    ``exchanged`` whether the player on turn has exchanged in this turn (MBS-11);
    ``checked`` whether, with declared singing, the decision declares a check (his sings
    stand beside its actions, or it is a sing decision of its own, D-5); ``abandon``
    whether it offers ``Abandon()``, the turn's first decision where MBS-13 makes the
    offer. All of it public: the sampler reads it from a view (see
    :func:`~cardrules.my_bird_sings.turn.pending_decision`).
    """

    __slots__ = ("_abandon", "_checked", "_exchanged", "_pre")

    def __init__(self, pre: int, exchanged: bool, checked: bool, abandon: bool) -> None:
        self._pre = pre
        self._exchanged = exchanged
        self._checked = checked
        self._abandon = abandon

    def _key(self) -> tuple[object, ...]:
        return (self._pre, self._exchanged, self._checked, self._abandon)

    @property
    def pre(self) -> int:
        """The after-deal check (0 at the player on turn's own checks)."""
        return self._pre

    @property
    def exchanged(self) -> bool:
        """Whether the player on turn has exchanged in this turn."""
        return self._exchanged

    @property
    def checked(self) -> bool:
        """Whether the decision declares a check (declared singing)."""
        return self._checked

    @property
    def abandon(self) -> bool:
        """Whether the decision offers ``Abandon()``."""
        return self._abandon


NO_STEP: Final = TurnStep(0, False, False, False)
"""The step of a decision that is none of a turn's firsts: no check, no exchange, no offer."""


class Decision(_Decision):
    """The decision a state waits for: who makes it, between which actions (internal).

    Each rule that asks a player something returns one of these (the pass of MBS-8, the
    exchange of MBS-11, the sing of MBS-9/MBS-12, or the end of the deal), and everything
    about the decision comes from it: the legal actions, in order. The refusal of any other
    action is the owning rule's too, told from what the deciding seat sees (see
    :func:`cardrules.my_bird_sings.refusals.refusal`).
    """

    __slots__ = ("_step",)
    phase: ClassVar[Phase]

    def __init__(self, seat: int | None, legal: tuple[Action, ...], step: TurnStep) -> None:
        self._seat = seat
        self._legal = legal
        self._step = step

    def _key(self) -> tuple[object, ...]:
        return (self._seat, self._legal, self._step)

    @property
    def step(self) -> TurnStep:
        """Where its turn stands (the turn's flags)."""
        return self._step

    @property
    def outcome(self) -> Outcome | None:
        """The settlement, once the deal is over; ``None`` while a decision is pending."""
        return None


class State(Position):
    """A My Bird Sings session at one decision point (or at the end of a deal).

    Full information: show players only :func:`~cardrules.my_bird_sings.views.view`.
    Equal states compare equal, hash alike and pickle (logs flattened, so a deal of
    thousands of actions pickles without deep recursion).
    """

    __slots__ = ("_board", "_deal", "_decision", "_events", "_hands", "_log", "_turn")

    def __init__(
        self,
        deal: Deal,
        hands: Hands,
        turn: int,
        decision: Decision,
        board: Board,
        log: Log[Action],
        events: Log[Event | Known],
    ) -> None:
        self._deal = deal
        self._hands = hands
        self._turn = turn
        self._decision = decision
        self._seat = decision._seat  # the shared calls' (see cardrules._engine.Position)
        self._legal = decision._legal
        self._board = board
        self._log = log
        self._events = events

    def _key(self) -> tuple[object, ...]:
        return (
            self._deal,
            self._hands,
            self._turn,
            self._decision,
            self._board,
            log_items(self._log),
            log_items(self._events),
        )

    def __repr__(self) -> str:
        """One line: the deal, the pool, the turn, the phase, who acts (see ``print``)."""
        return brief(
            "my_bird_sings.State", seat=None, deal=self.deal_number, pool=self.pool,
            details=(f"turn {self._turn + 1}",), phase=self.phase.value, to_act=self.to_act,
        )  # fmt: skip

    def __str__(self) -> str:
        """The table as text, every hand shown: ``print(state)`` (see ``cardrules._text``)."""
        from cardrules._text import draw

        return draw(self)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle (and copy) with the action and event logs as flat tuples.

        The logs are nested pairs, one level per step: pickling them as they are would
        recurse once per action and overflow the stack on a long deal. Simulations send
        states between processes, so a state pickles its logs flattened and they are
        linked up again when it is rebuilt; the copy equals the original.
        """
        return (_rebuild_state, self._key())

    def _repr_svg_(self) -> str:
        """The whole table as SVG, every hand face up, so Jupyter shows a state.

        A state is the full truth (see :func:`cardrules.svg.table`); show players their
        views instead.

        >>> from cardrules.my_bird_sings import new_game
        >>> new_game(seed=3)._repr_svg_().startswith("<svg")
        True
        """
        from cardrules.svg import table

        return table(self)

    @property
    def options(self) -> Options:
        """The options the game is played under."""
        return self._deal.rules.options

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._deal.rules.players

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
    def hands(self) -> Hands:
        """Every seat's holding, in the order the cards arrived.

        A card passed at the end of the last turn is already in its receiver's hand
        (MBS-10).
        """
        return self._hands

    @property
    def turn(self) -> int:
        """The turn number ``t``, counting from 0 (MBS-7)."""
        return self._turn

    @property
    def round(self) -> int:
        """The round of the current turn, counting from 1 (a round is one turn each, MBS-7)."""
        return self._turn // self._deal.rules.players + 1

    @property
    def on_turn(self) -> int:
        """The seat that owns the current turn (MBS-7); during a blind draw it is not ``to_act``."""
        return self._deal.on_turn(self._turn)

    @property
    def decision(self) -> Decision:
        """The decision this state waits on (internal: see ``cardrules._engine``)."""
        return self._decision

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is pending, ``None`` when the deal is over."""
        return self._seat

    @property
    def phase(self) -> Phase:
        """The kind of decision pending."""
        return self._decision.phase

    @property
    def outcome(self) -> Outcome | None:
        """The settlement once the deal is over, else ``None``."""
        return self._decision.outcome

    @property
    def pool(self) -> int:
        """Counters in the pool."""
        return self._board.pool

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's counters won minus paid since the session began (start: 0)."""
        return self._board.balances

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (hidden from players)."""
        return self._deal.stock_of(self._board)

    @property
    def dead(self) -> tuple[Card, ...]:
        """The dead pile: exchange discards and rejects, out of play (hidden)."""
        return self._board.dead

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks laid by each seat in this deal (play-to-exhaustion variant, MBS-15)."""
        return self._board.tricks

    @property
    def trick_cards(self) -> Hands:
        """The cards each seat laid face down as tricks (hidden)."""
        return self._board.trick_cards


def _rebuild_state(
    deal: Deal,
    hands: Hands,
    turn: int,
    decision: Decision,
    board: Board,
    log: Iterable[Action],
    events: Iterable[Event | Known],
) -> State:
    """Unpickle a :class:`State` through its constructor, linking its logs up again."""
    return State(
        deal=deal,
        hands=hands,
        turn=turn,
        decision=decision,
        board=board,
        log=relink(log),
        events=relink(events),
    )

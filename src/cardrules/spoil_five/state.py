"""Spoil Five states: the session state and the per-deal objects it shares.

The values users see beside a state (phases, events, tricks, outcomes) are in
:mod:`cardrules.spoil_five.events`, and named here too.

States are immutable. A :class:`State` holds the per-step facts (hands, the trick in
progress, the tricks taken) and the :class:`Decision` it waits on (who decides, between
which legal actions, computed once by the rule that asks; a play to the trick is kept as
its seat, legal actions and window, its decision value built when read), and refers to
two shared objects: :class:`Deal`, the constants of the current deal (its cards,
and the decisions of the rules for its trump suit, see
:func:`cardrules.spoil_five.option_tables.tables_for`), and :class:`Board`, the facts that
change only a few times a deal (pool, balances, robbing, jinking, settlement). Successor
states share both with their predecessor.

Build states with :func:`cardrules.spoil_five.new_game`, never by hand.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Final, TypeAlias, cast

from cardrules._brief import brief
from cardrules._engine import Decision as _Decision
from cardrules._engine import Position, left_of
from cardrules._value import Value
from cardrules.cards import FULL_PACK, Card, Suit
from cardrules.history import DealHistory, Log, log_items, relink
from cardrules.spoil_five.actions import PLAYS, Action, Play
from cardrules.spoil_five.events import (
    SPOIL_KINDS,
    Event,
    EventKind,
    Outcome,
    OutcomeKind,
    Phase,
    Trick,
)
from cardrules.spoil_five.options import Options
from cardrules.spoil_five.ranking import PRINTED_SUIT

if TYPE_CHECKING:
    from cardrules.messages import Message
    from cardrules.spoil_five.option_tables import OptionTables

__all__ = [
    "DEAL_OVER",
    "GAME_OVER",
    "SPOIL_KINDS",
    "Board",
    "Deal",
    "DealOver",
    "Decision",
    "Event",
    "EventKind",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "PhasedDecision",
    "PlayDecision",
    "Settled",
    "State",
    "Trick",
    "settled_as",
    "waiting",
]


Held: TypeAlias = tuple[tuple[Play, ...], ...]
"""Hands held as the shared ``Play`` action of each card, sorted by card.

A hand that may play any card is then its own tuple of legal actions, shared rather than
rebuilt.
"""


class Taken(Value):
    """A completed trick as the engine keeps it: leader, cards in play order, winner.

    A plain slotted class, cheap to build at every trick in either build (the public
    attrs :class:`Trick` is not); its :class:`Trick` is built the first time it is read
    (:attr:`State.tricks`, the views) and then kept, so that every later state and view
    of the deal shares it.
    """

    __slots__ = ("_cards", "_leader", "_trick", "_winner")

    def __init__(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        self._leader = leader
        self._cards = cards
        self._winner = winner
        self._trick: Trick | None = None

    def _key(self) -> tuple[object, ...]:
        return (self._leader, self._cards, self._winner)

    def trick(self) -> Trick:
        """The public :class:`Trick` of these facts (built once, then shared)."""
        trick = self._trick
        if trick is None:
            trick = self._trick = Trick(self._leader, self._cards, self._winner)
        return trick


class Settled(Value):
    """How a deal was settled, as the engine keeps it: the facts of an :class:`Outcome`.

    A plain slotted class, cheap to build when a deal is settled in either build (the
    public attrs :class:`Outcome` is not); its :class:`Outcome` is built the first time it
    is read (:attr:`State.outcome`, :attr:`Board.outcome`, the views, records) and then
    kept, so that every later reader shares it.
    """

    __slots__ = ("_carried", "_kind", "_outcome", "_payouts", "_tricks_won", "_winners")

    def __init__(
        self,
        kind: OutcomeKind,
        winners: tuple[int, ...],
        payouts: tuple[int, ...],
        carried: int,
        tricks_won: tuple[int, ...],
    ) -> None:
        self._kind = kind
        self._winners = winners
        self._payouts = payouts
        self._carried = carried
        self._tricks_won = tricks_won
        self._outcome: Outcome | None = None

    def _key(self) -> tuple[object, ...]:
        return (self._kind, self._winners, self._payouts, self._carried, self._tricks_won)

    def outcome(self) -> Outcome:
        """The public :class:`Outcome` of these facts (built once, then shared)."""
        outcome = self._outcome
        if outcome is None:
            outcome = self._outcome = Outcome(
                self._kind, self._winners, self._payouts, self._carried, self._tricks_won
            )
        return outcome


def settled_as(outcome: Outcome) -> Settled:
    """The :class:`Settled` facts of a public ``outcome``, which it keeps."""
    settled = Settled(
        outcome.kind, outcome.winners, outcome.payouts, outcome.carried, outcome.tricks_won
    )
    settled._outcome = outcome
    return settled


# Enum members read once: a class attribute look-up costs a call on every step.
_PLAY: Final = Phase.PLAY
_ROB: Final = Phase.ROB


class Deal(Value):
    """The constants of one deal, shared by every state of the deal (internal).

    Built from the option tables and the cards drawn; it derives the
    hands dealt, the turn-up, and the decisions of the rules for this trump suit: the
    following decision of every led card (SF-15, SF-16) and every seat's rob decision
    (SF-10 to SF-13). The engine reads its private slots; states show the public facts.
    """

    __slots__ = (
        "_dealer", "_deck", "_drawn", "_eldest", "_first_seed", "_following", "_held",
        "_holder", "_n", "_number", "_past", "_robs", "_rules", "_seed", "_set_aside",
        "_table", "_trump", "_turn_up",
    )  # fmt: skip

    def __init__(
        self,
        rules: OptionTables,
        *,
        dealer: int,
        number: int,
        seed: int,
        deck: tuple[Card, ...] | None,
        drawn: tuple[Card, ...],
        first_seed: int,
        past: Log[DealHistory[Action]],
        set_aside: tuple[Card, ...] = (),
    ) -> None:
        n = rules.players
        eldest = left_of(dealer, n)  # the eldest hand: the dealer's left neighbour
        self._rules = rules
        self._n = n
        self._dealer = dealer
        self._eldest = eldest
        self._number = number
        self._seed = seed
        self._deck = deck
        self._drawn = drawn
        self._first_seed = first_seed
        self._past = past
        self._set_aside = set_aside
        self._turn_up = turn_up = drawn[5 * n + len(set_aside)]
        turned: int = turn_up  # a card is its index (its place in FULL_PACK)
        suit = PRINTED_SUIT[turned]
        self._table = table = rules._tables[suit]
        self._trump = table._trump
        self._following = rules._following[suit]
        ace = table._ace  # dealt to a seat, unless it is the turn-up or still in the pack
        holder = None
        held = []
        plays = operator.itemgetter  # of five cards: a tuple of their Play actions
        actions = PLAYS
        for seat, get in enumerate(rules._getters[eldest]):
            hand = sorted(get(drawn))
            if holder is None and ace in hand:
                holder = seat
            held.append(plays(*hand)(actions))
        self._held = tuple(held)
        self._holder = holder
        self._robs = rules.rob_decisions(turn_up, dealer, holder)

    def fived(self, set_aside: tuple[Card, ...]) -> Deal:
        """The same deal after fiving set ``set_aside`` aside: a new turn-up (SF-9)."""
        return Deal(
            self._rules, dealer=self._dealer, number=self._number, seed=self._seed,
            deck=self._deck, drawn=self._drawn, first_seed=self._first_seed, past=self._past,
            set_aside=set_aside,
        )  # fmt: skip

    @property
    def rules(self) -> OptionTables:
        """The option tables."""
        return self._rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def number(self) -> int:
        """Deals played before this one in the session."""
        return self._number

    def _key(self) -> tuple[object, ...]:
        return (
            self._rules.options, self._dealer, self._number, self._seed, self._deck,
            self._drawn, self._first_seed, log_items(self._past), self._set_aside,
        )  # fmt: skip

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle through the constructor, the session history flattened (no recursion)."""
        return (
            _restore_deal,
            (
                self._rules, self._dealer, self._number, self._seed, self._deck,
                self._drawn, self._first_seed, log_items(self._past), self._set_aside,
            ),
        )  # fmt: skip


def _restore_deal(
    rules: OptionTables,
    dealer: int,
    number: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    drawn: tuple[Card, ...],
    first_seed: int,
    past: tuple[DealHistory[Action], ...],
    set_aside: tuple[Card, ...],
) -> Deal:
    """Rebuild a pickled :class:`Deal`."""
    return Deal(
        rules, dealer=dealer, number=number, seed=seed, deck=deck, drawn=drawn,
        first_seed=first_seed, past=relink(past), set_aside=set_aside,
    )  # fmt: skip


class Board(Value):
    """Facts of a deal that change only a few times: counters, robbing, jinking, result.

    A new deal starts from ``Board(pool, balances, scores)``; each change returns a new
    board (the engine's steps build them through the methods below).
    """

    __slots__ = (
        "_balances", "_barred", "_dealer_robbed", "_discards", "_events", "_five_declined",
        "_jinker", "_pool", "_scores", "_settled", "_taker",
    )  # fmt: skip

    def __init__(self, pool: int, balances: tuple[int, ...], scores: tuple[int, ...]) -> None:
        self._pool = pool
        self._balances = balances
        self._scores = scores
        self._taker: int | None = None
        self._dealer_robbed = False
        self._discards: tuple[tuple[int, Card], ...] = ()
        self._barred: tuple[int, ...] = ()
        self._events: tuple[Event, ...] = ()
        self._five_declined: tuple[int, ...] = ()
        self._jinker: int | None = None
        self._settled: Settled | None = None

    @property
    def pool(self) -> int:
        """Counters in the pool."""
        return self._pool

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's counters won minus paid since the game began."""
        return self._balances

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat in a points game (partners share their side's score)."""
        return self._scores

    @property
    def outcome(self) -> Outcome | None:
        """The settlement once the deal is over."""
        settled = self._settled
        return None if settled is None else settled.outcome()

    def _copy(self) -> Board:
        board = Board(self._pool, self._balances, self._scores)
        board._taker = self._taker
        board._dealer_robbed = self._dealer_robbed
        board._discards = self._discards
        board._barred = self._barred
        board._events = self._events
        board._five_declined = self._five_declined
        board._jinker = self._jinker
        board._settled = self._settled
        return board

    def noting(self, event: Event) -> Board:
        """This board with ``event`` added."""
        board = self._copy()
        board._events = self._events + (event,)  # noqa: RUF005 (one tuple; unpacking lists first)
        return board

    def robbed(self, event: Event, *, taken: bool, barred: bool) -> Board:
        """After a rob: the discard face down, the turn-up taken or claimed.

        The dealer of a turned ace claims it for later (``taken`` false); a false rob
        bars the robber.
        """
        assert event.card is not None
        board = self.noting(event)
        board._discards = (*self._discards, (event.seat, event.card))
        if taken:
            board._taker = event.seat
        else:
            board._dealer_robbed = True
        if barred:
            board._barred = tuple(sorted((*self._barred, event.seat)))
        return board

    def passed(self, seat: int, event: Event | None, *, barred: bool) -> Board:
        """After ``seat`` let his rob pass: the event recorded, if any, and his bar."""
        board = self.noting(event) if event is not None else self._copy()
        if barred:
            board._barred = tuple(sorted((*self._barred, seat)))
        return board

    def taking(self, event: Event) -> Board:
        """After the robbing dealer's turned ace joined his hand (SF-10)."""
        board = self.noting(event)
        board._taker = event.seat
        return board

    def declining_five(self, event: Event) -> Board:
        """After an opponent of the dealer declined to ask for fiving (SF-9)."""
        board = self.noting(event)
        board._five_declined = (*self._five_declined, event.seat)
        return board

    def jinking(self, side: int, event: Event) -> Board:
        """After the winner of the first three tricks went on for a jink (SF-21)."""
        board = self.noting(event)
        board._jinker = side
        return board

    def scoring(self, scores: tuple[int, ...]) -> Board:
        """With the points scores changed (SF-24)."""
        board = self._copy()
        board._scores = scores
        return board

    def settled(self, pool: int, balances: tuple[int, ...], settled: Settled) -> Board:
        """The board of a settled hand."""
        board = self._copy()
        board._pool = pool
        board._balances = balances
        board._settled = settled
        return board

    def _key(self) -> tuple[object, ...]:
        return (
            self._pool, self._balances, self._scores, self._taker, self._dealer_robbed,
            self._discards, self._barred, self._events, self._five_declined, self._jinker,
            self._settled,
        )  # fmt: skip

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as the constructor's values and the changes since (the public outcome)."""
        return (
            _restore_board,
            (
                self._pool, self._balances, self._scores, self._taker, self._dealer_robbed,
                self._discards, self._barred, self._events, self._five_declined,
                self._jinker, self.outcome,
            ),
        )  # fmt: skip


def _restore_board(
    pool: int,
    balances: tuple[int, ...],
    scores: tuple[int, ...],
    taker: int | None,
    dealer_robbed: bool,
    discards: tuple[tuple[int, Card], ...],
    barred: tuple[int, ...],
    events: tuple[Event, ...],
    five_declined: tuple[int, ...],
    jinker: int | None,
    outcome: Outcome | None,
) -> Board:
    """Rebuild a pickled :class:`Board`."""
    board = Board(pool, balances, scores)
    board._taker = taker
    board._dealer_robbed = dealer_robbed
    board._discards = discards
    board._barred = barred
    board._events = events
    board._five_declined = five_declined
    board._jinker = jinker
    board._settled = None if outcome is None else settled_as(outcome)
    return board


class Decision(_Decision):
    """The decision a Spoil Five state waits for (internal).

    Made by the function of the rule family that asks it: fiving (SF-9,
    :func:`~cardrules.spoil_five.fiving.fiving_decision`), robbing (SF-10, SF-11,
    :func:`~cardrules.spoil_five.robbing.rob_choice`), playing to a trick (SF-14 to SF-16,
    :class:`PlayDecision`), jinking (SF-21,
    :class:`~cardrules.spoil_five.settlement.JinkDecision`), or the end of the deal
    (:class:`DealOver`). It says who decides, between which actions, and its phase; the
    refusal of anything else is its rule family's (see
    :func:`cardrules.spoil_five.refusals.refusal`).
    """

    __slots__ = ()

    @property
    def phase(self) -> Phase:
        """What kind of decision this is."""
        raise NotImplementedError

    @property
    def window(self) -> Message | None:
        """Whether the turn-up may be robbed now (None) or why not; None away from play."""
        return None


class PhasedDecision(Decision):
    """A decision of one of two phases, set by the rule that makes it (fiving, robbing)."""

    __slots__ = ("_phase",)

    def __init__(self, seat: int, legal: tuple[Action, ...], phase: Phase) -> None:
        self._seat = seat
        self._legal = legal
        self._phase = phase

    def _key(self) -> tuple[object, ...]:
        return (self._seat, self._legal, self._phase)

    @property
    def phase(self) -> Phase:
        """The phase the rule set."""
        return self._phase


class PlayDecision(Decision):
    """The player on turn plays to the trick (SF-14 to SF-16), his rob perhaps beside.

    ``legal`` is his plays (any card to lead, else the led card's following decision)
    and, at his first turn in the first trick while the turn-up is on the table, the
    ``Rob`` actions his rob decision offers beside them (SF-11, SF-12). ``window`` is
    whether the turn-up may still be robbed at this decision (see
    :func:`~cardrules.spoil_five.robbing.turn_up_window`), carried from play to play.
    """

    __slots__ = ("_window",)

    def __init__(self, seat: int, legal: tuple[Action, ...], window: Message | None) -> None:
        self._seat = seat
        self._legal = legal
        self._window = window

    def _key(self) -> tuple[object, ...]:
        return (self._seat, self._legal, self._window)

    @property
    def phase(self) -> Phase:
        """``Phase.PLAY``."""
        return _PLAY

    @property
    def window(self) -> Message | None:
        """None while the turn-up may be robbed, else the refusal of a rob now (SF-11)."""
        return self._window


class DealOver(Decision):
    """No decision: the deal is settled (``DEAL_OVER``), or a points game won (``GAME_OVER``)."""

    __slots__ = ("_phase",)

    def __init__(self, phase: Phase) -> None:
        self._seat = None
        self._legal = ()
        self._phase = phase

    def _key(self) -> tuple[object, ...]:
        return (self._phase,)

    @property
    def phase(self) -> Phase:
        """``DEAL_OVER`` or ``GAME_OVER``."""
        return self._phase


DEAL_OVER: Final = DealOver(Phase.DEAL_OVER)
"""The state of a settled deal waits for nothing (call ``next_deal``)."""
GAME_OVER: Final = DealOver(Phase.GAME_OVER)
"""The state of a won points game waits for nothing (SF-24)."""


class State(Position):
    """A Spoil Five session at one moment: the current deal and the counters so far.

    Every field is a read-only property; states compare, hash and pickle by value.

    Built as the state where ``seat`` is to play to the trick, choosing among ``legal``
    (:class:`PlayDecision`, ``window`` its say on robbing), or, with ``asked``, the state
    waiting on that other decision (see :func:`waiting`). A play's decision value is
    built when read (:attr:`decision`), not at every step.
    """

    __slots__ = (
        "_asked", "_board", "_deal", "_held", "_log", "_trick", "_tricks", "_window", "_won",
    )  # fmt: skip

    def __init__(
        self,
        deal: Deal,
        board: Board,
        held: Held,
        seat: int | None,
        legal: tuple[Action, ...],
        window: Message | None,
        trick: tuple[Card, ...],
        tricks: tuple[Taken, ...],
        won: tuple[int, ...],
        log: Log[Action],
        asked: Decision | None = None,
    ) -> None:
        self._deal = deal
        self._board = board
        self._held = held
        self._seat = seat
        self._legal = legal
        self._window = window
        self._asked = asked
        self._trick = trick
        self._tricks = tricks
        self._won = won
        self._log = log

    def _key(self) -> tuple[object, ...]:
        return (
            self._deal, self._board, self._held, self.decision, self._trick, self._tricks,
            self._won, log_items(self._log),
        )  # fmt: skip

    def __repr__(self) -> str:
        """One line: the deal, the pool, the trumps, the phase, who acts (see ``print``)."""
        trumps = f"{self._deal._trump.name.lower()} trumps"
        return brief(
            "spoil_five.State", seat=None, deal=self.deal_number, pool=self.pool,
            details=(trumps,), phase=self.phase.value, to_act=self._seat,
        )  # fmt: skip

    def __str__(self) -> str:
        """The table as text, every hand shown: ``print(state)`` (see ``cardrules._text``)."""
        from cardrules._text import draw

        return draw(self)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle through the constructor, the action log flattened (no recursion)."""
        return (
            _restore_state,
            (
                self._deal, self._board, self._held, self.decision, self._trick,
                self._tricks, self._won, log_items(self._log),
            ),
        )  # fmt: skip

    def _repr_svg_(self) -> str:
        """The whole table as SVG, every hand face up, so Jupyter shows a state.

        A state is the full truth (see :func:`cardrules.svg.table`); show players their
        views instead.

        >>> from cardrules.spoil_five import new_game
        >>> new_game(seed=3)._repr_svg_().startswith("<svg")
        True
        """
        from cardrules.svg import table

        return table(self)

    @property
    def decision(self) -> Decision:
        """The decision this state waits on (internal: see ``cardrules._engine``)."""
        asked = self._asked
        if asked is None:  # a play to the trick: its decision made from the slots
            return PlayDecision(cast(int, self._seat), self._legal, self._window)
        return asked

    @property
    def phase(self) -> Phase:
        """What kind of decision is pending."""
        asked = self._asked
        return _PLAY if asked is None else asked.phase

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is pending, or None once the deal is over."""
        return self._seat

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, sorted (full information: never show it to players)."""
        return tuple([tuple([play.card for play in hand]) for hand in self._held])

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order."""
        return self._trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this deal."""
        return tuple(map(Taken.trick, self._tricks))

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken by each seat in this deal."""
        return self._won

    @property
    def options(self) -> Options:
        """The options of the game."""
        return self._deal._rules.options

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self._deal._dealer

    @property
    def eldest(self) -> int:
        """The eldest hand of the current deal (the dealer's left neighbour)."""
        return self._deal._eldest

    @property
    def deal_number(self) -> int:
        """Deals played before the current one in the session."""
        return self._deal._number

    @property
    def trump(self) -> Suit:
        """The trump suit of the current deal."""
        return self._deal._trump

    @property
    def turn_up(self) -> Card:
        """The card turned up for trumps (after fiving, the new one)."""
        return self._deal._turn_up

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The cards set aside face up by fiving (SF-9), in order."""
        return self._deal._set_aside

    @property
    def pool(self) -> int:
        """Counters in the pool."""
        return self._board._pool

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's counters won minus counters paid since the game began."""
        return self._board._balances

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat in a points game (SF-24); zeros in a pool game."""
        return self._board._scores

    @property
    def barred(self) -> tuple[int, ...]:
        """Seats barred from winning this hand (SF-12, SF-13; full information)."""
        return self._board._barred

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the deal (full information: views redact them)."""
        return self._board._events

    @property
    def outcome(self) -> Outcome | None:
        """The settlement of the current deal once it is over, else None."""
        return self._board.outcome

    @property
    def leader(self) -> int | None:
        """The seat that led (or is to lead) the trick in progress, or None."""
        seat = self._seat
        if seat is None or self.phase not in (_PLAY, _ROB):
            return None
        return (seat - len(self._trick)) % self._deal._n

    @property
    def discards(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` for every face-down rob discard (hidden information)."""
        return self._board._discards

    @property
    def turn_up_on_table(self) -> bool:
        """Whether the turn-up is still on the table (not taken into a hand, not fived)."""
        return self._board._taker is None

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards never dealt nor turned: in pack order if known, else sorted."""
        deal = self._deal
        drawn = deal._drawn
        if len(drawn) == 52:
            return drawn[deal._n * 5 + 1 + len(deal._set_aside) :]
        used = set(drawn)
        return tuple(card for card in FULL_PACK if card not in used)


def _restore_state(
    deal: Deal,
    board: Board,
    held: Held,
    decision: Decision,
    trick: tuple[Card, ...],
    tricks: tuple[Taken | Trick, ...],
    won: tuple[int, ...],
    log: tuple[Action, ...],
) -> State:
    """Rebuild a pickled :class:`State` (earlier versions pickled its tricks as ``Trick``)."""
    taken = tuple(Taken(t.leader, t.cards, t.winner) if isinstance(t, Trick) else t for t in tricks)
    return waiting(deal, board, held, decision, trick, taken, won, relink(log))


def waiting(
    deal: Deal,
    board: Board,
    held: Held,
    decision: Decision,
    trick: tuple[Card, ...],
    tricks: tuple[Taken, ...],
    won: tuple[int, ...],
    log: Log[Action],
) -> State:
    """The state that waits on ``decision``, of any kind (a play's kept as its parts)."""
    seat = decision._seat
    if isinstance(decision, PlayDecision):
        window = decision._window
        return State(deal, board, held, seat, decision._legal, window, trick, tricks, won, log)
    return State(deal, board, held, seat, decision._legal, None, trick, tricks, won, log, decision)

"""How a deal stops: the round limit and the agreement to abandon (MBS-13), and settlement.

:func:`turn_start` says, as each turn begins, whether the round limit voids the deal or
the table may agree to abandon it at the turn's first decision. :func:`settle` pays out
a finished deal into its :class:`DealOver` decision, which refuses every action.

>>> from cardrules.my_bird_sings.options import Options
>>> options = Options(players=3, round_limit=2)
>>> [turn_start(options, turn).name for turn in (2, 3, 4, 6)]
['GO_ON', 'OFFER_ABANDON', 'GO_ON', 'VOID']
"""

from __future__ import annotations

import enum
import operator
from typing import TYPE_CHECKING, Final

from cardrules._shuffle import derived_index
from cardrules.history import Log
from cardrules.messages import Message, message
from cardrules.my_bird_sings.actions import Action
from cardrules.my_bird_sings.combinations import SUIT_KEY, sets_of
from cardrules.my_bird_sings.options import Options
from cardrules.my_bird_sings.state import (
    NO_STEP,
    Board,
    Deal,
    Decision,
    Event,
    Hands,
    Known,
    Outcome,
    OutcomeKind,
    Phase,
    State,
)
from cardrules.stakes import split_pool

if TYPE_CHECKING:
    from cardrules.cards import Card

__all__ = [
    "DealOver",
    "Start",
    "abandon_refusal",
    "over_refusal",
    "settle",
    "shown_set",
    "turn_start",
]


class Start(enum.Enum):
    """What MBS-13 says as a turn begins."""

    GO_ON = "go_on"
    """Nothing: the turn is played."""
    OFFER_ABANDON = "offer_abandon"
    """A round after the first begins: ``Abandon()`` comes last at the turn's first decision."""
    VOID = "void"
    """The round limit is reached: the deal is void."""


_GO_ON: Final = Start.GO_ON  # enum members read once: a class attribute look-up costs a call
_OFFER_ABANDON: Final = Start.OFFER_ABANDON
_VOID: Final = Start.VOID
_SHOWN_LABEL: Final = 0x5348  # derive_seed label of the shown set's draw


def turn_start(options: Options, turn: int) -> Start:
    """What happens as turn ``turn`` begins (turns counted from 0, MBS-7).

    Implements MBS-13: with ``round_limit=R`` the deal is void when turn ``R × players``
    would begin. The players may also agree to stop, and the engine's reading of D-11 is
    that a table agrees to that between rounds, once it has seen a round go by without a
    bird singing: ``Abandon()`` is offered at exactly one decision per round after the
    first, the first decision of turn ``t`` with ``t`` a multiple of ``players`` and
    ``t >= players`` (the original leader's turn), before anything else is done in that
    turn. Whoever makes that decision holds the offer: the leader himself (his sing choice,
    exchange or pass) or, with ``draw_blind`` passing and nothing else to decide, his left
    neighbour about to draw. A void or abandoned deal leaves the pool for the next deal
    (:func:`settle`). ``OptionTables.starts`` tables the answer for the first rounds.
    """
    n = options.players
    limit = options.round_limit
    if limit is not None and turn >= limit * n:
        return _VOID
    if turn >= n and turn % n == 0:
        return _OFFER_ABANDON
    return _GO_ON


def abandon_refusal(options: Options, turn: int, action: object) -> Message:
    """Why ``Abandon()`` is refused at a decision of turn ``turn`` that does not offer it.

    The chances are those :func:`turn_start` gives (see MBS-13); the next one is named.
    """
    if turn_start(options, turn) is Start.OFFER_ABANDON:
        reason = "abandon-taken"
    else:
        reason = "abandon-no-round"
    # The next round begins within one round from now (where a round limit may void it).
    following = next(
        later
        for later in range(turn + 1, turn + 1 + options.players)
        if turn_start(options, later) is not Start.GO_ON
    )
    return message(f"my-bird-sings.refusal.{reason}", "MBS-13", turn=following)


class DealOver(Decision):
    """The decision of a finished deal: nobody decides, every action is refused.

    It holds the settlement; :attr:`outcome` presents it as the public :class:`Outcome`
    (built on first use: a playout that only plays on never needs it). When the engine
    sang for the bird, the set it shows is drawn on first use too (:attr:`shown`), from
    the singer's holding and the deal's seed and turn, so it is the same whenever it is
    read.
    """

    __slots__ = (
        "_carried",
        "_deal",
        "_holding",
        "_kind",
        "_outcome",
        "_payouts",
        "_shown",
        "_singer",
        "_tricks",
        "_turn",
        "_winners",
    )
    phase = Phase.OVER

    def __init__(
        self,
        kind: OutcomeKind,
        winners: tuple[int, ...],
        payouts: tuple[int, ...],
        carried: int,
        singer: int | None,
        shown: tuple[Card, ...] | None,
        tricks: tuple[int, ...],
        deal: Deal | None = None,
        turn: int = 0,
        holding: tuple[Card, ...] = (),
    ) -> None:
        self._seat = None
        self._legal = ()
        self._step = NO_STEP
        self._kind = kind
        self._winners = winners
        self._payouts = payouts
        self._carried = carried
        self._singer = singer
        self._shown = shown
        self._tricks = tricks
        self._deal = deal
        self._turn = turn
        self._holding = holding
        self._outcome: Outcome | None = None

    def _key(self) -> tuple[object, ...]:
        return (
            self._kind,
            self._winners,
            self._payouts,
            self._carried,
            self._singer,
            self.shown,
            self._tricks,
        )

    @classmethod
    def of(cls, outcome: Outcome) -> DealOver:
        """The finished deal that ``outcome`` settled."""
        return cls(
            kind=outcome.kind,
            winners=outcome.winners,
            payouts=outcome.payouts,
            carried=outcome.carried,
            singer=outcome.singer,
            shown=outcome.shown,
            tricks=outcome.tricks,
        )

    @property
    def shown(self) -> tuple[Card, ...]:
        """The singing set the singer showed (MBS-12); ``()`` when no bird sang."""
        shown = self._shown
        if shown is None:  # the engine sang for the bird: draw the set it shows
            deal = self._deal
            assert deal is not None  # given with every shown set left to draw
            rules = deal._rules
            holding = self._holding
            key = 0
            for card in holding:
                key += SUIT_KEY[card]
            sets = sets_of(holding, key, rules._hand_size, rules._keys)
            shown = self._shown = shown_set(deal, self._turn, sets)
        return shown

    @property
    def outcome(self) -> Outcome:
        """The settlement as the public :class:`Outcome`."""
        outcome = self._outcome
        if outcome is None:
            outcome = self._outcome = Outcome(
                kind=self._kind,
                winners=self._winners,
                payouts=self._payouts,
                carried=self._carried,
                singer=self._singer,
                shown=self.shown,
                tricks=self._tricks,
            )
        return outcome


def shown_set(deal: Deal, turn: int, sets: tuple[tuple[Card, ...], ...]) -> tuple[Card, ...]:
    """The singing set a bird shows when the engine sings for it (MBS-12).

    A holding of one card more than a hand may sing with several sets (a five-card flush,
    or two cards of one suit beside the other three suits). Which one is shown is drawn
    with the deal's own seed and the turn, the way a blind draw's order is (MBS-8), so the
    shown cards say nothing about the card that stays hidden: not its rank, nor when it
    arrived.
    """
    if len(sets) == 1:
        return sets[0]
    return sets[derived_index(deal._seed, (turn, _SHOWN_LABEL), len(sets), deal._legacy)]


def over_refusal(kind: OutcomeKind, action: object) -> Message:
    """The refusal of every action once a deal has ended by ``kind``, by the rule that ended it."""
    rule = {OutcomeKind.SANG: "MBS-12", OutcomeKind.EXHAUSTED: "MBS-15"}.get(kind, "MBS-13")
    return message("common.refusal.deal-over", rule)


def settle(
    deal: Deal,
    hands: Hands,
    turn: int,
    table: Board,
    log: Log[Action],
    events: Log[Event | Known],
    kind: OutcomeKind,
    singer: int | None = None,
    shown: tuple[Card, ...] | None = (),
) -> State:
    """Settle the deal that ended by ``kind``; return its final state.

    The singer takes the whole pool and shows ``shown`` (MBS-12), or, with ``shown=None``
    when the engine sings for him, one of the sets his holding sings with
    (:func:`shown_set`, drawn when it is first read); a void or abandoned deal
    carries the pool to the next one (MBS-13), except in the play-to-exhaustion variant,
    where the most tricks win it and tied leaders share it (MBS-15, D-12), the indivisible
    remainder going where ``split_remainder`` says (see C-5).
    """
    rules = deal._rules
    n = rules._players
    pool = table._pool
    tricks = table._tricks
    balances = list(table._balances)
    if singer is not None:
        winners: tuple[int, ...] = (singer,)
        paid = [0] * n
        paid[singer] = pool
        balances[singer] += pool
        payouts = tuple(paid)
        carried = 0
    else:
        options = rules._options
        if options.play_to_exhaustion:
            best = max(tricks)
            winners = tuple(seat for seat in range(n) if best and tricks[seat] == best)
            payouts, carried = split_pool(
                pool, winners, players=n, dealer=deal.dealer, remainder=options.split_remainder
            )
        else:
            winners, payouts, carried = (), (0,) * n, pool
        balances = list(map(operator.add, balances, payouts))
    holding = hands[singer] if shown is None and singer is not None else ()
    over = DealOver(kind, winners, payouts, carried, singer, shown, tricks, deal, turn, holding)
    return State(
        deal, hands, turn, over, table.with_counters(carried, tuple(balances)), log, events
    )

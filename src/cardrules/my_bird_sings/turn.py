"""A turn of My Bird Sings (MBS-9): receive, sing check, exchange, pass.

:func:`play_turn` plays a turn on to its next decision: from its start (where the round
limit and the abandon offer of MBS-13 come first), or from any sing check in it.

>>> from cardrules.my_bird_sings import Options, apply_action, legal_actions, new_game
>>> state = new_game(Options(players=3), seed=2)
>>> state = apply_action(state, legal_actions(state)[0])
>>> state.turn, state.on_turn, len(state.hands[2])
(1, 2, 5)
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Card
from cardrules.errors import IllegalActionError
from cardrules.history import Log
from cardrules.my_bird_sings.actions import (
    ABANDON,
    DECLINE_SING,
    Action,
    DeclineSing,
    Sing,
)
from cardrules.my_bird_sings.combinations import SUIT_KEY, not_singing, sets_of
from cardrules.my_bird_sings.ending import Start, settle, turn_start
from cardrules.my_bird_sings.exchange import ExchangeDecision, exchange_chance
from cardrules.my_bird_sings.options import Options, SingTiming
from cardrules.my_bird_sings.passing import pass_decision
from cardrules.my_bird_sings.state import (
    Deal,
    Decision,
    Event,
    Hands,
    Known,
    OutcomeKind,
    Phase,
    State,
    Table,
)
from cardrules.my_bird_sings.tricks import lay_trick

__all__ = [
    "SingDecision",
    "no_sing_waiting",
    "play_turn",
    "silent_holdings",
    "sing_decision",
]

# Enum members read once: a class attribute look-up costs a call on the hot path.
_ANY_AFTER_DEAL: Final = SingTiming.ANY_AFTER_DEAL
_VOID: Final = Start.VOID
_OFFER_ABANDON: Final = Start.OFFER_ABANDON
_SANG: Final = OutcomeKind.SANG
_EXHAUSTED: Final = OutcomeKind.EXHAUSTED
_ROUND_LIMIT: Final = OutcomeKind.ROUND_LIMIT


class SingDecision(Decision):
    """A checked holding sings and its owner chooses (MBS-9, MBS-12, MBS-15).

    Offered with ``auto_sing=False`` (sing or keep silent, D-5) and, in the play-to-
    exhaustion variant, when several sets sing. ``pre`` is the after-deal check it belongs
    to (``sing_timing="any_after_deal"``: the seat ``pre`` places after the eldest hand,
    D-6), 0 at the player on turn's own checks.
    """

    __slots__ = ("_pre",)
    phase = Phase.SING

    def __init__(self, seat: int, legal: tuple[Action, ...], exchanged: bool, pre: int) -> None:
        self._seat = seat
        self._legal = legal
        self._exchanged = exchanged
        self._pre = pre

    def _key(self) -> tuple[object, ...]:
        return (self._seat, self._legal, self._exchanged, self._pre)

    @property
    def pre(self) -> int:
        """The after-deal check this decision belongs to (0 at the player on turn's checks)."""
        return self._pre

    def refusal(self, state: State, action: object) -> IllegalActionError:
        """A set that is not held or does not sing, a silence not allowed, or anything else."""
        seat = self._seat
        if type(action) is Sing:
            hand = state.hands[seat] if seat is not None else ()
            if not all(card in hand for card in action.cards):
                return IllegalActionError(action, "MBS-12", "you do not hold all of these cards")
            rule, reason = not_singing(state.options, action.cards)
            return IllegalActionError(action, rule, reason)
        if type(action) is DeclineSing:
            return IllegalActionError(
                action, "MBS-9", "singing is automatic and compulsory (auto_sing is on)"
            )
        return IllegalActionError(
            action, "MBS-9", f"seat {seat}'s holding sings; seat {seat} must sing first"
        )


def sing_decision(
    options: Options,
    seat: int,
    sets: tuple[tuple[Card, ...], ...],
    pre: int,
    exchanged: bool,
    abandon: bool,
) -> SingDecision:
    """The decision of ``seat``, whose checked holding sings with ``sets`` (see MBS-9).

    One ``Sing`` per singing set, then ``DeclineSing()`` if singing is not automatic
    (D-5), then ``Abandon()`` if MBS-13 offers it here.
    """
    legal: tuple[Action, ...] = tuple([Sing(cards) for cards in sets])
    if not options.auto_sing:
        legal += (DECLINE_SING,)
    if abandon:
        legal += (ABANDON,)
    return SingDecision(seat, legal, exchanged, pre)


def no_sing_waiting(action: Sing | DeclineSing) -> IllegalActionError:
    """The refusal of a sing, or of keeping silent, where no singing holding waits (MBS-9)."""
    if type(action) is Sing:
        reason = (
            "a bird sings only when its owner's holding is checked, and no holding that "
            "sings is waiting for a decision"
        )
    else:
        reason = "no holding that sings is waiting for a decision"
    return IllegalActionError(action, "MBS-9", reason)


def play_turn(
    deal: Deal,
    hands: Hands,
    turn: int,
    table: Table,
    log: Log[Action],
    events: Log[Event | Known],
    *,
    begins: bool = True,
    pre: int = 0,
    exchanged: bool = False,
    check: bool = True,
    abandon: bool = False,
) -> State:
    """Play turn ``turn`` on to its next decision, from a sing check (``check``) or after one.

    Implements MBS-9 and MBS-12. A turn is: (1) the player on turn receives the card
    passed to him (already in his hand, see MBS-10); (2) his holding is checked, and if it
    sings his bird sings; (3) if an exchange is open to him (MBS-11) he exchanges or
    declines, and after an exchange his holding is checked again; (4) he passes (MBS-8).
    Only the player on turn is checked, so a player dealt a singing hand waits for his
    turn, and a player before him may sing first; with ``sing_timing="any_after_deal"``
    every dealt hand is checked before turn 0 goes on, from the eldest hand round to the
    dealer (``pre`` places after him; D-6).

    The first bird to sing wins the whole pool and shows its singing cards, which are
    public in every seat's view (MBS-12): the engine sings for the player and shows the
    first singing set in the order his cards arrived, or, with ``auto_sing=False``, he
    chooses to sing or keep silent (D-5). In the play-to-exhaustion variant the bird lays
    a trick instead (MBS-15), choosing the set if several sing, and his new holding is
    checked again.

    By default the turn begins here, and MBS-13 speaks first: the round limit may void the
    deal, or the turn's first decision may offer ``Abandon()``. With ``begins=False`` the
    turn goes on from a check in it (``pre``; ``check=False``: just after it), and
    ``abandon`` and ``exchanged`` say whether its next decision offers ``Abandon()`` and
    whether the player on turn has exchanged in this turn.
    """
    rules = deal._rules
    if begins:
        starts = rules.starts  # MBS-13's turn_start, tabled for the first rounds
        start = starts[turn] if turn < len(starts) else turn_start(rules.options, turn)
        if start is _VOID:
            return settle(deal, hands, turn, table, log, events, _ROUND_LIMIT)
        abandon = start is _OFFER_ABANDON
    keys = rules.keys
    order = deal._order
    seat = order[turn % len(order)]  # the seat on turn (MBS-7's table)
    while True:
        if check:
            checked = deal.on_turn(turn + pre) if pre else seat  # pre: after-deal checks
            hand = hands[checked]
            key = 0
            for card in hand:
                key += SUIT_KEY[card]
            if key in keys:  # the bird sings
                options = rules.options
                if options.auto_sing and not options.play_to_exhaustion:  # it sings: it wins
                    shown = sets_of(hand, key, rules.hand_size, keys, 1)[0]
                    return settle(deal, hands, turn, table, log, events, _SANG, checked, shown)
                sets = sets_of(hand, key, rules.hand_size, keys)
                if options.auto_sing and len(sets) == 1:  # play to exhaustion: a trick
                    hands, table, events, ended = lay_trick(
                        deal, hands, turn, checked, sets[0], table, events
                    )
                    if ended:
                        return settle(deal, hands, turn, table, log, events, _EXHAUSTED)
                    continue  # his new holding is checked again
                decision: Decision = sing_decision(options, checked, sets, pre, exchanged, abandon)
                return State(deal, hands, turn, decision, table, log, events)
        if turn == 0 and pre < rules.players - 1 and rules.options.sing_timing is _ANY_AFTER_DEAL:
            pre += 1  # the next after-deal check
            check = True
            continue
        break
    hand = hands[seat]
    if turn >= rules.exchange_from:  # before it the exchange rule is closed (see MBS-11)
        chance = exchange_chance(deal, hand, seat, turn, table, exchanged, abandon)
        if type(chance) is ExchangeDecision:
            return State(deal, hands, turn, chance, table, log, events)
    decision = pass_decision(deal, hand, seat, turn, exchanged, abandon)
    return State(deal, hands, turn, decision, table, log, events)


def silent_holdings(
    deal: Deal, turn: int, phase: Phase, to_act: int | None, viewer: int
) -> tuple[list[int], int | None]:
    """What the sing checks of MBS-9 reveal of hidden hands, for sampling.

    Returns the seats (other than ``viewer``) whose holdings cannot sing now, and the seat
    whose holding must sing (a pending sing decision), if any. With automatic singing a
    holding that was checked and has not received a card since is silent, as the deal
    would have ended otherwise: every seat whose turn has come (it is checked when it
    receives), and with ``any_after_deal`` every dealt hand once the after-deal checks are
    done.
    """
    options = deal.options
    n = options.players
    must_sing = to_act if phase is Phase.SING else None
    if not options.auto_sing or phase is Phase.OVER:
        return [], must_sing
    after_deal = options.sing_timing is _ANY_AFTER_DEAL and (turn > 0 or phase is not Phase.SING)
    checked = {deal.on_turn(earlier) for earlier in range(min(turn, n - 1) + 1)}
    silent = [
        seat
        for seat in range(n)
        if seat not in (viewer, must_sing) and (after_deal or seat in checked)
    ]
    return silent, must_sing

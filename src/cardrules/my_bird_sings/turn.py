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

from typing import Final, cast

from cardrules.cards import Card
from cardrules.history import Log
from cardrules.messages import Message, message
from cardrules.my_bird_sings.actions import (
    ABANDON,
    DECLINE_SING,
    Action,
    DeclineSing,
    Sing,
)
from cardrules.my_bird_sings.combinations import SUIT_KEY, not_singing, sets_of
from cardrules.my_bird_sings.exchange import ExchangeDecision, exchange_chance
from cardrules.my_bird_sings.options import Options, Passing, SingTiming
from cardrules.my_bird_sings.passing import pass_decision, throw_decision
from cardrules.my_bird_sings.settlement import Start, settle, shown_set, turn_start
from cardrules.my_bird_sings.state import (
    NO_STEP,
    Board,
    Deal,
    Decision,
    Event,
    Hands,
    Known,
    OutcomeKind,
    Phase,
    State,
    TurnStep,
)

__all__ = [
    "SingDecision",
    "declaration",
    "no_sing_waiting",
    "ordinary_decision",
    "pending_decision",
    "plain_turn",
    "plain_until",
    "play_turn",
    "shown_set",
    "silent_holdings",
    "sing_decision",
    "sing_refusal",
]

_P: Final = "my-bird-sings.refusal."

# Enum members read once: a class attribute look-up costs a call on the hot path.
_ANY_AFTER_DEAL: Final = SingTiming.ANY_AFTER_DEAL
_VOID: Final = Start.VOID
_THROW: Final = Passing.THROW
_OFFER_STEP: Final = TurnStep(0, False, False, True)  # a turn's first decision, Abandon() offered
_OFFER_ABANDON: Final = Start.OFFER_ABANDON
_SANG: Final = OutcomeKind.SANG
_ROUND_LIMIT: Final = OutcomeKind.ROUND_LIMIT


class SingDecision(Decision):
    """A checked holding is declared by its owner (MBS-9, MBS-12, MBS-15).

    With ``auto_sing=False`` (D-5) the owner sings or keeps silent; this decision comes at
    every after-deal check (``sing_timing="any_after_deal"``, D-6) and at the player on
    turn's checks when the pass that follows is not his to make (``draw_blind``), whether
    or not the holding sings, so that it shows nothing (see :func:`declaration`). In the
    play-to-exhaustion variant with automatic singing the bird chooses which singing set
    it lays as a trick. Its step's ``pre`` is the after-deal check it belongs to (the seat
    ``pre`` places after the eldest hand), 0 at the player on turn's own checks.
    """

    __slots__ = ()
    phase = Phase.SING

    @property
    def pre(self) -> int:
        """The after-deal check this decision belongs to (0 at the player on turn's checks)."""
        return self._step._pre


def sing_decision(
    options: Options, seat: int, sets: tuple[tuple[Card, ...], ...], step: TurnStep
) -> SingDecision:
    """The decision of ``seat``, whose checked holding sings with ``sets`` (see MBS-9).

    One ``Sing`` per singing set, then ``DeclineSing()`` if singing is not automatic
    (D-5), then ``Abandon()`` if MBS-13 offers it here (``step.abandon``).
    """
    legal: tuple[Action, ...] = tuple([Sing(cards) for cards in sets])
    if not options.auto_sing:
        legal += (DECLINE_SING,)
    if step._abandon:
        legal += (ABANDON,)
    return SingDecision(seat, legal, step)


def sing_refusal(options: Options, seat: int, hand: tuple[Card, ...], action: object) -> Message:
    """Why ``action`` is refused while ``seat``, holding ``hand``, must decide a sing (MBS-9).

    A set that is not held or does not sing (MBS-4 to MBS-6), a silence not allowed
    (D-5), or anything else: the sing comes first. With ``auto_sing=False`` the decision
    is a declaration that may come whether or not the holding sings (see
    :func:`declaration`), so its sentence does not say that it sings.
    """
    if type(action) is Sing:
        if not all(card in hand for card in action.cards):
            return message(_P + "not-all-held", "MBS-12")
        return not_singing(options, action.cards)
    if type(action) is DeclineSing:
        return message(_P + "sing-automatic", "MBS-9")
    if options.auto_sing:  # play to exhaustion: the sing itself is compulsory
        why = message(_P + "must-lay-set", "MBS-9", seat=seat)
    else:
        why = message(_P + "must-sing-or-silent", "MBS-9", seat=seat)
    return why


def no_sing_waiting(
    options: Options,
    seat: int,
    hand: tuple[Card, ...],
    offered: bool,
    action: Sing | DeclineSing,
) -> Message:
    """The refusal of a sing, or of keeping silent, away from a sing decision (MBS-9).

    ``seat`` decides now, holding ``hand``; ``offered`` says whether his decision offers
    sings beside its other actions (:func:`declaration`): then a sing is refused as a sing
    decision refuses it, and keeping silent needs no action.
    """
    if type(action) is Sing:
        if offered:
            return sing_refusal(options, seat, hand, action)
        why = message(_P + "sing-not-checked", "MBS-9")
    elif not options.auto_sing:
        why = message(_P + "nothing-to-decline", "MBS-9")
    else:
        why = message(_P + "no-sing-waiting", "MBS-9")
    return why


def play_turn(
    deal: Deal,
    hands: Hands,
    turn: int,
    table: Board,
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
    public in every seat's view (MBS-12): the engine sings for the player and shows one
    of his singing sets (:func:`shown_set`, drawn when first read), or, with
    ``auto_sing=False``, he chooses to sing or keep silent (D-5) at a decision that shows
    the table nothing (:func:`declaration`). In the play-to-exhaustion variant the bird
    lays a trick instead (MBS-15), choosing the set, and his new holding is checked again.

    By default the turn begins here, and MBS-13 speaks first: the round limit may void the
    deal, or the turn's first decision may offer ``Abandon()``. With ``begins=False`` the
    turn goes on from a check in it (``pre``; ``check=False``: just after it), and
    ``abandon`` and ``exchanged`` say whether its next decision offers ``Abandon()`` and
    whether the player on turn has exchanged in this turn.
    """
    rules = deal._rules
    if begins:
        starts = rules._starts  # MBS-13's turn_start, tabled for the first rounds
        start = starts[turn] if turn < len(starts) else turn_start(rules._options, turn)
        if start is _VOID:
            return settle(deal, hands, turn, table, log, events, _ROUND_LIMIT)
        abandon = start is _OFFER_ABANDON
    keys = rules._keys
    order = deal._order
    seat = order[turn % len(order)]  # the seat on turn (MBS-7's table)
    options = rules._options
    # The after-deal checks of D-6 come once, before turn 0's exchange: after it the
    # player on turn's holding is checked as on any turn, and a check declined in the
    # round stays lost (D-5).
    after_deal = turn == 0 and not exchanged and rules._after_deal_checks
    while True:
        if check:
            checked = deal.on_turn(turn + pre) if pre else seat  # pre: after-deal checks
            hand = hands[checked]
            numbers: tuple[int, ...] = hand  # a card is its number in the pack
            key = 0
            for number in numbers:
                key += SUIT_KEY[number]
            if rules._auto_sing:
                if key in keys:  # the bird sings
                    if not rules._to_exhaustion:  # it sings: it wins, and shows a set
                        return settle(deal, hands, turn, table, log, events, _SANG, checked, None)
                    sets = sets_of(hand, key, rules._hand_size, keys)
                    # Play to exhaustion: the bird must lay a trick and chooses the set, even
                    # from one, so that the pause says nothing of how many sets it holds.
                    step = TurnStep(pre, exchanged, False, abandon)
                    decision: Decision = sing_decision(options, checked, sets, step)
                    return State(deal, hands, turn, decision, table, log, events)
            else:  # declared singing (D-5): every check is a decision its owner takes
                sets = sets_of(hand, key, rules._hand_size, keys) if key in keys else ()
                step = TurnStep(pre, exchanged, True, abandon)
                if pre or after_deal:
                    decision = sing_decision(options, checked, sets, step)
                else:
                    ordinary = ordinary_decision(deal, hand, seat, turn, table, step)
                    decision = declaration(options, ordinary, seat, sets)
                return State(deal, hands, turn, decision, table, log, events)
        if after_deal and pre < rules._players - 1:
            pre += 1  # the next after-deal check
            check = True
            continue
        break
    # With no exchange behind it, the decision takes one of the shared steps.
    plain = _OFFER_STEP if abandon else NO_STEP
    step = TurnStep(0, True, False, abandon) if exchanged else plain
    decision = ordinary_decision(deal, hands[seat], seat, turn, table, step)
    return State(deal, hands, turn, decision, table, log, events)


def plain_until(options: Options, exchange_from: int, starts: tuple[Start, ...]) -> int:
    """The turn before which every later turn is a plain turn (see :func:`plain_turn`).

    A turn after the first is plain while the bird that sings wins (automatic singing, not
    the play-to-exhaustion variant: MBS-9, MBS-12), the player on turn throws his pass
    (MBS-8), no exchange is open yet (MBS-11) and MBS-13's turn starts are tabled and do
    not void the deal; 0 when the options have no plain turn.
    """
    if not options.auto_sing or options.play_to_exhaustion or options.passing is not _THROW:
        return 0
    until = min(exchange_from, len(starts))
    return min(until, starts.index(_VOID)) if _VOID in starts else until


def plain_turn(
    deal: Deal,
    hands: Hands,
    turn: int,
    seat: int,
    table: Board,
    log: Log[Action],
    events: Log[Event | Known],
) -> State:
    """Turn ``turn`` of ``seat``, a plain turn (before ``plain_until``), as :func:`play_turn`.

    Only the steps such a turn has: the holding of the player on turn is checked, and the
    bird that sings wins (MBS-9, MBS-12), or he throws his pass (MBS-8), ``Abandon()``
    last where MBS-13 offers it.
    """
    rules = deal._rules
    hand = hands[seat]
    numbers: tuple[int, ...] = hand  # a card is its number in the pack (a native index)
    key = 0
    for number in numbers:
        key += SUIT_KEY[number]
    if key in rules._keys:  # the bird sings: it wins, and shows a set
        return settle(deal, hands, turn, table, log, events, _SANG, seat, None)
    step = _OFFER_STEP if rules._starts[turn] is _OFFER_ABANDON else NO_STEP
    return State(deal, hands, turn, throw_decision(hand, seat, step), table, log, events)


def ordinary_decision(
    deal: Deal,
    hand: tuple[Card, ...],
    seat: int,
    turn: int,
    table: Board,
    step: TurnStep,
) -> Decision:
    """The exchange (MBS-11) if it is open to ``seat``, on turn, else his pass (MBS-8)."""
    if turn >= deal._rules._exchange_from:  # before it the exchange rule is closed (MBS-11)
        chance = exchange_chance(deal, hand, seat, turn, table, step)
        if type(chance) is ExchangeDecision:
            return chance
    return pass_decision(deal, hand, seat, turn, step)


def pending_decision(
    deal: Deal, hands: Hands, turn: int, table: Board, phase: Phase, step: TurnStep
) -> Decision:
    """The decision :func:`play_turn` makes in ``phase`` at ``step`` of turn ``turn``.

    For holdings ``hands`` the rules have not seen: a sampler knows the public side of a
    pending decision (its phase and its step, all public) and asks the rules what that
    decision is for the hands it dealt. A sing decision belongs to the holding checked
    (``step.pre`` places after the player on turn); an exchange or a pass to the player
    on turn, declared with his sings beside it when ``step.checked`` (D-5).
    """
    options = deal._rules._options
    seat = deal.on_turn(turn)
    if phase is Phase.SING:
        checked = deal.on_turn(turn + step._pre) if step._pre else seat
        return sing_decision(options, checked, _sets(deal, hands[checked]), step)
    hand = hands[seat]
    decision: Decision | None = None
    if phase is Phase.EXCHANGE:
        chance = exchange_chance(deal, hand, seat, turn, table, step)
        if type(chance) is ExchangeDecision:
            decision = chance
    if decision is None:
        decision = pass_decision(deal, hand, seat, turn, step)
    if step._checked and not options.auto_sing:
        return declaration(options, decision, seat, _sets(deal, hand))
    return decision


def _sets(deal: Deal, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The singing sets of ``hand`` (MBS-4 to MBS-6), none if it does not sing."""
    rules = deal._rules
    numbers: tuple[int, ...] = hand  # a card is its number in the pack
    key = 0
    for number in numbers:
        key += SUIT_KEY[number]
    return sets_of(hand, key, rules._hand_size, rules._keys) if key in rules._keys else ()


def declaration(
    options: Options, ordinary: Decision, seat: int, sets: tuple[tuple[Card, ...], ...]
) -> Decision:
    """How a check of the player on turn's holding is declared with ``auto_sing=False``.

    The player on turn sings or keeps silent (D-5), and the table must not learn which
    before he says so, nor whether his holding could sing at all (C-6). When the decision
    that follows the check (``ordinary``) is his own (he throws his pass, or he may
    exchange), each ``Sing`` of ``sets`` is offered beside its actions, and taking any
    other action keeps him silent. When it is not (his left neighbour draws blind), he
    declares first, at a sing decision of his own whether or not his holding sings: sing,
    or keep silent (``DeclineSing()``, the only action when nothing sings).
    """
    step = ordinary._step  # the turn's flags, the check declared
    if ordinary._seat != seat:
        return sing_decision(options, seat, sets, step)
    if not sets:
        return ordinary
    sings = tuple([Sing(cards) for cards in sets])
    legal = cast("tuple[Action, ...]", ordinary._legal)
    if legal[-1] is ABANDON:  # Abandon() stays last (MBS-13)
        return type(ordinary)(seat, (*legal[:-1], *sings, ABANDON), step)
    return type(ordinary)(seat, (*legal, *sings), step)


def silent_holdings(
    deal: Deal, turn: int, phase: Phase, to_act: int | None, viewer: int
) -> tuple[list[int], int | None]:
    """What the sing checks of MBS-9 reveal of hidden hands, for sampling.

    Returns the seats (other than ``viewer``) whose holdings cannot sing now, and the seat
    whose holding must sing (a pending sing decision under automatic singing), if any.
    With automatic singing a
    holding that was checked and has not received a card since is silent, as the deal
    would have ended otherwise: every seat whose turn has come (it is checked when it
    receives), and with ``any_after_deal`` every dealt hand once the after-deal checks are
    done.
    """
    options = deal.options
    n = options.players
    if not options.auto_sing or phase is Phase.OVER:
        return [], None  # declared singing: a pending declaration says nothing (D-5)
    must_sing = to_act if phase is Phase.SING else None
    after_deal = options.sing_timing is _ANY_AFTER_DEAL and (turn > 0 or phase is not Phase.SING)
    checked = {deal.on_turn(earlier) for earlier in range(min(turn, n - 1) + 1)}
    silent = [
        seat
        for seat in range(n)
        if seat not in (viewer, must_sing) and (after_deal or seat in checked)
    ]
    return silent, must_sing

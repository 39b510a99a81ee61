"""The Spoil Five engine: legal actions, transitions and settlement (RULES.md §2).

Pure functions over immutable :class:`~tests.legacy.spoil_five.state.State` values. The legal
actions of a state are computed once, when the state is built; :func:`apply_action`
accepts exactly those (:func:`check_action` explains any refusal).

>>> from tests.legacy.spoil_five.deal import new_game
>>> from tests.legacy.spoil_five.options import Options
>>> state = new_game(Options(players=4), seed=7)
>>> state.phase, state.to_act, state.pool
(<Phase.PLAY: 'play'>, 1, 9)
>>> state = apply_action(state, legal_actions(state)[0])
>>> len(state.trick)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules.cards import Card, Suit
from cardrules.errors import IllegalActionError
from tests.legacy.history import DealHistory, History, log_items
from tests.legacy.spoil_five.actions import (
    ACCEPT_FIVE,
    ASK_FIVE,
    DECLINE_FIVE,
    DECLINE_ROB,
    GO_ON,
    PLAYS,
    REFUSE_FIVE,
    ROBS,
    STOP,
    AcceptFive,
    Action,
    AskFive,
    DeclineFive,
    DeclineRob,
    GoOn,
    Play,
    RefuseFive,
    Rob,
    Stop,
)
from tests.legacy.spoil_five.options import (
    DealerAce,
    FivingAsker,
    Options,
    PlainLeadRule,
    Ranking,
    Robbing,
    RobEnforcement,
    Scoring,
)
from tests.legacy.spoil_five.settlement import settle, spoil_certain
from tests.legacy.spoil_five.state import (
    Board,
    DealInfo,
    Event,
    EventKind,
    Held,
    OutcomeKind,
    Phase,
    State,
    Trick,
    make_state,
    make_trick,
    replace_board,
)
from tests.legacy.spoil_five.tables import deal_info, follow_tables

__all__ = [
    "apply_action",
    "check_action",
    "history",
    "is_deal_over",
    "is_game_over",
    "is_legal",
    "legal_actions",
    "legal_plays",
]

_JINK_CHOICES: Final = (STOP, GO_ON)
_PLAY: Final = Phase.PLAY
FIVE_ASK: Final = (ASK_FIVE, DECLINE_FIVE)
_FIVE_ANSWER: Final = (ACCEPT_FIVE, REFUSE_FIVE)


def begin_play(info: DealInfo, board: Board, hands: Held, log: object) -> State:
    """Return the state after fiving (if any): the dealer's rob of a turned ace, or the lead.

    Implements SF-10 (the dealer of a turned ace robs before the lead) and SF-14 (the
    eldest hand leads).
    """
    options = info.options
    if info.turn_up % 13 == 0 and options.robbing is not Robbing.OFF:  # a turned ace
        dealer = info.dealer
        legal: tuple[Action, ...] = tuple([ROBS[play.card] for play in hands[dealer]])
        if _may_decline(options):
            legal += (DECLINE_ROB,)
        return make_state(
            info, board, hands, Phase.DEALER_ROB, dealer, (), (), (0,) * info.n, legal, log
        )
    return _at_turn(info, board, hands, info.eldest, (), (), (0,) * info.n, log)


def _may_decline(options: Options) -> bool:
    """Whether a rob may be declined (optional robbing, or the penalize mode of SF-12)."""
    return options.robbing is Robbing.OPTIONAL or options.rob_enforcement is RobEnforcement.PENALIZE


# --------------------------------------------------------------------------- legality


def play_legal(hand: tuple[Play, ...], trick: tuple[Card, ...], info: DealInfo) -> tuple[Play, ...]:
    """Return the ``Play`` actions open to a player holding ``hand`` in ``trick``.

    Implements SF-14, SF-15 and SF-16 (with :func:`follow_tables`): any card may be led;
    to a trump lead a player with an unprotected trump must play a trump (protected
    cards renege); to a plain lead a player holding the suit must follow or trump (or
    only follow, under ``must_follow``).
    """
    if trick and not info.oblige[trick[0]].isdisjoint(hand):
        return tuple(filter(info.allowed[trick[0]].__contains__, hand))
    return hand


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit,
    *,
    ranking: Ranking | str = Ranking.PEEL,
    plain_lead_rule: PlainLeadRule | str = PlainLeadRule.FOLLOW_OR_TRUMP,
) -> tuple[Card, ...]:
    """Return the cards of ``hand`` that may be played to ``trick`` (led card first).

    Implements SF-14, SF-15 and SF-16 as a pure function of the cards, for analysis and
    bots (the engine uses the same tables).

    >>> from cardrules.cards import parse_cards, format_cards
    >>> format_cards(legal_plays(parse_cards("AH KC"), parse_cards("JD"), Suit.DIAMONDS))
    'AH'
    >>> format_cards(legal_plays(parse_cards("5D KC"), parse_cards("JD"), Suit.DIAMONDS))
    '5D KC'
    >>> format_cards(legal_plays(parse_cards("3D 4C 9S"), parse_cards("KD"), Suit.CLUBS))
    '3D 4C'
    """
    cards = tuple(hand)
    if not trick:
        return cards
    must_follow = PlainLeadRule(plain_lead_rule) is PlainLeadRule.MUST_FOLLOW
    oblige, allowed = follow_tables(Suit(trump), Ranking(ranking), must_follow)
    led = trick[0]
    if any(oblige[led][card] for card in cards):
        return tuple(card for card in cards if allowed[led][card])
    return cards


def _at_turn(
    info: DealInfo,
    board: Board,
    hands: Held,
    seat: int,
    trick: tuple[Card, ...],
    tricks: tuple[Trick, ...],
    tricks_won: tuple[int, ...],
    log: object,
) -> State:
    """Build the state where ``seat`` is to play, handling the robbing of trick 1.

    Implements SF-10 (the robbing dealer's ace joins his hand at his turn in trick 1) and
    SF-11/SF-12 (the holder of the ace of trumps robs at his first turn in trick 1; under
    ``penalize`` anybody may rob falsely there).

    Where the rob may be declined (``robbing="optional"``, or ``rob_enforcement=
    "penalize"``) the holder's turn is an ordinary play turn whose legal actions are his
    plays followed by his ``Rob(discard)`` options: playing without robbing is declining
    (and, under ``penalize``, omitting the rob; see :func:`_play`). Nothing public then
    tells the holder's turn from anybody else's, so declining does not reveal the ace.
    Only under ``enforce``, where the rob is compulsory and public at once, is there a
    separate ``ROB`` phase.
    """
    options = info.options
    if tricks or seat not in info.rob_watch:
        legal = play_legal(hands[seat], trick, info)
        return make_state(
            info, board, hands, Phase.PLAY, seat, trick, tricks, tricks_won, legal, log
        )
    if (
        board.dealer_robbed
        and seat == info.dealer
        and board.turn_up_taker is None
        and options.dealer_ace_available is DealerAce.OWN_TURN_TRICK1
    ):
        hands, board = _take_turn_up(info, board, hands, seat, 0)
    hand = hands[seat]
    if (
        info.turn_up % 13  # not a turned ace
        and board.turn_up_taker is None
        and seat not in board.resolved
    ):
        if seat == info.holder and not _may_decline(options):
            legal_robs: tuple[Action, ...] = tuple([ROBS[play.card] for play in hand])
            return make_state(
                info, board, hands, Phase.ROB, seat, trick, tricks, tricks_won, legal_robs, log
            )
        if seat == info.holder or options.rob_enforcement is RobEnforcement.PENALIZE:
            legal_any: tuple[Action, ...] = play_legal(hand, trick, info)
            legal_any += tuple([ROBS[play.card] for play in hand])
            return make_state(
                info, board, hands, Phase.PLAY, seat, trick, tricks, tricks_won, legal_any, log
            )
    legal = play_legal(hand, trick, info)
    return make_state(info, board, hands, Phase.PLAY, seat, trick, tricks, tricks_won, legal, log)


def _held_hand(cards: list[Card]) -> tuple[Play, ...]:
    """The held form of a hand: its cards' ``Play`` actions, sorted by card."""
    cards.sort()
    return tuple([PLAYS[card] for card in cards])


def _take_turn_up(
    info: DealInfo,
    board: Board,
    hands: Held,
    seat: int,
    trick_number: int,
) -> tuple[Held, Board]:
    """The robbing dealer takes the turned-up ace into his hand (SF-10)."""
    turn_up = info.turn_up
    hand = _held_hand([*(play.card for play in hands[seat]), turn_up])
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    event = Event(seat, EventKind.TAKE_TURN_UP, turn_up, trick_number)
    board = replace_board(board, turn_up_taker=seat, events=(*board.events, event))
    return hands, board


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return the actions open to ``state.to_act``; ``()`` exactly when none is pending.

    >>> from tests.legacy.spoil_five.deal import new_game
    >>> from tests.legacy.spoil_five.options import Options
    >>> [str(action) for action in legal_actions(new_game(Options(players=3), seed=1))]
    ['play 7S', 'play KS', 'play 10D', 'play 4C', 'play 6C']
    """
    return state.legal


def is_legal(state: State, action: object) -> bool:
    """Return whether :func:`apply_action` would accept ``action`` in ``state``."""
    try:
        return action in state.legal
    except TypeError:  # an unhashable or odd object compared against actions
        return False


def check_action(state: State, action: object) -> IllegalActionError | None:
    """Return None if ``action`` is legal in ``state``, else the error explaining why not.

    The error carries the rule broken and a reason a player understands.

    >>> from tests.legacy.spoil_five.actions import parse_action
    >>> from tests.legacy.spoil_five.deal import new_game
    >>> from tests.legacy.spoil_five.options import Options
    >>> state = new_game(Options(players=3), seed=1)
    >>> str(check_action(state, parse_action("play 5C")))
    'cannot play 5C: you do not hold 5C (C-7)'
    """
    if action in state.legal:
        return None
    from tests.legacy.spoil_five.refusals import explain

    return explain(state, action)


def apply_action(state: State, action: Action) -> State:
    """Return the state after ``action`` by ``state.to_act``, automatic steps included.

    Raises:
        IllegalActionError: with the rule id and a reason, if ``action`` is not legal;
            ``state`` is unchanged.

    """
    if action in state.legal:
        if action.__class__ is not Play:
            return _OTHER[action.__class__](state, action)
        # Playing a card (the common case) is inlined here for speed.
        card = action.card
        info = state.deal
        seat: int = state.to_act  # type: ignore[assignment]
        held = state.held
        hand = held[seat]
        at = hand.index(action)
        hand_list = list(held)
        hand_list[seat] = hand[:at] + hand[at + 1 :]
        hands = tuple(hand_list)
        trick = (*state.trick, card)
        n = info.n
        nxt = seat + 1
        if nxt == n:
            nxt = 0
        tricks = state.tricks
        if len(trick) < n and (tricks or (nxt not in info.rob_watch and seat != info.decliner)):
            legal = hands[nxt]
            led = trick[0]
            if not info.oblige[led].isdisjoint(legal):
                legal = tuple(filter(info.allowed[led].__contains__, legal))
            board = state.board
            won = state.tricks_won
            log = (state.log, action)
            return make_state(info, board, hands, _PLAY, nxt, trick, tricks, won, legal, log)
        return _play(state, action, hands, trick, nxt)
    error = check_action(state, action)
    assert error is not None
    raise error


# --------------------------------------------------------------------------- transitions


def _play(
    state: State,
    action: Play,
    hands: Held,
    trick: tuple[Card, ...],
    nxt: int,
) -> State:
    """Finish playing a card: the robbing turn of trick 1, or the end of a trick.

    ``hands`` and ``trick`` already include the play; ``nxt`` is the next seat clockwise.
    Implements SF-17 (who wins the trick), and SF-12 for a holder of the ace of trumps who
    plays at his first turn in trick 1 without robbing (see :func:`_declined`).
    """
    info = state.deal
    n = info.n
    log = (state.log, action)
    tricks = state.tricks
    board = state.board
    seat = state.to_act
    if (
        not tricks
        and seat is not None
        and seat == info.decliner
        and board.turn_up_taker is None
        and seat not in board.resolved
    ):
        board = _declined(info, board, seat)
    if len(trick) < n:
        return _at_turn(info, board, hands, nxt, trick, tricks, state.tricks_won, log)
    # The trick is complete: SF-17 decides it (the strongest card); nxt is the leader.
    strength = info.strength[trick[0]]
    best = 0
    top = strength[trick[0]]
    for index in range(1, n):
        other = strength[trick[index]]
        if other > top:
            best = index
            top = other
    winner = nxt + best
    if winner >= n:
        winner -= n
    tricks = (*tricks, make_trick(nxt, trick, winner))
    won = list(state.tricks_won)
    won[winner] += 1
    tricks_won = tuple(won)
    played = len(tricks)
    if (
        info.plain_end
        and won[winner] < info.need
        and played < 5
        and (played > 1 or not board.dealer_robbed)
    ):
        return make_state(
            info,
            board,
            hands,
            Phase.PLAY,
            winner,
            (),
            tricks,
            tricks_won,
            hands[winner],
            log,
        )
    if (
        len(tricks) == 1
        and board.dealer_robbed
        and board.turn_up_taker is None
        and info.options.dealer_ace_available is DealerAce.AFTER_TRICK1
    ):
        hands, board = _take_turn_up(info, board, hands, info.dealer, 1)
    board, status = _after_trick(info, board, tricks, tricks_won, winner)
    if status == _HAND_OVER:
        return _settled(info, board, hands, tricks, tricks_won, log)
    if status == _JINK_DECISION:
        return make_state(
            info, board, hands, Phase.JINK, winner, (), tricks, tricks_won, _JINK_CHOICES, log
        )
    return _at_turn(info, board, hands, winner, (), tricks, tricks_won, log)


_GO_ON_PLAYING: Final = 0
_HAND_OVER: Final = 1
_JINK_DECISION: Final = 2


def _after_trick(
    info: DealInfo,
    board: Board,
    tricks: tuple[Trick, ...],
    tricks_won: tuple[int, ...],
    winner: int,
) -> tuple[Board, int]:
    """Decide what follows a completed trick; return the board and what happens next.

    Implements SF-18 (three tricks end the hand; five without a winner spoil it), SF-13
    (a barred winner spoils), SF-20, SF-21 (the jink decision, success and failure) and
    SF-24 (points). The second value is ``_GO_ON_PLAYING``, ``_HAND_OVER`` (the board is
    settled) or ``_JINK_DECISION``.
    """
    options = info.options
    side = info.sides[winner]
    members = info.members[side]
    side_won = tricks_won[winner] if len(members) == 1 else sum(tricks_won[m] for m in members)
    played = len(tricks)
    barred = board.barred
    is_barred = bool(barred) and any(m in barred for m in members)
    if options.scoring is Scoring.POINTS:
        return _points_after_trick(info, board, tricks_won, members, side_won, is_barred)
    if board.jinker is not None:
        if side != board.jinker:
            return settle(info, board, OutcomeKind.JINK_FAILED, (), tricks_won), _HAND_OVER
        if played == 5:
            return settle(info, board, OutcomeKind.JINK, members, tricks_won), _HAND_OVER
        return board, _GO_ON_PLAYING
    if side_won >= options.win_tricks:
        if is_barred:
            return settle(info, board, OutcomeKind.BARRED, (), tricks_won), _HAND_OVER
        if options.jinking and played == 3:
            return board, _JINK_DECISION
        return settle(info, board, OutcomeKind.WON, members, tricks_won), _HAND_OVER
    if played == 5 or (
        options.stop_when_spoil_certain and spoil_certain(info, board, tricks_won, played)
    ):
        return settle(info, board, OutcomeKind.SPOILT, (), tricks_won), _HAND_OVER
    return board, _GO_ON_PLAYING


def _points_after_trick(
    info: DealInfo,
    board: Board,
    tricks_won: tuple[int, ...],
    members: tuple[int, ...],
    side_won: int,
    is_barred: bool,
) -> tuple[Board, int]:
    """Score a trick in a points game.

    Implements SF-24.

    Each trick scores 5 to its winner's side (nothing for a barred side); reaching the
    target, or taking all five tricks of a hand, wins the game at once.
    """
    played = sum(tricks_won)
    if not is_barred:
        scores = list(board.scores)
        for member in members:
            scores[member] += 5
        board = replace_board(board, scores=tuple(scores))
        if (played == 5 and side_won == 5) or scores[members[0]] >= info.options.target:
            return settle(info, board, OutcomeKind.GAME_WON, members, tricks_won), _HAND_OVER
    if played == 5:
        return settle(info, board, OutcomeKind.HAND_SCORED, (), tricks_won), _HAND_OVER
    return board, _GO_ON_PLAYING


def _settled(
    info: DealInfo,
    board: Board,
    hands: Held,
    tricks: tuple[Trick, ...],
    tricks_won: tuple[int, ...],
    log: object,
) -> State:
    """The state of a settled hand (no decision pending)."""
    assert board.outcome is not None
    phase = Phase.GAME_OVER if board.outcome.kind is OutcomeKind.GAME_WON else Phase.DEAL_OVER
    return make_state(info, board, hands, phase, None, (), tricks, tricks_won, (), log)


def _rob(state: State, action: Action) -> State:
    """Rob: discard face down and take (or, for the dealer, claim) the turn-up.

    Implements SF-10, SF-11 and SF-12 (a false rob under ``penalize`` bars the robber).
    """
    assert isinstance(action, Rob)
    info = state.deal
    board = state.board
    seat = state.to_act
    assert seat is not None
    discard = action.discard
    hand = [play.card for play in state.held[seat] if play.card != discard]
    done = len(state.tricks)
    event = Event(seat, EventKind.ROB, discard, done)
    discards = (*board.discards, (seat, discard))
    resolved = board.resolved | {seat}
    events = (*board.events, event)
    log = (state.log, action)
    if state.phase is Phase.DEALER_ROB:
        board = replace_board(
            board, discards=discards, resolved=resolved, events=events, dealer_robbed=True
        )
        hands = (*state.held[:seat], _held_hand(hand), *state.held[seat + 1 :])
        return _at_turn(info, board, hands, info.eldest, (), (), state.tricks_won, log)
    barred = board.barred
    if seat != info.holder:
        barred = tuple(sorted((*barred, seat)))
    board = replace_board(
        board,
        discards=discards,
        resolved=resolved,
        events=events,
        barred=barred,
        turn_up_taker=seat,
    )
    hand.append(info.turn_up)
    hands = (*state.held[:seat], _held_hand(hand), *state.held[seat + 1 :])
    return _at_turn(info, board, hands, seat, state.trick, state.tricks, state.tricks_won, log)


def _decline_rob(state: State, action: Action) -> State:
    """The dealer declines to rob a turned-up ace; under ``penalize`` he is barred.

    Implements SF-12 for the dealer's rob (SF-10), the only rob declined by an action of
    its own: it is due before the lead, and everybody can see that the turn-up is an ace,
    so the decline is public anyway. (A holder of the ace of trumps declines by playing,
    see :func:`_declined`.)
    """
    info = state.deal
    seat = state.to_act
    assert seat is not None
    board = _declined(info, state.board, seat)
    log = (state.log, action)
    return _at_turn(info, board, state.held, info.eldest, (), (), state.tricks_won, log)


def _declined(info: DealInfo, board: Board, seat: int) -> Board:
    """Record that ``seat`` let his rob pass; under ``penalize`` he is barred.

    Implements SF-12 (declining or omitting a rob). The ``DECLINE_ROB`` event and the
    bar are full-information facts: for a holder of the ace of trumps they appear only in
    his own view until the settlement makes them matter (see
    :func:`tests.legacy.spoil_five.views.view`); the dealer's decline of a turned ace is
    public.
    """
    event = Event(seat, EventKind.DECLINE_ROB, None, 0)
    board = replace_board(board, resolved=board.resolved | {seat}, events=(*board.events, event))
    if info.options.rob_enforcement is RobEnforcement.PENALIZE:
        board = replace_board(board, barred=tuple(sorted((*board.barred, seat))))
    return board


def _jink_choice(state: State, action: Action) -> State:
    """Stop and take the pool, or go on for a jink.

    Implements SF-21 (the jink decision).
    """
    info = state.deal
    seat = state.to_act
    assert seat is not None
    board = state.board
    log = (state.log, action)
    side = info.sides[seat]
    if isinstance(action, Stop):
        event = Event(seat, EventKind.STOP, None, 3)
        board = replace_board(board, events=(*board.events, event))
        settled = settle(info, board, OutcomeKind.WON, info.members[side], state.tricks_won)
        return _settled(info, settled, state.held, state.tricks, state.tricks_won, log)
    event = Event(seat, EventKind.GO_ON, None, 3)
    board = replace_board(board, jinker=side, events=(*board.events, event))
    return _at_turn(info, board, state.held, seat, (), state.tricks, state.tricks_won, log)


def _fiving(state: State, action: Action) -> State:
    """Ask, decline, accept or refuse to five the hand.

    Implements SF-9 (and SF-23): an accepted request sets the turn-up and the following
    cards of its suit aside until a card of another suit turns up and fixes trumps.
    """
    info = state.deal
    board = state.board
    seat = state.to_act
    assert seat is not None
    log = (state.log, action)
    zeros = state.tricks_won
    if isinstance(action, AskFive):
        board = replace_board(board, events=(*board.events, Event(seat, EventKind.ASK_FIVE)))
        return make_state(
            info,
            board,
            state.held,
            Phase.FIVING_ANSWER,
            info.dealer,
            (),
            (),
            zeros,
            _FIVE_ANSWER,
            log,
        )
    if isinstance(action, DeclineFive):
        declined = (*board.five_declined, seat)
        event = Event(seat, EventKind.DECLINE_FIVE)
        board = replace_board(board, five_declined=declined, events=(*board.events, event))
        nxt = next_asker(info, declined)
        if nxt is not None:
            return make_state(
                info, board, state.held, Phase.FIVING_ASK, nxt, (), (), zeros, FIVE_ASK, log
            )
        return begin_play(info, board, state.held, log)
    if isinstance(action, RefuseFive):
        event = Event(seat, EventKind.REFUSE_FIVE)
        board = replace_board(board, events=(*board.events, event))
        return begin_play(info, board, state.held, log)
    # AcceptFive: set the turn-up aside and turn until another suit appears.
    drawn = info.drawn
    position = 5 * info.n
    first = drawn[position]
    set_aside = [first]
    position += 1
    while drawn[position].suit is first.suit:
        set_aside.append(drawn[position])
        position += 1
    new_turn_up = drawn[position]
    fived = deal_info(
        info.options,
        info.dealer,
        info.eldest,
        info.number,
        info.seed,
        info.deck,
        info.drawn,
        info.dealt,
        new_turn_up,
        info.sides,
        info.members,
        info.first_seed,
        info.past,
    )
    event = Event(seat, EventKind.ACCEPT_FIVE, new_turn_up)
    board = replace_board(board, set_aside=tuple(set_aside), events=(*board.events, event))
    return begin_play(fived, board, state.held, log)


def next_asker(info: DealInfo, declined: tuple[int, ...]) -> int | None:
    """Return the next opponent of the dealer who may ask for fiving, if any (SF-9).

    With ``fiving_asker="eldest"`` only the eldest hand asks (D-15); otherwise each
    opponent of the dealer in turn clockwise, until one asks.
    """
    if info.options.fiving_asker is FivingAsker.ELDEST:
        return None if declined else info.eldest
    dealer_side = info.sides[info.dealer]
    for offset in range(1, info.n):
        seat = (info.dealer + offset) % info.n
        if info.sides[seat] != dealer_side and seat not in declined:
            return seat
    return None


_OTHER: Final = {
    Rob: _rob,
    DeclineRob: _decline_rob,
    Stop: _jink_choice,
    GoOn: _jink_choice,
    AskFive: _fiving,
    DeclineFive: _fiving,
    AcceptFive: _fiving,
    RefuseFive: _fiving,
}


# --------------------------------------------------------------------------- queries


def is_deal_over(state: State) -> bool:
    """Return whether the current deal has been settled."""
    return state.board.outcome is not None


def is_game_over(state: State) -> bool:
    """Return whether the game has ended: only a points game ends (SF-24)."""
    return state.phase is Phase.GAME_OVER


def deal_history(state: State) -> DealHistory[Action]:
    """Return the record of the current deal: dealer, seed, pack and actions so far."""
    info = state.deal
    return DealHistory(
        dealer=info.dealer, seed=info.seed, deck=info.deck, actions=log_items(state.log)
    )


def history(state: State) -> History[Action]:
    """Return how ``state`` was reached: per deal the dealer, seed, pack and actions."""
    return History(deals=(*log_items(state.deal.past), deal_history(state)))

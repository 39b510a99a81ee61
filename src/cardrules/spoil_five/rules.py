"""The Spoil Five engine: legal actions, refusals and transitions (``docs/rules/spoil-five.md``).

Pure functions over immutable :class:`~cardrules.spoil_five.state.State` values. Each rule
family is one function returning a decision value: following (:mod:`.following`),
robbing (:mod:`.robbing`), fiving (:mod:`.fiving`), the end of a trick, jinking and
settlement (:mod:`.settlement`). Each state waits on the pending decision those rules
make (:class:`~cardrules.spoil_five.state.Decision`: fiving, a rob of its own, a play with
any rob beside it, the jink, or the end of the deal), its legal actions computed once.
:func:`legal_actions`, :func:`check_action`, :func:`is_legal` and :func:`apply_action` are
the calls both games share (:mod:`cardrules._engine`), given this game's steps.

>>> from cardrules.spoil_five.session import new_game
>>> from cardrules.spoil_five.options import Options
>>> state = new_game(Options(players=4), seed=8)
>>> state.phase, state.to_act, state.pool
(<Phase.PLAY: 'play'>, 1, 9)
>>> state = apply_action(state, legal_actions(state)[0])
>>> len(state.trick)
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, cast, overload

from cardrules import _engine
from cardrules._engine import left_of
from cardrules._shuffle import derive, seeded_top
from cardrules.cards import FULL_PACK, Card, Suit
from cardrules.errors import IllegalActionError
from cardrules.history import DealHistory, History, Log, deal_result, log_append, log_items
from cardrules.messages import Message
from cardrules.spoil_five.actions import (
    ACTION_TYPES,
    DECLINE_ROB,
    PLAYS,
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
    parse_action,
)
from cardrules.spoil_five.fiving import five, fiving_decision
from cardrules.spoil_five.option_tables import OptionTables, tables_for
from cardrules.spoil_five.options import Options, PlainLeadRule, Ranking
from cardrules.spoil_five.ranking import winning_index
from cardrules.spoil_five.refusals import refusal, seen_in_state
from cardrules.spoil_five.robbing import RobDecision, RobTime, rob_choice, turn_up_window
from cardrules.spoil_five.settlement import (
    JinkDecision,
    Result,
    points_result,
    settle,
    trick_result,
)
from cardrules.spoil_five.state import (
    DEAL_OVER,
    GAME_OVER,
    SPOIL_KINDS,
    Board,
    Deal,
    Event,
    EventKind,
    Held,
    OutcomeKind,
    Phase,
    State,
    Taken,
    waiting,
)

__all__ = [
    "apply_action",
    "begin_play",
    "check_action",
    "deal_after",
    "deal_history",
    "first_deal",
    "history",
    "is_deal_over",
    "is_game_over",
    "is_legal",
    "legal_actions",
    "legal_plays",
    "start_deal",
    "start_play",
]

_PLAY: Final = Phase.PLAY
# Read once: in the compiled build a class imported from an interpreted module is
# otherwise looked up in the module's namespace on every step.
_PLAY_ACTION: Final = Play
_FIRST_TURN: Final = RobTime.FIRST_TURN
_NEVER: Final = RobTime.NEVER


# --------------------------------------------------------------------------- the dialect


def _refuse(state: State, action: object) -> Message:
    """Why ``action``, not among the decision's actions, is refused: its rule family's word."""
    return refusal(seen_in_state(state), cast(Action, action))  # the rulebook checked it


# Each of the four calls takes any object, so that even the compiled build (which checks
# annotations itself) refuses a view with the TypeError naming what to call instead; type
# checkers see only the overloads.
@overload
def legal_actions(state: State) -> tuple[Action, ...]: ...


@overload
def legal_actions(state: object) -> tuple[Action, ...]: ...


def legal_actions(state: object) -> tuple[Action, ...]:
    """Return the actions open to ``state.to_act``; ``()`` exactly when none is pending.

    They are the pending decision's (see :class:`~cardrules.spoil_five.state.Decision`).

    >>> from cardrules.spoil_five.session import new_game
    >>> from cardrules.spoil_five.options import Options
    >>> [str(action) for action in legal_actions(new_game(Options(players=3), seed=1))]
    ['play 6S', 'play QH', 'play 4D', 'play 7D', 'play 2C']

    Raises:
        TypeError: if ``state`` is not a state (for a view, read ``view.legal_actions``).
    """
    if type(state) is State:  # the engine's hot path, in line (no call on every step)
        return state._legal
    return _engine.legal_actions(RULEBOOK, state)


# The implementations of is_legal and check_action take any object, so that even the
# compiled build (which checks annotations itself) refuses a view with a TypeError naming
# explain_action; type checkers see only the overloads.
@overload
def is_legal(state: State, action: Action | str) -> bool: ...


@overload
def is_legal(state: State, action: object) -> bool: ...


def is_legal(state: object, action: object) -> bool:
    """Return whether :func:`apply_action` would accept ``action`` in ``state``.

    ``action`` may be notation, read as :func:`check_action` reads it.

    >>> from cardrules.spoil_five.session import new_game
    >>> is_legal(new_game(seed=5), "play 7S"), is_legal(new_game(seed=5), "play the ace")
    (True, False)

    Raises:
        TypeError: if ``state`` is not a state (for a view, call ``explain_action``).
    """
    return _engine.is_legal(RULEBOOK, state, action)


@overload
def check_action(state: State, action: Action | str) -> IllegalActionError | None: ...


@overload
def check_action(state: State, action: object) -> IllegalActionError | None: ...


def check_action(state: object, action: object) -> IllegalActionError | None:
    """Return None if ``action`` is legal in ``state``, else the error explaining why not.

    The error carries the rule broken and a reason a player understands, both from the
    rule family of the pending decision or of the action, read from what the seat to act
    sees (:func:`cardrules.spoil_five.refusals.refusal`, which
    :func:`~cardrules.spoil_five.explain.explain_action` asks from a seat's view).
    ``action`` may be notation (``"play 5C"``).

    >>> from cardrules.spoil_five.session import new_game
    >>> from cardrules.spoil_five.options import Options
    >>> state = new_game(Options(players=3), seed=1)
    >>> str(check_action(state, "play 5C"))
    'cannot play 5C: you do not hold 5C (C-7)'

    Raises:
        TypeError: if ``state`` is not a state (for a view, call ``explain_action``).
    """
    return _engine.check_action(RULEBOOK, state, action)


@overload
def apply_action(state: State, action: Action) -> State: ...


@overload
def apply_action(state: State, action: str) -> State: ...


def apply_action(state: object, action: object) -> State:
    """Return the state after ``action`` by ``state.to_act``, automatic steps included.

    ``action`` is an action, or its notation (``"play 10C"``), read by
    :func:`~cardrules.spoil_five.actions.parse_action`.

    >>> from cardrules.spoil_five.session import new_game
    >>> from cardrules.spoil_five.options import Options
    >>> state = new_game(Options(players=3), seed=1)
    >>> apply_action(state, "play 6S").trick
    (<Card 6S>,)

    Raises:
        IllegalActionError: with the rule id and a reason, if ``action`` is not legal;
            ``state`` is unchanged.
        TypeError: if ``state`` is not a state (a view, say), or ``action`` neither an
            action nor its notation (read notation with ``spoil_five.parse_action``).
    """
    # The engine's hot path, in line: a legal action of a state of this game, its step
    # (a play called directly: nearly every action is one, and the compiled build then
    # calls the compiled step without going through a Python-level call).
    if type(state) is State and action in state._legal:
        if type(action) is _PLAY_ACTION:
            return _play(state, action)
        return _STEPS[type(action)](state, action)
    return _engine.apply_action(RULEBOOK, state, action)


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit,
    *,
    ranking: Ranking | str = Ranking.PEEL,
    plain_lead_rule: PlainLeadRule | str = PlainLeadRule.FOLLOW_OR_TRUMP,
) -> tuple[Card, ...]:
    """Return the cards of ``hand`` that may be played to ``trick`` (led card first).

    A pure function of the cards, for analysis and bots: any card may be led (SF-14);
    otherwise the led card's following decision (SF-15, SF-16) from the very table the
    engine reads.

    >>> from cardrules.cards import parse_cards, format_cards
    >>> format_cards(legal_plays(parse_cards("AH KC"), parse_cards("JD"), Suit.DIAMONDS))
    'AH'
    >>> format_cards(legal_plays(parse_cards("5D KC"), parse_cards("JD"), Suit.DIAMONDS))
    '5D KC'
    >>> format_cards(legal_plays(parse_cards("3D 4C 9S"), parse_cards("KD"), Suit.CLUBS))
    '3D 4C'

    Raises:
        OptionsError: for a ranking or plain-lead rule that does not exist.

    """
    cards = tuple(hand)
    if not trick:
        return cards
    # Options checks the strings (OptionsError for one that is not an option's value).
    options = Options(
        ranking=cast(Ranking, ranking), plain_lead_rule=cast(PlainLeadRule, plain_lead_rule)
    )
    rules = tables_for(options)
    return rules.following[Suit(trump)][trick[0]].legal(cards)


# Enum members read once: a class attribute look-up costs a call on every step.
_BEFORE_LEAD: Final = RobTime.BEFORE_LEAD
_DEALER_ROB: Final = Phase.DEALER_ROB
_EVENT_ACCEPT_FIVE: Final = EventKind.ACCEPT_FIVE
_EVENT_ASK_FIVE: Final = EventKind.ASK_FIVE
_EVENT_DECLINE_FIVE: Final = EventKind.DECLINE_FIVE
_EVENT_DECLINE_ROB: Final = EventKind.DECLINE_ROB
_EVENT_GO_ON: Final = EventKind.GO_ON
_EVENT_REFUSE_FIVE: Final = EventKind.REFUSE_FIVE
_EVENT_ROB: Final = EventKind.ROB
_EVENT_STOP: Final = EventKind.STOP
_EVENT_TAKE_TURN_UP: Final = EventKind.TAKE_TURN_UP
_GAME_OVER: Final = Phase.GAME_OVER
_JINK: Final = Phase.JINK
_OUTCOME_GAME_WON: Final = OutcomeKind.GAME_WON
_OUTCOME_WON: Final = OutcomeKind.WON
_ROB: Final = Phase.ROB


# --------------------------------------------------------------------------- turns


def start_play(deal: Deal, board: Board) -> State:
    """Return the state at the first decision of a deal just dealt: fiving, or play."""
    held = deal._held
    rules = deal._rules
    fiving = fiving_decision(rules.options, rules.sides, deal._dealer, declined=(), asked=False)
    if fiving is not None:
        return waiting(deal, board, held, fiving, (), (), (0,) * deal._n, None)
    return begin_play(deal, board, held, None)


def first_deal(options: Options, dealer: int, seed: int, deck: tuple[Card, ...] | None) -> State:
    """The first deal of a session dealt by ``dealer``: its stakes paid, its first decision.

    A points game's players each pay the game stake into the pool once (SF-24); a pool
    game's deals are anted (SF-7). The arguments are checked by
    :func:`cardrules.spoil_five.session.new_game`.
    """
    rules = tables_for(options)
    n = rules._players
    zeros = (0,) * n
    if rules._points:
        stake = options.game_stake
        board = Board(stake * n, (-stake,) * n, zeros)
    else:
        board = _anted(rules, dealer, 0, zeros, zeros, False)
    return start_deal(
        rules, board, dealer=dealer, number=0, seed=seed, deck=deck, first_seed=seed, past=None
    )


def deal_after(state: State, seed: int | None, deck: tuple[Card, ...] | None) -> State:
    """The deal after the settled deal of ``state``; the deal passes to the left (C-2).

    Without ``seed`` and ``deck`` the seed is derived from the first deal's seed and the
    deal number; with ``deck`` alone it is 0. The arguments are checked by
    :func:`cardrules.spoil_five.session.next_deal`.
    """
    deal = state._deal
    board = state._board
    rules = deal._rules
    number = deal._number + 1
    if seed is None:
        seed = 0 if deck is not None else derive(deal._first_seed, (number,))
    dealer = left_of(deal._dealer, rules._players)  # the deal passes to the left
    if rules._points:
        board = Board(board._pool, board._balances, board._scores)
    else:
        settled = board._settled
        spoilt = settled is not None and settled._kind in SPOIL_KINDS
        board = _anted(rules, dealer, board._pool, board._balances, board._scores, spoilt)
    past = log_append(deal._past, deal_history(state))
    return start_deal(
        rules, board, dealer=dealer, number=number, seed=seed, deck=deck,
        first_seed=deal._first_seed, past=past,
    )  # fmt: skip


def _anted(
    rules: OptionTables,
    dealer: int,
    pool: int,
    balances: tuple[int, ...],
    scores: tuple[int, ...],
    spoilt: bool,
) -> Board:
    """The board of a new pool-game deal once its antes are paid into the pool (SF-7)."""
    paid = list(balances)
    for seat, payment in enumerate(rules._antes[dealer][spoilt]):
        pool += payment
        paid[seat] -= payment
    return Board(pool, tuple(paid), scores)


def start_deal(
    rules: OptionTables,
    board: Board,
    *,
    dealer: int,
    number: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    first_seed: int,
    past: Log[DealHistory[Action]],
) -> State:
    """Deal a hand onto ``board`` (the antes paid); return the state at its first decision.

    The pack is the one given, or shuffled from ``seed`` as far as the deal needs (SF-8).
    """
    drawn = deck if deck is not None else seeded_top(FULL_PACK, seed, rules.draw)
    deal = Deal(
        rules, dealer=dealer, number=number, seed=seed, deck=deck, drawn=drawn,
        first_seed=first_seed, past=past,
    )  # fmt: skip
    return start_play(deal, board)


def begin_play(deal: Deal, board: Board, held: Held, log: Log[Action]) -> State:
    """Return the state once fiving (if any) is over.

    That is the dealer's rob of a turned ace (SF-10), or the eldest hand's lead to the
    first trick (SF-14).
    """
    dealer = deal._dealer
    rob = deal._robs[dealer]
    zeros = (0,) * deal._n
    if rob.time is _BEFORE_LEAD:
        choice = rob_choice(rob, dealer, held[dealer])
        return waiting(deal, board, held, choice, (), (), zeros, log)
    eldest = deal._eldest
    if deal._robs[eldest].time is _NEVER:
        return _play_turn(deal, board, held, eldest, (), (), zeros, log, _OPEN)
    return _first_trick_turn(deal, board, held, eldest, (), zeros, log)


_OPEN: Final = turn_up_window(0, False)  # None: the turn-up may be robbed


def _first_trick_turn(
    deal: Deal,
    board: Board,
    hands: Held,
    seat: int,
    trick: tuple[Card, ...],
    won: tuple[int, ...],
    log: Log[Action],
) -> State:
    """The state where ``seat`` is to play to the first trick, the turn-up on the table.

    His rob decision may add to his plays here (SF-10, SF-11): the holder's rob, as a
    decision of its own or beside his plays, anybody's false rob under ``penalize``, or
    the robbing dealer's turned ace joining his hand at his own turn. (A seat whose rob
    decision is ``RobTime.NEVER`` simply plays: the callers skip this for him.)
    """
    rob = deal._robs[seat]
    if rob.time is _FIRST_TURN:
        hand = hands[seat]
        if rob.phase is _ROB:
            return waiting(deal, board, hands, rob_choice(rob, seat, hand), trick, (), won, log)
        plays: tuple[Action, ...] = deal._following[trick[0]].plays(hand) if trick else hand
        return State(deal, board, hands, seat, plays + rob.offer(hand), _OPEN, trick, (), won, log)
    window = _OPEN
    if rob.time is _BEFORE_LEAD and rob.ace_at_own_turn and board._dealer_robbed:
        hands, board = _take_turn_up(deal, board, hands, seat, 0)
        window = turn_up_window(0, True)
    return _play_turn(deal, board, hands, seat, trick, (), won, log, window)


def _play_turn(
    deal: Deal,
    board: Board,
    hands: Held,
    seat: int,
    trick: tuple[Card, ...],
    tricks: tuple[Taken, ...],
    won: tuple[int, ...],
    log: Log[Action],
    window: Message | None,
) -> State:
    """The state where ``seat`` is to play to ``trick`` with no rob open to him.

    Any card may be led (SF-14); otherwise the led card's following decision gives the
    plays (SF-15, SF-16). ``window`` says whether the turn-up may still be robbed (see
    :func:`~cardrules.spoil_five.robbing.turn_up_window`). (The two hot steps,
    :func:`_play` and :func:`_trick_done`, build this same state in line.)
    """
    hand = hands[seat]
    legal = deal._following[trick[0]].plays(hand) if trick else hand
    return State(deal, board, hands, seat, legal, window, trick, tricks, won, log)


def _held_hand(cards: list[Card]) -> tuple[Play, ...]:
    """The held form of a hand: its cards' ``Play`` actions, sorted by card."""
    cards.sort()
    return tuple([PLAYS[card] for card in cards])


def _with_hand(hands: Held, seat: int, hand: tuple[Play, ...]) -> Held:
    changed = list(hands)
    changed[seat] = hand
    return tuple(changed)


def _take_turn_up(
    deal: Deal, board: Board, hands: Held, seat: int, trick_number: int
) -> tuple[Held, Board]:
    """The robbing dealer takes the turned-up ace into his hand (SF-10)."""
    turn_up = deal._turn_up
    hand = _held_hand([*(play.card for play in hands[seat]), turn_up])
    event = Event(seat, _EVENT_TAKE_TURN_UP, turn_up, trick_number)
    return _with_hand(hands, seat, hand), board.taking(event)


def _pass_rob(board: Board, seat: int, rob: RobDecision) -> Board:
    """Let the rob of ``seat`` pass (he declines it, or plays without robbing).

    His rob decision says whether that is an event and whether it bars him (SF-12).
    """
    if not (rob.pass_recorded or rob.pass_bars):
        return board
    event = Event(seat, _EVENT_DECLINE_ROB, None, 0) if rob.pass_recorded else None
    return board.passed(seat, event, barred=rob.pass_bars)


# --------------------------------------------------------------------------- steps


def _play(state: State, action: Play) -> State:
    """Play a card: the next seat clockwise plays, or the trick is complete.

    Implements SF-14: the eldest hand leads to the first trick (see :func:`begin_play`),
    each player adds one card in turn clockwise, and the winner of each trick (SF-17)
    leads to the next. A player who plays at his first turn in the first trick while the
    turn-up is on the table lets his rob pass, as his rob decision says (SF-12).
    """
    deal = state._deal
    seat = state._seat
    assert seat is not None
    held = state._held
    hand = held[seat]
    at = 0  # the place of his card in his hand (a legal play is one of its actions)
    while hand[at] is not action:
        at += 1
    changed = list(held)
    changed[seat] = hand[:at] + hand[at + 1 :]
    hands = tuple(changed)
    trick = state._trick + (action.card,)  # noqa: RUF005 (one tuple; unpacking lists first)
    tricks = state._tricks
    board = state._board
    # While the turn-up may be robbed (the decision's window is open), rob decisions
    # matter: the player's rob passes as he plays, and the next player's may add to his
    # plays.
    window = state._window
    if window is None:
        rob = deal._robs[seat]
        if rob._time is _FIRST_TURN:
            board = _pass_rob(board, seat, rob)
    log = (state._log, action)
    n = deal._n
    nxt = seat + 1 if seat + 1 < n else 0  # his left neighbour (left_of, C-1, in line)
    if len(trick) == n:
        return _trick_done(deal, board, hands, trick, nxt, tricks, state._won, log)
    if window is None and deal._robs[nxt]._time is not _NEVER:
        return _first_trick_turn(deal, board, hands, nxt, trick, state._won, log)
    # His plays, as in _play_turn: what the led card obliges him to (SF-16).
    led: int = trick[0]  # a card is its index: the tables are indexed by card
    legal = deal._following[led].plays(hands[nxt])
    return State(deal, board, hands, nxt, legal, window, trick, tricks, state._won, log)


def _trick_done(
    deal: Deal,
    board: Board,
    hands: Held,
    trick: tuple[Card, ...],
    leader: int,
    tricks: tuple[Taken, ...],
    won: tuple[int, ...],
    log: Log[Action],
) -> State:
    """A complete trick: its winner (SF-17), then what follows it (SF-18 to SF-24)."""
    n = deal._n
    winner = leader + winning_index(trick, deal._table)  # the strongest card wins (SF-17)
    if winner >= n:
        winner -= n
    tricks = tricks + (Taken(leader, trick, winner),)  # noqa: RUF005 (one tuple; unpacking lists first)
    counts = list(won)
    counts[winner] += 1
    won = tuple(counts)
    played = len(tricks)
    if played == 1 and board._dealer_robbed and board._taker is None:
        # The robbing dealer's ace joins his hand after the first trick (SF-10).
        hands, board = _take_turn_up(deal, board, hands, deal._dealer, 1)
    rules = deal._rules
    if counts[winner] < rules._plain_need and played < 5:
        result: Result = _PLAY  # nothing else can end the hand (settlement.plain_need)
    elif rules._points:
        scores, result = points_result(rules, board, winner, won, played)
        if scores != board._scores:
            board = board.scoring(scores)
    else:
        result = trick_result(rules, board, winner, won, played)
    if result is _PLAY:  # the winner leads (SF-14), any card: as in _play_turn
        window = turn_up_window(played, board._taker is not None)
        return State(deal, board, hands, winner, hands[winner], window, (), tricks, won, log)
    if result is _JINK:
        return waiting(deal, board, hands, JinkDecision(winner), (), tricks, won, log)
    assert isinstance(result, OutcomeKind)
    team = rules._members[rules._sides[winner]]
    board = settle(rules._options, deal._dealer, board, result, team, won)
    return _settled(deal, board, hands, tricks, won, log)


def _settled(
    deal: Deal,
    board: Board,
    hands: Held,
    tricks: tuple[Taken, ...],
    won: tuple[int, ...],
    log: Log[Action],
) -> State:
    """The state of a settled hand (no decision pending)."""
    settled = board._settled
    assert settled is not None
    over = GAME_OVER if settled._kind is _OUTCOME_GAME_WON else DEAL_OVER
    return waiting(deal, board, hands, over, (), tricks, won, log)


def _rob(state: State, action: Rob) -> State:
    """Rob: discard face down and take (or, for the dealer, claim) the turn-up.

    A false rob bars the robber, as his rob decision says (SF-10 to SF-12).
    """
    deal = state._deal
    seat = state._seat
    assert seat is not None
    discard = action.discard
    hand = [play.card for play in state._held[seat] if play.card != discard]
    event = Event(seat, _EVENT_ROB, discard, len(state._tricks))
    log = (state._log, action)
    if state.phase is _DEALER_ROB:
        board = state._board.robbed(event, taken=False, barred=False)
        hands = _with_hand(state._held, seat, _held_hand(hand))
        return _first_trick_turn(deal, board, hands, deal._eldest, (), state._won, log)
    board = state._board.robbed(event, taken=True, barred=not deal._robs[seat].rightful)
    hand.append(deal._turn_up)
    hands = _with_hand(state._held, seat, _held_hand(hand))
    window = turn_up_window(len(state._tricks), True)
    return _play_turn(
        deal, board, hands, seat, state._trick, state._tricks, state._won, log, window
    )


def _decline_rob(state: State, action: DeclineRob) -> State:
    """The dealer declines to rob a turned-up ace, before the lead (SF-12)."""
    deal = state._deal
    seat = state._seat
    assert seat is not None
    board = _pass_rob(state._board, seat, deal._robs[seat])
    log = (state._log, DECLINE_ROB)
    return _first_trick_turn(deal, board, state._held, deal._eldest, (), state._won, log)


def _jink(state: State, action: Stop | GoOn) -> State:
    """Stop and take the pool, or go on for a jink (SF-21)."""
    deal = state._deal
    seat = state._seat
    assert seat is not None
    rules = deal._rules
    side = rules.sides[seat]
    log = (state._log, action)
    if isinstance(action, Stop):
        board = state._board.noting(Event(seat, _EVENT_STOP, None, 3))
        board = settle(
            rules.options, deal._dealer, board, _OUTCOME_WON, rules.members[side], state._won
        )
        return _settled(deal, board, state._held, state._tricks, state._won, log)
    board = state._board.jinking(side, Event(seat, _EVENT_GO_ON, None, 3))
    window = turn_up_window(len(state._tricks), board._taker is not None)
    return _play_turn(deal, board, state._held, seat, (), state._tricks, state._won, log, window)


def _fiving(state: State, action: AskFive | DeclineFive | AcceptFive | RefuseFive) -> State:
    """Ask, decline, accept or refuse to five the hand (SF-9)."""
    deal = state._deal
    board = state._board
    seat = state._seat
    assert seat is not None
    log = (state._log, action)
    held = state._held
    if isinstance(action, AcceptFive):
        fived = deal.fived(five(deal._drawn, 5 * deal._n))
        board = board.noting(Event(seat, _EVENT_ACCEPT_FIVE, fived._turn_up))
        return begin_play(fived, board, held, log)
    if isinstance(action, RefuseFive):
        return begin_play(deal, board.noting(Event(seat, _EVENT_REFUSE_FIVE)), held, log)
    if isinstance(action, AskFive):
        board = board.noting(Event(seat, _EVENT_ASK_FIVE))
    else:
        board = board.declining_five(Event(seat, _EVENT_DECLINE_FIVE))
    rules = deal._rules
    fiving = fiving_decision(
        rules.options,
        rules.sides,
        deal._dealer,
        declined=board._five_declined,
        asked=isinstance(action, AskFive),
    )
    if fiving is None:
        return begin_play(deal, board, held, log)
    return waiting(deal, board, held, fiving, (), (), state._won, log)


_STEPS: Final[dict[type, Callable[..., State]]] = {
    Play: _play,
    Rob: _rob,
    DeclineRob: _decline_rob,
    Stop: _jink,
    GoOn: _jink,
    AskFive: _fiving,
    DeclineFive: _fiving,
    AcceptFive: _fiving,
    RefuseFive: _fiving,
}
"""Per action class, the step that plays a legal action of it."""

RULEBOOK: Final = _engine.Rulebook(
    name="spoil_five",
    title="Spoil Five",
    state_type=State,
    action_types=ACTION_TYPES,
    parse=parse_action,
    refuse=_refuse,
    steps=_STEPS,
)
"""Spoil Five for the calls both games share (:mod:`cardrules._engine`)."""


# --------------------------------------------------------------------------- queries


def is_deal_over(state: State) -> bool:
    """Return whether the current deal has been settled."""
    return state._board._settled is not None


def is_game_over(state: State) -> bool:
    """Return whether the game has ended: only a points game ends (SF-24)."""
    return state.phase is _GAME_OVER


def deal_history(state: State) -> DealHistory[Action]:
    """Return the record of the current deal: dealer, seed, pack and actions so far."""
    deal = state._deal
    return DealHistory(
        dealer=deal._dealer,
        seed=deal._seed,
        deck=deal._deck,
        actions=log_items(state._log),
        result=deal_result(state),
    )


def history(state: State) -> History[Action]:
    """Return how ``state`` was reached: per deal the dealer, seed, pack and actions."""
    return History(deals=(*log_items(state._deal._past), deal_history(state)))

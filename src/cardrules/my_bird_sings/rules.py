"""Playing My Bird Sings: the verify/can/do triad and the steps the actions take.

:func:`check_action` (verify) says why an action is refused, :func:`is_legal` (can) is
``check_action(...) is None``, and :func:`apply_action` (do) checks, then steps. Every
legal action comes from the pending decision a rule function returned (the pass of MBS-8,
the exchange of MBS-11, the sing check of MBS-9/MBS-12, the end of the deal), and every
refusal from the same rules, told from what the seat to act sees
(:mod:`cardrules.my_bird_sings.refusals`). The four calls are the ones both games share
(:mod:`cardrules._engine`), given this game's steps.

>>> from cardrules.my_bird_sings import Options, Draw, new_game
>>> print(check_action(new_game(Options(players=3), seed=2), Draw(0)))
cannot draw 0: with throw passing the player on turn chooses the card (MBS-8)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Final, cast, overload

from cardrules import _engine
from cardrules._engine import left_of
from cardrules._shuffle import pack_top
from cardrules.cards import Card
from cardrules.errors import IllegalActionError
from cardrules.history import DealHistory, Log
from cardrules.messages import Message, message
from cardrules.my_bird_sings.actions import (
    ACTION_TYPES,
    Abandon,
    Action,
    DeclineExchange,
    DeclineSing,
    Draw,
    Exchange,
    Pass,
    Sing,
    parse_action,
)
from cardrules.my_bird_sings.exchange import exchange_cards
from cardrules.my_bird_sings.option_tables import OptionTables, tables_for
from cardrules.my_bird_sings.options import Options
from cardrules.my_bird_sings.passing import DrawDecision, pass_decision
from cardrules.my_bird_sings.refusals import refusal, seen_in_state
from cardrules.my_bird_sings.settlement import settle
from cardrules.my_bird_sings.state import (
    NO_STEP,
    Deal,
    Event,
    EventKind,
    Hands,
    OutcomeKind,
    Phase,
    State,
)
from cardrules.my_bird_sings.tricks import lay_trick
from cardrules.my_bird_sings.turn import SingDecision, plain_turn, play_turn

__all__ = [
    "apply_action",
    "check_action",
    "exchange_open",
    "is_deal_over",
    "is_game_over",
    "is_legal",
    "legal_actions",
    "offered_order",
    "start_deal",
    "start_session",
]

_P: Final = "my-bird-sings.refusal."


def start_deal(
    rules: OptionTables,
    dealer: int,
    seed: int,
    deck: tuple[Card, ...] | None,
    number: int,
    first_seed: int,
    previous: Log[DealHistory[Action]],
    carried: tuple[int, tuple[int, ...]] | None,
    legacy: bool = False,
) -> State:
    """Ante (MBS-2), deal (MBS-3) and return the state at the deal's first decision.

    The engine's side of a deal's start: :func:`~cardrules.my_bird_sings.session.new_game`
    and :func:`~cardrules.my_bird_sings.session.next_deal` check the seed and the deck.
    ``carried`` is the pool and the balances the previous deal left, ``None`` for a
    session's first deal (an empty pool, everybody at 0); ``legacy`` deals by the seed
    mapping of record versions 1 and 2 (to replay them).
    """
    deal = Deal(rules, dealer, seed, deck, number, first_seed, previous, legacy)  # once a deal
    count = rules._dealt
    dealt = pack_top(rules._pack, seed, count, legacy) if deck is None else deck[:count]
    if carried is None:
        table = rules._first_boards[dealer]
    else:
        pool, balances = carried
        paid = rules._antes[dealer]
        table = rules._first_boards[dealer].with_counters(
            pool + sum(paid), tuple(map(operator.sub, balances, paid))
        )
    hands: Hands = rules._dealing[dealer](dealt)
    return play_turn(deal, hands, 0, table, None, None)  # turn 0 begins


def start_session(
    options: Options, dealer: int, seed: int, deck: tuple[Card, ...] | None, legacy: bool
) -> State:
    """The first deal of a session under ``options``: :func:`start_deal` with nothing before it.

    The engine's side of :func:`~cardrules.my_bird_sings.session.new_game`, which checks
    the arguments: the deal's seed is the session's first seed, no deal came before, the
    pool is empty and everybody's balance 0.
    """
    return start_deal(tables_for(options), dealer, seed, deck, 0, seed, None, None, legacy)


# Each of the four calls takes any object, so that even the compiled build (which checks
# annotations itself) refuses a view with the TypeError naming what to call instead; type
# checkers see only the overloads.
@overload
def legal_actions(state: State) -> tuple[Action, ...]: ...


@overload
def legal_actions(state: object) -> tuple[Action, ...]: ...


def legal_actions(state: object) -> tuple[Action, ...]:
    """The actions open to ``state.to_act``; ``()`` exactly when the deal is over.

    ``Abandon()`` is open only at the first decision of each round after the first (see
    MBS-13), and then comes last.

    >>> from cardrules.my_bird_sings import Options, new_game
    >>> state = new_game(Options(players=3), seed=3)
    >>> [str(a) for a in legal_actions(state)]
    ['pass 6S', 'pass 3D', 'pass 8D', 'pass 5C']
    >>> for _ in range(3):  # one round: turns 0, 1 and 2
    ...     state = apply_action(state, legal_actions(state)[0])
    >>> state.turn, [str(a) for a in legal_actions(state)]
    (3, ['pass 3D', 'pass 8D', 'pass 5C', 'pass 7C', 'abandon'])

    Raises:
        TypeError: if ``state`` is not a state (for a view, read ``view.legal_actions``).
    """
    if type(state) is State:  # the engine's hot path, in line (no call on every step)
        return state._legal
    return _engine.legal_actions(RULEBOOK, state)


# Enum members read once: a class attribute look-up costs a call on every step.
_EVENT_EXCHANGE: Final = EventKind.EXCHANGE
_EXCHANGE: Final = Phase.EXCHANGE
_OUTCOME_ABANDONED: Final = OutcomeKind.ABANDONED
_OUTCOME_EXHAUSTED: Final = OutcomeKind.EXHAUSTED
_OUTCOME_SANG: Final = OutcomeKind.SANG
_PASS: Final = Pass  # read once, as the enum members are


# The implementations of check_action and is_legal take any object, so that even the
# compiled build (which checks annotations itself) refuses a view with wrong_state, naming
# explain_action; type checkers see only the overloads.
@overload
def check_action(state: State, action: Action | str) -> IllegalActionError | None: ...


@overload
def check_action(state: State, action: object) -> IllegalActionError | None: ...


def check_action(state: object, action: object) -> IllegalActionError | None:
    """Explain why ``action`` is illegal in ``state``, or return ``None`` if it is legal.

    The "verify" of the verify/can/do triad (:func:`check_action`, :func:`is_legal`,
    :func:`apply_action`); the error names the rule and says why in one sentence, told
    from what the seat to act sees (:func:`cardrules.my_bird_sings.refusals.refusal`,
    which :func:`~cardrules.my_bird_sings.explain.explain_action` asks from a seat's
    view). ``action`` may be notation (``"pass 9C"``).

    >>> from cardrules.cards import parse_card
    >>> from cardrules.my_bird_sings import Options, Pass, new_game
    >>> str(check_action(new_game(Options(players=3), seed=2), Pass(parse_card("9C"))))
    'cannot pass 9C: you do not hold 9C (MBS-9)'

    Raises:
        TypeError: if ``state`` is not a state (for a view, call ``explain_action``).
    """
    return _engine.check_action(RULEBOOK, state, action)


@overload
def is_legal(state: State, action: Action | str) -> bool: ...


@overload
def is_legal(state: State, action: object) -> bool: ...


def is_legal(state: object, action: object) -> bool:
    """Whether ``apply_action(state, action)`` would succeed (the "can" of the triad).

    >>> from cardrules.my_bird_sings import Options, new_game, ABANDON
    >>> is_legal(new_game(Options(players=3), seed=2), ABANDON)
    False
    >>> is_legal(new_game(Options(players=3), seed=2), "pass 5D")  # notation is read
    True
    """
    return _engine.is_legal(RULEBOOK, state, action)


@overload
def apply_action(state: State, action: Action) -> State: ...


@overload
def apply_action(state: State, action: str) -> State: ...


def apply_action(state: object, action: object) -> State:
    """Apply ``action`` and return the state at the next decision (the "do" of the triad).

    Automatic steps (receiving, sing checks, replenishing, settlement) happen inside this
    call. ``state`` itself is never changed. ``action`` is an action, or its notation
    (``"pass KH"``), read by :func:`~cardrules.my_bird_sings.actions.parse_action`.

    Raises:
        IllegalActionError: naming the rule, if the action is illegal (C-7).
        TypeError: if ``state`` is not a state (a view, say), or ``action`` neither an
            action nor its notation (read notation with ``my_bird_sings.parse_action``).
    """
    # The engine's hot path, in line: a legal action of a state of this game, its step.
    if type(state) is State and action in state._legal:
        if type(action) is _PASS:  # nearly every action: its step called directly
            return _throw(state, action)
        return _STEPS[type(action)](state, action)
    return _engine.apply_action(RULEBOOK, state, action)


def _refuse(state: State, action: object) -> Message:
    """Why ``action``, not among the decision's actions, is refused: its rule's word."""
    return refusal(seen_in_state(state), action)


def _throw(state: State, action: Pass) -> State:
    """A pass thrown by the player on turn, who decides (MBS-8)."""
    thrower = state._seat
    assert thrower is not None  # a legal pass has a player to make it
    return _pass(state, thrower, action.card, action)


def _draw(state: State, action: Draw) -> State:
    """A pass drawn from the hand the player on turn offers (MBS-8)."""
    decision = cast(DrawDecision, state._decision)  # the one decision that offers Draw
    return _pass(state, decision.giver, decision.order[action.index], action)


def _decline_exchange(state: State, action: DeclineExchange) -> State:
    """The player on turn declines the exchange: his pass follows (MBS-11, MBS-8)."""
    deal = state._deal
    hands = state._hands
    seat = deal.on_turn(state._turn)
    passing = pass_decision(deal, hands[seat], seat, state._turn, NO_STEP)
    log = (state._log, action)
    return State(deal, hands, state._turn, passing, state._board, log, state._events)


def _abandon(state: State, action: Abandon) -> State:
    """The deal is abandoned (MBS-13)."""
    log = (state._log, action)
    return settle(
        state._deal,
        state._hands,
        state._turn,
        state._board,
        log,
        state._events,
        _OUTCOME_ABANDONED,
    )


def _decline_sing(state: State, action: DeclineSing) -> State:
    """The chance is lost; the turn goes on after this check (D-5)."""
    decision = cast(SingDecision, state._decision)  # the one decision that offers it
    return play_turn(
        state._deal,
        state._hands,
        state._turn,
        state._board,
        (state._log, action),
        state._events,
        begins=False,
        pre=decision._step._pre,
        exchanged=decision._step._exchanged,
        check=False,
    )


def _pass(state: State, giver: int, card: Card, action: Action) -> State:
    """``giver`` passes ``card`` to his left neighbour; then the next turn begins (MBS-9).

    Implements MBS-10: the passed card goes straight into its receiver's hand, who is the
    next player on turn (step 1 of his turn). Hence the leader holds ``hand_size`` cards at
    each of his checks and one fewer after passing, everybody else one more and
    ``hand_size``, and together the players always hold ``players × hand_size`` cards.
    """
    deal = state._deal
    rules = deal._rules
    receiver = left_of(giver, rules._players)
    hands = list(state._hands)
    kept = list(hands[giver])
    kept.remove(card)  # the giver's other cards, in their order
    hands[giver] = tuple(kept)
    hands[receiver] = hands[receiver] + (card,)
    number: int = card  # a card is its number in the pack (a native index)
    events = (state._events, rules._passes[giver][number])
    log = (state._log, action)
    turn = state._turn + 1
    if turn < rules._plain_until:  # the receiver's turn has only a check and his pass
        return plain_turn(deal, tuple(hands), turn, receiver, state._board, log, events)
    return play_turn(deal, tuple(hands), turn, state._board, log, events)


def _exchange(state: State, action: Exchange) -> State:
    """An exchange with the stock (MBS-11); then the holding is checked again (MBS-9)."""
    deal = state._deal
    table = state._board
    turn = state._turn
    seat = deal.on_turn(turn)
    discard = action.discard
    taken, rejects, stock, dead = exchange_cards(
        deal.options, discard, deal.stock_of(table), table.dead
    )
    hand = list(state._hands[seat])
    hand.remove(discard)
    hand.append(taken)
    hands = list(state._hands)
    hands[seat] = tuple(hand)
    event = Event(seat, _EVENT_EXCHANGE, card=discard, cards=rejects, taken=taken, turn=turn)
    return play_turn(
        deal,
        tuple(hands),
        turn,
        table.with_piles(stock, dead, table.tricks, table.trick_cards),
        (state._log, action),
        (state._events, event),
        begins=False,
        exchanged=True,
    )


def _sing(state: State, action: Sing) -> State:
    """A chosen sing: the bird wins (MBS-12), or lays a trick and is checked again (MBS-15).

    The decision is a sing decision, or the pass or exchange of the player on turn that
    offers sings beside its own actions (``auto_sing=False``, see
    :func:`~cardrules.my_bird_sings.turn.declaration`).
    """
    deal = state._deal
    decision = state._decision
    seat = cast("int", state._seat)
    log = (state._log, cast(Action, action))  # legal: one of the game's actions
    if not deal.options.play_to_exhaustion:
        return settle(
            deal,
            state._hands,
            state._turn,
            state._board,
            log,
            state._events,
            _OUTCOME_SANG,
            singer=seat,
            shown=action.cards,
        )
    hands, table, events, ended = lay_trick(
        deal, state._hands, state._turn, seat, action.cards, state._board, state._events
    )
    if ended:
        return settle(deal, hands, state._turn, table, log, events, _OUTCOME_EXHAUSTED)
    return play_turn(
        deal,
        hands,
        state._turn,
        table,
        log,
        events,
        begins=False,
        pre=decision._step._pre,
        exchanged=decision._step._exchanged,
    )


_STEPS: Final[dict[type, Callable[..., State]]] = {
    Pass: _throw,
    Draw: _draw,
    Exchange: _exchange,
    DeclineExchange: _decline_exchange,
    Abandon: _abandon,
    DeclineSing: _decline_sing,
    Sing: _sing,
}
"""Per action class, the step that plays a legal action of it."""

RULEBOOK: Final = _engine.Rulebook(
    name="my_bird_sings",
    title="My Bird Sings",
    state_type=State,
    action_types=ACTION_TYPES,
    parse=parse_action,
    refuse=_refuse,
    steps=_STEPS,
)
"""My Bird Sings for the calls both games share (:mod:`cardrules._engine`)."""


def exchange_open(state: State) -> bool:
    """Whether the player on turn is being offered an exchange with the stock (MBS-11).

    >>> from cardrules.my_bird_sings import Options, new_game
    >>> exchange_open(new_game(Options(players=3, exchange_after_rounds=0), seed=1))
    True
    >>> exchange_open(new_game(Options(players=3), seed=1))
    False
    """
    return state.phase is _EXCHANGE


def offered_order(state: State) -> tuple[Card, ...]:
    """The order in which the hand on offer lies face down (``draw_blind``, MBS-8).

    A fresh uniformly random order for every turn, fixed by the deal's seed and the turn
    number (never shown to the drawer). Hidden information: for tests and replays.

    Raises:
        IllegalActionError: if no hand is on offer.
        TypeError: if ``action`` is neither an action nor its notation (read notation
            with ``my_bird_sings.parse_action``).

    """
    decision = state._decision
    if type(decision) is not DrawDecision:
        raise IllegalActionError("draw", "MBS-8", message(_P + "no-offer", "MBS-8"))
    return decision.order


def is_deal_over(state: State) -> bool:
    """Whether the current deal has ended (a bird sang, void, abandoned or exhausted)."""
    return state._seat is None


def is_game_over(state: State) -> bool:
    """Always ``False``: My Bird Sings is a pool game that goes on deal after deal."""
    return False

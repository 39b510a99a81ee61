"""Why an action is illegal: one explanation per refusal, with its rule id (C-7).

:func:`check_action` is the "verify" of the verify/can/do triad; :func:`is_legal` the
"can"; :func:`~tests.legacy.my_bird_sings.rules.apply_action` the "do". Only the one action
given is examined, never the whole list of legal actions.

>>> from tests.legacy.my_bird_sings import Options, Draw, new_game
>>> print(check_action(new_game(Options(players=3), seed=2), Draw(0)))
cannot draw 0: with throw passing the player on turn chooses the card (MBS-8)
"""

from __future__ import annotations

from cardrules.errors import IllegalActionError
from tests.legacy.my_bird_sings.actions import (
    DECLINE_SING,
    Abandon,
    Action,
    DeclineExchange,
    DeclineSing,
    Draw,
    Exchange,
    Pass,
    Sing,
)
from tests.legacy.my_bird_sings.options import (
    ExchangeBy,
    Passing,
)
from tests.legacy.my_bird_sings.state import (
    OutcomeKind,
    Phase,
    State,
)

__all__ = ["check_action", "is_legal"]

_PASS = Phase.PASS
_DRAW = Phase.DRAW
_EXCHANGE = Phase.EXCHANGE
_SING = Phase.SING
_OVER = Phase.OVER
_THROW = Passing.THROW


def _err(action: object, rule: str, reason: str) -> IllegalActionError:
    return IllegalActionError(action, rule, reason)


def _phase_error(state: State, action: Action) -> IllegalActionError:
    """Explain why ``action`` does not fit the pending decision (MBS-8, MBS-9, MBS-11)."""
    seat = state.to_act
    phase = state.phase
    on_turn = state.on_turn
    if phase is _EXCHANGE:
        return _err(
            action,
            "MBS-11",
            f"seat {seat} must first exchange a card with the stock or decline the exchange",
        )
    if phase is _SING:
        return _err(action, "MBS-9", f"seat {seat}'s holding sings; seat {seat} must sing first")
    if phase is _DRAW:
        return _err(
            action,
            "MBS-8",
            f"seat {seat} must now draw a card from the hand seat {on_turn} offers face down",
        )
    left = (state.on_turn + 1) % state.players
    return _err(action, "MBS-8", f"seat {state.on_turn} must now pass a card to seat {left}")


def _exchange_error(state: State, action: Action) -> IllegalActionError:
    info = state._deal
    by = info.options.exchange_by
    if by is ExchangeBy.NOBODY:
        reason = "exchanges with the stock are not played (exchange_by is 'nobody')"
    elif by is ExchangeBy.LEADER and state.on_turn != info.eldest:
        reason = f"only the original leader, seat {info.eldest}, may exchange with the stock"
    elif state.turn < info.exchange_from:
        rounds = info.options.exchange_after_rounds
        first = rounds * info.players
        reason = f"no exchange before turn {first}, after {rounds} full rounds"
    elif not state._table.stock_count:
        reason = "the stock is empty"
    elif state._exchanged:
        reason = "only one exchange is allowed per turn"
    elif state.phase is _PASS or state.phase is _DRAW:
        reason = "this turn's chance to exchange was declined"
    else:
        return _phase_error(state, action)
    return _err(action, "MBS-11", reason)


def _sing_error(state: State, action: Sing, seat: int) -> IllegalActionError:
    phase = state.phase
    if phase is not _SING:
        return _err(
            action,
            "MBS-9",
            "a bird sings only when its owner's holding is checked, and no holding that "
            "sings is waiting for a decision",
        )
    hand = state.hands[seat]
    if not all(card in hand for card in action.cards):
        return _err(action, "MBS-12", "you do not hold all of these cards")
    options = state.options
    size = options.hand_size
    rainbow = size == 4 and options.singing == "flush_or_rainbow"
    return _err(
        action,
        "MBS-6" if size == 3 else "MBS-4" if rainbow else "MBS-5",
        f"these are not {size} cards of one suit"
        + (" nor four cards of four different suits" if rainbow else ""),
    )


def _abandon_error(state: State, action: Action) -> IllegalActionError:
    """Explain why the deal cannot be abandoned now (MBS-13, engine's reading of D-11)."""
    n = state.players
    turn = state.turn
    if turn >= n and turn % n == 0:
        reason = "the first decision of this round has been taken"
    else:
        reason = "no new round is beginning"
    following = max(n, (turn // n + 1) * n)
    return _err(
        action,
        "MBS-13",
        f"a deal may be abandoned only at the first decision of a round after the first; "
        f"{reason} (next chance: turn {following})",
    )


def check_action(state: State, action: object) -> IllegalActionError | None:
    """Explain why ``action`` is illegal in ``state``, or return ``None`` if it is legal.

    The "verify" of the verify/can/do triad (:func:`check_action`, :func:`is_legal`,
    :func:`apply_action`); the error names the rule and says why in one sentence. Only
    the one action given is examined.

    >>> from cardrules.cards import parse_card
    >>> from tests.legacy.my_bird_sings import Options, Pass, new_game
    >>> str(check_action(new_game(Options(players=3), seed=2), Pass(parse_card("9C"))))
    'cannot pass 9C: you do not hold 9C (MBS-9)'
    """
    phase = state.phase
    seat = state.to_act
    if phase is _OVER or seat is None:
        outcome = state.outcome
        rule = "MBS-12" if outcome is not None and outcome.kind is OutcomeKind.SANG else "MBS-13"
        if outcome is not None and outcome.kind is OutcomeKind.EXHAUSTED:
            rule = "MBS-15"
        return _err(action, rule, "the deal is over; start the next deal")
    if type(action) is Abandon:
        legal = state._legal
        return None if legal and type(legal[-1]) is Abandon else _abandon_error(state, action)
    if type(action) is Pass:
        if state.options.passing is not _THROW:
            return _err(
                action,
                "MBS-8",
                "with draw_blind passing the left neighbour draws a card; nobody throws one",
            )
        if phase is not _PASS:
            return _phase_error(state, action)
        if action.card not in state.hands[seat]:
            return _err(action, "MBS-9", f"you do not hold {action.card}")
        return None
    if type(action) is Draw:
        if state.options.passing is _THROW:
            return _err(action, "MBS-8", "with throw passing the player on turn chooses the card")
        if phase is not _DRAW:
            return _phase_error(state, action)
        size = len(state.hands[state.on_turn])
        if not 0 <= action.index < size:
            return _err(
                action,
                "MBS-8",
                f"seat {state.on_turn} offers {size} cards, at positions 0 to {size - 1}",
            )
        return None
    if type(action) is Exchange:
        if phase is not _EXCHANGE:
            return _exchange_error(state, action)
        if action.discard not in state.hands[seat]:
            return _err(action, "MBS-11", f"you do not hold {action.discard}")
        return None
    if type(action) is DeclineExchange:
        return _exchange_error(state, action) if phase is not _EXCHANGE else None
    if type(action) is Sing:
        return None if action in state._legal else _sing_error(state, action, seat)
    if type(action) is DeclineSing:
        if DECLINE_SING in state._legal:
            return None
        if phase is _SING:
            return _err(action, "MBS-9", "singing is automatic and compulsory (auto_sing is on)")
        return _err(action, "MBS-9", "no holding that sings is waiting for a decision")
    return _err(action, "C-7", "it is not a My Bird Sings action")


def is_legal(state: State, action: object) -> bool:
    """Whether ``apply_action(state, action)`` would succeed (the "can" of the triad).

    >>> from tests.legacy.my_bird_sings import Options, new_game, ABANDON
    >>> is_legal(new_game(Options(players=3), seed=2), ABANDON)
    False
    """
    return check_action(state, action) is None

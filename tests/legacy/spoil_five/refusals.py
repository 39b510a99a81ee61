"""Why an action is illegal: one readable sentence and the rule it breaks.

Only called when an action is not among a state's legal actions, so speed does not
matter here; clarity does.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import IllegalActionError
from tests.legacy.spoil_five.actions import (
    ACTION_TYPES,
    AcceptFive,
    AskFive,
    DeclineFive,
    DeclineRob,
    GoOn,
    Play,
    RefuseFive,
    Rob,
    Stop,
)
from tests.legacy.spoil_five.options import PlainLeadRule, Robbing, RobEnforcement
from tests.legacy.spoil_five.ranking import TRUMP
from tests.legacy.spoil_five.state import Phase, State

__all__ = ["explain"]

_ACE_OF_HEARTS: Final = Card(Rank.ACE, Suit.HEARTS)
_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs", "trumps")
_A_SUIT: Final = ("a spade", "a heart", "a diamond", "a club", "a trump")

_PHASE_DUTY: Final = {
    Phase.FIVING_ASK: ("SF-9", "first ask the dealer to five the hand or decline"),
    Phase.FIVING_ANSWER: ("SF-9", "the dealer must first accept or refuse to five the hand"),
    Phase.DEALER_ROB: ("SF-10", "the dealer must first discard to rob the turned-up ace"),
    Phase.ROB: ("SF-11", "you hold the ace of trumps: rob the turn-up first"),
    Phase.JINK: ("SF-21", "you won the first three tricks: first choose stop or go-on"),
}


def explain(state: State, action: object) -> IllegalActionError:
    """Return the error saying why ``action`` is not legal in ``state``."""
    if not isinstance(action, ACTION_TYPES):
        return IllegalActionError(repr(action), "C-7", "that is not a Spoil Five action")
    if state.to_act is None:
        if state.phase is Phase.GAME_OVER:
            return IllegalActionError(action, "SF-24", "the game is over")
        return IllegalActionError(action, "C-7", "the deal is over; start the next deal")
    phase = state.phase
    if isinstance(action, Play):
        if phase is not Phase.PLAY:
            rule, duty = _PHASE_DUTY[phase]
            return IllegalActionError(action, rule, duty)
        return _explain_play(state, action)
    if isinstance(action, Rob | DeclineRob):
        return _explain_rob(state, action)
    if isinstance(action, Stop | GoOn):
        return IllegalActionError(
            action,
            "SF-21",
            "only a player who has just won the first three tricks may stop or go on, "
            "and only when jinking is played",
        )
    assert isinstance(action, AskFive | DeclineFive | AcceptFive | RefuseFive)
    if not state.options.fiving:
        return IllegalActionError(action, "SF-9", "fiving is not played in this game")
    if isinstance(action, AskFive | DeclineFive) and phase is Phase.FIVING_ANSWER:
        return IllegalActionError(action, "SF-9", "the dealer must now accept or refuse")
    if isinstance(action, AcceptFive | RefuseFive) and phase is Phase.FIVING_ASK:
        return IllegalActionError(action, "SF-9", "nobody has asked the dealer to five yet")
    if phase in _PHASE_DUTY:
        rule, duty = _PHASE_DUTY[phase]
        return IllegalActionError(action, rule, duty)
    return IllegalActionError(
        action, "SF-9", "fiving is only asked and answered after the deal, before any play"
    )


def _explain_play(state: State, action: Play) -> IllegalActionError:
    card = action.card
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if card not in hand:
        return IllegalActionError(action, "C-7", f"you do not hold {card}")
    trick = state.trick
    table = state.deal.table
    suit_of = table.suit_of
    led = trick[0]
    led_suit = suit_of[led]
    if led_suit == TRUMP:
        beaten = [c for c in hand if suit_of[c] == TRUMP and not _protected(state, c, led)]
        return IllegalActionError(
            action,
            "SF-15",
            f"trumps were led ({led}) and you hold {beaten[0]}, which may not renege "
            "against it; play a trump",
        )
    held = _A_SUIT[led_suit]
    if state.options.plain_lead_rule is PlainLeadRule.MUST_FOLLOW:
        return IllegalActionError(
            action, "SF-16", f"{_describe(card, suit_of[card])} and you hold {held}; follow suit"
        )
    what = _SUIT_NAMES[suit_of[card]]
    return IllegalActionError(
        action, "SF-16", f"{what} are not trumps and you hold {held}; follow suit or trump"
    )


def _describe(card: Card, suit: int) -> str:
    if card == _ACE_OF_HEARTS:
        return "AH is a trump, not a heart" if suit == TRUMP else "AH is not a trump"
    if suit == TRUMP:
        return f"{card} is a trump"
    return f"{card} is not of the suit led"


def _protected(state: State, card: Card, led: Card) -> bool:
    table = state.deal.table
    return table.protected[card] and table.power[card] > table.power[led]


def _explain_rob(state: State, action: Rob | DeclineRob) -> IllegalActionError:
    options = state.options
    phase = state.phase
    if options.robbing is Robbing.OFF:
        return IllegalActionError(action, "SF-12", "robbing is not played in this game")
    seat = state.to_act
    assert seat is not None
    if isinstance(action, DeclineRob):
        if phase in (Phase.DEALER_ROB, Phase.ROB):
            return IllegalActionError(
                action, "SF-12", "robbing is compulsory here; discard a card to rob"
            )
        if any(isinstance(legal, Rob) for legal in state.legal):
            return IllegalActionError(
                action, "SF-12", "to let the rob pass, simply play a card without robbing"
            )
        return IllegalActionError(action, "SF-11", "there is no rob for you to decline now")
    if phase is Phase.DEALER_ROB:
        return IllegalActionError(action, "SF-10", f"you do not hold {action.discard}")
    if phase is Phase.ROB:
        return IllegalActionError(action, "SF-11", f"you do not hold {action.discard}")
    if phase in _PHASE_DUTY:
        rule, duty = _PHASE_DUTY[phase]
        return IllegalActionError(action, rule, duty)
    info = state.deal
    if info.turn_up.rank is Rank.ACE:
        return IllegalActionError(
            action, "SF-10", "only the dealer robs a turned-up ace, before the lead"
        )
    if state.board.turn_up_taker is not None:
        return IllegalActionError(action, "SF-11", "the turn-up has already been taken")
    if state.tricks or seat in state.board.resolved:
        return IllegalActionError(
            action, "SF-11", "a rob is made only at one's first turn in the first trick"
        )
    if action.discard not in state.hands[seat]:
        return IllegalActionError(action, "SF-11", f"you do not hold {action.discard}")
    if options.rob_enforcement is RobEnforcement.ENFORCE:
        return IllegalActionError(
            action,
            "SF-12",
            f"you do not hold the ace of trumps ({info.table.ace}); only its holder may rob",
        )
    return IllegalActionError(action, "SF-11", "you cannot rob now")

"""Why an action is refused, from what the seat deciding can see (internal).

:func:`refusal` is the engine's one account of a refusal: ``check_action`` gives it the
facts of a state (:func:`seen_in_state`), and :func:`~cardrules.spoil_five.explain_action`
the same facts read from the deciding seat's view. Those facts (:class:`Seen`) are only
what that seat may know: its hand, the trick so far, the trump suit, the phase, whether
the turn-up may still be robbed, and its own rob decision; the sentences come from the
rule functions (following, robbing, fiving, jinking).

>>> from cardrules.spoil_five import Options, new_game, parse_action
>>> state = new_game(Options(players=3), seed=1)
>>> why = refusal(seen_in_state(state), parse_action("play 5C"))
>>> why.id, why.rules, str(why)
('common.refusal.not-held', ('C-7',), 'you do not hold 5C')
"""

from __future__ import annotations

from typing import Final

import attrs

from cardrules.cards import Card, Suit
from cardrules.errors import ViewError
from cardrules.messages import Message, message
from cardrules.spoil_five.actions import Action, DeclineRob, GoOn, Play, Rob, Stop
from cardrules.spoil_five.fiving import fiving_duty, fiving_refusal
from cardrules.spoil_five.option_tables import OptionTables
from cardrules.spoil_five.robbing import RobDecision, rob_duty
from cardrules.spoil_five.settlement import JINK_DUTY, JINK_REFUSAL
from cardrules.spoil_five.state import Phase, State

__all__ = ["Seen", "refusal", "seen_in_state", "turn_refusal"]

_GAME_OVER: Final = message("common.refusal.game-over", "SF-24")
_DEAL_OVER: Final = message("common.refusal.deal-over", "C-7")


@attrs.frozen(slots=True)
class Seen:
    """What the seat deciding sees when an action of his is refused.

    Attributes:
        rules: the option tables of the game (public).
        phase: the pending decision's kind.
        seat: the seat deciding, or None once the deal is over.
        hand: his cards.
        trick: the cards of the trick in progress, led card first.
        trump: the trump suit.
        window: whether the turn-up may be robbed now (None) or why not, at a play
            decision (see :func:`~cardrules.spoil_five.robbing.turn_up_window`); None
            at any other.
        rob: his own rob decision for this deal (None once the deal is over).

    """

    rules: OptionTables
    phase: Phase
    seat: int | None
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    window: Message | None
    rob: RobDecision | None


def seen_in_state(state: State) -> Seen:
    """What the seat to act in ``state`` sees (the facts :func:`refusal` reads)."""
    deal = state._deal
    decision = state.decision
    seat = decision._seat
    return Seen(
        rules=deal._rules,
        phase=decision.phase,
        seat=seat,
        hand=() if seat is None else tuple([play.card for play in state._held[seat]]),
        trick=state._trick,
        trump=deal._trump,
        window=decision.window,
        rob=None if seat is None else deal._robs[seat],
    )


def refusal(seen: Seen, action: Action) -> Message:
    """Why ``action``, which is not among the seat's legal actions, is refused (its rule too)."""
    seat = seen.seat
    rob = seen.rob
    if seat is None or rob is None:
        if seen.phase is Phase.GAME_OVER:
            return _GAME_OVER
        return _DEAL_OVER
    phase = seen.phase
    duty = _duty(phase)
    if isinstance(action, Play):
        return duty if duty is not None else _play_refusal(seen, action.card)
    if isinstance(action, Rob | DeclineRob):
        return rob.refusal(action, phase=phase, window=seen.window, hand=seen.hand, duty=duty)
    if isinstance(action, Stop | GoOn):
        return JINK_REFUSAL
    return fiving_refusal(seen.rules.options, action, phase, duty)  # the other kinds


def _duty(phase: Phase) -> Message | None:
    """The refusal of an action of another kind than the pending decision's; None in play."""
    if phase is Phase.PLAY:
        return None
    if phase is Phase.DEALER_ROB or phase is Phase.ROB:
        return rob_duty(phase)
    if phase is Phase.JINK:
        return JINK_DUTY
    return fiving_duty(phase)


def _play_refusal(seen: Seen, card: Card) -> Message:
    """Why ``card`` may not be played: not held (C-7), or the lead obliges (SF-15, SF-16)."""
    hand = seen.hand
    if card not in hand:
        return message("common.refusal.not-held", "C-7", card=card)
    if seen.trick:  # a held card refused in play is one the lead forbids
        following = seen.rules.following[seen.trump][seen.trick[0]]
        reason = following.refusal(card, hand)
        if reason is not None:
            return reason
    raise ViewError(f"invalid View: legal_actions: play {card} is missing, yet the rules allow it")


_WAITING: Final = {
    Phase.FIVING_ASK: ("SF-9", "fiving-ask"),
    Phase.FIVING_ANSWER: ("SF-9", "fiving-answer"),
    Phase.DEALER_ROB: ("SF-10", "dealer-rob"),
    Phase.ROB: ("SF-11", "rob"),
    Phase.PLAY: ("SF-14", "play"),
    Phase.JINK: ("SF-21", "jink"),
}


def turn_refusal(phase: Phase, to_act: int) -> Message:
    """The refusal of any action by a seat other than ``to_act``, who decides now.

    The rule is the one of the pending decision: whose turn it is to play (SF-14), to rob
    (SF-10, SF-11), to five (SF-9) or to jink (SF-21); all of it public.
    """
    rule, doing = _WAITING[phase]
    return message(f"spoil-five.refusal.turn.{doing}", rule, to_act=to_act)

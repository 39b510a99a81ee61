"""Why an action is refused, from what the seat deciding can see (internal).

:func:`refusal` is the engine's one account of a refusal: ``check_action`` gives it the
facts of a state (:func:`seen_in_state`), and :func:`~cardrules.spoil_five.explain_action`
the same facts read from the deciding seat's view. Those facts (:class:`Seen`) are only
what that seat may know: its hand, the trick so far, the trump suit, the phase, whether
the first trick is still on and the turn-up on the table, and its own rob decision; the
sentences come from the rule functions (following, robbing, fiving, jinking).

>>> from cardrules.spoil_five import Options, new_game, parse_action
>>> state = new_game(Options(players=3), seed=1)
>>> why = refusal(seen_in_state(state), parse_action("play 5C"))
>>> why.id, why.rules, str(why)
('common.refusal.not-held', ('C-7',), 'you do not hold 5C')
"""

from __future__ import annotations

from typing import Final

import attrs

from cardrules._notation import read_action
from cardrules.cards import Card, Suit
from cardrules.errors import IllegalActionError, ViewError
from cardrules.explanations import wrong_argument
from cardrules.messages import Message, message
from cardrules.spoil_five.actions import (
    ACTION_TYPES,
    Action,
    DeclineRob,
    GoOn,
    Play,
    Rob,
    Stop,
    parse_action,
)
from cardrules.spoil_five.compiled import Rules
from cardrules.spoil_five.fiving import fiving_duty, fiving_refusal
from cardrules.spoil_five.robbing import RobDecision
from cardrules.spoil_five.settlement import JINK_DUTY, JINK_REFUSAL
from cardrules.spoil_five.state import Phase, State

__all__ = ["Seen", "as_action", "refusal", "seen_in_state", "turn_refusal", "wrong_state"]

_GAME_OVER: Final = message("common.refusal.game-over", "SF-24")
_DEAL_OVER: Final = message("common.refusal.deal-over", "C-7")


@attrs.frozen(slots=True)
class Seen:
    """What the seat deciding sees when an action of his is refused.

    Attributes:
        rules: the compiled rules of the game's options (public).
        phase: the pending decision's kind.
        seat: the seat deciding, or None once the deal is over.
        hand: his cards.
        trick: the cards of the trick in progress, led card first.
        trump: the trump suit.
        first_trick: whether no trick is complete yet.
        on_table: whether the turn-up is still on the table (nobody has taken it).
        rob: his own rob decision for this deal (None once the deal is over).

    """

    rules: Rules
    phase: Phase
    seat: int | None
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    first_trick: bool
    on_table: bool
    rob: RobDecision | None


def seen_in_state(state: State) -> Seen:
    """What the seat to act in ``state`` sees (the facts :func:`refusal` reads)."""
    deal = state._deal
    seat = state._to_act
    return Seen(
        rules=deal._rules,
        phase=state._phase,
        seat=seat,
        hand=() if seat is None else tuple([play.card for play in state._held[seat]]),
        trick=state._trick,
        trump=deal._trump,
        first_trick=not state._tricks,
        on_table=state._board._taker is None,
        rob=None if seat is None else deal._robs[seat],
    )


def as_action(action: object) -> Action | IllegalActionError:
    """``action`` as a Spoil Five action (notation is read), or the refusal of its text (C-7).

    >>> as_action(None)
    Traceback (most recent call last):
    ...
    TypeError: expected a Spoil Five action or its notation, not NoneType; call
    spoil_five.parse_action(text) to read one

    Raises:
        TypeError: for anything that is neither an action nor a string: no rule refuses
            it, it is a mistake in the calling program.

    """
    if isinstance(action, str):
        action = read_action(action, parse_action)
        if isinstance(action, IllegalActionError):
            return action
    if not isinstance(action, ACTION_TYPES):
        expected = "a Spoil Five action or its notation"
        raise wrong_argument(action, expected, "spoil_five.parse_action(text) to read one")
    return action


def refusal(seen: Seen, action: Action) -> Message:
    """Why ``action``, which is not among the seat's legal actions, is refused (its rule too)."""
    seat = seen.seat
    rob = seen.rob
    if seat is None or rob is None:
        if seen.phase is Phase.GAME_OVER:
            return _GAME_OVER
        return _DEAL_OVER
    phase = seen.phase
    duty = _duty(phase, rob)
    if isinstance(action, Play):
        return duty if duty is not None else _play_refusal(seen, action.card)
    if isinstance(action, Rob | DeclineRob):
        return rob.refusal(
            action,
            phase=phase,
            first_trick=seen.first_trick,
            on_table=seen.on_table,
            hand=seen.hand,
            duty=duty,
        )
    if isinstance(action, Stop | GoOn):
        return JINK_REFUSAL
    return fiving_refusal(seen.rules.options, action, phase, duty)  # the other kinds


def _duty(phase: Phase, rob: RobDecision) -> Message | None:
    """The refusal of an action of another kind than the pending decision's; None in play."""
    if phase is Phase.PLAY:
        return None
    if phase is Phase.DEALER_ROB or phase is Phase.ROB:
        return rob.duty
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


def wrong_state(value: object) -> TypeError:
    """The TypeError of ``check_action`` given something else than a state, such as a view.

    >>> print(wrong_state(None))
    expected a spoil_five.State, not NoneType; call
    spoil_five.explain_action(view, action) to ask from a seat's view
    """
    return wrong_argument(
        value,
        "a spoil_five.State",
        "spoil_five.explain_action(view, action) to ask from a seat's view",
    )

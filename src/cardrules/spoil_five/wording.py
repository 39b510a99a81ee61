"""Spoil Five's actions as messages: what each is called and what it does (for front-ends).

The sentences are the catalogue's (``spoil-five.action.*`` and ``spoil-five.describe.*``;
see :mod:`cardrules.messages`).

>>> from cardrules.messages import render
>>> from cardrules.spoil_five import parse_action
>>> render(action_message(parse_action("rob 3S")))
'Rob the turn-up, discarding 3♠'
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Suit
from cardrules.messages import Message, message
from cardrules.spoil_five.options import Ranking

__all__ = ["action_message", "card_orders", "description"]

_P: Final = "spoil-five."

_BARE: Final = {
    "decline-rob": "decline-rob",
    "stop": "stop",
    "go-on": "go-on",
    "ask-five": "ask-five",
    "decline-five": "decline-five",
    "accept-five": "accept-five",
    "refuse-five": "refuse-five",
}


def action_message(action: object) -> Message:
    """A Spoil Five action in words (``spoil-five.action.<verb>``); anything else as text.

    >>> from cardrules.messages import render
    >>> render(action_message("fly")), str(action_message("fly"))
    ('Do that', 'fly')
    """
    from cardrules.spoil_five.actions import ACTION_TYPES, Play, Rob

    if isinstance(action, Play):
        return message(_P + "action.play", card=action.card)
    if isinstance(action, Rob):
        return message(_P + "action.rob", discard=action.discard)
    if not isinstance(action, ACTION_TYPES):
        return message("common.action.text", text=str(action))
    return message(_P + "action." + _BARE[str(action)])


def description(action: object) -> Message:
    """What taking an action of ``action``'s kind does, in one sentence (for a button).

    >>> from cardrules.messages import render
    >>> from cardrules.spoil_five import GoOn
    >>> print(render(description(GoOn())))
    Go on for a jink: win all five tricks and every other player pays you the stake as
    well, but lose one and the hand is spoilt.
    """
    verb = action_message(action).id.rsplit(".", 1)[1]
    return message(_P + "describe." + verb)


def card_orders(trump: Suit, ranking: Ranking | str = Ranking.PEEL) -> tuple[Message, ...]:
    """The order of every suit for trump suit ``trump``, best first, a message a suit.

    The trumps first (SF-2 to SF-4, or SF-22 for the ordinary sequence), then each plain
    suit (SF-5), as :func:`~cardrules.spoil_five.trump_order` and
    :func:`~cardrules.spoil_five.plain_order` give them: what a newcomer reads beside the
    turn-up.

    >>> from cardrules.messages import render
    >>> for said in card_orders(Suit.HEARTS):
    ...     print(render(said))
    Trumps, best first: 5♥ J♥ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥
    Spades, best first: K♠ Q♠ J♠ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠
    Diamonds, best first: K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦ A♦
    Clubs, best first: K♣ Q♣ J♣ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣
    """
    from cardrules.spoil_five.ranking import plain_order, trump_order

    ordinary = Ranking(ranking) is Ranking.ORDINARY
    said = [
        message(
            _P + "narration.trump-order", "SF-22" if ordinary else "SF-3",
            order=trump_order(trump, ranking),
        )
    ]  # fmt: skip
    for suit in Suit:
        if suit is not trump:
            order = plain_order(suit, trump, ranking)
            rule = "SF-22" if ordinary else "SF-5"
            said.append(message(_P + "order.plain", rule, suit=suit, order=order))
    return tuple(said)

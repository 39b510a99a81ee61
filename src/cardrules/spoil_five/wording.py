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

from cardrules.messages import Message, message

__all__ = ["action_message", "description"]

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

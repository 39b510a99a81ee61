"""My Bird Sings' actions as messages: what each is called and what it does (for front-ends).

The sentences are the catalogue's (``my-bird-sings.action.*`` and
``my-bird-sings.describe.*``; see :mod:`cardrules.messages`).

>>> from cardrules.messages import render
>>> from cardrules.my_bird_sings import parse_action
>>> render(action_message(parse_action("exchange 3S")), language="fr")
'Échanger 3♠ avec le talon'
"""

from __future__ import annotations

from typing import Final

from cardrules.messages import Message, message

__all__ = ["action_message", "description"]

_P: Final = "my-bird-sings."

_BARE: Final = {
    "decline-exchange": "decline-exchange",
    "abandon": "abandon",
    "decline-sing": "decline-sing",
}


def action_message(action: object) -> Message:
    """A My Bird Sings action in words (``my-bird-sings.action.<verb>``); anything else as text."""
    from cardrules.my_bird_sings.actions import ACTION_TYPES, Draw, Exchange, Pass, Sing

    if isinstance(action, Pass):
        return message(_P + "action.pass", card=action.card)
    if isinstance(action, Draw):
        return message(_P + "action.draw", index=action.index)
    if isinstance(action, Exchange):
        return message(_P + "action.exchange", discard=action.discard)
    if isinstance(action, Sing):
        if not action.cards:
            return message(_P + "action.declare")
        return message(_P + "action.sing", cards=action.cards)
    if not isinstance(action, ACTION_TYPES):
        return message("common.action.text", text=str(action))
    return message(_P + "action." + _BARE[str(action)])


def description(action: object) -> Message:
    """What taking an action of ``action``'s kind does, in one sentence (for a button).

    >>> from cardrules.messages import render
    >>> from cardrules.my_bird_sings import DeclineSing
    >>> render(description(DeclineSing()))
    'Keep silent for now: nobody learns whether your hand sings.'
    """
    verb = action_message(action).id.rsplit(".", 1)[1]
    return message(_P + "describe." + verb)

"""What My Bird Sings says, in English: every message id of the game with its sentence."""

from __future__ import annotations

from typing import Final

from cardrules.messages import Entry, Message, message

__all__ = ["ENTRIES", "action_message"]

ENTRIES: Final[tuple[Entry, ...]] = ()
"""Every My Bird Sings entry of the catalogue."""


def action_message(action: object) -> Message:
    """A My Bird Sings action in words (``my-bird-sings.action.<verb>``)."""
    return message("common.action.text", text=str(action))

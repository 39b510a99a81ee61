"""The English of every message, the source of the catalogues (private data).

Each :func:`~cardrules.messages.entry` is one message id with its sentence for a player;
``code=`` gives the programmers' English where it differs (``str(message)``) and ``you=``
the sentence when a seat parameter is the reader. The translations are the gettext
catalogues under ``cardrules/locale``, whose contexts are these ids.
"""

from __future__ import annotations

from typing import Final

from cardrules._wording import common, my_bird_sings, spoil_five
from cardrules.messages import Entry

__all__ = ["ENTRIES"]

ENTRIES: Final[tuple[Entry, ...]] = (*common.ENTRIES, *spoil_five.ENTRIES, *my_bird_sings.ENTRIES)
"""Every entry: the shared words, then Spoil Five's, then My Bird Sings'."""

"""Pictures of cards, hands, tricks, rank orders, deals, moves and whole seat views, as SVG.

Every function returns a :class:`Drawing`: a complete, self-contained SVG document (a
``str``) with a ``viewBox``, so it scales cleanly from a thumbnail to a poster, needs no
fonts for the suit symbols (they are drawn as paths) and no files beside it. Jupyter shows
a drawing as a picture, and so it shows a :class:`~cardrules.cards.Card` too.

Each drawn card is a ``<g class="card" data-card="10C">`` element, so programs and tests
can find what was drawn; trick plays carry ``data-winner``, chart rows ``data-row``.

>>> from cardrules import parse_cards
>>> from cardrules import svg
>>> picture = svg.hand(parse_cards("5H JD AH"))
>>> picture.startswith("<svg"), picture.count('data-card="')
(True, 3)
"""

from __future__ import annotations

from cardrules.svg._chart import rank_chart
from cardrules.svg._draw import Drawing
from cardrules.svg._moves import deal, exchange, passing
from cardrules.svg._pictures import card, card_back, hand, trick
from cardrules.svg._views import table, view

__all__ = [
    "Drawing",
    "card",
    "card_back",
    "deal",
    "exchange",
    "hand",
    "passing",
    "rank_chart",
    "table",
    "trick",
    "view",
]

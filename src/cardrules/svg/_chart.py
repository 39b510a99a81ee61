"""The Spoil Five rank-order chart: trumps and the three plain suits, best card first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import PictureError
from cardrules.svg._draw import (
    CARD_H,
    CARD_W,
    INK_ON_FELT,
    Drawing,
    attrs,
    card_group,
    document,
    felt,
    label,
    num,
    pip,
)
from cardrules.svg._pictures import _scale

if TYPE_CHECKING:
    from cardrules.spoil_five.options import Ranking

_SUIT_NAMES = {
    Suit.SPADES: "Spades",
    Suit.HEARTS: "Hearts",
    Suit.DIAMONDS: "Diamonds",
    Suit.CLUBS: "Clubs",
}
_LABEL_W = 150.0
_STEP = 52.0
_ROW_H = CARD_H + 44
_MARGIN = 18.0


def _row(cards: Sequence[Card], y: float, *, heading: str, suit: Suit, kind: str, note: str) -> str:
    parts = [
        f'<g class="row" data-row="{kind}" data-suit="{suit.letter}" data-count="{len(cards)}">',
        label(heading, _MARGIN, y + 42, size=20, anchor="start", weight="bold"),
        f'<circle cx="{_MARGIN + 24:g}" cy="{y + 80:g}" r="20" fill="#ffffff"/>',
        pip(suit, _MARGIN + 24, y + 80, 24),
        label(note, _MARGIN, y + 126, size=15, anchor="start", fill="#cfe3d6"),
    ]
    left = _MARGIN + _LABEL_W
    for i, item in enumerate(cards):
        x = left + i * _STEP
        parts.append(card_group(item, x, y, data={"position": str(i + 1)}))
    # the positions under the cards, in one group that carries their common style
    parts.append(
        f"<g{attrs(class_='positions', text_anchor='middle', font_size='13', fill=INK_ON_FELT)}>"
        + "".join(
            f"<text{attrs(x=num(left + i * _STEP + _STEP / 2 - 2), y=num(y + CARD_H + 20))}"
            f">{i + 1}</text>"
            for i in range(len(cards))
        )
        + "</g></g>"
    )
    return "".join(parts)


def rank_chart(trump: Suit, *, ranking: Ranking | str = "peel", size: float = 60) -> Drawing:
    """Draw the Spoil Five order of every card when ``trump`` is the trump suit.

    The first row is the trump suit (with the ace of hearts, always a trump, in third
    place), then the three plain suits; in each row the best card is on the left and the
    number under a card is its position. The orders come from
    :func:`cardrules.spoil_five.trump_order` and :func:`cardrules.spoil_five.plain_order`,
    so the picture always shows what the engine does.

    Args:
        trump: the trump suit.
        ranking: the ``ranking`` option of the game: ``"peel"`` (the default) or
            ``"ordinary"`` (every suit in whist order, SF-22).
        size: the natural width of one card in pixels.

    Returns:
        The SVG document; each row is a ``<g class="row" data-row="trumps|plain"
        data-suit="D">`` whose cards appear best first.

    >>> from cardrules import Suit
    >>> picture = rank_chart(Suit.DIAMONDS)
    >>> picture.count('class="row"'), picture.count("data-card=")
    (4, 52)
    """
    from cardrules import spoil_five

    if not isinstance(trump, Suit):
        raise PictureError(f"trump must be a Suit, not {trump!r}")
    ace_of_hearts = Card(Rank.ACE, Suit.HEARTS)
    trumps = spoil_five.trump_order(trump, ranking)
    extra_trump = ace_of_hearts in trumps and trump is not Suit.HEARTS
    rows = [
        _row(
            trumps,
            _MARGIN,
            heading="Trumps",
            suit=trump,
            kind="trumps",
            note="and A\N{BLACK HEART SUIT}" if extra_trump else "",
        )
    ]
    plain = [suit for suit in Suit if suit is not trump]
    for i, suit in enumerate(plain, start=1):
        rows.append(
            _row(
                spoil_five.plain_order(suit, trump, ranking),
                _MARGIN + i * _ROW_H,
                heading=_SUIT_NAMES[suit],
                suit=suit,
                kind="plain",
                note="A\N{BLACK HEART SUIT} is a trump"
                if extra_trump and suit is Suit.HEARTS
                else "",
            )
        )
    width = _MARGIN * 2 + _LABEL_W + CARD_W + 13 * _STEP
    height = _MARGIN * 2 + 4 * _ROW_H - 14
    title = f"Spoil Five: order of the cards when {_SUIT_NAMES[trump].lower()} are trumps"
    if str(ranking) == "ordinary":
        title += " (ordinary ranking)"
    return document(
        [felt(width, height), *rows],
        width=width,
        height=height,
        scale=_scale(size),
        kind="rank-chart",
        title=title,
        data={"trump": trump.letter},
    )

"""Cards, hands and tricks as SVG documents."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardrules.cards import Card, Suit
from cardrules.errors import NotationError, PictureError
from cardrules.svg._draw import (
    CARD_H,
    CARD_W,
    GOLD,
    Drawing,
    card_group,
    document,
    empty_slot,
    felt,
    label,
    pip,
)

_PAD = 8.0


def _scale(size: float) -> float:
    if isinstance(size, bool) or not isinstance(size, int | float) or not size > 0:
        raise PictureError(f"size must be a positive number of pixels, not {size!r}")
    return float(size) / CARD_W


def _cards(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        from cardrules.cards import parse_cards

        return parse_cards(cards)
    result = tuple(cards)
    for item in result:
        if not isinstance(item, Card):
            raise NotationError(f"not a card: {item!r} (expected a Card, e.g. parse_card('10C'))")
    return result


def card(card: Card, *, size: float = 100) -> Drawing:
    """Draw one card face up.

    Args:
        card: the card to draw.
        size: the card's natural width in pixels (the drawing scales freely: it has a
            ``viewBox``).

    Returns:
        The SVG document; its card is a ``<g class="card" data-card="10C">``.

    >>> from cardrules import parse_card
    >>> picture = card(parse_card("10C"), size=50)
    >>> 'data-card="10C"' in picture, 'width="52"' in picture
    (True, True)
    """
    if not isinstance(card, Card):
        raise NotationError(f"not a card: {card!r} (expected a Card, e.g. parse_card('10C'))")
    return document(
        [card_group(card, 2, 2)],
        width=CARD_W + 4,
        height=CARD_H + 5,
        scale=_scale(size),
        kind="card",
        title=card.symbol,
        data={"cards": str(card)},
    )


def card_back(*, size: float = 100) -> Drawing:
    """Draw one card face down (its back), for hidden cards.

    >>> 'class="card back"' in card_back()
    True
    """
    return document(
        [card_group(None, 2, 2)],
        width=CARD_W + 4,
        height=CARD_H + 5,
        scale=_scale(size),
        kind="card",
        title="a face-down card",
        data={"cards": ""},
    )


def hand_fragment(
    cards: Sequence[Card | None],
    x: float,
    y: float,
    *,
    step: float,
    highlight: Collection[Card] = (),
    lift: float = 0.0,
) -> str:
    """Cards overlapping left to right from ``(x, y)``; highlighted ones raised and outlined."""
    if not cards:
        return empty_slot(x, y + lift)
    parts = []
    for i, item in enumerate(cards):
        marked = item is not None and item in highlight
        parts.append(
            card_group(
                item,
                x + i * step,
                y + (0.0 if marked else lift),
                extra_class="playable" if marked else "",
                marked=marked,
                data={"position": str(i)},
            )
        )
    return "".join(parts)


def hand_width(count: int, step: float) -> float:
    """Width in units of ``count`` overlapping cards (one empty slot when none)."""
    return CARD_W + max(count - 1, 0) * step


def hand(
    cards: Sequence[Card] | str,
    *,
    size: float = 80,
    overlap: float = 0.4,
    highlight: Collection[Card] = (),
) -> Drawing:
    """Draw a hand of cards face up, overlapping left to right in the order given.

    Args:
        cards: the cards, or their notation (``"5H JD AH"``).
        size: the natural width of one card in pixels.
        overlap: the fraction of each card covered by the next one (0 lays them side by
            side; the corner index stays visible up to about 0.75).
        highlight: cards to raise and outline in gold, such as the legal plays.

    Returns:
        The SVG document; the cards are ``<g class="card">`` elements in hand order,
        highlighted ones with the extra class ``playable``.

    >>> from cardrules import parse_cards
    >>> picture = hand(parse_cards("5H JD AH"), highlight=parse_cards("AH"))
    >>> picture.count("data-card="), 'class="card playable" data-card="AH"' in picture
    (3, True)
    """
    cards = _cards(cards)
    if not 0 <= overlap < 1:
        raise PictureError(f"overlap must be at least 0 and below 1, not {overlap!r}")
    step = CARD_W * (1 - overlap) if overlap else CARD_W + _PAD
    lift = 12.0 if any(c in highlight for c in cards) else 0.0
    body = hand_fragment(cards, _PAD, _PAD, step=step, highlight=highlight, lift=lift)
    names = " ".join(str(c) for c in cards)
    return document(
        [body],
        width=hand_width(len(cards), step) + 2 * _PAD,
        height=CARD_H + lift + 2 * _PAD,
        scale=_scale(size),
        kind="hand",
        title="hand: " + (" ".join(c.symbol for c in cards) or "no cards"),
        data={"cards": names},
    )


def winner_badge(cx: float, y: float) -> str:
    """A gold ribbon reading "wins" centred under a card."""
    return (
        f'<g class="winner-badge"><rect x="{cx - 30:g}" y="{y:g}" width="60" height="22" '
        f'rx="11" fill="{GOLD}"/>'
        + label("wins", cx, y + 16, size=14, fill="#3b2a00", weight="bold")
        + "</g>"
    )


def trick_fragment(
    cards: Sequence[Card],
    x: float,
    y: float,
    *,
    winner: int | None,
    seats: Sequence[int] | None,
    slots: int = 0,
) -> str:
    """The cards of a trick in play order from ``(x, y)``, with seat labels and the winner."""
    step = CARD_W + 18
    parts = []
    for i in range(max(len(cards), slots)):
        left = x + i * step
        if i >= len(cards):
            parts.append(empty_slot(left, y))
            continue
        is_winner = i == winner
        data = {"order": str(i), "winner": "true" if is_winner else "false"}
        if seats is not None:
            data["seat"] = str(seats[i])
        data_attrs = "".join(f' data-{key}="{value}"' for key, value in data.items())
        inner = card_group(cards[i], left, y, marked=is_winner)
        caption = f"seat {seats[i]}" if seats is not None else ("led" if i == 0 else "")
        if i == 0 and seats is not None:
            caption += " led"
        inner += label(caption, left + CARD_W / 2, y + CARD_H + 22, size=14)
        if is_winner:
            inner += winner_badge(left + CARD_W / 2, y + CARD_H + 32)
        classes = "play winner" if is_winner else "play"
        parts.append(f'<g class="{classes}"{data_attrs}>{inner}</g>')
    return "".join(parts)


def trick_size(count: int) -> tuple[float, float]:
    """Width and height in units of a trick of ``count`` cards (at least one slot)."""
    return (max(count, 1) * (CARD_W + 18) - 18, CARD_H + 58)


def trick(
    cards: Sequence[Card] | str,
    *,
    winner: int | None = None,
    seats: Sequence[int] | None = None,
    trump: Suit | None = None,
    size: float = 80,
) -> Drawing:
    """Draw a trick: the cards in play order on a green table, the winner marked.

    Args:
        cards: the cards in the order played, the led card first (or their notation).
        winner: the index into ``cards`` of the winning card (what
            ``spoil_five.trick_winner`` returns), or ``None`` for a trick still in play.
        seats: the seat that played each card, shown under it.
        trump: the trump suit, shown in the corner.
        size: the natural width of one card in pixels.

    Returns:
        The SVG document; each card sits in a ``<g class="play" data-order="0"
        data-winner="true|false">`` (with ``data-seat`` when seats are given), and the
        winning one also has the class ``winner``.

    Raises:
        PictureError: if ``winner`` is not an index into ``cards`` or ``seats`` does not
            give one seat per card.

    >>> from cardrules import parse_cards
    >>> picture = trick(parse_cards("10S AH 2S 5S"), winner=3, seats=(1, 2, 3, 0))
    >>> 'class="play winner" data-order="3" data-winner="true" data-seat="0"' in picture
    True
    """
    cards = _cards(cards)
    if winner is not None and not (
        isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner < len(cards)
    ):
        raise PictureError(f"winner must index one of the {len(cards)} cards, not {winner!r}")
    if seats is not None:
        seats = tuple(seats)
        if len(seats) != len(cards):
            raise PictureError(f"give one seat per card: {len(cards)} cards, seats {seats!r}")
    inner_w, inner_h = trick_size(len(cards))
    top = 40.0 if trump is not None else 18.0
    width, height = inner_w + 36, inner_h + top + 10
    body = [felt(width, height)]
    if trump is not None:
        body.append(trump_marker(trump, 18, 10))
    body.append(trick_fragment(cards, 18, top, winner=winner, seats=seats))
    title = "trick: " + (" ".join(c.symbol for c in cards) or "no cards")
    if winner is not None:
        title += f", won by {cards[winner].symbol}"
    data = {"cards": " ".join(str(c) for c in cards)}
    if winner is not None:
        data["winner"] = str(cards[winner])
    return document(
        body, width=width, height=height, scale=_scale(size), kind="trick", title=title, data=data
    )


def trump_marker(trump: Suit, x: float, y: float) -> str:
    """The word "trumps" and the trump suit's symbol, top-left at ``(x, y)``."""
    return (
        f'<g class="trump" data-suit="{trump.letter}">'
        + label("trumps", x, y + 17, size=16, anchor="start", weight="bold")
        + f'<circle cx="{x + 86:g}" cy="{y + 11:g}" r="13" fill="#ffffff"/>'
        + pip(trump, x + 86, y + 11, 16)
        + "</g>"
    )

"""Pictures of a whole deal and of the moves of My Bird Sings: a pass and an exchange.

They explain a game rather than show a position: :func:`deal` lays every hand face up
(as a worked example in a book does), :func:`passing` shows one card leaving a hand for
the left neighbour (MBS-8) and :func:`exchange` one exchange with the stock (MBS-11).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardrules._engine import left_of
from cardrules.cards import Card, Suit
from cardrules.errors import NotationError, PictureError
from cardrules.svg._draw import (
    CARD_H,
    CARD_W,
    GOLD,
    Drawing,
    card_group,
    document,
    felt,
    label,
)
from cardrules.svg._pictures import (
    _cards,
    _scale,
    hand_fragment,
    hand_width,
    trump_marker,
)

_PAD = 18.0
_LABEL_W = 150.0
_ROW = CARD_H + 30
_STEP = CARD_W * 0.62
_MUTED = "#cfe3d6"


def _card(item: Card | str, what: str) -> Card:
    if isinstance(item, str):
        from cardrules.cards import parse_card

        return parse_card(item)
    if not isinstance(item, Card):
        raise NotationError(
            f"{what}: not a card: {item!r} (expected a Card, e.g. parse_card('10C'))"
        )
    return item


def _arrow(x1: float, x2: float, y: float) -> str:
    """A gold arrow from ``x1`` to ``x2`` at height ``y``."""
    return (
        f'<g class="arrow"><line x1="{x1:g}" y1="{y:g}" x2="{x2 - 14:g}" y2="{y:g}" '
        f'stroke="{GOLD}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M{x2:g} {y:g}L{x2 - 20:g} {y - 13:g}L{x2 - 20:g} {y + 13:g}Z"'
        f' fill="{GOLD}"/></g>'
    )


def deal(
    hands: Sequence[Sequence[Card] | str],
    *,
    dealer: int | None = None,
    turn_up: Card | None = None,
    trump: Suit | None = None,
    highlight: Collection[Card] = (),
    size: float = 60,
) -> Drawing:
    """Draw every hand of a deal face up, one row per seat, as a worked example shows them.

    Args:
        hands: each seat's cards (or their notation), seat 0 first.
        dealer: the dealer's seat, marked "dealer"; the seat on his left is marked
            "eldest" (C-2).
        turn_up: the card turned up for trumps (Spoil Five), drawn beside the hands.
        trump: the trump suit, shown in the corner (defaults to the turn-up's suit).
        highlight: cards to raise and outline, such as the trumps or a singing set.
        size: the natural width of one card in pixels.

    Returns:
        The SVG document; each row is a ``<g class="seat-hand" data-seat="0">`` holding
        that seat's ``<g class="card">`` elements; the turn-up is a ``<g class="turn-up">``.

    Raises:
        PictureError: if there are no hands or ``dealer`` is not one of the seats.

    >>> from cardrules import parse_card
    >>> picture = deal(["5D JD AH KC 7S", "2S 3S 4S 5S 6S"], dealer=0, turn_up=parse_card("9D"))
    >>> picture.count('class="seat-hand"'), 'data-card="9D"' in picture
    (2, True)
    """
    rows = [_cards(hand) for hand in hands]
    if not rows:
        raise PictureError("give at least one hand")
    n = len(rows)
    if dealer is not None and not (
        isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < n
    ):
        raise PictureError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    if turn_up is not None:
        turn_up = _card(turn_up, "turn_up")
        trump = trump or turn_up.suit
    lift = 12.0 if any(c in highlight for row in rows for c in row) else 0.0
    longest = max((len(row) for row in rows), default=1)
    hands_w = hand_width(longest, _STEP)
    top = 52.0 if trump is not None else _PAD
    side = CARD_W + 2 * _PAD if turn_up is not None else 0.0
    width = _PAD + _LABEL_W + hands_w + _PAD + side
    height = top + n * (_ROW + lift) + _PAD - 20
    body = [felt(width, height)]
    if trump is not None:
        body.append(trump_marker(trump, _PAD, 12))
    for seat, row in enumerate(rows):
        y = top + seat * (_ROW + lift)
        name = [f"seat {seat}"]
        notes = []
        if dealer is not None and seat == dealer:
            notes.append("dealer")
        if dealer is not None and seat == left_of(dealer, n) and n > 1:
            notes.append("eldest hand")
        parts = [
            label(name[0], _PAD, y + CARD_H / 2, size=20, anchor="start", weight="bold"),
            label(
                ", ".join(notes), _PAD, y + CARD_H / 2 + 24, size=15, anchor="start", fill=_MUTED
            ),
            hand_fragment(row, _PAD + _LABEL_W, y, step=_STEP, highlight=highlight, lift=lift),
        ]
        body.append(f'<g class="seat-hand" data-seat="{seat}">{"".join(parts)}</g>')
    if turn_up is not None:
        x = width - _PAD - CARD_W
        body.append(
            '<g class="turn-up">'
            + label("turned up", x + CARD_W / 2, top + 4, size=15, weight="bold")
            + card_group(turn_up, x, top + 14)
            + "</g>"
        )
    title = "deal: " + "; ".join(
        f"seat {seat} " + (" ".join(c.symbol for c in row) or "no cards")
        for seat, row in enumerate(rows)
    )
    if turn_up is not None:
        title += f"; turned up {turn_up.symbol}"
    data = {"hands": " / ".join(" ".join(str(c) for c in row) for row in rows)}
    if turn_up is not None:
        data["turn-up"] = str(turn_up)
    return document(
        body, width=width, height=height, scale=_scale(size), kind="deal", title=title, data=data
    )


def passing(
    hand: Sequence[Card] | str,
    card: Card | str,
    *,
    giver: int,
    receiver: int,
    size: float = 60,
) -> Drawing:
    """Draw one pass of My Bird Sings: a card leaves a hand, face down, for the left neighbour.

    Args:
        hand: the giver's cards before the pass (or their notation); ``card`` among them.
        card: the card passed, raised and outlined in the hand.
        giver: the seat passing.
        receiver: the seat receiving (his left neighbour, C-1).
        size: the natural width of one card in pixels.

    Returns:
        The SVG document: the hand (``<g class="hand-before">``), an arrow, and the card
        as the receiver gets it (``<g class="passed">``), face down on its
        way and face up in his hand.

    Raises:
        PictureError: if ``card`` is not in ``hand``.

    >>> picture = passing("KH 7S 2D 9C 4H", "KH", giver=1, receiver=2)
    >>> picture.count('data-card="KH"'), picture.count("data-card=")
    (2, 6)
    """
    cards = _cards(hand)
    passed = _card(card, "card")
    if passed not in cards:
        raise PictureError(
            f"the card passed, {passed}, is not in the hand {' '.join(map(str, cards))}"
        )
    top = 46.0
    hand_w = hand_width(len(cards), _STEP)
    arrow_x = _PAD + hand_w + 30
    back_x = arrow_x + 30
    arrow_end = back_x + CARD_W + 100
    front_x = arrow_end + 20
    width = front_x + CARD_W + 60
    height = top + 12 + CARD_H + 48
    mid = top + 12 + CARD_H / 2
    body = [
        felt(width, height),
        '<g class="hand-before">'
        + label(f"seat {giver} passes", _PAD, 32, size=18, anchor="start", weight="bold")
        + hand_fragment(cards, _PAD, top, step=_STEP, highlight=(passed,), lift=12.0)
        + "</g>",
        _arrow(arrow_x, back_x + CARD_W / 2 - 6, mid),
        '<g class="passed">'
        + label("face down", back_x + CARD_W / 2, top + 4, size=15, fill=_MUTED)
        + card_group(None, back_x, top + 12)
        + _arrow(back_x + CARD_W + 14, arrow_end, mid)
        + label(f"seat {receiver} takes it", width - _PAD, 32, size=18, anchor="end", weight="bold")
        + card_group(passed, front_x, top + 12, marked=True)
        + "</g>",
        label(
            f"to the left: seat {giver} to seat {receiver}",
            width / 2,
            height - 16,
            size=15,
            fill=_MUTED,
        ),
    ]
    title = f"seat {giver} passes {passed.symbol} face down to seat {receiver}"
    data = {"cards": " ".join(str(c) for c in cards), "passed": str(passed)}
    return document(
        body, width=width, height=height, scale=_scale(size), kind="passing", title=title, data=data
    )


def exchange(
    discard: Card | str,
    turned: Sequence[Card] | str,
    *,
    hand: Sequence[Card] | str = (),
    size: float = 60,
) -> Drawing:
    """Draw one exchange with the stock (My Bird Sings, MBS-11).

    The player discards a card face down onto the dead pile, then turns stock cards: each
    one of the discard's suit goes to the dead pile too, and the first of another suit is
    his (if the stock runs out first he keeps the last card turned).

    Args:
        discard: the card discarded.
        turned: the stock cards turned, in order; the last one is the card kept, the
            others are rejected (what :class:`~cardrules.my_bird_sings.ExchangeView`
            holds as ``rejects`` then ``taken``).
        hand: the hand before the exchange, drawn above with the discard outlined.
        size: the natural width of one card in pixels.

    Returns:
        The SVG document: ``<g class="discard">``, one ``<g class="reject">`` per
        rejected card, and ``<g class="taken">`` for the card kept, each holding its
        ``<g class="card" data-card="...">``.

    Raises:
        PictureError: if nothing was turned.

    >>> picture = exchange("AC", "7C QC 5D", hand="KD 2D 9C AC")
    >>> picture.count('class="reject"'), picture.count('data-card=')
    (2, 8)
    """
    thrown = _card(discard, "discard")
    cards = _cards(turned)
    if not cards:
        raise PictureError("an exchange turns at least one card from the stock")
    before = _cards(hand)
    *rejects, taken = cards
    top = 40.0
    body: list[str] = []
    y = top
    if before:
        body.append(
            '<g class="hand-before">'
            + label("the hand", _PAD, top - 10, size=18, anchor="start", weight="bold")
            + hand_fragment(before, _PAD, top + 12, step=_STEP, highlight=(thrown,), lift=12.0)
            + "</g>"
        )
        y = top + 12 + CARD_H + 60
    step = CARD_W + 24
    x = _PAD + 12
    body.append(
        '<g class="discard">'
        + label("1. discards", x, y - 10, size=18, anchor="start", weight="bold")
        + card_group(thrown, x, y)
        + label("to the dead pile", x + CARD_W / 2, y + CARD_H + 22, size=14, fill=_MUTED)
        + "</g>"
    )
    x += CARD_W + 60
    body.append(label("2. turns from the stock", x, y - 10, size=18, anchor="start", weight="bold"))
    for card in rejects:
        body.append(
            '<g class="reject">'
            + card_group(card, x, y)
            + label("same suit: dead", x + CARD_W / 2, y + CARD_H + 22, size=14, fill=_MUTED)
            + "</g>"
        )
        x += step
    keeps = "keeps it" if taken.suit is not thrown.suit else "last card: keeps it"
    body.append(
        '<g class="taken">'
        + card_group(taken, x, y, marked=True)
        + label(keeps, x + CARD_W / 2, y + CARD_H + 22, size=14, fill=GOLD, weight="bold")
        + "</g>"
    )
    width = max(x + CARD_W + _PAD, _PAD + hand_width(len(before), _STEP) + _PAD)
    height = y + CARD_H + 40
    title = f"exchange: discards {thrown.symbol}"
    if rejects:
        title += ", rejects " + " ".join(c.symbol for c in rejects)
    title += f", keeps {taken.symbol}"
    data = {"discard": str(thrown), "rejects": " ".join(map(str, rejects)), "taken": str(taken)}
    return document(
        [felt(width, height), *body],
        width=width,
        height=height,
        scale=_scale(size),
        kind="exchange",
        title=title,
        data=data,
    )

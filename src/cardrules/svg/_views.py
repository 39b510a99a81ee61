"""A whole seat's view as one picture, for both games' ``View`` objects.

Only the view's own fields are drawn, so the picture shows exactly what that seat may
know: its own hand face up, every other hand as card backs, the public table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardrules._engine import left_of
from cardrules._text import sort_hand
from cardrules.cards import Card
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
)
from cardrules.svg._pictures import _scale, hand_fragment, hand_width, trick_fragment, trump_marker

if TYPE_CHECKING:
    from cardrules import my_bird_sings, spoil_five

_WIDTH = 980.0
_MARGIN = 20.0
_PER_ROW = 7
_CHIP_H = 104.0
_SMALL = 0.34  # scale of the card backs in a seat chip
_MID = 0.8  # scale of the table cards (turn-up, trick, stock)
_MUTED = "#cfe3d6"


def _scaled(content: str, x: float, y: float, scale: float) -> str:
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{content}</g>'


def _seat_chips(
    view: spoil_five.View | my_bird_sings.View,
    stats: Sequence[str],
    *,
    top: float,
    hands: Sequence[Sequence[Card]] | None = None,
) -> tuple[str, float]:
    """One chip per seat: name, dealer badge, cards and a line of public facts.

    The cards are backs, or with ``hands`` (a whole table, see :func:`table`) face up.
    """
    me = view.seat if hands is None else -1
    sizes, dealer, to_act = view.hand_sizes, view.dealer, view.to_act
    n = len(sizes)
    per_row = min(n, _PER_ROW)
    chip_w = (_WIDTH - 2 * _MARGIN) / per_row
    parts = []
    for seat, count in enumerate(sizes):
        x = _MARGIN + (seat % per_row) * chip_w
        y = top + (seat // per_row) * (_CHIP_H + 8)
        acting = seat == to_act
        data = (
            f' data-seat="{seat}" data-cards="{count}" data-dealer="{str(seat == dealer).lower()}"'
            f' data-to-act="{str(acting).lower()}"'
        )
        name = f"seat {seat} (you)" if seat == me else f"seat {seat}"
        chip = [
            f'<rect x="{x + 3:g}" y="{y:g}" width="{chip_w - 6:g}" height="{_CHIP_H:g}" rx="8"'
            f' fill="#000000" fill-opacity="0.16"'
            + (f' stroke="{GOLD}" stroke-width="3"' if acting else "")
            + "/>",
            label(name, x + 12, y + 20, size=14, anchor="start", weight="bold"),
        ]
        if seat == dealer:
            chip.append(
                f'<circle cx="{x + chip_w - 20:g}" cy="{y + 15:g}" r="10" fill="#ffffff"/>'
                + label("D", x + chip_w - 20, y + 20, size=13, fill="#1b1b1b", weight="bold")
            )
        step = min(16.0, (chip_w - 30 - CARD_W * _SMALL) / max(count - 1, 1))
        faces: Sequence[Card | None] = (
            [None] * count if hands is None else sort_hand(view, hands[seat])
        )
        backs = "".join(
            _scaled(card_group(face, 0, 0), x + 12 + i * step, y + 28, _SMALL)
            for i, face in enumerate(faces)
        )
        chip.append(backs)
        chip.append(label(stats[seat], x + 12, y + _CHIP_H - 8, size=12, anchor="start"))
        if acting:
            chip.append(
                label("to act", x + chip_w - 14, y + _CHIP_H - 8, size=12, anchor="end", fill=GOLD)
            )
        classes = "seat to-act" if acting else "seat"
        parts.append(f'<g class="{classes}"{data}>{"".join(chip)}</g>')
    rows = math.ceil(n / per_row)
    return "".join(parts), top + rows * (_CHIP_H + 8)


def _own_hand(
    cards: Sequence[Card], highlight: Sequence[Card], seat: int, top: float, heading: str
) -> tuple[str, float]:
    """The seat's own hand, face up, with the cards it may use raised and outlined.

    When every card may be used, none is singled out (the status line says so).
    """
    if set(cards) <= set(highlight):
        highlight = ()
    room = _WIDTH - 2 * _MARGIN - CARD_W
    step = min(CARD_W + 12, room / max(len(cards) - 1, 1))
    lift = 14.0 if highlight else 0.0
    width = hand_width(len(cards), step)
    x = max(_MARGIN, (_WIDTH - width) / 2)
    body = hand_fragment(cards, x, top + 26, step=step, highlight=highlight, lift=lift)
    title = label(heading, x, top + 16, size=15, anchor="start", weight="bold")
    part = f'<g class="own-hand" data-seat="{seat}">{title}{body}</g>'
    return part, top + 26 + lift + CARD_H + 14


def _frame(title: str, info: str, body: list[str], height: float) -> list[str]:
    head = [
        label(title, _MARGIN, 36, size=22, anchor="start", weight="bold"),
        label(info, _WIDTH - _MARGIN, 36, size=16, anchor="end", fill=_MUTED),
    ]
    return [felt(_WIDTH, height), *head, *body]


def _status(content: str, y: float) -> str:
    return label(content, _WIDTH / 2, y, size=17, weight="bold", fill=GOLD, extra=' class="status"')


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


# --- Spoil Five ----------------------------------------------------------------------------


def _spoil_five_status(view: spoil_five.View, me: int) -> str:
    from cardrules.spoil_five import OutcomeKind, Phase

    outcome = view.outcome
    if outcome is not None:
        winners = " and ".join(_who(s, me) for s in outcome.winners)
        if outcome.kind is OutcomeKind.WON:
            return f"{winners} won the pool"
        if outcome.kind is OutcomeKind.JINK:
            return f"{winners} jinked: the pool and a bonus"
        if outcome.kind is OutcomeKind.GAME_WON:
            return f"{winners} won the game"
        if outcome.kind is OutcomeKind.HAND_SCORED:
            return "hand over: every trick scored"
        return "spoilt: the pool stays for the next deal"
    if view.to_act is None:
        return ""
    doing = {
        Phase.PLAY: "play a card",
        Phase.ROB: "rob: discard a card and take the turn-up",
        Phase.DEALER_ROB: "rob the turned ace: discard a card",
        Phase.JINK: "stop, or go on for a jink",
        Phase.FIVING_ASK: "ask the dealer to five, or not",
        Phase.FIVING_ANSWER: "accept or refuse to five",
    }.get(view.phase, str(view.phase))
    if view.to_act == me:
        if view.phase is Phase.PLAY and _every_card_playable(view.hand, view.legal_actions):
            doing = "play any card"
        return f"your turn: {doing}"
    return f"seat {view.to_act} to {doing.split(':')[0]}"


def _every_card_playable(hand: Sequence[Card], legal: Sequence[object]) -> bool:
    return set(hand) <= {_action_card(action) for action in legal}


def spoil_five_view(
    view: spoil_five.View, *, size: float = 70, hands: Sequence[Sequence[Card]] | None = None
) -> Drawing:
    """Draw a Spoil Five seat view (see :func:`view`), or with ``hands`` a table."""
    n = len(view.hand_sizes)
    me = view.seat if hands is None else -1
    stats = [
        f"{view.tricks_won[s]} trick{'s' if view.tricks_won[s] != 1 else ''}"
        + (" \N{EM DASH} barred" if s in view.barred else "")
        for s in range(n)
    ]
    chips, y = _seat_chips(view, stats, top=56, hands=hands)
    # the table: trumps and the turn-up on the left, the trick on the right
    table_top = y + 10
    taken = view.turn_up_taken_by
    turn_up = (
        f'<g class="turn-up" data-taken-by="{"" if taken is None else taken}">'
        + trump_marker(view.trump, _MARGIN, table_top)
        + _scaled(card_group(view.turn_up, 0, 0), _MARGIN + 10, table_top + 40, _MID)
        + label(
            "turn-up" if taken is None else f"taken by {_who(taken, me)}",
            _MARGIN + 10 + CARD_W * _MID / 2,
            table_top + 40 + CARD_H * _MID + 20,
            size=13,
            fill=_MUTED,
        )
        + "</g>"
    )
    trick_x = _MARGIN + 170
    if view.trick:
        leader = view.leader if view.leader is not None else 0
        seats = [(leader + i) % n for i in range(len(view.trick))]
        caption = f"trick {len(view.tricks) + 1}"
        plays = trick_fragment(view.trick, 0, 0, winner=None, seats=seats)
        trick = f'<g class="current-trick" data-cards="{_names(view.trick)}">'
    elif view.tricks:
        last = view.tricks[-1]
        seats = [(last.leader + i) % n for i in range(len(last.cards))]
        caption = f"trick {len(view.tricks)}, won by {_who(last.winner, me)}"
        plays = trick_fragment(
            last.cards, 0, 0, winner=(last.winner - last.leader) % n, seats=seats
        )
        trick = f'<g class="last-trick" data-cards="{_names(last.cards)}">'
    else:
        caption, plays, trick = "no card played yet", "", '<g class="current-trick" data-cards="">'
    trick_scale = min(_MID, (_WIDTH - trick_x - _MARGIN) / max(1, n * (CARD_W + 18)))
    trick += (
        label(caption, trick_x, table_top + 17, size=16, anchor="start", weight="bold")
        + _scaled(plays, trick_x, table_top + 40, trick_scale)
        + "</g>"
    )
    table_bottom = table_top + 40 + max(CARD_H * _MID + 30, (CARD_H + 58) * trick_scale)
    info = f"pool {view.pool} \N{MIDDLE DOT} deal {view.deal_number + 1}"
    return _seat_view(
        view,
        ("Spoil Five", "spoil-five"),
        info,
        [chips, turn_up, trick],
        table_bottom,
        _spoil_five_status(view, me),
        size,
        neutral=hands is not None,
    )


def _seat_view(
    view: spoil_five.View | my_bird_sings.View,
    game: tuple[str, str],
    info: str,
    table: list[str],
    table_bottom: float,
    status_text: str,
    size: float,
    *,
    neutral: bool = False,
) -> Drawing:
    """Finish a view drawing: the seat's own hand under ``table``, the status, the frame.

    Args:
        view: the seat's view (its hand and legal actions).
        game: the game's title and its name in the notation (``"spoil-five"``).
        info: the frame's info line (pool, deal ...).
        table: the drawn parts above the hand (chips, table).
        table_bottom: where the table ends.
        status_text: the status line (who is to act, what happened).
        size: the card size in the rendering (see :func:`view`).
        neutral: whether this is a whole table (:func:`table`), drawn for no seat.

    """
    title, name = game
    highlight = [
        card for action in view.legal_actions if (card := _action_card(action)) is not None
    ]
    heading = f"seat {view.seat}'s hand" if neutral else "your hand"
    held = sort_hand(view, view.hand)  # as a player holds it, as print() and the CLI show it
    own, y = _own_hand(held, highlight, view.seat, table_bottom, heading)
    status = _status(status_text, y + 14)
    height = y + 30
    head = f"{title} \N{EM DASH} " + ("the table" if neutral else f"seat {view.seat}")
    body = _frame(head, info, [*table, own, status], height)
    if neutral:
        kind, caption = f"table {name}", f"{title}, the whole table (every hand face up)"
        data = {"game": name}
    else:
        kind, caption = f"view {name}", f"{title}, seat {view.seat}'s view"
        data = {"seat": str(view.seat), "game": name}
    return document(
        body,
        width=_WIDTH,
        height=height,
        scale=_scale(size),
        kind=kind,
        title=f"{caption}: {status_text}",
        data=data,
    )


def _names(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _action_card(action: object) -> Card | None:
    """The card an action names from the hand (a play, a pass, a discard), if any."""
    for name in ("card", "discard"):
        value = getattr(action, name, None)
        if isinstance(value, Card):
            return value
    return None


# --- My Bird Sings ---------------------------------------------------------------------------


def _my_bird_sings_status(view: my_bird_sings.View, me: int) -> str:
    from cardrules.my_bird_sings import OutcomeKind, Phase

    outcome = view.outcome
    if outcome is not None:
        if outcome.kind is OutcomeKind.SANG and outcome.singer is not None:
            who = _who(outcome.singer, me)
            return f"{who}: my bird sings! won {sum(outcome.payouts)}"
        if outcome.winners:
            winners = " and ".join(_who(s, me) for s in outcome.winners)
            return f"{winners} won on tricks"
        return "no bird sang: the pool is carried to the next deal"
    if view.to_act is None:
        return ""
    doing = {
        Phase.PASS: f"pass a card to seat {left_of(view.seat, len(view.hand_sizes))}",
        Phase.DRAW: f"draw a card from seat {view.on_turn}",
        Phase.EXCHANGE: "exchange with the stock, or decline",
        Phase.SING: "choose the cards that sing",
    }.get(view.phase, str(view.phase))
    if view.to_act == me:
        return f"your turn: {doing}"
    if me < 0:
        return f"seat {view.to_act}'s turn: {doing}"
    return f"seat {view.to_act}'s turn"


def my_bird_sings_view(
    view: my_bird_sings.View, *, size: float = 70, hands: Sequence[Sequence[Card]] | None = None
) -> Drawing:
    """Draw a My Bird Sings seat view (see :func:`view`), or with ``hands`` a table."""
    n = len(view.hand_sizes)
    me = view.seat if hands is None else -1
    stats = [
        f"{view.tricks[s]} tricks" if view.options.play_to_exhaustion else "" for s in range(n)
    ]
    stats = [
        text
        + (" \N{MIDDLE DOT} " if text and view.exchanges_made[s] else "")
        + (f"{view.exchanges_made[s]} exch." if view.exchanges_made[s] else "")
        for s, text in enumerate(stats)
    ]
    chips, y = _seat_chips(view, stats, top=56, hands=hands)
    top = y + 10
    pile = "".join(
        _scaled(card_group(None, 0, 0), _MARGIN + 10 + 3 * i, top + 30 - 3 * i, _MID)
        for i in range(min(view.stock_count, 4))
    ) or _scaled(empty_slot(0, 0), _MARGIN + 10, top + 30, _MID)
    stock = (
        f'<g class="stock" data-count="{view.stock_count}">'
        + label("stock", _MARGIN, top + 17, size=16, anchor="start", weight="bold")
        + pile
        + label(
            f"{view.stock_count} cards \N{MIDDLE DOT} {view.dead_count} dead",
            _MARGIN + 10,
            top + 30 + CARD_H * _MID + 22,
            size=13,
            anchor="start",
            fill=_MUTED,
        )
        + "</g>"
    )
    middle_x = _MARGIN + 190
    if view.outcome is not None and view.outcome.shown:
        singer = view.outcome.singer
        who = _who(singer, me) if singer is not None else "the singer"
        caption = f"{who} showed"
        cards = hand_fragment(
            view.outcome.shown, 0, 0, step=CARD_W + 12, highlight=view.outcome.shown
        )
        middle = f'<g class="shown" data-cards="{_names(view.outcome.shown)}">'
    elif view.offered:
        caption = f"seat {view.on_turn} offers {view.offered} cards: draw one"
        mine = view.to_act == view.seat
        cards = "".join(
            card_group(None, i * (CARD_W + 12), 0, marked=mine, data={"index": str(i)})
            + label(f"draw {i}", i * (CARD_W + 12) + CARD_W / 2, CARD_H + 24, size=16)
            for i in range(view.offered)
        )
        middle = f'<g class="offered" data-count="{view.offered}">'
    else:
        shown = [("passed", view.passed[-1:]), ("received", view.received[-1:])]
        caption = "last passed and received"
        cards = ""
        for i, (what, last) in enumerate(shown):
            x = i * (CARD_W + 40)
            cards += (
                f'<g class="{what}">'
                + (card_group(last[0], x, 0) if last else empty_slot(x, 0))
                + label(what if last else f"none {what}", x + CARD_W / 2, CARD_H + 24, size=16)
                + "</g>"
            )
        middle = '<g class="exchanges">'
    middle += (
        label(caption, middle_x, top + 17, size=16, anchor="start", weight="bold")
        + _scaled(cards, middle_x, top + 30, _MID)
        + "</g>"
    )
    bottom = top + 30 + CARD_H * _MID + 36
    info = (
        f"pool {view.pool} \N{MIDDLE DOT} round {view.round} \N{MIDDLE DOT} "
        f"deal {view.deal_number + 1}"
    )
    return _seat_view(
        view,
        ("My Bird Sings", "my-bird-sings"),
        info,
        [chips, stock, middle],
        bottom,
        _my_bird_sings_status(view, me),
        size,
        neutral=hands is not None,
    )


def view(view: spoil_five.View | my_bird_sings.View, *, size: float = 70) -> Drawing:
    """Draw everything one seat may see: a whole ``View`` of either game.

    At the top, one chip per seat (dealer badge, cards held as backs, tricks or
    exchanges, who is to act); in the middle the table (Spoil Five: trumps, the turn-up
    and the trick in progress, or the last trick with its winner marked; My Bird Sings:
    the stock, the cards offered to draw, or the last cards passed and received); at the
    bottom the seat's own hand, the cards it may use now raised and outlined in gold; and
    a line saying what happens next. Only the view's fields are drawn, so the picture
    reveals nothing the seat may not know.

    Args:
        view: a :class:`cardrules.spoil_five.View` or :class:`cardrules.my_bird_sings.View`.
        size: the natural width of one card of the hand in pixels.

    Returns:
        The SVG document. Seats are ``<g class="seat" data-seat="2" data-cards="5">``,
        the hand is ``<g class="own-hand">``, the status line ``<text class="status">``.

    Raises:
        TypeError: if ``view`` is not a view of either game.
        ViewError: if it is a view that no state could show (see the games'
            ``validate_view``): a picture is drawn only of a view that makes sense.

    >>> from cardrules import spoil_five
    >>> state = spoil_five.new_game(spoil_five.Options(players=4), seed=7)
    >>> picture = view(spoil_five.view(state, 0))
    >>> picture.count('class="seat'), 'class="own-hand"' in picture
    (4, True)
    """
    from cardrules import my_bird_sings, spoil_five

    if isinstance(view, spoil_five.View):
        return spoil_five_view(spoil_five.validate_view(view), size=size)
    if isinstance(view, my_bird_sings.View):
        return my_bird_sings_view(my_bird_sings.validate_view(view), size=size)
    raise TypeError(f"not a view of a cardrules game: {type(view).__name__}")


def table(state: spoil_five.State | my_bird_sings.State, *, size: float = 70) -> Drawing:
    """Draw a whole state: the table with every hand face up, for no seat in particular.

    A state is the full truth, so every seat's chip shows its cards face up; the table is
    drawn as in :func:`view`, and the hand at the bottom is the one of the seat to act
    (the dealer's once the deal is over), its usable cards raised. Never show this to a
    player: show him :func:`view` of his view.

    Args:
        state: a :class:`cardrules.spoil_five.State` or :class:`cardrules.my_bird_sings.State`.
        size: the natural width of one card of the hand in pixels.

    Raises:
        TypeError: if ``state`` is not a state of either game.

    >>> from cardrules import spoil_five
    >>> state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
    >>> picture = table(state)
    >>> all(f'data-card="{c}"' in picture for hand in state.hands for c in hand)
    True
    """
    from cardrules import my_bird_sings, spoil_five

    if isinstance(state, spoil_five.State):
        seat = state.to_act if state.to_act is not None else state.dealer
        return spoil_five_view(spoil_five.view(state, seat), size=size, hands=state.hands)
    if isinstance(state, my_bird_sings.State):
        seat = state.to_act if state.to_act is not None else state.dealer
        return my_bird_sings_view(my_bird_sings.view(state, seat), size=size, hands=state.hands)
    raise TypeError(f"not a state of a cardrules game: {type(state).__name__}")

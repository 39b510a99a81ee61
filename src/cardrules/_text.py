"""The table as text: what ``print(state)`` and ``str(view)`` show (private).

One drawing serves the Python prompt and the terminal: :func:`draw` writes a state or a
seat's view of either game in a few aligned ASCII lines, cards in notation (``10C``), and
``cardrules play`` prints that very text, only painted (suit symbols and colours) when it
writes to a terminal. A state shows every hand (full information); a view shows only what
its seat may see: its own hand, and how many cards each other seat holds.

>>> from cardrules import spoil_five
>>> state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
>>> print(draw(state))
Spoil Five, deal 1, pool 7: hearts are trumps (turn-up 6H)
  seat 0 dealer  9H KS 8S 6D 5D   tricks 0  -3
> seat 1         QH 6S 7D 4D 2C   tricks 0  -2
  seat 2         2S 7S 3D 3C 7C   tricks 0  -2
>>> print(draw(spoil_five.view(state, 2)))
Spoil Five, deal 1, pool 7: hearts are trumps (turn-up 6H)
  seat 0 dealer  5 cards          tricks 0  -3
> seat 1         5 cards          tricks 0  -2
  seat 2 (you)   2S 7S 3D 3C 7C   tricks 0  -2

The hands are sorted as a player holds them (Spoil Five: best first in the deal's rank
order, so the ace of hearts, always a trump, leads); ``>`` marks the seat to act; the
last column is each seat's balance.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeGuard

from cardrules.cards import Card, Suit, format_cards, sort_cards

if TYPE_CHECKING:
    from cardrules import my_bird_sings, spoil_five

    SpoilFive = spoil_five.State | spoil_five.View
    MyBirdSings = my_bird_sings.State | my_bird_sings.View

__all__ = ["SUIT_NAMES", "draw", "moves", "parse_suit", "sort_hand", "suit_names_to_letters"]

SUIT_NAMES: Final = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}
"""The suits by name, as the text writes them."""

_SUIT_WORDS: Final = {
    **{name: suit for suit, name in SUIT_NAMES.items()},
    **{name[:-1]: suit for suit, name in SUIT_NAMES.items()},  # "heart"
}


def parse_suit(text: str) -> Suit:
    """The suit named by a letter, a symbol or a name, in any case.

    >>> parse_suit("hearts"), parse_suit("Heart"), parse_suit("h"), parse_suit("♥")
    (<Suit.HEARTS: 1>, <Suit.HEARTS: 1>, <Suit.HEARTS: 1>, <Suit.HEARTS: 1>)

    Raises:
        NotationError: for anything else (the message lists what is accepted).

    """
    from cardrules.errors import NotationError

    word = text.strip().lower()
    if word in _SUIT_WORDS:
        return _SUIT_WORDS[word]
    try:
        return Suit.parse(word)
    except NotationError:
        raise NotationError(
            f"not a suit: {text!r} (expected a letter S, H, D or C, a symbol ♠ ♥ ♦ ♣, "
            "or a name: spades, hearts, diamonds, clubs)"
        ) from None


_CARD_WITH_SUIT_NAME: Final = re.compile(
    r"\b(10|[2-9ajqkt])\s*(?:of\s+)?(spades?|hearts?|diamonds?|clubs?)\b", re.IGNORECASE
)


def suit_names_to_letters(text: str) -> str:
    """``text`` with every card written with a suit name in notation (``10 of hearts``: ``10H``).

    >>> suit_names_to_letters("play 10 of Hearts"), suit_names_to_letters("pass khearts")
    ('play 10H', 'pass kH')
    """
    return _CARD_WITH_SUIT_NAME.sub(
        lambda m: m.group(1) + _SUIT_WORDS[m.group(2).lower()].letter, text
    )


def _is_spoil_five(subject: object) -> TypeGuard[SpoilFive]:
    from cardrules import spoil_five

    return isinstance(subject, spoil_five.State | spoil_five.View)


def _is_my_bird_sings(subject: object) -> TypeGuard[MyBirdSings]:
    from cardrules import my_bird_sings

    return isinstance(subject, my_bird_sings.State | my_bird_sings.View)


def sort_hand(subject: object, cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` in the order a player holds them at the table of ``subject``.

    The games' own hand sorts: :func:`cardrules.spoil_five.sort_hand` (best first by the
    deal's rank orders) and :func:`cardrules.my_bird_sings.sort_hand` (by suit, then
    rank); :func:`cardrules.cards.sort_cards` for anything else.
    """
    if _is_spoil_five(subject):
        from cardrules.spoil_five import sort_hand as by_rank_orders

        return by_rank_orders(cards, subject.trump, subject.options.ranking)
    return sort_cards(cards)


def draw(subject: object) -> str:
    """A state or a seat's view of either game as a few lines of text (see the module).

    Raises:
        TypeError: for anything that is not a state or view of a game of the library.
        ViewError: for a view that no state could show (see the games' ``validate_view``).

    """
    from cardrules import my_bird_sings, spoil_five

    if _is_spoil_five(subject):
        if isinstance(subject, spoil_five.View):
            spoil_five.validate_view(subject)
        return "\n".join(_spoil_five(subject))
    if _is_my_bird_sings(subject):
        if isinstance(subject, my_bird_sings.View):
            my_bird_sings.validate_view(subject)
        return "\n".join(_my_bird_sings(subject))
    raise TypeError(f"cannot draw {type(subject).__name__}: expected a game state or view")


def _seat(subject: object) -> int | None:
    """The viewing seat of a view; ``None`` for a state (which sees everything)."""
    seat = getattr(subject, "seat", None)
    return seat if isinstance(seat, int) else None


def _hands(subject: object) -> list[str]:
    """Each seat's hand as text: the cards if ``subject`` may see them, else a count."""
    seat = _seat(subject)
    if seat is None:
        hands: Sequence[Sequence[Card]] = getattr(subject, "hands")  # noqa: B009
        return [format_cards(sort_hand(subject, hand)) or "-" for hand in hands]
    sizes: Sequence[int] = getattr(subject, "hand_sizes")  # noqa: B009
    own: Sequence[Card] = getattr(subject, "hand")  # noqa: B009
    return [
        (format_cards(sort_hand(subject, own)) or "-")
        if other == seat
        else f"{size} card{'' if size == 1 else 's'}"
        for other, size in enumerate(sizes)
    ]


def _rows(subject: SpoilFive | MyBirdSings, columns: Sequence[Sequence[str]] = ()) -> list[str]:
    """One aligned line per seat: who is to act, the seat, its hand, ``columns``, balance."""
    viewer = _seat(subject)
    hands = _hands(subject)
    labels = [
        f"seat {s}" + (" dealer" if s == subject.dealer else "") + (" (you)" if s == viewer else "")
        for s in range(len(hands))
    ]
    label_width = max(len(label) for label in labels)
    hand_width = max(len(hand) for hand in hands)
    rows = []
    for s, (label, hand) in enumerate(zip(labels, hands, strict=True)):
        marker = ">" if s == subject.to_act else " "
        extra = "".join(f"{column[s]}  " for column in columns)
        balance = f"{subject.balances[s]:+d}" if subject.balances[s] else "0"
        rows.append(f"{marker} {label:<{label_width}}  {hand:<{hand_width}}   {extra}{balance}")
    return rows


def _result(subject: SpoilFive | MyBirdSings) -> list[str]:
    """The settlement line of a finished deal, if it is finished."""
    outcome = subject.outcome
    if outcome is None:
        return []
    kind = str(outcome.kind.value).replace("_", " ")
    viewer = _seat(subject)
    if outcome.winners:
        won = ", ".join(
            f"{'you' if s == viewer else f'seat {s}'} +{outcome.payouts[s]}"
            for s in outcome.winners
        )
        line = f"result: {kind}; {won}"
    else:
        line = f"result: {kind}; nobody takes the pool"
    if outcome.carried:
        line += f"; {outcome.carried} carried to the next deal"
    return [line]


def moves(view: object) -> list[str]:
    """A view's legal actions in notation, in the order of the sorted hand they use."""
    legal: Sequence[object] = getattr(view, "legal_actions", ())
    hand: Sequence[Card] = getattr(view, "hand", ())
    position = {card: i for i, card in enumerate(sort_hand(view, hand))}

    def key(action: object) -> int:
        card = getattr(action, "card", getattr(action, "discard", None))
        return position.get(card, len(position)) if isinstance(card, Card) else len(position)

    return [str(action) for action in sorted(legal, key=key)]


def _moves(subject: object) -> list[str]:
    """The line of a view's legal actions, when it is its seat's decision."""
    if _seat(subject) is None or not getattr(subject, "legal_actions", ()):
        return []
    return ["your moves: " + ", ".join(moves(subject))]


def _spoil_five(subject: SpoilFive) -> list[str]:
    lines = [
        f"Spoil Five, deal {subject.deal_number + 1}, pool {subject.pool}: "
        f"{SUIT_NAMES[subject.trump]} are trumps (turn-up {subject.turn_up})"
    ]
    tricks = [f"tricks {n}" for n in subject.tricks_won]
    columns = [tricks]
    if subject.options.scoring == "points":
        columns.append([f"points {p}" for p in subject.scores])
    lines += _rows(subject, columns)
    if subject.trick and subject.leader is not None:
        lines.append(f"trick: {format_cards(subject.trick)} (led by seat {subject.leader})")
    return lines + _result(subject) + _moves(subject)


def _my_bird_sings(subject: MyBirdSings) -> list[str]:
    from cardrules import my_bird_sings

    if isinstance(subject, my_bird_sings.State):
        stock, dead = len(subject.stock), len(subject.dead)
    else:
        stock, dead = subject.stock_count, subject.dead_count
    lines = [
        f"My Bird Sings, deal {subject.deal_number + 1}, pool {subject.pool}: "
        f"turn {subject.turn + 1} (round {subject.round}), stock {stock}, dead pile {dead}"
    ]
    columns = []
    if subject.options.play_to_exhaustion or any(subject.tricks):
        columns.append([f"tricks {n}" for n in subject.tricks])
    lines += _rows(subject, columns)
    if isinstance(subject, my_bird_sings.View) and (subject.passed or subject.received):
        last = []  # the latest only: a long deal passes dozens of cards
        if subject.passed:
            last.append(f"passed {subject.passed[-1]}")
        if subject.received:
            last.append(f"received {subject.received[-1]}")
        lines.append(f"you last {' and '.join(last)}")
    outcome = subject.outcome
    if outcome is not None and outcome.singer is not None:
        who = "you" if outcome.singer == _seat(subject) else f"seat {outcome.singer}"
        lines.append(f"{who} sang: {format_cards(sort_hand(subject, outcome.shown))}")
    return lines + _result(subject) + _moves(subject)

"""The Spoil Five card orders as data, and who wins a trick (SF-2 to SF-6, SF-17, SF-22).

Everything the engine needs about card strength is built here once per ranking and trump
suit, at import (:class:`TrumpTable`): a card's power, its effective suit (``AH`` belongs
to trumps under Peel's ranking), whether it has the renege privilege, and each card's
strength in a trick by the card led (SF-17), which the engine and :func:`trick_winner`
both read.

>>> from cardrules.cards import Suit, format_cards, parse_cards
>>> format_cards(trump_order(Suit.DIAMONDS))
'5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D'
>>> format_cards(plain_order(Suit.CLUBS, Suit.DIAMONDS))
'KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C'
>>> trick_winner(parse_cards("KH AH QH"), Suit.SPADES)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules._value import Value
from cardrules.cards import Card, Rank, Suit
from cardrules.spoil_five.options import Ranking

__all__ = [
    "PRINTED_SUIT",
    "TRUMP",
    "TrumpTable",
    "order_table_markdown",
    "plain_order",
    "trick_strengths",
    "trick_winner",
    "trump_order",
    "trump_table",
    "winning_index",
]

TRUMP: Final = 4
"""The effective suit number of trumps in :attr:`TrumpTable.suit_of`."""

PRINTED_SUIT: Final = tuple([int(Card.from_index(index).suit) for index in range(52)])
"""Per card index, the card's printed suit number (the index of its trump suit's tables)."""

_R = Rank
_RED_LOW: Final = (_R.TEN, _R.NINE, _R.EIGHT, _R.SEVEN, _R.SIX, _R.FOUR, _R.THREE, _R.TWO)
_BLACK_LOW: Final = (_R.TWO, _R.THREE, _R.FOUR, _R.SIX, _R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN)
_RED_PLAIN: Final = (
    _R.KING, _R.QUEEN, _R.JACK, _R.TEN, _R.NINE, _R.EIGHT, _R.SEVEN,
    _R.SIX, _R.FIVE, _R.FOUR, _R.THREE, _R.TWO, _R.ACE,
)  # fmt: skip
_BLACK_PLAIN: Final = (
    _R.KING, _R.QUEEN, _R.JACK, _R.ACE, _R.TWO, _R.THREE, _R.FOUR,
    _R.FIVE, _R.SIX, _R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN,
)  # fmt: skip
_WHIST: Final = (
    _R.ACE, _R.KING, _R.QUEEN, _R.JACK, _R.TEN, _R.NINE, _R.EIGHT,
    _R.SEVEN, _R.SIX, _R.FIVE, _R.FOUR, _R.THREE, _R.TWO,
)  # fmt: skip
_ACE_OF_HEARTS: Final = Card(Rank.ACE, Suit.HEARTS)


def _is_red(suit: Suit) -> bool:
    return suit in (Suit.HEARTS, Suit.DIAMONDS)


def _build_trump_order(trump: Suit, ranking: Ranking) -> tuple[Card, ...]:
    """The trumps best first (SF-2 to SF-4; SF-22 for the ordinary sequence)."""
    if ranking is Ranking.ORDINARY:
        return tuple(Card(rank, trump) for rank in _WHIST)
    top = [Card(_R.FIVE, trump), Card(_R.JACK, trump), _ACE_OF_HEARTS]
    if trump is not Suit.HEARTS:
        top.append(Card(_R.ACE, trump))
    top += [Card(_R.KING, trump), Card(_R.QUEEN, trump)]
    low = _RED_LOW if _is_red(trump) else _BLACK_LOW
    return (*top, *(Card(rank, trump) for rank in low))


def _build_plain_order(suit: Suit, ranking: Ranking) -> tuple[Card, ...]:
    """The plain cards of ``suit`` best first (SF-5; SF-22 for the ordinary sequence)."""
    if ranking is Ranking.ORDINARY:
        return tuple(Card(rank, suit) for rank in _WHIST)
    ranks = _RED_PLAIN if _is_red(suit) else _BLACK_PLAIN
    return tuple(Card(rank, suit) for rank in ranks if Card(rank, suit) != _ACE_OF_HEARTS)


class TrumpTable(Value):
    """Everything about card strength for one ranking and trump suit, indexed by card.

    A plain slotted value with read-only fields (compiled with the engine in the compiled
    build); equal tables have the same ranking and trump suit.

    Attributes:
        ranking: the ranking these tables belong to.
        trump: the trump suit.
        trumps: the trump cards, best first.
        plains: for each suit (by suit number) the order of its plain cards, best first;
            the trump suit's entry is empty.
        power: per card index, a number that is higher for a stronger card; every trump is
            above every plain card; cards of different plain suits are never compared.
        suit_of: per card index, the card's effective suit: its printed suit number, or
            :data:`TRUMP` (4) for every trump (including ``AH`` under Peel's ranking).
        protected: per card index, whether the card has the renege privilege (the trump
            five, the trump jack and ``AH`` under Peel's ranking; nothing under ordinary).
        ace: the ace of the trump suit (the card that robs the turn-up, SF-11).
        strength: per led card, every card's strength in that trick (see
            :func:`trick_strengths`): the strongest card played wins.

    """

    __slots__ = (
        "_ace", "_plains", "_power", "_protected", "_ranking", "_strength", "_suit_of",
        "_trump", "_trumps",
    )  # fmt: skip

    def __init__(
        self,
        *,
        ranking: Ranking,
        trump: Suit,
        trumps: tuple[Card, ...],
        plains: tuple[tuple[Card, ...], ...],
        power: tuple[int, ...],
        suit_of: tuple[int, ...],
        protected: tuple[bool, ...],
        ace: Card,
        strength: tuple[tuple[int, ...], ...],
    ) -> None:
        self._ranking = ranking
        self._trump = trump
        self._trumps = trumps
        self._plains = plains
        self._power = power
        self._suit_of = suit_of
        self._protected = protected
        self._ace = ace
        self._strength = strength

    def _key(self) -> tuple[object, ...]:
        return (
            self._ranking, self._trump, self._trumps, self._plains, self._power,
            self._suit_of, self._protected, self._ace,
        )  # fmt: skip

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Unpickle as the shared table of the same trump suit and ranking."""
        return (trump_table, (self._trump, self._ranking))

    @property
    def ranking(self) -> Ranking:
        """The ranking these tables belong to."""
        return self._ranking

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return self._trump

    @property
    def trumps(self) -> tuple[Card, ...]:
        """The trump cards, best first."""
        return self._trumps

    @property
    def plains(self) -> tuple[tuple[Card, ...], ...]:
        """Per suit number, the order of its plain cards, best first (trumps: empty)."""
        return self._plains

    @property
    def power(self) -> tuple[int, ...]:
        """Per card index, a number that is higher for a stronger card."""
        return self._power

    @property
    def suit_of(self) -> tuple[int, ...]:
        """Per card index, the card's effective suit (:data:`TRUMP` for every trump)."""
        return self._suit_of

    @property
    def protected(self) -> tuple[bool, ...]:
        """Per card index, whether the card has the renege privilege."""
        return self._protected

    @property
    def ace(self) -> Card:
        """The ace of the trump suit (the card that robs the turn-up, SF-11)."""
        return self._ace

    @property
    def strength(self) -> tuple[tuple[int, ...], ...]:
        """Per led card, every card's strength in that trick (:func:`trick_strengths`)."""
        return self._strength


def _build_table(trump: Suit, ranking: Ranking) -> TrumpTable:
    """Build the strength tables of one trump suit under one ranking.

    Implements SF-2, SF-3, SF-4, SF-5, SF-6 and SF-22: the whole order of the pack (the
    trumps best first, including ``AH`` under Peel's ranking, then each plain suit), as
    powers indexed by card number, with the renege privilege of the three best trumps
    under Peel's ranking (the privilege itself is used by SF-15).
    """
    trumps = _build_trump_order(trump, ranking)
    plains = tuple(() if suit is trump else _build_plain_order(suit, ranking) for suit in Suit)
    power = [0] * 52
    suit_of = [0] * 52
    for suit, order in zip(Suit, plains, strict=True):
        for position, card in enumerate(order):
            power[card] = len(order) - position
            suit_of[card] = suit
    for position, card in enumerate(trumps):
        power[card] = 100 + len(trumps) - position
        suit_of[card] = TRUMP
    protected = [False] * 52
    if ranking is Ranking.PEEL:
        for card in trumps[:3]:
            protected[card] = True
    return TrumpTable(
        ranking=ranking,
        trump=trump,
        trumps=trumps,
        plains=plains,
        power=tuple(power),
        suit_of=tuple(suit_of),
        protected=tuple(protected),
        ace=Card(_R.ACE, trump),
        strength=trick_strengths(power, suit_of),
    )


def trick_strengths(power: Sequence[int], suit_of: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Per led card, each card's strength in the trick (tables indexed by card number).

    Implements SF-17: a trump or a card of the suit led counts its power (every trump's
    power exceeds every plain card's), a card of another plain suit 0, so the strongest
    card of a trick is the best trump played, else the best card of the suit led. Cards
    led from the same effective suit share one row.
    """
    rows = [
        tuple([power[card] if suit_of[card] in (led, TRUMP) else 0 for card in range(52)])
        for led in range(TRUMP + 1)
    ]
    return tuple([rows[suit_of[led]] for led in range(52)])


_TABLES: Final[dict[tuple[Ranking, Suit], TrumpTable]] = {
    (ranking, trump): _build_table(trump, ranking) for ranking in Ranking for trump in Suit
}


def trump_table(trump: Suit, ranking: Ranking | str = Ranking.PEEL) -> TrumpTable:
    """Return the precomputed :class:`TrumpTable` for ``trump`` under ``ranking``."""
    return _TABLES[Ranking(ranking), Suit(trump)]


def trump_order(trump: Suit, ranking: Ranking | str = Ranking.PEEL) -> tuple[Card, ...]:
    """Return the trumps, best first (SF-2 to SF-4; SF-22 with ``ranking="ordinary"``).

    >>> from cardrules.cards import format_cards
    >>> format_cards(trump_order(Suit.SPADES))
    '5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S'
    >>> format_cards(trump_order(Suit.HEARTS))
    '5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H'
    >>> format_cards(trump_order(Suit.CLUBS, "ordinary"))
    'AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C'
    """
    return trump_table(trump, ranking).trumps


def plain_order(suit: Suit, trump: Suit, ranking: Ranking | str = Ranking.PEEL) -> tuple[Card, ...]:
    """Return the cards of ``suit`` that are not trumps, best first; ``()`` if it is trumps.

    See SF-5 (and SF-22 with ``ranking="ordinary"``).

    >>> from cardrules.cards import format_cards
    >>> format_cards(plain_order(Suit.HEARTS, Suit.CLUBS))
    'KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H'
    >>> format_cards(plain_order(Suit.DIAMONDS, Suit.HEARTS))
    'KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD'
    """
    return trump_table(trump, ranking).plains[Suit(suit)]


def winning_index(cards: Sequence[Card], table: TrumpTable) -> int:
    """Return the index of the strongest card in ``cards`` (led card first) under ``table``.

    The strengths are those of :func:`trick_strengths` (SF-17).
    """
    played = tuple(cards)  # the engine's trick is a tuple already: no copy
    led: int = played[0]  # a card is its index: the tables are indexed by card
    strength = table._strength[led]
    best = 0
    top = strength[led]
    for index in range(1, len(played)):
        card: int = played[index]
        other = strength[card]
        if other > top:
            best = index
            top = other
    return best


def trick_winner(cards: Sequence[Card], trump: Suit, ranking: Ranking | str = Ranking.PEEL) -> int:
    """Return the index (into ``cards``, led card first) of the card that wins the trick.

    The best trump wins if any trump was played, else the best card of the suit led; a
    card of a third suit never wins (SF-17, the strengths of :func:`trick_strengths`, which
    the engine reads too).

    >>> from cardrules.cards import parse_cards
    >>> trick_winner(parse_cards("10S AH 2S 5S"), Suit.SPADES)
    3
    >>> trick_winner(parse_cards("3D 2D AD 10D"), Suit.HEARTS)
    3
    >>> trick_winner(parse_cards("AH KH"), Suit.CLUBS, "ordinary")
    0

    Raises:
        ValueError: if ``cards`` is empty.

    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    return winning_index(cards, trump_table(trump, ranking))


def _column(cards: Sequence[Card], ranks_only: bool) -> list[str]:
    return [card.rank.symbol if ranks_only else str(card) for card in cards]


def order_table_markdown() -> str:
    """Return the Markdown tables of the card orders, generated from the ranking data.

    The rules document (``docs/rules/spoil-five.md``) includes this text verbatim; a test
    checks that the two agree.
    """
    columns = [
        ("trumps ♦", _column(trump_order(Suit.DIAMONDS), False)),
        ("trumps ♥", _column(trump_order(Suit.HEARTS), False)),
        ("trumps ♠ (♣ alike)", _column(trump_order(Suit.SPADES), False)),
        ("plain ♦", _column(plain_order(Suit.DIAMONDS, Suit.CLUBS), True)),
        ("plain ♥", _column(plain_order(Suit.HEARTS, Suit.CLUBS), True)),
        ("plain ♠ / ♣", _column(plain_order(Suit.SPADES, Suit.HEARTS), True)),
    ]
    lines = [
        "| position | " + " | ".join(title for title, _ in columns) + " |",
        "|---" * (len(columns) + 1) + "|",
    ]
    for position in range(14):
        cells = [col[position] if position < len(col) else "—" for _, col in columns]
        lines.append(f"| {position + 1} | " + " | ".join(cells) + " |")
    ordinary = _column(trump_order(Suit.SPADES, Ranking.ORDINARY), True)
    lines += [
        "",
        'Ordinary sequence (`ranking = "ordinary"`), every suit including trumps: '
        + " ".join(ordinary)
        + ".",
    ]
    return "\n".join(lines) + "\n"

"""Suits, ranks, cards, the two packs and card notation (C-3, C-4).

Cards are interned small integers: :class:`Card` subclasses :class:`int`, so hashing,
equality and use as a list index run at C speed, and there are exactly 52 card objects.
A card's integer value is its *index* ``13 * suit + (rank - 1)`` (0 … 51).

Notation is rank then suit letter: ``10C``, ``AH``, ``5D``, ``JS``. On input ``T`` for
ten, lower case and the suit symbols (``A♥``) are accepted too; output is always the
canonical form.

>>> card = parse_card("10c")
>>> card, str(card), card.rank, card.suit
(<Card 10C>, '10C', <Rank.TEN: 10>, <Suit.CLUBS: 3>)
>>> Card(Rank.ACE, Suit.HEARTS) is parse_card("A♥")
True
>>> format_cards(parse_cards("5h jd ah"))
'5H JD AH'
>>> len(FULL_PACK), len(SHORT_PACK)
(52, 32)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Final

from cardrules.errors import NotationError

__all__ = [
    "FULL_PACK",
    "SHORT_PACK",
    "SPACES",
    "Card",
    "Colour",
    "Rank",
    "Suit",
    "format_cards",
    "notation_key",
    "parse_card",
    "parse_cards",
    "sort_cards",
]


class Colour(enum.Enum):
    """The colour of a suit: hearts and diamonds are red, spades and clubs black (C-3)."""

    RED = "red"
    BLACK = "black"


class Suit(enum.IntEnum):
    """The four suits, in the order of the card numbering (S, H, D, C).

    >>> Suit.HEARTS.colour, Suit.HEARTS.letter, Suit.HEARTS.symbol
    (<Colour.RED: 'red'>, 'H', '♥')
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def colour(self) -> Colour:
        """Red for hearts and diamonds, black for spades and clubs."""
        return _SUIT_COLOUR[self]

    @property
    def letter(self) -> str:
        """The suit letter used in notation: ``S``, ``H``, ``D`` or ``C``."""
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol for display: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return _SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Return the suit named by a letter or symbol (any case).

        >>> Suit.parse("d"), Suit.parse("♣")
        (<Suit.DIAMONDS: 2>, <Suit.CLUBS: 3>)

        Raises:
            NotationError: if ``text`` names no suit.

        """
        suit = _SUIT_BY_TEXT.get(notation_key(text)) if isinstance(text, str) else None
        if suit is None:
            raise NotationError(f"not a suit: {text!r} (expected one of S, H, D, C)")
        return suit

    def __str__(self) -> str:
        return self.letter


SPACES: Final = " \t\r\n"
"""The white space notation allows between and around words: ASCII space, tab, newlines."""
_SEPARATORS: Final = re.compile(r"[ \t\r\n,]+")
_ASCII_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def notation_key(text: str) -> str:
    r"""Return ``text`` as notation is looked up: ASCII white space trimmed, ASCII upper case.

    Only ASCII letters change case, so a look-alike from elsewhere in Unicode (the long s
    ``ſ``, the Kelvin sign, a non-breaking space) stays what it is and matches no card:
    notation is ASCII in any case, plus the suit symbols, and nothing else.

    >>> notation_key(" tc\t"), notation_key("10ſ"), notation_key("a\u00a0h")
    ('TC', '10ſ', 'A\xa0H')
    """
    return text.strip(SPACES).translate(_ASCII_UPPER)


_SUIT_COLOUR: Final = (Colour.BLACK, Colour.RED, Colour.RED, Colour.BLACK)
_SUIT_LETTERS: Final = ("S", "H", "D", "C")
_SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {
    **{letter: Suit(i) for i, letter in enumerate(_SUIT_LETTERS)},
    **{symbol: Suit(i) for i, symbol in enumerate(_SUIT_SYMBOLS)},
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♤": Suit.SPADES,
    "♧": Suit.CLUBS,
}


class Rank(enum.IntEnum):
    """The thirteen ranks; the value is the pip count, with ace 1 and king 13 (C-3).

    The value says nothing about which card is higher: each game ranks cards itself.

    >>> Rank.TEN.symbol, Rank.JACK.symbol, int(Rank.ACE)
    ('10', 'J', 1)
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The rank as written in notation: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Return the rank named by ``text`` (``A``, ``2`` … ``10`` or ``T``, ``J``, ``Q``, ``K``).

        >>> Rank.parse("t"), Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 10>, <Rank.TEN: 10>, <Rank.QUEEN: 12>)

        Raises:
            NotationError: if ``text`` names no rank.

        """
        rank = _RANK_BY_TEXT.get(notation_key(text)) if isinstance(text, str) else None
        if rank is None:
            raise NotationError(f"not a rank: {text!r} (expected A, 2-10, T, J, Q or K)")
        return rank

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_BY_TEXT: Final[dict[str, Rank]] = {
    **{symbol: Rank(value) for value, symbol in enumerate(_RANK_SYMBOLS) if symbol},
    "T": Rank.TEN,
}


class Card(int):
    """A playing card: an interned integer with a rank and a suit.

    ``Card(rank, suit)`` returns one of the 52 shared card objects, so cards compare and
    hash like the integers they are (their *index*, ``13 * suit + rank - 1``). Use
    :func:`parse_card` to read notation and ``str(card)`` to write it.

    >>> c = Card(Rank.QUEEN, Suit.SPADES)
    >>> c, c.index, Card.from_index(c.index) is c
    (<Card QS>, 11, True)
    >>> c == parse_card("QS"), {c: 1}[parse_card("qs")]
    (True, 1)
    """

    __slots__ = ()

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """Return the shared card of this rank and suit; raises NotationError if none."""
        try:
            if 1 <= rank <= 13 and 0 <= suit <= 3:
                return _CARDS[13 * suit + rank - 1]
        except TypeError:
            pass
        raise NotationError(f"no such card: rank {rank!r}, suit {suit!r}")

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Return the card whose index is ``index`` (0 … 51).

        Raises:
            NotationError: if ``index`` is not an integer from 0 to 51.

        """
        if type(index) is int and 0 <= index < 52:
            return _CARDS[index]
        if isinstance(index, Card):
            return index
        raise NotationError(f"no card has index {index!r} (expected 0 to 51)")

    @property
    def index(self) -> int:
        """The card's position in :data:`FULL_PACK`, ``13 * suit + rank - 1``."""
        return int(self)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        """The card's printed suit (what each game makes of it is the game's business)."""
        return _SUIT_OF[self]

    @property
    def colour(self) -> Colour:
        """The colour of the card's suit."""
        return _SUIT_COLOUR[_SUIT_OF[self]]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, for display: ``10♣``."""
        return _RANK_SYMBOLS[_RANK_OF[self]] + _SUIT_SYMBOLS[_SUIT_OF[self]]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"<Card {_NAMES[self]}>"

    def __format__(self, spec: str) -> str:
        return format(_NAMES[self], spec)

    def _repr_svg_(self) -> str:
        """The card as an SVG picture, so Jupyter shows it (see :mod:`cardrules.svg`)."""
        from cardrules.svg import card

        return card(self)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))
_RANK_OF: Final[tuple[Rank, ...]] = tuple(Rank(i % 13 + 1) for i in range(52))
_SUIT_OF: Final[tuple[Suit, ...]] = tuple(Suit(i // 13) for i in range(52))
_NAMES: Final[tuple[str, ...]] = tuple(
    _RANK_SYMBOLS[_RANK_OF[i]] + _SUIT_LETTERS[_SUIT_OF[i]] for i in range(52)
)
_CARD_BY_TEXT: Final[dict[str, Card]] = {}
for _card in _CARDS:
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank is _card.rank:
            for _suit_text, _suit in _SUIT_BY_TEXT.items():
                if _suit is _card.suit:
                    _CARD_BY_TEXT[_rank_text + _suit_text] = _card
del _card, _rank_text, _rank, _suit_text, _suit

FULL_PACK: Final[tuple[Card, ...]] = _CARDS
"""The 52-card pack in index order: spades A … K, then hearts, diamonds, clubs (C-4)."""

_SHORT_RANKS: Final = frozenset(
    (Rank.ACE, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
)
SHORT_PACK: Final[tuple[Card, ...]] = tuple(c for c in _CARDS if c.rank in _SHORT_RANKS)
"""The 32-card pack: A K Q J 10 9 8 7 of each suit, in index order (C-4)."""


def parse_card(text: str) -> Card:
    """Read one card in notation: rank then suit (``10C``, ``TC``, ``ah``, ``A♥``).

    >>> parse_card("AH"), parse_card(" tc "), parse_card("Q♠")
    (<Card AH>, <Card 10C>, <Card QS>)
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a card: '1H' (expected rank then suit, such as 10C or AH)

    Raises:
        NotationError: quoting ``text`` if it is not exactly one card.

    """
    if not isinstance(text, str):
        raise NotationError(f"not a card: {text!r} (expected a string such as '10C')")
    card = _CARD_BY_TEXT.get(notation_key(text))
    if card is None:
        raise NotationError(f"not a card: {text!r} (expected rank then suit, such as 10C or AH)")
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; the empty string gives no cards.

    >>> parse_cards("5H JD, AH")
    (<Card 5H>, <Card JD>, <Card AH>)
    >>> parse_cards("")
    ()

    Raises:
        NotationError: quoting the first text that is not a card.

    """
    if not isinstance(text, str):
        raise NotationError(f"not a list of cards: {text!r} (expected a string)")
    return tuple(parse_card(part) for part in _SEPARATORS.split(text.strip(SPACES + ",")) if part)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in canonical notation, separated by single spaces.

    >>> format_cards([Card(Rank.TEN, Suit.CLUBS), Card(Rank.ACE, Suit.HEARTS)])
    '10C AH'
    """
    return " ".join([_NAMES[card] for card in cards])


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` by suit (spades, hearts, diamonds, clubs), each from 2 up to the ace.

    The order of a hand where no game ranks the cards (My Bird Sings sorts a hand so);
    Spoil Five sorts a hand by its rank orders (:func:`cardrules.spoil_five.sort_hand`).

    >>> format_cards(sort_cards(parse_cards("KH 2C AS 10H 3S")))
    '3S AS 10H KH 2C'
    """
    return tuple(sorted(cards, key=lambda card: (card.suit, (card.rank - 2) % 13)))

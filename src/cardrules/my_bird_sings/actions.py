"""My Bird Sings actions and their notation.

Every action is a small frozen value, and equal actions are the same object: the engine
builds one ``Pass`` and one ``Exchange`` per card, one ``Draw`` per position and one
instance of each action without arguments at import, and the constructors return those
shared instances. A ``Sing`` cannot be tabled (there are too many sets of cards), so
``Sing(cards)`` returns the one live instance for its cards, kept in a cache of the sorted
cards. Comparing and hashing actions is therefore an identity check.

Notation (case-insensitive on input): ``pass KH``, ``draw 2`` (0-based position),
``exchange 4D``, ``decline-exchange``, ``sing 2H 9H KH 5H``, ``decline-sing``,
``abandon``.

>>> parse_action("PASS kh")
Pass(card=<Card KH>)
>>> str(Sing(parse_cards("KH 2H 9H 5H")))
'sing 2H 5H 9H KH'
>>> Pass("kh") is parse_action("pass KH"), Sing("2H 9H KH 5H") is Sing(parse_cards("KH 2H 9H 5H"))
(True, True)
>>> format_action(parse_action("draw 2")), parse_action("decline-exchange") == DeclineExchange()
('draw 2', True)
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from cardrules._interned import Interned, Singleton, prebuilt
from cardrules._notation import to_card
from cardrules._notation import words as notation_words
from cardrules.cards import FULL_PACK, Card, format_cards, parse_card, parse_cards
from cardrules.errors import NotationError

__all__ = [
    "ABANDON",
    "ACTION_TYPES",
    "DECLINE_EXCHANGE",
    "DECLINE_SING",
    "DRAW_ACTIONS",
    "EXCHANGE_ACTIONS",
    "PASS_ACTIONS",
    "Abandon",
    "Action",
    "DeclineExchange",
    "DeclineSing",
    "Draw",
    "Exchange",
    "Pass",
    "Sing",
    "format_action",
    "parse_action",
]

POSITIONS: Final = 16
"""How many ``Draw`` positions there are (0 to 15; a hand on offer never holds more than 5)."""


@attrs.frozen(slots=True, eq=False, init=False)
class Pass(Interned):
    """Throw ``card`` face down to the left neighbour (``throw`` passing, MBS-8).

    >>> Pass("kh") is Pass(parse_card("KH"))
    True
    """

    card: Card

    def __new__(cls, card: Card | str) -> Pass:
        """Return the shared action for ``card`` (a Card or card notation)."""
        return PASS_ACTIONS[to_card(card)]

    def __init__(self, card: Card | str) -> None:
        pass

    def __reduce__(self) -> tuple[type[Pass], tuple[Card]]:
        return (Pass, (self.card,))

    def __str__(self) -> str:
        return f"pass {self.card}"


@attrs.frozen(slots=True, eq=False, init=False)
class Draw(Interned):
    """Draw the card at ``index`` (0-based) of the hand the right neighbour offers face down.

    Used with ``draw_blind`` passing (MBS-8): the drawer is the left neighbour of the player
    on turn, and the offered cards lie in a fresh random order, so the index tells nothing
    about the card. Positions run from 0 to 15.

    >>> Draw(2) is parse_action("draw 2")
    True
    """

    index: int

    def __new__(cls, index: int) -> Draw:
        """Return the shared action for position ``index`` (0 to 15).

        Raises:
            NotationError: if ``index`` is not an int from 0 to 15.

        """
        if type(index) is int and 0 <= index < POSITIONS:
            return DRAW_ACTIONS[index]
        raise NotationError(
            f"not a position: {index!r} (expected an int from 0 to {POSITIONS - 1}, such as 0)"
        )

    def __init__(self, index: int) -> None:
        pass

    def __reduce__(self) -> tuple[type[Draw], tuple[int]]:
        return (Draw, (self.index,))

    def __str__(self) -> str:
        return f"draw {self.index}"


@attrs.frozen(slots=True, eq=False, init=False)
class Exchange(Interned):
    """Discard ``discard`` and take a card of another suit from the stock (MBS-11)."""

    discard: Card

    def __new__(cls, discard: Card | str) -> Exchange:
        """Return the shared action for ``discard`` (a Card or card notation)."""
        return EXCHANGE_ACTIONS[to_card(discard)]

    def __init__(self, discard: Card | str) -> None:
        pass

    def __reduce__(self) -> tuple[type[Exchange], tuple[Card]]:
        return (Exchange, (self.discard,))

    def __str__(self) -> str:
        return f"exchange {self.discard}"


@attrs.frozen(slots=True, eq=False)
class DeclineExchange(Singleton):
    """Let an open exchange with the stock go by (MBS-11)."""

    def __str__(self) -> str:
        return "decline-exchange"


_SINGS: Final[weakref.WeakValueDictionary[tuple[Card, ...], Sing]] = weakref.WeakValueDictionary()
_SINGS_LOCK: Final = threading.Lock()


def _sorted_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """The cards of a ``Sing``, in pack order; a repeated card is a notation error."""
    if isinstance(cards, str):
        held = tuple(sorted(parse_cards(cards)))
    elif isinstance(cards, Iterable):
        held = tuple(sorted(to_card(card) for card in cards))
    else:
        raise NotationError(f"not a list of cards: {cards!r}")
    if len(set(held)) < len(held):
        raise NotationError(f"a card repeats in {format_cards(held)!r}")
    return held


@attrs.frozen(slots=True, eq=False, init=False)
class Sing(Interned):
    """Declare that ``cards`` sing (MBS-12), or lay them as a trick (MBS-15).

    Only offered where the player chooses: with ``auto_sing=False`` he declares his
    singing holding himself (D-5), and in the play-to-exhaustion variant the bird chooses
    the set it lays, even from a single one, so that the pause says nothing of how many
    sets it holds. The cards are kept in pack order, so ``Sing`` values
    with the same cards are the same value whatever order they were given in. A repeated
    card is refused with :class:`~cardrules.errors.NotationError`.

    >>> Sing("KH 2H 9H 5H").cards
    (<Card 2H>, <Card 5H>, <Card 9H>, <Card KH>)
    """

    cards: tuple[Card, ...]

    def __new__(cls, cards: Iterable[Card | str] | str) -> Sing:
        """Return the one live ``Sing`` of ``cards`` (Cards or notation, in any order).

        Raises:
            NotationError: if ``cards`` are not distinct cards.

        """
        key = _sorted_cards(cards)
        with _SINGS_LOCK:  # one instance per set of cards, even between threads
            sing = _SINGS.get(key)
            if sing is None:
                sing = prebuilt(cls, cards=key)
                _SINGS[key] = sing
        return sing

    def __init__(self, cards: Iterable[Card | str] | str) -> None:
        pass

    def __reduce__(self) -> tuple[type[Sing], tuple[tuple[Card, ...]]]:
        return (Sing, (self.cards,))

    def __str__(self) -> str:
        return f"sing {format_cards(self.cards)}" if self.cards else "sing"


@attrs.frozen(slots=True, eq=False)
class DeclineSing(Singleton):
    """Keep silent at a check of one's holding (only with ``auto_sing=False``, D-5).

    Offered at a declaration of one's own whether or not the holding sings (it is the only
    action when nothing sings), so that the table cannot tell. The chance is lost: a
    declined check is never asked again, and the holding is next checked at its owner's
    next checkpoint (after he receives, or after an exchange; D-6).
    """

    def __str__(self) -> str:
        return "decline-sing"


@attrs.frozen(slots=True, eq=False)
class Abandon(Singleton):
    """End the deal as void by agreement; the pool is carried to the next deal (MBS-13).

    Offered only at the first decision of each round after the first (the engine's
    reading of D-11; see ``docs/rules/my-bird-sings.md``).
    """

    def __str__(self) -> str:
        return "abandon"


Action: TypeAlias = Pass | Draw | Exchange | DeclineExchange | Sing | DeclineSing | Abandon
"""Any My Bird Sings action."""

ACTION_TYPES: Final = (Pass, Draw, Exchange, DeclineExchange, Sing, DeclineSing, Abandon)
"""The action classes, in the order of the notation table."""

PASS_ACTIONS: Final[tuple[Pass, ...]] = tuple(prebuilt(Pass, card=card) for card in FULL_PACK)
"""The shared ``Pass`` of every card, indexed by card."""
EXCHANGE_ACTIONS: Final[tuple[Exchange, ...]] = tuple(
    prebuilt(Exchange, discard=card) for card in FULL_PACK
)
"""The shared ``Exchange`` of every card, indexed by card."""
DRAW_ACTIONS: Final[tuple[Draw, ...]] = tuple(
    prebuilt(Draw, index=index) for index in range(POSITIONS)
)
"""The shared ``Draw`` of positions 0 to 15, indexed by position."""
DECLINE_EXCHANGE: Final = DeclineExchange()
"""The one ``DeclineExchange`` value."""
DECLINE_SING: Final = DeclineSing()
"""The one ``DeclineSing`` value."""
ABANDON: Final = Abandon()
"""The one ``Abandon`` value."""

_BARE: Final[dict[str, Action]] = {
    "decline-exchange": DECLINE_EXCHANGE,
    "decline-sing": DECLINE_SING,
    "abandon": ABANDON,
}


def parse_action(text: str) -> Action:
    """Read an action in notation (case-insensitive; a bare card means ``pass``).

    >>> parse_action("sing 2h 9h kh 5h")
    Sing(cards=(<Card 2H>, <Card 5H>, <Card 9H>, <Card KH>))
    >>> parse_action("exchange 4D"), parse_action("10c")
    (Exchange(discard=<Card 4D>), Pass(card=<Card 10C>))
    >>> parse_action("draw two")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a My Bird Sings action: 'draw two' (draw needs a \
position from 0 to 15, such as 'draw 0')
    >>> parse_action("sing AS AS 2S 3S")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a My Bird Sings action: 'sing AS AS 2S 3S' (a sing \
names each card once)

    Notation is strict: a sing names distinct cards, and a draw position is a plain decimal
    from 0 to 15 (a hand on offer never holds more than five cards; 15 is the highest
    position :data:`DRAW_ACTIONS` and the adapters name), so no text reads as an action
    that can never be legal in a way a caller would not notice.

    Raises:
        NotationError: quoting ``text`` if it is not an action.

    """
    if not isinstance(text, str):
        raise NotationError(f"not a My Bird Sings action: {text!r} (expected a string)")
    words = notation_words(text)
    if not words:
        raise NotationError(f"not a My Bird Sings action: {text!r} (it is empty)")
    verb, args = words[0], words[1:]
    if verb in _BARE and not args:
        return _BARE[verb]
    repeated = False
    try:
        if verb == "pass" and len(args) == 1:
            return PASS_ACTIONS[parse_card(args[0])]
        if verb == "exchange" and len(args) == 1:
            return EXCHANGE_ACTIONS[parse_card(args[0])]
        if verb == "sing" and args:
            sung = parse_cards(" ".join(args))
            if len(set(sung)) == len(sung):
                return Sing(sung)
            repeated = True
        if len(words) == 1 and verb not in ("draw", "pass", "exchange", "sing"):
            return PASS_ACTIONS[parse_card(verb)]
    except NotationError:
        pass
    if repeated:
        raise NotationError(f"not a My Bird Sings action: {text!r} (a sing names each card once)")
    if verb == "draw":
        if len(args) == 1 and args[0].isdigit() and args[0].isascii() and len(args[0]) <= 2:
            index = int(args[0])
            if index < POSITIONS:
                return DRAW_ACTIONS[index]
        raise NotationError(
            f"not a My Bird Sings action: {text!r} (draw needs a position from 0 to "
            f"{POSITIONS - 1}, such as 'draw 0')"
        )
    raise NotationError(
        f"not a My Bird Sings action: {text!r} (expected pass, draw, exchange, "
        "decline-exchange, sing, decline-sing or abandon, e.g. 'pass KH')"
    )


def format_action(action: Action | str) -> str:
    """Write an action in canonical notation; :func:`parse_action` reads it back.

    Notation is read first, so text comes back canonical.

    >>> format_action(Exchange(parse_card("4d"))), format_action("Sing kh 2h 9h 5h")
    ('exchange 4D', 'sing 2H 5H 9H KH')

    Raises:
        NotationError: if ``action`` is not a My Bird Sings action, nor its notation.

    """
    if isinstance(action, str):
        return str(parse_action(action))
    if not isinstance(action, ACTION_TYPES):
        raise NotationError(f"not a My Bird Sings action: {action!r}")
    return str(action)

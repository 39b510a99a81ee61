"""What the engine says, as data: a message is a stable id, typed parameters and rule ids.

Every refusal, trick explanation, settlement line and narration event of the library is a
:class:`Message`. Its ``id`` names the sentence (``"spoil-five.refusal.must-follow"``),
its ``params`` are the facts in it (seats, cards, suits, counts, other messages) and
its ``rules`` the ids of the rules behind it, kept out of the text so that a front-end
may show them as links. Two ways to turn one into words:

- ``str(message)``: the English the library has always written, for programmers and logs
  (``seat 2``, cards in notation, option identifiers as they are);
- :func:`render`: a sentence for a player, in one of :data:`LANGUAGES`, addressed to the
  reader's seat in the second person and to the others by name, with suit symbols or
  letters, what an option does in words (never its identifier) and no rule id.

>>> from cardrules.cards import parse_card, Suit
>>> why = message("spoil-five.refusal.must-follow", "SF-16", suit=Suit.HEARTS, led=Suit.SPADES)
>>> str(why)
'hearts are not trumps and you hold a spade; follow suit or trump'
>>> render(why)
'Hearts are not trumps and you hold a spade; follow suit or trump.'
>>> render(why, language="fr")
"Le cœur n'est pas l'atout et vous avez du pique ; fournissez ou coupez."
>>> message_to_json(why)
{'id': 'spoil-five.refusal.must-follow', 'params': {'led': 'S', 'suit': 'H'}, 'rules': ['SF-16']}
>>> message_from_json(message_to_json(why)) == why
True

The sentences themselves live in catalogues (the modules of :mod:`cardrules._wording`, in
English; a gettext catalogue per other language, shipped in the
package as ``cardrules/locale/<language>/LC_MESSAGES/cardrules.mo``). Only the standard
library's :mod:`gettext` reads them: attrs stays the core's only dependency.

**Parameters.** A parameter's kind, and so its Python type, its JSON form and how it is
written, is given by its name (:data:`PARAM_KINDS`):

=========== ========================== ============================ =======================
kind        Python value               JSON                         written (player)
=========== ========================== ============================ =======================
seat        ``int`` (0..n-1)           int                          "you", or the seat's name
seats       ``tuple[int, ...]``        list of ints                 names joined ("A, B and you")
card        :class:`~cardrules.cards.Card` notation string ``"10C"``  ``10♣`` (ranks localised)
cards       ``tuple[Card, ...]``       list of notation strings     cards, space-separated
suit        :class:`~cardrules.cards.Suit` suit letter ``"H"``     suit name ("hearts")
suits       ``tuple[Suit, ...]``       list of suit letters         "a spade and a club"
count       ``int``                    int                          the number
place       ``int`` (0 = best)         int                          an ordinal ("second-best")
message     :class:`Message`           nested message object        the nested sentence
seat_counts ``tuple[(int, int), ...]`` list of ``[seat, count]``    "Anna 3, you 2"
text        ``str``                    string                       as it is (English only)
=========== ========================== ============================ =======================
"""

from __future__ import annotations

import functools
import gettext
import string
from collections.abc import Callable, Iterable, Mapping, MutableMapping, Sequence
from importlib import resources
from typing import Final, TypeAlias, cast

import attrs

from cardrules.cards import Card, Suit, parse_card
from cardrules.errors import RecordError

__all__ = [
    "LANGUAGES",
    "PARAM_KINDS",
    "Entry",
    "Message",
    "Param",
    "catalogue",
    "entry",
    "message",
    "message_from_json",
    "message_to_json",
    "noun_forms",
    "placeholders",
    "render",
    "word",
]

LANGUAGES: Final = ("en", "fr")
"""The languages :func:`render` writes: English first, then each shipped catalogue."""

SUIT_STYLES: Final = ("symbols", "letters")
"""How :func:`render` writes the suit of a card: ``10♣`` or ``10C``."""

Param: TypeAlias = "int | str | Card | Suit | tuple[int, ...] | tuple[Card, ...] | tuple[Suit, ...] | Message | tuple[tuple[int, int], ...]"  # noqa: E501
"""A parameter's value; its kind (and so which of these it is) follows from its name."""

_SEAT: Final = "seat"
_SEATS: Final = "seats"
_CARD: Final = "card"
_CARDS: Final = "cards"
_SUIT: Final = "suit"
_SUITS: Final = "suits"
_COUNT: Final = "count"
_PLACE: Final = "place"
_MESSAGE: Final = "message"
_SEAT_COUNTS: Final = "seat_counts"
_TEXT: Final = "text"

PARAM_KINDS: Final[Mapping[str, str]] = {
    **dict.fromkeys(
        ("seat", "winner", "leader", "singer", "dealer", "to_act", "giver", "receiver"), _SEAT
    ),
    **dict.fromkeys(("winners", "barred"), _SEATS),
    **dict.fromkeys(("card", "discard", "turn_up", "taken", "led_card", "ace"), _CARD),
    **dict.fromkeys(("cards", "beaten", "shown", "order"), _CARDS),
    **dict.fromkeys(("suit", "trump", "led"), _SUIT),
    "missing": _SUITS,
    **dict.fromkeys(
        ("count", "stake", "need", "carried", "limit", "won", "offered", "last", "number",
         "index", "players", "percent", "round", "size", "turn", "target", "deal", "stock",
         "dead"),
        _COUNT,
    ),
    "place": _PLACE,
    **dict.fromkeys(("action", "reason", "why", "what"), _MESSAGE),
    **dict.fromkeys(("shares", "scores", "tricks"), _SEAT_COUNTS),
    **dict.fromkeys(("text", "detail"), _TEXT),
}  # fmt: skip
"""Every parameter name a message may use, with its kind (see the module's table)."""


@attrs.frozen(slots=True, cache_hash=True)
class Message:
    """One thing the engine says: an id, its parameters and the rules behind it.

    Build one with :func:`message`. ``str(message)`` is the English for programmers;
    :func:`render` writes it for a player.

    Attributes:
        id: the stable dotted id of the sentence (``"spoil-five.refusal.must-follow"``);
            :func:`catalogue` lists them all with their parameters.
        params: ``(name, value)`` pairs sorted by name; each value's kind follows from
            its name (:data:`PARAM_KINDS`).
        rules: the ids of the rules on the rules pages behind it (``("SF-16",)``), never
            part of the text.

    """

    id: str
    params: tuple[tuple[str, Param], ...] = ()
    rules: tuple[str, ...] = ()

    def __getitem__(self, name: str) -> Param:
        """The value of parameter ``name``.

        >>> from cardrules.cards import parse_card
        >>> message("common.refusal.not-held", "C-7", card=parse_card("5C"))["card"]
        <Card 5C>

        Raises:
            KeyError: if the message has no such parameter.

        """
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def __str__(self) -> str:
        """The English for programmers: ``seat 2``, cards in notation, no rule ids."""
        return _Writer(None, (), "en", "letters", code=True).top(self)


def message(id: str, rules: str | tuple[str, ...] = (), /, **params: Param) -> Message:
    """The :class:`Message` ``id`` with ``params``, behind rule (or rules) ``rules``.

    >>> message("common.refusal.not-held", "C-7", card=parse_card("5C"))
    Message(id='common.refusal.not-held', params=(('card', <Card 5C>),), rules=('C-7',))
    """
    return Message(id, tuple(sorted(params.items())), (rules,) if isinstance(rules, str) else rules)


@attrs.frozen(slots=True)
class Entry:
    """One sentence of the catalogue, in English.

    Attributes:
        id: the message id.
        text: the sentence for a player, with ``{name}`` or ``{name:form}`` placeholders.
        params: the parameter names the sentence takes, sorted.
        you: variants when a seat parameter is the reader, by that parameter's name
            (``{"winner": "you take the pool: ..."}``); the first that applies is used.
        code: the English for programmers where it differs from ``text``.
        sentence: whether the programmers' English starts with a capital (a whole line).
        label: whether it is a label (an action, a word) rather than a sentence: rendered
            for a player with a capital but no full stop.

    """

    id: str
    text: str
    params: tuple[str, ...]
    you: tuple[tuple[str, str], ...] = ()
    code: str | None = None
    sentence: bool = False
    label: bool = False


def entry(
    id: str,
    text: str,
    *,
    you: Mapping[str, str] | None = None,
    code: str | None = None,
    sentence: bool = False,
    label: bool = False,
) -> Entry:
    """An :class:`Entry` whose parameters are those of its placeholders."""
    found = set(placeholders(text))
    if code is not None:
        found |= placeholders(code)
    variants = tuple((you or {}).items())
    return Entry(id, text, tuple(sorted(found)), variants, code, sentence, label)


def placeholders(text: str) -> set[str]:
    """The parameter names of the placeholders in ``text``.

    >>> sorted(placeholders("{seat} takes {count:counters}"))
    ['count', 'seat']
    """
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@functools.cache
def catalogue() -> Mapping[str, Entry]:
    """Every message the library says, by id (common, then Spoil Five, then My Bird Sings)."""
    from cardrules._wording import ENTRIES

    return {item.id: item for item in ENTRIES}


def _translations(language: str) -> gettext.NullTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for language {language!r}; expected one of {LANGUAGES}")
    return _load(language)


@functools.cache
def _load(language: str) -> gettext.NullTranslations:
    if language == "en":
        return gettext.NullTranslations()
    path = resources.files("cardrules") / "locale" / language / "LC_MESSAGES" / "cardrules.mo"
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)


def template(id: str, variant: str | None, language: str) -> str:
    """The sentence of message ``id`` (its ``you`` variant for ``variant``) in ``language``."""
    item = catalogue()[id]
    text = item.text if variant is None else dict(item.you)[variant]
    context = id if variant is None else f"{id}@{variant}"
    return _translations(language).pgettext(context, text)


def word(id: str, language: str = "en", **params: Param) -> str:
    """A catalogue entry written in ``language`` as it is (no capital, no full stop).

    For the words a front-end puts together itself (a suit's name, a column's heading).

    >>> word("suit.H.plural", "fr"), word("rank.K", "fr"), word("table.tricks", count=2)
    ('cœurs', 'R', 'tricks 2')
    """
    return _Writer(None, (), language, "symbols", code=False).text(message(id, **params))


class _Writer:
    """Writes messages in one language for one reader (or in code English)."""

    def __init__(
        self,
        reader: int | None,
        names: Sequence[str],
        language: str,
        suits: str,
        *,
        code: bool,
        texts: MutableMapping[Message, str] | None = None,
    ) -> None:
        self.reader = reader
        self.names = names
        self.language = language
        self.suits = suits
        self.code = code
        self.texts = texts

    def top(self, msg: Message) -> str:
        text = self.text(msg)
        item = catalogue()[msg.id]
        if self.code and not item.sentence:
            return text
        if not self.code and not item.label and text and text[-1] not in ".!?":
            text += "."
        return text[:1].upper() + text[1:]

    def text(self, msg: Message) -> str:
        texts = self.texts
        if texts is None:
            return self._text(msg)
        found = texts.get(msg)
        if found is None:
            found = texts[msg] = self._text(msg)
        return found

    def _text(self, msg: Message) -> str:
        item = catalogue().get(msg.id)
        if item is None:
            raise ValueError(f"unknown message id {msg.id!r}")
        values = dict(msg.params)
        if set(values) != set(item.params):
            raise ValueError(
                f"message {msg.id!r} takes the parameters {list(item.params)}, not {sorted(values)}"
            )
        if self.code:
            pattern = item.code if item.code is not None else item.text
        else:
            variant = next(
                (name for name, _ in item.you if _names_reader(values[name], self.reader)),
                None,
            )
            pattern = template(msg.id, variant, self.language)
        parts = []
        for literal, name, form, _ in string.Formatter().parse(pattern):
            parts.append(literal)
            if name:
                parts.append(self.param(name, values[name], form or ""))
        return "".join(parts)

    def word(self, id: str, **params: Param) -> str:
        return self.text(message(id, **params))

    def seat(self, seat: int) -> str:
        if self.code:
            return f"seat {seat}"
        if seat == self.reader:
            return self.word("common.you")
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.word("common.player", number=seat + 1)

    def listed(self, items: Sequence[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        last = self.word("common.and") if not self.code else "and"
        return ", ".join(items[:-1]) + f" {last} " + items[-1]

    def card(self, card: Card) -> str:
        if self.code:
            return str(card)
        rank = self.word(f"rank.{card.rank.symbol}")
        return rank + (card.suit.symbol if self.suits == "symbols" else card.suit.letter)

    def param(self, name: str, value: Param, form: str) -> str:
        kind = PARAM_KINDS[name]
        writer = _KINDS[kind]
        return writer(self, value, form)


def _names_reader(value: Param, reader: int | None) -> bool:
    """Whether a seat (or seats) parameter's ``value`` is, or includes, ``reader``."""
    if reader is None:
        return False
    return value == reader or (isinstance(value, tuple) and reader in value)


def _write_seat(w: _Writer, value: Param, form: str) -> str:
    del form
    assert isinstance(value, int)
    return w.seat(value)


def _write_seats(w: _Writer, value: Param, form: str) -> str:
    del form
    seats = cast("tuple[int, ...]", value)
    return w.listed([w.seat(seat) for seat in seats])


def _write_card(w: _Writer, value: Param, form: str) -> str:
    del form
    assert isinstance(value, Card)
    return w.card(value)


def _write_cards(w: _Writer, value: Param, form: str) -> str:
    assert isinstance(value, tuple)
    cards = [w.card(card) for card in value if isinstance(card, Card)]
    return w.listed(cards) if form == "list" else " ".join(cards)


def _write_suit(w: _Writer, value: Param, form: str) -> str:
    assert isinstance(value, Suit)
    if form == "symbol":
        return value.symbol
    return w.word(f"suit.{value.letter}.{form or 'plural'}")


def _write_suits(w: _Writer, value: Param, form: str) -> str:
    suits = cast("tuple[Suit, ...]", value)
    return w.listed([w.word(f"suit.{suit.letter}.{form or 'a'}") for suit in suits])


def _write_count(w: _Writer, value: Param, form: str) -> str:
    assert isinstance(value, int)
    if not form:
        return str(value)
    if form == "word":
        return w.word(f"number.{value}") if 0 <= value <= _NUMBER_WORDS else str(value)
    one, other = _NOUNS[form]
    if w.code:
        return (one if value == 1 else other).format(count=value)
    phrase = _translations(w.language).npgettext(f"noun.{form}", one, other, value)
    return phrase.format(count=value)


def _write_place(w: _Writer, value: Param, form: str) -> str:
    del form
    assert isinstance(value, int)
    return w.word(f"place.{value + 1}")


def _write_message(w: _Writer, value: Param, form: str) -> str:
    del form
    assert isinstance(value, Message)
    return w.text(value)


def _write_text(w: _Writer, value: Param, form: str) -> str:
    del w, form
    assert isinstance(value, str)
    return value


def _write_seat_counts(w: _Writer, value: Param, form: str) -> str:
    pairs = cast("tuple[tuple[int, int], ...]", value)
    if form == "signed":
        return ", ".join(
            f"{w.seat(seat)} {count:+d}" if count else f"{w.seat(seat)} 0" for seat, count in pairs
        )
    return ", ".join(f"{w.seat(seat)} {count}" for seat, count in pairs)


_KINDS: Final[dict[str, Callable[[_Writer, Param, str], str]]] = {
    _SEAT: _write_seat,
    _SEATS: _write_seats,
    _CARD: _write_card,
    _CARDS: _write_cards,
    _SUIT: _write_suit,
    _SUITS: _write_suits,
    _COUNT: _write_count,
    _PLACE: _write_place,
    _MESSAGE: _write_message,
    _SEAT_COUNTS: _write_seat_counts,
    _TEXT: _write_text,
}

_NOUNS: Final = {
    "counters": ("{count} counter", "{count} counters"),
    "counters-stay": ("{count} counter stays", "{count} counters stay"),
    "tricks": ("{count} trick", "{count} tricks"),
    "cards": ("{count} card", "{count} cards"),
    "rounds": ("{count} round", "{count} rounds"),
    "full-rounds": ("{count} full round", "{count} full rounds"),
    "points": ("{count} point", "{count} points"),
    "deals": ("{count} deal", "{count} deals"),
    "counters-are": ("{count} counter is", "{count} counters are"),
}


_NUMBER_WORDS: Final = 5
"""Counts up to this are written as words in the ``{count:word}`` form (``number.4``)."""


def noun_forms() -> Mapping[str, tuple[str, str]]:
    """The count forms (``{count:counters}``): singular and plural English, by form name."""
    return _NOUNS


def render(
    message: Message,
    *,
    reader: int | None = None,
    names: Sequence[str] = (),
    language: str = "en",
    suits: str = "symbols",
    texts: MutableMapping[Message, str] | None = None,
) -> str:
    """``message`` as a sentence for a player, in ``language``.

    Args:
        message: what to say.
        reader: the seat reading it: it is addressed as "you" (with the verb agreeing).
        names: the seats' names, by seat; a seat without one is "player 3" (seat 2).
        language: one of :data:`LANGUAGES`.
        suits: ``"symbols"`` (``10♣``) or ``"letters"`` (``10C``: the notation's suit
            letters in every language; the rank is the language's, ``RH`` in French).
        texts: where to keep the text of every message written, nested ones included
            (the reason of a refusal, a card's rank), and to find it again: for one
            reader, names, language and suit style, to render many messages that share
            their parts (give each reader a mapping of its own). By default nothing is
            kept.

    >>> from cardrules.spoil_five import Explainer, Options, new_game
    >>> refused = Explainer.for_seat(new_game(Options(players=2), seed=7), 0).action("stop")
    >>> kept = {}
    >>> render(refused.message, reader=0, names=("Ann", "Bob"), texts=kept)
    "You cannot stop: it is Bob's turn to play, not yours."
    >>> kept[refused.message["reason"]]
    "it is Bob's turn to play, not yours"

    >>> from cardrules.cards import Suit
    >>> takes = message("spoil-five.settlement.takes-pool", "SF-19", winner=1, count=14)
    >>> render(takes, reader=1), render(takes, names=("Ann", "Bob"))
    ('You take the pool: 14 counters.', 'Bob takes the pool: 14 counters.')
    >>> render(takes, reader=0, names=("Ann", "Bob"), language="fr")
    'Bob remporte la cagnotte : 14 jetons.'

    Raises:
        ValueError: for a language or a suit style that is not offered, or a message id
            that is not in the catalogue.

    """
    if suits not in SUIT_STYLES:
        raise ValueError(f"suits must be one of {SUIT_STYLES}, not {suits!r}")
    return _Writer(reader, names, language, suits, code=False, texts=texts).top(message)


def message_to_json(message: Message) -> dict[str, object]:
    """``message`` as JSON-ready data: ``{"id": ..., "params": {...}, "rules": [...]}``.

    Parameters take the JSON forms of the module's table (cards as notation, suits as
    letters, seats as ints, nested messages as objects).
    """
    return {
        "id": message.id,
        "params": {name: _to_json(PARAM_KINDS[name], value) for name, value in message.params},
        "rules": list(message.rules),
    }


def _to_json(kind: str, value: Param) -> object:
    if kind in (_CARD, _SUIT):
        return str(value)
    if kind == _SUITS:
        return [suit.letter for suit in cast("tuple[Suit, ...]", value)]
    if kind == _CARDS:
        assert isinstance(value, tuple)
        return [str(card) for card in value]
    if kind == _MESSAGE:
        assert isinstance(value, Message)
        return message_to_json(value)
    if kind == _SEATS:
        assert isinstance(value, tuple)
        return list(value)
    if kind == _SEAT_COUNTS:
        assert isinstance(value, tuple)
        return [list(pair) for pair in cast("tuple[tuple[int, int], ...]", value)]
    return value


def message_from_json(data: object, where: str = "message") -> Message:
    """The :class:`Message` that :func:`message_to_json` wrote as ``data``.

    Raises:
        RecordError: for anything else: an unknown id, missing, unknown or mistyped
            parameters, rules that are not strings; the message says where.

    """
    if not isinstance(data, dict) or set(data) != {"id", "params", "rules"}:
        raise RecordError(f"{where}: expected an object with id, params and rules")
    id_, params, rules = data["id"], data["params"], data["rules"]
    if not isinstance(id_, str) or id_ not in catalogue():
        raise RecordError(f"{where}.id: unknown message id {id_!r}")
    if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
        raise RecordError(f"{where}.rules: expected a list of rule ids")
    expected = catalogue()[id_].params
    if not isinstance(params, dict) or tuple(sorted(params)) != expected:
        raise RecordError(f"{where}.params: expected the parameters {list(expected)}")
    decoded = {
        name: _from_json(PARAM_KINDS[name], value, f"{where}.params.{name}")
        for name, value in params.items()
    }
    return message(id_, tuple(rules), **decoded)


def _from_json(kind: str, value: object, where: str) -> Param:
    try:
        if kind == _CARD and isinstance(value, str):
            return parse_card(value)
        if kind == _SUIT and isinstance(value, str) and len(value) == 1:
            return Suit.parse(value)
        if kind == _SUITS and isinstance(value, list):
            return tuple(Suit.parse(text) for text in _strings(value) if len(text) == 1)
        if kind == _CARDS and isinstance(value, list):
            return tuple(parse_card(text) for text in _strings(value))
        if kind == _MESSAGE:
            return message_from_json(value, where)
        if kind == _SEATS and isinstance(value, list):
            return tuple(_ints(value))
        if kind == _SEAT_COUNTS and isinstance(value, list):
            pairs = [tuple(_ints(pair)) for pair in value if isinstance(pair, list)]
            if len(pairs) == len(value) and all(len(pair) == 2 for pair in pairs):
                return tuple((pair[0], pair[1]) for pair in pairs)
        if kind == _TEXT and isinstance(value, str):
            return value
        if kind in (_SEAT, _COUNT, _PLACE) and type(value) is int:
            return value
    except (ValueError, TypeError) as error:
        raise RecordError(f"{where}: {error}") from None
    raise RecordError(f"{where}: not a valid {kind}: {value!r}")


def _strings(values: Iterable[object]) -> list[str]:
    found = [value for value in values if isinstance(value, str)]
    if len(found) != len(list(values)):
        raise TypeError("expected strings")
    return found


def _ints(values: Iterable[object]) -> list[int]:
    items = list(values)
    found = [value for value in items if type(value) is int]
    if len(found) != len(items):
        raise TypeError("expected integers")
    return found

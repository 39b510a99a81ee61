"""Following the card led (SF-15, SF-16): one decision per led card, read by everything.

:func:`follow_rule` says, for one led card, which held cards oblige a player and which
cards he may then play. Its :class:`Following` value gives the legal plays of a hand,
the refusal of any other card, and what a card that does not follow reveals about the
hand it came from (for sampling). The engine reads these values from a table built once
per set of options (:func:`cardrules.spoil_five.option_tables.tables_for`), so the engine,
its refusals, :func:`~cardrules.spoil_five.rules.legal_plays` and the sampler read the
very same object.

>>> from cardrules.cards import Suit, format_cards, parse_card, parse_cards
>>> from cardrules.spoil_five.ranking import trump_table
>>> rule = follow_rule(parse_card("KD"), trump_table(Suit.CLUBS), must_follow=False)
>>> format_cards(rule.legal(parse_cards("3D 4C 9S")))
'3D 4C'
>>> str(rule.refusal(parse_card("9S"), parse_cards("3D 4C 9S")))
'spades are not trumps and you hold a diamond; follow suit or trump'
>>> format_cards(sorted(rule.reveals(parse_card("9S"))))
'AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules._value import Value
from cardrules.cards import FULL_PACK, Card, Rank, Suit
from cardrules.messages import Message, message
from cardrules.spoil_five.actions import PLAYS, Play
from cardrules.spoil_five.ranking import TRUMP, TrumpTable

__all__ = ["Following", "follow_rule"]

_ACE_OF_HEARTS: Final = Card(Rank.ACE, Suit.HEARTS)
_P: Final = "spoil-five.refusal."


class Following(Value):
    """What one led card obliges (SF-15, SF-16), as the engine, refusals and sampler use it.

    A player holding none of the ``oblige`` cards may play any card; a player holding one
    must play one of the ``allowed`` cards. Built by :func:`follow_rule` and tabled per
    trump suit; a plain slotted value (read-only fields), so that the compiled build
    compiles it with the play path that reads it.
    """

    __slots__ = ("_allowed", "_led", "_must_follow", "_oblige", "_table")

    def __init__(
        self,
        led: Card,
        table: TrumpTable,
        *,
        must_follow: bool,
        oblige: frozenset[Play],
        allowed: frozenset[Play],
    ) -> None:
        self._led = led
        self._table = table
        self._must_follow = must_follow
        self._oblige = oblige
        self._allowed = allowed

    def _key(self) -> tuple[object, ...]:
        return (self._led, self._table, self._must_follow, self._oblige, self._allowed)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_rebuilt, (self._led, self._table, self._must_follow))

    @property
    def led(self) -> Card:
        """The card led."""
        return self._led

    @property
    def table(self) -> TrumpTable:
        """The strength tables of the trump suit."""
        return self._table

    @property
    def must_follow(self) -> bool:
        """Whether a plain lead must be followed (``plain_lead_rule``)."""
        return self._must_follow

    @property
    def oblige(self) -> frozenset[Play]:
        """The ``Play`` actions of the cards whose holder is restricted."""
        return self._oblige

    @property
    def allowed(self) -> frozenset[Play]:
        """The ``Play`` actions of the cards he may then play."""
        return self._allowed

    def plays(self, hand: tuple[Play, ...]) -> tuple[Play, ...]:
        """The legal plays of a hand held as ``Play`` actions (the hand itself if it is free)."""
        oblige = self._oblige
        for held in hand:  # a plain loop: compiled, no call of frozenset.isdisjoint
            if held in oblige:  # he holds a card that obliges him
                allowed = self._allowed
                kept: list[Play] = []  # a plain loop: compiled, as cheap as filter() interpreted
                for play in hand:
                    if play in allowed:
                        kept.append(play)
                return tuple(kept)
        return hand

    def legal(self, hand: Sequence[Card]) -> tuple[Card, ...]:
        """The cards of ``hand`` that may be played, in the order given."""
        return tuple([play.card for play in self.plays(tuple([PLAYS[card] for card in hand]))])

    def refusal(self, card: Card, hand: Sequence[Card]) -> Message | None:
        """Why ``card`` may not be played from ``hand`` (which holds it), or None if it may.

        The sentence names the led card or suit and a card of the hand that obliges.
        """
        if PLAYS[card] in self._allowed or not any(PLAYS[c] in self._oblige for c in hand):
            return None
        suit_of = self._table.suit_of
        led_suit = suit_of[self._led]
        rule = self.rule
        if led_suit == TRUMP:
            binding = next(c for c in hand if PLAYS[c] in self._oblige)
            return message(_P + "must-follow-trump", rule, led_card=self._led, card=binding)
        led = Suit(led_suit)
        if self._must_follow:
            what = _describe(card, suit_of[card])
            return message(_P + "must-follow-suit", rule, what=what, led=led)
        return message(_P + "must-follow", rule, suit=Suit(suit_of[card]), led=led)

    @property
    def rule(self) -> str:
        """The rule id of a refusal: SF-15 for a trump lead, SF-16 for a plain lead."""
        return "SF-15" if self._table.suit_of[self._led] == TRUMP else "SF-16"

    def reveals(self, card: Card) -> frozenset[Card]:
        """The cards a player who legally played ``card`` to this lead cannot have held.

        A card that is not allowed was legal only from a hand without obliging cards.
        """
        if PLAYS[card] in self._allowed:
            return frozenset()
        return frozenset([play.card for play in self._oblige])


def _describe(card: Card, suit: int) -> Message:
    if card == _ACE_OF_HEARTS:
        kind = "ace-of-hearts-trump" if suit == TRUMP else "ace-of-hearts-not-trump"
        return message(f"spoil-five.card.{kind}", card=card)
    if suit == TRUMP:
        return message("spoil-five.card.trump", card=card)
    return message("spoil-five.card.not-led-suit", card=card)


def follow_rule(led: Card, table: TrumpTable, *, must_follow: bool) -> Following:
    """Return what a lead of ``led`` obliges under ``table``'s trump suit and ranking.

    Implements SF-15 and SF-16. To a trump lead, a player holding a trump must play a
    trump, except that a trump with the renege privilege (the five, the jack and ``AH``
    under Peel's ranking, see SF-3) need not be played to a lower trump: such cards do not
    oblige. To a plain lead, a player holding the suit led must follow suit or trump
    (only follow, under ``must_follow``). Anybody else may play any card; any card may be
    led (SF-14).
    """
    suit_of = table.suit_of
    power = table.power
    protected = table.protected
    led_suit = suit_of[led]
    if led_suit == TRUMP:
        oblige = [
            c
            for c in FULL_PACK
            if suit_of[c] == TRUMP and not (protected[c] and power[c] > power[led])
        ]
        allowed = [c for c in FULL_PACK if suit_of[c] == TRUMP]
    else:
        oblige = [c for c in FULL_PACK if suit_of[c] == led_suit]
        allowed = [
            c
            for c in FULL_PACK
            if suit_of[c] == led_suit or (suit_of[c] == TRUMP and not must_follow)
        ]
    return Following(
        led=led,
        table=table,
        must_follow=must_follow,
        oblige=frozenset([PLAYS[c] for c in oblige]),
        allowed=frozenset([PLAYS[c] for c in allowed]),
    )


def _rebuilt(led: Card, table: TrumpTable, must_follow: bool) -> Following:
    """Rebuild a pickled :class:`Following` through its rule."""
    return follow_rule(led, table, must_follow=must_follow)

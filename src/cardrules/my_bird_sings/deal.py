"""The deal of My Bird Sings: antes (MBS-2), who is dealt which cards (MBS-3), turn order.

The order of the turns (MBS-7) follows the deal: clockwise from the eldest hand.

>>> from cardrules.cards import parse_cards
>>> from cardrules.my_bird_sings import Options, new_game
>>> options = Options(players=2)
>>> deck = deck_for(options, [parse_cards("2H 3H 4H 5D"), parse_cards("2S 3S 4S 5S")])
>>> deck[:9]  # dealt one at a time from the eldest hand (seat 1), then the stock
(<Card 2S>, <Card 2H>, <Card 3S>, <Card 3H>, <Card 4S>, <Card 4H>, <Card 5S>, <Card 5D>, <Card AS>)
>>> state = new_game(options, deck=deck)
>>> state.hands  # seat 1, the eldest hand, is dealt to first
((<Card 2H>, <Card 3H>, <Card 4H>, <Card 5D>), (<Card 2S>, <Card 3S>, <Card 4S>, <Card 5S>))
>>> state.outcome.kind, state.outcome.winners, state.outcome.shown
(<OutcomeKind.SANG: 'sang'>, (1,), (<Card 2S>, <Card 3S>, <Card 4S>, <Card 5S>))

"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card
from cardrules.errors import OptionsError
from cardrules.my_bird_sings.options import ExchangeBy, Options

__all__ = ["ante", "deal_positions", "deck_for", "pack_reach", "turn_order"]


def ante(options: Options, dealer: int) -> tuple[int, ...]:
    """What each seat puts in the pool before a deal by ``dealer``.

    Implements MBS-2: every player antes ``stake`` counters and the dealer adds
    ``dealer_extra``.

    >>> ante(Options(players=4), dealer=1)
    (1, 2, 1, 1)
    """
    extra = options.dealer_extra
    return tuple(
        options.stake + (extra if seat == dealer else 0) for seat in range(options.players)
    )


def turn_order(options: Options, dealer: int) -> tuple[int, ...]:
    """The seats in turn order in a deal by ``dealer``: the eldest hand first.

    Implements MBS-7: turns are numbered from 0, turn ``t`` belongs to the seat ``t``
    places after the eldest hand (the original leader, on the dealer's left, C-1), and a
    round is one turn each: turn ``t`` is ``turn_order(...)[t % players]``.

    >>> turn_order(Options(players=4), dealer=1)
    (2, 3, 0, 1)
    """
    n = options.players
    return tuple((dealer + 1 + offset) % n for offset in range(n))


def deal_positions(options: Options, dealer: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, the places in the pack (0 is the top card) of the cards it is dealt.

    Implements MBS-3: the dealer gives ``hand_size`` cards to each player, ``deal_batch``
    at a time, clockwise, starting with the eldest hand on his left (C-1); the undealt
    cards are the stock. Each seat's places come in the order its cards arrive.

    >>> deal_positions(Options(players=3), dealer=2)
    ((0, 3, 6, 9), (1, 4, 7, 10), (2, 5, 8, 11))
    >>> deal_positions(Options(players=2, deal_batch=2), dealer=0)
    ((2, 3, 6, 7), (0, 1, 4, 5))
    """
    batch = options.deal_batch
    places: list[list[int]] = [[] for _ in range(options.players)]
    top = 0
    for _ in range(options.hand_size // batch):
        for seat in turn_order(options, dealer):  # clockwise from the eldest hand
            places[seat].extend(range(top, top + batch))
            top += batch
    return tuple(tuple(seat) for seat in places)


def pack_reach(options: Options) -> int:
    """How many cards from the top of the pack a deal may ever show anybody.

    The hands dealt by :func:`deal_positions` (MBS-3) and, if the stock is ever drawn
    from (by the exchanges of MBS-11, or replenishing in the play-to-exhaustion variant
    of MBS-15), the whole pack.

    >>> pack_reach(Options(players=3)), pack_reach(Options(players=3, exchange_by="nobody"))
    (52, 12)
    """
    if options.exchange_by is not ExchangeBy.NOBODY or options.play_to_exhaustion:
        return len(options.cards)
    return options.players * options.hand_size


def deck_for(
    options: Options,
    hands: Sequence[Sequence[Card]],
    *,
    dealer: int = 0,
    stock: Sequence[Card] = (),
) -> tuple[Card, ...]:
    """Return a pack order (top first) that deals ``hands`` (by seat) under ``options``.

    The stock begins with ``stock``; the rest of the pack follows in pack order. Handy
    for setting up positions: ``new_game(options, deck=deck_for(...), dealer=dealer)``.

    Raises:
        OptionsError: if the hands or stock do not fit the options or repeat a card.

    """
    n = options.players
    size = options.hand_size
    pack = options.cards
    if len(hands) != n or any(len(hand) != size for hand in hands):
        raise OptionsError(f"hands: expected {n} hands of {size} cards, not {hands!r}")
    top: list[Card | None] = [None] * (n * size)
    for seat, places in enumerate(deal_positions(options, dealer)):
        for place, card in zip(places, hands[seat], strict=True):
            top[place] = card
    used = [card for card in top if card is not None] + list(stock)
    if len(set(used)) != len(used) or not set(used) <= set(pack):
        raise OptionsError("hands, stock: every card must come from the pack, once")
    rest = [card for card in pack if card not in set(used)]
    return (*[card for card in top if card is not None], *stock, *rest)


def check_deck(deck: Sequence[Card] | str, pack: tuple[Card, ...]) -> tuple[Card, ...]:
    """An explicit pack order as a tuple of cards, checked to be ``pack`` in some order.

    Raises:
        OptionsError: if ``deck`` is not each card of ``pack`` exactly once.

    """
    if isinstance(deck, str):
        from cardrules.cards import parse_cards
        from cardrules.errors import NotationError

        try:
            cards = parse_cards(deck)
        except NotationError as error:
            raise OptionsError(f"deck: {error}") from None
    else:
        try:
            cards = tuple(deck)
        except TypeError:
            raise OptionsError(f"deck: expected a sequence of cards, not {deck!r}") from None
    if not all(isinstance(card, Card) for card in cards) or sorted(cards) != sorted(pack):
        raise OptionsError(
            f"deck: must hold each of the {len(pack)} cards of the pack exactly once"
        )
    return cards

"""A rule-of-thumb My Bird Sings player.

Keep the cards that lead to the nearest singing combination, pass the least useful one.
A holding is judged by its *outs*: how many of the cards this seat has not seen would
make it sing if they arrived next (checked with the game's own ``sings``). The card to
pass (or to discard for an exchange) is the one whose loss leaves the most outs; ties go
to the holding with more cards of one suit or more different suits, then to the lowest
card in pack order. An exchange with the stock is always taken when offered (it is a
free extra chance), and a blind draw picks a position at random (nothing is known).
The bot abandons the deal (MBS-13) only once the stock is empty and twenty rounds have
passed, since then the same cards may go round for ever.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules import my_bird_sings as mbs
from cardrules.cards import Card

__all__ = ["MyBirdSingsBot", "outs"]


def outs(holding: Sequence[Card], unseen: Sequence[Card], options: mbs.Options) -> int:
    """Count the cards of ``unseen`` that would make ``holding`` sing if added to it.

    >>> from cardrules import my_bird_sings
    >>> from cardrules.cards import FULL_PACK, parse_cards
    >>> held = parse_cards("2H 9H KH")
    >>> rest = [c for c in FULL_PACK if c not in held]
    >>> outs(held, rest, my_bird_sings.Options())  # the ten other hearts
    10
    """
    if len(holding) > options.hand_size:  # beyond the tabled sizes: ask card by card
        base = tuple(holding)
        return sum(1 for card in unseen if mbs.sings((*base, card), options))
    # the holding plus one card sings when its suit key does (MBS-4 to MBS-6, tabled)
    key = mbs.suit_key(holding)
    keys = mbs.singing_keys(options)
    return sum(1 for card in unseen if key + mbs.SUIT_KEY[card] in keys)


def _shape(holding: Sequence[Card]) -> tuple[int, int]:
    """The longest suit and the number of different suits of ``holding``."""
    counts = [0, 0, 0, 0]
    for card in holding:
        counts[card.suit] += 1
    return max(counts), sum(1 for c in counts if c)


class MyBirdSingsBot:
    """The rule-of-thumb My Bird Sings bot (see the module documentation).

    Args:
        rng: the bot's own random generator (used for blind draws).
        patience: rounds after which, with the stock empty, the bot abandons the deal
            (MBS-13): with no new cards coming in, the same cards can circulate for ever.
    """

    __slots__ = ("_rng", "patience")

    name = "heuristic"

    def __init__(self, rng: random.Random, *, patience: int = 20) -> None:
        self._rng = rng
        self.patience = patience

    @property
    def rng(self) -> random.Random:
        """The bot's own random generator."""
        return self._rng

    def choose(self, view: mbs.View, legal: Sequence[mbs.Action], /) -> mbs.Action:
        """Return the rule-of-thumb choice among ``legal`` for ``view``'s seat."""
        if len(legal) == 1:
            return legal[0]
        hand = view.hand
        options = view.options
        if view.stock_count == 0 and view.round > self.patience:
            for action in legal:
                if isinstance(action, mbs.Abandon):
                    return action
        draws = [a for a in legal if isinstance(a, mbs.Draw)]
        if draws:
            return draws[int(self._rng.random() * len(draws))]
        sings = [a for a in legal if isinstance(a, mbs.Sing)]
        if sings:
            return sings[0]
        exchanges = [a for a in legal if isinstance(a, mbs.Exchange)]
        if exchanges:
            keep = self._least_useful(hand, [a.discard for a in exchanges], options)
            return next(a for a in exchanges if a.discard == keep)
        passes = [a for a in legal if isinstance(a, mbs.Pass)]
        if passes:
            card = self._least_useful(hand, [a.card for a in passes], options)
            return next(a for a in passes if a.card == card)
        others = [a for a in legal if not isinstance(a, mbs.Abandon)]
        return others[0] if others else legal[0]

    def _least_useful(
        self, hand: Sequence[Card], candidates: Sequence[Card], options: mbs.Options
    ) -> Card:
        """The candidate whose loss leaves the holding with the most outs."""
        held = set(hand)
        unseen = [c for c in options.cards if c not in held]

        def score(card: Card) -> tuple[int, tuple[int, int], int]:
            rest = [c for c in hand if c != card]
            return outs(rest, unseen, options), _shape(rest), -int(card)

        return max(candidates, key=score)

"""A rule-of-thumb Spoil Five player.

The rules of thumb, in order of importance:

* **Win tricks cheaply.** Following, play the lowest card that takes the trick; if none
  does, throw the cheapest card. A card with the renege privilege (the trump five, the
  trump jack, ``AH``) is spent only when it matters: to stop a player who already has
  two tricks, to take a third trick for oneself, or as the last player to a trick.
* **Spoil a player near three tricks.** When somebody else holds two tricks and is
  winning the current one, beat him if at all possible; when leading, lead the best card.
* **Rob sensibly.** Rob whenever allowed, discarding the weakest card.
* **Use the renege privilege.** When a trump is led and the protected trumps may be kept
  back, keep them and throw a cheap card instead (unless winning the trick matters).
* **Lead strength, else rubbish.** Lead a card that is sure or likely to win (the best
  remaining trump, or a plain king), else the cheapest card.
* Jink only with a hand of unbeatable trumps; ask for or accept fiving with fewer than two
  trumps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules import spoil_five as sf
from cardrules.cards import Card
from cardrules.spoil_five.ranking import TRUMP, TrumpTable, trump_table, winning_index

__all__ = ["SpoilFiveBot", "card_value"]


def card_value(card: Card, table: TrumpTable) -> int:
    """How much a card is worth keeping: trumps above every plain card, then by power.

    >>> from cardrules.cards import Suit, parse_card
    >>> t = trump_table(Suit.DIAMONDS)
    >>> [card_value(parse_card(text), t) > card_value(parse_card("KC"), t) for text in ("2D", "AC")]
    [True, False]
    """
    return table.power[card]


class SpoilFiveBot:
    """The rule-of-thumb Spoil Five bot (see the module documentation).

    It reads only its seat's view: its hand, the trump, the trick so far, the tricks won
    by each seat and the cards already played. Ties are broken by the bot's ``rng``.

    Args:
        rng: the bot's own random generator.
    """

    __slots__ = ("_rng",)

    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    @property
    def rng(self) -> random.Random:
        """The bot's own random generator."""
        return self._rng

    def choose(self, view: sf.View, legal: Sequence[sf.Action], /) -> sf.Action:
        """Return the rule-of-thumb choice among ``legal`` for ``view``'s seat."""
        first = legal[0]
        if len(legal) == 1:
            return first
        table = trump_table(view.trump, view.options.ranking)
        hand = view.hand
        robs = [a for a in legal if isinstance(a, sf.Rob)]
        # Rob whenever the rob is rightfully ours (the dealer of a turned ace, the holder
        # of the ace of trumps), never falsely: the rob decision of our seat says which.
        if robs:
            rob = sf.rob_rule(
                view.options,
                view.turn_up,
                dealer=view.seat == view.dealer,
                holder=table.ace in hand,
            )
            if rob.rightful:
                return min(robs, key=lambda a: (card_value(a.discard, table), int(a.discard)))
        if isinstance(first, sf.Stop | sf.GoOn):
            return self._jink(view, hand, table, legal)
        if isinstance(first, sf.AskFive | sf.DeclineFive | sf.AcceptFive | sf.RefuseFive):
            weak = sum(1 for c in hand if table.suit_of[c] == TRUMP) < 2
            for action in legal:
                if weak == isinstance(action, sf.AskFive | sf.AcceptFive):
                    return action
            return first
        plays = [a for a in legal if isinstance(a, sf.Play)]
        if not plays:
            return first
        card = self._play(view, [a.card for a in plays], table)
        return next(a for a in plays if a.card == card)

    def _jink(
        self, view: sf.View, hand: Sequence[Card], table: TrumpTable, legal: Sequence[sf.Action]
    ) -> sf.Action:
        """Go on for a jink only when every card left is a trump nobody else can beat."""
        seen = set(hand) | set(_played_cards(view))
        unseen_trumps = [c for c in table.trumps if c not in seen]
        best_unseen = max((table.power[c] for c in unseen_trumps), default=0)
        sure = all(table.suit_of[c] == TRUMP and table.power[c] > best_unseen for c in hand)
        want = sf.GoOn if sure else sf.Stop
        return next((a for a in legal if isinstance(a, want)), legal[0])

    def _play(self, view: sf.View, cards: list[Card], table: TrumpTable) -> Card:
        """Choose the card to play among the legal ``cards``."""
        seat = view.seat
        trick = view.trick
        tricks_won = view.tricks_won
        players = len(tricks_won)
        need = view.options.win_tricks
        power = table.power
        cheapest = min(cards, key=lambda c: (power[c], self._rng.random()))
        if not trick:
            return self._lead(view, cards, table, cheapest)
        leader = view.leader if view.leader is not None else seat
        current = winning_index(trick, table)
        current_seat = (leader + current) % players  # the current-th seat after the leader
        winners = [c for c in cards if winning_index((*trick, c), table) == len(trick)]
        if not winners:
            return cheapest
        threat = tricks_won[current_seat] >= need - 1
        last = len(trick) == players - 1
        mine = tricks_won[seat] >= need - 1
        cheap_winners = [c for c in winners if not table.protected[c]]
        if cheap_winners:
            return min(cheap_winners, key=lambda c: power[c])
        if threat or mine or last:
            return min(winners, key=lambda c: power[c])
        return cheapest

    def _lead(self, view: sf.View, cards: list[Card], table: TrumpTable, cheapest: Card) -> Card:
        """Lead a card that is likely to win, else the cheapest."""
        seen = set(cards) | set(_played_cards(view))
        trumps = [c for c in cards if table.suit_of[c] == TRUMP]
        if trumps:
            best = max(trumps, key=lambda c: table.power[c])
            unseen_better = [
                c for c in table.trumps if c not in seen and table.power[c] > table.power[best]
            ]
            if not unseen_better:
                return best
        kings = [
            c
            for c in cards
            if table.suit_of[c] != TRUMP and table.power[c] == len(table.plains[table.suit_of[c]])
        ]
        if kings:
            return kings[0]
        tricks_won = view.tricks_won
        need = view.options.win_tricks
        if trumps and any(t >= need - 1 for t in tricks_won):
            return max(trumps, key=lambda c: table.power[c])
        return cheapest


def _played_cards(view: sf.View) -> tuple[Card, ...]:
    """The cards this seat has seen played in the deal so far (tricks and current trick)."""
    return (*(card for trick in view.tricks for card in trick.cards), *view.trick)

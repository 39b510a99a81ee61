"""Check that what the server sent the page holds no card the human seat may not know.

The check works from the server's *full* state, not from views: a card is forbidden when
it lies in another seat's hand, in the stock or undealt pack, or face down somewhere the
human never saw, and the human has not held it during the current deal. Every card
string in every response body must be outside that set, but for Spoil Five's card order
chart (the whole pack in its order for the trump), which is checked to be exactly that.

One thing in the bodies is not about the cards at all: the game's id, which every API
answer carries. It is drawn by :mod:`secrets` (16 URL-safe characters) and so, about once
in a thousand games, it holds a card string standing between ``-``/``_``/quotes, as in
``"AH-E25kFg7VyGK3f"``. That is chance, not knowledge, so :meth:`Knowledge.leaked` blanks
the id out before scanning (this was the cause of the rare, unreproducible failures of
the whole-deal test; see ``test_a_game_id_that_reads_like_a_card_is_not_a_leak``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from cardrules import FULL_PACK, my_bird_sings, spoil_five
from cardrules.cards import Card

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[SHDC](?![0-9A-Za-z])")
"""A card in notation, standing alone (``10C`` in ``"10C"``, not in ``"X10CY"``)."""


def card_tokens(text: str) -> set[str]:
    """Every card string in ``text``."""
    return set(CARD_TOKEN.findall(text))


def _names(cards: Iterable[Card]) -> set[str]:
    return {str(card) for card in cards}


class Knowledge:
    """What the human seat has legitimately seen so far in the current deal.

    Call :meth:`observe` with the server state after every response; then
    :meth:`forbidden` gives the cards that response must not contain.
    """

    def __init__(self, game: str, human: int) -> None:
        self.game = game
        self.human = human
        self.deal: object = None
        self.held: set[str] = set()

    def observe(self, state: Any) -> None:
        """Note the human's hand in ``state`` (a new deal forgets the previous one)."""
        deal = state.deal_number if hasattr(state, "deal_number") else state.deal.number
        if deal != self.deal:
            self.deal = deal
            self.held = set()
        self.held |= _names(state.hands[self.human])

    def forbidden(self, state: Any) -> set[str]:
        """The cards the human may not know about in ``state``."""
        self.observe(state)
        if self.game == spoil_five.NAME:
            public: set[str] = {str(state.turn_up)} | _names(state.set_aside)
            public |= _names(state.trick)
            for trick in state.tricks:
                public |= _names(trick.cards)
            return _names(FULL_PACK) - public - self.held
        assert self.game == my_bird_sings.NAME
        hidden: set[str] = _names(state.stock) | _names(state.dead)
        for seat, hand in enumerate(state.hands):
            if seat != self.human:
                hidden |= _names(hand)
        for seat, cards in enumerate(state.trick_cards):
            if seat != self.human:
                hidden |= _names(cards)
        seen = my_bird_sings.view(state, self.human)
        self.held |= _names(seen.passed)  # with draw_blind, cards leave without his turn
        for exchange in seen.exchanges:
            hidden -= _names(exchange.rejects)
        hidden -= _names(seen.public_rejects)
        if state.outcome is not None:
            hidden -= _names(state.outcome.shown)
        return hidden - self.held

    def leaked(self, text: str, state: Any, *, game_id: str | None = None) -> set[str]:
        """The forbidden cards that occur in ``text`` (empty when all is well).

        Args:
            text: a response body.
            state: the server's full state when it answered.
            game_id: the game's random id, which is not scanned (see the module notes).
        """
        if game_id:
            text = text.replace(game_id, "#")
        return card_tokens(_without_card_order(text, state)) & self.forbidden(state)


def _without_card_order(text: str, state: Any) -> str:
    """``text`` without a table frame's card order chart, once the chart is checked.

    The chart (``payload.order``) names every card of the pack in its order for the
    trump suit: the same for every reader, a function of the turned-up trump and the
    ranking alone, so it tells of no hand. It must be exactly that chart: the trumps
    first, as ``trump_order`` gives them, then the plain suits, the pack once.
    """
    if '"order"' not in text:
        return text
    frame = json.loads(text)
    payload = frame.get("payload") if isinstance(frame, dict) else None
    if not isinstance(payload, dict) or payload.get("order") is None:
        return text
    order = payload["order"]
    trumps = spoil_five.trump_order(state.trump, state.options.ranking)
    assert order["trump"] == state.trump.letter, order["trump"]
    assert order["rows"][0]["cards"] == [str(card) for card in trumps]
    every = [card for row in order["rows"] for card in row["cards"]]
    assert sorted(every) == sorted(_names(FULL_PACK)), "the chart holds the pack once"
    payload["order"] = None
    return json.dumps(frame)

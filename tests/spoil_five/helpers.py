"""Helpers for Spoil Five tests: packs that deal chosen hands, and playing by notation."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules import spoil_five as sf
from cardrules.cards import FULL_PACK, Card, parse_card, parse_cards

ALL_ACTIONS: tuple[sf.Action, ...] = (
    *(sf.Play(card) for card in FULL_PACK),
    *(sf.Rob(card) for card in FULL_PACK),
    sf.DeclineRob(),
    sf.Stop(),
    sf.GoOn(),
    sf.AskFive(),
    sf.DeclineFive(),
    sf.AcceptFive(),
    sf.RefuseFive(),
)
"""Every Spoil Five action: a play and a rob of each card, then each action without a card."""


def deck_for(
    hands: Sequence[str],
    turn_up: str,
    *,
    dealer: int = 0,
    batches: tuple[int, int] = (2, 3),
    after: str = "",
) -> tuple[Card, ...]:
    """Return a 52-card pack (top first) that deals ``hands`` (seat order) and ``turn_up``.

    ``after`` lists the cards to put right below the turn-up (for fiving); the rest of the
    pack follows in index order. Dealing is reimplemented here independently of the engine
    (two circuits from the dealer's left, ``batches`` cards at a time).
    """
    n = len(hands)
    cards = [list(parse_cards(hand)) for hand in hands]
    if any(len(hand) != 5 for hand in cards):
        raise ValueError("every hand needs five cards")
    eldest = (dealer + 1) % n
    deck: list[Card] = []
    for batch in batches:
        for offset in range(n):
            seat = (eldest + offset) % n
            deck += cards[seat][:batch]
            del cards[seat][:batch]
    deck.append(parse_card(turn_up))
    deck += parse_cards(after)
    if len(set(deck)) != len(deck):
        raise ValueError("a card appears twice")
    deck += [card for card in FULL_PACK if card not in deck]
    return tuple(deck)


def game(
    hands: Sequence[str],
    turn_up: str,
    options: sf.Options | None = None,
    *,
    dealer: int = 0,
    after: str = "",
) -> sf.State:
    """Start a game whose first deal gives ``hands`` and turns up ``turn_up``."""
    if options is None:
        options = sf.Options(players=len(hands))
    deck = deck_for(hands, turn_up, dealer=dealer, batches=options.deal_batches, after=after)
    return sf.new_game(options, deck=deck, dealer=dealer)


def run(state: sf.State, *moves: str) -> sf.State:
    """Apply actions given in notation, in order."""
    for move in moves:
        state = sf.apply_action(state, sf.parse_action(move))
    return state


def legal_text(state: sf.State) -> list[str]:
    """The legal actions of ``state`` in notation."""
    return [str(action) for action in sf.legal_actions(state)]


def play_out(state: sf.State) -> sf.State:
    """Play the first legal action until the deal is over."""
    while state.to_act is not None:
        state = sf.apply_action(state, sf.legal_actions(state)[0])
    return state

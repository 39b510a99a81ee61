"""Shared helpers for the My Bird Sings tests: positions from given hands, scripted play."""

from __future__ import annotations

import random
from collections.abc import Mapping

from cardrules.cards import FULL_PACK, SHORT_PACK, Card, parse_cards
from cardrules.my_bird_sings import (
    Abandon,
    Action,
    DeclineExchange,
    Options,
    State,
    apply_action,
    deck_for,
    is_deal_over,
    legal_actions,
    new_game,
    parse_action,
)


def position(
    options: Options,
    hands: Mapping[int, str],
    *,
    stock: str = "",
    dealer: int = 0,
    seed: int | None = None,
) -> State:
    """Start a deal where the seats in ``hands`` are dealt those cards (notation).

    Seats not named get the lowest remaining cards in pack order; the stock starts with
    ``stock`` and goes on with the remaining cards in pack order.
    """
    pack = FULL_PACK if options.pack == 52 else SHORT_PACK
    given = {seat: parse_cards(text) for seat, text in hands.items()}
    top = parse_cards(stock)
    used = {card for cards in given.values() for card in cards} | set(top)
    spare = iter([card for card in pack if card not in used])
    full = [
        given.get(seat) or tuple(next(spare) for _ in range(options.hand_size))
        for seat in range(options.players)
    ]
    deck = deck_for(options, full, dealer=dealer, stock=top)
    return new_game(options, deck=deck, dealer=dealer, seed=seed)


def two_suit_hands(players: int) -> dict[int, str]:
    """Hands of two spades and two hearts each (up to six players).

    With these hands nobody can sing as long as each player passes on a spade he
    received (or, for the leader at turn 0, a spade).
    """
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"]
    return {
        seat: f"{ranks[2 * seat]}S {ranks[2 * seat + 1]}S {ranks[2 * seat]}H {ranks[2 * seat + 1]}H"
        for seat in range(players)
    }


def play(state: State, *texts: str) -> State:
    """Apply actions given in notation, in order."""
    for text in texts:
        state = apply_action(state, parse_action(text))
    return state


def quiet_step(state: State) -> State:
    """One step of the two-suit game: decline exchanges, pass on the newest spade."""
    legal = legal_actions(state)
    if DeclineExchange() in legal:
        return apply_action(state, DeclineExchange())
    hand = state.hands[state.to_act] if state.to_act is not None else ()
    spades = [card for card in hand if card.suit == 0]
    return apply_action(state, parse_action(f"pass {spades[-1]}"))


def random_action(state: State, rng: random.Random, *, abandon: bool = False) -> Action:
    """A uniformly random legal action (``Abandon`` only if ``abandon`` or it is alone)."""
    legal = [a for a in legal_actions(state) if abandon or not isinstance(a, Abandon)]
    return rng.choice(legal or list(legal_actions(state)))


def play_out(state: State, rng: random.Random, *, limit: int = 100_000) -> State:
    """Play random legal actions (never abandoning) until the deal is over."""
    for _ in range(limit):
        if is_deal_over(state):
            return state
        state = apply_action(state, random_action(state, rng))
    raise AssertionError("the deal did not end")


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand for :func:`parse_cards`."""
    return parse_cards(text)

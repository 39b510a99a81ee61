"""Play one deal of each game with random players, written once for both games.

The loop below only uses the functional surface that every cardrules game offers
(:class:`cardrules.protocol.Game`), so the same code drives Spoil Five and My Bird
Sings. Run it with ``python examples/random_deals.py [SEED]``.
"""

from __future__ import annotations

import random
import sys
from typing import TypeVar

from cardrules import format_cards, my_bird_sings, spoil_five
from cardrules.protocol import Game, GameState, SeatView

S = TypeVar("S", bound=GameState)
A = TypeVar("A")
V = TypeVar("V", bound=SeatView)


def play_deal(game: Game[S, A, V], state: S, rng: random.Random) -> tuple[S, list[str]]:
    """Play the current deal to its end with uniformly random legal actions.

    Returns the final state and the actions taken, in notation.
    """
    moves: list[str] = []
    while not game.is_deal_over(state):
        seat = state.to_act
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        moves.append(f"seat {seat}: {game.format_action(action)}")
        state = game.apply_action(state, action)
    return state, moves


def describe(state: GameState) -> str:
    """Summarise how a finished deal was settled."""
    outcome = state.outcome
    if outcome is None:
        return "the deal is not over"
    winners = ", ".join(f"seat {seat}" for seat in outcome.winners) or "nobody"
    return (
        f"won by {winners}; payouts {list(outcome.payouts)}, {outcome.carried} carried; "
        f"balances {list(state.balances)}"
    )


def main(seed: int = 1) -> None:
    """Play and print one random deal of Spoil Five (5 players) and My Bird Sings (6)."""
    rng = random.Random(seed)

    sf_state = spoil_five.new_game(spoil_five.Options(players=5), seed=seed)
    print(f"Spoil Five, trumps {sf_state.trump.name.lower()}, turn-up {sf_state.turn_up}")
    print(f"  seat 0 holds {format_cards(sf_state.hands[0])}")
    sf_state, moves = play_deal(spoil_five, sf_state, rng)
    print("  " + "; ".join(moves))
    print("  " + describe(sf_state))

    mbs_state = my_bird_sings.new_game(my_bird_sings.Options(players=6), seed=seed)
    print("My Bird Sings, 6 players")
    mbs_state, moves = play_deal(my_bird_sings, mbs_state, rng)
    print(f"  {len(moves)} actions")
    print("  " + describe(mbs_state))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)

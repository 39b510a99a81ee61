"""Decisions per deal for the human's seat in My Bird Sings, by option set and table size.

A decision is a moment when the seat ``cardrules play`` gives the human (the first to
decide, usually the eldest hand) has two or more legal actions; a single legal action
(a forced move) does not count. The other seats are heuristic bots; every seat's moves
are the heuristic bot's, so the figures are those of a table of heuristic players.

    python benchmarks/decisions.py [--deals 300]

Prints, for each option set, the mean decisions per deal for that seat, the share of
deals in which it had none, and the mean for every seat.
"""

from __future__ import annotations

import argparse
import random

import attrs

from cardrules import my_bird_sings as mbs
from cardrules.bots.registry import make_bot


def measure(options: mbs.Options, deals: int) -> tuple[float, float, float]:
    """Mean decisions per deal of the first decider, its share of deals without any, all."""
    bots = [make_bot("my-bird-sings", "heuristic", random.Random(seat)) for seat in range(9)]
    mine = none = every = 0
    for seed in range(deals):
        state = mbs.new_game(options, seed=seed)
        first = state.to_act if state.to_act is not None else (state.dealer + 1) % options.players
        count = 0
        while not mbs.is_deal_over(state):
            seat = state.to_act
            assert seat is not None
            legal = mbs.legal_actions(state)
            if len(legal) > 1:
                every += 1
                count += seat == first
                action = bots[seat].choose(mbs.view(state, seat), legal)
            else:
                action = legal[0]
            state = mbs.apply_action(state, action)
        mine += count
        none += count == 0
    return mine / deals, none / deals, every / deals


def main() -> None:
    """Print the table of figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    deals = parser.parse_args().deals
    print(f"{'options':<44} {'seat':>6} {'none':>6} {'table':>6}")
    for players in (5, 4, 3):
        for declared in (False, True):
            options = attrs.evolve(mbs.PEEL, players=players, auto_sing=not declared)
            mine, none, every = measure(options, deals)
            label = f"peel, {players} players, " + ("declared" if declared else "automatic")
            print(f"{label + ' singing':<44} {mine:6.2f} {none:6.0%} {every:6.2f}")


if __name__ == "__main__":
    main()

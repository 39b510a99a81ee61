"""OpenSpiel's IS-MCTS bot against the cardrules rule-of-thumb bot.

Seat 0 is played by OpenSpiel's Information Set Monte Carlo Tree Search
(``open_spiel.python.algorithms.ismcts``), searching the game through the
``cardrules.adapters.openspiel`` adapter; it determinises hidden cards with
:func:`cardrules.adapters.openspiel.resample` (the engine's ``sample_state`` on its own
view). Every other seat is the rule-of-thumb bot of :mod:`cardrules.bots` (the
``heuristic`` bot), which sees only its seat's view. IS-MCTS evaluates a position by
playing it out: with the rule-of-thumb bot in every seat (``--rollout heuristic``, the
default) or at random (``--rollout random``, OpenSpiel's ``RandomRolloutEvaluator``).
The deal passes to the left after each deal; the chance nodes (the pack) are drawn from
a seeded generator, so a run is reproducible.

Run it (needs the ``openspiel`` extra)::

    python examples/openspiel_ismcts.py --game spoil_five --deals 10 --simulations 200
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from cardrules import games
from cardrules.bots import make_bot
from cardrules.protocol import DynamicGame

if TYPE_CHECKING:
    from cardrules.adapters.openspiel import CardrulesState

__all__ = ["MatchResult", "RuleOfThumbRollouts", "main", "play_match"]


class RuleOfThumbRollouts:
    """An IS-MCTS evaluator: play the deal out with the rule-of-thumb bot in every seat.

    Args:
        module: the game module (:mod:`cardrules.spoil_five` or ``my_bird_sings``).
        rng: the random generator of the rollout bot.
    """

    def __init__(self, module: DynamicGame, rng: random.Random) -> None:
        from cardrules.adapters import openspiel

        self._openspiel = openspiel
        self._bot = make_bot(module, "heuristic", rng)

    def evaluate(self, state: CardrulesState) -> list[float]:
        """Return every seat's return after playing ``state`` out (on a clone)."""
        openspiel = self._openspiel
        working: CardrulesState = state.clone()
        while not working.is_terminal():
            view = openspiel.seat_view(working, working.current_player())
            action = self._bot.choose(view, view.legal_actions)
            working.apply_action(openspiel.action_code(working, action))
        returns: list[float] = working.returns()
        return returns

    def prior(self, state: CardrulesState) -> list[tuple[int, float]]:
        """Return equal prior probabilities for the legal actions."""
        legal: list[int] = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@attrs.frozen(slots=True)
class MatchResult:
    """What a match produced.

    Attributes:
        game: the OpenSpiel short name of the game.
        players: the number of seats (seat 0 is IS-MCTS).
        returns: per deal, each seat's counters won minus paid.
    """

    game: str
    players: int
    returns: tuple[tuple[float, ...], ...]

    @property
    def totals(self) -> tuple[float, ...]:
        """Each seat's total over all deals."""
        return tuple(sum(deal[seat] for deal in self.returns) for seat in range(self.players))


def play_match(
    game: str = "spoil_five",
    *,
    players: int = 3,
    deals: int = 2,
    simulations: int = 50,
    rollout: str = "heuristic",
    seed: int = 0,
) -> MatchResult:
    """Play ``deals`` deals: IS-MCTS in seat 0, the rule-of-thumb bot everywhere else.

    Args:
        game: ``spoil_five`` or ``my_bird_sings``.
        players: number of seats.
        deals: number of deals (one OpenSpiel episode each); the dealer moves left.
        simulations: IS-MCTS simulations per decision (each one rollout).
        rollout: ``"heuristic"`` (rule-of-thumb rollouts) or ``"random"``.
        seed: seeds the pack, the search and the rule-of-thumb bots.

    Raises:
        ImportError: without the ``openspiel`` extra.

    """
    # Imported here, so that this file imports (and is collected) without the extra.
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from cardrules.adapters import openspiel

    entry = games.lookup(game)
    short_name = f"cardrules_{entry.key}"  # openspiel.SPOIL_FIVE, openspiel.MY_BIRD_SINGS
    module = entry.module
    rng = random.Random(seed)
    search_rng = random.Random(seed + 1)
    bots = [make_bot(module, "heuristic", random.Random(seed + 2 + s)) for s in range(players)]
    results: list[tuple[float, ...]] = []
    for number in range(deals):
        spiel_game = pyspiel.load_game(short_name, {"players": players, "dealer": number % players})
        low, high = spiel_game.deal_bounds  # (min/max_utility allow for settled deals)
        evaluator = (
            RuleOfThumbRollouts(module, random.Random(seed + number))
            if rollout == "heuristic"
            else mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed + number))
        )
        searcher = ismcts.ISMCTSBot(
            game=spiel_game,
            evaluator=evaluator,
            uct_c=(high - low) / 2,
            max_simulations=simulations,
            random_state=np.random.RandomState(seed + number),
        )
        searcher.set_resampler(lambda state, player: openspiel.resample(state, player, search_rng))
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                cards = [card for card, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(cards))
                continue
            seat = state.current_player()
            if seat == 0:
                code = int(searcher.step(state))
            else:
                view = openspiel.seat_view(state, seat)
                legal = view.legal_actions
                code = openspiel.action_code(state, bots[seat].choose(view, legal))
            state.apply_action(code)
        results.append(tuple(state.returns()))
    return MatchResult(short_name, players, tuple(results))


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, play the match and print the returns."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("spoil_five", "my_bird_sings"), default="spoil_five")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--rollout", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    result = play_match(
        args.game,
        players=args.players,
        deals=args.deals,
        simulations=args.simulations,
        rollout=args.rollout,
        seed=args.seed,
    )
    for number, returns in enumerate(result.returns):
        print(f"deal {number + 1}: " + "  ".join(f"{value:+g}" for value in returns))
    names = ["IS-MCTS"] + ["rule of thumb"] * (result.players - 1)
    for seat, (name, total) in enumerate(zip(names, result.totals, strict=True)):
        print(f"seat {seat} ({name}): {total:+g} counters")


if __name__ == "__main__":
    main()

"""A program using cardrules as its documentation shows, with every type spelled out.

``test_user_program.py`` checks it with ``mypy --strict`` and pyright's strict mode (and
runs it), so that what the docs show type-checks for callers: options of both games, a
game loop with ``make_bot`` (docs/bots.md), the protocols, ``simulate`` with options,
and the adapters. It is written as a user's program would be, with no ``cast`` and no
``Any``; the calls the checkers must refuse are in ``rejected.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules import my_bird_sings, spoil_five
from cardrules.bots import GameBot, make_bot
from cardrules.protocol import Bot, Game, GameOptions, GameState, Rules, Searchable, Sessions
from cardrules.simulation import SimulationResult, simulate

SpoilFive = Game[spoil_five.State, spoil_five.Action, spoil_five.View, spoil_five.Options]
MyBirdSings = Game[
    my_bird_sings.State, my_bird_sings.Action, my_bird_sings.View, my_bird_sings.Options
]


def options() -> list[GameOptions]:
    """Options of both games, as docs/getting-started.md and the rules pages build them."""
    three = spoil_five.Options(players=3)
    partners = spoil_five.Options(players=4, teams=[[0, 2], [1, 3]], robbing="optional")
    points = spoil_five.Options(scoring=spoil_five.Scoring.POINTS, target=45)
    robbing: spoil_five.Robbing = partners.robbing
    teams: tuple[tuple[int, ...], ...] | None = partners.teams
    short = my_bird_sings.Options(players=6, pack=32, passing="draw_blind", round_limit=20)
    singing: my_bird_sings.Singing = my_bird_sings.Options(hand_size=3).singing
    assert robbing == "optional"
    assert teams == ((0, 2), (1, 3))
    assert singing is my_bird_sings.Singing.FLUSH_ONLY
    assert short.stock_size == 8
    return [three, partners, points, short, spoil_five.PRESETS["peel"], my_bird_sings.PEEL]


def play_deal(seed: int) -> spoil_five.State:
    """The game loop of docs/bots.md: one bot per seat, each given its seat's view."""
    bots = [
        make_bot(spoil_five, "heuristic", random.Random(1)),
        make_bot("spoil-five", "search", random.Random(2), iterations=5),
    ]
    state = spoil_five.new_game(spoil_five.Options(players=2), seed=seed)
    while not spoil_five.is_deal_over(state):
        seat = state.to_act
        assert seat is not None
        choice = bots[seat].choose(spoil_five.view(state, seat), spoil_five.legal_actions(state))
        state = spoil_five.apply_action(state, choice)
    return state


class Greedy:
    """The first legal action, a bot of the user's own (docs/bots.md)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(
        self, view: my_bird_sings.View, legal: Sequence[my_bird_sings.Action], /
    ) -> my_bird_sings.Action:
        return legal[0]


def play_my_bird_sings(seed: int) -> int:
    """A My Bird Sings deal between a user's bot and the registry's, by the game's name."""
    bots: list[Bot[my_bird_sings.View, my_bird_sings.Action]] = [
        Greedy(random.Random(0)),
        make_bot("my-bird-sings", "heuristic", random.Random(1)),
        make_bot(my_bird_sings, "random", random.Random(2)),
    ]
    state = my_bird_sings.new_game(my_bird_sings.Options(players=3, round_limit=10), seed=seed)
    while not my_bird_sings.is_deal_over(state):
        seat = state.to_act
        assert seat is not None
        view = my_bird_sings.view(state, seat)
        state = my_bird_sings.apply_action(state, bots[seat].choose(view, view.legal_actions))
    return state.pool


def any_game(name: str) -> GameBot:
    """A bot for a game named at run time: its types are erased."""
    return make_bot(name, "random", random.Random(0))


def first_action(
    game: Rules[spoil_five.State, spoil_five.Action], state: spoil_five.State
) -> spoil_five.Action:
    return game.legal_actions(state)[0]


def protocols() -> None:
    """The game modules are Games; their states are GameStates (docs/front-end.md)."""
    sf: SpoilFive = spoil_five
    mbs: MyBirdSings = my_bird_sings
    state: GameState = sf.new_game(spoil_five.Options(players=3), seed=1)
    other: GameState = mbs.new_game(my_bird_sings.PEEL, seed=1)
    sessions: Sessions[spoil_five.State, spoil_five.Action, spoil_five.View, spoil_five.Options]
    sessions = spoil_five
    searchable: Searchable[my_bird_sings.State, my_bird_sings.Action, my_bird_sings.View]
    searchable = my_bird_sings
    start = sessions.new_game(spoil_five.Options(players=4), seed=2)
    assert state.options.players == 3
    assert other.options.players == 5
    assert first_action(spoil_five, start) in spoil_five.legal_actions(start)
    assert searchable.view(mbs.new_game(my_bird_sings.PEEL, seed=3), 0).seat == 0


def simulations() -> SimulationResult:
    """``simulate`` with game options (docs/bots.md)."""
    result = simulate("spoil-five", "heuristic", 6, options=spoil_five.Options(players=3))
    mbs = simulate("my-bird-sings", "heuristic,random", 4, seed=1, options=my_bird_sings.PEEL)
    assert result.players == 3
    assert mbs.deal_count == 4
    rate = result.win_rate(0)
    assert 0.0 <= rate.low <= rate.high <= 1.0
    return result


def openspiel_episode(seed: int) -> list[float]:
    """A random episode through the OpenSpiel adapter (docs/adapters.md)."""
    from cardrules.adapters import openspiel

    game = openspiel.load_game(openspiel.SPOIL_FIVE, {"players": 3})
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcome, _probability = rng.choice(state.chance_outcomes())
            state.apply_action(outcome)
        else:
            player = state.current_player()
            tensor: list[float] = state.information_state_tensor(player)
            assert len(tensor) == game.information_state_tensor_size()
            state.apply_action(rng.choice(state.legal_actions()))
    engine = openspiel.engine_state(state)
    assert engine.outcome is not None
    low, high = game.deal_bounds
    assert low <= min(state.returns()) <= max(state.returns()) <= high
    return state.returns()


def pettingzoo_episode(seed: int) -> dict[str, float]:
    """A masked-random episode through the PettingZoo adapter (docs/adapters.md)."""
    import numpy as np

    from cardrules.adapters.pettingzoo import my_bird_sings_v0, spoil_five_v0

    rng = np.random.default_rng(seed)
    env = spoil_five_v0.env(players=4)
    env.reset(seed=seed)
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _info = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            env.step(None)
        else:
            assert observation is not None
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
    other = my_bird_sings_v0.raw_env(my_bird_sings.Options(players=4, round_limit=10))
    other.reset(seed=seed)
    assert other.engine_state.options.players == 4
    return totals


def main() -> None:
    """Run every part (the test runs it too, so the program is known to work)."""
    options()
    assert spoil_five.is_deal_over(play_deal(5))
    play_my_bird_sings(4)
    any_game("spoil-five")
    protocols()
    simulations()
    assert len(openspiel_episode(1)) == 3
    assert len(pettingzoo_episode(1)) == 4


if __name__ == "__main__":
    main()

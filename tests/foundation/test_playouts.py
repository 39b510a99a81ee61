"""cardrules.playouts: the compiled random playouts replay their documented streams.

Each test plays the same deals twice, through the helper and through a plain Python loop
that spells its stream out (``randrange`` for the uniform playouts, ``RandomBot`` for the
random bots' playouts), and asks for the same states. The suite runs on both builds
(``.ci/run`` runs tests/foundation on the compiled one), so the compiled loops are held
to the interpreted definition.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardrules import my_bird_sings, playouts, spoil_five
from cardrules.bots import RandomBot

GAMES: list[tuple[str, Any, Any]] = [
    ("sf5", spoil_five, spoil_five.Options(players=5)),
    ("sf2", spoil_five, spoil_five.Options(players=2)),
    ("mbs6", my_bird_sings, attrs.evolve(my_bird_sings.PEEL, players=6)),
    ("mbs3", my_bird_sings, attrs.evolve(my_bird_sings.PEEL, players=3)),
]


def _randrange_playout(game: Any, state: Any, rng: random.Random) -> tuple[Any, int]:
    """The benchmarks' definition of a random playout, in plain Python."""
    decisions = 0
    while legal := game.legal_actions(state):
        state = game.apply_action(state, legal[rng.randrange(len(legal))])
        decisions += 1
    return state, decisions


def _bots_playout(game: Any, state: Any, bots: list[RandomBot[Any]]) -> tuple[Any, int, int]:
    """A deal among random bots as simulations and rollouts play it (bots see views)."""
    actions = choices = 0
    while legal := game.legal_actions(state):
        if len(legal) == 1:
            action = legal[0]
        else:
            action = bots[state.to_act].choose(game.view(state, state.to_act), legal)
            choices += 1
        state = game.apply_action(state, action)
        actions += 1
    return state, actions, choices


@pytest.mark.parametrize(("label", "game", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_uniform_playout_is_the_randrange_loop_game(label: str, game: Any, options: Any) -> None:
    played = 0
    for seed in range(12):
        start = game.new_game(options, seed=seed)
        expected, decisions = _randrange_playout(game, start, random.Random(seed))
        rng = random.Random(seed)
        assert playouts.random_playout(game, start, rng) == expected
        assert rng.getstate() == _after_randrange_playout(game, start, seed)
        played += decisions
    assert played > 12  # a My Bird Sings deal may end as dealt, not all of them


def _after_randrange_playout(game: Any, start: Any, seed: int) -> object:
    rng = random.Random(seed)
    _randrange_playout(game, start, rng)
    return rng.getstate()


@pytest.mark.parametrize(("label", "game", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_batch_of_playouts_counts_the_randrange_loop_decisions(
    label: str, game: Any, options: Any
) -> None:
    rng = random.Random(77)
    expected = sum(
        _randrange_playout(game, game.new_game(options, seed=seed), rng)[1]
        for seed in range(100, 110)
    )
    assert playouts.random_playouts(game, options, range(100, 110), random.Random(77)) == expected


@pytest.mark.parametrize(("label", "game", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_random_bots_playout_plays_as_random_bots_do(label: str, game: Any, options: Any) -> None:
    for seed in range(8):
        start = game.new_game(options, seed=seed)
        seats = range(options.players)
        expected = _bots_playout(game, start, [RandomBot(random.Random(seed + s)) for s in seats])
        got = playouts.random_bots_playout(game, start, [random.Random(seed + s) for s in seats])
        assert got == expected
        # one generator at every seat: a search bot's random rollout
        shared = random.Random(seed)
        alone = RandomBot(random.Random(seed))
        expected = _bots_playout(game, start, [alone] * options.players)
        assert playouts.random_bots_playout(game, start, [shared] * options.players) == expected


def test_max_actions_stops_a_random_bots_playout_where_it_stands() -> None:
    start = spoil_five.new_game(spoil_five.Options(players=4), seed=2)
    rngs = [random.Random(seat) for seat in range(4)]
    state, actions, choices = playouts.random_bots_playout(spoil_five, start, rngs, 5)
    assert actions == 5
    assert 0 < choices <= 5
    assert spoil_five.legal_actions(state)
    assert playouts.random_bots_playout(spoil_five, start, rngs, 0) == (start, 0, 0)
    assert playouts.random_bots_playout(spoil_five, start, rngs, -3) == (start, 0, 0)
    rngs = [random.Random(seat) for seat in range(4)]
    whole = playouts.random_bots_playout(spoil_five, start, rngs)
    assert whole[1] > 5
    assert spoil_five.is_deal_over(whole[0])


def test_a_finished_deal_is_returned_as_it_is_without_a_draw() -> None:
    start = my_bird_sings.new_game(my_bird_sings.PEEL, seed=5)
    end = playouts.random_playout(my_bird_sings, start, random.Random(0))
    rng = random.Random(3)
    before = rng.getstate()
    assert playouts.random_playout(my_bird_sings, end, rng) is end
    assert playouts.random_bots_playout(my_bird_sings, end, [rng] * 4) == (end, 0, 0)
    assert rng.getstate() == before


class _Counting:
    """A game of ``decisions`` decisions among ``n`` actions; it notes every action applied.

    The state is the number of actions applied so far.
    """

    def __init__(self, n: int, decisions: int) -> None:
        self.actions = tuple(range(n))
        self.decisions = decisions
        self.applied: list[int] = []

    def legal_actions(self, state: int) -> tuple[int, ...]:
        return self.actions if state < self.decisions else ()

    def apply_action(self, state: int, action: int) -> int:
        self.applied.append(action)
        return state + 1


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 8, 9, 31, 32, 33, 100, 1000])
def test_the_uniform_draw_is_randrange_for_every_width(n: int) -> None:
    game: Any = _Counting(n, 500)
    rng, again = random.Random(n), random.Random(n)
    assert playouts.random_playout(game, 0, rng) == 500
    assert game.applied == [again.randrange(n) for _ in range(500)]
    assert rng.getstate() == again.getstate()


def test_the_uniform_draw_reaches_every_index_evenly() -> None:
    n, draws = 6, 60_000
    game: Any = _Counting(n, draws)
    playouts.random_playout(game, 0, random.Random(1))
    counts = [game.applied.count(i) for i in range(n)]
    # each count is binomial(60000, 1/6): mean 10000, standard deviation about 91
    assert all(abs(count - draws / n) < 6 * 91 for count in counts), counts

"""Bots: deterministic given a seed, legal choices only, views (never states), budgets."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from types import ModuleType

import pytest

from cardrules import my_bird_sings, spoil_five
from cardrules.bots import (
    BOT_NAMES,
    MyBirdSingsBot,
    RandomBot,
    SearchBot,
    SpoilFiveBot,
    heuristic_bot,
    make_bot,
    parse_bot_names,
)
from cardrules.errors import OptionsError
from cardrules.protocol import GameState, Searchable, SeatView

GAMES = [spoil_five, my_bird_sings]


def _play_deal(game: ModuleType, names: Sequence[str], seed: int, iterations: int = 3) -> list[str]:
    """Play one deal; return the actions in notation."""
    state = game.new_game(game.Options(players=len(names)), seed=seed)
    bots = [
        make_bot(game, name, random.Random(seed * 10 + seat), iterations=iterations)
        for seat, name in enumerate(names)
    ]
    taken: list[str] = []
    while not game.is_deal_over(state):
        seat = state.to_act
        legal = game.legal_actions(state)
        action = bots[seat].choose(game.view(state, seat), legal)
        assert action in legal
        taken.append(game.format_action(action))
        state = game.apply_action(state, action)
    return taken


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
@pytest.mark.parametrize("name", BOT_NAMES)
def test_bot_is_deterministic_given_its_seed(game: ModuleType, name: str) -> None:
    names = [name, "random", "heuristic", "random"]
    assert _play_deal(game, names, 5) == _play_deal(game, names, 5)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
@pytest.mark.parametrize("seed", range(6))
def test_every_bot_chooses_only_legal_actions(game: ModuleType, seed: int) -> None:
    names = ["search", "heuristic", "random", "heuristic", "random"]
    actions = _play_deal(game, names, seed)
    assert actions or game is my_bird_sings  # a My Bird Sings deal may sing at once


class _Spy:
    """Wraps a game module and records the type of everything a bot reads."""

    def __init__(self, game: ModuleType) -> None:
        self.game = game
        self.samples = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.game, name)

    def sample_state(self, view: SeatView, rng: random.Random) -> GameState:
        assert isinstance(view, self.game.View)
        self.samples += 1
        state: GameState = self.game.sample_state(view, rng)
        return state


class _ViewOnly:
    """A bot wrapper that fails if it is ever handed a state instead of a view."""

    def __init__(self, game: ModuleType, inner: object) -> None:
        self.game = game
        self.inner = inner
        self.calls = 0

    def choose(self, view: object, legal: Sequence[object]) -> object:
        assert isinstance(view, self.game.View), type(view)
        assert not isinstance(view, self.game.State)
        assert not hasattr(view, "hands")  # nobody else's cards are reachable
        self.calls += 1
        return self.inner.choose(view, legal)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_receive_views_never_states(game: ModuleType, name: str) -> None:
    state = game.new_game(game.Options(players=4), seed=21)
    bots = [_ViewOnly(game, make_bot(game, name, random.Random(s), iterations=2)) for s in range(4)]
    while not game.is_deal_over(state):
        seat = state.to_act
        state = game.apply_action(
            state, bots[seat].choose(game.view(state, seat), game.legal_actions(state))
        )
    assert sum(b.calls for b in bots) >= 1 or game is my_bird_sings


def _first_choice(game: ModuleType, seed: int) -> tuple[GameState, SeatView, tuple[object, ...]]:
    """The first state with two or more legal actions (from ``seed`` on), its view and
    its legal actions."""
    for attempt in range(seed, seed + 20):
        state = game.new_game(game.Options(players=5), seed=attempt)
        while not game.is_deal_over(state):
            legal = game.legal_actions(state)
            if len(legal) > 1:
                return state, game.view(state, state.to_act), legal
            state = game.apply_action(state, legal[0])
    pytest.fail("no deal with a choice")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_search_bot_uses_exactly_its_iteration_budget(game: ModuleType) -> None:
    _state, view, legal = _first_choice(game, 4)
    spy = _Spy(game)
    bot: SearchBot[GameState, object, SeatView] = SearchBot(
        spy,  # type: ignore[arg-type]
        random.Random(1),
        lambda r: RandomBot(r),
        iterations=7,
    )
    assert bot.choose(view, legal) in legal
    assert spy.samples == 7
    assert bot.last_iterations == 7


def test_search_bot_stops_at_its_time_limit() -> None:
    _state, view, legal = _first_choice(spoil_five, 4)
    spy = _Spy(spoil_five)
    bot: SearchBot[GameState, object, SeatView] = SearchBot(
        spy,  # type: ignore[arg-type]
        random.Random(1),
        lambda r: heuristic_bot(spoil_five, r),
        iterations=10**9,
        time_limit=0.05,
    )
    started = time.monotonic()
    assert bot.choose(view, legal) in legal
    assert time.monotonic() - started < 1.0
    assert 1 <= spy.samples == bot.last_iterations < 10**9


def test_search_bot_with_a_single_legal_action_does_not_search() -> None:
    spy = _Spy(spoil_five)
    state = spoil_five.new_game(spoil_five.Options(players=3), seed=2)
    assert state.to_act is not None
    view = spoil_five.view(state, state.to_act)
    only = spoil_five.legal_actions(state)[:1]
    game: Searchable[GameState, object, SeatView] = spy  # type: ignore[assignment]
    bot = SearchBot(game, random.Random(0), lambda r: RandomBot(r), iterations=5)
    assert bot.choose(view, only) == only[0]
    assert spy.samples == 0


@pytest.mark.parametrize("bad", [0, -1, True, 2.5])
def test_search_bot_rejects_a_bad_iteration_budget(bad: object) -> None:
    with pytest.raises(OptionsError, match="iterations"):
        make_bot(spoil_five, "search", random.Random(0), iterations=bad)  # type: ignore[call-overload]


def test_make_bot_rejects_unknown_names() -> None:
    with pytest.raises(OptionsError, match="unknown bot 'clever'"):
        make_bot(spoil_five, "clever", random.Random(0))
    with pytest.raises(OptionsError, match="rollout"):
        make_bot(spoil_five, "search", random.Random(0), rollout="smart")
    with pytest.raises(OptionsError, match="unknown bot"):
        parse_bot_names("heuristic,nobody", 3)


def test_registry_hands_out_the_rule_of_thumb_bot_of_each_game() -> None:
    assert isinstance(make_bot(spoil_five, "heuristic", random.Random(0)), SpoilFiveBot)
    assert isinstance(make_bot(my_bird_sings, "heuristic", random.Random(0)), MyBirdSingsBot)
    assert isinstance(make_bot(my_bird_sings, "search", random.Random(0)), SearchBot)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_the_simulation_runner_hands_bots_views_only(
    game: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardrules.simulation as simulation
    from cardrules.simulation import _blocks

    made: list[_ViewOnly] = []

    def checked(g: object, name: str, rng: random.Random, **kwargs: object) -> _ViewOnly:
        bot = _ViewOnly(game, make_bot(g, name, rng, **kwargs))  # type: ignore[call-overload]
        made.append(bot)
        return bot

    monkeypatch.setattr(_blocks, "make_bot", checked)  # where the runner makes its bots
    result = simulation.simulate(game.NAME, ("heuristic", "random", "search"), 4, iterations=2)
    assert result.deal_count == 4
    assert sum(bot.calls for bot in made) >= 1


def test_search_rollouts_hand_the_rollout_policy_views_only() -> None:
    _state, view, legal = _first_choice(spoil_five, 1)
    policies: list[_ViewOnly] = []

    def policy(rng: random.Random) -> _ViewOnly:
        policies.append(_ViewOnly(spoil_five, RandomBot(rng)))
        return policies[-1]

    bot: SearchBot[GameState, object, SeatView] = SearchBot(
        spoil_five,  # type: ignore[arg-type]
        random.Random(0),
        policy,  # type: ignore[arg-type]
        iterations=3,
    )
    assert bot.choose(view, legal) in legal
    assert len(policies) == 3 * len(legal)
    assert sum(p.calls for p in policies) >= 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_random_rollouts_in_the_compiled_loop_choose_as_random_bots_with_views_would(
    game: ModuleType,
) -> None:
    for seed in range(4):
        _state, view, legal = _first_choice(game, seed)
        fast: SearchBot[GameState, object, SeatView] = SearchBot(
            game,
            random.Random(seed),
            RandomBot,
            iterations=6,
        )
        slow: SearchBot[GameState, object, SeatView] = SearchBot(
            game,
            random.Random(seed),
            lambda rng: RandomBot(rng),
            iterations=6,
        )
        assert fast.choose(view, legal) == slow.choose(view, legal)
        assert fast.rng.getstate() == slow.rng.getstate()

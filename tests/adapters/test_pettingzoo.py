"""The PettingZoo adapter: PettingZoo's own API and seed tests, masks, views, rewards."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")

import numpy as np
from pettingzoo.test import api_test, seed_test

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters.pettingzoo import (
    CardGameEnv,
    env,
    my_bird_sings_env,
    spoil_five_env,
)
from cardrules.errors import IllegalActionError, OptionsError

CONFIGS = [
    ("spoil_five", {"players": 3}),
    ("spoil_five", {"preset": "jinking", "players": 4}),
    ("spoil_five", {"preset": "two-handed"}),
    ("my_bird_sings", {"players": 4}),
    ("my_bird_sings", {"preset": "draw-blind", "players": 3}),
    ("my_bird_sings", {"preset": "to-exhaustion", "players": 2}),
]


def _make(game: str, kwargs: dict[str, object]) -> CardGameEnv:
    preset = kwargs.get("preset", "peel")
    players = kwargs.get("players")
    assert isinstance(preset, str)
    assert players is None or isinstance(players, int)
    return env(game, preset=preset, players=players)


@pytest.mark.parametrize(("game", "kwargs"), CONFIGS)
def test_pettingzoo_api_test_passes(game: str, kwargs: dict[str, object]) -> None:
    """PettingZoo's API conformance test passes without a single warning."""
    api_test(_make(game, kwargs), num_cycles=100)


@pytest.mark.parametrize(("game", "kwargs"), CONFIGS)
def test_pettingzoo_seed_test_passes(game: str, kwargs: dict[str, object]) -> None:
    """Two environments reset with the same seed play identically."""
    seed_test(lambda: _make(game, kwargs), num_cycles=100)


def _play_episode(environment: CardGameEnv, rng: random.Random) -> dict[str, float]:
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        _, reward, terminated, truncated, info = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        mask = info["action_mask"]
        assert isinstance(mask, np.ndarray)
        environment.step(rng.choice([int(code) for code in np.flatnonzero(mask)]))
    return totals


@pytest.mark.parametrize("game", ["spoil_five", "my_bird_sings"])
def test_c_5_rewards_are_counters_won_minus_paid(game: str) -> None:
    """C-5: an episode's rewards are the balances; with the pool left they sum to zero."""
    environment = env(game, players=4)
    rng = random.Random(2)
    for episode in range(15):
        environment.reset(seed=episode)
        totals = _play_episode(environment, rng)
        state = environment.engine_state
        assert totals == {f"player_{s}": float(b) for s, b in enumerate(state.balances)}
        assert sum(totals.values()) + state.pool == 0


def test_action_mask_is_exactly_the_legal_actions_of_the_agent_on_turn() -> None:
    """The mask marks the codes of the engine's legal actions, for the agent on turn only."""
    environment = spoil_five_env(players=4)
    environment.reset(seed=5)
    state = environment.engine_state
    assert isinstance(state, spoil_five.State)
    legal = spoil_five.legal_actions(state)
    agent = environment.agent_selection
    info = environment.infos[agent]
    assert agent == f"player_{state.to_act}"
    assert info["legal_actions"] == tuple(str(action) for action in legal)
    codes = {action.card.index for action in legal if isinstance(action, spoil_five.Play)}
    assert len(codes) == len(legal)
    mask = info["action_mask"]
    assert isinstance(mask, np.ndarray)
    assert set(np.flatnonzero(mask)) == codes
    for other in environment.agents:
        if other != agent:
            other_mask = environment.infos[other]["action_mask"]
            assert isinstance(other_mask, np.ndarray)
            assert not other_mask.any()


def test_sf_16_an_illegal_action_is_refused_with_its_rule() -> None:
    """An action outside the mask is refused by the engine, naming the broken rule."""
    environment = spoil_five_env(players=3)
    environment.reset(seed=0)
    mask = environment.infos[environment.agent_selection]["action_mask"]
    assert isinstance(mask, np.ndarray)
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        environment.step(illegal)
    with pytest.raises(OptionsError, match="action code"):
        environment.step(10_000)


def test_c_6_observations_show_the_own_hand_and_no_other() -> None:
    """C-6: the observation marks the agent's own cards, none of the cards others hold."""
    environment = spoil_five_env(players=5)
    environment.reset(seed=9)
    state = environment.engine_state
    hand = environment.observation_parts["hand"]
    for seat, agent in enumerate(environment.possible_agents):
        vector = environment.observe(agent)
        assert vector.dtype == np.float32
        assert environment.observation_space(agent).contains(vector)
        held = set(np.flatnonzero(vector[hand]))
        assert held == {card.index for card in state.hands[seat]}


def test_mbs_12_a_deal_settled_by_the_deal_itself_is_played_through_in_reset() -> None:
    """MBS-12: if the leader's dealt hand sings there is no decision; reset deals again."""
    for seed in range(300):
        environment = my_bird_sings_env(players=2)
        environment.reset(seed=seed)
        state = environment.engine_state
        assert isinstance(state, my_bird_sings.State)
        if len(my_bird_sings.history(state).deals) > 1:
            break
    else:
        pytest.fail("no seed below 300 gave a leader's hand that sings at once")
    assert not any(environment.terminations.values())
    first = my_bird_sings.history(state).deals[0]
    assert first.actions == ()
    assert sum(state.balances) + state.pool == 0


def test_points_games_are_refused() -> None:
    """SF-24: a points game lasts several deals, but an episode is one deal."""
    with pytest.raises(OptionsError, match="scoring"):
        spoil_five_env(preset="twenty-five")
    with pytest.raises(OptionsError, match="preset"):
        spoil_five_env(preset="nonsense")
    with pytest.raises(OptionsError, match="dealer"):
        spoil_five_env(players=3, dealer=3)


def test_render_shows_the_table_as_text() -> None:
    """``render_mode="ansi"`` returns the whole table; without a mode nothing is drawn."""
    environment = my_bird_sings_env(players=3, render_mode="ansi", dealer=1)
    environment.reset(seed=4)
    text = environment.render()
    assert text is not None
    assert "seat 2:" in text
    assert my_bird_sings_env(players=3).render() is None

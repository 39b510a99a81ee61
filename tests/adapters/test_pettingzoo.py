"""The PettingZoo adapter: versioned modules, PettingZoo's own test suite, masks, views."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")

import numpy as np

# pettingzoo.test's DeprecationWarning at import is PettingZoo's own: pyproject's
# filterwarnings ignores exactly that one.
from pettingzoo.test import api_test, performance_benchmark, render_test, seed_test

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters.pettingzoo import CardGameEnv, my_bird_sings_v0, spoil_five_v0
from cardrules.errors import CardrulesError, IllegalActionError, OptionsError

MODULES = {"spoil_five": spoil_five_v0, "my_bird_sings": my_bird_sings_v0}
CONFIGS = [
    ("spoil_five", {"players": 3}),
    ("spoil_five", {"preset": "jinking", "players": 4}),
    ("spoil_five", {"preset": "two-handed"}),
    ("my_bird_sings", {"players": 4}),
    ("my_bird_sings", {"preset": "draw-blind", "players": 3}),
    ("my_bird_sings", {"preset": "to-exhaustion", "players": 2}),
]
HAS_RASTERISER = all(importlib.util.find_spec(name) for name in ("cairosvg", "PIL"))

# PettingZoo's api_test advises Box observations and warns about dictionaries unless the
# environment is one of its own classic ones, whose names it lists; ours are dictionaries
# exactly like those (observation and action_mask), so those two advisories are expected.
DICT_ADVISORIES = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def _make(game: str, kwargs: dict[str, Any]) -> Callable[..., Any]:
    def make(render_mode: str | None = None) -> Any:
        return MODULES[game].env(render_mode=render_mode, **kwargs)

    return make


@pytest.mark.filterwarnings(*DICT_ADVISORIES)
@pytest.mark.parametrize(("game", "kwargs"), CONFIGS)
def test_pettingzoo_api_test_passes(game: str, kwargs: dict[str, Any]) -> None:
    """PettingZoo's API conformance test passes (with no warning but its dict advisory)."""
    api_test(_make(game, kwargs)(), num_cycles=100)


@pytest.mark.parametrize(("game", "kwargs"), CONFIGS)
def test_pettingzoo_seed_test_passes(game: str, kwargs: dict[str, Any]) -> None:
    """Two environments reset with the same seed play identically."""
    seed_test(_make(game, kwargs), num_cycles=100)


@pytest.mark.skipif(not HAS_RASTERISER, reason="CairoSVG and Pillow are not installed")
@pytest.mark.parametrize("game", ["spoil_five", "my_bird_sings"])
def test_pettingzoo_render_test_passes_in_every_mode(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """PettingZoo's render test: ``ansi`` text, ``human`` printing, ``rgb_array`` pictures."""
    render_test(_make(game, {"players": 3}))
    assert "seat 2:" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["spoil_five", "my_bird_sings"])
def test_pettingzoo_performance_benchmark_runs(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """PettingZoo's performance benchmark plays masked-random steps (no timed assertion:
    its clock is made to run fast, so that it stops after a few hundred steps; the real
    figures are in benchmarks/README.md)."""
    ticks = iter(range(1_000_000))

    class Clock:
        @staticmethod
        def time() -> float:
            return next(ticks) * 0.01

    monkeypatch.setattr(sys.modules[performance_benchmark.__module__], "time", Clock)
    performance_benchmark(_make(game, {"players": 4})())
    assert "turns per second" in capsys.readouterr().out


def test_versioned_modules_offer_env_and_raw_env() -> None:
    """``env()`` is the raw environment in PettingZoo's standard wrappers."""
    wrapped = spoil_five_v0.env(players=3)
    raw = spoil_five_v0.raw_env(players=3)
    assert isinstance(raw, CardGameEnv)
    assert isinstance(wrapped.unwrapped, CardGameEnv)
    assert type(wrapped).__name__ == "OrderEnforcingWrapper"
    assert wrapped.metadata["name"] == "spoil_five_v0"
    assert my_bird_sings_v0.raw_env(players=3).metadata["name"] == "my_bird_sings_v0"
    assert "rgb_array" in wrapped.metadata["render_modes"]


@pytest.mark.parametrize("game", ["spoil_five", "my_bird_sings"])
def test_env_behaves_as_the_raw_env_in_pettingzoos_own_wrappers(game: str) -> None:
    """``env()``'s wrappers are PettingZoo's (subclasses that read the raw environment's
    attributes directly): the same episodes, observations, rewards and text as the raw
    environment wrapped by PettingZoo's own classes, illegal moves included."""
    from pettingzoo.utils import wrappers

    ours = MODULES[game].env(players=4)
    raw = MODULES[game].raw_env(players=4)
    theirs = wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(wrappers.TerminateIllegalWrapper(raw, -1))
    )
    assert isinstance(ours, wrappers.OrderEnforcingWrapper)
    assert isinstance(ours.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(ours.env.env, wrappers.TerminateIllegalWrapper)
    assert str(ours) == str(theirs)
    for env in (ours, theirs):
        with pytest.raises(AttributeError, match="agents cannot be accessed before reset"):
            _ = env.num_agents
    rng = random.Random(3)
    for episode in range(6):
        ours.reset(seed=episode)
        theirs.reset(seed=episode)
        for agent, other in zip(ours.agent_iter(), theirs.agent_iter(), strict=True):
            assert agent == other
            mine, reference = ours.last(), theirs.last()
            for key in ("observation", "action_mask"):
                assert np.array_equal(mine[0][key], reference[0][key])
            assert mine[1:] == reference[1:]
            assert ours.num_agents == theirs.num_agents
            if mine[2] or mine[3]:
                action = None
            elif episode == 5:  # an illegal move ends the episode in both
                action = int(np.flatnonzero(mine[0]["action_mask"] == 0)[0])
            else:
                action = rng.choice(np.flatnonzero(mine[0]["action_mask"]).tolist())
            ours.step(action)
            theirs.step(action)
        assert ours.rewards == theirs.rewards
        assert ours.agents == theirs.agents == []


def test_observations_are_dictionaries_with_the_action_mask() -> None:
    """As in the classic environments: ``observation`` and ``action_mask``, in the space."""
    env = spoil_five_v0.env(players=4)
    env.reset(seed=5)
    state = env.unwrapped.engine_state
    assert isinstance(state, spoil_five.State)
    legal = spoil_five.legal_actions(state)
    agent = env.agent_selection
    assert agent == f"player_{state.to_act}"
    observation = env.observe(agent)
    assert env.observation_space(agent).contains(observation)
    assert set(observation) == {"observation", "action_mask"}
    codes = {action.card.index for action in legal if isinstance(action, spoil_five.Play)}
    assert len(codes) == len(legal)
    assert set(np.flatnonzero(observation["action_mask"])) == codes
    assert env.unwrapped.legal_actions() == legal
    for other in env.agents:
        if other != agent:
            assert not env.observe(other)["action_mask"].any()


def test_an_illegal_action_ends_the_episode_with_minus_one_in_env() -> None:
    """An action outside the mask ends the episode, -1 for its agent, as in the
    classic environments; the raw environment refuses it, naming the rule."""
    env = spoil_five_v0.env(players=3)
    env.reset(seed=0)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1
    assert all(reward == 0 for agent, reward in env.rewards.items() if agent != offender)
    raw = spoil_five_v0.raw_env(players=3)
    raw.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"\((SF|C)-\d+\)"):
        raw.step(illegal)
    with pytest.raises(IllegalActionError, match=r"not an action code of this game .*\(C-7\)"):
        raw.step(10_000)


def test_step_before_reset_is_refused_with_a_clear_message() -> None:
    """Calls out of order fail with a message, not an ``AttributeError`` from inside."""
    with pytest.raises(CardrulesError, match="reset"):
        spoil_five_v0.raw_env(players=3).step(0)
    with pytest.raises(AttributeError, match="before reset"):
        _ = spoil_five_v0.env(players=3).agent_selection


def _play_episode(env: Any, rng: random.Random) -> dict[str, float]:
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(rng.choice([int(code) for code in np.flatnonzero(observation["action_mask"])]))
    return totals


@pytest.mark.parametrize("game", ["spoil_five", "my_bird_sings"])
def test_c_5_rewards_are_counters_won_minus_paid(game: str) -> None:
    """C-5: an episode's rewards are the balances; with the pool left they sum to zero."""
    env = MODULES[game].env(players=4)
    rng = random.Random(2)
    for episode in range(15):
        env.reset(seed=episode)
        totals = _play_episode(env, rng)
        state = env.unwrapped.engine_state
        assert totals == {f"player_{s}": float(b) for s, b in enumerate(state.balances)}
        assert sum(totals.values()) + state.pool == 0


def test_c_6_observations_show_the_own_hand_and_no_other() -> None:
    """C-6: the observation marks the agent's own cards, none of the cards others hold."""
    env = spoil_five_v0.raw_env(players=5)
    env.reset(seed=9)
    state = env.engine_state
    hand = env.observation_parts["hand"]
    for seat, agent in enumerate(env.possible_agents):
        vector = env.observe(agent)["observation"]
        assert vector.dtype == np.float32
        assert set(np.flatnonzero(vector[hand])) == {card.index for card in state.hands[seat]}


def test_seats_are_relative_to_the_agent_in_observations() -> None:
    """Position 0 of every seat-indexed part is the agent itself (C-2)."""
    env = spoil_five_v0.raw_env(players=4, dealer=1)
    env.reset(seed=3)
    dealer = env.observation_parts["dealer"]
    for seat, agent in enumerate(env.possible_agents):
        vector = env.observe(agent)["observation"]
        assert int(np.flatnonzero(vector[dealer])[0]) == (1 - seat) % 4


def test_mbs_12_a_deal_settled_by_the_deal_itself_is_played_through_in_reset() -> None:
    """MBS-12: if the leader's dealt hand sings there is no decision; reset deals again."""
    for seed in range(300):
        env = my_bird_sings_v0.raw_env(players=2)
        env.reset(seed=seed)
        state = env.engine_state
        assert isinstance(state, my_bird_sings.State)
        if len(my_bird_sings.history(state).deals) > 1:
            break
    else:
        pytest.fail("no seed below 300 gave a leader's hand that sings at once")
    assert not any(env.terminations.values())
    assert my_bird_sings.history(state).deals[0].actions == ()
    assert sum(state.balances) + state.pool == 0


def test_options_that_cannot_be_offered_are_refused() -> None:
    """SF-24: a points game lasts several deals, but an episode is one deal."""
    with pytest.raises(OptionsError, match="scoring"):
        spoil_five_v0.env(preset="twenty-five")
    with pytest.raises(OptionsError, match="preset"):
        spoil_five_v0.env(preset="nonsense")
    with pytest.raises(OptionsError, match="dealer"):
        spoil_five_v0.env(players=3, dealer=3)
    with pytest.raises(OptionsError, match="render_mode"):
        my_bird_sings_v0.env(render_mode="video")


def test_ansi_render_shows_the_table_as_text() -> None:
    """``render_mode="ansi"`` returns the whole table; without a mode nothing is drawn."""
    env = my_bird_sings_v0.env(players=3, render_mode="ansi", dealer=1)
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str)
    assert "seat 2:" in text
    quiet = my_bird_sings_v0.raw_env(players=3)
    quiet.reset(seed=4)
    assert quiet.render() is None


@pytest.mark.skipif(not HAS_RASTERISER, reason="CairoSVG and Pillow are not installed")
def test_rgb_array_render_is_the_picture_of_the_view_of_the_agent_on_turn() -> None:
    """``rgb_array``: the SVG picture of the acting seat's view, rasterised: an image with
    the felt's green and the white of the card faces in it."""
    env = spoil_five_v0.env(players=3, render_mode="rgb_array")
    env.reset(seed=4)
    picture = env.render()
    assert isinstance(picture, np.ndarray)
    assert picture.dtype == np.uint8
    height, width, channels = picture.shape
    assert channels == 3
    assert width == 980
    assert 400 < height < 900
    colours = {tuple(int(v) for v in pixel) for pixel in picture.reshape(-1, 3)[::97]}
    assert (255, 255, 255) in colours
    assert any(g > r + 40 and g > b + 20 for r, g, b in colours)

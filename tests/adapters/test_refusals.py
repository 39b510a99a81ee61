"""Both adapters refuse every chance outcome and action code they do not list (C-7).

At random points of real games, every code outside the current list (and a few far
outside the code range) is tried: each raises ``IllegalActionError`` and leaves the
state exactly as it was, the OpenSpiel state's C++ history included.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules.errors import IllegalActionError

FAR = (-(2**63), -(2**31), -2, -1, 2**31, 2**63, 2**70)
"""Codes far outside every range (negative ones included, which a list index accepts)."""


def _tried(listed: list[int], size: int) -> list[int]:
    """Every code of ``range(-3, size + 3)`` not in ``listed``, and the :data:`FAR` ones."""
    return [code for code in range(-3, size + 3) if code not in listed] + list(FAR)


# --- OpenSpiel ---------------------------------------------------------------------------

OPENSPIEL_CONFIGS = [
    ("cardrules_spoil_five", {"players": 3}),
    ("cardrules_spoil_five", {"preset": "partnership", "fiving": True}),
    ("cardrules_spoil_five", {"preset": "two-handed", "robbing": "optional"}),
    ("cardrules_my_bird_sings", {"players": 4}),
    ("cardrules_my_bird_sings", {"preset": "draw-blind", "players": 3}),
    ("cardrules_my_bird_sings", {"preset": "three-cards", "auto_sing": False, "players": 3}),
    ("cardrules_my_bird_sings", {"preset": "to-exhaustion", "players": 2}),
]


def _openspiel_snapshot(state: Any) -> tuple[object, ...]:
    """What a state says, read without bringing its C++ history up to date."""
    players = range(state.num_players())
    chance = state.chance_outcomes() if state.is_chance_node() else []
    return (
        str(state),
        state.current_player(),
        state.is_terminal(),
        state.legal_actions(),
        chance,
        state.returns(),
        [state.information_state_string(p) for p in players],
        [state.observation_tensor(p) for p in players],
    )


@pytest.mark.parametrize(("name", "params"), OPENSPIEL_CONFIGS)
def test_openspiel_refuses_every_unlisted_outcome_and_code(
    name: str, params: dict[str, object]
) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from cardrules.adapters import openspiel

    game = openspiel.load_game(name, params)
    size = game.num_distinct_actions()
    rng = random.Random(f"{name}{sorted(params.items())}")
    tried_points = 0
    for _ in range(3):
        state = game.new_initial_state()
        applied: list[int] = []
        while True:
            if rng.random() < 0.15 or state.is_terminal():
                tried_points += 1
                listed = (
                    [outcome for outcome, _ in state.chance_outcomes()]
                    if state.is_chance_node()
                    else state.legal_actions()
                )
                before = _openspiel_snapshot(state)
                for code in _tried(listed, max(size, 52)):
                    with pytest.raises(IllegalActionError):
                        state.apply_action(code)
                assert _openspiel_snapshot(state) == before
                if rng.random() < 0.3:  # through C++ (the path of child() and algorithms)
                    bad = rng.choice(_tried(listed, size)[:-3])  # codes C++ can hold
                    with pytest.raises((ValueError, pyspiel.SpielError)):
                        pyspiel.State.apply_action(state, bad)
                    with pytest.raises((ValueError, pyspiel.SpielError)):
                        state.child(bad)
                    assert _openspiel_snapshot(state) == before
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = rng.choice([outcome for outcome, _ in state.chance_outcomes()])
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            applied.append(action)
        # the C++ history holds exactly the actions applied, and replays to the same state
        assert state.history() == applied
        replayed = game.new_initial_state()
        for action in applied:
            pyspiel.State.apply_action(replayed, action)
        # (the pickled __dict__ after the history may be laid out differently)
        head = state.serialize().split("__dict__=")[0]
        assert head == replayed.serialize().split("__dict__=")[0]
        assert _openspiel_snapshot(state) == _openspiel_snapshot(replayed)
    assert tried_points >= 6


def test_openspiel_refusals_name_what_was_refused() -> None:
    """A negative outcome at a blind draw, ``draw 3`` where only ``draw 0`` is listed, a sing
    code naming a card not held: each refused, naming its rule, the history unchanged."""
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from cardrules.adapters import openspiel

    rng = random.Random(3)
    seen: set[str] = set()
    goals = (
        ({"preset": "draw-blind", "players": 3}, {"blind", "draw"}),
        ({"players": 3, "auto_sing": False}, {"sing"}),
    )
    for params, goal in goals:
        game = openspiel.load_game(openspiel.MY_BIRD_SINGS, params)
        for _ in range(300):
            _refuse_along_a_deal(openspiel, game.new_initial_state(), rng, seen)
            if goal <= seen:
                break
    assert seen == {"blind", "draw", "sing"}


def _refuse_along_a_deal(openspiel: Any, state: Any, rng: random.Random, seen: set[str]) -> None:
    """Play a random deal, trying the refusals of the test above wherever they apply."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            if state.action_to_string(-1, outcomes[0]).startswith("draw gives"):
                history = state.history()
                with pytest.raises(IllegalActionError, match=r"offered hand \(C-7\)"):
                    state.apply_action(-1)
                assert state.history() == history
                seen.add("blind")
            state.apply_action(rng.choice(outcomes))
            continue
        legal = state.legal_actions()
        if 104 in legal:  # draw 0: the positions of a face-down hand are alike
            with pytest.raises(IllegalActionError, match=r"cannot draw 3: .*\(C-7\)"):
                state.apply_action(107)
            seen.add("draw")
        if any(code >= 123 for code in legal):  # a sing, coded by the card left out
            hand = openspiel.engine_state(state).hands[state.current_player()]
            held = {card.index for card in hand}
            foreign = next(123 + index for index in range(52) if index not in held)
            history = state.history()  # the engine's refusal (MBS-4), or C-7 if it is legal
            with pytest.raises(IllegalActionError, match=r"^cannot sing .*\((MBS-\d+|C-7)\)$"):
                state.apply_action(foreign)
            assert state.history() == history
            seen.add("sing")
        state.apply_action(rng.choice(legal))


def test_openspiel_parameters_are_range_checked() -> None:
    """A round limit that would overflow the game's sizes, and a float for a switch."""
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from cardrules import my_bird_sings
    from cardrules.adapters import openspiel
    from cardrules.adapters._kits import MAX_ROUND_LIMIT
    from cardrules.errors import OptionsError

    game = pyspiel.load_game(openspiel.MY_BIRD_SINGS, {"round_limit": MAX_ROUND_LIMIT})
    assert game.max_game_length() < 2**31
    for limit in (MAX_ROUND_LIMIT + 1, 2**31 - 1):
        with pytest.raises(OptionsError, match="round_limit"):
            pyspiel.load_game(openspiel.MY_BIRD_SINGS, {"round_limit": limit})
    with pytest.raises(OptionsError, match="true or false"):
        openspiel.MyBirdSingsGame({"auto_sing": 1.0})
    with pytest.raises(OptionsError, match="true or false"):
        openspiel.MyBirdSingsGame({"auto_sing": 2})
    options = openspiel.MyBirdSingsGame({"auto_sing": 0}).options
    assert isinstance(options, my_bird_sings.Options)
    assert options.auto_sing is False
    with pytest.raises(pyspiel.SpielError, match="auto_sing"):  # pyspiel's own type check
        pyspiel.load_game(openspiel.MY_BIRD_SINGS, {"auto_sing": 1})


# --- PettingZoo --------------------------------------------------------------------------

PETTINGZOO_CONFIGS = [
    ("spoil_five", {"players": 3}),
    ("spoil_five", {"preset": "partnership"}),
    ("my_bird_sings", {"players": 4}),
    ("my_bird_sings", {"preset": "draw-blind", "players": 3}),
    ("my_bird_sings", {"preset": "three-cards", "players": 3}),
]


def _pettingzoo_snapshot(env: Any) -> tuple[object, ...]:
    return (
        env.engine_state,
        env.agent_selection,
        dict(env.rewards),
        dict(env._cumulative_rewards),
        dict(env.terminations),
        [
            (observation["observation"].tolist(), observation["action_mask"].tolist())
            for observation in map(env.observe, env.possible_agents)
        ],
    )


@pytest.mark.parametrize(("game", "kwargs"), PETTINGZOO_CONFIGS)
def test_pettingzoo_raw_env_refuses_every_code_outside_the_mask(
    game: str, kwargs: dict[str, Any]
) -> None:
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    import numpy as np

    from cardrules.adapters.pettingzoo import raw_env

    env = raw_env(game, **kwargs)
    size = int(env.action_space(env.possible_agents[0]).n)
    rng = random.Random(f"{game}{sorted(kwargs.items())}")
    tried_points = 0
    for episode in range(10):
        env.reset(seed=episode)
        while not all(env.terminations.values()):
            mask = env.observe(env.agent_selection)["action_mask"]
            legal = [int(code) for code in np.flatnonzero(mask)]
            if rng.random() < 0.2:
                tried_points += 1
                before = _pettingzoo_snapshot(env)
                codes: list[Any] = [*_tried(legal, size), True, False, np.int64(-1)]
                for code in codes:
                    with pytest.raises(IllegalActionError):
                        env.step(code)
                after = _pettingzoo_snapshot(env)
                assert after[0] is before[0]
                assert after[1:] == before[1:]
            env.step(rng.choice(legal))
    assert tried_points >= 3

"""OpenSpiel's own algorithms run on both games: RL agents, IS-MCTS, MCTS, sampling MCCFR."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    evaluate_bots,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
    tabular_qlearner,
)
from open_spiel.python.bots import uniform_random  # noqa: E402

from cardrules.adapters import openspiel  # noqa: E402

GAMES = [
    (openspiel.SPOIL_FIVE, {"players": 3}),
    (openspiel.MY_BIRD_SINGS, {"players": 4}),
]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HAS_JAX = all(
    importlib.util.find_spec(name) is not None for name in ("jax", "flax", "optax", "chex")
)


def _run_episodes(env: Any, agents: list[Any], episodes: int) -> list[list[float]]:
    """OpenSpiel's canonical loop: each agent steps on its turn and sees the last step.

    Only agents that had a decision in the episode are shown its last step: a My Bird
    Sings deal can end before a seat's first turn (the bird of the seat before sings),
    and OpenSpiel's tabular Q-learner takes a last step without a decision before it for
    the start of its next episode, where it fails (its DQN copes; OpenSpiel's own games
    give every seat a decision).
    """
    returns = []
    for _ in range(episodes):
        time_step = env.reset()
        assert time_step.first()
        acted: set[int] = set()
        while not time_step.last():
            player = time_step.observations["current_player"]
            assert player >= 0, "every episode has a decision"
            assert time_step.observations["legal_actions"][player]
            output = agents[player].step(time_step)
            acted.add(player)
            time_step = env.step([output.action])
        for player in sorted(acted):
            agents[player].step(time_step)
        returns.append(list(time_step.rewards))
    return returns


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_rl_environment_runs_with_a_tabular_q_learner(name: str, params: dict[str, Any]) -> None:
    """``rl_environment`` with OpenSpiel's tabular Q-learner in every seat: episodes run
    and the learners update their values."""
    env = rl_environment.Environment(
        name, chance_event_sampler=rl_environment.ChanceEventSampler(seed=1), **params
    )
    actions = env.action_spec()["num_actions"]
    agents = [
        tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(env.num_players)
    ]
    returns = _run_episodes(env, agents, 20)
    assert len(returns) == 20
    assert all(agent.loss is not None for agent in agents)  # each has updated its values


CANONICAL_DQN = """
from open_spiel.python import rl_environment
from open_spiel.python.jax import dqn
from cardrules.adapters import openspiel
env = rl_environment.Environment(
    "cardrules_my_bird_sings", players=4,
    observation_type=rl_environment.ObservationType.OBSERVATION,
    chance_event_sampler=rl_environment.ChanceEventSampler(seed=1))
size = env.observation_spec()["info_state"][0]
agents = [dqn.DQN(player_id=p, state_representation_size=size, num_actions=176,
                  hidden_layers_sizes=[16], replay_buffer_capacity=500, batch_size=8,
                  min_buffer_size_to_learn=16, learn_every=4, seed=p) for p in range(4)]
idle = 0
for _ in range(60):
    time_step, acted = env.reset(), set()
    while not time_step.last():
        player = time_step.observations["current_player"]
        acted.add(player)
        time_step = env.step([agents[player].step(time_step).action])
    idle += 4 - len(acted)
    for agent in agents:  # every agent sees the last step, as in OpenSpiel's examples
        agent.step(time_step)
print(idle, all(agent.loss is not None for agent in agents))
"""


@pytest.mark.skipif(not HAS_JAX, reason="JAX, Flax, Optax and Chex are not installed")
def test_dqn_runs_in_openspiels_canonical_loop_with_seats_that_never_acted() -> None:
    """OpenSpiel's DQN copes with a seat shown the last step of an episode in which it had
    no decision (docs/adapters.md): 60 four-player My Bird Sings episodes, many such
    seats, every agent trains. In a process of its own, as JAX starts threads."""
    done = subprocess.run(
        [sys.executable, "-c", CANONICAL_DQN], capture_output=True, text=True, timeout=300,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    idle, trained = done.stdout.split()
    assert int(idle) > 10
    assert trained == "True"


@pytest.mark.skipif(not HAS_JAX, reason="JAX, Flax, Optax and Chex are not installed")
@pytest.mark.parametrize(
    ("game", "players", "episodes"), [("spoil_five", 3, 40), ("my_bird_sings", 4, 200)]
)
def test_rl_environment_trains_a_dqn_agent(game: str, players: int, episodes: int) -> None:
    """``rl_environment`` with OpenSpiel's DQN (JAX) on information state tensors: the
    example's episodes run and the agent trains on them.

    It runs in a process of its own: JAX starts threads, and later tests fork worker
    processes, which JAX warns against once it is loaded.
    """
    command = [
        sys.executable, str(EXAMPLES / "openspiel_dqn.py"), "--game", game,
        "--players", str(players), "--episodes", str(episodes), "--seed", "2",
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    loss = done.stdout.strip().splitlines()[-1]
    assert loss.startswith("last training loss: ")
    assert float(loss.rpartition(" ")[2]) >= 0.0


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_evaluate_bots_plays_the_python_ismcts_bot(name: str, params: dict[str, Any]) -> None:
    """``evaluate_bots`` with OpenSpiel's Python IS-MCTS bot, given the ``restart_at`` that
    ``evaluate_bots`` calls on every bot (the bot itself does not define one)."""

    class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            self.reset()

    game = pyspiel.load_game(name, params)
    rng = random.Random(4)
    searcher = ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(4)),
        uct_c=2.0,
        max_simulations=6,
        random_state=np.random.RandomState(4),
    )
    searcher.set_resampler(lambda state, player: openspiel.resample(state, player, rng))
    players = game.num_players()
    bots = [searcher] + [
        uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(1, players)
    ]
    for episode in range(3):
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(episode)
        )
        assert len(returns) == players
        assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


def test_evaluate_bots_plays_the_python_mcts_bot() -> None:
    """The Python MCTS bot has ``restart_at`` and plays (it searches the true state)."""
    game = pyspiel.load_game(openspiel.SPOIL_FIVE, {"players": 2})
    bots = [
        mcts.MCTSBot(
            game,
            2.0,
            6,
            mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(5)),
            random_state=np.random.RandomState(5),
        ),
        uniform_random.UniformRandomBot(1, np.random.RandomState(6)),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(7))
    assert len(returns) == 2


@pytest.mark.parametrize(
    ("name", "params"),
    [(openspiel.SPOIL_FIVE, {"players": 2}), (openspiel.MY_BIRD_SINGS, {"players": 2})],
)
def test_outcome_sampling_mccfr_iterates_on_information_states(
    name: str, params: dict[str, Any]
) -> None:
    """Outcome-sampling MCCFR runs and gives a policy over legal actions."""
    game = pyspiel.load_game(name, params)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    rng = random.Random(8)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)

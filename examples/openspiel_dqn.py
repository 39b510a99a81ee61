"""OpenSpiel's DQN learns to play through ``rl_environment``, against random players.

Seat 0 is OpenSpiel's DQN agent (``open_spiel.python.jax.dqn``) reading the information
state tensors of the ``cardrules.adapters.openspiel`` adapter; every other seat is
OpenSpiel's random agent. The loop is OpenSpiel's own, except that an agent sees the
last step of an episode only if it had a decision in it (a My Bird Sings deal can end
before a seat's first turn). It prints the DQN seat's mean return over the first and
the last tenth of the episodes, and its last training loss.

Run it (needs the ``openspiel`` extra, and JAX with Flax, Optax and Chex)::

    python examples/openspiel_dqn.py --game my_bird_sings --players 3 --episodes 2000
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import attrs

__all__ = ["TrainingResult", "main", "train"]


@attrs.frozen(slots=True)
class TrainingResult:
    """What a training run produced.

    Attributes:
        returns: the DQN seat's return in each episode, in order.
        loss: the DQN agent's last training loss, or None if it never trained.
    """

    returns: tuple[float, ...]
    loss: float | None

    def mean(self, start: int, stop: int) -> float:
        """The DQN seat's mean return over episodes ``start`` to ``stop - 1``."""
        chosen = self.returns[start:stop]
        return sum(chosen) / max(len(chosen), 1)


def train(
    game: str = "spoil_five", *, players: int = 3, episodes: int = 200, seed: int = 0
) -> TrainingResult:
    """Train a DQN agent in seat 0 for ``episodes`` episodes; random agents elsewhere.

    Raises:
        ImportError: without the ``openspiel`` extra or JAX.

    """
    # Imported here, so that this file imports (and is collected) without the extras.
    import numpy as np
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent
    from open_spiel.python.jax import dqn

    from cardrules.adapters import openspiel  # registers the games

    np.random.seed(seed)  # OpenSpiel's random agent draws from numpy's global generator
    name = {"spoil_five": openspiel.SPOIL_FIVE, "my_bird_sings": openspiel.MY_BIRD_SINGS}[game]
    env = rl_environment.Environment(
        name, players=players, chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed)
    )
    actions = env.action_spec()["num_actions"]
    learner = dqn.DQN(
        player_id=0,
        state_representation_size=env.observation_spec()["info_state"][0],
        num_actions=actions,
        hidden_layers_sizes=[64],
        replay_buffer_capacity=5000,
        batch_size=32,
        min_buffer_size_to_learn=64,
        learn_every=8,
        epsilon_decay_duration=max(episodes * 5, 1),
        seed=seed,
    )
    agents = [learner] + [
        random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(1, players)
    ]
    returns = []
    for _ in range(episodes):
        time_step = env.reset()
        acted: set[int] = set()
        while not time_step.last():
            player = time_step.observations["current_player"]
            acted.add(player)
            time_step = env.step([agents[player].step(time_step).action])
        for player in sorted(acted):
            agents[player].step(time_step)
        returns.append(float(time_step.rewards[0]))
    loss = learner.loss
    return TrainingResult(tuple(returns), None if loss is None else float(loss))


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, train, and print what the DQN seat won."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("spoil_five", "my_bird_sings"), default="spoil_five")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    result = train(args.game, players=args.players, episodes=args.episodes, seed=args.seed)
    tenth = max(args.episodes // 10, 1)
    print(f"{args.game}, {args.players} players, {args.episodes} episodes (DQN in seat 0)")
    print(f"mean return, first {tenth} episodes: {result.mean(0, tenth):+.3f}")
    print(f"mean return, last {tenth} episodes: {result.mean(-tenth, args.episodes):+.3f}")
    print(f"last training loss: {result.loss if result.loss is not None else 'none yet'}")


if __name__ == "__main__":
    main()

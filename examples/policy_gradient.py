"""A policy-gradient agent learns Spoil Five through PettingZoo and beats random players.

Seat 0 is a linear softmax policy over the legal action codes (one weight vector per
code, on the observation vector of ``cardrules.adapters.pettingzoo``), trained with
REINFORCE (the deal's return, less a running baseline, for every decision the seat
took) against uniformly random players in the other seats. Then the trained policy
(greedy) and a random player take seat 0 over the same evaluation deals, against the
same random opponents, and the script prints what the policy wins more per deal, with
its 95% interval (paired by deal). Numpy only; a few minutes on one CPU core.

Run it (needs the ``pettingzoo`` extra)::

    python examples/policy_gradient.py                   # 3 players, 12,000 deals
    python examples/policy_gradient.py --episodes 300 --eval-deals 200   # a quick look
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = [
    "FEATURES",
    "FIRST_BARE_CODE",
    "Evaluation",
    "FeaturePolicy",
    "evaluate",
    "features",
    "main",
    "train",
]


FEATURES = (
    "trump",
    "strength",
    "wins the trick now",
    "wins, times strength",
    "loses, times strength",
    "leads",
    "leads, times strength",
    "leads a trump",
    "wins, my tricks",
    "wins, the best other tricks",
    "wins, last to play",
    "rob",
    "rob, discard strength",
)
"""What the policy sees of each legal play (and rob): read from the seat's own view."""


def _strength(card: Any, trump: Any) -> float:
    """A card's rank among what could beat it: trumps in ``[0.5, 1]``, plain cards below."""
    from cardrules import spoil_five

    trumps = spoil_five.trump_order(trump)
    if card in trumps:
        return 1.0 - 0.5 * trumps.index(card) / len(trumps)
    plain = spoil_five.plain_order(card.suit, trump)
    return 0.5 - 0.5 * plain.index(card) / len(plain)


def features(view: Any, actions: Sequence[Any], codes: Sequence[int]) -> Any:
    """One row of :data:`FEATURES` for each action, from the seat's view (what it knows).

    Then one column per verb without a card, set by the action's code (``codes``).
    """
    import numpy as np

    from cardrules import spoil_five

    rows = np.zeros((len(actions), len(FEATURES) + _BARE))
    trump, trick = view.trump, view.trick
    players = len(view.hand_sizes)
    mine = view.tricks_won[view.seat] / 3
    others = max(won for seat, won in enumerate(view.tricks_won) if seat != view.seat) / 3
    for row, action, code in zip(rows, actions, codes, strict=True):
        if isinstance(action, spoil_five.Play):
            card = action.card
            strength = _strength(card, trump)
            wins = 1.0
            if trick:
                wins = float(spoil_five.trick_winner((*trick, card), trump) == len(trick))
            row[:11] = (
                card in spoil_five.trump_order(trump),
                strength,
                wins,
                wins * strength,
                (1 - wins) * strength,
                not trick,
                (not trick) * strength,
                (not trick) and card in spoil_five.trump_order(trump),
                wins * mine,
                wins * others,
                wins * (len(trick) == players - 1),
            )
        elif isinstance(action, spoil_five.Rob):
            row[11:13] = 1.0, _strength(action.discard, trump)
        else:  # a bare verb (decline-rob, stop, go-on, the fiving verbs): one weight each
            row[len(FEATURES) + code - FIRST_BARE_CODE] = 1.0
    return rows


FIRST_BARE_CODE = 104
"""The action code of ``decline-rob``, the first of Spoil Five's seven verbs without a card
(codes 104 to 110, docs/adapters.md): each gets a weight of its own."""
_BARE = 7


class FeaturePolicy:
    """A softmax over the legal actions of scores ``features(view, actions) @ weights``."""

    def __init__(self, *, seed: int = 0) -> None:
        import numpy as np

        self.weights = np.zeros(len(FEATURES) + _BARE)
        self.rng = np.random.default_rng(seed)

    def probabilities(self, rows: Any) -> Any:
        """The probability of each action (row)."""
        import numpy as np

        scores = rows @ self.weights
        exp = np.exp(scores - scores.max())
        return exp / exp.sum()

    def choose(self, rows: Any, *, greedy: bool = False) -> int:
        """The index of an action: the likeliest (``greedy``) or one drawn from the policy."""
        chances = self.probabilities(rows)
        if greedy:
            return int(chances.argmax())
        return int(self.rng.choice(len(chances), p=chances))

    def reinforce(self, steps: list[tuple[Any, int]], advantage: float, rate: float) -> None:
        """Move the policy towards (or away from) the actions taken, by ``advantage``.

        ``steps`` holds ``(feature rows, index taken)`` for each decision; the gradient of
        the log-probability of the action taken is its row less the rows' mean under the
        policy.
        """
        for rows, taken in steps:
            self.weights += rate * advantage * (rows[taken] - self.probabilities(rows) @ rows)


def _deal(
    env: Any, seed: int, policy: FeaturePolicy | None, greedy: bool, rng: random.Random
) -> tuple[float, list[Any]]:
    """Play one deal: seat 0 by ``policy`` (or at random if None), the others at random.

    Returns seat 0's return and its decisions ``(feature rows, index taken)``.
    """
    import numpy as np

    from cardrules import spoil_five

    env.reset(seed=seed)
    steps: list[Any] = []
    while not all(env.terminations.values()):
        agent = env.agent_selection
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        if agent == "player_0" and policy is not None:
            state = env.engine_state
            actions = [env.engine_action(int(code)) for code in legal]
            rows = features(spoil_five.view(state, 0), actions, legal.tolist())
            taken = policy.choose(rows, greedy=greedy)
            steps.append((rows, taken))
            code = int(legal[taken])
        else:
            code = int(legal[rng.randrange(len(legal))])
        env.step(code)
    return float(env.rewards["player_0"]), steps


def train(
    *,
    players: int = 3,
    episodes: int = 12_000,
    rate: float = 0.01,
    seed: int = 0,
    report: int = 0,
) -> FeaturePolicy:
    """Train seat 0's policy with REINFORCE for ``episodes`` deals against random players.

    Every ``report`` deals (if not 0) it prints the mean return of those deals.
    """
    from cardrules.adapters.pettingzoo import spoil_five_v0

    env = spoil_five_v0.raw_env(players=players)
    policy = FeaturePolicy(seed=seed)
    rng = random.Random(seed)
    baseline = 0.0
    recent: list[float] = []
    for episode in range(episodes):
        result, steps = _deal(env, seed * 1_000_003 + episode, policy, False, rng)
        policy.reinforce(steps, result - baseline, rate)
        baseline += 0.01 * (result - baseline)
        recent.append(result)
        if report and (episode + 1) % report == 0:
            mean = sum(recent) / len(recent)
            print(f"  deals {episode + 2 - report:>6} to {episode + 1:>6}: mean return {mean:+.3f}")
            recent.clear()
    return policy


@attrs.frozen(slots=True)
class Evaluation:
    """Seat 0's returns over the same deals, played by the policy and by a random player.

    Attributes:
        policy: the trained policy's return in each deal.
        random: a random player's return in each deal.

    """

    policy: tuple[float, ...]
    random: tuple[float, ...]

    def margin(self) -> tuple[float, float, float]:
        """What the policy wins more per deal: the mean and its 95% interval (paired)."""
        differences = [a - b for a, b in zip(self.policy, self.random, strict=True)]
        n = len(differences)
        mean = sum(differences) / n
        variance = sum((d - mean) ** 2 for d in differences) / max(n - 1, 1)
        half = 1.96 * math.sqrt(variance / n)
        return mean, mean - half, mean + half


def evaluate(
    policy: FeaturePolicy, *, players: int = 3, deals: int = 4000, seed: int = 1
) -> Evaluation:
    """Play ``deals`` evaluation deals twice: seat 0 greedy by ``policy``, then at random.

    Each deal is dealt from the same seed both times and the opponents draw from a
    generator seeded alike, so the two runs differ by seat 0's choices (and what follows).
    """
    from cardrules.adapters.pettingzoo import spoil_five_v0

    env = spoil_five_v0.raw_env(players=players)
    seeds = [10_000_019 * (seed + 1) + k for k in range(deals)]
    learnt = [_deal(env, s, policy, True, random.Random(s))[0] for s in seeds]
    randomly = [_deal(env, s, None, False, random.Random(s))[0] for s in seeds]
    return Evaluation(tuple(learnt), tuple(randomly))


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line, train, evaluate and print the margin over random play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=12_000, help="training deals")
    parser.add_argument("--eval-deals", type=int, default=4000, help="evaluation deals")
    parser.add_argument("--rate", type=float, default=0.01, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = max(args.episodes // 6, 1)
    print(f"Spoil Five, {args.players} players: training seat 0 for {args.episodes} deals")
    policy = train(
        players=args.players, episodes=args.episodes, rate=args.rate, seed=args.seed, report=report
    )
    trained = time.perf_counter() - start
    result = evaluate(policy, players=args.players, deals=args.eval_deals, seed=args.seed + 1)
    mean, low, high = result.margin()
    n = len(result.policy)
    print(f"seat 0 over {n} evaluation deals against random players (counters a deal):")
    learnt, randomly = sum(result.policy) / n, sum(result.random) / n
    print(f"  trained policy {learnt:+.3f}, random player {randomly:+.3f}")
    print(f"margin over random: {mean:+.3f} [{low:+.3f}, {high:+.3f}] (95%, paired by deal)")
    print(f"training {trained:.0f} s, evaluation {time.perf_counter() - start - trained:.0f} s")


if __name__ == "__main__":
    main()

"""Information-set Monte Carlo search: a computer player that looks ahead.

The search bot does not see the hidden cards, so it *determinizes*: it asks the game for
a full state consistent with everything its seat knows (``sample_state(view, rng)``,
hidden cards dealt at random). In that sample it tries *every* legal action and plays
the deal out with a fast rollout policy (the game's rule-of-thumb bot, or random play)
for all seats. One sample with its rollouts is one *iteration*; every iteration draws a
fresh sample, so the estimates average over the possible hidden hands. All actions of an
iteration are judged on the same sample and the same rollout seed (common random
numbers), so their differences are measured with far less noise than their values. The
bot plays the action with the best mean reward (flat Monte Carlo).

The reward of a rollout is what the deal brings the seat from now on: the change of its
balance from the decision to the end of the deal (pool won, jinking bonuses paid or
received), plus an equal share of whatever the deal leaves in the pool for the next one,
since every player has the same claim on a carried pool. So a spoil is worth more to a
player than letting somebody else take the pool. In a points game, where counters change
hands only when the game is won, each trick's points beyond the average add to it too.

The budget is a number of iterations (the default: deterministic given the seed) or,
additionally, a time limit in seconds (then the result depends on the machine's speed).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from cardrules import games
from cardrules.bots.random_bot import RandomBot
from cardrules.errors import OptionsError
from cardrules.playouts import random_bots_playout
from cardrules.protocol import Bot, GameState, Searchable, SeatView

__all__ = ["RolloutPolicy", "SearchBot"]

S = TypeVar("S", bound=GameState)
A = TypeVar("A")
V = TypeVar("V", bound=SeatView)

RolloutPolicy = Callable[[random.Random], Bot[V, A]]
"""Builds the bot that plays every seat during rollouts, from the search bot's rng."""


class SearchBot(Generic[S, A, V]):
    """Choose by determinized Monte Carlo rollouts (see the module documentation).

    Args:
        game: the game module, or anything :class:`cardrules.protocol.Searchable` (it
            supplies ``sample_state``, the rules and the views).
        rng: the bot's own random generator; samples and rollout seeds come from it.
        rollout: builds the policy that plays all seats during a rollout; by default
            the game's rule-of-thumb bot (as ``make_bot``'s ``"search"`` uses), or random
            play for a game the registry does not know.
        iterations: samples of the hidden cards per decision (at least 1); each costs one
            rollout per legal action. Decisions with a single legal action cost nothing.
        time_limit: optional wall-clock budget per decision in seconds; the search stops
            at whichever of the two budgets runs out first (after at least one
            iteration). ``None`` (the default) keeps the bot deterministic.

    Raises:
        OptionsError: if ``iterations`` is below 1 or ``time_limit`` is not positive.
    """

    name = "search"

    def __init__(
        self,
        game: Searchable[S, A, V],
        rng: random.Random,
        rollout: RolloutPolicy[V, A] | None = None,
        *,
        iterations: int = 100,
        time_limit: float | None = None,
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise OptionsError(f"iterations must be a positive int, not {iterations!r}")
        if time_limit is not None and not time_limit > 0:
            raise OptionsError(f"time_limit must be positive seconds, not {time_limit!r}")
        self._game = game
        self._rng = rng
        self._rollout_policy = _default_rollout(game) if rollout is None else rollout
        self.iterations = iterations
        self.time_limit = time_limit
        self.last_iterations = 0
        """How many samples the last decision used (0 when it had a single choice)."""

    @property
    def rng(self) -> random.Random:
        """The bot's own random generator."""
        return self._rng

    def choose(self, view: V, legal: Sequence[A], /) -> A:
        """Return the legal action with the best mean rollout reward for ``view.seat``."""
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        game, rng, seat = self._game, self._rng, view.seat
        total = [0.0] * len(legal)
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        for done in range(self.iterations):
            if deadline is not None and done and time.monotonic() >= deadline:
                break
            world = game.sample_state(view, rng)
            rollout_seed = rng.getrandbits(64)
            for i, action in enumerate(legal):
                end = self._rollout(game.apply_action(world, action), random.Random(rollout_seed))
                total[i] += _reward(world, end, seat)
            self.last_iterations = done + 1
        best = max(range(len(legal)), key=total.__getitem__)
        return legal[best]

    def _rollout(self, state: S, rng: random.Random) -> S:
        """Play the deal out with the rollout policy (built from ``rng``) for every seat.

        Random play (the policy :class:`RandomBot`) goes through the compiled loop of
        :func:`cardrules.playouts.random_bots_playout`, which makes the same choices
        without building the views a random bot never reads.
        """
        game = self._game
        if self._rollout_policy is RandomBot:
            return random_bots_playout(game, state, [rng] * len(state.balances))[0]
        policy = self._rollout_policy(rng)
        while not game.is_deal_over(state):
            to_act = state.to_act
            if to_act is None:  # pragma: no cover - a deal that is not over has a decision
                break
            legal = game.legal_actions(state)
            action = legal[0] if len(legal) == 1 else policy.choose(game.view(state, to_act), legal)
            state = game.apply_action(state, action)
        return state


def _reward(start: GameState, end: GameState, seat: int) -> float:
    """What the deal from ``start`` to ``end`` brings ``seat`` (see the module documentation)."""
    reward = float(end.balances[seat] - start.balances[seat])
    outcome = end.outcome
    if outcome is not None and outcome.carried:
        reward += outcome.carried / len(end.balances)
    return reward + _score_gain(start, end, seat)


def _default_rollout(game: object) -> RolloutPolicy[Any, Any]:
    """The game's rule-of-thumb bot if the registry has one, else random play."""
    entry = games.entry_of(game)
    bot = None if entry is None else entry.load_bot()
    return RandomBot if bot is None else bot


def _score_gain(start: GameState, end: GameState, seat: int) -> float:
    """In a points game (Spoil Five's Twenty-Five), points gained beyond the average.

    Counters change only when such a game is won, so within a deal the search is
    guided by points: a trick (5 points) is worth one counter more than the average
    seat's gain. Zero in pool games, where nobody scores points.
    """
    before: tuple[int, ...] = getattr(start, "scores", ())
    after: tuple[int, ...] = getattr(end, "scores", ())
    if not before or len(before) != len(after) or before == after:
        return 0.0
    gains = [a - b for a, b in zip(after, before, strict=True)]
    return (gains[seat] - sum(gains) / len(gains)) / 5

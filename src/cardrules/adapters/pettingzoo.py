"""Spoil Five and My Bird Sings as PettingZoo AEC environments (extra ``pettingzoo``).

Agents are ``player_0`` … ``player_{n-1}`` (seat numbers). An episode is one deal:

- **Actions** are the fixed integer codes shared with the OpenSpiel adapter
  (``Discrete``; ``play 10C`` is always the same number). ``infos[agent]["action_mask"]``
  is an ``int8`` mask of the legal codes (all zeros for an agent not on turn), and
  ``infos[agent]["legal_actions"]`` lists them in our notation.
- **Observations** are ``float32`` vectors in ``[-1, 1]`` (a ``Box``), encoded from
  ``cardrules.<game>.view(state, seat)`` only: the agent's own hand, everything played
  face up, public events and counters; never another hand or the stock.
- **Rewards** come at the end of the deal: counters won minus counters paid (antes
  included), from the engine's settlement. A My Bird Sings deal that is settled by the
  deal itself (the leader's dealt hand sings) calls for no decision, so ``reset`` plays
  on into the next deal of the session and the episode's rewards include it.
- **Seeding.** ``reset(seed=s)`` makes the run reproducible: every deal's pack (and the
  dealer, unless fixed) is drawn from a generator seeded with ``s``; ``reset()`` without
  a seed continues that generator.

Not offered (``OptionsError``): Spoil Five points games, which last several deals.

>>> from cardrules.adapters.pettingzoo import spoil_five_env
>>> env = spoil_five_env(players=3)
>>> env.reset(seed=1)
>>> agent = env.agent_selection
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation.shape, info["legal_actions"][:2]
((578,), ('play JH', 'play QH'))
>>> env.step(int(info["action_mask"].nonzero()[0][0]))
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any, Final, SupportsIndex

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters._kits import GameKit, kit_for
from cardrules.errors import CardrulesError, OptionsError

__all__ = ["CardGameEnv", "env", "my_bird_sings_env", "spoil_five_env"]

_MASK64: Final = (1 << 64) - 1


class CardGameEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment for one of the two games (see the module docs).

    Args:
        game: ``"spoil_five"`` or ``"my_bird_sings"`` (or the game module, or its NAME).
        options: the game's ``Options``; default: the ``preset``.
        preset: a name of the game's ``PRESETS`` (default ``"peel"``), used without
            ``options``.
        players: the number of seats, overriding the preset's (used without ``options``).
        dealer: a fixed dealer for every episode; default: drawn at random each reset.
        render_mode: ``"ansi"`` (``render()`` returns text) or ``"human"`` (prints it).

    Raises:
        OptionsError: for options that are not the game's, or that cannot be offered.

    """

    metadata: Mapping[str, object] = {
        "render_modes": ["ansi", "human"],
        "name": "cardrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: object,
        options: object | None = None,
        *,
        preset: str = "peel",
        players: int | None = None,
        dealer: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        kit = kit_for(game)
        if options is None:
            options = kit.entry.options(preset, players)
        options = kit.prepare(options, framework="pettingzoo")
        n = int(getattr(options, "players", 0))
        if dealer is not None and (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n
        ):
            raise OptionsError(f"dealer: expected a seat from 0 to {n - 1}, not {dealer!r}")
        if render_mode not in (None, "ansi", "human"):
            raise OptionsError(
                f"render_mode: expected 'ansi', 'human' or None, not {render_mode!r}"
            )
        self._kit: GameKit = kit
        self.options = options
        self.render_mode = render_mode
        self._dealer = dealer
        self._encoder = kit.encoder(options)
        self._rng = random.Random()
        self._state: Any = None
        self.metadata = {**self.metadata, "name": f"cardrules_{kit.key}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agents = list(self.possible_agents)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.action_spaces = {
            agent: spaces.Discrete(kit.codec.size) for agent in self.possible_agents
        }
        self.observation_spaces = {
            agent: spaces.Box(-1.0, 1.0, (self._encoder.size,), np.float32)
            for agent in self.possible_agents
        }

    # --- inspection ------------------------------------------------------------------

    @property
    def engine_state(self) -> spoil_five.State | my_bird_sings.State:
        """The engine state (full information: for the operator, never for an agent).

        Raises:
            CardrulesError: before the first ``reset``.

        """
        if self._state is None:
            raise CardrulesError("call reset() first")
        state: spoil_five.State | my_bird_sings.State = self._state
        return state

    @property
    def observation_parts(self) -> Mapping[str, slice]:
        """The named parts of an observation vector (``hand``, ``trick`` ...) by slice."""
        return self._encoder.names

    # --- spaces ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Box:
        """The agent's observation space: the encoded view, in ``[-1, 1]``."""
        box: spaces.Box = self.observation_spaces[agent]
        return box

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space: every action code of the game."""
        discrete: spaces.Discrete = self.action_spaces[agent]
        return discrete

    # --- episode ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        """Start a new episode: deal a new hand (see the module docs for seeding)."""
        if seed is not None:
            self._rng = random.Random(seed)
        kit = self._kit
        n = len(self.possible_agents)
        dealer = self._dealer if self._dealer is not None else self._rng.randrange(n)
        state = kit.engine.new_game(
            self.options, seed=self._rng.getrandbits(64) & _MASK64, dealer=dealer
        )
        while kit.engine.is_deal_over(state):
            state = kit.engine.next_deal(state)
        self._state = state
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self._update()

    def observe(self, agent: str) -> npt.NDArray[np.float32]:
        """The agent's observation: its view of the deal, encoded."""
        view = self._kit.engine.view(self._state, self._seat_of[agent])
        return self._encoder.encode(view)

    def step(self, action: SupportsIndex | None) -> None:
        """Apply the action code of the agent on turn (``None`` once it is done).

        Raises:
            IllegalActionError: for an action the rules do not allow now (with its rule).
            OptionsError: for a number that is not an action code of the game.

        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OptionsError(f"{agent} is on turn and must give an action code, not None")
        kit = self._kit
        code = operator.index(action)
        self._state = kit.engine.apply_action(self._state, kit.decode(self._state, code))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._update()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _update(self) -> None:
        """Set the agent on turn, the masks and, once the deal is over, rewards and ends."""
        kit = self._kit
        state = self._state
        size = kit.codec.size
        over = kit.engine.is_deal_over(state)
        for agent in self.agents:
            self.infos[agent] = {"action_mask": np.zeros(size, np.int8), "legal_actions": ()}
        if over:
            for agent in self.agents:
                self.rewards[agent] = float(state.balances[self._seat_of[agent]])
                self.terminations[agent] = True
            return
        agent = self.possible_agents[state.to_act]
        mask = np.zeros(size, np.int8)
        codes = kit.legal_codes(state)
        mask[list(codes)] = 1
        self.infos[agent] = {
            "action_mask": mask,
            "legal_actions": tuple(str(a) for a in kit.engine.legal_actions(state)),
        }
        self.agent_selection = agent

    # --- display ---------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as text: every hand (this is the operator's display, not a player's)."""
        if self.render_mode is None or self._state is None:
            return None
        state = self._state
        lines = [f"{self._kit.name}: pool {state.pool}, to act: {state.to_act}"]
        for seat, hand in enumerate(state.hands):
            lines.append(
                f"  seat {seat}: {' '.join(map(str, hand))}  (balance {state.balances[seat]})"
            )
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: object,
    options: object | None = None,
    *,
    preset: str = "peel",
    players: int | None = None,
    dealer: int | None = None,
    render_mode: str | None = None,
) -> CardGameEnv:
    """Return a :class:`CardGameEnv` for ``game`` (the arguments are the same)."""
    return CardGameEnv(
        game, options, preset=preset, players=players, dealer=dealer, render_mode=render_mode
    )


def spoil_five_env(
    options: object | None = None,
    *,
    preset: str = "peel",
    players: int | None = None,
    dealer: int | None = None,
    render_mode: str | None = None,
) -> CardGameEnv:
    """Return a Spoil Five environment (arguments as :class:`CardGameEnv`)."""
    return env(
        "spoil_five",
        options,
        preset=preset,
        players=players,
        dealer=dealer,
        render_mode=render_mode,
    )


def my_bird_sings_env(
    options: object | None = None,
    *,
    preset: str = "peel",
    players: int | None = None,
    dealer: int | None = None,
    render_mode: str | None = None,
) -> CardGameEnv:
    """Return a My Bird Sings environment (arguments as :class:`CardGameEnv`)."""
    return env(
        "my_bird_sings",
        options,
        preset=preset,
        players=players,
        dealer=dealer,
        render_mode=render_mode,
    )

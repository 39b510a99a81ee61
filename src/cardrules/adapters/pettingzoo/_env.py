"""The AEC environment behind ``spoil_five_v0`` and ``my_bird_sings_v0`` (see the package)."""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any, Final, SupportsIndex, TypeAlias, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters._kits import GameKit, kit_for
from cardrules.errors import CardrulesError, OptionsError

__all__ = ["RENDER_MODES", "ActionCode", "CardEnv", "CardGameEnv", "Observation", "env", "raw_env"]

RENDER_MODES: Final = ("ansi", "human", "rgb_array")
"""What ``render()`` can give: the table as text (every hand: the operator's display),
that text printed, or the picture of the view of the agent on turn as an RGB array."""

_MASK64: Final = (1 << 64) - 1
_MASKS: Final = 1 << 14
"""How many action masks an environment remembers, by set of legal actions."""

Observation: TypeAlias = dict[str, "npt.NDArray[Any]"]
"""What an agent observes: ``{"observation": float32 vector, "action_mask": int8 mask}``."""

ActionCode: TypeAlias = SupportsIndex | None
"""What ``step`` takes: an action code (an ``int``, or a NumPy integer), ``None`` once done."""

CardEnv: TypeAlias = AECEnv[str, Observation, ActionCode]
"""The type of :func:`env`: a PettingZoo AEC environment with string agents
(``player_0`` ...), :data:`Observation` observations and :data:`ActionCode` actions."""


class CardGameEnv(AECEnv[str, Observation, ActionCode]):  # type: ignore[misc]
    """A PettingZoo AEC environment for one of the two games (see the package docs).

    This is the raw environment (``raw_env``): an action outside the mask raises the
    engine's ``IllegalActionError``. ``env()`` wraps it in PettingZoo's standard wrappers.

    Args:
        game: ``"spoil_five"`` or ``"my_bird_sings"`` (or the game module, or its NAME).
        options: the game's ``Options``; default: the ``preset``.
        preset: a name of the game's ``PRESETS`` (default ``"peel"``), used without
            ``options``.
        players: the number of seats, overriding the preset's (used without ``options``).
        dealer: a fixed dealer for every episode; default: drawn at random each reset.
        render_mode: one of :data:`RENDER_MODES`, or None.

    Raises:
        OptionsError: for options that are not the game's, or that cannot be offered.

    """

    metadata: Mapping[str, object] = {
        "render_modes": list(RENDER_MODES),
        "name": "cardrules_v0",
        "is_parallelizable": False,
        "render_fps": 1,
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
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionsError(
                f"render_mode: expected one of {', '.join(RENDER_MODES)} or None, "
                f"not {render_mode!r}"
            )
        self._kit: GameKit = kit
        self.options = options
        self.render_mode = render_mode
        self._dealer = dealer
        self._encoder = kit.encoder(options)
        self._rng = random.Random()
        self._state: Any = None
        self._mask: npt.NDArray[np.int8] | None = None
        self._masks: dict[tuple[object, ...], npt.NDArray[np.int8]] = {}
        self._zeros = np.zeros(kit.size, np.int8)
        self._zeros.flags.writeable = False
        self.metadata = {**self.metadata, "name": f"{kit.key}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agents = list(self.possible_agents)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.action_spaces = {agent: spaces.Discrete(kit.size) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-1.0, 1.0, (self._encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (kit.size,), np.int8),
                }
            )
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
        """The named parts of ``observation["observation"]`` (``hand``, ``trick`` ...)."""
        return self._encoder.names

    def legal_actions(self) -> tuple[spoil_five.Action | my_bird_sings.Action, ...]:
        """The engine actions open to the agent on turn (``()`` once the deal is over)."""
        actions = self._kit.engine.legal_actions(self.engine_state)
        return cast("tuple[spoil_five.Action | my_bird_sings.Action, ...]", actions)

    def action_code(self, action: object) -> int:
        """The action code of an engine action of the agent on turn."""
        return self._kit.encode(self.engine_state, action)

    def engine_action(self, code: int) -> spoil_five.Action | my_bird_sings.Action:
        """The engine action that ``code`` names for the agent on turn.

        Raises:
            OptionsError: for a number that is not an action code of the game.

        """
        action: spoil_five.Action | my_bird_sings.Action
        action = self._kit.decode(self.engine_state, code)  # type: ignore[assignment]
        return action

    # --- spaces ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space: the encoded view and the action mask."""
        space: spaces.Dict = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space: every action code of the game."""
        discrete: spaces.Discrete = self.action_spaces[agent]
        return discrete

    # --- episode ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        """Start a new episode: deal a new hand (see the package docs for seeding)."""
        if seed is not None:
            self._rng = random.Random(seed)
        kit = self._kit
        n = len(self.possible_agents)
        dealer = self._dealer if self._dealer is not None else self._rng.randrange(n)
        state = kit.engine.new_game(
            self.options, seed=self._rng.getrandbits(64) & _MASK64, dealer=dealer
        )
        while state.to_act is None:  # settled by the deal itself: play on (MBS-12)
            state = kit.engine.next_deal(state)
        self._state = state
        self._mask = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.to_act]

    def observe(self, agent: str) -> Observation:
        """The agent's observation: its view encoded, and the mask of its legal codes."""
        seat = self._seat_of[agent]
        state = self._state
        vector = self._encoder.encode(self._kit.engine.view(state, seat))
        if seat != state.to_act:
            return {"observation": vector, "action_mask": self._zeros.copy()}
        return {"observation": vector, "action_mask": self._legal_mask().copy()}

    def _legal_mask(self) -> npt.NDArray[np.int8]:
        """The mask of the legal codes of the agent on turn (remembered; do not change it)."""
        mask = self._mask
        if mask is None:
            kit = self._kit
            state = self._state
            legal = kit.engine.legal_actions(state)
            mask = self._masks.get(legal)
            if mask is None:
                mask = np.zeros(kit.size, np.int8)
                mask[kit.legal_codes(state)] = 1
                mask.flags.writeable = False
                if len(self._masks) >= _MASKS:
                    self._masks.clear()
                self._masks[legal] = mask
            self._mask = mask
        return mask

    def step(self, action: SupportsIndex | None) -> None:
        """Apply the action code of the agent on turn (``None`` once it is done).

        Raises:
            CardrulesError: before the first ``reset``.
            IllegalActionError: for a code outside the action mask: the engine's refusal
                naming the rule, or C-7 (not a code of the game, a ``bool``, or a code
                that names a legal action by another code). Nothing changes.
            OptionsError: for ``None`` while the agent on turn must act.

        """
        if self._state is None:
            raise CardrulesError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OptionsError(f"{agent} is on turn and must give an action code, not None")
        kit = self._kit
        code = action if isinstance(action, bool) else operator.index(action)
        mask = self._legal_mask()
        if code.__class__ is bool or not 0 <= code < kit.size or not mask[code]:
            raise kit.refusal(self._state, code, kit.legal_codes(self._state))
        state = kit.engine.apply_action(self._state, kit.decode(self._state, code))
        self._state = state
        self._mask = None
        self._cumulative_rewards[agent] = 0.0
        to_act = state.to_act
        if to_act is None:
            balances = state.balances
            for seat, other in enumerate(self.possible_agents):
                self.rewards[other] = float(balances[seat])
                self.terminations[other] = True
        else:
            self._clear_rewards()
            self.agent_selection = self.possible_agents[to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- display ---------------------------------------------------------------------

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """Draw the table: text with every hand (``ansi``, ``human``), or a picture.

        ``rgb_array`` is the picture of the view of the agent on turn (seat 0 once the
        deal is over), drawn by :func:`cardrules.svg.view` and rasterised by CairoSVG.

        Raises:
            CardrulesError: for ``rgb_array`` without CairoSVG (the ``pettingzoo`` extra).

        """
        if self.render_mode is None or self._state is None:
            return None
        state = self._state
        if self.render_mode == "rgb_array":
            from cardrules.adapters.pettingzoo._picture import rgb_array

            seat = state.to_act if state.to_act is not None else 0
            return rgb_array(self._kit.engine.view(state, seat))
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


def raw_env(
    game: object,
    options: object | None = None,
    *,
    preset: str = "peel",
    players: int | None = None,
    dealer: int | None = None,
    render_mode: str | None = None,
) -> CardGameEnv:
    """Return the raw :class:`CardGameEnv` for ``game`` (the arguments are the same)."""
    return CardGameEnv(
        game, options, preset=preset, players=players, dealer=dealer, render_mode=render_mode
    )


def env(
    game: object,
    options: object | None = None,
    *,
    preset: str = "peel",
    players: int | None = None,
    dealer: int | None = None,
    render_mode: str | None = None,
) -> CardEnv:
    """Return the environment for ``game`` in PettingZoo's standard wrappers.

    As every classic environment: an action outside the mask ends the episode with a
    reward of ``-1`` for the agent that took it (``TerminateIllegalWrapper``), an action
    outside the action space fails an assertion, and calls out of order (``step`` before
    ``reset``) fail with a clear message (``OrderEnforcingWrapper``).
    """
    raw = raw_env(
        game, options, preset=preset, players=players, dealer=dealer, render_mode=render_mode
    )
    wrapped = TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = AssertOutOfBoundsWrapper(wrapped)
    enforced: CardEnv = OrderEnforcingWrapper(wrapped)
    return enforced


# PettingZoo's wrappers reach the raw environment's attributes (``agent_selection``,
# ``terminations`` ...) through ``__getattr__``, one wrapper at a time: some 36 failed
# lookups and forwarded ``getattr`` calls a step with the three standard wrappers, more
# than the step itself costs. The subclasses below are those very wrappers (same classes
# by ``isinstance``, same names, same behaviour) with these attributes read straight from
# the raw environment. Before ``reset`` the order-enforcing wrapper's own ``__getattr__``
# still answers (a property that raises AttributeError falls back to it), with its error.


def _forwarded(name: str) -> Any:
    read = operator.attrgetter(name)

    def get(self: _Forwarding) -> Any:
        if not self._forwarding:
            raise AttributeError(name)  # the wrapper's __getattr__ answers, as before
        return read(self._raw)

    get.__name__ = name
    return property(get, doc=f"The raw environment's ``{name}``.")


class _Forwarding:
    """Read the raw environment's per-step attributes directly (see above)."""

    _raw: CardGameEnv
    _forwarding: bool = True

    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    possible_agents = _forwarded("possible_agents")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    _cumulative_rewards = _forwarded("_cumulative_rewards")


class TerminateIllegalWrapper(_Forwarding, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper``, its attributes forwarded directly."""

    def __init__(self, env: CardGameEnv, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self._raw = env


class AssertOutOfBoundsWrapper(_Forwarding, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, its attributes forwarded directly."""

    def __init__(self, env: TerminateIllegalWrapper) -> None:
        super().__init__(env)
        self._raw = env._raw


class OrderEnforcingWrapper(_Forwarding, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, its attributes forwarded after ``reset``."""

    def __init__(self, env: AssertOutOfBoundsWrapper) -> None:
        self._forwarding = False
        super().__init__(env)
        self._raw = env._raw

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode (see :meth:`CardGameEnv.reset`); attributes forward from now."""
        super().reset(seed=seed, options=options)
        self._forwarding = True

    def __str__(self) -> str:
        return str(self.env)  # as PettingZoo's own, which names the raw environment

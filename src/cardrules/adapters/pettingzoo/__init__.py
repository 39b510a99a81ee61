"""Spoil Five and My Bird Sings as PettingZoo AEC environments (extra ``pettingzoo``).

Two versioned modules, as PettingZoo's own environments are: ``spoil_five_v0`` and
``my_bird_sings_v0``, each with ``env()`` (in PettingZoo's standard wrappers) and
``raw_env()``. Agents are ``player_0`` … ``player_{n-1}`` (seat numbers). An episode is
one deal with decisions:

- **Actions** are the fixed integer codes shared with the OpenSpiel adapter
  (``Discrete``; ``play 10C`` is always the same number).
- **Observations** are dictionaries, as in PettingZoo's classic environments:
  ``observation["observation"]`` is a ``float32`` vector in ``[-1, 1]`` encoded from
  ``cardrules.<game>.view(state, seat)`` only (the agent's own hand, everything played
  face up, public events and counters; never another hand or the stock), with seats
  relative to the agent; ``observation["action_mask"]`` is an ``int8`` mask of the legal
  codes (all zeros for an agent not on turn).
- **Illegal actions.** ``env()`` ends the episode with a reward of ``-1`` for an agent
  that takes an action outside its mask (and ``0`` for the others), as the classic
  environments do; ``raw_env()`` raises the engine's ``IllegalActionError`` instead.
- **Rewards** come at the end of the deal: counters won minus counters paid (antes
  included), from the engine's settlement. A My Bird Sings deal that is settled by the
  deal itself (the leader's dealt hand sings) calls for no decision, so ``reset`` plays
  on into the next deal of the session and the episode's rewards include it.
- **Seeding.** ``reset(seed=s)`` makes the run reproducible: every deal's pack (and the
  dealer, unless fixed) is drawn from a generator seeded with ``s``; ``reset()`` without
  a seed continues that generator.
- **Rendering.** ``render_mode="ansi"`` returns the table as text (every hand: the
  operator's display), ``"human"`` prints it, and ``"rgb_array"`` returns the picture of
  the view of the agent on turn (``cardrules.svg.view``, rasterised by CairoSVG).

Not offered (``OptionsError``): Spoil Five points games, which last several deals.

>>> from cardrules.adapters.pettingzoo import spoil_five_v0
>>> env = spoil_five_v0.env(players=3)
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> legal = observation["action_mask"].nonzero()[0]
>>> [str(env.unwrapped.engine_action(int(code))) for code in legal][:2]
['play 7S', 'play 10S']
>>> env.step(int(observation["action_mask"].nonzero()[0][0]))
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as error:
    from cardrules.adapters._common import missing_extra

    raise missing_extra("cardrules.adapters.pettingzoo", "pettingzoo", error) from None

from cardrules.adapters.pettingzoo._env import (
    RENDER_MODES,
    ActionCode,
    CardEnv,
    CardGameEnv,
    Observation,
    env,
    raw_env,
)

__all__ = ["RENDER_MODES", "ActionCode", "CardEnv", "CardGameEnv", "Observation", "env", "raw_env"]

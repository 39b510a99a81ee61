"""My Bird Sings as a PettingZoo AEC environment, version 0 (see :mod:`..pettingzoo`).

>>> from cardrules.adapters.pettingzoo import my_bird_sings_v0
>>> env = my_bird_sings_v0.env(players=3)
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((660,), 4)
"""

from __future__ import annotations

from cardrules import my_bird_sings
from cardrules.adapters.pettingzoo import _env
from cardrules.adapters.pettingzoo._env import CardEnv, CardGameEnv

__all__ = ["env", "raw_env"]


def raw_env(
    options: my_bird_sings.Options | None = None,
    *,
    preset: str = "peel",
    players: int | None = None,
    dealer: int | None = None,
    render_mode: str | None = None,
) -> CardGameEnv:
    """The raw environment: an action outside the mask raises ``IllegalActionError``.

    Args:
        options: a :class:`cardrules.my_bird_sings.Options`; default: the ``preset``.
        preset: a name of ``cardrules.my_bird_sings.PRESETS``.
        players: the number of seats, overriding the preset's.
        dealer: a fixed dealer; default: drawn at random at each reset.
        render_mode: ``"ansi"``, ``"human"``, ``"rgb_array"`` or None.

    Raises:
        OptionsError: for options that cannot be offered (bad values).

    """
    return _env.raw_env(
        "my_bird_sings", options, preset=preset, players=players, dealer=dealer,
        render_mode=render_mode,
    )  # fmt: skip


def env(
    options: my_bird_sings.Options | None = None,
    *,
    preset: str = "peel",
    players: int | None = None,
    dealer: int | None = None,
    render_mode: str | None = None,
) -> CardEnv:
    """The environment in PettingZoo's standard wrappers (arguments as :func:`raw_env`).

    An action outside the mask ends the episode with a reward of ``-1`` for its agent.
    """
    return _env.env(
        "my_bird_sings", options, preset=preset, players=players, dealer=dealer,
        render_mode=render_mode,
    )  # fmt: skip

"""Spoil Five as a PettingZoo AEC environment, version 0 (see :mod:`..pettingzoo`).

>>> from cardrules.adapters.pettingzoo import spoil_five_v0
>>> env = spoil_five_v0.env(players=3)
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((575,), 5)
"""

from __future__ import annotations

from cardrules import spoil_five
from cardrules.adapters.pettingzoo import _env
from cardrules.adapters.pettingzoo._env import CardEnv, CardGameEnv

__all__ = ["env", "raw_env"]


def raw_env(
    options: spoil_five.Options | None = None,
    *,
    preset: str = "peel",
    players: int | None = None,
    dealer: int | None = None,
    render_mode: str | None = None,
) -> CardGameEnv:
    """The raw environment: an action outside the mask raises ``IllegalActionError``.

    Args:
        options: a :class:`cardrules.spoil_five.Options`; default: the ``preset``.
        preset: a name of ``cardrules.spoil_five.PRESETS`` (not the points games).
        players: the number of seats, overriding the preset's.
        dealer: a fixed dealer; default: drawn at random at each reset.
        render_mode: ``"ansi"``, ``"human"``, ``"rgb_array"`` or None.

    Raises:
        OptionsError: for options that cannot be offered (points games, bad values).

    """
    return _env.raw_env(
        "spoil_five", options, preset=preset, players=players, dealer=dealer,
        render_mode=render_mode,
    )  # fmt: skip


def env(
    options: spoil_five.Options | None = None,
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
        "spoil_five", options, preset=preset, players=players, dealer=dealer,
        render_mode=render_mode,
    )  # fmt: skip

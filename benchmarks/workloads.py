"""Random-playout workloads for the benchmark, in the shape the OpenSpiel anchor expects.

Each workload is a function ``f(n_games, seed) -> decisions``: it plays ``n_games``
complete random deals through the public API (validation on: every action goes through
``apply_action``, which checks it) and returns the number of decisions taken. Deal ``i``
is dealt with seed ``seed + i`` and every choice comes from ``random.Random(seed)``, so a
call with the same arguments replays exactly the same games.

A playout is one deal from ``new_game`` (antes and dealing included) until
``legal_actions`` is empty, i.e. until the deal is settled; that is the unit an OpenSpiel
euchre playout (one hand) is compared with.

The ``*_helper`` workloads play the very same games (the same deals, the same draws:
the helper draws as ``randrange`` does) through the library's compiled playout loop,
:func:`cardrules.playouts.random_playouts`, instead of this module's Python loop; they
need a cardrules that has that module (imported when called, so that the other
workloads still run against older commits).

Usable directly with the shared yardstick, from the project root::

    python PATH/TO/anchor_openspiel.py --games euchre=1500 --path benchmarks \\
        --extra sf5=workloads:spoil_five_5p:600 --extra mbs6=workloads:my_bird_sings_6p:1500
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from cardrules import my_bird_sings, spoil_five

__all__ = [
    "MBS_6P",
    "SF_5P",
    "WORKLOADS",
    "Workload",
    "helper_playouts",
    "my_bird_sings_6p",
    "my_bird_sings_6p_helper",
    "playouts",
    "spoil_five_5p",
    "spoil_five_5p_helper",
]

SF_5P = attrs.evolve(spoil_five.PRESETS["peel"], players=5)
"""Spoil Five, Peel's preset (its default is already five players)."""
MBS_6P = attrs.evolve(my_bird_sings.PRESETS["peel"], players=6)
"""My Bird Sings, Peel's preset with six players."""

Workload = Callable[[int, int], int]
"""``f(n_games, seed) -> decisions``: the shape of a playout workload."""


def playouts(game: Any, options: Any, n_games: int, seed: int) -> int:
    """Play ``n_games`` uniformly random deals of ``game``; return the decisions taken.

    Args:
        game: a game module (``cardrules.spoil_five`` or ``cardrules.my_bird_sings``).
        options: the options to deal with.
        n_games: how many deals to play, each from ``new_game``.
        seed: deal ``i`` uses seed ``seed + i``; choices come from ``Random(seed)``.

    """
    randrange = random.Random(seed).randrange
    new_game = game.new_game
    legal_actions = game.legal_actions
    apply_action = game.apply_action
    decisions = 0
    for i in range(n_games):
        state = new_game(options, seed=seed + i)
        legal = legal_actions(state)
        while legal:
            state = apply_action(state, legal[randrange(len(legal))])
            legal = legal_actions(state)
            decisions += 1
    return decisions


def helper_playouts(game: Any, options: Any, n_games: int, seed: int) -> int:
    """The games of :func:`playouts`, played by :func:`cardrules.playouts.random_playouts`."""
    from cardrules.playouts import random_playouts

    return random_playouts(game, options, range(seed, seed + n_games), random.Random(seed))


def spoil_five_5p(n_games: int, seed: int) -> int:
    """Random playouts of Spoil Five, five players, Peel's preset; returns decisions."""
    return playouts(spoil_five, SF_5P, n_games, seed)


def my_bird_sings_6p(n_games: int, seed: int) -> int:
    """Random playouts of My Bird Sings, six players, Peel's preset; returns decisions."""
    return playouts(my_bird_sings, MBS_6P, n_games, seed)


def spoil_five_5p_helper(n_games: int, seed: int) -> int:
    """The games of :func:`spoil_five_5p`, through the library's compiled playout loop."""
    return helper_playouts(spoil_five, SF_5P, n_games, seed)


def my_bird_sings_6p_helper(n_games: int, seed: int) -> int:
    """The games of :func:`my_bird_sings_6p`, through the library's compiled playout loop."""
    return helper_playouts(my_bird_sings, MBS_6P, n_games, seed)


WORKLOADS: dict[str, Workload] = {
    "spoil_five_5p": spoil_five_5p,
    "my_bird_sings_6p": my_bird_sings_6p,
    "spoil_five_5p_helper": spoil_five_5p_helper,
    "my_bird_sings_6p_helper": my_bird_sings_6p_helper,
}
"""The project's playout workloads by label."""

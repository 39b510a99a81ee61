"""The baseline computer player: a uniformly random choice among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, TypeVar

from cardrules.protocol import SeatView

__all__ = ["RandomBot"]

A = TypeVar("A")


class RandomBot(Generic[A]):
    """Choose one of the legal actions uniformly at random.

    The bot ignores the view; its only input is the list of legal actions, so it is the
    yardstick every other bot is measured against. Given the same ``rng`` seed it makes
    the same choices.

    >>> bot: RandomBot[str] = RandomBot(random.Random(1))
    >>> [bot.choose(None, ("a", "b", "c")) for _ in range(5)]  # type: ignore[arg-type]
    ['a', 'c', 'c', 'a', 'b']

    Args:
        rng: the bot's own random generator.
    """

    __slots__ = ("_rng",)

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    @property
    def rng(self) -> random.Random:
        """The bot's own random generator."""
        return self._rng

    def choose(self, view: SeatView, legal: Sequence[A], /) -> A:
        """Return one of ``legal``, each with the same probability."""
        return legal[int(self._rng.random() * len(legal))]

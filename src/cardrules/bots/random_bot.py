"""The baseline computer player: a uniformly random choice among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardrules.protocol import SeatView

__all__ = ["RandomBot"]

if TYPE_CHECKING:
    from typing_extensions import TypeVar as DefaultedTypeVar  # PEP 696 defaults

    A = DefaultedTypeVar("A", default=Any)
else:  # only type checkers read the default; Python 3.11's TypeVar has none
    A = TypeVar("A")
Chosen = TypeVar("Chosen")


class RandomBot(Generic[A]):
    """Choose one of the legal actions uniformly at random.

    The bot ignores the view; its only input is the list of legal actions, so it is the
    yardstick every other bot is measured against. Given the same ``rng`` seed it makes
    the same choices. It needs no type argument: whatever the legal actions are, the
    choice has their type (``RandomBot[X]`` is still accepted, and means the same).

    >>> from cardrules import spoil_five
    >>> state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
    >>> bot = RandomBot(random.Random(1))
    >>> legal = spoil_five.legal_actions(state)
    >>> [str(bot.choose(spoil_five.view(state, 1), legal)) for _ in range(3)]
    ['play 6S', 'play 2C', 'play 7D']

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

    def choose(self, view: SeatView, legal: Sequence[Chosen], /) -> Chosen:
        """Return one of ``legal``, each with the same probability."""
        return legal[int(self._rng.random() * len(legal))]

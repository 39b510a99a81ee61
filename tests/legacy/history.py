"""How a state was reached: the deals of a session and the actions taken in each.

Game states keep their history cheaply: the actions of the current deal form a
persistent linked list (:data:`ActionLog`, one small tuple per step, shared with every
predecessor state), and each finished deal is summarised once as a :class:`DealHistory`.
Records (:mod:`cardrules.records`) are built from :class:`History` and replayed from it.

>>> log = log_append(log_append(None, "a"), "b")
>>> log_items(log)
('a', 'b')
"""

from __future__ import annotations

from typing import Generic, TypeAlias, TypeVar

import attrs

from cardrules.cards import Card

__all__ = ["ActionLog", "DealHistory", "History", "log_append", "log_items"]

T = TypeVar("T")

ActionLog: TypeAlias = "tuple[ActionLog[T] | None, T]"
"""A persistent list: ``(previous, newest)``, or ``None`` for the empty list."""


def log_append(log: ActionLog[T] | None, item: T) -> ActionLog[T]:
    """Return a new log with ``item`` added; ``log`` itself is shared, not copied."""
    return (log, item)


def log_items(log: ActionLog[T] | None) -> tuple[T, ...]:
    """Return the items of ``log``, oldest first."""
    items: list[T] = []
    while log is not None:
        log, item = log
        items.append(item)
    items.reverse()
    return tuple(items)


@attrs.frozen(slots=True)
class DealHistory(Generic[T]):
    """One deal: where its cards came from, who dealt, and every action taken in order.

    Attributes:
        dealer: the seat that dealt.
        seed: the deal's seed: it drives the shuffle (unless ``deck`` is given) and any
            randomness inside the deal.
        deck: the explicit pack order (top card first) if one was given, else ``None``.
        actions: the actions of the deal, in the order they were applied.
    """

    dealer: int
    seed: int
    deck: tuple[Card, ...] | None
    actions: tuple[T, ...]


@attrs.frozen(slots=True)
class History(Generic[T]):
    """Every deal of a session so far, the current one last."""

    deals: tuple[DealHistory[T], ...]

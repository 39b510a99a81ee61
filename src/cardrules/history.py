"""How a state was reached: the deals of a session and the actions taken in each.

Game states keep their history cheaply: the actions of the current deal form a
persistent linked list (:data:`Log`, one small tuple per step, shared with every
predecessor state), and each finished deal is summarised once as a :class:`DealHistory`.
Records (:mod:`cardrules.records`) are built from :class:`History` and replayed from it.

>>> log = log_append(log_append(None, "a"), "b")
>>> log_items(log)
('a', 'b')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeAlias, TypeVar, cast

import attrs

from cardrules.cards import Card

__all__ = [
    "DealEnd",
    "DealHistory",
    "History",
    "Log",
    "deal_result",
    "log_append",
    "log_items",
    "relink",
]

T = TypeVar("T")

Log: TypeAlias = "tuple[object, T] | None"
"""A persistent list: ``(previous, newest)``, or ``None`` for the empty list.

``previous`` is again a ``Log`` of the same items; it is typed ``object`` because a
recursive alias is beyond what the compiled build (mypyc) accepts, and only the functions
below take a log apart. A log is as deep as it is long: compare, pickle and print it
through :func:`log_items`, never as the nested tuple it is.
"""


def log_append(log: Log[T], item: T) -> Log[T]:
    """Return a new log with ``item`` added; ``log`` itself is shared, not copied."""
    return (log, item)


def log_items(log: Log[T]) -> tuple[T, ...]:
    """Return the items of ``log``, oldest first."""
    items: list[T] = []
    while log is not None:
        previous, item = log
        items.append(item)
        log = cast("Log[T]", previous)
    items.reverse()
    return tuple(items)


def relink(items: Iterable[T]) -> Log[T]:
    """Return the log of ``items``, oldest first: the inverse of :func:`log_items`.

    >>> log_items(relink("abc"))
    ('a', 'b', 'c')
    """
    log: Log[T] = None
    for item in items:
        log = (log, item)
    return log


DealEnd: TypeAlias = "tuple[str, tuple[int, ...], int]"
"""How a deal ended: the outcome kind's value, the payouts, the pool after settlement."""


@attrs.frozen(slots=True)
class DealHistory(Generic[T]):
    """One deal: where its cards came from, who dealt, and every action taken in order.

    Attributes:
        dealer: the seat that dealt.
        seed: the deal's seed: it drives the shuffle (unless ``deck`` is given) and any
            randomness inside the deal.
        deck: the explicit pack order (top card first) if one was given, else ``None``.
        actions: the actions of the deal, in the order they were applied.
        result: how the deal ended, ``None`` while it is not over: the outcome's kind (its
            string value, such as ``"won"``), the payouts and the pool after settlement
            (:func:`deal_result`). Records keep it, so that a replay by other rules is
            noticed.
    """

    dealer: int
    seed: int
    deck: tuple[Card, ...] | None
    actions: tuple[T, ...]
    result: DealEnd | None = None


def deal_result(state: object) -> DealEnd | None:
    """How the deal of a game state ended (see :class:`DealHistory`), or ``None``.

    >>> from cardrules import spoil_five
    >>> deal_result(spoil_five.new_game(seed=1)) is None
    True
    """
    outcome = getattr(state, "outcome", None)
    if outcome is None:
        return None
    kind = outcome.kind
    pool = cast(Any, state).pool
    return (str(getattr(kind, "value", kind)), tuple(outcome.payouts), int(pool))


@attrs.frozen(slots=True)
class History(Generic[T]):
    """Every deal of a session so far, the current one last.

    Attributes:
        deals: the deals, oldest first.
        legacy: the session deals by the seed mapping of record versions 1 and 2 (a
            replayed version-2 record whose seeds drive randomness inside the deals):
            :func:`cardrules.records.record` writes it as version 2.
    """

    deals: tuple[DealHistory[T], ...]
    legacy: bool = False

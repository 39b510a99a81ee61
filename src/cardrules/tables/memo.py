"""What a table's payloads worked out, kept for the table's next payloads.

A table's payloads say the same things again and again: the view of the state before a
move was built for the payloads of the move before; a deal's completed tricks never
change; the labels of a hand's cards and the tricks' sentences are rendered for each
reader at every move. A :class:`TableMemo` keeps what was worked out, for one table:
every :class:`~cardrules.tables.table.Table` value that follows from one created or
loaded shares its memo (the table's functions carry it over), so it lives as long as the
table is held and goes with it, and tables never share one. Nothing of it is in a
payload that the payload's own reader could not be given: each entry is kept by the
reader (a seat, or ``None`` for a spectator) it was worked out for.

Everything kept is immutable (states, views, explainers, messages) except the rendered
text entries, of which each caller gets its own top-level dict.

>>> memo = TableMemo()
>>> memo.get("view", object(), 0, lambda: "worked out")
'worked out'
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, TypeVar

from cardrules.explanations import TrickExplanation
from cardrules.messages import Message

__all__ = ["TableMemo"]

V = TypeVar("V")

STATES_KEPT: Final = 32
"""States' views and explanations kept per table: those of a move's payloads, and more."""

TEXTS_KEPT: Final = 1024
"""Rendered text entries kept per table (a deal's sentences for every reader)."""


class TableMemo:
    """What one table's payloads worked out (see the module). Safe across threads.

    Args:
        states: how many ``(kind, state, reader)`` values to keep, the most recent.
        texts: how many rendered texts to keep (all are dropped when that many are held).
    """

    __slots__ = (
        "_loaded",
        "_lock",
        "_parts",
        "_states",
        "_states_kept",
        "_texts",
        "_texts_kept",
        "_tricks",
    )

    def __init__(self, states: int = STATES_KEPT, texts: int = TEXTS_KEPT) -> None:
        self._lock = threading.Lock()
        self._states: OrderedDict[tuple[str, int, int | None], tuple[object, Any]] = OrderedDict()
        self._states_kept = states
        self._texts: dict[Hashable, dict[str, Any]] = {}
        self._texts_kept = texts
        self._tricks: dict[int, tuple[Hashable, tuple[TrickExplanation, ...]]] = {}
        self._loaded: dict[str, Any] = {}
        self._parts: dict[Hashable, dict[Message, str]] = {}

    def __repr__(self) -> str:
        return f"TableMemo({len(self._states)} states, {len(self._texts)} texts)"

    def __reduce__(self) -> tuple[type[TableMemo], tuple[int, int]]:
        """A copied or pickled memo starts empty (what it keeps is only ever worked out again).

        >>> import pickle
        >>> pickle.loads(pickle.dumps(TableMemo()))
        TableMemo(0 states, 0 texts)
        """
        return (TableMemo, (self._states_kept, self._texts_kept))

    def loaded(self, name: str, load: Callable[[], V]) -> V:
        """``load()`` once under ``name``, then what it returned.

        For what the table looks up at every move: its game's module and narrator, found
        through the registry.
        """
        found: V | None = self._loaded.get(name)
        if found is None:
            found = self._loaded[name] = load()
        return found

    def get(self, kind: str, state: object, reader: int | None, work: Callable[[], V]) -> V:
        """The value of ``kind`` for ``state`` and ``reader``: kept, or ``work()`` kept.

        States are found by identity and kept with the value, so a value is never taken
        for another state that happens to reuse a freed one's id.
        """
        key = (kind, id(state), reader)
        with self._lock:
            found = self._states.get(key)
            if found is not None and found[0] is state:
                self._states.move_to_end(key)
                return found[1]  # type: ignore[no-any-return]
        value = work()
        with self._lock:
            self._states[key] = (state, value)
            while len(self._states) > self._states_kept:
                self._states.popitem(last=False)
        return value

    def shared(self, key: Hashable, render: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The JSON object kept under ``key`` (rendered once), as a dict of the caller's own.

        The dict is a copy; the values in it (``params``, ``rules``) are shared with the
        other copies: read them, do not change them.
        """
        found = self._texts.get(key)
        if found is None:
            found = render()
            with self._lock:
                if len(self._texts) >= self._texts_kept:
                    self._texts.clear()
                self._texts[key] = found
        return dict(found)

    def parts(self, reader: Hashable) -> dict[Message, str]:
        """Where the texts of messages are kept for ``reader``, its parts' texts included.

        ``reader`` names one reader, names, language and suit style. The dict is the
        ``texts`` of :func:`cardrules.messages.render`, which keeps the parts messages
        share (a refusal's reason, an action's words) rendered once.
        """
        found = self._parts.get(reader)
        if found is None or len(found) >= self._texts_kept:
            with self._lock:
                found = self._parts[reader] = {}
        return found

    def tricks(
        self,
        seat: int,
        deal: Hashable,
        explain: Callable[[Sequence[TrickExplanation]], tuple[TrickExplanation, ...]],
    ) -> tuple[TrickExplanation, ...]:
        """The explanations of a deal's completed tricks for ``seat``, each worked out once.

        ``explain`` is an explainer's ``tricks``: given those kept for ``seat`` in the same
        ``deal`` (any key naming it), it reuses them and explains only the newer tricks.
        """
        with self._lock:
            kept = self._tricks.get(seat)
        reuse = kept[1] if kept is not None and kept[0] == deal else ()
        found = explain(reuse)
        if len(found) >= len(reuse):
            with self._lock:
                self._tricks[seat] = (deal, found)
        return found

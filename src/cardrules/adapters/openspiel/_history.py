"""The C++ history of an OpenSpiel state, kept up to date lazily.

pyspiel's ``State.apply_action`` is C++: it calls back into Python twice
(``current_player`` and ``_apply_action``, through pybind11's trampolines), appends to
the C++ history and counts the move, about a third of a random episode's time. Applied
from Python (:meth:`CardrulesState.apply_action
<cardrules.adapters.openspiel.CardrulesState.apply_action>`), an action goes straight to
the work of ``_apply_action`` and its ``(player, action)`` pair waits in ``_pending``;
whatever reads the C++ history from Python (``history``, ``full_history``,
``serialize``, pickling, ``clone``, ``child`` ...) first replays the waiting pairs into it
through the C++ ``apply_action``, the moves themselves skipped (``_replay`` names the
player C++ records). Actions applied from C++ go through ``_apply_action`` as before.
Only actions already applied (and so checked) ever wait, so a replay cannot fail.
"""

from __future__ import annotations

from typing import Any, TypeVar

import pyspiel

from cardrules.adapters.openspiel._moments import CHANCE

__all__ = ["CppHistory"]

_S = TypeVar("_S", bound="CppHistory")


class CppHistory(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state whose C++ history is brought up to date when it is read.

    A subclass applies actions from Python by appending to :attr:`_pending` (a chance
    outcome as the bare int, a decision as ``(player, action)``) after applying them, and
    answers ``current_player`` with :attr:`_replay` while that is set; its
    ``_apply_action`` returns at once while :attr:`_replay` is set, and calls
    :meth:`_sync_then_apply` while actions are pending.
    """

    _replay: int | None = None

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        # actions applied from Python, not yet in the C++ history: a chance outcome as
        # the bare int, a decision as (player, action)
        self._pending: list[Any] = []

    def _sync(self) -> None:
        """Replay the actions applied from Python into the C++ history (see above)."""
        pending = self._pending
        if pending:
            self._pending = []
            try:
                for entry in pending:  # a chance outcome, or (player, action)
                    player, action = (CHANCE, entry) if entry.__class__ is int else entry
                    self._replay = player
                    pyspiel.State.apply_action(self, action)
            finally:
                del self._replay

    def _sync_then_apply(self, action: int) -> None:
        """Apply ``action`` from C++ once the actions applied from Python are replayed."""
        self._sync()  # nested C++ apply_action calls: they record before this one does
        self._apply_action(action)

    def history(self) -> list[int]:
        """The actions applied so far, chance outcomes included (pyspiel's)."""
        self._sync()
        actions: list[int] = super().history()
        return actions

    def full_history(self) -> list[Any]:
        """The ``pyspiel.PlayerAction`` pairs applied so far (pyspiel's)."""
        self._sync()
        pairs: list[Any] = super().full_history()
        return pairs

    def history_str(self) -> str:
        """The history as text, ``"0, 5, 7"`` (pyspiel's)."""
        self._sync()
        text: str = super().history_str()
        return text

    def move_number(self) -> int:
        """How many actions have been applied (pyspiel's)."""
        self._sync()
        number: int = super().move_number()
        return number

    def is_initial_state(self) -> bool:
        """Whether no action has been applied yet (pyspiel's)."""
        self._sync()
        initial: bool = super().is_initial_state()
        return initial

    def is_initial_non_chance_state(self) -> bool:
        """Whether no player action has been applied yet (pyspiel's)."""
        self._sync()
        initial: bool = super().is_initial_non_chance_state()
        return initial

    def serialize(self) -> str:
        """The state as text, history included (pyspiel's)."""
        self._sync()
        text: str = super().serialize()
        return text

    def __getstate__(self) -> Any:
        self._sync()
        return super().__getstate__()

    def clone(self: _S) -> _S:
        """A copy of the state, history included (pyspiel's)."""
        self._sync()
        copy: _S = super().clone()
        return copy

    def child(self: _S, action: int) -> _S:
        """A copy of the state with ``action`` applied (pyspiel's)."""
        self._sync()
        copy: _S = super().child(action)
        return copy

    def apply_actions(self, actions: list[int]) -> None:
        """Apply a simultaneous move (pyspiel's; these games have none)."""
        self._sync()
        super().apply_actions(actions)

    def apply_action_with_legality_check(self, action: int) -> None:
        """Apply ``action`` after checking it is legal (pyspiel's)."""
        self._sync()
        super().apply_action_with_legality_check(action)

    def undo_action(self, player: int, action: int) -> None:
        """Undo the last action (pyspiel's; not offered by these games)."""
        self._sync()
        super().undo_action(player, action)

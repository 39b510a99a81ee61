"""Typing protocols shared by both games, so front-ends and bots are written once.

Each game module (:mod:`cardrules.spoil_five`, :mod:`cardrules.my_bird_sings`) satisfies
:class:`Game` with its own state, action, options and view types, and can be passed
wherever a ``Game`` is expected::

    def play_out(game: Game[S, A, V], state: S, bots: Sequence[Bot[V, A]]) -> S:
        while (seat := state.to_act) is not None:
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state))
            state = game.apply_action(state, action)
        return state

A :class:`Bot` sees only a seat's view and the legal actions, never the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

from cardrules.cards import Card

__all__ = ["Bot", "DealOutcome", "Game", "GameOptions", "GameState", "SeatView"]

S = TypeVar("S", bound="GameState")
A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
V_co = TypeVar("V_co", bound="SeatView", covariant=True)
V_contra = TypeVar("V_contra", bound="SeatView", contravariant=True)


class GameOptions(Protocol):
    """What every options class offers: at least the number of players."""

    @property
    def players(self) -> int:
        """The number of seats, ``0 … players - 1``."""
        ...


class DealOutcome(Protocol):
    """How a finished deal was settled, in the terms both games share."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that took (a share of) the pool; ``()`` for a spoil or a void deal."""
        ...

    @property
    def payouts(self) -> tuple[int, ...]:
        """Counters each seat received at settlement (pool shares and bonuses)."""
        ...

    @property
    def carried(self) -> int:
        """Counters left in the pool for the next deal."""
        ...


class GameState(Protocol):
    """The attributes every game state offers (DESIGN.md public contract)."""

    @property
    def options(self) -> GameOptions:
        """The options the game is played under."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is pending, or ``None`` when there is none."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        ...

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand (full information: never show this to players)."""
        ...

    @property
    def pool(self) -> int:
        """Counters in the pool."""
        ...

    @property
    def balances(self) -> tuple[int, ...]:
        """Each seat's counters won minus counters paid since the game began."""
        ...

    @property
    def outcome(self) -> DealOutcome | None:
        """The settlement of the current deal once it is over, else ``None``."""
        ...


class SeatView(Protocol):
    """What every per-seat view offers: whose view it is and what that seat may do."""

    @property
    def seat(self) -> int:
        """The seat that sees this view."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is pending, or ``None``."""
        ...


class Game(Protocol[S, A, V_co]):
    """The functional surface of a game module (DESIGN.md "Public contract").

    Type parameters: the state class ``S``, the action type ``A`` and the view class ``V``.
    """

    NAME: str
    """The game's name in records and on the command line (``"spoil-five"``)."""

    def legal_actions(self, state: S, /) -> tuple[A, ...]:
        """The actions open to ``state.to_act``; ``()`` exactly when none is pending."""
        ...

    def is_legal(self, state: S, action: A, /) -> bool:
        """Whether ``apply_action(state, action)`` would succeed."""
        ...

    def apply_action(self, state: S, action: A, /) -> S:
        """The state after ``action``, automatic steps included; raises IllegalActionError."""
        ...

    def view(self, state: S, seat: int, /) -> V_co:
        """What ``seat`` may know of ``state`` (C-6), and nothing else."""
        ...

    def next_deal(
        self, state: S, /, *, seed: int | None = None, deck: Sequence[Card] | None = None
    ) -> S:
        """The next deal of the same session, after the current deal is over."""
        ...

    def is_deal_over(self, state: S, /) -> bool:
        """Whether the current deal has ended (settled, spoilt, void or abandoned)."""
        ...

    def is_game_over(self, state: S, /) -> bool:
        """Whether the whole game has ended (only points games end; pool games go on)."""
        ...

    def parse_action(self, text: str, /) -> A:
        """Read an action in notation (``play 10C``); raises NotationError."""
        ...

    def format_action(self, action: A, /) -> str:
        """Write an action in notation; ``parse_action`` reads it back."""
        ...


class Bot(Protocol[V_contra, A]):
    """A computer player: chooses one of the legal actions from a seat's view.

    Implementations take their randomness from a ``random.Random`` given to them (see
    :attr:`rng`), so a bot with a fixed seed plays the same way every time.
    """

    @property
    def rng(self) -> random.Random:
        """The bot's own random generator."""
        ...

    def choose(self, view: V_contra, legal: Sequence[A], /) -> A:
        """Return one of ``legal`` (never empty) for the seat that ``view`` belongs to."""
        ...

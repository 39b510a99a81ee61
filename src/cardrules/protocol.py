"""Typing protocols shared by both games, so front-ends, bots and tools are written once.

Each game module (:mod:`cardrules.spoil_five`, :mod:`cardrules.my_bird_sings`) is a
:class:`Game` with its own state, action, view and options types, and can be passed
wherever a ``Game`` (or any of the narrower protocols below) is expected::

    def play_out(game: Rules[S, A], state: S, choose: Callable[[tuple[A, ...]], A]) -> S:
        while not game.is_deal_over(state):
            state = game.apply_action(state, choose(game.legal_actions(state)))
        return state

The narrower protocols come first and :class:`Game` is built from them by inheritance, so
a game module, being a ``Game``, is by construction each of them:

- :class:`Rules` ``[S, A]``: ``legal_actions``, ``is_legal``, ``check_action``,
  ``apply_action`` and ``is_deal_over``, the playing surface a rollout needs;
- :class:`Searchable` ``[S, A, V]`` adds ``view`` and ``sample_state``: what a search
  bot needs;
- :class:`Sessions` ``[S, A, V, O]`` adds ``new_game``, ``next_deal`` and
  ``is_game_over``: what a simulation (or any table) needs to run whole sessions;
- :class:`Game` ``[S, A, V, O]`` adds ``NAME``, ``PRESETS``, ``Options``, ``View``,
  ``ACTION_TYPES``, ``parse_action``, ``format_action``, ``history`` and the four
  ``explain_*`` functions a front-end asks from a seat's view: the whole module.

The options type ``O`` is only ever *given* to a game (``new_game(options)``), so it may
be left out: ``Game[S, A, V]`` is a game you can play, observe and record but not start
(type checkers read the missing ``O`` as ``Never``). For the same reason ``PRESETS`` and
``Options``, which hand options out, are typed with the shared :class:`GameOptions`.

:data:`DynamicGame` is a game of any kind with its types erased to the shared protocols
(``GameState``, ``object``, ``SeatView``, ``GameOptions``): the game registry
(:mod:`cardrules.games`) hands modules out as that, and each game's functions check at
run time what the erased types no longer say (an action of another game is refused with
``C-7``).

A :class:`Bot` sees only a seat's view and the legal actions, never the state.

>>> from cardrules import my_bird_sings, spoil_five
>>> def opening(game: Sessions[S, A, V, O_contra], options: O_contra) -> A:
...     return game.legal_actions(game.new_game(options, seed=1))[0]
>>> opening(spoil_five, spoil_five.Options(players=3)), opening(my_bird_sings, my_bird_sings.PEEL)
(Play(card=<Card 6S>), Pass(card=<Card 4D>))
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeAlias, TypeVar

from cardrules.cards import Card
from cardrules.errors import IllegalActionError
from cardrules.explanations import Refusal, SettlementExplanation, TrickExplanation
from cardrules.history import History

if TYPE_CHECKING:
    from typing import Never

    from typing_extensions import TypeVar as DefaultedTypeVar  # PEP 696 defaults

    O_contra = DefaultedTypeVar("O_contra", bound="GameOptions", contravariant=True, default=Never)
else:  # only type checkers read the default; Python 3.11's TypeVar has none
    O_contra = TypeVar("O_contra", bound="GameOptions", contravariant=True)

__all__ = [
    "Bot",
    "DealOutcome",
    "DynamicGame",
    "Game",
    "GameOptions",
    "GameState",
    "Rules",
    "Searchable",
    "SeatView",
    "Sessions",
]

S = TypeVar("S", bound="GameState")
A = TypeVar("A")
V = TypeVar("V", bound="SeatView")
V_contra = TypeVar("V_contra", bound="SeatView", contravariant=True)


class GameOptions(Protocol):
    """What every options class offers: the number of players and the pack dealt from."""

    @property
    def players(self) -> int:
        """The number of seats, ``0 … players - 1``."""
        ...

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the pack these options deal from, in pack order."""
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
    """The attributes every game state offers (the public contract of both games)."""

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
    """What every per-seat view offers: whose it is, its cards, its choices, the outcome."""

    @property
    def seat(self) -> int:
        """The seat that sees this view."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is pending, or ``None``."""
        ...

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards."""
        ...

    @property
    def pool(self) -> int:
        """Counters in the pool."""
        ...

    @property
    def balances(self) -> tuple[int, ...]:
        """Every seat's balance (public)."""
        ...

    @property
    def legal_actions(self) -> tuple[object, ...]:
        """The seat's legal actions; ``()`` unless it is on turn."""
        ...

    @property
    def outcome(self) -> DealOutcome | None:
        """The settlement of the deal once it is over (public), else ``None``."""
        ...


class Rules(Protocol[S, A]):
    """The playing surface of a game: what a rollout or a random playout needs.

    Type parameters: the state class ``S`` and the action type ``A``.
    """

    def legal_actions(self, state: S, /) -> tuple[A, ...]:
        """The actions open to ``state.to_act``; ``()`` exactly when none is pending."""
        ...

    def is_legal(self, state: S, action: A, /) -> bool:
        """Whether ``apply_action(state, action)`` would succeed."""
        ...

    def check_action(self, state: S, action: A, /) -> IllegalActionError | None:
        """``None`` for a legal action, else the error (rule id and reason) it would raise."""
        ...

    def apply_action(self, state: S, action: A, /) -> S:
        """The state after ``action``, automatic steps included; raises IllegalActionError."""
        ...

    def is_deal_over(self, state: S, /) -> bool:
        """Whether the current deal has ended (settled, spoilt, void or abandoned)."""
        ...


class Searchable(Rules[S, A], Protocol[S, A, V]):
    """The rules with hidden information: what a search bot needs (a subset of Game).

    Type parameters: the state ``S``, the action type ``A`` and the view class ``V``.
    """

    def view(self, state: S, seat: int, /) -> V:
        """What ``seat`` may know of ``state`` (C-6), and nothing else."""
        ...

    def sample_state(self, view: V, rng: random.Random, /) -> S:
        """A full state consistent with ``view``, hidden cards dealt at random."""
        ...


class Sessions(Searchable[S, A, V], Protocol[S, A, V, O_contra]):
    """A game that starts and deals again: what a simulation or a table needs.

    Type parameters: those of :class:`Searchable` and the options class ``O``.
    """

    def new_game(
        self,
        options: O_contra,
        /,
        *,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        dealer: int = 0,
    ) -> S:
        """The first deal of a new session, at its first decision."""
        ...

    def next_deal(
        self, state: S, /, *, seed: int | None = None, deck: Sequence[Card] | None = None
    ) -> S:
        """The next deal of the same session, after the current deal is over."""
        ...

    def is_game_over(self, state: S, /) -> bool:
        """Whether the whole game has ended (only points games end; pool games go on)."""
        ...


class Game(Sessions[S, A, V, O_contra], Protocol[S, A, V, O_contra]):
    """The functional surface of a game module, complete (the public contract of both games).

    Type parameters: the state class ``S``, the action type ``A``, the view class ``V``
    and the options class ``O`` (which may be left out, see the module documentation).
    """

    @property
    def NAME(self) -> str:  # noqa: N802 - the module constant
        """The game's name in records and on the command line (``"spoil-five"``)."""
        ...

    @property
    def PRESETS(self) -> Mapping[str, GameOptions]:  # noqa: N802 - the module constant
        """The named option sets (``"peel"`` among them)."""
        ...

    @property
    def Options(self) -> type[GameOptions]:  # noqa: N802 - the module's class
        """The game's options class."""
        ...

    @property
    def ACTION_TYPES(self) -> tuple[type[A], ...]:  # noqa: N802 - the module constant
        """Every action class of the game."""
        ...

    @property
    def View(self) -> type[V]:  # noqa: N802 - the module's class
        """The class of what ``view`` returns."""
        ...

    def parse_action(self, text: str, /) -> A:
        """Read an action in notation (``play 10C``); raises NotationError."""
        ...

    def format_action(self, action: A, /) -> str:
        """Write an action in notation; ``parse_action`` reads it back."""
        ...

    def history(self, state: S, /) -> History[A]:
        """How ``state`` was reached: every deal of the session and its actions."""
        ...

    def explain_action(self, view: V, action: A | str, /) -> Refusal | None:
        """``None`` if the viewing seat may take ``action`` now, else why not (from the view)."""
        ...

    def explain_unavailable(self, view: V, /) -> dict[Card, Refusal]:
        """Every card of the viewer's hand that it cannot use now, with why."""
        ...

    def explain_tricks(self, view: V, /) -> tuple[TrickExplanation, ...]:
        """Why each completed trick the view has seen went to its winner."""
        ...

    def explain_settlement(self, view: V, /) -> SettlementExplanation | None:
        """How the deal was settled, once it is; ``None`` before."""
        ...


DynamicGame: TypeAlias = "Game[GameState, object, SeatView, GameOptions]"
"""A game of any kind, its types erased to the shared protocols (see the module docs)."""


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

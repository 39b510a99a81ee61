"""Computer players by name, so that programs and the command line can say ``search``.

A game's rule-of-thumb bot is the one its entry in the game registry
(:mod:`cardrules.games`) names.

>>> from cardrules import spoil_five
>>> bot = make_bot(spoil_five, "heuristic", random.Random(3))
>>> type(bot).__name__
'SpoilFiveBot'
>>> sorted(BOT_NAMES)
['heuristic', 'random', 'search', 'strongest']
>>> strongest("spoil-five"), strongest("my-bird-sings").name
(Strongest(name='search', iterations=20), 'heuristic')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypeVar, cast, overload

from cardrules import games
from cardrules.bots.random_bot import RandomBot
from cardrules.bots.search import SearchBot
from cardrules.errors import OptionsError
from cardrules.games import GameEntry
from cardrules.protocol import Bot, DynamicGame, GameState, Searchable, SeatView

if TYPE_CHECKING:
    from cardrules import my_bird_sings, spoil_five

__all__ = [
    "BOT_NAMES",
    "STRONGEST",
    "GameBot",
    "Strongest",
    "heuristic_bot",
    "make_bot",
    "parse_bot_names",
    "strongest",
]

GameBot = Bot[SeatView, object]
"""A bot for any game, its types erased (what :func:`make_bot` gives for a game it is
handed by a name it cannot tell statically)."""

S = TypeVar("S", bound="GameState")
A = TypeVar("A")
V = TypeVar("V", bound=SeatView)

BOT_NAMES: Final = ("random", "heuristic", "search", "strongest")
"""The names :func:`make_bot` knows: ``random``, ``heuristic`` (rule of thumb),
``search`` (Monte Carlo search with rule-of-thumb rollouts) and ``strongest`` (the
strongest of these for the game, at its budget: :func:`strongest`)."""


class Strongest(NamedTuple):
    """The strongest bot of a game, as measured (``benchmarks/strength.py``, docs/bots.md).

    Attributes:
        name: the bot's name in :data:`BOT_NAMES` (``heuristic`` or ``search``).
        iterations: the search bot's samples per decision (0 for a bot that does not
            search): a budget that keeps a table responsive (tens of milliseconds a
            decision).
    """

    name: str
    iterations: int


STRONGEST: Final = {
    "spoil-five": Strongest("search", 20),
    "my-bird-sings": Strongest("heuristic", 0),
}
"""The strongest bot of each game, by game name (see :func:`strongest`).

Spoil Five: the search bot at 20 samples a decision, which beats the rule-of-thumb bot
clearly for tens of milliseconds a decision (more samples gain a little more, in
proportion to the time). My Bird Sings: the rule-of-thumb bot; neither search bot
measured does better against it, and the game leaves little to skill (a bird sings
within the first round in most deals). Figures: docs/bots.md, "Strength"."""


def strongest(game: ModuleType | DynamicGame | str) -> Strongest:
    """Return which bot plays ``game`` (a game module or its ``NAME``) best, and its budget.

    ``make_bot(game, "strongest", rng)`` builds it, and a front-end offers it by that
    name (``cardrules play --bots strongest``, a table's ``SeatPlan.robot("strongest")``).

    Raises:
        OptionsError: if the game is unknown or no strongest bot is recorded for it.

    """
    entry = _entry(game)
    found = STRONGEST.get(entry.name)
    if found is None:
        raise OptionsError(f"no strongest bot recorded for game {entry.name!r}")
    return found


def _entry(game: object) -> GameEntry:
    """The registry entry of a game module or name (OptionsError for anything else)."""
    entry = games.entry_of(game)
    if entry is None:
        raise OptionsError(f"unknown game {game!r}; choose from {', '.join(games.NAMES)}")
    return entry


def heuristic_bot(game: ModuleType | DynamicGame | str, rng: random.Random) -> GameBot:
    """Return the rule-of-thumb bot of ``game`` (a game module, or its ``NAME``).

    Raises:
        OptionsError: if the game is unknown or has no rule-of-thumb bot.

    """
    entry = _entry(game)
    bot = entry.load_bot()
    if bot is None:
        raise OptionsError(f"no rule-of-thumb bot for game {entry.name!r}")
    return bot(rng)


@overload
def make_bot(
    game: Searchable[S, A, V],
    name: str,
    rng: random.Random,
    *,
    iterations: int = ...,
    time_limit: float | None = ...,
    rollout: str = ...,
) -> Bot[V, A]: ...


@overload
def make_bot(  # type: ignore[overload-overlap]
    game: Literal["spoil-five"],
    name: str,
    rng: random.Random,
    *,
    iterations: int = ...,
    time_limit: float | None = ...,
    rollout: str = ...,
) -> Bot[spoil_five.View, spoil_five.Action]: ...


@overload
def make_bot(  # type: ignore[overload-overlap]
    game: Literal["my-bird-sings"],
    name: str,
    rng: random.Random,
    *,
    iterations: int = ...,
    time_limit: float | None = ...,
    rollout: str = ...,
) -> Bot[my_bird_sings.View, my_bird_sings.Action]: ...


@overload
def make_bot(
    game: ModuleType | str,
    name: str,
    rng: random.Random,
    *,
    iterations: int = ...,
    time_limit: float | None = ...,
    rollout: str = ...,
) -> GameBot: ...


def make_bot(
    game: object,
    name: str,
    rng: random.Random,
    *,
    iterations: int = 100,
    time_limit: float | None = None,
    rollout: str = "heuristic",
) -> Bot[Any, Any]:
    """Return a new bot called ``name`` for ``game`` (a game module), drawing on ``rng``.

    For type checkers the bot keeps the game's types: given the module
    :mod:`cardrules.spoil_five` (or its name ``"spoil-five"``), it is a
    ``Bot[spoil_five.View, spoil_five.Action]``, whose ``choose`` returns an action that
    ``spoil_five.apply_action`` takes; given a name only known at run time, a
    :data:`GameBot`.

    Args:
        game: the game module (:mod:`cardrules.spoil_five` ...) or its name; only the
            ``heuristic`` and ``search`` bots need to know it.
        name: one of :data:`BOT_NAMES`.
        rng: the bot's own random generator (seed it for reproducible play).
        iterations: the search bot's samples per decision (each costs one rollout per
            legal action); ``strongest`` uses its own (:data:`STRONGEST`).
        time_limit: the search bot's optional time budget per decision, in seconds.
        rollout: the search bot's rollout policy, ``"heuristic"`` or ``"random"``.

    Raises:
        OptionsError: for an unknown bot name, game or rollout policy, or a bad budget.

    """
    known = cast("ModuleType | DynamicGame | str", game)  # _entry refuses anything else
    if name == "strongest":
        best = strongest(known)
        name = best.name
        iterations = best.iterations or iterations
    if name == "random":
        return RandomBot(rng)
    if name == "heuristic":
        return heuristic_bot(known, rng)
    if name == "search":
        build: Callable[[random.Random], GameBot]
        if rollout == "heuristic":
            heuristic_bot(known, random.Random(0))  # fail now, not at the first decision

            def build(r: random.Random) -> GameBot:
                return heuristic_bot(known, r)

        elif rollout == "random":
            build = RandomBot  # the search bot plays it out in the compiled playout loop
        else:
            raise OptionsError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        return SearchBot(
            _entry(known).module,
            rng,
            build,
            iterations=iterations,
            time_limit=time_limit,
        )
    raise OptionsError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")


def parse_bot_names(text: str, players: int) -> tuple[str, ...]:
    """Read a comma-separated list of bot names, one per seat.

    A single name is used for every seat; a shorter list is repeated cyclically.

    >>> parse_bot_names("heuristic,search", 5)
    ('heuristic', 'search', 'heuristic', 'search', 'heuristic')
    >>> parse_bot_names("random", 3)
    ('random', 'random', 'random')

    Raises:
        OptionsError: for an empty list or an unknown name.

    """
    names: Sequence[str] = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not names:
        raise OptionsError(f"no bot names in {text!r}; choose from {', '.join(BOT_NAMES)}")
    for name in names:
        if name not in BOT_NAMES:
            raise OptionsError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
    return tuple(names[i % len(names)] for i in range(players))

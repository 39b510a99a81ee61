"""Computer players by name, so that programs and the command line can say ``search``.

>>> from cardrules import spoil_five
>>> bot = make_bot(spoil_five, "heuristic", random.Random(3))
>>> type(bot).__name__
'SpoilFiveBot'
>>> sorted(BOT_NAMES)
['heuristic', 'random', 'search']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, cast

from cardrules.bots.random_bot import RandomBot
from cardrules.bots.search import SearchableGame, SearchBot
from cardrules.errors import OptionsError
from cardrules.protocol import Bot, GameState, SeatView

__all__ = ["BOT_NAMES", "GameBot", "game_name", "heuristic_bot", "make_bot", "parse_bot_names"]

GameBot = Bot[SeatView, object]
"""A bot for any game, as the registry hands it out."""

BOT_NAMES: Final = ("random", "heuristic", "search")
"""The names :func:`make_bot` knows: ``random``, ``heuristic`` (rule of thumb) and
``search`` (Monte Carlo search with rule-of-thumb rollouts)."""


_NAME_BY_MODULE: Final = {
    "cardrules.spoil_five": "spoil-five",
    "cardrules.my_bird_sings": "my-bird-sings",
}


def game_name(game: object) -> str | None:
    """The name of a game module (its ``NAME``), or ``game`` itself if it is a string.

    >>> from cardrules import my_bird_sings
    >>> game_name(my_bird_sings), game_name("spoil-five")
    ('my-bird-sings', 'spoil-five')
    """
    if isinstance(game, str):
        return game
    name = getattr(game, "NAME", None)
    if isinstance(name, str):
        return name
    return _NAME_BY_MODULE.get(getattr(game, "__name__", ""))


def heuristic_bot(game: object, rng: random.Random) -> GameBot:
    """Return the rule-of-thumb bot of ``game`` (a game module, or its ``NAME``).

    Raises:
        OptionsError: if the game has no rule-of-thumb bot.

    """
    name = game_name(game)
    if name == "spoil-five":
        from cardrules.bots.spoil_five_bot import SpoilFiveBot

        # The bot reads Spoil Five views only; the registry hands it to Spoil Five.
        return cast("GameBot", SpoilFiveBot(rng))
    if name == "my-bird-sings":
        from cardrules.bots.my_bird_sings_bot import MyBirdSingsBot

        return cast("GameBot", MyBirdSingsBot(rng))
    raise OptionsError(f"no rule-of-thumb bot for game {name!r}")


def make_bot(
    game: object,
    name: str,
    rng: random.Random,
    *,
    iterations: int = 100,
    time_limit: float | None = None,
    rollout: str = "heuristic",
) -> GameBot:
    """Return a new bot called ``name`` for ``game`` (a game module), drawing on ``rng``.

    Args:
        game: the game module, :mod:`cardrules.spoil_five` or :mod:`cardrules.my_bird_sings`.
        name: one of :data:`BOT_NAMES`.
        rng: the bot's own random generator (seed it for reproducible play).
        iterations: the search bot's samples per decision (each costs one rollout per
            legal action).
        time_limit: the search bot's optional time budget per decision, in seconds.
        rollout: the search bot's rollout policy, ``"heuristic"`` or ``"random"``.

    Raises:
        OptionsError: for an unknown bot name or rollout policy, or a bad budget.

    """
    if name == "random":
        return RandomBot(rng)
    if name == "heuristic":
        return heuristic_bot(game, rng)
    if name == "search":
        if rollout == "heuristic":
            heuristic_bot(game, random.Random(0))  # fail now, not at the first decision

            def build(r: random.Random) -> GameBot:
                return heuristic_bot(game, r)

        elif rollout == "random":

            def build(r: random.Random) -> GameBot:
                return RandomBot(r)

        else:
            raise OptionsError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        return SearchBot(
            cast("SearchableGame[GameState, object, SeatView]", game),
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

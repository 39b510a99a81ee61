"""The game registry: every game by name, with everything the library needs of it.

Records, simulations, bots, the command line, the adapters and the web example find a
game here, by its name (``"spoil-five"``; any case, ``_`` for ``-``) or by its module, and
nowhere else. Each game is one :class:`GameEntry`; nothing is imported until it is asked
for, so ``import cardrules.games`` stays light.

>>> entry = lookup("Spoil_Five")
>>> entry.name, entry.title, entry.module.NAME, sorted(entry.presets)[:2]
('spoil-five', 'Spoil Five', 'spoil-five', ['forty-five', 'jinking'])
>>> entry_of(entry.module) is entry, NAMES
(True, ('my-bird-sings', 'spoil-five'))
>>> lookup("chess")
Traceback (most recent call last):
...
cardrules.errors.OptionsError: unknown game 'chess'; choose from my-bird-sings, spoil-five

Adding a game
-------------
A third game touches two places: its package and one :class:`GameEntry` in
:data:`GAMES` below. What it provides:

1. A package ``cardrules.<key>`` that is a :class:`cardrules.protocol.Game` (checked by
   ``tests/test_game_protocol.py``): ``NAME`` (the entry's name), ``PRESETS`` (a
   mapping of preset names to options, including ``"peel"``), ``Options`` (an attrs
   frozen class with at least ``players``), ``ACTION_TYPES`` (its attrs action classes,
   whose ``str()`` is their notation), ``View`` (the attrs class ``view`` returns),
   ``State``, and the functions ``new_game``, ``next_deal``, ``legal_actions``,
   ``is_legal``, ``check_action``, ``apply_action``, ``view``, ``is_deal_over``,
   ``is_game_over``, ``parse_action``, ``format_action``, ``history``, ``sample_state``
   and the four ``explain_*`` functions (see :mod:`cardrules.explanations`). With that,
   records, ``simulate`` and ``cardrules play`` (random and search bots with random
   rollouts, plain narration) work for it.
2. The entry: its ``name``, ``title`` and ``package``, and optionally references
   (``"module:attribute"``, imported on first use, at or below this module's layer) to
   its rule-of-thumb bot class (for ``heuristic`` bots and heuristic rollouts), its
   narrator class (a :class:`cardrules._narration.Narrator`, for the command line; the
   plain narrator otherwise) and a dealt-hand test (for a game whose dealt hand can win
   at once, as a singing hand does: ``simulate`` reports how often it happens).

The adapters (OpenSpiel, PettingZoo) and the web example draw each game with code of their
own (observation encoders, action codes, tables): they offer the games they have that
code for, which they find here by name.
"""

from __future__ import annotations

import importlib
import random
import types
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, cast

import attrs

from cardrules.cards import Card
from cardrules.errors import OptionsError
from cardrules.protocol import Bot, DynamicGame, GameOptions, SeatView

if TYPE_CHECKING:
    from cardrules._narration import Narrator

__all__ = ["GAMES", "NAMES", "BotClass", "DealtHandTest", "GameEntry", "entry_of", "lookup"]

BotClass = Callable[[random.Random], Bot[SeatView, object]]
"""A bot class as the registry hands it out: built from its own random generator."""

DealtHandTest = Callable[[Sequence[Card], GameOptions], bool]
"""Whether a dealt hand already wins under the options (My Bird Sings: it sings)."""


def _load(reference: str) -> object:
    """Import ``"package.module:attribute"`` and return the attribute."""
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _normal(name: str) -> str:
    """A game name as the registry spells it: lower case, ``-`` between words."""
    return name.strip().lower().replace("_", "-")


@attrs.frozen(slots=True)
class GameEntry:
    """One game of the registry: where it lives and what goes with it.

    The references are ``"module:attribute"`` strings, imported the first time they are
    asked for (see the module documentation for what a game provides).

    Attributes:
        name: the game's name in records and on the command line (its ``NAME``).
        title: the game's name for people (``"Spoil Five"``).
        package: the game's package (``"cardrules.spoil_five"``).
        bot: the rule-of-thumb bot class, or ``None``.
        narrator: the command line's narrator class, or ``None`` for the plain one.
        dealt_hand_test: a :data:`DealtHandTest`, or ``None``.
    """

    name: str
    title: str
    package: str
    bot: str | None = None
    narrator: str | None = None
    dealt_hand_test: str | None = None

    @property
    def key(self) -> str:
        """The package's own name (``"spoil_five"``): an identifier, as adapters use it."""
        return self.package.rpartition(".")[2]

    @property
    def module(self) -> DynamicGame:
        """The game module, imported on first use, with its types erased (see protocol).

        The erased types let any game's actions through; the module's own functions
        refuse an action of another game at run time (C-7). States and views must be
        the module's own.
        """
        return cast("DynamicGame", importlib.import_module(self.package))

    @property
    def options_class(self) -> type[GameOptions]:
        """The game's ``Options`` class."""
        return self.module.Options

    @property
    def presets(self) -> Mapping[str, GameOptions]:
        """The game's named option sets."""
        return self.module.PRESETS

    def options(self, preset: str | None = None, players: int | None = None) -> GameOptions:
        """The options of ``preset`` (default: the game's defaults) with ``players`` seats.

        >>> lookup("my-bird-sings").options("flushes-only", 3).players
        3

        Raises:
            OptionsError: for an unknown preset or an invalid number of players.

        """
        if preset is None:
            options = self.options_class()
        else:
            key = preset.strip().lower()
            if key not in self.presets:
                raise OptionsError(
                    f"unknown preset {preset!r} for {self.name}; "
                    f"choose from {', '.join(sorted(self.presets))}"
                )
            options = self.presets[key]
        if players is not None and players != options.players:
            # Every game's Options is an attrs class ("Adding a game"), which the attrs
            # plugin cannot see through the protocol type; evolve itself is generic.
            evolve = attrs.evolve
            options = evolve(options, players=players)
        return options

    def player_counts(self, preset: str | None = None) -> tuple[int, ...]:
        """The numbers of players (2 to 13 are tried) the options of ``preset`` allow.

        >>> lookup("spoil-five").player_counts(), lookup("spoil-five").player_counts("partnership")
        ((2, 3, 4, 5, 6, 7, 8, 9, 10), (4,))

        Raises:
            OptionsError: for an unknown preset.

        """
        self.options(preset)  # an unknown preset is an error, not "no player count"
        return tuple(players for players in range(2, 14) if self._allows(preset, players))

    def _allows(self, preset: str | None, players: int) -> bool:
        try:
            self.options(preset, players)
        except OptionsError:
            return False
        return True

    def load_bot(self) -> BotClass | None:
        """The rule-of-thumb bot class, or ``None`` if the game has none."""
        return None if self.bot is None else cast("BotClass", _load(self.bot))

    def load_narrator(self) -> type[Narrator]:
        """The command line's narrator class (the plain narrator if the game has none)."""
        reference = self.narrator or "cardrules._narration:Narrator"
        return cast("type[Narrator]", _load(reference))

    def load_dealt_hand_test(self) -> DealtHandTest | None:
        """The dealt-hand test, or ``None`` if a dealt hand never wins at once."""
        if self.dealt_hand_test is None:
            return None
        return cast("DealtHandTest", _load(self.dealt_hand_test))


GAMES: Final[tuple[GameEntry, ...]] = (
    GameEntry(
        name="my-bird-sings",
        title="My Bird Sings",
        package="cardrules.my_bird_sings",
        bot="cardrules.bots.my_bird_sings_bot:MyBirdSingsBot",
        narrator="cardrules._narration:MyBirdSingsNarrator",
        dealt_hand_test="cardrules.my_bird_sings:sings",
    ),
    GameEntry(
        name="spoil-five",
        title="Spoil Five",
        package="cardrules.spoil_five",
        bot="cardrules.bots.spoil_five_bot:SpoilFiveBot",
        narrator="cardrules._narration:SpoilFiveNarrator",
    ),
)
"""Every game, in the order of their names."""

NAMES: Final[tuple[str, ...]] = tuple(entry.name for entry in GAMES)
"""The games' names, sorted: what the command line offers and records may name."""

_BY_NAME: Final[Mapping[str, GameEntry]] = {entry.name: entry for entry in GAMES}


def lookup(name: str) -> GameEntry:
    """The game called ``name`` (any case, ``_`` or ``-`` between words).

    Raises:
        OptionsError: for a name that is no game's, listing the games there are.

    """
    entry = _BY_NAME.get(_normal(name)) if isinstance(name, str) else None
    if entry is None:
        raise OptionsError(f"unknown game {name!r}; choose from {', '.join(NAMES)}")
    return entry


def entry_of(game: object) -> GameEntry | None:
    """The entry of ``game``: a game module, its name, or a class or value of a game.

    A name is read as :func:`lookup` reads it; a class (an ``Options``, a ``State``, an
    action class) or a value of one belongs to the game whose package defines it.
    Anything else gives ``None``.

    >>> from cardrules import my_bird_sings
    >>> state = my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=1)
    >>> entry_of(state).name, entry_of(my_bird_sings.Options).name, entry_of("chess")
    ('my-bird-sings', 'my-bird-sings', None)
    """
    if isinstance(game, str):
        return _BY_NAME.get(_normal(game))
    module: object
    if isinstance(game, types.ModuleType):
        module = game.__name__
    else:
        module = getattr(game if isinstance(game, type) else type(game), "__module__", "")
    if not isinstance(module, str):
        return None
    for entry in GAMES:
        if module == entry.package or module.startswith(entry.package + "."):
            return entry
    return None

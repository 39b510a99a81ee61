"""The two OpenSpiel games: their types, parameters, bounds and observers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import pyspiel

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters._common import (
    options_from_parameters,
    parameter_specification,
    parameters_of,
)
from cardrules.adapters._kits import DEFAULT_ROUND_LIMIT, KITS, GameKit, kit_for
from cardrules.adapters.openspiel._moments import Dealing, Table, table_for
from cardrules.adapters.openspiel._state import CardrulesState
from cardrules.errors import OptionsError

__all__ = [
    "GAME_TYPES",
    "MY_BIRD_SINGS",
    "SPOIL_FIVE",
    "CardrulesGame",
    "MyBirdSingsGame",
    "SpoilFiveGame",
    "load_game",
]

SPOIL_FIVE: Final = "cardrules_spoil_five"
"""The OpenSpiel short name of Spoil Five."""
MY_BIRD_SINGS: Final = "cardrules_my_bird_sings"
"""The OpenSpiel short name of My Bird Sings."""


def _round_limit(kit: GameKit) -> int | None:
    return DEFAULT_ROUND_LIMIT if kit.key == "my_bird_sings" else None


def _game_type(key: str) -> pyspiel.GameType:
    kit = kit_for(key)
    counts = kit.entry.player_counts()
    return pyspiel.GameType(
        short_name=f"cardrules_{kit.key}",
        long_name=f"cardrules {kit.entry.title} (Peel 1891)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(kit.engine, round_limit=_round_limit(kit)),
    )


GAME_TYPES: Final = {key: _game_type(key) for key in KITS}
"""The OpenSpiel game type of each game, by key (``spoil_five``): registered on import."""


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """One of the two games as an OpenSpiel game; load it with ``pyspiel.load_game``.

    Do not build it directly: :func:`pyspiel.load_game` passes the parameters, merged
    with their defaults, to the registered subclass.
    """

    KEY: str = ""

    if TYPE_CHECKING:  # pyspiel has no type information: what callers use, typed

        def num_players(self) -> int: ...
        def num_distinct_actions(self) -> int: ...
        def max_chance_outcomes(self) -> int: ...
        def max_game_length(self) -> int: ...
        def min_utility(self) -> float: ...
        def max_utility(self) -> float: ...
        def get_parameters(self) -> dict[str, object]: ...
        def observation_tensor_size(self) -> int: ...
        def information_state_tensor_size(self) -> int: ...

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        kit = kit_for(self.KEY)
        given = dict(params or {})
        limit = _round_limit(kit)
        options, dealer = options_from_parameters(kit.engine, given, round_limit=limit)
        options = kit.prepare(options, framework="openspiel")
        table = table_for(kit.key, options, dealer)
        low, high = kit.utility_bounds(options)
        info = pyspiel.GameInfo(
            num_distinct_actions=kit.codec.size,
            max_chance_outcomes=52,
            num_players=table.players,
            min_utility=float(low),
            max_utility=float(high),
            max_game_length=kit.max_decisions(options),
        )
        preset = str(given.get("preset", "peel"))
        in_force = parameters_of(kit.engine, options, dealer, preset=preset, round_limit=limit)
        super().__init__(GAME_TYPES[kit.key], info, in_force)
        self._table = table

    @property
    def options(self) -> spoil_five.Options | my_bird_sings.Options:
        """The engine options this game plays with (after the adapter's defaults)."""
        options = self._table.options
        assert isinstance(options, spoil_five.Options | my_bird_sings.Options)
        return options

    @property
    def observation_parts(self) -> Mapping[str, slice]:
        """The named parts of the observation tensor (``hand``, ``trick`` ...) by slice."""
        return self._table.encoder.names

    @property
    def deal_bounds(self) -> tuple[float, float]:
        """Bounds on one seat's return from one deal.

        ``min_utility()`` and ``max_utility()`` bound an episode, which allows for
        :attr:`settle_limit` deals settled by the deal itself; these bound a single deal,
        the scale a search's exploration constant is usually set from.
        """
        low, high = self._table.kit.deal_bounds(self._table.options)
        return float(low), float(high)

    @property
    def settle_limit(self) -> int:
        """How many deals settled by the deal itself an episode plays on through.

        A deal that would be one more is dealt again; such a run is less likely than
        ``1e-9`` (0 for games whose deals always call for a decision).
        """
        return self._table.settle_limit

    @property
    def information_state_parts(self) -> Mapping[str, slice]:
        """The named parts of the information state tensor (``trick_cards`` ...) by slice."""
        return self._table.info_encoder.names

    def new_initial_state(self) -> CardrulesState:
        """Return the start of an episode: a chance node (the dealer, or the first card)."""
        return CardrulesState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, object] | None = None,
    ) -> _Observer | None:
        """Return an observer of states from one seat's point of view (from its views).

        The games provide a seat's own observation (the default) and its information
        state (``perfect_recall=True``): views mix a seat's private cards with public
        information, so for any other type (public information only, private only, every
        seat's) this returns None, as OpenSpiel's contract asks of a type a game does not
        provide (``open_spiel.python.observation.make_observation``).

        Raises:
            ValueError: for observation parameters (none are offered).

        """
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if (
            obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not obs_type.public_info
        ):
            return None
        return _Observer(self._table, perfect_recall=obs_type.perfect_recall)


class SpoilFiveGame(CardrulesGame):
    """Spoil Five as an OpenSpiel game (``cardrules_spoil_five``)."""

    KEY = "spoil_five"


class MyBirdSingsGame(CardrulesGame):
    """My Bird Sings as an OpenSpiel game (``cardrules_my_bird_sings``)."""

    KEY = "my_bird_sings"


class _Observer:
    """A seat's observation or information state (tensor and text), from its views."""

    def __init__(self, table: Table, *, perfect_recall: bool) -> None:
        self._table = table
        self._perfect_recall = perfect_recall
        size = table.info_encoder.size if perfect_recall else table.encoder.size
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] = np.zeros(size, np.float32)
        name = "info_state" if perfect_recall else "observation"
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {name: self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s views of ``state``."""
        tensor = self.tensor
        tensor.fill(0.0)
        if player < 0:  # OpenSpiel asks for the shape with a pseudo-player
            return
        core = state._core
        table = self._table
        if isinstance(core, Dealing):
            if core.pending is None:
                if self._perfect_recall:
                    settled = table.info_encoder.names["settled_before"].start
                    tensor[settled] = min(1.0, len(core.prior) / max(table.settle_limit, 1))
                return
            core = core.pending  # the stock is being placed: nothing new is seen
        view = table.kit.engine.view(core.engine, player)
        if self._perfect_recall:
            trace = core.trace() if table.traced else ()
            table.info_encoder.write(view, trace, len(core.prior), tensor)
        else:
            table.encoder.write(view, tensor)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """``player``'s view of ``state`` as text; with perfect recall, its whole history."""
        core = state._core
        if self._perfect_recall:
            return core.information_text(player)
        return core.view_text(player)


def load_game(name: str, params: Mapping[str, object] | None = None) -> CardrulesGame:
    """Return ``pyspiel.load_game(name, params)``, typed, for one of the two games.

    The same game as ``pyspiel.load_game`` gives (which type checkers know nothing of),
    with its type: a :class:`CardrulesGame`, whose states are :class:`CardrulesState`.

    >>> game = load_game(SPOIL_FIVE, {"players": 3})
    >>> game.num_players(), type(game.new_initial_state()).__name__
    (3, 'CardrulesState')

    Raises:
        OptionsError: for a name that is neither :data:`SPOIL_FIVE` nor
            :data:`MY_BIRD_SINGS`.

    """
    if name not in (SPOIL_FIVE, MY_BIRD_SINGS):
        raise OptionsError(f"not a cardrules game: {name!r}; use {SPOIL_FIVE} or {MY_BIRD_SINGS}")
    game = pyspiel.load_game(name, dict(params or {}))
    assert isinstance(game, CardrulesGame)
    return game

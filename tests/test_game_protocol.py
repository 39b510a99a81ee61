"""Both game modules are ``protocol.Game``s, each with its own state, action and view types.

The assignments below are checked by ``mypy --strict`` (the suite runs it over the tests,
see ``test_static.py``): a module that lost a member, or whose signature no longer fits,
fails the type check. The ``type: ignore`` lines are the other half: strict mypy reports
an ignore that is not needed, so each of them proves that the protocol refuses a module
under the wrong types. The run-time tests check the members by name, for readers (and
tools) that do not run mypy.
"""

from __future__ import annotations

import inspect
import itertools
import types
from typing import cast

import pytest

from cardrules import my_bird_sings, spoil_five
from cardrules.protocol import (
    DynamicGame,
    Game,
    GameOptions,
    GameState,
    Rules,
    Searchable,
    SeatView,
    Sessions,
)

SF_GAME: Game[spoil_five.State, spoil_five.Action, spoil_five.View, spoil_five.Options]
SF_GAME = spoil_five
MBS_GAME: Game[my_bird_sings.State, my_bird_sings.Action, my_bird_sings.View, my_bird_sings.Options]
MBS_GAME = my_bird_sings

PROTOCOLS = (Rules, Searchable, Sessions, Game)


def test_game_modules_are_games_with_their_own_types() -> None:
    sf: Game[spoil_five.State, spoil_five.Action, spoil_five.View] = spoil_five
    mbs: Game[my_bird_sings.State, my_bird_sings.Action, my_bird_sings.View] = my_bird_sings
    assert (sf.NAME, mbs.NAME) == ("spoil-five", "my-bird-sings")
    state = SF_GAME.new_game(spoil_five.Options(players=3), seed=1)
    assert isinstance(SF_GAME.legal_actions(state)[0], spoil_five.Play)
    sung = MBS_GAME.new_game(my_bird_sings.PEEL, seed=1)
    assert isinstance(MBS_GAME.legal_actions(sung)[0], my_bird_sings.Pass)


def test_the_protocol_refuses_a_module_under_another_games_types() -> None:
    # Each ignore is needed: mypy --strict reports unused ignores, so these lines fail the
    # type check the day the protocol stops telling the two games apart.
    wrong_state: Game[my_bird_sings.State, spoil_five.Action, spoil_five.View]
    wrong_state = spoil_five  # type: ignore[assignment]
    wrong_action: Game[spoil_five.State, my_bird_sings.Action, spoil_five.View]
    wrong_action = spoil_five  # type: ignore[assignment]
    wrong_view: Game[spoil_five.State, spoil_five.Action, my_bird_sings.View]
    wrong_view = spoil_five  # type: ignore[assignment]
    wrong_options: Game[
        my_bird_sings.State, my_bird_sings.Action, my_bird_sings.View, spoil_five.Options
    ]
    wrong_options = my_bird_sings  # type: ignore[assignment]
    erased: DynamicGame = spoil_five  # type: ignore[assignment]
    checked = (wrong_state, wrong_action, wrong_view, erased, wrong_options)
    assert [id(game) for game in checked] == [id(spoil_five)] * 4 + [id(my_bird_sings)]


def test_every_narrower_protocol_is_a_subset_of_game() -> None:
    rules: Rules[spoil_five.State, spoil_five.Action] = SF_GAME
    search: Searchable[spoil_five.State, spoil_five.Action, spoil_five.View] = SF_GAME
    sessions: Sessions[
        my_bird_sings.State, my_bird_sings.Action, my_bird_sings.View, my_bird_sings.Options
    ] = MBS_GAME
    assert rules is search is spoil_five
    assert sessions is my_bird_sings
    assert _narrowed(cast("DynamicGame", my_bird_sings)) is my_bird_sings
    for narrow, wide in itertools.pairwise(PROTOCOLS):
        assert narrow in wide.__mro__
        assert members(narrow) < members(wide)


def _narrowed(game: DynamicGame) -> object:
    """An erased game is each of the erased narrower protocols (checked by mypy)."""
    rules: Rules[GameState, object] = game
    search: Searchable[GameState, object, SeatView] = game
    sessions: Sessions[GameState, object, SeatView, GameOptions] = game
    assert id(rules) == id(search) == id(sessions)
    return sessions


def members(protocol: type) -> set[str]:
    """The public members a protocol declares, its bases' included."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls.__module__ == "cardrules.protocol":
            names |= {name for name in vars(cls) if not name.startswith("_")}
            names |= set(vars(cls).get("__annotations__", {}))
    return names


def test_game_names_the_whole_functional_surface() -> None:
    assert members(Game) == {
        "NAME", "PRESETS", "Options", "View", "ACTION_TYPES", "new_game", "next_deal",
        "legal_actions", "is_legal", "check_action", "apply_action", "view", "is_deal_over",
        "is_game_over", "parse_action", "format_action", "history", "sample_state",
        "explain_action", "explain_unavailable", "explain_tricks", "explain_settlement",
    }  # fmt: skip


@pytest.mark.parametrize("module", [spoil_five, my_bird_sings], ids=lambda m: m.NAME)
def test_each_module_has_every_member_of_the_protocol(module: types.ModuleType) -> None:
    constants = {
        "NAME": str,
        "PRESETS": object,
        "Options": type,
        "View": type,
        "ACTION_TYPES": tuple,
    }
    for name in sorted(members(Game)):
        assert hasattr(module, name), f"{module.__name__} lacks {name}"
        value = getattr(module, name)
        if name in constants:
            assert isinstance(value, constants[name]), name
        else:
            assert inspect.isfunction(value), f"{module.__name__}.{name} is not a function"
            positional = [
                p
                for p in inspect.signature(value).parameters.values()
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
            wanted = inspect.signature(getattr(Game, name)).parameters
            wanted_positional = [p for p in wanted.values() if p.kind is p.POSITIONAL_ONLY]
            assert len(positional) == len(wanted_positional) - 1, name  # less ``self``
            keywords = {p.name for p in wanted.values() if p.kind is p.KEYWORD_ONLY}
            assert keywords <= set(inspect.signature(value).parameters), name
    assert module.NAME in ("spoil-five", "my-bird-sings")
    assert all(isinstance(options, module.Options) for options in module.PRESETS.values())
    assert all(isinstance(cls, type) for cls in module.ACTION_TYPES)

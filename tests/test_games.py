"""The game registry: one entry per game, found by name or module, loading lazily."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from cardrules import games, my_bird_sings, spoil_five
from cardrules._narration import MyBirdSingsNarrator, Narrator, SpoilFiveNarrator
from cardrules.bots import MyBirdSingsBot, SpoilFiveBot
from cardrules.errors import OptionsError
from cardrules.games import GameEntry


def test_names_are_sorted_and_every_entry_is_its_modules_game() -> None:
    assert games.NAMES == tuple(sorted(games.NAMES)) == ("my-bird-sings", "spoil-five")
    for entry in games.GAMES:
        assert entry.name == entry.module.NAME
        assert entry.module.__name__ == entry.package  # type: ignore[attr-defined]
        assert entry.key == entry.package.rpartition(".")[2]
        assert entry.options_class is entry.module.Options
        assert entry.presets is entry.module.PRESETS
        assert "peel" in entry.presets


@pytest.mark.parametrize("name", ["spoil-five", "Spoil_Five", " SPOIL-FIVE ", "spoil_five"])
def test_lookup_accepts_any_case_and_underscores(name: str) -> None:
    module: object = games.lookup(name).module
    assert module is spoil_five


@pytest.mark.parametrize("name", ["chess", "", "spoil five", 5])
def test_lookup_of_an_unknown_game_lists_the_known_ones(name: object) -> None:
    with pytest.raises(OptionsError, match="choose from my-bird-sings, spoil-five"):
        games.lookup(name)  # type: ignore[arg-type]


def test_entry_of_finds_a_game_from_its_module_name_classes_and_values() -> None:
    entry = games.lookup("my-bird-sings")
    state = my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=2)
    found = [
        games.entry_of(thing)
        for thing in (
            my_bird_sings,
            "my_bird_sings",
            my_bird_sings.NAME,
            my_bird_sings.Options,
            my_bird_sings.PEEL,
            state,
            my_bird_sings.view(state, 0),
            my_bird_sings.legal_actions(state)[0],
        )
    ]
    assert found == [entry] * len(found)
    assert games.entry_of(spoil_five.Play).name == "spoil-five"  # type: ignore[union-attr]
    for stranger in (random, "chess", 5, None, int, GameEntry):
        assert games.entry_of(stranger) is None


def test_each_entry_names_its_bot_narrator_and_dealt_hand_test() -> None:
    sf, mbs = games.lookup("spoil-five"), games.lookup("my-bird-sings")
    bots: list[object] = [sf.load_bot(), mbs.load_bot()]
    assert bots == [SpoilFiveBot, MyBirdSingsBot]
    assert sf.load_narrator() is SpoilFiveNarrator
    assert mbs.load_narrator() is MyBirdSingsNarrator
    assert sf.load_dealt_hand_test() is None
    assert mbs.load_dealt_hand_test() is my_bird_sings.sings


def test_a_game_without_extras_gets_no_bot_and_the_plain_narrator() -> None:
    bare = GameEntry(name="spoil-five", title="Plain", package="cardrules.spoil_five")
    assert bare.load_bot() is None
    assert bare.load_narrator() is Narrator
    assert bare.load_dealt_hand_test() is None


def test_options_come_from_the_presets_or_the_defaults() -> None:
    entry = games.lookup("spoil-five")
    assert entry.options() == spoil_five.Options()
    assert entry.options("Jinking", 3) == spoil_five.Options(players=3, jinking=True)
    assert entry.options("peel") is spoil_five.PEEL
    with pytest.raises(OptionsError, match="unknown preset 'whist' for spoil-five; choose"):
        entry.options("whist")
    with pytest.raises(OptionsError, match="players"):
        entry.options(None, 11)


def test_player_counts_are_what_the_options_allow() -> None:
    assert games.lookup("my-bird-sings").player_counts() == tuple(range(2, 14))
    assert games.lookup("my-bird-sings").player_counts("short-pack") == tuple(range(2, 9))
    assert games.lookup("spoil-five").player_counts("two-handed") == (2,)
    with pytest.raises(OptionsError, match="unknown preset"):
        games.lookup("spoil-five").player_counts("whist")


def test_the_registered_bots_play_their_game() -> None:
    for entry in games.GAMES:
        bot_class = entry.load_bot()
        assert bot_class is not None
        bot = bot_class(random.Random(1))
        state = entry.module.new_game(entry.options(players=3), seed=4)
        seat = state.to_act
        assert seat is not None
        legal = entry.module.legal_actions(state)
        assert bot.choose(entry.module.view(state, seat), legal) in legal


def test_importing_the_registry_imports_no_game() -> None:
    code = (
        "import sys, cardrules.games as g; g.lookup('spoil-five'); "
        "print(sorted(m for m in sys.modules if m.startswith(('cardrules.spoil', "
        "'cardrules.my_bird', 'cardrules.bots', 'cardrules._narration'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip() == "[]", result.stderr

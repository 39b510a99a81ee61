"""Options validation, presets and notation for Spoil Five."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from cardrules import spoil_five as sf
from cardrules.cards import FULL_PACK, parse_card
from cardrules.errors import NotationError, OptionsError
from cardrules.stakes import SplitRemainder
from tests.spoil_five.helpers import ALL_ACTIONS

DEFAULTS = {
    "players": 5,
    "split_remainder": "carry",
    "full_stake": 2,
    "spoil_stake": 1,
    "dealer_extra": 1,
    "spoil_payers": "all",
    "deal_batches": (2, 3),
    "robbing": "compulsory",
    "rob_enforcement": "enforce",
    "dealer_ace_available": "own_turn_trick1",
    "plain_lead_rule": "follow_or_trump",
    "ranking": "peel",
    "win_tricks": 3,
    "jinking": False,
    "fiving": False,
    "fiving_asker": "eldest",
    "teams": None,
    "scoring": "pool",
    "target": 25,
    "points_stake": None,
    "stop_when_spoil_certain": False,
}


def test_option_fields_and_defaults_match_the_rules_table() -> None:
    """Every option of the rules page's Variants table exists with its default; enums equal
    the plain strings."""
    options = sf.Options()
    assert [field.name for field in attrs.fields(sf.Options)] == list(DEFAULTS)
    for name, value in DEFAULTS.items():
        assert getattr(options, name) == value, name
    assert options.split_remainder is SplitRemainder.CARRY
    assert options == sf.PEEL


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": "5"}, "players"),
        ({"players": True}, "players"),
        ({"players": 1}, "players"),
        ({"full_stake": -1}, "full_stake"),
        ({"full_stake": 2.0}, "full_stake"),
        ({"spoil_stake": None}, "spoil_stake"),
        ({"dealer_extra": "1"}, "dealer_extra"),
        ({"spoil_payers": "nobody"}, "spoil_payers"),
        ({"deal_batches": (1, 4)}, "deal_batches"),
        ({"deal_batches": "23"}, "deal_batches"),
        ({"robbing": "always"}, "robbing"),
        ({"robbing": 1}, "robbing"),
        ({"rob_enforcement": "fine"}, "rob_enforcement"),
        ({"dealer_ace_available": "never"}, "dealer_ace_available"),
        ({"plain_lead_rule": "anything"}, "plain_lead_rule"),
        ({"ranking": "whist"}, "ranking"),
        ({"win_tricks": 4}, "win_tricks"),
        ({"win_tricks": 3.0}, "win_tricks"),
        ({"jinking": 1}, "jinking"),
        ({"fiving": "yes"}, "fiving"),
        ({"fiving_asker": "dealer"}, "fiving_asker"),
        ({"teams": [[0, 1], ["2", 3]]}, "teams"),
        ({"teams": 3}, "teams"),
        ({"scoring": "goals"}, "scoring"),
        ({"scoring": "points", "target": 30}, "target"),
        ({"scoring": "points", "points_stake": -2}, "points_stake"),
        ({"points_stake": 3}, "points_stake"),
        ({"stop_when_spoil_certain": None}, "stop_when_spoil_certain"),
        ({"split_remainder": "north"}, "split_remainder"),
        ({"fiving": True}, "fiving"),
        ({"fiving": True, "players": 8, "teams": [[0, 2, 4, 6], [1, 3, 5, 7]]}, "fiving"),
        ({"fiving": True, "players": 10, "teams": [[0, 2, 4, 6, 8], [1, 3, 5, 7, 9]]}, "fiving"),
        ({"jinking": True, "win_tricks": 2}, "jinking"),
        ({"robbing": "off", "rob_enforcement": "penalize"}, "rob_enforcement"),
        ({"players": 4, "teams": [[0, 1, 2], [3]]}, "teams"),
        ({"players": 4, "teams": [[0, 2], [1, 3], []]}, "teams"),
        ({"players": 4, "teams": [[0, 2], [1, 5]]}, "teams"),
    ],
)
def test_bad_options_raise_options_error_naming_the_field(
    changes: dict[str, object], field: str
) -> None:
    """Bad values, wrong types and impossible combinations raise OptionsError, never TypeError."""
    with pytest.raises(OptionsError, match=field):
        sf.Options(**changes)


def test_presets() -> None:
    """The named presets are valid options under lower-case names."""
    assert set(sf.PRESETS) == {
        "peel",
        "two-tricks",
        "jinking",
        "ordinary",
        "two-handed",
        "partnership",
        "twenty-five",
        "forty-five",
    }
    assert sf.PRESETS["peel"] is sf.PEEL
    assert sf.TWENTY_FIVE.scoring == "points"
    assert sf.TWENTY_FIVE.target == 25
    assert sf.FORTY_FIVE.target == 45
    assert sf.TWO_TRICKS.win_tricks == 2
    assert sf.PARTNERSHIP.teams == ((0, 2), (1, 3))
    assert sf.TWO_HANDED.fiving
    assert sf.TWO_HANDED.players == 2
    for preset in sf.PRESETS.values():
        assert sf.is_deal_over(sf.new_game(preset, seed=1)) is False


def test_new_game_argument_checks() -> None:
    """Bad seeds, dealers, decks and options are OptionsError; no seed nor deck is seed 0."""
    with pytest.raises(OptionsError, match="options"):
        sf.new_game("peel", seed=1)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="dealer"):
        sf.new_game(sf.PEEL, seed=1, dealer=5)
    with pytest.raises(OptionsError, match="seed"):
        sf.new_game(sf.PEEL, seed="1")  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="deck"):
        sf.new_game(sf.PEEL, deck=FULL_PACK[:51])
    with pytest.raises(OptionsError, match="deck"):
        sf.new_game(sf.PEEL, deck=(*FULL_PACK[:51], FULL_PACK[0]))
    assert sf.new_game() == sf.new_game(sf.PEEL) == sf.new_game(sf.PEEL, seed=0)
    state = sf.new_game(sf.PEEL, deck=FULL_PACK)
    assert sf.history(state).deals[0].seed == 0
    assert sf.history(state).deals[0].deck == FULL_PACK


def test_notation_round_trip_for_every_action() -> None:
    """parse_action(format_action(a)) == a for every action; str(a) is its notation."""
    for action in ALL_ACTIONS:
        text = sf.format_action(action)
        assert str(action) == text
        assert sf.parse_action(text) == action
        assert sf.parse_action(text.upper()) == action
    assert sf.parse_action("10c") == sf.Play(parse_card("10C"))
    assert sf.parse_action("  Rob  t♠ ") == sf.Rob(parse_card("10S"))


@pytest.mark.parametrize("text", ["", "play", "play 1C", "rob", "steal 3S", "stop now", "5X"])
def test_bad_notation_raises_notation_error_quoting_the_text(text: str) -> None:
    """Text that is no action raises NotationError quoting the text."""
    with pytest.raises(NotationError, match=repr(text)[1:-1] or "''"):
        sf.parse_action(text)


def test_actions_are_interned_values() -> None:
    """Equal actions are the same object; copies and pickles keep that identity."""
    play = sf.Play("5h")
    assert play is sf.Play(parse_card("5H"))
    assert play == sf.Play("5H")
    assert hash(play) == hash(sf.Play("5H"))
    assert copy.copy(play) is play
    assert copy.deepcopy(play) is play
    assert pickle.loads(pickle.dumps(play)) is play
    assert pickle.loads(pickle.dumps(sf.Stop())) is sf.Stop()
    assert sf.Rob("3S").discard == parse_card("3S")
    assert sf.Play("5H") != sf.Rob("5H")  # type: ignore[comparison-overlap]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        play.card = parse_card("6H")
    with pytest.raises(NotationError):
        sf.Play(5)  # type: ignore[arg-type]
    assert sf.format_action("PLAY 5h") == "play 5H"  # notation is read, then written
    with pytest.raises(NotationError):
        sf.format_action("play 1H")
    with pytest.raises(NotationError):
        sf.format_action(5)  # type: ignore[arg-type]

"""The OpenSpiel adapter follows OpenSpiel's conventions: parameters, tensors, observers."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from cardrules import spoil_five  # noqa: E402
from cardrules.adapters import openspiel  # noqa: E402
from cardrules.cards import parse_card  # noqa: E402

CONFIGS = [
    (openspiel.SPOIL_FIVE, {"players": 4}),
    (openspiel.SPOIL_FIVE, {"preset": "partnership", "fiving": True}),
    (openspiel.SPOIL_FIVE, {"preset": "jinking", "players": 3, "robbing": "optional"}),
    (openspiel.MY_BIRD_SINGS, {"players": 4}),
    (openspiel.MY_BIRD_SINGS, {"preset": "draw-blind", "players": 3}),
    (openspiel.MY_BIRD_SINGS, {"preset": "to-exhaustion", "players": 2, "auto_sing": False}),
    (openspiel.MY_BIRD_SINGS, {"preset": "everyone-exchanges", "rejects_visible": True}),
]


def _random_states(game: Any, rng: random.Random, episodes: int) -> list[Any]:
    """Every decision state of ``episodes`` random episodes (never an abandon)."""
    states = []
    for _ in range(episodes):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))
                continue
            states.append(state.clone())
            names = {state.action_to_string(code): code for code in state.legal_actions()}
            choices = [code for name, code in names.items() if name != "abandon"]
            state.apply_action(rng.choice(choices or list(names.values())))
        states.append(state)
    return states


def test_parameters_have_real_defaults_and_boolean_switches() -> None:
    """``get_parameters()`` shows the values in force: Peel's by default, a preset's when
    one is chosen; switches are booleans; the dealer is drawn by chance (-1)."""
    spec = pyspiel.load_game(openspiel.SPOIL_FIVE).get_type().parameter_specification
    assert spec["players"] == 5
    assert spec["jinking"] is False
    assert spec["robbing"] == "compulsory"
    assert spec["dealer"] == -1
    parameters = pyspiel.load_game(openspiel.SPOIL_FIVE, {"preset": "two-handed"}).get_parameters()
    assert parameters["players"] == 2
    assert parameters["dealer"] == -1
    jinking = pyspiel.load_game("cardrules_spoil_five(jinking=true,players=3)")
    assert jinking.get_parameters()["jinking"] is True
    assert jinking.options == spoil_five.Options(players=3, jinking=True)
    mbs = pyspiel.load_game(openspiel.MY_BIRD_SINGS, {"preset": "three-cards"})
    assert mbs.get_parameters()["hand_size"] == 3
    assert mbs.get_parameters()["round_limit"] == openspiel.DEFAULT_ROUND_LIMIT
    assert mbs.get_parameters()["auto_sing"] is True


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_parameters_in_force_load_the_same_game_again(name: str, params: dict[str, Any]) -> None:
    """A game's parameters (and its game string) load a game with the same options."""
    game = pyspiel.load_game(name, params)
    assert pyspiel.load_game(name, game.get_parameters()).options == game.options
    assert pyspiel.load_game(str(game)).options == game.options


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_information_state_tensors_have_a_fixed_size_and_perfect_recall(
    name: str, params: dict[str, Any]
) -> None:
    """The information state tensor has the game's fixed size, values in [-1, 1], and
    tells apart every two information states that the seat can tell apart."""
    game = pyspiel.load_game(name, params)
    assert game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size()
    assert size == sum(part.stop - part.start for part in game.information_state_parts.values())
    seen: dict[tuple[float, ...], str] = {}
    for state in _random_states(game, random.Random(2), 25):
        for seat in range(game.num_players()):
            tensor = tuple(state.information_state_tensor(seat))
            assert len(tensor) == size
            assert all(-1.0 <= value <= 1.0 for value in tensor)
            text = state.information_state_string(seat).split(": ", 1)[-1]
            assert seen.setdefault(tensor, text) == text


def test_sf_information_state_keeps_every_trick_in_order() -> None:
    """The tensor holds who played which card in which trick: perfect recall (SF-14)."""
    game = pyspiel.load_game(openspiel.SPOIL_FIVE, {"players": 3, "dealer": 0})
    state = _random_states(game, random.Random(3), 1)[-1]
    engine = openspiel.engine_state(state)
    assert isinstance(engine, spoil_five.State)
    tensor = state.information_state_tensor(1)
    cards = game.information_state_parts["trick_cards"]
    for number, trick in enumerate(spoil_five.view(engine, 1).tricks):
        for position, card in enumerate(trick.cards):
            player = (trick.leader + position - 1) % 3  # relative to seat 1
            assert tensor[cards.start + 52 * (3 * number + player) + card] == 1.0


def test_seats_are_relative_to_the_observer_in_tensors() -> None:
    """Seat-indexed parts start with the observer, then his left neighbour (C-2)."""
    game = pyspiel.load_game(openspiel.SPOIL_FIVE, {"players": 4, "dealer": 2})
    state = _random_states(game, random.Random(4), 1)[0]
    for observe, parts in (
        (state.observation_tensor, game.observation_parts),
        (state.information_state_tensor, game.information_state_parts),
    ):
        for seat in range(4):
            dealer = observe(seat)[parts["dealer"]]
            assert dealer.index(1.0) == (2 - seat) % 4
            to_act = observe(seat)[parts["to_act"]]
            assert to_act.index(1.0) == (state.current_player() - seat) % 4


def test_observations_of_equal_situations_from_different_seats_are_equal() -> None:
    """Two seats in the same situation relative to the dealer see the same tensor."""
    game = pyspiel.load_game(openspiel.MY_BIRD_SINGS, {"players": 3, "exchange_by": "nobody"})
    state = game.new_initial_state()
    state.apply_action(0)  # dealer 0; seat 1 leads
    order = [f"{rank}{suit}" for suit in "SH" for rank in ("2", "3", "4", "5", "6", "7")]
    for text in order:
        state.apply_action(parse_card(text).index)
    other = game.new_initial_state()
    other.apply_action(1)  # dealer 1; seat 2 leads, and is dealt what seat 1 was
    for text in order:
        other.apply_action(parse_card(text).index)
    assert state.observation_tensor(1) == other.observation_tensor(2)
    assert state.information_state_tensor(1) == other.information_state_tensor(2)


def test_observation_types_that_views_cannot_give_are_none() -> None:
    """A public-only, private-only or every-seat observer is None (OpenSpiel's contract for
    a type a game does not provide), never an empty tensor; parameters are refused."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(openspiel.SPOIL_FIVE, {"players": 3})
    unprovided = [
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        ),
    ]
    for obs_type in unprovided:
        assert game.make_py_observer(obs_type) is None
        assert make_observation(game, obs_type) is None
    for perfect_recall in (False, True):
        provided = pyspiel.IIGObservationType(perfect_recall=perfect_recall)
        assert game.make_py_observer(provided) is not None
    assert game.make_py_observer() is not None
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"flat": True})


def test_python_observers_give_the_same_tensors_as_the_state() -> None:
    """``make_observation`` (OpenSpiel's generic observer) agrees with the state's own."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(openspiel.MY_BIRD_SINGS, {"players": 4})
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    for state in _random_states(game, random.Random(6), 3)[:10]:
        info.set_from(state, 1)
        assert list(info.tensor) == state.information_state_tensor(1)
        assert info.string_from(state, 1) == state.information_state_string(1)

"""A suggested move: legal, from the seat's view alone, the same at every ask, refused fairly."""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules import my_bird_sings, spoil_five
from cardrules.errors import (
    NotYourTurnError,
    SeatError,
    StaleMoveError,
    WrongCredentialError,
)
from cardrules.messages import render
from cardrules.tables import (
    Key,
    Reader,
    SeatPlan,
    Table,
    act,
    suggest,
    suggestion_entry,
)
from cardrules.tables.suggestion import suggest_from_view
from tests.tables.fixtures import creator, first_legal, key, new_table, people

GAMES = ("spoil-five", "my-bird-sings")


def positions(game: str, players: int, seed: int) -> list[tuple[Table, list[Key]]]:
    """Every position of one deal played by people taking the first legal action."""
    new = new_table(game, people(players), seed=seed)
    keys = [key(new, seat) for seat in range(players)]
    table = new.table
    found = []
    while table.to_act is not None:
        found.append((table, keys))
        seat = table.to_act
        table, _ = act(table, keys[seat], first_legal(table), counter=table.counter, now=1.0)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_suggestion_is_a_legal_action_of_the_seat_to_act_in_its_words(game: str) -> None:
    for table, keys in positions(game, 3, seed=11):
        seat = table.to_act
        assert seat is not None
        hint = suggest(table, keys[seat], counter=table.counter)
        assert hint.seat == seat
        assert hint.action in table.module.legal_actions(table.state)
        assert table.module.parse_action(hint.notation) == hint.action
        assert hint.bot == ("search" if game == "spoil-five" else "heuristic")
        assert (
            render(hint.message)
            == suggestion_entry(table, hint, Reader.of(table, seat))["text"]["text"]
        )


@pytest.mark.parametrize("game", GAMES)
def test_two_asks_at_the_same_position_give_the_same_suggestion(game: str) -> None:
    for table, keys in positions(game, 4, seed=5)[:12]:
        seat = table.to_act
        assert seat is not None
        first = suggest(table, keys[seat], counter=table.counter)
        again = suggest(table, keys[seat], counter=table.counter)
        assert first == again


@pytest.mark.parametrize("game", GAMES)
def test_the_suggestion_reads_the_view_only_not_the_hidden_cards(game: str) -> None:
    """Any state the seat cannot tell from the real one gives the same suggestion."""
    sampler = random.Random(3)
    compared = 0
    found = [p for seed in (9, 10, 12) for p in positions(game, 4, seed=seed)]
    for table, keys in found:
        seat = table.to_act
        assert seat is not None
        view = table.module.view(table.state, seat)
        if len(view.legal_actions) < 2:
            continue
        for _ in range(3):
            other = table.module.sample_state(view, sampler)
            assert table.module.view(other, seat) == view  # the seat cannot tell them apart
            if other == table.state:
                continue
            twin = attrs.evolve(table, state=other)
            assert suggest(twin, keys[seat], counter=table.counter) == suggest(
                table, keys[seat], counter=table.counter
            )
            compared += 1
    assert compared > 5


def test_the_suggestion_of_a_view_is_the_strongest_bots_choice() -> None:
    state = spoil_five.new_game(spoil_five.Options(players=4), seed=21)
    seat = state.to_act
    assert seat is not None
    view = spoil_five.view(state, seat)
    hint = suggest_from_view(spoil_five, view, random.Random(4))
    assert hint.action in view.legal_actions
    with pytest.raises(NotYourTurnError):
        suggest_from_view(spoil_five, spoil_five.view(state, (seat + 1) % 4), random.Random(4))
    mbs = my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=2)
    assert mbs.to_act is not None
    found = suggest_from_view(my_bird_sings, my_bird_sings.view(mbs, mbs.to_act), random.Random())
    assert found.action in my_bird_sings.legal_actions(mbs)


def test_a_wrong_key_a_bot_seat_and_the_creator_are_refused() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.robot()])
    table = new.table
    with pytest.raises(WrongCredentialError):
        suggest(table, Key.for_seat(0, new.seat_credentials[1]), counter=0)
    with pytest.raises(WrongCredentialError):
        suggest(table, Key.for_seat(0, "x" * 32), counter=0)
    with pytest.raises(SeatError):
        suggest(table, key(new, 1), counter=0)  # a bot plays seat 1
    with pytest.raises(SeatError):
        suggest(table, creator(new), counter=0)


def test_out_of_turn_after_the_deal_and_at_a_stale_counter_are_refused() -> None:
    new = new_table()
    table, keys = new.table, [key(new, 0), key(new, 1)]
    assert new.table.to_act == 0
    with pytest.raises(NotYourTurnError, match="not your turn"):
        suggest(table, keys[1], counter=0)
    with pytest.raises(StaleMoveError):
        suggest(table, keys[0], counter=1)
    while table.to_act is not None:
        seat = table.to_act
        table, _ = act(table, keys[seat], first_legal(table), counter=table.counter, now=1.0)
    with pytest.raises(NotYourTurnError, match="deal is over"):
        suggest(table, keys[0], counter=table.counter)

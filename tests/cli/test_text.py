"""``print(state)`` and ``str(view)``: the table as text, and the terminal printing the same."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from cardrules import games, my_bird_sings, spoil_five
from cardrules._text import draw
from cardrules.cli import app
from cardrules.protocol import DynamicGame, GameState

GAMES = [spoil_five, my_bird_sings]


def _rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"[> ] seat \d", line)]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
@pytest.mark.parametrize("players", [2, 5])
def test_print_state_shows_every_hand_in_short_aligned_ascii(
    game: DynamicGame, players: int
) -> None:
    state = game.new_game(games.lookup(game.NAME).options(players=players), seed=3)
    text = str(state)
    assert text == draw(state)
    assert text.isascii()
    assert len(text.splitlines()) <= players + 4
    assert max(len(line) for line in text.splitlines()) <= 100
    rows = _rows(text)
    assert len(rows) == players
    for seat, row in enumerate(rows):
        assert row.startswith(">" if seat == state.to_act else " ")
        for card in state.hands[seat]:
            assert re.search(rf"(?<!\S){card}(?!\S)", row), (card, row)
    hands = {m.end() for row in rows for m in [re.match(r"[> ] seat \d+( dealer)?\s+", row)] if m}
    assert len(hands) == 1  # the hands line up
    columns = [m.start() for row in rows for m in [re.search(r"[+-]?\d+$", row)] if m]
    assert len(set(columns)) == 1  # the balances line up


def _play_some(game: DynamicGame, state: GameState, steps: int) -> GameState:
    for _ in range(steps):
        if game.is_deal_over(state):
            break
        state = game.apply_action(state, game.legal_actions(state)[0])
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_str_view_shows_only_what_the_seat_sees(game: DynamicGame) -> None:
    state = _play_some(game, game.new_game(games.lookup(game.NAME).options(players=4), seed=5), 3)
    for seat in range(4):
        view = game.view(state, seat)
        text = str(view)
        assert text.isascii()
        rows = _rows(text)
        assert f"seat {seat}" in rows[seat]
        assert "(you)" in rows[seat]
        for other in range(4):
            if other != seat:
                assert re.search(rf"\b{len(state.hands[other])} cards?\b", rows[other])
                public = {*getattr(view, "trick", ()), *getattr(view.outcome, "shown", ())}
                for card in set(state.hands[other]) - set(view.hand) - public:
                    if card not in getattr(view, "passed", ()):
                        assert not re.search(rf"(?<!\S){card}(?!\S)", text), (card, text)
        if view.legal_actions:
            assert text.splitlines()[-1].startswith("your moves: ")
            listed = text.splitlines()[-1].removeprefix("your moves: ").split(", ")
            assert sorted(listed) == sorted(str(a) for a in view.legal_actions)


def test_a_finished_deal_says_who_won() -> None:
    state = my_bird_sings.new_game(my_bird_sings.Options(), seed=8)  # a dealt hand sings
    assert state.outcome is not None
    text = str(state)
    assert "seat 1 sang: " in text
    assert re.search(r"^result: sang; seat 1 \+\d+$", text, re.MULTILINE)
    assert "result: sang; you +" in str(my_bird_sings.view(state, 1))


def test_the_spoil_five_trick_in_progress_is_drawn() -> None:
    state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
    state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[0])
    assert f"trick: {state.trick[0]} (led by seat 1)" in str(state).splitlines()


def test_the_human_sees_the_table_in_the_terminals_language() -> None:
    """The terminal draws the human's view with the screen's table, in English or French."""
    from cardrules import _screen, games

    state = spoil_five.new_game(spoil_five.Options(), seed=3)
    entry = games.lookup("spoil-five")
    for language, prompt in (("en", "your move> "), ("fr", "votre coup> ")):
        args = ["play", "spoil-five", "--seed", "3", "--language", language]
        output = CliRunner().invoke(app, args, input="").output
        tell = entry.load_narrator()(entry.module, 1, 1, language=language)
        drawn = _screen.table(tell, spoil_five.view(state, 1))
        assert "\n".join(drawn) + "\n" + prompt in output
    assert "> vous " in output
    assert "Vos coups : play " in output


def test_draw_refuses_what_is_not_a_game_position() -> None:
    with pytest.raises(TypeError, match="expected a game state or view"):
        draw("a string")


@pytest.mark.parametrize(
    ("name", "preset"),
    [(name, preset) for name in games.NAMES for preset in sorted(games.lookup(name).presets)],
)
def test_every_preset_draws_at_every_step_of_a_deal(name: str, preset: str) -> None:
    entry = games.lookup(name)
    game = entry.module
    state = game.new_game(entry.options(preset), seed=7)
    players = len(state.balances)
    for _ in range(150):  # a My Bird Sings deal can go on far longer: its start is enough
        text = str(state)
        assert text.isascii()
        assert len(_rows(text)) == players
        for seat in range(players):
            seen = str(game.view(state, seat))
            assert "(you)" in _rows(seen)[seat]
        if game.is_deal_over(state):
            break
        state = game.apply_action(state, game.legal_actions(state)[0])
    assert ("result: " in str(state)) == game.is_deal_over(state)

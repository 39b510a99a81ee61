"""A whole state draws itself (Jupyter's ``_repr_svg_``): every hand face up, for no seat."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import my_bird_sings, spoil_five, svg
from cardrules._text import sort_hand
from tests.svg.helpers import drawn_cards, find_all, parse, texts


def _play(game: Any, state: Any, steps: int, rng: random.Random) -> Any:
    """``steps`` random actions of ``game`` (a game module) from ``state``."""
    for _ in range(steps):
        if game.is_deal_over(state):
            break
        state = game.apply_action(state, rng.choice(game.legal_actions(state)))
    return state


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30), bird=st.booleans())
def test_a_state_shows_every_hand_face_up(seed: int, steps: int, bird: bool) -> None:
    """Each seat's chip holds that seat's cards face up, sorted as print() sorts them
    (the games' sort_hand); no seat is "you"."""
    game: Any = my_bird_sings if bird else spoil_five
    state = _play(game, game.new_game(seed=seed), steps, random.Random(seed))
    picture = state._repr_svg_()
    assert picture == svg.table(state)
    root = parse(picture)
    seats = find_all(root, "seat")
    hands = state.hands
    held = [sort_hand(state, hand) for hand in hands]
    assert [drawn_cards(chip) for chip in seats] == [[str(c) for c in hand] for hand in held]
    words = " ".join(texts(root))
    assert "you" not in words.split()
    assert "your" not in words.split()
    assert "the table" in words


def test_a_table_is_not_a_view() -> None:
    """svg.table takes a state; a view is drawn by svg.view."""
    state = spoil_five.new_game(seed=1)
    with pytest.raises(TypeError, match="not a state"):
        svg.table(spoil_five.view(state, 0))  # type: ignore[arg-type]

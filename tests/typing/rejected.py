"""Calls that mypy --strict and pyright (strict) must both refuse, one a line.

Each refused line carries a ``# type: ignore[...]`` comment, which keeps the project's
own mypy run clean and, as mypy --strict warns about unused ignores, already fails if
mypy accepts the line. ``test_user_program.py`` strips the comments and checks that
both checkers report an error on exactly the marked lines.
"""

from __future__ import annotations

import random

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters.pettingzoo import spoil_five_v0
from cardrules.bots import make_bot
from cardrules.simulation import simulate


def refused() -> None:
    """Never called: only read by the type checkers."""
    spoil_five.Options(players="three")  # type: ignore[arg-type]
    spoil_five.Options(robbing="always")  # type: ignore[arg-type]
    spoil_five.Options(teams=3)  # type: ignore[arg-type]
    my_bird_sings.Options(pack="52")  # type: ignore[arg-type]
    my_bird_sings.Options(passing="pass")  # type: ignore[arg-type]
    robbing: str = spoil_five.PEEL.robbing
    number: int = spoil_five.PEEL.robbing  # type: ignore[assignment]
    state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
    seat = state.to_act
    assert seat is not None
    bird = make_bot(my_bird_sings, "random", random.Random(0))
    view = my_bird_sings.view(my_bird_sings.new_game(my_bird_sings.PEEL, seed=1), 0)
    spoil_five.apply_action(state, bird.choose(view, view.legal_actions))  # type: ignore[call-overload]
    bot = make_bot(spoil_five, "heuristic", random.Random(0))
    bot.choose(view, view.legal_actions)  # type: ignore[arg-type]
    simulate("spoil-five", "heuristic", 10, options=3)  # type: ignore[arg-type]
    spoil_five_v0.env(my_bird_sings.PEEL)  # type: ignore[arg-type]
    print(robbing, number)

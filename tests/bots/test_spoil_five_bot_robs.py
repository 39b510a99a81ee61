"""The rule-of-thumb Spoil Five bot robs when it holds the ace of trumps, and never falsely."""

from __future__ import annotations

import random

import pytest

from cardrules import spoil_five as sf
from cardrules.bots import SpoilFiveBot
from cardrules.cards import Rank
from cardrules.spoil_five.ranking import trump_table


@pytest.mark.parametrize(
    "options",
    [sf.Options(players=4, robbing="optional"), sf.Options(players=4, rob_enforcement="penalize")],
    ids=["optional", "penalize"],
)
def test_sf_11_bot_robs_with_the_ace_of_trumps_and_never_falsely(options: sf.Options) -> None:
    """SF-11/SF-12: the holder of the ace robs at his first turn; nobody else takes the turn-up."""
    robbed = false_robs = 0
    for seed in range(300):
        state = sf.new_game(options, seed=seed)
        bot = SpoilFiveBot(random.Random(seed))
        while not sf.is_deal_over(state) and len(state.tricks) == 0:
            seat = state.to_act
            assert seat is not None
            view = sf.view(state, seat)
            legal = sf.legal_actions(state)
            action = bot.choose(view, legal)
            holds_ace = trump_table(view.trump).ace in view.hand
            if isinstance(action, sf.Rob):
                robbed += 1
                false_robs += not holds_ace and view.turn_up.rank is not Rank.ACE
            elif any(isinstance(a, sf.Rob) for a in legal) and holds_ace:
                pytest.fail(f"seed {seed}: seat {seat} holds the ace of trumps and did not rob")
            state = sf.apply_action(state, action)
    assert robbed > 0
    assert false_robs == 0

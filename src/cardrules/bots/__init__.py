"""Computer players: random, rule of thumb per game, and Monte Carlo search.

Every bot satisfies :class:`cardrules.protocol.Bot`: it is given a seat's view and the
legal actions (never the state), and takes its randomness from its own
``random.Random``, so a seeded bot always plays the same way.

>>> import random
>>> from cardrules import spoil_five
>>> state = spoil_five.new_game(spoil_five.Options(players=4), seed=7)
>>> bot = make_bot(spoil_five, "search", random.Random(1), iterations=20)
>>> action = bot.choose(spoil_five.view(state, state.to_act), spoil_five.legal_actions(state))
>>> spoil_five.is_legal(state, action)
True
"""

from __future__ import annotations

from cardrules.bots.my_bird_sings_bot import MyBirdSingsBot
from cardrules.bots.random_bot import RandomBot
from cardrules.bots.registry import (
    BOT_NAMES,
    STRONGEST,
    GameBot,
    Strongest,
    heuristic_bot,
    make_bot,
    parse_bot_names,
    strongest,
)
from cardrules.bots.search import RolloutPolicy, SearchBot
from cardrules.bots.spoil_five_bot import SpoilFiveBot

__all__ = [
    "BOT_NAMES",
    "STRONGEST",
    "GameBot",
    "MyBirdSingsBot",
    "RandomBot",
    "RolloutPolicy",
    "SearchBot",
    "SpoilFiveBot",
    "Strongest",
    "heuristic_bot",
    "make_bot",
    "parse_bot_names",
    "strongest",
]

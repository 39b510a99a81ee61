"""``SearchBot(game, rng)`` without a rollout policy plays as the registry's search bot."""

from __future__ import annotations

import random

from cardrules import my_bird_sings, spoil_five
from cardrules.bots import RandomBot, SearchBot, make_bot
from cardrules.protocol import Bot

SpoilFiveBot = Bot[spoil_five.View, spoil_five.Action]


def _choices(
    bot_a: SpoilFiveBot, bot_b: SpoilFiveBot, decisions: int
) -> tuple[list[str], list[str]]:
    """The two bots' choices at the same decisions of one Spoil Five deal."""
    state = spoil_five.new_game(spoil_five.Options(players=4), seed=7)
    first: list[str] = []
    second: list[str] = []
    for _ in range(decisions):
        seat = state.to_act
        assert seat is not None
        view, legal = spoil_five.view(state, seat), spoil_five.legal_actions(state)
        a = bot_a.choose(view, legal)
        b = bot_b.choose(view, legal)
        first.append(str(a))
        second.append(str(b))
        state = spoil_five.apply_action(state, a)
    return first, second


def test_the_default_rollout_is_the_games_rule_of_thumb_bot() -> None:
    direct = SearchBot(spoil_five, random.Random(3), iterations=10)
    made = make_bot(spoil_five, "search", random.Random(3), iterations=10)
    first, second = _choices(direct, made, 6)
    assert first == second
    assert direct.last_iterations == 10


class _Wrapped:
    """A game the registry does not know: Spoil Five's rules behind a user's class."""

    legal_actions = staticmethod(spoil_five.legal_actions)
    is_legal = staticmethod(spoil_five.is_legal)
    check_action = staticmethod(spoil_five.check_action)
    apply_action = staticmethod(spoil_five.apply_action)
    is_deal_over = staticmethod(spoil_five.is_deal_over)
    view = staticmethod(spoil_five.view)
    sample_state = staticmethod(spoil_five.sample_state)


def test_a_game_the_registry_does_not_know_rolls_out_at_random() -> None:
    default = SearchBot(_Wrapped(), random.Random(5), iterations=10)
    at_random = SearchBot(spoil_five, random.Random(5), RandomBot, iterations=10)
    first, second = _choices(default, at_random, 6)
    assert first == second


def test_my_bird_sings_search_bot_needs_no_rollout_either() -> None:
    state = my_bird_sings.new_game(my_bird_sings.PEEL, seed=3)
    seat = state.to_act
    assert seat is not None
    bot = SearchBot(my_bird_sings, random.Random(1), iterations=3)
    action = bot.choose(my_bird_sings.view(state, seat), my_bird_sings.legal_actions(state))
    assert my_bird_sings.is_legal(state, action)

"""The rule-of-thumb bots follow their rules of thumb in positions built from a known pack."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules import my_bird_sings, spoil_five
from cardrules.bots import MyBirdSingsBot, SpoilFiveBot
from cardrules.cards import FULL_PACK, Card, parse_card, parse_cards


def _spoil_five_deck(hands: Sequence[str], turn_up: str, dealer: int = 0) -> tuple[Card, ...]:
    """A pack that deals ``hands`` (by seat) in batches of two then three, then ``turn_up``."""
    n = len(hands)
    cards = [parse_cards(h) for h in hands]
    order: list[Card] = []
    for start, size in ((0, 2), (2, 3)):
        for i in range(n):
            seat = (dealer + 1 + i) % n
            order.extend(cards[seat][start : start + size])
    order.append(parse_card(turn_up))
    return (*order, *(c for c in FULL_PACK if c not in order))


def _choose_after(hands: Sequence[str], turn_up: str, plays: Sequence[str]) -> str:
    """What the rule-of-thumb bot does after the given actions (3 players, dealer 0)."""
    deck = _spoil_five_deck(hands, turn_up)
    state = spoil_five.new_game(spoil_five.Options(players=len(hands)), deck=deck, dealer=0)
    for text in plays:
        state = spoil_five.apply_action(state, spoil_five.parse_action(text))
    seat = state.to_act
    assert seat is not None
    bot = SpoilFiveBot(random.Random(0))
    action = bot.choose(spoil_five.view(state, seat), spoil_five.legal_actions(state))
    return spoil_five.format_action(action)


def test_spoil_five_bot_wins_with_the_lowest_winning_card() -> None:
    hands = ["JH 3S 4S 6S 7S", "9D 8H 8S 9S 10S", "QD 10D 4C 5S 3H"]
    assert _choose_after(hands, "7C", ["play 9D"]) == "play 10D"


def test_spoil_five_bot_throws_its_cheapest_card_when_it_cannot_win() -> None:
    hands = ["JH 3S 4S 6S 7S", "KD 8H 8S 9S 10S", "QD 2D 5S 4H 9H"]
    assert _choose_after(hands, "7C", ["play KD"]) == "play 2D"


def test_spoil_five_bot_keeps_a_protected_trump_by_reneging() -> None:
    hands = ["JH 3S 4S 6S 7S", "3C 8H 8S 9S 10S", "5C KD 2H 9H QS"]
    assert _choose_after(hands, "7C", ["play 3C"]) == "play 2H"


def test_spoil_five_bot_robs_discarding_its_weakest_card() -> None:
    hands = ["KD 2H 9S 3C QS", "JH 8H 8S 7S 10S", "QD 10D 4C 5S 3H"]
    assert _choose_after(hands, "AC", []) == "rob 2H"


def _mbs_pass(hands: Sequence[str]) -> str:
    """The leader's pass (3 players, dealer 0, one card at a time from seat 1)."""
    n = len(hands)
    cards = [parse_cards(h) for h in hands]
    order = [cards[(1 + i) % n][k] for k in range(4) for i in range(n)]
    deck = (*order, *(c for c in FULL_PACK if c not in order))
    state = my_bird_sings.new_game(my_bird_sings.Options(players=n), deck=deck, dealer=0)
    assert state.to_act == 1
    bot = MyBirdSingsBot(random.Random(0))
    action = bot.choose(my_bird_sings.view(state, 1), my_bird_sings.legal_actions(state))
    return my_bird_sings.format_action(action)


def test_my_bird_sings_bot_keeps_three_of_a_suit_and_passes_the_odd_card() -> None:
    assert _mbs_pass(["2C 3C 4D 6S", "2H 9H KH 5S", "7D 8D 9D 10C"]) == "pass 5S"


def test_my_bird_sings_bot_keeps_three_suits_and_passes_the_duplicate_suit() -> None:
    assert _mbs_pass(["2C 3C 4S 6S", "2H 9C KD 5D", "7D 8D 9S 10C"]) in ("pass KD", "pass 5D")


def test_my_bird_sings_bot_never_abandons_when_it_can_pass() -> None:
    state = my_bird_sings.new_game(my_bird_sings.Options(players=4), seed=9)
    bot = MyBirdSingsBot(random.Random(1))
    for _ in range(40):
        if my_bird_sings.is_deal_over(state):
            break
        seat = state.to_act
        assert seat is not None
        action = bot.choose(my_bird_sings.view(state, seat), my_bird_sings.legal_actions(state))
        assert not isinstance(action, my_bird_sings.Abandon)
        state = my_bird_sings.apply_action(state, action)

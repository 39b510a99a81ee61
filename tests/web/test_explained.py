"""The web example explains itself with the engine's words (API level, no browser).

Why each card cannot be used, who won each trick and why, how a deal was settled: every
sentence the page shows comes from the engine's ``explain_*`` functions called with the
human seat's view, never from a rule written again for the page.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette", reason="the web example needs its extra: pip install '.[web]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2: pip install '.[web]'")

from cardrules import Suit, parse_card, spoil_five
from tests.web.harness import Harness
from web.tables import KINDS

GAMES = ("spoil-five", "my-bird-sings")


def test_the_spoil_five_hand_is_sorted_best_first_by_the_engine_orders(api: Harness) -> None:
    """Trumps first in the trump order, then each plain suit in its own order."""
    for seed in range(1, 6):
        data = api.start("spoil-five", players=4, seed=seed)
        view = spoil_five.view(api.state(data["id"]), 0)
        order = list(spoil_five.trump_order(view.trump))
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS):
            order += spoil_five.plain_order(suit, view.trump)
        hand = [parse_card(text) for text in data["table"]["hand"]]
        assert sorted(hand) == sorted(view.hand)
        assert hand == sorted(hand, key=order.index)


def test_the_my_bird_sings_hand_is_grouped_by_suit(api: Harness) -> None:
    data = api.start("my-bird-sings", players=4, seed=3)
    hand = [parse_card(text) for text in data["table"]["hand"]]
    assert hand == sorted(hand, key=lambda card: (card.suit, card.rank))


@pytest.mark.parametrize("game", GAMES)
def test_every_unavailable_card_carries_the_engines_reason(api: Harness, game: str) -> None:
    """Each card of the hand is legal to click, or listed with the engine's refusal (the
    same rule and reason ``check_action`` gives on the full state)."""
    module = KINDS[game].module
    verb = "play" if game == "spoil-five" else "pass"
    rng = random.Random(game)
    seen = 0
    for seed in range(1, 4):
        data = api.start(game, players=3, seed=seed)
        for _ in range(12):
            state = api.state(data["id"])
            usable = {entry["card"] for entry in data["legal"] if entry["card"]}
            for card in data["table"]["hand"]:
                if card in usable:
                    assert card not in data["unavailable"]
                    continue
                why = data["unavailable"][card]
                refusal = module.check_action(state, module.parse_action(why["action"]))
                assert refusal is not None
                assert (why["rule"], why["reason"]) == (refusal.rule, refusal.reason)
                assert why["text"].endswith(f"({refusal.rule})")
                assert why["text"].count(refusal.rule) == 1
                seen += 1
            if data["deal_over"]:
                assert set(data["unavailable"]) == set(data["table"]["hand"])
                assert all(w["action"].startswith(verb) for w in data["unavailable"].values())
                break
            data = api.act(data["id"], rng.choice(data["legal"])["action"])
    assert seen > 0


def test_each_completed_trick_is_reported_once_with_the_engines_reason(api: Harness) -> None:
    """The step that completes a trick carries it, as ``explain_tricks`` of the human's
    view gives it; the payload lists every trick of the deal so far."""
    rng = random.Random(5)
    data = api.start("spoil-five", players=3, seed=11)
    reported: list[int] = []
    while not data["deal_over"]:
        data = api.act(data["id"], rng.choice(data["legal"])["action"])
        reported += [step["trick"]["number"] for step in data["steps"] if step["trick"]]
        view = spoil_five.view(api.state(data["id"]), 0)
        explained = spoil_five.explain_tricks(view)
        assert [t["number"] for t in data["tricks"]] == [t.number for t in explained]
        for sent, trick in zip(data["tricks"], explained, strict=True):
            assert sent["card"] == str(trick.card)
            assert sent["rules"] == list(trick.rules)
            assert sent["text"].startswith(f"Trick {trick.number} goes to ")
            assert sent["text"].endswith(f"({', '.join(trick.rules)})")
            assert [play["card"] for play in sent["plays"]] == [str(c) for _, c in trick.plays]
    assert reported == list(range(1, len(data["tricks"]) + 1))


@pytest.mark.parametrize("game", GAMES)
def test_the_settlement_names_the_winner_and_the_deal_line_agrees(api: Harness, game: str) -> None:
    """Once a deal is over the payload explains its settlement with display names; the
    deal line says who deals with the verb that fits ("You deal", "Clara deals")."""
    data = api.start(game, players=3, seed=1)
    assert data["deal_line"] == "Deal 1 — Clara deals"
    assert data["settlement"] is None or data["deal_over"]
    data = api.play_deal(data["id"], random.Random(1))
    settlement = data["settlement"]
    assert settlement is not None
    assert settlement["lines"]
    assert not any("seat " in line.lower() for line in settlement["lines"])
    assert all(rule in " ".join(settlement["lines"]) for rule in settlement["rules"])
    after = api.next_deal(data["id"])
    assert after["deal_line"] == "Deal 2 — You deal"
    assert after["settlement"] is None

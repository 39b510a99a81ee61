"""Whole seat views: what is drawn is exactly what the seat may know, and marked right."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, my_bird_sings, parse_card, spoil_five, svg
from cardrules._text import sort_hand
from tests.svg.helpers import SVG, classes, drawn_cards, find_all, parse


def _spoil_five_after(seed: int, steps: int, players: int = 4) -> spoil_five.State:
    rng = random.Random(seed)
    state = spoil_five.new_game(spoil_five.Options(players=players), seed=seed)
    for _ in range(steps):
        if spoil_five.is_deal_over(state):
            break
        state = spoil_five.apply_action(state, rng.choice(spoil_five.legal_actions(state)))
    return state


def _my_bird_sings_after(seed: int, steps: int, **options: Any) -> my_bird_sings.State:
    rng = random.Random(seed)
    state = my_bird_sings.new_game(my_bird_sings.Options(**options), seed=seed)
    for _ in range(steps):
        if my_bird_sings.is_deal_over(state):
            break
        legal = [
            a
            for a in my_bird_sings.legal_actions(state)
            if not isinstance(a, my_bird_sings.Abandon)
        ]
        state = my_bird_sings.apply_action(state, rng.choice(legal))
    return state


def _status(root: ET.Element) -> str:
    (status,) = [t for t in root.iter(f"{SVG}text") if t.get("class") == "status"]
    return "".join(status.itertext())


def _own_hand(root: ET.Element) -> list[str]:
    (hand,) = [g for g in root.iter(f"{SVG}g") if "own-hand" in classes(g)]
    return drawn_cards(hand)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 25), st.integers(2, 6), st.data())
def test_spoil_five_view_shows_only_what_the_seat_may_know(
    seed: int, steps: int, players: int, data: st.DataObject
) -> None:
    """The picture shows the seat's own hand in order, the other hands only as the right
    number of backs, and no face-up card beyond the hand, turn-up and trick on the table
    (C-6)."""
    state = _spoil_five_after(seed, steps, players)
    seat = data.draw(st.integers(0, players - 1))
    view = spoil_five.view(state, seat)
    root = parse(svg.view(view))
    assert _own_hand(root) == [str(c) for c in sort_hand(view, view.hand)]  # as print() holds it
    chips = find_all(root, "seat")
    assert [int(c.get("data-cards", "-1")) for c in chips] == list(view.hand_sizes)
    assert [c.get("data-dealer") for c in chips].count("true") == 1
    assert chips[view.dealer].get("data-dealer") == "true"
    table = set(view.trick) | {view.turn_up}
    if not view.trick and view.tricks:
        table |= set(view.tricks[-1].cards)
    assert set(drawn_cards(root)) == {str(c) for c in set(view.hand) | table}


def test_spoil_five_view_raises_only_the_legal_cards() -> None:
    """When only some cards may be played, exactly those are marked ``playable``."""
    for seed in range(200):
        state = _spoil_five_after(seed, 6)
        if state.to_act is None:
            continue
        view = spoil_five.view(state, state.to_act)
        legal = {a.card for a in view.legal_actions if isinstance(a, spoil_five.Play)}
        if legal and legal != set(view.hand) and len(view.legal_actions) == len(legal):
            break
    else:
        pytest.fail("no position with a restricted choice of cards found")
    root = parse(svg.view(view))
    playable = [g.get("data-card", "") for g in find_all(root, "playable")]
    assert sorted(playable) == sorted(str(c) for c in legal)
    assert _status(root) == "your turn: play a card"


def test_spoil_five_view_of_a_finished_deal_marks_the_last_trick_winner() -> None:
    """After the deal, the last trick is shown with its winning card marked, and the
    status names who won."""
    state = _spoil_five_after(1, 200)
    assert state.outcome is not None
    view = spoil_five.view(state, 0)
    root = parse(svg.view(view))
    last = view.tricks[-1]
    (trick,) = find_all(root, "last-trick")
    (winner,) = find_all(trick, "winner")
    n = len(view.hand_sizes)
    assert drawn_cards(winner) == [str(last.cards[(last.winner - last.leader) % n])]
    assert winner.get("data-seat") == str(last.winner)
    status = _status(root)
    if state.outcome.kind is spoil_five.OutcomeKind.WON:
        who = "you" if state.outcome.winners == (0,) else f"seat {state.outcome.winners[0]}"
        assert status == f"{who} won the pool"
    else:
        assert status


def test_spoil_five_view_at_the_start_shows_trumps_and_turn_up() -> None:
    """At the first decision: the turn-up face up, the trump suit named, whose turn it is."""
    state = spoil_five.new_game(spoil_five.Options(players=4), seed=7)
    view = spoil_five.view(state, 0)
    root = parse(svg.view(view))
    (turn_up,) = find_all(root, "turn-up")
    assert drawn_cards(turn_up) == [str(view.turn_up)]
    (trump,) = find_all(root, "trump")
    assert trump.get("data-suit") == view.trump.letter
    acting = [c.get("data-seat") for c in find_all(root, "to-act")]
    assert acting == [str(view.to_act)]
    if view.to_act != 0:
        assert _status(root).startswith(f"seat {view.to_act} to ")


def test_my_bird_sings_view_shows_hand_stock_and_passes() -> None:
    """A My Bird Sings view: own hand in order, the stock count, the last card passed
    and received, and the passing player's status."""
    for seed in range(100):
        state = _my_bird_sings_after(seed, 4, players=4)  # back to the leader, turn 4
        if state.to_act is not None:
            break
    else:
        pytest.fail("every deal ended within four turns")
    assert state.to_act is not None
    view = my_bird_sings.view(state, state.to_act)
    assert view.passed
    assert view.received
    root = parse(svg.view(view))
    assert _own_hand(root) == [str(c) for c in sort_hand(view, view.hand)]  # as print() holds it
    (stock,) = find_all(root, "stock")
    assert stock.get("data-count") == str(view.stock_count)
    (received,) = find_all(root, "received")
    assert drawn_cards(received) == [str(view.received[-1])]
    assert set(drawn_cards(root)) == {
        str(c) for c in (*view.hand, *view.passed[-1:], *view.received[-1:])
    }
    assert _status(root).startswith("your turn")


def test_my_bird_sings_draw_blind_offers_numbered_backs() -> None:
    """With ``draw_blind`` the drawer sees the offered hand as backs numbered like
    ``Draw(index)``, outlined as his choices, and none of their faces."""
    state = my_bird_sings.new_game(my_bird_sings.Options(players=3, passing="draw_blind"), seed=5)
    while state.phase is not my_bird_sings.Phase.DRAW:
        state = my_bird_sings.apply_action(state, my_bird_sings.legal_actions(state)[0])
    assert state.to_act is not None
    view = my_bird_sings.view(state, state.to_act)
    root = parse(svg.view(view))
    (offered,) = find_all(root, "offered")
    backs = find_all(offered, "back")
    assert [b.get("data-index") for b in backs] == [str(i) for i in range(view.offered)]
    assert drawn_cards(offered) == []
    draws = [a.index for a in view.legal_actions if isinstance(a, my_bird_sings.Draw)]
    assert draws == list(range(view.offered))


def test_my_bird_sings_view_after_a_sing_shows_the_singing_cards() -> None:
    """When a bird has sung, the picture shows the singer's four cards, marked."""
    for seed in range(100):
        state = _my_bird_sings_after(seed, 60, players=4)
        if state.outcome is not None and state.outcome.shown:
            break
    else:
        pytest.fail("no sing found")
    outcome = state.outcome
    assert outcome is not None
    view = my_bird_sings.view(state, 0)
    root = parse(svg.view(view))
    (shown,) = find_all(root, "shown")
    assert drawn_cards(shown) == [str(c) for c in outcome.shown]
    assert [g.get("data-card") for g in find_all(shown, "playable")] == drawn_cards(shown)
    assert "my bird sings" in _status(root)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.integers(2, 8))
def test_my_bird_sings_view_never_shows_another_hand(seed: int, steps: int, players: int) -> None:
    """Whatever the position, the only faces drawn are the seat's own cards, the last
    cards it passed and received, and (after a sing) the cards shown (C-6)."""
    state = _my_bird_sings_after(seed, steps, players=players)
    view = my_bird_sings.view(state, 0)
    root = parse(svg.view(view))
    allowed: set[Card] = {*view.hand, *view.passed[-1:], *view.received[-1:]}
    if view.outcome is not None:
        allowed |= set(view.outcome.shown)
    assert {parse_card(c) for c in drawn_cards(root)} <= allowed
    assert _own_hand(root) == [str(c) for c in sort_hand(view, view.hand)]  # as print() holds it


def test_view_refuses_other_objects() -> None:
    """Only views of the two games can be drawn."""
    with pytest.raises(TypeError, match="not a view"):
        svg.view("hand")  # type: ignore[arg-type]

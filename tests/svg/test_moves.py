"""Deals, passes and exchanges: the pictures show the cards given, where they belong."""

from __future__ import annotations

import pytest

from cardrules import NotationError, my_bird_sings, parse_card, parse_cards, svg
from cardrules.dealing import legacy_shuffled
from cardrules.errors import PictureError
from tests.svg.helpers import backs, classes, drawn_cards, find_all, offset, parse, texts


def test_deal_draws_one_row_per_seat_with_its_cards_in_order() -> None:
    hands = ["9H JH 3C 10H", "KS JS 10C 6H", "7S 8S 5C 7D"]
    root = parse(svg.deal(hands, dealer=0, turn_up=parse_card("KD")))
    rows = find_all(root, "seat-hand")
    assert [row.get("data-seat") for row in rows] == ["0", "1", "2"]
    assert [drawn_cards(row) for row in rows] == [hand.split() for hand in hands]
    # each row below the one before
    tops = [offset(find_all(row, "card")[0])[1] for row in rows]
    assert tops == sorted(tops)
    assert len(set(tops)) == 3
    (turn_up,) = find_all(root, "turn-up")
    assert drawn_cards(turn_up) == ["KD"]
    assert "dealer" in " ".join(texts(rows[0]))
    assert "eldest hand" in " ".join(texts(rows[1]))  # the dealer's left neighbour (C-2)
    assert root.get("data-turn-up") == "KD"
    (trump,) = find_all(root, "trump")
    assert trump.get("data-suit") == "D"


def test_deal_highlights_the_given_cards_and_checks_its_arguments() -> None:
    root = parse(svg.deal(["5D JD AH KC 7S"], highlight=parse_cards("5D JD")))
    marked = [g.get("data-card") for g in find_all(root, "playable")]
    assert marked == ["5D", "JD"]
    assert not find_all(root, "turn-up")
    with pytest.raises(PictureError, match="at least one hand"):
        svg.deal([])
    with pytest.raises(PictureError, match="dealer must be a seat from 0 to 1"):
        svg.deal(["2S", "3S"], dealer=2)
    with pytest.raises(NotationError):
        svg.deal(["2S XX"])


def test_passing_shows_the_hand_the_card_face_down_and_the_receiver() -> None:
    """MBS-8: the card passed leaves the giver's hand face down for his left neighbour."""
    root = parse(svg.passing("KH 7S 2D 9C 4H", "KH", giver=1, receiver=2))
    (before,) = find_all(root, "hand-before")
    assert drawn_cards(before) == ["KH", "7S", "2D", "9C", "4H"]
    assert [g.get("data-card") for g in find_all(before, "playable")] == ["KH"]
    (passed,) = find_all(root, "passed")
    assert backs(passed) == 1
    assert drawn_cards(passed) == ["KH"]
    words = " ".join(texts(root))
    assert "seat 1 passes" in words
    assert "seat 2 takes it" in words
    assert root.get("data-passed") == "KH"
    with pytest.raises(PictureError, match="not in the hand"):
        svg.passing("7S 2D", "KH", giver=0, receiver=1)


def test_exchange_shows_the_discard_the_rejects_and_the_card_kept() -> None:
    """MBS-11: discard, rejects of the discard's suit, then the first card of another suit."""
    root = parse(svg.exchange("AC", "7C QC 5D", hand="KD 2D 9C AC"))
    (before,) = find_all(root, "hand-before")
    assert drawn_cards(before) == ["KD", "2D", "9C", "AC"]
    assert [drawn_cards(g) for g in find_all(root, "discard")] == [["AC"]]
    assert [drawn_cards(g) for g in find_all(root, "reject")] == [["7C"], ["QC"]]
    (taken,) = find_all(root, "taken")
    assert drawn_cards(taken) == ["5D"]
    assert "keeps it" in texts(taken)
    # left to right: discard, rejects, the card kept
    order = [offset(find_all(g, "card")[0])[0] for g in find_all(root, "discard")]
    order += [offset(find_all(g, "card")[0])[0] for g in find_all(root, "reject")]
    order += [offset(find_all(taken, "card")[0])[0]]
    assert order == sorted(order)
    assert (root.get("data-discard"), root.get("data-rejects"), root.get("data-taken")) == (
        "AC",
        "7C QC",
        "5D",
    )
    with pytest.raises(PictureError, match="at least one card"):
        svg.exchange("AC", "")


def test_exchange_draws_what_an_exchange_view_holds() -> None:
    """The picture of a real exchange: the leader's own view lists discard, rejects, taken."""
    options = my_bird_sings.Options(players=3)
    pack = legacy_shuffled(options.cards, 1)  # the pack seed 1 dealt before SplitMix64
    state = my_bird_sings.new_game(options, deck=pack)
    for _ in range(9):  # three rounds pass the jack of spades round the table
        state = my_bird_sings.apply_action(state, my_bird_sings.parse_action("pass JS"))
    assert state.phase is my_bird_sings.Phase.EXCHANGE
    seat = state.to_act
    assert seat is not None
    state = my_bird_sings.apply_action(state, my_bird_sings.Exchange(parse_card("7S")))
    (done,) = my_bird_sings.view(state, seat).exchanges
    assert done.rejects  # a spade was turned and rejected before the card kept
    root = parse(svg.exchange(done.discard, (*done.rejects, done.taken)))
    assert [drawn_cards(g)[0] for g in find_all(root, "reject")] == [str(c) for c in done.rejects]
    assert drawn_cards(find_all(root, "taken")[0]) == [str(done.taken)]
    assert "exchange" in classes(root)

"""The Spoil Five rank-order chart shows the engine's orders, row by row, best first."""

from __future__ import annotations

import pytest

from cardrules import FULL_PACK, Rank, Suit, parse_cards, spoil_five, svg
from cardrules.errors import PictureError
from tests.svg.helpers import drawn_cards, find_all, parse, texts

WHIST = [rank.symbol for rank in (Rank.ACE, *sorted(Rank, reverse=True)[:-1])]  # A K Q ... 2


@pytest.mark.parametrize("trump", list(Suit), ids=str)
def test_chart_rows_are_trumps_then_the_plain_suits_best_first(trump: Suit) -> None:
    """Row 1 is the trump order (SF-3/SF-4), then one row per plain suit (SF-5), each
    drawn best card first, and all 52 cards appear exactly once."""
    root = parse(svg.rank_chart(trump))
    assert root.get("data-trump") == trump.letter
    rows = find_all(root, "row")
    assert [(row.get("data-row"), row.get("data-suit")) for row in rows] == [
        ("trumps", trump.letter),
        *(("plain", suit.letter) for suit in Suit if suit is not trump),
    ]
    assert drawn_cards(rows[0]) == [str(c) for c in spoil_five.trump_order(trump)]
    for row, suit in zip(rows[1:], [s for s in Suit if s is not trump], strict=True):
        assert drawn_cards(row) == [str(c) for c in spoil_five.plain_order(suit, trump)]
    everything = drawn_cards(root)
    assert sorted(parse_cards(" ".join(everything))) == sorted(FULL_PACK)


def test_chart_pins_the_diamonds_order_from_the_rules() -> None:
    """With diamonds trumps the chart reads 5D JD AH AD KD ... 2D, then hearts without
    their ace, and black suits K Q J A 2 ... 10 (RULES §4.1)."""
    root = parse(svg.rank_chart(Suit.DIAMONDS))
    rows = {row.get("data-suit"): drawn_cards(row) for row in find_all(root, "row")}
    assert " ".join(rows["D"]) == "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D"
    assert " ".join(rows["H"]) == "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
    assert " ".join(rows["C"]) == "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"


def test_chart_numbers_the_positions() -> None:
    """Under the cards of each row are the positions 1, 2, 3 ... (the SF-6 table)."""
    root = parse(svg.rank_chart(Suit.HEARTS))
    trumps = find_all(root, "row")[0]
    (positions_group,) = find_all(trumps, "positions")
    numbers = texts(positions_group)
    assert numbers == [str(i) for i in range(1, 14)]
    positions = [g.get("data-position") for g in find_all(trumps, "card")]
    assert positions == numbers


def test_chart_notes_that_the_ace_of_hearts_is_a_trump() -> None:
    """Unless hearts are trumps, the chart says the ace of hearts has moved to trumps."""
    clubs = texts(parse(svg.rank_chart(Suit.CLUBS)))
    assert "A\N{BLACK HEART SUIT} is a trump" in clubs
    hearts = texts(parse(svg.rank_chart(Suit.HEARTS)))
    assert "A\N{BLACK HEART SUIT} is a trump" not in hearts


def test_chart_with_ordinary_ranking_is_whist_order() -> None:
    """With the ordinary ranking (SF-22) every row runs A K Q J 10 ... 2."""
    root = parse(svg.rank_chart(Suit.CLUBS, ranking="ordinary"))
    for row in find_all(root, "row"):
        assert [c[:-1] for c in drawn_cards(row)] == WHIST
    assert "ordinary" in (root.get("aria-label") or "")


def test_chart_refuses_a_non_suit() -> None:
    """The trump must be a Suit."""
    with pytest.raises(PictureError, match="Suit"):
        svg.rank_chart("D")  # type: ignore[arg-type]

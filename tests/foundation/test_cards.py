"""The card model: suits, ranks, cards, packs and notation (C-3, C-4)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cardrules import (
    FULL_PACK,
    SHORT_PACK,
    Card,
    Colour,
    NotationError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)

cards = st.sampled_from(FULL_PACK)


def test_c_3_there_are_52_distinct_cards_of_13_ranks_and_4_suits() -> None:
    """C-3: a card is a rank and a suit; thirteen ranks times four suits."""
    assert len(set(FULL_PACK)) == 52
    assert {(c.rank, c.suit) for c in FULL_PACK} == {(r, s) for r in Rank for s in Suit}


def test_c_3_hearts_and_diamonds_are_red_spades_and_clubs_black() -> None:
    """C-3: hearts and diamonds are red; spades and clubs are black."""
    assert [s.colour for s in Suit] == [Colour.BLACK, Colour.RED, Colour.RED, Colour.BLACK]
    assert parse_card("QD").colour is Colour.RED


def test_c_4_short_pack_holds_a_k_q_j_10_9_8_7_of_each_suit() -> None:
    """C-4: the short pack has 32 cards, ace, king, queen, jack and ten down to seven."""
    assert len(SHORT_PACK) == 32
    ranks = {"A", "K", "Q", "J", "10", "9", "8", "7"}
    assert {str(c)[:-1] for c in SHORT_PACK} == ranks
    assert set(SHORT_PACK) <= set(FULL_PACK)


@given(cards)
def test_every_card_round_trips_through_notation(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert parse_card(str(card).lower()) is card
    assert parse_card(card.symbol) is card
    assert Card(card.rank, card.suit) is card
    assert Card.from_index(card.index) is card


@given(st.lists(cards))
def test_lists_of_cards_round_trip(hand: list[Card]) -> None:
    assert parse_cards(format_cards(hand)) == tuple(hand)


@given(st.text(max_size=8))
def test_random_text_is_a_card_or_a_notation_error(text: str) -> None:
    try:
        card = parse_card(text)
    except NotationError as err:
        message = str(err)
        card = None
    if card is None:
        assert repr(text) in message
    else:
        assert parse_card(str(card)) is card


@given(st.text(alphabet="AKQJT1234567890SHDCshdc♠♥♦♣ ,x", max_size=12))
def test_random_card_lists_parse_or_raise_notation_error(text: str) -> None:
    try:
        parsed = parse_cards(text)
    except NotationError:
        return
    assert parse_cards(format_cards(parsed)) == parsed


@pytest.mark.parametrize(
    ("text", "expected"),
    [("10C", "10C"), ("TC", "10C"), ("tc", "10C"), ("A♥", "AH"), ("a♡", "AH"), (" 5d ", "5D")],
)
def test_input_variants_print_canonically(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "1C", "11H", "AX", "10", "H", "AHH", "10 C", "ZZ"])
def test_bad_notation_quotes_the_text(text: str) -> None:
    with pytest.raises(NotationError, match="not a card") as info:
        parse_card(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 10, b"AH", ["AH"]])
def test_non_strings_are_notation_errors_not_type_errors(value: object) -> None:
    with pytest.raises(NotationError):
        parse_card(value)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_cards(value)  # type: ignore[arg-type]


def test_parse_cards_names_the_bad_item() -> None:
    with pytest.raises(NotationError, match="'QX'"):
        parse_cards("AH KH QX")


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1), ("A", "H")])
def test_card_constructor_rejects_impossible_cards(rank: object, suit: object) -> None:
    with pytest.raises(NotationError):
        Card(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 52, 3.0, True, "1"])
def test_from_index_rejects_non_indices(index: object) -> None:
    with pytest.raises(NotationError):
        Card.from_index(index)  # type: ignore[arg-type]


def test_cards_are_cheap_ints_usable_as_table_indices() -> None:
    """DESIGN performance: C-level hash and equality, direct list indexing."""
    table = list(range(52))
    card = parse_card("KC")
    assert table[card] == card.index == 51
    assert type(card).__hash__ is int.__hash__
    assert type(card).__eq__ is int.__eq__


def test_cards_survive_copy_and_pickle_as_the_same_objects() -> None:
    card = parse_card("JS")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_rank_and_suit_parsing() -> None:
    assert Suit.parse("♦") is Suit.DIAMONDS
    assert Rank.parse("10") is Rank.TEN
    with pytest.raises(NotationError, match="not a suit"):
        Suit.parse("X")
    with pytest.raises(NotationError, match="not a rank"):
        Rank.parse("1")
    assert str(Suit.CLUBS) == "C"
    assert str(Rank.KING) == "K"
    assert f"{parse_card('10H'):>4}" == " 10H"


_SUIT_SYMBOLS = frozenset("♠♥♦♣♤♡♢♧")


@pytest.mark.parametrize("text", ["10ſ", "\u212aS", "A\u00a0H", "A\u0085H", "Ａh", "\u00a0AH"])
def test_unicode_look_alikes_are_not_cards(text: str) -> None:
    with pytest.raises(NotationError):
        parse_card(text)


@given(st.text(min_size=1, max_size=4))
def test_only_ascii_and_the_suit_symbols_read_as_cards(text: str) -> None:
    assume(any(not c.isascii() and c not in _SUIT_SYMBOLS for c in text))
    with pytest.raises(NotationError):
        parse_card(text)

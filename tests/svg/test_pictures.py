"""Cards, hands and tricks: the SVG is well-formed and shows the right cards in order."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import FULL_PACK, Card, NotationError, Rank, Suit, parse_card, parse_cards, svg
from cardrules.errors import PictureError
from cardrules.svg._draw import BLACK, GOLD, RED
from tests.svg.helpers import SVG, backs, classes, drawn_cards, find_all, offset, parse, texts

PIPS = {Rank.ACE: 1, Rank.JACK: 2, Rank.QUEEN: 2, Rank.KING: 2}


def _x_offset(group: ET.Element) -> float:
    return offset(group)[0]


def _y_offset(group: ET.Element) -> float:
    return offset(group)[1]


@pytest.mark.parametrize("card", FULL_PACK, ids=str)
def test_card_shows_its_rank_suit_colour_and_pips(card: Card) -> None:
    """Every card is drawn with its corner indices, its suit's colour and the right pips."""
    root = parse(svg.card(card))
    assert drawn_cards(root) == [str(card)]
    (group,) = find_all(root, "card")
    # two corner indices (top-left and upside down bottom-right) name the rank
    indices = find_all(group, "index")
    assert [texts(index) for index in indices] == [[card.rank.symbol]] * 2
    # suit shapes: one per pip (1 for an ace, 2 on a double-headed court card) + 2 indices
    paths = list(group.iter(f"{SVG}path"))
    assert len(paths) == PIPS.get(card.rank, int(card.rank)) + 2
    ink = RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK
    assert {p.get("fill") for p in paths} == {ink}
    assert card.symbol in "".join(root.itertext())


def test_card_is_a_white_rounded_card() -> None:
    """The card body is a white rectangle with rounded corners."""
    root = parse(svg.card(parse_card("QH")))
    rects = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#ffffff"]
    assert rects
    assert float(rects[0].get("rx", "0")) > 0


def test_size_scales_the_natural_size_but_not_the_drawing() -> None:
    """``size`` changes only the width/height attributes; the viewBox stays the same."""
    small, large = parse(svg.card(parse_card("2D"), size=30)), parse(svg.card(parse_card("2D")))
    assert small.get("viewBox") == large.get("viewBox")
    assert float(large.get("width", "0")) == pytest.approx(
        float(small.get("width", "0")) * 100 / 30
    )


@pytest.mark.parametrize("size", [0, -5, float("nan"), True, "80"])
def test_bad_size_is_refused(size: object) -> None:
    """A size that is not a positive number raises PictureError."""
    with pytest.raises(PictureError, match="size"):
        svg.card(parse_card("2D"), size=size)  # type: ignore[arg-type]


def test_card_back_shows_no_card() -> None:
    """A face-down card reveals nothing: no ``data-card`` and no rank text."""
    root = parse(svg.card_back())
    assert backs(root) == 1
    assert drawn_cards(root) == []
    assert texts(root) == []


def test_card_refuses_what_is_not_a_card() -> None:
    """Passing a plain int (or text) instead of a Card raises NotationError."""
    with pytest.raises(NotationError, match="not a card"):
        svg.card(9)  # type: ignore[arg-type]


def test_card_repr_svg_is_the_card_picture() -> None:
    """Jupyter shows a Card through ``_repr_svg_``: the same picture as ``svg.card``."""
    card = parse_card("10C")
    assert card._repr_svg_() == svg.card(card)
    assert drawn_cards(parse(card._repr_svg_())) == ["10C"]


def test_drawing_is_a_string_with_repr_svg() -> None:
    """Every drawing is a str that also offers ``_repr_svg_``."""
    picture = svg.hand("5H JD")
    assert isinstance(picture, svg.Drawing)
    assert isinstance(picture, str)
    assert picture._repr_svg_() == str(picture)


def test_hand_draws_the_cards_left_to_right_in_order() -> None:
    """A hand shows every card once, in the order given, each further right."""
    cards = parse_cards("5H JD AH 10C 2S")
    root = parse(svg.hand(cards))
    assert drawn_cards(root) == ["5H", "JD", "AH", "10C", "2S"]
    assert root.get("data-cards") == "5H JD AH 10C 2S"
    xs = [_x_offset(g) for g in find_all(root, "card")]
    assert xs == sorted(xs)
    assert len(set(xs)) == len(xs)


def test_hand_accepts_notation() -> None:
    """A hand may be given as card notation."""
    assert drawn_cards(parse(svg.hand("5h jd ah"))) == ["5H", "JD", "AH"]


def test_hand_refuses_bad_cards() -> None:
    """Bad notation or a non-card raises NotationError quoting it."""
    with pytest.raises(NotationError, match="1H"):
        svg.hand("5H 1H")
    with pytest.raises(NotationError, match="not a card"):
        svg.hand([parse_card("5H"), 7])  # type: ignore[list-item]


def test_hand_highlight_raises_and_outlines_the_chosen_cards() -> None:
    """Highlighted cards (e.g. legal plays) get the ``playable`` class, a gold outline
    and sit higher than the others."""
    root = parse(svg.hand("5H JD AH", highlight=parse_cards("JD")))
    groups = find_all(root, "card")
    playable = [g.get("data-card") for g in groups if "playable" in classes(g)]
    assert playable == ["JD"]
    ys = {g.get("data-card"): _y_offset(g) for g in groups}
    assert ys["JD"] < ys["5H"] == ys["AH"]
    outlined = [g for g in groups if any(r.get("stroke") == GOLD for r in g.iter(f"{SVG}rect"))]
    assert [g.get("data-card") for g in outlined] == ["JD"]


def test_empty_hand_is_an_empty_slot() -> None:
    """An empty hand is still a valid picture: a dashed slot and no cards."""
    root = parse(svg.hand(()))
    assert drawn_cards(root) == []
    assert any(r.get("stroke-dasharray") for r in root.iter(f"{SVG}rect"))


@pytest.mark.parametrize("overlap", [-0.1, 1.0, 2])
def test_hand_overlap_out_of_range_is_refused(overlap: float) -> None:
    """The overlap is a fraction in [0, 1)."""
    with pytest.raises(PictureError, match="overlap"):
        svg.hand("5H JD", overlap=overlap)


def test_side_by_side_hand_does_not_overlap() -> None:
    """With ``overlap=0`` the cards do not cover each other."""
    xs = [_x_offset(g) for g in find_all(parse(svg.hand("5H JD AH", overlap=0)), "card")]
    assert all(b - a >= 100 for a, b in itertools.pairwise(xs))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(FULL_PACK), max_size=13, unique=True))
def test_any_hand_round_trips_through_the_picture(cards: list[Card]) -> None:
    """Whatever the hand, the picture lists exactly its cards in order."""
    root = parse(svg.hand(cards))
    assert drawn_cards(root) == [str(c) for c in cards]


def test_trick_marks_exactly_the_winner() -> None:
    """The winning card's play has ``data-winner="true"`` and the gold "wins" badge;
    the others are marked false."""
    root = parse(svg.trick("10S AH 2S 5S", winner=3, seats=(1, 2, 3, 0), trump=Suit.SPADES))
    plays = find_all(root, "play")
    assert [p.get("data-order") for p in plays] == ["0", "1", "2", "3"]
    assert [p.get("data-seat") for p in plays] == ["1", "2", "3", "0"]
    assert [p.get("data-winner") for p in plays] == ["false", "false", "false", "true"]
    (winner,) = find_all(root, "winner")
    assert drawn_cards(winner) == ["5S"]
    assert "wins" in texts(winner)
    assert root.get("data-winner") == "5S"
    assert drawn_cards(root) == ["10S", "AH", "2S", "5S"]
    (trump,) = find_all(root, "trump")
    assert trump.get("data-suit") == "S"
    assert "seat 1 led" in texts(root)


def test_trick_in_progress_has_no_winner() -> None:
    """Without a winner nothing is marked."""
    root = parse(svg.trick("KC AC"))
    assert find_all(root, "winner") == []
    assert {p.get("data-winner") for p in find_all(root, "play")} == {"false"}
    assert "wins" not in texts(root)


@pytest.mark.parametrize("winner", [-1, 2, True, "0"])
def test_trick_winner_must_index_a_card(winner: object) -> None:
    """A winner that is not an index of the cards raises PictureError."""
    with pytest.raises(PictureError, match="winner"):
        svg.trick("KC AC", winner=winner)  # type: ignore[arg-type]


def test_trick_seats_must_match_cards() -> None:
    """Seats are one per card."""
    with pytest.raises(PictureError, match="one seat per card"):
        svg.trick("KC AC", seats=(0,))


def _every_kind_of_drawing() -> list[str]:
    from cardrules import my_bird_sings, spoil_five

    sf = spoil_five.new_game(spoil_five.Options(players=4), seed=7)
    mbs = my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=2)
    return [
        svg.card(parse_card("QH")),
        svg.card_back(),
        svg.hand("5H JD AH", highlight=parse_cards("AH")),
        svg.hand(()),
        svg.trick("10S AH 2S 5S", winner=3, trump=Suit.SPADES),
        svg.rank_chart(Suit.DIAMONDS),
        svg.view(spoil_five.view(sf, 0)),
        svg.view(my_bird_sings.view(mbs, 1)),
    ]


def test_every_drawing_is_self_contained() -> None:
    """Each drawing stands alone: a title for screen readers, no external resources
    (images, fonts, stylesheets, scripts), and every reference points into its own
    ``<defs>``, to a definition whose id starts ``cr-`` and which is the same in every
    drawing, so any number of drawings can be inlined in one page without clashing."""
    definitions: dict[str, str] = {}
    allowed = {"svg", "title", "style", "defs", "use", "g", "rect", "path", "text", "circle"}
    for document in _every_kind_of_drawing():
        root = ET.fromstring(document)
        assert root.find(f"{SVG}title") is not None
        assert root.get("role") == "img"
        ids = {element.get("id") for element in root.iter() if element.get("id")}
        for element in root.iter():
            tag = element.tag.removeprefix(SVG)
            assert tag in allowed, tag
            assert not any("url(" in value for value in element.attrib.values())
            if element.get("href") is not None:
                assert tag == "use"
                assert element.get("href", "")[1:] in ids, element.get("href")
            if element.get("id") is not None:
                name = element.get("id", "")
                assert name.startswith("cr-"), name
                markup = ET.tostring(element, encoding="unicode")
                assert definitions.setdefault(name, markup) == markup, name
        style = root.find(f"{SVG}style")
        assert style is not None
        assert "url(" not in (style.text or "")
        assert "@import" not in (style.text or "")

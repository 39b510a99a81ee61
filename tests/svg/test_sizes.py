"""Each card is drawn once per document and reused: pictures are a fifth of their old size.

Before cards were shared (``<defs>`` and ``<use>``), every card on the table carried its
whole drawing. The byte counts below were measured on those drawings, from the same
positions; a test fails if a picture grows back beyond a fifth of them. That the look is
unchanged was checked by rendering both versions in Chromium and comparing the pixels
(the tests of ``tests/svg`` read every drawing as it is rendered, uses expanded).
"""

from __future__ import annotations

import re

import pytest

from cardrules import FULL_PACK, Suit, my_bird_sings, spoil_five, svg
from cardrules.svg import Drawing

BEFORE_SHARING = {
    "rank chart": 130_524,
    "spoil five seat view": 162_906,
    "my bird sings seat view": 151_333,
}


def _drawings() -> dict[str, Drawing]:
    sf = spoil_five.new_game(spoil_five.Options(players=5), seed=1)
    mbs = my_bird_sings.new_game(my_bird_sings.Options(players=5), seed=1)
    return {
        "rank chart": svg.rank_chart(Suit.HEARTS),
        "spoil five seat view": svg.view(spoil_five.view(sf, 1)),
        "my bird sings seat view": svg.view(my_bird_sings.view(mbs, 1)),
    }


@pytest.mark.parametrize("name", sorted(BEFORE_SHARING))
def test_pictures_are_at_most_a_fifth_of_their_size_before_cards_were_shared(name: str) -> None:
    assert len(_drawings()[name].encode()) <= BEFORE_SHARING[name] / 5


def test_a_document_defines_each_card_once_and_every_placed_card_uses_it() -> None:
    picture = svg.hand(FULL_PACK + FULL_PACK[:5])
    for card in FULL_PACK:
        assert picture.count(f'id="cr-c{card}"') == 1
    assert len(re.findall(r'<use href="#cr-c', picture)) == 57

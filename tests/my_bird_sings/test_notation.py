"""Action notation: parse/format round trips and refusals that quote the text."""

from __future__ import annotations

import pytest

from cardrules.cards import FULL_PACK
from cardrules.errors import NotationError
from cardrules.my_bird_sings import (
    ACTION_TYPES,
    Abandon,
    Action,
    DeclineExchange,
    DeclineSing,
    Draw,
    Exchange,
    Pass,
    Sing,
    format_action,
    parse_action,
)
from tests.my_bird_sings.helpers import cards


def test_every_action_round_trips() -> None:
    """format_action and parse_action are inverse; str(action) is the notation."""
    actions: list[Action] = [
        *(Pass(card) for card in FULL_PACK),
        *(Exchange(card) for card in FULL_PACK),
        *(Draw(i) for i in range(16)),
        DeclineExchange(),
        DeclineSing(),
        Abandon(),
        Sing(cards("2H 9H KH 5H")),
        Sing(cards("2H 9C KD 5S")),
    ]
    for action in actions:
        text = format_action(action)
        assert str(action) == text
        assert parse_action(text) == action
        assert parse_action(text.upper()) == action
    assert {type(a) for a in actions} == set(ACTION_TYPES)


def test_notation_examples() -> None:
    """The team notation: pass KH, draw 2, exchange 4D, decline-exchange, abandon, sing."""
    assert parse_action("pass KH") == Pass(cards("KH")[0])
    assert parse_action("KH") == Pass(cards("KH")[0])
    assert parse_action("draw 2") == Draw(2)
    assert parse_action("Exchange 4d") == Exchange(cards("4D")[0])
    assert parse_action(" decline-exchange ") == DeclineExchange()
    assert parse_action("ABANDON") == Abandon()
    assert parse_action("sing 2H 9H KH 5H") == Sing(cards("5H KH 9H 2H"))
    assert format_action(Sing(cards("KH 2H 9H 5H"))) == "sing 2H 5H 9H KH"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pass",
        "pass 1H",
        "draw",
        "draw -1",
        "draw x",
        "draw 16",
        "draw 007",
        "draw 99999999999999999999999",
        "draw ４",
        "sing",
        "sing AS AS AS AS",
        "sing 2H 9H 2h KH",
        "fold",
        "abandon now",
    ],
)
def test_bad_notation_quotes_the_text(text: str) -> None:
    """Bad text raises NotationError quoting it."""
    with pytest.raises(NotationError, match=repr(text).replace("'", "'")[1:-1] or "empty"):
        parse_action(text)


def test_format_refuses_foreign_objects() -> None:
    """format_action only writes My Bird Sings actions."""
    assert format_action("PASS kh") == "pass KH"  # notation is read, then written
    with pytest.raises(NotationError):
        format_action("pass 1H")


def test_strict_notation_repeats_and_positions() -> None:
    """A sing names each card once; a draw position is 0 to 15 (hands hold at most five)."""
    with pytest.raises(NotationError, match=r"'sing AS AS AS AS' \(a sing names each card once\)"):
        parse_action("sing AS AS AS AS")
    with pytest.raises(NotationError, match=r"position from 0 to 15"):
        parse_action("draw 99999999999999999999999")
    assert parse_action("draw 15") == Draw(15)
    assert parse_action("draw 07") == Draw(7)
    with pytest.raises(NotationError, match="repeats"):
        Sing(cards("2H 2H 9H KH"))

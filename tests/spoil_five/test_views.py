"""Views show a seat what it may know, and nothing else (C-6)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from cardrules import spoil_five as sf
from cardrules.cards import Card, parse_card
from cardrules.errors import CardrulesError
from tests.spoil_five.helpers import deck_for, game, run
from tests.spoil_five.test_rules import HOLDER_HANDS, ROB_HANDS


def cards_in(value: object) -> Iterator[Card]:
    """Every card reachable from a view value."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from cards_in(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            yield from cards_in(getattr(value, field.name))


def visible_to(state: sf.State, seat: int) -> set[Card]:
    """The cards a seat has legitimately seen."""
    seen = set(state.hands[seat]) | {state.turn_up} | set(state.trick)
    for trick in state.tricks:
        seen |= set(trick.cards)
    seen |= {card for who, card in state.discards if who == seat}
    seen |= set(state.set_aside)
    return seen


def test_views_never_reach_hidden_cards() -> None:
    """No other hand, no other seat's discard and no undealt card is reachable from a view."""
    rng = random.Random(5)
    for options in (*sf.PRESETS.values(), sf.Options(rob_enforcement="penalize")):
        state = sf.new_game(options, seed=9)
        for _ in range(5):
            while True:
                for seat in range(options.players):
                    view = sf.view(state, seat)
                    assert set(cards_in(view)) <= visible_to(state, seat)
                    assert not hasattr(view, "seed")
                if state.to_act is None:
                    break
                legal = sf.legal_actions(state)
                state = sf.apply_action(state, legal[rng.randrange(len(legal))])
            if sf.is_game_over(state):
                break
            state = sf.next_deal(state)


def test_view_fields_for_a_robbed_turn_up() -> None:
    """The rob is public, the discard private; the dealer's view shows his own discard."""
    state = run(game(ROB_HANDS, "AS"), "rob 2D")
    mine, theirs = sf.view(state, 0), sf.view(state, 1)
    assert mine.events[0].card == Card.from_index(int(state.discards[0][1]))
    assert theirs.events[0] == sf.Event(0, sf.EventKind.ROB, None, 0)
    assert theirs.hand_sizes == (4, 5, 5, 5)
    assert theirs.to_act == 1
    assert theirs.legal_actions == sf.legal_actions(state)
    assert mine.legal_actions == ()
    assert theirs.turn_up_taken_by is None
    assert theirs.phase is sf.Phase.PLAY
    assert theirs.dealer == 0
    assert theirs.eldest == 1
    assert theirs.leader == 1


def test_view_after_a_holder_robs() -> None:
    """Everyone sees who took the turn-up; only the robber sees what he discarded."""
    state = run(game(HOLDER_HANDS, "7C"), "play 2H", "rob QC")
    for seat in range(4):
        view = sf.view(state, seat)
        assert view.turn_up_taken_by == 2
        assert view.trick == state.trick
        assert (view.events[-1].card is not None) == (seat == 2)


LEAK_HANDS = ["8S 9S 10S 8D 9D", "KH QH JH 10H 9H", "2H 3H 4H 6H AC"]
"""Seat 2 holds the ace of trumps (clubs, turn-up 7C); seat 1 takes the first three tricks."""


def _twin_decks() -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Two packs differing only in AC and 2C: in the first seat 2 holds AC, in the second 2C."""
    with_ace = deck_for(LEAK_HANDS, "7C")
    ace, two = with_ace.index(parse_card("AC")), with_ace.index(parse_card("2C"))
    without = list(with_ace)
    without[ace], without[two] = without[two], without[ace]
    return with_ace, tuple(without)


def _views_agree(
    options: sf.Options, moves: list[str], seats: tuple[int, ...]
) -> list[tuple[bool, ...]]:
    """Play ``moves`` in both twin deals; per state, whether each seat's views agree.

    The moves of the tests below end the deal: seat 1 takes the first three tricks.
    """
    decks = _twin_decks()
    states = [sf.new_game(options, deck=deck) for deck in decks]
    agree = []
    for move in [None, *moves]:
        if move is not None:
            states = [run(state, move) for state in states]
        views = [[sf.view(state, seat) for seat in seats] for state in states]
        agree.append(tuple(a == b for a, b in zip(*views, strict=True)))
    return agree


def test_views_do_not_tell_who_declines_a_rob() -> None:
    """C-6, SF-11, SF-12: where the rob may be declined, a deal in which seat 2 holds the
    ace of trumps and lets the rob pass looks, to the other seats, exactly like the same
    deal with that card undealt: same phase, same turn, same events and bars, to the end."""
    moves = ["play KH", "play 2H", "play 8S", "play QH", "play 3H", "play 9S"]
    moves += ["play JH", "play 4H", "play 10S"]
    for options in (
        sf.Options(players=3, robbing="optional"),
        sf.Options(players=3, rob_enforcement="penalize"),
    ):
        agree = _views_agree(options, moves, (0, 1, 2))
        assert all(seats[:2] == (True, True) for seats in agree), options
        assert not any(seats[2] for seats in agree)  # seat 2 knows his own hand
    # Under 'enforce' the rob is compulsory and public at once: its phase may show.
    agree = _views_agree(sf.Options(players=3), ["play KH"], (0, 1))
    assert agree == [(True, True), (False, False)]


def test_views_do_not_tell_a_true_rob_from_a_false_one_under_penalize() -> None:
    """SF-12, SF-13: under 'penalize' anybody may take the turn-up; taking it is public,
    but whether the taker held the ace (or is now barred) is not, unless it decides the
    hand."""
    moves = ["play KH", "rob 6H", "play 2H", "play 8S", "play QH", "play 3H", "play 9S"]
    moves += ["play JH", "play 4H", "play 10S"]
    agree = _views_agree(sf.Options(players=3, rob_enforcement="penalize"), moves, (0, 1))
    assert all(others == (True, True) for others in agree)


def test_view_rejects_a_bad_seat() -> None:
    """Asking for a seat that does not exist is an error."""
    state = sf.new_game(sf.PEEL, seed=1)
    with pytest.raises(CardrulesError, match="seat"):
        sf.view(state, 5)


def test_view_shows_itself_as_svg_in_jupyter() -> None:
    """A view's _repr_svg_ draws the seat's own cards and no other seat's hand."""
    state = sf.new_game(sf.Options(players=3), seed=1)
    for seat in range(3):
        mine = sf.view(state, seat)
        picture = mine._repr_svg_()
        assert isinstance(picture, str)
        assert picture.startswith("<svg")
        for card in mine.hand:
            assert f'data-card="{card}"' in picture
        for other in range(3):
            if other != seat:
                for card in state.hands[other]:
                    assert f'data-card="{card}"' not in picture

"""The public surface: protocol conformance, history replay, interned actions, helpers."""

from __future__ import annotations

import copy
import enum
import pickle
import random
import re

import attrs
import pytest

from cardrules import my_bird_sings as mbs
from cardrules.cards import Card, parse_cards
from cardrules.errors import IllegalActionError, NotationError, OptionsError
from cardrules.protocol import Game
from tests.my_bird_sings.helpers import play_out, position


def test_module_satisfies_the_game_protocol() -> None:
    """The module is a protocol.Game (checked by mypy through this assignment)."""
    game: Game[mbs.State, mbs.Action, mbs.View] = mbs
    assert game.NAME == "my-bird-sings"
    assert mbs.__all__ == sorted(mbs.__all__, key=lambda n: (not n.isupper(), n[0].islower(), n))


def test_history_replays_to_the_same_state() -> None:
    """new_game/next_deal with a deal's seed or deck plus its actions rebuild the state."""
    rng = random.Random(4)
    options = attrs.evolve(mbs.DRAW_BLIND, players=4, exchange_after_rounds=0)
    state = mbs.new_game(options, seed=99, dealer=1)
    for _ in range(3):
        state = mbs.next_deal(play_out(state, rng))
    state = play_out(state, rng)
    deals = mbs.history(state).deals
    assert len(deals) == 4
    replay = None
    for deal in deals:
        if replay is None:
            replay = mbs.new_game(options, seed=deal.seed, deck=deal.deck, dealer=deal.dealer)
        else:
            replay = mbs.next_deal(replay, seed=deal.seed, deck=deal.deck)
        assert replay.dealer == deal.dealer
        for action in deal.actions:
            replay = mbs.apply_action(replay, action)
    assert replay == state


def test_equal_actions_are_one_value_and_copies_keep_it() -> None:
    """An action built by hand, parsed, copied or unpickled equals (is) the engine's own."""
    state = mbs.new_game(mbs.Options(players=2, exchange_by="nobody"), seed=5)
    for _ in range(2):  # one round: turns 0 and 1
        state = mbs.apply_action(state, mbs.legal_actions(state)[0])
    assert state.turn == 2
    legal = mbs.legal_actions(state)
    assert legal[-1] == mbs.Abandon()  # a new round: the passes, then the abandon
    for action in legal:
        text = mbs.format_action(action)
        for twin in (
            mbs.parse_action(text),
            pickle.loads(pickle.dumps(action)),
            copy.deepcopy(action),
        ):
            assert twin == action
            assert hash(twin) == hash(action)
            assert mbs.is_legal(state, twin)
    card = state.hands[state.to_act or 0][0]
    assert mbs.Pass(card) == mbs.Pass(str(card)) == mbs.parse_action(f"pass {card}")
    assert mbs.Draw(3) == mbs.parse_action("draw 3")
    assert mbs.Sing("2H 9H KH 5H") == mbs.Sing(parse_cards("KH 5H 9H 2H"))
    for bad in (lambda: mbs.Pass(5), lambda: mbs.Draw(16), lambda: mbs.Draw("1")):  # type: ignore[arg-type]
        with pytest.raises(NotationError):
            bad()


def test_states_refuse_assignment_and_compare_by_value() -> None:
    """A state is an immutable value: its fields cannot be set; equal states are equal."""
    options = mbs.Options(players=3)
    state = mbs.new_game(options, seed=1)
    again = mbs.new_game(options, seed=1)
    assert state == again
    assert hash(state) == hash(again)
    assert state != mbs.new_game(options, seed=2)
    for field in ("turn", "hands", "to_act", "phase", "pool", "outcome", "stock"):
        with pytest.raises(AttributeError):
            setattr(state, field, None)
    with pytest.raises(AttributeError):
        state.something_new = 1  # type: ignore[attr-defined]
    assert mbs.apply_action(state, mbs.legal_actions(state)[0]) != state
    assert state == again  # unchanged by the step


def _json_friendly(value: object) -> bool:
    if value is None or isinstance(value, bool | int | str | Card | enum.Enum):
        return True
    if isinstance(value, tuple):
        return all(_json_friendly(item) for item in value)
    if attrs.has(type(value)):
        return all(_json_friendly(item) for item in attrs.astuple(value, recurse=False))  # type: ignore[arg-type]
    return False


def test_views_are_frozen_and_json_friendly() -> None:
    """Views are frozen attrs values made of ints, strings, enums, cards and tuples."""
    rng = random.Random(2)
    state = mbs.new_game(mbs.Options(players=4, exchange_after_rounds=0), seed=3)
    for _ in range(6):
        if mbs.is_deal_over(state):
            break
        view = mbs.view(state, state.to_act or 0)
        assert _json_friendly(view)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            view.hand = ()  # type: ignore[misc]
        state = mbs.apply_action(state, rng.choice(mbs.legal_actions(state)[:-1]))
    with pytest.raises(OptionsError, match="seat"):
        mbs.view(state, 4)


def test_deck_for_and_next_deal_refusals() -> None:
    """Helpers refuse what cannot be dealt; next_deal waits for the end of the deal."""
    options = mbs.Options(players=2)
    with pytest.raises(OptionsError, match="hands"):
        mbs.deck_for(options, [parse_cards("2H 3H 4H")])
    with pytest.raises(OptionsError, match="once"):
        mbs.deck_for(options, [parse_cards("2H 3H 4H 5H"), parse_cards("2H 3S 4S 5S")])
    state = mbs.new_game(mbs.Options(players=2, pack=32), seed=1)
    if state.outcome is None:
        with pytest.raises(IllegalActionError, match="MBS-14"):
            mbs.next_deal(state)
    with pytest.raises(OptionsError, match="seed"):
        mbs.new_game(options, seed="1")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"dealer": True}, "dealer"),
        ({"dealer": 3}, "dealer"),
        ({"dealer": -1}, "dealer"),
        ({"dealer": "0", "seed": "1"}, "dealer"),  # the dealer is checked before the seed
        ({"seed": True}, "seed"),
        ({"seed": 1.0, "deck": "2H"}, "seed"),  # the seed before the deck
        ({"seed": 1, "deck": "2H 3H"}, "deck"),
    ],
)
def test_new_game_refuses_each_argument_by_name(arguments: dict[str, object], named: str) -> None:
    """new_game's checks (written out in one call) name the argument, in a fixed order."""
    with pytest.raises(OptionsError, match=f"^{named}"):
        mbs.new_game(mbs.Options(players=3), **arguments)  # type: ignore[arg-type]


def test_new_game_takes_an_int_subclass_as_a_seat_and_a_seed() -> None:
    class Number(int):
        pass

    options = mbs.Options(players=3)
    assert mbs.new_game(options, seed=Number(2), dealer=Number(1)) == mbs.new_game(
        options, seed=2, dealer=1
    )


def test_sample_state_keeps_what_the_seat_knows() -> None:
    """A sample keeps the seat's hand, its discards on the dead pile and its passed card."""
    options = mbs.Options(players=3, exchange_after_rounds=0, singing="flush_only")
    hands = {1: "2S 3S 2H 3H", 2: "4S 5S 4H 5H", 0: "6S 7S 6H 7H"}
    state = position(options, hands, stock="8H 9H 8S")
    state = mbs.apply_action(state, mbs.Exchange(parse_cards("2H")[0]))
    state = mbs.apply_action(state, mbs.Pass(parse_cards("2S")[0]))
    view = mbs.view(state, 1)
    rng = random.Random(3)
    for _ in range(20):
        sample = mbs.sample_state(view, rng)
        assert mbs.view(sample, 1) == view
        assert sample.hands[1] == state.hands[1]
        assert parse_cards("2S")[0] in sample.hands[2]  # seat 2 has not played since
        assert set(parse_cards("2H 8H 9H")) <= set(sample.dead)
        assert not set(view.received + view.passed) & set(sample.stock)


def test_view_shows_itself_as_svg_in_jupyter() -> None:
    """A view's _repr_svg_ draws the seat's own cards face up and no other seat's hand."""
    state = mbs.new_game(mbs.Options(players=4), seed=4)
    assert state.outcome is None
    for seat in range(4):
        mine = mbs.view(state, seat)
        picture = mine._repr_svg_()
        assert picture.startswith("<svg")
        drawn = set(re.findall(r'data-card="([^"]+)"', picture))
        assert {str(card) for card in mine.hand} <= drawn
        others = {str(card) for s, hand in enumerate(state.hands) if s != seat for card in hand}
        assert not drawn & others


def test_actions_may_be_given_in_notation() -> None:
    """apply_action and check_action read notation where an action is expected; text that
    is no action is refused like anything else that is none (C-7)."""
    state = mbs.new_game(mbs.Options(players=3), seed=3)
    text = mbs.format_action(mbs.legal_actions(state)[0])
    assert mbs.apply_action(state, text) == mbs.apply_action(state, mbs.parse_action(text))
    assert mbs.check_action(state, text) is None
    refusal = mbs.check_action(state, "hand over KH")
    assert refusal is not None
    assert refusal.rule == "C-7"
    with pytest.raises(IllegalActionError, match="C-7"):
        mbs.apply_action(state, "hand over KH")


def test_mbs_8_a_blind_draw_from_an_explicit_deck_needs_a_seed_of_its_own() -> None:
    """MBS-8: the order a hand is offered in comes from the deal's seed; a draw_blind deal
    from an explicit deck without a seed is refused, since every seat could compute a
    default order (a blind draw would not be blind)."""
    options = mbs.Options(players=3, passing="draw_blind")
    hands = [parse_cards(text) for text in ("2H 3H 4H 5C", "2S 3S 4S 5D", "6S 7S 8S 9D")]
    deck = mbs.deck_for(options, hands)
    with pytest.raises(OptionsError, match="draw_blind deal from an explicit deck needs a seed"):
        mbs.new_game(options, deck=deck)
    state = mbs.new_game(options, deck=deck, seed=12345)
    assert state.to_act is not None
    thrown = mbs.Options(players=3)
    assert mbs.new_game(thrown, deck=deck).to_act is not None  # no blind draw: no secret needed

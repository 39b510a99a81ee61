"""My Bird Sings explains itself from a seat's view: the engine's answers, and no leaks.

The property tests play random deals in every preset and, at every decision, ask every
seat's view what the engine says of the state: ``explain_action`` agrees with
``check_action`` for the seat to act (None or the same rule and sentence), refuses every
other seat by whose decision it is, ``explain_unavailable`` lists exactly the held cards
no legal action uses, ``explain_tricks`` the tricks the seat laid (its TRICK events) and
``explain_settlement`` the outcome. A state sampled from the view (any deal the seat
cannot tell from the real one) gets the same answers, so they come from the view alone.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import my_bird_sings as mbs
from cardrules import records
from cardrules.cards import FULL_PACK, SHORT_PACK, Card, parse_cards
from cardrules.explanations import Refusal
from cardrules.history import log_items
from cardrules.my_bird_sings.events import Event, EventKind
from tests.my_bird_sings.helpers import position
from tests.strategies import my_bird_sings_options

MAX_DECISIONS = 60


def _vocabulary(state: mbs.State, rng: random.Random) -> list[mbs.Action]:
    """Every action without a card, every card action over the pack, some sings."""
    pack = FULL_PACK if state.options.pack == 52 else SHORT_PACK
    size = state.options.hand_size
    actions: list[mbs.Action] = [mbs.DeclineExchange(), mbs.DeclineSing(), mbs.Abandon()]
    actions += [mbs.Draw(index) for index in range(16)]
    actions += [mbs.Pass(card) for card in pack]
    actions += [mbs.Exchange(card) for card in pack]
    if state.to_act is not None:
        hand = state.hands[state.to_act]
        sets = list(itertools.combinations(hand, size))
        actions += [mbs.Sing(cards) for cards in rng.sample(sets, min(4, len(sets)))]
        if len(hand) > 1:
            actions.append(mbs.Sing(hand[:-1]))
    actions.append(mbs.Sing(tuple(rng.sample(pack, size))))
    return actions


def _expected(state: mbs.State, action: mbs.Action) -> Refusal | None:
    error = mbs.check_action(state, action)
    return None if error is None else Refusal.of(error)


def _uses(action: mbs.Action) -> tuple[Card, ...]:
    if isinstance(action, mbs.Pass):
        return (action.card,)
    if isinstance(action, mbs.Exchange):
        return (action.discard,)
    if isinstance(action, mbs.Sing):
        return action.cards
    return ()


def _tricks_laid(state: mbs.State, seat: int) -> list[tuple[Card, ...]]:
    return [
        event.cards
        for event in log_items(state._events)
        if isinstance(event, Event) and event.kind is EventKind.TRICK and event.seat == seat
    ]


def check_explanations(state: mbs.State, rng: random.Random) -> None:
    """Every seat's explanations agree with the engine on ``state``."""
    legal = mbs.legal_actions(state)
    vocabulary = _vocabulary(state, rng)
    for seat in range(state.options.players):
        v = mbs.view(state, seat)
        if state.to_act is None or seat == state.to_act:
            for action in vocabulary:
                assert mbs.explain_action(v, action) == _expected(state, action), action
        else:
            for action in rng.sample(vocabulary, 8):
                why = mbs.explain_action(v, action)
                assert why is not None
                assert why.reason.endswith(", not yours")
                assert f"seat {state.to_act}" in why.reason
        unavailable = mbs.explain_unavailable(v)
        if seat == state.to_act:
            used = {card for action in legal for card in _uses(action)}
            assert list(unavailable) == [card for card in v.hand if card not in used]
            trying = mbs.Exchange if state.phase is mbs.Phase.EXCHANGE else mbs.Pass
            for card, why in unavailable.items():
                assert why == _expected(state, trying(card))
        else:
            assert unavailable == {}
        tricks = mbs.explain_tricks(v)
        if state.options.play_to_exhaustion and state.trick_cards[seat]:
            size = state.options.hand_size
            own = state.trick_cards[seat]
            sets = [own[start : start + size] for start in range(0, len(own), size)]
            assert [tuple(card for _, card in t.plays) for t in tricks] == sets
            assert sets == _tricks_laid(state, seat)  # the engine's TRICK events
            assert len(tricks) == state.tricks[seat]
            for number, trick in enumerate(tricks, start=1):
                assert (trick.number, trick.winner) == (number, seat)
                assert trick.rules[-1] == "MBS-15"
                assert mbs.sings([card for _, card in trick.plays], state.options)
        else:
            assert tricks == ()
        settled = mbs.explain_settlement(v)
        assert (settled is None) == (state.outcome is None)
        if settled is not None and state.outcome is not None:
            assert settled.rules
            assert settled.lines
            for winner in state.outcome.winners:
                assert any(f"seat {winner}" in line.lower() for line in settled.lines)
            for rule in settled.rules:
                assert any(rule in line for line in settled.lines)
            if state.outcome.singer is not None:
                shown = " ".join(map(str, state.outcome.shown))
                assert shown in settled.lines[0]


def check_from_the_view_alone(state: mbs.State, rng: random.Random) -> None:
    """The answers come from the view's values alone, never from the state behind it.

    A state sampled from the view of the seat to act (any deal that seat cannot tell from
    the real one) gets the same answers from the engine, and a copy of the view read back
    from JSON (no object shared with the state) the same explanations.
    """
    seat = state.to_act
    if seat is None:
        return
    v = mbs.view(state, seat)
    other = mbs.sample_state(v, rng)
    assert mbs.view(other, seat) == v
    copy = records.from_json(records.to_json(v), mbs.View)
    for action in rng.sample(_vocabulary(state, rng), 12):
        assert _expected(other, action) == mbs.explain_action(v, action)
        assert mbs.explain_action(copy, action) == mbs.explain_action(v, action)
    assert mbs.explain_unavailable(copy) == mbs.explain_unavailable(v)
    assert mbs.explain_tricks(copy) == mbs.explain_tricks(v)


@pytest.mark.parametrize("preset", sorted(mbs.PRESETS))
@settings(max_examples=10, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_explanations_agree_with_the_engine(
    preset: str, data: st.DataObject, seed: int, pick: int
) -> None:
    """Every decision of random deals: each seat's explanations say what the engine says."""
    options = data.draw(my_bird_sings_options(preset))
    rng = random.Random(pick)
    state = mbs.new_game(options, seed=seed, dealer=seed % options.players)
    for _ in range(MAX_DECISIONS):
        check_explanations(state, rng)
        if mbs.is_deal_over(state):
            break
        if rng.random() < 0.2:
            check_from_the_view_alone(state, rng)
        legal = mbs.legal_actions(state)
        state = mbs.apply_action(state, legal[rng.randrange(len(legal))])


def test_mbs_8_a_draw_outside_the_offered_hand_is_explained_to_the_drawer() -> None:
    """MBS-8: the drawer knows how many cards are offered, not which."""
    state = mbs.new_game(mbs.Options(players=3, passing="draw_blind"), seed=2)
    drawer = mbs.view(state, 2)
    assert mbs.explain_action(drawer, "draw 5") == Refusal(
        "draw 5", "MBS-8", "seat 1 offers 4 cards, at positions 0 to 3"
    )
    assert mbs.explain_action(mbs.view(state, 1), "draw 0") == Refusal(
        "draw 0", "MBS-8", "it is seat 2's turn to draw a card from seat 1's hand, not yours"
    )


def test_mbs_9_a_singing_holding_decides_first() -> None:
    """MBS-9 with auto_sing off (D-5): the sing is offered beside the passes, or declared.

    Throwing his pass, the singer may sing or pass (keeping silent); drawn from blind, he
    declares first. Nobody else is told whether his holding sings.
    """
    options = mbs.Options(players=3, auto_sing=False)
    state = position(options, {1: "2H 9H KH 5H"})
    assert (state.phase, state.to_act) == (mbs.Phase.PASS, 1)
    v = mbs.view(state, 1)
    assert mbs.explain_unavailable(v) == {}
    assert mbs.explain_action(v, "pass 2H") is None
    assert mbs.explain_action(v, "sing 2H 9H KH 5H") is None
    assert mbs.explain_action(v, "decline-sing") == Refusal(
        "decline-sing", "MBS-9", "there is nothing to decline: any other action here keeps silent"
    )
    assert mbs.explain_action(mbs.view(state, 0), "sing 2H 9H KH 5H") == Refusal(
        "sing 2H 5H 9H KH", "MBS-8", "it is seat 1's turn to pass a card, not yours"
    )
    blind = position(attrs.evolve(options, passing="draw_blind"), {1: "2H 9H KH 5H"}, seed=3)
    assert (blind.phase, blind.to_act) == (mbs.Phase.SING, 1)
    assert mbs.explain_action(mbs.view(blind, 1), "draw 0") == Refusal(
        "draw 0", "MBS-9", "seat 1 must first sing or keep silent"
    )
    assert mbs.explain_action(mbs.view(blind, 2), "draw 0") == Refusal(
        "draw 0", "MBS-9", "it is seat 1's turn to sing or keep silent, not yours"
    )


def test_mbs_12_the_settlement_names_the_singing_cards() -> None:
    """MBS-12 and MBS-4: the bird that sang, with which cards and why they sing."""
    state = position(mbs.Options(players=3), {1: "2H 9H KH 5H"})
    assert state.outcome is not None
    settled = mbs.explain_settlement(mbs.view(state, 2))
    assert settled is not None
    assert settled.rules == ("MBS-4", "MBS-12")
    assert settled.lines == (
        "Seat 1's bird sang with 2H 9H KH 5H: four hearts (MBS-4).",
        f"Seat 1 takes the pool: {state.outcome.payouts[1]} counters (MBS-12).",
    )


def test_mbs_15_tricks_are_explained_to_their_owner() -> None:
    """MBS-15: a laid set is the owner's trick; the others see only the count."""
    state = position(mbs.TO_EXHAUSTION, {1: "2H 9H KH 5H"})
    state = mbs.apply_action(state, "sing 2H 9H KH 5H")  # the bird lays its set (MBS-15)
    tricks = mbs.explain_tricks(mbs.view(state, 1))
    assert len(tricks) == state.tricks[1] >= 1
    trick = tricks[0]
    assert sorted(card for _, card in trick.plays) == sorted(parse_cards("2H 9H KH 5H"))
    assert trick.rules == ("MBS-4", "MBS-15")
    assert trick.reason == "2H 5H 9H KH sang (four hearts): seat 1 laid them face down as a trick"
    assert mbs.explain_tricks(mbs.view(state, 0)) == ()


def test_a_state_is_not_a_view_and_a_view_is_not_a_state() -> None:
    """Each function names the one to call instead."""
    state = mbs.new_game(mbs.Options(players=3), seed=2)
    with pytest.raises(TypeError, match=r"my_bird_sings\.view\(state, seat\)"):
        mbs.explain_action(state, "pass 9C")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="explain_action"):
        mbs.check_action(mbs.view(state, 1), "pass 9C")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="explain_action"):
        mbs.is_legal(mbs.view(state, 1), "pass 9C")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="explain_action"):  # no bare AttributeError
        mbs.apply_action(mbs.view(state, 1), "pass 9C")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"my_bird_sings\.view\(state, seat\)"):
        mbs.legal_actions(mbs.view(state, 1))
    for explain in (mbs.explain_unavailable, mbs.explain_tricks, mbs.explain_settlement):
        with pytest.raises(TypeError, match="View"):
            explain(state)  # type: ignore[arg-type]


def test_notation_and_non_actions() -> None:
    """Notation is read (C-7 for text that is no action); anything else is a TypeError."""
    v = mbs.view(mbs.new_game(mbs.Options(players=3), seed=2), 1)
    assert mbs.explain_action(v, "PASS 5d") is None
    fly = mbs.explain_action(v, "fly")
    assert fly is not None
    assert (fly.action, fly.rule) == ("fly", "C-7")
    with pytest.raises(TypeError, match=r"call my_bird_sings\.parse_action\(text\)"):
        mbs.explain_action(v, 7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="parse_action"):
        mbs.apply_action(mbs.new_game(mbs.Options(players=3), seed=1), None)  # type: ignore[call-overload]

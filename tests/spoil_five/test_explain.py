"""Spoil Five explains itself from a seat's view: the same answers as the engine, no leaks.

The property tests play random deals in every preset and, at every decision, ask every
seat's view what the engine says of the state: ``explain_action`` agrees with
``check_action`` for the seat to act (None or the same rule and sentence), refuses
every other seat by whose turn it is, ``explain_unavailable`` lists exactly the held
cards no legal action uses, ``explain_tricks`` names the engine's trick winners and
``explain_settlement`` the outcome. A state sampled from the view (any deal the seat
cannot tell from the real one) gets the same answers, so they come from the view alone.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import records
from cardrules import spoil_five as sf
from cardrules.cards import Card, parse_card
from cardrules.explanations import Refusal, SettlementExplanation, TrickExplanation
from tests.spoil_five.helpers import ALL_ACTIONS, game, run
from tests.strategies import spoil_five_options

MAX_DECISIONS = 40

SETTLING_RULES = {
    sf.OutcomeKind.WON: {"SF-19"},
    sf.OutcomeKind.SPOILT: {"SF-18"},
    sf.OutcomeKind.BARRED: {"SF-13", "SF-18"},
    sf.OutcomeKind.JINK: {"SF-21"},
    sf.OutcomeKind.JINK_FAILED: {"SF-21", "SF-18"},
    sf.OutcomeKind.HAND_SCORED: {"SF-24"},
    sf.OutcomeKind.GAME_WON: {"SF-24"},
}
"""The rules a settlement of each kind must name."""


def _expected(state: sf.State, action: sf.Action) -> Refusal | None:
    error = sf.check_action(state, action)
    return None if error is None else Refusal.of(error)


def _uses(action: sf.Action) -> Card | None:
    if isinstance(action, sf.Play):
        return action.card
    if isinstance(action, sf.Rob):
        return action.discard
    return None


def check_explanations(state: sf.State, rng: random.Random) -> None:
    """Every seat's explanations agree with the engine on ``state``."""
    legal = sf.legal_actions(state)
    for seat in range(state.options.players):
        v = sf.view(state, seat)
        if state.to_act is None or seat == state.to_act:
            for action in ALL_ACTIONS:
                assert sf.explain_action(v, action) == _expected(state, action), action
        else:
            for action in rng.sample(ALL_ACTIONS, 8):
                why = sf.explain_action(v, action)
                assert why is not None
                assert why.reason.endswith(", not yours")
                assert f"seat {state.to_act}" in why.reason
        unavailable = sf.explain_unavailable(v)
        if seat == state.to_act:
            used = {_uses(action) for action in legal}
            assert list(unavailable) == [card for card in v.hand if card not in used]
            for card, why in unavailable.items():
                assert why == _expected(state, sf.Play(card))
        else:
            assert unavailable == {}
        tricks = sf.explain_tricks(v)
        assert [t.winner for t in tricks] == [t.winner for t in state.tricks]
        for number, (told, trick) in enumerate(zip(tricks, state.tricks, strict=True), start=1):
            n = state.options.players
            assert told.number == number
            assert told.plays == tuple(
                ((trick.leader + k) % n, card) for k, card in enumerate(trick.cards)
            )
            assert told.card == trick.cards[(trick.winner - trick.leader) % n]
            assert told.reason.startswith(f"{told.card} wins: ")
            assert "SF-17" in told.rules
        settled = sf.explain_settlement(v)
        assert (settled is None) == (state.outcome is None)
        if settled is not None and state.outcome is not None:
            assert settled.rules
            assert settled.lines
            for winner in state.outcome.winners:
                assert any(f"seat {winner}" in line.lower() for line in settled.lines)
            assert SETTLING_RULES[state.outcome.kind] <= set(settled.rules)
            for rule in settled.rules:
                assert any(f"{rule})" in line or f"{rule}," in line for line in settled.lines)


def check_from_the_view_alone(state: sf.State, rng: random.Random) -> None:
    """The answers come from the view's values alone, never from the state behind it.

    A state sampled from the view of the seat to act (any deal that seat cannot tell from
    the real one) gets the same answers from the engine, and a copy of the view read back
    from JSON (no object shared with the state) the same explanations.
    """
    seat = state.to_act
    if seat is None:
        return
    v = sf.view(state, seat)
    other = sf.sample_state(v, rng)
    w = sf.view(other, seat)
    copy = records.from_json(records.to_json(v), sf.View)
    for action in rng.sample(ALL_ACTIONS, 12):
        assert sf.explain_action(w, action) == sf.explain_action(v, action)
        assert _expected(other, action) == sf.explain_action(v, action)
        assert sf.explain_action(copy, action) == sf.explain_action(v, action)
    assert sf.explain_unavailable(w) == sf.explain_unavailable(v)
    assert sf.explain_unavailable(copy) == sf.explain_unavailable(v)
    assert sf.explain_tricks(copy) == sf.explain_tricks(v)


@pytest.mark.parametrize("preset", sorted(sf.PRESETS))
@settings(max_examples=12, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_explanations_agree_with_the_engine(
    preset: str, data: st.DataObject, seed: int, pick: int
) -> None:
    """Every decision of random deals: each seat's explanations say what the engine says."""
    options = data.draw(spoil_five_options(preset))
    rng = random.Random(pick)
    state = sf.new_game(options, seed=seed, dealer=seed % options.players)
    for _ in range(MAX_DECISIONS):
        check_explanations(state, rng)
        if sf.is_deal_over(state):
            break
        if rng.random() < 0.2:
            check_from_the_view_alone(state, rng)
        legal = sf.legal_actions(state)
        state = sf.apply_action(state, legal[rng.randrange(len(legal))])


def test_explain_action_refuses_like_the_engine_at_the_first_trick() -> None:
    """SF-16: a plain lead obliges a holder of the suit; the view's answer is the engine's."""
    state = game(["2S 9S KH 3D 4C", "5S 6H 7H 8H 9H", "10S JD QD KD AD"], "7C")
    state = run(state, "play 5S")
    v = sf.view(state, 2)
    why = sf.explain_action(v, "play JD")
    assert why == Refusal(
        "play JD", "SF-16", "diamonds are not trumps and you hold a spade; follow suit or trump"
    )
    assert str(why) == str(sf.check_action(state, "play JD"))
    assert sf.explain_action(v, "play 10S") is None
    assert sf.explain_action(sf.view(state, 0), "play 2S") == Refusal(
        "play 2S", "SF-14", "it is seat 2's turn to play, not yours"
    )


def test_explain_unavailable_names_each_card_that_cannot_be_played() -> None:
    """SF-15: to a trump lead a holder of a trump must play one; the others are refused."""
    state = game(["2S 9S KH 3D 4C", "6C 5S 7H 8H 9H", "2C 10S JD QD KD"], "7C")
    state = run(state, "play 6C")
    unavailable = sf.explain_unavailable(sf.view(state, 2))
    assert list(unavailable) == sorted(parse_card(c) for c in ("10S", "JD", "QD", "KD"))
    assert {why.rule for why in unavailable.values()} == {"SF-15"}
    assert sf.explain_unavailable(sf.view(state, 0)) == {}


def test_explain_tricks_names_the_order_that_made_the_card_win() -> None:
    """SF-17 with SF-3: the best trump wins, and the sentence says where it ranks."""
    state = game(["2S 9S KH 3D 6D", "4C 5S 7H 8H 9H", "JC 10S QD KD AD"], "7C")
    state = run(state, "play 4C", "play JC", "play 2S")
    (trick,) = sf.explain_tricks(sf.view(state, 0))
    assert trick == TrickExplanation(
        number=1,
        plays=((1, parse_card("4C")), (2, parse_card("JC")), (0, parse_card("2S"))),
        winner=2,
        card=parse_card("JC"),
        rules=("SF-17", "SF-3"),
        reason="JC wins: clubs are trumps and JC is the second-best trump, above 4C",
    )


def test_explain_settlement_says_who_won_the_pool() -> None:
    """SF-18 and SF-19: three tricks win the hand and the pool."""
    state = game(["2S 9S KC 3D 4C", "5H JH KH QH 10H", "10S JD QD KD AD"], "7H")
    state = run(state, "play 5H", "play 10S", "play 2S", "play JH", "play JD", "play 9S")
    state = run(state, "play KH", "play QD", "play KC")
    assert state.outcome is not None
    assert state.outcome.winners == (1,)
    settled = sf.explain_settlement(sf.view(state, 0))
    assert settled == SettlementExplanation(
        rules=("SF-18", "SF-19"),
        lines=(
            "Seat 1 won 3 tricks and with them the hand (SF-18).",
            f"Seat 1 takes the pool: {state.outcome.payouts[1]} counters (SF-19).",
        ),
    )


def test_a_state_is_not_a_view_and_a_view_is_not_a_state() -> None:
    """Each function names the one to call instead."""
    state = sf.new_game(sf.Options(players=3), seed=1)
    with pytest.raises(TypeError, match=r"spoil_five\.view\(state, seat\)"):
        sf.explain_action(state, "play KS")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="explain_action"):
        sf.check_action(sf.view(state, 1), "play KS")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="explain_action"):
        sf.is_legal(sf.view(state, 1), "play KS")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="explain_action"):  # no bare AttributeError
        sf.apply_action(sf.view(state, 1), "play KS")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"spoil_five\.view\(state, seat\)"):
        sf.legal_actions(sf.view(state, 1))
    for explain in (sf.explain_unavailable, sf.explain_tricks, sf.explain_settlement):
        with pytest.raises(TypeError, match="View"):
            explain(state)  # type: ignore[arg-type]


def test_notation_and_non_actions() -> None:
    """Notation is read (C-7 for text that is no action); anything else is a TypeError."""
    v = sf.view(sf.new_game(sf.Options(players=3), seed=1), 1)
    assert sf.explain_action(v, "PLAY 6s") is None
    fly = sf.explain_action(v, "fly")
    assert fly is not None
    assert (fly.action, fly.rule) == ("fly", "C-7")
    with pytest.raises(TypeError, match=r"call spoil_five\.parse_action\(text\)"):
        sf.explain_action(v, 7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="parse_action"):
        sf.apply_action(sf.new_game(sf.Options(players=3), seed=1), None)  # type: ignore[call-overload]


def test_explanations_are_json_ready() -> None:
    """to_json and from_json carry every explanation (cards as notation) unchanged."""
    pytest.importorskip("cattrs")
    state = sf.new_game(sf.Options(players=3), seed=2)
    while not sf.is_deal_over(state):
        state = sf.apply_action(state, sf.legal_actions(state)[0])
    v = sf.view(state, 0)
    values: list[object] = [sf.explain_action(v, "play 2S"), *sf.explain_tricks(v)]
    values.append(sf.explain_settlement(v))
    for value in values:
        text = records.to_json(value)
        assert records.from_json(text, type(value)) == value
    assert '"card":"AS"' in records.to_json(sf.explain_tricks(v)[0])

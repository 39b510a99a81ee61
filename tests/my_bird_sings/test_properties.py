"""Hypothesis invariants over random My Bird Sings games, for every preset and size."""

from __future__ import annotations

import random
import re
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import FULL_PACK, SHORT_PACK, Card
from cardrules.errors import IllegalActionError
from cardrules.my_bird_sings import (
    PRESETS,
    Abandon,
    Action,
    DeclineExchange,
    DeclineSing,
    Draw,
    Exchange,
    Options,
    Pass,
    Phase,
    Sing,
    State,
    View,
    apply_action,
    check_action,
    history,
    is_deal_over,
    is_legal,
    legal_actions,
    new_game,
    next_deal,
    sample_state,
    singing_sets,
    sings,
    view,
)
from cardrules.my_bird_sings.state import Decision
from tests.strategies import my_bird_sings_options

RULE_ID = re.compile(r"^(MBS|C)-\d+$")


def _pack(options: Options) -> tuple[Card, ...]:
    return FULL_PACK if options.pack == 52 else SHORT_PACK


def _check_invariants(state: State) -> None:
    options = state.options
    n = options.players
    everywhere = [c for hand in state.hands for c in hand]
    everywhere += [*state.stock, *state.dead, *(c for t in state.trick_cards for c in t)]
    assert Counter(everywhere) == Counter(_pack(options))
    assert sum(state.balances) + state.pool == 0
    assert (state.outcome is None) == (state.to_act is not None) == bool(legal_actions(state))
    if not options.play_to_exhaustion:
        assert sum(map(len, state.hands)) == n * options.hand_size
        if state.phase in (Phase.PASS, Phase.EXCHANGE, Phase.DRAW) and state.turn > 0:
            seat = state.on_turn
            size = options.hand_size + (seat != state.eldest)
            assert len(state.hands[seat]) == size  # MBS-10
            if options.auto_sing:
                assert not sings(state.hands[seat], options)
    for seat in range(n):
        _check_view(state, view(state, seat))


def _check_view(state: State, v: View) -> None:
    assert v.hand == state.hands[v.seat]
    assert v.legal_actions == (legal_actions(state) if state.to_act == v.seat else ())
    seen = set(v.hand) | set(v.passed) | set(v.received) | set(v.trick_cards)
    seen |= set(v.public_rejects) | set(v.replenished)
    seen |= set(v.outcome.shown if v.outcome is not None else ())
    for exchange in v.exchanges:
        seen |= {exchange.discard, exchange.taken, *exchange.rejects}
    for value in attrs.astuple(v, recurse=False):
        if isinstance(value, Card):
            assert value in seen
        elif isinstance(value, tuple):
            assert all(c in seen for c in value if isinstance(c, Card))
    assert v.stock_count == len(state.stock)
    assert v.dead_count == len(state.dead)


def _illegal_candidates(state: State, rng: random.Random) -> list[Action]:
    pack = _pack(state.options)
    return [
        Pass(rng.choice(FULL_PACK)),
        Exchange(rng.choice(pack)),
        Draw(rng.randrange(8)),
        DeclineExchange(),
        DeclineSing(),
        Sing(tuple(rng.sample(pack, state.options.hand_size))),
        Abandon(),
    ]


def _fingerprint(state: State) -> object:
    return (
        state.hands,
        state.turn,
        state.to_act,
        state.phase,
        legal_actions(state),
        state.stock,
        state.dead,
        state.pool,
        state.balances,
        state.tricks,
        history(state),
    )


@settings(max_examples=80, deadline=None)
@given(options=my_bird_sings_options(), seed=st.integers(0, 2**32), choices=st.randoms())
def test_random_games_keep_every_invariant(
    options: Options, seed: int, choices: random.Random
) -> None:
    """Cards, counters, MBS-10 counts, views, legality agreement and purity, every step."""
    state = new_game(options, seed=seed, dealer=seed % options.players)
    for _deal in range(2):
        steps = 0
        while not is_deal_over(state):
            _check_invariants(state)
            legal = legal_actions(state)
            if any(isinstance(a, Abandon) for a in legal):  # MBS-13: only as a round begins
                assert isinstance(legal[-1], Abandon)
                assert state.turn >= options.players
                assert state.turn % options.players == 0
            for action in _illegal_candidates(state, choices):
                if action in legal:
                    assert is_legal(state, action)
                    continue
                assert not is_legal(state, action)
                with pytest.raises(IllegalActionError) as refused:
                    apply_action(state, action)
                assert RULE_ID.match(refused.value.rule), refused.value.rule
                assert str(refused.value).startswith(f"cannot {action}: ")
                if isinstance(action, Abandon):  # out of place: not a new round's start
                    assert refused.value.rule == "MBS-13"
                    assert "next chance: turn" in str(refused.value)
            playing: list[Action] = [a for a in legal if not isinstance(a, Abandon)]
            action = choices.choice(playing)
            assert is_legal(state, action)
            before = _fingerprint(state)
            state = apply_action(state, action)
            assert _fingerprint(state) != before or state.outcome is not None
            steps += 1
            assert steps < 10_000
        _check_invariants(state)
        assert is_legal(state, Abandon()) is False
        outcome = state.outcome
        if outcome is not None and outcome.singer is not None and options.auto_sing:
            # MBS-12: the engine shows one of the singing sets, drawn with the deal's seed.
            assert outcome.shown in singing_sets(state.hands[outcome.singer], options)
        state = next_deal(state)


def _candidates(state: State, rng: random.Random) -> list[object]:
    """The legal actions, a sample of the illegal ones, and things that are no action."""
    pack = _pack(state.options)
    sampled: list[object] = [
        *legal_actions(state),
        *_illegal_candidates(state, rng),
        Pass(rng.choice(pack)),
        Exchange(rng.choice(pack)),
        Sing(tuple(rng.sample(pack, state.options.hand_size + 1))),
        "hand over KH",
    ]
    for hand in state.hands:  # sets of held cards: some sing, most not
        if len(hand) >= state.options.hand_size:
            sampled.append(Sing(hand[: state.options.hand_size]))
    return sampled


@settings(max_examples=60, deadline=None)
@given(options=my_bird_sings_options(), seed=st.integers(0, 2**32), choices=st.randoms())
def test_is_legal_is_check_action_finding_nothing_and_apply_refuses_with_it(
    options: Options, seed: int, choices: random.Random
) -> None:
    """is_legal(s, a) is check_action(s, a) is None; apply_action raises exactly that error.

    An illegal action leaves the state as it was, and a legal one is in legal_actions.
    """
    state = new_game(options, seed=seed, dealer=seed % options.players)
    for _step in range(60):
        legal = legal_actions(state)
        before = _fingerprint(state)
        for action in _candidates(state, choices):
            error = check_action(state, action)
            assert is_legal(state, action) == (error is None)
            assert (error is None) == (action in legal)
            if error is None:
                continue
            assert RULE_ID.match(error.rule), error.rule
            with pytest.raises(IllegalActionError) as refused:
                apply_action(state, action)  # type: ignore[call-overload]
            assert type(refused.value) is type(error)
            assert (refused.value.rule, str(refused.value)) == (error.rule, str(error))
            assert _fingerprint(state) == before
        for thing in (None, 7, legal[0].__class__ if legal else object):  # no action at all
            with pytest.raises(TypeError, match="parse_action"):
                check_action(state, thing)
            with pytest.raises(TypeError, match="parse_action"):
                is_legal(state, thing)
            with pytest.raises(TypeError, match="parse_action"):
                apply_action(state, thing)  # type: ignore[call-overload]
        if is_deal_over(state):
            break
        state = apply_action(state, choices.choice(legal))


@settings(max_examples=40, deadline=None)
@given(options=my_bird_sings_options(), seed=st.integers(0, 2**32), picks=st.randoms())
def test_purity_and_determinism(options: Options, seed: int, picks: random.Random) -> None:
    """apply_action never changes its input; the same seed and choices give the same game."""
    runs = []
    for _ in range(2):
        rng = random.Random(seed)
        state = new_game(options, seed=seed)
        states = [state]
        while not is_deal_over(state) and len(states) < 200:
            legal = legal_actions(state)
            before = _fingerprint(state)
            state = apply_action(state, legal[int(rng.random() * len(legal))])
            assert _fingerprint(states[-1]) == before
            states.append(state)
        runs.append(states)
    assert runs[0] == runs[1]


# The Random is seeded (use_true_random) rather than drawn value by value: sample_state
# redraws hidden hands that must not sing up to 200 times, and with the all-zero draws of the
# simplest example (seed 0's deal) it needs every redraw, an example too large to generate.
@settings(max_examples=40, deadline=None)
@given(
    options=my_bird_sings_options(),
    seed=st.integers(0, 2**32),
    rng=st.randoms(use_true_random=True),
)
def test_sampled_states_match_the_view(options: Options, seed: int, rng: random.Random) -> None:
    """A sampled state shows the seat exactly its view and offers the same actions."""
    state = new_game(options, seed=seed)
    for _ in range(rng.randrange(1, 30)):
        if is_deal_over(state):
            break
        legal = [a for a in legal_actions(state) if not isinstance(a, Abandon)]
        state = apply_action(state, rng.choice(legal))
    seat = state.to_act if state.to_act is not None else rng.randrange(options.players)
    v = view(state, seat)
    sample = sample_state(v, rng)
    assert view(sample, seat) == v
    assert legal_actions(sample) == legal_actions(state) or state.to_act != seat
    if state.to_act == seat:  # the seat to act sees its whole decision, and its turn's step
        assert isinstance(sample._decision, Decision)
        assert isinstance(state._decision, Decision)
        assert sample._decision.step == state._decision.step
    if v.outcome is not None and v.outcome.singer is not None:  # shown from his hand
        assert set(v.outcome.shown) <= set(sample.hands[v.outcome.singer])
    offered = [  # the MBS-13 offer is public: the view says it (abandon_offered)
        any(isinstance(a, Abandon) for a in legal)
        for legal in (legal_actions(sample), legal_actions(state))
    ]
    assert offered[0] == offered[1]
    _check_invariants(sample)
    while not is_deal_over(sample):  # a sampled state plays on
        legal = [a for a in legal_actions(sample) if not isinstance(a, Abandon)]
        sample = apply_action(sample, rng.choice(legal))


def test_random_play_ends_for_every_preset_and_size() -> None:
    """Random play (never abandoning) ends every deal; 13 players need the round limit."""
    rng = random.Random(7)
    for preset in PRESETS.values():
        most = 13 if preset.pack == 52 else 8
        for players in range(2, most + 1):
            options = attrs.evolve(preset, players=players, round_limit=200)
            state = new_game(options, seed=players)
            for _ in range(3):
                while not is_deal_over(state):
                    legal = [a for a in legal_actions(state) if not isinstance(a, Abandon)]
                    state = apply_action(state, rng.choice(legal))
                state = next_deal(state)


def _decision_shape(state: State) -> tuple[object, ...]:
    """What a seat that does not decide knows of the pending decision (public).

    Its phase and seat, whether the player on turn has exchanged, whether it offers
    ``Abandon()`` (MBS-13) and, under declared singing, whether the player on turn decides
    right after a check of his holding (then his sings stand beside his actions, D-5): a
    sampled state must wait on the same decision, whatever hands it deals.
    """
    legal = legal_actions(state)
    offers_abandon = any(isinstance(action, Abandon) for action in legal)
    step = state._decision.step if isinstance(state._decision, Decision) else None
    return (
        state.phase,
        state.to_act,
        view(state, state.on_turn).exchanged,
        None if step is None else (step.pre, step.exchanged, step.checked),
        (offers_abandon, step and step.abandon),  # public, as the view's abandon_offered
    )


# A declined declaration (declared singing with blind draws: the turn's first decision is
# the declaration, and the draw after it offers no Abandon()) was a case sample_state could
# not read; a seat that does not decide now reads it from the rules.
@settings(max_examples=60, deadline=None)
@given(
    options=my_bird_sings_options(),
    blind_declared=st.booleans(),
    seed=st.integers(0, 2**32),
    rng=st.randoms(use_true_random=True),
)
def test_sampled_states_wait_on_the_decision_play_reached(
    options: Options, blind_declared: bool, seed: int, rng: random.Random
) -> None:
    """From every seat's view, the sampled state waits on the decision play reached.

    Play goes on to a round's start and past it (where MBS-13 offers ``Abandon()``), so the
    turns that begin with a declined declaration or a laid trick come up; each seat that
    does not decide samples the state, which must wait on the same public decision.
    """
    if blind_declared:
        options = attrs.evolve(options, passing="draw_blind", auto_sing=False)
    state = new_game(options, seed=seed)
    for _ in range(rng.randrange(1, 60)):
        if is_deal_over(state):
            break
        legal = [a for a in legal_actions(state) if not isinstance(a, Abandon)]
        state = apply_action(state, rng.choice(legal))
        if is_deal_over(state):
            break
        for seat in range(options.players):
            if seat == state.to_act:
                continue
            sample = sample_state(view(state, seat), rng)
            assert view(sample, seat) == view(state, seat)
            assert _decision_shape(sample) == _decision_shape(state)

"""Invariants of the Spoil Five engine over random games (Hypothesis)."""

from __future__ import annotations

import copy
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardrules import spoil_five as sf
from cardrules.cards import FULL_PACK, Card, Rank
from cardrules.dealing import shuffled
from cardrules.errors import IllegalActionError
from tests.spoil_five.helpers import ALL_ACTIONS, play_out
from tests.strategies import spoil_five_options

RULE_ID = re.compile(r"^(SF|C)-\d+$")
MAX_DECISIONS = 60


def all_cards(state: sf.State) -> Counter[Card]:
    """Every card of the pack, wherever it is: hands, tricks, discards, table, undealt."""
    cards: Counter[Card] = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(state.trick)
    for trick in state.tricks:
        cards.update(trick.cards)
    cards.update(card for _, card in state.discards)
    cards.update(state.set_aside)
    cards.update(state.undealt)
    if state.turn_up_on_table:
        cards[state.turn_up] += 1
    return cards


def snapshot(state: sf.State) -> tuple[object, ...]:
    return (repr(state), sf.legal_actions(state), sf.history(state), state.hands, state.events)


def pure_plays(state: sf.State) -> tuple[sf.Action, ...]:
    """The plays the pure SF-14 to SF-16 function allows the seat to act (no engine state)."""
    assert state.to_act is not None
    cards = sf.legal_plays(
        state.hands[state.to_act],
        state.trick,
        state.trump,
        ranking=state.options.ranking,
        plain_lead_rule=state.options.plain_lead_rule,
    )
    return tuple(sf.Play(card) for card in cards)


def check_refusals(state: sf.State, actions: list[sf.Action]) -> None:
    """is_legal is check_action(...) is None; apply_action raises exactly check_action's
    error and leaves the state as it was."""
    before = snapshot(state)
    for action in actions:
        error = sf.check_action(state, action)
        assert sf.is_legal(state, action) == (error is None)
        if error is not None:
            with pytest.raises(IllegalActionError) as refused:
                sf.apply_action(state, action)
            assert (refused.value.rule, str(refused.value)) == (error.rule, str(error))
            assert refused.value.action is error.action
            assert RULE_ID.match(error.rule), error.rule
            assert error.reason
    assert snapshot(state) == before


def check_state(state: sf.State, rng: random.Random) -> None:
    assert all_cards(state) == Counter(FULL_PACK)
    assert sum(state.balances) + state.pool == 0
    n = state.options.players
    for trick in state.tricks:  # the engine's tables agree with the public SF-17 function
        best = sf.trick_winner(trick.cards, state.trump, state.options.ranking)
        assert trick.winner == (trick.leader + best) % n
    legal = sf.legal_actions(state)
    assert legal == tuple(a for a in ALL_ACTIONS if sf.is_legal(state, a))
    assert (legal == ()) == (state.to_act is None)
    if state.phase is sf.Phase.PLAY:  # legality agreement with the pure function
        plays = tuple(action for action in legal if isinstance(action, sf.Play))
        assert plays == pure_plays(state)
        assert all(isinstance(action, sf.Rob) for action in legal[len(plays) :])
    before = snapshot(state)
    check_refusals(state, rng.sample(ALL_ACTIONS, 6))
    for action in legal[:3]:
        sf.apply_action(state, action)
        assert sf.check_action(state, action) is None
    assert snapshot(state) == before
    for seat in range(state.options.players):
        view = sf.view(state, seat)
        assert view.hand == state.hands[seat]
        assert view.legal_actions == (legal if seat == state.to_act else ())
        for event in view.events:
            if event.kind is sf.EventKind.ROB and event.seat != seat:
                assert event.card is None
            if event.kind is sf.EventKind.DECLINE_ROB and event.seat != seat:
                assert state.turn_up.rank is Rank.ACE  # only the dealer's decline is public
        assert set(view.barred) <= set(state.barred)
        assert (seat in view.barred) == (seat in state.barred)
    if state.phase is sf.Phase.ROB:  # a rob phase of its own only where it cannot be declined
        assert state.options.robbing == "compulsory"
        assert state.options.rob_enforcement == "enforce"
    assert (sf.DeclineRob() in legal) == (state.phase is sf.Phase.DEALER_ROB and len(legal) > 5)


def random_session(
    opts: sf.Options, seed: int, rng: random.Random, deals: int, check: bool
) -> list[sf.Action]:
    """Play ``deals`` random deals; return the actions taken."""
    state = sf.new_game(opts, seed=seed)
    taken: list[sf.Action] = []
    for _ in range(deals):
        decisions = 0
        while state.to_act is not None:
            if check:
                check_state(state, rng)
            legal = sf.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            taken.append(action)
            state = sf.apply_action(state, action)
            decisions += 1
            assert decisions <= MAX_DECISIONS
        assert sf.is_deal_over(state)
        if check:
            check_state(state, rng)
        if sf.is_game_over(state):
            break
        state = sf.next_deal(state)
    return taken


@settings(max_examples=60, deadline=None)
@given(opts=spoil_five_options(), seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(opts: sf.Options, seed: int, pick: int) -> None:
    """Cards and counters are conserved; legality, purity and views agree at every step."""
    random_session(opts, seed, random.Random(pick), deals=2, check=True)


@settings(max_examples=20, deadline=None)
@given(opts=spoil_five_options(), seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_check_action_is_the_one_judge_of_legality(opts: sf.Options, seed: int, pick: int) -> None:
    """For every action at every step of a random deal: is_legal(s, a) is exactly
    check_action(s, a) is None, and apply_action raises the very error check_action
    returns, leaving the state unchanged."""
    rng = random.Random(pick)
    state = sf.new_game(opts, seed=seed)
    while state.to_act is not None:
        check_refusals(state, list(ALL_ACTIONS))
        legal = sf.legal_actions(state)
        state = sf.apply_action(state, legal[rng.randrange(len(legal))])
    check_refusals(state, list(ALL_ACTIONS[:3]))


@settings(max_examples=30, deadline=None)
@given(opts=spoil_five_options(), seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_same_seed_and_actions_give_equal_states(opts: sf.Options, seed: int, pick: int) -> None:
    """Replaying the same seed and actions reproduces the same states and history."""
    first = sf.new_game(opts, seed=seed)
    second = sf.new_game(opts, seed=seed)
    rng = random.Random(pick)
    while first.to_act is not None:
        assert first == second
        action = sf.legal_actions(first)[rng.randrange(len(sf.legal_actions(first)))]
        first = sf.apply_action(first, action)
        second = sf.apply_action(second, action)
    assert first == second
    assert sf.history(first) == sf.history(second)
    (deal,) = sf.history(first).deals
    replayed = sf.new_game(opts, seed=deal.seed, dealer=deal.dealer)
    for action in deal.actions:
        replayed = sf.apply_action(replayed, action)
    assert replayed == first


@settings(max_examples=40, deadline=None)
@given(opts=spoil_five_options(), seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_sampled_states_agree_with_the_view(opts: sf.Options, seed: int, pick: int) -> None:
    """A state sampled from a view shows that seat exactly the same view.

    It waits on the decision play reached (the same phase, seat and, for a play, whether
    the turn-up may still be robbed), and the seat to act has the same legal actions.
    """
    choices = random.Random(pick)
    state = sf.new_game(opts, seed=seed)
    while state.to_act is not None:
        seat = choices.randrange(opts.players)
        view = sf.view(state, seat)
        sample = sf.sample_state(view, choices)
        assert sf.view(sample, seat) == view
        assert all_cards(sample) == Counter(FULL_PACK)
        assert type(sample.decision) is type(state.decision)
        assert (sample.phase, sample.to_act) == (state.phase, state.to_act)
        assert sample.decision.window == state.decision.window
        if seat == state.to_act:
            assert sf.legal_actions(sample) == sf.legal_actions(state)
        legal = sf.legal_actions(state)
        state = sf.apply_action(state, legal[choices.randrange(len(legal))])
    seat = choices.randrange(opts.players)  # the settled deal too: the view's settlement
    sample = sf.sample_state(sf.view(state, seat), choices)
    assert sf.view(sample, seat) == sf.view(state, seat)
    assert (sample.pool, sample.balances, sample.scores) == (
        state.pool,
        state.balances,
        state.scores,
    )


def _twin_packs(
    opts: sf.Options, rng: random.Random
) -> tuple[tuple[Card, ...], tuple[Card, ...], Card] | None:
    """Two packs that differ only in whether the ace of trumps (returned too) is dealt (in
    the second pack an undealt card takes its place); None if the turn-up is an ace."""
    n = opts.players
    pack = list(shuffled(FULL_PACK, rng))
    turn_up = pack[5 * n]
    if turn_up.rank is Rank.ACE:
        return None
    ace = pack.index(Card(Rank.ACE, turn_up.suit))
    dealt, undealt = rng.randrange(5 * n), rng.randrange(5 * n + 1, 52)
    if ace < 5 * n:
        dealt = ace
    else:  # bring the ace into a hand
        pack[dealt], pack[ace] = pack[ace], pack[dealt]
    other = list(pack)
    other[dealt], other[undealt] = other[undealt], other[dealt]  # the ace is undealt
    return tuple(pack), tuple(other), pack[dealt]


@settings(max_examples=60, deadline=None)
@given(
    opts=spoil_five_options(),
    declining=st.sampled_from(["optional", "penalize"]),
    pick=st.integers(),
)
def test_a_declined_rob_reveals_nothing(opts: sf.Options, declining: str, pick: int) -> None:
    """C-6, SF-12: where a rob may be declined, a deal where some seat holds the ace of
    trumps and one where that card is undealt look the same to every other seat, whatever
    is played (as long as both deals allow it), until the holder's side takes the tricks
    that settle the hand."""
    robbing: dict[str, Any] = {"robbing": "optional", "rob_enforcement": "enforce"}
    if declining == "penalize":
        robbing = {"robbing": "compulsory", "rob_enforcement": "penalize"}
    assume(opts.scoring == "pool")
    opts = attrs.evolve(opts, fiving=False, stop_when_spoil_certain=False, **robbing)
    rng = random.Random(pick)
    twins = _twin_packs(opts, rng)
    assume(twins is not None)
    assert twins is not None
    with_ace, without, ace = twins
    dealer = rng.randrange(opts.players)
    first = sf.new_game(opts, deck=with_ace, dealer=dealer)
    second = sf.new_game(opts, deck=without, dealer=dealer)
    holder = next(seat for seat, hand in enumerate(first.hands) if ace in hand)
    partners = next(team for team in opts.teams or [(holder,)] if holder in team)
    while first.to_act is not None:
        if sum(first.tricks_won[seat] for seat in partners) >= opts.win_tricks:
            break  # the holder's side has the tricks: a bar now decides the hand
        for seat in range(opts.players):
            if seat != holder:
                assert sf.view(first, seat) == sf.view(second, seat)
        common = [a for a in sf.legal_actions(first) if sf.is_legal(second, a)]
        if not common:
            break  # the holder must now play the card that differs
        action = common[rng.randrange(len(common))]
        first, second = sf.apply_action(first, action), sf.apply_action(second, action)


def test_a_few_hundred_five_player_deals_in_sequence() -> None:
    """Random play through legal_actions/apply_action/next_deal for 300 deals."""
    rng = random.Random(2024)
    state = sf.new_game(sf.PEEL, seed=2024)
    kinds: Counter[sf.OutcomeKind] = Counter()
    for _ in range(300):
        while state.to_act is not None:
            legal = sf.legal_actions(state)
            state = sf.apply_action(state, legal[rng.randrange(len(legal))])
        assert state.outcome is not None
        kinds[state.outcome.kind] += 1
        assert sum(state.balances) + state.pool == 0
        state = sf.next_deal(state)
    assert set(kinds) == {sf.OutcomeKind.WON, sf.OutcomeKind.SPOILT}
    assert len(sf.history(state).deals) == 301
    assert [deal.dealer for deal in sf.history(state).deals[:6]] == [0, 1, 2, 3, 4, 0]


def test_every_preset_plays_to_the_end() -> None:
    """Each named preset plays several random deals to completion."""
    rng = random.Random(7)
    for opts in sf.PRESETS.values():
        random_session(opts, 7, rng, deals=20, check=False)


def _long_session(deals: int) -> sf.State:
    """A session of ``deals`` finished deals (first legal action each time), then one more."""
    state = sf.new_game(sf.Options(players=3), seed=77)
    for _ in range(deals):
        state = sf.next_deal(play_out(state))
    return state


def test_long_sessions_compare_hash_and_pickle_without_recursion_error() -> None:
    """Histories of 1,200+ deals are deep persistent lists; ==, hash and pickle stay flat."""
    first = _long_session(1250)
    second = _long_session(1250)
    assert first is not second
    assert first == second
    assert hash(first) == hash(second)
    assert len(sf.history(first).deals) == 1251
    other = sf.next_deal(play_out(first), seed=1)
    assert other != sf.next_deal(play_out(second), seed=2)
    restored = pickle.loads(pickle.dumps(first))
    assert restored == first
    assert sf.history(restored) == sf.history(first)
    assert copy.deepcopy(first) == first
    # The restored state plays on exactly like the original.
    assert play_out(restored) == play_out(first)


def test_states_are_frozen_values() -> None:
    """States refuse assignment and new attributes, compare and hash by value, and pickle
    to an equal state that plays on alike; their outcomes and tricks are frozen too."""
    state = play_out(sf.new_game(sf.Options(players=4, jinking=True), seed=3))
    for name in ("to_act", "phase", "hands", "pool", "tricks", "barred", "outcome"):
        with pytest.raises(AttributeError):
            setattr(state, name, None)
    with pytest.raises(AttributeError):
        state.anything = 1  # type: ignore[attr-defined]
    assert not hasattr(state, "__dict__")
    assert state.outcome is not None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.outcome.kind = sf.OutcomeKind.WON  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.tricks[0].winner = 0  # type: ignore[misc]
    restored = pickle.loads(pickle.dumps(state))
    assert restored == state
    assert hash(restored) == hash(state)
    fresh = sf.new_game(sf.Options(players=4, jinking=True), seed=3)
    assert pickle.loads(pickle.dumps(fresh)) == fresh
    assert play_out(pickle.loads(pickle.dumps(fresh))) == state


def test_completed_tricks_are_built_when_read_and_shared() -> None:
    """A state keeps its completed tricks as plain facts; ``tricks`` shows them as
    ``Trick`` values built at the first read and shared by every later read, state and
    view of the deal, and they pickle to the same tricks."""
    state = sf.new_game(sf.Options(players=4), seed=5)
    rng = random.Random(5)
    seen: list[sf.Trick] = []
    while state.to_act is not None:
        tricks = state.tricks
        assert type(tricks) is tuple
        assert all(type(t) is sf.Trick for t in tricks)
        assert [a is b for a, b in zip(tricks, seen, strict=False)] == [True] * len(seen)
        assert sf.view(state, 0).tricks == tricks
        for trick in tricks[len(seen) :]:
            winner = trick.leader + sf.trick_winner(trick.cards, state.trump)
            assert (len(trick.cards), winner % 4) == (4, trick.winner)
        seen = list(tricks)
        legal = sf.legal_actions(state)
        state = sf.apply_action(state, legal[rng.randrange(len(legal))])
    assert len(state.tricks) == sum(state.tricks_won) > 0
    assert pickle.loads(pickle.dumps(state)).tricks == state.tricks
    # a pickle of an earlier version holds the public Trick values: it loads alike
    reduced = cast("tuple[Callable[..., sf.State], tuple[Any, ...]]", state.__reduce__())
    rebuild, fields = reduced
    earlier = (*fields[:5], state.tricks, *fields[6:])
    assert rebuild(*earlier) == state
    assert rebuild(*earlier).tricks == state.tricks


def test_the_outcome_is_built_when_read_and_shared() -> None:
    """A settled state keeps its settlement as plain facts; ``outcome`` shows them as an
    ``Outcome`` built at the first read and shared by every later read and view; a state
    pickles its public ``Outcome`` (as earlier versions did) and loads equal."""
    for options in (sf.Options(players=4), sf.Options(players=4, scoring="points")):
        state = sf.new_game(options, seed=7)
        assert state.outcome is None
        state = play_out(state)
        outcome = state.outcome
        assert type(outcome) is sf.Outcome
        assert state.outcome is outcome
        assert sf.view(state, 1).outcome is outcome
        assert outcome.tricks_won == state.tricks_won
        assert outcome.carried == state.pool
        data = pickle.dumps(state)
        assert b"Outcome" in data
        assert b"Settled" not in data
        restored = pickle.loads(data)
        assert restored == state
        assert hash(restored) == hash(state)
        assert restored.outcome == outcome
        if state.phase is sf.Phase.DEAL_OVER:
            assert sf.next_deal(restored) == sf.next_deal(state)


def test_a_play_decision_is_built_from_the_state_when_read() -> None:
    """A state waiting on a play keeps its seat, legal actions and window; its decision,
    built when read, is a PlayDecision of those (equal at every read); any other state
    holds the decision its rule made. Both pickle to equal states that play on alike."""
    rng = random.Random(11)
    state = sf.new_game(sf.Options(players=4, jinking=True, robbing="optional"), seed=11)
    kinds: set[str] = set()
    while state.to_act is not None:
        decision = state.decision
        assert (decision.seat, decision.legal) == (state.to_act, sf.legal_actions(state))
        assert decision.phase is state.phase
        if state.phase is sf.Phase.PLAY:  # built anew at each read, equal each time
            assert decision == state.decision
            assert decision is not state.decision
        else:  # the value its rule made, held
            assert decision is state.decision
        kinds.add(type(decision).__name__)
        restored = pickle.loads(pickle.dumps(state))
        assert restored == state
        assert hash(restored) == hash(state)
        assert restored.decision == decision
        action = rng.choice(sf.legal_actions(state))
        assert sf.apply_action(restored, action) == sf.apply_action(state, action)
        state = sf.apply_action(state, action)
    assert "PlayDecision" in kinds
    assert type(state.decision).__name__ == "DealOver"

"""Views leak nothing (C-6): checked with Hypothesis for both games.

Two properties, for every seat of random reachable states:

* **No unknown card.** The JSON of a seat's view names only cards that seat has seen:
  its own hands so far, cards shown face up to everybody, and what it saw privately (its
  own exchanges' rejects). What a seat has seen is tracked here from the full states,
  independently of the engine's view code.
* **Indistinguishability.** Take a game and change the cards the seat never sees in the
  whole game (a random permutation of them, within each suit); replay the same actions
  (with the permuted cards). As long as the actions stay legal and the seat's own hand is
  the same, the seat's views of the two games must be identical, JSON for JSON. This also
  catches leaks that are not card names (a count, an order, a seed).
"""

from __future__ import annotations

import random
import types
from typing import Any

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardrules import my_bird_sings, records, spoil_five
from cardrules.cards import Card, Rank
from cardrules.dealing import shuffled
from tests.records.games import ALL_CASES, cards_in_json, choose, pack_of


def _trajectory(
    game: types.ModuleType, options: Any, rng: random.Random, max_actions: int
) -> tuple[tuple[Card, ...], int, int, list[Any], list[Any]]:
    """One deal from an explicit pack: (deck, seed, dealer, states, actions)."""
    deck = shuffled(pack_of(game, options), rng)
    seed = rng.randrange(1000)
    dealer = rng.randrange(options.players)
    state = game.new_game(options, deck=deck, seed=seed, dealer=dealer)
    states: list[Any] = [state]
    actions: list[Any] = []
    while not game.is_deal_over(state) and len(actions) < max_actions:
        action = choose(game.legal_actions(state), rng)
        state = game.apply_action(state, action)
        states.append(state)
        actions.append(action)
    return deck, seed, dealer, states, actions


def _public_cards(game: types.ModuleType, state: Any) -> set[Card]:
    """Cards every seat sees face up in ``state``."""
    if game is spoil_five:
        cards = {state.turn_up, *state.trick, *state.set_aside}
        for trick in state.tricks:
            cards.update(trick.cards)
        return cards
    outcome = state.outcome
    return set(outcome.shown) if outcome is not None else set()


def _turned(before: Any, after: Any) -> tuple[Card, ...]:
    """The stock cards turned during one My Bird Sings exchange (top first)."""
    old: tuple[Card, ...] = before.stock
    new: tuple[Card, ...] = after.stock
    for k in range(len(old) + 1):
        if new[: len(old) - k] == old[k:]:
            return old[:k]
    raise AssertionError("the stock changed in an unexpected way")  # pragma: no cover


def _own_cards(game: types.ModuleType, state: Any, seat: int) -> set[Card]:
    """Cards ``seat`` holds or has laid face down itself.

    A received card can go straight into a trick within one call (My Bird Sings,
    MBS-15), never resting in the hand between two states.
    """
    if game is spoil_five:
        return set(state.hands[seat])
    return set(state.hands[seat]) | set(state.trick_cards[seat])


def _seen(
    game: types.ModuleType, states: list[Any], actions: list[Any], seat: int
) -> list[set[Card]]:
    """For each state, every card ``seat`` has seen up to and including that state."""
    seen = _own_cards(game, states[0], seat) | _public_cards(game, states[0])
    result = [set(seen)]
    for before, action, after in zip(states, actions, states[1:], strict=False):
        seen |= _own_cards(game, after, seat) | _public_cards(game, after)
        if isinstance(action, getattr(game, "Exchange", ())):
            turned = _turned(before, after)
            actor = before.to_act
            if actor == seat:
                seen.update(turned)
            elif after.options.rejects_visible:
                seen.update(card for card in turned if card not in after.hands[actor])
        result.append(set(seen))
    return result


def _map_action(action: Any, permutation: dict[Card, Card]) -> Any:
    """The action with every card in it replaced through ``permutation``."""
    changes: dict[str, object] = {}
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        if isinstance(value, Card):
            changes[field.name] = permutation[value]
        elif isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
            changes[field.name] = tuple(permutation[card] for card in value)
    return attrs.evolve(action, **changes) if changes else action


def _hidden_permutation(
    pack: tuple[Card, ...], fixed: set[Card], rng: random.Random, *, within_suits: bool = True
) -> dict[Card, Card]:
    """A random permutation of the cards not in ``fixed``, each card kept in its suit
    unless ``within_suits`` is false."""
    permutation = {card: card for card in pack}
    groups = [[c for c in pack if c.suit is suit] for suit in {c.suit for c in pack}]
    for group in groups if within_suits else [list(pack)]:
        hidden = [card for card in group if card not in fixed]
        shuffled_hidden = list(hidden)
        rng.shuffle(shuffled_hidden)
        permutation.update(zip(hidden, shuffled_hidden, strict=True))
    return permutation


def _views_compared(
    game: types.ModuleType,
    trajectory: tuple[tuple[Card, ...], int, int, list[Any], list[Any]],
    permutation: dict[Card, Card],
    seat: int,
    comparable: Any = None,
) -> int:
    """Replay a trajectory with its hidden cards permuted; return how many views matched.

    The other game is dealt from the permuted pack and plays the same actions (their
    cards permuted). At each state the seat's two views must be identical, JSON for JSON,
    for as long as the games stay comparable: the same relabelled hands, ``comparable``
    (if given) true of the two states, and each next action legal in both.
    """
    deck, deal_seed, dealer, states, actions = trajectory
    other = game.new_game(
        states[0].options, deck=[permutation[card] for card in deck], seed=deal_seed,
        dealer=dealer,
    )  # fmt: skip
    compared = 0
    for number, state in enumerate(states):
        if not _relabelled(state, other, permutation, seat):
            break  # a blind draw handed out another card: no longer the same position
        if comparable is not None and not comparable(state, other):
            break
        assert records.to_json(game.view(other, seat)) == records.to_json(game.view(state, seat)), (
            f"seat {seat} can tell the games apart at state {number}"
        )
        compared += 1
        if number == len(actions):
            break
        action = _map_action(actions[number], permutation)
        if not game.is_legal(other, action):
            break  # the hidden cards changed what another seat may do
        other = game.apply_action(other, action)
    return compared


def _relabelled(state: Any, other: Any, permutation: dict[Card, Card], seat: int) -> bool:
    """Whether ``other`` holds exactly the hands of ``state`` with cards permuted.

    A blind draw (My Bird Sings) takes a card by its position in a shuffled hand, so
    after one the two games may hold different cards; then they are no longer the same
    game with hidden cards exchanged, and the comparison stops.
    """
    if other.hands[seat] != state.hands[seat]:
        return False
    return all(
        {permutation[card] for card in mine} == set(theirs)
        for mine, theirs in zip(state.hands, other.hands, strict=True)
    )


case_strategy = st.sampled_from(ALL_CASES)


@settings(max_examples=80, deadline=None)
@given(case=case_strategy, seed=st.integers(0, 2**32))
def test_a_view_names_only_cards_its_seat_has_seen(
    case: tuple[types.ModuleType, str, Any], seed: int
) -> None:
    """C-6: hands, the stock and face-down cards stay private; a view shows no other card."""
    game, _, options = case
    rng = random.Random(seed)
    _, _, _, states, actions = _trajectory(game, options, rng, max_actions=120)
    for seat in range(options.players):
        seen = _seen(game, states, actions, seat)
        for number, state in enumerate(states):
            text = records.to_json(game.view(state, seat))
            unknown = cards_in_json(text) - seen[number]
            assert not unknown, f"seat {seat}, state {number}: view shows {unknown}"


@settings(max_examples=80, deadline=None)
@given(
    case=case_strategy,
    seed=st.integers(0, 2**32),
    seat_choice=st.integers(0, 12),
)
# An omitted rob under "penalize" bars a seat whose ace of trumps the view never showed;
# the settlement makes the bar public (D-18), where the comparison stops.
@example(
    case=next(c for c in ALL_CASES if c[1] == "penalize" and c[2].players == 4),
    seed=222,
    seat_choice=0,
)
def test_cards_a_seat_never_sees_do_not_change_its_views(
    case: tuple[types.ModuleType, str, Any], seed: int, seat_choice: int
) -> None:
    """C-6: a seat's view depends only on what it may know, not on the hidden cards."""
    game, _, options = case
    seat = seat_choice % options.players
    rng = random.Random(seed)
    deck, deal_seed, dealer, states, actions = _trajectory(game, options, rng, max_actions=120)
    fixed = _seen(game, states, actions, seat)[-1]
    if (
        game is spoil_five
        and options.robbing == "compulsory"
        and options.rob_enforcement == "enforce"
    ):
        # Under enforced robbing the holder of the ace of trumps must rob, publicly, at his
        # first turn (D-17), so that ace may not move behind the seat's back. Where a rob
        # may be declined or omitted, nothing shows who holds it until he robs.
        fixed |= {Card(Rank.ACE, state.trump) for state in states}
    permutation = _hidden_permutation(pack_of(game, options), fixed, rng)
    trajectory = (deck, deal_seed, dealer, states, actions)
    comparable = _bar_not_yet_public if game is spoil_five else None
    assert _views_compared(game, trajectory, permutation, seat, comparable) >= 1


def _bar_not_yet_public(state: Any, other: Any) -> bool:
    """Whether a bar (SF-12, SF-13) still shows only in the barred seat's own view.

    Under ``rob_enforcement="penalize"`` an omitted rob bars its player without a word;
    the settlement makes it public (D-18), so two games whose hidden aces put the bar on
    different seats may be told apart once the deal is over, and not before.
    """
    over = spoil_five.is_deal_over(state) or spoil_five.is_deal_over(other)
    return not over or state.barred == other.barred


def test_the_seen_cards_model_tracks_a_seats_own_exchange() -> None:
    """The helper itself: a seat sees the stock cards turned in its own exchange."""
    options = my_bird_sings.Options(players=2, exchange_after_rounds=0, singing="flush_only")
    for seed in range(200):
        rng = random.Random(seed)
        _, _, _, states, actions = _trajectory(my_bird_sings, options, rng, max_actions=60)
        for number, action in enumerate(actions):
            if isinstance(action, my_bird_sings.Exchange):
                actor = states[number].to_act
                turned = _turned(states[number], states[number + 1])
                assert turned
                assert set(turned) <= _seen(my_bird_sings, states, actions, actor)[number + 1]
                return
    raise AssertionError("no exchange found")  # pragma: no cover


# Declared singing (D-5), the exhaustion variant and the blind draw from an explicit pack:
# the options where a decision could show the table what a hidden holding is.
SINGING_CASES = [
    ("declared-throw", my_bird_sings.Options(players=4, auto_sing=False)),
    (
        "declared-draw-blind",
        my_bird_sings.Options(players=4, auto_sing=False, passing="draw_blind"),
    ),
    (
        "declared-after-deal",
        my_bird_sings.Options(players=4, auto_sing=False, sing_timing="any_after_deal"),
    ),
    (
        "declared-after-deal-draw-blind",
        my_bird_sings.Options(
            players=3, auto_sing=False, sing_timing="any_after_deal", passing="draw_blind"
        ),
    ),
    (
        "declared-exchanges",
        my_bird_sings.Options(
            players=3, auto_sing=False, exchange_by="everyone", exchange_after_rounds=0
        ),
    ),
    (
        "declared-tricks",
        my_bird_sings.Options(
            players=4, auto_sing=False, play_to_exhaustion=True, exchange_after_rounds=1
        ),
    ),
    ("to-exhaustion", my_bird_sings.Options(players=4, play_to_exhaustion=True)),
    ("to-exhaustion-draw-blind", my_bird_sings.Options(
        players=3, play_to_exhaustion=True, passing="draw_blind", exchange_after_rounds=1
    )),
    ("draw-blind", my_bird_sings.Options(players=4, passing="draw_blind")),
]  # fmt: skip


def _public_singing(state: Any) -> tuple[object, ...]:
    """What the rules make public of the hidden cards, whatever anyone decides.

    A compulsory sing (``auto_sing``) ends the deal showing a set of the holding it finds,
    or lays a trick, and an exchange turns as many stock cards as the suits make it
    (MBS-11): these may differ between two games with other hidden cards, and then the
    games are no longer comparable. A pending
    compulsory sing counts as the trick it will lay, so that whether a bird must choose
    between sets is not taken for public.
    """
    auto = state.options.auto_sing
    pending = auto and state.phase is my_bird_sings.Phase.SING
    outcome = state.outcome
    return (
        sum(state.tricks) + pending,
        None if outcome is None else outcome.kind,
        outcome.shown if auto and outcome is not None else (),  # which set could sing
        len(state.stock),
        len(state.dead),
    )


@settings(max_examples=120, deadline=None)
@given(
    case=st.sampled_from(SINGING_CASES),
    seed=st.integers(0, 2**32),
    seat_choice=st.integers(0, 12),
)
def test_no_decision_shows_whether_a_hidden_holding_sings(
    case: tuple[str, Any], seed: int, seat_choice: int
) -> None:
    """C-6, D-5: hidden cards may change suits, and a seat still cannot tell the games apart.

    The permutation moves the cards the seat never sees across suits, so another seat's
    holding may sing in one game and not in the other. Up to the first public consequence
    of a compulsory sing or of an exchange, and as long as the same actions stay legal,
    the seat's views are the same: a pending declaration, a sing offered beside a pass,
    and the choice of the set to lay show nothing.
    """
    _, options = case
    game = my_bird_sings
    seat = seat_choice % options.players
    rng = random.Random(seed)
    deck, deal_seed, dealer, states, actions = _trajectory(game, options, rng, max_actions=80)
    fixed = _seen(game, states, actions, seat)[-1]
    permutation = _hidden_permutation(pack_of(game, options), fixed, rng, within_suits=False)
    trajectory = (deck, deal_seed, dealer, states, actions)

    def comparable(state: Any, other: Any) -> bool:
        return _public_singing(state) == _public_singing(other)

    compared = _views_compared(game, trajectory, permutation, seat, comparable)
    if compared == 0:  # a dealt bird sang at once in one game and not the other
        first = game.new_game(
            options, deck=[permutation[card] for card in deck], seed=deal_seed, dealer=dealer
        )
        assert not comparable(states[0], first)


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(SINGING_CASES), seed=st.integers(0, 2**32))
def test_a_shown_set_says_nothing_of_when_its_cards_arrived(
    case: tuple[str, Any], seed: int
) -> None:
    """MBS-12: with several singing sets, the one shown is drawn from the deal's seed.

    Whatever the order the singer's cards arrived in, each set can be the one shown: over
    seeds, the shown set is not always the one that leaves out the last card to arrive.
    """
    _, options = case
    if not options.auto_sing or options.play_to_exhaustion:
        return
    from cardrules.my_bird_sings.turn import shown_set

    rng = random.Random(seed)
    _, _, _, states, _ = _trajectory(my_bird_sings, options, rng, max_actions=200)
    final = states[-1]
    outcome = final.outcome
    if outcome is None or outcome.singer is None:
        return
    holding = final.hands[outcome.singer]
    sets = my_bird_sings.singing_sets(holding, options)
    assert outcome.shown in sets
    deal = final._deal
    picks = {shown_set(deal, turn, sets) for turn in range(64)}
    assert len(sets) == 1 or len(picks) > 1

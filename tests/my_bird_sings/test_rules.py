"""One test per My Bird Sings rule (MBS-1 … MBS-15), plus the facts the rules page states."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest

from cardrules.cards import FULL_PACK, SHORT_PACK, format_cards, parse_card, parse_cards
from cardrules.errors import IllegalActionError, OptionsError
from cardrules.my_bird_sings import (
    ABANDON,
    DRAW_BLIND,
    FLUSHES_ONLY,
    PEEL,
    THREE_CARDS,
    TO_EXHAUSTION,
    Abandon,
    Action,
    DeclineExchange,
    DeclineSing,
    Draw,
    Exchange,
    Options,
    OutcomeKind,
    Pass,
    Phase,
    Sing,
    apply_action,
    check_action,
    dealt_hand_sings,
    deck_for,
    flush_probability,
    four_suits_probability,
    holding_sings,
    is_deal_over,
    is_game_over,
    legal_actions,
    new_game,
    next_deal,
    offered_order,
    parse_action,
    sings,
    view,
)
from tests.my_bird_sings.helpers import (
    cards,
    play,
    play_out,
    position,
    quiet_step,
    two_suit_hands,
)

QUIET = Options(players=2, exchange_by="nobody")


def test_mbs_1_player_count_and_pack() -> None:
    """Two to thirteen players with 52 cards, two to eight with 32; at the top no stock."""
    for n in range(2, 14):
        assert Options(players=n).players == n
    for n in range(2, 9):
        assert Options(players=n, pack=32).players == n
    for bad, pack in ((1, 52), (14, 52), (9, 32), (0, 32)):
        with pytest.raises(OptionsError, match="players"):
            Options(players=bad, pack=pack)
    assert len(new_game(Options(players=13), seed=1).stock) == 0
    assert len(new_game(Options(players=8, pack=32), seed=1).stock) == 0
    short = new_game(Options(players=4, pack=32), seed=3)
    everything = [c for hand in short.hands for c in hand] + list(short.stock)
    assert sorted(everything) == sorted(SHORT_PACK)


def test_mbs_2_ante_every_player_and_dealer_extra() -> None:
    """Each deal every player antes ``stake`` and the dealer ``dealer_extra`` more: n + 1."""
    state = new_game(Options(players=6), seed=1, dealer=2)
    assert state.pool == 7
    assert state.balances == (-1, -1, -2, -1, -1, -1)
    rich = new_game(Options(players=4, stake=3, dealer_extra=0), seed=1)
    assert rich.pool == 12
    assert rich.balances == (-3, -3, -3, -3)


def test_mbs_3_deal_one_at_a_time_from_the_eldest() -> None:
    """The dealer deals hand_size cards one at a time from his left; the rest is the stock."""
    deck = FULL_PACK
    state = new_game(Options(players=3, exchange_by="nobody"), deck=deck, dealer=2)
    # Eldest is seat 0: it gets deck[0], deck[3], deck[6], deck[9].
    assert state.hands[0] == deck[0:12:3]
    assert state.hands[1] == deck[1:12:3]
    assert state.hands[2] == deck[2:12:3]
    assert state.stock == deck[12:]
    batched = new_game(Options(players=3, deal_batch=2), deck=deck, dealer=2)
    assert batched.hands[0] == (deck[0], deck[1], deck[6], deck[7])
    assert batched.hands[2] == (deck[4], deck[5], deck[10], deck[11])
    with pytest.raises(OptionsError, match="deal_batch"):
        Options(deal_batch=3)


def test_mbs_3_seeded_deal_is_the_prefix_of_the_full_shuffle() -> None:
    """The seeded deal and its stock together are exactly one shuffled pack."""
    from cardrules.dealing import shuffled

    state = new_game(Options(players=6), seed=42)
    order = shuffled(FULL_PACK, 42)
    assert state.hands[1] == order[0:24:6]
    assert state.stock == order[24:]


HOLDINGS = [
    ("2H 9H KH 5H", True, True),
    ("2H 9C KD 5S", True, False),
    ("2H 9H KD 5S", False, False),
    ("2H 9H KD 5S 7C", True, False),
    ("2H 9H KH 5S 7S", False, False),
    ("2H 9H KH 5S 7H", True, True),
]


@pytest.mark.parametrize(("holding", "standard", "flushes"), HOLDINGS)
def test_mbs_4_holdings_table(holding: str, standard: bool, flushes: bool) -> None:
    """A bird sings with four of one suit or four different suits among its cards (§4.4)."""
    assert sings(cards(holding), PEEL) is standard
    assert sings(cards(holding), FLUSHES_ONLY) is flushes


def test_mbs_4_five_cards_need_four_of_a_suit_or_all_suits() -> None:
    """With five cards: at least four of one suit, or every suit present, and nothing else."""
    for combo in itertools.combinations(SHORT_PACK, 5):
        counts = [sum(1 for c in combo if c.suit == s) for s in range(4)]
        expected = max(counts) >= 4 or min(counts) >= 1
        if sings(combo, PEEL) is not expected:  # pragma: no cover - would be a bug
            pytest.fail(format_cards(combo))


def test_mbs_5_flushes_only_ignores_four_suits() -> None:
    """With flush_only only cards all of one suit sing; a full rainbow does not."""
    assert not sings(cards("AS AH AD AC"), FLUSHES_ONLY)
    assert sings(cards("AS 2S 3S 4S"), FLUSHES_ONLY)
    state = position(Options(players=2, singing="flush_only"), {1: "AS AH AD AC"})
    assert not is_deal_over(state)


def test_mbs_6_three_card_deal() -> None:
    """Three cards each; only three of one suit sing; leader checks 3 cards, others 4."""
    assert sings(cards("2H 9H KH"), THREE_CARDS)
    assert not sings(cards("2H 9H KD"), THREE_CARDS)
    assert sings(cards("2H 9H KH 5S"), THREE_CARDS)
    assert not sings(cards("2H 9C KD 5S"), THREE_CARDS)
    assert THREE_CARDS.singing == "flush_only"
    with pytest.raises(OptionsError, match="hand_size, singing"):
        Options(hand_size=3, singing="flush_or_rainbow")
    ranks = ["A", "2", "3", "4"]
    hands = {seat: f"{r}S {r}H {r}D" for seat, r in enumerate(ranks)}
    quiet = position(Options(players=4, hand_size=3, exchange_by="nobody"), hands)
    while quiet.turn < 12:  # §4.6: three at the leader's checks, four at everyone else's
        seat = quiet.on_turn
        assert len(quiet.hands[seat]) == (3 if seat == quiet.eldest else 4)
        quiet = quiet_step(quiet)
    state = new_game(Options(players=4, hand_size=3), seed=5)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.stock) == 40


def test_mbs_7_turns_and_rounds() -> None:
    """Turn t belongs to seat (eldest + t) mod n; round r holds turns (r-1)n … rn-1."""
    state = position(Options(players=3, singing="flush_only"), two_suit_hands(3), dealer=0)
    seen = []
    while state.turn < 7:
        seen.append((state.turn, state.on_turn, state.round))
        state = quiet_step(state)
    assert seen == [(0, 1, 1), (1, 2, 1), (2, 0, 1), (3, 1, 2), (4, 2, 2), (5, 0, 2), (6, 1, 3)]


def test_mbs_8_throw_the_card_goes_to_the_left_seen_by_two() -> None:
    """Throw: the player on turn picks a card; only he and his left neighbour see it."""
    state = position(Options(players=3), two_suit_hands(3), dealer=0)
    assert state.to_act == 1
    assert state.phase is Phase.PASS
    after = play(state, "pass 3S")
    assert after.hands[2][-1] == parse_card("3S")
    assert view(after, 1).passed == cards("3S")
    assert view(after, 2).received == cards("3S")
    assert view(after, 0).received == ()
    assert view(after, 0).passed == ()
    with pytest.raises(IllegalActionError, match=r"MBS-8"):
        apply_action(state, Draw(0))


def test_mbs_8_draw_blind_left_neighbour_draws_by_position() -> None:
    """Draw blind: the left neighbour takes a card by position from a freshly shuffled hand."""
    options = Options(players=3, passing="draw_blind", singing="flush_only")
    state = position(options, two_suit_hands(3), dealer=0, seed=9)
    assert state.phase is Phase.DRAW
    assert state.to_act == 2
    assert state.on_turn == 1
    assert legal_actions(state) == (Draw(0), Draw(1), Draw(2), Draw(3))
    order = offered_order(state)
    assert sorted(order) == sorted(state.hands[1])
    drawer = view(state, 2)
    assert drawer.offered == 4
    assert drawer.hand == state.hands[2]
    assert view(state, 1).offered == 0
    after = apply_action(state, Draw(2))
    assert after.hands[2][-1] == order[2]
    assert view(after, 2).received == (order[2],)
    assert view(after, 1).passed == (order[2],)
    assert view(after, 0).received == ()
    # The same seed gives the same order; the order is drawn afresh each turn.
    again = position(options, two_suit_hands(3), dealer=0, seed=9)
    assert offered_order(again) == order
    with pytest.raises(IllegalActionError, match=r"positions 0 to 3 \(MBS-8\)"):
        apply_action(state, Draw(4))
    with pytest.raises(IllegalActionError, match="MBS-8"):
        apply_action(state, Pass(state.hands[1][0]))


def test_mbs_9_turn_order_receive_check_exchange_pass() -> None:
    """A turn: receive, sing check, optional exchange, then the pass; refusals cite MBS-9."""
    options = Options(players=2, exchange_after_rounds=0)
    state = position(options, {1: "2S 3S 2H 3H", 0: "4S 5S 6S 4H"}, dealer=0)
    # Step 3 first: the leader may exchange at turn 0 here, before passing.
    assert state.phase is Phase.EXCHANGE
    with pytest.raises(IllegalActionError, match="MBS-11"):
        apply_action(state, Pass(parse_card("2S")))
    state = apply_action(state, DeclineExchange())
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, Pass(parse_card("9C")))
    assert str(refused.value) == "cannot pass 9C: you do not hold 9C (MBS-9)"
    assert refused.value.rule == "MBS-9"
    # Step 1 and 2: seat 0 receives 2S and its holding (4S 5S 6S 4H 2S) sings at once.
    state = play(state, "pass 2S")
    assert state.outcome is not None
    assert state.outcome.singer == 0


def test_mbs_9_a_dealt_singing_hand_waits_for_its_turn() -> None:
    """Singing is checked only for the player on turn: an earlier singer wins first."""
    state = position(
        Options(players=4, singing="flush_only"),
        {1: "2S 3S 2H 3H", 2: "4D 5D 6D 7D", 3: "4C 5C 6C 7C"},
        dealer=0,
    )
    assert state.outcome is None
    assert state.to_act == 1
    state = play(state, "pass 2S")
    assert state.outcome is not None
    assert state.outcome.winners == (2,)


def test_mbs_10_card_counts_at_every_sing_check() -> None:
    """The leader holds 4 at each check and 3 after passing; others 5 and 4; total n x 4."""
    for n in (2, 3, 5):
        state = position(Options(players=n), two_suit_hands(n), dealer=n - 1)
        while state.turn < 4 * n:
            seat = state.on_turn
            assert len(state.hands[seat]) == (4 if seat == state.eldest else 5)
            assert sum(map(len, state.hands)) == 4 * n
            state = quiet_step(state)
            passer = (state.on_turn - 1) % n
            assert len(state.hands[passer]) == (3 if passer == state.eldest else 4)


def test_mbs_11_exchange_rejects_same_suit_and_keeps_the_count() -> None:
    """Discard first, reject stock cards of the discard's suit, take the first other suit."""
    options = Options(players=2, exchange_after_rounds=0)
    state = position(options, {1: "2S 3S 2H 3H", 0: "4S 5S 4H 5H"}, stock="6H 7H 6S 8S")
    assert state.phase is Phase.EXCHANGE
    assert state.to_act == 1
    assert Exchange(parse_card("2H")) in legal_actions(state)
    after = apply_action(state, Exchange(parse_card("2H")))
    assert sorted(after.hands[1]) == sorted(cards("2S 3S 3H 6S"))
    assert after.dead == cards("2H 6H 7H")
    assert after.stock[:1] == cards("8S")
    assert len(after.stock) == len(state.stock) - 3
    mine = view(after, 1).exchanges[0]
    assert (mine.discard, mine.rejects, mine.taken) == (
        parse_card("2H"),
        cards("6H 7H"),
        parse_card("6S"),
    )
    other = view(after, 0)
    assert other.exchanges == ()
    assert other.public_rejects == ()
    assert other.dead_count == 3
    assert other.exchanges_made == (0, 1)
    # At most one exchange per turn: the next decision is the pass.
    assert after.phase is Phase.PASS
    with pytest.raises(IllegalActionError, match=r"one exchange .*\(MBS-11\)"):
        apply_action(after, Exchange(parse_card("2S")))


def test_mbs_11_only_the_leader_from_turn_3n() -> None:
    """By default only the original leader exchanges, on turns 3n, 4n, … (§4.6: n=5 → 15)."""
    state = position(Options(players=5, singing="flush_only"), two_suit_hands(5), dealer=0)
    chances = []
    while state.turn <= 30:
        if state.phase is Phase.EXCHANGE:
            chances.append((state.turn, state.to_act))
        else:
            with pytest.raises(IllegalActionError, match="MBS-11"):
                apply_action(state, DeclineExchange())
        state = quiet_step(state)
    assert chances == [(15, 1), (20, 1), (25, 1), (30, 1)]


def test_mbs_11_keep_last_card_when_the_stock_runs_out() -> None:
    """If every stock card matches the discard's suit, the player keeps the last one turned."""
    options = Options(players=12, exchange_after_rounds=0, singing="flush_only")
    hands = {1: "AS 2S 3S 4D"}
    state = position(options, hands, stock="10H JH QH KH")
    state = apply_action(state, Exchange(parse_card("4D")))
    # The discard was a diamond: the first heart is taken at once.
    assert state.stock == cards("JH QH KH")
    assert state.dead == cards("4D")
    assert state.hands[1][-1] == parse_card("10H")
    state = position(options, {1: "AS 2S 3S 9H"}, stock="10H JH QH KH")
    state = apply_action(state, Exchange(parse_card("9H")))
    assert state.hands[1][-1] == parse_card("KH")
    assert state.dead == cards("9H 10H JH QH")
    assert state.stock == ()
    back = position(
        attrs.evolve(options, exchange_on_exhaustion="take_back_discard"),
        {1: "AS 2S 3S 9H"},
        stock="10H JH QH KH",
    )
    back = apply_action(back, Exchange(parse_card("9H")))
    assert back.hands[1][-1] == parse_card("9H")
    assert back.dead == cards("10H JH QH KH")


def test_mbs_11_piles_to_stock_bottom_and_visible_rejects() -> None:
    """Variants: discard and rejects under the stock; rejects shown to everyone."""
    options = Options(
        players=2,
        exchange_after_rounds=0,
        exchange_discard_to="stock_bottom",
        rejects_to="stock_bottom",
        rejects_visible=True,
    )
    state = position(options, {1: "2S 3S 2H 3H", 0: "4S 5S 4H 5H"}, stock="6H 7H 6S")
    after = apply_action(state, Exchange(parse_card("2H")))
    assert after.dead == ()
    assert after.stock[-3:] == cards("2H 6H 7H")
    assert len(after.stock) == len(state.stock)  # one card out, the discard in
    assert view(after, 0).public_rejects == cards("6H 7H")


def test_mbs_11_no_exchange_from_an_empty_stock() -> None:
    """With an empty stock no exchange is offered."""
    state = new_game(Options(players=13, exchange_after_rounds=0), seed=4)
    if state.outcome is None:
        assert state.phase is Phase.PASS


def test_mbs_12_first_singer_takes_the_whole_pool_and_shows() -> None:
    """The first singer wins the pool, carried counters included, and shows his cards."""
    state = position(QUIET, {1: "2S 3S 2H 3H", 0: "4S 5S 6S 4H"}, dealer=0)
    state = play(state, "pass 2S")
    outcome = state.outcome
    assert outcome is not None
    assert outcome.kind is OutcomeKind.SANG
    assert outcome.winners == (0,)
    assert outcome.payouts == (3, 0)
    assert outcome.carried == 0
    assert sorted(outcome.shown) == sorted(cards("4S 5S 6S 2S"))
    assert view(state, 1).outcome == outcome  # the shown cards are public
    assert state.balances == (1, -1)
    assert state.pool == 0
    assert legal_actions(state) == ()
    assert state.to_act is None
    with pytest.raises(IllegalActionError, match="MBS-12"):
        apply_action(state, ABANDON)


def test_mbs_13_round_limit_and_abandon_void_the_deal() -> None:
    """A round limit or an abandon ends the deal void; the pool is carried and anted on."""
    options = Options(players=2, round_limit=1, singing="flush_only")
    state = position(options, two_suit_hands(2), dealer=0)
    state = quiet_step(state)
    assert state.outcome is None
    assert state.turn == 1
    state = quiet_step(state)  # turn 2 = round_limit * n would begin
    assert state.outcome is not None
    assert state.outcome.kind is OutcomeKind.ROUND_LIMIT
    assert state.outcome.carried == 3
    assert state.pool == 3
    assert state.outcome.winners == ()
    follow = next_deal(state, seed=1)
    assert follow.pool == 6
    round_two = quiet_step(quiet_step(position(QUIET, two_suit_hands(2))))
    assert round_two.turn == 2
    abandoned = apply_action(round_two, Abandon())
    assert abandoned.outcome is not None
    assert abandoned.outcome.kind is OutcomeKind.ABANDONED
    assert abandoned.pool == 3
    assert abandoned.balances == (-2, -1)


def test_mbs_13_abandon_is_offered_once_a_round_at_its_first_decision() -> None:
    """The table may agree to abandon a deal only as a new round begins (engine's reading).

    Abandon() is offered at the first decision of turns n, 2n, ... (never in the first
    round), to whoever makes that decision, and is gone once that decision is taken.
    """
    state = position(QUIET, two_suit_hands(2))
    for turn in range(7):
        assert state.turn == turn
        offered = turn >= 2 and turn % 2 == 0
        assert (legal_actions(state)[-1] is ABANDON) is offered
        assert sum(isinstance(a, Abandon) for a in legal_actions(state)) == offered
        if not offered:
            with pytest.raises(IllegalActionError, match=r"MBS-13") as refused:
                apply_action(state, Abandon())
            following = {0: 2, 1: 2, 3: 4, 5: 6}[turn]
            assert f"next chance: turn {following}" in str(refused.value)
        state = quiet_step(state)
    # With an exchange open, the exchange decision is the first one; after it, no abandon.
    exchanging = Options(players=2, exchange_after_rounds=1, singing="flush_only")
    state = quiet_step(quiet_step(position(exchanging, two_suit_hands(2))))
    assert state.phase is Phase.EXCHANGE
    assert legal_actions(state)[-2:] == (DeclineExchange(), ABANDON)
    declined = apply_action(state, DeclineExchange())
    assert declined.phase is Phase.PASS
    assert Abandon() not in legal_actions(declined)
    with pytest.raises(IllegalActionError, match=r"first decision of this round .*\(MBS-13\)"):
        apply_action(declined, Abandon())
    # With draw_blind passing the left neighbour, drawing, holds the offer.
    blind = Options(players=3, passing="draw_blind", singing="flush_only", exchange_by="nobody")
    state = position(blind, two_suit_hands(3), seed=9)
    while state.turn < 3:
        assert Abandon() not in legal_actions(state)
        state = apply_action(state, Draw(0))
        assert state.outcome is None
    assert state.phase is Phase.DRAW
    assert (state.on_turn, state.to_act) == (state.eldest, (state.eldest + 1) % 3)
    assert legal_actions(state)[-1] is ABANDON
    assert apply_action(state, ABANDON).outcome is not None


def test_mbs_14_next_deal_moves_left_and_antes_again() -> None:
    """The deal passes to the left and everybody antes again."""
    state = new_game(Options(players=4), seed=8, dealer=3)
    with pytest.raises(IllegalActionError, match="MBS-14"):
        next_deal(state) if state.outcome is None else next_deal(new_game(PEEL, seed=1))
    state = play_out(state, random.Random(8))
    total = state.pool
    follow = next_deal(state)
    assert follow.dealer == 0
    assert follow.eldest == 1
    assert follow.pool == total + 5
    assert sum(follow.balances) + follow.pool == 0
    from cardrules.dealing import derive_seed
    from cardrules.my_bird_sings import history

    assert history(follow).deals[1].seed == derive_seed(8, 1)
    assert is_game_over(follow) is False


def test_mbs_15_play_to_exhaustion_tricks_and_tie() -> None:
    """Each sing lays a trick and refills from the stock; most tricks wins; ties split (§4.6)."""
    options = Options(players=6, play_to_exhaustion=True, exchange_by="nobody")
    others = {0: "QH KH QD KD", 3: "6S 7S 8H 9H", 4: "8S 9S 10H JH", 5: "JS QS QC KC"}
    state = position(
        options,
        {1: "2S 3S 4S 5S", 2: "2H 3H 4H 10S", **others},
        stock="6H 7H 8D 9C 10D JD 10C JC",
        dealer=0,
    )
    # The bird chooses the set it lays even from one, so the pause shows nothing (D-5).
    assert state.phase is Phase.SING
    assert [str(a) for a in legal_actions(state)] == ["sing 2S 3S 4S 5S"]
    state = play(state, "sing 2S 3S 4S 5S")
    assert state.tricks == (0, 1, 0, 0, 0, 0)
    assert state.hands[1] == cards("6H 7H 8D 9C")
    assert state.pool == 7
    state = play(state, "pass 6H", "sing 2H 3H 4H 6H")
    assert state.tricks == (0, 1, 1, 0, 0, 0)
    assert state.hands[2] == cards("10S 10D JD 10C JC")
    assert len(state.stock) == 28 - 8
    assert sorted(view(state, 2).trick_cards) == sorted(cards("2H 3H 4H 6H"))
    state = play(state, "pass 10S", "pass 10S", "pass 10S", "pass 10S", "pass QH")
    assert state.tricks == (0, 1, 1, 0, 0, 0)
    state = apply_action(state, Abandon())  # a new round begins: the table stops
    outcome = state.outcome
    assert outcome is not None
    assert outcome.winners == (1, 2)
    assert outcome.payouts == (0, 3, 3, 0, 0, 0)
    assert outcome.carried == 1
    assert state.pool == 1


def test_mbs_15_failed_replenishment_still_counts_and_ends() -> None:
    """A singer who cannot be given four cards still scores the trick; the deal ends."""
    state = position(Options(players=13, play_to_exhaustion=True), {1: "2S 3S 4S 5S"})
    state = play(state, "sing 2S 3S 4S 5S")
    outcome = state.outcome
    assert outcome is not None
    assert outcome.kind is OutcomeKind.EXHAUSTED
    assert outcome.tricks[1] == 1
    assert outcome.winners == (1,)
    assert outcome.payouts[1] == 14
    assert state.hands[1] == ()


def test_mbs_15_take_remaining_and_no_tricks_carry() -> None:
    """take_remaining: a singer takes what is left; with no tricks the pool is carried."""
    options = Options(
        players=12,
        play_to_exhaustion=True,
        exhaustion_end="take_remaining",
        exchange_after_rounds=0,
    )
    # The exchange brings in 5S: a flush; then only three cards are left to refill with.
    hands = {1: "2S 3S 4S 9H"}
    state = apply_action(position(options, hands, stock="5S 6H 7D 8C"), Exchange(cards("9H")[0]))
    state = play(state, "sing 2S 3S 4S 5S")
    assert state.tricks[1] == 1
    assert state.hands[1] == cards("6H 7D 8C")
    assert state.outcome is None
    assert state.stock == ()
    assert state.phase is Phase.PASS
    strict = attrs.evolve(options, exhaustion_end="cannot_replenish")
    ended = apply_action(position(strict, hands, stock="5S 6H 7D 8C"), Exchange(cards("9H")[0]))
    ended = play(ended, "sing 2S 3S 4S 5S")
    assert ended.outcome is not None
    assert ended.outcome.kind is OutcomeKind.EXHAUSTED
    assert ended.tricks[1] == 1
    assert ended.stock == cards("6H 7D 8C")
    quiet = attrs.evolve(QUIET, play_to_exhaustion=True, singing="flush_only")
    void = apply_action(quiet_step(quiet_step(position(quiet, two_suit_hands(2)))), ABANDON)
    assert void.outcome is not None
    assert void.tricks == (0, 0)
    assert void.outcome.winners == ()
    assert void.pool == 3


def test_mbs_15_choice_between_singing_sets() -> None:
    """With several singing sets in the exhaustion variant the singer chooses one."""
    options = Options(players=2, play_to_exhaustion=True, exchange_by="nobody")
    state = position(options, {1: "2S 3S 2H 3H", 0: "4S 5S 6S 7S"}, stock="8H 9H 10D JC")
    state = play(state, "pass 2S")
    assert state.phase is Phase.SING
    assert state.to_act == 0
    sets = [a for a in legal_actions(state) if isinstance(a, Sing)]
    assert len(sets) == 5
    assert DeclineSing() not in legal_actions(state)
    state = apply_action(state, Sing(cards("7S 6S 5S 4S")))
    assert state.tricks == (1, 0)
    assert sorted(state.hands[0]) == sorted(cards("2S 8H 9H 10D JC"))


def test_d5_auto_sing_off_lets_a_player_decline() -> None:
    """With auto_sing off a singing player chooses to sing or to keep silent.

    Throwing his pass, he is offered the sing beside his passes, and a pass keeps silent.
    """
    options = Options(players=2, auto_sing=False, exchange_by="nobody")
    state = position(options, {1: "2S 3S 4S 5S"})
    assert state.phase is Phase.PASS
    assert [str(a) for a in legal_actions(state)] == [
        "pass 2S", "pass 3S", "pass 4S", "pass 5S", "sing 2S 3S 4S 5S",
    ]  # fmt: skip
    silent = apply_action(state, parse_action("pass 2S"))
    assert silent.outcome is None
    won = apply_action(state, Sing(cards("5S 4S 3S 2S")))
    assert won.outcome is not None
    assert won.outcome.winners == (1,)
    assert sorted(won.outcome.shown) == sorted(cards("5S 4S 3S 2S"))
    with pytest.raises(IllegalActionError, match="MBS-4"):
        apply_action(state, Sing(cards("2S 3S 4S")))
    with pytest.raises(IllegalActionError, match="any other action here keeps silent"):
        apply_action(state, DeclineSing())


def test_d5_a_declaration_shows_nothing_when_the_neighbour_draws() -> None:
    """draw_blind: the player on turn declares first, whether or not his holding sings."""
    options = Options(players=3, auto_sing=False, exchange_by="nobody", passing="draw_blind")
    dealer = "9C 10C JD QD"
    singing = position(options, {0: dealer, 1: "2S 3S 4S 5S", 2: "5H 6H 7D 8D"}, seed=4)
    quiet = position(options, {0: dealer, 1: "2S 3S 4S 5H", 2: "5S 6H 7D 8D"}, seed=4)
    for state in (singing, quiet):
        assert (state.phase, state.to_act, state.on_turn) == (Phase.SING, 1, 1)
    assert view(singing, 0) == view(quiet, 0)  # the dealer cannot tell them apart
    assert legal_actions(singing) == (Sing(cards("2S 3S 4S 5S")), DeclineSing())
    assert legal_actions(quiet) == (DeclineSing(),)
    with pytest.raises(IllegalActionError, match="must first sing or keep silent"):
        apply_action(quiet, parse_action("draw 0"))
    drawn = apply_action(quiet, DeclineSing())
    assert (drawn.phase, drawn.to_act) == (Phase.DRAW, 2)


def test_d5_every_dealt_hand_declares_after_the_deal() -> None:
    """any_after_deal with auto_sing off: each dealt hand declares in turn, from the eldest."""
    options = Options(players=3, auto_sing=False, sing_timing="any_after_deal")
    state = position(options, {0: "2S 3H 4S 5H", 1: "2C 6H 4C 5C", 2: "4D 5D 6D 7D"})
    seen: list[tuple[int | None, list[str]]] = []
    while state.phase is Phase.SING:
        seen.append((state.to_act, [str(a) for a in legal_actions(state)]))
        state = apply_action(state, DeclineSing())
    assert seen == [
        (1, ["decline-sing"]), (2, ["sing 4D 5D 6D 7D", "decline-sing"]), (0, ["decline-sing"]),
    ]  # fmt: skip
    assert state.phase is Phase.PASS
    assert state.to_act == 1
    assert not any(isinstance(a, Sing) for a in legal_actions(state))


def test_d5_a_check_declined_after_the_deal_is_lost_when_turn_0_brings_an_exchange() -> None:
    """D-5: the eldest hand's turn-0 exchange checks his new holding only.

    The after-deal round of checks (D-6) comes once; after the exchange the player on turn
    declares as on any turn, beside his pass, and nobody who declined is asked again (the
    engine before the fix re-ran the whole round: seat 2, who declined his dealt flush,
    could sing it on turn 0).
    """
    options = Options(
        players=3, auto_sing=False, sing_timing="any_after_deal", exchange_after_rounds=0
    )
    hands = [parse_cards(hand) for hand in ("2C 3C 4D 6D", "2H 3S 4S 5D", "7H 8H 9H 10H")]
    deck = deck_for(options, hands, dealer=0, stock=parse_cards("JC QD KS"))
    state = new_game(options, deck=deck, seed=1, dealer=0)
    for seat in (1, 2, 0):
        assert (state.phase, state.to_act) == (Phase.SING, seat)
        state = apply_action(state, "decline-sing")
    assert (state.phase, state.to_act) == (Phase.EXCHANGE, 1)
    state = apply_action(state, "exchange 2H")
    assert (state.phase, state.to_act, state.turn) == (Phase.PASS, 1, 0)
    assert [str(action) for action in legal_actions(state)] == [
        "pass 3S", "pass 4S", "pass 5D", "pass JC",
    ]  # fmt: skip


def test_d6_any_after_deal_checks_every_dealt_hand_from_the_eldest() -> None:
    """sing_timing any_after_deal: straight after the deal, the first singing hand wins."""
    hands = {1: "2S 3S 2H 3H", 2: "4D 5D 6D 7D", 3: "4C 5C 6C 7C"}
    early = position(Options(players=4, sing_timing="any_after_deal"), hands)
    assert early.outcome is not None
    assert early.outcome.winners == (2,)
    assert early.turn == 0
    late = position(Options(players=4), hands)
    assert late.outcome is None


def test_section_4_5_exact_probabilities() -> None:
    """The probabilities of §4.5, from the suit-pattern enumeration."""
    table = {
        (52, 4, "flush"): Fraction(44, 4165),
        (52, 4, "suits"): Fraction(2197, 20825),
        (52, 4, "sings"): Fraction(2417, 20825),
        (32, 4, "flush"): Fraction(7, 899),
        (32, 4, "suits"): Fraction(512, 4495),
        (32, 4, "sings"): Fraction(547, 4495),
        (52, 5, "sings"): Fraction(2571, 8330),
        (52, 5, "flush"): Fraction(11, 245),
        (32, 5, "sings"): Fraction(287, 899),
        (32, 5, "flush"): Fraction(1, 29),
    }
    for (pack, size, event), expected in table.items():
        options = Options(pack=pack)
        got = {
            "flush": flush_probability(pack, size),
            "suits": four_suits_probability(pack, size),
            "sings": holding_sings(options, size),
        }[event]
        assert got == expected, (pack, size, event)
    assert dealt_hand_sings(Options(hand_size=3)) == Fraction(22, 425)
    assert dealt_hand_sings(Options(hand_size=3, pack=32)) == Fraction(7, 155)
    assert dealt_hand_sings(PEEL) == Fraction(2417, 20825)


@pytest.mark.parametrize("size", [3, 4, 5])
def test_section_4_5_brute_force_over_the_short_pack(size: int) -> None:
    """Counting every holding of the 32-card pack agrees with the enumeration."""
    options = Options(pack=32, hand_size=3) if size == 3 else Options(pack=32)
    hits = total = 0
    for combo in itertools.combinations(SHORT_PACK, size):
        total += 1
        hits += sings(combo, options)
    assert Fraction(hits, total) == holding_sings(options, size)


def test_section_4_6_counts_pools_and_trace() -> None:
    """Stock sizes, the six-player pool and the three-player trace of §4.6."""
    assert Options(players=6).stock_size == 28
    assert Options(players=13).stock_size == 0
    assert Options(players=6, pack=32).stock_size == 8
    assert Options(players=8, pack=32).stock_size == 0
    assert new_game(Options(players=6), seed=0).pool == 7
    state = position(Options(players=3, singing="flush_only"), two_suit_hands(3), dealer=0)
    trace = []
    exchange_turns = []
    while state.turn < 10:
        seat = state.on_turn
        if state.phase is Phase.EXCHANGE:
            exchange_turns.append(state.turn)
        held = len(state.hands[seat])
        turn = state.turn
        state = quiet_step(state)
        if state.turn != turn:
            trace.append((turn, seat, held, len(state.hands[seat])))
    assert trace[:4] == [(0, 1, 4, 3), (1, 2, 5, 4), (2, 0, 5, 4), (3, 1, 4, 3)]
    assert exchange_turns[0] == 9


def test_options_validation_names_fields() -> None:
    """Every bad value, type or combination raises OptionsError naming the field."""
    bad: dict[str, Any] = {
        "players": "6",
        "pack": 36,
        "hand_size": 5,
        "singing": "pairs",
        "passing": 1,
        "stake": -1,
        "dealer_extra": True,
        "deal_batch": 0,
        "auto_sing": 1,
        "sing_timing": "never",
        "exchange_by": "dealer",
        "exchange_after_rounds": -1,
        "exchange_discard_to": "hand",
        "rejects_to": None,
        "rejects_visible": "no",
        "exchange_on_exhaustion": "stop",
        "round_limit": 0,
        "play_to_exhaustion": None,
        "exhaustion_end": "never",
        "split_remainder": "winner",
    }
    for field, value in bad.items():
        with pytest.raises(OptionsError, match=field):
            Options(**{field: value})
    assert Options(passing="draw_blind") == DRAW_BLIND
    assert TO_EXHAUSTION.play_to_exhaustion
    with pytest.raises(OptionsError, match="options"):
        new_game("peel")  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="dealer"):
        new_game(PEEL, dealer=5, seed=1)
    assert new_game() == new_game(PEEL) == new_game(PEEL, seed=0)  # the default: seed 0
    with pytest.raises(OptionsError, match="deck"):
        new_game(PEEL, deck=FULL_PACK[:51])


@pytest.mark.parametrize("by", ["leader", "everyone"])
@pytest.mark.parametrize("rounds", [0, 1, 3])
def test_mbs_11_every_open_exchange_is_offered_before_the_pass(by: Any, rounds: int) -> None:
    """A turn that reaches its pass without an exchange decision had no exchange open.

    The engine asks the exchange rule only from the first turn it can open; here the rule
    itself (through the refusal of ``DeclineExchange()``) confirms that no open exchange
    was skipped, every turn of random deals.
    """
    rng = random.Random(rounds)
    for players in (2, 3, 5):
        options = Options(players=players, exchange_by=by, exchange_after_rounds=rounds)
        for seed in range(25):
            state = new_game(options, seed=seed)
            previous: Action | None = None
            while not is_deal_over(state) and state.turn < 8 * players:
                refusal = check_action(state, DeclineExchange())
                fresh = not isinstance(previous, Exchange | DeclineExchange)
                if state.phase is Phase.EXCHANGE:
                    assert refusal is None
                    assert state.turn >= rounds * players
                else:
                    assert refusal is not None
                    assert refusal.rule == "MBS-11"
                    if state.phase is Phase.PASS and fresh:
                        assert "declined" not in str(refusal), (state.turn, str(refusal))
                    if "no exchange before" in str(refusal):
                        assert state.turn < rounds * players
                legal = [a for a in legal_actions(state) if not isinstance(a, Abandon)]
                previous = rng.choice(legal)
                state = apply_action(state, previous)


def test_mbs_13_abandon_is_offered_every_round_however_long_the_deal() -> None:
    """Without a round limit the offer comes at every round's first decision, for ever."""
    state = position(QUIET, two_suit_hands(2))
    offers = []
    while state.turn < 400:  # far past the rounds the engine tables
        if ABANDON in legal_actions(state):
            offers.append(state.turn)
        state = quiet_step(state)
    assert offers == list(range(2, 400, 2))
    assert apply_action(state, ABANDON).outcome is not None


def test_mbs_13_a_huge_round_limit_costs_nothing() -> None:
    """A round limit of 2**63 is a limit like any other: no table grows with it."""
    state = new_game(Options(players=5, round_limit=2**63), seed=3)
    assert state.phase is Phase.PASS
    assert len(state._deal._rules.starts) <= 64 * 5 + 1
    assert is_deal_over(state) is False

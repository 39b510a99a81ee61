"""One test (or a few) per Spoil Five rule id, SF-1 … SF-25, and the facts the rules page states."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest

from cardrules import spoil_five as sf
from cardrules.cards import FULL_PACK, Rank, Suit, format_cards, parse_card, parse_cards
from cardrules.errors import IllegalActionError, OptionsError
from tests.spoil_five.helpers import deck_for, game, legal_text, play_out, run

C = parse_card

# Five-player deal used by several tests: clubs are trumps (turn-up 2C), AC is undealt.
# Seat 1 (eldest) holds the three best trumps, so he wins the first three tricks.
JINK_HANDS = [
    "8S 9S 10S 8D 9D",  # seat 0, dealer
    "5C JC AH KH QH",  # seat 1, eldest
    "2H 3H 4H 6H 7H",
    "2S 3S 4S 6S 7S",
    "2D 3D 4D 6D 7D",
]


def refusal(state: sf.State, move: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        sf.apply_action(state, sf.parse_action(move))
    assert not sf.is_legal(state, sf.parse_action(move))
    assert sf.check_action(state, sf.parse_action(move)) is not None
    return info.value


# --------------------------------------------------------------------------- SF-1


def test_sf_1_two_to_ten_players_with_the_full_pack() -> None:
    """Spoil Five is for 2 to 10 players with the 52-card pack."""
    for players in (2, 5, 10):
        assert sf.Options(players=players).players == players
    for players in (1, 11, 0):
        with pytest.raises(OptionsError, match="players"):
            sf.Options(players=players)


def test_sf_1_ten_players_use_fifty_one_cards() -> None:
    """With ten players 50 cards are dealt and one turned up, so a single card is left."""
    state = sf.new_game(sf.Options(players=10), seed=3)
    assert sum(len(hand) for hand in state.hands) == 50
    assert len(state.undealt) == 1
    seen = {*(c for hand in state.hands for c in hand), state.turn_up, *state.undealt}
    assert seen == set(FULL_PACK)


# --------------------------------------------------------------------------- SF-2 … SF-6


def test_sf_2_ace_of_hearts_is_always_a_trump() -> None:
    """AH is a trump whatever the trump suit; 14 trumps, or 13 when hearts are trumps."""
    for trump in Suit:
        order = sf.trump_order(trump)
        assert order[2] == C("AH")
        assert len(order) == (13 if trump is Suit.HEARTS else 14)
        assert C("AH") not in sf.plain_order(Suit.HEARTS, trump)


def test_sf_2_ace_of_hearts_is_not_a_heart_for_following() -> None:
    """On a heart lead, a player whose only red ace is AH is void in hearts."""
    assert sf.legal_plays(parse_cards("AH 3D"), parse_cards("2H"), Suit.SPADES) == parse_cards(
        "AH 3D"
    )
    # AH led is a trump lead, and KH (a heart) cannot win it.
    assert sf.trick_winner(parse_cards("KH AH QH"), Suit.SPADES) == 1


def test_sf_3_red_trump_orders() -> None:
    """Red trumps run 5, J, AH, A, K, Q, then 10 down to 2 (no ace twice with hearts)."""
    assert format_cards(sf.trump_order(Suit.DIAMONDS)) == (
        "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D"
    )
    assert format_cards(sf.trump_order(Suit.HEARTS)) == ("5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H")


def test_sf_4_black_trump_orders() -> None:
    """Black trumps run 5, J, AH, A, K, Q, then 2 up to 10."""
    assert format_cards(sf.trump_order(Suit.SPADES)) == (
        "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S"
    )
    assert format_cards(sf.trump_order(Suit.CLUBS)) == (
        "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C"
    )


def test_sf_5_plain_suit_orders() -> None:
    """Plain red suits: K Q J 10 … 2 A (no AH); plain black suits: K Q J A 2 … 10."""
    assert format_cards(sf.plain_order(Suit.DIAMONDS, Suit.CLUBS)) == (
        "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD"
    )
    assert format_cards(sf.plain_order(Suit.HEARTS, Suit.CLUBS)) == (
        "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
    )
    assert format_cards(sf.plain_order(Suit.SPADES, Suit.HEARTS)) == (
        "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
    )
    assert sf.plain_order(Suit.CLUBS, Suit.CLUBS) == ()


def test_sf_6_summary_table_positions() -> None:
    """The summary table: fixed top 5, J, AH for trumps; K, Q, J at the top of plain suits."""
    for trump in Suit:
        top = sf.trump_order(trump)[:3]
        assert [card.rank for card in top] == [Rank.FIVE, Rank.JACK, Rank.ACE]
        for suit in Suit:
            plain = sf.plain_order(suit, trump)
            if plain:
                assert [card.rank for card in plain[:3]] == [Rank.KING, Rank.QUEEN, Rank.JACK]


# §4.1 full orderings
FULL_ORDERS = {
    Suit.DIAMONDS: {
        "trumps": "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D",
        Suit.HEARTS: "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        Suit.CLUBS: "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        Suit.SPADES: "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    },
    Suit.HEARTS: {
        "trumps": "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H",
        Suit.DIAMONDS: "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
        Suit.CLUBS: "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        Suit.SPADES: "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    },
    Suit.CLUBS: {
        "trumps": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C",
        Suit.HEARTS: "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        Suit.DIAMONDS: "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
        Suit.SPADES: "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    },
    Suit.SPADES: {
        "trumps": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S",
        Suit.HEARTS: "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        Suit.DIAMONDS: "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
        Suit.CLUBS: "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    },
}


@pytest.mark.parametrize("trump", list(Suit))
def test_sf_6_full_ordering_of_the_pack(trump: Suit) -> None:
    """§4.1: every card appears exactly once across the trump and plain orders."""
    orders = FULL_ORDERS[trump]
    assert format_cards(sf.trump_order(trump)) == orders["trumps"]
    cards = list(sf.trump_order(trump))
    for suit in Suit:
        if suit is not trump:
            assert format_cards(sf.plain_order(suit, trump)) == orders[suit]
            cards += sf.plain_order(suit, trump)
            fives = [c for c in sf.plain_order(suit, trump) if c.rank is Rank.FIVE]
            assert fives
            assert all(c.rank is Rank.FIVE for c in fives)
    assert sorted(cards) == list(FULL_PACK)


def test_sf_6_order_table_is_generated_from_the_data() -> None:
    """The markdown order table lists each order in the engine's own sequence."""
    table = sf.order_table_markdown()
    lines = table.splitlines()
    assert lines[2].startswith("| 1 | 5D | 5H | 5S | K | K | K |")
    assert lines[15].startswith("| 14 | 2D | — | 10S | — | — | — |")


# --------------------------------------------------------------------------- SF-7


def test_sf_7_fresh_pool_and_spoil_pool_accounting() -> None:
    """§4.6: 5 players pay 2 each and the dealer 1 more (11); after a spoil 5·1+1 (17);
    a win then pays 17 and the following deal starts again at 11."""
    assert sf.new_game(sf.PEEL, seed=0).pool == 11
    for seed in range(300):
        spoilt = play_out(sf.new_game(sf.PEEL, seed=seed))
        assert spoilt.outcome is not None
        if spoilt.outcome.kind is sf.OutcomeKind.SPOILT:
            break
    assert spoilt.outcome is not None
    assert spoilt.outcome.kind is sf.OutcomeKind.SPOILT
    assert spoilt.pool == 11
    assert spoilt.outcome.carried == 11
    for seed in range(300):
        state = sf.next_deal(spoilt, seed=seed)
        assert state.pool == 17
        assert state.dealer == 1
        assert state.balances[1] == -2 - 2  # full stake, then spoil stake + extra
        won = play_out(state)
        assert won.outcome is not None
        if won.outcome.kind is sf.OutcomeKind.WON:
            break
    assert won.outcome is not None
    assert won.outcome.kind is sf.OutcomeKind.WON
    assert sum(won.outcome.payouts) == 17
    assert won.pool == 0
    assert sf.next_deal(won).pool == 11


def test_sf_7_dealer_extra_on_every_deal_and_dealer_only_spoil_payers() -> None:
    """After a spoil with spoil_payers='dealer_only' only the dealer antes (stake + extra)."""
    options = sf.Options(players=4, spoil_payers="dealer_only")
    hands = ["2S 3S 4S 6S 7S", "5C JC 2H 3H 4H", "KH QH JH 10H 9H", "8S 9S 10S 8D 9D"]
    state = game(hands, "2C", attrs.evolve(options, rob_enforcement="penalize"))
    assert state.pool == 9
    # Seat 1 is not the holder of AC (undealt) but robs falsely, is barred, then wins 3.
    state = run(state, "rob 4H", "play 5C", "play KH", "play 8S", "play 2S")
    state = run(state, "play JC", "play QH", "play 9S", "play 3S")
    state = run(state, "play 2C", "play JH", "play 10S", "play 4S")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.BARRED
    nxt = sf.next_deal(state, seed=1)
    assert nxt.pool == 9 + 1 + 1
    assert nxt.balances == (-3, -2 - 2, -2, -2)


def test_sf_7_counters_are_conserved_over_many_deals() -> None:
    """The sum of balances plus the pool never changes (starting from zero)."""
    state = sf.new_game(sf.JINKING, seed=11)
    for _ in range(60):
        state = play_out(state)
        assert sum(state.balances) + state.pool == 0
        state = sf.next_deal(state)


# --------------------------------------------------------------------------- SF-8


def test_sf_8_deal_in_two_and_three_from_the_eldest() -> None:
    """Two circuits clockwise from the eldest, 2 then 3 cards (or 3 then 2), then the turn-up."""
    state = sf.new_game(sf.Options(players=2), deck=FULL_PACK, dealer=0)
    assert format_cards(state.hands[1]) == "AS 2S 5S 6S 7S"
    assert format_cards(state.hands[0]) == "3S 4S 8S 9S 10S"
    assert state.turn_up == C("JS")
    assert state.trump is Suit.SPADES
    state = sf.new_game(sf.Options(players=2, deal_batches=(3, 2)), deck=FULL_PACK, dealer=1)
    assert format_cards(state.hands[0]) == "AS 2S 3S 7S 8S"
    assert format_cards(state.hands[1]) == "4S 5S 6S 9S 10S"


def test_sf_8_seeded_deal_is_reproducible_and_draws_only_what_it_needs() -> None:
    """The same seed gives the same deal; the hands are the top of a full shuffle."""
    from cardrules.dealing import shuffled

    a = sf.new_game(sf.PEEL, seed=99)
    b = sf.new_game(sf.PEEL, seed=99)
    assert a == b
    full = shuffled(FULL_PACK, 99)
    c = sf.new_game(sf.PEEL, deck=full)
    assert c.hands == a.hands
    assert c.turn_up == a.turn_up


# --------------------------------------------------------------------------- SF-9 / SF-23

FIVE_HANDS = ["KS QS JS 10S 9S", "KH QH JH 10H 9H"]


def test_sf_9_fiving_accepted_sets_aside_the_suit_until_another_turns() -> None:
    """Fived: the turn-up and following cards of its suit are set aside; the next fixes trumps."""
    options = sf.TWO_HANDED
    state = game(FIVE_HANDS, "3D", options, after="7D KD 2C")
    assert state.phase is sf.Phase.FIVING_ASK
    assert state.to_act == 1
    assert legal_text(state) == ["ask-five", "decline-five"]
    state = run(state, "ask-five")
    assert state.phase is sf.Phase.FIVING_ANSWER
    assert state.to_act == 0
    assert refusal(state, "ask-five").rule == "SF-9"
    state = run(state, "accept-five")
    assert state.turn_up == C("2C")
    assert state.trump is Suit.CLUBS
    assert sf.view(state, 1).set_aside == parse_cards("3D 7D KD")
    assert state.phase is sf.Phase.PLAY
    assert state.to_act == 1
    assert len(state.undealt) == 52 - 10 - 4


def test_sf_9_fiving_refused_or_declined_keeps_the_turn_up() -> None:
    """A refused or declined request leaves trumps as turned; only one request per hand."""
    state = run(game(FIVE_HANDS, "3D", sf.TWO_HANDED, after="7D KD 2C"), "ask-five", "refuse-five")
    assert state.turn_up == C("3D")
    assert state.phase is sf.Phase.PLAY
    assert refusal(state, "ask-five").rule == "SF-9"
    state = run(game(FIVE_HANDS, "3D", sf.TWO_HANDED), "decline-five")
    assert state.turn_up == C("3D")
    assert state.to_act == 1


def test_sf_9_fiving_needs_two_players_or_two_sides() -> None:
    """Fiving is only allowed with two players or two partnerships."""
    with pytest.raises(OptionsError, match="fiving"):
        sf.Options(players=3, fiving=True)
    assert sf.Options(players=4, teams=[[0, 2], [1, 3]], fiving=True).fiving


def test_sf_9_fiving_always_finds_a_new_suit_where_it_is_allowed() -> None:
    """Fiving turns cards until another suit shows; where it is allowed enough cards stay
    undealt for that (up to 12 more of the first suit may come), so eight or ten players
    in two sides may not five."""
    six = sf.Options(players=6, teams=[[0, 2, 4], [1, 3, 5]], fiving=True)
    for seed in range(300):
        state = run(sf.new_game(six, seed=seed), "ask-five", "accept-five")
        assert state.set_aside[0].suit is not state.turn_up.suit
    for players in (8, 10):
        teams = [list(range(0, players, 2)), list(range(1, players, 2))]
        with pytest.raises(OptionsError, match="fiving"):
            sf.Options(players=players, teams=teams, fiving=True)


def test_sf_9_either_opponent_may_ask_with_partnerships() -> None:
    """With fiving_asker='either_opponent' the second opponent may ask after the first declines."""
    options = sf.Options(
        players=4, teams=[[0, 2], [1, 3]], fiving=True, fiving_asker="either_opponent"
    )
    state = sf.new_game(options, seed=5)
    assert state.to_act == 1
    state = run(state, "decline-five")
    assert state.phase is sf.Phase.FIVING_ASK
    assert state.to_act == 3
    state = run(state, "ask-five")
    assert state.to_act == 0
    assert state.phase is sf.Phase.FIVING_ANSWER
    eldest_only = sf.new_game(attrs.evolve(options, fiving_asker="eldest"), seed=5)
    assert run(eldest_only, "decline-five").phase is not sf.Phase.FIVING_ASK
    # With the dealer's partner on his left, the first opponent clockwise asks first.
    beside = sf.Options(
        players=4, teams=[[0, 1], [2, 3]], fiving=True, fiving_asker="either_opponent"
    )
    state = sf.new_game(beside, seed=5)
    assert state.to_act == 2
    assert run(state, "decline-five").to_act == 3


def test_sf_23_fiving_is_the_variation_of_sf_9() -> None:
    """Fiving as a variation is the same procedure (SF-9); refusals name SF-9."""
    state = sf.new_game(sf.PEEL, seed=1)
    error = refusal(state, "ask-five")
    assert error.rule == "SF-9"
    assert "not played" in error.reason


# --------------------------------------------------------------------------- SF-10

ROB_HANDS = [
    "2D 3D 4D 6D 7D",  # dealer
    "KH QH JH 10H 9H",
    "KC QC JC 10C 9C",
    "8H 7H 6H 4H 3H",
]


def test_sf_10_dealer_robs_a_turned_ace_before_the_lead() -> None:
    """§4.6 trace: turn-up AS; the dealer discards before the lead, may play AS at his turn."""
    state = game(ROB_HANDS, "AS")
    assert state.phase is sf.Phase.DEALER_ROB
    assert state.to_act == 0
    assert legal_text(state) == [f"rob {c}" for c in ["2D", "3D", "4D", "6D", "7D"]]
    assert refusal(state, "play 2D").rule == "SF-10"
    assert refusal(state, "decline-rob").rule == "SF-12"
    state = run(state, "rob 2D")
    assert state.to_act == 1
    assert state.phase is sf.Phase.PLAY
    assert format_cards(state.hands[0]) == "3D 4D 6D 7D"
    assert sf.view(state, 1).events[0].card is None
    assert sf.view(state, 0).events[0].card == C("2D")
    state = run(state, "play KH", "play 9C", "play 3H")
    assert state.to_act == 0
    assert C("AS") in state.hands[0]
    assert "play AS" in legal_text(state)
    state = run(state, "play AS")
    assert state.tricks[0].winner == 0


def test_sf_10_dealer_ace_after_the_first_trick() -> None:
    """With dealer_ace_available='after_trick1' the ace joins the dealer's hand after trick 1."""
    options = sf.Options(players=4, dealer_ace_available="after_trick1")
    state = run(game(ROB_HANDS, "AS", options), "rob 2D", "play KH", "play 9C", "play 3H")
    assert C("AS") not in state.hands[0]
    state = run(state, "play 3D")
    assert C("AS") in state.hands[0]
    assert len(state.hands[0]) == 4


# --------------------------------------------------------------------------- SF-11

HOLDER_HANDS = [
    "8S 9S 10S 8D 9D",  # dealer
    "2H 3H 4H 6H 7H",  # eldest
    "5C JC AC KC QC",  # holds the ace of trumps (clubs)
    "2S 3S 4S 6S 2D",
]


def test_sf_11_holder_robs_at_his_first_turn_and_may_play_the_turn_up() -> None:
    """§4.6: turn-up 7C, seat 2 holds AC: at his first turn he discards and takes 7C.

    Robbing is compulsory and enforced here, so his turn is a rob phase of its own: the
    rob follows at once and is public anyway.
    """
    state = run(game(HOLDER_HANDS, "7C"), "play 2H")
    assert state.phase is sf.Phase.ROB
    assert state.to_act == 2
    assert set(legal_text(state)) == {f"rob {c}" for c in ["5C", "JC", "AC", "KC", "QC"]}
    error = refusal(state, "play 5C")
    assert error.rule == "SF-11"
    assert "rob" in error.reason
    state = run(state, "rob QC")
    assert state.phase is sf.Phase.PLAY
    assert state.to_act == 2
    assert C("7C") in state.hands[2]
    assert C("QC") not in state.hands[2]
    assert "play 7C" in legal_text(state)
    assert sf.view(state, 3).turn_up_taken_by == 2
    assert sf.view(state, 3).events[-1].card is None
    assert state.discards == ((2, C("QC")),)


def test_sf_11_holder_who_is_eldest_robs_before_leading() -> None:
    """The eldest hand holding the ace of trumps robs before he leads."""
    hands = [HOLDER_HANDS[0], HOLDER_HANDS[2], HOLDER_HANDS[1], HOLDER_HANDS[3]]
    state = game(hands, "7C")
    assert state.phase is sf.Phase.ROB
    assert state.to_act == 1
    state = run(state, "rob 5C")
    assert state.trick == ()
    assert "play 7C" in legal_text(state)


def test_sf_11_dealer_can_be_the_holder() -> None:
    """A dealer dealt the ace of trumps robs at his own turn in trick 1."""
    hands = [HOLDER_HANDS[2], HOLDER_HANDS[1], HOLDER_HANDS[0], HOLDER_HANDS[3]]
    state = run(game(hands, "7C"), "play 2H", "play 8S", "play 2S")
    assert state.phase is sf.Phase.ROB
    assert state.to_act == 0


# --------------------------------------------------------------------------- SF-12 / SF-13


def test_sf_12_enforce_rejects_false_robs_and_skipped_robs() -> None:
    """Under 'enforce' only the holder robs and he cannot skip it."""
    state = game(HOLDER_HANDS, "7C")
    error = refusal(state, "rob 2H")
    assert error.rule == "SF-12"
    assert "ace of trumps" in error.reason
    state = run(state, "play 2H")
    assert refusal(state, "decline-rob").rule == "SF-12"


def test_sf_12_penalize_bars_a_skipped_rob_and_a_false_rob() -> None:
    """Under 'penalize' a holder may omit his rob and anybody may rob falsely; either way
    he is barred, secretly: only his own view shows the bar."""
    options = sf.Options(players=4, rob_enforcement="penalize")
    state = game(HOLDER_HANDS, "7C", options)
    assert "rob 2H" in legal_text(state)  # a false rob is possible, and penalised
    state = run(state, "play 2H")
    assert state.phase is sf.Phase.PLAY
    plays = [f"play {c}" for c in ["AC", "5C", "JC", "QC", "KC"]]
    assert legal_text(state) == plays + [f"rob {c}" for c in ["AC", "5C", "JC", "QC", "KC"]]
    assert refusal(state, "decline-rob").rule == "SF-12"
    state = run(state, "play 5C")  # plays without robbing: the rob is omitted
    assert state.barred == (2,)
    assert sf.view(state, 2).barred == (2,)
    assert [sf.view(state, seat).barred for seat in (0, 1, 3)] == [(), (), ()]
    false_rob = run(game(HOLDER_HANDS, "7C", options), "rob 7H")
    assert false_rob.barred == (1,)
    assert sf.view(false_rob, 1).barred == (1,)
    assert sf.view(false_rob, 2).barred == ()
    assert C("7C") in false_rob.hands[1]
    # After a false rob the turn-up is gone, so the holder has nothing to rob.
    false_rob = run(false_rob, "play 2H")
    assert false_rob.phase is sf.Phase.PLAY
    assert false_rob.to_act == 2
    assert legal_text(false_rob) == plays
    assert run(false_rob, "play 5C").barred == (1,)


def test_sf_12_dealer_may_decline_a_turned_ace_only_where_declining_is_allowed() -> None:
    """The dealer's rob of a turned ace is a decision of its own before the lead; where
    the options allow it he may decline it (barred under 'penalize'), which all can see."""
    penalize = sf.Options(players=4, rob_enforcement="penalize")
    state = game(ROB_HANDS, "AS", penalize)
    assert state.phase is sf.Phase.DEALER_ROB
    assert legal_text(state)[-1] == "decline-rob"
    state = run(state, "decline-rob")
    assert state.barred == (0,)
    for seat in range(4):
        assert sf.view(state, seat).barred == (0,)
        assert sf.view(state, seat).events == (sf.Event(0, sf.EventKind.DECLINE_ROB),)
    optional = run(game(ROB_HANDS, "AS", sf.Options(players=4, robbing="optional")), "decline-rob")
    assert optional.barred == ()
    assert optional.phase is sf.Phase.PLAY
    assert optional.to_act == 1


def test_sf_12_optional_and_off() -> None:
    """Optional robbing may be declined without penalty, by playing without robbing; with
    robbing off nobody robs."""
    optional = sf.Options(players=4, robbing="optional")
    state = run(game(HOLDER_HANDS, "7C", optional), "play 2H")
    assert state.phase is sf.Phase.PLAY
    assert "rob QC" in legal_text(state)
    assert "decline-rob" not in legal_text(state)
    assert refusal(state, "decline-rob").rule == "SF-12"
    state = run(state, "play 5C")
    assert state.barred == ()
    assert state.phase is sf.Phase.PLAY
    assert state.to_act == 3
    declined = sf.Event(2, sf.EventKind.DECLINE_ROB)
    assert sf.view(state, 2).events == (declined,)
    assert [sf.view(state, seat).events for seat in (0, 1, 3)] == [(), (), ()]
    robbed = run(game(HOLDER_HANDS, "7C", optional), "play 2H", "rob QC")
    assert robbed.turn_up_on_table is False
    assert "play 7C" in legal_text(robbed)
    off = sf.Options(players=4, robbing="off")
    state = run(game(HOLDER_HANDS, "7C", off), "play 2H")
    assert state.phase is sf.Phase.PLAY
    assert state.to_act == 2
    assert refusal(state, "rob 5C").rule == "SF-12"
    assert run(state, "play 5C").events == ()
    dealer_ace = game(ROB_HANDS, "AS", off)
    assert dealer_ace.phase is sf.Phase.PLAY
    assert dealer_ace.to_act == 1
    with pytest.raises(OptionsError, match="rob_enforcement"):
        sf.Options(robbing="optional", rob_enforcement="penalize")


def test_sf_12_refusals_of_a_rob_name_the_rule_of_the_moment() -> None:
    """A rob or decline out of its moment is refused under the rule that says when robbing
    happens: while fiving is decided nothing can be robbed or declined yet (SF-11, SF-9),
    and once the first trick is over no rob is open (SF-11)."""
    options = sf.Options(players=2, fiving=True, rob_enforcement="penalize")
    state = game(FIVE_HANDS, "3D", options)
    assert state.phase is sf.Phase.FIVING_ASK
    assert refusal(state, "decline-rob").rule == "SF-11"
    assert refusal(state, "rob KH").rule == "SF-9"
    state = run(state, "decline-five")
    assert "rob KH" in legal_text(state)  # penalize: anybody may rob (falsely) in trick 1
    assert refusal(state, "decline-rob").rule == "SF-12"
    state = run(state, "play KH", "play KS")
    assert refusal(state, "rob QS").rule == "SF-11"


def test_sf_13_a_barred_winner_spoils_the_hand() -> None:
    """A barred player who takes three tricks cannot win: the hand is a spoil, and only
    then does everybody learn that he was barred."""
    options = sf.Options(players=4, rob_enforcement="penalize")
    state = run(game(HOLDER_HANDS, "7C", options), "play 2H", "play 5C")
    state = run(state, "play 2S", "play 8S")
    state = run(state, "play JC", "play 3S", "play 9S", "play 3H")
    assert [sf.view(state, seat).barred for seat in range(4)] == [(), (), (2,), ()]
    state = run(state, "play AC", "play 4S", "play 10S", "play 4H")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.BARRED
    assert state.outcome.winners == ()
    assert [sf.view(state, seat).barred for seat in range(4)] == [(2,)] * 4
    assert state.pool == 9
    assert sf.next_deal(state, seed=2).pool == 9 + 4 + 1


def test_sf_13_a_bar_that_does_not_matter_stays_secret() -> None:
    """A barred player who does not take the winning tricks changes nothing, so his bar
    is never shown to the others, not even when the hand is over."""
    options = sf.Options(players=4, rob_enforcement="penalize")
    hands = ["8S 9S 10S 8D 9D", "5C JC KH QH JH", "2C AC 3H 4H 6H", "2S 3S 4S 6S 2D"]
    state = run(game(hands, "7C", options), "play KH", "play 3H")  # seat 2 omits his rob
    state = play_out(state)
    assert state.outcome is not None
    assert state.outcome.kind is not sf.OutcomeKind.BARRED
    assert state.barred == (2,)
    assert [sf.view(state, seat).barred for seat in range(4)] == [(), (), (2,), ()]


def test_sf_13_a_barred_side_scores_nothing_in_points_and_that_shows() -> None:
    """In a points game a barred player's tricks score nothing; once he wins one, the
    unchanged score shows everybody the bar."""
    options = sf.Options(players=4, scoring="points", rob_enforcement="penalize")
    state = run(game(HOLDER_HANDS, "7C", options), "play 2H", "play 5C", "play 2S")
    assert [sf.view(state, seat).barred for seat in range(4)] == [(), (), (2,), ()]
    state = run(state, "play 8S")
    assert state.tricks[0].winner == 2
    assert state.scores == (0, 0, 0, 0)
    assert [sf.view(state, seat).barred for seat in range(4)] == [(2,)] * 4


def test_sf_13_barred_in_a_two_player_game_makes_a_spoil_possible() -> None:
    """With two players only a barred winner (or a failed jink) can spoil the hand."""
    options = sf.Options(players=2, rob_enforcement="penalize")
    kinds = set()
    for seed in range(150):
        state = sf.new_game(options, seed=seed)
        while state.to_act is not None:
            actions = sf.legal_actions(state)
            choice = sf.DeclineRob() if sf.DeclineRob() in actions else actions[0]
            state = sf.apply_action(state, choice)
        assert state.outcome is not None
        kinds.add(state.outcome.kind)
    assert sf.OutcomeKind.SPOILT not in kinds
    assert sf.OutcomeKind.BARRED in kinds


# --------------------------------------------------------------------------- SF-14


def test_sf_14_eldest_leads_and_the_trick_winner_leads_next() -> None:
    """The eldest leads trick 1; each player adds a card clockwise; each trick's winner
    leads the next; any card may be led."""
    options = sf.Options(players=4, robbing="off")
    state = sf.new_game(options, seed=8, dealer=2)
    assert state.to_act == 3
    assert state.trick == ()
    assert len(sf.legal_actions(state)) == 5
    for number in range(5):
        leader = state.to_act
        assert leader is not None
        assert state.leader == leader
        assert sf.legal_actions(state) == tuple(sf.Play(card) for card in state.hands[leader])
        for offset in range(4):
            assert state.to_act == (leader + offset) % 4
            state = sf.apply_action(state, sf.legal_actions(state)[-1])
            if sf.is_deal_over(state):
                break
        assert len(state.tricks) == number + 1
        assert state.tricks[-1].leader == leader
        if sf.is_deal_over(state):
            break
        assert state.to_act == state.tricks[-1].winner
        assert state.trick == ()
    assert state.tricks


# --------------------------------------------------------------------------- SF-15 / SF-16

LEGAL_TABLE = [
    # trumps, led, hand, legal (follow_or_trump), legal (must_follow)
    ("D", "9D", "5D KC 3H", "5D KC 3H", "5D KC 3H"),
    ("D", "JD", "AH KC", "AH", "AH"),
    ("D", "JD", "5D KC", "5D KC", "5D KC"),
    ("D", "9D", "5D 2D KC", "5D 2D", "5D 2D"),
    ("D", "AH", "JD 7C", "JD 7C", "JD 7C"),
    ("D", "AD", "AH 4S", "AH 4S", "AH 4S"),
    ("D", "5D", "AH 4S", "AH", "AH"),
    ("H", "6H", "JH 2C", "JH 2C", "JH 2C"),
    ("H", "JH", "AH 2C", "AH", "AH"),
    ("C", "KD", "3D 4C 9S", "3D 4C", "3D"),
    ("C", "KD", "4C 9S", "4C 9S", "4C 9S"),
    ("S", "2H", "AH 3D", "AH 3D", "AH 3D"),
    ("S", "2H", "AH 9H 3D", "AH 9H", "9H"),
]


@pytest.mark.parametrize(("trump", "led", "hand", "default", "strict"), LEGAL_TABLE)
def test_sf_15_and_sf_16_legal_plays_table(
    trump: str, led: str, hand: str, default: str, strict: str
) -> None:
    """§4.3: the legal plays under follow_or_trump (default) and must_follow."""
    suit = Suit.parse(trump)
    cards, trick = parse_cards(hand), parse_cards(led)
    assert format_cards(sf.legal_plays(cards, trick, suit)) == default
    got = sf.legal_plays(cards, trick, suit, plain_lead_rule="must_follow")
    assert format_cards(got) == strict


def test_sf_15_renege_privilege_in_a_real_hand() -> None:
    """A trump lead: 5, J and AH renege against lower trumps; an unprotected trump must follow."""
    hands = [
        "5D 2S 3S 4S 6S",  # dealer: only trump is the five, protected
        "9D KC QC JC 10C",  # eldest leads 9D
        "JD 2D 8C 7C 6C",  # has an unprotected trump (2D): must play a trump
        "AH 2H 3H 4H 6H",  # AH protected against 9D
    ]
    state = run(game(hands, "3D"), "play 9D")
    assert set(legal_text(state)) == {"play JD", "play 2D"}
    error = refusal(state, "play 8C")
    assert error.rule == "SF-15"
    assert str(error) == (
        "cannot play 8C: trumps were led (9D) and you hold 2D, which may not renege "
        "against it; play a trump (SF-15)"
    )
    state = run(state, "play 2D")
    assert len(sf.legal_actions(state)) == 5
    state = run(state, "play 2H")
    assert len(sf.legal_actions(state)) == 5


def test_sf_15_jack_led_forces_an_unprotected_ace_of_hearts() -> None:
    """Against a led trump jack only the five is protected: AH alone must be played."""
    hands = ["AH 2S 3S 4S 6S", "JD KC QC 10C 9C", "7S 8S 9S 10S KS", "7H 8H 9H 10H KH"]
    state = run(game(hands, "3D"), "play JD", "play 7S", "play 7H")
    assert legal_text(state) == ["play AH"]


def test_sf_15_unprotected_ace_of_hearts_is_an_ordinary_trump() -> None:
    """D-28: against a led jack, a player holding AH and another trump may play either."""
    hand = parse_cards("AH 2D KC")
    assert set(sf.legal_plays(hand, parse_cards("JD"), Suit.DIAMONDS)) == set(parse_cards("AH 2D"))


def test_sf_16_follow_suit_or_trump_message() -> None:
    """On a plain lead a player holding the suit must follow or trump; no third suit."""
    hands = ["2S 3S 4S 6S 7S", "KD QC JC 10C 9C", "3D 4C 9S 8H 7H", "2H 3H 4H 6H 5S"]
    state = run(game(hands, "2C"), "play KD")
    assert set(legal_text(state)) == {"play 3D", "play 4C"}
    error = refusal(state, "play 9S")
    assert str(error) == (
        "cannot play 9S: spades are not trumps and you hold a diamond; follow suit or trump (SF-16)"
    )
    strict = run(game(hands, "2C", sf.Options(players=4, plain_lead_rule="must_follow")), "play KD")
    assert legal_text(strict) == ["play 3D"]
    assert refusal(strict, "play 4C").rule == "SF-16"
    assert refusal(strict, "play 5C").rule == "C-7"


# --------------------------------------------------------------------------- SF-17

TRICKS = [
    ("S", "10S AH 2S 5S", "5S"),
    ("D", "KC AC 2D QC", "2D"),
    ("C", "7S AS 2S KS", "KS"),
    ("C", "7S AS 2S", "AS"),
    ("H", "3D 2D AD 10D", "10D"),
    ("C", "AH AC KC JC", "JC"),
    ("H", "6H AH 5H", "5H"),
    ("S", "KH AH QH", "AH"),
    ("S", "2H 3H KS", "KS"),
    ("S", "QD AD 2C", "QD"),
]


@pytest.mark.parametrize(("trump", "cards", "winner"), TRICKS)
def test_sf_17_trick_winners(trump: str, cards: str, winner: str) -> None:
    """§4.2: the best trump wins, else the best card of the suit led."""
    played = parse_cards(cards)
    assert played[sf.trick_winner(played, Suit.parse(trump))] == C(winner)


# --------------------------------------------------------------------------- SF-18 / SF-19 / D-27


def test_sf_18_hand_stops_at_three_tricks_and_sf_19_winner_takes_the_pool() -> None:
    """The first player to three tricks ends the hand and takes the whole pool."""
    state = run(game(JINK_HANDS, "2C"), "play 5C", "play 2H", "play 2S", "play 2D", "play 8S")
    state = run(state, "play JC", "play 3H", "play 3S", "play 3D", "play 9S")
    state = run(state, "play AH", "play 4H", "play 4S", "play 4D", "play 10S")
    assert state.outcome is not None
    assert state.phase is sf.Phase.DEAL_OVER
    assert state.outcome.kind is sf.OutcomeKind.WON
    assert state.outcome.winners == (1,)
    assert len(state.tricks) == 3
    assert sf.legal_actions(state) == ()
    assert state.outcome.payouts == (0, 11, 0, 0, 0)
    assert state.pool == 0
    assert state.balances == (-3, 9, -2, -2, -2)
    nxt = sf.next_deal(state, seed=4)
    assert nxt.dealer == 1
    assert nxt.pool == 11
    with pytest.raises(IllegalActionError, match="C-7"):
        sf.next_deal(nxt)
    assert refusal(state, "play KH").rule == "C-7"


def test_sf_18_spoil_after_five_tricks_without_three() -> None:
    """Five tricks without anybody taking three spoil the hand: the pool stays."""
    found = 0
    for seed in range(60):
        state = play_out(sf.new_game(sf.PEEL, seed=seed))
        assert state.outcome is not None
        if state.outcome.kind is sf.OutcomeKind.SPOILT:
            found += 1
            assert len(state.tricks) == 5
            assert max(state.tricks_won) < 3
            assert state.outcome.carried == state.pool == 11
        else:
            assert max(state.tricks_won) == 3 == state.tricks_won[state.outcome.winners[0]]
            assert state.tricks_won[state.tricks[-1].winner] == 3
    assert found


def test_sf_18_no_spoils_with_two_players_or_two_sides() -> None:
    """With two players or two sides somebody always reaches three tricks."""
    for options in (sf.Options(players=2), sf.PARTNERSHIP):
        for seed in range(40):
            state = play_out(sf.new_game(options, seed=seed))
            assert state.outcome is not None
            assert state.outcome.kind is sf.OutcomeKind.WON


def test_sf_18_stop_when_spoil_certain() -> None:
    """With stop_when_spoil_certain the hand ends as soon as nobody can take three tricks."""
    options = sf.Options(stop_when_spoil_certain=True)
    early = 0
    for seed in range(80):
        state = play_out(sf.new_game(options, seed=seed))
        assert state.outcome is not None
        if state.outcome.kind is sf.OutcomeKind.SPOILT and len(state.tricks) < 5:
            early += 1
            left = 5 - len(state.tricks)
            assert all(won + left < 3 for won in state.tricks_won)
    assert early


def test_sf_19_the_deal_passes_left_and_a_won_pool_starts_afresh() -> None:
    """The winner takes the whole pool; the next deal has a fresh pool and the next dealer."""
    state = sf.new_game(sf.Options(players=3), seed=21, dealer=2)
    for expected_dealer in (2, 0, 1, 2):
        assert state.dealer == expected_dealer
        assert state.eldest == (expected_dealer + 1) % 3
        before = state.pool
        state = play_out(state)
        assert state.outcome is not None
        if state.outcome.kind is sf.OutcomeKind.WON:
            assert sum(state.outcome.payouts) == before
            assert state.pool == 0
        state = sf.next_deal(state)


# --------------------------------------------------------------------------- SF-20


def test_sf_20_two_tricks_win() -> None:
    """With win_tricks=2 the first player to two tricks takes the pool at once."""
    state = run(game(JINK_HANDS, "2C", sf.TWO_TRICKS), "play 5C", "play 2H", "play 2S")
    state = run(state, "play 2D", "play 8S", "play JC", "play 3H", "play 3S", "play 3D")
    state = run(state, "play 9S")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.WON
    assert len(state.tricks) == 2
    assert state.outcome.winners == (1,)
    with pytest.raises(OptionsError, match="jinking"):
        sf.Options(win_tricks=2, jinking=True)


# --------------------------------------------------------------------------- SF-21

FIRST_THREE = (
    "play 5C", "play 2H", "play 2S", "play 2D", "play 8S",
    "play JC", "play 3H", "play 3S", "play 3D", "play 9S",
    "play AH", "play 4H", "play 4S", "play 4D", "play 10S",
)  # fmt: skip


def test_sf_21_winner_of_first_three_tricks_chooses_stop_or_go_on() -> None:
    """After winning tricks 1-3 the player may stop (take the pool) or go on for a jink."""
    state = run(game(JINK_HANDS, "2C", sf.JINKING), *FIRST_THREE)
    assert state.phase is sf.Phase.JINK
    assert state.to_act == 1
    assert legal_text(state) == ["stop", "go-on"]
    assert refusal(state, "play KH").rule == "SF-21"
    stopped = run(state, "stop")
    assert stopped.outcome is not None
    assert stopped.outcome.kind is sf.OutcomeKind.WON
    assert stopped.outcome.payouts[1] == 11


def test_sf_21_successful_jink_collects_full_stakes() -> None:
    """§4.6: a jink with 5 players and pool 11 pays 11 + 4·2 = 19."""
    state = run(game(JINK_HANDS, "2C", sf.JINKING), *FIRST_THREE, "go-on")
    assert state.phase is sf.Phase.PLAY
    assert state.to_act == 1
    state = run(state, "play KH", "play 6H", "play 6S", "play 6D", "play 8D")
    state = run(state, "play QH", "play 7H", "play 7S", "play 7D", "play 9D")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.JINK
    assert state.outcome.payouts == (0, 19, 0, 0, 0)
    assert state.balances == (-5, 17, -4, -4, -4)
    assert sum(state.balances) + state.pool == 0


def test_sf_21_failed_jink_is_a_spoil() -> None:
    """Going on and losing trick 4 or 5 ends the hand at once as a spoil."""
    hands = list(JINK_HANDS)
    hands[1], hands[2] = "5C JC AH 2H 3H", "KH QH JH 10H 9H"
    state = run(game(hands, "2C", sf.JINKING), "play 5C", "play 9H", "play 2S", "play 2D")
    state = run(state, "play 8S", "play JC", "play 10H", "play 3S", "play 3D", "play 9S")
    state = run(state, "play AH", "play JH", "play 4S", "play 4D", "play 10S", "go-on")
    state = run(state, "play 2H", "play KH", "play 6S", "play 6D", "play 8D")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.JINK_FAILED
    assert len(state.tricks) == 4
    assert state.pool == 11
    assert sf.next_deal(state, seed=1).pool == 11 + 6


def test_sf_21_no_jink_offer_without_the_first_three_tricks() -> None:
    """Stop and go-on are refused outside the jink decision."""
    state = game(JINK_HANDS, "2C", sf.JINKING)
    assert refusal(state, "stop").rule == "SF-21"
    assert refusal(state, "go-on").rule == "SF-21"


# --------------------------------------------------------------------------- SF-22


def test_sf_22_ordinary_sequence() -> None:
    """Whist order in every suit; AH an ordinary heart; no renege privilege."""
    order = sf.trump_order(Suit.DIAMONDS, "ordinary")
    assert format_cards(order) == "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"
    assert format_cards(sf.plain_order(Suit.HEARTS, Suit.CLUBS, "ordinary"))[:5] == "AH KH"
    assert sf.trick_winner(parse_cards("KH AH"), Suit.SPADES, "ordinary") == 1
    assert sf.trick_winner(parse_cards("AH 2S"), Suit.CLUBS, "ordinary") == 0
    hand = parse_cards("5D KC")
    assert sf.legal_plays(hand, parse_cards("JD"), Suit.DIAMONDS, ranking="ordinary") == (C("5D"),)


def test_sf_22_robbing_still_applies_with_the_ordinary_sequence() -> None:
    """The holder of the ace of trumps (now simply the top trump) still robs."""
    state = run(game(HOLDER_HANDS, "7C", sf.Options(players=4, ranking="ordinary")), "play 2H")
    assert state.phase is sf.Phase.ROB


# --------------------------------------------------------------------------- SF-24


def test_sf_24_points_game_scores_five_a_trick_and_plays_out_the_hand() -> None:
    """Every hand is played to five tricks; each trick scores 5; no spoils, no per-hand pools."""
    hands = list(JINK_HANDS)
    hands[1], hands[2] = "5C JC AH 2H 3H", "KH QH JH 10H 9H"
    state = run(game(hands, "2C", sf.TWENTY_FIVE), "play 5C", "play 9H", "play 2S", "play 2D")
    assert state.pool == 10
    assert state.balances == (-2,) * 5
    state = run(state, "play 8S", "play JC", "play 10H", "play 3S", "play 3D", "play 9S")
    state = run(state, "play AH", "play JH", "play 4S", "play 4D", "play 10S")
    assert state.outcome is None
    assert state.scores == (0, 15, 0, 0, 0)
    state = run(state, "play 2H", "play KH", "play 6S", "play 6D", "play 8D")
    state = run(state, "play QH", "play 7S", "play 7D", "play 9D", "play 3H")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.HAND_SCORED
    assert state.scores == (0, 15, 10, 0, 0)
    assert not sf.is_game_over(state)
    nxt = sf.next_deal(state, seed=3)
    assert nxt.pool == 10
    assert nxt.scores == state.scores


def test_sf_24_jink_wins_the_game_at_once() -> None:
    """§4.6: five tricks in one hand (25 points) win Forty-Five even from 0."""
    state = run(game(JINK_HANDS, "2C", sf.FORTY_FIVE), *FIRST_THREE)
    state = run(state, "play KH", "play 6H", "play 6S", "play 6D", "play 8D")
    state = run(state, "play QH", "play 7H", "play 7S", "play 7D", "play 9D")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.GAME_WON
    assert state.scores[1] == 25
    assert sf.is_game_over(state)
    assert state.outcome.payouts == (0, 10, 0, 0, 0)
    assert state.phase is sf.Phase.GAME_OVER
    with pytest.raises(IllegalActionError, match="SF-24"):
        sf.next_deal(state)


def test_sf_24_a_jink_reaches_twenty_five_anyway() -> None:
    """§4.6: five tricks are 25 points, so a jink from 0 wins Twenty-Five too."""
    state = run(game(JINK_HANDS, "2C", sf.TWENTY_FIVE), *FIRST_THREE)
    state = run(state, "play KH", "play 6H", "play 6S", "play 6D", "play 8D")
    state = run(state, "play QH", "play 7H", "play 7S", "play 7D", "play 9D")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.GAME_WON
    assert state.scores == (0, 25, 0, 0, 0)


def test_sf_24_reaching_the_target_ends_the_game_after_the_trick() -> None:
    """The first to reach the target wins at once, checked after every trick."""
    state = sf.new_game(sf.TWENTY_FIVE, seed=2)
    while not sf.is_game_over(state):
        state = play_out(state)
        if not sf.is_game_over(state):
            assert max(state.scores) < 25
            state = sf.next_deal(state)
    assert state.outcome is not None
    (winner,) = state.outcome.winners
    assert state.scores[winner] >= 25
    assert sum(state.balances) + state.pool == 0
    assert state.pool == 0


def test_sf_24_options_combinations() -> None:
    """Points games exclude two-tricks-win, the jinking option and early spoils."""
    for bad in (
        {"win_tricks": 2},
        {"jinking": True},
        {"stop_when_spoil_certain": True},
    ):
        with pytest.raises(OptionsError, match="scoring"):
            sf.Options(scoring="points", **bad)
    with pytest.raises(OptionsError, match="target"):
        sf.Options(target=45)
    assert sf.Options(scoring="points", points_stake=5).game_stake == 5


# --------------------------------------------------------------------------- SF-25


def test_sf_25_partners_count_tricks_together_and_split_the_pool() -> None:
    """§4.6: 2 v 2, pool 9 won: each partner receives 4 and 1 is carried."""
    hands = ["6D 7D 8D 9D 10D", "5C JC 2H 3H 4H", "6S 7S 8S 9S 10S", "AH KC QC 2D 3D"]
    state = game(hands, "2C", sf.PARTNERSHIP)
    assert state.pool == 9
    state = run(state, "play 5C", "play 6S")
    assert set(legal_text(state)) == {"play KC", "play QC", "play AH"}
    state = run(state, "play KC", "play 6D", "play JC", "play 7S", "play QC", "play 7D")
    state = run(state, "play 2H", "play 8S", "play AH", "play 8D")
    assert state.outcome is not None
    assert state.outcome.kind is sf.OutcomeKind.WON
    assert state.outcome.winners == (1, 3)
    assert state.outcome.payouts == (0, 4, 0, 4)
    assert state.outcome.carried == 1
    assert state.pool == 1
    assert sf.next_deal(state, seed=1).pool == 1 + 9


def test_sf_25_team_validation() -> None:
    """Teams must partition the seats into at least two equal sides."""
    bad: tuple[Any, ...] = ([[0, 1], [2]], [[0, 1, 2, 3]], [[0, 2], [1, 2]], [[0, 2], [1, 4]], "02")
    for teams in bad:
        with pytest.raises(OptionsError, match="teams"):
            sf.Options(players=4, teams=teams)
    assert sf.Options(players=6, teams=[[0, 3], [1, 4], [2, 5]]).sides == 3


# --------------------------------------------------------------------------- §4.5


def test_probability_turn_up_is_an_ace() -> None:
    """§4.5: the turn-up is an ace (dealer robs) with probability 1/13."""
    aces = sum(1 for card in FULL_PACK if card.rank is Rank.ACE)
    assert Fraction(aces, len(FULL_PACK)) == Fraction(1, 13)


def test_probability_ace_of_trumps_dealt_with_five_players() -> None:
    """§4.5: with n players the ace of trumps is dealt with probability (12/13)(5n/51).

    Counted exactly over every turn-up and every position of the trump ace in the pack.
    """
    for players in (2, 5):
        dealt = total = 0
        options = sf.Options(players=players)
        for turn_up in FULL_PACK:
            ace = next(c for c in FULL_PACK if c.suit is turn_up.suit and c.rank is Rank.ACE)
            others = [c for c in FULL_PACK if c != turn_up and c != ace]
            for position in range(51):
                total += 1
                if turn_up is ace:
                    continue
                rest = [*others]
                rest.insert(position, ace)
                deck = (*rest[: 5 * players], turn_up, *rest[5 * players :])
                state = sf.new_game(options, deck=deck)
                if any(ace in hand for hand in state.hands):
                    dealt += 1
        expected = Fraction(12, 13) * Fraction(5 * players, 51)
        assert Fraction(dealt, total) == expected
    assert Fraction(12, 13) * Fraction(25, 51) == Fraction(100, 221)


def test_deck_helper_round_trip() -> None:
    """The test helper's pack deals exactly the hands asked for."""
    deck = deck_for(ROB_HANDS, "AS", dealer=2)
    state = sf.new_game(sf.Options(players=4), deck=deck, dealer=2)
    assert [set(h) for h in state.hands] == [set(parse_cards(h)) for h in ROB_HANDS]


def test_c_7_actions_may_be_given_in_notation_and_other_text_is_refused() -> None:
    """C-7: apply_action and check_action read notation where an action is expected; text
    that is no action is refused like anything else that is none."""
    state = sf.new_game(sf.Options(players=3), seed=1)
    assert sf.apply_action(state, "play 6S") == sf.apply_action(state, sf.parse_action("play 6S"))
    assert sf.check_action(state, "play 6S") is None
    refusal = sf.check_action(state, "throw KS")
    assert refusal is not None
    assert refusal.rule == "C-7"
    with pytest.raises(IllegalActionError, match="C-7"):
        sf.apply_action(state, "throw KS")

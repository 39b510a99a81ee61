"""Golden records: version-1 JSON written by hand-checked games must keep replaying.

The records below are stored as text, exactly as a front-end would have saved them
(options left at their defaults may be omitted). If a later change to the engines or to
the record format made them load differently, or replay to another result, saved games
everywhere would break; these tests say so first.
"""

from __future__ import annotations

import pytest

from cardrules import my_bird_sings, records, spoil_five
from cardrules.cards import Suit, parse_card, parse_cards
from cardrules.errors import RecordError

SPOIL_FIVE_RECORD = """
{"format": "cardrules-record", "version": 1, "game": "spoil-five",
 "options": {"players": 3}, "dealer": 2,
 "deals": [{"seed": 0,
   "deck": ["KS", "7S", "9H", "JS", "8S", "JH", "10C", "5C", "3C", "6H", "7D", "10H", "10S",
            "5H", "QS", "JC", "7C", "4H", "AH", "KH", "4D", "2C", "5S", "9C", "2S", "2D",
            "9S", "2H", "3S", "8D", "3D", "4S", "QC", "3H", "7H", "5D", "6D", "AS", "JD",
            "KD", "8C", "QD", "6S", "10D", "AD", "4C", "AC", "6C", "QH", "9D", "8H", "KC"],
   "actions": ["play 5C", "play 9H", "play 10S", "play KS", "play JS", "play QS",
               "play 7S", "play 7D", "play 8S"]}],
 "metadata": {"event": "golden"}}
"""

MY_BIRD_SINGS_RECORD = """
{"format": "cardrules-record", "version": 1, "game": "my-bird-sings",
 "options": {"players": 3}, "dealer": 2,
 "deals": [{"seed": 0,
   "deck": ["7S", "6C", "2C", "3H", "2D", "AD", "10D", "4C", "KS", "JS", "7C", "3D", "8S",
            "AH", "5D", "3C", "QH", "QC", "10C", "8H", "7H", "QD", "5H", "9D", "2H", "JD",
            "6S", "7D", "KD", "3S", "AS", "4H", "KH", "4S", "AC", "6D", "JC", "10S", "8C",
            "8D", "KC", "10H", "5C", "9H", "5S", "2S", "4D", "9S", "QS", "6H", "JH", "9C"],
   "actions": ["pass JS", "pass JS", "pass 3D", "pass 3D", "pass 2D", "pass JS", "pass 3H",
               "pass 7C", "pass 7C", "exchange JS"]}]}
"""


def test_golden_spoil_five_record_replays_to_its_result() -> None:
    """Seat 0 leads the five of clubs (trumps: clubs) and takes three tricks running."""
    rec = records.loads(SPOIL_FIVE_RECORD)
    assert rec.options == spoil_five.Options(players=3)
    assert dict(rec.metadata) == {"event": "golden"}
    state = records.restore(rec)
    assert isinstance(state, spoil_five.State)
    assert (state.trump, state.turn_up) == (Suit.CLUBS, parse_card("JC"))
    assert state.outcome is not None
    assert state.outcome.kind == spoil_five.OutcomeKind.WON
    assert (state.outcome.winners, state.outcome.payouts) == ((0,), (7, 0, 0))
    assert (state.balances, state.pool) == ((5, -2, -3), 0)
    assert len(list(records.replay(rec))) == 10


MY_BIRD_SINGS_RECORD_V3 = MY_BIRD_SINGS_RECORD.replace('"version": 1', '"version": 3').replace(
    '"exchange JS"]}',
    '"exchange JS"], "result": {"kind": "sang", "payouts": [4, 0, 0], "pool": 0}}',
)


def test_golden_my_bird_sings_record_replays_to_its_result() -> None:
    """The leader (seat 0) exchanges on turn 9, his first chance, and his bird sings.

    Written as version 1 the record is refused (My Bird Sings rules changed under version
    1, see ``cardrules.records``); the same game as version 3, with its result, replays.
    """
    old = records.loads(MY_BIRD_SINGS_RECORD)
    with pytest.raises(RecordError, match="version 1 My Bird Sings records"):
        records.restore(old)
    rec = records.loads(MY_BIRD_SINGS_RECORD_V3)
    assert rec.metadata == {}
    state = records.restore(rec)
    assert isinstance(state, my_bird_sings.State)
    assert state.outcome is not None
    assert state.outcome.kind == my_bird_sings.OutcomeKind.SANG
    assert state.outcome.singer == 0
    assert state.outcome.shown == parse_cards("7S 10D 7C AH")
    assert (state.balances, state.pool) == ((3, -1, -2), 0)
    assert records.record(state) == rec


def test_golden_records_are_written_back_in_full() -> None:
    """Writing a loaded record spells out every option, so defaults can change safely."""
    for text in (SPOIL_FIVE_RECORD, MY_BIRD_SINGS_RECORD):
        rec = records.loads(text)
        assert records.loads(records.dumps(rec)) == rec
        assert '"split_remainder":"carry"' in records.dumps(rec)


def test_version_1_records_with_negative_seeds_replay_as_they_were_dealt_or_are_refused() -> None:
    """Seeds s and -s dealt alike before version 2; old records replay exactly or are refused.

    ``tests/golden/negative_seeds_v1.json`` holds games of both games saved by the version
    before the change (random play from negative first seeds, with several deals and a
    ``draw_blind`` game whose blind orders derive from the seed), with each game's final
    hands, balances and pool. The Spoil Five games replay to them (by the version-1 seed
    mapping) and are written back as version 3 with their packs explicit; the My Bird
    Sings games are refused, as every version-1 record of that game is (its rules changed
    under version 1).
    """
    import json
    from pathlib import Path

    from cardrules.cards import format_cards

    golden = json.loads(
        (Path(__file__).parents[1] / "golden" / "negative_seeds_v1.json").read_text()
    )
    assert [entry["record"]["game"] for entry in golden].count("spoil-five") == 2
    assert len(golden) == 4
    for entry in golden:
        text = json.dumps(entry["record"])
        rec = records.loads(text)
        assert rec.version == 1
        assert rec.deals[0].seed < 0
        assert json.loads(records.dumps(rec)) == entry["record"]  # written back as read
        if rec.game == "my-bird-sings":
            with pytest.raises(RecordError, match=r"^version: version 1 My Bird Sings"):
                records.restore(rec)
            continue
        state = records.restore(rec)
        final = entry["final"]
        assert [format_cards(hand) for hand in state.hands] == final["hands"]
        assert list(state.balances) == final["balances"]
        assert state.pool == final["pool"]
        again = records.record(state)
        assert again.version == 3
        assert all(deal.deck is not None for deal in again.deals)
        assert records.restore(records.loads(records.dumps(again))) == state


def test_version_2_negative_seeds_deal_their_own_cards() -> None:
    """A fresh game from -s is not the game from s (and replays as itself)."""
    for game, options in ((spoil_five, spoil_five.Options(players=3)),
                          (my_bird_sings, my_bird_sings.Options(players=3))):  # fmt: skip
        plus = game.new_game(options, seed=12345)
        minus = game.new_game(options, seed=-12345)
        assert plus.hands != minus.hands
        assert records.restore(records.loads(records.dumps(records.record(minus)))) == minus

"""Record versions: a record replays by the rules and seed mapping of its version, or is refused.

The golden files hold records written by the engines of earlier versions, each with how
that engine settled every deal (outcome kind, payouts, pool, the cards a bird showed) and
the final hands, balances and pool:

* ``tests/golden/records_v1_c03435b.json``: 140 version-1 records (70 of each game) written
  by the engine of commit c03435b, before the D-5, MBS-12 and MBS-15 rulings: random play
  over every preset and declared singing, sings after the deal, exchanges from turn 0,
  a round limit, draw_blind, explicit packs and negative seeds, one to three deals, some
  saved in the middle of a deal.
* ``tests/golden/records_v2_fbe51cf.json``: 42 version-2 records (21 of each game) written
  the same way by the engine of commit fbe51cf, the last before SplitMix64.

``python -m tests.records.test_versions`` prints the figures the changelog quotes.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules import my_bird_sings, records, spoil_five
from cardrules._shuffle import derived_index, derived_order
from cardrules.cards import FULL_PACK, format_cards
from cardrules.dealing import derive_seed, legacy_seed, legacy_shuffled, shuffled
from cardrules.errors import RecordError

GOLDEN = Path(__file__).parents[1] / "golden"
V1 = json.loads((GOLDEN / "records_v1_c03435b.json").read_text())
V2 = json.loads((GOLDEN / "records_v2_fbe51cf.json").read_text())

# What decides a deal, version by version: the golden perft counts (every rule, from
# explicit packs) and the seed mapping (shuffles, derivations, in-deal draws). Changing
# either changes how some record replays: add a new RECORD_VERSION and its fingerprint.
FINGERPRINTS = {3: "632070938ec8d6a478830d5f7596d72805cb0d63f652afe9335f0a5527447b3c"}


def _result(state: Any) -> dict[str, object] | None:
    """A deal's result as the golden files write it."""
    outcome = state.outcome
    if outcome is None:
        return None
    result: dict[str, object] = {
        "kind": outcome.kind.value,
        "payouts": list(outcome.payouts),
        "pool": state.pool,
    }
    shown = getattr(outcome, "shown", None)
    if shown is not None:
        result["shown"] = format_cards(shown)
    return result


def _replays_exactly(entry: dict[str, Any], rec: records.GameRecord) -> bool:
    """Whether the replay settles every deal and ends as the writing engine did."""
    states = list(records.replay(rec))
    position = 0
    for deal, wanted in zip(rec.deals, entry["deals"], strict=True):
        position += len(deal.actions)
        if _result(states[position]) != wanted:
            return False
        position += 1
    last: Any = states[-1]
    final = entry["final"]
    return bool(
        [format_cards(hand) for hand in last.hands] == final["hands"]
        and list(last.balances) == final["balances"]
        and last.pool == final["pool"]
    )


def outcomes(entries: list[dict[str, Any]]) -> Counter[tuple[str, str]]:
    """For each game, how many records replay exactly, are refused, or replay otherwise."""
    found: Counter[tuple[str, str]] = Counter()
    for entry in entries:
        rec = records.loads(json.dumps(entry["record"]))
        try:
            exact = _replays_exactly(entry, rec)
        except RecordError as err:
            refused = str(err).startswith(f"version: version {rec.version} ")
            found[rec.game, "refused" if refused else f"error: {err}"] += 1
            continue
        found[rec.game, "exact" if exact else "replayed otherwise"] += 1
    return found


def without_the_refusal(entries: list[dict[str, Any]]) -> Counter[str]:
    """How the refused My Bird Sings records would replay by today's rules (old seeds).

    Each deal is dealt as version 1 dealt it (the Mersenne Twister pack, negative seeds
    as their absolute values, the old in-deal draws): what the version-1 refusal saves
    its users from.
    """
    found: Counter[str] = Counter()
    for entry in entries:
        rec = records.loads(json.dumps(entry["record"]))
        if rec.game != "my-bird-sings":
            continue
        deals = []
        for deal in rec.deals:
            if deal.seed < 0:
                pack = legacy_shuffled(rec.options.cards, -deal.seed)
                deal = attrs.evolve(deal, seed=legacy_seed(deal.seed), deck=deal.deck or pack)
            deals.append(deal)
        options: Any = rec.options
        state = my_bird_sings.session.replay_legacy_game(
            options, seed=deals[0].seed, deck=deals[0].deck, dealer=rec.dealer
        )
        kinds = set()
        try:
            for number, deal in enumerate(deals):
                if number:
                    state = my_bird_sings.next_deal(state, seed=deal.seed, deck=deal.deck)
                for action in deal.actions:
                    state = my_bird_sings.apply_action(state, str(action))
                got, wanted = _result(state), entry["deals"][number]
                if got != wanted:
                    same_pay = got and wanted and got["payouts"] == wanted["payouts"]
                    kinds.add("another shown set" if same_pay else "another result")
        except Exception:
            kinds = {"refused by a rule"}
        found[" and ".join(sorted(kinds)) or "the same"] += 1
    return found


def test_version_1_records_of_c03435b_replay_exactly_or_are_refused() -> None:
    """Spoil Five replays every deal as c03435b settled it; My Bird Sings is refused."""
    assert len(V1) == 140
    assert outcomes(V1) == {
        ("spoil-five", "exact"): 70,
        ("my-bird-sings", "refused"): 70,
    }


def test_the_refused_version_1_records_would_replay_otherwise() -> None:
    """Replayed by today's rules, 45 of the 70 refused records would go wrong."""
    assert without_the_refusal(V1) == {
        "refused by a rule": 26,
        "another shown set": 19,
        "the same": 25,
    }


def test_version_2_records_of_fbe51cf_replay_exactly_or_are_refused() -> None:
    """Version 2 replays by the Mersenne Twister mapping; the D-5 options are refused."""
    assert len(V2) == 42
    assert outcomes(V2) == {
        ("spoil-five", "exact"): 21,
        ("my-bird-sings", "exact"): 20,
        ("my-bird-sings", "refused"): 1,
    }
    refused = [
        entry
        for entry in V2
        if entry["record"]["game"] == "my-bird-sings"
        and not entry["record"]["options"]["auto_sing"]
        and entry["record"]["options"]["sing_timing"] == "any_after_deal"
        and entry["record"]["options"]["exchange_after_rounds"] == 0
    ]
    assert len(refused) == 1
    with pytest.raises(RecordError, match=r"^version: version 2 My Bird Sings .* D-5"):
        records.restore(records.loads(json.dumps(refused[0]["record"])))


def test_a_replayed_old_game_is_written_back_by_its_own_mapping() -> None:
    """My Bird Sings of version 2 stays version 2; Spoil Five becomes version 3 with packs."""
    for entry in V2:
        rec = records.loads(json.dumps(entry["record"]))
        try:
            state = records.restore(rec)
        except RecordError:
            continue
        again = records.record(state, metadata=dict(rec.metadata))
        if rec.game == "my-bird-sings":
            assert again == rec
        else:
            assert again.version == 3
            assert all(deal.deck is not None for deal in again.deals)
            assert records.restore(records.loads(records.dumps(again))) == state


def _record_of_three_deals(game: Any, options: Any) -> records.GameRecord:
    state = game.new_game(options, seed=11)
    for number in range(3):
        if number:
            state = game.next_deal(state)
        while not game.is_deal_over(state):
            state = game.apply_action(state, game.legal_actions(state)[-1])
    return records.record(state)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        (spoil_five, spoil_five.Options(players=3)),
        (my_bird_sings, my_bird_sings.Options(players=3)),
    ],
    ids=["spoil_five", "my_bird_sings"],
)
def test_each_deal_carries_its_result_and_replay_names_the_first_that_differs(
    game: Any, options: Any
) -> None:
    rec = _record_of_three_deals(game, options)
    assert all(deal.result is not None for deal in rec.deals)
    assert records.loads(records.dumps(rec)) == rec
    assert '"result":{"kind":' in records.dumps(rec)
    for number in (1, 2):
        right = rec.deals[number].result
        assert right is not None
        wrong = attrs.evolve(right, pool=right.pool + 1)
        deals = list(rec.deals)
        deals[number] = attrs.evolve(deals[number], result=wrong)
        if number == 2:
            deals[1] = attrs.evolve(deals[1], result=None)  # an earlier difference comes first
        with pytest.raises(RecordError, match=r"^deals\[1\]: the replayed"):
            records.restore(attrs.evolve(rec, deals=tuple(deals)))
    start = next(
        state
        for state in (game.new_game(options, seed=seed) for seed in range(20))
        if not game.is_deal_over(state)
    )
    ongoing = records.record(start)
    assert ongoing.deals[0].result is None
    ended = attrs.evolve(ongoing.deals[0], result=rec.deals[0].result)
    with pytest.raises(RecordError, match=r"^deals\[0\]: the replayed deal is not over, but"):
        records.restore(attrs.evolve(ongoing, deals=(ended,)))


def test_results_are_refused_where_their_version_has_none_or_they_fit_no_deal() -> None:
    rec = _record_of_three_deals(spoil_five, spoil_five.Options(players=3))
    data = json.loads(records.dumps(rec))
    old = dict(data, version=2)
    with pytest.raises(RecordError, match=r"deals\[0\]\.result: records of version 2 carry no"):
        records.loads(json.dumps(old))
    for change, message in [
        ({"kind": "sang"}, r"kind: not an outcome of this game: 'sang'"),
        ({"payouts": [1, 2]}, r"payouts: expected one payout per seat \(3\)"),
        ({"pool": -1}, r"pool: expected a count of counters"),
        ({"payouts": ["1", 2, 3]}, r"payouts\[0\]: expected an integer, got '1'"),
    ]:
        bad = json.loads(records.dumps(rec))
        bad["deals"][0]["result"].update(change)
        with pytest.raises(RecordError, match=message):
            records.loads(json.dumps(bad))


def fingerprint() -> str:
    """A digest of what decides how a recorded deal replays, under this version."""
    digest = hashlib.sha256((GOLDEN / "perft.json").read_bytes())
    for seed in (0, 1, 7, -7, 2**64 + 3):
        digest.update(format_cards(shuffled(FULL_PACK, seed)).encode())
        digest.update(str(derive_seed(seed, 1, 2)).encode())
        digest.update(repr(derived_order(list(range(9)), seed, (3,), False)).encode())
        digest.update(str(derived_index(seed, (3, 0x5348), 5, False)).encode())
    return digest.hexdigest()


def test_a_change_to_the_rules_or_the_seed_mapping_bumps_the_record_version() -> None:
    """The golden perft counts and the seed mapping are pinned to RECORD_VERSION.

    If this fails, what a decision is or how a seed deals has changed: records of the
    current version would replay otherwise. Make a new record version (RECORD_VERSION, the
    replay of the old one by its own rules or its refusal, the changelog) and add its
    fingerprint here.
    """
    assert fingerprint() == FINGERPRINTS[records.RECORD_VERSION]


if __name__ == "__main__":
    print("version 1 (c03435b):", dict(outcomes(V1)))
    print("  refused My Bird Sings, replayed anyway:", dict(without_the_refusal(V1)))
    print("version 2 (fbe51cf):", dict(outcomes(V2)))
    print("fingerprint of version", records.RECORD_VERSION, fingerprint())

"""Lossless JSON round trips (options, views, records) and exact replay of recorded games."""

from __future__ import annotations

import io
import json
import random
import types
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import my_bird_sings, records, spoil_five
from cardrules.cards import FULL_PACK, Card, parse_card
from cardrules.dealing import shuffled
from cardrules.errors import OptionsError, RecordError
from tests.records.games import (
    ALL_CASES,
    ALL_IDS,
    GAMES,
    cards_in_json,
    game_name,
    random_session,
)


@pytest.mark.parametrize(("game", "name", "options"), ALL_CASES, ids=ALL_IDS)
def test_every_preset_round_trips_through_json(
    game: types.ModuleType, name: str, options: Any
) -> None:
    text = records.to_json(options)
    back = records.from_json(text, game.Options)
    assert back == options
    assert type(back) is type(options)
    assert records.to_json(back) == text
    data = json.loads(text)
    assert set(data) == {field.name for field in attrs.fields(game.Options)}


def test_option_enums_are_written_as_their_rule_strings() -> None:
    data = json.loads(records.to_json(spoil_five.PARTNERSHIP))
    assert data["robbing"] == "compulsory"
    assert data["teams"] == [[0, 2], [1, 3]]
    assert data["deal_batches"] == [2, 3]
    data = json.loads(records.to_json(my_bird_sings.Options(round_limit=9, pack=32)))
    assert (data["passing"], data["round_limit"], data["pack"]) == ("throw", 9, 32)


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(ALL_CASES), seed=st.integers(0, 2**32))
def test_views_of_reachable_states_round_trip_for_every_seat(
    case: tuple[types.ModuleType, str, Any], seed: int
) -> None:
    game, _, options = case
    rng = random.Random(seed)
    states = random_session(game, options, rng, deals=2, max_actions=60)
    for state in rng.sample(states, min(4, len(states))):
        for seat in range(options.players):
            view = game.view(state, seat)
            text = records.to_json(view)
            back = records.from_json(text, type(view))
            assert back == view
            assert records.to_json(back) == text
            assert all(isinstance(card, str) for card in _card_fields(json.loads(text)))


def _card_fields(data: object) -> list[object]:
    """The JSON values of every field called ``hand``: cards must be strings, never ints."""
    if isinstance(data, dict):
        found = list(data.get("hand", []))
        for value in data.values():
            found.extend(_card_fields(value))
        return found
    if isinstance(data, list):
        return [item for value in data for item in _card_fields(value)]
    return []


def test_cards_and_actions_in_a_view_are_notation_strings() -> None:
    state = my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=2)
    data = json.loads(records.to_json(my_bird_sings.view(state, 1)))
    assert data["hand"] == [str(card) for card in state.hands[1]]
    assert data["legal_actions"][0] == f"pass {state.hands[1][0]}"
    assert data["phase"] == "pass"


@pytest.mark.parametrize(("game", "name", "options"), ALL_CASES, ids=ALL_IDS)
def test_recorded_games_round_trip_and_replay_to_equal_states(
    game: types.ModuleType, name: str, options: Any
) -> None:
    for seed in range(4):
        states = random_session(game, options, random.Random(seed), deals=3, max_actions=150)
        rec = records.record(states[-1], metadata={"seat 0": "Ann", "note": f"seed {seed}"})
        text = records.dumps(rec)
        back = records.loads(text)
        assert back == rec
        assert records.dumps(back) == text
        assert records.loads(records.dumps(rec, indent=2)) == rec
        replayed = list(records.replay(back))
        assert len(replayed) == len(states)
        for number, (original, again) in enumerate(zip(states, replayed, strict=True)):
            assert again == original, f"state {number} differs"
        assert records.restore(back) == states[-1]


def test_a_record_of_a_mid_deal_state_replays_to_that_state() -> None:
    state = spoil_five.new_game(spoil_five.Options(players=4), seed=9, dealer=2)
    for _ in range(3):
        state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[-1])
    rec = records.record(state)
    assert rec.dealer == 2
    assert len(rec.deals[0].actions) == 3
    assert records.restore(records.loads(records.dumps(rec))) == state


def test_record_json_has_the_documented_shape() -> None:
    deck = shuffled(FULL_PACK, 1)
    state = spoil_five.new_game(spoil_five.Options(players=2), deck=deck, seed=4)
    action = spoil_five.legal_actions(state)[0]
    state = spoil_five.apply_action(state, action)
    data = json.loads(records.dumps(records.record(state, metadata={"north": "Ann"})))
    assert list(data) == [
        "format", "version", "game", "options", "dealer", "deals", "metadata"
    ]  # fmt: skip
    assert (data["format"], data["version"], data["game"]) == ("cardrules-record", 3, "spoil-five")
    assert data["metadata"] == {"north": "Ann"}
    assert data["deals"] == [
        {"seed": 4, "deck": [str(card) for card in deck], "actions": [str(action)], "result": None}
    ]


def test_records_are_written_and_read_through_paths_and_files(tmp_path: Path) -> None:
    states = random_session(my_bird_sings, my_bird_sings.PEEL, random.Random(5), deals=2)
    rec = records.record(states[-1], metadata={"player 1": "Séamus"})
    path = tmp_path / "game.json"
    records.dump(rec, path)
    assert path.read_text(encoding="utf-8").endswith("\n")
    assert records.load(path) == rec
    assert records.load(str(path)) == rec
    with path.open("rb") as binary:
        assert records.load(binary) == rec
    with path.open(encoding="utf-8") as text:
        assert records.load(text) == rec
    raw = io.BytesIO()
    records.dump(rec, raw)
    assert records.loads(raw.getvalue()) == rec
    with path.open("wb") as binary_out:
        records.dump(rec, binary_out)
    assert records.load(path) == rec
    buffer = io.StringIO()
    records.dump(rec, buffer, indent=None)
    assert records.loads(buffer.getvalue()) == rec
    assert records.from_json(buffer.getvalue(), records.GameRecord) == rec
    assert records.to_json(rec) == records.dumps(rec)


def test_load_refuses_files_larger_than_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(" " * 100 + "{}", encoding="utf-8")
    with pytest.raises(RecordError, match="exceeds 50"):
        records.load(path, max_size=50)
    with pytest.raises(RecordError, match="exceeds 50"):
        records.load(io.StringIO(" " * 100), max_size=50)


def test_load_refuses_a_text_file_that_cannot_be_decoded(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"format": "\xff"}')
    with path.open(encoding="utf-8") as text, pytest.raises(RecordError, match="not utf-8 text"):
        records.load(text)


def test_metadata_is_a_read_only_bounded_mapping_of_strings() -> None:
    state = my_bird_sings.new_game(my_bird_sings.PEEL, seed=1)
    rec = records.record(state, metadata={"a": "b"})
    assert dict(rec.metadata) == {"a": "b"}
    with pytest.raises(TypeError):
        rec.metadata["a"] = "c"  # type: ignore[index]
    assert hash(rec) == hash(records.record(state, metadata={"a": "z"}))
    for bad, message in [
        ({"": "x"}, "must not be empty"),
        ({"k" * 65: "x"}, "longer than 64"),
        ({"k": "v" * 1025}, "longer than 1024"),
        ({str(i): "" for i in range(65)}, "more than 64 entries"),
        ({"k": 5}, "expected a string, got 5"),
        ({"k": "\ud800"}, "unpaired surrogate"),
        (["k"], "expected a mapping"),
    ]:
        with pytest.raises(RecordError, match=message):
            records.record(state, metadata=bad)  # type: ignore[arg-type]


def test_game_record_checks_its_fields_when_built() -> None:
    rec = records.record(spoil_five.new_game(spoil_five.Options(players=3), seed=1))
    cases: list[tuple[dict[str, Any], str]] = [
        ({"format": "other"}, "format: expected 'cardrules-record'"),
        ({"version": 4}, "reads records of versions 1 to 3, not version 4"),
        ({"version": True}, "not version true"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"options": my_bird_sings.PEEL}, "expected spoil-five Options"),
        ({"dealer": 3}, "dealer: expected a seat from 0 to 2, got 3"),
        ({"deals": ()}, "at least one deal"),
        ({"deals": (1,)}, "every item must be a DealRecord"),
        (
            {"deals": (records.DealRecord(seed=1, actions=(my_bird_sings.Abandon(),)),)},
            r"deals\[0\]\.actions\[0\]: not a spoil-five action: Abandon\(\)",
        ),
    ]
    for changes, message in cases:
        with pytest.raises(RecordError, match=message):
            attrs.evolve(rec, **changes)


def test_deal_record_checks_seed_and_deck() -> None:
    assert records.DealRecord(seed=-(2**64) + 1).seed == -(2**64) + 1
    card = parse_card("AS")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"seed": 2**64}, "magnitude below 2\\*\\*64"),
        ({"seed": True}, "got true"),
        ({"seed": 1, "deck": (card, card)}, "a card appears twice"),
        ({"seed": 1, "deck": "AS"}, "expected null or a list of cards"),
        ({"seed": 1, "deck": (1, 2)}, "every item must be a Card"),
    ]
    for kwargs, message in cases:
        with pytest.raises(RecordError, match=message):
            records.DealRecord(**kwargs)


def test_a_state_whose_seed_is_too_large_cannot_be_recorded() -> None:
    state = spoil_five.new_game(spoil_five.Options(players=2), seed=2**70)
    with pytest.raises(RecordError, match="magnitude below"):
        records.record(state)


def test_objects_without_a_json_form_are_type_errors() -> None:
    with pytest.raises(TypeError, match="JSON is for records, options and views, not "):
        records.to_json(parse_card("AS"))
    with pytest.raises(TypeError, match=r"not cardrules\.cards\.Card"):
        records.from_json("{}", Card)
    with pytest.raises(TypeError, match="not an object of a cardrules game"):
        records.record(object())  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_states_are_never_written_as_json(game: types.ModuleType) -> None:
    state = game.new_game(game.PRESETS["peel"], seed=1)
    with pytest.raises(TypeError, match=r"hidden information: send view\(state, seat\)"):
        records.to_json(state)
    with pytest.raises(TypeError, match="hidden information"):
        records.from_json("{}", type(state))


@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_values_inside_views_have_a_json_form_too(game: types.ModuleType) -> None:
    state = game.new_game(game.PRESETS["peel"], seed=1)
    action = game.legal_actions(state)[0]
    assert records.to_json(action) == f'"{action}"'
    assert records.from_json(records.to_json(action), type(action)) == action


@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_every_card_in_a_record_is_a_notation_string(game: types.ModuleType) -> None:
    options = game.PRESETS["peel"]
    states = random_session(game, options, random.Random(3), deals=2)
    text = records.dumps(records.record(states[-1]))
    assert cards_in_json(text)
    deals = json.loads(text)["deals"]
    assert all(isinstance(action, str) for deal in deals for action in deal["actions"])


@pytest.mark.parametrize("game", [spoil_five, my_bird_sings], ids=["spoil-five", "my-bird-sings"])
def test_views_and_records_round_trip_at_the_largest_stakes(game: types.ModuleType) -> None:
    """Stakes are bounded (at most a billion counters), so counters stay far below what
    JSON readers take and every view and record of a session reads back; a larger stake
    is refused as an option."""
    from cardrules._options import MAX_STAKE

    fields = (
        {"full_stake": MAX_STAKE, "spoil_stake": MAX_STAKE, "dealer_extra": MAX_STAKE}
        if game is spoil_five
        else {"stake": MAX_STAKE, "dealer_extra": MAX_STAKE}
    )
    state = game.new_game(game.Options(players=4, **fields), seed=5)
    for _ in range(6):
        while not game.is_deal_over(state):
            state = game.apply_action(state, game.legal_actions(state)[0])
        for seat in range(4):
            view = game.view(state, seat)
            assert records.from_json(records.to_json(view), game.View) == view
        state = game.next_deal(state)
    assert records.restore(records.loads(records.dumps(records.record(state)))) == state
    with pytest.raises(OptionsError, match="at most"):
        game.Options(**dict.fromkeys(fields, MAX_STAKE + 1))

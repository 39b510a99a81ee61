"""Hostile and malformed records: each is refused with a RecordError that says where."""

from __future__ import annotations

import copy
import json
import random
import types
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import my_bird_sings, records, spoil_five
from cardrules.errors import IllegalActionError, RecordError
from tests.records.games import GAMES, game_name, random_session


def _valid(game: types.ModuleType, deals: int = 2) -> dict[str, Any]:
    """A valid record (as plain JSON values) of a short random game, every deal with actions."""
    options = game.PRESETS["peel"]
    for seed in range(100):
        states = random_session(game, options, random.Random(seed), deals=deals, max_actions=40)
        data: dict[str, Any] = json.loads(records.dumps(records.record(states[-1])))
        if len(data["deals"]) == deals and all(deal["actions"] for deal in data["deals"]):
            return data
    raise AssertionError("no suitable game found")  # pragma: no cover


def _refused(data: object) -> str:
    text = data if isinstance(data, str | bytes) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        records.loads(text)
    return str(info.value)


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        if value is _DELETE:
            del target[last]
        elif last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return change


_DELETE = object()

CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("unknown top-level field", _set("extra", 1), "unknown field(s) 'extra'"),
    ("unknown deal field", _set("deals.0.dealer", 1), "deals[0]: unknown field(s) 'dealer'"),
    ("unknown option", _set("options.colour", "red"), "options: unknown field(s) 'colour'"),
    ("missing format", _set("format", _DELETE), "format: expected 'cardrules-record', got null"),
    ("other format", _set("format", "pgn"), "format: expected 'cardrules-record', got 'pgn'"),
    ("future version", _set("version", 4), "reads records of versions 1 to 3, not 4"),
    ("version zero", _set("version", 0), "reads records of versions 1 to 3, not 0"),
    ("version as bool", _set("version", True), "not true"),
    ("version as float", _set("version", 1.0), "not the number 1.0"),
    ("unknown game", _set("game", "chess"), "game: unknown game 'chess'"),
    ("missing options", _set("options", _DELETE), "options: missing field"),
    ("missing seed", _set("deals.0.seed", _DELETE), "deals[0].seed: missing field"),
    ("seed as string", _set("deals.0.seed", "7"), "deals[0].seed: expected an integer, got '7'"),
    ("seed as bool", _set("deals.1.seed", False), "deals[1].seed: expected an integer, got false"),
    ("seed as float", _set("deals.0.seed", 7.5), "deals[0].seed: expected an integer, got the num"),
    ("seed too large", _set("deals.0.seed", 2**64), "deals[0].seed: integer 18446744073709551616"),
    ("dealer as bool", _set("dealer", True), "dealer: expected an integer, got true"),
    ("dealer not a seat", _set("dealer", 99), "dealer: expected a seat from 0 to 4, got 99"),
    ("negative dealer", _set("dealer", -1), "dealer: expected a seat from 0 to 4, got -1"),
    ("players as string", _set("options.players", "5"), "options.players: expected an integer"),
    ("too many players", _set("options.players", 99), "options: players"),
    ("huge player count", _set("options.players", 2**63), "options: players"),
    ("bad enum", _set("options.split_remainder", "CARRY"), "options.split_remainder: expected one"),
    ("null options", _set("options", None), "options: expected an object, got null"),
    ("deals as object", _set("deals", {}), "deals: expected an array, got an object"),
    ("no deals", _set("deals", []), "deals: a record needs at least one deal"),
    ("actions as string", _set("deals.0.actions", "pass"), "deals[0].actions: expected an array"),
    ("action as number", _set("deals.0.actions.0", 3), "deals[0].actions[0]: expected an action"),
    ("garbled action", _set("deals.0.actions.0", "fly AS"), "deals[0].actions[0]: not a"),
    ("long action", _set("deals.0.actions.0", "x" * 10**5), "deals[0].actions[0]: not an action"),
    ("deck of numbers", _set("deals.0.deck", [1, 2]), "deals[0].deck[0]: expected a card"),
    (
        "card that does not exist",
        _set("deals.0.deck", ["1S"]),
        "deals[0].deck[0]: not a card: '1S'",
    ),
    ("repeated card", _set("deals.0.deck", ["AS", "AS"]), "deck: a card appears twice"),
    ("metadata of numbers", _set("metadata", {"a": 1}), "metadata['a']: expected a string, got 1"),
    ("metadata as list", _set("metadata", ["a"]), "metadata: expected an object, got an array"),
    ("metadata too big", _set("metadata", {"k": "v" * 2000}), "longer than 1024"),
]


@pytest.mark.parametrize("game", GAMES, ids=game_name)
@pytest.mark.parametrize(("label", "change", "message"), CASES, ids=[case[0] for case in CASES])
def test_malformed_records_are_refused_saying_where(
    game: types.ModuleType, label: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = _valid(game)
    change(data)
    error = _refused(data)
    assert message in error, error


def test_a_record_must_be_a_json_object() -> None:
    data = _valid(spoil_five)
    assert "expected a JSON object, got an array" in _refused([data])
    assert "expected a JSON object, got null" in _refused("null")


def test_several_problems_are_reported_together() -> None:
    data = _valid(my_bird_sings)
    data["deals"][0]["seed"] = "x"
    data["options"]["pack"] = True
    data["deals"][1]["zz"] = 0
    error = _refused(data)
    assert "options.pack: expected an integer, got true" in error
    assert "deals[0].seed: expected an integer, got 'x'" in error
    assert "deals[1]: unknown field(s) 'zz'" in error


def test_only_the_first_few_problems_are_quoted() -> None:
    data = _valid(spoil_five, deals=1)
    data["deals"][0]["actions"] = [7] * 50
    error = _refused(data)
    assert error.count("expected an action") == 5
    assert error.endswith("(and more)")


@pytest.mark.parametrize(
    "text",
    [
        b'{"format": "cardrules-record", "version": 1, "game": "spoil-five"\xff}',
        '{"format": "cardrules-record", "version": 1, "version": 1}',
        '{"format": "cardrules-record", "version": NaN}',
        '{"format": "cardrules-record", "version": 1, "game": "spoil-five", "deals": '
        + "[" * 5000
        + "]" * 5000
        + "}",
        '{"format": "cardrules-record", "version": 1',
        '{"format": "cardrules-record", "version": 1' + "0" * 40 + "}",
    ],
    ids=["non-utf8", "duplicate key", "nan", "deep nesting", "truncated", "huge int"],
)
def test_malformed_json_text_is_refused(text: str | bytes) -> None:
    assert _refused(text).startswith("invalid JSON: ")


def test_deep_nesting_inside_a_field_is_refused() -> None:
    data = _valid(my_bird_sings)
    nested: Any = "AS"
    for _ in range(500):
        nested = [nested]
    data["deals"][0]["deck"] = nested
    assert "deals[0].deck[0]: expected a card as a string" in _refused(data)


@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_an_illegal_action_is_refused_by_replay_naming_the_action_and_the_rule(
    game: types.ModuleType,
) -> None:
    state = game.new_game(game.PRESETS["peel"], seed=4)
    rec = records.record(state)
    other = next(seat for seat in range(state.options.players) if seat != state.to_act)
    verb = "play" if game is spoil_five else "pass"
    illegal = game.parse_action(f"{verb} {state.hands[other][0]}")
    bad = attrs.evolve(rec, deals=(attrs.evolve(rec.deals[0], actions=(illegal,)),))
    loaded = records.loads(records.dumps(bad))
    with pytest.raises(RecordError, match=r"^deals\[0\]\.actions\[0\]: cannot ") as info:
        list(records.replay(loaded))
    cause = info.value.__cause__
    assert isinstance(cause, IllegalActionError)
    assert f"({cause.rule})" in str(info.value)
    assert cause.reason in str(info.value)


def test_replay_yields_the_valid_prefix_before_refusing() -> None:
    rec = records.loads(json.dumps(_valid(my_bird_sings)))
    states = list(records.replay(rec))
    actions = (rec.deals[0].actions[0], my_bird_sings.parse_action("draw 0"))
    bad = attrs.evolve(rec, deals=(attrs.evolve(rec.deals[0], actions=actions),))
    replay = records.replay(bad)
    seen = [next(replay) for _ in range(2)]
    assert seen == states[:2]
    with pytest.raises(RecordError, match=r"^deals\[0\]\.actions\[1\]: cannot draw"):
        next(replay)


def test_a_deal_that_starts_before_the_previous_one_is_over_is_refused() -> None:
    rec = records.loads(json.dumps(_valid(my_bird_sings)))
    cut = attrs.evolve(rec.deals[0], actions=rec.deals[0].actions[:-1], result=None)
    bad = attrs.evolve(rec, deals=(cut, rec.deals[1]))
    with pytest.raises(RecordError, match=r"^deals\[1\]: deals\[0\] is not over after its"):
        records.restore(bad)
    cut = attrs.evolve(cut, result=rec.deals[0].result)  # it says it ended: it did not
    bad = attrs.evolve(rec, deals=(cut, rec.deals[1]))
    with pytest.raises(RecordError, match=r"^deals\[0\]: the replayed deal is not over, but"):
        records.restore(bad)


@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_a_deck_the_game_cannot_deal_from_is_refused_by_replay(game: types.ModuleType) -> None:
    data = _valid(game)
    data["deals"][0]["deck"] = ["AS", "KS"]
    rec = records.loads(json.dumps(data))
    with pytest.raises(RecordError, match=r"^deals\[0\]: deck"):
        records.restore(rec)


def test_a_deck_from_the_wrong_pack_is_refused_by_replay() -> None:
    state = my_bird_sings.new_game(my_bird_sings.SHORT_PACK, seed=3)
    data = json.loads(records.dumps(records.record(state)))
    data["deals"][0]["deck"] = [
        str(card) for card in spoil_five.new_game(spoil_five.PEEL, seed=3).hands[0]
    ]
    with pytest.raises(RecordError, match=r"^deals\[0\]: deck"):
        records.restore(records.loads(json.dumps(data)))


def test_loading_never_changes_the_input() -> None:
    data = _valid(spoil_five)
    before = copy.deepcopy(data)
    records.loads(json.dumps(data))
    assert data == before

"""The strict JSON reader behind records: every malformed or hostile input is a RecordError."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardrules import _json
from cardrules.errors import RecordError


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"a": [1, -2, "10C", null, true]}', {"a": [1, -2, "10C", None, True]}),
        ("\ufeff[1]", [1]),
        (b"\xef\xbb\xbf[1]", [1]),
        ('"\\u00e9"', "é"),
        ('{"seed": 18446744073709551615}', {"seed": 2**64 - 1}),
        ('{"seed": -18446744073709551615}', {"seed": -(2**64) + 1}),
        ("2.5", 2.5),
    ],
)
def test_well_formed_json_is_read(text: str | bytes, value: object) -> None:
    assert _json.parse_json(text) == value


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ('{"a": 1', "invalid JSON: Expecting ',' delimiter"),
        ("", "invalid JSON: Expecting value at line 1 column 1"),
        ('{"a": 1} x', "Extra data"),
        ('{"a": 1, "a": 1}', "duplicate key 'a'"),
        ("[NaN]", "NaN is not a JSON number"),
        ("[Infinity]", "Infinity is not a JSON number"),
        ("[-Infinity]", "-Infinity is not a JSON number"),
        ("[1" + "0" * 30 + "]", "is too large"),
        ("[" + "9" * 5000 + "]", "is too large"),
        (b'{"a": "\xff"}', "not UTF-8 text (bad byte at offset 7)"),
        (b"\xc3", "not UTF-8 text"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a": {"b": [{"c": 1, "c": 2}]}}', "duplicate key 'c'"),
    ],
)
def test_malformed_json_is_a_record_error(data: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=r"^invalid JSON: ") as info:
        _json.parse_json(data)
    assert message in str(info.value)


def test_oversized_input_is_refused_before_parsing() -> None:
    with pytest.raises(RecordError, match="exceeds 10"):
        _json.parse_json("[" + "1," * 10 + "1]", max_size=10)
    with pytest.raises(RecordError, match="11 bytes exceeds 10"):
        _json.parse_json(b"[1,1,1,1,1]", max_size=10)


def test_input_that_is_not_text_is_refused() -> None:
    with pytest.raises(RecordError, match="expected str or bytes, not int"):
        _json.parse_json(5)  # type: ignore[arg-type]


def test_written_json_is_compact_utf8_and_never_nan() -> None:
    assert _json.write_json({"name": "Séamus", "n": [1, 2]}) == '{"name":"Séamus","n":[1,2]}'
    assert _json.write_json({"n": [1]}, indent=1) == '{\n "n": [\n  1\n ]\n}'
    with pytest.raises(ValueError, match="not JSON compliant"):
        _json.write_json(float("nan"))


def test_describe_cuts_long_values() -> None:
    assert _json.describe(None) == "null"
    assert _json.describe(False) == "false"
    assert _json.describe({"a": 1}) == "an object"
    assert _json.describe(10**40) == "100000000000…000000000000"
    assert len(_json.describe("x" * 10_000)) < 40


def test_unknown_game_names_are_record_errors() -> None:
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        _json.game_module("chess")
    with pytest.raises(RecordError, match="unknown game 5"):
        _json.game_module(5)  # type: ignore[arg-type]


def test_importing_records_does_not_need_cattrs() -> None:
    code = "import sys; sys.modules['cattrs'] = None; import cardrules.records; print('ok')"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip() == "ok", result.stderr


def test_json_without_cattrs_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardrules import records, spoil_five

    _json.converter.cache_clear()
    monkeypatch.setitem(sys.modules, "cattrs", None)
    try:
        with pytest.raises(ModuleNotFoundError, match=r"pip install 'cardrules\[json\]'"):
            records.to_json(spoil_five.PEEL)
        with pytest.raises(ModuleNotFoundError, match="needs the 'cattrs' package"):
            records.from_json("{}", spoil_five.Options)
    finally:
        _json.converter.cache_clear()


def test_records_find_the_games_of_the_registry_by_their_exact_names() -> None:
    from cardrules import games, my_bird_sings, spoil_five

    for game in (spoil_five, my_bird_sings):
        assert _json.game_module(game.NAME) is game
        assert _json.game_of_type(game.Options) == game.NAME
    assert games.NAMES == (my_bird_sings.NAME, spoil_five.NAME)
    with pytest.raises(RecordError, match="unknown game 'Spoil_Five'"):
        _json.game_module("Spoil_Five")

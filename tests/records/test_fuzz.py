"""Fuzzing the record loader: thousands of mutated records, and only RecordError escapes.

Mutations are drawn from a fixed seed, so every run checks the same inputs. Each mutated
input is loaded and, if it loads, replayed to the end: both steps may refuse it with a
RecordError, and nothing else may ever be raised.
"""

from __future__ import annotations

import copy
import json
import random
import types
from typing import Any

import pytest

from cardrules import records
from cardrules.cards import FULL_PACK
from cardrules.errors import RecordError
from tests.records.games import GAMES, game_name, random_session

MUTANTS_PER_GAME = 1500

_WORDS = (
    "play", "rob", "decline-rob", "stop", "go-on", "ask-five", "decline-five", "accept-five",
    "refuse-five", "pass", "draw", "exchange", "decline-exchange", "abandon", "sing",
)  # fmt: skip


def _deep(depth: int) -> object:
    value: object = "AS"
    for _ in range(depth):
        value = [value]
    return value


def _junk(rng: random.Random) -> object:
    choices: list[object] = [
        None, True, False, 0, -1, 1, 3, 52, 2**31, 2**63, 2**64 - 1, -(2**64) + 1,
        10**40, -(10**30), 1.5, 1e300, -0.0, "", "x", "AS", "10C", "1S", "ZZ", "play AS", "pass KH",
        "draw 99", "draw -1", "draw 0", "sing AS KS QS JS", "sing", "rob 5H", "x" * 300,
        [], {}, [1], ["AS"], {"a": 1}, {"seed": 1}, [[[]]], _deep(rng.randrange(20, 200)),
    ]  # fmt: skip
    choice = rng.choice(choices)
    if rng.random() < 0.3:
        word = rng.choice(_WORDS)
        arg = rng.choice([str(rng.choice(FULL_PACK)), str(rng.randrange(-3, 60)), ""])
        return f"{word} {arg}".strip()
    return choice


def _nodes(value: Any, found: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key) pair under ``value``, so any node can be changed in place."""
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((value, key))
            _nodes(item, found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.append((value, index))
            _nodes(item, found)
    return found


def _mutate_text(text: str) -> str:
    """Small edits of a string: case, a character, a rank swap, a number."""
    if not text:
        return "x"
    i = random.Random(text).randrange(len(text))
    return text[:i] + text[i + 1 :] if len(text) > 3 else text.swapcase() + "9"


def mutate(base: dict[str, Any], rng: random.Random) -> str | bytes:
    """One random mutation of the record ``base`` (JSON values), as JSON text or bytes."""
    kind = rng.randrange(12)
    if kind >= 9:  # mutations of the text itself
        text = json.dumps(base)
        if kind == 9:
            return text[: rng.randrange(len(text))]
        if kind == 10:
            raw = bytearray(text.encode("utf-8"))
            for _ in range(rng.randrange(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            return bytes(raw)
        key = rng.choice(['"deals": ', '"options": ', '"actions": ', '"seed": ', '"players": '])
        trick = rng.randrange(3)
        if trick == 0:  # deep nesting
            depth = rng.choice([2000, 50_000])  # shallower nesting: see _junk
            return text.replace(key, key + "[" * depth + "0" + "]" * depth + ", " + key, 1)
        if trick == 1:  # a duplicate key
            return text.replace(key, key + "1, " + key, 1)
        digits = rng.choice(["1" + "0" * 19, "9" * 21, "-" + "9" * 25, "1" * 5000])
        return text.replace(key, key + digits + ", " + key, 1)
    data = copy.deepcopy(base)
    for _ in range(rng.randrange(1, 4)):
        nodes = _nodes(data, [])
        container, key = rng.choice(nodes)
        if kind <= 2:
            container[key] = _junk(rng)
        elif kind == 3:
            del container[key]
        elif kind == 4 and isinstance(container, dict):
            container[rng.choice(["extra", "Seed", "deal", "actions", "__class__"])] = 1
        elif kind == 5 and isinstance(container[key], str):
            container[key] = _mutate_text(container[key])
        elif kind == 6 and isinstance(container, list) and len(container) > 1:
            j = rng.randrange(len(container))
            container[key], container[j] = container[j], container[key]
        elif kind == 7 and isinstance(container, list):
            container.insert(key, copy.deepcopy(container[key]))
        elif kind == 8 and isinstance(container[key], int) and not isinstance(container[key], bool):
            container[key] += rng.choice([-1, 1, 2**64, -(2**65), 7])
        else:
            container[key] = _junk(rng)
    return json.dumps(data)


def _bases(game: types.ModuleType) -> list[dict[str, Any]]:
    """A few valid records of ``game`` over different presets, as JSON values."""
    found = []
    for number, options in enumerate(game.PRESETS.values()):
        states = random_session(game, options, random.Random(number), deals=2, max_actions=30)
        found.append(json.loads(records.dumps(records.record(states[-1]))))
    return found


@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_mutated_records_only_ever_raise_record_error(game: types.ModuleType) -> None:
    rng = random.Random(f"fuzz {game_name(game)}")
    bases = _bases(game)
    loaded = replayed = 0
    for number in range(MUTANTS_PER_GAME):
        text = mutate(rng.choice(bases), rng)
        try:
            rec = records.loads(text)
            loaded += 1
            records.restore(rec)
            replayed += 1
        except RecordError:
            pass
        except Exception as err:  # report the input that broke the loader
            pytest.fail(f"mutant {number} raised {type(err).__name__}: {err}\n{text!r:.3000}")
    # The mutations must exercise every stage: refused by loads, by replay, and accepted.
    assert 0 < replayed < loaded < MUTANTS_PER_GAME, (loaded, replayed)

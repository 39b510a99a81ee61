"""Mutation fuzzing of every JSON reader: records, views and options of both games.

:func:`mutate` makes one hostile variant of a valid JSON document: a value replaced by
junk, a key removed or added, a string edited, list items swapped or doubled, a number
pushed out of range, the text cut short, bytes corrupted, deep nesting, duplicate keys
or huge numbers. :func:`run_one` feeds a variant to its reader and says what happened:
refused with ``RecordError`` (the only error any reader may raise), or accepted and
then used (a record replayed, a view written back and read again, options dealt from).

The suite runs a few thousand variants (``tests/records/test_fuzz.py``). A long run, with
figures::

    python -m tests.fuzzing --inputs 100000
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import resource
import sys
import time
import types
from collections.abc import Callable
from typing import Any

from cardrules import records
from cardrules.cards import FULL_PACK
from cardrules.errors import RecordError
from tests.records.games import GAMES, game_name, random_session

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


Target = tuple[str, types.ModuleType, str, list[dict[str, Any]]]
"""``(kind, game, preset, valid documents)``: what a reader is fuzzed with."""


def targets(game: types.ModuleType, *, sessions: int = 1) -> list[Target]:
    """For every preset of ``game``: valid records, seat views and options, as JSON values."""
    found: list[Target] = []
    for number, (preset, options) in enumerate(game.PRESETS.items()):
        rng = random.Random(f"{game_name(game)} {preset} {number}")
        recs: list[dict[str, Any]] = []
        views: list[dict[str, Any]] = []
        for _ in range(sessions):
            states = random_session(game, options, rng, deals=2, max_actions=30)
            recs.append(json.loads(records.dumps(records.record(states[-1]))))
            for state in (states[len(states) // 2], states[-1]):
                seat = rng.randrange(options.players)
                views.append(json.loads(records.to_json(game.view(state, seat))))
        found.append(("record", game, preset, recs))
        found.append(("view", game, preset, views))
        found.append(("options", game, preset, [json.loads(records.to_json(options))]))
    return found


def run_one(kind: str, game: types.ModuleType, text: str | bytes) -> str:
    """Feed ``text`` to the reader of ``kind``; return "refused", "accepted" or "used".

    Anything but ``RecordError`` escapes, for the caller to report.
    """
    try:
        if kind == "record":
            rec = records.loads(text)
            try:
                records.restore(rec)
            except RecordError:
                return "accepted"
            return "used"
        if kind == "view":
            view = records.from_json(text, game.View)
            again = records.from_json(records.to_json(view), game.View)
            assert again == view, "a view read from JSON does not round-trip"
            return "used"
        options = records.from_json(text, game.Options)
        again = records.from_json(records.to_json(options), game.Options)
        assert again == options, "options read from JSON do not round-trip"
        game.new_game(options, seed=1)
        return "used"
    except RecordError:
        return "refused"


def fuzz(
    inputs: int, seed: str = "long run", report: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Run ``inputs`` mutants spread over every target; return the figures.

    Raises:
        AssertionError: naming the input, the first time a reader lets anything but
            ``RecordError`` escape, or accepted data does not round-trip.

    """
    rng = random.Random(seed)
    every = [target for game in GAMES for target in targets(game, sessions=2)]
    counts: dict[str, dict[str, int]] = {}
    slowest = 0.0
    started = time.perf_counter()
    for number in range(inputs):
        kind, game, preset, bases = every[number % len(every)]
        text = mutate(rng.choice(bases), rng)
        began = time.perf_counter()
        try:
            result = run_one(kind, game, text)
        except Exception as err:
            raise AssertionError(
                f"input {number} ({kind}, {game_name(game)} {preset}) raised "
                f"{type(err).__name__}: {err}\n{text!r:.3000}"
            ) from err
        slowest = max(slowest, time.perf_counter() - began)
        tally = counts.setdefault(f"{game_name(game)} {kind}", {})
        tally[result] = tally.get(result, 0) + 1
        if report is not None and (number + 1) % 10_000 == 0:
            report(f"{number + 1} inputs, {time.perf_counter() - started:.0f} s")
    return {
        "inputs": inputs,
        "seconds": round(time.perf_counter() - started, 1),
        "slowest_input_seconds": round(slowest, 3),
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "results": counts,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the long fuzz and print its figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", default="long run")
    args = parser.parse_args(argv)
    figures = fuzz(args.inputs, args.seed, report=lambda line: print(line, file=sys.stderr))
    print(json.dumps(figures, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

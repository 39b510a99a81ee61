"""Mutation fuzzing of every JSON reader and every reader of a view, in both games.

:func:`mutate` makes one hostile variant of a valid JSON document: a value replaced by
junk, a key removed or added, a string edited, list items swapped or doubled, a number
pushed out of range, the text cut short, bytes corrupted, deep nesting, duplicate keys
or huge numbers. :func:`tamper` does the same to a view object built in Python: a field
given junk of any type, a number pushed out of range, cards repeated or multiplied, a
part (trick, event, outcome) broken, or a field taken from another view of the game.
:func:`run_one` feeds a variant to its reader and says what happened: refused with
``RecordError`` (JSON) or ``ViewError`` (a view object), or accepted and then used (a
record replayed; options dealt from; a view written back and read again, then given to
every reader of a view: each explanation, ``str``, the SVG picture, the sampler and the
bots, where a reader may refuse it only with a library error).

The suite runs a few thousand variants (``tests/records/test_fuzz.py``). A long run, with
figures (time and peak memory of every input measured; ``--check-bounds`` fails on an
input over 1 s or 50 MiB)::

    python -m tests.fuzzing --inputs 100000
    python -m tests.fuzzing --inputs 20000 --kinds view,view-object --check-bounds
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import resource
import sys
import time
import tracemalloc
import types
from collections.abc import Callable
from typing import Any

import attrs

from cardrules import records, svg
from cardrules.bots.registry import make_bot
from cardrules.cards import FULL_PACK, Card
from cardrules.errors import CardrulesError, RecordError, ViewError
from tests.records.games import GAMES, game_name, random_session

KINDS = ("record", "view", "view-object", "options")
"""What is fuzzed: JSON records, JSON views, view objects built in Python, JSON options."""

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


_HOSTILE: tuple[object, ...] = (
    None, True, False, 0, -1, 1, 2, 5, 13, 52, 53, 10**7, 2**63, -(2**63), 2**64, 10**40,
    1.5, "", "x", "AS", (), (0,), (0, 0), (-1,), (10**7,), tuple(range(60)), [1, 2], {},
    object(),
)  # fmt: skip
"""Junk for any field of a view object: wrong types, edge and huge numbers, odd tuples."""


def _tamper_value(value: Any, rng: random.Random) -> Any:
    """A hostile replacement for ``value``: same type and out of range, or anything else."""
    if isinstance(value, bool):
        return not value if rng.random() < 0.5 else rng.choice(_HOSTILE)
    if isinstance(value, Card):
        return rng.choice([*FULL_PACK, *_HOSTILE])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -1, value * 1000, 10**7, 2**63, -(2**63), 2**64])
    if isinstance(value, tuple) and value and rng.random() < 0.6:
        items = list(value)
        choice = rng.randrange(5)
        if choice == 0:  # an item repeated, or the whole tuple many times over
            return (*items, rng.choice(items)) if rng.random() < 0.7 else tuple(items * 5000)
        if choice == 1:  # an item dropped
            del items[rng.randrange(len(items))]
            return tuple(items)
        if choice == 2:  # an item tampered with
            i = rng.randrange(len(items))
            items[i] = _tamper_value(items[i], rng)
            return tuple(items)
        if choice == 3:  # shuffled
            rng.shuffle(items)
            return tuple(items)
        return tuple(reversed(items))
    if attrs.has(type(value)) and not isinstance(value, type) and rng.random() < 0.7:
        names = [field.name for field in attrs.fields(type(value))]
        if names and type(value).__module__.endswith(("events", "views")):
            name = rng.choice(names)
            return attrs.evolve(value, **{name: _tamper_value(getattr(value, name), rng)})
    return rng.choice(_HOSTILE)


def tamper(base: Any, rng: random.Random, others: list[Any]) -> Any:
    """One hostile variant of the view object ``base``, built in Python (see the module).

    One to three fields are changed: junk of any type, a number pushed out of range,
    a tuple with an item repeated, dropped, tampered with or multiplied 5,000 times, a
    part (trick, event, outcome) tampered with, or the field of another valid view of
    the same game (so each field makes sense alone and the whole does not).
    """
    names = [field.name for field in attrs.fields(type(base))]
    changes: dict[str, object] = {}
    for _ in range(rng.randrange(1, 4)):
        name = rng.choice(names)
        if rng.random() < 0.35:
            changes[name] = getattr(rng.choice(others), name)
        else:
            changes[name] = _tamper_value(getattr(base, name), rng)
    return attrs.evolve(base, **changes)


Target = tuple[str, types.ModuleType, str, list[Any]]
"""``(kind, game, preset, valid documents)``: what a reader is fuzzed with.

The documents are JSON values, or for ``view-object`` view objects.
"""


def targets(game: types.ModuleType, *, sessions: int = 1) -> list[Target]:
    """For every preset of ``game``: valid records, seat views and options (JSON values),
    and the same seat views as objects.

    Views are taken at the start of a deal, part-way, at the end of the first deal and
    at the end of the session, for a seat chosen at random and for the seat to act.
    """
    found: list[Target] = []
    for number, (preset, options) in enumerate(game.PRESETS.items()):
        rng = random.Random(f"{game_name(game)} {preset} {number}")
        recs: list[dict[str, Any]] = []
        views: list[dict[str, Any]] = []
        for _ in range(sessions):
            states = random_session(game, options, rng, deals=2, max_actions=30)
            recs.append(json.loads(records.dumps(records.record(states[-1]))))
            ends = [i for i, state in enumerate(states) if game.is_deal_over(state)]
            picks = {0, len(states) // 2, len(states) - 1, *ends[:1]}
            for index in sorted(picks):
                state = states[index]
                seats = {rng.randrange(options.players)}
                if state.to_act is not None:
                    seats.add(state.to_act)
                for seat in sorted(seats):
                    views.append(json.loads(records.to_json(game.view(state, seat))))
        objects = [records.from_json(json.dumps(view), game.View) for view in views]
        found.append(("record", game, preset, recs))
        found.append(("view", game, preset, views))
        found.append(("view-object", game, preset, objects))
        found.append(("options", game, preset, [json.loads(records.to_json(options))]))
    return found


def read_view(game: types.ModuleType, view: Any) -> str:
    """Give ``view`` to every reader of a view; "used", or "refused by a reader".

    The readers: ``explain_action`` (with each legal action, the plays or passes of
    the hand's cards, and actions of every kind in notation), ``explain_unavailable``,
    ``explain_tricks``, ``explain_settlement``, ``str``, ``svg.view``, ``sample_state``
    and the random, heuristic and search bots (given the view's legal actions). A reader
    may refuse the view with a library error (``ViewError``, or the sampler's
    ``CardrulesError`` when no deal fits); anything else escapes.
    """
    rng = random.Random(0)
    try:
        for action in (*view.legal_actions[:4], *_WORDS[:4], "play AS", "pass KH", "draw 0"):
            game.explain_action(view, action)
        game.explain_unavailable(view)
        game.explain_tricks(view)
        game.explain_settlement(view)
        str(view)
        svg.view(view)
        legal = view.legal_actions
        if legal:
            for name in ("random", "heuristic", "search"):
                bot = make_bot(game, name, rng, iterations=1)
                if bot.choose(view, legal) not in legal:
                    raise AssertionError(f"the {name} bot chose an action that is not legal")
        game.sample_state(view, rng)
    except CardrulesError:
        return "refused by a reader"
    return "used"


def run_one(kind: str, game: types.ModuleType, text: Any) -> str:
    """Feed ``text`` to the reader of ``kind``; say what happened.

    "refused", "accepted" (a record that loads and does not replay), "used", or for a
    view "refused by a reader" (see :func:`read_view`). Anything but ``RecordError``
    (``ViewError`` for a view object) escapes, for the caller to report.
    """
    if kind == "view-object":
        try:
            view = game.validate_view(text)
        except ViewError:
            return "refused"
        return read_view(game, view)
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
        else:
            options = records.from_json(text, game.Options)
            again = records.from_json(records.to_json(options), game.Options)
            assert again == options, "options read from JSON do not round-trip"
            game.new_game(options, seed=1)
            return "used"
    except RecordError:
        return "refused"
    return read_view(game, view)


def variant(kind: str, base: Any, rng: random.Random, bases: list[Any]) -> Any:
    """One hostile variant of ``base``: :func:`tamper` for view objects, else :func:`mutate`."""
    if kind == "view-object":
        return tamper(base, rng, bases)
    return mutate(base, rng)


def fuzz(
    inputs: int,
    seed: str = "long run",
    report: Callable[[str], None] | None = None,
    *,
    kinds: tuple[str, ...] = KINDS,
    check_bounds: bool = False,
) -> dict[str, Any]:
    """Run ``inputs`` mutants spread over every target of ``kinds``; return the figures.

    Each input's time and peak memory (``tracemalloc``: what the input allocated beyond
    what was live before it) are measured; the figures give the slowest and the largest,
    and how many inputs went over 1 s or 50 MiB. The bound is on the CPU time the input
    took (``time.process_time``), which other work on the machine does not inflate; the
    slowest wall-clock time is given too.

    Raises:
        AssertionError: naming the input, the first time a reader lets anything but
            the library's errors escape, or accepted data does not round-trip, or with
            ``check_bounds`` an input takes over 1 s or 50 MiB.

    """
    rng = random.Random(seed)
    every = [target for game in GAMES for target in targets(game, sessions=2) if target[0] in kinds]
    counts: dict[str, dict[str, int]] = {}
    slowest = 0.0
    slowest_wall = 0.0
    largest = 0
    over = 0
    tracemalloc.start()
    started = time.perf_counter()
    for number in range(inputs):
        kind, game, preset, bases = every[number % len(every)]
        text = variant(kind, rng.choice(bases), rng, bases)
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        began = time.perf_counter()
        began_cpu = time.process_time()
        try:
            result = run_one(kind, game, text)
        except Exception as err:
            raise AssertionError(
                f"input {number} ({kind}, {game_name(game)} {preset}) raised "
                f"{type(err).__name__}: {err}\n{_shown(text)}"
            ) from err
        took = time.process_time() - began_cpu
        slowest_wall = max(slowest_wall, time.perf_counter() - began)
        peak = tracemalloc.get_traced_memory()[1] - before
        slowest = max(slowest, took)
        largest = max(largest, peak)
        if took > 1.0 or peak > 50 * 2**20:
            over += 1
            if check_bounds:
                raise AssertionError(
                    f"input {number} ({kind}, {game_name(game)} {preset}) took {took:.2f} s CPU "
                    f"and {peak / 2**20:.1f} MiB\n{_shown(text)}"
                )
        tally = counts.setdefault(f"{game_name(game)} {kind}", {})
        tally[result] = tally.get(result, 0) + 1
        if report is not None and (number + 1) % 10_000 == 0:
            report(f"{number + 1} inputs, {time.perf_counter() - started:.0f} s")
    tracemalloc.stop()
    return {
        "inputs": inputs,
        "seconds": round(time.perf_counter() - started, 1),
        "slowest_input_cpu_seconds": round(slowest, 3),
        "slowest_input_wall_seconds": round(slowest_wall, 3),
        "largest_input_mib": round(largest / 2**20, 1),
        "inputs_over_1s_or_50mib": over,
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "results": counts,
    }


def _shown(text: Any) -> str:
    """An input as a report quotes it (at most 3,000 characters)."""
    return f"{text!r:.3000}"


def main(argv: list[str] | None = None) -> int:
    """Run the long fuzz and print its figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", default="long run")
    parser.add_argument(
        "--kinds", default=",".join(KINDS), help=f"comma-separated, of {', '.join(KINDS)}"
    )
    parser.add_argument(
        "--check-bounds", action="store_true", help="fail on an input over 1 s or 50 MiB"
    )
    args = parser.parse_args(argv)
    kinds = tuple(kind for kind in args.kinds.split(",") if kind)
    unknown = set(kinds) - set(KINDS)
    if unknown:
        parser.error(f"unknown kinds: {', '.join(sorted(unknown))}")
    figures = fuzz(
        args.inputs,
        args.seed,
        report=lambda line: print(line, file=sys.stderr),
        kinds=kinds,
        check_bounds=args.check_bounds,
    )
    print(json.dumps(figures, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

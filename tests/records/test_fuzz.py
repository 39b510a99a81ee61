"""Fuzzing every JSON reader and every reader of a view: thousands of hostile inputs.

Mutations are drawn from a fixed seed, so every run checks the same inputs. Each mutated
input goes to its reader (``records.loads`` then ``restore`` for records, ``from_json``
for views and options, ``validate_view`` for view objects tampered with in Python) and,
if accepted, is used: a record replayed, a view or options written back and read again
(they must round-trip), a deal dealt from the options, and a view given to every reader
of a view (each explanation, ``str``, ``svg.view``, ``sample_state``, the bots). Only the
library's errors may ever be raised: ``RecordError`` by a JSON reader, ``ViewError`` for
a view object, and a reader of a view may refuse one with a ``CardrulesError``. Both
games, every preset. ``python -m tests.fuzzing`` runs the long version, which also
measures each input's time and memory (figures in docs/front-end.md).
"""

from __future__ import annotations

import random
import types

import pytest

from tests.fuzzing import run_one, targets, variant
from tests.records.games import GAMES, game_name

MUTANTS = {"record": 1500, "view": 500, "view-object": 500, "options": 500}
"""Mutants per game and kind of input, spread over the presets."""


@pytest.mark.parametrize("kind", sorted(MUTANTS))
@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_hostile_inputs_only_ever_raise_the_library_errors(
    game: types.ModuleType, kind: str
) -> None:
    rng = random.Random(f"fuzz {game_name(game)} {kind}")
    mine = [target for target in targets(game) if target[0] == kind]
    results: dict[str, int] = {}
    for number in range(MUTANTS[kind]):
        _, _, preset, bases = mine[number % len(mine)]
        text = variant(kind, rng.choice(bases), rng, bases)
        try:
            result = run_one(kind, game, text)
        except Exception as err:  # report the input that broke the reader
            pytest.fail(
                f"mutant {number} ({preset}) raised {type(err).__name__}: {err}\n{text!r:.3000}"
            )
        results[result] = results.get(result, 0) + 1
    # The mutations must exercise every stage: refused, and accepted and used.
    assert results.get("refused", 0) > 0, results
    assert results.get("used", 0) > 0, results
    if kind == "record":
        assert results.get("accepted", 0) > 0, results  # loaded, then refused by replay

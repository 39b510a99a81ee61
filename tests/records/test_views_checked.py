"""Every reader of a view checks it first: ``validate_view`` refuses what no state shows.

A view is plain data, so a client can send one it made up. The games' ``validate_view``
refuses such a view, naming the field, and every reader calls it (the explanations,
``str``, ``svg.view``, the samplers; ``records.from_json`` refuses it as it reads). These
tests pin both sides: every view of real play passes, and the forged views that used to
crash or hang a reader (the cases of issue 25) are refused with the library's error.
The fuzz test (``test_fuzz.py``) tries thousands more.
"""

from __future__ import annotations

import ast
import json
import pathlib
import random
import subprocess
import sys
import types
from typing import Any

import attrs
import pytest

from cardrules import (
    CardrulesError,
    RecordError,
    ViewError,
    my_bird_sings,
    records,
    spoil_five,
    svg,
)
from cardrules.cards import parse_cards
from tests.records.games import ALL_CASES, ALL_IDS, GAMES, game_name, random_session

SRC = pathlib.Path(__file__).parents[2] / "src" / "cardrules"


def _views(game: types.ModuleType, options: Any, rng: random.Random) -> list[Any]:
    """Every seat's view of every state of a random session."""
    states = random_session(game, options, rng, deals=2, max_actions=120)
    return [game.view(state, seat) for state in states for seat in range(options.players)]


def _readers(game: types.ModuleType) -> list[tuple[str, Any]]:
    """Every function of the library that reads a view, as ``(name, call)``."""
    return [
        ("explain_action", lambda v: game.explain_action(v, "play AS")),
        ("explain_unavailable", game.explain_unavailable),
        ("explain_tricks", game.explain_tricks),
        ("explain_settlement", game.explain_settlement),
        ("str", str),
        ("svg.view", svg.view),
        ("sample_state", lambda v: game.sample_state(v, random.Random(1))),
    ]


@pytest.mark.parametrize(("game", "name", "options"), ALL_CASES, ids=ALL_IDS)
def test_every_view_of_real_play_is_valid(game: types.ModuleType, name: str, options: Any) -> None:
    """Views of every state of random sessions, for every seat, pass ``validate_view``,
    and so do views read back from their JSON."""
    rng = random.Random(f"valid views {name}")
    for _ in range(2):
        for view in _views(game, options, rng):
            assert game.validate_view(view) is view
            assert records.from_json(records.to_json(view), game.View) == view


def _finished(game: types.ModuleType) -> Any:
    """A seat's view of a finished deal of the game's first preset."""
    state = game.new_game(next(iter(game.PRESETS.values())), seed=3)
    while not game.is_deal_over(state):
        state = game.apply_action(state, game.legal_actions(state)[0])
    return game.view(state, 0)


@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_a_finished_deal_with_a_seat_to_act_is_refused_by_every_reader(
    game: types.ModuleType,
) -> None:
    """It used to raise ``KeyError`` in ``explain_action`` (issue 25)."""
    forged = attrs.evolve(_finished(game), to_act=1)
    for name, read in _readers(game):
        with pytest.raises(ViewError, match="to_act"):
            read(forged)
        assert name
    with pytest.raises(RecordError, match="invalid View: to_act"):
        records.from_json(records.to_json(forged), game.View)


def test_an_empty_trick_a_held_card_must_follow_is_refused() -> None:
    """The seat leads, yet a held card's play is missing from its legal actions: a view
    that hides a legal play. It used to raise ``IndexError`` (issue 25)."""
    state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
    mine = spoil_five.view(state, 1)
    assert not mine.trick
    forged = attrs.evolve(mine, legal_actions=mine.legal_actions[1:])
    missing = mine.legal_actions[0]
    with pytest.raises(ViewError, match="legal_actions"):
        spoil_five.explain_action(forged, missing)
    with pytest.raises(ViewError, match="legal_actions"):
        spoil_five.explain_unavailable(forged)


@pytest.mark.parametrize("game", GAMES, ids=game_name)
def test_a_huge_forged_hand_is_refused_before_any_reader_works(game: types.ModuleType) -> None:
    """A hand of 73 KB made ``explain_unavailable`` quadratic (6 s, issue 25)."""
    state = game.new_game(next(iter(game.PRESETS.values())), seed=2)
    seat = state.to_act
    mine = game.view(state, seat)
    forged = attrs.evolve(mine, hand=mine.hand * 5000)
    assert len(records.to_json(forged)) > 73_000
    for _, read in _readers(game):
        with pytest.raises(ViewError, match="hand"):
            read(forged)


@pytest.mark.parametrize(
    "field", ["stock_count", "dead_count", "offered", "pool", "turn", "exchanges_made"]
)
def test_svg_refuses_a_forged_count(field: str) -> None:
    """``svg.view`` did not return on a count of 10**7 (issue 25)."""
    mine = my_bird_sings.view(my_bird_sings.new_game(my_bird_sings.PEEL, seed=2), 1)
    value: Any = 10**7
    if field == "exchanges_made":
        value = (10**7,) * 5
    forged = attrs.evolve(mine, **{field: value})
    with pytest.raises(ViewError, match=field):
        svg.view(forged)
    with pytest.raises(RecordError, match=field):
        records.from_json(records.to_json(forged), my_bird_sings.View)


def test_spoil_five_refuses_forged_seats_cards_and_tricks() -> None:
    """A seat out of range, a repeated card, a bool for an int, a trick won by the wrong
    card, balances that do not add up with the pool, a play of a card not held."""
    state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
    for _ in range(3):
        state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[0])
    mine = spoil_five.view(state, 2)
    trick = mine.tricks[0]
    cases: dict[str, dict[str, Any]] = {
        "seat": {"seat": 3},
        "dealer": {"dealer": True},
        "hand": {"hand": (*mine.hand[:-1], mine.hand[0])},
        "tricks": {"tricks": (attrs.evolve(trick, winner=(trick.winner + 1) % 3),)},
        "balances": {"balances": (0, 0, 0)},
        "legal_actions": {
            "legal_actions": (*mine.legal_actions, spoil_five.Play(parse_cards("5H")[0]))
        },
        "trick": {"trick": parse_cards("2C 3C 4C")},
    }
    for field, changes in cases.items():
        with pytest.raises(ViewError, match=f"invalid View: {field}"):
            spoil_five.validate_view(attrs.evolve(mine, **changes))


def test_validate_view_refuses_what_is_not_a_view() -> None:
    state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
    with pytest.raises(ViewError, match=r"expected a spoil_five\.View, not State"):
        spoil_five.validate_view(state)  # type: ignore[arg-type]
    with pytest.raises(ViewError, match=r"expected a my_bird_sings\.View, not View"):
        my_bird_sings.validate_view(spoil_five.view(state, 0))  # type: ignore[arg-type]
    assert issubclass(ViewError, CardrulesError)
    assert issubclass(ViewError, ValueError)


READERS = [
    "_view_checks.py",
    "_text.py",
    "records.py",
    "_json.py",
    "svg",
    "spoil_five/views.py",
    "spoil_five/explain.py",
    "spoil_five/refusals.py",
    "spoil_five/sampling.py",
    "my_bird_sings/views.py",
    "my_bird_sings/explain.py",
    "my_bird_sings/refusals.py",
    "my_bird_sings/sampling.py",
]
"""The modules that read views (and records): no ``assert`` may guard their input."""


@pytest.mark.parametrize("module", READERS)
def test_no_assert_guards_a_view(module: str) -> None:
    """``python -O`` drops asserts: a reader must check with ``if`` and raise."""
    path = SRC / module
    for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
        tree = ast.parse(file.read_text(encoding="utf-8"))
        found = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)]
        assert not found, f"{file.name}: assert at lines {found}"


_EXPLAIN_ALL = """
import json, random, sys
from cardrules import my_bird_sings, spoil_five
from tests.records.games import PRESET_CASES, random_session
out = []
for game, name, options in PRESET_CASES:
    for state in random_session(game, options, random.Random(name), deals=1)[::5]:
        for seat in range(options.players):
            v = game.view(state, seat)
            words = [str(a) for a in v.legal_actions[:2]] + ["play AS", "pass KH", "abandon"]
            out.append([str(game.explain_action(v, w)) for w in words])
            out.append({str(c): str(r) for c, r in game.explain_unavailable(v).items()})
            out.append([str(t) for t in game.explain_tricks(v)])
            out.append(str(game.explain_settlement(v)))
            out.append(str(v))
print(json.dumps(out))
"""


def test_python_dash_o_gives_the_same_answers() -> None:
    """Explanations and pictures of the views of every preset are the same under ``-O``."""
    root = SRC.parents[1]
    env = {"PYTHONPATH": f"{SRC.parent}:{root}", "PATH": ""}
    answers = [
        subprocess.run(
            [sys.executable, *flags, "-c", _EXPLAIN_ALL],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env=env,
        ).stdout
        for flags in ([], ["-O"])
    ]
    assert json.loads(answers[0]) == json.loads(answers[1])
    assert len(json.loads(answers[0])) > 100


def test_a_turn_past_the_round_limit_is_refused() -> None:
    """``explain_action(view, "abandon")`` raised ``StopIteration`` on a turn past the
    round limit, where no later round begins (issue 25)."""
    options = my_bird_sings.Options(players=3, round_limit=2)
    mine = my_bird_sings.view(my_bird_sings.new_game(options, seed=2), 1)
    turn = 2 * 3
    forged = attrs.evolve(mine, turn=turn, round=3, on_turn=(mine.eldest + turn) % 3)
    with pytest.raises(ViewError, match="invalid View: turn: the deal ends after round 2"):
        my_bird_sings.explain_action(forged, "abandon")
    just_before = attrs.evolve(forged, turn=turn - 1, round=2, on_turn=(mine.eldest + 5) % 3)
    with pytest.raises(ViewError, match="to_act"):  # the pass is no longer seat 1's
        my_bird_sings.validate_view(just_before)

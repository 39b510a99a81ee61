"""The two builds of one source: which modules compile, and which build is running.

``pyproject.toml`` lists the modules the compiled build (mypyc, through the hatch-mypyc
build hook) compiles. mypyc turns a class defined in a compiled module into a native class,
which rules some modules out; these tests keep the list honest:

* an attrs class defined in a compiled module would compare by identity (mypyc does not
  see the ``__eq__`` attrs adds at run time), so modules with attrs classes stay interpreted;
* ``Card`` subclasses ``int`` and the exceptions subclass built-in exceptions: mypyc
  cannot compile such classes as native ones (and compiled exceptions lose their
  docstrings), so ``cards`` and ``errors`` stay interpreted;
* a compiled function checks its argument annotations itself (for ``int``, ``str``,
  ``tuple`` and native classes) and raises ``TypeError`` for a wrong type, before the
  function can raise the documented ``OptionsError`` or ``NotationError``: the public
  functions that validate such arguments (``dealing``, Spoil Five's ``deal``, My Bird
  Sings' ``session``) stay interpreted and hand checked values to the compiled engine
  (``_shuffle.seeded_top``, the games' ``rules``), and the tests below pass them wrong
  types in both builds;
* the per-step and per-deal classes of compiled modules are plain slotted classes
  (``cardrules._value.Value`` for those that compare by value): the tests below check that
  they compare, hash and pickle by value in both builds, and that the compiled rules
  unpickle as the shared ones.

The suite runs on the pure build (the Quick start's editable install); ``.ci/run`` also
installs the compiled build in a fresh environment and runs the engine tests there with
``CARDRULES_BUILD=compiled``.
"""

from __future__ import annotations

import ast
import copy
import importlib
import os
import pickle
import random
import tomllib
from importlib.machinery import ExtensionFileLoader
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import dealing, my_bird_sings, spoil_five
from cardrules._shuffle import seeded_top
from cardrules._value import Value
from cardrules.cards import FULL_PACK, Suit, parse_card
from cardrules.errors import OptionsError
from cardrules.my_bird_sings.option_tables import tables_for as mbs_rules
from cardrules.spoil_five.fiving import fiving_decision
from cardrules.spoil_five.option_tables import tables_for as sf_rules
from cardrules.spoil_five.options import TWO_HANDED
from cardrules.spoil_five.ranking import TrumpTable, trump_table
from cardrules.spoil_five.robbing import rob_rule

ROOT = Path(__file__).resolve().parents[2]
HOOK = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"][
    "wheel"
]["hooks"]["mypyc"]
COMPILED: list[str] = HOOK["include"]
BUILD = os.environ.get("CARDRULES_BUILD", "pure")
_BUILTIN_BASES = {"int", "str", "tuple", "Exception", "ValueError", "TypeError", "KeyError"}


def _module_name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


def _offences(source: str) -> list[str]:
    """Classes in ``source`` that a compiled module must not define, with the reason."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        for decorator in node.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            name = ast.unparse(target)
            if name.split(".")[0] in ("attrs", "attr"):
                found.append(f"{node.name}: attrs class ({name})")
        for base in node.bases:
            if ast.unparse(base) in _BUILTIN_BASES:
                found.append(f"{node.name}: subclass of {ast.unparse(base)}")
    return found


def test_the_running_build_is_the_one_the_suite_was_asked_to_test() -> None:
    assert BUILD in ("pure", "compiled")
    stray = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "src").rglob("*.so"))
    assert BUILD == "compiled" or not stray, (
        f"compiled modules in the source tree (left by an in-place compiled build): {stray}"
    )
    assert cardrules.__compiled__ is (BUILD == "compiled")


@pytest.mark.parametrize("path", COMPILED)
def test_each_listed_module_is_compiled_exactly_in_the_compiled_build(path: str) -> None:
    module = importlib.import_module(_module_name(path))
    assert isinstance(module.__loader__, ExtensionFileLoader) is (BUILD == "compiled")


@pytest.mark.parametrize("path", COMPILED)
def test_compiled_modules_define_no_attrs_or_builtin_subclass(path: str) -> None:
    assert (ROOT / path).is_file(), path
    assert _offences((ROOT / path).read_text()) == []


def test_the_checker_catches_attrs_classes_and_builtin_subclasses() -> None:
    source = (
        "import attrs\n"
        "@attrs.frozen(slots=True)\nclass Outcome:\n    kind: str\n"
        "class Card(int):\n    pass\n"
        "class Fine:\n    pass\n"
    )
    assert _offences(source) == [
        "Outcome: attrs class (attrs.frozen)",
        "Card: subclass of int",
    ]


def test_cards_and_errors_stay_interpreted() -> None:
    assert "src/cardrules/cards.py" not in COMPILED
    assert "src/cardrules/errors.py" not in COMPILED


# --------------------------------------------------------------------------- compiled values

GAMES: list[tuple[Any, Any]] = [
    (spoil_five, spoil_five.Options()),
    (my_bird_sings, my_bird_sings.Options()),
]
"""Each game module with default options (typed Any: the tests pass wrong types on purpose)."""


def test_value_classes_of_compiled_modules_compare_and_hash_by_value() -> None:
    options = spoil_five.Options()
    first = rob_rule(options, parse_card("7C"), dealer=False, holder=True)
    again = rob_rule(options, parse_card("7C"), dealer=False, holder=True)
    other = rob_rule(options, parse_card("7C"), dealer=False, holder=False)
    assert first is not again
    assert first == again
    assert hash(first) == hash(again)
    assert first != other
    assert pickle.loads(pickle.dumps(first)) == first
    assert copy.deepcopy(first) == first
    turn = fiving_decision(TWO_HANDED, (0, 1), 0, declined=(), asked=False)
    assert turn is not None
    assert pickle.loads(pickle.dumps(turn)) == turn
    assert turn != fiving_decision(TWO_HANDED, (0, 1), 0, declined=(), asked=True)


def test_trump_tables_are_read_only_values_that_unpickle_as_the_shared_ones() -> None:
    table: Any = trump_table(Suit.HEARTS)
    assert isinstance(table, TrumpTable)
    assert pickle.loads(pickle.dumps(table)) is table
    assert table != trump_table(Suit.SPADES)
    assert table.ace == parse_card("AH")
    assert table.trump is Suit.HEARTS
    with pytest.raises(AttributeError):
        table.ace = parse_card("AS")


def _value_classes() -> list[type]:
    for path in COMPILED:
        importlib.import_module(_module_name(path))
    found: list[type] = []
    todo: list[type] = [Value]
    while todo:
        subclasses: list[type] = todo.pop().__subclasses__()
        for sub in subclasses:
            if sub.__module__.startswith("cardrules."):
                found.append(sub)
            todo.append(sub)
    return found


def _values_in(state: object) -> list[Value]:
    """Every engine value reachable from ``state`` through the values' keys."""
    found: list[Value] = []
    seen: set[int] = set()
    todo: list[object] = [state]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, Value):
            found.append(item)
            todo.extend(item._key())
        elif isinstance(item, tuple | list):
            todo.extend(item)
    return found


def test_every_engine_value_class_pickles_by_value() -> None:
    # A compiled (native) class has no default pickling: unpickling calls __init__ with no
    # arguments. Value's __reduce__ rebuilds through the constructor from the key; a class
    # whose key is not its constructor's arguments has its own. Every value reached in
    # random play of every preset comes back equal.
    classes = _value_classes()
    assert len(classes) >= 10
    reached: dict[type, int] = {}
    rng = random.Random(5)
    for game in (spoil_five, my_bird_sings):
        for options in game.PRESETS.values():
            for seed in range(4):
                state = game.new_game(options, seed=seed)
                while True:
                    robs = getattr(state._deal, "_robs", ())  # Spoil Five's, per deal
                    for value in _values_in(state) + _values_in(robs):
                        if reached.get(type(value), 0) < 3:
                            reached[type(value)] = reached.get(type(value), 0) + 1
                            assert pickle.loads(pickle.dumps(value)) == value, value
                    legal = game.legal_actions(state)
                    if not legal:
                        break
                    state = game.apply_action(state, rng.choice(legal))
    shared: object = Value.__reduce__
    by_value_reduce = [cls for cls in reached if cls.__reduce__ is shared]
    assert len(by_value_reduce) >= 10, sorted(cls.__qualname__ for cls in reached)


@pytest.mark.parametrize(
    ("tables_for", "options"),
    [(sf_rules, spoil_five.Options()), (mbs_rules, my_bird_sings.Options())],
    ids=["spoil_five", "my_bird_sings"],
)
def test_compiled_rules_are_shared_per_options_value(tables_for: Any, options: Any) -> None:
    rules = tables_for(options)
    assert tables_for(options) is rules
    assert tables_for(attrs.evolve(options)) is rules  # equal options, another object
    assert pickle.loads(pickle.dumps(rules)) is rules
    assert copy.deepcopy(rules) is rules


@pytest.mark.parametrize(("game", "options"), GAMES, ids=["spoil_five", "my_bird_sings"])
def test_states_pickle_by_value(game: Any, options: Any) -> None:
    state = game.new_game(options, seed=11)
    state = game.apply_action(state, game.legal_actions(state)[0])
    assert pickle.loads(pickle.dumps(state)) == state


# --------------------------------------------------------------------------- documented errors

_shuffled: Any = dealing.shuffled
_make_rng: Any = dealing.make_rng


@pytest.mark.parametrize(
    "call",
    [
        lambda: _shuffled(FULL_PACK, "7"),
        lambda: _shuffled(FULL_PACK, 1.5),
        lambda: _shuffled(FULL_PACK, True),
        lambda: _shuffled(FULL_PACK, 7, count="5"),
        lambda: _shuffled(FULL_PACK, 7, count=True),
        lambda: _shuffled(FULL_PACK, 7, count=53),
        lambda: _make_rng("7"),
    ],
)
def test_the_shuffle_refuses_wrong_types_with_the_documented_error(call: Any) -> None:
    with pytest.raises(OptionsError):
        call()


@pytest.mark.parametrize(("game", "options"), GAMES, ids=["spoil_five", "my_bird_sings"])
@pytest.mark.parametrize(
    "arguments",
    [{"seed": "7"}, {"seed": 7.0}, {"seed": 7, "dealer": "0"}, {"seed": 7, "dealer": 1.0}],
)
def test_new_game_refuses_wrong_types_with_the_documented_error(
    game: Any, options: Any, arguments: dict[str, object]
) -> None:
    with pytest.raises(OptionsError):
        game.new_game(options, **arguments)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=["spoil_five", "my_bird_sings"])
def test_next_deal_refuses_a_wrong_seed_type_with_the_documented_error(
    game: Any, options: Any
) -> None:
    state = game.new_game(options, seed=3)
    while game.legal_actions(state):
        state = game.apply_action(state, game.legal_actions(state)[0])
    with pytest.raises(OptionsError):
        game.next_deal(state, seed="4")


class _Counting(random.Random):
    """A generator of another class: the shuffle asks it for its 64 bits once."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def getrandbits(self, k: int, /) -> int:
        self.calls += 1
        return super().getrandbits(k)


@pytest.mark.parametrize("seed", [0, 7, -3, 2**70])
def test_the_shuffle_is_the_same_from_a_seed_a_generator_and_a_subclass(seed: int) -> None:
    key = dealing.seed_key(seed)
    counting = _Counting(key)
    order = dealing.shuffled(FULL_PACK, seed, count=26)
    drawn = random.Random(key).getrandbits(64)  # a generator stands for the seed it draws
    assert dealing.shuffled(FULL_PACK, random.Random(key), count=26) == dealing.shuffled(
        FULL_PACK, drawn, count=26
    )
    assert dealing.shuffled(FULL_PACK, counting, count=26) == dealing.shuffled(
        FULL_PACK, drawn, count=26
    )
    assert counting.calls == 1
    assert dealing.shuffled(FULL_PACK, seed)[:26] == order
    assert seeded_top(FULL_PACK, seed, 26) == order  # the engines' compiled entry

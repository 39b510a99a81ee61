"""The two builds of one source: which modules compile, and which build is running.

``pyproject.toml`` lists the modules the compiled build (mypyc, through the hatch-mypyc
build hook) compiles. mypyc turns a class defined in a compiled module into a native class,
which rules some modules out; these tests keep the list honest:

* an attrs class defined in a compiled module would compare by identity (mypyc does not
  see the ``__eq__`` attrs adds at run time), so modules with attrs classes stay interpreted;
* ``Card`` subclasses ``int`` and the exceptions subclass built-in exceptions: mypyc
  cannot compile such classes as native ones (and compiled exceptions lose their
  docstrings), so ``cards`` and ``errors`` stay interpreted;
* a compiled function checks its argument annotations itself and raises ``TypeError``
  for a wrong type, before the function can raise the documented ``OptionsError`` or
  ``NotationError``: public functions that validate their arguments (``dealing.shuffled``,
  the games' ``new_game``, ``Options``) live in interpreted modules, or take ``object``
  and check it.

The suite runs on the pure build (the Quick start's editable install); ``.ci/run`` also
installs the compiled build in a fresh environment and runs the engine tests there with
``CARDRULES_BUILD=compiled``.
"""

from __future__ import annotations

import ast
import importlib
import os
import tomllib
from importlib.machinery import ExtensionFileLoader
from pathlib import Path

import pytest

import cardrules

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

"""The modules of ``src/cardrules`` sit in layers, and a module imports only from its own
layer or below.

From the bottom up:

1. **foundation**: cards, errors, explanations (the values the games' ``explain_*``
   functions return), messages (what the engine says, as data) with their English
   wording (``_wording``), dealing, history, stakes and the private helpers (``_value``,
   ``_interned``, ``_notation``, ``_options``, ``_view_checks``, ``_brief``), and
   ``protocol``. The protocols sit here because they import nothing but cards, errors and
   history and name no game: they describe what a game is, so a game package may refer to
   them, and every layer above types its code with them.
2. **games**: ``spoil_five`` and ``my_bird_sings``, each a package that knows only the
   foundation (and not the other game, which the layer does not forbid but no game needs).
3. **services**: ``records`` (with its JSON plumbing ``_json``), ``playouts`` (the
   compiled random playouts the bots and simulations run), ``bots``, ``svg``,
   ``simulation``, the game registry ``games``, the command line's narrators
   (``_narration``) and the package façade ``cardrules`` itself (it names the games and
   records for type checkers). The registry sits here, not lower, because it names the
   game packages and the bots and narrators that go with them; and not higher, because
   records, simulation and bots, in this layer, look games up in it. Its references are
   imported lazily (``"module:attribute"`` strings), so they are checked here too: each
   must point at this layer or below.
4. **front ends**: ``cli`` (with its commands, ``_commands``), ``__main__``, ``_terminal``
   (with its table and screens, ``_screen``) and the ``adapters``.

Every import counts, at module level or inside a function, under ``TYPE_CHECKING`` or not,
absolute or relative. The exceptions are named: a function called ``_repr_svg_`` (the
Jupyter hooks of cards and of the game views) may import from ``cardrules.svg``, since a
picture is drawn only when a notebook asks for one; and a ``__str__`` (of the game states
and views) may import from ``cardrules._text``, the text drawing of the table, since it
is drawn only when printed. Nothing else may reach up.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardrules import games

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "cardrules"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "foundation",
        (
            "cardrules.cards",
            "cardrules.errors",
            "cardrules.explanations",
            "cardrules.messages",
            "cardrules._wording",
            "cardrules._brief",
            "cardrules.dealing",
            "cardrules.history",
            "cardrules.stakes",
            "cardrules._shuffle",
            "cardrules._value",
            "cardrules._engine",
            "cardrules._interned",
            "cardrules._notation",
            "cardrules._options",
            "cardrules._view_checks",
            "cardrules.protocol",
        ),
    ),
    ("games", ("cardrules.spoil_five", "cardrules.my_bird_sings")),
    (
        "services",
        (
            "cardrules",
            "cardrules.records",
            "cardrules._json",
            "cardrules.playouts",
            "cardrules.bots",
            "cardrules.svg",
            "cardrules.simulation",
            "cardrules.games",
            "cardrules._narration",
            "cardrules._text",
            "cardrules.tables",
        ),
    ),
    (
        "front ends",
        (
            "cardrules.cli",
            "cardrules._commands",
            "cardrules.__main__",
            "cardrules._terminal",
            "cardrules._screen",
            "cardrules.adapters",
            "cardrules.web",
        ),
    ),
)
"""Each layer with its modules (a package stands for all its modules), lowest first."""

HOOKS = {"_repr_svg_": "cardrules.svg", "__str__": "cardrules._text"}
"""The function names that may import from a module above their layer, and that module."""


def layer_of(module: str) -> int | None:
    """The layer number of ``module`` (0 for the foundation), or None if it has none.

    A module belongs to the layer of the name in :data:`LAYERS` that it equals or lies
    inside of (``cardrules.spoil_five.rules`` is in ``cardrules.spoil_five``); the façade
    ``cardrules`` stands for itself only.
    """
    for number, (_, names) in enumerate(LAYERS):
        for name in names:
            if module == name or (name != "cardrules" and module.startswith(name + ".")):
                return number
    return None


def module_name(path: Path) -> str:
    """The dotted name of a source file (``cardrules.spoil_five`` for its ``__init__``)."""
    parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules() -> dict[str, Path]:
    """Every module of ``src/cardrules`` by its dotted name."""
    return {module_name(path): path for path in sorted(SOURCE.rglob("*.py"))}


def _imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, str | None]]:
    """Every import statement with the name of the function it sits in (None: none)."""

    def walk(
        node: ast.AST, function: str | None
    ) -> Iterator[tuple[ast.Import | ast.ImportFrom, str | None]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, function
            inner = (
                child.name
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                else function
            )
            yield from walk(child, inner)

    yield from walk(tree, None)


def imported_modules(
    node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: Callable[[str], bool]
) -> list[str]:
    """The ``cardrules`` modules an import statement of ``module`` loads.

    ``from cardrules import dealing`` loads ``cardrules.dealing`` when that is a module,
    else (``from cardrules import Card``) the package ``cardrules`` itself.
    """
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.split(".")[0] == "cardrules"]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        anchor = package[: len(package) - node.level + 1]
        base = ".".join([*anchor, *([base] if base else [])])
    if base.split(".")[0] != "cardrules":
        return []
    found: list[str] = []
    for alias in node.names:
        candidate = f"{base}.{alias.name}"
        found.append(candidate if known(candidate) else base)
    return found


def violations(
    module: str,
    text: str,
    *,
    is_package: bool = False,
    known: Callable[[str], bool] | None = None,
) -> list[str]:
    """Every import of ``module`` (its source ``text``) that reaches above its layer.

    ``known`` says whether a dotted name is a module (default: a module of the source
    tree); it decides what ``from package import name`` loads.
    """
    own = layer_of(module)
    if own is None:
        return [f"{module}: in no layer; add it to LAYERS in tests/test_layers.py"]
    is_module = known or (lambda name: name in source_modules())
    found: list[str] = []
    for node, function in _imports(ast.parse(text)):
        for target in imported_modules(node, module, is_package, is_module):
            layer = layer_of(target)
            if layer is None:
                found.append(f"{module}:{node.lineno} imports {target}, which is in no layer")
            elif layer > own and not (
                function in HOOKS
                and (target == HOOKS[function] or target.startswith(HOOKS[function] + "."))
            ):
                found.append(
                    f"{module}:{node.lineno} imports {target} "
                    f"({LAYERS[layer][0]}, above {LAYERS[own][0]})"
                )
    return found


def test_every_module_imports_only_from_its_layer_or_below() -> None:
    modules = source_modules()
    found = [
        problem
        for name, path in modules.items()
        for problem in violations(
            name,
            path.read_text(encoding="utf-8"),
            is_package=path.name == "__init__.py",
            known=modules.__contains__,
        )
    ]
    assert not found, "imports that reach above their layer:\n" + "\n".join(found)


def test_the_registry_refers_only_to_its_layer_or_below() -> None:
    registry = layer_of("cardrules.games")
    assert registry is not None
    for entry in games.GAMES:
        references = [entry.package, entry.bot, entry.narrator, entry.dealt_hand_test]
        for reference in filter(None, references):
            target = reference.partition(":")[0]
            layer = layer_of(target)
            assert layer is not None, reference
            assert layer <= registry, f"{entry.name}: {reference} is above the registry"
    assert layer_of("cardrules.spoil_five") == layer_of("cardrules.my_bird_sings") == 1


# --- the checker itself, on made-up modules -------------------------------------------------

FAKE_MODULES = {
    "cardrules.records", "cardrules.svg", "cardrules.cards", "cardrules.spoil_five",
    "cardrules._text",
}  # fmt: skip


def _check(module: str, text: str, *, is_package: bool = False) -> list[str]:
    return violations(module, text, is_package=is_package, known=FAKE_MODULES.__contains__)


def test_the_checker_refuses_an_import_from_a_higher_layer() -> None:
    text = "from cardrules.records import record\n"
    found = _check("cardrules.spoil_five.views", text)
    assert found == [
        "cardrules.spoil_five.views:1 imports cardrules.records (services, above games)"
    ]
    assert _check("cardrules.records", "from cardrules.spoil_five import State\n") == []


def test_the_checker_sees_imports_inside_functions_and_type_checking_blocks() -> None:
    text = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    import cardrules.cli\n"
        "def helper() -> None:\n"
        "    from cardrules import records\n"
    )
    found = _check("cardrules.cards", text)
    assert [problem.split(" imports ")[1].split(" ")[0] for problem in found] == [
        "cardrules.cli",
        "cardrules.records",
    ]


def test_the_checker_resolves_relative_imports() -> None:
    found = _check("cardrules.spoil_five.rules", "from ..records import record\n")
    assert found == [
        "cardrules.spoil_five.rules:1 imports cardrules.records (services, above games)"
    ]
    assert _check("cardrules.spoil_five", "from . import rules\n", is_package=True) == []


def test_the_checker_allows_svg_only_inside_repr_svg_hooks() -> None:
    hook = "class View:\n    def _repr_svg_(self) -> str:\n        from cardrules.svg import view\n"
    assert _check("cardrules.spoil_five.views", hook) == []
    assert _check("cardrules.cards", hook.replace("View", "Card")) == []
    elsewhere = hook.replace("_repr_svg_", "picture")
    assert len(_check("cardrules.spoil_five.views", elsewhere)) == 1
    other = hook.replace("cardrules.svg import view", "cardrules.records import record")
    assert len(_check("cardrules.spoil_five.views", other)) == 1
    nested = "def _repr_svg_() -> None:\n    def inner() -> None:\n        import cardrules.svg\n"
    assert len(_check("cardrules.spoil_five.views", nested)) == 1


def test_the_checker_allows_the_text_drawing_only_inside_str() -> None:
    hook = "class State:\n    def __str__(self) -> str:\n        from cardrules._text import draw\n"
    assert _check("cardrules.spoil_five.state", hook) == []
    assert len(_check("cardrules.spoil_five.state", hook.replace("__str__", "__repr__"))) == 1
    svg = hook.replace("cardrules._text import draw", "cardrules.svg import view")
    assert len(_check("cardrules.spoil_five.state", svg)) == 1


def test_the_checker_names_a_module_in_no_layer() -> None:
    assert _check("cardrules.newcomer", "") == [
        "cardrules.newcomer: in no layer; add it to LAYERS in tests/test_layers.py"
    ]


@pytest.mark.parametrize(
    ("module", "layer"),
    [
        ("cardrules.protocol", 0),
        ("cardrules.spoil_five.rules", 1),
        ("cardrules.games", 2),
        ("cardrules", 2),
        ("cardrules.adapters.openspiel", 3),
        ("cardrules.spoil_fives", None),
    ],
)
def test_layer_of_matches_whole_names(module: str, layer: int | None) -> None:
    assert layer_of(module) == layer

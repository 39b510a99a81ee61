"""Every example program runs to completion (smoke tests).

An example that imports a package of an extra runs whenever that extra is installed and
is skipped, naming the extra, when it is not: the README's test command installs the
``dev`` extra, and ``.ci/run`` adds the heavy learning stacks (``ray``, ``jax``), so CI
runs every example.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(path for path in EXAMPLES.glob("*.py") if path.name != "conftest.py")
NEEDS = {
    # an imported module (or package prefix) -> the extra and the modules it must find
    "ray": ("ray", ("ray",)),
    "open_spiel.python.jax": ("jax", ("jax", "flax", "optax", "chex", "pyspiel")),
    "open_spiel": ("openspiel", ("pyspiel",)),
    "pyspiel": ("openspiel", ("pyspiel",)),
    "pettingzoo": ("pettingzoo", ("pettingzoo",)),
    "distributed": ("dask", ("distributed",)),
}


def _skip_without_extras(script: Path) -> None:
    """Skip (naming the extra) unless every package of an extra ``script`` imports is here."""
    for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        else:
            continue
        for name in names:
            for prefix, (extra, modules) in NEEDS.items():
                if name == prefix or name.startswith(prefix + "."):
                    for module in modules:
                        pytest.importorskip(
                            module,
                            reason=f"examples/{script.name} needs the {extra} extra "
                            f"(pip install -e '.[{extra}]')",
                        )
                    break


def test_there_are_examples() -> None:
    assert SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_example_runs(script: Path) -> None:
    _skip_without_extras(script)
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_random_deals_settles_both_games() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "random_deals.py"), "3"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Spoil Five" in result.stdout
    assert "My Bird Sings" in result.stdout
    assert result.stdout.count("balances") == 2

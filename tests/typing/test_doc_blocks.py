"""Every Python block of the guides type-checks for a user: mypy --strict and pyright strict.

docs/front-end.md, docs/bots.md and docs/adapters.md are checked as a user's program
would be: each page's blocks become one module of a package in a temporary directory
(see ``doc_blocks.py``), and both checkers must accept it. A guide is one interactive
session, where a name may be bound again to a value of another type (``view`` of one
game, then of the other); mypy is told so (``--allow-redefinition``), as pyright allows
it anyway. A line that shows a refusal on purpose says so on the page with a
``# type: ignore[...]`` comment, which both checkers read (and mypy --strict reports one
it does not need).

OpenSpiel (``pyspiel``, ``open_spiel``) and PettingZoo's test helpers ship no types: to
both checkers they are ``Any``, as the project's mypy configuration says for mypy and as
stubs of ``Any`` (written beside the package) say for pyright; everything of cardrules'
own keeps its types. So is Ray (the ``ray`` extra) when it is not installed, as mypy's
configuration says too. Errors are reported at the page's own line.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.typing.doc_blocks import PAGES, page_module
from tests.typing.test_user_program import pyright_errors

ROOT = Path(__file__).resolve().parent.parent.parent
SRC = ROOT / "src"
UNTYPED = ("pyspiel", "open_spiel", "pettingzoo.test")
"""Modules without types (no stubs, no ``py.typed``), ``Any`` to the checkers."""
OPTIONAL = ("ray",)
"""Modules of the heavy extras, ``Any`` to the checkers when they are not installed."""

_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))", re.M)
_ANY_MODULE = "from typing import Any\n\ndef __getattr__(name: str) -> Any: ...\n"


def _untyped(module: str) -> bool:
    root = module.split(".")[0]
    if root in OPTIONAL and importlib.util.find_spec(root) is None:
        return True
    return any(module == name or module.startswith(name + ".") for name in UNTYPED)


def _write_package(tmp_path: Path) -> dict[str, tuple[str, list[int]]]:
    """The pages' modules under ``tmp_path/docblocks``, with ``Any`` stubs in ``typings``."""
    package = tmp_path / "docblocks"
    package.mkdir()
    (package / "__init__.py").write_text('"""The guides\' code blocks."""\n')
    modules: dict[str, tuple[str, list[int]]] = {}
    for page in PAGES:
        source, origin = page_module(ROOT / page)
        name = Path(page).stem.replace("-", "_")
        (package / f"{name}.py").write_text(source, encoding="utf-8")
        modules[f"{name}.py"] = (page, origin)
        for match in _IMPORT.finditer(source):
            imported = match.group(1) or match.group(2)
            if not _untyped(imported):
                continue
            parts = imported.split(".")
            for depth in range(1, len(parts) + 1):  # every package on the way is a stub too
                stub = tmp_path.joinpath("typings", *parts[:depth], "__init__.pyi")
                if len(parts) == 1:
                    stub = tmp_path / "typings" / f"{parts[0]}.pyi"
                stub.parent.mkdir(parents=True, exist_ok=True)
                stub.write_text(_ANY_MODULE)
    return modules


def _where(modules: dict[str, tuple[str, list[int]]], file: str, line: int) -> str:
    page, origin = modules[Path(file).name]
    return f"{page}:{origin[line - 1] if 0 < line <= len(origin) else '?'}"


def test_the_pages_have_python_blocks() -> None:
    for page in PAGES:  # the fence pattern finds each page's blocks (anatomy has one short one)
        source, _ = page_module(ROOT / page)
        assert source.count("\n") > 5, page


def test_mypy_strict_accepts_every_block_of_the_guides(tmp_path: Path) -> None:
    modules = _write_package(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--allow-redefinition", "--no-error-summary",
         "--cache-dir", str(tmp_path / "mypy-cache"), str(tmp_path / "docblocks")],
        cwd=ROOT, env={**os.environ, "MYPYPATH": str(SRC)},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    errors = [
        f"{_where(modules, m.group(1), int(m.group(2)))}: {m.group(3)}"
        for m in re.finditer(r"^(\S+\.py):(\d+): error: (.*)$", run.stdout, re.M)
    ]
    assert not errors, "\n".join(errors)
    assert run.returncode == 0, run.stdout + run.stderr


def test_pyright_strict_accepts_every_block_of_the_guides(tmp_path: Path) -> None:
    modules = _write_package(tmp_path)
    code, found = pyright_errors(
        tmp_path, stubPath=str(tmp_path / "typings"), include=["docblocks"]
    )
    errors = [
        f"{_where(modules, d['file'], d['range']['start']['line'] + 1)}: {d['message']}"
        for d in found
    ]
    assert not errors, "\n".join(errors)
    assert code == 0

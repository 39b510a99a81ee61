"""Static checks run as part of the test suite: ``mypy --strict`` and ``ruff``.

The README's single test command (``pytest``) therefore also proves that ``src``,
``tests`` and ``examples`` type-check strictly and that the code is lint clean.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_mypy_strict_is_clean_over_src_tests_and_examples() -> None:
    result = _run(sys.executable, "-m", "mypy", "--strict", "src", "tests", "examples")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.fail("ruff is not installed in this environment (it is part of the dev extra)")
    result = _run(ruff, "check", "src", "tests", "examples", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_module_has_a_docstring() -> None:
    missing = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "src" / "cardrules").rglob("*.py"))
        if not path.read_text(encoding="utf-8").lstrip().startswith(('"""', '"'))
    ]
    assert not missing, f"modules without a docstring: {missing}"

"""The docs' MkDocs hooks as modules: MkDocs loads them by path, not as a package."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

HOOKS = Path(__file__).resolve().parents[2] / "docs" / "hooks"


def load_hook(name: str) -> ModuleType:
    """The hook ``docs/hooks/<name>.py``, imported as MkDocs imports it."""
    spec = importlib.util.spec_from_file_location(name, HOOKS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

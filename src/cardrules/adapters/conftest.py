"""pytest: leave the adapters out of doctest collection when their extras are missing.

The adapter modules import their frameworks (and numpy) at import time, so collecting
their doctests needs the ``openspiel`` / ``pettingzoo`` extras. Without them these
modules (and the ``pettingzoo`` package) are not collected; ``tests/adapters`` then
reports its tests as skipped.
"""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "_encoders.py": ("numpy",),
    "_kits.py": ("numpy",),
    "openspiel": ("numpy", "pyspiel"),
    "pettingzoo": ("numpy", "pettingzoo", "gymnasium"),
}

collect_ignore = [
    name
    for name, modules in _NEEDS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]

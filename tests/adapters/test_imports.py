"""The adapters are imported only explicitly: ``import cardrules`` loads no framework."""

from __future__ import annotations

import subprocess
import sys

FRAMEWORKS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy")


def test_importing_cardrules_and_its_adapters_package_loads_no_framework() -> None:
    """``import cardrules`` (games and adapters package included) imports no framework."""
    code = (
        "import sys, cardrules, cardrules.adapters\n"
        "from cardrules import spoil_five, my_bird_sings\n"
        f"print(sorted(m for m in {FRAMEWORKS!r} if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"

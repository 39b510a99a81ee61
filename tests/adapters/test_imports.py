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


def test_an_adapter_without_its_extra_says_which_extra_to_install() -> None:
    """Without its framework an adapter fails with one line naming the extra."""
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"
        "sys.modules['pettingzoo'] = None\n"
        "for name in ('openspiel', 'pettingzoo'):\n"
        "    try:\n"
        "        __import__(f'cardrules.adapters.{name}')\n"
        "    except ModuleNotFoundError as error:\n"
        "        print(type(error).__name__, error.name, '|', error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.splitlines() == [
        "ModuleNotFoundError pyspiel | cardrules.adapters.openspiel needs the openspiel "
        "extra: pip install 'cardrules[openspiel]' (pyspiel is not installed)",
        "ModuleNotFoundError pettingzoo | cardrules.adapters.pettingzoo needs the pettingzoo "
        "extra: pip install 'cardrules[pettingzoo]' (pettingzoo is not installed)",
    ]

"""Collection of the examples' doctests: a script whose extra is not installed is left out.

``ray_simulation.py`` imports Ray at the top, as the recipe of docs/bots.md does; without
the ``ray`` extra there is nothing to collect from it (tests/test_examples.py skips
running it, naming the extra).
"""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = [] if importlib.util.find_spec("ray") else ["ray_simulation.py"]

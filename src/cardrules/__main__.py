"""``python -m cardrules``: the same as the ``cardrules`` command (needs the ``cli`` extra)."""

from __future__ import annotations

from cardrules.cli import main

if __name__ == "__main__":
    main()

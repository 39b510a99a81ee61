"""Run the web example: ``python -m web`` from the ``examples`` folder."""

from __future__ import annotations

from web.app import main

if __name__ == "__main__":
    main()

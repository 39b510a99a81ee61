"""The ``cardrules`` command: play, watch, simulate and replay games in the terminal.

The commands need the ``cli`` extra (click and rich), which the core library never
imports. This module imports them only when the command runs (or when :data:`app` is
asked for), so that without the extra ``cardrules`` says in one line what to install
instead of ending in a traceback.

>>> from click.testing import CliRunner
>>> from cardrules.cli import app
>>> print(CliRunner().invoke(app, ["orders", "--trump", "spades"]).output)
Spoil Five card orders, spades trumps (Peel's ranking), best first:
trumps:   5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S
hearts:   KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H
diamonds: KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD
clubs:    KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C
<BLANKLINE>
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import click

    app: click.Group

__all__ = ["MISSING_EXTRA", "app", "main"]

MISSING_EXTRA = (
    "cardrules: the command line needs the 'cli' extra (click and rich): "
    "pip install 'cardrules[cli]'"
)
"""The one line the command prints when the ``cli`` extra is not installed."""

_EXTRA_MODULES = ("click", "rich")
"""What the ``cli`` extra brings for the commands themselves (``cattrs`` is for records)."""


def __getattr__(name: str) -> object:
    """``app``, the click group of the commands, imported on first use."""
    if name == "app":
        from cardrules._commands import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line (the ``cardrules`` console script and ``python -m cardrules``).

    Without the ``cli`` extra it prints :data:`MISSING_EXTRA` to standard error and exits
    with status 1.
    """
    try:
        for module in _EXTRA_MODULES:
            if not _installed(module):
                raise ModuleNotFoundError(module, name=module)
        from cardrules._commands import app
    except ModuleNotFoundError as err:
        if (err.name or "").partition(".")[0] not in _EXTRA_MODULES:
            raise
        print(MISSING_EXTRA, file=sys.stderr)
        raise SystemExit(1) from None
    app.main(args=list(argv) if argv is not None else sys.argv[1:], prog_name="cardrules")


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module blocked (None) or half-imported in sys.modules
        return False

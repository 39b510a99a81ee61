"""The Python code blocks of the guides, as modules a type checker can read.

A guide's blocks are one doctest session (names carry from block to block), so each
page becomes one module: its examples in order, each shown value written as
``print(repr(...))`` (what the interpreter shows it by). The lines of the module map
back to the page's lines, so a checker's complaint names the line of the guide.
"""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path
from typing import cast

PAGES = ("docs/front-end.md", "docs/bots.md", "docs/adapters.md", "docs/anatomy.md")
"""The guides whose every Python block must type-check for a user."""

_FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)


def _statement(source: str) -> str:
    """An example's source, a shown (non-call) expression wrapped in ``print(repr())``."""
    body = ast.parse(source).body
    shown = len(body) == 1 and isinstance(body[0], ast.Expr)
    if shown and not isinstance(cast(ast.Expr, body[0]).value, ast.Call | ast.Await):
        return f"print(repr(({source.strip()})))\n"
    return source


def page_module(page: Path) -> tuple[str, list[int]]:
    """The module of ``page``'s Python blocks, and the page line of each module line."""
    text = page.read_text(encoding="utf-8")
    lines = ["from __future__ import annotations\n"]
    origin = [0]
    parser = doctest.DocTestParser()
    for fence in _FENCE.finditer(text):
        block = fence.group(1)
        first = text.count("\n", 0, fence.start(1)) + 1  # the block's first page line
        if ">>>" not in block:
            for offset, line in enumerate(block.splitlines(keepends=True)):
                lines.append(line)
                origin.append(first + offset)
            continue
        for example in parser.get_examples(block):
            for offset, line in enumerate(_statement(example.source).splitlines(keepends=True)):
                lines.append(line)
                origin.append(first + example.lineno + offset)
    return "".join(lines), origin

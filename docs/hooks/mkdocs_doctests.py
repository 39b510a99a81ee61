"""MkDocs hook: show docstring doctests as code and Sphinx-style roles as code spans.

The library's docstrings carry ``>>>`` examples (run by pytest) and a few Sphinx roles
such as ``:class:`Card```. Markdown would read ``>>>`` lines as nested block quotes and
``<Card 10C>`` as HTML, so this hook adds a small Markdown preprocessor that wraps every
doctest block that is not already in a fenced block in a ``pycon`` fence, and turns
``:class:`X``` (and ``:func:``, ``:mod:`` ...) into ```X```. It runs before mkdocstrings
reads the Markdown settings, so the API reference gets it too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # mkdocs is only needed when the site is built
    from mkdocs.config.defaults import MkDocsConfig

_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj|const):`~?([^`]+)`")
_FENCE = re.compile(r"^\s*(```|~~~)")


def fence_doctests(lines: list[str]) -> list[str]:
    """Wrap bare ``>>>`` blocks in ``pycon`` fences and turn Sphinx roles into code spans.

    >>> fence_doctests(["Text :class:`~a.Card`.", "", ">>> 1 + 1", "2", "", "After."])
    ['Text `Card`.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'After.']
    >>> fence_doctests(["```python", ">>> 1", "1", "```"])
    ['```python', '>>> 1', '1', '```']
    """
    out: list[str] = []
    in_fence = False
    in_doctest = False
    indent = ""
    for line in lines:
        if in_doctest and not line.strip():
            out.append(indent + "```")
            in_doctest = False
        if not in_doctest and _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and not in_doctest and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(indent + "```pycon")
            in_doctest = True
        if not in_fence and not in_doctest:
            line = _ROLE.sub(lambda m: f"`{m.group(1).rsplit('.', 1)[-1]}`", line)
        out.append(line)
    if in_doctest:
        out.append(indent + "```")
    return out


def _extension() -> Any:
    from markdown import Extension, Markdown
    from markdown.preprocessors import Preprocessor

    class DoctestPreprocessor(Preprocessor):
        def run(self, lines: list[str]) -> list[str]:
            return fence_doctests(lines)

    class DoctestExtension(Extension):
        def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Markdown's API)
            # before fenced code (priority 25) so the new fences are recognised
            md.preprocessors.register(DoctestPreprocessor(md), "cardrules_doctests", 40)

    return DoctestExtension()


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Add the preprocessor to the site's Markdown extensions."""
    config.markdown_extensions.append(_extension())
    return config


# what mkdocs.plugins.event_priority(100) sets: run before mkdocstrings copies the settings
on_config.mkdocs_priority = 100  # type: ignore[attr-defined]

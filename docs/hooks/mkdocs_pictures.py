"""MkDocs hook: draw the site's pictures from the code at build time.

The pictures (the four Spoil Five rank orders, an example hand and trick, seat views)
are never committed: every build draws them again with :mod:`cardrules.svg` from the
engine's own tables, so the documentation cannot drift from the code. They are added to
the site as generated files under ``images/``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # mkdocs is only needed when the site is built
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def pictures() -> dict[str, str]:
    """Every generated picture: its path under the docs folder and its SVG text."""
    from cardrules import Suit, parse_cards, spoil_five, svg

    drawn: dict[str, str] = {}
    for suit in Suit:
        name = SUIT_NAMES[suit.letter]
        drawn[f"images/rank-order-{name}.svg"] = svg.rank_chart(suit, size=80)
    cards = parse_cards("10S AH 2S 5S")
    winner = spoil_five.trick_winner(cards, Suit.SPADES)
    drawn["images/trick-example.svg"] = svg.trick(
        cards, winner=winner, seats=(1, 2, 3, 0), trump=Suit.SPADES, size=70
    )
    drawn["images/hand-example.svg"] = svg.hand(
        "5D JD AH KC 7S", highlight=parse_cards("5D JD AH"), size=80
    )
    return drawn


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pictures to the site's files."""
    from mkdocs.structure.files import File

    for path, content in pictures().items():
        files.append(File.generated(config, path, content=content))
    return files

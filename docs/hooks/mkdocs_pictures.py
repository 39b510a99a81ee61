"""MkDocs hook: draw the site's pictures from the code at build time.

The pictures (the four Spoil Five rank orders, an example hand and trick, seat views)
are never committed: every build draws them again with :mod:`cardrules.svg` from the
engine's own tables, so the documentation cannot drift from the code. They are added to
the site as generated files under ``images/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # mkdocs is only needed when the site is built
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

    from cardrules import my_bird_sings, spoil_five

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def pictures() -> dict[str, str]:
    """Every generated picture: its path under the docs folder and its SVG text."""
    from cardrules import Suit, parse_card, parse_cards, spoil_five, svg

    drawn: dict[str, str] = {}
    # the site's logo and favicon: the five of hearts, best card when hearts are trumps
    drawn["images/logo.svg"] = svg.card(parse_card("5H"), size=20)
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
    drawn["images/view-spoil-five.svg"] = svg.view(_spoil_five_example(), size=60)
    drawn["images/view-my-bird-sings.svg"] = svg.view(_my_bird_sings_example(), size=60)
    return drawn


def _spoil_five_example() -> spoil_five.View:
    """Seat 2's view in the middle of the second trick of a seeded four-player deal."""
    from cardrules import spoil_five

    state = spoil_five.new_game(spoil_five.Options(players=4), seed=7)
    while not spoil_five.is_deal_over(state) and (not state.tricks or len(state.trick) < 2):
        state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[-1])
    assert state.to_act is not None
    return spoil_five.view(state, state.to_act)


def _my_bird_sings_example() -> my_bird_sings.View:
    """A drawer's view in a three-player deal passed by ``draw_blind``."""
    from cardrules import my_bird_sings

    options = my_bird_sings.Options(players=3, passing="draw_blind")
    state = my_bird_sings.new_game(options, seed=5)
    while state.phase not in (my_bird_sings.Phase.DRAW, my_bird_sings.Phase.OVER):
        state = my_bird_sings.apply_action(state, my_bird_sings.legal_actions(state)[0])
    assert state.to_act is not None
    return my_bird_sings.view(state, state.to_act)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pictures to the site's files."""
    from mkdocs.structure.files import File

    for path, content in pictures().items():
        files.append(File.generated(config, path, content=content))
    # the web example's screenshot, so the home page can show it without a second copy
    screenshot = Path(config.config_file_path).parent / "examples" / "web" / "screenshot.png"
    files.append(File.generated(config, "images/web-example.png", content=screenshot.read_bytes()))
    return files

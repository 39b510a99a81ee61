"""The documentation site builds strictly and its pictures are drawn from the code."""

from __future__ import annotations

import html
import re
from pathlib import Path
from types import ModuleType

from cardrules import Suit, my_bird_sings, parse_cards, spoil_five
from tests.docs.hooks import load_hook
from tests.svg.helpers import drawn_cards, find_all, parse

ROOT = Path(__file__).resolve().parents[2]
SUITS = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


def _hook() -> ModuleType:
    return load_hook("mkdocs_pictures")


def test_every_docs_page_is_built(site: Path) -> None:
    """Every Markdown page of the docs folder becomes a page of the site (and the strict
    build, which fails on any warning, passed)."""
    sources = sorted((ROOT / "docs").rglob("*.md"))
    assert sources
    for source in sources:
        relative = source.relative_to(ROOT / "docs").with_suffix(".html")
        assert (site / relative).is_file(), relative


def test_rank_order_pictures_are_generated_from_the_engine(site: Path) -> None:
    """The four rank-order pictures exist in the built site and show, row by row, the
    engine's trump and plain orders, best card first."""
    for suit, name in SUITS.items():
        root = parse((site / "images" / f"rank-order-{name}.svg").read_text(encoding="utf-8"))
        assert root.get("data-trump") == suit.letter
        rows = find_all(root, "row")
        expected = [spoil_five.trump_order(suit)] + [
            spoil_five.plain_order(other, suit) for other in Suit if other is not suit
        ]
        assert [drawn_cards(row) for row in rows] == [[str(c) for c in cards] for cards in expected]


def test_rank_order_page_shows_the_four_pictures(site: Path) -> None:
    """The rank-order page embeds the four generated pictures."""
    html = (site / "rank-orders.html").read_text(encoding="utf-8")
    images = re.findall(r'<img [^>]*src="(images/rank-order-[a-z]+\.svg)"', html)
    assert sorted(images) == sorted(f"images/rank-order-{name}.svg" for name in SUITS.values())


def test_built_pictures_are_exactly_what_the_hook_draws(site: Path) -> None:
    """Nothing stale: every generated file is byte for byte what the code draws now."""
    for path, content in _hook().pictures().items():
        assert (site / path).read_text(encoding="utf-8") == content


def test_api_reference_is_rendered_from_docstrings(site: Path) -> None:
    """The reference pages contain the documented objects, not just a heading."""
    cards = (site / "reference" / "cards.html").read_text(encoding="utf-8")
    assert "parse_card" in cards
    assert "Read one card in notation" in cards  # the first line of parse_card's docstring
    # docstring examples are code blocks (not nested quotes with <Card 10C> eaten as HTML)
    assert "&lt;Card 10C&gt;" in cards
    assert "<blockquote>" not in cards
    assert ":class:" not in cards
    pictures = (site / "reference" / "svg.html").read_text(encoding="utf-8")
    assert "rank_chart" in pictures
    assert "Draw a trick" in pictures


def test_rules_pages_show_their_worked_example_deals(site: Path) -> None:
    """Each rules page embeds its example deal, drawn from the very actions its doctest
    plays: the hands as dealt, every trick with its winner, the singing cards."""
    hook = _hook()
    rules = ROOT / "docs" / "rules"
    # the doctest writes the actions as one string, continued over two lines
    joined = re.sub(r'"\s*\n\.\.\.\s*"', "", (rules / "spoil-five.md").read_text("utf-8"))
    assert hook.SPOIL_FIVE_EXAMPLE in joined
    birds_page = re.sub(r'"\s*\n\.\.\.\s*"', "", (rules / "my-bird-sings.md").read_text("utf-8"))
    assert hook.MY_BIRD_SINGS_EXAMPLE in birds_page
    assert hook.MY_BIRD_SINGS_PACK in birds_page

    assert hook.SPOIL_FIVE_PACK in joined  # the page deals from the hook's pack
    state = spoil_five.new_game(
        spoil_five.Options(players=4), deck=parse_cards(hook.SPOIL_FIVE_PACK)
    )
    deal = parse((site / "images" / "sf-example-deal.svg").read_text(encoding="utf-8"))
    rows = find_all(deal, "seat-hand")
    assert [drawn_cards(row) for row in rows] == [[str(c) for c in h] for h in state.hands]
    for action in hook.SPOIL_FIVE_EXAMPLE.split(", "):
        state = spoil_five.apply_action(state, action)
    assert len(state.tricks) == 3
    for number, trick in enumerate(state.tricks, 1):
        root = parse((site / "images" / f"sf-example-trick-{number}.svg").read_text("utf-8"))
        assert drawn_cards(root) == [str(c) for c in trick.cards]
        (won,) = find_all(root, "winner")
        assert won.get("data-seat") == str(trick.winner)
    page = (site / "rules" / "spoil-five.html").read_text(encoding="utf-8")
    for name in ("sf-example-deal", "sf-example-trick-1", "sf-example-trick-3"):
        assert f'src="../images/{name}.svg"' in page

    birds = my_bird_sings.new_game(
        my_bird_sings.Options(players=3), deck=parse_cards(hook.MY_BIRD_SINGS_PACK)
    )
    for action in hook.MY_BIRD_SINGS_EXAMPLE.split(", "):
        birds = my_bird_sings.apply_action(birds, str(action))
    assert birds.outcome is not None
    song = parse((site / "images" / "mbs-example-song.svg").read_text(encoding="utf-8"))
    marked = [str(g.get("data-card")) for g in find_all(song, "playable")]
    assert sorted(marked) == sorted(str(c) for c in birds.outcome.shown)
    page = (site / "rules" / "my-bird-sings.html").read_text(encoding="utf-8")
    for name in ("mbs-flush", "mbs-four-suits", "mbs-pass", "mbs-exchange", "mbs-example-deal"):
        assert f'src="../images/{name}.svg"' in page


def test_readme_and_home_page_show_the_web_example(site: Path) -> None:
    """Both say the tables server exists, with its screenshot, its extra and its command;
    the README's quick start stays two commands."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    home = (site / "index.html").read_text(encoding="utf-8")
    words = html.unescape(re.sub(r"<[^>]+>", "", home))  # the text, without highlighting
    for text in (readme, words):
        assert "pip install 'cardrules[web]' && cardrules serve" in text
    assert "](examples/web/screenshot.png)" in readme
    assert 'src="images/web-example.png"' in home
    assert 'src="images/trick-example.svg"' in home  # and a picture of each game
    assert 'src="images/mbs-four-suits.svg"' in home
    assert (site / "images" / "web-example.png").read_bytes() == (
        ROOT / "examples" / "web" / "screenshot.png"
    ).read_bytes()
    quick = readme[readme.index("## Quick start") : readme.index("## A short tour")]
    block = quick[quick.index("```sh") : quick.index("```", quick.index("```sh") + 5)]
    assert len([line for line in block.splitlines()[1:] if line.strip()]) == 2


def test_every_rule_id_is_an_anchor_of_its_built_rules_page(site: Path) -> None:
    """The tables page links a rule id to ``rules/<page>.html#<id>``: the anchor is there,
    on the bold heading that defines the rule (``attr_list``), never as visible text."""
    expected = {
        "spoil-five": [f"sf-{n}" for n in range(1, 26)] + ["d-13", "d-17", "d-15", "d-28"],
        "my-bird-sings": [f"mbs-{n}" for n in range(1, 16)] + ["d-3", "d-5", "d-26"],
        "common": [f"c-{n}" for n in range(1, 8)] + ["d-1", "d-2"],
    }
    for page, anchors in expected.items():
        html = (site / "rules" / f"{page}.html").read_text(encoding="utf-8")
        for anchor in anchors:
            assert html.count(f'id="{anchor}"') == 1, (page, anchor)
        assert "{#" not in html, page
    spoil_five_page = (site / "rules" / "spoil-five.html").read_text(encoding="utf-8")
    assert '<strong id="sf-3">SF-3, SF-4</strong><span id="sf-4"></span>' in spoil_five_page

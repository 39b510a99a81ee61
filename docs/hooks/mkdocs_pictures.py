"""MkDocs hook: draw the site's pictures from the code at build time.

The pictures (the four Spoil Five rank orders, an example hand and trick, seat views,
the rules pages' worked example deals and the moves of My Bird Sings)
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

SPOIL_FIVE_EXAMPLE = (
    "play 8H, rob 9S, play KD, play 5S, play 3H, play 5D, play 3D, play 10S, "
    "play 7D, play AD, play 3C, play 9C, play 10D"
)
"""The worked example deal of the Spoil Five rules page: four players, dealt from the pack below."""

SPOIL_FIVE_PACK = (
    "QH 8H 9S 7C 5S 3D 9C JS 7D 10D QS AD 2C 5D 3C 2S AS 3H 10S JC KD 4S 8D 6C 8S 3S "
    "5C 9H 5H 6D 6H AH QD 10C KH QC 4D 9D 4H 2D KS AC KC JH 10H 2H 7H 4C 6S 8C JD 7S"
)
"""The pack of the Spoil Five worked example, top card first."""

MY_BIRD_SINGS_EXAMPLE = "pass JS, pass 7S, pass 7S, pass 6H"
"""The worked example deal of the My Bird Sings rules page: three players, the pack below."""

MY_BIRD_SINGS_PACK = (
    "KS 7S 9H JS 8S JH 10C 5C 3C 6H 7D 10H 10S 5H QS JC 7C 4H AH KH 4D 2C 5S 9C 2S 2D "
    "9S 2H 3S 8D 3D 4S QC 3H 7H 5D 6D AS JD KD 8C QD 6S 10D AD 4C AC 6C QH 9D 8H KC"
)
"""The pack of the My Bird Sings worked example, top card first."""

EXCHANGE_PACK = (
    "7S 6C 2C 3H 2D AD 10D 4C KS JS 7C 3D 8S AH 5D 3C QH QC 10C 8H 7H QD 5H 9D 2H JD "
    "6S 7D KD 3S AS 4H KH 4S AC 6D JC 10S 8C 8D KC 10H 5C 9H 5S 2S 4D 9S QS 6H JH 9C"
)
"""A three-player My Bird Sings pack whose leader's first exchange rejects a card."""


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
    drawn.update(_spoil_five_worked_example())
    drawn.update(_my_bird_sings_pictures())
    return drawn


def _spoil_five_worked_example() -> dict[str, str]:
    """The rules page's example deal: the four hands, then each trick with its winner."""
    from cardrules import parse_cards, spoil_five, svg

    pack = parse_cards(SPOIL_FIVE_PACK)
    state = spoil_five.new_game(spoil_five.Options(players=4), deck=pack)
    assert state.turn_up is not None
    trump = state.turn_up.suit
    order = spoil_five.trump_order(trump)
    trumps = [card for hand in state.hands for card in hand if card in order]
    drawn: dict[str, str] = {
        "images/sf-example-deal.svg": svg.deal(
            state.hands, dealer=state.dealer, turn_up=state.turn_up, highlight=trumps, size=60
        )
    }
    for action in SPOIL_FIVE_EXAMPLE.split(", "):
        state = spoil_five.apply_action(state, action)
    for number, trick in enumerate(state.tricks, 1):
        seats = [(trick.leader + i) % state.options.players for i in range(len(trick.cards))]
        drawn[f"images/sf-example-trick-{number}.svg"] = svg.trick(
            trick.cards, winner=seats.index(trick.winner), seats=seats, trump=trump, size=60
        )
    return drawn


def _my_bird_sings_pictures() -> dict[str, str]:
    """The rules page's pictures: singing hands, a pass, an exchange, the example deal."""
    from cardrules import my_bird_sings, parse_card, parse_cards, svg

    drawn: dict[str, str] = {
        "images/mbs-flush.svg": svg.hand(
            "KD 2D 9C 7D 5D", highlight=parse_cards("KD 2D 7D 5D"), overlap=0, size=70
        ),
        "images/mbs-four-suits.svg": svg.hand(
            "8S 5C 7D JS 6H", highlight=parse_cards("8S 5C 7D 6H"), overlap=0, size=70
        ),
    }
    options = my_bird_sings.Options(players=3)
    state = my_bird_sings.new_game(options, deck=parse_cards(MY_BIRD_SINGS_PACK))
    drawn["images/mbs-example-deal.svg"] = svg.deal(state.hands, dealer=state.dealer, size=60)
    first = MY_BIRD_SINGS_EXAMPLE.split(", ")[0]
    giver = state.to_act
    assert giver is not None
    drawn["images/mbs-pass.svg"] = svg.passing(
        state.hands[giver],
        parse_card(first.removeprefix("pass ")),
        giver=giver,
        receiver=(giver + 1) % options.players,
        size=60,
    )
    for action in MY_BIRD_SINGS_EXAMPLE.split(", "):
        state = my_bird_sings.apply_action(state, action)
    assert state.outcome is not None
    assert state.outcome.singer is not None
    singer = state.outcome.singer
    drawn["images/mbs-example-song.svg"] = svg.hand(
        state.hands[singer], highlight=state.outcome.shown, overlap=0, size=70
    )
    # an exchange with a rejected card: the jack of spades passed round three times
    state = my_bird_sings.new_game(options, deck=parse_cards(EXCHANGE_PACK))
    for _ in range(3 * options.players):
        state = my_bird_sings.apply_action(state, "pass JS")
    leader = state.to_act
    assert leader is not None
    before = state.hands[leader]
    state = my_bird_sings.apply_action(state, my_bird_sings.Exchange(parse_card("7S")))
    (done,) = my_bird_sings.view(state, leader).exchanges
    drawn["images/mbs-exchange.svg"] = svg.exchange(
        done.discard, (*done.rejects, done.taken), hand=before, size=60
    )
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

"""What ``cardrules play`` shows: the table for a human, painted lines, a full-screen mode.

Private: the presentation of :mod:`cardrules._terminal`. :func:`table` writes a seat's
view of either game as a few lines in the narrator's language (every sentence a message
of the catalogue, see :mod:`cardrules.messages`): who sits where, the hand sorted as a
player holds it (:func:`cardrules.sort_hand`) with the card just received marked ``*``,
the trick with its leader, Spoil Five's card order, what the last pass gave and took, My
Bird Sings' hint of what the hand lacks, and the moves. :class:`Screen` writes lines,
painted for a terminal (suit symbols, red hearts and diamonds, colour on winners and
errors); :class:`LiveScreen` keeps the table at the top of the terminal and redraws it in
place (rich's ``Live``), with the latest lines of the narration below it.

>>> from cardrules import games
>>> entry = games.lookup("spoil-five")
>>> tell = entry.load_narrator()(entry.module, 1, 1)
>>> state = entry.module.new_game(entry.options(players=3), seed=1)
>>> for line in table(tell, entry.module.view(state, 1)):
...     print(line)
Spoil Five, deal 1, pool 7: hearts are trumps (turn-up 6H)
Trumps, best first: 5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H
  seat 0  dealer  5 cards         tricks 0  -3
> you             QH 6S 7D 4D 2C  tricks 0  -2
  seat 2          5 cards         tricks 0  -2
Your moves: play QH, play 6S, play 7D, play 4D, play 2C
"""

from __future__ import annotations

import collections
import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import click

from cardrules._engine import left_of, right_of
from cardrules._narration import Narrator
from cardrules._text import moves as legal_moves
from cardrules._text import sort_hand
from cardrules.cards import Card, Rank, Suit
from cardrules.messages import Message, message, word
from cardrules.protocol import SeatView

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.live import Live
    from rich.text import Text

__all__ = ["LiveScreen", "Screen", "paint", "table", "wants_paint"]

_CARD_TOKEN: Final = re.compile(r"(?<![\w-])(10|[2-9AJQKRDV])([SHDC])(\*?)(?![\w-])")
"""A card in notation inside a line (``10C``, ``RH`` in French; never ``SF-16``)."""

_SYMBOL: Final = {suit.letter: suit.symbol for suit in Suit}

WIN: Final = "bold green"
"""The style of a line that says who won (a trick, the pool)."""

ERROR: Final = "bold red"
"""The style of a refusal."""

_WINNING: Final = frozenset(
    {
        "spoil-five.narration.trick",
        "spoil-five.settlement.takes-pool",
        "spoil-five.settlement.partners-share",
        "spoil-five.settlement.receives",
        "my-bird-sings.narration.bird-sings",
        "my-bird-sings.narration.bird-sings-short",
        "my-bird-sings.settlement.takes-pool",
        "my-bird-sings.settlement.most-tricks",
        "my-bird-sings.settlement.tie",
    }
)


def style_of(said: Message) -> str | None:
    """The style of a line of narration: who won a trick or the pool stands out."""
    return WIN if said.id in _WINNING else None


def paint(text: str, style: str | None = None) -> Text:
    """A line for a terminal: suit symbols, hearts and diamonds in red, ``style`` on the rest.

    >>> line = paint("Trick 1: 10H KS -> seat 0 wins (SF-17)")
    >>> line.plain, [(span.start, span.end, span.style) for span in line.spans]
    ('Trick 1: 10♥ K♠ -> seat 0 wins (SF-17)', [(9, 12, 'bold red'), (13, 15, 'bold')])
    """
    from rich.text import Text

    line = Text(style=style or "")
    last = 0
    for match in _CARD_TOKEN.finditer(text):
        line.append(text[last : match.start()])
        suit = match.group(2)
        card_style = "bold red" if suit in "HD" else "bold"
        line.append(match.group(1) + _SYMBOL[suit], style=card_style)
        if match.group(3):
            line.append("*", style="bold yellow")
        last = match.end()
    line.append(text[last:])
    return line


def wants_paint(plain: bool) -> bool:
    """Whether to paint the output: not with ``--plain``, and only for a terminal.

    ``FORCE_COLOR`` paints even into a pipe, as rich does; ``NO_COLOR`` keeps the suit
    symbols but writes no escape codes (see :class:`Screen`); ``TERM=dumb`` or an output
    encoding without the suit symbols writes plain letters.
    """
    if plain:
        return False
    stream = sys.stdout
    forced = bool(os.environ.get("FORCE_COLOR"))
    if not forced and (not stream.isatty() or os.environ.get("TERM") == "dumb"):
        return False
    try:
        "♠♥♦♣".encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Screen:
    """Where the play command's lines go: plain text, or painted for a terminal.

    Args:
        painted: paint cards with suit symbols and colours (through rich).
    """

    def __init__(self, painted: bool) -> None:
        self.painted = painted
        self._console: Console | None = None
        self.table_deal = 0
        """The deal whose whole table was last shown (0: none yet)."""

    @property
    def console(self) -> Console:
        """The rich console that paints (made when first needed)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False, soft_wrap=True)
        return self._console

    def say(self, text: str = "", style: str | None = None) -> None:
        """Write one line (with ``NO_COLOR`` set, the suit symbols without any style)."""
        if not self.painted:
            click.echo(text)
            return
        if os.environ.get("NO_COLOR"):
            click.echo(paint(text).plain)
            return
        self.console.print(paint(text, style))

    def lines(self, lines: Iterable[str], style: str | None = None) -> None:
        """Write each of ``lines``."""
        for line in lines:
            self.say(line, style)

    def show_table(self, lines: Sequence[str]) -> None:
        """Show the table (written out in full, as any other lines)."""
        self.lines(lines)

    def before_input(self) -> None:
        """Make ready to read a line from the human."""

    def close(self) -> None:
        """Stop drawing (the full-screen mode leaves its last frame)."""


class LiveScreen(Screen):
    """The table at the top of the terminal, redrawn in place, the narration below it.

    While the computer players move, rich's ``Live`` redraws the table and the latest
    lines after each move; before the human types, the same frame is drawn on a cleared
    screen with the prompt under it.

    Args:
        painted: paint cards with suit symbols and colours.
        keep: how many lines of the narration to keep under the table.
    """

    def __init__(self, painted: bool, keep: int = 12) -> None:
        super().__init__(painted)
        self._log: collections.deque[tuple[str, str | None]] = collections.deque(maxlen=keep)
        self._table: list[str] = []
        self._live: Live | None = None

    def say(self, text: str = "", style: str | None = None) -> None:
        """Add a line under the table and redraw."""
        self._log.append((text, style))
        self._draw()

    def show_table(self, lines: Sequence[str]) -> None:
        """Replace the table and redraw."""
        self._table = list(lines)
        self._draw()

    def _frame(self) -> RenderableType:
        from rich.console import Group
        from rich.rule import Rule
        from rich.text import Text

        def line(text: str, style: str | None) -> Text:
            return paint(text, style) if self.painted else Text(text)

        return Group(
            *(line(text, None) for text in self._table),
            Rule(style="dim"),
            *(line(text, style) for text, style in self._log),
        )

    def _draw(self) -> None:
        if self._live is None:
            from rich.live import Live

            self.console.clear()
            self._live = Live(self._frame(), console=self.console, auto_refresh=False)
            self._live.start()
        self._live.update(self._frame(), refresh=True)

    def before_input(self) -> None:
        """Stop redrawing and show the frame on a cleared screen, the prompt to follow."""
        if self._live is not None:
            self._live.stop()
            self._live = None
        self.console.clear()
        self.console.print(self._frame())

    def close(self) -> None:
        """Stop redrawing, leaving the last frame on the screen."""
        if self._live is not None:
            self._live.stop()
            self._live = None


def table(tell: Narrator, view: SeatView, *, full: bool = True) -> list[str]:
    """The table as the viewer of ``view`` sees it, in ``tell``'s language (see the module).

    With ``full=False`` only what changes from one of the viewer's decisions to the next:
    his own line, the trick, the last pass, the hint and the moves (the terminal shows the
    whole table once a deal, and again on ``?``).
    """
    from cardrules import my_bird_sings, spoil_five

    players = len(view.balances)
    say = tell.write
    lines: list[str] = []
    seat = view.seat
    columns: list[list[str]] = []
    received: Card | None = None
    if isinstance(view, spoil_five.View):
        head = message(
            "table.spoil-five",
            deal=view.deal_number + 1,
            count=view.pool,
            trump=view.trump,
            card=view.turn_up,
        )
        order = spoil_five.trump_order(view.trump, view.options.ranking)
        lines += [say(head, players), say(message(_SF + "trump-order", order=order), players)]
        columns.append([word("table.tricks", tell.language, count=n) for n in view.tricks_won])
        if view.options.scoring == "points":
            columns.append([word("table.points", tell.language, count=p) for p in view.scores])
    elif isinstance(view, my_bird_sings.View):
        head = message(
            "table.my-bird-sings",
            deal=view.deal_number + 1,
            count=view.pool,
            turn=view.turn + 1,
            round=view.round,
            stock=view.stock_count,
            dead=view.dead_count,
        )
        lines.append(say(head, players))
        if view.options.play_to_exhaustion or any(view.tricks):
            columns.append([word("table.tricks", tell.language, count=n) for n in view.tricks])
        received = view.received[-1] if view.received else None
    rows = _rows(tell, view, columns, received)
    if not full:
        lines = [rows[seat]]
    else:
        lines += rows
    trick: Sequence[Card] = getattr(view, "trick", ())
    leader: int | None = getattr(view, "leader", None)
    if trick and leader is not None:
        lines.append(say(message("table.trick", leader=leader, cards=tuple(trick)), players))
    if isinstance(view, my_bird_sings.View):
        lines += _passes(tell, view)
        if view.to_act == seat and view.outcome is None:
            lines += [say(hint, players) for hint in my_bird_sings.singing_hint(view)]
    if view.to_act == seat and view.legal_actions:
        moves = _CARD_TOKEN.sub(
            lambda m: _card(tell, Card(Rank.parse(m.group(1)), Suit.parse(m.group(2)))),
            ", ".join(legal_moves(view)),
        )
        lines.append(say(message("table.moves", text=moves), players))
        if any(isinstance(action, my_bird_sings.Sing) for action in view.legal_actions):
            lines.append(say(message("table.declare", text="sing"), players))
    return lines


_SF: Final = "spoil-five.narration."


def _rows(
    tell: Narrator, view: SeatView, columns: Sequence[Sequence[str]], received: Card | None
) -> list[str]:
    """One aligned line per seat: who is to act, the seat, its hand, ``columns``, balance."""
    players = len(view.balances)
    seat = view.seat
    language = tell.language
    hand = sort_hand(view, view.hand)
    own = " ".join(_card(tell, card) + ("*" if card == received else "") for card in hand)
    sizes: Sequence[int] = getattr(view, "hand_sizes", ())
    names = [tell.name(s) for s in range(players)]
    dealer = word("table.dealer", language)
    dealt: int = getattr(view, "dealer", -1)
    labels = [dealer if s == dealt else "" for s in range(players)]
    held = [
        own if s == seat else word("table.cards", language, count=sizes[s]) for s in range(players)
    ]
    name_width = max(len(name) for name in names)
    label_width = max(len(label) for label in labels)
    hand_width = max(len(text) for text in held)
    rows = []
    for s in range(players):
        marker = ">" if s == view.to_act else " "
        extra = "".join(f"{column[s]}  " for column in columns)
        balance = f"{view.balances[s]:+d}" if view.balances[s] else "0"
        rows.append(
            f"{marker} {names[s]:<{name_width}}  {labels[s]:<{label_width}}  "
            f"{held[s]:<{hand_width}}  {extra}{balance}"
        )
    return rows


def _card(tell: Narrator, card: Card) -> str:
    """A card as the narrator writes it (notation, the language's rank)."""
    return word(f"rank.{card.rank.symbol}", tell.language) + card.suit.letter


def _passes(tell: Narrator, view: object) -> list[str]:
    """What the viewer's last pass gave and took (My Bird Sings)."""
    players = len(getattr(view, "balances", ()))
    seat: int = getattr(view, "seat", 0)
    passed: Sequence[Card] = getattr(view, "passed", ())
    received: Sequence[Card] = getattr(view, "received", ())
    options = getattr(view, "options", None)
    blind = getattr(options, "passing", None) == "draw_blind"  # drawn, not thrown (MBS-8)
    lines = []
    if received:
        giver = right_of(seat, players)
        key = "table.drew" if blind else "table.received"
        lines.append(tell.write(message(key, card=received[-1], giver=giver), players))
    if passed:
        receiver = left_of(seat, players)
        key = "table.drawn" if blind else "table.passed"
        lines.append(tell.write(message(key, card=passed[-1], receiver=receiver), players))
    return lines

"""The words both games share, in English: the source of every catalogue (private).

Each :func:`~cardrules.messages.entry` is one message id with its sentence for a player;
``code=`` gives the programmers' English where it differs (``str(message)``) and ``you=``
the sentence when a seat parameter is the reader. The translations are the gettext
catalogues under ``cardrules/locale``; the ids here are their contexts.
"""

from __future__ import annotations

from typing import Final

from cardrules.messages import Entry, entry

__all__ = ["ENTRIES"]

_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUITS: Final = (
    ("S", "spades", "spade", "a spade"),
    ("H", "hearts", "heart", "a heart"),
    ("D", "diamonds", "diamond", "a diamond"),
    ("C", "clubs", "club", "a club"),
)
_NUMBERS: Final = ("zero", "one", "two", "three", "four", "five")
_PLACES: Final = (
    "best", "second-best", "third-best", "fourth-best", "fifth-best", "sixth-best",
    "seventh-best", "eighth-best", "ninth-best", "tenth-best", "eleventh-best",
    "twelfth-best", "thirteenth-best", "fourteenth-best",
)  # fmt: skip

ENTRIES: Final[tuple[Entry, ...]] = (
    entry("common.you", "you", label=True),
    entry("common.player", "player {number}", label=True),
    entry("common.and", "and", label=True),
    *(entry(f"rank.{rank}", rank, label=True) for rank in _RANKS),
    *(
        item
        for letter, plural, one, a in _SUITS
        for item in (
            entry(f"suit.{letter}.plural", plural, label=True),
            entry(f"suit.{letter}.one", one, label=True),
            entry(f"suit.{letter}.a", a, label=True),
        )
    ),
    *(entry(f"place.{n}", word, label=True) for n, word in enumerate(_PLACES, start=1)),
    *(entry(f"number.{n}", word, label=True) for n, word in enumerate(_NUMBERS)),
    entry("common.text", "{text}"),
    entry("common.action.text", "do that", code="{text}", label=True),
    entry("common.refusal", "you cannot {action}: {reason}", code="cannot {action}: {reason}"),
    entry("common.refusal.not-held", "you do not hold {card}"),
    entry(
        "common.refusal.unreadable",
        "that is not a move you can make; write it as the moves are listed",
        code="{detail}",
    ),
    entry("common.refusal.deal-over", "the deal is over; start the next deal"),
    entry("common.refusal.deal-not-over", "the current deal is not over yet"),
    entry("common.refusal.game-over", "the game is over"),
    entry("common.action.next-deal", "start the next deal", label=True),
    entry("common.seat", "seat {number}", label=True),
    entry(
        "narration.deal",
        "deal {deal}: {players} players, dealer {dealer}, pool {count}",
        label=True,
    ),
    entry("narration.hand", "{seat}: {cards}", label=True),
    entry("narration.action", "{seat}: {action}", label=True),
    entry("narration.balances", "balances: {scores:signed}", label=True),
    entry("narration.why", "why: {why}", label=True),
    entry(
        "table.spoil-five",
        "Spoil Five, deal {deal}, pool {count}: {trump} are trumps (turn-up {card})",
        label=True,
    ),
    entry(
        "table.my-bird-sings",
        "My Bird Sings, deal {deal}, pool {count}: turn {turn} (round {round}), stock {stock}, "
        "dead pile {dead}",
        label=True,
    ),
    entry("table.dealer", "dealer", label=True),
    entry("table.tricks", "tricks {count}", label=True),
    entry("table.points", "points {count}", label=True),
    entry("table.cards", "{count:cards}", label=True),
    entry("table.trick", "trick, led by {leader}: {cards}", label=True),
    entry(
        "table.received",
        "you received {card} from {giver} (marked *)",
        code="you received {card} from {giver}",
        label=True,
    ),
    entry("table.passed", "you passed {card} to {receiver}", label=True),
    entry("table.moves", "your moves: {text}", label=True),
    entry("table.declare", "type {text} to say: my bird sings!", label=True),
    entry("prompt.move", "your move> ", label=True),
    entry("prompt.not-a-move", "not a move: {text}"),
    entry("prompt.another-deal", "another deal? [Y/n] ", label=True),
    entry("prompt.yes-no", "please answer y or n"),
    entry("prompt.stopped", "game stopped"),
    entry("prompt.help", "type help for the commands and what a move looks like"),
)
"""The shared entries: words (you, player N, and), ranks, suits, places, common refusals."""

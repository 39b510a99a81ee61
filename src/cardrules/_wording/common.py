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
    entry("table.drew", "you drew {card} blind from {giver}'s hand (marked *)", label=True),
    entry("table.drawn", "{receiver} drew {card} from your hand", label=True),
    entry("table.moves", "your moves: {text}", label=True),
    entry("table.declare", "type {text} to say: my bird sings!", label=True),
    entry("prompt.move", "your move> ", label=True),
    entry("prompt.line-up", "{text}, {players} players, seed {number}: {detail}", label=True),
    entry("prompt.your-seat", "you ({text})", label=True),
    entry("game.spoil-five", "Spoil Five", label=True),
    entry("game.my-bird-sings", "My Bird Sings", label=True),
    entry("help.spoil-five.play", "play a card to the trick", label=True),
    entry(
        "help.spoil-five.rob",
        "rob the turn-up: discard 3S and take the turned-up card",
        label=True,
    ),
    entry("help.spoil-five.decline-rob", "keep your hand when you may rob", label=True),
    entry(
        "help.spoil-five.jink",
        "after three tricks in a jinking game: take the pool, or jink",
        label=True,
    ),
    entry("help.spoil-five.five", "fiving, where the options allow it", label=True),
    entry("help.my-bird-sings.pass", "pass a card to your left-hand neighbour", label=True),
    entry(
        "help.my-bird-sings.draw",
        "draw blind the card at that position of the cards offered",
        label=True,
    ),
    entry("help.my-bird-sings.exchange", "discard 4D and take a card from the stock", label=True),
    entry(
        "help.my-bird-sings.decline-exchange", "keep your hand when you may exchange", label=True
    ),
    entry(
        "help.my-bird-sings.sing",
        "my bird sings! show a singing hand (a flush or four suits) and win; 'sing' alone "
        "shows the one offered",
        label=True,
    ),
    entry(
        "help.my-bird-sings.silent",
        "keep silent; give the deal up where allowed",
        label=True,
    ),
    entry("help.title", "type a move, or one of these commands:", label=True),
    entry(
        "help.rank",
        "a card is a rank (A, 2-10, J, Q, K) and a suit: a letter S H D C in any case,",
        label=True,
    ),
    entry(
        "help.suit",
        "a symbol ♠ ♥ ♦ ♣ or a name: 10c, 10♣ and '10 of clubs' are the same card.",
        label=True,
    ),
    entry("help.again", "show the table and your legal moves again", label=True),
    entry("help.help", "this list", label=True),
    entry("help.hint", "suggest a move: the strongest computer player's choice", label=True),
    entry("help.quit", "stop the game (a --save file is written)", label=True),
    entry("summary.over", "session over: {count:deals} played", label=True),
    entry(
        "summary.over-unfinished",
        "session over: {count:deals} played, the last one unfinished",
        label=True,
    ),
    entry("summary.won", "deal {deal}: {shares:signed}", label=True),
    entry("summary.carried", "deal {deal}: {what}, pool {count} carried", label=True),
    entry(
        "summary.pools", "pools carried: {count} ({text}); {carried:counters-are} in the pool now"
    ),
    entry("summary.no-pools", "pools carried: none"),
    entry("summary.balances", "balances: {text}", label=True),
    entry("outcome.spoilt", "spoilt", label=True),
    entry("outcome.barred", "spoilt by a barred side", label=True),
    entry("outcome.jink_failed", "a failed jink", label=True),
    entry("outcome.hand_scored", "scored", label=True),
    entry("outcome.round_limit", "void at the round limit", label=True),
    entry("outcome.abandoned", "abandoned", label=True),
    entry("outcome.exhausted", "void, the stock exhausted", label=True),
    entry("outcome.void", "void", label=True),
    entry("prompt.not-a-move", "not a move: {text}"),
    entry("expected.moves", "your moves: {text}", label=True),
    entry("expected.not-now", "you cannot {text} now; {detail}", label=True),
    entry(
        "expected.number",
        "expected {text} and a number from {count} to {last} (e.g. '{detail}')",
        label=True,
    ),
    entry("expected.one", "expected '{text}'", label=True),
    entry("expected.one-of", "expected one of: {text}", label=True),
    entry("prompt.another-deal", "another deal? [Y/n] ", label=True),
    entry("prompt.yes-no", "please answer y or n"),
    entry("prompt.stopped", "game stopped"),
    entry("prompt.help", "type help for the commands and what a move looks like"),
    entry("prompt.suggestion", "suggested move: {action} (type {text})"),
)
"""The shared entries: words (you, player N, and), ranks, suits, places, common refusals."""

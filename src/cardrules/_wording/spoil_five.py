"""What Spoil Five says, in English: every message id of the game with its sentence (data).

The source of the game's part of the catalogues (see :mod:`cardrules.messages`);
:mod:`cardrules.spoil_five.wording` writes its actions as messages.
"""

from __future__ import annotations

from typing import Final

from cardrules.messages import Entry, entry

__all__ = ["ENTRIES"]

_P: Final = "spoil-five."

_ACTIONS: Final = (
    entry(_P + "action.play", "play {card}", label=True),
    entry(
        _P + "action.rob", "rob the turn-up, discarding {discard}", code="rob {discard}", label=True
    ),
    entry(_P + "action.decline-rob", "decline to rob", code="decline-rob", label=True),
    entry(_P + "action.stop", "stop", label=True),
    entry(_P + "action.go-on", "go on for a jink", code="go-on", label=True),
    entry(_P + "action.ask-five", "ask the dealer to five the hand", code="ask-five", label=True),
    entry(_P + "action.decline-five", "decline to ask for fiving", code="decline-five", label=True),
    entry(_P + "action.accept-five", "accept to five the hand", code="accept-five", label=True),
    entry(_P + "action.refuse-five", "refuse to five the hand", code="refuse-five", label=True),
)

_DESCRIPTIONS: Final = (
    entry(
        _P + "describe.play",
        "play a card to the trick; the best trump wins it, or else the best card of the suit led",
    ),
    entry(
        _P + "describe.rob",
        "rob: discard a card of your hand face down and take the turned-up card in its place",
    ),
    entry(
        _P + "describe.decline-rob",
        "keep your hand and leave the turned-up card where it is",
    ),
    entry(_P + "describe.stop", "stop now and take the pool for your three tricks"),
    entry(
        _P + "describe.go-on",
        "go on for a jink: win all five tricks and every other player pays you the stake "
        "as well, but lose one and the hand is spoilt",
    ),
    entry(
        _P + "describe.ask-five",
        "ask the dealer to five the hand: if he agrees, the turn-up and any cards of its "
        "suit after it are set aside, and the next card of another suit turns up as trumps",
    ),
    entry(_P + "describe.decline-five", "keep the turn-up: its suit stays trumps"),
    entry(
        _P + "describe.accept-five",
        "five the hand: set the turn-up aside with any cards of its suit after it, and turn "
        "up the next card of another suit as trumps",
    ),
    entry(_P + "describe.refuse-five", "refuse to five the hand: the turn-up stays trumps"),
)

_REFUSALS: Final = (
    entry(
        _P + "refusal.must-follow",
        "{suit} are not trumps and you hold {led:a}; follow suit or trump",
    ),
    entry(_P + "refusal.must-follow-suit", "{what} and you hold {led:a}; follow suit"),
    entry(
        _P + "refusal.must-follow-trump",
        "trumps were led ({led_card}) and you hold {card}, which may not renege against it; "
        "play a trump",
    ),
    entry(_P + "card.ace-of-hearts-trump", "{card} is a trump, not a heart"),
    entry(_P + "card.ace-of-hearts-not-trump", "{card} is not a trump"),
    entry(_P + "card.trump", "{card} is a trump"),
    entry(_P + "card.not-led-suit", "{card} is not of the suit led"),
    entry(_P + "refusal.robbing-off", "robbing is not played in this game"),
    entry(
        _P + "refusal.turned-ace-dealer-only",
        "only the dealer robs a turned-up ace, before the lead",
    ),
    entry(_P + "refusal.dealer-must-rob", "the dealer must first discard to rob the turned-up ace"),
    entry(_P + "refusal.holder-must-rob", "you hold the ace of trumps: rob the turn-up first"),
    entry(_P + "refusal.rob-compulsory", "robbing is compulsory here; discard a card to rob"),
    entry(
        _P + "refusal.pass-rob-by-playing",
        "to let the rob pass, simply play a card without robbing",
    ),
    entry(_P + "refusal.no-rob-to-decline", "there is no rob for you to decline now"),
    entry(_P + "refusal.turn-up-taken", "the turn-up has already been taken"),
    entry(
        _P + "refusal.rob-first-turn-only",
        "a rob is made only at one's first turn in the first trick",
    ),
    entry(_P + "refusal.cannot-rob-now", "you cannot rob now"),
    entry(
        _P + "refusal.not-ace-holder",
        "you do not hold the ace of trumps ({ace}); only its holder may rob",
    ),
    entry(_P + "refusal.ask-five-first", "first ask the dealer to five the hand or decline"),
    entry(
        _P + "refusal.dealer-answers-five",
        "the dealer must first accept or refuse to five the hand",
    ),
    entry(_P + "refusal.fiving-off", "fiving is not played in this game"),
    entry(_P + "refusal.dealer-must-answer", "the dealer must now accept or refuse"),
    entry(_P + "refusal.nobody-asked-five", "nobody has asked the dealer to five yet"),
    entry(
        _P + "refusal.fiving-time",
        "fiving is only asked and answered after the deal, before any play",
    ),
    entry(
        _P + "refusal.choose-stop-or-go-on",
        "you won the first three tricks: first choose to stop or to go on",
        code="you won the first three tricks: first choose stop or go-on",
    ),
    entry(
        _P + "refusal.no-jink",
        "only a player who has just won the first three tricks may stop or go on, "
        "and only when jinking is played",
    ),
    entry(
        _P + "refusal.turn.fiving-ask",
        "it is {to_act}'s turn to ask the dealer to five the hand or decline, not yours",
    ),
    entry(
        _P + "refusal.turn.fiving-answer",
        "it is {to_act}'s turn to accept or refuse to five the hand, not yours",
    ),
    entry(
        _P + "refusal.turn.dealer-rob", "it is {to_act}'s turn to rob the turned-up ace, not yours"
    ),
    entry(_P + "refusal.turn.rob", "it is {to_act}'s turn to rob the turn-up, not yours"),
    entry(_P + "refusal.turn.play", "it is {to_act}'s turn to play, not yours"),
    entry(
        _P + "refusal.turn.jink",
        "it is {to_act}'s turn to choose to stop or to go on, not yours",
        code="it is {to_act}'s turn to choose stop or go-on, not yours",
    ),
)

_TRICKS: Final = (
    entry(
        _P + "trick.trump-above",
        "{card} wins: {trump} are trumps and {card} is the {place} trump, above {beaten:list}",
    ),
    entry(
        _P + "trick.ace-of-hearts-above",
        "{card} wins: {trump} are trumps and {card} is always a trump, the {place}, "
        "above {beaten:list}",
    ),
    entry(
        _P + "trick.only-trump",
        "{card} wins: {trump} are trumps and {card} is the only trump played",
    ),
    entry(
        _P + "trick.ace-of-hearts-only-trump",
        "{card} wins: {trump} are trumps and {card}, always a trump, is the only trump played",
    ),
    entry(
        _P + "trick.plain-above",
        "{card} wins: no trump was played, {led} were led and {card} is the {place} "
        "{led:one}, above {beaten:list}",
    ),
    entry(
        _P + "trick.only-of-suit",
        "{card} wins: no trump was played, {led} were led and {card} is the only {led:one} played",
    ),
)


def _won(key: str, text: str, you: str) -> tuple[Entry, Entry]:
    """A settlement sentence said of one winner, and of a side of partners (SF-25)."""
    return (
        entry(_P + "settlement." + key, "{winner} " + text, you={"winner": you}, sentence=True),
        entry(
            _P + "settlement.side-" + key,
            "the side of {winners} " + text,
            you={"winners": "your side " + text},
            sentence=True,
        ),
    )


_SETTLEMENT: Final = (
    *_won(
        "jink",
        "won all five tricks after going on: a jink, paid the pool and {stake:counters} "
        "from every other player",
        "you won all five tricks after going on: a jink, paid the pool and "
        "{stake:counters} from every other player",
    ),
    *_won(
        "stopped",
        "won the first three tricks and stopped",
        "you won the first three tricks and stopped",
    ),
    *_won(
        "won-hand",
        "won {won} tricks and with them the hand",
        "you won {won} tricks and with them the hand",
    ),
    *_won("won-game", "won the game", "you won the game"),
    entry(
        _P + "settlement.takes-pool",
        "{winner} takes the pool: {count:counters}",
        you={"winner": "you take the pool: {count:counters}"},
        sentence=True,
    ),
    entry(_P + "settlement.partners-share", "the partners share the pool: {shares}", sentence=True),
    entry(_P + "settlement.stays-in-pool", "{carried:counters-stay} in the pool", sentence=True),
    entry(
        _P + "settlement.jink-failed",
        "the side that went on for a jink lost a trick: the hand is spoilt",
        sentence=True,
    ),
    entry(
        _P + "settlement.carried",
        "the pool of {carried:counters} is carried to the next deal",
        sentence=True,
    ),
    entry(
        _P + "settlement.barred",
        "a barred side took the winning tricks; it cannot win, so the hand is spoilt",
        sentence=True,
    ),
    entry(
        _P + "settlement.barred-named",
        "a barred side ({barred} barred) took the winning tricks; it cannot win, so the "
        "hand is spoilt",
        sentence=True,
    ),
    entry(
        _P + "settlement.unreachable",
        "no side can reach {need} tricks any more: the hand is spoilt",
        sentence=True,
    ),
    entry(_P + "settlement.spoilt", "nobody won {need} tricks: the hand is spoilt", sentence=True),
    entry(_P + "settlement.scores", "scores: {scores}", sentence=True),
    entry(
        _P + "settlement.receives",
        "{seat} receives {count:counters}",
        you={"seat": "you receive {count:counters}"},
        sentence=True,
    ),
    entry(_P + "settlement.scored", "the hand is scored, 5 points a trick", sentence=True),
)


def _told(key: str, text: str, you: str, *, label: bool = True) -> Entry:
    """A narration line about ``{seat}``, with its second person for the reader."""
    return entry(_P + "narration." + key, text, you={"seat": you}, label=label)


_NARRATION: Final = (
    entry(_P + "narration.turn-up", "turn-up {card}: {trump} are trumps", sentence=True),
    entry(_P + "narration.new-turn-up", "new turn-up {card}: {trump} are trumps", sentence=True),
    entry(_P + "narration.trump-order", "trumps, best first: {order}", label=True),
    entry(_P + "order.plain", "{suit}, best first: {order}", label=True),
    _told("plays", "{seat} plays {card}", "you play {card}"),
    _told(
        "dealer-robs",
        "{seat} (dealer) robs the turned-up {turn_up}: discards {discard}",
        "you (dealer) rob the turned-up {turn_up}: discard {discard}",
    ),
    entry(
        _P + "narration.dealer-robs-hidden",
        "{seat} (dealer) robs the turned-up {turn_up}: discards a card",
        label=True,
    ),
    _told(
        "robs",
        "{seat} robs: discards {discard}, takes the turn-up {turn_up}",
        "you rob: discard {discard}, take the turn-up {turn_up}",
    ),
    entry(
        _P + "narration.robs-hidden",
        "{seat} robs: discards a card, takes the turn-up {turn_up}",
        label=True,
    ),
    _told("declines-rob", "{seat} does not rob", "you do not rob"),
    _told("stops", "{seat} stops and takes the pool", "you stop and take the pool"),
    _told("goes-on", "{seat} goes on for a jink", "you go on for a jink"),
    entry(
        _P + "narration.trick",
        "trick {number}, led by {leader}: {cards} -> {winner} wins (tricks: {tricks})",
        you={"winner": "trick {number}, led by {leader}: {cards} -> you win (tricks: {tricks})"},
        label=True,
    ),
    entry(_P + "narration.scores", "scores: {scores} (target {target})", label=True),
)

ENTRIES: Final[tuple[Entry, ...]] = (
    *_NARRATION,
    *_ACTIONS,
    *_DESCRIPTIONS,
    *_REFUSALS,
    *_TRICKS,
    *_SETTLEMENT,
)
"""Every Spoil Five entry of the catalogue."""

"""What My Bird Sings says, in English: every message id of the game with its sentence (data).

The source of the game's part of the catalogues (see :mod:`cardrules.messages`);
:mod:`cardrules.my_bird_sings.wording` writes its actions as messages.
"""

from __future__ import annotations

from typing import Final

from cardrules.messages import Entry, entry

__all__ = ["ENTRIES"]

_P: Final = "my-bird-sings."

_ACTIONS: Final = (
    entry(_P + "action.pass", "pass {card}", label=True),
    entry(
        _P + "action.draw",
        "draw the card at position {index}",
        code="draw {index}",
        label=True,
    ),
    entry(
        _P + "action.exchange",
        "exchange {discard} with the stock",
        code="exchange {discard}",
        label=True,
    ),
    entry(
        _P + "action.decline-exchange",
        "keep your hand",
        code="decline-exchange",
        label=True,
    ),
    entry(_P + "action.abandon", "abandon the deal", code="abandon", label=True),
    entry(_P + "action.sing", "my bird sings! ({cards})", code="sing {cards}", label=True),
    entry(_P + "action.declare", "my bird sings!", code="sing", label=True),
    entry(_P + "action.decline-sing", "keep silent", code="decline-sing", label=True),
)

_DESCRIPTIONS: Final = (
    entry(
        _P + "describe.pass",
        "pass this card face down to your left-hand neighbour; your right-hand neighbour "
        "passes you one in turn",
    ),
    entry(
        _P + "describe.draw",
        "draw one card blind from the hand your right-hand neighbour offers face down",
    ),
    entry(
        _P + "describe.exchange",
        "discard this card and take the top card of the stock instead",
    ),
    entry(_P + "describe.decline-exchange", "keep your hand without exchanging with the stock"),
    entry(
        _P + "describe.abandon",
        "give the deal up: if everyone agrees, nobody wins and the pool is carried",
    ),
    entry(
        _P + "describe.sing",
        "show these cards and win the pool: your bird sings with a flush or, where "
        "allowed, with four cards of four different suits",
    ),
    entry(
        _P + "describe.declare",
        "declare that your bird sings: show a singing hand and win the pool",
    ),
    entry(
        _P + "describe.decline-sing",
        "keep silent for now: nobody learns whether your hand sings",
    ),
)

_REFUSALS: Final = (
    entry(_P + "refusal.not-an-action", "it is not a My Bird Sings action"),
    entry(
        _P + "refusal.draw-blind-no-throw",
        "in this game the left-hand neighbour draws a card blind; nobody throws one",
        code="with draw_blind passing the left neighbour draws a card; nobody throws one",
    ),
    entry(
        _P + "refusal.throw-no-draw",
        "in this game the player on turn chooses the card to pass; nobody draws blind",
        code="with throw passing the player on turn chooses the card",
    ),
    entry(_P + "refusal.exchange-declined", "this turn's chance to exchange was declined"),
    entry(
        _P + "refusal.must-pass",
        "{giver} must now pass a card to {receiver}",
        you={"giver": "you must now pass a card to {receiver}"},
    ),
    entry(
        _P + "refusal.draw-position",
        "{giver} offers {offered:cards}: choose a position from 0 to {last}",
        code="{giver} offers {offered} cards, at positions 0 to {last}",
    ),
    entry(
        _P + "refusal.must-draw",
        "{receiver} must now draw a card from the hand {giver} offers face down",
        you={"receiver": "you must now draw a card from the hand {giver} offers face down"},
    ),
    entry(_P + "refusal.not-all-held", "you do not hold all of these cards"),
    entry(_P + "refusal.wrong-size", "a bird sings with {size} cards, not {count}"),
    entry(_P + "refusal.not-flush", "these are not {size} cards of one suit"),
    entry(
        _P + "refusal.not-flush-nor-four-suits",
        "these are not {size} cards of one suit nor four cards of four different suits",
    ),
    entry(
        _P + "refusal.sing-automatic",
        "singing is automatic and compulsory in this game",
        code="singing is automatic and compulsory (auto_sing is on)",
    ),
    entry(
        _P + "refusal.must-lay-set",
        "{seat}'s hand sings; {seat} must first lay a singing set",
        you={"seat": "your hand sings; you must first lay a singing set"},
        code="{seat}'s holding sings; {seat} must first lay a singing set",
    ),
    entry(
        _P + "refusal.must-sing-or-silent",
        "{seat} must first sing or keep silent",
        you={"seat": "you must first sing or keep silent"},
    ),
    entry(
        _P + "refusal.sing-not-checked",
        "a bird sings only when its owner's hand is checked, after a card arrives, and no "
        "hand that sings is waiting to be shown now",
        code="a bird sings only when its owner's holding is checked, and no holding that "
        "sings is waiting for a decision",
    ),
    entry(
        _P + "refusal.nothing-to-decline",
        "there is nothing to decline: any other move here keeps silent",
        code="there is nothing to decline: any other action here keeps silent",
    ),
    entry(
        _P + "refusal.no-sing-waiting",
        "no hand that sings is waiting to be shown now",
        code="no holding that sings is waiting for a decision",
    ),
    entry(
        _P + "refusal.exchange-off",
        "exchanges with the stock are not played in this game",
        code="exchanges with the stock are not played (exchange_by is 'nobody')",
    ),
    entry(
        _P + "refusal.exchange-leader-only",
        "only the original leader, {leader}, may exchange with the stock",
    ),
    entry(
        _P + "refusal.exchange-too-early",
        "no exchange before turn {turn}, after {round:full-rounds}",
    ),
    entry(_P + "refusal.stock-empty", "the stock is empty"),
    entry(_P + "refusal.one-exchange", "only one exchange is allowed per turn"),
    entry(
        _P + "refusal.must-exchange-or-decline",
        "{seat} must first exchange a card with the stock or decline the exchange",
        you={"seat": "you must first exchange a card with the stock or decline the exchange"},
    ),
    entry(
        _P + "refusal.abandon-taken",
        "a deal may be abandoned only at the first decision of a round after the first; "
        "the first decision of this round has been taken (next chance: turn {turn})",
    ),
    entry(
        _P + "refusal.abandon-no-round",
        "a deal may be abandoned only at the first decision of a round after the first; "
        "no new round is beginning (next chance: turn {turn})",
    ),
    entry(_P + "refusal.no-offer", "no hand is being offered now"),
    entry(
        _P + "refusal.turn.pass",
        "it is {to_act}'s turn to pass a card, not yours",
    ),
    entry(
        _P + "refusal.turn.draw",
        "it is {to_act}'s turn to draw a card from {giver}'s hand, not yours",
        you={"giver": "it is {to_act}'s turn to draw a card from your hand, not yours"},
    ),
    entry(
        _P + "refusal.turn.exchange",
        "it is {to_act}'s turn to exchange with the stock or decline, not yours",
    ),
    entry(
        _P + "refusal.turn.sing",
        "it is {to_act}'s turn to sing or keep silent, not yours",
    ),
)

_WHY: Final = (
    entry(_P + "why.flush", "{size:word} {suit}"),
    entry(_P + "why.four-suits", "{size:word} cards of four different suits"),
    entry(
        _P + "trick.laid",
        "{cards} sang ({why}): {seat} laid them face down as a trick",
        you={"seat": "{cards} sang ({why}): you laid them face down as a trick"},
    ),
)

_SETTLEMENT: Final = (
    entry(
        _P + "settlement.sang",
        "{singer}'s bird sang with {shown}: {why}",
        you={"singer": "your bird sang with {shown}: {why}"},
        sentence=True,
    ),
    entry(
        _P + "settlement.takes-pool",
        "{winner} takes the pool: {count:counters}",
        you={"winner": "you take the pool: {count:counters}"},
        sentence=True,
    ),
    entry(
        _P + "settlement.round-limit",
        "the round limit of {limit:rounds} was reached: the deal ends",
        sentence=True,
    ),
    entry(
        _P + "settlement.abandoned",
        "the table agreed to abandon the deal as a new round began",
        sentence=True,
    ),
    entry(
        _P + "settlement.exhausted",
        "the stock could not give a singer a new hand: the deal ends",
        sentence=True,
    ),
    entry(
        _P + "settlement.void",
        "the deal is void: the pool of {carried:counters} is carried to the next deal",
        sentence=True,
    ),
    entry(_P + "settlement.tricks-laid", "tricks laid: {tricks}", sentence=True),
    entry(
        _P + "settlement.nobody-laid",
        "nobody laid a trick: the pool of {carried:counters} is carried to the next deal",
        sentence=True,
    ),
    entry(
        _P + "settlement.most-tricks",
        "{winner} laid the most tricks and takes the pool: {count:counters}",
        you={"winner": "you laid the most tricks and take the pool: {count:counters}"},
        sentence=True,
    ),
    entry(
        _P + "settlement.tie",
        "{winners} tie for the most tricks and share the pool: {shares}",
        you={"winners": "{winners} tie for the most tricks and share the pool: {shares}"},
        sentence=True,
    ),
    entry(
        _P + "settlement.stays-in-pool",
        "{carried:counters-stay} in the pool for the next deal",
        sentence=True,
    ),
)

_HINTS: Final = (
    entry(_P + "hint.sings", "your hand sings with {cards}: {why}"),
    entry(
        _P + "hint.flush",
        "{suit}: {need:cards} short of a flush; the next card you receive is a {suit:one} "
        "with a chance of {percent}%",
    ),
    entry(
        _P + "hint.four-suits",
        "four suits: you lack {missing}; the next card you receive is one of them with a "
        "chance of {percent}%",
    ),
)


def _told(key: str, text: str, you: dict[str, str]) -> Entry:
    """A narration line, with its second person for the reader."""
    return entry(_P + "narration." + key, text, you=you, label=True)


_NARRATION: Final = (
    _told(
        "passes",
        "{seat} passes {card} to {receiver}",
        {"seat": "you pass {card} to {receiver}", "receiver": "{seat} passes you {card}"},
    ),
    _told("passes-hidden", "{seat} passes a card to {receiver}", {}),
    _told(
        "draws",
        "{seat} draws a card blind from {giver}'s hand",
        {
            "seat": "you draw a card blind from {giver}'s hand",
            "giver": "{seat} draws a card blind from your hand",
        },
    ),
    _told(
        "draws-seen",
        "{seat} draws {card} blind from {giver}'s hand",
        {
            "seat": "you draw {card} blind from {giver}'s hand",
            "giver": "{seat} draws {card} blind from your hand",
        },
    ),
    _told(
        "exchanges",
        "{seat} exchanges {discard} with the stock and takes {taken}",
        {"seat": "you exchange {discard} with the stock and take {taken}"},
    ),
    _told("exchanges-hidden", "{seat} exchanges a card with the stock", {}),
    _told("sings", "{seat} sings: {cards}", {"seat": "you sing: {cards}"}),
    _told("sings-hidden", "{seat} sings", {}),
    _told(
        "lays",
        "{seat} lays down {count:tricks} (tricks: {tricks})",
        {"seat": "you lay down {count:tricks} (tricks: {tricks})"},
    ),
    _told("bird-sings", "{singer}: my bird sings! {cards}", {}),
    _told("bird-sings-short", "{singer}: my bird sings!", {}),
)

ENTRIES: Final[tuple[Entry, ...]] = (
    *_NARRATION,
    *_ACTIONS,
    *_DESCRIPTIONS,
    *_REFUSALS,
    *_WHY,
    *_SETTLEMENT,
    *_HINTS,
)
"""Every My Bird Sings entry of the catalogue."""

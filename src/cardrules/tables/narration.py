"""What a reader may be told of each step at a table, and the engine's explanations as text.

A *reader* is a seat (``0`` ...) or ``None`` for a spectator. :func:`narrate` tells one
:class:`~cardrules.tables.table.Step` as that reader may hear it: a robbed card, a passed
card or a silent sing is named only to those who saw it, exactly as their views show it
(the text is built from the step's action and the reader's view after the step, never
from another seat's cards). A step that completed a trick carries the engine's
explanation of who won it; a step that ended the deal, its settlement.

Every text a payload holds is a *text entry*, a JSON object::

    {"rules": ["SF-16"], "text": "Cannot play 7C: ..."}

``rules`` lists the rule ids the text rests on (``[]`` for a plain narration line) and
``text`` is the sentence for the reader, seat numbers replaced by the seats' names.

>>> from cardrules.tables.seats import SeatPlan
>>> from cardrules.tables.table import Key, act, create_table
>>> new = create_table("spoil-five", [SeatPlan.person("Ann"), SeatPlan.person("Bob")],
...                    name="T", now=0.0, seed=7)
>>> table, step = act(new.table, Key.for_seat(0, new.seat_credentials[0]), "play 9S",
...                   counter=0, now=1.0)
>>> narrate(table, step, reader=1)["text"]
{'rules': [], 'text': 'Ann plays 9S'}
>>> narrate(table, step, reader=0)["text"]
{'rules': [], 'text': 'You play 9S'}
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardrules import my_bird_sings, spoil_five
from cardrules.explanations import Refusal, SettlementExplanation, TrickExplanation
from cardrules.protocol import GameState, SeatView

if TYPE_CHECKING:
    from cardrules.tables.table import Step, Table

__all__ = [
    "TextEntry",
    "describe_action",
    "narrate",
    "public_view",
    "refusal_entry",
    "settlement_entry",
    "text_entry",
    "trick_entry",
]

TextEntry = dict[str, Any]
"""A text for a reader: ``{"rules": [rule ids], "text": sentence}`` (see the module)."""

_SEAT: Final = re.compile(r"\b([Ss])eat (\d+)('s)?")


def text_entry(text: str, rules: Sequence[str] = ()) -> TextEntry:
    """A text entry: the sentence and the rule ids it rests on.

    >>> text_entry("Trick 1 goes to Ann.", ["SF-17"])
    {'rules': ['SF-17'], 'text': 'Trick 1 goes to Ann.'}
    """
    return {"rules": list(rules), "text": text}


def named(text: str, reader: int | None, names: Sequence[str]) -> str:
    """The engine's sentence with names for its seat numbers ("Seat 2's" -> "Clara's").

    >>> named("Seat 0's bird sang; seat 2 takes the pool", 0, ["Ann", "Bob", "Clara"])
    'Your bird sang; Clara takes the pool'
    >>> named("seat 1 wins", None, ["Ann", "Bob"])
    'Bob wins'
    """

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(2))
        if not 0 <= seat < len(names):
            return match.group(0)
        if seat == reader:
            word = "your" if match.group(3) else "you"
            return word.capitalize() if match.group(1) == "S" else word
        return names[seat] + (match.group(3) or "")

    return _SEAT.sub(name, text)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def refusal_entry(refusal: Refusal) -> TextEntry:
    """Why an action is not open now, as a text entry (``action`` in notation added).

    >>> refusal_entry(Refusal("play 2H", "SF-16", "you hold a spade"))
    {'rules': ['SF-16'], 'text': 'Cannot play 2H: you hold a spade (SF-16)', 'action': 'play 2H'}
    """
    entry = text_entry(_sentence(str(refusal)), [refusal.rule])
    entry["action"] = refusal.action
    return entry


def trick_entry(trick: TrickExplanation, reader: int | None, names: Sequence[str]) -> TextEntry:
    """A completed trick: the plays, the winner, and why, as a text entry with details.

    Keys besides ``rules`` and ``text``: ``number`` (from 1), ``plays`` (``[{"seat",
    "card"}]`` in play order), ``winner`` (a seat) and ``card`` (the winning card).
    """
    who = "you" if trick.winner == reader else names[trick.winner]
    reason = named(trick.reason, reader, names)
    entry = text_entry(
        f"Trick {trick.number} goes to {who}. {reason} ({', '.join(trick.rules)})", trick.rules
    )
    entry.update(
        number=trick.number,
        plays=[{"seat": seat, "card": str(card)} for seat, card in trick.plays],
        winner=trick.winner,
        card=str(trick.card),
    )
    return entry


def settlement_entry(
    settlement: SettlementExplanation, reader: int | None, names: Sequence[str]
) -> TextEntry:
    """How the deal was settled: its lines joined, and each line apart in ``lines``."""
    lines = [named(line, reader, names) for line in settlement.lines]
    entry = text_entry(" ".join(lines), settlement.rules)
    entry["lines"] = lines
    return entry


def public_view(table: Table, state: GameState | None = None) -> SeatView:
    """A view whose public parts (tricks, settlement) any reader may be told: seat 0's.

    Only its explanations of completed tricks and settlements are used for a spectator;
    they are public (every seat's view gives the same).
    """
    return table.module.view(table.state if state is None else state, 0)


def reader_view(table: Table, state: GameState, reader: int | None) -> SeatView:
    """The view the reader has of ``state`` (seat 0's public parts for a spectator)."""
    return table.module.view(state, 0 if reader is None else reader)


# -- what an action looks like to a reader ---------------------------------------------------


def _verb(mine: bool, you: str, other: str) -> str:
    return you if mine else other


_SF_WORDS: Final = {
    "decline-rob": ("decline to rob", "declines to rob"),
    "stop": ("stop and take the pool", "stops and takes the pool"),
    "go-on": ("go on for a jink", "goes on for a jink"),
    "ask-five": ("ask the dealer to five", "asks the dealer to five"),
    "decline-five": ("do not ask to five", "does not ask to five"),
    "accept-five": ("five the hand", "fives the hand"),
    "refuse-five": ("refuse to five", "refuses to five"),
}

_MBS_WORDS: Final = {
    "decline-exchange": ("keep your hand", "keeps his hand"),
    "decline-sing": ("stay silent", "stays silent"),
    "abandon": ("abandon the deal", "abandons the deal"),
}


def _spoil_five(action: object, seat: int, reader: int | None) -> str:
    """Spoil Five: a rob's discard only for the robber (SF-10, C-6)."""
    mine = seat == reader
    if isinstance(action, spoil_five.Play):
        return f"{_verb(mine, 'play', 'plays')} {action.card}"
    if isinstance(action, spoil_five.Rob):
        if mine:
            return f"rob, laying {action.discard} face down"
        return "robs, laying a card face down"
    text = spoil_five.format_action(action)  # type: ignore[arg-type]
    you, other = _SF_WORDS.get(text, (text, text))
    return _verb(mine, you, other)


def _my_bird_sings(
    action: object, seat: int, reader: int | None, names: Sequence[str], view: Any
) -> str:
    """My Bird Sings: each card named only to those who saw it.

    A passed card only for its two owners; a drawn or exchanged card only for the drawer;
    a sing's cards only to the singer, or to all once shown (MBS-15).
    """
    n = len(names)
    mine = seat == reader
    to = "you" if (seat + 1) % n == reader else names[(seat + 1) % n]
    if isinstance(action, my_bird_sings.Pass):
        if mine:
            return f"pass {action.card} to {to}"
        if (seat + 1) % n == reader:
            return f"passes you {action.card}"
        return f"passes a card to {to}"
    if isinstance(action, my_bird_sings.Draw):
        giver = (seat - 1) % n
        whose = "your" if giver == reader else f"{names[giver]}'s"
        if mine and view.received:
            return f"draw {view.received[-1]} from {whose} hand"
        return f"{_verb(mine, 'draw', 'draws')} a card from {whose} hand"
    if isinstance(action, my_bird_sings.Exchange):
        if mine and view.exchanges:
            last = view.exchanges[-1]
            rejected = f", rejecting {' '.join(map(str, last.rejects))}" if last.rejects else ""
            return f"exchange {action.discard} with the stock and draw {last.taken}{rejected}"
        return "exchanges a card with the stock"
    if isinstance(action, my_bird_sings.Sing):
        cards = " ".join(str(c) for c in action.cards)
        outcome = view.outcome
        shown = (
            outcome is not None
            and outcome.singer == seat
            and set(outcome.shown) == set(action.cards)
        )
        if mine or shown:
            return f"{_verb(mine, 'sing', 'sings')}: {cards}"
        return "sings and lays a trick face down"
    text = my_bird_sings.format_action(action)  # type: ignore[arg-type]
    you, other = _MBS_WORDS.get(text, (text, text))
    return _verb(mine, you, other)


def describe_action(
    table: Table, action: object, seat: int, reader: int | None, view: SeatView
) -> str:
    """What ``reader`` may be told of ``seat`` taking ``action``, as a sentence.

    ``view`` is the reader's view just after the action (for a spectator, any seat's:
    only its public parts are read). No hidden card is named to a reader who did not see
    it.
    """
    names = table.names
    who = "You" if seat == reader else names[seat]
    if table.game == spoil_five.NAME:
        return f"{who} {_spoil_five(action, seat, reader)}"
    return f"{who} {_my_bird_sings(action, seat, reader, names, view)}"


def _deal_line(table: Table, step: Step, reader: int | None) -> str:
    dealer = step.after.dealer
    who = "you deal" if dealer == reader else f"{table.names[dealer]} deals"
    if step.counter == table.game_start:
        return f"Game {table.game_number} begins: {who}"
    return f"A new deal: {who}"


def narrate(table: Table, step: Step, *, reader: int | None) -> dict[str, Any]:
    """One step as ``reader`` (a seat, or ``None`` for a spectator) may be told it.

    Keys: ``counter`` (the table's counter after the step), ``kind`` (``"action"``,
    ``"deal"`` or ``"game"``), ``seat`` (who acted, or ``null``), ``action`` (the action
    in notation when the reader took it, else ``null``: others learn only what ``text``
    says), ``text`` (a text entry), ``trick`` (a :func:`trick_entry` when the step
    completed a trick, else ``null``), ``settlement`` (a :func:`settlement_entry` when
    the step ended the deal, else ``null``).
    """
    view = reader_view(table, step.after, reader)
    names = table.names
    entry: dict[str, Any] = {
        "counter": step.counter,
        "kind": step.kind.value,
        "seat": step.seat,
        "action": None,
        "trick": None,
        "settlement": None,
    }
    if step.seat is None or step.before is None:
        entry["text"] = text_entry(_deal_line(table, step, reader))
        return entry
    module: Any = table.module
    if step.seat == reader:
        entry["action"] = module.format_action(step.action)
    entry["text"] = text_entry(describe_action(table, step.action, step.seat, reader, view))
    tricks = module.explain_tricks(view)
    before = module.explain_tricks(reader_view(table, step.before, reader))
    if len(tricks) > len(before):
        entry["trick"] = trick_entry(tricks[-1], reader, names)
    if module.is_deal_over(step.after) and not module.is_deal_over(step.before):
        settlement = module.explain_settlement(view)
        if settlement is not None:
            entry["settlement"] = settlement_entry(settlement, reader, names)
    return entry

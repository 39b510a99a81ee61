"""What a reader may be told of each step at a table, and the engine's explanations as text.

A *reader* (:class:`Reader`) is a seat, or ``None`` for a spectator, with the seats'
names, a language and a way of writing suits. :func:`narrate` tells one
:class:`~cardrules.tables.table.Step` as that reader may hear it: a robbed card, a passed
card or a silent sing is named only to those who saw it, exactly as their views show it
(the message is built from the step's action and the reader's views on either side of
it, never from another seat's cards), in the words of the message catalogue
(``spoil-five.narration.*``, ``my-bird-sings.narration.*``). A step that completed a
trick carries the engine's explanation of who won it; a step that ended the deal, its
settlement.

Every text a payload holds is a *text entry*, a JSON object: a
:class:`cardrules.messages.Message` as :func:`cardrules.messages.message_to_json` writes
it, with the sentence :func:`cardrules.messages.render` writes for the reader::

    {"id": "spoil-five.narration.plays", "params": {"card": "7C", "seat": 1},
     "rules": [], "text": "Bob plays 7♣"}

``rules`` lists the rule ids the text rests on (never part of ``text``); ``text`` names
the reader "you" and the other seats by name, in the reader's language. A front-end may
show ``text`` as it is, or render ``id`` and ``params`` itself.

>>> from cardrules.tables.seats import SeatPlan
>>> from cardrules.tables.table import Key, act, create_table
>>> new = create_table("spoil-five", [SeatPlan.person("Ann"), SeatPlan.person("Bob")],
...                    name="T", now=0.0, seed=7)
>>> lead = new.table.module.legal_actions(new.table.state)[0]
>>> table, step = act(new.table, Key.for_seat(0, new.seat_credentials[0]), lead,
...                   counter=0, now=1.0)
>>> narrate(table, step, reader=Reader.of(table, 1))["text"]["text"]
'Ann plays ...'
>>> narrate(table, step, reader=Reader.of(table, 0, suits="letters"))["text"]["text"]
'You play ...'
>>> narrate(table, step, reader=Reader.of(table, 0))["text"]["id"]
'spoil-five.narration.plays'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from cardrules import spoil_five
from cardrules.errors import OptionsError
from cardrules.explanations import (
    Refusal,
    SettlementExplanation,
    TrickExplanation,
)
from cardrules.messages import (
    LANGUAGES,
    SUIT_STYLES,
    Message,
    message,
    message_to_json,
    render,
)
from cardrules.my_bird_sings import wording as my_bird_sings_wording
from cardrules.protocol import GameState, SeatView
from cardrules.spoil_five import wording as spoil_five_wording

if TYPE_CHECKING:
    from cardrules._narration import Narrator
    from cardrules.tables.memo import TableMemo
    from cardrules.tables.table import Step, Table

__all__ = [
    "Explained",
    "Reader",
    "TextEntry",
    "action_entry",
    "describe_action",
    "explain",
    "explainer",
    "narrate",
    "refusal_entry",
    "settlement_entry",
    "trick_entry",
]

TextEntry = dict[str, Any]
"""A text for a reader: ``{"id", "params", "rules", "text"}`` (see the module)."""

Explained = tuple[tuple[TrickExplanation, ...], SettlementExplanation | None]
"""What :func:`explain` returns: the tricks explained, and the settlement or ``None``."""


@attrs.frozen(slots=True, cache_hash=True)
class Reader:
    """Who a text is written for: a seat (``None``: a spectator), names, language, suits.

    Attributes:
        seat: the reader's seat, addressed as "you"; ``None`` for a spectator.
        names: every seat's name, by seat.
        language: one of :data:`cardrules.messages.LANGUAGES`.
        suits: ``"symbols"`` (``10♣``) or ``"letters"`` (``10C``).
    """

    seat: int | None
    names: tuple[str, ...]
    language: str = "en"
    suits: str = "symbols"
    memo: TableMemo | None = attrs.field(default=None, eq=False, repr=False)
    """Where the texts rendered for this reader are kept (:meth:`of` gives the table's)."""

    def __attrs_post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise OptionsError(
                f"language must be one of {', '.join(LANGUAGES)}, not {self.language!r:.20}"
            )
        if self.suits not in SUIT_STYLES:
            raise OptionsError(
                f"suits must be one of {', '.join(SUIT_STYLES)}, not {self.suits!r:.20}"
            )

    @classmethod
    def of(
        cls, table: Table, seat: int | None, *, language: str | None = None, suits: str = "symbols"
    ) -> Reader:
        """The reader at ``seat`` of ``table``, in the seat's language unless ``language``.

        A spectator reads English unless ``language`` says otherwise.
        """
        if language is None:
            language = "en" if seat is None else table.seats[seat].language
        return cls(seat, table.names, language, suits, table.memo)

    def entry(self, said: Message) -> TextEntry:
        """The text entry of ``said`` for this reader (a new dict at every call).

        A reader of a table (:meth:`of`) renders each message once and keeps it with the
        table (its :class:`~cardrules.tables.memo.TableMemo`): a table's payloads say
        the same things again and again (the tricks of the deal, the labels of a hand's
        cards). Each call still returns a dict of its own; the values in it (``params``,
        ``rules``) may be shared with other entries: read them, do not change them.
        """
        if self.memo is None:
            return self._rendered(said)
        return self.memo.shared((said, self), lambda: self._rendered(said))

    def _rendered(self, said: Message) -> TextEntry:
        text = render(
            said, reader=self.seat, names=self.names, language=self.language, suits=self.suits,
            texts=None if self.memo is None else self.memo.parts(self),
        )  # fmt: skip
        return {**message_to_json(said), "text": text}


def refusal_entry(refusal: Refusal, reader: Reader) -> TextEntry:
    """Why an action is not open now, as a text entry, with ``action`` in notation.

    >>> from cardrules import spoil_five
    >>> state = spoil_five.new_game(spoil_five.Options(players=2), seed=7, dealer=1)
    >>> view = spoil_five.view(state, 1)  # seat 0 is to play, not seat 1
    >>> card = view.hand[0]
    >>> refused = refusal_entry(spoil_five.explain_action(view, f"play {card}"),
    ...                         Reader(1, ("Ann", "Bob")))
    >>> refused["rules"], refused["action"] == f"play {card}"
    (['SF-14'], True)
    >>> refused["text"]
    "You cannot play ...: it is Ann's turn to play, not yours."
    """
    entry = reader.entry(refusal.message)
    entry["action"] = refusal.action
    return entry


def trick_entry(trick: TrickExplanation, reader: Reader) -> TextEntry:
    """A completed trick: why it was won, as a text entry, with the plays.

    Keys besides those of a text entry: ``number`` (from 1), ``plays`` (``[{"seat",
    "card"}]`` in play order, cards in notation), ``winner`` (a seat) and ``card`` (the
    winning card).
    """
    entry = reader.entry(trick.message)
    entry.update(
        number=trick.number,
        plays=[{"seat": seat, "card": str(card)} for seat, card in trick.plays],
        winner=trick.winner,
        card=str(trick.card),
    )
    return entry


def settlement_entry(settlement: SettlementExplanation, reader: Reader) -> dict[str, Any]:
    """How the deal was settled: ``{"rules": [...], "lines": [text entries]}``."""
    return {
        "rules": list(settlement.rules),
        "lines": [reader.entry(line) for line in settlement.messages],
    }


def view_explainer(table: Table, state: GameState, seat: int) -> Any:
    """The game's ``Explainer`` of ``seat``'s view of ``state`` (``Explainer.for_seat``).

    Each state's view of a seat is built and explained once for the table and kept a
    while in its memo (views and what is explained of them are immutable).
    """
    module: Any = table.module
    return table.memo.get("explainer", state, seat, lambda: module.Explainer.for_seat(state, seat))


def reader_view(table: Table, state: GameState, reader: int | None) -> SeatView:
    """The view the reader has of ``state`` (seat 0's for a spectator).

    For a spectator only the parts every seat shares are read from it (see :func:`explain`).
    """
    view: SeatView = view_explainer(table, state, 0 if reader is None else reader).view
    return view


def explain(table: Table, state: GameState, reader: int | None) -> Explained:
    """The engine's explanations of the deal's tricks and settlement, for ``reader``.

    A seat is given those of its own view. A spectator is given only what every seat's
    view explains alike: a trick laid face down (My Bird Sings, MBS-15) is explained to
    its owner alone, so no spectator hears of it. Each state's explanations for a reader
    are worked out once and kept a while in the table's memo, and each completed trick
    of a deal is explained once for a seat (a deal's tricks never change).
    """
    return table.memo.get("explained", state, reader, lambda: _explain(table, state, reader))


def _seat_explained(table: Table, state: GameState, seat: int, settled: bool) -> Explained:
    explainer = view_explainer(table, state, seat)
    deal = (table.game_number, explainer.view.deal_number)
    tricks = table.memo.tricks(seat, deal, explainer.tricks)
    return tricks, explainer.settlement() if settled else None


def _explain(table: Table, state: GameState, reader: int | None) -> Explained:
    module: Any = table.module
    # a settlement is explained once the deal is over, and is None until then
    settled = bool(module.is_deal_over(state))
    if reader is not None:
        return _seat_explained(table, state, reader, settled)
    explained = [_seat_explained(table, state, seat, settled) for seat in range(table.players)]
    tricks = [found for found, _ in explained]
    common = tuple(trick for trick in tricks[0] if all(trick in other for other in tricks[1:]))
    settlements = [settlement for _, settlement in explained]
    settlement = settlements[0] if all(s == settlements[0] for s in settlements) else None
    return common, settlement


def narrator(table: Table) -> type[Narrator]:
    """The game's narrator class (the command line's), looked up once for the table."""
    return table.memo.loaded("narrator", table.entry.load_narrator)


# -- what an action looks like to a reader ---------------------------------------------------


def describe_action(
    table: Table, action: object, seat: int, reader: Reader, views: tuple[Any, Any]
) -> Message:
    """What ``reader`` may be told of ``seat`` taking ``action``, as a message.

    ``views`` are the reader's views just before and just after the action (for a
    spectator, any seat's: only their public parts are read). No hidden card is named to
    a reader who did not see it. The game's narrator tells it (its ``action_said``, the
    same sentences as the command line's narration).
    """
    return narrator(table).action_said(table.module, action, seat, reader.seat, *views)


def _deal_line(table: Table, step: Step) -> Message:
    state = step.after
    return message(
        "narration.deal",
        deal=table.deal_number,
        players=table.players,
        dealer=state.dealer,
        count=state.pool,
    )


def _action_message(action: object) -> Message:
    if isinstance(action, spoil_five.ACTION_TYPES):
        return spoil_five_wording.action_message(action)
    return my_bird_sings_wording.action_message(action)


def action_entry(action: object, reader: Reader) -> TextEntry:
    """An action in words, as a text entry (a button's label).

    >>> from cardrules import spoil_five
    >>> action_entry(spoil_five.parse_action("play 10c"), Reader(0, ("Ann", "Bob")))["text"]
    'Play 10♣'
    """
    return reader.entry(_action_message(action))


def explainer(table: Table, reader: int | None) -> Callable[[GameState], Explained]:
    """:func:`explain` for one reader: the explanations of any state of the table.

    A payload explains the current state and both sides of every step it narrates; one
    step's state after is the next one's before. :func:`explain` keeps what it worked
    out, so each state is explained once for a reader, across payloads too.
    """
    return functools.partial(explain, table, reader=reader)


def narrate(
    table: Table,
    step: Step,
    *,
    reader: Reader,
    explained: Callable[[GameState], Explained] | None = None,
) -> dict[str, Any]:
    """One step as ``reader`` may be told it.

    ``explained`` gives the explanations of a state for this reader (an
    :func:`explainer`, shared by the steps of one payload); by default they are worked
    out afresh.

    Keys: ``counter`` (the table's counter after the step), ``kind`` (``"action"``,
    ``"deal"`` or ``"game"``), ``seat`` (who acted, or ``null``), ``action`` (the action
    in notation when the reader took it, else ``null``: others learn only what ``text``
    says), ``text`` (a text entry), ``trick`` (a :func:`trick_entry` when the step
    completed a trick, else ``null``), ``settlement`` (a :func:`settlement_entry` when
    the step ended the deal, else ``null``).
    """
    view = reader_view(table, step.after, reader.seat)
    entry: dict[str, Any] = {
        "counter": step.counter,
        "kind": step.kind.value,
        "seat": step.seat,
        "action": None,
        "trick": None,
        "settlement": None,
    }
    if step.seat is None or step.before is None:
        entry["text"] = reader.entry(_deal_line(table, step))
        return entry
    module: Any = table.module
    if step.seat == reader.seat:
        entry["action"] = module.format_action(step.action)
    views = (reader_view(table, step.before, reader.seat), view)
    entry["text"] = reader.entry(describe_action(table, step.action, step.seat, reader, views))
    if explained is None:
        explained = explainer(table, reader.seat)
    tricks, settlement = explained(step.after)
    before, _ = explained(step.before)
    if len(tricks) > len(before):
        entry["trick"] = trick_entry(tricks[-1], reader)
    ended = module.is_deal_over(step.after) and not module.is_deal_over(step.before)
    if ended and settlement is not None:
        entry["settlement"] = settlement_entry(settlement, reader)
    return entry

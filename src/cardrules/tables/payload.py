"""What each seat, and a spectator, is sent: JSON-ready dicts built from views alone.

:func:`seat_payload` builds a seat's payload from ``view(state, seat)`` and the engine's
explanations of that view, nothing else; :func:`spectator_payload` from what *every* seat
may know (:func:`public_view_json`). A payload is a plain ``dict`` of JSON values
(``json.dumps`` takes it as it is). Who is connected is the server's to add.

Keys of a payload (both kinds; a spectator's has the same keys with the seat's own parts
empty):

``version``
    :data:`PAYLOAD_VERSION`, raised whenever a key changes meaning or goes away.
``reader``
    the seat this payload is for, or ``null`` for a spectator.
``language``
    the language of the payload's texts (one of :data:`cardrules.messages.LANGUAGES`).
``table``
    ``{"id", "name", "game", "title", "preset", "players", "options"}``: the table's id
    and name, the game's registry name and title, the preset (or ``null``), the number
    of seats and the options as JSON (:func:`cardrules.records.to_json`).
``counter``
    the table's decision counter: send it back with the next request.
``game_number``, ``deal_number``
    the current game at the table (a rematch adds one) and deal in it, from 1.
``seats``
    one ``{"seat", "kind", "name", "bot"}`` per seat: ``kind`` is ``"person"``,
    ``"bot"`` or ``"empty"``; ``bot`` the bot's name (``"heuristic"``) or ``null``.
``to_act``, ``dealer``
    the seat whose decision is pending (``null`` when the deal is over), the dealer.
``your_turn``
    whether ``to_act`` is the reader.
``deal_over``, ``game_over``
    whether a next deal (or, once the game is over, only a rematch) may be asked for.
``view``
    the reader's view as :func:`cardrules.records.to_json` writes it (the keys of the
    game's ``View``); for a spectator, every key whose value all seats' views share,
    lists cut to the items every seat's list holds, other keys ``null``, and ``seat``,
    ``hand`` and ``legal_actions`` empty.
``hand``
    the reader's cards as a player holds them (notation, best first in Spoil Five).
``legal``
    one entry per legal action: ``{"action", "card", "cards", "index", "text",
    "description"}``: the action in notation (send it back to act), the one card it uses
    (or ``null``), every card it uses (notation), a blind draw's position (or ``null``), a
    text entry (its label, such as "Play 10♣") and a text entry saying in one sentence
    what taking it does (the game's ``wording.description``).
``unavailable``
    for each card of the hand the reader may not use now (by its notation), a text entry
    with ``action`` (the action refused, in notation): why not, in the engine's words,
    its ``rules`` the rule ids.
``order``
    Spoil Five: the order of the cards for the current trump, best first
    (:func:`cardrules.spoil_five.wording.card_orders`): ``{"trump", "rows"}``, the trump
    suit's letter and one row a suit, the trumps first, each ``{"suit", "trump", "label",
    "cards", "text"}``: the suit's letter, whether it is the trump suit, its name (a text
    entry with the rule ids), the cards in notation and the whole sentence as a text
    entry. ``null`` in My Bird Sings.
``hint``
    My Bird Sings: what the reader's hand lacks to sing, and the chance that the next
    card it receives brings it (:func:`cardrules.my_bird_sings.singing_hint`), text
    entries; empty for a spectator and in Spoil Five.
``tricks``
    every completed trick of the deal with why it was won (text entries with
    ``number``, ``plays``, ``winner`` and ``card``; see
    :func:`cardrules.tables.narration.trick_entry`).
``settlement``
    how the deal was settled, ``{"rules", "lines"}`` (the rule ids, and one text entry
    per line), or ``null`` before its end.
``narration``
    the steps after the counter ``since`` (the caller's), each as
    :func:`cardrules.tables.narration.narrate` tells it to the reader, oldest first:
    ``{"counter", "kind", "seat", "action", "text", "trick", "settlement"}``.
``since``, ``narration_complete``
    the counter the narration starts after, and whether it holds every step since then
    (``false`` when ``since`` lies before the current deal: the narration starts with it).

A *text entry* is ``{"id", "params", "rules", "text"}``: a
:class:`cardrules.messages.Message` as JSON, with the sentence rendered for the reader in
its language (see :mod:`cardrules.tables.narration`).

>>> from cardrules.tables.seats import SeatPlan
>>> from cardrules.tables.table import create_table
>>> new = create_table("my-bird-sings", [SeatPlan.person("Ann"), SeatPlan.robot(),
...                    SeatPlan.robot()], name="T", now=0.0, seed=1)
>>> mine, public = seat_payload(new.table, 0), spectator_payload(new.table)
>>> len(mine["hand"]), public["hand"], public["view"]["hand"], public["view"]["stock_count"]
(4, [], [], 40)
>>> sorted(mine) == sorted(public)
True
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from cardrules import _json, _text, my_bird_sings, records, spoil_five
from cardrules.cards import Card, Suit
from cardrules.messages import Message, word
from cardrules.my_bird_sings import wording as my_bird_sings_wording
from cardrules.spoil_five import wording as spoil_five_wording
from cardrules.tables.narration import (
    Reader,
    TextEntry,
    action_entry,
    explainer,
    narrate,
    narrator,
    reader_view,
    refusal_entry,
    settlement_entry,
    trick_entry,
    view_explainer,
)
from cardrules.tables.table import check_seat_number

if TYPE_CHECKING:
    from cardrules.protocol import SeatView
    from cardrules.tables.table import Table

__all__ = [
    "PAYLOAD_VERSION",
    "legal_entry",
    "public_view_json",
    "seat_payload",
    "spectator_payload",
]

PAYLOAD_VERSION: Final = 1
"""The version of the payload's keys (see the module)."""

_PRIVATE_KEYS: Final = frozenset({"seat", "hand", "legal_actions"})
"""Keys of a view that are the seat's own: empty in a spectator's payload."""


def legal_entry(table: Table, action: object, reader: Reader) -> dict[str, Any]:
    """A legal action for a payload: notation, cards, position, label (see the module).

    >>> from cardrules.tables.seats import SeatPlan
    >>> from cardrules.tables.table import create_table
    >>> table = create_table("spoil-five", [SeatPlan.person("A"), SeatPlan.person("B")],
    ...                      name="T", now=0.0, seed=7).table
    >>> entry = legal_entry(table, table.module.parse_action("play 10d"), Reader.of(table, 0))
    >>> entry["action"], entry["card"], entry["cards"], entry["index"], entry["text"]["text"]
    ('play 10D', '10D', ['10D'], None, 'Play 10♦')
    """
    notation = str(table.module.format_action(action))
    single = _single_card(action)
    cards = [str(card) for card in getattr(action, "cards", ())] or (
        [str(single)] if single is not None else []
    )
    index = getattr(action, "index", None)
    return {
        "action": notation,
        "card": None if single is None else str(single),
        "cards": cards,
        "index": index if isinstance(index, int) else None,
        "text": action_entry(action, reader),
        "description": reader.entry(_description(action)),
    }


def _description(action: object) -> Message:
    """What taking ``action`` does, in one sentence (the game's ``wording.description``)."""
    if isinstance(action, spoil_five.ACTION_TYPES):
        return spoil_five_wording.description(action)
    return my_bird_sings_wording.description(action)


def _order(view: Any, reader: Reader) -> dict[str, Any] | None:
    """The order of the cards for the view's trump, best first, or ``None`` without one.

    Spoil Five's :func:`~cardrules.spoil_five.wording.card_orders`: one row a suit, the
    trumps first (see the module). Only the trump suit and the ranking are read.
    """
    if not isinstance(view, spoil_five.View):
        return None
    trump, ranking = view.trump, view.options.ranking
    key = ("order", trump, ranking, reader.language, reader.suits)
    work = functools.partial(_order_json, trump, ranking, reader.language, reader.suits)
    return work() if reader.memo is None else reader.memo.shared(key, work)


def _order_json(trump: Suit, ranking: object, language: str, suits: str) -> dict[str, Any]:
    """:func:`_order` for a trump, ranking, language and suit style (kept by the table)."""
    reader = Reader(None, (), language, suits)  # the orders name no seat
    rows = []
    for said in spoil_five_wording.card_orders(trump, cast("str", ranking)):
        params = dict(said.params)
        suit = cast("Suit", params.get("suit", trump))
        name = word(f"suit.{suit.letter}.plural", language)
        rows.append(
            {
                "suit": suit.letter,
                "trump": suit is trump,
                "label": {"text": name[:1].upper() + name[1:], "rules": list(said.rules)},
                "cards": [str(card) for card in cast("tuple[Card, ...]", params["order"])],
                "text": reader.entry(said),
            }
        )
    return {"trump": trump.letter, "rows": rows}


def _hint(explainer: Any, reader: Reader) -> list[TextEntry]:
    """My Bird Sings: what the reader's hand lacks to sing, and the chance of the next card."""
    view = explainer.view
    if not isinstance(view, my_bird_sings.View) or not view.hand:
        return []
    return [reader.entry(said) for said in explainer.hint()]


def _single_card(action: object) -> object | None:
    """The one card ``action`` uses (``card``, else ``discard``), or ``None``.

    Checked with ``is not None``: the ace of spades is card 0, and falsy.
    """
    card = getattr(action, "card", None)
    return getattr(action, "discard", None) if card is None else card


def _unavailable(table: Table, explainer: Any, reader: Reader) -> dict[str, TextEntry]:
    """Why each card of the view's hand cannot be used now, in the engine's words.

    With a decision pending, ``explain_unavailable`` gives every card the seat may not
    use; otherwise each card is asked about with its ordinary action (``play 10C``,
    ``pass 10C``) through ``explain_action``. Both answers come from the engine.
    """
    view = explainer.view
    found = (
        {
            str(card): refusal_entry(refusal, reader)
            for card, refusal in explainer.unavailable().items()
        }
        if view.to_act == view.seat  # explain_unavailable is empty unless the seat decides
        else {}
    )
    verb = narrator(table).card_verb
    usable = {str(card) for a in view.legal_actions if (card := _single_card(a)) is not None}
    for card in view.hand:
        if verb is None or str(card) in found or str(card) in usable:
            continue
        refusal = explainer.action(f"{verb} {card}")
        if refusal is not None:
            found[str(card)] = refusal_entry(refusal, reader)
    return found


def _view_json(table: Table, view: SeatView) -> dict[str, Any]:
    """The view as :func:`cardrules.records.to_json` writes it, as JSON values (not text).

    Written by the game's :class:`cardrules._json.ValueWriter` (the same values as the
    converter's, without its generic dispatch); the options are the table's, written once.
    """
    writer = _json.value_writer(_json.json_game(type(view)))
    return writer.write_fields(view, options=_options_json(table))


def _options_json(table: Table) -> dict[str, Any]:
    """The options as :func:`cardrules.records.to_json` writes them, as JSON values.

    Worked out once per distinct options (a frozen, hashable value) and kept by the table.
    """
    options = cast("Hashable", table.options)
    return table.memo.shared(("options", options), lambda: json.loads(records.to_json(options)))


def _common_items(lists: Sequence[list[Any]]) -> list[Any]:
    """The items of the first list that every list holds (as many times as all hold them)."""
    keyed = [Counter(json.dumps(item, sort_keys=True) for item in items) for items in lists]
    shared = keyed[0]
    for other in keyed[1:]:
        shared &= other
    kept: list[Any] = []
    for item in lists[0]:
        key = json.dumps(item, sort_keys=True)
        if shared[key] > 0:
            shared[key] -= 1
            kept.append(item)
    return kept


def public_view_json(table: Table) -> dict[str, Any]:
    """The view every seat shares: what a spectator may be shown (see the module).

    Built from every seat's view: a key keeps its value where all views agree. Lists of
    the same events (the same seat and kind at each place, such as a rob whose discard
    only the robber's view names) keep each event with the fields all views agree on,
    the others ``null``; other lists keep the items every seat's list holds; any other
    disagreement gives ``null``. ``seat``, ``hand`` and ``legal_actions`` are empty.
    """
    return dict(table.memo.get("public", table.state, None, lambda: _public_view_json(table)))


def _public_view_json(table: Table) -> dict[str, Any]:
    state = table.state
    views = [_view_json(table, reader_view(table, state, seat)) for seat in range(table.players)]
    public: dict[str, Any] = {}
    for key, value in views[0].items():
        values = [view[key] for view in views]
        if key in _PRIVATE_KEYS:
            public[key] = None if key == "seat" else []
        elif all(other == value for other in values[1:]):
            public[key] = value
        elif _same_events(values):
            public[key] = [_shared_fields(items) for items in zip(*values, strict=True)]
        elif all(isinstance(other, list) for other in values):
            public[key] = _common_items(values)
        else:
            public[key] = None
    return public


def _same_events(values: Sequence[object]) -> bool:
    """Whether ``values`` are lists of the same events.

    That is: lists as long as each other, each place holding objects of one seat and one
    kind in every list.
    """
    if not all(isinstance(value, list) for value in values):
        return False
    lists = [value for value in values if isinstance(value, list)]
    if len({len(items) for items in lists}) != 1:
        return False
    for items in zip(*lists, strict=True):
        if not all(isinstance(item, dict) and "seat" in item and "kind" in item for item in items):
            return False
        if len({(item["seat"], item["kind"]) for item in items}) != 1:
            return False
    return True


def _shared_fields(items: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One event as every view shows it: each field where all agree, else ``null``."""
    return {
        key: value if all(item.get(key) == value for item in items[1:]) else None
        for key, value in items[0].items()
    }


def _header(table: Table, reader: Reader) -> dict[str, Any]:
    state = table.state
    return {
        "version": PAYLOAD_VERSION,
        "reader": reader.seat,
        "language": reader.language,
        "table": {
            "id": table.id,
            "name": table.name,
            "game": table.game,
            "title": table.entry.title,
            "preset": table.preset,
            "players": table.players,
            "options": _options_json(table),
        },
        "counter": table.counter,
        "game_number": table.game_number,
        "deal_number": table.deal_number,
        "seats": [{"seat": number, **seat.describe()} for number, seat in enumerate(table.seats)],
        "to_act": state.to_act,
        "dealer": state.dealer,
        "your_turn": reader.seat is not None and state.to_act == reader.seat,
        "deal_over": table.is_deal_over,
        "game_over": table.is_game_over,
    }


def _explained(table: Table, reader: Reader, since: int | None) -> dict[str, Any]:
    """The explanations of the deal so far and the narration since ``since``."""
    explained = explainer(table, reader.seat)
    tricks, settlement = explained(table.state)
    start = table.deal_start
    after = start - 1 if since is None else since
    return {
        "tricks": [trick_entry(trick, reader) for trick in tricks],
        "settlement": None if settlement is None else settlement_entry(settlement, reader),
        "narration": [
            narrate(table, step, reader=reader, explained=explained)
            for step in table.trail
            if step.counter > after
        ],
        "since": after,
        "narration_complete": after >= start - 1,
    }


def _check_since(since: object) -> int | None:
    if since is not None and type(since) is not int:
        raise TypeError(f"since must be a counter (an int) or None, not {since!r:.40}")
    return since


def seat_payload(
    table: Table,
    seat: int,
    *,
    since: int | None = None,
    language: str | None = None,
    suits: str = "symbols",
) -> dict[str, Any]:
    """What ``seat`` is sent: its view, its choices and the explanations (see the module).

    Args:
        table: the table.
        seat: the reader's seat.
        since: narrate the steps after this counter (default: the whole current deal;
            a front-end that keeps its narration passes the counter it last saw).
        language: the texts' language (default: the seat's, see
            :attr:`~cardrules.tables.seats.Seat.language`).
        suits: how texts write cards: ``"symbols"`` (``10♣``) or ``"letters"`` (``10C``).

    Raises:
        SeatError: for a seat the table does not have.
        OptionsError: for a language or suit style that is not offered.
    """
    seat = check_seat_number(table, seat)
    reader = Reader.of(table, seat, language=language, suits=suits)
    explained = view_explainer(table, table.state, seat)
    view: Any = explained.view
    payload = _header(table, reader)
    payload.update(
        view=_view_json(table, view),
        hand=[str(card) for card in _text.sort_hand(view, view.hand)],
        legal=[legal_entry(table, action, reader) for action in view.legal_actions],
        unavailable=_unavailable(table, explained, reader),
        order=_order(view, reader),
        hint=_hint(explained, reader),
        **_explained(table, reader, _check_since(since)),
    )
    return payload


def spectator_payload(
    table: Table, *, since: int | None = None, language: str = "en", suits: str = "symbols"
) -> dict[str, Any]:
    """What a spectator is sent: what every seat may know, no hand (see the module).

    The arguments are those of :func:`seat_payload`.
    """
    reader = Reader.of(table, None, language=language, suits=suits)
    payload = _header(table, reader)
    payload.update(
        view=public_view_json(table),
        hand=[],
        legal=[],
        unavailable={},
        order=_order(reader_view(table, table.state, 0), reader),  # trump and ranking: public
        hint=[],
        **_explained(table, reader, _check_since(since)),
    )
    return payload

"""Game records and JSON: save a game, load it back, replay it exactly.

A :class:`GameRecord` holds everything needed to reproduce a game: the game's name, its
options, the first dealer and, for every deal, the seed, the explicit pack order if one
was given, and every action in order. :func:`record` builds one from any state;
:func:`replay` turns it back into the very same sequence of states (equal with ``==``).

In JSON a record looks like this (cards and actions are always notation strings)::

    {"format": "cardrules-record", "version": 2, "game": "spoil-five",
     "options": {"players": 2, ...}, "dealer": 0,
     "deals": [{"seed": 7, "deck": null, "actions": ["play 10C", "play AH", ...]}],
     "metadata": {"north": "Ann"}}

:func:`to_json` and :func:`from_json` do the same for options and views, so a server can
send a seat its view and a client can read it back losslessly.

Everything that reads JSON treats it as hostile: oversized or truncated text, bytes that
are not UTF-8, ``NaN``, duplicate keys, deep nesting, unknown or missing fields, values of
the wrong type (``true`` is not an integer, ``"5"`` is not ``5``), cards that do not
exist, options that fail validation, integers of ``2**64`` or more in magnitude. All of
these raise :class:`~cardrules.errors.RecordError` naming the place, such as
``deals[0].actions[3]``. Actions that are well-formed but illegal are found by
:func:`replay` (or :func:`restore`), which names the action and quotes the rule.

JSON support needs the ``cattrs`` package (``pip install 'cardrules[json]'``); it is
imported the first time it is needed.

>>> from cardrules import spoil_five
>>> state = spoil_five.new_game(spoil_five.Options(players=2), seed=7)
>>> state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[0])
>>> rec = record(state, metadata={"seat 0": "Ann", "seat 1": "Bob"})
>>> rec.game, rec.dealer, len(rec.deals), len(rec.deals[0].actions)
('spoil-five', 0, 1, 1)
>>> loads(dumps(rec)) == rec
True
>>> list(replay(rec))[-1] == state
True
"""

from __future__ import annotations

import io
import os
import types
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Final, TypeVar, cast

import attrs

from cardrules import _json
from cardrules.cards import Card
from cardrules.dealing import legacy_seed, shuffled
from cardrules.errors import CardrulesError, IllegalActionError, RecordError, ViewError
from cardrules.protocol import GameOptions, GameState

__all__ = [
    "MAX_INPUT_SIZE",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "DealRecord",
    "GameRecord",
    "dump",
    "dumps",
    "from_json",
    "load",
    "loads",
    "parse_json",
    "record",
    "replay",
    "restore",
    "to_json",
]

T = TypeVar("T")

RECORD_FORMAT: Final = "cardrules-record"
"""The value of the ``format`` key that marks a JSON object as a cardrules game record."""

RECORD_VERSION: Final = 2
"""The record format version this library writes; it reads versions 1 and 2.

Version 2 changed how negative seeds deal (every integer is a seed of its own, see
:func:`cardrules.dealing.seed_key`); a version-1 record replays as it always did.
"""

_READ_VERSIONS: Final = (1, 2)

MAX_INPUT_SIZE: Final = _json.MAX_INPUT_SIZE
"""The largest JSON input :func:`loads`, :func:`load` and :func:`from_json` accept (32 MiB)."""

_MAX_METADATA_ITEMS: Final = 64
_MAX_METADATA_KEY: Final = 64
_MAX_METADATA_VALUE: Final = 1024


def _check_text(text: object, limit: int, what: str) -> str:
    if type(text) is not str:
        raise RecordError(f"{what}: expected a string, got {_json.describe(text)}")
    if len(text) > limit:
        raise RecordError(f"{what}: longer than {limit} characters")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(f"{what}: contains an unpaired surrogate") from None
    return text


def _freeze_metadata(value: object) -> Mapping[str, str]:
    """Check metadata (a str -> str mapping of bounded size) and return a read-only copy."""
    if isinstance(value, types.MappingProxyType) and all(
        type(key) is str and type(text) is str for key, text in value.items()
    ):
        items = dict(value)
    elif isinstance(value, dict):
        items = value
    else:
        raise RecordError(f"metadata: expected a mapping of strings, got {_json.describe(value)}")
    if len(items) > _MAX_METADATA_ITEMS:
        raise RecordError(f"metadata: more than {_MAX_METADATA_ITEMS} entries")
    frozen: dict[str, str] = {}
    for key, text in items.items():
        _check_text(key, _MAX_METADATA_KEY, "metadata key")
        if not key:
            raise RecordError("metadata key: must not be empty")
        frozen[key] = _check_text(text, _MAX_METADATA_VALUE, f"metadata[{key!r}]")
    return types.MappingProxyType(frozen)


def _check_seed(instance: object, attribute: object, seed: int) -> None:
    if type(seed) is not int or not -_json.MAX_INT < seed < _json.MAX_INT:
        raise RecordError(
            f"seed: expected an integer of magnitude below 2**64, got {_json.describe(seed)}"
        )


def _actions_tuple(items: Iterable[object]) -> tuple[object, ...]:
    return tuple(items)


def _deals_tuple(items: Iterable[DealRecord]) -> tuple[DealRecord, ...]:
    return tuple(items)


def _freeze_deck(deck: object) -> tuple[Card, ...] | None:
    if deck is None:
        return None
    if isinstance(deck, str | bytes) or not isinstance(deck, tuple | list):
        raise RecordError(f"deck: expected null or a list of cards, got {_json.describe(deck)}")
    cards = tuple(deck)
    if not all(isinstance(card, Card) for card in cards):
        raise RecordError("deck: every item must be a Card")
    if len(set(cards)) != len(cards):
        raise RecordError("deck: a card appears twice")
    return cards


@attrs.frozen(slots=True)
class DealRecord:
    """One deal of a record: where the cards came from and every action, in order.

    The dealer is not stored: it is the record's first dealer moved one seat to the left
    per deal (C-2).

    Attributes:
        seed: the deal's seed (any integer of magnitude below ``2**64``); it drives the
            shuffle unless ``deck`` is given, and any randomness inside the deal.
        deck: the explicit pack order, top card first, or ``None`` when shuffled.
        actions: the actions of the deal, objects of the record's game.

    >>> from cardrules import parse_cards, spoil_five
    >>> deal = DealRecord(seed=7, actions=(spoil_five.parse_action("play 10C"),))
    >>> deal.deck, [str(action) for action in deal.actions]
    (None, ['play 10C'])
    >>> DealRecord(seed=1, deck=parse_cards("AS AS"))
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: deck: a card appears twice

    Raises:
        RecordError: for a seed out of range or a deck with a repeated card.

    """

    seed: int = attrs.field(validator=_check_seed)
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_freeze_deck)
    actions: tuple[object, ...] = attrs.field(default=(), converter=_actions_tuple)


def _check_deals(instance: GameRecord, attribute: object, deals: tuple[DealRecord, ...]) -> None:
    if not deals:
        raise RecordError("deals: a record needs at least one deal")
    if not all(isinstance(deal, DealRecord) for deal in deals):
        raise RecordError("deals: every item must be a DealRecord")


@attrs.frozen(slots=True, kw_only=True)
class GameRecord:
    """How a game was played, enough to replay it exactly; see the module docs for JSON.

    Records compare equal when they describe the same game. ``metadata`` is free text
    for front-ends (player names, dates): at most 64 entries, keys of 1 to 64
    characters, values of up to 1024.

    Attributes:
        format: always :data:`RECORD_FORMAT` (``"cardrules-record"``).
        version: :data:`RECORD_VERSION` (``2``), or ``1`` for a record saved before
            seeds changed: its deals with negative seeds replay as they were dealt then.
        game: the game's ``NAME``: ``"spoil-five"`` or ``"my-bird-sings"``.
        options: the game's ``Options``.
        dealer: the dealer of the first deal.
        deals: every deal so far, the current one last.
        metadata: read-only mapping of strings to strings.

    >>> from cardrules import spoil_five
    >>> rec = GameRecord(game="spoil-five", options=spoil_five.Options(players=2), dealer=1,
    ...                  deals=(DealRecord(seed=3),), metadata={"table": "2"})
    >>> rec.format, rec.version, restore(rec).dealer
    ('cardrules-record', 2, 1)
    >>> GameRecord(game="spoil-five", options=spoil_five.Options(players=2), dealer=2,
    ...            deals=(DealRecord(seed=3),))
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: dealer: expected a seat from 0 to 1, got 2

    Raises:
        RecordError: for a wrong format or version, an unknown game, options or actions
            of another game, a dealer who is not a seat, no deals, or bad metadata.

    """

    format: str = attrs.field(default=RECORD_FORMAT)
    version: int = attrs.field(default=RECORD_VERSION)
    game: str
    options: GameOptions
    dealer: int
    deals: tuple[DealRecord, ...] = attrs.field(converter=_deals_tuple, validator=_check_deals)
    metadata: Mapping[str, str] = attrs.field(factory=dict, converter=_freeze_metadata, hash=False)

    def __attrs_post_init__(self) -> None:
        """Check the fields that depend on each other."""
        if self.format != RECORD_FORMAT:
            raise RecordError(
                f"format: expected {RECORD_FORMAT!r}, got {_json.describe(self.format)}"
            )
        if type(self.version) is not int or self.version not in _READ_VERSIONS:
            raise RecordError(
                "version: this library reads version 1 and 2 records, "
                f"not version {_json.describe(self.version)}"
            )
        module = _json.game_module(self.game)
        if type(self.options) is not module.Options:
            raise RecordError(f"options: expected {self.game} Options, got {self.options!r}")
        players = self.options.players
        if type(self.dealer) is not int or not 0 <= self.dealer < players:
            raise RecordError(
                f"dealer: expected a seat from 0 to {players - 1}, "
                f"got {_json.describe(self.dealer)}"
            )
        action_types = tuple(module.ACTION_TYPES)
        for number, deal in enumerate(self.deals):
            for index, action in enumerate(deal.actions):
                if not isinstance(action, action_types):
                    raise RecordError(
                        f"deals[{number}].actions[{index}]: not a {self.game} action: "
                        f"{action!r:.60}"
                    )


def _game_of(obj: object) -> str:
    name = _json.game_of_type(type(obj))
    if name is None:
        raise TypeError(f"not an object of a cardrules game: {type(obj).__name__}")
    return name


def record(state: GameState, *, metadata: Mapping[str, str] | None = None) -> GameRecord:
    """Return the record of how ``state`` was reached (every deal, every action).

    Args:
        state: a state of either game.
        metadata: optional strings to keep with the record, such as player names.

    >>> from cardrules import my_bird_sings
    >>> state = my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=1, dealer=2)
    >>> rec = record(state)
    >>> rec.game, rec.dealer, rec.deals[0].seed, rec.deals[0].actions
    ('my-bird-sings', 2, 1, ())

    Raises:
        TypeError: if ``state`` is not a state of a cardrules game.
        RecordError: if a seed is too large to record (magnitude ``2**64`` or more) or
            ``metadata`` is not a small mapping of strings.

    """
    name = _game_of(state)
    module = _json.game_module(name)
    history = module.history(state)
    deals = tuple(
        DealRecord(seed=deal.seed, deck=deal.deck, actions=deal.actions) for deal in history.deals
    )
    first = history.deals[0].dealer
    players = state.options.players
    for number, deal in enumerate(history.deals):
        if deal.dealer != (first + number) % players:
            raise RecordError(
                f"deals[{number}]: dealt by seat {deal.dealer}, but records assume the deal "
                "passes to the left"
            )
    return GameRecord(
        game=name, options=state.options, dealer=first, deals=deals, metadata=metadata or {}
    )


def _check_header(data: object) -> str:
    """Check format, version and game before anything else; return the game name."""
    if type(data) is not dict:
        raise RecordError(f"invalid record: expected a JSON object, got {_json.describe(data)}")
    if data.get("format") != RECORD_FORMAT or type(data.get("format")) is not str:
        raise RecordError(
            f"invalid record: format: expected {RECORD_FORMAT!r}, "
            f"got {_json.describe(data.get('format'))}"
        )
    version = data.get("version")
    if type(version) is not int or version not in _READ_VERSIONS:
        raise RecordError(
            "invalid record: version: this library reads version 1 and 2 records, "
            f"not {_json.describe(version)}"
        )
    game = data.get("game")
    try:
        _json.game_module(cast(str, game))
    except RecordError as err:
        raise RecordError(f"invalid record: {err}") from None
    return cast(str, game)


def _record_from_value(
    data: object, max_deals: int | None = None, max_actions: int | None = None
) -> GameRecord:
    game = _check_header(data)
    _check_caps(data, max_deals, max_actions)
    return _json.structure(data, GameRecord, game, "record")


def _check_caps(data: object, max_deals: int | None, max_actions: int | None) -> None:
    """Refuse a record with more deals or actions than the caller's caps, before reading it.

    Counted on the parsed JSON, so that a server's bound holds before any record field
    is transformed or any action replayed.
    """
    deals = data.get("deals") if isinstance(data, dict) else None
    if not isinstance(deals, list):
        return  # the reader says what is wrong
    if max_deals is not None and len(deals) > max_deals:
        raise RecordError(
            f"invalid record: deals: {len(deals)} deals exceed the cap of {max_deals}"
        )
    if max_actions is not None:
        count = sum(
            len(deal["actions"])
            for deal in deals
            if isinstance(deal, dict) and isinstance(deal.get("actions"), list)
        )
        if count > max_actions:
            raise RecordError(
                f"invalid record: deals: {count} actions exceed the cap of {max_actions}"
            )


def dumps(rec: GameRecord, *, indent: int | None = None) -> str:
    """Write a record as JSON text (compact, or indented by ``indent`` spaces).

    >>> from cardrules import spoil_five
    >>> rec = record(spoil_five.new_game(spoil_five.Options(players=2), seed=3))
    >>> dumps(rec)[:60]
    '{"format":"cardrules-record","version":2,"game":"spoil-five"'
    """
    return _json.write_json(_json.unstructure(rec, rec.game), indent=indent)


def parse_json(text: str | bytes, *, max_size: int = MAX_INPUT_SIZE) -> object:
    """Parse untrusted JSON into plain values, as strictly as records are read.

    The reader behind :func:`loads` and :func:`from_json`, for a server's own request
    bodies: input over ``max_size``, bytes that are not UTF-8, syntax errors, nesting too
    deep, duplicate keys, ``NaN``/``Infinity`` and integers of more than 2**64 are refused,
    each with where it lies.

    >>> parse_json('{"action": "play 10C", "move": 3}')
    {'action': 'play 10C', 'move': 3}
    >>> parse_json('{"move": 1, "move": 2}')
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: invalid JSON: duplicate key 'move' in an object (at move, ...

    Raises:
        RecordError: for anything but one well-formed JSON value within the limits.

    """
    return _json.parse_json(text, max_size=max_size)


def loads(
    text: str | bytes,
    *,
    max_size: int = MAX_INPUT_SIZE,
    max_deals: int | None = None,
    max_actions: int | None = None,
) -> GameRecord:
    """Read a record from JSON text or UTF-8 bytes, checking everything but legality.

    Every field is checked (types, options, cards, action notation, seeds); whether the
    actions are legal is checked by :func:`replay`. Fields with defaults (options, a
    deal's ``deck``, ``metadata``) may be left out; :func:`dumps` writes them all.

    A server that reads uploads bounds what one costs with the caps: ``max_size`` bytes,
    ``max_deals`` deals and ``max_actions`` actions in all (reading and restoring costs
    in proportion to the actions; see "Untrusted JSON" in the front-end guide).

    >>> from cardrules import spoil_five
    >>> state = spoil_five.new_game(spoil_five.Options(players=2), seed=3)
    >>> state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[0])
    >>> loads(dumps(record(state)), max_actions=0)
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: invalid record: deals: 1 actions exceed the cap of 0

    >>> loads('{"format": "cardrules-record", "version": 1, "game": "spoil-five"}')
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: invalid record: options: missing field; dealer: missing field;
    deals: missing field

    Raises:
        RecordError: saying where, for malformed, oversized or hostile input.

    """
    return _record_from_value(_json.parse_json(text, max_size=max_size), max_deals, max_actions)


def dump(
    rec: GameRecord,
    target: str | os.PathLike[str] | IO[str] | IO[bytes],
    *,
    indent: int | None = 2,
) -> None:
    """Write a record as JSON (indented by default) to a path or an open file.

    A path is written as UTF-8 and replaced if it exists; a file opened in binary mode
    receives UTF-8 bytes, a text file text. Errors while writing (``OSError``) are not
    caught.

    >>> import io
    >>> from cardrules import my_bird_sings
    >>> rec = record(my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=5))
    >>> file = io.StringIO()
    >>> dump(rec, file)
    >>> file.getvalue().splitlines()[:3]
    ['{', '  "format": "cardrules-record",', '  "version": 2,']
    """
    text = dumps(rec, indent=indent) + "\n"
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8") as file:
            file.write(text)
    elif "b" in getattr(target, "mode", "") or isinstance(target, io.BufferedIOBase | io.BytesIO):
        cast(IO[bytes], target).write(text.encode("utf-8"))
    else:
        cast(IO[str], target).write(text)


def load(
    source: str | os.PathLike[str] | IO[str] | IO[bytes],
    *,
    max_size: int = MAX_INPUT_SIZE,
    max_deals: int | None = None,
    max_actions: int | None = None,
) -> GameRecord:
    """Read a record from a path or an open file (text or binary), as :func:`loads` does.

    At most ``max_size`` bytes (characters for a text file) are read; a longer input is
    refused, and so is one over the caps ``max_deals`` and ``max_actions``. Errors while
    reading (``OSError``, such as a missing file) are not caught.

    >>> import io
    >>> from cardrules import my_bird_sings
    >>> rec = record(my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=5))
    >>> load(io.BytesIO(dumps(rec).encode("utf-8"))) == rec
    True

    Raises:
        RecordError: saying where, for malformed, oversized or hostile input (a text
            file whose bytes are not valid in its encoding included).

    """
    try:
        if isinstance(source, str | os.PathLike):
            with open(source, "rb") as file:
                data: str | bytes = file.read(max_size + 1)
        else:
            data = source.read(max_size + 1)
    except UnicodeDecodeError as err:
        raise RecordError(f"invalid JSON: not {err.encoding} text ({err.reason})") from None
    return loads(data, max_size=max_size, max_deals=max_deals, max_actions=max_actions)


def replay(rec: GameRecord) -> Iterator[GameState]:
    """Yield every state of a recorded game, in order, from the first decision on.

    For each deal the state at its first decision comes first, then the state after each
    of its actions. The states are equal (``==``) to those of the original game.
    Problems are found as the replay reaches them; a state is only ever yielded when it
    is complete and valid.

    >>> from cardrules import spoil_five
    >>> state = spoil_five.new_game(spoil_five.Options(players=2), seed=7)
    >>> bad = record(state)
    >>> bad = attrs.evolve(bad, deals=(attrs.evolve(bad.deals[0],
    ...     actions=(spoil_five.Play(state.hands[1 - state.to_act][0]),)),))
    >>> list(replay(bad))
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: deals[0].actions[0]: cannot play ...

    Raises:
        RecordError: naming ``deals[i]`` or ``deals[i].actions[j]`` for a deck or seed the
            game refuses, an illegal action (quoting the rule, with the
            :class:`~cardrules.errors.IllegalActionError` as ``__cause__``), or a deal
            that begins before the previous one is over.

    """
    module = _json.game_module(rec.game)
    state: GameState | None = None
    for number, recorded in enumerate(rec.deals):
        where = f"deals[{number}]"
        deal = _as_dealt(rec, recorded)
        try:
            if state is None:
                state = module.new_game(
                    rec.options, seed=deal.seed, deck=deal.deck, dealer=rec.dealer
                )
            else:
                if not module.is_deal_over(state):
                    raise RecordError(
                        f"{where}: deals[{number - 1}] is not over after its "
                        f"{len(rec.deals[number - 1].actions)} actions"
                    )
                state = module.next_deal(state, seed=deal.seed, deck=deal.deck)
        except RecordError:
            raise
        except CardrulesError as err:
            raise RecordError(f"{where}: {err}") from err
        yield state
        for index, action in enumerate(deal.actions):
            try:
                state = module.apply_action(state, action)
            except IllegalActionError as err:
                raise RecordError(f"{where}.actions[{index}]: {err}") from err
            except CardrulesError as err:
                raise RecordError(f"{where}.actions[{index}]: {err}") from err
            yield state


def _as_dealt(rec: GameRecord, deal: DealRecord) -> DealRecord:
    """The deal as this library deals it: a version-1 negative seed as it was dealt then.

    Before version 2 a negative seed ``s`` shuffled the pack as ``-s`` does, and derived
    the seeds inside the deal from ``s % 2**64``: the same deal is the pack
    ``shuffled(pack, -s)`` with the seed :func:`~cardrules.dealing.legacy_seed` of ``s``.
    """
    if rec.version != 1 or deal.seed >= 0:
        return deal
    deck = deal.deck
    if deck is None:
        deck = shuffled(rec.options.cards, -deal.seed)
    return DealRecord(seed=legacy_seed(deal.seed), deck=deck, actions=deal.actions)


def restore(rec: GameRecord) -> GameState:
    """Replay a record to its end and return the last state, to resume a saved game.

    >>> from cardrules import spoil_five
    >>> state = spoil_five.new_game(spoil_five.Options(players=3), seed=11)
    >>> restore(loads(dumps(record(state)))) == state
    True

    Raises:
        RecordError: as :func:`replay` does.

    """
    last: GameState | None = None
    for last in replay(rec):  # noqa: B007 - only the last state is wanted
        pass
    return cast(GameState, last)


def to_json(obj: object, *, indent: int | None = None) -> str:
    """Write a record, a game's options or view, or an explanation, as JSON text.

    Cards become notation strings, enums their string values, actions their notation.
    Explanations are the values of :mod:`cardrules.explanations` (a refusal, a trick's,
    a settlement's), for a client that shows the game's ``explain_*`` answers.

    >>> from cardrules import spoil_five
    >>> to_json(spoil_five.Options(players=2))[:39]
    '{"players":2,"split_remainder":"carry",'

    Raises:
        TypeError: if ``obj`` is not a record, a game's options or view (or a value
            inside a view), nor an explanation. States are refused: they hold hidden
            information.

    """
    if isinstance(obj, GameRecord):
        return dumps(obj, indent=indent)
    return _json.write_json(_json.unstructure(obj, _json.json_game(type(obj))), indent=indent)


def from_json(text: str | bytes, cls: type[T], *, max_size: int = MAX_INPUT_SIZE) -> T:
    """Read JSON text written by :func:`to_json` back into an object of class ``cls``.

    ``cls`` is :class:`GameRecord`, an options or view class of a game, or an explanation
    class (:mod:`cardrules.explanations`). Options are validated as when they are built
    in Python, and a view by its game's ``validate_view`` (seats, counts, cards, phase
    and seat to act that fit together), so no reader is given a view no state could show.

    >>> from cardrules import spoil_five
    >>> from_json('{"players": 3}', spoil_five.Options) == spoil_five.Options(players=3)
    True
    >>> from_json('{"players": "3"}', spoil_five.Options)
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: invalid Options: players: expected an integer, got '3'

    Raises:
        RecordError: saying where, for malformed, oversized or hostile input.
        TypeError: if ``cls`` is not :class:`GameRecord`, nor a game's options or view
            class (or a class of a value inside a view).

    """
    if cls is GameRecord:
        return cast(T, loads(text, max_size=max_size))
    game = _json.json_game(cls)
    value = _json.parse_json(text, max_size=max_size)
    result = _json.structure(value, cls, game, cls.__name__)
    module = _json.game_module(game)
    if cls is getattr(module, "View", None):
        try:
            getattr(module, "validate_view")(result)  # noqa: B009
        except ViewError as err:
            raise RecordError(str(err)) from None
    return result

"""Game records and JSON: save a game, load it back, replay it exactly.

A :class:`GameRecord` holds everything needed to reproduce a game: the game's name, its
options, the first dealer and, for every deal, the seed, the explicit pack order if one
was given, every action in order, and how the deal ended. :func:`record` builds one from
any state; :func:`replay` turns it back into the very same sequence of states (equal with
``==``).

In JSON a record looks like this (cards and actions are always notation strings)::

    {"format": "cardrules-record", "version": 3, "game": "spoil-five",
     "options": {"players": 2, ...}, "dealer": 0,
     "deals": [{"seed": 7, "deck": null, "actions": ["play 10C", "play AH", ...],
                "result": {"kind": "won", "payouts": [7, 0], "pool": 0}}],
     "metadata": {"north": "Ann"}}

Versions
--------
A record's ``version`` names the rules and the seed mapping that decide its deals: every
change to what a decision is, or to how a seed deals, is a new version, and a record is
replayed by the rules and the mapping of its own version or refused with a
:class:`~cardrules.errors.RecordError` that names the version, never replayed by others.
This library writes version 3 and replays:

* **version 3** (this release): seeds deal through SplitMix64 (see
  :mod:`cardrules.dealing`), the rules are today's. Each deal carries its ``result``
  (outcome kind, payouts, pool; ``null`` for a deal not over when it was saved), and
  :func:`replay` raises ``RecordError`` naming the first deal whose replayed result
  differs.
* **version 2**: seeds dealt through Python's Mersenne Twister (kept as
  :func:`cardrules.dealing.legacy_shuffled` and
  :func:`~cardrules.dealing.legacy_derive_seed`), under today's rules but for the D-5
  fix of version 3: Spoil Five records replay, and so do My Bird Sings records except
  those with declared singing checked after the deal (``auto_sing=False``,
  ``sing_timing="any_after_deal"``) and an exchange open from turn 0
  (``exchange_after_rounds=0``), which are refused.
* **version 1**: as version 2, but a negative seed dealt the cards of its absolute value
  (:func:`~cardrules.dealing.legacy_seed`). Spoil Five records replay; My Bird Sings
  records are refused: its rules changed while records stayed at version 1 (D-5, MBS-12
  and MBS-15, issue 15), so a version-1 record does not say which rules dealt it.

Versions 1 and 2 carry no results. A replayed Spoil Five game of version 1 or 2 deals
its shuffled packs explicitly, so :func:`record` writes it back as version 3 (each pack
as its ``deck``); a My Bird Sings game of version 2 keeps drawing by the old mapping
inside its deals, and is written back as version 2.

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

import contextlib
import io
import os
import secrets
import stat
import types
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any, Final, TypeVar, cast

import attrs

from cardrules import _json
from cardrules.cards import Card
from cardrules.dealing import legacy_seed, legacy_shuffled
from cardrules.errors import CardrulesError, RecordError, ViewError
from cardrules.history import DealEnd, deal_result
from cardrules.protocol import DynamicGame, GameOptions, GameState

__all__ = [
    "MAX_INPUT_SIZE",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "DealRecord",
    "DealResult",
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

RECORD_VERSION: Final = 3
"""The record version this library writes: it names the rules and the seed mapping.

Version 3 deals through SplitMix64 and fixed D-5 (a declined check stays lost when an
exchange comes on turn 0); version 2 changed how negative seeds deal. The module docs
say which older records replay and which are refused.
"""

_READ_VERSIONS: Final = (1, 2, 3)
_FIRST_WITH_RESULTS: Final = 3
_MAX_KIND: Final = 32
_MAX_SEATS: Final = 64

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


def _check_kind(instance: object, attribute: object, kind: str) -> None:
    if type(kind) is not str or not 0 < len(kind) <= _MAX_KIND:
        raise RecordError(f"result.kind: expected an outcome kind, got {_json.describe(kind)}")


def _freeze_payouts(payouts: object) -> tuple[int, ...]:
    if isinstance(payouts, str | bytes) or not isinstance(payouts, tuple | list):
        raise RecordError(f"result.payouts: expected a list, got {_json.describe(payouts)}")
    if len(payouts) > _MAX_SEATS or not all(
        type(payout) is int and -_json.MAX_INT < payout < _json.MAX_INT for payout in payouts
    ):
        raise RecordError("result.payouts: expected a small list of integers")
    return tuple(payouts)


def _check_pool(instance: object, attribute: object, pool: int) -> None:
    if type(pool) is not int or not 0 <= pool < _json.MAX_INT:
        raise RecordError(f"result.pool: expected a count of counters, got {_json.describe(pool)}")


@attrs.frozen(slots=True)
class DealResult:
    """How a recorded deal ended: what its replay must reach again (version 3 on).

    Attributes:
        kind: the outcome's kind, as its string value (``"won"``, ``"spoilt"``, ``"sang"``,
            ...: the values of the game's ``OutcomeKind``).
        payouts: the counters each seat received at settlement.
        pool: the counters in the pool after the deal was settled.

    >>> from cardrules import spoil_five
    >>> state = spoil_five.new_game(spoil_five.Options(players=2), seed=7)
    >>> while not spoil_five.is_deal_over(state):
    ...     state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[0])
    >>> record(state).deals[0].result
    DealResult(kind='won', payouts=(5, 0), pool=0)

    Raises:
        RecordError: for a kind that is not a short string, payouts that are not a short
            list of integers, or a pool out of range.

    """

    kind: str = attrs.field(validator=_check_kind)
    payouts: tuple[int, ...] = attrs.field(converter=_freeze_payouts)
    pool: int = attrs.field(validator=_check_pool)


def _check_result(instance: object, attribute: object, result: DealResult | None) -> None:
    if result is not None and not isinstance(result, DealResult):
        raise RecordError(f"result: expected null or a DealResult, got {_json.describe(result)}")


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
        result: how the deal ended (:class:`DealResult`), ``None`` if it was not over
            (and always ``None`` in records of versions 1 and 2, which kept no results).

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
    result: DealResult | None = attrs.field(default=None, validator=_check_result)


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
        version: the rules and seed mapping of its deals: :data:`RECORD_VERSION` (``3``),
            or ``1`` or ``2`` for an older record (see the module docs for which replay).
        game: the game's ``NAME``: ``"spoil-five"`` or ``"my-bird-sings"``.
        options: the game's ``Options``.
        dealer: the dealer of the first deal.
        deals: every deal so far, the current one last.
        metadata: read-only mapping of strings to strings.

    >>> from cardrules import spoil_five
    >>> rec = GameRecord(game="spoil-five", options=spoil_five.Options(players=2), dealer=1,
    ...                  deals=(DealRecord(seed=3),), metadata={"table": "2"})
    >>> rec.format, rec.version, restore(rec).dealer
    ('cardrules-record', 3, 1)
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
                "version: this library reads records of versions 1 to 3, "
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
        kinds = {str(kind.value) for kind in getattr(module, "OutcomeKind", ())}
        for number, deal in enumerate(self.deals):
            _check_deal_result(deal.result, number, self.version, players, kinds)
            for index, action in enumerate(deal.actions):
                if not isinstance(action, action_types):
                    raise RecordError(
                        f"deals[{number}].actions[{index}]: not a {self.game} action: "
                        f"{action!r:.60}"
                    )


def _check_deal_result(
    result: DealResult | None, number: int, version: int, players: int, kinds: set[str]
) -> None:
    """Refuse a result a record of its version cannot hold, or that fits no deal."""
    if result is None:
        return
    where = f"deals[{number}].result"
    if version < _FIRST_WITH_RESULTS:
        raise RecordError(f"{where}: records of version {version} carry no results")
    if kinds and result.kind not in kinds:
        raise RecordError(f"{where}.kind: not an outcome of this game: {result.kind!r}")
    if len(result.payouts) != players:
        raise RecordError(f"{where}.payouts: expected one payout per seat ({players})")


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
    version = 2 if history.legacy else RECORD_VERSION  # see the module docs
    deals = tuple(
        DealRecord(
            seed=deal.seed,
            deck=deal.deck,
            actions=deal.actions,
            result=None if version < _FIRST_WITH_RESULTS else _result(deal.result),
        )
        for deal in history.deals
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
        version=version,
        game=name,
        options=state.options,
        dealer=first,
        deals=deals,
        metadata=metadata or {},
    )


def _result(end: DealEnd | None) -> DealResult | None:
    """The record's form of how a deal ended (see :func:`cardrules.history.deal_result`)."""
    if end is None:
        return None
    kind, payouts, pool = end
    return DealResult(kind=kind, payouts=payouts, pool=pool)


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
            "invalid record: version: this library reads records of versions 1 to 3, "
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
    '{"format":"cardrules-record","version":3,"game":"spoil-five"'
    """
    value = cast(dict[str, object], _json.unstructure(rec, rec.game))
    if rec.version < _FIRST_WITH_RESULTS:  # written back as read: no results before version 3
        for deal in cast(list[dict[str, object]], value["deals"]):
            del deal["result"]
    return _json.write_json(value, indent=indent)


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

    A path is written as UTF-8 through a temporary file beside it, renamed over the path
    only once it is completely written (and flushed to the disk): an existing file is
    either left as it was or replaced whole, never left empty or cut short. A file
    opened in binary mode receives UTF-8 bytes, a text file text. Errors while writing
    (``OSError``) are not caught; the temporary file is removed.

    >>> import io
    >>> from cardrules import my_bird_sings
    >>> rec = record(my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=5))
    >>> file = io.StringIO()
    >>> dump(rec, file)
    >>> file.getvalue().splitlines()[:3]
    ['{', '  "format": "cardrules-record",', '  "version": 3,']
    """
    text = dumps(rec, indent=indent) + "\n"
    if isinstance(target, str | os.PathLike):
        _replace_whole(os.fspath(target), text.encode("utf-8"))
    elif "b" in getattr(target, "mode", "") or isinstance(target, io.BufferedIOBase | io.BytesIO):
        cast(IO[bytes], target).write(text.encode("utf-8"))
    else:
        cast(IO[str], target).write(text)


def _replace_whole(path: str, data: bytes) -> None:
    """Write ``data`` to a new file beside ``path``, then rename it over ``path``.

    The new file is created as ``open`` creates one (mode 0o666 less the umask), or with
    the mode of the file it replaces.
    """
    directory, name = os.path.split(os.path.abspath(path))
    temporary = os.path.join(directory, f".{name}.{secrets.token_hex(6)}.tmp")
    try:
        kept: int | None = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        kept = None
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        if kept is not None:
            os.fchmod(descriptor, kept)
        with open(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
    is complete and valid. A record is replayed by the rules and the seed mapping of its
    version, or refused (see the module docs); from version 3 on, each deal must end as
    its ``result`` says.

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
            :class:`~cardrules.errors.IllegalActionError` as ``__cause__``), a deal that
            begins before the previous one is over, a deal that ends otherwise than its
            recorded result, or naming the version for a record this library does not
            replay.

    """
    _check_replayable(rec)
    module = _json.game_module(rec.game)
    state: GameState | None = None
    for number, recorded in enumerate(rec.deals):
        where = f"deals[{number}]"
        try:
            if state is None:
                state = _first_deal(rec, module, recorded)
            else:
                if not module.is_deal_over(state):
                    raise RecordError(
                        f"{where}: deals[{number - 1}] is not over after its "
                        f"{len(rec.deals[number - 1].actions)} actions"
                    )
                seed, deck = _as_dealt(rec, recorded)
                state = module.next_deal(state, seed=seed, deck=deck)
        except RecordError:
            raise
        except CardrulesError as err:
            raise RecordError(f"{where}: {err}") from err
        yield state
        for index, action in enumerate(recorded.actions):
            try:
                state = module.apply_action(state, action)
            except CardrulesError as err:
                raise RecordError(f"{where}.actions[{index}]: {err}") from err
            yield state
        if rec.version >= _FIRST_WITH_RESULTS:
            _check_result_replayed(where, recorded.result, _result(deal_result(state)))


def _check_result_replayed(
    where: str, recorded: DealResult | None, replayed: DealResult | None
) -> None:
    """Refuse a deal that ended otherwise than its record says (another rule decided it)."""
    if replayed != recorded:
        raise RecordError(
            f"{where}: the replayed deal {_told(replayed)}, but the record says it "
            f"{_told(recorded)}: it was played by other rules"
        )


def _told(result: DealResult | None) -> str:
    if result is None:
        return "is not over"
    payouts = " ".join(map(str, result.payouts))
    return f"ended {result.kind} with payouts {payouts} and {result.pool} in the pool"


_MBS: Final = "my-bird-sings"


def _check_replayable(rec: GameRecord) -> None:
    """Refuse a record whose version's rules or seed mapping this library no longer has."""
    if rec.version >= _FIRST_WITH_RESULTS or rec.game != _MBS:
        return
    if rec.version == 1:
        raise RecordError(
            "version: version 1 My Bird Sings records are not replayed: the game's rules "
            "changed while records stayed at version 1 (D-5, MBS-12, MBS-15), so a version-1 "
            "record does not say which rules dealt it"
        )
    options = cast(Any, rec.options)
    if (
        not options.auto_sing
        and options.sing_timing == "any_after_deal"
        and options.exchange_after_rounds == 0
        and options.exchange_by != "nobody"
    ):
        raise RecordError(
            "version: version 2 My Bird Sings records with declared singing after the deal "
            "(auto_sing=False, sing_timing='any_after_deal') and an exchange from turn 0 "
            "are not replayed: version 3 fixed D-5 for them (a declined check stays lost)"
        )


def _first_deal(rec: GameRecord, module: DynamicGame, recorded: DealRecord) -> GameState:
    """The game's first deal, dealt by the seed mapping of the record's version."""
    seed, deck = _as_dealt(rec, recorded)
    if rec.version < _FIRST_WITH_RESULTS and rec.game == _MBS:
        from cardrules.my_bird_sings.session import replay_legacy_game

        return cast(
            GameState,
            replay_legacy_game(
                cast(Any, rec.options), seed=seed, deck=cast(Any, deck), dealer=rec.dealer
            ),
        )
    return module.new_game(rec.options, seed=seed, deck=deck, dealer=rec.dealer)


def _as_dealt(rec: GameRecord, deal: DealRecord) -> tuple[int, tuple[Card, ...] | None]:
    """The seed and the explicit pack that deal ``deal`` today as its version dealt it.

    Version 3 deals as it is recorded. A Spoil Five deal of versions 1 and 2 shuffled by
    the Mersenne Twister: its pack is given explicitly (its only randomness is the
    shuffle). Before version 2 a negative seed ``s`` shuffled the pack as ``-s`` did, and
    derived the seeds inside the deal from ``s % 2**64``: the pack of ``-s`` with the seed
    :func:`~cardrules.dealing.legacy_seed` of ``s``. A My Bird Sings deal of version 2
    is dealt by the old mapping inside the engine (``replay_legacy_game``).
    """
    seed, deck = deal.seed, deal.deck
    if rec.version >= _FIRST_WITH_RESULTS:
        return seed, deck
    shuffle_seed = seed
    if rec.version == 1 and seed < 0:
        shuffle_seed, seed = -seed, legacy_seed(seed)
    if deck is None and rec.game != _MBS:
        deck = legacy_shuffled(rec.options.cards, shuffle_seed)
    return seed, deck


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

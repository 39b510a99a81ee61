"""A table: a game at its seats, with a decision counter, and the pure steps that change it.

A :class:`Table` is a frozen value. Every function that changes a table returns a new one
and what changed: a :class:`Step` for a decision (an action, a bot's action, a new deal,
a rematch) or a :class:`SeatChange` for a seat taken, left or handed to a bot. The input
table is never changed, and a refused request raises a
:class:`~cardrules.errors.TableError` (or the engine's
:class:`~cardrules.errors.IllegalActionError`) with nothing changed.

**The counter.** A table counts its decisions: every action (a person's or a bot's),
every new deal and every rematch adds one. A request names the counter it was made at
(the one in the payload its sender saw); at any other counter it is refused with
:class:`~cardrules.errors.StaleMoveError`, so a repeated click or a request that crossed
another never acts twice or on a position its sender never saw. Seat changes do not count:
nobody's move becomes stale because someone reconnected.

**Credentials.** :func:`create_table` draws one credential per seat and one for the
table's creator (:mod:`cardrules.tables.credentials`) and hands them out once in a
:class:`NewTable`; the table keeps their digests only. A request carries a :class:`Key`:
a seat and its credential, or the creator's credential.

**Time** is passed in (``now``, seconds on any clock the caller keeps): a table reads no
clock. A seat whose person has not acted for :data:`IDLE_SECONDS` while nothing else
happened at the table may be handed to a bot by the creator.

**Randomness.** A table created with a ``seed`` is reproducible: its deals, rematches and
bots' choices all derive from it. Without one, each deal draws a fresh secret seed from
:mod:`secrets` (a record saved after a deal then tells nothing of later deals). Bots are
built afresh for every decision from the table's bot seed and the counter, so a table
resumed from its store plays on exactly as it would have.

>>> from cardrules.tables.seats import SeatPlan
>>> new = create_table("spoil-five", [SeatPlan.person("Ann"), SeatPlan.robot()],
...                    name="Tuesday", now=0.0, seed=7)
>>> table = new.table
>>> table.counter, table.names, table.to_act
(0, ('Ann', 'Bertie'), 0)
>>> ann = Key.for_seat(0, new.seat_credentials[0])
>>> lead = table.module.legal_actions(table.state)[0]
>>> table, step = act(table, ann, lead, counter=0, now=1.0)
>>> step.counter, step.seat, step.action == lead, table.to_act
(1, 0, True, 1)
>>> table, step = step_bot(table, now=2.0)
>>> step.seat, table.counter
(1, 2)
>>> act(table, ann, lead, counter=0, now=3.0)
Traceback (most recent call last):
...
cardrules.errors.StaleMoveError: the table has moved on since that request was made ...
"""

from __future__ import annotations

import enum
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from cardrules import games
from cardrules._engine import left_of
from cardrules.bots import make_bot
from cardrules.dealing import derive_seed
from cardrules.errors import (
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    SeatError,
    StaleMoveError,
    TableError,
    WrongCredentialError,
    WrongMomentError,
)
from cardrules.games import GameEntry
from cardrules.protocol import DynamicGame, GameOptions, GameState
from cardrules.tables import credentials
from cardrules.tables.memo import TableMemo
from cardrules.tables.seats import (
    BOT_DISPLAY_NAMES,
    MAX_NAME_LENGTH,
    Seat,
    SeatKind,
    SeatPlan,
    check_name,
)

__all__ = [
    "IDLE_SECONDS",
    "MAX_SEED",
    "Key",
    "NewTable",
    "SeatChange",
    "Step",
    "StepKind",
    "Table",
    "act",
    "check_counter",
    "check_seat_number",
    "check_turn",
    "create_table",
    "hand_to_bot",
    "idle_for",
    "leave_seat",
    "new_table_id",
    "next_deal",
    "person_at",
    "play_bots",
    "rematch",
    "step_bot",
    "take_seat",
]

IDLE_SECONDS: Final = 120.0
"""How long (seconds) a person's seat must be idle before the creator may hand it to a bot.

Idle means: the person has neither acted nor taken the seat, and no decision was taken at
the table, for that long (see :func:`idle_for`). An empty seat may be handed over at once.
"""

MAX_SEED: Final = 2**63 - 1
"""The largest seed a table accepts (seeds run from 0 to this)."""

_MAX_ACTION_TEXT: Final = 80
"""The longest action notation :func:`act` reads (a sing of a long hand fits easily)."""

_BOT_LABEL: Final = 0xB07
"""Mixed into a seeded table's seed (with a second word, so never a deal's key: the engine
derives a game's deals from one word, the deal number) to seed its bots."""

_GAME_LABEL: Final = 0x6A3E
"""Mixed into a seeded table's seed with the game number to seed a rematch's first deal
(two words: a rematch never deals what a deal of the first game dealt)."""


def new_table_id() -> str:
    """A fresh unguessable table id: 16 URL-safe characters (96 bits) from :mod:`secrets`."""
    return secrets.token_urlsafe(12)


def _secret_seed() -> int:
    return secrets.randbelow(MAX_SEED + 1)


class StepKind(enum.StrEnum):
    """What kind of decision a :class:`Step` records."""

    ACTION = "action"
    """A seat's action (a person's or a bot's)."""
    DEAL = "deal"
    """A new deal of the same game."""
    GAME = "game"
    """A new game at the same table: the table's first, or a rematch."""


@attrs.frozen(slots=True)
class Step:
    """One decision taken at a table, with the states on either side.

    Steps are what a front-end narrates and paces (see
    :func:`cardrules.tables.narration.narrate`). The states are the full game states:
    never send them anywhere, build payloads from them (:mod:`cardrules.tables.payload`).

    Attributes:
        counter: the table's counter once the step was taken.
        kind: an action, a new deal or a new game.
        seat: the seat that acted (``None`` for a deal or a game).
        action: the action taken (``None`` for a deal or a game).
        before: the state before an action (``None`` for a deal or a game).
        after: the state after the step.
    """

    counter: int
    kind: StepKind
    seat: int | None
    action: object | None
    before: GameState | None = attrs.field(repr=False, eq=False)
    after: GameState = attrs.field(repr=False, eq=False)


@attrs.frozen(slots=True)
class SeatChange:
    """A seat taken, left or handed to a bot.

    Attributes:
        seat: which seat.
        before: the seat as it was.
        after: the seat as it is now.
    """

    seat: int
    before: Seat
    after: Seat


@attrs.frozen(slots=True)
class Key:
    """Who makes a request: a seat with its credential, or (``seat=None``) the creator.

    The credential never shows in ``repr``.

    >>> Key.for_seat(2, "secret"), Key.for_creator("secret")
    (Key(seat=2), Key(seat=None))
    """

    credential: str = attrs.field(repr=False)
    seat: int | None = None

    @classmethod
    def for_seat(cls, seat: int, credential: str) -> Key:
        """The key of ``seat``."""
        return cls(credential, seat)

    @classmethod
    def for_creator(cls, credential: str) -> Key:
        """The key of the table's creator."""
        return cls(credential, None)


@attrs.frozen(slots=True, kw_only=True)
class Table:
    """A game at its seats: who sits where, the game state, the counter.

    Build tables with :func:`create_table` (or load them from a store); change them with
    the functions of this module. ``state`` holds every hidden card: give people payloads
    (:mod:`cardrules.tables.payload`), never the state.

    Attributes:
        id: the table's id (public: a spectator link carries it).
        name: the table's name, for people.
        game: the game's registry name (``"spoil-five"``, ``"my-bird-sings"``).
        preset: the preset the options came from, or ``None`` for options given directly.
        seats: one :class:`~cardrules.tables.seats.Seat` per player.
        creator: the digest of the creator's credential.
        state: the current game state (hidden cards included).
        counter: the number of decisions taken at the table.
        game_number: the current game, from 1 (a rematch adds one).
        deal_number: the current deal of the current game, from 1.
        game_start: the counter at which the current game's first deal was dealt.
        trail: the steps of the current deal, its deal (or game) step first.
        seed: the table's seed if it is reproducible, else ``None`` (secret seeds).
        bot_seed: the seed its bots draw from (secret: never in a payload).
        created_at: when it was created (caller's seconds).
        changed_at: when the last decision was taken (caller's seconds).
        memo: what its payloads worked out (:class:`~cardrules.tables.memo.TableMemo`),
            shared by every table that follows from this one; never compared.
    """

    id: str
    name: str
    game: str
    preset: str | None
    seats: tuple[Seat, ...]
    creator: str = attrs.field(repr=False)
    state: GameState = attrs.field(repr=False)
    counter: int
    game_number: int = 1
    deal_number: int = 1
    game_start: int = 0
    trail: tuple[Step, ...] = attrs.field(repr=False, eq=False)
    seed: int | None = attrs.field(repr=False, default=None)
    bot_seed: int = attrs.field(repr=False, default=0)
    created_at: float = 0.0
    changed_at: float = 0.0
    memo: TableMemo = attrs.field(factory=TableMemo, repr=False, eq=False)

    @property
    def entry(self) -> GameEntry:
        """The game's entry in the registry (:mod:`cardrules.games`)."""
        return self.memo.loaded("entry", lambda: games.lookup(self.game))

    @property
    def module(self) -> DynamicGame:
        """The game's module (:mod:`cardrules.spoil_five` ...)."""
        return self.memo.loaded("module", lambda: self.entry.module)

    @property
    def options(self) -> GameOptions:
        """The game's options."""
        return self.state.options

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        """The name shown for each seat."""
        return tuple(seat.name for seat in self.seats)

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is pending, or ``None`` (the deal is over)."""
        return self.state.to_act

    @property
    def is_deal_over(self) -> bool:
        """Whether the current deal has ended (a next deal or a rematch may follow)."""
        return bool(self.module.is_deal_over(self.state))

    @property
    def is_game_over(self) -> bool:
        """Whether the current game has ended (points games only; a rematch may follow)."""
        return bool(self.module.is_game_over(self.state))

    @property
    def deal_start(self) -> int:
        """The counter at which the current deal was dealt."""
        return self.trail[0].counter


# -- creating a table ----------------------------------------------------------------------


@attrs.frozen(slots=True)
class NewTable:
    """A table just created, with the credentials that were drawn for it.

    This is the only time the credentials exist outside the people who hold them: send
    each seat's credential to the person invited to it (an invite link), keep the
    creator's, and forget them. Neither shows in ``repr``.

    Attributes:
        table: the table.
        creator_credential: the creator's credential (for :func:`hand_to_bot` and the like).
        seat_credentials: one credential per seat.
    """

    table: Table
    creator_credential: str = attrs.field(repr=False)
    seat_credentials: tuple[str, ...] = attrs.field(repr=False)


def _check_seed(seed: object) -> int | None:
    if seed is None:
        return None
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise OptionsError(f"seed must be an integer from 0 to {MAX_SEED}, not {seed!r:.40}")
    return seed


def _check_time(now: object) -> float:
    if isinstance(now, bool) or not isinstance(now, int | float) or now != now:
        raise OptionsError(f"now must be a number of seconds, not {now!r:.40}")
    return float(now)


def create_table(
    game: str,
    seats: Sequence[SeatPlan],
    *,
    name: str,
    now: float,
    preset: str | None = None,
    options: GameOptions | None = None,
    seed: int | None = None,
    table_id: str | None = None,
    changes: Mapping[str, object] | None = None,
) -> NewTable:
    """A new table of ``game`` with one seat per plan, the first deal dealt.

    Args:
        game: the game's registry name (``"spoil-five"``, ``"my-bird-sings"``).
        seats: how each seat is filled (:class:`~cardrules.tables.seats.SeatPlan`); their
            number is the number of players.
        name: the table's name.
        now: the time, in the caller's seconds.
        preset: the preset to take the options from (the game's defaults if ``None``).
        options: the options themselves instead of a preset (their ``players`` must
            match the seats).
        seed: a seed from 0 to :data:`MAX_SEED` for a reproducible table, or ``None``
            for secret seeds.
        table_id: the table's id (a fresh :func:`new_table_id` if ``None``).
        changes: options to change from the preset's (or ``options``), by field name,
            checked as the options class checks them: ``{"auto_sing": False}`` makes a
            My Bird Sings table where each player declares singing (D-5).

    The last seat deals first, so seat 0 is the eldest hand of the first deal.

    >>> new = create_table("my-bird-sings", [SeatPlan.invite()] * 3, name="Trio",
    ...                    now=0.0, preset="peel", seed=1)
    >>> new.table.names, [seat.kind.value for seat in new.table.seats]
    (('Seat 1', 'Seat 2', 'Seat 3'), ['empty', 'empty', 'empty'])

    Raises:
        OptionsError: for an unknown game, preset or bot, options that do not fit the
            seats, a bad name, seed or time.
    """
    entry = games.lookup(game)
    plans = tuple(seats)
    if not all(isinstance(plan, SeatPlan) for plan in plans):
        raise OptionsError("seats must be SeatPlan values, one per player")
    if options is None:
        options = entry.options(preset, len(plans))
    elif preset is not None:
        raise OptionsError("give a preset or options, not both")
    elif not isinstance(options, entry.options_class):
        raise OptionsError(f"options must be {entry.name} options, not {options!r:.60}")
    if changes:
        options = _changed(options, changes)
    if options.players != len(plans):
        raise OptionsError(
            f"the options are for {options.players} players but {len(plans)} seats were given"
        )
    seed = _check_seed(seed)
    now = _check_time(now)
    table_name = check_name(name, "the table's name")
    creator = credentials.new_credential()
    seat_credentials = tuple(credentials.new_credential() for _ in plans)
    built = tuple(
        _seat_of(plan, number, credentials.digest(credential), now)
        for number, (plan, credential) in enumerate(zip(plans, seat_credentials, strict=True))
    )
    deal_seed = _secret_seed() if seed is None else seed
    bot_seed = _secret_seed() if seed is None else derive_seed(seed, _BOT_LABEL, 0)
    state = entry.module.new_game(options, seed=deal_seed, dealer=len(plans) - 1)
    first = Step(0, StepKind.GAME, None, None, None, state)
    table = Table(
        id=new_table_id() if table_id is None else check_name(table_id, "the table's id"),
        name=table_name,
        game=entry.name,
        preset=None if preset is None else preset.strip().lower(),
        seats=built,
        creator=credentials.digest(creator),
        state=state,
        counter=0,
        trail=(first,),
        seed=seed,
        bot_seed=bot_seed,
        created_at=now,
        changed_at=now,
    )
    return NewTable(table, creator, seat_credentials)


def _changed(options: GameOptions, changes: Mapping[str, object]) -> GameOptions:
    """``options`` with ``changes``, each field checked by the options class.

    >>> from cardrules.my_bird_sings import PEEL
    >>> _changed(PEEL, {"auto_sing": False}).auto_sing
    False
    >>> _changed(PEEL, {"colour": "blue"})
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: unknown option 'colour' (one of: auto_sing, ...)
    """
    fields_of: Any = attrs.fields  # every game's Options is an attrs class ("Adding a game")
    fields = {field.name for field in fields_of(type(options))}
    for name in changes:
        if name not in fields or name == "players":
            known = sorted(fields - {"players"})
            raise OptionsError(f"unknown option {name!r:.40} (one of: {', '.join(known)})")
    evolve: Any = attrs.evolve
    try:
        changed: GameOptions = evolve(options, **changes)
    except OptionsError:
        raise
    except (TypeError, ValueError) as exc:
        raise OptionsError(f"bad option changes: {exc}") from None
    return changed


def _seat_of(plan: SeatPlan, number: int, digest: str, now: float) -> Seat:
    if plan.kind is SeatKind.PERSON:
        return Seat.person(plan.name or "", digest=digest, now=now, language=plan.language)
    if plan.kind is SeatKind.BOT:
        name = plan.name or BOT_DISPLAY_NAMES[number % len(BOT_DISPLAY_NAMES)]
        return Seat.robot(plan.bot or "heuristic", name, digest=digest, now=now)
    return Seat.empty(plan.name or f"Seat {number + 1}", digest=digest, now=now)


# -- checks ---------------------------------------------------------------------------------


def _check_key(table: Table, key: Key) -> None:
    """Refuse a key that does not open the seat (or creator's place) it names."""
    if not isinstance(key, Key):
        raise WrongCredentialError("a request needs a Key: a seat and its credential")
    if key.seat is None:
        if not credentials.matches(key.credential, table.creator):
            raise WrongCredentialError("that is not the credential of the table's creator")
        return
    seat = check_seat_number(table, key.seat)
    if not credentials.matches(key.credential, table.seats[seat].credential):
        raise WrongCredentialError(f"that is not the credential of seat {seat}")


def check_seat_number(table: Table, seat: object) -> int:
    """``seat`` if the table has it.

    Raises:
        SeatError: for anything but a seat number of the table.
    """
    if type(seat) is not int or not 0 <= seat < table.players:
        raise SeatError(f"no seat {seat!r:.20} at this table (seats 0 to {table.players - 1})")
    return seat


def _seated_person(table: Table, key: Key) -> int:
    """The seat of ``key`` if a person sits there (the creator is not a seat)."""
    if key.seat is None:
        raise SeatError("this request is made from a seat: the creator's key has none")
    seat = table.seats[key.seat]
    if not seat.is_person:
        what = "a bot plays it" if seat.is_bot else "nobody sits there"
        raise SeatError(f"seat {key.seat} is not taken ({what}); take the seat first")
    return key.seat


def person_at(table: Table, key: Key) -> int:
    """The seat ``key`` opens, if a person sits there (what a seat's request checks first).

    Raises:
        WrongCredentialError: for a key that is not the seat's (or not a :class:`Key`).
        SeatError: for the creator's key, a seat that does not exist, or one where no
            person sits.
    """
    _check_key(table, key)
    return _seated_person(table, key)


def check_turn(table: Table, seat: int) -> None:
    """Refuse a decision of ``seat`` unless its decision is pending.

    Raises:
        NotYourTurnError: when another seat (or, the deal being over, nobody) is to act.
    """
    to_act = table.state.to_act
    if to_act != seat:
        if to_act is None:
            raise NotYourTurnError("the deal is over: nobody is to act")
        raise NotYourTurnError(f"it is not your turn: {table.seats[to_act].name} is to act")


def check_counter(table: Table, counter: object) -> None:
    """Refuse a request made at any counter but the table's (see the module).

    Raises:
        TableError: for a counter that is not an int.
        StaleMoveError: for any other counter than the table's.
    """
    if type(counter) is not int:
        raise TableError(
            f"a request names the counter it was made at (an int), not {counter!r:.40}"
        )
    if counter != table.counter:
        raise StaleMoveError(counter, table.counter)


def _replace_seat(table: Table, number: int, seat: Seat) -> tuple[Seat, ...]:
    return (*table.seats[:number], seat, *table.seats[number + 1 :])


def _decide(
    table: Table, seat: int, action: object, now: float, seats: tuple[Seat, ...] | None = None
) -> tuple[Table, Step]:
    """Apply ``action`` for ``seat`` and count it."""
    after = table.module.apply_action(table.state, action)
    step = Step(table.counter + 1, StepKind.ACTION, seat, action, table.state, after)
    new = attrs.evolve(
        table,
        seats=table.seats if seats is None else seats,
        state=after,
        counter=step.counter,
        trail=(*table.trail, step),
        changed_at=now,
    )
    return new, step


# -- decisions -----------------------------------------------------------------------------


def act(table: Table, key: Key, action: object, *, counter: int, now: float) -> tuple[Table, Step]:
    """The person at ``key``'s seat takes ``action`` (an action value or its notation).

    Checks, in this order: the key, that a person sits at its seat, the counter, the turn,
    the notation, the rules.

    Raises:
        WrongCredentialError: for a key that is not the seat's.
        SeatError: for a seat that does not exist or where no person sits.
        StaleMoveError: for any counter but the table's.
        NotYourTurnError: when another seat (or nobody) is to act.
        NotationError: for text that is not an action of the game.
        IllegalActionError: for an action the rules forbid, naming the rule.
    """
    seat = person_at(table, key)
    check_counter(table, counter)
    now = _check_time(now)
    check_turn(table, seat)
    if isinstance(action, str):
        if len(action) > _MAX_ACTION_TEXT:
            raise NotationError(
                f"not an action: {len(action)} characters (an action is at most "
                f"{_MAX_ACTION_TEXT}, such as 'play 10C')"
            )
        action = table.module.parse_action(action)
    elif not isinstance(action, table.module.ACTION_TYPES):
        raise IllegalActionError(
            repr(action)[:40], "C-7", f"that is not a {table.entry.title} action"
        )
    seats = _replace_seat(table, seat, attrs.evolve(table.seats[seat], active_at=now))
    return _decide(table, seat, action, now, seats)


def _bot_for(table: Table, seat: int) -> str | None:
    occupant = table.seats[seat]
    return occupant.bot if occupant.is_bot else None


def step_bot(table: Table, *, now: float) -> tuple[Table, Step] | None:
    """Play the next bot decision, if the seat to act is a bot's; else ``None``.

    One call, one decision: a front-end paces the bots by calling it when it is ready to
    show the next move. The bot is built for this decision alone, from the table's bot
    seed and the counter, and sees only its seat's view.

    >>> new = create_table("spoil-five", [SeatPlan.robot(), SeatPlan.robot()],
    ...                    name="Bots", now=0.0, seed=1)
    >>> table, step = step_bot(new.table, now=0.0)
    >>> step.seat, step.counter
    (0, 1)
    """
    now = _check_time(now)
    seat = table.state.to_act
    if seat is None:
        return None
    bot = _bot_for(table, seat)
    if bot is None:
        return None
    module = table.module
    rng = random.Random(derive_seed(table.bot_seed, table.counter))
    chooser = make_bot(module, bot, rng)
    action = chooser.choose(module.view(table.state, seat), module.legal_actions(table.state))
    return _decide(table, seat, action, now)


def play_bots(table: Table, *, now: float) -> tuple[Table, tuple[Step, ...]]:
    """Every bot decision up to the next person's decision or the end of the deal.

    >>> new = create_table("spoil-five", [SeatPlan.robot(), SeatPlan.robot()],
    ...                    name="Bots", now=0.0, seed=1)
    >>> table, steps = play_bots(new.table, now=0.0)
    >>> table.is_deal_over, len(steps) == table.counter
    (True, True)
    """
    steps: list[Step] = []
    while (moved := step_bot(table, now=now)) is not None:
        table, step = moved
        steps.append(step)
    return table, tuple(steps)


def _check_deal_request(table: Table, key: Key, counter: int, now: float, what: str) -> float:
    """Refuse a new deal or game but from a seated person or the creator, at the counter.

    It is also refused until the deal is over. Returns the checked time.
    """
    _check_key(table, key)
    if key.seat is not None:
        _seated_person(table, key)
    check_counter(table, counter)
    checked = _check_time(now)
    if not table.is_deal_over:
        raise WrongMomentError(f"{what} only once the deal is over")
    return checked


def _dealt(
    table: Table,
    kind: StepKind,
    state: GameState,
    now: float,
    *,
    deal_number: int,
    game_number: int | None = None,
) -> tuple[Table, Step]:
    """The table at a new deal (with ``game_number``, of a new game): one decision."""
    step = Step(table.counter + 1, kind, None, None, None, state)
    new = attrs.evolve(
        table,
        state=state,
        counter=step.counter,
        deal_number=deal_number,
        game_number=table.game_number if game_number is None else game_number,
        game_start=table.game_start if game_number is None else step.counter,
        trail=(step,),
        changed_at=now,
    )
    return new, step


def next_deal(
    table: Table, key: Key, *, counter: int, now: float, seed: int | None = None
) -> tuple[Table, Step]:
    """Deal again (the deal passes to the left) once the deal is over.

    Anyone seated at the table, or the creator, may ask. The seed is ``seed`` if given,
    else derived from the table's seed, else a fresh secret one.

    Raises:
        WrongCredentialError, SeatError, StaleMoveError: as for :func:`act`.
        WrongMomentError: while the deal is being played, or once the game is over
            (a rematch starts a new one).
    """
    now = _check_deal_request(table, key, counter, now, "a new deal can be dealt")
    if table.is_game_over:
        raise WrongMomentError("the game is over; a rematch starts a new one")
    seed = _check_seed(seed)
    if seed is None and table.seed is None:
        seed = _secret_seed()
    state = table.module.next_deal(table.state, seed=seed)
    return _dealt(table, StepKind.DEAL, state, now, deal_number=table.deal_number + 1)


def rematch(
    table: Table, key: Key, *, counter: int, now: float, seed: int | None = None
) -> tuple[Table, Step]:
    """Start a new game at the same table, seats and options, once the deal is over.

    Balances start again from nothing; the deal passes on to the left. The seed is
    ``seed`` if given, else derived from the table's seed and the game number, else a
    fresh secret one.

    Raises:
        WrongCredentialError, SeatError, StaleMoveError: as for :func:`act`.
        WrongMomentError: while the deal is being played.
    """
    now = _check_deal_request(table, key, counter, now, "a rematch can start")
    seed = _check_seed(seed)
    if seed is None:
        seed = (
            _secret_seed()
            if table.seed is None
            else derive_seed(table.seed, _GAME_LABEL, table.game_number)
        )
    dealer = left_of(table.state.dealer, table.players)
    state = table.module.new_game(table.options, seed=seed, dealer=dealer)
    return _dealt(
        table, StepKind.GAME, state, now, deal_number=1, game_number=table.game_number + 1
    )


# -- seats ---------------------------------------------------------------------------------


def take_seat(
    table: Table, key: Key, *, now: float, name: str | None = None, language: str | None = None
) -> tuple[Table, SeatChange]:
    """The holder of a seat's credential sits down at it (or comes back to it).

    An empty seat, a seat left earlier, or a seat a bot was playing becomes the person's;
    a seat the person already holds is taken again (another device, a reload), which
    counts as activity. ``name`` renames the seat; without one the seat keeps its name
    (a bot's seat without its ``" (bot)"``: the person it was handed over from is back).

    Raises:
        WrongCredentialError: for a key that is not the seat's.
        SeatError: for the creator's key, a seat that does not exist.
        OptionsError: for a bad name or language.
    """
    _check_key(table, key)
    if key.seat is None:
        raise SeatError("a seat is taken with the seat's credential, not the creator's")
    now = _check_time(now)
    before = table.seats[key.seat]
    if name is None:
        name = before.name.removesuffix(" (bot)") if before.is_bot else before.name
    after = Seat.person(
        name,
        digest=before.credential,
        now=now,
        language=before.language if language is None else language,
    )
    new = attrs.evolve(table, seats=_replace_seat(table, key.seat, after))
    return new, SeatChange(key.seat, before, after)


def leave_seat(table: Table, key: Key, *, now: float) -> tuple[Table, SeatChange]:
    """The person at ``key``'s seat leaves it; it stays theirs to take back (same credential).

    The game waits at an empty seat; the creator may hand it to a bot at once.

    Raises:
        WrongCredentialError: for a key that is not the seat's.
        SeatError: for the creator's key, or a seat where no person sits.
    """
    _check_key(table, key)
    seat = _seated_person(table, key)
    now = _check_time(now)
    before = table.seats[seat]
    after = Seat.empty(before.name, digest=before.credential, now=now)
    return attrs.evolve(table, seats=_replace_seat(table, seat, after)), SeatChange(
        seat, before, after
    )


def idle_for(table: Table, seat: int, now: float) -> float:
    """How long the table has waited on ``seat``'s person (0 for a seat no person holds).

    The wait runs from the person's last activity or the table's last decision, whichever
    came later.

    >>> new = create_table("spoil-five", [SeatPlan.person("Ann"), SeatPlan.robot()],
    ...                    name="T", now=100.0, seed=7)
    >>> idle_for(new.table, 0, 250.0), idle_for(new.table, 1, 250.0)
    (150.0, 0.0)
    """
    number = check_seat_number(table, seat)
    occupant = table.seats[number]
    if not occupant.is_person:
        return 0.0
    return max(0.0, _check_time(now) - max(occupant.active_at, table.changed_at))


def hand_to_bot(
    table: Table,
    key: Key,
    seat: int,
    *,
    now: float,
    bot: str = "heuristic",
    name: str | None = None,
    idle_seconds: float = IDLE_SECONDS,
) -> tuple[Table, SeatChange]:
    """The creator hands ``seat`` to the bot called ``bot``.

    Allowed for an empty seat, a bot's seat (another bot), and a person's seat idle for
    ``idle_seconds`` (by default :data:`IDLE_SECONDS`) or more (:func:`idle_for`). The
    seat keeps its credential: its person may take it back with :func:`take_seat`. The
    bot is named ``name``, or ``"<name> (bot)"`` after the seat.

    Raises:
        WrongCredentialError: for a key that is not the creator's.
        SeatError: for a seat that does not exist or a person not idle long enough.
        OptionsError: for an unknown bot or a bad name.
    """
    if not isinstance(key, Key) or key.seat is not None:
        raise WrongCredentialError("only the table's creator may hand a seat to a bot")
    _check_key(table, key)
    number = check_seat_number(table, seat)
    now = _check_time(now)
    wait = _check_time(idle_seconds)
    before = table.seats[number]
    if before.is_person:
        idle = idle_for(table, number, now)
        if idle < wait:
            raise SeatError(
                f"{before.name} has been idle for {idle:.0f} s; a seat may be handed to a "
                f"bot after {wait:.0f} s"
            )
    if name is None:
        base = before.name.removesuffix(" (bot)")
        name = base if before.is_bot else f"{base[: MAX_NAME_LENGTH - 6]} (bot)"
    after = Seat.robot(bot, name, digest=before.credential, now=now)
    return attrs.evolve(table, seats=_replace_seat(table, number, after)), SeatChange(
        number, before, after
    )

"""A table as a :mod:`cardrules.records` record, and a table resumed from one.

:func:`shareable_record` is the record people may be given (between deals only).

A store (:mod:`cardrules.tables.store`) keeps each table's *setup* (:func:`table_setup`:
its name, seats, seeds and times, as JSON values) and its current game as a record, with
the counter beside them; :func:`table_from_setup` (or :func:`resume_table`, field by
field) replays the record and checks the counter against it, so a resumed table holds
every accepted decision and none twice.

>>> from cardrules.tables.seats import SeatPlan
>>> from cardrules.tables.table import create_table
>>> table = create_table("spoil-five", [SeatPlan.person("Ann"), SeatPlan.robot()],
...                      name="Tuesday", now=0.0, seed=7).table
>>> setup = table_setup(table)
>>> setup["name"], [seat["kind"] for seat in setup["seats"]]
('Tuesday', ['person', 'bot'])
>>> table_from_setup(table.id, 0, setup, game_record(table)) == table
True
"""

from __future__ import annotations

from typing import Any

from cardrules import records
from cardrules.errors import RecordError, WrongMomentError
from cardrules.records import GameRecord
from cardrules.tables.seats import Seat, SeatKind
from cardrules.tables.table import Step, StepKind, Table

__all__ = [
    "decisions_in",
    "game_record",
    "resume_table",
    "shareable_record",
    "table_from_setup",
    "table_setup",
]


def decisions_in(record: GameRecord) -> int:
    """How many decisions a game's record holds: its actions and its deals after the first.

    A table's counter is the counter at which its current game began plus this.
    """
    return len(record.deals) - 1 + sum(len(deal.actions) for deal in record.deals)


def resume_table(
    *,
    id: str,
    name: str,
    preset: str | None,
    seats: tuple[Seat, ...],
    creator: str,
    counter: int,
    game_number: int,
    game_start: int,
    record: GameRecord,
    seed: int | None,
    bot_seed: int,
    created_at: float,
    changed_at: float,
) -> Table:
    """The table a store saved: its current game replayed from ``record`` to the end.

    The counter is checked against the record: it must be ``game_start`` plus
    :func:`decisions_in` the record, so a table resumes with every accepted decision and
    none twice. The current deal's steps are rebuilt from the replay.

    Raises:
        RecordError: for a record that does not replay, that is not for ``seats``, or
            that does not hold exactly the decisions the counter says.
    """
    expected = game_start + decisions_in(record)
    if counter != expected:
        raise RecordError(
            f"the counter is {counter} but the record holds the decisions up to {expected}"
        )
    if record.options.players != len(seats):
        raise RecordError(f"the record is for {record.options.players} players, not {len(seats)}")
    last = len(record.deals) - 1
    deal_counter = game_start + last + sum(len(deal.actions) for deal in record.deals[:last])
    kind = StepKind.GAME if last == 0 else StepKind.DEAL
    states = records.replay(record)
    for _ in range(sum(len(deal.actions) + 1 for deal in record.deals[:last])):
        next(states)
    state = next(states)
    trail = [Step(deal_counter, kind, None, None, None, state)]
    for action in record.deals[last].actions:
        before, state = state, next(states)
        seat = before.to_act
        trail.append(Step(trail[-1].counter + 1, StepKind.ACTION, seat, action, before, state))
    return Table(
        id=id,
        name=name,
        game=record.game,
        preset=preset,
        seats=seats,
        creator=creator,
        state=state,
        counter=counter,
        game_number=game_number,
        deal_number=last + 1,
        game_start=game_start,
        trail=tuple(trail),
        seed=seed,
        bot_seed=bot_seed,
        created_at=created_at,
        changed_at=changed_at,
    )


def game_record(table: Table) -> GameRecord:
    """The :mod:`cardrules.records` record of the table's current game.

    It holds every hidden card: a store keeps it; people are given it only between deals.

    The seats' names go in its metadata (``"seat 0": "Ann"``) with the table's name.
    """
    metadata = {f"seat {number}": seat.name for number, seat in enumerate(table.seats)}
    metadata["table"] = table.name
    return records.record(table.state, metadata=metadata)


def shareable_record(table: Table) -> GameRecord:
    """The record of the current game, to give people: only once the deal is over.

    A record replays every deal it covers exactly, so it shows their hidden cards: that
    is why it is given out only between deals. A table without a seed deals each deal
    from a fresh secret seed, so the record tells nothing of the deals to come; a seeded
    table's record gives its seed away, and with it every later deal (a seed is for
    tests and for reproducing a game, not for a game people play for stakes).

    Raises:
        WrongMomentError: while a deal is being played.
    """
    if not table.is_deal_over:
        raise WrongMomentError("the game's record can be given out only once the deal is over")
    return game_record(table)


def table_setup(table: Table) -> dict[str, Any]:
    """What a store keeps of a table besides its counter and its game: JSON values.

    Its name, preset, seats (with their credentials' digests, never the credentials),
    the creator's digest, seeds, game number, the counter its game began at, and times.
    The state is not in it: it is replayed from the game's record.
    """
    return {
        "name": table.name,
        "preset": table.preset,
        "seats": [
            {
                "kind": seat.kind.value,
                "name": seat.name,
                "bot": seat.bot,
                "credential": seat.credential,
                "active_at": seat.active_at,
                "language": seat.language,
            }
            for seat in table.seats
        ],
        "creator": table.creator,
        "seed": table.seed,
        "bot_seed": table.bot_seed,
        "game_number": table.game_number,
        "game_start": table.game_start,
        "created_at": table.created_at,
        "changed_at": table.changed_at,
    }


def _seat_from(data: object) -> Seat:
    if not isinstance(data, dict):
        raise TypeError("a seat is not an object")
    return Seat(
        kind=SeatKind(data["kind"]),
        name=str(data["name"]),
        bot=None if data["bot"] is None else str(data["bot"]),
        credential=str(data["credential"]),
        active_at=float(data["active_at"]),
        language=str(data["language"]),
    )


def table_from_setup(table_id: str, counter: int, setup: object, record: GameRecord) -> Table:
    """The table a store kept: its :func:`table_setup`, its counter and its game's record.

    Raises:
        RecordError: for a setup that is not one :func:`table_setup` writes (naming what
            is wrong), or a record that does not resume (see :func:`resume_table`).
    """
    try:
        if not isinstance(setup, dict):
            raise TypeError("the setup is not an object")
        seats = setup["seats"]
        if not isinstance(seats, list):
            raise TypeError("the seats are not a list")
        fields: dict[str, Any] = {
            "name": str(setup["name"]),
            "preset": None if setup["preset"] is None else str(setup["preset"]),
            "seats": tuple(_seat_from(seat) for seat in seats),
            "creator": str(setup["creator"]),
            "game_number": int(setup["game_number"]),
            "game_start": int(setup["game_start"]),
            "seed": None if setup["seed"] is None else int(setup["seed"]),
            "bot_seed": int(setup["bot_seed"]),
            "created_at": float(setup["created_at"]),
            "changed_at": float(setup["changed_at"]),
        }
    except KeyError as exc:
        raise RecordError(f"the table's setup lacks {exc}") from None
    except (TypeError, ValueError) as exc:
        raise RecordError(f"the table's setup cannot be read: {exc}") from None
    return resume_table(id=table_id, counter=counter, record=record, **fields)

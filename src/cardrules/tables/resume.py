"""A table as a :mod:`cardrules.records` record, and a table resumed from one.

:func:`shareable_record` is the record people may be given (between deals only).

A store (:mod:`cardrules.tables.store`) keeps each table's current game as its record,
with the counter beside it; :func:`resume_table` replays the record and checks the
counter against it, so a resumed table holds every accepted decision and none twice.
"""

from __future__ import annotations

from cardrules import records
from cardrules.errors import RecordError, WrongMomentError
from cardrules.records import GameRecord
from cardrules.tables.seats import Seat
from cardrules.tables.table import Step, StepKind, Table

__all__ = ["decisions_in", "game_record", "resume_table", "shareable_record"]


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

"""Tables for the tests, built through the public API."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.tables import Key, NewTable, SeatPlan, Table, create_table


def people(count: int) -> list[SeatPlan]:
    """``count`` seats taken at once by people called P0, P1 ..."""
    return [SeatPlan.person(f"P{seat}") for seat in range(count)]


def new_table(
    game: str = "spoil-five",
    seats: Sequence[SeatPlan] | None = None,
    *,
    seed: int | None = 7,
    preset: str | None = None,
    now: float = 0.0,
    changes: dict[str, object] | None = None,
) -> NewTable:
    """A table of ``game`` (two people by default), seeded for reproducible tests."""
    return create_table(
        game, people(2) if seats is None else seats, name="Test", now=now, seed=seed,
        preset=preset, changes=changes,
    )  # fmt: skip


def key(new: NewTable, seat: int) -> Key:
    """The key of ``seat`` at the new table."""
    return Key.for_seat(seat, new.seat_credentials[seat])


def creator(new: NewTable) -> Key:
    """The creator's key."""
    return Key.for_creator(new.creator_credential)


def first_legal(table: Table) -> str:
    """The first legal action of the seat to act, in notation."""
    return str(table.module.format_action(table.module.legal_actions(table.state)[0]))

"""Tables where people play together: seats, credentials, payloads, and a store.

A *table* holds a game (Spoil Five or My Bird Sings), its options and its seats (a person
with a name, a named bot, or nobody) and counts its decisions. It has no web dependency:
a server, a terminal program or a chat bot holds tables the same way.

* :mod:`cardrules.tables.table`: the :class:`Table` value and the pure steps that change
  it (:func:`act`, :func:`step_bot`, :func:`next_deal`, :func:`rematch`,
  :func:`take_seat`, :func:`leave_seat`, :func:`hand_to_bot`).
* :mod:`cardrules.tables.payload`: what each seat (or a spectator) is sent, built from
  its view and the engine's explanations alone.
* :mod:`cardrules.tables.narration`: what a reader may be told of each step.
* :mod:`cardrules.tables.suggestion`: a suggested move (:func:`suggest`), the strongest
  bot's choice from the seat's view.
* :mod:`cardrules.tables.seats`: who sits where (:class:`Seat`, :class:`SeatPlan`), and
  :mod:`cardrules.tables.credentials`: the seats' and the creator's secrets.
* :mod:`cardrules.tables.resume`: a table's game as a :mod:`cardrules.records` record
  (:func:`shareable_record`, between deals) and a table resumed from one.
* :mod:`cardrules.tables.store`: the :class:`TableStore` interface and its SQLite default.
* :mod:`cardrules.tables.host`: :class:`TableHost`, the tables of one process with their
  locks, saving every change in a store before it is acknowledged.

>>> new = create_table("spoil-five", [SeatPlan.person("Ann"), SeatPlan.robot()],
...                    name="Tuesday", now=0.0, seed=7)
>>> payload = seat_payload(new.table, 0)
>>> payload["counter"], payload["your_turn"], len(payload["hand"]), payload["legal"][0]["action"]
(0, True, 5, 'play ...')
"""

from __future__ import annotations

from cardrules.tables.credentials import CREDENTIAL_BITS, new_credential
from cardrules.tables.host import TableHost
from cardrules.tables.narration import Reader, narrate
from cardrules.tables.payload import PAYLOAD_VERSION, seat_payload, spectator_payload
from cardrules.tables.resume import shareable_record
from cardrules.tables.seats import Seat, SeatKind, SeatPlan
from cardrules.tables.store import SCHEMA_VERSION, SQLiteTableStore, TableStore
from cardrules.tables.suggestion import Suggestion, suggest, suggestion_entry
from cardrules.tables.table import (
    IDLE_SECONDS,
    Key,
    NewTable,
    SeatChange,
    Step,
    StepKind,
    Table,
    act,
    create_table,
    hand_to_bot,
    idle_for,
    leave_seat,
    next_deal,
    play_bots,
    rematch,
    step_bot,
    take_seat,
)

__all__ = [
    "CREDENTIAL_BITS",
    "IDLE_SECONDS",
    "PAYLOAD_VERSION",
    "SCHEMA_VERSION",
    "Key",
    "NewTable",
    "Reader",
    "SQLiteTableStore",
    "Seat",
    "SeatChange",
    "SeatKind",
    "SeatPlan",
    "Step",
    "StepKind",
    "Suggestion",
    "Table",
    "TableHost",
    "TableStore",
    "act",
    "create_table",
    "hand_to_bot",
    "idle_for",
    "leave_seat",
    "narrate",
    "new_credential",
    "next_deal",
    "play_bots",
    "rematch",
    "seat_payload",
    "shareable_record",
    "spectator_payload",
    "step_bot",
    "suggest",
    "suggestion_entry",
    "take_seat",
]

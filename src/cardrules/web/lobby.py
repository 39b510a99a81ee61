"""The lobby's side of the API: the games on offer, and a request to create a table.

>>> [game["name"] for game in catalogue()["games"]]
['my-bird-sings', 'spoil-five']
>>> request = TableRequest.read({"game": "spoil-five", "players": 4, "bots": [2, 3]})
>>> request.game, request.preset, [plan.kind.value for plan in request.seats]
('spoil-five', 'peel', ['empty', 'empty', 'bot', 'bot'])
>>> TableRequest.read({"game": "my-bird-sings", "singing": "declared"}).changes
{'auto_sing': False}
>>> TableRequest.read({"game": "spoil-five", "players": 3, "bots": [0, 1, 2]})
Traceback (most recent call last):
...
cardrules.web.frames.FrameError: bad-frame: leave at least one seat for a person
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from cardrules import games, tables
from cardrules.errors import CardrulesError
from cardrules.tables.table import MAX_SEED
from cardrules.web.frames import PROTOCOL, FrameError

__all__ = ["TableRequest", "catalogue", "only_fields"]

CREATE_FIELDS: Final = ("game", "preset", "players", "bots", "name", "names", "seed", "singing")
"""The fields of a create request (``$defs.create_table`` of the protocol's schema)."""


def only_fields(data: Mapping[str, object], allowed: tuple[str, ...]) -> None:
    """Refuse a field not in ``allowed``.

    Raises:
        FrameError: ``bad-frame`` naming the field.
    """
    for name in data:
        if name not in allowed:
            raise FrameError("bad-frame", f"unknown field {name[:40]!r}", field=name[:40])


def _game(entry: games.GameEntry) -> dict[str, object]:
    presets = []
    for name in entry.presets:
        counts = entry.player_counts(name)
        default = entry.presets[name].players
        presets.append({
            "name": name,
            "label": name.replace("-", " ").capitalize(),
            "players": list(counts),
            "default_players": default if default in counts else counts[0],
        })  # fmt: skip
    return {
        "name": entry.name,
        "title": entry.title,
        "default_preset": _default_preset(entry),
        "presets": presets,
        "singing": list(SINGING) if _has_singing(entry) else [],
    }


SINGING: Final = {"automatic": True, "declared": False}
"""The lobby's ``singing`` choices (My Bird Sings): the ``auto_sing`` option each gives.

``"declared"``: a player whose hand sings says so himself ("My bird sings!", D-5);
``"automatic"``: a singing hand sings by itself (the presets' default).
"""


def _has_singing(entry: games.GameEntry) -> bool:
    """Whether the game's options have ``auto_sing`` (every game's are attrs classes)."""
    return hasattr(entry.options_class(), "auto_sing")


def _default_preset(entry: games.GameEntry) -> str:
    return "peel" if "peel" in entry.presets else next(iter(entry.presets))


def catalogue() -> dict[str, object]:
    """``GET /api/games``: each game with its presets and their player counts."""
    return {"protocol": PROTOCOL, "games": [_game(entry) for entry in games.GAMES]}


@attrs.frozen
class TableRequest:
    """A create request, read and checked (see :meth:`read`)."""

    game: str
    preset: str
    seats: tuple[tables.SeatPlan, ...]
    name: str
    seed: int | None
    changes: Mapping[str, object] = attrs.field(factory=dict)

    @classmethod
    def read(cls, data: Mapping[str, object]) -> TableRequest:
        """Check a create request's fields (``$defs.create_table``).

        Raises:
            FrameError: ``bad-frame`` naming the field at fault.
        """
        only_fields(data, CREATE_FIELDS)
        game = data.get("game")
        if not isinstance(game, str) or len(game) > 40:
            raise FrameError("bad-frame", "field 'game' must name a game", field="game")
        try:
            entry = games.lookup(game)
        except CardrulesError as exc:
            raise FrameError("bad-frame", str(exc), field="game") from None
        preset = data.get("preset", _default_preset(entry))
        if not isinstance(preset, str) or preset.strip().lower() not in entry.presets:
            choices = ", ".join(sorted(entry.presets))
            raise FrameError(
                "bad-frame", f"field 'preset' must be one of {choices}", field="preset"
            )
        preset = preset.strip().lower()
        players = data.get("players", entry.presets[preset].players)
        counts = entry.player_counts(preset)
        if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
            raise FrameError(
                "bad-frame",
                f"field 'players' must be one of {', '.join(map(str, counts))} for {preset}",
                field="players",
            )
        bots = data.get("bots", [])
        if not isinstance(bots, list) or not all(
            type(seat) is int and 0 <= seat < players for seat in bots
        ) or len(set(bots)) != len(bots):  # fmt: skip
            raise FrameError(
                "bad-frame", f"field 'bots' must list seats from 0 to {players - 1}", field="bots"
            )
        if len(bots) >= players:
            raise FrameError("bad-frame", "leave at least one seat for a person", field="bots")
        names = data.get("names", [])
        if (
            not isinstance(names, list)
            or len(names) > players
            or not all(isinstance(n, str) and len(n) <= 40 for n in names)
        ):
            raise FrameError(
                "bad-frame", "field 'names' must list at most one short name per seat",
                field="names",
            )  # fmt: skip
        name = data.get("name", f"{entry.title} table")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= 40:
            raise FrameError("bad-frame", "field 'name' must be 1 to 40 characters", field="name")
        seed = data.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
            raise FrameError(
                "bad-frame", f"field 'seed' must be a number from 0 to {MAX_SEED}",
                field="seed",
            )  # fmt: skip
        changes: dict[str, object] = {}
        singing = data.get("singing")
        if singing is not None:
            if not _has_singing(entry) or not isinstance(singing, str) or singing not in SINGING:
                choices = ", ".join(SINGING) if _has_singing(entry) else "absent for this game"
                raise FrameError("bad-frame", f"field 'singing' must be {choices}", field="singing")
            changes["auto_sing"] = SINGING[singing]
        plans = []
        for seat in range(players):
            given = str(names[seat]).strip() or None if seat < len(names) else None
            if seat in bots:
                plans.append(tables.SeatPlan.robot(name=given))
            else:
                plans.append(tables.SeatPlan.invite(given))
        return cls(entry.name, preset, tuple(plans), name, seed, changes)

    def create(self, host: tables.TableHost, now: float) -> tables.NewTable:
        """Create the table in ``host`` (which stores it).

        Raises:
            CardrulesError: for a name the tables refuse (control characters, say).
        """
        return host.create(
            self.game,
            self.seats,
            name=self.name,
            now=now,
            preset=self.preset,
            seed=self.seed,
            changes=self.changes,
        )

    @staticmethod
    def field_of(exc: CardrulesError) -> str | None:
        """The field a refusal of :func:`cardrules.tables.create_table` is about."""
        message = str(exc)
        return "name" if "name" in message else None

"""One kit per game: everything an adapter needs to know about it, built on its views.

A :class:`GameKit` ties a game module to its fixed action codes, the number of pack
positions dealt as chance outcomes, bounds on the length and the returns of one deal,
and an :class:`ObservationEncoder` that turns a seat's view (never the hidden state) into
a fixed-size ``float32`` vector in ``[-1, 1]`` and into a canonical text.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypeAlias, cast

import attrs
import numpy as np
import numpy.typing as npt

from cardrules import games, my_bird_sings, spoil_five
from cardrules.adapters._common import ActionCodec, pack_of, unsupported_reason
from cardrules.cards import Card
from cardrules.errors import OptionsError
from cardrules.games import GameEntry
from cardrules.protocol import DynamicGame, GameOptions, GameState, SeatView

__all__ = [
    "DEFAULT_ROUND_LIMIT",
    "KITS",
    "GameKit",
    "ObservationEncoder",
    "kit_for",
    "view_text",
]

DEFAULT_ROUND_LIMIT: Final = 20
"""My Bird Sings' round limit in OpenSpiel when the options set none (MBS-13)."""

Vector: TypeAlias = "npt.NDArray[np.float32]"


# --- text ------------------------------------------------------------------------------


def view_text(value: object, action_types: tuple[type, ...] = ()) -> str:
    """Write a view (or any value inside one) as canonical one-line text.

    Cards and actions are written in notation, enums by value, ``None`` as ``-``; the
    options (public and constant) are left out. Equal views give equal texts.
    """
    if value is None:
        return "-"
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value)
    if isinstance(value, int | str):
        return str(value)
    if action_types and isinstance(value, action_types):
        return str(value)
    if isinstance(value, tuple | list):
        return "[" + ",".join(view_text(item, action_types) for item in value) + "]"
    if attrs.has(type(value)):
        parts = [
            f"{field.name}={view_text(getattr(value, field.name), action_types)}"
            for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(value)))
            if field.name != "options"
        ]
        return "{" + " ".join(parts) + "}"
    return str(value)


# --- vectors ---------------------------------------------------------------------------


class _Layout:
    """Named slices of one flat vector, allocated in order."""

    def __init__(self) -> None:
        self.size = 0
        self.slices: dict[str, slice] = {}

    def add(self, name: str, size: int) -> None:
        self.slices[name] = slice(self.size, self.size + size)
        self.size += size


def _one_hot(out: Vector, part: slice, index: int | None) -> None:
    """Set the ``index``-th entry of ``part``; ``None`` sets the last one ("nobody")."""
    length = part.stop - part.start
    out[part.start + (length - 1 if index is None else index)] = 1.0


def _cards(out: Vector, part: slice, cards: Sequence[Card]) -> None:
    for card in cards:
        out[part.start + card] = 1.0


def _scaled(out: Vector, part: slice, values: Sequence[int], scale: float) -> None:
    for i, value in enumerate(values):
        out[part.start + i] = max(-1.0, min(1.0, value / scale))


@attrs.frozen(slots=True)
class ObservationEncoder:
    """Writes a seat's view as a fixed-size vector (and as text) for one set of options.

    Attributes:
        size: the length of the vector.
        names: the named parts of the vector and their slices, in order.
        write: fills a zeroed vector from a view.

    """

    size: int
    names: Mapping[str, slice]
    write: Callable[[SeatView, Vector], None] = attrs.field(repr=False)

    def encode(self, view: SeatView) -> Vector:
        """Return the view as a new ``float32`` vector of length :attr:`size`."""
        out = np.zeros(self.size, np.float32)
        self.write(view, out)
        return out


def _spoil_five_encoder(options: spoil_five.Options, scale: float) -> ObservationEncoder:
    n = options.players
    layout = _Layout()
    for name, size in (
        ("seat", n),
        ("dealer", n),
        ("to_act", n + 1),
        ("phase", len(spoil_five.Phase)),
        ("hand", 52),
        ("hand_sizes", n),
        ("trump", 4),
        ("turn_up", 52),
        ("turn_up_taken_by", n + 1),
        ("set_aside", 52),
        ("leader", n + 1),
        ("trick", n * 52),
        ("played_by", n * 52),
        ("tricks_won", n),
        ("my_discard", 52),
        ("robbed", n),
        ("declined_rob", n),
        ("fiving", 4),
        ("jink", 2),
        ("barred", n),
        ("pool", 1),
        ("balances", n),
        ("payouts", n),
    ):
        layout.add(name, size)
    s = layout.slices
    fiving = (
        spoil_five.EventKind.ASK_FIVE,
        spoil_five.EventKind.DECLINE_FIVE,
        spoil_five.EventKind.ACCEPT_FIVE,
        spoil_five.EventKind.REFUSE_FIVE,
    )
    phases = list(spoil_five.Phase)

    def write(view: spoil_five.View, out: Vector) -> None:
        seat = view.seat
        _one_hot(out, s["seat"], seat)
        _one_hot(out, s["dealer"], view.dealer)
        _one_hot(out, s["to_act"], view.to_act)
        _one_hot(out, s["phase"], phases.index(view.phase))
        _cards(out, s["hand"], view.hand)
        _scaled(out, s["hand_sizes"], view.hand_sizes, 5)
        _one_hot(out, s["trump"], int(view.trump))
        _cards(out, s["turn_up"], (view.turn_up,))
        _one_hot(out, s["turn_up_taken_by"], view.turn_up_taken_by)
        _cards(out, s["set_aside"], view.set_aside)
        _one_hot(out, s["leader"], view.leader)
        for position, card in enumerate(view.trick):
            out[s["trick"].start + 52 * position + card] = 1.0
        for trick in view.tricks:
            for position, card in enumerate(trick.cards):
                player = (trick.leader + position) % n
                out[s["played_by"].start + 52 * player + card] = 1.0
        _scaled(out, s["tricks_won"], view.tricks_won, 5)
        for event in view.events:
            kind = event.kind
            if kind is spoil_five.EventKind.ROB:
                out[s["robbed"].start + event.seat] = 1.0
                if event.seat == seat and event.card is not None:
                    _cards(out, s["my_discard"], (event.card,))
            elif kind is spoil_five.EventKind.DECLINE_ROB:
                out[s["declined_rob"].start + event.seat] = 1.0
            elif kind in fiving:
                out[s["fiving"].start + fiving.index(kind)] = 1.0
            elif kind is spoil_five.EventKind.STOP:
                out[s["jink"].start] = 1.0
            elif kind is spoil_five.EventKind.GO_ON:
                out[s["jink"].start + 1] = 1.0
        for barred in view.barred:
            out[s["barred"].start + barred] = 1.0
        _scaled(out, s["pool"], (view.pool,), scale)
        _scaled(out, s["balances"], view.balances, scale)
        if view.outcome is not None:
            _scaled(out, s["payouts"], view.outcome.payouts, scale)

    return ObservationEncoder(
        layout.size, dict(s), cast("Callable[[SeatView, Vector], None]", write)
    )


def _my_bird_sings_encoder(
    options: my_bird_sings.Options, scale: float, turns: int
) -> ObservationEncoder:
    n = options.players
    most = options.hand_size + 1
    layout = _Layout()
    for name, size in (
        ("seat", n),
        ("dealer", n),
        ("to_act", n + 1),
        ("on_turn", n),
        ("phase", len(my_bird_sings.Phase)),
        ("turn", 1),
        ("hand", 52),
        ("hand_sizes", n),
        ("passed", 52),
        ("last_passed", 52),
        ("received", 52),
        ("last_received", 52),
        ("exchange_discards", 52),
        ("exchange_rejects", 52),
        ("exchange_taken", 52),
        ("public_rejects", 52),
        ("exchanges_made", n),
        ("exchanged", 1),
        ("stock_count", 1),
        ("dead_count", 1),
        ("tricks", n),
        ("trick_cards", 52),
        ("replenished", 52),
        ("offered", 1),
        ("pool", 1),
        ("balances", n),
        ("shown", 52),
        ("payouts", n),
    ):
        layout.add(name, size)
    s = layout.slices
    phases = list(my_bird_sings.Phase)
    pack = options.pack

    def write(view: my_bird_sings.View, out: Vector) -> None:
        _one_hot(out, s["seat"], view.seat)
        _one_hot(out, s["dealer"], view.dealer)
        _one_hot(out, s["to_act"], view.to_act)
        _one_hot(out, s["on_turn"], view.on_turn)
        _one_hot(out, s["phase"], phases.index(view.phase))
        _scaled(out, s["turn"], (view.turn,), max(turns, 1))
        _cards(out, s["hand"], view.hand)
        _scaled(out, s["hand_sizes"], view.hand_sizes, most)
        _cards(out, s["passed"], view.passed)
        _cards(out, s["last_passed"], view.passed[-1:])
        _cards(out, s["received"], view.received)
        _cards(out, s["last_received"], view.received[-1:])
        for exchange in view.exchanges:
            _cards(out, s["exchange_discards"], (exchange.discard,))
            _cards(out, s["exchange_rejects"], exchange.rejects)
            _cards(out, s["exchange_taken"], (exchange.taken,))
        _cards(out, s["public_rejects"], view.public_rejects)
        _scaled(out, s["exchanges_made"], view.exchanges_made, max(turns, 1))
        _scaled(out, s["exchanged"], (int(view.exchanged),), 1)
        _scaled(out, s["stock_count"], (view.stock_count,), pack)
        _scaled(out, s["dead_count"], (view.dead_count,), pack)
        _scaled(out, s["tricks"], view.tricks, max(pack // 4, 1))
        _cards(out, s["trick_cards"], view.trick_cards)
        _cards(out, s["replenished"], view.replenished)
        _scaled(out, s["offered"], (view.offered,), most)
        _scaled(out, s["pool"], (view.pool,), scale)
        _scaled(out, s["balances"], view.balances, scale)
        if view.outcome is not None:
            _cards(out, s["shown"], view.outcome.shown)
            _scaled(out, s["payouts"], view.outcome.payouts, scale)

    return ObservationEncoder(
        layout.size, dict(s), cast("Callable[[SeatView, Vector], None]", write)
    )


# --- kits ------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class GameKit:
    """What the adapters know about one game.

    Attributes:
        entry: the game's entry in the registry (:mod:`cardrules.games`).
        codec: the game's fixed action codes.

    """

    entry: GameEntry
    codec: ActionCodec

    @property
    def key(self) -> str:
        """The game's package name, ``spoil_five`` or ``my_bird_sings``."""
        return self.entry.key

    @property
    def name(self) -> str:
        """The game's name in records (``spoil-five``)."""
        return self.entry.name

    @property
    def engine(self) -> DynamicGame:
        """The game module."""
        return self.entry.module

    def prepare(self, options: object, *, framework: str) -> GameOptions:
        """Check that an adapter can offer ``options``; return them ready for it.

        For OpenSpiel, My Bird Sings without a round limit gets :data:`DEFAULT_ROUND_LIMIT`
        (an episode must have a bounded length).

        Raises:
            OptionsError: if the options are not this game's or cannot be offered.

        """
        if not isinstance(options, self.entry.options_class):
            raise OptionsError(f"options: expected {self.key}.Options, not {options!r}")
        reason = unsupported_reason(options, framework=framework)
        if reason is not None:
            raise OptionsError(reason)
        if (
            framework == "openspiel"
            and isinstance(options, my_bird_sings.Options)
            and options.round_limit is None
        ):
            return attrs.evolve(options, round_limit=DEFAULT_ROUND_LIMIT)
        return options

    def pack(self, options: object) -> tuple[Card, ...]:
        """The pack the game is played with."""
        return pack_of(options)

    def chance_positions(self, options: object) -> int:
        """How many cards from the top of the pack are dealt as explicit chance outcomes.

        These are all the positions anybody can ever see; the last card of the pack is
        never a chance node (it is whatever remains).
        """
        pack = len(self.pack(options))
        if isinstance(options, spoil_five.Options):
            used = 5 * options.players + 1 + (12 if options.fiving else 0)
        else:
            mbs = cast("my_bird_sings.Options", options)
            stock_used = mbs.exchange_by != "nobody" or mbs.play_to_exhaustion
            used = pack if stock_used else mbs.players * mbs.hand_size
        return min(used, pack - 1)

    def max_decisions(self, options: object) -> int:
        """An upper bound on the number of steps in one deal after the deal itself.

        (With ``draw_blind`` each draw is followed by one chance node in OpenSpiel.)
        """
        if isinstance(options, spoil_five.Options):
            return 5 * options.players + 6
        mbs = cast("my_bird_sings.Options", options)
        limit = mbs.round_limit if mbs.round_limit is not None else DEFAULT_ROUND_LIMIT
        sings = mbs.pack // mbs.hand_size + 1
        draws = limit * mbs.players if mbs.passing == "draw_blind" else 0  # chance nodes
        return 4 * limit * mbs.players + mbs.players + 3 * sings + 4 + draws

    def utility_bounds(self, options: object) -> tuple[int, int]:
        """Bounds on one seat's return from one deal (counters won minus paid)."""
        if isinstance(options, spoil_five.Options):
            n = options.players
            jink = options.full_stake if options.jinking else 0
            low = -(options.full_stake + options.dealer_extra + jink)
            high = n * options.full_stake + options.dealer_extra + (n - 1) * jink
        else:
            mbs = cast("my_bird_sings.Options", options)
            low = -(mbs.stake + mbs.dealer_extra)
            high = mbs.players * mbs.stake + mbs.dealer_extra
        return low, max(high, low + 1)

    def encoder(self, options: object) -> ObservationEncoder:
        """The observation encoder for ``options``."""
        low, high = self.utility_bounds(options)
        scale = float(max(-low, high, 1))
        if isinstance(options, spoil_five.Options):
            return _spoil_five_encoder(options, scale)
        mbs = cast("my_bird_sings.Options", options)
        limit = mbs.round_limit if mbs.round_limit is not None else DEFAULT_ROUND_LIMIT
        return _my_bird_sings_encoder(mbs, scale, limit * mbs.players)

    def text(self, view: SeatView) -> str:
        """The view as canonical text (see :func:`view_text`)."""
        return view_text(view, self.engine.ACTION_TYPES)

    def encode(self, state: GameState, action: object) -> int:
        """The code of ``action`` taken by the seat on turn in ``state``."""
        seat = state.to_act
        holding = state.hands[seat] if seat is not None else ()
        return self.codec.encode(str(action), holding)

    def decode(self, state: GameState, code: int) -> object:
        """The action that ``code`` names for the seat on turn in ``state``."""
        seat = state.to_act
        holding = state.hands[seat] if seat is not None else ()
        return self.engine.parse_action(self.codec.decode(code, holding))

    def legal_codes(self, state: GameState) -> tuple[int, ...]:
        """The codes of the legal actions, ascending."""
        return tuple(
            sorted(self.encode(state, action) for action in self.engine.legal_actions(state))
        )


SPOIL_FIVE_CODEC: Final = ActionCodec(
    card_verbs=("play", "rob"),
    bare_verbs=(
        "decline-rob",
        "stop",
        "go-on",
        "ask-five",
        "decline-five",
        "accept-five",
        "refuse-five",
    ),
)
"""Spoil Five: ``play c`` = card index (0-51), ``rob c`` = 52 + index, then 104-110."""

MY_BIRD_SINGS_CODEC: Final = ActionCodec(
    card_verbs=("pass", "exchange"),
    bare_verbs=("decline-exchange", "decline-sing", "abandon"),
    draw_positions=16,
    has_sing=True,
)
"""My Bird Sings: ``pass c`` 0-51, ``exchange c`` 52-103, ``draw i`` 104-119, then
``decline-exchange`` 120, ``decline-sing`` 121, ``abandon`` 122, and ``sing`` 123-175
(123 + the index of the one card left out, or 175 for the whole holding)."""

KITS: Final[Mapping[str, GameKit]] = {
    kit.key: kit
    for kit in (
        GameKit(games.lookup(spoil_five.NAME), SPOIL_FIVE_CODEC),
        GameKit(games.lookup(my_bird_sings.NAME), MY_BIRD_SINGS_CODEC),
    )
}
"""The kits of the games the adapters offer, by key (``spoil_five``)."""


def kit_for(game: object) -> GameKit:
    """Return the kit of a game given by module, key (``spoil_five``) or name.

    Raises:
        OptionsError: if ``game`` names no game the adapters offer.

    """
    entry = games.entry_of(game)
    kit = None if entry is None else KITS.get(entry.key)
    if kit is None:
        raise OptionsError(f"game: expected {' or '.join(KITS)}, not {game!r}")
    return kit

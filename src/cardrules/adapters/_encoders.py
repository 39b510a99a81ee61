"""Views as vectors and texts: the observations and information states of the adapters.

Every vector is ``float32`` in ``[-1, 1]``, built from a seat's view (never from the
hidden state), with every seat-indexed part **relative to the observer**: position 0 is
the observer, 1 his left neighbour, and so on. Two encoders per game:

- the **observation** (:class:`ObservationEncoder`): what the seat sees now, compact
  (cards played as sets per seat, counters);
- the **information state** (:class:`InformationStateEncoder`): everything the seat has
  seen in the episode, in order (perfect recall), within a size fixed by the options:
  tricks card by card, cards passed and received one by one, the seat's own exchanges
  turn by turn, and (My Bird Sings) the public counters of every turn.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias, cast

import attrs
import numpy as np
import numpy.typing as npt

from cardrules import my_bird_sings, spoil_five
from cardrules.cards import Card
from cardrules.errors import CardrulesError
from cardrules.protocol import SeatView

__all__ = [
    "InformationStateEncoder",
    "ObservationEncoder",
    "Trace",
    "TraceStep",
    "Vector",
    "information_state_encoder",
    "observation_encoder",
    "trace_step",
    "view_text",
]

Vector: TypeAlias = "npt.NDArray[np.float32]"

TraceStep: TypeAlias = "tuple[int, int, int, int, tuple[int, ...]]"
"""The public counters one step changed in My Bird Sings: ``(turn, exchanges, dead
cards, stock cards, tricks by seat)``, the turn being the one in which the step began."""

Trace: TypeAlias = "tuple[TraceStep, ...]"
"""The public changes of a My Bird Sings deal so far, one entry per step that made one."""


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

    def __init__(self, parts: Sequence[tuple[str, int]]) -> None:
        self.size = 0
        self.slices: dict[str, slice] = {}
        for name, size in parts:
            self.slices[name] = slice(self.size, self.size + size)
            self.size += size


class _Sink:
    """Where a writer puts what it sets: the entries that are 1, and scaled values.

    Collecting them and setting them in two numpy assignments is several times faster
    than setting numpy entries one by one from Python.
    """

    __slots__ = ("at", "ones", "values")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.at: list[int] = []
        self.values: list[float] = []

    def flush(self, out: Vector) -> None:
        """Write everything into ``out`` (zeros) in one numpy call."""
        ones = self.ones
        out.put(self.at + ones, self.values + [1.0] * len(ones))


def _cards(out: _Sink, start: int, cards: Sequence[Card]) -> None:
    out.ones.extend([start + card for card in cards])


def _sequence(out: _Sink, part: slice, cards: Sequence[Card], what: str) -> None:
    """Write ``cards`` in order, one 52-wide block per position."""
    if 52 * len(cards) > part.stop - part.start:
        raise CardrulesError(f"more {what} than the information state has room for")
    start = part.start
    out.ones.extend([start + 52 * position + card for position, card in enumerate(cards)])


def _clamped(value: float) -> float:
    return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value


def _scaled(out: _Sink, start: int, values: Sequence[int], scale: float) -> None:
    """Write ``values / scale``, clamped to ``[-1, 1]``, from ``start`` on."""
    out.at.extend(range(start, start + len(values)))
    out.values.extend([_clamped(value / scale) for value in values])


@attrs.frozen(slots=True)
class ObservationEncoder:
    """Writes a seat's view as a fixed-size vector for one set of options.

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


def _flushing(write: Callable[..., None]) -> Callable[..., None]:
    """A writer into a vector, from a writer into a :class:`_Sink` (last argument)."""

    def into(*arguments: Any) -> None:
        sink = _Sink()
        write(*arguments[:-1], sink)
        sink.flush(arguments[-1])

    return into


@attrs.frozen(slots=True)
class InformationStateEncoder:
    """Writes what a seat has seen in an episode as a fixed-size vector (perfect recall).

    ``write(view, trace, settled, out)`` takes the seat's current view, the public trace
    of the deal (My Bird Sings; ``()`` for Spoil Five) and the number of deals settled by
    the deal itself earlier in the episode.

    Attributes:
        size: the length of the vector.
        names: the named parts of the vector and their slices, in order.
        write: fills a zeroed vector.

    """

    size: int
    names: Mapping[str, slice]
    write: Callable[[SeatView, Trace, int, Vector], None] = attrs.field(repr=False)


_SF_FIVING: Final = (
    spoil_five.EventKind.ASK_FIVE,
    spoil_five.EventKind.DECLINE_FIVE,
    spoil_five.EventKind.ACCEPT_FIVE,
    spoil_five.EventKind.REFUSE_FIVE,
)
_SF_TRICKS: Final = 5
_SF_SET_ASIDE: Final = 13  # the first turn-up and at most 12 more of its suit (SF-9)


def _spoil_five_common(n: int, scale: float) -> list[tuple[str, int]]:
    return [
        ("dealer", n),
        ("to_act", n + 1),
        ("phase", len(spoil_five.Phase)),
        ("hand", 52),
        ("hand_sizes", n),
        ("trump", 4),
        ("turn_up", 52),
        ("turn_up_taken_by", n + 1),
    ]


def _spoil_five_writer(
    n: int, s: Mapping[str, slice], scale: float
) -> Callable[[spoil_five.View, _Sink], None]:
    """The parts both Spoil Five encoders share, written from one view.

    Written as one function over precomputed offsets: it runs at every step of an
    environment, so it makes as few Python operations as it can.
    """
    phases = {phase: index for index, phase in enumerate(spoil_five.Phase)}
    dealer, to_act, phase = s["dealer"].start, s["to_act"].start, s["phase"].start
    nobody_acts = s["to_act"].stop - 1
    hand, trump, turn_up = s["hand"].start, s["trump"].start, s["turn_up"].start
    taker, nobody_took = s["turn_up_taken_by"].start, s["turn_up_taken_by"].stop - 1
    robbed, declined, discard = s["robbed"].start, s["declined_rob"].start, s["my_discard"].start
    fiving, jink, barred = s["fiving"].start, s["jink"].start, s["barred"].start
    per_seat = [
        (range(s[name].start, s[name].start + n), 1.0 / divisor)
        for name, divisor in (
            ("hand_sizes", 5.0),
            ("tricks_won", 5.0),
            ("balances", scale),
        )
    ]
    sizes_at, won_at, balances_at = (list(positions) for positions, _ in per_seat)
    pool_at, payouts_at = s["pool"].start, list(range(s["payouts"].start, s["payouts"].stop))
    per_card, per_money = 1.0 / 5.0, 1.0 / scale
    kinds = spoil_five.EventKind
    flags = {kinds.STOP: jink, kinds.GO_ON: jink + 1}
    flags.update({kind: fiving + index for index, kind in enumerate(_SF_FIVING)})

    def write(view: spoil_five.View, out: _Sink) -> None:
        seat = view.seat
        ones, at, values = out.ones, out.at, out.values
        acting, taken = view.to_act, view.turn_up_taken_by
        ones.append(dealer + (view.dealer - seat) % n)
        ones.append(nobody_acts if acting is None else to_act + (acting - seat) % n)
        ones.append(phase + phases[view.phase])
        ones.extend([hand + card for card in view.hand])
        ones.append(trump + int(view.trump))
        ones.append(turn_up + view.turn_up)
        ones.append(nobody_took if taken is None else taker + (taken - seat) % n)
        for event in view.events:
            kind = event.kind
            if kind is kinds.ROB:
                ones.append(robbed + (event.seat - seat) % n)
                if event.seat == seat and event.card is not None:
                    ones.append(discard + event.card)
            elif kind is kinds.DECLINE_ROB:
                ones.append(declined + (event.seat - seat) % n)
            elif kind in flags:
                ones.append(flags[kind])
        ones.extend([barred + (other - seat) % n for other in view.barred])
        sizes, won, balances = view.hand_sizes, view.tricks_won, view.balances
        at.extend(sizes_at)
        values.extend([count * per_card for count in sizes[seat:] + sizes[:seat]])
        at.extend(won_at)
        values.extend([count * per_card for count in won[seat:] + won[:seat]])
        at.extend(balances_at)
        values.extend([_clamped(money * per_money) for money in balances[seat:] + balances[:seat]])
        at.append(pool_at)
        values.append(_clamped(view.pool * per_money))
        if view.outcome is not None:
            paid = view.outcome.payouts
            at.extend(payouts_at)
            values.extend([_clamped(money * per_money) for money in paid[seat:] + paid[:seat]])

    return write


def _spoil_five_tail(n: int) -> list[tuple[str, int]]:
    return [
        ("my_discard", 52),
        ("robbed", n),
        ("declined_rob", n),
        ("fiving", 4),
        ("jink", 2),
        ("barred", n),
        ("tricks_won", n),
        ("pool", 1),
        ("balances", n),
        ("payouts", n),
    ]


def _spoil_five_observation(options: spoil_five.Options, scale: float) -> ObservationEncoder:
    n = options.players
    layout = _Layout(
        [
            *_spoil_five_common(n, scale),
            ("set_aside", 52),
            ("leader", n + 1),
            ("trick", n * 52),
            ("played_by", n * 52),
            *_spoil_five_tail(n),
        ]
    )
    s = layout.slices
    common = _spoil_five_writer(n, s, scale)
    set_aside, leader_at, nobody_leads = (
        s["set_aside"].start,
        s["leader"].start,
        s["leader"].stop - 1,
    )
    trick_at, played_at = s["trick"].start, s["played_by"].start

    def write(view: spoil_five.View, out: _Sink) -> None:
        seat = view.seat
        common(view, out)
        ones = out.ones
        ones.extend([set_aside + card for card in view.set_aside])
        leader = view.leader
        ones.append(nobody_leads if leader is None else leader_at + (leader - seat) % n)
        ones.extend([trick_at + 52 * position + card for position, card in enumerate(view.trick)])
        for trick in view.tricks:
            first = trick.leader - seat
            ones.extend(
                [
                    played_at + 52 * ((first + position) % n) + card
                    for position, card in enumerate(trick.cards)
                ]
            )

    return ObservationEncoder(
        layout.size, dict(s), cast("Callable[[SeatView, Vector], None]", _flushing(write))
    )


def _spoil_five_information(
    options: spoil_five.Options, scale: float, settle_limit: int
) -> InformationStateEncoder:
    n = options.players
    layout = _Layout(
        [
            ("settled_before", 1),
            *_spoil_five_common(n, scale),
            ("set_aside", 52 * _SF_SET_ASIDE if options.fiving else 0),
            ("trick_leaders", _SF_TRICKS * n),
            ("trick_cards", _SF_TRICKS * n * 52),
            *_spoil_five_tail(n),
        ]
    )
    s = layout.slices
    common = _spoil_five_writer(n, s, scale)
    leaders, cards = s["trick_leaders"].start, s["trick_cards"].start

    def write(view: spoil_five.View, trace: Trace, settled: int, out: _Sink) -> None:
        seat = view.seat
        _scaled(out, s["settled_before"].start, (settled,), max(settle_limit, 1))
        common(view, out)
        if options.fiving:
            _sequence(out, s["set_aside"], view.set_aside, "cards set aside")
        tricks = [(trick.leader, trick.cards) for trick in view.tricks]
        if view.leader is not None and view.trick:
            tricks.append((view.leader, view.trick))
        for number, (leader, played) in enumerate(tricks):
            out.ones.append(leaders + n * number + (leader - seat) % n)
            for position, card in enumerate(played):
                player = (leader + position - seat) % n
                out.ones.append(cards + 52 * (n * number + player) + card)

    return InformationStateEncoder(
        layout.size,
        dict(s),
        cast("Callable[[SeatView, Trace, int, Vector], None]", _flushing(write)),
    )


# --- My Bird Sings ---------------------------------------------------------------------


def _mbs_common(options: my_bird_sings.Options) -> list[tuple[str, int]]:
    n = options.players
    return [
        ("dealer", n),
        ("to_act", n + 1),
        ("on_turn", n),
        ("phase", len(my_bird_sings.Phase)),
        ("turn", 1),
        ("hand", 52),
        ("hand_sizes", n),
        ("exchanges_made", n),
        ("exchanged", 1),
        ("stock_count", 1),
        ("dead_count", 1),
        ("tricks", n),
        ("offered", 1),
        ("pool", 1),
        ("balances", n),
        ("shown", 52),
        ("payouts", n),
    ]


def _mbs_writer(
    options: my_bird_sings.Options, s: Mapping[str, slice], scale: float, turns: int
) -> Callable[[my_bird_sings.View, _Sink], None]:
    """The parts both My Bird Sings encoders share, as one function over offsets."""
    n = options.players
    pack = options.pack
    phases = {phase: index for index, phase in enumerate(my_bird_sings.Phase)}
    dealer, to_act, on_turn = s["dealer"].start, s["to_act"].start, s["on_turn"].start
    nobody_acts, phase, hand = s["to_act"].stop - 1, s["phase"].start, s["hand"].start
    shown = s["shown"].start

    def seats(name: str) -> list[int]:
        return list(range(s[name].start, s[name].start + n))

    sizes_at, made_at, tricks_at = seats("hand_sizes"), seats("exchanges_made"), seats("tricks")
    balances_at, payouts_at = seats("balances"), seats("payouts")
    singles_at = [
        s[name].start
        for name in ("turn", "exchanged", "stock_count", "dead_count", "offered", "pool")
    ]
    per_card = 1.0 / (options.hand_size + 1)
    per_turn, per_pack = 1.0 / max(turns, 1), 1.0 / pack
    per_trick, per_money = 1.0 / max(pack // 4, 1), 1.0 / scale

    def write(view: my_bird_sings.View, out: _Sink) -> None:
        seat = view.seat
        ones, at, values = out.ones, out.at, out.values
        acting = view.to_act
        ones.append(dealer + (view.dealer - seat) % n)
        ones.append(nobody_acts if acting is None else to_act + (acting - seat) % n)
        ones.append(on_turn + (view.on_turn - seat) % n)
        ones.append(phase + phases[view.phase])
        ones.extend([hand + card for card in view.hand])
        sizes, made, tricks, balances = (
            view.hand_sizes,
            view.exchanges_made,
            view.tricks,
            view.balances,
        )
        at.extend(sizes_at)
        values.extend([count * per_card for count in sizes[seat:] + sizes[:seat]])
        at.extend(made_at)
        values.extend([_clamped(count * per_turn) for count in made[seat:] + made[:seat]])
        at.extend(tricks_at)
        values.extend([_clamped(count * per_trick) for count in tricks[seat:] + tricks[:seat]])
        at.extend(balances_at)
        values.extend([_clamped(money * per_money) for money in balances[seat:] + balances[:seat]])
        at.extend(singles_at)
        values.extend(
            [
                _clamped(view.turn * per_turn),
                1.0 if view.exchanged else 0.0,
                view.stock_count * per_pack,
                view.dead_count * per_pack,
                view.offered * per_card,
                _clamped(view.pool * per_money),
            ]
        )
        outcome = view.outcome
        if outcome is not None:
            ones.extend([shown + card for card in outcome.shown])
            paid = outcome.payouts
            at.extend(payouts_at)
            values.extend([_clamped(money * per_money) for money in paid[seat:] + paid[:seat]])

    return write


def _my_bird_sings_observation(
    options: my_bird_sings.Options, scale: float, turns: int
) -> ObservationEncoder:
    layout = _Layout(
        [
            *_mbs_common(options),
            ("passed", 52),
            ("last_passed", 52),
            ("received", 52),
            ("last_received", 52),
            ("exchange_discards", 52),
            ("exchange_rejects", 52),
            ("exchange_taken", 52),
            ("public_rejects", 52),
            ("trick_cards", 52),
            ("replenished", 52),
        ]
    )
    s = layout.slices
    common = _mbs_writer(options, s, scale, max(turns, 1))
    passed, last_passed = s["passed"].start, s["last_passed"].start
    received, last_received = s["received"].start, s["last_received"].start
    discards, rejects = s["exchange_discards"].start, s["exchange_rejects"].start
    taken, public = s["exchange_taken"].start, s["public_rejects"].start
    laid, replenished = s["trick_cards"].start, s["replenished"].start

    def write(view: my_bird_sings.View, out: _Sink) -> None:
        common(view, out)
        ones = out.ones
        gave, got = view.passed, view.received
        ones.extend([passed + card for card in gave])
        ones.extend([received + card for card in got])
        if gave:
            ones.append(last_passed + gave[-1])
        if got:
            ones.append(last_received + got[-1])
        for exchange in view.exchanges:
            ones.append(discards + exchange.discard)
            ones.extend([rejects + card for card in exchange.rejects])
            ones.append(taken + exchange.taken)
        ones.extend([public + card for card in view.public_rejects])
        ones.extend([laid + card for card in view.trick_cards])
        ones.extend([replenished + card for card in view.replenished])

    return ObservationEncoder(
        layout.size, dict(s), cast("Callable[[SeatView, Vector], None]", _flushing(write))
    )


def _my_bird_sings_information(
    options: my_bird_sings.Options, scale: float, rounds: int, settle_limit: int
) -> InformationStateEncoder:
    n = options.players
    turns = rounds * n  # MBS-13: no turn begins at or after round_limit * n
    stock = max(options.pack - n * options.hand_size, 0)
    exchanges = rounds if options.exchange_by != "nobody" and stock else 0
    rejects = stock if options.rejects_visible else 0
    tricks = options.pack // options.hand_size if options.play_to_exhaustion else 0
    layout = _Layout(
        [
            ("settled_before", 1),
            *_mbs_common(options),
            ("passed", 52 * rounds),
            ("received", 52 * rounds),
            ("exchange_discards", 52 * exchanges),
            ("exchange_rejects", 52 * exchanges),
            ("exchange_taken", 52 * exchanges),
            ("public_rejects", 52 * rejects),
            ("trick_cards", 52 * tricks),
            ("replenished", 52 * tricks),
            ("turn_exchanges", turns),
            ("turn_dead", turns),
            ("turn_stock", turns),
            ("turn_tricks", turns * n),
        ]
    )
    s = layout.slices
    common = _mbs_writer(options, s, scale, max(turns, 1))
    pack = options.pack
    size = options.hand_size

    def write(view: my_bird_sings.View, trace: Trace, settled: int, out: _Sink) -> None:
        seat = view.seat
        _scaled(out, s["settled_before"].start, (settled,), max(settle_limit, 1))
        common(view, out)
        _sequence(out, s["passed"], view.passed, "cards passed")
        _sequence(out, s["received"], view.received, "cards received")
        for exchange in view.exchanges:
            block = 52 * (exchange.turn // n)
            if block >= 52 * exchanges:
                raise CardrulesError("more exchanges than the information state has room for")
            _cards(out, s["exchange_discards"].start + block, (exchange.discard,))
            _cards(out, s["exchange_rejects"].start + block, exchange.rejects)
            _cards(out, s["exchange_taken"].start + block, (exchange.taken,))
        if rejects:
            _sequence(out, s["public_rejects"], view.public_rejects, "rejected cards")
        if tricks:
            for part, cards in (
                ("trick_cards", view.trick_cards),
                ("replenished", view.replenished),
            ):
                start = s[part].start
                for position, card in enumerate(cards):
                    out.ones.append(start + 52 * (position // size) + card)
        sums: dict[int, float] = {}
        for turn, exchanged, dead, stocked, laid in trace:
            if turn >= turns:
                raise CardrulesError("more turns than the information state has room for")
            for at, value in (
                (s["turn_exchanges"].start + turn, float(exchanged)),
                (s["turn_dead"].start + turn, dead / pack),
                (s["turn_stock"].start + turn, stocked / pack),
            ):
                sums[at] = sums.get(at, 0.0) + value
            base = s["turn_tricks"].start + n * turn
            for other, count in enumerate(laid):
                at = base + (other - seat) % n
                sums[at] = sums.get(at, 0.0) + count / max(pack // 4, 1)
        out.at.extend(sums)
        out.values.extend(sums.values())

    return InformationStateEncoder(
        layout.size,
        dict(s),
        cast("Callable[[SeatView, Trace, int, Vector], None]", _flushing(write)),
    )


def trace_step(before: my_bird_sings.View, after: my_bird_sings.View) -> TraceStep | None:
    """The public counters a step from ``before`` to ``after`` changed, or None.

    Both views may be of any seat: the counters (exchanges made, dead pile, stock and
    tricks) are public. The step is filed under the turn in which it began.
    """
    exchanged = sum(after.exchanges_made) - sum(before.exchanges_made)
    dead = after.dead_count - before.dead_count
    stocked = after.stock_count - before.stock_count
    laid = tuple(a - b for a, b in zip(after.tricks, before.tricks, strict=True))
    if not (exchanged or dead or stocked or any(laid)):
        return None
    return (before.turn, exchanged, dead, stocked, laid)


# --- choosing an encoder ---------------------------------------------------------------


def observation_encoder(options: object, scale: float, turns: int) -> ObservationEncoder:
    """The observation encoder of a game's options (``turns``: My Bird Sings' bound)."""
    if isinstance(options, spoil_five.Options):
        return _spoil_five_observation(options, scale)
    return _my_bird_sings_observation(cast("my_bird_sings.Options", options), scale, turns)


def information_state_encoder(
    options: object, scale: float, rounds: int, settle_limit: int
) -> InformationStateEncoder:
    """The information state encoder of a game's options (``rounds``: the round limit)."""
    if isinstance(options, spoil_five.Options):
        return _spoil_five_information(options, scale, settle_limit)
    mbs = cast("my_bird_sings.Options", options)
    return _my_bird_sings_information(mbs, scale, rounds, settle_limit)

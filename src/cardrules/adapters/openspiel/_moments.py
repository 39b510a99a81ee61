"""The moments of an OpenSpiel episode: the pack being placed, and the deal under way.

A :class:`CardrulesState <cardrules.adapters.openspiel.CardrulesState>` holds one moment:
a :class:`Dealing` while chance places a pack (or draws the dealer), a :class:`Moment`
(Spoil Five's :class:`PlainMoment`) once the engine holds the deal. Moments never change
what they say, so cloning a state shares them; :mod:`._steps` makes the next one.
:class:`Table` holds what one game instance never changes (kit, options, encoders).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, Final, cast

import pyspiel

from cardrules import my_bird_sings
from cardrules.adapters._encoders import Trace, trace_step
from cardrules.adapters._kits import GameKit, kit_for
from cardrules.protocol import GameOptions

__all__ = [
    "CHANCE",
    "DRAW",
    "TERMINAL",
    "DealToComplete",
    "Dealing",
    "Moment",
    "PlainMoment",
    "Table",
    "outcomes",
    "prior_lines",
    "table_for",
]

CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
"""OpenSpiel's player id of chance."""
TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
"""OpenSpiel's player id of a finished episode."""
DRAW: Final = my_bird_sings.Phase.DRAW
"""My Bird Sings' passing phase, where a blind draw can be offered."""
LEGAL_MEMO: Final = 1 << 16
"""How many sets of legal actions a game remembers the codes of (then it starts again)."""
UNIFORM: Final = tuple(
    tuple((outcome, 1.0 / max(count, 1)) for outcome in range(52)) for count in range(53)
)
"""``UNIFORM[m][c]`` is the chance outcome ``(c, 1/m)``, built once: a chance node lists
its outcomes without building a tuple for each."""


def outcomes(indices: Sequence[int]) -> list[tuple[int, float]]:
    """The chance outcomes ``(c, 1/m)`` of the ``m`` (at least one) ascending ``indices``."""
    row = UNIFORM[len(indices)]
    if len(indices) == 1:
        return [row[indices[0]]]
    return list(itemgetter(*indices)(row))


class Table:
    """The constants of one game instance: kit, options, dealer, pack and encoders."""

    def __init__(self, kit: GameKit, options: GameOptions, dealer: int | None) -> None:
        self.kit = kit
        self.options = options
        self.dealer = dealer
        self.players = int(getattr(options, "players", 0))
        self.pack = kit.pack(options)
        self.indices = tuple(sorted(card.index for card in self.pack))
        self.positions = kit.chance_positions(options)
        self.dealt = kit.dealt_positions(options)
        self.settle_limit = kit.settle_limit(options)
        self.encoder = kit.encoder(options)
        self.info_encoder = kit.information_encoder(options)
        self.traced = isinstance(options, my_bird_sings.Options)
        self.draw_blind = self.traced and getattr(options, "passing", "") == "draw_blind"
        self.dealer_outcomes = [(seat, 1.0 / self.players) for seat in range(self.players)]
        # the first card's outcomes, the same for every pack (copied when asked for)
        self.pack_outcomes = outcomes(self.indices)
        self.codes = kit.codes
        self.legal_actions = kit.engine.legal_actions
        self.apply = kit.engine.apply_action
        self.size = kit.size
        self.actions = kit.actions
        self.legal_memo: dict[tuple[object, ...], list[int]] = {}


class DealToComplete:
    """A deal whose stock is not placed yet: what it takes to deal it again in full.

    My Bird Sings' stock matters only once somebody exchanges with it (MBS-11), so its
    positions are placed by chance only then (see :func:`place`); until then the engine
    holds the unplaced cards in pack order, which nobody can see. ``deck`` holds the
    indices placed for the hands, ``dealer`` the dealer and ``base`` the session state
    whose next deal this is (None for the first deal).
    """

    __slots__ = ("base", "dealer", "deck")

    def __init__(self, dealer: int, deck: tuple[int, ...], base: Any) -> None:
        self.dealer = dealer
        self.deck = deck
        self.base = base

    def __deepcopy__(self, memo: dict[int, object]) -> DealToComplete:
        return self

    def __reduce__(self) -> tuple[type[DealToComplete], tuple[object, ...]]:
        return (DealToComplete, (self.dealer, self.deck, self.base))


class Dealing:
    """A moment while a pack is being placed by chance (or the dealer drawn).

    ``deck`` holds the indices of the cards placed so far and ``left`` those still to
    come, ascending; ``dealer`` is the deal's dealer (None until chance has drawn him);
    ``base`` is the session state whose next deal is being dealt (None for the first
    deal); ``prior`` holds every seat's view text of the deals settled by the deal itself
    earlier in the episode. When the stock of a deal under way is being placed,
    ``pending`` is the moment of the decision that needs it and ``code`` that decision.

    A chance outcome moves a card from ``left`` to ``deck`` in place (a new moment per
    card cost more than the rest of the chance node), until ``copy.deepcopy`` (OpenSpiel's
    clone of a Python state) or a second state shares the object: ``copy.deepcopy``
    returns the object itself and marks it ``shared``, and :func:`place` then works on a
    copy (copy on write), so no state ever sees another's cards move.
    """

    __slots__ = (
        "base",
        "code",
        "dealer",
        "deck",
        "goal",
        "in_place",
        "left",
        "pending",
        "prior",
        "shared",
        "table",
    )

    engine: Final = None
    drawing: Final = False
    player: Final = CHANCE
    """The OpenSpiel player to act: chance."""
    chance: Final = True
    terminal: Final = False

    def __init__(
        self,
        table: Table,
        dealer: int | None,
        deck: list[int],
        left: list[int],
        base: Any,
        prior: tuple[tuple[str, ...], ...],
        pending: Moment | None = None,
        code: int = -1,
    ) -> None:
        self.table = table
        self.dealer = dealer
        self.deck = deck
        self.left = left
        self.base = base
        self.prior = prior
        self.pending = pending
        self.code = code
        self.shared = False
        # a card may move in place: the dealer is known and no other state holds this
        self.in_place = dealer is not None
        # how many cards this pack's chance nodes place: the hands (and turn-up), or
        # every position once the stock is needed
        self.goal = table.dealt if pending is None else table.positions

    def __deepcopy__(self, memo: dict[int, object]) -> Dealing:
        self.shared = True  # from now on a card placed on either state copies it first
        self.in_place = False
        return self

    def copy(self) -> Dealing:
        """A moment equal to this one that no other state holds."""
        return Dealing(
            self.table, self.dealer, self.deck[:], self.left[:], self.base, self.prior,
            self.pending, self.code,
        )  # fmt: skip

    def __reduce__(self) -> tuple[Callable[..., Dealing], tuple[object, ...]]:
        table = self.table
        return (
            restore_dealing,
            (
                table.kit.key,
                table.options,
                table.dealer,
                self.dealer,
                self.deck,
                self.left,
                self.base,
                self.prior,
                self.pending,
                self.code,
            ),
        )

    @property
    def decisions(self) -> int:
        """Decisions made so far in the deal."""
        return 0 if self.pending is None else self.pending.decisions

    def view_text(self, seat: int) -> str:
        """What any seat sees while the pack is placed."""
        if self.pending is not None:
            return self.pending.view_text(seat)
        return f"dealing: {len(self.deck)} cards placed"

    def information_text(self, seat: int) -> str:
        """Everything ``seat`` has seen in the episode, as text."""
        if self.pending is not None:
            return self.pending.information_text(seat)
        dealer = "-" if self.dealer is None else str(self.dealer)
        lines = [*prior_lines(self.prior, seat), f"dealer {dealer}; {self.view_text(seat)}"]
        return "\n".join(lines)


def prior_lines(prior: tuple[tuple[str, ...], ...], seat: int) -> list[str]:
    return [
        f"deal {number + 1}, settled by the deal: {texts[seat]}"
        for number, texts in enumerate(prior)
    ]


class Moment:
    """One moment of an episode after the deal: the engine state and what came before.

    Immutable in what it says (the caches only remember what it implies), so
    ``copy.deepcopy`` (OpenSpiel's clone of a Python state) returns the object itself and
    cloning a state costs nothing. ``deal`` is the :class:`DealToComplete` while the stock is
    still to be placed, else None; ``drawing`` marks the chance node of a blind draw;
    ``prior`` is as in :class:`Dealing`; ``parent`` is the moment before, within the
    deal (for My Bird Sings' public trace), and ``trace`` that trace where it is known
    without one (a resampled state).
    """

    left: Final = None

    __slots__ = (
        "_legal",
        "_memo",
        "_trace",
        "chance",
        "deal",
        "decisions",
        "drawing",
        "engine",
        "parent",
        "player",
        "prior",
        "table",
        "terminal",
    )

    def __init__(
        self,
        table: Table,
        engine: Any,
        deal: DealToComplete | None,
        decisions: int,
        drawing: bool,
        parent: Moment | None,
        prior: tuple[tuple[str, ...], ...],
        trace: Trace | None = None,
    ) -> None:
        self.table = table
        self.engine = engine
        self.deal = deal
        self.decisions = decisions
        self.drawing = drawing
        to_act: int | None = engine.to_act
        # the OpenSpiel player to act, asked at every step: known once
        self.player = CHANCE if drawing else TERMINAL if to_act is None else to_act
        self.chance = drawing
        self.terminal = to_act is None and not drawing
        self.parent = parent
        self.prior = prior
        self._trace = trace if trace is not None or parent is not None else ()
        self._legal: list[int] | None = None
        self._memo: dict[int, object] | None = None  # texts by seat; -1: the public view

    def __deepcopy__(self, memo: dict[int, object]) -> Moment:
        return self

    def __reduce__(self) -> tuple[Callable[..., Moment], tuple[object, ...]]:
        table = self.table
        return (
            restore_moment,
            (
                table.kit.key,
                table.options,
                table.dealer,
                self.engine,
                self.deal,
                self.decisions,
                self.drawing,
                self.parent,
                self.prior,
                self._trace,
            ),
        )

    def legal(self) -> list[int]:
        """The legal codes of the player to act (memoised; do not change the list)."""
        legal = self._legal
        if legal is None:
            table = self.table
            actions = table.legal_actions(self.engine)
            memo = table.legal_memo
            legal = memo.get(actions)
            if legal is None:
                codes = table.codes
                try:
                    legal = [codes[action] for action in actions]
                    legal.sort()
                    if len(memo) >= LEGAL_MEMO:
                        memo.clear()
                    memo[actions] = legal
                except KeyError:  # a sing, coded by the holding
                    legal = table.kit.legal_codes(self.engine)
            if table.draw_blind and self.engine.phase is DRAW:
                codec = table.kit.codec
                legal = [c for c in legal if not codec.draw_base < c < codec.bare_base]
            self._legal = legal
        return legal

    def view_text(self, seat: int) -> str:
        """The seat's observation as text (memoised)."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        text = memo.get(seat)
        if text is None:
            kit = self.table.kit
            text = memo[seat] = kit.text(kit.engine.view(self.engine, seat))
        return cast(str, text)

    def trace(self) -> Trace:
        """My Bird Sings' public trace of the deal up to this moment (memoised)."""
        chain: list[Moment] = []
        core: Moment | None = self
        while core is not None and core._trace is None:
            chain.append(core)
            core = core.parent
        trace: Trace = core._trace if core is not None and core._trace is not None else ()
        for core in reversed(chain):
            parent = core.parent
            if parent is not None:
                step = trace_step(parent.public_view(), core.public_view())
                if step is not None:
                    trace = (*trace, step)
            core._trace = trace
        return trace

    def public_view(self) -> my_bird_sings.View:
        """A view of the engine state whose public counters the trace compares."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        public = memo.get(-1)
        if public is None:
            public = memo[-1] = my_bird_sings.view(self.engine, 0)
        return cast(my_bird_sings.View, public)

    def information_text(self, seat: int) -> str:
        """Everything ``seat`` has seen in the episode, as text."""
        text = f"move {self.decisions}: {self.view_text(seat)}"
        if self.table.traced:
            text += f" trace={self.trace()!r}"
        return "\n".join([*prior_lines(self.prior, seat), text])


class PlainMoment(Moment):
    """A moment of a deal with nothing beside the engine state: Spoil Five's.

    No stock to place, no blind draw, no public trace and no deal settled before it in
    the episode, so only the engine state, the decision count and the caches are set: a
    Spoil Five decision builds one of these, at half the cost of a full :class:`Moment`.
    """

    __slots__ = ()

    deal = None
    drawing = False
    parent = None
    prior = ()
    _trace = ()

    def __init__(self, table: Table, engine: Any, decisions: int) -> None:
        self.table = table
        self.engine = engine
        self.decisions = decisions
        to_act: int | None = engine.to_act
        self.player = TERMINAL if to_act is None else to_act
        self.chance = False
        self.terminal = to_act is None
        self._legal = None
        self._memo = None


def restore_dealing(
    key: str,
    options: GameOptions,
    table_dealer: int | None,
    dealer: int | None,
    deck: Sequence[int],
    left: Sequence[int],
    base: object,
    prior: tuple[tuple[str, ...], ...],
    pending: Moment | None,
    code: int,
) -> Dealing:
    table = table_for(key, options, table_dealer)
    return Dealing(table, dealer, list(deck), list(left), base, prior, pending, code)


def restore_moment(
    key: str,
    options: GameOptions,
    table_dealer: int | None,
    engine: object,
    deal: DealToComplete | None,
    decisions: int,
    drawing: bool,
    parent: Moment | None,
    prior: tuple[tuple[str, ...], ...],
    trace: Trace | None,
) -> Moment:
    table = table_for(key, options, table_dealer)
    return Moment(table, engine, deal, decisions, drawing, parent, prior, trace)


TABLES: dict[tuple[str, GameOptions, int | None], Table] = {}


def table_for(key: str, options: GameOptions, dealer: int | None) -> Table:
    table = TABLES.get((key, options, dealer))
    if table is None:
        table = TABLES[(key, options, dealer)] = Table(kit_for(key), options, dealer)
    return table

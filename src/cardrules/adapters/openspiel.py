"""Spoil Five and My Bird Sings as OpenSpiel games (extra ``openspiel``).

Importing this module registers two Python games with ``pyspiel``:
``cardrules_spoil_five`` and ``cardrules_my_bird_sings``. An episode is one deal with
decisions:

- **Chance.** Unless the ``dealer`` parameter fixes him, the first chance node draws the
  dealer, uniformly over the seats. Then the deal is a sequence of explicit chance nodes,
  one per pack position that can matter, top card first; each outcome is a card (its
  index ``13 * suit + rank - 1``), uniform over the cards not yet placed. The positions
  left after those are filled in pack order, and nobody ever sees them. The engine deals
  from that pack (SF-8, MBS-3) as ``new_game(options, deck=..., dealer=...)``.
- **Every episode has a decision.** A My Bird Sings deal can be settled by the deal
  itself (the leader's dealt hand sings, MBS-12). The episode then plays on into the next
  deal of the session (``next_deal``: the deal passes to the left, everybody antes), whose
  pack is placed by chance nodes in the same way, and its returns include both deals. A
  run of such deals longer than the kit's limit (one less likely than ``1e-9``) is not
  played: the deal that would exceed it is dealt again, so the return bounds hold.
- **Actions.** Fixed integers (:data:`SPOIL_FIVE_CODEC`, :data:`MY_BIRD_SINGS_CODEC`):
  ``play 10C`` is always the same number; ``action_to_string`` writes our notation.
- **Observations** are built from ``cardrules.<game>.view(state, seat)`` only, never from
  hidden state, with seats relative to the observer (position 0 is the observer, 1 his
  left neighbour). The observation tensor is what the seat sees now; the **information
  state** tensor is everything the seat has seen in the episode, in order (tricks card by
  card, cards passed and received one by one, own exchanges, the public counters of every
  My Bird Sings turn), within a size fixed by the options. The information state string
  is the view's text with the same history, and the texts of the seat's views of earlier
  deals settled by the deal itself.
- **Returns.** Counters won minus counters paid in the episode (antes included), from the
  engine's settlement; they sum to minus the counters left in the pool.

Game parameters: ``preset`` (a name of ``cardrules.<game>.PRESETS``, default ``peel``),
``dealer`` (a seat, or ``-1``, the default, for a dealer drawn by chance), and every
options field with a scalar value (``players``, ``robbing``, ``jinking``, ``round_limit``
...), with Peel's values as defaults and switches as booleans. A parameter left at its
default keeps the preset's value; ``game.get_parameters()`` shows the values in force.
My Bird Sings needs a finite episode, so a ``round_limit`` of ``None`` becomes
:data:`DEFAULT_ROUND_LIMIT`. My Bird Sings' ``draw_blind`` passing is chance too: the
drawer's only decision is ``draw 0`` (or ``abandon``), since the offered cards lie face
down in a random order and every position is alike; a chance node then gives him one of
the offered cards, uniformly, and the engine applies the draw of that card's position.
Not offered (``OptionsError``): Spoil Five points games, which last several hands.

>>> import pyspiel
>>> from cardrules.adapters import openspiel
>>> game = pyspiel.load_game("cardrules_spoil_five", {"players": 3, "dealer": 0})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():  # the pack in index order: AS 2S 3S ...
...     state.apply_action(min(card for card, _ in state.chance_outcomes()))
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['play AS', 'play 2S', 'play 7S', 'play 8S', 'play 9S'])
>>> state.apply_action(0)
>>> state.observation_string(2)[:40]
'{seat=2 deal_number=0 dealer=0 eldest=1 '
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, cast

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as error:
    from cardrules.adapters._common import missing_extra

    raise missing_extra("cardrules.adapters.openspiel", "openspiel", error) from None

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters._common import (
    options_from_parameters,
    parameter_specification,
    parameters_of,
)
from cardrules.adapters._encoders import Trace, trace_step
from cardrules.adapters._kits import (
    DEFAULT_ROUND_LIMIT,
    KITS,
    MY_BIRD_SINGS_CODEC,
    SPOIL_FIVE_CODEC,
    GameKit,
    kit_for,
)
from cardrules.cards import FULL_PACK, Card
from cardrules.errors import CardrulesError, OptionsError
from cardrules.protocol import GameOptions

__all__ = [
    "DEFAULT_ROUND_LIMIT",
    "MY_BIRD_SINGS",
    "MY_BIRD_SINGS_CODEC",
    "SPOIL_FIVE",
    "SPOIL_FIVE_CODEC",
    "CardrulesGame",
    "CardrulesState",
    "MyBirdSingsGame",
    "SpoilFiveGame",
    "action_code",
    "engine_action",
    "engine_state",
    "load_game",
    "resample",
    "seat_view",
]

SPOIL_FIVE: Final = "cardrules_spoil_five"
"""The OpenSpiel short name of Spoil Five."""
MY_BIRD_SINGS: Final = "cardrules_my_bird_sings"
"""The OpenSpiel short name of My Bird Sings."""

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_DRAW: Final = my_bird_sings.Phase.DRAW
_LEGAL_MEMO: Final = 1 << 16
"""How many sets of legal actions a game remembers the codes of (then it starts again)."""
_UNIFORM: Final = tuple(
    tuple((outcome, 1.0 / max(count, 1)) for outcome in range(52)) for count in range(53)
)
"""``_UNIFORM[m][c]`` is the chance outcome ``(c, 1/m)``, built once: a chance node lists
its outcomes without building a tuple for each."""


def _outcomes(indices: Sequence[int]) -> list[tuple[int, float]]:
    """The chance outcomes ``(c, 1/m)`` of the ``m`` (at least one) ascending ``indices``."""
    row = _UNIFORM[len(indices)]
    if len(indices) == 1:
        return [row[indices[0]]]
    return list(itemgetter(*indices)(row))


class _Table:
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
        self.pack_outcomes = _outcomes(self.indices)
        self.codes = kit.codes
        self.legal_actions = kit.engine.legal_actions
        self.apply = kit.engine.apply_action
        self.step = _step if self.traced else _plain_step
        self.size = kit.size
        self.actions = kit.actions
        self.legal_memo: dict[tuple[object, ...], list[int]] = {}


class _Deal:
    """A deal whose stock is not placed yet: what it takes to deal it again in full.

    My Bird Sings' stock matters only once somebody exchanges with it (MBS-11), so its
    positions are placed by chance only then (see :func:`_place`); until then the engine
    holds the unplaced cards in pack order, which nobody can see. ``deck`` holds the
    indices placed for the hands, ``dealer`` the dealer and ``base`` the session state
    whose next deal this is (None for the first deal).
    """

    __slots__ = ("base", "dealer", "deck")

    def __init__(self, dealer: int, deck: tuple[int, ...], base: Any) -> None:
        self.dealer = dealer
        self.deck = deck
        self.base = base

    def __deepcopy__(self, memo: dict[int, object]) -> _Deal:
        return self

    def __reduce__(self) -> tuple[type[_Deal], tuple[object, ...]]:
        return (_Deal, (self.dealer, self.deck, self.base))


class _Dealing:
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
    returns the object itself and marks it ``shared``, and :func:`_place` then works on a
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
    player: Final = _CHANCE
    """The OpenSpiel player to act: chance."""
    chance: Final = True
    terminal: Final = False

    def __init__(
        self,
        table: _Table,
        dealer: int | None,
        deck: list[int],
        left: list[int],
        base: Any,
        prior: tuple[tuple[str, ...], ...],
        pending: _Core | None = None,
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

    def __deepcopy__(self, memo: dict[int, object]) -> _Dealing:
        self.shared = True  # from now on a card placed on either state copies it first
        self.in_place = False
        return self

    def copy(self) -> _Dealing:
        """A moment equal to this one that no other state holds."""
        return _Dealing(
            self.table, self.dealer, self.deck[:], self.left[:], self.base, self.prior,
            self.pending, self.code,
        )  # fmt: skip

    def __reduce__(self) -> tuple[Callable[..., _Dealing], tuple[object, ...]]:
        table = self.table
        return (
            _restore_dealing,
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
        lines = [*_prior_lines(self.prior, seat), f"dealer {dealer}; {self.view_text(seat)}"]
        return "\n".join(lines)


def _prior_lines(prior: tuple[tuple[str, ...], ...], seat: int) -> list[str]:
    return [
        f"deal {number + 1}, settled by the deal: {texts[seat]}"
        for number, texts in enumerate(prior)
    ]


class _Core:
    """One moment of an episode after the deal: the engine state and what came before.

    Immutable in what it says (the caches only remember what it implies), so
    ``copy.deepcopy`` (OpenSpiel's clone of a Python state) returns the object itself and
    cloning a state costs nothing. ``deal`` is the :class:`_Deal` while the stock is
    still to be placed, else None; ``drawing`` marks the chance node of a blind draw;
    ``prior`` is as in :class:`_Dealing`; ``parent`` is the moment before, within the
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
        table: _Table,
        engine: Any,
        deal: _Deal | None,
        decisions: int,
        drawing: bool,
        parent: _Core | None,
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
        self.player = _CHANCE if drawing else _TERMINAL if to_act is None else to_act
        self.chance = drawing
        self.terminal = to_act is None and not drawing
        self.parent = parent
        self.prior = prior
        self._trace = trace if trace is not None or parent is not None else ()
        self._legal: list[int] | None = None
        self._memo: dict[int, object] | None = None  # texts by seat; -1: the public view

    def __deepcopy__(self, memo: dict[int, object]) -> _Core:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Core], tuple[object, ...]]:
        table = self.table
        return (
            _restore_core,
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

    def offers_hand(self) -> bool:
        """Whether a My Bird Sings hand is offered face down (``draw_blind``, MBS-8)."""
        return self.table.draw_blind and self.engine.phase is _DRAW

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
                    if len(memo) >= _LEGAL_MEMO:
                        memo.clear()
                    memo[actions] = legal
                except KeyError:  # a sing, coded by the holding
                    legal = table.kit.legal_codes(self.engine)
            if table.draw_blind and self.engine.phase is _DRAW:
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
        chain: list[_Core] = []
        core: _Core | None = self
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
        return "\n".join([*_prior_lines(self.prior, seat), text])


class _PlainCore(_Core):
    """A moment of a deal with nothing beside the engine state: Spoil Five's.

    No stock to place, no blind draw, no public trace and no deal settled before it in
    the episode, so only the engine state, the decision count and the caches are set: a
    Spoil Five decision builds one of these, at half the cost of a full :class:`_Core`.
    """

    __slots__ = ()

    deal = None
    drawing = False
    parent = None
    prior = ()
    _trace = ()

    def __init__(self, table: _Table, engine: Any, decisions: int) -> None:
        self.table = table
        self.engine = engine
        self.decisions = decisions
        to_act: int | None = engine.to_act
        self.player = _TERMINAL if to_act is None else to_act
        self.chance = False
        self.terminal = to_act is None
        self._legal = None
        self._memo = None


def _restore_dealing(
    key: str,
    options: GameOptions,
    table_dealer: int | None,
    dealer: int | None,
    deck: Sequence[int],
    left: Sequence[int],
    base: object,
    prior: tuple[tuple[str, ...], ...],
    pending: _Core | None,
    code: int,
) -> _Dealing:
    table = _table_for(key, options, table_dealer)
    return _Dealing(table, dealer, list(deck), list(left), base, prior, pending, code)


def _restore_core(
    key: str,
    options: GameOptions,
    table_dealer: int | None,
    engine: object,
    deal: _Deal | None,
    decisions: int,
    drawing: bool,
    parent: _Core | None,
    prior: tuple[tuple[str, ...], ...],
    trace: Trace | None,
) -> _Core:
    table = _table_for(key, options, table_dealer)
    return _Core(table, engine, deal, decisions, drawing, parent, prior, trace)


_TABLES: dict[tuple[str, GameOptions, int | None], _Table] = {}


def _table_for(key: str, options: GameOptions, dealer: int | None) -> _Table:
    table = _TABLES.get((key, options, dealer))
    if table is None:
        table = _TABLES[(key, options, dealer)] = _Table(kit_for(key), options, dealer)
    return table


def _round_limit(kit: GameKit) -> int | None:
    return DEFAULT_ROUND_LIMIT if kit.key == "my_bird_sings" else None


def _game_type(key: str) -> pyspiel.GameType:
    kit = kit_for(key)
    counts = kit.entry.player_counts()
    return pyspiel.GameType(
        short_name=f"cardrules_{kit.key}",
        long_name=f"cardrules {kit.entry.title} (Peel 1891)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(kit.engine, round_limit=_round_limit(kit)),
    )


_GAME_TYPES: Final = {key: _game_type(key) for key in KITS}


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """One of the two games as an OpenSpiel game; load it with ``pyspiel.load_game``.

    Do not build it directly: :func:`pyspiel.load_game` passes the parameters, merged
    with their defaults, to the registered subclass.
    """

    KEY: str = ""

    if TYPE_CHECKING:  # pyspiel has no type information: what callers use, typed

        def num_players(self) -> int: ...  # noqa: D102
        def num_distinct_actions(self) -> int: ...  # noqa: D102
        def max_chance_outcomes(self) -> int: ...  # noqa: D102
        def max_game_length(self) -> int: ...  # noqa: D102
        def min_utility(self) -> float: ...  # noqa: D102
        def max_utility(self) -> float: ...  # noqa: D102
        def get_parameters(self) -> dict[str, object]: ...  # noqa: D102
        def observation_tensor_size(self) -> int: ...  # noqa: D102
        def information_state_tensor_size(self) -> int: ...  # noqa: D102

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        kit = kit_for(self.KEY)
        given = dict(params or {})
        limit = _round_limit(kit)
        options, dealer = options_from_parameters(kit.engine, given, round_limit=limit)
        options = kit.prepare(options, framework="openspiel")
        table = _table_for(kit.key, options, dealer)
        low, high = kit.utility_bounds(options)
        info = pyspiel.GameInfo(
            num_distinct_actions=kit.codec.size,
            max_chance_outcomes=52,
            num_players=table.players,
            min_utility=float(low),
            max_utility=float(high),
            max_game_length=kit.max_decisions(options),
        )
        preset = str(given.get("preset", "peel"))
        in_force = parameters_of(kit.engine, options, dealer, preset=preset, round_limit=limit)
        super().__init__(_GAME_TYPES[kit.key], info, in_force)
        self._table = table

    @property
    def options(self) -> spoil_five.Options | my_bird_sings.Options:
        """The engine options this game plays with (after the adapter's defaults)."""
        options = self._table.options
        assert isinstance(options, spoil_five.Options | my_bird_sings.Options)
        return options

    @property
    def observation_parts(self) -> Mapping[str, slice]:
        """The named parts of the observation tensor (``hand``, ``trick`` ...) by slice."""
        return self._table.encoder.names

    @property
    def deal_bounds(self) -> tuple[float, float]:
        """Bounds on one seat's return from one deal.

        ``min_utility()`` and ``max_utility()`` bound an episode, which allows for
        :attr:`settle_limit` deals settled by the deal itself; these bound a single deal,
        the scale a search's exploration constant is usually set from.
        """
        low, high = self._table.kit.deal_bounds(self._table.options)
        return float(low), float(high)

    @property
    def settle_limit(self) -> int:
        """How many deals settled by the deal itself an episode plays on through.

        A deal that would be one more is dealt again; such a run is less likely than
        ``1e-9`` (0 for games whose deals always call for a decision).
        """
        return self._table.settle_limit

    @property
    def information_state_parts(self) -> Mapping[str, slice]:
        """The named parts of the information state tensor (``trick_cards`` ...) by slice."""
        return self._table.info_encoder.names

    def new_initial_state(self) -> CardrulesState:
        """Return the start of an episode: a chance node (the dealer, or the first card)."""
        return CardrulesState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, object] | None = None,
    ) -> _Observer:
        """Return an observer of states from one seat's point of view (from its views).

        Raises:
            ValueError: for observation parameters, or an observation type other than a
                seat's own (private and public) observation or information state.

        """
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if (
            obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not obs_type.public_info
        ):
            raise ValueError(
                "only a seat's own observation or information state is offered (views "
                "mix private and public information)"
            )
        return _Observer(self._table, perfect_recall=obs_type.perfect_recall)


class SpoilFiveGame(CardrulesGame):
    """Spoil Five as an OpenSpiel game (``cardrules_spoil_five``)."""

    KEY = "spoil_five"


class MyBirdSingsGame(CardrulesGame):
    """My Bird Sings as an OpenSpiel game (``cardrules_my_bird_sings``)."""

    KEY = "my_bird_sings"


class CardrulesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an immutable engine state (see :func:`engine_state`)."""

    if TYPE_CHECKING:  # pyspiel has no type information: what callers use, typed

        def get_game(self) -> CardrulesGame: ...  # noqa: D102
        def num_players(self) -> int: ...  # noqa: D102
        def rewards(self) -> list[float]: ...  # noqa: D102
        def is_player_node(self) -> bool: ...  # noqa: D102
        def action_to_string(self, player_or_action: int, action: int = ...) -> str: ...  # noqa: D102
        def string_to_action(self, action_string: str) -> int: ...  # noqa: D102
        def observation_string(self, player: int = ...) -> str: ...  # noqa: D102
        def observation_tensor(self, player: int = ...) -> list[float]: ...  # noqa: D102
        def information_state_string(self, player: int = ...) -> str: ...  # noqa: D102
        def information_state_tensor(self, player: int = ...) -> list[float]: ...  # noqa: D102

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        table = game._table
        self._core: _Core | _Dealing = _Dealing(
            # a dealer to draw first: the pack's cards come with him (_place_dealer)
            table,
            table.dealer,
            [],
            [] if table.dealer is None else list(table.indices),
            None,
            (),
        )
        # actions applied from Python, not yet in the C++ history: a chance outcome as
        # the bare int, a decision as (player, action)
        self._pending: list[Any] = []

    # --- the history: kept here while actions are applied from Python ---------------------
    #
    # pyspiel's State.apply_action is C++: it calls back into Python twice (current_player
    # and _apply_action, through pybind11's trampolines), appends to the C++ history and
    # counts the move, about a third of a random episode's time. Applied from Python, an
    # action goes straight to _apply_action's work here and its (player, action) pair waits
    # in _pending; whatever reads the C++ history from Python (history, full_history,
    # serialize, pickling, clone, child ...) first replays the waiting pairs into it
    # through the C++ apply_action, the moves themselves skipped (_replay names the
    # player C++ records). Actions applied from C++ go through _apply_action as before.

    _replay: int | None = None

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (a chance outcome, or the code of the player to act).

        The same as pyspiel's ``State.apply_action``, answered in Python (see above).
        """
        if action.__class__ is not int:
            action = operator.index(action)  # as pybind11 reads an int; TypeError else
        core: Any = self._core
        # The two commonest moves are written out here, as _place and _plain_step make
        # them (the test suite compares this path with pyspiel's own, which calls those).
        if core.engine is None:
            if not core.in_place:
                self._core = _place(core, action)
            else:  # a card off the pack, in place (see _place)
                left = core.left
                try:
                    left.remove(action)
                except ValueError:
                    raise ValueError(f"card {action} cannot come off the pack now") from None
                deck = core.deck
                deck.append(action)
                if len(deck) >= core.goal:
                    self._core = _deal(core, deck, left)
            self._pending.append(action)  # chance's (see _sync)
            return
        player = core.player
        table = core.table
        if table.traced:
            self._core = _step(core, action)
        else:  # a Spoil Five decision (see _plain_step)
            if not 0 <= action < table.size:
                table.kit.decode(core.engine, action)  # raises, naming the code
            engine = table.apply(core.engine, table.actions[action])
            self._core = _PlainCore(table, engine, core.decisions + 1)
        self._pending.append((player, action))

    def _sync(self) -> None:
        """Replay the actions applied from Python into the C++ history (see above)."""
        pending = self._pending
        if pending:
            self._pending = []
            try:
                for entry in pending:  # a chance outcome, or (player, action)
                    player, action = (_CHANCE, entry) if entry.__class__ is int else entry
                    self._replay = player
                    pyspiel.State.apply_action(self, action)
            finally:
                del self._replay

    def _sync_then_apply(self, action: int) -> None:
        """Apply ``action`` from C++ once the actions applied from Python are replayed."""
        self._sync()  # nested C++ apply_action calls: they record before this one does
        self._apply_action(action)

    def history(self) -> list[int]:
        """The actions applied so far, chance outcomes included (pyspiel's)."""
        self._sync()
        actions: list[int] = super().history()
        return actions

    def full_history(self) -> list[Any]:
        """The ``pyspiel.PlayerAction`` pairs applied so far (pyspiel's)."""
        self._sync()
        pairs: list[Any] = super().full_history()
        return pairs

    def history_str(self) -> str:
        """The history as text, ``"0, 5, 7"`` (pyspiel's)."""
        self._sync()
        text: str = super().history_str()
        return text

    def move_number(self) -> int:
        """How many actions have been applied (pyspiel's)."""
        self._sync()
        number: int = super().move_number()
        return number

    def is_initial_state(self) -> bool:
        """Whether no action has been applied yet (pyspiel's)."""
        self._sync()
        initial: bool = super().is_initial_state()
        return initial

    def is_initial_non_chance_state(self) -> bool:
        """Whether no player action has been applied yet (pyspiel's)."""
        self._sync()
        initial: bool = super().is_initial_non_chance_state()
        return initial

    def serialize(self) -> str:
        """The state as text, history included (pyspiel's)."""
        self._sync()
        text: str = super().serialize()
        return text

    def __getstate__(self) -> Any:
        self._sync()
        return super().__getstate__()

    def clone(self) -> CardrulesState:
        """A copy of the state, history included (pyspiel's)."""
        self._sync()
        copy: CardrulesState = super().clone()
        return copy

    def child(self, action: int) -> CardrulesState:
        """A copy of the state with ``action`` applied (pyspiel's)."""
        self._sync()
        copy: CardrulesState = super().child(action)
        return copy

    def apply_actions(self, actions: list[int]) -> None:
        """Apply a simultaneous move (pyspiel's; these games have none)."""
        self._sync()
        super().apply_actions(actions)

    def apply_action_with_legality_check(self, action: int) -> None:
        """Apply ``action`` after checking it is legal (pyspiel's)."""
        self._sync()
        super().apply_action_with_legality_check(action)

    def undo_action(self, player: int, action: int) -> None:
        """Undo the last action (pyspiel's; not offered by these games)."""
        self._sync()
        super().undo_action(player, action)

    # --- OpenSpiel API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.CHANCE`` / ``TERMINAL``."""
        replay = self._replay
        if replay is not None:  # the C++ history is being brought up to date
            return replay
        player: int = self._core.player
        return player

    def is_terminal(self) -> bool:
        """Whether the episode is over (the deal with decisions has been settled)."""
        terminal: bool = self._core.terminal
        return terminal

    def is_chance_node(self) -> bool:
        """Whether chance acts next (answered here, without a round trip through C++)."""
        chance: bool = self._core.chance
        return chance

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the player to act), ascending.

        Answered here, without a round trip through C++; at a chance node, the outcomes.
        """
        core: Any = self._core
        to_act = core.player
        if to_act < 0:
            if to_act == _CHANCE and (player is None or player == _CHANCE):
                return [outcome for outcome, _ in self.chance_outcomes()]
            return []
        if player is not None and player != to_act:
            return []
        legal: list[int] | None = core._legal  # a decision: a _Core
        if legal is None:  # as _Core.legal finds them, its commonest case written out
            table = core.table
            legal = table.legal_memo.get(table.legal_actions(core.engine))
            if legal is None or table.draw_blind:
                legal = core.legal()
            else:
                core._legal = legal
        assert legal is not None
        return legal[:]

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        if core.engine is None or core.drawing or player != core.engine.to_act:
            return []
        return cast(_Core, core).legal()[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes chance can give next, each equally likely.

        The dealer (a seat) at the very start unless he is fixed; while dealing, the cards
        not yet placed on the pack; when a hand is drawn from blind (``draw_blind``), the
        cards of the offered hand.
        """
        core = self._core
        left = core.left
        if left is not None:
            if core.dealer is None:  # type: ignore[union-attr]  # left: a _Dealing
                return list(core.table.dealer_outcomes)
            count = len(left)
            table = core.table
            if count == len(table.indices):  # the first card of a pack
                return table.pack_outcomes[:]
            row = _UNIFORM[count]  # as _outcomes lists them
            if count > 1:
                return list(itemgetter(*left)(row))
            return [row[left[0]]]
        if core.drawing:
            offered = sorted(card.index for card in _offered_hand(cast(_Core, core)))
            return _outcomes(tuple(offered))
        return []

    def _apply_action(self, action: int) -> None:
        if self._replay is not None:  # replayed into the C++ history: applied already
            return
        if self._pending:  # the C++ history must have the earlier actions first
            self._sync_then_apply(action)
            return
        core = self._core
        if core.engine is None:
            self._core = _place(cast(_Dealing, core), action)
        else:
            self._core = core.table.step(cast(_Core, core), action)

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if core.drawing:
            return f"draw gives {FULL_PACK[int(action)]}"
        if player == _CHANCE or core.engine is None:
            if isinstance(core, _Dealing) and core.dealer is None:
                return f"dealer {int(action)}"
            return f"deal {FULL_PACK[int(action)]}"
        kit = core.table.kit
        holding = core.engine.hands[player] if player >= 0 else ()
        return kit.codec.decode(int(action), holding)

    def returns(self) -> list[float]:
        """Counters won minus counters paid in this episode, per seat (0 until it ends)."""
        engine = self._core.engine
        if engine is None or engine.to_act is not None:
            return [0.0] * self._core.table.players
        return [float(b) for b in engine.balances]

    def __str__(self) -> str:
        core = self._core
        if isinstance(core, _Dealing):
            dealer = "by chance" if core.dealer is None else str(core.dealer)
            cards = " ".join(str(FULL_PACK[index]) for index in core.deck)
            return f"dealer: {dealer}\ndealing: {cards}"
        kit = core.table.kit
        hands = " | ".join(" ".join(map(str, hand)) for hand in core.engine.hands)
        return (
            f"hands: {hands}\nto act: {core.engine.to_act}\n"
            f"{kit.text(kit.engine.view(core.engine, 0))}"
        )

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CardrulesState:
        """OpenSpiel's hook for IS-MCTS: :func:`resample`, seeded by ``probability_sampler``.

        OpenSpiel's samplers are seeded afresh each time, so for reproducible searches give
        the bot :func:`resample` with your own generator (``bot.set_resampler``).
        """
        seed = int(probability_sampler() * 2**53)
        return resample(self, player_id, random.Random(seed))

    # --- cardrules extras -------------------------------------------------------------

    @property
    def engine(self) -> spoil_five.State | my_bird_sings.State | None:
        """The engine state, or None while a pack is being placed (chance nodes)."""
        core = self._core
        if isinstance(core, _Dealing):
            return None if core.pending is None else core.pending.engine
        engine: spoil_five.State | my_bird_sings.State = core.engine
        return engine

    @property
    def settled_deals(self) -> int:
        """How many deals of this episode were settled by the deal itself, before this one."""
        return len(self._core.prior)


def _plain_step(core: _Core, action: int) -> _Core:
    """The moment after the player to act takes ``action`` (Spoil Five)."""
    table = core.table
    if not 0 <= action < table.size:
        table.kit.decode(core.engine, action)  # raises, naming the code
    return _PlainCore(table, table.apply(core.engine, table.actions[action]), core.decisions + 1)


def _step(core: _Core, action: int) -> _Core | _Dealing:
    """The moment after the player to act takes ``action``, or chance draws (My Bird Sings).

    Handles the blind draw (a decision ``draw 0``, then a chance node over the offered
    cards) and the first exchange of a deal whose stock is not placed yet.
    """
    table = core.table
    kit = table.kit
    engine = core.engine
    if core.drawing:
        card = FULL_PACK[action]
        order = my_bird_sings.offered_order(engine)
        if card not in order:
            raise ValueError(f"card {card} is not in the offered hand")
        engine = table.apply(engine, my_bird_sings.Draw(order.index(card)))
        return _Core(table, engine, core.deal, core.decisions, False, core, core.prior)
    if table.draw_blind and engine.phase is _DRAW:
        codec = kit.codec
        if codec.draw_base <= action < codec.bare_base:
            return _Core(table, engine, core.deal, core.decisions + 1, True, core, core.prior)
    deal = core.deal
    decoded = kit.actions[action] if 0 <= action < kit.size else None
    if decoded is None:
        decoded = kit.decode(engine, action)
    if deal is not None and isinstance(decoded, my_bird_sings.Exchange):
        refusal = kit.engine.check_action(engine, decoded)
        if refusal is not None:
            raise refusal
        return _stock_for(core, deal, action)
    engine = table.apply(engine, decoded)
    return _Core(table, engine, deal, core.decisions + 1, False, core, core.prior)


def _place(core: _Dealing, action: int) -> _Core | _Dealing:
    """The moment after chance gives ``action`` while a deal is being prepared.

    The card moves from ``core.left`` to ``core.deck`` in place, or in a copy if another
    state shares ``core`` (see :class:`_Dealing`).
    """
    if core.dealer is None:
        return _place_dealer(core, action)
    if core.shared:
        core = core.copy()
    left = core.left
    try:
        left.remove(action)
    except ValueError:
        raise ValueError(f"card {action} cannot come off the pack now") from None
    deck = core.deck
    deck.append(action)
    if len(deck) < core.goal:
        return core
    return _deal(core, deck, left)


def _place_dealer(core: _Dealing, action: int) -> _Dealing:
    table = core.table
    if core.dealer is not None:
        raise ValueError(f"card {action} cannot come off the pack now")
    if not 0 <= action < table.players:
        raise ValueError(f"seat {action} cannot be drawn as the dealer")
    return _Dealing(table, action, [], list(table.indices), core.base, core.prior)


def _deal(core: _Dealing, deck: list[int], left: list[int]) -> _Core | _Dealing:
    """The moment after the last chance node of a pack: the deal made (or made again)."""
    table = core.table
    dealer = core.dealer
    assert dealer is not None
    pending = core.pending
    pack = itemgetter(*deck, *left)(FULL_PACK)
    engine_module = table.kit.engine
    if core.base is None:
        # seed 0: a blind draw is a chance node of its own here, so the order the engine
        # would offer a hand in is never used
        engine = engine_module.new_game(table.options, deck=pack, seed=0, dealer=dealer)
    else:
        engine = engine_module.next_deal(core.base, deck=pack, seed=0)
    if pending is not None:
        return _replayed(pending, engine, core.code)
    if engine.to_act is not None:
        deal = _Deal(dealer, tuple(deck), core.base) if table.dealt < table.positions else None
        if not table.traced and deal is None and not core.prior:
            return _PlainCore(table, engine, 0)
        return _Core(table, engine, deal, 0, False, None, core.prior)
    # Settled by the deal itself: play on into the next deal, or, past the limit, deal
    # this one again.
    prior = core.prior
    base = core.base
    if len(prior) < table.settle_limit:
        view = engine_module.view
        texts = tuple(table.kit.text(view(engine, seat)) for seat in range(table.players))
        prior = (*prior, texts)
        base = engine
        dealer = (dealer + 1) % table.players  # only shown in texts; next_deal moves it (C-2)
    return _Dealing(table, dealer, [], list(table.indices), base, prior)


def _stock_for(core: _Core, deal: _Deal, code: int) -> _Dealing:
    """The chance nodes that place the stock before the exchange ``code`` is applied."""
    table = core.table
    placed = set(deal.deck)
    left = [index for index in table.indices if index not in placed]
    return _Dealing(table, deal.dealer, list(deal.deck), left, deal.base, core.prior, core, code)


def _replayed(pending: _Core, engine: Any, code: int) -> _Core:
    """The deal of ``pending`` dealt again with its stock placed, then ``code`` applied.

    ``engine`` is the deal's start from the whole pack; the deal's actions so far are
    applied to it again (they never touched the stock, so they replay the same).
    """
    table = pending.table
    module = table.kit.engine
    for action in module.history(pending.engine).deals[-1].actions:
        engine = module.apply_action(engine, action)
    engine = module.apply_action(engine, table.kit.decode(engine, code))
    return _Core(table, engine, None, pending.decisions + 1, False, pending, pending.prior)


def _offered_hand(core: _Core) -> tuple[Card, ...]:
    engine: my_bird_sings.State = core.engine
    hand: tuple[Card, ...] = engine.hands[engine.on_turn]
    return hand


class _Observer:
    """A seat's observation or information state (tensor and text), from its views."""

    def __init__(self, table: _Table, *, perfect_recall: bool) -> None:
        self._table = table
        self._perfect_recall = perfect_recall
        size = table.info_encoder.size if perfect_recall else table.encoder.size
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] = np.zeros(size, np.float32)
        name = "info_state" if perfect_recall else "observation"
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {name: self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s views of ``state``."""
        tensor = self.tensor
        tensor.fill(0.0)
        if player < 0:  # OpenSpiel asks for the shape with a pseudo-player
            return
        core = state._core
        table = self._table
        if isinstance(core, _Dealing):
            if core.pending is None:
                if self._perfect_recall:
                    settled = table.info_encoder.names["settled_before"].start
                    tensor[settled] = min(1.0, len(core.prior) / max(table.settle_limit, 1))
                return
            core = core.pending  # the stock is being placed: nothing new is seen
        view = table.kit.engine.view(core.engine, player)
        if self._perfect_recall:
            trace = core.trace() if table.traced else ()
            table.info_encoder.write(view, trace, len(core.prior), tensor)
        else:
            table.encoder.write(view, tensor)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """``player``'s view of ``state`` as text; with perfect recall, its whole history."""
        core = state._core
        if self._perfect_recall:
            return core.information_text(player)
        return core.view_text(player)


def load_game(name: str, params: Mapping[str, object] | None = None) -> CardrulesGame:
    """Return ``pyspiel.load_game(name, params)``, typed, for one of the two games.

    The same game as ``pyspiel.load_game`` gives (which type checkers know nothing of),
    with its type: a :class:`CardrulesGame`, whose states are :class:`CardrulesState`.

    >>> game = load_game(SPOIL_FIVE, {"players": 3})
    >>> game.num_players(), type(game.new_initial_state()).__name__
    (3, 'CardrulesState')

    Raises:
        OptionsError: for a name that is neither :data:`SPOIL_FIVE` nor
            :data:`MY_BIRD_SINGS`.

    """
    if name not in (SPOIL_FIVE, MY_BIRD_SINGS):
        raise OptionsError(f"not a cardrules game: {name!r}; use {SPOIL_FIVE} or {MY_BIRD_SINGS}")
    game = pyspiel.load_game(name, dict(params or {}))
    assert isinstance(game, CardrulesGame)
    return game


def engine_state(state: CardrulesState) -> spoil_five.State | my_bird_sings.State:
    """Return the engine state inside an OpenSpiel state (after the deal).

    Raises:
        CardrulesError: while a pack is still being placed (a chance node).

    """
    engine = state.engine
    if engine is None:
        raise CardrulesError("the deal has not been made yet (the state is a chance node)")
    return engine


def action_code(state: CardrulesState, action: object) -> int:
    """Return the integer code of an engine action for the seat on turn in ``state``.

    >>> import pyspiel
    >>> from cardrules import spoil_five
    >>> game = pyspiel.load_game(SPOIL_FIVE, {"players": 3, "dealer": 0})
    >>> state = game.new_initial_state()
    >>> for card in range(52):
    ...     if state.is_chance_node():
    ...         state.apply_action(card)
    >>> action_code(state, spoil_five.parse_action("play 10S")), engine_action(state, 9)
    (9, Play(card=<Card 10S>))

    Raises:
        CardrulesError: at a chance node.
        OptionsError: for an action that has no code.

    """
    engine = engine_state(state)
    return state._core.table.kit.encode(engine, action)


def engine_action(state: CardrulesState, code: int) -> spoil_five.Action | my_bird_sings.Action:
    """Return the engine action that ``code`` names for the seat on turn in ``state``.

    Raises:
        CardrulesError: at a chance node.
        OptionsError: for a number that is not an action code of the game.

    """
    engine = engine_state(state)
    # A kit decodes to an action of its own game (the registry erases the type).
    return cast(
        "spoil_five.Action | my_bird_sings.Action", state._core.table.kit.decode(engine, int(code))
    )


def seat_view(state: CardrulesState, seat: int) -> spoil_five.View | my_bird_sings.View:
    """Return ``seat``'s view of the engine state (what that seat may know).

    Raises:
        CardrulesError: at a chance node.

    """
    engine = engine_state(state)
    view = state._core.table.kit.engine.view(engine, seat)
    return cast("spoil_five.View | my_bird_sings.View", view)


def resample(state: CardrulesState, player: int, rng: random.Random) -> CardrulesState:
    """Return a state that ``player`` cannot tell from ``state``, hidden cards redealt.

    Uses the engine's ``sample_state`` on ``player``'s view, so the result has the same
    information state for ``player`` and plays on by the rules. It is meant for search
    (OpenSpiel's IS-MCTS: ``bot.set_resampler(lambda s, p: resample(s, p, rng))``): its
    ``history()`` is empty, since the real past is hidden. Earlier deals of the episode
    settled by the deal itself, and the public trace, are kept as they were.

    Raises:
        CardrulesError: at a chance node, or if no consistent state can be found.

    """
    core = state._core
    engine = engine_state(state)
    if not isinstance(core, _Core):
        raise CardrulesError("the state is a chance node (the stock is being placed)")
    table = core.table
    kit = table.kit
    view = kit.engine.view(engine, player)
    wanted = core.view_text(player)
    trace = core.trace() if table.traced else ()
    for _ in range(20):
        sampled = kit.engine.sample_state(view, rng)
        candidate = _Core(
            table, sampled, None, core.decisions, core.drawing, None, core.prior, trace
        )
        if candidate.view_text(player) == wanted:
            fresh = state.get_game().new_initial_state()
            fresh._core = candidate
            return fresh
    raise CardrulesError(f"no state consistent with seat {player}'s view was found")


pyspiel.register_game(_GAME_TYPES["spoil_five"], SpoilFiveGame)
pyspiel.register_game(_GAME_TYPES["my_bird_sings"], MyBirdSingsGame)

"""Spoil Five and My Bird Sings as OpenSpiel games (extra ``openspiel``).

Importing this module registers two Python games with ``pyspiel``:
``cardrules_spoil_five`` and ``cardrules_my_bird_sings``. One deal is one episode:

- **Chance.** The deal is a sequence of explicit chance nodes, one per pack position
  that can matter, top card first; each outcome is a card (its index ``13 * suit + rank -
  1``), uniform over the cards not yet placed. The positions left after those are filled
  in pack order, and nobody ever sees them. Then the engine deals from that pack (SF-8,
  MBS-3) as ``new_game(options, deck=..., dealer=...)``.
- **Actions.** Fixed integers (:data:`SPOIL_FIVE_CODEC`, :data:`MY_BIRD_SINGS_CODEC`):
  ``play 10C`` is always the same number; ``action_to_string`` writes our notation.
- **Observations.** Observation strings and tensors are built from
  ``cardrules.<game>.view(state, seat)`` only, never from hidden state. The information
  state string is the number of decisions made so far and the same view text: a view
  keeps everything its seat has seen this deal (tricks and public events; cards passed,
  received and exchanged), so it has perfect recall.
- **Returns.** Counters won minus counters paid in the deal (antes included), from the
  engine's settlement; they sum to minus the counters left in the pool.

Game parameters: ``preset`` (a name of ``cardrules.<game>.PRESETS``, default ``peel``),
``dealer`` (default 0), and every options field with a scalar value (``players``,
``robbing``, ``jinking``, ``round_limit`` ...), whose default ``-1`` / ``"preset"`` keeps
the preset's value; switches are given as ``0`` or ``1``. My Bird Sings needs a finite
episode, so a ``round_limit`` of ``None`` becomes :data:`DEFAULT_ROUND_LIMIT`.
My Bird Sings' ``draw_blind`` passing is chance too: the drawer's only decision is
``draw 0`` (or ``abandon``), since the offered cards lie face down in a random order and
every position is alike; a chance node then gives him one of the offered cards, uniformly,
and the engine applies the draw of that card's position. Not offered (``OptionsError``):
Spoil Five points games, which last several hands.

>>> import pyspiel
>>> from cardrules.adapters import openspiel
>>> game = pyspiel.load_game("cardrules_spoil_five", {"players": 3})
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

import random
from collections.abc import Callable, Mapping
from typing import Any, Final, cast

import numpy as np
import pyspiel

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters._common import options_from_parameters, parameter_specification
from cardrules.adapters._kits import (
    DEFAULT_ROUND_LIMIT,
    KITS,
    MY_BIRD_SINGS_CODEC,
    SPOIL_FIVE_CODEC,
    GameKit,
    kit_for,
)
from cardrules.cards import Card
from cardrules.errors import CardrulesError
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
    "resample",
    "seat_view",
]

SPOIL_FIVE: Final = "cardrules_spoil_five"
"""The OpenSpiel short name of Spoil Five."""
MY_BIRD_SINGS: Final = "cardrules_my_bird_sings"
"""The OpenSpiel short name of My Bird Sings."""


class _Table:
    """The constants of one game instance: kit, options, dealer, pack and encoder."""

    def __init__(self, kit: GameKit, options: GameOptions, dealer: int) -> None:
        self.kit = kit
        self.options = options
        self.dealer = dealer
        self.pack = kit.pack(options)
        self.positions = kit.chance_positions(options)
        self.encoder = kit.encoder(options)


class _Core:
    """One moment of an episode: the pack so far, the engine state, the decisions made.

    Immutable: ``copy.deepcopy`` (which OpenSpiel uses to clone Python states) returns
    the object itself, so cloning a state costs nothing. It pickles (OpenSpiel's
    serialisation of Python states) as its plain fields.
    """

    __slots__ = ("_texts", "decisions", "deck", "drawing", "engine", "table")

    def __init__(
        self,
        table: _Table,
        deck: tuple[Card, ...],
        engine: Any,
        decisions: int,
        drawing: bool = False,
    ) -> None:
        self.table = table
        self.deck = deck
        self.engine = engine
        self.decisions = decisions
        self.drawing = drawing
        self._texts: dict[int, str] = {}

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
                self.deck,
                self.engine,
                self.decisions,
                self.drawing,
            ),
        )

    def offers_hand(self) -> bool:
        """Whether a My Bird Sings hand is offered face down (``draw_blind``, MBS-8)."""
        engine = self.engine
        return isinstance(engine, my_bird_sings.State) and engine.phase is my_bird_sings.Phase.DRAW

    def view_text(self, seat: int) -> str:
        """The seat's observation as text (memoised)."""
        text = self._texts.get(seat)
        if text is None:
            if self.engine is None:
                text = f"dealing: {len(self.deck)} of {self.table.positions} cards placed"
            else:
                kit = self.table.kit
                text = kit.text(kit.engine.view(self.engine, seat))
            self._texts[seat] = text
        return text


def _restore_core(
    key: str,
    options: GameOptions,
    dealer: int,
    deck: tuple[Card, ...],
    engine: object,
    decisions: int,
    drawing: bool,
) -> _Core:
    return _Core(_table_for(key, options, dealer), deck, engine, decisions, drawing)


_TABLES: dict[tuple[str, GameOptions, int], _Table] = {}


def _table_for(key: str, options: GameOptions, dealer: int) -> _Table:
    table = _TABLES.get((key, options, dealer))
    if table is None:
        table = _TABLES[(key, options, dealer)] = _Table(kit_for(key), options, dealer)
    return table


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
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(kit.engine),
    )


_GAME_TYPES: Final = {key: _game_type(key) for key in KITS}


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """One of the two games as an OpenSpiel game; load it with ``pyspiel.load_game``.

    Do not build it directly: :func:`pyspiel.load_game` passes the parameters, merged
    with their defaults, to the registered subclass.
    """

    KEY: str = ""

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        kit = kit_for(self.KEY)
        options, dealer = options_from_parameters(kit.engine, dict(params or {}))
        options = kit.prepare(options, framework="openspiel")
        table = _table_for(kit.key, options, dealer)
        low, high = kit.utility_bounds(options)
        players = int(getattr(options, "players", 0))
        info = pyspiel.GameInfo(
            num_distinct_actions=kit.codec.size,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=float(low),
            max_utility=float(high),
            max_game_length=kit.max_decisions(options) + table.positions,
        )
        super().__init__(_GAME_TYPES[kit.key], info, dict(params or {}))
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

    def new_initial_state(self) -> CardrulesState:
        """Return the start of an episode: the first chance node of the deal."""
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

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        self._core = _Core(game._table, (), None, 0)

    # --- OpenSpiel API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.CHANCE`` / ``TERMINAL``."""
        core = self._core
        if core.engine is None or core.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = _to_act(core)
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else to_act

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        core = self._core
        return core.engine is not None and core.table.kit.engine.is_deal_over(core.engine)

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        if core.engine is None or core.drawing or player != _to_act(core):
            return []
        codes = core.table.kit.legal_codes(core.engine)
        if core.offers_hand():
            codec = core.table.kit.codec
            codes = tuple(c for c in codes if not codec.draw_base < c < codec.bare_base)
        return list(codes)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that can come next, each equally likely.

        While dealing, the cards not yet placed on the pack; when a hand is drawn from
        blind (``draw_blind``), the cards of the offered hand.
        """
        core = self._core
        if core.drawing:
            offered = sorted(card.index for card in _offered_hand(core))
            return [(index, 1.0 / len(offered)) for index in offered]
        placed = set(core.deck)
        left = [card.index for card in core.table.pack if card not in placed]
        return [(index, 1.0 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        core = self._core
        table = core.table
        if core.engine is None:
            card = Card.from_index(int(action))
            if card in core.deck or card not in table.pack:
                raise ValueError(f"card {card} cannot come off the pack now")
            deck = (*core.deck, card)
            engine = None
            if len(deck) == table.positions:
                placed = set(deck)
                deck = (*deck, *(c for c in table.pack if c not in placed))
                # seed 0: a blind draw is a chance node of its own here, so the order
                # the engine would offer a hand in is never used
                engine = table.kit.engine.new_game(
                    table.options, deck=deck, seed=0, dealer=table.dealer
                )
            self._core = _Core(table, deck, engine, 0)
            return
        kit = table.kit
        if core.drawing:
            card = Card.from_index(int(action))
            order = my_bird_sings.offered_order(core.engine)
            if card not in order:
                raise ValueError(f"card {card} is not in the offered hand")
            engine = kit.engine.apply_action(core.engine, my_bird_sings.Draw(order.index(card)))
            self._core = _Core(table, core.deck, engine, core.decisions)
            return
        code = int(action)
        if core.offers_hand() and kit.codec.draw_base <= code < kit.codec.bare_base:
            self._core = _Core(table, core.deck, core.engine, core.decisions + 1, drawing=True)
            return
        engine = kit.engine.apply_action(core.engine, kit.decode(core.engine, code))
        self._core = _Core(table, core.deck, engine, core.decisions + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if core.drawing:
            return f"draw gives {Card.from_index(int(action))}"
        if player == pyspiel.PlayerId.CHANCE or core.engine is None:
            return f"deal {Card.from_index(int(action))}"
        kit = core.table.kit
        holding = core.engine.hands[player] if player >= 0 else ()
        return kit.codec.decode(int(action), holding)

    def returns(self) -> list[float]:
        """Counters won minus counters paid in this deal, per seat (0 until it is over)."""
        core = self._core
        players = self.get_game().num_players()
        if not self.is_terminal():
            return [0.0] * players
        return [float(b) for b in core.engine.balances]

    def __str__(self) -> str:
        core = self._core
        if core.engine is None:
            return f"dealing: {' '.join(map(str, core.deck))}"
        kit = core.table.kit
        hands = " | ".join(" ".join(map(str, hand)) for hand in core.engine.hands)
        return (
            f"hands: {hands}\nto act: {_to_act(core)}\n{kit.text(kit.engine.view(core.engine, 0))}"
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
        """The engine state, or None while the pack is being placed (chance nodes)."""
        engine: spoil_five.State | my_bird_sings.State | None = self._core.engine
        return engine


def _offered_hand(core: _Core) -> tuple[Card, ...]:
    engine: my_bird_sings.State = core.engine
    hand: tuple[Card, ...] = engine.hands[engine.on_turn]
    return hand


def _to_act(core: _Core) -> int | None:
    to_act: int | None = core.engine.to_act
    return to_act


class _Observer:
    """A seat's observation (tensor and text) or information state (text), from views."""

    def __init__(self, table: _Table, *, perfect_recall: bool) -> None:
        self._table = table
        self._perfect_recall = perfect_recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if not perfect_recall:
            self.tensor = np.zeros(table.encoder.size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s view of ``state``."""
        tensor = self.tensor
        if tensor is None:
            return
        tensor.fill(0.0)
        core = state._core
        encoder = self._table.encoder
        if player < 0:  # OpenSpiel asks for the shape with a pseudo-player
            return
        if core.engine is None:
            tensor[encoder.names["seat"].start + player] = 1.0
        else:
            encoder.write(core.table.kit.engine.view(core.engine, player), tensor)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """``player``'s view of ``state`` as text; with perfect recall, led by the move."""
        core = state._core
        text = core.view_text(player)
        if self._perfect_recall:
            return f"move {core.decisions}: {text}"
        return text


def engine_state(state: CardrulesState) -> spoil_five.State | my_bird_sings.State:
    """Return the engine state inside an OpenSpiel state (after the deal).

    Raises:
        CardrulesError: while the pack is still being placed (a chance node).

    """
    engine = state.engine
    if engine is None:
        raise CardrulesError("the deal has not been made yet (the state is a chance node)")
    return engine


def action_code(state: CardrulesState, action: object) -> int:
    """Return the integer code of an engine action for the seat on turn in ``state``.

    >>> import pyspiel
    >>> from cardrules import spoil_five
    >>> game = pyspiel.load_game(SPOIL_FIVE, {"players": 3})
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
    ``history()`` is empty, since the real past is hidden.

    Raises:
        CardrulesError: at a chance node, or if no consistent state can be found.

    """
    core = state._core
    engine = engine_state(state)
    kit = core.table.kit
    view = kit.engine.view(engine, player)
    wanted = core.view_text(player)
    for _ in range(20):
        sampled = kit.engine.sample_state(view, rng)
        candidate = _Core(core.table, (), sampled, core.decisions)
        if candidate.view_text(player) == wanted:
            fresh = cast("CardrulesState", state.get_game().new_initial_state())
            fresh._core = candidate
            return fresh
    raise CardrulesError(f"no state consistent with seat {player}'s view was found")


pyspiel.register_game(_GAME_TYPES["spoil_five"], SpoilFiveGame)
pyspiel.register_game(_GAME_TYPES["my_bird_sings"], MyBirdSingsGame)

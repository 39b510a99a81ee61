"""The OpenSpiel state of both games, and the functions that look inside one."""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters.openspiel._history import CppHistory
from cardrules.adapters.openspiel._moments import (
    CHANCE,
    UNIFORM,
    Dealing,
    Moment,
    PlainMoment,
    outcomes,
)
from cardrules.adapters.openspiel._steps import (
    made_deal,
    offered_hand,
    place,
    refused_outcome,
    step,
    traced_step,
)
from cardrules.cards import FULL_PACK
from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    from cardrules.adapters.openspiel._game import CardrulesGame

__all__ = [
    "CardrulesState",
    "action_code",
    "engine_action",
    "engine_state",
    "resample",
    "seat_view",
]


class CardrulesState(CppHistory):
    """An OpenSpiel state wrapping an immutable engine state (see :func:`engine_state`)."""

    if TYPE_CHECKING:  # pyspiel has no type information: what callers use, typed

        def get_game(self) -> CardrulesGame: ...
        def num_players(self) -> int: ...
        def rewards(self) -> list[float]: ...
        def is_player_node(self) -> bool: ...
        def action_to_string(self, player_or_action: int, action: int = ...) -> str: ...
        def string_to_action(self, action_string: str) -> int: ...
        def observation_string(self, player: int = ...) -> str: ...
        def observation_tensor(self, player: int = ...) -> list[float]: ...
        def information_state_string(self, player: int = ...) -> str: ...
        def information_state_tensor(self, player: int = ...) -> list[float]: ...

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        table = game._table
        self._core: Moment | Dealing = Dealing(
            # a dealer to draw first: the pack's cards come with him (place_dealer)
            table,
            table.dealer,
            [],
            [] if table.dealer is None else list(table.indices),
            None,
            (),
        )

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (a chance outcome, or the code of the player to act).

        The same as pyspiel's ``State.apply_action``, answered in Python: the C++ history
        is brought up to date when it is read (:mod:`._history`).

        Raises:
            IllegalActionError: (a ``ValueError``) for a chance outcome or an action code
                that is not listed now (``chance_outcomes()``, ``legal_actions()``): the
                engine's refusal naming the rule, or C-7. The state and its history stay
                as they were.
            TypeError: for something that is not an integer.

        """
        if action.__class__ is not int:
            action = operator.index(action)  # as pybind11 reads an int; TypeError else
        core: Any = self._core
        # The two commonest moves are written out here, as place and plain_step make
        # them (the test suite compares this path with pyspiel's own, which calls those).
        if core.engine is None:
            if not core.in_place:
                self._core = place(core, action)
            else:  # a card off the pack, in place (see place)
                left = core.left
                try:
                    left.remove(action)
                except ValueError:
                    raise refused_outcome(core, action) from None
                deck = core.deck
                deck.append(action)
                if len(deck) >= core.goal:
                    self._core = made_deal(core, deck, left)
            self._pending.append(action)  # chance's (see _history)
            return
        player = core.player
        table = core.table
        if table.traced:
            self._core = traced_step(core, action)
        else:  # a Spoil Five decision (see plain_step)
            legal = core._legal
            if legal is None:
                legal = core.legal()
            if action not in legal:
                raise table.kit.refusal(core.engine, action, legal)
            engine = table.apply(core.engine, table.actions[action])
            self._core = PlainMoment(table, engine, core.decisions + 1)
        self._pending.append((player, action))

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
            if to_act == CHANCE and (player is None or player == CHANCE):
                return [outcome for outcome, _ in self.chance_outcomes()]
            return []
        if player is not None and player != to_act:
            return []
        legal: list[int] | None = core._legal  # a decision: a Moment
        if legal is None:  # as Moment.legal finds them, its commonest case written out
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
        return cast(Moment, core).legal()[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes chance can give next, each equally likely.

        The dealer (a seat) at the very start unless he is fixed; while dealing, the cards
        not yet placed on the pack; when a hand is drawn from blind (``draw_blind``), the
        cards of the offered hand.
        """
        core = self._core
        left = core.left
        if left is not None:
            if core.dealer is None:  # type: ignore[union-attr]  # left: a Dealing
                return list(core.table.dealer_outcomes)
            count = len(left)
            table = core.table
            if count == len(table.indices):  # the first card of a pack
                return table.pack_outcomes[:]
            row = UNIFORM[count]  # as outcomes lists them
            if count > 1:
                return list(itemgetter(*left)(row))
            return [row[left[0]]]
        if core.drawing:
            offered = sorted(card.index for card in offered_hand(cast(Moment, core)))
            return outcomes(tuple(offered))
        return []

    def _apply_action(self, action: int) -> None:
        if self._replay is not None:  # replayed into the C++ history: applied already
            return
        if self._pending:  # the C++ history must have the earlier actions first
            self._sync_then_apply(action)
            return
        core = self._core
        if core.engine is None:
            self._core = place(cast(Dealing, core), action)
        else:
            self._core = step(cast(Moment, core), action)

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if core.drawing:
            return f"draw gives {FULL_PACK[int(action)]}"
        if player == CHANCE or core.engine is None:
            if isinstance(core, Dealing) and core.dealer is None:
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
        if isinstance(core, Dealing):
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
        if isinstance(core, Dealing):
            return None if core.pending is None else core.pending.engine
        engine: spoil_five.State | my_bird_sings.State = core.engine
        return engine

    @property
    def settled_deals(self) -> int:
        """How many deals of this episode were settled by the deal itself, before this one."""
        return len(self._core.prior)


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
    >>> game = pyspiel.load_game("cardrules_spoil_five", {"players": 3, "dealer": 0})
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
    if not isinstance(core, Moment):
        raise CardrulesError("the state is a chance node (the stock is being placed)")
    table = core.table
    kit = table.kit
    view = kit.engine.view(engine, player)
    wanted = core.view_text(player)
    trace = core.trace() if table.traced else ()
    for _ in range(20):
        sampled = kit.engine.sample_state(view, rng)
        candidate = Moment(
            table, sampled, None, core.decisions, core.drawing, None, core.prior, trace
        )
        if candidate.view_text(player) == wanted:
            fresh = state.get_game().new_initial_state()
            fresh._core = candidate
            return fresh
    raise CardrulesError(f"no state consistent with seat {player}'s view was found")

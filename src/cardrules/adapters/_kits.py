"""One kit per game: everything an adapter needs to know about it, built on its views.

A :class:`GameKit` ties a game module to its fixed action codes (with tables from codes
to the engine's actions and back), the number of pack positions dealt as chance
outcomes, bounds on the length and the returns of an episode, and the encoders of
:mod:`cardrules.adapters._encoders` that turn a seat's view (never the hidden state) into
fixed-size ``float32`` vectors and canonical texts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Final, cast

import attrs

from cardrules import games, my_bird_sings, spoil_five
from cardrules.adapters._common import ActionCodec, unsupported_reason
from cardrules.adapters._encoders import (
    InformationStateEncoder,
    ObservationEncoder,
    information_state_encoder,
    observation_encoder,
    view_text,
)
from cardrules.cards import Card
from cardrules.errors import IllegalActionError, OptionsError
from cardrules.games import GameEntry
from cardrules.my_bird_sings import deal as my_bird_sings_deal
from cardrules.protocol import DynamicGame, GameOptions, GameState, SeatView
from cardrules.spoil_five import deal as spoil_five_deal

__all__ = [
    "DEFAULT_ROUND_LIMIT",
    "KITS",
    "MAX_ROUND_LIMIT",
    "SETTLED_TAIL",
    "GameKit",
    "hands_checked_before_a_decision",
    "kit_for",
]

DEFAULT_ROUND_LIMIT: Final = 20
"""My Bird Sings' round limit in OpenSpiel when the options set none (MBS-13)."""

MAX_ROUND_LIMIT: Final = 1000
"""The largest ``round_limit`` OpenSpiel is offered: the information state tensor grows
with it (312,221 floats at 13 players), and so does ``max_game_length``, a C++ int."""

SETTLED_TAIL: Final = 1e-9
"""How unlikely a longer run of deals settled by the deal itself must be (see
:meth:`GameKit.settle_limit`)."""


# --- kits ------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class GameKit:
    """What the adapters know about one game.

    Attributes:
        entry: the game's entry in the registry (:mod:`cardrules.games`).
        codec: the game's fixed action codes.
        engine: the game module (imported when the kit is built).
        actions: the engine action of every code, ``None`` where it depends on the
            holding (My Bird Sings' ``sing``).
        codes: the code of every engine action that has one whatever the holding.

    """

    entry: GameEntry
    codec: ActionCodec
    engine: DynamicGame = attrs.field(init=False, repr=False, eq=False)
    actions: tuple[object, ...] = attrs.field(init=False, repr=False, eq=False)
    codes: Mapping[object, int] = attrs.field(init=False, repr=False, eq=False)
    size: int = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        engine = self.entry.module
        actions: list[object] = []
        for code in range(self.codec.size):
            if code >= self.codec.sing_base:
                actions.append(None)
                continue
            actions.append(engine.parse_action(self.codec.decode(code)))
        codes = {action: code for code, action in enumerate(actions) if action is not None}
        object.__setattr__(self, "engine", engine)
        object.__setattr__(self, "actions", tuple(actions))
        object.__setattr__(self, "codes", codes)
        object.__setattr__(self, "size", self.codec.size)

    @property
    def key(self) -> str:
        """The game's package name, ``spoil_five`` or ``my_bird_sings``."""
        return self.entry.key

    @property
    def name(self) -> str:
        """The game's name in records (``spoil-five``)."""
        return self.entry.name

    def prepare(self, options: object, *, framework: str) -> GameOptions:
        """Check that an adapter can offer ``options``; return them ready for it.

        For OpenSpiel, My Bird Sings without a round limit gets :data:`DEFAULT_ROUND_LIMIT`
        (an episode must have a bounded length), and one above :data:`MAX_ROUND_LIMIT`
        is refused.

        Raises:
            OptionsError: if the options are not this game's or cannot be offered.

        """
        if not isinstance(options, self.entry.options_class):
            raise OptionsError(f"options: expected {self.key}.Options, not {options!r}")
        reason = unsupported_reason(options, framework=framework)
        if reason is not None:
            raise OptionsError(reason)
        if framework == "openspiel" and isinstance(options, my_bird_sings.Options):
            if options.round_limit is None:
                return attrs.evolve(options, round_limit=DEFAULT_ROUND_LIMIT)
            if options.round_limit > MAX_ROUND_LIMIT:
                raise OptionsError(
                    f"round_limit: at most {MAX_ROUND_LIMIT} in OpenSpiel (the information "
                    f"state grows with it), not {options.round_limit}"
                )
        return options

    def pack(self, options: object) -> tuple[Card, ...]:
        """The pack the game is played with."""
        return cast(GameOptions, options).cards

    def chance_positions(self, options: object) -> int:
        """How many cards from the top of the pack are dealt as explicit chance outcomes.

        These are all the positions anybody can ever see; the last card of the pack is
        never a chance node (it is whatever remains).
        """
        pack = len(self.pack(options))
        if isinstance(options, spoil_five.Options):
            used = spoil_five_deal.pack_reach(options)
        else:
            used = my_bird_sings_deal.pack_reach(cast("my_bird_sings.Options", options))
        return min(used, pack - 1)

    def dealt_positions(self, options: object) -> int:
        """How many of the :meth:`chance_positions` are placed before the first decision.

        My Bird Sings' stock, when only exchanges use it (MBS-11), is placed when the
        first exchange is made: nobody sees it before, and most deals end sooner.
        """
        positions = self.chance_positions(options)
        if isinstance(options, my_bird_sings.Options) and not options.play_to_exhaustion:
            return min(positions, options.players * options.hand_size)
        return positions

    def rounds(self, options: object) -> int:
        """My Bird Sings' round limit (:data:`DEFAULT_ROUND_LIMIT` if none); 0 otherwise."""
        if isinstance(options, my_bird_sings.Options):
            limit = options.round_limit
            return limit if limit is not None else DEFAULT_ROUND_LIMIT
        return 0

    def max_decisions(self, options: object) -> int:
        """An upper bound on the number of decisions in one deal.

        (It also counts, generously, the chance nodes of ``draw_blind`` draws.)
        """
        if isinstance(options, spoil_five.Options):
            return 5 * options.players + 6
        mbs = cast("my_bird_sings.Options", options)
        limit = self.rounds(mbs)
        sings = mbs.pack // mbs.hand_size + 1
        draws = limit * mbs.players if mbs.passing == "draw_blind" else 0  # chance nodes
        return 4 * limit * mbs.players + mbs.players + 3 * sings + 4 + draws

    def settled_chance(self, options: object) -> float:
        """An upper bound on the chance that a deal is settled by the deal itself.

        Only My Bird Sings has such deals: a dealt hand checked before the first decision
        may sing (MBS-12; the leader's, or with ``sing_timing="any_after_deal"`` every
        hand, D-6). Which hands are checked is asked of the engine
        (:func:`hands_checked_before_a_decision`), not restated here.
        """
        if not isinstance(options, my_bird_sings.Options):
            return 0.0
        checked = hands_checked_before_a_decision(options)
        if not checked:
            return 0.0
        p = float(my_bird_sings.dealt_hand_sings(options))
        return 1.0 - (1.0 - p) ** checked

    def settle_limit(self, options: object) -> int:
        """How many deals settled by the deal itself an episode plays on through.

        The smallest ``k`` for which ``k + 1`` such deals in a row are less likely than
        :data:`SETTLED_TAIL`: the episode's return bounds allow for ``k`` of them, and a
        deal that would be the ``k + 1``-th is dealt again (a conditioning on so rare an
        event that it changes no figure anybody can measure).
        """
        q = self.settled_chance(options)
        if q <= 0.0:
            return 0
        return max(1, math.ceil(math.log(SETTLED_TAIL) / math.log(q)) - 1)

    def deal_bounds(self, options: object) -> tuple[int, int]:
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

    def utility_bounds(self, options: object) -> tuple[int, int]:
        """Bounds on one seat's return from an episode (see :meth:`settle_limit`)."""
        low, high = self.deal_bounds(options)
        extra = self.settle_limit(options)
        if extra:
            mbs = cast("my_bird_sings.Options", options)
            low -= extra * (mbs.stake + mbs.dealer_extra)
            high += extra * ((mbs.players - 1) * mbs.stake + mbs.dealer_extra)
        return low, high

    def encoder(self, options: object) -> ObservationEncoder:
        """The observation encoder for ``options``."""
        low, high = self.deal_bounds(options)
        scale = float(max(-low, high, 1))
        return observation_encoder(options, scale, self.rounds(options) * _players(options))

    def information_encoder(self, options: object) -> InformationStateEncoder:
        """The information state encoder for ``options`` (OpenSpiel's options)."""
        low, high = self.utility_bounds(options)
        scale = float(max(-low, high, 1))
        return information_state_encoder(
            options, scale, self.rounds(options), self.settle_limit(options)
        )

    def text(self, view: SeatView) -> str:
        """The view as canonical text (see :func:`view_text`)."""
        return view_text(view, self.engine.ACTION_TYPES)

    def encode(self, state: GameState, action: object) -> int:
        """The code of ``action`` taken by the seat on turn in ``state``."""
        code = self.codes.get(action)
        if code is not None:
            return code
        seat = state.to_act
        holding = state.hands[seat] if seat is not None else ()
        return self.codec.encode(str(action), holding)

    def decode(self, state: GameState, code: int) -> object:
        """The action that ``code`` names for the seat on turn in ``state``.

        Raises:
            OptionsError: for a number that is not an action code of the game.

        """
        if code.__class__ is bool or not 0 <= code < self.size:
            raise OptionsError(f"not an action code of this game: {code!r}")
        action = self.actions[code]
        if action is not None:
            return action
        seat = state.to_act
        holding = state.hands[seat] if seat is not None else ()
        return self.engine.parse_action(self.codec.decode(code, holding))

    def refusal(self, state: GameState, code: object, legal: Sequence[int]) -> IllegalActionError:
        """The error for ``code``, which is not among the ``legal`` codes listed now (C-7).

        The engine's own refusal (naming the rule) when ``code`` names an action it
        refuses; else a C-7 refusal saying the code is not listed (not a code of the game,
        nobody's turn, or a code that names a legal action but is not the one listed for
        it, such as ``draw 3`` where only ``draw 0`` is offered).
        """
        if code.__class__ is bool or not isinstance(code, int) or not 0 <= code < self.size:
            return IllegalActionError(
                f"code {code!r}", "C-7", f"not an action code of this game (0 to {self.size - 1})"
            )
        if state.to_act is None:
            return IllegalActionError(f"code {code}", "C-7", "the deal is over")
        action = self.decode(state, code)
        refused = self.engine.check_action(state, action)
        if refused is not None:
            return refused
        shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
        return IllegalActionError(
            action, "C-7", f"code {code} is not among the codes listed now ({shown})"
        )

    def legal_codes(self, state: GameState) -> list[int]:
        """The codes of the legal actions, ascending."""
        codes = self.codes
        legal = self.engine.legal_actions(state)
        try:
            result = [codes[action] for action in legal]
        except KeyError:  # a sing, coded by the holding
            result = [self.encode(state, action) for action in legal]
        result.sort()
        return result


_CHECKED: dict[my_bird_sings.Options, int] = {}


def hands_checked_before_a_decision(options: my_bird_sings.Options) -> int:
    """How many dealt hands can settle a My Bird Sings deal before anybody decides anything.

    Asked of the engine, seat by seat: a deal (dealer 0) in which only that seat's dealt
    hand sings (:func:`~cardrules.my_bird_sings.sings`) either ends at once (its bird sang
    before the first decision, MBS-12) or asks somebody to decide. So the after-deal
    schedule (the leader only, every hand with ``sing_timing="any_after_deal"``, none
    with ``auto_sing=False`` or when a bird lays its set as a trick) is the engine's.

    >>> from cardrules.my_bird_sings import Options
    >>> hands_checked_before_a_decision(Options(players=4))
    1
    >>> hands_checked_before_a_decision(Options(players=4, sing_timing="any_after_deal"))
    4
    >>> hands_checked_before_a_decision(Options(players=4, auto_sing=False))
    0
    """
    known = _CHECKED.get(options)
    if known is not None:
        return known
    hands = _one_singing_hand(options)
    n = options.players
    checked = 0
    for seat in range(n):
        by_seat = hands[n - seat :] + hands[: n - seat]  # the singing hand (first) at ``seat``
        deck = my_bird_sings.deck_for(options, by_seat, dealer=0)
        if my_bird_sings.new_game(options, deck=deck, dealer=0, seed=0).to_act is None:
            checked += 1
    _CHECKED[options] = checked
    return checked


def _one_singing_hand(options: my_bird_sings.Options) -> list[tuple[Card, ...]]:
    """Dealt hands of which only the first sings (found by a seeded shuffle)."""
    rng = random.Random(0)
    pack = list(options.cards)
    size = options.hand_size
    for _ in range(100_000):
        rng.shuffle(pack)
        hands = [tuple(pack[i * size : (i + 1) * size]) for i in range(options.players)]
        singing = [hand for hand in hands if my_bird_sings.sings(hand, options)]
        if len(singing) == 1:
            return singing + [hand for hand in hands if hand is not singing[0]]
    raise OptionsError(f"no deal with exactly one singing hand was found under {options!r}")


def _players(options: object) -> int:
    return int(getattr(options, "players", 0))


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

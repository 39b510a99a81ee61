"""What both adapters share: fixed integer action codes, the pack, options as parameters.

:class:`ActionCodec` numbers a game's actions with fixed integers (``play 10C`` is always
the same number); :func:`parameter_specification` and :func:`options_from_parameters`
turn a game's options into flat framework parameters and back; :func:`unsupported_reason`
says which options an adapter cannot offer. The per-game kits (views to vectors, chance
positions, bounds) are in :mod:`cardrules.adapters._kits`. Nothing here imports a
framework or numpy.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Final, cast

import attrs

from cardrules.cards import FULL_PACK, SHORT_PACK, Card, parse_card
from cardrules.errors import NotationError, OptionsError
from cardrules.protocol import DynamicGame, GameOptions

__all__ = [
    "ActionCodec",
    "options_from_parameters",
    "pack_of",
    "parameter_specification",
    "unsupported_reason",
]


@attrs.frozen(slots=True)
class ActionCodec:
    """A game's actions as fixed integers ``0 … size - 1``.

    Every action with a card argument takes one block of 52 codes, indexed by the card's
    index (``13 * suit + rank - 1``); every action without argument has its own code.
    My Bird Sings' ``draw i`` takes one code per position, and ``sing`` is coded by the one
    card of the holding it leaves out (or none), so one code always names one action for
    the player on turn.

    Attributes:
        card_verbs: the verbs taking a card, in block order (``play`` is block 0).
        bare_verbs: the verbs without argument, after the card blocks.
        draw_positions: how many ``draw i`` codes follow (0 for Spoil Five).
        has_sing: whether 53 ``sing`` codes follow (52 "all but this card", one "all").

    """

    card_verbs: tuple[str, ...]
    bare_verbs: tuple[str, ...]
    draw_positions: int = 0
    has_sing: bool = False

    @property
    def draw_base(self) -> int:
        """The code of ``draw 0``."""
        return 52 * len(self.card_verbs)

    @property
    def bare_base(self) -> int:
        """The code of the first verb without argument."""
        return self.draw_base + self.draw_positions

    @property
    def sing_base(self) -> int:
        """The code of ``sing`` leaving out the card of index 0."""
        return self.bare_base + len(self.bare_verbs)

    @property
    def size(self) -> int:
        """The number of distinct codes."""
        return self.sing_base + (53 if self.has_sing else 0)

    def encode(self, text: str, holding: Sequence[Card] = ()) -> int:
        """Return the code of an action written in notation (canonical, as ``str(action)``).

        Args:
            text: the action in canonical notation, e.g. ``"play 10C"``.
            holding: the acting seat's cards; needed only for ``sing``.

        Raises:
            OptionsError: if the action has no code (a ``sing`` of fewer cards than the
                holding less one).

        """
        verb, _, rest = text.partition(" ")
        if verb in self.card_verbs:
            return 52 * self.card_verbs.index(verb) + _card_index(rest)
        if verb in self.bare_verbs and not rest:
            return self.bare_base + self.bare_verbs.index(verb)
        if verb == "draw" and self.draw_positions:
            position = int(rest)
            if 0 <= position < self.draw_positions:
                return self.draw_base + position
        if verb == "sing" and self.has_sing:
            sung = {_card_index(part) for part in rest.split()}
            left_out = [card for card in holding if card.index not in sung]
            if len(left_out) == 0:
                return self.sing_base + 52
            if len(left_out) == 1 and len(sung) == len(holding) - 1:
                return self.sing_base + left_out[0].index
        raise OptionsError(f"the adapters have no action code for {text!r}")

    def decode(self, code: int, holding: Sequence[Card] = ()) -> str:
        """Return the action of ``code`` in notation (``holding`` is needed for ``sing``).

        Raises:
            OptionsError: if ``code`` is not an action code of this game.

        """
        if isinstance(code, bool) or not 0 <= code < self.size:
            raise OptionsError(f"not an action code of this game: {code!r}")
        if code < self.draw_base:
            block, index = divmod(code, 52)
            return f"{self.card_verbs[block]} {FULL_PACK[index]}"
        if code < self.bare_base:
            return f"draw {code - self.draw_base}"
        if code < self.sing_base:
            return self.bare_verbs[code - self.bare_base]
        left_out = code - self.sing_base
        cards = [card for card in holding if card.index != left_out]
        return "sing " + " ".join(str(card) for card in cards)


def _card_index(text: str) -> int:
    try:
        return parse_card(text).index
    except NotationError:
        raise OptionsError(f"not a card: {text!r}") from None


def pack_of(options: object) -> tuple[Card, ...]:
    """Return the pack the game is played with: 52 cards, or 32 for My Bird Sings' option."""
    return SHORT_PACK if getattr(options, "pack", 52) == 32 else FULL_PACK


def unsupported_reason(options: object, *, framework: str) -> str | None:
    """Return why ``options`` cannot be offered by an adapter, or None if they can.

    One deal is one episode, so points games (Spoil Five's Twenty-Five and Forty-Five:
    several hands to a target) are not offered, whatever the ``framework``.
    """
    if str(getattr(options, "scoring", "pool")) == "points":
        return (
            "scoring: points games last several hands, but one deal is one episode in the "
            f"{framework} adapter; use scoring='pool'"
        )
    return None


# --- options as framework parameters -------------------------------------------------

_UNSET_INT: Final = -1
_UNSET_STR: Final = "preset"


def _scalar_fields(preset: object) -> dict[str, type]:
    """The options fields that can be set through a framework parameter, with their kind."""
    kinds: dict[str, type] = {}
    for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(preset))):
        value = getattr(preset, field.name)
        if isinstance(value, bool):
            kinds[field.name] = bool
        elif isinstance(value, enum.Enum | str):
            kinds[field.name] = str
        elif isinstance(value, int) or field.name == "round_limit":
            kinds[field.name] = int
    return kinds


def parameter_specification(module: DynamicGame) -> dict[str, int | str]:
    """Return framework parameters for a game module: ``preset``, ``dealer`` and options.

    Every options field with a scalar value gets a parameter whose default means "the
    preset's value": ``-1`` for numbers and switches (give a switch as ``0`` or ``1``),
    ``"preset"`` for named values.
    """
    preset = module.PRESETS["peel"]
    spec: dict[str, int | str] = {"preset": "peel", "dealer": 0}
    for name, kind in _scalar_fields(preset).items():
        spec[name] = _UNSET_STR if kind is str else _UNSET_INT
    return spec


def options_from_parameters(
    module: DynamicGame, parameters: Mapping[str, object]
) -> tuple[GameOptions, int]:
    """Return the options and the dealer that framework ``parameters`` describe.

    Raises:
        OptionsError: for an unknown preset, an unknown parameter or a bad value.

    """
    presets = module.PRESETS
    name = parameters.get("preset", "peel")
    if not isinstance(name, str) or name not in presets:
        raise OptionsError(f"preset: expected one of {sorted(presets)}, not {name!r}")
    preset = presets[name]
    kinds = _scalar_fields(preset)
    changes: dict[str, object] = {}
    for key, value in parameters.items():
        if key in ("preset", "dealer"):
            continue
        kind = kinds.get(key)
        if kind is None:
            raise OptionsError(f"{key}: not an option of this game that can be set here")
        if value in (_UNSET_INT, _UNSET_STR) and not isinstance(value, bool):
            continue
        if kind is bool:
            if value not in (0, 1) or isinstance(value, bool | str):
                raise OptionsError(f"{key}: give 0 or 1 (or -1 for the preset's), not {value!r}")
            changes[key] = bool(value)
        else:
            changes[key] = value
    evolve = attrs.evolve  # generic; the attrs plugin cannot see an Options class here
    options = evolve(preset, **changes)
    dealer = parameters.get("dealer", 0)
    players = getattr(options, "players", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise OptionsError(f"dealer: expected a seat from 0 to {players - 1}, not {dealer!r}")
    return options, dealer

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

from cardrules.cards import FULL_PACK, Card, parse_card
from cardrules.errors import NotationError, OptionsError
from cardrules.protocol import DynamicGame, GameOptions

__all__ = [
    "DEALER_BY_CHANCE",
    "ActionCodec",
    "missing_extra",
    "options_from_parameters",
    "parameter_specification",
    "parameters_of",
    "unsupported_reason",
]


def missing_extra(module: str, extra: str, error: ModuleNotFoundError) -> ModuleNotFoundError:
    """The error to raise when an adapter's framework is not installed: a one-line hint.

    >>> error = ModuleNotFoundError("No module named 'pyspiel'", name="pyspiel")
    >>> print(missing_extra("cardrules.adapters.openspiel", "openspiel", error))
    ... # doctest: +NORMALIZE_WHITESPACE
    cardrules.adapters.openspiel needs the openspiel extra:
    pip install 'cardrules[openspiel]' (pyspiel is not installed)
    """
    return ModuleNotFoundError(
        f"{module} needs the {extra} extra: pip install 'cardrules[{extra}]' "
        f"({error.name} is not installed)",
        name=error.name,
    )


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

DEALER_BY_CHANCE: Final = -1
"""The ``dealer`` parameter that leaves the dealer to chance (the default)."""


def _scalar_fields(preset: object, round_limit: int | None) -> dict[str, int | bool | str]:
    """The options fields that a framework parameter can set, with their default values.

    A switch is a ``bool``, a named value its ``str``, a number an ``int``; a
    ``round_limit`` of ``None`` is shown as ``round_limit`` (the adapter's bound).
    """
    defaults: dict[str, int | bool | str] = {}
    for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(preset))):
        value = getattr(preset, field.name)
        if field.name == "round_limit" and value is None and round_limit is not None:
            value = round_limit
        if isinstance(value, bool):
            defaults[field.name] = value
        elif isinstance(value, enum.Enum):
            defaults[field.name] = str(value.value)
        elif isinstance(value, str | int):
            defaults[field.name] = value
    return defaults


def parameter_specification(
    module: DynamicGame, *, round_limit: int | None = None
) -> dict[str, int | bool | str]:
    """Return framework parameters for a game module: ``preset``, ``dealer`` and options.

    Every options field with a scalar value gets a parameter whose default is Peel's
    value (``True``/``False`` for switches, strings for named values); ``dealer``
    defaults to :data:`DEALER_BY_CHANCE`. ``round_limit`` (if given) stands for a round
    limit of ``None``.
    """
    spec: dict[str, int | bool | str] = {"preset": "peel", "dealer": DEALER_BY_CHANCE}
    spec.update(_scalar_fields(module.PRESETS["peel"], round_limit))
    return spec


def options_from_parameters(
    module: DynamicGame, parameters: Mapping[str, object], *, round_limit: int | None = None
) -> tuple[GameOptions, int | None]:
    """Return the options and the dealer (``None``: by chance) that ``parameters`` describe.

    The options are the ``preset``'s, changed by every parameter whose value differs from
    its default (Peel's value): a parameter at its default keeps the preset's value.

    Raises:
        OptionsError: for an unknown preset, an unknown parameter or a bad value.

    """
    presets = module.PRESETS
    name = parameters.get("preset", "peel")
    if not isinstance(name, str) or name not in presets:
        raise OptionsError(f"preset: expected one of {sorted(presets)}, not {name!r}")
    defaults = _scalar_fields(presets["peel"], round_limit)
    changes: dict[str, object] = {}
    for key, value in parameters.items():
        if key in ("preset", "dealer"):
            continue
        if key not in defaults:
            raise OptionsError(f"{key}: not an option of this game that can be set here")
        default = defaults[key]
        if isinstance(default, bool):
            if not isinstance(value, bool) and not (isinstance(value, int) and value in (0, 1)):
                raise OptionsError(f"{key}: give true or false, not {value!r}")
            value = bool(value)
        elif isinstance(default, str):
            if not isinstance(value, str):
                raise OptionsError(f"{key}: give a name, not {value!r}")
        elif isinstance(value, bool) or not isinstance(value, int):
            raise OptionsError(f"{key}: give a whole number, not {value!r}")
        if value != default or type(value) is not type(default):
            changes[key] = value
    evolve = attrs.evolve  # generic; the attrs plugin cannot see an Options class here
    options = evolve(presets[name], **changes)
    dealer = parameters.get("dealer", DEALER_BY_CHANCE)
    players = getattr(options, "players", 0)
    if dealer == DEALER_BY_CHANCE and not isinstance(dealer, bool):
        return options, None
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise OptionsError(
            f"dealer: expected a seat from 0 to {players - 1}, or {DEALER_BY_CHANCE} for a "
            f"dealer drawn by chance, not {dealer!r}"
        )
    return options, dealer


def parameters_of(
    module: DynamicGame,
    options: GameOptions,
    dealer: int | None,
    *,
    preset: str = "peel",
    round_limit: int | None = None,
) -> dict[str, int | bool | str]:
    """The framework parameters of ``options``: every settable field at its real value.

    Loading a game with these parameters gives the same options back.
    """
    parameters: dict[str, int | bool | str] = {
        "preset": preset,
        "dealer": DEALER_BY_CHANCE if dealer is None else dealer,
    }
    settable = _scalar_fields(module.PRESETS["peel"], round_limit)
    values = _scalar_fields(options, round_limit)
    parameters.update({key: values[key] for key in settable if key in values})
    return parameters

"""Helpers shared by the record tests: both game modules, random sessions, card extraction."""

from __future__ import annotations

import contextlib
import json
import random
import types
from typing import Any

from cardrules import my_bird_sings, spoil_five
from cardrules.cards import FULL_PACK, SHORT_PACK, Card, parse_card
from cardrules.dealing import shuffled
from cardrules.errors import NotationError

GAMES: tuple[types.ModuleType, ...] = (spoil_five, my_bird_sings)
"""Both game modules."""

PRESET_CASES: list[tuple[types.ModuleType, str, Any]] = [
    (game, name, options) for game in GAMES for name, options in game.PRESETS.items()
]
"""``(game, preset name, options)`` for every preset of both games."""


def game_name(game: types.ModuleType) -> str:
    """The game's name as records write it (``"spoil-five"``)."""
    name: str = game.NAME
    return name


PRESET_IDS = [f"{game_name(game)}:{name}" for game, name, _ in PRESET_CASES]

VARIANT_CASES: list[tuple[types.ModuleType, str, Any]] = [
    (
        spoil_five,
        "optional-rob-fiving",
        spoil_five.Options(players=2, fiving=True, robbing="optional"),
    ),
    (spoil_five, "penalize", spoil_five.Options(players=4, rob_enforcement="penalize")),
    (
        spoil_five,
        "sides-fiving",
        spoil_five.Options(
            players=4, teams=((0, 2), (1, 3)), fiving=True, fiving_asker="either_opponent"
        ),
    ),
    (
        spoil_five,
        "ten-late-ace",
        spoil_five.Options(
            players=10, dealer_ace_available="after_trick1", plain_lead_rule="must_follow",
            deal_batches=(3, 2),
        ),
    ),
    (spoil_five, "three-jinking", spoil_five.Options(players=3, jinking=True)),
    (
        my_bird_sings,
        "exchanges-visible",
        my_bird_sings.Options(
            players=3, exchange_by="everyone", exchange_after_rounds=0, rejects_visible=True,
            singing="flush_only",
        ),
    ),
    (
        my_bird_sings,
        "exchanges-to-bottom",
        my_bird_sings.Options(
            players=4, exchange_by="everyone", exchange_after_rounds=0, singing="flush_only",
            exchange_discard_to="stock_bottom", rejects_to="stock_bottom",
            exchange_on_exhaustion="take_back_discard",
        ),
    ),
    (
        my_bird_sings,
        "blind-exchanges",
        my_bird_sings.Options(
            players=5, passing="draw_blind", exchange_after_rounds=0, singing="flush_only",
        ),
    ),
    (
        my_bird_sings,
        "declared-tricks",
        my_bird_sings.Options(
            players=4, auto_sing=False, play_to_exhaustion=True, exhaustion_end="take_remaining",
            exchange_by="everyone", exchange_after_rounds=1,
        ),
    ),
    (my_bird_sings, "full-table", my_bird_sings.Options(players=13, round_limit=3)),
    (my_bird_sings, "short-eight", my_bird_sings.Options(players=8, pack=32, round_limit=2)),
]  # fmt: skip
"""Option sets beyond the presets that reach the rarer rules (exchanges, fiving, ...)."""

ALL_CASES = PRESET_CASES + VARIANT_CASES
ALL_IDS = PRESET_IDS + [f"{game_name(game)}:{name}" for game, name, _ in VARIANT_CASES]


def pack_of(game: types.ModuleType, options: Any) -> tuple[Card, ...]:
    """The pack the game deals from under ``options``."""
    if game is my_bird_sings and options.pack == 32:
        return SHORT_PACK
    return FULL_PACK


def choose(legal: tuple[Any, ...], rng: random.Random) -> Any:
    """A random legal action; abandoning a deal (My Bird Sings) only rarely."""
    action = rng.choice(legal)
    if str(action) == "abandon" and len(legal) > 1 and rng.random() < 0.97:
        action = rng.choice([other for other in legal if str(other) != "abandon"])
    return action


def random_session(
    game: types.ModuleType,
    options: Any,
    rng: random.Random,
    *,
    deals: int = 3,
    max_actions: int = 400,
) -> list[Any]:
    """Play random legal actions over up to ``deals`` deals; return every state in order.

    The first deal and, at random, later deals use an explicit pack order; the others a
    seed (sometimes given, sometimes derived by ``next_deal``). The last deal may stop
    part-way after ``max_actions`` actions.
    """
    dealer = rng.randrange(options.players)
    if rng.random() < 0.5:
        state = game.new_game(options, seed=rng.getrandbits(64), dealer=dealer)
    else:
        deck = shuffled(pack_of(game, options), rng)
        state = game.new_game(options, deck=deck, dealer=dealer, seed=rng.randrange(100))
    states = [state]
    for number in range(deals):
        count = 0
        while not game.is_deal_over(state) and count < max_actions:
            state = game.apply_action(state, choose(game.legal_actions(state), rng))
            states.append(state)
            count += 1
        last = number + 1 == deals
        if last or not game.is_deal_over(state) or game.is_game_over(state):
            break
        choice = rng.randrange(3)
        if choice == 0:
            state = game.next_deal(state)
        elif choice == 1:
            state = game.next_deal(state, seed=rng.randrange(-(2**63), 2**63))
        else:  # a deck, and a seed too where a blind draw needs one of its own
            deck = shuffled(pack_of(game, options), rng)
            blind = getattr(options, "passing", None) == "draw_blind"
            seed = rng.randrange(2**32) if blind else None
            state = game.next_deal(state, deck=deck, seed=seed)
        states.append(state)
    return states


def cards_in_json(text: str) -> set[Card]:
    """Every card named anywhere in JSON text: in card strings and inside action strings."""
    found: set[Card] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            for word in value.split():
                with contextlib.suppress(NotationError):
                    found.add(parse_card(word))
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)

    walk(json.loads(text))
    return found

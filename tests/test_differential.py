"""The rebuilt engines against the engines they replace, side by side (temporary).

While the engines are rebuilt (one rule, one place), the old ones stay in
:mod:`tests.legacy`. Every example plays a random session of two deals through both, from
the same options and seed, and checks at every decision: the same legal actions in the
same order, the same view for every seat, the same refusal rule for a sampled illegal
action; and at the end of each deal the same outcome, pool and balances. Once the golden
counts (``tests/test_golden_counts.py``) pin the new engines, this test and the legacy copy
go.
"""

from __future__ import annotations

import enum
import random
from types import ModuleType
from typing import Any, cast

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import Card, my_bird_sings, spoil_five
from cardrules.cards import FULL_PACK
from tests.legacy import my_bird_sings as old_my_bird_sings
from tests.legacy import spoil_five as old_spoil_five
from tests.strategies import my_bird_sings_options, spoil_five_options


def normal(value: object) -> object:
    """A value as plain data: attrs classes as dicts of fields, enums as values, cards as text.

    Class names are left out, so a value class that moved or was renamed still compares by
    what it holds.
    """
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        fields = attrs.fields(cast("type[attrs.AttrsInstance]", type(value)))
        return {field.name: normal(getattr(value, field.name)) for field in fields}
    if isinstance(value, tuple | list):
        return [normal(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted(str(normal(item)) for item in value)
    return value


def _same_options(old: ModuleType, options: Any) -> Any:
    fields = {field.name: getattr(options, field.name) for field in attrs.fields(type(options))}
    return old.Options(**fields)


def _candidates(game: ModuleType, state: Any) -> list[str]:
    """Actions in notation worth trying in ``state``: the legal ones and many that are not."""
    cards = [str(card) for card in FULL_PACK]
    if game is spoil_five:
        texts = [f"play {c}" for c in cards] + [f"rob {c}" for c in cards]
        texts += ["decline-rob", "stop", "go-on", "ask-five", "decline-five"]
        texts += ["accept-five", "refuse-five"]
    else:
        texts = [f"pass {c}" for c in cards] + [f"exchange {c}" for c in cards]
        texts += [f"draw {i}" for i in range(8)]
        texts += ["decline-exchange", "decline-sing", "abandon"]
        for hand in state.hands:
            if len(hand) >= 4:
                texts.append("sing " + " ".join(str(card) for card in hand[:4]))
    return texts


def _compare_step(
    new: ModuleType, old: ModuleType, state: Any, twin: Any, rng: random.Random
) -> None:
    legal = [new.format_action(action) for action in new.legal_actions(state)]
    assert legal == [old.format_action(action) for action in old.legal_actions(twin)]
    assert (state.to_act, str(state.phase)) == (twin.to_act, str(twin.phase))
    for seat in range(state.options.players):
        assert normal(new.view(state, seat)) == normal(old.view(twin, seat)), seat
    texts = _candidates(new, state)
    for text in rng.sample(texts, min(6, len(texts))):
        refusal = new.check_action(state, new.parse_action(text))
        before = old.check_action(twin, old.parse_action(text))
        assert (refusal is None) == (before is None), text
        if refusal is not None and before is not None:
            assert refusal.rule == before.rule, text


def _play_session(new: ModuleType, old: ModuleType, options: Any, seed: int) -> None:
    rng = random.Random(seed)
    state = new.new_game(options, seed=seed)
    twin = old.new_game(_same_options(old, options), seed=seed)
    for deal in range(2):
        if deal:
            state, twin = new.next_deal(state), old.next_deal(twin)
        steps = 0
        while not new.is_deal_over(state):
            _compare_step(new, old, state, twin, rng)
            legal = new.legal_actions(state)
            choice = rng.randrange(len(legal))
            state = new.apply_action(state, legal[choice])
            twin = old.apply_action(twin, old.legal_actions(twin)[choice])
            steps += 1
            assert steps < 2000
        assert old.is_deal_over(twin)
        _compare_step(new, old, state, twin, rng)
        assert normal(state.outcome) == normal(twin.outcome)
        assert (state.pool, state.balances) == (twin.pool, twin.balances)
        if new.is_game_over(state):
            break


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=spoil_five_options(), seed=st.integers(-(2**40), 2**40))
def test_rebuilt_spoil_five_plays_exactly_as_before(options: spoil_five.Options, seed: int) -> None:
    _play_session(spoil_five, old_spoil_five, options, seed)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=my_bird_sings_options(), seed=st.integers(-(2**40), 2**40))
def test_rebuilt_my_bird_sings_plays_exactly_as_before(
    options: my_bird_sings.Options, seed: int
) -> None:
    _play_session(my_bird_sings, old_my_bird_sings, options, seed)

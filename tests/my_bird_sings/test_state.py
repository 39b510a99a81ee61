"""States with deep histories: equality, hashing, repr and pickling without recursion."""

from __future__ import annotations

import copy
import pickle
import random

from cardrules.my_bird_sings import (
    Options,
    State,
    apply_action,
    history,
    legal_actions,
    new_game,
    next_deal,
)
from tests.my_bird_sings.helpers import play_out, position, quiet_step, two_suit_hands

QUIET = Options(players=2, exchange_by="nobody", singing="flush_only")


def _long_deal(steps: int) -> State:
    """A deal where nobody can ever sing, played for ``steps`` actions."""
    state = position(QUIET, two_suit_hands(2))
    for _ in range(steps):
        state = quiet_step(state)
    return state


def _long_session(deals: int, seed: int) -> State:
    """A six-player session of ``deals`` finished deals (random play, never abandoning)."""
    rng = random.Random(seed)
    state = new_game(Options(players=6), seed=seed)
    for _ in range(deals):
        state = next_deal(play_out(state, rng))
    return state


def _check_deep(a: State, b: State) -> None:
    assert a is not b
    assert a == b
    assert hash(a) == hash(b)
    assert len(repr(a)) < 1000  # a state's repr names its parts; it does not dump the logs
    for copied in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a)):
        assert copied == a
        assert hash(copied) == hash(a)
        assert history(copied) == history(a)
        if legal_actions(a):  # the copy plays on alike
            action = legal_actions(a)[0]
            assert apply_action(copied, action) == apply_action(a, action)
        else:
            assert next_deal(copied) == next_deal(a)


def test_a_deal_of_thousands_of_actions_compares_hashes_and_pickles() -> None:
    """A 5,000-action deal: ==, hash, a short repr, pickle and deepcopy (no recursion)."""
    a, b = _long_deal(5000), _long_deal(5000)
    assert len(history(a).deals[-1].actions) == 5000
    _check_deep(a, b)
    assert _long_deal(4999) != a


def test_a_session_of_1200_deals_compares_hashes_and_pickles() -> None:
    """1,200 deals through next_deal: the earlier deals compare and pickle flat."""
    a, b = _long_session(1200, 5), _long_session(1200, 5)
    assert a.deal_number == 1200
    assert len(history(a).deals) == 1201
    _check_deep(a, b)
    assert pickle.loads(pickle.dumps(a)).balances == a.balances

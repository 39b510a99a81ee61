"""My Bird Sings (W. H. Peel, 1891): the complete engine.

The functional surface shared with :mod:`cardrules.spoil_five` (``new_game``,
``legal_actions``, ``apply_action``, ``view``, ...), the options and presets, the actions
and their notation, the singing test :func:`sings`, exact probabilities and
:func:`sample_state` for search bots. Rules: ``docs/rules/my-bird-sings.md``.

>>> from cardrules import my_bird_sings as mbs
>>> state = mbs.new_game(mbs.Options(players=6), seed=1)
>>> while not mbs.is_deal_over(state):
...     state = mbs.apply_action(state, mbs.legal_actions(state)[0])
>>> state.outcome.kind, state.outcome.winners, state.pool + sum(state.balances)
(<OutcomeKind.SANG: 'sang'>, (2,), 0)
"""

from __future__ import annotations

from typing import Final

from cardrules.my_bird_sings.actions import (
    ABANDON,
    ACTION_TYPES,
    DECLINE_EXCHANGE,
    DECLINE_SING,
    DRAW_ACTIONS,
    EXCHANGE_ACTIONS,
    PASS_ACTIONS,
    Abandon,
    Action,
    DeclineExchange,
    DeclineSing,
    Draw,
    Exchange,
    Pass,
    Sing,
    format_action,
    parse_action,
)
from cardrules.my_bird_sings.combinations import (
    SUIT_KEY,
    singing_keys,
    singing_sets,
    sings,
    suit_key,
)
from cardrules.my_bird_sings.deal import (
    deck_for,
)
from cardrules.my_bird_sings.explain import (
    Explainer,
    explain_action,
    explain_settlement,
    explain_tricks,
    explain_unavailable,
    singing_hint,
)
from cardrules.my_bird_sings.hands import sort_hand
from cardrules.my_bird_sings.options import (
    DRAW_BLIND,
    EVERYONE_EXCHANGES,
    FLUSHES_ONLY,
    PEEL,
    PRESETS,
    SHORT_PACK,
    THREE_CARDS,
    TO_EXHAUSTION,
    ExchangeBy,
    ExchangeOnExhaustion,
    ExhaustionEnd,
    Options,
    Passing,
    PileTo,
    Singing,
    SingTiming,
)
from cardrules.my_bird_sings.probabilities import (
    dealt_hand_sings,
    flush_probability,
    four_suits_probability,
    holding_sings,
    pattern_probability,
)
from cardrules.my_bird_sings.rules import (
    apply_action,
    check_action,
    exchange_open,
    is_deal_over,
    is_game_over,
    is_legal,
    legal_actions,
    offered_order,
)
from cardrules.my_bird_sings.sampling import (
    sample_state,
)
from cardrules.my_bird_sings.session import (
    history,
    new_game,
    next_deal,
)
from cardrules.my_bird_sings.state import (
    Outcome,
    OutcomeKind,
    Phase,
    State,
)
from cardrules.my_bird_sings.views import (
    ExchangeView,
    View,
    validate_view,
    view,
)

NAME: Final = "my-bird-sings"
"""The game's name in records and on the command line."""

__all__ = [
    "ABANDON",
    "ACTION_TYPES",
    "DECLINE_EXCHANGE",
    "DECLINE_SING",
    "DRAW_ACTIONS",
    "DRAW_BLIND",
    "EVERYONE_EXCHANGES",
    "EXCHANGE_ACTIONS",
    "FLUSHES_ONLY",
    "NAME",
    "PASS_ACTIONS",
    "PEEL",
    "PRESETS",
    "SHORT_PACK",
    "SUIT_KEY",
    "THREE_CARDS",
    "TO_EXHAUSTION",
    "Abandon",
    "Action",
    "DeclineExchange",
    "DeclineSing",
    "Draw",
    "Exchange",
    "ExchangeBy",
    "ExchangeOnExhaustion",
    "ExchangeView",
    "ExhaustionEnd",
    "Explainer",
    "Options",
    "Outcome",
    "OutcomeKind",
    "Pass",
    "Passing",
    "Phase",
    "PileTo",
    "Sing",
    "SingTiming",
    "Singing",
    "State",
    "View",
    "apply_action",
    "check_action",
    "dealt_hand_sings",
    "deck_for",
    "exchange_open",
    "explain_action",
    "explain_settlement",
    "explain_tricks",
    "explain_unavailable",
    "flush_probability",
    "format_action",
    "four_suits_probability",
    "history",
    "holding_sings",
    "is_deal_over",
    "is_game_over",
    "is_legal",
    "legal_actions",
    "new_game",
    "next_deal",
    "offered_order",
    "parse_action",
    "pattern_probability",
    "sample_state",
    "singing_hint",
    "singing_keys",
    "singing_sets",
    "sings",
    "sort_hand",
    "suit_key",
    "validate_view",
    "view",
]

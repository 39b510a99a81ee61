"""Spoil Five after W. H. Peel (1891): options, card orders, actions and the engine.

The functional surface is the same as every cardrules game (see
:class:`cardrules.protocol.Game`): ``new_game``, ``legal_actions``, ``apply_action``,
``view``, ``next_deal`` and friends, over immutable states.

>>> from cardrules import spoil_five
>>> state = spoil_five.new_game(spoil_five.Options(players=4), seed=7)
>>> while not spoil_five.is_deal_over(state):
...     state = spoil_five.apply_action(state, spoil_five.legal_actions(state)[0])
>>> state.outcome.kind in spoil_five.OutcomeKind, sum(state.balances) + state.pool
(True, 0)
"""

from __future__ import annotations

from typing import Final

from cardrules.spoil_five.actions import (
    ACTION_TYPES,
    AcceptFive,
    Action,
    AskFive,
    DeclineFive,
    DeclineRob,
    GoOn,
    Play,
    RefuseFive,
    Rob,
    Stop,
    format_action,
    parse_action,
)
from cardrules.spoil_five.explain import (
    Explainer,
    explain_action,
    explain_settlement,
    explain_tricks,
    explain_unavailable,
)
from cardrules.spoil_five.following import Following, follow_rule
from cardrules.spoil_five.hands import sort_hand
from cardrules.spoil_five.options import (
    FORTY_FIVE,
    JINKING,
    ORDINARY,
    PARTNERSHIP,
    PEEL,
    PRESETS,
    TWENTY_FIVE,
    TWO_HANDED,
    TWO_TRICKS,
    DealerAce,
    FivingAsker,
    Options,
    PlainLeadRule,
    Ranking,
    Robbing,
    RobEnforcement,
    Scoring,
    SpoilPayers,
)
from cardrules.spoil_five.ranking import (
    order_table_markdown,
    plain_order,
    trick_winner,
    trump_order,
)
from cardrules.spoil_five.robbing import RobDecision, RobTime, rob_rule
from cardrules.spoil_five.rules import (
    apply_action,
    check_action,
    history,
    is_deal_over,
    is_game_over,
    is_legal,
    legal_actions,
    legal_plays,
)
from cardrules.spoil_five.sampling import sample_state
from cardrules.spoil_five.session import new_game, next_deal
from cardrules.spoil_five.state import (
    Event,
    EventKind,
    Outcome,
    OutcomeKind,
    Phase,
    State,
    Trick,
)
from cardrules.spoil_five.views import View, validate_view, view

NAME: Final = "spoil-five"
"""The game's name in records and on the command line."""

__all__ = [
    "ACTION_TYPES",
    "FORTY_FIVE",
    "JINKING",
    "NAME",
    "ORDINARY",
    "PARTNERSHIP",
    "PEEL",
    "PRESETS",
    "TWENTY_FIVE",
    "TWO_HANDED",
    "TWO_TRICKS",
    "AcceptFive",
    "Action",
    "AskFive",
    "DealerAce",
    "DeclineFive",
    "DeclineRob",
    "Event",
    "EventKind",
    "Explainer",
    "FivingAsker",
    "Following",
    "GoOn",
    "Options",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "PlainLeadRule",
    "Play",
    "Ranking",
    "RefuseFive",
    "Rob",
    "RobDecision",
    "RobEnforcement",
    "RobTime",
    "Robbing",
    "Scoring",
    "SpoilPayers",
    "State",
    "Stop",
    "Trick",
    "View",
    "apply_action",
    "check_action",
    "explain_action",
    "explain_settlement",
    "explain_tricks",
    "explain_unavailable",
    "follow_rule",
    "format_action",
    "history",
    "is_deal_over",
    "is_game_over",
    "is_legal",
    "legal_actions",
    "legal_plays",
    "new_game",
    "next_deal",
    "order_table_markdown",
    "parse_action",
    "plain_order",
    "rob_rule",
    "sample_state",
    "sort_hand",
    "trick_winner",
    "trump_order",
    "validate_view",
    "view",
]

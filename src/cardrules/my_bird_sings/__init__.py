"""My Bird Sings (W. H. Peel, 1891): the complete engine.

>>> from cardrules import my_bird_sings as mbs
>>> state = mbs.new_game(mbs.Options(players=6), seed=1)
>>> while not mbs.is_deal_over(state):
...     state = mbs.apply_action(state, mbs.legal_actions(state)[0])
>>> state.outcome.kind, state.pool + sum(state.balances)
(<OutcomeKind.SANG: 'sang'>, 0)
"""

from __future__ import annotations

from cardrules.my_bird_sings.actions import *  # noqa: F403
from cardrules.my_bird_sings.combinations import *  # noqa: F403
from cardrules.my_bird_sings.options import *  # noqa: F403
from cardrules.my_bird_sings.rules import *  # noqa: F403
from cardrules.my_bird_sings.sampling import *  # noqa: F403
from cardrules.my_bird_sings.state import *  # noqa: F403
from cardrules.my_bird_sings.views import *  # noqa: F403

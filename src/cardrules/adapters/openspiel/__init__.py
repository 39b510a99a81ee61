"""Spoil Five and My Bird Sings as OpenSpiel games (extra ``openspiel``).

Importing this module registers two Python games with ``pyspiel``:
``cardrules_spoil_five`` and ``cardrules_my_bird_sings``. An episode is one deal with
decisions:

- **Chance.** Unless the ``dealer`` parameter fixes him, the first chance node draws the
  dealer, uniformly over the seats. Then the deal is a sequence of explicit chance nodes,
  one per pack position that can matter, top card first; each outcome is a card (its
  index ``13 * suit + rank - 1``), uniform over the cards not yet placed. The positions
  left after those are filled in pack order, and nobody ever sees them. The engine deals
  from that pack (SF-8, MBS-3) as ``new_game(options, deck=..., dealer=...)``.
- **Every episode has a decision.** A My Bird Sings deal can be settled by the deal
  itself (the leader's dealt hand sings, MBS-12). The episode then plays on into the next
  deal of the session (``next_deal``: the deal passes to the left, everybody antes), whose
  pack is placed by chance nodes in the same way, and its returns include both deals. A
  run of such deals longer than the kit's limit (one less likely than ``1e-9``) is not
  played: the deal that would exceed it is dealt again, so the return bounds hold.
- **Actions.** Fixed integers (:data:`SPOIL_FIVE_CODEC`, :data:`MY_BIRD_SINGS_CODEC`):
  ``play 10C`` is always the same number; ``action_to_string`` writes our notation.
- **Refusals.** A chance outcome not in ``chance_outcomes()`` or a code not in
  ``legal_actions()`` raises :class:`~cardrules.errors.IllegalActionError` (a
  ``ValueError``, as OpenSpiel's own Python games raise): the engine's refusal naming
  the rule, else C-7. The state and its C++ history stay as they were.
- **Observations** are built from ``cardrules.<game>.view(state, seat)`` only, never from
  hidden state, with seats relative to the observer (position 0 is the observer, 1 his
  left neighbour). The observation tensor is what the seat sees now; the **information
  state** tensor is everything the seat has seen in the episode, in order (tricks card by
  card, cards passed and received one by one, own exchanges, the public counters of every
  My Bird Sings turn), within a size fixed by the options. The information state string
  is the view's text with the same history, and the texts of the seat's views of earlier
  deals settled by the deal itself.
- **Returns.** Counters won minus counters paid in the episode (antes included), from the
  engine's settlement; they sum to minus the counters left in the pool.

Game parameters: ``preset`` (a name of ``cardrules.<game>.PRESETS``, default ``peel``),
``dealer`` (a seat, or ``-1``, the default, for a dealer drawn by chance), and every
options field with a scalar value (``players``, ``robbing``, ``jinking``, ``round_limit``
...), with Peel's values as defaults and switches as booleans. A parameter left at its
default keeps the preset's value; ``game.get_parameters()`` shows the values in force.
My Bird Sings needs a finite episode, so a ``round_limit`` of ``None`` becomes
:data:`DEFAULT_ROUND_LIMIT`, and one above 1,000 is refused (``OptionsError``). My
Bird Sings' ``draw_blind`` passing is chance too: the drawer's only decision is ``draw 0``
(or ``abandon``), since the offered cards lie face down in a random order and every
position is alike; a chance node then gives him one of the offered cards, uniformly, and
the engine applies the draw of that card's position.
Not offered (``OptionsError``): Spoil Five points games, which last several hands.

>>> import pyspiel
>>> from cardrules.adapters import openspiel
>>> game = pyspiel.load_game("cardrules_spoil_five", {"players": 3, "dealer": 0})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():  # the pack in index order: AS 2S 3S ...
...     state.apply_action(min(card for card, _ in state.chance_outcomes()))
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['play AS', 'play 2S', 'play 7S', 'play 8S', 'play 9S'])
>>> state.apply_action(0)
>>> state.observation_string(2)[:40]
'{seat=2 deal_number=0 dealer=0 eldest=1 '
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
    import pyspiel
except ModuleNotFoundError as error:
    from cardrules.adapters._common import missing_extra

    raise missing_extra("cardrules.adapters.openspiel", "openspiel", error) from None

from cardrules.adapters._kits import DEFAULT_ROUND_LIMIT, MY_BIRD_SINGS_CODEC, SPOIL_FIVE_CODEC
from cardrules.adapters.openspiel._game import (
    GAME_TYPES,
    MY_BIRD_SINGS,
    SPOIL_FIVE,
    CardrulesGame,
    MyBirdSingsGame,
    SpoilFiveGame,
    load_game,
)
from cardrules.adapters.openspiel._state import (
    CardrulesState,
    action_code,
    engine_action,
    engine_state,
    resample,
    seat_view,
)

__all__ = [
    "DEFAULT_ROUND_LIMIT",
    "MY_BIRD_SINGS",
    "MY_BIRD_SINGS_CODEC",
    "SPOIL_FIVE",
    "SPOIL_FIVE_CODEC",
    "CardrulesGame",
    "CardrulesState",
    "MyBirdSingsGame",
    "SpoilFiveGame",
    "action_code",
    "engine_action",
    "engine_state",
    "load_game",
    "resample",
    "seat_view",
]

pyspiel.register_game(GAME_TYPES["spoil_five"], SpoilFiveGame)
pyspiel.register_game(GAME_TYPES["my_bird_sings"], MyBirdSingsGame)

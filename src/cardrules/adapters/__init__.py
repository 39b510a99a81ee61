"""Adapters that run the games inside other frameworks: OpenSpiel and PettingZoo.

Nothing is imported here: ``import cardrules`` (and ``import cardrules.adapters``) never
loads a framework. Import the adapter you need explicitly; each one needs its extra:

- :mod:`cardrules.adapters.openspiel` (``pip install cardrules[openspiel]``) registers
  the Python games ``cardrules_spoil_five`` and ``cardrules_my_bird_sings`` with
  ``pyspiel``.
- :mod:`cardrules.adapters.pettingzoo` (``pip install cardrules[pettingzoo]``) offers
  AEC environments for both games.

Both encode actions with the same fixed integers and build observations only from the
per-seat views (``cardrules.<game>.view(state, seat)``), never from hidden state; see
``docs/adapters.md``.
"""

from __future__ import annotations

__all__: list[str] = []

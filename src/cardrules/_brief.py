"""The short ``repr`` of the game states and views (private).

A state holds every card of a session; its ``repr`` at the prompt is one line saying
where the game stands, and ``print(state)`` draws the table.

>>> from cardrules import spoil_five
>>> state = spoil_five.new_game(spoil_five.Options(players=3), seed=1)
>>> state
<spoil_five.State: deal 1, pool 7, hearts trumps, play, seat 1 to act; print() it to see the
table>
>>> spoil_five.view(state, 2)
<spoil_five.View of seat 2: deal 1, pool 7, hearts trumps, play, seat 1 to act; print() it to
see the table>
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["brief"]


def brief(
    kind: str,
    *,
    seat: int | None,
    deal: int,
    pool: int,
    details: Sequence[str],
    phase: str,
    to_act: int | None,
) -> str:
    """``<kind of seat N: deal 1, pool 7, <details>, <phase>, seat 1 to act; ...>``."""
    who = "the deal is over" if to_act is None else f"seat {to_act} to act"
    of = "" if seat is None else f" of seat {seat}"
    said = ", ".join((f"deal {deal + 1}", f"pool {pool}", *details, phase, who))
    return f"<{kind}{of}: {said}; print() it to see the table>"

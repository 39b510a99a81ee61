"""From one moment of an episode to the next: chance outcomes and decisions applied.

Every function here refuses, before anything changes, a chance outcome or an action code
that the moment does not list (:func:`refused_outcome`, :meth:`GameKit.refusal
<cardrules.adapters._kits.GameKit.refusal>`): an :class:`~cardrules.errors.IllegalActionError`
(a ``ValueError``, as OpenSpiel's own Python games raise), so a state and its C++ history
stay as they were.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from cardrules import my_bird_sings
from cardrules._engine import left_of
from cardrules.adapters.openspiel._moments import (
    DRAW,
    Dealing,
    DealToComplete,
    Moment,
    PlainMoment,
)
from cardrules.cards import FULL_PACK, Card
from cardrules.errors import IllegalActionError

__all__ = [
    "made_deal",
    "offered_hand",
    "place",
    "plain_step",
    "refused_outcome",
    "step",
    "traced_step",
]


def step(core: Moment, action: int) -> Moment | Dealing:
    """The moment after the player to act (or chance, at a blind draw) takes ``action``."""
    if core.table.traced:
        return traced_step(core, action)
    return plain_step(core, action)


def plain_step(core: Moment, action: int) -> Moment:
    """The moment after the player to act takes ``action`` (Spoil Five)."""
    table = core.table
    legal = core.legal()
    if action not in legal:
        raise table.kit.refusal(core.engine, action, legal)
    return PlainMoment(table, table.apply(core.engine, table.actions[action]), core.decisions + 1)


def traced_step(core: Moment, action: int) -> Moment | Dealing:
    """The moment after the player to act takes ``action``, or chance draws (My Bird Sings).

    Handles the blind draw (a decision ``draw 0``, then a chance node over the offered
    cards) and the first exchange of a deal whose stock is not placed yet.
    """
    table = core.table
    kit = table.kit
    engine = core.engine
    if core.drawing:
        order = my_bird_sings.offered_order(engine)
        if not 0 <= action < len(FULL_PACK) or FULL_PACK[action] not in order:
            raise refused_outcome(core, action)
        engine = table.apply(engine, my_bird_sings.Draw(order.index(FULL_PACK[action])))
        return Moment(table, engine, core.deal, core.decisions, False, core, core.prior)
    legal = core.legal()
    if action not in legal:
        raise kit.refusal(engine, action, legal)
    if table.draw_blind and engine.phase is DRAW and action == kit.codec.draw_base:
        return Moment(table, engine, core.deal, core.decisions + 1, True, core, core.prior)
    deal = core.deal
    decoded = kit.actions[action]
    if decoded is None:  # a sing, coded by the holding
        decoded = kit.decode(engine, action)
    if deal is not None and isinstance(decoded, my_bird_sings.Exchange):
        return stock_for(core, deal, action)
    engine = table.apply(engine, decoded)
    return Moment(table, engine, deal, core.decisions + 1, False, core, core.prior)


def refused_outcome(core: Dealing | Moment, outcome: int) -> IllegalActionError:
    """The error for a chance outcome that ``core`` does not list (C-7)."""
    if core.drawing:
        reason = f"card {outcome!r} is not in the offered hand"
    elif isinstance(core, Dealing) and core.dealer is None:
        last = core.table.players - 1
        reason = f"seat {outcome!r} cannot be drawn as the dealer (a seat from 0 to {last})"
    else:
        reason = f"card {outcome!r} cannot come off the pack now (placed, or not in the pack)"
    return IllegalActionError(f"take chance outcome {outcome!r}", "C-7", reason)


def place(core: Dealing, action: int) -> Moment | Dealing:
    """The moment after chance gives ``action`` while a deal is being prepared.

    The card moves from ``core.left`` to ``core.deck`` in place, or in a copy if another
    state shares ``core`` (see :class:`Dealing`).
    """
    if core.dealer is None:
        return place_dealer(core, action)
    if core.shared:
        core = core.copy()
    left = core.left
    try:
        left.remove(action)
    except ValueError:
        raise refused_outcome(core, action) from None
    deck = core.deck
    deck.append(action)
    if len(deck) < core.goal:
        return core
    return made_deal(core, deck, left)


def place_dealer(core: Dealing, action: int) -> Dealing:
    """The moment after chance draws seat ``action`` as the dealer (C-2)."""
    table = core.table
    if not 0 <= action < table.players:
        raise refused_outcome(core, action)
    return Dealing(table, action, [], list(table.indices), core.base, core.prior)


def made_deal(core: Dealing, deck: list[int], left: list[int]) -> Moment | Dealing:
    """The moment after the last chance node of a pack: the deal made (or made again)."""
    table = core.table
    dealer = core.dealer
    assert dealer is not None
    pending = core.pending
    pack = itemgetter(*deck, *left)(FULL_PACK)
    engine_module = table.kit.engine
    if core.base is None:
        # seed 0: a blind draw is a chance node of its own here, so the order the engine
        # would offer a hand in is never used
        engine = engine_module.new_game(table.options, deck=pack, seed=0, dealer=dealer)
    else:
        engine = engine_module.next_deal(core.base, deck=pack, seed=0)
    if pending is not None:
        return replayed(pending, engine, core.code)
    if engine.to_act is not None:
        deal = (
            DealToComplete(dealer, tuple(deck), core.base)
            if table.dealt < table.positions
            else None
        )
        if not table.traced and deal is None and not core.prior:
            return PlainMoment(table, engine, 0)
        return Moment(table, engine, deal, 0, False, None, core.prior)
    # Settled by the deal itself: play on into the next deal, or, past the limit, deal
    # this one again.
    prior = core.prior
    base = core.base
    if len(prior) < table.settle_limit:
        view = engine_module.view
        texts = tuple(table.kit.text(view(engine, seat)) for seat in range(table.players))
        prior = (*prior, texts)
        base = engine
        dealer = left_of(dealer, table.players)  # only shown in texts; next_deal moves it (C-2)
    return Dealing(table, dealer, [], list(table.indices), base, prior)


def stock_for(core: Moment, deal: DealToComplete, code: int) -> Dealing:
    """The chance nodes that place the stock before the exchange ``code`` is applied."""
    table = core.table
    placed = set(deal.deck)
    left = [index for index in table.indices if index not in placed]
    return Dealing(table, deal.dealer, list(deal.deck), left, deal.base, core.prior, core, code)


def replayed(pending: Moment, engine: Any, code: int) -> Moment:
    """The deal of ``pending`` dealt again with its stock placed, then ``code`` applied.

    ``engine`` is the deal's start from the whole pack; the deal's actions so far are
    applied to it again (they never touched the stock, so they replay the same).
    """
    table = pending.table
    module = table.kit.engine
    for action in module.history(pending.engine).deals[-1].actions:
        engine = module.apply_action(engine, action)
    engine = module.apply_action(engine, table.kit.decode(engine, code))
    return Moment(table, engine, None, pending.decisions + 1, False, pending, pending.prior)


def offered_hand(core: Moment) -> tuple[Card, ...]:
    """The hand offered face down to the drawer at a blind draw (MBS-8)."""
    engine: my_bird_sings.State = core.engine
    hand: tuple[Card, ...] = engine.hands[engine.on_turn]
    return hand

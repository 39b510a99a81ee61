"""Why an action is refused, from what the seat deciding can see (internal).

:func:`refusal` is the engine's one account of a refusal: ``check_action`` gives it the
facts of a state (:func:`seen_in_state`), and
:func:`~cardrules.my_bird_sings.explain_action` the same facts read from the deciding
seat's view. Those facts (:class:`Seen`) are only what that seat may know: the phase,
the turn and who owns it, its own hand, how many cards are offered to it, the stock count
and whether an exchange was made this turn; the sentences come from the rules that own
the pending decision (passing, the exchange, the sing check, the end of the deal) or the
action (the passing method, the exchange, singing, abandoning).

>>> from cardrules.my_bird_sings import Options, new_game, parse_action
>>> state = new_game(Options(players=3), seed=2)
>>> why = refusal(seen_in_state(state), parse_action("pass 9C"))
>>> why.rules, str(why)
(('MBS-9',), 'you do not hold 9C')
"""

from __future__ import annotations

from typing import Final

import attrs

from cardrules.cards import Card
from cardrules.errors import ViewError
from cardrules.messages import Message, message
from cardrules.my_bird_sings.actions import (
    Abandon,
    DeclineExchange,
    DeclineSing,
    Draw,
    Exchange,
    Pass,
    Sing,
)
from cardrules.my_bird_sings.events import OutcomeKind, Phase
from cardrules.my_bird_sings.exchange import exchange_closed, exchange_refusal
from cardrules.my_bird_sings.option_tables import OptionTables
from cardrules.my_bird_sings.passing import DrawDecision, method_refusal, passing_refusal
from cardrules.my_bird_sings.settlement import DealOver, abandon_refusal, over_refusal
from cardrules.my_bird_sings.state import State
from cardrules.my_bird_sings.turn import no_sing_waiting, sing_refusal

__all__ = ["Seen", "refusal", "seen_in_state", "turn_refusal"]

_P: Final = "my-bird-sings.refusal."


@attrs.frozen(slots=True)
class Seen:
    """What the seat deciding sees when an action of his is refused.

    Attributes:
        rules: the option tables of the game (public).
        phase: the pending decision's kind.
        seat: the seat deciding, or None once the deal is over.
        turn: the turn number (MBS-7).
        on_turn: the seat owning the turn (the giver of a ``draw_blind`` pass).
        eldest: the original leader.
        hand: the deciding seat's cards, in the order they arrived.
        offered: with ``draw_blind``, how many cards are offered to the deciding seat.
        stock_count: cards in the stock.
        exchanged: whether the player on turn has exchanged this turn.
        ended: how the deal ended, once it is over.
        sings_offered: whether the pending decision offers sings beside its other
            actions (declared singing, D-5): the deciding seat sees them among its legal
            actions.

    """

    rules: OptionTables
    phase: Phase
    seat: int | None
    turn: int
    on_turn: int
    eldest: int
    hand: tuple[Card, ...]
    offered: int
    stock_count: int
    exchanged: bool
    ended: OutcomeKind | None
    sings_offered: bool = False


def seen_in_state(state: State) -> Seen:
    """What the seat to act in ``state`` sees (the facts :func:`refusal` reads)."""
    deal = state._deal
    decision = state._decision
    seat = decision._seat
    ended = decision.outcome.kind if type(decision) is DealOver else None
    return Seen(
        rules=deal._rules,
        phase=decision.phase,
        seat=seat,
        turn=state._turn,
        on_turn=deal.on_turn(state._turn),
        eldest=deal._eldest,
        hand=() if seat is None else state._hands[seat],
        offered=len(decision.order) if type(decision) is DrawDecision else 0,
        stock_count=state._board._stock_count,
        exchanged=decision._step._exchanged,
        ended=ended,
        sings_offered=any(type(action) is Sing for action in decision._legal),
    )


def refusal(seen: Seen, action: object) -> Message:
    """Why ``action``, which is not among the deciding seat's legal actions, is refused.

    What the action's own rule rules out now whatever is pending comes first: the other
    passing method (MBS-8), an exchange that is not open this turn (MBS-11), a sing with
    no singing holding waiting (MBS-9) and an abandon off its chance (MBS-13); then the
    pending decision's rule says why.
    """
    rules = seen.rules
    options = rules.options
    phase = seen.phase
    seat = seen.seat
    if phase is Phase.OVER or seat is None:
        if seen.ended is None:  # never in a state, nor a view validate_view passed
            raise ViewError("invalid View: outcome: a deal that is over is settled")
        return over_refusal(seen.ended, action)
    if isinstance(action, Abandon):
        return abandon_refusal(options, seen.turn, action)
    if isinstance(action, Pass | Draw):
        error = method_refusal(options, action)
        if error is not None:
            return error
    elif isinstance(action, Exchange | DeclineExchange):
        closed = exchange_closed(
            options,
            rules.exchange_from,
            seen.eldest,
            seen.on_turn,
            seen.turn,
            seen.stock_count,
            seen.exchanged,
        )
        if closed is not None:
            return closed.refusal(options, seen.eldest, action)
    elif isinstance(action, Sing | DeclineSing):
        if phase is not Phase.SING:
            return no_sing_waiting(options, seat, seen.hand, seen.sings_offered, action)
    else:
        return message(_P + "not-an-action", "C-7")
    if phase is Phase.PASS:
        return passing_refusal(action, seen.on_turn, options.players, None)
    if phase is Phase.DRAW:
        return passing_refusal(action, seen.on_turn, options.players, seen.offered)
    if phase is Phase.EXCHANGE:
        return exchange_refusal(action, seat)
    return sing_refusal(options, seat, seen.hand, action)


_WAITING: Final = {
    Phase.PASS: ("MBS-8", "pass"),
    Phase.DRAW: ("MBS-8", "draw"),
    Phase.EXCHANGE: ("MBS-11", "exchange"),
    Phase.SING: ("MBS-9", "sing"),  # whether it sings stays unsaid (D-5)
}


def turn_refusal(phase: Phase, to_act: int, on_turn: int) -> Message:
    """The refusal of any action by a seat other than ``to_act``, who decides now.

    The rule is the one of the pending decision: the pass (MBS-8), the exchange (MBS-11)
    or the sing check (MBS-9); all of it public.
    """
    rule, doing = _WAITING[phase]
    if phase is Phase.DRAW:
        return message(_P + "turn.draw", rule, to_act=to_act, giver=on_turn)
    return message(_P + "turn." + doing, rule, to_act=to_act)

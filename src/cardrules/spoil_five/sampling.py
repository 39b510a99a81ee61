"""Sampling full states consistent with one seat's view (for search bots).

The hidden cards (other hands, other seats' face-down discards, the undealt cards) are
dealt at random among the cards the seat has not seen, respecting what the play so far
reveals: suits a player showed he lacks, and who held the ace of trumps. The sampled
pack is then dealt and the public actions of the deal are replayed through the engine,
so the result is a genuine state that the real play could have produced; samples the
replay refuses are redrawn.
"""

from __future__ import annotations

import operator
import random

from cardrules._engine import left_of
from cardrules.cards import FULL_PACK, Card
from cardrules.errors import CardrulesError, IllegalActionError
from cardrules.spoil_five.actions import (
    ACCEPT_FIVE,
    ASK_FIVE,
    DECLINE_FIVE,
    DECLINE_ROB,
    GO_ON,
    PLAYS,
    REFUSE_FIVE,
    ROBS,
    STOP,
    Action,
)
from cardrules.spoil_five.deal import deal_positions
from cardrules.spoil_five.option_tables import OptionTables, tables_for
from cardrules.spoil_five.robbing import RobTime, rob_rule
from cardrules.spoil_five.rules import apply_action, start_deal
from cardrules.spoil_five.state import Board, EventKind, State, settled_as
from cardrules.spoil_five.views import View, validate_view
from cardrules.spoil_five.views import view as _view_of

__all__ = ["sample_state"]

_FIVING: dict[EventKind, Action] = {
    EventKind.ASK_FIVE: ASK_FIVE,
    EventKind.DECLINE_FIVE: DECLINE_FIVE,
    EventKind.ACCEPT_FIVE: ACCEPT_FIVE,
    EventKind.REFUSE_FIVE: REFUSE_FIVE,
}
_MAX_TRIES = 300
"""Draws before giving up. Real views need at most a few dozen (32 in 3,168 samples over
every preset and variant); a view that passed ``validate_view`` but that no deal fits
(a hand-made one) is refused within this many, in well under a second."""


def _plays(view: View) -> list[tuple[int, int, Card]]:
    """(trick number, seat, card) for every card played this deal, in order."""
    n = view.options.players
    plays = []
    for number, trick in enumerate(view.tricks):
        for i, card in enumerate(trick.cards):
            plays.append((number, (trick.leader + i) % n, card))
    if view.trick and view.leader is not None:
        for i, card in enumerate(view.trick):
            plays.append((len(view.tricks), (view.leader + i) % n, card))
    return plays


def _script(
    view: View, rules: OptionTables, plays: list[tuple[int, int, Card]], discards: dict[int, Card]
) -> list[Action]:
    """The deal's actions in order, rebuilt from the view and the sampled discards."""
    robs = rules.rob_decisions(view.turn_up, view.dealer, None)
    actions: list[Action] = []
    trick1_rob: dict[int, Action] = {}
    fiving: dict[EventKind, Action] = dict(_FIVING)
    jink: Action | None = None
    for event in view.events:
        if event.kind in _FIVING:
            actions.append(fiving[event.kind])
        elif event.kind is EventKind.DECLINE_ROB:
            # The dealer's decline of a turned ace is an action; a holder declines by
            # playing (his own view shows the event), which the plays below replay.
            if robs[event.seat].time is RobTime.BEFORE_LEAD:
                actions.append(DECLINE_ROB)
        elif event.kind is EventKind.ROB:
            act = ROBS[discards[event.seat]]
            if robs[event.seat].time is RobTime.BEFORE_LEAD:
                actions.append(act)
            else:
                trick1_rob[event.seat] = act
        elif event.kind in (EventKind.STOP, EventKind.GO_ON):
            jink = STOP if event.kind is EventKind.STOP else GO_ON
    for number, seat, card in plays:
        if number == 0 and seat in trick1_rob:
            actions.append(trick1_rob.pop(seat))
        if number == 3 and jink is not None:
            actions.append(jink)
            jink = None
        actions.append(PLAYS[card])
    actions.extend(trick1_rob.values())
    if jink is not None:
        actions.append(jink)
    return actions


def _replay(
    view: View, rules: OptionTables, deck: tuple[Card, ...], script: list[Action], board: Board
) -> State | None:
    """The deal dealt from ``deck`` onto ``board`` and played by ``script``; None if refused."""
    state = start_deal(
        rules, board, dealer=view.dealer, number=view.deal_number, seed=0, deck=deck,
        first_seed=0, past=None,
    )  # fmt: skip
    try:
        for action in script:
            state = apply_action(state, action)
    except IllegalActionError:
        return None
    return state


def _with_counters(
    view: View, rules: OptionTables, deck: tuple[Card, ...], script: list[Action]
) -> State | None:
    """The replayed deal with the counters the view shows.

    The counters a deal began with are not in the view, and the engine's rules say what
    the deal did to them: in a points game the points of its tricks (SF-24), found by
    playing it from no points and taken off the view's scores before playing it again,
    since reaching the target ends the game; in a pool game nothing before settlement
    (SF-7's antes come before the deal). A settled deal takes the view's settlement,
    which is public, whatever the pool it was settled from.
    """
    n = view.options.players
    scores = view.scores
    if rules.points:
        played = _replay(view, rules, deck, script, Board(view.pool, view.balances, (0,) * n))
        if played is None:
            return None
        scores = tuple(map(operator.sub, view.scores, played.scores))
    state = _replay(view, rules, deck, script, Board(view.pool, view.balances, scores))
    if state is None or view.outcome is None or state._board._settled is None:
        return state
    board = state._board.settled(view.pool, view.balances, settled_as(view.outcome))
    return State(
        state._deal, board, state._held, state._seat, state._legal, state._window,
        state._trick, state._tricks, state._won, state._log, state._asked,
    )  # fmt: skip


def sample_state(view: View, rng: random.Random) -> State:
    """Return a full state consistent with everything ``view``'s seat knows.

    Hidden cards are dealt at random among the unseen cards, consistent with the voids
    and robbing the play has revealed; the deal is then replayed, so the sampled state
    continues exactly like the real one would for every legal action. The sampled
    state's history is that of a single deal with the sampled pack.

    Raises:
        ViewError: if ``view`` is not a view some state could show (see
            :func:`~cardrules.spoil_five.views.validate_view`).
        CardrulesError: if no consistent deal is found (cannot happen for a view of a
            real state; guards against hand-made views).

    """
    validate_view(view)
    options = view.options
    n = options.players
    me = view.seat
    rules = tables_for(options)
    table = rules.tables[view.trump]
    plays = _plays(view)
    played_by: list[list[Card]] = [[] for _ in range(n)]
    for _, seat, card in plays:
        played_by[seat].append(card)
    taker = view.turn_up_taken_by
    seen: set[Card] = set(view.hand) | {card for _, _, card in plays} | {view.turn_up}
    seen |= set(view.set_aside)
    my_discard: Card | None = None
    robbers: list[int] = []
    for event in view.events:
        if event.kind is EventKind.ROB:
            if event.seat == me:
                my_discard = event.card
            else:
                robbers.append(event.seat)
    if my_discard is not None:
        seen.add(my_discard)
    forbidden = _forbidden(view, rules, plays)
    ace_seat, excluded = _ace_facts(view, plays, robbers, table.ace, seen)
    hidden = [card for card in FULL_PACK if card not in seen]
    known_in_hand = {
        seat: [view.turn_up]
        for seat in range(n)
        if seat == taker and seat != me and view.turn_up not in played_by[seat]
    }
    for _ in range(_MAX_TRIES):
        assignment = _assign(
            view, rng, hidden, known_in_hand, robbers, forbidden, ace_seat, excluded, table.ace
        )
        if assignment is None:
            continue
        hands, discards, undealt = assignment
        if my_discard is not None:
            discards[me] = my_discard
        hands[me] = list(view.hand)
        dealt: list[list[Card]] = []
        for seat in range(n):
            cards = hands[seat] + played_by[seat]
            if seat in discards:
                cards.append(discards[seat])
            if seat == taker:
                cards = [card for card in cards if card != view.turn_up]
            dealt.append(cards)
        deck = _deck(view, dealt, undealt, rng)
        if deck is None:
            continue
        state = _with_counters(view, rules, deck, _script(view, rules, plays, discards))
        if state is not None and _view_of(state, me) == view:
            return state
    raise CardrulesError("no deal consistent with this view was found")


def _forbidden(
    view: View, rules: OptionTables, plays: list[tuple[int, int, Card]]
) -> list[set[Card]]:
    """Cards each seat cannot hold now, from what its plays revealed.

    Each led card's following decision says what a card played to it reveals (SF-15,
    SF-16).
    """
    following = rules.following[view.trump]
    forbidden: list[set[Card]] = [set() for _ in range(view.options.players)]
    led: Card | None = None
    current = -1
    for number, seat, card in plays:
        if number != current:
            current, led = number, card
        elif led is not None:  # always: a trick's first play sets it
            forbidden[seat] |= following[led].reveals(card)
    return forbidden


def _ace_facts(
    view: View,
    plays: list[tuple[int, int, Card]],
    robbers: list[int],
    ace: Card,
    seen: set[Card],
) -> tuple[int | None, set[int]]:
    """Who must have been dealt the ace of trumps, and who cannot have been.

    Read from the rob decisions of a holder and of anybody else (SF-11 to SF-13): where
    only the holder may rob, a rob shows him, and where he may not let it pass, a player
    who played to the first trick while the turn-up was still there did not hold it.
    Where anybody may rob (falsely), a rob shows nothing, but a bar that has come to light
    does: a barred robber robbed without the ace (a false rob bars), and a barred player
    who did not rob held it (an omitted rob bars).
    """
    if ace in seen:  # seen, or turned up: nobody was dealt it
        return None, set()
    options = view.options
    holder = rob_rule(options, view.turn_up, dealer=False, holder=True)
    other = rob_rule(options, view.turn_up, dealer=False, holder=False)
    if other.time is RobTime.FIRST_TURN:  # anybody may rob
        if holder.pass_bars:
            for seat in view.barred:
                if seat != view.seat and seat not in robbers:
                    return seat, set()
        return None, {seat for seat in robbers if seat in view.barred and not other.rightful}
    if robbers:
        return robbers[0], set()
    excluded: set[int] = set()
    if holder.time is RobTime.FIRST_TURN and not holder.may_pass:
        for number, seat, _ in plays:
            if number != 0:
                break
            excluded.add(seat)
    return None, excluded


def _assign(
    view: View,
    rng: random.Random,
    hidden: list[Card],
    known_in_hand: dict[int, list[Card]],
    robbers: list[int],
    forbidden: list[set[Card]],
    ace_seat: int | None,
    excluded: set[int],
    ace: Card,
) -> tuple[dict[int, list[Card]], dict[int, Card], list[Card]] | None:
    """Deal the hidden cards to the hidden places at random; None if stuck."""
    n = view.options.players
    me = view.seat
    remaining = list(hidden)
    rng.shuffle(remaining)
    hands: dict[int, list[Card]] = {seat: list(known_in_hand.get(seat, [])) for seat in range(n)}
    discards: dict[int, Card] = {}
    slots: list[tuple[int, bool]] = []  # (seat, is_discard)
    for seat in range(n):
        if seat == me:
            continue
        slots += [(seat, False)] * (view.hand_sizes[seat] - len(hands[seat]))
        if seat in robbers:
            slots.append((seat, True))
    if ace_seat is not None and ace_seat != me and ace in remaining:
        mine = [slot for slot in slots if slot[0] == ace_seat]
        if not mine:
            return None
        slot = mine[rng.randrange(len(mine))]
        slots.remove(slot)
        remaining.remove(ace)
        if slot[1]:
            discards[slot[0]] = ace
        else:
            hands[slot[0]].append(ace)
    # Most constrained seats first, each slot drawing uniformly among allowed cards.
    slots.sort(key=lambda slot: -len(forbidden[slot[0]]) if not slot[1] else 0)
    for seat, is_discard in slots:
        banned = set() if is_discard else set(forbidden[seat])
        if seat in excluded:
            banned.add(ace)
        allowed = [i for i, card in enumerate(remaining) if card not in banned]
        if not allowed:
            return None
        card = remaining.pop(allowed[rng.randrange(len(allowed))])
        if is_discard:
            discards[seat] = card
        else:
            hands[seat].append(card)
    return hands, discards, remaining


def _deck(
    view: View, dealt: list[list[Card]], undealt: list[Card], rng: random.Random
) -> tuple[Card, ...] | None:
    """The pack (top first) that deals ``dealt`` and turns up the view's turn-up(s).

    The deal's own positions (SF-8, :func:`~cardrules.spoil_five.deal.deal_positions`)
    say where each seat's cards lie in the pack; the cards fiving set aside and the
    turn-up follow them (SF-9), then the undealt cards at random.
    """
    options = view.options
    n = options.players
    if any(len(cards) != 5 for cards in dealt):
        return None
    deck: list[Card | None] = [None] * (5 * n)
    positions = deal_positions(n, left_of(view.dealer, n), options.deal_batches)
    for seat, places in enumerate(positions):
        for place, card in zip(places, dealt[seat], strict=True):
            deck[place] = card
    top = [card for card in deck if card is not None]
    top += [*view.set_aside, view.turn_up]
    rest = [card for card in undealt if card not in top]
    rng.shuffle(rest)
    top += rest
    if len(top) != 52 or len(set(top)) != 52:
        return None
    return tuple(top)

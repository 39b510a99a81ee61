"""My Bird Sings explains itself to one seat, from its view alone (for front-ends).

Why an action or a card is not open to the seat (:func:`explain_action`,
:func:`explain_unavailable`), why each trick the seat laid counted
(:func:`explain_tricks`, play-to-exhaustion variant) and how the deal was settled
(:func:`explain_settlement`). Each reads only the
:class:`~cardrules.my_bird_sings.views.View` it is given, never the state: a client
holding its view can ask, and the answer tells it nothing it could not see. The refusals
are the engine's own (:func:`cardrules.my_bird_sings.refusals.refusal`, which
``check_action`` reads too); what makes a set sing is the singing rule's
(:func:`~cardrules.my_bird_sings.combinations.why_singing`).

>>> from cardrules.my_bird_sings import Options, new_game, view
>>> state = new_game(Options(players=3), seed=2)
>>> print(explain_action(view(state, 1), "pass 9C"))
cannot pass 9C: you do not hold 9C (MBS-9)
>>> print(explain_action(view(state, 2), "pass 9C"))
cannot pass 9C: it is seat 1's turn to pass a card, not yours (MBS-8)
"""

from __future__ import annotations

from cardrules.cards import Card
from cardrules.errors import IllegalActionError, ViewError
from cardrules.explanations import Refusal, SettlementExplanation, TrickExplanation, wrong_argument
from cardrules.my_bird_sings.actions import (
    ACTION_TYPES,
    EXCHANGE_ACTIONS,
    PASS_ACTIONS,
    Action,
    Exchange,
    Pass,
    Sing,
)
from cardrules.my_bird_sings.combinations import singing_rule, why_singing
from cardrules.my_bird_sings.compiled import compile_rules
from cardrules.my_bird_sings.events import OutcomeKind, Phase
from cardrules.my_bird_sings.refusals import Seen, as_action, refusal, turn_refusal
from cardrules.my_bird_sings.views import View, validate_view

__all__ = ["explain_action", "explain_settlement", "explain_tricks", "explain_unavailable"]


def _expect_view(value: object) -> View:
    if not isinstance(value, View):
        raise wrong_argument(
            value,
            "a my_bird_sings.View",
            "my_bird_sings.view(state, seat) first (or check_action(state, action) with the state)",
        )
    return validate_view(value)


def _seen(v: View) -> Seen:
    """What the viewing seat, which is to act (or nobody is), sees: :func:`refusal`'s facts."""
    seat = v.to_act
    return Seen(
        rules=compile_rules(v.options),
        phase=v.phase,
        seat=seat,
        turn=v.turn,
        on_turn=v.on_turn,
        eldest=v.eldest,
        hand=v.hand if seat is not None else (),
        offered=v.offered,
        stock_count=v.stock_count,
        exchanged=v.exchanged,
        ended=None if v.outcome is None else v.outcome.kind,
        sings_offered=any(isinstance(action, Sing) for action in v.legal_actions),
    )


def explain_action(view: View, action: Action | str) -> Refusal | None:
    """Return None if the viewing seat may take ``action`` now, else why not.

    Works from the seat's view alone, and says what ``check_action`` says for the state
    the view came from: the same rule and the same sentence (for the seat to act), or
    whose decision it is (for any other seat). ``action`` may be notation.

    >>> from cardrules.my_bird_sings import Options, new_game, view
    >>> mine = view(new_game(Options(players=3, passing="draw_blind"), seed=2), 2)
    >>> explain_action(mine, "draw 3") is None
    True
    >>> print(explain_action(mine, "draw 7"))
    cannot draw 7: seat 1 offers 4 cards, at positions 0 to 3 (MBS-8)
    >>> explain_action(mine, "exchange 9C").rule
    'MBS-11'

    Raises:
        TypeError: if ``view`` is not a :class:`~cardrules.my_bird_sings.views.View` (a
            state, say: call ``view(state, seat)`` first, or ``check_action`` with the state).
        ViewError: if it is a view no state could show (as every function here does,
            see :func:`~cardrules.my_bird_sings.views.validate_view`).

    """
    v = _expect_view(view)
    parsed = as_action(action)
    if isinstance(parsed, IllegalActionError):
        return Refusal.of(parsed)
    to_act = v.to_act
    if to_act is not None and to_act != v.seat and isinstance(parsed, ACTION_TYPES):
        return Refusal(str(parsed), *turn_refusal(v.phase, to_act, v.on_turn))
    if parsed in v.legal_actions:
        return None
    return Refusal.of(refusal(_seen(v), parsed))


def explain_unavailable(view: View) -> dict[Card, Refusal]:
    """Return every card of the viewer's hand that no legal action of his uses, with why.

    Each card maps to the refusal of exchanging it (while an exchange is open) or else of
    passing it. Empty unless it is the viewer's decision; with ``draw_blind`` passing the
    drawer's own cards are all unavailable (he draws by position).

    >>> from cardrules.my_bird_sings import Options, new_game, view
    >>> mine = view(new_game(Options(players=3, passing="draw_blind"), seed=2), 2)
    >>> unavailable = explain_unavailable(mine)
    >>> list(unavailable) == list(mine.hand)
    True
    >>> print(unavailable[mine.hand[0]])
    cannot pass AS: with draw_blind passing the left neighbour draws a card; nobody throws
    one (MBS-8)
    >>> explain_unavailable(view(new_game(Options(players=3), seed=2), 1))
    {}
    """
    v = _expect_view(view)
    if v.to_act != v.seat:
        return {}
    used: set[Card] = set()
    for action in v.legal_actions:
        if isinstance(action, Pass):
            used.add(action.card)
        elif isinstance(action, Exchange):
            used.add(action.discard)
        elif isinstance(action, Sing):
            used.update(action.cards)
    trying = EXCHANGE_ACTIONS if v.phase is Phase.EXCHANGE else PASS_ACTIONS
    found: dict[Card, Refusal] = {}
    for card in v.hand:
        if card not in used:
            why = explain_action(v, trying[card])
            if why is not None:  # always: an action that is legal uses its card
                found[card] = why
    return found


def explain_tricks(view: View) -> tuple[TrickExplanation, ...]:
    """Return why each trick the viewing seat laid counted (play-to-exhaustion variant).

    A trick in My Bird Sings is a singing set laid face down (MBS-15): only its owner sees
    its cards, so a view explains its own tricks (the others' are public only as counts,
    ``view.tricks``). Each explanation numbers the seat's own tricks from 1; its plays are
    the set's cards, its winner the seat, its card the set's first card, and its rules
    the singing rule (MBS-4 to MBS-6) and MBS-15. Empty in games without tricks.

    >>> from cardrules.my_bird_sings import TO_EXHAUSTION, apply_action, legal_actions
    >>> from cardrules.my_bird_sings import new_game, view
    >>> state = new_game(TO_EXHAUSTION, seed=5)
    >>> while not any(state.tricks):
    ...     state = apply_action(state, legal_actions(state)[0])
    >>> seat = state.tricks.index(1)
    >>> print(explain_tricks(view(state, seat))[0].reason)
    8S 3H 7D 10C sang (four cards of four different suits): seat 2 laid them face down as a trick
    """
    v = _expect_view(view)
    options = v.options
    if not options.play_to_exhaustion:
        return ()
    size = options.hand_size
    rule = singing_rule(options)
    cards = v.trick_cards
    found = []
    for number, start in enumerate(range(0, len(cards), size), start=1):
        laid = cards[start : start + size]
        why = why_singing(laid, options)
        shown = " ".join(str(card) for card in laid)
        found.append(
            TrickExplanation(
                number=number,
                plays=tuple([(v.seat, card) for card in laid]),
                winner=v.seat,
                card=laid[0],
                rules=(rule, "MBS-15"),
                reason=f"{shown} sang ({why}): seat {v.seat} laid them face down as a trick",
            )
        )
    return tuple(found)


def _counters(count: int) -> str:
    return f"{count} counter" if count == 1 else f"{count} counters"


def _seats(seats: tuple[int, ...]) -> str:
    names = [f"seat {seat}" for seat in seats]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def explain_settlement(view: View) -> SettlementExplanation | None:
    """Return how the current deal was settled, or None until it is.

    >>> from cardrules.my_bird_sings import Options, apply_action, is_deal_over
    >>> from cardrules.my_bird_sings import legal_actions, new_game, view
    >>> state = new_game(Options(players=3), seed=2)
    >>> explain_settlement(view(state, 0)) is None
    True
    >>> while not is_deal_over(state):
    ...     state = apply_action(state, legal_actions(state)[0])
    >>> print(explain_settlement(view(state, 0)))
    Seat 0's bird sang with 5S AC 9D 5H: four cards of four different suits (MBS-4).
    Seat 0 takes the pool: 4 counters (MBS-12).
    """
    v = _expect_view(view)
    outcome = v.outcome
    if outcome is None:
        return None
    options = v.options
    kind = outcome.kind
    lines: list[str] = []
    rules: list[str] = []
    if kind is OutcomeKind.SANG:
        singer = outcome.singer
        if singer is None:  # never in a view validate_view passed
            raise ViewError("invalid View: outcome.singer: a bird sang, so a singer is named")
        rule = singing_rule(options)
        shown = " ".join(str(card) for card in outcome.shown)
        rules += [rule, "MBS-12"]
        lines.append(
            f"Seat {singer}'s bird sang with {shown}: {why_singing(outcome.shown, options)} "
            f"({rule})."
        )
        lines.append(
            f"Seat {singer} takes the pool: {_counters(outcome.payouts[singer])} (MBS-12)."
        )
        return SettlementExplanation(rules=tuple(rules), lines=tuple(lines))
    if kind is OutcomeKind.ROUND_LIMIT:
        rules.append("MBS-13")
        lines.append(
            f"The round limit of {options.round_limit} rounds was reached: the deal ends (MBS-13)."
        )
    elif kind is OutcomeKind.ABANDONED:
        rules.append("MBS-13")
        lines.append("The table agreed to abandon the deal as a new round began (MBS-13).")
    else:
        lines.append("The stock could not give a singer a new hand: the deal ends (MBS-15).")
    if not options.play_to_exhaustion:
        lines.append(
            f"The deal is void: the pool of {_counters(outcome.carried)} is carried to the next "
            "deal (MBS-13)."
        )
        return SettlementExplanation(rules=tuple(rules), lines=tuple(lines))
    rules.append("MBS-15")
    tricks = ", ".join(f"seat {seat} {count}" for seat, count in enumerate(outcome.tricks))
    lines.append(f"Tricks laid: {tricks}.")
    winners = outcome.winners
    if not winners:
        lines.append(
            f"Nobody laid a trick: the pool of {_counters(outcome.carried)} is carried to the next "
            "deal (MBS-15)."
        )
    elif len(winners) == 1:
        lines.append(
            f"Seat {winners[0]} laid the most tricks and takes the pool: "
            f"{_counters(outcome.payouts[winners[0]])} (MBS-15)."
        )
    else:
        rules.append("D-12")
        shares = ", ".join(f"seat {seat} {outcome.payouts[seat]}" for seat in winners)
        lines.append(
            f"{_seats(winners).capitalize()} tie for the most tricks and share the pool: "
            f"{shares} (MBS-15, D-12)."
        )
        if outcome.carried:
            rules.append("C-5")
            stay = "stays" if outcome.carried == 1 else "stay"
            lines.append(
                f"{_counters(outcome.carried)} {stay} in the pool for the next deal (C-5)."
            )
    return SettlementExplanation(rules=tuple(rules), lines=tuple(lines))

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

Each function checks its view first (:func:`~cardrules.my_bird_sings.views.validate_view`).
To ask several things of one view, an :class:`Explainer` checks it once and answers them
all: a table's payload asks about every card of a hand, its tricks, its settlement and
its singing hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from cardrules._engine import as_action
from cardrules.cards import Card, Suit
from cardrules.errors import IllegalActionError, ViewError
from cardrules.explanations import (
    Refusal,
    SettlementExplanation,
    TrickExplanation,
    ViewExplainer,
    wrong_argument,
)
from cardrules.messages import Message, message
from cardrules.my_bird_sings.actions import (
    ACTION_TYPES,
    EXCHANGE_ACTIONS,
    PASS_ACTIONS,
    Action,
    Exchange,
    Pass,
    Sing,
)
from cardrules.my_bird_sings.combinations import singing_message, singing_rule, singing_sets
from cardrules.my_bird_sings.events import OutcomeKind, Phase
from cardrules.my_bird_sings.option_tables import tables_for
from cardrules.my_bird_sings.options import Singing
from cardrules.my_bird_sings.refusals import Seen, refusal, turn_refusal
from cardrules.my_bird_sings.rules import RULEBOOK
from cardrules.my_bird_sings.state import State
from cardrules.my_bird_sings.views import View, validate_view, view
from cardrules.my_bird_sings.wording import action_message

__all__ = [
    "Explainer",
    "explain_action",
    "explain_settlement",
    "explain_tricks",
    "explain_unavailable",
    "singing_hint",
]

_P: Final = "my-bird-sings."
_S: Final = "my-bird-sings.settlement."


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
        rules=tables_for(v.options),
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
    return Explainer(view).action(action)


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
    cannot pass KD: with draw_blind passing the left neighbour draws a card; nobody throws one
    (MBS-8)
    >>> explain_unavailable(view(new_game(Options(players=3), seed=2), 1))
    {}
    """
    return Explainer(view).unavailable()


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
    3S 5H 3D 8C sang (four cards of four different suits): seat 0 laid them face down as a trick
    """
    return Explainer(view).tricks()


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
    Seat 1's bird sang with 5C 7D 7S AH: four cards of four different suits (MBS-4).
    Seat 1 takes the pool: 4 counters (MBS-12).
    """
    return Explainer(view).settlement()


def _settlement(v: View) -> SettlementExplanation | None:
    """:func:`explain_settlement` of a view already checked."""
    outcome = v.outcome
    if outcome is None:
        return None
    options = v.options
    kind = outcome.kind
    said: list[Message] = []
    rules: list[str] = []
    if kind is OutcomeKind.SANG:
        singer = outcome.singer
        if singer is None:  # never in a view validate_view passed
            raise ViewError("invalid View: outcome.singer: a bird sang, so a singer is named")
        rule = singing_rule(options)
        why = singing_message(outcome.shown, options)
        if why is None:  # never in a view validate_view passed
            raise ViewError("invalid View: outcome.shown: the cards a bird sang with sing")
        rules += [rule, "MBS-12"]
        said.append(message(_S + "sang", rule, singer=singer, shown=outcome.shown, why=why))
        payout = outcome.payouts[singer]
        said.append(message(_S + "takes-pool", "MBS-12", winner=singer, count=payout))
        return SettlementExplanation.of(tuple(said), tuple(rules))
    if kind is OutcomeKind.ROUND_LIMIT:
        rules.append("MBS-13")
        limit = options.round_limit
        if limit is None:  # never in a view validate_view passed
            raise ViewError("invalid View: outcome.kind: no round limit, so none was reached")
        said.append(message(_S + "round-limit", "MBS-13", limit=limit))
    elif kind is OutcomeKind.ABANDONED:
        rules.append("MBS-13")
        said.append(message(_S + "abandoned", "MBS-13"))
    else:
        said.append(message(_S + "exhausted", "MBS-15"))
    if not options.play_to_exhaustion:
        said.append(message(_S + "void", "MBS-13", carried=outcome.carried))
        return SettlementExplanation.of(tuple(said), tuple(rules))
    rules.append("MBS-15")
    said.append(message(_S + "tricks-laid", tricks=tuple(enumerate(outcome.tricks))))
    winners = outcome.winners
    if not winners:
        said.append(message(_S + "nobody-laid", "MBS-15", carried=outcome.carried))
    elif len(winners) == 1:
        payout = outcome.payouts[winners[0]]
        said.append(message(_S + "most-tricks", "MBS-15", winner=winners[0], count=payout))
    else:
        rules.append("D-12")
        shares = tuple([(seat, outcome.payouts[seat]) for seat in winners])
        said.append(message(_S + "tie", ("MBS-15", "D-12"), winners=winners, shares=shares))
        if outcome.carried:
            rules.append("C-5")
            said.append(message(_S + "stays-in-pool", "C-5", carried=outcome.carried))
    return SettlementExplanation.of(tuple(said), tuple(rules))


def singing_hint(view: View) -> tuple[Message, ...]:
    """Return what the viewer's hand lacks to sing, and the chance the next card brings it.

    A hand that sings already is said so, with its singing set (declare it where
    singing is declared). Otherwise, for the suit the hand holds most of: how many cards
    of it the hand lacks for a flush (MBS-4 to MBS-6), and where four different suits
    sing (MBS-4) the suits it lacks; each with the chance, in whole percent, that the
    next card the viewer receives is of such a suit: the cards of that suit he does not
    hold among all the cards he does not hold (they are all unseen to him, or passed on).
    For the chance that a fresh holding sings at all, see
    :func:`~cardrules.my_bird_sings.probabilities.flush_probability` and
    :func:`~cardrules.my_bird_sings.probabilities.four_suits_probability`.

    >>> from cardrules.cards import FULL_PACK, parse_cards
    >>> from cardrules.messages import render
    >>> from cardrules.my_bird_sings import Options, new_game, view
    >>> top = parse_cards("KS 2H 3H 7D 4H 5H 7S 6C 8H 6S 9C 10C")  # dealt one by one from seat 1
    >>> deck = top + tuple(card for card in FULL_PACK if card not in top)
    >>> mine = view(new_game(Options(players=3), deck=deck, dealer=0), 1)
    >>> mine.hand
    (<Card KS>, <Card 7D>, <Card 7S>, <Card 6S>)
    >>> for said in singing_hint(mine):
    ...     print(render(said))
    Spades: 1 card short of a flush; the next card you receive is a spade with a chance of 21%.
    Four suits: you lack a heart and a club; the next card you receive is one of them with a
    chance of 54%.

    Raises:
        TypeError: if ``view`` is not a :class:`~cardrules.my_bird_sings.views.View`.

    """
    return Explainer(view).hint()


def _hint(v: View) -> tuple[Message, ...]:
    """:func:`singing_hint` of a view already checked."""
    options = v.options
    hand = v.hand
    if not hand:
        return ()
    for cards in singing_sets(hand, options):
        why = singing_message(cards, options)
        if why is not None:
            return (message(_P + "hint.sings", why.rules, cards=cards, why=why),)
    size = options.hand_size
    per_suit = options.pack // 4
    unseen = options.pack - len(hand)
    counts = [sum(1 for card in hand if card.suit is suit) for suit in Suit]
    best = max(Suit, key=lambda suit: (counts[suit], -suit))
    rule = singing_rule(options)
    need = max(size - counts[best], 1)
    percent = round(100 * (per_suit - counts[best]) / unseen)
    said = [message(_P + "hint.flush", rule, suit=best, need=need, percent=percent)]
    if size == 4 and options.singing is Singing.FLUSH_OR_RAINBOW:
        missing = tuple(suit for suit in Suit if not counts[suit])
        if missing:
            percent = round(100 * per_suit * len(missing) / unseen)
            said.append(message(_P + "hint.four-suits", "MBS-4", missing=missing, percent=percent))
    return tuple(said)


class Explainer(ViewExplainer[View, Seen]):
    """The engine's explanations of one seat's view, which is checked once.

    Each ``explain_*`` function (and :func:`singing_hint`) checks the view it is given; a
    front-end that asks several things of one view (why each card of a hand is
    unavailable, the seat's tricks, the settlement, the hint) builds one explainer and
    asks it: the view is checked when the explainer is built, and each answer is the
    one the function of the same name gives. An explainer holds only its view (and what
    it worked out from it): views are immutable, so it may be kept as long as the view.

    >>> from cardrules.my_bird_sings import Options, new_game, view
    >>> state = new_game(Options(players=3, passing="draw_blind"), seed=2)
    >>> explainer = Explainer(view(state, 2))
    >>> explainer.action("draw 3") is None, explainer.action("draw 7").rule
    (True, 'MBS-8')
    >>> list(explainer.unavailable()) == list(explainer.view.hand)
    True
    >>> explainer.tricks(), explainer.settlement(), len(explainer.hint()) > 0
    ((), None, True)
    >>> Explainer.for_seat(state, 2).hint() == explainer.hint()
    True
    >>> Explainer(state)
    Traceback (most recent call last):
    ...
    TypeError: expected a my_bird_sings.View, not State; call my_bird_sings.view(state, seat) ...

    Raises:
        TypeError: if ``view`` is not a :class:`~cardrules.my_bird_sings.views.View`.
        ViewError: if it is a view no state could show
            (:func:`~cardrules.my_bird_sings.views.validate_view`).
    """

    __slots__ = ()

    @staticmethod
    def _checked(view: object) -> View:
        return _expect_view(view)

    @staticmethod
    def _built(state: object, seat: int) -> View:
        if not isinstance(state, State):
            raise wrong_argument(state, "a my_bird_sings.State", "Explainer(view) with a view")
        return view(state, seat)

    @staticmethod
    def _read(view: View) -> Seen:
        return _seen(view)

    @staticmethod
    def _waits(view: View) -> Message:
        return turn_refusal(view.phase, cast(int, view.to_act), view.on_turn)

    def action(self, action: Action | str) -> Refusal | None:
        """:func:`explain_action` of the view: ``None`` if ``action`` is open, else why not."""
        v = self.view
        parsed = as_action(RULEBOOK, action)
        if isinstance(parsed, IllegalActionError):
            return Refusal.of(parsed, action_message(parsed.action))
        to_act = v.to_act
        if to_act is not None and to_act != v.seat and isinstance(parsed, ACTION_TYPES):
            why, reason = self._turn()
            return Refusal.because(parsed, why, action_message(parsed), reason=reason)
        if parsed in v.legal_actions:
            return None
        return Refusal.because(parsed, refusal(self._facts(), parsed), action_message(parsed))

    def unavailable(self) -> dict[Card, Refusal]:
        """:func:`explain_unavailable` of the view: each card no legal action uses, with why."""
        v = self.view
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
                why = self.action(trying[card])
                if why is not None:  # always: an action that is legal uses its card
                    found[card] = why
        return found

    def tricks(self, reuse: Sequence[TrickExplanation] = ()) -> tuple[TrickExplanation, ...]:
        """:func:`explain_tricks` of the view: why each trick the seat laid counted.

        ``reuse``: explanations this seat was given earlier in the same deal (by the
        explainer of an earlier view). A deal's tricks never change, so each of those
        whose number and plays are the view's is returned as it is rather than
        explained again; the others are explained.
        """
        v = self.view
        options = v.options
        if not options.play_to_exhaustion:
            return ()
        size = options.hand_size
        rule = singing_rule(options)
        cards = v.trick_cards
        found = []
        for number, start in enumerate(range(0, len(cards), size), start=1):
            laid = cards[start : start + size]
            plays = tuple([(v.seat, card) for card in laid])
            if number <= len(reuse):
                known = reuse[number - 1]
                if known.number == number and known.plays == plays:
                    found.append(known)
                    continue
            why = singing_message(laid, options)
            if why is None:  # never in a view validate_view passed
                raise ViewError("invalid View: trick_cards: a trick is a singing set (MBS-15)")
            said = message(_P + "trick.laid", (rule, "MBS-15"), cards=laid, why=why, seat=v.seat)
            found.append(
                TrickExplanation(
                    number=number,
                    plays=plays,
                    winner=v.seat,
                    card=laid[0],
                    rules=said.rules,
                    reason=str(said),
                    message=said,
                )
            )
        return tuple(found)

    def settlement(self) -> SettlementExplanation | None:
        """:func:`explain_settlement` of the view: how the deal was settled, or ``None``."""
        return _settlement(self.view)

    def hint(self) -> tuple[Message, ...]:
        """:func:`singing_hint` of the view: what the hand lacks to sing, and the chance."""
        return _hint(self.view)

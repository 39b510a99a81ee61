"""Spoil Five explains itself to one seat, from its view alone (for front-ends).

Why an action or a card is not open to the seat (:func:`explain_action`,
:func:`explain_unavailable`), why each completed trick went to its winner
(:func:`explain_tricks`) and how the deal was settled (:func:`explain_settlement`). Each
reads only the :class:`~cardrules.spoil_five.views.View` it is given, never the state:
a client holding its view can ask, and the answer tells it nothing it could not see.
The refusals are the engine's own (:func:`cardrules.spoil_five.refusals.refusal`, which
``check_action`` reads too), and the tricks are won by the strengths the engine reads
(:func:`~cardrules.spoil_five.ranking.trick_strengths`, SF-17).

>>> from cardrules.spoil_five import Options, new_game, view
>>> mine = view(new_game(Options(players=3), seed=1), 1)
>>> print(explain_action(mine, "play 5C"))
cannot play 5C: you do not hold 5C (C-7)
>>> print(explain_action(view(new_game(Options(players=3), seed=1), 2), "play 7D"))
cannot play 7D: it is seat 1's turn to play, not yours (SF-14)

Each function checks its view first (:func:`~cardrules.spoil_five.views.validate_view`).
To ask several things of one view, an :class:`Explainer` checks it once and answers them
all: a table's payload asks about every card of a hand, its tricks and its settlement.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from cardrules._engine import as_action
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import IllegalActionError
from cardrules.explanations import (
    Refusal,
    SettlementExplanation,
    TrickExplanation,
    ViewExplainer,
    wrong_argument,
)
from cardrules.messages import Message, Param, message
from cardrules.spoil_five.actions import PLAYS, Action, Play, Rob
from cardrules.spoil_five.events import EventKind, OutcomeKind, Phase
from cardrules.spoil_five.option_tables import tables_for
from cardrules.spoil_five.options import Ranking
from cardrules.spoil_five.ranking import TRUMP, TrumpTable, trump_table, winning_index
from cardrules.spoil_five.refusals import Seen, refusal, turn_refusal
from cardrules.spoil_five.robbing import turn_up_window
from cardrules.spoil_five.rules import RULEBOOK
from cardrules.spoil_five.state import State
from cardrules.spoil_five.views import View, validate_view, view
from cardrules.spoil_five.wording import action_message

__all__ = [
    "Explainer",
    "explain_action",
    "explain_settlement",
    "explain_tricks",
    "explain_unavailable",
]

_ACE_OF_HEARTS: Final = Card(Rank.ACE, Suit.HEARTS)
_P: Final = "spoil-five.trick."
_S: Final = "spoil-five.settlement."


def _expect_view(value: object) -> View:
    if not isinstance(value, View):
        raise wrong_argument(
            value,
            "a spoil_five.View",
            "spoil_five.view(state, seat) first (or check_action(state, action) with the state)",
        )
    return validate_view(value)


def _dealt_ace_of_trumps(v: View, table: TrumpTable) -> bool:
    """Whether the viewing seat was dealt the ace of trumps (so robs it, SF-11).

    Its dealt cards are those it holds, has played and has discarded to rob, the turn-up
    aside (which is not the ace of trumps when this matters: a turned ace is the dealer's).
    """
    ace = table.ace
    if ace in v.hand:
        return True
    n = v.options.players
    seat = v.seat
    for trick in v.tricks:
        if trick.cards[(seat - trick.leader) % n] == ace:
            return True
    if v.leader is not None:
        position = (seat - v.leader) % n
        if position < len(v.trick) and v.trick[position] == ace:
            return True
    return any(
        event.kind is EventKind.ROB and event.seat == seat and event.card == ace
        for event in v.events
    )


def _seen(v: View) -> Seen:
    """What the viewing seat, which is to act (or nobody is), sees: :func:`refusal`'s facts."""
    rules = tables_for(v.options)
    seat = v.to_act
    rob = None
    if seat is not None:
        table = rules.tables[v.trump]
        holder = seat if _dealt_ace_of_trumps(v, table) else None
        rob = rules.rob_decisions(v.turn_up, v.dealer, holder)[seat]
    return Seen(
        rules=rules,
        phase=v.phase,
        seat=seat,
        hand=v.hand if seat is not None else (),
        trick=v.trick,
        trump=v.trump,
        window=(
            turn_up_window(len(v.tricks), v.turn_up_taken_by is not None)
            if v.phase is Phase.PLAY
            else None
        ),
        rob=rob,
    )


def explain_action(view: View, action: Action | str) -> Refusal | None:
    """Return None if the viewing seat may take ``action`` now, else why not.

    Works from the seat's view alone, and says what ``check_action`` says for the state
    the view came from: the same rule and the same sentence (for the seat to act), or
    whose decision it is (for any other seat). ``action`` may be notation.

    >>> from cardrules.spoil_five import Options, new_game, view
    >>> state = new_game(Options(players=3), seed=1)
    >>> explain_action(view(state, 1), "play 6S") is None
    True
    >>> explain_action(view(state, 1), "stop")
    Refusal(action='stop', rule='SF-21', reason='only a player who has just won the first
    three tricks may stop or go on, and only when jinking is played')
    >>> explain_action(view(state, 1), "play the ace").rule
    'C-7'

    Raises:
        TypeError: if ``view`` is not a :class:`~cardrules.spoil_five.views.View` (a state,
            say: call ``view(state, seat)`` first, or ``check_action`` with the state).
        ViewError: if it is a view no state could show (as every function here does,
            see :func:`~cardrules.spoil_five.views.validate_view`).

    """
    return Explainer(view).action(action)


def explain_unavailable(view: View) -> dict[Card, Refusal]:
    """Return every card of the viewer's hand that no legal action of his uses, with why.

    Each card maps to the refusal of playing it (a card that may be discarded to rob is
    available). Empty unless it is the viewer's decision.

    >>> from cardrules.spoil_five import Options, apply_action, new_game, view
    >>> state = apply_action(new_game(Options(players=3), seed=1), "play 6S")
    >>> for card, why in explain_unavailable(view(state, 2)).items():
    ...     print(card, "|", why.reason, f"({why.rule})")
    3D | diamonds are not trumps and you hold a spade; follow suit or trump (SF-16)
    3C | clubs are not trumps and you hold a spade; follow suit or trump (SF-16)
    7C | clubs are not trumps and you hold a spade; follow suit or trump (SF-16)
    >>> explain_unavailable(view(state, 0))
    {}
    """
    return Explainer(view).unavailable()


def _trick_reason(cards: tuple[Card, ...], index: int, table: TrumpTable) -> Message:
    """Why ``cards[index]`` wins (SF-17), with the rules that made it win."""
    card = cards[index]
    suit_of = table.suit_of
    power = table.power
    ordinary = table.ranking is Ranking.ORDINARY
    order_rule = "SF-22" if ordinary else None
    if suit_of[card] == TRUMP:
        beaten = sorted(
            (c for c in cards if c != card and suit_of[c] == TRUMP),
            key=power.__getitem__,
            reverse=True,
        )
        place = table.trumps.index(card)
        always = card == _ACE_OF_HEARTS and table.trump is not Suit.HEARTS and not ordinary
        trump = table.trump
        if beaten:
            rules = ["SF-17", order_rule or "SF-3"] + (["SF-2"] if always else [])
            kind = "ace-of-hearts-above" if always else "trump-above"
            return message(
                _P + kind, tuple(rules), card=card, trump=trump, place=place, beaten=tuple(beaten)
            )
        rules = ["SF-17"] + (["SF-2"] if always else [])
        kind = "ace-of-hearts-only-trump" if always else "only-trump"
        return message(_P + kind, tuple(rules), card=card, trump=trump)
    led = Suit(suit_of[cards[0]])
    beaten = sorted(
        (c for c in cards if c != card and suit_of[c] == led), key=power.__getitem__, reverse=True
    )
    if beaten:
        place = table.plains[led].index(card)
        return message(
            _P + "plain-above",
            ("SF-17", order_rule or "SF-5"),
            card=card,
            led=led,
            place=place,
            beaten=tuple(beaten),
        )
    return message(_P + "only-of-suit", "SF-17", card=card, led=led)


def explain_tricks(view: View) -> tuple[TrickExplanation, ...]:
    """Return why each completed trick of the current deal went to its winner, in order.

    The winning card is the strongest by the strengths the engine reads (SF-17); the
    sentence names the order that made it win (the trump order, SF-3, or SF-22 for the
    ordinary sequence; the plain order of the suit led, SF-5).

    >>> from cardrules.spoil_five import Options, apply_action, legal_actions, new_game, view
    >>> state = new_game(Options(players=3), seed=1)
    >>> for _ in range(6):
    ...     state = apply_action(state, legal_actions(state)[0])
    >>> for trick in explain_tricks(view(state, 0)):
    ...     print(trick)
    trick 1: 6S 2S 8S, seat 2 wins. 2S wins: no trump was played, spades were led and 2S is the
    fifth-best spade, above 6S and 8S (SF-17, SF-5)
    trick 2: 7S KS QH, seat 1 wins. QH wins: hearts are trumps and QH is the only trump played
    (SF-17)
    """
    return Explainer(view).tricks()


def _won(
    key: str, winners: tuple[int, ...], rules: str | tuple[str, ...], **params: Param
) -> Message:
    """A settlement sentence said of one winner, or of a side of partners (SF-25)."""
    if len(winners) == 1:
        return message(f"spoil-five.settlement.{key}", rules, winner=winners[0], **params)
    return message(f"spoil-five.settlement.side-{key}", rules, winners=winners, **params)


def explain_settlement(view: View) -> SettlementExplanation | None:
    """Return how the current deal was settled, or None until it is.

    Who won the hand and how (three tricks, SF-18; two, SF-20; a stop or a jink, SF-21;
    the game, SF-24), or why it was spoilt (SF-18, a barred winner SF-13, a failed jink
    SF-21), and where the counters went (SF-19, SF-25, C-5).

    >>> from cardrules.spoil_five import Options, apply_action, is_deal_over, legal_actions
    >>> from cardrules.spoil_five import new_game, view
    >>> state = new_game(Options(players=3), seed=2)
    >>> explain_settlement(view(state, 0)) is None
    True
    >>> while not is_deal_over(state):
    ...     state = apply_action(state, legal_actions(state)[0])
    >>> print(explain_settlement(view(state, 0)))
    Nobody won 3 tricks: the hand is spoilt (SF-18).
    The pool of 7 counters is carried to the next deal (SF-18).
    """
    return Explainer(view).settlement()


def _settlement(v: View) -> SettlementExplanation | None:
    """:func:`explain_settlement` of a view already checked."""
    outcome = v.outcome
    if outcome is None:
        return None
    options = v.options
    kind = outcome.kind
    winners = outcome.winners
    said: list[Message] = []
    rules: list[str] = []
    carried = message(_S + "carried", "SF-18", carried=outcome.carried)
    if kind is OutcomeKind.WON or kind is OutcomeKind.JINK:
        if kind is OutcomeKind.JINK:
            rules.append("SF-21")
            said.append(_won("jink", winners, "SF-21", stake=options.full_stake))
        elif any(event.kind is EventKind.STOP for event in v.events):
            rules += ["SF-21", "SF-19"]
            said.append(_won("stopped", winners, "SF-21"))
        else:
            rule = "SF-20" if options.win_tricks == 2 else "SF-18"
            rules += [rule, "SF-19"]
            won = sum(outcome.tricks_won[seat] for seat in winners)
            said.append(_won("won-hand", winners, rule, won=won))
        if len(winners) == 1:
            seat = winners[0]
            said.append(
                message(_S + "takes-pool", "SF-19", winner=seat, count=outcome.payouts[seat])
            )
        else:
            rules.append("SF-25")
            shares = tuple([(seat, outcome.payouts[seat]) for seat in winners])
            said.append(message(_S + "partners-share", ("SF-19", "SF-25"), shares=shares))
            if outcome.carried:
                rules.append("C-5")
                said.append(message(_S + "stays-in-pool", "C-5", carried=outcome.carried))
    elif kind is OutcomeKind.JINK_FAILED:
        rules += ["SF-21", "SF-18"]
        said += [message(_S + "jink-failed", "SF-21"), carried]
    elif kind is OutcomeKind.BARRED:
        rules += ["SF-13", "SF-18"]
        if v.barred:
            said.append(message(_S + "barred-named", "SF-13", barred=v.barred))
        else:
            said.append(message(_S + "barred", "SF-13"))
        said.append(carried)
    elif kind is OutcomeKind.SPOILT:
        rules.append("SF-18")
        need = options.win_tricks
        if sum(outcome.tricks_won) < 5:
            rules.append("D-25")
            said.append(message(_S + "unreachable", "D-25", need=need))
        else:
            said.append(message(_S + "spoilt", "SF-18", need=need))
        said.append(carried)
    else:
        rules.append("SF-24")
        scores = message(_S + "scores", scores=tuple(enumerate(v.scores)))
        if kind is OutcomeKind.GAME_WON:
            said += [_won("won-game", winners, "SF-24"), scores]
            for seat in winners:
                said.append(
                    message(_S + "receives", "SF-24", seat=seat, count=outcome.payouts[seat])
                )
        else:
            said += [message(_S + "scored", "SF-24"), scores]
    return SettlementExplanation.of(tuple(said), tuple(rules))


class Explainer(ViewExplainer[View, Seen]):
    """The engine's explanations of one seat's view, which is checked once.

    Each ``explain_*`` function checks the view it is given; a front-end that asks
    several things of one view (why each card of a hand is unavailable, why each trick
    went to its winner, how the deal was settled) builds one explainer and asks it:
    the view is checked when the explainer is built, and each answer is the one the
    function of the same name gives. An explainer holds only its view (and what it
    worked out from it): views are immutable, so it may be kept as long as the view.

    >>> from cardrules.spoil_five import Options, apply_action, new_game, view
    >>> state = apply_action(new_game(Options(players=3), seed=1), "play 6S")
    >>> explainer = Explainer(view(state, 2))
    >>> explainer.action("play 3D").rule
    'SF-16'
    >>> sorted(str(card) for card in explainer.unavailable())
    ['3C', '3D', '7C']
    >>> explainer.tricks(), explainer.settlement()
    ((), None)
    >>> Explainer.for_seat(state, 2).unavailable() == explainer.unavailable()
    True
    >>> Explainer(state)
    Traceback (most recent call last):
    ...
    TypeError: expected a spoil_five.View, not State; call spoil_five.view(state, seat) first ...

    Raises:
        TypeError: if ``view`` is not a :class:`~cardrules.spoil_five.views.View`.
        ViewError: if it is a view no state could show
            (:func:`~cardrules.spoil_five.views.validate_view`).
    """

    __slots__ = ()

    @staticmethod
    def _checked(view: object) -> View:
        return _expect_view(view)

    @staticmethod
    def _built(state: object, seat: int) -> View:
        if not isinstance(state, State):
            raise wrong_argument(state, "a spoil_five.State", "Explainer(view) with a view")
        return view(state, seat)

    @staticmethod
    def _read(view: View) -> Seen:
        return _seen(view)

    @staticmethod
    def _waits(view: View) -> Message:
        return turn_refusal(view.phase, cast(int, view.to_act))

    def action(self, action: Action | str) -> Refusal | None:
        """:func:`explain_action` of the view: ``None`` if ``action`` is open, else why not."""
        v = self.view
        read = as_action(RULEBOOK, action)
        if isinstance(read, IllegalActionError):
            return Refusal.of(read, action_message(read.action))
        parsed = cast(Action, read)  # as_action let only an action through
        to_act = v.to_act
        if to_act is not None and to_act != v.seat:
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
            if isinstance(action, Play):
                used.add(action.card)
            elif isinstance(action, Rob):
                used.add(action.discard)
        found: dict[Card, Refusal] = {}
        for card in v.hand:
            if card not in used:
                why = self.action(PLAYS[card])
                if why is not None:  # always: a card whose play is legal is used
                    found[card] = why
        return found

    def tricks(self, reuse: Sequence[TrickExplanation] = ()) -> tuple[TrickExplanation, ...]:
        """:func:`explain_tricks` of the view: why each completed trick went to its winner.

        ``reuse``: explanations this seat was given earlier in the same deal (by the
        explainer of an earlier view). A deal's completed tricks never change, so each
        of those whose number and plays are the view's is returned as it is rather than
        explained again; the others are explained.

        >>> from cardrules.spoil_five import Options, apply_action, legal_actions, new_game
        >>> from cardrules.spoil_five import view
        >>> state = new_game(Options(players=3), seed=1)
        >>> for _ in range(3):
        ...     state = apply_action(state, legal_actions(state)[0])
        >>> first = Explainer(view(state, 0)).tricks()
        >>> for _ in range(3):
        ...     state = apply_action(state, legal_actions(state)[0])
        >>> both = Explainer(view(state, 0)).tricks(reuse=first)
        >>> both[0] is first[0], both == explain_tricks(view(state, 0))
        (True, True)
        """
        v = self.view
        table = trump_table(v.trump, v.options.ranking)
        n = v.options.players
        found = []
        for number, trick in enumerate(v.tricks, start=1):
            cards = trick.cards
            plays = tuple([((trick.leader + k) % n, card) for k, card in enumerate(cards)])
            if number <= len(reuse):
                known = reuse[number - 1]
                if known.number == number and known.plays == plays:
                    found.append(known)
                    continue
            index = winning_index(cards, table)
            why = _trick_reason(cards, index, table)
            found.append(
                TrickExplanation(
                    number=number,
                    plays=plays,
                    winner=(trick.leader + index) % n,
                    card=cards[index],
                    rules=why.rules,
                    reason=str(why),
                    message=why,
                )
            )
        return tuple(found)

    def settlement(self) -> SettlementExplanation | None:
        """:func:`explain_settlement` of the view: how the deal was settled, or ``None``."""
        return _settlement(self.view)

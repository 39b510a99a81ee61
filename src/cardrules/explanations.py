"""Why the engine says what it says: the values the games' ``explain_*`` functions return.

Each game explains itself to one seat, from that seat's view alone (see
:func:`cardrules.spoil_five.explain_action` and
:func:`cardrules.my_bird_sings.explain_action`): why an action or a card is unavailable
(a :class:`Refusal`), why each completed trick went to its winner (a
:class:`TrickExplanation`), and how the deal was settled (a
:class:`SettlementExplanation`). The sentences come from the rule functions the engine
itself uses, so a front-end shows them as they are and never re-derives a rule.

>>> reason = "hearts are not trumps and you hold a spade; follow suit or trump"
>>> refusal = Refusal("play 2H", "SF-16", reason)
>>> print(refusal)
cannot play 2H: hearts are not trumps and you hold a spade; follow suit or trump (SF-16)
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.errors import IllegalActionError

__all__ = ["Refusal", "SettlementExplanation", "TrickExplanation", "wrong_argument"]


@attrs.frozen(slots=True)
class Refusal:
    """Why one action is not open to a seat now.

    Attributes:
        action: the action in notation (``"play 2H"``); for an object that is not an action
            at all, its ``repr``.
        rule: the id of the rule that refuses it on the rules pages (``"SF-16"``, ``"C-7"``).
        reason: one plain sentence for a player, without the action or the rule id (add
            ``(SF-16)`` yourself if you show the id: :func:`str` of a refusal does).

    """

    action: str
    rule: str
    reason: str

    @classmethod
    def of(cls, error: IllegalActionError) -> Refusal:
        """The refusal an :class:`~cardrules.errors.IllegalActionError` carries.

        >>> Refusal.of(IllegalActionError("stop", "SF-21", "no jink is pending"))
        Refusal(action='stop', rule='SF-21', reason='no jink is pending')
        """
        return cls(str(error.action), error.rule, error.reason)

    def error(self) -> IllegalActionError:
        """The :class:`~cardrules.errors.IllegalActionError` that says the same.

        >>> str(Refusal("pass 9C", "MBS-9", "you do not hold 9C").error())
        'cannot pass 9C: you do not hold 9C (MBS-9)'
        """
        return IllegalActionError(self.action, self.rule, self.reason)

    def __str__(self) -> str:
        """The sentence a player reads: ``cannot <action>: <reason> (<rule>)``."""
        return f"cannot {self.action}: {self.reason} ({self.rule})"


@attrs.frozen(slots=True)
class TrickExplanation:
    """Why a completed trick went to its winner.

    Attributes:
        number: the trick's number in the deal, from 1.
        plays: ``(seat, card)`` for each card, in play order (the led card first).
        winner: the seat that won it.
        card: the card that won it.
        rules: the ids of the rules that made it win (``("SF-17", "SF-3")``).
        reason: one sentence naming the order that made the card win, such as ``"JH wins:
            hearts are trumps and JH is the second-best trump, above 2H"``.

    """

    number: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    card: Card
    rules: tuple[str, ...]
    reason: str

    def __str__(self) -> str:
        """The trick and its reason on one line, rule ids at the end.

        >>> from cardrules.cards import parse_card
        >>> print(TrickExplanation(1, ((1, parse_card("2S")), (2, parse_card("KS"))), 2,
        ...     parse_card("KS"), ("SF-17",), "KS wins: the best spade, the suit led"))
        trick 1: 2S KS, seat 2 wins. KS wins: the best spade, the suit led (SF-17)
        """
        cards = " ".join(str(card) for _, card in self.plays)
        ids = ", ".join(self.rules)
        return f"trick {self.number}: {cards}, seat {self.winner} wins. {self.reason} ({ids})"


@attrs.frozen(slots=True)
class SettlementExplanation:
    """How a deal was settled: who won what, and why.

    Attributes:
        rules: the ids of the rules that settled it (``("SF-18", "SF-19")``).
        lines: the explanation, one sentence a line (who won the pool and how, or why it
            was carried; what each seat received).

    """

    rules: tuple[str, ...]
    lines: tuple[str, ...]

    def __str__(self) -> str:
        """The lines, one a line.

        >>> print(SettlementExplanation(("SF-18",), ("Nobody won three tricks.", "Spoilt.")))
        Nobody won three tricks.
        Spoilt.
        """
        return "\n".join(self.lines)


def wrong_argument(value: object, expected: str, instead: str) -> TypeError:
    """The TypeError for ``value`` where ``expected`` is needed; ``instead``: what to call.

    >>> str(wrong_argument(3, "a spoil_five.View", "spoil_five.view(state, seat)"))
    'expected a spoil_five.View, not int; call spoil_five.view(state, seat)'
    """
    return TypeError(f"expected {expected}, not {type(value).__name__}; call {instead}")

"""Why the engine says what it says: the values the games' ``explain_*`` functions return.

Each game explains itself to one seat, from that seat's view alone (see
:func:`cardrules.spoil_five.explain_action` and
:func:`cardrules.my_bird_sings.explain_action`): why an action or a card is unavailable
(a :class:`Refusal`), why each completed trick went to its winner (a
:class:`TrickExplanation`), and how the deal was settled (a
:class:`SettlementExplanation`). The sentences come from the rule functions the engine
itself uses, so a front-end shows them as they are and never re-derives a rule.

Each also carries its words as :class:`~cardrules.messages.Message` values (a refusal's
``message``, a trick's ``message``, a settlement's ``messages``): a front-end renders
those for its players with :func:`cardrules.messages.render`, in their language, and
shows the rule ids apart; ``str()`` stays the English for programmers.

>>> reason = "hearts are not trumps and you hold a spade; follow suit or trump"
>>> refusal = Refusal("play 2H", "SF-16", reason)
>>> print(refusal)
cannot play 2H: hearts are not trumps and you hold a spade; follow suit or trump (SF-16)
"""

from __future__ import annotations

from typing import Generic, Self, TypeVar

import attrs

from cardrules.cards import Card
from cardrules.errors import IllegalActionError
from cardrules.messages import Message, message

__all__ = [
    "Refusal",
    "SettlementExplanation",
    "TrickExplanation",
    "ViewExplainer",
    "line_of",
    "wrong_argument",
]

V = TypeVar("V")
F = TypeVar("F")


def _refusal_message(refusal: Refusal) -> Message:
    return message(
        "common.refusal",
        refusal.rule,
        action=message("common.action.text", text=refusal.action),
        reason=message("common.text", text=refusal.reason),
    )


@attrs.frozen(slots=True)
class Refusal:
    """Why one action is not open to a seat now.

    Attributes:
        action: the action in notation (``"play 2H"``); for an object that is not an action
            at all, its ``repr``.
        rule: the id of the rule that refuses it on the rules pages (``"SF-16"``, ``"C-7"``).
        reason: one plain sentence for a player, without the action or the rule id (add
            ``(SF-16)`` yourself if you show the id: :func:`str` of a refusal does).
        message: the whole refusal as a message (``common.refusal``: ``you cannot
            {action}: {reason}``, the action and the reason nested messages, the rule in
            its ``rules``); render it for a player. Not compared by ``==``. A refusal
            built from text alone carries its text as it is (``common.text``).

    """

    action: str
    rule: str
    reason: str
    message: Message = attrs.field(
        default=attrs.Factory(_refusal_message, takes_self=True), repr=False, eq=False
    )

    @classmethod
    def of(cls, error: IllegalActionError, action: Message | None = None) -> Refusal:
        """The refusal an :class:`~cardrules.errors.IllegalActionError` carries.

        ``action`` is the refused action in words (the game's ``wording.action_message``);
        by default the action as the text it is.

        >>> Refusal.of(IllegalActionError("stop", "SF-21", "no jink is pending"))
        Refusal(action='stop', rule='SF-21', reason='no jink is pending')
        """
        why = error.reason_message
        if why is None:
            return cls(str(error.action), error.rule, error.reason)
        return cls.because(error.action, why, action)

    @classmethod
    def because(
        cls, action: object, why: Message, said: Message | None = None, *, reason: str | None = None
    ) -> Refusal:
        """The refusal of ``action`` for the reason ``why``; ``said``: the action in words.

        The rule is ``why``'s first rule id; ``said`` defaults to the action as the text
        it is (a game's ``wording.action_message`` says it better). ``reason`` is
        ``str(why)`` if the caller has it already (one reason refuses many actions).

        >>> from cardrules.messages import render
        >>> from cardrules.spoil_five import parse_action
        >>> from cardrules.spoil_five.wording import action_message
        >>> stop = parse_action("stop")
        >>> refused = Refusal.because(stop, message("spoil-five.refusal.no-jink", "SF-21"),
        ...     action_message(stop))
        >>> print(refused)
        cannot stop: only a player who has just won the first three tricks may stop or go
        on, and only when jinking is played (SF-21)
        >>> print(render(refused.message, language="fr"))
        Vous ne pouvez pas arrêter : seul un joueur qui vient de gagner les trois premières
        levées peut arrêter ou continuer, et seulement quand on joue le jink.
        """
        rule = why.rules[0]
        if said is None:
            said = message("common.action.text", text=str(action))
        whole = message("common.refusal", rule, action=said, reason=why)
        return cls(str(action), rule, str(why) if reason is None else reason, whole)

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
        message: the reason as a message (its ``rules`` those above), not compared by
            ``==``; a trick built from text alone carries its text as it is (``common.text``).

    """

    number: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    card: Card
    rules: tuple[str, ...]
    reason: str
    message: Message = attrs.field(
        default=attrs.Factory(
            lambda self: message("common.text", self.rules, text=self.reason), takes_self=True
        ),
        repr=False,
        eq=False,
    )

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
        messages: the lines as messages, each with its own rule ids, not compared by ``==``;
            lines built from text alone carry their text as it is (``common.text``).

    """

    rules: tuple[str, ...]
    lines: tuple[str, ...]
    messages: tuple[Message, ...] = attrs.field(
        default=attrs.Factory(
            lambda self: tuple(message("common.text", text=line) for line in self.lines),
            takes_self=True,
        ),
        repr=False,
        eq=False,
    )

    @classmethod
    def of(
        cls, messages: tuple[Message, ...], rules: tuple[str, ...] | None = None
    ) -> SettlementExplanation:
        """The settlement told by ``messages``, a line each (``text (rules).``).

        ``rules`` default to every rule id of the messages, in order of appearance.

        >>> said = message("spoil-five.settlement.takes-pool", "SF-19", winner=0, count=7)
        >>> print(SettlementExplanation.of((said,)))
        Seat 0 takes the pool: 7 counters (SF-19).
        """
        if rules is None:
            found: list[str] = []
            for said in messages:
                found += [rule for rule in said.rules if rule not in found]
            rules = tuple(found)
        return cls(rules, tuple(line_of(said) for said in messages), messages)

    def __str__(self) -> str:
        """The lines, one a line.

        >>> print(SettlementExplanation(("SF-18",), ("Nobody won three tricks.", "Spoilt.")))
        Nobody won three tricks.
        Spoilt.
        """
        return "\n".join(self.lines)


def line_of(said: Message) -> str:
    """A message as a line of a settlement: its English, its rule ids, a full stop.

    >>> line_of(message("spoil-five.settlement.takes-pool", "SF-19", winner=0, count=1))
    'Seat 0 takes the pool: 1 counter (SF-19).'
    """
    ids = f" ({', '.join(said.rules)})" if said.rules else ""
    return f"{said}{ids}."


def wrong_argument(value: object, expected: str, instead: str) -> TypeError:
    """The TypeError for ``value`` where ``expected`` is needed; ``instead``: what to call.

    >>> str(wrong_argument(3, "a spoil_five.View", "spoil_five.view(state, seat)"))
    'expected a spoil_five.View, not int; call spoil_five.view(state, seat)'
    """
    return TypeError(f"expected {expected}, not {type(value).__name__}; call {instead}")


class ViewExplainer(Generic[V, F]):
    """What both games' ``Explainer`` share: one view, checked once, and its facts.

    A game's explainer (:class:`cardrules.spoil_five.Explainer`,
    :class:`cardrules.my_bird_sings.Explainer`) checks the view it is given when it is
    built, or builds it from a state with the game's ``view`` (:meth:`for_seat`), and
    reads the facts its refusals need from it once, when first asked. Type parameters:
    the game's view class ``V`` and the facts ``F`` its refusals read.
    """

    __slots__ = ("_found", "_waiting", "view")

    view: V
    """The view explained (checked, or built by the game's ``view``)."""

    def __init__(self, view: V) -> None:
        self.view = self._checked(view)
        self._found: F | None = None
        self._waiting: tuple[Message, str] | None = None

    @classmethod
    def for_seat(cls, state: object, seat: int) -> Self:
        """The explainer of ``seat``'s view of ``state``: ``Explainer(view(state, seat))``.

        The view is built by the game's ``view``, which only builds views a state shows,
        so it is not checked again.

        Raises:
            TypeError: if ``state`` is not a state of the game.
            OptionsError: if ``seat`` is not a seat of the game.
        """
        explainer = cls.__new__(cls)
        explainer.view = cls._built(state, seat)
        explainer._found = None
        explainer._waiting = None
        return explainer

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={getattr(self.view, 'seat', None)})"

    def _facts(self) -> F:
        """The facts the game's refusals read from the view, read once."""
        if self._found is None:
            self._found = self._read(self.view)
        return self._found

    def _turn(self) -> tuple[Message, str]:
        """Why the viewing seat, not the one to act, may do nothing now; and its English.

        Worked out once: it refuses every action the seat could ask about.
        """
        if self._waiting is None:
            why = self._waits(self.view)
            self._waiting = (why, str(why))
        return self._waiting

    @staticmethod
    def _checked(view: object) -> V:  # pragma: no cover - each game's explainer says
        raise NotImplementedError

    @staticmethod
    def _built(state: object, seat: int) -> V:  # pragma: no cover - each game's explainer says
        raise NotImplementedError

    @staticmethod
    def _read(view: V) -> F:  # pragma: no cover - each game's explainer says
        raise NotImplementedError

    @staticmethod
    def _waits(view: V) -> Message:  # pragma: no cover - each game's explainer says
        raise NotImplementedError

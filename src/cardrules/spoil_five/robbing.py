"""Robbing the turn-up (SF-10 to SF-13): one decision per seat and deal, read by everything.

:func:`rob_rule` says what robbing offers one seat in one deal: nothing, the dealer's rob
of a turned-up ace before the lead, or a rob at his first turn in the first trick (a
decision of its own, or ``Rob`` actions beside his plays where it may be declined); what
letting it pass costs, whether the others see it, and why a rob is refused. The engine
keeps one such value per seat for the deal; the views read from it which declines and
bars are private, the sampler who must or cannot hold the ace of trumps, and the Spoil
Five bot whether a rob open to it would be a false one.

>>> from cardrules.cards import parse_card
>>> from cardrules.spoil_five.options import Options
>>> rule = rob_rule(Options(), parse_card("7C"), dealer=False, holder=True)
>>> rule.time, rule.phase, rule.may_pass
(<RobTime.FIRST_TURN: 'first_turn'>, <Phase.ROB: 'rob'>, False)
>>> rob_rule(Options(robbing="optional"), parse_card("7C"), dealer=False, holder=True).phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from cardrules._value import Value
from cardrules.cards import Card, Rank
from cardrules.messages import Message, message
from cardrules.spoil_five.actions import DECLINE_ROB, ROBS, Action, DeclineRob, Play, Rob
from cardrules.spoil_five.options import DealerAce, Options, Robbing, RobEnforcement
from cardrules.spoil_five.state import Phase, PhasedDecision

__all__ = [
    "RobChoice",
    "RobDecision",
    "RobTime",
    "rob_choice",
    "rob_duty",
    "rob_rule",
    "turn_up_window",
]


class RobTime(enum.StrEnum):
    """When a seat may rob the turn-up in a deal."""

    NEVER = "never"
    """Nothing to rob for this seat."""
    BEFORE_LEAD = "before_lead"
    """The dealer of a turned-up ace, before the eldest hand leads (SF-10)."""
    FIRST_TURN = "first_turn"
    """At his first turn in the first trick, while the turn-up is on the table (SF-11)."""


_P: Final = "spoil-five.refusal."
_OFF: Final = message(_P + "robbing-off", "SF-12")
_TURNED_ACE: Final = message(_P + "turned-ace-dealer-only", "SF-10")
_CANNOT_ROB_NOW: Final = message(_P + "cannot-rob-now", "SF-11")
_TAKEN: Final = message(_P + "turn-up-taken", "SF-11")
_PAST_FIRST_TRICK: Final = message(_P + "rob-first-turn-only", "SF-11")
_DEALER_MUST_ROB: Final = message(_P + "dealer-must-rob", "SF-10")
_HOLDER_MUST_ROB: Final = message(_P + "holder-must-rob", "SF-11")


# Enum members read once: a class attribute look-up costs a call on every step.
_BEFORE_LEAD: Final = RobTime.BEFORE_LEAD
_DEALER_ACE_OWN_TURN_TRICK1: Final = DealerAce.OWN_TURN_TRICK1
_DEALER_ROB: Final = Phase.DEALER_ROB
_FIRST_TURN: Final = RobTime.FIRST_TURN
_NEVER: Final = RobTime.NEVER
_PLAY: Final = Phase.PLAY
_RANK_ACE: Final = Rank.ACE
_ROB: Final = Phase.ROB
_ROBBING_OFF: Final = Robbing.OFF
_ROBBING_OPTIONAL: Final = Robbing.OPTIONAL
_ROB_ENFORCEMENT_PENALIZE: Final = RobEnforcement.PENALIZE


class RobDecision(Value):
    """What robbing the turn-up offers one seat in one deal (SF-10 to SF-13).

    Attributes:
        time: when the rob is open to him.
        phase: the phase of the turn that offers it: ``DEALER_ROB`` or ``ROB`` where the
            rob is a decision of its own (only ``Rob`` actions, plus ``DeclineRob`` for the
            dealer where he may decline), ``PLAY`` where his ``Rob`` actions stand beside
            his plays and playing a card lets the rob pass.
        rightful: whether robbing takes what is his (the dealer of a turned-up ace, the
            holder of the ace of trumps); a rob by anybody else is false and bars him.
        may_pass: whether he may let the rob pass (decline it, or omit it under
            ``penalize``).
        pass_recorded: whether letting it pass is an event (``DECLINE_ROB``): for the
            dealer of a turned-up ace and the holder, not for a seat that could only
            have robbed falsely.
        pass_bars: whether letting it pass bars him (``penalize``, SF-13).
        pass_public: whether the others see him let it pass, and so his bar: only the
            dealer's decline of a turned-up ace, which everybody sees on the table.
        ace_at_own_turn: for the dealer of a turned-up ace, whether the ace joins his hand
            at his own turn in the first trick (else after the first trick).
        rule: the rule his rob falls under (SF-10 for the dealer's turned ace, else SF-11).
        closed: the refusal  of a rob by him when none is open to him.

    """

    __slots__ = (
        "_ace_at_own_turn", "_closed", "_may_pass", "_pass_bars", "_pass_public",
        "_pass_recorded", "_phase", "_rightful", "_rule", "_time",
    )  # fmt: skip

    def __init__(
        self,
        *,
        time: RobTime,
        phase: Phase,
        rightful: bool,
        may_pass: bool,
        pass_recorded: bool,
        pass_bars: bool,
        pass_public: bool,
        ace_at_own_turn: bool,
        rule: str,
        closed: Message,
    ) -> None:
        self._time = time
        self._phase = phase
        self._rightful = rightful
        self._may_pass = may_pass
        self._pass_recorded = pass_recorded
        self._pass_bars = pass_bars
        self._pass_public = pass_public
        self._ace_at_own_turn = ace_at_own_turn
        self._rule = rule
        self._closed = closed

    def _key(self) -> tuple[object, ...]:
        return (
            self._time, self._phase, self._rightful, self._may_pass, self._pass_recorded,
            self._pass_bars, self._pass_public, self._ace_at_own_turn, self._rule, self._closed,
        )  # fmt: skip

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle through the constructor (a compiled class has no default pickling)."""
        return (_restore, self._key())

    @property
    def time(self) -> RobTime:
        """When the rob is open to him."""
        return self._time

    @property
    def phase(self) -> Phase:
        """The phase of the turn that offers it."""
        return self._phase

    @property
    def rightful(self) -> bool:
        """Whether robbing takes what is his."""
        return self._rightful

    @property
    def may_pass(self) -> bool:
        """Whether he may let the rob pass."""
        return self._may_pass

    @property
    def pass_recorded(self) -> bool:
        """Whether letting it pass is an event (``DECLINE_ROB``)."""
        return self._pass_recorded

    @property
    def pass_bars(self) -> bool:
        """Whether letting it pass bars him (SF-13)."""
        return self._pass_bars

    @property
    def pass_public(self) -> bool:
        """Whether the others see him let it pass."""
        return self._pass_public

    @property
    def ace_at_own_turn(self) -> bool:
        """Whether a robbed turned ace joins his hand at his own turn."""
        return self._ace_at_own_turn

    @property
    def rule(self) -> str:
        """The rule his rob falls under."""
        return self._rule

    @property
    def closed(self) -> Message:
        """The refusal of a rob by him when none is open to him."""
        return self._closed

    def offer(self, hand: tuple[Play, ...]) -> tuple[Action, ...]:
        """The rob actions open to him at his rob moment, holding ``hand``.

        A ``Rob`` of each card held and, for the dealer of a turned-up ace who may
        decline, ``DeclineRob`` (a holder lets his rob pass by playing instead).
        """
        robs: tuple[Action, ...] = tuple([ROBS[play.card] for play in hand])
        if self._time is _BEFORE_LEAD and self._may_pass:
            robs += (DECLINE_ROB,)
        return robs

    def refusal(
        self,
        action: Rob | DeclineRob,
        *,
        phase: Phase,
        window: Message | None,
        hand: Sequence[Card],
        duty: Message | None,
    ) -> Message:
        """The refusal of a rob or decline that is not legal now.

        ``phase`` and ``window`` are the pending decision's: its kind, and whether the
        turn-up may be robbed at it (None) or why not (:func:`turn_up_window`); ``duty``
        is the refusal of anything else while it is not about robbing or playing
        (fiving, jinking).
        """
        if self.closed is _OFF:
            return _OFF
        if isinstance(action, DeclineRob):
            if phase is _DEALER_ROB or phase is _ROB:
                return message(_P + "rob-compulsory", "SF-12")
            if phase is _PLAY and window is None and self.time is _FIRST_TURN:
                return message(_P + "pass-rob-by-playing", "SF-12")
            return message(_P + "no-rob-to-decline", "SF-11")
        if phase is _DEALER_ROB or phase is _ROB:
            return message("common.refusal.not-held", self.rule, card=action.discard)
        if duty is not None:
            return duty
        if self.closed is _TURNED_ACE:
            return _TURNED_ACE
        if window is not None:
            return window
        if action.discard not in hand:
            return message("common.refusal.not-held", "SF-11", card=action.discard)
        return self.closed


def turn_up_window(tricks_done: int, taken: bool) -> Message | None:
    """Whether the turn-up may still be robbed: None while it may, else why not (SF-11).

    A rob comes at a player's first turn in the first trick, while the turn-up is on the
    table: not once a player has taken it into his hand, nor after the first trick. The
    engine asks this when a decision of the first trick begins and carries the answer on
    its play decisions (:class:`~cardrules.spoil_five.state.PlayDecision`); explanations
    ask it from a view.

    >>> turn_up_window(0, False) is None, str(turn_up_window(1, False))
    (True, "a rob is made only at one's first turn in the first trick")
    """
    if taken:
        return _TAKEN
    if tricks_done:
        return _PAST_FIRST_TRICK
    return None


def rob_duty(phase: Phase) -> Message:
    """The refusal of any action but a rob while a rob of its own is pending (SF-10, SF-11)."""
    return _DEALER_MUST_ROB if phase is _DEALER_ROB else _HOLDER_MUST_ROB


class RobChoice(PhasedDecision):
    """A pending rob of its own: the dealer of a turned-up ace, or the holder of the ace.

    Its phase is ``DEALER_ROB`` (the dealer discards before the lead, or declines where
    he may, SF-10, SF-12) or ``ROB`` (the holder must rob at his first turn, SF-11).
    """

    __slots__ = ()


def rob_choice(rob: RobDecision, seat: int, hand: tuple[Play, ...]) -> RobChoice:
    """The rob decision of ``seat``, holding ``hand``, where his rob is a decision of its own.

    The dealer of a turned-up ace before the lead, or the holder of the ace of trumps at
    his first turn where he may not let it pass: ``rob``'s phase says which.
    """
    phase = _DEALER_ROB if rob._time is _BEFORE_LEAD else _ROB
    return RobChoice(seat, rob.offer(hand), phase)


def rob_rule(options: Options, turn_up: Card, *, dealer: bool, holder: bool) -> RobDecision:
    """Return what robbing ``turn_up`` offers a seat: the dealer or not, the holder or not.

    Implements SF-10, SF-11, SF-12 and SF-13. The dealer of a turned-up ace robs it
    before the lead, discarding face down; the ace joins his hand at his turn in the first
    trick (or after it, ``dealer_ace_available="after_trick1"``). Otherwise the holder of
    the ace of trumps (``holder``) robs at his first turn in the first trick, before he
    plays, and takes the turn-up at once. Robbing is compulsory and enforced by default:
    the holder's turn is then a rob of its own. Where it may be passed (``robbing=
    "optional"``, or ``rob_enforcement="penalize"``) the holder's ``Rob`` actions stand
    beside his plays and playing a card lets the rob pass, an event of his own view only;
    under ``penalize`` anybody may rob there, falsely unless he holds the ace, and a false
    or omitted rob bars him: a barred side cannot win the hand (SF-13), and nobody else
    learns of the bar until it matters. The dealer's decline of a turned-up ace is a
    ``DeclineRob`` action before the lead, seen by everybody.
    """
    penalize = options.rob_enforcement is _ROB_ENFORCEMENT_PENALIZE
    may_pass = options.robbing is _ROBBING_OPTIONAL or penalize
    ace = Card(_RANK_ACE, turn_up.suit)
    if options.robbing is _ROBBING_OFF:
        return _never("SF-12", _OFF)
    if turn_up.rank is _RANK_ACE:
        if not dealer:
            return _never("SF-10", _TURNED_ACE)
        return RobDecision(
            time=_BEFORE_LEAD,
            phase=_DEALER_ROB,
            rightful=True,
            may_pass=may_pass,
            pass_recorded=may_pass,
            pass_bars=penalize,
            pass_public=True,
            ace_at_own_turn=options.dealer_ace_available is _DEALER_ACE_OWN_TURN_TRICK1,
            rule="SF-10",
            closed=_TURNED_ACE,
        )
    if holder:
        return RobDecision(
            time=_FIRST_TURN,
            phase=_PLAY if may_pass else _ROB,
            rightful=True,
            may_pass=may_pass,
            pass_recorded=may_pass,
            pass_bars=penalize,
            pass_public=False,
            ace_at_own_turn=False,
            rule="SF-11",
            closed=_CANNOT_ROB_NOW,
        )
    if penalize:
        return RobDecision(
            time=_FIRST_TURN, phase=_PLAY, rightful=False, may_pass=True,
            pass_recorded=False, pass_bars=False, pass_public=False, ace_at_own_turn=False,
            rule="SF-11", closed=_CANNOT_ROB_NOW,
        )  # fmt: skip
    return _never("SF-11", message(_P + "not-ace-holder", "SF-12", ace=ace))


def _never(rule: str, closed: Message) -> RobDecision:
    """The decision of a seat that has nothing to rob in the deal."""
    return RobDecision(
        time=_NEVER, phase=_PLAY, rightful=False, may_pass=False,
        pass_recorded=False, pass_bars=False, pass_public=False, ace_at_own_turn=False,
        rule=rule, closed=closed,
    )  # fmt: skip


def _restore(
    time: RobTime,
    phase: Phase,
    rightful: bool,
    may_pass: bool,
    pass_recorded: bool,
    pass_bars: bool,
    pass_public: bool,
    ace_at_own_turn: bool,
    rule: str,
    closed: Message,
) -> RobDecision:
    """Rebuild a pickled :class:`RobDecision`."""
    return RobDecision(
        time=time, phase=phase, rightful=rightful, may_pass=may_pass,
        pass_recorded=pass_recorded, pass_bars=pass_bars, pass_public=pass_public,
        ace_at_own_turn=ace_at_own_turn, rule=rule, closed=closed,
    )  # fmt: skip

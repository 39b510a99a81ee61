"""How the command line tells a game: each deal, action and settlement as lines of text.

Private: the presentation of :mod:`cardrules._terminal`, kept apart from the terminal
input and output so that the game registry (:mod:`cardrules.games`) can name each game's
narrator without reaching up to the command line. A narrator writes for one viewer: with a
human at the table, other seats' hidden cards (rob discards, passed cards between two
other players) are never told. :class:`Narrator` tells any game plainly; a game's own
narrator (named by its registry entry) tells it as the table sees it.

>>> from cardrules import games
>>> entry = games.lookup("spoil-five")
>>> tell = entry.load_narrator()(entry.module, viewer=None, human=None)
>>> state = entry.module.new_game(entry.options(players=3), seed=1)
>>> tell.opening(state)
['Turn-up 6H: hearts are trumps.', 'Trumps, best first: 5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H']
>>> tell.name(2), tell.card_verb
('seat 2', 'play')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, cast

from cardrules._text import SUIT_NAMES
from cardrules._text import sort_hand as _sort_hand
from cardrules.cards import Card, format_cards
from cardrules.protocol import DynamicGame, GameState, SeatView

if TYPE_CHECKING:
    from cardrules.explanations import Refusal, SettlementExplanation, TrickExplanation
    from cardrules.spoil_five import State as SfState

__all__ = [
    "SUIT_NAMES",
    "Explains",
    "MyBirdSingsNarrator",
    "Narrator",
    "SpoilFiveNarrator",
    "explainer",
    "seat_name",
]


class Explains(Protocol):
    """The explanation functions of a game module (both games have them; see explanations)."""

    def explain_action(self, view: SeatView, action: object, /) -> Refusal | None:
        """Why ``view``'s seat may not take ``action`` now, or ``None`` if it may."""

    def explain_tricks(self, view: SeatView, /) -> tuple[TrickExplanation, ...]:
        """Why each completed trick the view has seen went to its winner."""

    def explain_settlement(self, view: SeatView, /) -> SettlementExplanation | None:
        """How the deal was settled, or ``None`` until it is."""


def explainer(game: DynamicGame) -> Explains | None:
    """``game`` as its own explainer, or ``None`` for a game that does not explain itself."""
    needed = ("explain_action", "explain_tricks", "explain_settlement")
    return cast("Explains", game) if all(hasattr(game, name) for name in needed) else None


def seat_name(seat: int, human: int | None) -> str:
    """How a seat is called in the narration."""
    return "you" if seat == human else f"seat {seat}"


class Narrator:
    """Describes deals and actions of one game for one viewer (``None``: everything).

    This plain narrator tells any game: ``seat 2: <action>`` for every action, hands
    sorted by suit and rank. Games subclass it to tell more.

    Args:
        game: the game module.
        viewer: the seat whose eyes the narration has, or ``None`` to tell everything.
        human: the seat addressed as "you", or ``None``.
    """

    card_verb: ClassVar[str | None] = None
    """The verb a bare card typed at the prompt stands for (``play``), if any."""

    no_winner: ClassVar[str] = "no winner"
    """How a deal that nobody wins is called in a simulation summary."""

    verbs: ClassVar[frozenset[str]] = frozenset()
    """The first words of the game's actions in notation (``play``, ``rob`` ...)."""

    moves_help: ClassVar[tuple[tuple[str, str], ...]] = ()
    """What a move looks like at the prompt: examples, each with what it does."""

    def __init__(self, game: DynamicGame, viewer: int | None, human: int | None) -> None:
        self.game = game
        self.viewer = viewer
        self.human = human
        self.explains = explainer(game)

    def public_view(self, state: GameState) -> SeatView:
        """The view whose explanations the narration tells: the viewer's, or seat 0's.

        Tricks and settlements are public, so any seat's view explains them.
        """
        return self.game.view(state, 0 if self.viewer is None else self.viewer)

    def name(self, seat: int) -> str:
        """How ``seat`` is called."""
        return seat_name(seat, self.human)

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` (third person, ``plays``) agreeing with ``seat`` (``you play``)."""
        if seat != self.human:
            return verb
        if verb.endswith(("sses", "oes")):
            return verb[:-2]
        return verb[:-1]

    def possessive(self, seat: int) -> str:
        """``your`` or ``seat 3's``."""
        return "your" if seat == self.human else f"{self.name(seat)}'s"

    def sees(self, *seats: int) -> bool:
        """Whether the viewer may see a card known only to ``seats``."""
        return self.viewer is None or self.viewer in seats

    def sort_hand(self, state: GameState, cards: Sequence[Card]) -> tuple[Card, ...]:
        """``cards`` in the order a player holds them (as the table is drawn, see _text)."""
        return _sort_hand(state, cards)

    def header(self, state: GameState, number: int) -> list[str]:
        """Lines that open deal ``number`` (from 1)."""
        players = len(state.balances)
        lines = [
            "",
            f"=== Deal {number}: {players} players, dealer {self.name(state.dealer)}, "
            f"pool {pool_at_stake(state)} ===",
        ]
        lines += self.opening(state)
        for seat in range(players):
            if self.sees(seat):
                hand = format_cards(self.sort_hand(state, state.hands[seat]))
                lines.append(f"  {self.name(seat)}: {hand}")
        return lines

    def opening(self, state: GameState) -> list[str]:
        """Game-specific lines after the header (turn-up, trumps)."""
        del state
        return []

    def action(self, before: GameState, action: object, after: GameState) -> list[str]:
        """Lines describing ``action`` taken in ``before`` (leading to ``after``)."""
        seat = before.to_act
        assert seat is not None  # an action is always taken by the seat on turn
        return [f"{self.name(seat)}: {self.game.format_action(action)}"]

    def settlement(self, state: GameState) -> list[str]:
        """Lines for a finished deal: how it was settled (the game's own sentences), balances."""
        outcome = state.outcome
        lines: list[str] = []
        why = None
        if outcome is not None and self.explains is not None:
            why = self.explains.explain_settlement(self.public_view(state))
        if why is not None:
            lines += why.lines
        elif outcome is not None:  # a game that does not explain itself
            kind = getattr(outcome, "kind", None)
            kind_text = str(getattr(kind, "value", kind)).replace("_", " ")
            if outcome.winners:
                paid = ", ".join(f"{self.name(s)} +{outcome.payouts[s]}" for s in outcome.winners)
                lines.append(f"Result: {kind_text}; {paid}.")
            else:
                lines.append(f"Result: {kind_text}; nobody takes the pool.")
            lines.append(f"Pool carried to the next deal: {outcome.carried}.")
        balances = "  ".join(f"{self.name(s)} {b:+d}" for s, b in enumerate(state.balances))
        lines.append(f"Balances: {balances}")
        return lines

    @staticmethod
    def because(explanation: TrickExplanation) -> str:
        """The line that says why a trick was won: the game's sentence and its rule ids."""
        return f"  Why: {explanation.reason} ({', '.join(explanation.rules)})"


class SpoilFiveNarrator(Narrator):
    """Narration of Spoil Five: turn-up, robs, each trick with its winner."""

    card_verb = "play"
    no_winner = "spoilt"
    verbs = frozenset(
        {"play", "rob", "decline-rob", "stop", "go-on", "ask-five", "decline-five"}
        | {"accept-five", "refuse-five"}
    )
    moves_help = (
        ("play 10C  or  10C", "play a card to the trick"),
        ("rob 3S", "rob the turn-up: discard 3S and take the turned-up card"),
        ("decline-rob", "keep your hand when you may rob"),
        ("stop  or  go-on", "after three tricks in a jinking game: take the pool, or jink"),
        ("ask-five, accept-five", "fiving, where the options allow it"),
    )

    def opening(self, state: GameState) -> list[str]:
        """The turn-up and the trump suit."""
        sf = cast("SfState", state)
        return [f"Turn-up {sf.turn_up}: {SUIT_NAMES[sf.trump]} are trumps.", _trump_line(sf)]

    def action(self, before: GameState, action: object, after: GameState) -> list[str]:
        """Plays, robs, fiving and jink decisions; a completed trick with its winner."""
        from cardrules import spoil_five as sf

        b, a = cast("SfState", before), cast("SfState", after)
        seat = b.to_act
        assert seat is not None  # an action is always taken by the seat on turn
        who = self.name(seat)
        lines: list[str] = []
        if isinstance(action, sf.Play):
            lines.append(f"  {who} {self.verb(seat, 'plays')} {action.card}")
        elif isinstance(action, sf.Rob):
            hidden = "" if self.sees(seat) else " a card"
            shown = f" {action.discard}" if self.sees(seat) else hidden
            if b.phase == sf.Phase.DEALER_ROB:
                lines.append(
                    f"{who} (dealer) {self.verb(seat, 'robs')} the turned-up {b.turn_up}: "
                    f"{self.verb(seat, 'discards')}{shown}"
                )
            else:
                lines.append(
                    f"{who} {self.verb(seat, 'robs')}: {self.verb(seat, 'discards')}{shown}, "
                    f"{self.verb(seat, 'takes')} the turn-up {b.turn_up}"
                )
        elif isinstance(action, sf.DeclineRob):
            lines.append(f"{who} {self.verb(seat, 'does')} not rob")
        elif isinstance(action, sf.Stop):
            lines.append(
                f"{who} {self.verb(seat, 'stops')} and {self.verb(seat, 'takes')} the pool"
            )
        elif isinstance(action, sf.GoOn):
            lines.append(f"{who} {self.verb(seat, 'goes')} on for a jink")
        else:
            lines.append(f"{who}: {self.game.format_action(action)}")
        if len(a.tricks) > len(b.tricks):
            trick = a.tricks[-1]
            won = " ".join(str(n) for n in a.tricks_won)
            lines.append(
                f"Trick {len(a.tricks)}: {format_cards(trick.cards)} -> "
                f"{self.name(trick.winner)} {self.verb(trick.winner, 'wins')} "
                f"(tricks per seat: {won})"
            )
            if self.explains is not None:
                explained = self.explains.explain_tricks(self.public_view(a))
                lines += [self.because(t) for t in explained if t.number == len(a.tricks)]
        if a.turn_up != b.turn_up:
            lines.append(f"New turn-up {a.turn_up}: {SUIT_NAMES[a.trump]} are trumps.")
            lines.append(_trump_line(a))
        return lines

    def settlement(self, state: GameState) -> list[str]:
        """The common settlement lines, with the scores in a points game (SF-24)."""
        sf = cast("SfState", state)
        lines = super().settlement(state)
        if sf.options.scoring == "points":
            scores = "  ".join(f"{self.name(s)} {p}" for s, p in enumerate(sf.scores))
            lines.append(f"Scores: {scores} (target {sf.options.target})")
        return lines


class MyBirdSingsNarrator(Narrator):
    """Narration of My Bird Sings: passes, exchanges and the singing hand."""

    card_verb = "pass"
    no_winner = "void"
    verbs = frozenset(
        ("pass", "draw", "exchange", "decline-exchange", "sing", "decline-sing", "abandon")
    )
    moves_help = (
        ("pass KH  or  KH", "pass a card to your left-hand neighbour"),
        ("draw 2", "draw blind the card at that position of the cards offered"),
        ("exchange 4D", "discard 4D and take a card from the stock"),
        ("decline-exchange", "keep your hand when you may exchange"),
        ("sing 2H 5H 9H KH", "show a singing hand (a flush or four suits) and win"),
        ("decline-sing, abandon", "keep silent; give the deal up where allowed"),
    )

    def action(self, before: GameState, action: object, after: GameState) -> list[str]:
        """Passes (the card only to those who may see it), draws, exchanges, sings."""
        from cardrules import my_bird_sings as mbs

        seat = before.to_act
        assert seat is not None  # an action is always taken by the seat on turn
        n = len(before.balances)
        who = self.name(seat)
        lines: list[str]
        if isinstance(action, mbs.Pass):
            left = (seat + 1) % n
            card = f" {action.card}" if self.sees(seat, left) else " a card"
            lines = [f"  {who} {self.verb(seat, 'passes')}{card} to {self.name(left)}"]
        elif isinstance(action, mbs.Draw):
            right = (seat - 1) % n
            drawn = _new_cards(before.hands[seat], after.hands[seat])
            card = f" ({format_cards(drawn)})" if drawn and self.sees(seat, right) else ""
            lines = [
                f"  {who} {self.verb(seat, 'draws')} a card blind "
                f"from {self.possessive(right)} hand{card}"
            ]
        elif isinstance(action, mbs.Exchange):
            card = f" {action.discard}" if self.sees(seat) else " a card"
            taken = _new_cards(before.hands[seat], after.hands[seat])
            got = (
                f", {self.verb(seat, 'takes')} {format_cards(taken)}"
                if taken and self.sees(seat)
                else ""
            )
            lines = [f"  {who} {self.verb(seat, 'exchanges')}{card} with the stock{got}"]
        elif isinstance(action, mbs.Sing):
            cards = f": {format_cards(action.cards)}" if self.sees(seat) else ""
            lines = [f"  {who} {self.verb(seat, 'sings')}{cards}"]
        else:
            lines = [f"  {who}: {self.game.format_action(action)}"]
        return lines + self._laid_tricks(before, after)

    def _laid_tricks(self, before: GameState, after: GameState) -> list[str]:
        """Tricks laid in the play-to-exhaustion variant (MBS-15), automatic sings too."""
        old: tuple[int, ...] = getattr(before, "tricks", ())
        new: tuple[int, ...] = getattr(after, "tricks", ())
        if after.outcome is not None or len(old) != len(new) or old == new:
            return []
        count = " ".join(str(t) for t in new)
        lines = []
        for s in range(len(new)):
            laid = new[s] - old[s]
            if laid <= 0:
                continue
            lines.append(
                f"{self.name(s)} {self.verb(s, 'lays')} down "
                f"{'a trick' if laid == 1 else f'{laid} tricks'} (tricks per seat: {count})"
            )
            if self.explains is not None and self.sees(s):  # a trick is face down (MBS-15)
                explained = self.explains.explain_tricks(self.game.view(after, s))
                lines += [self.because(t) for t in explained[len(explained) - laid :]]
        return lines

    def settlement(self, state: GameState) -> list[str]:
        """Who sang, with the singing hand, then the common settlement lines."""
        outcome = state.outcome
        lines: list[str] = []
        if outcome is not None:
            shown: tuple[Card, ...] = getattr(outcome, "shown", ())
            singer: int | None = getattr(outcome, "singer", None)
            if singer is not None:
                cards = format_cards(self.sort_hand(state, shown))
                lines.append(f"{self.name(singer)}: my bird sings! {cards}")
                if self.explains is not None:  # the explanation names the cards again
                    lines[-1] = f"{self.name(singer)}: my bird sings!"
        return lines + super().settlement(state)


def pool_at_stake(state: GameState) -> int:
    """The pool the deal of ``state`` is played for, also once it is settled.

    A deal settled at once (a dealt hand that sings) has paid its pool out before anyone
    could read it: it is then what was paid out plus what was carried on.
    """
    outcome = state.outcome
    if outcome is None:
        return state.pool
    return sum(outcome.payouts) + outcome.carried


def _trump_line(state: SfState) -> str:
    """The trump suit's order, best first, in one line (from the ranking's own table)."""
    from cardrules.spoil_five import trump_order

    order = format_cards(trump_order(state.trump, state.options.ranking))
    return f"Trumps, best first: {order}"


def _new_cards(before: Sequence[Card], after: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``after`` that were not in ``before``."""
    old = set(before)
    return tuple(card for card in after if card not in old)

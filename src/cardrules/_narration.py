"""How the command line tells a game: each deal, action and settlement as lines of text.

Private: the presentation of :mod:`cardrules._terminal`, kept apart from the terminal
input and output so that the game registry (:mod:`cardrules.games`) can name each game's
narrator without reaching up to the command line. A narrator writes for one viewer: with a
human at the table, other seats' hidden cards (rob discards, passed cards between two
other players) are never told. :class:`Narrator` tells any game plainly; a game's own
narrator (named by its registry entry) tells it as the table sees it.

Everything told is a :class:`~cardrules.messages.Message` first (the ``*_messages``
methods, for any front-end), then written for the narrator's reader in its language
(the methods without the suffix, for the command line): seats are called as the table
calls them (``seat 2``, ``you``), cards in notation with the language's ranks.

>>> from cardrules import games
>>> entry = games.lookup("spoil-five")
>>> tell = entry.load_narrator()(entry.module, viewer=None, human=None)
>>> state = entry.module.new_game(entry.options(players=3), seed=1)
>>> tell.opening(state)
['Turn-up 6H: hearts are trumps.', 'Trumps, best first: 5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H']
>>> tell.name(2), tell.card_verb
('seat 2', 'play')
>>> french = entry.load_narrator()(entry.module, viewer=None, human=None, language="fr")
>>> french.opening(state)[0]
"Retourne 6H : l'atout est cœur."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, cast

from cardrules._engine import left_of, right_of
from cardrules._text import SUIT_NAMES
from cardrules._text import sort_hand as _sort_hand
from cardrules.cards import Card
from cardrules.messages import Message, message, render, word
from cardrules.protocol import DynamicGame, GameState, SeatView

if TYPE_CHECKING:
    from cardrules.explanations import Refusal, SettlementExplanation, TrickExplanation
    from cardrules.my_bird_sings import View as MbsView
    from cardrules.spoil_five import State as SfState
    from cardrules.spoil_five import View as SfView

__all__ = [
    "SUIT_NAMES",
    "Explains",
    "MyBirdSingsNarrator",
    "Narrator",
    "SpoilFiveNarrator",
    "explainer",
    "seat_name",
    "with_rules",
]

Told = tuple[int, Message]
"""A message of the narration with its indent (0 for a line of its own, 2 for an action)."""


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


def seat_name(seat: int, human: int | None, language: str = "en") -> str:
    """How a seat is called in the narration: ``you``, or as the table calls it (``seat 2``)."""
    if seat == human:
        return word("common.you", language)
    return word("common.seat", language, number=seat)


def with_rules(text: str, rules: Sequence[str]) -> str:
    """``text`` with the rule ids after the sentence, before its full stop.

    >>> with_rules("You take the pool.", ["SF-19"]), with_rules("Why: JS wins", ["SF-17"])
    ('You take the pool (SF-19).', 'Why: JS wins (SF-17)')
    """
    if not rules:
        return text
    ids = f" ({', '.join(rules)})"
    return text[:-1] + ids + "." if text.endswith(".") else text + ids


def _text(line: str) -> Message:
    return message("common.text", text=line)


class Narrator:
    """Describes deals and actions of one game for one viewer (``None``: everything).

    This plain narrator tells any game: ``seat 2: <action>`` for every action, hands
    sorted by suit and rank. Games subclass it to tell more.

    Args:
        game: the game module.
        viewer: the seat whose eyes the narration has, or ``None`` to tell everything.
        human: the seat addressed as "you", or ``None``.
        language: the language of the written lines (one of ``cardrules.messages.LANGUAGES``).
        suits: ``"letters"`` (notation, ``10C``) or ``"symbols"`` (``10♣``) in the lines.
    """

    card_verb: ClassVar[str | None] = None
    """The verb a bare card typed at the prompt stands for (``play``), if any."""

    no_winner: ClassVar[str] = "no winner"
    """How a deal that nobody wins is called in a simulation summary."""

    verbs: ClassVar[frozenset[str]] = frozenset()
    """The first words of the game's actions in notation (``play``, ``rob`` ...)."""

    moves_help: ClassVar[tuple[tuple[str, str], ...]] = ()
    """What a move looks like at the prompt: examples, each with the id of the message that
    says what it does (``help.<game>.<move>``)."""

    def __init__(
        self,
        game: DynamicGame,
        viewer: int | None,
        human: int | None,
        *,
        language: str = "en",
        suits: str = "letters",
    ) -> None:
        self.game = game
        self.viewer = viewer
        self.human = human
        self.language = language
        self.suits = suits
        self.explains = explainer(game)

    def public_view(self, state: GameState) -> SeatView:
        """The view whose explanations the narration tells: the viewer's, or seat 0's.

        Tricks and settlements are public, so any seat's view explains them.
        """
        return self.game.view(state, 0 if self.viewer is None else self.viewer)

    def name(self, seat: int) -> str:
        """How ``seat`` is called."""
        return seat_name(seat, self.human, self.language)

    def names(self, players: int) -> tuple[str, ...]:
        """What each of ``players`` seats is called (the reader's name aside: "you")."""
        return tuple(seat_name(seat, None, self.language) for seat in range(players))

    def write(self, said: Message, players: int) -> str:
        """``said`` written for the reader, in the narrator's language."""
        return render(
            said,
            reader=self.human,
            names=self.names(players),
            language=self.language,
            suits=self.suits,
        )

    def lines(self, told: Sequence[Told], players: int) -> list[str]:
        """The lines of ``told``, each indented as told, with the rule ids of each message."""
        return [
            " " * indent + with_rules(self.write(said, players), said.rules)
            for indent, said in told
        ]

    def sees(self, *seats: int) -> bool:
        """Whether the viewer may see a card known only to ``seats``."""
        return self.viewer is None or self.viewer in seats

    def sort_hand(self, state: GameState, cards: Sequence[Card]) -> tuple[Card, ...]:
        """``cards`` in the order a player holds them (as the table is drawn, see _text)."""
        return _sort_hand(state, cards)

    def header_messages(self, state: GameState, number: int) -> list[Told]:
        """The messages that open deal ``number`` (from 1)."""
        players = len(state.balances)
        told: list[Told] = [
            (
                0,
                message(
                    "narration.deal",
                    deal=number,
                    players=players,
                    dealer=state.dealer,
                    count=pool_at_stake(state),
                ),
            )
        ]
        told += self.opening_messages(state)
        for seat in range(players):
            if self.sees(seat):
                hand = self.sort_hand(state, state.hands[seat])
                told.append((2, message("narration.hand", seat=seat, cards=hand)))
        return told

    def header(self, state: GameState, number: int) -> list[str]:
        """Lines that open deal ``number`` (from 1), the deal's line framed by ``===``."""
        lines = self.lines(self.header_messages(state, number), len(state.balances))
        return ["", f"=== {lines[0]} ===", *lines[1:]]

    def opening_messages(self, state: GameState) -> list[Told]:
        """Game-specific messages after the header (turn-up, trumps)."""
        del state
        return []

    def opening(self, state: GameState) -> list[str]:
        """Game-specific lines after the header (turn-up, trumps)."""
        return self.lines(self.opening_messages(state), len(state.balances))

    @staticmethod
    def action_said(
        game: DynamicGame,
        action: object,
        seat: int,
        reader: int | None,
        before: SeatView,
        after: SeatView,
    ) -> Message:
        """What ``reader`` may be told of ``seat`` taking ``action``, as one message.

        ``before`` and ``after`` are the reader's views on either side of the action (for
        a ``reader`` of ``None``, a spectator, any seat's: only their public parts are
        read). A card is named only to a reader whose views show it. This plain version
        names the action in notation; a game's narrator tells its own actions.
        """
        del reader, before, after
        return message("narration.action", seat=seat, action=_text(game.format_action(action)))

    def said(self, before: GameState, action: object, after: GameState) -> Message:
        """:meth:`action_said` for the narrator's viewer (the actor's eyes if it has none)."""
        seat = before.to_act
        assert seat is not None  # an action is always taken by the seat on turn
        eyes = seat if self.viewer is None else self.viewer
        views = self.game.view(before, eyes), self.game.view(after, eyes)
        return self.action_said(self.game, action, seat, eyes, *views)

    def action_messages(self, before: GameState, action: object, after: GameState) -> list[Told]:
        """Messages telling ``action`` taken in ``before`` (leading to ``after``)."""
        return [(0, self.said(before, action, after))]

    def action(self, before: GameState, action: object, after: GameState) -> list[str]:
        """Lines describing ``action`` taken in ``before`` (leading to ``after``)."""
        return self.lines(self.action_messages(before, action, after), len(before.balances))

    def settlement_messages(self, state: GameState) -> list[Told]:
        """How a finished deal was settled (the game's own messages), then the balances."""
        outcome = state.outcome
        told: list[Told] = []
        why = None
        if outcome is not None and self.explains is not None:
            why = self.explains.explain_settlement(self.public_view(state))
        if why is not None:
            told += [(0, said) for said in why.messages]
        elif outcome is not None:  # a game that does not explain itself
            kind = getattr(outcome, "kind", None)
            kind_text = str(getattr(kind, "value", kind)).replace("_", " ")
            if outcome.winners:
                paid = ", ".join(f"{self.name(s)} +{outcome.payouts[s]}" for s in outcome.winners)
                told.append((0, _text(f"Result: {kind_text}; {paid}.")))
            else:
                told.append((0, _text(f"Result: {kind_text}; nobody takes the pool.")))
            told.append((0, _text(f"Pool carried to the next deal: {outcome.carried}.")))
        balances = tuple(enumerate(state.balances))
        told.append((0, message("narration.balances", scores=balances)))
        return told

    def settlement(self, state: GameState) -> list[str]:
        """Lines for a finished deal: how it was settled (the game's own sentences), balances."""
        return self.lines(self.settlement_messages(state), len(state.balances))

    @staticmethod
    def because(explanation: TrickExplanation) -> Message:
        """The message that says why a trick was won (its rule ids those of the trick)."""
        return message("narration.why", explanation.rules, why=explanation.message)


class SpoilFiveNarrator(Narrator):
    """Narration of Spoil Five: turn-up, robs, each trick with its leader and winner."""

    card_verb = "play"
    no_winner = "spoilt"
    verbs = frozenset(
        {"play", "rob", "decline-rob", "stop", "go-on", "ask-five", "decline-five"}
        | {"accept-five", "refuse-five"}
    )
    moves_help = (
        ("play 10C  or  10C", "help.spoil-five.play"),
        ("rob 3S", "help.spoil-five.rob"),
        ("decline-rob", "help.spoil-five.decline-rob"),
        ("stop  or  go-on", "help.spoil-five.jink"),
        ("ask-five, accept-five", "help.spoil-five.five"),
    )

    def opening_messages(self, state: GameState) -> list[Told]:
        """The turn-up and the trump suit, and the trump order."""
        sf = cast("SfState", state)
        turn_up = message(_SF + "turn-up", card=sf.turn_up, trump=sf.trump)
        return [(0, turn_up), (0, _trump_line(sf))]

    @staticmethod
    def action_said(
        game: DynamicGame,
        action: object,
        seat: int,
        reader: int | None,
        before: SeatView,
        after: SeatView,
    ) -> Message:
        """Plays, robs (the discard only to the robber: SF-10, C-6), jink decisions."""
        del game, after
        from cardrules import spoil_five as sf
        from cardrules.spoil_five.wording import action_message

        view = cast("SfView", before)  # the phase and the turn-up are public
        if isinstance(action, sf.Play):
            return message(_SF + "plays", seat=seat, card=action.card)
        if isinstance(action, sf.Rob):
            key = "dealer-robs" if view.phase == sf.Phase.DEALER_ROB else "robs"
            if reader == seat:
                return message(_SF + key, seat=seat, turn_up=view.turn_up, discard=action.discard)
            return message(_SF + key + "-hidden", seat=seat, turn_up=view.turn_up)
        if isinstance(action, sf.DeclineRob):
            return message(_SF + "declines-rob", seat=seat)
        if isinstance(action, sf.Stop):
            return message(_SF + "stops", seat=seat)
        if isinstance(action, sf.GoOn):
            return message(_SF + "goes-on", seat=seat)
        return message("narration.action", seat=seat, action=action_message(action))

    def action_messages(self, before: GameState, action: object, after: GameState) -> list[Told]:
        """Plays, robs, fiving and jink decisions; a completed trick with its leader and winner."""
        from cardrules import spoil_five as sf

        b, a = cast("SfState", before), cast("SfState", after)
        told: list[Told] = [(2 if isinstance(action, sf.Play) else 0, self.said(b, action, a))]
        if len(a.tricks) > len(b.tricks):
            trick = a.tricks[-1]
            line = message(
                _SF + "trick",
                number=len(a.tricks),
                leader=trick.leader,
                cards=trick.cards,
                winner=trick.winner,
                tricks=tuple(enumerate(a.tricks_won)),
            )
            told.append((0, line))
            if self.explains is not None:
                explained = self.explains.explain_tricks(self.public_view(a))
                told += [(2, self.because(t)) for t in explained if t.number == len(a.tricks)]
        if a.turn_up != b.turn_up:
            told.append((0, message(_SF + "new-turn-up", card=a.turn_up, trump=a.trump)))
            told.append((0, _trump_line(a)))
        return told

    def settlement_messages(self, state: GameState) -> list[Told]:
        """The common settlement messages, with the scores in a points game (SF-24)."""
        sf = cast("SfState", state)
        told = super().settlement_messages(state)
        if sf.options.scoring == "points":
            scores = tuple(enumerate(sf.scores))
            told.append((0, message(_SF + "scores", scores=scores, target=sf.options.target)))
        return told


class MyBirdSingsNarrator(Narrator):
    """Narration of My Bird Sings: passes, exchanges and the singing hand."""

    card_verb = "pass"
    no_winner = "void"
    verbs = frozenset(
        ("pass", "draw", "exchange", "decline-exchange", "sing", "decline-sing", "abandon")
    )
    moves_help = (
        ("pass KH  or  KH", "help.my-bird-sings.pass"),
        ("draw 2", "help.my-bird-sings.draw"),
        ("exchange 4D", "help.my-bird-sings.exchange"),
        ("decline-exchange", "help.my-bird-sings.decline-exchange"),
        ("sing 2H 5H 9H KH", "help.my-bird-sings.sing"),
        ("decline-sing, abandon", "help.my-bird-sings.silent"),
    )

    @staticmethod
    def action_said(
        game: DynamicGame,
        action: object,
        seat: int,
        reader: int | None,
        before: SeatView,
        after: SeatView,
    ) -> Message:
        """Each card named only to those whose views show it (MBS-8, MBS-10, MBS-15).

        A passed card to its two owners; a drawn card to the drawer and to the neighbour
        it left; an exchange to the exchanger; a sing's cards to the singer, or to all
        once the settlement shows them.
        """
        del game
        from cardrules import my_bird_sings as mbs
        from cardrules.my_bird_sings.wording import action_message

        b, a = cast("MbsView", before), cast("MbsView", after)
        players = b.options.players
        receiver = left_of(seat, players)
        if isinstance(action, mbs.Pass):
            if reader in (seat, receiver):
                return message(_MBS + "passes", seat=seat, card=action.card, receiver=receiver)
            return message(_MBS + "passes-hidden", seat=seat, receiver=receiver)
        if isinstance(action, mbs.Draw):
            giver = right_of(seat, players)
            card = None
            if reader == seat and len(a.received) > len(b.received):
                card = a.received[-1]
            elif reader == giver and len(a.passed) > len(b.passed):
                card = a.passed[-1]
            if card is not None:
                return message(_MBS + "draws-seen", seat=seat, card=card, giver=giver)
            return message(_MBS + "draws", seat=seat, giver=giver)
        if isinstance(action, mbs.Exchange):
            if reader == seat and len(a.exchanges) > len(b.exchanges):
                last = a.exchanges[-1]
                return message(
                    _MBS + "exchanges", seat=seat, discard=last.discard, taken=last.taken
                )
            return message(_MBS + "exchanges-hidden", seat=seat)
        if isinstance(action, mbs.Sing) and action.cards:
            outcome = a.outcome
            shown = (
                outcome is not None
                and outcome.singer == seat
                and set(outcome.shown) == set(action.cards)
            )
            if reader == seat or shown:
                return message(_MBS + "sings", seat=seat, cards=action.cards)
            return message(_MBS + "sings-hidden", seat=seat)
        return message("narration.action", seat=seat, action=action_message(action))

    def action_messages(self, before: GameState, action: object, after: GameState) -> list[Told]:
        """Passes (the card only to those who may see it), draws, exchanges, sings."""
        return [(2, self.said(before, action, after)), *self._laid_tricks(before, after)]

    def _laid_tricks(self, before: GameState, after: GameState) -> list[Told]:
        """Tricks laid in the play-to-exhaustion variant (MBS-15), automatic sings too."""
        old: tuple[int, ...] = getattr(before, "tricks", ())
        new: tuple[int, ...] = getattr(after, "tricks", ())
        if after.outcome is not None or len(old) != len(new) or old == new:
            return []
        told: list[Told] = []
        for s in range(len(new)):
            laid = new[s] - old[s]
            if laid <= 0:
                continue
            told.append(
                (0, message(_MBS + "lays", seat=s, count=laid, tricks=tuple(enumerate(new))))
            )
            if self.explains is not None and self.sees(s):  # a trick is face down (MBS-15)
                explained = self.explains.explain_tricks(self.game.view(after, s))
                told += [(2, self.because(t)) for t in explained[len(explained) - laid :]]
        return told

    def settlement_messages(self, state: GameState) -> list[Told]:
        """Who sang, then the common settlement messages (which name the singing hand)."""
        outcome = state.outcome
        told: list[Told] = []
        if outcome is not None:
            singer: int | None = getattr(outcome, "singer", None)
            if singer is not None:
                if self.explains is not None:  # the explanation names the cards
                    said = message(_MBS + "bird-sings-short", singer=singer)
                else:
                    shown: tuple[Card, ...] = getattr(outcome, "shown", ())
                    cards = self.sort_hand(state, shown)
                    said = message(_MBS + "bird-sings", singer=singer, cards=cards)
                told.append((0, said))
        return told + super().settlement_messages(state)


_SF = "spoil-five.narration."
_MBS = "my-bird-sings.narration."


def pool_at_stake(state: GameState) -> int:
    """The pool the deal of ``state`` is played for, also once it is settled.

    A deal settled at once (a dealt hand that sings) has paid its pool out before anyone
    could read it: it is then what was paid out plus what was carried on.
    """
    outcome = state.outcome
    if outcome is None:
        return state.pool
    return sum(outcome.payouts) + outcome.carried


def _trump_line(state: SfState) -> Message:
    """The trump suit's order, best first (from the ranking's own table)."""
    from cardrules.spoil_five import trump_order

    order = trump_order(state.trump, state.options.ranking)
    return message(_SF + "trump-order", order=order)

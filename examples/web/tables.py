"""What the page draws: each game's table, actions and results, built from one seat's view.

Every function here takes a seat's *view* (or a public outcome), never a game state, so
what it returns can only contain what that seat may know. :class:`GameKind` bundles, for
one game of the registry (:mod:`cardrules.games`: its module, name, title and bot), these
presentation functions; :data:`KINDS` holds the games the page offers.

The *table* a page draws is a JSON object::

    {"to_act": 1, "dealer": 3, "hand": ["10C", ...], "offered": 0,
     "seats": [{"seat": 0, "cards": 5, "balance": -2, "tricks": 1, "points": null,
                "badges": ["barred"]}, ...],
     "pool": 11, "pool_label": "pool",
     "piles": [{"label": "turn-up ♠", "cards": ["7S"], "backs": 0}, ...],
     "trick": [{"seat": 1, "card": "KS", "win": false}, ...],
     "notes": ["Trumps: spades"]}

>>> sf = kind_named("spoil-five")
>>> sf.title, sf.default_preset, sf.legal_entry(sf.module.parse_action("play 10c"))
('Spoil Five', 'peel', {'action': 'play 10C', 'label': 'Play 10C', 'card': '10C', 'index': None})
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias

import attrs

from cardrules import games, my_bird_sings, spoil_five
from cardrules.bots import GameBot, make_bot
from cardrules.cards import Card, Suit
from cardrules.explanations import Refusal, SettlementExplanation, TrickExplanation
from cardrules.games import GameEntry
from cardrules.protocol import DynamicGame

__all__ = ["JSON", "KINDS", "GameKind", "kind_named"]

JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
"""A JSON value as the API sends it."""

BOT_NAMES: Final = (
    "Ada", "Bertie", "Clara", "Dermot", "Edith", "Fergus", "Grace", "Hugh", "Ivy",
    "Jasper", "Kitty", "Lionel", "Maud",
)  # fmt: skip
"""Names for the bots; seat ``s`` is called ``BOT_NAMES[s]`` (seat 0 is the human)."""

_SUIT_NAMES: Final = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
                      Suit.CLUBS: "clubs"}  # fmt: skip
_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


def _cards(cards: Sequence[Card]) -> list[JSON]:
    return [str(card) for card in cards]


def _says(names: Sequence[str], you: str, other: str) -> str:
    """``You win`` / ``Ada wins`` / ``You and Ada win``: subject and verb for display names."""
    plural = len(names) != 1 or names[0] == "You"
    return f"{_joined(names)} {you if plural else other}"


def _joined(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _seats(view: Any, tricks: Sequence[int] | None, points: Sequence[int] | None,
           badges: Callable[[int], list[JSON]]) -> list[JSON]:  # fmt: skip
    return [
        {
            "seat": s,
            "cards": view.hand_sizes[s],
            "balance": view.balances[s],
            "tricks": None if tricks is None else tricks[s],
            "points": None if points is None else points[s],
            "badges": badges(s),
        }
        for s in range(len(view.hand_sizes))
    ]


# -- Spoil Five ---------------------------------------------------------------------------


def _sf_sorted(view: spoil_five.View) -> list[JSON]:
    """The hand best first by the engine's own orders: trumps, then each plain suit.

    The trumps come in :func:`~cardrules.spoil_five.trump_order`, then the plain suits in
    :func:`~cardrules.spoil_five.plain_order`, red and black suits alternating.
    """
    ranking = view.options.ranking
    order = list(spoil_five.trump_order(view.trump, ranking))
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS):
        order += spoil_five.plain_order(suit, view.trump, ranking)
    place = {card: i for i, card in enumerate(order)}
    return _cards(sorted(view.hand, key=place.__getitem__))


def _sf_table(view: spoil_five.View) -> dict[str, JSON]:
    options = view.options
    points_game = options.scoring == "points"
    teams = options.teams

    def badges(seat: int) -> list[JSON]:
        found: list[JSON] = []
        if teams is not None:
            found.append("team " + "ABCDEFGHIJ"[next(i for i, t in enumerate(teams) if seat in t)])
        if seat in view.barred:
            found.append("barred")
        return found

    piles: list[JSON] = [
        {
            "label": f"turn-up {_SUIT_SYMBOLS[view.trump]}",
            "cards": [str(view.turn_up)],
            "backs": 0,
            "taken_by": view.turn_up_taken_by,
        }
    ]
    if view.set_aside:
        piles.append({"label": "set aside", "cards": _cards(view.set_aside), "backs": 0})
    n = len(view.hand_sizes)
    trick: list[JSON]
    trick_done = not view.trick and bool(view.tricks)
    if not trick_done:
        leader = view.leader if view.leader is not None else 0
        trick = [
            {"seat": (leader + i) % n, "card": str(card), "win": False}
            for i, card in enumerate(view.trick)
        ]
    else:
        last = view.tricks[-1]
        trick = [
            {"seat": (last.leader + i) % n, "card": str(card),
             "win": (last.leader + i) % n == last.winner}
            for i, card in enumerate(last.cards)
        ]  # fmt: skip
    played = len(view.tricks)
    notes: list[JSON] = [
        f"Trumps: {_SUIT_NAMES[view.trump]} {_SUIT_SYMBOLS[view.trump]}",
        f"Trick {min(played + 1, 5)} of 5",
    ]
    return {
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand": _sf_sorted(view),
        "offered": 0,
        "seats": _seats(view, view.tricks_won, view.scores if points_game else None, badges),
        "pool": view.pool,
        "pool_label": "stakes" if points_game else "pool",
        "piles": piles,
        "trick": trick,
        "trick_done": trick_done,
        "trick_number": played if trick_done else None,
        "trick_caption": "",
        "notes": notes,
    }


_SF_LABELS: Final = {
    "decline-rob": "Don't rob",
    "stop": "Stop: take the pool",
    "go-on": "Go on for a jink",
    "ask-five": "Ask the dealer to five",
    "decline-five": "Don't ask to five",
    "accept-five": "Five the hand",
    "refuse-five": "Refuse to five",
}


def _sf_entry(action: object) -> dict[str, JSON]:
    text = spoil_five.format_action(action)  # type: ignore[arg-type]
    if isinstance(action, spoil_five.Play):
        return {"action": text, "label": f"Play {action.card}", "card": str(action.card),
                "index": None}  # fmt: skip
    if isinstance(action, spoil_five.Rob):
        label = f"Rob: lay {action.discard} face down"
        return {"action": text, "label": label, "card": str(action.discard), "index": None}
    return {"action": text, "label": _SF_LABELS.get(text, text), "card": None, "index": None}


def _sf_prompt(view: spoil_five.View, names: Sequence[str]) -> str:
    legal = view.legal_actions
    if any(isinstance(a, spoil_five.Rob) for a in legal):
        if view.phase == "dealer_rob":
            return f"You turned up {view.turn_up}: lay a card face down to rob it"
        return f"You hold the ace of trumps: lay a card face down and take {view.turn_up}"
    if view.phase == "jink":
        return "You won the first three tricks: stop now, or go on for all five?"
    if view.phase == "fiving_ask":
        return f"Ask the dealer to five the hand? (turn-up {view.turn_up})"
    if view.phase == "fiving_answer":
        return "You are asked to five the hand: a new card will fix trumps"
    return "Your lead: play any card" if not view.trick else "Your turn: play a card"


def _sf_describe(
    action: object, seat: int, human: int, names: Sequence[str], view: spoil_five.View
) -> str:
    """A public account of ``action`` by ``seat``: a rob's discard only for its owner."""
    if isinstance(action, spoil_five.Play):
        return f"{'play' if seat == human else 'plays'} {action.card}"
    if isinstance(action, spoil_five.Rob):
        if seat == human:
            return f"rob, laying {action.discard} face down"
        return "robs, laying a card face down"
    own = {
        "decline-rob": ("decline to rob", "declines to rob"),
        "stop": ("stop and take the pool", "stops and takes the pool"),
        "go-on": ("go on for a jink", "goes on for a jink"),
        "ask-five": ("ask the dealer to five", "asks the dealer to five"),
        "decline-five": ("do not ask to five", "does not ask to five"),
        "accept-five": ("five the hand", "fives the hand"),
        "refuse-five": ("refuse to five", "refuses to five"),
    }
    text = spoil_five.format_action(action)  # type: ignore[arg-type]
    you, other = own.get(text, (text, text))
    return you if seat == human else other


def _sf_outcome(outcome: spoil_five.Outcome, view: spoil_five.View,
                names: Sequence[str]) -> dict[str, JSON]:  # fmt: skip
    kind = outcome.kind
    winners = [names[s] for s in outcome.winners]
    total = sum(outcome.payouts)
    if kind == "won":
        text = f"{_says(winners, 'win', 'wins')} the pool of {total}."
    elif kind == "jink":
        text = f"Jink! {_says(winners, 'take', 'takes')} all five tricks and {total}."
    elif kind == "jink_failed":
        text = f"The jink failed: a spoil. {outcome.carried} stay in the pool."
    elif kind == "barred":
        text = f"A barred player took the tricks: a spoil. {outcome.carried} stay in the pool."
    elif kind == "spoilt":
        need = view.options.win_tricks
        text = f"Spoilt! Nobody took {need} tricks; {outcome.carried} stay in the pool."
    elif kind == "game_won":
        text = f"{_says(winners, 'win', 'wins')} the game and {total}."
    else:
        target = view.options.target
        text = f"The hand is scored: five points a trick, first to {target} wins."
    return {
        "kind": str(kind),
        "text": text,
        "winners": list(outcome.winners),
        "payouts": list(outcome.payouts),
        "carried": outcome.carried,
        "shown": [],
        "singer": None,
        "scores": list(view.scores) if view.options.scoring == "points" else None,
    }


# -- My Bird Sings ------------------------------------------------------------------------


def _mbs_table(view: my_bird_sings.View) -> dict[str, JSON]:
    options = view.options
    exhaustion = bool(options.play_to_exhaustion)

    def badges(seat: int) -> list[JSON]:
        return ["leader"] if seat == view.eldest else []

    piles: list[JSON] = [
        {"label": f"stock · {view.stock_count}", "cards": [], "backs": view.stock_count}
    ]
    if view.dead_count:
        piles.append(
            {"label": f"dead pile · {view.dead_count}", "cards": [], "backs": view.dead_count}
        )
    trick: list[JSON] = []
    caption = ""
    outcome = view.outcome
    if outcome is not None and outcome.singer is not None:
        trick = [{"seat": outcome.singer, "card": str(c), "win": True} for c in outcome.shown]
        caption = "The singing cards"
    elif view.exchanges and view.exchanges[-1].turn == view.turn:
        last = view.exchanges[-1]
        trick = [{"seat": view.seat, "card": str(last.discard), "win": False,
                  "label": "your discard"}]  # fmt: skip
        trick += [{"seat": view.seat, "card": str(c), "win": False, "label": "rejected"}
                  for c in last.rejects]  # fmt: skip
        caption = f"Your exchange: you drew {last.taken}"
    notes: list[JSON] = [f"Round {view.round}", f"Turn {view.turn + 1}"]
    if view.passed:
        notes.append(f"You passed {view.passed[-1]}")
    return {
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand": _cards(sorted(view.hand, key=lambda card: (card.suit, card.rank))),
        "offered": view.offered,
        "seats": _seats(view, view.tricks if exhaustion else None, None, badges),
        "pool": view.pool,
        "pool_label": "pool",
        "piles": piles,
        "trick": trick,
        "trick_done": False,
        "trick_number": None,
        "trick_caption": caption,
        "notes": notes,
    }


def _mbs_entry(action: object) -> dict[str, JSON]:
    text = my_bird_sings.format_action(action)  # type: ignore[arg-type]
    if isinstance(action, my_bird_sings.Pass):
        return {"action": text, "label": f"Pass {action.card}", "card": str(action.card),
                "index": None}  # fmt: skip
    if isinstance(action, my_bird_sings.Exchange):
        label = f"Discard {action.discard} and draw from the stock"
        return {"action": text, "label": label, "card": str(action.discard), "index": None}
    if isinstance(action, my_bird_sings.Draw):
        label = f"Draw card {action.index + 1}"
        return {"action": text, "label": label, "card": None, "index": action.index}
    if isinstance(action, my_bird_sings.Sing):
        label = "Sing: " + " ".join(str(c) for c in action.cards)
        return {"action": text, "label": label, "card": None, "index": None}
    labels = {"decline-exchange": "Keep my hand", "decline-sing": "Stay silent",
              "abandon": "Abandon the deal"}  # fmt: skip
    return {"action": text, "label": labels.get(text, text), "card": None, "index": None}


def _mbs_prompt(view: my_bird_sings.View, names: Sequence[str]) -> str:
    n = len(view.hand_sizes)
    if view.phase == "draw":
        return f"Draw one of {names[view.on_turn]}'s cards, unseen"
    if view.phase == "exchange":
        return "Exchange with the stock? Pick a card to discard, or keep your hand"
    if view.phase == "sing":
        return "Your bird can sing!"
    return f"Pass a card to {names[(view.seat + 1) % n]}"


def _mbs_describe(
    action: object, seat: int, human: int, names: Sequence[str], view: my_bird_sings.View
) -> str:
    """A public account of ``action`` by ``seat``: a passed card only for its two owners.

    A bot's singing cards are named only when they were shown to win the pool; laid as a
    trick in the play-to-exhaustion variant they are face down (MBS-15).
    """
    n = len(names)
    to = names[(seat + 1) % n]
    mine = seat == human
    if isinstance(action, my_bird_sings.Pass):
        if mine:
            return f"pass {action.card} to {to}"
        if (seat + 1) % n == human:
            return f"passes you {action.card}"
        return f"passes a card to {to}"
    if isinstance(action, my_bird_sings.Draw):
        giver = (seat - 1) % n
        whose = "your" if giver == human else f"{names[giver]}'s"
        if mine and view.received:
            return f"draw {view.received[-1]} from {whose} hand"
        return f"{'draw' if mine else 'draws'} a card from {whose} hand"
    if isinstance(action, my_bird_sings.Exchange):
        if mine and view.exchanges:
            last = view.exchanges[-1]
            rejected = f", rejecting {' '.join(map(str, last.rejects))}" if last.rejects else ""
            return f"exchange {action.discard} with the stock and draw {last.taken}{rejected}"
        return "exchanges a card with the stock"
    if isinstance(action, my_bird_sings.Sing):
        cards = " ".join(str(c) for c in action.cards)
        outcome = view.outcome
        shown = outcome is not None and outcome.singer == seat
        if mine or (shown and outcome is not None and set(outcome.shown) == set(action.cards)):
            return f"{'sing' if mine else 'sings'}: {cards}"
        return "sings and lays a trick face down"
    own = {
        "decline-exchange": ("keep your hand", "keeps his hand"),
        "decline-sing": ("stay silent", "stays silent"),
        "abandon": ("abandon the deal", "abandons the deal"),
    }
    text = my_bird_sings.format_action(action)  # type: ignore[arg-type]
    you, other = own.get(text, (text, text))
    return you if mine else other


def _mbs_outcome(outcome: my_bird_sings.Outcome, view: my_bird_sings.View,
                 names: Sequence[str]) -> dict[str, JSON]:  # fmt: skip
    winners = [names[s] for s in outcome.winners]
    total = sum(outcome.payouts)
    kind = outcome.kind
    if kind == "sang" and outcome.singer is not None:
        whose = "Your" if outcome.singer == view.seat else f"{names[outcome.singer]}'s"
        text = f"{whose} bird sings! {_says(winners, 'take', 'takes')} {total}."
    elif len(winners) > 1:
        text = f"{_joined(winners)} tie on tricks and share {total}."
    elif winners:
        text = f"{_says(winners, 'take', 'takes')} {total} for the most tricks."
    else:
        text = f"Nobody sang: the deal is void and {outcome.carried} stay in the pool."
    return {
        "kind": str(kind),
        "text": text,
        "winners": list(outcome.winners),
        "payouts": list(outcome.payouts),
        "carried": outcome.carried,
        "shown": _cards(outcome.shown),
        "singer": outcome.singer,
        "scores": None,
    }


# -- explanations: the engine's own sentences, for the page --------------------------------


_SEAT: Final = re.compile(r"\b([Ss])eat (\d+)('s)?")


def _named(text: str, human: int, names: Sequence[str]) -> str:
    """The engine's sentence with display names for its seat numbers ("Seat 2's" → "Clara's").

    >>> _named("Seat 0's bird sang; seat 2 takes the pool", 0, ["You", "Ada", "Clara"])
    'Your bird sang; Clara takes the pool'
    """

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(2))
        if not 0 <= seat < len(names):
            return match.group(0)
        if seat == human:
            word = "your" if match.group(3) else "you"
            return word.capitalize() if match.group(1) == "S" else word
        return names[seat] + (match.group(3) or "")

    return _SEAT.sub(name, text)


def _refusal(refusal: Refusal) -> dict[str, JSON]:
    """A refusal for the page: the engine's reason and rule, and one sentence with both."""
    reason = refusal.reason
    return {
        "action": refusal.action,
        "rule": refusal.rule,
        "reason": reason,
        "text": f"{reason[:1].upper()}{reason[1:]} ({refusal.rule})",
    }


def _trick(trick: TrickExplanation, human: int, names: Sequence[str]) -> dict[str, JSON]:
    """A completed trick for the page, with a line for the log naming who won it and why."""
    who = "you" if trick.winner == human else names[trick.winner]
    rules = ", ".join(trick.rules)
    reason = _named(trick.reason, human, names)
    return {
        "number": trick.number,
        "plays": [{"seat": seat, "card": str(card)} for seat, card in trick.plays],
        "winner": trick.winner,
        "card": str(trick.card),
        "rules": list(trick.rules),
        "reason": reason,
        "text": f"Trick {trick.number} goes to {who}. {reason} ({rules})",
    }


def _settlement(
    settlement: SettlementExplanation, human: int, names: Sequence[str]
) -> dict[str, JSON]:
    lines: list[JSON] = [_named(line, human, names) for line in settlement.lines]
    return {"rules": list(settlement.rules), "lines": lines}


# -- the two games ------------------------------------------------------------------------


def _preset_label(name: str) -> str:
    return name.replace("-", " ").capitalize()


@attrs.frozen
class GameKind:
    """One game as the web example offers it: engine module, bots and presentation.

    Attributes:
        game: the game's entry in the registry (module, name, title, bots).
        blurb: one sentence for the start form.
        default_preset: the preset the start form proposes.
        default_players: the player count the start form proposes.
    """

    game: GameEntry
    blurb: str
    default_preset: str
    default_players: int
    _table: Callable[[Any], dict[str, JSON]]
    _entry: Callable[[object], dict[str, JSON]]
    _prompt: Callable[[Any, Sequence[str]], str]
    _describe: Callable[[object, int, int, Sequence[str], Any], str]
    _outcome: Callable[[Any, Any, Sequence[str]], dict[str, JSON]]
    card_verb: str
    bot_names: tuple[str, ...] = BOT_NAMES

    @property
    def name(self) -> str:
        """The game's name in the API (``spoil-five``)."""
        return self.game.name

    @property
    def title(self) -> str:
        """The game's display name."""
        return self.game.title

    @property
    def module(self) -> DynamicGame:
        """The engine module (:mod:`cardrules.spoil_five` ...)."""
        return self.game.module

    def make_bot(self, rng: random.Random) -> GameBot:
        """A bot for one seat, from its random generator: the game's rule-of-thumb bot."""
        return make_bot(self.module, "heuristic", rng)

    def table(self, view: Any) -> dict[str, JSON]:
        """The table as the view's seat sees it (see the module docstring)."""
        return self._table(view)

    def legal_entry(self, action: object) -> dict[str, JSON]:
        """A legal action for the page: notation, button label, card or position to click."""
        return self._entry(action)

    def prompt(self, view: Any, names: Sequence[str]) -> str:
        """What the view's seat is asked to do now (it is that seat's turn)."""
        return self._prompt(view, names)

    def describe(
        self, action: object, seat: int, human: int, names: Sequence[str], view: Any
    ) -> str:
        """What ``human`` may be told about ``seat`` taking ``action`` (no hidden card).

        ``view`` is the human's view just after the action.
        """
        return self._describe(action, seat, human, names, view)

    def outcome(self, outcome: Any, view: Any, names: Sequence[str]) -> dict[str, JSON]:
        """A finished deal's public settlement, with a sentence for the player."""
        return self._outcome(outcome, view, names)

    def unavailable(self, view: Any) -> dict[str, JSON]:
        """Why each card of the view's hand cannot be used now, in the engine's words.

        When the seat has a decision, ``explain_unavailable`` gives every card it may not
        use; otherwise (another seat's turn, a deal that is over) each card is asked about
        with its ordinary action (``play 10C``, ``pass 10C``) through ``explain_action``.
        Nothing here decides a rule: both answers come from the engine, from the view.
        """
        module: Any = self.module
        found: dict[str, JSON] = {
            str(card): _refusal(refusal)
            for card, refusal in module.explain_unavailable(view).items()
        }
        usable = {entry["card"] for entry in map(self.legal_entry, view.legal_actions)}
        for card in view.hand:
            if str(card) in found or str(card) in usable:
                continue
            refusal = module.explain_action(view, f"{self.card_verb} {card}")
            if refusal is not None:
                found[str(card)] = _refusal(refusal)
        return found

    def tricks(self, view: Any, names: Sequence[str]) -> list[JSON]:
        """Every completed trick of the deal the view has seen, with why it was won."""
        module: Any = self.module
        return [_trick(t, view.seat, names) for t in module.explain_tricks(view)]

    def settlement(self, view: Any, names: Sequence[str]) -> dict[str, JSON] | None:
        """How the deal was settled (who won what and why), once it is over."""
        module: Any = self.module
        found = module.explain_settlement(view)
        return None if found is None else _settlement(found, view.seat, names)

    def player_counts(self, preset: str) -> list[int]:
        """The player counts the preset allows (the rules decide: 2 to 13 are tried)."""
        return list(self.game.player_counts(preset))

    def catalogue(self) -> dict[str, JSON]:
        """The game for the start form: name, title, presets with their player counts."""
        presets: list[JSON] = []
        for name in self.module.PRESETS:
            counts = self.player_counts(name)
            default = self.default_players if self.default_players in counts else counts[0]
            presets.append({"name": name, "label": _preset_label(name),
                            "players": list(counts), "default_players": default})  # fmt: skip
        return {
            "name": self.name,
            "title": self.title,
            "blurb": self.blurb,
            "default_preset": self.default_preset,
            "presets": presets,
        }


_KINDS: Final = (
    GameKind(
        game=games.lookup(spoil_five.NAME),
        blurb="Win three of the five tricks to take the pool; if nobody does, the hand is "
        "spoilt and the pool grows. The five and jack of trumps and the ace of hearts rule.",
        default_preset="peel",
        default_players=4,
        table=_sf_table,
        entry=_sf_entry,
        prompt=_sf_prompt,
        describe=_sf_describe,
        outcome=_sf_outcome,
        card_verb="play",
    ),
    GameKind(
        game=games.lookup(my_bird_sings.NAME),
        blurb="Pass cards round the table until your four make a flush or hold all four "
        "suits: then your bird sings and you take the pool.",
        default_preset="peel",
        default_players=4,
        table=_mbs_table,
        entry=_mbs_entry,
        prompt=_mbs_prompt,
        describe=_mbs_describe,
        outcome=_mbs_outcome,
        card_verb="pass",
    ),
)

KINDS: Final[Mapping[str, GameKind]] = {kind.name: kind for kind in _KINDS}
"""The games the web example offers, by their API names (their registry names)."""


def kind_named(name: str) -> GameKind | None:
    """The game called ``name`` (``spoil-five``, ``my-bird-sings``), or ``None``.

    >>> kind_named("my-bird-sings").title, kind_named("chess") is None
    ('My Bird Sings', True)
    """
    return KINDS.get(name)

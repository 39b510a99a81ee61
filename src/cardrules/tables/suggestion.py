"""A suggested move: the strongest bot's choice for a seat, from the seat's view alone.

A front-end's "suggest a move" (the web page's button, the terminal's ``hint``) asks
:func:`suggest` (at a table) or :func:`suggest_from_view` (given a view). The choice is
made by the game's strongest bot (:func:`cardrules.bots.strongest`: in Spoil Five the
search bot, in My Bird Sings the rule-of-thumb bot) from ``view(state, seat)`` and the
legal actions the view lists, never from the state: a suggestion tells a player nothing
the player's own view does not hold. It is given as a :class:`Suggestion`: the action,
the move in the player's words (a :class:`cardrules.messages.Message`, rendered in the
reader's language) and the rule ids the move's words cite, if any.

At a table the bot's randomness is drawn from the table's bot seed and counter, so two
asks at the same position give the same suggestion (and asking changes nothing).

>>> from cardrules.tables.seats import SeatPlan
>>> from cardrules.tables.table import Key, create_table
>>> new = create_table("spoil-five", [SeatPlan.person("Ann"), SeatPlan.robot()],
...                    name="T", now=0.0, seed=7)
>>> ann = Key.for_seat(0, new.seat_credentials[0])
>>> hint = suggest(new.table, ann, counter=0)
>>> hint.action in new.table.module.legal_actions(new.table.state), hint.bot
(True, 'search')
>>> hint == suggest(new.table, ann, counter=0)
True
>>> from cardrules.messages import render
>>> entry = suggestion_entry(new.table, hint, Reader.of(new.table, 0, language="fr"))
>>> entry["action"] == hint.notation, entry["text"]["text"] == render(hint.message, language="fr")
(True, True)
>>> suggest(new.table, Key.for_seat(1, new.seat_credentials[1]), counter=0)
Traceback (most recent call last):
...
cardrules.errors.SeatError: seat 1 is not taken (a bot plays it); take the seat first
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any, Final

import attrs

from cardrules import games
from cardrules.bots import make_bot, strongest
from cardrules.dealing import derive_seed
from cardrules.errors import NotYourTurnError, OptionsError
from cardrules.messages import Message
from cardrules.protocol import DynamicGame, SeatView
from cardrules.tables.narration import Reader
from cardrules.tables.payload import legal_entry
from cardrules.tables.table import Key, Table, check_counter, check_turn, person_at

__all__ = ["Suggestion", "suggest", "suggest_from_view", "suggestion_entry"]

_HINT_LABEL: Final = 0x41D7
"""Mixed into a table's bot seed with the counter to seed a suggestion's bot (two words,
so never a bot's own seed at that table)."""


@attrs.frozen(slots=True)
class Suggestion:
    """The strongest bot's choice for a seat.

    Attributes:
        seat: the seat it is for.
        action: the action suggested (one of the view's legal actions).
        notation: the action in the game's notation (``"play 10C"``), to act with.
        message: the move in the player's words (the game's ``wording.action_message``).
        rules: the rule ids the move's words cite (empty when they cite none).
        bot: the name of the bot that chose it (``"search"``, ``"heuristic"``).
    """

    seat: int
    action: object
    notation: str
    message: Message
    rules: tuple[str, ...]
    bot: str


def _words(package: str, action: object) -> tuple[Message, tuple[str, ...]]:
    """The action in a player's words, and the rule ids its words and description cite.

    Both come from the game's own ``wording`` module (``action_message``, ``description``).
    """
    wording: Any = importlib.import_module(f"{package}.wording")
    said: Message = wording.action_message(action)
    described: Message = wording.description(action)
    return said, tuple(dict.fromkeys((*said.rules, *described.rules)))


def suggest_from_view(
    game: ModuleType | DynamicGame, view: SeatView, rng: random.Random
) -> Suggestion:
    """The strongest bot's choice for the seat of ``view`` in ``game`` (a game module).

    The bot draws on ``rng``.

    Only ``view`` is read: its legal actions, and (for the search bot) the hidden cards
    sampled afresh from it. A seat with a single legal action is given that one.

    >>> from cardrules import my_bird_sings
    >>> state = my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=2)
    >>> view = my_bird_sings.view(state, state.to_act)
    >>> hint = suggest_from_view(my_bird_sings, view, random.Random(1))
    >>> hint.action in view.legal_actions, hint.bot, hint.seat == view.seat
    (True, 'heuristic', True)

    Raises:
        OptionsError: for anything but a game module.
        NotYourTurnError: when the view's seat has no decision pending.
    """
    entry = games.entry_of(game)
    if entry is None:
        raise OptionsError(f"not a game: {game!r:.40}")
    module = entry.module
    legal = tuple(view.legal_actions)
    if view.to_act != view.seat or not legal:
        raise NotYourTurnError(f"seat {view.seat} has no decision to make now")
    best = strongest(module)
    action = legal[0]
    if len(legal) > 1:
        action = make_bot(module, "strongest", rng).choose(view, legal)
    said, rules = _words(entry.package, action)
    return Suggestion(
        seat=view.seat,
        action=action,
        notation=str(module.format_action(action)),
        message=said,
        rules=rules,
        bot=best.name,
    )


def suggest(table: Table, key: Key, *, counter: int) -> Suggestion:
    """The strongest bot's choice for the person at ``key``'s seat, from that seat's view.

    Checks, in this order: the key, that a person sits at its seat, the counter, the
    turn (those of :func:`~cardrules.tables.table.act`). Nothing changes at the table;
    the same table gives the same suggestion every time.

    Raises:
        WrongCredentialError: for a key that is not the seat's.
        SeatError: for the creator's key, or a seat where no person sits.
        StaleMoveError: for any counter but the table's.
        NotYourTurnError: when another seat (or nobody) is to act.
    """
    seat = person_at(table, key)
    check_counter(table, counter)
    check_turn(table, seat)
    rng = random.Random(derive_seed(table.bot_seed, _HINT_LABEL, table.counter))
    return suggest_from_view(table.module, table.module.view(table.state, seat), rng)


def suggestion_entry(table: Table, suggestion: Suggestion, reader: Reader) -> dict[str, Any]:
    """A suggestion as JSON for ``reader``: a payload's legal entry, with the rules and bot.

    Keys: those of :func:`cardrules.tables.payload.legal_entry` (``action``, ``card``,
    ``cards``, ``index``, ``text``, ``description``) and ``rules`` (the rule ids the move's
    words cite) and ``bot`` (the bot that chose it).
    """
    entry = legal_entry(table, suggestion.action, reader)
    entry.update(rules=list(suggestion.rules), bot=suggestion.bot)
    return entry

"""The engine both games share: the pending decision and the four calls over it (internal).

A state of either game waits on one :class:`Decision`, a value that a rule family's
function made (the pass of MBS-8, the lead or follow of SF-14, fiving of SF-9, ...). It
says who decides (``seat``, ``None`` once the deal is over) and between which actions
(``legal``, in the order ``legal_actions`` gives them); the refusal of anything else is
the same rule family's, told from what the deciding seat sees. Each game describes itself
once in a :class:`Rulebook`: its state class, its action classes and notation, the
refusal of an action its decision does not offer (a :class:`~cardrules.messages.Message`
naming the rule, the one refusal type of both games), and per action class the step that
plays a legal action. :func:`legal_actions`, :func:`check_action`, :func:`is_legal` and
:func:`apply_action` are written here, once; each game's functions of those names pass
its rulebook. (Those of ``legal_actions`` and ``apply_action`` first take the hot path
themselves, a state of their game and one of its decision's actions straight to the
step, so that a playout pays no second call per step; everything else comes here.)

A state (a :class:`Position`) keeps its decision's seat and legal actions beside it, in
two slots of its own, and shows the decision itself as ``state.decision``: the shared
calls and the steps read the two slots, so that a game may build the decision value only
when something asks for it (Spoil Five's play to a trick, the decision of most steps).

Each call checks that it was given a state: a view (or anything else) is refused with a
``TypeError`` that names what to call instead.

>>> from cardrules import spoil_five
>>> spoil_five.apply_action(spoil_five.view(spoil_five.new_game(seed=1), 1), "play 6S")
Traceback (most recent call last):
...
TypeError: expected a spoil_five.State, not View; call spoil_five.explain_action(view,
action) to ask from a seat's view, or apply it to the state
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardrules._notation import read_action
from cardrules._value import Value
from cardrules.errors import IllegalActionError
from cardrules.explanations import wrong_argument

if TYPE_CHECKING:
    from cardrules.messages import Message

__all__ = [
    "Decision",
    "Position",
    "Rulebook",
    "apply_action",
    "as_action",
    "check_action",
    "is_legal",
    "left_of",
    "legal_actions",
    "right_of",
]


def left_of(seat: int, players: int) -> int:
    """The left neighbour of ``seat`` among ``players`` seats: the next seat clockwise.

    Implements C-1: seats are numbered clockwise, so the left neighbour of seat ``i`` is
    ``i + 1``, and that of the last seat is seat 0. Play, dealing and the deal itself pass
    to the left.

    >>> left_of(2, 4), left_of(3, 4)
    (3, 0)
    """
    left = seat + 1
    return left if left < players else 0


def right_of(seat: int, players: int) -> int:
    """The right neighbour of ``seat``: the seat whose left neighbour it is (C-1).

    >>> right_of(0, 4), right_of(3, 4)
    (3, 2)
    """
    return (seat if seat else players) - 1


class Decision(Value):
    """The decision a state waits for: who makes it, between which actions (internal).

    Each game's rule families return subclasses (the refusal of anything else is theirs).
    """

    __slots__ = ("_legal", "_seat")

    def __init__(self, seat: int | None, legal: tuple[Any, ...]) -> None:
        self._seat = seat
        self._legal = legal

    def _key(self) -> tuple[object, ...]:
        return (self._seat, self._legal)

    @property
    def seat(self) -> int | None:
        """The seat that decides, ``None`` once the deal is over."""
        return self._seat

    @property
    def legal(self) -> tuple[Any, ...]:
        """The legal actions, in the order ``legal_actions`` gives them."""
        return self._legal


class Position(Value):
    """The base of both games' states: what the shared calls read (internal).

    ``_seat`` and ``_legal`` are the pending decision's seat and legal actions, set by
    each game's state; :attr:`decision` is the decision itself.
    """

    __slots__ = ("_legal", "_seat")

    _seat: int | None
    _legal: tuple[Any, ...]

    @property
    def decision(self) -> Decision:
        """The decision this state waits on (its seat and legal actions are the slots')."""
        raise NotImplementedError


S = TypeVar("S", bound=Position)


class Rulebook(Generic[S]):
    """What one game supplies to the shared calls, built once per game (internal).

    Attributes:
        name: the game's module name (``"spoil_five"``), for the errors.
        title: the game's name in a sentence (``"Spoil Five"``).
        state_type: its state class.
        action_types: its action classes.
        parse: its notation reader (``parse_action``).
        refuse: the refusal of an action the state's decision does not offer.
        steps: per action class, the step that plays a legal action of it:
            ``steps[type(action)](state, action)``.

    """

    __slots__ = ("action_types", "name", "parse", "refuse", "state_type", "steps", "title")

    def __init__(
        self,
        *,
        name: str,
        title: str,
        state_type: type[S],
        action_types: tuple[type, ...],
        parse: Callable[[str], object],
        refuse: Callable[[S, object], Message],
        steps: dict[type, Callable[..., S]],
    ) -> None:
        self.name = name
        self.title = title
        self.state_type = state_type
        self.action_types = action_types
        self.parse = parse
        self.refuse = refuse
        self.steps = steps

    def __repr__(self) -> str:
        return f"Rulebook({self.name})"

    def state(self, value: object, instead: str) -> S:
        """``value`` if it is a state of the game, else the TypeError naming ``instead``."""
        if isinstance(value, self.state_type):
            return value
        raise wrong_argument(value, f"a {self.name}.State", instead)


def _explain_instead(book: Rulebook[S]) -> str:
    return f"{book.name}.explain_action(view, action) to ask from a seat's view"


def as_action(book: Rulebook[S], action: object) -> object:
    """``action``, its notation read, or the refusal of that text (an IllegalActionError, C-7).

    Raises:
        TypeError: for anything that is neither an action nor a string: no rule refuses
            it, it is a mistake in the calling program.

    """
    if isinstance(action, str):
        return read_action(action, book.parse)
    if not isinstance(action, book.action_types):
        expected = f"a {book.title} action or its notation"
        raise wrong_argument(action, expected, f"{book.name}.parse_action(text) to read one")
    return action


def legal_actions(book: Rulebook[S], state: object) -> tuple[Any, ...]:
    """The actions open to the seat to act; ``()`` exactly when no decision is pending.

    Each game's ``legal_actions`` answers a state of its own in line (the hot path) and
    calls this for anything else.
    """
    instead = f"{book.name}.view(state, seat) for a seat's legal actions"
    return book.state(state, instead)._legal


def check_action(book: Rulebook[S], state: object, action: object) -> IllegalActionError | None:
    """None if ``action`` is legal in ``state``, else the error naming the rule and why."""
    checked = book.state(state, _explain_instead(book))
    read = as_action(book, action)
    if isinstance(read, IllegalActionError):
        return read
    if read in checked._legal:
        return None
    why = book.refuse(checked, read)
    return IllegalActionError(read, why.rules[0], why)


def is_legal(book: Rulebook[S], state: object, action: object) -> bool:
    """Whether :func:`apply_action` would accept ``action`` in ``state``."""
    return check_action(book, state, action) is None


def apply_action(book: Rulebook[S], state: object, action: object) -> S:
    """The state after ``action``, automatic steps included; the error if it is not legal.

    Each game's ``apply_action`` plays a legal action of a state of its own in line (the
    hot path) and calls this for the rest: notation, a refusal, anything but a state.
    """
    checked = book.state(state, _explain_instead(book) + ", or apply it to the state")
    if isinstance(action, str):
        action = read_action(action, book.parse)
        if isinstance(action, IllegalActionError):
            raise action
    if action not in checked._legal:  # the legal actions are the decision's: check first
        error = check_action(book, checked, action)
        assert error is not None  # None only for a legal action
        raise error
    return book.steps[type(action)](checked, action)

"""Random playouts in a compiled loop: deals played to their end, choosing at random.

A *random playout* plays a state to the end of its deal, each decision a uniformly random
choice among the legal actions: the unit of Monte Carlo search, of simulations among
random players and of the benchmarks. Every action still goes through the game's public
``apply_action``, which checks it, so a playout is as trustworthy as a game played by
hand; nothing here knows a rule. The module is compiled in the compiled build (its loops
then run as machine code, drawing from the generator's C methods); the pure build runs
the same source.

Two ways of drawing, each a documented stream, so that a seeded playout replays:

* **Uniform** (:func:`random_playout`, :func:`random_playouts`): at *every* decision,
  forced ones included, an index below the number ``n`` of legal actions is drawn as
  ``rng.getrandbits(n.bit_length())``, drawn again while it is ``n`` or more: exactly
  uniform (rejection, no rounding) and the very numbers CPython's ``rng.randrange(n)``
  draws, so a playout is the same game as the plain Python loop
  ``state = apply_action(state, legal[rng.randrange(len(legal))])``.
* **As random bots** (:func:`random_bots_playout`): each seat draws from its own
  generator, only when it has a choice (a single legal action is played without a draw),
  the index ``int(rng.random() * n)``: the choices :class:`cardrules.bots.RandomBot`
  makes, so a simulation among random bots or a search bot's random rollouts play the
  same deals through this loop as through the bots (without building a view per
  decision, which a random bot never reads).

>>> import random
>>> from cardrules import spoil_five
>>> start = spoil_five.new_game(spoil_five.Options(players=4), seed=3)
>>> end = random_playout(spoil_five, start, random.Random(5))
>>> spoil_five.legal_actions(end), spoil_five.is_deal_over(end)
((), True)
>>> end == random_playout(spoil_five, start, random.Random(5))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from cardrules.protocol import GameOptions, GameState, Rules, Sessions

__all__ = ["random_bots_playout", "random_playout", "random_playouts"]

S = TypeVar("S", bound=GameState)
A = TypeVar("A")
Opt = TypeVar("Opt", bound=GameOptions)


def random_playout(game: Rules[S, A], state: S, rng: random.Random) -> S:
    """Play ``state`` to the end of its deal, every decision uniformly at random.

    At each decision (a forced one too) the action is ``legal[i]``, ``i`` drawn from
    ``rng`` as ``rng.randrange(len(legal))`` draws it (see the module documentation).
    The deal ends when ``game.legal_actions`` is empty; a state whose deal is over is
    returned as it is.

    Args:
        game: the game module (anything :class:`cardrules.protocol.Rules`).
        state: where to start.
        rng: the generator every index is drawn from.

    Returns:
        The state at the end of the deal.

    >>> import random
    >>> from cardrules import my_bird_sings
    >>> start = my_bird_sings.new_game(my_bird_sings.PEEL, seed=8)
    >>> end = random_playout(my_bird_sings, start, random.Random(1))
    >>> my_bird_sings.is_deal_over(end), end.outcome is not None
    (True, True)
    """
    return _uniform_playout(game.legal_actions, game.apply_action, rng.getrandbits, state)[0]


def random_playouts(
    game: Sessions[S, A, Any, Opt],
    options: Opt,
    seeds: Iterable[int],
    rng: random.Random,
) -> int:
    """Deal once per seed and play each deal out at random; return the decisions taken.

    Deal ``k`` is ``game.new_game(options, seed=seeds[k])`` played out as by
    :func:`random_playout`, every index drawn from the one ``rng`` in turn. The
    decisions are the actions applied, forced ones included (the benchmarks' count).

    Args:
        game: the game module (anything :class:`cardrules.protocol.Sessions`).
        options: the options every deal is dealt with.
        seeds: one deal's seed after another (``new_game`` checks each).
        rng: the generator every index is drawn from.

    Returns:
        The number of actions applied over all the deals.

    >>> import random
    >>> from cardrules import spoil_five
    >>> options = spoil_five.Options(players=5)
    >>> random_playouts(spoil_five, options, range(10, 14), random.Random(10))
    93
    >>> random_playouts(spoil_five, options, range(10, 14), random.Random(10))
    93
    """
    new_game = game.new_game
    legal_actions = game.legal_actions
    apply_action = game.apply_action
    getrandbits = rng.getrandbits
    decisions = 0
    for seed in seeds:
        state = new_game(options, seed=seed)
        decisions += _uniform_playout(legal_actions, apply_action, getrandbits, state)[1]
    return decisions


def _uniform_playout(
    legal_actions: Callable[[S], tuple[A, ...]],
    apply_action: Callable[[S, A], S],
    getrandbits: Callable[[int], int],
    state: S,
) -> tuple[S, int]:
    """The loop of :func:`random_playout`: the last state and the actions applied."""
    decisions = 0
    legal = legal_actions(state)
    while legal:
        n = len(legal)
        bits = n.bit_length()
        index = getrandbits(bits)
        while index >= n:  # fewer than one redraw a decision on average
            index = getrandbits(bits)
        state = apply_action(state, legal[index])
        legal = legal_actions(state)
        decisions += 1
    return state, decisions


def random_bots_playout(
    game: Rules[S, A],
    state: S,
    rngs: Sequence[random.Random],
    max_actions: int | None = None,
) -> tuple[S, int, int]:
    """Play ``state`` on as :class:`cardrules.bots.RandomBot` players would at every seat.

    The seat to act chooses with ``rngs[seat]`` (the same generator may sit at several
    seats): a forced decision (one legal action) takes no draw, any other takes
    ``legal[int(rng.random() * len(legal))]``, as ``RandomBot(rng).choose`` does. The
    deal ends when ``game.legal_actions`` is empty.

    Args:
        game: the game module (anything :class:`cardrules.protocol.Rules`).
        state: where to start.
        rngs: one generator per seat.
        max_actions: stop after at most this many actions even if the deal goes on (a
            game without a round limit may never end among random players); ``None``,
            the default, sets no limit.

    Returns:
        The last state, the actions applied and how many of them were choices (not
        forced). The deal is over unless ``max_actions`` stopped it.

    >>> import random
    >>> from cardrules import spoil_five
    >>> from cardrules.bots import RandomBot
    >>> start = spoil_five.new_game(spoil_five.Options(players=3), seed=4)
    >>> rngs = [random.Random(seat) for seat in range(3)]
    >>> end, actions, choices = random_bots_playout(spoil_five, start, rngs)
    >>> bots = [RandomBot(random.Random(seat)) for seat in range(3)]
    >>> state = start
    >>> while legal := spoil_five.legal_actions(state):  # a bot is asked only to choose
    ...     bot = bots[state.to_act]
    ...     action = legal[0] if len(legal) == 1 else bot.choose(None, legal)
    ...     state = spoil_five.apply_action(state, action)
    >>> state == end, actions >= choices
    (True, True)
    """
    legal_actions = game.legal_actions
    apply_action = game.apply_action
    draws = [rng.random for rng in rngs]
    limit = -1 if max_actions is None else max(max_actions, 0)  # -1: never reached
    actions = choices = 0
    legal = legal_actions(state)
    while legal and actions != limit:
        n = len(legal)
        if n == 1:
            action = legal[0]
        else:
            seat = state.to_act
            if seat is None:  # pragma: no cover - a deal with legal actions has a seat to act
                break
            action = legal[int(draws[seat]() * n)]
            choices += 1
        state = apply_action(state, action)
        actions += 1
        legal = legal_actions(state)
    return state, actions, choices

"""How a simulation is run: blocks of sessions played on workers and added up in order.

Private to :mod:`cardrules.simulation`. A worker plays :func:`play_block` (the only
thing an executor is handed, with a picklable :class:`Spec`), and the driver
:func:`finished_blocks` keeps a bounded number of blocks in flight and hands them back in
block order, whatever order they finish in.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import IO, Final, ParamSpec, TypeVar

import attrs

from cardrules import games
from cardrules.bots.registry import make_bot
from cardrules.dealing import derive_seed
from cardrules.errors import CardrulesError
from cardrules.games import GameEntry
from cardrules.playouts import random_bots_playout
from cardrules.protocol import GameOptions, GameState, SeatView, Sessions
from cardrules.simulation import DealResult, Tally

_Game = Sessions[GameState, object, SeatView, GameOptions]
"""What the runner needs of a game (any game: its types erased, see the protocol)."""


@attrs.frozen(slots=True)
class Spec:
    """Everything a worker needs to play a range of sessions (picklable)."""

    game: str
    options: GameOptions
    bots: tuple[str, ...]
    seed: int
    deals: int
    session_length: int
    iterations: int
    rollout: str
    time_limit: float | None = None
    per_deal: bool = False


@attrs.frozen(slots=True)
class Block:
    """What a worker sends back for a block of sessions: its tally, and its deals if asked."""

    tally: Tally
    deals: tuple[DealResult, ...] | None


def worker_version() -> str:
    """The version of cardrules where this runs (on each worker of a cluster, to compare)."""
    from cardrules import __version__

    return __version__


def play_block(spec: Spec, first: int, last: int) -> Block:
    """Play sessions ``first … last - 1`` of ``spec`` and add them up (runs on a worker)."""
    deals = _play_sessions(spec, first, last)
    return Block(Tally.of(deals, len(spec.bots)), deals if spec.per_deal else None)


def _play_sessions(spec: Spec, first: int, last: int) -> tuple[DealResult, ...]:
    """Play sessions ``first … last - 1`` of ``spec``; return their deals in order."""
    entry = games.lookup(spec.game)
    game = entry.module
    results: list[DealResult] = []
    for session in range(first, last):
        start = session * spec.session_length
        stop = min(start + spec.session_length, spec.deals)
        state: GameState | None = None
        before = (0,) * spec.options.players
        for index in range(start, stop):
            deal_seed = derive_seed(spec.seed, index)
            if state is None or game.is_game_over(state):  # a points game may end early
                state = game.new_game(
                    spec.options, seed=deal_seed, dealer=index % spec.options.players
                )
                before = (0,) * spec.options.players
            else:
                state = game.next_deal(state, seed=deal_seed)
            result, state = _play_deal(entry, game, spec, index, state, before)
            results.append(result)
            before = state.balances
    return tuple(results)


def _play_deal(
    entry: GameEntry,
    game: _Game,
    spec: Spec,
    index: int,
    state: GameState,
    before: tuple[int, ...],
) -> tuple[DealResult, GameState]:
    """Play one deal to its end among freshly seeded bots.

    ``before`` holds the balances before the ante, so ``net`` includes it.
    """
    players = len(spec.bots)
    rngs = [random.Random(derive_seed(spec.seed, index, seat + 1)) for seat in range(players)]
    pool = state.pool
    if state.outcome is not None:  # settled at once (a dealt hand sang): the pool paid out
        pool = state.outcome.carried + sum(state.outcome.payouts)
    dealer = state.dealer
    sings = entry.load_dealt_hand_test()
    singing = None if sings is None else _dealt_singing(sings, state)
    if all(name == "random" for name in spec.bots):
        # random bots never read their views: the compiled loop makes the same choices
        state, actions, choices = random_bots_playout(game, state, rngs, _MAX_ACTIONS)
    else:
        state, actions, choices = _play_among_bots(entry, game, spec, state, rngs)
    if not game.is_deal_over(state):
        raise CardrulesError(
            f"deal {index} did not end after {actions} actions; give the options a "
            "round_limit or use bots that abandon a hopeless deal"
        )
    outcome = state.outcome
    kind = getattr(outcome, "kind", None)
    return (
        DealResult(
            index=index,
            dealer=dealer,
            winners=tuple(outcome.winners) if outcome is not None else (),
            kind=str(getattr(kind, "value", kind)),
            pool=pool,
            carried=outcome.carried if outcome is not None else state.pool,
            net=tuple(state.balances[s] - before[s] for s in range(players)),
            actions=actions,
            choices=choices,
            dealt_singing=singing,
        ),
        state,
    )


def _play_among_bots(
    entry: GameEntry, game: _Game, spec: Spec, state: GameState, rngs: list[random.Random]
) -> tuple[GameState, int, int]:
    """Play a deal among ``spec``'s bots, seeded from ``rngs``, for at most ``_MAX_ACTIONS``.

    Returns the last state, the actions applied and how many of them were choices.
    """
    bots = [
        make_bot(
            entry.module,
            name,
            rngs[seat],
            iterations=spec.iterations,
            time_limit=spec.time_limit,
            rollout=spec.rollout,
        )
        for seat, name in enumerate(spec.bots)
    ]
    actions = choices = 0
    while actions < _MAX_ACTIONS and not game.is_deal_over(state):
        seat = state.to_act
        if seat is None:  # pragma: no cover - a deal that is not over has a decision
            break
        legal = game.legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = bots[seat].choose(game.view(state, seat), legal)
            choices += 1
        state = game.apply_action(state, action)
        actions += 1
    return state, actions, choices


_MAX_ACTIONS: Final = 100_000
"""A deal that has not ended after this many actions is taken to go on for ever."""


def _dealt_singing(sings: games.DealtHandTest, state: GameState) -> int:
    """How many of the hands dealt in ``state`` (a fresh deal) already win (sing)."""
    # At the first decision of a deal nobody has passed yet, so the hands are as dealt,
    # except that in the play-to-exhaustion variant (MBS-15) a dealt hand that sang has
    # already been laid down as a trick and replaced: such a seat has a trick.
    tricks: tuple[int, ...] = getattr(state, "tricks", ()) or (0,) * len(state.hands)
    return sum(
        1
        for hand, laid in zip(state.hands, tricks, strict=True)
        if laid or sings(hand, state.options)
    )


@attrs.frozen(slots=True)
class Run:
    """How far a simulation has got: one value, replaced in a single assignment.

    ``mark`` is where the deals sink stood after the last block added, so that an
    interruption at any point leaves the sink exactly in step with ``tally``.
    """

    tally: Tally
    blocks: int
    mark: tuple[int, int]


class DealSink:
    """Where the per-deal results go: a JSON-lines file and/or a list in memory."""

    def __init__(self, target: str | os.PathLike[str] | IO[str] | None, keep: bool) -> None:
        self._target = target
        self._file: IO[str] | None = None
        self._owned = False
        self._kept: list[DealResult] | None = [] if keep else None

    def __enter__(self) -> DealSink:
        if isinstance(self._target, str | os.PathLike):
            self._file = open(self._target, "w", encoding="utf-8")
            self._owned = True
        else:
            self._file = self._target
        return self

    def __exit__(self, *exc: object) -> None:
        if self._file is not None:
            if self._owned:
                self._file.close()
            else:
                self._file.flush()

    def write(self, deals: tuple[DealResult, ...] | None) -> None:
        """Add one block's deals (in deal order)."""
        if deals is None:
            return
        if self._file is not None:
            self._file.write("".join(deal.to_json() + "\n" for deal in deals))
            self._file.flush()
        if self._kept is not None:
            self._kept.extend(deals)

    def mark(self) -> tuple[int, int]:
        """Where the sink stands: the file position (or -1) and the deals kept."""
        position = -1
        if self._file is not None and self._file.seekable():
            position = self._file.tell()
        return position, len(self._kept) if self._kept is not None else 0

    def rewind(self, mark: tuple[int, int]) -> None:
        """Drop what was written after ``mark`` (a block cut short by an interruption)."""
        position, _ = mark
        if self._file is not None and position >= 0:
            self._file.seek(position)
            self._file.truncate()

    def kept(self, mark: tuple[int, int]) -> tuple[DealResult, ...] | None:
        """The deals kept up to ``mark``; ``None`` when deals are not kept."""
        return None if self._kept is None else tuple(self._kept[: mark[1]])


_P = ParamSpec("_P")
_T = TypeVar("_T")


class Inline(Executor):
    """Runs each call at once, in this process: the executor of a serial simulation."""

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as err:  # a KeyboardInterrupt is not caught: it stops the run
            future.set_exception(err)
        return future


def finished_blocks(
    spec: Spec,
    blocks: Iterator[tuple[int, int]],
    executor: Executor,
    window: int,
    progress: Callable[[int], None] | None,
) -> Generator[Block, None, None]:
    """Run ``blocks`` on ``executor``, at most ``window`` at a time; yield them in order.

    ``progress`` hears of each block as soon as it finishes; the blocks are yielded in
    block order, so that deals are written in deal order. At most ``window`` finished
    blocks wait for an earlier one; until one of them is yielded nothing more is submitted.
    """
    running: dict[Future[Block], int] = {}
    finished: dict[int, Block] = {}
    submitted = following = done = 0
    try:
        while True:
            while len(running) < window and len(finished) < window:
                block = next(blocks, None)
                if block is None:
                    break
                running[executor.submit(play_block, spec, *block)] = submitted
                submitted += 1
            if not running:
                return
            ready, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(ready, key=running.__getitem__):
                number = running.pop(future)
                finished[number] = future.result()
                done += finished[number].tally.deals
                if progress is not None:
                    progress(done)
            while following in finished:
                yield finished.pop(following)
                following += 1
    finally:
        for future in running:
            future.cancel()

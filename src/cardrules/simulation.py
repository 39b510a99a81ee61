"""Many deals among computer players, reproducibly, on one core or many.

:func:`simulate` plays ``deals`` deals of a game among bots and returns a
:class:`SimulationResult` with one :class:`DealResult` per deal and summary statistics
(win rate per seat with a 95% interval, spoil/void rate, mean pool, decisions per deal;
for My Bird Sings also how often a dealt hand already sings, beside the exact
probability).

Reproducibility. Deal ``i`` is dealt from ``derive_seed(seed, i)`` and dealt by seat
``i % players``; the bot in seat ``s`` draws from ``random.Random(derive_seed(seed, i,
s + 1))``, fresh for every deal. Deals are played in *sessions* of ``session_length``
consecutive deals (default: one round, every player dealing once), so a pool that is
spoilt or left void is carried into the next deal as at the table. Sessions are
independent of each other, so they can run on any number of processes, or on any
:class:`concurrent.futures.Executor` (a cluster's, too): the results are collected in
deal order and are identical whatever the executor.

>>> result = simulate("spoil-five", ("heuristic", "random", "random"), 6, seed=1)
>>> len(result.deals), result.players, result.deals[4].dealer
(6, 3, 1)
>>> result == simulate("spoil-five", ("heuristic", "random", "random"), 6, seed=1)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from fractions import Fraction
from typing import Final

import attrs

from cardrules import games
from cardrules.bots.registry import make_bot, parse_bot_names
from cardrules.dealing import derive_seed
from cardrules.errors import CardrulesError, OptionsError
from cardrules.games import GameEntry
from cardrules.protocol import GameOptions, GameState, SeatView, Sessions

__all__ = [
    "DealResult",
    "Estimate",
    "SimulationResult",
    "simulate",
    "singing_probability",
]

_Game = Sessions[GameState, object, SeatView, GameOptions]
"""What the runner needs of a game (any game: its types erased, see the protocol)."""


@attrs.frozen(slots=True)
class Estimate:
    """A proportion or mean with its 95% confidence interval.

    Attributes:
        value: the estimate.
        low: lower end of the 95% interval.
        high: upper end of the 95% interval.
    """

    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.value:.4f} [{self.low:.4f}, {self.high:.4f}]"

    @classmethod
    def proportion(cls, successes: int, trials: int) -> Estimate:
        """The Wilson score interval for ``successes`` out of ``trials``.

        >>> str(Estimate.proportion(50, 100))
        '0.5000 [0.4038, 0.5962]'
        """
        if trials <= 0:
            return cls(math.nan, math.nan, math.nan)
        z = 1.959963984540054
        p = successes / trials
        denom = 1 + z * z / trials
        centre = (p + z * z / (2 * trials)) / denom
        half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
        low = 0.0 if successes == 0 else max(0.0, centre - half)
        high = 1.0 if successes == trials else min(1.0, centre + half)
        return cls(p, low, high)

    @classmethod
    def mean(cls, values: Sequence[float]) -> Estimate:
        """The sample mean with a normal-approximation interval.

        >>> str(Estimate.mean([1.0, 2.0, 3.0, 4.0]))
        '2.5000 [1.2348, 3.7652]'
        """
        n = len(values)
        if n == 0:
            return cls(math.nan, math.nan, math.nan)
        mu = math.fsum(values) / n
        if n == 1:
            return cls(mu, mu, mu)
        var = math.fsum((v - mu) ** 2 for v in values) / (n - 1)
        half = 1.959963984540054 * math.sqrt(var / n)
        return cls(mu, mu - half, mu + half)


@attrs.frozen(slots=True)
class DealResult:
    """What happened in one simulated deal.

    Attributes:
        index: the deal's number in the simulation, from 0.
        dealer: the seat that dealt.
        winners: the seats that took (a share of) the pool; ``()`` for a spoil or void deal.
        kind: the game's name for how the deal ended (the value of ``outcome.kind``).
        pool: the pool at stake, after the antes.
        carried: counters left in the pool for the next deal.
        net: each seat's balance change over the deal, antes included.
        actions: the number of actions taken in the deal.
        choices: how many of them were real choices (more than one legal action).
        dealt_singing: My Bird Sings only: how many dealt hands already sang; else ``None``.
    """

    index: int
    dealer: int
    winners: tuple[int, ...]
    kind: str
    pool: int
    carried: int
    net: tuple[int, ...]
    actions: int
    choices: int
    dealt_singing: int | None = None


@attrs.frozen(slots=True)
class SimulationResult:
    """Every deal of a simulation, with the statistics the command line prints.

    Attributes:
        game: the game's name.
        bots: the bot name in each seat.
        seed: the base seed.
        session_length: deals per session.
        deals: one result per deal, in deal order.
        options: the options the deals were played under.
    """

    game: str
    bots: tuple[str, ...]
    seed: int
    session_length: int
    deals: tuple[DealResult, ...]
    options: GameOptions = attrs.field(eq=False)

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.bots)

    def win_rate(self, seat: int) -> Estimate:
        """The share of deals in which ``seat`` was among the winners."""
        wins = sum(1 for d in self.deals if seat in d.winners)
        return Estimate.proportion(wins, len(self.deals))

    def no_winner_rate(self) -> Estimate:
        """The share of deals nobody won (spoilt in Spoil Five, void in My Bird Sings)."""
        return Estimate.proportion(sum(1 for d in self.deals if not d.winners), len(self.deals))

    def net_per_deal(self, seat: int) -> Estimate:
        """The mean balance change of ``seat`` per deal (antes included)."""
        return Estimate.mean([float(d.net[seat]) for d in self.deals])

    def mean_pool(self) -> float:
        """The mean pool at stake per deal."""
        return math.fsum(d.pool for d in self.deals) / len(self.deals) if self.deals else math.nan

    def mean_actions(self) -> float:
        """The mean number of actions per deal."""
        return (
            math.fsum(d.actions for d in self.deals) / len(self.deals) if self.deals else math.nan
        )

    def mean_choices(self) -> float:
        """The mean number of real choices (two or more legal actions) per deal."""
        return (
            math.fsum(d.choices for d in self.deals) / len(self.deals) if self.deals else math.nan
        )

    def kinds(self) -> dict[str, int]:
        """How many deals ended in each way (``outcome.kind``), in order of first appearance."""
        counts: dict[str, int] = {}
        for d in self.deals:
            counts[d.kind] = counts.get(d.kind, 0) + 1
        return counts

    def dealt_singing_rate(self) -> Estimate | None:
        """My Bird Sings: the share of dealt hands that already sing, with a 95% interval.

        The hands of one deal are not independent of each other, so the interval is taken
        over the per-deal shares (a cluster-robust interval), not over single hands.
        """
        counts = [d.dealt_singing for d in self.deals if d.dealt_singing is not None]
        if not counts:
            return None
        return Estimate.mean([c / self.players for c in counts])

    def summary(self) -> dict[str, object]:
        """The statistics as plain JSON-ready data (what ``simulate --json`` prints)."""
        singing = self.dealt_singing_rate()
        exact = singing_probability(self.options) if singing is not None else None
        data: dict[str, object] = {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "deals": len(self.deals),
            "session_length": self.session_length,
            "seats": [
                {
                    "seat": seat,
                    "bot": self.bots[seat],
                    "win_rate": attrs.asdict(self.win_rate(seat)),
                    "net_per_deal": attrs.asdict(self.net_per_deal(seat)),
                }
                for seat in range(self.players)
            ],
            "no_winner_rate": attrs.asdict(self.no_winner_rate()),
            "kinds": self.kinds(),
            "mean_pool": self.mean_pool(),
            "actions_per_deal": self.mean_actions(),
            "choices_per_deal": self.mean_choices(),
        }
        if singing is not None:
            data["dealt_hand_sings"] = attrs.asdict(singing)
            data["dealt_hand_sings_exact"] = float(exact) if exact is not None else None
            data["dealt_hand_sings_exact_fraction"] = str(exact) if exact is not None else None
        return data


def singing_probability(options: GameOptions) -> Fraction:
    """The exact probability that a uniformly dealt My Bird Sings hand already sings.

    A flush is ``4·C(k, h) / C(4k, h)`` and four different suits ``k⁴ / C(4k, 4)`` for
    ``k`` cards per suit and hand size ``h`` (four suits only counts with four cards and
    the standard singing rule).

    >>> from cardrules import my_bird_sings
    >>> singing_probability(my_bird_sings.Options(players=5))
    Fraction(2417, 20825)
    """
    pack = int(getattr(options, "pack", 52))
    hand = int(getattr(options, "hand_size", 4))
    singing = str(getattr(options, "singing", "flush_or_rainbow"))
    k = pack // 4
    p = Fraction(4 * math.comb(k, hand), math.comb(4 * k, hand))
    if hand == 4 and singing == "flush_or_rainbow":
        p += Fraction(k**4, math.comb(4 * k, 4))
    return p


@attrs.frozen(slots=True)
class _Spec:
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


def _play_sessions(spec: _Spec, first: int, last: int) -> tuple[DealResult, ...]:
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
    spec: _Spec,
    index: int,
    state: GameState,
    before: tuple[int, ...],
) -> tuple[DealResult, GameState]:
    """Play one deal to its end among freshly seeded bots.

    ``before`` holds the balances before the ante, so ``net`` includes it.
    """
    players = len(spec.bots)
    bots = [
        make_bot(
            entry.module,
            name,
            random.Random(derive_seed(spec.seed, index, seat + 1)),
            iterations=spec.iterations,
            time_limit=spec.time_limit,
            rollout=spec.rollout,
        )
        for seat, name in enumerate(spec.bots)
    ]
    pool = state.pool
    if state.outcome is not None:  # settled at once (a dealt hand sang): the pool paid out
        pool = state.outcome.carried + sum(state.outcome.payouts)
    dealer = state.dealer
    sings = entry.load_dealt_hand_test()
    singing = None if sings is None else _dealt_singing(sings, state)
    actions = choices = 0
    while not game.is_deal_over(state):
        if actions >= _MAX_ACTIONS:
            raise CardrulesError(
                f"deal {index} did not end after {actions} actions; give the options a "
                "round_limit or use bots that abandon a hopeless deal"
            )
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


def simulate(
    game: str,
    bots: Sequence[str] | str,
    deals: int,
    *,
    seed: int = 0,
    options: GameOptions | None = None,
    preset: str | None = None,
    session_length: int | None = None,
    iterations: int = 100,
    time_limit: float | None = None,
    rollout: str = "heuristic",
    executor: Executor | None = None,
    chunk_sessions: int = 8,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``deals`` deals of ``game`` among ``bots`` and collect the results.

    Args:
        game: the game's name (see :data:`cardrules.games.NAMES`).
        bots: one bot name per seat (see :data:`cardrules.bots.BOT_NAMES`), or a
            comma-separated string repeated over the seats.
        deals: how many deals to play.
        seed: the base seed; deal ``i`` uses ``derive_seed(seed, i)``.
        options: the game options (default: ``preset``, else the game's defaults, with
            as many players as bots).
        preset: a preset name of the game, used when ``options`` is not given.
        session_length: consecutive deals per session (pools carry over inside a
            session); default: one round, the number of players.
        iterations: samples of the hidden cards per decision of ``search`` bots.
        time_limit: an optional time budget per decision of ``search`` bots, in seconds
            (the results then depend on the machine's speed and load).
        rollout: the search bots' rollout policy, ``"heuristic"`` or ``"random"``.
        executor: runs blocks of sessions (e.g. a ``ProcessPoolExecutor``); ``None`` plays
            everything in this process. The result does not depend on it.
        chunk_sessions: sessions per submitted block.
        progress: called with the number of deals finished so far, after each block.

    Returns:
        The deals in order, with summary statistics.

    Raises:
        OptionsError: for an unknown game, preset or bot, or inconsistent player counts.
        CardrulesError: if a deal has not ended after 100,000 actions (My Bird Sings
            without a round limit, among bots that never abandon).

    """
    entry = games.lookup(game)
    if options is None:
        players = None if isinstance(bots, str) else len(bots)
        options = entry.options(preset, players)
    names = parse_bot_names(bots if isinstance(bots, str) else ",".join(bots), options.players)
    if not isinstance(bots, str) and len(bots) != options.players:
        raise OptionsError(f"{len(bots)} bots for {options.players} players")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise OptionsError(f"deals must be a non-negative int, not {deals!r}")
    length = options.players if session_length is None else session_length
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise OptionsError(f"session_length must be a positive int, not {length!r}")
    spec = _Spec(entry.name, options, names, seed, deals, length, iterations, rollout, time_limit)
    sessions = -(-deals // length)
    blocks = [(i, min(i + chunk_sessions, sessions)) for i in range(0, sessions, chunk_sessions)]
    results: list[DealResult] = []
    for block in _run_blocks(spec, blocks, executor):
        results.extend(block)
        if progress is not None:
            progress(len(results))
    return SimulationResult(entry.name, names, seed, length, tuple(results), options)


def _run_blocks(
    spec: _Spec, blocks: Sequence[tuple[int, int]], executor: Executor | None
) -> Iterator[tuple[DealResult, ...]]:
    """Yield the deals of each block in block order, computed here or by ``executor``."""
    if executor is None:
        for first, last in blocks:
            yield _play_sessions(spec, first, last)
        return
    futures: list[Future[tuple[DealResult, ...]]] = [
        executor.submit(_play_sessions, spec, first, last) for first, last in blocks
    ]
    for future in futures:
        yield future.result()

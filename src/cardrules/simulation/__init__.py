"""Many deals among computer players, reproducibly, on one core, many, or a cluster.

:func:`simulate` plays ``deals`` deals of a game among bots and returns a
:class:`SimulationResult`: summary statistics (win rate per seat with a 95% interval,
spoil/void rate, mean pool, decisions per deal; for My Bird Sings also how often a dealt
hand already sings, beside the exact probability), computed from a :class:`Tally` of
exact integer sums. The per-deal results (:class:`DealResult`) are kept only when asked
for: streamed to a JSON-lines file (``deals_file=``, one deal a line, in deal order) or
kept in memory (``keep_deals=True``, for small runs). Without them a simulation of any
length runs in constant memory.

Reproducibility. Deal ``i`` is dealt from ``derive_seed(seed, i)`` and dealt by seat
``i % players``; the bot in seat ``s`` draws from ``random.Random(derive_seed(seed, i,
s + 1))``, fresh for every deal. Deals are played in *sessions* of ``session_length``
consecutive deals (default: one round, every player dealing once), so a pool that is
spoilt or left void is carried into the next deal as at the table. Sessions are
independent of each other, so blocks of them can run on any
:class:`concurrent.futures.Executor` (processes, or a Dask cluster's
``client.get_executor()``): blocks are submitted a few at a time, progress is reported
as each one finishes, and the result is identical whatever the executor, the block size
and the order in which blocks finish.

>>> result = simulate("spoil-five", ("heuristic", "random", "random"), 6, seed=1)
>>> result.deal_count, result.players, sum(result.kinds().values())
(6, 3, 6)
>>> result == simulate("spoil-five", ("heuristic", "random", "random"), 6, seed=1)
True
>>> simulate("spoil-five", ("random",) * 3, 6, seed=1, keep_deals=True).deals[4].dealer
1
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from fractions import Fraction
from typing import IO, Final

import attrs

from cardrules import games
from cardrules.bots.registry import parse_bot_names
from cardrules.errors import CardrulesError, OptionsError, RecordError
from cardrules.protocol import GameOptions

__all__ = [
    "DealResult",
    "DealsNotKeptError",
    "Estimate",
    "SimulationInterrupted",
    "SimulationResult",
    "Tally",
    "read_deals",
    "simulate",
    "singing_probability",
]

_Z95: Final = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""


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
        z = _Z95
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
        half = _Z95 * math.sqrt(var / n)
        return cls(mu, mu - half, mu + half)

    @classmethod
    def from_sums(cls, count: int, total: int | Fraction, squares: int | Fraction) -> Estimate:
        """The mean of ``count`` values given exactly by their sum and their sum of squares.

        The same interval as :meth:`mean`, computed in exact arithmetic before the one
        final rounding, so it does not depend on the order the values were added in.

        >>> str(Estimate.from_sums(4, 1 + 2 + 3 + 4, 1 + 4 + 9 + 16))
        '2.5000 [1.2348, 3.7652]'
        """
        if count <= 0:
            return cls(math.nan, math.nan, math.nan)
        mean = Fraction(total) / count
        mu = float(mean)
        if count == 1:
            return cls(mu, mu, mu)
        variance = (Fraction(squares) - Fraction(total) * mean) / (count - 1)
        half = _Z95 * math.sqrt(variance / count)
        return cls(mu, mu - half, mu + half)


@attrs.frozen(slots=True)
class DealResult:
    """What happened in one simulated deal.

    :meth:`to_json` and :meth:`from_json` write and read it as one line of JSON, as in
    the file that ``simulate(deals_file=...)`` writes.

    >>> deal = simulate("spoil-five", "random", 1, keep_deals=True).deals[0]
    >>> deal.to_json()
    '{"index":0,"dealer":0,"winners":[...],"kind":"...","pool":...,"dealt_singing":null}'
    >>> DealResult.from_json(deal.to_json()) == deal
    True

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

    def to_json(self) -> str:
        """This deal as one line of JSON (no newline), its fields in order."""
        return json.dumps(
            {
                "index": self.index,
                "dealer": self.dealer,
                "winners": list(self.winners),
                "kind": self.kind,
                "pool": self.pool,
                "carried": self.carried,
                "net": list(self.net),
                "actions": self.actions,
                "choices": self.choices,
                "dealt_singing": self.dealt_singing,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> DealResult:
        """Read a deal written by :meth:`to_json`.

        Raises:
            RecordError: for text that is not such a line, naming the field at fault.

        >>> DealResult.from_json('{"index": 0}')
        Traceback (most recent call last):
        ...
        cardrules.errors.RecordError: a deal result needs the fields dealer, winners, ...
        """
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as err:
            raise RecordError(f"a deal result is not valid JSON: {err}") from None
        if not isinstance(data, dict):
            raise RecordError(f"a deal result is a JSON object, not {type(data).__name__}")
        missing = [name for name in _DEAL_FIELDS if name not in data]
        unknown = sorted(set(data) - set(_DEAL_FIELDS))
        if missing or unknown:
            what = f"needs the fields {', '.join(missing)}" if missing else ""
            what += "; " if missing and unknown else ""
            what += f"has unknown fields {', '.join(unknown)}" if unknown else ""
            raise RecordError(f"a deal result {what}")
        for name, kind in _DEAL_FIELDS.items():
            value = data[name]
            if not _is_json_kind(value, kind):
                raise RecordError(f"a deal result's {name} must be {kind}, not {value!r}")
        return cls(
            index=data["index"],
            dealer=data["dealer"],
            winners=tuple(data["winners"]),
            kind=data["kind"],
            pool=data["pool"],
            carried=data["carried"],
            net=tuple(data["net"]),
            actions=data["actions"],
            choices=data["choices"],
            dealt_singing=data["dealt_singing"],
        )


_DEAL_FIELDS: Final = {
    "index": "an int",
    "dealer": "an int",
    "winners": "a list of ints",
    "kind": "a string",
    "pool": "an int",
    "carried": "an int",
    "net": "a list of ints",
    "actions": "an int",
    "choices": "an int",
    "dealt_singing": "an int or null",
}
"""The fields of a deal result's JSON line, with what each must be."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_json_kind(value: object, kind: str) -> bool:
    """Whether ``value`` is what :data:`_DEAL_FIELDS` says (``kind``)."""
    if kind == "an int":
        return _is_int(value)
    if kind == "a list of ints":
        return isinstance(value, list) and all(_is_int(v) for v in value)
    if kind == "a string":
        return isinstance(value, str)
    return value is None or _is_int(value)


def read_deals(file: str | os.PathLike[str] | IO[str]) -> Iterator[DealResult]:
    """Read the deal results of a JSON-lines file written by ``simulate(deals_file=...)``.

    They come one at a time, so a file of any length can be read in constant memory;
    ``Tally.of(read_deals(path), players)`` adds them up again.

    Args:
        file: a path, or a text file open for reading.

    Raises:
        RecordError: for a line that is not a deal result, with its line number.
        OSError: if the file cannot be opened.

    """
    if isinstance(file, str | os.PathLike):
        with open(file, encoding="utf-8") as opened:
            yield from read_deals(opened)
        return
    for number, line in enumerate(file, 1):
        if not line.strip():
            continue
        try:
            yield DealResult.from_json(line)
        except RecordError as err:
            raise RecordError(f"line {number}: {err}") from None


@attrs.frozen(slots=True)
class Tally:
    """Exact sums over a set of deals: everything the statistics are computed from.

    A tally takes the same few hundred bytes for ten deals or ten million. Tallies add
    up (``a + b``) in exact integer arithmetic, so the sum of the tallies of a
    simulation's blocks is the same in whatever order the blocks finish.

    >>> deals = simulate("spoil-five", "random", 30, seed=5, keep_deals=True).deals
    >>> Tally.of(deals[:10], 5) + Tally.of(deals[10:], 5) == Tally.of(deals, 5)
    True

    Attributes:
        players: the number of seats.
        deals: how many deals.
        wins: per seat, the deals in which it was among the winners.
        no_winner: the deals nobody won (spoilt, void or abandoned).
        net: per seat, the sum of its net counters per deal.
        net_squares: per seat, the sum of their squares.
        pool: the sum of the pools at stake.
        actions: the sum of the actions per deal.
        choices: the sum of the real choices per deal.
        kinds: ``(kind, count, first)`` for each way a deal ended, where ``first`` is the
            index of the first deal that ended so; in that order.
        singing_deals: the deals whose dealt hands were checked (My Bird Sings).
        singing: the sum of the dealt hands that already sang.
        singing_squares: the sum of their squares (per deal).
    """

    players: int
    deals: int = 0
    wins: tuple[int, ...] = ()
    no_winner: int = 0
    net: tuple[int, ...] = ()
    net_squares: tuple[int, ...] = ()
    pool: int = 0
    actions: int = 0
    choices: int = 0
    kinds: tuple[tuple[str, int, int], ...] = ()
    singing_deals: int = 0
    singing: int = 0
    singing_squares: int = 0

    @classmethod
    def empty(cls, players: int) -> Tally:
        """The tally of no deals at all."""
        zeros = (0,) * players
        return cls(players, wins=zeros, net=zeros, net_squares=zeros)

    @classmethod
    def of(cls, deals: Iterable[DealResult], players: int) -> Tally:
        """Add up ``deals`` (any iterable, read once) for ``players`` seats."""
        count = no_winner = pool = actions = choices = 0
        singing_deals = singing = singing_squares = 0
        wins = [0] * players
        net = [0] * players
        squares = [0] * players
        kinds: dict[str, list[int]] = {}
        for deal in deals:
            count += 1
            if deal.winners:
                for seat in set(deal.winners):
                    wins[seat] += 1
            else:
                no_winner += 1
            for seat, change in enumerate(deal.net):
                net[seat] += change
                squares[seat] += change * change
            pool += deal.pool
            actions += deal.actions
            choices += deal.choices
            seen = kinds.get(deal.kind)
            if seen is None:
                kinds[deal.kind] = [1, deal.index]
            else:
                seen[0] += 1
                seen[1] = min(seen[1], deal.index)
            if deal.dealt_singing is not None:
                singing_deals += 1
                singing += deal.dealt_singing
                singing_squares += deal.dealt_singing * deal.dealt_singing
        return cls(
            players,
            count,
            tuple(wins),
            no_winner,
            tuple(net),
            tuple(squares),
            pool,
            actions,
            choices,
            _ordered_kinds((kind, n, first) for kind, (n, first) in kinds.items()),
            singing_deals,
            singing,
            singing_squares,
        )

    def __add__(self, other: Tally) -> Tally:
        """The tally of the deals of both (their deal indices should not overlap)."""
        if not isinstance(other, Tally):
            return NotImplemented
        if other.players != self.players:
            raise OptionsError(
                f"cannot add a tally of {other.players} players to one of {self.players}"
            )
        kinds: dict[str, tuple[int, int]] = {}
        for kind, n, first in (*self.kinds, *other.kinds):
            count, earliest = kinds.get(kind, (0, first))
            kinds[kind] = (count + n, min(earliest, first))
        return Tally(
            self.players,
            self.deals + other.deals,
            _add(self.wins, other.wins),
            self.no_winner + other.no_winner,
            _add(self.net, other.net),
            _add(self.net_squares, other.net_squares),
            self.pool + other.pool,
            self.actions + other.actions,
            self.choices + other.choices,
            _ordered_kinds((kind, n, first) for kind, (n, first) in kinds.items()),
            self.singing_deals + other.singing_deals,
            self.singing + other.singing,
            self.singing_squares + other.singing_squares,
        )


def _add(one: tuple[int, ...], two: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(one, two, strict=True))


def _ordered_kinds(kinds: Iterable[tuple[str, int, int]]) -> tuple[tuple[str, int, int], ...]:
    """Kinds in order of their first deal (then by name, which never decides in a run)."""
    return tuple(sorted(kinds, key=lambda entry: (entry[2], entry[0])))


class DealsNotKeptError(CardrulesError, AttributeError):
    """``SimulationResult.deals`` was read, but the simulation did not keep its deals.

    Run it with ``keep_deals=True`` (small runs) or stream them with ``deals_file=`` and
    read them back with :func:`read_deals`. The statistics never need them.
    """


@attrs.frozen(slots=True)
class SimulationResult:
    """The statistics of a simulation, and its deals if they were kept.

    Attributes:
        game: the game's name.
        bots: the bot name in each seat.
        seed: the base seed.
        session_length: deals per session.
        tally: the exact sums the statistics are computed from.
        requested: the number of deals asked for; more than ``deal_count`` only if the
            simulation was interrupted (see :class:`SimulationInterrupted`).
        options: the options the deals were played under.
        kept: the deals in order with ``keep_deals=True``; else ``None``.
    """

    game: str
    bots: tuple[str, ...]
    seed: int
    session_length: int
    tally: Tally
    requested: int
    options: GameOptions = attrs.field(eq=False)
    kept: tuple[DealResult, ...] | None = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.bots)

    @property
    def deal_count(self) -> int:
        """The number of deals played."""
        return self.tally.deals

    @property
    def is_complete(self) -> bool:
        """Whether every deal asked for was played (``False`` after an interruption)."""
        return self.tally.deals == self.requested

    @property
    def deals(self) -> tuple[DealResult, ...]:
        """One result per deal, in deal order, if the simulation kept them.

        Raises:
            DealsNotKeptError: if it was run without ``keep_deals=True``.

        """
        if self.kept is None:
            raise DealsNotKeptError(
                f"this simulation of {self.deal_count} deals did not keep them: pass "
                "keep_deals=True to simulate() for a small run, or deals_file=PATH to "
                "stream them to a file and read_deals(PATH) to read them back"
            )
        return self.kept

    def win_rate(self, seat: int) -> Estimate:
        """The share of deals in which ``seat`` was among the winners."""
        return Estimate.proportion(self.tally.wins[seat], self.tally.deals)

    def no_winner_rate(self) -> Estimate:
        """The share of deals nobody won (spoilt in Spoil Five, void in My Bird Sings)."""
        return Estimate.proportion(self.tally.no_winner, self.tally.deals)

    def net_per_deal(self, seat: int) -> Estimate:
        """The mean balance change of ``seat`` per deal (antes included)."""
        t = self.tally
        return Estimate.from_sums(t.deals, t.net[seat], t.net_squares[seat])

    def _mean(self, total: int) -> float:
        return total / self.tally.deals if self.tally.deals else math.nan

    def mean_pool(self) -> float:
        """The mean pool at stake per deal."""
        return self._mean(self.tally.pool)

    def mean_actions(self) -> float:
        """The mean number of actions per deal."""
        return self._mean(self.tally.actions)

    def mean_choices(self) -> float:
        """The mean number of real choices (two or more legal actions) per deal."""
        return self._mean(self.tally.choices)

    def kinds(self) -> dict[str, int]:
        """How many deals ended in each way (``outcome.kind``), in order of first appearance."""
        return {kind: count for kind, count, _ in self.tally.kinds}

    def dealt_singing_rate(self) -> Estimate | None:
        """My Bird Sings: the share of dealt hands that already sing, with a 95% interval.

        The hands of one deal are not independent of each other, so the interval is taken
        over the per-deal shares (a cluster-robust interval), not over single hands.
        """
        t = self.tally
        if not t.singing_deals:
            return None
        n = self.players
        return Estimate.from_sums(
            t.singing_deals, Fraction(t.singing, n), Fraction(t.singing_squares, n * n)
        )

    def summary(self) -> dict[str, object]:
        """The statistics as plain JSON-ready data (what ``simulate --json`` prints)."""
        singing = self.dealt_singing_rate()
        exact = singing_probability(self.options) if singing is not None else None
        data: dict[str, object] = {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "deals": self.deal_count,
            "requested": self.requested,
            "complete": self.is_complete,
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


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`simulate`; ``result`` holds the deals that were finished.

    The result covers the first ``result.deal_count`` deals (whole blocks, in deal
    order), so it equals the result of the same call with ``deals=result.deal_count``;
    a ``deals_file`` holds exactly those deals. This is a :class:`KeyboardInterrupt`, not
    a :class:`~cardrules.errors.CardrulesError`, so that ``except Exception`` does not
    swallow a Ctrl-C and code that does not look for it stops as before.

    Attributes:
        result: the partial result.
    """

    result: SimulationResult

    def __init__(self, result: SimulationResult) -> None:
        self.result = result
        super().__init__(f"interrupted after {result.deal_count} of {result.requested} deals")


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
    chunk_sessions: int | None = None,
    in_flight: int | None = None,
    progress: Callable[[int], None] | None = None,
    keep_deals: bool = False,
    deals_file: str | os.PathLike[str] | IO[str] | None = None,
) -> SimulationResult:
    """Play ``deals`` deals of ``game`` among ``bots`` and add up the results.

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
        executor: runs blocks of sessions (a ``ProcessPoolExecutor``, a Dask cluster's
            ``client.get_executor()``, any :class:`concurrent.futures.Executor`);
            ``None`` plays everything in this process. The result does not depend on it.
        chunk_sessions: sessions per block; default: a sixteenth of the run, at least 8
            and at most 128 (a block's work then outweighs a scheduler's round trip), or
            more for very long runs, so that there are at most about 1,024 blocks (a
            scheduler such as Dask's keeps a little memory for every task it has run), but
            with per-deal results at most 64 (a block's deals are held until it is added).
            The result does not depend on it.
        in_flight: at most this many blocks are submitted and unfinished at a time
            (and at most as many finished ones wait for an earlier one, to be added
            in deal order); default: twice this machine's cores. Give a cluster two or
            three times its worker threads.
        progress: called with the number of deals finished so far, each time a block
            finishes (in the order they finish).
        keep_deals: keep every :class:`DealResult` in memory, as ``result.deals``
            (about 400 bytes a deal with five players: for small runs).
        deals_file: write every deal's result to this file (a path, or a text file open
            for writing) as a line of JSON, in deal order, as blocks finish; read it
            back with :func:`read_deals`.

    Returns:
        The statistics (and, with ``keep_deals``, the deals in order).

    Raises:
        OptionsError: for an unknown game, preset or bot, inconsistent player counts, or
            a count that is not a positive int.
        CardrulesError: if a deal has not ended after 100,000 actions (My Bird Sings
            without a round limit, among bots that never abandon).
        SimulationInterrupted: on Ctrl-C (a ``KeyboardInterrupt``), with the deals
            finished so far as its ``result``.
        OSError: if ``deals_file`` cannot be written.

    """
    from cardrules.simulation import _blocks

    entry = games.lookup(game)
    if options is None:
        players = None if isinstance(bots, str) else len(bots)
        options = entry.options(preset, players)
    names = parse_bot_names(bots if isinstance(bots, str) else ",".join(bots), options.players)
    if not isinstance(bots, str) and len(bots) != options.players:
        raise OptionsError(f"{len(bots)} bots for {options.players} players")
    _check_count("deals", deals, minimum=0)
    length = options.players if session_length is None else session_length
    _check_count("session_length", length)
    sessions = -(-deals // length)
    if not isinstance(keep_deals, bool):
        raise OptionsError(f"keep_deals must be True or False, not {keep_deals!r}")
    per_deal = keep_deals or deals_file is not None
    chunk = _block_size(sessions, per_deal) if chunk_sessions is None else chunk_sessions
    _check_count("chunk_sessions", chunk)
    if in_flight is not None:
        window = in_flight
    else:
        window = 1 if executor is None else 2 * (os.cpu_count() or 1)
    _check_count("in_flight", window)
    spec = _blocks.Spec(
        entry.name, options, names, seed, deals, length, iterations, rollout, time_limit, per_deal
    )
    blocks = ((i, min(i + chunk, sessions)) for i in range(0, sessions, chunk))
    with _blocks.DealSink(deals_file, keep_deals) as sink:
        run = _blocks.Run(Tally.empty(options.players), 0, sink.mark())
        stream = _blocks.finished_blocks(
            spec, blocks, _blocks.Inline() if executor is None else executor, window, progress
        )
        try:
            for block in stream:
                sink.write(block.deals)
                run = _blocks.Run(run.tally + block.tally, run.blocks + 1, sink.mark())
        except KeyboardInterrupt as stop:
            sink.rewind(run.mark)
            partial = SimulationResult(
                entry.name, names, seed, length, run.tally, deals, options,
                sink.kept(run.mark),
            )  # fmt: skip
            raise SimulationInterrupted(partial) from stop
        finally:
            stream.close()  # cancels the blocks not yet started
        return SimulationResult(
            entry.name, names, seed, length, run.tally, deals, options, sink.kept(run.mark)
        )


_MOST_BLOCKS: Final = 1024
"""The default block size keeps a simulation to about this many blocks."""
_FEWEST_BLOCKS: Final = 16
"""... and, up to :data:`_BLOCK_GOAL` sessions a block, to at least this many."""
_BLOCK_GOAL: Final = 128
"""Sessions a block when the run is long enough: about 40 to 80 ms of a worker's time
among rule-of-thumb bots, so that a scheduler's round trip per block (a few milliseconds
with Dask) stays small beside the block's work (blocks of 20 deals left a two-worker
Dask cluster at 1.06x one core, blocks of 100 to 400 at 1.5x to 1.7x)."""


def _block_size(sessions: int, per_deal: bool) -> int:
    """The default sessions per block for a run of ``sessions`` sessions.

    >>> _block_size(100, False), _block_size(20_000, False), _block_size(200_000, False)
    (8, 128, 196)
    >>> _block_size(200_000, True)
    64
    """
    size = max(8, min(_BLOCK_GOAL, -(-sessions // _FEWEST_BLOCKS)), -(-sessions // _MOST_BLOCKS))
    return min(size, 64) if per_deal else size


def _check_count(name: str, value: object, minimum: int = 1) -> None:
    """Refuse ``value`` unless it is an int (not a bool) of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        what = "positive" if minimum == 1 else "non-negative"
        raise OptionsError(f"{name} must be a {what} int, not {value!r}")

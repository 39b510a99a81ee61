"""How strong each bot is: a strength table for both games, with common random numbers.

Usage::

    python benchmarks/strength.py [--game spoil-five|my-bird-sings] [--players 5]
        [--bots heuristic,random,search:20,strongest,peeking] [--fields random,heuristic]
        [--sessions 400] [--seed 27] [--json ROWS]
    python benchmarks/strength.py --ismcts 100 [--ismcts-deals 200] [--fields ...] ...
    python benchmarks/strength.py --timing --bots heuristic,search:20,ismcts:100
    python benchmarks/strength.py --render ROWS

Run it in chunks (one command a few minutes), appending to one ROWS file;
``benchmarks/bot_report.py --strength ROWS`` writes them into ``benchmarks/BOTS.md``.

One bot X against a *field* Y (every other seat plays Y). Deals are played in sessions of
one round (every player deals once; a pool that is spoilt or left void is carried to the
next deal, as at the table, and is lost if it is still there when the session ends). X
sits at seat ``k % players`` throughout session ``k``, so over the sessions it plays from
every seat and, since the deal passes to the left, from every position at each seat.

**Common random numbers.** Session ``k`` is dealt from the same seeds whoever plays, and
the bot in seat ``s`` of deal ``i`` draws from ``random.Random(derive_seed(seed, i, s +
1))`` (the scheme of :func:`cardrules.simulation.simulate`), so the field's bots make the
same random choices as long as they face the same decisions. Each session is also played
with Y in every seat (the *baseline*); X's *gain* is its net in a session minus the net of
the Y bot that sat in its seat in the baseline, over the same deals. Deals decided before X
makes a decision that matters add nothing to the gain's noise, so its interval is much
narrower than the interval of X's net alone.

Figures, each a mean per deal with a 95% interval taken over sessions (sessions are
independent; deals within one are not): X's win rate (the share of deals it took the
pool), a Y seat's win rate in the same deals, X's net counters per deal (antes included),
and X's gain over Y per deal. The *verdict* says ``X better`` when the gain's interval
lies above zero, ``X worse`` below, else ``not shown``.

OpenSpiel's IS-MCTS (``--ismcts``) plays through the adapter
(:mod:`cardrules.adapters.openspiel`): each deal is an OpenSpiel episode whose chance
outcomes (the pack) are drawn from a generator seeded by the deal's seed; IS-MCTS takes
every seat and every position relative to the dealer in turn, the field's bots choosing
from :func:`~cardrules.adapters.openspiel.seat_view`. Its baseline is the same episodes
with the field in every seat. An episode is one deal (OpenSpiel's returns), so a spoilt
pool is lost with it.

``search:N`` is the search bot at N samples a decision (its budget); ``--timing`` prints
the CPU time a decision of each bot takes, so strength can be read per second of
thinking. ``peeking`` is a yardstick, not a player: the My Bird Sings rule-of-thumb bot
allowed to see its left neighbour's hand (:class:`Peeking`), to show how much there is to
win against a field.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules import games
from cardrules.bots import make_bot
from cardrules.dealing import derive_seed
from cardrules.protocol import Bot
from cardrules.simulation import Estimate

BotFactory = Callable[[random.Random], Bot[Any, Any]]
"""Builds a fresh bot for one seat of one deal from that seat's generator."""


@attrs.frozen(slots=True)
class Contender:
    """A bot to measure, by name, and how to build it for one seat of one deal."""

    name: str
    build: BotFactory


@attrs.frozen(slots=True)
class Row:
    """One line of the table: X against the field Y."""

    game: str
    players: int
    x: str
    y: str
    sessions: int
    deals: int
    x_win: Estimate
    y_win: Estimate
    x_net: Estimate
    gain: Estimate
    seconds: float
    cpu_seconds: float
    x_seconds_per_decision: float

    @property
    def verdict(self) -> str:
        """``X better`` / ``X worse`` when the gain's interval excludes zero."""
        if self.gain.low > 0:
            return "X better"
        if self.gain.high < 0:
            return "X worse"
        return "not shown"

    def as_json(self) -> dict[str, object]:
        """The row as plain JSON values."""
        out: dict[str, object] = {}
        for field in attrs.fields(Row):
            value = getattr(self, field.name)
            out[field.name] = attrs.asdict(value) if isinstance(value, Estimate) else value
        out["verdict"] = self.verdict
        return out


@attrs.define
class _Timed:
    """Wraps a bot to add up the seconds its decisions take."""

    bot: Bot[Any, Any]
    clock: list[float]

    @property
    def rng(self) -> random.Random:
        return self.bot.rng

    def choose(self, view: Any, legal: Sequence[Any], /) -> Any:
        started = time.perf_counter()
        try:
            return self.bot.choose(view, legal)
        finally:
            self.clock[0] += time.perf_counter() - started
            self.clock[1] += 1


@attrs.frozen(slots=True)
class _Session:
    """What one session gave every seat: its net counters (antes included), pools taken."""

    net: tuple[int, ...]
    wins: tuple[int, ...]


def play_session(
    game_name: str,
    options: Any,
    seat_bots: Sequence[BotFactory],
    seed: int,
    session: int,
    clock: dict[int, list[float]] | None = None,
) -> _Session:
    """Play session ``session`` (deals ``session * players`` on) with one factory a seat."""
    game = games.lookup(game_name).module
    players = len(seat_bots)
    net = [0] * players
    wins = [0] * players
    state: Any = None
    for index in range(session * players, (session + 1) * players):
        deal_seed = derive_seed(seed, index)
        if state is None or game.is_game_over(state):  # a points game may end early
            state = game.new_game(options, seed=deal_seed, dealer=index % players)
            before = (0,) * players
        else:
            before = state.balances
            state = game.next_deal(state, seed=deal_seed)
        bots: list[Bot[Any, Any]] = []
        for s in range(players):
            bot = seat_bots[s](random.Random(derive_seed(seed, index, s + 1)))
            if clock is not None and s in clock:
                bot = _Timed(bot, clock[s])
            bots.append(bot)
        while not game.is_deal_over(state):
            seat = state.to_act
            legal = game.legal_actions(state)
            bot = bots[seat]
            if len(legal) == 1:
                action = legal[0]
            elif isinstance(inner := getattr(bot, "bot", bot), Peeking):  # a yardstick
                action = inner.choose_seeing(state, legal)  # that cheats, never a player
            else:
                action = bot.choose(game.view(state, seat), legal)
            state = game.apply_action(state, action)
        if state.outcome is not None:
            for w in state.outcome.winners:
                wins[w] += 1
        for s in range(players):
            net[s] += state.balances[s] - before[s]
    return _Session(tuple(net), tuple(wins))


def measure(
    game_name: str,
    x: Contender,
    y: Contender,
    *,
    players: int,
    sessions: int,
    seed: int,
    options: Any = None,
    baseline: list[_Session] | None = None,
    progress: bool = True,
) -> tuple[Row, list[_Session]]:
    """X against the field Y over ``sessions`` sessions; returns the row and the baseline."""
    entry = games.lookup(game_name)
    if options is None:
        options = entry.options(None, players)
    started, cpu = time.perf_counter(), time.process_time()
    if baseline is None:
        baseline = [
            play_session(game_name, options, [y.build] * players, seed, k) for k in range(sessions)
        ]
    x_wins: list[float] = []
    y_wins: list[float] = []
    x_net: list[float] = []
    gain: list[float] = []
    clock = [0.0, 0]
    for k in range(sessions):
        seat = k % players
        line_up = [x.build if s == seat else y.build for s in range(players)]
        result = play_session(game_name, options, line_up, seed, k, {seat: clock})
        x_wins.append(result.wins[seat] / players)
        y_wins.append(
            sum(result.wins[s] for s in range(players) if s != seat) / (players * (players - 1))
        )
        x_net.append(result.net[seat] / players)
        gain.append((result.net[seat] - baseline[k].net[seat]) / players)
        if progress and (k + 1) % max(1, sessions // 10) == 0:
            print(
                f"  {x.name} v {y.name}: {k + 1}/{sessions} sessions, gain so far "
                f"{Estimate.mean(gain)}",
                file=sys.stderr,
            )
    row = Row(
        game=game_name,
        players=players,
        x=x.name,
        y=y.name,
        sessions=sessions,
        deals=sessions * players,
        x_win=Estimate.mean(x_wins),
        y_win=Estimate.mean(y_wins),
        x_net=Estimate.mean(x_net),
        gain=Estimate.mean(gain),
        seconds=time.perf_counter() - started,
        cpu_seconds=time.process_time() - cpu,
        x_seconds_per_decision=clock[0] / clock[1] if clock[1] else 0.0,
    )
    return row, baseline


class Peeking:
    """A yardstick, not a player: the My Bird Sings rule-of-thumb bot that also sees the
    hand of its left neighbour, and never passes him a card that makes him sing if another
    card would not. What it gains over random bounds what reading that hand could bring.
    """

    def __init__(self, rng: random.Random) -> None:
        from cardrules.bots import MyBirdSingsBot

        self._inner = MyBirdSingsBot(rng)

    @property
    def rng(self) -> random.Random:
        return self._inner.rng

    def choose(self, view: Any, legal: Sequence[Any], /) -> Any:  # pragma: no cover
        raise TypeError("Peeking plays from the state (choose_seeing)")

    def choose_seeing(self, state: Any, legal: Sequence[Any]) -> Any:
        from cardrules import my_bird_sings as mbs

        seat = state.to_act
        view = mbs.view(state, seat)
        choice = self._inner.choose(view, legal)
        left_hand = state.hands[(seat + 1) % len(state.hands)]
        if not isinstance(choice, mbs.Pass) or not mbs.sings(
            (*left_hand, choice.card), view.options
        ):
            return choice
        safe = [
            a for a in legal
            if isinstance(a, mbs.Pass) and not mbs.sings((*left_hand, a.card), view.options)
        ]  # fmt: skip
        if not safe:
            return choice
        # among the safe passes, the one the rule of thumb likes best (it sees the view only)
        return self._inner.choose(view, safe)


# --- OpenSpiel's IS-MCTS, through the adapter ------------------------------------------

Decider = Callable[[Any, int], int]
"""Chooses an action code for ``seat`` in an OpenSpiel state of the adapter."""


def _engine_decider(bot: Bot[Any, Any]) -> Decider:
    """An OpenSpiel decider from a cardrules bot: it reads the seat's view only."""
    from cardrules.adapters import openspiel

    def decide(state: Any, seat: int) -> int:
        view = openspiel.seat_view(state, seat)
        legal = view.legal_actions
        action = legal[0] if len(legal) == 1 else bot.choose(view, legal)
        return openspiel.action_code(state, action)

    return decide


def _ismcts_decider(spiel_game: Any, seed: int, simulations: int, clock: list[float]) -> Decider:
    """OpenSpiel's own IS-MCTS with OpenSpiel's random rollouts, redealing with ``resample``."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from cardrules.adapters import openspiel

    low, high = spiel_game.deal_bounds
    search_rng = random.Random(seed)
    bot = ismcts.ISMCTSBot(
        game=spiel_game,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed % 2**32)),
        uct_c=(high - low) / 2,
        max_simulations=simulations,
        random_state=np.random.RandomState((seed >> 32) % 2**32),
    )
    bot.set_resampler(lambda state, player: openspiel.resample(state, player, search_rng))

    def decide(state: Any, seat: int) -> int:
        if len(state.legal_actions()) == 1:
            return int(state.legal_actions()[0])
        started = time.perf_counter()
        code = int(bot.step(state))
        clock[0] += time.perf_counter() - started
        clock[1] += 1
        return code

    return decide


def play_episode(
    game_name: str, players: int, seed: int, index: int, deciders: Sequence[Decider | None],
    field: BotFactory, simulations: int, clock: list[float],
) -> tuple[float, ...]:  # fmt: skip
    """Deal ``index`` as one OpenSpiel episode; a ``None`` decider is IS-MCTS, others bots."""
    import pyspiel

    from cardrules.adapters import openspiel  # registers the games

    entry = games.lookup(game_name)
    short = openspiel.SPOIL_FIVE if entry.key == "spoil_five" else openspiel.MY_BIRD_SINGS
    spiel_game = pyspiel.load_game(short, {"players": players, "dealer": index % players})
    deal_seed = derive_seed(seed, index)
    chance = random.Random(deal_seed)  # the same packs whoever plays
    seats: list[Decider] = []
    for s in range(players):
        bot_seed = derive_seed(seed, index, s + 1)
        given = deciders[s]
        if given is None:
            seats.append(_ismcts_decider(spiel_game, bot_seed, simulations, clock))
        else:
            seats.append(
                given if given is not _FIELD else _engine_decider(field(random.Random(bot_seed)))
            )
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = sorted(card for card, _ in state.chance_outcomes())
            state.apply_action(outcomes[int(chance.random() * len(outcomes))])
        else:
            seat = state.current_player()
            state.apply_action(seats[seat](state, seat))
    return tuple(state.returns())


def _field_marker(state: Any, seat: int) -> int:  # pragma: no cover - never called
    raise AssertionError("a marker, replaced by the field's bot")


_FIELD: Decider = _field_marker


def measure_ismcts(
    game_name: str, y: Contender, *, players: int, deals: int, seed: int, simulations: int,
    progress: bool = True,
) -> Row:  # fmt: skip
    """IS-MCTS against the field Y, one deal an episode, from every seat and position.

    Deal ``i`` is dealt by seat ``i % players``; IS-MCTS sits at seat ``(i + i // players)
    % players``, so each run of ``players`` deals puts it at one position relative to the
    dealer, and every ``players`` squared deals at every seat in every position.
    """
    started, cpu = time.perf_counter(), time.process_time()
    clock = [0.0, 0]
    x_wins: list[float] = []
    y_wins: list[float] = []
    x_net: list[float] = []
    gain: list[float] = []
    for index in range(deals):
        seat = (index + index // players) % players  # deal i is dealt by seat i % players
        line_up: list[Decider | None] = [None if s == seat else _FIELD for s in range(players)]
        returns = play_episode(
            game_name, players, seed, index, line_up, y.build, simulations, clock
        )
        base = play_episode(
            game_name, players, seed, index, [_FIELD] * players, y.build, simulations, clock
        )
        # a deal won: the winner's return is positive (the pool beats his ante)
        x_wins.append(1.0 if returns[seat] > 0 else 0.0)
        y_wins.append(
            sum(1 for s in range(players) if s != seat and returns[s] > 0) / (players - 1)
        )
        x_net.append(returns[seat])
        gain.append(returns[seat] - base[seat])
        if progress and (index + 1) % max(1, deals // 10) == 0:
            print(f"  IS-MCTS v {y.name}: {index + 1}/{deals} deals, gain {Estimate.mean(gain)}",
                  file=sys.stderr)  # fmt: skip
    return Row(
        game=game_name, players=players, x=f"IS-MCTS ({simulations} simulations)", y=y.name,
        sessions=deals, deals=deals, x_win=Estimate.mean(x_wins), y_win=Estimate.mean(y_wins),
        x_net=Estimate.mean(x_net), gain=Estimate.mean(gain),
        seconds=time.perf_counter() - started, cpu_seconds=time.process_time() - cpu,
        x_seconds_per_decision=clock[0] / clock[1] if clock[1] else 0.0,
    )  # fmt: skip


# --- thinking time ------------------------------------------------------------------------


def thinking_time(
    game_name: str, spec: str, *, players: int = 5, decisions: int = 60, seed: int = 27
) -> float:
    """CPU seconds a decision of bot ``spec`` takes (decisions with two or more choices).

    The decisions are those met in deals among rule-of-thumb bots; CPU time (not wall
    clock) so that a loaded machine does not inflate it.
    """
    if spec.startswith("ismcts:"):
        return _ismcts_thinking_time(game_name, int(spec[7:]), players, decisions, seed)
    entry = games.lookup(game_name)
    game: Any = entry.module
    options = entry.options(None, players)
    x = contender(game_name, spec)
    spent, seen, index = 0.0, 0, 0
    while seen < decisions:
        state = game.new_game(options, seed=derive_seed(seed, index), dealer=index % players)
        rule_of_thumb = make_bot(game, "heuristic", random.Random(index))
        while not game.is_deal_over(state) and seen < decisions:
            legal = game.legal_actions(state)
            view = game.view(state, state.to_act)
            if len(legal) > 1:
                bot = x.build(random.Random(derive_seed(seed, index, seen)))
                started = time.process_time()
                bot.choose(view, legal)
                spent += time.process_time() - started
                seen += 1
            state = game.apply_action(state, rule_of_thumb.choose(view, legal))
        index += 1
    return spent / decisions


def _ismcts_thinking_time(
    game_name: str, simulations: int, players: int, decisions: int, seed: int
) -> float:
    """:func:`thinking_time` for OpenSpiel's IS-MCTS, on OpenSpiel states of the adapter."""
    import pyspiel

    from cardrules.adapters import openspiel

    entry = games.lookup(game_name)
    short = openspiel.SPOIL_FIVE if entry.key == "spoil_five" else openspiel.MY_BIRD_SINGS
    spent, seen, index = 0.0, 0, 0
    while seen < decisions:
        spiel_game = pyspiel.load_game(short, {"players": players, "dealer": index % players})
        clock = [0.0, 0]
        search = _ismcts_decider(spiel_game, derive_seed(seed, index), simulations, clock)
        rule_of_thumb = _engine_decider(make_bot(entry.module, "heuristic", random.Random(index)))
        chance = random.Random(derive_seed(seed, index))
        state = spiel_game.new_initial_state()
        while not state.is_terminal() and seen < decisions:
            if state.is_chance_node():
                outcomes = sorted(card for card, _ in state.chance_outcomes())
                state.apply_action(outcomes[int(chance.random() * len(outcomes))])
                continue
            seat = state.current_player()
            if len(state.legal_actions()) > 1:
                started = time.process_time()
                search(state, seat)
                spent += time.process_time() - started
                seen += 1
            state.apply_action(rule_of_thumb(state, seat))
        index += 1
    return spent / decisions


# --- the command line -------------------------------------------------------------------


def contender(game_name: str, spec: str) -> Contender:
    """A bot of the library by name, ``search:N`` for the search bot at N samples a decision."""
    module = games.lookup(game_name).module
    if spec == "peeking":
        return Contender("peeking (sees left hand)", Peeking)
    name, _, budget = spec.partition(":")
    iterations = int(budget) if budget else 100
    if name == "search" and not budget:
        spec = f"search:{iterations}"
    make_bot(module, name, random.Random(0), iterations=iterations)  # refuse bad names now

    def build(rng: random.Random) -> Bot[Any, Any]:
        return make_bot(module, name, rng, iterations=iterations)

    return Contender(spec, build)


def _fmt(e: Estimate, signed: bool = False) -> str:
    if signed:
        return f"{e.value:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"
    return f"{e.value:.3f} [{e.low:.3f}, {e.high:.3f}]"


def markdown(rows: Sequence[dict[str, Any]]) -> str:
    """The rows (as written by ``--json``) as a Markdown table."""
    lines = [
        "| game | X | field Y | deals | X win rate | Y win rate (a seat) | X net per deal "
        "| X gain over Y per deal (CRN) | verdict | X s/decision | CPU |",
        "|---|---|---|---:|---|---|---|---|---|---:|---:|",
    ]
    for row in rows:
        est = {k: Estimate(**row[k]) for k in ("x_win", "y_win", "x_net", "gain")}
        lines.append(
            f"| {row['game']} | {row['x']} | {row['y']} | {row['deals']:,} | "
            f"{_fmt(est['x_win'])} | {_fmt(est['y_win'])} | {_fmt(est['x_net'], True)} | "
            f"{_fmt(est['gain'], True)} | {row['verdict']} | "
            f"{row['x_seconds_per_decision'] * 1000:.1f} ms | {row['cpu_seconds'] / 60:.1f} min |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Measure the rows asked for; append them to ``--json``; print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("spoil-five", "my-bird-sings"), default="spoil-five")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        help="the bots X to measure: random, heuristic, strongest, search:N",
    )
    parser.add_argument("--fields", default="random,heuristic", help="the fields Y")
    parser.add_argument(
        "--sessions",
        type=int,
        default=400,
        help="sessions of one round each (players deals a session)",
    )
    parser.add_argument(
        "--ismcts",
        type=int,
        default=0,
        metavar="SIMULATIONS",
        help="measure OpenSpiel's IS-MCTS at this many simulations instead",
    )
    parser.add_argument("--ismcts-deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument(
        "--timing",
        action="store_true",
        help="print the CPU time a decision of each of --bots takes, and stop",
    )
    parser.add_argument(
        "--json",
        type=str,
        default=None,
        help="append each row to this file, one JSON object a line",
    )
    parser.add_argument(
        "--render",
        type=str,
        default=None,
        help="print the Markdown table of the rows in this JSON-lines file",
    )
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)  # fmt: skip
    if args.render:
        with open(args.render, encoding="utf-8") as lines:
            print(markdown([json.loads(line) for line in lines if line.strip()]))
        return
    if args.timing:
        for spec in args.bots.split(","):
            cpu = thinking_time(args.game, spec, players=args.players, seed=args.seed)
            print(f"{args.game} {spec}: {cpu * 1000:.2f} ms CPU a decision")
        return
    rows: list[Row] = []
    for field in args.fields.split(","):
        y = contender(args.game, field)
        if args.ismcts:
            rows.append(measure_ismcts(
                args.game, y, players=args.players, deals=args.ismcts_deals, seed=args.seed,
                simulations=args.ismcts,
            ))  # fmt: skip
            _report(rows[-1], args.json, argv)
            continue
        baseline = None
        for spec in args.bots.split(","):
            x = contender(args.game, spec)
            if x.name == y.name:
                continue  # against itself the gain is zero by construction
            row, baseline = measure(
                args.game, x, y, players=args.players, sessions=args.sessions, seed=args.seed,
                baseline=baseline,
            )  # fmt: skip
            rows.append(row)
            _report(row, args.json, argv)
    print(markdown([row.as_json() for row in rows]))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
    print(f"(Python {platform.python_version()}, {os.cpu_count()} cores, load {load:.1f})")


def _report(row: Row, path: str | None, argv: Sequence[str]) -> None:
    """Print the row and append it to ``path``, with the load and the command (``--json``'s
    file called ROWS: it is the reader's)."""
    data = row.as_json()
    data["load"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    previous = ["", *argv[:-1]]
    words = [("ROWS" if p == "--json" else arg) for p, arg in zip(previous, argv, strict=True)]
    data["command"] = "python benchmarks/strength.py " + " ".join(words)
    print(json.dumps(data), file=sys.stderr)
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(data) + "\n")


if __name__ == "__main__":
    main()

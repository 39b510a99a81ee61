"""Terminal input and output for the ``cardrules`` command (private: the CLI's presentation).

Everything here writes plain text with :func:`click.echo`; rich is used for the
simulation table and progress bar. What is said about each deal and action comes from
the game's narrator (:mod:`cardrules._narration`, found through :mod:`cardrules.games`),
which never tells a human other seats' hidden cards.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import secrets
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import TYPE_CHECKING, cast

import click

from cardrules import games
from cardrules._narration import SUIT_NAMES, Narrator
from cardrules.bots.registry import GameBot, make_bot, parse_bot_names
from cardrules.cards import Card, Suit, format_cards
from cardrules.dealing import derive_seed
from cardrules.errors import CardrulesError, IllegalActionError, NotationError, OptionsError
from cardrules.protocol import DynamicGame, GameState

if TYPE_CHECKING:
    import distributed

__all__ = ["format_orders", "run_play", "run_replay", "run_simulate"]


def format_orders(trump: str, ranking: str = "peel") -> str:
    """The Spoil Five order of every suit, best first, for trump suit ``trump``."""
    from cardrules.spoil_five import plain_order, trump_order

    suit = Suit.parse(trump)
    name = "Peel's ranking" if ranking == "peel" else "the ordinary sequence"
    lines = [f"Spoil Five card orders, {SUIT_NAMES[suit]} trumps ({name}), best first:"]
    lines.append(f"{'trumps:':<10}{format_cards(trump_order(suit, ranking))}")
    for other in Suit:
        if other is not suit:
            label = SUIT_NAMES[other] + ":"
            lines.append(f"{label:<10}{format_cards(plain_order(other, suit, ranking))}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- play


def _read_line(prompt: str) -> str | None:
    """Prompt and read one line from standard input; ``None`` at end of input."""
    click.echo(prompt, nl=False)
    line = sys.stdin.readline()
    if not line:
        click.echo()
        return None
    if not sys.stdin.isatty():
        click.echo(line.rstrip("\n"))
    return line.strip()


def _parse_move(tell: Narrator, text: str) -> object:
    """Read a move: notation, or a bare card meaning the game's card verb (``play 10C``)."""
    game = tell.game
    try:
        return game.parse_action(text)
    except NotationError:
        if len(text.split()) == 1 and tell.card_verb is not None:
            try:
                return game.parse_action(f"{tell.card_verb} {text}")
            except NotationError:
                pass
        raise


def _human_status(tell: Narrator, state: GameState, seat: int) -> list[str]:
    """What the human sees before deciding, read from the seat's view only."""
    game = tell.game
    view = game.view(state, seat)
    lines = [f"Pool {view.pool}. Your balance {view.balances[seat]:+d}."]
    lines += tell.situation(view)
    ordered = tell.sort_hand(state, view.hand)
    lines.append(f"Your hand: {format_cards(ordered)}")
    position = {card: i for i, card in enumerate(ordered)}
    legal = view.legal_actions

    def key(action: object) -> int:
        card = getattr(action, "card", getattr(action, "discard", None))
        return position.get(card, len(position)) if isinstance(card, Card) else len(position)

    moves = sorted(legal, key=key)
    lines.append("Legal moves: " + ", ".join(game.format_action(a) for a in moves))
    return lines


def _human_move(tell: Narrator, state: GameState, seat: int) -> object | None:
    """Ask the human for a move until a legal one is typed; ``None`` to quit."""
    game = tell.game
    for line in _human_status(tell, state, seat):
        click.echo(line)
    while True:
        text = _read_line("your move> ")
        if text is None or text.lower() in ("quit", "exit", "q"):
            return None
        if not text:
            continue
        if text in ("?", "help"):
            for line in _human_status(tell, state, seat):
                click.echo(line)
            continue
        try:
            action = _parse_move(tell, text)
            game.apply_action(state, action)
        except NotationError as err:
            click.echo(f"Not a move: {err}. Type ? to list your legal moves.")
            continue
        except IllegalActionError as err:
            click.echo(f"Illegal: {err}")
            continue
        return action


def run_play(
    game_name: str,
    *,
    seed: int | None,
    players: int | None,
    preset: str | None,
    human: int | None,
    deals: int | None,
    bots: str,
    iterations: int,
    time_limit: float | None = None,
    save: str | None,
) -> None:
    """Play (or, with ``human=None``, watch) ``deals`` deals in the terminal.

    With ``deals=None`` play on until a deal is won (a spoilt or void deal carries its
    pool on), at most ten deals.
    """
    entry = games.lookup(game_name)
    game = entry.module
    options = entry.options(preset, players)
    n = options.players
    if human is not None and not 0 <= human < n:
        raise OptionsError(f"seat must be from 0 to {n - 1}, not {human}")
    if seed is None:
        seed = secrets.randbelow(10**6)
    names = parse_bot_names(bots, n)
    bot_rng = random.Random(derive_seed(seed, 0x5EED))
    players_bots: list[GameBot | None] = [
        None
        if seat == human
        else make_bot(
            game,
            names[seat],
            random.Random(bot_rng.getrandbits(64)),
            iterations=iterations,
            time_limit=time_limit,
        )
        for seat in range(n)
    ]
    line_up = ", ".join(
        "you" if b is None else f"seat {s} {names[s]}" for s, b in enumerate(players_bots)
    )
    click.echo(f"{entry.name}, {n} players, seed {seed}: {line_up}")
    tell = entry.load_narrator()(game, human, human)
    state = game.new_game(options, seed=seed)
    quit_game = False
    limit = _UNTIL_WON_LIMIT if deals is None else deals
    for number in range(1, limit + 1):
        if number > 1:
            state = game.next_deal(state)
        for line in tell.header(state, number):
            click.echo(line)
        while not game.is_deal_over(state):
            seat = state.to_act
            assert seat is not None  # a deal that is not over has a decision pending
            bot = players_bots[seat]
            if bot is None:
                action = _human_move(tell, state, seat)
                if action is None:
                    quit_game = True
                    break
            else:
                legal = game.legal_actions(state)
                action = legal[0] if len(legal) == 1 else bot.choose(game.view(state, seat), legal)
            after = game.apply_action(state, action)
            for line in tell.action(state, action, after):
                click.echo(line)
            state = after
        if quit_game:
            click.echo("Game stopped.")
            break
        for line in tell.settlement(state):
            click.echo(line)
        if game.is_game_over(state) or (deals is None and _pool_was_won(state)):
            break
    if save is not None:
        _save(state, save)
        click.echo(f"Saved the game record to {save}")


_UNTIL_WON_LIMIT = 10


def _pool_was_won(state: GameState) -> bool:
    """Whether the finished deal of ``state`` had a winner."""
    return state.outcome is not None and bool(state.outcome.winners)


def _save(state: GameState, path: str) -> None:
    """Write the record of ``state`` to ``path`` as JSON."""
    from cardrules import records

    with open(path, "w", encoding="utf-8") as file:
        records.dump(records.record(state), file)


# ------------------------------------------------------------------------ replay


def run_replay(path: str, *, step: bool) -> None:
    """Print every action and trick of the record in ``path``; with ``step`` wait for Enter."""
    from cardrules import records

    with open(path, encoding="utf-8") as file:
        rec = records.load(file)
    entry = games.lookup(rec.game)
    game = entry.module
    tell = entry.load_narrator()(game, None, None)
    previous: GameState | None = None
    number = 0
    for state in records.replay(rec):
        if previous is None or _deal_number(game, previous) != _deal_number(game, state):
            if previous is not None and previous.outcome is not None:
                for line in tell.settlement(previous):
                    click.echo(line)
            number += 1
            for line in tell.header(state, number):
                click.echo(line)
        else:
            action = _last_action(game, state)
            for line in tell.action(previous, action, state):
                click.echo(line)
            if step and _read_line("[Enter] ") is None:
                return
        previous = state
    if previous is not None and previous.outcome is not None:
        for line in tell.settlement(previous):
            click.echo(line)


def _deal_number(game: DynamicGame, state: GameState) -> int:
    """How many deals the session of ``state`` has had, the current one included."""
    return len(game.history(state).deals)


def _last_action(game: DynamicGame, state: GameState) -> object:
    """The action that produced ``state`` (the last action of its current deal)."""
    return game.history(state).deals[-1].actions[-1]


# ---------------------------------------------------------------------- simulate


def run_simulate(
    game_name: str,
    *,
    deals: int,
    bots: str,
    seed: int,
    players: int | None,
    preset: str | None,
    session_length: int | None,
    iterations: int,
    rollout: str,
    workers: int | None,
    scheduler: str | None = None,
    deals_file: str | None = None,
    time_limit: float | None = None,
    as_json: bool,
    quiet: bool,
) -> None:
    """Run a simulation and print its summary (a table, or JSON).

    The deals run in this process, on ``workers`` local processes, or on a Dask cluster
    (``scheduler``: its address, or ``"local"`` for a new local cluster). On Ctrl-C the
    deals finished so far are summarised, and the command exits with status 130.
    """
    from cardrules.simulation import SimulationInterrupted, SimulationResult, simulate

    entry = games.lookup(game_name)
    names = [b for b in bots.split(",") if b.strip()]
    if players is None and len(names) > 1:
        players = len(names)
    options = entry.options(preset, players)
    line_up = parse_bot_names(bots, options.players)
    show_progress = not quiet and sys.stderr.isatty()
    interrupted = False
    with _simulation_executor(workers, scheduler) as (executor, in_flight):

        def run(progress: Callable[[int], None] | None) -> SimulationResult:
            return simulate(
                entry.name, line_up, deals, seed=seed, options=options,
                session_length=session_length, iterations=iterations, rollout=rollout,
                time_limit=time_limit, executor=executor, in_flight=in_flight,
                progress=progress, deals_file=deals_file,
            )  # fmt: skip

        try:
            if show_progress:
                from rich.console import Console
                from rich.progress import Progress

                with Progress(console=Console(stderr=True), transient=True) as bar:
                    task = bar.add_task(f"{entry.name}: {deals} deals", total=deals)
                    result = run(lambda done: bar.update(task, completed=done))
            else:
                result = run(None)
        except SimulationInterrupted as stop:
            result, interrupted = stop.result, True
    if interrupted:
        click.echo(
            f"Interrupted: {result.deal_count} of {deals} deals were finished; the figures "
            f"below are theirs (the same as -n {result.deal_count}).",
            err=True,
        )
    summary = result.summary()
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        _print_summary(summary)
    if interrupted:
        raise click.exceptions.Exit(130)


@contextlib.contextmanager
def _simulation_executor(
    workers: int | None, scheduler: str | None
) -> Iterator[tuple[Executor | None, int | None]]:
    """The executor a simulation runs on, and how many blocks to keep in flight on it.

    ``None`` (this process) without a scheduler and with at most one worker; a process
    pool for more; a Dask cluster's executor with a scheduler.

    Raises:
        OptionsError: for ``workers`` with a scheduler's address, or without the extra.
        CardrulesError: if the scheduler cannot be reached or its workers do not have this
            version of cardrules.

    """
    if scheduler is None:
        if workers is None or workers == 1:
            yield None, None
            return
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers, initializer=_leave_ctrl_c_to_the_driver) as pool:
            try:
                yield pool, 2 * workers
            finally:
                pool.shutdown(cancel_futures=True)
        return
    try:
        import dask.config
        import distributed
    except ImportError:
        raise OptionsError(
            "--scheduler needs Dask: pip install 'cardrules[dask]' (here and on every worker)"
        ) from None
    with contextlib.ExitStack() as stack:
        if scheduler.strip().lower() == "local":
            # The workers inherit Ctrl-C ignored, and the configuration: no profiler, whose
            # samples (for the dashboard, which is off) would fill 1,000 seconds of history.
            with _ctrl_c_ignored(), dask.config.set({"distributed.worker.profile.enabled": False}):
                cluster = distributed.LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=workers,
                    threads_per_worker=1,
                    dashboard_address=":0",  # any free port, for the scheduler's HTTP routes
                    scheduler_kwargs={"dashboard": False},  # it needs bokeh, not asked for
                    silence_logs=logging.ERROR,  # not the warnings of blocks cancelled by Ctrl-C
                )
            stack.enter_context(cluster)
            client = stack.enter_context(distributed.Client(cluster))  # type: ignore[no-untyped-call]
            where = "the local Dask cluster"
        else:
            if workers is not None:
                raise OptionsError(
                    f"--workers starts local processes; the cluster at {scheduler} has the "
                    "workers it has (leave out --workers, or use --scheduler local)"
                )
            client = stack.enter_context(_connect(scheduler))
            where = f"the Dask scheduler at {scheduler}"
        _check_workers(client, where)
        threads = sum(client.nthreads().values())
        yield client.get_executor(), max(2, 2 * threads)


def _connect(address: str) -> distributed.Client:
    """A client of the Dask scheduler at ``address``, or an error that says why not."""
    import distributed

    try:
        client: distributed.Client = distributed.Client(  # type: ignore[no-untyped-call]
            address, timeout="20s"
        )
    except (OSError, ValueError, TypeError) as err:
        raise CardrulesError(f"cannot reach a Dask scheduler at {address!r}: {err}") from None
    return client


def _check_workers(client: distributed.Client, where: str) -> None:
    """Refuse a cluster whose workers cannot import this very version of cardrules."""
    from cardrules import __version__
    from cardrules.simulation._blocks import worker_version

    try:
        client.wait_for_workers(1, timeout=_WORKER_WAIT)
    except TimeoutError:
        raise CardrulesError(f"no worker joined {where} within {_WORKER_WAIT} s") from None
    try:
        versions: dict[str, str] = client.run(worker_version)
    except Exception as err:  # whatever a worker raised: it could not load cardrules
        raise CardrulesError(
            f"the workers of {where} cannot run cardrules ({type(err).__name__}: {err}); "
            f"install cardrules {__version__} on every worker"
        ) from None
    other = {address: v for address, v in versions.items() if v != __version__}
    if other:
        found = ", ".join(f"{address} has {v}" for address, v in sorted(other.items()))
        raise CardrulesError(
            f"the workers of {where} must have cardrules {__version__}, as here: {found}"
        )


_WORKER_WAIT = 60
"""Seconds to wait for the first worker of a cluster that has none yet."""


@contextlib.contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """Ignore Ctrl-C for a while, so that processes started meanwhile ignore it too.

    Ctrl-C reaches every process of the terminal's process group; the local cluster's
    workers should leave it to the driver, which stops the simulation and prints what
    was finished.
    """
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _leave_ctrl_c_to_the_driver() -> None:
    """In a worker process: ignore Ctrl-C, which the simulation's driver handles."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _print_summary(summary: dict[str, object]) -> None:
    """Print the simulation summary as a rich table and a few lines."""
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, soft_wrap=True)
    table = Table(title=f"{summary['game']}: {summary['deals']} deals, seed {summary['seed']}")
    for column in ("seat", "bot", "win rate", "95% interval", "net per deal"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for row in cast("list[dict[str, object]]", summary["seats"]):
        win = cast("dict[str, float]", row["win_rate"])
        net = cast("dict[str, float]", row["net_per_deal"])
        table.add_row(
            str(row["seat"]), str(row["bot"]), f"{win['value']:.3f}",
            f"[{win['low']:.3f}, {win['high']:.3f}]", f"{net['value']:+.3f}",
        )  # fmt: skip
    console.print(table)
    nobody = cast("dict[str, float]", summary["no_winner_rate"])
    label = games.lookup(str(summary["game"])).load_narrator().no_winner
    console.print(
        f"No winner ({label}): {nobody['value']:.3f} [{nobody['low']:.3f}, {nobody['high']:.3f}]"
    )
    kinds = cast("dict[str, int]", summary["kinds"])
    console.print("Endings: " + ", ".join(f"{kind} {count}" for kind, count in kinds.items()))
    console.print(f"Mean pool: {cast('float', summary['mean_pool']):.2f}")
    console.print(
        f"Decisions per deal: {cast('float', summary['actions_per_deal']):.2f} actions, "
        f"{cast('float', summary['choices_per_deal']):.2f} with a real choice"
    )
    if "dealt_hand_sings" in summary:
        sings = cast("dict[str, float]", summary["dealt_hand_sings"])
        console.print(
            f"Dealt hand already sings: {sings['value']:.4f} "
            f"[{sings['low']:.4f}, {sings['high']:.4f}]; exact "
            f"{summary['dealt_hand_sings_exact_fraction']} = "
            f"{cast('float', summary['dealt_hand_sings_exact']):.4f}"
        )

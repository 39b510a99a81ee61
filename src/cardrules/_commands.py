"""The commands of ``cardrules`` (private: :mod:`cardrules.cli` loads them).

This module only reads the command line and calls the library; the terminal rendering
lives in :mod:`cardrules._terminal`. It needs the ``cli`` extra (click and rich), which the
core library never imports; :mod:`cardrules.cli` imports it only when the command runs,
so that a missing extra is told in one line.

>>> from click.testing import CliRunner
>>> print(CliRunner().invoke(app, ["orders", "--trump", "S"]).output)
Spoil Five card orders, spades trumps (Peel's ranking), best first:
trumps:   5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S
hearts:   KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H
diamonds: KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD
clubs:    KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C
<BLANKLINE>
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Final

import click

from cardrules import _terminal, games
from cardrules._text import parse_suit
from cardrules.cards import Suit
from cardrules.errors import CardrulesError, NotationError
from cardrules.messages import LANGUAGES

__all__ = ["app"]

_GAME = click.Choice(games.NAMES, case_sensitive=False)


def _suit(ctx: click.Context, param: click.Parameter, value: str) -> Suit:
    """A suit on the command line: a letter, a symbol or a name (``h``, ``♥``, ``hearts``)."""
    del ctx
    try:
        return parse_suit(value)
    except NotationError as err:
        raise click.BadParameter(str(err), param=param) from None


_ITERATIONS = click.option(
    "--iterations",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Samples of the hidden cards per decision of search bots.",
)
_TIME_LIMIT = click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Also stop a search bot's thinking after this many seconds per decision "
    "(results then depend on the machine).",
)


@contextlib.contextmanager
def _reported(library_error: type[click.ClickException], *, files: bool = True) -> Iterator[None]:
    """Show the library's errors (and, with ``files``, file errors) as click errors.

    Args:
        library_error: the click error a :class:`CardrulesError` becomes (a usage error
            for bad options, a plain error for a bad record).
        files: whether an OSError (a record that cannot be read or written) is shown too.

    """
    try:
        yield
    except CardrulesError as err:
        raise library_error(str(err)) from err
    except OSError as err:  # the --save or record file cannot be written or read
        if not files or isinstance(err, BrokenPipeError):
            raise  # a closed pipe is click's to end quietly
        raise click.ClickException(str(err)) from err


def _check_save(path: str, seed: int | None) -> None:
    """Refuse, before any play, a --save that could not be written at the end.

    The record keeps seeds of magnitude below 2**64, and is written through a temporary
    file in the target's directory that is then renamed over it: the directory must exist
    and be writable, and the target must not be a directory or a file we may not write.
    """
    if seed is not None and not -_RECORD_SEEDS < seed < _RECORD_SEEDS:
        raise click.BadParameter(
            "a game saved with --save needs a seed of magnitude below 2**64 "
            "(a record keeps 64-bit seeds)",
            param_hint="'--seed'",
        )
    directory = os.path.dirname(os.path.abspath(path))
    problem = None
    if os.path.isdir(path):
        problem = "is a directory"
    elif not os.path.isdir(directory):
        problem = f"cannot be created: no directory {directory!r}"
    elif not os.access(directory, os.W_OK | os.X_OK):
        problem = f"cannot be written: the directory {directory!r} is not writable"
    elif os.path.exists(path) and not os.access(path, os.W_OK):
        problem = "is not writable"
    if problem is not None:
        raise click.BadParameter(f"{path!r} {problem}", param_hint="'--save'")


_RECORD_SEEDS: Final = 1 << 64


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardrules", prog_name="cardrules")
def app() -> None:
    """Play, watch and simulate Spoil Five and My Bird Sings (W. H. Peel, 1891)."""


@app.command()
@click.argument("game", type=_GAME)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Seed of the first deal (default: random; it is printed).",
)
@click.option(
    "--players",
    type=click.IntRange(2, 13),
    default=None,
    help="Number of players (default: the preset's, 5).",
)
@click.option("--preset", default=None, help="Named option set, e.g. peel, jinking, flushes-only.")
@click.option(
    "--seat",
    type=click.IntRange(min=0),
    default=None,
    help="Your seat (default: the first to decide in the first deal, usually the eldest hand).",
)
@click.option(
    "--deals",
    type=click.IntRange(min=1),
    default=None,
    help="Deals to play (default: ask 'another deal?' after each; with --auto, until "
    "somebody takes the pool, at most 10).",
)
@click.option(
    "--bots",
    default="heuristic",
    show_default=True,
    help="The computer players, comma-separated, in seat order, repeated if shorter "
    "(random, heuristic, search, strongest).",
)
@_ITERATIONS
@_TIME_LIMIT
@click.option(
    "--save",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the game to this file as a JSON record (also on quit and Ctrl-C).",
)
@click.option("--auto", is_flag=True, help="Watch the computer players play every seat.")
@click.option(
    "--delay",
    type=click.FloatRange(min=0),
    default=0.0,
    help="Pause this many seconds after each computer player's move.",
)
@click.option("--step", is_flag=True, help="Wait for Enter after each computer player's move.")
@click.option(
    "--plain",
    is_flag=True,
    help="Plain letters, no suit symbols or colours (the default when not writing to a terminal).",
)
@click.option(
    "--language",
    type=click.Choice(LANGUAGES),
    default="en",
    show_default=True,
    help="Language of the table, the narration and the prompt (en: English, fr: French).",
)
@click.option(
    "--live",
    is_flag=True,
    help="Full-screen table at the top of the terminal, redrawn in place after each move.",
)
@click.option(
    "--singing",
    type=click.Choice(("declared", "automatic")),
    default="declared",
    show_default=True,
    help="My Bird Sings: declare a singing hand yourself ('sing': my bird sings!), or let "
    "every singing hand sing at once (auto_sing).",
)
def play(
    game: str,
    seed: int | None,
    players: int | None,
    preset: str | None,
    seat: int | None,
    deals: int | None,
    bots: str,
    iterations: int,
    time_limit: float | None,
    save: str | None,
    auto: bool,
    delay: float,
    step: bool,
    plain: bool,
    language: str,
    live: bool,
    singing: str,
) -> None:
    """Play GAME against computer players (or watch them with --auto).

    Type moves in notation: 'play 10C' or just '10C' (Spoil Five), 'pass KH' or
    just 'KH' (My Bird Sings), 'rob 3S', 'draw 2', 'exchange 4D'; a suit may be a
    letter, a symbol or a name (10♣, 10 of clubs). Type 'help' for the commands,
    '?' for your legal moves, 'quit' to stop.
    """
    if auto and seat is not None:
        raise click.UsageError("--seat is your seat at the table; --auto leaves none for you")
    if save is not None:
        _check_save(save, seed)
    with _reported(click.UsageError):
        _terminal.run_play(
            game,
            seed=seed,
            players=players,
            preset=preset,
            human=None if auto else ("first" if seat is None else seat),
            deals=deals,
            bots=bots,
            iterations=iterations,
            time_limit=time_limit,
            save=save,
            plain=plain,
            delay=delay,
            step=step,
            language=language,
            live=live,
            singing=singing,
        )


@app.command()
@click.argument("game", type=_GAME)
@click.option(
    "-n",
    "--deals",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Number of deals.",
)
@click.option(
    "--bots",
    default="heuristic",
    show_default=True,
    help="Bots, comma-separated, one per seat in turn.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Base seed; deal i uses derive_seed(seed, i).",
)
@click.option(
    "--players",
    type=click.IntRange(2, 13),
    default=None,
    help="Number of players (default: as many bots as listed if more than one, else the preset's).",
)
@click.option("--preset", default=None, help="Named option set of the game.")
@click.option(
    "--session-length",
    type=click.IntRange(min=1),
    default=None,
    help="Deals per session, pools carry over inside one (default: one round).",
)
@_ITERATIONS
@_TIME_LIMIT
@click.option(
    "--rollout",
    type=click.Choice(["heuristic", "random"]),
    default="heuristic",
    show_default=True,
    help="Rollout policy of search bots.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Local processes (default 1: this one), or with --scheduler local the workers of "
    "the local Dask cluster (default: one per core). Results are identical for any number.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="Run on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://10.0.0.5:8786), "
    "or on a new local one with 'local'. Needs the dask extra here and on the workers.",
)
@click.option(
    "--deals-file",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Also write every deal's result to this file, one JSON object a line, in deal order.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def simulate(
    game: str,
    deals: int,
    bots: str,
    seed: int,
    players: int | None,
    preset: str | None,
    session_length: int | None,
    iterations: int,
    time_limit: float | None,
    rollout: str,
    workers: int | None,
    scheduler: str | None,
    deals_file: str | None,
    as_json: bool,
    quiet: bool,
) -> None:
    """Simulate N deals of GAME among computer players and summarise the results.

    Memory stays the same for any N. Ctrl-C stops the run and prints the figures of the
    deals finished so far.
    """
    with _reported(click.UsageError):
        _terminal.run_simulate(
            game,
            deals=deals,
            bots=bots,
            seed=seed,
            players=players,
            preset=preset,
            session_length=session_length,
            iterations=iterations,
            rollout=rollout,
            time_limit=time_limit,
            workers=workers,
            scheduler=scheduler,
            deals_file=deals_file,
            as_json=as_json,
            quiet=quiet,
        )


@app.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--step", is_flag=True, help="Wait for Enter after every action.")
@click.option("--plain", is_flag=True, help="Plain letters, no suit symbols or colours.")
def replay(file: str, step: bool, plain: bool) -> None:
    """Replay a saved game record FILE, action by action."""
    with _reported(click.ClickException):
        _terminal.run_replay(file, step=step, plain=plain)


@app.command()
@click.option(
    "--trump",
    callback=_suit,
    required=True,
    help="The trump suit: a letter (S, H, D, C), a symbol or a name (hearts).",
)
@click.option(
    "--ranking",
    type=click.Choice(["peel", "ordinary"]),
    default="peel",
    show_default=True,
    help="Peel's ranking or the ordinary (whist) sequence.",
)
def orders(trump: Suit, ranking: str) -> None:
    """Print the Spoil Five rank order of every suit for a trump suit."""
    click.echo(_terminal.format_orders(trump.letter, ranking))


@contextlib.contextmanager
def _web_extra(what: str) -> Iterator[None]:
    """Say in one line which extra to install when the web libraries are missing."""
    try:
        yield
    except ModuleNotFoundError as err:
        raise click.ClickException(
            f"{what} needs the 'web' extra ({err.name} is missing): pip install 'cardrules[web]'"
        ) from None


def _default_hosts(host: str, loopback: tuple[str, ...]) -> tuple[str, ...]:
    """The Host headers answered by default: the loopback's names, and ``--host`` itself."""
    if host in ("0.0.0.0", "::") or host in loopback:
        return loopback
    return (*loopback, f"[{host}]" if ":" in host else host)


@app.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--database",
    type=click.Path(dir_okay=False),
    default="cardrules-tables.db",
    show_default=True,
    help="SQLite file of the tables (created if missing); every accepted move is in it.",
)
@click.option("--memory", is_flag=True, help="Keep tables in memory only (lost on a restart).")
@click.option(
    "--power-safe",
    is_flag=True,
    help="Flush the disk at every move, so that moves also survive a power cut "
    "(by default they survive any crash of the server, kill -9 included).",
)
@click.option(
    "--no-compression",
    is_flag=True,
    help="Send the sockets' frames uncompressed: less CPU a move, more bytes.",
)
@click.option(
    "--allow-host",
    "allowed_hosts",
    multiple=True,
    help="A Host header to answer (repeat; default: 127.0.0.1, localhost, [::1]; * for any).",
)
@click.option(
    "--allow-origin",
    "allowed_origins",
    multiple=True,
    help="Another origin whose pages may open the tables' sockets (repeat).",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxies",
    multiple=True,
    help="Address or network of a reverse proxy whose X-Forwarded-For is believed (repeat; "
    "default: none, clients are told apart by their connection's address).",
)
@click.option("--max-tables", type=click.IntRange(min=1), default=5000, show_default=True,
              help="Tables held at once.")  # fmt: skip
@click.option("--tables-per-client", type=click.IntRange(min=1), default=50, show_default=True,
              help="Tables in use created from one network (/24 or /56).")  # fmt: skip
@click.option("--creations-per-minute", type=click.IntRange(min=1), default=20,
              show_default=True, help="Tables one network may create in a minute.")  # fmt: skip
@click.option("--sockets-per-client", type=click.IntRange(min=1), default=64,
              show_default=True, help="Open sockets per client address.")  # fmt: skip
@click.option("--max-frame", type=click.IntRange(min=256), default=4096, show_default=True,
              help="Largest frame or request body, in bytes.")  # fmt: skip
@click.option("--frames-per-second", type=click.FloatRange(min=0, min_open=True), default=10.0,
              show_default=True, help="Frames per second per socket (bursts of 30).")  # fmt: skip
@click.option("--idle-timeout", type=click.FloatRange(min=1), default=120.0, show_default=True,
              help="Seconds of silence after which a socket is closed.")  # fmt: skip
@click.option("--table-idle", type=click.FloatRange(min=1), default=6 * 3600.0,
              show_default=True,
              help="Seconds after its last change a table is kept in use.")  # fmt: skip
@click.option("--hand-to-bot-after", type=click.FloatRange(min=0), default=120.0,
              show_default=True,
              help="Seconds a person's seat must be idle before its table's creator may "
              "hand it to a bot.")  # fmt: skip
@click.option("--keep-days", type=click.FloatRange(min=0, min_open=True), default=30.0,
              show_default=True,
              help="Days a stored table is kept after its last move (finished or abandoned; "
              "a table in use stays).")  # fmt: skip
@click.option("--bot-delay", type=click.FloatRange(min=0), default=0.8, show_default=True,
              help="Seconds between two of the bots' moves.")  # fmt: skip
@click.option("--header-timeout", type=click.FloatRange(min=1), default=10.0, show_default=True,
              help="Seconds a connection has for its request headers, and keep-alive.")  # fmt: skip
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info", "debug"]),
              default="info", show_default=True)  # fmt: skip
def serve(
    host: str,
    port: int,
    database: str,
    memory: bool,
    power_safe: bool,
    no_compression: bool,
    allowed_hosts: tuple[str, ...],
    allowed_origins: tuple[str, ...],
    trusted_proxies: tuple[str, ...],
    max_tables: int,
    tables_per_client: int,
    creations_per_minute: int,
    sockets_per_client: int,
    max_frame: int,
    frames_per_second: float,
    idle_timeout: float,
    table_idle: float,
    hand_to_bot_after: float,
    keep_days: float,
    bot_delay: float,
    header_timeout: float,
    log_level: str,
) -> None:
    """Serve tables where people play together in the browser (needs the web extra).

    Open http://HOST:PORT/ to create a table: each seat gets its own link.
    """
    with _web_extra("serving"):
        import starlette  # noqa: F401  (the libraries the server needs, checked up front)
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401

        from cardrules.web.serve import run
        from cardrules.web.settings import LOOPBACK_HOSTS, Settings
    with _reported(click.UsageError):
        settings = Settings(
            host=host,
            port=port,
            database=None if memory else database,
            power_safe=power_safe,
            compress=not no_compression,
            allowed_hosts=allowed_hosts or _default_hosts(host, LOOPBACK_HOSTS),
            allowed_origins=allowed_origins,
            trusted_proxies=trusted_proxies,
            max_tables=max_tables,
            tables_per_client=tables_per_client,
            creations_per_minute=creations_per_minute,
            sockets_per_client=sockets_per_client,
            max_frame=max_frame,
            frames_per_second=frames_per_second,
            idle_timeout=idle_timeout,
            table_idle=table_idle,
            hand_to_bot_after=hand_to_bot_after,
            keep_tables=keep_days * 86400.0,
            bot_delay=bot_delay,
            header_timeout=header_timeout,
            log_level=log_level,
        )
    click.echo(f"cardrules: serving tables on {settings.origin}/ (Ctrl-C stops)", err=True)
    with _reported(click.ClickException):
        run(settings)


@app.command()
@click.argument("url")
@click.option("--bot", is_flag=True, help="Let the rule-of-thumb bot play the seat.")
@click.option("--name", default=None, help="The name to sit down under.")
@click.option("--deals", type=click.IntRange(min=1), default=1, show_default=True,
              help="Deals to play before leaving.")  # fmt: skip
@click.option("--seed", type=int, default=None, help="The bot's random seed.")
@click.option("--plain", is_flag=True, help="Plain letters for cards, no colours.")
def join(url: str, bot: bool, name: str | None, deals: int, seed: int | None, plain: bool) -> None:
    """Play (or, with a spectator link, watch) at a table of `cardrules serve`.

    URL is a seat's invite link, quoted so the shell keeps its '#' and '&':
    cardrules join 'http://127.0.0.1:8000/t/TABLE#seat=1&key=KEY'
    """
    with _web_extra("joining"):
        import websockets  # noqa: F401  (the client's library, checked up front)

        from cardrules.web import client
    import asyncio

    with _reported(click.UsageError):
        link = client.parse_link(url)

    async def ask(prompt: str) -> str | None:
        try:
            return await asyncio.to_thread(input, prompt)
        except EOFError:
            return None

    screen = _terminal.Screen(_terminal.wants_paint(plain))  # cards as `play` shows them
    player = client.play(
        link, say=screen.say, ask=None if bot else ask, name=name, deals=deals, seed=seed
    )
    decided = asyncio.run(player)
    click.echo(f"left the table after {decided} decisions", err=True)

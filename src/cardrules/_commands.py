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
from collections.abc import Iterator

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
    "(random, heuristic, search).",
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

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
import re
import secrets
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Final, Literal, cast

import attrs
import click

from cardrules import games
from cardrules._engine import left_of
from cardrules._narration import Narrator, Told, seat_name, with_rules
from cardrules._screen import ERROR, LiveScreen, Screen, paint, style_of, table, wants_paint
from cardrules._text import SUIT_NAMES, parse_suit, suit_names_to_letters
from cardrules._text import moves as legal_moves
from cardrules.bots.registry import GameBot, make_bot, parse_bot_names
from cardrules.cards import Suit, format_cards
from cardrules.dealing import derive_seed
from cardrules.errors import CardrulesError, NotationError, OptionsError
from cardrules.messages import catalogue, message, word
from cardrules.protocol import DynamicGame, GameState, SeatView

if TYPE_CHECKING:
    import distributed

__all__ = [
    "Screen",
    "format_orders",
    "paint",
    "run_play",
    "run_replay",
    "run_simulate",
    "wants_paint",
]


def format_orders(trump: str, ranking: str = "peel") -> str:
    """The Spoil Five order of every suit, best first, for trump suit ``trump``."""
    from cardrules.spoil_five import plain_order, trump_order

    suit = parse_suit(trump)
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


_QUIT: Final = frozenset(("quit", "exit", "q"))  # never "stop": a Spoil Five action (SF-21)


_FRENCH_RANKS: Final = re.compile(r"(?<![\w-])([RDV])(?=\s*(?:[SHDC♠♥♦♣]|of\b))", re.IGNORECASE)
"""A French rank letter (roi, dame, valet) before a suit, read as K, Q, J in French."""

_ENGLISH_RANKS: Final = {"r": "K", "d": "Q", "v": "J"}

_SINGING_WORDS: Final = frozenset(("sing", "my bird sings", "my bird sings!", "mbs"))


def _parse_move(tell: Narrator, text: str, view: SeatView | None = None) -> object:
    """Read a move: notation, or a bare card meaning the game's card verb (``play 10C``).

    Cards may name their suit (``10 of hearts``, ``10hearts``) or show its symbol; in
    French a king, queen or jack may be written R, D or V (``RH`` is the king of hearts).
    ``sing`` alone (or ``my bird sings``) is the first singing set offered, if any.
    """
    game = tell.game
    if view is not None and text.strip().lower() in _SINGING_WORDS:
        sings = [a for a in view.legal_actions if str(a).startswith("sing ")]
        if sings:
            return sings[0]
    if tell.language == "fr":
        text = _FRENCH_RANKS.sub(lambda m: _ENGLISH_RANKS[m.group(1).lower()], text)
    text = suit_names_to_letters(text)
    try:
        return game.parse_action(text)
    except NotationError:
        if len(text.split()) == 1 and tell.card_verb is not None:
            try:
                return game.parse_action(f"{tell.card_verb} {text}")
            except NotationError:
                pass
        raise


def _expected(tell: Narrator, text: str, view: SeatView) -> str:
    """What the human could have typed instead of ``text``, from his legal moves.

    A verb with a number (``draw``) gives the real range; a verb with cards lists the
    moves with that verb; anything else lists every legal move.
    """
    moves = legal_moves(view)
    verb = suit_names_to_letters(text).split()[0].lower() if text.split() else ""
    same = [move for move in moves if move.split()[0] == verb]
    language = tell.language
    everything = word("expected.moves", language, text=", ".join(moves))
    if not same:
        if verb in tell.verbs:
            return word("expected.not-now", language, text=verb, detail=everything)
        return everything
    numbers = [move.split()[1] for move in same if len(move.split()) == 2]
    if len(numbers) == len(same) and all(number.isdigit() for number in numbers):
        low, high = min(map(int, numbers)), max(map(int, numbers))
        if len(same) == high - low + 1 and len(same) > 1:
            return word(
                "expected.number", language, text=verb, count=low, last=high, detail=same[0]
            )
    if len(same) == 1:
        return word("expected.one", language, text=same[0])
    return word("expected.one-of", language, text=", ".join(same))


def _refusal(tell: Narrator, view: SeatView, state: GameState, action: object) -> str | None:
    """Why ``action`` is refused to the seat of ``view`` now (``None``: it is legal).

    The game's own refusal, written for the seat in the narrator's language with its rule
    id after it: :func:`explain_action` of the seat's view, or for a game without
    explanations the refusal of ``check_action``.
    """
    if tell.explains is not None:
        refusal = tell.explains.explain_action(view, action)
        if refusal is None:
            return None
        return with_rules(tell.write(refusal.message, len(view.balances)), (refusal.rule,))
    error = tell.game.check_action(state, action)
    return None if error is None else str(error)


def _help_lines(tell: Narrator) -> list[str]:
    """The commands of the prompt and what a move looks like in this game."""
    language = tell.language

    def said(key: str) -> str:
        text = word(key, language)
        return text[:1].upper() + text[1:]

    lines = [said("help.title")]
    for example, meaning in tell.moves_help:
        lines.append(f"  {example:<22} {word(meaning, language)}")
    lines += [
        f"  {said('help.rank')}",
        f"  {word('help.suit', language)}",
        f"  {'? or moves':<22} {word('help.again', language)}",
        f"  {'hint':<22} {word('help.hint', language)}",
        f"  {'help':<22} {word('help.help', language)}",
        f"  {'quit':<22} {word('help.quit', language)}",
    ]
    return lines


def _say(tell: Narrator, key: str, seats: int, **params: object) -> str:
    """A line of the prompt (``prompt.*``, ``summary.*``) in the narrator's language."""
    return tell.write(message(key, **params), seats)  # type: ignore[arg-type]


def _suggestion(tell: Narrator, view: SeatView, seed: int) -> str:
    """The strongest bot's choice from the human's view, as a line of the prompt."""
    from cardrules.tables.suggestion import suggest_from_view  # tables: only when asked

    found = suggest_from_view(tell.game, view, random.Random(seed))
    said = message("prompt.suggestion", action=found.message, text=found.notation)
    return with_rules(tell.write(said, len(view.balances)), found.rules)


def _human_move(
    screen: Screen, tell: Narrator, state: GameState, seat: int, hint_seed: int = 0
) -> object | None:
    """Ask the human for a move until a legal one is typed; ``None`` to quit.

    ``hint`` prints the strongest bot's choice, drawing on ``hint_seed`` (the same
    suggestion however often it is asked).
    """
    game = tell.game
    view = game.view(state, seat)
    players = len(view.balances)
    shown = table(tell, view)
    deal = len(game.history(state).deals)
    if isinstance(screen, LiveScreen) or screen.table_deal != deal:
        screen.show_table(shown)  # the whole table once a deal (the live screen: always)
        screen.table_deal = deal
    else:
        screen.show_table(table(tell, view, full=False))
    prompt = word("prompt.move", tell.language)
    while True:
        screen.before_input()
        text = _read_line(prompt)
        if text is None or text.lower() in _QUIT:
            return None
        if not text:
            continue
        if text.lower() in ("?", "moves"):
            screen.lines(shown)
            continue
        if text.lower() in ("help", "h"):
            screen.lines(_help_lines(tell))
            screen.lines(shown[-1:])  # the legal moves
            continue
        if text.lower() == "hint":
            screen.say(_suggestion(tell, view, hint_seed))
            continue
        try:
            action = _parse_move(tell, text, view)
        except NotationError:
            detail = f"{text!r}; {_expected(tell, text, view)}"
            screen.say(_say(tell, "prompt.not-a-move", players, text=detail), ERROR)
            continue
        refused = _refusal(tell, view, state, action)
        if refused is not None:
            screen.say(refused, ERROR)
            continue
        return action


def _tell(screen: Screen, tell: Narrator, told: Sequence[Told], players: int) -> None:
    """Write the narration ``told``: winners in colour, the trick's reason with its rules."""
    for indent, said in told:
        (line,) = tell.lines([(indent, said)], players)
        screen.say(line, style_of(said))


def _line_up(bots: str, players: int, human: int | None) -> list[str | None]:
    """Each seat's bot name, ``None`` for the human: ``bots`` names the computer players only.

    The names go to the computer players in seat order (a shorter list is repeated).

    >>> _line_up("search,random", 4, 1)
    ['search', None, 'random', 'search']

    Raises:
        OptionsError: for an unknown name, or more names than computer players.

    """
    names = iter(_bot_names(bots, players, human))
    return [None if seat == human else next(names) for seat in range(players)]


def _bot_names(bots: str, players: int, human: int | None = None) -> tuple[str, ...]:
    """The computer players' names in seat order, refusing more names than there are seats.

    Raises:
        OptionsError: for an unknown name, or more names than computer players.

    """
    computer = players - (human is not None)
    given = [name for name in bots.split(",") if name.strip()]
    if len(given) > computer:
        table = f"{players} players" + ("" if human is None else f", you in seat {human}")
        raise OptionsError(
            f"--bots names {len(given)} computer players, but the table has "
            f"{computer} ({table}): {bots!r}"
        )
    return parse_bot_names(bots, computer)


@attrs.frozen
class _Pace:
    """How fast the computer players' moves appear: a pause, or a wait for Enter."""

    delay: float = 0.0
    step: bool = False

    def wait(self) -> bool:
        """Pause after a computer player's move; ``False`` if the player asked to stop."""
        if self.step:
            answer = _read_line("[Enter] ")
            return answer is not None and answer.lower() not in _QUIT
        if self.delay:
            time.sleep(self.delay)
        return True


def run_play(
    game_name: str,
    *,
    seed: int | None,
    players: int | None,
    preset: str | None,
    human: int | Literal["first"] | None,
    deals: int | None,
    bots: str,
    iterations: int,
    time_limit: float | None = None,
    save: str | None,
    plain: bool = False,
    delay: float = 0.0,
    step: bool = False,
    language: str = "en",
    live: bool = False,
    singing: str | None = None,
) -> None:
    """Play (or, with ``human=None``, watch) deals in the terminal, then sum the session up.

    ``language`` is the language of the narration, the table and the prompt; ``live``
    keeps the table at the top of the terminal, redrawn in place. In My Bird Sings the
    players declare their singing (``auto_sing=False``: a singing hand is a decision,
    "my bird sings!") unless ``singing="automatic"``.

    With ``deals=None`` a human is asked "another deal?" after every deal; without a
    human the bots play until a deal is won (a spoilt or void deal carries its pool on),
    at most ten deals. ``human="first"`` seats the human where the first deal's first
    decision is (see :func:`_first_to_decide`). Ctrl-C (or ``quit``) stops the game: the
    session is summed up and ``save`` written all the same; Ctrl-C then exits with 130.
    """
    entry = games.lookup(game_name)
    game = entry.module
    options = entry.options(preset, players)
    if entry.name == "my-bird-sings" and singing != "automatic":
        options = attrs.evolve(options, auto_sing=False)  # type: ignore[misc]
    n = options.players
    if seed is None:
        seed = secrets.randbelow(10**6)
    state = game.new_game(options, seed=seed)
    if human == "first":
        human = _first_to_decide(state, game)
    if human is not None and not 0 <= human < n:
        raise OptionsError(f"seat must be from 0 to {n - 1}, not {human}")
    names = _line_up(bots, n, human)
    bot_rng = random.Random(derive_seed(seed, 0x5EED))
    hints = random.Random(derive_seed(seed, 0x41D7))  # the suggestions of ``hint``
    players_bots: list[GameBot | None] = [
        None
        if name is None
        else make_bot(
            game,
            name,
            random.Random(bot_rng.getrandbits(64)),
            iterations=iterations,
            time_limit=time_limit,
        )
        for name in names
    ]
    screen = LiveScreen(wants_paint(plain)) if live else Screen(wants_paint(plain))
    tell = entry.load_narrator()(game, human, human, language=language)
    line_up = ", ".join(
        word("prompt.your-seat", language, text=seat_name(s, None, language))
        if name is None
        else f"{seat_name(s, None, language)} {name}"
        for s, name in enumerate(names)
    )
    title = word(f"game.{entry.name}", language)
    screen.say(_say(tell, "prompt.line-up", n, text=title, players=n, number=seed, detail=line_up))
    if human is not None:
        screen.say(_say(tell, "prompt.help", n))
    pace = _Pace(delay, step)
    played: list[GameState] = []  # each finished deal's last state
    latest = [state]  # the latest state, also when Ctrl-C cuts a deal short
    number = 0
    interrupted = stopped = False
    try:
        while True:
            number += 1
            if number > 1:
                latest[0] = game.next_deal(latest[0])
            screen.lines(tell.header(latest[0], number))
            stopped = not _play_deal(screen, tell, latest, players_bots, pace, hints)
            if stopped:
                screen.say(_say(tell, "prompt.stopped", n))
                break
            _tell(screen, tell, tell.settlement_messages(latest[0]), n)
            played.append(latest[0])
            screen.before_input()
            if game.is_game_over(latest[0]) or not _another_deal(
                deals, number, human is not None, latest[0], tell
            ):
                break
    except KeyboardInterrupt:
        interrupted = True
        screen.say()
        screen.say("Interrupted.")
    screen.close()
    state = latest[0]
    unfinished = stopped or interrupted
    screen.lines(_summary(tell, played, state, unfinished and state.outcome is None))
    if save is not None:
        _save(state, save)
        screen.say(f"Saved the game record to {save}")
    if interrupted:
        raise click.exceptions.Exit(130)


def _first_to_decide(state: GameState, game: DynamicGame | None = None) -> int:
    """The seat that makes the first decision of the deal, leaving the dealer's aside.

    The eldest hand as a rule (C-1); in My Bird Sings with blind draws, the eldest's left
    neighbour, who draws first. The dealer, last to play, is never chosen: in My Bird Sings
    somebody may sing before his first turn, which would end the deal without him.
    """
    eldest = left_of(state.dealer, len(state.balances))
    if game is not None:
        while _nothing_to_decide(game, state):
            state = game.apply_action(state, game.legal_actions(state)[0])
    first = state.to_act
    return eldest if first is None or first == state.dealer else first


def _nothing_to_decide(game: DynamicGame, state: GameState) -> bool:
    """Whether the one legal action is to keep silent (My Bird Sings' declared singing, D-5).

    The declaration is offered to every seat whose holding is checked, singing or not,
    so that no decision gives a holding away; with nothing to declare it is no decision,
    and the terminal takes it for the human.
    """
    legal = () if game.is_deal_over(state) else game.legal_actions(state)
    return len(legal) == 1 and str(legal[0]) == "decline-sing"


def _play_deal(
    screen: Screen,
    tell: Narrator,
    latest: list[GameState],
    players_bots: Sequence[GameBot | None],
    pace: _Pace,
    hints: random.Random,
) -> bool:
    """Play the deal of ``latest[0]`` to its end, keeping ``latest[0]`` the latest state.

    ``hints`` seeds each of the human's decisions' suggestions. Returns ``False`` if the
    human (or, stepping, the watcher) stopped.
    """
    game = tell.game
    state = latest[0]
    while not game.is_deal_over(state):
        seat = state.to_act
        assert seat is not None  # a deal that is not over has a decision pending
        bot = players_bots[seat]
        if bot is None and _nothing_to_decide(game, state):
            action = game.legal_actions(state)[0]
        elif bot is None:
            action = _human_move(screen, tell, state, seat, hints.getrandbits(64))
            if action is None:
                return False
        else:
            legal = game.legal_actions(state)
            action = legal[0] if len(legal) == 1 else bot.choose(game.view(state, seat), legal)
        after = game.apply_action(state, action)
        _tell(screen, tell, tell.action_messages(state, action, after), len(state.balances))
        latest[0] = state = after
        if isinstance(screen, LiveScreen) and not game.is_deal_over(state):
            screen.show_table(table(tell, game.view(state, tell.human or 0)))
        if bot is not None and not game.is_deal_over(state) and not pace.wait():
            return False
    return True


_UNTIL_WON_LIMIT = 10


def _another_deal(
    deals: int | None, number: int, human: bool, state: GameState, tell: Narrator | None = None
) -> bool:
    """Whether to deal again after deal ``number`` (asking a human if no count was given)."""
    if deals is not None:
        return number < deals
    if not human:
        return number < _UNTIL_WON_LIMIT and not _pool_was_won(state)
    players = len(state.balances)
    ask = "Another deal? [Y/n] " if tell is None else _say(tell, "prompt.another-deal", players)
    while True:
        answer = _read_line(ask)
        if answer is None:
            return False
        word = answer.lower()
        if word in ("", "y", "yes", "o", "oui"):
            return True
        if word in ("n", "no", "non") or word in _QUIT:
            return False
        click.echo(
            "Please answer y or n." if tell is None else _say(tell, "prompt.yes-no", players)
        )


def _pool_was_won(state: GameState) -> bool:
    """Whether the finished deal of ``state`` had a winner."""
    return state.outcome is not None and bool(state.outcome.winners)


def _summary(
    tell: Narrator, played: Sequence[GameState], state: GameState, cut_short: bool
) -> list[str]:
    """The closing lines of a session: the deals played, each seat's balance, the pool."""
    n = len(state.balances)
    count = len(played) + (1 if cut_short else 0)
    over = _say(tell, "summary.over-unfinished" if cut_short else "summary.over", n, count=count)
    lines = ["", f"=== {over} ==="]
    carried = []
    for number, finished in enumerate(played, start=1):
        outcome = finished.outcome
        assert outcome is not None  # a finished deal is settled
        if outcome.winners:
            shares = tuple((s, outcome.payouts[s]) for s in outcome.winners)
            lines.append(_say(tell, "summary.won", n, deal=number, shares=shares))
        else:
            kind = str(getattr(getattr(outcome, "kind", None), "value", "void"))
            what = message(
                f"outcome.{kind}" if f"outcome.{kind}" in catalogue() else "outcome.void"
            )
            line = _say(tell, "summary.carried", n, deal=number, what=what, count=outcome.carried)
            lines.append(line)
        if outcome.carried:
            carried.append(number)
    balances = "  ".join(f"{tell.name(s)} {b:+d}" for s, b in enumerate(state.balances))
    lines.append(_say(tell, "summary.balances", n, text=balances))
    if carried:
        deals = ", ".join(str(number) for number in carried)
        pools = _say(tell, "summary.pools", n, count=len(carried), text=deals, carried=state.pool)
        lines.append(pools)
    else:
        lines.append(_say(tell, "summary.no-pools", n))
    return lines


def _save(state: GameState, path: str) -> None:
    """Write the record of ``state`` to ``path`` as JSON (whole, or not at all)."""
    from cardrules import records

    records.dump(records.record(state), path)


# ------------------------------------------------------------------------ replay


def run_replay(path: str, *, step: bool, plain: bool = False) -> None:
    """Print every action and trick of the record in ``path`` as ``play`` did, then the summary.

    With ``step`` wait for Enter after each action; ``plain`` as for :func:`run_play`.
    """
    from cardrules import records

    with open(path, encoding="utf-8") as file:
        rec = records.load(file)
    entry = games.lookup(rec.game)
    game = entry.module
    tell = entry.load_narrator()(game, None, None)
    screen = Screen(wants_paint(plain))
    previous: GameState | None = None
    played: list[GameState] = []
    number = 0
    for state in records.replay(rec):
        if previous is None or _deal_number(game, previous) != _deal_number(game, state):
            if previous is not None and previous.outcome is not None:
                screen.lines(tell.settlement(previous))
                played.append(previous)
            number += 1
            screen.lines(tell.header(state, number))
        else:
            action = _last_action(game, state)
            screen.lines(tell.action(previous, action, state))
            if step and _read_line("[Enter] ") is None:
                return
        previous = state
    if previous is None:
        return
    if previous.outcome is not None:
        screen.lines(tell.settlement(previous))
        played.append(previous)
    screen.lines(_summary(tell, played, previous, previous.outcome is None))


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
    line_up = _bot_names(bots, options.players)
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
                    dashboard_address="127.0.0.1:0",  # any free loopback port, for its HTTP routes
                    scheduler_kwargs={"dashboard": False},  # it needs bokeh, not asked for
                    # Dask's own log lines stay quiet: a failing block reaches the caller as
                    # its future's exception, while the warnings of blocks cancelled by Ctrl-C
                    # and a worker's heartbeat to a scheduler already closed (an ERROR line
                    # with a traceback, under load) are noise at the end of a run
                    silence_logs=logging.CRITICAL,
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

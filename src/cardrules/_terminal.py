"""Terminal rendering for the ``cardrules`` command (private: the CLI's presentation).

Everything here writes plain text with :func:`click.echo`; rich is used for the
simulation table and progress bar. The narrators describe each action as the table
would see it: with a human at the table, other seats' hidden cards (rob discards, passed
cards between two other players) are never printed.
"""

from __future__ import annotations

import json
import random
import secrets
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import click

from cardrules.bots.registry import GameBot, make_bot, parse_bot_names
from cardrules.cards import Card, Suit, format_cards
from cardrules.dealing import derive_seed
from cardrules.errors import IllegalActionError, NotationError, OptionsError
from cardrules.protocol import GameState
from cardrules.simulation import GameModule, load_game, make_options, name_of

if TYPE_CHECKING:
    from cardrules.spoil_five import State as SfState

__all__ = ["format_orders", "run_play", "run_replay", "run_simulate"]

_SUIT_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


def format_orders(trump: str, ranking: str = "peel") -> str:
    """The Spoil Five order of every suit, best first, for trump suit ``trump``."""
    from cardrules.spoil_five import plain_order, trump_order

    suit = Suit.parse(trump)
    name = "Peel's ranking" if ranking == "peel" else "the ordinary sequence"
    lines = [f"Spoil Five card orders, {_SUIT_NAMES[suit]} trumps ({name}), best first:"]
    lines.append(f"{'trumps:':<10}{format_cards(trump_order(suit, ranking))}")
    for other in Suit:
        if other is not suit:
            label = _SUIT_NAMES[other] + ":"
            lines.append(f"{label:<10}{format_cards(plain_order(other, suit, ranking))}")
    return "\n".join(lines)


def seat_name(seat: int, human: int | None) -> str:
    """How a seat is called in the narration."""
    return "you" if seat == human else f"seat {seat}"


# ----------------------------------------------------------------------------- sorting


def sort_hand(game: GameModule, state: GameState, cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` in the order a player holds them: best first by the current rank order.

    Spoil Five: trumps first (trump order), then each plain suit in its own order. My
    Bird Sings: by suit, then by rank.
    """
    if name_of(game) == "spoil-five":
        sf = cast("SfState", state)
        from cardrules.spoil_five import plain_order, trump_order

        ranking = sf.options.ranking
        order = list(trump_order(sf.trump, ranking))
        for suit in Suit:
            order.extend(plain_order(suit, sf.trump, ranking))
        position = {card: i for i, card in enumerate(order)}
        return tuple(sorted(cards, key=lambda c: position.get(c, 99)))
    return tuple(sorted(cards, key=lambda c: (c.suit, (c.rank - 2) % 13)))


# ------------------------------------------------------------------------ narration


class Narrator:
    """Describes deals and actions of one game for one viewer (``None``: everything)."""

    def __init__(self, game: GameModule, viewer: int | None, human: int | None) -> None:
        self.game = game
        self.viewer = viewer
        self.human = human

    def name(self, seat: int) -> str:
        """How ``seat`` is called."""
        return seat_name(seat, self.human)

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` (third person, ``plays``) agreeing with ``seat`` (``you play``)."""
        if seat != self.human:
            return verb
        if verb.endswith(("sses", "oes")):
            return verb[:-2]
        return verb[:-1]

    def possessive(self, seat: int) -> str:
        """``your`` or ``seat 3's``."""
        return "your" if seat == self.human else f"{self.name(seat)}'s"

    def sees(self, *seats: int) -> bool:
        """Whether the viewer may see a card known only to ``seats``."""
        return self.viewer is None or self.viewer in seats

    def header(self, state: GameState, number: int) -> list[str]:
        """Lines that open deal ``number`` (from 1)."""
        players = len(state.balances)
        lines = [
            "",
            f"=== Deal {number}: {players} players, dealer {self.name(state.dealer)}, "
            f"pool {state.pool} ===",
        ]
        lines += self.opening(state)
        for seat in range(players):
            if self.sees(seat):
                hand = format_cards(sort_hand(self.game, state, state.hands[seat]))
                lines.append(f"  {self.name(seat)}: {hand}")
        return lines

    def opening(self, state: GameState) -> list[str]:
        """Game-specific lines after the header (turn-up, trumps)."""
        del state
        return []

    def action(self, before: GameState, action: object, after: GameState) -> list[str]:
        """Lines describing ``action`` taken in ``before`` (leading to ``after``)."""
        seat = before.to_act
        assert seat is not None  # an action is always taken by the seat on turn
        return [f"{self.name(seat)}: {self.game.format_action(action)}"]

    def settlement(self, state: GameState) -> list[str]:
        """Lines for a finished deal: result, pool and balances."""
        outcome = state.outcome
        lines: list[str] = []
        if outcome is not None:
            kind = getattr(outcome, "kind", None)
            kind_text = str(getattr(kind, "value", kind)).replace("_", " ")
            if outcome.winners:
                paid = ", ".join(f"{self.name(s)} +{outcome.payouts[s]}" for s in outcome.winners)
                lines.append(f"Result: {kind_text}; {paid}.")
            elif kind_text == "hand scored":
                lines.append("Result: hand scored; the game goes on.")
            else:
                lines.append(f"Result: {kind_text}; nobody takes the pool.")
            lines.append(f"Pool carried to the next deal: {outcome.carried}.")
        balances = "  ".join(f"{self.name(s)} {b:+d}" for s, b in enumerate(state.balances))
        lines.append(f"Balances: {balances}")
        return lines


class SpoilFiveNarrator(Narrator):
    """Narration of Spoil Five: turn-up, robs, each trick with its winner."""

    def opening(self, state: GameState) -> list[str]:
        """The turn-up and the trump suit."""
        sf = cast("SfState", state)
        return [f"Turn-up {sf.turn_up}: {_SUIT_NAMES[sf.trump]} are trumps."]

    def action(self, before: GameState, action: object, after: GameState) -> list[str]:
        """Plays, robs, fiving and jink decisions; a completed trick with its winner."""
        from cardrules import spoil_five as sf

        b, a = cast("SfState", before), cast("SfState", after)
        seat = b.to_act
        assert seat is not None  # an action is always taken by the seat on turn
        who = self.name(seat)
        lines: list[str] = []
        if isinstance(action, sf.Play):
            lines.append(f"  {who} {self.verb(seat, 'plays')} {action.card}")
        elif isinstance(action, sf.Rob):
            hidden = "" if self.sees(seat) else " a card"
            shown = f" {action.discard}" if self.sees(seat) else hidden
            if b.phase == sf.Phase.DEALER_ROB:
                lines.append(
                    f"{who} (dealer) {self.verb(seat, 'robs')} the turned-up {b.turn_up}: "
                    f"{self.verb(seat, 'discards')}{shown}"
                )
            else:
                lines.append(
                    f"{who} {self.verb(seat, 'robs')}: {self.verb(seat, 'discards')}{shown}, "
                    f"{self.verb(seat, 'takes')} the turn-up {b.turn_up}"
                )
        elif isinstance(action, sf.DeclineRob):
            lines.append(f"{who} {self.verb(seat, 'does')} not rob")
        elif isinstance(action, sf.Stop):
            lines.append(
                f"{who} {self.verb(seat, 'stops')} and {self.verb(seat, 'takes')} the pool"
            )
        elif isinstance(action, sf.GoOn):
            lines.append(f"{who} {self.verb(seat, 'goes')} on for a jink")
        else:
            lines.append(f"{who}: {self.game.format_action(action)}")
        if len(a.tricks) > len(b.tricks):
            trick = a.tricks[-1]
            won = " ".join(str(n) for n in a.tricks_won)
            lines.append(
                f"Trick {len(a.tricks)}: {format_cards(trick.cards)} -> "
                f"{self.name(trick.winner)} {self.verb(trick.winner, 'wins')} "
                f"(tricks per seat: {won})"
            )
        if a.turn_up != b.turn_up:
            lines.append(f"New turn-up {a.turn_up}: {_SUIT_NAMES[a.trump]} are trumps.")
        return lines

    def settlement(self, state: GameState) -> list[str]:
        """The common settlement lines, with the scores in a points game (SF-24)."""
        sf = cast("SfState", state)
        lines = super().settlement(state)
        if sf.options.scoring == "points":
            scores = "  ".join(f"{self.name(s)} {p}" for s, p in enumerate(sf.scores))
            lines.append(f"Scores: {scores} (target {sf.options.target})")
        return lines


class MyBirdSingsNarrator(Narrator):
    """Narration of My Bird Sings: passes, exchanges and the singing hand."""

    def action(self, before: GameState, action: object, after: GameState) -> list[str]:
        """Passes (the card only to those who may see it), draws, exchanges, sings."""
        from cardrules import my_bird_sings as mbs

        seat = before.to_act
        assert seat is not None  # an action is always taken by the seat on turn
        n = len(before.balances)
        who = self.name(seat)
        lines: list[str]
        if isinstance(action, mbs.Pass):
            left = (seat + 1) % n
            card = f" {action.card}" if self.sees(seat, left) else " a card"
            lines = [f"  {who} {self.verb(seat, 'passes')}{card} to {self.name(left)}"]
        elif isinstance(action, mbs.Draw):
            right = (seat - 1) % n
            drawn = _new_cards(before.hands[seat], after.hands[seat])
            card = f" ({format_cards(drawn)})" if drawn and self.sees(seat, right) else ""
            lines = [
                f"  {who} {self.verb(seat, 'draws')} a card blind "
                f"from {self.possessive(right)} hand{card}"
            ]
        elif isinstance(action, mbs.Exchange):
            card = f" {action.discard}" if self.sees(seat) else " a card"
            taken = _new_cards(before.hands[seat], after.hands[seat])
            got = (
                f", {self.verb(seat, 'takes')} {format_cards(taken)}"
                if taken and self.sees(seat)
                else ""
            )
            lines = [f"  {who} {self.verb(seat, 'exchanges')}{card} with the stock{got}"]
        elif isinstance(action, mbs.Sing):
            cards = f": {format_cards(action.cards)}" if self.sees(seat) else ""
            lines = [f"  {who} {self.verb(seat, 'sings')}{cards}"]
        else:
            lines = [f"  {who}: {self.game.format_action(action)}"]
        return lines + self._laid_tricks(before, after)

    def _laid_tricks(self, before: GameState, after: GameState) -> list[str]:
        """Tricks laid in the play-to-exhaustion variant (MBS-15), automatic sings too."""
        old: tuple[int, ...] = getattr(before, "tricks", ())
        new: tuple[int, ...] = getattr(after, "tricks", ())
        if after.outcome is not None or len(old) != len(new) or old == new:
            return []
        count = " ".join(str(t) for t in new)
        return [
            f"{self.name(s)} {self.verb(s, 'lays')} down "
            f"{'a trick' if new[s] - old[s] == 1 else f'{new[s] - old[s]} tricks'} "
            f"(tricks per seat: {count})"
            for s in range(len(new))
            if new[s] > old[s]
        ]

    def settlement(self, state: GameState) -> list[str]:
        """Who sang, with the singing hand, then the common settlement lines."""
        outcome = state.outcome
        lines: list[str] = []
        if outcome is not None:
            shown: tuple[Card, ...] = getattr(outcome, "shown", ())
            singer: int | None = getattr(outcome, "singer", None)
            if singer is not None:
                cards = format_cards(sort_hand(self.game, state, shown))
                lines.append(f"{self.name(singer)}: my bird sings! {cards}")
        return lines + super().settlement(state)


def _new_cards(before: Sequence[Card], after: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``after`` that were not in ``before``."""
    old = set(before)
    return tuple(card for card in after if card not in old)


def narrator(game: GameModule, viewer: int | None, human: int | None) -> Narrator:
    """The narrator for ``game``."""
    if name_of(game) == "spoil-five":
        return SpoilFiveNarrator(game, viewer, human)
    return MyBirdSingsNarrator(game, viewer, human)


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


def _parse_move(game: GameModule, text: str) -> object:
    """Read a move: notation, or a bare card meaning play (Spoil Five) or pass (MBS)."""
    try:
        return game.parse_action(text)
    except NotationError:
        if len(text.split()) == 1:
            verb = "play" if name_of(game) == "spoil-five" else "pass"
            try:
                return game.parse_action(f"{verb} {text}")
            except NotationError:
                pass
        raise


def _human_status(game: GameModule, state: GameState, seat: int) -> list[str]:
    """What the human sees before deciding, read from the seat's view only."""
    view = game.view(state, seat)
    pool: int = getattr(view, "pool")  # noqa: B009 - both games' views have it
    balances: tuple[int, ...] = getattr(view, "balances")  # noqa: B009
    lines = [f"Pool {pool}. Your balance {balances[seat]:+d}."]
    if name_of(game) == "spoil-five":
        from cardrules import spoil_five

        sf = cast("spoil_five.View", view)
        won = " ".join(str(n) for n in sf.tricks_won)
        lines.append(
            f"Trumps {_SUIT_NAMES[sf.trump]} (turn-up {sf.turn_up}); tricks per seat: {won}"
        )
        if sf.trick and sf.leader is not None:
            lines.append(
                f"Trick so far (led by {seat_name(sf.leader, seat)}): {format_cards(sf.trick)}"
            )
    else:
        from cardrules import my_bird_sings

        mbs = cast("my_bird_sings.View", view)
        lines.append(f"Turn {mbs.turn} (round {mbs.round}); stock {mbs.stock_count} cards.")
    hand: tuple[Card, ...] = getattr(view, "hand")  # noqa: B009
    ordered = sort_hand(game, state, hand)
    lines.append(f"Your hand: {format_cards(ordered)}")
    position = {card: i for i, card in enumerate(ordered)}
    legal: tuple[object, ...] = getattr(view, "legal_actions")  # noqa: B009

    def key(action: object) -> int:
        card = getattr(action, "card", getattr(action, "discard", None))
        return position.get(card, len(position)) if isinstance(card, Card) else len(position)

    moves = sorted(legal, key=key)
    lines.append("Legal moves: " + ", ".join(game.format_action(a) for a in moves))
    return lines


def _human_move(game: GameModule, state: GameState, seat: int) -> object | None:
    """Ask the human for a move until a legal one is typed; ``None`` to quit."""
    for line in _human_status(game, state, seat):
        click.echo(line)
    while True:
        text = _read_line("your move> ")
        if text is None or text.lower() in ("quit", "exit", "q"):
            return None
        if not text:
            continue
        if text in ("?", "help"):
            for line in _human_status(game, state, seat):
                click.echo(line)
            continue
        try:
            action = _parse_move(game, text)
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
    game = load_game(game_name)
    options = make_options(game, preset, players)
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
    click.echo(f"{name_of(game)}, {n} players, seed {seed}: {line_up}")
    tell = narrator(game, human, human)
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
                action = _human_move(game, state, seat)
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
    game = load_game(rec.game)
    tell = narrator(game, None, None)
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


def _deal_number(game: GameModule, state: GameState) -> int:
    """How many deals the session of ``state`` has had, the current one included."""
    return len(game.history(state).deals)


def _last_action(game: GameModule, state: GameState) -> object:
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
    workers: int,
    time_limit: float | None = None,
    as_json: bool,
    quiet: bool,
) -> None:
    """Run a simulation and print its summary (a table, or JSON)."""
    from concurrent.futures import Executor, ProcessPoolExecutor

    from cardrules.simulation import simulate

    game = load_game(game_name)
    names = [b for b in bots.split(",") if b.strip()]
    if players is None and len(names) > 1:
        players = len(names)
    options = make_options(game, preset, players)
    line_up = parse_bot_names(bots, options.players)
    show_progress = not quiet and sys.stderr.isatty()
    executor: Executor | None = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        if show_progress:
            from rich.console import Console
            from rich.progress import Progress

            with Progress(console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task(f"{name_of(game)}: {deals} deals", total=deals)
                result = simulate(
                    name_of(game), line_up, deals, seed=seed, options=options,
                    session_length=session_length, iterations=iterations, rollout=rollout,
                    time_limit=time_limit, executor=executor,
                    progress=lambda done: bar.update(task, completed=done),
                )  # fmt: skip
        else:
            result = simulate(
                name_of(game), line_up, deals, seed=seed, options=options,
                session_length=session_length, iterations=iterations, rollout=rollout,
                time_limit=time_limit, executor=executor,
            )  # fmt: skip
    finally:
        if executor is not None:
            executor.shutdown()
    summary = result.summary()
    if as_json:
        click.echo(json.dumps(summary, indent=2))
        return
    _print_summary(summary)


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
    label = "spoilt" if summary["game"] == "spoil-five" else "void"
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

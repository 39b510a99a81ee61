"""``cardrules play`` for a newcomer (issue 16): seats, deals, pace, paint, help, errors, Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardrules import _terminal, games, my_bird_sings, records, spoil_five
from cardrules.cards import Suit
from cardrules.cli import app
from cardrules.protocol import DynamicGame, GameState


def _invoke(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input, env=env, catch_exceptions=False)


def _run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> str:
    result = _invoke(*args, input=input, env=env)
    assert result.exit_code == 0, result.output
    return result.output


# --- where the human sits, and how many deals ------------------------------------------------


@pytest.mark.parametrize("seed", range(1, 41))
def test_a_human_always_gets_a_prompt_in_my_bird_sings(seed: int) -> None:
    """By default the human decides first; a deal won by a dealt hand asks for another."""
    output = _run("play", "my-bird-sings", "--seed", str(seed), input="\n" * 6)
    assert "your move> " in output
    first_deal = output.split("=== Deal 2")[0]
    if "your move> " not in first_deal:  # then a dealt hand sang, before anybody moved
        assert "my bird sings!" in first_deal
        assert not re.search(r"^  seat \d (passes|draws|exchanges)", first_deal, re.MULTILINE)
        assert "Another deal? [Y/n] " in first_deal


def test_the_default_seat_is_the_first_to_decide() -> None:
    state = my_bird_sings.new_game(my_bird_sings.Options(), seed=1)
    assert state.to_act == 1  # the eldest hand
    assert "you (seat 1)" in _run("play", "my-bird-sings", "--seed", "1", input="")
    blind = _run("play", "my-bird-sings", "--preset", "draw-blind", "--seed", "1", input="")
    assert "you (seat 2)" in blind  # with blind draws the eldest's left neighbour draws first
    assert "you (seat 1)" in _run("play", "spoil-five", "--seed", "1", input="")


def test_seat_chooses_the_humans_seat() -> None:
    output = _run("play", "spoil-five", "--seed", "1", "--seat", "3", input="")
    assert "seat 2 heuristic, you (seat 3), seat 4 heuristic" in output


def test_seat_and_auto_do_not_go_together() -> None:
    result = CliRunner().invoke(app, ["play", "spoil-five", "--auto", "--seat", "2"])
    assert result.exit_code == 2
    assert "--auto leaves none for you" in result.output


def _spoil_five_moves(seed: int, seat: int) -> list[str]:
    """Every card of the seat's hand five times: one of them is legal at each decision."""
    state = spoil_five.new_game(spoil_five.Options(), seed=seed)
    return [str(card) for card in state.hands[seat]] * 5


def test_after_a_deal_the_human_is_asked_for_another() -> None:
    moves = _spoil_five_moves(1, 1)
    output = _run("play", "spoil-five", "--seed", "1", input="\n".join([*moves, "n"]) + "\n")
    assert output.count("Another deal? [Y/n] ") >= 1
    assert "=== Deal 2" not in output
    assert "=== Session over: 1 deal played ===" in output


def test_a_yes_deals_again_and_the_end_of_input_stops() -> None:
    moves = _spoil_five_moves(1, 1)
    output = _run("play", "spoil-five", "--seed", "1", input="\n".join([*moves, "y"]) + "\n")
    assert "=== Deal 2: 5 players, dealer you" in output
    assert "=== Session over: 2 deals played, the last one unfinished ===" in output


def test_deals_fixes_the_count_without_asking() -> None:
    output = _run("play", "my-bird-sings", "--auto", "--seed", "3", "--deals", "3")
    assert "Another deal?" not in output
    assert len(re.findall(r"^=== Deal \d", output, re.MULTILINE)) == 3
    assert "=== Session over: 3 deals played ===" in output


# --- what is said: trump order, header, summary ----------------------------------------------


def test_every_turn_up_is_followed_by_the_trump_order() -> None:
    output = _run("play", "spoil-five", "--auto", "--seed", "2", "--deals", "3")
    lines = output.splitlines()
    turn_ups = [i for i, line in enumerate(lines) if re.match(r"(New t|T)urn-up \S+: ", line)]
    assert len(turn_ups) >= 3
    for i in turn_ups:
        trump = re.search(r"(\w+) are trumps", lines[i])
        assert trump is not None
        order = spoil_five.trump_order(Suit.parse(trump.group(1)[0]))
        assert lines[i + 1] == "Trumps, best first: " + " ".join(str(card) for card in order)


def _deal_states(game: DynamicGame, seed: int) -> list[GameState]:
    """The states of one deal played with the first legal action at every decision."""
    state = game.new_game(games.lookup(game.NAME).options(), seed=seed)
    states = [state]
    while not game.is_deal_over(state):
        state = game.apply_action(state, game.legal_actions(state)[0])
        states.append(state)
    return states


def test_every_trick_is_followed_by_why_it_was_won(tmp_path: Path) -> None:
    output = _run("play", "spoil-five", "--auto", "--seed", "2", "--deals", "2")
    lines = output.splitlines()
    tricks = [i for i, line in enumerate(lines) if re.match(r"Trick \d, led by seat \d: ", line)]
    assert len(tricks) == 10
    record = tmp_path / "game.json"
    _run("play", "spoil-five", "--auto", "--seed", "2", "--deals", "2", "--save", str(record))
    with record.open(encoding="utf-8") as file:
        states = list(records.replay(records.load(file)))
    finished = [s for s in states if isinstance(s, spoil_five.State) and s.outcome is not None]
    explained = [t for s in finished for t in spoil_five.explain_tricks(spoil_five.view(s, 0))]
    assert len(explained) == 10
    tell = games.lookup("spoil-five").load_narrator()(games.lookup("spoil-five").module, None, None)
    for i, why in zip(tricks, explained, strict=True):
        reason = tell.write(why.message, 5)[:-1]  # without its full stop
        assert lines[i + 1] == f"  Why: {reason} ({', '.join(why.rules)})"
        assert f"-> seat {why.winner} wins" in lines[i]


@pytest.mark.parametrize("game", [spoil_five, my_bird_sings], ids=lambda g: g.NAME)
def test_the_settlement_is_the_games_own_explanation(game: DynamicGame) -> None:
    last = _deal_states(game, 3)[-1]
    settled = getattr(game, "explain_settlement")(game.view(last, 0))  # noqa: B009
    assert settled is not None
    entry = games.lookup(game.NAME)
    tell = entry.load_narrator()(game, None, None)
    lines = tell.settlement(last)
    assert lines[-1].startswith("Balances: ")
    n = len(last.balances)
    shown = lines[-1 - len(settled.messages) : -1]
    assert len(shown) == len(settled.messages)
    for line, message in zip(shown, settled.messages, strict=True):
        text = tell.write(message, n)
        ids = f" ({', '.join(message.rules)})" if message.rules else ""
        assert line == (text[:-1] + ids + "." if text.endswith(".") else text + ids)


def test_the_header_shows_the_pool_a_dealt_hand_sings_for() -> None:
    state = my_bird_sings.new_game(my_bird_sings.Options(), seed=8)
    assert state.outcome is not None
    assert state.pool == 0
    won = state.outcome.payouts[state.outcome.winners[0]]
    output = _run("play", "my-bird-sings", "--auto", "--seed", "8", "--deals", "1")
    assert f"=== Deal 1: 5 players, dealer seat 0, pool {won} ===" in output
    assert f"seat 1 +{won}" in output


def test_the_session_ends_with_a_summary() -> None:
    output = _run("play", "spoil-five", "--auto", "--seed", "11", "--deals", "2")
    summary = output.split("=== Session over: 2 deals played ===\n", 1)[1].splitlines()
    assert summary[0].startswith("Deal 1: ")
    assert summary[1].startswith("Deal 2: ")
    assert summary[2].startswith("Balances: seat 0 ")
    assert summary[3].startswith("Pools carried: ")
    final = spoil_five.new_game(spoil_five.Options(), seed=11)
    assert len(summary[2].split("seat")) == final.options.players + 1


# --- paint ------------------------------------------------------------------------------------


def test_output_is_plain_when_not_a_terminal() -> None:
    output = _run("play", "spoil-five", "--auto", "--seed", "2", "--deals", "1")
    assert output.isascii()
    assert "\x1b[" not in output


def test_a_terminal_gets_suit_symbols_with_red_hearts_and_diamonds() -> None:
    output = _run(
        "play", "spoil-five", "--auto", "--seed", "2", "--deals", "1",
        env={"FORCE_COLOR": "1", "NO_COLOR": ""},
    )  # fmt: skip
    assert "\x1b[1;31m" in output  # bold red
    assert re.search(r"\x1b\[1;31m(10|[2-9AJQK])♥", output)
    assert re.search(r"\x1b\[1m(10|[2-9AJQK])♠", output)
    assert not re.search(r"\b(10|[2-9AJQK])[SHDC]\b", _strip_ansi(output))


def test_plain_and_no_color_take_the_paint_off() -> None:
    args = ("play", "spoil-five", "--auto", "--seed", "2", "--deals", "1")
    plain = _run(*args, "--plain", env={"FORCE_COLOR": "1"})
    assert plain == _run(*args)
    no_color = _run(*args, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[" not in no_color
    assert "♥" in no_color or "♦" in no_color
    assert _unpaint(no_color) == plain


def _strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _unpaint(text: str) -> str:
    letters = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    return re.sub("[♠♥♦♣]", lambda m: letters[m.group()], _strip_ansi(text))


def test_paint_never_touches_rule_ids_or_counts() -> None:
    line = _terminal.paint("cannot play 2C: follow suit (SF-16); seat 2 +6, pool 10")
    assert line.plain == "cannot play 2♣: follow suit (SF-16); seat 2 +6, pool 10"


# --- pace -------------------------------------------------------------------------------------


def test_delay_pauses_after_each_computer_move(monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    monkeypatch.setattr(time, "sleep", pauses.append)
    output = _run("play", "spoil-five", "--auto", "--seed", "2", "--deals", "1", "--delay", "0.5")
    moves = len(re.findall(r"^ *Seat \d (plays|robs)", output, re.MULTILINE))
    assert moves > 20
    assert pauses == [0.5] * (moves - 1)  # none after the deal's last card


def test_step_waits_for_enter_and_q_stops() -> None:
    output = _run("play", "spoil-five", "--auto", "--seed", "2", "--step", input="\n\nq\n")
    assert output.count("[Enter] ") == 3
    assert "Game stopped." in output
    assert "=== Session over: 1 deal played, the last one unfinished ===" in output


# --- the prompt: help, errors, refusals, suit names -------------------------------------------


def test_help_lists_the_commands_and_what_a_move_looks_like() -> None:
    output = _run("play", "my-bird-sings", "--seed", "1", input="help\n")
    after = output.split("your move> help\n", 1)[1]
    for expected in ("pass KH  or  KH", "draw 2", "exchange 4D", "sing 2H 5H 9H KH", "quit"):
        assert expected in after
    assert "10 of clubs" in after
    assert re.search(r"^Your moves: pass ", after, re.MULTILINE)


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_hint_suggests_a_legal_move_the_same_each_time_which_the_prompt_then_takes(
    game: str,
) -> None:
    output = _run("play", game, "--seed", "4", input="hint\nhint\nhelp\n")
    hints = re.findall(r"^Suggested move: (.+) \(type (.+)\)\.$", output, re.MULTILINE)
    assert len(hints) == 2, output
    assert hints[0] == hints[1]
    moves = re.search(r"^Your moves: (.*)$", output, re.MULTILINE)
    assert moves is not None
    assert hints[0][1] in moves.group(1).split(", ")
    assert re.search(r"^  hint +suggest a move", output, re.MULTILINE)
    played = _run("play", game, "--seed", "4", input=f"hint\n{hints[0][1]}\n")
    after = played.split(f"your move> {hints[0][1]}\n", 1)[1]
    assert not after.startswith(("Not a move", "You cannot")), after


def test_hint_speaks_french_with_the_narration() -> None:
    output = _run("play", "spoil-five", "--seed", "4", "--language", "fr", input="hint\nhelp\n")
    assert re.search(r"^Coup suggéré : jouer \w+ \(tapez play \w+\)\.$", output, re.MULTILINE)
    assert "suggérer un coup" in output


def test_a_bare_verb_names_the_real_range() -> None:
    output = _run(
        "play", "my-bird-sings", "--preset", "draw-blind", "--players", "3", "--seed", "1",
        input="draw\nsing\nfoo\n",
    )  # fmt: skip
    assert "Not a move: 'draw'; expected draw and a number from 0 to 3 (e.g. 'draw 0')." in output
    assert "Not a move: 'sing'; you cannot sing now; your moves: draw 0, " in output
    assert "Not a move: 'foo'; your moves: draw 0, draw 1, draw 2, draw 3." in output
    assert "from 0 to 15" not in output


def test_a_card_verb_without_a_card_lists_the_cards() -> None:
    state = spoil_five.new_game(spoil_five.Options(), seed=3)
    output = _run("play", "spoil-five", "--seed", "3", input="play\nplay 11H\n")
    legal = {str(action) for action in spoil_five.legal_actions(state)}
    for line in re.findall(r"^Not a move: 'play(?: 11H)?'; expected one of: (.*)\.$", output, re.M):
        assert set(line.split(", ")) == legal


def test_a_refusal_gives_the_engines_sentence_and_rule_once() -> None:
    state = my_bird_sings.new_game(my_bird_sings.Options(), seed=1)
    missing = state.hands[2][0]  # another seat's card
    output = _run("play", "my-bird-sings", "--seed", "1", input=f"{missing}\n")
    refusal = my_bird_sings.explain_action(my_bird_sings.view(state, 1), f"pass {missing}")
    assert refusal is not None
    line = next(line for line in output.splitlines() if line.startswith("You cannot "))
    tell = games.lookup("my-bird-sings").load_narrator()(games.lookup("my-bird-sings").module, 1, 1)
    assert line == f"{tell.write(refusal.message, 5)[:-1]} ({refusal.rule})."
    assert line == f"You cannot pass {missing}: you do not hold {missing} (MBS-9)."
    assert line.count(refusal.rule) == 1


def test_a_spoil_five_refusal_says_why_the_card_must_not_be_played() -> None:
    state = spoil_five.new_game(spoil_five.Options(players=4), seed=51)
    state = spoil_five.apply_action(state, "play 9C")  # seat 2 holds AS, the ace of trumps
    view = spoil_five.view(state, 2)
    refusal = spoil_five.explain_action(view, "play 3H")
    assert refusal is not None
    assert refusal.rule == "SF-11"  # he must rob first
    args = ["--players", "4", "--seed", "51", "--seat", "2", "--bots", "random"]
    output = _run("play", "spoil-five", *args, input="3H\n")
    tell = games.lookup("spoil-five").load_narrator()(games.lookup("spoil-five").module, 2, 2)
    said = f"{tell.write(refusal.message, 4)[:-1]} ({refusal.rule})."
    assert said == "You cannot play 3H: you hold the ace of trumps: rob the turn-up first (SF-11)."
    assert f"your move> 3H\n{said}\nyour move> " in output


@pytest.mark.parametrize("spelling", ["{rank} of hearts", "{rank}hearts", "{rank}♥", "{rank}h"])
def test_a_card_may_name_its_suit(spelling: str) -> None:
    state = spoil_five.new_game(spoil_five.Options(), seed=4)
    assert state.to_act == 1
    legal = [a.card for a in spoil_five.legal_actions(state) if isinstance(a, spoil_five.Play)]
    card = next(card for card in legal if card.suit is Suit.HEARTS)
    typed = spelling.format(rank=card.rank.symbol)
    output = _run("play", "spoil-five", "--seed", "4", input=f"{typed}\n")
    assert f"your move> {typed}\n  You play {card}\n" in output


@pytest.mark.parametrize("name", ["hearts", "Hearts", "heart", "h", "H", "♥"])
def test_orders_accepts_a_suit_name(name: str) -> None:
    assert _run("orders", "--trump", name) == _run("orders", "--trump", "H")


def test_orders_refuses_what_is_not_a_suit() -> None:
    result = CliRunner().invoke(app, ["orders", "--trump", "stars"])
    assert result.exit_code == 2
    assert "not a suit: 'stars'" in result.output
    assert "hearts" in result.output


# --- bots -------------------------------------------------------------------------------------


def test_bots_name_the_computer_players_only() -> None:
    output = _run(
        "play", "spoil-five", "--players", "3", "--seat", "0", "--bots", "search,random",
        "--seed", "1", "--iterations", "2", input="",
    )  # fmt: skip
    assert "you (seat 0), seat 1 search, seat 2 random" in output
    output = _run(
        "play", "spoil-five", "--players", "3", "--bots", "random", "--seed", "1", input=""
    )
    assert "seat 0 random, you (seat 1), seat 2 random" in output


def test_surplus_bot_names_are_refused() -> None:
    result = CliRunner().invoke(
        app, ["play", "spoil-five", "--players", "3", "--bots", "random,random,heuristic"]
    )
    assert result.exit_code == 2
    assert "--bots names 3 computer players, but the table has 2 (3 players, you in seat 1)" in (
        result.output
    )
    auto = ["play", "spoil-five", "--auto", "--players", "2", "--deals", "1"]
    assert CliRunner().invoke(app, [*auto, "--bots", "random,heuristic"]).exit_code == 0
    assert CliRunner().invoke(app, [*auto, "--bots", "random,heuristic,random"]).exit_code == 2


# --- stopping: quit, Ctrl-C, a closed pipe ----------------------------------------------------


def test_quit_saves_the_game_so_far(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    output = _run("play", "spoil-five", "--seed", "1", "--save", str(path), input="quit\n")
    assert output.rstrip().endswith(f"Saved the game record to {path}")
    with path.open(encoding="utf-8") as file:
        assert records.load(file).game == "spoil-five"


def test_ctrl_c_in_the_middle_of_a_deal_saves_every_move_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["QH"])  # seat 1's lead; Ctrl-C at his next prompt

    def read_line(prompt: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(_terminal, "_read_line", read_line)
    path = tmp_path / "game.json"
    args = ["--players", "4", "--seed", "1", "--save", str(path)]
    result = _invoke("play", "spoil-five", *args)
    assert result.exit_code == 130
    assert "Interrupted." in result.output
    with path.open(encoding="utf-8") as file:
        last = list(records.replay(records.load(file)))[-1]
    assert isinstance(last, spoil_five.State)
    assert len(last.tricks) == 1  # the first trick was played out
    assert last.to_act == 1  # and it was his turn again: he won it
    assert "=== Session over: 1 deal played, the last one unfinished ===" in result.output


def _python_m_cardrules(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    return subprocess.Popen(
        [sys.executable, "-m", "cardrules", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env, start_new_session=True,
    )  # fmt: skip


def test_ctrl_c_at_the_prompt_saves_and_sums_up(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = _python_m_cardrules("play", "spoil-five", "--seed", "1", "--save", str(path))
    try:
        assert run.stdin is not None
        assert run.stdout is not None
        seen = ""
        while not seen.endswith("your move> "):  # the prompt has no newline: read by characters
            char = run.stdout.read(1)
            assert char, seen
            seen += char
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, err
    assert "Interrupted." in out
    assert "=== Session over: 1 deal played, the last one unfinished ===" in out
    assert f"Saved the game record to {path}" in out
    with path.open(encoding="utf-8") as file:
        record = records.load(file)
    assert [state.to_act for state in records.replay(record)][-1] == 1  # where it stopped


def test_a_closed_pipe_ends_quietly() -> None:
    """The pauses keep the command writing after the reader has gone."""
    run = _python_m_cardrules(
        "play", "spoil-five", "--auto", "--seed", "4", "--deals", "10", "--delay", "0.002"
    )
    with run:
        assert run.stdout is not None
        assert run.stderr is not None
        assert run.stdin is not None
        run.stdin.close()
        first = run.stdout.readline()
        run.stdout.close()  # as `| head -1` does
        err = run.stderr.read()
        run.wait(timeout=60)
    assert first.startswith("Spoil Five, 5 players, seed 4")
    assert err == ""
    assert run.returncode == 1  # click's status for a closed pipe


# --- simulate, interrupted on a process pool --------------------------------------------------


def test_ctrl_c_keeps_the_finished_deals_of_a_process_pool(tmp_path: Path) -> None:
    """The deals file is watched until it holds more than the first block's deals.

    A Ctrl-C while the first block is being written leaves no deal finished (the block is
    taken back out of the file): that is right, and it is why waiting for the first bytes
    of the file, as a test once did, sometimes saw "0 deals" under load.
    """
    path = tmp_path / "deals.jsonl"
    run = _python_m_cardrules(
        "simulate", "spoil-five", "-n", "1000000", "--bots", "random", "--seed", "5",
        "--json", "--deals-file", str(path), "--workers", "2",
    )  # fmt: skip
    block = 64 * 5  # sessions per block with per-deal results, times deals per session
    try:
        deadline = time.monotonic() + 120  # only so that a broken run cannot hang the suite
        while time.monotonic() < deadline:
            if path.exists() and path.read_bytes().count(b"\n") > block:
                break
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, err
    summary = json.loads(out)
    finished = summary["deals"]
    assert block <= finished < 1_000_000
    assert finished % block == 0
    assert err.startswith(f"Interrupted: {finished} of 1000000 deals were finished")
    assert path.read_bytes().count(b"\n") == finished


def test_simulate_refuses_surplus_bot_names_too() -> None:
    args = ["simulate", "spoil-five", "-n", "2", "--players", "2", "--bots", "random,random,search"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "--bots names 3 computer players, but the table has 2 (2 players)" in result.output


def test_stop_is_a_spoil_five_move_not_a_way_to_quit() -> None:
    state = spoil_five.new_game(spoil_five.Options(), seed=3)
    refusal = spoil_five.explain_action(spoil_five.view(state, 1), "stop")
    assert refusal is not None
    output = _run("play", "spoil-five", "--seed", "1", input="stop\n")
    tell = games.lookup("spoil-five").load_narrator()(games.lookup("spoil-five").module, 1, 1)
    said = f"{tell.write(refusal.message, 5)[:-1]} ({refusal.rule})."
    assert said.startswith("You cannot stop: only a player who has just won the first three")
    assert f"your move> stop\n{said}\nyour move> " in output


def test_declared_singing_gives_the_human_a_decision_in_every_deal() -> None:
    """benchmarks/decisions.py: the figures docs/cli.md gives for the default of play."""
    import attrs
    from benchmarks.decisions import measure

    automatic, none_automatic, _ = measure(attrs.evolve(my_bird_sings.PEEL, players=5), 40)
    declared, none_declared, _ = measure(
        attrs.evolve(my_bird_sings.PEEL, players=5, auto_sing=False), 40
    )
    assert none_declared == 0 < none_automatic
    assert declared > automatic

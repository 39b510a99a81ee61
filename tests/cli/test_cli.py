"""The ``cardrules`` command end to end: play (scripted and --auto), simulate, replay, orders."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardrules import my_bird_sings, spoil_five
from cardrules.cli import app


def _run(*args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_play_spoil_five_with_scripted_moves_explains_an_illegal_move() -> None:
    """A human (seat 1, the eldest hand) plays a whole deal by typing moves."""
    state = spoil_five.new_game(spoil_five.Options(players=5), seed=3)
    hand = [str(card) for card in state.hands[1]]
    assert state.to_act == 1
    assert "AD" not in hand
    moves = [f"rob {hand[0]}", *(hand * 5)]  # a false rob, then bare cards until one is legal
    output = _run(
        "play", "spoil-five", "--seed", "3", "--seat", "1", "--deals", "1",
        input="\n".join(moves) + "\n",
    )  # fmt: skip
    assert f"your move> rob {hand[0]}\nYou cannot rob the turn-up, discarding {hand[0]}: " in output
    explained = re.search(
        r"You cannot rob the turn-up, discarding \S+: .* \((SF-\d+)\)\.\n", output
    )
    assert explained is not None
    assert explained.group(1) == "SF-12"
    assert f"  You plays {hand[0]}" not in output  # the narration says "you play"
    assert re.search(r"Trick 1, led by .*: .* wins", output)
    assert re.search(r"^  Why: \S+ wins: .* \(SF-17(, SF-\d+)*\)$", output, re.MULTILINE)
    assert re.search(r"\(SF-18\)\.$", output, re.MULTILINE)  # won or spoilt, and why
    assert "Balances: " in output


def test_play_my_bird_sings_accepts_a_bare_card_as_a_pass() -> None:
    state = my_bird_sings.new_game(my_bird_sings.Options(players=3), seed=1)
    assert state.to_act == 1
    hand = [str(card) for card in state.hands[1]]
    moves = [f"exchange {hand[0]}", hand[0], *(hand * 20)]
    output = _run(
        "play", "my-bird-sings", "--seed", "1", "--players", "3", "--seat", "1", "--deals", "1",
        input="\n".join(moves) + "\n",
    )  # fmt: skip
    assert re.search(r"You cannot exchange \S+ with the stock: .* \(MBS-11\)\.\n", output)
    assert f"You pass {hand[0]} to seat 2" in output
    assert re.search(r"^Seat \d's bird sang with .* \(MBS-\d+\)\.$", output, re.MULTILINE)


def test_play_stops_cleanly_at_the_end_of_input() -> None:
    output = _run("play", "spoil-five", "--seed", "1", "--seat", "1", input="")
    assert "Game stopped." in output
    assert "=== Session over: 1 deal played, the last one unfinished ===" in output


def test_play_auto_watches_a_complete_game() -> None:
    output = _run("play", "spoil-five", "--auto", "--seed", "2")
    assert "Turn-up " in output
    assert len(re.findall(r"^Trick \d, led by seat \d: ", output, re.MULTILINE)) >= 3
    assert re.search(r"^Seat \d takes the pool: \d+ counters \(SF-19\)\.$", output, re.MULTILINE)
    assert output.count("Balances: ") >= 1


def test_python_dash_m_cardrules_play_auto_finishes_quickly() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "my-bird-sings", "--auto", "--seed", "4"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "my bird sings!" in result.stdout
    assert "Balances: " in result.stdout


def test_play_rejects_a_seat_outside_the_table() -> None:
    result = CliRunner().invoke(app, ["play", "spoil-five", "--seat", "7"])
    assert result.exit_code == 2
    assert "seat must be from 0 to 4" in result.output


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_replay_of_a_saved_game_repeats_the_narration(tmp_path: Path, game: str) -> None:
    record = tmp_path / "game.json"
    played = _run("play", game, "--auto", "--seed", "5", "--deals", "3", "--save", str(record))
    replayed = _run("replay", str(record))
    lines = played.splitlines()
    assert lines[-1] == f"Saved the game record to {record}"
    assert replayed.splitlines() == lines[1:-1]


def test_replay_step_waits_for_enter(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    _run("play", "my-bird-sings", "--auto", "--seed", "5", "--deals", "1", "--save", str(record))
    output = _run("replay", "--step", str(record), input="\n" * 100)
    assert "[Enter] " in output


def test_replay_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1
    assert result.output.startswith("Error: ")


def test_simulate_json_is_identical_for_one_and_two_workers() -> None:
    args = ["simulate", "spoil-five", "-n", "30", "--bots", "heuristic,random", "--seed", "9"]
    one = _run(*args, "--json", "--workers", "1")
    two = _run(*args, "--json", "--workers", "2")
    assert one == two
    data = json.loads(one)
    assert data["deals"] == 30
    assert data["players"] == 2
    assert [seat["bot"] for seat in data["seats"]] == ["heuristic", "random"]
    assert 0.0 <= data["seats"][0]["win_rate"]["low"] <= data["seats"][0]["win_rate"]["value"]


def test_simulate_my_bird_sings_table_compares_dealt_hands_with_the_exact_probability() -> None:
    output = _run("simulate", "my-bird-sings", "-n", "40", "--quiet")
    assert "Dealt hand already sings: " in output
    assert "exact 2417/20825" in output
    assert "win rate" in output
    assert "Mean pool: 6.00" in output


def test_simulate_shows_no_progress_bar_when_stderr_is_not_a_terminal() -> None:
    result = CliRunner().invoke(app, ["simulate", "spoil-five", "-n", "20"])
    assert result.exit_code == 0
    assert result.stderr == ""
    assert "No winner (spoilt): " in result.stdout


def test_simulate_search_bots_with_a_time_limit() -> None:
    output = _run(
        "simulate", "spoil-five", "-n", "4", "--bots", "search,heuristic", "--time-limit", "0.01",
        "--quiet",
    )  # fmt: skip
    assert "search" in output
    assert "Mean pool: " in output


def test_simulate_rejects_an_unknown_bot() -> None:
    result = CliRunner().invoke(app, ["simulate", "spoil-five", "-n", "2", "--bots", "wizard"])
    assert result.exit_code == 2
    assert "unknown bot 'wizard'" in result.output


# The orders of SF-3 to SF-6 on the rules page (best first), by trump suit and suit.
ORDERS_4_1 = {
    "D": {
        "trumps": "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D",
        "hearts": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        "clubs": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "spades": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    },
    "H": {
        "trumps": "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H",
        "diamonds": "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
        "clubs": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "spades": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    },
    "C": {
        "trumps": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C",
        "hearts": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        "diamonds": "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
        "spades": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    },
    "S": {
        "trumps": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S",
        "hearts": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        "diamonds": "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
        "clubs": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    },
}


@pytest.mark.parametrize("trump", sorted(ORDERS_4_1))
def test_orders_match_the_full_orderings_of_rules_4_1(trump: str) -> None:
    output = _run("orders", "--trump", trump.lower())
    rows = {
        label.rstrip(":"): cards.strip()
        for label, cards in (line.split(":", 1) for line in output.splitlines()[1:])
    }
    assert rows == ORDERS_4_1[trump]
    assert (
        sorted(" ".join(rows.values()).split())
        == sorted(str(card) for card in spoil_five.FULL_PACK)
        if hasattr(spoil_five, "FULL_PACK")
        else len(" ".join(rows.values()).split()) == 52
    )

"""``cardrules play --save FILE``: arguments checked before playing, the file written whole.

The record goes through a temporary file beside FILE, renamed over it only once it is
completely written (``records.dump``): an existing FILE is left as it was or replaced
whole, never emptied or cut short.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardrules import records, spoil_five
from cardrules.cli import app

KEPT = "an earlier game, to keep\n"


def _play(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["play", "spoil-five", "--auto", "--deals", "1", *args])
    return result.exit_code, result.output


def test_a_seed_no_record_can_keep_is_refused_before_playing(tmp_path: Path) -> None:
    """Issue 25: --seed 2**64 played the whole game, then left an existing FILE empty."""
    path = tmp_path / "game.json"
    path.write_text(KEPT)
    for seed in (2**64, -(2**64), 10**30):
        code, output = _play("--seed", str(seed), "--save", str(path))
        assert code == 2, output
        assert "Invalid value for '--seed'" in output
        assert "seed of magnitude below 2**64" in output
        assert "Deal 1" not in output  # nothing was played
        assert path.read_text() == KEPT
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
    code, output = _play("--seed", str(2**64))  # without --save any seed plays
    assert code == 0, output


@pytest.mark.parametrize("where", ["directory", "missing directory", "file as directory"])
def test_a_file_that_cannot_be_written_is_refused_before_playing(
    tmp_path: Path, where: str
) -> None:
    (tmp_path / "plain").write_text(KEPT)
    target = {
        "directory": tmp_path,
        "missing directory": tmp_path / "nowhere" / "game.json",
        "file as directory": tmp_path / "plain" / "game.json",
    }[where]
    code, output = _play("--seed", "3", "--save", str(target))
    assert code == 2, output
    assert "Invalid value for '--save'" in output
    assert "Deal 1" not in output
    assert (tmp_path / "plain").read_text() == KEPT


def test_a_saved_game_replaces_the_file_whole_and_leaves_nothing_beside_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    path.write_text(KEPT)
    path.chmod(0o640)
    code, output = _play("--seed", "3", "--save", str(path))
    assert code == 0, output
    assert f"Saved the game record to {path}" in output
    rec = records.load(path)
    assert rec.game == "spoil-five"
    assert isinstance(records.restore(rec), spoil_five.State)
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # the replaced file's mode is kept


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_write_that_fails_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    """A disk that fills up (fsync) or a rename refused: the old file stays as it was."""
    path = tmp_path / "game.json"
    path.write_text(KEPT)
    rec = records.record(spoil_five.new_game(spoil_five.Options(players=3), seed=4))

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)  # the module records.dump writes through
    with pytest.raises(OSError, match="No space left"):
        records.dump(rec, path)
    monkeypatch.undo()
    assert path.read_text() == KEPT
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
    records.dump(rec, path)
    assert records.load(path) == rec
    assert sorted(os.listdir(tmp_path)) == ["game.json"]

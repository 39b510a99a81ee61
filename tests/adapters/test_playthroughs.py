"""OpenSpiel playthroughs of every preset the adapter offers, regenerated and compared.

As OpenSpiel's own ``integration_tests/playthrough_test.py`` does for its games: each
file in ``tests/golden/playthroughs`` is replayed by ``generate_playthrough.replay`` (its
recorded actions, every observation, tensor, legal action and return written again) and
must come out identical. After a deliberate change, regenerate them with::

    python tests/adapters/test_playthroughs.py

and review the diff. The playthroughs use small tables (three players, a My Bird Sings
round limit of four) to keep the files and the test short; ``generate_playthrough`` runs
on the presets at their own sizes too.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

from cardrules import my_bird_sings, spoil_five
from cardrules.adapters import openspiel

PLAYTHROUGHS = Path(__file__).resolve().parents[1] / "golden" / "playthroughs"
SEED = 1


def game_strings() -> dict[str, str]:
    """The game string of the playthrough of every preset offered, by file name."""
    strings: dict[str, str] = {}
    for name, module in (
        (openspiel.SPOIL_FIVE, spoil_five),
        (openspiel.MY_BIRD_SINGS, my_bird_sings),
    ):
        for preset, options in module.PRESETS.items():
            if getattr(options, "scoring", "pool") == "points":
                continue  # one deal is one episode: points games are not offered
            players = min(options.players, 3) if options.players != 4 else 4
            extra = ",round_limit=4" if module is my_bird_sings else ""
            strings[f"{name}_{preset}.txt"] = f"{name}(preset={preset},players={players}{extra})"
    return strings


def _parsed_flags() -> None:
    """``replay`` reads an absl flag (action ids or names); take its default."""
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()


def test_every_offered_preset_has_a_playthrough() -> None:
    assert sorted(path.name for path in PLAYTHROUGHS.glob("*.txt")) == sorted(game_strings())


@pytest.mark.parametrize("file_name", sorted(game_strings()))
def test_playthrough_replays_identically(file_name: str) -> None:
    _parsed_flags()
    expected, actual = generate_playthrough.replay(str(PLAYTHROUGHS / file_name))
    for number, (want, got) in enumerate(
        zip(expected.split("\n"), actual.split("\n"), strict=False)
    ):
        assert got == want, f"line {number + 1} of {file_name} differs"
    assert actual == expected


def main() -> None:
    """Write the playthroughs again (a new random game for each, seeded)."""
    PLAYTHROUGHS.mkdir(parents=True, exist_ok=True)
    for file_name, game_string in game_strings().items():
        text = generate_playthrough.playthrough(game_string, None, seed=SEED)
        (PLAYTHROUGHS / file_name).write_text(text, encoding="utf-8")
        print(f"wrote {file_name}", file=sys.stderr)


if __name__ == "__main__":
    main()

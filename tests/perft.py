"""Perft for card games: count every action sequence to a fixed depth (golden counts).

Chess programmers pin a move generator with *perft*: from a fixed position, the number of
move sequences of each length. The same holds a card engine to fixed numbers: from a fixed
pack (and, for a mid-deal position, a fixed line of play) every sequence of legal actions is
followed to ``depth``, counting the positions reached at each depth and the sequences that
end the deal early. A digest of every leaf (phase, seat to act, hands, counters, legal
actions and outcome, in notation) pins more than the counts: two engines that agree on it
agree on every rule the search touched.

Only the public API is used, so the counts hold any implementation to the same behaviour.
The figures live in ``tests/golden/perft.json``; ``python -m tests.perft`` prints them
afresh from the engines as they are (``--write`` replaces the file, for a deliberate,
reviewed change of behaviour).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

from cardrules import FULL_PACK, SHORT_PACK, format_cards, my_bird_sings, parse_cards, spoil_five
from cardrules.dealing import legacy_shuffled

GOLDEN = Path(__file__).parent / "golden" / "perft.json"
GAMES: dict[str, ModuleType] = {"spoil-five": spoil_five, "my-bird-sings": my_bird_sings}
NODE_BUDGET = 4000
"""The largest number of positions one entry may visit (the depth is chosen to fit)."""


def fingerprint(game: ModuleType, state: Any) -> str:
    """One line that says everything public about a position, in notation."""
    legal = sorted(game.format_action(action) for action in game.legal_actions(state))
    hands = "/".join(format_cards(sorted(hand)) for hand in state.hands)
    outcome = state.outcome
    settled = "" if outcome is None else f"{outcome.winners}{outcome.payouts}{outcome.carried}"
    return (
        f"{state.phase}|{state.to_act}|{hands}|{state.pool}|{state.balances}"
        f"|{','.join(legal)}|{settled}"
    )


def perft(game: ModuleType, state: Any, depth: int) -> tuple[list[int], int, str]:
    """Return positions per depth (1 … ``depth``), deals ended on the way, and the digest."""
    nodes = [0] * depth
    ended = 0
    leaves: list[str] = []

    def walk(position: Any, level: int) -> None:
        nonlocal ended
        if level == depth or game.is_deal_over(position):
            if game.is_deal_over(position):
                ended += 1
            leaves.append(fingerprint(game, position))
            return
        for action in game.legal_actions(position):
            nodes[level] += 1
            walk(game.apply_action(position, action), level + 1)

    walk(state, 0)
    leaves.sort()
    digest = hashlib.sha256("\n".join(leaves).encode()).hexdigest()[:16]
    return nodes, ended, digest


def start(game: ModuleType, entry: dict[str, Any]) -> Any:
    """The position an entry starts from: its preset, pack, seed and line of play."""
    options = attrs.evolve(game.PRESETS[entry["preset"]], players=entry["players"])
    state = game.new_game(
        options, deck=parse_cards(entry["deck"]), seed=entry["seed"], dealer=entry["dealer"]
    )
    for text in entry["line"]:
        state = game.apply_action(state, game.parse_action(text))
    return state


def _player_counts(name: str, preset: Any) -> tuple[int, ...]:
    counts = [preset.players]
    other = 3 if name == "spoil-five" else 4
    try:
        attrs.evolve(preset, players=other)
    except Exception:  # the preset fixes its table (two-handed, partnership)
        return tuple(counts)
    if other not in counts:
        counts.append(other)
    return tuple(counts)


def _deepest(game: ModuleType, state: Any) -> int:
    """The largest depth (at most 12) whose perft visits no more than NODE_BUDGET positions."""
    depth = 1
    while depth < 12:
        nodes, _, _ = perft(game, state, depth + 1)
        if sum(nodes) > NODE_BUDGET:
            break
        depth += 1
    return depth


def entries() -> Iterator[dict[str, Any]]:
    """Every golden entry, computed afresh from the engines as they are."""
    for index, (name, game) in enumerate(GAMES.items()):
        for preset_name, preset in game.PRESETS.items():
            for players in _player_counts(name, preset):
                pack = SHORT_PACK if getattr(preset, "pack", 52) == 32 else FULL_PACK
                seed = 1000 * index + 10 * players + len(preset_name)
                # The packs were drawn by the seed mapping of record versions 1 and 2;
                # kept, so that rewriting the file changes only what the engines change.
                deck = legacy_shuffled(pack, seed)
                for line_length in (0, 7) if name == "spoil-five" else (0, 5, 10):
                    entry: dict[str, Any] = {
                        "game": name,
                        "preset": preset_name,
                        "players": players,
                        "dealer": players - 1,
                        "seed": seed,
                        "deck": format_cards(deck),
                        "line": [],
                    }
                    state = start(game, entry)
                    rng = random.Random(seed + line_length)
                    for _ in range(line_length):
                        legal = game.legal_actions(state)
                        if not legal or game.is_deal_over(state):
                            break
                        action = legal[rng.randrange(len(legal))]
                        entry["line"].append(game.format_action(action))
                        state = game.apply_action(state, action)
                    if game.is_deal_over(state):
                        continue
                    depth = _deepest(game, state)
                    nodes, ended, digest = perft(game, state, depth)
                    entry.update(depth=depth, nodes=nodes, ended=ended, digest=digest)
                    yield entry


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"replace {GOLDEN.name}")
    args = parser.parse_args(argv)
    text = json.dumps(list(entries()), indent=1) + "\n"
    if args.write:
        GOLDEN.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

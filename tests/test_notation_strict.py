"""Notation is ASCII, the suit symbols, any ASCII case and ASCII spacing: nothing else.

Unicode look-alikes (the long s, the Kelvin sign, full-width letters) and Unicode
spaces (no-break space, U+0085, the ideographic space) never read as notation, in
either game's ``parse_action``, in ``apply_action`` given text, or in a record, so
two different texts can never load as the same game.
"""

from __future__ import annotations

import json
import re

import pytest

from cardrules import my_bird_sings, records, spoil_five
from cardrules.errors import IllegalActionError, NotationError, RecordError

LOOKALIKES = [
    "play 10\u017f",  # long s for S
    "play \u212aS",  # Kelvin sign for K
    "play \uff2bS",  # full-width K
    "play\u00a0KS",  # no-break space
    "play\u0085KS",  # next line (str.split() breaks on it)
    "play\u3000KS",  # ideographic space
    "play KS\u200b",  # zero-width space
]
ACCEPTED = {
    "play KS": "play KS",
    "PLAY ks": "play KS",
    "  play\tK\u2660 ": "play KS",  # suit symbols are notation
    "play\nkS": "play KS",
    "10c": "play 10C",
}


@pytest.mark.parametrize("text", LOOKALIKES)
def test_look_alikes_are_not_notation(text: str) -> None:
    """Refused with NotationError by both games' readers, and by apply_action (C-7)."""
    for game in (spoil_five, my_bird_sings):
        with pytest.raises(NotationError):
            game.parse_action(text)
        mbs_text = text.replace("play", "pass")
        with pytest.raises(NotationError):
            my_bird_sings.parse_action(mbs_text)
    state = spoil_five.new_game(spoil_five.Options(players=2), seed=1)
    with pytest.raises(IllegalActionError):
        spoil_five.apply_action(state, text)


@pytest.mark.parametrize(("text", "canonical"), sorted(ACCEPTED.items()))
def test_ascii_case_spacing_and_suit_symbols_are_notation(text: str, canonical: str) -> None:
    """The documented freedom: ASCII case, ASCII white space, suit symbols."""
    assert str(spoil_five.parse_action(text)) == canonical
    passed = re.sub("(?i)play", "pass", text)
    assert str(my_bird_sings.parse_action(passed)) == canonical.replace("play", "pass")


def test_a_record_with_a_look_alike_action_is_refused() -> None:
    """Two texts that differ by a look-alike cannot load as one record."""
    state = spoil_five.new_game(spoil_five.Options(players=2), seed=1)
    action = spoil_five.legal_actions(state)[0]
    data = json.loads(records.dumps(records.record(spoil_five.apply_action(state, action))))
    text = str(action)
    data["deals"][0]["actions"][0] = text.replace(" ", "\u00a0")
    with pytest.raises(RecordError, match=r"deals\[0\]\.actions\[0\]"):
        records.loads(json.dumps(data))

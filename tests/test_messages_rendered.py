"""Every player-facing sentence of real play, in every language, reads as words for players.

Over whole random deals of every preset of both games, each message the library gives a
front-end (refusals of the cards and actions a seat cannot take, trick and settlement
explanations, the narration, My Bird Sings' hint, the action labels and descriptions)
is rendered for a seat, with names and without, in each language. No rendered string may
contain an option identifier (``draw_blind``), ``seat N`` (the engine's word for a seat),
a placeholder left unrendered, or broken grammar for the reader (``you's``, ``you
takes``); each message survives its JSON round trip; ``str()`` still gives the English.
"""

from __future__ import annotations

import random
import re

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import games
from cardrules import my_bird_sings as mbs
from cardrules import spoil_five as sf
from cardrules.messages import (
    LANGUAGES,
    Message,
    message_from_json,
    message_to_json,
    render,
)
from cardrules.protocol import DynamicGame, GameState, SeatView

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Max")


def _identifiers() -> re.Pattern[str]:
    """The option names and values with an underscore: identifiers a player must not read."""
    found = set()
    for options in (sf.Options, mbs.Options):
        for field in attrs.fields(options):
            found.add(field.name)
    for sf_preset in sf.PRESETS.values():
        found |= {value for value in attrs.astuple(sf_preset) if isinstance(value, str)}
    for mbs_preset in mbs.PRESETS.values():
        found |= {value for value in attrs.astuple(mbs_preset) if isinstance(value, str)}
    for enum_type in (sf.Robbing, mbs.Passing, mbs.ExchangeBy, mbs.Singing):
        found |= {str(member.value) for member in enum_type}
    words = sorted(word for word in found if "_" in word)
    return re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b")


IDENTIFIER = _identifiers()
FORBIDDEN = re.compile(r"\bseat \d|[{}]|\byou's\b|\byou (takes|wins|plays|passes|has)\b|None", re.I)


def _check(said: Message, reader: int, language: str) -> None:
    """``said`` rendered every way a front-end may ask reads as words for a player."""
    assert message_from_json(message_to_json(said)) == said
    assert str(said)  # the programmers' English
    for names in ((), NAMES):
        for suits in ("symbols", "letters"):
            text = render(said, reader=reader, names=names, language=language, suits=suits)
            assert text, said
            assert not IDENTIFIER.search(text), (text, said)
            assert not FORBIDDEN.search(text), (text, said)
            assert not any(rule in text for rule in said.rules), (text, said)


def _messages(game: DynamicGame, state: GameState, seat: int) -> list[Message]:
    """Every message a front-end may show the seat now (see the module)."""
    entry = games.lookup(game.NAME)
    view: SeatView = game.view(state, seat)
    explain = getattr(game, "explain_action")  # noqa: B009
    wording = sf.wording if isinstance(view, sf.View) else mbs.wording
    found: list[Message] = []
    found += [refusal.message for refusal in getattr(game, "explain_unavailable")(view).values()]  # noqa: B009
    for action in view.legal_actions:
        found += [wording.action_message(action), wording.description(action)]
    for text in ("play 2C", "rob 2C", "stop", "go-on", "ask-five", "accept-five", "decline-rob",
                 "pass 2C", "draw 9", "exchange 2C", "decline-exchange", "decline-sing",
                 "abandon", "sing 2C 3C 4C 5C", "fly"):  # fmt: skip
        refusal = explain(view, text)
        if refusal is not None:
            found.append(refusal.message)
    found += [trick.message for trick in getattr(game, "explain_tricks")(view)]  # noqa: B009
    settled = getattr(game, "explain_settlement")(view)  # noqa: B009
    if settled is not None:
        found += settled.messages
    if isinstance(view, mbs.View):
        found += mbs.singing_hint(view)
    elif isinstance(view, sf.View):
        found += sf.wording.card_orders(view.trump, view.options.ranking)
    tell = entry.load_narrator()(entry.module, seat, seat)
    found += [said for _, said in tell.header_messages(state, 1)]
    if game.is_deal_over(state):
        found += [said for _, said in tell.settlement_messages(state)]
    return found


GAMES = [(sf.NAME, name) for name in sorted(sf.PRESETS)] + [
    (mbs.NAME, name) for name in sorted(mbs.PRESETS)
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "preset"), GAMES, ids=[f"{g}-{p}" for g, p in GAMES])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), declared=st.booleans())
def test_player_strings_of_whole_deals_read_as_words(
    name: str, preset: str, language: str, seed: int, declared: bool
) -> None:
    """Every message of a whole deal, rendered for the seat to act and another seat."""
    entry = games.lookup(name)
    game = entry.module
    options = entry.options(preset)
    if isinstance(options, mbs.Options) and declared:
        options = attrs.evolve(options, auto_sing=False)
    state = game.new_game(options, seed=seed)
    choose = random.Random(seed)
    n = options.players
    while True:
        seat = state.to_act if state.to_act is not None else 0
        for reader in {seat, (seat + 1) % n}:
            for said in _messages(game, state, reader):
                _check(said, reader, language)
        if game.is_deal_over(state):
            break
        legal = game.legal_actions(state)
        action = choose.choice(legal)
        tell = entry.load_narrator()(entry.module, seat, seat)
        after = game.apply_action(state, action)
        for _, said in tell.action_messages(state, action, after):
            _check(said, seat, language)
        state = after

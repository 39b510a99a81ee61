"""Payloads: every key documented, JSON-ready, and nothing in them a reader has not seen."""

from __future__ import annotations

import json
import random
import re
import types
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import my_bird_sings, records, spoil_five
from cardrules.cards import Card, Rank, parse_card
from cardrules.errors import OptionsError
from cardrules.tables import (
    Key,
    NewTable,
    Reader,
    Seat,
    SeatPlan,
    Table,
    act,
    create_table,
    next_deal,
    seat_payload,
    spectator_payload,
    take_seat,
)
from cardrules.tables import payload as payload_module
from cardrules.tables.resume import resume_table
from tests.records import test_leaks as leaks
from tests.records.games import ALL_CASES, ALL_IDS, choose, pack_of
from tests.tables.fixtures import first_legal, key, new_table

_CARD = re.compile(r"(?<![\w-])(10|[2-9AKQJ])([SHDC♠♥♦♣])(?![\w-])")


def cards_named(value: object) -> set[Card]:
    """Every card named anywhere in a JSON value: as a card string or inside a sentence,
    suits as letters or symbols."""
    text = json.dumps(value, ensure_ascii=False)
    return {parse_card(rank + suit) for rank, suit in _CARD.findall(text)}


def documented_keys() -> set[str]:
    """The payload keys the payload module's documentation lists (````key````, line start)."""
    doc = payload_module.__doc__ or ""
    return {
        name
        for line in doc.splitlines()
        if line.startswith("``")
        for name in re.findall(r"``(\w+)``", line)
    }


def test_every_payload_key_is_documented_and_nothing_else_is() -> None:
    new = new_table()
    assert set(seat_payload(new.table, 0)) == documented_keys()
    assert set(spectator_payload(new.table)) == documented_keys()


@pytest.mark.parametrize("game", ["spoil-five", "my-bird-sings"])
def test_payloads_are_json_ready(game: str) -> None:
    new = new_table(game, seats=[SeatPlan.person("Ann"), SeatPlan.robot(), SeatPlan.robot()])
    for payload in (seat_payload(new.table, 0), spectator_payload(new.table)):
        assert json.loads(json.dumps(payload)) == payload


def test_a_seats_payload_has_its_view_hand_and_choices_and_a_spectators_has_none() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.robot()])
    mine = seat_payload(new.table, 0)
    view = new.table.module.view(new.table.state, 0)
    assert mine["view"] == json.loads(records.to_json(view))
    assert sorted(mine["hand"]) == sorted(str(card) for card in view.hand)
    assert [entry["action"] for entry in mine["legal"]] == [
        str(action) for action in view.legal_actions
    ]
    assert mine["your_turn"] is True
    assert mine["reader"] == 0
    assert mine["seats"][1] == {"seat": 1, "kind": "bot", "name": "Bertie", "bot": "heuristic"}
    public = spectator_payload(new.table)
    assert public["reader"] is None
    assert public["your_turn"] is False
    assert (public["hand"], public["legal"], public["unavailable"]) == ([], [], {})
    assert public["view"]["hand"] == []
    assert public["view"]["legal_actions"] == []
    assert public["view"]["turn_up"] == mine["view"]["turn_up"]


def test_a_card_that_cannot_be_played_says_why_with_the_rule() -> None:
    """Seat 1 is not to act: each card is asked about, and the refusal names a rule."""
    new = new_table()
    other = seat_payload(new.table, 1)
    assert set(other["unavailable"]) == set(other["hand"])
    for card, refusal in other["unavailable"].items():
        assert refusal["action"] == f"play {card}"
        assert refusal["rules"]
        assert refusal["text"].startswith(f"You cannot play {card[:-1]}")
        assert refusal["id"] == "common.refusal"


def test_the_ace_of_spades_is_the_card_of_its_entry() -> None:
    """A Card is an int and the ace of spades is 0: its play and its rob still name it."""
    table = create_table(
        "spoil-five", [SeatPlan.person("A"), SeatPlan.person("B")], name="T", now=0.0, seed=7
    ).table
    reader = Reader.of(table, 0)
    for notation in ("play AS", "rob AS"):
        entry = payload_module.legal_entry(table, spoil_five.parse_action(notation), reader)
        assert (entry["action"], entry["card"], entry["cards"]) == (notation, "AS", ["AS"])


def test_the_narration_starts_after_the_counter_asked_for() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.person("Bob")])
    table = new.table
    keys = [key(new, 0), key(new, 1)]
    for _ in range(3):
        seat = table.to_act
        assert seat is not None
        action = table.module.legal_actions(table.state)[0]
        table, _ = act(table, keys[seat], action, counter=table.counter, now=1.0)
    full = seat_payload(table, 0)
    assert [entry["counter"] for entry in full["narration"]] == [0, 1, 2, 3]
    assert full["narration"][0]["kind"] == "game"
    assert full["narration_complete"] is True
    later = seat_payload(table, 1, since=2)
    assert [entry["counter"] for entry in later["narration"]] == [3]
    assert seat_payload(table, 1, since=3)["narration"] == []
    narrated = [entry for entry in full["narration"] if entry["kind"] == "action"]
    assert all(entry["text"]["text"].split()[0] in {"You", "Bob"} for entry in narrated)


def test_a_narration_asked_from_an_earlier_deal_starts_with_this_deal() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.person("Bob")])
    keys = [key(new, 0), key(new, 1)]
    table = new.table
    while table.to_act is not None:
        seat = table.to_act
        action = table.module.legal_actions(table.state)[0]
        table, _ = act(table, keys[seat], action, counter=table.counter, now=1.0)
    last = seat_payload(table, 0, since=table.counter - 1)
    assert last["settlement"] is not None
    assert last["narration"][-1]["settlement"] == last["settlement"]
    dealt, _ = next_deal(table, keys[0], counter=table.counter, now=2.0)
    payload = seat_payload(dealt, 0, since=0)
    assert payload["narration_complete"] is False
    assert [entry["kind"] for entry in payload["narration"]] == ["deal"]
    assert payload["deal_number"] == 2


def test_a_bad_seat_or_since_is_refused() -> None:
    new = new_table()
    with pytest.raises(ValueError, match="no seat"):
        seat_payload(new.table, 5)
    with pytest.raises(TypeError, match="since"):
        seat_payload(new.table, 0, since="3")  # type: ignore[arg-type]


# -- nothing a reader has not seen ----------------------------------------------------------


def _seen_by(table: Table, seat: int) -> set[Card]:
    """Every card ``seat``'s views of the current deal name, from its first state on."""
    module = table.module
    seen: set[Card] = set()
    for step in table.trail:
        for state in (step.before, step.after):
            if state is not None:
                seen |= cards_named(json.loads(records.to_json(module.view(state, seat))))
    return seen


def _without_order(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload without ``order``: the order of the whole pack for the trump, a chart
    that names every card and tells of none in particular (checked on its own below)."""
    return {key: value for key, value in payload.items() if key != "order"}


def _check_payloads(table: Table) -> None:
    seen = [_seen_by(table, seat) for seat in range(table.players)]
    for seat in range(table.players):
        named = cards_named(_without_order(seat_payload(table, seat)))
        assert named <= seen[seat], f"seat {seat} is told of {named - seen[seat]}"
    everybody = set.intersection(*seen)
    named = cards_named(_without_order(spectator_payload(table)))
    assert named <= everybody, f"a spectator is told of {named - everybody}"


@pytest.mark.parametrize(("game", "name", "options"), ALL_CASES, ids=ALL_IDS)
def test_payloads_name_only_cards_their_reader_has_seen(
    game: types.ModuleType, name: str, options: Any
) -> None:
    """A seat's payload names only cards its own views named during the deal; a
    spectator's only cards every seat's views named (payload text included)."""
    del name
    rng = random.Random(options.players)
    seats = [SeatPlan.person(f"P{seat}") for seat in range(options.players)]
    new = create_table(
        game.NAME, seats, name="Leaks", now=0.0, options=options, seed=5, table_id="leak-test"
    )
    keys = [Key.for_seat(seat, credential) for seat, credential in enumerate(new.seat_credentials)]
    table = new.table
    checked = 0
    for _ in range(6):  # deals, until enough positions were checked
        while table.to_act is not None:
            if rng.random() < 0.15:
                _check_payloads(table)
                checked += 1
            action = choose(table.module.legal_actions(table.state), rng)
            table, _ = act(table, keys[table.to_act], action, counter=table.counter, now=1.0)
        _check_payloads(table)
        if table.is_game_over or checked >= 4:
            break
        table, _ = next_deal(table, keys[0], counter=table.counter, now=1.0)
    assert checked > 0


def test_a_seat_reads_its_texts_in_its_own_language() -> None:
    new = new_table()
    table, _ = take_seat(new.table, key(new, 1), now=1.0, language="fr")
    french = seat_payload(table, 1)
    english = seat_payload(table, 0)
    assert french["language"] == "fr"
    assert english["language"] == "en"
    refusal = next(iter(french["unavailable"].values()))
    assert refusal["text"].startswith("Vous ne pouvez pas")
    assert english["legal"][0]["text"]["text"].startswith("Play ")
    assert seat_payload(table, 0, language="fr")["legal"][0]["text"]["text"].startswith("Jouer")
    letters = seat_payload(table, 0, suits="letters")["legal"][0]["text"]["text"]
    assert letters == "Play " + english["legal"][0]["card"]


def test_an_unknown_language_or_suit_style_is_refused() -> None:
    new = new_table()
    with pytest.raises(ValueError, match="language"):
        seat_payload(new.table, 0, language="xx")
    with pytest.raises(ValueError, match="suits"):
        spectator_payload(new.table, suits="pictures")
    with pytest.raises(OptionsError, match="language"):
        take_seat(new.table, key(new, 0), now=1.0, language="english please")


# -- indistinguishability: cards a seat never sees do not change its payload ---------------


def _table_from(game: types.ModuleType, options: Any, trajectory: Any, actions: list[Any]) -> Table:
    """The table of the trajectory's deal after ``actions``, resumed from its record (the
    way a store resumes it), with fixed seats."""
    deck, seed, dealer, _, _ = trajectory
    record = records.GameRecord(
        game=game.NAME,
        options=options,
        dealer=dealer,
        deals=(records.DealRecord(seed=seed, deck=deck, actions=tuple(actions)),),
    )
    seats = tuple(Seat.person(f"P{s}", digest="0" * 64, now=0.0) for s in range(options.players))
    return resume_table(
        id="permuted", name="P", preset=None, seats=seats, creator="0" * 64,
        counter=len(actions), game_number=1, game_start=0, record=record, seed=None,
        bot_seed=0, created_at=0.0, changed_at=0.0,
    )  # fmt: skip


def _compare_permuted(
    case: tuple[types.ModuleType, str, Any],
    seed: int,
    watchers: list[int],
    payload: Callable[[Table], dict[str, Any]],
) -> None:
    """Play a random deal; permute the cards none of ``watchers`` ever sees; replay the
    same actions while the two stay the same game; ``payload`` must not tell them apart."""
    game, _, options = case
    rng = random.Random(seed)
    trajectory = leaks._trajectory(game, options, rng, max_actions=60)
    deck, deal_seed, dealer, states, actions = trajectory
    fixed = set().union(*(leaks._seen(game, states, actions, seat)[-1] for seat in watchers))
    if game is spoil_five and options.robbing == "compulsory":
        fixed |= {Card(Rank.ACE, state.trump) for state in states}  # see test_leaks
    permutation = leaks._hidden_permutation(pack_of(game, options), fixed, rng)
    other = game.new_game(
        options, deck=[permutation[c] for c in deck], seed=deal_seed, dealer=dealer
    )
    mapped: list[Any] = []
    for number, state in enumerate(states):  # how far the two games stay the same game
        if not leaks._relabelled(state, other, permutation, watchers[0]):
            break
        if number == len(actions):
            break
        action = leaks._map_action(actions[number], permutation)
        if not game.is_legal(other, action):
            break
        other = game.apply_action(other, action)
        mapped.append(action)
    length = len(mapped)
    if length and not leaks._relabelled(states[length], other, permutation, watchers[0]):
        length -= 1
    permuted: tuple[Any, ...] = (tuple(permutation[c] for c in deck), deal_seed, dealer, [], [])
    for cut in sorted({0, length // 2, length}):
        mine = _table_from(game, options, trajectory, actions[:cut])
        theirs = _table_from(game, options, permuted, mapped[:cut])
        assert payload(theirs) == payload(mine), f"told apart after {cut} actions"


@settings(max_examples=30, deadline=None)
@given(case=st.sampled_from(ALL_CASES), seed=st.integers(0, 2**32), seat_choice=st.integers(0, 12))
def test_cards_a_seat_never_sees_do_not_change_its_payload(
    case: tuple[types.ModuleType, str, Any], seed: int, seat_choice: int
) -> None:
    """The payload (narration, explanations, refusals included) of a seat is the same in
    two games that differ only in cards it never sees, as its views are (C-6)."""
    seat = seat_choice % case[2].players
    _compare_permuted(case, seed, [seat], lambda table: seat_payload(table, seat))


@settings(max_examples=15, deadline=None)
@given(case=st.sampled_from(ALL_CASES), seed=st.integers(0, 2**32))
def test_cards_no_seat_sees_do_not_change_a_spectators_payload(
    case: tuple[types.ModuleType, str, Any], seed: int
) -> None:
    """A spectator's payload is the same in two games that differ only in cards no seat
    sees (the stock, the cards left undealt)."""
    _compare_permuted(case, seed, list(range(case[2].players)), spectator_payload)


def test_a_spectator_sees_that_a_seat_robbed_but_not_its_discard() -> None:
    seats = [SeatPlan.person("A"), SeatPlan.person("B"), SeatPlan.person("C")]
    for seed in range(1000):  # a deal in which the eldest hand may rob
        new = create_table("spoil-five", seats, name="T", now=0.0, seed=seed)
        robs = [str(a) for a in new.table.module.legal_actions(new.table.state)]
        if new.table.to_act == 0 and robs[0].startswith("rob "):
            break
    robbed, _ = act(new.table, key(new, 0), robs[0], counter=0, now=1.0)
    events = spectator_payload(robbed)["view"]["events"]
    assert events == [{"seat": 0, "kind": "rob", "card": None, "trick": 0}]
    own = seat_payload(robbed, 0)["view"]["events"]
    assert own == [{"seat": 0, "kind": "rob", "card": robs[0].split()[1], "trick": 0}]


def test_the_narration_is_messages_in_the_readers_language() -> None:
    new = new_table(seats=[SeatPlan.person("Anne", "fr"), SeatPlan.person("Bob")])
    table, _ = act(new.table, key(new, 0), first_legal(new.table), counter=0, now=1.0)
    french = seat_payload(table, 0)["narration"]
    english = seat_payload(table, 1)["narration"]
    assert [entry["text"]["id"] for entry in french] == [
        "narration.deal",
        "spoil-five.narration.plays",
    ]
    assert french[1]["text"]["params"] == english[1]["text"]["params"]
    assert french[1]["text"]["text"].startswith("Vous jouez ")
    assert english[1]["text"]["text"].startswith("Anne plays ")


# -- what the page teaches with: card order, descriptions, hints ----------------------------


def test_a_playable_ace_of_spades_is_a_move_of_the_payload_not_unavailable() -> None:
    """The ace of spades is card 0 (falsy): in a whole payload "play AS" names it, and
    ``unavailable`` does not list it."""
    ace = parse_card("AS")
    assert int(ace) == 0
    for seed in range(200):  # a deal in which the first seat to act holds the ace of spades
        new = new_table(seed=seed)
        seat = new.table.to_act
        assert seat is not None
        view = new.table.module.view(new.table.state, seat)
        if any(str(action) == "play AS" for action in view.legal_actions):
            break
    else:  # pragma: no cover - seeds are fixed
        pytest.fail("no seed deals a playable ace of spades")
    payload = seat_payload(new.table, seat)
    entry = next(entry for entry in payload["legal"] if entry["action"] == "play AS")
    assert (entry["card"], entry["cards"]) == ("AS", ["AS"])
    assert "AS" not in payload["unavailable"]


def test_every_legal_entry_says_what_it_does_in_the_readers_language() -> None:
    new = new_table(seats=[SeatPlan.person("Anne", "fr"), SeatPlan.person("Bob")])
    for seat, start in ((0, "Jouer une carte"), (1, "Play a card")):
        payload = seat_payload(new.table, seat)
        for entry in payload["legal"]:
            assert entry["description"]["id"] == "spoil-five.describe.play"
            assert entry["description"]["text"].startswith(start)
    bird = new_table("my-bird-sings", seats=[SeatPlan.person("A"), SeatPlan.robot()] * 2)
    assert bird.table.to_act == 0  # the eldest hand passes first
    described = {entry["description"]["id"] for entry in seat_payload(bird.table, 0)["legal"]}
    assert described
    assert all(id.startswith("my-bird-sings.describe.") for id in described)


def test_spoil_five_payloads_give_the_card_order_for_the_trump() -> None:
    new = new_table()
    view = new.table.module.view(new.table.state, 0)
    assert isinstance(view, spoil_five.View)
    trump = view.trump
    for payload in (seat_payload(new.table, 0, language="fr"), spectator_payload(new.table)):
        order = payload["order"]
        assert order["trump"] == trump.letter
        assert next(row["suit"] for row in order["rows"]) == trump.letter
        assert sorted(row["suit"] for row in order["rows"]) == sorted("SHDC")
        assert [row["trump"] for row in order["rows"]] == [True, False, False, False]
        trumps = order["rows"][0]
        assert trumps["cards"] == [str(card) for card in spoil_five.trump_order(trump)]
        assert trumps["label"]["rules"] == ["SF-3"] == trumps["text"]["rules"]
        assert trumps["text"]["id"] == "spoil-five.narration.trump-order"
        every = [card for row in order["rows"] for card in row["cards"]]
        assert len(every) == len(set(every)) == 52  # the ace of hearts among the trumps only
    assert seat_payload(new.table, 0, language="fr")["order"]["rows"][0]["text"]["text"].startswith(
        "Atouts"
    )
    bird = new_table("my-bird-sings", seats=[SeatPlan.person("A"), SeatPlan.robot()] * 2)
    assert seat_payload(bird.table, 0)["order"] is None


def test_my_bird_sings_payloads_hint_what_the_hand_lacks() -> None:
    bird = new_table("my-bird-sings", seats=[SeatPlan.person("A"), SeatPlan.robot()] * 2)
    view = bird.table.module.view(bird.table.state, 0)
    assert isinstance(view, my_bird_sings.View)
    hint = seat_payload(bird.table, 0)["hint"]
    assert [entry["id"] for entry in hint] == [said.id for said in my_bird_sings.singing_hint(view)]
    assert hint
    assert all(entry["rules"] and "%" in entry["text"] for entry in hint)
    assert spectator_payload(bird.table)["hint"] == []
    assert seat_payload(new_table().table, 0)["hint"] == []


def test_a_drawn_card_is_named_to_the_drawer_and_its_giver_only_as_the_terminal_tells_it() -> None:
    from cardrules import games

    def up_to_a_draw(seed: int) -> tuple[NewTable, Table] | None:
        seats = [SeatPlan.person(name) for name in ("A", "B", "C", "D")]
        new = create_table("my-bird-sings", seats, name="T", now=0.0, seed=seed,
                           changes={"passing": "draw_blind"})  # fmt: skip
        table = new.table
        while (seat := table.to_act) is not None:
            if str(first_legal(table)).startswith("draw "):
                return new, table
            table, _ = act(table, key(new, seat), first_legal(table), counter=table.counter,
                           now=1.0)  # fmt: skip
        return None

    new, table = next(found for seed in range(100) if (found := up_to_a_draw(seed)))
    drawer = table.to_act
    assert drawer is not None
    giver = (drawer - 1) % 4
    held = set(table.module.view(table.state, giver).hand)
    table, step = act(table, key(new, drawer), first_legal(table), counter=table.counter, now=1.0)
    (drawn,) = held - set(table.module.view(table.state, giver).hand)
    narrator = games.lookup("my-bird-sings").load_narrator()
    assert step.before is not None
    for reader in range(4):
        (told,) = seat_payload(table, reader, since=step.counter - 1)["narration"]
        seen = reader in (drawer, giver)
        assert told["text"]["id"].endswith("draws-seen" if seen else "draws")
        assert (told["text"]["params"].get("card") == str(drawn)) is seen
        # the terminal's narrator, looking through the same seat's eyes, says the same
        terminal = narrator(table.module, viewer=reader, human=reader)
        assert terminal.said(step.before, step.action, step.after).id == told["text"]["id"]
    (public,) = spectator_payload(table, since=step.counter - 1)["narration"]
    assert public["text"]["id"].endswith("draws")

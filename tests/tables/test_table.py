"""The pure table: creation, every refusal, seats, deals and rematches."""

from __future__ import annotations

import attrs
import pytest

from cardrules import FULL_PACK, my_bird_sings, records, spoil_five
from cardrules.errors import (
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    SeatError,
    StaleMoveError,
    TableError,
    WrongCredentialError,
    WrongMomentError,
)
from cardrules.tables import (
    IDLE_SECONDS,
    Key,
    SeatKind,
    SeatPlan,
    StepKind,
    Table,
    act,
    create_table,
    credentials,
    hand_to_bot,
    idle_for,
    leave_seat,
    next_deal,
    play_bots,
    rematch,
    shareable_record,
    step_bot,
    take_seat,
)
from tests.tables.fixtures import creator, first_legal, key, new_table, people


def play_deal(table: Table, keys: list[Key], now: float = 1.0) -> Table:
    """Play the deal to its end with the first legal action of whoever is to act."""
    while table.to_act is not None:
        seat = table.to_act
        table, _ = act(table, keys[seat], first_legal(table), counter=table.counter, now=now)
    return table


# -- creation -------------------------------------------------------------------------------


def test_a_new_table_has_counter_zero_seat_zero_eldest_and_one_credential_per_seat() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.robot(), SeatPlan.invite()])
    table = new.table
    assert table.counter == 0
    assert table.game_number == 1
    assert table.deal_number == 1
    assert table.state.dealer == 2
    assert table.to_act == 0
    assert [seat.kind for seat in table.seats] == [SeatKind.PERSON, SeatKind.BOT, SeatKind.EMPTY]
    assert table.names == ("Ann", "Bertie", "Seat 3")
    assert len(set(new.seat_credentials)) == 3
    assert new.creator_credential not in new.seat_credentials
    assert all(len(c) >= 22 for c in new.seat_credentials)  # 128 bits or more, URL-safe
    assert [step.kind for step in table.trail] == [StepKind.GAME]


def test_credentials_are_kept_as_digests_and_never_shown() -> None:
    new = new_table()
    table = new.table
    shown = repr(new) + repr(table) + repr(table.seats) + str(attrs.asdict(table, recurse=False))
    for credential in (*new.seat_credentials, new.creator_credential):
        assert credential not in shown
    assert table.seats[0].credential == credentials.digest(new.seat_credentials[0])
    assert table.creator == credentials.digest(new.creator_credential)


def test_the_same_seed_makes_the_same_table_and_no_seed_draws_secret_ones() -> None:
    assert new_table(seed=11).table.state == new_table(seed=11).table.state
    assert new_table(seed=None).table.state != new_table(seed=None).table.state


def test_a_preset_may_be_changed_field_by_field_and_keeps_its_name() -> None:
    """Declared singing at a Peel table: each player says "My bird sings!" (D-5)."""
    declared = new_table(
        "my-bird-sings", people(3), preset="peel", changes={"auto_sing": False}
    ).table
    assert declared.preset == "peel"
    assert declared.options == attrs.evolve(my_bird_sings.PEEL, players=3, auto_sing=False)
    automatic = new_table("my-bird-sings", people(3), preset="peel").table
    assert automatic.options == attrs.evolve(my_bird_sings.PEEL, players=3)
    assert my_bird_sings.PEEL.auto_sing is True


@pytest.mark.parametrize(
    ("game", "seats", "changes", "words"),
    [
        ("chess", people(2), {}, "unknown game"),
        ("spoil-five", people(1), {}, "players"),
        ("spoil-five", people(2), {"preset": "nope"}, "unknown preset"),
        ("spoil-five", [SeatPlan.robot("clever"), SeatPlan.invite()], {}, "unknown bot"),
        ("spoil-five", people(2), {"seed": -1}, "seed"),
        ("spoil-five", people(2), {"seed": True}, "seed"),
        ("spoil-five", people(2), {"name": ""}, "name"),
        ("spoil-five", people(2), {"name": "x" * 41}, "name"),
        ("spoil-five", people(2), {"name": "bad\nname"}, "name"),
        ("spoil-five", people(2), {"now": float("nan")}, "now"),
        ("spoil-five", people(3), {"options": spoil_five.Options(players=2)}, "players"),
        ("spoil-five", [SeatPlan.person(""), SeatPlan.invite()], {}, "name"),
        ("spoil-five", people(2), {"changes": {"auto_sing": False}}, "unknown option 'auto_sing'"),
        ("spoil-five", people(2), {"changes": {"players": 3}}, "unknown option 'players'"),
        ("my-bird-sings", people(3), {"changes": {"auto_sing": "yes"}}, "auto_sing"),
    ],
)
def test_bad_creation_requests_are_options_errors(
    game: str, seats: list[SeatPlan], changes: dict[str, object], words: str
) -> None:
    arguments: dict[str, object] = {"name": "T", "now": 0.0, **changes}
    with pytest.raises(OptionsError, match=words):
        create_table(game, seats, **arguments)  # type: ignore[arg-type]


# -- acting and its refusals ----------------------------------------------------------------


def test_an_accepted_action_counts_one_and_leaves_the_input_table_unchanged() -> None:
    new = new_table()
    before = new.table
    copy = attrs.evolve(before)
    after, step = act(before, key(new, 0), first_legal(before), counter=0, now=5.0)
    assert before == copy
    assert before.counter == 0
    assert after.counter == step.counter == 1
    assert step.seat == 0
    assert step.kind is StepKind.ACTION
    assert step.before is before.state
    assert step.after is after.state
    assert after.seats[0].active_at == 5.0
    assert after.changed_at == 5.0
    assert after.trail[-1] is step


def test_a_wrong_credential_is_refused() -> None:
    new = new_table()
    for bad in (
        Key.for_seat(0, new.seat_credentials[1]),
        Key.for_seat(0, "guess"),
        Key.for_seat(0, new.creator_credential),
        Key.for_seat(0, None),  # type: ignore[arg-type]
        "not a key",
    ):
        with pytest.raises(WrongCredentialError):
            act(new.table, bad, first_legal(new.table), counter=0, now=1.0)  # type: ignore[arg-type]


def test_a_seat_the_table_has_not_is_refused() -> None:
    new = new_table()
    for seat in (2, -1, "0", True):
        with pytest.raises(SeatError, match="no seat"):
            act(new.table, Key(new.seat_credentials[0], seat), "play 9S", counter=0, now=1.0)  # type: ignore[arg-type]


def test_the_creators_key_cannot_act_and_bots_and_empty_seats_cannot_be_acted_for() -> None:
    new = new_table(seats=[SeatPlan.robot(), SeatPlan.invite()])
    with pytest.raises(SeatError, match="creator"):
        act(new.table, creator(new), "play 9S", counter=0, now=1.0)
    with pytest.raises(SeatError, match="a bot plays it"):
        act(new.table, key(new, 0), "play 9S", counter=0, now=1.0)
    with pytest.raises(SeatError, match="nobody sits there"):
        act(new.table, key(new, 1), "play 9S", counter=0, now=1.0)


def test_a_stale_counter_and_a_repeated_move_are_refused() -> None:
    new = new_table()
    action = first_legal(new.table)
    table, _ = act(new.table, key(new, 0), action, counter=0, now=1.0)
    with pytest.raises(StaleMoveError) as repeated:
        act(table, key(new, 0), action, counter=0, now=1.0)
    assert (repeated.value.given, repeated.value.current) == (0, 1)
    with pytest.raises(StaleMoveError):
        act(table, key(new, 1), first_legal(table), counter=5, now=1.0)
    with pytest.raises(TableError, match="counter"):
        act(table, key(new, 1), first_legal(table), counter="1", now=1.0)  # type: ignore[arg-type]


def test_acting_out_of_turn_or_after_the_deal_is_refused() -> None:
    new = new_table()
    with pytest.raises(NotYourTurnError, match="P0 is to act"):
        act(new.table, key(new, 1), "play 9S", counter=0, now=1.0)
    over = play_deal(new.table, [key(new, 0), key(new, 1)])
    with pytest.raises(NotYourTurnError, match="deal is over"):
        act(over, key(new, 0), "play 9S", counter=over.counter, now=1.0)


def test_bad_notation_and_illegal_actions_are_the_engines_errors() -> None:
    new = new_table()
    with pytest.raises(NotationError):
        act(new.table, key(new, 0), "dance", counter=0, now=1.0)
    with pytest.raises(NotationError, match="10000 characters"):
        act(new.table, key(new, 0), "x" * 10000, counter=0, now=1.0)
    for not_an_action in (5, None, my_bird_sings.parse_action("pass 2C")):
        with pytest.raises(IllegalActionError, match="C-7"):
            act(new.table, key(new, 0), not_an_action, counter=0, now=1.0)
    held = set(new.table.state.hands[0])
    missing = next(card for card in FULL_PACK if card not in held)
    with pytest.raises(IllegalActionError) as refused:
        act(new.table, key(new, 0), f"play {missing}", counter=0, now=1.0)
    assert refused.value.rule


# -- bots -----------------------------------------------------------------------------------


def test_step_bot_plays_one_bot_decision_and_none_for_a_person_or_an_ended_deal() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.robot()])
    assert step_bot(new.table, now=1.0) is None  # Ann is to act
    table, _ = act(new.table, key(new, 0), first_legal(new.table), counter=0, now=1.0)
    moved = step_bot(table, now=2.0)
    assert moved is not None
    after, step = moved
    assert step.seat == 1
    assert after.counter == 2
    assert table.module.is_legal(table.state, step.action)


def test_bots_play_the_same_way_after_the_same_decisions() -> None:
    """A bot is built per decision from the bot seed and the counter: no hidden state."""
    first = play_bots(new_table(seats=[SeatPlan.robot(), SeatPlan.robot("random")]).table, now=0)
    second = play_bots(new_table(seats=[SeatPlan.robot(), SeatPlan.robot("random")]).table, now=0)
    assert first[0].state == second[0].state
    assert first[0].is_deal_over


# -- deals and rematches --------------------------------------------------------------------


def test_next_deal_only_once_the_deal_is_over_with_a_key_and_the_counter() -> None:
    new = new_table()
    keys = [key(new, 0), key(new, 1)]
    with pytest.raises(WrongMomentError, match="once the deal is over"):
        next_deal(new.table, keys[0], counter=0, now=1.0)
    over = play_deal(new.table, keys)
    with pytest.raises(WrongCredentialError):
        next_deal(over, Key.for_seat(0, "x"), counter=over.counter, now=1.0)
    with pytest.raises(StaleMoveError):
        next_deal(over, keys[0], counter=over.counter - 1, now=1.0)
    dealt, step = next_deal(over, keys[1], counter=over.counter, now=2.0)
    assert step.kind is StepKind.DEAL
    assert dealt.counter == over.counter + 1
    assert dealt.deal_number == 2
    assert dealt.state.dealer == (over.state.dealer + 1) % 2
    assert dealt.trail == (step,)
    with pytest.raises(StaleMoveError):  # the second click of a double click
        next_deal(dealt, keys[0], counter=over.counter, now=2.0)
    by_creator, _ = next_deal(over, creator(new), counter=over.counter, now=2.0)
    assert by_creator.state == dealt.state  # a seeded table deals the same either way


def test_a_finished_points_game_deals_no_more_and_a_rematch_starts_a_new_game() -> None:
    options = attrs.evolve(spoil_five.PRESETS["forty-five"], players=2)
    new = create_table("spoil-five", people(2), name="T", now=0.0, options=options, seed=3)
    keys = [key(new, 0), key(new, 1)]
    table = new.table
    while True:
        table = play_deal(table, keys)
        if table.is_game_over:
            break
        table, _ = next_deal(table, keys[0], counter=table.counter, now=1.0)
    with pytest.raises(WrongMomentError, match="rematch"):
        next_deal(table, keys[0], counter=table.counter, now=1.0)
    again, step = rematch(table, keys[1], counter=table.counter, now=2.0)
    assert step.kind is StepKind.GAME
    assert again.game_number == 2
    assert again.deal_number == 1
    assert again.game_start == again.counter == table.counter + 1
    assert again.state.pool == -sum(again.state.balances)  # nothing carried from game 1
    assert isinstance(again.state, spoil_five.State)
    assert again.state.scores == (0, 0)
    assert not again.is_deal_over


def test_a_rematch_is_refused_mid_deal() -> None:
    new = new_table()
    with pytest.raises(WrongMomentError, match="once the deal is over"):
        rematch(new.table, creator(new), counter=0, now=1.0)


# -- seats ----------------------------------------------------------------------------------


def test_an_invited_seat_is_taken_with_its_credential_left_and_taken_back() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.invite("Friend")])
    with pytest.raises(WrongCredentialError):
        take_seat(new.table, Key.for_seat(1, new.seat_credentials[0]), now=1.0)
    with pytest.raises(SeatError, match="creator"):
        take_seat(new.table, creator(new), now=1.0)
    table, change = take_seat(new.table, key(new, 1), now=3.0, name="Bob")
    assert change.before.kind is SeatKind.EMPTY
    assert change.after.kind is SeatKind.PERSON
    assert table.names == ("Ann", "Bob")
    assert table.counter == 0
    left, change = leave_seat(table, key(new, 1), now=4.0)
    assert left.seats[1].kind is SeatKind.EMPTY
    assert left.seats[1].name == "Bob"
    with pytest.raises(SeatError, match="nobody sits there"):
        leave_seat(left, key(new, 1), now=5.0)
    back, _ = take_seat(left, key(new, 1), now=6.0)
    assert back.seats[1].is_person
    assert back.seats[1].name == "Bob"
    assert back.seats[1].credential == new.table.seats[1].credential


def test_only_the_creator_may_hand_a_seat_to_a_bot_and_a_person_only_when_idle() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.person("Bob")], now=100.0)
    table = new.table
    with pytest.raises(WrongCredentialError):
        hand_to_bot(table, key(new, 1), 0, now=1000.0)
    with pytest.raises(WrongCredentialError):
        hand_to_bot(table, Key.for_creator("guess"), 0, now=1000.0)
    with pytest.raises(SeatError, match="no seat"):
        hand_to_bot(table, creator(new), 2, now=1000.0)
    soon = 100.0 + IDLE_SECONDS - 1
    assert idle_for(table, 0, soon) == IDLE_SECONDS - 1
    with pytest.raises(SeatError, match="idle for 119 s"):
        hand_to_bot(table, creator(new), 0, now=soon)
    handed, change = hand_to_bot(table, creator(new), 0, now=100.0 + IDLE_SECONDS)
    assert change.after.is_bot
    assert handed.names[0] == "Ann (bot)"
    assert step_bot(handed, now=300.0) is not None
    back, _ = take_seat(handed, key(new, 0), now=300.0)
    assert back.names[0] == "Ann"
    assert back.seats[0].is_person
    assert step_bot(back, now=300.0) is None


def test_activity_and_decisions_reset_the_idle_time() -> None:
    new = new_table(seats=[SeatPlan.person("Ann"), SeatPlan.person("Bob")], now=0.0)
    table, _ = act(new.table, key(new, 0), first_legal(new.table), counter=0, now=50.0)
    assert idle_for(table, 1, 100.0) == 50.0  # the table changed at 50
    table, _ = take_seat(table, key(new, 1), now=90.0)  # Bob reconnects
    assert idle_for(table, 1, 100.0) == 10.0


def test_an_empty_seat_may_be_handed_to_a_bot_at_once() -> None:
    new = new_table(seats=[SeatPlan.invite(), SeatPlan.person("Bob")], now=0.0)
    handed, _ = hand_to_bot(new.table, creator(new), 0, now=0.0, bot="random")
    assert handed.seats[0].bot == "random"
    assert handed.names[0] == "Seat 1 (bot)"
    with pytest.raises(OptionsError, match="unknown bot"):
        hand_to_bot(new.table, creator(new), 0, now=0.0, bot="nobody")


def test_the_record_is_given_out_only_between_deals() -> None:
    new = new_table()
    with pytest.raises(WrongMomentError, match="record"):
        shareable_record(new.table)
    over = play_deal(new.table, [key(new, 0), key(new, 1)])
    record = shareable_record(over)
    assert records.restore(record) == over.state
    assert record.metadata["seat 0"] == "P0"


def test_a_seeded_tables_rematch_deals_no_deal_of_the_first_game_again() -> None:
    new = new_table(seats=[SeatPlan.robot(), SeatPlan.robot()], seed=5)
    boss = creator(new)
    table, _ = play_bots(new.table, now=0.0)
    dealt = []
    for _ in range(3):
        dealt.append(records.record(table.state).deals[-1].seed)
        table, _ = next_deal(table, boss, counter=table.counter, now=0.0)
        table, _ = play_bots(table, now=0.0)
    again, _ = rematch(table, boss, counter=table.counter, now=0.0)
    assert records.record(again.state).deals[0].seed not in dealt


def test_the_creator_may_sit_down_in_another_language() -> None:
    new = new_table(seats=[SeatPlan.person("Anne", "fr"), SeatPlan.robot()])
    assert new.table.seats[0].language == "fr"
    with pytest.raises(OptionsError, match="language"):
        new_table(seats=[SeatPlan.person("Anne", "français"), SeatPlan.robot()])

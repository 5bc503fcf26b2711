"""Rounds on the site: pairing from the standings, results, reports, corrections, the cut."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from tests.tournaments.conftest import decklist
from tournaments.models import AuditEntry, Event, Round, Seat, Table
from tournaments.rounds.services import (
    ConfirmationNeeded,
    cut_advance,
    cut_start,
    event_finish,
    result_enter,
    result_report,
    round_pair,
    round_repair,
    round_timer_start,
)
from tournaments.selectors import event_standings, standings_table
from tournaments.services import (
    EventError,
    entrant_check_in,
    entrant_drop,
    entrant_register,
    event_create,
    event_update,
)

pytestmark = pytest.mark.django_db

HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]


def register(event, organizer, names, users=False):
    out = []
    for i, name in enumerate(names):
        player = User.objects.create_user(name.lower(), password="x-long-pass-1") if users else None
        out.append(
            entrant_register(
                event=event,
                user=organizer,
                name=name,
                player=player,
                deck=decklist(HOUSES[i % 4]),
            )
        )
    return out


def tables(round_):
    return list(Table.objects.filter(round=round_).order_by("number"))


def players(table):
    return [s.entrant for s in table.seats.order_by("seat").select_related("entrant")]


def win_first_seat(round_, organizer):
    for table in tables(round_):
        if not table.is_bye:
            result_enter(table=table, user=organizer, data={"outcome": "win"})


def points_by_name(event):
    return {line["entrant"].name: line["row"].points for line in standings_table(event)}


def test_a_five_player_joust_pairs_three_rounds_without_rematches_and_one_bye_each(
    event, organizer
):
    register(event, organizer, ["Ann", "Bob", "Cat", "Dan", "Eve"])
    met = set()
    bye_holders = []
    for number in (1, 2, 3):
        round_ = round_pair(event=event, user=organizer)
        assert round_.number == number
        for table in tables(round_):
            names = frozenset(e.name for e in players(table))
            if table.is_bye:
                bye_holders += list(names)
                seat = table.seats.get()
                assert (seat.outcome, seat.points) == ("bye", 5)
            else:
                assert names not in met
                met.add(names)
        win_first_seat(round_, organizer)
    assert len(bye_holders) == len(set(bye_holders)) == 3
    event.refresh_from_db()
    assert event.status == Event.Status.SWISS
    # everyone played 3 rounds; the points add up to 5 per game and 5 per bye
    rows = event_standings(event)
    assert sum(r.points for r in rows) == 5 * 2 * 3 + 5 * 3
    assert all(r.rounds_played == 3 for r in rows)
    # the planned 3 rounds are played: a fourth needs the settings changed
    with pytest.raises(EventError, match="All 3 Swiss rounds"):
        round_pair(event=event, user=organizer)


def test_the_standings_follow_the_results_entered(event, organizer):
    _ann, _bob, _cat, _dan = register(event, organizer, ["Ann", "Bob", "Cat", "Dan"])
    round_ = round_pair(event=event, user=organizer)
    first, second = tables(round_)
    result_enter(table=first, user=organizer, data={"outcome": "modified_win"})
    result_enter(table=second, user=organizer, data={"outcome": "draw"})
    a, b = players(first)
    c, d = players(second)
    assert points_by_name(event) == {a.name: 4, b.name: 1, c.name: 2, d.name: 2}
    # round 2 pairs by score: the 4 and the two 2s cannot all be equal; no rematch
    round_two = round_pair(event=event, user=organizer)
    for table in tables(round_two):
        assert {e.pk for e in players(table)} not in ({a.pk, b.pk}, {c.pk, d.pk})


def test_pairing_with_results_missing_asks_for_confirmation(event, organizer):
    register(event, organizer, ["Ann", "Bob", "Cat", "Dan"])
    round_ = round_pair(event=event, user=organizer)
    result_enter(table=tables(round_)[0], user=organizer, data={"outcome": "win"})
    with pytest.raises(ConfirmationNeeded, match="1 table"):
        round_pair(event=event, user=organizer)
    assert event.round_set.count() == 1
    round_pair(event=event, user=organizer, confirm=True)
    assert event.round_set.count() == 2


def test_re_pairing_is_possible_until_a_result_is_in(event, organizer):
    _ann, *_ = register(event, organizer, ["Ann", "Bob", "Cat", "Dan", "Eve"])
    round_ = round_pair(event=event, user=organizer)
    bye = next(t for t in tables(round_) if t.is_bye)
    dropped = players(bye)[0]
    entrant_drop(entrant=dropped, user=organizer)
    again = round_repair(event=event, user=organizer)
    assert again.number == 1
    assert Round.objects.filter(event=event).count() == 1
    seated = [e.pk for t in tables(again) for e in players(t)]
    assert dropped.pk not in seated and len(seated) == 4
    assert not any(t.is_bye for t in tables(again))
    result_enter(table=tables(again)[0], user=organizer, data={"outcome": "loss"})
    with pytest.raises(EventError, match="already has results"):
        round_repair(event=event, user=organizer)
    assert AuditEntry.objects.filter(event=event, action="round_repaired").count() == 1


def test_check_in_drops_the_absent_after_confirmation(event, organizer):
    entrants = register(event, organizer, ["Ann", "Bob", "Cat", "Dan", "Eve"])
    for entrant in entrants[:4]:
        entrant_check_in(entrant=entrant, user=organizer)
    with pytest.raises(ConfirmationNeeded, match="Eve"):
        round_pair(event=event, user=organizer)
    round_ = round_pair(event=event, user=organizer, confirm=True)
    assert not any(t.is_bye for t in tables(round_))
    entrants[4].refresh_from_db()
    assert entrants[4].dropped


def test_a_late_entrant_takes_a_loss_for_each_round_missed(event, organizer):
    register(event, organizer, ["Ann", "Bob", "Cat", "Dan"])
    win_first_seat(round_pair(event=event, user=organizer), organizer)
    late = entrant_register(event=event, user=organizer, name="Late", deck=decklist("core-stark"))
    assert late.joined_round == 2
    round_two = round_pair(event=event, user=organizer)
    seated = {e.pk for t in tables(round_two) for e in players(t)}
    assert late.pk in seated
    row = next(r for r in event_standings(event) if r.id == str(late.pk))
    assert (row.losses, row.rounds_played) == (1, 2 if row.byes else 1)
    # switched off: the missed round does not count at all
    event_update(event=event, user=organizer, late_entry_losses=False)
    row = next(r for r in event_standings(event) if r.id == str(late.pk))
    assert row.losses == 0


def test_dropped_players_are_never_paired_again_and_keep_their_results(event, organizer):
    entrants = register(event, organizer, ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    first = round_pair(event=event, user=organizer)
    win_first_seat(first, organizer)
    gone = players(tables(first)[0])[0]  # a winner
    entrant_drop(entrant=gone, user=organizer)
    second = round_pair(event=event, user=organizer)
    assert gone.pk not in {e.pk for t in tables(second) for e in players(t)}
    row = next(r for r in event_standings(event) if r.id == str(gone.pk))
    assert (row.points, row.dropped) == (5, True)
    assert len(entrants) == 6


def test_a_correction_recomputes_the_standings_and_is_audited(event, organizer):
    register(event, organizer, ["Ann", "Bob", "Cat", "Dan"])
    first = round_pair(event=event, user=organizer)
    win_first_seat(first, organizer)
    win_first_seat(round_pair(event=event, user=organizer), organizer)
    table = tables(first)[0]
    a, b = players(table)
    before = points_by_name(event)
    result_enter(table=table, user=organizer, data={"outcome": "loss"})
    after = points_by_name(event)
    assert after[a.name] == before[a.name] - 5 and after[b.name] == before[b.name] + 5
    entry = AuditEntry.objects.get(event=event, action="result_corrected")
    assert entry.detail["before"][a.name]["outcome"] == "win"
    assert entry.detail["result"][a.name]["outcome"] == "loss"


def test_a_result_at_time_is_proposed_from_the_power_totals(event, organizer):
    register(event, organizer, ["Ann", "Bob"])
    table = tables(round_pair(event=event, user=organizer))[0]
    result_enter(table=table, user=organizer, data={"at_time": "1", "power_1": "9", "power_2": 12})
    seats = list(table.seats.order_by("seat"))
    assert [(s.outcome, s.power, s.points) for s in seats] == [
        ("modified_loss", 9, 1),
        ("modified_win", 12, 4),
    ]
    with pytest.raises(EventError, match="that is a win"):
        result_enter(
            table=table, user=organizer, data={"at_time": "1", "power_1": 15, "power_2": 3}
        )
    result_enter(
        table=table,
        user=organizer,
        data={"at_time": "1", "power_1": "13", "power_2": "2", "cannot_win_1": "on"},
    )
    assert {s.outcome for s in table.seats.all()} == {"draw"}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "Choose the result"),
        ({"outcome": "victory"}, "Choose the result"),
        ({"at_time": "1", "power_1": "x", "power_2": "3"}, "whole number"),
        ({"at_time": "1", "power_1": "-2", "power_2": "3"}, "from 0 to 999, not -2"),
    ],
)
def test_bad_results_are_refused_with_a_message(event, organizer, data, message):
    register(event, organizer, ["Ann", "Bob"])
    table = tables(round_pair(event=event, user=organizer))[0]
    with pytest.raises(EventError, match=message):
        result_enter(table=table, user=organizer, data=data)
    table.refresh_from_db()
    assert not table.reported


def test_players_report_and_confirm_and_a_disagreement_is_flagged(event, organizer):
    _ann, _bob, _cat, _dan = register(event, organizer, ["Ann", "Bob", "Cat", "Dan"], users=True)
    round_ = round_pair(event=event, user=organizer)
    table, other = tables(round_)
    first, second = players(table)
    result_report(table=table, user=first.user, data={"outcome": "win"})
    table.refresh_from_db()
    assert not table.reported and not table.disputed
    # the opponent says the opposite (the outcome is always the first seat's): flagged for
    # the organizer, nothing recorded
    result_report(table=table, user=second.user, data={"outcome": "loss"})
    table.refresh_from_db()
    assert table.disputed and not table.reported
    # the opponent corrects their report: the two agree, the result counts
    result_report(table=table, user=second.user, data={"outcome": "win"})
    table.refresh_from_db()
    assert table.reported and not table.disputed
    assert points_by_name(event)[first.name] == 5
    with pytest.raises(EventError, match="already recorded"):
        result_report(table=table, user=first.user, data={"outcome": "loss"})
    # a player of the other table cannot report this one, nor can the organizer as a player
    intruder = players(other)[0].user
    with pytest.raises(PermissionDenied):
        result_report(table=table, user=intruder, data={"outcome": "loss"})
    with pytest.raises(PermissionDenied):
        result_report(table=other, user=organizer, data={"outcome": "loss"})


def test_players_cannot_run_the_event(event, organizer):
    ann, bob, *_ = register(event, organizer, ["Ann", "Bob", "Cat", "Dan"], users=True)
    with pytest.raises(PermissionDenied):
        round_pair(event=event, user=ann.user)
    round_ = round_pair(event=event, user=organizer)
    table = tables(round_)[0]
    for action in (
        lambda: result_enter(table=table, user=ann.user, data={"outcome": "win"}),
        lambda: round_repair(event=event, user=ann.user),
        lambda: round_timer_start(round_=round_, user=ann.user),
        lambda: event_finish(event=event, user=bob.user),
        lambda: cut_start(event=event, user=bob.user, size=2),
    ):
        with pytest.raises(PermissionDenied):
            action()
    table.refresh_from_db()
    assert not table.reported


def test_the_round_timer_starts_once(event, organizer):
    register(event, organizer, ["Ann", "Bob"])
    round_ = round_pair(event=event, user=organizer)
    round_timer_start(round_=round_, user=organizer)
    assert round_.started_at is not None
    with pytest.raises(EventError, match="already running"):
        round_timer_start(round_=round_, user=organizer)


def _swiss(event, organizer, rounds):
    for _ in range(rounds):
        win_first_seat(round_pair(event=event, user=organizer, confirm=True), organizer)


def test_a_top_four_cut_seeds_one_against_four_replaces_a_drop_and_crowns_a_champion(organizer):
    event = event_create(
        organizer=organizer, name="Cut", date=datetime.date(2026, 12, 1), rounds=3, cut_size=4
    )
    register(event, organizer, [f"P{i}" for i in range(8)])
    _swiss(event, organizer, 3)
    rows = event_standings(event)
    second = next(e for e in event.entrants.all() if str(e.pk) == rows[1].id)
    entrant_drop(entrant=second, user=organizer)
    round_ = cut_start(event=event, user=organizer)
    event.refresh_from_db()
    assert event.status == Event.Status.CUT
    expected = [rows[i].id for i in (0, 2, 3, 4)]  # the second is replaced by the fifth
    first_match, second_match = tables(round_)
    assert [str(e.pk) for e in players(first_match)] == [expected[0], expected[3]]
    assert [str(e.pk) for e in players(second_match)] == [expected[1], expected[2]]
    with pytest.raises(EventError, match="needs a winner"):
        result_enter(table=first_match, user=organizer, data={"outcome": "draw"})
    with pytest.raises(EventError, match="Enter the result"):
        cut_advance(event=event, user=organizer)
    result_enter(table=first_match, user=organizer, data={"outcome": "loss"})
    result_enter(table=second_match, user=organizer, data={"outcome": "win"})
    final = cut_advance(event=event, user=organizer)
    assert [str(e.pk) for e in players(tables(final)[0])] == [expected[3], expected[1]]
    with pytest.raises(EventError, match="moved on"):
        result_enter(table=first_match, user=organizer, data={"outcome": "win"})
    for offered in ("modified_win", "modified_loss", "draw"):  # the cut takes a winner only
        with pytest.raises(EventError, match="needs a winner"):
            result_enter(table=tables(final)[0], user=organizer, data={"outcome": offered})
    with pytest.raises(EventError, match="needs a winner"):
        result_enter(
            table=tables(final)[0],
            user=organizer,
            data={"at_time": "1", "power_1": "9", "power_2": "4"},
        )
    result_enter(table=tables(final)[0], user=organizer, data={"outcome": "win"})
    assert cut_advance(event=event, user=organizer) is None
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    finished = AuditEntry.objects.get(event=event, action="event_finished")
    assert finished.detail["champion"] == players(tables(final)[0])[0].name


def test_melee_rounds_seat_tables_of_four_and_three_and_score_by_place(organizer):
    event = event_create(
        organizer=organizer,
        name="Melee",
        date=datetime.date(2026, 12, 1),
        format="melee",
        deck_format="melee",
    )
    register(event, organizer, [f"M{i}" for i in range(7)])
    round_ = round_pair(event=event, user=organizer)
    sizes = sorted(t.seats.count() for t in tables(round_))
    assert sizes == [3, 4]
    four = next(t for t in tables(round_) if t.seats.count() == 4)
    seated = players(four)
    data = {f"place_{e.pk}": place for e, place in zip(seated, [2, 1, 4, 3], strict=True)}
    result_enter(table=four, user=organizer, data=data)
    points = {s.entrant_id: s.points for s in four.seats.all()}
    assert [points[e.pk] for e in seated] == [6, 10, 0, 3]
    three = next(t for t in tables(round_) if t.seats.count() == 3)
    at_time = {
        "at_time": "1",
        **{f"power_{e.pk}": p for e, p in zip(players(three), [4, 9, 4], strict=True)},
    }
    result_enter(table=three, user=organizer, data=at_time)
    places = [s.place for s in three.seats.order_by("seat")]
    assert places == [2, 1, 2]
    # shared second place: (3 + 0) / 2 each
    assert {s.points for s in three.seats.all()} == {7, Fraction(3, 2)}
    with pytest.raises(EventError, match="finish first"):
        result_enter(table=four, user=organizer, data={f"place_{e.pk}": 2 for e in seated})


def test_two_on_two_teams_play_as_one_entrant_to_thirty_power(organizer):
    event = event_create(
        organizer=organizer, name="Teams", date=datetime.date(2026, 12, 1), format="teams"
    )
    for i in range(4):
        entrant_register(
            event=event,
            user=organizer,
            name=f"Team {i}",
            deck=decklist(HOUSES[i]),
            partner_deck=decklist(HOUSES[(i + 1) % 4]),
        )
    table = tables(round_pair(event=event, user=organizer))[0]
    # 20 against 24 of 30: the second team is closer
    result_enter(table=table, user=organizer, data={"at_time": 1, "power_1": 20, "power_2": 24})
    assert [s.outcome for s in table.seats.order_by("seat")] == ["modified_loss", "modified_win"]


def test_changing_the_scoring_rescores_every_result(event, organizer):
    register(event, organizer, ["Ann", "Bob"])
    table = tables(round_pair(event=event, user=organizer))[0]
    result_enter(table=table, user=organizer, data={"outcome": "win"})
    event_update(event=event, user=organizer, points_win=3, points_modified_win=3)
    assert sorted(s.points for s in Seat.objects.filter(table=table)) == [0, 3]
    assert sorted(points_by_name(event).values()) == [0, 3]
    with pytest.raises(EventError, match="must not increase"):
        event_update(event=event, user=organizer, points_draw=9)


def test_finishing_without_a_cut(event, organizer):
    register(event, organizer, ["Ann", "Bob", "Cat", "Dan"])
    with pytest.raises(EventError, match="No round"):
        event_finish(event=event, user=organizer)
    round_pair(event=event, user=organizer)
    with pytest.raises(ConfirmationNeeded):
        event_finish(event=event, user=organizer)
    event_finish(event=event, user=organizer, confirm=True)
    with pytest.raises(EventError, match="Swiss rounds are over"):
        round_pair(event=event, user=organizer)

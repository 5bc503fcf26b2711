"""Organizers entering one table's result at the same moment: the result and the audit log agree.

The first entry to commit is "result_entered", each later different one "result_corrected" with
the result it replaced as ``before``; an entry identical to the recorded result writes nothing.
The concurrent tests need row locks and real concurrent connections: PostgreSQL, as CI runs.
"""

from __future__ import annotations

import datetime
import itertools
import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection

from cards.services import cards_load
from tests.conftest import require_service
from tests.tournaments.conftest import decklist
from tournaments.models import AuditEntry, Table
from tournaments.rounds.services import result_enter, round_pair
from tournaments.services import co_organizer_add, entrant_register, event_create

HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
OUTCOMES = ["win", "modified_win", "draw", "modified_loss", "loss"]


def _paired_table(organizers: list[User]) -> Table:
    event = event_create(
        organizer=organizers[0], name="Busy Night", date=datetime.date(2026, 12, 4)
    )
    for other in organizers[1:]:
        co_organizer_add(event=event, user=organizers[0], username=other.username)
    for index, house in enumerate(HOUSES):
        entrant_register(event=event, user=organizers[0], name=f"P{index}", deck=decklist(house))
    round_ = round_pair(event=event, user=organizers[0])
    return round_.tables.filter(is_bye=False).order_by("number").first()


def _audit(table: Table) -> list[AuditEntry]:
    return list(
        AuditEntry.objects.filter(
            event=table.round.event, action__startswith="result_", detail__table=table.number
        ).order_by("pk")
    )


def _first_seat(entry: AuditEntry, key: str, table: Table) -> str:
    first = table.seats.get(seat=1).entrant.name
    return entry.detail[key][first]["outcome"]


def _enter_at_once(table: Table, users: list[User], outcomes: list[str]) -> list[BaseException]:
    """Each organizer has the manage page open (the table read before anyone saves), then
    all press "Record" together, each on a connection of their own."""
    start = threading.Barrier(len(outcomes))
    errors: list[BaseException] = []

    def enter(user: User, outcome: str) -> None:
        try:
            mine = Table.objects.select_related("round__event").get(pk=table.pk)
            start.wait()
            result_enter(table=mine, user=user, data={"outcome": outcome})
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=enter, args=(users[n % len(users)], outcome))
        for n, outcome in enumerate(outcomes)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def _needs_postgresql() -> None:
    require_service("DATABASE_URL")
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent writers need PostgreSQL")
    cards_load()  # a transactional test may follow another that emptied the tables


@pytest.fixture
def organizers(db) -> list[User]:
    return [
        User.objects.create_user(name, password="x-long-pass-1")
        for name in ("varys", "littlefinger")
    ]


@pytest.mark.django_db(transaction=True)
def test_different_results_at_once_are_one_entry_then_a_chain_of_corrections(organizers):
    _needs_postgresql()
    table = _paired_table(organizers)
    assert _enter_at_once(table, organizers, OUTCOMES) == []
    entries = _audit(table)
    assert [e.action for e in entries] == ["result_entered"] + ["result_corrected"] * (
        len(OUTCOMES) - 1
    )
    # each correction names the result it replaced: the one written just before it
    for earlier, later in itertools.pairwise(entries):
        assert _first_seat(later, "before", table) == _first_seat(earlier, "result", table)
    assert sorted(_first_seat(e, "result", table) for e in entries) == sorted(OUTCOMES)
    assert table.seats.get(seat=1).outcome == _first_seat(entries[-1], "result", table)


@pytest.mark.django_db(transaction=True)
def test_the_same_result_entered_at_once_is_audited_once(organizers):
    _needs_postgresql()
    table = _paired_table(organizers)
    assert _enter_at_once(table, organizers, ["win"] * 4) == []
    assert [e.action for e in _audit(table)] == ["result_entered"]
    assert table.seats.get(seat=1).outcome == "win"


@pytest.mark.django_db
def test_an_entry_from_a_page_loaded_before_another_result_is_a_correction(organizers):
    """The same race, one after the other: the table object is read before the first entry."""
    table = _paired_table(organizers)
    stale = Table.objects.select_related("round__event").get(pk=table.pk)
    result_enter(table=table, user=organizers[0], data={"outcome": "win"})
    result_enter(table=stale, user=organizers[1], data={"outcome": "loss"})
    result_enter(table=stale, user=organizers[1], data={"outcome": "loss"})  # the same again
    entries = _audit(table)
    assert [e.action for e in entries] == ["result_entered", "result_corrected"]
    assert _first_seat(entries[1], "before", table) == "win"
    assert entries[1].user == organizers[1]
    assert table.seats.get(seat=1).outcome == "loss"


@pytest.mark.django_db
def test_a_table_paired_again_while_the_result_was_typed_is_a_clear_error(organizers):
    from tournaments.rounds.services import round_repair
    from tournaments.services import EventError

    table = _paired_table(organizers)
    stale = Table.objects.select_related("round__event").get(pk=table.pk)
    round_repair(event=table.round.event, user=organizers[0])
    with pytest.raises(EventError, match="paired again"):
        result_enter(table=stale, user=organizers[1], data={"outcome": "win"})

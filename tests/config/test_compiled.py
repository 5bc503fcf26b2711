"""config/compiled.py: a read whose SQL is built once gives the instances the ORM gives
(every field of every model, the related objects of ``select_related`` included, a missing
reverse one-to-one as missing), in one query, and keeps the ORM's rule that a locking read
needs a transaction. Run on SQLite here and on PostgreSQL in CI."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from config.compiled import CompiledRead
from gameplay.models import MatchSeat, PlayPreferences
from gameplay.services import SeatSpec, core_deck, match_create, preferences_update

pytestmark = pytest.mark.django_db


def fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def same_as_the_orm(read: list[MatchSeat], orm: list[MatchSeat]) -> None:
    assert [fields(s) for s in read] == [fields(s) for s in orm]
    for mine, theirs in zip(read, orm, strict=True):
        assert fields(mine.match) == fields(theirs.match)
        assert (mine.user is None) == (theirs.user is None)
        if theirs.user is not None:
            assert fields(mine.user) == fields(theirs.user)
            assert fields(PlayPreferences.of(mine.user)) == fields(PlayPreferences.of(theirs.user))


@pytest.fixture
def match(django_user_model):
    ann = django_user_model.objects.create_user("ann")
    preferences_update(user=ann, windows="stops", stops=["attacked"], quiet=[])
    return match_create(
        creator=ann,
        variant="melee",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ann),
            SeatSpec(core_deck("core-lannister"), bot="random"),
            SeatSpec(),  # open: nobody sits there yet
        ],
        seed=3,
    )


def seats_of(pk):
    return MatchSeat.with_people(pk).select_related("match")


def test_a_compiled_read_gives_the_orms_instances_in_one_query(match):
    read = CompiledRead(seats_of)
    for _ in range(2):  # the first call compiles, the second runs what it kept
        with CaptureQueriesContext(connection) as captured:
            seats = read(match.pk)
        assert len(captured.captured_queries) == 1
        same_as_the_orm(seats, list(seats_of(match.pk)))
    # What was read with the seats answers without another query: the person, their
    # stored preferences, and the defaults for a person who has stored none.
    with CaptureQueriesContext(connection) as captured:
        ann = seats[0].user
        assert PlayPreferences.of(ann).windows == "stops" and seats[0].match.pk == match.pk
        assert seats[1].user is None and seats[2].user is None
    assert captured.captured_queries == []
    assert read(match.pk + 1000) == []  # another value, another answer: no such match


def test_the_defaults_come_without_a_query_for_a_person_with_none_stored(match, django_user_model):
    bob = django_user_model.objects.create_user("bob")
    MatchSeat.objects.filter(match=match, number=2).update(user=bob)
    (seat,) = [s for s in CompiledRead(seats_of)(match.pk) if s.number == 2]
    with CaptureQueriesContext(connection) as captured:
        assert PlayPreferences.of(seat.user).pk is None  # not stored: the defaults
    assert captured.captured_queries == []


@pytest.mark.django_db(transaction=True)  # outside the test's own transaction
def test_a_locking_read_needs_a_transaction_as_the_orms_does(match):
    read = CompiledRead(lambda pk: seats_of(pk).select_for_update(of=("match",)))
    with transaction.atomic():
        locked = read(match.pk)
    same_as_the_orm(locked, list(seats_of(match.pk)))
    with pytest.raises(TransactionManagementError):
        read(match.pk)


def test_the_value_must_be_one_parameter_of_its_own():
    read = CompiledRead(lambda pk: MatchSeat.objects.filter(match_id=5))
    with pytest.raises(ValueError, match="exactly one parameter"):
        read(5)

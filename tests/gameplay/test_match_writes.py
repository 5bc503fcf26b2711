"""A move's two writes in one statement (gameplay/writes.py, issue 31): on PostgreSQL the
action's insert and the match's update leave as one statement, and store exactly what the
ORM's two saves stored, with the same signals (the live row, the push)."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models.signals import post_save, pre_save
from django.test.utils import CaptureQueriesContext

from config import push
from gameplay import live
from gameplay.models import Match, MatchAction
from gameplay.writes import save_move
from tests.conftest import require_service
from tests.gameplay import test_match_host
from tests.gameplay.test_match_passing import ambush_position, marshal_steward, people_match

people = test_match_host.people
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _postgresql():
    if not require_service("DATABASE_URL").startswith("postgres"):
        pytest.fail("this is PostgreSQL's statement: DATABASE_URL must name PostgreSQL")


def _stored(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_a_move_writes_its_action_and_its_match_in_one_statement(
    people, settings, django_capture_on_commit_callbacks
):
    settings.MATCH_LIVE_CACHE = True  # the process's own cache: the row is written there
    match = people_match(people, ambush_position(influence=False))
    heard = []

    def hear(signal):
        def receiver(sender, update_fields=None, **kwargs):
            heard.append((signal, sender.__name__, update_fields and "version" in update_fields))

        return receiver

    receivers = {signal: hear(name) for signal, name in ((pre_save, "pre"), (post_save, "post"))}
    for signal, receiver in receivers.items():
        for model in (Match, MatchAction):
            signal.connect(receiver, sender=model, weak=False)
    try:
        with (
            CaptureQueriesContext(connection) as asked,
            django_capture_on_commit_callbacks() as callbacks,
        ):
            moved = marshal_steward(match, people)
    finally:
        for signal, receiver in receivers.items():
            for model in (Match, MatchAction):
                signal.disconnect(receiver, sender=model)
    # The ORM's signals, each with what it was told: the action's, then the match's.
    assert heard == [
        ("pre", "MatchAction", None),
        ("pre", "Match", True),
        ("post", "MatchAction", None),
        ("post", "Match", True),
    ]
    writes = [
        q["sql"]
        for q in asked.captured_queries
        if q["sql"].startswith(("INSERT", "UPDATE", "WITH"))
    ]
    assert len(writes) == 1 and "INSERT INTO" in writes[0] and "UPDATE" in writes[0]
    # What the match and its new action hold in memory is what the database holds.
    assert _stored(Match.objects.get(pk=match.pk)) == _stored(moved)
    action = MatchAction.objects.get(match=match, number=moved.version)
    assert (action.seat, action.user_id, action.automatic) == (0, people[0].pk, False)
    assert action.text.startswith("p0:marshal:play:") and action.created == moved.updated
    assert moved.version == match.version + 1
    # The match's post_save receivers ran: the live row, and the push once it commits.
    assert live.cached(match.pk)["version"] == moved.version
    assert any(push.is_message(callback) for callback in callbacks)


def test_a_match_that_is_not_there_writes_nothing(people):
    match = people_match(people, ambush_position(influence=False))
    ghost = Match.objects.get(pk=match.pk)
    ghost.pk = match.pk + 1000
    before = MatchAction.objects.count()
    with pytest.raises(DatabaseError), transaction.atomic():
        save_move(ghost, MatchAction(match=match, number=999, seat=0, text="p0:pass"), ["version"])
    assert MatchAction.objects.count() == before

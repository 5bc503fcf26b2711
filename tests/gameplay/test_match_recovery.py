"""A bot's move that went missing (its task lost with a worker or a broker) is queued again:
by a page or a poll that sees it overdue, and by the sweep that celery beat runs. Here
the queue is in-process (each test below "loses" a move by never committing the change
that queued it); tests/gameplay/test_match_faults.py breaks a real worker and broker."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config import push
from gameplay import live
from gameplay.models import Match, MatchAction
from gameplay.services import (
    SeatSpec,
    core_deck,
    match_bot_move,
    match_bot_sweep,
    match_concede,
    match_create,
)

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def in_process_queue(settings):
    """Tasks run in-process, as without a broker, whatever this run has: a move queued
    again is made at once. Nothing queued on commit runs (the test never commits)."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.BOT_DELAY_SECONDS = 0.6
    settings.BOT_GRACE_SECONDS = 10
    yield
    app.conf.task_always_eager = saved


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]


def against_bot(person, **kwargs) -> Match:
    """A joust against a greedy bot: at setup both must decide, and the bot's move was
    queued when the match was created, never to run (lost)."""
    return match_create(
        creator=person,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=person),
            SeatSpec(core_deck("core-lannister"), bot="greedy"),
        ],
        seed=3,
        **kwargs,
    )


def late(match: Match, seconds: float = 11) -> Match:
    """The match as it is ``seconds`` after its bot should have moved."""
    due = timezone.now() - datetime.timedelta(seconds=seconds)
    match.bot_due = due
    match.save(update_fields=["bot_due"])  # as the clock would: the live row follows
    return match


def moves(match: Match) -> list[int]:
    return list(MatchAction.objects.filter(match=match).values_list("seat", flat=True))


def url(name: str, match: Match) -> str:
    return reverse(f"play:{name}", args=[match.pk])


def test_a_bot_turn_notes_when_the_bot_is_due_and_a_person_turn_clears_it(people):
    before = timezone.now()
    match = against_bot(people[0])
    assert match.bot_due is not None
    assert (match.bot_due - before).total_seconds() == pytest.approx(0.6, abs=0.5)
    assert match_bot_move(match_id=match.pk, version=0)  # the bot places its setup
    match.refresh_from_db()
    assert match.waiting == [0] and match.bot_due is None  # only the person decides
    people_only = match_create(
        creator=people[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=people[0]),
            SeatSpec(core_deck("core-lannister"), user=people[1]),
        ],
    )
    assert people_only.bot_due is None
    match_concede(match_id=match.pk, user=people[0])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.bot_due is None


def test_a_poll_queues_an_overdue_bot_move_again(client, people):
    match = against_bot(people[0], is_public=False)
    client.force_login(people[0])
    query = {"v": 0, "c": 0, "k": "x"}
    assert client.get(url("poll", match), query, **HTMX).status_code == 204  # not late yet
    assert moves(match) == []
    late(match)
    response = client.get(url("poll", match), query, **HTMX)
    assert moves(match) == [1]  # the bot placed its setup
    assert response.status_code == 200 and "v=1&amp;" in response.content.decode()
    match.refresh_from_db()
    assert match.version == 1 and match.bot_due is None


def test_the_match_page_queues_an_overdue_bot_move_again(people):
    match = late(against_bot(people[0]))
    page = Client().get(url("match", match))  # a spectator's look is enough
    assert page.status_code == 200
    assert moves(match) == [1]


@pytest.fixture
def live_cache(shared_cache, settings):
    settings.MATCH_LIVE_CACHE = True


def test_with_the_live_cache_an_overdue_bot_is_seen_without_a_query_and_queued_again(
    people, live_cache, django_assert_num_queries
):
    from urllib.parse import urlencode
    from wsgiref.util import setup_testing_defaults

    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    from config.wsgi import application

    def poll(match: Match) -> str:
        environ = {"PATH_INFO": url("poll", match), "QUERY_STRING": urlencode({"v": 0, "c": 0})}
        setup_testing_defaults(environ)
        status = []
        b"".join(application(environ, lambda s, headers, exc=None: status.append(s)))
        return status[0]

    match = against_bot(people[0])
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        with django_assert_num_queries(0):  # the bot is not late: nothing new, from the cache
            assert poll(match).startswith("204")
        assert live.cached(match.pk)["bot_overdue"] == pytest.approx(match.bot_due.timestamp() + 10)
        late(match)
        assert poll(match).startswith("200")  # the view saw it late and queued it again
        assert moves(match) == [1]
        assert live.cached(match.pk)["bot_overdue"] is None  # now the person must decide
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def test_the_sweep_queues_every_overdue_bot_move_once(people):
    lost = [late(against_bot(people[0])) for _ in range(2)]
    waiting = against_bot(people[1])  # due, not late
    over = late(against_bot(people[1]))
    match_concede(match_id=over.pk, user=people[1])
    assert match_bot_sweep() == 2
    assert [moves(m) for m in lost] == [[1], [1]]
    assert moves(waiting) == [] and moves(over) == []
    # The task that was lost turns up after all: it finds the match moved on.
    assert not match_bot_move(match_id=lost[0].pk, version=0)
    assert moves(lost[0]) == [1]
    assert match_bot_sweep() == 0  # nothing is late any more


def test_a_move_queued_again_is_not_queued_again_within_the_grace_period(people, monkeypatch):
    from config.celery import app
    from gameplay.tasks import bot_move_task

    app.conf.task_always_eager = False  # as with a broker: count what is sent
    sent = []
    monkeypatch.setattr(bot_move_task, "apply_async", lambda args, **kw: sent.append((args, kw)))
    match = late(against_bot(people[0]))
    assert match_bot_sweep() == 1
    assert match_bot_sweep() == 0  # the move is on its way
    Client().get(url("match", match))  # nor does a page queue it once more
    assert sent == [((match.pk, 0), {"countdown": 0})]


def test_celery_beat_sends_the_sweep_and_the_worker_survives_the_broker(settings):
    from config.celery import app

    entry = app.conf.beat_schedule["sweep-bot-moves"]
    assert entry["task"] == "gameplay.sweep_bot_moves" in app.tasks
    assert entry["schedule"] == settings.BOT_SWEEP_SECONDS
    assert app.conf.broker_connection_retry_on_startup is True
    assert app.conf.broker_connection_retry is True
    assert app.conf.broker_connection_max_retries is None  # retry for as long as it takes


def test_a_move_that_cannot_reach_the_broker_leaves_the_bot_due_for_the_sweep(
    people, monkeypatch, django_capture_on_commit_callbacks
):
    from kombu.exceptions import OperationalError

    from config.celery import app
    from gameplay.tasks import bot_move_task

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    app.conf.task_always_eager = False
    monkeypatch.setattr(bot_move_task, "apply_async", broker_down)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        match = against_bot(people[0])  # committed; its bot's move cannot be queued
    assert len([c for c in queued if not push.is_message(c)]) == 1  # the pages' push aside
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and 1 in match.waiting
    assert match.bot_due is not None  # the sweep finds it once it is late

"""Bot matches through real faults: a worker killed with ``kill -9`` in the middle of a
match, and the broker restarted while a bot's move is in flight. Each test runs its own
redis-server (without persistence: a restart empties it) and its own celery worker with
the beat inside (``-B``: the sweep of lost bot moves runs), on the test database. They
need PostgreSQL (the worker is another process) and redis-server: skipped locally
without them, failures in CI. Each takes some 10 to 30 seconds."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from django.db import connection

from gameplay.engine.game import legal_actions
from gameplay.models import Match, MatchAction
from gameplay.services import SeatSpec, core_deck, match_act, match_create, match_state
from tests.conftest import require_service
from tests.gameplay.faults import CeleryWorker, RedisServer, wait_for

pytestmark = pytest.mark.django_db(transaction=True)
BOT = 1  # the bot's seat; the person sits at 0


def database_url() -> str:
    """The test database, for the worker (another process) to use."""
    db = connection.settings_dict
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgresql://{quote(db['USER'])}{password}@{db['HOST']}{port}/{db['NAME']}"


@contextlib.contextmanager
def tasks_sent_to(url: str) -> Iterator[None]:
    """This process queues its tasks on the broker at ``url`` (whatever this run has:
    Celery reads ``CELERY_BROKER_URL`` from the environment before its configuration)."""
    from config.celery import app

    def fresh_pools() -> None:
        from kombu import pools

        pools.reset()  # closes every connection and forgets the pools, whatever their broker
        app._pool = None
        app.amqp._producer_pool = None

    saved = (os.environ.get("CELERY_BROKER_URL"), app.conf.broker_url, app.conf.task_always_eager)
    fresh_pools()
    os.environ["CELERY_BROKER_URL"] = url
    app.conf.broker_url, app.conf.task_always_eager = url, False
    assert app.connection_for_write().as_uri().endswith(url.rsplit(":", 1)[1])
    try:
        yield
    finally:
        fresh_pools()
        if saved[0] is None:
            os.environ.pop("CELERY_BROKER_URL", None)
        else:
            os.environ["CELERY_BROKER_URL"] = saved[0]
        app.conf.broker_url, app.conf.task_always_eager = saved[1:]


@pytest.fixture
def broker_and_worker(tmp_path, settings):
    if connection.vendor != "postgresql":
        require_service("DATABASE_URL")  # the worker is another process: a real database
        pytest.skip("DATABASE_URL does not point at PostgreSQL")
    redis = RedisServer(tmp_path)
    redis.start()
    worker = CeleryWorker(tmp_path, redis.url, database_url())
    settings.BOT_DELAY_SECONDS = 0.2
    settings.BOT_GRACE_SECONDS = 2
    try:
        with tasks_sent_to(redis.url):
            yield redis, worker
    finally:
        worker.stop()
        redis.kill()


@pytest.fixture
def person(django_user_model):
    return django_user_model.objects.create_user("ann")


def bot_match(person) -> Match:
    return match_create(
        creator=person,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=person),
            SeatSpec(core_deck("core-lannister"), bot="greedy"),
        ],
        seed=11,
    )


def person_to_act(match: Match) -> Match | None:
    """The match once the bot has moved and only the person must decide (else None)."""
    match = Match.objects.get(pk=match.pk)
    return match if match.waiting == [0] else None


def act(match: Match, person) -> Match:
    """The person decides (their first legal action) until the bot must decide."""
    while True:
        action = str(legal_actions(match_state(match), 0)[0])
        match = match_act(match_id=match.pk, user=person, action=action, version=match.version)
        if BOT in match.waiting:
            return match
        assert match.waiting == [0], match.waiting


def in_worker_hands(redis: RedisServer) -> bool:
    """True when the worker holds a bot move, not yet done (reserved, unacknowledged)."""
    import redis as redis_py

    client = redis_py.Redis(port=redis.port)
    return client.hlen("unacked") == 1 and client.llen("celery") == 0


def assert_each_move_once(match: Match) -> None:
    match = Match.objects.get(pk=match.pk)
    numbers = list(MatchAction.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, match.version + 1))


def test_a_bot_move_lost_with_a_worker_killed_mid_match_is_made_when_it_is_back(
    broker_and_worker, person, settings
):
    redis, worker = broker_and_worker
    worker.start()
    match = bot_match(person)
    match = wait_for("the person's turn", lambda: person_to_act(match), timeout=20)
    # The bot's next move is queued for later: the worker holds it when it is killed.
    settings.BOT_DELAY_SECONDS = 3
    match = act(match, person)
    wait_for("the worker to take the bot's move", lambda: in_worker_hands(redis), timeout=10)
    worker.kill()
    assert Match.objects.get(pk=match.pk).version == match.version  # the move is lost ...
    worker.start()
    # ... and made once the worker is back (queued again by the sweep, not an hour later).
    settings.BOT_DELAY_SECONDS = 0.2
    match = wait_for("the lost bot move", lambda: person_to_act(match), timeout=30)
    # The match goes on: the next bot move comes as usual.
    after = act(match, person).version
    wait_for("the next bot move", lambda: Match.objects.get(pk=match.pk).version > after, 20)
    assert_each_move_once(match)
    assert "Traceback" not in worker.text()


def test_the_worker_survives_a_broker_restart_and_the_pending_bot_move_is_made(
    broker_and_worker, person, settings
):
    redis, worker = broker_and_worker
    worker.start()
    match = bot_match(person)
    match = wait_for("the person's turn", lambda: person_to_act(match), timeout=20)
    settings.BOT_DELAY_SECONDS = 3
    match = act(match, person)
    wait_for("the worker to take the bot's move", lambda: in_worker_hands(redis), timeout=10)
    redis.kill()  # the queue is lost with it (no persistence)
    wait_for("the worker to notice", lambda: "lost" in worker.text().lower(), timeout=15)
    redis.start()
    settings.BOT_DELAY_SECONDS = 0.2
    match = wait_for("the pending bot move", lambda: person_to_act(match), timeout=40)
    assert worker.alive(), worker.text()[-3000:]
    after = act(match, person).version  # sent on a new connection to the new broker
    wait_for("the next bot move", lambda: Match.objects.get(pk=match.pk).version > after, 20)
    assert worker.alive()
    assert_each_move_once(match)

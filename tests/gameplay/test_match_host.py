"""The match host (gameplay/host.py, issue 31): automatic moves made on timers of the ASGI
server's process, told through the push's Redis, and Celery whenever no host can take them."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time

import pytest
from django.test import Client

from config import push
from gameplay import host, host_offers, viewstream
from gameplay.models import Match
from tests.conftest import SHARED_CACHE_DATABASE, WORKER, redis_database, require_service
from tests.gameplay.test_match_passing import (
    ambush_position,
    made,
    marshal_steward,
    people_match,
)
from tests.gameplay.test_match_view_stream import _view


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]


@pytest.fixture
def hosting(settings):
    """Hosting on, through the Redis of CI (a database and a channel prefix of this test
    worker's own), tasks through the real broker; the broker's queue as a Redis client."""
    import redis

    broker = require_service("CELERY_BROKER_URL")
    from config.celery import app

    assert not app.conf.task_always_eager
    url = redis_database(broker, SHARED_CACHE_DATABASE - WORKER)
    settings.PUSH_REDIS_URL = url
    settings.PUSH_CHANNEL = f"maester:test{WORKER}:live:"
    settings.MATCH_HOST = True
    settings.BOT_DELAY_SECONDS, settings.BOT_JITTER_SECONDS = 0.6, 0.4
    pushed = redis.Redis.from_url(url)
    pushed.delete(host_offers.heartbeat_key())
    for key in pushed.scan_iter(host._claim_key(0, 0).removesuffix("0:0") + "*"):
        pushed.delete(key)  # match numbers start again with each test's database
    host_offers.forget()
    queue = redis.Redis.from_url(os.environ["CELERY_BROKER_URL"])
    queue.delete("celery")
    yield queue
    queue.delete("celery")  # tasks no worker ran: nobody else's to run
    host_offers.forget()
    host.close_movers()
    push._clients.pop(url, None)


def _until(check, seconds: float = 15.0) -> float:
    """Wait until ``check()`` holds; how long it took."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > seconds:
            pytest.fail(f"still not so after {seconds} s")
        time.sleep(0.02)
    return time.monotonic() - started


def _alive() -> bool:
    return bool(push._redis_client(push.redis_url()).exists(host_offers.heartbeat_key()))


@contextlib.contextmanager
def running_host():
    """A host on an event loop of its own, in a thread (a server process's loop), until the
    block ends; then stopped as a server stops it (its task cancelled)."""
    with host_on_loop() as (running, _loop):
        yield running


@contextlib.contextmanager
def host_on_loop():
    """:func:`running_host`, and its event loop (the server process's)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    running = host.Host()
    stop = asyncio.Event()

    async def server() -> None:
        serving = asyncio.create_task(running.serve())
        await stop.wait()
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        hub = push.current_hub()
        if hub.reader is not None:
            hub.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await hub.reader

    served = asyncio.run_coroutine_threadsafe(server(), loop)
    try:
        _until(_alive)
        host_offers.forget()
        yield running, loop
    finally:
        loop.call_soon_threadsafe(stop.set)
        served.result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
        host_offers.forget()


def _version(match: Match) -> int:
    return Match.objects.get(pk=match.pk).version


@pytest.mark.django_db(transaction=True)
def test_an_automatic_pass_is_made_by_the_host_after_the_bot_delay_not_by_celery(hosting, people):
    match = people_match(people, ambush_position(influence=False))
    with running_host() as running:
        marshal_steward(match, people)  # commits: bob's pass is offered to the host
        version = _version(match)
        waited = _until(lambda: _version(match) != version)
        _until(lambda: running.made == 1)
    assert made(match)[version] == (1, "p1:pass", True)
    assert 0.5 <= waited < 10  # the bot delay (0.6 s and up to 0.4 more), from the commit
    assert hosting.llen("celery") == 0  # no Celery task was queued


@pytest.mark.django_db(transaction=True)
def test_the_host_hands_its_move_to_the_view_streams_of_its_process_which_read_nothing(
    hosting, people
):
    match = people_match(people, ambush_position(influence=False))
    bob = Client()
    bob.force_login(people[1])
    with host_on_loop() as (running, loop):

        def on_loop(step):
            return asyncio.run_coroutine_threadsafe(step, loop).result(15)

        async def sources():
            return viewstream._sources[asyncio.get_running_loop()][match.pk]

        stream = viewstream.view_events(match.pk, 1, 0)  # bob's views, in the host's process
        try:
            on_loop(anext(stream))
            source = on_loop(sources())
            marshal_steward(match, people)  # ann's act, made elsewhere: read, as ever
            after_act = _view(on_loop(anext(stream)))
            reads = source.reads
            # Bob's pass, by his preferences: the host makes it, and hands it over.
            view = _view(on_loop(anext(stream)))
            _until(lambda: running.made == 1)
            assert source.reads == reads  # nothing read for it
        finally:
            on_loop(stream.aclose())
            viewstream.close_reader()
    assert view["version"] == after_act["version"] + 1 == _version(match)
    assert made(match)[-1] == (1, "p1:pass", True)
    since = after_act["view"]["log_size"]
    # What the API answers bob, and so nothing he may not see.
    assert view == bob.get(f"/api/matches/{match.pk}/?since={since}").json()


@pytest.mark.django_db(transaction=True)
def test_without_a_host_the_move_goes_to_celery(hosting, people):
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)  # no heartbeat: a Celery task
    assert hosting.llen("celery") == 1
    # A heartbeat with nobody subscribed (a host that just died): the offer reaches no
    # process, and the move goes to Celery all the same.
    push._redis_client(push.redis_url()).set(host_offers.heartbeat_key(), 1, ex=5)
    host_offers.forget()
    assert host_offers.available()
    assert not host_offers.offer(match.pk, _version(match), 0.6, False)


@pytest.mark.django_db(transaction=True)
def test_a_stopping_host_hands_the_moves_it_waits_for_to_celery(hosting, people, settings):
    settings.BOT_DELAY_SECONDS = 60.0  # far off: the host stops before
    match = people_match(people, ambush_position(influence=False))
    with running_host() as running:
        marshal_steward(match, people)
        _until(lambda: len(running.waiting) == 1)
        assert hosting.llen("celery") == 0
    assert hosting.llen("celery") == 1
    assert not _alive()  # its heartbeat went with it: the next moves go to Celery
    assert not host_offers.available()


@pytest.mark.django_db(transaction=True)
def test_two_hosts_hear_an_offer_and_one_makes_the_move(hosting, people):
    match = people_match(people, ambush_position(influence=False))
    with running_host() as first, running_host() as second:
        marshal_steward(match, people)
        version = _version(match)
        _until(lambda: _version(match) != version)
        _until(lambda: first.made + second.made == 1)
        time.sleep(1.5)  # both timers have fired
        assert first.made + second.made == 1
    assert len(made(match)) == version + 1


@pytest.mark.django_db(transaction=True)
def test_the_host_whose_process_follows_the_match_makes_its_move(hosting, people):
    """Two hosts hear the offer; the one whose process holds a stream of the match claims
    first (the other waits ELSEWHERE_SECONDS more), so the views go out unread there."""
    match = people_match(people, ambush_position(influence=False))
    with _two_hosts_one_following(match) as (elsewhere, following):
        with _in_a_web_process():  # ann's act: offered through Redis, to both hosts
            marshal_steward(match, people)
        _until(lambda: len(elsewhere.waiting) == len(following.waiting) == 1)
        (due_elsewhere,) = [due for _timer, due, _search in elsewhere.waiting.values()]
        (due_here,) = [due for _timer, due, _search in following.waiting.values()]
        assert due_elsewhere - due_here == pytest.approx(host.ELSEWHERE_SECONDS, abs=0.1)
        _until(lambda: following.made == 1)
        time.sleep(host.ELSEWHERE_SECONDS + 0.5)  # the other's timer has fired too
        assert (following.made, elsewhere.made) == (1, 0)


@contextlib.contextmanager
def _two_hosts_one_following(match: Match):
    """Two hosts, each on a loop of its own (two server processes); bob follows ``match``
    in the second's (a stream of its loop) until the block ends."""
    with host_on_loop() as (elsewhere, _), host_on_loop() as (following, loop):
        stream = viewstream.view_events(match.pk, 1, 0)

        def on_loop(step):
            return asyncio.run_coroutine_threadsafe(step, loop).result(15)

        try:
            on_loop(anext(stream))
            yield elsewhere, following
        finally:
            on_loop(stream.aclose())
            viewstream.close_reader()


@contextlib.contextmanager
def _in_a_web_process():
    """Changes made in the block are made as in a process with no host of its own (a web
    worker's): the hosts running in this test's process are not offered its moves
    directly, only through Redis."""
    here = dict(host_offers._here)
    host_offers._here.clear()
    try:
        yield
    finally:
        host_offers._here.update(here)


@pytest.mark.django_db(transaction=True)
def test_an_offer_made_where_the_match_is_followed_goes_to_that_host_alone_unclaimed(
    hosting, people
):
    """A change made in the process whose host follows the match (a decision over its
    socket, the host's own move) offers the next automatic move to that host directly: no
    other host hears of it, and it is not claimed in Redis."""
    match = people_match(people, ambush_position(influence=False))
    with _two_hosts_one_following(match) as (elsewhere, following):
        marshal_steward(match, people)  # ann's act, made in the process that follows it
        version = _version(match)
        waited = _until(lambda: _version(match) != version)
        _until(lambda: following.made == 1)
        time.sleep(host.ELSEWHERE_SECONDS + 0.5)
        assert (following.made, elsewhere.made, len(elsewhere.waiting)) == (1, 0, 0)
    assert made(match)[version] == (1, "p1:pass", True)
    assert 0.5 <= waited < 10  # the bot delay all the same
    claims = push._redis_client(push.redis_url())
    assert not claims.exists(host._claim_key(match.pk, version))
    assert hosting.llen("celery") == 0


@pytest.mark.django_db(transaction=True)
def test_a_search_bots_moves_stay_with_celery(hosting, people):
    """The search bot thinks for up to a second: not on the host's one thread."""
    from gameplay.services.play import _queue_bot

    match = people_match(people)
    with running_host() as running:
        _queue_bot(match.pk, match.version, search=True)
        _queue_bot(match.pk, match.version, search=None)  # not known: a search bot may sit
        assert hosting.llen("celery") == 2
        _queue_bot(match.pk, match.version, search=False)  # known: none sits there
        _until(lambda: len(running.waiting) == 1)
    assert hosting.llen("celery") == 3  # the host stopped: it handed its move on


@pytest.mark.django_db(transaction=True)
def test_with_its_redis_out_of_reach_the_move_goes_to_celery_and_redis_is_not_asked_again(
    hosting, people, settings, monkeypatch
):
    settings.PUSH_REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    asked = []
    exists = type(push._redis_client(settings.PUSH_REDIS_URL)).exists
    monkeypatch.setattr(
        type(push._redis_client(settings.PUSH_REDIS_URL)),
        "exists",
        lambda self, *keys: asked.append(keys) or exists(self, *keys),
    )
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)
    assert hosting.llen("celery") == 1
    # The heartbeat's read on its own: the first try fails, and the next ones (past the
    # second during which a process keeps its answer) wait for push.RETRY_SECONDS.
    push._down_until.pop(settings.PUSH_REDIS_URL, None)
    host_offers.forget()
    assert not host_offers.available() and not host_offers.available()
    host_offers.forget()
    assert not host_offers.available()
    assert len(asked) == 1  # one try: the next ones wait for push.RETRY_SECONDS
    push._clients.pop(settings.PUSH_REDIS_URL, None)
    push._down_until.pop(settings.PUSH_REDIS_URL, None)


def test_a_move_is_claimed_once(hosting):
    match_id = 10**9 + WORKER * 1000 + int(time.time()) % 1000
    assert host.claim(match_id, 3)
    assert not host.claim(match_id, 3)
    assert host.claim(match_id, 4)


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        "[]",
        '{"m": 1, "v": 2, "d": 0.6}',  # no search
        '{"m": "1", "v": 2, "d": 0.6, "s": null}',
        '{"m": 1, "v": 2, "d": -1, "s": null}',
        '{"m": 1, "v": 2, "d": "soon", "s": null}',
        '{"m": 1, "v": 2, "d": 0.6, "s": "yes"}',
    ],
)
def test_a_message_the_host_cannot_read_is_left_alone(message):
    running = host.Host()
    running.heard(message)  # outside a loop: anything it scheduled would raise here
    assert running.waiting == {}


@pytest.mark.django_db(transaction=True)
def test_the_asgi_server_runs_a_host_from_its_start_to_its_end(hosting, people):
    from config.asgi import application
    from tests.asgi_server import AsgiServer

    match = people_match(people, ambush_position(influence=False))
    server = AsgiServer(app=application, lifespan="on").start()
    try:
        _until(_alive)
        host_offers.forget()
        marshal_steward(match, people)
        version = _version(match)
        _until(lambda: _version(match) != version)
    finally:
        server.stop()
    assert made(match)[version] == (1, "p1:pass", True)
    assert hosting.llen("celery") == 0
    assert not _alive()


def _mover_backend() -> int:
    def pid() -> int:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return int(cursor.fetchone()[0])

    return host._movers.submit(pid).result(10)


@pytest.mark.django_db(transaction=True)
def test_the_host_keeps_its_database_connection_and_opens_a_new_one_when_it_broke(hosting, people):
    """One connection for all its moves (not one per move, as Celery's fixup made), and a
    connection PostgreSQL ended (a restart) costs no move."""
    from django.db import connection

    require_service("DATABASE_URL")
    if connection.vendor != "postgresql":
        pytest.fail("DATABASE_URL must name PostgreSQL for this test")
    first, second, third = (
        people_match(people, ambush_position(influence=False)) for _ in range(3)
    )
    with running_host() as running:
        marshal_steward(first, people)
        _until(lambda: running.made == 1)
        before = _mover_backend()
        marshal_steward(second, people)
        _until(lambda: running.made == 2)
        assert _mover_backend() == before
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [before])
        marshal_steward(third, people)
        _until(lambda: running.made == 3)
        assert _mover_backend() != before

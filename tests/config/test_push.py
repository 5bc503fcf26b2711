"""The push of live pages (config/push.py): a stream per page, told "look again" through
this process (no Redis) or through Redis (every server process), never anything else."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client
from django.urls import reverse

from config import push
from tests.conftest import SHARED_CACHE_DATABASE, WORKER, redis_database, require_service


def _run(coroutine_function):
    """Run an async test body on a loop of its own (as a server's loop), in a thread of its
    own: a worker that ran a browser test keeps Playwright's loop in its main thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine_function()).result()


async def _next(stream, timeout: float = 5.0) -> str:
    return await asyncio.wait_for(anext(stream), timeout)


def _events(text: str | bytes) -> list[tuple[str, str]]:
    """(event, data) of each server-sent event in ``text``; comments left out."""
    if isinstance(text, bytes):
        text = text.decode()
    found = []
    for block in text.split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in block.splitlines() if ": " in line and line[0] != ":"
        )
        if "event" in fields:
            found.append((fields["event"], fields.get("data", "")))
    return found


def test_a_stream_says_ready_then_each_change_of_its_topic_only(settings):
    settings.PUSH_REDIS_URL = ""

    async def body():
        stream = push.events("match:1")
        first = await _next(stream)
        assert first.startswith(f"retry: {push.RETRY_MILLISECONDS}\n")
        assert _events(first) == [("ready", "")]
        # Published from another thread, as a view's transaction commits in a worker thread.
        for topic, data in (("match:2", {"v": 9}), ("match:1", {"v": 4, "c": 1})):
            thread = threading.Thread(target=push.publish, args=(topic, data))
            thread.start()
            thread.join()
        assert _events(await _next(stream)) == [("change", '{"v":4,"c":1}')]
        waiting = asyncio.ensure_future(_next(stream, timeout=0.3))
        with pytest.raises(TimeoutError):  # the other match's message never came here
            await waiting
        await stream.aclose()
        assert push._hub().queues == {}  # a closed stream leaves nothing behind

    _run(body)


def test_messages_that_wait_are_one_look_the_newest_and_ready_is_never_lost():
    queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
    push._offer(queue, '{"v":1}')
    # One look is enough, with the newest version: a page that shows version 1 already
    # (its own move) would not look on hearing of version 1, and would miss version 2.
    push._offer(queue, '{"v":2}')
    assert queue.qsize() == 1 and queue.get_nowait() == '{"v":2}'
    push._offer(queue, '{"v":3}')
    push._offer(queue, push.READY)  # a resubscription: the page must look, and know it
    push._offer(queue, '{"v":4}')  # and it still must
    assert queue.get_nowait() == push.READY


def test_a_quiet_stream_sends_a_comment_to_keep_the_connection(settings, monkeypatch):
    settings.PUSH_REDIS_URL = ""
    monkeypatch.setattr(push, "KEEPALIVE_SECONDS", 0.05)

    async def body():
        stream = push.events("lobby")
        await _next(stream)
        assert await _next(stream) == ": keep-alive\n\n"
        await stream.aclose()

    _run(body)


def test_nothing_is_pushed_when_push_is_off(settings):
    settings.PUSH_REDIS_URL = ""
    settings.LIVE_PUSH = False

    async def body():
        stream = push.events("lobby")
        await _next(stream)
        thread = threading.Thread(target=push.publish, args=("lobby",))
        thread.start()
        thread.join()
        with pytest.raises(TimeoutError):
            await _next(stream, timeout=0.3)
        await stream.aclose()

    _run(body)


@pytest.fixture
def redis_push(settings):
    """Push through the Redis of CI, on a database of this worker's own (pub/sub channels
    are server-wide: the channel prefix is this worker's too)."""
    url = redis_database(require_service("CELERY_BROKER_URL"), SHARED_CACHE_DATABASE - WORKER)
    settings.PUSH_REDIS_URL = url
    settings.PUSH_CHANNEL = f"maester:test{WORKER}:live:"
    yield url
    push._clients.pop(url, None)


def test_through_redis_a_message_reaches_every_process_and_survives_a_lost_subscription(
    redis_push,
):
    """Two loops stand for two server processes: each holds its own Redis subscription,
    and a message published anywhere reaches both. When Redis drops a subscription, the
    process subscribes again and tells its streams to look (``ready``)."""
    import redis

    results: dict[str, list[str]] = {}
    subscribed = threading.Barrier(3, timeout=10)
    published = threading.Event()

    def process(name: str) -> None:
        async def body():
            stream = push.events("match:7")
            seen = [await _next(stream)]  # ready: subscribed
            subscribed.wait()
            await asyncio.to_thread(published.wait, 10)
            seen.append(await _next(stream))
            results[name] = seen
            await stream.aclose()

        _run(body)

    threads = [threading.Thread(target=process, args=(n,)) for n in ("a", "b")]
    for thread in threads:
        thread.start()
    subscribed.wait()
    push.publish("match:7", {"v": 12, "c": 0})
    published.set()
    for thread in threads:
        thread.join(15)
    for name in ("a", "b"):
        assert [_events(t) for t in results[name]] == [
            [("ready", "")],
            [("change", '{"v":12,"c":0}')],
        ], name

    async def lost():
        stream = push.events("match:8")
        await _next(stream)
        client = redis.Redis.from_url(redis_push)
        # Redis drops this process's subscription (as on a restart or a network drop).
        name = push._hub().name
        (mine,) = [c for c in client.client_list(_type="pubsub") if c["name"] == name]
        await asyncio.to_thread(client.client_kill_filter, _id=mine["id"])
        assert _events(await _next(stream, timeout=15)) == [("ready", "")]
        await asyncio.to_thread(push.publish, "match:8", {"v": 2, "c": 0})
        assert _events(await _next(stream)) == [("change", '{"v":2,"c":0}')]
        await stream.aclose()
        push._hub().reader.cancel()

    _run(lost)


def test_an_unreachable_redis_drops_the_message_without_failing_the_write(settings, caplog):
    settings.PUSH_REDIS_URL = url = "redis://127.0.0.1:1/0"  # nothing listens there
    push.publish("lobby")  # no exception: the page's safety poll catches up
    assert "could not publish lobby" in caplog.text
    caplog.clear()
    push.publish("event:1")  # not tried again for a while: no request waits for it
    assert caplog.text == "" and push._down_until[url] > 0
    push._clients.pop(url, None)
    push._down_until.pop(url, None)


@pytest.mark.django_db
def test_a_wsgi_server_refuses_the_stream_so_the_page_polls():
    response = Client().get(reverse("play:lobby_live"))
    assert response.status_code == 204


@pytest.mark.django_db
def test_under_asgi_the_lobby_streams_and_hears_a_public_match_open(
    settings, people_two, django_capture_on_commit_callbacks
):
    from gameplay.services import SeatSpec, core_deck, match_create

    settings.PUSH_REDIS_URL = ""

    def create():
        with django_capture_on_commit_callbacks(execute=True):  # as its commit would
            match_create(
                creator=people_two[0],
                variant="joust",
                seats=[
                    SeatSpec(core_deck("core-stark"), user=people_two[0]),
                    SeatSpec(None),  # an open seat
                ],
                seed=1,
            )

    async def body():
        response = await AsyncClient().get(reverse("play:lobby_live"))
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert response["Cache-Control"] == "no-store"
        stream = response.streaming_content
        assert _events(await _next(stream)) == [("ready", "")]
        await sync_to_async(create)()  # the test's thread: its transaction, its data
        assert _events(await _next(stream)) == [("change", "{}")]
        await stream.aclose()

    async_to_sync(body)()


@pytest.fixture
def people_two(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]


@pytest.mark.django_db(transaction=True)
def test_a_streams_access_check_leaves_no_database_connection_open():
    """A stream lasts for hours: its check must not keep the connection it read with."""
    from django.contrib.auth.models import User
    from django.db import connection

    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("Django never closes an in-memory SQLite database (CI runs PostgreSQL)")

    def server_thread():  # a thread of its own, as a server's (no test loop in it)
        count = async_to_sync(push.checked)(User.objects.count)
        return count, connection.connection is None

    with ThreadPoolExecutor(1) as thread:
        count, closed = thread.submit(server_thread).result()
    assert count == 0
    assert closed  # the next query opens another


@pytest.mark.django_db
def test_a_check_inside_a_transaction_keeps_its_connection():
    from django.contrib.auth.models import User
    from django.db import connection

    assert async_to_sync(push.checked)(User.objects.count) == 0
    assert connection.connection is not None and connection.in_atomic_block


def test_inside_a_request_the_message_leaves_once_the_view_has_answered(settings):
    """The mover's page gets its answer about when anyone hears of the move (it then does
    not look for its own move), and a request's several saves make one message: the
    newest."""
    settings.PUSH_REDIS_URL = ""
    heard: list[int] = []

    async def body():
        stream = push.events("match:5")
        await _next(stream)
        (queue,) = push._hub().queues["match:5"]

        def view(request):
            push._after_response("match:5", {"v": 1})  # a commit of the request
            push._after_response("match:5", {"v": 2})  # and another
            time.sleep(0.3)  # the server's loop is free meanwhile: nothing reached it
            heard.append(queue.qsize())
            return "the answer"

        answer = await asyncio.to_thread(push.AfterResponse(view), None)
        assert answer == "the answer" and heard == [0]
        assert _events(await _next(stream)) == [("change", '{"v":2}')]
        await stream.aclose()

    _run(body)

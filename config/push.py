"""Live pages told at once that something changed: a server-sent event stream per open
page, fed through Redis publish/subscribe so that every server process hears every
change (issue 31).

What is pushed is a nudge, never a view: a topic (``match:12``, ``event:3``, ``lobby``)
and, for a match, the version and chat version it reached. The page then asks for its own
view over the URL it already polls, which renders what that viewer may see since what that
page shows (docs/PLAY.md, "Live pages"). So one code path decides what a viewer sees, the
hidden-information guarantees hold unchanged, and a message can never name a card: it
carries numbers only.

Publishing (:func:`publish`) is synchronous and called once the writing transaction has
committed (:func:`publish_on_commit`). With ``PUSH_REDIS_URL`` (the shared cache's Redis by
default) the message goes to Redis, and each server process holds one subscription for all
its streams. Without it, the message reaches the streams of this process only: enough for
one server process (a development server), not for several.

A stream (:func:`stream_response`) opens only under an ASGI server, where a waiting stream
costs a coroutine, not a worker: under WSGI (gunicorn's sync workers, ``runserver``, the
test server) it answers 204, which tells the browser's ``EventSource`` not to reconnect,
and the page keeps polling (static/js/live.js).

A stream first subscribes, then sends ``ready``: the page looks once on every ``ready``, so
a change made before the stream opened, or while a dropped connection was being opened
again, is never lost. After a lost Redis connection, the process subscribes again and sends
``ready`` on every stream it holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import threading
import time
import weakref
from collections.abc import AsyncIterator, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, sync_to_async
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import connections, transaction
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.decorators import sync_and_async_middleware

logger = logging.getLogger("maester.push")

# A comment line this often keeps proxies from closing a quiet stream and finds a client
# that went away.
KEEPALIVE_SECONDS = 15.0
# What the browser waits before opening a dropped stream again (the SSE ``retry`` field).
RETRY_MILLISECONDS = 2000
# The longest wait before subscribing to Redis again after losing it.
MOST_BACKOFF_SECONDS = 10.0
# Stands for "look again": the process has (re)subscribed.
READY = "ready"


def redis_url() -> str:
    return str(getattr(settings, "PUSH_REDIS_URL", "") or "")


def channel_prefix() -> str:
    """Redis channels of this site: this prefix, then the topic (``PUSH_CHANNEL``)."""
    return str(getattr(settings, "PUSH_CHANNEL", "maester:live:"))


def enabled() -> bool:
    return bool(getattr(settings, "LIVE_PUSH", True))


# --- Publishing -------------------------------------------------------------------------------

_client_lock = threading.Lock()
_clients: dict[str, Any] = {}
# After a failed publish, none is tried for RETRY_SECONDS (as the cache does, config/cache.py).
RETRY_SECONDS = 5.0
_down_until: dict[str, float] = {}


def _redis_client(url: str) -> Any:
    """One synchronous client per URL and process (a client is safe across threads)."""
    with _client_lock:
        client = _clients.get(url)
        if client is None:
            import redis

            client = _clients[url] = redis.Redis.from_url(
                url, socket_timeout=1.0, socket_connect_timeout=1.0
            )
        return client


def publish(topic: str, data: dict[str, Any] | None = None) -> int | None:
    """Tell every stream of ``topic``, in every server process, that it changed. A Redis
    that cannot be reached is logged and the message is dropped: the pages' slow safety
    poll catches up. Through Redis, the answer is how many server processes heard it (0
    when it was dropped); without Redis, None."""
    if not enabled():
        return 0
    message = json.dumps(data or {}, separators=(",", ":"))
    url = redis_url()
    if not url:
        _deliver_here(topic, message)
        return None
    heard = with_redis(
        lambda client: client.publish(channel_prefix() + topic, message), f"publish {topic}"
    )
    return 0 if heard is None else int(heard)


def with_redis(call: Callable[[Any], Any], what: str) -> Any:
    """``call(client)`` with the push's Redis client (``PUSH_REDIS_URL``), its answer; None
    when it failed (logged, naming ``what``) or when that Redis failed less than
    RETRY_SECONDS ago: nobody waits for its timeout again meanwhile. For the push's own
    messages and for what other modules keep beside them (gameplay/host.py)."""
    url = redis_url()
    if time.monotonic() < _down_until.get(url, 0.0):
        return None
    try:
        return call(_redis_client(url))
    except Exception as error:  # redis' errors, and a bad URL
        _down_until[url] = time.monotonic() + RETRY_SECONDS
        logger.warning("push: could not %s: %s", what, error)
        return None


def publish_on_commit(topic: str, data: dict[str, Any] | None = None) -> None:
    """:func:`publish` once the current transaction commits (at once outside one): a page
    that looks on the message must find the change in the database. Inside a request, the
    message waits until the view has made its response (:func:`AfterResponse`): the page
    that made the move gets its answer about when it hears of the move, and one request's
    several saves make one message."""
    if enabled():
        transaction.on_commit(functools.partial(_after_response, topic, data))


def is_message(callback: Callable[[], Any]) -> bool:
    """Whether an on-commit callback is a message of :func:`publish_on_commit` (tests that
    count the tasks a commit queues leave these out)."""
    return getattr(callback, "func", None) is _after_response


_request = threading.local()


def _after_response(topic: str, data: dict[str, Any] | None) -> None:
    pending = getattr(_request, "pending", None)
    if pending is None:  # no request here (a Celery worker, a shell): at once
        publish(topic, data)
    else:  # one message a topic: the last, the newest version
        pending[topic] = data


@sync_and_async_middleware
def AfterResponse(get_response: Callable) -> Callable:
    """Middleware: the messages of a request's commits leave once its view has returned,
    the newest of each topic. Rendering the mover's answer is most of a move's time; sent
    before it, the message would reach the mover's own page first, which would then fetch
    the move it is about to be answered. Async views (the streams) publish nothing."""
    if iscoroutinefunction(get_response):

        async def passing(request: HttpRequest) -> HttpResponse:
            return await get_response(request)

        return passing

    def middleware(request: HttpRequest) -> HttpResponse:
        _request.pending = {}
        try:
            return get_response(request)
        finally:
            pending, _request.pending = _request.pending, None
            for topic, data in pending.items():
                publish(topic, data)

    return middleware


# --- Listening (one hub per event loop: a server process has one) ------------------------------


class Hub:
    """The streams of one event loop, by topic, and (with Redis) its one subscription."""

    def __init__(self, loop: asyncio.AbstractEventLoop, url: str, prefix: str) -> None:
        self.loop = loop
        self.url = url
        self.prefix = prefix
        self.queues: dict[str, set[asyncio.Queue[str]]] = {}
        # Topics read by the process itself (gameplay/host.py), every message of them.
        self.handlers: dict[str, Callable[[str], None]] = {}
        self.subscribed = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None
        # Its Redis connection's name (CLIENT LIST): which process, which loop.
        self.name = f"maester-push-{os.getpid()}-{id(loop)}"
        if not url:
            self.subscribed.set()  # nothing to subscribe to: this process's own messages

    def deliver(self, topic: str, message: str) -> None:
        handler = self.handlers.get(topic)
        if handler is not None:
            handler(message)
        for queue in self.queues.get(topic, ()):
            _offer(queue, message)

    def on(self, topic: str, handler: Callable[[str], None]) -> None:
        """Call ``handler`` on this loop with every message of ``topic``, whole (a stream's
        queue keeps the newest only)."""
        self.handlers[topic] = handler
        if self.url and self.reader is None:
            self.reader = self.loop.create_task(self._read())

    def off(self, topic: str) -> None:
        self.handlers.pop(topic, None)

    def ready_all(self) -> None:
        for queues in self.queues.values():
            for queue in queues:
                _offer(queue, READY)

    def add(self, topic: str) -> asyncio.Queue[str]:
        # One message waiting is enough: each says "look", and a look reads what is now.
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        self.queues.setdefault(topic, set()).add(queue)
        if self.url and self.reader is None:
            self.reader = self.loop.create_task(self._read())
        return queue

    def remove(self, topic: str, queue: asyncio.Queue[str]) -> None:
        queues = self.queues.get(topic)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.queues[topic]

    async def _read(self) -> None:
        """Hold a pattern subscription to every topic of the site, through drops."""
        import redis.asyncio as aioredis

        backoff, again = 0.5, False  # streams waiting for the first subscription say ready
        while True:
            client = aioredis.Redis.from_url(
                self.url, socket_connect_timeout=2.0, client_name=self.name
            )
            pubsub = client.pubsub()
            try:
                await pubsub.psubscribe(self.prefix + "*")
                self.subscribed.set()
                if again:  # changes while it was away: every page looks again
                    self.ready_all()
                again, backoff = True, 0.5
                async for item in pubsub.listen():
                    if item.get("type") != "pmessage":
                        continue
                    channel = _text(item["channel"])
                    self.deliver(channel.removeprefix(self.prefix), _text(item["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a dropped or refused connection: subscribe again
                self.subscribed.clear()
                logger.warning("push: lost the Redis subscription (%s); retrying", error)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MOST_BACKOFF_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                    await client.aclose()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _offer(queue: asyncio.Queue[str], message: str) -> None:
    """Queue ``message`` in place of the one that waits, if any: one look reads everything,
    and the newest version is the one a page compares with what it shows (an older one it
    may show already, and not look). A ``ready`` that waits stays: it makes the page look
    whatever it shows."""
    if queue.full() and queue.get_nowait() == READY:
        message = READY
    queue.put_nowait(message)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()
_hubs_lock = threading.Lock()


def _hub() -> Hub:
    loop = asyncio.get_running_loop()
    with _hubs_lock:
        hub = _hubs.get(loop)
        if hub is None or (hub.url, hub.prefix) != (redis_url(), channel_prefix()):  # tests
            if hub is not None and hub.reader is not None:
                hub.reader.cancel()
            hub = _hubs[loop] = Hub(loop, redis_url(), channel_prefix())
        return hub


def current_hub() -> Hub:
    """The hub of the running event loop (made on first use)."""
    return _hub()


def _deliver_here(topic: str, message: str) -> None:
    """Without Redis: hand the message to the streams of this process, whatever thread
    publishes (a view runs in a worker thread of the server, not on its loop)."""
    with _hubs_lock:
        hubs = list(_hubs.values())
    for hub in hubs:
        if not hub.loop.is_closed():
            hub.loop.call_soon_threadsafe(hub.deliver, topic, message)


class listen:  # used as a function: ``async with listen(topic) as queue``
    """The queue of messages of ``topic`` for one stream, once this process is subscribed.
    A class, not a generator-based context manager: a stream (an async generator) that a
    server drops unfinished is closed by the event loop, and a second async generator
    inside it could be closed first, out of order."""

    def __init__(self, topic: str) -> None:
        self.topic = topic
        self.hub = _hub()
        self.queue = self.hub.add(topic)

    async def __aenter__(self) -> asyncio.Queue[str]:
        try:
            await self.hub.subscribed.wait()
        except BaseException:
            self.hub.remove(self.topic, self.queue)
            raise
        return self.queue

    async def __aexit__(self, *exc: object) -> None:
        self.hub.remove(self.topic, self.queue)


def event(name: str, data: str = "") -> str:
    """One server-sent event (``data`` on one line: ours are JSON)."""
    return f"event: {name}\ndata: {data}\n\n"


async def events(topic: str) -> AsyncIterator[str]:
    """The stream of ``topic``: ``ready`` once subscribed (and again after a lost Redis
    connection), ``change`` with the message's data, a comment now and then."""
    async with listen(topic) as queue:
        yield f"retry: {RETRY_MILLISECONDS}\n" + event(READY)
        while True:
            try:
                message = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
            except TimeoutError:
                yield ": keep-alive\n\n"
                continue
            yield event(READY) if message == READY else event("change", message)


LOBBY = "lobby"


def match_topic(pk: int) -> str:
    return f"match:{pk}"


def event_topic(pk: int) -> str:
    return f"event:{pk}"


def can_stream(request: HttpRequest) -> bool:
    """Whether this request's server can hold a stream (an ASGI server) and pushing is on."""
    return enabled() and isinstance(request, ASGIRequest)


async def checked(function: Callable[..., Any], *args: Any) -> Any:
    """Run a synchronous check (a stream's access check: it reads the database) in a worker
    thread, then close that thread's database connections: a stream lasts for hours, and a
    thousand streams must not hold a thousand connections. A connection inside a
    transaction (a test's) is left open."""

    def run() -> Any:
        try:
            return function(*args)
        finally:
            for connection in connections.all(initialized_only=True):
                if not connection.in_atomic_block:
                    connection.close()

    return await sync_to_async(run)()


async def checked_stream(
    request: HttpRequest, topic: str, check: Callable[..., Any], *args: Any
) -> HttpResponse:
    """The stream of ``topic`` for whoever passes ``check(*args)`` (a synchronous access
    check, run by :func:`checked`): 204 at once where no stream can be held (the check is
    not run), 403 with its reason when it refuses (``PermissionDenied``); a 404 it raises
    goes on to Django."""
    if not can_stream(request):
        return HttpResponse(status=204)  # no push from this server: the page polls
    try:
        await checked(check, *args)
    except PermissionDenied as error:
        return HttpResponse(str(error), status=403)
    return stream_response(request, topic)


def context(request: HttpRequest) -> dict[str, bool]:
    """``live_push`` for the templates: whether live pages follow a stream (data-live)."""
    return {"live_push": enabled()}


def stream_response(
    request: HttpRequest, topic: str, *, stream: Callable[[str], AsyncIterator[str]] = events
) -> HttpResponse:
    """The event stream of ``topic`` for a page, or 204 ("do not reconnect: poll") when
    this server cannot hold one (WSGI) or pushing is off."""
    if not can_stream(request):
        return HttpResponse(status=204)
    response = StreamingHttpResponse(stream(topic), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response

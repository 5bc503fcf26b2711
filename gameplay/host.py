"""The match host: automatic moves (a bot's move, a person's pass by their passing
preferences) made on timers of the ASGI server process, instead of a Celery task each
(issue 31). A Celery task costs the broker's round trips, the worker's message handling and
its pool's; here a move due in 0.6 s is a timer on an event loop, then the move itself.

- Each ASGI server process (uvicorn: the process that holds the streams) runs a host from
  its start to its end (config/asgi.py, the lifespan). The host hears the ``host`` topic
  of the push (config/push.py: the process's one Redis subscription) and, while it is
  subscribed, keeps a heartbeat key in that Redis.
- A change that makes an automatic move due (``gameplay.services.play._queue_bot``) offers
  it to the hosts (``gameplay.host_offers.offer``): when the heartbeat says a host runs
  and the message reached at least one process, that is all; otherwise the Celery task is
  queued, as before. A match where a search bot sits (it thinks for up to a second)
  keeps Celery. ``make serve`` (no broker) still makes the move in the request.
- An offer made in a process whose host follows the match (its decisions over a socket, its
  host's own moves) goes to that host only, with no Redis (``host_offers.host_here``): no
  other host hears it, so the move is made without a claim.
- Each host that hears an offer through Redis waits its delay on its event loop (a host
  whose process follows no stream or socket of the match, ``ELSEWHERE_SECONDS`` more: the
  host where the match's viewers are makes it), then on its mover thread claims the move
  (``SET NX`` in Redis: one host makes it when several hear it) and makes it with
  :func:`gameplay.services.match_bot_move`, the Celery task's own function: under the
  match's lock, at that version only. The match as the move left it goes to the process's
  view streams (gameplay/viewstream.py), which need not read it.
- A host that stops hands the moves it still waits for to Celery. A move lost with its host
  (the process killed) is overdue after ``BOT_GRACE_SECONDS`` and queued again by the
  sweep or by a page's poll, as a Celery task lost with its worker is.

``MATCH_HOST=off`` leaves every automatic move to Celery.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import InterfaceError, OperationalError, connection, connections

from config import push
from gameplay import host_offers, viewstream
from gameplay.host_offers import TOPIC, enabled, heartbeat_key

logger = logging.getLogger("maester.host")

# The heartbeat is written this often, and lives this long: a host gone quiet (stopped,
# its Redis subscription lost) is no longer offered moves after ALIVE_SECONDS at most.
HEARTBEAT_SECONDS = 2.0
ALIVE_SECONDS = 6
# A claim outlives any move by far; it only keeps a second host from making it again.
CLAIM_SECONDS = 120
# A host whose process holds no stream or socket of the match waits this much longer
# before it claims the move: the host of the process that follows the match makes it (its
# views go out from the match as the move left it, its kept state is the newest), and
# another makes it only when that one does not.
ELSEWHERE_SECONDS = 0.25

# The thread that makes the moves, and so the host's one database connection, kept between
# moves. One is enough for two cores: a move is a few milliseconds of a thread.
_movers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="maester-host")


def _claim_key(match_id: int, version: int) -> str:
    return f"{push.channel_prefix()}host-claim:{match_id}:{version}"


def claim(match_id: int, version: int) -> bool:
    """Claim the move of ``match_id`` at ``version`` for this host: True for the first
    host that asks (a Redis that cannot be reached: True, the match's lock decides)."""
    key = _claim_key(match_id, version)
    claimed = push.with_redis(
        lambda client: bool(client.set(key, 1, nx=True, ex=CLAIM_SECONDS)), f"claim {key}"
    )
    return True if claimed is None else bool(claimed)


def _move(
    match_id: int,
    version: int,
    search: bool | None,
    made: Callable[..., None] | None = None,
    claimed: bool = False,
) -> bool:
    """Make the move on the mover thread; True when this host made it. The thread's database
    connection is kept between moves whatever ``DB_CONN_MAX_AGE`` says (the README runs the
    ASGI server with 0, for its requests' threads); one that broke is opened again. ``made``
    is handed the match as the move left it (``match_bot_move``). ``claimed``: no other host
    heard of the move (an offer of this process), so it is not claimed in Redis."""
    from gameplay.services import match_bot_move

    move = functools.partial(
        match_bot_move, match_id=match_id, version=version, search=search, made=made
    )
    try:
        if not claimed and not claim(match_id, version):
            return False
        try:
            return move()
        except (InterfaceError, OperationalError):  # the connection broke: on a new one
            connection.close()
            return move()
    except Exception:  # the next move comes all the same; this one is overdue, then requeued
        logger.exception("host: the automatic move of match %s at %s failed", match_id, version)
        return False


def _parse(message: str) -> tuple[int, int, float, bool | None] | None:
    try:
        data = json.loads(message)
        match_id, version, delay, search = data["m"], data["v"], float(data["d"]), data["s"]
    except (ValueError, TypeError, KeyError):
        return None
    if not (isinstance(match_id, int) and isinstance(version, int)):
        return None
    if search not in (True, False, None) or not 0 <= delay <= 3600:
        return None
    return match_id, version, delay, search


class Host:
    """The host of one server process, on its event loop: :meth:`serve` until cancelled."""

    def __init__(self) -> None:
        self.waiting: dict[tuple[int, int], tuple[asyncio.TimerHandle, float, bool | None]] = {}
        self.made = 0  # moves this host made (tests)

    def heard(self, message: str) -> None:
        """An offer through Redis: wait its delay, then make the move on a mover thread."""
        parsed = _parse(message)
        if parsed is None:
            logger.warning("host: a message it cannot read: %.200s", message)
            return
        match_id, version, delay, search = parsed
        if not viewstream.follows(match_id):
            delay += ELSEWHERE_SECONDS
        self._wait(match_id, version, delay, search, claimed=False)

    def taker(self, loop: asyncio.AbstractEventLoop) -> host_offers.Take:
        """What takes an offer made by any thread of this process (``host_offers.offer``)
        when a stream or socket of ``loop`` follows the match: no other host hears it."""

        def take(match_id: int, version: int, delay: float, search: bool | None) -> bool:
            if not viewstream.follows(match_id, loop):
                return False
            try:
                loop.call_soon_threadsafe(self._wait, match_id, version, delay, search, True)
            except RuntimeError:  # the loop closed: the process is stopping
                return False
            return True

        return take

    def _wait(
        self, match_id: int, version: int, delay: float, search: bool | None, claimed: bool
    ) -> None:
        if (match_id, version) in self.waiting:
            return
        loop = asyncio.get_running_loop()
        timer = loop.call_later(delay, self._fire, match_id, version, search, claimed)
        self.waiting[match_id, version] = (timer, loop.time() + delay, search)

    def _fire(self, match_id: int, version: int, search: bool | None, claimed: bool) -> None:
        self.waiting.pop((match_id, version), None)
        loop = asyncio.get_running_loop()
        # The match as the move leaves it goes to this process's view streams, unread.
        fed = viewstream.feeder(loop)
        future = loop.run_in_executor(_movers, _move, match_id, version, search, fed, claimed)
        future.add_done_callback(self._count)

    def _count(self, future: asyncio.Future[bool]) -> None:
        if not future.cancelled() and future.exception() is None and future.result():
            self.made += 1

    async def serve(self) -> None:
        """Hear the offers and keep the heartbeat while subscribed, until cancelled; then
        hand the moves still waiting to Celery and take the heartbeat away."""
        hub = push.current_hub()
        hub.on(TOPIC, self.heard)
        loop = asyncio.get_running_loop()
        host_offers.host_here(loop, self.taker(loop))
        try:
            while True:
                await hub.subscribed.wait()
                # Redis away: the subscription goes too, and comes back with it.
                await loop.run_in_executor(None, _beat)
                await asyncio.sleep(HEARTBEAT_SECONDS)
        finally:
            host_offers.host_here(loop, None)
            hub.off(TOPIC)
            now = loop.time()
            pending = [
                (match_id, version, max(0.0, due - now), search)
                for (match_id, version), (_timer, due, search) in self.waiting.items()
            ]
            for timer, _due, _search in self.waiting.values():
                timer.cancel()
            self.waiting.clear()
            await loop.run_in_executor(None, _hand_over, pending)


def _beat() -> None:
    key = heartbeat_key()
    push.with_redis(lambda client: client.set(key, 1, ex=ALIVE_SECONDS), "write " + key)


def _hand_over(pending: list[tuple[int, int, float, bool | None]]) -> None:
    """A host stops: its heartbeat goes at once, and the moves it waited for go to Celery."""
    from gameplay.services.play import queue_task

    key = heartbeat_key()
    push.with_redis(lambda client: client.delete(key), "delete " + key)
    for match_id, version, delay, search in pending:
        queue_task(match_id, version, delay, search)


def close_movers() -> None:
    """Close the mover thread's database connection (tests, before their database goes)."""
    _movers.submit(connections.close_all).result()


def with_host(app: Any) -> Any:
    """Wrap the ASGI application: the server's lifespan (its start and its end) runs this
    process's :class:`Host` when hosting is on; every other request goes to ``app``
    (Django's handler answers only HTTP)."""

    async def application(scope: dict, receive: Any, send: Any) -> Any:
        if scope["type"] != "lifespan":
            return await app(scope, receive, send)
        serving: asyncio.Task[None] | None = None
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                if enabled():
                    serving = asyncio.get_running_loop().create_task(Host().serve())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if serving is not None:
                    serving.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await serving
                await send({"type": "lifespan.shutdown.complete"})
                return None

    return application

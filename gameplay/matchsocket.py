"""A match's socket (issue 31): ``ws(s)://<host>/api/matches/<id>/socket/?since=N``, one
WebSocket that carries both ways what the JSON API's two URLs carry, so that a decision
costs no HTTP request.

- **Out**: the viewer's views, exactly as the view stream sends them
  (gameplay/viewstream.py): the answer of ``GET /api/matches/<id>/?since=`` for this viewer,
  when the socket opens and whenever the match moves on, read once per change for every
  stream and socket of the process. ``{"type": "view", "match": {...}}``.
- **In**: decisions, the body of ``POST /api/matches/<id>/act/`` with ``"type": "act"``
  and, if the client wants to match answers to its messages, a ``ref`` of its own
  (a number, or a text of up to 64 characters). Each is answered, in order:
  ``{"type": "acted", "ref": ..., "version": N}`` once made (its view has gone out before
  it), or ``{"type": "refused", "ref": ..., "status": 409, "detail": "...", "problems":
  [...]}``, the status and words the API would answer (400, 403, 404, 409, 429).

Why it is cheaper than the API (docs/PERFORMANCE.md): the session and the user are read
once, when the socket opens, not on every request (checked again at most every
``RECHECK_SECONDS``); the decision is made on a thread of the process that holds the
match's streams, and the match as it left it goes to them at once
(``viewstream.feeder``), so no stream of this process reads it again; no request, no
middleware, no URL resolution.

What may be sent is decided once, when the socket opens, by the view stream's own check
(who the viewer is, a private match to its players only); a decision is checked by the
services as the API's is (the seat under the match's lock, the version, the rate limit).

It opens only from the site's own pages: the ``Origin`` the browser sends must be the
site's (or one of ``CSRF_TRUSTED_ORIGINS``), since the session cookie would otherwise let
another site act for its visitor. A refused socket is accepted, told why (``refused``,
no ``ref``) and closed with 4000 + the HTTP status (4400, 4403, 4404; 4503 where this
server pushes nothing).

Served by the ASGI server (uvicorn, with the ``websockets`` library) through
:func:`with_sockets` (config/asgi.py); where no socket can be held (gunicorn,
``runserver``) a client uses the JSON API and the view stream, or polls.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module
from typing import Any

import orjson
from django.conf import settings
from django.contrib import auth
from django.core.exceptions import DisallowedHost, PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import InterfaceError, OperationalError, connection, connections
from django.http import HttpRequest
from rest_framework.exceptions import ValidationError

from config import push
from gameplay import services, viewstream
from gameplay.api import decide, refusal_status
from gameplay.models import Match
from gameplay.services.table import ACTION_WINDOW, ACTIONS_PER_WINDOW

logger = logging.getLogger("maester.socket")

PATH = re.compile(r"^/api/matches/(\d{1,18})/socket/$")
# The longest message a client may send: a decision is a few hundred characters at most.
MOST_CHARACTERS = 8192
REF_MOST = 64
# The session and the user are read again this often, before a decision: a session that
# logged out, or whose password changed, stops acting within this many seconds.
RECHECK_SECONDS = viewstream.RECHECK_SECONDS
# Messages a socket answers in ACTION_WINDOW seconds before it refuses (429) without any
# work: twice the decisions the services allow, so that the services' own limit, shared
# by a user's sockets and requests in every process, is the one a player meets.
MESSAGES_PER_WINDOW = 2 * ACTIONS_PER_WINDOW

# The threads that make the sockets' decisions, each with its database connection kept
# between decisions (the host's mover keeps its own, gameplay/host.py). Two: one decides
# while the other waits on the database.
_deciders = ThreadPoolExecutor(max_workers=2, thread_name_prefix="maester-decide")


def close_deciders() -> None:
    """Close the decider threads' database connections (tests, before their database
    goes): one task a thread, each waiting for the others, so that no thread takes two."""
    count = _deciders._max_workers
    together = threading.Barrier(count)

    def close() -> None:
        connections.close_all()
        together.wait(10)

    for done in [_deciders.submit(close) for _ in range(count)]:
        done.result()


def _request(scope: dict[str, Any]) -> HttpRequest:
    """The socket's opening handshake as Django's request: its host, cookies and query."""
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    return ASGIRequest({**scope, "type": "http", "method": "GET", "scheme": scheme}, io.BytesIO())


def _from_the_site(request: HttpRequest) -> bool:
    """Whether the handshake comes from a page of this site: its ``Origin`` is the site's
    scheme and host, or one of ``CSRF_TRUSTED_ORIGINS``. A browser always sends it."""
    origin = request.META.get("HTTP_ORIGIN", "")
    return bool(origin) and (
        origin == f"{request.scheme}://{request.get_host()}"
        or origin in settings.CSRF_TRUSTED_ORIGINS
    )


def _signed_in(request: HttpRequest) -> None:
    """Give ``request`` its session and user, as Django's middleware would (in a worker
    thread: they are read from the cache and the database)."""
    try:
        request.get_host()
    except DisallowedHost as error:
        raise PermissionDenied("This host name is not served here.") from error
    if not _from_the_site(request):
        raise PermissionDenied(
            "This socket opens from the site's own pages only: the Origin header is not the site's."
        )
    engine = import_module(settings.SESSION_ENGINE)
    request.session = engine.SessionStore(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
    request.user = auth.get_user(request)


Refused = viewstream.Refusal  # a status and the problems it names, as a stream's refusal


def _decide(
    pk: int, request: HttpRequest, body: dict[str, Any], made: services.Made, recheck: bool
) -> Match:
    """On a decider thread: the decision of ``body``, as the API's act makes it; the match
    as it left it (its seats kept on it). :class:`Refused` names a refusal."""
    user = request.user
    if recheck and not viewstream.still_signed_in(request, user.pk):
        raise Refused(403, ["You are no longer logged in here: log in again, then reopen."])
    for attempt in (1, 2):
        try:
            return decide(pk, user, body, made)[0]
        except (InterfaceError, OperationalError):
            # A connection the database dropped (kept between decisions): on a new one.
            # A decision that did commit is not made twice: its version is gone (409).
            connection.close()
            if attempt == 2:
                raise
        except ValidationError as error:
            detail: Any = error.detail
            problems = [str(p) for p in detail["problems"]]
            raise Refused(400, problems) from error
        except PermissionDenied as error:
            raise Refused(403, [str(error)]) from error
        except services.MatchError as error:
            raise Refused(refusal_status(error), [str(error)]) from error
    raise AssertionError("unreachable")


def _ref(body: dict[str, Any]) -> Any:
    ref = body.get("ref")
    if ref is None or (isinstance(ref, int) and not isinstance(ref, bool)):
        return ref
    if isinstance(ref, str) and len(ref) <= REF_MOST:
        return ref
    raise Refused(400, [f"ref: a number or a text of up to {REF_MOST} characters, or none."])


class MatchSocket:
    """One open socket: its viewer's place in the match's views, and their decisions."""

    def __init__(
        self,
        request: HttpRequest,
        follower: viewstream.Follower,
        send: Callable[[dict[str, Any]], Any],
    ) -> None:
        self.request = request
        self.follower = follower
        self.send = send
        self.lock = asyncio.Lock()  # one message at a time, and views in order
        self.heard: deque[float] = deque()
        self.checked = time.monotonic()

    async def serve(self, receive: Callable[[], Any]) -> None:
        pushing = asyncio.create_task(self._push())
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    return
                if message["type"] == "websocket.receive":
                    await self._heard(message.get("text"))
        finally:
            pushing.cancel()
            await asyncio.gather(pushing, return_exceptions=True)  # its faults are logged

    async def _push(self) -> None:
        """Send the views until the match is gone; a fault (the database unreachable after
        a retry, say) closes the socket as a server error, and the client opens it again
        from its log position, as after a dropped connection: views never stop silently."""
        try:
            async with contextlib.aclosing(viewstream.reads(self.follower)) as found:
                async for read in found:
                    if read is not viewstream.QUIET:
                        await self._view(read)
        except Exception:
            logger.exception("socket of match %s: its views failed", self.follower.pk)
            with contextlib.suppress(Exception):  # the client may be gone already
                await self.send({"type": "websocket.close", "code": 1011})
            return
        with contextlib.suppress(Exception):
            await self._say({"type": "refused", "status": 404, "detail": "This match is gone."})
            await self.send({"type": "websocket.close", "code": 4404})

    async def _view(self, read: viewstream.Read) -> None:
        async with self.lock:
            view = self.follower.view(read)
            if view is not None:
                text = b'{"type":"view","match":' + view + b"}"
                await self.send({"type": "websocket.send", "text": text.decode()})

    async def _say(self, message: dict[str, Any]) -> None:
        async with self.lock:
            await self.send({"type": "websocket.send", "text": orjson.dumps(message).decode()})

    def _too_many(self) -> bool:
        now = time.monotonic()
        while self.heard and self.heard[0] < now - ACTION_WINDOW:
            self.heard.popleft()
        self.heard.append(now)
        return len(self.heard) > MESSAGES_PER_WINDOW

    async def _heard(self, text: str | None) -> None:
        ref = None
        try:
            if self._too_many():
                raise Refused(429, ["Too many messages: wait a few seconds."])
            body = self._body(text)
            ref = _ref(body)
            kind = body.pop("type", None)
            body.pop("ref", None)
            if kind != "act":
                raise Refused(400, [f'type: {kind!r} is not a message this socket takes: "act".'])
            if not self.request.user.is_authenticated:
                raise Refused(403, ["Log in to act in a match."])
            await self._act(ref, body)
        except Refused as refused:
            said = {"type": "refused", "ref": ref, "status": refused.status}
            await self._say(said | {"detail": str(refused), "problems": refused.problems})
        except Exception:  # a fault of ours: logged, said, and the socket stays open
            logger.exception("socket of match %s: a message failed", self.follower.pk)
            detail = "The server failed on that message: look at the match to see where it is."
            await self._say({"type": "refused", "ref": ref, "status": 500, "detail": detail})

    @staticmethod
    def _body(text: str | None) -> dict[str, Any]:
        if text is None:
            raise Refused(400, ["Send text: a JSON object."])
        if len(text) > MOST_CHARACTERS:
            raise Refused(400, [f"A message is at most {MOST_CHARACTERS:,} characters."])
        try:
            body = orjson.loads(text)
        except orjson.JSONDecodeError as error:
            raise Refused(400, [f"Not JSON: {error}."]) from error
        if not isinstance(body, dict):
            raise Refused(400, ["A message is a JSON object."])
        return body

    async def _act(self, ref: Any, body: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        recheck = time.monotonic() - self.checked >= RECHECK_SECONDS
        made = viewstream.feeder(loop)  # the match as it leaves it: no stream reads it
        match = await loop.run_in_executor(
            _deciders, _decide, self.follower.pk, self.request, body, made, recheck
        )
        if recheck:
            self.checked = time.monotonic()
        # Its view first (unless the push sent it already), then the answer.
        await self._view(viewstream.Read(match, list(match.seats.all())))
        await self._say({"type": "acted", "ref": ref, "version": match.version})


async def _refuse(send: Callable[[dict[str, Any]], Any], status: int, said: dict) -> None:
    await send({"type": "websocket.accept"})
    message = {"type": "refused", "status": status} | said
    await send({"type": "websocket.send", "text": orjson.dumps(message).decode()})
    await send({"type": "websocket.close", "code": 4000 + status})


async def match_socket(scope: dict[str, Any], receive: Any, send: Any, pk: int) -> None:
    """The ASGI application of one match's socket."""
    if (await receive())["type"] != "websocket.connect":
        return
    if not push.enabled():
        detail = "This server pushes nothing: use GET /api/matches/<id>/ instead."
        await _refuse(send, 503, {"detail": detail})
        return
    request = _request(scope)
    try:
        follower = await viewstream.follower_of(request, pk, _signed_in)
    except viewstream.Refusal as refusal:
        await _refuse(send, refusal.status, refusal.body())
        return
    await send({"type": "websocket.accept"})
    await MatchSocket(request, follower, send).serve(receive)


def with_sockets(app: Any) -> Any:
    """Wrap the ASGI application: a WebSocket handshake to a match's socket goes to
    :func:`match_socket`, any other is refused (403); everything else goes to ``app``."""

    async def application(scope: dict, receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await app(scope, receive, send)
        found = PATH.match(scope.get("path", ""))
        if found is None:
            await receive()
            await send({"type": "websocket.close", "code": 1008})
            return None
        return await match_socket(scope, receive, send, int(found.group(1)))

    return application

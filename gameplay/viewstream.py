"""A match's views pushed (issue 31's "cheap actions"): ``GET /api/matches/<id>/live/``,
a server-sent event stream that sends its viewer their own view of the match as JSON, the
answer of ``GET /api/matches/<id>/`` (gameplay/api.py), each time the match moves on.

The board's stream (``/play/<id>/live/``) carries a nudge, and each page then asks for its
view: a request, with its session, its user and its match read, per viewer per change. Here
the server process that holds the streams reads the match once per change, however many of
its streams follow the match, and computes each stream's view from that read: ``observe``
and the viewer's legal actions, well under a millisecond each (docs/PERFORMANCE.md).

What a stream may send is decided once, when it opens: who the viewer is (their seat, or a
spectator), by the same check as the match's page and the JSON API (a private match streams
to its players only). Each view is then exactly what ``GET /api/matches/<id>/?since=`` gives
that viewer, its log from the position the previous view ended (or ``?since=`` for the
first), so the hidden-information guarantees of the API hold unchanged.

A change made in the process itself (the match host's automatic moves, gameplay/host.py) is
handed to its streams as the move left the match (:func:`feeder`), so that they need not
read it again: one read less per automatic move, and its views go out sooner.

A match's socket (gameplay/matchsocket.py) follows the match through the same reads
(:class:`Follower`, :func:`reads`), and the decisions made over it are handed over the same
way.

Nothing is lost: a stream sends a view when it opens and whenever its process (re)subscribes
(config/push.py's ``ready``), then whenever a message names a version or chat version newer
than the one it sent last; a client that lost its connection opens a new stream from the
log position it has.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

import orjson
from django.conf import settings
from django.contrib import auth
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError, connection
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET
from rest_framework.exceptions import ValidationError

from config import push
from config.numbers import number_or_none
from gameplay.api import check_since, match_view
from gameplay.models import Match, MatchSeat
from gameplay.selectors import match_and_seats, match_and_seats_or_404, viewer


@dataclass
class Read:
    """A match and its seats as read once for every stream of this process that follows it."""

    match: Match
    seats: list[MatchSeat]

    @property
    def moment(self) -> tuple[int, int]:
        return self.match.version, self.match.chat_version


def _reached(moment: tuple[int, int], at_least: tuple[int, int]) -> bool:
    """Whether a read at ``moment`` (version, chat version) shows ``at_least``: both."""
    return moment[0] >= at_least[0] and moment[1] >= at_least[1]


@dataclass
class _Source:
    """The newest read of one match for this process's streams, and the lock under which one
    of them reads it again for all."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    read: Read | None = None
    reads: int = 0  # how many reads were made: a stream that waited for the lock may use one
    streams: int = 0


_sources: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, _Source]] = (
    weakref.WeakKeyDictionary()
)


def _source(pk: int) -> _Source:
    by_match = _sources.setdefault(asyncio.get_running_loop(), {})
    return by_match.setdefault(pk, _Source())


def follows(pk: int, loop: asyncio.AbstractEventLoop | None = None) -> bool:
    """Whether a stream or socket of ``loop`` (by default the running one) follows match
    ``pk``. Any thread may ask of a loop."""
    return pk in _sources.get(loop or asyncio.get_running_loop(), {})


def _release(pk: int, source: _Source) -> None:
    source.streams -= 1
    if source.streams <= 0:
        _sources.get(asyncio.get_running_loop(), {}).pop(pk, None)


# The one thread of this process that reads matches for its streams, and so its one database
# connection for them, kept between reads. A stream's own thread (Django gives each request
# of an ASGI server one) would hold a connection per open stream: hundreds of streams would
# exhaust the database's connections.
_reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="maester-views")
# For the board's streams (gameplay/views.py), which draw on it.
READER = _reader


def _read_match(pk: int) -> Read | None:
    """The match and its seats, on the reader thread (its database connection is kept
    between reads; one that broke is opened again)."""
    try:
        found = match_and_seats(pk)
    except DatabaseError:
        connection.close()  # a connection the database dropped: read again on a new one
        found = match_and_seats(pk)
    return None if found is None else Read(*found)


def close_reader() -> None:
    """Close the reader thread's database connection (tests, before their database goes)."""
    _reader.submit(_close_here).result()


def _close_here() -> None:
    connection.close()  # the connection of the thread this runs in


async def _newest(pk: int, source: _Source, at_least: tuple[int, int] | None) -> Read | None:
    """The newest read of match ``pk``: read again unless this process has read it at
    ``at_least`` (version, chat version) or later; ``None`` (a ``ready``) reads it again
    unless another stream did while this one waited."""
    asked = source.reads
    async with source.lock:
        now = source.read
        if now is not None:
            if at_least is not None and _reached(now.moment, at_least):
                return now
            if at_least is None and source.reads > asked:
                return now
        loop = asyncio.get_running_loop()
        fresh = await loop.run_in_executor(_reader, _read_match, pk)
        source.reads += 1
        # A move handed over while this read was on its way (:func:`_take`) may be newer.
        if fresh is None or source.read is None or not _newer(source.read, fresh):
            source.read = fresh
        return source.read


def _newer(read: Read, than: Read) -> bool:
    """Whether ``read`` shows a later match than ``than``: a later version, or the same
    version and a later chat version (both only grow)."""
    return read.moment > than.moment


def feeder(loop: asyncio.AbstractEventLoop) -> Callable[[Match, list[MatchSeat]], None]:
    """What a thread of this process calls with a match and its seats as a change it
    committed left them (read under the match's lock, with their people, as
    ``match_and_seats`` reads them): they become the newest read of ``loop``'s streams of
    that match. Called before the change is published, so the streams find the read there
    when the message comes. Neither is changed afterwards by the caller."""

    def feed(match: Match, seats: list[MatchSeat]) -> None:
        loop.call_soon_threadsafe(_take, Read(match, list(seats)))

    return feed


def _take(read: Read) -> None:
    """On the streams' loop: ``read`` is the newest read of its match, unless nobody here
    follows the match or a newer one is known."""
    source = _sources.get(asyncio.get_running_loop(), {}).get(read.match.pk)
    if source is not None and (source.read is None or _newer(read, source.read)):
        source.read = read


@dataclass
class Follower:
    """One viewer's place in the views of match ``pk``: their seat (None: a spectator),
    the log position their next view starts from, and the moment (version, chat version)
    of the last view they were sent. A stream and a socket (gameplay/matchsocket.py) each
    hold one."""

    pk: int
    seat: int | None
    since: int
    sent: tuple[int, int] | None = None
    # The message that brought the last read (None: the stream opened, or its process
    # subscribed again): its version, chat version and the seat that moved (``s``).
    said: dict[str, Any] | None = None

    def view(self, read: Read) -> bytes | None:
        """The JSON of this viewer's view of ``read`` (the answer of
        ``GET /api/matches/<id>/?since=``), or None when it is not newer than the one
        sent: a viewer never goes back, nor is sent the same view twice."""
        if self.sent is not None and not (
            _reached(read.moment, self.sent) and read.moment != self.sent
        ):
            return None
        view = match_view(read.match, read.seats, self.seat, self.since)
        if view["view"] is not None:
            self.since = view["view"]["log_size"]
        self.sent = read.moment
        return orjson.dumps(view)


# Stands for "nothing new for a while" in :func:`reads` (a stream sends a comment).
QUIET = None


async def reads(follower: Follower) -> AsyncIterator[Read | None]:
    """The reads of ``follower``'s match its viewer may need a view of: one when it opens,
    then one whenever the match moves on past what they were sent or this process
    subscribes again, :data:`QUIET` after a quiet while. Ends when the match is gone."""
    pk = follower.pk
    source = _source(pk)
    source.streams += 1
    try:
        async with push.listen(push.match_topic(pk)) as queue:
            read = await _newest(pk, source, None)
            if read is None:
                return
            yield read
            while True:
                try:
                    said = await asyncio.wait_for(queue.get(), push.KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield QUIET
                    continue
                if said == push.READY:
                    at_least, follower.said = None, None
                else:
                    data = orjson.loads(said)
                    at_least = (int(data.get("v", 0)), int(data.get("c", 0)))
                    if follower.sent is not None and _reached(follower.sent, at_least):
                        continue  # what this viewer was sent already
                    follower.said = data
                read = await _newest(pk, source, at_least)
                if read is None:
                    return  # the match is gone
                yield read
    finally:
        _release(pk, source)


async def view_events(pk: int, seat: int | None, since: int) -> AsyncIterator[str]:
    """The stream of match ``pk``'s views for the viewer at ``seat`` (None: a spectator),
    its first view's log from ``since``."""
    follower = Follower(pk, seat, since)
    first = True
    async with contextlib.aclosing(reads(follower)) as found:  # closed with this stream
        async for read in found:
            if read is QUIET:
                yield ": keep-alive\n\n"
                continue
            view = follower.view(read)
            if view is not None:
                message = push.event("view", view.decode())
                yield f"retry: {push.RETRY_MILLISECONDS}\n" + message if first else message
                first = False


# A stream or socket that shows a person's own view reads their session again this often,
# so that a log-out or a password change stops it (gameplay/matchsocket.py, the board's).
RECHECK_SECONDS = 30.0


def still_signed_in(request: HttpRequest, pk: Any) -> bool:
    """Whether the session of ``request`` (a stream's or a socket's, read when it opened)
    still signs in the user ``pk`` it opened with (not logged out, the password not changed
    since). In a worker thread: the session is read from the cache, the user from the
    database."""
    engine = import_module(settings.SESSION_ENGINE)
    request.session = engine.SessionStore(request.session.session_key)
    return auth.get_user(request).pk == pk


class Refusal(Exception):
    """A stream or socket refused: its HTTP status and the problems it names."""

    def __init__(self, status: int, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.status = status
        self.problems = problems

    def body(self) -> dict[str, Any]:
        """The API's shape of a refusal: its detail, and its problems when a 400."""
        said: dict[str, Any] = {"detail": str(self)}
        if self.status == 400:
            said["problems"] = self.problems
        return said


def _stream_viewer(
    request: HttpRequest, pk: int, since: int, first: Callable[[HttpRequest], None] | None
) -> int | None:
    """The seat of the viewer who may follow match ``pk`` (None: a spectator); 404 or
    PermissionDenied as the API's view; a ``since`` past the log is refused there too.
    ``first`` runs before, in the same thread (a socket's session and user)."""
    if first is not None:
        first(request)
    match, seats = match_and_seats_or_404(pk)
    who = viewer(match, request.user, "", seats)
    if not who.can_watch:
        raise PermissionDenied("This match is private: only its players can see it.")
    check_since(match, since)
    return who.seat


async def follower_of(
    request: HttpRequest, pk: int, first: Callable[[HttpRequest], None] | None = None
) -> Follower:
    """The place in match ``pk``'s views of the viewer who asks by ``request`` (its query
    takes ``since``), checked as the JSON API checks a look; :class:`Refusal` names what
    is wrong. ``first``: a check of the request run before, in the same worker thread
    (raising ``PermissionDenied``)."""
    unknown = sorted(set(request.GET) - {"since"})
    raw = request.GET.get("since", "0")
    since = number_or_none(raw)
    problems = [f"Unknown query parameter {name!r}: it takes since." for name in unknown]
    if since is None:
        problems.append(f"since: {raw!r} is not a log position (a whole number, 0 or more).")
    if problems:
        raise Refusal(400, problems)
    assert since is not None
    try:
        seat = await push.checked(_stream_viewer, request, pk, since, first)
    except PermissionDenied as error:
        raise Refusal(403, [str(error)]) from error
    except Http404 as error:
        raise Refusal(404, [str(error)]) from error
    except ValidationError as error:
        detail: Any = error.detail
        raise Refusal(400, [str(p) for p in detail["problems"]]) from error
    return Follower(pk, seat, since)


@require_GET
async def match_views(request: HttpRequest, pk: int) -> HttpResponse:
    """The stream of this viewer's views of match ``pk`` (204 where no stream can be held:
    read ``GET /api/matches/<id>/`` instead)."""
    if not push.can_stream(request):
        return HttpResponse(status=204)
    try:
        follower = await follower_of(request, pk)
    except Refusal as refusal:
        return JsonResponse(refusal.body(), status=refusal.status)

    def stream(_topic: str) -> AsyncIterator[str]:
        return view_events(pk, follower.seat, follower.since)

    return push.stream_response(request, push.match_topic(pk), stream=stream)
